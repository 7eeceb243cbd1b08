"""The window's proportions (session/layout_plan.py), headless: pixels in, pixels out."""

from __future__ import annotations

import pytest

from inspector.session.layout_plan import (
    LAYOUT_SHARES,
    SIDE_SHARE,
    SIDE_WIDTH,
    START_SIZE,
    connection_height,
    side_width,
    split,
    start_size,
    step_column,
    step_room,
)
from inspector.session.settings import LAYOUTS


def test_every_named_layout_has_its_shares() -> None:
    assert set(LAYOUT_SHARES) == set(SIDE_SHARE) == set(LAYOUTS)
    assert all(0 < share < 1 for shares in LAYOUT_SHARES.values() for share in shares)


@pytest.mark.parametrize("total", [2, 3, 99, 850, 1001])
def test_a_split_keeps_every_pixel(total: int) -> None:
    first, rest = split(total, 0.34)
    assert first + rest == total and first == round(total * 0.34)


def test_the_side_column_is_its_share_within_bounds() -> None:
    assert side_width(1280, "debugging") == 448  # the panels' rows fit
    assert side_width(800, "debugging") == SIDE_WIDTH[0]
    assert side_width(2560, "teaching") == SIDE_WIDTH[1]
    assert side_width(1400, "teaching") == 420


def test_the_step_bar_over_the_details_takes_what_it_asks_within_limits() -> None:
    assert step_column(1000, 10) == [600, 400]  # at least three fifths
    assert step_column(1000, 700) == [700, 300]
    assert step_column(1000, 900) == [750, 250]  # at most three quarters
    assert sum(step_column(0, 50)) == 2


def test_the_diagram_above_the_step_bar_grows_up_to_its_share() -> None:
    assert step_room([300, 700], 100) == [400, 600]
    assert step_room([300, 700], 1000) == [580, 420]  # STEP_TOP_SHARE of the centre
    assert step_room([300, 700], 0) is None  # it needs nothing
    assert step_room([600, 400], 50) is None  # already past its share


def test_the_connection_dock_beside_the_features_dock() -> None:
    assert connection_height(1000, None, 200) == [620, 380]  # the editor: most of the column
    assert connection_height(1000, 150, 200) == [150, 850]  # compact: what the form needs
    assert connection_height(1000, None, 500) == [500, 500]  # the Features dock keeps its minimum


def test_the_window_starts_at_its_size_or_the_screens_where_that_is_smaller():
    assert start_size(None) == START_SIZE == (1600, 960)
    assert start_size((2560, 1400)) == (1600, 960)
    assert start_size((1280, 720)) == (1280, 720)  # a projector
    assert start_size((1920, 900)) == (1600, 900)
