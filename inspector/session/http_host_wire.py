"""The HTTP proxy's side toward the host: its requests read and its answers framed, h11 where needed.

Theory of operation. The reverse proxy (:mod:`.http_proxy`) serves each host connection one
exchange at a time through one :class:`HostWire`. A host's request is what a host almost always
sends: HTTP/1.1, a method other than HEAD or CONNECT, one ``Host``, header lines a token, a colon
and a value of visible characters, the body (if any) framed by one ``Content-Length``, no
``Expect``, ``Transfer-Encoding`` or ``Upgrade``, a ``Connection`` header at most saying
``keep-alive``. Such a request is read here with a few regular expressions, and its answer framed
here too: the head as given (status line, headers in their own case), the body as it comes when
the answer has a ``Content-Length`` (or none: 204, 304), else chunked, each read one chunk and the
end ``0`` - what h11 writes for such an answer, byte for byte. h11's state machine and checks cost
more than a tenth of a millisecond an exchange, a third of what the proxy may add to a round trip.
Every header line is checked by one regular expression and read by another (not one a line), and
a head read is kept by its bytes (up to 64, 4 KiB each: a host's requests repeat), as is an answer
head framed here: the same bytes are not read or framed again.

Anything else - another version, ``Expect: 100-continue``, a chunked request body, HEAD, a header
line h11 would refuse or that this reading does not know, a head longer than h11 takes, a
connection that ends mid-request - goes to h11 from that request on: the wire hands h11 what it
holds (a request's start is where an h11 cycle starts) and speaks through it for the rest of the
connection, so every rule h11 keeps (a 400 for what is not HTTP/1.1, the 100 before the body, a
close after ``Connection: close``, HTTP/1.0's framing) is kept as before.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import anyio
import anyio.abc
import h11

__all__ = ["HostRequest", "HostWire"]

#: the longest head read here (h11's default limit: past it, h11 says so to the host)
_MAX_HEAD = 16 * 1024
_TOKEN = rb"[-!#$%&'*+.^_`|~0-9A-Za-z]+"
_REQUEST_LINE = re.compile(rb"(" + _TOKEN + rb") ([\x21-\x7e]+) HTTP/1\.1")
_FIELD_TEXT = (
    rb"(" + _TOKEN + rb"):[ \t]*((?:[\x21-\x7e\x80-\xff](?:[ \t\x21-\x7e\x80-\xff]*[\x21-\x7e\x80-\xff])?)?)[ \t]*"
)
#: every header line of a head (each ending in CR LF; no pattern here takes a CR or LF, so each
#: repetition is one line): checked at once, then read at once (one regular expression each, not
#: one a line)
_FIELDS = re.compile(rb"(?:" + _FIELD_TEXT + rb"\r\n)*")
_FIELD_LINES = re.compile(_FIELD_TEXT + rb"\r\n")
#: request headers that take a request off the plain path (h11 reads it)
_NOT_PLAIN = frozenset({b"transfer-encoding", b"expect", b"upgrade", b"te", b"trailer"})
#: where a head ends as h11 finds it (a bare LF ends a line too); only CR LF CR LF is plain
_BLANK_LINE = re.compile(rb"\n\r?\n")
#: an answer's header value h11 sends (no NUL, CR, LF or other white space but inner spaces and tabs):
#: another (a bare CR the upstream wrote) would split the host's reading of the head
_VALUE_TEXT = rb"(?:[^\x00\s](?:[ \t]*[^\x00\s])*)?"
#: the values of an answer's headers joined by LF (which no value takes): all checked at once
_VALUES = re.compile(_VALUE_TEXT + rb"(?:\n" + _VALUE_TEXT + rb")*")


@dataclass(slots=True)  # (not frozen: made each exchange, and a frozen one costs four times as much to make)
class HostRequest:
    method: bytes
    target: bytes  # as the host wrote it
    headers: list[tuple[bytes, bytes]]  # as the host wrote them: names in their own case
    body: bytes
    #: the header names in lower case, as ``headers`` (None: not read here; h11 read the request)
    names: list[bytes] | None = None


def _plain(buf: bytearray) -> tuple[bytes, bytes, list[tuple[bytes, bytes]], list[bytes], int, int] | bool:
    """A plain request's head at the start of ``buf``: (method, target, headers, their names in
    lower case, body length, where the body starts); True: its head has not all come yet; False:
    not plain (h11 reads it)."""
    blank = _BLANK_LINE.search(buf)
    if blank is None:
        return len(buf) <= _MAX_HEAD
    end = blank.start() - 1
    if end < 0 or end > _MAX_HEAD or blank.end() - end != 4 or buf[end] != 0x0D:  # a bare LF ends it: h11 reads it
        return False
    head = bytes(buf[: end + 2])
    try:  # (not ``in`` then ``[]``: another thread's proxy may empty it between the two)
        known = _HEADS[head]
    except KeyError:
        known = _read_head(head)
        if len(head) <= _HEAD_KEPT_SIZE:
            if len(_HEADS) >= _HEADS_KEPT:
                _HEADS.clear()
            _HEADS[head] = known
    if known is None:
        return False
    method, target, headers, names, length = known
    # (copies: what the proxy gets is its own)
    return method, target, list(headers), list(names), length, end + 4


#: request heads read (their bytes, each header line with its CR LF: what _read_head made of
#: them): a host's requests repeat (the same headers; the length alike or not), and reading a
#: head is a good part of what an exchange costs the forwarding. Bounded: emptied when full.
_HEADS: dict[bytes, tuple[bytes, bytes, list[tuple[bytes, bytes]], list[bytes], int] | None] = {}
_HEADS_KEPT = 64
#: answer heads as framed here (status, reason, headers: the head, whether its body goes chunked),
#: bounded as _HEADS
_ANSWER_HEADS: dict[tuple[int, bytes, tuple[tuple[bytes, bytes], ...]], tuple[bytes, bool]] = {}
#: the longest head kept there
_HEAD_KEPT_SIZE = 4096


def _read_head(head: bytes) -> tuple[bytes, bytes, list[tuple[bytes, bytes]], list[bytes], int] | None:
    """A head (the request line, each header line with its CR LF) read: (method, target, headers,
    their names in lower case, body length), or None: not plain."""
    # the request line, then every header line with its CR LF (the head's last one's is the blank line's)
    line, _, fields = head.partition(b"\r\n")
    first = _REQUEST_LINE.fullmatch(line)
    if first is None or first.group(1) in (b"HEAD", b"CONNECT") or _FIELDS.fullmatch(fields) is None:
        return None
    headers: list[tuple[bytes, bytes]] = _FIELD_LINES.findall(fields)
    names = [name.lower() for name, _ in headers]
    if not _NOT_PLAIN.isdisjoint(names) or names.count(b"host") != 1:
        return None
    length = 0
    lengths = names.count(b"content-length")
    if lengths:
        value = headers[names.index(b"content-length")][1]
        if lengths > 1 or not value.isdigit():
            return None
        length = int(value)
    if b"connection" in names:
        for name, (_, value) in zip(names, headers, strict=True):
            if name == b"connection" and any(t.strip().lower() != b"keep-alive" for t in value.split(b",")):
                return None
    return first.group(1), first.group(2), headers, names, length


class HostWire:
    """One host connection's HTTP/1.1: requests read, answers framed (see the module's docstring)."""

    def __init__(self) -> None:
        self.h11: h11.Connection | None = None  # once a request was not plain: h11 speaks from then on
        self._buf = bytearray()  # what the host sent and is not read yet
        self._eof = False  # the host closed its side
        self._chunked = False  # the answer being sent is framed chunked

    async def request(self, stream: anyio.abc.ByteStream) -> HostRequest | None:
        """The host's next request, its body whole; None when the host closed the connection (or
        sent what ends it). h11.RemoteProtocolError: not HTTP/1.1 (see :meth:`refuse`)."""
        if self.h11 is None:
            buf = self._buf
            while True:
                head = _plain(buf)
                if head is True:
                    if self._eof:
                        if not buf:
                            return None
                        break  # it ended mid-request: h11 says so
                    await self._receive(stream)
                    continue
                if head is False:
                    break
                assert not isinstance(head, bool)
                method, target, headers, names, length, start = head
                while len(buf) < start + length and not self._eof:
                    await self._receive(stream)
                if len(buf) < start + length:
                    break
                body = bytes(buf[start : start + length])
                del buf[: start + length]
                return HostRequest(method, target, headers, body, names)
            self.h11 = h11.Connection(h11.SERVER)
            self.h11.receive_data(bytes(buf))
            if self._eof:
                self.h11.receive_data(b"")
            buf.clear()
        return await self._h11_request(self.h11, stream)

    async def _h11_request(self, conn: h11.Connection, stream: anyio.abc.ByteStream) -> HostRequest | None:
        ev = await _next_event(conn, stream)
        if not isinstance(ev, h11.Request):
            return None
        if conn.they_are_waiting_for_100_continue:  # Expect: 100-continue: the body is read whole here
            await stream.send(conn.send(h11.InformationalResponse(status_code=100, headers=[])) or b"")
        body = bytearray()
        while True:
            part = await _next_event(conn, stream)
            if isinstance(part, h11.Data):
                body += part.data
            elif isinstance(part, h11.EndOfMessage):
                break
            else:
                return None
        return HostRequest(ev.method, ev.target, list(ev.headers.raw_items()), bytes(body))

    async def _receive(self, stream: anyio.abc.ByteStream) -> None:
        try:
            data = await stream.receive()
        except (anyio.EndOfStream, anyio.BrokenResourceError):
            data = b""
        self.feed(data)

    def feed(self, data: bytes) -> None:
        """What the host sent while an answer went to it (a pipelined request: read once the answer is done)."""
        if self.h11 is not None:
            if data:
                self.h11.receive_data(data)
        elif data:
            self._buf += data
        else:
            self._eof = True

    @property
    def held(self) -> int:
        """How many bytes the host sent that no request took yet (what :meth:`feed` got, too)."""
        return len(self._buf) if self.h11 is None else len(self.h11.trailing_data[0])

    def head(self, status: int, headers: list[tuple[bytes, bytes]], reason: bytes) -> bytes:
        """An answer's head as the host gets it (h11.LocalProtocolError: h11 cannot send it)."""
        if self.h11 is not None:
            return self.h11.send(h11.Response(status_code=status, headers=headers, reason=reason)) or b""
        key = (status, reason, tuple(headers))
        known = _ANSWER_HEADS.get(key)
        if known is not None:
            head, self._chunked = known
            return head
        head = self._head(status, headers, reason)
        if len(head) <= _HEAD_KEPT_SIZE:
            if len(_ANSWER_HEADS) >= _HEADS_KEPT:
                _ANSWER_HEADS.clear()
            _ANSWER_HEADS[key] = head, self._chunked
        return head

    def _head(self, status: int, headers: list[tuple[bytes, bytes]], reason: bytes) -> bytes:
        # (its reason has no CR or LF: http_upstream)
        if _VALUES.fullmatch(b"\n".join([v for _, v in headers])) is None:
            raise h11.LocalProtocolError("an answer's header value that h11 would not send")
        parts = [b"HTTP/1.1 %d %s\r\n" % (status, reason)]
        lengths = [k.lower() for k, _ in headers].count(b"content-length")
        if lengths > 1:  # a second, equal one (http_upstream refuses unequal ones): h11 sends the first only
            first = True
            for k, v in headers:
                if k.lower() == b"content-length":
                    if not first:
                        continue
                    first = False
                parts += (k, b": ", v, b"\r\n")
        else:
            for k, v in headers:
                parts += (k, b": ", v, b"\r\n")
        self._chunked = status not in (204, 304) and not lengths
        parts.append(b"Transfer-Encoding: chunked\r\n\r\n" if self._chunked else b"\r\n")
        return b"".join(parts)

    def data(self, data: bytes) -> bytes:
        """A part of the answer's body as the host gets it."""
        if self.h11 is not None:
            return self.h11.send(h11.Data(data=data)) or b""
        if not self._chunked:
            return data
        return b"%x\r\n%s\r\n" % (len(data), data) if data else b""

    def end(self) -> bytes:
        """The answer's end as the host gets it."""
        if self.h11 is not None:
            return self.h11.send(h11.EndOfMessage()) or b""
        return b"0\r\n\r\n" if self._chunked else b""

    def next_cycle(self) -> bool:
        """The exchange is over: whether the connection serves another (h11 may say it must close)."""
        conn = self.h11
        if conn is None:
            return True
        if conn.our_state is not h11.DONE or conn.their_state is not h11.DONE:
            return False
        conn.start_next_cycle()
        return True

    def refuse(self) -> list[bytes]:
        """The 400 for what is not an HTTP/1.1 request (h11 read it, and said so), as the writes to send."""
        conn = self.h11
        assert conn is not None  # (only h11 says a request is not HTTP/1.1)
        return [
            conn.send(h11.Response(status_code=400, headers=[("Content-Length", "0")])) or b"",
            conn.send(h11.EndOfMessage()) or b"",
        ]


async def _next_event(conn: h11.Connection, stream: anyio.abc.ByteStream) -> object:
    while True:
        ev = conn.next_event()
        if ev is not h11.NEED_DATA:
            return ev
        try:
            data = await stream.receive()
        except (anyio.EndOfStream, anyio.BrokenResourceError):
            data = b""
        conn.receive_data(data)
