"""The one tick source: a single timer that drives every view following a live recording.

Theory of operation. The recording grows on the session's task; the widgets that show it (the
timeline and logs tables, the diagram, the status line) catch up on a tick, so a flood costs
one repaint per tick rather than one per message. One :class:`Ticker` per application calls
each subscriber in the order it subscribed (tables before the window, so the diagram and the
status line describe rows that are already in the tables). A subscriber returns how many
entries it took; when any took :data:`FLOOD_BATCH_ROWS` or more, the ticker is *flooded*.

Frames (planned Qt-free by :class:`~inspector.session.frames.FramePlan`). A timeout is a frame:
everything the subscribers change in it is painted together, in one pass over the window, once
the frame has returned. While calm, frames come every
:data:`INTERVAL_MS`. While flooded, a frame that took entries measures what it cost - its
subscribers and the repaint they caused, up to an event posted behind Qt's repaint request -
and the next frame waits long enough for the views to take about :data:`VIEW_SHARE` of the
event loop (the rest is the session's, taking the flood in), each lane (below) at most every
:data:`FLOOD_INTERVAL_MS` and at least every :data:`FLOOD_MAX_MS`. A frame that took nothing
comes INTERVAL_MS after the last, so the first message after a pause shows at once. (The cost
measured includes what else the event loop ran before the repaint: it errs on the session's
side.)

Lanes. Subscribers are in lanes (their owner's ``tick_lane`` attribute, 0 when it has none).
While calm, every frame calls every lane (until one of them meets a flood: the lanes after it
wait for the next frames). While flooded, each frame calls the next lane in turn, so the views
of different lanes are never taken in and painted in the same frame: the longest
stall of the event loop is one lane's work and paint, not the sum (the timeline with the
window's status is one lane, the Logs panel another; benchmarks/ui_flood.py measures it).

Subscribers (:class:`~inspector.session.frames.Subscribers`, Qt-free) are held weakly and
dropped when their QObject is destroyed; the timer runs only while at least one subscriber is
active. (This shared timer once segfaulted the Qt tests; the
cause was the cyclic collector freeing Qt wrappers in a watcher thread, see :mod:`.collector`.)

A helper for views that follow a live recording: :func:`set_live_text` shows a text that
changes on every tick (a count) without laying the window out again on every tick. (A view
that looks through each batch the session takes in as it arrives, work spread over the flood
instead of gathered into a frame, listens with ``session.controllers.logs.listen_weakly``.)
"""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QLabel

from inspector.session.frames import FLOOD_BATCH_ROWS as FLOOD_BATCH_ROWS  # offered here with the ticker
from inspector.session.frames import INTERVAL_MS, FramePlan, Subscribers, Subscription  # Qt-free
from inspector.session.frames import VIEW_SHARE as VIEW_SHARE

_PAINTED = QEvent.Type(QEvent.registerEventType())  # posted behind a frame's repaint request
_LOW_PRIORITY = Qt.EventPriority.LowEventPriority.value  # the priority Qt posts repaint requests at


class Ticker(QObject):
    """One timer; subscribers ``tick() -> int`` (entries taken) are called on each timeout."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("viewTicker")
        self.subs = Subscribers(self._update)  # who the frames call (Qt-free)
        self._timer = QTimer(self)
        self._timer.setInterval(INTERVAL_MS)
        self._timer.timeout.connect(self.frame)
        self.plan = FramePlan()  # flooded or calm, which lane comes next, the waits
        self._frame_start: float | None = None  # flooded: when the frame being measured began
        self.last_frame_ms = 0.0  # flooded: what the last measured frame cost, its repaint included

    def subscribe(self, owner: QObject, tick: Callable[[], int]) -> Subscription:
        """Call ``tick`` (a method of ``owner``) on each tick while the subscription is active;
        it ends when ``owner`` is destroyed. Its lane is ``owner.tick_lane`` (default 0)."""
        sub = self.subs.add(tick, int(getattr(owner, "tick_lane", 0)))
        owner.destroyed.connect(sub.cancel)
        return sub

    def next_frame_in(self) -> int:
        """The wait the ticker set before its next frame (ms): the interval while calm, longer
        while a flood makes frames costly (see the module docstring)."""
        return self._timer.interval()

    def is_running(self) -> bool:
        return self._timer.isActive()

    def _update(self) -> None:
        if self.subs.any_active():
            if not self._timer.isActive():
                self._timer.start(self._shortest())
        else:
            self._timer.stop()

    def _shortest(self) -> int:
        """The least time between two frames now (ms)."""
        return self.plan.shortest(len(self.subs.lanes()))

    def frame(self) -> None:
        """One timeout: every lane while calm, the next lane while flooded. A flood that begins
        in a calm frame leaves the lanes after the one that met it to the next frames."""
        start = time.perf_counter()
        lanes = self.subs.lanes()
        if not lanes:
            return
        most = self.plan.frame(lanes, self.subs.call)
        if most and self.plan.flooded:
            # Qt posts the window's repaint request at low priority; an event posted now at the
            # same priority is delivered right behind it, once the frame has been painted.
            self._frame_start = start
            QCoreApplication.postEvent(self, QEvent(_PAINTED), _LOW_PRIORITY)
        elif self._frame_start is None and self._timer.interval() != self._shortest():
            self._timer.start(self._shortest())  # calm, or idle again: the next entry shows at once

    def event(self, event: QEvent) -> bool:
        if event.type() == _PAINTED:
            self._painted()
            return True
        return super().event(event)

    def _painted(self) -> None:
        """A flooded frame and its repaint are over: space the next frame by what they cost."""
        start, self._frame_start = self._frame_start, None
        if start is None or not self._timer.isActive() or not self.plan.flooded:
            return
        cost = (time.perf_counter() - start) * 1000
        self.last_frame_ms = cost
        self._timer.start(self.plan.wait_after(cost, len(self.subs.lanes())))

    def tick(self) -> int:
        """One tick of every lane now; the most entries any subscriber took."""
        most = self.subs.call(None)
        self.plan.all_lanes_took(most, self.subs.lanes())
        return most


def app_ticker(app: QCoreApplication | None = None) -> Ticker:
    """The application's ticker, made on first use (owned by the application object)."""
    from .widgets import app_singleton

    return app_singleton(Ticker, "viewTicker", app)


def set_live_text(label: QLabel, text: str) -> bool:
    """Show ``text`` in ``label``, a text that changes on every tick (a count), without laying
    the window out again each time; False when it was shown already.

    ``QLabel.setText`` asks for a new geometry, and Qt passes that request up through every
    ancestor's layout to the main window (each level is laid out again: several ms of every
    tick under a flood). A widget of fixed size ends that chain, so the label is held at a fixed
    size: it grows, with room for a few more digits, only when the text no longer fits, and
    shrinks only when it has become much too wide (or the font changed its height). Lay such a
    label out with a stretch beside it rather than a stretch factor of its own."""
    if label.text() == text:
        return False
    label.setText(text)
    fit_live_text(label)
    return True


def fit_live_text(label: QLabel, *, again: bool = False) -> None:
    """Fix a live label's size to fit its text (see :func:`set_live_text`); ``again``: to the
    text as it is now, however it was fixed before (its font changed)."""
    hint = label.sizeHint()
    width = label.maximumWidth()
    fixed = label.minimumSize() == label.maximumSize()
    if (
        again
        or not fixed
        or hint.height() != label.maximumHeight()
        or hint.width() > width
        or hint.width() < width // 2
    ):
        room = label.fontMetrics().horizontalAdvance("0,000")
        label.setFixedSize(hint.width() + room, hint.height())
