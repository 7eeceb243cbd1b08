"""The record path's fast ways (a read of a flood judged at once by the engine, appended a column at
a time by the recording, written in bulk) on real servers' floods, over real pipes and HTTP: every
message is recorded, the recording judges each one as a fresh engine does one message at a time
(``reanalyse``), and the fast way fires for the official SDK's log messages, not only for the
fixture's.

Servers: the official Python SDK's low-level ``Server`` with a tool that sends N log messages and
N progress notifications (written into ``tmp_path`` by the test), the misbehaving stdio fixture's
flood (before and after the handshake) and the Streamable HTTP fixture's SSE flood.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import anyio
import orjson
import pytest
from peers import HttpPeer, free_port, http_misbehave
from session_helpers import misbehave, options

from inspector.protocol.engine import ClientConfig, ProtocolEngine
from inspector.protocol.versions import EraMode
from inspector.session import Direction, Recording, Session, SessionOptions
from inspector.session.reanalyse import reanalyse
from inspector.transport.base import StreamableHttpSpec

pytestmark = pytest.mark.anyio

N = 3000

SDK_FLOOD = r'''
"""The SDK's low-level Server; its tool "flood" sends N log messages, then N progress notes."""
import sys
import warnings

import anyio
import mcp_types as types
from mcp.server import Server
from mcp.server.stdio import stdio_server

warnings.filterwarnings("ignore")
N = int(sys.argv[1])


async def list_tools(ctx, params):
    return types.ListToolsResult(tools=[types.Tool(name="flood", input_schema={"type": "object"})])


async def call_tool(ctx, params):
    meta = params.meta
    token = (meta or {}).get("progress_token")
    for i in range(N):
        await ctx.session.send_log_message("info", f"log line {i}", logger="flood")
    if token is not None:
        for i in range(N):
            await ctx.session.send_progress_notification(token, i, N)
    return types.CallToolResult(content=[types.TextContent(type="text", text="done")])


async def set_level(ctx, params):
    return types.EmptyResult()


async def main():
    server = Server(
        "sdk-flood", version="1", on_list_tools=list_tools, on_call_tool=call_tool, on_set_logging_level=set_level
    )
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


