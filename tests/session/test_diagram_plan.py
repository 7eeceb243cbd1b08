"""The lifecycle diagram's plan without Qt (issue 23: what the diagram decides about a table moves
down to session/): rows, gaps, routes and loops of every transition table, the keyboard's order,
the edge a recording names, a label's lines and the scroll position that cuts the fewest boxes."""

from __future__ import annotations

from pathlib import Path

import pytest

from inspector.protocol.lifecycle import TRANSPORTS, Event, State, Transition, diagram_table, states_of, table_for
from inspector.protocol.links import TransportKind
from inspector.protocol.versions import Era, EraMode
from inspector.session.diagram_plan import (
    BOTTOM,
    MAIN,
    TOP,
    analyse,
    explanation_box,
    focus_order,
    glue_arrows,
    machine_as_of,
    resolve_edge,
    reveal,
    row_room,
    shown_as_of,
    whole_view,
    wrap_label,
)
from inspector.session.recording import Recording


def tables() -> list[tuple[Transition, ...]]:
    """Every table the diagram draws (each era mode, era and transport) and every protocol table."""
    found: dict[tuple[Transition, ...], None] = {}
    for mode in EraMode:
        for transport in TRANSPORTS:
            found.setdefault(table_for(mode, transport))
            for era in [None, *Era]:
                found.setdefault(diagram_table(mode, era, transport))
    return list(found)


ALL = tables()


def test_the_plan_needs_no_qt() -> None:
    import inspector.session.diagram_plan as module

    assert module.__file__ is not None
    with open(module.__file__, encoding="utf-8") as f:
        assert "PySide6" not in f.read()


def test_there_are_the_tables_the_layout_tests_lay_out() -> None:
    drawn = {diagram_table(m, e, t) for m in EraMode for e in [None, *Era] for t in TRANSPORTS}
    assert len(drawn) == 21
    assert drawn <= set(ALL)


@pytest.mark.parametrize("table", ALL, ids=lambda t: f"{len(t)}-{t[0].source.name}")
def test_every_state_in_one_row_and_every_transition_drawn_once(table: tuple[Transition, ...]) -> None:
    plan = analyse(table)
    assert plan.states == states_of(table)
    placed = [s for row in plan.rows for s in row]
    assert sorted(placed, key=lambda s: s.name) == sorted(plan.states, key=lambda s: s.name)
    for s in plan.states:
        assert plan.rows[plan.row_of[s]][plan.index_of[s]] is s
    # the main row starts at the initial state: the first nothing else leads into (else the first)
    no_way_in = [s for s in plan.states if all(t.target is not s or t.source is s for t in table)]
    assert plan.initial is (no_way_in[0] if no_way_in else plan.states[0])
    assert plan.rows[MAIN][0] is plan.initial
    # above: final states reached only by failures; below: the other end states
    for s in plan.rows[TOP]:
        assert s.final and all(t.failure for t in table if t.target is s and t.source is not s)
    for s in plan.rows[MAIN]:
        assert not s.final
    # each transition is a loop, an arrow across a gap, part of one route, or a straight line: once
    drawn: list[Transition] = [t for ts in plan.loops.values() for t in ts]
    drawn += [t for ts in plan.gaps.values() for t in ts]
    drawn += [t for r in plan.routes for group in r.entries for t in group]
    drawn += plan.straight
    assert sorted(drawn, key=repr) == sorted(table, key=repr)
    for (row, i), ts in plan.gaps.items():
        assert all({plan.index_of[t.source], plan.index_of[t.target]} == {i, i + 1} for t in ts)
        assert all(plan.row_of[t.source] == plan.row_of[t.target] == row for t in ts)
    for route in plan.routes:
        assert route.channel in (TOP, BOTTOM)
        for group in route.entries:  # one label per group, all into the route's target
            assert {t.label for t in group} == {group[0].label}
            assert all(t.target is route.target and t.source in route.sources for t in group)
            assert all(t.failure is route.failure for t in group)
    for s, ts in plan.loops.items():
        assert all(t.source is t.target is s for t in ts)
        row, i = plan.row_of[s], plan.index_of[s]
        expected = "right" if i == len(plan.rows[row]) - 1 else "left" if i == 0 else "down" if row == BOTTOM else "up"
        assert plan.loop_side[s] == expected
    order = focus_order(plan)
    assert order == plan.rows[MAIN] + plan.rows[BOTTOM] + plan.rows[TOP]
    assert len(set(order)) == len(plan.states)


