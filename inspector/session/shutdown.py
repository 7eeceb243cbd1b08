"""The shutdown per spec, and what the server wrote that the recording does not hold.

``Shutdown.close`` has the transport end the link its way (stdio: close stdin, wait, SIGTERM to
the process group, wait, SIGKILL; HTTP: DELETE the session, close the streams) - in step mode each
step waits for Continue - then waits for the pump to take in everything the transport still
delivers. Nothing is dropped silently: what was never taken in is counted per stream and
recorded (``output_unread``) and goes into the summary.
"""

from __future__ import annotations

from collections.abc import Mapping

import anyio

from inspector.transport.base import ExitInfo

from .core import SessionCore
from .recording import Direction
from .step_mode import SHUTDOWN_STEPS

#: After the shutdown the pump takes in everything the transport still delivers, however long
#: that takes; it is given up only when nothing at all came in for this many seconds (the
#: transport's own bounded waits - the process group's grace, SIGKILL, the drain - are shorter),
#: and what it left is counted and recorded as unread.
PUMP_STALL = 30.0


def describe_unread(u: Mapping[str, object]) -> str:
    """One item of ``Session.unread`` in words: how much of which stream is not recorded, and
    why."""
    n, stream = u.get("bytes") or 0, u.get("stream")
    if n and u.get("more"):
        head = f"{n} bytes of the server's {stream}, and whatever followed them, were not recorded"
    elif n:
        head = f"{n} bytes of the server's {stream} were not recorded"
    else:
        head = f"whatever the server's {stream} carried after reading stopped was not recorded"
    return f"{head}: {u.get('why')}"


class Shutdown(SessionCore):
    """The session's end (see the module docstring)."""

    async def close(self) -> ExitInfo | None:
        """Shut the server down per spec (close stdin, wait, SIGTERM, wait, SIGKILL)."""
        if self._closing:
            with anyio.CancelScope(shield=True):
                await self._pump_done.wait()
            return self.exit_info
        self._closing = True
        # the front-end may have asked to step through them
        self.gate.close(shutdown_steps=self.gate.shutdown_steps)
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
        unread: list[dict[str, object]] = [dict(u) for u in self.transport.unread]
        if self._pump_stopped:  # the output had not ended: what would have followed is not known
            why = (
                "the inspector stopped waiting for the server's output: nothing came in for "
                f"{PUMP_STALL:g} s while the shutdown waited for its end"
            )
            main = self.transport.main_channel
            for stream, lost in (self._pump_lost or {main: 0}).items():
                for u in unread:
                    if u["stream"] == stream:
                        before = u["bytes"]
                        u.update(bytes=(before if isinstance(before, int) else 0) + lost, more=True)
                        u["why"] = f"{why}; {u['why']}"
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
