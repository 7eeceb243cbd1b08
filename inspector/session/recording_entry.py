"""A recording's vocabulary: what an entry is and how the store codes it.

:class:`Direction` (who wrote a line), :class:`Entry` (one entry, made on demand by
``Recording[i]``), the format's name and version (with the history of its versions), and the
tables behind the packed code each entry keeps in one 16-bit number: direction (3 bits), kind
(4), lifecycle state after it (4) and schema verdict (2) (:func:`code_parts` reads one). The
store (:mod:`.recording`) and the file loader (:mod:`.recording_load`) share them.
"""

from __future__ import annotations

import base64
import enum
from array import array
from collections.abc import Callable, KeysView
from dataclasses import dataclass, field

from inspector.protocol.framing import display_text
from inspector.protocol.jsontypes import JsonObject, JsonValue
from inspector.protocol.lifecycle import State
from inspector.protocol.messages import Kind, loads_lenient

FORMAT = "mcp-session-inspector/recording"
FORMAT_VERSION = 4
# Version history (old files are lifted on load by migrate / migrate_header):
#   1  the first format;
#   2  a transition keeps the id of the lifecycle event that took it ("event"), not only its
#      label; the header names the transport ("transport": "stdio", ...); an entry may carry the
#      metadata of the exchange it travelled in ("http": an object).
#   3  a side line of a link without a process (HTTP: the transport's own note, channel "http";
#      an answer's body that is no message, "http-body") has a direction of its own, "note";
#      version 2 wrote it as "stderr" with that channel. Stderr is the server's process's only.
#   4  the link's events and notes have kinds of their own: an event of a link with no process
#      (HTTP: connected, an exchange, disconnected, ...) is "link", not "process"; a "note" line
#      is "link-note", not "stderr". Older files are lifted by the event's name and the direction.


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

STATES = list(State)
STATE_INDEX = {s: i for i, s in enumerate(STATES)}
STATE_BY_VALUE = {s.value: s for s in STATES}
KINDS = {k.value: k for k in Kind}
DIRECTIONS = tuple(Direction)
LEGACY_STATE_VALUES = frozenset(
    s.value for s in (State.UNINITIALIZED, State.INITIALIZING, State.INITIALIZED, State.OPERATING)
)
SCHEMA_CODE = {None: 0, True: 1, False: 2}
SCHEMA_VALUE = (None, True, False)
# the labels a JSON line writes, by the packed column's codes (no enum lookups per entry)
DIR_TEXT = tuple(_DIR_LABELS[d] for d in DIRECTIONS)
KIND_TEXT = {k.value: k.label for k in Kind}
STATE_TEXT = tuple(s.value for s in STATES)


@dataclass(frozen=True, slots=True)
class Entry:
    seq: int
    t: float  # seconds since the recording started
    direction: Direction
    kind: Kind
    method: str | None
    id: JsonValue
    raw: bytes
    state: State
    violations: tuple[str, ...]
    schema_ok: bool | None
    latency: float | None
    paired: int | None
    extra: JsonObject = field(default_factory=dict)

    @property
    def text(self) -> str:
        """The bytes as text for people (invalid UTF-8 shown as U+FFFD)."""
        return display_text(self.raw)

    def json(self) -> JsonValue:
        """The decoded message (None for noise and non-message entries)."""
        if self.direction in (Direction.C2S, Direction.S2C):
            return loads_lenient(self.raw)
        return None

    def to_json(self) -> JsonObject:
        d = self._head()
        try:
            d["raw"] = self.raw.decode("utf-8")
        except UnicodeDecodeError:
            d["raw"] = self.raw.decode("utf-8", "replace")
            d["raw_b64"] = base64.b64encode(self.raw).decode("ascii")
        return self._meta_into(d)

    def to_json_meta(self) -> JsonObject:
        """``to_json`` without the bytes (for writing a huge entry in slices)."""
        return self._meta_into(self._head())

    def _head(self) -> JsonObject:
        """The members written before the bytes, in the order every writer writes them."""
        return {
            "seq": self.seq,
            "t": round(self.t, 6),
            "dir": self.direction.label,
            "kind": self.kind.label,
            "method": self.method,
            "id": self.id,
        }

    def _meta_into(self, d: JsonObject) -> JsonObject:
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


@dataclass(frozen=True, slots=True)
class Columns:
    """A run of entries column by column (:meth:`Recording.columns`). ``codes`` holds one small
    number per entry for its direction, kind, state and schema verdict: a run has few
    distinct ones, so decode each once with :func:`code_parts` and cache by code."""

    seqs: range
    codes: array[int]
    t: array[float]
    raw: list[bytes]
    method: list[str | None]
    id: list[JsonValue]
    violations: list[tuple[str, ...]]
    with_latency: KeysView[int]  # a live set-like view of the entries that have a latency
    with_extra: KeysView[int]  # ... and of those that keep something beside their bytes


def code_parts(code: int) -> tuple[Direction, Kind, State, bool | None]:
    """What a code of :attr:`Columns.codes` stands for: direction, kind, state, schema verdict."""
    return DIRECTIONS[code & 7], KINDS[(code >> 3) & 15], STATES[(code >> 7) & 15], SCHEMA_VALUE[code >> 11]


#: Entries whose bytes are longer than this are written in slices, so writing a huge line
#: costs a few MiB on top of the line itself instead of several copies of it.
LARGE_ENTRY = 1 << 20
