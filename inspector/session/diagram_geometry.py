"""The lifecycle diagram's layout: where the states, edges and labels of one transition table go,
in plain numbers (no Qt), and the readings of a layout the widget needs.

Theory of operation
-------------------
Nothing about states or edges is written down here: :func:`diagram_table` says which
transitions exist and this module only decides where to put them (the widget,
:mod:`inspector.ui.diagram`, paints the result). Layout happens in three steps; the widget
caches the result per table, area and type family:

1. **Plan** (per table): rows and edges, :func:`inspector.session.diagram_plan.analyse` (the
   happy path on the main row, Failed above, the end states below; gaps, channels, buses and
   loops). Edges between neighbours in a row are straight arrows, parallel ones offset; edges
   between rows run through the channel between them as orthogonal routes, a bus with one stub
   per source.
2. **Measure** (per font size and wrap width): the smallest size the plan needs. The labels are
   measured by the caller's :data:`TextSize` (the window's font metrics; a fake in the headless
   tests); the room the rows need from those sizes is
   :func:`~inspector.session.diagram_plan.row_room`.
3. **Place** (per area): the largest font whose natural size fits the area is chosen, spare room
   goes into the gaps and channels, the Failed and shutdown rows slide to where their labels fit
   with the fewest crossings, lanes in each channel are ordered to minimise crossings and never
   draw two routes on one line (:mod:`.diagram_lanes`), and every label is put where it
   overlaps no other label, node or line. Type is never smaller than 11 px: when even the
   smallest font does not fit, the smallest layout keeps its natural size and the widget
   scrolls. Each :class:`Geometry` lists its problems (empty for every table at every tested
   size).

The shapes are plain (:mod:`.diagram_shapes`: rectangles, paths of lines and cubics, arrow
heads) and follow the painter's rules, so the layout is, to the last bit, the one the window
computed with Qt's value types before (``tests/ui/test_diagram_geometry_qt.py`` compares it with
that code, kept as ``tests/diagram_layout_reference.py``). Why a general layout and not one drawn
by hand per table:
there are 21 distinct tables (6 to 10 states, 15 to 36 transitions), and every label's size
depends on the language and the type size: each table keeps one state order but gets a
different geometry at each of three widget sizes in each of two languages
(``benchmarks/diagram_layouts_vary.py``).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from dataclasses import dataclass, field

from inspector.protocol.lifecycle import STATE_INFO, State, Transition

from .diagram_lanes import Channel, best_lanes, lane_label_x, port_ranges, route_ends
from .diagram_plan import BOTTOM, MAIN, TOP, Plan, focus_order, reveal, row_room, wrap_label
from .diagram_shapes import Outline, Path, Pt, Rect, View, arrow, meets, rounded, stroke
from .translate import Translate

__all__ = [
    "FOCUS_MOVES",
    "MIN_FONT",
    "Block",
    "EdgeShape",
    "Geometry",
    "TextSize",
    "block_at",
    "fit",
    "keep_in_view",
    "legend_pin",
    "moved_focus",
    "node_at",
    "quietest_corner",
    "scaled",
    "vertical_neighbour",
    "wheel_scroll",
]

_FONT_SIZES = (14, 13, 12, 11)  # label pixel sizes tried, largest first: never below 11 px (scrolls instead)
_WRAPS = (None, 17.0, 12.0, 8.5)  # label wrap widths in ems (None: never wrap)
MIN_FONT = _FONT_SIZES[-1]

#: ``size(text, pixel_size, bold) -> (advance, line height)``: how wide ``text`` is and how high
#: a line is in the diagram's type at that size (the window's font metrics)
TextSize = Callable[[str, int, bool], tuple[float, float]]


# --------------------------------------------------------------------------- labels


@dataclass(eq=False)
class Entry:
    """One label of a block: a transition label shared by one or more transitions."""

    text: str
    transitions: tuple[Transition, ...]
    failure: bool
    rows: list[str] = field(default_factory=list)


@dataclass(eq=False)
class Block:
    """A label block: its entries, size, place, tooltip and how its lines align
    (``center``, ``left`` or ``right``)."""

    entries: list[Entry]
    w: float
    h: float
    rect: Rect = field(default_factory=Rect)
    tip: str = ""
    align: str = "center"


@dataclass(eq=False)
class _Metrics:
    plan: Plan
    f: int
    tr: Translate
    advance: Callable[[str], float]  # of the labels' (bold) type
    lh: float
    pad_x: float
    pad_y: float
    node_w: dict[State, float]
    node_h: float
    gap_blocks: dict[tuple[int, int], list[Block]]
    loop_blocks: dict[State, Block]
    route_blocks: list[Block]
    gap_min: dict[tuple[int, int], float]
    side_reserve: dict[State, float]
    overhang: list[float]
    loop_band: list[float]  # per row: band above (TOP/MAIN) or below (BOTTOM) for corner loops
    legend: list[tuple[str, str]]
    margin: float
    clear: float
    top_ch: float
    bottom_ch: float
    nat_w: float
    nat_h: float


def _make_block(
    groups: list[tuple[Transition, ...]],
    tr: Translate,
    advance: Callable[[str], float],
    maxw: float | None,
    pad_x: float,
    pad_y: float,
    lh: float,
) -> Block:
    entries: list[Entry] = []
    width = 0.0
    nrows = 0
    for trs in groups:
        text = tr("Lifecycle", trs[0].label)
        rows = wrap_label(text, advance, maxw)
        entries.append(Entry(text, trs, trs[0].failure, rows))
        nrows += len(rows)
        width = max(width, max(advance(r) for r in rows))
    tip = "\n".join(
        f"{tr('Lifecycle', t.source.title)} → {tr('Lifecycle', t.target.title)}: {tr('Lifecycle', t.label)}"
        for e in entries
        for t in e.transitions
    )
    return Block(entries, width + 2 * pad_x, nrows * lh + 2 * pad_y, tip=tip)


_ARCH_INSET = 0.45  # ems between a node's corner and its arches


def _loop_shapes(rect: Rect, side: str, count: int, f: float) -> tuple[list[tuple[Path, list[Pt]]], Rect]:
    """Paths and arrow heads of ``count`` nested self-loops on one side of a node, and their bounds."""
    shapes: list[tuple[Path, list[Pt]]] = []
    al, aw = 0.65 * f, 0.5 * f
    nh = rect.h
    bounds = Rect()
    for j in range(count):
        b = (1.9 + 0.8 * j) * f
        if side in ("left", "right"):
            h = nh * (0.12 + 0.15 * j) if count > 1 else nh * 0.2
            ex = rect.right if side == "right" else rect.left
            d = 1.0 if side == "right" else -1.0
            start = Pt(ex, rect.center.y - h)
            end = Pt(ex, rect.center.y + h)
            path = Path(start)
            path.cubic_to(
                Pt(ex + d * b, start.y - 0.45 * b),
                Pt(ex + d * b, end.y + 0.45 * b),
                Pt(end.x + d * al * 0.7, end.y),
            )
            head = arrow(end, -d, 0.0, al, aw)
        else:  # an arch on the top (or bottom) edge, near the right corner, away from the side arrows
            up = side == "up"
            ey = rect.top if up else rect.bottom
            dy = -1.0 if up else 1.0
            x0 = rect.right - _ARCH_INSET * f
            x1 = x0 - (1.3 + 0.7 * j) * f
            rise = (1.25 + 0.55 * j) * f
            path = Path(Pt(x0, ey))
            path.cubic_to(
                Pt(x0 + 0.35 * f, ey + dy * rise),
                Pt(x1 - 0.35 * f, ey + dy * rise),
                Pt(x1, ey + dy * al * 0.7),
            )
            head = arrow(Pt(x1, ey), 0.0, -dy, al, aw)
        shapes.append((path, head))
        bounds = bounds.united(path.bounds()) if not bounds.is_null() else path.bounds()
    return shapes, bounds


def _arch_zone(count: int, f: float) -> float:
    """Width of a node's top (or bottom) edge taken by ``count`` arches, from the right corner."""
    return (_ARCH_INSET + 1.3 + 0.7 * (count - 1) + 0.8) * f


