"""The real window against the real demo server: diagram and timeline follow the session."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import anyio
import pytest
from detail_reading import raw_text
from peers import FIXTURES
from PySide6.QtCore import Qt
from ui_driver import quick, until, use_profile

from inspector.protocol.lifecycle import State
from inspector.protocol.versions import EraMode
from inspector.session.profiles import ServerProfile, demo_profile
from inspector.session.recording import Direction
from inspector.ui.app import build

pytestmark = pytest.mark.anyio


def misbehave_args(mode: str) -> list[str]:
    return [str(FIXTURES / "misbehave.py"), "--mode", mode]


async def test_window_follows_a_live_session_with_the_demo(window_and_controller):
    controller, window = window_and_controller
    use_profile(window, quick(demo_profile()))
    async with anyio.create_task_group() as tg:
        controller.task_group = tg
        window.connect_selected()
        await until(lambda: controller.session is not None and controller.session.state is State.OPERATING)
        reply = await controller.session.request("tools/list")
        assert reply.ok
        n = len(controller.recording)
        await until(lambda: window.timeline.model.total() >= n and window.diagram.model.state is State.OPERATING)
        model = window.timeline.model
        assert model.rowCount() == n
        methods = [controller.recording.method_at(model.seq_at(r)) for r in range(model.rowCount())]
        assert "initialize" in methods and "tools/list" in methods
        assert window.diagram.model.edge.label == "notifications/initialized →"
        assert "Operating" in window.status.state.text()
        assert window.negotiation.tree.topLevelItemCount() > 0
        # selecting an early row shows the state as of that row
        init_row = next(
            r for r in range(model.rowCount()) if controller.recording.method_at(model.seq_at(r)) == "initialize"
        )
        window.timeline.select_seq(model.seq_at(init_row))
        await until(lambda: window.diagram.model.state is State.INITIALIZING)
        assert not window.act_follow.isChecked()
        window.act_follow.setChecked(True)
        await until(lambda: window.diagram.model.state is State.OPERATING)
        window.controller.end_session()
        await until(lambda: not controller.running, 15)
        await until(lambda: window.diagram.model.state is State.TERMINATED)
        tg.cancel_scope.cancel()
    assert controller.recording.summary["exit_code"] == 0


async def test_step_mode_waits_for_continue(window_and_controller):
    controller, window = window_and_controller
    use_profile(window, quick(demo_profile()))
    window.act_step.setChecked(True)
    async with anyio.create_task_group() as tg:
        controller.task_group = tg
        window.connect_selected()
        await until(lambda: controller.pending_step is not None)
        assert window.stepbar.isVisible()
        assert b'"method":"initialize"' in window.stepbar.pending.raw
        assert "initialize" in window.stepbar.message.toPlainText()
        sent = [i for i in range(len(controller.recording)) if controller.recording.direction_at(i) is Direction.C2S]
        assert sent == []  # nothing on the wire yet
        await anyio.sleep(0.3)
        assert controller.session.state is State.UNINITIALIZED
        window.stepbar.continue_button.click()
        # the server's answer was read and waits to be taken in, shown pretty-printed
        await until(lambda: controller.pending_step is not None and controller.pending_step.direction == "s2c")
        assert (
            "from the server" in window.stepbar.title.text()
            and "answer to initialize" in window.stepbar.explanation.text()
        )
        assert '\n  "result": {' in window.stepbar.message.toPlainText()
        assert controller.session.state is State.INITIALIZING
        # Step back moves the view to the previous entry; the wire stays as it is
        shown = len(controller.recording) - 1
        assert window.step_back() and window.timeline.current_seq() == shown - 1 and not window.act_follow.isChecked()
        window.stepbar.back_button.click()
        assert window.timeline.current_seq() == max(0, shown - 2)
        assert controller.pending_step is not None and controller.pending_step.direction == "s2c"
        window.act_follow.setChecked(True)
        window.act_continue.trigger()
        await until(
            lambda: controller.pending_step is not None and b"notifications/initialized" in controller.pending_step.raw
        )
        assert controller.session.state is State.INITIALIZED
        window.act_continue.trigger()
        await until(lambda: controller.session.state is State.OPERATING)
        # the panels' first requests wait too; Run to end lets everything go
        await until(lambda: controller.pending_step is not None and controller.pending_step.direction == "c2s")
        window.stepbar.run_button.click()
        await until(lambda: not window.stepbar.isVisible())
        await until(lambda: bool(window.panels.panels["tools"].tools))
        controller.end_session()
        await until(lambda: not controller.running, 15)
        tg.cancel_scope.cancel()


async def test_failed_start_shows_stderr_and_the_failure_edge(window_and_controller):
    controller, window = window_and_controller
    profile = quick(demo_profile())
    profile.args = [*profile.args, "--crash-during-initialize"]
    use_profile(window, profile)
    async with anyio.create_task_group() as tg:
        controller.task_group = tg
        window.connect_selected()
        await until(
            lambda: (
                controller.recording is not None and controller.recording.summary is not None and not controller.running
            )
        )
        rec = controller.recording
        await until(lambda: window.timeline.model.total() == len(rec) and window.diagram.model.state is State.FAILED)
        stderr = [i for i in range(len(rec)) if rec.direction_at(i) is Direction.STDERR]
        assert stderr, "the demo's stderr lines are in the timeline"
        assert window.diagram.model.edge.failure
        assert "3" in window.status.exit.text()
        window.timeline.select_seq(stderr[-1])
        await until(lambda: raw_text(window.detail) != "")
        shown = raw_text(window.detail)
        assert shown == rec[stderr[-1]].text.rstrip("\n") or rec[stderr[-1]].text.strip() in shown
        tg.cancel_scope.cancel()


async def test_saved_recording_reopens_with_the_same_rows(window_and_controller, tmp_path):
    controller, window = window_and_controller
    use_profile(window, quick(demo_profile(), era="auto"))
    async with anyio.create_task_group() as tg:
        controller.task_group = tg
        window.connect_selected()
        await until(lambda: controller.session is not None and controller.session.state is State.READY)
        await controller.session.request("tools/list")
        controller.end_session()
        await until(lambda: not controller.running, 15)
        tg.cancel_scope.cancel()
    live = controller.recording
    path = tmp_path / "session.jsonl"
    controller.save_recording(path)
    await until(lambda: window.timeline.model.total() == len(live))
    live_rows = [
        (live.direction_at(i), live.kind_at(i), live.method_at(i), live.raw_at(i), live.state_at(i))
        for i in range(len(live))
    ]
    assert window.files.open_recording_path(str(path))
    opened = controller.recording
    assert opened is not live and opened.read_only
    await until(lambda: window.timeline.model.total() == len(opened))
    rows = [
        (opened.direction_at(i), opened.kind_at(i), opened.method_at(i), opened.raw_at(i), opened.state_at(i))
        for i in range(len(opened))
    ]
    assert rows == live_rows
    assert window.timeline.model.rowCount() == len(live)
    assert controller.mode is EraMode.AUTO
    await until(lambda: window.diagram.model.state is State.TERMINATED)
    assert "read-only" in window.windowTitle()


async def test_bad_input_is_reported_where_it_was_typed(window_and_controller):
    controller, window = window_and_controller
    editor = window.connection.editor
    window.connection.add_server()
    # a new server starts empty and quiet: no '' in the command, no red error before typing
    assert editor.command.text() == ""
    assert not any(label.isVisibleTo(window) for label in editor.errors.values())
    window.connect_selected()  # Connect shows what is missing
    assert editor.errors["command"].isVisibleTo(window) and not controller.running
    editor.command.setText('node "unterminated')
    editor.command.textEdited.emit(editor.command.text())
    label = editor.errors["command"]
    assert label.isVisibleTo(window) and label.text()
    window.connect_selected()
    assert not controller.running
    assert "Fix" in window.statusBar().currentMessage()


def test_profiles_keep_secrets_out_of_the_saved_list(tmp_path):
    from inspector.session.profiles import EnvVar, ProfileStore

    store = ProfileStore(tmp_path)
    p = ServerProfile(
        name="s", command="node", args=["x.js"], env=[EnvVar("TOKEN", "hunter2", secret=True), EnvVar("MODE", "dev")]
    )
    store.save([demo_profile(), p])
    assert b"hunter2" not in (tmp_path / "servers.json").read_bytes()
    assert (tmp_path / "secrets.json").stat().st_mode & 0o077 == 0
    loaded = store.load()
    assert loaded[0].builtin and loaded[1].env[0].value == "hunter2" and loaded[1].env[1].value == "dev"
    assert p.masked_env()["TOKEN"] != "hunter2"


def test_no_display_prints_a_clear_message():
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    proc = subprocess.run([sys.executable, "-m", "inspector"], env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1
    # --self-test picks offscreen by itself where there is no display (it says so), so the hint
    # no longer needs QT_QPA_PLATFORM
    assert "no display" in proc.stderr and "--self-test   (offscreen)" in proc.stderr and "probe --demo" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_screenshot_folder_is_referenced_by_the_readme():
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    assert "screenshots/main-window.png" in readme


async def test_panels_follow_the_negotiated_capabilities(window_and_controller):
    import sys as _sys

    controller, window = window_and_controller
    tools_only = ServerProfile(
        name="tools only",
        command=_sys.executable,
        args=[str(Path(__file__).resolve().parents[1] / "fixtures" / "servers" / "sdk_lowlevel.py"), "--tools-only"],
        era="auto",
        stdin_grace=1.0,
        term_grace=1.0,
    )
    use_profile(window, tools_only)
    async with anyio.create_task_group() as tg:
        controller.task_group = tg
        window.connect_selected()
        await until(lambda: window.panels.shown_keys() == ["tools"], 30)
        hidden = window.panels.hidden.toolTip()
        for reason in ("did not declare prompts", "did not declare resources", "did not declare logging"):
            assert reason in hidden
        assert window.panels.tabs.tabText(0) == "Tools"
        controller.end_session()
        await until(lambda: not controller.running, 15)
        use_profile(window, quick(demo_profile(), era="legacy"))
        window.connect_selected()
        await until(lambda: window.panels.shown_keys() == ["tools", "resources", "prompts", "logs", "tasks"], 30)
        assert not window.panels.hidden.isVisible()
        controller.end_session()
        await until(lambda: not controller.running, 15)
        tg.cancel_scope.cancel()


def test_damaged_recording_opens_with_its_problems_listed(window_and_controller, tmp_path, monkeypatch):
    controller, window = window_and_controller
    lines = [
        b'{"format": "mcp-session-inspector/recording", "version": 1}\n',
        b'{"seq": 0, "t": 0, "dir": "stderr", "raw": "<b>bold</b> server text\\n"}\n',
        b'{"seq": 1, "t": null, "dir": "s2c", "raw": "x"}\n',
        b'{"seq": 2, "t": 0.5, "dir": "event", "raw": "after the bad line"}\n',
        b'{"seq": 3, "t": 0.6, "dir": "s2c", "ra',
    ]
    path = tmp_path / "damaged.jsonl"
    path.write_bytes(b"".join(lines))
    assert window.files.open_recording_path(str(path))
    rec = controller.recording
    assert [rec.raw_at(i) for i in (0, 2)] == [b"<b>bold</b> server text\n", b"after the bad line"]
    assert rec[1].extra["event"] == "unreadable"
    box = window.message_box
    assert box is not None and box.textFormat() == Qt.TextFormat.PlainText
    assert box.text() == "2 lines of damaged.jsonl could not be read; everything else is shown."
    assert box.detailedText().splitlines() == [
        "line 3: 't' is null, not a number",
        "line 5: cut off at the end of the file (the recording stopped mid-line)",
    ]
    box.close()


def test_a_fifo_or_folder_gets_a_message_instead_of_a_hang(window_and_controller, tmp_path, monkeypatch):
    controller, window = window_and_controller
    warnings: list[str] = []
    fifo = tmp_path / "pipe.jsonl"
    os.mkfifo(fifo)
    for path in (fifo, tmp_path):
        assert not window.files.open_recording_path(str(path))
        assert window.message_box.textFormat() == Qt.TextFormat.PlainText
        warnings.append(window.message_box.text())
        window.message_box.close()
    assert warnings == [
        "pipe.jsonl: is a named pipe (FIFO), not a regular file; only recording files can be opened",
        f"{tmp_path.name}: is a folder, not a regular file; only recording files can be opened",
    ]
    assert controller.recording is None


def test_a_large_recording_is_shown_while_it_loads_and_can_be_stopped(
    window_and_controller, tmp_path, monkeypatch, qtbot
):
    """Over the size threshold the window shows the first entries at once and reads the rest a
    slice at a time behind the status bar's progress; Stop keeps what was read."""
    from inspector.session import recording_load as recording_module
    from inspector.ui import opening

    controller, window = window_and_controller
    path = tmp_path / "large.jsonl"
    with open(path, "wb") as f:
        f.write(b'{"format": "mcp-session-inspector/recording", "version": 1}\n')
        for i in range(12000):  # 12 MB: over the threshold
            f.write(b'{"seq": %d, "t": %d, "dir": "stderr", "raw": "%s"}\n' % (i, i, b"x" * 1000))
    monkeypatch.setattr(opening, "FIRST_SLICE_S", 0.0)  # one block, then the rest in slices
    monkeypatch.setattr(opening, "SLICE_S", 0.0)
    monkeypatch.setattr(recording_module, "READ_BLOCK", 256 << 10)
    assert window.files.open_recording_path(str(path))
    rec = controller.recording
    assert rec.loading and rec.read_only and 0 < len(rec) < 12000 and window.files.is_loading()
    indicator = window.files.indicator
    assert indicator.isVisible() and "large.jsonl" in indicator.label.text()
    assert window.timeline.model.rowCount() > 0  # usable while it loads
    assert window.timeline.select_seq(len(rec) - 1)
    assert not window.replay.isVisible()  # played back once loaded
    window.files.save_recording()  # not while it loads
    assert "loaded" in window.statusBar().currentMessage()
    qtbot.waitUntil(lambda: not rec.loading and window.timeline.model.total() == 12000, timeout=30000)
    assert len(rec) == 12000 and rec.load_problem_count == 0 and not window.files.is_loading()
    assert not indicator.isVisible()
    assert controller.recording is rec and rec.raw_at(11999) == b"x" * 1000
    qtbot.waitUntil(window.replay.isVisible)

    # Stop: the entries read so far stay, no message about unreadable lines
    window.message_box = None
    assert window.files.open_recording_path(str(path))
    partial = controller.recording
    assert partial is not rec and partial.loading
    indicator.stop_button.click()
    assert not partial.loading and 0 < len(partial) < 12000 and not window.files.is_loading()
    assert "partly loaded" in window.windowTitle() and window.message_box is None
    assert window.timeline.model.total() == len(partial)

    # another file opened while one loads: the first stops quietly
    assert window.files.open_recording_path(str(path))
    first = controller.recording
    assert window.files.open_recording_path(str(path))
    assert not first.loading and controller.recording is not first
    qtbot.waitUntil(lambda: not controller.recording.loading, timeout=30000)
    assert len(controller.recording) == 12000


