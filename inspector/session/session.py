"""The session: the one driver that pumps a transport through the protocol engine.

``async with Session(options) as s`` spawns the server and starts the pump; ``await
s.start()`` runs the start sequence of the chosen era (probe, fallback, handshake); ``await
s.request(...)`` sends requests with timeouts and cancellation; leaving the block shuts the
server down per spec. Every line, stderr line and process event lands in ``s.recording``
before anything else reacts to it.

The session is put together from parts, one responsibility each, on one shared state
(``core.SessionCore``): the request/answer plumbing (``calls``), the start sequence
(``start_sequence``), the shutdown and the unread account (``shutdown``), step mode's gate and
explanations (``step_mode``), and what calls come to (``outcomes``). This module keeps the pump
that takes in what the transport delivers - in slices that leave the event loop its turns, or
one message at a time through the gate in step mode - and what the session does with each
message, process event and link event. Its names are the session's public API, re-exported
here and from ``inspector.session``.
"""

from __future__ import annotations

import dataclasses
import gc
import time
from collections.abc import Callable, Coroutine
from typing import TypeVarTuple

import anyio
from anyio.lowlevel import checkpoint

from inspector.protocol.correlation import id_key
from inspector.protocol.engine import Analysis, ProtocolEngine
from inspector.protocol.jsontypes import JsonObject, JsonValue
from inspector.protocol.lifecycle import Event, State, Transition
from inspector.protocol.messages import Kind, valid_id
from inspector.protocol.schema import SchemaVerdict
from inspector.protocol.versions import Era
from inspector.transport.base import (
    Frames,
    LinkEvent,
    LinkEventKind,
    ProcessEvent,
    ProcessEventKind,
    SideLine,
    SpawnError,
    Transport,
)

from .core import SessionCore, SessionOptions
from .handlers import ClientHandlers
from .operations import ListenHub, Negotiation
from .outcomes import (
    CANCELLED,
    ConnectionLost,
    HandWritten,
    Reply,
    RequestCancelled,
    RequestTimeout,
    SessionError,
    StartFailed,
    TextVerdict,
)
from .recording import Direction, Recording
from .secrecy import masked_http, masked_urls_in
from .shutdown import PUMP_STALL, Shutdown, describe_unread
from .start_sequence import StartSequence
from .step_mode import (
    CLIENT_STEPS,
    LEGACY_STEPS,
    MODERN_STEPS,
    SERVER_STEPS,
    SHUTDOWN_STEPS,
    Held,
    PendingStep,
    StepGate,
    server_step,
)

__all__ = [
    "CANCELLED",
    "CLIENT_STEPS",
    "LEGACY_STEPS",
    "MODERN_STEPS",
    "PUMP_STALL",
    "SERVER_STEPS",
    "SHUTDOWN_STEPS",
    "ConnectionLost",
    "HandWritten",
    "PendingStep",
    "Reply",
    "RequestCancelled",
    "RequestTimeout",
    "Session",
    "SessionCore",
    "SessionError",
    "SessionOptions",
    "StartFailed",
    "StepGate",
    "TextVerdict",
    "describe_unread",
]

SLICE = 128  # lines analysed and handed to the listeners at a time (~0.5 ms of work)
# The event loop gets a turn after the slice that ends TURN seconds of work: a flood must not
# starve it (a UI on it), and a turn after every slice made a busy window's loop the limit (a
# turn can wait behind a paint).
TURN = 0.003
SIDE_BATCH = 1024  # stderr lines of one read recorded (and handed to the listeners) at a time
_now = time.perf_counter
_LOG_METHOD = "notifications/message"
_LOG_ONLY = frozenset((_LOG_METHOD,))  # what change listeners do not read
#: Auto: the engine's edges that undo a fallback taken on silence (the server was slow, not
#: legacy): the start sequence stops waiting for initialize and reads the engine's state.
_ERA_UNDONE = frozenset({Event.MODERN_AFTER_FALLBACK})
#: link events that bring a server's answer to a POST (AUTHORIZED: a refusal the authorizer could not lift)
_ANSWERS = frozenset({LinkEventKind.HTTP_EXCHANGE, LinkEventKind.AUTHORIZED})
Args = TypeVarTuple("Args")


