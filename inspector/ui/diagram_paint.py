"""Painting a diagram layout: the type it is measured in, its plain shapes as the painter's, the
colours from the palette, and the picture at rest.

The layout (:mod:`inspector.session.diagram_geometry`) is plain numbers; it measures its labels
with :func:`text_size` (the font metrics of the widget's type family), and the shapes it gives
become Qt's here (:func:`qrect`, :func:`qpath`, :func:`qpolygon`, :func:`qtransform`).
The widget (:mod:`inspector.ui.diagram`) paints a :class:`~inspector.session.diagram_geometry.Geometry` with these:
the static picture (lines, arrow heads, label blocks, states, legend) once into a cached pixmap
and whole into an export (:func:`paint_export`), and over it the highlights of what the
:class:`~inspector.session.diagram_state.DiagramState` shows (:func:`paint_highlights`: the held
step's edge, the last edge and its animation, the current state, hover and focus rings) and,
when the drawing is scrolled, a pinned copy of the legend (:func:`paint_pinned_legend`). The
colours come from the widget's palette (base, text, highlight); the only colour not in a
palette, the error red, is chosen from the base colour's lightness. Failure edges are dashed,
so colour is never the only cue.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPalette, QPen, QPolygonF, QTransform

from inspector.protocol.lifecycle import State
from inspector.session.diagram_geometry import MIN_FONT, Block, Geometry, TextSize
from inspector.session.diagram_shapes import Path, Pt, Rect, View, arrow
from inspector.session.diagram_state import DiagramState

from .theme import colour, is_dark, mix

SMOOTH = QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing  # lines and text
PIN_PAD = 4.0  # round the pinned legend, inside its box
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


def paint_current_legend(p: QPainter, g: Geometry, c: Colours, label: str, past: bool) -> None:
    """The legend's "current" text, ``label``: the state it names is a ``past`` one or the current."""
    for kind, _text, _sample, trect in g.legend:
        if kind == "current":
            p.setFont(font(g.family, g.f, False))
            p.setPen(c.text if past else c.muted)
            p.drawText(qrect(trect), Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, label)


def paint_pinned_legend(
    p: QPainter, g: Geometry, c: Colours, vp: QRectF, pinned: tuple[QRectF, Rect], view: View, label: str, past: bool
) -> None:
    """A copy of the legend pinned over the view ``vp`` (its box and the legend's own rectangle:
    ``pinned``), on the view's background, so what the highlight means ("current state", "as of
    entry N": ``label``) is always said; ``view``: the layout's coordinates to the widget's."""
    box, area = pinned
    content = g.view.map_rect(area)
    p.save()
    p.resetTransform()
    p.setClipRect(vp)
    # the part of the legend itself still in view is covered: one legend is shown, not a
    # cut one beside its copy (its area holds nothing else)
    p.fillRect(qrect(view.map_rect(area).adjusted(-2, -2, 2, 2)).intersected(vp), c.base)
    p.setPen(QPen(mix(c.base, c.text, 0.18), 1))
    p.setBrush(c.base)
    p.drawRoundedRect(box, 3, 3)
    p.setTransform(qtransform(g.view.shifted(box.left() + PIN_PAD - content.left, box.top() + PIN_PAD - content.top)))
    paint_legend(p, g, c)
    paint_current_legend(p, g, c, label, past)
    p.restore()


