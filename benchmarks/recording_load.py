"""Opening a large recording file: time and peak memory as a multiple of the file size.

    python benchmarks/recording_load.py [--entries 400000] [--keep FILE]

Writes a recording of ENTRIES entries the way a session does (RecordingWriter): ~150-byte
notifications/message lines from a server, with a request/response pair every 50 entries and
a stderr line every 1000. Then a fresh child Python process opens it with Recording.load and
reports the load time, the growth of its peak resident set size over the baseline (after the
imports), and that growth divided by the file size. The store holds the exact bytes of every
message, so the floor is the bytes themselves plus per-entry columns.
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


def write_file(path: Path, entries: int) -> None:
    sys.path.insert(0, str(ROOT))
    from inspector.protocol.engine import Analysis
    from inspector.protocol.lifecycle import State
    from inspector.protocol.messages import Kind
    from inspector.session.recording import Direction, Recording, RecordingWriter

    def Analysis_(kind, state, **fields):  # noqa: N802 - reads like the class
        a = Analysis(kind, state)
        for k, v in fields.items():
            setattr(a, k, v)
        return a

    rec = Recording(t0=0.0)
    writer = RecordingWriter(path, rec)
    note = (
        b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","logger":"flood","data":"message '
        b'%08d xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"}}\n'
    )
    for i in range(entries):
        t = i * 1e-5
        if i % 1000 == 999:
            rec.append(Direction.STDERR, t, b"server: still flooding\n", Analysis_(Kind.NOISE, State.OPERATING))
        elif i % 50 == 48:
            raw = b'{"jsonrpc":"2.0","id":%d,"method":"ping"}\n' % i
            rec.append(Direction.C2S, t, raw, Analysis_(Kind.REQUEST, State.OPERATING, method="ping", id=i))
        elif i % 50 == 49:
            raw = b'{"jsonrpc":"2.0","id":%d,"result":{}}\n' % (i - 1)
            rec.append(
                Direction.S2C,
                t,
                raw,
                Analysis_(Kind.RESULT, State.OPERATING, method="ping", id=i - 1, paired=i - 1, latency=0.001),
            )
        else:
            rec.append(
                Direction.S2C,
                t,
                note % i,
                Analysis_(Kind.NOTIFICATION, State.OPERATING, method="notifications/message"),
            )
        if i % 5000 == 4999:
            rec.notify()
    rec.notify()
    writer.close({"kind": "summary", "entries": entries})


def high_water_mark() -> int:
    """Peak RSS of this process image (VmHWM): unlike ru_maxrss it does not start at the
    parent's peak after fork and exec."""
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def child(path: str) -> dict:
    sys.path.insert(0, str(ROOT))
    from inspector.session.recording import Recording

    base = high_water_mark()
    t0 = time.perf_counter()
    rec = Recording.load(path)
    took = time.perf_counter() - t0
    peak = high_water_mark()
    return {"entries": len(rec), "problems": rec.load_problem_count, "seconds": took, "rss_growth": peak - base}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=400_000)
    parser.add_argument("--keep", type=Path, help="write the file here and keep it")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(args.child)))
        return
    with tempfile.TemporaryDirectory() as tmp:
        path = args.keep or Path(tmp) / "big.jsonl"
        t0 = time.perf_counter()
        write_file(path, args.entries)
        wrote = time.perf_counter() - t0
        size = path.stat().st_size
        out = subprocess.run(
            [sys.executable, __file__, "--child", str(path)], capture_output=True, text=True, check=True
        )
        r = json.loads(out.stdout)
    print(
        f"file: {args.entries:,} entries, {size / MIB:.1f} MiB ({size / args.entries:.0f} bytes/entry), "
        f"written in {wrote:.2f} s"
    )
    print(
        f"load: {r['entries']:,} entries in {r['seconds']:.2f} s ({r['entries'] / r['seconds']:,.0f} "
        f"entries/s), {r['problems']} problems"
    )
    print(f"peak RSS growth: {r['rss_growth'] / MIB:.1f} MiB = {r['rss_growth'] / size:.2f}x the file")


if __name__ == "__main__":
    main()
