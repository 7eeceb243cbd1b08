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


class LineSplitter:
    """Split a byte stream into lines of any length.

    ``feed`` returns the complete lines of the data seen so far as a list of bytes. Long lines
    are collected as a list of pieces and joined once, so a 64 MiB line costs one copy.
    """

    __slots__ = ("_pieces", "_pending")

    def __init__(self) -> None:
        self._pieces: list[bytes] = []
        self._pending = 0

    @property
    def buffered(self) -> int:
        """Bytes of the line that has not ended yet."""
        return self._pending

    def feed(self, data: bytes) -> list[bytes]:
        if not data:
            return []
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

    def flush(self) -> bytes | None:
        """End of stream: the partial last line, if any."""
        if not self._pieces:
            return None
        line = b"".join(self._pieces)
        self._pieces = []
        self._pending = 0
        return line
