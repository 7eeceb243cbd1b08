"""A recording file read a slice per turn of an event loop, the turns alternating (Qt-free).

A front-end that shows a large recording while it loads (the window's
:class:`~inspector.ui.opening.RecordingOpener`) calls :meth:`SlicedLoad.start` once, which reads
the header and a first slice, then :meth:`SlicedLoad.turn` once per turn of its event loop:
one turn reads a slice of at most the seconds given (``READ``), the next says so (``TOLD``: the
views take the new entries then), so no turn both reads and repaints; ``FINISHED`` when the file
is read (its last slice is told at once), ``FAILED`` when reading broke off midway (the recording
keeps what was read, :attr:`SlicedLoad.failure` says why). What survives a slice is moved out of
the cyclic collector's reach (``gc.freeze``, as a session does during a flood): a full
collection over a growing million-entry store would stall the loop by tens of ms.
"""

from __future__ import annotations

import enum
import gc
import os

from .recording import Recording, RecordingError, RecordingLoader


class Turn(enum.Enum):
    READ = "read"  # a slice was read: the next turn tells it
    TOLD = "told"  # the last slice is to be told (progress)
    FINISHED = "finished"  # the file is read; its last slice is to be told
    FAILED = "failed"  # reading broke off: ``failure`` says why


class SlicedLoad:
    """One recording file, read a slice per turn (see the module docstring)."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.loader = RecordingLoader(path)
        self.recording: Recording | None = None
        self.stopped = False  # stop() ended it before the end of the file
        self.failure = ""
        self._read_last = False  # the last turn read a slice (the next one tells it)

    @property
    def done(self) -> bool:
        return self.loader.finished

    def start(self, first: float) -> Recording:
        """Read the header and the first ``first`` seconds of the file; the recording (complete
        when ``done``). Raises RecordingError when the file cannot be a recording."""
        rec = self.loader.begin()
        self.recording = rec
        try:
            self.loader.step(first)
        except RecordingError:
            self.loader.close()
            raise
        if not self.done:
            gc.freeze()
        return rec

    def fraction(self) -> float:
        size = self.loader.size
        return 1.0 if self.done or size <= 0 else min(1.0, self.loader.done_bytes / size)

    def stop(self) -> bool:
        """End the loading now (the recording keeps the entries read so far); False when there
        was nothing to stop."""
        if self.done or self.recording is None:
            return False
        self.stopped = True
        self.loader.stop(None)
        return True

    def turn(self, seconds: float) -> Turn:
        """One turn: read a slice of at most ``seconds``, or tell the one read last."""
        if self._read_last:
            self._read_last = False
            return Turn.TOLD
        try:
            done = self.loader.step(seconds)
        except RecordingError as exc:
            self.loader.stop(None)
            self.failure = str(exc)
            return Turn.FAILED
        gc.freeze()  # what this slice made stays: keep the collector's full passes short
        if done:
            return Turn.FINISHED
        self._read_last = True
        return Turn.READ
