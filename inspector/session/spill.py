"""A first-in, first-out overflow on disk, for a queue that must stay small without dropping anything.

Theory of operation. The proxy's recorder thread takes what the forwarding hands it from an
unbounded in-memory queue; the forwarding never waits for it. In a long flood the recorder gives
way and falls behind, and the queue would grow with the flood. So when the queue holds more than
its bound, the recorder moves everything queued into a :class:`Spill` (a few pickles and one
write, far cheaper than judging) and takes items back from it, oldest first, before it looks at
the queue again: the order is kept (all that is in the spill was queued before anything still in
the queue), nothing is dropped, and what is held in memory is the queue's bound.

The spill is an anonymous temporary file (``O_TMPFILE`` where the system has it: it never has a
name, nothing is left behind when the proxy is killed) in the folder of the recording, never in
``/tmp``, which may be memory. Items are written as length-prefixed pickles, all of one move in
one ``os.pwrite`` (when the disk is full none of them is in the file: the caller keeps them), and
read back with ``os.pread`` from the reading offset; once everything written has been read the
file is emptied, so a spill that keeps up takes no disk either. Only this process writes and
reads the file, so the pickles are its own. The file is the user's alone (0600).
"""

from __future__ import annotations

import contextlib
import os
import pickle
import struct
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import IO

__all__ = ["Spill"]

_LENGTH = struct.Struct("<Q")


class Spill:
    """Items written to disk and read back in the order they were written."""

    def __init__(self, folder: Path) -> None:
        self._file: IO[bytes] = tempfile.TemporaryFile(buffering=0, prefix=".spill-", dir=folder)
        self._read_at = 0  # the offset of the next item to read
        self._end = 0  # the offset after the last item written
        self.waiting = 0  # items written and not read yet
        self.total = 0  # items ever written
        self.most_bytes = 0  # the largest the file grew

    def put_all(self, items: Iterable[object]) -> None:
        """Write items after those already waiting (then they can be read back). All or none:
        when a write fails (OSError: the disk is full) none of them was put in the spill."""
        parts: list[bytes] = []
        n = 0
        for item in items:
            blob = pickle.dumps(item, protocol=pickle.HIGHEST_PROTOCOL)
            parts += (_LENGTH.pack(len(blob)), blob)
            n += 1
        data = memoryview(b"".join(parts))
        fd = self._file.fileno()
        at = self._end
        try:
            while data:
                done = os.pwrite(fd, data, at)
                data, at = data[done:], at + done
        except BaseException:
            # a full disk, a file size limit: none of these items is in the spill (what was written
            # of them is cut off again); the caller still has them all
            with contextlib.suppress(OSError):
                os.ftruncate(fd, self._end)
            raise
        self._end = at
        self.waiting += n
        self.total += n
        self.most_bytes = max(self.most_bytes, self._end)

    def take(self) -> object:
        """The oldest item waiting (there must be one). OSError: it cannot be read back (the file
        was cut short or overwritten, an I/O error); what is waiting is then lost to the caller."""
        if not self.waiting:
            raise LookupError("nothing is waiting in the spill")
        fd = self._file.fileno()
        head = os.pread(fd, _LENGTH.size, self._read_at)
        if len(head) != _LENGTH.size:
            raise OSError(f"the spill file is short: no item's length at {self._read_at}")
        (size,) = _LENGTH.unpack(head)
        if size > self._end - self._read_at - _LENGTH.size:  # a length overwritten: never read (or allocated)
            raise OSError(f"the spill file is damaged: an item of {size:,} bytes at {self._read_at}")
        blob = os.pread(fd, size, self._read_at + _LENGTH.size)
        if len(blob) != size:
            raise OSError(f"the spill file is short: {len(blob)} of {size} bytes at {self._read_at}")
        try:
            item = pickle.loads(blob)
        except Exception as exc:  # noqa: BLE001 - overwritten bytes unpickle as anything: a damaged file
            raise OSError(f"the spill file is damaged: the item at {self._read_at} cannot be read ({exc!r})") from exc
        self._read_at += _LENGTH.size + size
        self.waiting -= 1
        if not self.waiting:  # all read: start again from an empty file
            os.ftruncate(fd, 0)
            self._read_at = self._end = 0
        return item

    @property
    def size(self) -> int:
        """The file's size now (0 once everything written has been read)."""
        return os.fstat(self._file.fileno()).st_size

    def close(self) -> None:
        self._file.close()
