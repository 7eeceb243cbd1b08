"""Hostile HTTP bodies: peak memory of the whole probe process, and how each run ended.

    python benchmarks/http_hostile.py [--timeout 8] [--max-line 64M] [--mode MODE]...

The fixture server (tests/fixtures/servers/http_misbehave.py, on 127.0.0.1) answers with a body
that never ends, as fast as the probe reads it (or, ``trickle-json``, one byte every 20 ms):

  endless-json       initialize's answer: 200 application/json
  trickle-json       initialize's answer, one byte at a time
  endless-error      tools/list's answer: 500 text/plain
  endless-delete     the answer to the session's DELETE at the end
  endless-sse        tools/list's SSE answer: one data line that never ends
  endless-sse-lines  tools/list's SSE answer: one event of data lines that never ends
  endless-ack        the 202 to notifications/initialized

Each run is ``probe --url URL --era legacy --timeout T --max-line L --request tools/list`` as
its own process; its peak resident memory is the kernel's (``wait4``'s ru_maxrss). Prints, per
mode: exit code, seconds, peak RSS, and the probe's last words on stderr. The target is a peak
under 400 MB with the default 64 MiB limit, and no run held past its timeout (plus the
shutdown's graces).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from peers import HttpPeer, free_port, http_misbehave  # noqa: E402

MODES = (
    "endless-json",
    "trickle-json",
    "endless-error",
    "endless-delete",
    "endless-sse",
    "endless-sse-lines",
    "endless-ack",
)
TARGET_MB = 400


def run(url: str, timeout: float, max_line: str) -> tuple[int, float, float, str]:
    """One probe process: (exit code, seconds, peak RSS in MB, its last stderr line)."""
    argv = [
        sys.executable,
        "-m",
        "inspector",
        "probe",
        "--url",
        url,
        "--era",
        "legacy",
        "--timeout",
        str(timeout),
        "--max-line",
        max_line,
        "--request",
        "tools/list",
    ]
    with tempfile.TemporaryFile() as err:
        t0 = time.monotonic()
        proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=err, cwd=ROOT)
        _pid, status, usage = os.wait4(proc.pid, 0)
        took = time.monotonic() - t0
        proc.returncode = os.waitstatus_to_exitcode(status)  # reaped here: Popen must not wait again
        err.seek(0)
        lines = err.read().decode("utf-8", "replace").strip().splitlines()
    return proc.returncode, took, usage.ru_maxrss / 1024, (lines[-1] if lines else "(nothing on stderr: exit 0)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--timeout", type=float, default=8.0, help="probe --timeout (default 8)")
    parser.add_argument("--max-line", default="64M", help="probe --max-line (default 64M)")
    parser.add_argument("--mode", action="append", choices=MODES, help="only these modes (default: all)")
    args = parser.parse_args()
    print(
        f"hostile HTTP bodies: probe --timeout {args.timeout:g} --max-line {args.max_line}, fixture server on 127.0.0.1"
    )
    worst = 0.0
    for mode in args.mode or MODES:
        port = free_port()
        with HttpPeer(http_misbehave(port, mode), port) as peer:
            code, took, peak, last = run(peer.url, args.timeout, args.max_line)
        worst = max(worst, peak)
        print(f"  {mode:<18} exit {code}  {took:5.2f} s  peak RSS {peak:6.1f} MB  {last[:160]}")
    verdict = "under" if worst < TARGET_MB else "OVER"
    print(f"worst peak RSS {worst:.1f} MB: {verdict} the {TARGET_MB} MB target")
    return 0 if worst < TARGET_MB else 1


if __name__ == "__main__":
    sys.exit(main())