def _loop_ext(side: str, count: int, f: float, node_h: float) -> tuple[float, float]:
    """How far the loops stand out of a node: (sideways, vertically)."""
    rect = Rect(0, 0, 10 * f, node_h)
    _shapes, b = _loop_shapes(rect, side, count, f)
    across = max(b.right - rect.right, rect.left - b.left, 0.0)
    return across, max(rect.top - b.top, b.bottom - rect.bottom, 0.0)


def _measure(
    plan: Plan, f: int, wrap: float | None, size: TextSize, tr: Translate, legend_texts: list[tuple[str, str]]
) -> _Metrics:
    def advance(text: str) -> float:  # a highlighted label is drawn bold: measure for that
        return size(text, f, True)[0]

    lh = size("", f, False)[1]
    pad_x = max(3.0, 0.4 * f)
    pad_y = 1.0
    maxw = None if wrap is None else wrap * f
    node_w = {
        s: max(size(tr("Lifecycle", STATE_INFO[s].title), f + 1, True)[0] + 1.6 * f, 5.5 * f) for s in plan.states
    }
    node_h = size("", f + 1, True)[1] + 1.2 * f

    def block(groups: list[tuple[Transition, ...]], wrap_it: bool = True) -> Block:
        return _make_block(groups, tr, advance, maxw if wrap_it else None, pad_x, pad_y, lh)

    # a lone label may wrap; parallel ones stay on one line each (wrapping them would grow every node)
    gap_blocks = {k: [block([(t,)], wrap_it=len(trs) == 1) for t in trs] for k, trs in plan.gaps.items()}
    for blocks in gap_blocks.values():
        stack = sum(b.h for b in blocks) + 2 * (len(blocks) - 1)
        # every parallel line must still end on the node
        node_h = max(node_h, stack - blocks[0].h / 2 - blocks[-1].h / 2 + 0.9 * f)
    loop_blocks = {s: block([(t,) for t in trs]) for s, trs in plan.loops.items()}
    loop_ext = {s: _loop_ext(plan.loop_side[s], len(trs), f, node_h) for s, trs in plan.loops.items()}
    route_blocks = [block(r.entries, wrap_it=False) for r in plan.routes]

    overhang, side_reserve, loop_band, gap_min, row_w = row_room(
        plan,
        f,
        node_w,
        node_h,
        {k: [(b.w, b.h) for b in blocks] for k, blocks in gap_blocks.items()},
        {s: (b.w, b.h) for s, b in loop_blocks.items()},
        loop_ext,
    )

    legend_w = 0.0
    for kind, text in legend_texts:
        legend_w += (2.2 * f if kind in ("line", "dash") else 1.5 * f) + 0.35 * f + advance(text) + 1.1 * f

    margin = max(6.0, 0.6 * f)
    clear = 0.5 * f
    band = 0.5 * f

    def lanes_h(channel: int) -> float:
        return sum(b.h + band for r, b in zip(plan.routes, route_blocks, strict=True) if r.channel == channel)

    top_ch = clear + overhang[TOP] + lanes_h(TOP) + loop_band[MAIN] + overhang[MAIN] + clear
    if loop_band[MAIN]:
        top_ch += 2
    top_ch = max(top_ch, 1.6 * f)
    bottom_ch = clear + overhang[MAIN] + lanes_h(BOTTOM) + overhang[BOTTOM] + clear
    bottom_ch = max(bottom_ch, 1.6 * f) if plan.rows[BOTTOM] else overhang[MAIN] + clear
    top_row_h = max(node_h if plan.rows[TOP] else 0.0, lh)  # the legend is one line
    nat_h = 2 * margin + loop_band[TOP] + top_row_h + top_ch + node_h + bottom_ch
    if plan.rows[BOTTOM]:
        nat_h += node_h + loop_band[BOTTOM]
    nat_w = 2 * margin + max(row_w[MAIN], row_w[BOTTOM], row_w[TOP] + legend_w + 1.5 * f)
    return _Metrics(
        plan,
        f,
        tr,
        advance,
        lh,
        pad_x,
        pad_y,
        node_w,
        node_h,
        gap_blocks,
        loop_blocks,
        route_blocks,
        gap_min,
        side_reserve,
        overhang,
        loop_band,
        legend_texts,
        margin,
        clear,
        top_ch,
        bottom_ch,
        nat_w,
        nat_h,
    )


