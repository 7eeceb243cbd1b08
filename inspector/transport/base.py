"""What every transport emits and accepts."""

from __future__ import annotations

import enum
import re
import signal
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol, TypeAlias

from inspector.protocol.jsontypes import JsonObject
from inspector.protocol.links import TransportKind as TransportKind  # re-exported: the vocabulary is the protocol's

#: Step mode: awaited before each shutdown step with its name (see SHUTDOWN_STEPS).
StepHook = Callable[[str], Awaitable[None]]
#: The shutdown steps, per transport family, in the order they can happen.
SHUTDOWN_STEPS = {"stdio": ("stdin", "sigterm", "sigkill"), "http": ("delete", "close")}


class ProcessEventKind(enum.Enum):
    SPAWNED = "spawned"  # detail: pid and argv
    SPAWN_FAILED = "spawn_failed"  # detail: a sentence a person can act on
    STDIN_CLOSED = "stdin_closed"  # shutdown step 1 (or the peer closed its end)
    WAITING = "waiting"  # shutdown: waiting for the process to exit (detail: seconds)
    SIGTERM_SENT = "sigterm_sent"  # shutdown step 2
    SIGKILL_SENT = "sigkill_sent"  # shutdown step 3
    STDOUT_CLOSED = "stdout_closed"  # EOF on the server's stdout
    STDERR_CLOSED = "stderr_closed"  # EOF on the server's stderr
    EXITED = "exited"  # returncode / signal set
    # The server's process group (the server leads its own group): once the server has exited,
    # what is left of the group is finished off, reported before EXITED.
    GROUP_SURVIVED = "group_survived"  # members still alive after the server exited (detail: pids)
    GROUP_SIGTERM_SENT = "group_sigterm_sent"  # SIGTERM to what is left of the group
    GROUP_SIGKILL_SENT = "group_sigkill_sent"  # SIGKILL to what is left of the group
    GROUP_GONE = "group_gone"  # nothing of the group is left (after signals were sent to it)


class LinkEventKind(enum.Enum):
    """What a link with no process of ours reports (HTTP: a series of exchanges with a server
    that outlives the session): it opened, each exchange, how it ended. Recorded by value, as
    the process events are, so the names are those the recordings have always held."""

    CONNECTED = "connected"  # opened: the transport is ready to reach the server (detail: URL)
    HTTP_EXCHANGE = "http_exchange"  # one request and its response status/headers (``info``)
    SESSION_EXPIRED = "session_expired"  # 404 on a request carrying the session id
    SESSION_CLOSING = "session_closing"  # shutdown: DELETE of the session, streams closed
    #: closed (the last event, the counterpart of EXITED); failed when ``info`` says
    #: ``unreachable`` (no request ever got an answer) or names a ``failure_code``
    DISCONNECTED = "disconnected"
    ENDPOINT = "endpoint"  # HTTP+SSE: the server named where to POST (detail: the URL)
    STREAM_CLOSED = "stream_closed"  # the client closed a request's answer stream (2026-07-28: cancellation)
    STREAM_ENDED = "stream_ended"  # an answer stream with event ids ended (resumable; recorded only when resumed)
    FALLBACK = "fallback"  # HTTP auto: Streamable HTTP refused initialize; trying HTTP+SSE at the URL
    #: a request was refused for its credentials (401, 403 insufficient_scope) and the spec's
    #: ``Authorizer`` is asked for new ones: the session holds the clocks of its requests until
    #: AUTHORIZED (info: ``request_seq``, ``status``)
    AUTHORIZING = "authorizing"
    #: the authorizer answered (info: ``renewed``; True: the request is sent again once; False:
    #: ``failure`` with its code and args, the refusal the request fails with)
    AUTHORIZED = "authorized"


#: Every event name a transport reports (process and link events), as recordings hold them.
EVENT_NAMES = frozenset(k.value for k in ProcessEventKind) | frozenset(k.value for k in LinkEventKind)


@dataclass(frozen=True, slots=True)
class Frames:
    """Messages as the transport framed them, in arrival order, all read at ``t``.

    Each item holds the exact bytes of one message on its channel: for stdio one line of
    stdout, terminator included (the last line of a stream that ended without one has none).
    ``cut`` lists ``(index in items, bytes dropped)`` for items longer than the transport's
    limit, which keep their first bytes. One event carries every message of one read, so a
    flood costs one event per read, not one per message.
    """

    t: float
    items: list[bytes]
    cut: tuple[tuple[int, int], ...] = ()
    channel: str = "stdout"
    metas: list[JsonObject] | None = None  # HTTP: per item, the exchange it travelled in (status, SSE id, ...)


