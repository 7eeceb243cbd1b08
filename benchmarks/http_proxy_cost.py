"""What the HTTP reverse proxy costs a host: a flood's delivery time and one round trip's latency.

    .venv/bin/python benchmarks/http_proxy_cost.py [--count 200000] [--pings 400] [--runs 3]

The fixture server ``tests/fixtures/servers/http_misbehave.py`` (127.0.0.1) answers the
handshake, answers ping at once with a JSON body, and in mode ``flood`` answers tools/list with
one event stream of ``--count`` log notifications (~150 bytes each) and then the result. A
minimal host (httpx, one keep-alive connection, reading raw bytes) talks to it directly and
through ``mcp-session-inspector proxy --listen 127.0.0.1:0 --upstream URL --record FILE``.

Flood: from the POST of tools/list to the last byte of its stream (the result), direct vs through
the proxy; then SIGINT to the proxy, timed until it has exited, i.e. until the recording is
complete (it is loaded and its notifications counted). Target, as the stdio proxy's: the host
gets the flood at most 2x as late.

Latency: ``--pings`` pings one at a time after the handshake, directly and through the proxy; the
median round trip of each and the difference. Target: the proxy adds less than 0.3 ms (the
stdio proxy's target; HTTP adds a second TCP hop and two HTTP parses, so this is where it shows).

Prints one line per figure; each is the best (flood) or median (latency) over ``--runs`` runs.
"""

from __future__ import annotations

import argparse
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from peers import HttpPeer, free_port, http_misbehave  # noqa: E402

from inspector.session.recording import Recording  # noqa: E402

INIT = (
    b'{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18",'
    b'"capabilities":{},"clientInfo":{"name":"bench-host","version":"1"}}}'
)
ACCEPT = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}


class Proxy:
    """The proxy as a host runs it, on a free loopback port."""

    def __init__(self, upstream: str, record: Path) -> None:
        argv = [sys.executable, "-m", "inspector", "proxy", "--listen", "127.0.0.1:0", "--upstream", upstream]
        self.proc = subprocess.Popen([*argv, "--record", str(record)], stdin=subprocess.DEVNULL, stderr=subprocess.PIPE)
        assert self.proc.stderr is not None
        said = self.proc.stderr.readline().decode()
        found = re.search(r"listening on (http://\S+),", said)
        if not found:
            raise RuntimeError(said)
        self.origin = found.group(1)

    def stop(self) -> float:
        """SIGINT; seconds until it exited (the recording complete)."""
        t0 = time.perf_counter()
        self.proc.send_signal(signal.SIGINT)
        self.proc.wait(timeout=600)
        return time.perf_counter() - t0


def handshake(c: httpx.Client, url: str) -> dict[str, str]:
    r = c.post(url, content=INIT, headers=ACCEPT)
    headers = {**ACCEPT, "Mcp-Session-Id": r.headers["mcp-session-id"], "MCP-Protocol-Version": "2025-06-18"}
    c.post(url, content=b'{"jsonrpc":"2.0","method":"notifications/initialized"}', headers=headers)
    return headers


def flood(url: str) -> float:
    with httpx.Client(timeout=600) as c:
        headers = handshake(c, url)
        t0 = time.perf_counter()
        body = b'{"jsonrpc":"2.0","id":1,"method":"tools/list"}'
        with c.stream("POST", url, content=body, headers=headers) as r:
            size = 0
            for chunk in r.iter_raw():
                size += len(chunk)
        took = time.perf_counter() - t0
    assert size > 0
    return took


def pings(url: str, n: int) -> float:
    with httpx.Client(timeout=60) as c:
        headers = handshake(c, url)
        times = []
        for k in range(n):
            body = b'{"jsonrpc":"2.0","id":%d,"method":"ping"}' % (k + 10)
            t0 = time.perf_counter()
            r = c.post(url, content=body, headers=headers)
            times.append(time.perf_counter() - t0)
            assert r.status_code == 200
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=200_000)
    parser.add_argument("--pings", type=int, default=400)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    port = free_port()
    with (
        tempfile.TemporaryDirectory() as tmp,
        HttpPeer(http_misbehave(port, "flood") + ["--flood", str(args.count)], port) as peer,
    ):
        direct_f, through_f, closing, direct_p, through_p = [], [], [], [], []
        recorded = 0
        for n in range(args.runs):
            direct_f.append(flood(peer.url))
            direct_p.append(pings(peer.url, args.pings))
            record = Path(tmp) / f"run{n}.jsonl"
            proxy = Proxy(peer.url, record)
            try:
                through_f.append(flood(proxy.origin + "/mcp"))
                through_p.append(pings(proxy.origin + "/mcp", args.pings))
            finally:
                closing.append(proxy.stop())
            rec = Recording.load(record)
            recorded = sum(1 for i in range(len(rec)) if rec.method_at(i) == "notifications/message")
            assert recorded == args.count, f"{recorded} of {args.count} notifications recorded"
        d, t = min(direct_f), min(through_f)
        print(f"http proxy: {args.count:,} notifications on one SSE answer, 127.0.0.1, {args.runs} runs")
        print(f"  flood to the host: direct {d:.2f} s, through the proxy {t:.2f} s ({t / d:.2f}x; target <= 2x)")
        print(f"  proxy exit after the flood (recording complete, {recorded:,} notifications): {min(closing):.2f} s")
        dp, tp = statistics.median(direct_p) * 1000, statistics.median(through_p) * 1000
        print(
            f"  ping round trip (median of {args.pings}): direct {dp:.3f} ms, through the proxy {tp:.3f} ms, "
            f"added {tp - dp:.3f} ms (target < 0.3 ms)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
