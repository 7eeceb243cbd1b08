"""The sans-IO protocol engine: one per connection, fed every line in both directions.

The engine never performs I/O and never reads a clock. The driver hands it each line the
client is about to write (``outgoing``), each line the server wrote (``incoming``) and each
session event (timeouts, process events), always with a timestamp and the recording entry
number. For each it returns an :class:`Analysis`: what the line is, the lifecycle state after
it, the transition it caused, the rules it broke and its schema verdict. The driver decides
what to send next from the engine's facts (negotiated version, era, retry hints).
"""

from __future__ import annotations

import copy
from itertools import repeat

import orjson

from .correlation import Match, Pending, id_key
from .engine_link import LinkEvents
from .engine_state import EMPTY, ERA_BASES, OUTCOMES, Analysis, ClientConfig, capabilities_for
from .framing import frame_body
from .http_meta import tool_header_params
from .jsontypes import JsonObject, JsonValue
from .lifecycle import Event, Lifecycle, State, Transition
from .links import TransportKind
from .messages import Kind, Parsed, classify, dumps, parse_line, valid_id
from .schema import Checker, SchemaVerdict
from .versions import (
    LATEST_LEGACY,
    LEGACY_VERSIONS,
    META_CLIENT_CAPABILITIES,
    META_CLIENT_INFO,
    META_LOG_LEVEL,
    META_PROTOCOL_VERSION,
    META_SERVER_INFO,
    MODERN_ERROR_CODES,
    MODERN_VERSIONS,
    UNSUPPORTED_PROTOCOL_VERSION,
    Era,
    EraMode,
)

__all__ = [  # the engine's terms and link events are re-exported: import them from here
    "EMPTY",
    "ERA_BASES",
    "OUTCOMES",
    "Analysis",
    "ClientConfig",
    "LinkEvents",
    "ProtocolEngine",
    "body_text",
    "capabilities_for",
]

_loads = orjson.loads
_JSONDecodeError = orjson.JSONDecodeError
INPUT_REQUIRED_ALLOWED = frozenset({"tools/call", "prompts/get", "resources/read"})

# server notification -> (capability, sub-capability or None) it needs (legacy era)
_SERVER_GATES: dict[str, tuple[str, str | None]] = {
    "notifications/tools/list_changed": ("tools", "listChanged"),
    "notifications/prompts/list_changed": ("prompts", "listChanged"),
    "notifications/resources/list_changed": ("resources", "listChanged"),
    "notifications/resources/updated": ("resources", "subscribe"),
    "notifications/message": ("logging", None),
}
# server request -> client capability it needs
_CLIENT_GATES: dict[str, str] = {
    "roots/list": "roots",
    "sampling/createMessage": "sampling",
    "elicitation/create": "elicitation",
}

#: Observer: the hand-written message rules in the words for a host's message.
_HOST_RULES = {"client.not-json": "host.not-json", "client.invalid-utf8": "host.invalid-utf8",
               "client.id-reused": "host.id-reused"}  # fmt: skip
# client request -> (server capability, sub-capability or None) it needs (observer mode)
_HOST_GATES: dict[str, tuple[str, str | None]] = {
    "tools/list": ("tools", None),
    "tools/call": ("tools", None),
    "prompts/list": ("prompts", None),
    "prompts/get": ("prompts", None),
    "resources/list": ("resources", None),
    "resources/read": ("resources", None),
    "resources/templates/list": ("resources", None),
    "resources/subscribe": ("resources", "subscribe"),
    "resources/unsubscribe": ("resources", "subscribe"),
    "logging/setLevel": ("logging", None),
    "completion/complete": ("completions", None),
}
#: observer: a host's notification -> the host's own capability (and sub-flag) it needs declared
_HOST_NOTICE_GATES: dict[str, tuple[str, str | None]] = {
    "notifications/roots/list_changed": ("roots", "listChanged"),
}
#: JSON-RPC 2.0 errors for a request whose id could not be read: parse error, invalid request.
ID_UNREADABLE_CODES = frozenset({-32700, -32600})
#: The info rule that explains an error response with id null for such a request.
NULL_ID_NOTE = "jsonrpc.error-id-null"

#: 2026-07-28 Streamable HTTP: the HTTP status that goes with these JSON-RPC errors.
MODERN_ERROR_STATUS = {-32020: 400, -32021: 400, -32022: 400, -32601: 404}


