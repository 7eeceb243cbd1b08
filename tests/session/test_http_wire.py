"""The HTTP proxy's own HTTP/1.1 on both sides (issue 24's cost): the upstream's answers framed by
:class:`Upstream` without h11, the host's plain requests read and answered by :class:`HostWire`
without h11 and everything else handed to h11.

Real sockets on 127.0.0.1: a scripted upstream in a thread here (it writes each answer as told,
byte by byte where the framing is to be parsed across reads, and says what it got), and the proxy as
a host runs it against the raw fixture upstream (tests/fixtures/servers/http_raw.py) for the host's
side, where what the host gets is compared byte for byte with what h11 writes for the same answer.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import anyio
import h11
import pytest
from peers import HttpPeer, free_port
from test_http_proxy import _http_raw, proxy

from inspector.session.http_upstream import Upstream, UpstreamError

ANSWER = b'{"jsonrpc":"2.0","id":1,"result":{}}'


class Scripted:
    """An upstream on 127.0.0.1 that answers the n-th request (over all connections) with
    ``answers[n]``: (bytes, written byte by byte, close the connection after). Keeps what it got and
    how many connections it accepted."""

    def __init__(self, answers: list[tuple[bytes, bool, bool]]) -> None:
        self.answers = answers
        self.got: list[bytes] = []
        self.connections = 0
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.listener.accept()
            except OSError:
                return
            self.connections += 1
            threading.Thread(target=self._connection, args=(conn,), daemon=True).start()

    def _connection(self, conn: socket.socket) -> None:
        buf = b""
        with conn:
            while True:
                while b"\r\n\r\n" not in buf:
                    data = conn.recv(65536)
                    if not data:
                        return
                    buf += data
                head, _, rest = buf.partition(b"\r\n\r\n")
                length = next(
                    (
                        int(line.split(b":")[1])
                        for line in head.split(b"\r\n")
                        if line.lower().startswith(b"content-length:")
                    ),
                    0,
                )
                while len(rest) < length:
                    rest += conn.recv(65536)
                self.got.append(head + b"\r\n\r\n" + rest[:length])
                buf = rest[length:]
                answer, bytewise, close = self.answers[len(self.got) - 1]
                if bytewise:
                    for i in range(len(answer)):
                        conn.sendall(answer[i : i + 1])
                        time.sleep(0.0005)
                else:
                    conn.sendall(answer)
                if close:
                    return

    def close(self) -> None:
        self.listener.close()


@contextmanager
def scripted(*answers: tuple[bytes, bool, bool]) -> Iterator[Scripted]:
    server = Scripted(list(answers))
    try:
        yield server
    finally:
        server.close()


async def _exchange(up: Upstream, target: bytes = b"/mcp", method: bytes = b"POST") -> tuple[int, bytes]:
    answer = await up.request(method, target, [(b"X-Case", b"v")], b"{}" if method == b"POST" else b"")
    body = b"".join([part async for part in up.body()])
    return answer.status, body


def test_the_upstreams_answers_are_framed_across_reads_and_the_connection_kept() -> None:
    """Chunked (a chunk extension, a trailer), written a byte at a time; an informational 100 before
    an answer; a 204 with no body; a body of a Content-Length: each whole, on one connection, with
    the request written as the host's (target byte for byte, headers in their case, Host and
    Content-Length added); then a body that ends where the server closes: a new connection after."""
    chunked = b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5;ext=1\r\n" + ANSWER[:5] + b"\r\n"
    chunked += b"%X\r\n%s\r\n0\r\nX-Trailer: t\r\n\r\n" % (len(ANSWER) - 5, ANSWER[5:])
    with scripted(
        (chunked, True, False),
        (
            b"HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n%s" % (len(ANSWER), ANSWER),
            True,
            False,
        ),
        (b"HTTP/1.1 204 No Content\r\n\r\n", False, False),
        (b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}", False, False),
        (b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n" + ANSWER, True, True),
        (b"HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n", False, False),
    ) as server:

        async def main() -> list[tuple[int, bytes]]:
            up = Upstream(f"http://127.0.0.1:{server.port}/mcp")
            try:
                got = [await _exchange(up, b"/mcp?q=%2F&x=a%20b")]
                got += [await _exchange(up), await _exchange(up, method=b"DELETE"), await _exchange(up)]
                assert server.connections == 1  # all four on one kept connection
                got += [await _exchange(up), await _exchange(up)]
                return got
            finally:
                await up.aclose()

        got = anyio.run(main)
        assert got == [(200, ANSWER), (200, ANSWER), (204, b""), (200, b"{}"), (200, ANSWER), (200, b"")]
        assert server.connections == 2  # the answer that ended with the connection: a new one after it
        assert server.got[0] == (
            b"POST /mcp?q=%2F&x=a%20b HTTP/1.1\r\nHost: 127.0.0.1:"
            + str(server.port).encode()
            + b"\r\nX-Case: v\r\nContent-Length: 2\r\n\r\n{}"
        )
        assert server.got[2].startswith(b"DELETE /mcp HTTP/1.1\r\n") and b"Content-Length" not in server.got[2]


@pytest.mark.parametrize(
    ("answer", "words"),
    [
        (b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n", "illegal chunk header"),
        (b"HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n" + ANSWER, "before the answer's end"),
        (b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nabc", "before the answer's end"),
    ],
    ids=["bad-chunk-size", "short-length", "short-chunk"],
)
def test_an_answer_whose_framing_breaks_is_an_upstream_error_and_the_connection_is_not_kept(
    answer: bytes, words: str
) -> None:
    with scripted((answer, False, True), (b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}", False, False)) as server:

        async def main() -> None:
            up = Upstream(f"http://127.0.0.1:{server.port}/mcp")
            try:
                with pytest.raises(UpstreamError) as caught:
                    await _exchange(up)
                assert caught.value.stage == "body" and words in str(caught.value), str(caught.value)
                assert await _exchange(up) == (200, b"{}")  # on a new connection
            finally:
                await up.aclose()

        anyio.run(main)
        assert server.connections == 2


def test_a_head_that_is_not_http_is_an_upstream_error() -> None:
    with scripted((b"SSH-2.0-OpenSSH\r\n\r\n", False, True)) as server:

        async def main() -> None:
            up = Upstream(f"http://127.0.0.1:{server.port}/mcp")
            try:
                with pytest.raises(UpstreamError) as caught:
                    await _exchange(up)
                assert caught.value.stage == "answer" and "not HTTP/1.1" in str(caught.value)
            finally:
                await up.aclose()

        anyio.run(main)


def _read_answer(s: socket.socket, end: bytes) -> bytes:
    got = b""
    while not got.endswith(end):
        data = s.recv(65536)
        assert data, got
        got += data
    return got


def _h11_answer(status: int, headers: list[tuple[bytes, bytes]], reason: bytes, body: bytes) -> bytes:
    """What h11, as the proxy's host side before, wrote to the host for an answer."""
    conn = h11.Connection(h11.SERVER)
    conn.receive_data(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
    conn.next_event()
    conn.next_event()
    out = conn.send(h11.Response(status_code=status, headers=headers, reason=reason)) or b""
    out += conn.send(h11.Data(data=body)) or b""
    return out + (conn.send(h11.EndOfMessage()) or b"")


def test_the_hosts_side_plain_requests_pipelined_and_the_answers_framed_as_h11_frames_them(tmp_path: Path) -> None:
    """Two plain requests in one write (pipelined) get their answers in order on the connection; a
    chunked answer reaches the host framed byte for byte as h11 frames it (its Content-Length
    dropped, chunked by the proxy); a 404 with a Content-Length as it came."""
    port = free_port()
    body = b'{"jsonrpc":"2.0","id":1,"method":"ping"}'
    with HttpPeer(_http_raw(port), port, path="/echo") as peer:
        with proxy(peer.url, tmp_path / "plain.jsonl") as origin:
            with socket.create_connection(("127.0.0.1", int(origin.rsplit(":", 1)[1]))) as s:
                s.settimeout(10)
                one = b"POST /echo HTTP/1.1\r\nHost: x\r\nX-Which: 1\r\nContent-Length: %d\r\n\r\n%s" % (
                    len(body),
                    body,
                )
                two = one.replace(b"X-Which: 1", b"X-Which: 2")
                s.sendall(one + two)
                got = _read_answer(s, b"X-Which: 2\r\nContent-Length: %d\r\n\r\n%s" % (len(body), body))
                assert got.count(b"HTTP/1.1 200 OK\r\n") == 2 and got.index(b"X-Which: 1") < got.index(b"X-Which: 2")
                s.sendall(b"GET /chunked-and-length HTTP/1.1\r\nHost: x\r\n\r\n")
                got = _read_answer(s, b"\r\n0\r\n\r\n")
                tools = b'{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"echo","inputSchema":{"type":"object"}}]}}'
                assert got == _h11_answer(200, [(b"Content-Type", b"application/json")], b"OK", tools)
                s.sendall(b"GET /nothing-here HTTP/1.1\r\nHost: x\r\n\r\n")
                got = _read_answer(s, b"\r\n\r\n")
                assert got == b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n"


def test_the_hosts_side_hands_what_is_not_plain_to_h11(tmp_path: Path) -> None:
    """A chunked request body (h11 reads it: the upstream gets it whole with its Content-Length),
    then a plain request on that same connection (h11 goes on reading it); an HTTP/1.0 request
    (answered, then the connection closed as HTTP/1.0 has it); a header line with a space before
    its colon (h11 refuses it: 400)."""
    port = free_port()
    body = b'{"jsonrpc":"2.0","id":1,"method":"ping"}'
    with HttpPeer(_http_raw(port), port, path="/echo") as peer:
        with proxy(peer.url, tmp_path / "h11.jsonl") as origin:
            at = ("127.0.0.1", int(origin.rsplit(":", 1)[1]))
            with socket.create_connection(at) as s:
                s.settimeout(10)
                s.sendall(
                    b"POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                    b"5\r\n%s\r\n%x\r\n%s\r\n0\r\n\r\n" % (body[:5], len(body) - 5, body[5:])
                )
                got = _read_answer(s, body)
                assert b"Content-Length: %d\r\n\r\n%s" % (len(body), body) in got and b"Transfer-Encoding" not in got
                s.sendall(b"POST /echo HTTP/1.1\r\nHost: x\r\nX-Which: again\r\nContent-Length: 2\r\n\r\n{}")
                got = _read_answer(s, b"\r\n\r\n{}")
                assert got.startswith(b"HTTP/1.1 200 ") and b"X-Which: again" in got
            with socket.create_connection(at) as s:
                s.settimeout(10)
                s.sendall(b"POST /echo HTTP/1.0\r\nContent-Length: 2\r\n\r\n{}")
                got = b""
                while data := s.recv(65536):  # to the close
                    got += data
                assert got.startswith(b"HTTP/1.1 200 ") and got.endswith(b"\r\n\r\n{}")
            with socket.create_connection(at) as s:
                s.settimeout(10)
                s.sendall(b"POST /echo HTTP/1.1\r\nHost : x\r\nContent-Length: 2\r\n\r\n{}")
                assert s.recv(100).startswith(b"HTTP/1.1 400")


def test_the_proxys_connections_have_no_nagle_and_carry_bytes_both_ways() -> None:
    """Both ends of the proxy's own streams (a host's connection accepted by TcpListener, an
    upstream's opened by connect_tcp) have TCP_NODELAY: without it on the host's, a chunked answer's
    end (a small write after its body) waited for the host's delayed ACK, 40 ms a round trip."""
    from inspector.session.http_streams import LoopStream, TcpListener, connect_tcp

    async def main() -> None:
        accepted: list[LoopStream] = []
        listener = await TcpListener.open("127.0.0.1", 0)

        async def handler(stream: LoopStream) -> None:
            accepted.append(stream)
            await stream.send(await stream.receive())  # an echo of one read

        async with anyio.create_task_group() as tg:
            tg.start_soon(listener.serve, handler)
            client = await connect_tcp("127.0.0.1", listener.port)
            await client.send(b"ping")
            with anyio.fail_after(10):
                assert await client.receive() == b"ping"
            for stream in (accepted[0], client):
                assert stream.sock is not None
                assert stream.sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)
            await client.aclose()
            tg.cancel_scope.cancel()
        await listener.aclose()

    anyio.run(main)


