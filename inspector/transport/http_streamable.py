"""The Streamable HTTP link (MCP 2025-03-26 and later): :class:`StreamableHttpTransport`, whose
theory of operation is the ``http`` module's; the 2024-11-05 HTTP+SSE transport subclasses it
there and the auto transport holds one. Imported through ``inspector.transport.http``."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from urllib.parse import urlsplit

import anyio
import httpx
from anyio.lowlevel import checkpoint

from inspector.protocol.framing import DEFAULT_MAX_LINE
from inspector.protocol.jsontypes import JsonObject
from inspector.protocol.sse import SseDecoder, SseEvent

from .base import (
    MASK,
    ExitInfo,
    Frames,
    HttpSpec,
    LinkEvent,
    LinkEventKind,
    SideLine,
    SpawnError,
    StepHook,
    TransportClosed,
    TransportEvent,
    TransportKind,
    hide_secrets,
)
from .http_credentials import LinkCredentials, Refused
from .http_wire import (
    ACCEPT_POST,
    DEFAULT_READ_TIMEOUT,
    DEFAULT_RETRY_MS,
    ENDED_KEPT,
    FIRST_LINE,
    RESUME_ATTEMPTS,
    SMALL_BODY,
    VISIBLE_ASCII,
    Body,
    Clock,
    exception_name,
    http_error_failure,
    is_auth_error_body,
    is_message,
    jsonrpc_error_code,
    leave_link,
    new_client,
    redirect_failure,
    redirect_location,
    why_failed,
)
from .stdio import EVENT_BUFFER, EventQueue

_K = LinkEventKind


class StreamableHttpTransport:
    """``async with StreamableHttpTransport(spec) as t``: ``send()`` POSTs, ``events()`` yields."""

    kind = TransportKind.STREAMABLE_HTTP
    main_channel = "messages"  # the bodies and SSE events of the exchanges
    line_messages = False  # a message is a body: line breaks inside it are JSON whitespace
    short_probe = False  # a server that does not know server/discover refuses its POST at once
    mirrors_headers = True  # 2026-07-28: a modern message's metadata goes into headers too
    LINK_NAME = "Streamable HTTP"
    CLOSING = "closing the HTTP streams (no session id to delete)"
    KEEPS_SESSION = True  # Mcp-Session-Id and MCP-Protocol-Version go with every request
    #: Answers that only acknowledge a POST: a short body on them is kept with the exchange.
    ACK_STATUSES = frozenset({202})

    def __init__(
        self,
        spec: HttpSpec,
        *,
        clock: Clock = time.monotonic,
        max_line: int = DEFAULT_MAX_LINE,
        read_timeout: float = DEFAULT_READ_TIMEOUT,
        client: httpx.AsyncClient | None = None,
        on_answer: Callable[[str, int], None] | None = None,
    ) -> None:
        parts = urlsplit(spec.url)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise SpawnError(
                f"cannot connect to {spec.url!r}: not an http:// or https:// URL",
                "other",
                program=spec.url,
                detail="not an http:// or https:// URL",
            )
        self.spec = spec
        self._clock = clock
        self._max_line = max_line
        self._read_timeout = read_timeout
        self._own_client = client is None
        self._client = client
        self._queue: EventQueue[TransportEvent] | None = None
        self._tg: anyio.abc.TaskGroup | None = None
        self.session_id: str | None = None
        self.protocol_version: str | None = None
        self._reached = False  # some request got an HTTP answer
        self._get_started = False
        self._closed = False
        self._disconnected = False
        self._scopes: set[anyio.CancelScope] = set()
        self._by_tag: dict[int, anyio.CancelScope] = {}  # the POST in flight for each sent entry
        self._inflight: dict[int, anyio.Event] = {}  # set when the POST of an entry has ended (exchange_done)
        self._cut: set[int] = set()  # entries whose answer stream carried an event past the limit: never resumed
        self._ended: dict[
            int, tuple[str, int | None]
        ] = {}  # entry -> (last event id, retry) of its ended answer stream
        self._resumes: dict[int, int] = {}  # entry -> resumptions tried
        self._exit_info: ExitInfo | None = None
        self._on_answer = on_answer  # told (method, status) of every answer (HTTP auto: a POST went through)
        self._announce = True  # say CONNECTED when entered (not when it carries on a link another started)
        self._auth = LinkCredentials(spec.authorizer, self._side, lambda k, d, i: self._emit(k, d, info=i))

    def share(self, queue: EventQueue[TransportEvent], client: httpx.AsyncClient) -> None:
        """Carry on a link a holder started (HTTP auto): its events go into ``queue``, its
        requests through ``client``, both the holder's; entering announces nothing."""
        self._queue, self._client, self._own_client, self._announce = queue, client, False, False

    async def stop_quietly(self) -> None:
        """Stop what this link still runs, without a word of its own: its holder went on with
        another and says how the link ends. What the streams read is kept; leaving it
        (``__aexit__``) then only leaves its task group."""
        self._closed = True
        self._disconnected = True  # its end is not the link's
        for scope in list(self._scopes):
            scope.cancel()
        with anyio.move_on_after(1.0):
            while self._scopes:
                await anyio.sleep(0.01)
        self._exit_info = self._exit_info or ExitInfo(returncode=None, signal=None, escalation="none")

    # ------------------------------------------------------------------ what a transport offers

    @property
    def exit_info(self) -> ExitInfo | None:
        return self._exit_info

    @property
    def unread(self) -> tuple[JsonObject, ...]:
        """Every body and event is delivered as it is read (bounded by ``max_line``): none."""
        return ()

    async def __aenter__(self) -> StreamableHttpTransport:
        if self._queue is None:
            self._queue = EventQueue[TransportEvent](EVENT_BUFFER)
        if self._client is None:
            self._client = new_client(self.spec)
        self._tg = anyio.create_task_group()
        await self._tg.__aenter__()
        if self._announce:
            self._emit(_K.CONNECTED, f"{self.LINK_NAME} at {self.spec.url}")
        return self

    async def __aexit__(self, *exc: object) -> None:
        try:
            await self.shutdown()
        finally:
            # entered in __aenter__, its tasks cancelled by shutdown(): left here, in the same task
            tg, self._tg = self._tg, None
            await leave_link(tg, self._client if self._own_client else None)

    def events(self) -> AsyncIterator[TransportEvent]:
        if self._queue is None:
            raise RuntimeError("the transport has not been started")
        return self._queue

    def frame(self, message: bytes) -> bytes:
        """One message is one body: the JSON text without the line terminator stdio needs."""
        if message.endswith(b"\r\n"):
            return message[:-2]
        return message[:-1] if message.endswith(b"\n") else message

    def negotiated(self, version: str) -> None:
        self.protocol_version = version

    def fall_back(self, tag: int) -> bool:
        """Streamable HTTP chosen by the user has nothing to fall back to."""
        return False

    def unread_by_peer(self) -> int | None:
        """HTTP cannot tell whether the server has read a request (its HTTP stack takes it)."""
        return None

    def resume(self, tag: int) -> bool:
        """Resume the ended answer stream of entry ``tag`` (2025-11-25 resumability): after the
        server's ``retry`` time, GET the endpoint with ``Last-Event-ID``; what comes is read as
        the rest of that answer (channel ``resume``). False when there is nothing to resume or
        it was tried too often."""
        ended = self._ended.pop(tag, None)
        if tag in self._cut:
            return False
        tries = self._resumes.get(tag, 0)
        if ended is None or tries >= RESUME_ATTEMPTS or self._closed or self._tg is None or not self.KEEPS_SESSION:
            return False
        self._resumes[tag] = tries + 1
        self._tg.start_soon(self._scoped, self._resume_stream, tag, *ended)
        return True

    async def _resume_stream(self, tag: int, last_id: str, retry: int | None) -> None:
        assert self._client is not None
        await anyio.sleep((retry if retry is not None else DEFAULT_RETRY_MS) / 1000)
        await self._auth.prepare(self.protocol_version)
        headers = {**self._headers("text/event-stream"), "Last-Event-ID": last_id}
        decoder = SseDecoder(self._max_line)
        decoder.last_id = last_id
        try:
            async with self._client.stream("GET", self.spec.url, headers=headers) as response:
                broke = await self._answer("GET", response, headers, "resume", decoder, tag=tag)
                if broke:
                    self._side(f"the resumed answer stream of entry {tag} broke off: {broke}")
        except httpx.HTTPError as exc:
            self._side(f"resuming the answer stream of entry {tag} failed: {why_failed(exc)}")
        finally:
            if (
                decoder.last_id != last_id and not self._closed and tag not in self._cut
            ):  # it delivered: it may be resumed again
                self._ended[tag] = (decoder.last_id, decoder.retry)
                self._emit(
                    _K.STREAM_ENDED,
                    f"the resumed answer stream of entry {tag} ended after event {decoder.last_id}",
                    info={"request_seq": tag, "last_event_id": decoder.last_id},
                )

    def cancel(self, tag: int) -> bool:
        """Close the answer stream of the POST that carried entry ``tag`` (2026-07-28: the
        server must take that as cancellation of the request)."""
        scope = self._by_tag.pop(tag, None)
        if scope is None:
            return False
        scope.cancel()
        self._emit(
            _K.STREAM_CLOSED,
            f"closed the answer stream of entry {tag}: that cancels the request",
            info={"request_seq": tag},
        )
        return True

    async def send(
        self, data: bytes, tag: int | None = None, headers: Mapping[str, str] | None = None, *, settle: bool = False
    ) -> None:
        """POST one message in the background. ``settle``: wait until the server has answered
        it (the handshake's ``initialized`` must arrive before the first request): its status
        line; a body that follows it is read in the background, bounded like any other."""
        if self._closed or self._tg is None:
            raise TransportClosed("the HTTP session is closed")
        if settle:
            answered = anyio.Event()
            self._tg.start_soon(self._scoped, self._post, data, tag, headers, answered)
            while not answered.is_set():
                with anyio.move_on_after(self._read_timeout):
                    await answered.wait()
                if not self._auth.working:  # a person signing in does not use up the wait
                    break
            if not answered.is_set():  # no status line in time: the session goes on, the POST may still be answered
                self._side(
                    f"the server has not answered the POST of entry {tag} within {self._read_timeout:g} s; "
                    "going on without its answer"
                )
            return
        self._tg.start_soon(self._scoped, self._post, data, tag, headers)
        await checkpoint()

    async def _scoped(self, fn: Callable[..., Awaitable[None]], *args: object) -> None:
        """Run a background task in a cancel scope of its own, which shutdown() cancels. (The
        task group's own scope must not be cancelled: it encloses whatever its caller opened
        after entering the transport, the session's pump among them.)"""
        with anyio.CancelScope() as scope:
            self._scopes.add(scope)
            try:
                await fn(*args)
            except Exception as exc:  # one exchange failed in a way httpx does not name: record it, go on
                self._side(f"the HTTP transport failed on one exchange: {exception_name(exc)}")
            finally:
                self._scopes.discard(scope)

    def abandon(self) -> str | None:
        """The server is not ours to end; its session expires on its own."""
        return None

    async def shutdown(
        self, grace: float = 2.0, force_grace: float = 2.0, *, before_step: StepHook | None = None
    ) -> ExitInfo:
        """Close the session: DELETE it (when the server gave an id), stop every stream, and
        end the event stream. Shielded from cancellation; idempotent. ``before_step`` (step
        mode) is awaited before the DELETE ("delete") or, without a session id, before the
        streams are closed ("close")."""
        if self._exit_info is not None:
            return self._exit_info
        with anyio.CancelScope(shield=True):
            deleting = self._queue is not None and self.session_id is not None and self._reached
            if before_step is not None and self._queue is not None:
                await before_step("delete" if deleting else "close")
                if self._exit_info is not None:
                    return self._exit_info
                deleting = deleting and not self._disconnected  # the link went while it waited
            self._closed = True
            escalation = "none"
            if deleting:
                self._emit(_K.SESSION_CLOSING, f"DELETE {self.spec.url} (session {self.session_id})")
                escalation = "delete"
                wait = max(grace, 1.0)
                with anyio.move_on_after(wait + 1.0):  # the answer's body has ``wait`` of its own
                    try:
                        assert self._client is not None
                        await self._auth.prepare(self.protocol_version)
                        headers = self._headers(None)
                        async with self._client.stream("DELETE", self.spec.url, headers=headers) as response:
                            await self._answer("DELETE", response, headers, "delete", read_timeout=wait)
                    except Exception as exc:  # httpx errors, and a header value httpx cannot encode
                        self._side(f"DELETE {self.spec.url} failed: {why_failed(exc)}")
            elif self._queue is not None:
                self._emit(_K.SESSION_CLOSING, self.CLOSING)
            for scope in list(self._scopes):  # the POSTs in flight and the GET stream stop
                scope.cancel()
            with anyio.move_on_after(1.0):  # ... and record what they had read, before the events end
                while self._scopes:
                    await anyio.sleep(0.01)
            info = self._exit_info = ExitInfo(returncode=None, signal=None, escalation=escalation)
            self._disconnect("the HTTP session was closed by the client")
        return info

    # ------------------------------------------------------------------ requests

    def _headers(self, accept: str | None = ACCEPT_POST, *, content: bool = False) -> dict[str, str]:
        h = {**dict(self.spec.headers), **dict(self.spec.secret_headers)}
        h = self._auth.apply(h)  # OAuth: the authorizer's Authorization
        if accept:
            h["Accept"] = accept
        if content:
            h["Content-Type"] = "application/json"
        if not self.KEEPS_SESSION:
            return h
        if self.session_id is not None:
            h["Mcp-Session-Id"] = self.session_id
        if self.protocol_version is not None:
            h["MCP-Protocol-Version"] = self.protocol_version
        return h

    def _as_now(self) -> tuple[str | None, Callable[[], bool]]:
        """What the authorizer is asked with: the version in use, and whether the link has closed."""
        return self.protocol_version, lambda: self._closed

    def _masked(self, headers: dict[str, str] | httpx.Headers) -> dict[str, str]:
        secret = {k.lower() for k in self.spec.secret_headers} | self._auth.masked_names
        return {k: (MASK if k.lower() in secret else v) for k, v in headers.items()}

    async def _post(
        self, data: bytes, tag: int | None = None, extra: JsonObject | None = None, answered: anyio.Event | None = None
    ) -> None:
        """``answered`` is set once the server answered the POST (or it failed)."""
        done = anyio.Event()
        if tag is not None:
            self._inflight[tag] = done
        try:
            if tag is None:
                await self._post_one(data, tag, extra, answered)
                return
            with anyio.CancelScope() as scope:  # cancel(tag) closes this request's answer stream
                self._by_tag[tag] = scope
                try:
                    await self._post_one(data, tag, extra, answered)
                finally:
                    self._by_tag.pop(tag, None)
        finally:
            done.set()
            if tag is not None and self._inflight.get(tag) is done:
                del self._inflight[tag]
            if answered is not None:
                answered.set()

    async def exchange_done(self, tag: int, timeout: float) -> None:
        """Wait (up to ``timeout`` s) until the POST that carried entry ``tag`` has ended: its
        answer read and recorded, or the exchange failed. At once when it has ended already."""
        done = self._inflight.get(tag)
        if done is not None:
            with anyio.move_on_after(timeout):
                await done.wait()

    async def _post_one(
        self,
        data: bytes,
        tag: int | None,
        extra: JsonObject | None,
        answered: anyio.Event | None = None,
        *,
        retried: bool = False,
    ) -> None:
        assert self._client is not None
        await self._auth.prepare(self.protocol_version)
        headers = {**self._headers(content=True), **(extra or {})}  # the message's own metadata wins
        sent_session = self.session_id
        refusal: Refused | None = None
        try:
            async with self._client.stream("POST", self.spec.url, content=data, headers=headers) as response:
                refusal = None if retried or tag is None else self._auth.refusal(response)
                self._reached = True
                sid = response.headers.get("mcp-session-id")
                if sid and self.session_id is None and sent_session is None and response.status_code < 300:
                    # only the answer to a request sent without a session starts one (a refusal, or a
                    # late answer from an expired session, assigns nothing)
                    if VISIBLE_ASCII.fullmatch(sid):
                        self.session_id = sid
                    else:
                        self._side(f"the server gave a session id that is not visible ASCII and was not used: {sid!r}")
                decoder = SseDecoder(self._max_line)
                broke: str | None = None
                if response.status_code == 202 and answered is not None:
                    answered.set()  # accepted: what may follow the status is read meanwhile
                expiring = response.status_code == 404 and sent_session is not None and sent_session == self.session_id
                try:
                    broke = await self._answer(
                        "POST",
                        response,
                        headers,
                        "post",
                        decoder,
                        tag=tag,
                        expiring=expiring,
                        authorizing=bool(refusal),
                    )
                finally:
                    if tag is not None and (decoder.last_id is not None or broke) and not self._closed:
                        self._stream_ended(tag, decoder, broke)
                if response.status_code == 404 and sent_session is not None and sent_session == self.session_id:
                    self._expire(sent_session)  # the session is over: the next initialize starts anew
                if (
                    response.status_code == 202
                    and not self._get_started
                    and self.session_id is not None
                    and self._tg is not None
                ):
                    self._get_started = True
                    self._tg.start_soon(self._scoped, self._get_stream)
        except Exception as exc:  # httpx's errors, and what it does not wrap (a port past 65535, an invalid URL)
            why = why_failed(exc) if isinstance(exc, httpx.HTTPError) else exception_name(exc)
            if not self._reached:  # the server cannot be reached at all: the link is gone
                self._disconnect(f"cannot reach {self.spec.url}: {why}", unreachable=True)
            else:
                self._side(f"POST {self.spec.url} failed: {why}")
                if tag is not None and not self._closed:  # no answer will come on it: its request fails now
                    info = {
                        "request_seq": tag,
                        "last_event_id": None,
                        "error": why,
                        "failure": f"the POST failed before its answer: {why}",
                        "failure_code": "answer-broken",
                        "failure_args": {"error": why},
                    }
                    self._emit(_K.STREAM_ENDED, f"the POST of entry {tag} failed before its answer: {why}", info=info)
            return
        if refusal is not None and tag is not None and await self._auth.authorize(tag, refusal, *self._as_now()):
            await self._post_one(data, tag, extra, answered, retried=True)  # the same bytes, once

    def _answer_cut(self, tag: int, meta: JsonObject) -> None:
        """An event on the answer stream of entry ``tag`` passed the limit: the answer it may be
        can no longer be read whole, so the request fails now (``answer-too-long``, as a JSON
        answer past the limit does), and the stream is never resumed past the cut."""
        self._cut.add(tag)
        self._ended.pop(tag, None)
        limit = f"{self._max_line:,}"
        why = (
            f"an event on the answer stream of {meta['method']} {meta['url']} is longer than the limit of "
            f"{limit} bytes (--max-line): its first {limit} bytes are kept, the rest is counted and dropped"
        )
        info = {
            "request_seq": tag,
            "failure": why,
            "failure_code": "answer-too-long",
            "failure_args": {"limit": limit},
            "body_over_limit": self._max_line,
        }
        self._emit(
            _K.STREAM_ENDED,
            f"the answer stream of entry {tag} carried an event past the limit of {limit} bytes: its request "
            "fails, the stream is not resumed",
            info=info,
        )

    def _stream_ended(self, tag: int, decoder: SseDecoder, broke: str | None) -> None:
        """The answer stream of entry ``tag`` ended, before or after its response (the session
        knows which). With event ids it can be resumed with GET + Last-Event-ID; one that broke
        off (``broke``: the error) and cannot be resumed fails its request at once."""
        info: JsonObject = {"request_seq": tag, "last_event_id": decoder.last_id}
        if tag in self._cut:  # its request failed on the cut event: nothing to resume, nothing more to say
            return
        if decoder.last_id is not None:
            self._ended[tag] = (decoder.last_id, decoder.retry)
            if len(self._ended) > ENDED_KEPT:  # the oldest ended streams are past resuming
                del self._ended[next(iter(self._ended))]
        after = f" after event {decoder.last_id}" if decoder.last_id is not None else ""
        if broke is None:
            self._emit(_K.STREAM_ENDED, f"the answer stream of entry {tag} ended{after}", info=info)
            return
        info.update(
            error=broke,
            failure=f"the answer stream broke off: {broke}",
            failure_code="answer-broken",
            failure_args={"error": broke},
        )
        self._emit(_K.STREAM_ENDED, f"the answer stream of entry {tag} broke off{after}: {broke}", info=info)

    async def _answer(
        self,
        method: str,
        response: httpx.Response,
        headers: dict[str, str],
        channel: str,
        decoder: SseDecoder | None = None,
        *,
        tag: int | None = None,
        read_timeout: float | None = None,
        expiring: bool = False,
        authorizing: bool = False,
    ) -> str | None:
        """Record the exchange, then what the answer carries: SSE events as they stream, a
        JSON body as one message, any other body as a side line. A body is read (bounded, see
        ``_read_body``) before the exchange is recorded, so the exchange knows its size and how
        it ended. Returns why an event stream broke off, if it did. ``expiring``: a 404 that ends
        the session (its request is failed by the expiry, not as an HTTP error); ``authorizing``:
        a refusal for credentials the authorizer is asked about (see ``_authorize``)."""
        assert self._queue is not None
        if self._on_answer is not None:
            self._on_answer(method, response.status_code)
        ctype = response.headers.get("content-type", "").split(";")[0].strip().lower()
        meta = {
            "method": method,
            "url": str(response.request.url),
            "status": response.status_code,
            "content_type": ctype,
        }
        if tag is not None:
            meta["request_seq"] = tag  # the entry this POST carried
        if ctype == "text/event-stream" and response.status_code < 300:
            self._exchange(method, response, headers, tag=tag)
            return await self._read_sse(response, channel + "-sse", meta, decoder or SseDecoder(self._max_line))
        body = Body()
        over = None
        early = None
        if (
            is_message(method, response.status_code, ctype) and tag is not None
        ):  # a request's answer: past the limit, it fails now

            def over() -> None:
                self._answer_too_long(method, response, headers, body, tag)
        elif method == "POST" and tag is not None and response.status_code >= 400 and not (expiring or authorizing):

            def early() -> bool:  # an error page that goes on: its request fails once its first line is known
                if b"\n" not in body.head and len(body.head) < FIRST_LINE:
                    return False
                self._http_error(method, response, headers, body, tag)
                return True

        try:
            await self._read_body(
                response, body, self._read_timeout if read_timeout is None else read_timeout, over, early
            )
        finally:  # also when the read is cancelled (the session closing): what came is recorded
            self._body_read(
                method,
                response,
                headers,
                channel,
                ctype,
                {**meta, "channel": channel},
                body,
                tag,
                expiring,
                authorizing,
            )
        return None

    async def _read_body(
        self,
        response: httpx.Response,
        body: Body,
        timeout: float,
        over: Callable[[], None] | None = None,
        early: Callable[[], bool] | None = None,
    ) -> None:
        """Read a body that is no stream into ``body``: its first ``max_line`` bytes are kept,
        the rest is counted and dropped as it comes (never held), until it ends, breaks off
        (a reset, a broken chunked encoding or Content-Length: the error is kept), or
        ``timeout`` seconds have passed. ``over`` is called once, when the body passes the limit;
        ``early`` after each piece until it returns True."""
        limit = self._max_line
        head = body.head
        with anyio.move_on_after(timeout) as scope:
            try:
                async for chunk in response.aiter_bytes():
                    body.total += len(chunk)
                    room = limit - len(head)
                    if room > 0:
                        head += chunk if len(chunk) <= room else chunk[:room]
                    if over is not None and body.total > limit:
                        call, over = over, None  # once
                        call()
                    if early is not None and early():
                        early = None
            except httpx.HTTPError as exc:
                body.error = f"{why_failed(exc)} (after {body.total:,} bytes of the body)"
        if scope.cancelled_caught:
            body.error = (
                f"the body was still arriving after {timeout:g} s ({body.total:,} bytes so far): the client "
                "stopped reading it"
            )
        body.done = True

    def _answer_too_long(
        self, method: str, response: httpx.Response, headers: dict[str, str], body: Body, tag: int
    ) -> None:
        """A request's answer passed the limit: it cannot be a message any more, so the
        exchange is recorded now, saying so (its request fails at once); the rest of the body
        is still counted, and how it ended is noted beside it when it does."""
        limit = f"{self._max_line:,}"
        more = {
            "body_over_limit": self._max_line,
            "failure": (
                f"the answer to {method} {response.request.url} is longer than the limit of {limit} bytes "
                f"(--max-line): its first {limit} bytes are kept, the rest is counted and dropped"
            ),
            "failure_code": "answer-too-long",
            "failure_args": {"limit": limit},
        }
        self._exchange(method, response, headers, tag=tag, more=more)
        body.announced = True

    def _http_error(self, method: str, response: httpx.Response, headers: dict[str, str], body: Body, tag: int) -> None:
        """An error status whose body goes on (an error page that streams, or never ends): the
        exchange is recorded now with its first line, so its request fails at once; the body is
        still read, bounded, and kept beside it when it ends."""
        self._exchange(method, response, headers, tag=tag, more=http_error_failure(method, response, bytes(body.head)))
        body.announced = True

    def _body_read(
        self,
        method: str,
        response: httpx.Response,
        headers: dict[str, str],
        channel: str,
        ctype: str,
        meta: JsonObject,
        body: Body,
        tag: int | None,
        expiring: bool = False,
        authorizing: bool = False,
    ) -> None:
        """Record a body read by ``_read_body`` (synchronous: it runs when the read was
        cancelled too): the exchange with the body's size and how it ended (unless it was
        recorded when the body passed the limit), then the body - a message (a JSON answer; cut
        at the limit, it is flagged ``http.message-too-long``), or a side line (flagged
        ``http.body-too-long`` when cut), or, short and on an acknowledgement, kept in the
        exchange itself."""
        assert self._queue is not None
        status = response.status_code
        cancelled = not body.done
        if cancelled:
            took = time.monotonic() - body.started
            body.error = (
                f"the client stopped reading the body after {body.total:,} bytes in {took:.1f} s, still "
                "arriving (the request had timed out or was cancelled, or the session was closing)"
            )
        dropped = body.dropped
        raw = bytes(body.head)
        body.head.clear()  # the copy is what goes on: a body at the limit is not held twice
        redirect = 300 <= status < 400  # 301, 302, 303, 307, 308 (and the rarer 3xx): never followed
        message = is_message(method, status, ctype) and not is_auth_error_body(status, response, raw)
        whole = not dropped and body.error is None
        kept_here = (status in self.ACK_STATUSES if method != "DELETE" else status < 300) and not message
        small = kept_here and whole and 0 < len(raw) <= SMALL_BODY
        head = (
            Frames(self._clock(), [raw], ((0, dropped),) if dropped else (), channel=channel, metas=[meta])
            if message and raw
            else None
        )
        if body.announced:  # the exchange is recorded: the body, and how it ended beside it
            if head is not None:
                self._queue.put_nowait(head)
            elif raw:
                self._queue.put_nowait(
                    SideLine(
                        self._clock(),
                        f"{method} {response.request.url} answered {status} ({ctype or 'no content type'}): ".encode()
                        + raw,
                        dropped=dropped,
                        channel="http-body",
                    )
                )
            self._side(
                f"{method} {response.request.url}: {body.total:,} bytes of the answer came in all, "
                f"{dropped:,} past the limit dropped" + (f"; {body.error}" if body.error else "")
            )
            return
        more: JsonObject = {}
        if dropped:
            more["body_dropped"] = dropped
        if body.error is not None:
            more["body_error"] = body.error
        if redirect:
            more["location"] = location = redirect_location(response)
        if authorizing and tag is not None:  # what it means for its request waits for the authorizer
            more["authorizing"] = True
            if not cancelled:
                self._auth.hold(tag, http_error_failure(method, response, raw))
        elif (
            method != "DELETE" and tag is not None and not cancelled
        ):  # what this exchange means for the request it carried
            if redirect:
                more.update(
                    failure=redirect_failure(method, response, location),
                    failure_code="redirected",
                    failure_args={"code": str(status), "location": location or "nowhere (no Location header)"},
                )
            elif body.error is not None:
                more.update(
                    failure=f"the answer to {method} {response.request.url} broke off: {body.error}",
                    failure_code="answer-broken",
                    failure_args={"error": body.error},
                )
        code = jsonrpc_error_code(raw) if message and status >= 400 and whole else None
        if (
            method == "POST"
            and tag is not None
            and not cancelled
            and status >= 400
            and code is None
            and "failure" not in more
            and not (expiring or authorizing)
        ):
            more.update(
                http_error_failure(method, response, raw)
            )  # an HTTP error instead of a JSON-RPC answer: none will come
        self._exchange(
            method,
            response,
            headers,
            body_bytes=body.total,
            tag=tag,
            body=raw if small else None,
            error_code=code,
            more=more,
        )
        if head is not None:
            self._queue.put_nowait(head)
        elif raw and not small:
            what = f"{method} {response.request.url} answered {status} ({ctype or 'no content type'})"
            if not whole:
                what += (
                    f", {body.total:,} bytes"
                    + (f" (the first {len(raw):,} kept)" if dropped else "")
                    + (f"; {body.error}" if body.error else "")
                )
            self._queue.put_nowait(
                SideLine(self._clock(), f"{what}: ".encode() + raw, dropped=dropped, channel="http-body")
            )

    def _control_event(self, event: SseEvent) -> bool:
        """Whether an SSE event is for the transport itself rather than a message: an event with
        empty data (2025-11-25 servers prime a stream with one, to give it an id to resume from;
        the decoder keeps its id), and HTTP+SSE's ``endpoint``."""
        return not event.data

    async def _read_sse(
        self, response: httpx.Response, channel: str, meta: JsonObject, decoder: SseDecoder
    ) -> str | None:
        """Read an event stream as it comes; returns why it broke off (None: it ended, or the
        client closed it). An event longer than the limit is said at once, and what a stream
        that stops in the middle of an event had sent of it is recorded."""
        assert self._queue is not None
        base = {**meta, "channel": channel}
        last_key: tuple[str | None, str, int | None] | None = None
        last: JsonObject = base
        told = False  # the event being read passed the limit, and that was said
        broke: str | None = None
        ended = False  # the stream ended or broke (False at the end: the client closed it)
        try:
            async for chunk in response.aiter_bytes():  # decoded, as a compressed stream must be
                events = [e for e in decoder.feed(chunk) if not self._control_event(e)]
                if decoder.dropping and not told:
                    told = True
                    self._side(
                        f"{meta['method']} {meta['url']}: an event on this stream is longer than the limit of "
                        f"{self._max_line:,} bytes; its first bytes are kept, the rest is counted and dropped "
                        "until it ends"
                    )
                    tag = meta.get("request_seq")
                    if type(tag) is int and tag not in self._cut:
                        self._answer_cut(tag, meta)
                elif not decoder.dropping:
                    told = False
                if not events:
                    continue
                items = [e.data for e in events]
                cut = tuple((i, e.dropped) for i, e in enumerate(events) if e.dropped)
                if (
                    cut and type(meta.get("request_seq")) is int and meta["request_seq"] not in self._cut
                ):  # a whole event past the limit in one read
                    self._answer_cut(meta["request_seq"], meta)
                metas = []
                for (
                    e
                ) in events:  # consecutive events that say the same share one dict (a flood costs no dict per message)
                    key = (e.id, e.event, e.retry)
                    if key != last_key:
                        last_key = key
                        last = {
                            **base,
                            "sse_id": e.id,
                            "sse_event": e.event,
                            **({"retry": e.retry} if e.retry is not None else {}),
                        }
                    metas.append(last)
                await self._queue.put(Frames(self._clock(), items, cut, channel=channel, metas=metas))
            ended = True
        except httpx.HTTPError as exc:
            broke = why_failed(exc)
            ended = True
        finally:  # also when the client closes the stream: nothing that came is lost
            if decoder.pending():
                why = (
                    f"the stream broke off ({broke})"
                    if broke
                    else "the stream ended"
                    if ended
                    else "the client closed the stream"
                )
                data, dropped = decoder.partial(
                    f"{meta['method']} {meta['url']}: {why} in the middle of an event; what had come of it: ".encode()
                )
                self._side(data, channel="http-body", dropped=dropped)
        return broke

    async def _get_stream(self) -> None:
        """The optional stream of messages the server sends on its own, resumed when it drops
        (after the server's ``retry`` time, from the last complete event). It belongs to one
        session: once that session has expired or closed, it is not resumed."""
        assert self._client is not None
        decoder = SseDecoder(self._max_line)
        session = self.session_id
        failures = 0
        while not self._closed and self.session_id == session:
            await self._auth.prepare(self.protocol_version)
            headers = self._headers("text/event-stream")
            if decoder.last_id:
                headers["Last-Event-ID"] = decoder.last_id
            decoder.reconnected()
            streamed = False
            try:
                async with self._client.stream("GET", self.spec.url, headers=headers) as response:
                    broke = await self._answer("GET", response, headers, "get", decoder)
                    if broke:
                        self._side(f"GET {self.spec.url} stream broke off: {broke}")
                    ctype = response.headers.get("content-type", "").split(";")[0].strip().lower()
                    if response.status_code == 404 and session is not None and self.session_id == session:
                        self._expire(session)
                        return
                    if response.status_code >= 400 or ctype != "text/event-stream":
                        return  # 405: the server offers no GET stream; anything else is recorded
                    streamed = True
            except httpx.HTTPError as exc:
                self._side(f"GET {self.spec.url} stream failed: {why_failed(exc)}")
            failures = 0 if streamed else failures + 1
            if self._closed or self.session_id != session or failures > RESUME_ATTEMPTS:
                return
            wait = decoder.retry if decoder.retry is not None else DEFAULT_RETRY_MS
            self._side(
                f"GET stream ended; resuming in {wait} ms"
                + (f" after event {decoder.last_id}" if decoder.last_id else "")
            )
            await anyio.sleep(wait / 1000)

    def _expire(self, session: str) -> None:
        """The server no longer knows ``session`` (404): the next initialize starts a new one."""
        self.session_id = None
        self.protocol_version = None
        self._get_started = False
        self._emit(_K.SESSION_EXPIRED, f"the server no longer knows session {session} (404)")

    # ------------------------------------------------------------------ events

    def _exchange(
        self,
        method: str,
        response: httpx.Response,
        headers: dict[str, str],
        *,
        body_bytes: int | None = None,
        tag: int | None = None,
        body: bytes | None = None,
        error_code: int | None = None,
        more: JsonObject | None = None,
    ) -> JsonObject:
        info = {
            "method": method,
            "url": str(response.request.url),
            "request_headers": self._masked(headers),
            "status": response.status_code,
            "reason": response.reason_phrase,
            "response_headers": self._masked(response.headers),
        }
        if body_bytes is not None:
            info["body_bytes"] = body_bytes
        if tag is not None:
            info["request_seq"] = tag
        if body is not None:  # a short answer that is no message ("Accepted"): kept with its exchange
            info["body"] = body.decode("utf-8", "backslashreplace")
        if error_code is not None:  # the JSON-RPC error code of an error status's body
            info["jsonrpc_error"] = error_code
        if more:  # body_dropped, body_error, location; failure (+ _code, _args): what it means for its request
            info.update(more)
        ctype = response.headers.get("content-type", "")
        detail = f"{method} {response.request.url} → {response.status_code} {response.reason_phrase}" + (
            f" ({ctype})" if ctype else ""
        )
        if "location" in info:
            detail += f"; Location: {info['location'] or 'none'} (not followed)"
        if "body_over_limit" in info:
            detail += f"; the body passed the limit of {info['body_over_limit']:,} bytes"
        if "body_error" in info:
            detail += f"; the body did not arrive whole: {info['body_error']}"
        self._emit(_K.HTTP_EXCHANGE, detail, info=info)
        return info

    def _side(self, text: str | bytes, channel: str = "http", dropped: int = 0) -> None:
        """A line beside the messages: the transport's own note (channel ``http``: a failed
        request, a refused endpoint), or an answer's body that is no message (``http-body``;
        ``dropped``: bytes of it past the limit, counted and not kept)."""
        if self._queue is not None:
            data = self._hidden(text).encode() if isinstance(text, str) else text  # bytes: the server's
            self._queue.put_nowait(SideLine(self._clock(), data, dropped=dropped, channel=channel))

    def _emit(self, kind: LinkEventKind, detail: str, *, info: JsonObject | None = None) -> None:
        if self._queue is not None:
            self._queue.put_nowait(LinkEvent(self._clock(), kind, self._hidden(detail), info=info))

    def _hidden(self, text: str) -> str:
        """The transport's own words with secret header values masked: an error may quote one
        (httpx names an illegal header value); the exchanges mask them by name (``_masked``)."""
        secrets = [*self.spec.secret_headers.values(), *self._auth.sent]
        return hide_secrets(text, secrets) if secrets else text

    def _disconnect(self, why: str, *, unreachable: bool = False, info: JsonObject | None = None) -> None:
        """The last event: nothing more will come. ``unreachable``: no request ever got an HTTP
        answer (nothing listens there, the name does not resolve, TLS failed); ``info``: why
        in data (HTTP+SSE: the event stream was redirected)."""
        if self._queue is not None and not self._disconnected:
            self._disconnected = True
            self._closed = True
            self._emit(_K.DISCONNECTED, why, info={"unreachable": True} if unreachable else info)
            self._queue.close()
