"""The detail pane: bytes, findings, the JSON tree and the pairing, on real engine output."""

from __future__ import annotations

import re

import orjson
import pytest
from detail_reading import findings_text, raw_text, schema_errors_shown, truncation_note
from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtWidgets import QFileDialog, QLabel  # noqa: E402
from recording_driver import Driver  # noqa: E402

from inspector.protocol.rules import RULES  # noqa: E402
from inspector.session.entry_detail import RAW_LIMIT  # noqa: E402
from inspector.session.value_text import parse_hex_dump  # noqa: E402
from inspector.session.version_in_force import version_in_force  # noqa: E402
from inspector.ui.detail import DetailPane  # noqa: E402
from inspector.ui.text import hex_dump  # noqa: E402

RICH = "<b>bold</b><img src=x>"


@pytest.fixture
def pane(qtbot):
    p = DetailPane()
    qtbot.addWidget(p)
    p.resize(700, 600)
    p.show()
    return p


def labels_text(pane: DetailPane) -> str:
    return "\n".join(label.text() for label in pane.findChildren(QLabel) if label.isVisibleTo(pane))


def test_request_response_pair_and_go_to(pane, qtbot):
    d = Driver()
    d.handshake()
    req = d.c2s(d.engine.build_request(d.engine.next_id(), "tools/list"))
    d.s2c(b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"between"}}\n')
    resp = d.s2c(b'{"jsonrpc":"2.0","id":2,"result":{"tools":[{"name":"echo","inputSchema":{"type":"object"}}]}}\n')

    pane.set_entry(d.rec, req)
    assert pane.pair == resp
    assert pane.pair_button.isVisible() and f"#{resp}" in pane.pair_button.text()
    assert "response" in pane.pair_button.text()
    with qtbot.waitSignal(pane.goToSeq, timeout=1000) as sig:
        pane.pair_button.click()
    assert sig.args == [resp]

    pane.set_entry(d.rec, resp)
    assert pane.pair == req and "request" in pane.pair_button.text()
    with qtbot.waitSignal(pane.goToSeq, timeout=1000) as sig:
        pane.pair_button.click()
    assert sig.args == [req]

    header = pane.title_label.text() + "\n" + pane.meta_label.text()
    assert f"#{resp}" in header and "result" in header and "tools/list" in header
    assert "s2c" in header and "id 2" in header and "latency" in header and "Operating" in header
    assert f"{len(d.rec.raw_at(resp))} bytes" in header
    assert raw_text(pane) == d.rec.raw_at(resp).decode().rstrip("\n")

    # the JSON tree: top-level members, lazily built children, plain values
    tree = pane.tree
    keys = [tree.topLevelItem(i).text(0) for i in range(tree.topLevelItemCount())]
    assert keys == ["jsonrpc", "id", "result"]
    result = tree.topLevelItem(2)
    assert result.isExpanded() and result.child(0).text(0) == "tools"

    # a request nobody answered has no pair
    lone = d.c2s(d.engine.build_request(d.engine.next_id(), "ping"))
    pane.set_entry(d.rec, lone)
    assert pane.pair is None and not pane.pair_button.isVisible()


def test_invalid_utf8_text_and_exact_hex(pane):
    d = Driver()
    raw = b'caf\xe9 \xff\xfe {"x":1}\r\n'
    seq = d.s2c(raw)
    pane.set_entry(d.rec, seq)
    assert raw_text(pane) == raw[:-2].decode("utf-8", "replace")
    assert "\ufffd" in raw_text(pane)
    assert "invalid UTF-8 at byte 3" in pane.raw_info.text()
    assert "CR LF" in pane.raw_info.text()
    assert "stdio.invalid-utf8" in findings_text(pane)
    pane.set_hex(True)
    assert pane.hex_button.isChecked()
    dump = raw_text(pane)
    assert parse_hex_dump(dump) == raw  # every byte, terminator included
    assert dump.splitlines()[0].startswith("00000000  63 61 66 e9 20 ff fe 20  7b 22")
    pane.hex_button.setChecked(False)
    assert "\ufffd" in raw_text(pane)