@dataclass(frozen=True, slots=True)
class SideLine:
    """One line of a side channel that is not the protocol (stdio: stderr), terminator
    included; a partial last line has none. A line longer than the transport's limit keeps its
    first bytes; ``dropped`` counts the rest."""

    t: float
    data: bytes
    dropped: int = 0
    channel: str = "stderr"


@dataclass(frozen=True, slots=True)
class ProcessEvent:
    """What the server's process did (stdio, the in-memory pair)."""

    t: float
    kind: ProcessEventKind
    detail: str = ""
    pid: int | None = None
    returncode: int | None = None  # exit status when the process exited normally
    signal: int | None = None  # signal number when it was killed by a signal


@dataclass(frozen=True, slots=True)
class LinkEvent:
    """What a link without a process did (HTTP): no pid, no exit status; ``info`` is what the
    link knows (the exchange: method, URL, headers with secrets masked, status; why it failed)."""

    t: float
    kind: LinkEventKind
    detail: str = ""
    info: JsonObject | None = None


TransportEvent: TypeAlias = Frames | SideLine | ProcessEvent | LinkEvent


@dataclass(frozen=True, slots=True)
class StdioSpec:
    """A transport spec: how to start a stdio server (an argv list, never a shell string).

    Every transport spec names its transport (``kind``) and says what a recording's header
    keeps of it (``describe()``: never secret values); ``transport.open_transport`` makes the
    transport a spec asks for.
    """

    argv: Sequence[str]
    env: Mapping[str, str] = field(default_factory=dict)
    inherit_env: bool = True  # True: env is merged onto os.environ; False: env replaces it
    cwd: str | None = None
    #: argv as it may be shown and recorded, when arguments hold secrets (their values masked)
    shown_argv: Sequence[str] | None = None

    kind = TransportKind.STDIO  # a message is a line of stdout
    judged_as = TransportKind.STDIO  # the protocol engine's tables for it

    def shown(self) -> list[str]:
        """argv as it may be shown or recorded: secret parts of arguments masked."""
        return list(self.argv if self.shown_argv is None else self.shown_argv)

    def describe(self) -> JsonObject:
        """What a recording's header keeps (environment values are left out: they may be secret,
        and so are the secret parts of arguments)."""
        return {"transport": self.kind.value, "argv": self.shown(), "cwd": self.cwd}


MASK = "••••••"
#: what splits a secret where an error text may quote it escaped (``b'Bearer x\\ny'``)
_ESCAPED = re.compile(r"[^\x20-\x7e]|[\\'\"]")


def hide_secrets(text: str, secrets: Iterable[str]) -> str:
    """``text`` (a transport's own words: an error, a note) with the secret values masked, also
    where it quotes one escaped (httpx: ``Illegal header value b'Bearer x\\ny'``): each run of
    four or more plain characters of a secret is replaced by ``MASK``, the longest first."""
    parts = {p.strip() for value in secrets for p in _ESCAPED.split(value)}
    for part in sorted((p for p in parts if len(p) >= 4), key=len, reverse=True):
        text = text.replace(part, MASK)
    return text


class Authorizer(Protocol):
    """What gives an HTTP link its credentials (OAuth: the sign-in driver). The transport sends
    :meth:`authorization` as the ``Authorization`` header of every request (masked in every
    exchange and note it records), awaits :meth:`prepare` before each request, and on a refusal
    for credentials - 401, or 403 whose Bearer challenge says ``insufficient_scope`` - awaits
    :meth:`refused` with the status and every ``WWW-Authenticate`` value; True means the
    credentials were renewed and the same request is sent again, once. ``refused`` may take
    minutes (a person in a browser): the session holds its request clocks meanwhile (the link's
    AUTHORIZING and AUTHORIZED events). ``version`` is the protocol version in use, if known."""

    def authorization(self) -> str | None:
        """The ``Authorization`` header value to send now, or None (nothing yet)."""
        ...

    async def prepare(self, version: str | None) -> None:
        """Before a request: renew what is due (a token about to expire). Never raises."""
        ...

    async def refused(self, status: int, challenges: tuple[str, ...], version: str | None) -> bool:
        """The server refused a request for its credentials: True once new ones are in hand."""
        ...


