"""The HTTP proxy's fast paths give what the slow ones gave (issue 24's round-trip cost).

A host's plain request head is checked and read with two regular expressions over all its header
lines (not one a line), and the heads read are kept: a head read again is not read anew; the
upstream's answer heads are kept the same way (the same object, with its headers by lower-case
name), and so are the answer heads framed for the host. The recorder gets what an exchange
carried once the host has its answer (one hand-over), or, for an answer slower than 10 ms, the
request at once then (a live view shows it while the answer is awaited). Here: each fast path
against the slow
reading it replaced (the former per-line code, kept below as the reference), on generated and odd
heads, each read twice (the second time from what was kept), and the framing that follows a kept
head (keep-alive, ``Connection: close``, both framings, chunked or not for the host).
"""

from __future__ import annotations

import itertools
import random
import re
import socket
import threading
import time
from pathlib import Path

import anyio
import h11
import httpx
import pytest
from test_http_proxy import proxy
from test_http_wire import _Bytes, _exchange, scripted

from inspector.session.http_host_wire import HostWire
from inspector.session.http_upstream import Upstream
from inspector.session.recording import Direction, Recording

# -- the former reading of a plain request's head, line by line (the reference)

_TOKEN = rb"[-!#$%&'*+.^_`|~0-9A-Za-z]+"
_REQUEST_LINE = re.compile(rb"(" + _TOKEN + rb") ([\x21-\x7e]+) HTTP/1\.1")
_FIELD = re.compile(
    rb"(" + _TOKEN + rb"):[ \t]*((?:[\x21-\x7e\x80-\xff](?:[ \t\x21-\x7e\x80-\xff]*[\x21-\x7e\x80-\xff])?)?)[ \t]*"
)
_NOT_PLAIN = frozenset({b"transfer-encoding", b"expect", b"upgrade", b"te", b"trailer"})


def _reference(head: bytes) -> tuple[bytes, bytes, list[tuple[bytes, bytes]], int] | None:
    """``head`` (up to, without, the CR LF CR LF) as the per-line reading read it; None: not plain."""
    lines = head.split(b"\r\n")
    first = _REQUEST_LINE.fullmatch(lines[0])
    if first is None or first.group(1) in (b"HEAD", b"CONNECT"):
        return None
    headers: list[tuple[bytes, bytes]] = []
    length: int | None = None
    hosts = 0
    for line in lines[1:]:
        field = _FIELD.fullmatch(line)
        if field is None:
            return None
        name, value = field.group(1), field.group(2)
        low = name.lower()
        if low in _NOT_PLAIN:
            return None
        if low == b"content-length":
            if length is not None or not value.isdigit():
                return None
            length = int(value)
        elif low == b"host":
            hosts += 1
        elif low == b"connection" and any(t.strip().lower() != b"keep-alive" for t in value.split(b",")):
            return None
        headers.append((name, value))
    if hosts != 1:
        return None
    return first.group(1), first.group(2), headers, length or 0


_NAMES = [b"Host", b"host", b"Content-Length", b"content-length", b"Connection", b"X-A", b"Mcp-Session-Id", b"TE"]
_NAMES += [b"Transfer-Encoding", b"Expect", b"Upgrade", b"Trailer", b"Accept", b"X!#$%&'*+.^_`|~", b"Bad Name", b""]
_VALUES = [b"x", b"5", b"0", b"+5", b"5, 5", b"keep-alive", b"Keep-Alive, keep-alive", b"close", b"a b", b"a\tb"]
_VALUES += [b" x ", b"\tx\t", b"", b"a\x00b", b"a\rb", b"a\nb", b"\xe9t\xe9", b"\x7f", b"a  ", b"00012", b"1" * 30]


