"""The official Python SDK's low-level server (mcp 2.3.0, dual-era) through Session.

Its wire behaviour is recorded in tests/fixtures/servers/sdk_lowlevel.py: it answers
server/discover (so auto mode stays modern), needs ``_meta`` on every modern request, answers an
unsupported ``_meta`` version with -32022 and ``data.supported``, and also serves ``initialize``.
"""

from __future__ import annotations

import pytest
from session_helpers import first, messages, options, rules, sdk_server, state_path, transitions

from inspector.protocol.engine import ClientConfig
from inspector.protocol.lifecycle import State
from inspector.protocol.messages import Kind
from inspector.protocol.versions import (
    LATEST_MODERN,
    META_CLIENT_CAPABILITIES,
    META_CLIENT_INFO,
    META_PROTOCOL_VERSION,
    Era,
    EraMode,
)
from inspector.session import Direction, Session, SessionOptions
from inspector.transport.base import StdioSpec

pytestmark = [pytest.mark.anyio, pytest.mark.peer]

MODERN_PATH = [State.IDLE, State.DISCOVERING, State.READY, State.SHUTTING_DOWN, State.TERMINATED]


def assert_schema_ok(session: Session) -> None:
    bad = [
        (e.seq, e.direction.label, e.method, e.extra.get("schema_errors"))
        for e in messages(session.recording)
        if e.schema_ok is not True
    ]
    assert bad == []


def assert_clean_exit(session: Session) -> None:
    last = session.recording[-1]
    assert last.state is State.TERMINATED and last.extra["event"] == "exited"
    assert session.returncode == 0


async def add_with_meta(session: Session) -> None:
    """tools/call add in the modern era: the request carries _meta, the answer is a CallToolResult."""
    reply = await session.request("tools/call", {"name": "add", "arguments": {"a": 2, "b": 3}})
    assert reply.ok, reply.error
    assert reply.result["content"] == [{"type": "text", "text": "5"}]
    assert reply.result["resultType"] == "complete"
    sent = first(session.recording, direction=Direction.C2S, id=reply.id)
    assert sent.method == "tools/call"
    meta = sent.json()["params"]["_meta"]
    assert meta[META_PROTOCOL_VERSION] == LATEST_MODERN
    assert meta[META_CLIENT_INFO]["name"] == "mcp-session-inspector"
    assert meta[META_CLIENT_CAPABILITIES] == {}
    assert session.recording[reply.seq].paired == sent.seq


@pytest.mark.parametrize("era", [EraMode.AUTO, EraMode.MODERN])
async def test_modern_era_with_discover(era: EraMode) -> None:
    session = Session(options(sdk_server(), era=era, probe_timeout=15.0))
    async with session:
        await session.start()
        assert session.state is State.READY
        eng = session.engine
        assert eng.era is Era.MODERN
        assert eng.version == LATEST_MODERN
        assert eng.server_versions == [LATEST_MODERN]
        assert eng.server_info == {"name": "sdk-lowlevel", "version": "1.0"}
        assert {"tools", "prompts", "resources", "logging"} <= set(eng.server_capabilities)
        await add_with_meta(session)
        # a modern request without the session's _meta would be refused; ping does not exist
        ping = await session.request("ping")
        assert not ping.ok and ping.error["code"] == -32601

    rec = session.recording
    result = first(rec, direction=Direction.S2C, method="server/discover")
    assert result.kind is Kind.RESULT
    assert result.extra["transition"]["label"] == "← DiscoverResult"
    assert state_path(rec) == MODERN_PATH
    assert first(rec, method="initialize") is None  # no handshake in the modern era
    assert_schema_ok(session)
    assert rules(rec) == []
    assert_clean_exit(session)


async def test_legacy_era_handshake() -> None:
    session = Session(options(sdk_server(), era=EraMode.LEGACY))
    async with session:
        await session.start()
        assert session.state is State.OPERATING
        assert session.engine.era is Era.LEGACY
        assert session.engine.version == "2025-11-25"
        # legacy capabilities say subscribe (the modern DiscoverResult says false)
        assert session.engine.server_capabilities["resources"]["subscribe"] is True
        reply = await session.request("tools/call", {"name": "add", "arguments": {"a": 2, "b": 3}})
        assert reply.ok and reply.result["content"] == [{"type": "text", "text": "5"}]
        assert (await session.request("ping")).ok

    rec = session.recording
    sent = first(rec, direction=Direction.C2S, method="tools/call")
    assert "_meta" not in sent.json()["params"]
    assert state_path(rec) == [
        State.UNINITIALIZED,
        State.INITIALIZING,
        State.INITIALIZED,
        State.OPERATING,
        State.SHUTTING_DOWN,
        State.TERMINATED,
    ]
    assert_schema_ok(session)
    assert rules(rec) == []
    assert_clean_exit(session)


async def test_unsupported_meta_version_gets_32022_and_the_retry_succeeds() -> None:
    # The client offers a version the SDK does not serve in _meta: it answers -32022 with the
    # versions it supports, and the session retries server/discover with one of them.
    config = ClientConfig(era=EraMode.MODERN, modern_version="2025-11-25")
    session = Session(SessionOptions(transport=StdioSpec(sdk_server()), config=config, connect_timeout=15.0))
    async with session:
        await session.start()
        assert session.state is State.READY
        assert session.engine.version == LATEST_MODERN
        await add_with_meta(session)

    rec = session.recording
    discovers = [e for e in rec if e.method == "server/discover"]
    assert [(e.direction, e.kind) for e in discovers] == [
        (Direction.C2S, Kind.REQUEST),
        (Direction.S2C, Kind.ERROR),
        (Direction.C2S, Kind.REQUEST),
        (Direction.S2C, Kind.RESULT),
    ]
    first_try, refusal, retry, answer = discovers
    assert first_try.json()["params"]["_meta"][META_PROTOCOL_VERSION] == "2025-11-25"
    error = refusal.json()["error"]
    assert error["code"] == -32022
    assert error["data"]["supported"] == [LATEST_MODERN]
    assert refusal.paired == first_try.seq and refusal.state is State.DISCOVERING
    assert retry.json()["params"]["_meta"][META_PROTOCOL_VERSION] == LATEST_MODERN
    assert retry.id != first_try.id
    assert answer.paired == retry.seq
    assert [t[2] for t in transitions(rec)][:3] == [
        "server/discover →",
        "← -32022: retry with a supported version",
        "← DiscoverResult",
    ]
    assert state_path(rec) == MODERN_PATH
    assert rules(rec) == []
    assert_clean_exit(session)
