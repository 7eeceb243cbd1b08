"""Render the real app offscreen against the built-in demo server and write PNGs to screenshots/.

    QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/screenshots.py [--only NAME] [--out DIR]

Each shot starts the real window (fresh config folder), connects to the demo server through
the real session, waits for the state it wants to show, and grabs the window.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
OUT = ROOT / "screenshots"

import anyio  # noqa: E402
import qasync  # noqa: E402
from PySide6.QtCore import QCoreApplication, Qt  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from inspector.protocol.lifecycle import State  # noqa: E402
from inspector.session.profiles import ServerProfile, demo_profile  # noqa: E402
from inspector.ui.app import build  # noqa: E402


async def wait_for(predicate, timeout: float = 20.0) -> None:
    with anyio.fail_after(timeout):
        while not predicate():
            await anyio.sleep(0.02)


async def settle(app: QApplication, seconds: float = 0.3) -> None:
    """Let timers (timeline batches, diagram animation) and pending events run: the qasync loop
    is Qt's own, so sleeping on it is enough (a nested processEvents() here re-entered the loop
    from inside a task and now and then failed); grab() paints what is current."""
    await anyio.sleep(seconds)
    await anyio.sleep(0)


def save(window, name: str) -> Path:
    OUT.mkdir(exist_ok=True)
    path = OUT / f"{name}.png"
    window.grab().save(str(path))
    print(f"wrote {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")
    return path


async def session_shot(
    app,
    name: str,
    *,
    era: str = "legacy",
    version: str = "",
    demo_args=(),
    language: str = "en",
    step: bool = False,
    requests=(),
    select_last_of: str | None = None,
    theme: str = "light",
    expect_failure: bool = False,
    http: str = "",
    http_tab: bool = False,
    steps: int = 0,
    presenter: bool = False,
    size: tuple[int, int] = (1600, 1000),
    shutdown: bool = False,
    layout: str = "",
) -> None:
    if (
        http
    ):  # the official SDK's server on 127.0.0.1, for this shot only: over Streamable HTTP, or HTTP+SSE found by auto
        sys.path.insert(0, str(ROOT / "tests"))
        from peers import HttpPeer, free_port, sdk_http_server

        port = free_port()
        fallback = http == "fallback"
        peer = (
            HttpPeer(sdk_http_server(port, "--sse"), port, path="/sse")
            if fallback
            else HttpPeer(sdk_http_server(port), port)
        )
        with peer:
            await _session_shot(
                app,
                name,
                era=era,
                language=language,
                requests=requests,
                select_last_of=select_last_of,
                theme=theme,
                url=peer.url,
                transport="http-auto" if fallback else "streamable-http",
                http_tab=http_tab,
            )
        return
    await _session_shot(
        app,
        name,
        era=era,
        version=version,
        demo_args=demo_args,
        language=language,
        step=step,
        requests=requests,
        select_last_of=select_last_of,
        theme=theme,
        expect_failure=expect_failure,
        steps=steps,
        presenter=presenter,
        size=size,
        shutdown=shutdown,
        layout=layout,
    )


async def _session_shot(
    app,
    name: str,
    *,
    era: str = "legacy",
    version: str = "",
    demo_args=(),
    language: str = "en",
    step: bool = False,
    requests=(),
    select_last_of: str | None = None,
    theme: str = "light",
    expect_failure: bool = False,
    url: str = "",
    transport: str = "",
    http_tab: bool = False,
    steps: int = 0,
    presenter: bool = False,
    size: tuple[int, int] = (1600, 1000),
    shutdown: bool = False,
    layout: str = "",
) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        controller, window = build(app, config=Path(tmp))
        window.themes.set_choice(theme)
        if language != "en":
            window.languages.set_choice(language)
        async with anyio.create_task_group() as tg:
            controller.task_group = tg
            w = window
            w.resize(*size)
            w.show()
            if layout:  # View → Debugging layout / Teaching layout
                w.layouts.choose_layout(layout)
            w.layouts.set_presenter(presenter)
            profile = demo_profile(window.languages.effective())  # the demo speaks the window's language
            if url:
                profile = ServerProfile(
                    name="SDK server over HTTP", command="", transport=transport, url=url, id=profile.id
                )
            profile.era = era
            profile.protocol_version = version
            profile.args = [*profile.args, *demo_args]
            profile.stdin_grace = 0.5
            profile.term_grace = 0.5
            w.profiles[0] = profile
            w.connection.profiles[0] = profile
            w.connection.show_profiles(0)
            w.connection.editor.set_profile(profile)
            w.act_step.setChecked(step)
            w.connect_selected()
            if step:
                await wait_for(lambda: controller.pending_step is not None)
                for _ in range(steps):  # let this many messages through first
                    shown = controller.pending_step
                    controller.continue_step()
                    await wait_for(
                        lambda shown=shown: controller.pending_step is not None and controller.pending_step is not shown
                    )
                if shutdown:  # Disconnect while stepping: the first shutdown step waits
                    controller.run_to_end()
                    await wait_for(
                        lambda: (
                            controller.session is not None
                            and controller.session.state in (State.OPERATING, State.READY)
                        )
                    )
                    await settle(app, 0.5)
                    controller.session.gate.enabled = True  # step mode again, for the shutdown
                    w.act_disconnect.trigger()
                    await wait_for(
                        lambda: controller.pending_step is not None and controller.pending_step.direction == "shutdown"
                    )
                await settle(app, 0.8)
                save(w, name)
            elif expect_failure:
                await wait_for(lambda: not controller.running)
                await settle(app, 0.8)
                rec = controller.recording
                from inspector.session.recording import Direction

                stderr_rows = [i for i in range(len(rec)) if rec.direction_at(i) is Direction.STDERR]
                if stderr_rows:
                    w.timeline.select_seq(stderr_rows[-1])
                    w.act_follow.setChecked(True)  # the diagram keeps showing the final state
                await settle(app, 0.8)
                save(w, name)
            else:
                await wait_for(
                    lambda: (
                        controller.session is not None and controller.session.state in (State.OPERATING, State.READY)
                    )
                )
                for method, params in requests:
                    try:
                        await controller.session.request(method, params, timeout=10)
                    except Exception as exc:  # a shot must still be taken
                        print(f"  {method}: {exc}")
                await settle(app, 0.6)
                rec = controller.recording
                if select_last_of:
                    rows = [i for i in range(len(rec)) if rec.method_at(i) == select_last_of]
                    if rows:
                        w.timeline.select_seq(rows[-1])
                        w.act_follow.setChecked(True)
                if http_tab:
                    w.detail.tabs.setCurrentIndex(1)
                await settle(app, 0.9)
                save(w, name)
            controller.end_session()
            await wait_for(lambda: not controller.running, 15)
            tg.cancel_scope.cancel()
        w.languages.set_choice("en")  # its translators live on the shared app: the next shot is English
        w.close()
        w.deleteLater()
        await anyio.sleep(0.05)  # the loop deletes what deleteLater() scheduled


async def panel_shot(
    app,
    name: str,
    *,
    era: str,
    panel: str,
    act,
    dialog: bool = False,
    language: str = "en",
    size: tuple[int, int] | None = None,
    server: tuple[str, ...] = (),
) -> None:
    """Connect to the demo (or the fixture server ``server``: argv after the Python interpreter), bring
    ``panel`` to the front, let ``act`` populate it, grab. With ``size`` the window has that size and
    its default dock widths; without, 1600x1000 with a wide Features dock."""
    with tempfile.TemporaryDirectory() as tmp:
        controller, w = build(app, config=Path(tmp))
        w.themes.set_choice("light")
        if language != "en":
            w.languages.set_choice(language)
        async with anyio.create_task_group() as tg:
            controller.task_group = tg
            w.resize(*(size or (1600, 1000)))
            w.show()
            if size is None:
                w.resizeDocks([w.dock, w.features_dock], [250, 760], Qt.Orientation.Horizontal)
            profile = (
                ServerProfile(name=server[-1], command=sys.executable, args=[str(ROOT / server[0]), *server[1:]])
                if server
                else demo_profile()
            )
            profile.era = era
            profile.stdin_grace = 0.5
            profile.term_grace = 0.5
            w.profiles[0] = profile
            w.connection.profiles[0] = profile
            w.connection.editor.set_profile(profile)
            w.connect_selected()
            await wait_for(
                lambda: controller.session is not None and controller.session.state in (State.OPERATING, State.READY)
            )
            await wait_for(lambda: panel in w.panels.shown_keys())
            w.panels.show_panel(panel)
            await settle(app, 0.5)
            target = await act(w, controller, w.panels.panels[panel])
            await settle(app, 0.8)
            if dialog and target is not None:
                OUT.mkdir(exist_ok=True)
                target.grab().save(str(OUT / f"{name}.png"))
                print(f"wrote {OUT / (name + '.png')}")
            else:
                save(w, name)
            controller.end_session()
            await wait_for(lambda: not controller.running, 15)
            tg.cancel_scope.cancel()
        w.languages.set_choice("en")  # its translators live on the shared app: the next shot is English
        w.close()
        w.deleteLater()
        await anyio.sleep(0.05)  # the loop deletes what deleteLater() scheduled


async def act_composer(w, controller, panel):
    """The composer with a hand-written tools/call that lacks its tool name, judged live."""
    composer = w.tools.open_composer("tools/call")
    composer.resize(640, 520)
    composer.set_text(
        '{\n  "jsonrpc": "2.0",\n  "id": 7,\n  "method": "tools/call",\n  "params": {"arguments": {"text": "hi"}}\n}'
    )
    composer.send()  # breaks the schema: the first press asks for a second
    await anyio.sleep(0.3)
    return composer


async def _reopen(w, controller, name: str) -> None:
    """Disconnect, save the session's recording and open it again (read-only)."""
    controller.end_session()
    await wait_for(lambda: not controller.running, 15)
    path = Path(tempfile.mkdtemp()) / f"{name}.jsonl"
    controller.save_recording(path)
    w.files.open_recording_path(str(path))
    await wait_for(lambda: w.recording is not None and w.recording.read_only)


