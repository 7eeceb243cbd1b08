"""Step mode in the window (issue 21, point 3): each press of Continue (F8, the toolbar's action)
releases exactly one message - the one the step bar shows - however fast the presses come, and
the bar never takes a shown step back. A real demo session, stepped from Connect to its end."""

from __future__ import annotations

import anyio
import pytest
from ui_driver import quick, until, use_profile

from inspector.protocol.lifecycle import State
from inspector.session.profiles import demo_profile
from inspector.session.recording import Direction

pytestmark = pytest.mark.anyio


def messages(rec) -> list[bytes]:
    return [rec.raw_at(i) for i in range(len(rec)) if rec.direction_at(i) in (Direction.C2S, Direction.S2C)]


async def test_each_continue_releases_the_step_shown_even_two_presses_in_a_row(window_and_controller):
    controller, window = window_and_controller
    use_profile(window, quick(demo_profile(), "legacy"))
    window.act_step.setChecked(True)
    shown: list = []
    controller.stepPending.connect(lambda step: step is not None and shown.append(step))
    pressed: list = []

    def press() -> None:
        """F8 on what the bar shows now."""
        assert window.act_continue.isEnabled() and window.stepbar.isVisible()
        pressed.append(window.stepbar.pending)
        window.act_continue.trigger()

    async with anyio.create_task_group() as tg:
        controller.task_group = tg
        window.connect_selected()
        # the start sequence: one press per step shown
        while controller.session is None or controller.session.state is not State.OPERATING:
            await until(
                lambda: (
                    window.stepbar.pending is not None
                    and all(window.stepbar.pending is not p for p in pressed)
                    or (controller.session is not None and controller.session.state is State.OPERATING)
                )
            )
            if controller.session.state is not State.OPERATING:
                press()
        # the panels ask for their lists at once: several requests wait; two presses in a row,
        # nothing running in between, release the first two, and the bar shows the third
        await until(lambda: controller.session.gate.waiting >= 3)
        first = window.stepbar.pending
        press()
        second = window.stepbar.pending
        assert second is not first and second is controller.pending_step
        press()
        third = window.stepbar.pending
        assert third is not second and third is not first and window.act_continue.isEnabled()
        await until(
            lambda: first.raw in messages(controller.recording) and second.raw in messages(controller.recording)
        )
        assert third.raw not in messages(controller.recording)
        # then one press per step shown, until nothing more comes
        quiet = 0
        while quiet < 40:
            step = window.stepbar.pending
            if step is not None and all(step is not p for p in pressed):
                press()
                quiet = 0
            else:
                quiet += 1
            await anyio.sleep(0.01)
        rec = controller.recording
        sent = messages(rec)
        assert window.stepbar.pending is None and not window.act_continue.isEnabled()
        assert len(pressed) == len(sent) == len(shown), (len(pressed), len(sent), len(shown))
        # each press let in the message it was made on, in the order shown
        assert [s.raw for s in pressed] == [s.raw for s in shown]
        assert sorted(s.raw for s in pressed) == sorted(sent)
        assert bool(window.panels.panels["tools"].tools)
        controller.end_session()
        await until(lambda: not controller.running, 15)
        tg.cancel_scope.cancel()