def _heads(n: int) -> list[bytes]:
    rng = random.Random(24)
    heads = []
    for _ in range(n):
        method = rng.choice([b"POST", b"GET", b"DELETE", b"HEAD", b"CONNECT", b"P\xc3ST", b"post"])
        target = rng.choice([b"/mcp", b"/mcp?a=1", b"http://x/mcp", b"*", b"/a b", b"/\x7f"])
        version = rng.choice([b"HTTP/1.1"] * 6 + [b"HTTP/1.0", b"HTTP/2"])
        lines = [method + b" " + target + b" " + version]
        if rng.random() < 0.9:
            lines.append(b"Host: " + rng.choice([b"x", b"127.0.0.1:1", b""]))
        for _ in range(rng.randrange(0, 6)):
            name = rng.choice(_NAMES)
            sep = rng.choice([b": ", b":", b" : ", b":  "])
            lines.append(name + sep + rng.choice(_VALUES))
        rng.shuffle(lines[1:])
        heads.append(b"\r\n".join(lines))
    return heads


async def _read(data: bytes) -> tuple[tuple[bytes, bytes, list[tuple[bytes, bytes]], bytes] | None, bool]:
    """What HostWire reads of ``data``: (method, target, headers, body) or None, and whether it
    read it itself (False: h11 does, from then on)."""
    wire = HostWire()
    try:
        req = await wire.request(_Bytes(data, len(data)))  # type: ignore[arg-type]
    except h11.RemoteProtocolError:
        req = None
    if req is None or wire.h11 is not None:
        return None, wire.h11 is None
    assert req.names == [k.lower() for k, _ in req.headers]
    return (req.method, req.target, req.headers, req.body), True


def test_a_plain_request_head_is_read_as_line_by_line_and_again_from_what_was_kept() -> None:
    """Generated heads (odd names, values, separators, versions, methods, Host and Content-Length
    doubled or missing, hop-by-hop headers), each read twice: the plain path takes exactly the heads
    the per-line reading took, with the same method, target, headers and body; the rest goes to h11."""
    body = b"0123456789" * 4

    async def main() -> None:
        plain = 0
        for head in _heads(3000):
            want = _reference(head)
            data = head + b"\r\n\r\n" + body
            for _ in range(2):  # the second read: the head as kept
                got, own = await _read(data)
                if want is None or want[3] > len(body):  # (a body that does not all come: h11 reads it)
                    assert not own, head
                else:
                    method, target, headers, length = want
                    assert own and got == (method, target, headers, body[:length]), head
            plain += want is not None
        assert plain > 100  # (the generator makes plain heads too)

    anyio.run(main)


@pytest.mark.parametrize(
    "answer",
    [
        b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}",
        b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
        b"HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\n{}",
        b"HTTP/1.1 200 OK\r\nContent-Length: 40\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
        b"HTTP/1.0 200 OK\r\nContent-Length: 2\r\n\r\n{}",
        b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\ncontent-length: 2\r\nSet-Cookie: a=1\r\nSet-Cookie: b=2\r\n\r\n{}",
        b"HTTP/1.1 200 OK\r\nX-A: a\r\n  folded\r\nContent-Length: 2\r\n\r\n{}",
    ],
    ids=["length", "chunked", "close", "both-framings", "http-1.0", "repeated", "folded"],
)
def test_an_answer_head_read_again_is_the_same_and_frames_its_body_alike(answer: bytes) -> None:
    """The same answer three times (the second and third heads from what was kept): the same status,
    reason and headers (the first value of each name, every value of a repeated one), the same body,
    and the connection kept or not alike each time (counted at the server)."""
    close = b"close" in answer or b"HTTP/1.0" in answer or b"Content-Length: 40" in answer
    with scripted(*[(answer, False, close)] * 3) as server:

        async def main() -> None:
            up = Upstream(f"http://127.0.0.1:{server.port}/mcp")
            seen = []
            try:
                for _ in range(3):
                    head = await up.request(b"POST", b"/mcp", [], b"{}")
                    body = b"".join([part async for part in up.body()])
                    assert body == b"{}"
                    for name in {k.lower() for k, _ in head.headers}:
                        every = [v for k, v in head.headers if k.lower() == name]
                        assert head.header(name) == every[0] and head.values(name) == every
                    assert head.header(b"x-none") is None and head.values(b"x-none") == []
                    seen.append((head.status, head.reason, head.headers))
            finally:
                await up.aclose()
            assert seen[0] == seen[1] == seen[2]

        anyio.run(main)
        assert server.connections == (3 if close else 1)