def test_hex_dump_round_trip():
    for data in (b"", b"a", bytes(range(256)), bytes(range(256)) * 3 + b"\n"):
        assert parse_hex_dump(hex_dump(data)) == data


def test_sixteen_mib_line_is_truncated(pane, qtbot):
    d = Driver()
    d.handshake()
    size = 16 * 1024 * 1024
    head = b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","logger":"huge","data":"'
    raw = head + b"x" * size + b'"}}\n'
    seq = d.s2c(raw)
    pane.set_entry(d.rec, seq)
    note = truncation_note(pane)
    assert note == "showing 64.0 KiB of 16.0 MiB"
    assert pane.show_all_button.isVisible()
    assert len(raw_text(pane)) == RAW_LIMIT

    def chars(item) -> int:
        return int(re.sub(r"\D", "", re.match(r"\[([^\]]+) characters\]", item.text(1)).group(1)))

    def data_item():
        params = [pane.tree.topLevelItem(i) for i in range(pane.tree.topLevelItemCount())][-1]
        params.setExpanded(True)  # as a click on its arrow
        return [params.child(i) for i in range(params.childCount()) if params.child(i).text(0) == "data"][0]

    # the tree is built from the message's first 64 KiB at once (the cut value says so) ...
    assert pane.tree_label.text() == "JSON from the first 64.0 KiB of 16.0 MiB: cut values end with …"
    assert pane.parse_all_button.isVisible()
    data = data_item()
    assert chars(data) < 64 * 1024 and data.text(1).endswith('…"')  # the string as far as the head holds it
    # ... and from the whole message when asked; the tree clips the huge string value
    pane.parse_all_button.click()
    assert pane.tree_label.text() == "JSON ({3 keys})" and not pane.parse_all_button.isVisible()
    data = data_item()
    assert len(data.text(1)) < 1000 and chars(data) == size
    # hex is truncated too
    pane.set_hex(True)
    assert truncation_note(pane).startswith("showing 64.0 KiB")
    assert len(parse_hex_dump(raw_text(pane))) == RAW_LIMIT


def test_show_all_on_a_long_line(pane):
    d = Driver()
    raw = (
        b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"'
        + b"y" * 300_000
        + b'"}}\n'
    )
    seq = d.s2c(raw)
    pane.set_entry(d.rec, seq)
    assert truncation_note(pane)
    pane.show_all_button.click()
    assert raw_text(pane) == raw[:-1].decode()
    assert not truncation_note(pane) and not pane.show_all_button.isVisible()


def test_violations_with_rule_text_and_spec(pane):
    d = Driver()
    d.handshake()
    seq = d.s2c(b'{"jsonrpc":"2.0","id":987654,"result":{}}\n')
    pane.set_entry(d.rec, seq)
    text = findings_text(pane)
    rule = RULES["jsonrpc.response-unknown-id"]
    assert "jsonrpc.response-unknown-id" in text
    assert "error" in text
    assert rule.text in text
    assert rule.spec in text

    noise = d.s2c(b"Server starting...\n")
    pane.set_entry(d.rec, noise)
    text = findings_text(pane)
    assert RULES["stdio.not-json"].text in text and "Problem: not JSON" in text


def test_schema_errors_with_path_and_show_all(pane):
    d = Driver()
    d.handshake()
    seq = d.s2c(b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"loud","logger":7}}\n')
    pane.set_entry(d.rec, seq)
    stored = d.rec[seq].extra["schema_errors"]
    assert schema_errors_shown(pane) == [(e["path"], e["message"]) for e in stored]  # the stored first error
    assert stored[0]["path"].startswith("/params")
    assert "LoggingMessageNotification" in findings_text(pane)

    errors = pane.show_all_schema_errors()
    paths = {path for path, _ in errors}
    assert "/params/level" in paths
    assert len(errors) >= 2  # every error, not only the first (missing "data", logger type)
    assert schema_errors_shown(pane) == [(p or "/", m) for p, m in errors]


