"""The timeline model and view over a real recording (driven through the sans-IO engine)."""

from __future__ import annotations

import orjson
import pytest
from PySide6.QtCore import QModelIndex, Qt  # noqa: E402
from PySide6.QtGui import QColor, QPalette  # noqa: E402
from recording_driver import Driver as _Driver  # noqa: E402

from inspector.protocol.messages import Kind  # noqa: E402
from inspector.session.recording import Direction, Recording  # noqa: E402
from inspector.session.views import EntryFilter  # noqa: E402
from inspector.ui.timeline import Column, SeqRole, TimelineModel, TimelineView  # noqa: E402

RICH = "<b>bold</b><img src=x>"


def Driver() -> _Driver:
    return _Driver(tick=0.0015)


def build_session() -> tuple[Recording, dict[str, int]]:
    """A legacy session with noise, invalid UTF-8, stderr, schema errors, violations and process events."""
    d = Driver()
    eng = d.engine
    s: dict[str, int] = {}
    s["spawned"] = d.event("spawned", "python server.py", pid=4242)
    s["stderr"] = d.stderr(b"server: starting up\n")
    s["noise"] = d.s2c(b"Server starting...\n")
    s["init"] = d.c2s(eng.build_initialize(eng.next_id()))
    s["init_result"] = d.s2c(
        b'{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{"listChanged":true},'
        b'"logging":{}},"serverInfo":{"name":"demo","version":"1.0"}}}\n'
    )
    s["initialized"] = d.c2s(eng.build_initialized())
    s["tools_list"], tid = d.request("tools/list")
    s["tools_result"] = d.s2c(b'{"jsonrpc":"2.0","id":%d,"result":{"tools":[]}}\n' % tid)
    s["bad_log"] = d.s2c(b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"loud","data":"hi"}}\n')
    s["bad_utf8"] = d.s2c(b"\xff\xfe not \xc3 utf8\n")
    s["stderr_bad"] = d.stderr(b"warn: caf\xe9 \xff\n")
    s["rich"] = d.s2c(orjson.dumps({"jsonrpc": "2.0", "method": RICH, "params": {"text": RICH}}) + b"\n")
    s["unknown_id"] = d.s2c(b'{"jsonrpc":"2.0","id":987654,"result":{}}\n')
    s["ping"], pid = d.request("ping")
    s["ping_result"] = d.s2c(b'{"jsonrpc":"2.0","id":%d,"result":{}}\n' % pid)
    s["stdin_closed"] = d.event("stdin_closed", "closed the server's stdin", eng.shutdown_begins())
    s["exited"] = d.event("exited", "exited with code 0", eng.process_exited(), returncode=0, signal=None)
    return d.rec, s


def display(model: TimelineModel, row: int, col: int):
    return model.data(model.index(row, col), Qt.ItemDataRole.DisplayRole)


def seqs(model: TimelineModel) -> list[int]:
    return [model.data(model.index(r, 0), SeqRole) for r in range(model.rowCount())]


# --------------------------------------------------------------------------- model


def test_modeltester_on_a_real_recording(qtmodeltester):
    rec, _ = build_session()
    model = TimelineModel(rec)
    qtmodeltester.check(model)
    model.update_filter(text="utf8")
    qtmodeltester.check(model)
    model.set_recording(Recording())
    qtmodeltester.check(model)


def test_modeltester_while_rows_arrive(qtmodeltester, qtbot):
    d = Driver()
    model = TimelineModel(d.rec)
    qtmodeltester.check(model, force_py=True)  # keeps checking every later change
    for _ in range(50):
        d.s2c(b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"x"}}\n')
    d.stderr(b"err\n")
    qtbot.waitUntil(lambda: model.rowCount() == 51, timeout=5000)
    model.set_filter(model.filter().with_direction(Direction.STDERR, False))
    assert model.rowCount() == 50


