"""Formatting and writing a recording's batches in a second process (``probe``'s record path).

Theory of operation. ``probe`` writes every batch twice: the recording file (JSON Lines) and
its output (the transcript, or JSON Lines with ``--json``). Formatting a flood's lines takes
as long as reading and judging them, so on a machine with two cores it is done beside them:
:meth:`FormatWorker.start` forks a helper process before the session starts (while the
process has one thread), and becomes the recording's one listener for both outputs.

* A batch that is one plain run (:meth:`Recording.plain_run`: a flood's read, every entry with
  the same code, method and time and nothing else) crosses the pipe as its fields and its
  lines' bytes (one frame). The helper rebuilds those entries as a recording of their own
  (:meth:`Recording.plain_batch`) and formats them with the same functions the probe would
  use (``json_lines``, ``transcript_bytes``), so both files are byte for byte what they
  would be without the helper.
* Any other batch is formatted here, by the writers themselves (``RecordingWriter``,
  ``probe``'s printer), whose bytes go through the same pipe, in order (their file is a
  :class:`Sink`).
* The helper reports a write that failed (a full disk, a reader that closed stdout) on a
  second pipe, which :meth:`FormatWorker.watch` reads from the event loop as reports come:
  the owner's callbacks end the run at once, as a failed write in this process would. Once the
  session is over, :meth:`FormatWorker.drained` waits (a stop signal still heard) until the
  helper has written everything, so the exit the summary records knows of every failure;
  closing the recording (:meth:`Sink.close`) waits for the helper to have written and closed
  it. A helper that dies (killed, or a fault of its own, printed on its stderr) fails both
  outputs with how it ended: the probe says so and exits 8.
* When this process dies, the helper still writes everything it was sent, then exits at the
  pipe's end. It ignores the stop signals (SIGINT, SIGTERM, SIGHUP, SIGQUIT) sent to the
  process group: this process shuts the session down, writes the summary and closes the pipe.

Only ``probe`` uses it, only where ``os.fork`` exists and no other thread runs; otherwise the
writers write in this process as before. ``MCP_INSPECTOR_FORMAT_WORKER=0`` keeps them there
(the benchmarks compare both ways; the tests check the files are the same).
"""

from __future__ import annotations

import errno
import gc
import os
import signal
import struct
import sys
import threading
from array import array
from collections.abc import Callable
from typing import NoReturn

import anyio

from .entry_text import transcript_bytes
from .recording import Recording

__all__ = ["FormatWorker", "Sink", "worker_allowed"]

#: Frames, this process to the helper: a kind byte, a target byte, the payload's length.
_HEAD = struct.Struct("<cBI")
#: A plain run's fields: first entry, count, time, code, the outputs to write, method's length.
_PLAIN = struct.Struct("<QIdHBH")
#: Frames, the helper to this process: a kind byte (E failed, A acknowledged), target, errno, length.
_STATUS = struct.Struct("<cBiI")
_HAS_NAME = 0x8000  # in the method name's length: the run has a method (an empty name is still one)
_NAME_MAX = 0x7FFF  # a longer method name goes the writers' way

RECORD, OUT = 1, 2  # the targets (bits of a plain run's mask)
_ENV = "MCP_INSPECTOR_FORMAT_WORKER"
_PIPE_SIZE = 1 << 20  # the pipe's buffer where Linux lets it grow (F_SETPIPE_SZ)


def worker_allowed(env: str = _ENV) -> bool:
    """Whether a helper can be forked here: ``os.fork`` exists, no thread but this one runs
    (a fork copies only the calling thread; Qt starts threads of its own, so not where it is
    loaded), and the environment variable ``env`` does not say no (0)."""
    return (
        hasattr(os, "fork")
        and os.environ.get(env, "1") != "0"
        and threading.active_count() == 1
        and threading.current_thread() is threading.main_thread()
        and "PySide6.QtCore" not in sys.modules
    )


class Sink:
    """A writer's file while the helper writes for it: what is written goes through the pipe
    (in order with the plain runs); ``flush`` has nothing to do; ``close`` waits until the
    helper has written and closed the real file, and raises what failed there."""

    def __init__(self, worker: FormatWorker, target: int) -> None:
        self._worker = worker
        self._target = target

    def write(self, data: bytes) -> int:
        self._worker.send(b"W", self._target, data)
        return len(data)

    def flush(self) -> None:
        return None

    def close(self) -> None:
        self._worker.close_target(self._target)