def record_process_event(rec: Recording, engine: ProtocolEngine, ev: ProcessEvent) -> int:
    """Record what the server's process did, with the engine's analysis of it (the lifecycle
    edge is the engine's business): the event's name, pid and, at the exit, how it ended."""
    kind = ev.kind
    extra: JsonObject = {"event": kind.value}
    if ev.pid is not None:
        extra["pid"] = ev.pid
    if kind is ProcessEventKind.EXITED:
        extra["returncode"] = ev.returncode
        extra["signal"] = ev.signal
    a = engine.link_event(kind.value, None)
    return rec.append(Direction.EVENT, ev.t, (ev.detail or kind.value).encode("utf-8", "replace"), a, extra)


def _shown_side(ev: SideLine) -> SideLine:
    """A link's note as the recording keeps it: URLs in the link's own words masked
    (:func:`.secrecy.masked_urls_in`); of an answer's body that is no message, only the words
    before it (``GET http://… answered 404 (text/html): ``), never the server's bytes."""
    if ev.channel == "http-body":
        if not ev.data.startswith((b"GET ", b"POST ", b"DELETE ")):
            return ev
        head, sep, rest = ev.data.partition(b": ")
        shown = masked_urls_in(head.decode("utf-8", "surrogateescape")).encode("utf-8", "surrogateescape") + sep + rest
    else:
        shown = masked_urls_in(ev.data.decode("utf-8", "surrogateescape")).encode("utf-8", "surrogateescape")
    return ev if shown == ev.data else dataclasses.replace(ev, data=shown)


def _runs(ev: Frames) -> list[tuple[list[bytes], JsonObject | None]]:
    """A frame event's items in runs that share one entry extra: the whole list with none for
    stdio; for HTTP, consecutive items whose exchange metadata is the same object (the
    transport makes it so) share ``{"http": meta}``, so a flood costs no dict per message."""
    metas = ev.metas
    if metas is None:
        return [(ev.items, None)]
    runs: list[tuple[list[bytes], JsonObject | None]] = []
    lo = 0
    items = ev.items
    for i in range(1, len(items) + 1):
        if i == len(items) or metas[i] is not metas[lo]:
            runs.append((items[lo:i], {"http": masked_http(metas[lo])}))
            lo = i
    return runs


