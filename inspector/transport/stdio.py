"""The stdio transport: an MCP server as a child process, its pipes as timestamped events."""

from __future__ import annotations

import array
import errno
import fcntl
import math
import os
import shlex
import signal
import termios
import time
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from contextlib import AsyncExitStack
from subprocess import PIPE
from typing import Generic, Self, TypeVar

import anyio
from anyio.abc import ByteReceiveStream, Process

from inspector.protocol.framing import DEFAULT_MAX_LINE, LineSplitter
from inspector.protocol.jsontypes import JsonObject

from .base import (
    ExitInfo,
    Frames,
    LinkOptions,
    Needs,
    PipeMessages,
    ProcessEvent,
    ProcessEventKind,
    SideLine,
    SpawnError,
    StdioSpec,
    StepHook,
    TransportChoice,
    TransportClosed,
    TransportEvent,
    TransportKind,
    TransportSpec,
    Where,
    describe_exit,
    register_transport,
    signal_name,
    spawn_error,
)

__all__ = ["UNFRAMED", "StdioTransport"]

Clock = Callable[[], float]
T = TypeVar("T")

#: The channel of a ``Frames`` whose one item is a read of stdout as it came, not a line: what a
#: transport made with ``frame_stdout=False`` delivers (its consumer frames it).
UNFRAMED = "stdout unframed"
#: How many events may wait for the consumer before the pipe readers stop reading.
EVENT_BUFFER = 256
#: After SIGKILL, how long shutdown waits before giving up on a process stuck in the kernel.
_KILL_WAIT = 5.0
#: How often what is left of the server's process group is looked at while it is being ended.
_GROUP_POLL = 0.02
#: After the server and its process group are gone, what a pipe can still hold of their output:
#: the pipe's buffer (at most /proc/sys/fs/pipe-max-size, 1 MiB, unless an administrator raised
#: it) and the event loop's read buffer. A reader that takes in more than this after the drain
#: began is reading a process outside the group that is still writing, not leftovers.
_LEFTOVER_MAX = 4 << 20


def group_members(pgid: int) -> tuple[bool, list[int]]:
    """Whether anything of process group ``pgid`` is alive, and the pids found.

    ``os.killpg(pgid, 0)`` succeeding means a member exists; where ``/proc`` can be read the
    members are listed and zombies (dead, waiting to be reaped by whoever adopted them) do not
    count. Without ``/proc`` a zombie counts as alive and the pid list is empty.
    """
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False, []
    except PermissionError:
        pass  # a member runs as another user (setuid): it exists
    try:
        entries = os.listdir("/proc")
    except OSError:
        return True, []
    pids: list[int] = []
    for name in entries:
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as f:
                stat = f.read()
        except OSError:
            continue  # gone meanwhile
        fields = stat.rpartition(b")")[2].split()  # after "pid (comm)": state ppid pgrp ...
        if len(fields) > 2 and fields[0] != b"Z" and int(fields[2]) == pgid:
            pids.append(int(name))
    return bool(pids), sorted(pids)


def _processes(pids: list[int]) -> str:
    """ "1 process (pid 12)" / "3 processes (pids 12, 13, 14)" / "processes" (pids unknown)."""
    if not pids:
        return "processes"
    if len(pids) == 1:
        return f"1 process (pid {pids[0]})"
    return f"{len(pids)} processes (pids {', '.join(map(str, pids))})"


class _Changes:
    """What a queue's producers and its one consumer wait on: any change (an item in or out,
    the close). May be created outside an event loop."""

    def __init__(self) -> None:
        self._closed = False
        self._changed: anyio.Event | None = None

    def _notify(self) -> None:
        if self._changed is not None:
            self._changed.set()
            self._changed = None

    async def _wait_for_change(self) -> None:
        if self._changed is None:
            self._changed = anyio.Event()
        await self._changed.wait()

    def close(self) -> None:
        """No more items; iteration ends once the queued ones are consumed."""
        if not self._closed:
            self._closed = True
            self._notify()

    def __aiter__(self) -> Self:
        return self


class EventQueue(_Changes, Generic[T]):
    """An ordered queue for one consumer, iterated with ``async for``.

    :meth:`put` waits while ``capacity`` items are queued, so a slow consumer holds back the
    producer (for output: the pipe) instead of growing memory. :meth:`put_nowait` never waits:
    process events must get through whether or not anyone is reading, and there are only a
    handful of them. May be created outside an event loop.
    """

    def __init__(self, capacity: float = math.inf) -> None:
        super().__init__()
        self._items: deque[T] = deque()
        self._capacity = capacity
        self._waiting: list[T] = []  # what producers hold while they wait for room

    async def put(self, item: T) -> None:
        if len(self._items) >= self._capacity and not self._closed:
            self._waiting.append(item)
            try:
                while len(self._items) >= self._capacity and not self._closed:
                    await self._wait_for_change()
            finally:
                self._waiting.remove(item)
        self.put_nowait(item)

    def put_nowait(self, item: T) -> None:
        """Append regardless of capacity; ignored once the queue is closed."""
        if self._closed:
            return
        self._items.append(item)
        self._notify()

    def left(self) -> list[T]:
        """The items nobody has taken yet (a snapshot)."""
        return list(self._items)

    def undelivered_since(self) -> float | None:
        """The time (``t``) of the oldest event not handed to the consumer yet, queued or held by
        a producer waiting for room; None when there is none (or the items carry no time)."""
        times = [t for item in (*self._items, *self._waiting) if (t := getattr(item, "t", None)) is not None]
        return min(times) if times else None

    async def __anext__(self) -> T:
        while not self._items:
            if self._closed:
                raise StopAsyncIteration
            await self._wait_for_change()
        item = self._items.popleft()
        self._notify()
        return item