# --------------------------------------------------------------------------- place


@dataclass(eq=False)
class EdgeShape:
    """One transition's line and arrow head (what its highlight draws)."""

    path: Path
    arrow: list[Pt]
    failure: bool


@dataclass(eq=False)
class Geometry:
    """Everything the painter needs, in the layout's coordinates (``view`` maps to the widget).
    The labels' type is ``f`` px (titles ``f + 1`` px, bold) in the family the caller measured."""

    width: float
    height: float
    view: View
    f: int
    lh: float
    pad_x: float
    pad_y: float
    nodes: dict[State, Rect]
    titles: dict[State, str]
    strokes: list[tuple[Path, bool]]
    arrows: list[tuple[list[Pt], bool]]
    dots: list[tuple[Pt, bool]]
    blocks: list[Block]
    edges: dict[Transition, EdgeShape]
    edge_block: dict[Transition, tuple[int, int]]
    legend: list[tuple[str, str, Rect, Rect]]
    problems: list[str] = field(default_factory=list)
    family: str = ""  # the type family the caller measured in (its name: painted in it)
    #: the drawing's size in widget pixels (at least the area it was laid out for): larger than
    #: the widget when even the smallest type does not fit, then the widget scrolls
    content_w: float = 0.0
    content_h: float = 0.0
    view_w: float = 0.0  # the part of the area it shows in (less the scroll bars it needs)
    view_h: float = 0.0
    _outlines: list[Outline] | None = field(default=None, repr=False)

    @property
    def penalty(self) -> int:
        return len(self.problems)

    def outlines(self) -> list[Outline]:
        """Each line's outline drawn 3 px wide (what a box over the drawing covers), computed once."""
        if self._outlines is None:
            self._outlines = [stroke(path, 3.0) for path, _failure in self.strokes]
        return self._outlines

    def legend_area(self) -> Rect:
        """The legend's rectangle (samples and texts), in the layout's coordinates."""
        area = Rect()
        for _k, _t, sample, trect in self.legend:
            area = area.united(sample.united(trect))
        return area


