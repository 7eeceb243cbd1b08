"""The lifecycle diagram's layout without Qt (issue 23: geometry below the UI): every transition
table laid out with a made-up measure of text (no font), at the sizes the window's checks use,
without problems; the readings of a layout (hit tests, the up and down keys, the pinned
legend's corner, what to keep in view) checked directly. That the layout is the one the window
computed with Qt's types before, to the pixel, is ``tests/ui/test_diagram_geometry_qt.py``."""

from __future__ import annotations

import dataclasses
import math

import pytest

from inspector.protocol.lifecycle import TRANSPORTS, State, Transition, diagram_table, states_of
from inspector.protocol.versions import Era, EraMode
from inspector.session.diagram_geometry import (
    FOCUS_MOVES,
    MIN_FONT,
    Geometry,
    block_at,
    fit,
    keep_in_view,
    legend_pin,
    moved_focus,
    node_at,
    quietest_corner,
    scaled,
    vertical_neighbour,
    wheel_scroll,
)
from inspector.session.diagram_plan import BOTTOM, MAIN, TOP, analyse, focus_order
from inspector.session.diagram_shapes import Path, Pt, Rect, View
from inspector.session.translate import untranslated

LEGEND = [("line", "transition"), ("dash", "✗ failure"), ("current", "current state"), ("final", "final state")]
#: the widget sizes the window's checks use (tests/ui/test_diagram_lane_search_live.py)
SIZES = [(820, 180), (1260, 330), (1600, 300), (520, 200), (1700, 560), (1280, 720), (1600, 1000), (1920, 1080)]


def fake_size(text: str, px: int, bold: bool) -> tuple[float, float]:
    """A made-up type: a wide (CJK) character one em, any other 0.55 em (0.6 bold); lines 1.3 em."""
    ems = sum(1.0 if ord(ch) > 0x2E80 else (0.6 if bold else 0.55) for ch in text)
    return ems * px, 1.3 * px


def tables() -> list[tuple[Transition, ...]]:
    found: dict[tuple[Transition, ...], None] = {}
    for mode in EraMode:
        for era in [None, *Era]:
            for transport in TRANSPORTS:
                found.setdefault(diagram_table(mode, era, transport))
    return list(found)


def laid_out(table: tuple[Transition, ...], size: tuple[int, int] = (1260, 330)) -> Geometry:
    return fit(analyse(table), size[0], size[1], fake_size, untranslated, LEGEND, bar=15.0)


def test_every_table_is_laid_out_without_problems_at_every_size():
    all_tables = tables()
    assert len(all_tables) == 21  # every era mode, era and transport: the tables that differ
    for table in all_tables:
        plan = analyse(table)
        assert sorted(plan.states, key=lambda s: s.name) == sorted(states_of(table), key=lambda s: s.name)
        for size in SIZES:
            g = laid_out(table, size)
            assert g.problems == [], (table[0], size, g.problems)
            assert g.f >= MIN_FONT
            assert set(g.nodes) == set(plan.states)
            # every edge drawn, and labelled; no two states overlap; all within the drawing
            assert set(g.edges) == set(table) and set(g.edge_block) == set(table)
            rects = list(g.nodes.values())
            assert not any(a.intersects(b) for i, a in enumerate(rects) for b in rects[i + 1 :])
            assert g.content_w >= size[0] - 15 and g.content_h >= size[1] - 15
            drawing = Rect(0, 0, g.content_w, g.content_h)
            assert all(drawing.contains_rect(r) for r in rects)
            assert all(drawing.contains_rect(b.rect) for b in g.blocks)


def test_a_small_area_keeps_11px_type_and_scrolls():
    table = diagram_table(EraMode.AUTO)
    roomy, small = laid_out(table, (1920, 1080)), laid_out(table, (520, 200))
    assert roomy.f > MIN_FONT and roomy.content_w == 1920 and roomy.content_h == 1080
    assert small.f == MIN_FONT and small.problems == []
    assert small.content_w > 520  # larger than the area: the widget scrolls
    assert small.view_h == 200 - 15  # less the bar across it


def test_the_labels_are_the_translated_words_and_wrap_to_fit():
    table = diagram_table(EraMode.LEGACY)

    def shout(context: str, text: str) -> str:
        assert context == "Lifecycle"
        return text.upper()

    g = fit(analyse(table), 1260, 330, fake_size, shout, LEGEND)
    assert all(title == title.upper() for title in g.titles.values())
    texts = {e.text for b in g.blocks for e in b.entries}
    assert texts == {t.label.upper() for t in table}
    for b in g.blocks:  # each entry's lines make its text again, and the block holds them
        for e in b.entries:
            assert " ".join(e.rows).replace(" ", "") == e.text.replace(" ", "")
        assert b.h == pytest.approx(sum(len(e.rows) for e in b.entries) * g.lh + 2 * g.pad_y)


