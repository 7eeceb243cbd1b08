"""The session's calls: the request/answer plumbing.

``request`` sends a request and waits for its answer - the timeout restarts with progress up to
a hard limit, a timeout or the caller's cancellation cancels it on the wire, the modern era's
InputRequiredResult rounds and version retries are taken here - and ``send_raw`` records and
writes one message, after the step gate when step mode holds it. The composer's messages go
through ``send_text`` and ``judge_text``; the server's requests are answered through the
handlers (``_answer_server_request``), never with what the schema rejects.

A timeout is judged on when the answer arrived (the transport's read time), not on when the
pump got to it (``_caught_up``), and time a person spends reading a held step does not count,
nor the time the HTTP link's authorizer takes to get credentials (``_held_by_link``: its hard
limit moves on by that time too).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import anyio

from inspector.protocol.correlation import id_key
from inspector.protocol.errors import INTERNAL_ERROR
from inspector.protocol.http_meta import request_headers
from inspector.protocol.jsontypes import JsonObject, JsonValue
from inspector.protocol.lifecycle import State
from inspector.protocol.messages import Kind, parse_line, valid_id
from inspector.protocol.versions import HEADER_MISMATCH, UNSUPPORTED_PROTOCOL_VERSION, Era
from inspector.transport.base import TransportClosed

from .core import SessionCore
from .handlers import HandlerError
from .outcomes import (
    CANCELLED,
    ConnectionLost,
    HandWritten,
    Reply,
    RequestCancelled,
    RequestTimeout,
    SessionExpired,
    TextVerdict,
    Waiter,
)
from .recording import Direction
from .step_mode import MODERN_STEPS, client_step

# A write that fails usually means the server is exiting: wait this long for its exit status
# so the error, the exit code and the lifecycle all say how it ended (the transport reports
# it once the pipes are drained: at once, unless something still holds them open).
_EXIT_WAIT = 1.5
_MAX_LIST_PAGES = 20  # tools/list pages read to find one tool again after a HeaderMismatch
#: How often a waiter past its deadline looks whether what was read by then has been taken in.
_CATCH_UP_POLL = 0.01


class Calls(SessionCore):
    """The request/answer plumbing (see the module docstring)."""

    def _read_by(self, by: float) -> bool:
        """Whether something the transport read at or before ``by`` has not been taken in yet:
        in the pump's hands, or still in the transport's queue (behind a flood of other output)."""
        if self._pump_done.is_set():
            return False
        if self._taking is not None and self._taking <= by:
            return True
        since = getattr(self.transport.events(), "undelivered_since", None)
        oldest = since() if since is not None else None
        return oldest is not None and oldest <= by

    async def _caught_up(self, w: Waiter, by: float) -> bool:
        """A waiter's deadline ``by`` passed without its answer: a timeout is judged on when the
        answer arrived (the transport's read time), not on when the pump got to it. While
        something read by the deadline is still on its way in, wait for the pump to take it in
        (or for the answer; a step held at the gate is the gate's business). True when it had
        to wait: the caller looks again at what came."""
        waited = False
        while not w.event.is_set() and self._read_by(by) and not (self.gate.enabled and self.gate.waiting):
            waited = True
            with anyio.move_on_after(_CATCH_UP_POLL):
                await w.event.wait()
        return waited

    async def _held_at_gate(self) -> bool:
        """Step mode: whether messages were waiting at the gate; if so, return once none is
        (a timeout must not run out while a person reads the answer it waits for)."""
        if not (self.gate.enabled and self.gate.waiting):
            return False
        while self.gate.enabled and self.gate.waiting and not self._exited.is_set():
            await anyio.sleep(0.05)
        return True

    async def _answer_server_request(self, id: JsonValue, method: str, params: JsonValue) -> None:
        """Answer the server's request through the handlers; an answer the schema rejects is not
        sent (an error goes instead), and nothing the handlers do takes the session down."""
        try:
            try:
                result = await self.handlers.handle(method, params if isinstance(params, dict) else {})
                verdict = self.engine.check_answer(method, result)
                if verdict.ok:
                    raw = self.engine.build_result(id, result)
                else:  # never send what the schema rejects: say why, answer with an error
                    why = self._refuse_answer(method, verdict)
                    raw = self.engine.build_error(
                        id, INTERNAL_ERROR, "the client could not produce a valid answer", {"reason": why}
                    )
            except HandlerError as exc:
                raw = self.engine.build_error(id, exc.code, exc.message, exc.data)
            except Exception as exc:  # a handler bug must not take the session down
                raw = self.engine.build_error(id, INTERNAL_ERROR, f"client handler failed: {type(exc).__name__}: {exc}")
            await self.send_raw(raw)
        except (TransportClosed, ConnectionLost):
            pass
        except Exception as exc:  # whatever the server asked, the task group must survive it
            self._record_internal_error(f"answering the server's {method} request", exc, self.clock())
            try:
                self.recording.notify()
            except Exception:
                pass

    async def send_raw(
        self,
        raw: bytes,
        *,
        settle: bool = False,
        explanation: str | None = None,
        held: bool = False,
        extra: JsonObject | None = None,
    ) -> int:
        """Record and write one line the client sends. Returns its entry number. ``settle``:
        return only once the server has taken it (over HTTP: answered its POST). In step mode
        it first waits at the gate (with ``explanation``, or one made from the message), unless
        the caller ``held`` it there already. ``extra`` is kept on the entry (``round_of``: the
        first request of the call this one retries)."""
        if (
            self.gate.closed and not held
        ):  # Disconnect was pressed: nothing new goes out (a held shutdown step may be shown)
            raise ConnectionLost("the session is closing: the message was not sent")
        if self.gate.enabled and not held:
            if explanation is not None:
                await self.gate.wait(raw, explanation, at=self.clock())
            else:
                text, values = client_step(raw, self.engine)
                await self.gate.wait(raw, text, at=self.clock(), **values)
        if self._exited.is_set():
            raise ConnectionLost(self._failure_text("the server is gone"))
        seq = len(self.recording)
        t = self.clock()
        raw = self.transport.frame(raw)  # the exact bytes that go out on this transport
        a = self.engine.outgoing(raw, t, seq)
        self.recording.append(Direction.C2S, t, raw, a, extra)
        self.recording.notify()
        try:
            headers = request_headers(a.obj, self.engine.http_tool_params) if self._http else None
            await self.transport.send(raw, seq, headers, settle=settle)
        except TransportClosed as exc:
            if not self._closing:
                with anyio.move_on_after(_EXIT_WAIT):
                    await self._exited.wait()
            raise ConnectionLost(self._failure_text(f"cannot write to the server: {exc}")) from None
        return seq

    async def send_text(self, text: str | bytes, *, wait: float | None = None) -> HandWritten:
        """Send a message a person wrote (the composer), exactly as written: one line on stdio
        (its newline added), one POST body over HTTP. It is recorded as hand-written and judged
        like the server's messages (the rules it breaks, its schema verdict), and its answer is
        paired and timed like any other. ``wait``: for a request whose id is free, wait up to
        this many seconds for the answer. Raises ValueError for text stdio cannot carry as one
        message (a line break inside it)."""
        data = text.encode("utf-8") if isinstance(text, str) else bytes(text)
        if self.transport.line_messages:
            body = data[:-2] if data.endswith(b"\r\n") else data[:-1] if data.endswith(b"\n") else data
            if b"\n" in body or b"\r" in body:
                raise ValueError(
                    "over stdio a message is one line: remove the line breaks "
                    "(or send valid JSON, which can be compacted)"
                )
            data = body + b"\n"
        if self._exited.is_set():
            raise ConnectionLost(self._failure_text("the server is gone"))
        raw = self.transport.frame(data)
        judged = parse_line(raw)  # only its kind and id: the engine judges it once, when it goes out
        w: Waiter | None = None
        if (
            wait is not None
            and judged.kind is Kind.REQUEST
            and valid_id(judged.id)
            and id_key(judged.id) not in self._waiters
            and not self.engine.id_pending(judged.id)
        ):
            w = Waiter()
            self._waiters[id_key(judged.id)] = w
        if self.gate.enabled:
            step, values = client_step(raw, self.engine)
            try:
                await self.gate.wait(raw, step, at=self.clock(), **values)
            except ConnectionLost:
                if w is not None:
                    self._waiters.pop(id_key(judged.id), None)
                raise
        seq = len(self.recording)
        t = self.clock()
        a = self.engine.hand_written(raw, t, seq)
        self.recording.append(Direction.C2S, t, raw, a, {"hand_written": True})
        self.recording.notify()
        try:
            headers = request_headers(a.obj, self.engine.http_tool_params) if self._http else None
            await self.transport.send(raw, seq, headers)
        except TransportClosed as exc:
            if w is not None:
                self._waiters.pop(id_key(judged.id), None)
            raise ConnectionLost(self._failure_text(f"cannot write to the server: {exc}")) from None
        began = self.clock()
        if w is not None:
            with anyio.move_on_after(wait):
                await w.event.wait()
            self._waiters.pop(id_key(judged.id), None)
        if wait is not None:  # HTTP: its POST's answer (status, body) is recorded before this returns
            await self.transport.exchange_done(seq, max(0.0, wait - (self.clock() - began)))
        if w is None:
            return HandWritten(seq)
        if not w.event.is_set() or w.lost is not None or w.seq is None:
            return HandWritten(seq)
        obj = w.reply_obj or {}
        return HandWritten(
            seq,
            w.seq,
            obj.get("result") if w.kind is Kind.RESULT else None,
            obj.get("error") if w.kind is Kind.ERROR else None,
        )

    def judge_text(self, text: str | bytes) -> TextVerdict:
        """What a hand-written message would be if sent now (kind, method, id), the rules it
        would break and its schema verdict; nothing is sent or changed (the composer's preview)."""
        data = text.encode("utf-8") if isinstance(text, str) else bytes(text)
        a = self.engine.judge_text(self.transport.frame(data.strip(b"\r\n")))
        schema = a.schema
        return TextVerdict(
            kind=a.kind.label,
            method=a.method,
            id=a.id,
            violations=a.violations,
            schema_ok=None if schema is None else schema.ok,
            schema_errors=tuple((e.path, e.message) for e in schema.errors)
            if schema is not None and not schema.ok
            else (),
            schema_definition=schema.definition if schema is not None else None,
            problem=a.problem,
        )

    def composer_methods(self) -> tuple[list[str], list[str]]:
        """The client requests and notifications of the version in use, for the composer."""
        return self.engine.composer_methods()

    def composer_template(self, method: str) -> JsonObject:
        """A message for ``method`` to edit: the next free id, the era's ``_meta``, the required
        params as placeholders."""
        return self.engine.template(method)

    def suggest_id(self) -> int:
        """The next id this session would give a request (free unless someone wrote it by hand)."""
        return self.engine.peek_id()

    def id_in_flight(self, id: JsonValue) -> bool:
        """Whether a request of the client with ``id`` still waits for its answer."""
        return self.engine.id_pending(id)

    async def notify(self, method: str, params: JsonObject | None = None) -> int:
        return await self.send_raw(self.engine.build_notification(method, params))

    async def request(
        self,
        method: str,
        params: JsonObject | None = None,
        *,
        timeout: float | None = None,
        max_timeout: float | None = None,
        progress: bool = False,
        on_progress: Callable[[JsonObject], None] | None = None,
    ) -> Reply:
        """Send a request and wait for its response.

        The timeout restarts whenever progress for this request arrives, up to ``max_timeout``.
        On timeout ``notifications/cancelled`` is sent and :class:`RequestTimeout` raised; when
        the caller is cancelled, the request is cancelled on the wire too. In the modern era an
        ``InputRequiredResult`` is answered through the handlers and the request retried, and
        an ``UnsupportedProtocolVersionError`` is retried once with a version the server lists.
        """
        rounds = 0
        mismatch_retried = False
        renewed = False  # HTTP: sent again once after the server ended the session (404)
        params = dict(params or {})
        started = self.clock()
        latencies: list[float] = []
        first: int | None = None  # the entry of the call's first request; later rounds name it
        while True:
            rounds += 1
            try:
                reply = await self._request_once(
                    method,
                    params,
                    timeout=timeout,
                    max_timeout=max_timeout,
                    progress=progress or on_progress is not None,
                    on_progress=on_progress,
                    round_of=first,
                )
            except SessionExpired as exc:  # 404: the client starts a new session; the request goes again in it
                if renewed or not await self._await_renewal():
                    raise
                renewed = True
                if first is None:
                    first = exc.seq
                continue
            if first is None:
                first = self.recording.paired_at(reply.seq)
            latencies.append(reply.latency)
            result = reply.result
            if (
                self.engine.era is Era.MODERN
                and result is not None
                and result.get("resultType") == "input_required"
                and rounds <= self.options.max_input_rounds
            ):
                params = await self._input_round(params, result)
                continue
            error = reply.error
            if (
                error is not None
                and error.get("code") == UNSUPPORTED_PROTOCOL_VERSION
                and rounds <= self.options.max_input_rounds
                and self.engine.adopt_retry_version()
            ):
                continue  # -32022: retry with a version from the server's supported list
            if (
                error is not None
                and error.get("code") == HEADER_MISMATCH
                and method == "tools/call"
                and not mismatch_retried
                and self._http
                and await self._learn_tool_headers(params.get("name"))
            ):
                mismatch_retried = True  # 2026-07-28: tools/list told the tool's header parameters; once more
                continue
            return dataclasses.replace(
                reply, rounds=rounds, total=self.clock() - started, round_latencies=tuple(latencies)
            )

    async def _learn_tool_headers(self, name: JsonValue) -> bool:
        """After a -32020 HeaderMismatch on tools/call (2026-07-28 Streamable HTTP: the client
        SHOULD list the tools again and retry): page through tools/list until the tool is seen.
        True when the engine now knows which of its parameters go into headers."""
        if not isinstance(name, str):
            return False
        cursor: JsonValue = None
        for _page in range(_MAX_LIST_PAGES):
            listed = await self._request_once(
                "tools/list", {"cursor": cursor} if cursor else {}, timeout=None, max_timeout=None, progress=False
            )
            result = listed.result if isinstance(listed.result, dict) else {}
            tools = result.get("tools")
            if isinstance(tools, list) and any(isinstance(t, dict) and t.get("name") == name for t in tools):
                return name in self.engine.http_tool_params
            cursor = result.get("nextCursor")
            if not isinstance(cursor, str) or not cursor:
                return False
        return False

    async def _input_round(self, params: JsonObject, result: JsonObject) -> JsonObject:
        """Modern: answer an InputRequiredResult's input requests through the handlers; the params
        of the retry that carries the answers (and the server's requestState)."""
        responses: JsonObject = {}
        requests = result.get("inputRequests")
        if isinstance(requests, dict):
            for key, req in requests.items():
                if not isinstance(req, dict):
                    continue
                asked = req.get("params")
                try:
                    answer = await self.handlers.handle(
                        str(req.get("method")), asked if isinstance(asked, dict) else {}
                    )
                    verdict = self.engine.check_answer(str(req.get("method")), answer)
                    if not verdict.ok:  # left out, like a request the client will not fulfil
                        self._refuse_answer(f"{req.get('method')} (input request {key!r})", verdict)
                        continue
                    responses[key] = answer
                except HandlerError:
                    # An InputResponse can only be a result (ElicitResult, CreateMessageResult,
                    # ListRootsResult): a request the client will not fulfil is left out, and
                    # the server decides (it may ask again, bounded by max_input_rounds).
                    continue
                except Exception as exc:  # a handler that fails on odd input: recorded, left out
                    self._record_internal_error(f"answering the input request {key!r}", exc, self.clock())
                    self.recording.notify()
        retry = {k: v for k, v in params.items() if k not in ("inputResponses", "requestState")}
        retry["inputResponses"] = responses
        state = result.get("requestState")
        if isinstance(state, str):  # echoed as the spec defines it (a string); anything else is the
            retry["requestState"] = state  # server's fault, flagged on its result, never sent back
        return retry

    async def _request_once(
        self,
        method: str,
        params: JsonObject,
        *,
        timeout: float | None,
        max_timeout: float | None,
        progress: bool,
        on_progress: Callable[[JsonObject], None] | None = None,
        round_of: int | None = None,
    ) -> Reply:
        eng = self.engine
        id = eng.next_id()
        raw = eng.build_request(id, method, params, progress_token=id if progress else None)
        explanation = None
        if self._first_request_step and self.gate.enabled:
            self._first_request_step = False
            explanation = MODERN_STEPS["first"]
        w = Waiter()
        w.on_progress = on_progress
        self._waiters[id_key(id)] = w
        timeout = self.options.request_timeout if timeout is None else timeout
        max_timeout = self.options.max_request_timeout if max_timeout is None else max_timeout
        try:
            self._sent_as[id_key(id)] = await self.send_raw(
                raw, explanation=explanation, extra={"round_of": round_of} if round_of is not None else None
            )
            started = self.clock()
            hard_deadline = started + max_timeout
            held = self.held_time()
            while True:
                # The timeout runs from the request or from its latest progress, whichever is
                # later, and never past the hard limit.
                seen = w.last_progress
                deadline = min(max(started, seen) + timeout, hard_deadline)
                with anyio.move_on_after(max(0.0, deadline - self.clock())):
                    await w.event.wait()
                if w.event.is_set():
                    break
                if w.last_progress != seen and self.clock() < hard_deadline:
                    continue  # progress arrived while we waited: wait from it
                if await self._caught_up(w, deadline):
                    continue  # what was read by the deadline is taken in now: the answer or progress among it counts
                if await self._held_at_gate():  # step mode: the answer may be waiting to be let in
                    started = self.clock()
                    hard_deadline = started + max_timeout
                    continue
                extra = await self._held_by_link(held)  # a person signing in does not use up the time
                if extra > 0:
                    started, hard_deadline, held = started + extra, hard_deadline + extra, held + extra
                    continue
                now = self.clock()
                self._waiters.pop(id_key(id), None)
                self._record_timeout(id)
                await self._send_cancel(id, f"Request timed out after {now - started:.1f} s")
                raise RequestTimeout(f"{method} (id {id}) got no answer within {now - started:.1f} s")
        except BaseException as exc:
            if isinstance(exc, anyio.get_cancelled_exc_class()) and id_key(id) in self._waiters:
                self._waiters.pop(id_key(id), None)
                with anyio.CancelScope(shield=True):
                    await self._send_cancel(id, "Cancelled by the user")
            raise
        sent_as = self._sent_as.pop(id_key(id), None)  # answered: nothing left to cancel
        if w.lost == CANCELLED:
            raise RequestCancelled(f"{method} (id {id}) was cancelled")
        if w.lost is not None and w.expired:
            raise SessionExpired(self._failure_text(f"{method} (id {id}): {w.lost}"), sent_as)
        if w.lost is not None:
            raise ConnectionLost(self._failure_text(f"{method} (id {id}): {w.lost}"))
        obj = w.reply_obj or {}
        result = obj.get("result") if w.kind is Kind.RESULT else None
        error = obj.get("error") if w.kind is Kind.ERROR else None
        if w.kind is Kind.RESULT and not isinstance(result, dict):
            result = {"_": result}
        if w.kind is Kind.ERROR and not isinstance(error, dict):
            error = {"code": None, "message": str(error)}
        return Reply(id, w.seq, result, error, w.latency)

    def _record_timeout(self, id: JsonValue, *, never_read: float | None = None) -> None:
        a = self.engine.timeout(id, never_read=never_read)
        extra: JsonObject = {"event": "timeout"}
        text = f"no answer to request {id!r}"
        if never_read is not None:
            extra["never_read"] = never_read
            text += (
                f": the server had not read it (nor anything else from its stdin) {never_read:g} s after its start"
                " (--start-timeout)"
            )
        self.recording.append(Direction.EVENT, self.clock(), text.encode(), a, extra)
        self.recording.notify()

    async def _send_cancel(self, id: JsonValue, reason: str) -> None:
        if self._exited.is_set():
            return
        seq = self._sent_as.pop(id_key(id), None)
        if self.engine.era is Era.MODERN and seq is not None and self.transport.cancel(seq):
            return  # 2026-07-28 over HTTP: closing the request's answer stream is the cancellation
        try:
            await self.send_raw(self.engine.build_cancel(id, reason))
        except (ConnectionLost, TransportClosed):
            pass

    async def cancel_request(self, id: JsonValue, reason: str = "Cancelled by the user") -> None:
        """Cancel an outstanding request by id; its caller gets RequestCancelled."""
        w = self._waiters.pop(id_key(id), None)
        await self._send_cancel(id, reason)
        if w is not None:
            w.lost = CANCELLED
            w.event.set()

    async def _await_renewal(self) -> bool:
        """HTTP: wait for the new session started after an expiry; True when it is ready."""
        renewed = self._renewed
        if renewed is not None:
            await renewed.wait()  # bounded: the handshake's own waits are
        return self.engine.state is State.OPERATING and not self._closing
