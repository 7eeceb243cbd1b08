"""The window's colours, as data: each named colour for a light and a dark palette, and the
palettes of presenter mode.

Theory of operation. Widgets never keep colours of their own (``inspector.ui.theme`` turns these
into Qt colours and palettes). :data:`COLOURS` pairs each name with the colour that reads on a
light palette and the one that reads on a dark one: status colours (error, ok, warn, muted,
link), the traffic directions (c2s, s2c, stderr, event) and the surfaces of cards and chips.
:data:`DARK` is the dark theme's palette, by role name, for platforms that give none.
:func:`high_contrast` is presenter mode's palette, by role name: pure black on white (or white
on black) with a strong accent, for a projector in a lit room; every role a widget paints with
is set, so nothing keeps a grey of the usual theme.
"""

from __future__ import annotations

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

#: The dark theme's palette (used when the platform gives no dark one), by ``QPalette.ColorRole`` name.
DARK = {
    "Window": "#2b2d30",
    "WindowText": "#dfe1e5",
    "Base": "#1e1f22",
    "AlternateBase": "#26282b",
    "ToolTipBase": "#393b40",
    "ToolTipText": "#dfe1e5",
    "PlaceholderText": "#8c8f94",
    "Text": "#dfe1e5",
    "Button": "#393b40",
    "ButtonText": "#dfe1e5",
    "BrightText": "#ff6b68",
    "Light": "#4a4d52",
    "Midlight": "#3c3f44",
    "Mid": "#2f3135",
    "Dark": "#1b1c1f",
    "Shadow": "#000000",
    "Highlight": "#2f65ca",
    "HighlightedText": "#ffffff",
    "Link": "#6ea8fe",
    "LinkVisited": "#c58af9",
}
#: the text of a disabled control in the dark theme (greyed)
DARK_DISABLED = "#7a7d82"

#: the text of a disabled control in presenter mode (greyed, on either palette)
HIGH_CONTRAST_DISABLED = "#8a8a8a"


def high_contrast(dark: bool) -> dict[str, str]:
    """Presenter mode's palette for a dark or light theme: ``QPalette.ColorRole`` name -> colour."""
    fg, bg, alt, button = (
        ("#ffffff", "#000000", "#1c1c1c", "#1c1c1c") if dark else ("#000000", "#ffffff", "#eeeeee", "#f0f0f0")
    )
    accent, accent_text, link = ("#ffd400", "#000000", "#66ccff") if dark else ("#0032b4", "#ffffff", "#0032b4")
    return {
        "Window": bg,
        "WindowText": fg,
        "Base": bg,
        "AlternateBase": alt,
        "Text": fg,
        "BrightText": fg,
        "Button": button,
        "ButtonText": fg,
        "Highlight": accent,
        "HighlightedText": accent_text,
        "Link": link,
        "LinkVisited": link,
        "ToolTipBase": bg,
        "ToolTipText": fg,
        "PlaceholderText": "#bbbbbb" if dark else "#444444",
        "Light": "#ffffff" if not dark else "#3a3a3a",
        "Midlight": "#dddddd" if not dark else "#2a2a2a",
        "Mid": "#777777",
        "Dark": "#333333" if not dark else "#aaaaaa",
        "Shadow": "#000000",
    }
