"""The live lifecycle diagram, drawn from the protocol's own transition tables.

Theory of operation
-------------------
Nothing about states or edges is written down here: :func:`diagram_table` says which
transitions exist and this module only decides where to put them. Layout happens in three
steps, each cached:

1. **Plan** (per table): rows and edges. The *main row* is the happy path, laid left to right
   as a depth-first walk of non-failure edges from the initial state (the one nothing leads
   into), shorter branches first so the longest path stays one unbroken spine. Final states
   reached only through failure edges (Failed) go on a row *above*; the other end states
   (Shutting down, Terminated) on a row *below*. Edges between neighbours in a row are
   straight arrows, parallel ones offset; edges between rows run through the *channel*
   between them as orthogonal routes. Transitions that share a target and a label become one
   *bus* ("server exited / pipe lost" from every live state into Failed is one labelled line
   with one stub per source), and parallel transitions between the same two states share one
   route with a stacked label. Self-loops hang off the free end of a row, or arch over the
   top (bottom) edge of a node inside a row.
2. **Measure** (per table, font size and wrap width): the smallest size the plan needs.
3. **Place** (per table and widget size): the largest font whose natural size fits the
   widget is chosen, spare room goes into the gaps and channels, the Failed and shutdown rows
   slide to where their labels fit with the fewest crossings, lanes in each channel are
   ordered to minimise crossings and never draw two routes on one line, and every label is
   put where it overlaps no other label, node or line. Type is never smaller than 11 px: when
   even the smallest font does not fit, the smallest layout keeps its natural size and the
   widget scrolls (scroll bars, the wheel, a drag on empty space), keeping the current state
   and the held step's target in view as they change. :meth:`LifecycleDiagram.layout_for_tests`
   exposes the result, with the list of problems (empty for every table at every tested size).

Painting draws a cached pixmap of the static picture (the whole drawing, scrolled), then the
highlights on top (current state, last edge and its animation, focus ring, hover): about a
millisecond a frame, and as much again for the scroll bars when it scrolls
(``benchmarks/diagram_paint.py``). An export (:meth:`LifecycleDiagram.paint_export`) paints the whole drawing
as shapes and text, at rest (no animation, hover or focus ring), with a caption naming the
state, the era and the entry, so an SVG is a drawing and a PNG is sharp at any scale.
``set_state`` with nothing new returns before touching the widget. While the widget is being
resized the previous layout is shown scaled and the new one computed 80 ms after the last
resize; a machine switch lays out in ``set_machine``, not in ``paintEvent``.

Clicking a state, or Enter on the keyboard focus (Tab in, arrows to move), explains it in a
plain-text panel beside the drawing when the widget is wide and below it when not.

Colours come from the widget's :class:`QPalette` (base, text, highlight); the only colour not
in a palette, the error red, is chosen from the base colour's lightness. Failure edges are
dashed and the legend says so, so colour is never the only cue.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from dataclasses import dataclass, field

from PySide6.QtCore import (
    QCoreApplication,
    QEasingCurve,
    QEvent,
    QPointF,
    QRectF,
    QSize,
    Qt,
    QTimer,
    QVariantAnimation,
    Signal,
)
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPaintEngine,
    QPainter,
    QPainterPath,
    QPainterPathStroker,
    QPalette,
    QPen,
    QPixmap,
    QPolygonF,
    QTransform,
)
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QScrollArea, QScrollBar, QSizePolicy, QStyle, QToolButton, QToolTip, QWidget

from inspector.protocol.lifecycle import STATE_INFO, TRANSPORTS, State, Transition, diagram_table, states_of
from inspector.protocol.teaching import LESSONS
from inspector.protocol.versions import Era, EraMode
from inspector.session.labels import ERA_LABELS
from .theme import colour, is_dark, mix
from .whole_lines import WholeLines, label_runs

__all__ = ["LifecycleDiagram"]

TOP, MAIN, BOTTOM = 0, 1, 2
_FONT_SIZES = (14, 13, 12, 11)  # label pixel sizes tried, largest first: never below 11 px (scrolls instead)
_WRAPS = (None, 17.0, 12.0, 8.5)  # label wrap widths in ems (None: never wrap)
_MIN_FONT = _FONT_SIZES[-1]
MIN_HEIGHT = 180  # the widget's least height: a window never squeezes it to a strip (it scrolls within)
_ANIM_MS = 600


def _lc(text: str) -> str:
    """Protocol-table text (titles, explanations, labels) in the current language."""
    return QCoreApplication.translate("Lifecycle", text)


# --------------------------------------------------------------------------- plan (per table)


@dataclass(eq=False)
class _Entry:
    """One label of a block: a transition label shared by one or more transitions."""

    text: str
    transitions: tuple[Transition, ...]
    failure: bool
    rows: list[str] = field(default_factory=list)


@dataclass(eq=False)
class _RouteSpec:
    channel: int  # TOP: between the top row and the main row; BOTTOM: below the main row
    target: State
    sources: tuple[State, ...]
    entries: list[Transition | tuple[Transition, ...]]
    failure: bool


@dataclass(eq=False)
class _Plan:
    table: tuple[Transition, ...]
    states: list[State]
    rows: list[list[State]]
    row_of: dict[State, int]
    index_of: dict[State, int]
    loops: dict[State, list[Transition]]
    loop_side: dict[State, str]
    gaps: dict[tuple[int, int], list[Transition]]
    routes: list[_RouteSpec]
    straight: list[Transition]
    initial: State | None


def _analyse(table: tuple[Transition, ...]) -> _Plan:
    states = states_of(table)
    out: dict[State, list[Transition]] = {s: [] for s in states}
    inc: dict[State, list[Transition]] = {s: [] for s in states}
    for tr in table:
        out[tr.source].append(tr)
        inc[tr.target].append(tr)

    def others_in(s: State) -> list[Transition]:
        return [t for t in inc[s] if t.source is not s]

    def others_out(s: State) -> list[Transition]:
        return [t for t in out[s] if t.target is not s]

    initial = next((s for s in states if not others_in(s)), states[0] if states else None)
    final = {s for s in states if s.final}
    end = set(final)
    for s in states:
        o = others_out(s)
        if s not in final and o and all(t.target in final for t in o):
            end.add(s)  # e.g. Shutting down: it can only end
    top = [s for s in states if s in final and others_in(s) and all(t.failure for t in others_in(s))]
    bottom_set = [s for s in states if s in end and s not in top]
    live = [s for s in states if s not in end]
    live_set = set(live)
    order_index = {s: i for i, s in enumerate(states)}

    children: dict[State, list[State]] = {}
    for s in live:
        kids: list[State] = []
        for t in out[s]:
            if not t.failure and t.target is not s and t.target in live_set and t.target not in kids:
                kids.append(t.target)
        children[s] = kids

    longest: dict[State, int] = {}

    def depth(s: State, stack: frozenset[State]) -> int:
        if s in longest:
            return longest[s]
        best = 0
        for c in children[s]:
            if c not in stack:
                best = max(best, depth(c, stack | {c}))
        longest[s] = best + 1
        return best + 1

    main: list[State] = []
    seen: set[State] = set()

    def visit(s: State) -> None:
        seen.add(s)
        main.append(s)
        kids = sorted(children[s], key=lambda c: (depth(c, frozenset({c})), order_index[c]))
        for c in kids:
            if c not in seen:
                visit(c)

    if initial is not None and initial in live_set:
        visit(initial)
    for s in live:
        if s not in seen:
            visit(s)

    # bottom row in topological order of its own edges, declaration order breaking ties
    bottom: list[State] = []
    pending = list(bottom_set)
    while pending:
        ready = [s for s in pending if not any(t.source in pending and t.source is not s for t in inc[s])]
        pick = ready[0] if ready else pending[0]
        bottom.append(pick)
        pending.remove(pick)

    rows = [top, main, bottom]
    row_of: dict[State, int] = {}
    index_of: dict[State, int] = {}
    for r, row in enumerate(rows):
        for i, s in enumerate(row):
            row_of[s] = r
            index_of[s] = i

    loops: dict[State, list[Transition]] = {}
    gaps: dict[tuple[int, int], list[Transition]] = {}
    straight: list[Transition] = []
    groups: dict[tuple, list[Transition]] = {}
    for tr in table:
        s, t = tr.source, tr.target
        if s is t:
            loops.setdefault(s, []).append(tr)
            continue
        rs, rt = row_of[s], row_of[t]
        if rs == rt and abs(index_of[s] - index_of[t]) == 1:
            gaps.setdefault((rs, min(index_of[s], index_of[t])), []).append(tr)
            continue
        pair = {rs, rt}
        if pair == {MAIN, BOTTOM} or pair == {BOTTOM}:
            channel = BOTTOM
        elif pair == {MAIN, TOP} or pair == {MAIN} or pair == {TOP}:
            channel = TOP
        else:
            straight.append(tr)
            continue
        groups.setdefault((channel, t, tr.label, tr.failure), []).append(tr)

    merged: dict[tuple, _RouteSpec] = {}
    routes: list[_RouteSpec] = []
    for (channel, target, _label, failure), trs in groups.items():
        sources = tuple(sorted({t.source for t in trs}, key=lambda s: (row_of[s], index_of[s])))
        key = (channel, target, sources, failure)
        route = merged.get(key)
        if route is None:
            route = _RouteSpec(channel, target, sources, [], failure)
            merged[key] = route
            routes.append(route)
        route.entries.append(tuple(trs))

    loop_side: dict[State, str] = {}
    for s in loops:
        r, i, n = row_of[s], index_of[s], len(rows[row_of[s]])
        if i == n - 1:
            loop_side[s] = "right"
        elif i == 0:
            loop_side[s] = "left"
        else:
            loop_side[s] = "down" if r == BOTTOM else "up"
    return _Plan(table, states, rows, row_of, index_of, loops, loop_side, gaps, routes, straight, initial)


# --------------------------------------------------------------------------- geometry helpers


def _arrow(tip: QPointF, dx: float, dy: float, length: float, width: float) -> QPolygonF:
    n = math.hypot(dx, dy) or 1.0
    ux, uy = dx / n, dy / n
    bx, by = tip.x() - ux * length, tip.y() - uy * length
    return QPolygonF([tip, QPointF(bx - uy * width / 2, by + ux * width / 2), QPointF(bx + uy * width / 2, by - ux * width / 2)])


def _rounded(points: list[QPointF], radius: float) -> QPainterPath:
    path = QPainterPath(points[0])
    for i in range(1, len(points) - 1):
        a, b, c = points[i - 1], points[i], points[i + 1]
        d1 = math.hypot(b.x() - a.x(), b.y() - a.y())
        d2 = math.hypot(c.x() - b.x(), c.y() - b.y())
        r = min(radius, d1 / 2, d2 / 2)
        if r < 0.5:
            path.lineTo(b)
            continue
        p1 = QPointF(b.x() + (a.x() - b.x()) * r / d1, b.y() + (a.y() - b.y()) * r / d1)
        p2 = QPointF(b.x() + (c.x() - b.x()) * r / d2, b.y() + (c.y() - b.y()) * r / d2)
        path.lineTo(p1)
        path.quadTo(b, p2)
    path.lineTo(points[-1])
    return path


def _glue_arrows(text: str) -> list[str]:
    """Words of a label, keeping arrows attached to their neighbour so no line is just '→'."""
    words = [w for w in text.split(" ") if w]
    out: list[str] = []
    carry = ""
    for w in words:
        if w in ("←", "⇐"):
            carry = (carry + " " + w).strip()
            continue
        if w in ("→", "⇒") and out:
            out[-1] += " " + w
            continue
        out.append((carry + " " + w).strip() if carry else w)
        carry = ""
    if carry:
        out.append(carry)
    return out


def _wrap(text: str, fm: QFontMetricsF, maxw: float | None) -> list[str]:
    if maxw is None or fm.horizontalAdvance(text) <= maxw:
        return [text]
    tokens: list[tuple[str, str]] = []  # (piece, separator before the next piece)
    for w in _glue_arrows(text):
        if fm.horizontalAdvance(w) > maxw and "/" in w.strip("/"):
            parts = w.split("/")
            for p in parts[:-1]:
                tokens.append((p + "/", ""))
            tokens.append((parts[-1], " "))
        else:
            tokens.append((w, " "))
    lines: list[str] = []
    cur = ""
    sep = ""
    for piece, after in tokens:
        trial = cur + sep + piece if cur else piece
        if cur and fm.horizontalAdvance(trial) > maxw:
            lines.append(cur)
            cur = piece
        else:
            cur = trial
        sep = after
    if cur:
        lines.append(cur)
    return lines


# --------------------------------------------------------------------------- measure


@dataclass(eq=False)
class _Block:
    entries: list[_Entry]
    w: float
    h: float
    rect: QRectF = field(default_factory=QRectF)
    tip: str = ""
    align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignHCenter


@dataclass(eq=False)
class _Metrics:
    plan: _Plan
    f: int
    wrap: float | None
    lf: QFont
    tf: QFont
    fm: QFontMetricsF
    lh: float
    pad_x: float
    pad_y: float
    node_w: dict[State, float]
    node_h: float
    gap_blocks: dict[tuple[int, int], list[_Block]]
    loop_blocks: dict[State, _Block]
    loop_ext: dict[State, tuple[float, float]]  # how far the loops stand out of the node
    route_blocks: list[_Block]
    gap_min: dict[tuple[int, int], float]
    side_reserve: dict[State, float]
    row_w: list[float]
    overhang: list[float]
    loop_band: list[float]  # per row: band above (TOP/MAIN) or below (BOTTOM) for corner loops
    legend: list[tuple[str, str]]
    legend_w: float
    legend_h: float
    margin: float
    clear: float
    top_ch: float
    bottom_ch: float
    nat_w: float
    nat_h: float


def _make_block(groups: list[tuple[Transition, ...]], fm: QFontMetricsF, maxw: float | None, pad_x: float, pad_y: float, lh: float) -> _Block:
    entries: list[_Entry] = []
    width = 0.0
    nrows = 0
    for trs in groups:
        text = _lc(trs[0].label)
        rows = _wrap(text, fm, maxw)
        entries.append(_Entry(text, trs, trs[0].failure, rows))
        nrows += len(rows)
        width = max(width, max(fm.horizontalAdvance(r) for r in rows))
    tip = "\n".join(
        f"{_lc(t.source.title)} → {_lc(t.target.title)}: {_lc(t.label)}" for e in entries for t in e.transitions
    )
    return _Block(entries, width + 2 * pad_x, nrows * lh + 2 * pad_y, tip=tip)


def _loop_shapes(rect: QRectF, side: str, count: int, f: float) -> tuple[list[tuple[QPainterPath, QPolygonF]], QRectF]:
    """Paths and arrow heads of ``count`` nested self-loops on one side of a node, and their bounds."""
    shapes: list[tuple[QPainterPath, QPolygonF]] = []
    al, aw = 0.65 * f, 0.5 * f
    nh = rect.height()
    bounds = QRectF()
    for j in range(count):
        b = (1.9 + 0.8 * j) * f
        if side in ("left", "right"):
            h = nh * (0.12 + 0.15 * j) if count > 1 else nh * 0.2
            ex = rect.right() if side == "right" else rect.left()
            d = 1.0 if side == "right" else -1.0
            start = QPointF(ex, rect.center().y() - h)
            end = QPointF(ex, rect.center().y() + h)
            path = QPainterPath(start)
            path.cubicTo(QPointF(ex + d * b, start.y() - 0.45 * b), QPointF(ex + d * b, end.y() + 0.45 * b), QPointF(end.x() + d * al * 0.7, end.y()))
            head = _arrow(end, -d, 0.0, al, aw)
        else:  # an arch on the top (or bottom) edge, near the right corner, away from the side arrows
            up = side == "up"
            ey = rect.top() if up else rect.bottom()
            dy = -1.0 if up else 1.0
            x0 = rect.right() - _ARCH_INSET * f
            x1 = x0 - (1.3 + 0.7 * j) * f
            rise = (1.25 + 0.55 * j) * f
            start = QPointF(x0, ey)
            end = QPointF(x1, ey)
            path = QPainterPath(start)
            path.cubicTo(QPointF(x0 + 0.35 * f, ey + dy * rise), QPointF(x1 - 0.35 * f, ey + dy * rise), QPointF(x1, ey + dy * al * 0.7))
            head = _arrow(end, 0.0, -dy, al, aw)
        shapes.append((path, head))
        bounds = bounds.united(path.boundingRect()) if not bounds.isNull() else path.boundingRect()
    return shapes, bounds


_ARCH_INSET = 0.45  # ems between a node's corner and its arches


def _arch_zone(count: int, f: float) -> float:
    """Width of a node's top (or bottom) edge taken by ``count`` arches, from the right corner."""
    return (_ARCH_INSET + 1.3 + 0.7 * (count - 1) + 0.8) * f


