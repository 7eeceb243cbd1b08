"""Reading a recording file into a store: checks, migration, the column-at-a-time loader.

Nothing in a file is trusted: :func:`parse_entry` checks one entry object field by field,
:func:`migrate` / :func:`migrate_header` lift lines and headers of older format versions (1 to
3) to the current one, and :class:`FileLoader` reads the file as a stream in bounded steps,
taking runs of ordinary lines column by column and the rest one by one, with the same result.
It fills a :class:`~.recording.Recording` through the store's ``add_*`` methods (the store keeps
its columns to itself). :class:`RecordingError` is the only exception it raises. See the
recording module's docstring for what loading promises.
"""

from __future__ import annotations

import base64
import errno
import gc
import os
import re
import stat
import sys
import time
from array import array
from collections.abc import Callable, Iterable, Mapping
from itertools import chain, compress, repeat
from operator import itemgetter, lt
from pathlib import Path
from typing import IO, TYPE_CHECKING, NamedTuple, TypeAlias, TypeGuard

import orjson

from inspector.protocol.engine import EMPTY
from inspector.protocol.framing import DEFAULT_MAX_LINE
from inspector.protocol.jsontypes import JsonObject, JsonValue
from inspector.protocol.lifecycle import State, event_of_edge
from inspector.protocol.messages import KIND_BY_LABEL
from inspector.transport.base import LinkEventKind, TransportKind

from .native import NATIVE
from .recording_entry import (
    DIR_BY_LABEL,
    FORMAT,
    FORMAT_VERSION,
    LARGE_ENTRY,
    STATE_BY_VALUE,
    STATE_INDEX,
)
from .recording_header import header_is_plain

if TYPE_CHECKING:
    from .import_problems import ImportProblem
    from .recording import Recording

_ENTRY_KEYS = frozenset(
    {
        "seq",
        "t",
        "dir",
        "kind",
        "method",
        "id",
        "raw",
        "raw_b64",
        "state",
        "violations",
        "schema_ok",
        "latency",
        "paired",
    }
)


class RecordingError(ValueError):
    """A file that cannot be opened as a recording; ``str()`` is a sentence for people.

    The only error :meth:`Recording.load` raises. ``cancelled`` is True when the progress
    callback stopped the loading.
    """

    def __init__(self, message: str, *, cancelled: bool = False) -> None:
        super().__init__(message)
        self.cancelled = cancelled


#: ``progress(bytes_read, file_size)``; returning False stops the loading.
Progress = Callable[[int, int], "bool | None"]

#: How many per-line problems a loaded recording keeps in detail (the rest are only counted).
MAX_LOAD_PROBLEMS = 1000
#: Progress is reported after about this many bytes.
PROGRESS_STEP = 4 << 20
#: A line of a file (the header too) longer than this is not read whole: its first bytes are
#: kept, the rest counted and skipped, and the line is described (see :class:`FileLoader`). Twice
#: the session's default --max-line: an entry a session kept whole fits, with JSON's escapes.
MAX_LOAD_LINE = 2 * DEFAULT_MAX_LINE


def _number(v: JsonValue) -> TypeGuard[float]:
    return (type(v) is int or type(v) is float) and v == v  # not bool, not NaN


#: One entry's columns as :func:`parse_entry` reads them from a line: time, packed code, bytes,
#: method, id, violations, latency, paired entry, extras.
Parsed: TypeAlias = tuple[
    float, int, bytes, str | None, JsonValue, tuple[str, ...], float | None, int | None, JsonObject | None
]
_KIND_INDEX = {label: int(kind) for label, kind in KIND_BY_LABEL.items()}
_STATE_CODE = {value: STATE_INDEX[state] for value, state in STATE_BY_VALUE.items()}


def parse_entry(d: JsonValue) -> Parsed | str:
    """The columns of the entry object on one line, or why it cannot be an entry."""
    if type(d) is not dict:
        return f"a JSON {_json_type(d)}, not an entry object"
    get = d.get
    label = get("dir")
    direction = DIR_BY_LABEL.get(label) if type(label) is str else None
    if direction is None:
        return "no 'dir' member" if label is None else f"unknown direction {quote_value(label)}"
    t = get("t")
    if not _number(t):
        return "no 't' member" if "t" not in d else f"'t' is {quote_value(t)}, not a number"
    b64 = get("raw_b64")
    if b64 is not None:
        if type(b64) is not str:
            return f"'raw_b64' is {_json_type(b64)}, not a string"
        try:
            raw = base64.b64decode(b64, validate=True)
        except ValueError:
            return "'raw_b64' is not valid base64"
    else:
        text = get("raw", "")
        if type(text) is not str:
            return f"'raw' is {_json_type(text)}, not a string"
        raw = text.encode("utf-8", "surrogatepass")
    label = get("kind", "noise")
    kind = _KIND_INDEX.get(label) if type(label) is str else None
    if kind is None:
        return f"unknown kind {quote_value(label)}"
    label = get("state")
    if label is None and "state" not in d:
        state = STATE_INDEX[State.UNINITIALIZED]
    else:
        code_of_state = _STATE_CODE.get(label) if type(label) is str else None
        if code_of_state is None:
            return f"unknown lifecycle state {quote_value(label)}"
        state = code_of_state
    method = get("method")
    if method is not None and type(method) is not str:
        return f"'method' is {_json_type(method)}, not a string"
    v = get("violations")
    if not v:
        violations = EMPTY
    elif type(v) is list and all(type(x) is str for x in v):
        violations = tuple(v)
    else:
        return "'violations' is not a list of rule ids"
    ok = get("schema_ok")
    if ok is None:
        code = 0
    elif ok is True:
        code = 1
    elif ok is False:
        code = 2
    else:
        return f"'schema_ok' is {quote_value(ok)}, not true, false or null"
    latency = get("latency")
    if latency is not None and not _number(latency):
        return f"'latency' is {quote_value(latency)}, not a number"
    paired = get("paired")
    if paired is not None and not (type(paired) is int and paired >= 0):
        return f"'paired' is {quote_value(paired)}, not an entry number"
    extra = None
    if not d.keys() <= _ENTRY_KEYS:
        reason = _check_extra(d)
        if reason is not None:
            return reason
        extra = {k: v for k, v in d.items() if k not in _ENTRY_KEYS}
        try:
            orjson.dumps(extra)
        except orjson.JSONEncodeError:
            return "a member is nested too deeply to keep"
    id_ = get("id")
    if id_ is not None and not isinstance(id_, (str, int, float)):
        try:  # any JSON is kept (a server's odd id), as long as it can be written again
            orjson.dumps(id_)
        except orjson.JSONEncodeError:
            return "'id' is nested too deeply to keep"
    packed = direction | kind << 3 | state << 7 | code << 11
    return (float(t), packed, raw, method, id_, violations, latency, paired, extra)


