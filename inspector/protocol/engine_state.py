"""The protocol engine's terms and state: what it is given (:class:`ClientConfig`, trimmed per
version by :func:`capabilities_for`), what it says about each entry (:class:`Analysis`), the
English sentences of its outcome and era codes (:data:`OUTCOMES`, :data:`ERA_BASES`), which
front-ends word in their own language, and :class:`EngineState`, the state its parts share.
:mod:`.engine` re-exports these names.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field

from inspector import __version__

from .correlation import Correlator, Pending
from .jsontypes import JsonObject, JsonValue
from .lifecycle import Event, Lifecycle, State, Transition
from .links import TransportKind
from .messages import Kind
from .schema import SchemaVerdict, validator_for
from .versions import LATEST_LEGACY, LATEST_MODERN, LEGACY_VERSIONS, MODERN_VERSIONS, Era, EraMode, methods_for

EMPTY: tuple[str, ...] = ()

#: Why a session failed: code -> the English sentence (``{name}`` filled from outcome_args).
OUTCOMES: dict[str, str] = {
    "initialize-error": "the server answered initialize with an error",
    "version-unsupported": "the server negotiated protocol version {version}, which the client does not support",
    "no-common-version": "no common modern protocol version (server supports {versions})",
    "discover-error": "server/discover failed with error {code}",
    "initialize-timeout": "the server did not answer initialize in time",
    "discover-timeout": "the server did not answer server/discover in time",
    "spawn-failed": "{why}",
    "exited-before-established": "the server exited before the session was established",
    "exited-during-session": "the server exited during the session",
    "unreachable": "the server could not be reached",
    "initialize-refused": "the server refused initialize with HTTP {code}",
    "unauthorized": "the server wants authorization (HTTP 401); resource metadata: {metadata}",
    "redirected": "the server answered {method} with HTTP {code}, a redirect to {location}; it was not followed",
    "answer-broken": "the answer to {method} broke off: {error}",
    "answer-too-long": "the answer to {method} is longer than the limit of {limit} bytes",
    "never-read": (
        "the server read nothing from its stdin within {seconds} s of its start ({method} is still unread): it "
        "is not reading its stdin, or it is still starting (--start-timeout)"
    ),
    "initialize-error-after-silence": (
        "the server answered initialize with an error, after server/discover had gone unanswered within the "
        "probe timeout (the client took the silence for a legacy server and fell back to initialize; if the "
        "server is modern, choose the modern era or a longer probe timeout)"
    ),
    "initialize-timeout-after-silence": "the server answered neither server/discover nor initialize in time",
}

#: Why auto chose the era it did (``era_basis``): code -> the English sentence, filled from
#: ``era_basis_args``. Said in the summary; the late ones are the reason a slow server works.
ERA_BASES: dict[str, str] = {
    "chosen": "chosen by hand",
    "discover-result": "server/discover answered with a DiscoverResult",
    "discover-unsupported": "server/discover answered with -32022 (a modern server that wants another version)",
    "discover-error": "server/discover answered with error {code}: a legacy server",
    "discover-not-result": "server/discover answered with a success that is not a DiscoverResult: a legacy server",
    "discover-silent": "server/discover got no answer within the probe timeout: taken for a legacy server",
    "http-rejected": "server/discover's POST was refused with HTTP {status}: a legacy server",
    "late-discover-result": (
        "server/discover answered late ({seconds} s), after the fallback: a slow start, not a legacy server; "
        "initialize's refusal is expected"
    ),
    "late-discover-unsupported": (
        "server/discover answered -32022 late ({seconds} s), after the fallback: a modern server; discover again "
        "with its version"
    ),
    "initialize-unsupported": (
        "initialize refused with -32022 after server/discover went unanswered: a modern server; discover again"
    ),
    "host-initialize": "the host (observed) started with initialize",
    "host-modern": "the host (observed) started with server/discover or a request carrying the protocol version",
}


@dataclass(slots=True)
class ClientConfig:
    """What the inspector, acting as the client, offers."""

    era: EraMode = EraMode.AUTO
    legacy_version: str = LATEST_LEGACY  # sent in initialize
    modern_version: str = LATEST_MODERN  # sent in _meta
    client_info: JsonObject = field(default_factory=lambda: {"name": "mcp-session-inspector", "version": __version__})
    # Capabilities in their fullest form; trimmed to what each version defines.
    capabilities: JsonObject = field(default_factory=dict)
    # When the server negotiates a version we do not support: disconnect (default) or carry on.
    accept_unsupported_version: bool = False
    log_level: str | None = None  # modern: per-request log level in _meta
    #: Observer: the client is a host the inspector watches (proxy mode); its messages are judged
    #: (:meth:`ProtocolEngine.observe`), its era and capabilities are what it did and declared.
    observer: bool = False


def capabilities_for(version: str, caps: JsonObject) -> JsonObject:
    """Trim client capabilities to what ``version``'s schema defines."""
    out: JsonObject = {}
    for name, value in caps.items():
        if name in ("roots", "sampling", "experimental"):
            out[name] = value
        elif name == "elicitation":
            if version in ("2024-11-05", "2025-03-26"):
                continue
            if version == "2025-06-18":
                out[name] = {}
            else:
                out[name] = value
        elif name == "tasks":
            if version == "2025-11-25":
                out[name] = value
        elif name == "extensions":
            if version in MODERN_VERSIONS:
                out[name] = value
    if version in MODERN_VERSIONS:
        roots = out.get("roots")
        if isinstance(roots, dict) and "listChanged" in roots:  # no roots/list_changed in 2026-07-28
            out["roots"] = {k: v for k, v in roots.items() if k != "listChanged"}
    return out


