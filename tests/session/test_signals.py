"""SIGTERM and SIGHUP stop ``probe`` the way Ctrl-C does, against real processes.

The probe runs as a real process with a real server under it. The signal arrives while the
probe waits on the server; the probe must note the signal, run the spec shutdown (close
stdin, wait, SIGTERM to the server's group, ...), print and record the summary, and exit with
128 + the signal number. The server must be gone afterwards.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import orjson
import pytest
from processes import alive, wait_for_output
from session_helpers import misbehave

BOUND = 30.0


def wait_for_line(path: Path, needle: bytes, proc: subprocess.Popen) -> list[dict]:
    """The probe's JSON lines once one holds ``needle``."""
    data = wait_for_output(path, needle, proc, BOUND)
    return [orjson.loads(line) for line in data.splitlines() if line.strip()]


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
def test_a_stop_signal_shuts_the_server_down_per_spec_and_exits_128_plus_n(tmp_path: Path, number: int) -> None:
    # The server sleeps before reading stdin and ignores stdin EOF, so the probe is stuck in
    # the start sequence when the signal comes, and the shutdown has to go as far as SIGTERM.
    # Legacy era: initialize is the first request (in auto, server/discover waits unread).
    server = misbehave("ignore-stdin-close", "--delay", "60")
    out, record = tmp_path / "out.jsonl", tmp_path / "rec.jsonl"
    cmd = [
        sys.executable,
        "-m",
        "inspector",
        "probe",
        "--json",
        "--era",
        "legacy",
        "--record",
        str(record),
        "--stdin-grace",
        "0.3",
        "--term-grace",
        "2",
        "--",
        *server,
    ]
    with open(out, "wb") as stdout:
        proc = subprocess.Popen(cmd, stdout=stdout, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
    try:
        entries = wait_for_line(out, b'"spawned"', proc)
        server_pid = next(e["pid"] for e in entries if e.get("event") == "spawned")
        wait_for_line(out, b'"initialize"', proc)
        sent = time.monotonic()
        proc.send_signal(number)
        rc = proc.wait(BOUND)
        took = time.monotonic() - sent
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert rc == 128 + number, proc.stderr.read().decode()
    assert proc.stderr.read() == b""  # no traceback
    assert took < 10
    lines = [orjson.loads(line) for line in out.read_bytes().splitlines()]
    summary = lines[-1]
    assert summary["exit"] == 128 + number
    assert summary["exit_reason"] == f"stopped by {signal.Signals(number).name}"
    events = [e["event"] for e in lines[:-1] if e.get("dir") == "event" and "event" in e]
    assert events.index("signal") < events.index("stdin_closed") < events.index("sigterm_sent") < events.index("exited")
    (note,) = [e for e in lines[:-1] if e.get("event") == "signal"]
    assert note["signal"] == number and signal.Signals(number).name in note["raw"]
    assert summary["shutdown"] == "sigterm" and summary["signal"] == signal.SIGTERM
    # The recording file was finished with the same summary.
    recorded = [orjson.loads(line) for line in record.read_bytes().splitlines()]
    assert recorded[-1]["kind"] == "summary" and recorded[-1]["shutdown"] == "sigterm"
    assert any(e.get("event") == "signal" for e in recorded)
    assert not alive(server_pid)


def test_ctrl_c_stays_exit_130_with_the_same_shutdown(tmp_path: Path) -> None:
    server = misbehave("silent-init")
    out = tmp_path / "out.jsonl"
    cmd = [sys.executable, "-m", "inspector", "probe", "--json", "--timeout", "60", "--stdin-grace", "2", "--", *server]
    with open(out, "wb") as stdout:
        proc = subprocess.Popen(cmd, stdout=stdout, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
    try:
        wait_for_line(out, b'"initialize"', proc)
        proc.send_signal(signal.SIGINT)
        rc = proc.wait(BOUND)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert rc == 130
    lines = [orjson.loads(line) for line in out.read_bytes().splitlines()]
    assert lines[-1]["exit"] == 130 and lines[-1]["shutdown"] == "stdin"  # silent-init exits on EOF