def _check_extra(d: JsonObject) -> str | None:
    """The members the window reads from an entry's extras have the types it expects."""
    tr = d.get("transition")
    if "transition" in d:
        if not (
            isinstance(tr, dict)
            and _label_in(tr.get("from"), STATE_BY_VALUE)
            and _label_in(tr.get("to"), STATE_BY_VALUE)
            and isinstance(tr.get("label", ""), str)
        ):
            return "'transition' is not a lifecycle transition (from, to, label)"
        if tr.get("event") is not None and not isinstance(tr["event"], str):
            return f"the transition's 'event' is {_json_type(tr['event'])}, not a string"
    if d.get("http") is not None and not isinstance(d["http"], dict):
        return f"'http' is {_json_type(d['http'])}, not an object"
    errors = d.get("schema_errors")
    if errors is not None and not (
        isinstance(errors, list)
        and all(
            isinstance(e, dict) and isinstance(e.get("path", ""), str) and isinstance(e.get("message", ""), str)
            for e in errors
        )
    ):
        return "'schema_errors' is not a list of {path, message}"
    for key in ("problem", "event", "schema_definition"):
        if d.get(key) is not None and not isinstance(d[key], str):
            return f"'{key}' is {_json_type(d[key])}, not a string"
    for key in ("pid", "returncode", "signal", "dropped"):
        if d.get(key) is not None and type(d[key]) is not int:
            return f"'{key}' is {quote_value(d[key])}, not a whole number"
    return None


def _label_in(v: JsonValue, table: Mapping[str, object]) -> bool:
    return isinstance(v, str) and v in table


def _json_type(v: JsonValue) -> str:
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "boolean"
    if isinstance(v, (int, float)):
        return "number"
    if isinstance(v, str):
        return "string"
    if isinstance(v, list):
        return "array"
    return "object"


def quote_value(v: JsonValue) -> str:
    """A JSON value quoted for a message to people, cut to a readable length (never raises)."""
    try:
        text = orjson.dumps(v, default=str).decode()
    except orjson.JSONEncodeError:  # nested deeper than the encoder goes
        return f"a deeply nested {_json_type(v)}"
    return text if len(text) <= 40 else text[:37] + "..."


#: The file is read this many bytes at a time; a step of an incremental load takes whole blocks
#: (a block of ~150-byte entries is ~400 lines, about a millisecond of work; smaller blocks keep
#: the entry objects of a run in the CPU caches while they are taken column by column).
READ_BLOCK = 1 << 17
_FAST_MIN = 8  # shorter runs of lines are taken one by one

_BLANK = object()  # a line with nothing on it (skipped, as it always was)
_NOT_JSON = object()  # a line orjson could not read (the reason is worked out when it is taken)
_NONE = type(None)
_ONLY_STR = {str}
_ONLY_NONE = {None}
_T_TYPES = frozenset({int, float})
_OK_TYPES = frozenset({_NONE, bool})
_METHOD_TYPES = frozenset({_NONE, str})
_ID_TYPES = frozenset({_NONE, str, int, float, bool})
_ONLY_LIST = {list}
_WRITTEN = 10  # members every writer writes (seq, t, dir, kind, method, id, raw, state, violations, schema_ok)
_TEN_KEYS = ("seq", "t", "dir", "kind", "method", "id", "raw", "state", "violations", "schema_ok")  # those
_TEN = itemgetter(*_TEN_KEYS)


def pack_table() -> dict[tuple[JsonValue, JsonValue, JsonValue, JsonValue], int]:
    """(dir, kind, state, schema_ok) as a line writes them -> the packed column's code, for every
    combination :func:`parse_entry` accepts with all four members there."""
    table: dict[tuple[JsonValue, JsonValue, JsonValue, JsonValue], int] = {}
    for d, direction in DIR_BY_LABEL.items():
        for k, kind in _KIND_INDEX.items():
            for s, state in _STATE_CODE.items():
                for ok, code in ((None, 0), (True, 1), (False, 2)):
                    table[(d, k, s, ok)] = direction | kind << 3 | state << 7 | code << 11
    return table


