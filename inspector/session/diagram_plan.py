"""The lifecycle diagram's plan and the readings of it that need no geometry: which row each state
of a transition table goes in, how each transition is drawn, the keyboard's order, the edge a
recording names, a label's lines and a scroll position that cuts the fewest boxes.

Theory of operation
-------------------
:func:`analyse` is pure data about a table (:func:`inspector.protocol.lifecycle.diagram_table`
says which transitions exist). The *main row* is the happy path, laid left to right as a
depth-first walk of non-failure edges from the initial state (the one nothing leads into),
shorter branches first so the longest path stays one unbroken spine. Final states reached only
through failure edges (Failed) go on a row *above*; the other end states (Shutting down,
Terminated) on a row *below*, in the topological order of their own edges. Edges between
neighbours in a row go across the *gap* between them; edges between rows run through the
*channel* between them. Transitions that share a target and a label become one *bus* ("server
exited / pipe lost" from every live state into Failed is one route with one stub per source),
and parallel transitions between the same two states share one route with a stacked label.
Self-loops hang off the free end of a row, or arch over the top (bottom) edge of a node inside
a row. A plan is computed once per table and cached (21 distinct tables).

The layout (:mod:`.diagram_geometry`) measures and places a plan, with the window's font
metrics; everything here is plain Python, tested headless over every table
(``tests/session/test_diagram_plan.py``).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from inspector.protocol.jsontypes import JsonObject, str_member
from inspector.protocol.lifecycle import State, Transition, states_of
from inspector.protocol.links import TransportKind
from inspector.protocol.versions import Era, EraMode

if TYPE_CHECKING:
    from .recording import Recording

__all__ = [
    "BOTTOM",
    "MAIN",
    "TOP",
    "Plan",
    "RouteSpec",
    "RowRoom",
    "RowShown",
    "analyse",
    "explanation_box",
    "focus_order",
    "glue_arrows",
    "machine_as_of",
    "resolve_edge",
    "reveal",
    "row_room",
    "shown_as_of",
    "whole_view",
    "wrap_label",
]

TOP, MAIN, BOTTOM = 0, 1, 2  # the rows, top to bottom; TOP and BOTTOM also name the channels


# --------------------------------------------------------------------------- plan (per table)


@dataclass(eq=False)
class RouteSpec:
    """Transitions drawn as one route through a channel: one target, one or more sources (a bus),
    one label group per entry."""

    channel: int  # TOP: between the top row and the main row; BOTTOM: below the main row
    target: State
    sources: tuple[State, ...]
    entries: list[tuple[Transition, ...]]  # one group per label: transitions drawn as one
    failure: bool


@dataclass(eq=False)
class Plan:
    """Where each state of a table goes (row and index) and how each transition is drawn: a loop,
    an arrow across a gap between neighbours, a route through a channel, or a straight line."""

    table: tuple[Transition, ...]
    states: list[State]
    rows: list[list[State]]
    row_of: dict[State, int]
    index_of: dict[State, int]
    loops: dict[State, list[Transition]]
    loop_side: dict[State, str]
    gaps: dict[tuple[int, int], list[Transition]]
    routes: list[RouteSpec]
    straight: list[Transition]
    initial: State | None


def analyse(table: tuple[Transition, ...]) -> Plan:
    """The plan of ``table``: its rows, loops, straight edges, buses and routes (computed once per
    table: the result is cached and shared, and nobody changes it)."""
    return _analyse(table)


@functools.lru_cache(maxsize=64)
def _analyse(table: tuple[Transition, ...]) -> Plan:
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
    groups: dict[tuple[int, State, str, bool], list[Transition]] = {}
    for tr in table:
        src, dst = tr.source, tr.target
        if src is dst:
            loops.setdefault(src, []).append(tr)
            continue
        rs, rt = row_of[src], row_of[dst]
        if rs == rt and abs(index_of[src] - index_of[dst]) == 1:
            gaps.setdefault((rs, min(index_of[src], index_of[dst])), []).append(tr)
            continue
        pair = {rs, rt}
        if pair == {MAIN, BOTTOM} or pair == {BOTTOM}:
            channel = BOTTOM
        elif pair == {MAIN, TOP} or pair == {MAIN} or pair == {TOP}:
            channel = TOP
        else:
            straight.append(tr)
            continue
        groups.setdefault((channel, dst, tr.label, tr.failure), []).append(tr)

    merged: dict[tuple[int, State, tuple[State, ...], bool], RouteSpec] = {}
    routes: list[RouteSpec] = []
    for (channel, target, _label, failure), trs in groups.items():
        sources = tuple(sorted({t.source for t in trs}, key=lambda s: (row_of[s], index_of[s])))
        key = (channel, target, sources, failure)
        route = merged.get(key)
        if route is None:
            route = RouteSpec(channel, target, sources, [], failure)
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
    return Plan(table, states, rows, row_of, index_of, loops, loop_side, gaps, routes, straight, initial)


class RowRoom(NamedTuple):
    """The room the rows of a plan need round their nodes (:func:`row_room`)."""

    overhang: list[float]  # per row: how far its gaps' labels stand out above and below its nodes
    side_reserve: dict[State, float]  # per state with loops beside it: what they and their label take
    loop_band: list[float]  # per row: the band its arched loops and their labels take
    gap_min: dict[tuple[int, int], float]  # per gap (row, index): its least width
    row_w: list[float]  # per row: its least width


def row_room(
    plan: Plan,
    f: float,
    node_w: dict[State, float],
    node_h: float,
    gaps: dict[tuple[int, int], list[tuple[float, float]]],
    loops: dict[State, tuple[float, float]],
    loop_ext: dict[State, tuple[float, float]],
) -> RowRoom:
    """The room the rows of ``plan`` need at type size ``f``, from the nodes' widths and height
    and the sizes (width, height) of the labels in each gap (stacked, 2 px apart) and of each
    state's loops; ``loop_ext``: how far a state's loops stand out of it (sideways, vertically).
    A gap is at least 2.4 ems wide, wide enough for its widest label with an em each side, and
    for an arch's label; a row is its nodes, its gaps and the loops beside its ends."""
    overhang = [0.0, 0.0, 0.0]
    for (r, _i), sizes in gaps.items():
        stack = sum(h for _w, h in sizes) + 2 * (len(sizes) - 1)
        overhang[r] = max(overhang[r], stack / 2 - node_h / 2 + 1)
    side_reserve: dict[State, float] = {}
    loop_band = [0.0, 0.0, 0.0]
    for s, (bw, bh) in loops.items():
        if plan.loop_side[s] in ("left", "right"):
            # beside the first or last node of a row: no lane passes there, so no overhang
            side_reserve[s] = loop_ext[s][0] + 0.35 * f + bw + 2
        else:
            r = plan.row_of[s]
            loop_band[r] = max(loop_band[r], bh + 3, loop_ext[s][1] + 3)
    gap_min: dict[tuple[int, int], float] = {}
    row_w = [0.0, 0.0, 0.0]
    for r, row in enumerate(plan.rows):
        if not row:
            continue
        w = sum(node_w[s] for s in row)
        for i in range(len(row) - 1):
            need = 2.4 * f
            in_gap = gaps.get((r, i))
            if in_gap:
                need = max(need, max(bw for bw, _h in in_gap) + 2 * (1.0 * f))  # an em each side
            s = row[i]
            if s in loops and plan.loop_side[s] in ("up", "down"):
                need = max(need, loop_ext[s][0] + 0.35 * f + loops[s][0] + 0.6 * f)
            gap_min[(r, i)] = need
            w += need
        for s in (row[0], row[-1]):
            w += side_reserve.get(s, 0.0)
        row_w[r] = w
    return RowRoom(overhang, side_reserve, loop_band, gap_min, row_w)