@pytest.mark.parametrize("mode", [EraMode.LEGACY, EraMode.AUTO])
def test_hit_tests_find_the_state_and_the_label_under_a_point(mode):
    g = laid_out(diagram_table(mode))
    for state, rect in g.nodes.items():
        assert node_at(g, rect.center) is state
        assert node_at(g, Pt(rect.left - 1, rect.top - 1)) is state  # 2 px of slack round a box
    far = Pt(-1000, -1000)
    assert node_at(g, far) is None and block_at(g, far) is None
    assert g.blocks
    for block in g.blocks:
        assert block_at(g, block.rect.center) is block


def test_the_keyboard_order_and_its_up_and_down_neighbours():
    table = diagram_table(EraMode.LEGACY)
    plan = analyse(table)
    g = laid_out(table)
    order = focus_order(plan)
    assert sorted(order, key=lambda s: s.name) == sorted(plan.states, key=lambda s: s.name)  # each state once
    assert order[: len(plan.rows[MAIN])] == plan.rows[MAIN]  # the main row first, left to right
    assert plan.rows[TOP] and plan.rows[BOTTOM]  # Failed above, the end states below
    for state in plan.rows[MAIN]:
        up, down = vertical_neighbour(plan, g, state, -1), vertical_neighbour(plan, g, state, 1)
        assert up in plan.rows[TOP] and down in plan.rows[BOTTOM]
        cx = g.nodes[state].center.x
        # the nearest across in that row
        assert abs(g.nodes[down].center.x - cx) == min(abs(g.nodes[o].center.x - cx) for o in plan.rows[BOTTOM])
    top = plan.rows[TOP][0]
    assert vertical_neighbour(plan, g, top, -1) is top  # nothing above the top row: it stays
    assert vertical_neighbour(plan, g, plan.rows[BOTTOM][0], 1) is plan.rows[BOTTOM][0]


def drawing(nodes: dict[State, Rect], strokes: list[Path] | None = None) -> Geometry:
    return Geometry(
        width=400,
        height=40,
        view=View(),
        f=MIN_FONT,
        lh=14,
        pad_x=4,
        pad_y=2,
        nodes=nodes,
        titles={},
        strokes=[(p, False) for p in strokes or []],
        arrows=[],
        dots=[],
        blocks=[],
        edges={},
        edge_block={},
        legend=[],
    )


def test_the_pinned_legend_goes_where_it_covers_least():
    g = laid_out(diagram_table(EraMode.LEGACY))
    view = Rect(0, 0, g.content_w, g.content_h)
    w, h = round(view.w * 0.45), round(view.h * 0.45)  # large enough to cover states
    corners = [
        Pt(2, 2),
        Pt(view.right - w - 2, 2),
        Pt(2, view.bottom - h - 2),
        Pt(view.right - w - 2, view.bottom - h - 2),
    ]
    chosen = quietest_corner(g, View(), view, w, h, [])
    assert (chosen.w, chosen.h) == (w, h) and Pt(chosen.x, chosen.y) in corners

    def covered(box: Rect) -> tuple[int, int]:
        return sum(1 for r in g.nodes.values() if r.intersects(box)), sum(1 for b in g.blocks if b.rect.intersects(box))

    assert covered(chosen) == min(covered(Rect(c.x, c.y, w, h)) for c in corners)

    # the order of costs, on a drawing of its own: the states that must stay in view (the current
    # one, the held step's target), then states, then labels, then lines
    area = Rect(0, 0, 400, 40)  # so low that the top and bottom corners cover the same
    top_left, top_right = Pt(2, 2), Pt(400 - 52, 2)
    two_right = {State.INITIALIZED: Rect(360, 12, 10, 10), State.OPERATING: Rect(380, 12, 10, 10)}
    crowded = drawing({State.FAILED: Rect(5, 12, 10, 10), **two_right})

    def corner(g: Geometry, hot: list[State]) -> Pt:
        box = quietest_corner(g, View(), area, 50, 30, hot)
        return Pt(box.x, box.y)

    assert corner(crowded, []) == top_left  # one state, not two
    assert corner(crowded, [State.FAILED]) == top_right
    line = Path(Pt(0, 4))
    line.line_to(Pt(60, 4))  # a line under the top left corner only
    assert corner(drawing({}, [line]), []) == top_right
    assert corner(drawing({}), []) == top_left  # the first when every corner is clear
    # scrolled: the box is placed in the view and costed where it lies on the drawing (``back``)
    box = quietest_corner(crowded, View(1.0, 355, 0), area, 50, 30, [])
    assert Pt(box.x, box.y) == top_right  # the view's top left at 357 px on the drawing: over the two


