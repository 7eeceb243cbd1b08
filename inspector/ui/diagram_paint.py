"""Painting a diagram layout: the type it is measured in, its plain shapes and marks as the
painter's, and the colours from the palette.

The layout (:mod:`inspector.session.diagram_geometry`) is plain numbers; it measures its labels
with :func:`text_size` (the font metrics of the widget's type family), and the shapes it gives
become Qt's here (:func:`qrect`, :func:`qpath`, :func:`qpolygon`, :func:`qtransform`). What is
drawn is decided by :mod:`inspector.session.diagram_marks` (plain marks with palette tones);
:func:`paint_marks` only turns each mark into the painter's calls. The widget
(:mod:`inspector.ui.diagram`) paints the static picture once into a cached pixmap and whole into
an export (:func:`paint_export`), over it the highlights of what the
:class:`~inspector.session.diagram_state.DiagramState` shows (:func:`paint_highlights`) and, when
the drawing is scrolled, a pinned copy of the legend (:func:`paint_pinned_legend`). The colours
come from the widget's palette (base, text, highlight); the only colour not in a palette, the
error red, is chosen from the base colour's lightness.
"""

from __future__ import annotations

import functools
import math

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPalette, QPen, QPolygonF, QTransform

from inspector.session.diagram_geometry import MIN_FONT, Geometry, TextSize
from inspector.session.diagram_marks import (
    Box,
    Dot,
    Line,
    Mark,
    Pen,
    Poly,
    Stroke,
    Tone,
    Words,
    current_legend_marks,
    highlight_marks,
    legend_marks,
    palette_tones,
    static_marks,
)
from inspector.session.diagram_shapes import Path, Pt, Rect, View
from inspector.session.diagram_state import DiagramState

from .theme import colour, is_dark, mix

SMOOTH = QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing  # lines and text
PIN_PAD = 4.0  # round the pinned legend, inside its box
_ALIGN = {
    "center": Qt.AlignmentFlag.AlignHCenter,
    "left": Qt.AlignmentFlag.AlignLeft,
    "right": Qt.AlignmentFlag.AlignRight,
}
_CAPS = {"square": Qt.PenCapStyle.SquareCap, "flat": Qt.PenCapStyle.FlatCap, "round": Qt.PenCapStyle.RoundCap}
_JOINS = {"bevel": Qt.PenJoinStyle.BevelJoin, "round": Qt.PenJoinStyle.RoundJoin}


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


#: The diagram's colours by name (:class:`~inspector.session.diagram_marks.Tone`'s), from the palette.
Colours = dict[str, QColor]


def palette_colours(pal: QPalette) -> Colours:
    """Base, text and highlight from ``pal``; the error red chosen from the base colour's
    lightness (the one colour a palette has no role for); the shades between them mixed as
    :func:`~inspector.session.diagram_marks.palette_tones` says."""
    role = QPalette.ColorRole
    roles = (
        ("base", role.Base),
        ("text", role.Text),
        ("accent", role.Highlight),
        ("accent_text", role.HighlightedText),
    )
    c = {name: pal.color(QPalette.ColorGroup.Active, r) for name, r in roles}
    dark = is_dark(pal)
    c["error"] = colour("error", dark)
    for name, tone in palette_tones(dark).items():
        c[name] = colour_of(c, tone)
    return c


def paint_frame(p: QPainter, rect: QRectF, c: Colours) -> None:
    """A hairline frame round ``rect`` (in device coordinates), over whatever is drawn."""
    p.save()
    p.resetTransform()
    p.setClipping(False)
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.setPen(QPen(c["frame"], 1))
    p.drawRect(QRectF(rect).adjusted(0.5, 0.5, -0.5, -0.5))
    p.restore()


