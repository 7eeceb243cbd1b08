"""Newline-delimited framing that keeps every byte.

A frame is one line exactly as it arrived, terminator included. Joining the ``raw`` of every
frame a splitter produced gives back the input stream byte for byte. A line that has not
ended yet stays buffered; ``flush()`` at end of stream turns it into a partial frame.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Frame:
    raw: bytes  # exact bytes, terminator included (b"\n" or b"\r\n"; none on a partial frame)
    t: float  # time of the chunk that completed the frame (the caller's clock)

    @property
    def partial(self) -> bool:
        return not self.raw.endswith(b"\n")

    @property
    def body(self) -> bytes:
        """The line without its terminator."""
        return frame_body(self.raw)


def frame_body(raw: bytes) -> bytes:
    if raw.endswith(b"\r\n"):
        return raw[:-2]
    if raw.endswith(b"\n"):
        return raw[:-1]
    return raw


def display_text(raw: bytes) -> str:
    """Text for people: invalid UTF-8 becomes U+FFFD; the bytes themselves are kept elsewhere."""
    return frame_body(raw).decode("utf-8", "replace")


#: The longest line kept whole (terminator included); past it a line is cut (see LineSplitter).
DEFAULT_MAX_LINE = 64 * 1024 * 1024
#: The smallest limit a profile or the command line may set (smaller would cut ordinary messages).
MIN_MAX_LINE = 1024


class LineSplitter:
    """Split a byte stream into lines, bounded in memory.

    ``feed`` returns the complete lines of the data seen so far as a list of bytes. Long lines
    are collected as a list of pieces and joined once, so a 64 MiB line costs one copy.

    A line longer than ``max_line`` bytes (terminator included) keeps its first ``max_line``
    bytes; the rest, up to and including the next newline, is counted and dropped, so a peer
    that never writes a newline cannot grow memory past ``max_line``. After each ``feed`` or
    ``flush``, ``truncated`` lists ``(index in the returned list, bytes dropped)`` for the
    lines that were cut (empty, and cheap to test, in the normal case).
    """

    __slots__ = ("_pieces", "_pending", "_dropping", "max_line", "truncated")

    def __init__(self, max_line: int = DEFAULT_MAX_LINE) -> None:
        if max_line < 1:
            raise ValueError("max_line must be positive")
        self.max_line = max_line
        self._pieces: list[bytes] = []
        self._pending = 0
        self._dropping = -1  # bytes dropped of the current line; -1 while it is within the limit
        self.truncated: list[tuple[int, int]] = []

    @property
    def buffered(self) -> int:
        """Bytes of the line that has not ended yet."""
        return self._pending

    def feed(self, data: bytes) -> list[bytes]:
        if self.truncated:
            self.truncated = []
        if not data:
            return []
        if self._dropping >= 0 or self._pending + len(data) > self.max_line:
            return self._feed_bounded(data)
        nl = data.find(b"\n")
        if nl < 0:
            self._pieces.append(data)
            self._pending += len(data)
            return []
        if self._pieces:
            self._pieces.append(data[: nl + 1])
            first = b"".join(self._pieces)
            self._pieces = []
            self._pending = 0
            rest = data[nl + 1 :]
        else:
            first = None
            rest = data
        if b"\r" not in rest:
            # One pass in C, each line made once with its terminator. bytes.splitlines also ends a
            # line at a bare b"\r", so only a chunk without one takes this path.
            out = rest.splitlines(True)
            tail = out.pop() if out and out[-1][-1] != 10 else b""  # 10: b"\n"
        else:
            lines = rest.split(b"\n")
            tail = lines.pop()  # b"" when data ended with a newline
            # re-attach terminators; split() dropped them
            out = [line + b"\n" for line in lines]
        if first is not None:
            out.insert(0, first)
        if tail:
            self._pieces.append(tail)
            self._pending = len(tail)
        return out

    def _feed_bounded(self, data: bytes) -> list[bytes]:
        """The slow path, taken only when a line may pass the limit in this chunk."""
        out: list[bytes] = []
        limit = self.max_line
        pos = 0
        n = len(data)
        while pos < n:
            nl = data.find(b"\n", pos)
            end = n if nl < 0 else nl + 1
            size = end - pos
            if self._dropping >= 0:
                self._dropping += size
            else:
                room = limit - self._pending
                if size <= room:
                    self._pieces.append(data[pos:end])
                    self._pending += size
                else:
                    if room > 0:
                        self._pieces.append(data[pos : pos + room])
                        self._pending += room
                    self._dropping = size - room
            if nl >= 0:
                out.append(self._take(len(out)))
            pos = end
        return out

    def _take(self, index: int) -> bytes:
        line = b"".join(self._pieces)
        self._pieces = []
        self._pending = 0
        if self._dropping >= 0:
            self.truncated.append((index, self._dropping))
            self._dropping = -1
        return line

    def flush(self) -> bytes | None:
        """End of stream: the partial last line, if any (``truncated`` says if it was cut)."""
        self.truncated = []
        if not self._pieces and self._dropping < 0:
            return None
        return self._take(0)