class LaneQueue(_Changes):
    """The stdio transport's event stream: a bounded lane per pipe and an unbounded one for
    process events, handed to the one consumer in read-time order; iterated with ``async for``.

    ``Frames`` go into the stdout lane, ``SideLine`` into the stderr lane, ``ProcessEvent`` into
    the events lane. A pipe's reader waits only for room in its own lane (``capacity`` events):
    a consumer behind on one pipe holds back that pipe, never the other, so a stderr flood
    cannot keep stdout's answer out of the queue (one queue for both let the stderr reader take
    every slot the consumer freed). The consumer always gets the oldest event (its ``t``, the
    read time; equal times in the order they were put), and an event a reader holds while it
    waits for room counts as queued: nothing read after it is handed out before it. So the
    consumer sees the pipes merged by read time, and an answer waits behind at most what the
    other pipe's lane held when it was read. May be created outside an event loop.
    """

    def __init__(self, capacity: float = math.inf) -> None:
        super().__init__()
        # each entry (t, how many were put before it, the event): entries compare by time, then order
        self._stdout: deque[tuple[float, int, TransportEvent]] = deque()  # Frames
        self._stderr: deque[tuple[float, int, TransportEvent]] = deque()  # SideLine
        self._events: deque[tuple[float, int, TransportEvent]] = deque()  # ProcessEvent
        self._lanes = (self._stdout, self._stderr, self._events)
        self._capacity = capacity
        self._held: dict[int, float] = {}  # id of a lane -> t of what its reader waits to put
        self._n = 0  # how many were put: the order of events read at the same time

    def _lane(self, item: TransportEvent) -> deque[tuple[float, int, TransportEvent]]:
        kind = type(item)
        return self._stdout if kind is Frames else self._stderr if kind is SideLine else self._events

    async def put(self, item: TransportEvent) -> None:
        """Queue a pipe's event, waiting while its lane is full (the reader stops reading)."""
        await self.put_run([item], 0)

    def put_nowait(self, item: TransportEvent) -> None:
        """Queue regardless of capacity; ignored once the queue is closed."""
        if self._closed:
            return
        self._lane(item).append((item.t, self._n, item))
        self._n += 1
        self._notify()

    def left(self) -> list[TransportEvent]:
        """The events nobody has taken yet (a snapshot)."""
        return [entry[2] for lane in self._lanes for entry in lane]

    def undelivered_since(self) -> float | None:
        """The read time of the oldest event not handed to the consumer yet, queued or held by a
        reader waiting for room; None when there is none."""
        times = [lane[0][0] for lane in self._lanes if lane]
        times.extend(self._held.values())
        return min(times) if times else None

    def side_lines_nowait(self, t: float, channel: str, limit: int) -> list[bytes]:
        """The bytes of the side lines queued next, at most ``limit`` of them, when they are
        what :meth:`__anext__` would hand out next, one after the other: whole lines (none cut
        short) of ``channel`` read at ``t`` (one read's lines), with nothing older in another
        lane or held by a reader. Taken out of the queue; the consumer records them as a batch
        (a stderr flood costs a batch per read, not an event per line)."""
        lane = self._stderr
        if not lane or (self._held and min(self._held.values()) < t):
            return []
        heads = [other[0] for other in (self._stdout, self._events) if other]
        first_other = min(heads) if heads else None  # (t, n, event): n is unique, events are never compared
        out: list[bytes] = []
        while lane and len(out) < limit:
            head = lane[0]
            ev = head[2]
            if type(ev) is not SideLine or ev.t != t or ev.channel != channel or ev.dropped:
                break
            if first_other is not None and first_other < head:
                break
            lane.popleft()
            out.append(ev.data)
        if out:
            self._notify()
        return out

    async def put_run(self, items: list[TransportEvent], start: int) -> int:
        """Queue ``items[start:]`` (one pipe's events, in order) as far as their lane has room,
        waiting while the lane is full (the reader stops reading); how many were taken (all
        that were left when the queue closed while it waited: they are ignored). One wake-up
        for the consumer per call, not one per line."""
        lane = self._lane(items[start])
        if len(lane) >= self._capacity and not self._closed:
            self._held[id(lane)] = items[start].t  # what the reader holds counts as queued
            try:
                while len(lane) >= self._capacity and not self._closed:
                    await self._wait_for_change()
            finally:
                del self._held[id(lane)]
            if self._closed:
                return len(items) - start
        if self._capacity == math.inf or self._closed:  # closed: queued all the same, as it always was
            end = len(items)
        else:  # room for at least one: the wait above made it
            end = min(len(items), start + math.ceil(self._capacity - len(lane)))
        n = self._n
        lane.extend((item.t, n + k, item) for k, item in enumerate(items[start:end]))
        self._n = n + end - start
        self._notify()
        return end - start

    async def __anext__(self) -> TransportEvent:
        while True:
            first = head = None
            for lane in self._lanes:
                if lane and (head is None or lane[0] < head):  # (t, n, event): n is unique, events are never compared
                    first, head = lane, lane[0]
            if first is not None and (not self._held or head[0] <= min(self._held.values())):  # type: ignore[index]
                first.popleft()
                self._notify()
                return head[2]  # type: ignore[index]
            if first is None and self._closed:
                raise StopAsyncIteration
            await self._wait_for_change()  # empty, or a reader holds something older


