"""Modern-era (2026-07-28) behaviours the SDK server does not show, against modern_fixture.py.

-32022 on server/discover and the retry; an InputRequiredResult answered through the
session's handlers and retried with inputResponses; a server request written to stdout.
"""

from __future__ import annotations

import json

import pytest
from session_helpers import find, first, messages, modern_fixture, options, probe, rules, state_path, transitions

from inspector.protocol.lifecycle import State
from inspector.protocol.messages import Kind
from inspector.protocol.versions import LATEST_MODERN, META_PROTOCOL_VERSION, Era, EraMode
from inspector.session import ClientHandlers, Direction, Session, StartFailed

pytestmark = pytest.mark.anyio

MODERN_PATH = [State.IDLE, State.DISCOVERING, State.READY, State.SHUTTING_DOWN, State.TERMINATED]


def assert_schema_ok(session: Session) -> None:
    bad = [
        (e.seq, e.direction.label, e.method, e.extra.get("schema_errors"))
        for e in messages(session.recording)
        if e.schema_ok is not True
    ]
    assert bad == []


@pytest.mark.parametrize("era", [EraMode.MODERN, EraMode.AUTO])
async def test_32022_on_discover_then_success_on_retry(era: EraMode) -> None:
    # In auto mode -32022 is a recognised modern error: no fallback to initialize.
    session = Session(options(modern_fixture("--reject-first-discover"), era=era))
    async with session:
        await session.start()
        assert session.state is State.READY and session.engine.era is Era.MODERN
        assert session.engine.server_info == {"name": "modern-fixture", "version": "1.0"}
        reply = await session.request("tools/call", {"name": "add", "arguments": {"a": 1, "b": 2}})
        assert reply.ok and reply.result["content"][0]["text"] == "3"

    rec = session.recording
    discovers = find(rec, method="server/discover")
    assert [e.kind for e in discovers] == [Kind.REQUEST, Kind.ERROR, Kind.REQUEST, Kind.RESULT]
    assert discovers[1].json()["error"] == {
        "code": -32022,
        "message": "Unsupported protocol version",
        "data": {"supported": [LATEST_MODERN], "requested": LATEST_MODERN},
    }
    assert discovers[1].extra["transition"] == {
        "from": "discovering",
        "to": "discovering",
        "event": "recv_unsupported_version",
        "label": "← -32022: retry with a supported version",
        "failure": False,
    }
    assert discovers[2].json()["params"]["_meta"][META_PROTOCOL_VERSION] == LATEST_MODERN
    assert discovers[3].paired == discovers[2].seq
    assert first(rec, method="initialize") is None
    assert state_path(rec) == MODERN_PATH
    assert rules(rec) == []
    assert_schema_ok(session)


async def test_input_required_is_answered_by_the_handlers_and_retried() -> None:
    roots = [{"uri": "file:///work/project", "name": "project"}]
    caps = {"roots": {"listChanged": True}, "elicitation": {"form": {}}, "sampling": {}}
    session = Session(
        options(modern_fixture(), era=EraMode.MODERN, capabilities=caps), handlers=ClientHandlers(roots=roots)
    )
    async with session:
        await session.start()
        reply = await session.request("tools/call", {"name": "needs-input", "arguments": {}})
        assert session.state is State.READY

    assert reply.ok and reply.rounds == 2
    seen = json.loads(reply.result["content"][0]["text"])
    assert seen["requestState"] == "state-1"
    # roots from the handlers, elicitation declined by default; the headless client rejects
    # sampling, and a request it does not fulfil is left out (an InputResponse is a result).
    assert seen["inputResponses"] == {"roots": {"roots": roots}, "confirm": {"action": "decline"}}

    rec = session.recording
    calls = find(rec, method="tools/call")
    assert [(e.direction, e.kind) for e in calls] == [
        (Direction.C2S, Kind.REQUEST),
        (Direction.S2C, Kind.RESULT),
        (Direction.C2S, Kind.REQUEST),
        (Direction.S2C, Kind.RESULT),
    ]
    ask, need, retry, done = calls
    need_result = need.json()["result"]
    assert need_result["resultType"] == "input_required"
    assert set(need_result["inputRequests"]) == {"roots", "confirm", "ask"}
    assert need.extra["transition"]["label"] == "← InputRequiredResult: retry with inputResponses"
    assert need.state is State.READY
    params = retry.json()["params"]
    assert retry.id != ask.id
    assert params["name"] == "needs-input"
    assert params["requestState"] == "state-1"
    assert params["inputResponses"] == seen["inputResponses"]
    assert params["_meta"][META_PROTOCOL_VERSION] == LATEST_MODERN
    assert done.paired == retry.seq and done.seq == reply.seq
    # the retry names the call's first request (the sequence view hangs it from there)
    assert retry.extra["round_of"] == ask.seq and "round_of" not in ask.extra
    assert rules(rec) == []
    assert_schema_ok(session)