class Analysis:
    """What the engine concluded about one recorded entry.

    Transient (the recording keeps a summary of it), so it is a plain object whose unset
    fields fall back to the class defaults: the hot path sets only what it knows.
    """

    kind: Kind
    state: State
    method: str | None = None
    id: JsonValue = None  # as sent: any JSON
    violations: tuple[str, ...] = EMPTY
    notes: tuple[str, ...] = EMPTY  # info rules: what explains the entry without being broken (rules.Severity.INFO)
    schema: SchemaVerdict | None = None
    latency: float | None = None
    paired: int | None = None  # recording entry of the paired request/response
    request_method: str | None = None  # for responses: the method they answer
    transition: Transition | None = None
    obj: JsonValue = None  # decoded JSON, transient (not stored)
    problem: str | None = None
    progress_of: Pending | None = None  # for progress: the request it belongs to
    error_code: int | None = None
    resume: bool = False  # HTTP: the link event is an answer stream that ended early; resume it

    def __init__(self, kind: Kind, state: State) -> None:
        self.kind = kind
        self.state = state

    def __repr__(self) -> str:
        return (
            f"Analysis({self.kind.label}, method={self.method!r}, id={self.id!r}, state={self.state.value},"
            f" violations={self.violations}, schema={None if self.schema is None else self.schema.ok})"
        )


