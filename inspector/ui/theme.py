"""The theme: whether the palette is dark, and the one set of colours every widget draws with.

Theory of operation. The application sets a light or dark palette (``app.py``); widgets never
keep colours of their own. They ask :func:`is_dark` (one test: the ``Base`` role's lightness)
and take a named colour from :data:`COLOURS`, each a pair tuned to read on the light and on the
dark palette: status colours (error, ok, warn, muted, link), the traffic directions (c2s, s2c,
stderr, event) and the surfaces of cards and chips. :func:`colour` gives a ``QColor``,
:func:`tone` the ``#rrggbb`` text a style sheet needs; :func:`mix` blends two colours for
tinted backgrounds; :func:`dot_icon` paints a colour as a small dot (a level's, a direction's).
Widgets that cache colours rebuild them on ``PaletteChange``.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QGuiApplication, QIcon, QPainter, QPalette, QPixmap
from PySide6.QtWidgets import QWidget

#: name -> (on a light palette, on a dark palette)
COLOURS: dict[str, tuple[str, str]] = {
    # status
    "error": ("#b91e1e", "#ff786e"),
    "ok": ("#1e823c", "#6ed282"),
    "warn": ("#965500", "#f5be64"),
    "muted": ("#6b7078", "#9aa0a6"),
    "link": ("#195fbe", "#78afff"),
    # traffic
    "c2s": ("#195fbe", "#78afff"),
    "s2c": ("#147d46", "#6ecd8c"),
    "stderr": ("#965500", "#f5be64"),
    "event": ("#6946a0", "#bea0f0"),
    # surfaces
    "card-border": ("#d5d8dc", "#3c3f44"),
    "card-background": ("#fbfbfc", "#25272b"),
    "chip-background": ("#e4ebf5", "#3a4a63"),
    "chip-text": ("#1f3b63", "#d6e4ff"),
}


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
    projector in a lit room. Every role a widget paints with is set, so nothing keeps a grey of
    the usual theme."""
    fg, bg, alt, button = (
        ("#ffffff", "#000000", "#1c1c1c", "#1c1c1c") if dark else ("#000000", "#ffffff", "#eeeeee", "#f0f0f0")
    )
    accent, accent_text, link = ("#ffd400", "#000000", "#66ccff") if dark else ("#0032b4", "#ffffff", "#0032b4")
    roles = {
        QPalette.ColorRole.Window: bg,
        QPalette.ColorRole.WindowText: fg,
        QPalette.ColorRole.Base: bg,
        QPalette.ColorRole.AlternateBase: alt,
        QPalette.ColorRole.Text: fg,
        QPalette.ColorRole.BrightText: fg,
        QPalette.ColorRole.Button: button,
        QPalette.ColorRole.ButtonText: fg,
        QPalette.ColorRole.Highlight: accent,
        QPalette.ColorRole.HighlightedText: accent_text,
        QPalette.ColorRole.Link: link,
        QPalette.ColorRole.LinkVisited: link,
        QPalette.ColorRole.ToolTipBase: bg,
        QPalette.ColorRole.ToolTipText: fg,
        QPalette.ColorRole.PlaceholderText: "#bbbbbb" if dark else "#444444",
        QPalette.ColorRole.Light: "#ffffff" if not dark else "#3a3a3a",
        QPalette.ColorRole.Midlight: "#dddddd" if not dark else "#2a2a2a",
        QPalette.ColorRole.Mid: "#777777",
        QPalette.ColorRole.Dark: "#333333" if not dark else "#aaaaaa",
        QPalette.ColorRole.Shadow: "#000000",
    }
    return palette_of(roles, disabled="#8a8a8a")


def palette_of(colours: dict[QPalette.ColorRole, str], disabled: str) -> QPalette:
    """A palette with ``colours`` in every colour group, and the text roles ``disabled``
    (greyed) in the disabled group (the dark theme's and presenter mode's palettes)."""
    palette = QPalette()
    for role, value in colours.items():
        palette.setColor(QPalette.ColorGroup.All, role, QColor(value))
    for role in (QPalette.ColorRole.WindowText, QPalette.ColorRole.Text, QPalette.ColorRole.ButtonText):
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor(disabled))
    return palette
