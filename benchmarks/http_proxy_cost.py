"""What the HTTP reverse proxy costs a host: a flood's delivery time and one round trip's latency.

    .venv/bin/python benchmarks/http_proxy_cost.py [--upstream fixture|reference|sdk] [--count 200000]
        [--pings 400] [--runs 3] [--compare TREE]

Flood (``--count`` > 0): the fixture server ``tests/fixtures/servers/http_misbehave.py``
(127.0.0.1, mode ``flood``) answers tools/list with one event stream of ``--count`` log
notifications (~150 bytes each) and then the result. A minimal host (httpx, one keep-alive
connection, reading raw bytes) times from the POST of tools/list to the last byte of its stream,
directly and through ``mcp-session-inspector proxy --listen 127.0.0.1:0 --upstream URL --record
FILE``; then SIGINT to the proxy, timed until it has exited, i.e. until the recording is complete
(it is loaded and its notifications counted). Target, as the stdio proxy's: the host gets the
flood at most 2x as late.

Latency: ``--pings`` pings one at a time after the handshake, on one keep-alive connection, against
the ``--upstream`` server:

- ``fixture``: the flood fixture above (it closes its connection after every answer, so the proxy
  pays an upstream connect per request: not a keep-alive figure);
- ``reference``: the reference server over Streamable HTTP (``tests/peers.py``
  reference_http_server; keep-alive; each answer an event stream: head, one event, end);
- ``sdk``: the official Python SDK's server over Streamable HTTP (``tests/fixtures/servers/sdk_http.py``).

Each run opens one session per side - direct, through the proxy and, with ``--compare TREE``,
through the proxy of another checkout of the inspector (e.g. a ``git worktree`` of an earlier
commit: before and after in the same run on the same machine) - and sends the sides' pings
interleaved one by one, so that the machine's load weighs on every side alike. A run's figure is
the median of its pings; the added latency printed is the median over runs of (proxy - direct),
and the best run's; with each, the proxy process's CPU time per exchange and its main thread's, the
forwarding's (the rest is the recorder's judging, behind) (Linux: /proc).
Target: the proxy adds less than 0.3 ms. ``--floor`` adds one more side, a bare TCP relay in Python
(``benchmarks/tcp_relay.py``: asyncio's protocols, bytes relayed as read, no HTTP, no recording):
what any Python proxy adds at the machine's load of the moment, the floor under the proxy's figure.
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from peers import HttpPeer, free_port, http_misbehave, reference_http_server, sdk_http_server  # noqa: E402

from inspector.session.recording import Recording  # noqa: E402

INIT = (
    b'{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18",'
    b'"capabilities":{},"clientInfo":{"name":"bench-host","version":"1"}}}'
)
FLOOR = "bare TCP relay, the floor"
ACCEPT = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}


class Proxy:
    """The proxy as a host runs it, on a free loopback port (``tree``: run from that checkout)."""

    def __init__(self, upstream: str, record: Path, tree: Path | None = None, relay: bool = False) -> None:
        argv = [sys.executable, "-m", "inspector", "proxy", "--listen", "127.0.0.1:0", "--upstream", upstream]
        argv += ["--record", str(record)]
        if relay:  # the floor: a bare TCP relay to the upstream's port (benchmarks/tcp_relay.py)
            argv = [sys.executable, str(ROOT / "benchmarks" / "tcp_relay.py"), str(urlsplit(upstream).port)]
        env = None if tree is None else {**os.environ, "PYTHONPATH": str(tree)}
        self.proc = subprocess.Popen(
            argv,
            stdin=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            cwd=tree,
            env=env,
        )
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


def upstream_server(kind: str, count: int) -> HttpPeer:
    port = free_port()
    if kind == "reference":
        return HttpPeer(reference_http_server(), port, env={"PORT": str(port)})
    if kind == "sdk":
        return HttpPeer(sdk_http_server(port), port)
    return HttpPeer(http_misbehave(port, "flood") + ["--flood", str(max(count, 1))], port)


def run_flood(args: argparse.Namespace, tmp: Path) -> None:
    trees: list[tuple[str, Path | None]] = [("this tree", None)]
    if args.compare is not None:
        trees.append((str(args.compare), args.compare))
    port = free_port()
    with HttpPeer(http_misbehave(port, "flood") + ["--flood", str(args.count)], port) as peer:
        direct_f: list[float] = []
        through_f: dict[str, list[float]] = {label: [] for label, _ in trees}
        closing: dict[str, list[float]] = {label: [] for label, _ in trees}
        recorded = 0
        for n in range(args.runs):  # the sides one after the other in each run (the machine's load alike)
            direct_f.append(flood(peer.url))
            for k, (label, tree) in enumerate(trees):
                record = tmp / f"flood{n}-{k}.jsonl"
                proxy = Proxy(peer.url, record, tree)
                try:
                    through_f[label].append(flood(proxy.origin + "/mcp"))
                finally:
                    closing[label].append(proxy.stop())
                rec = Recording.load(record)
                recorded = sum(1 for i in range(len(rec)) if rec.method_at(i) == "notifications/message")
                assert recorded == args.count, f"{recorded} of {args.count} notifications recorded ({label})"
    d = statistics.median(direct_f)
    print(
        f"http proxy: {args.count:,} notifications on one SSE answer (fixture), 127.0.0.1, {args.runs} runs (medians)"
    )
    print(f"  flood to the host: direct {d:.3f} s (runs: {' '.join(f'{x:.3f}' for x in direct_f)})")
    for label, _ in trees:
        t = statistics.median(through_f[label])
        print(
            f"  through the proxy ({label}): {t:.3f} s ({t / d:.2f}x; target <= 2x; runs: "
            f"{' '.join(f'{x:.3f}' for x in through_f[label])}); proxy exit after the flood (recording complete, "
            f"{recorded:,} notifications): {statistics.median(closing[label]):.2f} s"
        )


class Pinger:
    """A host on one keep-alive connection after its handshake: one ping at a time."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.client = httpx.Client(timeout=60)
        self.headers = handshake(self.client, url)
        self.k = 10

    def ping(self) -> float:
        self.k += 1
        body = b'{"jsonrpc":"2.0","id":%d,"method":"ping"}' % self.k
        t0 = time.perf_counter()
        r = self.client.post(self.url, content=body, headers=self.headers)
        took = time.perf_counter() - t0
        assert r.status_code == 200 and b'"result"' in r.content, r.content
        return took


