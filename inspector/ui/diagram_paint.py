"""Painting a diagram layout: the colours from the palette, and the picture at rest.

The widget (:mod:`inspector.ui.diagram`) paints a :class:`~.diagram_layout.Geometry` with these:
the static picture (lines, arrow heads, label blocks, states, legend) once into a cached pixmap
and whole into an export, and a label block or a state again over it when highlighted. The
colours come from the widget's palette (base, text, highlight); the only colour not in a
palette, the error red, is chosen from the base colour's lightness. Failure edges are dashed,
so colour is never the only cue.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPalette, QPen

from inspector.protocol.lifecycle import State

from .diagram_layout import Block, Geometry, arrow
from .theme import colour, is_dark, mix


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
        p.drawPath(path)
    p.setPen(Qt.PenStyle.NoPen)
    for poly, failure in g.arrows:
        p.setBrush(c.error if failure else c.edge)
        p.drawPolygon(poly)
    for pt, failure in g.dots:
        p.setBrush(c.error if failure else c.edge)
        p.drawEllipse(pt, 0.26 * g.f, 0.26 * g.f)
    for b in g.blocks:
        paint_block(p, g, c, b, None)
    for s, r in g.nodes.items():
        paint_node(p, g, c, s, r, current=0.0)
    paint_legend(p, g, c)


def paint_block(p: QPainter, g: Geometry, c: Colours, b: Block, hot: int | None, strength: float = 1.0) -> None:
    """A label block; ``hot``: the entry highlighted (bold, tinted at ``strength``), None for none."""
    r = b.rect
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
    bold = QFont(g.lf)
    bold.setBold(True)
    for k, e in enumerate(b.entries):
        colour = c.error if e.failure else c.text
        p.setFont(bold if k == hot else g.lf)
        p.setPen(colour)
        for row in e.rows:
            p.drawText(
                QRectF(r.left() + g.pad_x, y, r.width() - 2 * g.pad_x, g.lh),
                b.align | Qt.AlignmentFlag.AlignVCenter,
                row,
            )
            y += g.lh


def paint_node(p: QPainter, g: Geometry, c: Colours, s: State, r: QRectF, current: float) -> None:
    """A state's box and title; ``current``: how far the highlight has come (0 none, 1 whole)."""
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
    font = QFont(g.tf)
    if current <= 0:
        font.setBold(False)  # the current state alone is bold
    p.setFont(font)
    p.setPen(mix(c.text, c.accent_text, current) if current > 0 else c.text)
    p.drawText(r, Qt.AlignmentFlag.AlignCenter, g.titles[s])


def paint_legend(p: QPainter, g: Geometry, c: Colours) -> None:
    """The legend but its "current" text, which the widget draws with the state it names."""
    p.setFont(g.lf)
    for kind, text, sample, trect in g.legend:
        cy = sample.center().y()
        if kind in ("line", "dash"):
            failure = kind == "dash"
            p.setPen(edge_pen(c, failure, max(1.1, g.f / 9.0)))
            p.drawLine(QPointF(sample.left(), cy), QPointF(sample.right() - 0.6 * g.f, cy))
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(c.error if failure else c.edge)
            p.drawPolygon(arrow(QPointF(sample.right(), cy), 1, 0, 0.65 * g.f, 0.5 * g.f))
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