async def test_every_session_starts_from_a_clean_slate(window_and_controller):
    """Tools, results and timeline filters of one server never show under the next one, not
    even when the next one fails to start."""
    controller, window = window_and_controller
    tools = window.panels.panels["tools"]
    use_profile(window, quick(demo_profile()))
    async with anyio.create_task_group() as tg:
        controller.task_group = tg
        window.connect_selected()
        await until(lambda: controller.session is not None and controller.session.state is State.OPERATING)
        await until(lambda: len(tools.tools) > 1)
        assert tools.select_tool("echo")
        tools.editor.set_value({"message": "from the demo"})
        assert tools.call_selected()
        await until(lambda: not tools.feature.calling and tools.result.last_reply is not None)
        window.timeline.model.update_filter(only_violations=True)
        assert window.timeline.model.filter().active
        controller.end_session()
        await until(lambda: not controller.running, 15)

        broken = ServerProfile(name="broken", command="/nonexistent/mcp-server", era="legacy")
        use_profile(window, broken)
        window.connect_selected()
        await until(
            lambda: (
                not controller.running
                and controller.recording is not None
                and controller.recording.header.get("server_name") == "broken"
            )
        )
        assert tools.tools == [] and tools.list.count() == 0 and tools.current is None
        assert tools.result.last_reply is None and tools.result.content.cards() == []
        assert not window.timeline.model.filter().active
        await until(lambda: window.timeline.model.rowCount() == len(controller.recording) > 0)
        assert window.panels.tabs.count() == 0 and window.panels.placeholder.isVisibleTo(window.panels)

        use_profile(window, quick(ServerProfile(name="good", command=sys.executable, args=misbehave_args("good"))))
        window.connect_selected()
        await until(lambda: controller.session is not None and controller.session.state is State.OPERATING)
        await until(lambda: tools.tools)
        assert [t["name"] for t in tools.tools] == ["echo"]
        assert tools.result.last_reply is None
        controller.end_session()
        await until(lambda: not controller.running, 15)
        tg.cancel_scope.cancel()


