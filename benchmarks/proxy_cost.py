"""What the stdio proxy costs a host: a flood's delivery time and one round trip's latency.

    .venv/bin/python benchmarks/proxy_cost.py [--lines 200000] [--pings 400] [--runs 3]

Flood: a minimal host (this script, reading the pipe in 64 KiB reads and counting lines) starts
``tests/fixtures/servers/flood_pipe.py --initialize --lines N`` directly and through
``mcp-session-inspector proxy --record FILE --``, writes initialize, and times from the first
byte of the answer to the last of the N notifications (process start-up is left out: it is the
interpreter's, not the forwarding's). Then it closes stdin and times until the proxy has exited,
i.e. until the recording is complete (it is loaded and its server lines counted). Target: the
host gets the flood at most 2x as late through the proxy.

Latency: the misbehaving fixture in mode ``good`` answers ping at once; after the handshake the
host sends ``--pings`` pings one at a time, directly and through the proxy, and the median round
trip of each is compared. Target: the proxy adds less than 0.3 ms.

Memory: the proxy's peak resident memory (``wait4``'s, the proxy process alone) after a flood of
``--lines / 10`` and of ``--lines`` messages, with the most entries its recording held at once
and how much its recorder spilled (the recording's summary, ``recorder``): a proxy that runs for
hours must not grow with its traffic, so the two peaks should be close.

Prints one line per figure; each is the best (flood) or median (latency) over ``--runs`` runs.
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

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from inspector.session.recording import Direction, Recording  # noqa: E402

SERVERS = ROOT / "tests" / "fixtures" / "servers"
INIT = (
    b'{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18",'
    b'"capabilities":{},"clientInfo":{"name":"bench-host","version":"1"}}}\n'
)
INITIALIZED = b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n'


def through_proxy(server: list[str], record: Path) -> list[str]:
    return [sys.executable, "-m", "inspector", "proxy", "--record", str(record), "--", *server]


def flood_once(argv: list[str], lines: int) -> tuple[float, float, int]:
    """(seconds from the answer's first byte to the flood's last line, seconds from closing stdin to
    exit, the peak resident memory of the process started, in KiB)."""
    p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=ROOT)
    assert p.stdin is not None and p.stdout is not None
    fd = p.stdout.fileno()
    p.stdin.write(INIT)
    p.stdin.flush()
    want = lines + 1  # the answer, then the flood
    seen = 0
    first = None
    while seen < want:
        chunk = os.read(fd, 65536)
        if not chunk:
            raise SystemExit(f"the server's output ended after {seen} of {want} lines")
        if first is None:
            first = time.perf_counter()
        seen += chunk.count(b"\n")
    got_all = time.perf_counter()
    p.stdin.close()
    _, status, usage = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    exited = time.perf_counter()
    p.stdout.close()
    assert first is not None
    return got_all - first, exited - got_all, usage.ru_maxrss


def pings(argv: list[str], count: int) -> list[float]:
    """Round trips of ``count`` pings after the handshake, one at a time."""
    p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=ROOT)
    assert p.stdin is not None and p.stdout is not None
    p.stdin.write(INIT)
    p.stdin.flush()
    p.stdout.readline()
    p.stdin.write(INITIALIZED)
    p.stdin.flush()
    times = []
    for i in range(1, count + 1):
        request = b'{"jsonrpc":"2.0","id":%d,"method":"ping"}\n' % i
        began = time.perf_counter()
        p.stdin.write(request)
        p.stdin.flush()
        line = p.stdout.readline()
        times.append(time.perf_counter() - began)
        assert b'"id":%d' % i in line.replace(b" ", b""), line
    p.stdin.close()
    p.wait(timeout=60)
    p.stdout.close()
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=200_000)
    parser.add_argument("--pings", type=int, default=400)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    flood = [sys.executable, str(SERVERS / "flood_pipe.py"), "--initialize", "--lines", str(args.lines)]
    good = [sys.executable, str(SERVERS / "misbehave.py"), "--mode", "good"]
    with tempfile.TemporaryDirectory(prefix="proxy-cost-") as tmp:
        record = Path(tmp) / "flood.jsonl"
        direct, proxied, complete = [], [], []
        for _ in range(args.runs):
            direct.append(flood_once(flood, args.lines)[0])
            delivered, finished, _ = flood_once(through_proxy(flood, record), args.lines)
            proxied.append(delivered)
            complete.append(finished)
        rec = Recording.load(record)
        recorded = sum(1 for i in range(len(rec)) if rec.direction_at(i) is Direction.S2C)
        d, p = min(direct), min(proxied)
        print(f"flood of {args.lines} messages, answer to last line: direct {d * 1000:.0f} ms, "
              f"through the proxy {p * 1000:.0f} ms, ratio {p / d:.2f}x (target <= 2x)")  # fmt: skip
        print(f"flood: recording complete {min(complete) * 1000:.0f} ms after the host had the last line "
              f"(proxy exit); server lines recorded: {recorded} of {args.lines + 1}")  # fmt: skip
        memory = []
        for n in (args.lines // 10, args.lines):
            path = Path(tmp) / f"memory-{n}.jsonl"
            rss = flood_once(through_proxy([*flood[:-1], str(n)], path), n)[2]
            summary = Recording.load(path).summary or {}
            memory.append((n, rss, summary.get("recorder") or {}))
        (small, rss_a, a), (large, rss_b, b) = memory
        print(f"memory: proxy peak RSS {rss_a / 1024:.1f} MiB after {small} messages, "
              f"{rss_b / 1024:.1f} MiB after {large}; entries held at most "
              f"{a.get('most_held')} / {b.get('most_held')}; spilled {a.get('spilled')} / {b.get('spilled')} "
              f"items ({b.get('most_spill_bytes', 0) / 1e6:.1f} MB at most)")  # fmt: skip
        direct_rt, proxied_rt = [], []
        for _ in range(args.runs):
            direct_rt.append(statistics.median(pings(good, args.pings)))
            proxied_rt.append(statistics.median(pings(through_proxy(good, Path(tmp) / "pings.jsonl"), args.pings)))
        md, mp = statistics.median(direct_rt), statistics.median(proxied_rt)
        print(f"round trip (ping), median of {args.pings} x {args.runs}: direct {md * 1e3:.3f} ms, "
              f"through the proxy {mp * 1e3:.3f} ms, added {(mp - md) * 1e3:.3f} ms (target < 0.3 ms)")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
