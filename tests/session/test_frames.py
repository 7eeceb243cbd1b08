"""The frames' plan without Qt (session/frames.py): which lanes a frame calls, calm and flooded,
the waits between frames, and the subscribers a frame calls. The ticker that follows it is tested
in tests/ui/test_ticker.py and tests/ui/test_live_frames.py."""

from __future__ import annotations

import gc

from inspector.session.frames import (
    FLOOD_BATCH_ROWS,
    FLOOD_INTERVAL_MS,
    FLOOD_MAX_MS,
    INTERVAL_MS,
    VIEW_SHARE,
    FramePlan,
    Subscribers,
)


class Lanes:
    """Lanes whose subscribers take ``took[lane]`` entries each call; the calls are logged."""

    def __init__(self, **took: int) -> None:
        self.took = {int(k[1:]): v for k, v in took.items()}
        self.calls: list[int] = []

    def __call__(self, lane: int) -> int:
        self.calls.append(lane)
        return self.took[lane]


def test_calm_frames_call_every_lane_and_come_every_interval() -> None:
    plan, lanes = FramePlan(), Lanes(l0=3, l1=5)
    assert plan.frame([0, 1], lanes) == 5 and lanes.calls == [0, 1]
    assert not plan.flooded and plan.shortest(2) == INTERVAL_MS


def test_a_flood_met_in_a_calm_frame_leaves_the_later_lanes_to_the_next_frames() -> None:
    plan, lanes = FramePlan(), Lanes(l0=FLOOD_BATCH_ROWS, l1=2, l2=2)
    assert plan.frame([0, 1, 2], lanes) == FLOOD_BATCH_ROWS
    assert lanes.calls == [0] and plan.flooded and plan.next_lane == 1
    plan.frame([0, 1, 2], lanes)
    plan.frame([0, 1, 2], lanes)
    assert lanes.calls == [0, 1, 2]  # flooded: one lane a frame, in turn
    assert plan.flooded  # the round's most (lane 0's) was a flood
    assert plan.shortest(3) == FLOOD_INTERVAL_MS // 3 and plan.shortest(1) == FLOOD_INTERVAL_MS


def test_a_calm_round_ends_the_flood() -> None:
    plan, lanes = FramePlan(), Lanes(l0=FLOOD_BATCH_ROWS, l1=1)
    plan.frame([0, 1], lanes)
    lanes.took[0] = 1
    plan.frame([0, 1], lanes)  # lane 1 ends the round that lane 0 flooded: still flooded
    assert plan.flooded
    plan.frame([0, 1], lanes)  # lane 0, calm now
    plan.frame([0, 1], lanes)  # lane 1 ends a calm round
    assert not plan.flooded and plan.next_lane == 0
    assert lanes.calls == [0, 1, 0, 1]


def test_every_lane_at_once_sets_the_plan_by_the_most_taken() -> None:
    plan = FramePlan()
    plan.all_lanes_took(FLOOD_BATCH_ROWS, [2, 5])
    assert plan.flooded and plan.next_lane == 2
    plan.all_lanes_took(0, [])
    assert not plan.flooded and plan.next_lane == 0


def test_the_wait_after_a_flooded_frame_keeps_the_views_share() -> None:
    plan = FramePlan()
    plan.flooded = True
    cost = 10.0
    assert plan.wait_after(cost, 1) == int(cost / VIEW_SHARE - cost)  # 115 ms: between the bounds
    assert plan.wait_after(0.1, 2) == FLOOD_INTERVAL_MS // 2  # cheap: at most every interval
    assert plan.wait_after(1000.0, 2) == FLOOD_MAX_MS // 2  # costly: still at least every FLOOD_MAX_MS


class Counter:
    def __init__(self, log: list[str], name: str, took: int = 0) -> None:
        self.log, self.name, self.took = log, name, took

    def tick(self) -> int:
        self.log.append(self.name)
        return self.took


def test_subscribers_are_called_in_order_by_lane_while_active_and_say_when_that_changes() -> None:
    changes: list[bool] = []
    subs = Subscribers(lambda: changes.append(subs.any_active()))
    log: list[str] = []
    a, b, c = Counter(log, "a", 3), Counter(log, "b", 7), Counter(log, "c", 1)
    sa, sb, sc = subs.add(a.tick), subs.add(b.tick, lane=1), subs.add(c.tick)
    assert not subs.any_active() and subs.lanes() == [] and changes == []
    sb.set_active(True)
    sc.set_active(True)
    sa.set_active(True)
    sa.set_active(True)  # no change: not said again
    assert changes == [True, True, True] and subs.lanes() == [0, 1]
    assert subs.call(None) == 7 and log == ["a", "b", "c"]  # subscription order, not activation order
    log.clear()
    assert subs.call(0) == 3 and log == ["a", "c"]
    sa.set_active(False)
    sc.cancel()
    assert subs.lanes() == [1] and sc not in subs.subs and changes[-2:] == [True, True]
    sb.set_active(False)
    assert changes[-1] is False and subs.call(None) == 0


def test_a_gone_subscriber_is_dropped_and_a_gone_source_does_not_fail_a_cancel() -> None:
    subs = Subscribers(lambda: None)
    log: list[str] = []
    gone = Counter(log, "gone")
    subs.add(gone.tick).set_active(True)
    del gone
    gc.collect()
    assert subs.call(None) == 0 and subs.subs == [] and log == []  # its method was collected

    def deleted() -> int:
        raise RuntimeError("Internal C++ object already deleted.")

    subs.add(deleted).set_active(True)  # a plain function: held as it is
    assert subs.call(None) == 0 and subs.subs == []

    def source_gone() -> None:
        raise RuntimeError("the ticker is gone")

    ending = Subscribers(source_gone)
    sub = ending.add(Counter(log, "x").tick)
    sub.cancel()  # no error: the application is ending
    assert ending.subs == []
