"""The session lifecycle as transition tables, one per era.

The session runs these tables and the diagram draws them, so there is one copy of the states.
A transition is ``(source, event) -> target`` with a label for the edge, a flag for failure
edges and the spec section it comes from. Events with no transition from the current state
leave the state alone: the rule checks, not the state machine, judge unexpected messages.

Legacy (handshake) era, 2024-11-05 .. 2025-11-25: the six states of the lifecycle notes
(Uninitialized, Initializing, Initialized, Operating, ShuttingDown, Terminated) plus Failed,
where a session ends when the server goes away on its own.

Modern era, 2026-07-28: no handshake. Idle -> Discovering (``server/discover``) -> Ready; a
``-32022`` answer loops back with a supported version; every request carries ``_meta``.

Auto: the modern probe first; any error that is not a recognised modern error, or no answer
in time, takes the fallback edge into the legacy machine's Uninitialized. A fallback taken on
silence can be undone: a server that was only slow to start answers the probe late, and when
that late answer says modern (a DiscoverResult, or -32022) before initialize is answered - or
initialize itself is refused with -32022 - the session goes back to Discovering ("modern after
all") and probes again, which the server, up by now, answers at once. (A late answer that comes
before initialize is written changes nothing: initialize's -32022 then says it.) Over stdio, a request the server
has not read yet cannot be answered: the session's clocks wait for the read, and a server that
reads nothing within the start timeout takes the "never read" failure edge.

Transports change the ends of a table (:func:`for_transport`): how a session is closed, what
"the server is gone" means. "http-auto" is Streamable HTTP that may fall back to the 2024-11-05
HTTP+SSE transport when its initialize POST is refused with a 4xx (a self-loop on
Initializing); after that the session runs "sse-fallback", the HTTP+SSE table that keeps the
fallback edge it came through.
"""

from __future__ import annotations

import enum
import functools
from dataclasses import dataclass, replace

from .links import TransportKind
from .versions import Era, EraMode

LIFECYCLE_SPEC = "2025-11-25 basic/lifecycle"
STDIO_SPEC = "2026-07-28 basic/transports/stdio"
VERSIONING_SPEC = "2026-07-28 basic/versioning"
MRTR_SPEC = "2026-07-28 basic/patterns/mrtr"
HTTP_SPEC = "2025-11-25 basic/transports#streamable-http"
SSE_SPEC = "2024-11-05 basic/transports#http-with-sse"
COMPAT_SPEC = "2025-03-26 basic/transports#backwards-compatibility"


class State(enum.Enum):
    # legacy
    UNINITIALIZED = "uninitialized"
    INITIALIZING = "initializing"
    INITIALIZED = "initialized"
    OPERATING = "operating"
    # modern
    IDLE = "idle"
    DISCOVERING = "discovering"
    READY = "ready"
    # shared ends
    SHUTTING_DOWN = "shutting_down"
    TERMINATED = "terminated"
    FAILED = "failed"

    @property
    def title(self) -> str:
        return STATE_INFO[self].title

    @property
    def final(self) -> bool:
        return self in (State.TERMINATED, State.FAILED)


class Event(enum.Enum):
    SEND_INITIALIZE = "send_initialize"
    RECV_INITIALIZE_RESULT = "recv_initialize_result"
    RECV_INITIALIZE_ERROR = "recv_initialize_error"
    VERSION_UNSUPPORTED = "version_unsupported"
    SEND_INITIALIZED = "send_initialized"
    SEND_DISCOVER = "send_discover"
    RECV_DISCOVER_RESULT = "recv_discover_result"
    RECV_UNSUPPORTED_VERSION = "recv_unsupported_version"
    NO_COMMON_VERSION = "no_common_version"
    DISCOVER_FAILED = "discover_failed"
    FALLBACK_TO_LEGACY = "fallback_to_legacy"
    INPUT_REQUIRED = "input_required"
    TIMEOUT = "timeout"
    SHUTDOWN = "shutdown"  # the client closed stdin
    SIGTERM_SENT = "sigterm_sent"
    SIGKILL_SENT = "sigkill_sent"
    PROCESS_EXITED = "process_exited"
    SPAWN_FAILED = "spawn_failed"
    HTTP_REJECTED = "http_rejected"  # HTTP: the modern probe got a 4xx without a modern error body
    SESSION_EXPIRED = "session_expired"  # HTTP: 404 on a request carrying the session id
    INITIALIZE_REFUSED = "initialize_refused"  # HTTP: initialize's POST got a 4xx, no JSON-RPC answer
    TRANSPORT_FALLBACK = "transport_fallback"  # HTTP auto: that 4xx means try the HTTP+SSE transport
    # auto: after the fallback on silence, a late modern answer or -32022 to initialize: discover again
    MODERN_AFTER_FALLBACK = "modern_after_fallback"
    NEVER_READ = "never_read"  # stdio: the server read nothing of its stdin within the start timeout


