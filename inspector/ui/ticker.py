"""The one tick source: a single timer that drives every view following a live recording.

Theory of operation. The recording grows on the session's task; the widgets that show it (the
timeline and logs tables, the diagram, the status line) catch up on a tick, so a flood costs
one repaint per tick rather than one per message. One :class:`Ticker` per application calls
each subscriber in the order it subscribed (tables before the window, so the diagram and the
status line describe rows that are already in the tables). A subscriber returns how many
entries it took; when any took :data:`FLOOD_BATCH_ROWS` or more, the next tick comes after
:data:`FLOOD_INTERVAL_MS` instead of :data:`INTERVAL_MS` (each tick costs a repaint whatever its
size, so fewer, larger batches keep the event loop free during a flood).

Subscribers are held weakly and dropped when their QObject is destroyed; the timer runs only
while at least one subscriber is active. (This shared timer once segfaulted the Qt tests; the
cause was the cyclic collector freeing Qt wrappers in a watcher thread, see :mod:`.collector`.)
"""

from __future__ import annotations

import weakref
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QObject, QTimer

INTERVAL_MS = 30
FLOOD_INTERVAL_MS = 100  # after a tick in which a subscriber took FLOOD_BATCH_ROWS or more
FLOOD_BATCH_ROWS = 1000


class Ticker(QObject):
    """One timer; subscribers ``tick() -> int`` (entries taken) are called on each timeout."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("viewTicker")
        self._subs: list[_Subscription] = []
        self._timer = QTimer(self)
        self._timer.setInterval(INTERVAL_MS)
        self._timer.timeout.connect(self.tick)

    def subscribe(self, owner: QObject, tick: Callable[[], int]) -> _Subscription:
        """Call ``tick`` (a method of ``owner``) on each tick while the subscription is active;
        it ends when ``owner`` is destroyed."""
        sub = _Subscription(self, owner, tick)
        self._subs.append(sub)
        owner.destroyed.connect(sub.cancel)
        return sub

    def interval(self) -> int:
        return self._timer.interval()

    def is_running(self) -> bool:
        return self._timer.isActive()

    def _update(self) -> None:
        if any(s.active for s in self._subs):
            if not self._timer.isActive():
                self._timer.start()
        else:
            self._timer.stop()

    def tick(self) -> int:
        """One tick now; the most entries any subscriber took."""
        most = 0
        for sub in list(self._subs):
            if not sub.active:
                continue
            fn = sub.callable()
            if fn is None:
                sub.cancel()
                continue
            try:
                took = fn() or 0
            except RuntimeError:  # its Qt object is already gone
                sub.cancel()
                continue
            most = max(most, took)
        interval = FLOOD_INTERVAL_MS if most >= FLOOD_BATCH_ROWS else INTERVAL_MS
        if self._timer.interval() != interval:
            self._timer.setInterval(interval)
        return most


class _Subscription:
    __slots__ = ("_ticker", "_ref", "active", "__weakref__")

    def __init__(self, ticker: Ticker, owner: QObject, tick: Callable[[], int]) -> None:
        self._ticker = ticker
        self._ref = weakref.WeakMethod(tick) if hasattr(tick, "__self__") else (lambda: tick)
        self.active = False

    def callable(self) -> Callable[[], int] | None:
        return self._ref()

    def set_active(self, active: bool) -> None:
        if active != self.active:
            self.active = active
            self._ticker._update()

    def cancel(self, *_args) -> None:
        self.active = False
        subs = self._ticker._subs
        if self in subs:
            subs.remove(self)
        try:
            self._ticker._update()
        except RuntimeError:  # the ticker itself is gone (the application is ending)
            pass


def app_ticker(app: QCoreApplication | None = None) -> Ticker:
    """The application's ticker, made on first use (owned by the application object)."""
    from .widgets import app_singleton

    return app_singleton(Ticker, "viewTicker", app)
