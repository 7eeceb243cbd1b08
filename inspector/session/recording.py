"""The recording: an append-only, columnar store of everything that happened in a session.

Each entry keeps the exact bytes and a small summary (direction, kind, method, id, lifecycle
state after it, violations, schema verdict, latency, the paired entry). Columns are arrays
and lists of shared or small objects, so a 150-byte message costs well under 400 bytes and the
cyclic garbage collector has almost nothing to walk. ``recording[i]`` materialises an
:class:`Entry` on demand; the decoded JSON is never stored (``Entry.json()`` re-parses).

Listeners receive batches as ``(start, end)`` ranges after each chunk of input, never one
call per message.

The file format is JSON Lines: a header object, then one object per entry (the same objects
``probe --json`` prints), then optionally a summary object. It is appended and flushed as
entries arrive, so a killed process leaves a readable file.

Loading (:meth:`Recording.load`) reads the file as a stream and trusts nothing in it: only a
regular file is opened (a FIFO never blocks the caller), the header must name the format and a
whole version from 1 up to ours, and every later line is checked field by field. A line that
cannot be an entry is skipped and described in ``load_problems`` (line number, reason); the
entries keep the numbers they were recorded with, a placeholder standing in for a lost one, so
pairing references stay right. :class:`RecordingError` is the only exception it raises. It is
bounded: no line is held longer than :data:`MAX_LOAD_LINE` (a longer entry keeps its first
bytes, marked ``damaged``; the rest of the line is counted and skipped), and the lines it
describes one by one, and the placeholders with their own text, stop at :data:`MAX_LOAD_PROBLEMS`
(the rest are counted).
Ordinary lines are taken a run at a time, column by column (see :class:`FileLoader`), with the
same result as line by line. :class:`RecordingLoader` reads a file in steps, so a window can
show a large recording while the rest of it loads (``Recording.loading`` until it is complete).

Three modules: this one is the live columnar store (:class:`Recording`: appending, reading
entries and whole columns, listeners) and its file writer; :mod:`.recording_entry` is the
vocabulary (directions, :class:`Entry`, the packed code) and the format's version history;
:mod:`.recording_load` reads a file (checks, migration of older versions, the column-at-a-time
loader) into a store through its ``add_*`` methods. Every name other code uses is importable
from here.
"""

from __future__ import annotations

import base64
import bisect
import codecs
import contextlib
import os
import sys
import time
from array import array
from collections import Counter
from collections.abc import Iterator, Mapping
from itertools import repeat
from operator import is_
from pathlib import Path
from types import MappingProxyType
from typing import IO, TYPE_CHECKING, Protocol, TypeAlias

import orjson

from inspector.protocol.engine import EMPTY, Analysis
from inspector.protocol.jsontypes import JsonObject, JsonValue
from inspector.protocol.lifecycle import State
from inspector.protocol.messages import Kind, first_invalid_utf8
from inspector.transport.base import TransportKind

from .recording_entry import (
    DIR_TEXT,
    DIRECTIONS,
    FORMAT,
    FORMAT_VERSION,
    KIND_TEXT,
    KINDS,
    LARGE_ENTRY,
    LEGACY_STATE_VALUES,
    SCHEMA_VALUE,
    STATE_INDEX,
    STATE_TEXT,
    STATES,
    Columns,
    Direction,
    Entry,
    Listener,
    code_parts,
)
from .recording_load import (
    MAX_LOAD_LINE,
    MAX_LOAD_PROBLEMS,
    READ_BLOCK,
    FileLoader,
    Parsed,
    Progress,
    RecordingError,
    file_kind,
    quote_value,
)

if TYPE_CHECKING:
    from .import_problems import ImportProblem

#: The names other modules import from here: the store is here, its vocabulary in
#: :mod:`.recording_entry`, reading a file in :mod:`.recording_load`.
__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "LARGE_ENTRY",
    "MAX_LOAD_LINE",
    "MAX_LOAD_PROBLEMS",
    "READ_BLOCK",
    "Columns",
    "Direction",
    "Entry",
    "Listener",
    "Progress",
    "Recording",
    "RecordingError",
    "RecordingLoader",
    "RecordingWriter",
    "TransportKind",
    "code_parts",
    "file_kind",
    "quote_value",
]

_NO_EXTRA: JsonObject = {}
_LITTLE = sys.byteorder == "little"
#: what a run of plain entries shares (:meth:`Recording.plain_run`): code, method, time
_PlainRun: TypeAlias = tuple[int, str | None, float]
_EXCHANGE_WINDOW = 512  # exchange events looked through to find a message's (concurrent POSTs interleave)


def _plain_pieces(packed: int, method: str | None) -> tuple[bytes, bytes]:
    """What a plain entry's JSON line holds around its bytes: from ``dir`` to ``"raw":``, and
    after the bytes (``json_lines``' fast path; the same keys in the same order as to_json)."""
    head = orjson.dumps(
        {"dir": DIR_TEXT[packed & 7], "kind": KIND_TEXT[(packed >> 3) & 15], "method": method, "id": None}
    )
    tail = orjson.dumps(
        {"state": STATE_TEXT[(packed >> 7) & 15], "violations": [], "schema_ok": SCHEMA_VALUE[packed >> 11]}
    )
    return b"," + head[1:-1] + b',"raw":', b"," + tail[1:]