async def act_replay(w, controller, panel):
    """A recording of this session, opened and played back to a row with a violation."""
    await controller.session.send_text('{"jsonrpc":"1.0","id":"v1","method":"ping"}', wait=5)
    await controller.session.request("tools/list")
    await _reopen(w, controller, "replay")
    w.replay.speed.setCurrentIndex(w.replay.speed.findData(2.0))
    w.replay.next_violation()
    await anyio.sleep(0.5)


async def act_reanalyse(w, controller, panel):
    """A recording made by an older inspector (its verdicts on the hand-written ping left out
    of the file), opened and judged again with the current rules: what changed."""
    await controller.session.send_text('{"jsonrpc":"1.0","id":"v1","method":"ping"}', wait=5)
    await controller.session.request("tools/list")
    controller.end_session()
    await wait_for(lambda: not controller.running, 15)
    path = Path(tempfile.mkdtemp()) / "older.jsonl"
    controller.save_recording(path)
    lines = []
    for line in path.read_text(encoding="utf-8").splitlines():
        entry = json.loads(line)
        if entry.get("violations"):
            entry["violations"] = []
        lines.append(json.dumps(entry, ensure_ascii=False))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    w.files.open_recording_path(str(path))
    await wait_for(lambda: w.recording is not None and w.recording.read_only)
    await wait_for(lambda: w.timeline.model.total() == len(w.recording))
    w.files.reanalyse()
    await anyio.sleep(0.3)
    return w.message_box