def test_columns_roles_and_seq(qtbot):
    rec, s = build_session()
    model = TimelineModel(rec)
    assert model.rowCount() == len(rec)
    assert model.columnCount() == Column.COUNT
    assert model.rowCount(model.index(0, 0)) == 0

    r = s["tools_result"]
    assert display(model, r, Column.SEQ) == str(r)
    assert display(model, r, Column.TIME) == f"{rec[r].t:.3f}"
    assert display(model, r, Column.DELTA).startswith("+")
    assert display(model, r, Column.DIRECTION) == "← s2c"
    assert display(model, s["init"], Column.DIRECTION) == "→ c2s"
    assert "stderr" in display(model, s["stderr"], Column.DIRECTION)
    assert "event" in display(model, s["spawned"], Column.DIRECTION)
    assert display(model, r, Column.KIND) == "← result"  # the direction's arrow: the Direction column gives way first
    assert display(model, s["init"], Column.KIND) == "→ request"
    assert display(model, s["stderr"], Column.KIND) == "⇠ stderr"
    assert display(model, r, Column.METHOD) == "tools/list"  # the method it answers
    assert display(model, s["exited"], Column.METHOD) == "exited"  # process event name
    assert display(model, r, Column.ID) == "2"
    assert display(model, r, Column.LATENCY).endswith("ms")
    assert display(model, s["tools_list"], Column.LATENCY) is None
    assert display(model, r, Column.SIZE) == str(len(rec.raw_at(r)))
    assert display(model, r, Column.SCHEMA) == "✓"
    assert display(model, s["bad_log"], Column.SCHEMA) == "✗"
    assert display(model, s["noise"], Column.SCHEMA) is None
    assert display(model, s["noise"], Column.VIOLATIONS) == "⚠ stdio.not-json"
    assert display(model, s["init"], Column.VIOLATIONS) is None
    # the schema's verdict is in Violations too (the Schema column gives way when narrow)
    assert display(model, s["bad_log"], Column.VIOLATIONS).startswith("✗ schema")
    tip = model.data(model.index(s["bad_log"], Column.VIOLATIONS), Qt.ItemDataRole.ToolTipRole)
    assert "Invalid against the protocol&#x27;s JSON Schema" in tip and "/params/level" in tip  # escaped: plain text

    assert model.data(model.index(7, 0), SeqRole) == 7
    assert model.data(model.index(r, Column.SIZE), Qt.ItemDataRole.TextAlignmentRole) & int(Qt.AlignmentFlag.AlignRight)
    assert model.data(model.index(r, Column.METHOD), Qt.ItemDataRole.TextAlignmentRole) & int(
        Qt.AlignmentFlag.AlignLeft
    )

    tip = model.data(model.index(s["noise"], Column.VIOLATIONS), Qt.ItemDataRole.ToolTipRole)
    assert "stdio.not-json" in tip and "not JSON" in tip
    tip = model.data(model.index(s["bad_log"], Column.SCHEMA), Qt.ItemDataRole.ToolTipRole)
    assert "/params/level" in tip

    # stderr lines and process events look different from messages
    bg = Qt.ItemDataRole.BackgroundRole
    assert model.data(model.index(s["stderr"], 0), bg) is not None
    assert model.data(model.index(s["spawned"], 0), bg) is not None
    assert model.data(model.index(s["init"], 0), bg) is None
    assert model.data(model.index(s["stderr"], 0), bg) != model.data(model.index(s["spawned"], 0), bg)

    headers = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(Column.COUNT)]
    assert headers[0] == "#" and "Violations" in headers


