"""Step mode: every message of the session - the client's before it is written, the server's
after it was read and before the inspector takes it in - waits at ``session.gate`` until
``go()``, one at a time, in order."""

from __future__ import annotations

import anyio
import orjson
import pytest
from session_helpers import find, first, misbehave, options, sdk_server, wait_for

from inspector.protocol.lifecycle import State
from inspector.protocol.versions import LATEST_LEGACY, LATEST_MODERN, META_PROTOCOL_VERSION, EraMode
from inspector.session import Direction, Session, StartFailed
from inspector.session.session import CLIENT_STEPS, LEGACY_STEPS, MODERN_STEPS, SERVER_STEPS, PendingStep

pytestmark = pytest.mark.anyio


def sent(session: Session) -> list[bytes]:
    return [e.raw for e in find(session.recording, direction=Direction.C2S)]


async def next_step(session: Session, after: PendingStep | None = None) -> PendingStep:
    return await wait_for(lambda: session.gate.pending is not after and session.gate.pending, what="the next step")


async def step_through(session: Session, n: int, after: PendingStep | None = None) -> list[PendingStep]:
    """Let ``n`` messages through the gate one at a time; the steps as they were shown."""
    steps = []
    for _ in range(n):
        after = await next_step(session, after)
        steps.append(after)
        assert session.gate.go()
    return steps


def received(session: Session) -> list[bytes]:
    return [e.raw for e in find(session.recording, direction=Direction.S2C)]


async def test_legacy_start_holds_every_message_in_both_directions_in_order() -> None:
    session = Session(options(misbehave("good"), step=True))
    seen: list[PendingStep | None] = []
    session.gate.listeners.append(seen.append)
    rec = session.recording
    async with session:
        async with anyio.create_task_group() as tg:
            tg.start_soon(session.start)

            step1 = await next_step(session)
            assert step1.direction == "c2s" and step1.explanation == LEGACY_STEPS["initialize"]
            msg = orjson.loads(step1.raw)
            assert step1.raw.endswith(b"}\n")
            assert msg["method"] == "initialize" and msg["params"]["protocolVersion"] == LATEST_LEGACY
            assert sent(session) == []  # nothing on the wire yet
            assert session.state is State.UNINITIALIZED

            assert session.gate.go()
            step2 = await next_step(session, step1)
            # the server's answer was read and waits: the engine has not seen it
            assert (
                step2.direction == "s2c"
                and step2.explanation == SERVER_STEPS["answer"]
                and step2.values == {"method": "initialize"}
            )
            assert orjson.loads(step2.raw)["result"]["protocolVersion"] == LATEST_LEGACY
            assert sent(session) == [step1.raw] and received(session) == []
            assert session.state is State.INITIALIZING

            assert session.gate.go()
            step3 = await next_step(session, step2)
            assert step3.direction == "c2s" and step3.explanation == LEGACY_STEPS["notifications/initialized"]
            assert step3.raw == b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n'
            assert received(session) == [step2.raw] and session.state is State.INITIALIZED
            answer = first(rec, direction=Direction.S2C, method="initialize")
            assert answer is not None and answer.extra["released"] >= answer.t  # arrived, then let in

            assert session.gate.go()
        assert session.state is State.OPERATING
        assert sent(session) == [step1.raw, step3.raw]

        # after the start, ordinary requests and their answers wait too
        replies = []
        async with anyio.create_task_group() as tg:

            async def ping() -> None:
                replies.append(await session.request("ping"))

            tg.start_soon(ping)
            request, answer = await step_through(session, 2, step3)
        assert (
            request.direction == "c2s"
            and request.explanation == CLIENT_STEPS["request"]
            and request.values == {"method": "ping"}
        )
        assert answer.direction == "s2c" and answer.values == {"method": "ping"}
        assert replies[0].ok
        assert session.gate.pending is None and not session.gate.go()
    assert seen == [step1, None, step2, None, step3, None, request, None, answer, None]


