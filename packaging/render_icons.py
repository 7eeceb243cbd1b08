"""Render the app icon's PNG sizes from its SVG with Qt's own SVG renderer.

    python packaging/render_icons.py OUT_DIR

writes OUT_DIR/hicolor/<N>x<N>/apps/<id>.png for N in 16 32 48 64 128 256 and
OUT_DIR/hicolor/scalable/apps/<id>.svg (a copy of packaging/icons/<id>.svg): the layout of
share/icons/ that install.sh copies. The PNGs are not committed; every build renders them.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

APP_ID = "io.github.mcp_session_inspector.Inspector"
SIZES = (16, 32, 48, 64, 128, 256)
SOURCE = Path(__file__).resolve().parent / "icons" / f"{APP_ID}.svg"


def render(out: Path, source: Path = SOURCE) -> list[Path]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    app = QGuiApplication.instance() or QGuiApplication([sys.argv[0]])  # noqa: F841 (fonts, painting)
    renderer = QSvgRenderer(str(source))
    if not renderer.isValid():
        raise SystemExit(f"render_icons: {source} is not a valid SVG for Qt")
    written = []
    for size in SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        renderer.render(painter)
        painter.end()
        path = out / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        if not image.convertToFormat(QImage.Format.Format_ARGB32).save(str(path), "PNG"):
            raise SystemExit(f"render_icons: could not write {path}")
        written.append(path)
    scalable = out / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg"
    scalable.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, scalable)
    written.append(scalable)
    return written


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    for p in render(Path(sys.argv[1])):
        print(p)
