"""The diagram's lane search as it was before the branch and bound (issue 23): every order of the
lanes laid out and scored in full, the first order with the least (stacked, crossings, length)
kept. It is the reference the package's :func:`inspector.session.diagram_lanes.best_lanes` must
agree with to the last bit (``tests/session/test_diagram_lane_search.py``,
``tests/ui/test_diagram_lane_search_live.py``); it stays here, not in the package. The channels
of real layouts are kept as JSON (:func:`channel_to_json`, :func:`channel_from_json`)."""

from __future__ import annotations

import itertools
from typing import TypedDict

from inspector.protocol.lifecycle import State
from inspector.session.diagram_lanes import Channel, End, Endpoint, Lanes


def _lane_ys(ch: Channel, order: list[int]) -> dict[int, float]:
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


def reference_order(ch: Channel, idx: list[int]) -> tuple[tuple[int, ...], tuple[int, float, float]]:
    """The lane order the exhaustive search chose (nearest the main row first) and its score."""
    best: tuple[tuple[int, float, float], tuple[int, ...]] | None = None
    orders = itertools.permutations(idx) if len(idx) <= 6 else [tuple(idx)]
    for order in orders:
        eps, ys = _assign(ch, list(order))
        c, length, stacked = _crossings(ch, eps, ys)
        key = (stacked, c, length)
        if best is None or key < best[0]:
            best = (key, order)
    assert best is not None
    return best[1], best[0]


def reference_lanes(ch: Channel, idx: list[int]) -> Lanes:
    """What the exhaustive search returned: the chosen order's ends, lanes, score and stubs."""
    order, (stacked, crossings, length) = reference_order(ch, idx)
    eps, ys = _assign(ch, list(order))
    verticals: list[tuple[float, float, float]] = []
    for k, v in eps.items():
        for e in v:
            y0, y1 = sorted((e.edge_y, ys[k]))
            verticals.append((e.x, y0, y1))
    return Lanes(eps, ys, stacked, crossings, length, verticals)


def lanes_facts(lanes: Lanes) -> tuple[object, ...]:
    """Everything a Lanes says, comparable with ==: floats compared exactly."""
    ends = {k: [(e.state, e.edge_y, e.target, e.x) for e in v] for k, v in lanes.ends.items()}
    return (ends, lanes.ys, lanes.stacked, lanes.crossings, lanes.length, lanes.verticals)


class ChannelJson(TypedDict):
    lo: float
    hi: float
    towards_top: bool
    heights: list[tuple[int, float]]
    ends: list[tuple[int, list[tuple[str, float, bool, int]]]]
    ports: list[tuple[str, float, float]]
    on_main: list[tuple[str, bool]]
    near: float
    idx: list[int]


def channel_to_json(ch: Channel, idx: list[int]) -> ChannelJson:
    """A channel and the routes searched, as JSON (floats round-trip exactly)."""
    return {
        "lo": ch.lo,
        "hi": ch.hi,
        "towards_top": ch.towards_top,
        "heights": list(ch.heights.items()),
        "ends": [(k, [(s.name, y, t, d) for s, y, t, d in v]) for k, v in ch.ends.items()],
        "ports": [(s.name, a, b) for s, (a, b) in ch.ports.items()],
        "on_main": [(s.name, m) for s, m in ch.on_main.items()],
        "near": ch.near,
        "idx": list(idx),
    }


def channel_from_json(data: ChannelJson) -> tuple[Channel, list[int]]:
    ends: dict[int, list[End]] = {k: [(State[s], y, t, d) for s, y, t, d in v] for k, v in data["ends"]}
    ch = Channel(
        data["lo"],
        data["hi"],
        data["towards_top"],
        dict((k, h) for k, h in data["heights"]),
        ends,
        {State[s]: (a, b) for s, a, b in data["ports"]},
        {State[s]: m for s, m in data["on_main"]},
        data["near"],
    )
    return ch, list(data["idx"])