# -- review of the forwarding path: the host's requests read here as h11 reads them, the upstream's
# framing, the streams' waits and limits


class _Bytes:
    """A host's connection as HostWire reads it: ``data`` handed out ``step`` bytes a receive."""

    def __init__(self, data: bytes, step: int) -> None:
        self.data, self.step = data, step
        self.sent = b""

    async def receive(self, max_bytes: int = 65536) -> bytes:
        if not self.data:
            raise anyio.EndOfStream
        part, self.data = self.data[: self.step], self.data[self.step :]
        return part

    async def send(self, item: bytes) -> None:
        self.sent += item


Read = tuple[bytes, bytes, list[tuple[bytes, bytes]], bytes] | str


async def _wire_reads(data: bytes, step: int) -> list[Read]:
    """The requests HostWire reads of ``data`` (each answered with a 204, as the proxy answers), and
    how the reading ended: "end" (no more), "close" (the connection is not kept) or "refused"."""
    from inspector.session.http_host_wire import HostWire

    wire, stream = HostWire(), _Bytes(data, step)
    got: list[Read] = []
    try:
        while True:
            req = await wire.request(stream)  # type: ignore[arg-type]
            if req is None:
                return [*got, "end"]
            got.append((req.method, req.target, [(k.lower(), v) for k, v in req.headers], req.body))
            wire.head(204, [], b"No Content")
            wire.end()
            if not wire.next_cycle():
                return [*got, "close"]
    except h11.RemoteProtocolError:
        return [*got, "refused"]


