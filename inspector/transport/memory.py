"""An in-memory transport for tests: the client side and a scripted fake server.

A link in one module plus one registration: :class:`MemorySpec` names it (``kind``
"memory"; judged as stdio: a message is a line, the peer "exits"), and ``register_transport``
below lets ``open_transport`` make it from the spec, running the spec's script as the peer. A
test that drives the peer itself takes the two ends from :func:`memory_pair`.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from dataclasses import dataclass

import anyio
import anyio.abc
from anyio.lowlevel import checkpoint

from inspector.protocol.framing import DEFAULT_MAX_LINE, LineSplitter
from inspector.protocol.jsontypes import JsonObject

from .base import (
    ExitInfo,
    Frames,
    LinkOptions,
    PipeMessages,
    ProcessEvent,
    ProcessEventKind,
    SideLine,
    StepHook,
    TransportClosed,
    TransportEvent,
    TransportKind,
    TransportSpec,
    register_transport,
)
from .stdio import EventQueue

__all__ = ["MemoryPeer", "MemorySpec", "MemoryTransport", "memory_pair", "open_memory"]


class _Link:
    """What both ends share: the two byte directions and the fake process's state."""

    def __init__(self, clock: Callable[[], float], max_line: int) -> None:
        self.clock = clock
        self.stdout_lines = LineSplitter(max_line)  # framed like the stdio transport frames
        self.stdout_last_t = 0.0
        self.to_peer = EventQueue[bytes]()
        self.events = EventQueue[TransportEvent]()
        self.stdin_closed = False
        self.exit_info: ExitInfo | None = None

    def emit(self, event: TransportEvent) -> None:
        self.events.put_nowait(event)

    def process_event(self, kind: ProcessEventKind, detail: str = "") -> None:
        self.emit(ProcessEvent(self.clock(), kind, detail))

    def close_stdin(self) -> None:
        if not self.stdin_closed:
            self.stdin_closed = True
            self.to_peer.close()
            self.process_event(ProcessEventKind.STDIN_CLOSED, "closed the peer's stdin")

    def exit(self, returncode: int, escalation: str) -> ExitInfo:
        if self.exit_info is None:
            self.exit_info = ExitInfo(returncode=returncode, signal=None, escalation=escalation)
            rest = self.stdout_lines.flush()
            if rest is not None:  # a last line without its newline
                self.emit(Frames(self.stdout_last_t, [rest], tuple(self.stdout_lines.truncated)))
            self.process_event(ProcessEventKind.STDOUT_CLOSED, "end of stream")
            self.process_event(ProcessEventKind.STDERR_CLOSED, "end of stream")
            self.emit(
                ProcessEvent(
                    self.clock(),
                    ProcessEventKind.EXITED,
                    f"exited with code {returncode}",
                    returncode=returncode,
                )
            )
            self.events.close()
        return self.exit_info


class MemoryTransport(PipeMessages):
    """The client side; behaves like :class:`StdioTransport` without a process."""

    kind = TransportKind.STDIO  # framed and ended like a stdio server
    unread: tuple[JsonObject, ...] = ()  # every line is delivered

    def __init__(self, link: _Link, serve: Callable[[MemoryPeer], Awaitable[None]] | None = None) -> None:
        self._link = link
        self._started = False
        self._serve = serve  # the peer's script, run while the transport is entered (MemorySpec)
        self._tg: anyio.abc.TaskGroup | None = None

    @property
    def pid(self) -> int | None:
        return None

    @property
    def returncode(self) -> int | None:
        info = self._link.exit_info
        return info.returncode if info is not None else None

    @property
    def exit_info(self) -> ExitInfo | None:
        return self._link.exit_info

    async def __aenter__(self) -> MemoryTransport:
        if not self._started:
            self._started = True
            self._link.process_event(ProcessEventKind.SPAWNED, "in-memory peer")
            if self._serve is not None:
                self._tg = anyio.create_task_group()
                await self._tg.__aenter__()
                self._tg.start_soon(self._run_script, MemoryPeer(self._link))
        return self

    async def _run_script(self, peer: MemoryPeer) -> None:
        if self._serve is not None:
            await self._serve(peer)

    async def __aexit__(self, *exc_info: object) -> None:
        await self.shutdown()
        if self._tg is not None:  # the script is over with the peer's "exit"
            tg, self._tg = self._tg, None
            tg.cancel_scope.cancel()
            await tg.__aexit__(None, None, None)

    def events(self) -> AsyncIterator[TransportEvent]:
        return self._link.events

    async def send(
        self, data: bytes, tag: int | None = None, headers: Mapping[str, str] | None = None, *, settle: bool = False
    ) -> None:
        await checkpoint()
        if self._link.stdin_closed or self._link.exit_info is not None:
            raise TransportClosed("the peer's stdin is closed")
        self._link.to_peer.put_nowait(bytes(data))

    def abandon(self) -> str | None:
        """Nothing runs outside this process."""
        return None

    def close_stdin(self) -> None:
        """Close the peer's stdin and nothing else: ``receive`` gives the peer ``b""`` from now
        on, its output stays open (a server that reads on past EOF, as a test stand-in)."""
        self._link.close_stdin()

    async def shutdown(
        self, grace: float = 2.0, force_grace: float = 2.0, *, before_step: StepHook | None = None
    ) -> ExitInfo:
        """Close stdin; the peer "exits" at once with code 0 unless it already had."""
        await checkpoint()
        if self._link.exit_info is not None:
            return self._link.exit_info
        if before_step is not None:
            await before_step("stdin")
            if self._link.exit_info is not None:
                return self._link.exit_info
        self._link.close_stdin()
        return self._link.exit(0, "stdin")


