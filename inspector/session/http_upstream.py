"""The HTTP proxy's side toward the upstream server: one kept HTTP/1.1 connection, spoken through h11.

Theory of operation. The reverse proxy (:mod:`.http_proxy`) serves each host connection one
exchange at a time; each host connection has one :class:`Upstream`, a connection to the upstream
server kept open between exchanges (keep-alive), opened when the first request comes and again
whenever the server closed it. A request goes out as one write: the host's method, its request
target byte for byte (no URL parsing, so nothing is normalised), the headers the proxy chose in
their own case, ``Host`` naming the upstream, and the body with its ``Content-Length``; nothing
else is added (no default headers, no cookie jar), but for what the upstream URL itself asks: its
``user:password@`` goes as ``Authorization: Basic`` when the host sent no ``Authorization`` of its
own (what httpx did with such a URL). The answer's head comes back as
:class:`UpstreamAnswer` (status, reason and the raw headers as the server wrote them), then the
body read by read through :meth:`Upstream.read` (:meth:`Upstream.buffered`: what came already, no
read of the socket; the proxy sends it with the head): h11 takes the framing off (chunked or
Content-Length) and leaves the bytes as the server encoded them (a gzip body stays gzip). A body
without either ends where the server closes the connection; a connection reset is no such end (the
answer broke off), nor is a TLS connection closed without close_notify anything but that end (as
httpx reads them both). An answer's head may be up to ``MAX_HEAD`` long (httpx's limit too).

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
import select
import socket
import ssl
from collections.abc import AsyncIterator
from dataclasses import dataclass
from urllib.parse import unquote, urlsplit

import anyio
import anyio.abc
import h11

from inspector.transport.http_wire import CONNECT_TIMEOUT, why_failed

__all__ = ["MAX_HEAD", "Upstream", "UpstreamAnswer", "UpstreamError"]

_READ = 65536
#: the longest answer head read (httpcore's limit: h11's own, 16 KiB, refuses big Set-Cookie or CSP heads)
MAX_HEAD = 100 * 1024
_NO_BODY = frozenset({b"GET", b"HEAD", b"DELETE", b"OPTIONS", b"TRACE"})


class UpstreamError(Exception):
    """What went wrong with the upstream, in words, and when: ``stage`` is "connect" (it could not
    be reached), "answer" (the request went, no answer came) or "body" (the answer broke off)."""

    def __init__(self, why: str, stage: str) -> None:
        super().__init__(why)
        self.stage = stage


@dataclass(frozen=True, slots=True)
class UpstreamAnswer:
    status: int
    reason: bytes
    headers: list[tuple[bytes, bytes]]  # as the server wrote them: names in their own case

    def header(self, name: bytes) -> bytes | None:
        """The first value of the header ``name`` (lower case)."""
        return next((v for k, v in self.headers if k.lower() == name), None)


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
        self._conn: h11.Connection | None = None
        self._dropped: anyio.abc.ByteStream | None = None  # a connection let go, not closed yet
        self._sock: socket.socket | None = None  # the kept connection's socket (see _ended)

    async def request(
        self, method: bytes, target: bytes, headers: list[tuple[bytes, bytes]], body: bytes
    ) -> UpstreamAnswer:
        """Send a request (``headers`` without Host and Content-Length: they are added) and wait for
        the answer's head. UpstreamError: not sent, or not answered."""
        stream, conn = await self._ready()
        sized = [(b"Content-Length", b"%d" % len(body))] if body or method not in _NO_BODY else []
        if self.basic is not None and not any(k.lower() == b"authorization" for k, _ in headers):
            sized.append((b"Authorization", self.basic))
        head = h11.Request(method=method, target=target, headers=[(b"Host", self.netloc), *headers, *sized])
        try:
            data = conn.send(head) or b""
            if body:
                data += conn.send(h11.Data(data=body)) or b""
            data += conn.send(h11.EndOfMessage()) or b""
            await stream.send(data)
            while True:
                event = await self._next(stream, conn)
                if isinstance(event, h11.Response):
                    return UpstreamAnswer(event.status_code, event.reason, list(event.headers.raw_items()))
                if isinstance(event, h11.ConnectionClosed):
                    raise UpstreamError("it closed the connection without answering", "answer")
                # an informational answer (100 Continue...): the final one follows
        except UpstreamError:
            await self.aclose()
            raise
        except (h11.ProtocolError, OSError, anyio.BrokenResourceError, anyio.ClosedResourceError) as exc:
            await self.aclose()
            raise UpstreamError(why_failed(exc), "answer") from exc

    async def body(self) -> AsyncIterator[bytes]:
        """The answer's body, read by read, as the server encoded it. UpstreamError: it broke off."""
        while True:
            data, ended = await self.read()
            if data:
                yield data
            if ended:
                return

    def buffered(self) -> tuple[bytes, bool]:
        """What of the answer's body has come already (h11 holds it: it came with the head or an
        earlier read), without reading the socket: (bytes, whether that is the body's end).
        UpstreamError: it broke off (h11 says so from what it holds)."""
        conn = self._conn
        assert conn is not None
        parts: list[bytes] = []
        try:
            while True:
                event = conn.next_event()
                if event is h11.NEED_DATA or event is h11.PAUSED:
                    return b"".join(parts), False
                if isinstance(event, h11.Data):
                    parts.append(bytes(event.data))
                elif isinstance(event, h11.EndOfMessage):
                    self._done(conn)
                    return b"".join(parts), True
                else:  # the connection closed before the body's end (h11 says so as an error first)
                    raise UpstreamError("the connection closed", "body")
        except h11.ProtocolError as exc:
            self._lost()
            raise UpstreamError(why_failed(exc), "body") from exc
        except UpstreamError:
            self._lost()
            raise

    async def read(self) -> tuple[bytes, bool]:
        """The body's next part as the server encoded it: what has come (at least one read of the
        socket's, when nothing was held), and whether that is the body's end (the connection is then
        kept for the next exchange, or closed when the server ends it). UpstreamError: it broke off."""
        stream, conn = self._stream, self._conn
        assert stream is not None and conn is not None
        while True:
            data, ended = self.buffered()
            if data or ended:
                if self._dropped is not None:  # the server ends the connection after this answer
                    self._dropped = None
                    await _close(stream)
                return data, ended
            try:
                got = await stream.receive(_READ)
            except anyio.EndOfStream:  # the server closed the connection (a reset is BrokenResourceError: raised)
                got = b""
            except (OSError, anyio.BrokenResourceError, anyio.ClosedResourceError) as exc:
                await self.aclose()
                raise UpstreamError(why_failed(exc), "body") from exc
            try:
                conn.receive_data(got)
            except h11.ProtocolError as exc:
                await self.aclose()
                raise UpstreamError(why_failed(exc), "body") from exc

    def _done(self, conn: h11.Connection) -> None:
        """The body's end: the connection is kept for the next exchange, or let go (closed by
        :meth:`read`) when the server ends it after this answer."""
        if conn.our_state is h11.DONE and conn.their_state is h11.DONE:
            conn.start_next_cycle()
        else:
            self._lost()

    def _lost(self) -> None:
        """Forget the connection; its stream is closed by whoever holds it (read, aclose)."""
        self._conn = None
        if self._stream is not None:
            self._dropped, self._stream = self._stream, None

    @property
    def unfinished(self) -> bool:
        """An answer is being read, or a connection let go is not closed yet (see :meth:`abandon`)."""
        conn = self._conn
        return self._dropped is not None or (
            conn is not None and not (conn.our_state is h11.IDLE and conn.their_state is h11.IDLE)
        )

    async def abandon(self) -> None:
        """The answer is not read to its end (the host went away): the connection cannot be used again."""
        if self.unfinished:
            await self.aclose()

    async def aclose(self) -> None:
        stream, self._stream, self._conn = self._stream, None, None
        dropped, self._dropped = self._dropped, None
        for each in (stream, dropped):
            if each is not None:
                await _close(each)

    # -- the connection

    async def _ready(self) -> tuple[anyio.abc.ByteStream, h11.Connection]:
        stream, conn = self._stream, self._conn
        if stream is not None and conn is not None and conn.our_state is h11.IDLE and not _ended(self._sock):
            return stream, conn
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
                    stream = await anyio.connect_tcp(self.host, self.port)
        except TimeoutError as exc:
            raise UpstreamError(f"no connection within {CONNECT_TIMEOUT:g} s", "connect") from exc
        except (OSError, ssl.SSLError, anyio.BrokenResourceError) as exc:
            raise UpstreamError(why_failed(exc), "connect") from exc
        self._stream, self._conn = stream, h11.Connection(h11.CLIENT, max_incomplete_event_size=MAX_HEAD)
        self._sock = stream.extra(anyio.abc.SocketAttribute.raw_socket, None)  # looked up once (a syscall or two)
        return stream, self._conn

    def _tls_context(self) -> ssl.SSLContext:
        """The certificates trusted as the inspector's own HTTP transports trust them (httpx's
        context: SSL_CERT_FILE / SSL_CERT_DIR when set, else certifi's bundle)."""
        import httpx

        return httpx.create_ssl_context(verify=self.verify_tls, trust_env=True)

    @staticmethod
    async def _next(stream: anyio.abc.ByteStream, conn: h11.Connection) -> object:
        while True:
            event = conn.next_event()
            if event is not h11.NEED_DATA:
                return event
            try:
                data = await stream.receive(_READ)
            except anyio.EndOfStream:  # the server closed the connection (a reset is BrokenResourceError: raised)
                data = b""
            conn.receive_data(data)


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
