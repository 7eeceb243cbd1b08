"""Memory of one huge line: a real server writes SIZE bytes with no newline, then a newline.

    python benchmarks/long_line.py [--size-mb 200] [--max-line-mb 64]

Runs the misbehaving fixture server (mode endless-line) under a real Session twice: once with
the line limit (the line keeps its first MAX-LINE bytes, the rest is counted and dropped) and
once with a limit above SIZE (the whole line kept). Each run is a fresh child Python process
so the figures do not mix. Prints the peak of Python allocations during the session
(tracemalloc) and the peak resident set size, each also as a multiple of the bytes kept; with
--record it writes the recording file too.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MIB = 1024 * 1024


def child(size: int, max_line: int, record: bool, kind: str) -> dict:
    sys.path.insert(0, str(ROOT))
    import tracemalloc

    import anyio

    from inspector.protocol.engine import ClientConfig
    from inspector.protocol.versions import EraMode
    from inspector.session import Direction, Session, SessionOptions
    from inspector.transport.base import StdioSpec

    # noise: SIZE bytes of "y" then a newline; json: one notifications/message whose data is SIZE bytes
    mode = "endless-line" if kind == "noise" else "huge-line"
    server = [
        sys.executable,
        str(ROOT / "tests" / "fixtures" / "servers" / "misbehave.py"),
        "--mode",
        mode,
        "--size",
        str(size),
        "--huge-at",
        "init",
    ]
    out: dict = {}

    async def main() -> None:
        with tempfile.TemporaryDirectory() as tmp:
            options = SessionOptions(
                transport=StdioSpec(argv=server),
                config=ClientConfig(era=EraMode.LEGACY),
                max_line=max_line,
                record_path=Path(tmp) / "r.jsonl" if record else None,
            )
            rss0 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
            tracemalloc.start()
            t0 = time.perf_counter()
            session = Session(options)
            async with session:
                await session.start()
                rec = session.recording
                with anyio.fail_after(120):
                    while not any(
                        rec.direction_at(i) is Direction.S2C and len(rec.raw_at(i)) > MIB for i in range(len(rec))
                    ):
                        await anyio.sleep(0.01)
                kept = max(len(rec.raw_at(i)) for i in range(len(rec)))
            out["seconds"] = time.perf_counter() - t0
            _, peak = tracemalloc.get_traced_memory()
            tracemalloc.stop()
            out["kept"] = kept
            out["traced_peak"] = peak
            out["rss_growth"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 - rss0
            if record:
                out["file"] = (Path(tmp) / "r.jsonl").stat().st_size

    anyio.run(main)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size-mb", type=float, default=200)
    parser.add_argument("--max-line-mb", type=float, default=64)
    parser.add_argument("--record", action="store_true", help="also write the recording file")
    parser.add_argument(
        "--kind",
        choices=("noise", "json"),
        default="noise",
        help="a line of noise, or one JSON message with a huge string",
    )
    parser.add_argument("--child", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(int(args.child[0]), int(args.child[1]), args.child[2] == "1", args.child[3])))
        return 0
    size = int(args.size_mb * MIB)
    for label, limit in (("cut at the limit", int(args.max_line_mb * MIB)), ("kept whole", size + MIB)):
        res = subprocess.run(
            [sys.executable, __file__, "--child", str(size), str(limit), "1" if args.record else "0", args.kind],
            capture_output=True,
            text=True,
            check=True,
        )
        r = json.loads(res.stdout.strip().splitlines()[-1])
        kept = r["kept"]
        line = (
            f"{args.size_mb:g} MB {args.kind} line, {label}: kept {kept / MIB:.1f} MiB in {r['seconds']:.2f} s; "
            f"peak traced {r['traced_peak'] / MIB:.1f} MiB = {r['traced_peak'] / kept:.2f}x kept; "
            f"RSS growth {r['rss_growth'] / MIB:.1f} MiB = {r['rss_growth'] / kept:.2f}x kept"
        )
        if "file" in r:
            line += f"; recording file {r['file'] / MIB:.1f} MiB"
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
