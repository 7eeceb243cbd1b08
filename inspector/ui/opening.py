"""Opening a large recording file while the window already shows it.

Theory of operation
-------------------
:class:`RecordingOpener` drives a Qt-free :class:`~inspector.session.sliced_load.SlicedLoad`
(over the :class:`~inspector.session.recording.RecordingLoader`) on the event loop.
:meth:`RecordingOpener.start` reads the header and the first :data:`FIRST_SLICE_S` of the file
at once (a file that small is simply opened), and returns the recording: read-only,
``loading``, already holding its first entries, so the window can show it and the timeline can
be scrolled at once. The rest is read by a zero-interval timer, the load's turns (a slice of at
most :data:`SLICE_S` seconds read, then told: ``progressed``, the window's views take the new
entries and repaint then); events (painting, scrolling, typing in the filter bar) are handled
between, so no turn holds the loop much longer than a slice. The recording only grows at its
end, between events, on this thread: the views follow it as they follow a live session (in
batches, filtered as they arrive), so the rows shown, the filters and the selection stay
consistent while rows arrive.

``progressed(done, total)`` reports bytes after each slice (in the turn after it);
``finished(rec)`` comes once, when the file is read or :meth:`stop` ended the loading early (the
recording keeps what was read); ``failed(text)`` comes before ``finished`` when reading broke
off midway.

:class:`LoadingIndicator` is the status-bar widget: a progress bar and a Stop button.
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QProgressBar, QToolButton, QWidget

from inspector.session.recording import Recording
from inspector.session.sliced_load import SlicedLoad, Turn

from .widgets import hbox, on_language_change, plain_label

# Read before the recording is shown: a file that loads this fast opens as a whole.
FIRST_SLICE_S = 0.05
# Reading per turn of the event loop while the window shows the recording.
SLICE_S = 0.02


class RecordingOpener(QObject):
    """Reads one recording file a slice at a time on the event loop (see the module docstring)."""

    progressed = Signal(int, int)  # bytes read, file size
    finished = Signal(object)  # the recording, complete or stopped
    failed = Signal(str)  # reading broke off midway: why (the recording keeps what was read)
    live = False  # a file still being written (ui.watch_dock.LiveFollower): it ends when its writer does

    def __init__(self, path: str | os.PathLike[str], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.path = Path(path)
        self.load = SlicedLoad(path)
        self.loader = self.load.loader
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._slice)

    @property
    def done(self) -> bool:
        return self.load.done

    @property
    def recording(self) -> Recording | None:
        return self.load.recording

    @property
    def stopped(self) -> bool:
        return self.load.stopped

    def start(self, first: float | None = None) -> Recording:
        """Read the header and the first ``first`` seconds (default FIRST_SLICE_S) of the file;
        the recording (complete when ``done``). Raises RecordingError when the file cannot be a
        recording."""
        rec = self.load.start(FIRST_SLICE_S if first is None else first)
        if not self.done:
            self._timer.start()
        return rec

    def fraction(self) -> float:
        return self.load.fraction()

    def stop(self) -> None:
        """End the loading now: the recording keeps the entries read so far (``finished``)."""
        if self.load.stop():
            self._timer.stop()
            self.finished.emit(self.recording)

    def _slice(self) -> None:
        """One turn of the event loop: a slice of reading, or telling what it read (the views
        take the new entries then, and repaint), never both, so no turn holds the loop long."""
        if self.done:
            return
        turn = self.load.turn(SLICE_S)
        if turn is Turn.FAILED:
            self.failed.emit(self.load.failure)
            self.finished.emit(self.recording)
            return
        if turn is not Turn.READ:
            self.progressed.emit(self.loader.done_bytes, self.loader.size)
        if turn is Turn.FINISHED:
            self.finished.emit(self.recording)
        else:
            self._timer.start()


class LoadingIndicator(QWidget):
    """The status bar's "Loading name… [====    ] Stop" while a recording file is read."""

    stopRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.label = plain_label(wrap=False)
        self.bar = QProgressBar()
        self.bar.setRange(0, 1000)
        self.bar.setMaximumWidth(160)
        self.bar.setMaximumHeight(14)
        self.bar.setTextVisible(False)
        self.stop_button = QToolButton()
        self.stop_button.setAutoRaise(True)
        self.stop_button.clicked.connect(self.stopRequested)
        hbox(self.label, self.bar, self.stop_button, margins=False, parent=self)
        self._name = ""
        self._retranslate()
        on_language_change(self, self._retranslate)
        self.hide()

    def begin(self, name: str) -> None:
        self._name = name
        self.bar.setValue(0)
        self._retranslate()
        self.show()

    def set_fraction(self, fraction: float) -> None:
        self.bar.setValue(int(fraction * 1000))
        self.bar.setToolTip(self.tr("{percent}% of the file read").format(percent=int(fraction * 100)))

    def _retranslate(self) -> None:
        self.label.setText(self.tr("Loading {name}…").format(name=self._name))
        self.stop_button.setText(self.tr("Stop"))
        self.stop_button.setToolTip(
            self.tr("Stop loading: keep the entries read so far and leave the rest of the file")
        )
