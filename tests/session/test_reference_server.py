"""The npm reference server (@modelcontextprotocol/server-everything) through Session, over real pipes.

What the server does on the wire is in shared/PEERS.md: legacy era only, echoes the four legacy
versions, answers server/discover with -32601, asks roots/list with id 0 about 350 ms after
initialized when the client declares roots, and keeps sending progress after a cancel.
"""

from __future__ import annotations

import anyio
import orjson
import pytest
from session_helpers import (
    BOUND,
    find,
    first,
    messages,
    options,
    reference_server,
    rules,
    state_path,
    transitions,
    wait_for,
)

from inspector.protocol.lifecycle import State
from inspector.protocol.messages import Kind
from inspector.protocol.versions import LEGACY_VERSIONS, Era, EraMode
from inspector.session import ClientHandlers, Direction, Session

pytestmark = [pytest.mark.anyio, pytest.mark.peer]

LEGACY_PATH = [
    State.UNINITIALIZED,
    State.INITIALIZING,
    State.INITIALIZED,
    State.OPERATING,
    State.SHUTTING_DOWN,
    State.TERMINATED,
]


def assert_schema_ok(session: Session) -> None:
    bad = [
        (e.seq, e.direction.label, e.method, e.extra.get("schema_errors"))
        for e in messages(session.recording)
        if e.schema_ok is not True
    ]
    assert bad == []


def assert_clean_exit(session: Session) -> None:
    last = session.recording[-1]
    assert last.state is State.TERMINATED
    assert last.extra["event"] == "exited"
    assert last.extra["returncode"] == 0 and last.extra["signal"] is None
    assert session.returncode == 0
    assert session.recording.summary["exit_code"] == 0


