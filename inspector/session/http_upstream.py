"""The HTTP proxy's side toward the upstream server: one kept HTTP/1.1 connection, framed here.

Theory of operation. The reverse proxy (:mod:`.http_proxy`) serves each host connection one
exchange at a time; each host connection has one :class:`Upstream`, a connection to the upstream
server kept open between exchanges (keep-alive), opened when the first request comes and again
whenever the server closed it. A request goes out as one write: the host's method, its request
target byte for byte (no URL parsing, so nothing is normalised), the headers the proxy chose in
their own case, ``Host`` naming the upstream, and the body with its ``Content-Length``; nothing
else is added (no default headers, no cookie jar), but for what the upstream URL itself asks: its
``user:password@`` goes as ``Authorization: Basic`` when the host sent no ``Authorization`` of its
own (what httpx did with such a URL). The answer's head comes back as
:class:`UpstreamAnswer` (status, reason and the raw headers as the server wrote them; informational
answers skipped), then the body read by read through :meth:`Upstream.read` (:meth:`Upstream.buffered`:
what came already, no read of the socket; the proxy sends it with the head). The framing is taken
off here, as RFC 9112 6.3 says (no body for HEAD, 204 and 304; chunked; Content-Length; else where
the server closes), and the bytes are left as the server encoded them (a gzip body stays gzip). No
h11 on this side: its state machine and checks cost a tenth of a millisecond an exchange, a third of
what the proxy may add to a round trip; the host's requests, which the proxy forwards as it got
them, were checked by h11 on the host's side already, and an answer is checked as far as its framing
needs (a status line, header lines, chunk sizes; anything else is an :class:`UpstreamError`). A
body without a length ends where the server closes the connection; a connection reset is no such
end (the answer broke off), nor is a TLS connection closed without close_notify anything but that
end (as httpx reads them both). An answer's head may be up to ``MAX_HEAD`` long (httpx's limit too). A head
read is kept by its bytes (up to 64 of them, 4 KiB each): a server's answers repeat (the same head
but for a ``Date`` each second), and the same bytes give the same :class:`UpstreamAnswer` object,
its headers also by lower-case name (:meth:`UpstreamAnswer.header`), read only.

A kept connection the server closed while it was idle is found before it is used again (its
socket reads as ready: the end of the stream) and replaced, so a request is never sent on a
dead connection. What goes wrong is an :class:`UpstreamError` with the reason in words: the server
cannot be reached (refused, a name that does not resolve, TLS, no connection within
``CONNECT_TIMEOUT``), closes the connection without answering, or breaks off an answer; the
connection is closed then, and the next request opens a new one. An answer the proxy stops
reading (the host went away) closes the connection too (:meth:`Upstream.abandon`).

TLS trusts what the inspector's own HTTP transports trust (httpx's context: ``SSL_CERT_FILE`` /
``SSL_CERT_DIR`` when set, else certifi's bundle), and always verifies: the proxy has no switch
to turn that off.

Why not httpx, which the inspector's own HTTP transports use: a proxy forwards what the host wrote,
and httpx is a client of its own (it normalises the URL, keeps cookies, adds headers); and its
layers cost about a millisecond per exchange, most of what the proxy added to a round trip.
"""

from __future__ import annotations

import base64
import re
import select
import socket
import ssl
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from urllib.parse import unquote, urlsplit

import anyio
import anyio.abc

from inspector.transport.http_wire import CONNECT_TIMEOUT, bytes_shown, why_failed

from .http_streams import LoopStream, connect_tcp

__all__ = ["MAX_HEAD", "Upstream", "UpstreamAnswer", "UpstreamError"]

_READ = 65536
#: the longest answer head read (httpcore's limit: h11's own, 16 KiB, refuses big Set-Cookie or CSP heads)
MAX_HEAD = 100 * 1024
_NO_BODY = frozenset({b"GET", b"HEAD", b"DELETE", b"OPTIONS", b"TRACE"})
_HEAD_END = re.compile(rb"\r?\n\r?\n")
_LINE_END = re.compile(rb"\r?\n")
_STATUS = re.compile(rb"HTTP/1\.([01]) ([1-9][0-9]{2})(?: ([^\r\n]*))?")
_TOKEN = re.compile(rb"[-!#$%&'*+.^_`|~0-9A-Za-z]+")
_CHUNK_SIZE = re.compile(rb"0*([0-9A-Fa-f]{1,16})[ \t]*(?:;.*)?")  # (leading zeros: any number of them)
_MAX_CHUNK_LINE = 4096  # a chunk's size line (and extensions) or a trailer line longer than this: not HTTP
# how the answer being read ends (_IDLE: none is)
_IDLE, _LENGTH, _CHUNKED, _CLOSE = range(4)
# where a chunked body's parse is: the size line, the chunk's data, the line end after it, the trailers
_SIZE, _DATA, _AFTER, _TRAILER = range(4)


