"""SIGTERM and SIGHUP close the window as if closed by hand: the live session is shut down per
spec, then the app exits with 128 + the signal number. Runs the real app as a process
(offscreen), connected to the built-in demo server (a real child process)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from processes import alive, children, wait_for_output

BOUND = 60.0


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
def test_a_stop_signal_closes_the_window_after_the_spec_shutdown(tmp_path: Path, number: int) -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path / "config"))
    out = tmp_path / "out.txt"
    with open(out, "wb") as stdout:
        proc = subprocess.Popen(
            [sys.executable, "-m", "inspector", "--connect-demo"],
            stdout=stdout,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            env=env,
        )
    try:
        wait_for_output(out, b"connected\n", proc, BOUND)
        servers = children(proc.pid)
        assert len(servers) == 1  # the demo server
        proc.send_signal(number)
        rc = proc.wait(BOUND)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    text = out.read_text()
    assert rc == 128 + number, text
    # The demo server exits on stdin EOF: the first shutdown step was enough.
    assert "finished shutdown=stdin exit_code=0 signal=None" in text
    assert "Traceback" not in text
    assert not alive(servers[0])
