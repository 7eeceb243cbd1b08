"""SIGTERM and SIGHUP close the window as if closed by hand: the live session is shut down per
spec, then the app exits with 128 + the signal number. Runs the real app as a process
(offscreen), connected to the built-in demo server (a real child process)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

BOUND = 60.0


def children(pid: int) -> list[int]:
    out = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat", "rb") as f:
                    fields = f.read().rpartition(b")")[2].split()
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] != b"Z":
                out.append(int(name))
    return out


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            return f.read().rpartition(b")")[2].split()[0] != b"Z"
    except OSError:
        return False


def read_until(path: Path, needle: str, proc: subprocess.Popen) -> str:
    deadline = time.monotonic() + BOUND
    while time.monotonic() < deadline:
        text = path.read_text() if path.exists() else ""
        if needle in text:
            return text
        if proc.poll() is not None:
            raise AssertionError(f"the app ended early ({proc.returncode}): {text}")
        time.sleep(0.05)
    raise AssertionError(f"{needle!r} never printed")


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
def test_a_stop_signal_closes_the_window_after_the_spec_shutdown(tmp_path: Path, number: int) -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path / "config"))
    out = tmp_path / "out.txt"
    with open(out, "wb") as stdout:
        proc = subprocess.Popen([sys.executable, "-m", "inspector", "--connect-demo"], stdout=stdout, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env)
    try:
        read_until(out, "connected\n", proc)
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