async def test_auto_mode_steps_through_the_probe_and_the_fallback() -> None:
    session = Session(options(misbehave("good"), era=EraMode.AUTO, step=True))
    async with session:
        async with anyio.create_task_group() as tg:
            tg.start_soon(session.start)
            steps = []
            step = None
            while not steps or steps[-1][1] != LEGACY_STEPS["notifications/initialized"]:
                step = await next_step(session, step)
                steps.append((step.direction, step.explanation))
                if step.direction == "c2s":
                    assert sent(session)[-1:] != [step.raw]  # shown before it is sent
                session.gate.go()
                assert len(steps) <= 6
        texts = [text for _direction, text in steps]
        assert texts[0] == MODERN_STEPS["server/discover"]
        assert LEGACY_STEPS["initialize"] in texts and texts[-1] == LEGACY_STEPS["notifications/initialized"]
        assert ("s2c", SERVER_STEPS["answer"]) in steps  # initialize's answer waited too
        assert session.state is State.OPERATING


@pytest.mark.peer
async def test_modern_start_waits_before_discover_its_answer_and_the_first_request() -> None:
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
            step2 = await next_step(session, step1)
            assert step2.direction == "s2c" and step2.values == {"method": "server/discover"}
            assert session.state is State.DISCOVERING
            session.gate.go()
        assert session.state is State.READY  # start() is done: discover was the only start message

        replies = []
        async with anyio.create_task_group() as tg:

            async def call() -> None:
                replies.append(await session.request("tools/call", {"name": "add", "arguments": {"a": 1, "b": 1}}))

            tg.start_soon(call)
            step3 = await next_step(session, step2)
            assert step3.explanation == MODERN_STEPS["first"]
            msg = orjson.loads(step3.raw)
            assert msg["method"] == "tools/call" and META_PROTOCOL_VERSION in msg["params"]["_meta"]
            assert sent(session) == [step1.raw]
            session.gate.go()
            (answer,) = await step_through(session, 1, step3)
            assert answer.direction == "s2c" and answer.values == {"method": "tools/call"}
        assert replies[0].ok and replies[0].result["content"][0]["text"] == "2"
        assert sent(session) == [step1.raw, step3.raw]


async def test_a_timeout_does_not_run_out_while_its_answer_waits_at_the_gate() -> None:
    session = Session(options(misbehave("good"), step=True))
    session.options.request_timeout = 0.3
    async with session:
        async with anyio.create_task_group() as tg:
            tg.start_soon(session.start)
            await step_through(session, 3)
        replies = []
        async with anyio.create_task_group() as tg:

            async def ping() -> None:
                replies.append(await session.request("ping"))

            tg.start_soon(ping)
            request = await next_step(session)
            session.gate.go()
            answer = await next_step(session, request)
            await anyio.sleep(1.0)  # a person reads the answer for longer than the timeout
            assert answer.direction == "s2c" and not replies
            session.gate.go()
        assert replies[0].ok
    rec = session.recording
    assert not [i for i in range(len(rec)) if rec.extra_at(i).get("event") == "timeout"]


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


async def test_each_held_step_names_the_edge_it_will_take_and_its_teaching_note() -> None:
    """The diagram draws the edge a held message will take (worked out on a copy of the
    engine, which must not move), and the step bar explains the method and links its page."""
    from inspector.protocol.teaching import NOTES
    from inspector.resources import spec_file

    session = Session(options(misbehave("good"), step=True))
    async with session:
        async with anyio.create_task_group() as tg:
            tg.start_soon(session.start)
            step1 = await next_step(session)
            edge = session.pending_transition()
            assert edge is not None and (edge.source, edge.target) == (State.UNINITIALIZED, State.INITIALIZING)
            assert session.state is State.UNINITIALIZED and session.pending_transition() == edge  # nothing moved
            assert step1.note == NOTES["initialize"].sends and spec_file(step1.spec) is not None
            session.gate.go()
            step2 = await next_step(session, step1)
            edge = session.pending_transition()
            assert edge is not None and (edge.source, edge.target) == (State.INITIALIZING, State.INITIALIZED)
            assert step2.note == NOTES["initialize"].answer  # the answer is explained as an answer
            assert session.state is State.INITIALIZING
            session.gate.go()
            step3 = await next_step(session, step2)
            edge = session.pending_transition()
            assert edge is not None and edge.target is State.OPERATING
            assert step3.note == NOTES["notifications/initialized"].sends
            session.gate.go()
        async with anyio.create_task_group() as tg:
            tg.start_soon(session.request, "tools/list")
            step = await next_step(session)
            assert session.pending_transition() is None  # an ordinary request keeps the state
            assert step.note == NOTES["tools/list"].sends
            session.gate.go()
            answer = await next_step(session, step)
            assert answer.note == NOTES["tools/list"].answer
            session.gate.go()


