"""Plain geometry for the lifecycle diagram: points, rectangles, paths of lines and cubic curves,
arrow heads, a scale-and-shift view, and whether a line drawn ``width`` wide touches a rectangle.
No Qt: the window turns these into its painter's types (:mod:`inspector.ui.diagram_paint`).

Theory of operation
-------------------
The layout (:mod:`.diagram_geometry`) used to compute with the painter's own value types, and a
layout must not move by a pixel for having left them. So these follow the painter's rules where
a layout depends on them:

- a rectangle with no width or no height meets nothing (:meth:`Rect.intersects`), and a point on
  its edge is inside it (:meth:`Rect.contains`);
- a quadratic corner is kept as the cubic the painter stores for it (:meth:`Path.quad_to`), and
  a line or curve to where the path already is adds nothing;
- a path's control-point box holds its points and control points (:meth:`Path.control_rect`),
  its bounds only what is drawn (:meth:`Path.bounds`: a cubic's extremes solved for, in the
  painter's order of operations, so that the numbers agree to the last bit);
- a stroked line has square caps at the path's ends and bevelled joins (:func:`stroke`, :func:`meets`:
  the curves flattened finely, each segment a quadrilateral, each join a triangle, each
  tested against the rectangle by separating axes).

``tests/session/test_diagram_shapes.py`` checks these rules headless, and
``tests/ui/test_diagram_geometry_qt.py`` checks them against the painter's types.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import NamedTuple

__all__ = ["Path", "Pt", "Rect", "View", "Outline", "arrow", "meets", "rounded", "stroke"]


class Pt(NamedTuple):
    """A point."""

    x: float
    y: float


@dataclass(slots=True)
class Rect:
    """A rectangle: left, top, width and height (never negative here)."""

    x: float = 0.0
    y: float = 0.0
    w: float = 0.0
    h: float = 0.0

    @property
    def left(self) -> float:
        return self.x

    @property
    def top(self) -> float:
        return self.y

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    @property
    def center(self) -> Pt:
        return Pt(self.x + self.w / 2, self.y + self.h / 2)

    def is_null(self) -> bool:
        """No width and no height (a rectangle not yet set)."""
        return self.w == 0 and self.h == 0

    def intersects(self, o: Rect) -> bool:
        """Whether the two share some area: touching edges do not count, and a rectangle with
        no width or no height meets nothing."""
        l1, r1, l2, r2 = self.x, self.x + self.w, o.x, o.x + o.w
        if l1 == r1 or l2 == r2 or l1 >= r2 or l2 >= r1:
            return False
        t1, b1, t2, b2 = self.y, self.y + self.h, o.y, o.y + o.h
        return not (t1 == b1 or t2 == b2 or t1 >= b2 or t2 >= b1)

    def contains(self, p: Pt) -> bool:
        """Whether ``p`` is inside or on the edge (a rectangle with no width or height holds nothing)."""
        r, b = self.x + self.w, self.y + self.h
        return self.x != r and self.y != b and self.x <= p.x <= r and self.y <= p.y <= b

    def contains_rect(self, o: Rect) -> bool:
        """Whether ``o`` lies wholly inside (edges included)."""
        if self.w == 0 or o.w == 0 or self.h == 0 or o.h == 0:
            return False
        return self.x <= o.x and o.x + o.w <= self.x + self.w and self.y <= o.y and o.y + o.h <= self.y + self.h

    def united(self, o: Rect) -> Rect:
        """The smallest rectangle holding both (a null one adds nothing)."""
        if self.is_null():
            return Rect(o.x, o.y, o.w, o.h)
        if o.is_null():
            return Rect(self.x, self.y, self.w, self.h)
        left, top = min(self.x, o.x), min(self.y, o.y)
        right, bottom = max(self.x + self.w, o.x + o.w), max(self.y + self.h, o.y + o.h)
        return Rect(left, top, right - left, bottom - top)

    def adjusted(self, dx1: float, dy1: float, dx2: float, dy2: float) -> Rect:
        """The edges moved: left and top by ``dx1``/``dy1``, right and bottom by ``dx2``/``dy2``."""
        return Rect(self.x + dx1, self.y + dy1, self.w + dx2 - dx1, self.h + dy2 - dy1)

    def copy(self) -> Rect:
        return Rect(self.x, self.y, self.w, self.h)


def _bounds(points: list[Pt]) -> Rect:
    xs, ys = [p.x for p in points], [p.y for p in points]
    return Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


@dataclass(eq=False, slots=True)
class Path:
    """A path from ``start``: each segment ``(end,)`` a line, ``(c1, c2, end)`` a cubic curve."""

    start: Pt
    segments: list[tuple[Pt, ...]] = field(default_factory=list)

    @property
    def last(self) -> Pt:
        return self.segments[-1][-1] if self.segments else self.start

    def line_to(self, p: Pt) -> None:
        if p != self.last:
            self.segments.append((p,))

    def cubic_to(self, c1: Pt, c2: Pt, end: Pt) -> None:
        last = self.last
        if not (last == c1 and c1 == c2 and c2 == end):
            self.segments.append((c1, c2, end))

    def quad_to(self, c: Pt, end: Pt) -> None:
        """A quadratic curve, kept as the cubic that draws it."""
        prev = self.last
        if prev == c and c == end:
            return
        c1 = Pt((prev.x + 2 * c.x) / 3, (prev.y + 2 * c.y) / 3)
        c2 = Pt((end.x + 2 * c.x) / 3, (end.y + 2 * c.y) / 3)
        self.cubic_to(c1, c2, end)

    def control_rect(self) -> Rect:
        """The box of every point and control point."""
        return _bounds([self.start, *(p for seg in self.segments for p in seg)])

    def bounds(self) -> Rect:
        """The box of what is drawn: the ends, and each cubic's extremes between them (in the
        painter's order of operations, so a layout built on it matches to the last bit)."""
        lo_x = hi_x = self.start.x
        lo_y = hi_y = self.start.y
        prev = self.start
        for seg in self.segments:
            if len(seg) == 1:
                x, y, w, h = seg[0].x, seg[0].y, 0.0, 0.0
            else:
                x, y, w, h = _cubic_box(prev, *seg)
            lo_x, hi_x, lo_y, hi_y = min(lo_x, x), max(hi_x, x + w), min(lo_y, y), max(hi_y, y + h)
            prev = seg[-1]
        return Rect(lo_x, lo_y, hi_x - lo_x, hi_y - lo_y)

    def polyline(self) -> list[Pt]:
        """The path as points joined by lines, each cubic in short enough pieces (about a
        hundredth of a pixel from the curve at a line's corner radius)."""
        pts = [self.start]
        prev = self.start
        for seg in self.segments:
            if len(seg) == 3:
                c1, c2, end = seg
                reach = math.dist(prev, c1) + math.dist(c1, c2) + math.dist(c2, end)
                n = max(4, math.ceil(reach / 1.5))
                pts.extend(_cubic_at(prev, c1, c2, end, i / n) for i in range(1, n))
            pts.append(seg[-1])
            prev = seg[-1]
        return pts

    def translated(self, dx: float, dy: float) -> Path:
        def mv(p: Pt) -> Pt:
            return Pt(p.x + dx, p.y + dy)

        return Path(mv(self.start), [tuple(mv(p) for p in seg) for seg in self.segments])


