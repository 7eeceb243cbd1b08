"""Stderr flood benchmark: a server that writes its stderr faster than it is read.

    python benchmarks/stderr_flood.py [--lines 300000] [--runs 3] [--before TREE]

The server is ``sh -c 'python stderr_flood.py N & python misbehave.py --mode good; wait'``
(started from an argv list, as tests/session/test_stderr_flood.py starts it): it answers on
stdout while N numbered 64-byte lines go to its stderr as fast as the pipe takes them, and it
exits once the last one is written. Each run is a whole ``probe --record`` process (the
transcript to a file), with its format helper and in one process (MCP_INSPECTOR_FORMAT_WORKER=0),
alternating; ``--before TREE`` runs the same in another checkout (its own ``inspector``) in
between. Prints, per case, the median wall time, stderr lines/s, and whether every line was
recorded once and in order.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import orjson

ROOT = Path(__file__).resolve().parent.parent
SERVERS = ROOT / "tests" / "fixtures" / "servers"


def one_run(tree: Path, lines: int, worker: bool, folder: Path) -> tuple[float, bool]:
    record, transcript = folder / "recording.jsonl", folder / "transcript.txt"
    server = [
        "sh",
        "-c",
        f'"$1" "$2" {lines} & shift 2; "$@"; wait',
        "sh",
        sys.executable,
        str(SERVERS / "stderr_flood.py"),
        sys.executable,
        str(SERVERS / "misbehave.py"),
        "--mode",
        "good",
    ]
    argv = [sys.executable, "-m", "inspector", "probe", "--era", "legacy", "--stdin-grace", "120"]
    argv += ["--request", "tools/list", "--record", str(record), "--", *server]
    env = {**os.environ, "MCP_INSPECTOR_FORMAT_WORKER": "1" if worker else "0", "PYTHONPATH": str(tree)}
    start = time.perf_counter()
    with open(transcript, "wb") as out:
        run = subprocess.run(argv, stdout=out, stderr=subprocess.DEVNULL, cwd=tree, env=env, timeout=600, check=False)
    wall = time.perf_counter() - start
    whole = run.returncode == 0 and _every_line(record, lines)
    return wall, whole


def _every_line(record: Path, lines: int) -> bool:
    """Every flood line recorded once, in order."""
    want = 0
    with open(record, "rb") as f:
        f.readline()
        for line in f:
            entry = orjson.loads(line)
            if entry.get("dir") == "stderr":
                if not str(entry.get("raw", "")).startswith(f"flood {want:07d} "):
                    return False
                want += 1
    return want == lines


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--lines", type=int, default=300_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--before", type=Path, help="another checkout, measured the same way in between")
    args = parser.parse_args()
    trees = [("this tree", ROOT)] + ([("before", args.before.resolve())] if args.before else [])
    cases = [(name, tree, worker) for name, tree in trees for worker in (True, False)]
    walls: dict[tuple[str, bool], list[float]] = {(name, worker): [] for name, _, worker in cases}
    whole: dict[tuple[str, bool], bool] = {(name, worker): True for name, _, worker in cases}
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(args.runs):
            for name, tree, worker in cases:
                wall, ok = one_run(tree, args.lines, worker, Path(tmp))
                walls[name, worker].append(wall)
                whole[name, worker] = whole[name, worker] and ok
    print(f"probe --record, {args.lines:,} stderr lines beside a server's answers (median of {args.runs}):")
    for name, _, worker in cases:
        median = statistics.median(walls[name, worker])
        how = "format helper" if worker else "one process"
        every = "every line recorded" if whole[name, worker] else "LINES MISSING OR OUT OF ORDER"
        print(f"  {name:10} {how:14} {median:6.2f} s  {args.lines / median:10,.0f} lines/s  {every}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
