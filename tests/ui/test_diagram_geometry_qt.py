"""The diagram's layout left Qt's types (issue 23: geometry below the UI) without moving a pixel:
every transition table, at the widget sizes the window's checks use, in English and in Chinese,
laid out by :mod:`inspector.session.diagram_geometry` with the window's font metrics gives the
very shapes, to the last bit, the Qt code it replaced gives (kept as
``tests/diagram_layout_reference.py``); the plain shapes agree with Qt's rectangles, paths and
strokes; and the widget lays out with it."""

from __future__ import annotations

import random
from pathlib import Path as FilePath

import pytest
from diagram_layout_reference import fit as reference_fit
from PySide6.QtCore import QCoreApplication, QPointF, QRectF, QTranslator
from PySide6.QtGui import QFont, QPainterPath, QPainterPathStroker
from PySide6.QtWidgets import QStyle

from inspector.protocol.lifecycle import TRANSPORTS, Transition, diagram_table
from inspector.protocol.versions import Era, EraMode
from inspector.session.diagram_geometry import Geometry, fit
from inspector.session.diagram_plan import analyse
from inspector.session.diagram_shapes import Path, Pt, Rect, meets, rounded, stroke
from inspector.ui.diagram import LifecycleDiagram
from inspector.ui.diagram_paint import qpath, qrect, text_size

ROOT = FilePath(__file__).resolve().parents[2]
LEGEND = [("line", "transition"), ("dash", "✗ failure"), ("current", "current state"), ("final", "final state")]
SIZES = [(820, 180), (1260, 330), (1600, 300), (520, 200), (1700, 560), (1280, 720), (1600, 1000), (1920, 1080)]


def tables() -> list[tuple[Transition, ...]]:
    found: dict[tuple[Transition, ...], None] = {}
    for mode in EraMode:
        for era in [None, *Era]:
            for transport in TRANSPORTS:
                found.setdefault(diagram_table(mode, era, transport))
    return list(found)


def close(a: float, b: float) -> bool:
    return a == b  # to the last bit: the picture is painted from these


def same_rect(q: QRectF, r: Rect) -> bool:
    return all(close(a, b) for a, b in zip((q.x(), q.y(), q.width(), q.height()), (r.x, r.y, r.w, r.h), strict=True))


def same_points(qs: list[Pt], ps: list[Pt]) -> bool:
    return len(qs) == len(ps) and all(close(q.x, p.x) and close(q.y, p.y) for q, p in zip(qs, ps, strict=True))


def plain(points) -> list[Pt]:  # QPointF (a polygon's) as plain points
    return [Pt(p.x(), p.y()) for p in points]


def path_points(q: QPainterPath) -> list[Pt]:
    return [Pt(q.elementAt(i).x, q.elementAt(i).y) for i in range(q.elementCount())]


def pairs(old: list, new: list) -> list[tuple]:
    """The two lists side by side; none when their lengths differ (a difference found)."""
    return list(zip(old, new, strict=True)) if len(old) == len(new) else []


def differences(old, new: Geometry) -> list[str]:  # old: the reference's Geometry (Qt types)
    checks = {
        "problems": old.problems == new.problems,
        "type size or area": (old.f, old.content_w, old.content_h, old.view_w, old.view_h)
        == (new.f, new.content_w, new.content_h, new.view_w, new.view_h),
        "nodes": list(old.nodes) == list(new.nodes)
        and all(same_rect(a, b) for a, b in pairs(list(old.nodes.values()), list(new.nodes.values()))),
        "label places": len(old.blocks) == len(new.blocks)
        and all(same_rect(a.rect, b.rect) for a, b in pairs(old.blocks, new.blocks)),
        "label texts": [(b.tip, [e.rows for e in b.entries]) for b in old.blocks]
        == [(b.tip, [e.rows for e in b.entries]) for b in new.blocks],
        "which label is whose": old.edge_block == new.edge_block and old.titles == new.titles,
        "lines": len(old.strokes) == len(new.strokes)
        and all(
            fa == fb and same_points(path_points(a), path_points(qpath(b)))
            for (a, fa), (b, fb) in pairs(old.strokes, new.strokes)
        ),
        "arrow heads": len(old.arrows) == len(new.arrows)
        and all(fa == fb and same_points(plain(a), b) for (a, fa), (b, fb) in pairs(old.arrows, new.arrows)),
        "junctions": len(old.dots) == len(new.dots)
        and all(fa == fb and same_points(plain([a]), [b]) for (a, fa), (b, fb) in pairs(old.dots, new.dots)),
        "highlight paths": list(old.edges) == list(new.edges)
        and all(
            same_points(path_points(a.path), path_points(qpath(b.path))) and same_points(plain(a.arrow), b.arrow)
            for a, b in pairs(list(old.edges.values()), list(new.edges.values()))
        ),
        "legend": [(k, t) for k, t, _s, _r in old.legend] == [(k, t) for k, t, _s, _r in new.legend]
        and all(same_rect(a[2], b[2]) and same_rect(a[3], b[3]) for a, b in pairs(old.legend, new.legend)),
    }
    return [what for what, same in checks.items() if not same] + (
        [f"problems {old.problems} != {new.problems}"] if old.problems != new.problems else []
    )


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_every_table_at_every_size_is_laid_out_as_the_qt_code_did(qapp, language):
    translator = QTranslator()
    if language != "en":
        assert translator.load(str(ROOT / "resources" / "i18n" / f"inspector_{language}.qm"))
        qapp.installTranslator(translator)
    family = QFont().family()
    legend = [(kind, QCoreApplication.translate("LifecycleDiagram", text)) for kind, text in LEGEND]  # the widget's
    compared = 0
    try:
        for table in tables():
            plan = analyse(table)
            for w, h in SIZES:
                old = reference_fit(plan, w, h, family, legend, 15)
                new = fit(plan, w, h, text_size(family), QCoreApplication.translate, legend, 15, family)
                assert differences(old, new) == [], (table[0], (w, h), differences(old, new))
                compared += 1
    finally:
        if language != "en":
            qapp.removeTranslator(translator)
    assert compared == 21 * len(SIZES)


def test_the_widget_lays_out_with_the_plain_geometry(qapp):
    widget = LifecycleDiagram()
    widget.resize(1260, 330)
    widget.show()
    qapp.processEvents()
    widget.set_machine(EraMode.LEGACY)
    shown = widget.layout_for_tests()
    family = widget.font().family()
    plan = analyse(diagram_table(EraMode.LEGACY))
    bar = widget.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent, None, widget)
    old = reference_fit(plan, 1260, 330, family, LEGEND, bar)  # the widget's legend, in English
    assert shown["problems"] == old.problems == []
    assert list(shown["nodes"]) == list(old.nodes)
    assert all(a == b for a, b in zip(shown["nodes"].values(), old.nodes.values(), strict=True))
    assert shown["labels"] == [b.rect for b in old.blocks]
    widget.close()


def test_the_plain_shapes_agree_with_qts(qapp):
    rng = random.Random(23)

    def rect() -> Rect:
        return Rect(rng.uniform(0, 50), rng.uniform(0, 50), rng.choice([0.0, rng.uniform(0, 30)]), rng.uniform(0, 30))

    for _ in range(2000):
        a, b = rect(), rect()
        p = Pt(rng.uniform(0, 60), rng.uniform(0, 60))
        assert a.intersects(b) == qrect(a).intersects(qrect(b))
        assert a.contains(p) == qrect(a).contains(QPointF(*p))
        assert same_rect(qrect(a).united(qrect(b)), a.united(b))
        assert a.contains_rect(b) == qrect(a).contains(qrect(b))

    checked = 0

    def any_path() -> Path:  # bounds and control points: any lines, quadratics and cubics
        path = Path(Pt(rng.uniform(0, 40), rng.uniform(0, 40)))
        for _segment in range(rng.randint(1, 3)):
            points = [Pt(rng.uniform(0, 40), rng.uniform(0, 40)) for _p in range(rng.choice([1, 2, 3]))]
            if len(points) == 1:
                path.line_to(points[0])
            elif len(points) == 2:
                path.quad_to(*points)
            else:
                path.cubic_to(*points)
        return path

    def drawn_path() -> Path:  # strokes: the diagram's kinds of line (routes, straight lines, loops)
        x, y = rng.uniform(5, 35), rng.uniform(5, 35)
        kind = rng.choice(["route", "straight", "loop"])
        if kind == "route":  # orthogonal, corners rounded
            lane = rng.uniform(0, 40)
            return rounded([Pt(x, y), Pt(x, lane), Pt(rng.uniform(0, 40), lane), Pt(rng.uniform(0, 40), y)], 6.0)
        path = Path(Pt(x, y))
        if kind == "straight":
            path.line_to(Pt(rng.uniform(0, 40), rng.uniform(0, 40)))
        else:  # a self-loop beside a node: out and back, bulging b px
            b, h = rng.uniform(5, 30), rng.uniform(2, 8)
            path.cubic_to(Pt(x + b, y - h - 0.45 * b), Pt(x + b, y + h + 0.45 * b), Pt(x + 5, y + 2 * h))
        return path

    for _ in range(400):
        path = any_path()
        q = qpath(path)
        assert same_rect(q.controlPointRect(), path.control_rect())
        assert same_rect(q.boundingRect(), path.bounds())
        path = drawn_path()
        q = qpath(path)
        for width in (1.0, 3.0):
            stroker = QPainterPathStroker()
            stroker.setWidth(width)
            outline_q = stroker.createStroke(q)
            outline = stroke(path, width)
            for _box in range(5):
                box = Rect(rng.uniform(-5, 45), rng.uniform(-5, 45), rng.uniform(0.5, 12), rng.uniform(0.5, 12))
                near = meets(outline, box.adjusted(0.05, 0.05, -0.05, -0.05)) != meets(
                    outline, box.adjusted(-0.05, -0.05, 0.05, 0.05)
                )
                if near:  # within a twentieth of a pixel of the line's edge: how finely a curve is cut decides
                    continue
                assert meets(outline, box) == outline_q.intersects(qrect(box)), (path, width, box)
                checked += 1
    assert checked > 3000