@dataclass(eq=False)
class _Drawing:
    """Shapes collected while placing; merged into the final geometry."""

    strokes: list[tuple[Path, bool]] = field(default_factory=list)
    arrows: list[tuple[list[Pt], bool]] = field(default_factory=list)
    dots: list[tuple[Pt, bool]] = field(default_factory=list)
    blocks: list[Block] = field(default_factory=list)
    edges: dict[Transition, EdgeShape] = field(default_factory=dict)
    edge_block: dict[Transition, tuple[int, int]] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    owners: list[frozenset[Transition]] = field(default_factory=list)  # per stroke: the transitions it draws
    crossings: float = 0.0
    length: float = 0.0

    def stroke(self, tr: Transition, path: Path, head: list[Pt]) -> None:
        self.strokes.append((path, tr.failure))
        self.owners.append(frozenset((tr,)))
        self.arrows.append((head, tr.failure))
        self.edges[tr] = EdgeShape(path, head, tr.failure)

    def block(self, b: Block, rect: Rect, align: str = "center") -> None:
        self.blocks.append(Block(b.entries, b.w, b.h, rect.copy(), b.tip, align))
        idx = len(self.blocks) - 1
        for k, e in enumerate(b.entries):
            for t in e.transitions:
                self.edge_block[t] = (idx, k)

    def merge(self, other: _Drawing) -> None:
        base = len(self.blocks)
        self.strokes += other.strokes
        self.owners += other.owners
        self.arrows += other.arrows
        self.dots += other.dots
        self.blocks += other.blocks
        self.edges.update(other.edges)
        self.edge_block.update({t: (i + base, k) for t, (i, k) in other.edge_block.items()})
        self.problems += other.problems
        self.crossings += other.crossings
        self.length += other.length