def _read_head(head: bytes) -> tuple[UpstreamAnswer, bool]:
    """An answer's head (its bytes before the blank line): the answer, and whether it lets the
    connection be kept. UpstreamError: it is not HTTP/1.1."""
    lines = _LINE_END.split(head)
    status = _STATUS.fullmatch(lines[0])
    if status is None:
        raise UpstreamError(bytes_shown(f"its answer is not HTTP/1.1: {lines[0][:80]!r}"), "answer")
    raw: list[tuple[bytes, bytes]] = []
    for line in lines[1:]:
        if line[:1] in (b" ", b"\t") and raw:  # an obsolete folded line: its value goes on
            name, value = raw[-1]
            raw[-1] = (name, (value + b" " + line.strip(b" \t")).strip(b" \t"))
            continue
        name, sep, value = line.partition(b":")
        if not sep or _TOKEN.fullmatch(name) is None:
            raise UpstreamError(bytes_shown(f"its answer has an illegal header line: {line[:80]!r}"), "answer")
        raw.append((name, value.strip(b" \t")))
    keep = status.group(1) == b"1" and not any(
        k.lower() == b"connection" and b"close" in (t.strip().lower() for t in v.split(b",")) for k, v in raw
    )
    return _answer(int(status.group(2)), status.group(3) or b"", raw), keep


class UpstreamError(Exception):
    """What went wrong with the upstream, in words, and when: ``stage`` is "connect" (it could not
    be reached), "answer" (the request went, no answer came) or "body" (the answer broke off)."""

    def __init__(self, why: str, stage: str) -> None:
        super().__init__(why)
        self.stage = stage


@dataclass(frozen=True, slots=True)
class UpstreamAnswer:
    """An answer's head. The same head read again (a server answers alike: the same bytes but for
    a ``Date`` a second) is the same object (see _HEADS): read only, never changed."""

    status: int
    reason: bytes
    headers: list[tuple[bytes, bytes]]  # as the server wrote them: names in their own case
    #: each header name in lower case: its first value (what :meth:`header` gives)
    first: dict[bytes, bytes] = field(default_factory=dict, compare=False)
    #: whether a name comes more than once (the framing then reads every value)
    repeated: bool = field(default=False, compare=False)

    def header(self, name: bytes) -> bytes | None:
        """The first value of the header ``name`` (lower case)."""
        return self.first.get(name)

    def values(self, name: bytes) -> list[bytes]:
        """Every value of the header ``name`` (lower case), in order."""
        if not self.repeated:
            value = self.first.get(name)
            return [] if value is None else [value]
        return [v for k, v in self.headers if k.lower() == name]


def _answer(status: int, reason: bytes, raw: list[tuple[bytes, bytes]]) -> UpstreamAnswer:
    first: dict[bytes, bytes] = {}
    for k, v in raw:
        first.setdefault(k.lower(), v)
    return UpstreamAnswer(status, reason, raw, first, len(first) != len(raw))


#: answer heads read (their bytes: the answer and whether it lets the connection be kept): a
#: server's answers repeat, and reading a head is a good part of what an exchange costs the
#: forwarding. Bounded: emptied when full.
_HEADS: dict[bytes, tuple[UpstreamAnswer, bool]] = {}
_HEADS_KEPT = 64
#: the longest head kept there
_HEAD_KEPT_SIZE = 4096


