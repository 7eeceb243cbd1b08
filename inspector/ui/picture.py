"""One writer for the window's pictures: SVG or PNG by the name's extension.

Theory of operation. A view that exports a picture says how big its page is and paints it
(``paint(painter)``, the painter already on the page); :func:`write_picture` makes the page - an
SVG drawing with a title and a description, or an image at a scale (device pixels a pixel) -
paints it once and writes it. A write that fails raises ``OSError`` saying why, in the user's
language: a name of another type, a folder that cannot be written, a picture too large to hold in
memory, or the writer's own reason (:mod:`.exporting`). The sequence diagram and the lifecycle
diagram's export (``window_files``) write through it.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QPoint, QRect, QRectF, QSize
from PySide6.QtGui import QColor, QImage, QPaintDevice, QPainter

from .exporting import image_error, writable_error

translate = QCoreApplication.translate


def write_picture(
    path: str,
    size: QSize,
    paint: Callable[[QPainter], None],
    *,
    title: str,
    description: str = "",
    scale: float = 2.0,
    background: QColor | None = None,
) -> None:
    """Write a page ``size`` big, drawn by ``paint``, to ``path``: an SVG drawing (``.svg``, with
    ``title`` and ``description``) or a PNG image (``.png``, at ``scale``); ``background`` fills
    the page first (None: the painting covers it). Raises ``OSError`` saying why it was not written."""
    low = path.lower()
    svg = low.endswith(".svg")
    if not svg and not low.endswith(".png"):
        raise OSError(translate("Export", "unknown file type: the name must end in .svg or .png"))
    image = None
    if svg:
        from PySide6.QtSvg import QSvgGenerator

        reason = writable_error(path)
        if reason is not None:
            raise OSError(reason)
        generator = QSvgGenerator()
        generator.setFileName(path)
        generator.setSize(size)
        generator.setViewBox(QRect(QPoint(0, 0), size))
        generator.setTitle(title)
        if description:
            generator.setDescription(description)
        target: QPaintDevice = generator
    else:
        target = image = QImage(size * scale, QImage.Format.Format_ARGB32)
        if not image.isNull():
            image.setDevicePixelRatio(scale)
            if background is not None:
                image.fill(background)
    if image is None or not image.isNull():
        painter = QPainter()
        if not painter.begin(target):
            raise OSError(translate("Export", "the picture could not be drawn"))
        try:
            if svg and background is not None:
                painter.fillRect(QRectF(0, 0, size.width(), size.height()), background)
            paint(painter)
        finally:
            ok = painter.end()
        if svg and not ok:
            raise OSError(translate("Export", "the SVG writer failed"))
    reason = None if image is None else image_error(image, path)
    if reason is not None:
        raise OSError(reason)


__all__ = ["write_picture"]
