"""Step mode: each message of the start sequence waits at ``session.gate`` until ``go()``."""

from __future__ import annotations

import anyio
import orjson
import pytest
from session_helpers import BOUND, find, first, misbehave, options, sdk_server, wait_for

from inspector.protocol.lifecycle import State
from inspector.protocol.versions import LATEST_LEGACY, LATEST_MODERN, META_PROTOCOL_VERSION, EraMode
from inspector.session import Direction, Session, StartFailed
from inspector.session.session import LEGACY_STEPS, MODERN_STEPS, PendingStep

pytestmark = pytest.mark.anyio


def sent(session: Session) -> list[bytes]:
    return [e.raw for e in find(session.recording, direction=Direction.C2S)]


async def next_step(session: Session, after: PendingStep | None = None) -> PendingStep:
    return await wait_for(lambda: session.gate.pending is not after and session.gate.pending, what="the next step")


async def test_legacy_start_waits_before_initialize_and_before_initialized() -> None:
    session = Session(options(misbehave("good"), step=True))
    seen: list[PendingStep | None] = []
    session.gate.listeners.append(seen.append)
    rec = session.recording
    async with session:
        async with anyio.create_task_group() as tg:
            tg.start_soon(session.start)

            step1 = await next_step(session)
            assert step1.explanation == LEGACY_STEPS["initialize"]
            msg = orjson.loads(step1.raw)
            assert step1.raw.endswith(b"}\n")
            assert msg["method"] == "initialize" and msg["params"]["protocolVersion"] == LATEST_LEGACY
            assert sent(session) == []  # nothing on the wire yet
            assert session.state is State.UNINITIALIZED

            assert session.gate.go()
            step2 = await next_step(session, step1)
            assert step2.explanation == LEGACY_STEPS["notifications/initialized"]
            assert step2.raw == b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n'
            # initialize went out byte for byte as shown, and its answer is in
            assert sent(session) == [step1.raw]
            assert first(rec, direction=Direction.S2C, method="initialize") is not None
            assert session.state is State.INITIALIZED

            assert session.gate.go()
        assert session.state is State.OPERATING
        assert sent(session) == [step1.raw, step2.raw]
        assert session.gate.pending is None
        assert not session.gate.go()  # nothing waits any more
        assert (await session.request("ping")).ok  # ordinary requests never wait
    assert seen == [step1, None, step2, None]


async def test_auto_mode_steps_through_the_probe_and_the_fallback() -> None:
    session = Session(options(misbehave("good"), era=EraMode.AUTO, step=True))
    async with session:
        async with anyio.create_task_group() as tg:
            tg.start_soon(session.start)
            explanations = []
            step = None
            for _ in range(3):
                step = await next_step(session, step)
                explanations.append(step.explanation)
                assert sent(session)[-1:] != [step.raw]  # shown before it is sent
                session.gate.go()
        assert explanations == [MODERN_STEPS["server/discover"], LEGACY_STEPS["initialize"], LEGACY_STEPS["notifications/initialized"]]
        assert session.state is State.OPERATING


@pytest.mark.peer
async def test_modern_start_waits_before_discover_and_before_the_first_request() -> None:
    session = Session(options(sdk_server(), era=EraMode.MODERN, step=True))
    async with session:
        async with anyio.create_task_group() as tg:
            tg.start_soon(session.start)
            step1 = await next_step(session)
            assert step1.explanation == MODERN_STEPS["server/discover"]
            msg = orjson.loads(step1.raw)
            assert msg["method"] == "server/discover"
            assert msg["params"]["_meta"][META_PROTOCOL_VERSION] == LATEST_MODERN
            assert sent(session) == [] and session.state is State.IDLE
            session.gate.go()
        assert session.state is State.READY  # start() is done: discover was the only start message

        replies = []
        async with anyio.create_task_group() as tg:

            async def call() -> None:
                replies.append(await session.request("tools/call", {"name": "add", "arguments": {"a": 1, "b": 1}}))

            tg.start_soon(call)
            step2 = await next_step(session, step1)
            assert step2.explanation == MODERN_STEPS["first"]
            msg = orjson.loads(step2.raw)
            assert msg["method"] == "tools/call" and META_PROTOCOL_VERSION in msg["params"]["_meta"]
            assert sent(session) == [step1.raw]
            session.gate.go()
        assert replies[0].ok and replies[0].result["content"][0]["text"] == "2"
        assert sent(session) == [step1.raw, step2.raw]
        # only the first request waits
        with anyio.fail_after(BOUND):
            assert (await session.request("tools/list")).ok
        assert session.gate.pending is None


async def test_release_all_leaves_step_mode() -> None:
    session = Session(options(misbehave("good"), step=True))
    async with session:
        async with anyio.create_task_group() as tg:
            tg.start_soon(session.start)
            await next_step(session)
            session.gate.release_all()
        assert session.state is State.OPERATING
        assert not session.gate.enabled and session.gate.pending is None


async def test_disconnecting_while_a_step_waits_sends_nothing() -> None:
    session = Session(options(misbehave("good"), step=True))
    errors: list[BaseException] = []

    async def start() -> None:
        try:
            await session.start()
        except StartFailed as exc:
            errors.append(exc)

    async with anyio.create_task_group() as tg:
        async with session:
            tg.start_soon(start)
            await next_step(session)
            await session.close()
    assert sent(session) == []  # the shown initialize was never written
    assert len(errors) == 1 and "closed before this message was sent" in str(errors[0])
    assert session.recording[-1].state is State.TERMINATED
