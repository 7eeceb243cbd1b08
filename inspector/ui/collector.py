"""Python's cyclic garbage collector, run on the GUI thread only.

CPython starts a collection in whichever thread happens to allocate when a generation's
threshold is crossed: asyncio's child-watcher threads (one per server process, waiting in
``waitpid``), Qt's pooled threads, any executor. When such a collection frees a cycle that holds
a Qt wrapper, the QObject is destroyed in that foreign thread: its timers cannot be unregistered
there, stay in the GUI thread's timer list, and the next timer event is delivered to freed
memory (a segfault in ``QTimerInfoList::activateTimers``; seen in the Qt suite when a session's
dialog ended while its server exited).

So while the window lives, automatic collection is off and :class:`MainThreadCollector` does the
same work from a GUI-thread timer (:func:`~inspector.session.app_setup.due_generation` chooses):
a young collection when generation 0 passed its threshold, older ones when theirs did, and a
full collection at most every ``full_every`` seconds (the full pass over a large recording is
what stalls the event loop). ``gc.freeze``, used by the app and by sessions during floods, keeps
working: frozen objects are outside every generation.
"""

from __future__ import annotations

import gc
import time

from PySide6.QtCore import QCoreApplication, QObject, QTimer

from inspector.session.app_setup import due_generation


class MainThreadCollector(QObject):
    """Turns automatic collection off and collects on this (the GUI) thread instead."""

    def __init__(self, parent: QObject, *, interval_ms: int = 100, full_every: float = 10.0) -> None:
        super().__init__(parent)
        self.setObjectName("mainThreadCollector")
        self.thresholds = gc.get_threshold()
        self.full_every = full_every
        self.collections = [0, 0, 0]  # per generation, for tests and diagnostics
        self._last_full = time.monotonic()
        self._was_enabled = gc.isenabled()
        gc.disable()
        self._timer = QTimer(self)
        self._timer.setInterval(interval_ms)
        self._timer.timeout.connect(self.check)
        self._timer.start()
        self.destroyed.connect(_restore_automatic_collection if self._was_enabled else _noop)

    def check(self) -> int:
        """Collect the oldest generation whose threshold has been passed; the generation
        collected, or -1 when nothing was due."""
        since_full = time.monotonic() - self._last_full
        generation = due_generation(gc.get_count(), self.thresholds, since_full, self.full_every)
        if generation < 0:
            return -1
        gc.collect(generation)
        if generation == 2:
            self._last_full = time.monotonic()
        self.collections[generation] += 1
        return generation


def _restore_automatic_collection(*_args: object) -> None:
    gc.enable()


def _noop(*_args: object) -> None:
    pass


def collect_on_gui_thread(app: QCoreApplication | None = None) -> MainThreadCollector:
    """The application's collector, made on first use (owned by the application object)."""
    from .widgets import app_singleton

    return app_singleton(MainThreadCollector, "mainThreadCollector", app)
