"""The diagram's lane search is a branch and bound (issue 23: start-up spent most of the diagram's
first layout trying every lane order), and it answers exactly as the exhaustive search did: the
same order for every channel, ties broken the same way, the same ports, lanes and score to the
last bit. Checked headless against that search (``tests/diagram_lanes_reference.py``) over the
channels of every table the diagram draws, in English and in Chinese, as the layout built them
(``tests/ui/test_diagram_lane_search_live.py`` recorded them and checks the live ones), and over
made-up channels full of ties, overflowing labels and crowded nodes."""

from __future__ import annotations

import gzip
import json
import random
from pathlib import Path

import pytest
from diagram_lanes_reference import ChannelJson, channel_from_json, lanes_facts, reference_lanes, reference_order

from inspector.protocol.lifecycle import State
from inspector.session.diagram_lanes import Channel, best_lanes, port_ranges, route_ends

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def recorded(language: str) -> list[ChannelJson]:
    with gzip.open(FIXTURES / f"diagram_channels_{language}.json.gz", "rt", encoding="utf-8") as f:
        data: list[ChannelJson] = json.load(f)
    return data


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_channels_of_every_table_get_the_exhaustive_searchs_lanes(language: str) -> None:
    channels = recorded(language)
    assert len(channels) > 1000  # every table, eight sizes
    sizes = set()
    for data in channels:
        ch, idx = channel_from_json(data)
        sizes.add(len(idx))
        assert lanes_facts(best_lanes(ch, idx)) == lanes_facts(reference_lanes(ch, idx)), data
    assert sizes >= {2, 3, 4, 5}


def made_up(rng: random.Random, n: int, towards_top: bool, crowded: bool) -> tuple[Channel, list[int]]:
    """A channel of ``n`` routes between nodes on a grid (so that ties abound): main-row nodes at
    one edge of the band, others at the far edge; ``crowded``: labels taller than the band."""
    states = list(State)
    main = set(rng.sample(states, rng.randint(2, 6)))
    left = {st: float(rng.randrange(0, 8) * 100) for st in states}
    boxes = {st: (left[st], 80.0 + 20.0 * rng.randrange(0, 2)) for st in states}
    centre = {st: x + w / 2 for st, (x, w) in boxes.items()}
    main_edge, far_edge = (100.0, 0.0) if towards_top else (0.0, 100.0)
    routes: dict[int, tuple[tuple[State, ...], State]] = {}
    for k in range(n):
        picked = rng.sample(states, rng.choice([2, 2, 2, 3]))
        routes[k * 3 + 1] = (tuple(picked[:-1]), picked[-1])
    ends = route_ends(routes, centre, lambda st: main_edge if st in main else far_edge)
    used = {st for lst in ends.values() for st, *_r in lst}
    arches = {st: 30.0 for st in used if rng.random() < 0.2}
    ports = port_ranges({st: boxes[st] for st in used}, arches)
    height = 14.0 if crowded else 10.0
    heights = {k: height + 2.0 * rng.randrange(0, 3) for k in routes}
    lo, hi = (10.0, 30.0) if crowded else (10.0, 90.0)
    ch = Channel(lo, hi, towards_top, heights, ends, ports, {st: st in main for st in used}, 7.0)
    idx = list(routes)
    rng.shuffle(idx)
    return ch, idx


@pytest.mark.parametrize("towards_top", [False, True], ids=["bottom", "top"])
@pytest.mark.parametrize("crowded", [False, True], ids=["roomy", "crowded"])
def test_made_up_channels_get_the_exhaustive_searchs_lanes(towards_top: bool, crowded: bool) -> None:
    rng = random.Random(f"{towards_top}-{crowded}")
    scores = set()
    for n in [2, 3, 4, 5, 6] * 12 + [6] * 6:
        ch, idx = made_up(rng, n, towards_top, crowded)
        if crowded:
            assert ch.spacing < 0  # the labels overflow: a lane's advance is less than its label
        new = best_lanes(ch, idx)
        assert lanes_facts(new) == lanes_facts(reference_lanes(ch, idx)), (n, idx)
        scores.add((new.stacked > 0, new.crossings > 0))
    assert (True, True) in scores or (False, True) in scores  # not only trivial channels


def test_of_equal_orders_the_first_in_permutation_order_wins() -> None:
    """Two routes between the same two main-row nodes, alike in everything: every order scores
    the same, so the plan's order stays (in whichever order the plan lists them)."""
    a, b = State.INITIALIZING, State.OPERATING
    ends = route_ends({0: ((a,), b), 1: ((a,), b)}, {a: 50.0, b: 250.0}, lambda st: 0.0)
    ports = port_ranges({a: (0.0, 100.0), b: (200.0, 100.0)}, {})
    ch = Channel(10.0, 90.0, False, {0: 14.0, 1: 14.0}, ends, ports, {a: True, b: True}, 7.0)
    for idx in ([0, 1], [1, 0]):
        order, _score = reference_order(ch, idx)
        assert list(order) == idx
        lanes = best_lanes(ch, idx)
        assert sorted(lanes.ys, key=lanes.ys.__getitem__) == idx  # nearest the main row first
        assert lanes_facts(lanes) == lanes_facts(reference_lanes(ch, idx))


def test_more_than_six_routes_keep_the_plans_order() -> None:
    rng = random.Random(7)
    ch, idx = made_up(rng, 7, False, False)
    lanes = best_lanes(ch, idx)
    assert sorted(lanes.ys, key=lanes.ys.__getitem__) == idx
    assert lanes_facts(lanes) == lanes_facts(reference_lanes(ch, idx))