async def shutdown_steps(server: str) -> tuple[Session, list[tuple[str, State, State | None]]]:
    """Disconnect in step mode after a stepped start; each shutdown step as (name, the state
    while it waited, the target of the edge it was to take)."""
    session = Session(options(misbehave(server), step=True))
    session.options.stdin_grace = session.options.term_grace = 0.3
    seen: list[tuple[str, State, State | None]] = []
    async with session:
        async with anyio.create_task_group() as tg:
            tg.start_soon(session.start)
            await step_through(session, 3)
        session.gate.close(shutdown_steps=True)  # Disconnect with step mode on
        async with anyio.create_task_group() as tg:
            tg.start_soon(session.close)
            step = None
            while True:
                with anyio.move_on_after(5):
                    step = await next_step(session, step)
                if session.gate.pending is None:
                    break
                assert step.direction == "shutdown" and step.raw == b"" and step.spec
                await anyio.sleep(0.4)  # a person reads: longer than the grace, nothing happens meanwhile
                edge = session.pending_transition()
                seen.append((step.values["step"], session.state, edge.target if edge else None))
                session.gate.go()
                if step.values["step"] == "sigkill":
                    break
    return session, seen


async def test_shutdown_steps_wait_for_continue() -> None:
    session, seen = await shutdown_steps("good")
    assert seen == [("stdin", State.OPERATING, State.SHUTTING_DOWN)]
    assert session.state is State.TERMINATED and session.exit_info.escalation == "stdin"


async def test_each_escalation_waits_for_continue() -> None:
    session, seen = await shutdown_steps("ignore-sigterm")
    assert seen == [
        ("stdin", State.OPERATING, State.SHUTTING_DOWN),
        ("sigterm", State.SHUTTING_DOWN, State.SHUTTING_DOWN),
        ("sigkill", State.SHUTTING_DOWN, State.SHUTTING_DOWN),
    ]
    assert session.state is State.TERMINATED and session.exit_info.escalation == "sigkill"
    # each step happened after its Continue: nothing was sent while the previous one was read
    rec = session.recording
    events = [rec.extra_at(i).get("event") for i in range(len(rec))]
    assert [e for e in events if e in ("stdin_closed", "sigterm_sent", "sigkill_sent")] == [
        "stdin_closed",
        "sigterm_sent",
        "sigkill_sent",
    ]


async def test_closing_without_step_releases_a_held_shutdown_step() -> None:
    """Closing the window while a shutdown step waits must not wait for a person."""
    session = Session(options(misbehave("good"), step=True))
    async with session:
        async with anyio.create_task_group() as tg:
            tg.start_soon(session.start)
            await step_through(session, 3)
        session.gate.close(shutdown_steps=True)
        async with anyio.create_task_group() as tg:
            tg.start_soon(session.close)
            step = await next_step(session)
            assert step.direction == "shutdown"
            session.gate.close()  # the window closes
            with anyio.fail_after(5):
                await session.wait_exit(5)
    assert session.state is State.TERMINATED and session.gate.pending is None


