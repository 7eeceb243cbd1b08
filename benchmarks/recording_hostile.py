"""Opening hostile recording files: peak memory and time of the loader.

    python benchmarks/recording_hostile.py [--line-mb 300 2048] [--bad-lines 1000000] [--keep DIR]

Writes, in a temporary folder (or DIR), recording files a session never writes but a user may
be handed: one entry line of 300 MB (and 2 GB when the disk has room: otherwise that size is
skipped and the reason printed), each between ordinary entries; and a million unreadable lines
between ordinary entries, the entry after them numbered as if they had been entries. Each file
is opened by a fresh child Python process with ``Recording.load`` (the path the window's loader
and re-analyse take), which reports its peak resident set size (``ru_maxrss``: the whole
process, imports included), the growth over its size after the imports, the load time, the
entries, and what ``load_problems`` says. The target: under 450 MB peak for the 300 MB line.
"""

from __future__ import annotations

import argparse
import json
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MB = 1000 * 1000
MIB = 1024 * 1024
HEADER = (
    b'{"format":"mcp-session-inspector/recording","version":2,"created":"2026-11-25T21:00:00+0000",'
    b'"transport":"stdio"}\n'
)


def entry(seq: int, text: str = "hello") -> bytes:
    raw = json.dumps({"jsonrpc": "2.0", "method": "notifications/message", "params": {"level": "info", "data": text}})
    return (
        json.dumps(
            {
                "seq": seq,
                "t": seq / 1000,
                "dir": "s2c",
                "kind": "notification",
                "method": "notifications/message",
                "id": None,
                "raw": raw,
                "state": "operating",
                "violations": [],
                "schema_ok": None,
            },
            separators=(",", ":"),
        ).encode()
        + b"\n"
    )


def write_long_line(path: Path, size: int) -> None:
    """Three entries, one whose line is ``size`` bytes (a notification with a huge string), three more."""
    chunk = b"x" * MIB
    with open(path, "wb") as f:
        f.write(HEADER)
        for seq in range(3):
            f.write(entry(seq))
        head = (
            b'{"seq":3,"t":0.004,"dir":"s2c","kind":"notification","method":"notifications/message","id":null,"raw":"'
        )
        body_start = b'{\\"jsonrpc\\":\\"2.0\\",\\"method\\":\\"notifications/message\\",\\"params\\":{\\"data\\":\\"'
        tail = b'\\"}}","state":"operating","violations":[],"schema_ok":null}\n'
        f.write(head + body_start)
        left = size - len(head) - len(body_start) - len(tail)
        while left > 0:
            f.write(chunk[: min(left, len(chunk))])
            left -= len(chunk)
        f.write(tail)
        for seq in range(4, 7):
            f.write(entry(seq))


def write_bad_lines(path: Path, count: int) -> None:
    """Three entries, ``count`` lines that are not JSON, then entries numbered on from 3 + count."""
    with open(path, "wb") as f:
        f.write(HEADER)
        for seq in range(3):
            f.write(entry(seq))
        bad = b"this line was damaged on disk {\n"
        for _ in range(count // 10000):
            f.write(bad * 10000)
        f.write(bad * (count % 10000))
        for seq in range(3 + count, 6 + count):
            f.write(entry(seq))


def child(path: str) -> dict:
    sys.path.insert(0, str(ROOT))
    from inspector.session.recording import Recording

    base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    t0 = time.perf_counter()
    rec = Recording.load(path)
    seconds = time.perf_counter() - t0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    return {
        "seconds": seconds,
        "peak": peak,
        "growth": peak - base,
        "entries": len(rec),
        "problems": rec.load_problem_count,
        "described": len(rec.load_problems),
        "first": [f"line {line}: {why}"[:200] for line, why in rec.load_problems[:2]],
        "longest": max(len(rec.raw_at(i)) for i in range(len(rec))),
    }


def measure(path: Path) -> dict:
    out = subprocess.run([sys.executable, __file__, "--child", str(path)], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def report(label: str, path: Path, r: dict) -> None:
    print(f"{label}: {path.stat().st_size / MB:,.0f} MB file")
    print(
        f"  load {r['seconds']:.2f} s, peak RSS {r['peak'] / MB:.0f} MB (growth over the imports "
        f"{r['growth'] / MB:.0f} MB)"
    )
    print(
        f"  {r['entries']:,} entries (longest {r['longest'] / MB:.1f} MB), {r['problems']:,} load problems, "
        f"{r['described']:,} described"
    )
    for line in r["first"]:
        print(f"    {line}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--line-mb", type=int, nargs="*", default=[300, 2048], help="sizes of the long line, in MB (default: 300 2048)"
    )
    parser.add_argument(
        "--bad-lines", type=int, default=1_000_000, help="unreadable lines (default: a million; 0: none)"
    )
    parser.add_argument("--keep", type=Path, help="write the files in this folder and keep them")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(args.child)))
        return
    folder = args.keep or Path(tempfile.mkdtemp(prefix="recording-hostile-"))
    folder.mkdir(parents=True, exist_ok=True)
    try:
        for mb in args.line_mb:
            size = mb * MB
            free = shutil.disk_usage(folder).free
            if free < size + 512 * MB:
                print(
                    f"one {mb:,} MB line: skipped, {folder} has {free / MB:,.0f} MB free (needs {size / MB + 512:,.0f})"
                )
                continue
            path = folder / f"line-{mb}mb.jsonl"
            write_long_line(path, size)
            report(f"one {mb:,} MB line", path, measure(path))
            if not args.keep:
                path.unlink()
        if args.bad_lines:
            path = folder / f"bad-lines-{args.bad_lines}.jsonl"
            write_bad_lines(path, args.bad_lines)
            report(f"{args.bad_lines:,} unreadable lines", path, measure(path))
    finally:
        if not args.keep:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
