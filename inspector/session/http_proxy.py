"""Proxy mode (HTTP): a loopback reverse proxy between a host and an MCP server at a URL, watching both.

Theory of operation. ``mcp-session-inspector proxy --listen 127.0.0.1:PORT --upstream URL`` listens
on a loopback address only and hands every request it gets to the upstream server's origin with the
same path and query: the host is pointed at ``http://127.0.0.1:PORT`` + the upstream URL's path. The
connections are byte streams straight on asyncio's transports (:mod:`.http_streams`; a TLS upstream
keeps anyio's). The listening side speaks HTTP/1.1 through :mod:`.http_host_wire`: a host's plain
request (what hosts send) is read, and its answer framed, by a few regular expressions; anything
else is handed to ``h11`` (a runtime dependency already: httpx's transport, httpcore, is built on
it; no server library is a runtime dependency of the inspector), which keeps its rules from then
on. The upstream side is one HTTP/1.1 connection per host connection, kept between exchanges
(:mod:`.http_upstream`, which takes an answer's framing off itself; not httpx, which would normalise
the URL, keep cookies and add headers, and cost a millisecond an exchange). What this costs a host
is measured by ``benchmarks/http_proxy_cost.py``. Each host connection is
served by one task, one exchange at a time (one request/response cycle; keep-alive kept): the
request body is read whole (a JSON-RPC message; a host's ``Expect: 100-continue`` gets its 100 at
once), forwarded with the host's headers as they were written - names in their own case, values
untouched, secrets included - except the hop-by-hop ones (``Connection`` and the headers it names,
``Keep-Alive``, ``Transfer-Encoding``, ``TE``, ``Trailer``, ``Upgrade``, ``Proxy-Authorization``,
``Proxy-Connection``) and ``Host``, which names the upstream. Nothing is added (no default headers,
no cookies of the proxy's own: the host's ``Cookie`` header goes as written, the upstream's
``Set-Cookie`` to the host; only an upstream URL's ``user:password@`` goes as ``Authorization:
Basic`` when the host sends no Authorization), and the request target goes byte for byte (an
absolute-form one as its path and query: :func:`origin_form`). The
answer's status, reason, headers (hop-by-hop ones dropped; the body is framed anew for the host) and
body go back as the upstream sent them, the body read by read (not decoded, not buffered): an event
stream reaches the host event by event as it arrives. What of the body came with the head (h11 holds
it) goes with the head, and the body's end with it when that came too: a short answer is one write
to the host. While an answer whose end has not come streams (an event stream, a chunked or unframed
body), a task beside it watches the host's socket: when the host goes away, the upstream stream is
closed too; a body of a known length has no such task (it is one exchange's cost that the host's
leaving is seen at the next write instead). The one change to a body: HTTP+SSE's ``endpoint`` event,
when it names an absolute URL on the upstream's origin, is rewritten to the proxy's origin so that
the host posts through the proxy (a relative endpoint, what servers usually send, already resolves
against the proxy). An upstream that cannot be reached is answered with 502 and said in the
recording.

Judging and disk run behind, as in the stdio proxy (:mod:`.proxy`): the forwarding only hands over
what it moved - the request (method, target, headers, body), the answer's status and headers, each read
of the body, its end, as the bytes they came as (decoding, masking, building the URL is the
recorder's work) - to the queue of an :class:`HttpRecorder`, the stdio proxy's
:class:`~.proxy.Recorder` thread taught HTTP: what an exchange carried waits until the host has its
answer and goes as one item then (a recorder thread woken mid-exchange took the interpreter from
the forwarding, and the host waited); an answer that streams, or comes later than
``HAND_OVER_AFTER`` (one timer for all exchanges), has the request handed over at once then, so a
live view shows a request whose answer is awaited. Whatever is handed over first hands over
what waits of every exchange (in the order the requests came: the recording keeps the wire's
order). What is read of the host's and the upstream's heads is kept by their bytes
(:mod:`.http_host_wire`, :mod:`.http_upstream`: a host's requests and a server's answers repeat),
and so are an answer head's headers for the host. It records what
the inspector's own HTTP sessions record: the host's message (``c2s``, judged by the engine in observer mode), an
``http_exchange`` event (method, URL, status, reason, request and response headers with secrets
masked - Authorization, cookies, tokens, as :func:`.secrecy.secret_header` tells them - and
``request_seq``; recorded at the status line for an event stream, else once the body has come,
with ``body_bytes``), the server's messages with their HTTP metadata (a JSON body; each event of an
event stream, decoded there, with its id and name; the channel ``post``/``get``/``post-sse``/
``get-sse``, HTTP+SSE's stream too), the ``endpoint`` event, bodies that are no message as
``http-body`` notes. A gzip or deflate body is inflated for the recording only. The
recording is opened when the proxy listens (announced for the Watch list at once), for Streamable
HTTP; a GET as the first request is HTTP+SSE (2024-11-05): that empty recording is made again
for it. Each MCP session the host starts has its own recording and recorder (:meth:`_Proxy._session_for`:
a second ``initialize``, an ``Mcp-Session-Id`` not seen before, a second HTTP+SSE stream); an
exchange is recorded by the recorder of the session it began in (a late request of an earlier
session, by its session id or, HTTP+SSE, the endpoint its stream named, by that session's), and an earlier session's
recording is closed (in a thread of its own: the forwarding never waits) once its last exchange
ends. When the proxy ends (SIGINT, SIGTERM, SIGHUP) the queues are drained and the recordings
closed with their summaries before it exits.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import math
import re
import sys
import threading
import time
import zlib
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import anyio
import anyio.abc
import h11
import orjson

from inspector.protocol.engine import ClientConfig, ProtocolEngine
from inspector.protocol.framing import DEFAULT_MAX_LINE
from inspector.protocol.jsontypes import JsonObject
from inspector.protocol.messages import Kind
from inspector.protocol.sse import SseDecoder
from inspector.transport.base import MASK, LinkEventKind, TransportKind
from inspector.transport.http_wire import is_message, origin_of

from .http_host_wire import HostRequest, HostWire
from .http_streams import READ_LIMIT, TcpListener
from .http_upstream import Upstream, UpstreamAnswer, UpstreamError
from .proxy import (
    BUSY_WINDOW,
    PROXY_SIGNALS,
    SWITCH_INTERVAL,
    Recorder,
    default_record_path,
    keep_proxied_folder,
)
from .reanalyse import engine_header
from .recording import Direction, Recording, RecordingWriter
from .secrecy import masked_url, secret_header
from .watch import try_announce, withdraw

__all__ = [
    "HOP_BY_HOP",
    "endpoint_rewrite",
    "HttpProxyOptions",
    "HttpRecorder",
    "ListenError",
    "loopback_listen",
    "run_http_proxy",
]

#: Headers that concern one connection, not the message (RFC 9110 7.6.1): never forwarded.
HOP_BY_HOP = frozenset(
    {
        "connection",
        "keep-alive",
        "proxy-connection",
        "proxy-authorization",
        "proxy-authenticate",
        "te",
        "trailer",
        "transfer-encoding",
        "upgrade",
    }
)
#: Items an HTTP recorder lets queue before it spills them (:class:`~.proxy.Recorder`): an exchange
#: is two items (the request; its whole answer and end), a read of a streaming body one (64 KiB at
#: most: 16 MiB held at most). The stdio proxy's 64 had a ping every millisecond spilled to disk and
#: read back each time the recorder gave way to the forwarding (a tenth of a second): work for the
#: forwarding's CPU for nothing.
HTTP_QUEUE_LIMIT = 256
#: How long what the recorder gets of an exchange waits for its answer (see _Proxy._forward): an
#: answer slower than this has the request handed over without it (the live view shows it then).
HAND_OVER_AFTER = 0.01
#: How much of an event stream's start is held to find HTTP+SSE's endpoint event (it comes first).
ENDPOINT_WINDOW = 65536


class ListenError(ValueError):
    """``--listen`` names no loopback address and port."""


def loopback_listen(text: str) -> tuple[str, int]:
    """``127.0.0.1:PORT`` or ``[::1]:PORT`` (PORT 0: any free port) -> (address, port); anything
    else - another address, a name, no port - is a :class:`ListenError`."""
    host, sep, port_text = text.rpartition(":")
    if not sep or not port_text.isdigit() or int(port_text) > 65535:
        raise ListenError(f"{text!r}: give ADDRESS:PORT, e.g. 127.0.0.1:8765")
    host = host[1:-1] if host.startswith("[") and host.endswith("]") else host
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        raise ListenError(
            f"{text!r}: the address must be 127.0.0.1 or [::1] (a loopback address, not a name)"
        ) from None
    if str(address) not in ("127.0.0.1", "::1"):
        mapped = getattr(address, "ipv4_mapped", None)
        local = address.is_loopback or (mapped is not None and mapped.is_loopback)  # 127.0.0.2: refused, not open
        reach = "" if local else f"; {address} would let other machines reach the server through it"
        raise ListenError(f"{text!r}: the proxy listens on loopback only (127.0.0.1 or [::1]){reach}")
    return str(address), int(port_text)


@dataclass
class HttpProxyOptions:
    upstream: str
    host: str = "127.0.0.1"
    port: int = 0  # 0: a free port (said once it listens)
    record: Path | None = None  # None: the user's data folder
    name: str | None = None  # the server's name in the recording (default: the upstream's host:port)
    max_line: int = DEFAULT_MAX_LINE
    verify_tls: bool = True
    #: end when standard input ends (a window's relay: its stdin is a pipe from the window, which
    #: ends when the window closes it or is gone, crashed or killed, on every system with pipes)
    until_stdin_ends: bool = False


def _masked(raw: list[tuple[bytes, bytes]], seen: dict[tuple[bytes, bytes], tuple[str, str]]) -> dict[str, str]:
    """Headers (as they were written) as a recording keeps them: a secret's value masked (never in
    what is forwarded). ``seen``: each header as shown before (a host sends the same ones each time;
    telling a secret costs more than the rest of the recording of an exchange)."""
    out: dict[str, str] = {}
    for pair in raw:
        shown = seen.get(pair)
        if shown is None:
            name, value = pair[0].decode("latin-1"), pair[1].decode("latin-1")
            secret = secret_header(name, value) or name.lower() in ("cookie", "set-cookie")
            shown = (name, MASK if secret else value)
            if len(seen) >= _SEEN_HEADERS:
                seen.clear()
            seen[pair] = shown
        name, value = shown
        out[name] = f"{out[name]}, {value}" if name in out else value
    return out


#: the most headers a recorder keeps as shown (see _masked)
_SEEN_HEADERS = 1024


# ---------------------------------------------------------------- behind the forwarding


# The items the forwarding hands to a recorder: never changed once made, but not frozen (a frozen
# dataclass sets each field through object.__setattr__: four times the cost of making one, and
# several are made on the forwarding's path each exchange).


@dataclass(slots=True)
class _Request:
    t: float
    xid: int
    method: bytes
    target: bytes  # the request target as the host wrote it (the URL: the upstream's origin and this)
    headers: list[tuple[bytes, bytes]]  # as the host wrote them (decoded and masked by the recorder)
    body: bytes


@dataclass(slots=True)
class _Answer:
    t: float
    xid: int
    status: int
    reason: bytes
    headers: list[tuple[bytes, bytes]]  # as the upstream wrote them (decoded and masked by the recorder)
    rewritten: str | None = None  # HTTP+SSE: the endpoint as forwarded, when it was rewritten


@dataclass(slots=True)
class _Chunk:
    t: float
    xid: int
    data: bytes


@dataclass(slots=True)
class _End:
    t: float
    xid: int
    error: str | None = None


@dataclass(slots=True)
class _Batch:
    """An answer already whole and its exchange's end: one item (one hand-over to the recorder's thread)."""

    t: float
    xid: int
    items: tuple[object, ...]


@dataclass
class _Flow:
    method: str
    url: str
    seq: int | None = None  # the entry of the host's message this exchange carried
    meta: JsonObject = field(default_factory=dict)
    sse: SseDecoder | None = None
    body: bytearray = field(default_factory=bytearray)
    total: int = 0
    inflate: zlib._Decompress | None = None
    rewritten: str | None = None
    message: bool = False
    exchange: tuple[str, JsonObject] | None = None  # the http_exchange event not recorded yet: (detail, info)


class HttpRecorder(Recorder):
    """The stdio proxy's recorder taught HTTP exchanges (see the module's docstring)."""

    def __init__(
        self,
        rec: Recording,
        engine: ProtocolEngine,
        kind: TransportKind,
        max_line: int,
        writer: RecordingWriter | None = None,
    ) -> None:
        spill_dir = writer.path.parent if writer else None
        super().__init__(rec, engine, max_line, writer=writer, spill_dir=spill_dir, queue_limit=HTTP_QUEUE_LIMIT)
        self.kind = kind
        self.open_exchanges = 0  # the forwarding's count: exchanges begun and not ended
        self.closing = False  # the forwarding's: its recording is being closed (nothing more goes to it)
        self._flows: dict[int, _Flow] = {}
        self._seen: dict[tuple[bytes, bytes], tuple[str, str]] = {}  # headers as shown (see _masked)
        self.origin = ""  # the upstream's origin (a request's URL: it and the host's request target)

    def _take(self, item: object) -> None:
        match item:
            case _Chunk():
                self._chunk(item)
            case _Request():
                self._request(item)
            case _Answer():
                self._answer(item)
            case _End():
                self._end(item)
            case _Batch():
                for each in item.items:
                    self._take(each)
            case _LinkNote():
                note = self.engine.note(Kind.LINK_NOTE)
                self.rec.append(Direction.NOTE, item.t, item.text.encode(), note, {"channel": "http"})
            case _:
                super()._take(item)  # type: ignore[arg-type]  # the stdio recorder's items

    def _request(self, item: _Request) -> None:
        rec, eng = self.rec, self.engine
        method = item.method.decode("ascii", "replace")
        url = self.origin + item.target.decode("ascii", "replace")
        flow = self._flows[item.xid] = _Flow(method, masked_url(url))  # ?api_key=… masked: recorded only
        if method == "DELETE":  # the host ends the session
            text = f"the host closes the session: DELETE {flow.url}"
            rec.append(
                Direction.EVENT, item.t, text.encode(), eng.link_event("session_closing"), {"event": "session_closing"}
            )
        flow.meta = {"request_headers": _masked(item.headers, self._seen)}
        if item.body.strip():
            flow.seq = len(rec)
            raw = item.body
            if len(raw) > self.max_line:
                dropped = len(raw) - self.max_line
                a = eng.oversized(raw[: self.max_line], dropped, self.max_line)
                rec.append(Direction.C2S, item.t, raw[: self.max_line], a, {"dropped": dropped})
            else:
                rec.append(Direction.C2S, item.t, raw, self._judged(eng.observe, raw, item.t, flow.seq))

    def _answer(self, item: _Answer) -> None:
        flow = self._flows.get(item.xid)
        if flow is None:  # its request was in a spill that could not be read back (a gap said there)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in item.headers}
        ctype = headers.get("content-type", "").split(";")[0].strip().lower()
        reason = item.reason.decode("latin-1")
        info: JsonObject = {
            "method": flow.method,
            "url": flow.url,
            "request_headers": flow.meta.get("request_headers", {}),
            "status": item.status,
            "reason": reason,
            "response_headers": _masked(item.headers, self._seen),
        }
        if flow.seq is not None:
            info["request_seq"] = flow.seq
        detail = f"{flow.method} {flow.url} → {item.status} {reason}" + (f" ({ctype})" if ctype else "")
        flow.exchange = (detail, info)
        encoding = headers.get("content-encoding", "").strip().lower()
        if encoding in ("gzip", "deflate"):
            flow.inflate = zlib.decompressobj(47)  # gzip or zlib, told from the header
        flow.rewritten = item.rewritten
        channel = "post" if flow.method == "POST" else "get"
        flow.meta = {"method": flow.method, "url": flow.url, "status": item.status, "content_type": ctype}
        if flow.seq is not None:
            flow.meta["request_seq"] = flow.seq
        if ctype == "text/event-stream" and item.status < 300:  # the exchange now, its events as they come
            self._exchange(item.t, flow)
            flow.sse = SseDecoder(self.max_line)
            flow.meta["channel"] = channel + "-sse"  # HTTP+SSE's stream too, as the inspector's own session says
        else:
            flow.meta["channel"] = channel
            flow.message = is_message(flow.method, item.status, ctype)

    def _exchange(self, t: float, flow: _Flow, more: JsonObject | None = None) -> None:
        """The ``http_exchange`` event: at the status line for an event stream, else once the body
        has come (with its size, as the inspector's own HTTP sessions record it)."""
        if flow.exchange is None:
            return
        detail, info = flow.exchange
        flow.exchange = None
        if more:
            info.update(more)
        a = self.engine.link_event(LinkEventKind.HTTP_EXCHANGE.value, info)
        self.rec.append(Direction.EVENT, t, detail.encode(), a, {"event": "http_exchange", "http": info})

    def _chunk(self, item: _Chunk) -> None:
        flow = self._flows.get(item.xid)
        if flow is None:
            return
        data = flow.inflate.decompress(item.data) if flow.inflate is not None else item.data
        if flow.sse is None:
            flow.total += len(data)
            room = self.max_line - len(flow.body)
            if room > 0:
                flow.body += data[:room]
            return
        for ev in flow.sse.feed(data):
            if ev.event == "endpoint":
                self._endpoint(item.t, flow, ev.data)
            elif ev.data:  # an event without data primes a stream (its id): the transport's business
                meta: JsonObject = {**flow.meta, "sse_id": ev.id, "sse_event": ev.event}
                self.engine.arrival = meta
                if ev.dropped:
                    a = self.engine.oversized(ev.data, ev.dropped, self.max_line)
                    self.rec.append(Direction.S2C, item.t, ev.data, a, {"http": meta, "dropped": ev.dropped})
                else:
                    a = self._judged(self.engine.incoming, ev.data, item.t, len(self.rec))
                    self.rec.append(Direction.S2C, item.t, ev.data, a, {"http": meta})

    def _endpoint(self, t: float, flow: _Flow, data: bytes) -> None:
        target = masked_url(data.decode("utf-8", "replace").strip())
        post = urljoin(flow.url, target)
        info: JsonObject = {"endpoint": target, "post_url": post}
        if flow.rewritten is not None:
            info["forwarded_as"] = masked_url(flow.rewritten)
        a = self.engine.link_event(LinkEventKind.ENDPOINT.value, info)
        self.rec.append(Direction.EVENT, t, f"POST messages to {post}".encode(), a, {"event": "endpoint", "http": info})

    def _end(self, item: _End) -> None:
        flow = self._flows.pop(item.xid, None)
        if flow is None:
            return
        rec, eng = self.rec, self.engine
        if flow.exchange is not None:
            more: JsonObject = {"body_bytes": flow.total}
            if flow.total > len(flow.body):
                more["body_dropped"] = flow.total - len(flow.body)
            if item.error is not None:
                more["body_error"] = item.error
            self._exchange(item.t, flow, more)
        if flow.sse is not None and flow.sse.pending():
            data, dropped = flow.sse.partial(f"{flow.method} {flow.url}: the stream ended mid-event: ".encode())
            rec.append(Direction.NOTE, item.t, data, eng.note(Kind.LINK_NOTE), {"channel": "http-body"})
        elif flow.body:
            raw = bytes(flow.body)
            dropped = flow.total - len(raw)
            if flow.message:
                eng.arrival = flow.meta
                extra: JsonObject = {"http": flow.meta}
                if dropped:
                    a = eng.oversized(raw, dropped, self.max_line)
                    extra["dropped"] = dropped
                else:
                    a = self._judged(eng.incoming, raw, item.t, len(rec))
                rec.append(Direction.S2C, item.t, raw, a, extra)
            else:
                what = f"{flow.method} {flow.url} answered {flow.meta.get('status')}: ".encode()
                note: JsonObject = {"channel": "http-body"}
                if dropped:
                    note["dropped"] = dropped
                rec.append(Direction.NOTE, item.t, what + raw, eng.note(Kind.LINK_NOTE), note)
        if item.error is not None:
            text = f"{flow.method} {flow.url}: {item.error}"
            rec.append(Direction.NOTE, item.t, text.encode(), eng.note(Kind.LINK_NOTE), {"channel": "http"})


@dataclass(frozen=True, slots=True)
class _LinkNote:
    t: float
    text: str


# ---------------------------------------------------------------- the forwarding


class _Proxy:
    def __init__(
        self, options: HttpProxyOptions, clock: Callable[[], float], say: Callable[[str], None] | None
    ) -> None:
        self.options = options
        self.clock = clock
        self.say = say
        parts = urlsplit(options.upstream)
        self.origin = f"{parts.scheme}://{parts.netloc}"
        self.upstream_host = parts.netloc
        self.name = options.name or parts.netloc.rpartition("@")[2]  # never a user:password@
        self.session = 1  # the host's MCP sessions: each has its recording (see _session_for)
        self.path = self._path_for(1)
        self.own_origin = ""
        self.recorder: HttpRecorder | None = None  # the current session's (opened when the proxy listens)
        self.recorders: dict[int, HttpRecorder] = {}  # exchange -> the recorder of the session it belongs to
        self.retiring: list[HttpRecorder] = []  # earlier sessions' recorders with exchanges still open
        self.announced: Path | None = None
        self.closers: list[threading.Thread] = []  # closing earlier sessions' recordings
        self.live: list[HttpRecorder] = []  # recorders whose threads run (each gives way to the forwarding)
        self.loop: asyncio.AbstractEventLoop | None = None  # the forwarding's (set when it serves)
        self._backs: dict[int, tuple[UpstreamAnswer, list[tuple[bytes, bytes]], str]] = {}  # see _back
        #: each exchange whose recorder items wait (see _forward): when it began (the loop's time), and they
        self._waiting: dict[int, tuple[float, list[object]]] = {}
        self._sweep: asyncio.TimerHandle | None = None  # the timer that hands over what waits too long
        self._xid = 0
        # what the current session has seen (see _session_for)
        self.exchanges = 0
        self.initialized = False  # an initialize was forwarded
        self.event_stream = False  # HTTP+SSE: its GET was forwarded
        self.session_id: str | None = None
        self.session_ids: set[str] = set()  # every session id seen: an earlier session's request splits nothing
        self.sid_owners: dict[str, HttpRecorder] = {}  # each session id: the recorder of the session that had it
        # HTTP+SSE: each endpoint (path and query) an event stream named: the recorder of its session
        self.endpoint_owners: dict[str, HttpRecorder] = {}

    def _path_for(self, session: int) -> Path:
        """The recording of the host's ``session``-th MCP session: ``--record FILE`` for the first,
        FILE-2.jsonl... for the next; without it, a new file in the proxied folder each time."""
        record = self.options.record
        if record is None:
            return default_record_path(self.name if session == 1 else f"{self.name}-{session}")
        return record if session == 1 else record.with_name(f"{record.stem}-{session}{record.suffix}")

    def open_session(self, kind: TransportKind) -> HttpRecorder:
        """Start the current session's recording (announced for the Watch list: its file is there at once)."""
        recorder = self.recorder = self._open_recording(kind)
        self.exchanges = 0
        self.initialized = self.event_stream = False
        self.session_id = None
        announced = try_announce(self.name, [self.own_origin, "→", masked_url(self.options.upstream)], self.path)
        if announced is not None:
            self.announced = announced
        return recorder

    def _session_for(self, method: str, target: str, sid: str | None, body: bytes) -> HttpRecorder:
        """The recorder of the session a request belongs to. A host that starts a new MCP session
        gets a new recording: an ``initialize`` after one was forwarded, a request with an
        ``Mcp-Session-Id`` never seen before (the session had another), or (HTTP+SSE) a second GET
        of the event stream. A late request of an earlier session (its ``Mcp-Session-Id``; HTTP+SSE: a
        POST to the endpoint its event stream named) is recorded in that session's recording while it
        is open (an event stream of it goes on), else in the current one.
        The recording made when the proxy began listening is for Streamable HTTP; a GET as the
        very first request is an HTTP+SSE host: that empty recording is made again for it."""
        current = self.recorder
        assert current is not None
        owner = self.sid_owners.get(sid) if sid is not None else None
        if owner is None and method == "POST":
            owner = self.endpoint_owners.get(target)
        if owner is not None and owner is not current:
            # a late request of an earlier session (its event stream, a DELETE, an answer to the
            # server): recorded in that session's recording while it is open, else in the current
            # one; it neither starts a session nor gives the current one its id
            return current if owner.closing else owner
        init = method == "POST" and b'"initialize"' in body and _is_initialize(body)
        if not self.exchanges and method == "GET" and current.kind is not TransportKind.SSE:
            self.close_recorder(current, remove=True)  # nothing was put on it: no wait; the same path again
            current = self.open_session(TransportKind.SSE)
        elif (
            (init and self.initialized)
            or (sid is not None and self.session_id is not None and sid not in self.session_ids)
            or (method == "GET" and current.kind is TransportKind.SSE and self.event_stream)
        ):
            kind = TransportKind.SSE if method == "GET" and current.kind is TransportKind.SSE else current.kind
            self._retire(current)
            self.session += 1
            self.path = self._path_for(self.session)
            current = self.open_session(kind)
            if self.say is not None:
                self.say(f"mcp-session-inspector proxy: the host started a new MCP session; recording to {self.path}")
        self.exchanges += 1
        self.initialized = self.initialized or init
        self.event_stream = self.event_stream or (method == "GET" and current.kind is TransportKind.SSE)
        if sid is not None:
            self.session_ids.add(sid)
            self.sid_owners.setdefault(sid, current)
            if self.session_id is None:
                self.session_id = sid
        return current

    def _retire(self, recorder: HttpRecorder) -> None:
        """A session's recording is no longer the current one: closed once its open exchanges
        end (an event stream of the old session may go on). Its backlog is judged only while the
        forwarding is idle (the current session's recorder keeps up with the live view)."""
        recorder.max_defer = math.inf
        if recorder.open_exchanges:
            self.retiring.append(recorder)
        else:
            self._close_later(recorder)

    def _close_later(self, recorder: HttpRecorder) -> None:
        """Close a recording in a thread of its own (its recorder may have a backlog to judge: the
        forwarding never waits for it); the proxy joins these threads before it exits."""
        recorder.closing = True  # nothing more is routed to it (see _session_for)
        closer = threading.Thread(target=self.close_recorder, args=(recorder,), name="proxy recording closer")
        closer.start()
        self.closers.append(closer)

    def close_recorder(self, recorder: HttpRecorder, remove: bool = False) -> None:
        """Drain a recorder and close its file with the summary (blocks until its thread is done);
        ``remove``: then remove the file (it holds no entry)."""
        recorder.closing = True
        recorder.put(None)
        recorder.join()
        with contextlib.suppress(ValueError):
            self.live.remove(recorder)
        writer = recorder.writer
        if writer is not None:
            summary: JsonObject = {"kind": "summary", **recorder.engine.summary(), "counts": recorder.rec.counts()}
            writer.close(summary)
            if remove and not len(recorder.rec):
                with contextlib.suppress(OSError):
                    writer.path.unlink()
        if recorder.failure is not None and self.say is not None:
            self.say(f"mcp-session-inspector proxy: the recording stopped early: {recorder.failure!r}")

    def exchange_ended(self, xid: int) -> None:
        recorder = self.recorders.pop(xid, None)
        if recorder is None:
            return
        recorder.open_exchanges -= 1
        if recorder in self.retiring and not recorder.open_exchanges:
            self.retiring.remove(recorder)
            self._close_later(recorder)

    def _open_recording(self, kind: TransportKind) -> HttpRecorder:
        config = ClientConfig(observer=True)
        engine = ProtocolEngine(config, transport=kind)
        header: JsonObject = {
            "transport": kind.value,
            "url": masked_url(self.options.upstream),
            **engine_header(config),
            "server_name": self.name,
            "proxied": {
                "upstream": masked_url(self.options.upstream),
                "listen": self.own_origin,
                "name": self.name,
                "session": self.session,
            },
        }
        rec = Recording(header, t0=self.clock())
        writer = RecordingWriter(self.path, rec, mode=0o600)
        rec.add_listener(writer.on_batch)
        recorder = HttpRecorder(rec, engine, kind, self.options.max_line, writer)
        recorder.origin = self.origin
        recorder.start()
        self.live.append(recorder)
        return recorder

    def put(self, item: object) -> None:
        """Hand an item to the recorder of the session its exchange belongs to (a note: the current one),
        after what waits of exchanges (their requests went upstream before it came: see _hand_over)."""
        if self._waiting:
            self._hand_over([], 0)
        self._put(item)

    def _put(self, item: object) -> None:
        xid = getattr(item, "xid", None)
        recorder = self.recorders.get(xid) if xid is not None else self.recorder
        if recorder is not None:
            busy = time.monotonic() + BUSY_WINDOW
            for live in self.live:  # an earlier session's recorder judging its backlog gives way too
                live.busy_until = busy
            recorder.put(item)  # type: ignore[arg-type]

    async def serve(self, stream: anyio.abc.ByteStream) -> None:
        if self.loop is None:
            self.loop = asyncio.get_running_loop()
        wire = HostWire()
        upstream = Upstream(self.options.upstream, verify_tls=self.options.verify_tls)
        try:
            while True:
                req = await wire.request(stream)
                if req is None:
                    return
                await self._exchange(wire, stream, upstream, req)
                if not wire.next_cycle():
                    return
        except h11.RemoteProtocolError as exc:  # not HTTP/1.1: said to the host (400) and in the recording
            self.put(_LinkNote(self.clock(), f"the host sent what is not an HTTP/1.1 request: {exc}"))
            with anyio.move_on_after(1):
                try:
                    for data in wire.refuse():
                        await stream.send(data)
                except (h11.LocalProtocolError, anyio.BrokenResourceError, anyio.ClosedResourceError, OSError):
                    pass
            return
        except h11.LocalProtocolError:
            return
        except (anyio.BrokenResourceError, anyio.ClosedResourceError, anyio.EndOfStream, OSError):
            return
        finally:
            await upstream.aclose()
            await stream.aclose()

    async def _exchange(
        self, wire: HostWire, stream: anyio.abc.ByteStream, upstream: Upstream, req: HostRequest
    ) -> None:
        t = self.clock()
        if req.target[:1] != b"/":  # an absolute-form target (or "*"): see origin_form
            req = replace(req, target=origin_form(req.target))
        method = req.method.decode("ascii", "replace")
        target = req.target.decode("ascii", "replace")
        names = req.names if req.names is not None else [k.lower() for k, _ in req.headers]
        if req.names is None:
            req = replace(req, names=names)
        sid = req.headers[names.index(b"mcp-session-id")][1].decode("latin-1") if b"mcp-session-id" in names else None
        recorder = self._session_for(method, target, sid, req.body)
        self._xid += 1
        xid = self._xid
        self.recorders[xid] = recorder
        recorder.open_exchanges += 1
        try:
            await self._forward(wire, stream, upstream, t, xid, req, method)
        finally:
            self.exchange_ended(xid)

    async def _forward(
        self,
        wire: HostWire,
        stream: anyio.abc.ByteStream,
        upstream: Upstream,
        t: float,
        xid: int,
        req: HostRequest,
        method: str,
    ) -> None:
        raw, body = req.headers, req.body
        # what the recorder gets of the exchange waits in ``tail`` while the exchange goes on: an
        # answer that is whole at once goes with it, after the host has it, as one hand-over (the
        # recorder's thread woken mid-exchange took the interpreter from the forwarding: the host
        # waited for it); an answer slower than HAND_OVER_AFTER, or one that streams, has it
        # handed over then (the live view shows the request while its answer is awaited)
        tail: list[object] = [_Request(t, xid, req.method, req.target, raw, body)]
        loop = self.loop
        if loop is not None:
            self._waiting[xid] = (loop.time(), tail)
            if self._sweep is None:
                self._sweep = loop.call_later(HAND_OVER_AFTER, self._hand_over_waiting)
        names = req.names if req.names is not None else [k.lower() for k, _ in raw]
        dropped = _REQUEST_DROPPED
        if b"connection" in names:  # (one: what hosts send; its value read here, not every header again)
            dropped = dropped | (
                _tokens(raw[names.index(b"connection")][1]) if names.count(b"connection") == 1 else _named(raw)
            )
        sent = [pair for pair, name in zip(raw, names, strict=True) if name not in dropped]
        try:
            answer = await upstream.request(req.method, req.target, sent, body)
        except BaseException as exc:
            self._hand_over(tail, xid)
            if isinstance(exc, anyio.get_cancelled_exc_class()):  # the proxy ends: the recording says so
                self.put(_End(self.clock(), xid, "the proxy ended before the upstream answered"))
            if not isinstance(exc, UpstreamError):
                raise
            shown = masked_url(self.origin)
            why = (
                f"the upstream {shown} could not be reached: {exc}"
                if exc.stage == "connect"
                else f"the upstream {shown} did not answer: {exc}"
            )
            url = self.origin + req.target.decode("ascii", "replace")
            self.put(_LinkNote(self.clock(), f"{method} {masked_url(url)}: {why}"))
            self.put(_End(self.clock(), xid))
            text = (why + "\n").encode()
            headers = [(b"Content-Type", b"text/plain; charset=utf-8"), (b"Content-Length", b"%d" % len(text))]
            await stream.send(wire.head(502, headers, b"Bad Gateway") + wire.data(text) + wire.end())
            return
        error: str | None = None
        try:
            if await self._answer(wire, stream, xid, method, upstream, answer, tail):
                error = "the host closed the connection while the answer came; the upstream's answer was closed too"
                raise anyio.EndOfStream
        except UpstreamError as exc:
            error = f"the upstream's answer broke off: {exc}"
            raise anyio.EndOfStream from exc  # the host's answer is cut off as the upstream's was
        finally:
            tail.append(_End(self.clock(), xid, error))
            self._hand_over(tail, xid)
            if upstream.unfinished:
                with anyio.CancelScope(shield=True):  # also when the proxy is ending
                    await upstream.abandon()  # an answer not read to its end: that connection is not kept

    def _back(self, answer: UpstreamAnswer) -> tuple[list[tuple[bytes, bytes]], str]:
        """The answer's headers as they go back to the host (hop-by-hop ones dropped), and its
        content type (lower case, no parameters). The same answer head (the upstream reads a head it
        read before as the same object) has the same: kept (read only) while the answer is kept here
        (bounded: emptied when full)."""
        known = self._backs.get(id(answer))
        if known is not None and known[0] is answer:
            return known[1], known[2]
        ctype = (answer.header(b"content-type") or b"").decode("latin-1").split(";")[0].strip().lower()
        raw_headers = answer.headers
        dropped = _HOP_BY_HOP | _named(raw_headers)
        back = [(k, v) for k, v in raw_headers if k.lower() not in dropped]
        if answer.header(b"transfer-encoding") is not None:  # chunked wins (RFC 9112 6.3): the length is not the body's
            back = [(k, v) for k, v in back if k.lower() != b"content-length"]
        if len(self._backs) >= _BACKS_KEPT:
            self._backs.clear()
        self._backs[id(answer)] = (answer, back, ctype)
        return back, ctype

    def _hand_over_waiting(self) -> None:
        """What waits of exchanges begun HAND_OVER_AFTER ago or more goes to the recorders (one timer
        for every exchange: set when the first begins, again while any waits)."""
        self._sweep = None
        loop = self.loop
        assert loop is not None
        due = loop.time() - HAND_OVER_AFTER
        soonest: float | None = None
        for xid, (t, tail) in list(self._waiting.items()):
            if t <= due:
                self._hand_over(tail, xid)
            elif soonest is None or t < soonest:
                soonest = t
        if soonest is not None:
            self._sweep = loop.call_later(soonest - due, self._hand_over_waiting)

    def _hand_over(self, tail: list[object], xid: int) -> None:
        """Hand what waits in ``tail`` to the recorder now (see _forward), and what waits of every other
        exchange with it: all in the order the requests came (each went upstream before what ``tail``
        holds came; across connections too), what came of this one since after the others' requests."""
        waiting, self._waiting = self._waiting, {}
        items, rest = tail[:], []
        tail.clear()
        if xid in waiting:
            if len(items) > 1 and next(reversed(waiting)) != xid:  # a later request waits too
                items, rest = items[:1], items[1:]
            waiting[xid] = (0.0, items)
        else:
            rest = items
        for k, (_, each) in waiting.items():
            self._put_items(tuple(each), k)
            each.clear()
        self._put_items(tuple(rest), xid)

    def _put_items(self, items: tuple[object, ...], xid: int) -> None:
        if items:
            self._put(items[0] if len(items) == 1 else _Batch(self.clock(), xid, items))

    async def _answer(
        self,
        wire: HostWire,
        stream: anyio.abc.ByteStream,
        xid: int,
        method: str,
        upstream: Upstream,
        answer: UpstreamAnswer,
        tail: list[object],
    ) -> bool:
        """Send the upstream's answer to the host as it comes; whether the host went away meanwhile.
        ``tail``: what waits for the recorder (the request). An answer already whole: what the
        recorder gets of it is added there (it goes with the exchange's end, once the host has the
        answer: one hand-over to the recorder's thread); else ``tail`` is handed over first."""
        raw_headers = answer.headers
        back, ctype = self._back(answer)
        reason = answer.reason
        sid = answer.header(b"mcp-session-id")
        given = None if sid is None else sid.decode("latin-1")
        if given is not None and self.recorders.get(xid) is self.recorder and self.session_id is None:
            self.session_id = given  # the server named the session (its answer to initialize)
            self.session_ids.add(given)
        # a GET's event stream may be HTTP+SSE's, whose first event (the endpoint) may be rewritten:
        # its start is held until that event is whole. The head goes first all the same (a Streamable
        # HTTP GET stream's first event may be minutes away: the host waited for the head till then,
        # and its leaving went unseen), unless a Content-Length is to grow with the rewrite.
        hold = method == "GET" and ctype == "text/event-stream" and answer.header(b"content-encoding") is None
        head_first = not hold or answer.header(b"content-length") is None
        # what the recorder gets of an answer already whole goes on its queue once the host has the
        # answer (waking the recorder's thread then costs the host nothing: it has it)
        later: list[object] = [] if hold else [_Answer(self.clock(), xid, answer.status, reason, raw_headers)]
        # the head goes with what of the body came with it, and with the end when that came too: one
        # write, one TCP segment for a short answer (an answer the server wrote at once reaches the
        # host at once, as one segment, with no task beside it)
        pending = b""
        if head_first:
            pending = wire.head(answer.status, back, answer.reason)
        if not hold:
            data, ended = upstream.buffered()
            if data:
                later.append(_Chunk(self.clock(), xid, data))
                pending += wire.data(data)
            try:
                if ended:
                    await stream.send(pending + wire.end())
                    return False
            finally:
                if ended:
                    tail.extend(later)
                else:
                    self._hand_over(tail, xid)
                    for item in later:
                        self.put(item)
            if ctype != "text/event-stream" and answer.header(b"content-length") is not None:
                # a body of a known length: relayed read by read without a watch on the host (its
                # leaving is seen at the next write; the upstream connection is closed then)
                while True:
                    data, ended = await upstream.read()
                    if data:
                        self.put(_Chunk(self.clock(), xid, data))
                        pending += wire.data(data)
                    if ended:
                        pending += wire.end()
                    await stream.send(pending)
                    pending = b""
                    if ended:
                        return False
        if ctype == "text/event-stream" and pending:  # its head (and what came) at once: the next event may be long
            await stream.send(pending)
            pending = b""
        self._hand_over(tail, xid)  # (the request first: what streams is handed over as it comes)
        gone = anyio.Event()
        # what breaks the relay (the upstream's answer broke off, the host's socket failed) is raised
        # as itself once the watch is over, not as the task group's ExceptionGroup, which no caller
        # catches: it ended the whole proxy, every host's connection and the recording with it
        broke: Exception | None = None
        async with anyio.create_task_group() as tg:
            tg.start_soon(watch_host, wire, stream, gone, tg.cancel_scope)
            try:
                if hold:
                    first, host_first, rewritten, ended = await self._endpoint_start(upstream)
                    endpoint = endpoint_target(first, self.options.upstream)
                    owner = self.recorders.get(xid)
                    if endpoint is not None and owner is not None:
                        self.endpoint_owners[endpoint] = owner
                    self.put(_Answer(self.clock(), xid, answer.status, reason, raw_headers, rewritten))
                    if not head_first:
                        grown = len(host_first) - len(first)
                        back = [(k, b"%d" % (int(v) + grown) if k.lower() == b"content-length" else v) for k, v in back]
                        pending = wire.head(answer.status, back, answer.reason)
                    # the recorder sees the upstream's bytes; the host, its own origin in a rewritten endpoint
                    if first:
                        self.put(_Chunk(self.clock(), xid, first))
                        pending += wire.data(host_first)
                    if ended:
                        pending += wire.end()
                    if pending:  # now: the host waits for that event (it sat here until the stream's next read)
                        await stream.send(pending)
                        pending = b""
                while not (hold and ended):
                    data, ended = await upstream.read()
                    if data:
                        self.put(_Chunk(self.clock(), xid, data))
                        pending += wire.data(data)
                    if ended:
                        pending += wire.end()
                    if pending:
                        await stream.send(pending)
                        pending = b""
                    if ended:
                        break
            except (
                UpstreamError,
                h11.LocalProtocolError,
                anyio.BrokenResourceError,
                anyio.ClosedResourceError,
                OSError,
            ) as e:
                broke = e
            tg.cancel_scope.cancel()
        if broke is not None:
            raise broke
        return gone.is_set()

    async def _endpoint_start(self, upstream: Upstream) -> tuple[bytes, bytes, str | None, bool]:
        """Hold an event stream's start until its first event is whole (HTTP+SSE's endpoint comes
        first): (the upstream's bytes, the bytes for the host, the endpoint as rewritten, whether
        the stream ended there)."""
        held = bytearray()
        ended = False
        while not ended and not _EVENT_END.search(held) and len(held) < ENDPOINT_WINDOW:
            data, ended = await upstream.read()
            held += data
        first = bytes(held)
        host_bytes, rewritten = endpoint_rewrite(first, self.origin, self.own_origin)
        return first, host_bytes, rewritten, ended


_EVENT_END = re.compile(rb"\r\n\r\n|\n\n|\r\r")


def endpoint_rewrite(first: bytes, upstream: str, own: str) -> tuple[bytes, str | None]:
    """An event stream's first bytes as the host is to get them: when the first event is HTTP+SSE's
    ``endpoint`` naming an absolute URL on the upstream's origin, that URL on the proxy's origin
    instead (path, query and fragment kept), so the host posts through the proxy; anything else
    (a relative endpoint, which resolves against the proxy already; another origin, which the
    host must judge itself) unchanged. Returns (bytes, the endpoint as rewritten or None)."""
    for ev in SseDecoder().feed(first):
        if ev.event != "endpoint":
            break
        target = ev.data.decode("utf-8", "replace").strip()
        parts = urlsplit(target)
        try:
            if not parts.scheme or origin_of(target) != origin_of(upstream):
                break
        except ValueError:  # a port past 65535: no URL of the upstream's
            break
        rest = target[len(f"{parts.scheme}://{parts.netloc}") :]
        moved = own + rest
        changed = first.replace(target.encode(), moved.encode(), 1)
        return (changed, moved) if changed != first else (first, None)
    return first, None


def endpoint_target(first: bytes, upstream: str) -> str | None:
    """The path and query (as a host's request target names them) of the endpoint an HTTP+SSE
    event stream's first event names, resolved against the upstream's URL; None when the first
    event is no ``endpoint`` or names another origin."""
    for ev in SseDecoder().feed(first):
        if ev.event != "endpoint":
            return None
        url = urljoin(upstream, ev.data.decode("utf-8", "replace").strip())
        try:
            if origin_of(url) != origin_of(upstream):
                return None
        except ValueError:  # a port past 65535
            return None
        parts = urlsplit(url)
        return (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    return None


_ABSOLUTE_FORM = re.compile(rb"[A-Za-z][-+.0-9A-Za-z]*://[^/?#]*")


def origin_form(target: bytes) -> bytes:
    """A request target as it goes to the upstream: an absolute-form one (``http://elsewhere/mcp``)
    as its path and query (``/mcp``). Forwarded as it was, it named another authority than the
    ``Host`` the proxy sends, and a server takes the target's (RFC 9112 3.2.2): the upstream read
    another request than the one recorded (whose URL, the upstream's origin + the target, was no
    URL). Any other target (origin-form, ``*``) goes byte for byte."""
    absolute = _ABSOLUTE_FORM.match(target)
    if absolute is None:
        return target
    rest = target[absolute.end() :]
    return rest if rest.startswith(b"/") else b"/" + rest


def _is_initialize(body: bytes) -> bool:
    """The request body is an ``initialize`` request (a new MCP session's first)."""
    try:
        message = orjson.loads(body)
    except orjson.JSONDecodeError:
        return False
    return isinstance(message, dict) and message.get("method") == "initialize" and "id" in message


#: HOP_BY_HOP as header names are compared on the forwarding path
_HOP_BY_HOP = frozenset(name.encode() for name in HOP_BY_HOP)
#: a request's headers not forwarded as the host wrote them (Host and Content-Length are the proxy's)
_REQUEST_DROPPED = _HOP_BY_HOP | {b"host", b"content-length"}
#: the most answer heads whose headers for the host are kept (see _Proxy._back)
_BACKS_KEPT = 64


def _tokens(value: bytes) -> set[bytes]:
    """The header names one ``Connection`` header's value names, lower case."""
    return {n.strip().lower() for n in value.split(b",")}


def _named(headers: list[tuple[bytes, bytes]]) -> set[bytes]:
    """The header names a ``Connection`` header names (hop-by-hop too), lower case."""
    return {n.strip().lower() for k, v in headers if k.lower() == b"connection" for n in v.split(b",")}


async def watch_host(wire: HostWire, stream: anyio.abc.ByteStream, gone: anyio.Event, scope: anyio.CancelScope) -> None:
    """While an answer streams, the host's socket: its end closes the upstream stream too."""
    while True:
        try:
            data = await stream.receive()
        except (anyio.EndOfStream, anyio.BrokenResourceError, anyio.ClosedResourceError, OSError):
            data = b""
        if not data:
            gone.set()
            scope.cancel()
            return
        wire.feed(data)  # a pipelined request: read once this answer is done
        if wire.held > READ_LIMIT:
            # a host that sends on and on while its answer streams: no more is read till the answer
            # ends (the stream's own limit then pauses reading), so memory stays bounded; its
            # leaving is seen at the next write to it
            await anyio.sleep_forever()


async def run_http_proxy(
    options: HttpProxyOptions,
    *,
    clock: Callable[[], float] = time.monotonic,
    say: Callable[[str], None] | None = None,
    ready: Callable[[int], None] | None = None,
) -> int:
    """Listen until SIGINT, SIGTERM or SIGHUP (or cancellation), then close the recording; 0."""
    keep_proxied_folder(say)
    proxy = _Proxy(options, clock, say)
    proxy.path.parent.mkdir(parents=True, exist_ok=True)  # OSError: the caller says why (nothing started yet)
    listener = await TcpListener.open(options.host, options.port)
    port = listener.port
    shown = f"[{options.host}]" if ":" in options.host else options.host
    proxy.own_origin = f"http://{shown}:{port}"
    # the recording and the Watch list's announcement (session.watch) exist from now on, before the
    # proxy says where it listens (whoever reads that finds it listed); a Streamable HTTP session's
    # until the first request says otherwise (a GET first: HTTP+SSE)
    try:
        proxy.open_session(TransportKind.STREAMABLE_HTTP)
    except BaseException:
        await listener.aclose()
        raise
    switch = sys.getswitchinterval()
    sys.setswitchinterval(SWITCH_INTERVAL)
    # the signals are received from before the proxy says it listens (one that comes once it is said
    # ends it cleanly) until its recordings are closed: one that comes while they are (a window stops
    # a relay by closing its stdin and then, at once, SIGTERM) waits, unheeded; its default action
    # killed the proxy mid-drain, its recording empty
    try:
        with _signal_receiver() as signals:
            await _serve(proxy, listener, options, port, signals, say, ready)
    finally:
        sys.setswitchinterval(switch)
    return 0


async def _serve(
    proxy: _Proxy,
    listener: TcpListener,
    options: HttpProxyOptions,
    port: int,
    signals: AsyncIterator[int] | None,
    say: Callable[[str], None] | None,
    ready: Callable[[int], None] | None,
) -> None:
    """Serve until a signal (or stdin's end, or cancellation), then close the recordings."""
    try:
        async with anyio.create_task_group() as tg:
            tg.start_soon(_until_signal, signals, tg.cancel_scope)
            if options.until_stdin_ends:
                tg.start_soon(_until_stdin_ends, tg.cancel_scope)
            if say is not None:
                say(
                    f"mcp-session-inspector proxy: listening on {proxy.own_origin}, forwarding to {proxy.origin}; "
                    f"point the host at {proxy.own_origin}{urlsplit(options.upstream).path or '/'}; "
                    f"recording to {proxy.path}"
                )
            if ready is not None:
                ready(port)
            await listener.serve(proxy.serve)
    finally:
        with anyio.CancelScope(shield=True):
            await listener.aclose()
            if not proxy.exchanges and proxy.session == 1 and say is not None:
                say(f"mcp-session-inspector proxy: no request came; the recording {proxy.path} holds none")
            for recorder in [*proxy.retiring, *([proxy.recorder] if proxy.recorder else [])]:
                await anyio.to_thread.run_sync(proxy.close_recorder, recorder)
            proxy.retiring.clear()
            for closer in proxy.closers:
                await anyio.to_thread.run_sync(closer.join)
            if proxy.announced is not None:
                withdraw(proxy.announced)


@contextlib.contextmanager
def _signal_receiver() -> Iterator[AsyncIterator[int] | None]:
    """SIGINT, SIGTERM and SIGHUP as they come, while the block runs; None where this thread
    cannot have signal handlers (not the main thread)."""
    try:
        receiver = anyio.open_signal_receiver(*PROXY_SIGNALS)
        signals = receiver.__enter__()
    except (NotImplementedError, RuntimeError, ValueError):
        yield None
        return
    try:
        yield signals
    finally:
        receiver.__exit__(None, None, None)


async def _until_stdin_ends(scope: anyio.CancelScope) -> None:
    """Read standard input to its end (nothing is done with what comes), then end the proxy
    cleanly, as a signal does. Where pipes cannot be waited on without a thread (Windows), or
    there is no stdin, nothing: the window's stop (a signal) and Linux's PDEATHSIG still end it."""
    if sys.platform == "win32":
        return
    from inspector.transport.host_pipes import HostPipe

    try:
        pipe = HostPipe(0)
    except OSError:
        return
    try:
        while await pipe.read(65536):
            pass
    except OSError:
        pass
    finally:
        pipe.close()
    scope.cancel()


async def _until_signal(signals: AsyncIterator[int] | None, scope: anyio.CancelScope) -> None:
    """The first signal ends the proxy (cleanly: its recordings are closed)."""
    if signals is None:
        await anyio.sleep_forever()
        return
    async for _ in signals:
        scope.cancel()
        return
