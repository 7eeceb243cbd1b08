"""Watching real processes from tests: /proc reads and polling a child's output file.

Importable from every test folder (``pythonpath = ["tests"]``). Kept apart from the
transport's own /proc reading on purpose: the tests check the transport with their own eyes.
"""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path


def proc_stat(pid: int) -> list[bytes] | None:
    """The fields of /proc/PID/stat after "pid (comm)": state, ppid, pgrp, session, ...; None
    when there is no such process."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            return f.read().rpartition(b")")[2].split()
    except OSError:
        return None


def alive(pid: int) -> bool:
    """A live (not zombie) process with this pid."""
    fields = proc_stat(pid)
    return fields is not None and fields[0] != b"Z"


def children(pid: int) -> list[int]:
    """Live (not zombie) children of ``pid``."""
    out = []
    for name in os.listdir("/proc"):
        if name.isdigit() and (fields := proc_stat(int(name))) is not None:
            if int(fields[1]) == pid and fields[0] != b"Z":
                out.append(int(name))
    return out


def wait_for_output(path: Path, needle: bytes, proc: subprocess.Popen, timeout: float = 30.0) -> bytes:
    """Poll the file a child writes its stdout to until it holds ``needle``; its bytes. Fails
    at once when the child ends first, and after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        data = path.read_bytes() if path.exists() else b""
        if needle in data:
            return data
        if proc.poll() is not None:
            raise AssertionError(f"{proc.args[:4]} ended early ({proc.returncode}): {data[-2000:]!r}")
        time.sleep(0.02)
    raise AssertionError(f"{needle!r} never appeared in {path}")