class FileLoader:
    """Reads a recording file into a Recording (see :meth:`Recording.load`), in steps.

    The file is read in blocks and split into lines; each block's lines are decoded with one
    orjson call per line, and then taken *column by column*: a run of ordinary entry objects
    (the members a writer writes, of the types it writes, numbered in order) is checked and
    appended with C-level passes over the run (``map``, ``set``, ``array``), not one Python
    function per line. Anything else - a line that is not JSON, a blank one, the summary, an
    entry with extras (a transition, HTTP metadata, schema errors, an event), raw_b64, an odd
    type, a number out of order, the first entry after an unreadable line - is taken line by
    line exactly as it always was (:meth:`_take_line`: the same checks, problems, placeholders).
    A run that is not all ordinary is taken up to the odd line (or in halves, when which line it
    is is not known), that line alone, then the rest, so the result is the same entry for entry
    as reading line by line (tests/session/test_recording_fast_load.py compares them).

    ``paired`` of an entry that points at itself or a later entry is held back until the end of
    the file (kept when that entry exists, else described as before): while a recording loads
    in steps, every pairing it has points at an entry it already has.

    :meth:`begin` reads the header and makes the (read-only) recording; :meth:`step` reads
    more (as much as fits in a time budget); :meth:`run` does it all at once.

    Bounded: no line is held longer than ``max_line`` bytes (:data:`MAX_LOAD_LINE`; at least a
    block). Beyond it, the rest of the line is counted and skipped; from the first bytes kept,
    an entry keeps the members written before its bytes (seq, t, dir, kind, method, id; all but
    the bytes for an entry written in slices) and the start of its bytes, marked ``damaged``
    and described in ``load_problems``; a line whose first bytes are no entry is an unreadable
    line. A header that long keeps its first members (format and version come first). The
    per-line problems are kept for the first :data:`MAX_LOAD_PROBLEMS` lines and counted after
    that; so are the unreadable lines a gap in the numbering stands for (the placeholders beyond
    them share one text). A huge line costs about twice its kept bytes at its peak.
    """

    def __init__(
        self, path: str | os.PathLike[str], progress: Progress | None = None, *, max_line: int | None = None
    ) -> None:
        self.path = Path(path)
        self.progress = progress
        self.max_line = max(READ_BLOCK, max_line or MAX_LOAD_LINE)
        self.problems: list[tuple[int | None, str]] = []
        self.problem_count = 0
        self.rec: Recording | None = None
        self.size = 0
        self.done_bytes = 0  # bytes of the file read so far
        self.finished = False
        self._f: IO[bytes] | None = None
        self._version = FORMAT_VERSION
        self._number = 1  # the number of the last line taken (the header is line 1)
        self._pending = bytearray()  # the start of a line that goes on in the next block (at most max_line bytes)
        self._skipping = -1  # bytes of the current line skipped beyond max_line; -1 while it is within it
        self._unread: list[
            tuple[int, str]
        ] = []  # unreadable lines since the last entry: the gap they may leave (the first ones)
        self._unread_count = 0  # ... and how many there are
        self._unread_lines = (0, 0)  # the first and the last of those beyond the first ones
        self.lines_one_by_one = 0  # lines taken by _take_line, not in a run (the slow way)
        self._later_pairs: list[tuple[int, int]] = []  # (entry, the entry it is paired with, not before it)
        self._violations: dict[tuple[str, ...], tuple[str, ...]] = {}  # one tuple per distinct list of rule ids
        self._end: int | None = None  # _read_to: read no further than this

    def problem(self, line: int | None, reason: str) -> None:
        self.problem_count += 1
        if len(self.problems) < MAX_LOAD_PROBLEMS:
            self.problems.append((line, reason))

    def fail(self, sentence: str) -> RecordingError:
        return RecordingError(f"{self.path.name}: {sentence}")

    def open(self) -> tuple[IO[bytes], int]:
        """Open for reading without blocking on a FIFO; only regular files are accepted."""
        try:
            fd = os.open(self.path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        except FileNotFoundError:
            if self.path.is_symlink():
                raise self.fail("is a symbolic link to a file that does not exist") from None
            raise self.fail("no such file") from None
        except IsADirectoryError:
            raise self.fail("is a folder, not a recording file") from None
        except PermissionError:
            raise self.fail("not allowed to read it (permission denied)") from None
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                raise self.fail("is a symbolic link loop (too many levels of symbolic links)") from None
            raise self.fail(f"cannot be opened ({exc.strerror or exc})") from None
        except ValueError:  # a NUL in the name
            raise self.fail("the path holds a character no file name can hold") from None
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode):
                raise self.fail(f"is {file_kind(st.st_mode)}, not a regular file; only recording files can be opened")
            if hasattr(os, "set_blocking"):
                os.set_blocking(fd, True)
            return os.fdopen(fd, "rb"), st.st_size
        except BaseException:
            os.close(fd)
            raise

    # ---------------------------------------------------------------- the whole file

    def run(self, cls: type[Recording]) -> Recording:
        rec = self.begin(cls)
        progress = self.progress
        next_report = PROGRESS_STEP
        try:
            if progress is None:  # a large file's second part parsed by a helper meanwhile
                self._split_run()
            while not self.step(None, stop_after=None if progress is None else next_report):
                if progress is not None and self.done_bytes >= next_report:
                    next_report = self.done_bytes + PROGRESS_STEP
                    if progress(self.done_bytes, self.size) is False:
                        raise RecordingError("Opening the recording was cancelled.", cancelled=True)
            if self.progress is not None and self.progress(self.size, self.size) is False:
                raise RecordingError("Opening the recording was cancelled.", cancelled=True)
        finally:
            self.close()
        return rec

    def _split_run(self) -> None:
        """Read the file up to where a forked helper (:mod:`.load_split`) began, then take the
        blocks it parsed in order: a block's columns as they are where they are what this
        loader would make of its lines (the next entry is its first, no unreadable line
        waits for the entry after it), any other block here. The file is left where the
        helper's last block ends; the caller reads on from there (all of its part when the
        helper failed)."""
        from .load_split import SplitLoad

        f = self._f
        assert f is not None
        split = SplitLoad.fork(str(self.path), self.done_bytes, self.size, self.max_line)
        if split is None:
            return
        try:
            self._read_to(split.start)
        except BaseException:
            split.abandon()
            raise
        rec = self.rec
        assert rec is not None
        for a, b, lines, run in split.records():
            if a != self.done_bytes:  # never: the blocks follow one another
                break
            if run is not None and run.base == len(rec) and not self._unread:
                self.take_columns(run)
                self._number += lines
                f.seek(b)
                self.done_bytes = b
            else:
                self._read_to(b)

    def _read_to(self, end: int) -> None:
        """Take the file's lines from here up to ``end`` (a line start) the usual way."""
        self._end = end
        try:
            while not self.step(None) and self.done_bytes < end:
                pass
        finally:
            self._end = None

    # ---------------------------------------------------------------- in steps

    def begin(self, cls: type[Recording]) -> Recording:
        """Open the file and read its header: the recording the entries go into (read-only,
        ``loading`` until the last step). Raises RecordingError when it cannot be a recording."""
        f, self.size = self.open()
        try:
            try:
                first = f.readline(self.max_line + 1)
                cut = len(first) > self.max_line and not first.endswith(b"\n")
                if cut:  # a header that long is no header a session writes: its first members, the rest skipped
                    header_bytes = self._skip_rest_of_line(f, len(first))
                    header = self._header(first, cut=True)
                    self.problem(
                        1,
                        f"the header is {header_bytes:,} bytes, longer than the limit of {self.max_line:,}: "
                        "only its first members were read",
                    )
                else:
                    header = self._header(first)
            except OSError as exc:
                raise self.fail(f"reading failed ({exc.strerror or exc})") from None
            except MemoryError:
                raise self.fail("too large to open in the memory available") from None
        except BaseException:
            f.close()
            raise
        self._f = f
        header = migrate_header(header, self._version)
        header_problems: list[ImportProblem] = []
        if not header_is_plain(header):  # through the model (pydantic) only when it leaves something out
            from .documents import read_recording_header

            header, header_problems = read_recording_header(header, self.path.name)
        rec = cls(header, t0=0.0)
        rec.header_problems = header_problems
        rec.read_only = True
        rec.loading = True
        rec.load_problems = self.problems
        self.rec = rec
        self.done_bytes = f.tell()
        return rec

    def _skip_rest_of_line(self, f: IO[bytes], start: int) -> int:
        """Read on past the line that began the file up to its line end (kept: nothing): the
        line's length in bytes; the file is left at the next line."""
        end = line_end(f, start)
        if end is None:
            return f.tell()
        f.seek(end + 1)
        return end

    def _header(self, first: bytes, *, cut: bool = False) -> JsonObject:
        if not first.strip():
            raise self.fail("the file is empty; a recording starts with a header line")
        try:
            header = _leading_members(first) if cut else orjson.loads(first)
        except orjson.JSONDecodeError:
            raise self.fail("the first line is not JSON, so this is not a recording") from None
        if not isinstance(header, dict) or header.get("format") != FORMAT:
            raise self.fail(f"not a recording (its first line does not say format {FORMAT!r})")
        if "version" not in header:
            raise self.fail("the header has no format version")
        version = header["version"]
        if type(version) is not int:
            raise self.fail(f"the format version {quote_value(version)} is not a whole number")
        if version < 1:
            raise self.fail(f"the format version {version} is not valid (versions start at 1)")
        if version > FORMAT_VERSION:
            raise self.fail(
                f"recording format version {version} is newer than this inspector (it reads up to {FORMAT_VERSION})"
            )
        self._version = version
        return header

    def step(self, seconds: float | None = None, *, stop_after: int | None = None, follow: bool = False) -> bool:
        """Read and take more of the file: whole blocks until ``seconds`` have passed (None: no
        limit) or ``stop_after`` bytes have been read; True once the file is finished (then the
        recording is complete and no longer ``loading``). Raises RecordingError when reading
        fails; the file is closed then and the recording keeps what was read. ``follow``: the
        file is still being written (session.follow), so its end is not the end: the step stops
        there, a last line without its line end waits for it, and a later step reads on."""
        if self.finished:
            return True
        f, rec = self._f, self.rec
        assert f is not None and rec is not None
        deadline = None if seconds is None else time.perf_counter() + seconds
        collecting = gc.isenabled()
        if collecting:  # what is made here holds no cycles; the collector would walk the store again and again
            gc.disable()
        try:
            while True:
                if self._end is not None and self.done_bytes >= self._end:
                    return False  # _read_to's end (a line start): the caller goes on from there
                block = f.read(READ_BLOCK if self._end is None else min(READ_BLOCK, self._end - self.done_bytes))
                if not block and follow:
                    self.size = max(self.size, self.done_bytes)
                    return False
                if not block:
                    if self._skipping >= 0:  # a last line past the limit, and no line end
                        self._take_cut(at_end=True)
                    elif self._pending:  # the last line has no line end
                        line = self._pending
                        self._pending = bytearray()
                        self._take_block([line], cut_last=True)
                    self._finish()
                    return True
                self.done_bytes += len(block)
                lines = self._lines(block)
                if lines:
                    self._take_block(lines)
                if (deadline is not None and time.perf_counter() >= deadline) or (
                    stop_after is not None and self.done_bytes >= stop_after
                ):
                    return False
        except OSError as exc:
            self.close()
            raise self.fail(f"reading failed ({exc.strerror or exc})") from None
        except MemoryError:
            self.close()
            raise self.fail("too large to open in the memory available") from None
        finally:
            if collecting:
                gc.enable()

    def stop(self, reason: str | None = None) -> None:
        """End the loading here (stopped, or reading failed): the recording keeps the entries
        read so far; ``reason``, if given, is added to its load problems."""
        if self.finished:
            return
        self.close()
        self._pending = bytearray()
        self._skipping = -1
        if reason is not None:
            self.problem(None, reason)
        self._finish()

    def close(self) -> None:
        if self._f is not None:
            self._f.close()
            self._f = None

    def _finish(self) -> None:
        rec = self.rec
        assert rec is not None
        self.close()
        for seq, p in self._later_pairs:  # in entry order, as they were read
            if p >= len(rec) or p == seq:
                self.problem(None, f"entry {seq} is paired with entry {p}, which is not in the file")
            else:
                rec.pair(seq, p)
        if self._later_pairs:  # the order reading line by line gives
            rec.order_pairings()
        self._later_pairs = []
        rec.load_problems = self.problems
        rec.load_problem_count = self.problem_count
        rec.read_only = True
        rec.loading = False
        self.finished = True

    def _lines(self, block: bytes) -> list[bytes | bytearray]:
        """The lines a block completes (without their line ends); a line that goes on in the
        next block waits in ``_pending``, at most ``max_line`` bytes of it (:meth:`_hold`). A line
        that went past the limit is taken (:meth:`_take_cut`) before the block's other lines."""
        end = block.find(b"\n")
        if end < 0:
            self._hold(block)
            return []
        head = block[:end]
        first: bytes | bytearray | None = head
        if self._pending or self._skipping >= 0:
            self._hold(head)
            if self._skipping >= 0:
                self._take_cut()
                first = None
            else:
                first = self._pending
                self._pending = bytearray()
        last = block.rfind(b"\n")
        lines: list[bytes | bytearray] = list(block.split(b"\n")[1:-1])  # no copy of the block's middle
        if first is not None:
            lines.insert(0, first)
        if last + 1 < len(block):
            self._hold(block[last + 1 :])
        return lines

    def _hold(self, data: bytes | bytearray) -> None:
        """Keep ``data`` as more of the current line, up to ``max_line`` bytes; count the rest."""
        if self._skipping >= 0:
            self._skipping += len(data)
            return
        room = self.max_line - len(self._pending)
        if len(data) <= room:
            self._pending += data
        else:
            self._pending += data[:room]
            self._skipping = len(data) - room

    def _take_cut(self, *, at_end: bool = False) -> None:
        """The line past the limit that just ended: its first bytes as a damaged entry, or as an
        unreadable line when they are no entry."""
        rec = self.rec
        assert rec is not None
        buf, skipped = self._pending, self._skipping
        self._pending, self._skipping = bytearray(), -1
        self._number += 1
        number, total = self._number, len(buf) + skipped
        ending = " (the file ends inside it)" if at_end else ""
        got = _salvage(buf)
        del buf  # before the pieces are joined: a huge line costs about twice what is kept
        if got is None:
            reason = (
                f"{total:,} bytes, longer than the limit of {self.max_line:,}{ending}; "
                "its first bytes are no entry, the rest was skipped"
            )
            self.problem(number, reason)
            self._note_unread(number, reason)
            return
        head, pieces, whole = got
        raw = b"".join(pieces)
        del pieces, got
        said = "all its bytes are kept" if whole else f"the first {len(raw):,} bytes of its message are kept"
        reason = (
            f"{total:,} bytes, longer than the limit of {self.max_line:,}{ending}: {said}, "
            f"the rest of the line ({skipped:,} bytes) was skipped"
        )
        head["raw"] = ""
        head.pop("raw_b64", None)
        if "state" not in head and len(rec):  # written after the bytes: the state it was in before
            head["state"] = rec.state_at(len(rec) - 1).value
        head["damaged"] = reason
        before = len(rec)
        self._take_line(b"", head, number, False)
        if len(rec) > before:
            rec.replace_last_raw(raw)
            self.problem(number, reason)

    # ---------------------------------------------------------------- taking lines
    # ---------------------------------------------------------------- taking lines

    def _take_block(self, lines: list[bytes | bytearray], *, cut_last: bool = False) -> None:
        try:
            values = list(map(orjson.loads, lines))
        except orjson.JSONDecodeError:  # a line that is not JSON (or a blank one): each on its own
            values = list(map(_value_of, lines))
        if len(lines[0]) > LARGE_ENTRY and values[0] is not _NOT_JSON:  # a long line, decoded: its bytes are not needed
            lines[0] = b""
        first = self._number + 1
        self._number += len(lines)
        self._take_run(lines, values, 0, len(values), first, cut_last)

    def _take_run(
        self, lines: list[bytes | bytearray], values: list[JsonValue], lo: int, hi: int, first: int, cut_last: bool
    ) -> None:
        """Take ``values[lo:hi]`` (line numbers from ``first + lo``): at once when they are all
        ordinary entries; else up to the odd line it names (or in halves), that line alone."""
        while lo < hi:
            if self._unread or hi - lo < _FAST_MIN:
                self._take_line(lines[lo], values[lo], first + lo, cut_last and lo == len(values) - 1)
                lo += 1
                continue
            taken = self._take_fast(values[lo:hi] if lo or hi < len(values) else values)
            if taken is True:
                return
            if taken is None:  # somewhere in there: halve
                mid = (lo + hi) // 2
                self._take_run(lines, values, lo, mid, first, cut_last)
                lo = mid
            else:  # the run up to that line, then the line alone
                odd = lo + taken
                self._take_run(lines, values, lo, odd, first, cut_last)
                self._take_line(lines[odd], values[odd], first + odd, cut_last and odd == len(values) - 1)
                lo = odd + 1

    def _take_line(self, line: bytes | bytearray, d: JsonValue, number: int, cut: bool) -> None:
        """One line, checked and described exactly as the loader always did."""
        self.lines_one_by_one += 1
        rec = self.rec
        assert rec is not None
        if d is _BLANK:
            return
        if d is _NOT_JSON:
            if cut:
                reason = "cut off at the end of the file (the recording stopped mid-line)"
            elif self.problem_count >= MAX_LOAD_PROBLEMS:  # not described any more: only counted
                reason = "not JSON"
            else:
                try:  # the message orjson gives for the line as it is in the file, with its line end
                    orjson.loads(line + b"\n")
                    reason = "not JSON"
                except orjson.JSONDecodeError as exc:
                    reason = f"not JSON ({exc})"
            self.problem(number, reason)
            self._note_unread(number, reason)
            return
        d = migrate(d, self._version)
        if isinstance(d, dict) and d.get("kind") == "summary":
            rec.summary = d
            return
        parsed = parse_entry(d)
        if isinstance(parsed, str):
            self.problem(number, parsed)
            self._note_unread(number, parsed)
            return
        unread = self._unread
        seq = d.get("seq")
        expected = len(rec)
        if type(seq) is int and seq != expected:
            gap = seq - expected
            if 0 < gap <= self._unread_count:  # entries lost on the unreadable lines above
                lost = (
                    unread
                    if gap == self._unread_count
                    else [(None, "one of the unreadable lines above")] * min(gap, MAX_LOAD_PROBLEMS)
                )
                for where, why in lost:
                    rec.add_unreadable(where, why)
                if gap > len(lost):
                    rec.add_unreadable_run(gap - len(lost), *self._unread_lines)
            else:
                self.problem(number, f"entry numbered {seq} where {expected} was expected; shown as {expected}")
        unread.clear()
        self._unread_count = 0
        seq = len(rec)
        rec.add_parsed(parsed)
        paired = parsed[7]
        if paired is not None and paired >= seq:  # checked once the whole file is read
            rec.unpair(seq)
            self._later_pairs.append((seq, paired))

    def _note_unread(self, number: int, reason: str) -> None:
        """An unreadable line since the last entry: the first ones kept, all of them counted."""
        if len(self._unread) < MAX_LOAD_PROBLEMS:
            self._unread.append((number, reason))
        else:  # the lines beyond those: where they begin and end
            self._unread_lines = (self._unread_lines[0] if self._unread_count > MAX_LOAD_PROBLEMS else number, number)
        self._unread_count += 1

    def _take_fast(self, ds: list[JsonValue]) -> bool | int | None:
        """Append a run of ordinary entry objects column by column: True. Else nothing is taken,
        and the answer is the index of a line that needs :meth:`_take_line` when one is known,
        or None (see :func:`fast_columns`)."""
        rec = self.rec
        assert rec is not None
        run = fast_columns(ds, len(rec))
        if not isinstance(run, FastRun):
            return run
        self.take_columns(run)
        return True

    def take_columns(self, run: FastRun) -> None:
        """Append a run :func:`fast_columns` made (its first entry is the next one)."""
        rec = self.rec
        assert rec is not None and run.base == len(rec)
        if run.violations is None:  # every one []
            violations = [EMPTY] * len(run.raws)
        else:  # one tuple per distinct list of rule ids
            shared = self._violations.setdefault
            violations = [shared(t, t) if t else EMPTY for t in run.violations]
        rec.add_columns(run.times, run.packed, run.raws, run.methods, run.ids, violations, run.latencies)
        if run.pairs:
            for seq, p in run.pairs:
                if p < seq:
                    rec.pair(seq, p)
                else:  # checked once the whole file is read
                    self._later_pairs.append((seq, p))
        self._unread.clear()
        self._unread_count = 0


