"""Painting a diagram layout: the type it is measured in, its plain shapes as the painter's, the
colours from the palette, and the picture at rest.

The layout (:mod:`inspector.session.diagram_geometry`) is plain numbers; it measures its labels
with :func:`text_size` (the font metrics of the widget's type family), and the shapes it gives
become Qt's here (:func:`qrect`, :func:`qpath`, :func:`qpolygon`, :func:`qtransform`).
The widget (:mod:`inspector.ui.diagram`) paints a :class:`~inspector.session.diagram_geometry.Geometry` with these:
the static picture (lines, arrow heads, label blocks, states, legend) once into a cached pixmap
and whole into an export, and a label block or a state again over it when highlighted. The
colours come from the widget's palette (base, text, highlight); the only colour not in a
palette, the error red, is chosen from the base colour's lightness. Failure edges are dashed,
so colour is never the only cue.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPalette, QPen, QPolygonF, QTransform

from inspector.protocol.lifecycle import State
from inspector.session.diagram_geometry import Block, Geometry, TextSize
from inspector.session.diagram_shapes import Path, Pt, Rect, View, arrow

from .theme import colour, is_dark, mix

_ALIGN = {
    "center": Qt.AlignmentFlag.AlignHCenter,
    "left": Qt.AlignmentFlag.AlignLeft,
    "right": Qt.AlignmentFlag.AlignRight,
}


@functools.cache
def font(family: str, px: int, bold: bool) -> QFont:
    """The diagram's type: ``family`` at ``px`` pixels (shared: copy it before changing it)."""
    f = QFont(family)
    f.setPixelSize(px)
    f.setBold(bold)
    return f


@functools.cache
def text_size(family: str) -> TextSize:
    """The layout's measure of a text in ``family`` (:data:`~inspector.session.diagram_geometry.TextSize`)."""
    metrics: dict[tuple[int, bool], QFontMetricsF] = {}

    def size(text: str, px: int, bold: bool) -> tuple[float, float]:
        fm = metrics.get((px, bold))
        if fm is None:
            fm = metrics[(px, bold)] = QFontMetricsF(font(family, px, bold))
        return fm.horizontalAdvance(text), fm.height()

    return size


def qrect(r: Rect) -> QRectF:
    return QRectF(r.x, r.y, r.w, r.h)


def plain_rect(r: QRectF) -> Rect:
    return Rect(r.x(), r.y(), r.width(), r.height())


def qpolygon(points: list[Pt]) -> QPolygonF:
    return QPolygonF([QPointF(x, y) for x, y in points])


def qpath(path: Path) -> QPainterPath:
    """A layout's path as the painter's (its corners are already cubics)."""
    out = QPainterPath(QPointF(*path.start))
    for seg in path.segments:
        if len(seg) == 1:
            out.lineTo(QPointF(*seg[0]))
        else:
            c1, c2, end = seg
            out.cubicTo(QPointF(*c1), QPointF(*c2), QPointF(*end))
    return out


def qtransform(v: View) -> QTransform:
    return QTransform(v.s, 0.0, 0.0, v.s, v.dx, v.dy)


@dataclass(frozen=True)
class Colours:
    """The diagram's colours, from the widget's palette (see :func:`palette_colours`)."""

    base: QColor
    text: QColor
    muted: QColor
    node: QColor
    border: QColor
    edge: QColor
    accent: QColor
    accent_text: QColor
    error: QColor
    focus: QColor
    label_bg: QColor


def palette_colours(pal: QPalette) -> Colours:
    """Base, text and highlight from ``pal``; the shades between them mixed; the error red chosen
    from the base colour's lightness (the one colour a palette has no role for)."""
    base = pal.color(QPalette.ColorGroup.Active, QPalette.ColorRole.Base)
    text = pal.color(QPalette.ColorGroup.Active, QPalette.ColorRole.Text)
    accent = pal.color(QPalette.ColorGroup.Active, QPalette.ColorRole.Highlight)
    accent_text = pal.color(QPalette.ColorGroup.Active, QPalette.ColorRole.HighlightedText)
    dark = is_dark(pal)
    error = colour("error", dark)
    return Colours(
        base=base,
        text=text,
        muted=mix(text, base, 0.35),
        node=mix(base, text, 0.07 if dark else 0.045),
        border=mix(text, base, 0.45),
        edge=mix(text, base, 0.3),
        accent=accent,
        accent_text=accent_text,
        error=error,
        focus=mix(accent, text, 0.25) if dark else accent.darker(125),
        label_bg=base,
    )


def paint_frame(p: QPainter, rect: QRectF, c: Colours) -> None:
    """A hairline frame round ``rect`` (in device coordinates), over whatever is drawn."""
    p.save()
    p.resetTransform()
    p.setClipping(False)
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.setPen(QPen(mix(c.base, c.text, 0.18), 1))
    p.drawRect(QRectF(rect).adjusted(0.5, 0.5, -0.5, -0.5))
    p.restore()


