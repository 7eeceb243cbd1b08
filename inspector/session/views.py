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
  the parts of the filter that hide an entry. A filter over a whole recording is taken column
  by column (byte masks of the packed column, the violations and methods; the search a
  :class:`TextIndex`: its C part's scan of every entry's bytes, letters folded as compared, or
  without it a lower-cased copy searched with C-level maps), so a million entries cost C-level
  passes, not a Python call each; :func:`flagged_rows` (the replay bar's red marks) and :func:`message_histogram`
  (its message ticks, counted per bucket of entries) likewise.
* :class:`LogView`, the log messages: ``notifications/message`` from the server with each one's
  level rank; a floor hides lower levels; ``clear()`` forgets what came before; ``set_until``
  stops the rows at a replayed recording's position.
* :class:`NegotiationTracker`, the start exchange (``initialize``, or ``server/discover`` and its
  retries): what the client offered and what the server declared, followed incrementally, and
  as of any entry (:meth:`NegotiationTracker.facts_as_of`, for a replay's position).
"""

from __future__ import annotations

import bisect
import re
import weakref
from array import array
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from itertools import accumulate, chain, compress, pairwise, repeat
from operator import contains, countOf, eq, not_, truth

from inspector.protocol.jsontypes import JsonObject, JsonValue
from inspector.protocol.messages import Kind, loads_lenient
from inspector.protocol.versions import (
    META_CLIENT_CAPABILITIES,
    META_CLIENT_INFO,
    META_PROTOCOL_VERSION,
    META_SERVER_INFO,
    MODERN_VERSIONS,
)

from .native import NATIVE, Native
from .recording import Direction, Recording

#: The type code of every array of entry numbers (rows, hits, log messages): four bytes an
#: entry ("i": below 2**31, far past any recording's length); one code, since arrays of two
#: codes do not concatenate
ROW_CODE = "i"

#: The C part of the search (None: not there; the timeline searches with :func:`holding`)
NATIVE_SEARCH: Native | None = NATIVE

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
        self.rows = array(ROW_CODE)
        self.seen = 0  # entries of the recording examined so far
        self.observers: list[ViewObserver] = []

    # ------------------------------------------------------------ to override

    def _forget(self) -> None:
        """Drop what the view learned from the previous recording."""

    def _scan(self, start: int, end: int) -> array[int]:
        """Examine entries ``start .. end - 1`` (first time); return the accepted ones."""
        return array(ROW_CODE, range(start, end))

    def _rebuild(self) -> array[int]:
        """Every row again, from what was examined so far (the test changed)."""
        return array(ROW_CODE, range(self.seen))

    # ------------------------------------------------------------ shared

    def __len__(self) -> int:
        return len(self.rows)

    @property
    def caught_up(self) -> bool:
        return self.rec is None or self.seen >= len(self.rec)

    def set_recording(self, rec: Recording | None, *, budget: int | None = None) -> None:
        """Follow ``rec`` from its start; examine at most ``budget`` entries now (None: all)."""
        self._reset(lambda: self._bind(rec, budget))

    def _bind(self, rec: Recording | None, budget: int | None) -> array[int]:
        self.rec = rec
        self.seen = 0
        self._forget()
        if rec is None:
            return array(ROW_CODE)
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

    def _append_rows(self, new: array[int]) -> None:
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

    def _reset(self, build: Callable[[], array[int]]) -> None:
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


#: A toggle of the timeline's filter bar: a direction, a kind, or an ``only_…`` field of :class:`EntryFilter`
Toggle = Direction | Kind | str


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

    def with_direction(self, direction: Direction, shown: bool) -> EntryFilter:
        """This filter with ``direction`` shown or hidden; stderr stands for the link's notes too
        (one choice for the side lines, as before format 3 gave HTTP notes a direction of their own)."""
        changed = {direction, Direction.NOTE} if direction is Direction.STDERR else {direction}
        return replace(self, directions=self.directions | changed if shown else self.directions - changed)

    def with_kind(self, kind: Kind, shown: bool) -> EntryFilter:
        """This filter with entries of ``kind`` shown or hidden."""
        return replace(self, kinds=self.kinds | {kind} if shown else self.kinds - {kind})

    def shows(self, toggle: Toggle) -> bool:
        """Whether the filter bar's ``toggle`` is on: a direction or a kind shown, or an ``only_…`` field set."""
        if isinstance(toggle, Direction):
            return toggle in self.directions
        if isinstance(toggle, Kind):
            return toggle in self.kinds
        return bool(getattr(self, _only_field(toggle)))

    def toggled(self, toggle: Toggle, on: bool) -> EntryFilter:
        """This filter with the filter bar's ``toggle`` turned ``on`` or off (see :meth:`shows`)."""
        if isinstance(toggle, Direction):
            return self.with_direction(toggle, on)
        if isinstance(toggle, Kind):
            return self.with_kind(toggle, on)
        changes: JsonObject = {_only_field(toggle): on}
        return replace(self, **changes)

    def with_method(self, method: str, exact: bool = False) -> EntryFilter:
        """This filter with entries of ``method`` only ("": any method): the method picked from
        the list of those seen (``exact``), or part of a method or event name typed in any case."""
        return replace(self, method=method, method_exact=bool(exact and method))


_NO_FILTER = EntryFilter()


def _only_field(toggle: str) -> str:
    """``toggle``, a yes/no field of :class:`EntryFilter` (``only_…``); else ValueError."""
    if not (toggle.startswith("only_") and toggle in EntryFilter.__dataclass_fields__):
        raise ValueError(f"{toggle!r} is no toggle of the filter bar")
    return toggle


class EntryView(RowView):
    """Every entry of a recording that passes an :class:`EntryFilter`.

    Filtering a whole recording is done column by column, not one Python test per entry:
    direction, kind and schema verdict are a ``bytes.translate`` of the packed column's bytes,
    only-violations a ``map`` over the violations column, the method one verdict per distinct
    method name mapped over the method column; their byte masks are ANDed as integers and the
    rows taken with ``itertools.compress``. The text search runs over a :class:`TextIndex`
    (grown with the recording): one C call over every entry's bytes, or without the C part a
    C-level ``map`` over their lower-cased copies. Only HTTP errors (rare, in HTTP sessions) are tested entry by entry.
    :meth:`predicate` is the same filter as one function of an entry number (for one entry:
    ``accepts``, ``reveal``), and the tests hold the two to the same answers."""

    def __init__(self) -> None:
        super().__init__()
        self.filter = EntryFilter()
        self._methods: set[str | None] = set()  # None never stays in it
        self._events: dict[int, str] = {}
        self.text_index: TextIndex | None = None

    def _forget(self) -> None:
        self._methods = set()
        self._events = {}
        self.text_index = None

    def _scan(self, start: int, end: int) -> array[int]:
        self._note_methods(start, end)
        rec = self.rec
        if rec is not None and (rec.read_only or self.text_index is not None):
            # an opened file (or a live one searched before): its text index grows with it, so
            # a search never waits for the whole of it to be lower-cased
            self._text_index().update(end)
        return self._filtered(start, end)

    def _rebuild(self) -> array[int]:
        return self._filtered(0, self.seen)

    # ------------------------------------------------------------ methods and events

    def _note_methods(self, start: int, end: int) -> None:
        rec = self.rec
        if end > start and rec is not None:
            methods = self._methods
            methods.update(rec.methods(start, end))
            methods.discard(None)

    def methods_seen(self) -> list[str]:
        """Every JSON-RPC method examined so far (responses count for their request's)."""
        return sorted(m for m in self._methods if m is not None)

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
        before, self.filter = self.filter, f
        narrower = (
            before.text and f.text and before.text.lower() in f.text.lower() and replace(before, text=f.text) == f
        )
        if narrower and self.rec is not None:
            # the search text grew (typing): only the rows shown can still match
            shown = self.rows
            self._reset(lambda: self._searched(shown))
        else:
            self.refilter()
        return True

    def _text_index(self) -> TextIndex:
        index, rec = self.text_index, self.rec
        assert rec is not None
        if index is None or index.rec is not rec:
            index = self.text_index = TextIndex(rec)
        return index

    def _filtered(self, start: int, end: int) -> array[int]:
        """The entries among ``start .. end - 1`` that pass the filter (column by column)."""
        rec = self.rec
        if rec is None or end <= start:
            return array(ROW_CODE)
        f = self.filter
        if not f.active:
            return rows_of(None, start, end)
        masks = []
        if f.directions != ALL_DIRECTIONS or f.kinds != ALL_KINDS:
            masks.append(rec.code_bytes(start, end).translate(_kind_table(f.directions, f.kinds)))
        if f.only_schema_invalid:
            masks.append(rec.code_bytes(start, end, high=True).translate(_SCHEMA_INVALID))
        if f.only_violations:
            masks.append(bytes(map(truth, rec.violations(start, end))))
        if f.method:
            masks.append(self._method_mask(f, start, end))
        mask = _all_of(masks, end - start)
        if f.text and mask is None:  # the search alone: its rows at once
            rows = self._text_index().found_rows(f.text, start, end)
        else:
            if f.text:
                mask = self._text_index().mask(f.text, start, end, mask)
            rows = rows_of(mask, start, end)
        if f.only_http_errors:
            rows = array(ROW_CODE, filter(http_error_test(rec), rows))
        return rows

    def _searched(self, rows: array[int]) -> array[int]:
        """``rows`` (shown for a shorter search text) that the filter still passes."""
        f = self.filter
        index = self._text_index()
        index.update(self.seen)
        return index.rows(f.text, rows)

    def _method_mask(self, f: EntryFilter, start: int, end: int) -> bytes:
        """1 for each entry whose method (or event name, for a process or session event) the
        method filter passes: one verdict per distinct name."""
        rec = self.rec
        assert rec is not None
        name_ok = _name_test(f)

        methods = rec.methods(start, end)
        verdicts: dict[str | None, int] = {m: 1 if name_ok(m) else 0 for m in set(methods) if m is not None}
        verdicts[None] = 0
        mask = bytearray(map(verdicts.__getitem__, methods))
        events = rec.code_bytes(start, end).translate(_EVENT_TABLE)
        if 1 in events:  # process and session events match by their event name
            event_name = self.event_name
            for i in compress(range(len(events)), events):
                if methods[i] is None and name_ok(event_name(start + i)):
                    mask[i] = 1
        return bytes(mask)

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
        rec = self.rec
        assert rec is not None
        method_at, dir_at, event_name = rec.method_at, rec.direction_at, self.event_name
        event = Direction.EVENT
        name_ok = _name_test(f)

        # methods are interned and few: decide per distinct name, not per row
        verdicts: dict[str | None, bool] = {None: False}

        def method_ok(i: int) -> bool:
            m = method_at(i)
            ok = verdicts.get(m)
            if ok is None:  # m is a method here: None is in verdicts
                ok = verdicts[m] = m is not None and name_ok(m)
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
        changes: JsonObject = {}
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
    side, sent = Direction.NOTE, Direction.C2S

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


# ---------------------------------------------------------------------- column helpers

_SCHEMA_INVALID = bytes(1 if b >> 3 == 2 else 0 for b in range(256))  # the packed column's high byte
_EVENT_TABLE = bytes(1 if b & 7 == Direction.EVENT else 0 for b in range(256))  # its low byte


_KIND_TABLES: dict[tuple[frozenset[Direction], frozenset[Kind]], bytes] = {}


def _kind_table(directions: frozenset[Direction], kinds: frozenset[Kind]) -> bytes:
    """The translation of a packed low byte to 1 when its direction and kind are shown."""
    key = (directions, kinds)
    table = _KIND_TABLES.get(key)
    if table is None:
        dirs = {int(d) for d in directions}
        ks = {int(k) for k in kinds}
        table = bytes(1 if (b & 7) in dirs and (b >> 3) & 15 in ks else 0 for b in range(256))
        if len(_KIND_TABLES) > 64:
            _KIND_TABLES.clear()
        _KIND_TABLES[key] = table
    return table


def _all_of(masks: list[bytes], n: int) -> bytes | None:
    """The entries every mask has (masks of 0 and 1 bytes); None for no masks (all)."""
    if not masks:
        return None
    if len(masks) == 1:
        return masks[0]
    acc = int.from_bytes(masks[0], "little")
    for m in masks[1:]:
        acc &= int.from_bytes(m, "little")
    return acc.to_bytes(n, "little")


def flagged_rows(rec: Recording) -> list[int]:
    """The entries that broke a protocol rule or the JSON Schema, in order (column by column,
    and only the entries recorded since the last call: entries never change once recorded)."""
    n = len(rec)
    done, rows = _FLAGGED.get(rec) or (0, [])
    if n > done:
        broke = bytes(map(truth, rec.violations(done, n)))
        invalid = rec.code_bytes(done, n, high=True).translate(_SCHEMA_INVALID)
        either = (int.from_bytes(broke, "little") | int.from_bytes(invalid, "little")).to_bytes(n - done, "little")
        rows.extend(rows_of(either, done, n))
        _FLAGGED[rec] = (n, rows)
    return list(rows)


_FLAGGED: weakref.WeakKeyDictionary[Recording, tuple[int, list[int]]] = (
    weakref.WeakKeyDictionary()
)  # recording -> (entries looked at, flagged rows)

_MESSAGE_TABLE = bytes(1 if (b & 7) in (Direction.C2S, Direction.S2C) else 0 for b in range(256))  # the packed low byte


def message_histogram(rec: Recording, buckets: int) -> list[int]:
    """How many messages (lines either way, not events or stderr) fall in each of ``buckets``
    equal runs of entry numbers, for drawing the messages of a recording of any size along a
    slider: one C-level pass over the packed column (about 10 ms for a million entries), then
    a count per bucket; the last answer per recording is kept until it grows."""
    n = len(rec)
    buckets = max(1, min(int(buckets), n)) if n else 0
    cached = _HISTOGRAMS.get(rec)
    if cached is not None and cached[0] == (n, buckets):
        return list(cached[1])
    counts: list[int] = []
    if buckets:
        mask = rec.code_bytes(0, n).translate(_MESSAGE_TABLE)
        edges = [n * b // buckets for b in range(buckets + 1)]
        counts = [mask.count(1, lo, hi) for lo, hi in pairwise(edges)]
    _HISTOGRAMS[rec] = ((n, buckets), counts)
    return list(counts)


_HISTOGRAMS: weakref.WeakKeyDictionary[Recording, tuple[tuple[int, int], list[int]]] = (
    weakref.WeakKeyDictionary()
)  # recording -> ((entries, buckets), counts)


class TextIndex:
    """The timeline's case-insensitive search over every entry's bytes, grown with the
    recording (:meth:`update`), with the entries that are not ASCII.

    Two ways, the same answers. With the C part built (:mod:`.native`, :data:`NATIVE_SEARCH`) an
    entry's own bytes are scanned, ASCII letters folded as they are compared: nothing is
    copied, and an entry costs its scan. Without it, every entry's bytes lower-cased (the same
    object when there is nothing to lower) are kept in ``lowered`` and searched with a C-level
    ``map`` (:func:`holding`).

    The answers are :func:`_text_test`'s: an ASCII search text is found in an entry's
    lower-cased bytes, and for an entry that is not ASCII, also in its text decoded and
    lower-cased (so ``É`` finds ``é``); a text that is not ASCII is looked for only in those."""

    def __init__(self, rec: Recording, *, native: bool | None = None) -> None:
        self.rec = rec
        scan = NATIVE_SEARCH if native is None or native else None
        if native and scan is None:
            raise ValueError("the C part is not built (scripts/build_native.py)")
        self._native = scan
        #: each entry's bytes lower-cased (None: the C part scans the entries themselves)
        self.lowered: list[bytes] | None = None if scan is not None else []
        self.non_ascii = array(ROW_CODE)
        self._indexed = 0

    def __len__(self) -> int:
        return self._indexed

    def update(self, end: int | None = None) -> None:
        """Index the entries up to ``end`` (default: all)."""
        rec = self.rec
        start = self._indexed
        end = len(rec) if end is None else min(end, len(rec))
        if end <= start:
            return
        raws = rec.raws(start, end)
        if self.lowered is not None:
            lows = map(bytes.lower, raws)
            self.lowered.extend([raw if low == raw else low for raw, low in zip(raws, lows, strict=True)])
        self.non_ascii.extend(compress(range(start, end), map(not_, map(bytes.isascii, raws))))
        self._indexed = end

    def _lowered(self, start: int, end: int) -> list[bytes]:
        """The pure-Python way's lower-cased entries ``start .. end - 1``."""
        lowered = self.lowered
        assert lowered is not None
        return lowered if start == 0 and end == len(lowered) else lowered[start:end]

    def _holding(self, start: int, end: int, needle: bytes) -> bytearray:
        """The mask of the entries ``start .. end - 1`` that hold ``needle`` (lower case)."""
        native = self._native
        if native is None:
            return holding(self._lowered(start, end), needle)
        column, base = self.rec.raw_column()
        if start >= base:
            return native.holding(column, needle, start - base, end - base)
        gone = min(end, base) - start  # released entries (their bytes are gone) hold nothing
        return bytearray(gone) + (native.holding(column, needle, 0, end - base) if end > base else b"")

    def _holding_of(self, rows: list[int], needle: bytes) -> bytearray:
        """The mask of the entries ``rows`` (ascending) that hold ``needle`` (lower case)."""
        native = self._native
        if native is None:
            assert self.lowered is not None
            return holding(list(map(self.lowered.__getitem__, rows)), needle)
        column, base = self.rec.raw_column()
        gone = bisect.bisect_left(rows, base)  # released entries (their bytes are gone) hold nothing
        picked = list(map(column.__getitem__, map(base.__rsub__, rows[gone:])))
        return bytearray(gone) + native.holding(picked, needle, 0, len(picked))

    def mask(self, text: str, start: int, end: int, among: bytes | None = None) -> bytes:
        """1 for each entry of ``start .. end - 1`` whose bytes hold ``text`` (any case), of those
        ``among`` has (a mask of the same entries; None: all)."""
        self.update(end)
        n = end - start
        if among is not None and among.count(1) * 4 < n:  # few left: look at those alone
            out = bytearray(n)
            for i in self.rows(text, compress(range(start, end), among)):
                out[i - start] = 1
            return bytes(out)
        needle = text.lower()
        if needle.isascii():
            found = self._holding(start, end, needle.encode("ascii"))
        else:  # only an entry that is not ASCII can hold it
            found = bytearray(n)
        bad = self.non_ascii
        lo, hi = bisect.bisect_left(bad, start), bisect.bisect_left(bad, end)
        if lo < hi:
            slow = _text_test(self.rec, text)
            for i in bad[lo:hi]:
                if not found[i - start] and slow(i):
                    found[i - start] = 1
        if among is not None:
            both = _all_of([bytes(found), among], n)
            assert both is not None  # two masks
            return both
        return bytes(found)

    def found_rows(self, text: str, start: int, end: int) -> array[int]:
        """The entries of ``start .. end - 1`` whose bytes hold ``text`` (any case): the rows of
        :meth:`mask`, taken without a mask when a pattern per entry is the way (a common text)."""
        self.update(end)
        needle = text.lower()
        if not needle.isascii():  # only an entry that is not ASCII can hold it
            rows = array(ROW_CODE)
        elif self._native is not None:
            column, base = self.rec.raw_column()
            lo = max(start, base)  # released entries (their bytes are gone) hold nothing
            rows = array(ROW_CODE)
            if end > lo:
                rows.frombytes(self._native.holding_rows(column, needle.encode("ascii"), lo - base, end - base, base))
        else:
            rows = holding_rows(self._lowered(start, end), needle.encode("ascii"), start)
        bad = self.non_ascii
        lo, hi = bisect.bisect_left(bad, start), bisect.bisect_left(bad, end)
        if lo < hi:
            slow = _text_test(self.rec, text)
            more = [i for i in bad[lo:hi] if slow(i)]
            if more:  # those the bytes did not show (text that differs once decoded): merged in
                more = [i for i in more if not _among(rows, i)]
                if len(more) > _FEW_INSERTS:
                    rows = array(ROW_CODE, sorted(chain(rows, more)))
                for i in more if len(more) <= _FEW_INSERTS else ():
                    rows.insert(bisect.bisect_left(rows, i), i)  # a memory move each (no list of every row)
        return rows

    def rows(self, text: str, rows: Iterable[int]) -> array[int]:
        """Those of ``rows`` (ascending entry numbers) whose bytes hold ``text`` (any case)."""
        rows = list(rows)
        self.update(rows[-1] + 1 if rows else 0)
        needle = text.lower()
        if needle.isascii() and rows:
            found = self._holding_of(rows, needle.encode("ascii"))
        else:
            found = bytearray(len(rows))
        bad = self.non_ascii
        if bad and rows:
            slow = _text_test(self.rec, text)
            k = bisect.bisect_left(bad, rows[0])
            for j, seq in enumerate(rows):  # both ascending: one merge
                while k < len(bad) and bad[k] < seq:
                    k += 1
                if k == len(bad):
                    break
                if bad[k] == seq and not found[j] and slow(seq):
                    found[j] = 1
        return array(ROW_CODE, compress(rows, found))


def _among(rows: array[int], i: int) -> bool:
    k = bisect.bisect_left(rows, i)
    return k < len(rows) and rows[k] == i


def holding_rows(seg: list[bytes], needle: bytes, first: int) -> array[int]:
    """The numbers ``first + i`` of the entries of ``seg`` that hold ``needle``: the rows of
    :func:`holding`'s mask; when a pattern per entry is the way (a common needle), its matches
    pick the rows directly (one pass, no mask), unless nearly every entry holds it (the mask's
    few runs of ones are cut from a ready-made array quicker)."""
    end = first + len(seg)
    way = _quick_way(seg, needle) if len(needle) == 1 or len(seg) >= _PREFILTER_MIN else None
    if way is not None:
        return rows_of(bytes(way()), first, end)
    search = _pattern(needle)
    sample = seg[:: max(1, len(seg) // _SAMPLE)]
    if countOf(map(truth, map(search, sample)), True) > len(sample) * _NEARLY_ALL:
        return rows_of(bytes(map(truth, map(search, seg))), first, end)  # few misses: few runs to cut
    return array(ROW_CODE, compress(range(first, end), map(search, seg)))


def _pattern(needle: bytes) -> Callable[[bytes], re.Match[bytes] | None]:
    return re.compile(re.escape(needle)).search


def holding(seg: list[bytes], needle: bytes) -> bytearray:
    """Per entry of ``seg``, 1 when it holds ``needle`` (else 0): ``needle in entry``, the
    quickest C-level way for the needle. One byte: ``int in bytes`` (a ``memchr`` each). Longer:

    * when one of its bytes is in few entries (a sample of them says so), only the entries that
      hold that byte (a ``memchr`` each) are searched;
    * else, when at most a couple of the sample's entries hold the needle (a rare text), a few thousand entries
      at a time joined by a byte the needle does not have (so no match spans two entries) are
      searched with ``bytes.find``, which scans faster than a pattern and is called once per run
      of entries, not per entry; each hit's entry is found by bisection;
    * else a compiled literal pattern's ``search`` per entry (the quickest test C offers per bytes
      object: ``bytes.find`` and ``in`` take longer to set up).

    The answers are the same either way (the tests compare them with ``needle in entry``)."""
    way = _quick_way(seg, needle) if len(needle) == 1 or len(seg) >= _PREFILTER_MIN else None
    if way is not None:
        return way()
    return bytearray(map(truth, map(_pattern(needle), seg)))


def _quick_way(seg: list[bytes], needle: bytes) -> Callable[[], bytearray] | None:
    """:func:`holding`'s way for ``needle`` when it is not a pattern per entry (see there)."""
    if len(needle) == 1:
        return lambda: bytearray(map(contains, seg, repeat(needle[0])))
    search = _pattern(needle)
    sample = seg[:: max(1, len(seg) // _SAMPLE)]
    rare = _rare_byte(sample, needle)
    if rare is not None:
        return lambda: _prefiltered(seg, search, rare)
    sep = next((bytes((b,)) for b in b"\n\x00\xff" if b not in needle), None)
    if sep is not None and countOf(map(truth, map(search, sample)), True) <= _FEW_IN_SAMPLE:
        return lambda: joined_find(seg, needle, sep)
    return None


def _prefiltered(seg: list[bytes], search: Callable[[bytes], re.Match[bytes] | None], rare: int) -> bytearray:
    """:func:`holding` for a needle with a byte few entries hold: the entries that hold it
    (a ``memchr`` each: every byte of the needle is in an entry that holds it), searched."""
    found = bytearray(map(contains, seg, repeat(rare)))
    among = list(compress(range(len(seg)), found))
    misses = list(compress(among, map(not_, map(search, map(seg.__getitem__, among)))))
    deque(map(found.__setitem__, misses, repeat(0)), maxlen=0)
    return found


_PREFILTER_MIN = 4096  # fewer entries are searched one by one (the sample would cost more than it saves)
_SAMPLE = 512  # entries a needle's bytes are counted in
_RARE_ENOUGH = 0.4  # the byte is in at most this share of the sample: a first pass on it pays
_FEW_IN_SAMPLE = 2  # a needle in at most this many entries of the sample is rare (its hits cost a bisection each)
_FEW_INSERTS = 64  # rows found only by decoding inserted one by one (more: sorted in)
_NEARLY_ALL = 0.95  # a share of the sample holding the needle above which its rows are cut from runs
_MANY_IN_RUN = 8  # a joined run with hits in more than 1/8 of its entries: the needle is not rare
_JOIN = 2048  # entries joined for one run of bytes.find (a few hundred KiB: the CPU caches hold it)
_PLUS_ONE = (1).__add__


def _rare_byte(sample: list[bytes], needle: bytes) -> int | None:
    """The byte of ``needle`` that the fewest entries of ``sample`` hold, when few enough hold
    it for a ``memchr`` pass over every entry to pay; else None."""
    counts = {b: countOf(map(contains, sample, repeat(b)), True) for b in set(needle)}
    rare = min(counts, key=counts.__getitem__)
    return rare if counts[rare] <= len(sample) * _RARE_ENOUGH else None


def joined_find(seg: list[bytes], needle: bytes, sep: bytes) -> bytearray:
    """:func:`holding` for a rare needle: runs of entries joined by ``sep`` (not in the needle),
    searched with ``bytes.find``; a hit's entry is the first whose end (in the run) is past it,
    and the search goes on from the next entry. Where the needle is not rare after all (the
    sample was not like the rest: a cluster of entries that hold it, or entries that repeat with
    the sample's stride), a run with hits in many of its entries has the rest of it searched
    with a pattern per entry, which costs less than a bisection a hit, and so has the next run;
    a run searched that way in which few entries hold the needle hands the next one back."""
    n = len(seg)
    found = bytearray(n)
    search = _pattern(needle)
    dense = False  # the run before held the needle in many of its entries
    for a in range(0, n, _JOIN):
        part = seg[a : a + _JOIN]
        many = len(part) // _MANY_IN_RUN
        if dense:
            got = bytes(map(truth, map(search, part)))
            found[a : a + len(part)] = got
            dense = got.count(1) > many
            continue
        joined = sep.join(part)
        i = joined.find(needle)
        if i < 0:
            continue
        ends = list(accumulate(map(_PLUS_ONE, map(len, part))))  # each entry's end + 1 (its separator)
        find = joined.find
        hits = 0
        while i >= 0:
            k = bisect.bisect_right(ends, i)
            found[a + k] = 1
            hits += 1
            if hits > many:  # not rare here: the rest of the run (and the next) a pattern per entry
                found[a + k + 1 : a + len(part)] = bytes(map(truth, map(search, part[k + 1 :])))
                dense = True
                break
            i = find(needle, ends[k])
    return found


_IDENTITY = array(ROW_CODE)  # 0, 1, 2, ...: rows are cut from it (a memory copy), not counted out one by one


def _identity(end: int) -> array[int]:
    n = len(_IDENTITY)
    if n < end:  # grown at its end only (a live recording grows a batch at a time)
        _IDENTITY.extend(range(n, max(end, n + (n >> 2)) | 0xFFFF))
    return _IDENTITY


def rows_of(mask: bytes | None, start: int, end: int) -> array[int]:
    """The entry numbers ``start + i`` for each ``mask[i]`` that is 1 (None: all; a mask holds
    only 0 and 1). A mask of few runs of ones (few hits, or few misses) is cut into slices of a
    ready-made 0, 1, 2, ... array; one of few ones apart is split at them (the ones are where
    the pieces end); any other is compressed."""
    if mask is None:
        return _identity(end)[start:end]
    n = end - start
    if n <= 0:
        return array(ROW_CODE)
    runs = mask.count(b"\x00\x01") + (mask[0] == 1)
    if runs == 0:
        return array(ROW_CODE)
    if runs * 64 >= n:
        if runs * 8 < n:  # few ones, apart: each is the bytes before it plus one past the one before
            pieces = mask.split(b"\x01")
            del pieces[-1]
            return array(ROW_CODE, accumulate(map(_PLUS_ONE, map(len, pieces)), initial=start - 1))[1:]
        return array(ROW_CODE, compress(range(start, end), mask))
    ident = _identity(end)
    out = array(ROW_CODE)
    find = mask.find
    i = find(1)
    while i >= 0:
        j = find(0, i)
        if j < 0:
            j = n
        out += ident[start + i : start + j]
        i = find(1, j)
    return out


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


def log_lines(rec: Recording, start: int, end: int) -> list[int]:
    """The server's log messages among entries ``start .. end - 1``: server notifications named
    ``notifications/message``. C-level passes over the columns: the method column compared with
    the name (one string object per name: an identity test each), the packed column translated
    into a mask of server notifications, the two ANDed."""
    if end <= start:
        return []
    named = bytes(map(eq, rec.methods(start, end), repeat(LOG_METHOD)))
    if 1 not in named:
        return []
    sent = rec.code_bytes(start, end).translate(_kind_table(frozenset({Direction.S2C}), frozenset({Kind.NOTIFICATION})))
    return list(compress(range(start, end), _all_of([named, sent], end - start) or b""))


class LogView(RowView):
    """The server's log messages with their level ranks; rows are those at the floor or above
    (and, while a recording is replayed, recorded at or before entry ``until``)."""

    def __init__(self) -> None:
        super().__init__()
        self.floor = 0
        self.until: int | None = None  # replay: only messages up to this entry (None: all)
        self.seqs = array(ROW_CODE)  # every log message since the last clear
        self.ranks = array("B")  # their level ranks

    def _forget(self) -> None:
        self.seqs = array(ROW_CODE)
        self.ranks = array("B")

    def _scan(self, start: int, end: int) -> array[int]:
        rec = self.rec
        if rec is None or end <= start:
            return array(ROW_CODE)
        hits = log_lines(rec, start, end)
        raw_at = rec.raw_at
        first = len(self.seqs)
        self.seqs.extend(hits)
        self.ranks.extend(level_rank(raw_at(i)) for i in hits)
        return self._shown(first, self._end())

    def _rebuild(self) -> array[int]:
        return self._shown(0, self._end())

    def _end(self) -> int:
        """How many of ``seqs`` are up to ``until``."""
        return len(self.seqs) if self.until is None else bisect.bisect_right(self.seqs, self.until)

    def _shown(self, lo: int, hi: int) -> array[int]:
        """The rows among ``seqs[lo:hi]``: those at the floor or above."""
        if hi <= lo:
            return array(ROW_CODE)
        if self.floor == 0:
            return self.seqs[lo:hi]
        floor = self.floor
        return array(ROW_CODE, compress(self.seqs[lo:hi], [r >= floor for r in self.ranks[lo:hi]]))

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

        def build() -> array[int]:
            if self.rec is not None:
                self.seen = len(self.rec)
            self._forget()
            return array(ROW_CODE)

        self._reset(build)

    def rank_of(self, seq: int) -> int:
        seqs = self.seqs
        k = bisect.bisect_left(seqs, seq)
        return self.ranks[k] if k < len(seqs) and seqs[k] == seq else UNKNOWN


# ====================================================================== the negotiation

START_METHODS = ("initialize", "server/discover")
_START_SET = frozenset(START_METHODS)


def _text(value: JsonValue) -> str | None:
    return value if isinstance(value, str) else None


def _object(value: JsonValue) -> JsonObject:
    """``value`` when it is a JSON object, else {} (a malformed message is data, not a crash)."""
    return value if isinstance(value, dict) else {}


class NegotiationTracker:
    """The start exchange of a recording, followed incrementally: each :meth:`update` scans
    only the entries added since; :meth:`take` takes one entry (for a replay's position)."""

    def __init__(self, rec: Recording) -> None:
        self.rec = rec
        self.scanned = 0
        self.method: str | None = None
        self.offer: JsonObject | None = None
        self.answer: JsonValue = None  # the result or error, as the server sent it
        self.answer_kind: Kind | None = None
        self.rows = array(ROW_CODE)  # the start exchange's entries update() found, ascending

    def update(self) -> bool:
        """Scan new entries; True when the facts changed."""
        rec = self.rec
        end = len(rec)
        changed = False
        start = self.scanned
        if end > start:  # the start methods are rare: found with one C-level pass over the column
            for i in compress(range(start, end), map(_START_SET.__contains__, rec.methods(start, end))):
                self.rows.append(i)
                changed = self.take(i) or changed
        self.scanned = end
        return changed

    def taken_by(self, row: int) -> int:
        """How many entries of the start exchange were recorded by entry ``row`` (the facts as of
        two rows are the same when this is)."""
        self.update()
        return bisect.bisect_right(self.rows, row)

    def facts_as_of(self, row: int) -> JsonObject | None:
        """The facts as the client knew them once entry ``row`` was recorded (a replay's
        position): None before the start exchange began, no ``server`` before its answer. Only
        the few start-exchange entries up to the row are decoded again."""
        k = self.taken_by(row)
        if k == len(self.rows):
            return self.facts()
        past = NegotiationTracker(self.rec)
        for i in self.rows[:k]:
            past.take(i)
        return past.facts()

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

    def facts(self) -> JsonObject | None:
        """Offer and answer of the last start exchange taken, or None before one."""
        if self.offer is None:
            return None
        answer, method = self.answer, self.method
        facts: JsonObject = {
            "method": method,
            "offer": self.offer,
            "answer_kind": self.answer_kind,
            "answer": answer,
        }
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


def settled_version(facts: JsonObject | None) -> str | None:
    """The protocol version a start exchange settled (None: not answered yet): the server's
    answer to initialize, or in the modern era the version the client asked for when the server
    supports it (else the newest both know)."""
    if not facts:
        return None
    server = facts.get("server")
    if server is None:
        return None
    if facts["method"] == "initialize":
        return server["version"] if isinstance(server["version"], str) else None
    offered = _object(facts.get("answer")).get("supportedVersions")
    supported = [v for v in offered if isinstance(v, str)] if isinstance(offered, list) else []
    wanted = facts["offer"].get("version")
    if isinstance(wanted, str) and wanted in supported:
        return wanted
    common = [v for v in MODERN_VERSIONS if v in supported]
    return common[-1] if common else None


def negotiation_facts(rec: Recording, row: int | None = None) -> JsonObject | None:
    """The start exchange's facts: of the whole recording, or as of entry ``row``."""
    tracker = NegotiationTracker(rec)
    tracker.update()
    return tracker.facts() if row is None else tracker.facts_as_of(row)


def _name_test(f: EntryFilter) -> Callable[[str], bool]:
    """The method filter's test of one name: equal to it, or containing it (any case)."""
    if f.method_exact:
        wanted = f.method
        return lambda name: name == wanted
    needle = f.method.lower()
    return lambda name: needle in name.lower()
