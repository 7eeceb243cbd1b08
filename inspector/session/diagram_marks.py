"""What the lifecycle diagram's paint pass draws, without Qt: a list of plain marks with tones.

Theory of operation. A laid-out :class:`~inspector.session.diagram_geometry.Geometry` is drawn
as marks in painting order: lines (:class:`Stroke`, :class:`Line`), filled arrow heads and
junctions (:class:`Poly`, :class:`Dot`, a :class:`Bead` along a line), boxes (:class:`Box`) and
words (:class:`Words`). Every colour is a :class:`Tone`: a colour of the widget's palette by
name (the window's base, text, accent, accent_text and error, and those :func:`palette_tones`
mixes from them: muted, node, border, edge, focus, label_bg, frame), darkened, mixed toward
another tone, or made translucent; every line a :class:`Pen`. The window only turns each mark
into its painter's calls (``ui/diagram_paint.py``). What the picture is, is decided here:

* :func:`static_marks`: the picture at rest (lines, arrow heads, junctions, label blocks,
  states, the legend but its "current" text), painted once into the widget's cached pixmap;
* :func:`highlight_marks`: what changes over it for a :class:`~.diagram_state.DiagramState`
  (the legend's "current" text, the held step's edge, the last edge and its animation, the
  current state, the hover and focus rings);
* :func:`legend_marks` and :func:`current_legend_marks`: the legend, also pinned over a
  scrolled view.

Failure edges are dashed as well as red, so colour is never the only cue. Tested headless in
``tests/session/test_diagram_marks.py``; the pixels are the widget tests'.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import NamedTuple

from inspector.protocol.lifecycle import State

from .diagram_geometry import Block, Geometry
from .diagram_shapes import Path, Pt, Rect, arrow
from .diagram_state import DiagramState

__all__ = [
    "ACCENT",
    "ERROR",
    "FOCUS",
    "Bead",
    "Box",
    "Dot",
    "Line",
    "Mark",
    "Pen",
    "Poly",
    "Stroke",
    "Tone",
    "Words",
    "block_marks",
    "current_legend_marks",
    "highlight_marks",
    "legend_marks",
    "node_marks",
    "palette_tones",
    "static_marks",
]


@dataclass(frozen=True)
class Tone:
    """A colour: ``base`` (a palette colour's name, or a tone), darkened by ``darker`` (Qt's
    factor, 0 for not), then mixed ``by`` (0..1) of the way toward ``toward``, then given the
    opacity ``alpha`` (None: as it is)."""

    base: str | Tone
    toward: Tone | None = None
    by: float = 0.0
    darker: int = 0
    alpha: float | None = None


@dataclass(frozen=True)
class Pen:
    """A line: its tone and width, ``dashes`` (dash and gap lengths in widths; none: solid),
    ``dotted``, and its ends and corners (``cap``: square, flat or round; ``join``: bevel or
    round; a painter's defaults are square and bevel)."""

    tone: Tone
    width: float = 1.0
    dashes: tuple[float, ...] = ()
    dotted: bool = False
    cap: str = "square"
    join: str = "bevel"


class Stroke(NamedTuple):
    """A path, drawn and not filled."""

    path: Path
    pen: Pen


class Line(NamedTuple):
    a: Pt
    b: Pt
    pen: Pen


class Poly(NamedTuple):
    """A filled polygon (an arrow head), no outline."""

    points: list[Pt]
    fill: Tone


class Dot(NamedTuple):
    """A filled circle (a junction), no outline."""

    centre: Pt
    r: float
    fill: Tone


class Bead(NamedTuple):
    """A filled circle on ``path`` at the fraction ``at`` of its length (the painter measures
    it), no outline: the animation's moving dot."""

    path: Path
    at: float
    r: float
    fill: Tone


class Box(NamedTuple):
    """A rounded rectangle: its corner ``radius``, ``fill`` and ``pen`` (None: none)."""

    rect: Rect
    radius: float
    fill: Tone | None
    pen: Pen | None


class Words(NamedTuple):
    """A line of text in ``rect``, centred up and down, ``align``-ed across (center, left or
    right), in the diagram's family at ``px`` pixels."""

    rect: Rect
    text: str
    px: int
    bold: bool
    tone: Tone
    align: str


Mark = Stroke | Line | Poly | Dot | Bead | Box | Words

TEXT, MUTED, NODE, BORDER, EDGE = Tone("text"), Tone("muted"), Tone("node"), Tone("border"), Tone("edge")
ACCENT, ACCENT_TEXT, ERROR, FOCUS = Tone("accent"), Tone("accent_text"), Tone("error"), Tone("focus")
LABEL_BG = Tone("label_bg")
DARK_ACCENT = Tone("accent", darker=115)

BASE = Tone("base")


def palette_tones(dark: bool) -> dict[str, Tone]:
    """The diagram's colours mixed from the palette's base, text and accent (``dark``: a dark
    palette), in order: one may be made of those before it."""
    return {
        "muted": Tone("text", BASE, 0.35),
        "node": Tone("base", TEXT, 0.07 if dark else 0.045),
        "border": Tone("text", BASE, 0.45),
        "edge": Tone("text", BASE, 0.3),
        "focus": Tone("accent", TEXT, 0.25) if dark else Tone("accent", darker=125),
        "label_bg": BASE,
        "frame": Tone("base", TEXT, 0.18),  # the hairline round the view and the pinned legend
    }


def _line(failure: bool) -> Tone:
    return ERROR if failure else EDGE


def edge_pen(failure: bool, width: float, tone: Tone | None = None) -> Pen:
    """The pen of an edge: the edge colour (or ``tone``), dashed in the error colour for a failure."""
    return Pen(tone or _line(failure), width, (4.0, 3.0) if failure else (), cap="flat", join="round")


def static_marks(g: Geometry) -> list[Mark]:
    """The picture at rest: every line, arrow head and junction, label block, state and the legend."""
    w = max(1.1, g.f / 9.0)
    out: list[Mark] = [Stroke(path, edge_pen(failure, w)) for path, failure in g.strokes]
    out += [Poly(poly, _line(failure)) for poly, failure in g.arrows]
    out += [Dot(pt, 0.26 * g.f, _line(failure)) for pt, failure in g.dots]
    for b in g.blocks:
        out += block_marks(g, b, None)
    for s in g.nodes:
        out += node_marks(g, s, current=0.0)
    return out + legend_marks(g)


def block_marks(g: Geometry, b: Block, hot: int | None, strength: float = 1.0) -> list[Mark]:
    """A label block; ``hot``: the entry highlighted (bold, tinted at ``strength``), None for none."""
    r = b.rect
    if hot is None:
        out: list[Mark] = [Box(r, 3, LABEL_BG, None)]
    else:
        tint = ERROR if b.entries[hot].failure else ACCENT
        fill = Tone("base", tint, 0.14 * strength)
        out = [Box(r.adjusted(-1, -1, 1, 1), 4, fill, Pen(Tone(tint, alpha=int(255 * strength) / 255), 1.2))]
    y = r.top + g.pad_y
    for k, e in enumerate(b.entries):
        for row in e.rows:
            rect = Rect(r.left + g.pad_x, y, r.w - 2 * g.pad_x, g.lh)
            out.append(Words(rect, row, g.f, k == hot, ERROR if e.failure else TEXT, b.align))
            y += g.lh
    return out


def node_marks(g: Geometry, s: State, current: float) -> list[Mark]:
    """A state's box and title; ``current``: how far the highlight has come (0 none, 1 whole)."""
    r = g.nodes[s]
    radius = min(r.h * 0.32, 9.0)
    lit = current > 0
    fill = Tone("node", ACCENT, current) if lit else NODE
    border = Tone("border", DARK_ACCENT, current) if lit else BORDER
    out: list[Mark] = [Box(r, radius, fill, Pen(border, 1.6 if lit else 1.2))]
    if s.final:
        inner = Pen(Tone(border, ACCENT_TEXT, current) if lit else border, 1.0)
        out.append(Box(r.adjusted(3, 3, -3, -3), max(1.0, radius - 2.5), None, inner))
    # the current state alone is bold
    out.append(Words(r, g.titles[s], g.f + 1, lit, Tone("text", ACCENT_TEXT, current) if lit else TEXT, "center"))
    return out


def legend_marks(g: Geometry) -> list[Mark]:
    """The legend but its "current" text, which is drawn with the state it names
    (:func:`current_legend_marks`)."""
    out: list[Mark] = []
    for kind, text, sample, text_rect in g.legend:
        cy = sample.center.y
        if kind in ("line", "dash"):
            failure = kind == "dash"
            out.append(
                Line(Pt(sample.left, cy), Pt(sample.right - 0.6 * g.f, cy), edge_pen(failure, max(1.1, g.f / 9.0)))
            )
            out.append(Poly(arrow(Pt(sample.right, cy), 1, 0, 0.65 * g.f, 0.5 * g.f), _line(failure)))
        else:
            box = Rect(sample.left, cy - 0.42 * g.f, sample.w, 0.84 * g.f)
            if kind == "current":
                out.append(Box(box, 3, ACCENT, Pen(DARK_ACCENT, 1)))
            else:
                out.append(Box(box, 3, NODE, Pen(BORDER, 1)))
                out.append(Box(box.adjusted(2, 2, -2, -2), 1.5, None, Pen(BORDER, 1)))
        if kind != "current":
            out.append(Words(text_rect, text, g.f, False, MUTED, "left"))
    return out


def current_legend_marks(g: Geometry, label: str, past: bool) -> list[Mark]:
    """The legend's "current" text, ``label``: the state it names is a ``past`` one or the current."""
    return [
        Words(r, label, g.f, False, TEXT if past else MUTED, "left")
        for kind, _t, _s, r in g.legend
        if kind == "current"
    ]


def highlight_marks(g: Geometry, m: DiagramState, label: str, t: float, decorations: bool, focused: bool) -> list[Mark]:
    """What changes over the static picture of ``m``'s machine: the legend's "current" slot
    (``label``), the held step's edge, the last edge (animated at ``t`` < 1), the current state;
    ``decorations``: the hover and (``focused``: the widget has the focus) keyboard focus rings
    too (not in an export)."""
    out = current_legend_marks(g, label, m.as_of is not None)
    # the edge the held step will take starts at the session's state: not drawn over a past one
    held = m.held()
    pending = g.edges.get(held) if held is not None else None
    if held is not None and pending is not None:  # step mode: where the held step will go, dashed
        tone = ERROR if pending.failure else ACCENT
        out.append(Stroke(pending.path, Pen(tone, max(2.0, g.f / 5.5), (2.0, 1.6), cap="flat", join="round")))
        out.append(Poly(pending.arrow, Tone(tone, alpha=0.55)))
        where = g.edge_block.get(held)
        if where is not None:
            out += block_marks(g, g.blocks[where[0]], where[1], strength=0.55)

    last = m.edge
    edge = g.edges.get(last) if last is not None else None
    if last is not None and edge is not None:
        tone = ERROR if edge.failure else ACCENT
        pulse = math.sin(math.pi * t) if t < 1.0 else 0.0
        width = max(2.2, g.f / 5.0) + 2.4 * pulse
        if pulse > 0:  # a glow round the line while it is taken
            out.append(Stroke(edge.path, Pen(Tone(tone, alpha=0.25 * pulse), width + 5, cap="round", join="round")))
        out.append(Stroke(edge.path, edge_pen(edge.failure, width, tone)))
        out.append(Poly(edge.arrow, tone))
        if t < 1.0:
            out.append(Bead(edge.path, min(1.0, max(0.0, t)), 0.35 * g.f + 1.5 * pulse, tone))
        where = g.edge_block.get(last)
        if where is not None:
            out += block_marks(g, g.blocks[where[0]], where[1], strength=1.0)

    if m.prev is not None and m.prev in g.nodes and t < 1.0:
        out += node_marks(g, m.prev, current=1.0 - t)
    if m.state is not None and m.state in g.nodes:
        out += node_marks(g, m.state, current=t if m.prev is not None else 1.0)

    if not decorations:
        return out
    if m.hover is not None and m.hover in g.nodes:
        r = g.nodes[m.hover]
        out.append(Box(r, min(r.h * 0.32, 9.0), None, Pen(ACCENT, 1.6)))
    if focused and m.focus is not None and m.focus in g.nodes:
        r = g.nodes[m.focus].adjusted(-3.5, -3.5, 3.5, 3.5)
        out.append(Box(r, min(r.h * 0.32, 11.0), None, Pen(FOCUS, 2.0, dotted=True)))
    return out