async def act_compare(w, controller, panel):
    """Release 2 of the surface fixture listed whole in the window's session, then compared
    (File > Compare sessions…) with a recording of release 1 made here: the compare view."""
    from inspector.session.operations import ListPager
    from inspector.session.surface import KINDS, LIST_METHODS
    from inspector.ui.compare_view import open_compare

    for kind in KINDS:
        await ListPager(LIST_METHODS[kind], kind).fetch(controller.session, 50)
    before = await _record_release(1, Path(tempfile.mkdtemp()) / "release-1.jsonl")
    controller.end_session()
    await wait_for(lambda: not controller.running, 15)
    dialog = open_compare(w, before, w.recording)
    dialog.resize(1100, 640)
    for i in range(dialog.surface_tree.topLevelItemCount()):
        dialog.surface_tree.topLevelItem(i).setExpanded(True)
    tools = dialog.surface_tree.topLevelItem(1)
    for j in range(tools.childCount()):
        tools.child(j).setExpanded(tools.child(j).text(0).startswith(("add:", "search:")))
    return dialog


async def _record_release(n: int, path: Path) -> Path:
    """Release ``n`` of tests/fixtures/servers/sdk_surface.py, every list fetched, recorded to ``path``."""
    from inspector.protocol.engine import ClientConfig
    from inspector.protocol.versions import EraMode
    from inspector.session import Session
    from inspector.session.core import SessionOptions
    from inspector.session.operations import ListPager
    from inspector.session.surface import KINDS, LIST_METHODS
    from inspector.transport.base import StdioSpec

    argv = [sys.executable, str(ROOT / "tests/fixtures/servers/sdk_surface.py"), "--release", str(n)]
    options = SessionOptions(
        transport=StdioSpec(argv=argv), config=ClientConfig(era=EraMode.LEGACY), record_path=path, term_grace=2.0
    )
    async with Session(options) as session:
        await session.start()
        for kind in KINDS:
            await ListPager(LIST_METHODS[kind], kind).fetch(session, 50)
    return path