# --------------------------------------------------------------------------- readings


def focus_order(plan: Plan) -> list[State]:
    """The keyboard's order through the states: the main row, then the one below, then above."""
    return plan.rows[MAIN] + plan.rows[BOTTOM] + plan.rows[TOP]


def machine_as_of(recording: Recording, row: int) -> tuple[EraMode, Era | None, TransportKind]:
    """The machine the diagram draws as of entry ``row``: the recording's era mode, the era
    detected by then and the transport then (a value not known: auto, no era)."""
    try:
        mode = EraMode(recording.header.get("era_mode", "auto"))
    except ValueError:
        mode = EraMode.AUTO
    era_value = recording.era_as_of(row)
    try:
        era = Era(era_value) if era_value else None
    except ValueError:
        era = None
    return mode, era, recording.transport_as_of(row)


class RowShown(NamedTuple):
    """What the diagram shows as of a recording's entry ``row``: the machine then, the state then,
    the transition that led there and the entry that took it (None and None before any)."""

    row: int
    machine: tuple[EraMode, Era | None, TransportKind]
    state: State
    transition: JsonObject | None
    seq: int | None


def shown_as_of(recording: Recording, row: int) -> RowShown | None:
    """What the diagram shows as of entry ``row`` (a row past either end: the nearest entry);
    None for an empty recording."""
    n = len(recording)
    if n == 0:
        return None
    row = max(0, min(int(row), n - 1))
    found = recording.transition_as_of(row)
    seq, tr = (found[0], found[1]) if found else (None, None)
    return RowShown(row, machine_as_of(recording, row), recording.state_at(row), tr, seq)