def test_a_response_with_a_wrong_id_looks_different_from_a_normal_result_in_the_columns_that_stay():
    """What stays when the timeline is narrow (Kind, Method, Id, Latency, Violations) tells an
    answer to a request nobody sent from an ordinary result: the rule in Violations, and the whole
    row tinted as a finding."""
    rec, s = build_session()
    model = TimelineModel(rec)
    normal, wrong = s["ping_result"], s["unknown_id"]
    assert rec.violations_at(wrong) == ("jsonrpc.response-unknown-id",) and not rec.violations_at(normal)
    must = (Column.KIND, Column.METHOD, Column.ID, Column.LATENCY, Column.VIOLATIONS)
    assert [display(model, wrong, c) for c in must] == [
        "← result",
        None,
        "987654",
        None,
        "⚠ jsonrpc.response-unknown-id",
    ]
    assert display(model, normal, Column.KIND) == "← result" and display(model, normal, Column.VIOLATIONS) is None
    bad = model.colors().tints["bad"]
    for c in must:  # every column of the row, painted by the table's delegate from one tuple
        assert model.paint_cell(wrong, c)[2] is bad, c
        assert model.paint_cell(normal, c)[2] is None, c
    assert model.paint_cell(wrong, Column.VIOLATIONS)[1] is model.colors().tones["bad"]
    assert model.paint_cell(s["bad_log"], Column.KIND)[2] is bad  # invalid against the schema: tinted too


class _CountedReads:
    """A class attribute that counts how often it is read."""

    def __init__(self, value: int) -> None:
        self.value, self.reads = value, 0

    def __get__(self, obj: object, owner: object = None) -> int:
        self.reads += 1
        return self.value


def test_painting_a_cell_reads_no_class_attribute_of_the_model():
    """The table's delegate asks paint_cell for every cell of every frame: a class attribute read
    on a Qt object (COLUMNS, for the kept cell's key) cost ~0.3 µs a cell, a third of a kept
    cell's cost; the model reads it once, when it is made."""
    columns = _CountedReads(Column.COUNT)

    class Counting(TimelineModel):
        COLUMNS = columns  # an int when read

    rec, s = build_session()
    model = Counting(rec)
    columns.reads = 0
    cells = [model.paint_cell(row, c) for _ in range(2) for row in range(model.rowCount()) for c in range(Column.COUNT)]
    assert columns.reads == 0
    half = len(cells) // 2
    assert cells[:half] == cells[half:] and all(cell is not None for cell in cells)
    ping = model.row_of(s["ping"])
    assert model.paint_cell(ping, Column.METHOD)[0] == display(model, ping, Column.METHOD) == "ping"


def test_colours_follow_light_and_dark_palettes(qtbot):
    rec, s = build_session()
    model = TimelineModel(rec)
    light = QPalette(QColor(240, 240, 240))
    dark = QPalette(QColor(40, 40, 40))
    dark.setColor(QPalette.ColorRole.Base, QColor(30, 30, 30))
    dark.setColor(QPalette.ColorRole.Text, QColor(230, 230, 230))
    light.setColor(QPalette.ColorRole.Base, QColor(255, 255, 255))
    bg = Qt.ItemDataRole.BackgroundRole
    with qtbot.waitSignal(model.dataChanged):
        model.set_palette(light)
    light_bg = model.data(model.index(s["stderr"], 0), bg).color()
    model.set_palette(dark)
    dark_bg = model.data(model.index(s["stderr"], 0), bg).color()
    assert light_bg.lightness() > 200 and dark_bg.lightness() < 100


def test_rich_text_in_tooltips_is_escaped():
    rec, s = build_session()
    model = TimelineModel(rec)
    assert display(model, s["rich"], Column.METHOD) == RICH  # plain text in the cell
    tip = model.data(model.index(s["rich"], Column.METHOD), Qt.ItemDataRole.ToolTipRole)
    assert "<b>" not in tip and "&lt;b&gt;bold&lt;/b&gt;" in tip


def test_batch_insertion_one_signal_per_tick(qtbot):
    d = Driver()
    model = TimelineModel(d.rec)
    inserted: list[tuple[int, int]] = []
    model.rowsInserted.connect(lambda parent, first, last: inserted.append((first, last)))
    line = b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"flood"}}\n'
    for i in range(10):
        for _ in range(1000):
            d.s2c(line)
        qtbot.wait(1) if i % 3 == 0 else None
    qtbot.waitUntil(lambda: model.rowCount() == 10_000, timeout=5000)
    assert 1 <= len(inserted) <= 10  # one per timer tick, never one per message
    assert inserted[0][0] == 0 and inserted[-1][1] == 9_999
    assert sum(last - first + 1 for first, last in inserted) == 10_000
    assert seqs(model)[:3] == [0, 1, 2]


