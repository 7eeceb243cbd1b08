"""Colour helpers shared by the widgets that derive their hues from the palette."""

from __future__ import annotations

from PySide6.QtGui import QColor


def mix(a: QColor, b: QColor, amount: float) -> QColor:
    """``a`` moved ``amount`` (0..1) of the way towards ``b``; opaque."""
    k = max(0.0, min(1.0, amount))
    return QColor(
        round(a.red() + (b.red() - a.red()) * k),
        round(a.green() + (b.green() - a.green()) * k),
        round(a.blue() + (b.blue() - a.blue()) * k),
    )
