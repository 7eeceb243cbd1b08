"""The HTTP proxy's own HTTP/1.1 on both sides (issue 24's cost): the upstream's answers framed by
:class:`Upstream` without h11, the host's plain requests read and answered by :class:`HostWire`
without h11 and everything else handed to h11.

Real sockets on 127.0.0.1: a scripted upstream in a thread here (it writes each answer as told,
byte by byte where the framing is to be parsed across reads, and says what it got), and the proxy as
a host runs it against the raw fixture upstream (tests/fixtures/servers/http_raw.py) for the host's
side, where what the host gets is compared byte for byte with what h11 writes for the same answer.
"""

from __future__ import annotations

import socket
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
