"""Replay and step mode as teaching tools: an opened recording's Negotiation view and status bar
follow the playback position, the replay slider marks the messages (violations in red) and says
the recorded time; the Step action says whether the gate holds messages now and switches step
mode on and off during a session; the details say how long a held message waited; Ping is off
in the modern era. Real demo sessions through real pipes."""

from __future__ import annotations

import re

import anyio
import pytest
from demo_recording import record_demo_session
from ui_driver import quick, until, use_profile

from inspector.protocol.lifecycle import State
from inspector.session import Direction
from inspector.session.profiles import demo_profile

pytestmark = pytest.mark.anyio


def first(rec, method: str, direction: Direction) -> int:
    return next(i for i in range(len(rec)) if rec.method_at(i) == method and rec.direction_at(i) is direction)


async def open_demo_recording(controller, window, tmp_path):
    """A full demo session recorded to a file and opened in the window, ready to replay."""
    path = await record_demo_session(tmp_path / "demo.jsonl")
    assert window.files.open_recording_path(str(path))
    await until(lambda: window.replay.playback is not None)
    return controller.recording


async def test_the_negotiation_and_the_status_follow_the_replayed_entry(window_and_controller, tmp_path):
    controller, window = window_and_controller
    rec = await open_demo_recording(controller, window, tmp_path)
    neg = window.negotiation
    # opened: the whole session, as the last entry knows it
    assert neg.headline.text() == "Negotiated version: 2025-11-25"
    assert window.status.state.text() == "State: Terminated" and "2025-11-25" in window.status.era.text()

    init = first(rec, "initialize", Direction.C2S)
    answer = first(rec, "initialize", Direction.S2C)
    bar = window.replay
    window.timeline.select_seq(0)  # the start
    await until(lambda: bar.slider.value() == 0 and window.timeline.current_seq() == 0)
    assert neg.headline.text().startswith("Nothing negotiated yet at this entry") and neg.tree.topLevelItemCount() == 0
    assert window.status.state.text() != "State: Terminated"
    assert window.status.state.text() == f"State: {State(rec.state_at(0).value).title}"
    assert "Version: —" in window.status.era.text()

    bar.slider.setValue(init)  # scrubbing
    await until(lambda: window.timeline.current_seq() == init)
    assert neg.headline.text() == "initialize sent, waiting for the answer."
    assert neg.tree.topLevelItem(0).text(1) == "2025-11-25" and neg.tree.topLevelItem(0).text(2) == "—"
    assert window.status.state.text() == "State: Initializing" and "Version: —" in window.status.era.text()

    window.timeline.select_seq(answer)  # the timeline moves it as well
    await until(lambda: neg.headline.text() == "Negotiated version: 2025-11-25")
    assert neg.tree.topLevelItem(0).text(2) == "2025-11-25"
    assert window.status.state.text() == "State: Initialized" and "2025-11-25" in window.status.era.text()

    # playing to the end: the negotiation stays, the state ends terminated
    bar.speed.setCurrentIndex(bar.speed.findData(10.0))
    bar.play()
    await until(lambda: bar.playback.position == len(rec) - 1, 30)
    await until(lambda: window.status.state.text() == "State: Terminated")
    assert neg.headline.text() == "Negotiated version: 2025-11-25"
    # and back again
    bar.slider.setValue(init - 1)
    await until(lambda: neg.headline.text().startswith("Nothing negotiated yet"))


