"""Qt-free views over a Recording: the rows a front-end shows, filtered and searchable.

Theory of operation. A view is an index: an ascending array of entry numbers (``rows``) of one
:class:`~.recording.Recording` that pass the view's test. The front-end calls
:meth:`RowView.catch_up` from its tick: it examines the entries recorded since the last call
(at most ``budget`` of them, so a flood is taken in slices) and appends the accepted ones as
ONE batch, announced to every observer as a ``(first, end)`` row range twice - before the rows
exist (``rows_inserting``) and after (``rows_inserted``) - so a table model can wrap it in its
begin/end insertion. Changing the test (a filter, a level floor, a clear) rebuilds the index
between ``rows_resetting`` and ``rows_reset``. ``seq_at`` is O(1), ``row_of`` O(log n). Nothing
here knows Qt: the window's tables are thin adapters over these views, and the CLI and the
tests use them as they are.

* :class:`EntryFilter` and :class:`EntryView`, the timeline: direction, kind, method (exact or
  substring; process events match by their event name), full-text search over the raw bytes,
  only violations, only schema-invalid; the methods seen so far; ``reveal(seq)`` relaxes just
  the parts of the filter that hide an entry.
* :class:`LogView`, the log messages: ``notifications/message`` from the server with each one's
  level rank; a floor hides lower levels; ``clear()`` forgets what came before; ``set_until``
  stops the rows at a replayed recording's position.
* :class:`NegotiationTracker`, the start exchange (``initialize``, or ``server/discover`` and its
  retries): what the client offered and what the server declared, followed incrementally.
"""

from __future__ import annotations

import bisect
import re
from array import array
from collections.abc import Callable
from dataclasses import dataclass, replace
from itertools import compress
from typing import Any

from inspector.protocol.messages import Kind, loads_lenient
from inspector.protocol.versions import META_CLIENT_CAPABILITIES, META_CLIENT_INFO, META_PROTOCOL_VERSION, META_SERVER_INFO

from .recording import Direction, Recording

ALL_DIRECTIONS: frozenset[Direction] = frozenset(Direction)
ALL_KINDS: frozenset[Kind] = frozenset(Kind)


class ViewObserver:
    """What a view announces; override what you need (the defaults do nothing)."""

    def rows_inserting(self, first: int, end: int) -> None:
        """Rows ``first .. end - 1`` are about to be appended."""

    def rows_inserted(self, first: int, end: int) -> None:
        """Rows ``first .. end - 1`` were appended."""

    def rows_resetting(self) -> None:
        """Every row is about to change (a new recording, filter or floor)."""

    def rows_reset(self) -> None:
        """The rows were rebuilt."""


class RowView:
    """The shared part: an index over one recording, grown in announced batches."""

    def __init__(self) -> None:
        self.rec: Recording | None = None
        self.rows = array("l")
        self.seen = 0  # entries of the recording examined so far
        self.observers: list[ViewObserver] = []

    # ------------------------------------------------------------ to override

    def _forget(self) -> None:
        """Drop what the view learned from the previous recording."""

    def _scan(self, start: int, end: int) -> array:
        """Examine entries ``start .. end - 1`` (first time); return the accepted ones."""
        return array("l", range(start, end))

    def _rebuild(self) -> array:
        """Every row again, from what was examined so far (the test changed)."""
        return array("l", range(self.seen))

    # ------------------------------------------------------------ shared

    def __len__(self) -> int:
        return len(self.rows)

    @property
    def caught_up(self) -> bool:
        return self.rec is None or self.seen >= len(self.rec)

    def set_recording(self, rec: Recording | None, *, budget: int | None = None) -> None:
        """Follow ``rec`` from its start; examine at most ``budget`` entries now (None: all)."""
        self._reset(lambda: self._bind(rec, budget))

    def _bind(self, rec: Recording | None, budget: int | None) -> array:
        self.rec = rec
        self.seen = 0
        self._forget()
        if rec is None:
            return array("l")
        end = len(rec) if budget is None else min(len(rec), budget)
        self.seen = end
        return self._scan(0, end)

    def catch_up(self, budget: int | None = None) -> int:
        """Take the entries recorded since the last call (at most ``budget``) as ONE batch of
        rows; returns how many entries were examined."""
        rec = self.rec
        if rec is None:
            return 0
        n = len(rec)
        start = self.seen
        if n <= start:
            return 0
        end = n if budget is None else min(n, start + budget)
        self.seen = end
        self._append_rows(self._scan(start, end))
        return end - start

    def _append_rows(self, new: array) -> None:
        """Append ``new`` rows as ONE announced batch."""
        k = len(new)
        if k:
            first = len(self.rows)
            for o in self.observers:
                o.rows_inserting(first, first + k)
            self.rows.extend(new)
            for o in self.observers:
                o.rows_inserted(first, first + k)

    def refilter(self) -> None:
        """Rebuild the rows after the view's test changed."""
        self._reset(self._rebuild)

    def _reset(self, build: Callable[[], array]) -> None:
        for o in self.observers:
            o.rows_resetting()
        self.rows = build()
        for o in self.observers:
            o.rows_reset()

    def seq_at(self, row: int) -> int:
        return self.rows[row]

    def row_of(self, seq: int) -> int:
        """The row showing entry ``seq``, or -1 (filtered out, or not examined yet)."""
        rows = self.rows
        k = bisect.bisect_left(rows, seq)
        return k if k < len(rows) and rows[k] == seq else -1


