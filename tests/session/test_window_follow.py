"""Which entry the window's views show (session/window_follow.py), headless: what a refresh
takes in, a flood, and the entry a selection, Step back or Follow live off pins."""

from __future__ import annotations

from inspector.session.window_follow import Following, pinned_row


def test_a_refresh_takes_in_what_arrived_and_tells_a_flood():
    following = Following()
    assert following.arrived(5000, 1000) is False  # the first refresh takes everything, no flood to jump
    assert following.arrived(5000, 1000) is None  # nothing new
    assert following.arrived(5010, 1000) is False
    assert following.arrived(6010, 1000) is True  # a tick's worth or more at once: jump to the newest edge
    following.taken = -1  # a language switch, a loaded file: everything again
    assert following.arrived(6010, 1000) is False and following.taken == 6010


def test_selecting_an_earlier_row_pins_the_views_while_following():
    assert Following().pins(3, 10) and not Following().pins(9, 10)  # the newest keeps following
    assert not Following(live=False).pins(3, 10)  # pinned already


def test_step_back_goes_before_the_entry_shown():
    assert Following().back_from(4, 10) == 8  # following: the newest is the one shown, whatever is selected
    assert Following(live=False).back_from(4, 10) == 3
    assert Following(live=False).back_from(None, 10) == 8
    assert Following(live=False).back_from(0, 10) == 0  # the first entry has none before it


def test_follow_live_off_stays_at_the_selection_else_the_diagrams_entry_else_the_newest():
    assert pinned_row(4, 7, 10) == 4
    assert pinned_row(None, 7, 10) == 7
    assert pinned_row(None, None, 10) == 9
    assert pinned_row(None, None, None) == -1