def _cubic_at(p0: Pt, c1: Pt, c2: Pt, p1: Pt, t: float) -> Pt:
    """The point at ``t`` on a cubic (de Casteljau's steps)."""
    m = 1.0 - t
    out = []
    for a0, a1, a2, a3 in ((p0.x, c1.x, c2.x, p1.x), (p0.y, c1.y, c2.y, p1.y)):
        a, b, c = a0 * m + a1 * t, a1 * m + a2 * t, a2 * m + a3 * t
        a, b = a * m + b * t, b * m + c * t
        out.append(a * m + b * t)
    return Pt(out[0], out[1])


def _cubic_box(p0: Pt, c1: Pt, c2: Pt, p1: Pt) -> tuple[float, float, float, float]:
    """A cubic's box (left, top, width, height): its ends, and where it turns in x or y between
    them (the derivative's roots)."""
    lo = [min(p0.x, p1.x), min(p0.y, p1.y)]
    hi = [max(p0.x, p1.x), max(p0.y, p1.y)]
    for axis in (0, 1):
        a0, a1, a2, a3 = p0[axis], c1[axis], c2[axis], p1[axis]
        qa = 3 * (-a0 + 3 * a1 - 3 * a2 + a3)
        qb = 6 * (a0 - 2 * a1 + a2)
        qc = 3 * (-a0 + a1)
        if abs(qa) <= 1e-12:
            roots = [-qc / qb] if abs(qb) > 1e-12 else []
        else:
            disc = qb * qb - 4 * qa * qc
            if disc < 0:
                continue
            root, rcp = math.sqrt(disc), 1 / (2 * qa)
            roots = [(-qb + root) * rcp, (-qb - root) * rcp]
        for t in roots:
            if 0 <= t <= 1:
                p = _cubic_at(p0, c1, c2, p1, t)
                for k in (0, 1):  # a turn on one axis may widen the box on both
                    if p[k] < lo[k]:
                        lo[k] = p[k]
                    elif p[k] > hi[k]:
                        hi[k] = p[k]
    return lo[0], lo[1], hi[0] - lo[0], hi[1] - lo[1]