async def act_doctor(w, controller, panel):
    """Diagnose (the failure banner's, the server list's) on a server that prints a banner on stdout
    before the handshake: the doctor's dialog, filled check by check, stopped at the failure."""
    from inspector.ui.doctor_dialog import run_diagnosis

    controller.end_session()
    await wait_for(lambda: not controller.running, 15)
    noisy = ServerProfile(
        name="noisy",
        command=sys.executable,
        args=[str(ROOT / "tests/fixtures/servers/misbehave.py"), "--mode", "noise"],
    )
    noisy.era = "legacy"
    dialog = run_diagnosis(w, noisy)
    dialog.resize(900, 520)
    await wait_for(lambda: dialog.diagnosis is not None, 30)
    return dialog


async def act_replay_panels(w, controller, panel):
    """A recording of this session, opened and replayed to the answer of a tool call: the
    feature panels show what the client knew by then, read-only."""
    session = controller.session
    await session.request("logging/setLevel", {"level": "debug"})
    await session.request("tools/list")
    await session.request("tools/call", {"name": "log_levels", "arguments": {}})
    await session.request("tools/call", {"name": "echo", "arguments": {"message": "played back from the recording"}})
    await session.request("prompts/list")
    await _reopen(w, controller, "replay-panels")
    rec = w.recording
    await wait_for(lambda: w.timeline.model.total() == len(rec))
    row = next(
        i
        for i in range(len(rec))
        if rec.method_at(i) == "tools/call" and rec.direction_at(i).label == "s2c" and b"played back" in rec.raw_at(i)
    )
    w.timeline.select_seq(row)
    w.panels.show_panel("tools")
    await anyio.sleep(0.5)


async def act_sequence(w, controller, panel):
    """The sequence view of a short session with a hand-written message that breaks a rule."""
    await controller.session.request("tools/list")
    await controller.session.send_text('{"jsonrpc":"1.0","id":"v1","method":"ping"}', wait=5)
    await controller.session.request("prompts/list")
    w.views.setCurrentWidget(w.sequence)
    await anyio.sleep(0.3)
    rec = controller.recording
    w.timeline.select_seq(
        next(i for i in range(len(rec)) if rec.method_at(i) == "tools/list" and rec.direction_at(i).label == "s2c")
    )
    await anyio.sleep(0.3)


async def act_tools(w, controller, panel):
    panel.select_tool("media")
    await anyio.sleep(0.3)
    panel.call_selected()
    await anyio.sleep(1.0)


async def act_tool_form_errors(w, controller, panel):
    """A long form at 1280x720 called with its required fields empty: each error under its field."""
    panel.select_tool("order_pizza")
    await anyio.sleep(0.3)
    panel.editor.form.field("quantity").line.setText("0")
    panel.call_selected()
    await anyio.sleep(0.3)
    panel.details_scroll.ensureWidgetVisible(panel.editor.form.field("quantity").editor, 0, 120)


