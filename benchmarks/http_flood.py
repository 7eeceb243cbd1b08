"""HTTP flood benchmark: 200k notifications (~150 bytes each) on one SSE response, headless.

    python benchmarks/http_flood.py [--count 200000] [--runs 3]

The fixture server (tests/fixtures/servers/http_misbehave.py --mode flood, on 127.0.0.1)
answers ``tools/list`` with one ``text/event-stream`` response carrying ``--count`` log
notifications and then the result. The clock runs from the POST of tools/list to its result,
through the real StreamableHttpTransport (httpx, SSE framing) -> ProtocolEngine -> Recording,
every entry keeping the HTTP exchange it travelled in. Prints messages/s per run, the best,
and memory per stored message (traced Python allocations of the recording).
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
import tracemalloc
from pathlib import Path

import anyio

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from peers import HttpPeer, free_port, http_misbehave  # noqa: E402

from inspector.protocol.engine import ClientConfig  # noqa: E402
from inspector.protocol.versions import EraMode  # noqa: E402
from inspector.session import Session, SessionOptions  # noqa: E402
from inspector.transport.base import StreamableHttpSpec  # noqa: E402


async def one_run(url: str, count: int, trace: bool) -> dict:
    session = Session(
        SessionOptions(
            transport=StreamableHttpSpec(url),
            config=ClientConfig(era=EraMode.LEGACY),
            request_timeout=600.0,
            max_request_timeout=600.0,
        )
    )
    async with session:
        await session.start()
        gc.collect()
        if trace:
            tracemalloc.start()
            before = tracemalloc.get_traced_memory()[0]
        t0 = time.perf_counter()
        reply = await session.request("tools/list")
        elapsed = time.perf_counter() - t0
        if trace:
            gc.collect()
            grown = tracemalloc.get_traced_memory()[0] - before
            tracemalloc.stop()
        assert reply.ok, reply.error
    rec = session.recording
    notes = sum(1 for i in range(len(rec)) if rec.method_at(i) == "notifications/message")
    assert notes == count, f"{notes} of {count} notifications recorded"
    out = {"msg_s": count / elapsed, "seconds": elapsed, "entries": len(rec)}
    if trace:
        out["bytes_per_message"] = grown / count
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=200_000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    port = free_port()
    with HttpPeer(http_misbehave(port, "flood") + ["--flood", str(args.count)], port) as peer:
        print(
            f"http flood: {args.count} notifications/message (~150 bytes) on one SSE response, 127.0.0.1, "
            f"{args.runs} runs"
        )
        rates = []
        for n in range(args.runs):
            r = anyio.run(one_run, peer.url, args.count, False)
            rates.append(r["msg_s"])
            print(f"  run {n + 1}: {r['msg_s']:>10,.0f} msg/s  {r['seconds']:.2f} s  entries {r['entries']:,}")
        mem = anyio.run(one_run, peer.url, args.count, True)
        print(
            f"best {max(rates):,.0f} msg/s; memory per stored message (traced, with its HTTP metadata): "
            f"{mem['bytes_per_message']:.0f} bytes"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