@dataclass(frozen=True, slots=True)
class Transition:
    source: State
    event: Event
    target: State
    label: str
    failure: bool = False
    spec: str = LIFECYCLE_SPEC


@dataclass(frozen=True, slots=True)
class StateInfo:
    title: str
    explanation: str
    spec: str


STATE_INFO: dict[State, StateInfo] = {
    State.UNINITIALIZED: StateInfo(
        "Uninitialized",
        "The server process runs but nothing has been said. The first message must be the "
        "client's initialize request; until it is answered the client should send nothing but ping.",
        LIFECYCLE_SPEC + "#initialization",
    ),
    State.INITIALIZING: StateInfo(
        "Initializing",
        "initialize is on its way: it carries the newest version the client speaks, its capabilities "
        "and its identity. The server answers with the version it chose, its own capabilities and "
        "identity. The server may only send pings and log messages before it hears 'initialized'.",
        LIFECYCLE_SPEC + "#initialization",
    ),
    State.INITIALIZED: StateInfo(
        "Initialized",
        "The server answered with a version the client accepts. The client now owes the "
        "notifications/initialized notification before normal traffic starts.",
        LIFECYCLE_SPEC + "#initialization",
    ),
    State.OPERATING: StateInfo(
        "Operating",
        "Normal traffic in both directions. Both sides must respect the negotiated version and use "
        "only capabilities that were declared during negotiation.",
        LIFECYCLE_SPEC + "#operation",
    ),
    State.IDLE: StateInfo(
        "Idle",
        "Modern era: there is no handshake and no session state. The client may send any request at "
        "once, each carrying protocol version, client info and capabilities in params._meta; a "
        "dual-era client first probes with server/discover.",
        VERSIONING_SPEC,
    ),
    State.DISCOVERING: StateInfo(
        "Discovering",
        "server/discover is on its way. A DiscoverResult lists the versions and capabilities of the "
        "server; -32022 means a modern server that wants another version; any other error, or "
        "silence, means a legacy server and the client falls back to initialize.",
        STDIO_SPEC + "#backward-compatibility",
    ),
    State.READY: StateInfo(
        "Ready",
        "Modern era, stateless: every request stands alone with its own _meta. A server that needs "
        "input from the client answers with an InputRequiredResult and the client retries the request "
        "with inputResponses.",
        MRTR_SPEC,
    ),
    State.SHUTTING_DOWN: StateInfo(
        "Shutting down",
        "The client closed the server's stdin and waits for it to exit. If it does not exit in time "
        "the client sends SIGTERM, and after another wait SIGKILL.",
        LIFECYCLE_SPEC + "#shutdown",
    ),
    State.TERMINATED: StateInfo(
        "Terminated",
        "The server process has exited after the client ended the session. Its exit code or signal is recorded.",
        LIFECYCLE_SPEC + "#shutdown",
    ),
    State.FAILED: StateInfo(
        "Failed",
        "The session ended without the client asking for it: the server could not be started, or it "
        "exited (or its pipes closed) in the middle of the session.",
        LIFECYCLE_SPEC + "#error-handling",
    ),
}

_LIVE_LEGACY = (State.UNINITIALIZED, State.INITIALIZING, State.INITIALIZED, State.OPERATING)
_LIVE_MODERN = (State.IDLE, State.DISCOVERING, State.READY)


def _ends(live: tuple[State, ...], spawn_state: State) -> list[Transition]:
    out = [
        Transition(spawn_state, Event.SPAWN_FAILED, State.FAILED, "server could not start", True),
    ]
    for s in live:
        out.append(Transition(s, Event.PROCESS_EXITED, State.FAILED, "server exited / pipe lost", True))
    for s in live:
        # the user's own action, even mid-handshake: not a failure edge
        label = "close stdin" if s in (State.OPERATING, State.READY) else "disconnect"
        out.append(Transition(s, Event.SHUTDOWN, State.SHUTTING_DOWN, label, False, LIFECYCLE_SPEC + "#shutdown"))
    out += [
        Transition(
            State.SHUTTING_DOWN, Event.SIGTERM_SENT, State.SHUTTING_DOWN, "SIGTERM", True, LIFECYCLE_SPEC + "#stdio"
        ),
        Transition(
            State.SHUTTING_DOWN, Event.SIGKILL_SENT, State.SHUTTING_DOWN, "SIGKILL", True, LIFECYCLE_SPEC + "#stdio"
        ),
        Transition(
            State.SHUTTING_DOWN,
            Event.PROCESS_EXITED,
            State.TERMINATED,
            "server exited",
            False,
            LIFECYCLE_SPEC + "#stdio",
        ),
    ]
    return out


