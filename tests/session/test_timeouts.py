"""Request timeouts, progress, the hard maximum and cancellation, against misbehave.py.

Mode ``slow-tool``: tool ``slow`` works for ``seconds`` and sends progress every ``interval``
seconds when the request carries a progressToken (for ``progress_for`` seconds if given); it
stops on ``notifications/cancelled`` and logs ``cancelled <id>`` on stderr.
"""

from __future__ import annotations

import anyio
import pytest
from session_helpers import BOUND, find, first, misbehave, options, rules, transitions, wait_for

from inspector.protocol.lifecycle import State
from inspector.protocol.messages import Kind
from inspector.protocol.versions import EraMode
from inspector.session import Direction, RequestCancelled, RequestTimeout, Session, StartFailed

pytestmark = pytest.mark.anyio


def slow(**arguments: float) -> dict:
    return {"name": "slow", "arguments": arguments}


async def wait_cancel_honoured(session: Session, id: int) -> None:
    """The fixture logs on stderr when it stops the work for a cancelled request."""
    line = f"cancelled {id!r}\n".encode()
    await wait_for(
        lambda: any(e.raw == line for e in find(session.recording, direction=Direction.STDERR)),
        what=f"the server to stop {id}",
    )


def the_cancel(session: Session, id: int):
    cancels = [
        e
        for e in find(session.recording, direction=Direction.C2S, method="notifications/cancelled")
        if e.json()["params"]["requestId"] == id
    ]
    assert len(cancels) == 1
    return cancels[0]


async def test_timeout_records_no_answer_sends_cancel_and_raises() -> None:
    session = Session(options(misbehave("slow-tool")))
    rec = session.recording
    async with session:
        await session.start()
        with pytest.raises(RequestTimeout, match=r"tools/call \(id 2\) got no answer"):
            await session.request("tools/call", slow(seconds=60), timeout=0.5)
        await wait_cancel_honoured(session, 2)
        assert session.state is State.OPERATING
        assert (await session.request("ping")).ok  # the session carries on

    request = first(rec, direction=Direction.C2S, method="tools/call")
    timeout = first(rec, direction=Direction.EVENT, kind=Kind.NOTE)
    assert timeout.extra["event"] == "timeout"
    assert timeout.violations == ("lifecycle.no-answer",)
    assert timeout.method == "tools/call" and timeout.id == 2 and timeout.paired == request.seq
    assert 0.5 <= timeout.t - request.t < 0.5 + 10
    cancel = the_cancel(session, 2)
    assert cancel.seq == timeout.seq + 1  # recorded, then cancelled on the wire
    assert cancel.json()["params"]["reason"].startswith("Request timed out after")
    assert cancel.schema_ok is True
    assert first(rec, direction=Direction.S2C, method="tools/call") is None
    assert rules(rec) == ["lifecycle.no-answer"]
    assert rec[-1].state is State.TERMINATED


async def test_progress_resets_the_timeout() -> None:
    session = Session(options(misbehave("slow-tool")))
    rec = session.recording
    async with session:
        await session.start()
        # works for 2 s with progress every 0.2 s: a 0.8 s timeout never runs out
        reply = await session.request("tools/call", slow(seconds=2.0, interval=0.2), timeout=0.8, progress=True)
    assert reply.ok, reply.error
    assert reply.latency >= 2.0 > 0.8
    progress = find(rec, direction=Direction.S2C, method="notifications/progress")
    assert len(progress) >= 5
    request = first(rec, direction=Direction.C2S, method="tools/call")
    assert all(e.paired == request.seq and e.violations == () for e in progress)
    assert reply.result["content"][0]["text"] == f"slow done after {len(progress)} progress notifications"
    assert find(rec, direction=Direction.EVENT, kind=Kind.NOTE) == []  # no timeout
    assert rules(rec) == []


