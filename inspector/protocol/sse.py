"""Server-Sent Events framing, sans-IO: bytes in, events out.

The HTTP transports receive JSON-RPC messages as SSE events (a POST's ``text/event-stream``
response, the GET stream, the legacy HTTP+SSE stream). :class:`SseDecoder` follows the WHATWG
event-stream rules: lines end with CRLF, LF or CR; a line starting with ``:`` is a comment;
``field: value`` (one optional space after the colon) sets ``data`` (joined with LF when
repeated), ``event``, ``id`` (ignored when it contains NUL; it becomes ``last_id`` when the
event ends) or ``retry`` (digits only); an empty line ends the event and dispatches it when it
has data. A UTF-8 BOM at the very start is dropped. Nothing is decoded as text: ``data`` stays
bytes, so a message is kept byte-exact and invalid UTF-8 is the engine's to flag. A line longer
than ``max_line`` keeps its first bytes and counts the rest, and so does an event whose data
lines together pass ``max_line``, so a peer that never ends a line, or an event, cannot grow
memory without bound: an event is at most ``max_line`` bytes of data plus one line being read.
What a stream that stops in the middle of an event had sent of it is there to record
(:meth:`SseDecoder.partial`).
"""

from __future__ import annotations

from dataclasses import dataclass

from .framing import DEFAULT_MAX_LINE


@dataclass(frozen=True, slots=True)
class SseEvent:
    data: bytes  # the data lines joined with LF (no trailing LF)
    event: str = "message"  # the event type ("message" when the stream named none)
    id: str | None = None  # the last event id as of this event (None: never set)
    retry: int | None = None  # a reconnection time the stream set with this event, in ms
    dropped: int = 0  # bytes cut from over-long lines of this event


class SseDecoder:
    """``feed(bytes) -> [SseEvent]``; ``last_id`` and ``retry`` follow the stream."""

    __slots__ = (
        "max_line",
        "_buf",
        "_first",
        "_more",
        "_lines",
        "_size",
        "_event",
        "_retry",
        "_dropped",
        "_started",
        "_skip_lf",
        "_id",
        "last_id",
        "retry",
        "comments",
    )

    def __init__(self, max_line: int = DEFAULT_MAX_LINE) -> None:
        self.max_line = max_line
        self._buf = bytearray()
        # The data of the event being read: its first line as it came, and the lines after it
        # joined in one buffer (an event of a million short lines costs no million objects).
        self._first = b""
        self._more: bytearray | None = None  # LF + each later line, once there is one
        self._lines = 0  # data lines so far
        self._size = 0  # bytes of data kept for the event being read (LFs between lines included)
        self._event = ""
        self._retry: int | None = None
        self._dropped = 0
        self._started = False
        self._skip_lf = False  # the last chunk ended with CR: a LF first in the next one belongs to it
        self._id: str | None = None  # the id field seen so far; it becomes last_id when an event ends
        self.last_id: str | None = None  # the stream's last event id, as of the last complete event
        self.retry: int | None = None  # reconnection time in ms, once the stream has set one
        self.comments = 0

    def feed(self, chunk: bytes) -> list[SseEvent]:
        out: list[SseEvent] = []
        buf = self._buf
        i = 0
        n = len(chunk)
        if self._skip_lf and n and chunk[0] == 0x0A:
            i = 1
        self._skip_lf = False
        while i < n:
            cr = chunk.find(b"\r", i)
            lf = chunk.find(b"\n", i)
            if cr < 0 and lf < 0:
                self._append(chunk[i:])
                break
            end = lf if cr < 0 else cr if lf < 0 else min(cr, lf)
            self._append(chunk[i:end])
            line = bytes(buf)
            buf.clear()
            self._line(line, out)
            if chunk[end] == 0x0D:
                if end + 1 < n:
                    i = end + 2 if chunk[end + 1] == 0x0A else end + 1
                else:
                    self._skip_lf = True
                    i = end + 1
            else:
                i = end + 1
        return out

    def _append(self, part: bytes) -> None:
        room = self.max_line - len(self._buf)
        if len(part) > room:
            self._dropped += len(part) - max(room, 0)
            part = part[: max(room, 0)]
        self._buf += part

    def _line(self, line: bytes, out: list[SseEvent]) -> None:
        if not self._started:
            self._started = True
            if line.startswith(b"\xef\xbb\xbf"):
                line = line[3:]
        if not line:
            self.last_id = self._id  # set at each event's end, whether or not it carried data
            if self._lines:
                data = self._first if self._more is None else self._first + self._more
                out.append(SseEvent(data, self._event or "message", self.last_id, self._retry, self._dropped))
            self._clear_data()
            self._event = ""
            self._retry = None
            self._dropped = 0
            return
        if line[:1] == b":":
            self.comments += 1
            return
        name, sep, value = line.partition(b":")
        if sep and value[:1] == b" ":
            value = value[1:]
        if name == b"data":
            join = 1 if self._lines else 0  # the LF that joins it to the line before
            room = self.max_line - self._size - join
            if len(value) > room:  # the event's data passes the limit: keep its first bytes, count the rest
                if room <= 0:
                    self._dropped += len(value) + join
                    return
                self._dropped += len(value) - room
                value = value[:room]
            self._size += len(value) + join
            if not self._lines:
                self._first = value
            elif self._more is None:
                self._more = bytearray(b"\n")
                self._more += value
            else:
                self._more += b"\n"
                self._more += value
            self._lines += 1
        elif name == b"event":
            self._event = value.decode("utf-8", "replace")
        elif name == b"id":
            if b"\0" not in value:
                self._id = value.decode("utf-8", "replace")
        elif name == b"retry":
            if value.isdigit():
                self.retry = self._retry = int(value)
        # any other field is ignored, as the standard says

    def reconnected(self) -> None:
        """A new connection of the same stream: what the dropped one left half-read is gone;
        ``last_id`` and ``retry`` carry over (they are what the reconnection uses)."""
        self._buf.clear()
        self._clear_data()
        self._event = ""
        self._retry = None
        self._dropped = 0
        self._started = False
        self._skip_lf = False
        self._id = self.last_id

    def pending(self) -> bool:
        """Whether an event was started but not dispatched (the stream ended mid-event)."""
        return bool(self._lines) or bool(self._buf)

    @property
    def dropping(self) -> int:
        """Bytes dropped so far from the event being read (0: it is within the limit)."""
        return self._dropped

    def _clear_data(self) -> None:
        self._first = b""
        self._more = None
        self._lines = 0
        self._size = 0

    def partial(self, prefix: bytes = b"") -> tuple[bytes, int]:
        """What the stream sent of the event it stopped in, after ``prefix``: its data lines so
        far (joined with LF) and the line being read, as they came; and how many bytes of it
        were dropped. The event is forgotten (one copy of it is made, not several)."""
        parts: list[bytes | bytearray] = [prefix, self._first]
        if self._more is not None:
            parts.append(self._more)
        if self._buf:
            parts += [b"\n" if self._lines else b"", self._buf]
        data = b"".join(parts)
        dropped = self._dropped
        self._buf.clear()
        self._clear_data()
        self._dropped = 0
        return data, dropped