def test_saving_suggests_a_name_and_remembers_the_folder(window_and_controller, tmp_path):
    from inspector.session.file_words import suggested_recording_name
    from inspector.session.recording import Recording

    assert (
        suggested_recording_name({"server_name": "Demo server (built in)", "created": "2026-11-23T09:00:07+0000"})
        == "Demo-server--built-in-20261123-090007.jsonl"
    )
    assert suggested_recording_name({"server_name": "../../etc/passwd"}) == "etc-passwd.jsonl"
    assert suggested_recording_name({}) == "session.jsonl"
    controller, window = window_and_controller
    controller.recording = window.recording = Recording({"server_name": "x"})
    folder = tmp_path / "kept"
    folder.mkdir()
    assert window.files.save_recording_to(str(folder / "first"))
    assert (folder / "first.jsonl").is_file()
    assert window.files.recordings_dir() == str(folder)


async def test_a_failure_banner_names_the_rule_and_shows_stderr_until_the_next_session(window_and_controller):
    controller, window = window_and_controller
    banner = window.banner
    use_profile(window, quick(ServerProfile(name="crashes", command=sys.executable, args=misbehave_args("crash-init"))))
    async with anyio.create_task_group() as tg:
        controller.task_group = tg
        window.connect_selected()
        await until(lambda: banner.isVisibleTo(window) and not controller.running)
        assert banner.headline.text() == "The session failed: the server exited before the session was established"
        assert banner.rules.text().startswith("lifecycle.exited-during-initialize — ")
        assert "exit code 3" in banner.exit.text()
        assert "Error: config file /etc/x.toml not found" in banner.stderr.text()
        assert banner.stderr.textFormat() == Qt.TextFormat.PlainText
        banner.show_button.click()
        assert window.timeline.current_seq() == banner.report.seq
        # a version the client does not support: named, not a plain "Terminated"
        use_profile(
            window, quick(ServerProfile(name="odd version", command=sys.executable, args=misbehave_args("bad-version")))
        )
        window.connect_selected()
        await until(
            lambda: not controller.running and banner.isVisibleTo(window) and "1999-01-01" in banner.headline.text()
        )
        assert "lifecycle.version-unsupported" in banner.rules.text()
        # the next good session starts without it
        use_profile(window, quick(ServerProfile(name="good", command=sys.executable, args=misbehave_args("good"))))
        window.connect_selected()
        await until(lambda: controller.session is not None and controller.session.state is State.OPERATING)
        assert not banner.isVisibleTo(window)
        controller.end_session()
        await until(lambda: not controller.running, 15)
        assert not banner.isVisibleTo(window)  # a clean shutdown is no failure
        tg.cancel_scope.cancel()


