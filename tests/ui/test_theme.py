"""One theme: one dark-mode test, one set of colours, and labels that follow a theme switch."""

from __future__ import annotations

from PySide6.QtGui import QColor

from inspector.ui.theme import COLOURS, colour, is_dark, tone
from inspector.ui.widgets import ErrorLabel, muted, plain_label

TEXT_ROLES = ("error", "ok", "warn", "muted", "link", "c2s", "s2c", "stderr", "event", "chip-text")


def test_each_text_colour_reads_on_its_own_palette():
    for name in TEXT_ROLES:
        light, dark = (QColor(c) for c in COLOURS[name])
        assert light.lightness() < 128 < dark.lightness(), name  # dark text on light, light on dark


def test_labels_follow_a_theme_switch(window_and_controller, qapp):
    _controller, window = window_and_controller
    window.themes.set_choice("light")
    error = ErrorLabel("probe")
    hint = muted(plain_label("a hint"))
    boxed = ErrorLabel(boxed=True)
    try:
        assert not is_dark()
        assert COLOURS["error"][0] in error.styleSheet() and COLOURS["muted"][0] in hint.styleSheet()
        window.themes.set_choice("dark")
        assert is_dark() and colour("error") == QColor(COLOURS["error"][1]) and tone(None, "ok") == COLOURS["ok"][1]
        assert COLOURS["error"][1] in error.styleSheet() and COLOURS["muted"][1] in hint.styleSheet()
        assert "border" in boxed.styleSheet() and COLOURS["error"][1] in boxed.styleSheet()  # the box survives
        tools = window.panels.panels["tools"]
        assert COLOURS["muted"][1] in tools.result.status_label.styleSheet()  # built before the switch
        window.themes.set_choice("light")
        assert (
            COLOURS["error"][0] in error.styleSheet() and COLOURS["muted"][0] in tools.result.status_label.styleSheet()
        )
    finally:
        window.themes.set_choice("light")
        for w in (error, hint, boxed):
            w.deleteLater()


def test_one_dot_icon_for_a_levels_colour_and_a_directions(qapp):
    """The log panel's level icons and the timeline's direction buttons are the one dot_icon: a
    filled circle in the colour, transparent around it."""
    from PySide6.QtGui import QPalette

    from inspector.session.recording import Direction
    from inspector.ui.panels.logs import LevelColors
    from inspector.ui.theme import dot_icon
    from inspector.ui.timeline import TimelineColors

    palette = QPalette()
    levels, directions = LevelColors(palette), TimelineColors(palette)
    image = dot_icon(QColor("#c02020"), 10).pixmap(10, 10).toImage()
    assert image.pixelColor(5, 5) == QColor("#c02020") and image.pixelColor(0, 0).alpha() == 0
    for icon, color in [
        (levels.icons[0], levels.colors[0]),
        (directions.swatch(Direction.S2C), directions.by_direction[Direction.S2C].color()),
    ]:
        drawn = icon.pixmap(10, 10).toImage()
        assert drawn.pixelColor(5, 5) == color and drawn.pixelColor(0, 0).alpha() == 0
        assert drawn == dot_icon(color, 10).pixmap(10, 10).toImage()