class Session(StartSequence, Shutdown):
    """One session with one server (see the module docstring)."""

    def __init__(
        self,
        options: SessionOptions,
        *,
        handlers: ClientHandlers | None = None,
        recording: Recording | None = None,
        transport: Transport | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__(options, handlers=handlers, recording=recording, transport=transport, clock=clock)
        self.listen_hub = ListenHub(self)  # the one subscriptions/listen stream (2026-07-28)

    # ------------------------------------------------------------------ context

    async def __aenter__(self) -> Session:
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
        events = self.transport.events()
        # a stderr flood's lines, taken a read at a time (the stdio transport's queue offers them)
        side_lines: Callable[[float, str, int], list[bytes]] | None = getattr(events, "side_lines_nowait", None)
        try:
            async for ev in events:
                try:
                    if isinstance(ev, Frames):
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
                    elif isinstance(ev, SideLine):
                        # a process's stderr, or a note of the link itself (HTTP: channel "http", "http-body")
                        side: dict[str, str] | None = None
                        direction, kind = Direction.STDERR, Kind.STDERR
                        if ev.channel != "stderr":
                            side, direction, kind = {"channel": ev.channel}, Direction.NOTE, Kind.LINK_NOTE
                            ev = _shown_side(ev)
                        if ev.dropped:
                            a = eng.oversized(ev.data, ev.dropped, self.options.max_line, kind)
                            rec.append(direction, ev.t, ev.data, a, {"dropped": ev.dropped, **(side or {})})
                        elif side_lines is not None and side is None:
                            # the rest of the read's lines queued behind it: one batch (a plain run)
                            lines = [ev.data, *side_lines(ev.t, ev.channel, SIDE_BATCH)]
                            rec.extend(direction, ev.t, lines, [eng.note(kind)] * len(lines))
                        else:
                            rec.append(direction, ev.t, ev.data, eng.note(kind), side)
                        rec.notify()
                        if _now() >= next_turn:  # a stderr flood must not starve the loop either
                            await checkpoint()
                            next_turn = _now() + TURN
                    elif isinstance(ev, LinkEvent):
                        try:
                            self._link_event(ev)
                        except Exception as exc:
                            self._record_internal_error(f"handling the link event {ev.kind.value}", exc, ev.t)
                        rec.notify()
                    else:
                        try:
                            self._process_event(ev)
                        except Exception as exc:
                            self._record_internal_error(f"handling the process event {ev.kind.value}", exc, ev.t)
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

    def _analyse(self, raw: bytes, t: float, seq: int) -> Analysis:
        """One line through the engine; an exception becomes an inspector note on the entry."""
        try:
            return self.engine.incoming(raw, t, seq)
        except Exception as exc:
            return self.engine.failed_analysis(raw, exc)

    async def _deliver_held(self, ev: Frames) -> None:
        """Step mode: the messages of one read, one at a time, each after Continue. They were
        read already (nothing is lost while they wait) and keep their arrival time; when each
        was let in is kept beside it (``released``)."""
        cut = dict(ev.cut)
        gate = self.gate
        held: list[Held | None] = []
        try:
            for raw in ev.items:  # the messages of one read enter the gate together, in order
                text, values = server_step(raw, self.engine)
                try:
                    held.append(gate.enter(raw, text, "s2c", at=ev.t, **values))
                except ConnectionLost:
                    held.append(None)  # the session is closing: what the server sent is still recorded
            for i, raw in enumerate(ev.items):
                h = held[i]
                if h is not None:
                    try:
                        await gate.passage(h)
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
            extra: JsonObject = {"http": masked_http(metas[i])} if metas is not None else {}
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

    def _dispatch_safely(self, a: Analysis, seq: int, t: float) -> None:
        try:
            self._dispatch(a, seq, t)
        except Exception as exc:
            self._record_internal_error(f"reacting to entry {seq}", exc, t)

    def note_internal_error(self, doing: str, exc: BaseException) -> None:
        """For front-ends: an action of theirs failed on what the server sent. The fault is
        recorded (``inspector.internal-error``) and the session carries on."""
        self._record_internal_error(doing, exc, self.clock())
        self.recording.notify()

    def record_note(self, text: str, extra: JsonObject) -> None:
        """A note of a front-end's or a helper's own (the probe's refusals, the authorization
        steps) in the recording, where the session is now: an event entry with ``extra``."""
        self.recording.append(Direction.EVENT, self.clock(), text.encode("utf-8", "replace"), self.engine.note(), extra)
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
            transport=eng.transport.wire,
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

    def start_soon(self, fn: Callable[[*Args], Coroutine[object, object, object]], *args: *Args) -> bool:
        """Run ``fn(*args)`` in the session's own task group (it lives as long as the session);
        False once the session is closed. Exceptions are the caller's to handle inside ``fn``."""
        if self._tg is None or self._closing:
            return False
        self._tg.start_soon(fn, *args)
        return True

    def check_answer(self, request_method: str, result: JsonValue) -> SchemaVerdict:
        """For front-ends: whether ``result`` may answer the server's ``request_method`` request
        in the version this session speaks, before the user sends it (error paths start at
        ``/result``). The session refuses to send an answer that fails this check."""
        return self.engine.check_answer(request_method, result)

    def _process_event(self, ev: ProcessEvent) -> None:
        """Record what the server's process did with the engine's analysis of it (the lifecycle
        edge is the engine's business); the session only keeps what it waits on."""
        kind = ev.kind
        if kind is ProcessEventKind.SIGKILL_SENT or kind is ProcessEventKind.GROUP_SIGKILL_SENT:
            self.killed = True
        if kind is ProcessEventKind.EXITED:
            self.returncode = ev.returncode
            self.signal = ev.signal
        record_process_event(self.recording, self.engine, ev)
        if kind is ProcessEventKind.EXITED:
            self._exited.set()
            self._fail_waiters("the server " + (ev.detail or "exited"))
        elif kind is ProcessEventKind.SPAWNED:
            self._spawned.set()

    def _link_event(self, ev: LinkEvent) -> None:
        """Record what a link without a process did (HTTP: it opened, an exchange, it closed)
        with the engine's analysis of it; the session only keeps what it waits on. URLs in it
        are recorded with the secrets of their query masked."""
        info = masked_http(dict(ev.info)) if ev.info is not None else None
        ev = dataclasses.replace(ev, detail=masked_urls_in(ev.detail), info=info)
        kind = ev.kind
        extra: JsonObject = {"event": kind.value}
        if ev.info is not None:
            extra["http"] = ev.info
        a = self.engine.link_event(kind.value, ev.info)
        failure = ev.info.get("failure") if ev.info is not None else None  # this exchange cannot answer its request
        if (
            kind is LinkEventKind.STREAM_ENDED
        ):  # recorded only when it is resumed or broke off (most end after their answer)
            resumed = ev.info.get("request_seq") if a.resume and ev.info is not None else None
            if type(resumed) is int and self.transport.resume(resumed):
                ev = dataclasses.replace(ev, detail=f"{ev.detail} before its response: resuming it with Last-Event-ID")
                failure = None
            elif not failure:
                return
        if (
            isinstance(failure, str) and ev.info is not None and a.transition is None
        ):  # a redirect, a broken or over-long answer: said at once (a refusal the engine acted on goes its way)
            self._exchange_failed(ev.info.get("request_seq"), failure)
        if kind in _ANSWERS and a.transition is not None and ev.info is not None:
            seq = ev.info.get("request_seq")
            if a.transition.event is Event.TRANSPORT_FALLBACK and type(seq) is int and self.transport.fall_back(seq):
                pass  # initialize goes again over HTTP+SSE; its waiter waits on
            else:
                self._start_answer_rejected(seq)
        if kind is LinkEventKind.AUTHORIZING or kind is LinkEventKind.AUTHORIZED:
            self._hold(kind is LinkEventKind.AUTHORIZING, ev.t)
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

    def _exchange_failed(self, request_seq: JsonValue, why: str) -> None:
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

    def _start_answer_rejected(self, request_seq: JsonValue) -> None:
        """HTTP refused a start-sequence request outright (4xx without a JSON-RPC answer): its
        waiter wakes without a reply, and the start sequence reads the engine's state."""
        if type(request_seq) is not int or not (0 <= request_seq < len(self.recording)):
            return
        w = self._waiters.pop(id_key(self.recording.id_at(request_seq)), None)
        if w is not None:
            w.lost = None
            w.rejected = True
            w.event.set()

    def _dispatch(self, a: Analysis, seq: int, t: float) -> None:
        kind = a.kind
        tr = a.transition
        if tr is not None and tr.event in _ERA_UNDONE and self._start_waiter is not None:
            # a late modern answer decided the era: the start sequence reads the engine's state
            self._start_waiter.event.set()
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
            method = a.method
            if self._tg is not None and valid_id(a.id) and method is not None and self.engine.era is not Era.MODERN:
                self._tg.start_soon(self._answer_server_request, a.id, method, a.obj.get("params"))
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
