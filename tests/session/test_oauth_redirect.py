"""The loopback redirect listener (inspector/session/oauth_redirect.py), with real sockets on 127.0.0.1."""

from __future__ import annotations

import socket

import anyio
import httpx
import pytest

from inspector.session.oauth_redirect import HOST, MAX_REQUEST, loopback_redirect


def refused(port: int) -> bool:
    """Whether nothing listens on 127.0.0.1:port any more."""
    try:
        with socket.create_connection((HOST, port), timeout=1):
            return False
    except OSError:
        return True


def test_the_callback_hands_over_its_query_then_the_port_closes() -> None:
    async def main() -> tuple[str, int, str, int, str, str]:
        async with loopback_redirect("/callback") as listener, httpx.AsyncClient() as http:
            assert listener.redirect_uri == f"http://127.0.0.1:{listener.port}/callback"
            other = await http.get(f"http://127.0.0.1:{listener.port}/favicon.ico")
            answer = await http.get(listener.redirect_uri + "?code=abc&state=xyz")
            query = await listener.wait(5)
            with anyio.fail_after(5):  # the listener closes itself right after the callback
                while not refused(listener.port):
                    await anyio.sleep(0.02)
            return (
                query,
                other.status_code,
                answer.headers["content-type"],
                answer.status_code,
                answer.text,
                str(listener.port),
            )

    query, other, ctype, status, page, port = anyio.run(main)
    assert query == "code=abc&state=xyz"
    assert other == 404
    assert status == 200 and ctype.startswith("text/html") and "Signed in" in page
    assert "abc" not in page  # nothing of the query is shown back
    assert refused(int(port))


def test_only_loopback_is_bound() -> None:
    async def main() -> tuple[str, int]:
        async with loopback_redirect() as listener:
            return HOST, listener.port

    host, port = anyio.run(main)
    assert host == "127.0.0.1"
    assert refused(port)  # and closed once the block ends, without a callback


def test_an_error_is_escaped_in_the_page_and_other_methods_are_refused() -> None:
    async def main() -> tuple[int, str, str]:
        async with loopback_redirect() as listener, httpx.AsyncClient() as http:
            post = await http.post(listener.redirect_uri, content=b"x")
            answer = await http.get(listener.redirect_uri, params={"error": "<script>alert(1)</script>"})
            return post.status_code, answer.text, await listener.wait(5)

    post, page, query = anyio.run(main)
    assert post == 405
    assert "<script>" not in page and "&lt;script&gt;" in page
    assert "error=" in query


def test_an_oversized_request_head_is_refused_and_the_wait_times_out() -> None:
    async def main() -> tuple[bytes, bool]:
        async with loopback_redirect() as listener:
            stream = await anyio.connect_tcp(HOST, listener.port)
            async with stream:
                await stream.send(b"GET /callback?" + b"a" * (MAX_REQUEST + 100) + b" HTTP/1.1\r\n")
                head = await stream.receive()
            timed_out = False
            try:
                await listener.wait(0.3)
            except TimeoutError:
                timed_out = True
            return head, timed_out

    head, timed_out = anyio.run(main)
    assert head.startswith(b"HTTP/1.1 431")
    assert timed_out


def test_a_cancelled_flow_closes_the_port() -> None:
    ports: list[int] = []

    async def main() -> None:
        with anyio.move_on_after(0.2):
            async with loopback_redirect() as listener:
                ports.append(listener.port)
                await listener.wait(30)

    anyio.run(main)
    assert ports and refused(ports[0])


def test_an_error_in_the_block_comes_out_as_itself() -> None:
    async def main() -> None:
        async with loopback_redirect():
            raise LookupError("mine")

    with pytest.raises(LookupError, match="mine"):
        anyio.run(main)


def test_the_port_asked_for_is_used_and_a_taken_one_gives_another() -> None:
    async def main() -> tuple[int, int, int]:
        async with loopback_redirect() as first:
            wanted = first.port
        async with loopback_redirect(port=wanted) as again:
            same = again.port
            async with loopback_redirect(port=wanted) as other:  # the port is taken: the OS chooses
                moved = other.port
        return wanted, same, moved

    wanted, same, moved = anyio.run(main)
    assert same == wanted and moved not in (0, wanted)
    assert refused(wanted) and refused(moved)
