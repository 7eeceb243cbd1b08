"""The HTTP proxy's plain TCP connections: byte streams straight on asyncio's transports.

Theory of operation. The reverse proxy (:mod:`.http_proxy`) speaks to the host and to a plain
``http://`` upstream through :class:`LoopStream`, an :class:`anyio.abc.ByteStream` made directly of
an asyncio protocol and its transport (anyio runs on asyncio here). anyio's own socket stream
resumes the transport's reading before each receive and pauses it after (two ``epoll_ctl`` calls
a read) and yields to the loop once more after each send: together about a quarter of what the
forwarding cost an exchange. Here the transport reads on its own and the stream queues what comes;
only when more than ``READ_LIMIT`` bytes wait unread (a flood that the other side drains slower)
is reading paused, until the queue is below half of it again, so memory stays bounded. A send
writes at once and waits only when the transport holds more than ``WRITE_LIMIT`` unsent (the peer
reads slower than the proxy writes). The errors are anyio's, as its streams raise them: the peer's
end is :class:`anyio.EndOfStream`, a reset or a failed write :class:`anyio.BrokenResourceError`
(from the OSError that says why), a stream closed here :class:`anyio.ClosedResourceError`.
Cancellation works as for any awaiting task (anyio cancels the task, its wait ends). TLS
upstreams keep anyio's own streams.

:class:`TcpListener` listens (asyncio's server; TCP_NODELAY on each connection) and
serves each connection in a task of its own; :func:`connect_tcp` opens one.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections import deque
from collections.abc import Callable, Coroutine

import anyio
import anyio.abc

__all__ = ["READ_LIMIT", "WRITE_LIMIT", "LoopStream", "TcpListener", "connect_tcp"]

READ_LIMIT = 256 * 1024
WRITE_LIMIT = 64 * 1024


class _Protocol(asyncio.Protocol):
    def __init__(self, accepted: Callable[[LoopStream], None] | None = None) -> None:
        self.accepted = accepted
        self.stream: LoopStream | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.stream = LoopStream(transport)
        if self.accepted is not None:
            self.accepted(self.stream)

    def data_received(self, data: bytes) -> None:
        assert self.stream is not None
        self.stream._arrived(data)

    def eof_received(self) -> bool:
        assert self.stream is not None
        self.stream._ended(None)
        return True  # the writing side stays open (the answer may still go)

    def connection_lost(self, exc: Exception | None) -> None:
        assert self.stream is not None
        self.stream._ended(exc, lost=True)

    def pause_writing(self) -> None:
        assert self.stream is not None
        self.stream._writable = False

    def resume_writing(self) -> None:
        assert self.stream is not None
        self.stream._writable = True
        self.stream._wake()


class LoopStream(anyio.abc.ByteStream):
    """One TCP connection (see the module's docstring)."""

    def __init__(self, transport: asyncio.Transport) -> None:
        self.transport = transport
        self.sock: socket.socket | None = transport.get_extra_info("socket")
        # no Nagle: an answer's end, a small write after its body, went to the host 40 ms late (the
        # host's delayed ACK) when asyncio left it on (it does for a socket made with proto 0)
        if self.sock is not None:
            with contextlib.suppress(OSError):
                self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        transport.set_write_buffer_limits(high=WRITE_LIMIT)
        # the loop the transport runs on (made there: its protocol's connection_made); asked once,
        # not at each wait (asyncio asks the system for the process id each time it is asked)
        self._loop = asyncio.get_running_loop()
        self._queue: deque[bytes] = deque()
        self._queued = 0
        self._paused = False
        self._eof = False
        self._lost = False
        self._error: Exception | None = None
        self._closed = False
        self._writable = True
        # a reader's and a writer's wait apart: the proxy's watch on a host reads while its answer's
        # write waits; with one slot, the later wait took it and the earlier was never woken again
        self._reader: asyncio.Future[None] | None = None
        self._writer: asyncio.Future[None] | None = None

    @property
    def queued(self) -> int:
        """Bytes read from the socket that wait for :meth:`receive` (reading pauses past READ_LIMIT)."""
        return self._queued

    @property
    def writable(self) -> bool:
        """Whether a :meth:`send` writes now (False: unsent bytes passed WRITE_LIMIT; it waits)."""
        return self._writable

    # -- the protocol's side

    def _arrived(self, data: bytes) -> None:
        self._queue.append(data)
        self._queued += len(data)
        if self._queued > READ_LIMIT and not self._paused:
            self._paused = True
            self.transport.pause_reading()
        self._wake()

    def _ended(self, exc: Exception | None, lost: bool = False) -> None:
        self._eof = True
        if exc is not None and self._error is None:
            self._error = exc
        if lost:
            self._lost = True
            self._writable = True
        self._wake()

    def _wake(self) -> None:
        for waiter in (self._reader, self._writer):
            if waiter is not None and not waiter.done():
                waiter.set_result(None)

    async def _wait_readable(self) -> None:
        waiter = self._reader = self._loop.create_future()
        try:
            await waiter
        finally:
            if self._reader is waiter:
                self._reader = None

    async def _wait_writable(self) -> None:
        waiter = self._writer = self._loop.create_future()
        try:
            await waiter
        finally:
            if self._writer is waiter:
                self._writer = None

    @property
    def unread(self) -> bool:
        """Something came that is not received yet, or the peer's end did (a kept connection with
        either, while no answer is due, is not to be used again)."""
        return bool(self._queue) or self._eof

    # -- the stream's

    async def receive(self, max_bytes: int = 65536) -> bytes:
        while not self._queue:
            if self._closed:
                raise anyio.ClosedResourceError
            if self._error is not None:
                raise anyio.BrokenResourceError from self._error
            if self._eof:
                raise anyio.EndOfStream
            await self._wait_readable()
        chunk = self._queue.popleft()
        if len(chunk) > max_bytes:
            chunk, rest = chunk[:max_bytes], chunk[max_bytes:]
            self._queue.appendleft(rest)
        self._queued -= len(chunk)
        if self._paused and self._queued <= READ_LIMIT // 2 and not self._lost:
            self._paused = False
            self.transport.resume_reading()
        return chunk

    async def send(self, item: bytes) -> None:
        if self._closed:
            raise anyio.ClosedResourceError
        if self._lost or self.transport.is_closing():
            raise anyio.BrokenResourceError from self._error
        self.transport.write(item)
        while not self._writable:
            await self._wait_writable()
        if self._lost and self._error is not None:
            raise anyio.BrokenResourceError from self._error

    async def send_eof(self) -> None:
        if not self.transport.is_closing():
            self.transport.write_eof()

    async def aclose(self) -> None:
        if self._closed:
            return
        self._closed = True
        self.transport.close()
        self._wake()


class TcpListener:
    """A listening socket (asyncio's server); :meth:`serve` runs a handler for each connection."""

    def __init__(self, server: asyncio.Server) -> None:
        self.server = server
        self._spawn: Callable[[LoopStream], None] | None = None
        self.port = int(server.sockets[0].getsockname()[1])

    @classmethod
    async def open(cls, host: str, port: int) -> TcpListener:
        """Listen on host:port (port 0: a free one); connections wait until :meth:`serve` (OSError: cannot)."""
        holder: list[TcpListener] = []
        # bound here, not by asyncio: its errors say what the system said ("Address already in use",
        # which a window's relay looks for), not asyncio's own lower-case words
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind((host, port))
            sock.listen(100)
            sock.setblocking(False)
        except OSError:
            sock.close()
            raise
        loop = asyncio.get_running_loop()
        server = await loop.create_server(
            lambda: _Protocol(lambda s: holder[0]._accepted(s)), sock=sock, start_serving=False
        )
        holder.append(cls(server))
        return holder[0]

    def _accepted(self, stream: LoopStream) -> None:
        if self._spawn is None:
            stream.transport.abort()
        else:
            self._spawn(stream)

    async def serve(self, handler: Callable[[LoopStream], Coroutine[object, object, None]]) -> None:
        """Serve each connection in a task of its own until cancelled (the tasks are cancelled then)."""
        async with anyio.create_task_group() as tg:

            def spawn(stream: LoopStream) -> None:
                tg.start_soon(handler, stream)

            self._spawn = spawn
            try:
                await self.server.start_serving()
                await anyio.sleep_forever()
            finally:
                self._spawn = None

    async def aclose(self) -> None:
        self.server.close()


async def connect_tcp(host: str, port: int) -> LoopStream:
    """A connection to host:port (OSError: none)."""
    loop = asyncio.get_running_loop()
    protocol = _Protocol()
    await loop.create_connection(lambda: protocol, host, port)
    assert protocol.stream is not None
    return protocol.stream
