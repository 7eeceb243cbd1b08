"""The diagram's layout modules on their own (issue 23: the engine out of the widget): every
transition table laid out without a widget (diagram_layout), and the functions the widget reads a
layout with (diagram_reading: hit tests, the keyboard's order and neighbours, the pinned legend's
corner) checked directly."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QRectF, QSize
from PySide6.QtGui import QFont, QPainterPath, QTransform

from inspector.protocol.lifecycle import TRANSPORTS, State, Transition, diagram_table, states_of
from inspector.protocol.versions import Era, EraMode
from inspector.session.diagram_plan import BOTTOM, MAIN, TOP, analyse, focus_order
from inspector.ui.diagram_layout import MIN_FONT, Geometry, fit
from inspector.ui.diagram_reading import block_at, node_at, quietest_corner, vertical_neighbour

LEGEND = [("line", "transition"), ("dash", "✗ failure"), ("current", "current state"), ("final", "final state")]


def tables() -> list[tuple[Transition, ...]]:
    found: dict[tuple[Transition, ...], None] = {}
    for mode in EraMode:
        for era in [None, *Era]:
            for transport in TRANSPORTS:
                found.setdefault(diagram_table(mode, era, transport))
    return list(found)


def laid_out(table: tuple[Transition, ...], size: tuple[int, int] = (1260, 330)) -> Geometry:
    return fit(analyse(table), size[0], size[1], QFont().family(), LEGEND)


def test_every_table_is_laid_out_without_a_widget_and_without_problems(qapp):
    all_tables = tables()
    assert len(all_tables) == 21  # every era mode, era and transport: the tables that differ
    for table in all_tables:
        plan = analyse(table)
        assert sorted(plan.states, key=lambda s: s.name) == sorted(states_of(table), key=lambda s: s.name)
        # every state in exactly one row, and the row it says
        placed = [s for row in plan.rows for s in row]
        assert sorted(placed, key=lambda s: s.name) == sorted(plan.states, key=lambda s: s.name)
        assert all(s in plan.rows[plan.row_of[s]] for s in plan.states)
        for size in ((820, 180), (1600, 300)):
            g = laid_out(table, size)
            assert g.problems == [], (table[0], size, g.problems)
            assert g.f >= MIN_FONT
            assert set(g.nodes) == set(plan.states)
            # no two states overlap
            rects = list(g.nodes.values())
            assert not any(a.intersects(b) for i, a in enumerate(rects) for b in rects[i + 1 :])


@pytest.mark.parametrize("mode", [EraMode.LEGACY, EraMode.AUTO])
def test_hit_tests_find_the_state_and_the_label_under_a_point(qapp, mode):
    g = laid_out(diagram_table(mode))
    for state, rect in g.nodes.items():
        assert node_at(g, rect.center()) is state
        assert node_at(g, rect.topLeft() - QPointF(1, 1)) is state  # 2 px of slack round a box
    far = QPointF(-1000, -1000)
    assert node_at(g, far) is None and block_at(g, far) is None
    assert g.blocks
    for block in g.blocks:
        assert block_at(g, block.rect.center()) is block


def test_the_keyboard_order_and_its_up_and_down_neighbours(qapp):
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
        cx = g.nodes[state].center().x()
        # the nearest across in that row
        assert abs(g.nodes[down].center().x() - cx) == min(abs(g.nodes[o].center().x() - cx) for o in plan.rows[BOTTOM])
    top = plan.rows[TOP][0]
    assert vertical_neighbour(plan, g, top, -1) is top  # nothing above the top row: it stays
    assert vertical_neighbour(plan, g, plan.rows[BOTTOM][0], 1) is plan.rows[BOTTOM][0]


def test_the_pinned_legend_goes_where_it_covers_least(qapp):
    g = laid_out(diagram_table(EraMode.LEGACY))
    view = QRectF(0, 0, g.content_w, g.content_h)
    size = QSize(round(view.width() * 0.45), round(view.height() * 0.45))  # large enough to cover states
    w, h = size.width(), size.height()
    corners = [
        QPointF(2, 2),
        QPointF(view.right() - w - 2, 2),
        QPointF(2, view.bottom() - h - 2),
        QPointF(view.right() - w - 2, view.bottom() - h - 2),
    ]
    chosen = quietest_corner(g, [], QTransform(), view, size, [])
    assert chosen.size().toSize() == size and chosen.topLeft() in corners

    def covered(box: QRectF) -> tuple[int, int]:
        return sum(1 for r in g.nodes.values() if r.intersects(box)), sum(1 for b in g.blocks if b.rect.intersects(box))

    assert covered(chosen) == min(covered(QRectF(c, QRectF(chosen).size())) for c in corners)

    # the order of costs, on a drawing of its own: the states that must stay in view (the current
    # one, the held step's target), then states, then labels, then lines
    def drawing(nodes: dict[State, QRectF]) -> Geometry:
        return Geometry(
            width=400,
            height=40,
            transform=QTransform(),
            f=MIN_FONT,
            lf=QFont(),
            tf=QFont(),
            lh=14,
            pad_x=4,
            pad_y=2,
            nodes=nodes,
            titles={},
            strokes=[],
            arrows=[],
            dots=[],
            blocks=[],
            edges={},
            edge_block={},
            legend=[],
        )

    area, small = QRectF(0, 0, 400, 40), QSize(50, 30)  # so low that the top and bottom corners cover the same
    top_left, top_right = QPointF(2, 2), QPointF(400 - 52, 2)
    two_right = {State.INITIALIZED: QRectF(360, 12, 10, 10), State.OPERATING: QRectF(380, 12, 10, 10)}
    crowded = drawing({State.FAILED: QRectF(5, 12, 10, 10), **two_right})
    assert quietest_corner(crowded, [], QTransform(), area, small, []).topLeft() == top_left  # one state, not two
    assert quietest_corner(crowded, [], QTransform(), area, small, [State.FAILED]).topLeft() == top_right
    outline = QPainterPath()
    outline.addRect(QRectF(0, 3, 60, 2))  # a line's outline under the top left corner only
    assert quietest_corner(drawing({}), [outline], QTransform(), area, small, []).topLeft() == top_right
    clear = quietest_corner(drawing({}), [], QTransform(), area, small, [])
    assert clear.topLeft() == top_left  # the first when every corner is clear
