"""Proxy mode (stdio): the inspector between a real host and its server, watching both.

Theory of operation. A host (Claude Desktop, VS Code, an SDK's client) launches
``mcp-session-inspector proxy -- COMMAND ARGS...`` in place of the server. :func:`run_proxy`
starts the server with the stdio transport (its own process group; the spec's shutdown) and
moves bytes both ways as they come: each read of the host's stdin is written to the server's
stdin, each read of the server's stdout and stderr to the proxy's stdout and stderr (the
transport's ``relay``, called before the transport frames anything). Nothing is reframed,
added or removed, so noise, invalid UTF-8 and a missing last newline reach the other side as the
peer wrote them.

Judging and disk run behind, never in the way: the forwarding tasks only hand what they moved
(the host's raw reads, the transport's framed events) to a :class:`Recorder` thread through a
queue that never blocks. Order: the host's reads and the signals passed on join the transport's
own event stream (which hands over the server's reads, stderr and process events by read time),
so the recorder gets everything in the order it happened - a request before its answer, a line
the host had before the signal it then sent. Memory stays bounded however long the proxy runs:
the recorder lets its recording go of what the writer has written, and moves a queue that grew
in a flood to a spill file beside the recording (read back in order; see :class:`Recorder`).
The recorder frames the host's bytes and the server's stdout into lines (the transport hands the
server's reads over unframed: cutting a flood into lines is work the forwarding need not wait
for), judges the host's lines with the protocol engine in observer mode
(``ProtocolEngine.observe``: the host is the client, nothing is sent by the inspector), judges the
server's lines as any session's, appends everything to a :class:`Recording` and lets its writer
flush a batch at a time. When the proxy ends, the queue is drained and the file closed with its
summary before the proxy exits: the recording is complete.
The two share one interpreter, so the recorder gives way: while the forwarding read something
in the last ``BUSY_WINDOW`` (a flood) it sleeps instead of judging (at most ``MAX_DEFER`` at a
stretch, then it judges for ``JUDGE_SLICE``: a steady stream is recorded as it goes), and the thread switch
interval is short while the proxy runs, so a forwarding task that wakes on a pipe gets the
interpreter back within half a millisecond. A flood is judged after it, a quiet session as it goes.

How it ends: the host closing the proxy's stdin (or its stdout: it went away) starts the spec's
shutdown of the server (close its stdin, wait, SIGTERM, SIGKILL); SIGINT, SIGTERM and SIGHUP to
the proxy are passed on to the server's process group (and recorded), and the proxy exits when
the server does, with its exit code (128 + the signal when a signal ended it). The recording's
header says the session was proxied (``proxied``: the command and the name) and the engine
member says the client was observed, so re-analysis and the window judge it the same way.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import resource
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from queue import Empty, SimpleQueue
from typing import cast

import anyio

from inspector.protocol.engine import Analysis, ClientConfig, ProtocolEngine
from inspector.protocol.framing import DEFAULT_MAX_LINE, LineSplitter
from inspector.protocol.jsontypes import JsonObject
from inspector.protocol.messages import Kind
from inspector.transport.base import (
    MASK,
    Frames,
    ProcessEvent,
    ProcessEventKind,
    SideLine,
    SpawnError,
    StdioSpec,
    TransportEvent,
    TransportKind,
    signal_name,
)
from inspector.transport.host_pipes import HostGone, HostPipe
from inspector.transport.stdio import UNFRAMED, LaneQueue, StdioTransport

from .launched import launched_name
from .proxied_folder import keep_folder, prepared_folder
from .reanalyse import engine_header
from .recording import Direction, Recording, RecordingWriter
from .secrecy import secret_argument
from .session import record_process_event
from .spill import Spill
from .watch import try_announce, withdraw

__all__ = [
    "PROXY_SIGNALS",
    "ProxyOptions",
    "Recorder",
    "default_record_path",
    "proxied_spec",
    "proxy_header",
    "run_proxy",
]

#: Signals the proxy passes on to the server's process group.
PROXY_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
#: Exit status when the server could not be started (as a shell says "command not found").
EXIT_SPAWN_FAILED = 127
#: The interpreter's thread switch interval while the proxy runs (see run_proxy).
SWITCH_INTERVAL = 0.0005
#: After each read the forwarding counts as busy this long: the recorder judges nothing meanwhile.
BUSY_WINDOW = 0.01
#: The buffer asked for the pipes from the server's stdout and to the host (HostPipe), so that a
#: flood rarely waits for either.
PIPE_SIZE = 1 << 20
#: The longest the recorder gives way at a stretch; then it judges for JUDGE_SLICE (a steady
#: stream is recorded as it goes, a short flood after it).
MAX_DEFER = 0.1
JUDGE_SLICE = 0.02
#: The recorder's bounds (see Recorder): entries between two flushes, entries held, items queued.
FLUSH_EVERY = 2048
HOLD = 4096
QUEUE_LIMIT = 64
_YIELD = 0.005  # how long the recorder sleeps while the forwarding is busy (waking costs the forwarding the GIL)


@dataclass
class ProxyOptions:
    argv: Sequence[str]
    record: Path | None = None  # None: the user's data folder (default_record_path)
    name: str | None = None  # the server's name in the recording (default: the program's)
    max_line: int = DEFAULT_MAX_LINE
    grace: float = 2.0  # shutdown: after closing the server's stdin, before SIGTERM
    force_grace: float = 2.0  # after SIGTERM, before SIGKILL
    queue_limit: int = QUEUE_LIMIT  # items the recorder lets queue before it spills (see Recorder)


def server_name(options: ProxyOptions) -> str:
    """``--name``, else what the command launches (``npx -y @scope/x`` → ``x``: session.launched)."""
    if options.name:
        return options.name
    return launched_name(options.argv) or "server"


def default_record_path(name: str, now: float | None = None, env: dict[str, str] | None = None) -> Path:
    """XDG_DATA_HOME/mcp-session-inspector/proxied/NAME-YYYYmmdd-HHMMSS-PID.jsonl (a new file each
    time); the folder is made 0700 (OSError when it cannot be: the caller says why)."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
    safe = re.sub(r"[^A-Za-z0-9._-]+", "_", name).strip("._")[:60] or "server"
    return prepared_folder(env) / f"{safe}-{stamp}-{os.getpid()}.jsonl"