class MemoryPeer:
    """The fake server: reads what the transport sent, writes stdout/stderr, exits."""

    def __init__(self, link: _Link) -> None:
        self._link = link

    @property
    def stdin_closed(self) -> bool:
        return self._link.stdin_closed

    async def receive(self) -> bytes:
        """The next ``send()`` from the transport, as sent; ``b""`` once stdin is closed."""
        try:
            return await self._link.to_peer.__anext__()
        except StopAsyncIteration:
            return b""

    async def write(self, data: bytes) -> None:
        """Bytes on the fake stdout: the lines they complete, as one Frames event."""
        await checkpoint()
        self._check_alive()
        link = self._link
        t = link.stdout_last_t = link.clock()
        lines = link.stdout_lines.feed(bytes(data))
        if lines:
            link.emit(Frames(t, lines, tuple(link.stdout_lines.truncated)))

    async def write_stderr(self, data: bytes) -> None:
        """Bytes on the fake stderr: one SideLine per line, a trailing partial line as is."""
        await checkpoint()
        self._check_alive()
        t = self._link.clock()
        for line in _split(bytes(data)):
            self._link.emit(SideLine(t, line))

    async def exit(self, code: int = 0) -> None:
        """The fake process exits on its own; the transport sees the streams close, then EXITED."""
        await checkpoint()
        self._link.exit(code, "none")

    def _check_alive(self) -> None:
        if self._link.exit_info is not None:
            raise TransportClosed("the peer has exited")


def _split(data: bytes) -> list[bytes]:
    """Split at b"\\n" only, keeping terminators."""
    parts = data.split(b"\n")
    lines = [part + b"\n" for part in parts[:-1]]
    if parts[-1]:
        lines.append(parts[-1])
    return lines


def memory_pair(
    *, clock: Callable[[], float] = time.monotonic, max_line: int = DEFAULT_MAX_LINE
) -> tuple[MemoryTransport, MemoryPeer]:
    """A connected (transport, peer) pair; stdout is framed into lines of at most ``max_line``."""
    link = _Link(clock, max_line)
    return MemoryTransport(link), MemoryPeer(link)


@dataclass(frozen=True, slots=True)
class MemorySpec:
    """A transport spec: a scripted peer in this process. ``serve(peer)`` runs while the
    transport is entered: it reads what the client sent (``peer.receive()``) and answers
    (``peer.write``); the peer "exits" when stdin is closed, as a stdio server would."""

    serve: Callable[[MemoryPeer], Awaitable[None]]

    kind = "memory"
    judged_as = TransportKind.STDIO  # framed and ended like a stdio server

    def describe(self) -> JsonObject:
        """A recording's header: judged as stdio, its peer in memory."""
        return {"transport": self.judged_as.value, "peer": "in-memory"}


def open_memory(spec: TransportSpec, options: LinkOptions) -> MemoryTransport:
    """The transport for a :class:`MemorySpec` (or a spec derived from it under a name of its own,
    registered with this factory): its script runs as the peer."""
    assert isinstance(spec, MemorySpec)
    return MemoryTransport(_Link(options.clock, options.max_line), spec.serve)


register_transport(MemorySpec.kind, open_memory)  # a link for tests: no TransportChoice, users never pick it