LEGACY_TABLE: tuple[Transition, ...] = (
    Transition(State.UNINITIALIZED, Event.SEND_INITIALIZE, State.INITIALIZING, "initialize →"),
    Transition(State.INITIALIZING, Event.RECV_INITIALIZE_RESULT, State.INITIALIZED, "← InitializeResult"),
    Transition(State.INITIALIZED, Event.SEND_INITIALIZED, State.OPERATING, "notifications/initialized →"),
    Transition(
        State.INITIALIZING,
        Event.RECV_INITIALIZE_ERROR,
        State.SHUTTING_DOWN,
        "← error to initialize",
        True,
        LIFECYCLE_SPEC + "#error-handling",
    ),
    Transition(
        State.INITIALIZING,
        Event.VERSION_UNSUPPORTED,
        State.SHUTTING_DOWN,
        "← unsupported version",
        True,
        LIFECYCLE_SPEC + "#version-negotiation",
    ),
    Transition(
        State.INITIALIZING,
        Event.TIMEOUT,
        State.SHUTTING_DOWN,
        "no answer (timeout)",
        True,
        LIFECYCLE_SPEC + "#timeouts",
    ),
    Transition(
        State.INITIALIZING, Event.NEVER_READ, State.SHUTTING_DOWN, "never read (start timeout)", True, STDIO_SPEC
    ),
    *_ends(_LIVE_LEGACY, State.UNINITIALIZED),
)

MODERN_TABLE: tuple[Transition, ...] = (
    Transition(
        State.IDLE,
        Event.SEND_DISCOVER,
        State.DISCOVERING,
        "server/discover →",
        False,
        STDIO_SPEC + "#backward-compatibility",
    ),
    Transition(
        State.DISCOVERING,
        Event.RECV_DISCOVER_RESULT,
        State.READY,
        "← DiscoverResult",
        False,
        "2026-07-28 server/discover",
    ),
    Transition(
        State.DISCOVERING,
        Event.RECV_UNSUPPORTED_VERSION,
        State.DISCOVERING,
        "← -32022: retry with a supported version",
        False,
        VERSIONING_SPEC + "#protocol-version-negotiation",
    ),
    Transition(
        State.READY,
        Event.RECV_UNSUPPORTED_VERSION,
        State.READY,
        "← -32022: retry with a supported version",
        False,
        VERSIONING_SPEC + "#protocol-version-negotiation",
    ),
    Transition(
        State.READY,
        Event.INPUT_REQUIRED,
        State.READY,
        "← InputRequiredResult: retry with inputResponses",
        False,
        MRTR_SPEC,
    ),
    Transition(
        State.DISCOVERING,
        Event.NO_COMMON_VERSION,
        State.SHUTTING_DOWN,
        "no common version",
        True,
        VERSIONING_SPEC + "#protocol-version-negotiation",
    ),
    Transition(
        State.DISCOVERING,
        Event.DISCOVER_FAILED,
        State.SHUTTING_DOWN,
        "← error / no answer",
        True,
        STDIO_SPEC + "#backward-compatibility",
    ),
    Transition(
        State.DISCOVERING,
        Event.TIMEOUT,
        State.SHUTTING_DOWN,
        "no answer (timeout)",
        True,
        STDIO_SPEC + "#backward-compatibility",
    ),
    Transition(
        State.DISCOVERING, Event.NEVER_READ, State.SHUTTING_DOWN, "never read (start timeout)", True, STDIO_SPEC
    ),
    *_ends(_LIVE_MODERN, State.IDLE),
)

_FALLBACK = Transition(
    State.DISCOVERING,
    Event.FALLBACK_TO_LEGACY,
    State.UNINITIALIZED,
    "← not a DiscoverResult → legacy",
    False,
    STDIO_SPEC + "#backward-compatibility",
)


