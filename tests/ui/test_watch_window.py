"""View → Watch host sessions…: a real proxy process listed, opened live, followed, and ended.

The test is the host (a raw host over the proxy's pipes); the proxy runs the misbehaving
fixture's good server; the runtime and data folders are the test's own.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from peers import ROOT, misbehave
from PySide6.QtCore import QCoreApplication, QEvent, QTranslator
from PySide6.QtWidgets import QMessageBox
from ui_driver import quick, session_in_window, until

from inspector.session import Direction, Recording
from inspector.session.profiles import ServerProfile
from inspector.session.proxied_folder import DEFAULT_KEEP, KEEP_CHOICES, prepared_folder, saved_keep
from inspector.ui.watch_dock import WatchDialog

INIT = (
    b'{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18",'
    b'"capabilities":{},"clientInfo":{"name":"raw-host","version":"1"}}}\n'
)
INITIALIZED = b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n'
TOOLS_LIST = b'{"jsonrpc":"2.0","id":1,"method":"tools/list"}\n'


def methods(rec: Recording, direction: Direction) -> list[str | None]:
    return [rec.method_at(i) for i in range(len(rec)) if rec.direction_at(i) is direction]


def test_the_watch_list_shows_a_running_proxy_and_opening_it_follows_the_host_live(
    window_and_controller, tmp_path, qtbot, monkeypatch
):
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path / "run"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    controller, window = window_and_controller
    argv = [sys.executable, "-m", "inspector", "proxy", "--name", "watched", "--", *misbehave("good")]
    p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    assert p.stdin is not None and p.stdout is not None
    try:
        p.stdin.write(INIT)
        p.stdin.flush()
        assert b'"id":0' in p.stdout.readline()
        window.act_watch.trigger()
        dialog = window.findChild(WatchDialog)
        assert isinstance(dialog, WatchDialog) and dialog.isVisible()
        qtbot.waitUntil(lambda: any(r.running for r in dialog.rows), timeout=30000)
        texts = [dialog.table.item(0, c).text() for c in range(dialog.COLUMNS)]
        assert texts[0] == "watched" and texts[4] == "running" and "misbehave.py" in texts[1]
        assert dialog.open_button.text() == "Watch live"
        assert dialog.open_selected()
        assert not dialog.isVisible()
        rec = controller.recording
        assert rec is window.recording and rec.read_only and rec.loading
        assert "live from a host" in window.windowTitle()
        qtbot.waitUntil(lambda: "initialize" in methods(rec, Direction.C2S), timeout=30000)
        assert "tools/list" not in methods(rec, Direction.C2S)

        p.stdin.write(INITIALIZED + TOOLS_LIST)  # the host talks on: the window follows
        p.stdin.flush()
        assert b'"id":1' in p.stdout.readline()
        qtbot.waitUntil(
            lambda: "tools/list" in methods(rec, Direction.C2S) and window.timeline.model.total() == len(rec),
            timeout=30000,
        )
        assert rec.loading and "live from a host" in window.windowTitle()
        assert window.files.reanalyse() == [] and "still running" in window.statusBar().currentMessage()
        answers = [i for i in range(len(rec)) if rec.direction_at(i) is Direction.S2C]
        assert any(b'"tools"' in rec.raw_at(i) for i in answers)
        # the panels (read-only) say what the host listed, as of the newest entry
        tools = window.panels.panels["tools"]
        qtbot.waitUntil(lambda: [t["name"] for t in tools.tools] == ["echo"], timeout=30000)
        assert tools.recorded_row == len(rec) - 1 and not tools.call_button.isEnabled()
    finally:
        p.stdin.close()
        p.wait(30)
    assert p.returncode == 0
    qtbot.waitUntil(lambda: "ended" in window.windowTitle(), timeout=30000)
    assert not rec.loading and rec.summary is not None
    assert "ended" in window.statusBar().currentMessage()
    whole = Recording.load(dialog.rows[0].recording)
    assert rec.raws() == whole.raws() and window.timeline.model.total() == len(whole)
    dialog.refresh()
    assert [(r.name, r.running, r.entries) for r in dialog.rows] == [("watched", False, len(whole))]
    assert dialog.table.item(0, 4).text() == "ended" and dialog.open_button.text() == "Open"


def test_two_running_proxies_are_listed_and_the_window_switches_between_them(
    window_and_controller, tmp_path, qtbot, monkeypatch
):
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path / "run"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    controller, window = window_and_controller
    hosts = {}
    try:
        for name in ("first", "second"):
            argv = [sys.executable, "-m", "inspector", "proxy", "--name", name, "--", *misbehave("good")]
            p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
            assert p.stdin is not None and p.stdout is not None
            p.stdin.write(INIT)
            p.stdin.flush()
            assert b'"id":0' in p.stdout.readline()
            hosts[name] = p
        window.act_watch.trigger()
        dialog = window.findChild(WatchDialog)
        assert isinstance(dialog, WatchDialog)
        qtbot.waitUntil(lambda: sorted(r.name for r in dialog.rows if r.running) == ["first", "second"], timeout=30000)

        def watch(name: str) -> Recording:
            dialog.refresh()
            dialog.table.selectRow(next(i for i, r in enumerate(dialog.rows) if r.name == name))
            assert dialog.open_selected()
            return controller.recording

        first = watch("first")
        assert first.header["proxied"]["name"] == "first" and "first" in window.windowTitle()
        second = watch("second")  # the window switches; the first is no longer followed
        assert second is not first and second.header["proxied"]["name"] == "second"
        assert "second (live from a host" in window.windowTitle()
        hosts["first"].stdin.close()
        hosts["first"].wait(30)
        hosts["second"].stdin.write(INITIALIZED + TOOLS_LIST)
        hosts["second"].stdin.flush()
        assert b'"id":1' in hosts["second"].stdout.readline()
        qtbot.waitUntil(lambda: "tools/list" in methods(second, Direction.C2S), timeout=30000)
        assert "live from a host" in window.windowTitle() and controller.recording is second  # not the first's end
        assert "tools/list" not in methods(first, Direction.C2S)
    finally:
        for p in hosts.values():
            if not p.stdin.closed:
                p.stdin.close()
            p.wait(30)
    qtbot.waitUntil(lambda: "second (ended" in window.windowTitle(), timeout=30000)


@pytest.mark.anyio
async def test_watching_while_the_window_runs_a_session_asks_then_disconnects_it(
    window_and_controller, tmp_path, monkeypatch
):
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path / "run"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    controller, window = window_and_controller
    asked: list[str] = []
    answers = [QMessageBox.StandardButton.No, QMessageBox.StandardButton.Yes]

    def question(_parent, title, _text, *_args):
        asked.append(title)
        return answers[len(asked) - 1]

    monkeypatch.setattr(QMessageBox, "question", question)
    argv = [sys.executable, "-m", "inspector", "proxy", "--name", "watched", "--", *misbehave("good")]
    p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    assert p.stdin is not None and p.stdout is not None
    try:
        own = misbehave("good")
        async with session_in_window(
            controller, window, quick(ServerProfile(name="own", command=own[0], args=own[1:]))
        ):
            await until(lambda: controller.running and controller.session is not None, what="the window's session")
            mine = controller.recording
            window.act_watch.trigger()
            dialog = window.findChild(WatchDialog)
            await until(lambda: any(r.running for r in dialog.rows), what="the proxy listed (the list reads again)")
            assert not dialog.open_selected()  # No: the window's session goes on
            assert controller.running and controller.recording is mine
            assert dialog.open_selected()  # Yes: disconnected (the spec's shutdown), then watched
            await until(lambda: not controller.running and controller.recording is not mine, what="the switch")
            assert controller.recording.header["proxied"]["name"] == "watched"
            assert "live from a host" in window.windowTitle()
            assert asked == ["Disconnect the running session?"] * 2
            assert any(mine.method_at(i) == "initialize" for i in range(len(mine)))  # it had run, and ended
    finally:
        p.stdin.close()
        p.wait(30)


def test_the_watch_dialog_keeps_the_proxied_folder_to_the_chosen_cap_and_saves_it_for_the_proxies(
    window_and_controller, tmp_path, qtbot, monkeypatch
):
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path / "run"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    _controller, window = window_and_controller
    folder = prepared_folder()
    header = b'{"format":"mcp-session-inspector/recording","version":4,"proxied":{"command":["x"],"name":"x"}}\n'
    made = {}
    for name, days in (("old-20250101-000000-1.jsonl", 10), ("recent-20250101-000000-2.jsonl", 1)):
        path = folder / name
        path.write_bytes(header)
        when = time.time() - days * 86400
        os.utime(path, (when, when))
        made[name] = path
    window.act_watch.trigger()
    dialog = window.findChild(WatchDialog)
    assert isinstance(dialog, WatchDialog) and dialog.isVisible()
    assert dialog.keep_box.currentData() == DEFAULT_KEEP  # 500 MiB and 30 days: both stay
    assert all(p.exists() for p in made.values())
    assert dialog.usage.text().startswith("2 recordings") and str(folder) in dialog.usage.text()
    dialog.keep_box.setCurrentIndex(dialog.keep_box.findData("100mb-7d"))
    assert not made["old-20250101-000000-1.jsonl"].exists() and made["recent-20250101-000000-2.jsonl"].exists()
    assert dialog.usage.text().startswith("1 recording,")
    # saved where a proxy reads it (settings.ini, read without Qt)
    assert saved_keep(settings=Path(window.settings.fileName())) == "100mb-7d"
    assert [dialog.keep_box.itemData(i) for i in range(dialog.keep_box.count())] == list(KEEP_CHOICES)
    # a language switch words the open dialog again: its title, columns, choices, rows and the folder's line
    translator = QTranslator()
    assert translator.load(str(ROOT / "resources" / "i18n" / "inspector_zh_CN.qm"))
    english = (dialog.windowTitle(), dialog.keep_box.itemText(0), dialog.table.horizontalHeaderItem(0).text())
    QCoreApplication.installTranslator(translator)
    try:
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LanguageChange)
        assert dialog.windowTitle() == QCoreApplication.translate("WatchDialog", "Watch host sessions") != english[0]
        assert dialog.keep_box.itemText(0) != english[1] and dialog.table.horizontalHeaderItem(0).text() != english[2]
        assert dialog.table.item(0, 4).text() == QCoreApplication.translate("WatchDialog", "ended") != "ended"
        assert not dialog.usage.text().startswith("1 recording")
    finally:
        QCoreApplication.removeTranslator(translator)
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LanguageChange)
    assert (dialog.windowTitle(), dialog.keep_box.itemText(0), dialog.table.horizontalHeaderItem(0).text()) == english
    assert dialog.usage.text().startswith("1 recording,")