def _label(step: PendingStep) -> str:
    obj = orjson.loads(step.raw)
    if step.direction == "c2s":
        return "→ " + (obj.get("method") or f"answer to {step.values.get('method')}")
    return "← " + (obj.get("method") or f"answer to {step.values.get('method')}")


@pytest.mark.parametrize(
    "server, era, start",
    [
        ("reference", EraMode.LEGACY, ["→ initialize", "← answer to initialize", "→ notifications/initialized"]),
        ("demo", EraMode.LEGACY, ["→ initialize", "← answer to initialize", "→ notifications/initialized"]),
        ("demo", EraMode.MODERN, ["→ server/discover", "← answer to server/discover"]),
        ("demo", EraMode.AUTO, ["→ server/discover", "← answer to server/discover"]),
    ],
)
async def test_held_order_against_real_servers(server: str, era: EraMode, start: list[str]) -> None:
    """The exact order of held messages in both directions, against the reference server and
    the demo in both eras; the engine sees no server message before its Continue."""
    import sys

    from peers import reference_server

    from inspector.session.profiles import demo_args

    argv = reference_server() if server == "reference" else [sys.executable, *demo_args()]
    version = LATEST_MODERN if era is EraMode.MODERN else LATEST_LEGACY
    session = Session(options(argv, era=era, version=version, step=True))
    if era is not EraMode.LEGACY:
        session.options.config.modern_version = LATEST_MODERN
    seen: list[str] = []
    ready = State.OPERATING if era is EraMode.LEGACY else State.READY

    async def through(until_done) -> None:
        step = None
        while not until_done():
            with anyio.fail_after(20):
                while (session.gate.pending is None or session.gate.pending is step) and not until_done():
                    await anyio.sleep(0.005)
            if until_done():
                return
            step = session.gate.pending
            seen.append(_label(step))
            if step.direction == "s2c":
                before = len(received(session))
                session.gate.go()
                await wait_for(lambda before=before: len(received(session)) > before, what="the message to be taken in")
            else:
                session.gate.go()

    async with session:
        done = anyio.Event()

        async def start_it() -> None:
            await session.start()
            done.set()

        async with anyio.create_task_group() as tg:
            tg.start_soon(start_it)
            await through(done.is_set)
        early = [label for label in seen if label.startswith("← notifications/")]  # a server may speak first
        assert [label for label in seen if label not in early] == start and session.state is ready
        held = list(seen)
        seen.clear()
        replies = []
        async with anyio.create_task_group() as tg:

            async def ask() -> None:
                replies.append(await session.request("tools/list"))

            tg.start_soon(ask)
            await through(lambda: bool(replies))
        # the reference server announces list changes of its own accord: held like the rest,
        # in the order they were read, around the request and its answer
        own = [label for label in seen if label.startswith("← notifications/")]
        assert [label for label in seen if label not in own] == ["→ tools/list", "← answer to tools/list"] and replies[
            0
        ].ok
        rec = session.recording
        notified = [
            i
            for i in range(len(rec))
            if rec.direction_at(i) is Direction.S2C and rec.kind_at(i).label == "notification"
        ]
        assert len(notified) == len(own) + len(early)
        assert all("released" in rec.extra_at(i) for i in notified)  # each was let in by a Continue
        # the exact order, the server's own notifications included: every message the recording
        # holds in either direction was held, in the order it went out or was taken in
        held += seen
        sent = {rec.id_at(i): rec.method_at(i) for i in range(len(rec)) if rec.direction_at(i) is Direction.C2S}
        recorded = []
        for i in range(len(rec)):
            arrow = {Direction.C2S: "→ ", Direction.S2C: "← "}.get(rec.direction_at(i))
            if arrow is not None:
                method = (
                    rec.method_at(i)
                    if rec.kind_at(i).label in ("request", "notification")
                    else f"answer to {sent[rec.id_at(i)]}"
                )
                recorded.append(arrow + method)
        assert held == recorded


