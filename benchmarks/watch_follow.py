"""What watching a proxied session costs the window: catching up, following, listing.

    .venv/bin/python benchmarks/watch_follow.py [--lines 200000] [--step 1000] [--runs 3]

A real proxied recording is made first: ``mcp-session-inspector proxy --record FILE --`` runs
``tests/fixtures/servers/flood_pipe.py --initialize --lines N`` while this script is the host
(initialize, read the flood, close stdin). Then, on that file:

- catch-up: ``GrowingRecording.start`` on the whole file (what opening a long-running session
  live reads at once), next to ``Recording.load`` of the same file;
- following: the file copied into a new one ``--step`` lines at a time, cut in the middle of a
  line, one ``poll`` after each piece (what the window's 200 ms timer does when a host is busy):
  the median and worst poll, and the cost of a poll that finds nothing new (a quiet session);
- listing: ``entries_in`` the first time (every byte read) and again after one more piece (only
  the new bytes), as the Watch list reads it every 1.5 s.

Prints one line per figure; each is the best over ``--runs`` runs.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from inspector.session.follow import GrowingRecording  # noqa: E402
from inspector.session.recording import Recording  # noqa: E402
from inspector.session.watch import entries_in  # noqa: E402

T = TypeVar("T")
SERVERS = ROOT / "tests" / "fixtures" / "servers"
INIT = (
    b'{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18",'
    b'"capabilities":{},"clientInfo":{"name":"bench","version":"1"}}}\n'
)


def make_recording(record: Path, lines: int) -> None:
    flood = [sys.executable, str(SERVERS / "flood_pipe.py"), "--initialize", "--lines", str(lines)]
    argv = [sys.executable, "-m", "inspector", "proxy", "--record", str(record), "--", *flood]
    p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=ROOT)
    assert p.stdin is not None and p.stdout is not None
    p.stdin.write(INIT)
    p.stdin.flush()
    seen = 0
    while seen < lines + 1:
        chunk = p.stdout.read1(65536)
        if not chunk:
            raise SystemExit(f"the flood ended after {seen} lines")
        seen += chunk.count(b"\n")
    p.stdin.close()
    p.wait(timeout=600)


def timed(f: Callable[[], T]) -> tuple[float, T]:
    t = time.perf_counter()
    value = f()
    return time.perf_counter() - t, value


def follow_once(data: bytes, target: Path, step: int) -> tuple[list[float], float, int]:
    """(each poll's seconds, an idle poll's seconds, entries at the end) copying ``data`` in pieces."""
    header_end = data.index(b"\n") + 1
    target.write_bytes(data[:header_end])
    growing = GrowingRecording(target)
    growing.start()
    polls: list[float] = []
    at = header_end
    with target.open("ab") as f:
        while at < len(data):
            end = at
            for _ in range(step):
                nl = data.find(b"\n", end)
                if nl < 0:
                    end = len(data)
                    break
                end = nl + 1
            end = min(len(data), end + 7)  # cut in the middle of the next line
            f.write(data[at:end])
            f.flush()
            at = end
            polls.append(timed(lambda: growing.poll(None))[0])
    idle = min(timed(lambda: growing.poll(None))[0] for _ in range(20))
    rec = growing.finish()
    return polls, idle, len(rec)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=200_000)
    parser.add_argument("--step", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        record = Path(tmp) / "flood.jsonl"
        make_recording(record, args.lines)
        data = record.read_bytes()
        size_mb = len(data) / 1e6
        catch, load = [], []
        for _ in range(args.runs):
            catch.append(timed(lambda: GrowingRecording(record).start())[0])
            load.append(timed(lambda: Recording.load(record))[0])
        whole = len(Recording.load(record))
        print(
            f"catch-up on a running session's {whole:,} entries ({size_mb:.0f} MB): "
            f"GrowingRecording.start {min(catch) * 1000:.0f} ms, Recording.load {min(load) * 1000:.0f} ms"
        )
        best: tuple[list[float], float, int] | None = None
        for _ in range(args.runs):
            run = follow_once(data, Path(tmp) / "growing.jsonl", args.step)
            if best is None or statistics.median(run[0]) < statistics.median(best[0]):
                best = run
        assert best is not None
        polls, idle, got = best
        assert got == whole, (got, whole)
        print(
            f"following, {args.step} new lines per poll ({len(polls)} polls): "
            f"median {statistics.median(polls) * 1000:.2f} ms, "
            f"worst {max(polls) * 1000:.2f} ms; a poll with nothing new {idle * 1e6:.0f} µs; "
            f"entries at the end equal to opening the file: {got == whole}"
        )
        counted = Path(tmp) / "counted.jsonl"
        counted.write_bytes(data[: len(data) // 2])
        cold = timed(lambda: entries_in(counted))[0]
        with counted.open("ab") as f:
            f.write(data[len(data) // 2 : len(data) // 2 + 150_000])
        warm = timed(lambda: entries_in(counted))[0]
        print(
            f"Watch list entry count: {size_mb / 2:.0f} MB counted the first time in {cold * 1000:.1f} ms, "
            f"again after 150 kB more in {warm * 1000:.2f} ms"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