def _place(m: _Metrics, W: float, H: float) -> Geometry:
    plan = m.plan
    f = m.f
    nw, nh = m.node_w, m.node_h
    extra_w = max(0.0, W - m.nat_w)
    extra_h = max(0.0, H - m.nat_h)
    out = _Drawing()

    # ---------------------------------------------------------------- x: the main row, centred
    gap_w: dict[tuple[int, int], float] = dict(m.gap_min)
    main = plan.rows[MAIN]
    if len(main) > 1:
        grow = min(extra_w * 0.8 / (len(main) - 1), 6.0 * f)
        for i in range(len(main) - 1):
            gap_w[(MAIN, i)] += grow

    def row_extent(r: int) -> tuple[float, float, float]:
        """(width of the nodes and gaps, reserve on the left, reserve on the right)"""
        row = plan.rows[r]
        w = sum(nw[s] for s in row) + sum(gap_w[(r, i)] for i in range(len(row) - 1))
        left = m.side_reserve.get(row[0], 0.0) if plan.loop_side.get(row[0]) == "left" else 0.0
        right = m.side_reserve.get(row[-1], 0.0) if plan.loop_side.get(row[-1]) == "right" else 0.0
        return w, left, right

    # ---------------------------------------------------------------- y positions
    n_top = sum(1 for r in plan.routes if r.channel == TOP)
    n_bottom = sum(1 for r in plan.routes if r.channel == BOTTOM)
    add_top = min(extra_h * 0.4, 0.9 * f * (n_top + 1))
    add_bottom = min(extra_h * 0.4, 0.9 * f * (n_bottom + 1)) if plan.rows[BOTTOM] else 0.0
    used_h = m.nat_h + add_top + add_bottom
    y = (H - used_h) / 2 + m.margin
    legend_y = y
    y += m.loop_band[TOP]
    top_row_h = max(nh if plan.rows[TOP] else 0.0, m.lh)
    row_y = [y + (top_row_h - nh) / 2, 0.0, 0.0]
    y += top_row_h
    top_ch_y0 = y
    y += m.top_ch + add_top
    row_y[MAIN] = y
    y += nh
    bottom_ch_y0 = y
    y += m.bottom_ch + add_bottom
    row_y[BOTTOM] = y

    nodes: dict[State, Rect] = {}

    def put_row(r: int, x: float) -> None:
        for i, s in enumerate(plan.rows[r]):
            nodes[s] = Rect(x, row_y[r], nw[s], nh)
            if i < len(plan.rows[r]) - 1:
                x += nw[s] + gap_w[(r, i)]

    w, left, right = row_extent(MAIN)
    put_row(MAIN, (W - (w + left + right)) / 2 + left)

    # ---------------------------------------------------------------- the legend, top left
    legend: list[tuple[str, str, Rect, Rect]] = []
    x = m.margin + min(extra_w * 0.05, 2.0 * f)
    ly = legend_y + (top_row_h - m.lh) / 2
    for kind, text in m.legend:
        sw = 2.2 * f if kind in ("line", "dash") else 1.5 * f
        sample = Rect(x, ly, sw, m.lh)
        x += sw + 0.35 * f
        tw = m.advance(text)
        legend.append((kind, text, sample, Rect(x, ly, tw + 1, m.lh)))
        x += tw + 1.1 * f

    al, aw = 0.75 * f, 0.55 * f

    def decorate(r: int) -> _Drawing:
        """Arrows between neighbours of row ``r`` and the self-loops of its nodes."""
        d = _Drawing()
        row = plan.rows[r]
        for i in range(len(row) - 1):
            trs = plan.gaps.get((r, i))
            if not trs:
                continue
            a, b = nodes[row[i]], nodes[row[i + 1]]
            bl = m.gap_blocks[(r, i)]
            stack = sum(x.h for x in bl) + 2 * (len(bl) - 1)
            yy = a.center.y - stack / 2
            cx = (a.right + b.left) / 2
            for tr, blk in zip(trs, bl, strict=True):
                ly = yy + blk.h / 2
                yy += blk.h + 2
                forward = plan.index_of[tr.target] > plan.index_of[tr.source]
                x0, x1 = (a.right, b.left) if forward else (b.left, a.right)
                sign = 1.0 if forward else -1.0
                path = Path(Pt(x0, ly))
                path.line_to(Pt(x1 - sign * al * 0.8, ly))
                d.stroke(tr, path, arrow(Pt(x1, ly), sign, 0.0, al, aw))
                d.block(blk, Rect(cx - blk.w / 2, ly - blk.h / 2, blk.w, blk.h))
        for s in row:
            trs = plan.loops.get(s)
            if not trs:
                continue
            rect = nodes[s]
            side = plan.loop_side[s]
            blk = m.loop_blocks[s]
            shapes, bounds = _loop_shapes(rect, side, len(trs), f)
            for tr, (path, head) in zip(trs, shapes, strict=True):
                d.stroke(tr, path, head)
            gap = 0.35 * f
            over = m.overhang[r]
            if side == "right":
                br = Rect(bounds.right + gap, rect.center.y - blk.h / 2, blk.w, blk.h)
            elif side == "left":
                br = Rect(bounds.left - gap - blk.w, rect.center.y - blk.h / 2, blk.w, blk.h)
            elif side == "up":
                br = Rect(bounds.right + gap, 0, blk.w, blk.h)
                br.y = min(bounds.top + blk.h * 0.5, rect.top - over - 2) - br.h  # its bottom there
            else:
                br = Rect(bounds.right + gap, 0, blk.w, blk.h)
                br.y = max(bounds.bottom - blk.h * 0.5, rect.bottom + over + 2)
            d.block(blk, br, "right" if side == "left" else "left")
        return d

    def overlaps(blocks: list[Block], fixed: list[Block], rows: list[int]) -> list[str]:
        """Labels of ``blocks`` against each other, ``fixed`` labels, and the nodes of ``rows``."""
        found: list[str] = []
        placed = [nodes[s] for r in rows for s in plan.rows[r] if s in nodes]
        names = [s.name for r in rows for s in plan.rows[r] if s in nodes]
        for i, bk in enumerate(blocks):
            rc = bk.rect
            for other in blocks[i + 1 :] + fixed:
                if rc.intersects(other.rect):
                    found.append(f"label {bk.tip!r} overlaps label {other.tip!r}")
            for name, nr in zip(names, placed, strict=True):
                if rc.intersects(nr):
                    found.append(f"label {bk.tip!r} overlaps node {name}")
            if rc.left < 0 or rc.right > W or rc.top < 0 or rc.bottom > H:
                found.append(f"label {bk.tip!r} outside the area")
        return found

    out.merge(decorate(MAIN))
    legend_blocks = [Block([], 0, 0, sample.united(trect), f"legend {text}") for _k, text, sample, trect in legend]

    # ---------------------------------------------------------------- the end rows: search where they sit
    top_lanes_end = row_y[MAIN] - m.clear - m.overhang[MAIN] - m.loop_band[MAIN] - (2 if m.loop_band[MAIN] else 0)
    channel_y = {  # where the lanes of each channel may run
        TOP: (top_ch_y0 + m.clear + m.overhang[TOP], top_lanes_end),
        BOTTOM: (bottom_ch_y0 + m.clear + m.overhang[MAIN], row_y[BOTTOM] - m.clear - m.overhang[BOTTOM]),
    }
    done_rows = [MAIN]
    for r in (TOP, BOTTOM):
        row = plan.rows[r]
        routes = [k for k, rt in enumerate(plan.routes) if rt.channel == r]
        if not row:
            if routes:
                out.merge(_route_channel(m, plan, nodes, routes, r, channel_y[r], W))
            continue
        w, left, right = row_extent(r)
        lo_x = m.margin + left
        hi_x = W - m.margin - right - w
        centred = (W - (w + left + right)) / 2 + left
        candidates = [centred]
        for i, s in enumerate(row):
            offset = sum(nw[o] for o in row[:i]) + sum(gap_w[(r, j)] for j in range(i))
            for anchor in main:
                candidates.append(nodes[anchor].center.x - nw[s] / 2 - offset)
        best: tuple[float, float, _Drawing] | None = None
        fixed = out.blocks + legend_blocks
        tried: set[float] = set()
        for x0 in candidates:
            x0 = min(max(x0, lo_x), max(lo_x, hi_x))
            if round(x0 * 2) in tried:
                continue
            tried.add(round(x0 * 2))
            put_row(r, x0)
            res = _route_channel(m, plan, nodes, routes, r, channel_y[r], W) if routes else _Drawing()
            res.merge(decorate(r))
            bad = len(res.problems) + len(overlaps(res.blocks, fixed, done_rows + [r]))
            bad += sum(1 for s in row for lb in legend_blocks if nodes[s].intersects(lb.rect))
            score = 1000.0 * bad + 10.0 * res.crossings + 0.01 * res.length + 0.02 * abs(x0 - centred)
            if best is None or score < best[0] - 1e-6:
                best = (score, x0, res)
        assert best is not None  # the centred position is always a candidate
        _score, x0, res = best
        put_row(r, x0)
        out.merge(res)
        done_rows.append(r)

    # ---------------------------------------------------------------- anything else: a straight line
    for tr in plan.straight:
        p0, p1 = nodes[tr.source].center, nodes[tr.target].center
        path = Path(p0)
        path.line_to(p1)
        out.stroke(tr, path, arrow(p1, p1.x - p0.x, p1.y - p0.y, al, aw))
        blk = _make_block([(tr,)], m.tr, m.advance, None, m.pad_x, m.pad_y, m.lh)
        c = Pt((p0.x + p1.x) / 2, (p0.y + p1.y) / 2)
        out.block(blk, Rect(c.x - blk.w / 2, c.y - blk.h / 2, blk.w, blk.h))
        out.problems.append(f"drawn as a straight line: {blk.tip!r}")

    # ---------------------------------------------------------------- checks: labels vs labels, nodes, area
    problems = out.problems
    blocks = out.blocks
    problems += overlaps(blocks, legend_blocks, [TOP, MAIN, BOTTOM])
    # no line may run under a label that is not its own (the label's background would hide it)
    for (path, _failure), owner in zip(out.strokes, out.owners, strict=True):
        outline = None
        reach = path.control_rect()
        for bk in blocks:
            if not bk.entries or any(t in owner for e in bk.entries for t in e.transitions):
                continue
            if reach.intersects(bk.rect):
                outline = outline if outline is not None else stroke(path, 1.0)
                if meets(outline, bk.rect.adjusted(1, 1, -1, -1)):
                    problems.append(f"a line of {sorted(t.label for t in owner)} runs under label {bk.tip!r}")
    items = list(nodes.items())
    for i, (s, nr) in enumerate(items):
        if nr.left < 0 or nr.right > W or nr.top < 0 or nr.bottom > H:
            problems.append(f"node {s.name} outside the area")
        for s2, nr2 in items[i + 1 :]:
            if nr.intersects(nr2):
                problems.append(f"node {s.name} overlaps node {s2.name}")
        if any(nr.intersects(lb.rect) for lb in legend_blocks):
            problems.append(f"node {s.name} overlaps the legend")

    return Geometry(
        W,
        H,
        View(),
        f,
        m.lh,
        m.pad_x,
        m.pad_y,
        nodes,
        {st: m.tr("Lifecycle", STATE_INFO[st].title) for st in nodes},
        out.strokes,
        out.arrows,
        out.dots,
        blocks,
        out.edges,
        out.edge_block,
        legend,
        problems,
    )


