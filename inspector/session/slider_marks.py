"""Where the replay bar's slider draws its marks, as arithmetic on pixels (Qt-free).

Theory of operation. The replay bar (``inspector.ui.replay``) measures its slider's groove (its
left edge and width in pixels) and its range of entries; where an entry sits on the groove, which
entry a pointer is over, and the ticks it draws (a light one per pixel that holds messages, its
height by how many, from ``Playback.density``; a red one per pixel that holds an entry that
broke a rule) come from here, so they are tested without a display.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

#: The tallest message tick (the pixel with the most messages), in pixels.
MESSAGE_TICK_PX = 4


def x_of(row: int, low: int, high: int, left: int, width: int) -> int:
    """The horizontal position of entry ``row`` on a groove ``width`` pixels wide from ``left``,
    for a slider over entries ``low`` .. ``high`` (:func:`row_at`'s inverse)."""
    span = max(1, high - low)
    return left + round((row - low) * (width - 1) / span)


def row_at(x: int, low: int, high: int, left: int, width: int) -> int:
    """The entry under the horizontal position ``x`` (the ends of the groove beyond it)."""
    k = (x - left) / max(1, width - 1)
    return low + round(max(0.0, min(1.0, k)) * (high - low))


def message_ticks(counts: Sequence[int], left: int, width: int) -> list[tuple[int, int]]:
    """The light ticks for a histogram of messages (``counts``, buckets across the groove):
    ``(x, height)`` for each bucket that holds any, 1 .. MESSAGE_TICK_PX high by its share of
    the fullest."""
    if not counts:
        return []
    top = max(counts)
    step = width / len(counts)
    return [(left + int(b * step), 1 + (MESSAGE_TICK_PX - 1) * count // top) for b, count in enumerate(counts) if count]


def violation_ticks(rows: Iterable[int], low: int, high: int, left: int, width: int) -> list[int]:
    """The red ticks' positions for the entries ``rows`` (in order): one per pixel, however many
    entries share it."""
    ticks: list[int] = []
    for row in rows:
        x = x_of(row, low, high, left, width)
        if not ticks or ticks[-1] != x:
            ticks.append(x)
    return ticks


__all__ = ["MESSAGE_TICK_PX", "message_ticks", "row_at", "violation_ticks", "x_of"]
