"""The replay slider's marks as pixel arithmetic (inspector.session.slider_marks), without a display."""

from __future__ import annotations

from inspector.session.slider_marks import MESSAGE_TICK_PX, message_ticks, row_at, violation_ticks, x_of


def test_an_entry_and_its_position_are_each_others_inverse_across_the_groove():
    low, high, left, width = 0, 999, 10, 201
    assert x_of(0, low, high, left, width) == 10 and x_of(999, low, high, left, width) == 210
    for row in (0, 1, 250, 500, 998, 999):
        x = x_of(row, low, high, left, width)
        assert abs(row_at(x, low, high, left, width) - row) <= (high - low) / (width - 1)
    assert row_at(-50, low, high, left, width) == 0  # beyond the ends: the first and the last entry
    assert row_at(10_000, low, high, left, width) == 999


def test_one_entry_or_a_groove_of_one_pixel_does_not_divide_by_zero():
    assert x_of(5, 5, 5, 0, 100) == 0
    assert row_at(40, 5, 5, 0, 1) == 5


def test_message_ticks_grow_with_their_share_of_the_fullest_pixel():
    ticks = message_ticks([0, 1, 0, 8, 4], left=100, width=10)
    assert ticks == [(102, 1), (106, MESSAGE_TICK_PX), (108, 2)]  # empty buckets draw nothing
    assert message_ticks([], left=0, width=10) == []


def test_violations_on_one_pixel_are_one_tick():
    rows = [0, 1, 2, 500, 999]
    assert violation_ticks(rows, 0, 999, 0, 11) == [0, 5, 10]