def test_the_layout_comes_back_after_a_restart_and_can_be_reset(qapp, tmp_path):
    from PySide6.QtCore import Qt as _Qt

    controller, window = build(qapp, config=tmp_path)
    window.resize(1400, 900)
    window.show()
    qapp.processEvents()
    window.resizeDocks([window.features_dock], [640], _Qt.Orientation.Horizontal)
    window.features_dock.setFloating(True)
    qapp.processEvents()
    window.close()
    window.deleteLater()
    qapp.processEvents()

    controller, again = build(qapp, config=tmp_path)
    again.show()
    qapp.processEvents()
    assert again.features_dock.isFloating()  # the dock state came back
    assert again.settings.value("geometry") is not None  # (sizes: the offscreen screen clamps them)
    again.act_reset_layout.trigger()
    qapp.processEvents()
    assert not again.features_dock.isFloating() and again.settings.value("window_state") is None
    again.close()
    again.deleteLater()


def test_a_hand_edited_store_is_said_at_start_in_the_windows_language(qapp, tmp_path):
    """servers.json with a setting of the wrong type: the server is still listed, and the
    status bar names the file and the JSON path, worded in the window's language (the
    importer's located problems, translated as the import dialog translates them)."""
    import orjson
    from PySide6.QtCore import QSettings

    from inspector.session.profiles import ProfileStore, ServerProfile

    store = ProfileStore(tmp_path)
    store.save([ServerProfile(name="edited", command="node")])
    doc = orjson.loads(store.path.read_bytes())
    doc["servers"][0]["connect_timeout"] = "ten"
    store.path.write_bytes(orjson.dumps(doc))
    QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat).setValue("language", "zh_CN")
    controller, window = build(qapp, config=tmp_path)
    try:
        said = window.statusBar().currentMessage()
        assert "servers.json: $.servers[0].connect_timeout: 应为数字，实际为字符串；使用默认值" in said, said
        assert "edited" in [p.name for p in window.connection.profiles]
    finally:
        window.languages.set_choice("en")
        window.close()
        window.deleteLater()
        qapp.processEvents()


