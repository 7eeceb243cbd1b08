"""The protocol engine's session and link events: what is not a message but moves the
lifecycle or breaks a rule - a line the engine could not analyse or that is too long, a request
that timed out, the server that could not start, the shutdown's steps, the process or the HTTP
link gone, and each HTTP exchange the transport reports (its status, content type, session id,
redirects; a refused start request, which in auto mode means a legacy server or the HTTP+SSE
transport). Sans-IO like the rest of the engine: a link event is its name and the transport's
facts as data.

:class:`LinkEvents` is a part of :class:`~.engine.ProtocolEngine` (its base class), kept in its
own module by responsibility; it works on the :class:`~.engine_state.EngineState` they share.
"""

from __future__ import annotations

from .correlation import id_key
from .engine_state import OUTCOMES, Analysis, EngineState
from .http_meta import resource_metadata
from .jsontypes import JsonObject, JsonValue
from .lifecycle import Event, State
from .links import TransportKind
from .messages import Kind, parse_line, valid_id
from .versions import MODERN_ERROR_CODES, Era, EraMode


class LinkEvents(EngineState):
    """Session and link events as engine inputs (see the module docstring)."""

    def failed_analysis(self, raw: bytes, exc: BaseException) -> Analysis:
        """The analysis of ``raw`` raised: the line is still recorded, with the fault as data.

        What the line is comes from the parser alone (which never raises); the lifecycle stays
        where it was. ``inspector.internal-error`` marks the entry for the people who fix the
        inspector.
        """
        p = parse_line(raw)
        a = Analysis(p.kind, self.lifecycle.state)
        a.method = p.method if isinstance(p.method, str) else None
        a.id = p.id if valid_id(p.id) else None
        a.problem = f"the inspector failed to analyse this line: {type(exc).__name__}: {exc}"
        a.violations = ("inspector.internal-error",)
        return a

    def oversized(self, head: bytes, dropped: int, limit: int, kind: Kind = Kind.NOISE) -> Analysis:
        """A line longer than the limit: ``head`` is its first ``limit`` bytes, ``dropped`` more
        bytes (terminator included) were counted and thrown away. ``kind``: NOISE for stdout
        (a message cut short is no message), STDERR for stderr, LINK_NOTE for a side line of the
        link (HTTP: a body that is no message, an error page, ...)."""
        a = Analysis(kind, self.lifecycle.state)
        body = kind is Kind.LINK_NOTE
        a.problem = (
            f"{'body' if body else 'line'} longer than {limit:,} bytes: kept the first {len(head):,}, dropped "
            f"{dropped:,} more"
        )
        a.violations = ("http.body-too-long",) if body else (self._rule_too_long,)
        return a

    def note(self, kind: Kind = Kind.NOTE) -> Analysis:
        return Analysis(kind, self.lifecycle.state)

    def timeout(self, id: JsonValue, *, never_read: float | None = None) -> Analysis:
        """The client stopped waiting for request ``id``. ``never_read``: over stdio the server
        had not read the request (nor anything after it) when the start timeout - that many
        seconds after its start - ran out: the start fails, there is nothing to fall back to."""
        a = self.note()
        pending = self.client.forget(id)
        self._log_requests.discard(id_key(id))
        a.violations = ("lifecycle.no-answer",)
        if pending is None:
            return a
        a.paired = pending.seq
        a.method = pending.method
        a.id = id
        if (
            never_read is not None
            and pending.method in ("initialize", "server/discover")
            and self.lifecycle.can(Event.NEVER_READ)
        ):
            self._set_outcome("never-read", seconds=f"{never_read:g}", method=pending.method)
            self._fire(a, Event.NEVER_READ)
        elif pending.method == "initialize":
            self._set_outcome(
                "initialize-timeout-after-silence" if self._fell_back_on_silence else "initialize-timeout"
            )
            self._fire(a, Event.TIMEOUT)
        elif pending.method == "server/discover" and self.lifecycle.state is State.DISCOVERING:
            if self.config.era is EraMode.AUTO:  # silence means a legacy server
                # Not a broken rule: 2026-07-28 stdio names silence among a legacy server's
                # answers to the probe, and the probe timeout is the client's own short guess.
                # A server that answers later is flagged then (jsonrpc.late-response).
                a.violations = ()
                self.era = Era.LEGACY
                self.era_basis, self.era_basis_args = "discover-silent", {}
                self._fell_back_on_silence = True
                self._use_version(self.config.legacy_version)
                self._fire(a, Event.TIMEOUT)
            else:
                self._set_outcome("discover-timeout")
                self._fire(a, Event.TIMEOUT)
        return a

    def _set_outcome(self, outcome: str, /, **args: str) -> None:
        self.outcome_code = outcome
        self.outcome_args = args
        self.outcome = OUTCOMES[outcome].format(**args)

    def spawn_failed(self, why: str, reason: str = "other", **values: str) -> Analysis:
        """The server could not be started: ``why`` in English, ``reason`` and ``values`` (the
        transport's code for it and what fills it) kept beside it for other languages."""
        a = self.note(self.event_kind)
        self._set_outcome("spawn-failed", why=why, reason=reason, **values)
        self._fire(a, Event.SPAWN_FAILED)
        return a

    def shutdown_begins(self) -> Analysis:
        a = self.note(self.event_kind)
        self._fire(a, Event.SHUTDOWN)
        return a

    def escalated(self, signal_name: str) -> Analysis:
        a = self.note(self.event_kind)
        if signal_name == "SIGTERM":
            a.violations = ("lifecycle.ignored-stdin-close",)
            self._fire(a, Event.SIGTERM_SENT)
        else:
            a.violations = ("lifecycle.ignored-sigterm",)
            self._fire(a, Event.SIGKILL_SENT)
        return a

    def process_exited(self) -> Analysis:
        a = self.note(self.event_kind)
        state = self.lifecycle.state
        if state in (State.UNINITIALIZED, State.INITIALIZING, State.INITIALIZED, State.IDLE, State.DISCOVERING):
            a.violations = ("lifecycle.exited-during-initialize",)
            if self.outcome is None:
                self._set_outcome("exited-before-established")
        elif state in (State.OPERATING, State.READY):
            if self.outcome is None:
                self._set_outcome("exited-during-session")
        self._fire(a, Event.PROCESS_EXITED)
        return a

    def unreachable(self) -> Analysis:
        """HTTP: no request ever got an answer (nothing listens at the URL, the name does not
        resolve, TLS failed). The session fails like a server that could not be started: no
        server spoke, so no rule of the protocol was broken."""
        a = self.note(self.event_kind)
        if self.outcome is None:
            self._set_outcome("unreachable")
        self._fire(a, Event.PROCESS_EXITED)
        return a

    def redirected_away(self, info: JsonObject) -> Analysis:
        """HTTP+SSE: the event stream's GET was redirected (not followed), so the link ends
        before it began; no server spoke MCP, so no lifecycle rule was broken."""
        a = self.note(self.event_kind)
        failure_args = info.get("failure_args")
        args: JsonObject = failure_args if isinstance(failure_args, dict) else {}
        if self.outcome is None and self.lifecycle.state in (
            State.UNINITIALIZED,
            State.INITIALIZING,
            State.DISCOVERING,
        ):
            try:
                self._set_outcome("redirected", method="the event stream's GET", **{k: str(v) for k, v in args.items()})
            except (KeyError, IndexError, TypeError):
                self.outcome_code = self.outcome = None
                self.outcome_args = {}
        self._fire(a, Event.PROCESS_EXITED)
        return a

    #: Link events (a transport's spawned / closed / shutdown steps / exited, by name) that move
    #: the lifecycle; every other link event is recorded as a process note.
    LINK_EVENTS = ("stdin_closed", "sigterm_sent", "sigkill_sent", "exited", "session_closing", "disconnected")

    def link_event(self, name: str, info: JsonObject | None = None) -> Analysis:
        """A transport's link event as an engine input: the lifecycle edge it takes (the client
        began the shutdown, escalated to SIGTERM or SIGKILL, the server is gone), the rules it
        breaks and the outcome it sets; any other event is a note. Sans-IO: ``name`` is the
        event's name (``transport.base.ProcessEventKind`` values), nothing else is needed."""
        if name == "stdin_closed" or name == "session_closing":  # stdio: close stdin; HTTP: DELETE the session
            return self.shutdown_begins()
        if name == "sigterm_sent":
            return self.escalated("SIGTERM")
        if name == "sigkill_sent":
            return self.escalated("SIGKILL")
        if name == "disconnected" and info is not None and info.get("unreachable"):
            return self.unreachable()
        if name == "disconnected" and info is not None and info.get("failure_code") == "redirected":
            return self.redirected_away(info)
        if name == "exited" or name == "disconnected":  # the server process, or the HTTP link, is gone
            return self.process_exited()
        a = self.note(self.event_kind)
        if name == "http_exchange" and info is not None:
            v = self.http_exchange_rules(info)
            if v:
                a.violations = tuple(v)
            if not info.get("authorizing"):
                self._post_answered(a, info)
            else:  # the authorizer is asked (AUTHORIZED says what it means): the spec's signal, no error
                a.violations = tuple(r for r in a.violations if r != "http.error-status")
        elif name == "authorized" and info is not None and info.get("failure"):
            self._post_answered(a, info)  # no new credentials: the refusal stands, as without an authorizer
        elif (
            name == "stream_ended" and info is not None and info.get("failure")
        ):  # broke off, or cut at the limit, before its answer
            if (
                info.get("failure_code") != "answer-too-long"
            ):  # the cut event itself is flagged http.message-too-long when it ends
                a.violations = ("http.body-incomplete",)
            self._start_exchange_failed(info)
        elif name == "stream_ended" and info is not None:
            # 2025-11-25: an answer stream that ended before its response may be resumed with
            # GET + Last-Event-ID (2026-07-28 streams are not resumable)
            seq = info.get("request_seq")
            a.resume = (
                self.transport.wire is TransportKind.STREAMABLE_HTTP
                and self.era is not Era.MODERN
                and any(p.seq == seq and not p.cancelled for p in self.client.pending.values())
            )
        elif name == "stream_closed" and info is not None:  # HTTP 2026-07-28: the client cancelled by closing
            for pending in self.client.pending.values():
                if pending.seq == info.get("request_seq"):
                    pending.cancelled = True
        elif name == "session_expired":
            a.violations = ("http.session-expired",)
            self.http_session_id = None  # the next initialize gets a new one
            self._fire(a, Event.SESSION_EXPIRED)
        return a

    def _post_answered(self, a: Analysis, info: JsonObject) -> None:
        """What an HTTP answer (an exchange, or a refusal the authorizer could not lift) means for
        the start: a 4xx or 5xx without a JSON-RPC answer ends the start request at once (a 5xx
        is no timeout either: the server said it failed)."""
        given = info.get("status")
        status = given if type(given) is int else 0  # not bool: a status is a whole number
        refused = info.get("method") == "POST" and 400 <= status < 600
        if refused and self.lifecycle.state is State.DISCOVERING and info.get("request_seq") == self._discover_seq:
            self._discover_refused(a, status, info)
        elif (
            refused
            and self.lifecycle.state is State.INITIALIZING
            and info.get("request_seq") == self._initialize_seq
            and info.get("jsonrpc_error") is None
        ):
            self._initialize_refused(a, status, info)
        else:
            self._start_exchange_failed(info)

    def _start_exchange_failed(self, info: JsonObject) -> None:
        """HTTP: the exchange of server/discover or initialize cannot bring its answer (the
        transport says why: ``failure_code`` and its args - redirected, broken off, too long);
        that is why the start fails (the session ends it at once)."""
        code = info.get("failure_code")
        seq = info.get("request_seq")
        if code not in OUTCOMES or self.outcome is not None:
            return
        if self.lifecycle.state is State.DISCOVERING and seq == self._discover_seq:
            method = "server/discover"
        elif self.lifecycle.state is State.INITIALIZING and seq == self._initialize_seq:
            method = "initialize"
        else:
            return
        failure_args = info.get("failure_args")
        args: JsonObject = failure_args if isinstance(failure_args, dict) else {}
        try:
            self._set_outcome(code, method=method, **{k: str(v) for k, v in args.items()})
        except (KeyError, IndexError, TypeError):  # args that do not fill the sentence (a damaged recording)
            self.outcome_code = self.outcome = None
            self.outcome_args = {}

    def _discover_refused(self, a: Analysis, status: int, info: JsonObject) -> None:
        """The modern probe's POST got a 4xx (or 5xx). 2026-07-28 versioning: without a modern
        error body that means a legacy server (auto falls back to initialize at once; modern
        fails). A 5xx is taken the same way - a server that fails on a method it does not know -
        but stays flagged http.error-status."""
        if info.get("jsonrpc_error") in MODERN_ERROR_CODES:  # a modern error body speaks for itself
            return
        if self.config.era is EraMode.AUTO and status not in (401, 403):
            self.era = Era.LEGACY
            self.era_basis, self.era_basis_args = "http-rejected", {"status": str(status)}
            self._use_version(self.config.legacy_version)
            self._fire(a, Event.HTTP_REJECTED)
            if status < 500:  # the expected refusal; a server error stays flagged
                a.violations = tuple(r for r in a.violations if r != "http.error-status")
            return
        self._refusal_outcome("discover-error", status, info)
        self._fire(a, Event.DISCOVER_FAILED)

    def _initialize_refused(self, a: Analysis, status: int, info: JsonObject) -> None:
        """initialize's POST got a 4xx or 5xx without a JSON-RPC answer. Auto transport (2025-03-26
        transports, backwards compatibility): after a 4xx the server may speak the 2024-11-05
        HTTP+SSE transport, so the client tries that next (the session asks the transport to);
        otherwise, for 401/403 (authorization, not a transport question) or a 5xx (the server
        failed), the start has failed."""
        if self.transport is TransportKind.HTTP_AUTO and status < 500 and status not in (401, 403):
            self._fire(a, Event.TRANSPORT_FALLBACK)
            self.transport = TransportKind.SSE_FALLBACK
            self.lifecycle.retarget(TransportKind.SSE_FALLBACK)
            a.violations = tuple(r for r in a.violations if r != "http.error-status")  # the expected refusal
            return
        self._refusal_outcome("initialize-refused", status, info)
        self._fire(a, Event.INITIALIZE_REFUSED)

    def _refusal_outcome(self, outcome: str, status: int, info: JsonObject) -> None:
        """Why the start failed on an HTTP refusal; a 401 says where to learn about authorization."""
        if status == 401:
            headers = info.get("response_headers") or {}
            challenge = headers.get("www-authenticate") if isinstance(headers, dict) else None
            self._set_outcome("unauthorized", metadata=resource_metadata(challenge) or "none named")
        else:
            self._set_outcome(outcome, code=str(status) if outcome == "initialize-refused" else f"HTTP {status}")

    def http_exchange_rules(self, info: JsonObject) -> list[str]:
        """The rules one HTTP exchange breaks, from what the transport recorded of it: method,
        status, response headers (lower-case names), ``body_bytes`` when the body was read."""
        v: list[str] = []
        method = info.get("method")
        status = info.get("status")
        headers = info.get("response_headers") or {}
        ctype = str(headers.get("content-type", "")).split(";")[0].strip().lower()
        if not isinstance(status, int):
            return v
        refusal_in_json = status < 500 and info.get("jsonrpc_error") is not None  # the JSON-RPC error says it all
        if (
            status >= 400
            and not (method == "GET" and status == 405)
            and not (method == "DELETE" and status == 405)
            and status != 404
            and not refusal_in_json
        ):
            v.append("http.error-status")
        streamable = (
            self.transport.wire is TransportKind.STREAMABLE_HTTP
        )  # the 2024-11-05 transport says nothing of POST answers
        if streamable and method == "POST" and status == 202 and info.get("body_bytes"):
            v.append("http.accepted-with-body")
        if streamable and method == "POST" and status == 200 and ctype not in ("application/json", "text/event-stream"):
            v.append("http.content-type")
        if method == "GET" and status == 200 and ctype != "text/event-stream":
            v.append("http.content-type")
        if 300 <= status < 400:  # never followed (the transport says why)
            v.append("http.redirect")
        if info.get("body_error"):  # reset, broken framing, or still arriving at the read timeout
            v.append("http.body-incomplete")
        sid = headers.get("mcp-session-id")
        if isinstance(sid, str) and sid and status < 300:  # a refusal assigns no session
            if self.http_session_id is None:
                self.http_session_id = sid
            elif sid != self.http_session_id:
                v.append("http.session-id-changed")
        return v
