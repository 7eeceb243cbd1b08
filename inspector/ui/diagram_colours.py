"""The lifecycle diagram's colours: all from the widget's palette but the error red."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QColor, QPalette

from .theme import colour, is_dark, mix


@dataclass(frozen=True)
class Colours:
    """The diagram's colours, from the widget's palette (see :func:`palette_colours`)."""

    base: QColor
    text: QColor
    muted: QColor
    node: QColor
    border: QColor
    edge: QColor
    accent: QColor
    accent_text: QColor
    error: QColor
    focus: QColor
    label_bg: QColor


def palette_colours(pal: QPalette) -> Colours:
    """Base, text and highlight from ``pal``; the shades between them mixed; the error red chosen
    from the base colour's lightness (the one colour a palette has no role for)."""
    base = pal.color(QPalette.ColorGroup.Active, QPalette.ColorRole.Base)
    text = pal.color(QPalette.ColorGroup.Active, QPalette.ColorRole.Text)
    accent = pal.color(QPalette.ColorGroup.Active, QPalette.ColorRole.Highlight)
    accent_text = pal.color(QPalette.ColorGroup.Active, QPalette.ColorRole.HighlightedText)
    dark = is_dark(pal)
    error = colour("error", dark)
    return Colours(
        base=base,
        text=text,
        muted=mix(text, base, 0.35),
        node=mix(base, text, 0.07 if dark else 0.045),
        border=mix(text, base, 0.45),
        edge=mix(text, base, 0.3),
        accent=accent,
        accent_text=accent_text,
        error=error,
        focus=mix(accent, text, 0.25) if dark else accent.darker(125),
        label_bg=base,
    )