class ProtocolEngine(LinkEvents):
    # ------------------------------------------------------------------ facts

    def preview(self, direction: str, raw: bytes = b"", *, event: str | None = None) -> Transition | None:
        """The lifecycle edge an input would take, without taking it: a message the client is
        about to write (``"c2s"``), one the server sent (``"s2c"``), or a link event by name
        (``"link"``, ``event``). Step mode shows it before Continue. Runs on a copy of the
        engine (the schema validators and the configuration are shared, never changed)."""
        memo = {
            id(self._validator): self._validator,
            id(self.config): self.config,
            id(self._s2c_methods): self._s2c_methods,
        }
        trial = copy.deepcopy(self, memo)
        try:
            if direction == "link":
                a = trial.link_event(event or "")
            elif direction == "c2s":
                a = trial.outgoing(raw, 0.0, -1)
            else:
                a = trial.incoming(raw, 0.0, -1)
        except Exception:  # whatever the message holds, a preview never raises
            return None
        return a.transition

    def adopt_retry_version(self) -> bool:
        """Modern era, after -32022: use the suggested version for later requests.

        Returns False when there is nothing new to try (no common version, or already in use).
        """
        v = self.retry_version
        if self.era is not Era.MODERN or v is None or v == self.version:
            return False
        self.version = v
        self._use_version(v)
        return True

    def next_id(self) -> int:
        i = self._next_id
        self._next_id += 1
        return i

    # ------------------------------------------------------------------ builders

    def client_capabilities(self, version: str) -> JsonObject:
        if self.config.observer:  # the host's own declaration, as it sent it (nothing before its handshake)
            return self.host_capabilities or {}
        return capabilities_for(version, self.config.capabilities)

    def build_initialize(self, id: JsonValue) -> bytes:
        v = self.config.legacy_version
        return dumps(
            {
                "jsonrpc": "2.0",
                "id": id,
                "method": "initialize",
                "params": {
                    "protocolVersion": v,
                    "capabilities": self.client_capabilities(v),
                    "clientInfo": self.config.client_info,
                },
            }
        )

    def build_initialized(self) -> bytes:
        return dumps({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def request_meta(self, version: str | None = None) -> JsonObject:
        v = version or self.version or self.config.modern_version
        meta = {
            META_PROTOCOL_VERSION: v,
            META_CLIENT_INFO: self.config.client_info,
            META_CLIENT_CAPABILITIES: self.client_capabilities(v),
        }
        if self.config.log_level:
            meta[META_LOG_LEVEL] = self.config.log_level
        return meta

    def build_discover(self, id: JsonValue, version: str | None = None) -> bytes:
        return dumps(
            {
                "jsonrpc": "2.0",
                "id": id,
                "method": "server/discover",
                "params": {"_meta": self.request_meta(version or self.retry_version or self.config.modern_version)},
            }
        )

    def build_request(
        self, id: JsonValue, method: str, params: JsonObject | None = None, *, progress_token: JsonValue = None
    ) -> bytes:
        """A client request; in the modern era the per-request ``_meta`` is filled in."""
        params = dict(params) if params else {}
        meta = dict(params.get("_meta") or {})
        if self.era is Era.MODERN:
            for k, v in self.request_meta().items():
                meta.setdefault(k, v)
        if progress_token is not None:
            meta["progressToken"] = progress_token
        if meta:
            params["_meta"] = meta
        msg: JsonObject = {"jsonrpc": "2.0", "id": id, "method": method}
        if params:
            msg["params"] = params
        return dumps(msg)

    def build_notification(self, method: str, params: JsonObject | None = None) -> bytes:
        msg: JsonObject = {"jsonrpc": "2.0", "method": method}
        if params:
            msg["params"] = params
        return dumps(msg)

    def build_cancel(self, id: JsonValue, reason: str) -> bytes:
        return self.build_notification("notifications/cancelled", {"requestId": id, "reason": reason})

    def build_result(self, id: JsonValue, result: JsonObject) -> bytes:
        return dumps({"jsonrpc": "2.0", "id": id, "result": result})

    def check_answer(self, request_method: str, result: JsonValue) -> SchemaVerdict:
        """Whether ``result`` may answer a server request ``request_method`` in the version this
        engine speaks (the same check the answer gets once sent). Error paths start at
        ``/result``. Never raises."""
        return self._validator.check(
            {"jsonrpc": "2.0", "id": 0, "result": result}, kind="result", direction="c2s", request_method=request_method
        )

    def build_error(self, id: JsonValue, code: int, message: str, data: JsonValue = None) -> bytes:
        err: JsonObject = {"code": code, "message": message}
        if data is not None:
            err["data"] = data
        return dumps({"jsonrpc": "2.0", "id": id, "error": err})

    # ------------------------------------------------------------------ hand-written messages

    def peek_id(self) -> int:
        """The id the next request built here would get (a suggestion for a hand-written one)."""
        return self._next_id

    def id_pending(self, id: JsonValue) -> bool:
        """Whether a client request with ``id`` is still waiting for its answer."""
        return valid_id(id) and id_key(id) in self.client.pending

    def composer_methods(self) -> tuple[list[str], list[str]]:
        """The client requests and notifications of the version in use (sorted)."""
        v = self._validator
        return sorted(v.methods("request", "c2s")), sorted(v.methods("notification", "c2s"))

    def template(self, method: str, id: JsonValue = None) -> JsonObject:
        """A message for ``method`` as the schema of the version in use wants it at least, for a
        person to edit: a request (with ``id``; in the modern era with its ``_meta``) or a
        notification, its required params filled with placeholders."""
        requests, _notifications = self.composer_methods()
        kind = "request" if method in requests else "notification"
        params = self._validator.params_template(kind, "c2s", method)
        if kind == "request":
            raw = self.build_request(self.peek_id() if id is None else id, method, params or None)
        else:
            raw = self.build_notification(method, params or None)
        template: JsonObject = _loads(raw)
        return template

    def judge_text(self, raw: bytes) -> Analysis:
        """What a hand-written message would be (kind, method, id), the rules it breaks and its
        schema verdict, without sending it or changing anything (for a live preview)."""
        return self._hand_written(raw, parse_line(raw))

    def hand_written(self, raw: bytes, t: float, seq: int) -> Analysis:
        """A message a person wrote and sent (the composer): recorded like the client's own,
        and judged like the server's - the rules it breaks and its schema verdict. Before and
        during the start sequence an initialize or server/discover written by hand IS the
        handshake (a teacher may start a session by hand); once the session is initialized or
        ready, one is just a request: flagged (lifecycle.initialize-repeated), answered and
        paired, but what was negotiated - version, offer, capabilities, outcome - stays. A
        request id the client used before in the session, answered or not, is flagged
        (client.id-reused)."""
        judged = self._hand_written(raw, parse_line(raw))  # as things stand before it goes out
        a = self.outgoing(raw, t, seq)
        if type(a.id) is int and a.id >= self._next_id:  # the client's own requests never take it again
            self._next_id = a.id + 1
        a.violations = judged.violations
        a.schema = judged.schema
        a.problem = a.problem or judged.problem
        return a

    def observe(self, raw: bytes, t: float, seq: int) -> Analysis:
        """Observer mode (proxy): a line a host wrote to the server. The host, not the inspector,
        is the client: the line is judged as a client message (the rules and the schema of the
        version in force, like a hand-written one) and moves the lifecycle like the inspector's
        own would. Until the era is known (auto), the host's first handshake decides it:
        initialize is the legacy era (judged against the version it asks for), server/discover
        or a request carrying ``_meta`` protocol version the modern one. The capabilities the
        host declares (initialize's, or the modern ``_meta``'s) are the ones a server request is
        checked against."""
        p = parse_line(raw)
        if p.kind is Kind.REQUEST and isinstance(p.obj, dict):
            params = p.obj.get("params")
            params = params if isinstance(params, dict) else {}
            meta = params.get("_meta")
            meta = meta if isinstance(meta, dict) else {}
            if self.era is None and self.lifecycle.state is State.IDLE:
                self._host_era(p.method, params, meta)
            if p.method == "initialize" and self._starting():
                caps = params.get("capabilities")
                self.host_capabilities = caps if isinstance(caps, dict) else {}
            elif self.era is Era.MODERN and isinstance(meta.get(META_CLIENT_CAPABILITIES), dict):
                self.host_capabilities = meta[META_CLIENT_CAPABILITIES]
        judged = self._hand_written(raw, p)
        early = p.method == "notifications/initialized" and self.lifecycle.state is State.INITIALIZING
        a = self.outgoing(raw, t, seq)
        found = [_HOST_RULES.get(rule, rule) for rule in judged.violations]
        if p.bad_utf8 and "host.invalid-utf8" not in found:  # JSON read leniently: still not UTF-8
            found.append("host.invalid-utf8")
        if early:
            found.append("lifecycle.initialized-before-result")
        if p.kind is Kind.REQUEST and not self._server_offers(p.method or ""):
            found.append("host.capability-undeclared")
        elif p.kind is Kind.NOTIFICATION and not self._host_declared(p.method or ""):
            found.append("host.capability-undeclared")
        a.violations = tuple(found)
        a.schema = judged.schema
        a.problem = a.problem or judged.problem
        return a

    def _server_offers(self, method: str) -> bool:
        """Observer: whether the server declared the capability a host's request needs (True
        while its capabilities are not known, and for requests that need none)."""
        gate = _HOST_GATES.get(method)
        caps = self.server_capabilities
        if gate is None or caps is None:
            return True
        cap = caps.get(gate[0])
        return isinstance(cap, dict) and (gate[1] is None or bool(cap.get(gate[1])))

    def _host_declared(self, method: str) -> bool:
        """Observer: whether the host declared the capability its own notification needs
        (``notifications/roots/list_changed``: ``roots.listChanged``); True while its
        capabilities are not known, and for notifications that need none."""
        gate = _HOST_NOTICE_GATES.get(method)
        caps = self.host_capabilities
        if gate is None or caps is None:
            return True
        cap = caps.get(gate[0])
        return isinstance(cap, dict) and (gate[1] is None or bool(cap.get(gate[1])))

    def _host_era(self, method: str | None, params: JsonObject, meta: JsonObject) -> None:
        """Observer, auto: the era the host chose by what it sent first."""
        if method == "initialize":
            self.era = Era.LEGACY
            self.era_basis = "host-initialize"
            self.lifecycle = Lifecycle(EraMode.LEGACY, self.transport)
            asked = params.get("protocolVersion")
            self._use_version(asked if isinstance(asked, str) else self.config.legacy_version)
        elif method == "server/discover" or META_PROTOCOL_VERSION in meta:
            self.era = Era.MODERN
            self.era_basis = "host-modern"
            asked = meta.get(META_PROTOCOL_VERSION)
            self._use_version(asked if isinstance(asked, str) else self.config.modern_version)

    def _hand_written(self, raw: bytes, p: Parsed) -> Analysis:
        a = Analysis(p.kind, self.lifecycle.state)
        a.method, a.id, a.obj, a.problem, a.error_code = p.method, p.id, p.obj, p.problem, p.error_code
        v: list[str] = []
        kind = p.kind
        if kind is Kind.NOISE:
            v.append(
                "client.invalid-utf8" if p.problem and p.problem.startswith("invalid UTF-8") else "client.not-json"
            )
        elif kind is Kind.INVALID:
            v.append("jsonrpc.not-a-message")
        elif kind is Kind.BATCH:
            if self._schema_version != "2025-03-26":
                v.append("jsonrpc.batch")
        else:
            obj = p.obj
            if obj.get("jsonrpc") != "2.0":
                v.append("jsonrpc.version")
            if kind is Kind.REQUEST:
                if not valid_id(p.id):
                    v.append("jsonrpc.id-invalid")
                elif self.id_pending(p.id) or id_key(p.id) in self._client_ids:
                    v.append("client.id-reused")
            if kind in (Kind.REQUEST, Kind.NOTIFICATION):
                direction_methods = self.composer_methods()[0 if kind is Kind.REQUEST else 1]
                if p.method not in direction_methods:
                    v.append("method.unknown")
                if kind is Kind.REQUEST and p.method == "initialize" and not self._starting():
                    v.append("lifecycle.initialize-repeated")
                if self.era is not Era.MODERN:
                    state = self.lifecycle.state
                    if (
                        p.method not in ("initialize", "ping")
                        and state in (State.UNINITIALIZED, State.INITIALIZING)
                        and kind is Kind.REQUEST
                    ):
                        v.append("lifecycle.client-before-initialize")
                    elif kind is Kind.REQUEST and p.method not in ("initialize", "ping") and not self._initialized_sent:
                        v.append("lifecycle.client-request-before-initialized")
                a.schema = self._validator.check(obj, kind=kind.label, direction="c2s", method=p.method)
            elif kind in (Kind.RESULT, Kind.ERROR):
                pending = self.server.pending.get(id_key(p.id)) if valid_id(p.id) else None
                if pending is None:
                    v.append("jsonrpc.response-unknown-id")
                a.schema = self._validator.check(
                    obj, kind=kind.label, direction="c2s", request_method=pending.method if pending else None
                )
        a.violations = tuple(v)
        return a

    def _starting(self) -> bool:
        """Whether the start sequence is still to come or under way: an initialize or a
        server/discover sent now is the handshake (or its retry); later, a hand-written one is
        just a request, which changes nothing of what was negotiated."""
        return self.lifecycle.state in (State.UNINITIALIZED, State.INITIALIZING, State.IDLE, State.DISCOVERING)

    # ------------------------------------------------------------------ client -> server

    def outgoing(self, raw: bytes, t: float, seq: int) -> Analysis:
        """A line the client is writing. Registers requests, moves the lifecycle."""
        p = parse_line(raw)
        answered: Pending | None = None  # the server's request a result or error answers
        a = Analysis(p.kind, self.lifecycle.state)
        a.method, a.id, a.obj, a.problem, a.error_code = p.method, p.id, p.obj, p.problem, p.error_code
        kind = p.kind
        if kind is Kind.REQUEST:
            params = p.obj.get("params")
            token = None
            if isinstance(params, dict):
                meta = params.get("_meta")
                if isinstance(meta, dict):
                    token = meta.get("progressToken")
            self.client.add(p.id, p.method or "", seq, t, token)  # a request always has its method
            if valid_id(p.id):
                self._client_ids.add(id_key(p.id))
            if self.era is Era.MODERN and isinstance(params, dict):
                meta = params.get("_meta")
                if isinstance(meta, dict) and META_LOG_LEVEL in meta:
                    self._log_requests.add(id_key(p.id))
            if p.method == "initialize" and self._starting():
                self._initialize_seq = seq
                self.offered_version = params.get("protocolVersion") if isinstance(params, dict) else None
                self._fire(a, Event.SEND_INITIALIZE)
            elif p.method == "server/discover" and self._starting():
                self._discover_seq = seq
                meta = params.get("_meta", {}) if isinstance(params, dict) else {}
                self.offered_version = self._probe_offered = meta.get(META_PROTOCOL_VERSION)
                if self.lifecycle.state is State.IDLE:
                    self._fire(a, Event.SEND_DISCOVER)
        elif kind is Kind.NOTIFICATION:
            if p.method == "notifications/initialized":
                self._initialized_sent = True
                self._fire(a, Event.SEND_INITIALIZED)
            elif p.method == "notifications/cancelled":
                params = p.obj.get("params") or {}
                if isinstance(params, dict) and "requestId" in params:
                    self.client.cancel(params["requestId"])
        elif kind is Kind.RESULT or kind is Kind.ERROR:
            match, pending = self.server.resolve(p.id, seq)
            answered = pending
            if pending is not None:
                a.paired = pending.seq
                a.request_method = a.method = pending.method
                a.latency = t - pending.t
        if kind in (Kind.REQUEST, Kind.NOTIFICATION, Kind.RESULT, Kind.ERROR):
            a.schema = self._validator.check(
                p.obj, kind=kind.label, direction="c2s", method=p.method, request_method=a.request_method
            )
            shadowed = answered.shadows if answered is not None and not a.schema.ok else None
            while shadowed is not None:
                # the server reused this id while an earlier request was pending: the answer is
                # judged against the request it fits among those that share the id
                other = self._validator.check(
                    p.obj, kind=kind.label, direction="c2s", method=p.method, request_method=shadowed.method
                )
                if other.ok:
                    a.schema = other
                    a.request_method = a.method = shadowed.method
                    break
                shadowed = shadowed.shadows
        return a

    # ------------------------------------------------------------------ server -> client

    def incoming(self, raw: bytes, t: float, seq: int) -> Analysis:
        """A message the server sent: a line (terminator included; none on a partial last line)
        or, with message framing, a whole body or SSE event."""
        # Hot path: a complete line holding a JSON object (JSON allows the trailing CR/LF).
        v: list[str] | None = None
        if raw[-1:] == b"\n" or self._whole_messages:
            obj = None
            if raw[:1] == b"{":  # anything else (noise, arrays, odd spacing) takes parse_line
                try:
                    obj = _loads(raw)
                except _JSONDecodeError:
                    pass
            if type(obj) is dict:
                method = obj.get("method")
                if type(method) is str and "id" not in obj:  # a notification: the flood case
                    a = Analysis(Kind.NOTIFICATION, self.lifecycle.state)
                    a.method = method
                    a.obj = obj
                    if obj.get("jsonrpc") != "2.0":
                        v = ["jsonrpc.version"]
                    v = self._server_notification(method, obj, a, v)
                    a.schema = self._validator.check(obj, kind="notification", direction="s2c", method=method)
                    if v:
                        a.violations = tuple(v)
                    return a
                p = classify(obj)
            else:
                p = parse_line(raw)
        else:
            v = ["stdio.partial-line"]
            p = parse_line(raw)
        kind = p.kind
        a = Analysis(kind, self.lifecycle.state)
        a.method, a.id, a.obj, a.problem, a.error_code = p.method, p.id, p.obj, p.problem, p.error_code
        if kind is Kind.NOISE:
            if p.problem and p.problem.startswith("invalid UTF-8"):
                v = (v or []) + [self._rule_invalid_utf8]
            elif v is None:  # a cut-off line is not JSON by construction: partial-line says it all
                v = [self._rule_not_json]
            a.violations = tuple(v)
            return a
        if p.bad_utf8:
            v = (v or []) + [self._rule_invalid_utf8]
        if kind is Kind.INVALID:
            a.violations = tuple((v or []) + ["jsonrpc.not-a-message"])
            return a
        if kind is Kind.BATCH:
            if self._schema_version != "2025-03-26":
                v = (v or []) + ["jsonrpc.batch"]
            a.violations = tuple(v or ())
            return a

        obj = p.obj
        if obj.get("jsonrpc") != "2.0":
            v = (v or []) + ["jsonrpc.version"]
        if kind is Kind.NOTIFICATION:
            v = self._server_notification(p.method or "", obj, a, v)
        elif kind is Kind.RESULT or kind is Kind.ERROR:
            v = self._server_response(p, a, v, t, seq)
        else:
            v = self._server_request(p, a, v, seq, t)
        if a.notes:  # an error for a request whose id could not be read: the rest is checked, not the id
            obj = {**obj, "id": 0}
        a.schema = self._validator.check(
            obj, kind=kind.label, direction="s2c", method=p.method, request_method=a.request_method
        )
        if v:
            a.violations = tuple(v)
        return a

    def incoming_many(
        self, raws: list[bytes], t: float, seq: int, unread: frozenset[str] | None = frozenset()
    ) -> list[Analysis]:
        """``incoming`` for messages read together (entries ``seq``, ``seq + 1``, ...), with the
        same analyses; one that makes the engine fail gets ``failed_analysis`` and the rest go on.

        A run of well-formed notifications (not progress) takes a shorter path: what the rules
        say about one depends only on its method while nothing else happens in between
        (notifications move no state), so it is worked out for the first of each method and
        shared; the schema definition is looked up once (``SchemaValidator.checker``). Any
        other message goes the whole way and starts the run afresh.

        ``unread``: the notification methods (None: all of them) whose decoded messages the
        caller will not read. Valid ones of those share one Analysis per method and run, without
        ``obj``: the same fields, one object (a flood then allocates nothing per line here).

        A whole run of such notifications of one method nobody reads, all valid (one read of a
        flood), is told apart with C-level passes over the run (:meth:`_shared_run`) and gets
        that method's one Analysis; any other run goes line by line, as said above, reusing
        what the passes parsed. Both ways give the same analyses (the tests compare them)."""
        # method -> (violations, schema checker, shared analysis)
        known: dict[str, tuple[tuple[str, ...], Checker, Analysis | None]] = {}
        state = self.lifecycle.state
        parsed: list[object] | None = None
        if len(raws) > 1:
            shared_run, parsed = self._shared_run(raws, state, unread, known)
            if shared_run is not None:
                return shared_run
        out: list[Analysis] = []
        add = out.append
        loads = _loads
        whole = self._whole_messages
        NOTIFICATION = Kind.NOTIFICATION
        for k, raw in enumerate(raws):
            try:
                if (raw[-1:] == b"\n" or whole) and raw[:1] == b"{":
                    if parsed is not None:  # the run's passes parsed every line already
                        obj = parsed[k]
                    else:
                        try:
                            obj = loads(raw)
                        except _JSONDecodeError:
                            obj = None
                    if type(obj) is dict:
                        method = obj.get("method")
                        if (
                            type(method) is str
                            and "id" not in obj
                            and obj.get("jsonrpc") == "2.0"
                            and method != "notifications/progress"
                        ):
                            rule = known.get(method)
                            if rule is None:
                                rule = known[method] = self._notification_rule(method, obj, state, unread)
                            violations, checker, shared = rule
                            try:
                                valid = checker.is_valid(obj)
                            except Exception:  # noqa: BLE001 - the full check says why
                                valid = False
                            if valid and shared is not None:
                                add(shared)
                                seq += 1
                                continue
                            verdict = checker.ok if valid else checker.verdict(obj)
                            a = Analysis(NOTIFICATION, state)
                            a.method = method
                            a.obj = obj
                            a.violations = violations
                            a.schema = verdict
                            add(a)
                            seq += 1
                            continue
                add(self.incoming(raw, t, seq))
                if known:
                    known.clear()
                state = self.lifecycle.state
            except Exception as exc:  # the engine choked on one message: that is data too
                add(self.failed_analysis(raw, exc))
                known.clear()
                state = self.lifecycle.state
            seq += 1
        return out

    def _notification_rule(
        self, method: str, obj: JsonObject, state: State, unread: frozenset[str] | None
    ) -> tuple[tuple[str, ...], Checker, Analysis | None]:
        """``incoming_many``'s verdict on the first plain notification of ``method`` in a run, for
        the run's others: its violations, its schema checker and (when nobody reads them) the
        one Analysis the valid ones share."""
        probe = Analysis(Kind.NOTIFICATION, state)
        v = self._server_notification(method, obj, probe, None)
        checker = self._validator.checker(kind="notification", direction="s2c", method=method)
        shared = None
        if unread is None or method in unread:
            shared = Analysis(Kind.NOTIFICATION, state)
            shared.method = method
            shared.violations = tuple(v) if v else EMPTY
            shared.schema = checker.ok
        return (tuple(v) if v else EMPTY, checker, shared)

    def _shared_run(
        self,
        raws: list[bytes],
        state: State,
        unread: frozenset[str] | None,
        known: dict[str, tuple[tuple[str, ...], Checker, Analysis | None]],
    ) -> tuple[list[Analysis] | None, list[object] | None]:
        """``incoming_many`` for a run that is all one thing, worked out in C-level passes: when
        every line is a whole JSON object that is a notification (``jsonrpc`` "2.0", no id) of
        one method other than progress, that nobody reads, and every one is valid, the line by
        line way would give each the method's shared Analysis: so does this, at once. Otherwise
        None, with the decoded lines when every one was decoded (the line by line way takes
        them instead of decoding again); ``known`` then holds the rule worked out, if any: the
        one the line by line way would work out at the first line."""
        n = len(raws)
        try:
            if not all(map(bytes.startswith, raws, repeat(b"{"))):
                return None, None
            if not self._whole_messages and not all(map(bytes.endswith, raws, repeat(b"\n"))):
                return None, None
            objs: list[object] = list(map(_loads, raws))
        except (_JSONDecodeError, TypeError):  # a line that is not JSON (or not bytes): line by line
            return None, None
        first = objs[0]
        if type(first) is not dict:
            return None, objs
        method = first.get("method")
        if (
            type(method) is not str
            or method == "notifications/progress"
            or (unread is not None and method not in unread)
        ):
            return None, objs
        if (
            list(map(type, objs)).count(dict) != n
            or list(map(dict.get, objs, repeat("method"))).count(method) != n  # type: ignore[arg-type]
            or any(map(dict.__contains__, objs, repeat("id")))  # type: ignore[arg-type]
            or list(map(dict.get, objs, repeat("jsonrpc"))).count("2.0") != n  # type: ignore[arg-type]
        ):
            return None, objs
        try:
            rule = known[method] = self._notification_rule(method, first, state, unread)
            if rule[2] is None or not rule[1].all_valid(objs):
                return None, objs
        except Exception:  # noqa: BLE001 - the line by line way says what of it
            return None, objs
        return [rule[2]] * n, objs

    def _server_notification(self, method: str, obj: JsonObject, a: Analysis, v: list[str] | None) -> list[str] | None:
        if method not in self._s2c_methods:
            v = (v or []) + ["method.unknown"]
        state = self.lifecycle.state
        if (
            self.era is Era.LEGACY
            and state in (State.UNINITIALIZED, State.INITIALIZING)
            and method != "notifications/message"
        ):
            v = (v or []) + ["lifecycle.message-before-initialize-result"]
        if method == "notifications/message" and self.era is Era.MODERN and not self._log_requests:
            v = (v or []) + ["modern.log-not-requested"]
        gate = _SERVER_GATES.get(method)
        if gate is not None and self.era is Era.LEGACY and self.server_capabilities is not None:
            ok = self._gates.get(method)
            if ok is None:
                cap = self.server_capabilities.get(gate[0])
                ok = isinstance(cap, dict) and (gate[1] is None or bool(cap.get(gate[1])))
                self._gates[method] = ok
            if not ok:
                v = (v or []) + ["capability.server-undeclared"]
        if method == "notifications/progress":
            params = obj.get("params")
            token = params.get("progressToken") if isinstance(params, dict) else None
            pending = self.client.for_token(token) if token is not None else None
            if pending is None:
                v = (v or []) + ["progress.unknown-token"]
            else:
                a.progress_of = pending
                a.paired = pending.seq
                if pending.cancelled:
                    v = (v or []) + ["cancel.message-after-cancel"]
        return v

    def _server_request(self, p: Parsed, a: Analysis, v: list[str] | None, seq: int, t: float) -> list[str] | None:
        method = p.method or ""  # a request always has its method
        if not valid_id(p.id):
            v = (v or []) + ["jsonrpc.id-invalid"]
        elif not self.server.add(p.id, method, seq, t):  # t: the client's answer gets a latency
            v = (v or []) + ["jsonrpc.id-reused"]
        if self.era is Era.MODERN:
            v = (v or []) + [self._rule_server_request_modern]
        elif method not in self._s2c_methods:
            v = (v or []) + ["method.unknown"]
        if self.era is not Era.MODERN and method != "ping" and not self._initialized_sent:
            v = (v or []) + ["lifecycle.request-before-initialized"]
        need = _CLIENT_GATES.get(method)
        if need is not None:
            offered = self.client_capabilities(self.version or self.offered_version or self._schema_version)
            if need not in offered:
                v = (v or []) + ["capability.client-undeclared"]
            elif method == "elicitation/create":
                params = p.obj.get("params")
                mode = params.get("mode", "form") if isinstance(params, dict) else "form"
                el = offered.get("elicitation")
                # A mode that is not a string is the schema verdict's business, not a capability's.
                if isinstance(el, dict) and el and isinstance(mode, str) and mode not in el:
                    v = (v or []) + ["capability.client-undeclared"]
        return v

    def _id_unreadable(self, p: Parsed) -> bool:
        """Whether an error response with id null (or none) answers a request whose id the server
        could not read: JSON-RPC 2.0 (section 5) then requires id null. That is a parse error
        (-32700) or an invalid request (-32600), or over HTTP the error body of a POST the server
        refused as a whole (4xx/5xx), which answers that POST, not a request id. MCP's schema has
        no null id (2025-11-25 lets such an error leave the id out), so the difference is explained
        (``jsonrpc.error-id-null``, info), not flagged. A success, or another error with id null
        on stdio, keeps ``jsonrpc.id-invalid``."""
        if p.error_code in ID_UNREADABLE_CODES:
            return True
        arrival = self.arrival
        if arrival is None or arrival.get("channel") != "post":
            return False
        status = arrival.get("status")
        return type(status) is int and status >= 400

    def _tool_headers(self, result: JsonValue, a: Analysis, v: list[str] | None) -> list[str] | None:
        """Streamable HTTP: learn which tool parameters each tools/call mirrors into headers; a
        tool whose ``x-mcp-header`` annotations are invalid is flagged (a client must not use it)."""
        tools = result.get("tools") if isinstance(result, dict) else None
        rejected = []
        for tool in tools if isinstance(tools, list) else []:
            if not isinstance(tool, dict) or not isinstance(tool.get("name"), str):
                continue
            params, problem = tool_header_params(tool.get("inputSchema"))
            if problem is None:
                self.http_tool_params[tool["name"]] = params
                self.http_tools_unusable.pop(tool["name"], None)
            else:
                self.http_tool_params.pop(tool["name"], None)
                self.http_tools_unusable[tool["name"]] = problem
                rejected.append(f"{tool['name']}: {problem}")
        if rejected:
            a.problem = "tools a client must not use over Streamable HTTP: " + "; ".join(rejected)
            v = (v or []) + ["http.tool-header-invalid"]
        return v

    def _server_response(self, p: Parsed, a: Analysis, v: list[str] | None, t: float, seq: int) -> list[str] | None:
        obj = p.obj
        if p.kind is Kind.RESULT and "error" in obj:
            v = (v or []) + ["jsonrpc.result-and-error"]
        if not valid_id(p.id):
            if p.id is None and p.kind is Kind.ERROR and self._id_unreadable(p):
                a.notes = (NULL_ID_NOTE,)
                return v
            return (v or []) + ["jsonrpc.id-invalid"]
        match, pending = self.client.resolve(p.id, seq)
        if pending is None:
            return (v or []) + ["jsonrpc.response-unknown-id"]
        a.paired = pending.seq
        a.request_method = a.method = pending.method
        arrival = self.arrival
        if arrival is not None and self.transport.wire is TransportKind.STREAMABLE_HTTP:
            # a response belongs in the answer to the POST that carried its request (2025-11-25:
            # never on the GET stream, which this client does not use to resume POST streams)
            channel = arrival.get("channel")
            if channel == "get-sse" or (
                channel in ("post", "post-sse", "resume-sse") and arrival.get("request_seq") not in (None, pending.seq)
            ):
                v = (v or []) + ["http.response-wrong-stream"]
            if self.era is Era.MODERN and p.kind is Kind.ERROR and channel == "post":
                wanted = MODERN_ERROR_STATUS.get(p.error_code)  # type: ignore[arg-type]
                if wanted is not None and arrival.get("status") != wanted:
                    v = (v or []) + ["http.error-status-mismatch"]
        if match is Match.DUPLICATE:
            return (v or []) + ["jsonrpc.response-duplicate"]
        a.latency = t - pending.t
        self._log_requests.discard(id_key(pending.id))
        if match is Match.LATE:
            if pending.method == "server/discover" and pending.seq == self._discover_seq:
                self._late_discover_answer(p, a, a.latency)
            return (v or []) + ["jsonrpc.late-response"]
        if pending.cancelled:
            v = (v or []) + ["cancel.message-after-cancel"]
        if pending.progress_token is not None and p.kind is Kind.RESULT:
            result = obj.get("result")
            if isinstance(result, dict) and isinstance(result.get("task"), dict):
                # a task-augmented request: its progress token stays valid for the task's lifetime
                self.client.by_token[id_key(pending.progress_token)] = pending
        method = pending.method
        if method == "initialize" and pending.seq == self._initialize_seq:  # the handshake's, not a hand-written one's
            return self._initialize_answer(p, a, v)
        if method == "server/discover" and pending.seq == self._discover_seq:
            return self._discover_answer(p, a, v)
        if (
            method == "tools/list"
            and p.kind is Kind.RESULT
            and self.transport.wire is TransportKind.STREAMABLE_HTTP
            and self.era is Era.MODERN
        ):
            v = self._tool_headers(obj.get("result"), a, v)
        if self.era is Era.MODERN:
            if p.kind is Kind.ERROR and p.error_code == UNSUPPORTED_PROTOCOL_VERSION:
                self._note_supported(obj)
                self._fire(a, Event.RECV_UNSUPPORTED_VERSION)
            elif p.kind is Kind.RESULT:
                result = obj.get("result")
                if isinstance(result, dict) and result.get("resultType") == "input_required":
                    if method not in INPUT_REQUIRED_ALLOWED:
                        v = (v or []) + ["modern.input-required-not-allowed"]
                    self._fire(a, Event.INPUT_REQUIRED)
        return v

    def _initialize_answer(self, p: Parsed, a: Analysis, v: list[str] | None) -> list[str] | None:
        if self._initialize_superseded:
            # auto: a late modern answer to the probe decided the era while initialize was on its
            # way; the server, now serving the modern era, refuses it (or answers it): expected
            return v
        if p.kind is Kind.ERROR:
            if (
                self._fell_back_on_silence
                and p.error_code == UNSUPPORTED_PROTOCOL_VERSION
                and self.lifecycle.state is State.INITIALIZING
            ):
                # the server that did not answer the probe in time is modern after all (a slow
                # start): discover again with a version from data.supported
                self._note_supported(p.obj)
                if self.retry_version is not None:
                    self._to_modern("initialize-unsupported")
                    self._fire(a, Event.MODERN_AFTER_FALLBACK)
                    return v
                self._set_outcome("no-common-version", versions=", ".join(self.server_versions or ()) or "none")
                self._fire(a, Event.RECV_INITIALIZE_ERROR)
                return v
            if self._fell_back_on_silence:
                self._set_outcome("initialize-error-after-silence")
            else:
                self._set_outcome("initialize-error")
            self._fire(a, Event.RECV_INITIALIZE_ERROR)
            return (v or []) + ["lifecycle.initialize-error"]
        result = p.obj.get("result")
        if not isinstance(result, dict):
            result = {}
        version = result.get("protocolVersion")
        caps = result.get("capabilities")
        self.server_capabilities = caps if isinstance(caps, dict) else {}
        info = result.get("serverInfo")
        self.server_info = info if isinstance(info, dict) else None
        instr = result.get("instructions")
        self.instructions = instr if isinstance(instr, str) else None
        self.version = version if isinstance(version, str) else None
        self.era = Era.LEGACY
        self._gates.clear()
        if version != self.offered_version and version in LEGACY_VERSIONS:
            v = (v or []) + ["lifecycle.version-not-offered"]
        if version not in LEGACY_VERSIONS:
            v = (v or []) + ["lifecycle.version-unsupported"]
            if not self.config.accept_unsupported_version:
                self._set_outcome("version-unsupported", version=repr(version))
                self._fire(a, Event.VERSION_UNSUPPORTED)
                return v
        self._use_version(version if version in LEGACY_VERSIONS else (self.offered_version or LATEST_LEGACY))
        self._fell_back_on_silence = False  # initialize answered: the fallback stands for good
        self._fire(a, Event.RECV_INITIALIZE_RESULT)
        return v

    def _note_supported(self, obj: JsonObject) -> list[str]:
        err = obj.get("error")
        data = err.get("data") if isinstance(err, dict) else None
        supported = data.get("supported") if isinstance(data, dict) else None
        supported = [s for s in supported if isinstance(s, str)] if isinstance(supported, list) else []
        self.server_versions = supported
        common = [s for s in MODERN_VERSIONS if s in supported]
        self.retry_version = common[-1] if common else None
        return supported

    @staticmethod
    def _discover_versions(result: JsonValue) -> list[str] | None:
        """The versions a DiscoverResult lists; None when ``result`` is no DiscoverResult."""
        versions = result.get("supportedVersions") if isinstance(result, dict) else None
        if not isinstance(versions, list) or not any(isinstance(s, str) for s in versions):
            return None
        return [s for s in versions if isinstance(s, str)]

    def _take_discover_result(self, result: JsonObject, versions: list[str]) -> str | None:
        """Learn the server from its DiscoverResult; the version to use, None when none is common."""
        self.server_versions = versions
        caps = result.get("capabilities")
        self.server_capabilities = caps if isinstance(caps, dict) else {}
        meta = result.get("_meta")
        info = meta.get(META_SERVER_INFO) if isinstance(meta, dict) else None
        self.server_info = info if isinstance(info, dict) else None
        instr = result.get("instructions")
        self.instructions = instr if isinstance(instr, str) else None
        wanted = self.offered_version or self.config.modern_version
        common = [s for s in MODERN_VERSIONS if s in versions]
        if wanted in versions:
            return wanted
        return common[-1] if common else None

    def _discover_answer(self, p: Parsed, a: Analysis, v: list[str] | None) -> list[str] | None:
        obj = p.obj
        auto = self.config.era is EraMode.AUTO
        if p.kind is Kind.RESULT:
            result = obj.get("result")
            if not isinstance(result, dict):
                result = {}
            versions = self._discover_versions(result)
            if versions is None:
                if auto:
                    # Only a DiscoverResult means modern (2026-07-28 stdio, backward
                    # compatibility): a legacy server that answers every unknown method with
                    # an empty success is still a legacy server.
                    self._fall_back(a, "discover-not-result")
                    return (v or []) + ["modern.discover-not-discover-result"]
                v = (v or []) + ["modern.discover-malformed"]
                versions = []
            chosen = self._take_discover_result(result, versions)
            if chosen is None:
                self._set_outcome("no-common-version", versions=", ".join(self.server_versions or ()) or "none")
                self._fire(a, Event.NO_COMMON_VERSION)
                return v
            self.era = Era.MODERN
            if auto and self.era_basis is None:
                self.era_basis = "discover-result"
            self.version = chosen
            self._use_version(chosen)
            self._fire(a, Event.RECV_DISCOVER_RESULT)
            return v
        # an error answer
        code = p.error_code
        if code == UNSUPPORTED_PROTOCOL_VERSION:
            self._note_supported(obj)
            self.era = Era.MODERN
            if auto and self.era_basis is None:
                self.era_basis = "discover-unsupported"
            if self.retry_version is None:
                self._set_outcome("no-common-version", versions=", ".join(self.server_versions or ()) or "none")
                self._fire(a, Event.NO_COMMON_VERSION)
            else:
                self._fire(a, Event.RECV_UNSUPPORTED_VERSION)
            return v
        if code in MODERN_ERROR_CODES or self.config.era is EraMode.MODERN:
            self.era = Era.MODERN
            self._set_outcome("discover-error", code=str(code))
            self._fire(a, Event.DISCOVER_FAILED)
            return v
        self._fall_back(a, "discover-error", code=str(code))
        return v

    def _late_discover_answer(self, p: Parsed, a: Analysis, latency: float | None) -> None:
        """Auto: the probe's answer came after the fallback on silence. Before initialize is
        answered, an answer that says modern wins - the server was slow to start, not legacy
        (2026-07-28 stdio: a DiscoverResult means modern, -32022 means modern with another
        version): back to Discovering, and the session probes again (the server is up now and
        answers at once; its answer is the start's). Anything else changes nothing: the
        fallback stands and initialize's answer decides."""
        if not self._fell_back_on_silence or self.lifecycle.state not in (State.UNINITIALIZED, State.INITIALIZING):
            return
        seconds = f"{latency:.1f}" if latency is not None else "?"
        if p.kind is Kind.RESULT:
            result = p.obj.get("result")
            versions = self._discover_versions(result)
            common = [s for s in MODERN_VERSIONS if s in (versions or ())]
            if not common:
                return
            wanted = self._probe_offered or self.config.modern_version
            self.retry_version = wanted if wanted in common else common[-1]  # what the probe asks for again
            self._to_modern("late-discover-result", seconds=seconds)
            self._fire(a, Event.MODERN_AFTER_FALLBACK)
        elif p.error_code == UNSUPPORTED_PROTOCOL_VERSION:
            self._note_supported(p.obj)
            if self.retry_version is None:
                return
            self._to_modern("late-discover-unsupported", seconds=seconds)
            self._fire(a, Event.MODERN_AFTER_FALLBACK)

    def _to_modern(self, basis: str, **args: str) -> None:
        """Auto: the fallback on silence is undone; initialize, if it is on its way, is left behind."""
        self.era = Era.MODERN
        self.era_basis, self.era_basis_args = basis, args
        self.offered_version = self._probe_offered  # what the client asks for is the probe's again
        self._fell_back_on_silence = False
        self._initialize_superseded = self.lifecycle.state is State.INITIALIZING and basis != "initialize-unsupported"
        self._use_version(self.retry_version or self.config.modern_version)

    def _fall_back(self, a: Analysis, basis: str, **args: str) -> None:
        self.era = Era.LEGACY
        self.era_basis, self.era_basis_args = basis, args
        self._use_version(self.config.legacy_version)
        self._fire(a, Event.FALLBACK_TO_LEGACY)

    @property
    def era_reason(self) -> str | None:
        """Why the session is in its era, in English (None while the era is not known)."""
        if self.era_basis is None:
            return None
        try:
            return ERA_BASES[self.era_basis].format(**self.era_basis_args)
        except (KeyError, IndexError):
            return ERA_BASES[self.era_basis]

    def summary(self) -> JsonObject:
        return {
            "era": self.era.value if self.era else None,
            "protocol_version": self.version,
            "offered_version": self.offered_version,
            "server_info": self.server_info,
            "server_capabilities": self.server_capabilities,
            "server_versions": self.server_versions,
            "instructions": self.instructions,
            "state": self.lifecycle.state.value,
            "outcome": self.outcome,
            "outcome_code": self.outcome_code,
            "outcome_args": dict(self.outcome_args),
            "era_reason": self.era_reason,
            "transport": self.transport.wire,  # as detected: HTTP auto says which one answered
        }


def body_text(raw: bytes) -> str:
    return frame_body(raw).decode("utf-8", "replace")
