"""What a saved file is written as (Qt-free): the types a save dialog offers, the extension a
name gets, and whether a path can be written at all.

The type written is the one chosen: its extension is added when the name typed has none of that
type's (``lifecycle`` with PNG chosen is written as ``lifecycle.png``); files named with an
extension the caller knows are written as that type (:func:`type_of`). A write that cannot
happen says why in the operating system's words (:func:`writable_error`). The window's save
dialog and image writer are ``inspector.ui.exporting``.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class FileType:
    """One choice of a save dialog: what is written (``kind``), its name in the dialog, the
    extensions that name it (the first is added when missing) and, for pictures, the scale."""

    kind: str  # "svg", "png", "html", "md"
    label: str  # in the window's language
    suffixes: tuple[str, ...]
    scale: float = 1.0

    @property
    def filter(self) -> str:
        return f"{self.label} ({' '.join('*' + s for s in self.suffixes)})"


def type_of(path: str, types: Sequence[FileType]) -> FileType | None:
    """The first of ``types`` whose extension ``path`` has (case ignored), or None."""
    low = path.lower()
    return next((t for t in types if low.endswith(t.suffixes)), None)


def with_suffix(path: str, ftype: FileType) -> str:
    """``path`` with ``ftype``'s extension added when it has none of them (a name such as
    ``notes.v2`` gets ``notes.v2.png``: the type chosen decides)."""
    return path if path.lower().endswith(ftype.suffixes) else path + ftype.suffixes[0]


def writable_error(path: str) -> str | None:
    """Why ``path`` cannot be written (the operating system's words), or None when it can.
    Nothing is left behind: a file this check creates is removed again."""
    existed = os.path.lexists(path)
    try:
        with open(path, "ab"):
            pass
    except OSError as exc:
        return exc.strerror or str(exc)
    if not existed:
        try:
            os.remove(path)
        except OSError:
            pass
    return None