def test_new_batches_are_filtered_as_they_arrive(qtbot):
    d = Driver()
    model = TimelineModel(d.rec)
    model.set_filter(model.filter().with_direction(Direction.STDERR, False))
    for i in range(30):
        d.stderr(b"noise on stderr\n") if i % 3 == 0 else d.s2c(b"not json\n")
    qtbot.waitUntil(lambda: model.total() == 30, timeout=5000)
    assert model.rowCount() == 20
    assert all(d.rec.direction_at(q) is Direction.S2C for q in seqs(model))


def test_every_filter():
    rec, s = build_session()
    model = TimelineModel(rec)
    n = len(rec)
    resets = []
    model.modelReset.connect(lambda: resets.append(1))

    model.set_filter(model.filter().with_direction(Direction.C2S, False))
    assert all(rec.direction_at(q) is not Direction.C2S for q in seqs(model))
    assert s["init"] not in seqs(model) and s["init_result"] in seqs(model)
    model.set_filter(model.filter().with_direction(Direction.C2S, True))
    assert model.rowCount() == n
    assert len(resets) == 2

    for d in Direction:
        model.set_filter(EntryFilter(directions=frozenset({d})))
        assert seqs(model) == [i for i in range(n) if rec.direction_at(i) is d]
    model.clear_filters()

    model.set_filter(model.filter().with_kind(Kind.PROCESS, False))
    assert s["spawned"] not in seqs(model) and s["stderr"] in seqs(model)
    model.set_filter(EntryFilter(kinds=frozenset({Kind.NOISE})))
    assert seqs(model) == [s["noise"], s["bad_utf8"]]
    model.clear_filters()

    model.set_filter(model.filter().with_method("tools/list", exact=True))
    assert seqs(model) == [s["tools_list"], s["tools_result"]]  # the result answers tools/list
    model.set_filter(model.filter().with_method("TOOLS", exact=False))  # substring, case-insensitive
    assert seqs(model) == [s["tools_list"], s["tools_result"]]
    model.set_filter(model.filter().with_method("notifications/", exact=False))
    assert s["initialized"] in seqs(model) and s["bad_log"] in seqs(model)
    model.set_filter(model.filter().with_method("exited", exact=True))  # process events by event name
    assert seqs(model) == [s["exited"]]
    model.set_filter(model.filter().with_method(""))
    assert model.rowCount() == n

    model.update_filter(text="SERVER STARTING")
    assert seqs(model) == [s["noise"]]
    model.update_filter(text="caf\ufffd")  # decoded with errors="replace"
    assert seqs(model) == [s["stderr_bad"]]
    model.update_filter(text="utf8")
    assert seqs(model) == [s["bad_utf8"]]
    model.update_filter(text="")

    model.update_filter(only_violations=True)
    assert seqs(model) == [i for i in range(n) if rec.violations_at(i)]
    assert s["noise"] in seqs(model) and s["unknown_id"] in seqs(model)
    model.update_filter(only_violations=False)
    model.update_filter(only_schema_invalid=True)
    assert seqs(model) == [s["bad_log"]]

    # filters combine
    model.set_filter(EntryFilter(directions=frozenset({Direction.S2C}), only_violations=True, text="json"))
    assert seqs(model) == [s["noise"]] or all(rec.violations_at(q) for q in seqs(model))
    model.clear_filters()
    assert model.rowCount() == n and not model.filter().active


