"""The proxy's own standard streams, read and written without blocking the event loop.

Theory of operation: in proxy mode a host (Claude Desktop, VS Code, an SDK client) starts the
inspector in place of the server, so the host's pipes are the inspector's file descriptors 0, 1
and 2. A :class:`HostPipe` puts one of them in non-blocking mode for as long as it is open and
moves bytes with plain ``os.read``/``os.write``: a read returns what the pipe holds (up to the
size asked), a write writes all of it, and only when the pipe is empty or full does the task
wait for the descriptor to become ready (``anyio.wait_readable``/``wait_writable``), so other
tasks - the other direction, the server's stderr - keep running. Nothing is framed or copied
here: the bytes are the caller's, exactly as read. A regular file or ``/dev/null`` never
blocks, so it never needs the wait. :meth:`HostPipe.close` gives the descriptor its old flags
back (a terminal shared with a shell must not stay non-blocking).
"""

from __future__ import annotations

import errno
import fcntl
import os

import anyio

__all__ = ["HostGone", "HostPipe"]


class HostGone(Exception):
    """The host closed its end of a pipe the proxy writes to (EPIPE)."""


class HostPipe:
    def __init__(self, fd: int, *, pipe_size: int | None = None) -> None:
        """``pipe_size``: ask the kernel for a pipe buffer this large (Linux; the most an
        unprivileged process gets is /proc/sys/fs/pipe-max-size, 1 MiB by default), so that a
        flood waits for a slow reader later and less often; anything else keeps its buffer."""
        self.fd = fd
        self._flags = os.get_blocking(fd)
        os.set_blocking(fd, False)
        self._closed = False
        if pipe_size is not None and hasattr(fcntl, "F_SETPIPE_SZ"):
            try:
                fcntl.fcntl(fd, fcntl.F_SETPIPE_SZ, pipe_size)
            except OSError:  # not a pipe, or more than this user may have
                pass

    async def read(self, size: int = 65536) -> bytes:
        """What the pipe holds now, up to ``size`` bytes (waiting while it is empty); b"" at its end."""
        while True:
            try:
                return os.read(self.fd, size)
            except BlockingIOError:
                await anyio.wait_readable(self.fd)

    async def write(self, data: bytes) -> None:
        """All of ``data``, in order; :class:`HostGone` when the host closed its end."""
        view = memoryview(data)
        while view:
            try:
                n = os.write(self.fd, view)
            except BlockingIOError:
                await anyio.wait_writable(self.fd)
                continue
            except OSError as exc:
                if exc.errno in (errno.EPIPE, errno.ECONNRESET):
                    raise HostGone(f"the host closed fd {self.fd}") from exc
                raise
            view = view[n:]

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            try:
                os.set_blocking(self.fd, self._flags)
            except OSError:
                pass
