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
"""

from __future__ import annotations

import base64
import bisect
import codecs
import enum
import os
import sys
import time
from array import array
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

import orjson

from inspector.protocol.engine import EMPTY, Analysis
from inspector.protocol.framing import display_text
from inspector.protocol.lifecycle import State
from inspector.protocol.messages import KIND_BY_LABEL, Kind, first_invalid_utf8, loads_lenient

FORMAT = "mcp-session-inspector/recording"
FORMAT_VERSION = 1


class Direction(enum.IntEnum):
    C2S = 0
    S2C = 1
    STDERR = 2
    EVENT = 3

    @property
    def label(self) -> str:
        return _DIR_LABELS[self]


_DIR_LABELS = {Direction.C2S: "c2s", Direction.S2C: "s2c", Direction.STDERR: "stderr", Direction.EVENT: "event"}
DIR_BY_LABEL = {v: k for k, v in _DIR_LABELS.items()}

_STATES = list(State)
_STATE_INDEX = {s: i for i, s in enumerate(_STATES)}
_STATE_BY_VALUE = {s.value: s for s in _STATES}
_KINDS = {k.value: k for k in Kind}
_DIRECTIONS = tuple(Direction)
_LEGACY_STATE_VALUES = frozenset(s.value for s in (State.UNINITIALIZED, State.INITIALIZING, State.INITIALIZED, State.OPERATING))
_SCHEMA_CODE = {None: 0, True: 1, False: 2}
_SCHEMA_VALUE = (None, True, False)


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
        return self._meta_into({"seq": self.seq, "t": round(self.t, 6), "dir": self.direction.label, "kind": self.kind.label, "method": self.method, "id": self.id})

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


class Recording:
    """Append-only columns. Not thread-safe: one driver appends, observers read."""

    def __init__(self, header: dict | None = None, *, t0: float | None = None) -> None:
        self.header: dict = {"format": FORMAT, "version": FORMAT_VERSION, "created": _now_iso()}
        if header:
            self.header.update(header)
        self.t0 = time.monotonic() if t0 is None else t0
        self.summary: dict | None = None
        self.read_only = False
        self._t = array("d")
        # direction (2 bits) | kind (4 bits) << 2 | state (4 bits) << 6 | schema verdict (2 bits) << 10
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
        self.transition_rows: list[int] = []  # entries that moved the lifecycle, ascending

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
        self._packed.append(direction | a.kind << 2 | _STATE_INDEX[a.state] << 6 | code << 10)
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
        if tr is not None or a.problem is not None:
            extra = dict(extra or {})
            if tr is not None:
                extra["transition"] = {"from": tr.source.value, "to": tr.target.value, "label": tr.label, "failure": tr.failure}
                self.transition_rows.append(seq)
            if a.problem is not None:
                extra["problem"] = a.problem
        if extra:
            self._extra[seq] = extra
        return seq

    def extend(self, direction: Direction, t: float, raws: list[bytes], analyses: list[Analysis]) -> None:
        """Append many lines that arrived together (same direction and time): the hot path."""
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
        for raw, a in zip(raws, analyses):
            verdict = a.schema
            if (verdict is not None and not verdict.ok) or a.transition is not None or a.problem is not None:
                self.append(direction, t, raw, a)
                seq += 1
                continue
            t_append(rel)
            packed_append(direction | a.kind << 2 | state_index[a.state] << 6 | (0 if verdict is None else 1024))
            raw_append(raw)
            m = a.method
            method_append(m if m is None else interned.setdefault(m, m))
            id_append(a.id)
            viol_append(a.violations)
            if a.paired is not None:
                self._paired[seq] = a.paired
                if a.latency is not None:
                    self._latency[seq] = a.latency
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
            direction=_DIRECTIONS[packed & 3],
            kind=_KINDS[(packed >> 2) & 15],
            method=self._method[i],
            id=self._id[i],
            raw=self._raw[i],
            state=_STATES[(packed >> 6) & 15],
            violations=self._viol[i],
            schema_ok=_SCHEMA_VALUE[packed >> 10],
            latency=self._latency.get(i),
            paired=self._paired.get(i),
            extra=self._extra.get(i, {}),
        )

    def __iter__(self) -> Iterator[Entry]:
        for i in range(len(self._raw)):
            yield self[i]

    # cheap column access for models and counters
    def direction_at(self, i: int) -> Direction:
        return _DIRECTIONS[self._packed[i] & 3]

    def kind_at(self, i: int) -> Kind:
        return _KINDS[(self._packed[i] >> 2) & 15]

    def t_at(self, i: int) -> float:
        return self._t[i]

    def id_at(self, i: int) -> Any:
        return self._id[i]

    def state_at(self, i: int) -> State:
        return _STATES[(self._packed[i] >> 6) & 15]

    def schema_at(self, i: int) -> bool | None:
        return _SCHEMA_VALUE[self._packed[i] >> 10]

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

    def method_at(self, i: int) -> str | None:
        return self._method[i]

    def violations_at(self, i: int) -> tuple[str, ...]:
        return self._viol[i]

    def raw_at(self, i: int) -> bytes:
        return self._raw[i]

    def counts(self) -> dict:
        by_dir = {d.label: 0 for d in Direction}
        by_kind: dict[str, int] = {}
        invalid = 0
        for packed in self._packed:
            by_dir[_DIRECTIONS[packed & 3].label] += 1
            label = _KINDS[(packed >> 2) & 15].label
            by_kind[label] = by_kind.get(label, 0) + 1
            if packed >> 10 == 2:
                invalid += 1
        rules: dict[str, int] = {}
        for vs in self._viol:
            for r in vs:
                rules[r] = rules.get(r, 0) + 1
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
    def load(cls, path: str | os.PathLike[str]) -> "Recording":
        """Read a recording file back into a read-only store. A cut-off last line is ignored."""
        with open(path, "rb") as f:
            lines = f.read().split(b"\n")
        if not lines or not lines[0].strip():
            raise ValueError(f"{path}: empty file, not a recording")
        try:
            header = orjson.loads(lines[0])
        except orjson.JSONDecodeError as exc:
            raise ValueError(f"{path}: first line is not a recording header ({exc})") from None
        if not isinstance(header, dict) or header.get("format") != FORMAT:
            raise ValueError(f"{path}: not a {FORMAT} file")
        version = header.get("version")
        if not isinstance(version, int) or version > FORMAT_VERSION:
            raise ValueError(f"{path}: recording format version {version!r} is newer than this inspector ({FORMAT_VERSION})")
        rec = cls(header, t0=0.0)
        for line in lines[1:]:
            if not line.strip():
                continue
            try:
                d = orjson.loads(line)
            except orjson.JSONDecodeError:
                continue  # the process was killed mid-line
            d = _migrate(d, version)
            if d.get("kind") == "summary":
                rec.summary = d
                continue
            rec._append_json(d)
        rec.read_only = True
        return rec

    def _append_json(self, d: dict) -> None:
        raw = base64.b64decode(d["raw_b64"]) if "raw_b64" in d else d.get("raw", "").encode("utf-8")
        seq = len(self._raw)
        self._t.append(float(d.get("t", 0.0)))
        direction = DIR_BY_LABEL[d["dir"]]
        kind = KIND_BY_LABEL.get(d.get("kind", "noise"), Kind.NOISE)
        state = _STATE_INDEX[_STATE_BY_VALUE.get(d.get("state"), State.UNINITIALIZED)]
        self._packed.append(direction | kind << 2 | state << 6 | _SCHEMA_CODE.get(d.get("schema_ok"), 0) << 10)
        self._raw.append(raw)
        m = d.get("method")
        self._method.append(self._interned.setdefault(m, m) if m is not None else None)
        self._id.append(d.get("id"))
        self._viol.append(tuple(d.get("violations") or ()) or EMPTY)
        if d.get("latency") is not None:
            self._latency[seq] = float(d["latency"])
        if d.get("paired") is not None:
            self._paired[seq] = int(d["paired"])
        extra = {k: v for k, v in d.items() if k not in _ENTRY_KEYS}
        if extra:
            self._extra[seq] = extra
            if "transition" in extra:
                self.transition_rows.append(seq)


_ENTRY_KEYS = frozenset({"seq", "t", "dir", "kind", "method", "id", "raw", "raw_b64", "state", "violations", "schema_ok", "latency", "paired"})


def _migrate(d: dict, version: int) -> dict:
    """Small functions that lift old entries to the current format (none needed yet)."""
    return d


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
        if not any(len(rec.raw_at(i)) > LARGE_ENTRY for i in range(start, end)):
            f.write(b"".join(orjson.dumps(rec[i].to_json(), default=str) + b"\n" for i in range(start, end)))
        else:
            for i in range(start, end):
                if len(rec.raw_at(i)) > LARGE_ENTRY:
                    _write_large_entry(f, rec[i])
                else:
                    f.write(orjson.dumps(rec[i].to_json(), default=str) + b"\n")
        f.flush()
        self._written = end

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