def _loop_ext(side: str, count: int, f: float, node_h: float) -> tuple[float, float]:
    """How far the loops stand out of a node: (sideways, vertically)."""
    rect = QRectF(0, 0, 10 * f, node_h)
    _shapes, b = _loop_shapes(rect, side, count, f)
    return max(b.right() - rect.right(), rect.left() - b.left(), 0.0), max(rect.top() - b.top(), b.bottom() - rect.bottom(), 0.0)


def _measure(plan: _Plan, f: int, wrap: float | None, family: str, legend_texts: list[tuple[str, str]]) -> _Metrics:
    lf = QFont(family)
    lf.setPixelSize(f)
    tf = QFont(family)
    tf.setPixelSize(f + 1)
    tf.setBold(True)
    bold = QFont(lf)
    bold.setBold(True)
    fm = QFontMetricsF(bold)  # a highlighted label is drawn bold: measure for that
    ftm = QFontMetricsF(tf)
    lh = QFontMetricsF(lf).height()
    pad_x = max(3.0, 0.4 * f)
    pad_y = 1.0
    maxw = None if wrap is None else wrap * f
    node_w = {s: max(ftm.horizontalAdvance(_lc(STATE_INFO[s].title)) + 1.6 * f, 5.5 * f) for s in plan.states}
    node_h = ftm.height() + 1.2 * f

    def block(groups, wrap_it=True):
        return _make_block(groups, fm, maxw if wrap_it else None, pad_x, pad_y, lh)

    arrow_clear = 1.0 * f
    # a lone label may wrap; parallel ones stay on one line each (wrapping them would grow every node)
    gap_blocks = {k: [block([(tr,)], wrap_it=len(trs) == 1) for tr in trs] for k, trs in plan.gaps.items()}
    for blocks in gap_blocks.values():
        stack = sum(b.h for b in blocks) + 2 * (len(blocks) - 1)
        # every parallel line must still end on the node
        node_h = max(node_h, stack - blocks[0].h / 2 - blocks[-1].h / 2 + 0.9 * f)
    loop_blocks = {s: block([(tr,) for tr in trs]) for s, trs in plan.loops.items()}
    loop_ext = {s: _loop_ext(plan.loop_side[s], len(trs), f, node_h) for s, trs in plan.loops.items()}
    route_blocks = [block(r.entries, wrap_it=False) for r in plan.routes]

    overhang = [0.0, 0.0, 0.0]
    for (r, _i), blocks in gap_blocks.items():
        stack = sum(b.h for b in blocks) + 2 * (len(blocks) - 1)
        overhang[r] = max(overhang[r], stack / 2 - node_h / 2 + 1)
    side_reserve: dict[State, float] = {}
    loop_band = [0.0, 0.0, 0.0]
    for s, b in loop_blocks.items():
        side = plan.loop_side[s]
        r = plan.row_of[s]
        if side in ("left", "right"):
            # beside the first or last node of a row: no lane passes there, so no overhang
            side_reserve[s] = loop_ext[s][0] + 0.35 * f + b.w + 2
        else:
            loop_band[r] = max(loop_band[r], b.h + 3, loop_ext[s][1] + 3)

    gap_min: dict[tuple[int, int], float] = {}
    row_w = [0.0, 0.0, 0.0]
    for r, row in enumerate(plan.rows):
        if not row:
            continue
        w = sum(node_w[s] for s in row)
        for i in range(len(row) - 1):
            need = 2.4 * f
            blocks = gap_blocks.get((r, i))
            if blocks:
                need = max(need, max(b.w for b in blocks) + 2 * arrow_clear)
            s = row[i]
            if s in loop_blocks and plan.loop_side[s] in ("up", "down"):
                need = max(need, loop_ext[s][0] + 0.35 * f + loop_blocks[s].w + 0.6 * f)
            gap_min[(r, i)] = need
            w += need
        for s in (row[0], row[-1]):
            w += side_reserve.get(s, 0.0)
        row_w[r] = w

    legend_w = 0.0
    for kind, text in legend_texts:
        legend_w += (2.2 * f if kind in ("line", "dash") else 1.5 * f) + 0.35 * f + fm.horizontalAdvance(text) + 1.1 * f
    legend_h = lh

    margin = max(6.0, 0.6 * f)
    clear = 0.5 * f
    band = 0.5 * f

    def lanes_h(channel: int) -> float:
        return sum(b.h + band for r, b in zip(plan.routes, route_blocks) if r.channel == channel)

    top_ch = clear + overhang[TOP] + lanes_h(TOP) + loop_band[MAIN] + overhang[MAIN] + clear
    if loop_band[MAIN]:
        top_ch += 2
    top_ch = max(top_ch, 1.6 * f)
    bottom_ch = clear + overhang[MAIN] + lanes_h(BOTTOM) + overhang[BOTTOM] + clear
    bottom_ch = max(bottom_ch, 1.6 * f) if plan.rows[BOTTOM] else overhang[MAIN] + clear
    top_row_h = max(node_h if plan.rows[TOP] else 0.0, legend_h)
    nat_h = 2 * margin + loop_band[TOP] + top_row_h + top_ch + node_h + bottom_ch
    if plan.rows[BOTTOM]:
        nat_h += node_h + loop_band[BOTTOM]
    nat_w = 2 * margin + max(row_w[MAIN], row_w[BOTTOM], row_w[TOP] + legend_w + 1.5 * f)
    return _Metrics(
        plan, f, wrap, lf, tf, fm, lh, pad_x, pad_y, node_w, node_h, gap_blocks, loop_blocks, loop_ext,
        route_blocks, gap_min, side_reserve, row_w, overhang, loop_band, legend_texts, legend_w, legend_h,
        margin, clear, top_ch, bottom_ch, nat_w, nat_h,
    )


# --------------------------------------------------------------------------- place


@dataclass(eq=False)
class _EdgeShape:
    path: QPainterPath
    arrow: QPolygonF
    failure: bool