def edge_pen(c: Colours, failure: bool, width: float, colour: QColor | None = None) -> QPen:
    """The pen of an edge: the edge colour, or dashed in the error colour for a failure."""
    pen = QPen(colour or (c.error if failure else c.edge), width)
    pen.setCapStyle(Qt.PenCapStyle.FlatCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    if failure:
        pen.setDashPattern([4.0, 3.0])
    return pen


def paint_static(p: QPainter, g: Geometry, c: Colours) -> None:
    """The picture at rest: every line, arrow head and junction, label block, state and the legend."""
    w = max(1.1, g.f / 9.0)
    p.setBrush(Qt.BrushStyle.NoBrush)
    for path, failure in g.strokes:
        p.setPen(edge_pen(c, failure, w))
        p.drawPath(qpath(path))
    p.setPen(Qt.PenStyle.NoPen)
    for poly, failure in g.arrows:
        p.setBrush(c.error if failure else c.edge)
        p.drawPolygon(qpolygon(poly))
    for pt, failure in g.dots:
        p.setBrush(c.error if failure else c.edge)
        p.drawEllipse(QPointF(*pt), 0.26 * g.f, 0.26 * g.f)
    for b in g.blocks:
        paint_block(p, g, c, b, None)
    for s in g.nodes:
        paint_node(p, g, c, s, current=0.0)
    paint_legend(p, g, c)


def paint_block(p: QPainter, g: Geometry, c: Colours, b: Block, hot: int | None, strength: float = 1.0) -> None:
    """A label block; ``hot``: the entry highlighted (bold, tinted at ``strength``), None for none."""
    r = qrect(b.rect)
    p.setPen(Qt.PenStyle.NoPen)
    if hot is None:
        p.setBrush(c.label_bg)
        p.drawRoundedRect(r, 3, 3)
    else:
        e = b.entries[hot]
        tint = QColor(c.error if e.failure else c.accent)
        p.setBrush(mix(c.base, tint, 0.14 * strength))
        pen = QPen(tint, 1.2)
        pen.setColor(QColor(tint.red(), tint.green(), tint.blue(), int(255 * strength)))
        p.setPen(pen)
        p.drawRoundedRect(r.adjusted(-1, -1, 1, 1), 4, 4)
    y = r.top() + g.pad_y
    for k, e in enumerate(b.entries):
        colour = c.error if e.failure else c.text
        p.setFont(font(g.family, g.f, k == hot))
        p.setPen(colour)
        for row in e.rows:
            p.drawText(
                QRectF(r.left() + g.pad_x, y, r.width() - 2 * g.pad_x, g.lh),
                _ALIGN[b.align] | Qt.AlignmentFlag.AlignVCenter,
                row,
            )
            y += g.lh


def paint_node(p: QPainter, g: Geometry, c: Colours, s: State, current: float) -> None:
    """A state's box and title; ``current``: how far the highlight has come (0 none, 1 whole)."""
    r = qrect(g.nodes[s])
    radius = min(r.height() * 0.32, 9.0)
    fill = c.node if current <= 0 else mix(c.node, c.accent, current)
    border = c.border if current <= 0 else mix(c.border, c.accent.darker(115), current)
    p.setBrush(fill)
    p.setPen(QPen(border, 1.6 if current > 0 else 1.2))
    p.drawRoundedRect(r, radius, radius)
    if s.final:
        inner = r.adjusted(3, 3, -3, -3)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(mix(border, c.accent_text, current) if current > 0 else border, 1.0))
        p.drawRoundedRect(inner, max(1.0, radius - 2.5), max(1.0, radius - 2.5))
    p.setFont(font(g.family, g.f + 1, current > 0))  # the current state alone is bold
    p.setPen(mix(c.text, c.accent_text, current) if current > 0 else c.text)
    p.drawText(r, Qt.AlignmentFlag.AlignCenter, g.titles[s])


def paint_legend(p: QPainter, g: Geometry, c: Colours) -> None:
    """The legend but its "current" text, which the widget draws with the state it names."""
    p.setFont(font(g.family, g.f, False))
    for kind, text, rect, text_rect in g.legend:
        sample, trect = qrect(rect), qrect(text_rect)
        cy = sample.center().y()
        if kind in ("line", "dash"):
            failure = kind == "dash"
            p.setPen(edge_pen(c, failure, max(1.1, g.f / 9.0)))
            p.drawLine(QPointF(sample.left(), cy), QPointF(sample.right() - 0.6 * g.f, cy))
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(c.error if failure else c.edge)
            p.drawPolygon(qpolygon(arrow(Pt(sample.right(), cy), 1, 0, 0.65 * g.f, 0.5 * g.f)))
        else:
            box = QRectF(sample.left(), cy - 0.42 * g.f, sample.width(), 0.84 * g.f)
            if kind == "current":
                p.setBrush(c.accent)
                p.setPen(QPen(c.accent.darker(115), 1))
                p.drawRoundedRect(box, 3, 3)
            else:
                p.setBrush(c.node)
                p.setPen(QPen(c.border, 1))
                p.drawRoundedRect(box, 3, 3)
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawRoundedRect(box.adjusted(2, 2, -2, -2), 1.5, 1.5)
        if kind == "current":
            continue  # drawn with the state (paintEvent): it names the entry shown
        p.setPen(c.muted)
        p.drawText(trect, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, text)
