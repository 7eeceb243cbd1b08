"""The window's compare view (ui/compare_view.py) and Connection Doctor (ui/doctor_dialog.py),
offscreen, against real servers through real pipes: two releases of the SDK fixture recorded in
the test (tests/fixtures/servers/sdk_surface.py), compared from files and from the window's
"Compare sessions…" (the session shown against a picked file), in English and Chinese; Diagnose
from the failure banner and the server list's menu on a missing command, and a passing run."""

from __future__ import annotations

import sys
from pathlib import Path

import anyio
import pytest
from peers import FIXTURES
from PySide6.QtCore import QCoreApplication, QPoint, QTranslator
from PySide6.QtWidgets import QFileDialog, QMenu
from ui_driver import until, use_profile

from inspector.protocol.engine import ClientConfig
from inspector.protocol.versions import EraMode
from inspector.resources import resource_path
from inspector.session import Session
from inspector.session.core import SessionOptions
from inspector.session.doctor import STDIO_CHECKS, Check, Verdict
from inspector.session.operations import ListPager
from inspector.session.profiles import ServerProfile
from inspector.session.surface import KINDS, LIST_METHODS
from inspector.session.surface_diff import DIFF_CONTEXT
from inspector.transport.base import StdioSpec
from inspector.ui.compare_view import CompareDialog, open_compare
from inspector.ui.doctor_dialog import DoctorDialog, run_diagnosis


def release(n: int) -> list[str]:
    return [sys.executable, str(FIXTURES / "sdk_surface.py"), "--release", str(n)]


async def record(n: int, path: Path) -> Path:
    """Release ``n`` of the fixture, every list fetched whole, recorded to ``path``."""
    options = SessionOptions(
        transport=StdioSpec(argv=release(n)),
        config=ClientConfig(era=EraMode.LEGACY),
        record_path=path,
        stdin_grace=3.0,
        term_grace=2.0,
    )
    async with Session(options) as session:
        await session.start()
        for kind in KINDS:
            await ListPager(LIST_METHODS[kind], kind).fetch(session, 50)
    return path


@pytest.fixture(scope="module")
def releases(tmp_path_factory) -> tuple[Path, Path]:
    d = tmp_path_factory.mktemp("releases")

    async def both() -> tuple[Path, Path]:
        return await record(1, d / "release1.jsonl"), await record(2, d / "release2.jsonl")

    return anyio.run(both)


def breaking_rows(dialog: CompareDialog) -> list[str]:
    out = []
    tree = dialog.surface_tree
    for i in range(tree.topLevelItemCount()):
        kind = tree.topLevelItem(i)
        for j in range(kind.childCount()):
            item = kind.child(j)
            if item.foreground(0).color().name() != tree.palette().text().color().name():
                assert item.isExpanded() or item.childCount() == 0  # what breaks is open: its reasons in view
                out.append(item.text(0))
    return out


def test_two_recordings_compared_list_the_breaking_items_and_where_the_messages_part(qapp, releases):
    dialog = open_compare(None, *releases)
    assert dialog is not None
    assert dialog.summary.text() == "The surfaces differ: 2 added, 3 removed, 7 changed (8 breaking)."
    rows = dialog.rows_text(dialog.surface_tree)
    assert "legacy_echo: removed [breaking]" in rows
    at = rows.index("add: changed [breaking]")
    assert rows[at + 1 : at + 3] == [  # the reasons first, then the paths
        "the input property c became required",
        "the type of /inputSchema/properties/a was narrowed from number to integer",
    ]
    assert '/inputSchema/properties/a/type | "number" | "integer"' in rows  # a path: old -> new
    assert "summarize: added" in rows
    marked = breaking_rows(dialog)
    assert {r.split(": ")[0] for r in marked} == {
        "capabilities", "legacy_echo", "add", "report", "search", "farewell", "greet", "demo://b"
    }  # fmt: skip
    assert "The recordings part at step 1" in dialog.parting.text()
    messages = dialog.rows_text(dialog.message_tree)
    assert messages[0].startswith("1: changed | #1 c2s initialize")
    assert '/result/serverInfo/version | "1.0" | "2.0"' in messages
    dialog.close()