# ====================================================================== the timeline


@dataclass(frozen=True)
class EntryFilter:
    """What the timeline shows. The default shows everything."""

    directions: frozenset[Direction] = ALL_DIRECTIONS
    kinds: frozenset[Kind] = ALL_KINDS
    method: str = ""  # "" = any
    method_exact: bool = False  # exact match (from a list of methods) or case-insensitive substring
    text: str = ""  # case-insensitive search over the raw bytes
    only_violations: bool = False
    only_schema_invalid: bool = False
    only_http_errors: bool = False  # HTTP: refused or failed exchanges, what travelled in them, http.* findings

    @property
    def active(self) -> bool:
        return self != _NO_FILTER


_NO_FILTER = EntryFilter()


class EntryView(RowView):
    """Every entry of a recording that passes an :class:`EntryFilter`."""

    def __init__(self) -> None:
        super().__init__()
        self.filter = EntryFilter()
        self._methods: set[str] = set()
        self._events: dict[int, str] = {}

    def _forget(self) -> None:
        self._methods = set()
        self._events = {}

    def _scan(self, start: int, end: int) -> array:
        self._note_methods(start, end)
        return self._filtered(start, end)

    def _rebuild(self) -> array:
        return self._filtered(0, self.seen)

    # ------------------------------------------------------------ methods and events

    def _note_methods(self, start: int, end: int) -> None:
        if end > start:
            methods = self._methods
            methods.update(map(self.rec.method_at, range(start, end)))  # type: ignore[union-attr]
            methods.discard(None)  # type: ignore[arg-type]

    def methods_seen(self) -> list[str]:
        """Every JSON-RPC method examined so far (responses count for their request's)."""
        return sorted(self._methods)

    def method_count(self) -> int:
        return len(self._methods)

    def event_name(self, seq: int) -> str:
        """``extra["event"]`` of a process or session event (cached; events are rare)."""
        name = self._events.get(seq)
        if name is None:
            extra = self.rec[seq].extra if self.rec is not None else {}
            name = str(extra.get("event") or "")
            self._events[seq] = name
        return name

    # ------------------------------------------------------------ filtering

    def set_filter(self, f: EntryFilter) -> bool:
        """Show what ``f`` lets through; False when it is the filter already."""
        if f == self.filter:
            return False
        self.filter = f
        self.refilter()
        return True

    def _filtered(self, start: int, end: int) -> array:
        if self.rec is None or end <= start:
            return array("l")
        accept = self.predicate(self.filter)
        if accept is None:
            return array("l", range(start, end))
        return array("l", filter(accept, range(start, end)))

    def accepts(self, seq: int, f: EntryFilter | None = None) -> bool:
        """Whether entry ``seq`` passes ``f`` (default: the current filter)."""
        if self.rec is None or not (0 <= seq < len(self.rec)):
            return False
        accept = self.predicate(self.filter if f is None else f)
        return accept is None or bool(accept(seq))

    def predicate(self, f: EntryFilter) -> Callable[[int], bool] | None:
        """One function testing only the active parts of ``f`` (None: accept everything)."""
        rec = self.rec
        if rec is None:
            return None
        tests: list[Callable[[int], bool]] = []
        if f.directions != ALL_DIRECTIONS:
            dirs, dir_at = f.directions, rec.direction_at
            tests.append(lambda i: dir_at(i) in dirs)
        if f.kinds != ALL_KINDS:
            kinds, kind_at = f.kinds, rec.kind_at
            tests.append(lambda i: kind_at(i) in kinds)
        if f.only_violations:
            viol_at = rec.violations_at
            tests.append(lambda i: bool(viol_at(i)))
        if f.only_schema_invalid:
            schema_at = rec.schema_at
            tests.append(lambda i: schema_at(i) is False)
        if f.only_http_errors:
            tests.append(http_error_test(rec))
        if f.method:
            tests.append(self._method_test(f))
        if f.text:
            tests.append(_text_test(rec, f.text))
        if not tests:
            return None
        if len(tests) == 1:
            return tests[0]
        return lambda i: all(t(i) for t in tests)

    def _method_test(self, f: EntryFilter) -> Callable[[int], bool]:
        method_at, dir_at, event_name = self.rec.method_at, self.rec.direction_at, self.event_name  # type: ignore[union-attr]
        event = Direction.EVENT
        if f.method_exact:
            wanted = f.method

            def name_ok(name: str) -> bool:
                return name == wanted

        else:
            needle = f.method.lower()

            def name_ok(name: str) -> bool:
                return needle in name.lower()

        # methods are interned and few: decide per distinct name, not per row
        verdicts: dict[str | None, bool] = {None: False}

        def method_ok(i: int) -> bool:
            m = method_at(i)
            ok = verdicts.get(m)
            if ok is None:
                ok = verdicts[m] = name_ok(m)  # type: ignore[arg-type]
            if m is None and dir_at(i) is event:
                return name_ok(event_name(i))
            return ok

        return method_ok

    def reveal(self, seq: int) -> bool:
        """Relax just the parts of the filter that hide entry ``seq``. True if it changed."""
        rec = self.rec
        if rec is None or not (0 <= seq < len(rec)):
            return False
        f = self.filter
        if self.accepts(seq, f):
            return False
        changes: dict[str, Any] = {}
        d = rec.direction_at(seq)
        if d not in f.directions:
            changes["directions"] = f.directions | {d}
        k = rec.kind_at(seq)
        if k not in f.kinds:
            changes["kinds"] = f.kinds | {k}
        if f.only_violations and not rec.violations_at(seq):
            changes["only_violations"] = False
        if f.only_schema_invalid and rec.schema_at(seq) is not False:
            changes["only_schema_invalid"] = False
        if f.only_http_errors and not http_error_test(rec)(seq):
            changes["only_http_errors"] = False
        if f.method and not self.accepts(seq, EntryFilter(method=f.method, method_exact=f.method_exact)):
            changes["method"] = ""
            changes["method_exact"] = False
        if f.text and not self.accepts(seq, EntryFilter(text=f.text)):
            changes["text"] = ""
        return self.set_filter(replace(f, **changes))


