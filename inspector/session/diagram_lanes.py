"""Where the routes of one channel of the lifecycle diagram run: the order of their lanes, the
ports on the nodes, and where a route's label sits on its lane. Plain numbers, no Qt.

Theory of operation
-------------------
The layout (:mod:`.diagram_geometry`) draws the transitions between rows as orthogonal
routes through the *channel* between the rows (:mod:`.diagram_plan` says which routes a channel
holds). Each route has a lane (a horizontal line) and one vertical stub per end, leaving or
entering a node's edge at a *port*. :func:`best_lanes` chooses among every order of the lanes (up
to six routes: 720 orders; more keep the plan's order), each node's ports spread along its edge so
that stubs heading left sit left and the lane nearest the node gets the outer port: the first order
with no stub drawn over another route's, then the fewest stubs crossing a lane, then the shortest
lines. It does not score every order: a branch and bound (:func:`_search`) skips those that
surely score worse, and answers exactly as trying them all would. :func:`lane_label_x` then puts
a label on its lane where no stub runs. The layout measures the blocks and draws the lines; what
is decided here is tested headless (``tests/session/test_diagram_lanes.py``,
``tests/session/test_diagram_lane_search.py``).
"""

from __future__ import annotations

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
    stubs crossing a lane, then the shortest lines, over every order up to six routes (of equal
    ones the first in :func:`itertools.permutations` order); more keep the plan's order.

    :func:`_search` finds that order without scoring each one; the order found is laid out by
    :func:`_assign` and scored by :func:`_crossings`, as every order once was
    (``tests/session/test_diagram_lane_search.py`` keeps that search and checks both agree)."""
    order = _search(ch, idx) if 2 <= len(idx) <= 6 else list(idx)
    eps, ys = _assign(ch, order)
    crossings, length, stacked = _crossings(ch, eps, ys)
    verticals: list[tuple[float, float, float]] = []
    for k, v in eps.items():
        for e in v:
            y0, y1 = sorted((e.edge_y, ys[k]))
            verticals.append((e.x, y0, y1))
    return Lanes(eps, ys, stacked, crossings, length, verticals)


@dataclass(eq=False)
class _Stub:
    """One end of a route in the search: its route, its node's edge y, and where its port falls
    among the node's ports (``group``: left, across, right; ``rank`` among its route's ends of that
    group at that node; ``ascending``: whether that group's ports follow the lanes outwards)."""

    route: int
    edge_y: float
    node: State
    group: int
    rank: int
    ascending: bool


