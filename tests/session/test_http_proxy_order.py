"""The HTTP proxy's recording keeps the order the host's requests came in across connections
(issue 24): an exchange's recording waits until the host has its answer (one hand-over), but a
request answered quickly on another connection must not be recorded before one sent earlier
whose answer is still awaited (a ``notifications/cancelled`` recorded before the request it
cancels would be judged as cancelling an unknown request)."""

from __future__ import annotations

import socket
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from test_http_proxy import proxy

from inspector.session.recording import Direction, Recording

ROUNDS = 6


def _request(i: int) -> bytes:
    return b'{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"slow"}}' % i


def _cancel(i: int) -> bytes:
    return b'{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":%d}}' % i


def _post(sock: socket.socket, port: int, body: bytes) -> None:
    sock.sendall(
        b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: application/json\r\n"
        b"Accept: application/json, text/event-stream\r\nContent-Length: %d\r\n\r\n%s" % (port, len(body), body)
    )


def _read_answer(sock: socket.socket) -> bytes:
    got = b""
    while b"\r\n\r\n" not in got:
        got += sock.recv(65536)
    head, _, rest = got.partition(b"\r\n\r\n")
    length = _content_length(head)
    while len(rest) < length:
        rest += sock.recv(65536)
    return rest


def _content_length(head: bytes) -> int:
    """A head's Content-Length (0 without one: a GET)."""
    return next((int(x.split(b":")[1]) for x in head.split(b"\r\n") if x.lower().startswith(b"content-length")), 0)


#: what the upstream does with one request (its connection, head, body)
Handler = Callable[[socket.socket, bytes, bytes], None]


@contextmanager
def _upstream(handle: Handler) -> Iterator[int]:
    """An upstream on 127.0.0.1 (its port): each connection read in a thread of its own, each
    request whole (head, then as many body bytes as its Content-Length says) given to ``handle``;
    the listener is closed when the block ends."""
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(30)

    def connection(conn: socket.socket) -> None:
        with conn:
            got = b""
            while chunk := conn.recv(65536):
                got += chunk
                while b"\r\n\r\n" in got:
                    head, _, rest = got.partition(b"\r\n\r\n")
                    length = _content_length(head)
                    if len(rest) < length:
                        break
                    body, got = rest[:length], rest[length:]
                    handle(conn, head, body)

    def accept() -> None:
        while True:
            try:
                conn, _ = listener.accept()
            except OSError:
                return
            threading.Thread(target=connection, args=(conn,), daemon=True).start()

    threading.Thread(target=accept, daemon=True).start()
    try:
        yield listener.getsockname()[1]
    finally:
        listener.close()


def test_a_request_answered_later_is_recorded_before_one_sent_after_it_on_another_connection(tmp_path: Path) -> None:
    """Each round: the host posts a tools/call on one connection; once the upstream has it, the host
    posts its cancellation on another, which the upstream answers at once (202), and only then the
    call's answer. Every call is in the recording before its cancellation, as on the wire."""
    arrived = threading.Semaphore(0)
    cancelled = threading.Semaphore(0)
    answer = b'{"jsonrpc":"2.0","id":%d,"result":{"content":[]}}'

    def handle(conn: socket.socket, head: bytes, body: bytes) -> None:
        if b"tools/call" in body:
            arrived.release()
            cancelled.acquire(timeout=30)
            i = int(body.split(b'"id":')[1].split(b",")[0])
            text = answer % i
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n")
            conn.sendall(b"Content-Length: %d\r\n\r\n%s" % (len(text), text))
        else:
            conn.sendall(b"HTTP/1.1 202 Accepted\r\nContent-Length: 0\r\n\r\n")
            cancelled.release()

    record = tmp_path / "order.jsonl"
    with _upstream(handle) as upstream, proxy(f"http://127.0.0.1:{upstream}/mcp", record) as origin:
        port = int(origin.rsplit(":", 1)[1])
        with (
            socket.create_connection(("127.0.0.1", port)) as first,
            socket.create_connection(("127.0.0.1", port)) as second,
        ):
            for i in range(1, ROUNDS + 1):
                _post(first, port, _request(i))
                assert arrived.acquire(timeout=30)
                _post(second, port, _cancel(i))
                assert _read_answer(second) == b""
                assert _read_answer(first) == answer % i
    rec = Recording.load(record)
    c2s = [rec.method_at(i) for i in range(len(rec)) if rec.direction_at(i) is Direction.C2S]
    assert c2s == ["tools/call", "notifications/cancelled"] * ROUNDS


def test_an_http_sse_answer_that_comes_on_the_event_stream_before_the_posts_202_is_recorded_after_its_request(
    tmp_path: Path,
) -> None:
    """HTTP+SSE: the upstream writes each answer on the event stream before it answers the POST with
    202 (as a server that handles the message first does). The recording has each request before its
    answer (paired with it, no rule broken), as on the wire; each answer reaches the host as it came."""
    events: list[socket.socket] = []
    got_stream = threading.Event()

    def handle(conn: socket.socket, head: bytes, body: bytes) -> None:
        if head.startswith(b"GET"):
            conn.sendall(
                b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n\r\n"
                b"event: endpoint\r\ndata: /messages?session_id=1\r\n\r\n"
            )
            events.append(conn)
            got_stream.set()
            return
        if b'"id":' in body:
            i = body.split(b'"id":')[1].split(b",")[0]
            events[0].sendall(b'event: message\r\ndata: {"jsonrpc":"2.0","id":%s,"result":{}}\r\n\r\n' % i)
        conn.sendall(b"HTTP/1.1 202 Accepted\r\nContent-Length: 8\r\n\r\nAccepted")

    record = tmp_path / "sse-order.jsonl"
    init = b'{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2024-11-05",'
    init += b'"capabilities":{},"clientInfo":{"name":"t","version":"1"}}}'
    with _upstream(handle) as upstream, proxy(f"http://127.0.0.1:{upstream}/sse", record) as origin:
        port = int(origin.rsplit(":", 1)[1])
        with (
            socket.create_connection(("127.0.0.1", port)) as stream,
            socket.create_connection(("127.0.0.1", port)) as posts,
        ):
            stream.sendall(b"GET /sse HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nAccept: text/event-stream\r\n\r\n" % port)
            seen = b""
            while b"/messages?session_id=1" not in seen:
                seen += stream.recv(65536)
            assert got_stream.wait(30)
            bodies = [init, b'{"jsonrpc":"2.0","method":"notifications/initialized"}']
            bodies += [b'{"jsonrpc":"2.0","id":%d,"method":"tools/list"}' % i for i in range(1, ROUNDS + 1)]
            for body in bodies:
                posts.sendall(
                    b"POST /messages?session_id=1 HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n"
                    b"Content-Type: application/json\r\nContent-Length: %d\r\n\r\n%s" % (port, len(body), body)
                )
                assert _read_answer(posts) == b"Accepted"
                if b'"id"' in body:
                    want = b'"id":%s,' % body.split(b'"id":')[1].split(b",")[0].rstrip(b"}")
                    while want not in seen:
                        seen += stream.recv(65536)
    rec = Recording.load(record)
    order = [
        (rec.direction_at(i), rec.id_at(i))
        for i in range(len(rec))
        if rec.direction_at(i) in (Direction.C2S, Direction.S2C) and rec.id_at(i) is not None
    ]
    assert order == [(d, i) for i in range(ROUNDS + 1) for d in (Direction.C2S, Direction.S2C)]
    for i in range(len(rec)):
        if rec.direction_at(i) is Direction.S2C and rec.id_at(i) is not None:
            assert rec.paired_at(i) is not None, rec.violations_at(i)
