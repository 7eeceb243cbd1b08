"""Replay bar: play an opened recording back, with the diagram and the timeline following.

Play/Pause, a speed (0.25x to 10x of the recorded time, or one message per second), a slider
over the entries with the messages marked by light ticks below the groove (one per pixel, its
height by how many messages that pixel's entries hold: drawn from
:meth:`~inspector.session.playback.Playback.density`, so a million entries cost one pass, not
a tick each) and the ones that broke a rule in red above it, and Next violation. The slider
moves entry by entry (so every message can be reached, however close in time); its tooltip and
the label beside it give the recorded time at the handle, and pointing at the slider tells the
entry and recorded time under the pointer. The
sans-IO :class:`~inspector.session.playback.Playback` says which entry is due; the bar tells the
window (``rowChanged``), which selects it in the timeline so every view follows. Its words are
:mod:`inspector.session.replay_words`.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QEvent, QPoint, QRect, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QHelpEvent, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import (
    QComboBox,
    QPushButton,
    QSlider,
    QStyle,
    QStyleOptionSlider,
    QToolTip,
    QWidget,
)

from inspector.session import slider_marks
from inspector.session.playback import NEXT_MESSAGE, SPEEDS, Playback
from inspector.session.recording import Recording
from inspector.session.replay_words import CONTEXT, WORDS, entry_text, position_text

from .form_rows import set_words, word_of
from .theme import mix, tone
from .widgets import hbox, on_language_change, plain_label, plain_tooltip

# each control's words: its text's and its tooltip's keys in session/replay_words.WORDS
CONTROLS = {
    "play_button": ("", "play_tip"),
    "speed": ("", "speed_tip"),
    "violation_button": ("violation", "violation_tip"),
}


_word = word_of(CONTEXT, WORDS)  # _word(key): WORDS[key] in the window's language


class MarkedSlider(QSlider):
    """A slider over the entries: a light tick below the groove where messages are (from a
    histogram of one bucket per pixel, ``density(buckets)``) and a red one above it for each
    entry that broke a rule. ``describe(row)`` is the tooltip text for an entry."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(Qt.Orientation.Horizontal, parent)
        self.marks: list[int] = []
        self.density: Callable[[int], list[int]] | None = None
        self.describe: Callable[[int], str] | None = None
        self.hint = ""  # said under the entry in the tooltip
        self.message_ticks = 0  # how many message ticks the last paint drew (tests read it)

    def groove(self) -> QRect:
        opt = QStyleOptionSlider()
        self.initStyleOption(opt)
        return self.style().subControlRect(
            QStyle.ComplexControl.CC_Slider, opt, QStyle.SubControl.SC_SliderGroove, self
        )

    def x_of(self, row: int) -> int:
        """The horizontal position of entry ``row`` on the groove (``row_at``'s inverse)."""
        groove = self.groove()
        return slider_marks.x_of(row, self.minimum(), self.maximum(), groove.left(), groove.width())

    def row_at(self, x: int) -> int:
        """The entry under the horizontal position ``x``."""
        groove = self.groove()
        return slider_marks.row_at(x, self.minimum(), self.maximum(), groove.left(), groove.width())

    def event(self, e: QEvent) -> bool:
        if isinstance(e, QHelpEvent) and e.type() == QEvent.Type.ToolTip and self.describe is not None:
            text = self.describe(self.row_at(e.pos().x()))
            QToolTip.showText(e.globalPos(), plain_tooltip(text + ("\n" + self.hint if self.hint else "")), self)
            return True
        return super().event(e)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt name)
        super().paintEvent(event)
        if self.maximum() <= self.minimum():
            return
        groove = self.groove()
        painter = QPainter(self)
        left, width = groove.left(), max(1, groove.width())
        counts = self.density(width) if self.density is not None else []
        if counts:  # all zero (no messages): no ticks, and none counted
            ticks = slider_marks.message_ticks(counts, left, width)
            pal = self.palette()
            painter.setPen(mix(pal.color(QPalette.ColorRole.WindowText), pal.color(QPalette.ColorRole.Window), 0.55))
            below = groove.bottom() + 1
            for x, h in ticks:
                painter.drawLine(x, below, x, below + h)
            self.message_ticks = len(ticks)
        painter.setPen(QColor(tone(self, "error")))
        for x in slider_marks.violation_ticks(self.marks, self.minimum(), self.maximum(), left, groove.width()):
            painter.drawLine(x, groove.top() - 3, x, groove.top() + 1)
        painter.end()