class FormatWorker:
    """The helper process and this process's end of its pipes (see the module's docstring)."""

    def __init__(
        self,
        rec: Recording,
        pid: int,
        data_fd: int,
        status_fd: int,
        targets: int,
        on_failure: Callable[[int, OSError], None],
    ) -> None:
        self.rec = rec
        self.pid = pid
        self._data = data_fd
        self._status = status_fd
        self._targets = targets  # the outputs still written (a failed one is dropped)
        self._on_failure = on_failure
        self._spill: list[Callable[[int, int], None]] = []  # the writers, for batches that are not plain
        self._skip: Callable[[int], None] | None = None  # the recording writer: entries written for it
        self._done = 0  # entries handed over
        self._pending = b""  # status bytes read that do not make a whole frame yet
        self._acks = 0  # acknowledgements read (of fences and closes, in the order they were sent)
        self._asked = 0  # fences and closes sent
        self._ended = False  # the status pipe's end was read: the helper exited
        self._reaped: int | None = None  # its wait status, once waited for
        self._acked_event: anyio.Event | None = None  # set when the acks reach _asked (drained)
        self.failed: dict[int, OSError] = {}

    @classmethod
    def start(
        cls,
        rec: Recording,
        *,
        record_fd: int | None,
        out_fd: int | None,
        out_json: bool,
        on_failure: Callable[[int, OSError], None],
    ) -> FormatWorker | None:
        """Fork the helper for the outputs given (a file descriptor each; None: not written
        there); None when :func:`worker_allowed` says no or the fork fails."""
        if (record_fd is None and out_fd is None) or not worker_allowed():
            return None
        try:
            data_r, data_w = os.pipe()
            status_r, status_w = os.pipe()
        except OSError:
            return None
        try:
            pid = os.fork()
        except OSError:
            for fd in (data_r, data_w, status_r, status_w):
                os.close(fd)
            return None
        if pid == 0:  # the helper: it never returns
            os.close(data_w)
            os.close(status_r)
            _helper_main(data_r, status_w, record_fd, out_fd, out_json)
        os.close(data_r)
        os.close(status_w)
        try:
            import fcntl

            fcntl.fcntl(data_w, getattr(fcntl, "F_SETPIPE_SZ", 1031), _PIPE_SIZE)
        except (ImportError, OSError):  # a smaller pipe only means more, shorter writes
            pass
        os.set_blocking(status_r, False)
        targets = (RECORD if record_fd is not None else 0) | (OUT if out_fd is not None else 0)
        return cls(rec, pid, data_w, status_r, targets, on_failure)

    def take(self, writers: list[Callable[[int, int], None]], skip: Callable[[int], None] | None, done: int) -> None:
        """Become the listener for ``writers`` (they format batches that are not plain runs,
        into their sinks); ``skip(end)`` tells the recording writer its entries up to ``end``
        were written for it; ``done``: the entries they had already."""
        self._spill = writers
        self._skip = skip
        self._done = done

    # ------------------------------------------------------------------ this process

    def __call__(self, start: int, end: int) -> None:
        self.on_batch(start, end)

    def on_batch(self, start: int, end: int) -> None:
        """A batch of the recording: one frame for a plain run, the writers' own bytes else."""
        self.poll()
        start = max(start, self._done)
        if end <= start:
            return
        rec = self.rec
        run = rec.plain_run(start, end) if self._targets else None
        name = b""
        if run is not None:
            name = (run[1] or "").encode("utf-8")
            if len(name) > _NAME_MAX:  # the frame cannot carry it: the writers format the batch
                run = None
        if run is None:
            for write in self._spill:
                write(start, end)
        else:
            code, method, t = run
            raws = rec.raws(start, end)
            lengths = array("I", map(len, raws))
            head = _PLAIN.pack(start, end - start, t, code, self._targets, len(name) | (_HAS_NAME if method else 0))
            self.send(b"P", 0, head + name + lengths.tobytes() + b"".join(raws))
            if self._skip is not None:
                self._skip(end)
        self._done = end

    def send(self, kind: bytes, target: int, payload: bytes) -> None:
        """One frame to the helper (a helper that is gone: its outputs failed)."""
        if self._data < 0:
            return
        frame = _HEAD.pack(kind, target, len(payload)) + payload
        view = memoryview(frame)
        while view:
            try:
                n = os.write(self._data, view)
            except BrokenPipeError:  # the helper is gone: what it did not write is said as failed
                self._lost()
                return
            view = view[n:]

    def poll(self, wait: bool = False) -> bool:
        """Read the helper's reports (``wait``: block until some come); failures go to the
        callback. False once the pipe's end was read (the helper exited), True otherwise."""
        while not self._ended:
            try:
                if wait:
                    os.set_blocking(self._status, True)
                chunk = os.read(self._status, 65536)
            except BlockingIOError:
                return True
            finally:
                if wait:
                    os.set_blocking(self._status, False)
            if not chunk:  # the helper exited
                self._ended = True
                if self._acks < self._asked or self._targets:
                    self._lost()  # before answering what it was asked, or before being told to end
                break
            self._read_reports(self._pending + chunk)
            if wait:
                return True
        return not self._ended

    async def watch(self) -> None:
        """Read the helper's reports as they come, from the event loop (a failed write stops
        the run at once, as it would in this process), until the helper exits."""
        while not self._ended:
            try:
                await anyio.wait_readable(self._status)
            except (OSError, ValueError):  # the descriptor was closed by finish()
                return
            self.poll()

    async def drained(self) -> None:
        """Wait, with :meth:`watch` running, until the helper has written everything sent so far
        (or failed, or exited): a fence it acknowledges once it has got to it."""
        self._asked += 1
        self.send(b"F", 0, b"")
        self._acked_event = anyio.Event()
        if self._acks >= self._asked or self._ended:
            return
        await self._acked_event.wait()

    def close_target(self, target: int) -> None:
        """Close one output in the helper and wait for it: raises the OSError it met."""
        if target not in self.failed:
            self._asked += 1
            self.send(b"C", target, b"")
            while self._acks < self._asked and self.poll(wait=True):
                pass
        if target in self.failed:
            raise self.failed[target]

    def finish(self) -> None:
        """The pipe's end: the helper writes what it has and exits; its last reports are read
        and it is waited for. Safe to call more than once."""
        if self._data >= 0:
            os.close(self._data)
            self._data = -1
            self._targets = 0  # told to end: its exit is no failure
            while self.poll(wait=True):
                pass
            os.close(self._status)
        self._reap(block=True)

    def _read_reports(self, data: bytes) -> None:
        at = 0
        while len(data) - at >= _STATUS.size:
            kind, target, number, size = _STATUS.unpack_from(data, at)
            if len(data) - at - _STATUS.size < size:
                break
            text = data[at + _STATUS.size : at + _STATUS.size + size].decode("utf-8", "replace")
            at += _STATUS.size + size
            if kind == b"A":
                self._acks += 1
            else:
                self._fail(target, OSError(number, text))
        self._pending = data[at:]
        if self._acked_event is not None and (self._acks >= self._asked or self._ended):
            self._acked_event.set()

    def _fail(self, target: int, exc: OSError) -> None:
        for bit in (RECORD, OUT):
            if target & bit and bit not in self.failed:
                self.failed[bit] = exc
                self._targets &= ~bit
                self._on_failure(bit, exc)

    def _lost(self) -> None:
        """The helper ended before its work was done: the outputs it still wrote failed, with
        how it ended (never EPIPE: that would read as a reader that closed stdout)."""
        self._ended = True
        self._reap(block=True)  # both its pipes closed: it has exited (or is exiting)
        status = self._reaped
        if status is None:
            how = "it ended early"
        elif os.WIFSIGNALED(status):
            number = os.WTERMSIG(status)
            try:
                how = f"{signal.Signals(number).name} ended it"
            except ValueError:
                how = f"signal {number} ended it"
        else:
            how = f"it exited with code {os.waitstatus_to_exitcode(status)}"
        if self._acked_event is not None:
            self._acked_event.set()
        self._fail(self._targets, OSError(errno.EIO, f"the process writing it (pid {self.pid}) is gone: {how}"))

    def _reap(self, *, block: bool) -> None:
        if self._reaped is not None:
            return
        try:
            pid, status = os.waitpid(self.pid, 0 if block else os.WNOHANG)
        except ChildProcessError:
            self._reaped = 0
            return
        if pid == self.pid:
            self._reaped = status