class EngineState:
    """What every part of the engine reads and changes: the configuration, the lifecycle, the era
    and version settled so far, the server's answers, the outcome, the two correlators, and the
    schema in force. :class:`~.engine_link.LinkEvents` and :class:`~.engine.ProtocolEngine`
    build on it."""

    def __init__(self, config: ClientConfig | None = None, *, transport: TransportKind = TransportKind.STDIO) -> None:
        """``transport``: the session's transport (lifecycle.TRANSPORTS). It decides the
        lifecycle's shutdown steps and how messages are delimited: stdio frames lines (a message
        without its newline is a partial line, flagged); HTTP frames whole messages (each body or
        SSE event is one message, no terminator expected)."""
        self.transport = TransportKind(transport)  # HTTP_AUTO becomes SSE_FALLBACK when initialize's POST is refused
        http = self.transport.is_http
        self._whole_messages = http
        #: what the link's events are analysed as: a process's (stdio) or a link's of its own (HTTP)
        self.event_kind = Kind.LINK if http else Kind.PROCESS
        self._rule_not_json = "http.not-json" if http else "stdio.not-json"
        self._rule_invalid_utf8 = "http.invalid-utf8" if http else "stdio.invalid-utf8"
        self._rule_too_long = "http.message-too-long" if http else "stdio.line-too-long"
        self._rule_server_request_modern = "http.server-request-modern" if http else "stdio.server-request-modern"
        #: HTTP: where the messages being analysed arrived (the transport's metadata: channel, the
        #: entry whose POST they answer); set by the caller before ``incoming``, None for stdio.
        self.arrival: JsonObject | None = None
        self.http_session_id: str | None = None  # the Mcp-Session-Id in use, as the exchanges showed it
        self._discover_seq: int | None = None  # entry of the last server/discover sent
        self._initialize_seq: int | None = None  # entry of the last initialize sent as the handshake
        self._client_ids: set[Hashable] = set()  # every request id the client has sent (id_key): ids are never reused
        self.http_tool_params: dict[str, dict[tuple[str, ...], str]] = {}  # tool -> x-mcp-header parameters
        self.http_tools_unusable: dict[str, str] = {}  # tool -> why its x-mcp-header annotations are invalid
        self.config = config or ClientConfig()
        self.lifecycle = Lifecycle(self.config.era, self.transport)
        self.era: Era | None = {EraMode.LEGACY: Era.LEGACY, EraMode.MODERN: Era.MODERN}.get(self.config.era)
        self.offered_version: str | None = None  # what the client asked for (initialize or _meta)
        self.version: str | None = None  # negotiated / selected
        self.server_info: JsonObject | None = None
        self.server_capabilities: JsonObject | None = None
        self.instructions: str | None = None
        self.server_versions: list[str] | None = None  # modern: supportedVersions / data.supported
        self.retry_version: str | None = None  # modern: the version to retry with after -32022
        self.outcome: str | None = None  # why the session failed, when it did (English, for recordings and the CLI)
        self.outcome_code: str | None = None  # the same as data: one of OUTCOMES, for front-ends to word
        self.outcome_args: JsonObject = {}
        #: auto: why this era (one of ERA_BASES; None until the era is known), its values
        self.era_basis: str | None = None if self.era is None else "chosen"
        self.era_basis_args: JsonObject = {}
        #: auto: the fallback was taken because server/discover went unanswered (not because it
        #: was refused): a modern answer that comes later may still undo it
        self._fell_back_on_silence = False
        #: auto: initialize was left behind when a late modern answer undid the fallback; its
        #: answer, when it comes, is the expected refusal, not the start failing
        self._initialize_superseded = False
        self._probe_offered: str | None = None  # the version server/discover asked for
        self.client = Correlator()  # requests the client sent
        self.server = Correlator()  # requests the server sent
        self._next_id = 1
        self._initialized_sent = False
        self._schema_version = self._default_schema_version()
        self._validator = validator_for(self._schema_version)
        self._s2c_methods = methods_for(self._schema_version, "s2c")
        self._gates: dict[str, bool] = {}
        self._log_requests: set[Hashable] = set()  # modern: in-flight requests whose _meta asked for logs
        self.host_capabilities: JsonObject | None = None  # observer: what the host's handshake declared

    @property
    def state(self) -> State:
        return self.lifecycle.state

    @property
    def schema_version(self) -> str:
        return self._schema_version

    def _default_schema_version(self) -> str:
        if self.config.era is EraMode.LEGACY:
            return self.config.legacy_version
        return self.config.modern_version

    def _use_version(self, version: str) -> None:
        """Validate and judge from now on against ``version`` (when we know its schema)."""
        if version in LEGACY_VERSIONS or version in MODERN_VERSIONS:
            self._schema_version = version
            self._validator = validator_for(version)
            self._s2c_methods = methods_for(version, "s2c")

    def _fire(self, a: Analysis, event: Event) -> None:
        tr = self.lifecycle.fire(event)
        if tr is not None:
            a.transition = tr
        a.state = self.lifecycle.state