def paint_highlights(
    p: QPainter, g: Geometry, c: Colours, m: DiagramState, label: str, t: float, decorations: bool, focused: bool
) -> None:
    """What changes over the static picture of ``m``'s machine: the legend's "current" slot
    (``label``), the held step's edge, the last edge (animated at ``t`` < 1), the current state;
    ``decorations``: the hover and (``focused``: the widget has the focus) keyboard focus rings
    too (not in an export)."""
    paint_current_legend(p, g, c, label, m.as_of is not None)
    # the edge the held step will take starts at the session's state: not drawn over a past one
    held = m.held()
    pending = g.edges.get(held) if held is not None else None
    if held is not None and pending is not None:  # step mode: where the held step will go, dashed
        colour = c.error if pending.failure else c.accent
        pen = QPen(colour, max(2.0, g.f / 5.5), Qt.PenStyle.DashLine, Qt.PenCapStyle.FlatCap, Qt.PenJoinStyle.RoundJoin)
        pen.setDashPattern([2.0, 1.6])
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(pen)
        p.drawPath(qpath(pending.path))
        p.setPen(Qt.PenStyle.NoPen)
        hollow = QColor(colour)
        hollow.setAlphaF(0.55)
        p.setBrush(hollow)
        p.drawPolygon(qpolygon(pending.arrow))
        where = g.edge_block.get(held)
        if where is not None:
            paint_block(p, g, c, g.blocks[where[0]], where[1], strength=0.55)

    last = m.edge
    edge = g.edges.get(last) if last is not None else None
    if last is not None and edge is not None:
        path = qpath(edge.path)
        colour = c.error if edge.failure else c.accent
        pulse = math.sin(math.pi * t) if t < 1.0 else 0.0
        width = max(2.2, g.f / 5.0) + 2.4 * pulse
        if pulse > 0:
            glow = QColor(colour)
            glow.setAlphaF(0.25 * pulse)
            p.setPen(QPen(glow, width + 5, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPath(path)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(edge_pen(c, edge.failure, width, colour))
        p.drawPath(path)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(colour)
        p.drawPolygon(qpolygon(edge.arrow))
        if t < 1.0:
            dot = path.pointAtPercent(min(1.0, max(0.0, t)))
            p.setBrush(colour)
            p.drawEllipse(dot, 0.35 * g.f + 1.5 * pulse, 0.35 * g.f + 1.5 * pulse)
        where = g.edge_block.get(last)
        if where is not None:
            paint_block(p, g, c, g.blocks[where[0]], where[1], strength=1.0)

    if m.prev is not None and m.prev in g.nodes and t < 1.0:
        paint_node(p, g, c, m.prev, current=1.0 - t)
    if m.state is not None and m.state in g.nodes:
        paint_node(p, g, c, m.state, current=t if m.prev is not None else 1.0)

    if not decorations:
        return
    if m.hover is not None and m.hover in g.nodes:
        r = qrect(g.nodes[m.hover])
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(c.accent, 1.6))
        radius = min(r.height() * 0.32, 9.0)
        p.drawRoundedRect(r, radius, radius)
    if focused and m.focus is not None and m.focus in g.nodes:
        r = qrect(g.nodes[m.focus].adjusted(-3.5, -3.5, 3.5, 3.5))
        pen = QPen(c.focus, 2.0, Qt.PenStyle.DotLine)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(pen)
        radius = min(r.height() * 0.32, 11.0)
        p.drawRoundedRect(r, radius, radius)


def _caption_font(g: Geometry) -> QFont:
    return font(g.family, max(MIN_FONT, g.f), False)


def export_size(g: Geometry) -> QSize:
    """The size of an export of ``g`` (:func:`paint_export`) in logical pixels: the whole drawing
    and a caption line under it."""
    band = QFontMetricsF(_caption_font(g)).height() * 1.8
    return QSize(math.ceil(g.content_w), math.ceil(g.content_h + band))


def paint_export(p: QPainter, g: Geometry, c: Colours, m: DiagramState, label: str, caption: str) -> None:
    """The whole drawing of ``g`` as shapes and text, with ``m``'s highlights at rest (no
    animation, no hover or focus ring; ``label``: the legend's "current" text), and ``caption``
    under it, onto ``p`` at (0, 0) in logical pixels."""
    size = export_size(g)
    p.save()
    p.fillRect(QRectF(0, 0, size.width(), size.height()), c.base)
    p.setRenderHints(SMOOTH)
    p.setTransform(qtransform(g.view), True)
    paint_static(p, g, c)
    paint_highlights(p, g, c, m, label, 1.0, decorations=False, focused=False)
    p.restore()
    p.save()
    p.setFont(_caption_font(g))
    p.setPen(c.text)
    band = QRectF(8.0, g.content_h, size.width() - 16.0, size.height() - g.content_h)
    p.drawText(band, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, caption)
    p.restore()
