"""Scrolling text that shows whole lines: a scroll area whose height the layout chose (the step
bar's explanation and message at 1280×720, presenter mode's lesson notes) would otherwise cut
its last visible line in half at the frame's edge. :class:`WholeLines` keeps the area's
viewport a whole number of lines high, measured when it is scrolled to the top: the rest of the
height (less than a line) is left empty under the viewport, and the scroll bar still spans the
whole area (:func:`~inspector.session.line_fit.spare_height` says how much to leave)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QAbstractScrollArea, QLabel, QPlainTextEdit, QScrollArea

from inspector.session.line_fit import Runs, spare_height


def label_runs(*labels: QLabel) -> Callable[[], Runs]:
    """The lines of word-wrapped plain-text labels in a scroll area's widget (shown ones only)."""

    def runs() -> Runs:
        for label in labels:
            if label.isHidden() or not label.text():
                continue
            margins = label.contentsMargins()
            step = label.fontMetrics().lineSpacing()
            inner = label.height() - margins.top() - margins.bottom() - 2 * label.margin()
            yield label.y() + margins.top() + label.margin(), step, max(1, round(inner / step))

    return runs


def plain_text_runs(edit: QPlainTextEdit) -> Callable[[], Runs]:
    """The lines of a plain-text editor in one font: the first below the document's margin."""

    def runs() -> Runs:
        step = edit.fontMetrics().lineSpacing()
        yield edit.document().documentMargin(), step, edit.viewport().height() // max(1, step) + 2

    return runs


class WholeLines(QObject):
    """Keeps ``area``'s viewport ending at a line's bottom (``runs`` says where the lines are)
    whenever the area, its font, its widget's layout or the ``watch``ed widgets (the labels
    whose lines ``runs`` reads) change."""

    WATCHED = (
        QEvent.Type.Resize,
        QEvent.Type.Move,
        QEvent.Type.FontChange,
        QEvent.Type.Show,
        QEvent.Type.Hide,
        QEvent.Type.LayoutRequest,
    )

    def __init__(self, area: QAbstractScrollArea, runs: Callable[[], Runs], watch: Iterable[QObject] = ()) -> None:
        super().__init__(area)
        self.area = area
        self.runs = runs
        self.spare = 0  # the height left under the viewport now
        self._busy = False
        area.installEventFilter(self)
        inner = area.widget() if isinstance(area, QScrollArea) else None
        if inner is not None:
            inner.installEventFilter(self)
        for widget in watch:
            widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if event.type() in self.WATCHED:
            self.snap()
        return False

    def snap(self) -> None:
        if self._busy:
            return
        self._busy = True
        try:
            # the area's own height (at its Resize the viewport has not followed yet)
            hbar = self.area.horizontalScrollBar()
            room = self.area.contentsRect().height() - (hbar.height() if hbar.isVisible() else 0)
            spare = spare_height(self.runs(), room)
            if spare != self.spare:
                self.spare = spare
                self.area.setViewportMargins(0, 0, 0, spare)
        finally:
            self._busy = False
