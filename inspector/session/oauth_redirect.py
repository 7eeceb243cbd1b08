"""The loopback redirect of an OAuth sign-in: one listener on 127.0.0.1 for one flow.

Theory of operation
-------------------
A desktop client is redirected back to a loopback address (RFC 8252 section 7.3; the MCP pages
ask for ``http://127.0.0.1`` or ``localhost`` redirect URIs). :func:`loopback_redirect` opens a
TCP listener on ``127.0.0.1`` (never ``0.0.0.0``: nothing outside this machine can reach it) on a
port the operating system chooses (or the port asked for: a client registered earlier with a
redirect URI on it, when that port is free), for one flow, and yields a :class:`RedirectListener` whose
:attr:`~RedirectListener.redirect_uri` goes into the registration and the authorization request.

It speaks just enough HTTP/1.1 for a browser's one GET: the request head is read up to
:data:`MAX_REQUEST` bytes (a longer head is answered 431 and dropped), within
:data:`READ_TIMEOUT` seconds. A GET of the callback path hands the query string to the caller
(:meth:`~RedirectListener.wait`) and answers a short fixed HTML page (the only text taken from
the request, the ``error`` code when there is one, is HTML-escaped); any other path is 404, any
other method on the callback path 405. The first callback is the one kept; the listener stops
accepting right after it, and whatever way the ``async with`` block ends (the code handed over,
a timeout, a cancellation) the listening socket is closed: the port exists only while the flow
waits for its redirect. Each answer says ``Connection: close`` and the connection is closed after
it. The loopback listener is the only port the inspector opens for OAuth.
"""

from __future__ import annotations

import html
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from urllib.parse import parse_qsl, urlsplit

import anyio
from anyio.abc import SocketAttribute, SocketStream

#: The only address the listener binds.
HOST = "127.0.0.1"
#: The request head the listener reads at most (request line and headers).
MAX_REQUEST = 16 * 1024
#: How long one connection may take to send its request head.
READ_TIMEOUT = 10.0

_PAGE = (
    "<!DOCTYPE html><html><head><meta charset='utf-8'><title>MCP Session Inspector</title></head>"
    "<body><h1>{title}</h1><p>{text}</p></body></html>"
)


def _page(error: str | None) -> bytes:
    if error is None:
        title, text = "Signed in", "The inspector has the answer. You may close this tab."
    else:
        title = "Sign-in refused"
        text = "The authorization server answered with the error " + html.escape(error) + ". You may close this tab."
    return _PAGE.format(title=title, text=text).encode("utf-8")


def _response(status: str, body: bytes, ctype: str = "text/html; charset=utf-8") -> bytes:
    head = (
        f"HTTP/1.1 {status}\r\nContent-Type: {ctype}\r\nContent-Length: {len(body)}\r\n"
        "Cache-Control: no-store\r\nConnection: close\r\n\r\n"
    )
    return head.encode("ascii") + body


class RedirectListener:
    """One flow's loopback listener (see the module's theory)."""

    def __init__(self, port: int, path: str) -> None:
        self.port = port
        self.path = path
        self._query: str | None = None
        self._arrived = anyio.Event()
        #: requests answered other than the callback (path, status), for the record
        self.others: list[tuple[str, int]] = []

    @property
    def redirect_uri(self) -> str:
        return f"http://{HOST}:{self.port}{self.path}"

    @property
    def query(self) -> str | None:
        """The callback's query string once it came (``None`` before)."""
        return self._query

    async def wait(self, timeout: float) -> str:
        """The callback's query string; ``TimeoutError`` when none came within ``timeout`` s."""
        with anyio.fail_after(timeout):
            await self._arrived.wait()
        assert self._query is not None
        return self._query

    async def answered(self) -> None:
        """Returns once the callback was answered."""
        await self._arrived.wait()

    async def _read_head(self, stream: SocketStream) -> bytes | None:
        data = bytearray()
        while b"\r\n\r\n" not in data:
            if len(data) > MAX_REQUEST:
                return None
            try:
                chunk = await stream.receive(4096)
            except (anyio.EndOfStream, anyio.BrokenResourceError):
                return bytes(data)
            data += chunk
        return bytes(data)

    async def handle(self, stream: SocketStream) -> None:
        async with stream:
            try:
                with anyio.fail_after(READ_TIMEOUT):
                    head = await self._read_head(stream)
                    if head is None:
                        await stream.send(_response("431 Request Header Fields Too Large", b"", "text/plain"))
                        return
                    answer = self._answer(head)
                    await stream.send(answer)
            except (TimeoutError, anyio.BrokenResourceError, anyio.ClosedResourceError, OSError):
                pass
            finally:
                if self._query is not None:  # the callback was answered (or its browser went away)
                    self._arrived.set()

    def _answer(self, head: bytes) -> bytes:
        line = head.split(b"\r\n", 1)[0].decode("latin-1")
        parts = line.split(" ")
        if len(parts) != 3 or not parts[2].startswith("HTTP/"):
            return _response("400 Bad Request", b"", "text/plain")
        method, target = parts[0], parts[1]
        split = urlsplit(target)
        if split.path != self.path:
            self.others.append((split.path, 404))
            return _response("404 Not Found", b"not found\n", "text/plain")
        if method != "GET":
            self.others.append((split.path, 405))
            return _response("405 Method Not Allowed", b"", "text/plain")
        error = dict(parse_qsl(split.query)).get("error")
        if self._query is None:
            self._query = split.query
        return _response("200 OK", _page(error))


@asynccontextmanager
async def loopback_redirect(path: str = "/callback", port: int = 0) -> AsyncIterator[RedirectListener]:
    """A :class:`RedirectListener` on ``127.0.0.1`` and ``port`` (0, or when that port cannot be
    had: one the OS chose; the caller compares :attr:`~RedirectListener.redirect_uri`), serving
    until the callback came or the block ends; closed on every way out."""
    try:
        listener = await anyio.create_tcp_listener(local_host=HOST, local_port=port)
    except OSError:
        if not port:
            raise
        listener = await anyio.create_tcp_listener(local_host=HOST, local_port=0)
    async with listener:
        port = listener.extra(SocketAttribute.local_port)
        redirect = RedirectListener(port, path)
        async with anyio.create_task_group() as tg:

            async def serve() -> None:
                with anyio.CancelScope() as scope:
                    tg.start_soon(stop_after_callback, scope)
                    await listener.serve(redirect.handle)
                await listener.aclose()  # the port is gone once the callback is answered

            async def stop_after_callback(scope: anyio.CancelScope) -> None:
                await redirect.answered()
                scope.cancel()

            tg.start_soon(serve)
            failed: Exception | None = None
            try:
                yield redirect
            except Exception as exc:  # raised again outside the task group, not in an ExceptionGroup
                failed = exc
            finally:
                tg.cancel_scope.cancel()
        if failed is not None:
            raise failed
