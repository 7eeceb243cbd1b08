"""Playback of a recording: which entry is due when, at a speed, sans-IO.

A front-end plays a recording by calling :meth:`Playback.tick` every :attr:`Playback.interval`
seconds while it plays: the playback keeps the clock (a wall clock given to it, ``time.monotonic``
unless a test gives its own; Play and every seek start it again) and says which entry is due now
(:meth:`Playback.due`): the last entry recorded no later than the playback's start position plus
the wall time since Play, times the speed. "Next message" speed moves one message (a line either
way, not an event or stderr) per tick instead (:meth:`Playback.step`), a tick a second.
Violations are marks on the way, and :meth:`Playback.next_violation` jumps to the next one;
:meth:`Playback.density` counts the messages per run of entries, for drawing them along the way.
Nothing here touches the recording.
"""

from __future__ import annotations

import bisect
import time
from collections.abc import Callable
from itertools import chain

from .recording import Direction, Recording
from .views import flagged_rows, message_histogram

SPEEDS = (0.25, 0.5, 1.0, 2.0, 5.0, 10.0)
NEXT_MESSAGE = 0.0  # the speed that means "one message per step"
TICK_S = 0.03  # how often a running playback looks for the entry due
MESSAGE_S = 1.0  # "next message": one message a second


class _Times:
    """The recording's entry times as a sequence bisect can search (no copy)."""

    def __init__(self, rec: Recording) -> None:
        self._t_at = rec.t_at
        self._n = len(rec)

    def __len__(self) -> int:
        return self._n

    def __getitem__(self, i: int) -> float:
        return self._t_at(i)


class Playback:
    """A recording played on ``clock`` (wall seconds): :meth:`tick`, every :attr:`interval`
    while playing, moves it to the entry due; Play and every seek start the clock again."""

    def __init__(self, recording: Recording, clock: Callable[[], float] = time.monotonic) -> None:
        self.rec = recording
        self.position = 0  # the entry shown
        self.speed = 1.0
        self.playing = False
        self._from = 0  # where the current run of Play started
        self._times = _Times(recording)
        self._clock = clock
        self._started = clock()  # when the current run of Play started (or the last seek)

    def __len__(self) -> int:
        return len(self.rec)

    def seek(self, row: int) -> int:
        """Show entry ``row`` (clamped); a running Play continues from there."""
        self.position = max(0, min(int(row), len(self.rec) - 1)) if len(self.rec) else 0
        self._from = self.position
        self._started = self._clock()
        return self.position

    def play(self) -> None:
        """Start (or restart) from the entry shown; from the end, start over."""
        if self.position >= len(self.rec) - 1:
            self.seek(0)
        self._from = self.position
        self._started = self._clock()
        self.playing = True

    def pause(self) -> None:
        self.playing = False

    def due(self, elapsed: float) -> int:
        """The entry due ``elapsed`` wall seconds after Play (at the current speed); it becomes
        the position. At the last entry the playback stops."""
        n = len(self.rec)
        if not self.playing or n == 0:
            return self.position
        if self.speed == NEXT_MESSAGE:
            return self.position
        target = self.rec.t_at(self._from) + elapsed * self.speed
        row = max(self._from, bisect.bisect_right(self._times, target, lo=self._from) - 1)
        self.position = min(row, n - 1)
        if self.position >= n - 1:
            self.playing = False
        return self.position

    @property
    def interval(self) -> float:
        """Seconds between two :meth:`tick` calls while playing: a message a second, or often."""
        return MESSAGE_S if self.speed == NEXT_MESSAGE else TICK_S

    def tick(self) -> int:
        """The entry due now: one message further at "next message" speed (:meth:`step`), else
        the one recorded by the time played since Play or the last seek (:meth:`due`)."""
        return self.step() if self.speed == NEXT_MESSAGE else self.due(self._clock() - self._started)

    def step(self) -> int:
        """One message further (a line either way), for "next message" playback."""
        rec = self.rec
        for i in range(self.position + 1, len(rec)):
            if rec.direction_at(i) in (Direction.C2S, Direction.S2C):
                return self.seek(i)
        self.playing = False
        return self.seek(len(rec) - 1)

    def marks(self) -> list[int]:
        """The entries that broke a rule or the schema, in order."""
        return flagged_rows(self.rec)

    def density(self, buckets: int) -> list[int]:
        """How many messages fall in each of ``buckets`` equal runs of entries (the slider's
        light ticks; cheap for any size of recording)."""
        return message_histogram(self.rec, buckets)

    def next_violation(self) -> int | None:
        """The next entry after the one shown that broke something, going round to the start
        after the last (as a search does); it becomes the position. None: nothing broke."""
        rec = self.rec
        for i in chain(range(self.position + 1, len(rec)), range(0, min(self.position + 1, len(rec)))):
            if rec.violations_at(i) or rec.schema_at(i) is False:
                return self.seek(i)
        return None

    def wait_until_next(self) -> float | None:
        """Recorded seconds from the entry shown to the next one (None at the end)."""
        n = len(self.rec)
        if self.position >= n - 1:
            return None
        return self.rec.t_at(self.position + 1) - self.rec.t_at(self.position)