def _search(ch: Channel, idx: list[int]) -> list[int]:
    """The first order of ``idx`` (in :func:`itertools.permutations` order) with the least
    (stacked, crossings, length) as :func:`_crossings` scores it, by branch and bound.

    Orders are built lane by lane outwards from the main row, depth first in permutation order.
    A route's port on a node depends only on which routes at that node have nearer lanes: those
    placed before it; every route placed after it is farther. So once a route is placed, its
    ports, lane and span are final, and so is everything it adds to the score with the routes
    placed before it: stubs over theirs, its stubs across their lanes and theirs across its lane,
    its length (summed in the order :func:`_crossings` sums it, so ties fall the same to the last
    bit). Each route only adds, so an order whose score so far, plus at least what the routes not
    placed yet must add (:func:`still`: sure crossings with the placed routes and between
    themselves, least lengths), is surely worse than the best full order's is not followed
    further: none of its completions could be strictly better."""
    near = ch.near
    spacing = ch.spacing
    n_routes = len(idx)
    stubs: dict[int, list[_Stub]] = {}
    size: dict[State, int] = {}  # ports on each node
    total: dict[tuple[State, int], int] = {}  # ends per node and group
    mine: dict[int, dict[tuple[State, int], int]] = {}  # a route's ends per node and group
    for k in idx:
        lst: list[_Stub] = []
        counts: dict[tuple[State, int], int] = {}
        for st, ey, _is_target, direction in ch.ends[k]:
            group = 0 if direction < 0 else (1 if direction == 0 else 2)
            # _assign's key: (0, dd) and (2, -dd), dd the depth counted from the main row's side
            # for a node on the main row and from the far side for the others; (1, 0) in lane order
            ascending = group == 1 or (group == 0) == ch.on_main[st]
            rank = counts.get((st, group), 0)
            counts[(st, group)] = rank + 1
            total[(st, group)] = total.get((st, group), 0) + 1
            size[st] = size.get(st, 0) + 1
            lst.append(_Stub(k, ey, st, group, rank, ascending))
        stubs[k] = lst
        mine[k] = counts
    before = {(st, g): sum(total.get((st, h), 0) for h in range(g)) for st, g in total}
    # the same with plain numbers for the inner loop (a State is slow to hash): per end its edge's
    # y, its node and group's slot, the first port of an ascending group or the last of a descending
    # one, its rank, and its node's port stretch and port count
    slot = {key: i for i, key in enumerate(total)}
    ends: dict[int, list[tuple[float, int, int, int, bool, float, float, int]]] = {
        k: [
            (
                sb.edge_y,
                slot[(sb.node, sb.group)],
                before[(sb.node, sb.group)]
                + (0 if sb.ascending else total[(sb.node, sb.group)] - mine[k][(sb.node, sb.group)]),
                sb.rank,
                sb.ascending,
                *ch.ports[sb.node],
                size[sb.node],
            )
            for sb in stubs[k]
        ]
        for k in idx
    }
    takes = {k: [(slot[key], c) for key, c in mine[k].items()] for k in idx}
    placed = [0] * len(slot)  # ends of routes placed so far, per node and group

    order: list[int] = []
    # per placed route: its lane's y, its span, and its ends' (x, y0, y1)
    lane: dict[int, float] = {}
    span: dict[int, tuple[float, float]] = {}
    drawn: dict[int, list[tuple[float, float, float]]] = {}
    best: tuple[int, float, float] | None = None
    best_order: list[int] = []

    def place(k: int, y: float, length: float) -> tuple[int, float, float]:
        """Place route ``k``'s lane at ``y`` after the routes in ``order``: the stacked stubs and
        crossings it adds, and the length so far with its lines added one by one as
        :func:`_crossings` adds them (a sum in another grouping may differ in the last bit)."""
        own: list[tuple[float, float, float]] = []
        for edge_y, i, first, rank, ascending, lo, hi, n in ends[k]:
            # ascending: after the ports of the routes placed; descending: after those of every
            # route not placed yet (farther lanes first), that is before the ones placed
            j = first + (placed[i] if ascending else -placed[i]) + rank
            x = lo + (hi - lo) * (j + 0.5) / n
            y0, y1 = (edge_y, y) if edge_y <= y else (y, edge_y)
            own.append((x, y0, y1))
        for i, c in takes[k]:
            placed[i] += c
        xs = [x for x, _y0, _y1 in own]
        lo_k, hi_k = min(xs), max(xs)
        stacked = 0
        count = 0.0
        for q in order:
            yq = lane[q]
            lo_q, hi_q = span[q]
            for x, y0, y1 in own:
                if y0 < yq < y1 and lo_q + 0.5 < x < hi_q - 0.5:
                    count += 1
                for x2, a0, a1 in drawn[q]:
                    if abs(x - x2) < near and min(y1, a1) - max(y0, a0) > 1:
                        stacked += 1
            for x2, a0, a1 in drawn[q]:
                if a0 < y < a1 and lo_k + 0.5 < x2 < hi_k - 0.5:
                    count += 1
        length += hi_k - lo_k
        for _x, y0, y1 in own:
            length += y1 - y0
        lane[k], span[k], drawn[k] = y, (lo_k, hi_k), own
        return stacked, count, length

    # for lower bounds on what the routes not placed yet still add: each route's ends (edge y and
    # the least and greatest x its port can take), the stretch its span surely covers, its least
    # span, and each lane's advance from the one before (negative when the labels overflow)
    reach: dict[int, list[tuple[float, float, float]]] = {}
    for k in idx:
        lst2: list[tuple[float, float, float]] = []
        for st, ey, *_r in ch.ends[k]:
            lo, hi = ch.ports[st]
            n = size[st]
            lst2.append((ey, lo + (hi - lo) * 0.5 / n, lo + (hi - lo) * (n - 0.5) / n))
        reach[k] = lst2
    covers = {k: (min(b for _y, _a, b in reach[k]), max(a for _y, a, _b in reach[k])) for k in idx}
    least_span = {k: max(0.0, covers[k][1] - covers[k][0]) for k in idx}
    advance = {k: ch.heights[k] + spacing for k in idx}
    sign = -1.0 if ch.towards_top else 1.0
    m = 1e-6  # far above any rounding in the bounds, far below a pixel
    bounded = n_routes >= 4  # with fewer routes the bounds cost more than the orders they skip

    def surely_within(k: int, x_min: float, x_max: float) -> bool:
        """Whether a port between ``x_min`` and ``x_max`` surely lies inside route ``k``'s span (as
        :func:`_crossings` counts a stub crossing a lane)."""
        return covers[k][0] + 0.5 < x_min - m and x_max + m < covers[k][1] - 0.5

    # two routes not placed yet cross each other at least so often whichever lane is nearer, when
    # the lanes do not overlap (no negative spacing): the farther route's stubs to the main row
    # pass the nearer lane, the nearer route's stubs to the far row pass the farther lane
    pair_least: dict[tuple[int, int], float] = {}
    if spacing >= 0 and bounded:

        def near_side(ey: float) -> bool:
            return ey >= ch.hi if ch.towards_top else ey <= ch.lo

        def far_side(ey: float) -> bool:
            return ey <= ch.lo if ch.towards_top else ey >= ch.hi

        def sure(nearer: int, farther: int) -> float:
            found = 0.0
            for ey, x_min, x_max in reach[farther]:
                if near_side(ey) and surely_within(nearer, x_min, x_max):
                    found += 1
            for ey, x_min, x_max in reach[nearer]:
                if far_side(ey) and surely_within(farther, x_min, x_max):
                    found += 1
            return found

        for i, a in enumerate(idx):
            for b in idx[i + 1 :]:
                pair_least[(a, b)] = min(sure(a, b), sure(b, a))

    def still(yy: float) -> tuple[float, float]:
        """At least the crossings and the length the routes not placed yet add, their lanes starting
        at ``yy``. Each such lane lies between the nearest and the farthest it could take: a stub
        of it that surely passes a placed lane where that lane runs is a sure crossing, as is a
        placed stub surely passing it within the stretch its span surely covers; its stubs reach
        at least the nearest point of that range, its span is at least its least span."""
        rest = [k for k in idx if k not in lane]
        ahead = sum(advance[k] for k in rest if advance[k] > 0)
        back = sum(advance[k] for k in rest if advance[k] < 0)
        count = 0.0
        length = 0.0
        for k in rest:
            half = ch.heights[k] / 2
            near_y = yy + sign * (back - min(advance[k], 0.0) + half)
            far_y = yy + sign * (ahead - max(advance[k], 0.0) + half)
            y_lo, y_hi = min(near_y, far_y), max(near_y, far_y)
            length += least_span[k]
            for ey, x_min, x_max in reach[k]:
                length += max(0.0, y_lo - ey, ey - y_hi)
                for q in order:
                    yq = lane[q]
                    lo_q, hi_q = span[q]
                    if ((ey < yq - m and yq + m < y_lo) or (ey > yq + m and yq - m > y_hi)) and (
                        lo_q + 0.5 < x_min - m and x_max + m < hi_q - 0.5
                    ):
                        count += 1
            for q in order:
                for x, a0, a1 in drawn[q]:
                    if a0 < y_lo - m and y_hi + m < a1 and surely_within(k, x, x):
                        count += 1
        for (a, b), least in pair_least.items():
            if a not in lane and b not in lane:
                count += least
        return count, length

    def unplace(k: int) -> None:
        for i, c in takes[k]:
            placed[i] -= c
        del lane[k], span[k], drawn[k]

    def extend(yy: float, stacked: int, count: float, length: float) -> None:
        nonlocal best
        for k in idx:
            if k in lane:
                continue
            bh = ch.heights[k]  # as _lane_ys
            if ch.towards_top:
                y, after = yy - bh / 2, yy - (bh + spacing)
            else:
                y, after = yy + bh / 2, yy + (bh + spacing)
            s_add, c_add, summed = place(k, y, length)
            order.append(k)
            score = (stacked + s_add, count + c_add, summed)
            if best is None or score < best:  # otherwise no completion can be strictly better
                if len(order) == n_routes:
                    best, best_order[:] = score, order
                elif best is None or not bounded:
                    extend(after, *score)
                else:
                    count_lb, length_lb = still(after)
                    bound = (score[0], score[1] + count_lb)
                    if bound < best[:2] or (bound == best[:2] and score[2] + length_lb <= best[2] * (1 + 1e-9) + m):
                        extend(after, *score)
            order.pop()
            unplace(k)

    extend(ch.hi if ch.towards_top else ch.lo, 0, 0.0, 0.0)
    return best_order


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