def test_failure_buses_share_one_route() -> None:
    plan = analyse(diagram_table(EraMode.LEGACY))
    assert plan.rows[TOP] == [State.FAILED]
    buses = [r for r in plan.routes if r.target is State.FAILED and len(r.sources) > 1]
    assert buses and all(r.failure and r.channel == TOP for r in buses)


def test_a_plan_is_computed_once_per_table() -> None:
    table = diagram_table(EraMode.MODERN)
    assert analyse(table) is analyse(tuple(table))  # an equal table: the same plan


def test_the_edge_a_recording_names() -> None:
    table = diagram_table(EraMode.LEGACY)
    edge = next(t for t in table if t.source is not t.target)
    same = {"from": edge.source.value, "to": edge.target.value}
    assert resolve_edge(table, {**same, "label": "", "event": edge.event.value}) is edge  # by its event
    assert resolve_edge(table, {**same, "label": edge.label, "event": "?"}) == edge  # by its label
    renamed = resolve_edge(table, {**same, "label": "an old label", "event": "?"})  # by its states
    assert renamed is not None and (renamed.source, renamed.target) == (edge.source, edge.target)
    assert resolve_edge(table, {"from": "no such state", "to": edge.target.value}) is None
    assert resolve_edge(table, {"to": edge.target.value}) is None
    assert resolve_edge(table, None) is None
    stranger = Transition(State.FAILED, Event.SEND_INITIALIZE, State.FAILED, "not in any table")
    assert resolve_edge(table, stranger) is stranger  # named by no edge here: itself
    assert resolve_edge(table, edge) is edge


def test_a_label_wraps_at_words_and_keeps_its_arrows() -> None:
    assert glue_arrows("a → b ← c") == ["a →", "b", "← c"]

    def width(text: str) -> float:  # one unit a character
        return float(len(text))

    assert wrap_label("server exited", width, None) == ["server exited"]
    assert wrap_label("server exited", width, 20) == ["server exited"]
    assert wrap_label("initialize → result", width, 12) == ["initialize →", "result"]  # never a lone arrow
    lines = wrap_label("exited/pipe/lost now", width, 8)
    assert lines == ["exited/", "pipe/", "lost now"]  # a word too wide breaks after its slashes
    assert all(width(line) <= 8 for line in lines)


def test_the_scroll_position_that_cuts_fewest_boxes() -> None:
    boxes = [(0.0, 80.0), (150.0, 230.0), (300.0, 380.0)]
    # asked for 120 in a 200 view: 120..320 cuts the third box; it moves to where it cuts none
    v = whole_view(120, 200.0, 200, (130.0, 140.0), boxes, [])
    cuts = sum(1 for a, b in boxes if a < v < b or a < v + 200 < b)
    assert cuts == 0 and 0 <= v <= 200
    # what must stay in view wins over cutting nothing: from 170 (two cuts) to the nearest with one
    v = whole_view(170, 200.0, 200, (340.0, 370.0), boxes, [])
    assert v <= 340 and v + 200 >= 370
    assert sum(1 for a, b in boxes if a < v < b or a < v + 200 < b) == 1 and v == 186
    assert whole_view(50, 500.0, 0, (0.0, 0.0), boxes, []) == 0  # nowhere to scroll


def test_the_machine_drawn_as_of_an_entry() -> None:
    fixtures = Path(__file__).parent.parent / "fixtures" / "recordings"
    stdio = Recording.load(fixtures / "v2-stdio-stderr.jsonl")
    assert machine_as_of(stdio, 0) == (EraMode.LEGACY, None, TransportKind.STDIO)  # no era seen yet
    assert machine_as_of(stdio, len(stdio) - 1) == (EraMode.LEGACY, Era.LEGACY, TransportKind.STDIO)
    http = Recording.load(fixtures / "v3-http-reset-tools.jsonl")
    assert machine_as_of(http, len(http) - 1)[2] is TransportKind.STREAMABLE_HTTP
    odd = Recording({"era_mode": "a later version's mode"}, t0=0.0)  # not known: auto
    assert machine_as_of(odd, 0) == (EraMode.AUTO, None, TransportKind.STDIO)