class ReplayBar(QWidget):
    rowChanged = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.playback: Playback | None = None
        self._syncing = False
        self.play_button = QPushButton()
        self.play_button.setCheckable(True)
        self.play_button.toggled.connect(self._play_toggled)
        self.speed = QComboBox()
        for s in SPEEDS:
            self.speed.addItem(f"{s:g}×", s)
        self.speed.addItem("", NEXT_MESSAGE)
        self.speed.setCurrentIndex(SPEEDS.index(1.0))
        self.speed.currentIndexChanged.connect(self._speed_changed)
        self.slider = MarkedSlider()
        self.slider.valueChanged.connect(self._slider_moved)
        self.slider.sliderMoved.connect(self._dragged)
        self.slider.describe = self._describe
        self.position_label = plain_label(wrap=False)
        self.violation_button = QPushButton()
        self.violation_button.clicked.connect(self.next_violation)
        parts = (self.play_button, self.speed, (self.slider, 1), self.position_label, self.violation_button)
        hbox(*parts, parent=self).setContentsMargins(4, 2, 4, 2)
        self._timer = QTimer(self)
        self._timer.timeout.connect(self._tick)
        self._retranslate()
        on_language_change(self, self._retranslate)
        self.hide()

    # ------------------------------------------------------------------ what it plays

    def set_recording(self, rec: Recording | None) -> None:
        """Play ``rec`` (an opened recording); None hides the bar."""
        self.play_button.setChecked(False)
        if rec is None or len(rec) == 0:
            self.playback = None
            self.slider.density = None
            self.hide()
            return
        self.playback = Playback(rec)
        self.playback.seek(len(rec) - 1)  # where the window shows an opened file: its end (Play starts over)
        self._syncing = True
        self.slider.setRange(0, len(rec) - 1)
        self.slider.setValue(len(rec) - 1)
        self.slider.marks = self.playback.marks()
        self.slider.density = self.playback.density
        self._syncing = False
        self.violation_button.setEnabled(bool(self.slider.marks))
        self._show_position()
        self.show()

    def show_row(self, row: int) -> None:
        """The window selected ``row``: the playback goes on from there."""
        if self.playback is None or row == self.playback.position:
            return
        self.playback.seek(row)
        self._sync_slider()

    # ------------------------------------------------------------------ controls

    def play(self) -> None:
        self.play_button.setChecked(True)

    def pause(self) -> None:
        self.play_button.setChecked(False)

    def _play_toggled(self, on: bool) -> None:
        pb = self.playback
        self.play_button.setText(_word("pause" if on else "play"))
        if pb is None:
            return
        if on:
            self._run(pb)
            self._emit(pb.position)
        else:
            pb.pause()
            self._timer.stop()

    def _speed_changed(self, _index: int) -> None:
        pb = self.playback
        if pb is None:
            return
        pb.speed = float(self.speed.currentData())
        if pb.playing:  # go on from here at the new speed
            self._run(pb)

    def _run(self, pb: Playback) -> None:
        """Play from the position now: the recorded time counts from here, at the speed set."""
        pb.play()
        self._timer.start(int(pb.interval * 1000))

    def _tick(self) -> None:
        pb = self.playback
        if pb is None or not pb.playing:
            self.pause()
            return
        before = pb.position
        row = pb.tick()
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
            self._emit(row)
        return row

    def _slider_moved(self, value: int) -> None:
        if self._syncing or self.playback is None:
            return
        self.playback.seek(value)
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

    def _describe(self, row: int) -> str:
        """Entry ``row`` and its recorded time, for a tooltip."""
        return entry_text(self.playback, row, QCoreApplication.translate)

    def _dragged(self, value: int) -> None:
        """While the handle is dragged, the recorded time at it shows beside it."""
        handle = QPoint(self.slider.x_of(value), 0)
        QToolTip.showText(self.slider.mapToGlobal(handle), plain_tooltip(self._describe(value)), self.slider)

    def _show_position(self) -> None:
        pb = self.playback
        if pb is None:
            self.position_label.setText("")
            self.slider.setToolTip("")
            return
        self.position_label.setText(position_text(pb, QCoreApplication.translate))
        self.slider.hint = _word("hint")
        self.slider.setToolTip(plain_tooltip(self._describe(pb.position) + "\n" + self.slider.hint))

    def _retranslate(self) -> None:
        self.play_button.setText(_word("pause" if self.play_button.isChecked() else "play"))
        self.speed.setItemText(len(SPEEDS), _word("next_message"))
        set_words(self, CONTEXT, WORDS, CONTROLS)
        self._show_position()


__all__ = ["ReplayBar", "MarkedSlider"]