def keep_proxied_folder(say: Callable[[str], None] | None) -> None:
    """A proxy starts: the proxied folder is kept to the user's cap (session.proxied_folder);
    what goes wrong there is said, never in the way of the session."""
    try:
        kept = keep_folder(said=(lambda text: say(f"mcp-session-inspector proxy: {text}")) if say else None)
    except OSError as exc:
        problems = [str(exc)]
    else:
        problems = kept.problems
    if say is not None:
        for problem in problems:
            say(f"mcp-session-inspector proxy: could not keep the proxied folder to its cap: {problem}")


def proxied_spec(argv: Sequence[str]) -> StdioSpec:
    """The server's stdio spec; an argument that holds a secret (``--api-key sk-...``, a token of a
    known shape) is masked wherever the command is shown or recorded, never in what is run."""
    args = list(argv)
    shown = [MASK if secret_argument(args, n) is not None else arg for n, arg in enumerate(args)]
    return StdioSpec(args, shown_argv=shown if shown != args else None)


def proxy_header(spec: StdioSpec, config: ClientConfig, name: str) -> JsonObject:
    """A proxied recording's header: the stdio spec, the observing engine, and ``proxied``."""
    return {
        **spec.describe(),
        **engine_header(config),
        "server_name": name,
        "proxied": {"command": spec.shown(), "name": name},
    }


# ---------------------------------------------------------------- behind the forwarding


@dataclass(frozen=True, slots=True)
class HostRead:
    """What the proxy read from the host, as it is queued for the recorder (also what a spill holds)."""

    t: float
    data: bytes  # b"": the host closed the proxy's stdin


@dataclass(frozen=True, slots=True)
class _Signalled:
    t: float
    number: int  # the signal the proxy passed on
    detail: str


@dataclass(frozen=True, slots=True)
class _SpawnFailed:
    t: float
    detail: str  # why the server could not be started


_Item = HostRead | _Signalled | _SpawnFailed | TransportEvent