class FastRun(NamedTuple):
    """A run of ordinary entries as columns, numbered from ``base`` (:func:`fast_columns`)."""

    base: int
    times: array[float]
    packed: array[int]
    raws: list[bytes]
    methods: list[str | None]
    ids: list[JsonValue]
    violations: list[tuple[str, ...]] | None  # None: every entry's is empty
    latencies: list[tuple[int, float]]
    pairs: list[tuple[int, int]]


class _Checked(NamedTuple):
    """What :func:`fast_columns` has of a run once its columns' checks passed."""

    base: int
    packed: array[int]
    methods: list[str | None]
    ids: list[JsonValue]
    vs: list[JsonValue]
    longer: Iterable[int]  # the lines with more members than the ten
    finish: Callable[[], tuple[array[float], list[bytes]]]  # the times and raws (may raise as array and encode do)


def fast_columns(ds: list[JsonValue], base: int | None) -> FastRun | int | None:
    """A run of ordinary entry objects as columns (what ``parse_entry`` and
    ``Recording.add_parsed`` make of each, entry by entry), numbered from ``base`` (None: from
    the first one's ``seq``); else the index of a line that needs the line-by-line way when one
    is known, or None. Changes nothing: the caller appends the run.

    Ordinary: the ten members every writer writes (seq in order, t, dir, kind, method, id,
    raw, state, violations, schema_ok) of the types it writes, and at most latency and
    paired besides. The C part checks the ten of every line in one pass
    (``entry_columns``); without it they are taken from every line at once (one tuple a line,
    turned into ten columns) and checked column by column. A line without one of them raises
    KeyError, and the run is not taken. The answers are the same either way (the loader's
    tests run both)."""
    if not ds:
        return None
    try:
        checked = _checked_native(ds, base) if NATIVE is not None else _checked(ds, base)
        if checked is None:
            return None
        base = checked.base
        vs = checked.vs
        violations: list[tuple[str, ...]] | None = None
        if any(vs):
            if not set(map(type, vs)) <= _ONLY_LIST or not set(map(type, chain.from_iterable(vs))) <= _ONLY_STR:
                return None
            violations = list(map(tuple, vs))
        # the ten members are there (their checks passed): more members are latency and
        # paired (looked at one by one: a response's), or anything else (the slow way)
        latencies: list[tuple[int, float]] = []
        pairs: list[tuple[int, int]] = []
        for i in checked.longer:
            d = ds[i]
            assert isinstance(d, dict)
            if not _ENTRY_KEYS.issuperset(d) or d.get("raw_b64") is not None:
                return i
            latency = d.get("latency")
            if latency is not None:
                if type(latency) is not float and type(latency) is not int:
                    return i
                latencies.append((base + i, float(latency)))
            p = d.get("paired")
            if p is not None:
                if type(p) is not int or p < 0:
                    return i
                pairs.append((base + i, p))
        t_col, raws = checked.finish()
    except (KeyError, TypeError, ValueError, OverflowError):
        return None
    return FastRun(base, t_col, checked.packed, raws, checked.methods, checked.ids, violations, latencies, pairs)