def test_the_app_paints_first_and_lists_the_saved_servers_right_after(qapp, qtbot, tmp_path):
    """The app's start (``build(..., servers_after_paint=True)``): the window is made with the
    demo alone; closed before it has read the files, it leaves them as they were; shown, it
    lists the saved servers just after its first paint, the demo with the user's saved settings
    and in the window's language, the problems in the status bar."""
    import orjson
    from PySide6.QtCore import QSettings

    from inspector.session.profiles import DEMO_ID, ProfileStore, ServerProfile, demo_args

    store = ProfileStore(tmp_path)
    saved_demo = demo_profile()
    saved_demo.connect_timeout = 42.0
    store.save([saved_demo, ServerProfile(name="saved one", command="node"), ServerProfile(name="two", command="x")])
    doc = orjson.loads(store.path.read_bytes())
    doc["servers"][2]["connect_timeout"] = "ten"
    store.path.write_bytes(orjson.dumps(doc))
    files = (store.path.read_bytes(), store.secrets_path.read_bytes())
    QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat).setValue("language", "zh_CN")

    controller, window = build(qapp, config=tmp_path, servers_after_paint=True)
    assert [p.id for p in window.connection.profiles] == [DEMO_ID] and window.connection.list.count() == 1
    window.close()  # saves the servers it lists: not before it has read them
    qapp.processEvents()
    assert (store.path.read_bytes(), store.secrets_path.read_bytes()) == files
    window.languages.set_choice("en")  # its Chinese translator out of the application again
    QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat).setValue("language", "zh_CN")
    window.deleteLater()
    qapp.processEvents()

    controller, window = build(qapp, config=tmp_path, servers_after_paint=True)
    try:
        assert window.connection.list.count() == 1
        window.show()
        qtbot.waitUntil(lambda: window.connection.list.count() == 3, timeout=10000)
        assert window.profiles is window.connection.profiles
        assert [p.name for p in window.profiles][1:] == ["saved one", "two"]
        demo = window.profiles[0]
        assert demo.id == DEMO_ID and demo.connect_timeout == 42.0 and demo.args == demo_args("zh_CN")
        assert window.connection.list.currentRow() == 0
        said = window.statusBar().currentMessage()
        assert "servers.json: $.servers[2].connect_timeout: 应为数字，实际为字符串；使用默认值" in said, said
        window.profiles[1].name = "renamed"
        window.save_profiles()  # read: saved again as usual
        assert [s["name"] for s in orjson.loads(store.path.read_bytes())["servers"]][1] == "renamed"
    finally:
        window.languages.set_choice("en")
        window.close()
        window.deleteLater()
        qapp.processEvents()