class Recording:
    """Append-only columns. Not thread-safe: one driver appends, observers read."""

    #: True while a file is still being read into it (:class:`RecordingLoader`): it is read-only
    #: and complete only once this is False.
    loading = False

    def __init__(self, header: JsonObject | None = None, *, t0: float | None = None) -> None:
        self.header: JsonObject = {"format": FORMAT, "version": FORMAT_VERSION, "created": _now_iso()}
        if header:
            self.header.update(header)
        self.t0 = time.monotonic() if t0 is None else t0
        self.summary: JsonObject | None = None
        self.read_only = False
        self._t = array("d")
        # direction (3 bits) | kind (4 bits) << 3 | state (4 bits) << 7 | schema verdict (2 bits) << 11
        self._packed = array("H")
        self._raw: list[bytes] = []
        self._method: list[str | None] = []
        self._id: list[JsonValue] = []
        self._viol: list[tuple[str, ...]] = []
        self._latency: dict[int, float] = {}  # sparse: responses
        self._paired: dict[int, int] = {}  # sparse: responses, answers, progress
        self._extra: dict[int, JsonObject] = {}  # sparse: schema errors, transitions, problems, exit info
        self._listeners: list[Listener] = []
        self._notified = 0
        self._interned: dict[str | None, str | None] = {}  # one string object per method name
        # plain_run's last question (start, end and the sparse columns' sizes) and answer
        self._plain_memo: tuple[tuple[int, ...] | None, _PlainRun | None] = (None, None)
        self.transition_rows: list[int] = []  # entries that moved the lifecycle, ascending
        self.exchange_rows: list[int] = []  # HTTP: the entries of exchange events, ascending
        # Set by load(): lines that could not be read, (line number or None, reason), the
        # first MAX_LOAD_PROBLEMS of load_problem_count.
        self.load_problems: list[tuple[int | None, str]] = []
        self.load_problem_count = 0
        #: Set by load(): the header's members that were left out (of the wrong type: the readers
        #: use their defaults), as located, translatable problems (``documents.read_recording_header``)
        self.header_problems: list[ImportProblem] = []
        # Entries before _base were released (:meth:`release`): written out, no longer held; the
        # columns hold entries _base .. len(self) - 1, the sparse ones and the row lists by number
        self._base = 0
        self._released_codes: Counter[int] = Counter()
        self._released_violations: Counter[tuple[str, ...]] = Counter()

    @classmethod
    def plain_batch(cls, start: int, t: float, code: int, method: str | None, raws: list[bytes]) -> Recording:
        """Entries ``start`` .. of another recording that make one plain run there
        (:meth:`plain_run`: this ``code``, ``method`` and time ``t`` since its start, no id,
        violation or anything sparse), as a recording of their own that numbers them as it
        did: what a writer in another process formats them from (session.format_worker)."""
        part = cls(t0=0.0)
        n = len(raws)
        part._base = start
        part._notified = start
        part._t.extend(array("d", (t,)) * n)
        part._packed.extend(array("H", (code,)) * n)
        part._raw.extend(raws)
        part._method.extend([method] * n)
        part._id.extend([None] * n)
        part._viol.extend([EMPTY] * n)
        return part

    # ---------------------------------------------------------------- writing

    def __len__(self) -> int:
        return self._base + len(self._raw)

    def append(self, direction: Direction, t: float, raw: bytes, a: Analysis, extra: JsonObject | None = None) -> int:
        seq = self._base + len(self._raw)
        verdict = a.schema
        if verdict is None:
            code = 0
        elif verdict.ok:
            code = 1
        else:
            code = 2
            extra = dict(extra or {})
            extra["schema_errors"] = [{"path": e.path, "message": e.message} for e in verdict.errors]
            extra["schema_definition"] = verdict.definition
        self._t.append(t - self.t0)
        self._packed.append(direction | a.kind << 3 | STATE_INDEX[a.state] << 7 | code << 11)
        self._raw.append(raw)
        m = a.method
        if m is not None:
            m = self._interned.setdefault(m, m)
        self._method.append(m)
        self._id.append(a.id)
        self._viol.append(a.violations or EMPTY)
        if a.latency is not None:
            self._latency[seq] = a.latency
        if a.paired is not None:
            self._paired[seq] = a.paired
        tr = a.transition
        if tr is not None or a.problem is not None or a.notes:
            extra = dict(extra or {})
            if tr is not None:
                extra["transition"] = {
                    "from": tr.source.value,
                    "to": tr.target.value,
                    "event": tr.event.value,
                    "label": tr.label,
                    "failure": tr.failure,
                }
                self.transition_rows.append(seq)
            if a.problem is not None:
                extra["problem"] = a.problem
            if a.notes:  # info rules that explain the entry (never violations)
                extra["notes"] = list(a.notes)
        if extra:
            self._extra[seq] = extra
            if extra.get("event") == "http_exchange":
                self.exchange_rows.append(seq)
        return seq

    def extend(
        self,
        direction: Direction,
        t: float,
        raws: list[bytes],
        analyses: list[Analysis],
        extra: JsonObject | None = None,
    ) -> None:
        """Append many lines that arrived together (same direction and time): the hot path.
        ``extra``: one dict every entry of the batch shares (by reference, never changed).
        A batch whose lines share one plain Analysis (a flood's read) is appended a column at a
        time, with the same result as entry by entry."""
        if raws and self._extend_shared(direction, t, raws, analyses, extra):
            return
        rel = t - self.t0
        t_append = self._t.append
        packed_append = self._packed.append
        raw_append = self._raw.append
        method_append = self._method.append
        id_append = self._id.append
        viol_append = self._viol.append
        interned = self._interned
        state_index = STATE_INDEX
        seq = self._base + len(self._raw)
        last = None  # the analysis the fields below were read from (a flood's lines share one)
        code = 0
        m = id_ = paired = latency = None
        viol: tuple[str, ...] = EMPTY
        for raw, a in zip(raws, analyses, strict=True):
            if a is not last:
                verdict = a.schema
                if (
                    (verdict is not None and not verdict.ok)
                    or a.transition is not None
                    or a.problem is not None
                    or a.notes
                ):
                    self.append(direction, t, raw, a, extra)
                    seq += 1
                    last = None
                    continue
                last = a
                code = direction | a.kind << 3 | state_index[a.state] << 7 | (0 if verdict is None else 2048)
                m = a.method
                if m is not None:
                    m = interned.setdefault(m, m)
                id_, viol, paired, latency = a.id, a.violations, a.paired, a.latency
            if extra is not None:
                self._extra[seq] = extra
            t_append(rel)
            packed_append(code)
            raw_append(raw)
            method_append(m)
            id_append(id_)
            viol_append(viol)
            if paired is not None:
                self._paired[seq] = paired
                if latency is not None:
                    self._latency[seq] = latency
            seq += 1

    def _extend_shared(
        self,
        direction: Direction,
        t: float,
        raws: list[bytes],
        analyses: list[Analysis],
        extra: JsonObject | None,
    ) -> bool:
        """``extend`` for a batch whose every line has the same Analysis object, a plain one
        (valid or unchecked, no transition, problem, notes, pairing or latency): each column
        extended once. False (nothing appended) for any other batch."""
        n = len(raws)
        if len(analyses) != n:  # the entry by entry way says so (zip's strict check)
            return False
        a = analyses[0]
        if (
            (a.schema is not None and not a.schema.ok)
            or a.transition is not None
            or a.problem is not None
            or a.notes
            or a.paired is not None
            or a.latency is not None
            or not all(map(is_, analyses, repeat(a)))
        ):
            return False
        seq = self._base + len(self._raw)
        m = a.method
        if m is not None:
            m = self._interned.setdefault(m, m)
        code = direction | a.kind << 3 | STATE_INDEX[a.state] << 7 | (0 if a.schema is None else 2048)
        self._t.extend(array("d", (t - self.t0,)) * n)  # repeated in C, copied in one go
        self._packed.extend(array("H", (code,)) * n)
        self._raw.extend(raws)
        self._method.extend([m] * n)
        self._id.extend([a.id] * n)
        self._viol.extend([a.violations] * n)
        if extra is not None:
            self._extra.update(zip(range(seq, seq + n), repeat(extra)))
        return True

    def add_listener(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def remove_listener(self, listener: Listener) -> None:
        self._listeners.remove(listener)

    def notify(self) -> None:
        """Tell listeners about entries appended since the last call (one batch)."""
        end = self._base + len(self._raw)
        start = self._notified
        if end > start:
            self._notified = end
            failed: Exception | None = None
            for listener in list(self._listeners):
                try:
                    listener(start, end)
                except Exception as exc:  # the others still get the batch; the first fault is raised after
                    failed = failed or exc
            if failed is not None:
                raise failed

    # ---------------------------------------------------------------- reading

    def __getitem__(self, i: int) -> Entry:
        if i < 0:
            i += len(self)
        j = i - self._base
        if j < 0:
            raise IndexError(f"entry {i} was released (written out: read the file)")
        packed = self._packed[j]
        return Entry(
            seq=i,
            t=self._t[j],
            direction=DIRECTIONS[packed & 7],
            kind=KINDS[(packed >> 3) & 15],
            method=self._method[j],
            id=self._id[j],
            raw=self._raw[j],
            state=STATES[(packed >> 7) & 15],
            violations=self._viol[j],
            schema_ok=SCHEMA_VALUE[packed >> 11],
            latency=self._latency.get(i),
            paired=self._paired.get(i),
            extra=self._extra.get(i, {}),
        )

    def longest(self, start: int, end: int) -> int:
        """The length of the longest entry's bytes in ``start`` .. ``end - 1`` (0 for none)."""
        b = self._base
        return max(map(len, self._raw[start - b : end - b]), default=0)

    def json_lines(self, start: int, end: int) -> bytes:
        """Entries ``start`` .. ``end - 1`` as JSON Lines, the same objects as
        ``Entry.to_json`` makes, read straight from the columns (the recording writer's and
        ``probe --json``'s hot path: no Entry is built).

        A plain entry (no id, violation, latency, pairing or extra; valid UTF-8: a flood's
        notifications) is spliced from pieces made once per kind, method and time: only its
        number and its bytes (as a JSON string) are new per line. The bytes are the same as
        dumping its object (the test compares them)."""
        dumps = orjson.dumps
        b = self._base
        run = self.plain_run(start, end)
        if run is not None:  # one read of a flood: every line is the same but its number and bytes
            code, method, t = run
            head, tail = _plain_pieces(code, method)
            head = dumps(round(t, 6)) + head
            try:
                lines = [
                    b'{"seq":%d,"t":%b%b%b' % (i, head, dumps(raw.decode("utf-8")), tail)
                    for i, raw in zip(range(start, end), self._raw[start - b : end - b], strict=True)
                ]
            except UnicodeDecodeError:  # some bytes are not UTF-8: the entry by entry way below
                pass
            else:
                lines.append(b"")
                return b"\n".join(lines)
        packed_col, t_col, raw_col, method_col, id_col, viol_col = (
            self._packed,
            self._t,
            self._raw,
            self._method,
            self._id,
            self._viol,
        )
        latency, paired, extra_of = self._latency, self._paired, self._extra
        out: list[bytes] = []
        add = out.append
        pieces: dict[tuple[int, str | None], tuple[bytes, bytes]] = {}
        last_t = last_code = last_method = None
        t_text = head = tail = b""
        for i, packed, t, raw, method, id_, viol in zip(
            range(start, end),
            packed_col[start - b : end - b],
            t_col[start - b : end - b],
            raw_col[start - b : end - b],
            method_col[start - b : end - b],
            id_col[start - b : end - b],
            viol_col[start - b : end - b],
            strict=True,
        ):
            if id_ is None and not viol and i not in extra_of and i not in paired and i not in latency:
                if packed != last_code or method is not last_method:  # runs share them
                    last_code, last_method = packed, method
                    piece = pieces.get((packed, method))
                    if piece is None:
                        piece = pieces[(packed, method)] = _plain_pieces(packed, method)
                    head, tail = piece
                try:
                    quoted = dumps(raw.decode("utf-8"))  # faster than escaping the bytes in Python
                except UnicodeDecodeError:
                    quoted = None
                if quoted is not None:
                    if t != last_t:
                        last_t = t
                        t_text = dumps(round(t, 6))
                    add(b'{"seq":%d,"t":%b%b%b%b' % (i, t_text, head, quoted, tail))
                    continue
            d: JsonObject = {
                "seq": i,
                "t": round(t, 6),
                "dir": DIR_TEXT[packed & 7],
                "kind": KIND_TEXT[(packed >> 3) & 15],
                "method": method,
                "id": id_,
            }
            try:
                d["raw"] = raw.decode("utf-8")
            except UnicodeDecodeError:
                d["raw"] = raw.decode("utf-8", "replace")
                d["raw_b64"] = base64.b64encode(raw).decode("ascii")
            d["state"] = STATE_TEXT[(packed >> 7) & 15]
            d["violations"] = viol
            d["schema_ok"] = SCHEMA_VALUE[packed >> 11]
            if latency and i in latency:
                d["latency"] = round(latency[i], 6)
            if paired and i in paired:
                d["paired"] = paired[i]
            extra = extra_of.get(i)
            if extra:
                d.update(extra)
            try:
                add(dumps(d))
            except TypeError:  # a value orjson does not know (kept as its text, as to_json's writers do)
                add(dumps(d, default=str))
        add(b"")
        return b"\n".join(out)

    def plain_run(self, start: int, end: int) -> _PlainRun | None:
        """When entries ``start`` .. ``end - 1`` (at least one) are all plain - no id, violation,
        latency, pairing or extra - and share their code (:func:`code_parts`), method and time
        (one read of a flood), what they share; else None. Checked with C-level passes, so
        writers can format such a run in bulk."""
        n = end - start
        if n <= 0:
            return None
        key = (start, end, len(self._extra), len(self._paired), len(self._latency))
        if self._plain_memo[0] == key:  # both writers ask about the same batch
            return self._plain_memo[1]
        result = self._plain_run(start, end)
        self._plain_memo = (key, result)
        return result

    def _plain_run(self, start: int, end: int) -> _PlainRun | None:
        n = end - start
        lo, hi = start - self._base, end - self._base
        code, method, t = self._packed[lo], self._method[lo], self._t[lo]
        ids = self._id[lo:hi]
        if (
            self._packed[lo:hi].count(code) != n
            or self._method[lo:hi].count(method) != n
            or self._t[lo:hi].count(t) != n
            or ids.count(None) != n
            or self._viol[lo:hi].count(EMPTY) != n
        ):
            return None
        span = range(start, end)
        for sparse in (self._extra, self._paired, self._latency):
            if sparse and any(map(sparse.__contains__, span)):
                return None
        return code, method, t

    def columns(self, start: int, end: int) -> Columns:
        """Entries ``start`` .. ``end - 1`` as columns (copies of the slices; the sparse
        fields as live views): for writers that format many entries (``probe``'s transcript)."""
        lo, hi = start - self._base, end - self._base
        return Columns(
            range(start, end),
            self._packed[lo:hi],
            self._t[lo:hi],
            self._raw[lo:hi],
            self._method[lo:hi],
            self._id[lo:hi],
            self._viol[lo:hi],
            self._latency.keys(),
            self._extra.keys(),
        )

    def __iter__(self) -> Iterator[Entry]:
        for i in range(self._base, len(self)):
            yield self[i]

    # cheap column access for models and counters
    def direction_at(self, i: int) -> Direction:
        return DIRECTIONS[self._packed[i - self._base] & 7]

    def kind_at(self, i: int) -> Kind:
        return KINDS[(self._packed[i - self._base] >> 3) & 15]

    def t_at(self, i: int) -> float:
        return self._t[i - self._base]

    def id_at(self, i: int) -> JsonValue:
        return self._id[i - self._base]

    def state_at(self, i: int) -> State:
        return STATES[(self._packed[i - self._base] >> 7) & 15]

    def schema_at(self, i: int) -> bool | None:
        return SCHEMA_VALUE[self._packed[i - self._base] >> 11]

    def latency_at(self, i: int) -> float | None:
        return self._latency.get(i)

    def paired_at(self, i: int) -> int | None:
        return self._paired.get(i)

    def transition_as_of(self, row: int) -> tuple[int, JsonObject] | None:
        """The last entry at or before ``row`` that moved the lifecycle, with its transition."""
        rows = self.transition_rows
        k = bisect.bisect_right(rows, row)
        if k == 0:
            return None
        seq = rows[k - 1]
        return seq, self._extra[seq]["transition"]

    def era_as_of(self, row: int) -> str | None:
        """'legacy' or 'modern' once the entries up to ``row`` show which machine ran, else None."""
        for seq in self.transition_rows[: bisect.bisect_right(self.transition_rows, row)][::-1]:
            tr = self._extra[seq]["transition"]
            if tr["to"] in LEGACY_STATE_VALUES:
                return "legacy"
            if tr["to"] == State.READY.value:
                return "modern"
        return None

    def extra_at(self, i: int) -> JsonObject:
        """What entry ``i`` keeps beside its bytes (HTTP metadata, transition, event, ...); do not change it."""
        return self._extra.get(i) or _NO_EXTRA

    def exchanges_of(self, seq: int) -> list[int]:
        """HTTP: the exchange events (entry numbers) entry ``seq`` belongs to. An exchange is its
        own; a message the client sent travelled in the POSTs that carried it (two when HTTP auto
        sent initialize again over HTTP+SSE); a message the server sent came in the answer to one
        POST or on a GET stream: the latest such exchange before it. Empty for stdio."""
        rows = self.exchange_rows
        if not rows or not (self._base <= seq < len(self)):
            return []
        extra = self._extra.get(seq) or {}
        if extra.get("event") == "http_exchange":
            return [seq]
        http = extra.get("http")
        if self.direction_at(seq) is Direction.C2S:
            start = bisect.bisect_left(rows, seq)
            return [
                r for r in rows[start : start + _EXCHANGE_WINDOW] if self._extra[r]["http"].get("request_seq") == seq
            ]
        if not isinstance(http, dict) or "method" not in http:
            return []
        method, request_seq = http.get("method"), http.get("request_seq")
        end = bisect.bisect_left(rows, seq)
        for r in reversed(rows[max(0, end - _EXCHANGE_WINDOW) : end]):
            x = self._extra[r]["http"]
            if x.get("method") == method and x.get("request_seq") == request_seq and x.get("url") == http.get("url"):
                return [r]
        return []

    def transport_as_of(self, row: int) -> TransportKind:
        """The transport the session ran on at ``row``: the header's (stdio when it names none
        known), until an HTTP auto session fell back to HTTP+SSE (the fallback is a lifecycle
        edge, so it is among the transitions)."""
        transport = TransportKind.named(self.header.get("transport"))
        if transport is not TransportKind.HTTP_AUTO:
            return transport
        for seq in self.transition_rows[: bisect.bisect_right(self.transition_rows, row)]:
            if self._extra[seq]["transition"].get("event") == "transport_fallback":
                return TransportKind.SSE_FALLBACK
        return transport

    def method_at(self, i: int) -> str | None:
        return self._method[i - self._base]

    def violations_at(self, i: int) -> tuple[str, ...]:
        return self._viol[i - self._base]

    def raw_at(self, i: int) -> bytes:
        return self._raw[i - self._base]

    def _span(self, start: int, end: int | None) -> slice:
        """Where entries ``start`` .. ``end - 1`` are in the columns (after entries were released)."""
        b = self._base
        return slice(start - b if start >= b else 0, None if end is None else end - b)

    # whole columns, for code that reads many entries at once (views filter a million): a slice
    # of ``start`` .. ``end - 1`` (to the last entry when ``end`` is None), made in C

    def times(self, start: int = 0, end: int | None = None) -> array[float]:
        """Each entry's time (seconds since the recording started)."""
        return self._t[self._span(start, end)]

    def codes(self, start: int = 0, end: int | None = None) -> array[int]:
        """Each entry's code: direction, kind, state and schema verdict (see :func:`code_parts`)."""
        return self._packed[self._span(start, end)]

    def code_bytes(self, start: int = 0, end: int | None = None, *, high: bool = False) -> bytes:
        """One byte per entry of :meth:`codes`: the low one (direction in bits 0-2, kind in
        bits 3-6) or, ``high``, the high one (the schema verdict in bits 3-4): for
        ``bytes.translate`` into masks."""
        data = self._packed[self._span(start, end)].tobytes()
        first = 1 if high == _LITTLE else 0
        return data[first::2]

    def raws(self, start: int = 0, end: int | None = None) -> list[bytes]:
        """Each entry's bytes."""
        return self._raw[self._span(start, end)]

    def raw_column(self) -> tuple[list[bytes], int]:
        """The bytes column itself, not a copy (read it, never change it), and the number of its
        first entry (those before were released): for a C-level scan of many entries, which a
        copy of a million references would cost a sizeable share of."""
        return self._raw, self._base

    def methods(self, start: int = 0, end: int | None = None) -> list[str | None]:
        """Each entry's method (one string object per method name)."""
        return self._method[self._span(start, end)]

    def ids(self, start: int = 0, end: int | None = None) -> list[JsonValue]:
        """Each entry's JSON-RPC id (None for none)."""
        return self._id[self._span(start, end)]

    def violations(self, start: int = 0, end: int | None = None) -> list[tuple[str, ...]]:
        """Each entry's violated rules (shared tuples; empty for none)."""
        return self._viol[self._span(start, end)]

    def latencies(self) -> Mapping[int, float]:
        """The entries that have a latency (responses), in the order they were added; read-only."""
        return MappingProxyType(self._latency)

    def pairings(self) -> Mapping[int, int]:
        """The entries paired with another (responses, answers, progress); read-only."""
        return MappingProxyType(self._paired)

    def extras(self) -> Mapping[int, JsonObject]:
        """The entries that keep something beside their bytes (see :meth:`extra_at`); read-only."""
        return MappingProxyType(self._extra)

    def counts(self) -> JsonObject:
        # the link's notes are counted only where there are some (a stdio session has none)
        by_dir = {d.label: 0 for d in Direction if d is not Direction.NOTE}
        by_kind: dict[str, int] = {}
        invalid = 0
        codes = Counter(self._packed)  # counted in C: a few distinct codes
        codes.update(self._released_codes)
        for packed, n in codes.items():
            label = DIRECTIONS[packed & 7].label
            by_dir[label] = by_dir.get(label, 0) + n
            label = KINDS[(packed >> 3) & 15].label
            by_kind[label] = by_kind.get(label, 0) + n
            if packed >> 11 == 2:
                invalid += n
        rules: dict[str, int] = {}
        violated = Counter(self._viol)  # the tuples are shared: a few distinct ones
        violated.update(self._released_violations)
        for vs, n in violated.items():
            for r in vs:
                rules[r] = rules.get(r, 0) + n
        return {
            "entries": len(self),
            "by_dir": by_dir,
            "by_kind": by_kind,
            "schema_invalid": invalid,
            "violations": rules,
        }

    def memory_bytes(self) -> int:
        """Bytes held by the store itself (columns, raw bytes, sparse extras)."""
        total = sys.getsizeof(self._t) + sys.getsizeof(self._packed)
        total += sys.getsizeof(self._latency) + sys.getsizeof(self._paired)
        total += sys.getsizeof(self._raw) + sum(sys.getsizeof(b) for b in self._raw)
        total += sys.getsizeof(self._method) + sys.getsizeof(self._id) + sys.getsizeof(self._viol)
        total += sum(sys.getsizeof(x) for x in self._id if x is not None and not (type(x) is int and -5 <= x <= 256))
        total += sum(sys.getsizeof(v) for v in self._viol if v is not EMPTY and v)
        total += sys.getsizeof(self._extra) + sum(sys.getsizeof(v) for v in self._extra.values())
        return total

    # ---------------------------------------------------------------- releasing

    @property
    def released(self) -> int:
        """How many entries were released (:meth:`release`): entries ``0 .. released - 1`` are no
        longer held (reading one raises IndexError); the others keep their numbers."""
        return self._base

    def release(self, upto: int) -> None:
        """Forget entries before ``upto`` (a proxy that runs for hours: its writer has written
        them out). Their numbers stay taken, :meth:`counts` still counts them, and entries
        appended later are numbered on; what is held is only what came after. Only entries the
        listeners were told about can be released (a writer has them); a loaded recording,
        whose readers look back at any entry, is never released."""
        upto = min(upto, self._notified)
        n = upto - self._base
        if n <= 0:
            return
        self._released_codes.update(Counter(self._packed[:n]))
        self._released_violations.update(Counter(self._viol[:n]))
        for column in (self._t, self._packed, self._raw, self._method, self._id, self._viol):
            del column[:n]
        self._latency = {k: v for k, v in self._latency.items() if k >= upto}
        self._paired = {k: v for k, v in self._paired.items() if k >= upto}
        self._extra = {k: v for k, v in self._extra.items() if k >= upto}
        self.transition_rows = self.transition_rows[bisect.bisect_left(self.transition_rows, upto) :]
        self.exchange_rows = self.exchange_rows[bisect.bisect_left(self.exchange_rows, upto) :]
        self._base = upto
        self._plain_memo = (None, None)

    # ---------------------------------------------------------------- files

    def write_to(self, path: str | os.PathLike[str]) -> RecordingWriter:
        """Start a recording file with everything so far; later batches are appended and flushed."""
        writer = RecordingWriter(Path(path), self)
        self.add_listener(writer.on_batch)
        return writer

    @classmethod
    def load(
        cls, path: str | os.PathLike[str], *, progress: Progress | None = None, max_line: int | None = None
    ) -> Recording:
        """Read a recording file back into a read-only store, as a stream.

        Raises :class:`RecordingError` (and nothing else) when the file cannot be a recording
        at all. Lines that cannot be read are skipped and described in ``load_problems``; the
        entries keep their recorded numbers (a skipped entry leaves a placeholder), so pairing
        references stay right. ``progress(bytes_read, file_size)`` is called every few MB; if
        it returns False, loading stops with a RecordingError whose ``cancelled`` is True.
        A line longer than ``max_line`` (:data:`MAX_LOAD_LINE`) is not read whole: see
        :class:`FileLoader`.
        """
        return FileLoader(path, progress, max_line=max_line).run(cls)

    # ---------------------------------------------------------------- filling from a file
    # (the file loader's, :mod:`.recording_load`: a loaded recording is read-only otherwise)

    def add_columns(
        self,
        times: array[float],
        codes: array[int],
        raws: list[bytes],
        methods: list[str | None],
        ids: list[JsonValue],
        violations: list[tuple[str, ...]],
        latencies: list[tuple[int, float]],
    ) -> None:
        """Append a run of entries read column by column (methods interned as :meth:`append` does)."""
        self._t.extend(times)
        self._packed.extend(codes)
        self._raw.extend(raws)
        interned = self._interned
        had_none = None in interned
        self._method.extend(map(interned.setdefault, methods, methods))
        if not had_none:
            interned.pop(None, None)
        self._id.extend(ids)
        self._viol.extend(violations)
        if latencies:
            self._latency.update(latencies)

    def pair(self, seq: int, paired: int) -> None:
        """Entry ``seq`` is paired with entry ``paired``."""
        self._paired[seq] = paired

    def unpair(self, seq: int) -> None:
        self._paired.pop(seq, None)

    def order_pairings(self) -> None:
        """Put the pairings in entry order (as reading line by line adds them)."""
        self._paired = dict(sorted(self._paired.items()))

    def replace_last_raw(self, raw: bytes) -> None:
        """The last entry's bytes are ``raw`` (a damaged line's, joined once it is read)."""
        self._raw[-1] = raw

    def add_parsed(self, p: Parsed) -> None:
        """Append one entry read from a file (see :func:`parse_entry`)."""
        seq = len(self._raw)
        t, packed, raw, method, id_, violations, latency, paired, extra = p
        self._t.append(t)
        self._packed.append(packed)
        self._raw.append(raw)
        self._method.append(self._interned.setdefault(method, method) if method is not None else None)
        self._id.append(id_)
        self._viol.append(violations)
        if latency is not None:
            self._latency[seq] = float(latency)
        if paired is not None:
            self._paired[seq] = paired
        if extra:
            self._extra[seq] = extra
            if "transition" in extra:
                self.transition_rows.append(seq)
            if extra.get("event") == "http_exchange":
                self.exchange_rows.append(seq)

    def add_unreadable_run(self, count: int, first_line: int, last_line: int) -> None:
        """Stand in for ``count`` entries lost on unreadable lines beyond those described one by
        one: they share one text and one extras object (a million bad lines cost a few bytes each)."""
        seq = len(self._raw)
        text = (
            f"an entry that could not be read: one of {count:,} more unreadable lines "
            f"between line {first_line} and line {last_line} "
            f"(only the first {MAX_LOAD_PROBLEMS:,} unreadable lines are described one by one)"
        ).encode()
        extra = {"event": "unreadable", "line": None}
        packed = (
            Direction.EVENT | Kind.NOTE << 3 | STATE_INDEX[self.state_at(seq - 1) if seq else State.UNINITIALIZED] << 7
        )
        self._t.extend(repeat(self._t[-1] if self._t else 0.0, count))
        self._packed.extend(repeat(packed, count))
        self._raw.extend(repeat(text, count))
        self._method.extend(repeat(None, count))
        self._id.extend(repeat(None, count))
        self._viol.extend(repeat(EMPTY, count))
        self._extra.update(zip(range(seq, seq + count), repeat(extra)))

    def add_unreadable(self, line: int | None, reason: str) -> None:
        """Stand in for an entry that could not be read, so the later ones keep their numbers."""
        seq = len(self._raw)
        where = f"line {line}" if line is not None else "the file"
        text = f"entry {seq} could not be read from {where}: {reason}"
        self._t.append(self._t[-1] if self._t else 0.0)
        self._packed.append(
            Direction.EVENT | Kind.NOTE << 3 | STATE_INDEX[self.state_at(seq - 1) if seq else State.UNINITIALIZED] << 7
        )
        self._raw.append(text.encode("utf-8"))
        self._method.append(None)
        self._id.append(None)
        self._viol.append(EMPTY)
        self._extra[seq] = {"event": "unreadable", "line": line}


class RecordingLoader(FileLoader):
    """A recording file read in steps, for a window that shows the entries read so far while the
    rest loads (an event loop calls :meth:`step` with a time budget between its events).

    ``RecordingLoader(path).begin()`` reads the header (RecordingError when the file cannot be a
    recording) and returns the recording, read-only and ``loading``; each :meth:`step` appends
    more entries (listeners are told with :meth:`Recording.notify`); once it returns True the
    recording holds exactly what :meth:`Recording.load` gives. :meth:`stop` ends it early,
    keeping the entries read so far. ``done_bytes`` / ``size`` say how far it is."""

    def begin(self, cls: type[Recording] | None = None) -> Recording:
        return super().begin(cls or Recording)

    def step(self, seconds: float | None = None, *, stop_after: int | None = None, follow: bool = False) -> bool:
        done = super().step(seconds, stop_after=stop_after, follow=follow)
        if self.rec is not None:
            self.rec.notify()
        return done


class ByteFile(Protocol):
    """What a writer writes its bytes into: a file opened "wb", or a stand-in for one
    (session.format_worker.Sink: another process writes the file)."""

    def write(self, data: bytes, /) -> int: ...

    def flush(self) -> None: ...

    def close(self) -> None: ...


class RecordingWriter:
    """Appends a recording's entries to a JSON Lines file, flushing after every batch."""

    def __init__(self, path: Path, rec: Recording, *, mode: int | None = None) -> None:
        """``mode``: the file's permissions (0o600: only the user reads it, also when it existed
        looser); None: as the umask says."""
        self.path = path
        self.rec = rec
        path.parent.mkdir(parents=True, exist_ok=True)
        self._f: ByteFile | None = open(path, "wb") if mode is None else _open_private(path, mode)
        header = dict(rec.header)
        self._f.write(orjson.dumps(header, default=str) + b"\n")
        # a reader that follows the file (session.follow) sees the header at once; a write that
        # fails here (a full disk) is a failed write, not a file that cannot be opened: it is
        # raised by the next write, as it would be without this flush
        self._unflushed: OSError | None = None
        try:
            self._f.flush()
        except OSError as exc:
            self._unflushed = exc
        self._written = 0
        self.on_batch(0, len(rec))

    def handover_fd(self) -> int | None:
        """The file's descriptor, for a process that would write the file for this writer
        (:meth:`hand_over`); None when it cannot: the file is closed, is no file, or its
        header's flush failed (the next write here says so)."""
        fileno = getattr(self._f, "fileno", None)
        if fileno is None or self._unflushed is not None:
            return None
        try:
            return int(fileno())
        except (OSError, ValueError):
            return None

    def hand_over(self, sink: ByteFile) -> None:
        """From now on write into ``sink``: a process that writes this file for us (it has
        :meth:`handover_fd`); the file object here is closed (its buffer is empty: the header
        was flushed), the descriptor stays open in that process."""
        if self._f is not None:
            self._f.close()
        self._f = sink

    def written_elsewhere(self, end: int) -> None:
        """Entries before ``end`` were written into the file for this writer (see hand_over)."""
        self._written = max(self._written, end)

    def on_batch(self, start: int, end: int) -> None:
        f = self._f
        if f is None:
            return
        start = max(start, self._written)
        if end <= start:
            return
        self._raise_unflushed()
        rec = self.rec
        if rec.longest(start, end) <= LARGE_ENTRY:
            f.write(rec.json_lines(start, end))
        else:
            for i in range(start, end):
                if len(rec.raw_at(i)) > LARGE_ENTRY:
                    _write_large_entry(f, rec[i])
                else:
                    f.write(orjson.dumps(rec[i].to_json(), default=str) + b"\n")
        f.flush()
        self._written = end

    @property
    def written(self) -> int:
        """How many entries are in the file (written and flushed); after :meth:`hand_over`, how
        many were handed to the process that writes it (it writes them in order)."""
        return self._written

    def _raise_unflushed(self) -> None:
        """The header flush's failure (see __init__), raised once, by the write that follows it."""
        if self._unflushed is not None:
            exc, self._unflushed = self._unflushed, None
            raise exc

    def abandon(self) -> None:
        """Stop after a write failed (a full disk, a device error): the file is closed, what its
        buffer still held is dropped, and nothing more is written."""
        f, self._f = self._f, None
        if f is not None:
            try:
                f.close()  # flushing fails again, and the file is closed all the same
            except OSError:
                pass

    def close(self, summary: JsonObject | None = None) -> None:
        if self._f is None:
            return
        self.on_batch(self._written, len(self.rec))
        self._raise_unflushed()
        if summary is not None:
            self._f.write(orjson.dumps(summary, default=str) + b"\n")
        self._f.close()
        self._f = None
        try:
            self.rec.remove_listener(self.on_batch)
        except ValueError:
            pass


def _open_private(path: Path, mode: int) -> IO[bytes]:
    """The file, ``mode`` whatever it was before, and held with a shared ``flock`` while it is
    open: the proxied folder's cap (session.proxied_folder) never removes a file being written."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_CLOEXEC", 0), mode)
    try:
        os.fchmod(fd, mode)  # created before with other permissions (or under an odd umask)
        with contextlib.suppress(ImportError, OSError):  # no flock (Windows): the cap's other rules
            import fcntl

            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        return os.fdopen(fd, "wb")
    except BaseException:
        os.close(fd)
        raise


_SLICE = 1 << 20  # a multiple of 3, so base64 slices join into one valid base64 text


def _write_large_entry(f: ByteFile, entry: Entry) -> None:
    """The same object ``to_json`` makes, with ``raw`` (and ``raw_b64``) streamed last."""
    d = entry.to_json_meta()
    head = orjson.dumps(d, default=str)
    f.write(head[:-1] + (b',"raw":"' if len(head) > 2 else b'"raw":"'))
    raw = entry.raw
    view = memoryview(raw)
    decoder = codecs.getincrementaldecoder("utf-8")("replace")
    for start in range(0, len(raw), _SLICE):
        text = decoder.decode(view[start : start + _SLICE], final=start + _SLICE >= len(raw))
        f.write(orjson.dumps(text)[1:-1])
    f.write(b'"')
    if not _valid_utf8(raw):
        f.write(b',"raw_b64":"')
        step = _SLICE - _SLICE % 3
        for start in range(0, len(raw), step):
            f.write(base64.b64encode(view[start : start + step]))
        f.write(b'"')
    f.write(b"}\n")


def _valid_utf8(raw: bytes) -> bool:
    return first_invalid_utf8(raw) is None


def _now_iso() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S%z")
