"""The session: the one driver that pumps a transport through the protocol engine.

``async with Session(options) as s`` spawns the server and starts the pump; ``await
s.start()`` runs the start sequence of the chosen era (probe, fallback, handshake); ``await
s.request(...)`` sends requests with timeouts and cancellation; leaving the block shuts the
server down per spec. Every line, stderr line and process event lands in ``s.recording``
before anything else reacts to it.

The start sequence's clocks run from the server's reading, not from the client's writing: over
stdio the session watches the server's stdin pipe (``Transport.unread_by_peer``) and a probe or
connect timeout starts once the server has read the message, within ``start_timeout`` of its
start. In auto mode the era is the engine's decision, and a fallback taken on silence is undone
when a late modern answer says the server was only slow (``_ERA_UNDONE``): the session then
probes again and says why in the recording (``era_decided``).
"""

from __future__ import annotations

import dataclasses
import gc
import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
from anyio.lowlevel import checkpoint

from inspector.protocol.correlation import id_key
from inspector.protocol.engine import ClientConfig, ProtocolEngine
from inspector.protocol.framing import DEFAULT_MAX_LINE
from inspector.protocol.http_meta import request_headers
from inspector.protocol.lifecycle import WIRE, Event, State, Transition
from inspector.protocol.messages import Kind, loads_lenient, parse_line, valid_id
from inspector.protocol.schema import SchemaVerdict
from inspector.protocol.teaching import note_for, slug
from inspector.resources import spec_file
from inspector.protocol.versions import HEADER_MISMATCH, MODERN_VERSIONS, UNSUPPORTED_PROTOCOL_VERSION, Era, EraMode
from inspector.transport.base import (
    ExitInfo,
    Frames,
    LinkEvent,
    LinkEventKind,
    ProcessEvent,
    ProcessEventKind,
    SideLine,
    SpawnError,
    Transport,
    TransportClosed,
    TransportSpec,
    describe_exit,
)
from inspector.transport import open_transport

from .handlers import ClientHandlers, HandlerError
from .operations import ListenHub, Negotiation
from .reanalyse import engine_header
from .recording import Direction, Recording, RecordingWriter
from .stderr_digest import recording_stderr, stderr_digest

SLICE = 128  # lines analysed and handed to the listeners at a time (~0.5 ms of work)
# The event loop gets a turn after the slice that ends TURN seconds of work: a flood must not
# starve it (a UI on it), and a turn after every slice made a busy window's loop the limit (a
# turn can wait behind a paint).
TURN = 0.003
_now = time.perf_counter


def _runs(ev: Frames) -> list[tuple[list[bytes], dict | None]]:
    """A frame event's items in runs that share one entry extra: the whole list with none for
    stdio; for HTTP, consecutive items whose exchange metadata is the same object (the
    transport makes it so) share ``{"http": meta}``, so a flood costs no dict per message."""
    metas = ev.metas
    if metas is None:
        return [(ev.items, None)]
    runs: list[tuple[list[bytes], dict | None]] = []
    lo = 0
    items = ev.items
    for i in range(1, len(items) + 1):
        if i == len(items) or metas[i] is not metas[lo]:
            runs.append((items[lo:i], {"http": metas[lo]}))
            lo = i
    return runs


class SessionError(Exception):
    """The session could not do what was asked; ``str()`` is for people."""


class StartFailed(SessionError):
    pass


class ConnectionLost(SessionError):
    pass


class RequestTimeout(SessionError):
    pass


class _SessionExpired(ConnectionLost):
    """HTTP: the server ended the session before answering (404); ``request()`` sends the
    request again in the new session the client starts."""

    def __init__(self, text: str, seq: int | None) -> None:
        super().__init__(text)
        self.seq = seq


class RequestCancelled(SessionError):
    """The client cancelled the request (``cancel_request``); notifications/cancelled was sent."""


CANCELLED = "cancelled"


@dataclass(frozen=True)
class HandWritten:
    """What came of a message sent from the composer: its entry, and the answer when waited for."""

    seq: int
    answer_seq: int | None = None
    result: dict | None = None
    error: dict | None = None


@dataclass(frozen=True)
class TextVerdict:
    """The composer's preview of a hand-written message (see Session.judge_text)."""

    kind: str  # request / notification / result / error / noise / invalid / batch
    method: str | None
    id: Any
    violations: tuple[str, ...]
    schema_ok: bool | None
    schema_errors: tuple[tuple[str, str], ...]
    schema_definition: str | None
    problem: str | None


@dataclass
class SessionOptions:
    transport: TransportSpec  # how to reach the server (transport.base: StdioSpec)
    config: ClientConfig = field(default_factory=ClientConfig)
    connect_timeout: float = 10.0  # initialize / server/discover answer (modern or legacy)
    probe_timeout: float = 3.0  # auto: how long server/discover may stay unanswered before falling back
    # stdio: how long the server may take from its start to read a start-sequence message; until
    # it has read it (its stdin pipe is empty) the probe and connect timeouts do not run
    start_timeout: float = 60.0
    request_timeout: float = 30.0  # per request, reset by progress
    max_request_timeout: float = 300.0  # hard limit, whatever progress says
    max_line: int = DEFAULT_MAX_LINE  # longest stdout/stderr line kept whole; the rest is counted, dropped
    stdin_grace: float = 2.0
    term_grace: float = 2.0
    step: bool = False  # wait for go() before each message of the start sequence
    record_path: Path | None = None
    max_input_rounds: int = 8  # modern: InputRequiredResult retries per request
    # Move what survives each chunk out of the cyclic collector's reach (gc.freeze) while the
    # session runs; unfrozen when it ends. For an interactive front-end: a full collection over
    # a large recording would otherwise stall its event loop for 15-30 ms during a flood.
    freeze_gc: bool = False


@dataclass(frozen=True)
class Reply:
    """A response as the session saw it. Errors are replies too, not exceptions."""

    id: Any
    seq: int  # recording entry of the response
    result: dict | None
    error: dict | None
    latency: float  # of the last round: its request to its response
    rounds: int = 1  # modern: requests it took, InputRequiredResult retries included
    total: float | None = None  # the whole call: first request to final response, rounds and answers included
    round_latencies: tuple[float, ...] = ()  # each round's request-to-response time, in order

    @property
    def ok(self) -> bool:
        return self.error is None


@dataclass
class PendingStep:
    raw: bytes
    explanation: str  # English, with {placeholders} filled from ``values`` (translate, then format)
    direction: str = "c2s"  # "c2s": about to be written; "s2c": arrived, not yet delivered; "shutdown": a shutdown step (raw is empty, values["step"] names it)
    values: dict = field(default_factory=dict)
    at: float = 0.0  # when the message came to be: written by the client, or read from the server
    note: str = ""  # what this method does (English, protocol.teaching; translated in "Teaching")
    spec: str = ""  # the spec page that says so: "<version> <page>#<section>" (resources.spec_file)

    @property
    def text(self) -> str:
        """The explanation in English, filled in."""
        return self.explanation.format(**self.values) if self.values else self.explanation


