"""What the HTTP transports share below the links: the limits and times of an exchange, the client
a link sends through, and the reading of answers - a body as it was read (its first bytes, how
many came, how it ended), whether it is a message, a redirect's target and why it is not
followed, an HTTP error's JSON-RPC code and first line, and an exception named by its real cause
(never by the group anyio wrapped it in), with the bytes it quotes shown as text. Nothing here
keeps state between exchanges; ``http_streamable`` and ``http`` build the links on it."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from urllib.parse import urljoin, urlsplit

import anyio
import httpx
import orjson

from inspector.protocol.jsontypes import JsonObject

from .base import (
    HttpSpec,
)

Clock = Callable[[], float]

ACCEPT_POST = "application/json, text/event-stream"
#: How many reconnections in a row may fail before the transport gives up on the GET stream
#: (a stream that delivered resets the count: servers may close streams as a matter of course).
RESUME_ATTEMPTS = 3
#: Ended answer streams remembered for resumption (the session resumes at once or never).
ENDED_KEPT = 256
#: Reconnection time when the server set none (ms); a server's own ``retry`` is respected.
DEFAULT_RETRY_MS = 1000
#: How long connecting (and sending a request) may take; the answer's body has a limit of its own.
CONNECT_TIMEOUT = 10.0
#: How long a body that is no stream (a JSON answer, an error page, a DELETE answer) may take to
#: arrive whole once its status line came, when the session gives no time of its own: a server
#: that sends a body forever, or byte by byte, holds no exchange past it. Event streams have no
#: such limit (they may rightly stay open); their events are bounded in size instead.
DEFAULT_READ_TIMEOUT = 30.0
#: A 2xx answer body up to this size that is no message is kept in its exchange, not as a line.
SMALL_BODY = 1024


async def leave_link(tg: anyio.abc.TaskGroup | None, client: httpx.AsyncClient | None) -> None:
    """Leave a transport's task group (in the task that entered it), then close the client it
    owns (None: it has none of its own)."""
    if tg is not None:
        await tg.__aexit__(None, None, None)
    if client is not None:
        with anyio.CancelScope(shield=True):
            await client.aclose()


def new_client(spec: HttpSpec) -> httpx.AsyncClient:
    """The HTTP client of a link to ``spec``'s server."""
    return httpx.AsyncClient(
        verify=spec.verify_tls,
        timeout=httpx.Timeout(CONNECT_TIMEOUT, read=None),
        follow_redirects=False,  # a redirect is named, never followed (see redirect_failure)
        trust_env=True,
        # gzip and deflate only: a read of a compressed body can grow at most about a
        # thousandfold before the line limit applies (brotli or zstd, when installed,
        # could make one read gigabytes)
        headers={"Accept-Encoding": "gzip, deflate"},
    )


@dataclass(slots=True)
class Body:
    """A body as ``_read_body`` read it: its first bytes, how many came, how it ended."""

    head: bytearray = field(default_factory=bytearray)  # the first max_line bytes
    total: int = 0  # bytes received
    error: str | None = None  # why it did not arrive whole (reset, broken framing, read timeout)
    done: bool = False  # False: the read was cancelled (the session closing)
    started: float = field(default_factory=time.monotonic)  # when reading began (the status line had come)
    announced: bool = False  # the exchange was recorded when the body passed the limit

    @property
    def dropped(self) -> int:
        return self.total - len(self.head)


def is_message(method: str, status: int, ctype: str) -> bool:
    """Whether an answer's body is a message (JSON-RPC, for the engine to judge): a JSON body,
    but not of a redirect or of DELETE (those are kept beside the messages)."""
    return ctype == "application/json" and not 300 <= status < 400 and method != "DELETE"


def is_auth_error_body(status: int, response: httpx.Response, raw: bytes) -> bool:
    """Whether a JSON body is the authorization layer's error, not a JSON-RPC message: a 401 or
    403 with a ``WWW-Authenticate`` challenge whose body is a JSON object without ``jsonrpc``
    (RFC 6750 section 3's ``error``/``error_description``, as the official SDK sends). It is kept
    beside the messages, never judged as one (a correct protected server is no protocol breaker)."""
    if status not in (401, 403) or "www-authenticate" not in response.headers:
        return False
    try:
        obj = orjson.loads(raw)
    except orjson.JSONDecodeError:
        return False
    return isinstance(obj, dict) and "jsonrpc" not in obj


