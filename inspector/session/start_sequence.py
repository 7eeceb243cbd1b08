"""The start sequence: the era's first messages, each waited for on the server's clock.

Auto: ``server/discover`` (the probe), then the fallback to ``initialize`` when the probe says
legacy; modern: the probe only; legacy: the handshake only. A fallback taken on silence is
undone when a late modern answer says the server was only slow (``_era_undone``): the session
then probes again and says why in the recording (``era_decided``).

Over stdio the clocks run from the server's reading, not from the client's writing: the session
watches the server's stdin pipe (``Transport.unread_by_peer``), and a probe or connect timeout
starts once the server has read the message, within ``start_timeout`` of its start. Over HTTP,
when the server ends the session (404), ``_reinitialize`` starts a new one. While the link's
authorizer gets credentials (between its AUTHORIZING and AUTHORIZED events: a person may be
signing in in a browser), every wait for an answer is held: a deadline that passes meanwhile
moves on by the time held (``SessionCore.held_time``), as a step held at the gate does.
"""

from __future__ import annotations

import anyio

from inspector.protocol.correlation import id_key
from inspector.protocol.jsontypes import JsonValue
from inspector.protocol.lifecycle import State
from inspector.protocol.versions import Era, EraMode

from .calls import Calls
from .outcomes import ConnectionLost, SessionError, StartFailed, Waiter
from .recording import Direction
from .step_mode import LEGACY_STEPS, MODERN_STEPS

#: How often the start sequence looks whether the server has read its request yet (stdio).
_READ_POLL = 0.05


class StartSequence(Calls):
    """The start sequence (see the module docstring)."""

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
            if self.engine.state is State.DISCOVERING:  # a modern answer after the fallback: a modern server
                await self._probe(mode, again=True)
                if not self._modern_ready():
                    raise StartFailed(
                        self._failure_text(
                            self.engine.outcome
                            or "the server refused initialize with -32022 but did not answer server/discover in time"
                        )
                    )
        self._started = True
        if self.engine.era is Era.MODERN:
            self._first_request_step = True

    def _modern_ready(self) -> bool:
        """The era is modern and the probe's answer made the session ready."""
        return self.engine.era is Era.MODERN and self.engine.state is State.READY

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
        self,
        id: JsonValue,
        raw: bytes,
        explanation: str,
        timeout: float,
        method: str,
        clock_name: str = "connect timeout",
    ) -> Waiter | None:
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
        w = Waiter()
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
        held = self.held_time()  # HTTP: the authorizer's time (a person signing in) does not count
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
                                f"the server read {method} #{id} {now - sent:.1f} s after it was sent, "
                                f"{now - self._spawned_at:.1f} s after its start: its {clock_name} runs from here",
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
                            f"{method} #{id} still unread after {now - sent:.1f} s: the server is still starting; "
                            f"its {clock_name} runs once it reads it (start timeout {self.options.start_timeout:g} s)",
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
                extra = await self._held_by_link(held)
                if extra > 0:
                    deadline, held = deadline + extra, held + extra
                    continue
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