def test_what_the_diagram_shows_as_of_an_entry() -> None:
    fixtures = Path(__file__).parent.parent / "fixtures" / "recordings"
    rec = Recording.load(fixtures / "v2-stdio-stderr.jsonl")
    first = shown_as_of(rec, 0)
    assert first is not None and first.row == 0 and first.machine == machine_as_of(rec, 0)
    last = len(rec) - 1
    shown = shown_as_of(rec, last + 50)  # past the end: the last entry
    assert shown is not None and shown.row == last and shown.state is rec.state_at(last)
    found = rec.transition_as_of(last)
    assert found is not None and (shown.seq, shown.transition) == found
    before = next(i for i in range(len(rec)) if rec.transition_as_of(i) is None)
    early = shown_as_of(rec, -3)  # before the start: the first entry
    assert early is not None and early.row == 0
    quiet = shown_as_of(rec, before)
    assert quiet is not None and quiet.seq is None and quiet.transition is None  # no transition yet
    assert shown_as_of(Recording({}, t0=0.0), 4) is None  # nothing recorded: nothing to show


def test_revealing_a_state_scrolls_no_further_than_needed() -> None:
    boxes = [(0.0, 80.0), (150.0, 230.0), (300.0, 380.0)]
    # in view already: stays, unless a nearby position cuts fewer boxes with the state still shown
    assert reveal(0, (126.0, 254.0), 300.0, 400, boxes, []) == 0
    # beyond the view's end: scrolled until its end shows, then to cut no box
    v = reveal(0, (276.0, 404.0), 200.0, 400, boxes, [])
    assert v <= 300 and v + 200 >= 380
    assert not any(a < v < b or a < v + 200 < b for a, b in boxes)
    # before the view's start, or larger than the view: scrolled to its start
    assert reveal(300, (126.0, 254.0), 200.0, 400, [], []) == 126
    assert reveal(0, (100.0, 500.0), 200.0, 400, [], []) == 100


def test_the_explanation_goes_beside_a_wide_diagram_and_below_a_narrow_one() -> None:
    asked: list[int] = []

    def need(width: int) -> int:
        asked.append(width)
        return 90

    assert explanation_box(1300, 300, False, need) == (True, (910, 0, 390, 300))  # 30 % of the width
    assert explanation_box(1300, 300, True, need) == (True, (1014, 0, 286, 300))  # lesson notes: 22 %
    assert explanation_box(2400, 300, False, need)[1][2] == 420  # at most 420 px wide
    assert asked == []  # beside: its text's height is not asked for
    assert explanation_box(1000, 500, False, need) == (False, (0, 406, 1000, 94))  # as tall as its text
    assert asked == [960]
    assert explanation_box(800, 200, False, need)[1][3] == 84  # at most 42 % of the height
    assert explanation_box(600, 400, False, lambda _w: 10)[1][3] == 60  # at least 60 px


@pytest.mark.parametrize("table", ALL[:8], ids=lambda t: f"{len(t)}-{t[0].source.name}")
def test_the_room_each_row_needs(table: tuple[Transition, ...]) -> None:
    plan = analyse(table)
    f, node_h = 12, 30.0
    node_w = {s: 8.0 * len(s.title) for s in plan.states}
    size = {t: (7.0 * len(t.label), 15.0) for t in table}  # a label's width and height
    gaps = {k: [size[t] for t in trs] for k, trs in plan.gaps.items()}
    loops = {s: (max(size[t][0] for t in trs), 15.0 * len(trs)) for s, trs in plan.loops.items()}
    ext = {s: (20.0, 10.0) for s in plan.loops}
    room = row_room(plan, f, node_w, node_h, gaps, loops, ext)
    for r, row in enumerate(plan.rows):
        if not row:
            assert room.row_w[r] == 0.0
            continue
        widths = [room.gap_min[(r, i)] for i in range(len(row) - 1)]
        sides = sum(room.side_reserve.get(s, 0.0) for s in (row[0], row[-1]))
        assert room.row_w[r] == pytest.approx(sum(node_w[s] for s in row) + sum(widths) + sides)
        for i, w in enumerate(widths):
            assert w >= 2.4 * f
            if (r, i) in gaps:  # the widest label with an em each side
                assert w >= max(lw for lw, _h in gaps[(r, i)]) + 2 * f
        stacks = [sum(h for _w, h in sizes) + 2 * (len(sizes) - 1) for (rr, _i), sizes in gaps.items() if rr == r]
        assert room.overhang[r] == max([0.0] + [s / 2 - node_h / 2 + 1 for s in stacks])
    for s in plan.loops:
        if plan.loop_side[s] in ("left", "right"):  # beside the row: room for the loops and the label
            assert room.side_reserve[s] == 20.0 + 0.35 * f + loops[s][0] + 2
        else:  # arched: a band over (under) the row
            assert room.loop_band[plan.row_of[s]] >= max(loops[s][1] + 3, 13.0)
            assert s not in room.side_reserve