class Recorder(threading.Thread):
    """Judges and records, in its own thread, what the forwarding handed over (in order).

    Memory stays bounded however long the proxy runs: the recording is told about new entries
    (its writer writes them out) at least every ``FLUSH_EVERY`` entries, and once it holds more
    than ``HOLD`` the written ones are released (the engine keeps its own state); a queue longer
    than ``QUEUE_LIMIT`` items is moved to a :class:`.Spill` beside the recording and read back
    in order (``spill_dir``; without one, or when the spill cannot be made or written - a full
    disk -, it stays in memory: nothing is dropped)."""

    def __init__(
        self,
        rec: Recording,
        engine: ProtocolEngine,
        max_line: int = DEFAULT_MAX_LINE,
        *,
        writer: RecordingWriter | None = None,
        spill_dir: Path | None = None,
        queue_limit: int = QUEUE_LIMIT,
    ) -> None:
        super().__init__(name="proxy recorder", daemon=True)
        self.rec = rec
        self.engine = engine
        self.max_line = max_line
        self.writer = writer
        self.spill_dir = spill_dir
        self.queue_limit = queue_limit
        self.spill: Spill | None = None
        self._kept: deque[_Item | None] = deque()  # moved off the queue, when the spill could not take them
        self.queue: SimpleQueue[_Item | None] = SimpleQueue()
        self.put = self.queue.put
        #: the most items the queue held when the recorder looked, and the most entries the
        #: recording held after a release (what the memory test and benchmark read)
        self.most_queued = 0
        self.most_held = 0
        self._flushed = 0  # len(rec) at the last flush
        #: the longest it gives way at a stretch (MAX_DEFER; infinite: only when the forwarding is
        #: idle, for a recording no one follows live, as an HTTP proxy's earlier session's)
        self.max_defer = MAX_DEFER
        self._host_lines = LineSplitter(max_line)
        self._server_lines = LineSplitter(max_line)  # the server's stdout reads (UNFRAMED), cut here
        self._server_t = 0.0  # the time of the last of them
        self._host_t = 0.0
        #: time.monotonic() until which the forwarding is busy (a read a moment ago): judging waits
        self.busy_until = 0.0
        self.returncode: int | None = None
        self.signal: int | None = None
        self.failure: BaseException | None = None
        self._last_t = 0.0  # the time of the last item recorded (where a gap is said)

    def run(self) -> None:
        q = self.queue
        rec = self.rec
        judge_until = 0.0  # until then the recorder judges without giving way (see MAX_DEFER)
        try:
            while True:
                self._bound_queue()
                spill, kept = self.spill, self._kept
                if spill is not None and spill.waiting:
                    try:
                        item = cast("_Item | None", spill.take())  # what the spill gives back is what was queued
                    except OSError as exc:
                        self._spill_lost(exc)
                        continue
                else:
                    item = kept.popleft() if kept else q.get()
                if item is None:
                    break
                now = time.monotonic()
                if now >= judge_until:
                    # a flood: forwarding first, judging after; but a steady stream (a message every
                    # few ms) would keep it busy for ever: after MAX_DEFER of giving way, judge for
                    # JUDGE_SLICE, so the recording (and the Watch list's live view) keeps up
                    while time.monotonic() < self.busy_until:
                        if time.monotonic() - now >= self.max_defer:
                            judge_until = time.monotonic() + JUDGE_SLICE
                            break
                        time.sleep(_YIELD)
                        self._bound_queue()
                self._take(item)
                self._last_t = item.t
                if len(rec) - self._flushed >= FLUSH_EVERY or (
                    q.empty() and not kept and not (spill and spill.waiting)
                ):
                    self._flush()
        except BaseException as exc:  # noqa: BLE001 - kept and reported by the proxy; forwarding goes on
            self.failure = exc
        finally:
            if self.spill is not None:
                self.spill.close()
            self.rec.notify()

    def _spill_lost(self, exc: OSError) -> None:
        """The spill cannot be read back: what it held is missing from the recording (the host and
        the server got it: forwarding never depends on the recorder). Said in the recording where
        the gap is, with how many items; recording goes on without a spill (the queue keeps what
        comes, in memory)."""
        spill = self.spill
        assert spill is not None
        lost = spill.waiting
        spill.close()
        self.spill = None
        self.spill_dir = None
        text = (
            f"the recorder could not read back {lost:,} items it had set aside on disk ({exc}): "
            "what they held is missing from this recording here (the host and the server got it)"
        )
        extra: JsonObject = {"event": "recording_gap", "lost_items": lost}
        self.rec.append(Direction.NOTE, self._last_t, text.encode(), self.engine.note(Kind.LINK_NOTE), extra)

    def _flush(self) -> None:
        """The writer gets the new entries; once the recording holds more than HOLD, it lets go
        of those written out."""
        rec = self.rec
        rec.notify()
        self._flushed = len(rec)
        writer = self.writer
        if writer is not None and len(rec) - rec.released > HOLD:
            rec.release(writer.written)
        self.most_held = max(self.most_held, len(rec) - rec.released)

    def _bound_queue(self) -> None:
        """More than QUEUE_LIMIT items queued: move them all to the spill (read back first)."""
        q = self.queue
        size = q.qsize()
        if size > self.most_queued:
            self.most_queued = size
        if size <= self.queue_limit or self.spill_dir is None:
            return
        if self.spill is None:
            try:
                self.spill = Spill(self.spill_dir)
            except OSError:
                self.spill_dir = None  # no spill: the queue keeps it (nothing is dropped)
                return
        items: list[_Item | None] = []
        with contextlib.suppress(Empty):
            while True:
                items.append(q.get_nowait())
        try:
            self.spill.put_all(items)
        except OSError:
            # the disk is full: none of them went to the spill; they are read after what it holds
            # and before the queue (the order kept), and the queue is no longer spilled
            self._kept.extend(items)
            self.spill_dir = None

    def _take(self, item: _Item) -> None:
        rec, eng = self.rec, self.engine
        if type(item) is Frames:
            items, cut = item.items, dict(item.cut)
            if item.channel == UNFRAMED:  # a read as it came: framed here, behind the forwarding
                self._server_t = item.t
                items = self._server_lines.feed(items[0])
                cut = dict(self._server_lines.truncated)
            for i, raw in enumerate(items):
                dropped = cut.get(i)
                if dropped is None:
                    rec.append(Direction.S2C, item.t, raw, self._judged(eng.incoming, raw, item.t, len(rec)))
                else:
                    a = eng.oversized(raw, dropped, self.max_line)
                    rec.append(Direction.S2C, item.t, raw, a, {"dropped": dropped})
        elif type(item) is HostRead:
            self._host(item)
        elif type(item) is SideLine:
            if item.dropped:
                a = eng.oversized(item.data, item.dropped, self.max_line, Kind.STDERR)
                rec.append(Direction.STDERR, item.t, item.data, a, {"dropped": item.dropped})
            else:
                rec.append(Direction.STDERR, item.t, item.data, eng.note(Kind.STDERR))
        elif type(item) is ProcessEvent:
            self._process_event(item)
        elif type(item) is _SpawnFailed:
            extra: JsonObject = {"event": ProcessEventKind.SPAWN_FAILED.value}
            rec.append(Direction.EVENT, item.t, item.detail.encode(), eng.spawn_failed(item.detail), extra)
        elif type(item) is _Signalled:
            extra = {"event": "signal", "signal": item.number}
            rec.append(Direction.EVENT, item.t, item.detail.encode(), eng.note(), extra)

    def _host(self, item: HostRead) -> None:
        splitter = self._host_lines
        if item.data:
            self._host_t = item.t
            lines = splitter.feed(item.data)
            cut = dict(splitter.truncated) if splitter.truncated else {}
            for i, raw in enumerate(lines):
                self._host_line(item.t, raw, cut.get(i, 0))
        else:  # the host closed its end: a last line without its newline is a message too
            rest = splitter.flush()
            if rest is not None:
                self._host_line(self._host_t, rest, splitter.truncated[0][1] if splitter.truncated else 0)

    def _host_line(self, t: float, raw: bytes, dropped: int) -> None:
        rec = self.rec
        if dropped:
            a = self.engine.oversized(raw, dropped, self.max_line)
            rec.append(Direction.C2S, t, raw, a, {"dropped": dropped})
        else:
            rec.append(Direction.C2S, t, raw, self._judged(self.engine.observe, raw, t, len(rec)))

    def _judged(self, judge: Callable[[bytes, float, int], Analysis], raw: bytes, t: float, seq: int) -> Analysis:
        try:
            return judge(raw, t, seq)
        except Exception as exc:  # the fault is data: the line is recorded with what went wrong
            return self.engine.failed_analysis(raw, exc)

    def _process_event(self, ev: ProcessEvent) -> None:
        if ev.kind is ProcessEventKind.STDOUT_CLOSED:  # a last line without its newline is a message too
            splitter = self._server_lines
            rest = splitter.flush()
            if rest is not None:
                self._take(Frames(self._server_t, [rest], tuple(splitter.truncated)))
        if ev.kind is ProcessEventKind.EXITED:
            self.returncode, self.signal = ev.returncode, ev.signal
        record_process_event(self.rec, self.engine, ev)

    def summary(self, escalation: str | None) -> JsonObject:
        s: JsonObject = {"kind": "summary"}
        s.update(self.engine.summary())
        s["exit_code"] = self.returncode
        s["signal"] = self.signal
        s["shutdown"] = escalation
        s["counts"] = self.rec.counts()
        spill = self.spill
        s["recorder"] = {
            "most_held": self.most_held,
            "most_queued": self.most_queued,
            "spilled": spill.total if spill is not None else 0,
            "most_spill_bytes": spill.most_bytes if spill is not None else 0,
            "max_rss_kib": _max_rss_kib(),
        }
        return s


