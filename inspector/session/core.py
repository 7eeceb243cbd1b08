"""What every part of the session shares: its options, and ``SessionCore`` - the engine, the
transport, the recording, the step gate and the waiters for answers - with the ways the session
records its own failures.

The session is put together from parts, one responsibility each, all on this state:
``calls.Calls`` (the request/answer plumbing), ``start_sequence.StartSequence`` (the era's start
and a new HTTP session after an expiry), ``shutdown.Shutdown`` (the shutdown per spec and what
stayed unread), and ``session.Session`` itself (the pump that takes in what the server sends).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from pathlib import Path

import anyio
import anyio.abc

from inspector.protocol.engine import ClientConfig, ProtocolEngine
from inspector.protocol.framing import DEFAULT_MAX_LINE
from inspector.protocol.jsontypes import JsonObject
from inspector.protocol.schema import SchemaVerdict
from inspector.transport import open_transport
from inspector.transport.base import ExitInfo, Transport, TransportSpec, describe_exit

from .handlers import ClientHandlers
from .outcomes import Waiter
from .reanalyse import engine_header
from .recording import Direction, Recording, RecordingWriter
from .secrecy import masked_http
from .stderr_digest import recording_stderr, stderr_digest
from .step_mode import StepGate, annotate_step


@dataclass
class SessionOptions:
    transport: TransportSpec  # how to reach the server (transport.base: StdioSpec)
    config: ClientConfig = field(default_factory=ClientConfig)
    connect_timeout: float = 10.0  # initialize / server/discover answer (modern or legacy)
    #: auto: how long server/discover may stay unanswered before falling back
    probe_timeout: float = 3.0
    # stdio: how long the server may take from its start to read a start-sequence message; until
    # it has read it (its stdin pipe is empty) the probe and connect timeouts do not run
    start_timeout: float = 60.0
    request_timeout: float = 30.0  # per request, reset by progress
    max_request_timeout: float = 300.0  # hard limit, whatever progress says
    #: the longest stdout/stderr line kept whole; the rest is counted, dropped
    max_line: int = DEFAULT_MAX_LINE
    stdin_grace: float = 2.0
    term_grace: float = 2.0
    step: bool = False  # wait for go() before each message of the start sequence
    record_path: Path | None = None
    max_input_rounds: int = 8  # modern: InputRequiredResult retries per request
    # Move what survives each chunk out of the cyclic collector's reach (gc.freeze) while the
    # session runs; unfrozen when it ends. For an interactive front-end: a full collection over
    # a large recording would otherwise stall its event loop for 15-30 ms during a flood.
    freeze_gc: bool = False


class SessionCore:
    """The session's state, shared by its parts (see the module docstring)."""

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
            # all the engine's verdicts depend on: re-analysis builds the same engine
            {**masked_http(options.transport.describe()), **engine_header(options.config)},
            t0=clock(),
        )
        self.gate = StepGate(options.step)
        self.gate.annotate = lambda step: annotate_step(step, self.engine.era)
        # over HTTP a body has as long to arrive as the longest answer the session waits for
        read_timeout = max(options.request_timeout, options.connect_timeout)
        self.transport = transport or open_transport(
            options.transport, clock=clock, max_line=options.max_line, read_timeout=read_timeout
        )
        self.exit_info: ExitInfo | None = None
        self.returncode: int | None = None
        self.signal: int | None = None
        self.notification_listeners: list[Callable[[int, JsonObject], None]] = []
        #: like notification_listeners, for every notification but log messages (a flood's lines)
        self.change_listeners: list[Callable[[int, JsonObject], None]] = []
        self._waiters: dict[Hashable, Waiter] = {}
        self._tg: anyio.abc.TaskGroup | None = None
        self._pump_done = anyio.Event()
        self._pump_scope = anyio.CancelScope()
        #: the read time of the event the pump is taking in (None: none in hand)
        self._taking: float | None = None
        #: what the server wrote that the recording does not hold (see ``_record_unread``)
        self.unread: list[dict[str, object]] = []
        #: SIGKILL had to be sent: to the server (it ignored stdin close and SIGTERM) or to what
        #: was left of its process group
        self.killed = False
        #: channel -> bytes of the read the pump held when it was stopped
        self._pump_lost: dict[str, int] = {}
        self._pump_stopped = False  # _drain_pump gave up on the pump: nothing came in for PUMP_STALL s
        self._exited = anyio.Event()
        self._spawned = anyio.Event()
        self._writer: RecordingWriter | None = None
        self._first_request_step = False
        self._closing = False
        self._started = False
        self._reinitializing = False
        #: HTTP: set when the new session after an expiry is started (or failed)
        self._renewed: anyio.Event | None = None
        #: the server's start: the start timeout counts from here (set when it is spawned)
        self._spawned_at = clock()
        #: what the start sequence waits for (woken when a late answer decides the era)
        self._start_waiter: Waiter | None = None
        self._sent_as: dict[Hashable, int] = {}  # request id -> its entry, while it may still be cancelled
        self._http = self.transport.mirrors_headers  # modern messages mirror metadata into headers
        #: the link's authorizer at work (AUTHORIZING .. AUTHORIZED): request clocks are held
        self._holds = 0
        self._hold_began = 0.0  # when the holds in force began
        self._held_before = 0.0  # seconds held by holds that have ended
        self._hold_lifted = anyio.Event()  # set (and replaced) each time the last hold ends

    def held_time(self) -> float:
        """Seconds the link has held the clocks so far (while an authorizer got credentials):
        a wait whose deadline passed moves it on by what this grew meanwhile."""
        return self._held_before + (self.clock() - self._hold_began if self._holds else 0.0)

    def _hold(self, on: bool, t: float) -> None:
        """The link's authorizer began (``on``) or ended its work at ``t``."""
        if on:
            if not self._holds:
                self._hold_began = t
            self._holds += 1
        elif self._holds:
            self._holds -= 1
            if not self._holds:
                self._held_before += max(0.0, t - self._hold_began)
                lifted, self._hold_lifted = self._hold_lifted, anyio.Event()
                lifted.set()

    async def _held_by_link(self, since: float) -> float:
        """A wait's deadline passed: wait while the link holds the clocks, then say how long it
        held them since ``held_time()`` read ``since`` (0: not at all: the wait timed out)."""
        while self._holds and not self._exited.is_set():
            lifted = self._hold_lifted
            with anyio.move_on_after(0.5):  # the link's end lifts nothing: look at it now and then
                await lifted.wait()
        return self.held_time() - since

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

    def _fail_waiters(self, why: str) -> None:
        """Every request still waiting gets no answer: ``why`` says what happened instead."""
        waiters, self._waiters = self._waiters, {}
        for w in waiters.values():
            w.lost = why
            w.event.set()

    def _failure_text(self, why: str) -> str:
        """``why`` with how the server ended and what its stderr said, once it has ended."""
        if self.returncode is not None or self.signal is not None:
            how = describe_exit(self.returncode, self.signal)
            text = why if how in why else f"{why} (the server {how})"
            quote = stderr_digest(recording_stderr(self.recording))  # the error, not a closing brace
            if quote and "; its stderr says: " not in text:  # a text made here already quotes them
                text += "; its stderr says: " + " | ".join(quote)
            return text
        return why

    def summary(self) -> JsonObject:
        """The recording's closing line: the engine's verdicts, how the server ended, the counts."""
        s: JsonObject = {"kind": "summary"}
        s.update(self.engine.summary())
        s["exit_code"] = self.returncode
        s["signal"] = self.signal
        s["shutdown"] = self.exit_info.escalation if self.exit_info else None
        s["counts"] = self.recording.counts()
        s["unread"] = [dict(u) for u in self.unread] or None
        return s
