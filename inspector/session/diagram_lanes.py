"""Where the routes of one channel of the lifecycle diagram run: the order of their lanes, the
ports on the nodes, and where a route's label sits on its lane. Plain numbers, no Qt.

Theory of operation
-------------------
The layout (:mod:`inspector.ui.diagram_layout`) draws the transitions between rows as orthogonal
routes through the *channel* between the rows (:mod:`.diagram_plan` says which routes a channel
holds). Each route has a lane (a horizontal line) and one vertical stub per end, leaving or
entering a node's edge at a *port*. :func:`best_lanes` tries every order of the lanes (up to six
routes: 720 orders; more keep the plan's order) and spreads each node's ports along its edge so
that stubs heading left sit left and the lane nearest the node gets the outer port; it keeps the order
with no stub drawn over another route's, then the fewest stubs crossing a lane, then the
shortest lines. :func:`lane_label_x` then puts a label on its lane where no stub runs. The
layout measures the blocks and draws the lines with Qt; what is decided here is tested headless
(``tests/session/test_diagram_lanes.py``).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass, field

from inspector.protocol.lifecycle import State

__all__ = ["Channel", "End", "Endpoint", "Lanes", "best_lanes", "lane_label_x", "port_ranges", "route_ends"]

#: one end of a route before the ports are placed: its state, the y of the node's edge it meets,
#: whether it is the route's target, and where the route's other ends lie (-1 left, 0 across, 1 right)
End = tuple[State, float, bool, int]


@dataclass(eq=False)
class Endpoint:
    """One end of a route at its port: the state, the y of the node's edge, whether it is the
    route's target, and the port's x."""

    state: State
    edge_y: float
    target: bool
    x: float = 0.0


@dataclass(eq=False)
class Channel:
    """The routes of one channel, by their index in the plan: the band their lanes may use
    (``lo`` to ``hi``), each label's height, each route's ends, the stretch of each node's edge
    where ports may go, which nodes are on the main row, and how close two stubs may run."""

    lo: float
    hi: float
    towards_top: bool  # the top channel: the lane nearest the main row is the lowest
    heights: dict[int, float]
    ends: dict[int, list[End]]
    ports: dict[State, tuple[float, float]]
    on_main: dict[State, bool]
    near: float

    @property
    def spacing(self) -> float:
        """The room between two lanes: what the labels leave of the band, shared."""
        n = len(self.heights)
        return ((self.hi - self.lo) - sum(self.heights.values())) / (n - 1) if n > 1 else 0.0


@dataclass(eq=False)
class Lanes:
    """The lane order chosen: each route's ends at their ports and its lane's y, and the score."""

    ends: dict[int, list[Endpoint]]
    ys: dict[int, float]
    stacked: int  # stubs drawn over another route's
    crossings: float  # stubs crossing another route's lane
    length: float
    verticals: list[tuple[float, float, float]] = field(default_factory=list)  # every stub: x, y0, y1


def route_ends(
    routes: dict[int, tuple[tuple[State, ...], State]], centre: dict[State, float], edge_y: Callable[[State], float]
) -> dict[int, list[End]]:
    """Each route's ends (its sources, then its target) at the edges of their nodes (``edge_y``),
    with the side the route's other ends lie on, from the nodes' centres (``centre``)."""
    out: dict[int, list[End]] = {}
    for k, (sources, target) in routes.items():
        ends = [(st, False) for st in sources] + [(target, True)]
        lst: list[End] = []
        for j, (st, is_target) in enumerate(ends):
            others = [centre[o] for i, (o, _t) in enumerate(ends) if i != j]
            dx = (sum(others) / len(others) if others else 0.0) - centre[st]
            lst.append((st, edge_y(st), is_target, -1 if dx < -1 else (0 if dx <= 1 else 1)))
        out[k] = lst
    return out


def port_ranges(
    boxes: dict[State, tuple[float, float]], arches: dict[State, float]
) -> dict[State, tuple[float, float]]:
    """Where on each node's edge (``boxes``: left and width) ports may go: its middle 60 %, less
    the stretch its arches take from the right corner (``arches``); when that leaves less than a
    fifth of the edge, its middle 70 % (the stubs then pass the arches)."""
    ranges: dict[State, tuple[float, float]] = {}
    for st, (left, w) in boxes.items():
        right = left + w
        lo = left + 0.2 * w
        hi = right - max(0.2 * w, arches.get(st, 0.0))
        if hi - lo < 0.2 * w:
            lo, hi = left + 0.15 * w, right - 0.15 * w
        ranges[st] = (lo, hi)
    return ranges


def _lane_ys(ch: Channel, order: list[int]) -> dict[int, float]:
    """Lane centre per route; ``order`` lists routes nearest the main row first."""
    ys: dict[int, float] = {}
    if len(order) == 1:
        ys[order[0]] = (ch.lo + ch.hi) / 2
        return ys
    spacing = ch.spacing
    if ch.towards_top:
        yy = ch.hi
        for k in order:
            bh = ch.heights[k]
            ys[k] = yy - bh / 2
            yy -= bh + spacing
    else:
        yy = ch.lo
        for k in order:
            bh = ch.heights[k]
            ys[k] = yy + bh / 2
            yy += bh + spacing
    return ys


def _assign(ch: Channel, order: list[int]) -> tuple[dict[int, list[Endpoint]], dict[int, float]]:
    """The routes' ends at their ports for one lane ``order``, and the lanes' y."""
    ys = _lane_ys(ch, order)
    last = len(order) - 1
    eps: dict[int, list[Endpoint]] = {}
    per_node: dict[State, list[tuple[tuple[int, int], Endpoint]]] = {}
    for depth, k in enumerate(order):
        ends: list[Endpoint] = []
        for st, ey, is_target, direction in ch.ends[k]:
            ep = Endpoint(st, ey, is_target)
            ends.append(ep)
            dd = depth if ch.on_main[st] else last - depth
            key = (0, dd) if direction < 0 else ((1, 0) if direction == 0 else (2, -dd))
            per_node.setdefault(st, []).append((key, ep))
        eps[k] = ends
    for st, keyed in per_node.items():
        lo, hi = ch.ports[st]
        keyed.sort(key=lambda t: t[0])
        n = len(keyed)
        for j, (_key, ep) in enumerate(keyed):
            ep.x = lo + (hi - lo) * (j + 0.5) / n
    return eps, ys


def _crossings(ch: Channel, eps: dict[int, list[Endpoint]], ys: dict[int, float]) -> tuple[float, float, int]:
    """(lines crossing a lane, total length, vertical lines of two routes drawn on top of each other)"""
    spans = {k: (min(e.x for e in v), max(e.x for e in v)) for k, v in eps.items()}
    count = 0.0
    length = 0.0
    verts: list[tuple[int, float, float, float]] = []
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
            if k2 != k and abs(x - x2) < ch.near and min(y1, a1) - max(y0, a0) > 1:
                stacked += 1
    return count, length, stacked


def best_lanes(ch: Channel, idx: list[int]) -> Lanes:
    """The lane order of the routes ``idx`` with no stub over another route's, then the fewest
    stubs crossing a lane, then the shortest lines (every order up to six routes)."""
    best: tuple[tuple[int, float, float], dict[int, list[Endpoint]], dict[int, float]] | None = None
    orders = itertools.permutations(idx) if len(idx) <= 6 else [tuple(idx)]
    for order in orders:
        eps, ys = _assign(ch, list(order))
        c, length, stacked = _crossings(ch, eps, ys)
        key = (stacked, c, length)
        if best is None or key < best[0]:
            best = (key, eps, ys)
    assert best is not None  # at least one order is tried
    (stacked, crossings, length), eps, ys = best
    verticals: list[tuple[float, float, float]] = []
    for k, v in eps.items():
        for e in v:
            y0, y1 = sorted((e.edge_y, ys[k]))
            verticals.append((e.x, y0, y1))
    return Lanes(eps, ys, stacked, crossings, length, verticals)


def lane_label_x(
    bw: float,
    bh: float,
    ly: float,
    lo: float,
    hi: float,
    prefer: float,
    verticals: list[tuple[float, float, float]],
    clear: float,
    W: float,
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

        def dist(iv: tuple[float, float]) -> float:
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