def _checked(ds: list[JsonValue], base: int | None) -> _Checked | None:
    """:func:`fast_columns`' checks of the ten members, column by column (the pure-Python way)."""
    k = len(ds)
    seqs, ts, dirs, kinds, methods, ids, texts, states, vs, oks = map(list, zip(*map(_TEN, ds), strict=True))
    if base is None:
        base = seqs[0]
        if type(base) is not int or base < 0:
            return None
    if base > sys.maxsize - k:  # numbers past a C size: the C part refuses them too (the line-by-line way)
        return None
    if seqs != list(range(base, base + k)):
        return None
    if not set(map(type, oks)) <= _OK_TYPES:
        return None
    # an unknown label or combination raises KeyError, an unhashable one TypeError
    packed = array("H", map(_PACK.__getitem__, zip(dirs, kinds, states, oks, strict=True)))
    if not set(map(type, ts)) <= _T_TYPES:
        return None
    # str.encode below refuses a raw of any other type than str
    if not set(map(type, methods)) <= _METHOD_TYPES:
        return None
    if not set(map(type, ids)) <= _ID_TYPES:
        return None

    def finish() -> tuple[array[float], list[bytes]]:
        # UTF-8 (orjson makes no lone surrogate; one would raise here and the run go line by line)
        return array("d", ts), list(map(str.encode, texts))

    longer = compress(range(k), map(lt, repeat(_WRITTEN), map(len, ds)))
    return _Checked(base, packed, methods, ids, vs, longer, finish)


