"""Sequence diagram of a session: the client's and the server's lifelines, one arrow per message.

It draws the rows the timeline shows (the same filter, the same order): a message is an arrow
between the lifelines labelled with its method and id (a response with the method it answers
and its latency), a request and its response are joined by a bracket on the client's side,
and what belongs to a request without answering it - its progress notifications, and the later
rounds of a call the server answered with an InputRequiredResult (entries marked ``round_of``) -
hangs from it on a dotted rail further out, tinted with it when one of the group is selected;
what broke a rule is red with a ⚠; link events, stderr and HTTP notes are notes beside the
server's lifeline. Only the rows on screen are painted, so a million entries scroll like ten.
Clicking a row selects it in the timeline; selecting one there scrolls here. ``export()`` writes
SVG or PNG.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Sequence

from PySide6.QtCore import QPoint, QPointF, QRect, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPainterPath, QPalette, QPen
from PySide6.QtWidgets import QAbstractScrollArea, QWidget

from inspector.protocol.messages import Kind
from inspector.session.recording import Direction, Recording

from .text import format_duration
from .theme import tone

HEADER_ROWS = 1.6  # the header's height, in rows
MAX_LABEL = 60  # characters of a note or label before it is cut


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
        row = self._row_of(seq)
        if row >= 0:
            bar = self.verticalScrollBar()
            if not (bar.value() <= row < bar.value() + bar.pageStep()):
                bar.setValue(max(0, row - bar.pageStep() // 2))
        self.viewport().update()

    def selected_seq(self) -> int | None:
        return self._selected

    def _row_of(self, seq: int) -> int:
        rows = self._rows
        if rows is None:
            return -1
        k = bisect.bisect_left(rows, seq)
        return k if k < len(rows) and rows[k] == seq else -1

    def seq_at(self, y: int) -> int | None:
        """The entry drawn at viewport height ``y``."""
        rh = self.row_height()
        top = int(rh * HEADER_ROWS)
        if y < top or self._rows is None:
            return None
        row = self.verticalScrollBar().value() + (y - top) // rh
        return self._rows[row] if 0 <= row < len(self._rows) else None

    # ------------------------------------------------------------------ input

    def mousePressEvent(self, event) -> None:  # noqa: N802 (Qt name)
        seq = self.seq_at(int(event.position().y()))
        if seq is not None:
            self._selected = seq
            self.viewport().update()
            self.entryClicked.emit(seq)
        super().mousePressEvent(event)

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt name)
        super().resizeEvent(event)
        self.refresh()

    def sizeHint(self) -> QSize:
        return QSize(560, 400)

    # ------------------------------------------------------------------ painting

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt name)
        painter = QPainter(self.viewport())
        try:
            first = self.verticalScrollBar().value()
            self.draw(painter, self.viewport().rect(), first, first + self.verticalScrollBar().pageStep() + 2)
        finally:
            painter.end()

    def draw(self, p: QPainter, area: QRect, first: int, end: int) -> None:
        """Paint rows ``first`` .. ``end - 1`` into ``area`` (the screen, or an export)."""
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        rh = self.row_height()
        fm = QFontMetrics(self.font())
        w = area.width()
        gutter = min(fm.horizontalAdvance("#000000  0000.000") + 16, int(w * 0.22))  # entry number and time, and the group rail
        x_client = area.left() + gutter + 14
        x_server = min(area.right() - 12, x_client + max(60, int((w - gutter - 14) * 0.6)))
        top = area.top() + int(rh * HEADER_ROWS)
        text = QColor(self.palette().color(QPalette.ColorRole.Text))
        muted, bad = QColor(tone(self, "muted")), QColor(tone(self, "error"))
        colours = {Direction.C2S: QColor(tone(self, "link")), Direction.S2C: QColor(tone(self, "ok"))}
        side = {Direction.STDERR: QColor(tone(self, "stderr")), Direction.EVENT: QColor(tone(self, "event"))}
        # header and lifelines
        bold = QFont(self.font())
        bold.setBold(True)
        p.setFont(bold)
        p.setPen(text)
        for x, label in ((x_client, self.tr("Client")), (x_server, self.tr("Server"))):
            p.drawText(QRect(x - 80, area.top(), 160, top - area.top()), Qt.AlignmentFlag.AlignCenter, label)
        p.setFont(self.font())
        p.setPen(QPen(muted, 1, Qt.PenStyle.DashLine))
        p.drawLine(x_client, top, x_client, area.bottom())
        p.drawLine(x_server, top, x_server, area.bottom())
        rec, rows = self._rec, self._rows
        if rec is None or rows is None:
            return
        end = min(end, len(rows))
        highlight = self.palette().color(QPalette.ColorRole.Highlight)
        group_tint = QColor(highlight)
        group_tint.setAlpha(40)
        selected_group = self.group_of(self._selected) if self._selected is not None else None
        if selected_group is None and self._selected is not None:
            selected_group = self._selected  # a request: its members are tinted with it
        for row in range(first, end):
            seq = rows[row]
            y = top + (row - first) * rh
            group = self.group_of(seq)
            if seq == self._selected:
                p.fillRect(QRect(area.left(), y, w, rh), highlight.lighter(170))
            elif selected_group is not None and (group == selected_group or seq == selected_group):
                p.fillRect(QRect(area.left(), y, w, rh), group_tint)
            if group is not None:  # a progress notification or a later round: hung from its request
                start = self._row_of(group)
                if start >= 0 and start < row:
                    y0 = max(top, top + (start - first) * rh + rh * 0.62)
                    rail = x_client - 20
                    pen = QPen(muted, 1.2, Qt.PenStyle.DotLine)
                    p.setPen(pen)
                    p.drawLine(QPointF(rail, y0), QPointF(rail, y + rh * 0.62))
                    p.drawLine(QPointF(rail, y + rh * 0.62), QPointF(x_client - 12, y + rh * 0.62))
                    if start >= first:
                        p.drawLine(QPointF(rail, y0), QPointF(x_client - 12, y0))
            d = rec.direction_at(seq)
            flagged = bool(rec.violations_at(seq)) or rec.schema_at(seq) is False
            mid = y + rh * 0.62
            if d in colours:
                colour = bad if flagged else colours[d]
                a, b = (x_client, x_server) if d is Direction.C2S else (x_server, x_client)
                p.setPen(QPen(colour, 1.6))
                p.drawLine(QPointF(a, mid), QPointF(b, mid))
                head = 7 if b > a else -7
                path = QPainterPath(QPointF(b, mid))
                path.lineTo(b - head, mid - 4)
                path.lineTo(b - head, mid + 4)
                path.closeSubpath()
                p.fillPath(path, colour)
                label = self._label(rec, seq)
                p.setPen(bad if flagged else text)
                p.drawText(QRect(min(a, b) + 6, y, abs(b - a) - 12, int(rh * 0.58)), Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom, fm.elidedText(label, Qt.TextElideMode.ElideRight, abs(b - a) - 12))
                lat = rec.latency_at(seq)
                if lat is not None:
                    p.setPen(muted)
                    p.drawText(QRect(x_server + 8, y, area.right() - x_server - 8, rh), Qt.AlignmentFlag.AlignVCenter, format_duration(lat))
                paired = rec.paired_at(seq)
                if paired is not None and rec.kind_at(seq) in (Kind.RESULT, Kind.ERROR):
                    start = self._row_of(paired)
                    if start >= 0:  # the bracket from the request's arrow to this answer's
                        y0 = max(top, top + (start - first) * rh + rh * 0.62)
                        p.setPen(QPen(muted, 1))
                        bx = x_client - 10
                        p.drawLine(QPointF(bx, y0), QPointF(bx, mid))
                        p.drawLine(QPointF(bx, mid), QPointF(x_client - 2, mid))
            else:
                colour = bad if flagged else side.get(d, muted)
                p.setPen(colour)
                note = self._label(rec, seq)
                p.drawText(QRect(x_server + 8, y, area.right() - x_server - 8, rh), Qt.AlignmentFlag.AlignVCenter, fm.elidedText(note, Qt.TextElideMode.ElideRight, area.right() - x_server - 8))
                p.drawEllipse(QPointF(x_server, mid - 2), 3, 3)
            p.setPen(muted)
            stamp = f"#{seq}  {rec.t_at(seq):.3f}"
            if fm.horizontalAdvance(stamp) > gutter - 10:  # a narrow view: the entry number alone
                stamp = f"#{seq}"
            p.drawText(QRect(area.left() + 2, y, gutter - 10, rh), Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight, stamp)

    def group_of(self, seq: int) -> int | None:
        """The request entry ``seq`` belongs to without answering it: a progress notification's
        request, or the first request of a call whose later round ``seq`` is (None: neither)."""
        rec = self._rec
        if rec is None or not (0 <= seq < len(rec)):
            return None
        kind = rec.kind_at(seq)
        if kind is Kind.NOTIFICATION and rec.method_at(seq) == "notifications/progress":
            return rec.paired_at(seq)
        if kind is Kind.REQUEST and rec.direction_at(seq) is Direction.C2S:
            first = rec.extra_at(seq).get("round_of")
            return first if type(first) is int and 0 <= first < seq else None
        return None

    def _label(self, rec: Recording, seq: int) -> str:
        d = rec.direction_at(seq)
        kind = rec.kind_at(seq)
        extra = rec.extra_at(seq)
        if d in (Direction.STDERR, Direction.EVENT):
            name = extra.get("event") or ("HTTP" if extra.get("channel") in ("http", "http-body") else "stderr")
            raw = rec.raw_at(seq)[:MAX_LABEL * 2].decode("utf-8", "replace").strip()
            return f"{name}: {raw[:MAX_LABEL]}"
        method = rec.method_at(seq) or ""
        id_ = rec.id_at(seq)
        ident = f" #{id_}" if id_ is not None else ""
        mark = " ⚠" if rec.violations_at(seq) or rec.schema_at(seq) is False else ""
        hand = " ✎" if extra.get("hand_written") else ""
        if kind is Kind.RESULT:
            return f"{method}{ident} ✓{mark}{hand}"
        if kind is Kind.ERROR:
            return f"{method}{ident} ✗ error{mark}{hand}"
        if kind in (Kind.NOISE, Kind.INVALID, Kind.BATCH):
            return f"({kind.label}){mark}{hand}"
        group = self.group_of(seq)
        if group is not None and kind is Kind.REQUEST:
            return f"↻ {method}{ident} " + self.tr("(round of entry {seq})").format(seq=group) + f"{mark}{hand}"
        if group is not None:
            return f"↳ {method}{ident}{mark}{hand}"
        return f"{method}{ident}{mark}{hand}"

    # ------------------------------------------------------------------ export

    def export(self, path: str, limit: int = 5000) -> bool:
        """Write the diagram of the rows shown (at most ``limit`` from the top row on screen, all
        of them when they fit) as SVG (``.svg``) or PNG."""
        rows = self._rows
        n = len(rows) if rows is not None else 0
        first = 0 if n <= limit else self.verticalScrollBar().value()
        end = min(n, first + limit)
        rh = self.row_height()
        size = QSize(max(720, self.viewport().width()), int(rh * HEADER_ROWS) + (end - first) * rh + rh)
        if path.lower().endswith(".svg"):
            from PySide6.QtSvg import QSvgGenerator

            target = QSvgGenerator()
            target.setFileName(path)
            target.setSize(size)
            target.setViewBox(QRect(QPoint(0, 0), size))
            target.setTitle(self.tr("Sequence diagram"))
        else:
            from PySide6.QtGui import QImage

            target = QImage(size, QImage.Format.Format_ARGB32)
            target.fill(self.palette().color(QPalette.ColorRole.Base))
        painter = QPainter(target)
        painter.setFont(self.font())
        try:
            if path.lower().endswith(".svg"):
                painter.fillRect(QRectF(0, 0, size.width(), size.height()), self.palette().color(QPalette.ColorRole.Base))
            self.draw(painter, QRect(QPoint(0, 0), size), first, end)
        finally:
            painter.end()
        return True if path.lower().endswith(".svg") else target.save(path)


__all__ = ["SequenceView"]