def test_compare_sessions_from_the_window_the_shown_recording_against_a_picked_file(
    window_and_controller, releases, monkeypatch
):
    _controller, window = window_and_controller
    assert window.files.open_recording_path(str(releases[1]))
    until_loaded = window.recording
    assert until_loaded is not None
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(releases[0]), ""))
    window.act_compare.trigger()
    shown = [d for d in window.findChildren(CompareDialog) if d.isVisible()]
    assert len(shown) == 1
    assert shown[0].sides.text().splitlines()[0] == "A: release1.jsonl"
    assert "legacy_echo: removed [breaking]" in shown[0].rows_text(shown[0].surface_tree)
    assert window.act_compare in window.menuBar().actions()[0].menu().actions()
    shown[0].close()


@pytest.mark.anyio
async def test_on_the_window_task_group_the_files_are_read_in_a_thread(window_and_controller, releases, tmp_path):
    controller, window = window_and_controller
    async with anyio.create_task_group() as tg:
        controller.task_group = tg
        dialog = open_compare(window, releases[0], releases[1], tg)
        assert dialog is not None and dialog.diff is None  # shown at once, saying what it reads
        assert dialog.summary.text() == "Reading release1.jsonl, release2.jsonl…"
        await until(lambda: dialog.diff is not None, 20)
        assert "legacy_echo: removed [breaking]" in dialog.rows_text(dialog.surface_tree)
        assert dialog.alignment is not None and dialog.alignment.parted
        missing = tmp_path / "missing.jsonl"
        broken = open_compare(window, releases[0], missing, tg)
        assert broken is not None
        await until(lambda: not broken.isVisible(), 20)  # closed, and why said in a message
        tg.cancel_scope.cancel()
    assert broken.diff is None
    dialog.close()


@pytest.mark.anyio
async def test_a_reader_that_fails_unforeseen_is_said_and_the_task_group_lives_on(
    window_and_controller, releases, tmp_path, monkeypatch
):
    """A failure no reader foresaw (a bug: here a ValueError) while reading or comparing closes
    the view with a message naming the file; the window's task group goes on (it used to end
    with it, and the window with it). Two files are compared off the window's thread."""
    import threading

    from PySide6.QtWidgets import QMessageBox

    from inspector.ui import compare_view

    controller, window = window_and_controller
    real = compare_view.compared
    threads: list[bool] = []

    def spy(*args):
        threads.append(threading.current_thread() is threading.main_thread())
        return real(*args)

    monkeypatch.setattr(compare_view, "compared", spy)
    async with anyio.create_task_group() as tg:
        controller.task_group = tg
        dialog = open_compare(window, releases[0], releases[1], tg)
        await until(lambda: dialog.diff is not None, 20)
        assert threads == [False]  # two files: compared in a worker thread

        def broken(path):
            raise ValueError("no reader foresaw this")

        monkeypatch.setattr(compare_view, "load_side", broken)
        failed = open_compare(window, releases[0], releases[1], tg)
        assert failed is not None
        await until(lambda: not failed.isVisible(), 20)
        boxes = [b for b in window.findChildren(QMessageBox) if b.isVisible()]
        assert any("Cannot compare release1.jsonl: no reader foresaw this" in b.text() for b in boxes)
        for b in boxes:
            b.close()
        await anyio.sleep(0.05)
        assert not tg.cancel_scope.cancel_called  # the task group lives on
        tg.cancel_scope.cancel()
    dialog.close()


def test_a_file_that_cannot_be_read_opens_no_view(qapp, releases, tmp_path):
    assert open_compare(None, releases[0], tmp_path / "missing.jsonl") is None
    (tmp_path / "not.jsonl").write_text("not a recording\n", encoding="utf-8")
    assert open_compare(None, tmp_path / "not.jsonl", releases[0]) is None