anyio.run(main)
'''


@pytest.fixture
def sdk_flood(tmp_path: Path) -> list[str]:
    script = tmp_path / "sdk_flood.py"
    script.write_text(SDK_FLOOD)
    return [sys.executable, str(script), str(N)]


def counted(rec: Recording, method: str) -> tuple[int, int]:
    """(entries of ``method`` from the server, those of them valid with no rule broken)."""
    n = ok = 0
    for i in range(len(rec)):
        if rec.direction_at(i) is Direction.S2C and rec.method_at(i) == method:
            n += 1
            e = rec[i]
            ok += bool(e.schema_ok) and not e.violations
    return n, ok


def judged_as_one_by_one(path: Path, live: Recording) -> Recording:
    """The file holds every entry of the live recording, and re-analysis (one message at a time,
    a fresh engine) judges each exactly as the live session did."""
    rec = Recording.load(path)
    assert rec.load_problem_count == 0 and len(rec) == len(live)
    assert reanalyse(rec)[1] == []
    assert reanalyse(live)[1] == []
    return rec


@pytest.mark.parametrize("era", [EraMode.LEGACY, EraMode.AUTO])
async def test_the_sdk_servers_log_and_progress_flood_is_recorded_and_judged_as_one_by_one(
    sdk_flood: list[str], tmp_path: Path, era: EraMode
) -> None:
    path = tmp_path / "sdk.jsonl"
    opts = options(sdk_flood, era=era, record_path=path, request_timeout=60.0)
    # the modern era: log messages only when a request asks for them (its _meta's logLevel)
    opts.config = ClientConfig(era=era, log_level="info")
    session = Session(opts)
    async with session:
        with anyio.fail_after(120):
            await session.start()
            reply = await session.request("tools/call", {"name": "flood", "arguments": {}}, progress=True)
        assert reply.ok
    assert session.engine.era.value == ("legacy" if era is EraMode.LEGACY else "modern")  # the SDK is dual-era
    rec = judged_as_one_by_one(path, session.recording)
    logs, logs_ok = counted(rec, "notifications/message")
    progress, _ = counted(rec, "notifications/progress")
    assert logs == N and progress == N
    assert logs_ok == N


async def test_the_sdk_servers_log_lines_take_the_engines_run_at_once_way(sdk_flood: list[str]) -> None:
    """The lines the SDK really writes (its key order, its spacing) are a run the engine judges
    at once: one shared Analysis for a read nobody reads, the same verdicts as one at a time."""
    lines = _sdk_lines(sdk_flood)
    logs = [raw for raw in lines if b'"notifications/message"' in raw]
    assert len(logs) == N
    together, singly = _legacy_engine(), _legacy_engine()
    shared = together.incoming_many(logs[:128], 1.0, 10, None)
    assert len({id(a) for a in shared}) == 1 and shared[0].schema.ok and shared[0].violations == ()
    alone = [singly.incoming(raw, 1.0, 10 + k) for k, raw in enumerate(logs[:128])]
    assert {(a.kind, a.state, a.method, a.violations, a.schema) for a in alone} == {
        (shared[0].kind, shared[0].state, shared[0].method, shared[0].violations, shared[0].schema)
    }
    # a read of log messages and progress (a real server's mix) goes line by line, the same
    mixed = logs[-64:] + [raw for raw in lines if b'"notifications/progress"' in raw][:64]
    assert len(mixed) == 128
    got = together.incoming_many(mixed, 2.0, 200, None)
    want = [singly.incoming(raw, 2.0, 200 + k) for k, raw in enumerate(mixed)]
    assert [(a.kind, a.method, a.violations, a.schema.ok, a.paired) for a in got] == [
        (a.kind, a.method, a.violations, a.schema.ok, a.paired) for a in want
    ]


@pytest.mark.parametrize("when", ["--flood-now", "after initialized"])
async def test_the_fixtures_flood_is_recorded_and_judged_as_one_by_one(tmp_path: Path, when: str) -> None:
    path = tmp_path / "flood.jsonl"
    argv = misbehave("flood", "--count", str(N), *([when] if when.startswith("--") else []))
    session = Session(options(argv, record_path=path))
    async with session:
        with anyio.fail_after(60):
            await session.start()
            assert (await session.request("ping")).ok
    rec = judged_as_one_by_one(path, session.recording)
    assert counted(rec, "notifications/message") == (N, N)


async def test_an_sse_flood_over_http_is_recorded_and_judged_as_one_by_one(tmp_path: Path) -> None:
    port = free_port()
    path = tmp_path / "http.jsonl"
    with HttpPeer([*http_misbehave(port, "flood"), "--flood", str(N)], port) as peer:
        session = Session(
            SessionOptions(
                transport=StreamableHttpSpec(peer.url),
                config=ClientConfig(era=EraMode.LEGACY),
                connect_timeout=30.0,
                request_timeout=60.0,
                record_path=path,
            )
        )
        async with session:
            with anyio.fail_after(90):
                await session.start()
                assert (await session.request("tools/list")).ok
    rec = judged_as_one_by_one(path, session.recording)
    assert counted(rec, "notifications/message")[0] == N


# ---------------------------------------------------------------- helpers


def _legacy_engine() -> ProtocolEngine:
    e = ProtocolEngine(ClientConfig(era=EraMode.LEGACY))
    e.outgoing(e.build_initialize(e.next_id()), 0.0, 0)
    caps = {"logging": {}, "tools": {"listChanged": False}}
    answer = {"protocolVersion": "2025-11-25", "capabilities": caps, "serverInfo": {"name": "sdk", "version": "1"}}
    e.incoming(orjson.dumps({"jsonrpc": "2.0", "id": 1, "result": answer}) + b"\n", 0.1, 1)
    e.outgoing(e.build_initialized(), 0.2, 2)
    e.outgoing(e.build_request(2, "tools/call", {"name": "flood", "arguments": {}}, progress_token=2), 0.3, 3)
    assert e.lifecycle.state.value == "operating"
    return e


def _sdk_lines(argv: list[str]) -> list[bytes]:
    """What the SDK server writes for a handshake and one call of its tool with a progress token,
    read from its stdout through a pipe, the answer to the call last."""
    calls = [
        {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "initialize",
            "params": {
                "protocolVersion": "2025-11-25",
                "capabilities": {},
                "clientInfo": {"name": "t", "version": "1"},
            },
        },
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {
            "jsonrpc": "2.0",
            "id": 2,
            "method": "tools/call",
            "params": {"name": "flood", "arguments": {}, "_meta": {"progressToken": 2}},
        },
    ]
    p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        assert p.stdin is not None and p.stdout is not None
        p.stdin.write(b"".join(orjson.dumps(c) + b"\n" for c in calls))
        p.stdin.flush()
        lines = []
        while True:
            line = p.stdout.readline()
            assert line, "the SDK server stopped before answering the call"
            lines.append(line)
            obj = orjson.loads(line)
            if obj.get("id") == 2 and "method" not in obj:
                return lines[1:]  # the handshake's answer left out
    finally:
        p.kill()
        p.wait()