def http_error_test(rec: Recording) -> Callable[[int], bool]:
    """Whether an entry is part of an HTTP problem: an exchange the engine flagged (an error
    status that was not expected, a wrong content type, ...), the message the client sent in
    it, the body of its answer, a message that came with an error status, any other ``http.*``
    finding, and the transport's own notes (a request that failed, a stream that ended)."""
    extra_at, viol_at, dir_at, exchanges_of = rec.extra_at, rec.violations_at, rec.direction_at, rec.exchanges_of
    rows = rec.exchange_rows
    side, sent = Direction.STDERR, Direction.C2S

    def flagged(i: int) -> bool:
        return any(v.startswith("http.") for v in viol_at(i))

    def http_error(i: int) -> bool:
        if flagged(i):
            return True
        d = dir_at(i)
        if d is sent:
            return any(flagged(r) for r in exchanges_of(i))
        extra = extra_at(i)
        if not extra:
            return False
        if d is side:
            channel = extra.get("channel")
            if channel == "http":
                return True
            if channel == "http-body":  # the body of the exchange just before it
                k = bisect.bisect_left(rows, i)
                return k > 0 and flagged(rows[k - 1])
            return False
        http = extra.get("http")
        status = http.get("status") if isinstance(http, dict) and "request_headers" not in http else None
        return type(status) is int and status >= 400

    return http_error