def arrow(tip: Pt, dx: float, dy: float, length: float, width: float) -> list[Pt]:
    """An arrow head: a triangle with its point at ``tip``, pointing along (``dx``, ``dy``)."""
    n = math.hypot(dx, dy) or 1.0
    ux, uy = dx / n, dy / n
    bx, by = tip.x - ux * length, tip.y - uy * length
    half = width / 2
    return [tip, Pt(bx - uy * half, by + ux * half), Pt(bx + uy * half, by - ux * half)]


def rounded(points: list[Pt], radius: float) -> Path:
    """A polyline through ``points`` with its corners rounded (up to ``radius``, at most half of
    either side); a corner with less than half a pixel to round stays sharp."""
    path = Path(points[0])
    for i in range(1, len(points) - 1):
        a, b, c = points[i - 1], points[i], points[i + 1]
        d1 = math.hypot(b.x - a.x, b.y - a.y)
        d2 = math.hypot(c.x - b.x, c.y - b.y)
        r = min(radius, d1 / 2, d2 / 2)
        if r < 0.5:
            path.line_to(b)
            continue
        path.line_to(Pt(b.x + (a.x - b.x) * r / d1, b.y + (a.y - b.y) * r / d1))
        path.quad_to(b, Pt(b.x + (c.x - b.x) * r / d2, b.y + (c.y - b.y) * r / d2))
    path.line_to(points[-1])
    return path


# --------------------------------------------------------------------------- strokes


def _separated(poly: list[Pt], r: Rect) -> bool:
    """Whether an axis of ``poly``'s edges separates the convex polygon from ``r`` (touching:
    separated); the rectangle's own axes are the caller's test (:meth:`Outline.meets`)."""
    corners = ((r.left, r.top), (r.right, r.top), (r.right, r.bottom), (r.left, r.bottom))
    n = len(poly)
    for i in range(n):
        a, b = poly[i], poly[(i + 1) % n]
        nx, ny = b.y - a.y, a.x - b.x
        if nx == 0 and ny == 0:
            continue
        own = [nx * p.x + ny * p.y for p in poly]
        box = [nx * x + ny * y for x, y in corners]
        if max(own) <= min(box) or max(box) <= min(own):
            return True
    return False