def test_the_feature_panels_are_made_just_after_the_first_paint(qapp, qtbot, tmp_path):
    """The app's start leaves the feature panels (hidden until a session says which it
    supports) until just after the first paint: the Features dock shows its placeholder as it
    would with them; once painted they are made, and an entry a panel asks for reaches the
    window. Made any other way (the screenshots, the self-test), the window has them at once."""
    controller, window = build(qapp, config=tmp_path, servers_after_paint=True)
    try:
        host = window.panels
        assert not host.made
        assert host.placeholder.isVisibleTo(host) and not host.tabs.isVisibleTo(host)
        text = host.placeholder.text()
        window.show()
        qtbot.waitUntil(lambda: host.made, timeout=10000)
        assert set(host.panels) == {"tools", "resources", "prompts", "logs", "tasks"}
        assert host.placeholder.isVisibleTo(host) and host.placeholder.text() == text
        assert not host.tabs.isVisibleTo(host) and host.tabs.count() == 0
        asked: list[int] = []
        host.entryActivated.connect(asked.append)
        host.panels["logs"].entryActivated.emit(7)
        assert asked == [7]
    finally:
        window.close()
        window.deleteLater()
        qapp.processEvents()
    controller, window = build(qapp, config=tmp_path / "other")
    try:
        assert window.panels.made
    finally:
        window.close()
        window.deleteLater()
        qapp.processEvents()