def test_methods_seen(qtbot):
    rec, _ = build_session()
    model = TimelineModel(rec)
    assert model.entries.methods_seen() == sorted(
        {"initialize", "notifications/initialized", "tools/list", "notifications/message", "ping", RICH}
    )
    d = Driver()
    model.set_recording(d.rec)
    assert model.entries.methods_seen() == []
    with qtbot.waitSignal(model.methodsChanged, timeout=5000):
        d.request("resources/list")
    assert model.entries.methods_seen() == ["resources/list"]


def test_reveal_relaxes_only_what_hides_the_entry():
    rec, s = build_session()
    model = TimelineModel(rec)
    model.set_filter(EntryFilter(directions=frozenset({Direction.C2S}), only_schema_invalid=False, text="json"))
    assert s["stderr_bad"] not in seqs(model)
    assert model.reveal(s["stderr_bad"])
    f = model.filter()
    assert Direction.STDERR in f.directions and Direction.S2C not in f.directions
    assert f.text == ""
    assert model.row_of(s["stderr_bad"]) >= 0


# --------------------------------------------------------------------------- view


@pytest.fixture
def view(qtbot):
    v = TimelineView()
    qtbot.addWidget(v)
    v.resize(900, 300)
    v.show()
    qtbot.waitExposed(v)
    return v


def _at_bottom(view: TimelineView) -> bool:
    sb = view.table.verticalScrollBar()
    return sb.value() == sb.maximum()


def test_view_filter_bar_drives_the_model(view, qtbot):
    rec, s = build_session()
    view.set_recording(rec)
    n = len(rec)
    assert view.count_label.text() == f"{n} entries"
    view.direction_buttons[Direction.EVENT].setChecked(False)
    assert view.model.rowCount() == n - 3
    assert view.count_label.text() == f"{n - 3} of {n} entries"
    assert view.clear_filters_button.isVisible()
    view.kind_actions[Kind.NOISE].setChecked(False)
    assert s["noise"] not in seqs(view.model)
    assert "/" in view.kinds_button.text()
    view.violations_button.setChecked(True)
    assert all(rec.violations_at(q) for q in seqs(view.model))
    view.schema_button.setChecked(True)
    assert seqs(view.model) == []
    view.clear_filters_button.click()
    assert view.model.rowCount() == n
    assert view.direction_buttons[Direction.EVENT].isChecked() and not view.violations_button.isChecked()

    view.search.setText("starting")
    qtbot.waitUntil(lambda: view.model.filter().text == "starting", timeout=3000)
    assert seqs(view.model) == [s["stderr"], s["noise"]]
    view.search.clear()
    assert view.model.rowCount() == n

    combo = view.method_combo
    methods = [combo.itemText(i) for i in range(1, combo.count())]
    assert methods == view.model.entries.methods_seen()
    i = combo.findText("ping")
    combo.setCurrentIndex(i)
    combo.activated.emit(i)
    assert view.model.filter().method == "ping" and view.model.filter().method_exact
    assert seqs(view.model) == [s["ping"], s["ping_result"]]
    combo.activated.emit(0)  # "any method"
    assert view.model.rowCount() == n


def test_autoscroll_follows_stops_and_resumes(view, qtbot):
    d = Driver()
    view.set_recording(d.rec)
    scrolls = []
    original = view.table.scrollToBottom
    view.table.scrollToBottom = lambda: (scrolls.append(1), original())[1]
    inserted = []
    view.model.rowsInserted.connect(lambda *a: inserted.append(1))

    def add(k: int) -> None:
        target = len(d.rec) + k
        for _ in range(k):
            d.s2c(b"line\n")
        qtbot.waitUntil(lambda: view.model.rowCount() == target, timeout=5000)

    add(500)
    assert view.is_following() and _at_bottom(view)
    assert not view.jump_button.isVisible()
    assert len(scrolls) == len(inserted)  # exactly one scroll per batch, never per row
    assert len(scrolls) < 50

    # the user scrolls up: following stops, the position holds while rows arrive
    view.table.verticalScrollBar().setValue(10)
    assert not view.is_following()
    assert view.jump_button.isVisible()
    before = len(scrolls)
    add(300)
    assert view.table.verticalScrollBar().value() == 10
    assert len(scrolls) == before

    # back at the bottom: following resumes
    sb = view.table.verticalScrollBar()
    sb.setValue(sb.maximum())
    assert view.is_following() and not view.jump_button.isVisible()
    add(300)
    assert _at_bottom(view)

    # "Jump to latest"
    sb.setValue(0)
    assert view.jump_button.isVisible()
    view.jump_button.click()
    assert view.is_following() and _at_bottom(view)