def _h11_reads(data: bytes) -> list[Read]:
    """What h11 alone reads of ``data`` (the proxy's host side before the plain path), as above."""
    conn = h11.Connection(h11.SERVER)
    conn.receive_data(data)
    conn.receive_data(b"")
    got: list[Read] = []
    try:
        while True:
            ev = conn.next_event()
            if not isinstance(ev, h11.Request):
                return [*got, "end"]
            body = b""
            while isinstance(part := conn.next_event(), h11.Data):
                body += part.data
            if not isinstance(part, h11.EndOfMessage):
                return [*got, "end"]
            got.append((ev.method, ev.target, [(k.lower(), v) for k, v in ev.headers.raw_items()], body))
            conn.send(h11.Response(status_code=204, headers=[], reason=b"No Content"))
            conn.send(h11.EndOfMessage())
            if conn.our_state is not h11.DONE or conn.their_state is not h11.DONE:
                return [*got, "close"]
            conn.start_next_cycle()
    except h11.RemoteProtocolError:
        return [*got, "refused"]


_NEXT = b"POST /two HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}"
_REQUESTS = {
    "plain": b"POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello",
    "cl-and-te": b"POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
    "te-and-cl": b"POST /mcp HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n",
    "two-cl-equal": b"POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 5\r\n\r\nhello",
    "two-cl-differ": b"POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 2\r\n\r\nhello",
    "cl-sign": b"POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Length: +5\r\n\r\nhello",
    "cl-spaces": b"POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Length:   5  \r\n\r\nhello",
    "cl-zeros": b"POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Length: 0005\r\n\r\nhello",
    "cl-list": b"POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Length: 5, 5\r\n\r\nhello",
    "obs-fold": b"POST /mcp HTTP/1.1\r\nHost: x\r\nX-A: a\r\n b\r\nContent-Length: 5\r\n\r\nhello",
    "space-before-colon": b"POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Length : 5\r\n\r\nhello",
    "bare-lf": b"POST /mcp HTTP/1.1\nHost: x\nContent-Length: 5\n\nhello",
    "bare-lf-end": b"POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\nhello",
    "lf-in-head": b"POST /mcp HTTP/1.1\r\nHost: x\nContent-Length: 5\r\n\r\nhello",
    "cr-in-value": b"POST /mcp HTTP/1.1\r\nHost: x\r\nX-A: a\rb\r\nContent-Length: 5\r\n\r\nhello",
    "extra-spaces": b"POST  /mcp HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello",
    "absolute-form": b"POST http://elsewhere/mcp HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello",
    "http-1.0": b"POST /mcp HTTP/1.0\r\nContent-Length: 5\r\n\r\nhello",
    "http-1.0-keep-alive": b"POST /mcp HTTP/1.0\r\nConnection: keep-alive\r\nContent-Length: 5\r\n\r\nhello",
    "no-host": b"POST /mcp HTTP/1.1\r\nContent-Length: 5\r\n\r\nhello",
    "two-hosts": b"POST /mcp HTTP/1.1\r\nHost: x\r\nHost: y\r\nContent-Length: 5\r\n\r\nhello",
    "connection-close": b"POST /mcp HTTP/1.1\r\nHost: x\r\nConnection: CLOSE\r\nContent-Length: 5\r\n\r\nhello",
    "connection-keep-alive": (
        b"POST /mcp HTTP/1.1\r\nHost: x\r\nConnection: Keep-Alive\r\nContent-Length: 5\r\n\r\nhello"
    ),
    "upgrade-h2c": (
        b"GET /mcp HTTP/1.1\r\nHost: x\r\nConnection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\n"
        b"HTTP2-Settings: AAMAAABkAAQCAAAAAAIAAAAA\r\n\r\n"
    ),
    "head": b"HEAD /mcp HTTP/1.1\r\nHost: x\r\n\r\n",
    "leading-crlf": b"\r\nPOST /mcp HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello",
    "nul-in-value": b"POST /mcp HTTP/1.1\r\nHost: x\r\nX-A: a\x00b\r\nContent-Length: 5\r\n\r\nhello",
    "tab-in-value": b"POST /mcp HTTP/1.1\r\nHost: x\r\nX-A: a\tb\r\nContent-Length: 5\r\n\r\nhello",
    "obs-text": b"POST /mcp HTTP/1.1\r\nHost: x\r\nX-A: \xe9t\xe9\r\nContent-Length: 5\r\n\r\nhello",
    "empty-value": b"POST /mcp HTTP/1.1\r\nHost: x\r\nX-A:\r\nContent-Length: 0\r\n\r\n",
}