def test_panels_made_later_are_made_when_first_needed(qapp):
    from inspector.ui.controller import SessionController
    from inspector.ui.panels import PanelHost

    host = PanelHost(SessionController(), build_later=True)
    assert not host.made
    assert host.show_panel("tools") is False  # hidden: no session; made to answer
    assert host.made
    host.build_panels()  # once only
    assert host.frame("tools").widget() is host.panels["tools"]
    later = PanelHost(SessionController(), build_later=True)
    assert "tools" in later.panels and later.made
    host.deleteLater()
    later.deleteLater()


def test_damaged_settings_take_their_defaults_and_are_said_in_the_windows_language(qapp, tmp_path):
    """settings.ini edited by hand: a theme, layout, step-bar flag and presenter flag the
    window does not know are read as their defaults (session/settings.py), never used as they
    are; the status bar names each, in the window's language; the clean language is kept."""
    from PySide6.QtCore import QSettings

    ini = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    for key, value in (
        ("language", "zh_CN"),
        ("theme", "blue"),
        ("layout", "presenter"),
        ("presenting", "maybe"),
        ("stepbar/details/debugging", "sometimes"),
    ):
        ini.setValue(key, value)
    ini.sync()
    controller, window = build(qapp, config=tmp_path)
    try:
        assert (window.languages.choice, window.themes.choice) == ("zh_CN", "system")
        assert (window.layouts.base_layout, window.layouts.presenting) == ("debugging", False)
        assert not window.stepbar.details_shown  # Debugging's default: folded
        notes = sorted((n.key, n.value) for n in window.settings_notes)
        assert notes == [
            ("layout", "presenter"),
            ("presenting", "maybe"),
            ("stepbar/details/debugging", "sometimes"),
            ("theme", "blue"),
        ]
        said = window.statusBar().currentMessage()
        for key, value in notes:
            assert f"settings.ini：无法读取 {key}（{value!r}）；使用默认值" in said, said
        assert window.files.recordings_dir() == str(Path.home())  # none saved: the home folder
    finally:
        window.languages.set_choice("en")
        window.close()
        window.deleteLater()
        qapp.processEvents()


