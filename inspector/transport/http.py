"""The Streamable HTTP transport (MCP 2025-03-26 and later, handshake era): an MCP server at a URL.

Theory of operation. Each message the client sends is one POST to the server's URL, with
``Accept: application/json, text/event-stream``; once the server has given a session id
(``Mcp-Session-Id`` on the initialize response) it goes with every later request, and once the
start sequence has settled a version, ``MCP-Protocol-Version`` too. POSTs run concurrently, each
in a task of the transport's own task group, started in the order the session sent them. The
answer to a POST is a link event (``HTTP_EXCHANGE``: method, URL, the request headers with
secret values masked, status, the response headers) and then, by content type:
``application/json`` - the body is one message (channel ``post``); ``text/event-stream`` - each
SSE event's data is one message (channel ``post-sse``), read as it streams; anything else that
has a body is kept as a side line (channel ``http-body``; the transport's own notes, such as a
request that failed, are channel ``http``). Every
message frame carries ``meta`` (status, content type, SSE id and event), so the recording knows
which exchange it travelled in. A 404 on a request that carried the session id means the
session expired (``SESSION_EXPIRED``). After the first 202 (the ``initialized`` notification)
the optional GET stream is opened for messages the server sends on its own (channel
``get-sse``; 405 means the server offers none); when it drops it is resumed with
``Last-Event-ID`` after the server's ``retry`` time, a few times.

Every byte source is bounded as a stdio line is, by the session's ``max_line``: a body that is
no stream (a JSON answer, an error page, a DELETE answer) keeps its first ``max_line`` bytes and
counts the rest as it comes, never holding it, and must arrive whole within ``read_timeout``
of its status line (the session's longest wait; the DELETE: the shutdown's grace); an SSE event
keeps at most ``max_line`` bytes of data and of the line being read (``protocol.sse``). What a
body that was cut, broke off or was cancelled had brought is recorded, with the exchange saying
how many bytes came (``body_bytes``), were dropped (``body_dropped``) and why it is incomplete
(``body_error``). A redirect (3xx) is never followed - every message goes to the one endpoint
the user gave, and following would carry the session's headers, credentials among them,
elsewhere without asking - and is recorded with its ``location``. When an exchange cannot bring
the answer to the request it carried - redirected, a reset or broken framing mid-body, a JSON
answer past the limit (said as soon as it passes it), an answer stream that broke off and
cannot be resumed, an SSE event on it past the limit (a ``STREAM_ENDED`` event with
``answer-too-long``; the stream is never resumed past it), a 4xx/5xx without a JSON-RPC answer
(``http-error``, with the body's first line; a body that goes on is not waited for: the exchange
is recorded once its first line has come), a POST that failed before any answer - its event
carries ``failure`` (a sentence) with ``failure_code`` and ``failure_args`` (for the engine's
outcome), so the session fails that request at once. ``exchange_done(entry)`` waits until the
POST of an entry has ended (the composer's hand-written messages). An error that httpx does not
wrap is named by its real cause, never by the exception group anyio put it in (an invalid port).

A spec with an ``authorizer`` (OAuth) gives every request its ``Authorization`` and has a POST
refused for its credentials (401, 403 ``insufficient_scope``) sent again once the authorizer has
new ones, its AUTHORIZING and AUTHORIZED events around the wait (``http_credentials``); so is
HTTP+SSE's event stream (opened again, once), while Streamable HTTP's GET stream so refused is
recorded and ends as without an authorizer (each GET is prepared: a token due is renewed first).

A server that cannot be reached at all ends the link (``DISCONNECTED`` with the reason), the
HTTP counterpart of a process that exited. ``shutdown()`` sends ``DELETE`` with the session id
(``SESSION_CLOSING``), stops the streams, and ends the event stream with ``DISCONNECTED``.
Proxies follow ``HTTP(S)_PROXY``/``NO_PROXY`` as httpx does; TLS is verified unless the spec
says otherwise. Nothing here parses JSON-RPC: the transport frames, the engine judges.

:class:`SseTransport` is the 2024-11-05 HTTP+SSE transport (a subclass: the same exchanges, an
event stream and an endpoint). :class:`AutoHttpTransport` finds out which one a server speaks by
composition: it holds the link it is on (``link``: Streamable HTTP, then HTTP+SSE once
initialize was refused), both links feeding one event queue through one client. Every link
event here is a ``LinkEvent``: HTTP has no process, so no pid and no exit status.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Mapping
from urllib.parse import urljoin

import anyio
import httpx

from inspector.protocol.framing import DEFAULT_MAX_LINE
from inspector.protocol.jsontypes import JsonObject
from inspector.protocol.sse import SseEvent

from .base import (
    ExitInfo,
    HttpSpec,
    LinkEventKind,
    LinkOptions,
    StepHook,
    TransportEvent,
    TransportKind,
    TransportSpec,
    register_transport,
)
from .http_streamable import StreamableHttpTransport
from .http_wire import (
    CONNECT_TIMEOUT,
    DEFAULT_READ_TIMEOUT,
    Clock,
    leave_link,
    new_client,
    origin_of,
    redirect_failure,
    redirect_location,
    why_failed,
)
from .stdio import EVENT_BUFFER, EventQueue

_K = LinkEventKind


class SseTransport(StreamableHttpTransport):
    """The 2024-11-05 HTTP+SSE transport. The client GETs an event stream at the URL and keeps
    it open; the server's first event, ``endpoint``, names where to POST (a URI resolved against
    the stream's URL); every message the server sends - answers included - is a ``message``
    event on that stream (channel ``sse``). POSTs wait until the endpoint is known; their answer
    is normally a bare 202. There is no session id to keep and nothing to DELETE: closing the
    stream ends the session, and a stream the server closes ends the link."""

    kind = TransportKind.SSE
    mirrors_headers = False  # the 2024-11-05 transport has no metadata headers
    LINK_NAME = "HTTP+SSE"
    CLOSING = "closing the event stream (that ends the session)"
    KEEPS_SESSION = False  # the endpoint URL names the session; no session or version headers
    ACK_STATUSES = frozenset({200, 202, 204})  # every answer comes on the stream; a POST only gets an acknowledgement

    def __init__(
        self,
        spec: HttpSpec,
        *,
        clock: Clock = time.monotonic,
        max_line: int = DEFAULT_MAX_LINE,
        read_timeout: float = DEFAULT_READ_TIMEOUT,
        client: httpx.AsyncClient | None = None,
    ) -> None:
        super().__init__(spec, clock=clock, max_line=max_line, read_timeout=read_timeout, client=client)
        self.post_url: str | None = None
        self._endpoint = anyio.Event()

    async def __aenter__(self) -> SseTransport:
        await super().__aenter__()
        assert self._tg is not None
        self._tg.start_soon(self._scoped, self._event_stream)
        return self

    def negotiated(self, version: str) -> None:
        """The 2024-11-05 transport sends no version header."""

    def _control_event(self, event: SseEvent) -> bool:
        if event.event != "endpoint":
            return super()._control_event(event)
        target = event.data.decode("utf-8", "replace").strip()
        url = urljoin(self.spec.url, target)
        if origin_of(url) != origin_of(self.spec.url):  # headers (tokens) go only where the user pointed
            self._side(
                f"refused the endpoint {url!r}: it is not on the stream's origin {origin_of(self.spec.url)}; "
                "nothing will be POSTed there"
            )
            return True
        self.post_url = url
        self._emit(
            _K.ENDPOINT, f"POST messages to {self.post_url}", info={"endpoint": target, "post_url": self.post_url}
        )
        self._endpoint.set()
        return True

    async def _event_stream(self, retried: bool = False) -> None:
        """The event stream, for as long as it lasts; refused for its credentials with an
        authorizer that renews them, it is opened again, once (``retried``)."""
        assert self._client is not None
        await self._auth.prepare(self.protocol_version)
        headers = self._headers("text/event-stream")
        why = "the server closed the event stream"
        unreachable = False
        info: JsonObject | None = None
        refusal = None
        try:
            async with self._client.stream("GET", self.spec.url, headers=headers) as response:
                self._reached = True
                refusal = None if retried else self._auth.refusal(response)
                ctype = response.headers.get("content-type", "").split(";")[0].strip().lower()
                broke = await self._answer("GET", response, headers, "get")
                if 300 <= response.status_code < 400:
                    location = redirect_location(response)
                    why = redirect_failure("GET", response, location)
                    info = {
                        "failure_code": "redirected",
                        "failure_args": {
                            "code": str(response.status_code),
                            "location": location or "nowhere (no Location header)",
                        },
                    }
                elif response.status_code >= 400 or ctype != "text/event-stream":
                    why = (
                        f"the server answered the event stream's GET with {response.status_code} "
                        f"({ctype or 'no content type'})"
                    )
                elif broke:
                    why = f"the event stream broke off: {broke}"
        except httpx.HTTPError as exc:
            unreachable = not self._reached
            why = (
                f"cannot reach {self.spec.url}: {why_failed(exc)}"
                if unreachable
                else f"the event stream failed: {why_failed(exc)}"
            )
        if refusal is not None and not self._closed and await self._auth.authorize(None, refusal, *self._as_now()):
            await self._event_stream(retried=True)
            return
        if not self._closed:
            self._disconnect(why, unreachable=unreachable, info=info)

    async def _post(
        self, data: bytes, tag: int | None = None, extra: JsonObject | None = None, answered: anyio.Event | None = None
    ) -> None:
        assert self._client is not None
        try:
            while self.post_url is None:
                with anyio.move_on_after(CONNECT_TIMEOUT):
                    await self._endpoint.wait()
                if not self._auth.working:  # the event stream's credentials being renewed: wait on
                    break
            if self.post_url is None:
                self._side(f"no endpoint event within {CONNECT_TIMEOUT:g} s: a message could not be sent")
                return
            for attempt in range(2):  # a refusal for credentials the authorizer renewed: sent again, once
                await self._auth.prepare(self.protocol_version)
                headers = self._headers(content=True)
                refusal = None
                try:
                    async with self._client.stream("POST", self.post_url, content=data, headers=headers) as response:
                        if response.status_code < 300 and answered is not None:
                            answered.set()  # acknowledged: what may follow the status is read meanwhile
                        refusal = self._auth.refusal(response) if attempt == 0 and tag is not None else None
                        await self._answer("POST", response, headers, "post", tag=tag, authorizing=bool(refusal))
                except httpx.HTTPError as exc:
                    self._side(f"POST {self.post_url} failed: {why_failed(exc)}")
                if refusal is None or tag is None or not await self._auth.authorize(tag, refusal, *self._as_now()):
                    break
        finally:
            if answered is not None:
                answered.set()


class AutoHttpTransport:
    """A server at a URL whose transport is found out (2025-03-26 transports, backwards
    compatibility), by composition: it holds the transport it is on (``link``), Streamable HTTP
    first. When the engine says initialize's POST was refused in a way that points to the
    2024-11-05 transport, ``fall_back()`` puts an :class:`SseTransport` in its place, which GETs
    the event stream at the same URL, waits for its ``endpoint`` event and sends initialize again
    there (a ``FALLBACK`` link event says so); the Streamable HTTP link finishes what it was
    reading and is stopped quietly at the end. Both links put their events into one queue and
    send through one client, the holder's. The bodies of the POSTs sent before any succeeded are
    kept for that one resend."""

    kind = TransportKind.HTTP_AUTO
    main_channel = StreamableHttpTransport.main_channel
    line_messages = False
    short_probe = False
    mirrors_headers = True  # as Streamable HTTP, which it starts as
    LINK_NAME = "HTTP (Streamable HTTP, or HTTP+SSE if refused)"

    def __init__(
        self,
        spec: HttpSpec,
        *,
        clock: Clock = time.monotonic,
        max_line: int = DEFAULT_MAX_LINE,
        read_timeout: float = DEFAULT_READ_TIMEOUT,
        client: httpx.AsyncClient | None = None,
    ) -> None:
        self.spec = spec
        self._clock, self._max_line, self._read_timeout = clock, max_line, read_timeout
        self._client = client
        self._own_client = client is None
        #: the transport it is on: Streamable HTTP until it falls back to HTTP+SSE
        self.link: StreamableHttpTransport = StreamableHttpTransport(
            spec, clock=clock, max_line=max_line, read_timeout=read_timeout, on_answer=self._answered
        )
        self._left: StreamableHttpTransport | None = None  # the Streamable HTTP link, once it fell back
        self._queue: EventQueue[TransportEvent] | None = None
        self._tg: anyio.abc.TaskGroup | None = None
        self._ready = anyio.Event()  # the link is entered (set again once the HTTP+SSE one is)
        self._done = anyio.Event()  # shut down: the HTTP+SSE link may be left
        self._opening: dict[int, bytes] | None = {}  # tag -> body, until a POST succeeds

    @property
    def sse(self) -> bool:
        """Whether it fell back to HTTP+SSE."""
        return self._left is not None

    @property
    def exit_info(self) -> ExitInfo | None:
        return self.link.exit_info

    @property
    def unread(self) -> tuple[JsonObject, ...]:
        return self.link.unread

    async def __aenter__(self) -> AutoHttpTransport:
        self._queue = EventQueue[TransportEvent](EVENT_BUFFER)
        if self._client is None:
            self._client = new_client(self.spec)
        self._tg = anyio.create_task_group()
        await self._tg.__aenter__()
        self.link.share(self._queue, self._client)
        self.link._emit(_K.CONNECTED, f"{self.LINK_NAME} at {self.spec.url}")  # its words, secrets masked
        await self.link.__aenter__()  # no event stream unless it falls back
        self._ready.set()
        return self

    async def __aexit__(self, *exc: object) -> None:
        try:
            await self.shutdown()
        finally:
            try:  # the link entered here is left here (an HTTP+SSE one is left by _carry_on)
                await (self._left or self.link).__aexit__(None, None, None)
            finally:
                tg, self._tg = self._tg, None
                await leave_link(tg, self._client if self._own_client else None)

    def events(self) -> AsyncIterator[TransportEvent]:
        return self.link.events()  # the queue every link shares

    def frame(self, message: bytes) -> bytes:
        return self.link.frame(message)

    def negotiated(self, version: str) -> None:
        self.link.negotiated(version)  # HTTP+SSE sends no version header

    def unread_by_peer(self) -> int | None:
        return None

    def abandon(self) -> str | None:
        return None

    async def send(
        self, data: bytes, tag: int | None = None, headers: Mapping[str, str] | None = None, *, settle: bool = False
    ) -> None:
        await self._ready.wait()  # an HTTP+SSE link put in place is being entered
        if self._opening is not None and tag is not None:
            self._opening[tag] = data
        await self.link.send(data, tag, headers, settle=settle)

    def cancel(self, tag: int) -> bool:
        return self.link.cancel(tag) or (self._left is not None and self._left.cancel(tag))

    def resume(self, tag: int) -> bool:
        return self.link.resume(tag)

    async def exchange_done(self, tag: int, timeout: float) -> None:
        """The POST that carried ``tag`` may have gone out on the link it fell back from."""
        began = self._clock()
        if self._left is not None:
            await self._left.exchange_done(tag, timeout)
        await self.link.exchange_done(tag, max(0.0, timeout - (self._clock() - began)))

    def _answered(self, method: str, status: int) -> None:
        if method == "POST" and status < 300 and not self.sse:
            self._opening = None  # Streamable HTTP answered: nothing to fall back from

    def fall_back(self, tag: int) -> bool:
        body = self._opening.get(tag) if self._opening is not None else None
        if self.sse or body is None or self.link._closed:
            return False
        if self._tg is None or self._queue is None or self._client is None:
            return False
        self._opening = None
        left = self.link
        left._disconnected = True  # what it still reads is kept; its end is not the link's
        left._emit(
            _K.FALLBACK,
            f"Streamable HTTP refused initialize: trying the HTTP+SSE transport (GET {self.spec.url} for its "
            "event stream)",
            info={"transport": TransportKind.SSE, "url": self.spec.url},
        )
        sse = SseTransport(self.spec, clock=self._clock, max_line=self._max_line, read_timeout=self._read_timeout)
        sse.share(self._queue, self._client)
        self._left, self.link = left, sse
        self._ready = anyio.Event()
        self._tg.start_soon(self._carry_on, sse, body, tag)
        return True

    async def _carry_on(self, sse: SseTransport, body: bytes, tag: int) -> None:
        """Enter the HTTP+SSE link (its task group lives in this task), send initialize again,
        and stay until the shutdown is over, then leave it here."""
        try:
            await sse.__aenter__()
        except BaseException:
            self._ready.set()
            raise
        try:
            await sse.send(body, tag)  # initialize again, once the endpoint is known
            self._ready.set()
            await self._done.wait()
        finally:
            self._ready.set()
            await sse.__aexit__(None, None, None)  # its shutdown is shielded; then its task group

    async def shutdown(
        self, grace: float = 2.0, force_grace: float = 2.0, *, before_step: StepHook | None = None
    ) -> ExitInfo:
        """The link's own shutdown (DELETE the Streamable HTTP session; close the HTTP+SSE event
        stream); a Streamable HTTP link it fell back from is stopped quietly first."""
        with anyio.CancelScope(shield=True):
            with anyio.move_on_after(CONNECT_TIMEOUT):  # an HTTP+SSE link put in place is entered
                await self._ready.wait()
            if self._left is not None:
                await self._left.stop_quietly()
            try:
                info = await self.link.shutdown(grace, force_grace, before_step=before_step)
            finally:
                self._done.set()
        return info


def _open(spec: TransportSpec, options: LinkOptions) -> StreamableHttpTransport | AutoHttpTransport:
    assert isinstance(spec, HttpSpec)
    timeout = DEFAULT_READ_TIMEOUT if options.read_timeout is None else options.read_timeout
    if spec.mode is TransportKind.HTTP_AUTO:
        return AutoHttpTransport(spec, clock=options.clock, max_line=options.max_line, read_timeout=timeout)
    cls = SseTransport if spec.mode is TransportKind.SSE else StreamableHttpTransport
    return cls(spec, clock=options.clock, max_line=options.max_line, read_timeout=timeout)


for _kind in (TransportKind.STREAMABLE_HTTP, TransportKind.SSE, TransportKind.HTTP_AUTO):
    register_transport(_kind, _open)
