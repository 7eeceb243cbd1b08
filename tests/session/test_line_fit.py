"""How much of a scrolling text's height is left empty so it shows whole lines, without Qt
(session/line_fit.py). The areas that keep it (the step bar, presenter mode's notes, the diagram's
explanation) are tested on screen in tests/ui."""

from __future__ import annotations

from inspector.session.line_fit import spare_height


def test_the_room_under_the_last_whole_line_is_left_empty():
    assert spare_height([(4.0, 20.0, 10)], 100) == 16  # lines end at 24, 44, 64, 84 (104 is cut)
    assert spare_height([(4.0, 20.0, 10)], 104) == 0  # the room ends at a line's bottom
    assert spare_height([(0.0, 16.5, 3)], 60) == int(60 - 49.5)  # three lines only: what is under them stays
    # two labels one under the other: the last line that fits, whichever run it is of
    assert spare_height([(0.0, 10.0, 2), (30.0, 12.0, 4)], 60) == 6


def test_nothing_is_left_empty_when_no_line_fits():
    assert spare_height([(10.0, 40.0, 3)], 30) == 0
    assert spare_height([], 300) == 0