async def act_negotiation(w, controller, panel):
    """The Negotiation tab at 1280x720: what each side offered, the server's instructions in their box."""
    w.tabs.setCurrentWidget(w.negotiation)
    await anyio.sleep(0.3)


async def act_resources(w, controller, panel):
    panel.read_uri("demo://static/logo.png")
    await anyio.sleep(1.0)


async def act_prompts(w, controller, panel):
    panel.list_view.select_where("name", "greeting")
    await anyio.sleep(0.3)
    for field_name, text in (("name", "Ada"), ("style", "pirate")):
        if field_name in panel.fields:
            panel.fields[field_name].setText(text)
    panel.get_selected()
    await anyio.sleep(1.0)


async def act_logs(w, controller, panel):
    await controller.session.request("tools/call", {"name": "log_levels", "arguments": {}})
    await anyio.sleep(0.5)


async def act_flagged_answer(w, controller, panel):
    """The Tools panel waiting on tools/list whose answer came with a wrong id: the note says so,
    and its button has selected that answer in the timeline."""
    await wait_for(lambda: (panel.wait_state("tools/list") or False) and panel.wait_state("tools/list").unmatched)
    await anyio.sleep(0.2)
    panel.wait_note("tools/list").buttons[0].click()


async def _run_as_task(w, steps: int, step_ms: int):
    tools = w.panels.panels["tools"]
    w.panels.show_panel("tools")
    tools.select_tool("long_running")
    await anyio.sleep(0.3)
    tools.task_box.setChecked(True)
    tools.editor.set_value({"steps": steps, "step_ms": step_ms})
    tools.call_selected()
    return tools


async def act_tasks(w, controller, panel):
    """A finished task run from the Tools panel, followed by the Tasks panel."""
    tools = await _run_as_task(w, 3, 200)
    await wait_for(lambda: tools.result.outcome != "")
    w.panels.show_panel("tasks")
    await anyio.sleep(0.5)


async def act_tool_task(w, controller, panel):
    """A tool running as a task: the status row follows tasks/get."""
    await _run_as_task(w, 40, 250)
    await anyio.sleep(1.6)


async def _open_dialog(controller, tool: str):
    from inspector.session import SessionError

    handlers = controller.session.handlers
    session = controller.session

    async def call() -> None:
        try:
            await session.request("tools/call", {"name": tool, "arguments": {}}, timeout=30)
        except SessionError:
            pass  # the shot is taken while the dialog waits; disconnecting ends the call

    controller.task_group.start_soon(call)
    await wait_for(lambda: bool(handlers.open_dialogs))
    await anyio.sleep(0.5)
    return handlers.open_dialogs[-1]


async def act_sampling(w, controller, panel):
    return await _open_dialog(controller, "sample_llm")


async def act_elicitation(w, controller, panel):
    return await _open_dialog(controller, "elicit_form")


async def act_spec(w, controller, panel):
    """The bundled spec, opened at the section a step's link names."""
    viewer = w.tools.open_spec("2025-11-25 basic/lifecycle#version-negotiation")
    viewer.resize(860, 640)
    await anyio.sleep(0.2)
    viewer.scroll_to("version-negotiation")
    return viewer