def _route_channel(
    m: _Metrics,
    plan: Plan,
    nodes: dict[State, Rect],
    idx: list[int],
    channel: int,
    bounds: tuple[float, float],
    W: float,
) -> _Drawing:
    """Orthogonal routes through one channel: lane order, ports, lines, labels."""
    f = m.f
    out = _Drawing()
    al, aw = 0.75 * f, 0.55 * f
    radius = 0.55 * f

    def edge_y(s: State) -> float:
        rect = nodes[s]
        r = plan.row_of[s]
        if channel == TOP:
            return rect.bottom if r == TOP else rect.top
        return rect.bottom if r == MAIN else rect.top

    # what does not depend on the lane order, computed once
    centre = {st: nodes[st].center.x for k in idx for st in (*plan.routes[k].sources, plan.routes[k].target)}
    facing = "up" if channel == TOP else "down"  # the arches on the channel's side of a node take room
    arches = {st: _arch_zone(len(plan.loops[st]), f) for st in centre if plan.loop_side.get(st) == facing}
    ports = port_ranges({st: (nodes[st].left, nodes[st].w) for st in centre}, arches)
    ends = route_ends({k: (plan.routes[k].sources, plan.routes[k].target) for k in idx}, centre, edge_y)
    channel_lanes = Channel(
        *bounds,
        channel == TOP,
        {k: m.route_blocks[k].h for k in idx},
        ends,
        ports,
        {st: plan.row_of[st] == MAIN for st in centre},
        0.6 * f,
    )
    lanes = best_lanes(channel_lanes, idx)
    eps, ys, verticals = lanes.ends, lanes.ys, lanes.verticals
    out.crossings, out.length = lanes.crossings, lanes.length
    if lanes.stacked:
        out.problems.append(f"{lanes.stacked} vertical line(s) drawn over another route's")

    for k in idx:
        route = plan.routes[k]
        v = sorted(eps[k], key=lambda e: e.x)
        ly = ys[k]
        fail = route.failure
        tgt = next(e for e in v if e.target)
        dtip = 1.0 if tgt.edge_y > ly else -1.0
        stop = dtip * al * 0.8
        # the outer U with rounded corners, inner endpoints as T-junctions with a dot
        pts = [
            Pt(v[0].x, v[0].edge_y - (stop if v[0].target else 0)),
            Pt(v[0].x, ly),
            Pt(v[-1].x, ly),
            Pt(v[-1].x, v[-1].edge_y - (stop if v[-1].target else 0)),
        ]
        if abs(v[0].x - v[-1].x) < 0.5:
            pts = [pts[0], pts[-1]]
        mine = frozenset(t for group in route.entries for t in group)
        out.strokes.append((rounded(pts, radius), fail))
        out.owners.append(mine)
        for e in v[1:-1]:
            p = Path(Pt(e.x, ly))
            p.line_to(Pt(e.x, e.edge_y - (stop if e.target else 0)))
            out.strokes.append((p, fail))
            out.owners.append(mine)
            out.dots.append((Pt(e.x, ly), fail))
        head = arrow(Pt(tgt.x, tgt.edge_y), 0.0, dtip, al, aw)
        out.arrows.append((head, fail))
        for group in route.entries:  # one highlight path per transition
            for t in group:
                src = next(e for e in v if e.state is t.source and not e.target)
                end = Pt(tgt.x, tgt.edge_y - stop)
                if abs(src.x - tgt.x) >= 0.5:
                    hp = rounded([Pt(src.x, src.edge_y), Pt(src.x, ly), Pt(tgt.x, ly), end], radius)
                else:
                    hp = rounded([Pt(src.x, src.edge_y), end], radius)
                out.edges[t] = EdgeShape(hp, head, t.failure)
        blk = m.route_blocks[k]
        cx = lane_label_x(blk.w, blk.h, ly, v[0].x, v[-1].x, tgt.x, verticals, 0.6 * f, W)
        if cx is None:
            out.problems.append(f"no room on its lane for {blk.tip!r}")
            cx = (v[0].x + v[-1].x) / 2
        out.block(blk, Rect(cx - blk.w / 2, ly - blk.h / 2, blk.w, blk.h))
    return out