def _text_test(rec: Recording, text: str) -> Callable[[int], bool]:
    needle_s = text.lower()
    needle_b = needle_s.encode("ascii") if needle_s.isascii() else None
    raw_at = rec.raw_at

    def text_ok(i: int) -> bool:
        raw = raw_at(i)
        if needle_b is not None:
            if needle_b in raw.lower():
                return True
            if raw.isascii():
                return False
        return needle_s in raw.decode("utf-8", "replace").lower()

    return text_ok


# ====================================================================== the log messages

LEVELS = ("debug", "info", "notice", "warning", "error", "critical", "alert", "emergency")
RANK = {level: i for i, level in enumerate(LEVELS)}
_RANK_B = {level.encode(): i for i, level in enumerate(LEVELS)}
UNKNOWN = 8  # a level the protocol does not define: always shown, flagged
LOG_METHOD = "notifications/message"
_LEVEL_RE = re.compile(rb'"level"\s*:\s*"([^"\\]{0,40})"')


def level_rank(raw: bytes) -> int:
    """The rank of a log line's ``params.level`` (UNKNOWN when missing or not a level)."""
    if raw.count(b'"level"') == 1:  # one occurrence: it is the key (quotes inside strings are escaped)
        m = _LEVEL_RE.search(raw)
        if m is not None:
            return _RANK_B.get(m.group(1), UNKNOWN)
    obj = loads_lenient(raw)
    params = obj.get("params") if isinstance(obj, dict) else None
    level = params.get("level") if isinstance(params, dict) else None
    return RANK.get(level, UNKNOWN) if isinstance(level, str) else UNKNOWN


class LogView(RowView):
    """The server's log messages with their level ranks; rows are those at the floor or above
    (and, while a recording is replayed, recorded at or before entry ``until``)."""

    def __init__(self) -> None:
        super().__init__()
        self.floor = 0
        self.until: int | None = None  # replay: only messages up to this entry (None: all)
        self.seqs = array("l")  # every log message since the last clear
        self.ranks = array("B")  # their level ranks

    def _forget(self) -> None:
        self.seqs = array("l")
        self.ranks = array("B")

    def _scan(self, start: int, end: int) -> array:
        rec = self.rec
        if rec is None or end <= start:
            return array("l")
        method_at = rec.method_at
        hits = [i for i in range(start, end) if method_at(i) == LOG_METHOD]
        seqs, ranks = array("l"), array("B")
        if hits:
            direction_at, kind_at, raw_at = rec.direction_at, rec.kind_at, rec.raw_at
            s2c, note = Direction.S2C, Kind.NOTIFICATION
            for i in hits:
                if direction_at(i) is s2c and kind_at(i) is note:
                    seqs.append(i)
                    ranks.append(level_rank(raw_at(i)))
        first = len(self.seqs)
        self.seqs.extend(seqs)
        self.ranks.extend(ranks)
        return self._shown(first, self._end())

    def _rebuild(self) -> array:
        return self._shown(0, self._end())

    def _end(self) -> int:
        """How many of ``seqs`` are up to ``until``."""
        return len(self.seqs) if self.until is None else bisect.bisect_right(self.seqs, self.until)

    def _shown(self, lo: int, hi: int) -> array:
        """The rows among ``seqs[lo:hi]``: those at the floor or above."""
        if hi <= lo:
            return array("l")
        if self.floor == 0:
            return self.seqs[lo:hi]
        floor = self.floor
        return array("l", compress(self.seqs[lo:hi], [r >= floor for r in self.ranks[lo:hi]]))

    def set_until(self, seq: int | None) -> bool:
        """Show only the messages recorded at or before entry ``seq`` (None: all), as a replayed
        recording's position moves. Moving on appends one batch of rows; moving back rebuilds."""
        if seq == self.until:
            return False
        before = self.until
        self.until = seq
        if before is not None and (seq is None or seq > before):
            self._append_rows(self._shown(bisect.bisect_right(self.seqs, before), self._end()))
        else:
            self.refilter()
        return True

    def set_recording(self, rec: Recording | None, *, budget: int | None = None) -> None:
        self.until = None
        super().set_recording(rec, budget=budget)

    @property
    def total(self) -> int:
        """Log messages seen since the last clear (shown or below the floor), up to ``until``."""
        return self._end()

    def set_floor(self, rank: int) -> bool:
        """Show messages at ``rank`` or above (0, debug, shows everything)."""
        if rank == self.floor:
            return False
        self.floor = rank
        self.refilter()
        return True

    def clear(self) -> None:
        """Forget the messages so far (the recording keeps them); later ones still come."""

        def build() -> array:
            if self.rec is not None:
                self.seen = len(self.rec)
            self._forget()
            return array("l")

        self._reset(build)

    def rank_of(self, seq: int) -> int:
        seqs = self.seqs
        k = bisect.bisect_left(seqs, seq)
        return self.ranks[k] if k < len(seqs) and seqs[k] == seq else UNKNOWN


