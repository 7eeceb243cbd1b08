"""Sequence diagram of a session: the client's and the server's lifelines, one arrow per message,
and a third lifeline for the link: "Process" (stdio: the server's stderr lines and the process
events, spawned, exited, signals) or "HTTP" (the HTTP exchanges and the transport's HTTP notes).

It draws the rows the timeline shows (the same filter, the same order): a message is an arrow
between the lifelines labelled with its method and id (a response with the method it answers
and its latency), a request and its response are joined by a bracket on the client's side,
and what belongs to a request without answering it - its progress notifications, and the later
rounds of a call the server answered with an InputRequiredResult (entries marked ``round_of``) -
hangs from it on a dotted rail further out, tinted with it when one of the group is selected;
what broke a rule is red with a ⚠; link events, stderr lines and HTTP notes are notes on the
third lifeline, event names in the window's language (as the timeline says them). Only the
rows on screen are painted, so a million entries scroll like ten. Clicking a row selects it in
the timeline; selecting one there scrolls here. :class:`SideBySide` shows the view beside the
timeline with their scrolling tied (the same row at the top of both; both at the end together).
``export()`` writes a range of rows (all of them when they fit) as SVG or PNG and says which:
the file type by the extension, a PNG at 2× (or the scale asked for), without the selection's
band or tint, as wide as its longest label needs (a process note such as "spawned: /path/…" is
written whole, not cut as a narrow view cuts it); a file that cannot be written raises
``OSError`` with the reason.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from PySide6.QtCore import QCoreApplication, QPoint, QPointF, QRect, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetrics,
    QFontMetricsF,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPalette,
    QPen,
    QResizeEvent,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QAbstractScrollArea,
    QScrollBar,
    QSplitter,
    QTabWidget,
    QToolButton,
    QWidget,
)

from inspector.session.recording import Direction, Recording
from inspector.session.sequence_rows import (
    HEADER_ROWS,
    export_rows,
    export_span,
    export_title,
    export_width,
    lane_names,
    lane_positions,
    row_of,
    row_shapes,
)

from .theme import tone
from .widgets import on_language_change

#: Export limits, for a file a viewer can open: a PNG at most this many pixels tall, an SVG at
#: most this many rows (about 1 KB a row).
PNG_MAX_HEIGHT = 32000
EXPORT_SCALE = 2.0  # device pixels per pixel of an exported PNG
EXPORT_MIN_WIDTH = 720  # an export is at least this wide, wider when its labels need it
SVG_MAX_ROWS = 20000
#: The theme's colour of each tone a row takes (:class:`~inspector.session.sequence_rows.RowShape`;
#: the link's notes take the stderr lines' colour, as before format 3)
_THEME_TONES = {"c2s": "link", "s2c": "ok", "stderr": "stderr", "event": "event", "bad": "error", "muted": "muted"}


class SequenceView(QAbstractScrollArea):
    entryClicked = Signal(int)  # recording seq

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("sequenceView")
        self._rec: Recording | None = None
        self._rows_of: Callable[[], Sequence[int]] | None = None  # the timeline's rows (seqs), read when drawn
        self._selected: int | None = None
        self.viewport().setBackgroundRole(QPalette.ColorRole.Base)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)

    # ------------------------------------------------------------------ what it shows

    def set_source(self, recording: Recording | None, rows: Callable[[], Sequence[int]]) -> None:
        """Show the entries ``rows()`` names (recording seqs: the timeline's filtered list, read
        afresh at each paint, never copied) of ``recording``."""
        self._rec = recording
        self._rows_of = rows
        self.refresh()

    @property
    def _rows(self) -> Sequence[int] | None:
        return self._rows_of() if self._rows_of is not None and self._rec is not None else None

    def refresh(self) -> None:
        """New rows arrived (or the filter changed): the scroll range follows, the view repaints."""
        n = len(self._rows) if self._rows is not None else 0
        page = max(1, self.viewport().height() // self.row_height() - 1)
        self.verticalScrollBar().setRange(0, max(0, n - page))
        self.verticalScrollBar().setPageStep(page)
        self.viewport().update()

    def row_height(self) -> int:
        return int(self.fontMetrics().height() * 1.7)

    def show_seq(self, seq: int) -> None:
        """Select entry ``seq`` and scroll it into view (no signal: the timeline chose it)."""
        self._selected = seq
        row = self.row_of(seq)
        if row >= 0:
            bar = self.verticalScrollBar()
            if not (bar.value() <= row < bar.value() + bar.pageStep()):
                bar.setValue(max(0, row - bar.pageStep() // 2))
        self.viewport().update()

    def selected_seq(self) -> int | None:
        return self._selected

    def row_of(self, seq: int) -> int:
        """The view's row of entry ``seq`` (-1 when it has none: not shown, or no recording yet)."""
        rows = self._rows
        return -1 if rows is None else row_of(rows, seq)

    def seq_at(self, y: int) -> int | None:
        """The entry drawn at viewport height ``y``."""
        rh = self.row_height()
        top = int(rh * HEADER_ROWS)
        if y < top or self._rows is None:
            return None
        row = self.verticalScrollBar().value() + (y - top) // rh
        return self._rows[row] if 0 <= row < len(self._rows) else None

    # ------------------------------------------------------------------ input

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt name)
        seq = self.seq_at(int(event.position().y()))
        if seq is not None:
            self._selected = seq
            self.viewport().update()
            self.entryClicked.emit(seq)
        super().mousePressEvent(event)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt name)
        super().resizeEvent(event)
        self.refresh()

    def sizeHint(self) -> QSize:
        return QSize(560, 400)

    # ------------------------------------------------------------------ painting

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt name)
        painter = QPainter(self.viewport())
        try:
            first = self.verticalScrollBar().value()
            self.draw(painter, self.viewport().rect(), first, first + self.verticalScrollBar().pageStep() + 2)
        finally:
            painter.end()

    def draw(self, p: QPainter, area: QRect, first: int, end: int, selection: bool = True) -> None:
        """Paint rows ``first`` .. ``end - 1`` into ``area`` (the screen, or an export);
        ``selection``: the selected row's band and its group's tint (not in an export)."""
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        rh = self.row_height()
        fm = QFontMetrics(self.font())
        w = area.width()
        x_client, x_server, x_side = self.lanes(area)
        gutter = x_client - 14 - area.left()
        top = area.top() + int(rh * HEADER_ROWS)
        text = QColor(self.palette().color(QPalette.ColorRole.Text))
        tones = {name: QColor(tone(self, key)) for name, key in _THEME_TONES.items()}
        muted, bad = tones["muted"], tones["bad"]
        # header and lifelines
        bold = QFont(self.font())
        bold.setBold(True)
        p.setFont(bold)
        p.setPen(text)
        bold_fm = QFontMetrics(bold)
        client, server, side = lane_names(self._rec, QCoreApplication.translate)
        for x, label, room in (
            (x_client, client, 160),
            (x_server, server, min(x_server - x_client, x_side - x_server)),
            (x_side, side, x_side - x_server),
        ):
            half = max(8, min(80, room // 2 - 2))  # a name never runs into its neighbour's
            p.drawText(
                QRect(x - half, area.top(), 2 * half, top - area.top()),
                Qt.AlignmentFlag.AlignCenter,
                bold_fm.elidedText(label, Qt.TextElideMode.ElideRight, 2 * half),
            )
        p.setFont(self.font())
        p.setPen(QPen(muted, 1, Qt.PenStyle.DashLine))
        for x in (x_client, x_server):
            p.drawLine(x, top, x, area.bottom())
        p.setPen(QPen(muted, 1, Qt.PenStyle.DotLine))  # the link's lifeline: drawn lighter than the peers'
        p.drawLine(x_side, top, x_side, area.bottom())
        rec, rows = self._rec, self._rows
        if rec is None or rows is None:
            return
        highlight = self.palette().color(QPalette.ColorRole.Highlight)
        group_tint = QColor(highlight)
        group_tint.setAlpha(40)
        bands = {"selected": highlight.lighter(170), "group": group_tint}
        selected = self._selected if selection else None
        for shape in row_shapes(rec, rows, first, end, selected, QCoreApplication.translate):
            y = top + (shape.row - first) * rh
            mid = y + rh * 0.62
            if shape.band is not None:
                p.fillRect(QRect(area.left(), y, w, rh), bands[shape.band])
            if shape.rail_from >= 0:  # a progress notification or a later round: hung from its request
                y0 = max(top, top + (shape.rail_from - first) * rh + rh * 0.62)
                rail = x_client - 20
                p.setPen(QPen(muted, 1.2, Qt.PenStyle.DotLine))
                p.drawLine(QPointF(rail, y0), QPointF(rail, mid))
                p.drawLine(QPointF(rail, mid), QPointF(x_client - 12, mid))
                if shape.rail_from >= first:
                    p.drawLine(QPointF(rail, y0), QPointF(x_client - 12, y0))
            colour = tones[shape.tone]
            if shape.arrow:
                a, b = (x_client, x_server) if rec.direction_at(shape.seq) is Direction.C2S else (x_server, x_client)
                p.setPen(QPen(colour, 1.6))
                p.drawLine(QPointF(a, mid), QPointF(b, mid))
                head = 7 if b > a else -7
                path = QPainterPath(QPointF(b, mid))
                path.lineTo(b - head, mid - 4)
                path.lineTo(b - head, mid + 4)
                path.closeSubpath()
                p.fillPath(path, colour)
                p.setPen(bad if shape.tone == "bad" else text)
                p.drawText(
                    QRect(min(a, b) + 6, y, abs(b - a) - 12, int(rh * 0.58)),
                    Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom,
                    fm.elidedText(shape.label, Qt.TextElideMode.ElideRight, abs(b - a) - 12),
                )
                if shape.latency is not None:
                    p.setPen(muted)
                    p.drawText(
                        QRect(x_server + 8, y, max(0, x_side - x_server - 12), rh),
                        Qt.AlignmentFlag.AlignVCenter,
                        shape.latency,
                    )
                if shape.bracket_from >= 0:  # the bracket from the request's arrow to this answer's
                    y0 = max(top, top + (shape.bracket_from - first) * rh + rh * 0.62)
                    p.setPen(QPen(muted, 1))
                    bx = x_client - 10
                    p.drawLine(QPointF(bx, y0), QPointF(bx, mid))
                    p.drawLine(QPointF(bx, mid), QPointF(x_client - 2, mid))
            else:  # a note on the link's lifeline: a dot on it, the text beside it
                p.setPen(colour)
                room = area.right() - x_side - 8
                if room >= 160:
                    p.drawText(
                        QRect(x_side + 8, y, room, rh),
                        Qt.AlignmentFlag.AlignVCenter,
                        fm.elidedText(shape.label, Qt.TextElideMode.ElideRight, room),
                    )
                else:  # a narrow view: the row has no arrow, the note ends at the dot instead
                    room = x_side - 8 - (x_client + 4)
                    p.drawText(
                        QRect(x_client + 4, y, room, rh),
                        Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight,
                        fm.elidedText(shape.label, Qt.TextElideMode.ElideRight, room),
                    )
                p.setBrush(colour)
                p.drawEllipse(QPointF(x_side, mid - 2), 3, 3)
                p.setBrush(Qt.BrushStyle.NoBrush)
            p.setPen(muted)
            stamp = f"#{shape.seq}  {rec.t_at(shape.seq):.3f}"
            if fm.horizontalAdvance(stamp) > gutter - 10:  # a narrow view: the entry number alone
                stamp = f"#{shape.seq}"
            p.drawText(
                QRect(area.left() + 2, y, gutter - 10, rh),
                Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight,
                stamp,
            )

    def lanes(self, area: QRect | None = None) -> tuple[int, int, int]:
        """The x of the client's, the server's and the link's lifelines on screen, or in ``area``
        (an export's page): the left gutter holds the entry number and time, the column right of
        the link's lifeline its notes."""
        area = self.viewport().rect() if area is None else area
        fm = QFontMetrics(self.font())
        stamp, latency = fm.horizontalAdvance("#000000  0000.000"), fm.horizontalAdvance("000.00 ms")
        return lane_positions(area.left(), area.right(), stamp, latency)

    # ------------------------------------------------------------------ export

    def export_limit(self, path: str, scale: float = EXPORT_SCALE) -> int:
        """How many rows one file of ``path``'s kind holds (PNG by height at ``scale``, SVG by size)."""
        svg = path.lower().endswith(".svg")
        return export_rows(svg, self.row_height(), scale, svg_rows=SVG_MAX_ROWS, png_height=PNG_MAX_HEIGHT)

    def export_span(self, path: str, scale: float = EXPORT_SCALE) -> tuple[int, int, int]:
        """The rows an export to ``path`` writes, ``(first, end, total)``: every row of the
        current filter when they fit in one file; else as many as fit, from the selected row
        (or from the first row when none is selected)."""
        total = len(self._rows) if self._rows is not None else 0
        row = self.row_of(self._selected) if self._selected is not None else -1
        return export_span(total, self.export_limit(path, scale), row)

    def export_width(self, first: int, end: int) -> int:
        """The width of an export of rows ``first`` .. ``end - 1``: the view's (at least
        :data:`EXPORT_MIN_WIDTH`), widened until every label of those rows fits its place whole
        (:func:`~inspector.session.sequence_rows.export_width`)."""
        rec, rows = self._rec, self._rows
        width = max(EXPORT_MIN_WIDTH, self.viewport().width())
        if rec is None or rows is None:
            return width
        fm = QFontMetricsF(self.font())  # fractional: the elision draw() does measures so

        def measure(text: str) -> int:
            return math.ceil(fm.horizontalAdvance(text))

        def lanes(w: int) -> tuple[int, int, int]:  # as draw() gives each its room
            return self.lanes(QRect(0, 0, w, 1))

        return export_width(rec, rows, first, end, width, measure, lanes, QCoreApplication.translate)

    def export(
        self, path: str, first: int | None = None, end: int | None = None, scale: float = EXPORT_SCALE
    ) -> tuple[int, int, int]:
        """Write rows ``first`` .. ``end - 1`` of the current filter (by default
        :meth:`export_span`'s, every row when they fit) as SVG (``.svg``) or PNG (``.png``, at
        ``scale`` device pixels a pixel), at most :meth:`export_limit` of them, without the
        selection's band (:func:`~.picture.write_picture`). Returns ``(first, end, total)`` of
        what was written, the SVG's title says the same; raises ``OSError`` saying why when the
        file could not be written."""
        from .picture import write_picture

        total = len(self._rows) if self._rows is not None else 0
        if first is None:
            first, end, total = self.export_span(path, scale)
        first = max(0, min(first, total))
        end = total if end is None else max(first, min(end, total))
        end = min(end, first + self.export_limit(path, scale))
        rh = self.row_height()
        size = QSize(self.export_width(first, end), int(rh * HEADER_ROWS) + (end - first) * rh + rh)

        def paint(painter: QPainter) -> None:
            painter.setFont(self.font())
            self.draw(painter, QRect(QPoint(0, 0), size), first, end, selection=False)

        title = export_title(first, end, total, QCoreApplication.translate)
        base = self.palette().color(QPalette.ColorRole.Base)
        write_picture(path, size, paint, title=title, scale=scale, background=base)
        return first, end, total


__all__ = ["SequenceView", "SideBySide"]


class SideBySide(QToolButton):
    """The "Side by side" toggle: the sequence view beside the timeline, in a splitter on the
    timeline's tab, instead of on a tab of its own.

    ``page`` is the timeline's tab page (the splitter). Side by side, the two scroll together:
    the row at the top of one is the row at the top of the other (both list the same rows, the
    timeline's current filter), and when one is scrolled to its end the other is too, so both
    follow a live session. Selection is tied by the window, as it is when they are tabs.
    """

    def __init__(
        self,
        tabs: QTabWidget,
        timeline: QWidget,
        table: QAbstractItemView,
        sequence: SequenceView,
        title: Callable[[], str],
    ) -> None:
        super().__init__()
        self.setObjectName("sideBySide")
        self.setCheckable(True)
        self.setAutoRaise(True)
        self._tabs, self._table, self._sequence, self._title = tabs, table, sequence, title
        self._busy = False
        self.page = QSplitter(Qt.Orientation.Horizontal)
        self.page.setChildrenCollapsible(False)
        self.page.addWidget(timeline)
        tbar, sbar = table.verticalScrollBar(), sequence.verticalScrollBar()
        tbar.valueChanged.connect(lambda _v: self._follow(tbar, sbar))
        sbar.valueChanged.connect(lambda _v: self._follow(sbar, tbar))
        tbar.rangeChanged.connect(lambda _a, _b: self._follow(tbar, sbar))  # new rows: the end stays the end
        sbar.rangeChanged.connect(lambda _a, _b: self._follow(tbar, sbar))
        self.toggled.connect(self.set_side_by_side)
        self._retranslate()
        on_language_change(self, self._retranslate)

    def is_side_by_side(self) -> bool:
        return self._sequence.parent() is self.page

    def set_side_by_side(self, on: bool) -> None:
        if self.isChecked() != on:
            self.setChecked(on)  # toggled() comes back here
            return
        if on == self.is_side_by_side():
            return
        tabs, seq = self._tabs, self._sequence
        if on:
            i = tabs.indexOf(seq)
            if i >= 0:
                tabs.removeTab(i)
            self.page.addWidget(seq)
            seq.show()
            width = max(2, sum(self.page.sizes()))
            self.page.setSizes([width * 11 // 20, width - width * 11 // 20])
            tabs.setCurrentWidget(self.page)
            seq.refresh()
            self._follow(self._table.verticalScrollBar(), seq.verticalScrollBar())
        else:
            tabs.insertTab(tabs.indexOf(self.page) + 1, seq, self._title())

    def _follow(self, src: QScrollBar, dst: QScrollBar) -> None:
        """``dst`` to where ``src`` is: the same top row, or its end when ``src`` is at its end."""
        if self._busy or not self.is_side_by_side():
            return
        self._busy = True
        try:
            dst.setValue(dst.maximum() if src.value() >= src.maximum() else src.value())
        finally:
            self._busy = False

    def _retranslate(self) -> None:
        self.setText(self.tr("Side by side"))
        self.setToolTip(self.tr("Show the sequence diagram beside the timeline, scrolling with it"))