@pytest.mark.parametrize("name", list(_REQUESTS))
def test_the_hosts_side_reads_each_request_as_h11_reads_it_split_at_every_byte(name: str) -> None:
    """Each request (the smuggling and desync classics among them), followed by a plain one on the
    same connection (pipelined), is read by HostWire - handed out in one piece and split at every
    byte - as h11 alone reads it: the same requests (method, target, headers, body), then the same
    end (refused, closed, or the next request). The plain path may only take what h11 would read the
    same way; a request whose head ends with a bare LF reached no one (the plain path waited on)."""
    data = _REQUESTS[name] + _NEXT
    want = _h11_reads(data)

    async def main() -> None:
        for step in (len(data), 1, 2, 3, 7):
            got = await _wire_reads(data, step)
            assert got == want, (step, got, want)

    anyio.run(main)


def test_a_request_whose_head_ends_with_a_bare_lf_is_answered(tmp_path: Path) -> None:
    """Through the proxy: a request with bare LF line ends (h11 reads it) gets its answer at once;
    the plain path waited for a CR LF CR LF that never came, and the host for an answer."""
    port = free_port()
    with HttpPeer(_http_raw(port), port, path="/echo") as peer:
        with proxy(peer.url, tmp_path / "lf.jsonl") as origin:
            with socket.create_connection(("127.0.0.1", int(origin.rsplit(":", 1)[1]))) as s:
                s.settimeout(10)
                s.sendall(b"POST /echo HTTP/1.1\nHost: x\nContent-Length: 2\n\n{}")
                got = _read_answer(s, b"\r\n\r\n{}")
                assert got.startswith(b"HTTP/1.1 200 ")