@dataclass(eq=False)
class _Geometry:
    """Everything the painter needs, in logical coordinates (``transform`` maps to the widget)."""

    width: float
    height: float
    transform: QTransform
    f: int
    lf: QFont
    tf: QFont
    lh: float
    pad_x: float
    pad_y: float
    nodes: dict[State, QRectF]
    titles: dict[State, str]
    strokes: list[tuple[QPainterPath, bool]]
    arrows: list[tuple[QPolygonF, bool]]
    dots: list[tuple[QPointF, bool]]
    blocks: list[_Block]
    edges: dict[Transition, _EdgeShape]
    edge_block: dict[Transition, tuple[int, int]]
    legend: list[tuple[str, str, QRectF, QRectF]]
    problems: list[str] = field(default_factory=list)
    #: the drawing's size in widget pixels (at least the area it was laid out for): larger than
    #: the widget when even the smallest type does not fit, then the widget scrolls
    content_w: float = 0.0
    content_h: float = 0.0
    view_w: float = 0.0  # the part of the area it shows in (less the scroll bars it needs)
    view_h: float = 0.0

    @property
    def penalty(self) -> int:
        return len(self.problems)


@dataclass(eq=False)
class _Endpoint:
    state: State
    edge_y: float
    target: bool
    x: float = 0.0


def _place(m: _Metrics, W: float, H: float) -> _Geometry:
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
    top_row_h = max(nh if plan.rows[TOP] else 0.0, m.legend_h)
    row_y = [y + (top_row_h - nh) / 2, 0.0, 0.0]
    y += top_row_h
    top_ch_y0 = y
    y += m.top_ch + add_top
    row_y[MAIN] = y
    y += nh
    bottom_ch_y0 = y
    y += m.bottom_ch + add_bottom
    row_y[BOTTOM] = y

    nodes: dict[State, QRectF] = {}

    def put_row(r: int, x: float) -> None:
        for i, s in enumerate(plan.rows[r]):
            nodes[s] = QRectF(x, row_y[r], nw[s], nh)
            if i < len(plan.rows[r]) - 1:
                x += nw[s] + gap_w[(r, i)]

    w, left, right = row_extent(MAIN)
    put_row(MAIN, (W - (w + left + right)) / 2 + left)

    # ---------------------------------------------------------------- the legend, top left
    legend: list[tuple[str, str, QRectF, QRectF]] = []
    x = m.margin + min(extra_w * 0.05, 2.0 * f)
    ly = legend_y + (top_row_h - m.legend_h) / 2
    for kind, text in m.legend:
        sw = 2.2 * f if kind in ("line", "dash") else 1.5 * f
        sample = QRectF(x, ly, sw, m.legend_h)
        x += sw + 0.35 * f
        tw = m.fm.horizontalAdvance(text)
        legend.append((kind, text, sample, QRectF(x, ly, tw + 1, m.legend_h)))
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
            yy = a.center().y() - stack / 2
            cx = (a.right() + b.left()) / 2
            for tr, blk in zip(trs, bl):
                ly = yy + blk.h / 2
                yy += blk.h + 2
                forward = plan.index_of[tr.target] > plan.index_of[tr.source]
                x0, x1 = (a.right(), b.left()) if forward else (b.left(), a.right())
                sign = 1.0 if forward else -1.0
                path = QPainterPath(QPointF(x0, ly))
                path.lineTo(QPointF(x1 - sign * al * 0.8, ly))
                d.stroke(tr, path, _arrow(QPointF(x1, ly), sign, 0.0, al, aw))
                d.block(blk, QRectF(cx - blk.w / 2, ly - blk.h / 2, blk.w, blk.h))
        for s in row:
            trs = plan.loops.get(s)
            if not trs:
                continue
            rect = nodes[s]
            side = plan.loop_side[s]
            blk = m.loop_blocks[s]
            shapes, bounds = _loop_shapes(rect, side, len(trs), f)
            for tr, (path, head) in zip(trs, shapes):
                d.stroke(tr, path, head)
            gap = 0.35 * f
            over = m.overhang[r]
            if side == "right":
                br = QRectF(bounds.right() + gap, rect.center().y() - blk.h / 2, blk.w, blk.h)
            elif side == "left":
                br = QRectF(bounds.left() - gap - blk.w, rect.center().y() - blk.h / 2, blk.w, blk.h)
            elif side == "up":
                br = QRectF(bounds.right() + gap, 0, blk.w, blk.h)
                br.moveBottom(min(bounds.top() + blk.h * 0.5, rect.top() - over - 2))
            else:
                br = QRectF(bounds.right() + gap, 0, blk.w, blk.h)
                br.moveTop(max(bounds.bottom() - blk.h * 0.5, rect.bottom() + over + 2))
            d.block(blk, br, Qt.AlignmentFlag.AlignRight if side == "left" else Qt.AlignmentFlag.AlignLeft)
        return d

    def overlaps(blocks: list[_Block], fixed: list[_Block], rows: list[int]) -> list[str]:
        """Labels of ``blocks`` against each other, ``fixed`` labels, and the nodes of ``rows``."""
        found: list[str] = []
        placed = [nodes[s] for r in rows for s in plan.rows[r] if s in nodes]
        names = [s.name for r in rows for s in plan.rows[r] if s in nodes]
        for i, bk in enumerate(blocks):
            rc = bk.rect
            for other in blocks[i + 1 :] + fixed:
                if rc.intersects(other.rect):
                    found.append(f"label {bk.tip!r} overlaps label {other.tip!r}")
            for name, nr in zip(names, placed):
                if rc.intersects(nr):
                    found.append(f"label {bk.tip!r} overlaps node {name}")
            if rc.left() < 0 or rc.right() > W or rc.top() < 0 or rc.bottom() > H:
                found.append(f"label {bk.tip!r} outside the area")
        return found

    out.merge(decorate(MAIN))
    legend_blocks = [_Block([], 0, 0, sample.united(trect), f"legend {text}") for _k, text, sample, trect in legend]

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
                candidates.append(nodes[anchor].center().x() - nw[s] / 2 - offset)
        best = None
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
        _score, x0, res = best
        put_row(r, x0)
        out.merge(res)
        done_rows.append(r)

    # ---------------------------------------------------------------- anything else: a straight line
    for tr in plan.straight:
        a, b = nodes[tr.source], nodes[tr.target]
        p0, p1 = a.center(), b.center()
        path = QPainterPath(p0)
        path.lineTo(p1)
        out.stroke(tr, path, _arrow(p1, p1.x() - p0.x(), p1.y() - p0.y(), al, aw))
        blk = _make_block([(tr,)], m.fm, None, m.pad_x, m.pad_y, m.lh)
        c = (p0 + p1) / 2
        out.block(blk, QRectF(c.x() - blk.w / 2, c.y() - blk.h / 2, blk.w, blk.h))
        out.problems.append(f"drawn as a straight line: {blk.tip!r}")

    # ---------------------------------------------------------------- checks: labels vs labels, nodes, area
    problems = out.problems
    blocks = out.blocks
    problems += overlaps(blocks, legend_blocks, [TOP, MAIN, BOTTOM])
    # no line may run under a label that is not its own (the label's background would hide it)
    stroker = QPainterPathStroker()
    stroker.setWidth(1.0)
    for (path, _failure), owner in zip(out.strokes, out.owners):
        outline = None
        for bk in blocks:
            if not bk.entries or any(t in owner for e in bk.entries for t in e.transitions):
                continue
            if path.controlPointRect().intersects(bk.rect):
                outline = outline if outline is not None else stroker.createStroke(path)
                if outline.intersects(bk.rect.adjusted(1, 1, -1, -1)):
                    problems.append(f"a line of {sorted(t.label for t in owner)} runs under label {bk.tip!r}")
    items = list(nodes.items())
    for i, (s, nr) in enumerate(items):
        if nr.left() < 0 or nr.right() > W or nr.top() < 0 or nr.bottom() > H:
            problems.append(f"node {s.name} outside the area")
        for s2, nr2 in items[i + 1 :]:
            if nr.intersects(nr2):
                problems.append(f"node {s.name} overlaps node {s2.name}")
        if any(nr.intersects(lb.rect) for lb in legend_blocks):
            problems.append(f"node {s.name} overlaps the legend")

    return _Geometry(
        W, H, QTransform(), f, m.lf, m.tf, m.lh, m.pad_x, m.pad_y, nodes, {st: _lc(STATE_INFO[st].title) for st in nodes},
        out.strokes, out.arrows, out.dots,
        blocks, out.edges, out.edge_block, legend, problems,
    )


@dataclass(eq=False)
class _Drawing:
    """Shapes collected while placing; merged into the final geometry."""

    strokes: list[tuple[QPainterPath, bool]] = field(default_factory=list)
    arrows: list[tuple[QPolygonF, bool]] = field(default_factory=list)
    dots: list[tuple[QPointF, bool]] = field(default_factory=list)
    blocks: list[_Block] = field(default_factory=list)
    edges: dict[Transition, _EdgeShape] = field(default_factory=dict)
    edge_block: dict[Transition, tuple[int, int]] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    owners: list[frozenset[Transition]] = field(default_factory=list)  # per stroke: the transitions it draws
    crossings: float = 0.0
    length: float = 0.0

    def stroke(self, tr: Transition, path: QPainterPath, head: QPolygonF) -> None:
        self.strokes.append((path, tr.failure))
        self.owners.append(frozenset((tr,)))
        self.arrows.append((head, tr.failure))
        self.edges[tr] = _EdgeShape(path, head, tr.failure)

    def block(self, b: _Block, rect: QRectF, align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignHCenter) -> None:
        nb = _Block(b.entries, b.w, b.h, QRectF(rect), b.tip, align)
        self.blocks.append(nb)
        idx = len(self.blocks) - 1
        for k, e in enumerate(b.entries):
            for t in e.transitions:
                self.edge_block[t] = (idx, k)

    def merge(self, other: "_Drawing") -> None:
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