class Upstream:
    """One connection to the upstream server, kept between exchanges."""

    def __init__(self, url: str, *, verify_tls: bool = True) -> None:
        parts = urlsplit(url)
        self.tls = parts.scheme == "https"
        self.host = parts.hostname or ""
        try:
            self.port: int | None = parts.port or (443 if self.tls else 80)
        except ValueError:  # a port past 65535 or not a number: said when a request is to go (no crash here)
            self.port = None
        self.netloc = parts.netloc.rpartition("@")[2].encode()  # what Host names (never a user:password@)
        #: the URL's user:password@ as Authorization (when the host sends none of its own)
        self.basic: bytes | None = None
        user, password = unquote(parts.username or ""), unquote(parts.password or "")
        if user or password:  # (a bare "@" names no one: as httpx reads it)
            self.basic = b"Basic " + base64.b64encode(f"{user}:{password}".encode())
        self.verify_tls = verify_tls
        self._stream: anyio.abc.ByteStream | None = None
        self._dropped: anyio.abc.ByteStream | None = None  # a connection let go, not closed yet
        self._sock: socket.socket | None = None  # the kept connection's socket (see _ended)
        self._poller: select.poll | None = None  # watching it (made once a connection)
        self._buf = bytearray()  # what came from the server and is not parsed yet
        self._eof = False  # the server closed the connection
        self._mode = _IDLE  # how the answer being read ends (see _frame)
        self._left = 0  # _LENGTH: bytes still to come; _CHUNKED: of the chunk being read
        self._phase = _SIZE  # _CHUNKED: where in a chunk the parse is
        self._keep = False  # the connection serves the next exchange once this answer has ended

    async def request(
        self, method: bytes, target: bytes, headers: list[tuple[bytes, bytes]], body: bytes
    ) -> UpstreamAnswer:
        """Send a request (``headers`` without Host and Content-Length: they are added) and wait for
        the answer's head. UpstreamError: not sent, or not answered."""
        stream = await self._ready()
        parts = [method, b" ", target, b" HTTP/1.1\r\nHost: ", self.netloc, b"\r\n"]
        for k, v in headers:
            parts += (k, b": ", v, b"\r\n")
        if body or method not in _NO_BODY:
            parts += (b"Content-Length: %d\r\n" % len(body),)
        if self.basic is not None and not any(k.lower() == b"authorization" for k, _ in headers):
            parts += (b"Authorization: ", self.basic, b"\r\n")
        parts += (b"\r\n", body)
        try:
            await stream.send(b"".join(parts))
            while True:
                answer = await self._head(stream)
                if answer.status >= 200:
                    self._frame(method, answer)
                    return answer
                if answer.status == 101:
                    raise UpstreamError(
                        "it switched protocols (101), which a proxied MCP exchange never asks", "answer"
                    )
                # an informational answer (100 Continue...): the final one follows
        except UpstreamError:
            await self.aclose()
            raise
        except (OSError, anyio.BrokenResourceError, anyio.ClosedResourceError) as exc:
            await self.aclose()
            raise UpstreamError(why_failed(exc), "answer") from exc

    async def _head(self, stream: anyio.abc.ByteStream) -> UpstreamAnswer:
        buf = self._buf
        while True:
            end = _HEAD_END.search(buf)
            if end is not None:
                break
            if len(buf) > MAX_HEAD:
                raise UpstreamError(f"its answer's head is longer than {MAX_HEAD:,} bytes", "answer")
            if self._eof:
                said = "mid-head" if buf.strip() else "without answering"
                raise UpstreamError(f"it closed the connection {said}", "answer")
            await self._receive(stream)
        head = bytes(buf[: end.start()])
        del buf[: end.end()]
        known = _HEADS.get(head)
        if known is not None:
            answer, self._keep = known
            return answer
        answer, self._keep = _read_head(head)
        if len(head) <= _HEAD_KEPT_SIZE:
            if len(_HEADS) >= _HEADS_KEPT:
                _HEADS.clear()
            _HEADS[head] = answer, self._keep
        return answer

    def _frame(self, method: bytes, answer: UpstreamAnswer) -> None:
        """How the answer's body ends (RFC 9112 6.3): none (HEAD, 204, 304), chunked, its
        Content-Length, or where the server closes the connection (then it is not kept)."""
        self._phase = _SIZE
        coding = answer.values(b"transfer-encoding")
        lengths = {v.strip() for v in answer.values(b"content-length")}
        if method == b"HEAD" or answer.status in (204, 304):
            self._mode, self._left = _LENGTH, 0
        elif coding:
            if [c.strip().lower() for c in b",".join(coding).split(b",")] != [b"chunked"]:
                shown = b", ".join(coding).decode("latin-1")
                raise UpstreamError(f"its answer's Transfer-Encoding {shown!r} is not chunked", "answer")
            self._mode = _CHUNKED
            if lengths:  # both framings: chunked is read (RFC 9112 6.3), and the connection not kept
                self._keep = False
        elif lengths:
            length = lengths.pop() if len(lengths) == 1 else b""
            if not length.isdigit():
                raise UpstreamError("its answer's Content-Length is not one number", "answer")
            self._mode, self._left = _LENGTH, int(length)
        else:
            self._mode, self._keep = _CLOSE, False

    async def body(self) -> AsyncIterator[bytes]:
        """The answer's body, read by read, as the server encoded it. UpstreamError: it broke off."""
        while True:
            data, ended = await self.read()
            if data:
                yield data
            if ended:
                return

    def buffered(self) -> tuple[bytes, bool]:
        """What of the answer's body has come already (it came with the head or an earlier read),
        without reading the socket: (bytes, whether that is the body's end). UpstreamError: it broke
        off (the server closed the connection before the body's end, or its chunks are not HTTP)."""
        buf, mode = self._buf, self._mode
        if mode == _LENGTH:
            take = min(self._left, len(buf))
            data = bytes(buf[:take])
            del buf[:take]
            self._left -= take
            if not self._left:
                return data, self._finish()
        elif mode == _CLOSE:
            data = bytes(buf)
            buf.clear()
            if self._eof:
                return data, self._finish()
        elif mode == _CHUNKED:
            data, ended = self._chunks()
            if ended:
                return data, self._finish()
        else:
            raise UpstreamError("no answer is being read", "body")
        if self._eof:
            self._lost()
            raise UpstreamError("it closed the connection before the answer's end", "body")
        return data, False

    def _chunks(self) -> tuple[bytes, bool]:
        """A chunked body's data from what came, and whether its last chunk (and trailers) came."""
        buf = self._buf
        parts: list[bytes] = []
        while True:
            phase = self._phase
            if phase == _DATA:
                take = min(self._left, len(buf))
                if not take:
                    break
                parts.append(bytes(buf[:take]))
                del buf[:take]
                self._left -= take
                if not self._left:
                    self._phase = _AFTER
                continue
            line_end = buf.find(b"\n")
            if line_end < 0:
                if len(buf) > _MAX_CHUNK_LINE:
                    self._bad_chunk(bytes(buf[:80]))
                break
            line = bytes(buf[:line_end]).rstrip(b"\r")
            del buf[: line_end + 1]
            if phase == _AFTER:
                if line:
                    self._bad_chunk(line)
                self._phase = _SIZE
            elif phase == _SIZE:
                size = _CHUNK_SIZE.fullmatch(line)
                if size is None:
                    self._bad_chunk(line)
                self._left = int(size.group(1), 16)  # type: ignore[union-attr]  # (_bad_chunk raised)
                self._phase = _DATA if self._left else _TRAILER
            elif not line:  # _TRAILER: the empty line after the trailers ends the body
                return b"".join(parts), True
        return b"".join(parts), False

    def _bad_chunk(self, line: bytes) -> None:
        self._lost()
        raise UpstreamError(bytes_shown(f"illegal chunk header: {line[:80]!r}"), "body")

    async def read(self) -> tuple[bytes, bool]:
        """The body's next part as the server encoded it: what has come (at least one read of the
        socket's, when nothing was held), and whether that is the body's end (the connection is then
        kept for the next exchange, or closed when the server ends it). UpstreamError: it broke off."""
        stream = self._stream
        assert stream is not None
        while True:
            data, ended = self.buffered()
            if data or ended:
                if self._dropped is not None:  # the server ends the connection after this answer
                    self._dropped = None
                    await _close(stream)
                return data, ended
            try:
                await self._receive(stream)
            except (OSError, anyio.BrokenResourceError, anyio.ClosedResourceError) as exc:
                await self.aclose()
                raise UpstreamError(why_failed(exc), "body") from exc

    async def _receive(self, stream: anyio.abc.ByteStream) -> None:
        try:
            self._buf += await stream.receive(_READ)
        except anyio.EndOfStream:  # the server closed the connection (a reset is BrokenResourceError: raised)
            self._eof = True

    def _finish(self) -> bool:
        """The body's end: the connection is kept for the next exchange, or let go (closed by
        :meth:`read`) when the server ends it after this answer (or sent more than it)."""
        self._mode = _IDLE
        if not self._keep or self._eof or self._buf:
            self._lost()
        return True

    def _lost(self) -> None:
        """Forget the connection; its stream is closed by whoever holds it (read, aclose)."""
        self._mode, self._eof = _IDLE, False
        self._buf.clear()
        if self._stream is not None:
            self._dropped, self._stream = self._stream, None

    @property
    def unfinished(self) -> bool:
        """An answer is being read, or a connection let go is not closed yet (see :meth:`abandon`)."""
        return self._dropped is not None or (self._stream is not None and self._mode != _IDLE)

    async def abandon(self) -> None:
        """The answer is not read to its end (the host went away): the connection cannot be used again."""
        if self.unfinished:
            await self.aclose()

    async def aclose(self) -> None:
        stream, self._stream = self._stream, None
        dropped, self._dropped = self._dropped, None
        self._mode, self._eof = _IDLE, False
        self._buf.clear()
        for each in (stream, dropped):
            if each is not None:
                await _close(each)

    # -- the connection

    async def _ready(self) -> anyio.abc.ByteStream:
        stream = self._stream
        if (
            stream is not None
            and self._mode == _IDLE
            # what came while no answer was due (asyncio's transport reads the socket at once, so it
            # is queued, not in the socket) is no answer to the next request: that one would get it
            and not (isinstance(stream, LoopStream) and stream.unread)
            and not self._ended()
        ):
            return stream
        await self.aclose()
        if self.port is None or not self.host:
            raise UpstreamError("its URL names no host and port to connect to", "connect")
        try:
            with anyio.fail_after(CONNECT_TIMEOUT):
                if self.tls:
                    # a server that closes without close_notify ends the stream (not an error), as httpx reads it
                    stream = await anyio.connect_tcp(
                        self.host,
                        self.port,
                        tls=True,
                        ssl_context=self._tls_context(),
                        tls_hostname=self.host,
                        tls_standard_compatible=False,
                    )
                else:
                    stream = await connect_tcp(self.host, self.port)
        except TimeoutError as exc:
            raise UpstreamError(f"no connection within {CONNECT_TIMEOUT:g} s", "connect") from exc
        except (OSError, ssl.SSLError, anyio.BrokenResourceError) as exc:
            raise UpstreamError(why_failed(exc), "connect") from exc
        self._stream = stream
        # looked up once (a syscall or two)
        self._sock = (
            stream.sock if isinstance(stream, LoopStream) else stream.extra(anyio.abc.SocketAttribute.raw_socket, None)
        )
        self._poller = None
        if self._sock is not None and hasattr(select, "poll"):
            try:
                self._poller = select.poll()
                self._poller.register(self._sock, select.POLLIN)
            except (OSError, ValueError):
                self._poller = None
        return stream

    def _ended(self) -> bool:
        """A kept connection whose socket reads as ready while no answer is due: the server closed it
        (or sent what no request asked for); either way it is not to be used again."""
        poller = self._poller
        if poller is None:
            return _ended(self._sock)
        try:
            return bool(poller.poll(0))
        except (OSError, ValueError):
            return True

    def _tls_context(self) -> ssl.SSLContext:
        """The certificates trusted as the inspector's own HTTP transports trust them (httpx's
        context: SSL_CERT_FILE / SSL_CERT_DIR when set, else certifi's bundle)."""
        import httpx

        return httpx.create_ssl_context(verify=self.verify_tls, trust_env=True)


async def _close(stream: anyio.abc.ByteStream) -> None:
    with anyio.CancelScope(shield=True), anyio.move_on_after(1):
        try:
            await stream.aclose()
        except (OSError, anyio.BrokenResourceError, ssl.SSLError):
            pass


def _ended(sock: socket.socket | None) -> bool:
    """A kept connection whose socket reads as ready while no answer is due: the server closed it
    (or sent what no request asked for); either way it is not to be used again."""
    if sock is None:
        return False
    try:
        if hasattr(select, "poll"):  # (select's descriptors stop at 1024: a busy proxy's go past it)
            poller = select.poll()
            poller.register(sock, select.POLLIN)
            return bool(poller.poll(0))
        ready, _, _ = select.select([sock], [], [], 0)
    except (OSError, ValueError):
        return True
    return bool(ready)