# ---------------------------------------------------------------------- the helper


def _helper_main(data_fd: int, status_fd: int, record_fd: int | None, out_fd: int | None, out_json: bool) -> NoReturn:
    """The helper process, from the fork to its exit (never back into the caller's code): a
    fault of its own is printed on stderr and reported as both outputs failed."""
    code = 1
    try:
        signal.set_wakeup_fd(-1)  # the loop's wake-up pipe is this process's parent's
        for number in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT):
            # a stop signal to the process group reaches the parent, which shuts the session
            # down and then closes the pipe: everything sent by then is written first
            signal.signal(number, signal.SIG_IGN)
        gc.disable()  # inherited objects are never collected (or finalized) here
        _helper(data_fd, status_fd, record_fd, out_fd, out_json)
        code = 0
    except BaseException as exc:  # noqa: BLE001 - said on stderr and to the parent, then the exit
        try:
            import traceback

            os.write(2, ("mcp-session-inspector: the output writer failed:\n" + traceback.format_exc()).encode())
            _report(status_fd, b"E", RECORD | OUT, errno.EIO, f"the process writing it failed: {exc!r}")
        except BaseException:  # noqa: BLE001 - nothing more can be said
            pass
    finally:
        os._exit(code)


def _report(status_fd: int, kind: bytes, target: int, number: int, text: str) -> None:
    words = text.encode("utf-8")
    os.write(status_fd, _STATUS.pack(kind, target, number, len(words)) + words)