def _checked_native(ds: list[JsonValue], base: int | None) -> _Checked | None:
    """:func:`fast_columns`' checks of the ten members, by the C part in one pass."""
    assert NATIVE is not None
    got = NATIVE.entry_columns(ds, _TEN_KEYS, _PACK, base)
    if got is None:
        return None
    first, times, packed_bytes, raws, methods, ids, vs, longer, finished = got
    packed = array("H")
    packed.frombytes(packed_bytes)

    def finish() -> tuple[array[float], list[bytes]]:
        if not finished or times is None or raws is None:
            raise ValueError("a time or raw the C part could not convert")
        t_col = array("d")
        t_col.frombytes(times)
        return t_col, raws

    return _Checked(first, packed, methods, ids, vs, longer, finish)


def line_end(f: IO[bytes], at: int) -> int | None:
    """Where the first line end at or after ``at`` is, the file read from its position (``at``)
    on; None: there is none before the end."""
    while True:
        block = f.read(READ_BLOCK)
        if not block:
            return None
        i = block.find(b"\n")
        if i >= 0:
            return at + i
        at += len(block)


def _value_of(line: bytes | bytearray) -> JsonValue:
    """One line's JSON value, or _BLANK / _NOT_JSON."""
    if not line.strip():
        return _BLANK
    try:
        return orjson.loads(line)
    except orjson.JSONDecodeError:
        return _NOT_JSON