def test_a_damaged_recording_header_is_said_at_its_json_path(window_and_controller, tmp_path):
    """A recording whose header has a member of the wrong type (edited by hand): it opens, the
    member takes its default, and the status bar names the file and the JSON path."""
    import orjson

    from inspector.session.recording import FORMAT, FORMAT_VERSION

    controller, window = window_and_controller
    path = tmp_path / "edited.jsonl"
    header = {"format": FORMAT, "version": FORMAT_VERSION, "era_mode": "sometimes", "server_name": "x"}
    path.write_bytes(orjson.dumps(header) + b"\n")
    assert window.files.open_recording_path(str(path))
    rec = controller.recording
    assert rec.header.get("era_mode") is None and rec.header["server_name"] == "x"
    said = window.statusBar().currentMessage()
    assert "edited.jsonl: $.era_mode: expected auto, legacy or modern; the default (auto) is used" in said, said


#: Modules the app imports on first use, not to start: what the window's first paint does
#: without (about 15 ms of CPU for the schema library alone; ``benchmarks/startup_cpu.py``).
NOT_AT_FIRST_PAINT = (
    "jsonschema_rs",  # protocol/schema: on the first compile (the tools panel's empty form: on its first check)
    "pydantic",  # session/documents: the saved servers are read just after the first paint
    "inspector.session.documents",
    "inspector.session.host_logs",  # ui/window_files: when a file is opened
    "inspector.ui.host_log_open",
    "inspector.ui.import_dialog",  # Import and Export: on first use
    "inspector.session.import_view",
    "inspector.session.imports",  # the importer: probe --config; the parsers' --format choices do without it
    "inspector.session.config_files",
    "uritemplate",  # protocol/uri_template: when a template is expanded
    "dotenv",  # session/imports: an envFile
    "inspector.ui.panels.tools",  # the feature panels: made just after the first paint
    "inspector.ui.panels.resources",
    "inspector.ui.panels.prompts",
    "inspector.ui.panels.logs",
    "inspector.ui.panels.tasks",
    "inspector.ui.content",  # the content cards: the panels', and the detail pane's Save bytes dialog
    "inspector.session.content_blocks",
    "inspector.ui.authorization",  # the Authorization tab's view: when a recording is shown
    "inspector.session.auth_view",
)

#: Run by ``python -c`` as ``python -m inspector`` runs: at the first paint, the modules of
#: NOT_AT_FIRST_PAINT that are loaded, as a JSON list on stderr.
_PAINT_PROBE = """
import json, sys
import inspector.cli
lazy = json.loads(sys.argv[1])

class Out:
    def __init__(self, out):
        self.out = out
    def write(self, text):
        if "first-paint" in text:
            sys.stderr.write("loaded " + json.dumps([m for m in lazy if m in sys.modules]) + "\\n")
        return self.out.write(text)
    def __getattr__(self, name):
        return getattr(self.out, name)

sys.stdout = Out(sys.stdout)
sys.exit(inspector.cli.main([]))
"""


def test_the_first_paint_imports_none_of_what_is_imported_on_first_use(tmp_path):
    """The app started as a user starts it (``python -m inspector``, offscreen, a fresh config
    folder): when the window has painted, none of the modules kept for first use is loaded;
    then in this process the tools panel's empty form still judges a value (compiling its
    schema on demand)."""
    import json

    from inspector.ui.schema_form import SchemaForm

    env = dict(
        os.environ,
        QT_QPA_PLATFORM="offscreen",
        XDG_CONFIG_HOME=str(tmp_path),
        HOME=str(tmp_path),  # no host file of this machine's user is read (nor an attached URL server served)
        XDG_DATA_HOME=str(tmp_path / "data"),
        MCP_INSPECTOR_EXIT_AFTER_FIRST_PAINT="1",
    )
    proc = subprocess.run(
        [sys.executable, "-c", _PAINT_PROBE, json.dumps(NOT_AT_FIRST_PAINT)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    said = [line for line in proc.stderr.splitlines() if line.startswith("loaded ")]
    assert proc.returncode == 0 and "first-paint" in proc.stdout and said, proc.stderr[-2000:]
    assert json.loads(said[0].removeprefix("loaded ")) == []
    form = SchemaForm()  # as the tools panel makes its editor: an object of no properties
    assert form.model.check({}).ok is True and form.model.check({"any": 1}).ok is True
    refused = form.model.check([1])
    assert refused.ok is False and refused.problems
