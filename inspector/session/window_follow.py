"""Which entry the window's views show, without Qt: the newest of the recording (Follow live) or
one the user pinned, and how many entries the views have taken in.

Theory of operation. The main window (``inspector.ui.main_window``) shows a recording as of one
entry: the diagram's state, the status line, a replay's panels and negotiation. While
:attr:`Following.live`, that is the newest, and each refresh takes in what arrived since the last
(:meth:`Following.arrived`: nothing, some, or a flood, which the diagram jumps to instead of
sweeping along). Selecting an earlier row, Step back or switching Follow live off pins the views
to an entry (:meth:`Following.pins`, :meth:`Following.back_from`, :func:`pinned_row`).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Following:
    """What the views follow (see the module's docstring)."""

    live: bool = True  # Follow live: the views show the newest entry
    taken: int = -1  # how many entries the views have taken in (-1: every one again at the next refresh)

    def arrived(self, n: int, flood_rows: int) -> bool | None:
        """The recording holds ``n`` entries now: None when none arrived since the last call, else
        whether they came as a flood (``flood_rows`` or more at once, after the first call)."""
        if n == self.taken:
            return None
        flood = 0 <= self.taken and n - self.taken >= flood_rows
        self.taken = n
        return flood

    def pins(self, seq: int, n: int) -> bool:
        """Selecting entry ``seq`` of ``n`` pins the views there (Follow live goes off): an entry
        before the newest, while following."""
        return self.live and seq < n - 1

    def back_from(self, selected: int | None, n: int) -> int:
        """Step back: the entry before the one shown (the newest of ``n`` while following, else
        the ``selected`` one)."""
        current = n - 1 if selected is None or self.live else selected
        return max(0, current - 1)


def pinned_row(selected: int | None, as_of: int | None, n: int | None) -> int:
    """Follow live switched off: the entry the views stay at: the ``selected`` row, else the one
    the diagram is ``as_of``, else the newest of ``n`` (-1: no recording)."""
    if selected is not None:
        return selected
    if as_of is not None:
        return as_of
    return n - 1 if n is not None else -1
