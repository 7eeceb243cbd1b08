"""When the views that follow a live recording take in what arrived: the frames' plan, without Qt.

Theory of operation. The window's one tick source (``inspector.ui.ticker.Ticker``) owns the timer
and the subscribers; this module decides, from what the subscribers took, which lanes a frame
calls and how long the next frame waits. The numbers and the reasons are the ticker's (see its
module text): calm, frames every :data:`INTERVAL_MS` and every lane in each; a subscriber that
took :data:`FLOOD_BATCH_ROWS` or more entries floods the plan, and then each frame calls the next
lane alone, and the wait after a frame is what keeps the views at about :data:`VIEW_SHARE` of the
event loop, each lane at most every :data:`FLOOD_INTERVAL_MS` and at least every
:data:`FLOOD_MAX_MS`. :class:`Subscribers` is who a frame calls: each subscriber's tick, held
weakly, in its lane, active or not, called in the order they subscribed.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable

INTERVAL_MS = 30  # calm: frames this far apart
FLOOD_INTERVAL_MS = 100  # flooded: each lane at most this often
FLOOD_MAX_MS = 400  # flooded: each lane at least this often
FLOOD_BATCH_ROWS = 1000  # a subscriber that took this many entries in a frame: flooded
VIEW_SHARE = 0.08  # the views' frames and repaints take about this share of the event loop


class FramePlan:
    """Flooded or calm, the lane the next flooded frame calls, and the waits between frames."""

    def __init__(self) -> None:
        self.flooded = False
        self.next_lane = 0  # flooded: the lane the next frame calls
        self._round_most = 0  # flooded: the most any subscriber took in the current round of lanes

    def shortest(self, lane_count: int) -> int:
        """The least time between two frames now (ms)."""
        if not self.flooded:
            return INTERVAL_MS
        return max(1, FLOOD_INTERVAL_MS // max(1, lane_count))

    def frame(self, lanes: list[int], call: Callable[[int], int]) -> int:
        """One frame over the active ``lanes`` (ascending): ``call(lane)`` takes a lane's entries
        and answers the most one subscriber took. Calm, every lane is called until one meets a
        flood (the lanes after it wait for the next frames); flooded, the next lane alone. The
        most entries one subscriber took in this frame is the answer."""
        if self.flooded:
            later = [lane for lane in lanes if lane >= self.next_lane]
            run = later[:1] or lanes[:1]
        else:
            run = lanes
            self._round_most = 0
        most = 0
        for lane in run:
            most = max(most, call(lane))
            self._round_most = max(self._round_most, most)
            if lane == lanes[-1]:  # a round is over: flooded?
                self.flooded = self._round_most >= FLOOD_BATCH_ROWS
                self._round_most = 0
                self.next_lane = lanes[0]
            else:
                self.next_lane = lane + 1
                if most >= FLOOD_BATCH_ROWS:
                    self.flooded = True  # the next lanes take theirs in frames of their own
                    break
        return most

    def all_lanes_took(self, most: int, lanes: list[int]) -> None:
        """Every lane was called at once (the most one subscriber took: ``most``): a new round."""
        self.flooded = most >= FLOOD_BATCH_ROWS
        self._round_most = 0
        self.next_lane = lanes[0] if lanes else 0

    def wait_after(self, cost_ms: float, lane_count: int) -> int:
        """Flooded: the wait before the next frame (ms) after one that cost ``cost_ms`` with its
        repaint, so the views take about :data:`VIEW_SHARE` of the event loop."""
        longest = FLOOD_MAX_MS / max(1, lane_count)
        return max(1, int(min(longest, max(self.shortest(lane_count), cost_ms / VIEW_SHARE - cost_ms))))


class Subscribers:
    """The subscribers of a tick source, in the order they subscribed; ``changed`` is called
    whenever one is activated, deactivated or cancelled (the source starts or stops its timer)."""

    def __init__(self, changed: Callable[[], None]) -> None:
        self.subs: list[Subscription] = []
        self.changed = changed

    def add(self, tick: Callable[[], int], lane: int = 0) -> Subscription:
        """A new subscription of ``tick`` (held weakly when it is a bound method), inactive."""
        sub = Subscription(self, tick, lane)
        self.subs.append(sub)
        return sub

    def any_active(self) -> bool:
        return any(s.active for s in self.subs)

    def lanes(self) -> list[int]:
        """The lanes with an active subscriber, ascending."""
        return sorted({s.lane for s in self.subs if s.active})

    def call(self, lane: int | None) -> int:
        """Call the active subscribers (of ``lane``; None: all); the most entries one took. A
        subscriber whose object is gone (its method was collected, or it raises RuntimeError, as
        a deleted Qt object does) is cancelled."""
        most = 0
        for sub in list(self.subs):
            if not sub.active or (lane is not None and sub.lane != lane):
                continue
            fn = sub.callable()
            if fn is None:
                sub.cancel()
                continue
            try:
                took = fn() or 0
            except RuntimeError:  # its object is already gone
                sub.cancel()
                continue
            most = max(most, took)
        return most


class Subscription:
    """One subscriber's tick in a lane; it is called only while active."""

    __slots__ = ("_list", "_ref", "active", "lane", "__weakref__")

    def __init__(self, subscribers: Subscribers, tick: Callable[[], int], lane: int = 0) -> None:
        self._list = subscribers
        self._ref: Callable[[], Callable[[], int] | None] = (
            weakref.WeakMethod(tick) if hasattr(tick, "__self__") else (lambda: tick)
        )
        self.active = False
        self.lane = lane

    def callable(self) -> Callable[[], int] | None:
        return self._ref()

    def set_active(self, active: bool) -> None:
        if active != self.active:
            self.active = active
            self._list.changed()

    def cancel(self, *_args: object) -> None:
        """Never called again (the subscriber is gone)."""
        self.active = False
        subs = self._list.subs
        if self in subs:
            subs.remove(self)
        try:
            self._list.changed()
        except RuntimeError:  # the tick source itself is gone (the application is ending)
            pass


__all__ = [
    "FLOOD_BATCH_ROWS",
    "FLOOD_INTERVAL_MS",
    "FLOOD_MAX_MS",
    "INTERVAL_MS",
    "VIEW_SHARE",
    "FramePlan",
    "Subscribers",
    "Subscription",
]