def test_an_answers_header_with_a_bare_cr_does_not_reach_the_host(tmp_path: Path) -> None:
    """The upstream writes a header value with a bare CR in it (a host reading CR as a line's end
    would take what follows as a header of its own: response splitting). h11 refused to send it,
    and so does the plain path now: the host's connection is closed without it, and the proxy goes
    on serving."""
    evil = b"HTTP/1.1 200 OK\r\nX-Evil: a\rSet-Cookie: s=1\r\nContent-Length: 2\r\n\r\n{}"
    fine = b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}"
    with scripted((evil, False, False), (fine, False, False)) as server:
        with proxy(f"http://127.0.0.1:{server.port}/mcp", tmp_path / "cr.jsonl") as origin:
            at = ("127.0.0.1", int(origin.rsplit(":", 1)[1]))
            request = b"POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}"
            with socket.create_connection(at) as s:
                s.settimeout(10)
                s.sendall(request)
                got = b""
                while data := s.recv(65536):
                    got += data
                assert b"Set-Cookie" not in got and got == b""
            with socket.create_connection(at) as s:
                s.settimeout(10)
                s.sendall(request)
                assert _read_answer(s, b"\r\n\r\n{}").startswith(b"HTTP/1.1 200 ")


def test_what_a_kept_upstream_connection_sent_unasked_is_no_answer_to_the_next_request() -> None:
    """The upstream writes more after a 204 (a body a 204 has not, here a whole answer of its own)
    a little later, and keeps the connection. asyncio's transport read it into the stream's queue,
    so the socket did not read as ready: the next request went on that connection and got those
    bytes as its answer (the host, another exchange's answer). It goes on a new connection now."""
    stale = b"HTTP/1.1 204 No Content\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nstale"
    with scripted((stale, True, False), (b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}", False, False)) as server:

        async def main() -> list[tuple[int, bytes]]:
            up = Upstream(f"http://127.0.0.1:{server.port}/mcp")
            try:
                first = await _exchange(up)
                await anyio.sleep(0.3)  # the rest has come
                return [first, await _exchange(up)]
            finally:
                await up.aclose()

        assert anyio.run(main) == [(204, b""), (200, b"{}")]
        assert server.connections == 2


def test_an_answer_with_both_chunked_and_a_content_length_is_read_chunked_and_its_connection_not_kept() -> None:
    both = b"HTTP/1.1 200 OK\r\nContent-Length: 40\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n"
    with scripted((both, False, False), (b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n[]", False, False)) as server:

        async def main() -> list[tuple[int, bytes]]:
            up = Upstream(f"http://127.0.0.1:{server.port}/mcp")
            try:
                return [await _exchange(up), await _exchange(up)]
            finally:
                await up.aclose()

        assert anyio.run(main) == [(200, b"{}"), (200, b"[]")]
        assert server.connections == 2


@pytest.mark.parametrize(
    ("answer", "body"),
    [
        (b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n00002;a=b;c\r\n{}\r\n000\r\n\r\n", b"{}"),
        (
            b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nA\r\n0123456789\r\n0\r\nT: 1\r\nU: 2\r\n\r\n",
            b"0123456789",
        ),
        (
            b"HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 102 Processing\r\n\r\n"
            b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}",
            b"{}",
        ),
    ],
    ids=["extensions-zeros", "uppercase-trailers", "two-1xx"],
)
def test_chunk_sizes_and_informational_answers(answer: bytes, body: bytes) -> None:
    with scripted((answer, True, False), (b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n[]", False, False)) as server:

        async def main() -> list[tuple[int, bytes]]:
            up = Upstream(f"http://127.0.0.1:{server.port}/mcp")
            try:
                return [await _exchange(up), await _exchange(up)]
            finally:
                await up.aclose()

        assert anyio.run(main) == [(200, body), (200, b"[]")]
        assert server.connections == 1


def test_a_chunk_size_past_64_bits_is_an_upstream_error() -> None:
    huge = b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1ffffffffffffffff\r\nabc"
    with scripted((huge, False, True)) as server:

        async def main() -> None:
            up = Upstream(f"http://127.0.0.1:{server.port}/mcp")
            try:
                with pytest.raises(UpstreamError, match="illegal chunk header"):
                    await _exchange(up)
            finally:
                await up.aclose()

        anyio.run(main)


def test_a_streams_reader_is_woken_while_a_write_waits() -> None:
    """The proxy's watch on a host reads the host's stream while the answer's write to it waits
    (the host reads slower than the upstream writes). The stream kept one waiter: the write's wait
    took it, and what the host sent (its leaving) never woke the read."""
    from inspector.session.http_streams import LoopStream, TcpListener

    async def main() -> None:
        listener = await TcpListener.open("127.0.0.1", 0)
        accepted: list[LoopStream] = []
        got: list[bytes] = []
        async with anyio.create_task_group() as tg:

            async def handler(stream: LoopStream) -> None:
                accepted.append(stream)
                await anyio.sleep_forever()

            tg.start_soon(listener.serve, handler)
            host = socket.create_connection(("127.0.0.1", listener.port))
            host.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            try:
                with anyio.fail_after(10):
                    while not accepted:
                        await anyio.sleep(0.01)
                stream = accepted[0]

                async def read() -> None:
                    got.append(await stream.receive())

                async def flood() -> None:
                    while True:
                        await stream.send(b"x" * 65536)

                tg.start_soon(read)
                await anyio.sleep(0.05)
                tg.start_soon(flood)
                with anyio.fail_after(10):
                    while stream.writable:  # the write waits now
                        await anyio.sleep(0.01)
                host.sendall(b"ping")
                with anyio.fail_after(5):
                    while not got:
                        await anyio.sleep(0.01)
                assert got == [b"ping"]
            finally:
                host.close()
                tg.cancel_scope.cancel()
        await listener.aclose()

    anyio.run(main)


def test_a_flood_relayed_to_a_slow_reader_stays_bounded() -> None:
    """An upstream writes 16 MiB as fast as it can; the proxy's streams relay it read by read (as the
    proxy does) to a host that reads slowly: what waits unread and what waits unsent stay within the
    streams' limits (plus one read of asyncio's), and every byte arrives."""
    from inspector.session.http_streams import READ_LIMIT, WRITE_LIMIT, LoopStream, TcpListener, connect_tcp

    total = 16 * 1024 * 1024
    source = socket.create_server(("127.0.0.1", 0))

    def write_all() -> None:
        conn, _ = source.accept()
        with conn:
            block = b"y" * 65536
            for _ in range(total // len(block)):
                conn.sendall(block)

    threading.Thread(target=write_all, daemon=True).start()
    received = [0]

    async def main() -> tuple[int, int]:
        listener = await TcpListener.open("127.0.0.1", 0)
        peaks = [0, 0]
        async with anyio.create_task_group() as tg:

            async def relay(host: LoopStream) -> None:
                up = await connect_tcp("127.0.0.1", source.getsockname()[1])
                try:
                    while True:
                        try:
                            data = await up.receive()
                        except anyio.EndOfStream:
                            break
                        await host.send(data)
                        peaks[0] = max(peaks[0], up.queued)
                        peaks[1] = max(peaks[1], host.transport.get_write_buffer_size())
                finally:
                    await up.aclose()
                    await host.aclose()

            tg.start_soon(listener.serve, relay)

            def slow_host() -> None:
                with socket.create_connection(("127.0.0.1", listener.port)) as s:
                    while data := s.recv(65536):
                        received[0] += len(data)
                        time.sleep(0.002)

            await anyio.to_thread.run_sync(slow_host)
            tg.cancel_scope.cancel()
        await listener.aclose()
        return peaks[0], peaks[1]

    queued, unsent = anyio.run(main)
    source.close()
    assert received[0] == total
    assert queued <= READ_LIMIT + 256 * 1024, queued
    assert unsent <= WRITE_LIMIT + 65536, unsent


def test_a_host_that_floods_while_its_answer_streams_is_read_no_further() -> None:
    """While an answer streams, the proxy's watch reads the host's socket (to see it leave); a host
    that sends on and on was read whole into the wire's buffer. Past READ_LIMIT held, it stops."""
    from inspector.session.http_host_wire import HostWire
    from inspector.session.http_proxy import watch_host
    from inspector.session.http_streams import READ_LIMIT

    class Endless:
        reads = 0

        async def receive(self, max_bytes: int = 65536) -> bytes:
            self.reads += 1
            await anyio.sleep(0)
            return b"z" * 65536

    async def main() -> tuple[int, int]:
        wire, stream, gone = HostWire(), Endless(), anyio.Event()
        with anyio.move_on_after(0.5) as scope:
            await watch_host(wire, stream, gone, scope)  # type: ignore[arg-type]
        return wire.held, stream.reads

    held, reads = anyio.run(main)
    assert READ_LIMIT < held <= READ_LIMIT + 65536 and reads == held // 65536


def _sockets(pid: int) -> int:
    """How many sockets the process ``pid`` holds open."""
    count = 0
    for fd in os.listdir(f"/proc/{pid}/fd"):
        with contextlib.suppress(OSError):
            count += os.readlink(f"/proc/{pid}/fd/{fd}").startswith("socket:")
    return count


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="counts a process's sockets in /proc")
def test_every_error_path_leaves_no_socket_open(tmp_path: Path) -> None:
    """The proxy's sockets are counted after rounds of what ends an exchange badly: the upstream
    resets mid-body (read to the close, and of a Content-Length), the host leaves an event stream
    that floods and one that is quiet, a request that is no HTTP (400), a host that resets mid-head
    and one that leaves mid-body: once each round is over the proxy holds what it held before."""
    port = free_port()
    record = tmp_path / "fds.jsonl"
    with HttpPeer(_http_raw(port), port, path="/echo") as peer:
        proc = subprocess.Popen(
            [sys.executable, "-m", "inspector", "proxy", "--listen", "127.0.0.1:0", "--upstream", peer.url]
            + ["--record", str(record)],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        try:
            assert proc.stderr is not None
            line = proc.stderr.readline().decode()
            found = re.search(r"listening on http://127\.0\.0\.1:(\d+),", line)
            assert found, line
            at = ("127.0.0.1", int(found.group(1)))

            def ask(request: bytes, read: int = 1, reset: bool = False) -> None:
                with socket.create_connection(at) as s:
                    s.settimeout(10)
                    s.sendall(request)
                    for _ in range(read):
                        if not s.recv(65536):
                            break
                    if reset:
                        s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))

            def get(path: bytes) -> bytes:
                return b"GET %s HTTP/1.1\r\nHost: x\r\n\r\n" % path

            ask(b"POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}")
            time.sleep(0.5)
            before = _sockets(proc.pid)
            for _ in range(3):
                ask(b"POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}")
                ask(get(b"/reset-close"), read=5)
                ask(get(b"/reset-length"), read=5)
                ask(get(b"/sse-flood"), read=20)
                ask(get(b"/sse-flood"), read=3, reset=True)
                ask(get(b"/sse-quiet"), read=1)
                ask(b"GARBAGE\r\n\r\n", read=1)
                ask(b"POST /echo HTTP/1.1\r\nHost: x\r\nContent-Le", read=0, reset=True)
                ask(b"POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{", read=0)
            deadline = time.monotonic() + 10
            while (now := _sockets(proc.pid)) != before and time.monotonic() < deadline:
                time.sleep(0.1)
            assert now == before, (now, before)
        finally:
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        assert proc.returncode == 0


def test_an_absolute_form_target_goes_to_the_upstream_as_its_path() -> None:
    """RFC 9112 3.2.2: a server takes an absolute-form target's authority over Host. Forwarded as it
    came, the upstream read a request for another authority than the Host the proxy names (and the
    recording's URL was the upstream's origin followed by the whole URL)."""
    from inspector.session.http_proxy import origin_form

    assert origin_form(b"http://elsewhere.example:81/mcp?x=1") == b"/mcp?x=1"
    assert origin_form(b"HTTPS://elsewhere.example") == b"/"
    assert origin_form(b"http://elsewhere.example?x=1") == b"/?x=1"
    assert origin_form(b"/mcp?u=http://x/") == b"/mcp?u=http://x/"
    assert origin_form(b"*") == b"*"
    fine = b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}"
    with scripted((fine, False, False), (fine, False, False)) as server, tempfile.TemporaryDirectory() as tmp:
        with proxy(f"http://127.0.0.1:{server.port}/mcp", Path(tmp) / "absolute.jsonl") as origin:
            with socket.create_connection(("127.0.0.1", int(origin.rsplit(":", 1)[1]))) as s:
                s.settimeout(10)
                for target in (b"http://elsewhere.example/mcp?x=1", b"/mcp"):
                    s.sendall(b"POST %s HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}" % target)
                    assert _read_answer(s, b"\r\n\r\n{}").startswith(b"HTTP/1.1 200 ")
    host = b"Host: 127.0.0.1:%d\r\n" % server.port
    assert server.got[0].startswith(b"POST /mcp?x=1 HTTP/1.1\r\n" + host)
    assert server.got[1].startswith(b"POST /mcp HTTP/1.1\r\n" + host)


def test_a_chunk_size_with_more_leading_zeros_than_sixteen_digits_is_read() -> None:
    zeros = b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n%s2\r\n{}\r\n0\r\n\r\n" % (b"0" * 30)
    with scripted((zeros, False, False)) as server:

        async def main() -> tuple[int, bytes]:
            up = Upstream(f"http://127.0.0.1:{server.port}/mcp")
            try:
                return await _exchange(up)
            finally:
                await up.aclose()

        assert anyio.run(main) == (200, b"{}")


def test_a_head_answered_with_a_body_then_a_request_on_the_same_connections(tmp_path: Path) -> None:
    """The fixture upstream answers HEAD /echo with a body (as it answers a POST): the proxy reads
    no body for HEAD, so those bytes are not the next request's answer; the host gets the HEAD's
    head alone (h11 frames it) and then its POST's own answer, on one host connection."""
    port = free_port()
    with HttpPeer(_http_raw(port), port, path="/echo") as peer:
        with proxy(peer.url, tmp_path / "head.jsonl") as origin:
            with socket.create_connection(("127.0.0.1", int(origin.rsplit(":", 1)[1]))) as s:
                s.settimeout(10)
                s.sendall(b"HEAD /echo HTTP/1.1\r\nHost: x\r\n\r\n")
                head = _read_answer(s, b"\r\n\r\n")
                assert head.startswith(b"HTTP/1.1 200 ") and b"Content-Length: " in head
                time.sleep(0.3)
                s.sendall(b"POST /echo HTTP/1.1\r\nHost: x\r\nX-Which: post\r\nContent-Length: 2\r\n\r\n{}")
                got = _read_answer(s, b"\r\n\r\n{}")
                assert got.startswith(b"HTTP/1.1 200 ") and b"X-Which: post" in got and b"HEAD /echo" not in got


def test_an_answer_with_two_equal_content_lengths_reaches_the_host_with_one(tmp_path: Path) -> None:
    """As h11 sent it: one Content-Length (a host may refuse two, even equal)."""
    two = b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\nX-A: a\r\nContent-Length: 2\r\n\r\n{}"
    with scripted((two, False, False)) as server:
        with proxy(f"http://127.0.0.1:{server.port}/mcp", tmp_path / "two.jsonl") as origin:
            with socket.create_connection(("127.0.0.1", int(origin.rsplit(":", 1)[1]))) as s:
                s.settimeout(10)
                s.sendall(b"POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}")
                got = _read_answer(s, b"\r\n\r\n{}")
    assert got == _h11_answer(200, [(b"Content-Length", b"2"), (b"X-A", b"a"), (b"Content-Length", b"2")], b"OK", b"{}")
    assert got.count(b"Content-Length") == 1