_PACK = pack_table()
_RAW_MEMBER = b',"raw":"'  # how every writer writes the bytes' member (orjson: no spaces)
_HEAD_SCAN = 4 << 20  # the members before the bytes are looked for this far into a line
_STRING_BODY = re.compile(rb'[^"\\]*(?:\\.[^"\\]*)*', re.S)  # the inside of a JSON string, up to its closing quote


def _leading_members(prefix: bytes | bytearray) -> JsonValue:
    """The members of a cut JSON object that are whole in ``prefix`` (the first few KiB are
    looked at), as an object; raises orjson.JSONDecodeError when there are none."""
    scan = bytes(prefix[: 1 << 16])
    at = len(scan)
    for _ in range(256):
        at = scan.rfind(b',"', 0, at)
        if at < 0:
            break
        try:
            return orjson.loads(scan[:at] + b"}")
        except orjson.JSONDecodeError:
            continue
    raise orjson.JSONDecodeError("no whole member", scan.decode("utf-8", "replace"), 0)


def _salvage(buf: bytearray) -> tuple[JsonObject, list[bytes], bool] | None:
    """From the first bytes of an entry line past the limit: the members written before its
    bytes, its bytes as far as they are there (in pieces, to be joined once ``buf`` is gone),
    and whether they were all there; None when they are no entry a writer wrote."""
    at = buf.find(_RAW_MEMBER, 0, _HEAD_SCAN)
    head = None
    for _ in range(8):  # the first one whose start is a whole object (a member's text may hold it too)
        if at < 0:
            return None
        try:
            head = orjson.loads(bytes(buf[:at]) + b"}")
        except orjson.JSONDecodeError:
            head = None
        if type(head) is dict:
            break
        at = buf.find(_RAW_MEMBER, at + 1, _HEAD_SCAN)
    if type(head) is not dict:
        return None
    start = at + len(_RAW_MEMBER)
    body = _STRING_BODY.match(buf, start)  # it matches anywhere (an empty string too)
    assert body is not None
    end = body.end()  # the closing quote, or the end of what is there
    whole = end < len(buf) and buf[end] == 0x22  # else a backslash at the very end: cut inside an escape
    return head, _string_pieces(buf, start, end), whole


