"""Demo server start-up: spawn-to-first-answer time, and its flood write speed.

    python benchmarks/demo_startup.py [--runs 10] [--flood 200000]

Start-up: spawns ``python -m inspector.demo`` ``--runs`` times per opening message (the
modern probe ``server/discover`` and the legacy ``initialize``), writes the message at once
and clocks from just before the spawn to the moment the first answer line has been read.
The target is 300 ms. Prints every run, then min / median / max.

Flood: spawns ``python -m inspector.demo --flood 0:N --flood-now`` and reads its stdout as
fast as the pipe allows (no parsing), clocking from the first byte to the N-th line. The
target is 200 000 lines of 150 bytes in under 0.5 s.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEMO = [sys.executable, "-m", "inspector.demo"]
CLIENT = {"name": "demo-startup-benchmark", "version": "1"}
OPENERS = {
    "server/discover": {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "server/discover",
        "params": {
            "_meta": {
                "io.modelcontextprotocol/protocolVersion": "2026-07-28",
                "io.modelcontextprotocol/clientInfo": CLIENT,
                "io.modelcontextprotocol/clientCapabilities": {},
            }
        },
    },
    "initialize": {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": CLIENT},
    },
}


def first_answer_ms(opener: dict) -> float:
    line = json.dumps(opener).encode() + b"\n"
    t0 = time.perf_counter()
    proc = subprocess.Popen(DEMO, stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=ROOT)
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(line)
    proc.stdin.flush()
    answer = proc.stdout.readline()
    elapsed = (time.perf_counter() - t0) * 1000
    proc.stdin.close()
    proc.wait(5)
    if not answer.startswith(b'{"jsonrpc":"2.0","id":1,"result"'):
        raise SystemExit(f"unexpected first answer: {answer[:200]!r}")
    return elapsed


def flood_seconds(count: int) -> float:
    proc = subprocess.Popen(
        DEMO + ["--flood", f"0:{count}", "--flood-now"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=ROOT
    )
    assert proc.stdout is not None and proc.stdin is not None
    fd = proc.stdout.fileno()
    lines = 0
    t_first = None
    while lines < count:
        chunk = os.read(fd, 1 << 20)
        if not chunk:
            raise SystemExit(f"the flood ended after {lines} lines")
        if t_first is None:
            t_first = time.perf_counter()
        lines += chunk.count(b"\n")
    elapsed = time.perf_counter() - t_first
    proc.stdin.close()
    proc.wait(5)
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument(
        "--flood", type=int, default=200_000, metavar="N", help="flood lines (0 skips the flood measurement)"
    )
    args = parser.parse_args()
    first_answer_ms(OPENERS["initialize"])  # warm the file cache and the .pyc files
    for name, opener in OPENERS.items():
        runs = [first_answer_ms(opener) for _ in range(args.runs)]
        print(f"{name:16s} spawn to first answer: " + " ".join(f"{r:.0f}" for r in runs) + " ms")
        print(
            f"{'':16s} min {min(runs):.0f} ms  median {statistics.median(runs):.0f} ms  max {max(runs):.0f} "
            "ms  (target 300 ms)"
        )
    if args.flood:
        secs = [flood_seconds(args.flood) for _ in range(3)]
        best = min(secs)
        print(
            f"flood            {args.flood} lines x 150 bytes: best {best:.3f} s of "
            f"{', '.join(f'{s:.3f}' for s in secs)}"
            f" ({args.flood / best:,.0f} lines/s, {args.flood * 150 / best / 1e6:.0f} MB/s; target 0.5 s)"
        )


if __name__ == "__main__":
    main()
