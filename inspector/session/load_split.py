"""Reading a large recording file in two processes: the second part parsed by a forked helper.

Theory of operation. Parsing the lines (orjson) and taking them column by column is the whole
cost of :meth:`Recording.load`, and one process does it on one core. Where a helper can be
forked (:func:`~.format_worker.worker_allowed`: ``os.fork``, one thread, no Qt, not turned off
with ``MCP_INSPECTOR_LOAD_SPLIT=0``) and the file is large (:data:`SPLIT_MIN`), the loader
forks one before it reads the entries. The helper reads the part of the file from a line
start near the middle (:data:`SHARE`) to the last line end, a block of whole lines at a time,
and for each block writes a record into a temporary file: the block's place in the file and its
line count, and its entries as columns when every line is an ordinary entry
(:func:`~.recording_load.fast_columns`, the loader's own test and columns), else nothing. Then
it exits. Meanwhile the loader reads the first part itself. At the split it waits for the
helper and takes its records in order: a block's columns are appended as they are when the
loader would have made the same (the next entry is the block's first, no unreadable line is
waiting for the entry after it); any other block, and everything after the helper's last
block (all of it when the helper failed), the loader reads itself, the usual way. So the
recording is the one a single process makes, entry for entry and problem for problem (the
tests compare them); the helper only saves time. Its memory is its own, given back when it
exits.
"""

from __future__ import annotations

import contextlib
import gc
import marshal
import os
import signal
import struct
import tempfile
from array import array
from collections.abc import Iterator
from typing import IO, NoReturn, TypeAlias

import orjson

from inspector.protocol.jsontypes import JsonValue

from .format_worker import worker_allowed
from .recording_load import READ_BLOCK, FastRun, fast_columns, line_end

#: A file smaller than this is read by one process (a fork and the records would cost more).
SPLIT_MIN = 24 << 20
#: The share of the entries' bytes the loader reads itself (the helper also writes its records,
#: the loader takes them in: about even).
SHARE = 0.5
_ENV = "MCP_INSPECTOR_LOAD_SPLIT"
_LENGTH = struct.Struct("<Q")
_LONGEST = 8 * READ_BLOCK  # a line longer than this ends the helper's part: the loader reads on


class SplitLoad:
    """A forked helper parsing ``start`` .. its end of a file (see the module's text)."""

    def __init__(self, pid: int, results: IO[bytes], start: int) -> None:
        self.pid = pid
        self.start = start  # where the helper's part begins (a line start)
        self._results = results

    @classmethod
    def fork(cls, path: str, first: int, size: int, max_line: int) -> SplitLoad | None:
        """A helper for the file at ``path`` whose entries begin at ``first``; None where one
        cannot or need not be forked."""
        if size - first < SPLIT_MIN or not worker_allowed(_ENV):
            return None
        try:
            with open(path, "rb") as f:
                start = _line_start(f, first + int((size - first) * SHARE))
                end = _last_line_end(f, size)
            if start is None or end is None or end <= start:
                return None
            results = tempfile.TemporaryFile()  # noqa: SIM115 - it lives as long as the SplitLoad
        except OSError:
            return None
        try:
            pid = os.fork()
        except OSError:
            results.close()
            return None
        if pid == 0:
            _helper_main(path, start, end, max_line, results.fileno())
        return cls(pid, results, start)

    def records(self) -> Iterator[tuple[int, int, int, FastRun | None]]:
        """The helper's blocks in file order, once it has exited: (start, end, lines, columns or
        None); none at all when it failed."""
        try:
            _, status = os.waitpid(self.pid, 0)
        except ChildProcessError:
            status = -1
        results = self._results
        try:
            if status != 0:
                return
            results.seek(0)
            while True:
                head = results.read(_LENGTH.size)
                if len(head) < _LENGTH.size:
                    return
                (length,) = _LENGTH.unpack(head)
                a, b, lines, cols = marshal.loads(results.read(length))
                yield a, b, lines, None if cols is None else _run(cols)
        finally:
            results.close()

    def abandon(self) -> None:
        """The loading stopped before the split (a failure): the helper is ended, not waited for."""
        with contextlib.suppress(OSError):
            os.kill(self.pid, signal.SIGKILL)
        with contextlib.suppress(OSError):
            os.waitpid(self.pid, 0)
        self._results.close()