async def import_shot(app, name: str, *, language: str = "en") -> None:
    """File → Import servers… over a VS Code workspace file (and a Claude Desktop file found in
    the usual place): the servers with their check boxes, an input filled, the notes."""
    import shutil

    from inspector.session.imports import existing_locations

    configs = ROOT / "tests" / "fixtures" / "configs"
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        claude = home / ".config" / "Claude" / "claude_desktop_config.json"
        claude.parent.mkdir(parents=True)
        shutil.copy(configs / "claude_desktop_config.json", claude)
        shutil.copytree(configs / "workspace", home / "project")
        controller, w = build(app, config=home / "inspector")
        w.themes.set_choice("light")
        if language != "en":
            w.languages.set_choice(language)
        w.resize(1600, 1000)
        w.show()
        locations = existing_locations(platform="linux", home=home, env={}, cwd=home / "project")
        dialog = w.files.import_servers(locations=locations)
        dialog.source.setCurrentIndex(1)
        dialog.load(locations[1].path, locations[1].format)
        for row in range(dialog.tree.topLevelItemCount()):  # the person unticks one server
            item = dialog.tree.topLevelItem(row)
            if item is not None and item.text(0) == "legacy-sse":
                item.setCheckState(0, Qt.CheckState.Unchecked)
        dialog.input_fields["api-key"].setText("typed in, kept secret")
        dialog.resize(980, 660)
        await settle(app, 0.5)
        OUT.mkdir(exist_ok=True)
        dialog.grab().save(str(OUT / f"{name}.png"))
        print(f"wrote {OUT / (name + '.png')}")
        dialog.close()
        w.languages.set_choice("en")
        w.close()
        w.deleteLater()
        await anyio.sleep(0.05)


IMPORT_SHOTS = {"dialog-import": {}}


async def watch_shot(app, name: str) -> None:
    """View → Watch host sessions… while a host (this script, over pipes) talks to the demo server
    through ``mcp-session-inspector proxy``: the list (dialog-watch.png), then the window following
    the session live (NAME.png)."""
    import subprocess

    from inspector.session.profiles import demo_args
    from inspector.ui.watch_dock import WatchDialog

    lines = [
        b'{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18",'
        b'"capabilities":{"roots":{}},"clientInfo":{"name":"Claude Desktop","version":"0.14"}}}\n',
        b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n',
        b'{"jsonrpc":"2.0","id":1,"method":"tools/list"}\n',
        b'{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{"message":"hi"}}}\n',
    ]
    saved = {k: os.environ.get(k) for k in ("XDG_RUNTIME_DIR", "XDG_DATA_HOME")}
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["XDG_RUNTIME_DIR"] = str(Path(tmp) / "run")
        os.environ["XDG_DATA_HOME"] = str(Path(tmp) / "data")
        argv = [sys.executable, "-m", "inspector", "proxy", "--name", "demo", "--", sys.executable, *demo_args()]
        host = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=ROOT
        )
        assert host.stdin is not None and host.stdout is not None
        try:
            controller, w = build(app, config=Path(tmp) / "inspector")
            w.themes.set_choice("light")
            w.resize(1600, 1000)
            w.show()
            host.stdin.write(lines[0])
            host.stdin.flush()
            host.stdout.readline()
            w.act_watch.trigger()
            dialog = w.findChild(WatchDialog)
            await wait_for(lambda: any(r.running for r in dialog.rows))
            await settle(app, 0.3)
            OUT.mkdir(exist_ok=True)
            dialog.grab().save(str(OUT / "dialog-watch.png"))
            print(f"wrote {OUT / 'dialog-watch.png'}")
            dialog.open_selected()
            rec = controller.recording
            for line in lines[1:]:
                host.stdin.write(line)
                host.stdin.flush()
                if b'"id"' in line:
                    host.stdout.readline()
            await wait_for(lambda: [rec.method_at(i) for i in range(len(rec))].count("tools/call") == 2)
            await settle(app, 1.0)
            w.grab().save(str(OUT / f"{name}.png"))
            print(f"wrote {OUT / (name + '.png')}")
            w.close()
            w.deleteLater()
            await anyio.sleep(0.05)
        finally:
            host.stdin.close()
            host.wait(30)
            for k, v in saved.items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v


WATCH_SHOTS = {"watch-live": {}}


