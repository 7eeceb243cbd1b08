"""Step mode, counted: one Continue (``StepGate.go``) releases exactly one message, every time,
and it is the message that was shown.

Two ways a click used to be lost (issue 21, point 3, server-everything, "tools/list #2"):

- the shown head was displaced: a server message read before the client's request was made,
  but reaching the gate after the request had been shown, went ahead of it, so a click meant
  for the request let the unseen server message in (the request still waited: "swallowed");
- a second ``go()`` before the released message had been taken in set the same message free
  again (the released one stayed at the head until its task ran).

The soak repeats a full session against the npm reference server (``SOAK_RUNS``, default 50)
while a busy-loop process loads the CPU, with a clicker that sees a step, takes a person's
moment to react (the session runs meanwhile) and clicks once; it counts clicks, steps shown and
messages released.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys

import anyio
import pytest
from session_helpers import BOUND, options, reference_server, wait_for

from inspector.session import Direction, Session
from inspector.session.session import ConnectionLost, PendingStep, StepGate

pytestmark = pytest.mark.anyio

#: full sessions in the soak (CI runs 50; a quick local check can ask for fewer)
SOAK_RUNS = int(os.environ.get("SOAK_RUNS", "50"))


async def held(gate: StepGate, raw: bytes, at: float, direction: str = "c2s", released: list | None = None) -> None:
    try:
        await gate.wait(raw, "{method}", direction, at=at, method=raw.decode())
    except ConnectionLost:
        return
    if released is not None:
        released.append(raw)


async def test_a_shown_step_is_not_displaced_by_a_message_that_arrived_earlier_but_reached_the_gate_later() -> None:
    gate = StepGate(True)
    shown: list[PendingStep | None] = []
    gate.listeners.append(shown.append)
    released: list[bytes] = []
    async with anyio.create_task_group() as tg:
        tg.start_soon(held, gate, b"tools/list", 2.0, "c2s", released)
        await wait_for(lambda: gate.pending, what="the request at the gate")
        request = gate.pending
        # the server's answer to an earlier request was read at 1.0 s, before the request was
        # made, and reaches the gate now: the request is shown, so the answer waits behind it
        tg.start_soon(held, gate, b"answer", 1.0, "s2c", released)
        await wait_for(lambda: gate.waiting == 2, what="the answer at the gate")
        assert gate.pending is request and shown == [request]
        # and one not yet shown still goes by arrival: a later request waits behind the answer
        tg.start_soon(held, gate, b"prompts/list", 3.0, "c2s", released)
        await wait_for(lambda: gate.waiting == 3, what="the second request")
        order = []
        while gate.pending is not None:
            order.append(gate.pending.raw)
            assert gate.go()
            await wait_for(lambda: len(released) == len(order), what="the released message taken in")
        assert order == released == [b"tools/list", b"answer", b"prompts/list"]
        assert not gate.go()


async def test_two_quick_continues_release_two_messages() -> None:
    """A double press of F8 before the loop has run: two messages go, none twice."""
    gate = StepGate(True)
    shown: list[PendingStep | None] = []
    gate.listeners.append(shown.append)
    released: list[bytes] = []
    async with anyio.create_task_group() as tg:
        for i, name in enumerate((b"tools/list", b"resources/list", b"prompts/list")):
            tg.start_soon(held, gate, name, float(i), "c2s", released)
            await wait_for(lambda n=i: gate.waiting == n + 1, what="the requests at the gate")
        assert gate.go() and gate.go()  # nothing else runs between the two
        # the second press let the message shown after the first one go, at once shown next
        assert [s.raw if s else None for s in shown] == [b"tools/list", b"resources/list", b"prompts/list"]
        assert gate.pending.raw == b"prompts/list" and gate.waiting == 1
        await wait_for(lambda: len(released) == 2, what="both taken in")
        assert released == [b"tools/list", b"resources/list"]
        assert gate.go()
    assert released == [b"tools/list", b"resources/list", b"prompts/list"] and gate.pending is None
    assert shown[-1] is None


async def test_a_cancelled_message_leaves_the_gate_and_the_next_is_shown() -> None:
    gate = StepGate(True)
    shown: list[PendingStep | None] = []
    gate.listeners.append(shown.append)
    released: list[bytes] = []
    scope = anyio.CancelScope()

    async def cancelled() -> None:
        with scope:
            await gate.wait(b"a", "x", at=1.0)

    async with anyio.create_task_group() as tg:
        tg.start_soon(cancelled)
        await wait_for(lambda: gate.waiting == 1, what="the first at the gate")
        tg.start_soon(held, gate, b"b", 2.0, "c2s", released)
        await wait_for(lambda: gate.waiting == 2, what="both at the gate")
        assert gate.pending.raw == b"a"
        scope.cancel()  # the request's caller gave up (a timeout, a closed panel)
        await wait_for(lambda: gate.waiting == 1, what="the cancelled one gone")
        assert gate.pending.raw == b"b" and shown[-1] is gate.pending
        assert gate.go()
    assert released == [b"b"]


class Clicker:
    """A person at the step bar: sees the step shown, reacts after a moment, clicks once."""

    def __init__(self, gate: StepGate, rng: random.Random) -> None:
        self.gate = gate
        self.rng = rng
        self.clicks = 0
        self.clicked: list[PendingStep] = []
        self.shown: list[PendingStep] = []
        self.misses: list[str] = []
        gate.listeners.append(lambda step: step is not None and self.shown.append(step))

    async def run(self) -> None:
        while True:
            step = self.gate.pending
            if step is None or any(s is step for s in self.clicked):
                await anyio.sleep(0.001)
                continue
            await anyio.sleep(self.rng.uniform(0, 0.006))  # a person's moment: the session runs on
            if self.gate.pending is not step:  # the bar changed under the pointer
                self.misses.append(
                    f"shown {step.values or step.direction}, at the gate at the click "
                    f"{self.gate.pending and (self.gate.pending.values or self.gate.pending.direction)}"
                )
            self.clicked.append(step)
            self.clicks += 1
            assert self.gate.go(), "Continue found nothing waiting"


def message_count(session: Session) -> int:
    rec = session.recording
    return sum(1 for i in range(len(rec)) if rec.direction_at(i) in (Direction.C2S, Direction.S2C))


async def one_session(rng: random.Random) -> dict:
    session = Session(options(reference_server(), step=True))
    session.options.stdin_grace = 3.0
    clicker = Clicker(session.gate, rng)
    replies = []
    relisting = []

    async def relist() -> None:  # as the window's Tools panel does on tools/list_changed
        try:
            replies.append(await session.request("tools/list"))
        except ConnectionLost:  # Disconnect came first: it was not sent
            pass
        finally:
            relisting.remove(True)

    def on_change(seq: int, obj: dict) -> None:
        if obj.get("method") == "notifications/tools/list_changed" and not relisting and session.start_soon(relist):
            relisting.append(True)

    session.change_listeners.append(on_change)
    async with anyio.create_task_group() as outer:
        outer.start_soon(clicker.run)
        async with session:
            await session.start()

            async def ask(method: str) -> None:
                replies.append(await session.request(method))

            async with anyio.create_task_group() as tg:  # what the window's panels ask at once
                for method in ("tools/list", "resources/list", "prompts/list"):
                    tg.start_soon(ask, method)
            # the server's list_changed notifications came in between, and the lists asked again;
            # let what is on its way arrive
            for _ in range(3):
                await anyio.sleep(0.05)
                await wait_for(lambda: session.gate.pending is None and not relisting, what="the gate emptied")
            # nothing waits and the clicker is idle (it reacts only to a step shown): count now
            stepped = (clicker.clicks, message_count(session), len(clicker.shown))
            session.gate.close(shutdown_steps=True)  # Disconnect with step mode on: each shutdown step waits too
        outer.cancel_scope.cancel()
    return {
        "stepped": stepped,
        "replies": [r.ok for r in replies],
        "misses": clicker.misses,
        "shutdown_clicks": clicker.clicks - stepped[0],
        "summary": session.summary(),
        "waiting": session.gate.waiting,
    }


async def test_one_click_one_message_over_many_reference_sessions_under_load() -> None:
    rng = random.Random(21)
    load = subprocess.Popen(
        [sys.executable, "-c", "while True: pass"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    problems: list[str] = []
    try:
        for run in range(SOAK_RUNS):
            with anyio.fail_after(BOUND):
                r = await one_session(rng)
            clicks, messages, shown = r["stepped"]
            if clicks != messages or shown != clicks:
                problems.append(
                    f"run {run}: {clicks} clicks, {messages} messages taken in or sent, {shown} times the gate "
                    "showed a step (a step shown, taken back and shown again counts twice)"
                )
            if r["misses"]:
                problems.append(f"run {run}: the step clicked was not the one shown: {r['misses']}")
            if not r["replies"] or not all(r["replies"]):
                problems.append(f"run {run}: answers {r['replies']}")
            summary = r["summary"]
            if summary.get("exit_code") != 0 or r["shutdown_clicks"] != 1 or r["waiting"]:
                problems.append(
                    f"run {run}: ended with {summary.get('exit_code')!r} ({summary.get('outcome')}), "
                    f"{r['shutdown_clicks']} shutdown steps, {r['waiting']} left waiting"
                )
    finally:
        load.kill()
        load.wait()
    assert not problems, "\n".join(problems)
    assert SOAK_RUNS > 0