def test_keep_in_view_scrolls_to_the_state_and_the_held_steps_target_when_both_fit():
    g = laid_out(diagram_table(EraMode.LEGACY), (520, 200))
    left = min(g.nodes, key=lambda s: g.nodes[s].x)
    right = max(g.nodes, key=lambda s: g.nodes[s].x)
    vw, vh = 300.0, g.view_h
    top_x = int(g.content_w - vw)
    x, y = keep_in_view(g, right, None, (vw, vh), [(0, top_x), None])
    assert y is None and x is not None
    shown = Rect(x, 0, vw, vh)
    assert shown.left <= g.nodes[right].left and g.nodes[right].right <= shown.right
    # from the far end, back to the first state
    x, _y = keep_in_view(g, left, None, (vw, vh), [(top_x, top_x), None])
    assert x is not None and x <= g.nodes[left].left
    # the two ends do not both fit: the first one wins
    x2, _y = keep_in_view(g, left, right, (vw, vh), [(top_x, top_x), None])
    assert x2 == x


def test_after_a_resize_the_old_layout_is_scaled_but_never_below_11px():
    g = laid_out(diagram_table(EraMode.LEGACY), (1260, 330))
    assert g.f * 0.9 > MIN_FONT
    narrower = scaled(g, 1134, 330)  # 0.9 as wide: scaled down to fit, centred up and down
    assert narrower.view.s == pytest.approx(0.9) and narrower.view.dx == 0
    assert narrower.view.dy == pytest.approx((330 - g.height * 0.9) / 2)
    assert (narrower.content_w, narrower.content_h, narrower.view_w, narrower.view_h) == (1134, 330, 1134, 330)
    tiny = scaled(g, 100, 60)  # far too small: held at 11 px type, larger than the area, scrolls
    assert tiny.view.s == pytest.approx(MIN_FONT / g.f)
    assert tiny.content_w == pytest.approx(g.width * MIN_FONT / g.f) and tiny.content_w > 100
    assert (tiny.view.dx, tiny.view.dy) == (0, 0)
    assert tiny.nodes is g.nodes and tiny.problems == g.problems  # the same layout, shown smaller
    wide = scaled(g, 2520, 330)  # more room across: no larger than the height allows, centred across
    assert wide.view.s == pytest.approx(1.0) and wide.view.dx == pytest.approx((2520 - g.width) / 2)


def test_the_legend_is_pinned_only_when_scrolled_out_of_view():
    g = laid_out(diagram_table(EraMode.AUTO), (520, 200))
    area = g.legend_area()
    vp = Rect(0, 0, g.view_w, g.view_h)
    assert area.w > 0 and vp.contains_rect(area)
    assert legend_pin(g, g.view, vp, 4.0) is None  # not scrolled: the legend itself is in view
    size = legend_pin(g, g.view.shifted(0, -(area.top + 1)), vp, 4.0)  # scrolled a pixel past its top
    assert size is not None and size == (math.ceil(area.w + 8), math.ceil(area.h + 8))
    bare = dataclasses.replace(g, legend=[])
    assert legend_pin(bare, g.view.shifted(0, -500), vp, 4.0) is None  # no legend, nothing pinned


def test_the_keyboard_moves_along_the_order_and_between_rows():
    table = diagram_table(EraMode.LEGACY)
    plan = analyse(table)
    g = laid_out(table)
    order = focus_order(plan)
    assert moved_focus(plan, g, order[0], "next") is order[1]
    assert moved_focus(plan, g, order[0], "previous") is order[-1]  # round at the ends
    assert moved_focus(plan, g, order[-1], "next") is order[0]
    assert moved_focus(plan, g, order[3], "first") is order[0] and moved_focus(plan, g, order[3], "last") is order[-1]
    main = plan.rows[MAIN][1]
    assert moved_focus(plan, g, main, "down") is vertical_neighbour(plan, g, main, 1)
    assert moved_focus(plan, g, main, "up") in plan.rows[TOP]
    assert moved_focus(plan, None, main, "up") is main  # no layout yet: up and down stay
    assert set(FOCUS_MOVES) == {"next", "previous", "first", "last", "up", "down"}


def test_the_wheel_scrolls_down_or_across():
    both = (True, True)
    assert wheel_scroll(0, -120, False, both, 24) == (0, -48)  # a notch towards the user: down two steps
    assert wheel_scroll(0, 240, False, both, 24) == (0, 96)
    assert wheel_scroll(0, -120, True, both, 24) == (-48, 0)  # with Shift: across
    assert wheel_scroll(0, -120, False, (True, False), 24) == (-48, 0)  # scrolls only across: across
    assert wheel_scroll(-60, 0, False, both, 24) == (-24, 0)  # a sideways wheel, half a notch
    assert wheel_scroll(-120, 0, False, (False, True), 24) == (0, 0)  # no bar across: nothing
    assert wheel_scroll(0, -120, False, (False, False), 24) == (0, 0)