PANEL_SHOTS = {
    "dialog-spec-zh": dict(era="legacy", panel="tools", act=act_spec, dialog=True, language="zh_CN"),
    "panel-tools": dict(era="legacy", panel="tools", act=act_tools),
    "panel-resources": dict(era="modern", panel="resources", act=act_resources),
    "panel-prompts": dict(era="legacy", panel="prompts", act=act_prompts),
    "panel-logs": dict(era="legacy", panel="logs", act=act_logs),
    "panel-tasks": dict(era="legacy", panel="tasks", act=act_tasks),
    "panel-tools-task": dict(era="legacy", panel="tools", act=act_tool_task),
    "panel-tools-1280": dict(
        era="legacy",
        panel="tools",
        act=act_tool_form_errors,
        size=(1280, 720),
        server=("tests/fixtures/servers/misbehave.py", "--mode", "long-form"),
    ),
    "panel-tools-1280-zh": dict(
        era="legacy",
        panel="tools",
        act=act_tool_form_errors,
        size=(1280, 720),
        language="zh_CN",
        server=("tests/fixtures/servers/misbehave.py", "--mode", "long-form"),
    ),
    "panel-flagged-answer": dict(
        era="legacy",
        panel="tools",
        act=act_flagged_answer,
        size=(1280, 720),
        server=("tests/fixtures/servers/misbehave.py", "--mode", "wrong-id-lists"),
    ),
    "panel-flagged-answer-zh": dict(
        era="legacy",
        panel="tools",
        act=act_flagged_answer,
        size=(1280, 720),
        language="zh_CN",
        server=("tests/fixtures/servers/misbehave.py", "--mode", "wrong-id-lists"),
    ),
    "negotiation-1280": dict(era="legacy", panel="tools", act=act_negotiation, size=(1280, 720)),
    "negotiation-1280-zh": dict(era="legacy", panel="tools", act=act_negotiation, size=(1280, 720), language="zh_CN"),
    "dialog-sampling": dict(era="legacy", panel="tools", act=act_sampling, dialog=True),
    "dialog-sampling-zh": dict(era="legacy", panel="tools", act=act_sampling, dialog=True, language="zh_CN"),
    "dialog-elicitation": dict(era="modern", panel="tools", act=act_elicitation, dialog=True),
    "dialog-composer": dict(era="legacy", panel="tools", act=act_composer, dialog=True),
    "replay": dict(era="legacy", panel="tools", act=act_replay),
    "replay-panels": dict(era="legacy", panel="tools", act=act_replay_panels),
    "sequence": dict(era="legacy", panel="tools", act=act_sequence),
    "sequence-zh": dict(era="legacy", panel="tools", act=act_sequence, language="zh_CN"),
    "dialog-composer-zh": dict(era="legacy", panel="tools", act=act_composer, dialog=True, language="zh_CN"),
    "dialog-spec": dict(era="legacy", panel="tools", act=act_spec, dialog=True),
    "replay-zh": dict(era="legacy", panel="tools", act=act_replay, language="zh_CN"),
    "dialog-reanalyse": dict(era="legacy", panel="tools", act=act_reanalyse, dialog=True),
    "dialog-compare": dict(
        era="legacy",
        panel="tools",
        act=act_compare,
        dialog=True,
        server=("tests/fixtures/servers/sdk_surface.py", "--release", "2"),
    ),
    "dialog-compare-zh": dict(
        era="legacy",
        panel="tools",
        act=act_compare,
        dialog=True,
        language="zh_CN",
        server=("tests/fixtures/servers/sdk_surface.py", "--release", "2"),
    ),
    "dialog-doctor": dict(era="legacy", panel="tools", act=act_doctor, dialog=True),
    "dialog-doctor-zh": dict(era="legacy", panel="tools", act=act_doctor, dialog=True, language="zh_CN"),
}