# ====================================================================== the negotiation

START_METHODS = ("initialize", "server/discover")


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def _object(value: Any) -> dict:
    """``value`` when it is a JSON object, else {} (a malformed message is data, not a crash)."""
    return value if isinstance(value, dict) else {}


class NegotiationTracker:
    """The start exchange of a recording, followed incrementally: each :meth:`update` scans
    only the entries added since; :meth:`take` takes one entry (for a replay's position)."""

    def __init__(self, rec: Recording) -> None:
        self.rec = rec
        self.scanned = 0
        self.method: str | None = None
        self.offer: dict | None = None
        self.answer: Any = None
        self.answer_kind: Kind | None = None

    def update(self) -> bool:
        """Scan new entries; True when the facts changed."""
        rec = self.rec
        end = len(rec)
        changed = False
        method_at = rec.method_at
        for i in range(self.scanned, end):
            if method_at(i) in START_METHODS:
                changed = self.take(i) or changed
        self.scanned = end
        return changed

    def take(self, i: int) -> bool:
        """Take entry ``i`` (a request of the start exchange or its answer); True when the
        facts changed."""
        rec = self.rec
        m = rec.method_at(i)
        if m not in START_METHODS:
            return False
        d, k = rec.direction_at(i), rec.kind_at(i)
        obj = rec[i].json()
        if not isinstance(obj, dict):
            return False
        if d is Direction.C2S and k is Kind.REQUEST:
            self.method = m
            params = _object(obj.get("params"))
            if m == "initialize":
                self.offer = {
                    "version": params.get("protocolVersion"),
                    "capabilities": params.get("capabilities") or {},
                    "info": _object(params.get("clientInfo")),
                }
            else:
                meta = _object(params.get("_meta"))
                self.offer = {
                    "version": meta.get(META_PROTOCOL_VERSION),
                    "capabilities": meta.get(META_CLIENT_CAPABILITIES) or {},
                    "info": _object(meta.get(META_CLIENT_INFO)),
                }
            self.answer, self.answer_kind = None, None
            return True
        if d is Direction.S2C and k in (Kind.RESULT, Kind.ERROR):
            self.answer_kind = k
            self.answer = obj.get("result") if k is Kind.RESULT else obj.get("error")
            return True
        return False

    def facts(self) -> dict[str, Any] | None:
        """Offer and answer of the last start exchange taken, or None before one."""
        if self.offer is None:
            return None
        answer, method = self.answer, self.method
        facts: dict[str, Any] = {"method": method, "offer": self.offer, "answer_kind": self.answer_kind, "answer": answer}
        if isinstance(answer, dict) and self.answer_kind is Kind.RESULT:
            if method == "initialize":
                facts["server"] = {
                    "version": answer.get("protocolVersion"),
                    "capabilities": answer.get("capabilities") or {},
                    "info": _object(answer.get("serverInfo")),
                    "instructions": _text(answer.get("instructions")),
                }
            else:
                meta = _object(answer.get("_meta"))
                versions = answer.get("supportedVersions")
                facts["server"] = {
                    "version": ", ".join(map(str, versions if isinstance(versions, list) else [])),
                    "capabilities": answer.get("capabilities") or {},
                    "info": _object(meta.get(META_SERVER_INFO)),
                    "instructions": _text(answer.get("instructions")),
                }
        return facts


def negotiation_facts(rec: Recording) -> dict[str, Any] | None:
    tracker = NegotiationTracker(rec)
    tracker.update()
    return tracker.facts()