@pytest.mark.malformed_c2s  # a tools/call whose name is a number, on purpose
def test_the_schema_version_is_the_session_layers(pane):
    """The pane re-validates by the version the session layer says judged the entry (the one
    answer, session/version_in_force.py; its own tests follow the engine entry by entry)."""
    d = Driver()
    d.handshake()
    seq = d.c2s(d.engine.build_request(d.engine.next_id(), "tools/call", {"name": 1}))
    assert version_in_force(d.rec).schema(seq) == "2025-11-25"
    pane.set_entry(d.rec, seq)
    errors = pane.show_all_schema_errors()
    assert "/params/name" in {path for path, _ in errors}  # judged: a schema was found for the version
    d.rec.summary = {"protocol_version": "1999-01-01"}  # the summary tells the status bar, never the schema
    assert version_in_force(d.rec).schema(seq) == "2025-11-25"


@pytest.mark.malformed_c2s  # a tools/call whose name is a number, on purpose
def test_unknown_version_does_not_crash(pane):
    d = Driver()
    d.rec.header["legacy_version"] = "1999-01-01"  # a recording whose client was set to a version we have no schema for
    seq = d.c2s(d.engine.build_request(d.engine.next_id(), "tools/call", {"name": 1}))
    pane.set_entry(d.rec, seq)
    errors = pane.show_all_schema_errors()
    assert "no schema for protocol version 1999-01-01" in errors[0][1]


def test_transition_and_process_details(pane):
    d = Driver()
    s = d.handshake()
    pane.set_entry(d.rec, s["init_result"])
    assert "Lifecycle: Initializing → Initialized" in findings_text(pane)

    d.stderr(b"Traceback: boom\n")
    exited = d.event("exited", "exited with code 3", d.engine.process_exited(), returncode=3, signal=None, pid=77)
    pane.set_entry(d.rec, exited)
    text = findings_text(pane)
    assert "event: exited" in text and "exit code: 3" in text and "pid: 77" in text
    assert "Lifecycle: Operating → Failed" in text and "failure edge" in text  # the transition the exit caused
    assert not pane.tree_box.isVisibleTo(pane)  # no JSON for a process event

    killed = d.event("exited", "killed by SIGKILL", returncode=None, signal=9)
    pane.set_entry(d.rec, killed)
    assert "signal: SIGKILL (9)" in findings_text(pane)

    stderr = d.stderr(b"warn: caf\xe9\n")
    pane.set_entry(d.rec, stderr)
    assert "stderr" in findings_text(pane)
    assert raw_text(pane) == "warn: caf\ufffd"


def test_server_text_is_never_rich_text(pane):
    d = Driver()
    d.handshake()
    seq = d.s2c(orjson.dumps({"jsonrpc": "2.0", "method": RICH, "params": {"text": RICH, RICH: 1}}) + b"\n")
    pane.set_entry(d.rec, seq)
    assert RICH in pane.title_label.text()
    for label in pane.findChildren(QLabel):
        assert label.textFormat() == Qt.TextFormat.PlainText, label.text()
    assert RICH in raw_text(pane)
    tree = pane.tree
    items = {tree.topLevelItem(i).text(0): tree.topLevelItem(i) for i in range(tree.topLevelItemCount())}
    assert items["method"].text(1) == f'"{RICH}"'
    params = items["params"]
    texts = {params.child(i).text(0): params.child(i).text(1) for i in range(params.childCount())}
    assert texts["text"] == f'"{RICH}"' and RICH in texts  # keys too
    assert "method.unknown" in labels_text(pane)
    # the title tooltip is escaped, not interpreted
    assert "&lt;b&gt;" in pane.title_label.toolTip()


