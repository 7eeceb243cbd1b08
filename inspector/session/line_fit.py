"""How much of a scrolling text's height to leave empty so that it shows whole lines, without Qt.

Theory of operation. A scroll area whose height the layout chose would cut its last visible line
in half at the frame's edge. The window's :class:`~inspector.ui.whole_lines.WholeLines` measures
where the lines are (runs of lines: the first one's top, the spacing, how many) and the room the
area has; :func:`spare_height` says how much of that room to leave empty under the viewport so
that it ends at a line's bottom.
"""

from __future__ import annotations

from collections.abc import Iterable

#: (top of the first line, line spacing, number of lines), in the viewport's coordinates at its top
Runs = Iterable[tuple[float, float, int]]


def spare_height(runs: Runs, room: float) -> int:
    """The height (whole pixels) under the last line that ends within ``room``; 0 when no line does."""
    ends = [top + k * step for top, step, count in runs for k in range(1, count + 1) if top + k * step <= room]
    return int(room - max(ends)) if ends else 0


__all__ = ["Runs", "spare_height"]