def redirect_location(response: httpx.Response) -> str | None:
    """Where a redirect points (its Location, made absolute against the request's URL)."""
    target = response.headers.get("location")
    return urljoin(str(response.request.url), target.strip()) if target else None


def redirect_failure(method: str, response: httpx.Response, location: str | None) -> str:
    """Why a redirect is named and not followed, in words."""
    where = f"a redirect to {location}" if location else "a redirect without a Location"
    return (
        f"the server answered {method} {response.request.url} with {response.status_code} "
        f"{response.reason_phrase}, {where}; "
        "it was not followed: every message goes to the one MCP endpoint given for this session, and following "
        "would send this session's headers, its credentials among them, to another place without asking"
        + (" (if that is the server, connect to that URL)" if location else "")
    )


VISIBLE_ASCII = re.compile(r"[\x21-\x7e]+")  # what a session id may hold (2025-11-25 session management)


def origin_of(url: str) -> tuple[str, str, int | None]:
    parts = urlsplit(url)
    port = parts.port or {"http": 80, "https": 443}.get(parts.scheme)
    return parts.scheme, (parts.hostname or "").lower(), port


def jsonrpc_error_code(body: bytes) -> int | None:
    """The code of a JSON-RPC error body, if it is one (HTTP metadata: what the refusal said)."""
    try:
        obj = orjson.loads(body)
    except orjson.JSONDecodeError:
        return None
    error = obj.get("error") if isinstance(obj, dict) else None
    code = error.get("code") if isinstance(error, dict) else None
    return code if type(code) is int else None


#: How much of an error page names it: its first line, at most this many characters.
FIRST_LINE = 200


def http_error_failure(method: str, response: httpx.Response, raw: bytes) -> JsonObject:
    """What an HTTP error status without a JSON-RPC answer means for the request it carried: it
    failed (no answer will come), saying the status and the body's first line."""
    first = first_line(raw)
    return {
        "failure": f"the server answered {method} {response.request.url} with HTTP {response.status_code} "
        f"{response.reason_phrase} and no JSON-RPC answer" + (f": {first}" if first else ""),
        "failure_code": "http-error",
        "failure_args": {"status": str(response.status_code), "line": first or "no body"},
    }


def first_line(raw: bytes, limit: int = FIRST_LINE) -> str:
    """The first non-empty line of a body, as text, at most ``limit`` characters."""
    for line in raw.splitlines():
        text = line.decode("utf-8", "replace").strip()
        if text:
            return text if len(text) <= limit else text[: limit - 1] + "…"
    return ""


def unwrapped(exc: BaseException) -> BaseException:
    """The real error inside exception groups of one (anyio's connect wraps an OverflowError
    for a port past 65535 in one)."""
    while isinstance(exc, BaseExceptionGroup) and len(exc.exceptions) == 1:
        exc = exc.exceptions[0]
    return exc


def exception_name(exc: BaseException) -> str:
    """An error that httpx does not name, with its type: the real cause, never its group."""
    exc = unwrapped(exc)
    if isinstance(exc, BaseExceptionGroup):
        return "; ".join(exception_name(e) for e in exc.exceptions)
    return f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__


def why_failed(exc: BaseException) -> str:
    """An error in words: its own text, or the text of what caused it (httpx's ReadError over
    a reset says nothing itself; its cause says "Connection reset by peer")."""
    exc = unwrapped(exc)
    text = str(exc)
    if text:
        return bytes_shown(text)
    cause = exc.__cause__ or exc.__context__
    while cause is not None and not str(cause):
        cause = cause.__cause__ or cause.__context__
    return bytes_shown(f"{type(exc).__name__}: {cause}") if cause is not None else type(exc).__name__


#: A Python repr of bytes inside an error's text (h11: "illegal chunk header: bytearray(b'zz\\r\\n')")
BYTES_REPR = re.compile(r"""bytearray\(b(['"])((?:\\.|(?!\1).)*)\1\)|\bb(['"])((?:\\.|(?!\3).)*)\3""")


def bytes_shown(text: str) -> str:
    """``text`` with each Python bytes repr in it written as its escaped bytes in double quotes
    (``bytearray(b'zz\\r\\n')`` -> ``"zz\\r\\n"``): people read the bytes, not the repr."""

    def shown(m: re.Match[str]) -> str:
        quote, inner = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        if quote == "'":
            inner = inner.replace("\\'", "'")
        return '"' + re.sub(r'(?<!\\)((?:\\\\)*)"', r'\1\\"', inner) + '"'

    return BYTES_REPR.sub(shown, text)