def test_lazy_tree_pages_large_arrays(pane):
    d = Driver()
    d.handshake()
    seq = d.s2c(orjson.dumps({"jsonrpc": "2.0", "id": 5, "result": {"list": list(range(1234))}}) + b"\n")
    pane.set_entry(d.rec, seq)
    tree = pane.tree
    result = [
        tree.topLevelItem(i) for i in range(tree.topLevelItemCount()) if tree.topLevelItem(i).text(0) == "result"
    ][0]
    result.setExpanded(True)  # as a click on its arrow
    lst = result.child(0)
    assert lst.text(1) == "[1234 items]"
    lst.setExpanded(True)
    assert lst.childCount() == 501  # one page plus a "more" row
    more = lst.child(500)
    assert "734 more" in more.text(1)
    pane.tree.itemActivated.emit(more, 0)
    assert lst.childCount() == 1001 and lst.child(999).text(0) == "[999]"
    # a long message itself (a batch): its "more" row is a top-level row and gives way the same
    batch = [{"jsonrpc": "2.0", "method": "notifications/progress", "params": {"n": n}} for n in range(600)]
    pane.set_entry(d.rec, d.s2c(orjson.dumps(batch) + b"\n"))
    assert tree.topLevelItemCount() == 501 and "100 more" in tree.topLevelItem(500).text(1)
    pane.tree.itemActivated.emit(tree.topLevelItem(500), 0)
    assert tree.topLevelItemCount() == 600 and tree.topLevelItem(599).text(0) == "[599]"


def test_clear(pane):
    d = Driver()
    s = d.handshake()
    pane.set_entry(d.rec, s["init"])
    pane.clear()
    assert pane.seq() is None and raw_text(pane) == "" and not pane.pair_button.isVisible()
    assert pane.placeholder.isVisibleTo(pane)


def test_a_null_id_parse_error_is_explained_not_flagged(pane):
    """Issue 21: JSON-RPC 2.0 requires id null in an error for an unreadable line; the pane
    explains it with the note (info), and shows no violation or schema failure."""
    note = RULES["jsonrpc.error-id-null"]
    d = Driver()
    d.handshake()
    seq = d.s2c(b'{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}\n')
    pane.set_entry(d.rec, seq)
    text = findings_text(pane)
    assert f"ℹ {note.id}  (info)" in text and note.text in text and note.spec in text
    assert "⚠" not in text and "Invalid against the JSON Schema" not in text
    # the same id null on a result is still a violation
    seq = d.s2c(b'{"jsonrpc":"2.0","id":null,"result":{}}\n')
    pane.set_entry(d.rec, seq)
    text = findings_text(pane)
    assert "⚠ jsonrpc.id-invalid" in text and note.id not in text


def test_the_words_the_session_layer_decides_are_shown_in_chinese(pane, qapp):
    """The findings, the bytes' facts and the heading are worded in session/entry_detail.py; the
    pane passes them through the catalogue, so in Chinese none is left in English."""
    from PySide6.QtCore import QTranslator

    from inspector.resources import resource_path
    from inspector.session.entry_detail import WORDS

    translator = QTranslator()
    assert translator.load(str(resource_path("i18n", "inspector_zh_CN.qm")))
    qapp.installTranslator(translator)
    try:
        d = Driver()
        d.handshake()
        seq = d.event("exited", "exited", returncode=1, pid=77)
        pane.set_entry(d.rec, seq)
        text = findings_text(pane) + "\n" + pane.raw_info.text() + "\n" + pane.meta_label.text()
        assert "77" in text and "exit code" not in text and "Process" not in text and "state after" not in text
        translated = qapp.translate("DetailPane", WORDS["process"])
        assert translated != WORDS["process"] and translated in text
    finally:
        qapp.removeTranslator(translator)


def test_save_bytes_writes_the_exact_bytes_through_the_one_save_dialog(pane, tmp_path):
    d = Driver()
    raw = b'caf\xe9 {"x":1}\r\n'
    seq = d.s2c(raw)
    pane.set_entry(d.rec, seq)
    pane.save_button.click()
    (dialog,) = pane.findChildren(QFileDialog)  # non-blocking: the pane goes on while it is open
    assert dialog.isVisible() and dialog.windowTitle() == f"Save the exact bytes of entry #{seq}"
    assert dialog.selectedFiles()[0].endswith(f"entry-{seq}.bin")
    target = tmp_path / "entry.bin"
    dialog.selectFile(str(target))
    dialog.accept()
    assert target.read_bytes() == raw  # every byte, the invalid UTF-8 and the terminator included
