"""The diagram's plain shapes follow the painter's rules (issue 23: geometry below the UI), checked
headless here and against Qt's own types in ``tests/ui/test_diagram_geometry_qt.py``."""

from __future__ import annotations

import math

import pytest

from inspector.session.diagram_shapes import Path, Pt, Rect, View, arrow, meets, rounded, stroke


def test_a_rectangle_meets_what_it_shares_area_with():
    r = Rect(10, 10, 20, 10)
    assert r.intersects(Rect(25, 15, 10, 10))
    assert not r.intersects(Rect(30, 10, 5, 5))  # touching edges share no area
    assert not r.intersects(Rect(15, 12, 0, 5)) and not Rect(15, 12, 0, 5).intersects(r)  # no width: nothing
    assert r.contains(Pt(30, 20)) and r.contains(Pt(10, 10)) and not r.contains(Pt(30.01, 20))  # edges inside
    assert not Rect(5, 5, 0, 10).contains(Pt(5, 6))
    assert r.contains_rect(Rect(10, 10, 20, 10)) and not r.contains_rect(Rect(9, 10, 5, 5))
    assert r.adjusted(1, 2, -3, -4) == Rect(11, 12, 16, 4)
    assert r.united(Rect(0, 0, 5, 5)) == Rect(0, 0, 30, 20)
    assert Rect().united(r) == r and r.united(Rect()) == r  # a rectangle not set adds nothing
    assert r.center == Pt(20, 15) and (r.right, r.bottom) == (30, 20)


def test_a_quadratic_corner_is_the_cubic_that_draws_it_and_a_standstill_adds_nothing():
    p = Path(Pt(0, 0))
    p.line_to(Pt(0, 0))
    assert p.segments == []
    p.quad_to(Pt(3, 0), Pt(3, 3))
    assert p.segments == [(Pt(2, 0), Pt(3, 1), Pt(3, 3))]
    p.quad_to(Pt(3, 3), Pt(3, 3))
    assert len(p.segments) == 1


def test_bounds_hold_what_is_drawn_and_the_control_rect_every_point():
    p = Path(Pt(0, 0))
    p.cubic_to(Pt(0, -10), Pt(10, -10), Pt(10, 0))  # an arch up to y = -7.5
    b = p.bounds()
    assert (b.x, b.w, b.h) == (0, 10, 7.5) and b.y == pytest.approx(-7.5)
    assert p.control_rect() == Rect(0, -10, 10, 10)
    line = Path(Pt(0, 5))
    line.line_to(Pt(20, 5))
    assert line.control_rect() == Rect(0, 5, 20, 0)  # flat: it meets no rectangle as a box
    assert not line.control_rect().intersects(Rect(0, 0, 20, 10))


def test_rounded_corners_and_arrow_heads():
    path = rounded([Pt(0, 0), Pt(0, 10), Pt(20, 10)], 4)
    assert path.start == Pt(0, 0) and path.last == Pt(20, 10)
    assert path.segments[0] == (Pt(0, 6),)  # the line stops 4 px before the corner
    assert len(path.segments[1]) == 3 and path.segments[1][-1] == Pt(4, 10)
    sharp = rounded([Pt(0, 0), Pt(0, 0.6), Pt(5, 0.6)], 4)  # under half a pixel to round: kept sharp
    assert sharp.segments == [(Pt(0, 0.6),), (Pt(5, 0.6),)]
    head = arrow(Pt(10, 0), 1, 0, 4, 2)
    assert head == [Pt(10, 0), Pt(6, 1), Pt(6, -1)]
    assert arrow(Pt(0, 0), 0, 0, 4, 2)[0] == Pt(0, 0)  # no direction: still a triangle at the tip


def test_a_stroke_meets_a_rectangle_within_half_its_width():
    line = Path(Pt(0, 10))
    line.line_to(Pt(20, 10))
    outline = stroke(line, 1.0)
    assert meets(outline, Rect(5, 10.4, 5, 5))  # half a pixel below the line is still drawn
    assert not meets(outline, Rect(5, 10.6, 5, 5))
    assert meets(outline, Rect(20.3, 0, 5, 20))  # the square cap beyond the end
    assert not meets(outline, Rect(20.6, 0, 5, 20))
    assert meets(stroke(line, 3.0), Rect(5, 11.4, 5, 5))
    # a diagonal: the box beside it, not on it, is apart
    diagonal = Path(Pt(0, 0))
    diagonal.line_to(Pt(20, 20))
    assert meets(stroke(diagonal, 1.0), Rect(9, 9, 2, 2))
    assert not meets(stroke(diagonal, 1.0), Rect(14, 2, 4, 4))
    # a curve: the box under its top meets it, the box inside its arch does not
    arch = Path(Pt(0, 0))
    arch.cubic_to(Pt(0, -10), Pt(10, -10), Pt(10, 0))
    assert meets(stroke(arch, 1.0), Rect(4, -8, 2, 1))
    assert not meets(stroke(arch, 1.0), Rect(3, -5, 4, 4))


def test_a_view_scales_then_shifts_and_back():
    v = View(2.0, 10, -5)
    assert v.map(Pt(1, 1)) == Pt(12, -3)
    assert v.map_rect(Rect(1, 1, 3, 4)) == Rect(12, -3, 6, 8)
    assert v.shifted(-10, 5) == View(2.0, 0, 0)
    back = v.inverted().map(v.map(Pt(3.5, -7)))
    assert math.isclose(back.x, 3.5) and math.isclose(back.y, -7)