def cpu_seconds(pid: int, thread: bool = False) -> float:
    """The process's CPU time so far, all its threads (``thread``: its main thread's only, where
    the proxy forwards; the recorder judges in another) (Linux /proc; 0 elsewhere)."""
    try:
        stat = Path(f"/proc/{pid}/task/{pid}/stat" if thread else f"/proc/{pid}/stat")
        fields = stat.read_text().rpartition(")")[2].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def run_latency(args: argparse.Namespace, tmp: Path) -> None:
    trees: list[tuple[str, Path | None]] = [("this tree", None)]
    if args.compare is not None:
        trees.append((str(args.compare), args.compare))
    if args.floor:
        trees.append((FLOOR, None))
    with upstream_server(args.upstream, args.count) as peer:
        path = urlsplit(peer.url).path
        proxies: list[tuple[str, Proxy]] = []
        sides = ["direct", *(label for label, _ in trees)]
        medians: dict[str, list[float]] = {side: [] for side in sides}
        cpu: dict[str, list[float]] = {label: [] for label, _ in trees}
        forwarding: dict[str, list[float]] = {label: [] for label, _ in trees}
        try:
            for k, (label, tree) in enumerate(trees):  # each stopped at the end, even when a later one fails
                proxies.append((label, Proxy(peer.url, tmp / f"ping{k}.jsonl", tree, relay=label == FLOOR)))
            for _ in range(args.runs):
                # each run a new session per side; its pings interleaved one by one, the order turned each
                # round, so that the machine's load at any moment weighs on every side alike
                pingers = [Pinger(peer.url), *(Pinger(proxy.origin + path) for _, proxy in proxies)]
                for pinger in pingers:  # warm up (a JIT, a first session) before anything is timed
                    for _ in range(20):
                        pinger.ping()
                times: list[list[float]] = [[] for _ in pingers]
                before = [cpu_seconds(proxy.proc.pid) for _, proxy in proxies]
                before_forwarding = [cpu_seconds(proxy.proc.pid, thread=True) for _, proxy in proxies]
                for k in range(args.pings):
                    shift = k % len(pingers)
                    for i in [*range(shift, len(pingers)), *range(shift)]:
                        times[i].append(pingers[i].ping())
                for (label, proxy), c0, f0 in zip(proxies, before, before_forwarding, strict=True):
                    cpu[label].append((cpu_seconds(proxy.proc.pid) - c0) / args.pings)
                    forwarding[label].append((cpu_seconds(proxy.proc.pid, thread=True) - f0) / args.pings)
                for side, each, pinger in zip(sides, times, pingers, strict=True):
                    medians[side].append(statistics.median(each))
                    pinger.client.close()
        finally:
            for _, proxy in proxies:
                proxy.stop()
    print(
        f"http proxy: ping round trip against the {args.upstream} server, keep-alive, {args.runs} runs of {args.pings} "
        f"pings per side interleaved one by one; a run's figure is its median"
    )
    direct = medians["direct"]
    print(f"  direct: {min(direct) * 1000:.3f} ms (runs: {' '.join(f'{x * 1000:.3f}' for x in direct)})")
    for label, _ in proxies:
        added = [(x - y) * 1000 for x, y in zip(medians[label], direct, strict=True)]
        print(
            f"  through the proxy ({label}): added {statistics.median(added):.3f} ms median of runs, best "
            f"{min(added):.3f} (runs: {' '.join(f'{a:+.3f}' for a in added)}; target < 0.3 ms); "
            f"proxy CPU per exchange {statistics.median(cpu[label]) * 1000:.3f} ms (the forwarding thread's "
            f"{statistics.median(forwarding[label]) * 1000:.3f})"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--upstream", choices=("fixture", "reference", "sdk"), default="fixture")
    parser.add_argument("--count", type=int, default=200_000, help="the flood's notifications (0: no flood)")
    parser.add_argument("--pings", type=int, default=400)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--compare", type=Path, default=None, help="also the proxy of this checkout (before/after)")
    parser.add_argument(
        "--floor",
        action="store_true",
        help="also a bare TCP relay (benchmarks/tcp_relay.py): what any Python proxy costs",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        if args.count > 0:
            run_flood(args, Path(tmp))
        if args.pings > 0:
            run_latency(args, Path(tmp))
    return 0


if __name__ == "__main__":
    sys.exit(main())