def test_select_seq_emits_and_scrolls(view, qtbot):
    d = Driver()
    for _ in range(400):
        d.s2c(b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"x"}}\n')
    err = d.stderr(b"boom\n")
    for _ in range(400):
        d.s2c(b"noise\n")
    view.set_recording(d.rec)
    with qtbot.waitSignal(view.entrySelected, timeout=2000) as sig:
        assert view.select_seq(200)
    assert sig.args == [200]
    assert view.current_seq() == 200
    assert view.table.visualRect(view.table.currentIndex()).intersects(view.table.viewport().rect())
    assert not view.is_following()

    # hidden by a filter: the filter that hides it is cleared, the others stay
    view.model.set_filter(EntryFilter(directions=frozenset({Direction.S2C}), kinds=frozenset(Kind) - {Kind.NOISE}))
    with qtbot.waitSignal(view.entrySelected, timeout=2000) as sig:
        assert view.select_seq(err)
    assert sig.args == [err]
    f = view.model.filter()
    assert Direction.STDERR in f.directions and Kind.NOISE not in f.kinds
    assert view.direction_buttons[Direction.STDERR].isChecked()
    assert view.current_seq() == err

    assert not view.select_seq(10_000)


def test_selection_survives_a_filter_change(view, qtbot):
    rec, s = build_session()
    view.set_recording(rec)
    view.select_seq(s["tools_result"])
    got = []
    view.entrySelected.connect(got.append)
    view.direction_buttons[Direction.EVENT].setChecked(False)
    assert view.current_seq() == s["tools_result"]
    assert got == []  # same entry, no new signal


def test_current_row_change_by_keyboard(view, qtbot):
    rec, s = build_session()
    view.set_recording(rec)
    view.select_seq(3)
    with qtbot.waitSignal(view.entrySelected, timeout=2000) as sig:
        qtbot.keyClick(view.table, Qt.Key.Key_Down)
    assert sig.args == [4]
    assert view.model.index(0, 0).parent() == QModelIndex()


# --------------------------------------------------------------------------- copying


def test_row_menu_copies_the_line_json_probe_argument_and_entry(view, qapp):
    from PySide6.QtGui import QGuiApplication

    from inspector.session.timeline_table import copy_texts

    rec, s = build_session()
    d = Driver()
    eng = d.engine
    call = d.c2s(eng.build_request(7, "tools/call", {"name": "echo", "arguments": {"text": "it's"}}))
    view.set_recording(rec)

    init = copy_texts(rec[s["init"]])
    assert init["line"] == rec[s["init"]].text.rstrip("\n")
    assert orjson.loads(init["json"]) == rec[s["init"]].json() and "\n  " in init["json"]
    assert init["probe"].startswith("--request 'initialize={")
    assert orjson.loads(init["entry"])["seq"] == s["init"]
    assert "probe" not in copy_texts(rec[s["init_result"]])  # a response is no request
    assert set(copy_texts(rec[s["stderr"]])) == {"line", "entry"}  # no JSON in a stderr line
    texts = copy_texts(d.rec[call])
    assert texts["probe"] == """--request 'tools/call={"name":"echo","arguments":{"text":"it'"'"'s"}}'"""
    assert copy_texts(rec[s["ping"]])["probe"] == "--request ping"

    # the menu on a row, and Ctrl+C on the selection
    assert view.select_seq(s["init"])
    row = view.table.currentIndex().row()
    pos = view.table.visualRect(view.model.index(row, Column.KIND)).center()
    view.table.customContextMenuRequested.emit(pos)  # as a right click
    menu = view.row_menu
    actions = {a.text(): a for a in menu.actions()}
    assert all(a.isEnabled() for a in actions.values())
    # the columns' menu is there too (the header's, reachable with the keyboard's Menu key)
    columns = [a.text() for a in actions["Columns"].menu().actions()]
    assert "Reset columns" in columns and "Latency" in columns and "# (entry number)" in columns
    actions["Copy as formatted JSON"].trigger()
    assert QGuiApplication.clipboard().text() == init["json"]
    menu.close()
    assert view.select_seq(s["stderr"])
    assert view.copy_current("line") and QGuiApplication.clipboard().text() == "server: starting up"
    assert not view.copy_current("json")