SHOTS = {
    "main-window": dict(
        era="legacy",
        requests=[("tools/list", {}), ("prompts/list", {}), ("resources/list", {}), ("ping", {})],
        select_last_of="tools/list",
    ),
    "diagram-legacy": dict(era="legacy", requests=[("tools/list", {})]),
    "diagram-modern": dict(era="modern", requests=[("tools/list", {})]),
    "diagram-auto": dict(era="auto", requests=[("tools/list", {})]),
    "step-mode": dict(era="legacy", step=True),
    "step-mode-answer": dict(era="legacy", step=True, steps=1, language="zh_CN"),
    "step-mode-720": dict(era="legacy", step=True, steps=1, size=(1280, 720)),
    "step-mode-auto-720": dict(era="auto", step=True, size=(1280, 720)),
    "failed-start": dict(era="legacy", demo_args=("--crash-during-initialize",), expect_failure=True),
    "failed-start-zh": dict(
        era="legacy", demo_args=("--crash-during-initialize",), expect_failure=True, language="zh_CN"
    ),
    # the server editor opened again by the failure, at a projector's size: it fits the dock's width
    "editor-1280-zh": dict(
        era="legacy", demo_args=("--crash-during-initialize",), expect_failure=True, language="zh_CN", size=(1280, 720)
    ),
    "chinese-ui": dict(era="legacy", language="zh_CN", requests=[("tools/list", {})], select_last_of="tools/list"),
    "http-session": dict(
        era="legacy",
        http="streamable",
        requests=[("tools/list", {}), ("tools/call", {"name": "echo", "arguments": {"text": "over HTTP"}})],
        select_last_of="tools/call",
    ),
    "http-fallback": dict(
        era="auto",
        http="fallback",
        requests=[("tools/list", {})],
        select_last_of="initialize",
        http_tab=True,
        language="zh_CN",
    ),
    "step-shutdown": dict(era="legacy", step=True, steps=3, shutdown=True),
    "presenter": dict(era="legacy", step=True, steps=1, presenter=True, size=(1280, 720)),
    "presenter-zh": dict(era="legacy", step=True, steps=1, presenter=True, size=(1280, 720), language="zh_CN"),
    "presenter-modern": dict(era="modern", step=True, steps=1, presenter=True, size=(1280, 720)),
    "presenter-auto": dict(era="auto", step=True, steps=1, presenter=True, size=(1280, 720)),
    "presenter-1600": dict(era="legacy", step=True, steps=1, presenter=True, size=(1600, 1000)),
    "presenter-1600-zh": dict(era="legacy", step=True, steps=1, presenter=True, size=(1600, 1000), language="zh_CN"),
    # the named layouts (View menu) with a session, on a projector and a desktop, in both languages
    **{
        f"layout-{short}-{width}{suffix}": dict(
            era="legacy",
            step=short == "teach",
            steps=4,
            layout=name,
            size=size,
            language=language,
            requests=[] if short == "teach" else [("tools/list", {}), ("prompts/list", {}), ("ping", {})],
            select_last_of=None if short == "teach" else "tools/list",
        )
        for short, name in (("debug", "debugging"), ("teach", "teaching"))
        for width, size in ((1280, (1280, 720)), (1600, (1600, 1000)))
        for suffix, language in (("", "en"), ("-zh", "zh_CN"))
    },
    "dark-theme": dict(era="modern", theme="dark", requests=[("tools/list", {})], select_last_of="tools/list"),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--only",
        action="append",
        choices=sorted(SHOTS) + sorted(PANEL_SHOTS) + sorted(IMPORT_SHOTS) + sorted(WATCH_SHOTS),
    )
    parser.add_argument("--out", type=Path, help="write the PNGs here instead of screenshots/ (to compare two trees)")
    args = parser.parse_args()
    if args.out is not None:
        global OUT
        OUT = args.out.resolve()
    QCoreApplication.setOrganizationName("mcp-session-inspector-screenshots")
    app = QApplication.instance() or QApplication([sys.argv[0]])
    from inspector.ui.app import quiet_offscreen_warnings

    quiet_offscreen_warnings()  # the offscreen plugin's propagateSizeHints noise
    app.setQuitOnLastWindowClosed(False)

    async def run_all() -> None:
        for name, kw in SHOTS.items():
            if args.only and name not in args.only:
                continue
            await session_shot(app, name, **kw)
        for name, kw in PANEL_SHOTS.items():
            if args.only and name not in args.only:
                continue
            await panel_shot(app, name, **kw)
        for name, kw in IMPORT_SHOTS.items():
            if args.only and name not in args.only:
                continue
            await import_shot(app, name, **kw)
        for name, kw in WATCH_SHOTS.items():
            if args.only and name not in args.only:
                continue
            await watch_shot(app, name, **kw)

    anyio.run(run_all, backend="asyncio", backend_options={"loop_factory": lambda: qasync.QEventLoop(app)})


if __name__ == "__main__":
    main()
