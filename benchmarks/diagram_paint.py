"""The lifecycle diagram at the sizes a 1280×720 window gives it: layout time, frame time while
scrolled, and the cost of a 2× PNG export.

    QT_QPA_PLATFORM=offscreen python benchmarks/diagram_paint.py [--frames 300]

For each machine (legacy, modern, auto before the era is known, auto over Streamable HTTP) and
each widget size (820×180: the normal window with the step bar; 1260×330: presenter mode;
1600×300: a wide desktop), it prints the label size chosen (never below 11 px), whether the
drawing scrolls and how large it is, the first layout's time (uncached, a fresh widget), the
median and worst frame time of ``--frames`` synchronous repaints while the current state moves
along the machine and the view scrolls, and the time to paint the whole drawing into a 2× image
(what File → Export diagram… does for PNG, before the file is written).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=300)
    args = parser.parse_args()

    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([sys.argv[0]])
    from inspector.protocol.lifecycle import states_of
    from inspector.protocol.versions import EraMode
    from inspector.ui.diagram import LifecycleDiagram

    machines = [
        ("legacy", EraMode.LEGACY, "stdio"),
        ("modern", EraMode.MODERN, "stdio"),
        ("auto", EraMode.AUTO, "stdio"),
        ("auto-http", EraMode.AUTO, "streamable-http"),
    ]
    sizes = [(820, 180), (1260, 330), (1600, 300)]
    print(
        f"{'machine':<10} {'size':>9} {'label':>6} {'scrolls':>7} {'drawing':>10} {'layout ms':>9} "
        f"{'frame ms p50/max':>17} {'2x export ms':>12}"
    )
    for name, mode, transport in machines:
        for size in sizes:
            w = LifecycleDiagram()
            w.resize(*size)
            w.show()
            app.processEvents()
            t0 = time.perf_counter()
            w.set_machine(mode, None, transport)
            lay = w.layout_for_tests()
            layout_ms = (time.perf_counter() - t0) * 1000
            states = list(states_of(w.model.table))
            frames = []
            for i in range(args.frames):
                w.set_state(states[i % len(states)], None, animate=False)
                t = time.perf_counter()
                w.repaint()
                frames.append((time.perf_counter() - t) * 1000)
            export = w.export_size()
            t = time.perf_counter()
            image = QImage(export * 2, QImage.Format.Format_ARGB32)
            image.setDevicePixelRatio(2)
            p = QPainter(image)
            w.paint_export(p, "State: Operating · legacy · entry #11")
            p.end()
            export_ms = (time.perf_counter() - t) * 1000
            area = lay["area"]
            print(
                f"{name:<10} {size[0]:>4}x{size[1]:<4} {lay['font_px']:>4.0f}px {'yes' if w.scrolls else 'no':>7} "
                f"{int(area.width()):>5}x{int(area.height()):<4} {layout_ms:>9.1f} "
                f"{statistics.median(frames):>8.2f}/{max(frames):<8.2f} {export_ms:>12.1f}"
            )
            w.close()
            w.deleteLater()
            app.processEvents()


if __name__ == "__main__":
    main()