async def test_the_slider_marks_messages_and_says_the_recorded_time(window_and_controller, tmp_path):
    controller, window = window_and_controller
    rec = await open_demo_recording(controller, window, tmp_path)
    bar = window.replay
    slider = bar.slider
    window.resize(1400, 900)
    window.show()
    slider.repaint()
    messages = [i for i in range(len(rec)) if rec.direction_at(i) in (Direction.C2S, Direction.S2C)]
    # a tick per pixel that holds messages: as many as there are pixels with messages, no more
    width = slider.groove().width()
    pixels = {int(i * width / len(rec)) for i in messages}
    await until(lambda: slider.message_ticks > 0)
    assert 0 < slider.message_ticks <= min(len(pixels) + 1, width)
    assert sum(slider.density(width)) == len(messages)
    # the image: message ticks below the groove where the messages are (not in an empty stretch)
    image = slider.grab().toImage()
    below = slider.groove().bottom() + 2
    background = image.pixelColor(slider.width() - 1, below)
    inked = [
        x for x in range(slider.groove().left(), slider.groove().right()) if image.pixelColor(x, below) != background
    ]
    assert len(inked) >= len(pixels) // 2

    # the slider moves by entry; its tooltip and label give the recorded time at the handle
    row = messages[len(messages) // 2]
    slider.setValue(row)
    await until(lambda: window.timeline.current_seq() == row)
    t = f"{rec.t_at(row):.3f} s"
    assert f"entry {row} · recorded at {t}" in slider.toolTip() and "moves entry by entry" in slider.toolTip()
    assert t in bar.position_label.text()
    assert slider.row_at(slider.groove().left()) == 0 and slider.row_at(slider.groove().right()) == len(rec) - 1
    assert f"recorded at {t} of {rec.t_at(len(rec) - 1):.3f} s" in slider.toolTip()  # and of the whole recording


async def test_step_mode_is_switched_on_and_off_during_a_session(window_and_controller):
    controller, window = window_and_controller
    use_profile(window, quick(demo_profile(), "legacy"))
    assert not window.act_step.isChecked()
    async with anyio.create_task_group() as tg:
        controller.task_group = tg
        window.connect_selected()
        await until(lambda: controller.session is not None and controller.session.state is State.OPERATING)
        await until(lambda: bool(window.panels.panels["tools"].tools))  # the panels' first requests went
        assert window.act_step.isEnabled() and not controller.stepping and controller.pending_step is None

        # on mid-session: the next message waits (a ping, its request at the gate)
        window.act_step.trigger()
        assert window.act_step.isChecked() and controller.stepping
        assert window.act_ping.isEnabled() and window.tools.ping()
        await until(lambda: controller.pending_step is not None)
        assert b'"method":"ping"' in controller.pending_step.raw and window.stepbar.isVisible()
        rec = controller.recording
        assert not any(rec.method_at(i) == "ping" for i in range(len(rec)))
        window.act_continue.trigger()
        await until(lambda: controller.pending_step is not None and controller.pending_step.direction == "s2c")
        await anyio.sleep(0.3)  # the answer waits to be taken in

        # off: what waits goes on, and nothing later waits
        window.act_step.trigger()
        assert not window.act_step.isChecked() and not controller.stepping
        await until(lambda: controller.pending_step is None and not window.stepbar.isVisible())
        # released at once; taken in when the session gets to it
        await until(
            lambda: any(rec.method_at(i) == "ping" and rec.direction_at(i) is Direction.S2C for i in range(len(rec)))
        )
        answer = next(i for i in range(len(rec)) if rec.method_at(i) == "ping" and rec.direction_at(i) is Direction.S2C)
        held = rec.extra_at(answer)["released"] - rec.t_at(answer)
        assert held >= 0.25

        # the details say how long it waited at the gate, when it was read and when let in
        window.timeline.select_seq(answer)
        meta = window.detail.meta_label.text()
        match = re.search(r"held (.+) at the step gate: read at ([\d.]+) s, released at ([\d.]+) s", meta)
        assert match, meta
        assert float(match.group(2)) == pytest.approx(rec.t_at(answer), abs=0.001)
        assert float(match.group(3)) == pytest.approx(rec.extra_at(answer)["released"], abs=0.001)
        request = next(
            i for i in range(len(rec)) if rec.method_at(i) == "ping" and rec.direction_at(i) is Direction.C2S
        )
        window.timeline.select_seq(request)
        assert "step gate" not in window.detail.meta_label.text()  # the client's message is recorded when it goes

        # on again, then Run to end: the action follows the gate
        window.act_step.setChecked(True)
        assert controller.stepping
        window.tools.ping()
        await until(lambda: controller.pending_step is not None)
        window.stepbar.run_button.click()
        await until(lambda: controller.pending_step is None)
        assert not window.act_step.isChecked() and not controller.stepping
        await until(lambda: sum(rec.method_at(i) == "ping" for i in range(len(rec))) == 4)

        # the checked state survives a language change (the actions are made again)
        window.act_step.setChecked(True)
        window.retranslate()
        assert window.act_step.isChecked() and controller.stepping and window.act_step.isEnabled()
        controller.run_to_end()
        assert not window.act_step.isChecked()
        controller.end_session()
        await until(lambda: not controller.running, 15)
        tg.cancel_scope.cancel()
    assert window.act_step.isEnabled() and not window.act_step.isChecked()  # the choice for the next connection


@pytest.mark.parametrize("era, ping", [("legacy", True), ("modern", False)])
async def test_ping_is_offered_only_in_the_era_that_has_it(window_and_controller, era, ping):
    controller, window = window_and_controller
    use_profile(window, quick(demo_profile(), era))
    assert not window.act_ping.isEnabled()  # no session
    async with anyio.create_task_group() as tg:
        controller.task_group = tg
        window.connect_selected()
        await until(
            lambda: controller.session is not None and controller.session.state in (State.OPERATING, State.READY)
        )
        await until(lambda: window.act_ping.isEnabled() == ping)
        assert controller.session.negotiation().era == era
        if ping:
            assert "handshake era" in window.act_ping.toolTip()
        else:
            assert "2026-07-28" in window.act_ping.toolTip() and "no ping" in window.act_ping.toolTip()
        window.retranslate()  # the actions made again keep it
        assert window.act_ping.isEnabled() == ping
        controller.end_session()
        await until(lambda: not controller.running, 15)
        tg.cancel_scope.cancel()
    assert not window.act_ping.isEnabled()


def test_a_stretch_without_messages_counts_no_message_ticks(qapp):
    """The slider counts the message ticks of its last paint: none once the histogram holds no
    message (not the count an earlier recording's paint left)."""
    from inspector.ui.replay import MarkedSlider

    slider = MarkedSlider()
    slider.resize(300, 30)
    slider.setRange(0, 9)
    slider.density = lambda buckets: [1 if b % 50 == 0 else 0 for b in range(buckets)]
    slider.grab()
    assert slider.message_ticks > 0
    slider.density = lambda buckets: [0] * buckets
    slider.grab()
    assert slider.message_ticks == 0