def test_kept_and_new_answer_heads_mixed_on_one_connection() -> None:
    """Two answer heads in turn (one with a length, one chunked) on one kept connection: each read
    as itself, whether it was kept or not."""
    one = b"HTTP/1.1 200 OK\r\nX-Turn: one\r\nContent-Length: 2\r\n\r\n{}"
    two = b"HTTP/1.1 201 Created\r\nX-Turn: two\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n[]\r\n0\r\n\r\n"
    with scripted(*[(one, False, False), (two, False, False)] * 3) as server:

        async def main() -> list[tuple[int, bytes]]:
            up = Upstream(f"http://127.0.0.1:{server.port}/mcp")
            try:
                return [await _exchange(up) for _ in range(6)]
            finally:
                await up.aclose()

        assert anyio.run(main) == [(200, b"{}"), (201, b"[]")] * 3
        assert server.connections == 1


def test_an_answer_head_framed_for_the_host_again_is_framed_alike() -> None:
    """HostWire's answer heads, framed anew by a fresh wire each time and framed again (kept), in
    every order: the same bytes, the body chunked or not as each head says, and a value h11 would
    not send refused every time (never kept)."""
    heads = [
        (200, [(b"Content-Type", b"text/event-stream")], b"OK"),
        (200, [(b"Content-Length", b"2")], b"OK"),
        (200, [(b"Content-Length", b"2"), (b"content-length", b"2")], b"OK"),
        (204, [], b"No Content"),
        (304, [(b"ETag", b"x")], b"Not Modified"),
        (502, [(b"Content-Type", b"text/plain"), (b"Content-Length", b"3")], b"Bad Gateway"),
    ]

    def framed(wire: HostWire, head: tuple[int, list[tuple[bytes, bytes]], bytes]) -> bytes:
        return wire.head(*head) + wire.data(b"{}") + wire.end()

    fresh = [framed(HostWire(), head) for head in heads]
    for order in itertools.permutations(range(len(heads)), 3):
        wire = HostWire()
        for i in order:
            assert framed(wire, heads[i]) == fresh[i]
    for _ in range(2):
        with pytest.raises(h11.LocalProtocolError):
            HostWire().head(200, [(b"X-A", b"a\rb")], b"OK")


def test_a_request_whose_answer_is_slow_is_recorded_before_its_answer_comes(tmp_path: Path) -> None:
    """Through the proxy, an upstream that holds its answer until told: the host's request is in the
    recording (its file, as a live view reads it) while the answer is awaited; then the answer
    reaches the host, and the recording holds the request, the exchange and the answer in order."""
    body = b'{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"slow"}}'
    answer = b'{"jsonrpc":"2.0","id":7,"result":{"content":[]}}'
    release = threading.Event()
    listener = socket.create_server(("127.0.0.1", 0))

    def serve() -> None:
        conn, _ = listener.accept()
        with conn:
            got = b""
            while not got.endswith(body):
                got += conn.recv(65536)
            release.wait(30)
            conn.sendall(
                b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s"
                % (len(answer), answer)
            )
            conn.recv(65536)  # (until the proxy closes it)

    server = threading.Thread(target=serve, daemon=True)
    server.start()
    record = tmp_path / "slow.jsonl"
    got: list[bytes] = []
    try:
        with proxy(f"http://127.0.0.1:{listener.getsockname()[1]}/mcp", record) as origin:

            def host() -> None:
                headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
                got.append(httpx.post(origin + "/mcp", content=body, headers=headers, timeout=30).content)

            asking = threading.Thread(target=host)
            asking.start()
            deadline = time.monotonic() + 10
            while b"tools/call" not in record.read_bytes() and time.monotonic() < deadline:
                time.sleep(0.02)
            assert b"tools/call" in record.read_bytes() and not got  # recorded while the answer is awaited
            release.set()
            asking.join(30)
    finally:
        release.set()
        listener.close()
    assert got == [answer]
    rec = Recording.load(record)
    kinds = [(rec.direction_at(i), rec.method_at(i)) for i in range(len(rec))]
    assert (Direction.C2S, "tools/call") in kinds
    c2s = kinds.index((Direction.C2S, "tools/call"))
    assert any(d is Direction.S2C for d, _ in kinds[c2s + 1 :])