_DECODE_STEP = 4 << 20


def _string_pieces(buf: bytearray, start: int, end: int) -> list[bytes]:
    """The inside of a JSON string, ``buf[start:end]``, as UTF-8 bytes, decoded a few MiB at a
    time (a piece ends where a whole character or escape does; what is cut at the very end is
    left out), so that a huge string never exists as one Python str."""
    pieces: list[bytes] = []
    at = start
    with memoryview(buf) as view:
        while at < end:
            stop = min(at + _DECODE_STEP, end)
            for trim in range(16):
                cut = stop - trim
                if cut <= at:
                    return pieces
                try:
                    text = orjson.loads(b'"' + view[at:cut] + b'"')
                except orjson.JSONDecodeError:
                    continue
                pieces.append(text.encode("utf-8", "surrogatepass"))
                at = cut
                break
            else:
                return pieces
    return pieces


def file_kind(mode: int) -> str:
    """What a file that is not a regular one is, in a few words ("a named pipe (FIFO)")."""
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISDIR(mode):
        return "a folder"
    return "not a regular file"


#: the channels of the side lines version 2 wrote as stderr that are the link's notes (HTTP)
_LINK_CHANNELS = ("http", "http-body")


#: the events of a link with no process (HTTP), which versions 1 to 3 wrote as kind "process"
_LINK_EVENT_NAMES = frozenset(k.value for k in LinkEventKind)


def migrate(d: JsonValue, version: int) -> JsonValue:
    """Lift one line of an older file to the current format (anything odd is left for the
    entry checks to describe). The lines it changes all carry an extra member (a channel, an
    event), so the column-at-a-time loader, which takes no such line, never needs it."""
    if version < 3 and isinstance(d, dict) and d.get("dir") == "stderr" and d.get("channel") in _LINK_CHANNELS:
        d["dir"] = "note"  # version 2: the HTTP transport's side lines were written as stderr
    if version < 4 and isinstance(d, dict):  # version 3: the link's events and notes had no kind of their own
        if d.get("dir") == "note" and d.get("kind") == "stderr":
            d["kind"] = "link-note"
        elif d.get("dir") == "event" and d.get("kind") == "process":
            event = d.get("event")
            if isinstance(event, str) and event in _LINK_EVENT_NAMES:
                d["kind"] = "link"
    if version < 2 and isinstance(d, dict):
        tr = d.get("transition")
        if (
            isinstance(tr, dict)
            and "event" not in tr
            and isinstance(tr.get("from"), str)
            and isinstance(tr.get("to"), str)
        ):
            label = tr.get("label")
            event = event_of_edge(tr["from"], tr["to"], label if isinstance(label, str) else None)
            if event is not None:
                d["transition"] = {**tr, "event": event}
    return d


def migrate_header(header: JsonObject, version: int) -> JsonObject:
    """Lift an older header: version 1 recorded stdio sessions only."""
    if version < FORMAT_VERSION:  # what is in memory now is the current format
        header = {**header, "version": FORMAT_VERSION, "migrated_from": version}
    if version < 2:
        header.setdefault("transport", TransportKind.STDIO.value)
    return header