def _seconds(value: float) -> str:
    return f"{float(value)!r} s"


def _widen_pipe(stream: object, size: int) -> None:
    """Ask for a ``size``-byte buffer on the pipe under a child's output ``stream`` (F_SETPIPE_SZ,
    Linux); anything in the way (another system or anyio backend, more than this user may have)
    leaves the buffer as it is: it is a speed-up, never a condition."""
    if not hasattr(fcntl, "F_SETPIPE_SZ"):
        return
    try:
        # anyio's asyncio backend: its stream wraps an asyncio.StreamReader fed by the pipe's transport
        transport = getattr(getattr(stream, "_stream"), "_transport")  # noqa: B009
        fcntl.fcntl(transport.get_extra_info("pipe").fileno(), fcntl.F_SETPIPE_SZ, size)
    except Exception:  # noqa: BLE001, S110 - see above
        pass


def _spawn_error(argv: Sequence[str], cwd: str | None, exc: Exception) -> SpawnError:
    """A sentence a person can act on (with its reason code), from what ``open_process`` raised."""
    name = argv[0]
    if not isinstance(exc, OSError):
        return spawn_error("other", program=name, detail=str(exc))
    filename = exc.filename
    if cwd is not None and filename is not None and os.fsdecode(filename) == cwd:
        if isinstance(exc, FileNotFoundError):
            return spawn_error("cwd-missing", program=name, cwd=cwd)
        if isinstance(exc, NotADirectoryError):
            return spawn_error("cwd-not-directory", program=name, cwd=cwd)
        if isinstance(exc, PermissionError):
            return spawn_error("cwd-denied", program=name, cwd=cwd)
        return spawn_error("cwd-unusable", program=name, cwd=cwd, detail=exc.strerror or str(exc))
    on_path = os.sep not in name and not (os.altsep and os.altsep in name)
    if isinstance(exc, FileNotFoundError):
        return spawn_error("not-found-on-path" if on_path else "not-found", program=name)
    if isinstance(exc, PermissionError):
        if not on_path and os.path.isdir(os.path.join(cwd or "", name)):
            return spawn_error("is-directory", program=name)
        return spawn_error("permission-denied", program=name)
    if isinstance(exc, NotADirectoryError):
        return spawn_error("path-not-directory", program=name)
    if exc.errno == errno.ENOEXEC:
        return spawn_error("not-executable", program=name)
    return spawn_error("other", program=name, detail=(exc.strerror or str(exc)).lower())