def test_the_compare_view_in_chinese(qapp, releases):
    translator = QTranslator()
    assert translator.load(str(resource_path("i18n", "inspector_zh_CN.qm")))
    opened = open_compare(None, *releases)  # open in English when the language changes: worded again
    assert opened is not None and opened.tabs.tabText(0) == "Surface"
    qapp.installTranslator(translator)
    try:
        QCoreApplication.sendPostedEvents()
        assert opened.tabs.tabText(0) == QCoreApplication.translate("CompareView", "Surface") != "Surface"
        assert opened.rows_text(opened.surface_tree)[0].startswith(
            QCoreApplication.translate("CompareView", "the server")
        )
        opened.close()
        required = QCoreApplication.translate(DIFF_CONTEXT, "the input property {property} became required")
        assert required != "the input property {property} became required"
        dialog = open_compare(None, *releases)
        assert dialog is not None
        rows = dialog.rows_text(dialog.surface_tree)
        breaking = QCoreApplication.translate(DIFF_CONTEXT, "breaking")
        assert any(r.startswith("legacy_echo: ") and breaking in r for r in rows)
        assert required.format(property="c") in rows
        assert dialog.tabs.tabText(0) != "Surface" and dialog.windowTitle() != "Compare sessions"
        assert len(breaking_rows(dialog)) == 8
        dialog.close()
        doctor = DoctorDialog("x")  # the doctor's words too
        doctor.add_check(Check("command", Verdict.FAIL, "missing", {"path": "/x"}))
        title = QCoreApplication.translate("Doctor", "The command is found")
        seen = QCoreApplication.translate("Doctor", "{path} does not exist.").format(path="/x")
        assert title != "The command is found" and doctor.lines()[0] == f"✗ {title} {seen}"
        assert doctor.windowTitle() == QCoreApplication.translate("Doctor", "Connection Doctor") != "Connection Doctor"
        doctor.close()
    finally:
        qapp.removeTranslator(translator)


@pytest.mark.anyio
async def test_diagnose_from_the_banner_stops_at_a_missing_command(window_and_controller):
    controller, window = window_and_controller
    missing = ServerProfile(name="missing", command="/nonexistent/u26-mcp-server", era="legacy")
    use_profile(window, missing)
    async with anyio.create_task_group() as tg:
        controller.task_group = tg
        window.banner.show()
        window.banner.diagnose_button.click()
        shown = [d for d in window.findChildren(DoctorDialog) if d.isVisible()]
        assert len(shown) == 1
        dialog = shown[0]
        await until(lambda: dialog.diagnosis is not None, 20)
        tg.cancel_scope.cancel()
    assert [c.id for c in dialog.checks] == list(STDIO_CHECKS)
    lines = dialog.lines()
    assert lines[0].startswith("✓ The working directory exists")
    failing = next(i for i, line in enumerate(lines) if line.startswith("✗"))
    assert lines[failing].startswith("✗ The command is found /nonexistent/u26-mcp-server does not exist")
    assert lines[failing + 1].startswith("    What to do: ")
    assert dialog.status.text() == "Stopped at the first failure: The command is found"
    detail = dialog.detail.toPlainText()  # the failure in full below the list
    assert detail.startswith("✗ The command is found\n\n/nonexistent/u26-mcp-server does not exist.")
    assert "\n\nWhat to do: Correct the path" in detail
    assert all(line.startswith(("–", "    ")) for line in lines[failing + 2 :])  # the rest not run
    dialog.close()


@pytest.mark.anyio
async def test_diagnose_from_the_server_list_passes_on_a_working_server(window_and_controller):
    controller, window = window_and_controller
    good = ServerProfile(name="release 1", command=sys.executable, args=release(1)[1:], era="legacy")
    use_profile(window, good)
    menu = window.server_menu(window.connection, QPoint(5, 5))  # the list's context menu
    assert isinstance(menu, QMenu) and window.act_diagnose in menu.actions()
    menu.close()
    async with anyio.create_task_group() as tg:
        controller.task_group = tg
        window.act_diagnose.trigger()
        dialog = next(d for d in window.findChildren(DoctorDialog) if d.isVisible())
        assert dialog.status.text() == "Diagnosing release 1…"
        # the machine's checks are listed while the server still runs: the list fills as they come
        await until(lambda: dialog.tree.topLevelItemCount() >= 5, 30)
        assert dialog.diagnosis is None and [c.id for c in dialog.checks[:5]] == list(STDIO_CHECKS[:5])
        await until(lambda: dialog.diagnosis is not None, 60)
        tg.cancel_scope.cancel()
    assert dialog.diagnosis is not None and dialog.diagnosis.ok, dialog.lines()
    assert dialog.status.text() == "Every check passed: release 1"
    assert not any(line.startswith("✗") for line in dialog.lines())
    dialog.close()


def test_the_doctor_dialog_needs_the_task_group(window_and_controller):
    controller, window = window_and_controller
    assert controller.task_group is None
    assert run_diagnosis(window) is None  # no loop to run it on: nothing opened, nothing blocked