def fit(
    plan: Plan,
    W: float,
    H: float,
    size: TextSize,
    tr: Translate,
    legend_texts: list[tuple[str, str]],
    bar: float = 0.0,
    family: str = "",
) -> Geometry:
    """The largest readable layout of ``plan`` for a W x H area, its labels measured by ``size``
    and translated by ``tr`` (in the type ``family``, a name kept for the painter). When not even
    the smallest type fits, the smallest layout is kept at its natural size (never scaled below
    ``MIN_FONT``): its ``content_w`` x ``content_h`` is then larger than the area and the widget
    scrolls, its ``view_w`` x ``view_h`` being the area less the scroll bars (``bar`` thick) it
    needs."""
    fallback: list[tuple[float, _Metrics]] = []
    for f in _FONT_SIZES:
        if f > max(MIN_FONT, H / 17):
            continue
        for wrap in _WRAPS:
            m = _measure(plan, f, wrap, size, tr, legend_texts)
            if m.nat_w <= W * 0.99 and m.nat_h <= H * 0.99:
                g = _place(m, W, H)
                if g.penalty == 0:
                    g.content_w, g.content_h = g.view_w, g.view_h = W, H
                    g.family = family
                    return g
            if f == MIN_FONT:
                # nothing fits: the layout that shows most of itself; a little less of it beats heavy wrapping
                shown = min(1.0, W / m.nat_w) * min(1.0, H / m.nat_h)
                fallback.append((shown * (1.0 - 0.03 * _WRAPS.index(wrap)), m))
    fallback.sort(key=lambda sm: -sm[0])
    first: Geometry | None = None
    for grow in (1.0, 1.1, 1.25):  # the natural size is tight for some placements: a little more room
        for _score, m in fallback:
            nw, nh = math.ceil(m.nat_w * grow), math.ceil(m.nat_h)
            vw, vh = W, H  # the area less the scroll bars the drawing needs in it
            for _ in range(2):
                vw, vh = (W - bar if nh > vh else W), (H - bar if nw > vw else H)
            cw, ch = max(vw, nw), max(vh, nh)
            g = _place(m, cw, ch)
            g.content_w, g.content_h, g.view_w, g.view_h = cw, ch, vw, vh
            g.family = family
            if g.penalty == 0:
                return g
            first = first or g
    assert first is not None
    return first


# --------------------------------------------------------------------------- readings


def node_at(g: Geometry, p: Pt) -> State | None:
    """The state whose box (give or take 2 px) holds ``p`` (in the layout's coordinates)."""
    return next((s for s, r in g.nodes.items() if r.adjusted(-2, -2, 2, 2).contains(p)), None)


def block_at(g: Geometry, p: Pt) -> Block | None:
    """The label block that holds ``p`` (in the layout's coordinates)."""
    return next((b for b in g.blocks if b.rect.contains(p)), None)


def vertical_neighbour(plan: Plan, g: Geometry, s: State, d: int) -> State:
    """The state in the row ``d`` (-1 up, 1 down) from ``s``'s nearest to it across; ``s`` at an edge."""
    rows = [r for r in (TOP, MAIN, BOTTOM) if plan.rows[r]]
    k = rows.index(plan.row_of[s]) + d
    if not 0 <= k < len(rows):
        return s
    cx = g.nodes[s].center.x
    return min(plan.rows[rows[k]], key=lambda o: abs(g.nodes[o].center.x - cx))