def test_every_link_event_has_a_name_people_read():
    """A transport's link event shows in the timeline under a translatable name, never its id."""
    from inspector.session.labels import EVENT_LABELS
    from inspector.transport.base import EVENT_NAMES

    assert EVENT_NAMES <= set(EVENT_LABELS)


def test_every_outcome_has_words_to_translate():
    from inspector.protocol.engine import OUTCOMES
    from inspector.session.failure_words import OUTCOME_WORDS, all_words

    assert set(OUTCOMES) - {"spawn-failed"} == set(OUTCOME_WORDS)
    assert {OUTCOMES[k] for k in OUTCOME_WORDS} <= set(all_words())  # in the catalogue


def test_the_filter_bar_and_the_row_menu_speak_the_new_language_and_keep_their_state(view, qapp):
    """The toggles, the status line's buttons and the row menu's copies are built from
    session/timeline_words' tables: after a live language switch they say the new words, a toggle
    set keeps its check, and a filter set elsewhere (the model's) is still shown on the bar."""
    from pathlib import Path

    from PySide6.QtCore import QCoreApplication, QEvent, QTranslator

    rec, s = build_session()
    view.set_recording(rec)
    view.violations_button.setChecked(True)
    english = [(b.text(), b.toolTip()) for b in (*view.filter_toggles.values(), view.clear_filters_button)]
    assert english[0] == ("⚠ Violations", "Only entries that break a protocol rule")
    translator = QTranslator()
    qm = Path(__file__).resolve().parents[2] / "resources" / "i18n" / "inspector_zh_CN.qm"
    assert translator.load(str(qm))
    QCoreApplication.installTranslator(translator)
    try:
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LanguageChange)
        zh = [(b.text(), b.toolTip()) for b in (*view.filter_toggles.values(), view.clear_filters_button)]
        assert zh[0] == ("⚠ 违规", QCoreApplication.translate("Timeline", "Only entries that break a protocol rule"))
        assert all(z[1] != e[1] for z, e in zip(zh[:3], english[:3], strict=True))  # "✗ Schema" stays
        assert zh[2][0] == "HTTP 错误" and zh[3] == ("清除筛选", "") and view.jump_button.text() == "⤓ 跳到最新"
        assert view.violations_button.isChecked() and view.model.filter().only_violations
        view.model.update_filter(only_violations=False, only_schema_invalid=True)  # not from the bar
        assert view.schema_button.isChecked() and not view.violations_button.isChecked()
        assert seqs(view.model) == [s["bad_log"]]
        assert view.select_seq(s["bad_log"])
        pos = view.table.visualRect(view.model.index(view.table.currentIndex().row(), Column.KIND)).center()
        view.table.customContextMenuRequested.emit(pos)
        texts = [a.text() for a in view.row_menu.actions()]
        view.row_menu.close()
        assert "复制该行（原样文本）" in texts and "Copy line (exact text)" not in texts
    finally:
        QCoreApplication.removeTranslator(translator)
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LanguageChange)
    assert [(b.text(), b.toolTip()) for b in (*view.filter_toggles.values(), view.clear_filters_button)] == english
    view.schema_button.setChecked(False)  # the bar drives the model again
    assert not view.model.filter().active