def _helper(data_fd: int, status_fd: int, record_fd: int | None, out_fd: int | None, out_json: bool) -> None:
    """The helper's loop: frames in, bytes out, failures reported, until the pipe's end."""
    fds = {RECORD: record_fd, OUT: out_fd}
    failed: set[int] = set()

    def report(kind: bytes, target: int, number: int, text: str) -> None:
        _report(status_fd, kind, target, number, text)

    def write(target: int, data: bytes) -> None:
        fd = fds.get(target)
        if fd is None or target in failed:
            return
        view = memoryview(data)
        try:
            while view:
                view = view[os.write(fd, view) :]
        except OSError as exc:
            failed.add(target)
            report(b"E", target, exc.errno or 0, exc.strerror or str(exc))

    reader = _Frames(data_fd)
    for kind, target, payload in reader:
        if kind == b"P":
            start, n, t, code, targets, name_len = _PLAIN.unpack_from(payload)
            at = _PLAIN.size
            method = payload[at : at + (name_len & _NAME_MAX)].decode("utf-8") if name_len & _HAS_NAME else None
            at += name_len & _NAME_MAX
            lengths = array("I")
            lengths.frombytes(payload[at : at + 4 * n])
            at += 4 * n
            raws = []
            for size in lengths:
                raws.append(payload[at : at + size])
                at += size
            part = Recording.plain_batch(start, t, code, method, raws)
            if targets & RECORD:
                write(RECORD, part.json_lines(start, start + n))
            if targets & OUT:
                write(OUT, part.json_lines(start, start + n) if out_json else transcript_bytes(part, start, start + n))
        elif kind == b"W":
            write(target, payload)
        elif kind == b"C":
            fd = fds.pop(target, None)
            if fd is not None:
                try:
                    os.close(fd)
                except OSError as exc:
                    if target not in failed:
                        failed.add(target)
                        report(b"E", target, exc.errno or 0, exc.strerror or str(exc))
            report(b"A", target, 0, "")
        elif kind == b"F":  # a fence: everything before it is written
            report(b"A", 0, 0, "")


class _Frames:
    """The frames read from a pipe, one at a time, until its end."""

    def __init__(self, fd: int) -> None:
        self._fd = fd
        self._buf = b""
        self._at = 0

    def __iter__(self) -> _Frames:
        return self

    def __next__(self) -> tuple[bytes, int, bytes]:
        head = self._exactly(_HEAD.size)
        if head is None:
            raise StopIteration
        kind, target, size = _HEAD.unpack(head)
        payload = self._exactly(size)
        if payload is None:
            raise StopIteration
        return kind, target, payload

    def _exactly(self, n: int) -> bytes | None:
        have = len(self._buf) - self._at
        if have < n:
            parts = [self._buf[self._at :]]
            while have < n:
                chunk = os.read(self._fd, max(_PIPE_SIZE, n - have))
                if not chunk:
                    return None
                parts.append(chunk)
                have += len(chunk)
            self._buf, self._at = b"".join(parts), 0
        out = self._buf[self._at : self._at + n]
        self._at += n
        return out