def _max_rss_kib() -> int:
    """The proxy's peak resident memory so far (KiB), as the system counts it."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak // 1024 if sys.platform == "darwin" else peak  # bytes on macOS, KiB elsewhere


# ---------------------------------------------------------------- the forwarding


def _exit_status(returncode: int | None, number: int | None) -> int:
    if number is not None:
        return 128 + number
    return returncode if returncode is not None else 1


async def run_proxy(
    options: ProxyOptions,
    *,
    fds: tuple[int, int, int] = (0, 1, 2),
    clock: Callable[[], float] = time.monotonic,
    say: Callable[[str], None] | None = None,
) -> int:
    """Run the proxy until the server has exited and the recording is complete; the exit status."""
    name = server_name(options)
    spec = proxied_spec(options.argv)
    config = ClientConfig(observer=True)
    engine = ProtocolEngine(config, transport=TransportKind.STDIO)
    rec = Recording(proxy_header(spec, config, name), t0=clock())
    keep_proxied_folder(say)
    path = options.record or default_record_path(name)
    writer = RecordingWriter(path, rec, mode=0o600)  # OSError: the caller says why (nothing started yet)
    rec.add_listener(writer.on_batch)
    if options.record is None and say is not None:
        say(f"mcp-session-inspector proxy: recording to {path}")
    recorder = Recorder(
        rec, engine, options.max_line, writer=writer, spill_dir=path.parent, queue_limit=options.queue_limit
    )
    # The recorder thread holds the GIL while it judges; a forwarding task that wakes on a pipe
    # must get it back at once, not after the default 5 ms (a flood would wait that long per read).
    switch = sys.getswitchinterval()
    sys.setswitchinterval(SWITCH_INTERVAL)
    recorder.start()
    host_in, host_out, host_err = HostPipe(fds[0]), HostPipe(fds[1], pipe_size=PIPE_SIZE), HostPipe(fds[2])
    outputs = {"stdout": host_out, "stderr": host_err}
    gone: set[str] = set()  # the host's ends that are closed
    host_left = anyio.Event()  # the host closed stdin or stdout: shut the server down

    async def relay(stream: str, data: bytes) -> None:
        recorder.busy_until = time.monotonic() + BUSY_WINDOW
        if stream in gone:
            return
        try:
            await outputs[stream].write(data)
        except (HostGone, OSError):
            gone.add(stream)
            if stream == "stdout":
                host_left.set()

    transport = StdioTransport(
        spec, clock=clock, max_line=options.max_line, relay=relay, frame_stdout=False, pipe_size=PIPE_SIZE
    )
    announced = try_announce(name, spec.shown(), path)  # the Watch list's: withdrawn once the recording is complete
    status = EXIT_SPAWN_FAILED
    escalation: str | None = None
    late: deque[_Item] = deque()  # handed over once the server had exited (see in_order)
    try:
        try:
            await transport.__aenter__()
        except SpawnError as exc:
            text = str(exc)
            recorder.put(_SpawnFailed(clock(), text))  # recorded by the recorder, the one that appends
            if say is not None:
                say(f"mcp-session-inspector proxy: {text}")
            return EXIT_SPAWN_FAILED
        stream = transport.events()
        consumed = False  # the event stream has ended: what happens after goes to the recorder

        def in_order(item: _Item) -> None:
            """The host's reads and the passed-on signals join the transport's event stream, which
            hands everything over by time (the server's reads with them), so the recording keeps
            the order things happened in. Once the server has exited the stream may be closed to
            new items while it still hands over what was read before: such an item waits in
            ``late`` and is handed over by time among the stream's last events (or after them);
            once the stream has ended, straight to the recorder."""
            if consumed or not isinstance(stream, LaneQueue):
                recorder.put(item)
            elif transport.exit_info is None:
                stream.put_nowait(cast(TransportEvent, item))
            else:
                late.append(item)

        try:
            with _signals_passed_on(transport, in_order, clock):
                async with anyio.create_task_group() as tg:
                    tg.start_soon(_from_host, host_in, transport, recorder, in_order, clock, host_left)
                    tg.start_soon(_shutdown_when, host_left, transport, options)
                    async for ev in stream:
                        while late and late[0].t <= ev.t:
                            recorder.put(late.popleft())
                        recorder.put(ev)
                    while late:
                        recorder.put(late.popleft())
                    consumed = True
                    tg.cancel_scope.cancel()
        finally:
            await transport.__aexit__(None, None, None)
        info = transport.exit_info
        if info is not None:
            escalation = info.escalation
            status = _exit_status(info.returncode, info.signal)
        else:
            status = 128 + signal.SIGKILL
        return status
    finally:
        for pipe in (host_in, host_out, host_err):
            pipe.close()
        while late:  # the stream ended early (a failure): still recorded
            recorder.put(late.popleft())
        recorder.put(None)
        await anyio.to_thread.run_sync(recorder.join)
        try:
            writer.close(recorder.summary(escalation))
        except OSError as exc:  # a full disk, a file size limit: the host still gets the server's exit
            if say is not None:
                say(f"mcp-session-inspector proxy: the recording {path} is incomplete: {exc.strerror or exc}")
        finally:
            if announced is not None:
                withdraw(announced)
            sys.setswitchinterval(switch)
        if recorder.failure is not None and say is not None:
            say(f"mcp-session-inspector proxy: the recording stopped early: {recorder.failure!r}")


async def _from_host(
    host_in: HostPipe,
    transport: StdioTransport,
    recorder: Recorder,
    record: Callable[[_Item], None],
    clock: Callable[[], float],
    left: anyio.Event,
) -> None:
    """The host's stdin to the server's, read by read; its end starts the shutdown. Each read is
    handed to ``record`` before it is sent on (a quick server's answer is read by the time the
    send returns: the request is recorded first)."""
    while True:
        try:
            data = await host_in.read()
        except OSError:
            data = b""
        t = clock()
        recorder.busy_until = time.monotonic() + BUSY_WINDOW
        if not data:
            record(HostRead(t, b""))
            left.set()
            return
        record(HostRead(t, data))
        try:
            await transport.send(data)
        except Exception:  # the server's stdin is closed: what the host wrote is still recorded
            pass


async def _shutdown_when(left: anyio.Event, transport: StdioTransport, options: ProxyOptions) -> None:
    await left.wait()
    await transport.shutdown(options.grace, options.force_grace)


@contextlib.contextmanager
def _signals_passed_on(
    transport: StdioTransport, record: Callable[[_Item], None], clock: Callable[[], float]
) -> Iterator[None]:
    """SIGINT, SIGTERM, SIGHUP to the proxy go to the server's process group, as they came.

    Plain handlers, not anyio's signal receiver: a receiver gives the signals back to their
    default handlers when it closes, and a late SIGTERM (hosts send one after closing stdin)
    then killed the proxy before its recording was complete. These stay for the whole run and
    are then replaced by "ignore": the proxy is finishing its recording. (Only the main thread
    can set handlers; elsewhere, as in tests that run the proxy in a thread, nothing is passed on.)"""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    loop = asyncio.get_running_loop()

    def recorded(number: int, detail: str) -> None:
        record(_Signalled(clock(), number, detail))

    def handler(number: int, _frame: object) -> None:
        pgid = transport.pgid
        if pgid is None:
            return
        try:
            os.killpg(pgid, number)
            detail = f"the proxy received {signal_name(number)}: passed on to process group {pgid}"
        except OSError as exc:
            detail = f"the proxy received {signal_name(number)}: could not pass it on ({exc.strerror})"
        # recorded from the event loop, at its next turn: what the pipes' readers had read by then
        # (the line the host already has) is in the event stream before it, as it happened
        loop.call_soon_threadsafe(recorded, number, detail)

    for number in PROXY_SIGNALS:
        signal.signal(number, handler)
    try:
        yield
    finally:
        for number in PROXY_SIGNALS:
            signal.signal(number, signal.SIG_IGN)


def say_on_stderr(text: str) -> None:
    try:
        sys.stderr.write(text + "\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass
