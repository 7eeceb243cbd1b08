"""Would fixed diagram layouts, one per lifecycle table, replace the layout engine?

    QT_QPA_PLATFORM=offscreen python benchmarks/diagram_layouts_vary.py

Lays out every distinct transition table (every era mode, era and transport) at the sizes
``diagram_paint.py`` uses, in English and in Chinese, and prints how many tables there are,
for how many the states' order (row, then left to right) is the same in every layout (what a
fixed plan could hold), and how many distinct node geometries each table gets (what fixed
positions would have to hold). Issue 23 asked this before replacing the layout engine (now
``session/diagram_geometry.py``).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> None:
    from PySide6.QtCore import QTranslator
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([sys.argv[0]])
    from inspector.protocol.lifecycle import TRANSPORTS, Transition, diagram_table
    from inspector.protocol.versions import Era, EraMode
    from inspector.ui.diagram import LifecycleDiagram

    tables: dict[tuple[Transition, ...], tuple[EraMode, Era | None, str]] = {}
    for mode in EraMode:
        for era in [None, *Era]:
            for transport in TRANSPORTS:
                tables.setdefault(diagram_table(mode, era, transport), (mode, era, transport))
    sizes = [(820, 180), (1260, 330), (1600, 300)]
    orders: dict[tuple[Transition, ...], set[tuple[str, ...]]] = {}
    geometries: dict[tuple[Transition, ...], set[tuple[tuple[str, int, int, int], ...]]] = {}
    for language in ("en", "zh_CN"):
        translator = QTranslator()
        if language != "en":
            if not translator.load(str(ROOT / "resources" / "i18n" / f"inspector_{language}.qm")):
                raise SystemExit(f"no catalogue for {language}")
            app.installTranslator(translator)
        for table, (mode, era, transport) in tables.items():
            for size in sizes:
                widget = LifecycleDiagram()
                widget.resize(*size)
                widget.show()
                app.processEvents()
                widget.set_machine(mode, era, transport)
                nodes = widget.layout_for_tests()["nodes"]
                by_row = sorted(nodes.items(), key=lambda kv: (round(kv[1].y() / 20), kv[1].x()))
                orders.setdefault(table, set()).add(tuple(s.name for s, _r in by_row))
                by_name = sorted(nodes.items(), key=lambda kv: kv[0].name)
                placed = tuple((s.name, round(r.x()), round(r.y()), round(r.width())) for s, r in by_name)
                geometries.setdefault(table, set()).add(placed)
                widget.close()
                widget.deleteLater()
                app.processEvents()
        if language != "en":
            app.removeTranslator(translator)
    layouts = len(sizes) * 2
    print(f"distinct transition tables: {len(tables)}")
    same = sum(1 for o in orders.values() if len(o) == 1)
    print(f"tables whose state order is the same in all {layouts} layouts: {same}")
    counts = sorted(len(g) for g in geometries.values())
    print(f"distinct node geometries per table ({len(sizes)} sizes x 2 languages): min {counts[0]}, max {counts[-1]}")


if __name__ == "__main__":
    main()