@pytest.mark.parametrize("version", ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"])
async def test_legacy_handshake_every_version(version: str) -> None:
    assert version in LEGACY_VERSIONS
    session = Session(options(reference_server(), era=EraMode.LEGACY, version=version))
    async with session:
        await session.start()
        assert session.state is State.OPERATING
        eng = session.engine
        assert eng.era is Era.LEGACY
        assert eng.version == version == eng.offered_version
        caps = eng.server_capabilities
        assert {"tools", "prompts", "resources", "logging"} <= set(caps)
        assert caps["resources"].get("subscribe") is True
        assert eng.server_info and eng.server_info.get("name")
        assert eng.instructions and len(eng.instructions) > 500

        reply = await session.request("tools/list")
        assert reply.ok
        names = {t["name"] for t in reply.result["tools"]}
        assert {"echo", "trigger-long-running-operation"} <= names

    rec = session.recording
    assert state_path(rec) == LEGACY_PATH
    assert [t[2] for t in transitions(rec)] == [
        "initialize →",
        "← InitializeResult",
        "notifications/initialized →",
        "close stdin",
        "server exited",
    ]
    init = first(rec, direction=Direction.S2C, method="initialize")
    assert init is not None and init.json()["result"]["protocolVersion"] == version
    assert init.paired == first(rec, direction=Direction.C2S, method="initialize").seq
    # the summary keeps what was negotiated
    assert rec.summary["protocol_version"] == version
    assert rec.summary["server_capabilities"] == caps
    assert_schema_ok(session)
    assert rules(rec) == []
    assert_clean_exit(session)


async def test_auto_mode_falls_back_to_legacy() -> None:
    session = Session(options(reference_server(), era=EraMode.AUTO, probe_timeout=15.0))
    async with session:
        await session.start()
        assert session.state is State.OPERATING
        assert session.engine.era is Era.LEGACY
        assert session.engine.version == "2025-11-25"
        assert (await session.request("ping")).ok

    rec = session.recording
    discover = first(rec, direction=Direction.S2C, method="server/discover")
    assert discover is not None and discover.kind is Kind.ERROR
    assert discover.json()["error"]["code"] == -32601
    assert discover.extra["transition"] == {
        "from": "discovering",
        "to": "uninitialized",
        "event": "fallback_to_legacy",
        "label": "← not a DiscoverResult → legacy",
        "failure": False,
    }
    assert state_path(rec) == [State.IDLE, State.DISCOVERING, *LEGACY_PATH]
    assert_schema_ok(session)
    assert_clean_exit(session)


async def test_roots_request_with_id_zero_is_answered_and_paired() -> None:
    roots = [{"uri": "file:///tmp/project", "name": "project"}]
    session = Session(
        options(reference_server(), capabilities={"roots": {"listChanged": True}}),
        handlers=ClientHandlers(roots=roots),
    )
    rec = session.recording
    async with session:
        await session.start()
        request = await wait_for(
            lambda: first(rec, direction=Direction.S2C, kind=Kind.REQUEST, method="roots/list"), what="roots/list"
        )
        answer = await wait_for(lambda: first(rec, direction=Direction.C2S, method="roots/list"), what="the answer")
        # The server reports what it got: proof that it accepted the answer.
        await wait_for(
            lambda: any(
                b"Roots updated: 1 root(s)" in e.raw
                for e in find(rec, direction=Direction.S2C, method="notifications/message")
            ),
            what="the server's log line about the roots",
        )

    assert request.id == 0 and type(request.id) is int
    assert request.violations == ()  # roots declared, initialized sent
    assert request.state is State.OPERATING
    assert answer.kind is Kind.RESULT
    assert answer.id == 0
    assert answer.paired == request.seq
    assert answer.latency is not None and 0 <= answer.latency < BOUND
    assert answer.json() == {"jsonrpc": "2.0", "id": 0, "result": {"roots": roots}}
    assert answer.schema_ok is True
    assert_schema_ok(session)
    assert rules(rec) == []


async def test_echo_of_two_megabytes_is_recorded_byte_exact() -> None:
    message = "0123456789abcdef" * (2 * 1024 * 1024 // 16)
    assert len(message) == 2 * 1024 * 1024
    session = Session(options(reference_server()))
    async with session:
        await session.start()
        reply = await session.request("tools/call", {"name": "echo", "arguments": {"message": message}})
        assert reply.ok
        assert reply.result["content"][0]["text"] == "Echo: " + message

    rec = session.recording
    sent = first(rec, direction=Direction.C2S, method="tools/call")
    assert (
        sent.raw
        == orjson.dumps(
            {
                "jsonrpc": "2.0",
                "id": reply.id,
                "method": "tools/call",
                "params": {"name": "echo", "arguments": {"message": message}},
            }
        )
        + b"\n"
    )
    got = rec[reply.seq]
    # The TypeScript SDK writes result first, then jsonrpc and id: the record keeps that order.
    expected = (
        b'{"result":{"content":[{"type":"text","text":"Echo: '
        + message.encode()
        + b'"}]},"jsonrpc":"2.0","id":'
        + str(reply.id).encode()
        + b"}\n"
    )
    assert len(got.raw) == len(expected) > 2 * 1024 * 1024
    assert got.raw == expected
    assert got.paired == sent.seq and got.violations == () and got.schema_ok is True
    assert_clean_exit(session)


async def test_progress_then_cancel_flags_progress_after_cancel() -> None:
    session = Session(options(reference_server()))
    rec = session.recording
    progress_seen = anyio.Event()
    session.notification_listeners.append(
        lambda seq, obj: obj.get("method") == "notifications/progress" and progress_seen.set()
    )
    outcome: list[str] = []

    async def call(scope: anyio.CancelScope) -> None:
        with scope:
            await session.request(
                "tools/call",
                {"name": "trigger-long-running-operation", "arguments": {"duration": 1.2, "steps": 6}},
                progress=True,
            )
            outcome.append("answered")
        if scope.cancelled_caught:
            outcome.append("cancelled")

    async with session:
        await session.start()
        scope = anyio.CancelScope()
        async with anyio.create_task_group() as tg:
            tg.start_soon(call, scope)
            with anyio.fail_after(BOUND):
                await progress_seen.wait()
            scope.cancel()
        assert outcome == ["cancelled"]
        # PEERS.md: the server keeps sending progress after notifications/cancelled.
        late = await wait_for(
            lambda: [e for e in find(rec, direction=Direction.S2C, method="notifications/progress") if e.violations],
            what="progress after the cancel",
        )

    call_entry = first(rec, direction=Direction.C2S, method="tools/call")
    token = call_entry.json()["params"]["_meta"]["progressToken"]
    assert token == call_entry.id
    progress = find(rec, direction=Direction.S2C, method="notifications/progress")
    assert progress[0].violations == ()
    assert progress[0].paired == call_entry.seq
    assert progress[0].json()["params"]["progressToken"] == token

    cancels = find(rec, direction=Direction.C2S, method="notifications/cancelled")
    assert len(cancels) == 1
    cancel = cancels[0]
    assert cancel.json()["params"]["requestId"] == call_entry.id
    assert progress[0].seq < cancel.seq < late[0].seq
    assert late[0].violations == ("cancel.message-after-cancel",)
    assert all(e.violations == ("cancel.message-after-cancel",) for e in progress if e.seq > cancel.seq)
    assert all(e.violations == () for e in progress if e.seq < cancel.seq)
    assert rec[-1].state is State.TERMINATED
    assert_schema_ok(session)
