"""The window serves the URL servers attached to hosts (ui.url_relays over session.url_relays),
offscreen, on the qasync loop, with real peers: the official SDK's HTTP server upstream, the SDK's
Streamable HTTP client as the host, connecting to the loopback address the host's entry names.
The home, config, data and runtime folders and the project folder are temporary (the relays'
children inherit the environment)."""

from __future__ import annotations

import socket
from pathlib import Path

import anyio
import pytest
from peers import HttpPeer, free_port, gone, port_free, sdk_http_server
from PySide6.QtCore import QCoreApplication, QEvent, QTranslator

from inspector.session.attach import attach_checked
from inspector.session.config_files import loads_config
from inspector.ui.attach_dialog import AttachDialog, open_attach_dialog
from inspector.ui.url_relays import UrlRelays, relays_of, serve_attached

pytestmark = pytest.mark.anyio
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def project(tmp_path, monkeypatch) -> Path:
    """A project folder (the working directory) whose Cursor file is where the importer looks."""
    for var, sub in (("HOME", "home"), ("XDG_DATA_HOME", "data"), ("XDG_RUNTIME_DIR", "run")):
        (tmp_path / sub).mkdir(mode=0o700)
        monkeypatch.setenv(var, str(tmp_path / sub))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "home" / ".config"))
    cwd = tmp_path / "project"
    (cwd / ".cursor").mkdir(parents=True)
    monkeypatch.chdir(cwd)
    return cwd / ".cursor" / "mcp.json"


def write_host_file(path: Path, url: str) -> None:
    path.write_text(f'{{\n  "mcpServers": {{\n    "web": {{ "url": "{url}" }}\n  }}\n}}\n')


async def until(predicate, seconds: float = 30) -> None:
    with anyio.fail_after(seconds):
        while not predicate():
            await anyio.sleep(0.02)


async def sdk_call(url: str) -> str:
    from mcp import ClientSession
    from mcp.client.streamable_http import streamable_http_client

    with anyio.fail_after(30):
        async with streamable_http_client(url) as streams, ClientSession(streams[0], streams[1]) as session:
            await session.initialize()
            result = await session.call_tool("add", {"a": 2, "b": 3})
            return result.content[0].text


async def test_the_window_serves_an_attached_url_server_after_its_first_paint_and_stops_it_on_detach(
    qapp, tmp_path, project
):
    from inspector.ui.app import build

    port = free_port()
    with HttpPeer(sdk_http_server(port), port) as peer:
        write_host_file(project, peer.url)
        attach_checked(project, ["web"])  # attached earlier (the CLI, or another window)
        url = loads_config(project.read_text())["mcpServers"]["web"]["url"]
        listen = int(url.split(":")[2].split("/")[0])
        _, window = build(qapp, config=tmp_path / "config")
        async with anyio.create_task_group() as tg:
            relays = serve_attached(window, tg)
            assert relays_of(window) is relays and relays.relays is None  # nothing before the first paint
            window.show()
            await until(lambda: relays.relay(project, "web") is not None)
            relay = relays.relay(project, "web")
            await until(lambda: relay.state == "serving")
            assert relays.isVisible() and relays.text() == "HTTP relays: 1 serving"
            assert f"web: http://127.0.0.1:{listen} → {peer.url}" in relays.toolTip()
            assert await sdk_call(url) == "5.0"  # the host, with its rewritten entry, reaches the server
            pid = relay.pid
            dialog = open_attach_dialog(window)
            row = dialog.entry_item(project, "web")
            assert row.text(2) == f"attached; this window serves it now on http://127.0.0.1:{listen}"
            assert row.text(3) == f"{url} → {peer.url}"
            note = dialog.url_note.text()
            assert "which this window runs while it is open" in note and "the host cannot reach the server" in note
            dialog.set_checked(project, "web")
            dialog.detach_button.click()  # detached: its relay is stopped
            await until(lambda: relay.done.is_set())
            assert relay.state == "stopped" and gone(pid) and port_free(listen)
            assert not relays.isVisible()
            assert dialog.entry_item(project, "web").text(2) == "not attached"
            dialog.close()
            await relays.stop_all()
            tg.cancel_scope.cancel()
        window.close()
        window.deleteLater()


async def test_attached_from_the_dialog_it_is_served_at_once_and_closing_stops_it(qapp, tmp_path, project):
    from inspector.ui.app import build

    port = free_port()
    with HttpPeer(sdk_http_server(port), port) as peer:
        write_host_file(project, peer.url)
        _, window = build(qapp, config=tmp_path / "config")
        window.show()
        async with anyio.create_task_group() as tg:
            relays = UrlRelays(window, lambda: tg)
            dialog = open_attach_dialog(window)
            assert dialog.relays is relays
            assert dialog.entry_item(project, "web").text(2) == "not attached"
            dialog.set_checked(project, "web")
            dialog.attach_button.click()
            url = loads_config(project.read_text())["mcpServers"]["web"]["url"]
            relay = relays.relay(project, "web")
            assert relay is not None
            assert "This window serves web while it is open" in dialog.report.toPlainText()
            await until(lambda: relay.state == "serving")
            assert dialog.entry_item(project, "web").text(2).startswith("attached; this window serves it now on ")
            assert await sdk_call(url) == "5.0"
            dialog.close()
            await relays.stop_all()  # what the window does when it closes
            assert relay.state == "stopped" and gone(relay.pid) and port_free(relay.want.listen[1])
            tg.cancel_scope.cancel()
        window.close()
        window.deleteLater()


async def test_a_taken_port_is_said_in_the_dialog_and_the_status_bar(qapp, tmp_path, project):
    from inspector.ui.app import build

    write_host_file(project, "http://127.0.0.1:9/mcp")
    attach_checked(project, ["web"])
    url = loads_config(project.read_text())["mcpServers"]["web"]["url"]
    listen = int(url.split(":")[2].split("/")[0])
    _, window = build(qapp, config=tmp_path / "config")
    window.show()
    with socket.socket() as taken:  # another window serves it, or a proxy the user runs
        taken.bind(("127.0.0.1", listen))
        taken.listen()
        async with anyio.create_task_group() as tg:
            relays = UrlRelays(window, lambda: tg)
            relays.serve()
            relay = relays.relay(project, "web")
            await until(lambda: relay.state == "port-taken")
            assert relays.isVisible() and relays.text() == "HTTP relays: 0 serving, 1 not"
            translator = QTranslator()
            assert translator.load(str(ROOT / "resources" / "i18n" / "inspector_zh_CN.qm"))
            QCoreApplication.installTranslator(translator)
            try:
                QCoreApplication.sendPostedEvents(None, QEvent.Type.LanguageChange)
                assert relays.text() == "HTTP 中继：0 个在服务，1 个未在服务"  # retranslated in place
                assert "已被占用" in relays.toolTip()
            finally:
                QCoreApplication.removeTranslator(translator)
                QCoreApplication.sendPostedEvents(None, QEvent.Type.LanguageChange)
            assert relays.text() == "HTTP relays: 0 serving, 1 not"
            dialog = AttachDialog(window)
            state = dialog.entry_item(project, "web").text(2)
            assert state.startswith(f"attached; this window does not serve it now: http://127.0.0.1:{listen} is taken")
            assert "this window serves it once the address is free" in state
            assert "Address already in use" in state
            dialog.close()
            tg.cancel_scope.cancel()
    window.close()
    window.deleteLater()