async def test_the_hard_maximum_applies_despite_progress() -> None:
    session = Session(options(misbehave("slow-tool")))
    rec = session.recording
    async with session:
        await session.start()
        with pytest.raises(RequestTimeout):
            await session.request(
                "tools/call", slow(seconds=60, interval=0.1), timeout=1.0, max_timeout=1.5, progress=True
            )
        await wait_cancel_honoured(session, 2)

    request = first(rec, direction=Direction.C2S, method="tools/call")
    timeout = first(rec, direction=Direction.EVENT, kind=Kind.NOTE)
    assert timeout.violations == ("lifecycle.no-answer",) and timeout.paired == request.seq
    assert 1.5 <= timeout.t - request.t < 1.5 + 10
    progress_before = [
        e for e in find(rec, direction=Direction.S2C, method="notifications/progress") if e.seq < timeout.seq
    ]
    assert len(progress_before) >= 3
    cancel = the_cancel(session, 2)
    assert cancel.seq > timeout.seq
    # progress that crossed the cancel on the wire is flagged, nothing else
    assert set(rules(rec)) <= {"lifecycle.no-answer", "cancel.message-after-cancel"}
    assert all(
        e.violations == ("cancel.message-after-cancel",)
        for e in rec
        if e.method == "notifications/progress" and e.seq > timeout.seq
    )


async def test_the_timeout_runs_from_the_last_progress() -> None:
    session = Session(options(misbehave("slow-tool")))
    rec = session.recording
    async with session:
        await session.start()
        with pytest.raises(RequestTimeout):
            # progress for 0.25 s, then silence: the 1 s timeout counts from the last progress
            await session.request(
                "tools/call", slow(seconds=60, interval=0.1, progress_for=0.25), timeout=1.0, progress=True
            )
        await wait_cancel_honoured(session, 2)

    timeout = first(rec, direction=Direction.EVENT, kind=Kind.NOTE)
    progress = [e for e in find(rec, direction=Direction.S2C, method="notifications/progress") if e.seq < timeout.seq]
    assert len(progress) >= 1
    silence = timeout.t - progress[-1].t
    assert 1.0 <= silence + 1e-3 and silence < 1.0 + 0.6


async def test_cancel_request_sends_cancelled_and_releases_the_caller() -> None:
    session = Session(options(misbehave("slow-tool")))
    rec = session.recording
    progressed = anyio.Event()
    session.notification_listeners.append(
        lambda seq, obj: obj.get("method") == "notifications/progress" and progressed.set()
    )
    errors: list[Exception] = []

    async def call() -> None:
        try:
            await session.request("tools/call", slow(seconds=60, interval=0.1), progress=True)
        except RequestCancelled as exc:
            errors.append(exc)

    async with session:
        await session.start()
        async with anyio.create_task_group() as tg:
            tg.start_soon(call)
            with anyio.fail_after(BOUND):
                await progressed.wait()
            await session.cancel_request(2, "enough")
        await wait_cancel_honoured(session, 2)
        assert (await session.request("ping")).ok

    assert len(errors) == 1 and "cancelled" in str(errors[0])
    cancel = the_cancel(session, 2)
    assert cancel.json()["params"] == {"requestId": 2, "reason": "enough"}
    assert first(rec, direction=Direction.S2C, method="tools/call") is None
    assert find(rec, direction=Direction.EVENT, kind=Kind.NOTE) == []  # a cancel is not a timeout
    assert set(rules(rec)) <= {"cancel.message-after-cancel"}


async def test_silent_server_auto_mode_falls_back_then_gives_up() -> None:
    session = Session(options(misbehave("silent-init"), era=EraMode.AUTO, probe_timeout=0.3, connect_timeout=0.5))
    rec = session.recording
    async with session:
        with pytest.raises(StartFailed, match="answered neither server/discover nor initialize in time"):
            await session.start()
        assert session.state is State.SHUTTING_DOWN

    timeouts = find(rec, direction=Direction.EVENT, kind=Kind.NOTE)
    assert [(e.method, e.violations) for e in timeouts] == [
        ("server/discover", ()),  # auto: silence to the probe is a legacy server's answer, not a broken rule
        ("initialize", ("lifecycle.no-answer",)),
    ]
    assert [t[:3] for t in transitions(rec)] == [
        ("idle", "discovering", "server/discover →"),
        ("discovering", "uninitialized", "no answer → legacy"),
        ("uninitialized", "initializing", "initialize →"),
        ("initializing", "shutting_down", "no answer (timeout)"),
        ("shutting_down", "terminated", "server exited"),
    ]
    # the start sequence is never cancelled on the wire (initialize MUST NOT be cancelled)
    assert find(rec, method="notifications/cancelled") == []
    assert rec[-1].state is State.TERMINATED and session.returncode == 0
