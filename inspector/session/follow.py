"""Following a recording while a proxy still writes it (Qt-free).

Theory of operation. A running proxy's recording grows a batch at a time (its writer flushes
after each). :class:`GrowingRecording` reads it with the same loader a recording file is opened
with (:class:`~.recording.RecordingLoader`), in *follow* mode: the end of the file is not taken
as the end of the recording, so a last line without its newline waits for it, and each
:meth:`GrowingRecording.poll` reads on from where the last one stopped (only the new bytes,
complete lines only) and appends their entries to the same read-only recording; its listeners
are told as when a large file loads, so every view that follows a loading recording follows
this one. The front-end looks on a timer (the window: every ``POLL_S``): it asks whether the
proxy still runs (:meth:`.watch.Watched.still_running`: its announcement still names this
recording and its process is alive), then takes one look (:meth:`GrowingRecording.follow`);
once the proxy has ended, that look reads the rest (:meth:`GrowingRecording.finish`) - the proxy
closed the file with its summary before it removed its announcement - and the recording is
complete, exactly what opening the file gives.
"""

from __future__ import annotations

import os

from .recording import Recording, RecordingLoader

__all__ = ["POLL_S", "GrowingRecording"]

#: How often a front-end looks for new lines.
POLL_S = 0.2
#: Reading per poll at most (the rest waits for the next poll).
POLL_BUDGET_S = 0.03


class GrowingRecording:
    """One recording file read as it grows (see the module docstring)."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.loader = RecordingLoader(path)
        self.recording: Recording | None = None

    @property
    def ended(self) -> bool:
        """The recording is complete (finish was called, or reading failed)."""
        return self.loader.finished

    def start(self) -> Recording:
        """Read the header and what the file holds now; the recording (read-only, ``loading``).
        Raises RecordingError when the file cannot be a recording."""
        rec = self.loader.begin()
        self.recording = rec
        self.poll(None)
        return rec

    def poll(self, seconds: float | None = POLL_BUDGET_S) -> int:
        """Read the complete lines written since the last poll (at most ``seconds`` of reading);
        how many entries were added. Raises RecordingError when reading fails (the recording
        keeps what was read and is complete then)."""
        rec = self.recording
        if rec is None or self.loader.finished:
            return 0
        before = len(rec)
        self.loader.step(seconds, follow=True)
        return len(rec) - before

    def finish(self) -> Recording:
        """The writer has ended: read the rest (a last line without its newline is taken as it
        is, as when a file is opened); the recording is complete."""
        rec = self.recording
        assert rec is not None, "start() first"
        if not self.loader.finished:
            self.loader.step(None)
        return rec

    def follow(self, writing: bool) -> bool:
        """One look at the file: the new complete lines while its writer is ``writing``, else the
        rest (:meth:`finish`); whether there is anything new to show. Raises RecordingError as
        :meth:`poll` does."""
        if writing:
            return self.poll() > 0
        self.finish()
        return True

    def close(self) -> None:
        """Stop following (the window shows something else): the recording keeps what was read."""
        self.loader.stop(None)
