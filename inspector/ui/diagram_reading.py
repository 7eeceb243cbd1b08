"""Reading a laid-out lifecycle diagram: what is under a point, the state above or below one,
where a floating box should sit.

Theory of operation
-------------------
:mod:`inspector.ui.diagram_layout` computes a :class:`~.diagram_layout.Geometry` for a table and an
area; nothing here changes one. These functions only read it, in the layout's coordinates, for the
widget (:mod:`inspector.ui.diagram`): its hit tests (tooltips, clicks), its up and down keys and
the corner for the held step's card. Like the layout, it is geometry on Qt's value types and
needs no widget; the readings that need no geometry (the keyboard's order, the scroll position
that cuts the fewest boxes in half) are :mod:`inspector.session.diagram_plan`'s.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, QSizeF
from PySide6.QtGui import QPainterPath, QTransform

from inspector.protocol.lifecycle import State
from inspector.session.diagram_plan import BOTTOM, MAIN, TOP, Plan

from .diagram_layout import Block, Geometry


def node_at(g: Geometry, p: QPointF) -> State | None:
    """The state whose box (give or take 2 px) holds ``p`` (in the layout's coordinates)."""
    return next((s for s, r in g.nodes.items() if r.adjusted(-2, -2, 2, 2).contains(p)), None)


def block_at(g: Geometry, p: QPointF) -> Block | None:
    """The label block that holds ``p`` (in the layout's coordinates)."""
    return next((b for b in g.blocks if b.rect.contains(p)), None)


def vertical_neighbour(plan: Plan, g: Geometry, s: State, d: int) -> State:
    """The state in the row ``d`` (-1 up, 1 down) from ``s``'s nearest to it across; ``s`` at an edge."""
    rows = [r for r in (TOP, MAIN, BOTTOM) if plan.rows[r]]
    k = rows.index(plan.row_of[s]) + d
    if not 0 <= k < len(rows):
        return s
    cx = g.nodes[s].center().x()
    return min(plan.rows[rows[k]], key=lambda o: abs(g.nodes[o].center().x() - cx))


def quietest_corner(
    g: Geometry, outlines: list[QPainterPath], back: QTransform, vp: QRectF, size: QSizeF | QSize, hot: list[State]
) -> QRectF:
    """The corner of the view ``vp`` (top left first) where a box of ``size`` covers the fewest of
    the ``hot`` states, then states, then labels, then lines (``outlines``); ``back`` maps the
    view to the layout's coordinates."""
    w, h = size.width(), size.height()
    corners = (
        (vp.left() + 2, vp.top() + 2),
        (vp.right() - w - 2, vp.top() + 2),
        (vp.left() + 2, vp.bottom() - h - 2),
        (vp.right() - w - 2, vp.bottom() - h - 2),
    )
    best, best_cost = QRectF(), None
    for x, y in corners:
        box = QRectF(x, y, w, h)
        under = back.mapRect(box)  # in the layout's coordinates
        cost = (
            sum(1 for s in hot if s in g.nodes and g.nodes[s].intersects(under)),
            sum(1 for r in g.nodes.values() if r.intersects(under)),
            sum(1 for b in g.blocks if b.rect.intersects(under)),
            sum(1 for o in outlines if o.intersects(under)),
        )
        if best_cost is None or cost < best_cost:
            best, best_cost = box, cost
    return best