class StepGate:
    """Step mode: every message waits here until ``go()`` - the client's before they are written,
    the server's after they were read and before the inspector takes them in - one at a time, in
    the order they arrived at the gate. Listeners hear of the message at the head (or None).

    What a front-end shows is what ``go()`` releases: the head, once announced to the listeners,
    stays the head until it is released (a server message read earlier that reaches the gate
    later waits behind it, keeping its arrival time), and ``go()`` takes it off the gate at once
    and announces the next one - so each ``go()`` releases exactly one message, and a second
    ``go()`` before the first message has been taken in releases the next, never the same one
    twice."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self.closed = False
        #: the session is closing in step mode and each shutdown step waits for go() too
        self.shutdown_steps = False
        #: the messages not yet released, the head (announced) first
        self._queue: deque[tuple[PendingStep, anyio.Event]] = deque()
        self.listeners: list[Callable[[PendingStep | None], None]] = []
        #: fills in a new step's note and spec (the session sets it)
        self.annotate: Callable[[PendingStep], None] | None = None

    @property
    def pending(self) -> PendingStep | None:
        return self._queue[0][0] if self._queue else None

    @property
    def waiting(self) -> int:
        """How many messages wait at the gate, the one shown included."""
        return len(self._queue)

    def _notify(self) -> None:
        head = self.pending
        for cb in list(self.listeners):
            cb(head)

    async def wait(
        self, raw: bytes, explanation: str, direction: str = "c2s", *, at: float | None = None, **values: Any
    ) -> None:
        """Wait for ``go()``. Messages queue in the order they came to be (``at``: a server
        message read before the client produced one of its own goes first, even when the
        inspector reaches it later - unless the client's is shown already). Raises
        ConnectionLost when the session closes first."""
        held = self.enter(raw, explanation, direction, at=at, **values)
        if held is not None:
            await self.passage(held)

    def enter(
        self, raw: bytes, explanation: str, direction: str = "c2s", *, at: float | None = None, **values: Any
    ) -> tuple | None:
        """Put a message in the queue now (``passage`` waits for its turn): the messages of one
        read enter together, so a client message cannot come between them. None when the gate
        does not hold messages; ConnectionLost when the session is closing."""
        if self.closed:
            raise ConnectionLost("the session was closed before this message was sent")
        if not self.enabled:
            return None
        when = time.monotonic() if at is None else at
        return self._enter(PendingStep(raw, explanation, direction, values, when))

    async def passage(self, held: tuple) -> None:
        """Wait until ``held`` (from ``enter``) is released. Raises ConnectionLost when the
        session closed meanwhile."""
        await self._await(held)
        if self.closed:
            raise ConnectionLost("the session was closed before this message was sent")

    def discard(self, held: tuple | None) -> None:
        """Take ``held`` off the gate without releasing it through go() (its reader gave up)."""
        if held is None:
            return
        queue = self._queue
        if queue and queue[0] is held:
            queue.popleft()
            self._notify()
        else:
            try:
                queue.remove(held)
            except ValueError:
                pass

    async def hold_shutdown(self, step: str, explanation: str, *, at: float | None = None, **values: Any) -> None:
        """A shutdown step (``step``: transport.base.SHUTDOWN_STEPS) waits for ``go()`` when
        the session is closing in step mode; otherwise, or once released, it returns at once."""
        if self.shutdown_steps:
            when = time.monotonic() if at is None else at
            await self._await(self._enter(PendingStep(b"", explanation, "shutdown", {"step": step, **values}, when)))

    def _enter(self, step: PendingStep) -> tuple:
        if self.annotate is not None:
            try:
                self.annotate(step)
            except Exception:  # a note is a nicety: the message is held all the same
                pass
        when = step.at
        entry = (step, anyio.Event())
        queue = self._queue
        index = len(queue)
        # in the order they came to be, but never ahead of the head: it has been shown
        while index > 1 and queue[index - 1][0].at > when:
            index -= 1
        queue.insert(index, entry)
        if index == 0:
            self._notify()
        return entry

    async def _await(self, entry: tuple) -> None:
        try:
            await entry[1].wait()
        finally:
            if not entry[1].is_set():  # cancelled while it waited: off the gate, unreleased
                self.discard(entry)

    def go(self) -> bool:
        """Let the message at the head go, and show the next. Returns False when nothing was waiting."""
        if not self._queue:
            return False
        _step, event = self._queue.popleft()
        event.set()
        self._notify()
        return True

    def hold_from_now(self) -> bool:
        """Enter step mode during a session: the next message (either way) and every later one
        waits for ``go()``. False when the session is closing (nothing new goes out then)."""
        if self.closed:
            return False
        self.enabled = True
        return True

    def release_all(self) -> None:
        """Leave step mode: the waiting and later messages (and shutdown steps) go without waiting."""
        self.enabled = False
        self.shutdown_steps = False
        held = list(self._queue)
        self._queue.clear()
        for _step, event in held:
            event.set()
        if held:
            self._notify()

    def close(self, *, shutdown_steps: bool = False) -> None:
        """The session is closing: the client's waiting messages and later ones are not sent
        (the server's are still taken in: they were read). ``shutdown_steps``: in step mode
        (or when they were held already), each shutdown step will wait for go(); without it a
        waiting shutdown step goes (closing the window must never wait for a person)."""
        if shutdown_steps and self.closed and self.shutdown_steps:
            return  # Disconnect pressed again: the held shutdown step still waits for Continue
        hold = shutdown_steps and (self.enabled or self.shutdown_steps)
        self.closed = True
        self.release_all()
        self.shutdown_steps = hold


class _Waiter:
    __slots__ = (
        "event",
        "reply_obj",
        "seq",
        "latency",
        "kind",
        "last_progress",
        "lost",
        "on_progress",
        "rejected",
        "never_read",
        "expired",
    )

    def __init__(self) -> None:
        self.event = anyio.Event()
        self.reply_obj: dict | None = None
        self.seq = -1
        self.latency = 0.0
        self.kind: Kind | None = None
        self.last_progress = 0.0
        self.lost: str | None = None
        self.on_progress: Callable[[dict], None] | None = None
        self.rejected = False  # HTTP: the request was refused with a 4xx and no JSON-RPC answer
        self.never_read = False  # stdio: the start timeout ran out before the server read the request
        self.expired = False  # HTTP: the server ended the session (404) before answering it


LEGACY_STEPS = {
    "initialize": "Lifecycle: the first message must be initialize, carrying the newest version the client speaks, its capabilities and identity.",
    "notifications/initialized": "Lifecycle: after a successful initialize result the client must send notifications/initialized before normal requests.",
}
# A write that fails usually means the server is exiting: wait this long for its exit status
# so the error, the exit code and the lifecycle all say how it ended (the transport reports
# it once the pipes are drained: at once, unless something still holds them open).
_EXIT_WAIT = 1.5
#: After the shutdown the pump takes in everything the transport still delivers, however long
#: that takes; it is given up only when nothing at all came in for this many seconds (the
#: transport's own bounded waits - the process group's grace, SIGKILL, the drain - are shorter),
#: and what it left is counted and recorded as unread.
PUMP_STALL = 30.0


def describe_unread(u: dict) -> str:
    """One item of ``Session.unread`` in words: how much of which stream is not recorded, and why."""
    n, stream = u.get("bytes") or 0, u.get("stream")
    if n and u.get("more"):
        head = f"{n} bytes of the server's {stream}, and whatever followed them, were not recorded"
    elif n:
        head = f"{n} bytes of the server's {stream} were not recorded"
    else:
        head = f"whatever the server's {stream} carried after reading stopped was not recorded"
    return f"{head}: {u.get('why')}"


_LOG_METHOD = "notifications/message"
_LOG_ONLY = frozenset((_LOG_METHOD,))  # what change listeners do not read
_MAX_LIST_PAGES = 20  # tools/list pages read to find one tool again after a HeaderMismatch

#: Auto: the engine's edges that undo a fallback taken on silence (the server was slow, not legacy):
#: the start sequence stops waiting for initialize and reads the engine's state.
_ERA_UNDONE = frozenset({Event.MODERN_AFTER_FALLBACK})
#: How often the start sequence looks whether the server has read its request yet (stdio).
_READ_POLL = 0.05
#: How often a waiter past its deadline looks whether what was read by then has been taken in.
_CATCH_UP_POLL = 0.01

MODERN_STEPS = {
    "server/discover": "stdio backward compatibility: a dual-era client probes with server/discover before any other request.",
    "first": "Modern era: every request carries protocol version, client info and capabilities in params._meta.",
}
#: Step mode: what the other messages are about to do (English; the window translates them).
CLIENT_STEPS = {
    "request": "The client is about to send the request {method}. Once it is written the server owes an answer with the same id; the timeline will pair the two and time the round trip.",
    "notification": "The client is about to send the notification {method}. A notification gets no answer: the server acts on it, or ignores it.",
    "answer": "The client is about to answer the server's request {method}. The answer carries the id of that request and is checked against the schema before it goes.",
    "other": "The client is about to send a message that is not a JSON-RPC request, notification or answer (written by hand). The server must cope with it.",
}
SERVER_STEPS = {
    "answer": "The server's answer to {method} has arrived and waits here. Continue hands it to the inspector: it is paired with its request, checked against the schema and the rules, and the lifecycle may move.",
    "notification": "The server sent the notification {method}. It waits here; Continue records it, checks it and passes it on (logs, progress, list changes).",
    "request": "The server sent the request {method}. It waits here; after Continue the client decides how to answer it.",
    "other": "The server wrote something that is not a JSON-RPC message. It waits here; Continue records it as it arrived and flags what is wrong with it.",
}


#: Step mode: the shutdown steps (transport.base.SHUTDOWN_STEPS), each explained before it is taken.
SHUTDOWN_STEPS = {
    "stdin": "The client is about to close the server's stdin: that is how a stdio session ends. A well-behaved server reads end-of-file, finishes what it was doing and exits on its own. The inspector then gives it {grace} to exit.",
    "sigterm": "The server is still running {grace} after its stdin was closed. The next step is SIGTERM to its process group, which asks it to terminate; a server that handles it cleans up and exits. The timeline flags a server that needs it.",
    "sigkill": "The server did not exit after SIGTERM either. The last step is SIGKILL, which no process can catch or ignore: the kernel ends it. A server that needs SIGKILL is misbehaving, and the timeline says so.",
    "delete": "The client is about to end the HTTP session with DELETE, sending its Mcp-Session-Id. The server should forget the session; 405 means it does not let clients end sessions. Then the client closes its streams and the session is over.",
    "close": "The client is about to close its HTTP streams. There is no session id to DELETE (the server gave none, or the era has no sessions), so the session ends when the client stops sending.",
}
_SHUTDOWN_SPEC = {
    "stdin": "2025-11-25 basic/lifecycle#stdio",
    "sigterm": "2025-11-25 basic/lifecycle#stdio",
    "sigkill": "2025-11-25 basic/lifecycle#stdio",
    "delete": "2025-11-25 basic/transports#session-management",
    "close": "2025-11-25 basic/lifecycle#http",
}


def _has_section(found: tuple, anchor: str) -> bool:
    """Whether the spec page ``found`` (``spec_file``'s answer) has a heading whose slug is ``anchor``."""
    if not anchor:
        return True
    try:
        text = found[0].read_text(encoding="utf-8")
    except OSError:
        return False
    return any(slug(line) == anchor for line in text.splitlines() if line.startswith("#"))


class Session:
    def __init__(
        self,
        options: SessionOptions,
        *,
        handlers: ClientHandlers | None = None,
        recording: Recording | None = None,
        transport: Transport | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.options = options
        self.engine = ProtocolEngine(options.config, transport=options.transport.judged_as)
        self.handlers = handlers or ClientHandlers()
        self.clock = clock
        self.recording = recording or Recording(
            {
                **options.transport.describe(),
                **engine_header(
                    options.config
                ),  # all the engine's verdicts depend on: re-analysis builds the same engine
            },
            t0=clock(),
        )
        self.gate = StepGate(options.step)
        self.gate.annotate = self._annotate_step
        # over HTTP a body has as long to arrive as the longest answer the session waits for
        read_timeout = max(options.request_timeout, options.connect_timeout)
        self.transport = transport or open_transport(
            options.transport, clock=clock, max_line=options.max_line, read_timeout=read_timeout
        )
        self.exit_info: ExitInfo | None = None
        self.returncode: int | None = None
        self.signal: int | None = None
        self.notification_listeners: list[Callable[[int, dict], None]] = []
        #: like notification_listeners, for every notification but log messages (a flood's lines)
        self.change_listeners: list[Callable[[int, dict], None]] = []
        self.listen_hub = ListenHub(self)  # the one subscriptions/listen stream (2026-07-28)
        self._waiters: dict[Any, _Waiter] = {}
        self._tg: anyio.abc.TaskGroup | None = None
        self._pump_done = anyio.Event()
        self._pump_scope = anyio.CancelScope()
        self._taking: float | None = None  # the read time of the event the pump is taking in (None: none in hand)
        #: what the server wrote that the recording does not hold (see ``_record_unread``)
        self.unread: list[dict] = []
        #: SIGKILL had to be sent: to the server (it ignored stdin close and SIGTERM) or to what
        #: was left of its process group
        self.killed = False
        self._pump_lost: dict[str, int] = {}  # channel -> bytes of the read the pump held when it was stopped
        self._pump_stopped = False  # _drain_pump gave up on the pump: nothing came in for PUMP_STALL s
        self._exited = anyio.Event()
        self._spawned = anyio.Event()
        self._writer: RecordingWriter | None = None
        self._first_request_step = False
        self._closing = False
        self._started = False
        self._reinitializing = False
        self._renewed: anyio.Event | None = (
            None  # HTTP: set when the new session after an expiry is started (or failed)
        )
        self._spawned_at = clock()  # the server's start: the start timeout counts from here (set when it is spawned)
        self._start_waiter: _Waiter | None = (
            None  # what the start sequence waits for (woken when a late answer decides the era)
        )
        self._sent_as: dict[Any, int] = {}  # request id -> its entry, while it may still be cancelled
        self._http = self.transport.mirrors_headers  # modern messages mirror metadata into headers

    # ------------------------------------------------------------------ context

    async def __aenter__(self) -> "Session":
        if self.options.record_path is not None:
            self._writer = self.recording.write_to(self.options.record_path)
        try:
            await self.transport.__aenter__()
            self._spawned_at = self.clock()
        except SpawnError as exc:
            a = self.engine.spawn_failed(str(exc), exc.reason, **exc.values)
            self.recording.append(
                Direction.EVENT, self.clock(), str(exc).encode(), a, {"event": ProcessEventKind.SPAWN_FAILED.value}
            )
            self.recording.notify()
            self._finish_recording()
            raise StartFailed(str(exc)) from None
        self._tg = anyio.create_task_group()
        await self._tg.__aenter__()
        self._tg.start_soon(self._pump)
        with anyio.move_on_after(5):  # the spawn event comes first in the recording
            await self._spawned.wait()
        return self

    async def __aexit__(self, *exc: object) -> None:
        # Every path out closes the transport and finishes the recording, whatever raised.
        try:
            try:
                await self.close()
            finally:
                assert self._tg is not None
                self._tg.cancel_scope.cancel()
                await self._tg.__aexit__(None, None, None)
        finally:
            try:
                await self.transport.__aexit__(None, None, None)  # shields its own shutdown
            finally:
                self._finish_recording()

    async def close(self) -> ExitInfo | None:
        """Shut the server down per spec (close stdin, wait, SIGTERM, wait, SIGKILL)."""
        if self._closing:
            with anyio.CancelScope(shield=True):
                await self._pump_done.wait()
            return self.exit_info
        self._closing = True
        self.gate.close(shutdown_steps=self.gate.shutdown_steps)  # the front-end may have asked to step through them
        with anyio.CancelScope(shield=True):
            if not self._exited.is_set():
                info = await self.transport.shutdown(
                    grace=self.options.stdin_grace, force_grace=self.options.term_grace, before_step=self._shutdown_step
                )
                self.exit_info = self.exit_info or info
            await self._drain_pump()
            # The server exited on its own (shutdown never ran): take the transport's account.
            self.exit_info = self.exit_info or self.transport.exit_info
        return self.exit_info

    async def _drain_pump(self) -> None:
        """Wait for the pump to take in everything the transport delivers, to its end (the
        exit, after every pipe reached end-of-file): a flood takes as long as it takes. Only a
        pump that takes in nothing for PUMP_STALL seconds is stopped; what it and the
        transport were left holding is then recorded as unread."""
        last = -1
        while not self._pump_done.is_set():
            seen = len(self.recording)
            if seen == last:
                self._pump_stopped = True
                self._pump_scope.cancel()
                await self._pump_done.wait()
                return
            last = seen
            with anyio.move_on_after(PUMP_STALL):
                await self._pump_done.wait()

    async def _shutdown_step(self, step: str) -> None:
        """Step mode: a shutdown step waits for Continue (or goes at once, outside step mode).
        A server that ends while its step waits takes the step with it: nothing is left to do."""
        if not self.gate.shutdown_steps or self._exited.is_set():
            return
        grace = self.options.term_grace if step == "sigkill" else self.options.stdin_grace
        async with anyio.create_task_group() as tg:

            async def gone() -> None:
                await self._exited.wait()
                tg.cancel_scope.cancel()

            tg.start_soon(gone)
            await self.gate.hold_shutdown(step, SHUTDOWN_STEPS.get(step, step), at=self.clock(), grace=f"{grace:g} s")
            tg.cancel_scope.cancel()

    def _annotate_step(self, step: PendingStep) -> None:
        """A held step's teaching note and spec page (protocol.teaching), for the front-end."""
        if step.direction == "shutdown":
            step.spec = _SHUTDOWN_SPEC.get(step.values.get("step", ""), "")
            return
        obj = loads_lenient(step.raw.rstrip(b"\r\n"))
        if not isinstance(obj, dict):
            return
        method = obj.get("method")
        answer = not isinstance(method, str)
        if answer:
            method = step.values.get("method")
        modern = self.engine.era is Era.MODERN or method in ("server/discover", "subscriptions/listen")
        found = note_for(method if isinstance(method, str) else None, modern)
        if found is not None:
            note, spec = found
            step.note = note.answer if answer else note.sends
            if modern and not note.spec_modern:  # the same section of the 2026-07-28 page, when it has one
                version, _, page = spec.partition(" ")
                modern_ref = f"{MODERN_VERSIONS[-1]} {page}"
                found_page = spec_file(modern_ref)
                if found_page is not None and _has_section(found_page, page.partition("#")[2]):
                    spec = modern_ref
            step.spec = spec

    def pending_transition(self) -> Transition | None:
        """Step mode: the lifecycle edge the held step at the head will take once it goes (None:
        it stays where it is). Worked out on a copy of the engine; nothing changes."""
        step = self.gate.pending
        if step is None:
            return None
        if step.direction == "shutdown":
            event = {"stdin": "stdin_closed", "sigterm": "sigterm_sent", "sigkill": "sigkill_sent"}.get(
                step.values.get("step", ""), "session_closing"
            )
            return self.engine.preview("link", event=event)
        return self.engine.preview(step.direction, step.raw)

    def _finish_recording(self) -> None:
        self._record_unread()
        self.recording.summary = self.summary()
        if self._writer is not None:
            self._writer.close(self.recording.summary)
            self._writer = None

    def _record_unread(self) -> None:
        """Nothing is dropped silently: what the server wrote that the recording does not hold
        (the transport's account, once it is closed, and what a stopped pump held) gets an
        entry per stream - how many bytes, whether more followed unread, why - and goes into
        the summary (``unread``). Normally there is none: the pump reads to the end."""
        if self.unread:
            return  # recorded already
        unread = [dict(u) for u in self.transport.unread]
        if self._pump_stopped:  # the output had not ended: what would have followed is not known
            why = f"the inspector stopped waiting for the server's output: nothing came in for {PUMP_STALL:g} s while the shutdown waited for its end"
            main = self.transport.main_channel
            for stream, lost in (self._pump_lost or {main: 0}).items():
                for u in unread:
                    if u["stream"] == stream:
                        u.update(bytes=u["bytes"] + lost, more=True, why=f"{why}; {u['why']}")
                        break
                else:
                    unread.insert(0, {"stream": stream, "bytes": lost, "more": True, "why": why})
        if not unread:
            return
        self.unread = unread
        rec = self.recording
        for u in unread:
            text = describe_unread(u)
            rec.append(
                Direction.EVENT,
                self.clock(),
                text.encode("utf-8", "replace"),
                self.engine.note(),
                {"event": "output_unread", **u},
            )
        try:
            rec.notify()
        except Exception:  # a listener that fails here must not keep the recording from closing
            pass

    # ------------------------------------------------------------------ pump

    async def _pump(self) -> None:
        with self._pump_scope:  # cancelled only by _drain_pump, when nothing comes in any more
            await self._take_in()

    async def _take_in(self) -> None:
        rec = self.recording
        eng = self.engine
        S2C = Direction.S2C
        NOTIFICATION = Kind.NOTIFICATION
        freeze = self.options.freeze_gc
        next_turn = 0.0  # when the loop gets its next turn while a flood is taken in
        held: tuple[Frames, int] | None = None  # the read being taken in, and where its entries begin
        try:
            async for ev in self.transport.events():
                try:
                    if type(ev) is Frames:
                        held = (ev, len(rec))
                        t = self._taking = ev.t
                        if self.gate.enabled:  # step mode: each message waits to be taken in
                            await self._deliver_held(ev)
                            continue
                        if ev.cut:
                            self._record_frames_singly(ev)
                            await checkpoint()
                            continue
                        incoming_many = eng.incoming_many
                        # notifications go to the listeners, and to the listen stream while it is open
                        everyone = bool(self.notification_listeners) or self.listen_hub.active
                        changes = bool(self.change_listeners)
                        # the notifications nobody will read: a flood's lines share their analysis
                        unread = frozenset() if everyone else _LOG_ONLY if changes else None
                        # Slices of SLICE lines (~0.5 ms of work): a queued event is returned without
                        # yielding, so give the loop (and a UI on it) a turn once TURN seconds of
                        # slices went by; a flood must not starve it. HTTP frames come in runs that
                        # share their exchange.
                        for lines, shared in _runs(ev):
                            eng.arrival = shared["http"] if shared is not None else None  # which stream they came on
                            for lo in range(0, len(lines), SLICE):
                                part = lines[lo : lo + SLICE] if len(lines) > SLICE else lines
                                start = len(rec)
                                analyses = incoming_many(
                                    part, t, start, unread
                                )  # a line the engine chokes on is data too
                                rec.extend(S2C, t, part, analyses, shared)
                                skip = None
                                for seq, a in enumerate(analyses, start):
                                    if a is skip:
                                        continue
                                    if (
                                        a.kind is not NOTIFICATION
                                        or a.progress_of is not None
                                        or everyone
                                        or (changes and a.method != _LOG_METHOD)
                                    ):
                                        self._dispatch_safely(a, seq, t)
                                    elif a.obj is None:
                                        skip = a  # shared by the lines of a run nobody reads
                                rec.notify()
                                if freeze:
                                    gc.freeze()
                                if _now() >= next_turn:
                                    await checkpoint()
                                    next_turn = _now() + TURN
                    elif type(ev) is SideLine:
                        # a process's stderr, or a note of the link itself (HTTP: channel "http", "http-body")
                        side: dict[str, str] | None = None
                        direction = Direction.STDERR
                        if ev.channel != "stderr":
                            side, direction = {"channel": ev.channel}, Direction.NOTE
                        if ev.dropped:
                            a = eng.oversized(ev.data, ev.dropped, self.options.max_line, Kind.STDERR)
                            rec.append(direction, ev.t, ev.data, a, {"dropped": ev.dropped, **(side or {})})
                        else:
                            rec.append(direction, ev.t, ev.data, eng.note(Kind.STDERR), side)
                        rec.notify()
                    else:
                        try:
                            if type(ev) is LinkEvent:
                                self._link_event(ev)
                            else:
                                self._process_event(ev)
                        except Exception as exc:
                            what = "link" if type(ev) is LinkEvent else "process"
                            self._record_internal_error(f"handling the {what} event {ev.kind.value}", exc, ev.t)
                        rec.notify()
                except Exception as exc:  # one event made the inspector fail: record it, keep reading
                    self._record_internal_error("handling the server's output", exc, self.clock())
                    try:
                        rec.notify()
                    except Exception:  # a listener that fails again has been recorded once
                        pass
                finally:
                    self._taking = None
        except Exception as exc:  # never leave the session through the pump: record, then stop reading
            self._record_internal_error("reading the server's output", exc, self.clock())
        finally:
            if held is not None and self._pump_scope.cancel_called:  # stopped: what of its last read was not recorded
                ev, first = held
                taken = sum(1 for i in range(first, len(rec)) if rec.direction_at(i) is S2C)
                lost = sum(map(len, ev.items[taken:]))
                if lost:
                    self._pump_lost[ev.channel] = self._pump_lost.get(ev.channel, 0) + lost
            if freeze:
                gc.unfreeze()  # back to the collector now that the flood is over
            self._fail_waiters("the server's output ended")
            self._spawned.set()
            self._exited.set()
            self._pump_done.set()

    def _analyse(self, raw: bytes, t: float, seq: int) -> Any:
        """One line through the engine; an exception becomes an inspector note on the entry."""
        try:
            return self.engine.incoming(raw, t, seq)
        except Exception as exc:
            return self.engine.failed_analysis(raw, exc)

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

    async def _caught_up(self, w: _Waiter, by: float) -> bool:
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

    async def _deliver_held(self, ev: Frames) -> None:
        """Step mode: the messages of one read, one at a time, each after Continue. They were
        read already (nothing is lost while they wait) and keep their arrival time; when each
        was let in is kept beside it (``released``)."""
        cut = dict(ev.cut)
        gate = self.gate
        held: list[tuple | None] = []
        try:
            for raw in ev.items:  # the messages of one read enter the gate together, in order
                text, values = self._server_step(raw)
                try:
                    held.append(gate.enter(raw, text, "s2c", at=ev.t, **values))
                except ConnectionLost:
                    held.append(None)  # the session is closing: what the server sent is still recorded
            for i, raw in enumerate(ev.items):
                if held[i] is not None:
                    try:
                        await gate.passage(held[i])
                    except ConnectionLost:
                        pass
                one = Frames(
                    ev.t,
                    [raw],
                    ((0, cut[i]),) if i in cut else (),
                    ev.channel,
                    [ev.metas[i]] if ev.metas is not None else None,
                )
                self._record_frames_singly(one, released=self.clock())
                if not gate.enabled:  # left step mode mid-read: the loop gets its turns again
                    await checkpoint()
        finally:
            for h in held:  # the pump was cancelled: nothing of this read stays on the gate
                gate.discard(h)

    def _record_frames_singly(self, ev: Frames, released: float | None = None) -> None:
        """Frames that need more than the flood path: an item cut at the limit, or the HTTP
        exchange each item travelled in (kept on the entry as ``http``)."""
        rec = self.recording
        t = ev.t
        cut = dict(ev.cut)
        metas = ev.metas
        limit = self.options.max_line
        for i, raw in enumerate(ev.items):
            seq = len(rec)
            extra: dict[str, Any] = {"http": metas[i]} if metas is not None else {}
            if released is not None:
                extra["released"] = round(released - rec.t0, 6)  # step mode: when it was let in (t: when it arrived)
            if metas is not None:
                self.engine.arrival = metas[i]
            dropped = cut.get(i)
            if dropped is None:
                if metas is None:
                    self.engine.arrival = None
                a = self._analyse(raw, t, seq)
                rec.append(Direction.S2C, t, raw, a, extra or None)
                self._dispatch_safely(a, seq, t)
            else:
                rec.append(
                    Direction.S2C, t, raw, self.engine.oversized(raw, dropped, limit), {"dropped": dropped, **extra}
                )
        rec.notify()

    def _dispatch_safely(self, a: Any, seq: int, t: float) -> None:
        try:
            self._dispatch(a, seq, t)
        except Exception as exc:
            self._record_internal_error(f"reacting to entry {seq}", exc, t)

    def note_internal_error(self, doing: str, exc: BaseException) -> None:
        """For front-ends: an action of theirs failed on what the server sent. The fault is
        recorded (``inspector.internal-error``) and the session carries on."""
        self._record_internal_error(doing, exc, self.clock())
        self.recording.notify()

    # ------------------------------------------------------------------ for front-ends

    def negotiation(self) -> Negotiation:
        """A snapshot of what the start sequence settled (see operations.Negotiation)."""
        eng = self.engine
        era = eng.era.value if eng.era is not None else None
        offered = eng.config.legacy_version if era == "legacy" else (eng.version or eng.config.modern_version)
        return Negotiation(
            era=era,
            version=eng.version,
            state=eng.state.value,
            server_capabilities=dict(eng.server_capabilities or {}),
            server_info=dict(eng.server_info) if isinstance(eng.server_info, dict) else {},
            instructions=eng.instructions if isinstance(eng.instructions, str) else None,
            client_capabilities=eng.client_capabilities(offered),
            log_level=eng.config.log_level if era == "modern" else None,
            transport=WIRE.get(eng.transport, eng.transport),
        )

    async def set_log_level(self, level: str | None) -> Reply | None:
        """The server's log level. Legacy: send ``logging/setLevel`` and return its reply.
        Modern (no such request in 2026-07-28): later requests carry ``level`` in their _meta
        (None: none, so no log messages); returns None."""
        if self.engine.era is Era.MODERN:
            self.use_request_log_level(level)
            return None
        return await self.request("logging/setLevel", {"level": level})

    def use_request_log_level(self, level: str | None) -> None:
        """Modern era: the level later requests carry in _meta (None: none), at once."""
        self.engine.config.log_level = level

    def start_soon(self, fn: Callable[..., Awaitable[Any]], *args: Any) -> bool:
        """Run ``fn(*args)`` in the session's own task group (it lives as long as the session);
        False once the session is closed. Exceptions are the caller's to handle inside ``fn``."""
        if self._tg is None or self._closing:
            return False
        self._tg.start_soon(fn, *args)
        return True

    def check_answer(self, request_method: str, result: Any) -> SchemaVerdict:
        """For front-ends: whether ``result`` may answer the server's ``request_method`` request
        in the version this session speaks, before the user sends it (error paths start at
        ``/result``). The session refuses to send an answer that fails this check."""
        return self.engine.check_answer(request_method, result)

    def _refuse_answer(self, what: str, verdict: SchemaVerdict) -> str:
        """A handler produced an answer the schema rejects: it is not sent; noted here."""
        first = verdict.errors[0] if verdict.errors else None
        why = f"{first.path or '/'}: {first.message}" if first is not None else "invalid"
        a = self.engine.note()
        a.violations = ("inspector.internal-error",)
        text = (
            f"inspector error: the answer to {what} is not valid against {verdict.definition} ({why}); it was not sent"
        )
        self.recording.append(
            Direction.EVENT, self.clock(), text.encode("utf-8", "replace"), a, {"event": "internal_error"}
        )
        self.recording.notify()
        return why

    def _record_internal_error(self, doing: str, exc: BaseException, t: float) -> None:
        """The inspector itself failed: say so in the recording and carry on."""
        a = self.engine.note()
        a.violations = ("inspector.internal-error",)
        text = f"inspector error while {doing}: {type(exc).__name__}: {exc}"
        self.recording.append(Direction.EVENT, t, text.encode("utf-8", "replace"), a, {"event": "internal_error"})

    def _process_event(self, ev: ProcessEvent) -> None:
        """Record what the server's process did with the engine's analysis of it (the lifecycle
        edge is the engine's business); the session only keeps what it waits on."""
        kind = ev.kind
        extra: dict[str, Any] = {"event": kind.value}
        if ev.pid is not None:
            extra["pid"] = ev.pid
        a = self.engine.link_event(kind.value, None)
        if kind is ProcessEventKind.SIGKILL_SENT or kind is ProcessEventKind.GROUP_SIGKILL_SENT:
            self.killed = True
        if kind is ProcessEventKind.EXITED:
            self.returncode = ev.returncode
            self.signal = ev.signal
            extra["returncode"] = ev.returncode
            extra["signal"] = ev.signal
            self._exited.set()
            self._fail_waiters("the server " + (ev.detail or "exited"))
        elif kind is ProcessEventKind.SPAWNED:
            self._spawned.set()
        self.recording.append(Direction.EVENT, ev.t, (ev.detail or kind.value).encode("utf-8", "replace"), a, extra)

    def _link_event(self, ev: LinkEvent) -> None:
        """Record what a link without a process did (HTTP: it opened, an exchange, it closed)
        with the engine's analysis of it; the session only keeps what it waits on."""
        kind = ev.kind
        extra: dict[str, Any] = {"event": kind.value}
        if ev.info is not None:
            extra["http"] = ev.info
        a = self.engine.link_event(kind.value, ev.info)
        failure = ev.info.get("failure") if ev.info is not None else None  # this exchange cannot answer its request
        if (
            kind is LinkEventKind.STREAM_ENDED
        ):  # recorded only when it is resumed or broke off (most end after their answer)
            if a.resume and ev.info is not None and self.transport.resume(ev.info.get("request_seq")):
                ev = dataclasses.replace(ev, detail=f"{ev.detail} before its response: resuming it with Last-Event-ID")
                failure = None
            elif not failure:
                return
        if (
            isinstance(failure, str) and ev.info is not None and a.transition is None
        ):  # a redirect, a broken or over-long answer: said at once (a refusal the engine acted on goes its way)
            self._exchange_failed(ev.info.get("request_seq"), failure)
        if kind is LinkEventKind.HTTP_EXCHANGE and a.transition is not None and ev.info is not None:
            seq = ev.info.get("request_seq")
            if a.transition.event is Event.TRANSPORT_FALLBACK and type(seq) is int and self.transport.fall_back(seq):
                pass  # initialize goes again over HTTP+SSE; its waiter waits on
            else:
                self._start_answer_rejected(seq)
        if kind is LinkEventKind.DISCONNECTED:  # the link is gone, nothing more will come
            self._exited.set()
            self._fail_waiters(ev.detail or "the connection to the server was lost")
        elif kind is LinkEventKind.CONNECTED:
            self._spawned.set()
        elif kind is LinkEventKind.SESSION_EXPIRED:
            renewing = (
                self.engine.state is State.UNINITIALIZED
                and self._started
                and not self._closing
                and self._tg is not None
            )
            if renewing and not self._reinitializing:
                self._reinitializing = (
                    True  # before the waiters wake: a request that was cut off waits for the new session
                )
                self._renewed = anyio.Event()
                self._tg.start_soon(self._reinitialize)  # type: ignore[union-attr]
            for w in self._waiters.values():
                w.expired = renewing
            self._fail_waiters("the server ended the HTTP session (404); a new one is being started")
        self.recording.append(Direction.EVENT, ev.t, (ev.detail or kind.value).encode("utf-8", "replace"), a, extra)

    def _exchange_failed(self, request_seq: Any, why: str) -> None:
        """HTTP: the exchange that carried request entry ``request_seq`` cannot bring its answer
        (redirected, broken off, longer than the limit): its waiter fails now with ``why``
        rather than at its timeout. Nothing happens when the answer came already."""
        if (
            type(request_seq) is not int
            or not (0 <= request_seq < len(self.recording))
            or self.recording.direction_at(request_seq) is not Direction.C2S
        ):
            return
        w = self._waiters.pop(id_key(self.recording.id_at(request_seq)), None)
        if w is not None:
            w.lost = why
            w.event.set()

    def _start_answer_rejected(self, request_seq: Any) -> None:
        """HTTP refused a start-sequence request outright (4xx without a JSON-RPC answer): its
        waiter wakes without a reply, and the start sequence reads the engine's state."""
        if type(request_seq) is not int or not (0 <= request_seq < len(self.recording)):
            return
        w = self._waiters.pop(id_key(self.recording.id_at(request_seq)), None)
        if w is not None:
            w.lost = None
            w.rejected = True
            w.event.set()

    def _dispatch(self, a: Any, seq: int, t: float) -> None:
        kind = a.kind
        tr = a.transition
        if tr is not None and tr.event in _ERA_UNDONE and self._start_waiter is not None:
            self._start_waiter.event.set()  # a late modern answer decided the era: the start sequence reads the engine's state
        if kind is Kind.RESULT or kind is Kind.ERROR:
            if a.id is None or a.paired is None:
                return
            w = self._waiters.pop(id_key(a.id), None)
            if w is not None:
                w.reply_obj = a.obj
                w.seq = seq
                w.kind = kind
                w.latency = a.latency or 0.0
                w.event.set()
        elif kind is Kind.REQUEST:
            # 2026-07-28 stdio: the client MUST NOT write JSON-RPC responses; a server request on
            # stdout is recorded and flagged (stdio.server-request-modern), never answered.
            # A request whose id is not a string or integer (flagged jsonrpc.id-invalid) cannot
            # be answered with a valid response: it is recorded, not answered.
            if self._tg is not None and valid_id(a.id) and self.engine.era is not Era.MODERN:
                self._tg.start_soon(self._answer_server_request, a.id, a.method, a.obj.get("params"))
        elif kind is Kind.NOTIFICATION:
            if a.progress_of is not None:
                w = self._waiters.get(id_key(a.progress_of.id))
                if w is not None:
                    w.last_progress = t
                    if w.on_progress is not None:
                        params = a.obj.get("params")
                        w.on_progress(params if isinstance(params, dict) else {})
            for cb in list(self.notification_listeners):
                cb(seq, a.obj)
            if a.method != _LOG_METHOD:
                for cb in list(self.change_listeners):
                    cb(seq, a.obj)
            hub = self.listen_hub
            if hub.active:
                hub.on_notification(seq, a.obj)

    def _fail_waiters(self, why: str) -> None:
        waiters, self._waiters = self._waiters, {}
        for w in waiters.values():
            w.lost = why
            w.event.set()

    async def _answer_server_request(self, id: Any, method: str, params: Any) -> None:
        try:
            try:
                result = await self.handlers.handle(method, params if isinstance(params, dict) else {})
                verdict = self.engine.check_answer(method, result)
                if verdict.ok:
                    raw = self.engine.build_result(id, result)
                else:  # never send what the schema rejects: say why, answer with an error
                    why = self._refuse_answer(method, verdict)
                    raw = self.engine.build_error(
                        id, -32603, "the client could not produce a valid answer", {"reason": why}
                    )
            except HandlerError as exc:
                raw = self.engine.build_error(id, exc.code, exc.message, exc.data)
            except Exception as exc:  # a handler bug must not take the session down
                raw = self.engine.build_error(id, -32603, f"client handler failed: {type(exc).__name__}: {exc}")
            await self.send_raw(raw)
        except (TransportClosed, ConnectionLost):
            pass
        except Exception as exc:  # whatever the server asked, the task group must survive it
            self._record_internal_error(f"answering the server's {method} request", exc, self.clock())
            try:
                self.recording.notify()
            except Exception:
                pass

    # ------------------------------------------------------------------ sending

    def _client_step(self, raw: bytes) -> tuple[str, dict]:
        """Step mode: the explanation of a client message (English) and what fills it in."""
        obj = loads_lenient(raw.rstrip(b"\r\n"))
        if not isinstance(obj, dict):
            return CLIENT_STEPS["other"], {}
        method = obj.get("method")
        if isinstance(method, str):
            return CLIENT_STEPS["request" if "id" in obj else "notification"], {"method": method}
        if "id" in obj and ("result" in obj or "error" in obj):
            pending = self.engine.server.pending.get(id_key(obj["id"])) if valid_id(obj["id"]) else None
            return CLIENT_STEPS["answer"], {"method": pending.method if pending is not None else "?"}
        return CLIENT_STEPS["other"], {}

    def _server_step(self, raw: bytes) -> tuple[str, dict]:
        """Step mode: the explanation of a server message that waits to be taken in."""
        obj = loads_lenient(raw)
        if not isinstance(obj, dict):
            return SERVER_STEPS["other"], {}
        method = obj.get("method")
        if isinstance(method, str):
            return SERVER_STEPS["request" if "id" in obj else "notification"], {"method": method}
        pending = self.engine.client.pending.get(id_key(obj.get("id"))) if valid_id(obj.get("id")) else None
        return SERVER_STEPS["answer"], {"method": pending.method if pending is not None else "?"}

    async def send_raw(
        self,
        raw: bytes,
        *,
        settle: bool = False,
        explanation: str | None = None,
        held: bool = False,
        extra: dict | None = None,
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
                text, values = self._client_step(raw)
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

    async def send_text(self, text: str | bytes, *, wait: float | None = None) -> "HandWritten":
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
                    "over stdio a message is one line: remove the line breaks (or send valid JSON, which can be compacted)"
                )
            data = body + b"\n"
        if self._exited.is_set():
            raise ConnectionLost(self._failure_text("the server is gone"))
        raw = self.transport.frame(data)
        judged = parse_line(raw)  # only its kind and id: the engine judges it once, when it goes out
        w: _Waiter | None = None
        if (
            wait is not None
            and judged.kind is Kind.REQUEST
            and valid_id(judged.id)
            and id_key(judged.id) not in self._waiters
            and not self.engine.id_pending(judged.id)
        ):
            w = _Waiter()
            self._waiters[id_key(judged.id)] = w
        if self.gate.enabled:
            step, values = self._client_step(raw)
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
            with anyio.move_on_after(wait):  # type: ignore[arg-type]
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

    def judge_text(self, text: str | bytes) -> "TextVerdict":
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

    def composer_template(self, method: str) -> dict:
        """A message for ``method`` to edit: the next free id, the era's ``_meta``, the required
        params as placeholders."""
        return self.engine.template(method)

    def suggest_id(self) -> int:
        """The next id this session would give a request (free unless someone wrote it by hand)."""
        return self.engine.peek_id()

    def id_in_flight(self, id: Any) -> bool:
        """Whether a request of the client with ``id`` still waits for its answer."""
        return self.engine.id_pending(id)

    async def notify(self, method: str, params: dict | None = None) -> int:
        return await self.send_raw(self.engine.build_notification(method, params))

    async def request(
        self,
        method: str,
        params: dict | None = None,
        *,
        timeout: float | None = None,
        max_timeout: float | None = None,
        progress: bool = False,
        on_progress: Callable[[dict], None] | None = None,
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
            except _SessionExpired as exc:  # 404: the client starts a new session; the request goes again in it
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

    async def _learn_tool_headers(self, name: Any) -> bool:
        """After a -32020 HeaderMismatch on tools/call (2026-07-28 Streamable HTTP: the client
        SHOULD list the tools again and retry): page through tools/list until the tool is seen.
        True when the engine now knows which of its parameters go into headers."""
        if not isinstance(name, str):
            return False
        cursor: Any = None
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

    async def _input_round(self, params: dict, result: dict) -> dict:
        responses: dict[str, Any] = {}
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
        if "requestState" in result:
            retry["requestState"] = result["requestState"]
        return retry

    async def _request_once(
        self,
        method: str,
        params: dict,
        *,
        timeout: float | None,
        max_timeout: float | None,
        progress: bool,
        on_progress: Callable[[dict], None] | None = None,
        round_of: int | None = None,
    ) -> Reply:
        eng = self.engine
        id = eng.next_id()
        raw = eng.build_request(id, method, params, progress_token=id if progress else None)
        explanation = None
        if self._first_request_step and self.gate.enabled:
            self._first_request_step = False
            explanation = MODERN_STEPS["first"]
        w = _Waiter()
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
            raise _SessionExpired(self._failure_text(f"{method} (id {id}): {w.lost}"), sent_as)
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

    def _record_timeout(self, id: Any, *, never_read: float | None = None) -> None:
        a = self.engine.timeout(id, never_read=never_read)
        extra: dict[str, Any] = {"event": "timeout"}
        text = f"no answer to request {id!r}"
        if never_read is not None:
            extra["never_read"] = never_read
            text += f": the server had not read it (nor anything else from its stdin) {never_read:g} s after its start (--start-timeout)"
        self.recording.append(Direction.EVENT, self.clock(), text.encode(), a, extra)
        self.recording.notify()

    async def _send_cancel(self, id: Any, reason: str) -> None:
        if self._exited.is_set():
            return
        seq = self._sent_as.pop(id_key(id), None)
        if self.engine.era is Era.MODERN and seq is not None and self.transport.cancel(seq):
            return  # 2026-07-28 over HTTP: closing the request's answer stream is the cancellation
        try:
            await self.send_raw(self.engine.build_cancel(id, reason))
        except (ConnectionLost, TransportClosed):
            pass

    async def cancel_request(self, id: Any, reason: str = "Cancelled by the user") -> None:
        """Cancel an outstanding request by id; its caller gets RequestCancelled."""
        w = self._waiters.pop(id_key(id), None)
        await self._send_cancel(id, reason)
        if w is not None:
            w.lost = CANCELLED
            w.event.set()

    # ------------------------------------------------------------------ start sequence

    async def start(self) -> None:
        """Run the start sequence of the configured era. Raises StartFailed with the reason.

        Auto: the probe, then the fallback to initialize when the probe says legacy. A fallback
        taken on silence is undone when the server, slow to start rather than legacy, answers
        the probe late with a modern answer (or refuses initialize with -32022): the engine goes
        back to Discovering ("modern after all"), the session says why in the recording (an
        ``era_decided`` event) and probes again, as a modern start does."""
        mode = self.options.config.era
        if mode in (EraMode.AUTO, EraMode.MODERN):
            await self._probe(mode)
        if self.engine.era is not Era.MODERN:
            await self._handshake()
            if self.engine.state is State.DISCOVERING:  # a modern answer after the fallback: a modern server after all
                await self._probe(mode, again=True)
                if self.engine.era is not Era.MODERN or self.engine.state is not State.READY:
                    raise StartFailed(
                        self._failure_text(
                            self.engine.outcome
                            or "the server refused initialize with -32022 but did not answer server/discover in time"
                        )
                    )
        self._started = True
        if self.engine.era is Era.MODERN:
            self._first_request_step = True

    def _era_undone(self) -> bool:
        """Auto: a modern answer after the fallback on silence undid it (the engine is discovering again)."""
        return self.engine.era is Era.MODERN and self.engine.state is State.DISCOVERING

    def _note_era(self) -> None:
        """Say in the recording why the era is what it is, where it was not the probe's plain answer."""
        reason = self.engine.era_reason
        if reason:
            era = self.engine.era.value if self.engine.era is not None else "unknown"
            self.recording.append(
                Direction.EVENT,
                self.clock(),
                f"{era} era: {reason}".encode(),
                self.engine.note(),
                {"event": "era_decided"},
            )
            self.recording.notify()

    async def _wait_start_answer(
        self, id: Any, raw: bytes, explanation: str, timeout: float, method: str, clock_name: str = "connect timeout"
    ) -> _Waiter | None:
        """Send a start-sequence request and wait for its answer. None: no answer in time (the
        timeout is recorded). The waiter comes back unanswered when a late answer to the probe
        decided the era meanwhile (``_era_undone``).

        Over stdio the ``timeout`` counts from when the server has read the request (its stdin
        pipe is empty), not from when it was written: a server still starting (npx downloading,
        a JVM loading, ``sleep 4; exec server``) has not read it, and cannot answer it. Until it
        reads, the wait is bounded by the start timeout, counted from the server's start; the
        recording says when the wait goes past ``timeout`` and when the server read it."""
        try:
            await self.gate.wait(raw, explanation, at=self.clock())
        except ConnectionLost as exc:
            raise StartFailed(str(exc)) from None
        w = _Waiter()
        self._waiters[id_key(id)] = w
        try:
            await self.send_raw(raw, held=True)
        except ConnectionLost as exc:
            self._waiters.pop(id_key(id), None)
            raise StartFailed(self._failure_text(str(exc))) from None
        sent = self.clock()
        read_at: float | None = None  # when the server had read it (stdio); None while it has not
        told = False  # the recording says the server has not read it yet
        deadline = sent + timeout
        self._start_waiter = w
        try:
            while not w.event.is_set():
                now = self.clock()
                if read_at is None:
                    unread = self.transport.unread_by_peer()
                    if not unread:  # read (0), or the transport cannot tell (None): the clock runs
                        read_at = now if unread == 0 else sent
                        deadline = max(deadline, read_at + timeout)
                        if told:
                            self._note_start_wait(
                                f"the server read {method} #{id} {now - sent:.1f} s after it was sent, {now - self._spawned_at:.1f} s after its start: its {clock_name} runs from here",
                                "request_read",
                            )
                if read_at is None:
                    limit = self._spawned_at + self.options.start_timeout
                    if now >= limit:
                        w.never_read = True
                        break
                    if not told and now >= sent + timeout:
                        told = True
                        self._note_start_wait(
                            f"{method} #{id} still unread after {now - sent:.1f} s: the server is still starting; its {clock_name} runs once it reads it (start timeout {self.options.start_timeout:g} s)",
                            "start_wait",
                        )
                    with anyio.move_on_after(min(_READ_POLL, max(0.0, limit - now))):
                        await w.event.wait()
                    continue
                with anyio.move_on_after(max(0.0, deadline - now)):
                    await w.event.wait()
                if w.event.is_set():
                    break
                if await self._caught_up(w, deadline):
                    continue  # what was read by the deadline is taken in now: the answer among it counts
                if not await self._held_at_gate():
                    break
                deadline = self.clock() + timeout  # the time a person spent reading does not count
        finally:
            self._start_waiter = None
        if not w.event.is_set():
            self._waiters.pop(id_key(id), None)
            self._record_timeout(id, never_read=self.options.start_timeout if w.never_read else None)
            return None
        if w.lost is not None:
            raise StartFailed(self._failure_text(w.lost))
        if w.kind is None and not w.rejected:  # woken by a late answer to the probe, not answered
            self._waiters.pop(id_key(id), None)
        return w

    def _note_start_wait(self, text: str, event: str) -> None:
        self.recording.append(
            Direction.EVENT, self.clock(), text.encode("utf-8", "replace"), self.engine.note(), {"event": event}
        )
        self.recording.notify()

    async def _probe(self, mode: EraMode, *, again: bool = False) -> None:
        """server/discover until the era is known. ``again``: auto, after -32022 undid the
        fallback - the server is modern, so the probe waits as long as a modern start does.
        Over HTTP the probe waits the connect timeout too: a legacy HTTP server answers a POST
        it does not understand with a 4xx at once (the spec's fallback is keyed to that, not to
        silence), so a slow answer is a slow server, not a legacy one."""
        eng = self.engine
        short = mode is EraMode.AUTO and not again and self.transport.short_probe
        timeout = self.options.probe_timeout if short else self.options.connect_timeout
        version = eng.retry_version if again else None
        for _attempt in range(3):
            id = eng.next_id()
            raw = eng.build_discover(id, version)
            w = await self._wait_start_answer(
                id,
                raw,
                MODERN_STEPS["server/discover"],
                timeout,
                "server/discover",
                "probe timeout" if short else "connect timeout",
            )
            state = eng.state
            if (w is None or w.rejected) and mode is EraMode.AUTO and state is State.UNINITIALIZED:
                return  # no answer (stdio) or refused (HTTP 4xx): legacy server, fall back
            if state is State.READY or state is State.UNINITIALIZED:
                return
            if state is State.DISCOVERING and eng.retry_version:
                version = eng.retry_version
                continue
            raise StartFailed(self._failure_text(eng.outcome or "server/discover failed"))
        raise StartFailed(self._failure_text("the server kept rejecting the protocol version"))

    async def _handshake(self) -> None:
        eng = self.engine
        id = eng.next_id()
        raw = eng.build_initialize(id)
        w = await self._wait_start_answer(
            id, raw, LEGACY_STEPS["initialize"], self.options.connect_timeout, "initialize"
        )
        if self._era_undone():
            self._note_era()
            return
        if w is None:
            raise StartFailed(self._failure_text(eng.outcome or "the server did not answer initialize"))
        if eng.state is not State.INITIALIZED:
            raise StartFailed(self._failure_text(eng.outcome or "initialize failed"))
        if eng.version:
            self.transport.negotiated(eng.version)  # HTTP: MCP-Protocol-Version from now on
        raw = eng.build_initialized()
        try:
            await self.gate.wait(raw, LEGACY_STEPS["notifications/initialized"], at=self.clock())
            await self.send_raw(raw, settle=True, held=True)  # over HTTP: taken before the first request goes out
        except ConnectionLost as exc:
            raise StartFailed(self._failure_text(str(exc))) from None

    async def _reinitialize(self) -> None:
        """HTTP: the server ended the session; start a new one (initialize, without the old id).
        The requests the expiry cut off wait for it (``_renewed``) and are sent again in it. A
        failure is the server's (initialize refused, unanswered): said in the recording, not
        an inspector error."""
        try:
            await self._handshake()
        except SessionError as exc:
            text = f"could not start a new HTTP session after the old one expired: {exc}"
            self.recording.append(
                Direction.EVENT,
                self.clock(),
                text.encode("utf-8", "replace"),
                self.engine.note(),
                {"event": "renew_failed"},
            )
            self.recording.notify()
        except Exception as exc:
            self._record_internal_error("starting a new HTTP session after the old one expired", exc, self.clock())
            self.recording.notify()
        finally:
            self._reinitializing = False
            if self._renewed is not None:
                self._renewed.set()

    async def _await_renewal(self) -> bool:
        """HTTP: wait for the new session started after an expiry; True when it is ready."""
        renewed = self._renewed
        if renewed is not None:
            await renewed.wait()  # bounded: the handshake's own waits are
        return self.engine.state is State.OPERATING and not self._closing

    def _failure_text(self, why: str) -> str:
        if self.returncode is not None or self.signal is not None:
            how = describe_exit(self.returncode, self.signal)
            text = why if how in why else f"{why} (the server {how})"
            quote = stderr_digest(recording_stderr(self.recording))  # the error, not a closing brace
            if quote and "; its stderr says: " not in text:  # a text made here already quotes them
                text += "; its stderr says: " + " | ".join(quote)
            return text
        return why

    async def wait_exit(self, timeout: float) -> bool:
        with anyio.move_on_after(timeout):
            await self._exited.wait()
        return self._exited.is_set()

    # ------------------------------------------------------------------ facts

    @property
    def state(self) -> State:
        return self.engine.state

    def abandon(self) -> str | None:
        """The front-end is going away with no event loop left to shut the server down per spec
        (the window's display vanished): end it at once where it is ours (stdio: SIGTERM to its
        process group). What was done, in words, or None."""
        return self.transport.abandon()

    def summary(self) -> dict:
        s: dict[str, Any] = {"kind": "summary"}
        s.update(self.engine.summary())
        s["exit_code"] = self.returncode
        s["signal"] = self.signal
        s["shutdown"] = self.exit_info.escalation if self.exit_info else None
        s["counts"] = self.recording.counts()
        s["unread"] = [dict(u) for u in self.unread] or None
        return s
