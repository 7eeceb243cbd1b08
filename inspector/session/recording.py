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
Ordinary lines are taken a run at a time, column by column (see :class:`_Loader`), with the
same result as line by line. :class:`RecordingLoader` reads a file in steps, so a window can
show a large recording while the rest of it loads (``Recording.loading`` until it is complete).
"""

from __future__ import annotations

import base64
import bisect
import codecs
import enum
import errno
import gc
import os
import re
import stat
import sys
import time
from array import array
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import chain, compress, repeat
from operator import lt
from pathlib import Path
from typing import IO, Any

import orjson

from inspector.protocol.engine import EMPTY, Analysis
from inspector.protocol.framing import DEFAULT_MAX_LINE, display_text
from inspector.protocol.lifecycle import State, event_of_edge
from inspector.protocol.messages import KIND_BY_LABEL, Kind, first_invalid_utf8, loads_lenient
from inspector.transport.base import TransportKind

FORMAT = "mcp-session-inspector/recording"
FORMAT_VERSION = 3
# Version history (old files are lifted on load by _migrate / _migrate_header):
#   1  the first format;
#   2  a transition keeps the id of the lifecycle event that took it ("event"), not only its
#      label; the header names the transport ("transport": "stdio", ...); an entry may carry the
#      metadata of the exchange it travelled in ("http": an object).
#   3  a side line of a link without a process (HTTP: the transport's own note, channel "http";
#      an answer's body that is no message, "http-body") has a direction of its own, "note";
#      version 2 wrote it as "stderr" with that channel. Stderr is the server's process's only.


class Direction(enum.IntEnum):
    C2S = 0
    S2C = 1
    STDERR = 2  # a line the server's process wrote to stderr
    EVENT = 3
    NOTE = 4  # a side line of the link itself (HTTP: the transport's note, an answer's body that is no message)

    @property
    def label(self) -> str:
        return _DIR_LABELS[self]


_DIR_LABELS = {
    Direction.C2S: "c2s",
    Direction.S2C: "s2c",
    Direction.STDERR: "stderr",
    Direction.EVENT: "event",
    Direction.NOTE: "note",
}
DIR_BY_LABEL = {v: k for k, v in _DIR_LABELS.items()}

_STATES = list(State)
_STATE_INDEX = {s: i for i, s in enumerate(_STATES)}
_STATE_BY_VALUE = {s.value: s for s in _STATES}
_KINDS = {k.value: k for k in Kind}
_DIRECTIONS = tuple(Direction)
_LEGACY_STATE_VALUES = frozenset(
    s.value for s in (State.UNINITIALIZED, State.INITIALIZING, State.INITIALIZED, State.OPERATING)
)
_SCHEMA_CODE = {None: 0, True: 1, False: 2}
_SCHEMA_VALUE = (None, True, False)
# the labels a JSON line writes, by the packed column's codes (no enum lookups per entry)
_DIR_TEXT = tuple(_DIR_LABELS[d] for d in _DIRECTIONS)
_KIND_TEXT = {k.value: k.label for k in Kind}
_STATE_TEXT = tuple(s.value for s in _STATES)


@dataclass(frozen=True, slots=True)
class Entry:
    seq: int
    t: float  # seconds since the recording started
    direction: Direction
    kind: Kind
    method: str | None
    id: Any
    raw: bytes
    state: State
    violations: tuple[str, ...]
    schema_ok: bool | None
    latency: float | None
    paired: int | None
    extra: dict = field(default_factory=dict)

    @property
    def text(self) -> str:
        """The bytes as text for people (invalid UTF-8 shown as U+FFFD)."""
        return display_text(self.raw)

    def json(self) -> Any:
        """The decoded message (None for noise and non-message entries)."""
        if self.direction in (Direction.C2S, Direction.S2C):
            return loads_lenient(self.raw)
        return None

    def to_json(self) -> dict:
        d: dict[str, Any] = {
            "seq": self.seq,
            "t": round(self.t, 6),
            "dir": self.direction.label,
            "kind": self.kind.label,
            "method": self.method,
            "id": self.id,
        }
        try:
            d["raw"] = self.raw.decode("utf-8")
        except UnicodeDecodeError:
            d["raw"] = self.raw.decode("utf-8", "replace")
            d["raw_b64"] = base64.b64encode(self.raw).decode("ascii")
        return self._meta_into(d)

    def to_json_meta(self) -> dict:
        """``to_json`` without the bytes (for writing a huge entry in slices)."""
        return self._meta_into(
            {
                "seq": self.seq,
                "t": round(self.t, 6),
                "dir": self.direction.label,
                "kind": self.kind.label,
                "method": self.method,
                "id": self.id,
            }
        )

    def _meta_into(self, d: dict) -> dict:
        d["state"] = self.state.value
        d["violations"] = list(self.violations)
        d["schema_ok"] = self.schema_ok
        if self.latency is not None:
            d["latency"] = round(self.latency, 6)
        if self.paired is not None:
            d["paired"] = self.paired
        if self.extra:
            d.update(self.extra)
        return d


Listener = Callable[[int, int], None]


_NO_EXTRA: dict = {}
_EXCHANGE_WINDOW = 512  # exchange events looked through to find a message's (concurrent POSTs interleave)


@dataclass(frozen=True, slots=True)
class Columns:
    """A run of entries column by column (:meth:`Recording.columns`). ``codes`` holds one small
    number per entry for its direction, kind, state and schema verdict: a run has few
    distinct ones, so decode each once with :func:`code_parts` and cache by code."""

    seqs: range
    codes: array
    t: array
    raw: list[bytes]
    method: list[str | None]
    id: list[Any]
    violations: list[tuple[str, ...]]
    with_latency: Any  # a live set-like view of the entries that have a latency
    with_extra: Any  # ... and of those that keep something beside their bytes


def code_parts(code: int) -> tuple[Direction, Kind, State, bool | None]:
    """What a code of :attr:`Columns.codes` stands for: direction, kind, state, schema verdict."""
    return _DIRECTIONS[code & 7], _KINDS[(code >> 3) & 15], _STATES[(code >> 7) & 15], _SCHEMA_VALUE[code >> 11]


def _plain_pieces(packed: int, method: str | None) -> tuple[bytes, bytes]:
    """What a plain entry's JSON line holds around its bytes: from ``dir`` to ``"raw":``, and
    after the bytes (``json_lines``' fast path; the same keys in the same order as to_json)."""
    head = orjson.dumps(
        {"dir": _DIR_TEXT[packed & 7], "kind": _KIND_TEXT[(packed >> 3) & 15], "method": method, "id": None}
    )
    tail = orjson.dumps(
        {"state": _STATE_TEXT[(packed >> 7) & 15], "violations": [], "schema_ok": _SCHEMA_VALUE[packed >> 11]}
    )
    return b"," + head[1:-1] + b',"raw":', b"," + tail[1:]


class Recording:
    """Append-only columns. Not thread-safe: one driver appends, observers read."""

    #: True while a file is still being read into it (:class:`RecordingLoader`): it is read-only
    #: and complete only once this is False.
    loading = False

    def __init__(self, header: dict | None = None, *, t0: float | None = None) -> None:
        self.header: dict = {"format": FORMAT, "version": FORMAT_VERSION, "created": _now_iso()}
        if header:
            self.header.update(header)
        self.t0 = time.monotonic() if t0 is None else t0
        self.summary: dict | None = None
        self.read_only = False
        self._t = array("d")
        # direction (3 bits) | kind (4 bits) << 3 | state (4 bits) << 7 | schema verdict (2 bits) << 11
        self._packed = array("H")
        self._raw: list[bytes] = []
        self._method: list[str | None] = []
        self._id: list[Any] = []
        self._viol: list[tuple[str, ...]] = []
        self._latency: dict[int, float] = {}  # sparse: responses
        self._paired: dict[int, int] = {}  # sparse: responses, answers, progress
        self._extra: dict[int, dict] = {}  # sparse: schema errors, transitions, problems, exit info
        self._listeners: list[Listener] = []
        self._notified = 0
        self._interned: dict[str, str] = {}
        self._plain_memo: tuple[Any, Any] = (None, None)  # plain_run's last question and answer
        self.transition_rows: list[int] = []  # entries that moved the lifecycle, ascending
        self.exchange_rows: list[int] = []  # HTTP: the entries of exchange events, ascending
        # Set by load(): lines that could not be read, (line number or None, reason), the
        # first MAX_LOAD_PROBLEMS of load_problem_count.
        self.load_problems: list[tuple[int | None, str]] = []
        self.load_problem_count = 0

    # ---------------------------------------------------------------- writing

    def __len__(self) -> int:
        return len(self._raw)

    def append(self, direction: Direction, t: float, raw: bytes, a: Analysis, extra: dict | None = None) -> int:
        seq = len(self._raw)
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
        self._packed.append(direction | a.kind << 3 | _STATE_INDEX[a.state] << 7 | code << 11)
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
        self, direction: Direction, t: float, raws: list[bytes], analyses: list[Analysis], extra: dict | None = None
    ) -> None:
        """Append many lines that arrived together (same direction and time): the hot path.
        ``extra``: one dict every entry of the batch shares (by reference, never changed)."""
        rel = t - self.t0
        t_append = self._t.append
        packed_append = self._packed.append
        raw_append = self._raw.append
        method_append = self._method.append
        id_append = self._id.append
        viol_append = self._viol.append
        interned = self._interned
        state_index = _STATE_INDEX
        seq = len(self._raw)
        last = None  # the analysis the fields below were read from (a flood's lines share one)
        code = 0
        m = id_ = paired = latency = None
        viol: tuple[str, ...] = EMPTY
        for raw, a in zip(raws, analyses):
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

    def add_listener(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def remove_listener(self, listener: Listener) -> None:
        self._listeners.remove(listener)

    def notify(self) -> None:
        """Tell listeners about entries appended since the last call (one batch)."""
        end = len(self._raw)
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
            i += len(self._raw)
        packed = self._packed[i]
        return Entry(
            seq=i,
            t=self._t[i],
            direction=_DIRECTIONS[packed & 7],
            kind=_KINDS[(packed >> 3) & 15],
            method=self._method[i],
            id=self._id[i],
            raw=self._raw[i],
            state=_STATES[(packed >> 7) & 15],
            violations=self._viol[i],
            schema_ok=_SCHEMA_VALUE[packed >> 11],
            latency=self._latency.get(i),
            paired=self._paired.get(i),
            extra=self._extra.get(i, {}),
        )

    def longest(self, start: int, end: int) -> int:
        """The length of the longest entry's bytes in ``start`` .. ``end - 1`` (0 for none)."""
        return max(map(len, self._raw[start:end]), default=0)

    def json_lines(self, start: int, end: int) -> bytes:
        """Entries ``start`` .. ``end - 1`` as JSON Lines, the same objects as
        ``Entry.to_json`` makes, read straight from the columns (the recording writer's and
        ``probe --json``'s hot path: no Entry is built).

        A plain entry (no id, violation, latency, pairing or extra; valid UTF-8: a flood's
        notifications) is spliced from pieces made once per kind, method and time: only its
        number and its bytes (as a JSON string) are new per line. The bytes are the same as
        dumping its object (the test compares them)."""
        dumps = orjson.dumps
        run = self.plain_run(start, end)
        if run is not None:  # one read of a flood: every line is the same but its number and bytes
            code, method, t = run
            head, tail = _plain_pieces(code, method)
            head = dumps(round(t, 6)) + head
            try:
                lines = [
                    b'{"seq":%d,"t":%b%b%b' % (i, head, dumps(raw.decode("utf-8")), tail)
                    for i, raw in zip(range(start, end), self._raw[start:end])
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
        out = []
        add = out.append
        pieces: dict[tuple[int, str | None], tuple[bytes, bytes]] = {}
        last_t = last_code = last_method = None
        t_text = head = tail = b""
        for i, packed, t, raw, method, id_, viol in zip(
            range(start, end),
            packed_col[start:end],
            t_col[start:end],
            raw_col[start:end],
            method_col[start:end],
            id_col[start:end],
            viol_col[start:end],
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
            d: dict[str, Any] = {
                "seq": i,
                "t": round(t, 6),
                "dir": _DIR_TEXT[packed & 7],
                "kind": _KIND_TEXT[(packed >> 3) & 15],
                "method": method,
                "id": id_,
            }
            try:
                d["raw"] = raw.decode("utf-8")
            except UnicodeDecodeError:
                d["raw"] = raw.decode("utf-8", "replace")
                d["raw_b64"] = base64.b64encode(raw).decode("ascii")
            d["state"] = _STATE_TEXT[(packed >> 7) & 15]
            d["violations"] = viol
            d["schema_ok"] = _SCHEMA_VALUE[packed >> 11]
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

    def plain_run(self, start: int, end: int) -> tuple[int, str | None, float] | None:
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

    def _plain_run(self, start: int, end: int) -> tuple[int, str | None, float] | None:
        n = end - start
        code, method, t = self._packed[start], self._method[start], self._t[start]
        ids = self._id[start:end]
        if (
            self._packed[start:end].count(code) != n
            or self._method[start:end].count(method) != n
            or self._t[start:end].count(t) != n
            or ids.count(None) != n
            or self._viol[start:end].count(EMPTY) != n
        ):
            return None
        span = range(start, end)
        for sparse in (self._extra, self._paired, self._latency):
            if sparse and any(map(sparse.__contains__, span)):
                return None
        return code, method, t

    def columns(self, start: int, end: int) -> "Columns":
        """Entries ``start`` .. ``end - 1`` as columns (copies of the slices; the sparse
        fields as live views): for writers that format many entries (``probe``'s transcript)."""
        return Columns(
            range(start, end),
            self._packed[start:end],
            self._t[start:end],
            self._raw[start:end],
            self._method[start:end],
            self._id[start:end],
            self._viol[start:end],
            self._latency.keys(),
            self._extra.keys(),
        )

    def __iter__(self) -> Iterator[Entry]:
        for i in range(len(self._raw)):
            yield self[i]

    # cheap column access for models and counters
    def direction_at(self, i: int) -> Direction:
        return _DIRECTIONS[self._packed[i] & 7]

    def kind_at(self, i: int) -> Kind:
        return _KINDS[(self._packed[i] >> 3) & 15]

    def t_at(self, i: int) -> float:
        return self._t[i]

    def id_at(self, i: int) -> Any:
        return self._id[i]

    def state_at(self, i: int) -> State:
        return _STATES[(self._packed[i] >> 7) & 15]

    def schema_at(self, i: int) -> bool | None:
        return _SCHEMA_VALUE[self._packed[i] >> 11]

    def latency_at(self, i: int) -> float | None:
        return self._latency.get(i)

    def paired_at(self, i: int) -> int | None:
        return self._paired.get(i)

    def transition_as_of(self, row: int) -> tuple[int, dict] | None:
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
            if tr["to"] in _LEGACY_STATE_VALUES:
                return "legacy"
            if tr["to"] == State.READY.value:
                return "modern"
        return None

    def extra_at(self, i: int) -> dict:
        """What entry ``i`` keeps beside its bytes (HTTP metadata, transition, event, ...); do not change it."""
        return self._extra.get(i) or _NO_EXTRA

    def exchanges_of(self, seq: int) -> list[int]:
        """HTTP: the exchange events (entry numbers) entry ``seq`` belongs to. An exchange is its
        own; a message the client sent travelled in the POSTs that carried it (two when HTTP auto
        sent initialize again over HTTP+SSE); a message the server sent came in the answer to one
        POST or on a GET stream: the latest such exchange before it. Empty for stdio."""
        rows = self.exchange_rows
        if not rows or not (0 <= seq < len(self._raw)):
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

    def transport_as_of(self, row: int) -> str:
        """The transport the session ran on at ``row``: the header's, until an HTTP auto session
        fell back to HTTP+SSE (the fallback is a lifecycle edge, so it is among the transitions)."""
        transport = str(self.header.get("transport", TransportKind.STDIO))
        if transport != TransportKind.HTTP_AUTO:
            return transport
        for seq in self.transition_rows[: bisect.bisect_right(self.transition_rows, row)]:
            if self._extra[seq]["transition"].get("event") == "transport_fallback":
                return "sse-fallback"
        return transport

    def method_at(self, i: int) -> str | None:
        return self._method[i]

    def violations_at(self, i: int) -> tuple[str, ...]:
        return self._viol[i]

    def raw_at(self, i: int) -> bytes:
        return self._raw[i]

    def counts(self) -> dict:
        # the link's notes are counted only where there are some (a stdio session has none)
        by_dir = {d.label: 0 for d in Direction if d is not Direction.NOTE}
        by_kind: dict[str, int] = {}
        invalid = 0
        for packed, n in Counter(self._packed).items():  # counted in C: a few distinct codes
            label = _DIRECTIONS[packed & 7].label
            by_dir[label] = by_dir.get(label, 0) + n
            label = _KINDS[(packed >> 3) & 15].label
            by_kind[label] = by_kind.get(label, 0) + n
            if packed >> 11 == 2:
                invalid += n
        rules: dict[str, int] = {}
        for vs, n in Counter(self._viol).items():  # the tuples are shared: a few distinct ones
            for r in vs:
                rules[r] = rules.get(r, 0) + n
        return {
            "entries": len(self._raw),
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

    # ---------------------------------------------------------------- files

    def write_to(self, path: str | os.PathLike[str]) -> "RecordingWriter":
        """Start a recording file with everything so far; later batches are appended and flushed."""
        writer = RecordingWriter(Path(path), self)
        self.add_listener(writer.on_batch)
        return writer

    @classmethod
    def load(
        cls, path: str | os.PathLike[str], *, progress: Progress | None = None, max_line: int | None = None
    ) -> "Recording":
        """Read a recording file back into a read-only store, as a stream.

        Raises :class:`RecordingError` (and nothing else) when the file cannot be a recording
        at all. Lines that cannot be read are skipped and described in ``load_problems``; the
        entries keep their recorded numbers (a skipped entry leaves a placeholder), so pairing
        references stay right. ``progress(bytes_read, file_size)`` is called every few MB; if
        it returns False, loading stops with a RecordingError whose ``cancelled`` is True.
        A line longer than ``max_line`` (:data:`MAX_LOAD_LINE`) is not read whole: see
        :class:`_Loader`.
        """
        return _Loader(path, progress, max_line=max_line).run(cls)

    def _append_parsed(self, p: "_Parsed") -> None:
        """Append one entry read from a file (see :func:`_parse_entry`)."""
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

    def _append_placeholders(self, count: int, first_line: int, last_line: int) -> None:
        """Stand in for ``count`` entries lost on unreadable lines beyond those described one by
        one: they share one text and one extras object (a million bad lines cost a few bytes each)."""
        seq = len(self._raw)
        text = (
            f"an entry that could not be read: one of {count:,} more unreadable lines between line {first_line} and line {last_line} "
            f"(only the first {MAX_LOAD_PROBLEMS:,} unreadable lines are described one by one)"
        ).encode()
        extra = {"event": "unreadable", "line": None}
        packed = (
            Direction.EVENT | Kind.NOTE << 3 | _STATE_INDEX[self.state_at(seq - 1) if seq else State.UNINITIALIZED] << 7
        )
        self._t.extend(repeat(self._t[-1] if self._t else 0.0, count))
        self._packed.extend(repeat(packed, count))
        self._raw.extend(repeat(text, count))
        self._method.extend(repeat(None, count))
        self._id.extend(repeat(None, count))
        self._viol.extend(repeat(EMPTY, count))
        self._extra.update(zip(range(seq, seq + count), repeat(extra)))

    def _append_placeholder(self, line: int | None, reason: str) -> None:
        """Stand in for an entry that could not be read, so the later ones keep their numbers."""
        seq = len(self._raw)
        where = f"line {line}" if line is not None else "the file"
        text = f"entry {seq} could not be read from {where}: {reason}"
        self._t.append(self._t[-1] if self._t else 0.0)
        self._packed.append(
            Direction.EVENT | Kind.NOTE << 3 | _STATE_INDEX[self.state_at(seq - 1) if seq else State.UNINITIALIZED] << 7
        )
        self._raw.append(text.encode("utf-8"))
        self._method.append(None)
        self._id.append(None)
        self._viol.append(EMPTY)
        self._extra[seq] = {"event": "unreadable", "line": line}


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
#: kept, the rest counted and skipped, and the line is described (see :class:`_Loader`). Twice
#: the session's default --max-line: an entry a session kept whole fits, with JSON's escapes.
MAX_LOAD_LINE = 2 * DEFAULT_MAX_LINE


def _number(v: Any) -> bool:
    return (type(v) is int or type(v) is float) and v == v  # not bool, not NaN


_Parsed = tuple  # (t, packed, raw, method, id, violations, latency, paired, extra)
_KIND_INDEX = {label: int(kind) for label, kind in KIND_BY_LABEL.items()}
_STATE_CODE = {value: _STATE_INDEX[state] for value, state in _STATE_BY_VALUE.items()}


def _parse_entry(d: Any) -> _Parsed | str:
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
        state = _STATE_INDEX[State.UNINITIALIZED]
    else:
        state = _STATE_CODE.get(label) if type(label) is str else None
        if state is None:
            return f"unknown lifecycle state {quote_value(label)}"
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


def _check_extra(d: dict) -> str | None:
    """The members the window reads from an entry's extras have the types it expects."""
    tr = d.get("transition")
    if "transition" in d:
        if not (
            isinstance(tr, dict)
            and _label_in(tr.get("from"), _STATE_BY_VALUE)
            and _label_in(tr.get("to"), _STATE_BY_VALUE)
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


def _label_in(v: Any, table: dict) -> bool:
    return isinstance(v, str) and v in table


def _json_type(v: Any) -> str:
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


def quote_value(v: Any) -> str:
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
_ABSENT = object()  # a member that is not there (told apart from null)
_get = dict.get
_NONE = type(None)
_ONLY_DICT = {dict}
_ONLY_STR = {str}
_ONLY_NONE = {None}
_T_TYPES = frozenset({int, float})
_OK_TYPES = frozenset({_NONE, bool})
_METHOD_TYPES = frozenset({_NONE, str})
_ID_TYPES = frozenset({_NONE, str, int, float, bool})
_ONLY_LIST = {list}
_WRITTEN = 10  # members every writer writes (seq, t, dir, kind, method, id, raw, state, violations, schema_ok)


def _pack_table() -> dict[tuple, int]:
    """(dir, kind, state, schema_ok) as a line writes them -> the packed column's code, for every
    combination :func:`_parse_entry` accepts with all four members there."""
    table = {}
    for d, direction in DIR_BY_LABEL.items():
        for k, kind in _KIND_INDEX.items():
            for s, state in _STATE_CODE.items():
                for ok, code in ((None, 0), (True, 1), (False, 2)):
                    table[(d, k, s, ok)] = direction | kind << 3 | state << 7 | code << 11
    return table


class _Loader:
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
        self._later_pairs: list[tuple[int, int]] = []  # (entry, the entry it is paired with, not before it)
        self._violations: dict[tuple[str, ...], tuple[str, ...]] = {}  # one tuple per distinct list of rule ids

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

    def run(self, cls: type["Recording"]) -> "Recording":
        rec = self.begin(cls)
        progress = self.progress
        next_report = PROGRESS_STEP
        try:
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

    # ---------------------------------------------------------------- in steps

    def begin(self, cls: type["Recording"]) -> "Recording":
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
                        f"the header is {header_bytes:,} bytes, longer than the limit of {self.max_line:,}: only its first members were read",
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
        rec = cls(_migrate_header(header, self._version), t0=0.0)
        rec.read_only = True
        rec.loading = True
        rec.load_problems = self.problems
        self.rec = rec
        self.done_bytes = f.tell()
        return rec

    def _skip_rest_of_line(self, f: IO[bytes], start: int) -> int:
        """Read on past the line that began the file up to its line end (kept: nothing): the
        line's length in bytes; the file is left at the next line."""
        at = start
        while True:
            block = f.read(READ_BLOCK)
            if not block:
                return at
            end = block.find(b"\n")
            if end >= 0:
                f.seek(at + end + 1)
                return at + end
            at += len(block)

    def _header(self, first: bytes, *, cut: bool = False) -> dict:
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

    def step(self, seconds: float | None = None, *, stop_after: int | None = None) -> bool:
        """Read and take more of the file: whole blocks until ``seconds`` have passed (None: no
        limit) or ``stop_after`` bytes have been read; True once the file is finished (then the
        recording is complete and no longer ``loading``). Raises RecordingError when reading
        fails; the file is closed then and the recording keeps what was read."""
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
                block = f.read(READ_BLOCK)
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
                rec._paired[seq] = p
        if self._later_pairs:  # the order reading line by line gives
            rec._paired = dict(sorted(rec._paired.items()))
        self._later_pairs = []
        rec.load_problems = self.problems
        rec.load_problem_count = self.problem_count
        rec.read_only = True
        rec.loading = False
        self.finished = True

    def _lines(self, block: bytes) -> list[bytes]:
        """The lines a block completes (without their line ends); a line that goes on in the
        next block waits in ``_pending``, at most ``max_line`` bytes of it (:meth:`_hold`). A line
        that went past the limit is taken (:meth:`_take_cut`) before the block's other lines."""
        end = block.find(b"\n")
        if end < 0:
            self._hold(block)
            return []
        first: bytes | bytearray | None = block[:end]
        if self._pending or self._skipping >= 0:
            self._hold(first)
            if self._skipping >= 0:
                self._take_cut()
                first = None
            else:
                first = self._pending
                self._pending = bytearray()
        last = block.rfind(b"\n")
        lines = block[end + 1 : last].split(b"\n") if last > end else []
        if first is not None:
            lines.insert(0, first)
        if last + 1 < len(block):
            self._hold(block[last + 1 :])
        return lines

    def _hold(self, data: bytes) -> None:
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
            reason = f"{total:,} bytes, longer than the limit of {self.max_line:,}{ending}; its first bytes are no entry, the rest was skipped"
            self.problem(number, reason)
            self._note_unread(number, reason)
            return
        head, pieces, whole = got
        raw = b"".join(pieces)
        del pieces, got
        said = "all its bytes are kept" if whole else f"the first {len(raw):,} bytes of its message are kept"
        reason = f"{total:,} bytes, longer than the limit of {self.max_line:,}{ending}: {said}, the rest of the line ({skipped:,} bytes) was skipped"
        head["raw"] = ""
        head.pop("raw_b64", None)
        if "state" not in head and len(rec):  # written after the bytes: the state it was in before
            head["state"] = rec.state_at(len(rec) - 1).value
        head["damaged"] = reason
        before = len(rec)
        self._take_line(b"", head, number, False)
        if len(rec) > before:
            rec._raw[-1] = raw
            self.problem(number, reason)

    # ---------------------------------------------------------------- taking lines
    # ---------------------------------------------------------------- taking lines

    def _take_block(self, lines: list[bytes], *, cut_last: bool = False) -> None:
        try:
            values = list(map(orjson.loads, lines))
        except orjson.JSONDecodeError:  # a line that is not JSON (or a blank one): each on its own
            values = list(map(_value_of, lines))
        if len(lines[0]) > LARGE_ENTRY and values[0] is not _NOT_JSON:  # a long line, decoded: its bytes are not needed
            lines[0] = b""
        first = self._number + 1
        self._number += len(lines)
        self._take_run(lines, values, 0, len(values), first, cut_last)

    def _take_run(self, lines: list[bytes], values: list, lo: int, hi: int, first: int, cut_last: bool) -> None:
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

    def _take_line(self, line: bytes, d: Any, number: int, cut: bool) -> None:
        """One line, checked and described exactly as the loader always did."""
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
        d = _migrate(d, self._version)
        if isinstance(d, dict) and d.get("kind") == "summary":
            rec.summary = d
            return
        parsed = _parse_entry(d)
        if type(parsed) is str:
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
                    rec._append_placeholder(where, why)
                if gap > len(lost):
                    rec._append_placeholders(gap - len(lost), *self._unread_lines)
            else:
                self.problem(number, f"entry numbered {seq} where {expected} was expected; shown as {expected}")
        unread.clear()
        self._unread_count = 0
        seq = len(rec)
        rec._append_parsed(parsed)
        paired = parsed[7]
        if paired is not None and paired >= seq:  # checked once the whole file is read
            del rec._paired[seq]
            self._later_pairs.append((seq, paired))

    def _note_unread(self, number: int, reason: str) -> None:
        """An unreadable line since the last entry: the first ones kept, all of them counted."""
        if len(self._unread) < MAX_LOAD_PROBLEMS:
            self._unread.append((number, reason))
        else:  # the lines beyond those: where they begin and end
            self._unread_lines = (self._unread_lines[0] if self._unread_count > MAX_LOAD_PROBLEMS else number, number)
        self._unread_count += 1

    def _take_fast(self, ds: list) -> bool | int | None:
        """Append a run of ordinary entry objects column by column: True. Else nothing is taken,
        and the answer is the index of a line that needs :meth:`_take_line` when one is known,
        or None. What it takes is what ``_parse_entry`` and ``Recording._append_parsed`` make
        of each.

        Ordinary: the ten members every writer writes (seq in order, t, dir, kind, method, id,
        raw, state, violations, schema_ok) of the types it writes, and at most latency and
        paired besides. A member that is not there reads as ``_ABSENT``, whose type no column
        accepts and which no label table holds, so the type checks find it too."""
        rec = self.rec
        assert rec is not None
        k = len(ds)
        base = len(rec)
        get = _get
        try:
            if set(map(type, ds)) != _ONLY_DICT:
                return None
            if list(map(get, ds, repeat("seq"))) != list(range(base, base + k)):
                return None
            oks = list(map(get, ds, repeat("schema_ok"), repeat(_ABSENT)))
            if not set(map(type, oks)) <= _OK_TYPES:
                return None
            # an unknown label or combination is None (array refuses it); an unhashable one raises
            packed = array(
                "H",
                map(
                    _PACK.get,
                    zip(map(get, ds, repeat("dir")), map(get, ds, repeat("kind")), map(get, ds, repeat("state")), oks),
                ),
            )
            ts = list(map(get, ds, repeat("t"), repeat(_ABSENT)))
            if not set(map(type, ts)) <= _T_TYPES:
                return None
            texts = list(map(get, ds, repeat("raw"), repeat(_ABSENT)))
            if set(map(type, texts)) != _ONLY_STR:
                return None
            methods = list(map(get, ds, repeat("method"), repeat(_ABSENT)))
            if not set(map(type, methods)) <= _METHOD_TYPES:
                return None
            ids = list(map(get, ds, repeat("id"), repeat(_ABSENT)))
            if not set(map(type, ids)) <= _ID_TYPES:
                return None
            vs = list(map(get, ds, repeat("violations"), repeat(_ABSENT)))
            if any(vs):
                if not set(map(type, vs)) <= _ONLY_LIST or not set(map(type, chain.from_iterable(vs))) <= _ONLY_STR:
                    return None
                shared = self._violations.setdefault
                violations = [shared(t, t) if t else EMPTY for t in map(tuple, vs)]
            else:  # every one []
                violations = [EMPTY] * k
            # the ten members are there (their checks passed): more members are latency and
            # paired (looked at one by one: a response's), or anything else (the slow way)
            latencies: list[tuple[int, float]] = []
            pairs: list[tuple[int, int]] = []
            if max(map(len, ds)) > _WRITTEN:
                for i in compress(range(k), map(lt, repeat(_WRITTEN), map(len, ds))):
                    d = ds[i]
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
            t_col = array("d", ts)
            raws = list(map(str.encode, texts, repeat("utf-8"), repeat("surrogatepass")))
        except (TypeError, ValueError, OverflowError):
            return None
        # every check passed: append (nothing above changed the recording)
        rec._t.extend(t_col)
        rec._packed.extend(packed)
        rec._raw.extend(raws)
        interned = rec._interned
        had_none = None in interned
        rec._method.extend(map(interned.setdefault, methods, methods))
        if not had_none:
            interned.pop(None, None)
        rec._id.extend(ids)
        rec._viol.extend(violations)
        if latencies:
            rec._latency.update(latencies)
        if pairs:
            pairs_of = rec._paired
            for seq, p in pairs:
                if p < seq:
                    pairs_of[seq] = p
                else:  # checked once the whole file is read
                    self._later_pairs.append((seq, p))
        self._unread.clear()
        self._unread_count = 0
        return True


def _value_of(line: bytes) -> Any:
    """One line's JSON value, or _BLANK / _NOT_JSON."""
    if not line.strip():
        return _BLANK
    try:
        return orjson.loads(line)
    except orjson.JSONDecodeError:
        return _NOT_JSON


_PACK = _pack_table()
_RAW_MEMBER = b',"raw":"'  # how every writer writes the bytes' member (orjson: no spaces)
_HEAD_SCAN = 4 << 20  # the members before the bytes are looked for this far into a line
_STRING_BODY = re.compile(rb'[^"\\]*(?:\\.[^"\\]*)*', re.S)  # the inside of a JSON string, up to its closing quote


def _leading_members(prefix: bytes | bytearray) -> Any:
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


def _salvage(buf: bytearray) -> tuple[dict, list[bytes], bool] | None:
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
    end = _STRING_BODY.match(buf, start).end()  # the closing quote, or the end of what is there
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


class RecordingLoader(_Loader):
    """A recording file read in steps, for a window that shows the entries read so far while the
    rest loads (an event loop calls :meth:`step` with a time budget between its events).

    ``RecordingLoader(path).begin()`` reads the header (RecordingError when the file cannot be a
    recording) and returns the recording, read-only and ``loading``; each :meth:`step` appends
    more entries (listeners are told with :meth:`Recording.notify`); once it returns True the
    recording holds exactly what :meth:`Recording.load` gives. :meth:`stop` ends it early,
    keeping the entries read so far. ``done_bytes`` / ``size`` say how far it is."""

    def begin(self, cls: type["Recording"] | None = None) -> "Recording":  # type: ignore[override]
        return super().begin(cls or Recording)

    def step(self, seconds: float | None = None, *, stop_after: int | None = None) -> bool:
        done = super().step(seconds, stop_after=stop_after)
        if self.rec is not None:
            self.rec.notify()
        return done


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


def _migrate(d: Any, version: int) -> Any:
    """Lift one line of an older file to the current format (anything odd is left for the
    entry checks to describe)."""
    if version < 3 and isinstance(d, dict) and d.get("dir") == "stderr" and d.get("channel") in _LINK_CHANNELS:
        d["dir"] = "note"  # version 2: the HTTP transport's side lines were written as stderr
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


def _migrate_header(header: dict, version: int) -> dict:
    """Lift an older header: version 1 recorded stdio sessions only."""
    if version < FORMAT_VERSION:  # what is in memory now is the current format
        header = {**header, "version": FORMAT_VERSION, "migrated_from": version}
    if version < 2:
        header.setdefault("transport", TransportKind.STDIO.value)
    return header


class RecordingWriter:
    """Appends a recording's entries to a JSON Lines file, flushing after every batch."""

    def __init__(self, path: Path, rec: Recording) -> None:
        self.path = path
        self.rec = rec
        path.parent.mkdir(parents=True, exist_ok=True)
        self._f: IO[bytes] | None = open(path, "wb")
        header = dict(rec.header)
        self._f.write(orjson.dumps(header, default=str) + b"\n")
        self._written = 0
        self.on_batch(0, len(rec))

    def on_batch(self, start: int, end: int) -> None:
        f = self._f
        if f is None:
            return
        start = max(start, self._written)
        if end <= start:
            return
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

    def abandon(self) -> None:
        """Stop after a write failed (a full disk, a device error): the file is closed, what its
        buffer still held is dropped, and nothing more is written."""
        f, self._f = self._f, None
        if f is not None:
            try:
                f.close()  # flushing fails again, and the file is closed all the same
            except OSError:
                pass

    def close(self, summary: dict | None = None) -> None:
        if self._f is None:
            return
        self.on_batch(self._written, len(self.rec))
        if summary is not None:
            self._f.write(orjson.dumps(summary, default=str) + b"\n")
        self._f.close()
        self._f = None
        try:
            self.rec.remove_listener(self.on_batch)
        except ValueError:
            pass


#: Entries whose bytes are longer than this are written in slices, so writing a huge line
#: costs a few MiB on top of the line itself instead of several copies of it.
LARGE_ENTRY = 1 << 20
_SLICE = 1 << 20  # a multiple of 3, so base64 slices join into one valid base64 text


def _write_large_entry(f: IO[bytes], entry: Entry) -> None:
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
