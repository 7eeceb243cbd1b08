"""The window's proportions, as data and arithmetic: how each named layout shares out the
window's width and height, how much room the step bar takes from the diagram, and how tall the
Connection dock is beside the Features dock.

Theory of operation. The window (``inspector.ui.window_layout``) measures its parts and moves
its splitters and docks; the numbers it sets come from here, pixels in and pixels out, so they
are tested without a display. The named layouts are :data:`inspector.session.settings.LAYOUTS`;
presenter mode goes over either.
"""

from __future__ import annotations

#: Each layout's proportions of the centre: the diagram's share of its height, and the
#: timeline's share of the width it has beside the details.
LAYOUT_SHARES = {"debugging": (0.34, 0.66), "teaching": (0.47, 0.5)}
#: The side column's share of the window's width: Teaching leaves the step bar more room.
SIDE_SHARE = {"debugging": 0.35, "teaching": 0.3}
#: The side column's width (SIDE_SHARE of the window) stays within these bounds (the Features
#: dock's minimum, and what its forms need on a wide screen).
SIDE_WIDTH = (360, 470)
#: Debugging with the step bar: the most of the centre's height the top part takes for the
#: diagram (the timeline keeps the rest).
STEP_TOP_SHARE = 0.58
#: Presenter mode: how much larger its type is; the diagram's share of the height, and the
#: timeline's share of the row below it (the step bar has the rest, the details are put away).
PRESENTER_SCALE = 1.4
PRESENTER_DIAGRAM = 0.51
PRESENTER_TIMELINE = 0.55
#: The Connection dock's share of the side column while it shows the server editor (percent).
EDITOR_PERCENT = 62
#: The window's size at start, when the screen has room for it.
START_SIZE = (1600, 960)


def start_size(available: tuple[int, int] | None) -> tuple[int, int]:
    """The window's size at start: START_SIZE, or the screen's ``available`` size (width, height;
    None: no screen known) where that is smaller (a 1280×720 projector)."""
    if available is None:
        return START_SIZE
    return min(START_SIZE[0], available[0]), min(START_SIZE[1], available[1])


def split(total: int, share: float) -> list[int]:
    """``total`` pixels in two: ``share`` of them (rounded) and the rest."""
    first = round(total * share)
    return [first, total - first]


def side_width(window_width: int, layout: str) -> int:
    """The side column's width in ``layout`` for a window ``window_width`` wide."""
    low, high = SIDE_WIDTH
    return max(low, min(high, round(window_width * SIDE_SHARE[layout])))


def step_column(height: int, wanted: int) -> list[int]:
    """Teaching: the details' column ``height`` high with the step bar at its top: what the bar
    asks for (``wanted``), between three fifths and three quarters; the details keep the rest."""
    height = max(2, height)
    top = min(max(height * 3 // 5, wanted), height * 3 // 4)
    return [top, height - top]


def step_room(sizes: list[int], need: int) -> list[int] | None:
    """Debugging: the centre's split (``sizes``: the top part, then the timeline) when the
    diagram above the step bar needs ``need`` more pixels, up to STEP_TOP_SHARE of the centre;
    None when it needs nothing more or cannot grow."""
    total = sum(sizes)
    top = min(sizes[0] + need, round(total * STEP_TOP_SHARE))
    if need <= 0 or top <= sizes[0]:
        return None
    return [top, total - top]


def connection_height(column: int, compact_need: int | None, features_minimum: int) -> list[int]:
    """The Connection dock's and the Features dock's heights in a side ``column`` of that many
    pixels: what the compact form needs (``compact_need``), or EDITOR_PERCENT of it for the
    editor (None), leaving the Features dock at least its minimum."""
    wanted = compact_need if compact_need is not None else column * EDITOR_PERCENT // 100
    wanted = min(wanted, column - features_minimum)
    return [wanted, column - wanted]


__all__ = [
    "EDITOR_PERCENT",
    "LAYOUT_SHARES",
    "PRESENTER_DIAGRAM",
    "PRESENTER_SCALE",
    "PRESENTER_TIMELINE",
    "SIDE_SHARE",
    "SIDE_WIDTH",
    "STEP_TOP_SHARE",
    "connection_height",
    "side_width",
    "split",
    "step_column",
    "step_room",
]
