"""Files the window exports (the lifecycle diagram, the sequence diagram, the transcript).

The types, the extension a name gets and the check that a path can be written are Qt-free
(:mod:`inspector.session.file_types`, re-exported here); this module asks where to save and
writes pictures. The type written is the one chosen in the save dialog: its extension is added when the name
typed has none of that type's (``lifecycle`` with PNG chosen is written as ``lifecycle.png``,
a PNG), and a name that changed that way and already exists is not replaced without asking.
The ``*_to(path)`` functions of the window take the type from the extension and refuse one they
do not know. Pictures are written at a scale (2× by default, 4× on request: the dialog offers
both), so text stays sharp on a slide or a high-density screen. A write that fails says why:
the operating system's reason, or the image writer's.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QImage, QImageWriter
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from inspector.session.file_types import FileType, type_of, with_suffix, writable_error

__all__ = ["FileType", "ask_save_path", "image_error", "type_of", "with_suffix", "writable_error"]


def ask_save_path(
    parent: QWidget, title: str, suggested: str, types: Sequence[FileType]
) -> tuple[str, FileType] | None:
    """Ask where to write and as what: the path with the chosen type's extension, and the
    type; None when cancelled (or when the completed name exists and is not to be replaced)."""
    start = type_of(suggested, types) or types[0]
    path, chosen = QFileDialog.getSaveFileName(
        parent, title, suggested, ";;".join(t.filter for t in types), start.filter
    )
    if not path:
        return None
    ftype = next((t for t in types if t.filter == chosen), None) or type_of(path, types) or types[0]
    fixed = with_suffix(path, ftype)
    if fixed != path and os.path.exists(fixed):  # the dialog asked about the name without its extension
        answer = QMessageBox.question(
            parent,
            title,
            QCoreApplication.translate("Export", "{name} already exists. Do you want to replace it?").format(
                name=os.path.basename(fixed)
            ),
        )
        if answer != QMessageBox.StandardButton.Yes:
            return None
    return fixed, ftype


def image_error(image: QImage, path: str) -> str | None:
    """Write ``image`` to ``path`` as PNG; the reason when that fails, else None."""
    if image.isNull():
        return QCoreApplication.translate("Export", "the picture is too large to hold in memory")
    reason = writable_error(path)
    if reason is not None:
        return reason
    writer = QImageWriter(path, b"png")
    if not writer.write(image):
        return writer.errorString()
    return None
