"""The app as a user starts it (``python -m inspector``, offscreen) serves a URL server attached to
a host while its window is open, and closing the window stops the relay: the port is free again
and the relay's child is gone. Real peers: the official SDK's HTTP server upstream and its
Streamable HTTP client as the host, on the loopback address the host's entry names."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time

import anyio
from peers import HttpPeer, free_port, gone, port_free, sdk_http_server
from test_url_relays_window import project, sdk_call, write_host_file  # noqa: F401 (a fixture)

from inspector.session.attach import attach_checked
from inspector.session.config_files import loads_config
from inspector.session.recording import Direction, Recording
from inspector.session.watch import announcements


def test_the_app_serves_an_attached_url_server_and_closing_its_window_stops_the_relay(tmp_path, project):  # noqa: F811
    port = free_port()
    with HttpPeer(sdk_http_server(port), port) as peer:
        write_host_file(project, peer.url)
        attach_checked(project, ["web"])
        url = loads_config(project.read_text())["mcpServers"]["web"]["url"]
        listen = int(url.split(":")[2].split("/")[0])
        env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
        with tempfile.TemporaryFile() as log:
            app = subprocess.Popen(
                [sys.executable, "-m", "inspector"], stdin=subprocess.DEVNULL, stdout=log, stderr=log, env=env
            )
            try:
                deadline = time.monotonic() + 60
                while port_free(listen):  # the relay starts just after the window's first paint
                    assert app.poll() is None and time.monotonic() < deadline, "the window did not serve it"
                    time.sleep(0.05)
                assert anyio.run(sdk_call, url) == "5.0"  # the host reaches the server through the window
                (relay,) = [a for a in announcements(env)[0] if f"http://127.0.0.1:{listen}" in a.command]
                assert relay.name == "web"
                app.send_signal(signal.SIGTERM)  # as if the user closed the window
                assert app.wait(timeout=60) == 128 + signal.SIGTERM
            finally:
                if app.poll() is None:
                    app.kill()
                    app.wait()
                log.seek(0)
                said = log.read().decode(errors="replace")
        assert port_free(listen), said
        assert gone(relay.pid), said
        rec = Recording.load(relay.recording)  # complete: the relay closed it when it was stopped
        c2s = [rec.method_at(i) for i in range(len(rec)) if rec.direction_at(i) is Direction.C2S]
        assert "tools/call" in c2s and rec.header["proxied"]["upstream"] == peer.url
        with socket.socket() as s:  # the upstream itself was never touched by the closing
            s.connect(("127.0.0.1", port))