def _route_channel(
    m: _Metrics, plan: _Plan, nodes: dict[State, QRectF], idx: list[int], channel: int,
    bounds: tuple[float, float], W: float,
) -> _Drawing:
    """Orthogonal routes through one channel: lane order, ports, lines, labels."""
    f = m.f
    out = _Drawing()
    lanes_lo, lanes_hi = bounds
    spare = (lanes_hi - lanes_lo) - sum(m.route_blocks[k].h for k in idx)
    spacing = spare / max(1, len(idx) - 1) if len(idx) > 1 else 0.0
    al, aw = 0.75 * f, 0.55 * f
    radius = 0.55 * f

    loop_zone = {s: _arch_zone(len(trs), f) for s, trs in plan.loops.items() if plan.loop_side[s] in ("up", "down")}

    def edge_y(s: State) -> float:
        rect = nodes[s]
        r = plan.row_of[s]
        if channel == TOP:
            return rect.bottom() if r == TOP else rect.top()
        return rect.bottom() if r == MAIN else rect.top()

    def lane_ys(order: list[int]) -> dict[int, float]:
        """Lane centre per route; ``order`` lists routes nearest the main row first."""
        ys: dict[int, float] = {}
        if len(order) == 1:
            ys[order[0]] = (lanes_lo + lanes_hi) / 2
            return ys
        if channel == TOP:
            yy = lanes_hi
            for k in order:
                bh = m.route_blocks[k].h
                ys[k] = yy - bh / 2
                yy -= bh + spacing
        else:
            yy = lanes_lo
            for k in order:
                bh = m.route_blocks[k].h
                ys[k] = yy + bh / 2
                yy += bh + spacing
        return ys

    # what does not depend on the lane order, computed once
    centre = {st: nodes[st].center().x() for k in idx for st in (*plan.routes[k].sources, plan.routes[k].target)}
    proto: dict[int, list[tuple[State, float, bool, int]]] = {}
    for k in idx:
        r = plan.routes[k]
        ends = [(st, False) for st in r.sources] + [(r.target, True)]
        lst = []
        for j, (st, is_target) in enumerate(ends):
            others = [centre[o] for i, (o, _t) in enumerate(ends) if i != j]
            dx = (sum(others) / len(others) if others else 0.0) - centre[st]
            lst.append((st, edge_y(st), is_target, -1 if dx < -1 else (0 if dx <= 1 else 1)))
        proto[k] = lst
    port_range: dict[State, tuple[float, float]] = {}
    for st in centre:
        rect = nodes[st]
        w = rect.width()
        facing = plan.loop_side.get(st) == ("up" if channel == TOP else "down")
        lo = rect.left() + 0.2 * w
        hi = rect.right() - max(0.2 * w, loop_zone.get(st, 0.0) if facing else 0.0)
        if hi - lo < 0.2 * w:
            lo, hi = rect.left() + 0.15 * w, rect.right() - 0.15 * w
        port_range[st] = (lo, hi)
    on_main = {st: plan.row_of[st] == MAIN for st in centre}

    def assign(order: list[int]) -> tuple[dict[int, list[_Endpoint]], dict[int, float]]:
        ys = lane_ys(order)
        last = len(order) - 1
        eps: dict[int, list[_Endpoint]] = {}
        per_node: dict[State, list[tuple[tuple, _Endpoint]]] = {}
        for depth, k in enumerate(order):
            lst = []
            for st, ey, is_target, direction in proto[k]:
                ep = _Endpoint(st, ey, is_target)
                lst.append(ep)
                dd = depth if on_main[st] else last - depth
                key = (0, dd) if direction < 0 else ((1, 0) if direction == 0 else (2, -dd))
                per_node.setdefault(st, []).append((key, ep))
            eps[k] = lst
        for st, lst in per_node.items():
            lo, hi = port_range[st]
            lst.sort(key=lambda t: t[0])
            n = len(lst)
            for j, (_key, ep) in enumerate(lst):
                ep.x = lo + (hi - lo) * (j + 0.5) / n
        return eps, ys

    near = 0.6 * f

    def crossings(eps, ys) -> tuple[float, float, int]:
        """(lines crossing a lane, total length, vertical lines of two routes drawn on top of each other)"""
        spans = {k: (min(e.x for e in v), max(e.x for e in v)) for k, v in eps.items()}
        count = 0.0
        length = 0.0
        verts = []
        for k, v in eps.items():
            length += spans[k][1] - spans[k][0]
            for e in v:
                y0, y1 = sorted((e.edge_y, ys[k]))
                verts.append((k, e.x, y0, y1))
                length += y1 - y0
                for q in eps:
                    if q == k:
                        continue
                    lo, hi = spans[q]
                    if y0 < ys[q] < y1 and lo + 0.5 < e.x < hi - 0.5:
                        count += 1
        stacked = 0
        for i, (k, x, y0, y1) in enumerate(verts):
            for k2, x2, a0, a1 in verts[i + 1 :]:
                if k2 != k and abs(x - x2) < near and min(y1, a1) - max(y0, a0) > 1:
                    stacked += 1
        return count, length, stacked

    best = None
    orders = itertools.permutations(idx) if len(idx) <= 6 else [tuple(idx)]
    for order in orders:
        eps, ys = assign(list(order))
        c, length, stacked = crossings(eps, ys)
        key = (stacked, c, length)
        if best is None or key < best[0]:
            best = (key, eps, ys)
    (stacked, out.crossings, out.length), eps, ys = best
    if stacked:
        out.problems.append(f"{stacked} vertical line(s) drawn over another route's")

    verticals: list[tuple[float, float, float]] = []
    for k, v in eps.items():
        for e in v:
            y0, y1 = sorted((e.edge_y, ys[k]))
            verticals.append((e.x, y0, y1))

    for k in idx:
        route = plan.routes[k]
        v = sorted(eps[k], key=lambda e: e.x)
        ly = ys[k]
        fail = route.failure
        tgt = next(e for e in v if e.target)
        dtip = 1.0 if tgt.edge_y > ly else -1.0
        stop = dtip * al * 0.8
        # the outer U with rounded corners, inner endpoints as T-junctions with a dot
        pts = [QPointF(v[0].x, v[0].edge_y - (stop if v[0].target else 0)), QPointF(v[0].x, ly),
               QPointF(v[-1].x, ly), QPointF(v[-1].x, v[-1].edge_y - (stop if v[-1].target else 0))]
        if abs(v[0].x - v[-1].x) < 0.5:
            pts = [pts[0], pts[-1]]
        mine = frozenset(t for group in route.entries for t in group)
        out.strokes.append((_rounded(pts, radius), fail))
        out.owners.append(mine)
        for e in v[1:-1]:
            p = QPainterPath(QPointF(e.x, ly))
            p.lineTo(QPointF(e.x, e.edge_y - (stop if e.target else 0)))
            out.strokes.append((p, fail))
            out.owners.append(mine)
            out.dots.append((QPointF(e.x, ly), fail))
        head = _arrow(QPointF(tgt.x, tgt.edge_y), 0.0, dtip, al, aw)
        out.arrows.append((head, fail))
        for group in route.entries:  # one highlight path per transition
            for t in group:
                src = next(e for e in v if e.state is t.source and not e.target)
                end = QPointF(tgt.x, tgt.edge_y - stop)
                if abs(src.x - tgt.x) >= 0.5:
                    hp = _rounded([QPointF(src.x, src.edge_y), QPointF(src.x, ly), QPointF(tgt.x, ly), end], radius)
                else:
                    hp = _rounded([QPointF(src.x, src.edge_y), end], radius)
                out.edges[t] = _EdgeShape(hp, head, t.failure)
        blk = m.route_blocks[k]
        cx = _lane_label_x(blk.w, blk.h, ly, v[0].x, v[-1].x, tgt.x, verticals, 0.6 * f, W)
        if cx is None:
            out.problems.append(f"no room on its lane for {blk.tip!r}")
            cx = (v[0].x + v[-1].x) / 2
        out.block(blk, QRectF(cx - blk.w / 2, ly - blk.h / 2, blk.w, blk.h))
    return out


def _lane_label_x(
    bw: float, bh: float, ly: float, lo: float, hi: float, prefer: float,
    verticals: list[tuple[float, float, float]], clear: float, W: float,
) -> float | None:
    """Centre x for a label on a lane from ``lo`` to ``hi``: free of vertical lines, on the lane.

    Inside the lane's span when there is room, nearest ``prefer`` (the target); a lane shorter
    than its label may be overhung on either end when nothing is drawn there.
    """
    y0, y1 = ly - bh / 2 - 1, ly + bh / 2 + 1
    obstacles = sorted((x - clear, x + clear) for x, a, b in verticals if a < y1 and b > y0)
    free: list[tuple[float, float]] = []
    cur = 2.0
    for a, b in obstacles:
        if a > cur:
            free.append((cur, a))
        cur = max(cur, b)
    if cur < W - 2:
        free.append((cur, W - 2.0))
    inside = [(max(a, lo), min(b, hi)) for a, b in free if min(b, hi) - max(a, lo) >= bw]
    if inside:
        def dist(iv):
            a, b = iv
            return 0.0 if a <= prefer <= b else min(abs(a - prefer), abs(b - prefer))

        a, b = min(inside, key=lambda iv: (dist(iv), -(iv[1] - iv[0])))
        if b - a >= bw * 1.8:  # roomy: centre it in its stretch rather than against a stub
            return (a + b) / 2
        return min(max(prefer, a + bw / 2), b - bw / 2)
    # overhang: the box must still cover the middle of the lane
    mid = (lo + hi) / 2
    best = None
    for a, b in free:
        if b - a < bw:
            continue
        cx = min(max(mid, a + bw / 2), b - bw / 2)
        if cx - bw / 2 <= mid <= cx + bw / 2 and (best is None or abs(cx - mid) < abs(best - mid)):
            best = cx
    return best


def _whole_view(v: int, view: float, top: int, keep: tuple[float, float], boxes: list[tuple[float, float]], labels: list[tuple[float, float]]) -> int:
    """A scroll position near ``v`` (0..``top``) that keeps ``keep`` in a view ``view`` long and
    cuts the fewest state boxes (then labels) in half at the view's edges: one where a row of
    states starts or ends, when there is one."""

    def cuts(c: float) -> tuple[int, int]:
        def n(spans):
            return sum(1 for a, b in spans if a < c < b or a < c + view < b)

        return n(boxes), n(labels)

    pad = 6.0
    candidates = {v}
    for a, b in boxes + labels:
        # the view starting just before or just after a span, or ending just after or before it
        candidates.update((int(math.floor(a - pad)), int(math.ceil(b + pad)), int(math.ceil(b + pad - view)), int(math.floor(a - pad - view))))
    fits = keep[1] - keep[0] <= view
    best = v
    best_key = (*cuts(v), 0)
    for c in candidates:
        c = max(0, min(top, c))
        if fits and (keep[0] < c or keep[1] > c + view):
            continue
        key = (*cuts(c), abs(c - v))
        if key < best_key:
            best, best_key = c, key
    return best


def _fit(plan: _Plan, W: float, H: float, family: str, legend_texts: list[tuple[str, str]], bar: float = 0.0) -> _Geometry:
    """The largest readable layout of ``plan`` for a W x H area. When not even the smallest type
    fits, the smallest layout is kept at its natural size (never scaled below ``_MIN_FONT``):
    its ``content_w`` x ``content_h`` is then larger than the area and the widget scrolls, its
    ``view_w`` x ``view_h`` being the area less the scroll bars (``bar`` thick) it needs."""
    fallback: list[tuple[float, _Metrics]] = []
    for f in _FONT_SIZES:
        if f > max(_MIN_FONT, H / 17):
            continue
        for wrap in _WRAPS:
            m = _measure(plan, f, wrap, family, legend_texts)
            if m.nat_w <= W * 0.99 and m.nat_h <= H * 0.99:
                g = _place(m, W, H)
                if g.penalty == 0:
                    g.content_w, g.content_h = g.view_w, g.view_h = W, H
                    return g
            if f == _MIN_FONT:
                # nothing fits: the layout that shows most of itself; a little less of it beats heavy wrapping
                shown = min(1.0, W / m.nat_w) * min(1.0, H / m.nat_h)
                fallback.append((shown * (1.0 - 0.03 * _WRAPS.index(wrap)), m))
    fallback.sort(key=lambda sm: -sm[0])
    first: _Geometry | None = None
    for grow in (1.0, 1.1, 1.25):  # the natural size is tight for some placements: a little more room
        for _score, m in fallback:
            nw, nh = math.ceil(m.nat_w * grow), math.ceil(m.nat_h)
            vw, vh = W, H  # the area less the scroll bars the drawing needs in it
            for _ in range(2):
                vw, vh = (W - bar if nh > vh else W), (H - bar if nw > vw else H)
            cw, ch = max(vw, nw), max(vh, nh)
            g = _place(m, cw, ch)
            g.content_w, g.content_h, g.view_w, g.view_h = cw, ch, vw, vh
            if g.penalty == 0:
                return g
            first = first or g
    assert first is not None
    return first


