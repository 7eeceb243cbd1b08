"""The diagram's "current" state is the session's; a past state says "as of entry N" (issue 21,
point 4), against a real demo session in the window: after Step back then Run to end, and after
a language switch (the Follow live action tells the truth and the diagram does what it says)."""

from __future__ import annotations

import anyio
import pytest
from ui_driver import quick, until, use_profile

from inspector.protocol.lifecycle import State
from inspector.session.profiles import demo_profile

pytestmark = pytest.mark.anyio


def says_current(window) -> bool:
    """The diagram calls the highlighted state the current state (legend, explanation, screen reader)."""
    d = window.diagram
    return (
        d.current_label == "current state"
        and "(current state)" in d.explanation.label.text()
        and "Current state:" in d.accessibleDescription()
    )


def says_as_of(window, row: int) -> bool:
    d = window.diagram
    words = f"as of entry {row}"
    return (
        d.as_of == row
        and d.current_label == words
        and f"({words})" in d.explanation.label.text()
        and "current state" not in d.explanation.label.text()
        and f"State as of entry {row}:" in d.accessibleDescription()
    )


def follows_the_session(window, controller) -> bool:
    rec = controller.recording
    return (
        window.following.live
        and window.act_follow.isChecked()
        and window.diagram.as_of is None
        and window.diagram.model.state is controller.session.state
        and window.diagram.model.state is rec.state_at(len(rec) - 1)
    )


async def test_step_back_shows_a_past_state_as_of_its_entry_and_run_to_end_follows_the_session_again(
    window_and_controller,
):
    controller, window = window_and_controller
    use_profile(window, quick(demo_profile(), "legacy"))
    window.act_step.setChecked(True)
    window.diagram.explain(State.INITIALIZING)  # the explanation names the state shown too
    async with anyio.create_task_group() as tg:
        controller.task_group = tg
        window.connect_selected()
        # initialize goes; its answer waits, and the diagram draws the edge it will take
        await until(lambda: controller.pending_step is not None)
        window.act_continue.trigger()
        await until(lambda: "Next, after Continue" in window.diagram.accessibleDescription())
        # a past state shown: that edge starts at the session's state, so it is not drawn from the past one
        assert window.step_back()
        assert window.diagram.as_of is not None and "Next, after Continue" not in window.diagram.accessibleDescription()
        window.act_follow.setChecked(True)
        await until(
            lambda: "Next, after Continue" in window.diagram.accessibleDescription() and window.diagram.as_of is None
        )
        # Continue through the answer and notifications/initialized
        for _ in range(2):
            await until(lambda: controller.pending_step is not None)
            step = controller.pending_step
            window.act_continue.trigger()
            await until(lambda s=step: controller.pending_step is not s)
        await until(lambda: controller.session.state is State.OPERATING and controller.pending_step is not None)
        await until(lambda: window.diagram.model.state is State.OPERATING)
        window.diagram.explain(State.OPERATING)
        assert says_current(window)

        # Step back: the answer to initialize, while the session is operating
        rec = controller.recording
        newest = len(rec) - 1
        assert window.step_back()
        row = window.timeline.current_seq()
        assert row == newest - 1 and not window.act_follow.isChecked()
        assert window.diagram.model.state is rec.state_at(row) is not controller.session.state
        window.diagram.explain(window.diagram.model.state)
        assert says_as_of(window, row)
        await anyio.sleep(0.3)  # more steps are not taken: the view stays where it was put
        assert says_as_of(window, row)

        # Run to end: what waits goes, and the view goes with the session to its end
        window.stepbar.run_button.click()
        assert window.act_follow.isChecked() and not controller.stepping
        await until(lambda: controller.pending_step is None and bool(window.panels.panels["tools"].tools))
        await until(lambda: follows_the_session(window, controller))
        window.diagram.explain(window.diagram.model.state)
        assert says_current(window)
        controller.end_session()
        await until(lambda: not controller.running, 15)
        tg.cancel_scope.cancel()


async def test_a_language_switch_keeps_the_view_pinned_or_following_and_says_which(window_and_controller):
    controller, window = window_and_controller
    languages = window.languages
    use_profile(window, quick(demo_profile(), "legacy"))
    async with anyio.create_task_group() as tg:
        controller.task_group = tg
        window.connect_selected()
        await until(lambda: controller.session is not None and controller.session.state is State.OPERATING)
        await until(lambda: bool(window.panels.panels["tools"].tools))
        rec = controller.recording
        await until(lambda: follows_the_session(window, controller))

        # pinned to the answer to initialize: a past state, said so
        answer = next(
            i for i in range(len(rec)) if rec.method_at(i) == "initialize" and rec.direction_at(i).name == "S2C"
        )
        assert window.timeline.select_seq(answer)
        assert not window.act_follow.isChecked() and window.diagram.as_of == answer
        try:
            languages.set_choice("zh_CN")
            await anyio.sleep(0.05)
            window = languages.window
            # the new Follow live action says what the window does: not following
            assert not window.act_follow.isChecked() and not window.following.live
            assert window.diagram.as_of == answer and window.diagram.model.state is rec.state_at(answer)
            assert (
                window.diagram.current_label == window.diagram.tr("as of entry {n}").format(n=answer) != "as of entry 0"
            )
            assert window.diagram.current_label != window.diagram.tr("current state")
            window.tools.ping()  # the session goes on; the pinned view does not move
            await until(lambda: any(rec.method_at(i) == "ping" for i in range(len(rec))))
            await anyio.sleep(0.2)
            assert window.diagram.as_of == answer

            # Follow live checked after the switch: the diagram follows (as the action says)
            window.act_follow.setChecked(True)
            await until(lambda: follows_the_session(window, controller))
            assert window.diagram.current_label == window.diagram.tr("current state")
            languages.set_choice("en")
            await anyio.sleep(0.05)
            window = languages.window
            assert window.act_follow.isChecked() and window.following.live
            window.tools.ping()
            n = len(rec)
            await until(lambda: len(rec) > n + 1 and follows_the_session(window, controller))
            assert window.diagram.as_of is None
            window.diagram.explain(window.diagram.model.state)
            assert says_current(window)

            # switching Follow live off with no row selected keeps the newest state, as of its entry
            window.timeline.table.clearSelection()
            window.act_follow.setChecked(False)
            assert window.diagram.as_of is not None and window.diagram.as_of <= len(rec) - 1
            assert window.diagram.current_label.startswith("as of entry ")
        finally:
            languages.set_choice("en")
        controller.end_session()
        await until(lambda: not controller.running, 15)
        tg.cancel_scope.cancel()