def resolve_edge(table: tuple[Transition, ...], tr: JsonObject | Transition | None) -> Transition | None:
    """The transition of ``table`` that ``tr`` names (a recording's ``{"from", "to", "label",
    "event"}`` or a transition of another table): by its event, else its label, else its two
    states (a label that changed since the recording was made); None when it names none (a
    transition of no table in ``table``: itself)."""
    if tr is None:
        return None
    if isinstance(tr, Transition):
        src, dst, label, event = tr.source, tr.target, tr.label, tr.event.value
    else:
        try:
            src, dst = State(tr["from"]), State(tr["to"])
        except (KeyError, ValueError):
            return None
        label, event = str_member(tr, "label"), str_member(tr, "event")  # "": matches no edge
    between = [t for t in table if t.source is src and t.target is dst]
    for t in between:  # the edge the recording names by its event (format 2)
        if t.event.value == event:
            return t
    for t in between:
        if t.label == label:
            return t
    if between:  # a label that changed since the recording was made
        return between[0]
    return tr if isinstance(tr, Transition) else None


def whole_view(
    v: int,
    view: float,
    top: int,
    keep: tuple[float, float],
    boxes: list[tuple[float, float]],
    labels: list[tuple[float, float]],
) -> int:
    """A scroll position near ``v`` (0..``top``) that keeps ``keep`` in a view ``view`` long and
    cuts the fewest state boxes (then labels) in half at the view's edges: one where a row of
    states starts or ends, when there is one."""

    def cuts(c: float) -> tuple[int, int]:
        def n(spans: list[tuple[float, float]]) -> int:
            return sum(1 for a, b in spans if a < c < b or a < c + view < b)

        return n(boxes), n(labels)

    pad = 6.0
    candidates = {v}
    for a, b in boxes + labels:
        # the view starting just before or just after a span, or ending just after or before it
        candidates.update(
            (
                int(math.floor(a - pad)),
                int(math.ceil(b + pad)),
                int(math.ceil(b + pad - view)),
                int(math.floor(a - pad - view)),
            )
        )
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


def reveal(
    v: int,
    span: tuple[float, float],
    view: float,
    top: int,
    boxes: list[tuple[float, float]],
    labels: list[tuple[float, float]],
    margin: float = 24.0,
) -> int:
    """A scroll position (0..``top``) from ``v`` that shows ``span`` (a state's box with ``margin``
    round it) in a view ``view`` long: moved no further than needed (to its start when it does
    not fit), then to where it cuts the fewest boxes and labels with the box in view
    (:func:`whole_view`)."""
    lo, hi = span
    if hi - lo > view or lo < v:
        v = int(lo)
    elif hi > v + view:
        v = int(math.ceil(hi - view))
    return whole_view(v, view, top, (lo + margin, hi - margin), boxes, labels)


def explanation_box(w: int, h: int, lesson: bool, need: Callable[[int], int]) -> tuple[bool, tuple[int, int, int, int]]:
    """Where a state's explanation goes in a ``w`` x ``h`` diagram, and whether beside it: beside
    the drawing (right) when the widget is wide, 280 to 420 px wide (narrower with lesson notes:
    the drawing keeps more room); below it when not, as tall as its text needs at that width
    (``need(width)``), at least 60 px and at most 42 % of the height. (x, y, width, height)."""
    if w >= 900 and w >= 2.6 * h:
        pw = int(min(420, max(280, (0.22 if lesson else 0.3) * w)))
        return True, (w - pw, 0, pw, h)
    ph = int(min(max(need(max(50, w - 40)) + 4, 60), h * 0.42))
    return False, (0, h - ph, w, ph)


def glue_arrows(text: str) -> list[str]:
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


def wrap_label(text: str, advance: Callable[[str], float], maxw: float | None) -> list[str]:
    """The lines of a label no wider than ``maxw`` (None: one line) by ``advance`` (a font's width
    of a text): words kept whole with their arrows (:func:`glue_arrows`), a word too wide for a
    line broken after its slashes ("server exited/pipe lost")."""
    if maxw is None or advance(text) <= maxw:
        return [text]
    tokens: list[tuple[str, str]] = []  # (piece, separator before the next piece)
    for w in glue_arrows(text):
        if advance(w) > maxw and "/" in w.strip("/"):
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
        if cur and advance(trial) > maxw:
            lines.append(cur)
            cur = piece
        else:
            cur = trial
        sep = after
    if cur:
        lines.append(cur)
    return lines