#: A block's columns as the helper writes them (marshal): a FastRun with its arrays as bytes.
_Columns: TypeAlias = tuple[
    int,
    bytes,
    bytes,
    list[bytes],
    list[str | None],
    list[JsonValue],
    list[tuple[str, ...]] | None,
    list[tuple[int, float]],
    list[tuple[int, int]],
]


def _columns(run: FastRun) -> _Columns:
    return (
        run.base,
        run.times.tobytes(),
        run.packed.tobytes(),
        run.raws,
        run.methods,
        run.ids,
        run.violations,
        run.latencies,
        run.pairs,
    )


def _run(cols: _Columns) -> FastRun:
    base, times, packed, raws, methods, ids, violations, latencies, pairs = cols
    t_col = array("d")
    t_col.frombytes(times)
    p_col = array("H")
    p_col.frombytes(packed)
    return FastRun(base, t_col, p_col, raws, methods, ids, violations, latencies, pairs)


def _line_start(f: IO[bytes], at: int) -> int | None:
    """The first line start at or after ``at`` (None: none before the end)."""
    f.seek(at - 1)
    end = line_end(f, at - 1)
    return None if end is None else end + 1


def _last_line_end(f: IO[bytes], size: int) -> int | None:
    """Just past the file's last line end (None: none in its last blocks)."""
    pos = size
    for _ in range(64):
        lo = max(0, pos - READ_BLOCK)
        f.seek(lo)
        block = f.read(pos - lo)
        i = block.rfind(b"\n")
        if i >= 0:
            return lo + i + 1
        if lo == 0:
            return None
        pos = lo
    return None


def _helper_main(path: str, start: int, end: int, max_line: int, out_fd: int) -> NoReturn:
    """The helper process, from the fork to its exit (never back into the caller's code)."""
    code = 1
    try:
        with contextlib.suppress(ValueError):  # not the main thread's loop: nothing to undo
            signal.set_wakeup_fd(-1)
        gc.disable()  # nothing made here holds a cycle; inherited objects are never collected here
        parse_part(path, start, end, max_line, out_fd)
        code = 0
    except BaseException:  # noqa: BLE001, S110 - the loader reads the whole part itself then
        pass
    finally:
        os._exit(code)


def parse_part(path: str, start: int, end: int, max_line: int, out_fd: int) -> None:
    """The helper's work: the file's whole lines from ``start`` to ``end``, a block at a time,
    each block's record written to ``out_fd`` (its place, its line count, its columns or None);
    it stops early, without a word, at a line longer than it takes or a file grown shorter."""
    longest = min(_LONGEST, max_line)
    with open(path, "rb") as f, os.fdopen(out_fd, "wb", closefd=False) as out:
        f.seek(start)
        pos = read = start  # where the next block of whole lines begins; how far the file is read
        carry = b""
        while read < end:
            block = f.read(min(READ_BLOCK, end - read))
            if not block:
                return  # the file is shorter now: the loader reads on from pos
            read += len(block)
            data = carry + block if carry else block
            cut = data.rfind(b"\n") + 1
            if cut == 0:
                carry = data
                if len(carry) > longest:
                    return  # a long line: the loader reads it (and the rest) its own way
                continue
            lines = data[:cut].split(b"\n")
            del lines[-1]
            carry = data[cut:]
            cols = None
            if max(map(len, lines)) <= longest:
                try:
                    run = fast_columns(list(map(orjson.loads, lines)), None)
                except orjson.JSONDecodeError:
                    run = None
                if isinstance(run, FastRun):
                    cols = _columns(run)
            record = marshal.dumps((pos, pos + cut, len(lines), cols))
            out.write(_LENGTH.pack(len(record)) + record)
            pos += cut