def colour_of(c: Colours, tone: Tone) -> QColor:
    """``tone`` in the palette's colours ``c`` (see :class:`~inspector.session.diagram_marks.Tone`)."""
    out = c[tone.base] if isinstance(tone.base, str) else colour_of(c, tone.base)
    if tone.darker:
        out = out.darker(tone.darker)
    if tone.toward is not None:
        out = mix(out, colour_of(c, tone.toward), tone.by)
    if tone.alpha is not None:
        out = QColor(out)
        out.setAlphaF(tone.alpha)
    return out


def qpen(c: Colours, pen: Pen) -> QPen:
    style = Qt.PenStyle.DotLine if pen.dotted else Qt.PenStyle.SolidLine
    out = QPen(colour_of(c, pen.tone), pen.width, style, _CAPS[pen.cap], _JOINS[pen.join])
    if pen.dashes:
        out.setDashPattern(list(pen.dashes))
    return out


def paint_marks(p: QPainter, family: str, c: Colours, marks: list[Mark]) -> None:
    """Each of ``marks`` (:mod:`inspector.session.diagram_marks`) as the painter's calls, in order;
    words in ``family``."""
    for m in marks:
        if isinstance(m, Words):
            p.setFont(font(family, m.px, m.bold))
            p.setPen(colour_of(c, m.tone))
            p.drawText(qrect(m.rect), _ALIGN[m.align] | Qt.AlignmentFlag.AlignVCenter, m.text)
        elif isinstance(m, (Stroke, Line)):
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.setPen(qpen(c, m.pen))
            if isinstance(m, Stroke):
                p.drawPath(qpath(m.path))
            else:
                p.drawLine(QPointF(*m.a), QPointF(*m.b))
        elif isinstance(m, Box):
            p.setBrush(colour_of(c, m.fill) if m.fill is not None else Qt.BrushStyle.NoBrush)
            p.setPen(qpen(c, m.pen) if m.pen is not None else Qt.PenStyle.NoPen)
            p.drawRoundedRect(qrect(m.rect), m.radius, m.radius)
        else:  # filled, no outline
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(colour_of(c, m.fill))
            if isinstance(m, Poly):
                p.drawPolygon(qpolygon(m.points))
            elif isinstance(m, Dot):
                p.drawEllipse(QPointF(*m.centre), m.r, m.r)
            else:
                p.drawEllipse(qpath(m.path).pointAtPercent(m.at), m.r, m.r)


def paint_static(p: QPainter, g: Geometry, c: Colours) -> None:
    """The picture at rest (:func:`~inspector.session.diagram_marks.static_marks`)."""
    paint_marks(p, g.family, c, static_marks(g))


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
    p.fillRect(qrect(view.map_rect(area).adjusted(-2, -2, 2, 2)).intersected(vp), c["base"])
    p.setPen(QPen(c["frame"], 1))
    p.setBrush(c["base"])
    p.drawRoundedRect(box, 3, 3)
    p.setTransform(qtransform(g.view.shifted(box.left() + PIN_PAD - content.left, box.top() + PIN_PAD - content.top)))
    paint_marks(p, g.family, c, legend_marks(g) + current_legend_marks(g, label, past))
    p.restore()


def paint_highlights(
    p: QPainter, g: Geometry, c: Colours, m: DiagramState, label: str, t: float, decorations: bool, focused: bool
) -> None:
    """What changes over the static picture (:func:`~inspector.session.diagram_marks.highlight_marks`)."""
    paint_marks(p, g.family, c, highlight_marks(g, m, label, t, decorations, focused))


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
    p.fillRect(QRectF(0, 0, size.width(), size.height()), c["base"])
    p.setRenderHints(SMOOTH)
    p.setTransform(qtransform(g.view), True)
    paint_static(p, g, c)
    paint_highlights(p, g, c, m, label, 1.0, decorations=False, focused=False)
    p.restore()
    p.save()
    p.setFont(_caption_font(g))
    p.setPen(c["text"])
    band = QRectF(8.0, g.content_h, size.width() - 16.0, size.height() - g.content_h)
    p.drawText(band, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, caption)
    p.restore()
