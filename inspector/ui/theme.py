"""The theme: whether the palette is dark, and the one set of colours every widget draws with.

Theory of operation. The application sets a light or dark palette (``app.py``); widgets never
keep colours of their own. They ask :func:`is_dark` (one test: the ``Base`` role's lightness)
and take a named colour from :data:`COLOURS` (:mod:`inspector.session.theme_colours`: each a
pair tuned to read on the light and on the dark palette). :func:`colour` gives a ``QColor``,
:func:`tone` the ``#rrggbb`` text a style sheet needs; :func:`mix` blends two colours for
tinted backgrounds; :func:`dot_icon` paints a colour as a small dot (a level's, a direction's).
Widgets that cache colours rebuild them on ``PaletteChange``.
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QGuiApplication, QIcon, QPainter, QPalette, QPixmap
from PySide6.QtWidgets import QWidget

from inspector.session.theme_colours import COLOURS, HIGH_CONTRAST_DISABLED, high_contrast


def _palette(source: QWidget | QPalette | None) -> QPalette:
    if isinstance(source, QPalette):
        return source
    if source is not None:
        return source.palette()
    return QGuiApplication.palette()  # the application's (QApplication's when there is one)


def is_dark(source: QWidget | QPalette | None = None) -> bool:
    """Whether ``source``'s palette (the application's when None) is a dark one."""
    return _palette(source).color(QPalette.ColorRole.Base).lightness() < 128


def colour(name: str, dark: bool | QWidget | QPalette | None = None) -> QColor:
    """The named colour for a dark or light palette (``dark`` may be a widget or palette to test)."""
    if not isinstance(dark, bool):
        dark = is_dark(dark)
    return QColor(COLOURS[name][1 if dark else 0])


def tone(source: QWidget | QPalette | None, name: str) -> str:
    """The named colour as ``#rrggbb`` for a style sheet, for ``source``'s palette."""
    return COLOURS[name][1 if is_dark(source) else 0]


def card_style(selector: str, dark: bool) -> str:
    """The style sheet of a card (a bordered, rounded surface) for ``selector``."""
    i = 1 if dark else 0
    return (
        f"{selector} {{ border: 1px solid {COLOURS['card-border'][i]}; border-radius: 6px; "
        f"background: {COLOURS['card-background'][i]}; }}"
    )


def mix(a: QColor, b: QColor, amount: float) -> QColor:
    """``a`` moved ``amount`` (0..1) of the way towards ``b``; opaque."""
    k = max(0.0, min(1.0, amount))
    return QColor(
        round(a.red() + (b.red() - a.red()) * k),
        round(a.green() + (b.green() - a.green()) * k),
        round(a.blue() + (b.blue() - a.blue()) * k),
    )


def dot_icon(color: QColor | QBrush, size: int = 10) -> QIcon:
    """A small filled circle in ``color`` on a transparent square of ``size`` pixels: the log
    panel's level icons, the timeline's direction buttons."""
    pm = QPixmap(size, size)
    pm.fill(Qt.GlobalColor.transparent)
    p = QPainter(pm)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(color)
    p.drawEllipse(1, 1, size - 2, size - 2)
    p.end()
    return QIcon(pm)


def high_contrast_palette(dark: bool) -> QPalette:
    """Presenter mode: pure black on white (or white on black) with a strong accent, for a
    projector in a lit room (:func:`inspector.session.theme_colours.high_contrast`)."""
    return palette_of(high_contrast(dark), disabled=HIGH_CONTRAST_DISABLED)


def palette_of(colours: Mapping[QPalette.ColorRole, str] | Mapping[str, str], disabled: str) -> QPalette:
    """A palette with ``colours`` (by role, or by the role's name) in every colour group, and the
    text roles ``disabled`` (greyed) in the disabled group (the dark theme's and presenter mode's
    palettes)."""
    palette = QPalette()
    for role, value in colours.items():
        role = getattr(QPalette.ColorRole, role) if isinstance(role, str) else role
        palette.setColor(QPalette.ColorGroup.All, role, QColor(value))
    for role in (QPalette.ColorRole.WindowText, QPalette.ColorRole.Text, QPalette.ColorRole.ButtonText):
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor(disabled))
    return palette