# --------------------------------------------------------------------------- colours


@dataclass(frozen=True)
class _Colours:
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




def _colours(pal: QPalette) -> _Colours:
    base = pal.color(QPalette.ColorGroup.Active, QPalette.ColorRole.Base)
    text = pal.color(QPalette.ColorGroup.Active, QPalette.ColorRole.Text)
    accent = pal.color(QPalette.ColorGroup.Active, QPalette.ColorRole.Highlight)
    accent_text = pal.color(QPalette.ColorGroup.Active, QPalette.ColorRole.HighlightedText)
    dark = is_dark(pal)
    error = colour("error", dark)
    return _Colours(
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


# --------------------------------------------------------------------------- the widget


#: Paint engines that keep shapes (exports): they get the static picture drawn, not the pixmap.
_VECTOR_ENGINES = frozenset({QPaintEngine.Type.SVG, QPaintEngine.Type.Pdf, QPaintEngine.Type.Picture})


class LifecycleDiagram(QWidget):
    """The session's lifecycle machine, its current state and the edge that led there."""

    stateClicked = Signal(object)
    specRequested = Signal(str)  # the spec reference of the state explained

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(320, MIN_HEIGHT)
        self._mode: EraMode | None = None
        self._era: Era | None = None
        self._key: tuple | None = None
        self._table: tuple[Transition, ...] = ()
        self._plan: _Plan | None = None
        self._plans: dict[tuple[Transition, ...], _Plan] = {}
        self._geoms: dict[tuple, _Geometry] = {}
        self._geom: _Geometry | None = None
        self._geom_exact = False
        self._relayout = QTimer(self)
        self._relayout.setSingleShot(True)
        self._relayout.setInterval(80)
        self._relayout.timeout.connect(self._on_relayout)
        self._static: QPixmap | None = None
        self._colours: _Colours | None = None
        self._state: State | None = None
        self._prev: State | None = None
        self._edge: Transition | None = None
        self._edge_seq: int | None = None
        self._progress = 1.0
        self._focus: State | None = None
        self._hover: State | None = None
        self._explained: State | None = None

        self._anim = QVariantAnimation(self)
        self._anim.setStartValue(0.0)
        self._anim.setEndValue(1.0)
        self._anim.setDuration(_ANIM_MS)
        self._anim.setEasingCurve(QEasingCurve.Type.InOutQuad)
        self._anim.valueChanged.connect(self._on_anim)
        self._anim.finished.connect(self._on_anim_done)

        self._explanation = QLabel()
        self._explanation.setObjectName("lifecycleExplanation")
        self._explanation.setTextFormat(Qt.TextFormat.PlainText)
        self._explanation.setWordWrap(True)
        self._explanation.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self._explanation.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self._explanation.setContentsMargins(10, 8, 26, 8)  # room for the close button
        # beside the drawing when the widget is wide, below it when not; hidden until asked for
        self._explain_area = QFrame(self)
        self._explain_area.setObjectName("lifecycleExplanationPanel")
        self._explain_area.setFrameShape(QFrame.Shape.NoFrame)
        scroll = QScrollArea()
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(self._explanation)
        scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self._explain_scroll = scroll
        self._explain_lines = WholeLines(scroll, label_runs(self._explanation), (self._explanation,))  # no line cut at the panel's foot
        self._close = QToolButton()
        self._close.setText("✕")
        self._close.setAutoRaise(True)
        self._close.clicked.connect(lambda: self.explain(None))
        self._spec_link = QToolButton()  # opens the spec page the explanation cites
        self._spec_link.setAutoRaise(True)
        self._spec_link.setObjectName("lifecycleSpecLink")
        self._spec_link.setCursor(Qt.CursorShape.PointingHandCursor)
        self._spec_link.clicked.connect(self._open_spec)
        grid = QGridLayout(self._explain_area)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.addWidget(scroll, 0, 0)
        grid.addWidget(self._close, 0, 0, Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignRight)
        grid.addWidget(self._spec_link, 1, 0, Qt.AlignmentFlag.AlignLeft)
        self._pending: Transition | None = None  # step mode: the edge the held step will take
        #: the entry whose state is shown when it is a past one (Follow live off, replay); None:
        #: the state shown is the session's current state
        self._as_of: int | None = None
        self._explain_area.hide()
        self._beside = False
        # the drawing scrolls when even 11 px type does not fit (it is never scaled below that)
        self._hbar = QScrollBar(Qt.Orientation.Horizontal, self)
        self._vbar = QScrollBar(Qt.Orientation.Vertical, self)
        for bar in (self._hbar, self._vbar):
            bar.hide()
            bar.setSingleStep(24)
            bar.valueChanged.connect(self.update)
        self._vp = QRectF(0, 0, 1, 1)  # the part of the drawing rect the drawing shows in
        self._pan: tuple[QPointF, int, int] | None = None  # dragging the drawing: start, scroll values
        self._retranslate()

    # ------------------------------------------------------------------ public API

    @property
    def current_state(self) -> State | None:
        return self._state

    @property
    def last_edge(self) -> Transition | None:
        return self._edge

    @property
    def pending_edge(self) -> Transition | None:
        return self._pending

    @property
    def as_of(self) -> int | None:
        """The entry the state shown belongs to when it is a past state; None when it is the
        session's current state."""
        return self._as_of

    @property
    def current_label(self) -> str:
        """What the legend says of the highlighted state: "current state", or "as of entry N"."""
        return self.tr("current state") if self._as_of is None else self.tr("as of entry {n}").format(n=self._as_of)

    def set_pending(self, tr: Transition | None) -> None:
        """Step mode: draw the edge the held step will take once it goes (None: no such edge)."""
        edge = self._resolve(tr)
        if edge != self._pending:
            self._pending = edge
            self._update_accessible()
            self._reveal()
            self.update()

    def _open_spec(self) -> None:
        if self._explained is not None:
            self.specRequested.emit(STATE_INFO[self._explained].spec)

    @property
    def explanation_label(self) -> QLabel:
        return self._explanation

    @property
    def explained_state(self) -> State | None:
        return self._explained

    @property
    def focused_state(self) -> State | None:
        return self._focus

    @property
    def animating(self) -> bool:
        return self._anim.state() == QVariantAnimation.State.Running

    @property
    def table(self) -> tuple[Transition, ...]:
        return self._table

    def set_machine(self, mode: EraMode, era: Era | None = None, transport: str = "stdio") -> None:
        """Draw the machine :func:`diagram_table` gives for ``mode``, the detected ``era`` and
        the session's ``transport`` (its shutdown steps differ)."""
        if transport not in TRANSPORTS:
            transport = "stdio"
        key = (mode, era, transport)
        if key == self._key:
            return
        table = diagram_table(mode, era, transport)
        self._key = key
        self._mode, self._era = mode, era
        if table == self._table:
            return
        self._table = table
        plan = self._plans.get(table)
        if plan is None:
            plan = self._plans[table] = _analyse(table)
        self._plan = plan
        self._edge = self._resolve(self._edge) if self._edge is not None else None
        self._pending = self._resolve(self._pending) if self._pending is not None else None
        if self._focus is not None and self._focus not in plan.row_of:
            self._focus = None
        self._invalidate_geometry(keep_cache=True)
        if self.isVisible():
            self._ensure_geometry(exact=True)  # lay out here, not in paintEvent
        self._update_accessible()
        self.update()

    def set_state(self, state: State, transition: dict | Transition | None = None, *, animate: bool = True) -> None:
        """Highlight ``state`` as the current state; ``transition`` (from/to/label) is the edge that led there."""
        self._set_as_of(None)
        self._set_state(state, transition, animate, None)

    def show_recording_row(self, recording, row: int, animate: bool = False, *, past: bool = False) -> None:
        """Show the machine, the state and the last transition as of entry ``row``. ``past``:
        the state shown is not the session's current one (the window does not follow the newest
        entry, or a replay): the diagram says "as of entry N" where it would say "current"."""
        n = len(recording)
        if n == 0:
            return
        row = max(0, min(int(row), n - 1))
        try:
            mode = EraMode(recording.header.get("era_mode", "auto"))
        except ValueError:
            mode = EraMode.AUTO
        era_value = recording.era_as_of(row)
        try:
            era = Era(era_value) if era_value else None
        except ValueError:
            era = None
        self.set_machine(mode, era, recording.transport_as_of(row))
        found = recording.transition_as_of(row)
        seq, tr = (found[0], found[1]) if found else (None, None)
        self._set_as_of(row if past else None)
        self._set_state(recording.state_at(row), tr, animate, seq)

    def _set_as_of(self, row: int | None) -> None:
        if row == self._as_of:
            return
        if (row is None) != (self._as_of is None) and self._geom is not None:
            # the legend's slot is measured for "as of entry N": laid out again on the relayout
            # timer, as after a resize (a selection must not wait for a layout)
            self._geom_exact = False
            self._static = None
            self._relayout.start()
        self._as_of = row
        if self._explained is not None:
            self._explanation.setText(self._explanation_text(self._explained))
        self._update_accessible()
        self.update()

    def explain(self, state: State | None) -> None:
        """Fill the explanation area for ``state`` (None hides it)."""
        self._explained = state
        if state is None:
            self._explanation.clear()
            self._explain_area.hide()
        else:
            self._explanation.setText(self._explanation_text(state))
            self._spec_link.setText(self.tr("Open the spec") + " ↗")  # the explanation names the section
            self._explain_area.show()
        self._place_explanation()

    def layout_for_tests(self) -> dict:
        """The cached layout in widget coordinates: node rects, label rects, drawing rect."""
        g = self._ensure_geometry(exact=True)
        if g is None:
            return {"nodes": {}, "labels": [], "area": QRectF(self._drawing_rect()), "viewport": QRectF(self._drawing_rect()), "font_px": 0, "penalty": 0}
        t = self._view(g)
        sx, sy = self._scroll()
        return {
            "nodes": {s: t.mapRect(r) for s, r in g.nodes.items()},
            "labels": [t.mapRect(b.rect) for b in g.blocks],
            "label_texts": [[e.text for e in b.entries] for b in g.blocks],
            "edges": set(g.edges),
            "edge_labels": {tr: t.mapRect(g.blocks[i].rect) for tr, (i, _k) in g.edge_block.items()},
            "edge_label_text": {tr: g.blocks[i].entries[k].text for tr, (i, k) in g.edge_block.items()},
            "legend": [t.mapRect(s.united(r)) for _k, _t, s, r in g.legend],
            "pinned_legend": (self._pinned_legend(g, QRectF(self._vp)) or (None,))[0],  # its copy over the view when scrolled away
            "area": QRectF(-sx, -sy, g.content_w, g.content_h),  # the whole drawing (scrolled)
            "viewport": QRectF(self._vp),  # the part of the widget it shows in
            "scroll": (sx, sy),
            "font_px": g.f * t.m11(),
            "penalty": g.penalty,
            "problems": list(g.problems),
        }

    # ------------------------------------------------------------------ export

    def export_caption(self, entry: int | None) -> str:
        """What an exported picture says it shows: the state, the era and the entry, in the
        window's language ("State: Operating · legacy · entry #11")."""
        parts = [self.tr("State: {state}").format(state=_lc(self._state.title) if self._state is not None else "—")]
        era = self._era.value if self._era is not None else (self._mode.value if self._mode is not None else None)
        if era is not None:
            parts.append(QCoreApplication.translate("Eras", ERA_LABELS.get(era, era)))
        if entry is not None and entry >= 0:
            parts.append(self.tr("entry #{n}").format(n=entry))
        return " · ".join(parts)

    def _caption_font(self, g: _Geometry) -> QFont:
        font = QFont(g.lf)
        font.setPixelSize(max(_MIN_FONT, g.f))
        return font

    def export_size(self) -> QSize:
        """The size of :meth:`paint_export`'s picture in logical pixels: the whole drawing (not
        only the part scrolled into view) and a caption line under it."""
        g = self._ensure_geometry(exact=True)
        if g is None:
            return QSize(0, 0)
        band = QFontMetricsF(self._caption_font(g)).height() * 1.8
        return QSize(math.ceil(g.content_w), math.ceil(g.content_h + band))

    def paint_export(self, p: QPainter, caption: str) -> None:
        """Paint the whole drawing as shapes and text, at rest (no animation, no hover or focus
        ring), with ``caption`` under it, onto ``p`` at (0, 0) in logical pixels."""
        g = self._ensure_geometry(exact=True)
        if g is None:
            return
        c = self._ensure_colours()
        size = self.export_size()
        p.save()
        p.fillRect(QRectF(0, 0, size.width(), size.height()), c.base)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        p.setTransform(g.transform, True)
        self._paint_static(p, g, c)
        self._paint_highlights(p, g, c, 1.0, decorations=False)
        p.restore()
        p.save()
        p.setFont(self._caption_font(g))
        p.setPen(c.text)
        band = QRectF(8.0, g.content_h, size.width() - 16.0, size.height() - g.content_h)
        p.drawText(band, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, caption)
        p.restore()

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(1000, 280)

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        return QSize(320, MIN_HEIGHT)

    # ------------------------------------------------------------------ state

    def _resolve(self, tr: dict | Transition | None) -> Transition | None:
        if tr is None:
            return None
        if isinstance(tr, Transition):
            src, dst, label, event = tr.source, tr.target, tr.label, tr.event.value
        else:
            try:
                src, dst = State(tr["from"]), State(tr["to"])
            except (KeyError, ValueError):
                return None
            label, event = tr.get("label"), tr.get("event")
        for t in self._table:  # the edge the recording names by its event (format 2)
            if t.source is src and t.target is dst and t.event.value == event:
                return t
        for t in self._table:
            if t.source is src and t.target is dst and t.label == label:
                return t
        for t in self._table:  # a label that changed since the recording was made
            if t.source is src and t.target is dst:
                return t
        return tr if isinstance(tr, Transition) else None

    def _set_state(self, state: State, transition, animate: bool, seq: int | None) -> None:
        edge = self._resolve(transition)
        if state is self._state and edge == self._edge and (seq is None or seq == self._edge_seq):
            return  # nothing new: no repaint (called on every timeline batch)
        changed_edge = edge != self._edge or (seq is not None and seq != self._edge_seq)
        self._prev = self._state if state is not self._state else None
        self._state = state
        self._edge = edge
        if seq is not None:
            self._edge_seq = seq
        if animate and changed_edge and edge is not None:
            self._anim.stop()
            self._progress = 0.0
            self._anim.start()
        else:
            self._anim.stop()
            self._progress = 1.0
            self._prev = None
        if self.lesson and self._explained is not state:
            self.explain(state)  # lesson notes follow the current state
        elif self._explained is not None:
            self._explanation.setText(self._explanation_text(self._explained))
        self._update_accessible()
        self._reveal()
        self.update()

    lesson = False  # presenter mode: the explanation shows the current state's notes, always

    def set_lesson(self, on: bool) -> None:
        """Lesson notes: the explanation area follows the current state (presenter mode)."""
        self.lesson = on
        self.explain(self._state if on else None)  # places the notes (narrower while on)

    def _on_anim(self, value) -> None:
        self._progress = float(value)
        self.update()

    def _on_anim_done(self) -> None:
        self._progress = 1.0
        self._prev = None
        self.update()

    # ------------------------------------------------------------------ text

    def _layout_legend(self) -> list[tuple[str, str]]:
        """The legend as the layout measures it: showing a past state, the "current" slot is
        made wide enough for "as of entry" and seven digits (the number changes without a new layout)."""
        if self._as_of is None:
            return self._legend_texts
        wide = self.tr("as of entry {n}").format(n="0000000")
        return [(kind, wide if kind == "current" else text) for kind, text in self._legend_texts]

    def _retranslate(self) -> None:
        self.setAccessibleName(self.tr("Lifecycle diagram"))
        self._explain_area.setAccessibleName(self.tr("State explanation"))
        self._close.setToolTip(self.tr("Close the explanation (Esc)"))
        self._spec_link.setToolTip(self.tr("Open this page of the specification (bundled with the inspector)"))
        self._close.setAccessibleName(self.tr("Close explanation"))
        self._legend_texts = [
            ("line", self.tr("transition")),
            ("dash", self.tr("✗ failure")),
            ("current", self.tr("current state")),
            ("final", self.tr("final state")),
        ]
        self._update_accessible()
        if self._explained is not None:
            self.explain(self._explained)

    def _update_accessible(self) -> None:
        if self._state is None:
            text = self.tr("No session. Tab into the diagram and use the arrow keys to explore the states; Enter explains one.")
        else:
            if self._as_of is None:
                text = self.tr("Current state: {state}.").format(state=_lc(self._state.title))
            else:
                text = self.tr("State as of entry {n}: {state}.").format(n=self._as_of, state=_lc(self._state.title))
            if self._edge is not None:
                text += " " + self.tr("Last transition: {label}, from {src} to {dst}.").format(
                    label=_lc(self._edge.label), src=_lc(self._edge.source.title), dst=_lc(self._edge.target.title)
                )
        if self._pending is not None and self._as_of is None:
            text += " " + self.tr("Next, after Continue: {label}, from {src} to {dst}.").format(
                label=_lc(self._pending.label), src=_lc(self._pending.source.title), dst=_lc(self._pending.target.title)
            )
        self.setAccessibleDescription(text)

    def _explanation_text(self, state: State) -> str:
        info = STATE_INFO[state]
        lines = [_lc(info.title)]
        if state is self._state:
            lines[0] += "  " + (self.tr("(current state)") if self._as_of is None else "(" + self.current_label + ")")
        lines.append(_lc(info.explanation))
        lesson = LESSONS.get(state)
        if lesson is not None:  # what a teacher says about the state: allowed, next, what goes wrong
            for heading, text in ((self.tr("Allowed here:"), lesson.allowed), (self.tr("Next:"), lesson.next), (self.tr("Common failures:"), lesson.failures)):
                lines.append(f"{heading} {QCoreApplication.translate('Teaching', text)}")
        lines.append(self.tr("Spec: {section}").format(section=info.spec))
        outgoing = [t for t in self._table if t.source is state]
        if outgoing:
            lines.append("")
            lines.append(self.tr("Transitions from here:"))
            for t in outgoing:
                if t.target is state:
                    line = self.tr("on “{label}” → stays in {target}")
                else:
                    line = self.tr("on “{label}” → {target}")
                line = line.format(label=_lc(t.label), target=_lc(t.target.title))
                if t.failure:
                    line += " " + self.tr("✗ failure")
                lines.append("  • " + line)
        elif state.final:
            lines.append(self.tr("A final state: the session has ended."))
        return "\n".join(lines)

    # ------------------------------------------------------------------ geometry

    def _drawing_rect(self) -> QRectF:
        w, h = self.width(), self.height()
        if self._explain_area.isVisibleTo(self):
            if self._beside:
                w = self._explain_area.geometry().left()
            else:
                h = self._explain_area.geometry().top()
        return QRectF(0, 0, max(1, w), max(1, h))

    def _place_explanation(self) -> None:
        if self._explain_area.isVisibleTo(self):
            w, h = self.width(), self.height()
            self._beside = w >= 900 and w >= 2.6 * h
            if self._beside:
                pw = int(min(420, max(280, (0.22 if self.lesson else 0.3) * w)))  # lesson notes: the drawing keeps more room
                self._explain_area.setGeometry(w - pw, 0, pw, h)
            else:
                need = self._explanation.heightForWidth(max(50, w - 40)) + 4
                ph = int(min(max(need, 60), h * 0.42))
                self._explain_area.setGeometry(0, h - ph, w, ph)
        self._provisional()
        self.update()

    def _invalidate_geometry(self, keep_cache: bool = False) -> None:
        if not keep_cache:
            self._geoms.clear()
        self._geom = None
        self._geom_exact = False
        self._static = None

    def _on_relayout(self) -> None:
        if not self._geom_exact:
            self._static = None
            self._ensure_geometry(exact=True)
            self.update()

    def _provisional(self) -> None:
        """After a resize: the cached layout for the new size, or the old one scaled until the
        timer fires (never below 11 px type: scrolled instead)."""
        old = self._geom
        self._static = None
        plan = self._plan
        rect = self._drawing_rect()
        key = (plan.table, int(rect.width()), int(rect.height()), self.font().family(), self._as_of is None) if plan else None
        if old is None or key is None or key in self._geoms:
            self._geom = None
            self._geom_exact = False
            return
        s0 = old.transform.m11()
        W, H = rect.width(), rect.height()
        k = min(W / max(1.0, old.width * s0), H / max(1.0, old.height * s0))
        s = max(s0 * k, _MIN_FONT / old.f)
        cw, ch = old.width * s, old.height * s
        dx, dy = max(0.0, (W - cw) / 2), max(0.0, (H - ch) / 2)
        self._geom = dataclasses.replace(
            old, transform=QTransform.fromScale(s, s) * QTransform.fromTranslate(dx, dy), content_w=max(W, cw), content_h=max(H, ch), view_w=W, view_h=H
        )
        self._geom_exact = False
        self._sync_bars(self._geom, W, H)
        self._relayout.start()

    def _bar_extent(self) -> int:
        return self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent, None, self)

    def _ensure_geometry(self, exact: bool = False) -> _Geometry | None:
        if self._geom is not None and (self._geom_exact or not exact):
            return self._geom
        self._static = None
        plan = self._plan
        if plan is None or not plan.states:
            return None
        rect = self._drawing_rect()
        W, H = max(40.0, rect.width()), max(40.0, rect.height())
        g = self._fit_cached(plan, W, H)
        self._geom = g
        self._geom_exact = True
        self._sync_bars(g, g.view_w, g.view_h)
        self._reveal(quiet=True)
        return g

    def _fit_cached(self, plan: _Plan, W: float, H: float) -> _Geometry:
        family = self.font().family()
        key = (plan.table, int(W), int(H), family, self._as_of is None)
        g = self._geoms.get(key)
        if g is None:
            g = _fit(plan, W, H, family, self._layout_legend(), self._bar_extent())
            if len(self._geoms) > 24:
                self._geoms.pop(next(iter(self._geoms)))
            self._geoms[key] = g
        return g

    # ------------------------------------------------------------------ scrolling

    def _sync_bars(self, g: _Geometry, vw: float, vh: float) -> None:
        """Scroll bars for a drawing larger than the area ``vw`` x ``vh`` (the drawing rect
        less the bars themselves)."""
        ext = self._bar_extent()
        self._vp = QRectF(0, 0, vw, vh)
        for bar, content, view, geo in (
            (self._hbar, g.content_w, vw, (0, int(vh), int(vw), ext)),
            (self._vbar, g.content_h, vh, (int(vw), 0, ext, int(vh))),
        ):
            over = math.ceil(content - view - 0.5)
            if over > 0:
                bar.blockSignals(True)
                bar.setRange(0, over)
                bar.setPageStep(max(1, int(view)))
                bar.blockSignals(False)
                bar.setGeometry(*geo)
                bar.show()
                bar.raise_()
            else:
                bar.blockSignals(True)
                bar.setRange(0, 0)
                bar.blockSignals(False)
                bar.hide()

    def _scroll(self) -> tuple[int, int]:
        return (self._hbar.value() if self._hbar.isVisibleTo(self) else 0, self._vbar.value() if self._vbar.isVisibleTo(self) else 0)

    @property
    def scrolls(self) -> bool:
        """The drawing is larger than the widget shows (at 11 px type): it scrolls."""
        return self._hbar.isVisibleTo(self) or self._vbar.isVisibleTo(self)

    def _view(self, g: _Geometry) -> QTransform:
        """Layout coordinates to widget coordinates: the layout's transform, then the scroll."""
        sx, sy = self._scroll()
        return g.transform * QTransform.fromTranslate(-sx, -sy) if (sx or sy) else g.transform

    def wanted_height(self) -> int:
        """The height at which the drawing would not scroll up and down at its present width
        (type at 11 px): the widget's own height when it does not scroll that way."""
        g = self._ensure_geometry(exact=True)
        if g is None or not self._vbar.isVisibleTo(self):
            return self.height()
        return self.height() + math.ceil(g.content_h - g.view_h)

    def ensure_visible(self, state: State) -> None:
        """Scroll (when the drawing scrolls) so that ``state`` is in view."""
        self._ensure_geometry(exact=True)
        self._reveal(only=state)

    def _reveal(self, quiet: bool = False, only: State | None = None) -> None:
        """Scroll so that the current state (and where the held step goes) is in view; with
        nothing shown yet, the initial state. ``quiet``: while painting, no repaint asked for."""
        g = self._geom
        if g is None or not self.scrolls:
            return
        wanted = [s for s in (only, self._focus if self.hasFocus() else None, self._state) if s is not None and s in g.nodes]
        if not wanted and self._plan is not None and self._plan.initial in g.nodes:
            wanted = [self._plan.initial]
        if not wanted:
            return
        rect = g.transform.mapRect(g.nodes[wanted[0]]).adjusted(-24, -24, 24, 24)
        if only is None and self._pending is not None and self._pending.target in g.nodes:  # where the held step goes, when both fit
            both = rect.united(g.transform.mapRect(g.nodes[self._pending.target]).adjusted(-24, -24, 24, 24))
            if both.width() <= self._vp.width() and both.height() <= self._vp.height():
                rect = both
        boxes = [g.transform.mapRect(r) for r in g.nodes.values()]
        labels = [g.transform.mapRect(b.rect) for b in g.blocks]
        for bar, lo, hi, view, axis in (
            (self._hbar, rect.left(), rect.right(), self._vp.width(), 0),
            (self._vbar, rect.top(), rect.bottom(), self._vp.height(), 1),
        ):
            if not bar.isVisibleTo(self):
                continue
            v = bar.value()
            if hi - lo > view or lo < v:
                v = int(lo)
            elif hi > v + view:
                v = int(math.ceil(hi - view))
            spans = [(r.left(), r.right()) if axis == 0 else (r.top(), r.bottom()) for r in boxes]
            texts = [(r.left(), r.right()) if axis == 0 else (r.top(), r.bottom()) for r in labels]
            v = _whole_view(v, view, bar.maximum(), (lo + 24, hi - 24), spans, texts)
            if v != bar.value():
                bar.blockSignals(quiet)
                bar.setValue(v)
                bar.blockSignals(False)

    def wheelEvent(self, event) -> None:  # noqa: N802
        if not self.scrolls:
            super().wheelEvent(event)
            return
        d = event.angleDelta()
        dx, dy = d.x(), d.y()
        if event.modifiers() & Qt.KeyboardModifier.ShiftModifier and not dx:
            dx, dy = dy, 0
        if dy and not self._vbar.isVisibleTo(self):
            dx, dy = dy, 0
        for bar, delta in ((self._hbar, dx), (self._vbar, dy)):
            if delta and bar.isVisibleTo(self):
                bar.setValue(bar.value() - int(delta / 120 * bar.singleStep() * 2))
        event.accept()

    def _state_at(self, pos: QPointF) -> State | None:
        g = self._ensure_geometry()
        if g is None:
            return None
        if not self._vp.contains(QPointF(pos)):  # under a scroll bar or the explanation
            return None
        inv, ok = self._view(g).inverted()
        p = inv.map(QPointF(pos))
        for s, r in g.nodes.items():
            if r.adjusted(-2, -2, 2, 2).contains(p):
                return s
        return None

    def _block_at(self, pos: QPointF) -> _Block | None:
        g = self._ensure_geometry()
        if g is None:
            return None
        if not self._vp.contains(QPointF(pos)):
            return None
        inv, _ok = self._view(g).inverted()
        p = inv.map(QPointF(pos))
        for b in g.blocks:
            if b.rect.contains(p):
                return b
        return None

    # ------------------------------------------------------------------ events

    def resizeEvent(self, event) -> None:  # noqa: N802
        super().resizeEvent(event)
        if self._explain_area.isVisibleTo(self):
            self._place_explanation()
        else:
            self._provisional()

    def changeEvent(self, event) -> None:  # noqa: N802
        t = event.type()
        if t == QEvent.Type.LanguageChange:
            self._retranslate()
            self._invalidate_geometry()
            self.update()
        elif t in (QEvent.Type.PaletteChange, QEvent.Type.StyleChange):
            self._colours = None
            self._static = None
            self.update()
        elif t == QEvent.Type.FontChange:
            self._invalidate_geometry()
            self.update()
        super().changeEvent(event)

    def event(self, event) -> bool:
        if event.type() == QEvent.Type.ToolTip:
            pos = QPointF(event.pos())
            s = self._state_at(pos)
            if s is not None:
                tip = _lc(s.title)
                if s is self._state:
                    tip += " — " + self.current_label
                tip += "\n" + self.tr("Click to see what may happen in this state.")
                QToolTip.showText(event.globalPos(), tip, self)
                return True
            b = self._block_at(pos)
            if b is not None:
                QToolTip.showText(event.globalPos(), b.tip, self)
                return True
            QToolTip.hideText()
            event.ignore()
            return True
        return super().event(event)

    def mouseMoveEvent(self, event) -> None:  # noqa: N802
        if self._pan is not None:  # dragging the drawing
            start, hx, vy = self._pan
            delta = event.position() - start
            self._hbar.setValue(hx - int(delta.x()))
            self._vbar.setValue(vy - int(delta.y()))
            event.accept()
            return
        s = self._state_at(event.position())
        if s is not self._hover:
            self._hover = s
            if s is None:
                self.unsetCursor()
            else:
                self.setCursor(Qt.CursorShape.PointingHandCursor)
            self.update()
        super().mouseMoveEvent(event)

    def leaveEvent(self, event) -> None:  # noqa: N802
        if self._hover is not None:
            self._hover = None
            self.unsetCursor()
            self.update()
        super().leaveEvent(event)

    def mousePressEvent(self, event) -> None:  # noqa: N802
        if event.button() == Qt.MouseButton.LeftButton:
            s = self._state_at(event.position())
            if s is not None:
                self._focus = s
                self.explain(s)
                self.stateClicked.emit(s)
                self.update()
                event.accept()
                return
            if self.scrolls and self._vp.contains(event.position()):  # a drag on the drawing moves it
                self._pan = (event.position(), self._hbar.value(), self._vbar.value())
                self.setCursor(Qt.CursorShape.ClosedHandCursor)
                event.accept()
                return
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event) -> None:  # noqa: N802
        if self._pan is not None:
            self._pan = None
            self.unsetCursor()
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def focusInEvent(self, event) -> None:  # noqa: N802
        if self._focus is None and self._plan is not None and self._plan.states:
            order = self._order()
            self._focus = self._state if self._state in order else (order[0] if order else None)
        self.update()
        super().focusInEvent(event)

    def focusOutEvent(self, event) -> None:  # noqa: N802
        self.update()
        super().focusOutEvent(event)

    def _order(self) -> list[State]:
        plan = self._plan
        if plan is None:
            return []
        return plan.rows[MAIN] + plan.rows[BOTTOM] + plan.rows[TOP]

    def keyPressEvent(self, event) -> None:  # noqa: N802
        key = event.key()
        order = self._order()
        if not order:
            super().keyPressEvent(event)
            return
        if self._focus not in order:
            self._focus = self._state if self._state in order else order[0]
        i = order.index(self._focus)
        if key in (Qt.Key.Key_Right, Qt.Key.Key_Left):
            self._focus = order[(i + (1 if key == Qt.Key.Key_Right else -1)) % len(order)]
        elif key in (Qt.Key.Key_Up, Qt.Key.Key_Down):
            self._focus = self._vertical_neighbour(self._focus, -1 if key == Qt.Key.Key_Up else 1)
        elif key == Qt.Key.Key_Home:
            self._focus = order[0]
        elif key == Qt.Key.Key_End:
            self._focus = order[-1]
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space, Qt.Key.Key_Select):
            self.explain(self._focus)
            self.stateClicked.emit(self._focus)
        elif key == Qt.Key.Key_Escape and self._explained is not None:
            self.explain(None)
        else:
            super().keyPressEvent(event)
            return
        event.accept()
        self._reveal()
        self.update()

    def _vertical_neighbour(self, s: State, d: int) -> State:
        plan = self._plan
        g = self._ensure_geometry()
        if plan is None or g is None:
            return s
        rows = [r for r in (TOP, MAIN, BOTTOM) if plan.rows[r]]
        k = rows.index(plan.row_of[s]) + d
        if not 0 <= k < len(rows):
            return s
        cx = g.nodes[s].center().x()
        return min(plan.rows[rows[k]], key=lambda o: abs(g.nodes[o].center().x() - cx))

    # ------------------------------------------------------------------ painting

    def _ensure_colours(self) -> _Colours:
        if self._colours is None:
            self._colours = _colours(self.palette())
        return self._colours

    def _ensure_static(self, g: _Geometry) -> QPixmap:
        """The static picture of the whole drawing (larger than the widget when it scrolls)."""
        if self._static is not None:
            return self._static
        dpr = self.devicePixelRatioF()
        pm = QPixmap(max(1, int(g.content_w * dpr)), max(1, int(g.content_h * dpr)))
        pm.setDevicePixelRatio(dpr)
        c = self._ensure_colours()
        pm.fill(c.base)
        p = QPainter(pm)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        p.setTransform(g.transform)
        self._paint_static(p, g, c)
        p.end()
        self._static = pm
        return pm

    def _paint_frame(self, p: QPainter, rect: QRectF, c: _Colours) -> None:
        p.save()
        p.resetTransform()
        p.setClipping(False)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(mix(c.base, c.text, 0.18), 1))
        p.drawRect(QRectF(rect).adjusted(0.5, 0.5, -0.5, -0.5))
        p.restore()

    def _edge_pen(self, c: _Colours, failure: bool, width: float, colour: QColor | None = None) -> QPen:
        pen = QPen(colour or (c.error if failure else c.edge), width)
        pen.setCapStyle(Qt.PenCapStyle.FlatCap)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        if failure:
            pen.setDashPattern([4.0, 3.0])
        return pen

    def _paint_static(self, p: QPainter, g: _Geometry, c: _Colours) -> None:
        w = max(1.1, g.f / 9.0)
        p.setBrush(Qt.BrushStyle.NoBrush)
        for path, failure in g.strokes:
            p.setPen(self._edge_pen(c, failure, w))
            p.drawPath(path)
        p.setPen(Qt.PenStyle.NoPen)
        for poly, failure in g.arrows:
            p.setBrush(c.error if failure else c.edge)
            p.drawPolygon(poly)
        for pt, failure in g.dots:
            p.setBrush(c.error if failure else c.edge)
            p.drawEllipse(pt, 0.26 * g.f, 0.26 * g.f)
        for b in g.blocks:
            self._paint_block(p, g, c, b, None)
        for s, r in g.nodes.items():
            self._paint_node(p, g, c, s, r, current=0.0)
        self._paint_legend(p, g, c)

    def _paint_block(self, p: QPainter, g: _Geometry, c: _Colours, b: _Block, hot: int | None, strength: float = 1.0) -> None:
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
                p.drawText(QRectF(r.left() + g.pad_x, y, r.width() - 2 * g.pad_x, g.lh), b.align | Qt.AlignmentFlag.AlignVCenter, row)
                y += g.lh

    def _paint_node(self, p: QPainter, g: _Geometry, c: _Colours, s: State, r: QRectF, current: float) -> None:
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

    def _paint_legend(self, p: QPainter, g: _Geometry, c: _Colours) -> None:
        p.setFont(g.lf)
        for kind, text, sample, trect in g.legend:
            cy = sample.center().y()
            if kind in ("line", "dash"):
                failure = kind == "dash"
                p.setPen(self._edge_pen(c, failure, max(1.1, g.f / 9.0)))
                p.drawLine(QPointF(sample.left(), cy), QPointF(sample.right() - 0.6 * g.f, cy))
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(c.error if failure else c.edge)
                p.drawPolygon(_arrow(QPointF(sample.right(), cy), 1, 0, 0.65 * g.f, 0.5 * g.f))
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

    def _paint_current_legend(self, p: QPainter, g: _Geometry, c: _Colours) -> None:
        for kind, _text, _sample, trect in g.legend:
            if kind == "current":
                p.setFont(g.lf)
                p.setPen(c.muted if self._as_of is None else c.text)
                p.drawText(trect, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, self.current_label)

    def paintEvent(self, event) -> None:  # noqa: N802
        g = self._ensure_geometry()
        p = QPainter(self)
        rect = self._drawing_rect()
        c = self._ensure_colours()
        if g is None:
            p.fillRect(rect, c.base)
            p.setPen(c.muted)
            p.drawText(rect, Qt.AlignmentFlag.AlignCenter, self.tr("No lifecycle machine selected"))
            return
        vp = QRectF(self._vp)
        sx, sy = self._scroll()
        if vp.width() < rect.width() and vp.height() < rect.height():  # the corner between the scroll bars
            p.fillRect(QRectF(vp.right(), vp.bottom(), rect.width() - vp.width(), rect.height() - vp.height()), self.palette().color(QPalette.ColorRole.Window))
        p.setClipRect(vp)
        engine = p.paintEngine()
        if engine is not None and engine.type() in _VECTOR_ENGINES:  # a vector device (SVG, PDF): shapes
            p.save()
            p.setRenderHint(QPainter.RenderHint.Antialiasing)
            p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
            p.setTransform(self._view(g))
            self._paint_static(p, g, c)
            p.restore()
        else:  # only the part in view
            pm = self._ensure_static(g)
            dpr = pm.devicePixelRatio()
            p.drawPixmap(vp, pm, QRectF(sx * dpr, sy * dpr, vp.width() * dpr, vp.height() * dpr))
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        p.setTransform(self._view(g))
        self._paint_highlights(p, g, c, self._progress, decorations=True)
        if (sx or sy) and g.legend:
            self._paint_pinned_legend(p, g, c, vp)
        self._paint_frame(p, vp, c)
        p.end()

    _outlines: tuple[_Geometry | None, list[QPainterPath]] = (None, [])  # the lines' outlines, per layout
    _corner: tuple[tuple | None, QRectF] = (None, QRectF())  # the last corner chosen, and for what

    def _legend_corner(self, g: _Geometry, vp: QRectF, size: QSize) -> QRectF:
        """Where the pinned legend covers least: the corner of the view (top left first) over
        the fewest states, then labels, then lines; never over the current state or where the
        held step goes when another corner is free of them."""
        key = (id(g), self._scroll(), vp.getRect(), size.width(), size.height(), self._state, self._pending)
        if self._corner[0] == key:
            return QRectF(self._corner[1])
        if self._outlines[0] is not g:
            stroker = QPainterPathStroker()
            stroker.setWidth(3)
            self._outlines = (g, [stroker.createStroke(path) for path, _failure in g.strokes])
        view = self._view(g)
        back, _ok = view.inverted()
        hot = [s for s in (self._state, self._pending.target if self._pending is not None else None) if s is not None and s in g.nodes]
        w, h = size.width(), size.height()
        best, best_key = None, None
        for x, y in ((vp.left() + 2, vp.top() + 2), (vp.right() - w - 2, vp.top() + 2), (vp.left() + 2, vp.bottom() - h - 2), (vp.right() - w - 2, vp.bottom() - h - 2)):
            box = QRectF(x, y, w, h)
            under = back.mapRect(box)  # in the layout's coordinates
            cost = (
                sum(1 for s in hot if g.nodes[s].intersects(under)),
                sum(1 for r in g.nodes.values() if r.intersects(under)),
                sum(1 for b in g.blocks if b.rect.intersects(under)),
                sum(1 for o in self._outlines[1] if o.intersects(under)),
            )
            if best_key is None or cost < best_key:
                best, best_key = box, cost
        self._corner = (key, QRectF(best))
        return best

    def _pinned_legend(self, g: _Geometry, vp: QRectF) -> tuple[QRectF, QRectF, float] | None:
        """The pinned legend's box in the widget, the legend's own rectangle (unscrolled) and the
        box's padding; None while the legend itself is in view."""
        if not g.legend or not any(self._scroll()):
            return None
        area = QRectF()
        for _k, _t, sample, trect in g.legend:
            area = area.united(sample.united(trect))
        if vp.contains(self._view(g).mapRect(area)):
            return None
        content = g.transform.mapRect(area)
        pad = 4.0
        return self._legend_corner(g, vp, QSize(math.ceil(content.width() + 2 * pad), math.ceil(content.height() + 2 * pad))), content, pad

    def _paint_pinned_legend(self, p: QPainter, g: _Geometry, c: _Colours, vp: QRectF) -> None:
        """Scrolled so that the legend is (partly) out of view: a copy of it pinned, on the
        view's background, in the corner where it covers least (:meth:`_legend_corner`), so
        what the highlight means ("current state", "as of entry N") is always said."""
        pinned = self._pinned_legend(g, vp)
        if pinned is None:
            return
        box, content, pad = pinned
        p.save()
        p.resetTransform()
        p.setClipRect(vp)
        # the part of the legend itself still in view is covered: one legend is shown, not a
        # cut one beside its copy (its area holds nothing else)
        area = QRectF()
        for _k, _t, sample, trect in g.legend:
            area = area.united(sample.united(trect))
        p.fillRect(self._view(g).mapRect(area).adjusted(-2, -2, 2, 2).intersected(vp), c.base)
        p.setPen(QPen(mix(c.base, c.text, 0.18), 1))
        p.setBrush(c.base)
        p.drawRoundedRect(box, 3, 3)
        p.setTransform(g.transform * QTransform.fromTranslate(box.left() + pad - content.left(), box.top() + pad - content.top()))
        self._paint_legend(p, g, c)
        self._paint_current_legend(p, g, c)
        p.restore()

    def _paint_highlights(self, p: QPainter, g: _Geometry, c: _Colours, t: float, decorations: bool) -> None:
        """What changes over the static picture: the legend's "current" slot, the held step's
        edge, the last edge (animated at ``t`` < 1), the current state; ``decorations``: the
        hover and keyboard focus rings too (not in an export)."""
        self._paint_current_legend(p, g, c)
        # the edge the held step will take starts at the session's state: not drawn over a past one
        pending = g.edges.get(self._pending) if self._pending is not None and self._pending != self._edge and self._as_of is None else None
        if pending is not None:  # step mode: where the held step will go, dashed, not yet taken
            colour = c.error if pending.failure else c.accent
            pen = QPen(colour, max(2.0, g.f / 5.5), Qt.PenStyle.DashLine, Qt.PenCapStyle.FlatCap, Qt.PenJoinStyle.RoundJoin)
            pen.setDashPattern([2.0, 1.6])
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.setPen(pen)
            p.drawPath(pending.path)
            p.setPen(Qt.PenStyle.NoPen)
            hollow = QColor(colour)
            hollow.setAlphaF(0.55)
            p.setBrush(hollow)
            p.drawPolygon(pending.arrow)
            where = g.edge_block.get(self._pending)
            if where is not None:
                self._paint_block(p, g, c, g.blocks[where[0]], where[1], strength=0.55)

        edge = g.edges.get(self._edge) if self._edge is not None else None
        if edge is not None:
            colour = c.error if edge.failure else c.accent
            pulse = math.sin(math.pi * t) if t < 1.0 else 0.0
            width = max(2.2, g.f / 5.0) + 2.4 * pulse
            if pulse > 0:
                glow = QColor(colour)
                glow.setAlphaF(0.25 * pulse)
                p.setPen(QPen(glow, width + 5, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawPath(edge.path)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.setPen(self._edge_pen(c, edge.failure, width, colour))
            p.drawPath(edge.path)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(colour)
            p.drawPolygon(edge.arrow)
            if t < 1.0:
                dot = edge.path.pointAtPercent(min(1.0, max(0.0, t)))
                p.setBrush(colour)
                p.drawEllipse(dot, 0.35 * g.f + 1.5 * pulse, 0.35 * g.f + 1.5 * pulse)
            where = g.edge_block.get(self._edge)
            if where is not None:
                self._paint_block(p, g, c, g.blocks[where[0]], where[1], strength=1.0)

        if self._prev is not None and self._prev in g.nodes and t < 1.0:
            self._paint_node(p, g, c, self._prev, g.nodes[self._prev], current=1.0 - t)
        if self._state is not None and self._state in g.nodes:
            self._paint_node(p, g, c, self._state, g.nodes[self._state], current=t if self._prev is not None else 1.0)

        if not decorations:
            return
        if self._hover is not None and self._hover in g.nodes:
            r = g.nodes[self._hover]
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.setPen(QPen(c.accent, 1.6))
            radius = min(r.height() * 0.32, 9.0)
            p.drawRoundedRect(r, radius, radius)
        if self.hasFocus() and self._focus is not None and self._focus in g.nodes:
            r = g.nodes[self._focus].adjusted(-3.5, -3.5, 3.5, 3.5)
            pen = QPen(c.focus, 2.0, Qt.PenStyle.DotLine)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.setPen(pen)
            radius = min(r.height() * 0.32, 11.0)
            p.drawRoundedRect(r, radius, radius)
