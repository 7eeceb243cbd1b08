"""When the views that follow a live recording take in what arrived: the frames' plan, without Qt.

Theory of operation. The window's one tick source (``inspector.ui.ticker.Ticker``) owns the timer
and the subscribers; this module decides, from what the subscribers took, which lanes a frame
calls and how long the next frame waits. The numbers and the reasons are the ticker's (see its
module text): calm, frames every :data:`INTERVAL_MS` and every lane in each; a subscriber that
took :data:`FLOOD_BATCH_ROWS` or more entries floods the plan, and then each frame calls the next
lane alone, and the wait after a frame is what keeps the views at about :data:`VIEW_SHARE` of the
event loop, each lane at most every :data:`FLOOD_INTERVAL_MS` and at least every
:data:`FLOOD_MAX_MS`.
"""

from __future__ import annotations

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


__all__ = [
    "FLOOD_BATCH_ROWS",
    "FLOOD_INTERVAL_MS",
    "FLOOD_MAX_MS",
    "INTERVAL_MS",
    "VIEW_SHARE",
    "FramePlan",
]