def _merge(*tables: tuple[Transition, ...]) -> tuple[Transition, ...]:
    seen: dict[tuple[State, Event], Transition] = {}
    for table in tables:
        for tr in table:
            seen.setdefault((tr.source, tr.event), tr)
    return tuple(seen.values())


# In auto mode a timeout while discovering is the fallback, not a failure; the session spawns
# in Idle, so the legacy table's spawn-failure edge out of Uninitialized cannot happen.
AUTO_TABLE: tuple[Transition, ...] = tuple(
    tr
    for tr in _merge(
        (
            _FALLBACK,
            Transition(
                State.DISCOVERING,
                Event.TIMEOUT,
                State.UNINITIALIZED,
                "no answer → legacy",
                False,
                STDIO_SPEC + "#backward-compatibility",
            ),
            Transition(
                State.DISCOVERING,
                Event.HTTP_REJECTED,
                State.UNINITIALIZED,
                "← HTTP 4xx → legacy",
                False,
                VERSIONING_SPEC + "#backward-compatibility",
            ),
            # the fallback on silence undone: the server was slow, not legacy
            Transition(
                State.INITIALIZING,
                Event.MODERN_AFTER_FALLBACK,
                State.DISCOVERING,
                "← modern after all → discover again",
                False,
                STDIO_SPEC + "#backward-compatibility",
            ),
        ),
        MODERN_TABLE,
        LEGACY_TABLE,
    )
    if not (tr.event is Event.SPAWN_FAILED and tr.source is State.UNINITIALIZED)
)

TABLES: dict[EraMode, tuple[Transition, ...]] = {
    EraMode.LEGACY: LEGACY_TABLE,
    EraMode.MODERN: MODERN_TABLE,
    EraMode.AUTO: AUTO_TABLE,
}

INITIAL: dict[EraMode, State] = {
    EraMode.LEGACY: State.UNINITIALIZED,
    EraMode.MODERN: State.IDLE,
    EraMode.AUTO: State.IDLE,
}


#: Every transport the tables are written for (``links.TransportKind``; the engine's
#: ``SSE_FALLBACK`` included).
TRANSPORTS = tuple(TransportKind)
#: What each transport means on the wire (the two fallback names are HTTP transports too).
WIRE = {kind: kind.wire for kind in TransportKind}

_FALLBACK_TO_SSE = Transition(
    State.INITIALIZING, Event.TRANSPORT_FALLBACK, State.INITIALIZING, "← HTTP 4xx → HTTP+SSE", False, COMPAT_SPEC
)


@functools.lru_cache(maxsize=64)
def for_transport(
    table: tuple[Transition, ...], transport: TransportKind = TransportKind.STDIO
) -> tuple[Transition, ...]:
    """The steps of ``table`` as they happen on ``transport``. The tables above are written for
    stdio (close stdin, SIGTERM, SIGKILL, the process exits). Over HTTP the server outlives the
    session: the client ends it by deleting the session (or just closing its streams), there is
    no signal to escalate to, and "exited" means the connection is gone."""
    if transport == TransportKind.STDIO:
        if not any(tr.event is Event.HTTP_REJECTED for tr in table):
            return table
        return tuple(tr for tr in table if tr.event is not Event.HTTP_REJECTED)
    if transport not in TRANSPORTS:
        raise ValueError(f"unknown transport {transport!r}")
    kind = TransportKind(transport)
    wire = kind.wire
    out = []
    for tr in table:
        if tr.event is Event.SIGTERM_SENT or tr.event is Event.SIGKILL_SENT or tr.event is Event.NEVER_READ:
            continue  # no signals, and no pipe whose unread bytes could be seen
        if tr.event is Event.SPAWN_FAILED:
            tr = replace(tr, label="server not reachable", spec=HTTP_SPEC)
        elif tr.event is Event.SHUTDOWN:
            if wire is TransportKind.SSE:
                closing = "close the event stream"
            elif tr.source is State.READY:  # 2026-07-28 keeps no session: only open streams to close
                closing = "close the streams"
            else:
                closing = "DELETE session"
            tr = replace(
                tr,
                label=closing if tr.label == "close stdin" else tr.label,
                spec=HTTP_SPEC + "#session-management" if wire is TransportKind.STREAMABLE_HTTP else SSE_SPEC,
            )
        elif tr.event is Event.PROCESS_EXITED:
            tr = replace(
                tr, label="connection closed" if tr.target is State.TERMINATED else "connection lost", spec=HTTP_SPEC
            )
        out.append(tr)
    if any(tr.source is State.INITIALIZING for tr in out):
        if kind.falls_back:
            out.append(_FALLBACK_TO_SSE)
        # a server that refuses initialize outright (a 4xx without a JSON-RPC answer) ends the start
        spec = SSE_SPEC if wire is TransportKind.SSE else HTTP_SPEC + "#sending-messages-to-the-server"
        out.append(
            Transition(
                State.INITIALIZING,
                Event.INITIALIZE_REFUSED,
                State.SHUTTING_DOWN,
                "← HTTP error to initialize",
                True,
                spec,
            )
        )
    if wire is TransportKind.STREAMABLE_HTTP and any(tr.source is State.OPERATING for tr in out):
        # the server may end a session at any time; the client starts a new one with initialize
        out.append(
            Transition(
                State.OPERATING,
                Event.SESSION_EXPIRED,
                State.UNINITIALIZED,
                "← 404: session expired",
                True,
                HTTP_SPEC + "#session-management",
            )
        )
    return tuple(out)