def quietest_corner(g: Geometry, back: View, vp: Rect, w: float, h: float, hot: list[State]) -> Rect:
    """The corner of the view ``vp`` (top left first) where a ``w`` x ``h`` box covers the fewest
    of the ``hot`` states, then states, then labels, then lines (drawn 3 px wide); ``back`` maps
    the view to the layout's coordinates."""
    outlines = g.outlines()
    corners = (
        (vp.left + 2, vp.top + 2),
        (vp.right - w - 2, vp.top + 2),
        (vp.left + 2, vp.bottom - h - 2),
        (vp.right - w - 2, vp.bottom - h - 2),
    )
    best, best_cost = Rect(), None
    for x, y in corners:
        box = Rect(x, y, w, h)
        under = back.map_rect(box)  # in the layout's coordinates
        cost = (
            sum(1 for s in hot if s in g.nodes and g.nodes[s].intersects(under)),
            sum(1 for r in g.nodes.values() if r.intersects(under)),
            sum(1 for b in g.blocks if b.rect.intersects(under)),
            sum(1 for o in outlines if meets(o, under)),
        )
        if best_cost is None or cost < best_cost:
            best, best_cost = box, cost
    return best


def keep_in_view(
    g: Geometry, first: State, also: State | None, view: tuple[float, float], bars: list[tuple[int, int] | None]
) -> list[int | None]:
    """The scroll values (across, then up and down) that bring ``first`` into view with 24 px
    round it, and ``also`` with it when both fit the ``view`` (its width and height); ``bars``:
    each bar's value and maximum, None where the drawing does not scroll that way (its value
    None too). The position within reach cuts the fewest states and labels in half
    (:func:`~inspector.session.diagram_plan.reveal`)."""
    t = g.view
    rect = t.map_rect(g.nodes[first]).adjusted(-24, -24, 24, 24)
    if also is not None and also in g.nodes:
        both = rect.united(t.map_rect(g.nodes[also]).adjusted(-24, -24, 24, 24))
        if both.w <= view[0] and both.h <= view[1]:
            rect = both
    boxes = [t.map_rect(r) for r in g.nodes.values()]
    labels = [t.map_rect(b.rect) for b in g.blocks]
    out: list[int | None] = []
    for axis, bar in enumerate(bars):
        if bar is None:
            out.append(None)
            continue
        spans = [(r.left, r.right) if axis == 0 else (r.top, r.bottom) for r in boxes]
        texts = [(r.left, r.right) if axis == 0 else (r.top, r.bottom) for r in labels]
        lo, hi = (rect.left, rect.right) if axis == 0 else (rect.top, rect.bottom)
        out.append(reveal(bar[0], (lo, hi), view[axis], bar[1], spans, texts))
    return out


def scaled(old: Geometry, w: float, h: float) -> Geometry:
    """The layout ``old`` shown in a ``w`` x ``h`` area until it is laid out again for it (after a
    resize): scaled to fit and centred, but never to type below ``MIN_FONT`` (larger than the
    area then: it scrolls)."""
    s0 = old.view.s
    k = min(w / max(1.0, old.width * s0), h / max(1.0, old.height * s0))
    s = max(s0 * k, MIN_FONT / old.f)
    cw, ch = old.width * s, old.height * s
    dx, dy = max(0.0, (w - cw) / 2), max(0.0, (h - ch) / 2)
    return dataclasses.replace(
        old, view=View(s, dx, dy), content_w=max(w, cw), content_h=max(h, ch), view_w=w, view_h=h
    )


def legend_pin(g: Geometry, view: View, vp: Rect, pad: float) -> tuple[int, int] | None:
    """The size of the legend's copy pinned over the view ``vp`` (``pad`` round it), when the
    drawing, shown through ``view``, has the legend (partly) out of it; None when it is wholly in
    view or there is none."""
    if not g.legend:
        return None
    area = g.legend_area()
    if vp.contains_rect(view.map_rect(area)):
        return None
    content = g.view.map_rect(area)
    return math.ceil(content.w + 2 * pad), math.ceil(content.h + 2 * pad)


#: how the keyboard moves between states: along the keyboard's order (the next, the previous
#: one, round at the ends; the first, the last) or to the nearest state in the row above or below
FOCUS_MOVES = ("next", "previous", "first", "last", "up", "down")


def moved_focus(plan: Plan, g: Geometry | None, focus: State, move: str) -> State:
    """The state the keyboard focus moves to from ``focus`` (:data:`FOCUS_MOVES`); up and down
    need the layout ``g`` (without one the focus stays)."""
    order = focus_order(plan)
    if move in ("next", "previous"):
        return order[(order.index(focus) + (1 if move == "next" else -1)) % len(order)]
    if move in ("first", "last"):
        return order[0 if move == "first" else -1]
    return vertical_neighbour(plan, g, focus, -1 if move == "up" else 1) if g is not None else focus


def wheel_scroll(dx: int, dy: int, shift: bool, shown: tuple[bool, bool], step: int) -> tuple[int, int]:
    """How far a turn of the wheel (``dx``, ``dy`` in eighths of a degree, 120 a notch) scrolls
    the drawing, across and down (two ``step``s a notch, back for a turn away); ``shown``: which
    scroll bars there are. Shift turns a vertical wheel into a horizontal one, and so does a
    drawing that only scrolls across."""
    if shift and not dx:
        dx, dy = dy, 0
    if dy and not shown[1]:
        dx, dy = dy, 0
    across, down = (int(d / 120 * step * 2) if d and on else 0 for d, on in zip((dx, dy), shown, strict=True))
    return across, down