class StdioTransport(PipeMessages):
    """Runs an MCP server as a child process and reports everything its pipes and exit do.

    ``async with StdioTransport(spec) as t`` spawns the server (or raises
    :class:`SpawnError`); ``t.events()`` then yields, in order, SPAWNED, the stdout lines
    (as ``Frames``) and stderr lines (``SideLine``), STDOUT_CLOSED/STDERR_CLOSED, any shutdown
    steps, and last EXITED. Leaving the block runs :meth:`shutdown` if it has not run yet.
    """

    kind = TransportKind.STDIO

    def __init__(
        self,
        spec: StdioSpec,
        *,
        clock: Clock = time.monotonic,
        read_size: int = 65536,
        drain_grace: float = 1.0,
        max_line: int = DEFAULT_MAX_LINE,
        group_grace: float = 1.0,
        relay: Callable[[str, bytes], Awaitable[None]] | None = None,
        frame_stdout: bool = True,
        pipe_size: int | None = None,
    ) -> None:
        """``drain_grace``: once the process has exited and what was left of its process group
        is gone (or shutdown gave up on it), how long the readers keep waiting on pipes that
        something else (a process outside the group) still holds open before EXITED is emitted
        anyway. Until then they read to end-of-file, however long the output.
        ``group_grace``: when the server exits by itself and members of its process group
        survive it, how long they get between SIGTERM and SIGKILL (a shutdown uses its own
        ``force_grace``).
        ``relay`` (the proxy): called with ``"stdout"`` or ``"stderr"`` and each read's bytes,
        exactly as read, before anything else happens to them (framing, events).
        ``frame_stdout=False`` (the proxy): stdout is not cut into lines here; each read becomes one
        ``Frames`` whose one item is the read as it came, on channel :data:`UNFRAMED`, and the consumer
        frames it (the proxy's recorder, in its own thread, after a flood: cutting 200k lines into
        objects between two reads cost the forwarding as much as the reads). ``cut`` is then always
        empty and no partial line is flushed at the end: the consumer's own splitter has it.
        ``pipe_size`` (the proxy): ask the kernel for a stdout pipe this large (Linux; at most
        /proc/sys/fs/pipe-max-size, 1 MiB by default, for an unprivileged user). With the default
        64 KiB a flooding server blocks on the full pipe every 64 KiB until the reader wakes; the
        proxy, one hop more than a host reading the server itself, then got a flood about 1.5x as
        late, and with 1 MiB as soon (benchmarks/proxy_flood_spread.py)."""
        if read_size < 1:
            raise ValueError("read_size must be positive")
        self._spec = spec
        self._relay = relay
        self._frame_stdout = frame_stdout
        self._clock = clock
        self._read_size = read_size
        self._max_line = max_line
        self._pipe_size = pipe_size
        self._drain_grace = drain_grace
        self._group_grace = group_grace
        self._group_sigterm_at: float | None = None  # anyio time SIGTERM went to the group
        self._group_signalled = False  # a shutdown signal went to the group
        self._group_sigkilled = False  # the shutdown's SIGKILL went to the group
        self._group_gone = False  # nothing of the group was left when last looked at
        self._process: Process | None = None
        self._stack: AsyncExitStack | None = None
        self._queue: LaneQueue | None = None
        self._stdin_closed = False
        self._step = "none"  # the shutdown step in progress, recorded into ExitInfo at exit
        self._exit_info: ExitInfo | None = None
        # anyio time the bounded wait on the pipes began: the process and its group are gone,
        # or shutdown gave up on them (None: the readers read to end-of-file)
        self._drain_from: float | None = None
        self._read_scopes: set[anyio.CancelScope] = set()
        #: what the server wrote that was never handed to the consumer (see ``unread``)
        self._unread: list[JsonObject] = []
        self._lost_in_delivery = {"stdout": 0, "stderr": 0}  # a reader cancelled with lines in hand
        self._exit_delivered = False
        self._closed = False

    # -- properties ---------------------------------------------------------------------------

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None

    @property
    def returncode(self) -> int | None:
        """Like ``Popen.returncode``: None while running, ``-N`` when killed by signal N."""
        return self._process.returncode if self._process is not None else None

    @property
    def pgid(self) -> int | None:
        """The server's process group (and session): the server leads it, so it is its pid."""
        return self.pid

    @property
    def exit_info(self) -> ExitInfo | None:
        """Set once the process has exited: its status and the shutdown step that ended it."""
        return self._exit_info

    def unread_by_peer(self) -> int | None:
        """How many bytes written to the server's stdin it has not read yet: what the pipe holds
        (FIONREAD, which Linux answers on the write end too). 0 once the server has read all; None
        when that cannot be known (stdin closed, another system, a backend without the pipe)."""
        process = self._process
        if process is None or self._stdin_closed or process.returncode is not None:
            return None
        try:
            pipe = process.stdin._stream.transport  # type: ignore[union-attr]  # anyio's asyncio backend
            if pipe.is_closing():
                return None
            fd = pipe.get_extra_info("pipe").fileno()
            held = array.array("i", [0])
            fcntl.ioctl(fd, termios.FIONREAD, held, True)
        except Exception:  # noqa: BLE001 - anything in the way means "cannot tell"
            return None
        return held[0] if held[0] >= 0 else None

    @property
    def unread(self) -> list[JsonObject]:
        """What the server's pipes carried that never reached the consumer, once the transport
        is closed (empty before): for each stream that lost some, ``{"stream": "stdout" or
        "stderr", "bytes": N, "more": bool, "why": words}`` - ``bytes`` were read and never
        delivered (the consumer stopped taking events), ``more``: reading stopped before the
        end of the stream, so whatever followed is not known. Empty when every byte was
        delivered, the normal case: the readers take everything to end-of-file. A pipe still
        open but silent when the drain grace ran out is not in it (nothing was lost)."""
        if not self._closed or self._queue is None:
            return []
        counts = dict(self._lost_in_delivery)
        for ev in self._queue.left():
            if type(ev) is Frames:
                counts["stdout"] += sum(map(len, ev.items))
            elif type(ev) is SideLine:
                counts["stderr"] += len(ev.data)
        out = []
        for stream in ("stdout", "stderr"):
            whys = [u["why"] for u in self._unread if u["stream"] == stream]
            if not whys and not counts[stream]:
                continue
            why = "; ".join(whys) if whys else "the consumer stopped taking events before the end of the stream"
            out.append({"stream": stream, "bytes": counts[stream], "more": bool(whys), "why": why})
        return out

    # -- lifecycle ----------------------------------------------------------------------------

    async def __aenter__(self) -> StdioTransport:
        if self._process is not None:
            raise RuntimeError("a StdioTransport can only be started once")
        argv = [os.fspath(arg) for arg in self._spec.argv]
        if not argv:
            raise spawn_error("empty-command")
        if self._spec.inherit_env:
            env = {**os.environ, **self._spec.env}
        else:
            env = dict(self._spec.env)
        try:
            # Its own session and process group (pgid = pid): the shutdown signals reach
            # everything the server started (a wrapper's child, npx's node) unless it left the
            # group itself, and a terminal's Ctrl-C reaches only the inspector.
            process = await anyio.open_process(
                argv,
                stdin=PIPE,
                stdout=PIPE,
                stderr=PIPE,
                env=env,
                cwd=self._spec.cwd,
                start_new_session=True,
            )
        except (OSError, ValueError) as exc:
            raise _spawn_error(argv, self._spec.cwd, exc) from exc
        assert process.stdout is not None and process.stderr is not None

        self._process = process
        self._queue = LaneQueue(EVENT_BUFFER)
        self._exited = anyio.Event()
        self._group_done = anyio.Event()
        self._finished = anyio.Event()
        self._stdout_done = anyio.Event()
        self._stderr_done = anyio.Event()
        self._shutdown_lock = anyio.Lock()
        # The protocol core's framing, bounded: stdout lines are the messages, stderr lines the side channel.
        self._stdout_lines = LineSplitter(self._max_line)
        self._stdout_last_t = 0.0
        self._stderr_lines = LineSplitter(self._max_line)
        self._stderr_last_t = 0.0
        if self._pipe_size is not None:
            _widen_pipe(process.stdout, self._pipe_size)
        self._emit(ProcessEventKind.SPAWNED, shlex.join(self._spec.shown()), pid=process.pid)

        async with AsyncExitStack() as stack:
            await stack.enter_async_context(process)
            task_group = await stack.enter_async_context(anyio.create_task_group())
            task_group.start_soon(
                self._pump,
                process.stdout,
                self._deliver_stdout,
                self._flush_stdout,
                ProcessEventKind.STDOUT_CLOSED,
                self._stdout_done,
                name="stdio stdout reader",
            )
            task_group.start_soon(
                self._pump,
                process.stderr,
                self._deliver_stderr,
                self._flush_stderr,
                ProcessEventKind.STDERR_CLOSED,
                self._stderr_done,
                name="stdio stderr reader",
            )
            task_group.start_soon(self._watch_exit, process, name="stdio exit watcher")
            self._task_group = task_group
            self._stack = stack.pop_all()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        if self._stack is None or self._closed:
            return
        self._closed = True
        try:
            with anyio.CancelScope(shield=True):
                await self.shutdown()
                # Let the readers drain what the process wrote before it died; bounded, because
                # a consumer that stopped reading leaves them waiting on the full queue.
                with anyio.move_on_after(self._drain_grace + 1.0):
                    await self._finished.wait()
        finally:
            self._task_group.cancel_scope.cancel()
            # Before the process context closes: closing it waits for the server, and a server
            # stuck in the kernel (not ended even by SIGKILL) is waited for until the kernel
            # lets it go; whatever else is left of its group is killed first.
            self._kill_group_leftovers()
            try:
                await self._stack.__aexit__(*exc_info)  # type: ignore[arg-type]
            finally:
                self._finish()

    def events(self) -> AsyncIterator[TransportEvent]:
        """The single ordered event stream; it ends after EXITED."""
        if self._queue is None:
            raise RuntimeError("the transport has not been started")
        return self._queue

    async def send(
        self, data: bytes, tag: int | None = None, headers: Mapping[str, str] | None = None, *, settle: bool = False
    ) -> None:
        """Write all of ``data`` to the server's stdin."""
        process = self._require_started()
        if self._stdin_closed:
            raise TransportClosed("the server's stdin is closed")
        if (info := self._exit_info) is not None:
            raise TransportClosed(f"the server has {describe_exit(info.returncode, info.signal)}")
        assert process.stdin is not None
        try:
            await process.stdin.send(data)
        except (anyio.BrokenResourceError, anyio.ClosedResourceError, OSError) as exc:
            raise TransportClosed("the server's stdin is closed (broken pipe)") from exc

    async def shutdown(
        self, grace: float = 2.0, force_grace: float = 2.0, *, before_step: StepHook | None = None
    ) -> ExitInfo:
        """The MCP stdio shutdown: close stdin, wait; SIGTERM, wait; SIGKILL.

        The signals go to the server's whole process group. Once the server has exited, what
        is left of its group gets SIGTERM, up to ``force_grace``, then SIGKILL; this returns
        after that too. Shielded from cancellation so a cancelled caller leaves no live
        process behind; idempotent. Returns how the process ended ("none" if it had exited on
        its own).
        """
        process = self._require_started()
        with anyio.CancelScope(shield=True):
            async with self._shutdown_lock:
                if self._exit_info is None and process.returncode is None:
                    self._group_grace = force_grace
                    await self._escalate(process, grace, force_grace, before_step)
                with anyio.move_on_after(_KILL_WAIT):
                    await self._exited.wait()
                if self._exited.is_set():
                    with anyio.move_on_after(self._group_grace + _KILL_WAIT + 1.0):
                        await self._group_done.wait()
                elif self._drain_from is None:
                    # Not even SIGKILL ended it (stuck in the kernel): the readers get the drain
                    # grace on pipes that stay open, and the event stream ends without EXITED.
                    self._start_drain()
                    self._task_group.start_soon(self._finish_when_drained, name="stdio drain after a failed SIGKILL")
        if self._exit_info is None:  # SIGKILL did not end it: stuck in the kernel
            return ExitInfo(returncode=None, signal=None, escalation=self._step)
        return self._exit_info

    # -- shutdown steps -----------------------------------------------------------------------

    async def _escalate(
        self, process: Process, grace: float, force_grace: float, before_step: StepHook | None = None
    ) -> None:
        async def held(step: str) -> bool:
            """Step mode: wait for the user; False when the server exited meanwhile."""
            if before_step is not None:
                await before_step(step)
            return not self._exited.is_set() and process.returncode is None

        if not await held("stdin"):
            return
        self._step = "stdin"
        await self._close_stdin(process)
        if await self._wait_for_exit(grace) or not await held("sigterm"):
            return
        self._step = "sigterm"
        self._signal(
            process,
            signal.SIGTERM,
            ProcessEventKind.SIGTERM_SENT,
            f"still running {_seconds(grace)} after stdin was closed",
        )
        if await self._wait_for_exit(force_grace) or not await held("sigkill"):
            return
        self._step = "sigkill"
        self._signal(
            process,
            signal.SIGKILL,
            ProcessEventKind.SIGKILL_SENT,
            f"still running {_seconds(force_grace)} after SIGTERM",
        )

    async def _close_stdin(self, process: Process) -> None:
        if self._stdin_closed:
            return
        self._stdin_closed = True
        assert process.stdin is not None
        try:
            await process.stdin.aclose()
        except (anyio.BrokenResourceError, anyio.ClosedResourceError, OSError):
            pass
        self._emit(ProcessEventKind.STDIN_CLOSED, "closed the server's stdin")

    async def _wait_for_exit(self, grace: float) -> bool:
        self._emit(ProcessEventKind.WAITING, f"up to {_seconds(grace)}")
        with anyio.move_on_after(grace):
            await self._exited.wait()
        return self._exited.is_set()

    def _signal(self, process: Process, number: int, kind: ProcessEventKind, detail: str) -> None:
        # os.killpg/os.kill, not Popen.send_signal: the latter polls (waitpid) and can steal the
        # exit status from asyncio's child watcher, which then reports 255.
        if process.returncode is not None:
            return
        pgid = process.pid  # the server leads its own process group
        try:
            os.killpg(pgid, number)
            target = f"process group {pgid}"
        except ProcessLookupError:
            return
        except PermissionError:
            # killpg fails with EPERM only when no member of the group may be signalled, the
            # server included (it runs as another user: sudo, setuid). Say so; nothing was sent.
            self._emit(
                kind,
                f"could not send {signal_name(number)} to process group {pgid}: not permitted (another user's "
                "process?)",
                pid=process.pid,
            )
            return
        self._group_signalled = True
        if number == signal.SIGTERM:
            self._group_sigterm_at = anyio.current_time()
        elif number == signal.SIGKILL:
            self._group_sigkilled = True
        self._emit(kind, f"sent {signal_name(number)} to {target}: {detail}", pid=process.pid)

    async def _end_group(self, pgid: int) -> None:
        """After the server exited: finish off what is left of its process group (SIGTERM,
        wait, SIGKILL) and say what survived. Silent when nothing was left and no shutdown
        signal had gone to the group."""
        try:
            alive, pids = group_members(pgid)
            if not alive:
                self._group_gone = True
                if self._group_signalled:
                    self._emit(
                        ProcessEventKind.GROUP_GONE,
                        f"nothing of process group {pgid} survived",
                        pid=pgid,
                    )
                return
            grace = self._group_grace
            now = anyio.current_time()
            survived = f"{_processes(pids)} of process group {pgid} still running after the server exited"
            term_at = self._group_sigterm_at
            send_term = False
            if self._group_sigkilled:
                term_deadline = now  # SIGKILL already went to the group: again, at once
            elif term_at is not None and now - term_at < grace:
                # Survivors of the shutdown's SIGTERM get the rest of their grace, not a new one.
                term_deadline = term_at + grace
                survived += (
                    f"; they got SIGTERM {_seconds(round(now - term_at, 3))} ago, "
                    f"waiting up to {_seconds(round(term_deadline - now, 3))}"
                )
            else:
                term_deadline = now + grace
                send_term = True
            self._emit(ProcessEventKind.GROUP_SURVIVED, survived, pid=pgid)
            if send_term:
                if not self._kill_group(pgid, signal.SIGTERM):
                    return
                self._group_sigterm_at = now
                self._emit(
                    ProcessEventKind.GROUP_SIGTERM_SENT,
                    f"sent SIGTERM to process group {pgid}; waiting up to {_seconds(grace)}",
                    pid=pgid,
                    signal_number=signal.SIGTERM,
                )
            if await self._wait_group_gone(pgid, term_deadline):
                self._emit(
                    ProcessEventKind.GROUP_GONE,
                    f"nothing of process group {pgid} survived SIGTERM",
                    pid=pgid,
                )
                return
            _, pids = group_members(pgid)
            if not self._kill_group(pgid, signal.SIGKILL):
                return
            self._emit(
                ProcessEventKind.GROUP_SIGKILL_SENT,
                f"sent SIGKILL to process group {pgid}: {_processes(pids)} still running",
                pid=pgid,
                signal_number=signal.SIGKILL,
            )
            if await self._wait_group_gone(pgid, anyio.current_time() + _KILL_WAIT):
                self._emit(
                    ProcessEventKind.GROUP_GONE,
                    f"nothing of process group {pgid} survived SIGKILL",
                    pid=pgid,
                )
            else:
                _, pids = group_members(pgid)
                self._emit(
                    ProcessEventKind.GROUP_SURVIVED,
                    f"{_processes(pids)} of process group {pgid} still running "
                    f"{_seconds(_KILL_WAIT)} after SIGKILL (stuck in the kernel?)",
                    pid=pgid,
                )
        finally:
            self._group_done.set()

    def _kill_group(self, pgid: int, number: int) -> bool:
        """Signal the group; False when nothing of it is left (marked gone) or when no member
        may be signalled (EPERM: killpg succeeds if it reached any member), which is said."""
        try:
            os.killpg(pgid, number)
        except ProcessLookupError:
            self._group_gone = True
            return False
        except PermissionError:
            self._emit(
                ProcessEventKind.GROUP_SURVIVED,
                f"could not send {signal_name(number)} to process group {pgid}: not permitted (another user's "
                "processes?)",
                pid=pgid,
            )
            return False
        return True

    async def _wait_group_gone(self, pgid: int, deadline: float) -> bool:
        while True:
            if not group_members(pgid)[0]:
                self._group_gone = True
                return True
            if anyio.current_time() >= deadline:
                return False
            await anyio.sleep(min(_GROUP_POLL, max(0.0, deadline - anyio.current_time())))

    def abandon(self) -> str | None:
        pgid = self.pgid
        if pgid is None or self._group_gone or not group_members(pgid)[0]:
            return None
        if self._kill_group(pgid, signal.SIGTERM):
            return f"sent SIGTERM to the server's process group {pgid}"
        return None

    def _kill_group_leftovers(self) -> None:
        """Last resort when the transport closes: SIGKILL anything of the group still alive
        (the watcher never got to end it, e.g. the server did not die even of SIGKILL)."""
        pgid = self.pgid
        if pgid is None or self._group_gone:
            return
        if group_members(pgid)[0] and self._kill_group(pgid, signal.SIGKILL):
            self._emit(
                ProcessEventKind.GROUP_SIGKILL_SENT,
                f"sent SIGKILL to process group {pgid}: still running when the transport closed",
                pid=pgid,
                signal_number=signal.SIGKILL,
            )

    # -- background tasks ---------------------------------------------------------------------

    async def _watch_exit(self, process: Process) -> None:
        # process.wait() waits for this pid only; orphaned group members are adopted (and
        # reaped) by init or a subreaper, never by us.
        status = await process.wait()
        returncode, signal_number = (None, -status) if status < 0 else (status, None)
        self._exit_info = ExitInfo(returncode=returncode, signal=signal_number, escalation=self._step)
        self._exited.set()
        # Whatever is left of the group may still be writing to the pipes (a pipeline's last
        # stage, a helper): the readers read on to end-of-file while it is being ended, and
        # only then does the bounded wait for pipes held by anything else begin.
        await self._end_group(process.pid)
        self._start_drain()
        await self._stdout_done.wait()
        await self._stderr_done.wait()
        self._finish()

    async def _finish_when_drained(self) -> None:
        await self._stdout_done.wait()
        await self._stderr_done.wait()
        if self._exit_info is None:
            self._finish()

    def _start_drain(self) -> None:
        """The process and its group are gone (or beyond reach): from now on, waiting on a pipe
        that stays open is bounded by the drain grace."""
        if self._drain_from is not None:
            return
        self._drain_from = anyio.current_time()
        for scope in self._read_scopes:
            scope.deadline = self._drain_from + self._drain_grace

    def _read_deadline(self, consumer_wait: float) -> float:
        if self._drain_from is None:
            return math.inf
        return self._drain_from + self._drain_grace + consumer_wait

    async def _pump(
        self,
        stream: ByteReceiveStream,
        deliver: Callable[[float, bytes], Awaitable[None]],
        flush: Callable[[], None] | None,
        closed: ProcessEventKind,
        done: anyio.Event,
    ) -> None:
        """Read one pipe to end-of-file, however long the output: while the server or anything
        of its process group lives, nothing bounds the reading. Once they are gone (the drain),
        waiting on the pipe (not on the consumer) is bounded by the drain grace, for pipes a
        process outside the group keeps open; one that is still written to after more than a
        pipe's worth was read in the drain is a live writer outside the group, and is read for
        the drain grace at most (what it writes later is reported unread)."""
        detail = "end of stream"
        consumer_wait = 0.0
        drained = 0  # bytes read since the drain began
        stream_name = "stdout" if closed is ProcessEventKind.STDOUT_CLOSED else "stderr"
        try:
            while True:
                scope = anyio.CancelScope(deadline=self._read_deadline(consumer_wait))
                self._read_scopes.add(scope)
                try:
                    with scope:
                        data = await stream.receive(self._read_size)
                except (anyio.EndOfStream, anyio.ClosedResourceError, anyio.BrokenResourceError):
                    break
                except OSError as exc:
                    detail = f"read error: {exc}"
                    break
                finally:
                    self._read_scopes.discard(scope)
                if scope.cancelled_caught:
                    if drained > _LEFTOVER_MAX:  # it was being written to a moment ago
                        detail = self._live_writer(stream_name, drained)
                    else:
                        detail = (
                            f"still open {_seconds(self._drain_grace)} after the server and its process group "
                            "were gone (held by another process); stopped reading"
                        )
                    break
                if self._relay is not None:
                    await self._relay(stream_name, data)
                started = anyio.current_time()
                await deliver(self._clock(), data)
                drain_from = self._drain_from
                if drain_from is not None:
                    now = anyio.current_time()
                    consumer_wait += now - max(started, drain_from)
                    drained += len(data)
                    if drained > _LEFTOVER_MAX and now >= drain_from + self._drain_grace:
                        detail = self._live_writer(stream_name, drained)
                        break
        except anyio.get_cancelled_exc_class():
            detail = "stopped reading: the transport was closed"
            self._unread.append(
                {
                    "stream": stream_name,
                    "bytes": None,
                    "why": "the transport was closed before the stream ended (the consumer had stopped taking events)",
                }
            )
            raise
        finally:
            if flush is not None:
                flush()
            self._emit(closed, detail)
            done.set()

    def _live_writer(self, stream: str, drained: int) -> str:
        """Reading stops on a pipe that a process outside the group keeps writing to after the
        drain began: say so, and count it as unread (what it wrote later is unknown)."""
        assert self._drain_from is not None
        detail = (
            f"still written to {_seconds(round(anyio.current_time() - self._drain_from, 3))} after the server and "
            f"its process group were gone ({drained} bytes since), by a process outside the group; stopped reading"
        )
        self._unread.append({"stream": stream, "bytes": None, "why": detail})
        return detail

    async def _deliver_stdout(self, t: float, data: bytes) -> None:
        assert self._queue is not None
        self._stdout_last_t = t
        if not self._frame_stdout:
            try:
                await self._queue.put(Frames(t, [data], (), UNFRAMED))
            except BaseException:
                self._lost_in_delivery["stdout"] += len(data)
                raise
            return
        splitter = self._stdout_lines
        lines = splitter.feed(data)
        if lines:
            try:
                await self._queue.put(Frames(t, lines, tuple(splitter.truncated)))
            except BaseException:
                self._lost_in_delivery["stdout"] += sum(map(len, lines))
                raise

    def _flush_stdout(self) -> None:
        """The stream ended: a last line without its newline is a message frame too."""
        assert self._queue is not None
        splitter = self._stdout_lines
        rest = splitter.flush()
        if rest is not None:
            self._queue.put_nowait(Frames(self._stdout_last_t, [rest], tuple(splitter.truncated)))

    async def _deliver_stderr(self, t: float, data: bytes) -> None:
        assert self._queue is not None
        self._stderr_last_t = t
        splitter = self._stderr_lines
        lines = splitter.feed(data)
        if not lines:
            return
        cut = dict(splitter.truncated) if splitter.truncated else {}
        events: list[TransportEvent] = [SideLine(t, line, cut.get(i, 0)) for i, line in enumerate(lines)]
        done = 0
        try:
            while done < len(events):  # as much of the read as the lane has room for at a time
                done += await self._queue.put_run(events, done)
        except BaseException:
            self._lost_in_delivery["stderr"] += sum(map(len, lines[done:]))
            raise

    def _flush_stderr(self) -> None:
        assert self._queue is not None
        splitter = self._stderr_lines
        rest = splitter.flush()
        if rest is not None:
            dropped = splitter.truncated[0][1] if splitter.truncated else 0
            self._queue.put_nowait(SideLine(self._stderr_last_t, rest, dropped))

    # -- helpers ------------------------------------------------------------------------------

    def _finish(self) -> None:
        """Deliver EXITED (once the exit is known) and end the event stream; idempotent."""
        assert self._queue is not None
        if self._exit_info is not None and not self._exit_delivered:
            self._exit_delivered = True
            info = self._exit_info
            self._emit(
                ProcessEventKind.EXITED,
                describe_exit(info.returncode, info.signal),
                pid=self.pid,
                returncode=info.returncode,
                signal_number=info.signal,
            )
        self._queue.close()
        self._finished.set()

    def _emit(
        self,
        kind: ProcessEventKind,
        detail: str = "",
        *,
        pid: int | None = None,
        returncode: int | None = None,
        signal_number: int | None = None,
    ) -> None:
        assert self._queue is not None
        event = ProcessEvent(self._clock(), kind, detail, pid, returncode, signal_number)
        self._queue.put_nowait(event)

    def _require_started(self) -> Process:
        if self._process is None:
            raise RuntimeError("the transport has not been started (use 'async with')")
        return self._process


def _open(spec: TransportSpec, options: LinkOptions) -> StdioTransport:
    assert isinstance(spec, StdioSpec)
    return StdioTransport(spec, clock=options.clock, max_line=options.max_line)


def _spec(where: Where) -> StdioSpec:
    return StdioSpec(where.argv, where.env, where.inherit_env, where.cwd, where.shown_argv)


# One module, one registration: the factory and the choice users pick (the first registered:
# the server editor lists it first and the probe takes it for a command after --).
register_transport(
    TransportKind.STDIO,
    _open,
    TransportChoice(TransportKind.STDIO, "stdio: start a command", Needs.COMMAND, _spec, "stdio", "stdio (a command)"),
)