def table_for(mode: EraMode | Era, transport: TransportKind = TransportKind.STDIO) -> tuple[Transition, ...]:
    if isinstance(mode, Era):
        mode = EraMode(mode.value)
    return for_transport(TABLES[mode], transport)


def states_of(table: tuple[Transition, ...]) -> list[State]:
    """States of a table, in the order of the State enum."""
    found = {tr.source for tr in table} | {tr.target for tr in table}
    return [s for s in State if s in found]


class Lifecycle:
    """Runs one table. ``fire`` returns the transition taken, or None when the event does not apply."""

    __slots__ = ("mode", "transport", "state", "_index", "history")

    def __init__(self, mode: EraMode, transport: TransportKind = TransportKind.STDIO) -> None:
        self.mode = mode
        self.transport = transport
        self.state = INITIAL[mode]
        self._index = {(tr.source, tr.event): tr for tr in table_for(mode, transport)}
        self.history: list[Transition] = []

    def can(self, event: Event) -> bool:
        return (self.state, event) in self._index

    def retarget(self, transport: TransportKind) -> None:
        """Run the table of ``transport`` from here on (HTTP auto fell back to HTTP+SSE); the
        state and the history stay."""
        self.transport = transport
        self._index = {(tr.source, tr.event): tr for tr in table_for(self.mode, transport)}

    def fire(self, event: Event) -> Transition | None:
        tr = self._index.get((self.state, event))
        if tr is None:
            return None
        self.state = tr.target
        self.history.append(tr)
        return tr


_MODERN_ONLY = frozenset({State.READY})
_LEGACY_ONLY = frozenset({State.UNINITIALIZED, State.INITIALIZING, State.INITIALIZED, State.OPERATING})


def diagram_table(
    mode: EraMode, era: Era | None = None, transport: TransportKind = TransportKind.STDIO
) -> tuple[Transition, ...]:
    """The machine a diagram should draw for a session started in ``mode`` on ``transport``."""
    return for_transport(_era_table(mode, era), transport)


def _era_table(mode: EraMode, era: Era | None = None) -> tuple[Transition, ...]:
    """The machine a diagram should draw for a session started in ``mode``.

    A fixed era draws its own table. Auto draws the whole probing machine until the era is
    known, then the probe plus the machine of the detected era (filtered from AUTO_TABLE, so
    the diagram and the session share one table).
    """
    if mode is not EraMode.AUTO:
        return TABLES[mode]
    if era is Era.LEGACY:
        return tuple(tr for tr in AUTO_TABLE if tr.source not in _MODERN_ONLY and tr.target not in _MODERN_ONLY)
    if era is Era.MODERN:
        return tuple(tr for tr in AUTO_TABLE if tr.source not in _LEGACY_ONLY and tr.target not in _LEGACY_ONLY)
    return AUTO_TABLE


def event_of_edge(source: str, target: str, label: str | None) -> str | None:
    """The event id of the edge ``source -> target`` with ``label`` in any table (for old
    recordings that stored only the label); the edge's only event when the label changed since;
    None when nothing matches."""
    candidates = {
        (t.source.value, t.target.value, t.label): t.event.value
        for table in TABLES.values()
        for transport in TRANSPORTS
        for t in for_transport(table, transport)
    }
    found = candidates.get((source, target, label or ""))
    if found is not None:
        return found
    events = {ev for (src, dst, _label), ev in candidates.items() if src == source and dst == target}
    return events.pop() if len(events) == 1 else None