@dataclass(frozen=True, slots=True)
class HttpSpec:
    """A transport spec: an MCP server at a URL, over the HTTP transport ``mode`` names:
    Streamable HTTP (``streamable-http``), the 2024-11-05 HTTP+SSE transport (``sse``: the client
    GETs an event stream there, the server names a POST endpoint in its first event), or found
    out (``http-auto``: Streamable HTTP first; when initialize's POST is refused with a 4xx,
    HTTP+SSE at the same URL - 2025-03-26 transports, backwards compatibility).

    ``headers`` are sent with every request; ``secret_headers`` too, but their values never
    reach a recording, a transcript or the screen (they show as ``MASK``). ``authorizer`` (OAuth)
    gives the ``Authorization`` header of every request and renews it on a refusal; it wins over
    an ``Authorization`` among the headers, and is no part of the spec's equality or description.
    """

    url: str
    headers: Mapping[str, str] = field(default_factory=dict)
    secret_headers: Mapping[str, str] = field(default_factory=dict)
    verify_tls: bool = True
    mode: TransportKind = TransportKind.HTTP_AUTO
    authorizer: Authorizer | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        mode = TransportKind(self.mode)  # "sse" as well as TransportKind.SSE
        if not mode.is_http:
            raise ValueError(f"not an HTTP transport: {mode.value!r}")
        object.__setattr__(self, "mode", mode)

    @property
    def kind(self) -> TransportKind:
        """The transport this spec asks for: its mode."""
        return self.mode

    @property
    def judged_as(self) -> TransportKind:
        """The protocol engine's tables for it: its mode's."""
        return self.mode

    def describe(self) -> JsonObject:
        shown = {**dict(self.headers), **{k: MASK for k in self.secret_headers}}
        return {"transport": self.kind.value, "url": self.url, "headers": shown, "verify_tls": self.verify_tls}


# Shorthands that read as the spec they make (a test's ``SseSpec(url)``); one dataclass underneath.
def StreamableHttpSpec(  # noqa: N802
    url: str,
    headers: Mapping[str, str] | None = None,
    secret_headers: Mapping[str, str] | None = None,
    verify_tls: bool = True,
) -> HttpSpec:
    """The :class:`HttpSpec` of a server at ``url`` over Streamable HTTP."""
    return HttpSpec(url, dict(headers or {}), dict(secret_headers or {}), verify_tls, TransportKind.STREAMABLE_HTTP)


def SseSpec(  # noqa: N802
    url: str,
    headers: Mapping[str, str] | None = None,
    secret_headers: Mapping[str, str] | None = None,
    verify_tls: bool = True,
) -> HttpSpec:
    """The :class:`HttpSpec` of a server at ``url`` over the 2024-11-05 HTTP+SSE transport."""
    return HttpSpec(url, dict(headers or {}), dict(secret_headers or {}), verify_tls, TransportKind.SSE)


def AutoHttpSpec(  # noqa: N802
    url: str,
    headers: Mapping[str, str] | None = None,
    secret_headers: Mapping[str, str] | None = None,
    verify_tls: bool = True,
) -> HttpSpec:
    """The :class:`HttpSpec` of a server at ``url`` whose HTTP transport is found out."""
    return HttpSpec(url, dict(headers or {}), dict(secret_headers or {}), verify_tls, TransportKind.HTTP_AUTO)


class TransportSpec(Protocol):
    """What SessionOptions accepts: how to reach a server. ``kind`` names the transport that
    :func:`transport.open_transport` makes for it (the registry's key, below); ``judged_as`` is the
    transport whose rules the protocol engine applies (a stdio-like link: "stdio");
    ``describe()`` is what a recording's header keeps of it (never a secret value)."""

    @property
    def kind(self) -> str: ...

    @property
    def judged_as(self) -> TransportKind: ...

    def describe(self) -> JsonObject: ...


@dataclass(frozen=True, slots=True)
class LinkOptions:
    """What every transport is made with besides its spec: the session's clock, the bound on
    a line, message or body (``max_line``) and how long an HTTP body may take to arrive whole
    (``read_timeout``; None: the transport's default)."""

    clock: Callable[[], float]
    max_line: int
    read_timeout: float | None = None


#: Makes the transport for a spec (not yet entered: ``async with`` starts it).
TransportFactory = Callable[[TransportSpec, LinkOptions], "Transport"]
_REGISTRY: dict[str, TransportFactory] = {}


class Needs(enum.Enum):
    """What a user gives for a transport they pick, so which fields the server editor shows and
    which options the probe takes with it."""

    COMMAND = "command"  # a process of ours: a command line, its environment and working directory
    URL = "url"  # a server at a URL: headers sent with every request, TLS verification


@dataclass(frozen=True, slots=True)
class Where:
    """Where a server is, as a saved server or the probe's command line says it: every field a
    transport a user picks may need (its :class:`TransportChoice` reads those of its ``needs``).
    Secrets are already sorted out: ``shown_argv`` masks the secret parts of arguments,
    ``secret_headers`` holds the headers that are sent but never shown."""

    argv: Sequence[str] = ()
    shown_argv: Sequence[str] | None = None
    env: Mapping[str, str] = field(default_factory=dict)
    inherit_env: bool = True
    cwd: str | None = None
    url: str = ""
    headers: Mapping[str, str] = field(default_factory=dict)
    secret_headers: Mapping[str, str] = field(default_factory=dict)
    verify_tls: bool = True
    #: what the transport found out the last time it ran for this server (HTTP auto: "sse")
    found: str = ""


@dataclass(frozen=True, slots=True)
class TransportChoice:
    """A transport a user can pick: the one record that the saved servers (which ``name`` they
    store, the fields they check, the spec they make), the server editor (its transport list and
    the fields it shows) and the probe (``--transport`` and its summary) read, in the order
    registered. ``label`` is an English source string: the window translates it in the
    "Transports" context (``scripts/i18n.py`` brings every registered label into the catalogue),
    and so is ``short``, the word a list of servers shows in a column (the import dialog's); a
    choice without one shows its label there."""

    name: str  # as saved servers and recordings name it
    label: str  # for people, in the server editor's transport list
    needs: Needs
    spec: Callable[[Where], TransportSpec]  # how a saved server or the command line becomes its spec
    option: str  # its word for the probe's --transport
    short: str = ""  # for people, in a column of servers (the import dialog's); "" shows the label

    @property
    def short_label(self) -> str:
        """The English source of the word a column of servers shows for this transport."""
        return self.short or self.label

    @property
    def is_link(self) -> bool:
        """A server at a URL: no process of ours (no stderr, no exit status, no signals)."""
        return self.needs is Needs.URL


_CHOICES: dict[str, TransportChoice] = {}


def register_transport(kind: str, factory: TransportFactory, choice: TransportChoice | None = None) -> None:
    """Make ``factory`` the maker of transports for specs of ``kind``: each transport module
    registers its own, once, when it is imported (see ``transport.open_transport``). With
    ``choice``, the same call offers it to users (:func:`register_choice`)."""
    if kind in _REGISTRY and _REGISTRY[kind] is not factory:
        raise ValueError(f"a transport for {kind!r} is registered already")
    if choice is not None:
        register_choice(choice)
    _REGISTRY[kind] = factory


def register_choice(choice: TransportChoice) -> None:
    """Offer ``choice`` to users: saved servers, the server editor and ``probe --transport``
    take it from here on, after those registered before it. A transport whose module is imported
    only when needed (HTTP) has its choices registered by a light module of their own, which the
    package imports (``http_choices``)."""
    for other in _CHOICES.values():
        if other != choice and choice.option == other.option:
            raise ValueError(f"--transport {choice.option} is {str(other.name)!r} already")
    if _CHOICES.get(choice.name, choice) != choice:
        raise ValueError(f"a transport choice {str(choice.name)!r} is registered already")
    _CHOICES[choice.name] = choice


def unregister_transport(kind: str) -> None:
    """Forget the factory and the choice registered for ``kind`` (a test's toy transport, once
    the test is over); nothing when there is none."""
    _REGISTRY.pop(kind, None)
    _CHOICES.pop(kind, None)


def transport_choices() -> tuple[TransportChoice, ...]:
    """Every transport a user can pick, in the order registered (the editor's, the probe's)."""
    return tuple(_CHOICES.values())


def transport_choice(name: str) -> TransportChoice | None:
    """The transport choice named ``name`` (as a saved server stores it), or None."""
    return _CHOICES.get(name)


def first_choice(needs: Needs) -> TransportChoice:
    """The first registered choice that takes what ``needs`` says (the probe's default for a
    command, or for ``--url``)."""
    return next(c for c in _CHOICES.values() if c.needs is needs)


def registered_transport(kind: str) -> TransportFactory | None:
    """The factory registered for ``kind``, or None."""
    return _REGISTRY.get(kind)


@dataclass(frozen=True, slots=True)
class ExitInfo:
    returncode: int | None
    signal: int | None
    escalation: str  # "none" (exited by itself), "stdin", "sigterm" or "sigkill": the step that ended it


def describe_exit(returncode: int | None, signal_number: int | None) -> str:
    """How a server's process ended, in words: "exited with code 3" / "killed by signal 15
    (SIGTERM)" (any transport with a process; the front-ends and the session say it this way)."""
    if signal_number is not None:
        return f"killed by signal {signal_number} ({signal_name(signal_number)})"
    if returncode is not None:
        return f"exited with code {returncode}"
    return "exit status unknown"


def signal_name(number: int) -> str:
    """SIGTERM for 15; the number itself for a signal this system does not name."""
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


class SpawnError(Exception):
    """The server could not be started; ``str()`` is a sentence for the user, ``reason`` a code
    for it (see SPAWN_REASONS) and ``values`` what fills the sentence (program, cwd, detail), so
    a front-end can say it in the user's language."""

    def __init__(self, message: str, reason: str = "other", **values: str) -> None:
        super().__init__(message)
        self.reason = reason
        self.values = values


#: Why a server could not be started: reason code -> the English sentence of SpawnError.
SPAWN_REASONS: dict[str, str] = {
    "empty-command": "cannot start the server: the command is empty",
    "cwd-missing": "cannot start {program!r}: the working directory {cwd!r} does not exist",
    "cwd-not-directory": "cannot start {program!r}: the working directory {cwd!r} is not a directory",
    "cwd-denied": "cannot start {program!r}: the working directory {cwd!r} cannot be entered (permission denied)",
    "cwd-unusable": "cannot start {program!r}: the working directory {cwd!r} cannot be entered ({detail})",
    "not-found-on-path": "cannot start {program!r}: no such file or directory (looked up on PATH)",
    "not-found": "cannot start {program!r}: no such file or directory",
    "is-directory": "cannot start {program!r}: it is a directory, not a program",
    "permission-denied": "cannot start {program!r}: permission denied (is the file executable?)",
    "path-not-directory": "cannot start {program!r}: a component of the path is not a directory",
    "not-executable": "cannot start {program!r}: not a program this system can run (a script needs a '#!' line)",
    "other": "cannot start {program!r}: {detail}",
}


def spawn_error(reason: str, **values: str) -> SpawnError:
    """The SpawnError for ``reason``, its sentence filled from ``values``."""
    return SpawnError(SPAWN_REASONS[reason].format(**values), reason, **values)


class TransportClosed(Exception):
    """Writing to a transport whose peer has gone."""


class PipeMessages:
    """What a transport over one pipe says about messages (stdio, the in-memory pair): a
    message is a line sent as built, there is no version header, and one pipe carries every
    request, so cancellation is a notification, never a closed stream. The peer is a process:
    its messages come on stdout, a line of stderr beside them; a silent one may still be
    starting up (the auto era's probe waits briefly, see :class:`Transport`)."""

    main_channel = "stdout"
    line_messages = True
    short_probe = True
    mirrors_headers = False

    async def exchange_done(self, tag: int, timeout: float) -> None:
        """A line is written whole when ``send`` returns: nothing more to wait for."""

    def frame(self, message: bytes) -> bytes:
        """A message is one line: sent as the session built it, newline included."""
        return message

    def negotiated(self, version: str) -> None:
        """Nothing to do on a pipe."""

    def cancel(self, tag: int) -> bool:
        """One pipe carries every request: cancellation is a notification."""
        return False

    def fall_back(self, tag: int) -> bool:
        """A pipe has no other transport to try."""
        return False

    def resume(self, tag: int) -> bool:
        """A pipe has no stream to resume."""
        return False

    def unread_by_peer(self) -> int | None:
        """Bytes sent that the peer has not read yet; None: this pipe cannot tell."""
        return None


