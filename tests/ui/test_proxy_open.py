"""A recording the proxy made (a real host's session, observed) opens in the window like any."""

from __future__ import annotations

import subprocess
import sys

from peers import ROOT, misbehave

from inspector.session import Direction, Recording

INIT = (
    b'{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18",'
    b'"capabilities":{"roots":{}},"clientInfo":{"name":"raw-host","version":"1"}}}\n'
)
REST = b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n{"jsonrpc":"2.0","id":1,"method":"tools/list"}\nnope\n'


def test_a_proxied_recording_opens_in_the_window(window_and_controller, tmp_path, qtbot):
    record = tmp_path / "proxied.jsonl"
    argv = [sys.executable, "-m", "inspector", "proxy", "--record", str(record), "--name", "good", "--"]
    done = subprocess.run([*argv, *misbehave("good")], input=INIT + REST, capture_output=True, cwd=ROOT, timeout=60)
    assert done.returncode == 0
    controller, window = window_and_controller
    assert window.files.open_recording_path(str(record))
    rec = controller.recording
    qtbot.waitUntil(lambda: not rec.loading and window.timeline.model.total() == len(rec), timeout=30000)
    whole = Recording.load(record)
    assert len(rec) == len(whole) and rec.raws() == whole.raws()
    assert rec.header["proxied"] == {"command": whole.header["argv"], "name": "good"}
    host = [i for i in range(len(rec)) if rec.direction_at(i) is Direction.C2S]
    assert [rec.method_at(i) for i in host] == ["initialize", "notifications/initialized", "tools/list", None]
    assert rec.violations_at(host[-1]) == ("host.not-json",)
