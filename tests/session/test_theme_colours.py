"""The window's colours read where they are drawn: each named text colour on its palette's base,
and presenter mode's palettes at the contrast a projector in a lit room needs."""

from __future__ import annotations

import pytest

from inspector.session.theme_colours import COLOURS, DARK, DARK_DISABLED, HIGH_CONTRAST_DISABLED, high_contrast

TEXT_NAMES = ("error", "ok", "warn", "muted", "link", "c2s", "s2c", "stderr", "event")
LIGHT_BASE, DARK_BASE = "#ffffff", DARK["Base"]  # a light palette's base, the dark theme's


def contrast(a: str, b: str) -> float:
    """The WCAG 2 contrast ratio of two #rrggbb colours (1: the same, 21: black on white)."""

    def luminance(colour: str) -> float:
        channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_contrast_is_the_wcag_ratio():
    assert contrast("#000000", "#ffffff") == pytest.approx(21)
    assert contrast("#777777", "#777777") == pytest.approx(1)


@pytest.mark.parametrize("name", TEXT_NAMES)
def test_each_text_colour_reads_on_its_palettes_base(name):
    light, dark = COLOURS[name]
    assert contrast(light, LIGHT_BASE) >= 4.5, name  # WCAG AA for text
    assert contrast(dark, DARK_BASE) >= 4.5, name


def test_chips_and_cards_keep_their_text_readable():
    for i, base in enumerate((LIGHT_BASE, DARK_BASE)):
        assert contrast(COLOURS["chip-text"][i], COLOURS["chip-background"][i]) >= 7
        assert contrast(COLOURS["card-background"][i], base) < 1.5  # a card is a surface, not a mark


@pytest.mark.parametrize("dark", [False, True])
def test_presenter_mode_is_high_contrast(dark):
    roles = high_contrast(dark)
    for text, ground in (
        ("WindowText", "Window"),
        ("Text", "Base"),
        ("Text", "AlternateBase"),
        ("ButtonText", "Button"),
        ("ToolTipText", "ToolTipBase"),
        ("HighlightedText", "Highlight"),
    ):
        assert contrast(roles[text], roles[ground]) >= 7, (text, ground)  # WCAG AAA
    assert contrast(roles["Link"], roles["Base"]) >= 4.5
    assert contrast(roles["PlaceholderText"], roles["Base"]) >= 4.5
    # a disabled control is greyed: still legible, but plainly less than the text
    assert 3 <= contrast(HIGH_CONTRAST_DISABLED, roles["Base"]) < contrast(roles["Text"], roles["Base"])


def test_presenter_mode_sets_every_role_a_widget_paints_with():
    painted = {"Window", "WindowText", "Base", "AlternateBase", "Text", "Button", "ButtonText", "Highlight"}
    painted |= {"HighlightedText", "Link", "ToolTipBase", "ToolTipText", "PlaceholderText", "Mid", "Dark"}
    for dark in (False, True):
        assert painted <= high_contrast(dark).keys()
        assert all(v.startswith("#") and len(v) == 7 for v in high_contrast(dark).values())


def test_the_dark_themes_palette_reads_and_greys_its_disabled_text():
    for text, ground in (
        ("WindowText", "Window"),
        ("Text", "Base"),
        ("Text", "AlternateBase"),
        ("ButtonText", "Button"),
        ("ToolTipText", "ToolTipBase"),
        ("HighlightedText", "Highlight"),
    ):
        assert contrast(DARK[text], DARK[ground]) >= 4.5, (text, ground)  # WCAG AA
    assert contrast(DARK["Link"], DARK["Base"]) >= 4.5 and contrast(DARK["LinkVisited"], DARK["Base"]) >= 4.5
    assert 3 <= contrast(DARK_DISABLED, DARK["Base"]) < contrast(DARK["Text"], DARK["Base"])
    assert all(v.startswith("#") and len(v) == 7 for v in DARK.values())