class Transport(Protocol):
    """Async context manager; ``events`` yields until the peer is gone and all streams are drained.

    What the session needs to know of a link is declared here, so it names no concrete
    transport and branches on no transport name: where messages come (``main_channel``),
    whether a message is one line (``line_messages``), whether a silent peer may be a process
    still starting (``short_probe``), whether modern messages mirror their metadata into headers
    (``mirrors_headers``), how the peer ended (``exit_info``) and what it wrote that was never
    delivered (``unread``)."""

    #: the transport as recordings and profiles name it
    kind: TransportKind
    #: the channel messages arrive on, as the unread account names it ("stdout"; HTTP "messages")
    main_channel: str
    #: a message is one line: text with a line break inside cannot be sent as one (stdio)
    line_messages: bool
    #: a silent peer may be a legacy server reading on: the auto era's probe waits only briefly
    #: for server/discover (stdio; an HTTP server that does not know it refuses it at once)
    short_probe: bool
    #: modern messages mirror their metadata into headers (Streamable HTTP)
    mirrors_headers: bool

    @property
    def exit_info(self) -> ExitInfo | None:
        """Set once the link has ended: the peer's exit status (None over HTTP) and the shutdown
        step that ended it."""
        ...

    @property
    def unread(self) -> Sequence[Mapping[str, object]]:
        """After the close: what the peer wrote that never reached the consumer, per stream
        (``stream``, ``bytes``, ``more``, ``why``); normally empty."""
        ...

    async def exchange_done(self, tag: int, timeout: float) -> None:
        """Wait (up to ``timeout`` s) until the exchange that carried entry ``tag`` has ended
        and what answered it was delivered (HTTP: the POST's answer; a pipe: at once)."""
        ...

    async def __aenter__(self) -> Transport: ...

    async def __aexit__(self, *exc: object) -> None: ...

    async def send(
        self, data: bytes, tag: int | None = None, headers: Mapping[str, str] | None = None, *, settle: bool = False
    ) -> None:
        """Send one message. ``tag`` (the sender's entry number) comes back on what answers it
        where the transport can tell (HTTP: the exchange and the messages of that POST's answer);
        ``headers`` are the message's own metadata headers (HTTP; stdio has none); ``settle``:
        return only once the peer has taken it (HTTP: answered the POST; a pipe: written)."""
        ...

    def frame(self, message: bytes) -> bytes:
        """The exact bytes this transport sends for one message (stdio: the line as is, its
        newline included; HTTP: the JSON body without it), so the recording holds what went out."""
        ...

    def negotiated(self, version: str) -> None:
        """The protocol version the start sequence settled on (HTTP sends it as a header)."""
        ...

    def cancel(self, tag: int) -> bool:
        """Stop waiting for the answer to the message sent with ``tag`` by closing its stream,
        where the transport has one per request (2026-07-28 Streamable HTTP: that is the
        cancellation). False: the transport cannot; the client sends notifications/cancelled."""
        ...

    def fall_back(self, tag: int) -> bool:
        """The server refused the message sent with ``tag`` (initialize) in a way that says it
        speaks an older transport: switch to that and send the message again. False: there is
        none to try (only HTTP auto has one: Streamable HTTP falls back to HTTP+SSE)."""
        ...

    def resume(self, tag: int) -> bool:
        """Resume the answer stream of the message sent with ``tag``, which ended before its
        response (HTTP 2025-11-25: GET with ``Last-Event-ID``). False: nothing to resume."""
        ...

    def unread_by_peer(self) -> int | None:
        """How many bytes sent to the peer it has not read yet (stdio: what the server's stdin
        pipe still holds; 0 once it has read everything), or None when the transport cannot
        tell (HTTP: a request is taken by the server's HTTP stack, whatever the server does)."""
        ...

    def events(self) -> AsyncIterator[TransportEvent]: ...

    def abandon(self) -> str | None:
        """The front-end is going away without an event loop to run :meth:`shutdown` on (the
        window's display vanished): end the peer at once, synchronously, where it is ours to end
        (stdio: SIGTERM to the server's process group). Returns what was done, in words, or
        None when there was nothing to do (HTTP: the server is not ours)."""
        ...

    async def shutdown(
        self, grace: float = 2.0, force_grace: float = 2.0, *, before_step: StepHook | None = None
    ) -> ExitInfo:
        """End the session the transport's way: its polite step, then up to ``grace`` seconds for
        the peer to end on its own (stdio: close stdin; HTTP: DELETE the session), then its forced
        steps with ``force_grace`` each (stdio: SIGTERM, then SIGKILL; HTTP has none: streams are
        closed). Shielded from cancellation and idempotent. ``before_step`` (step mode) is awaited
        before each step with its name (SHUTDOWN_STEPS); a step whose work was done meanwhile
        (the peer exited while it waited) is skipped."""
        ...