async def _held_at_stdin(session: Session, tg) -> PendingStep:
    """A stepped start, then Disconnect in step mode: the first shutdown step waits."""
    starting = anyio.Event()

    async def start() -> None:
        await session.start()
        starting.set()

    tg.start_soon(start)
    await step_through(session, 3)
    await starting.wait()
    session.gate.close(shutdown_steps=True)
    tg.start_soon(session.close)
    step = await next_step(session)
    assert step.direction == "shutdown" and step.values["step"] == "stdin"
    return step


async def test_nothing_new_goes_out_and_a_second_disconnect_keeps_the_step_held() -> None:
    from inspector.session.session import ConnectionLost

    session = Session(options(misbehave("good"), step=True))
    async with session:
        async with anyio.create_task_group() as tg:
            step = await _held_at_stdin(session, tg)
            before = sent(session)
            with pytest.raises(ConnectionLost, match="closing"):
                await session.request("tools/list")
            assert sent(session) == before  # the request was not written
            session.gate.close(shutdown_steps=True)  # Disconnect pressed again
            await anyio.sleep(0.3)
            assert session.gate.pending is step and session.exit_info is None  # still waiting for Continue
            session.gate.go()
    assert session.state is State.TERMINATED


async def test_a_held_shutdown_step_goes_away_when_the_server_exits_meanwhile() -> None:
    import os
    import signal

    session = Session(options(misbehave("good"), step=True))
    async with session:
        async with anyio.create_task_group() as tg:
            await _held_at_stdin(session, tg)
            rec = session.recording
            pid = next(rec.extra_at(i)["pid"] for i in range(len(rec)) if rec.extra_at(i).get("event") == "spawned")
            os.kill(pid, signal.SIGKILL)
            with anyio.fail_after(10):
                while session.gate.pending is not None:
                    await anyio.sleep(0.02)
    assert session.state is State.FAILED  # it ended before the client closed stdin
    assert session.exit_info is not None and session.exit_info.signal == signal.SIGKILL


async def test_a_modern_session_links_the_2026_07_28_page() -> None:
    """In the modern era a step links the 2026-07-28 page of its section when it has one."""
    import sys

    from inspector.resources import spec_file
    from inspector.session.profiles import demo_args

    session = Session(options([sys.executable, *demo_args()], era=EraMode.MODERN, version=LATEST_MODERN, step=True))
    session.options.config.modern_version = LATEST_MODERN
    async with session:
        async with anyio.create_task_group() as tg:
            tg.start_soon(session.start)
            await step_through(session, 2)
        async with anyio.create_task_group() as tg:
            tg.start_soon(session.request, "tools/list")
            step = await next_step(session)
            assert step.spec.startswith(LATEST_MODERN + " server/tools") and spec_file(step.spec) is not None
            session.gate.go()
            answer = await next_step(session, step)
            session.gate.go()
    assert answer.spec == step.spec


async def test_step_mode_can_be_entered_and_left_during_a_session() -> None:
    """Without step mode at the start; entered once operating (the next request and its answer
    wait, the answer's release time kept), left again (what waits goes, nothing later waits)."""
    session = Session(options(misbehave("good")))
    async with session:
        await session.start()
        assert not session.gate.enabled and session.gate.pending is None
        assert session.gate.hold_from_now() and session.gate.enabled
        async with anyio.create_task_group() as tg:
            tg.start_soon(session.request, "ping")
            request = await next_step(session)
            assert request.direction == "c2s" and b'"ping"' in request.raw and b'"ping"' not in b"".join(sent(session))
            assert session.gate.go()
            answer = await next_step(session, request)
            assert answer.direction == "s2c"
            await anyio.sleep(0.2)
            session.gate.release_all()  # off: the answer goes in
        rec = session.recording
        answer_entry = first(rec, direction=Direction.S2C, method="ping")
        assert answer_entry.extra["released"] - answer_entry.t >= 0.15
        assert not session.gate.enabled
        await session.request("ping")  # nothing waits any more
        assert session.gate.pending is None
    assert not session.gate.hold_from_now()  # closed: nothing new waits
