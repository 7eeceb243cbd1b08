"""Ingest benchmark: a flood of ~150-byte notifications from a child process, headless.

    python benchmarks/ingest.py [--count 200000] [--runs 3]

Path A (ours): StdioTransport -> LineSplitter -> ProtocolEngine (parse, rules, correlation,
schema verdict against the negotiated version) -> Recording, driven by Session after a real
initialize handshake. Path B: the official Python SDK's ``stdio_client`` (mcp 2.3.0) reading
the same flood from the same server after the same handshake. Both clock from the moment
``notifications/initialized`` is written (the server starts flooding when it reads it) to
the moment the last notification has been received. Prints messages/s for both, the ratio,
and memory per stored message. The best of ``--runs`` runs is reported for each path, with
every run listed.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from pathlib import Path

import anyio

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from inspector.protocol.engine import ClientConfig  # noqa: E402
from inspector.protocol.messages import Kind  # noqa: E402
from inspector.protocol.versions import EraMode  # noqa: E402
from inspector.session import Direction, Session, SessionOptions  # noqa: E402
from inspector.transport.base import StdioSpec  # noqa: E402

SERVER = [sys.executable, str(ROOT / "tests" / "fixtures" / "servers" / "misbehave.py"), "--mode", "flood"]


async def ours(count: int) -> dict:
    options = SessionOptions(
        transport=StdioSpec(argv=SERVER + ["--count", str(count)]),
        config=ClientConfig(era=EraMode.LEGACY),
        stdin_grace=2.0,
    )
    session = Session(options)
    rec = session.recording
    done = anyio.Event()
    state = {"n": 0, "t_end": 0.0, "batches": 0}

    def on_batch(start: int, end: int) -> None:
        state["batches"] += 1
        n = 0
        for i in range(start, end):
            if rec.kind_at(i) is Kind.NOTIFICATION and rec.direction_at(i) is Direction.S2C:
                n += 1
        state["n"] += n
        if state["n"] >= count and not done.is_set():
            state["t_end"] = time.perf_counter()
            done.set()

    rec.add_listener(on_batch)
    async with session:
        await session.start()  # initialize -> result -> initialized (flood starts on it)
        t0 = time.perf_counter()
        with anyio.fail_after(120):
            await done.wait()
        elapsed = state["t_end"] - t0
        messages = [i for i in range(len(rec)) if rec.kind_at(i) is Kind.NOTIFICATION]
        raw_bytes = sum(len(rec.raw_at(i)) for i in messages)
        mem = rec.memory_bytes()
        entries = len(rec)
        invalid = rec.counts()["schema_invalid"]
        violations = sum(1 for i in messages if rec.violations_at(i))
    return {
        "rate": count / elapsed,
        "elapsed": elapsed,
        "entries": entries,
        "bytes_per_message": mem / entries,
        "raw_per_message": raw_bytes / len(messages),
        "batches": state["batches"],
        "schema_invalid": invalid,
        "with_violations": violations,
    }


async def sdk(count: int) -> dict:
    import mcp_types as types
    from mcp.client.stdio import StdioServerParameters, stdio_client
    from mcp.shared.message import SessionMessage

    params = StdioServerParameters(command=SERVER[0], args=SERVER[1:] + ["--count", str(count)])
    n = 0
    async with stdio_client(params) as (read, write):
        init = types.JSONRPCRequest(
            jsonrpc="2.0",
            id=1,
            method="initialize",
            params={
                "protocolVersion": "2025-11-25",
                "capabilities": {},
                "clientInfo": {"name": "bench", "version": "1"},
            },
        )
        await write.send(SessionMessage(init))
        with anyio.fail_after(30):
            async for item in read:
                if isinstance(item, SessionMessage) and isinstance(item.message, types.JSONRPCResponse):
                    break
        await write.send(SessionMessage(types.JSONRPCNotification(jsonrpc="2.0", method="notifications/initialized")))
        t0 = time.perf_counter()
        with anyio.fail_after(300):
            async for item in read:
                if isinstance(item, SessionMessage) and isinstance(item.message, types.JSONRPCNotification):
                    n += 1
                    if n >= count:
                        break
        elapsed = time.perf_counter() - t0
    return {"rate": count / elapsed, "elapsed": elapsed}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=200_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--skip-sdk", action="store_true")
    args = parser.parse_args()
    print(
        f"ingest benchmark: {args.count} notifications/message of ~150 bytes, child process over stdio, "
        f"{args.runs} runs"
    )
    mine = []
    for _ in range(args.runs):
        gc.collect()
        mine.append(anyio.run(ours, args.count))
    best = max(mine, key=lambda r: r["rate"])
    print(
        "inspector (transport+framing+parse+rules+schema+recording): "
        + ", ".join(f"{r['rate']:,.0f}" for r in mine)
        + f" msg/s; best {best['rate']:,.0f} msg/s, median {statistics.median(r['rate'] for r in mine):,.0f}"
    )
    print(
        f"  stored entries {best['entries']}, listener batches {best['batches']}, schema-invalid "
        f"{best['schema_invalid']},"
        f" messages with violations {best['with_violations']}"
    )
    print(
        f"  memory per stored message: {best['bytes_per_message']:.0f} bytes (raw line "
        f"{best['raw_per_message']:.0f} bytes)"
    )
    if args.skip_sdk:
        return
    theirs = []
    for _ in range(args.runs):
        gc.collect()
        theirs.append(anyio.run(sdk, args.count))
    sbest = max(theirs, key=lambda r: r["rate"])
    print(
        "official SDK stdio_client (mcp 2.3.0): "
        + ", ".join(f"{r['rate']:,.0f}" for r in theirs)
        + f" msg/s; best {sbest['rate']:,.0f}"
    )
    print(f"ratio inspector/SDK (best/best): {best['rate'] / sbest['rate']:.2f}x")


if __name__ == "__main__":
    main()