@pytest.mark.anyio
async def test_the_banner_diagnoses_the_server_whose_session_failed_not_the_selected_one(window_and_controller):
    controller, window = window_and_controller
    failed = ServerProfile(name="u26-failed", command="/nonexistent/u26-failed-server", era="legacy")
    use_profile(window, failed)
    async with anyio.create_task_group() as tg:
        controller.task_group = tg
        assert controller.connect_profile(failed)
        await until(lambda: not controller.running and window.banner.isVisible(), 20)
        use_profile(window, ServerProfile(name="u26-selected-now", command=sys.executable, era="legacy"))
        window.banner.diagnose_button.click()
        shown = [d for d in window.findChildren(DoctorDialog) if d.isVisible()]
        assert [d.target for d in shown] == ["u26-failed"]
        await until(lambda: shown[0].diagnosis is not None, 20)
        tg.cancel_scope.cancel()
    assert shown[0].diagnosis is not None and shown[0].diagnosis.failed


def test_the_doctor_dialog_shows_what_a_server_wrote_as_text(qapp):
    """The server's words in a check (an outcome, a quoted line) hold markup and an ANSI escape:
    the tooltips escape the markup (a tooltip reads rich text), every row and the detail show the
    control characters as escapes."""
    dialog = DoctorDialog("x")
    outcome = "<img src='file:///etc/passwd'><b>boom</b>"
    dialog.add_check(Check("start", Verdict.FAIL, "initialize-error", {"outcome": outcome}, ("\x1b[31m<i>red</i>",)))
    top = dialog.tree.topLevelItem(0)
    assert top is not None and top.text(2) == outcome
    assert top.toolTip(2).startswith("<qt>") and "&lt;b&gt;boom&lt;/b&gt;" in top.toolTip(2)
    quoted, todo = top.child(0), top.child(1)
    assert quoted is not None and quoted.text(2) == "\\u001b[31m<i>red</i>"
    assert todo is not None and todo.toolTip(2).startswith("<qt>")
    assert "\x1b" not in dialog.detail.toPlainText() and "\\u001b[31m<i>red</i>" in dialog.detail.toPlainText()
    dialog.close()


def test_diagnose_sends_a_signed_in_servers_stored_token_never_signs_in(tmp_path):
    """The window's Diagnose on a saved server that signs in with OAuth: the doctor is given its
    stored token (the controller's token folder), wrapped so that a refusal starts no sign-in."""
    from inspector.session.doctor import StoredTokenOnly
    from inspector.ui.doctor_dialog import stored_token

    remote = ServerProfile("remote", "", transport="streamable-http", url="http://127.0.0.1:9/mcp", oauth=True)
    wrapped = stored_token(remote, tmp_path)
    assert isinstance(wrapped, StoredTokenOnly) and wrapped.authorization() is None  # nothing stored yet
    assert not anyio.run(wrapped.refused, 401, (), None)  # a refusal is the doctor's finding, not a browser
    assert stored_token(remote, None) is None
    assert stored_token(ServerProfile("local", sys.executable), tmp_path) is None


@pytest.mark.anyio
async def test_closing_the_doctor_dialog_stops_its_run_and_ends_the_server(window_and_controller, tmp_path):
    """A server that never answers, a long timeout: the dialog is closed while the start sequence
    waits; the run stops (no session left running on the window's task group) and the server's
    process is gone."""
    from peers import gone

    controller, window = window_and_controller
    pid_file = tmp_path / "pid"
    code = f"import os, time; open({str(pid_file)!r}, 'w').write(str(os.getpid())); time.sleep(120)"
    silent = ServerProfile(name="silent", command=sys.executable, args=["-c", code], era="legacy")
    silent.connect_timeout = silent.probe_timeout = 60.0
    use_profile(window, silent)
    async with anyio.create_task_group() as tg:
        controller.task_group = tg
        dialog = run_diagnosis(window, silent)
        assert dialog is not None
        await until(lambda: pid_file.exists() and pid_file.read_text() != "", 20)
        await until(lambda: dialog.run_scope is not None, 5)
        dialog.close()
        await until(lambda: dialog.run_scope is None, 40)  # the session's shutdown, shielded, runs its course
        tg.cancel_scope.cancel()
    assert dialog.diagnosis is None and not dialog.isVisible()
    pid = int(pid_file.read_text())
    await until(lambda: gone(pid), 15)