async def test_server_request_on_stdout_in_modern_era_is_flagged_and_not_answered() -> None:
    session = Session(options(modern_fixture(), era=EraMode.MODERN, capabilities={"roots": {}}))
    async with session:
        await session.start()
        reply = await session.request("tools/call", {"name": "server-request", "arguments": {}})
        assert reply.ok and reply.result["content"][0]["text"] == "done"

    rec = session.recording
    req = first(rec, direction=Direction.S2C, kind=Kind.REQUEST)
    assert req.method == "roots/list" and req.id == "srv-1"
    assert req.violations == ("stdio.server-request-modern",)
    assert req.state is State.READY
    # 2026-07-28 stdio: the client MUST NOT write JSON-RPC responses.
    assert find(rec, direction=Direction.C2S, id="srv-1") == []
    assert not any(b"client answered" in e.raw for e in find(rec, direction=Direction.STDERR))
    assert rules(rec) == ["stdio.server-request-modern"]
    assert rec[-1].state is State.TERMINATED


async def test_no_common_modern_version_fails_the_start() -> None:
    session = Session(options(modern_fixture("--supported", "2099-01-01"), era=EraMode.MODERN))
    async with session:
        with pytest.raises(StartFailed, match="no common modern protocol version"):
            await session.start()
        assert session.state is State.SHUTTING_DOWN

    rec = session.recording
    assert ("discovering", "shutting_down", "no common version", True) in transitions(rec)
    assert session.engine.server_versions == ["2099-01-01"]
    assert rec[-1].state is State.TERMINATED


def test_probe_no_common_version_exits_5() -> None:
    run = probe("--era", "modern", "--timeout", "10", server=modern_fixture("--supported", "2099-01-01"))
    assert run.rc == 5, run.stderr
    assert run.summary["exit"] == 5
    assert "no common modern protocol version" in run.summary["exit_reason"]
    assert run.summary["state"] == "terminated"
    assert run.summary["server_versions"] == ["2099-01-01"]


async def test_a_request_state_that_is_not_a_string_is_not_echoed() -> None:
    """A server's InputRequiredResult with ``requestState: null`` (the spec's is a string): the
    result is the server's fault and flagged; the retry goes out valid, without requestState."""
    session = Session(
        options(modern_fixture("--request-state", "null"), era=EraMode.MODERN, capabilities={"roots": {}})
    )
    async with session:
        await session.start()
        reply = await session.request("tools/call", {"name": "needs-input", "arguments": {}})
    assert reply.ok and reply.rounds == 2
    assert json.loads(reply.result["content"][0]["text"])["requestState"] is None  # the retry carried none
    retry = find(session.recording, method="tools/call")[2]
    assert retry.direction is Direction.C2S and "requestState" not in retry.json()["params"]
    bad = [(e.direction, e.extra.get("schema_errors")) for e in messages(session.recording) if e.schema_ok is not True]
    assert bad == [(Direction.S2C, [{"path": "/result/requestState", "message": 'null is not of type "string"'}])]