def _stroke_pieces(path: Path, width: float) -> list[list[Pt]]:
    """The outline of ``path`` drawn ``width`` wide, as convex pieces: a quadrilateral per
    segment (square caps at the path's ends) and a triangle per join (bevelled)."""
    pts = path.polyline()
    hw = width / 2
    dirs: list[tuple[Pt, Pt, float, float]] = []
    for a, b in zip(pts, pts[1:], strict=False):
        d = math.hypot(b.x - a.x, b.y - a.y)
        if d > 1e-9:
            dirs.append((a, b, (b.x - a.x) / d, (b.y - a.y) / d))
    pieces: list[list[Pt]] = []
    last = len(dirs) - 1
    for i, (a, b, ux, uy) in enumerate(dirs):
        back = hw if i == 0 else 0.0
        ahead = hw if i == last else 0.0
        ax, ay = a.x - ux * back, a.y - uy * back
        bx, by = b.x + ux * ahead, b.y + uy * ahead
        nx, ny = -uy * hw, ux * hw
        pieces.append([Pt(ax + nx, ay + ny), Pt(bx + nx, by + ny), Pt(bx - nx, by - ny), Pt(ax - nx, ay - ny)])
        if i < last:
            _a2, _b2, vx, vy = dirs[i + 1]
            mx, my = -vy * hw, vx * hw
            for sign in (1.0, -1.0):
                pieces.append([b, Pt(b.x + sign * nx, b.y + sign * ny), Pt(b.x + sign * mx, b.y + sign * my)])
    return pieces


class Outline:
    """A line's outline as drawn (:func:`stroke`): convex pieces, each with its box, and the box
    of them all (most rectangles are told apart by the boxes alone)."""

    __slots__ = ("box", "pieces")

    def __init__(self, pieces: list[list[Pt]]) -> None:
        self.pieces = [(min(xs), max(xs), min(ys), max(ys), poly) for poly in pieces for xs, ys in [_axes(poly)]]
        lo_x = min((p[0] for p in self.pieces), default=0.0)
        lo_y = min((p[2] for p in self.pieces), default=0.0)
        hi_x = max((p[1] for p in self.pieces), default=0.0)
        hi_y = max((p[3] for p in self.pieces), default=0.0)
        self.box = (lo_x, hi_x, lo_y, hi_y)

    def meets(self, r: Rect) -> bool:
        """Whether the line shares some area with ``r``."""
        left, right, top, bottom = r.x, r.x + r.w, r.y, r.y + r.h
        lo_x, hi_x, lo_y, hi_y = self.box
        if hi_x <= left or lo_x >= right or hi_y <= top or lo_y >= bottom:
            return False
        for x0, x1, y0, y1, poly in self.pieces:
            if x1 <= left or x0 >= right or y1 <= top or y0 >= bottom:
                continue
            if not _separated(poly, r):
                return True
        return False


def _axes(poly: list[Pt]) -> tuple[list[float], list[float]]:
    return [p.x for p in poly], [p.y for p in poly]


def stroke(path: Path, width: float) -> Outline:
    """The outline of ``path`` drawn ``width`` wide, to test against rectangles (:func:`meets`)."""
    return Outline(_stroke_pieces(path, width))


def meets(outline: Outline, r: Rect) -> bool:
    """Whether a line's ``outline`` (:func:`stroke`) shares some area with ``r``."""
    return outline.meets(r)


# --------------------------------------------------------------------------- view


@dataclass(frozen=True, slots=True)
class View:
    """Layout coordinates to widget coordinates: scaled by ``s``, then shifted by ``dx``, ``dy``."""

    s: float = 1.0
    dx: float = 0.0
    dy: float = 0.0

    def shifted(self, dx: float, dy: float) -> View:
        return View(self.s, self.dx + dx, self.dy + dy)

    def map(self, p: Pt) -> Pt:
        return Pt(p.x * self.s + self.dx, p.y * self.s + self.dy)

    def map_rect(self, r: Rect) -> Rect:
        return Rect(r.x * self.s + self.dx, r.y * self.s + self.dy, r.w * self.s, r.h * self.s)

    def inverted(self) -> View:
        return View(1 / self.s, -self.dx / self.s, -self.dy / self.s)
