"""Replay bar: play an opened recording back, with the diagram and the timeline following.

Play/Pause, a speed (0.25x to 10x of the recorded time, or one message per second), a slider
over the entries with the ones that broke a rule marked in red, and Next violation. The
sans-IO :class:`~inspector.session.playback.Playback` says which entry is due; the bar tells the
window (``rowChanged``), which selects it in the timeline so every view follows.
"""

from __future__ import annotations

import time

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QPushButton, QSlider, QStyle, QStyleOptionSlider, QWidget

from inspector.session.playback import NEXT_MESSAGE, SPEEDS, Playback
from inspector.session.recording import Recording

from .theme import tone
from .widgets import plain_label

TICK_MS = 30  # how often a running playback looks for the entry due
MESSAGE_MS = 1000  # "next message": one message a second


class MarkedSlider(QSlider):
    """A slider over the entries with a red tick for each that broke a rule."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(Qt.Orientation.Horizontal, parent)
        self.marks: list[int] = []

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt name)
        super().paintEvent(event)
        if not self.marks or self.maximum() <= self.minimum():
            return
        opt = QStyleOptionSlider()
        self.initStyleOption(opt)
        groove = self.style().subControlRect(QStyle.ComplexControl.CC_Slider, opt, QStyle.SubControl.SC_SliderGroove, self)
        span = self.maximum() - self.minimum()
        painter = QPainter(self)
        painter.setPen(QColor(tone(self, "error")))
        last = -1
        for row in self.marks:
            x = groove.left() + round((row - self.minimum()) * (groove.width() - 1) / span)
            if x != last:  # many marks on one pixel are one tick
                painter.drawLine(x, groove.top() - 3, x, groove.top() + 1)
                last = x
        painter.end()


class ReplayBar(QWidget):
    rowChanged = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.playback: Playback | None = None
        self._started = 0.0
        self._syncing = False
        row = QHBoxLayout(self)
        row.setContentsMargins(4, 2, 4, 2)
        self.play_button = QPushButton()
        self.play_button.setCheckable(True)
        self.play_button.toggled.connect(self._play_toggled)
        row.addWidget(self.play_button)
        self.speed = QComboBox()
        for s in SPEEDS:
            self.speed.addItem(f"{s:g}×", s)
        self.speed.addItem("", NEXT_MESSAGE)
        self.speed.setCurrentIndex(SPEEDS.index(1.0))
        self.speed.currentIndexChanged.connect(self._speed_changed)
        row.addWidget(self.speed)
        self.slider = MarkedSlider()
        self.slider.valueChanged.connect(self._slider_moved)
        row.addWidget(self.slider, 1)
        self.position_label = plain_label(wrap=False)
        row.addWidget(self.position_label)
        self.violation_button = QPushButton()
        self.violation_button.clicked.connect(self.next_violation)
        row.addWidget(self.violation_button)
        self._timer = QTimer(self)
        self._timer.timeout.connect(self._tick)
        self._retranslate()
        self.hide()

    # ------------------------------------------------------------------ what it plays

    def set_recording(self, rec: Recording | None) -> None:
        """Play ``rec`` (an opened recording); None hides the bar."""
        self.play_button.setChecked(False)
        if rec is None or len(rec) == 0:
            self.playback = None
            self.hide()
            return
        self.playback = Playback(rec)
        self._syncing = True
        self.slider.setRange(0, len(rec) - 1)
        self.slider.setValue(0)
        self.slider.marks = self.playback.marks()
        self._syncing = False
        self.violation_button.setEnabled(bool(self.slider.marks))
        self._show_position()
        self.show()

    def show_row(self, row: int) -> None:
        """The window selected ``row``: the playback goes on from there."""
        if self.playback is None or row == self.playback.position:
            return
        self.playback.seek(row)
        self._started = time.monotonic()
        self._sync_slider()

    # ------------------------------------------------------------------ controls

    def play(self) -> None:
        self.play_button.setChecked(True)

    def pause(self) -> None:
        self.play_button.setChecked(False)

    def _play_toggled(self, on: bool) -> None:
        pb = self.playback
        self.play_button.setText(self.tr("Pause") if on else self.tr("Play"))
        if pb is None:
            return
        if on:
            pb.play()
            self._started = time.monotonic()
            self._emit(pb.position)
            self._timer.start(MESSAGE_MS if pb.speed == NEXT_MESSAGE else TICK_MS)
        else:
            pb.pause()
            self._timer.stop()

    def _speed_changed(self, _index: int) -> None:
        pb = self.playback
        if pb is None:
            return
        pb.speed = float(self.speed.currentData())
        if pb.playing:  # go on from here at the new speed
            pb.play()
            self._started = time.monotonic()
            self._timer.start(MESSAGE_MS if pb.speed == NEXT_MESSAGE else TICK_MS)

    def _tick(self) -> None:
        pb = self.playback
        if pb is None or not pb.playing:
            self.pause()
            return
        before = pb.position
        row = pb.step() if pb.speed == NEXT_MESSAGE else pb.due(time.monotonic() - self._started)
        if row != before:
            self._emit(row)
        if not pb.playing:
            self.pause()

    def next_violation(self) -> int | None:
        pb = self.playback
        if pb is None:
            return None
        row = pb.next_violation()
        if row is not None:
            self._started = time.monotonic()
            self._emit(row)
        return row

    def _slider_moved(self, value: int) -> None:
        if self._syncing or self.playback is None:
            return
        self.playback.seek(value)
        self._started = time.monotonic()
        self._emit(value)

    def _emit(self, row: int) -> None:
        self._sync_slider()
        self.rowChanged.emit(row)

    def _sync_slider(self) -> None:
        if self.playback is None:
            return
        self._syncing = True
        self.slider.setValue(self.playback.position)
        self._syncing = False
        self._show_position()

    def _show_position(self) -> None:
        pb = self.playback
        if pb is None:
            self.position_label.setText("")
            return
        self.position_label.setText(
            self.tr("entry {row} of {n} · {t:.3f} s").format(row=pb.position, n=len(pb) - 1, t=pb.rec.t_at(pb.position))
        )

    def _retranslate(self) -> None:
        self.play_button.setText(self.tr("Pause") if self.play_button.isChecked() else self.tr("Play"))
        self.play_button.setToolTip(self.tr("Play the recording back: the diagram and the timeline follow"))
        self.speed.setItemText(len(SPEEDS), self.tr("next message"))
        self.speed.setToolTip(self.tr("Speed against the recorded time, or one message a second"))
        self.violation_button.setText(self.tr("Next violation"))
        self.violation_button.setToolTip(self.tr("Jump to the next entry that broke a rule or the schema (red ticks on the slider)"))
        self._show_position()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange and hasattr(self, "violation_button"):
            self._retranslate()
        super().changeEvent(event)


__all__ = ["ReplayBar", "MarkedSlider"]
