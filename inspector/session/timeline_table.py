"""The timeline's table without Qt: its columns, how they share the table's width, how the user's
column choices are saved, and the texts a row offers to copy.

Theory of operation. The window's timeline (``inspector.ui.timeline``) measures texts in its
fonts and hands the numbers here: each column's natural width (room to spare), its least width
(an elastic column is never made narrower while others give way), the width the must-read
columns' widest texts so far need, and the widths the user dragged. :func:`fit_widths` decides
which columns give way for lack of room and what width each shown column gets, so the table
never scrolls sideways; the view only applies the answer to its header. The user's choices are
kept in the settings by stable names (:data:`COLUMN_KEYS`), read and written by
:func:`saved_columns` and :func:`columns_to_save`. :func:`copy_texts` is what the row menu copies.
A cell's colours are named here as tones (:func:`cell_tones`: its text's and its row's
background), and where its text sits (:data:`ALIGNMENTS`); the window's palette gives each tone a
brush.
"""

from __future__ import annotations

import bisect
import shlex
from collections.abc import Iterable, Mapping

import orjson

from inspector.protocol.messages import Kind

from .recording import Direction, Entry, Recording


class Column:
    """The timeline's columns by logical number (the view's header may show them in another order)."""

    SEQ = 0
    TIME = 1
    DELTA = 2
    DIRECTION = 3
    KIND = 4
    METHOD = 5
    ID = 6
    LATENCY = 7
    SIZE = 8
    SCHEMA = 9
    VIOLATIONS = 10
    COUNT = 11


#: The columns whose texts are numbers (aligned right).
NUMERIC = frozenset({Column.SEQ, Column.TIME, Column.DELTA, Column.LATENCY, Column.SIZE})
#: The columns shown in the monospace font (numbers, ids).
MONO_COLUMNS = frozenset({Column.SEQ, Column.TIME, Column.DELTA, Column.ID, Column.LATENCY, Column.SIZE})
#: Where a cell's text sits, by column: numbers right, the schema's mark centred, words left.
ALIGNMENTS = tuple("right" if c in NUMERIC else "center" if c == Column.SCHEMA else "left" for c in range(Column.COUNT))
#: The tone of each direction's words (the link's notes: as the side lines recorded before format 3).
DIRECTION_TONES = {
    Direction.C2S: "c2s",
    Direction.S2C: "s2c",
    Direction.STDERR: "stderr",
    Direction.EVENT: "event",
    Direction.NOTE: "stderr",
}
_BAD_KINDS = frozenset({Kind.NOISE, Kind.INVALID, Kind.ERROR, Kind.BATCH})
_MUTED = frozenset({Column.DELTA, Column.LATENCY, Column.SIZE})
#: The order the columns are shown in unless the user moved them: the most-read first.
DEFAULT_ORDER = (
    Column.KIND,
    Column.METHOD,
    Column.ID,
    Column.LATENCY,
    Column.VIOLATIONS,
    Column.TIME,
    Column.DELTA,
    Column.SEQ,
    Column.DIRECTION,
    Column.SCHEMA,
    Column.SIZE,
)
#: The columns that give way, first to last, when the table is too narrow for every column
#: shown: hidden for as long as there is no room (unless the user asked for them in the header's
#: menu). What they say is elsewhere too: first the two that repeat what another column shows
#: (the direction is the arrow in Kind, the schema's verdict is in Violations), then the
#: less-read ones (size, Δ; the entry number and time are in the details pane as well).
GIVE_WAY = (Column.DIRECTION, Column.SCHEMA, Column.SIZE, Column.DELTA, Column.SEQ, Column.TIME)
#: The names the columns are remembered by in the settings (stable, unlike positions).
COLUMN_KEYS = ("seq", "time", "delta", "direction", "kind", "method", "id", "latency", "size", "schema", "violations")
#: The must-read columns sized by what they show (the model's widest texts), and the most
#: characters of a text they make room for (a longer one elides): a method, a string id (a
#: number is short), the rules an entry broke.
CONTENT_CAPS = {Column.METHOD: 32, Column.ID: 14, Column.VIOLATIONS: 32}
#: What each column's natural width is measured on (in the monospace font for MONO_COLUMNS), besides
#: its header: a typical widest text. The Kind column's are its words, in the window's language.
SAMPLES = {
    Column.SEQ: "000000",
    Column.TIME: "0000.000",
    Column.DELTA: "+000.0 ms",
    Column.DIRECTION: "⇠ stderr",
    Column.METHOD: "notifications/initialized",
    Column.ID: "0000",
    Column.LATENCY: "000.0 ms",
    Column.SIZE: "00.0 MiB",
    Column.SCHEMA: "✗",
    Column.VIOLATIONS: "⚠ jsonrpc.unknown-id",
}
#: The least a method and an id are given before anything elides, and Method's floor after it
LEAST_METHOD, SHORT_ID, METHOD_FLOOR = "resources/read", "0" * 8, "tools/call"
#: Room between columns (beyond the text's own margins) a column gives up before any text is
#: elided, when the must-read columns do not fit.
GAP = 8


def fit_widths(
    order: Iterable[int],
    room: int,
    *,
    natural: Mapping[int, int],
    least: Mapping[int, int],
    content: Mapping[int, int],
    prefs: Mapping[int, bool],
    users: Mapping[int, int],
    smallest: int,
    id_short: int,
    method_floor: int,
) -> tuple[dict[int, int], list[int]]:
    """The width of each column shown in ``room`` pixels, and the columns hidden for lack of room.

    Each column wants its ``natural`` width; the must-read Method, Id and Violations want what
    their widest text so far needs (``content``, capped by :data:`CONTENT_CAPS`), Method at least
    its natural width, so a rule's name is never what elides first. ``prefs``: columns the user
    showed (True) or hid (False); ``users``: widths the user gave columns, kept. While the wanted
    widths do not fit, the columns the user did not ask for give way (:data:`GIVE_WAY`); if the
    rest still do not fit they give up room in this order: Method down to its ``least`` (it
    elides in the middle), the room between columns (:data:`GAP`), Id down to ``id_short`` (eight
    characters), Method down to ``method_floor`` (about ten), Id to its least, Violations, then
    all alike (not below ``smallest``). Room left over goes to Violations (else Method, else the
    last column), so no row needs scrolling sideways. Widths the user gave are kept; if even
    those do not fit, the table scrolls."""

    def least_of(c: int) -> int:
        return users.get(c) or least[c]

    def wanted(c: int) -> int:
        if c in users:
            return users[c]
        if c in CONTENT_CAPS:
            return max(natural[c] if c == Column.METHOD else least[c], content.get(c, 0))
        return natural[c]

    visible = [c for c in order if prefs.get(c, True)]
    hidden_for_room: list[int] = []
    for c in GIVE_WAY:
        if sum(wanted(x) for x in visible) <= room:
            break
        if c in visible and c not in prefs:
            visible.remove(c)
            hidden_for_room.append(c)
    widths = {c: wanted(c) for c in visible}
    flexible = [c for c in visible if c not in users]
    over = sum(widths.values()) - room

    def give(c: int, floor: int) -> None:
        nonlocal over
        if over > 0 and c in widths and c not in users:
            take = max(0, min(over, widths[c] - max(smallest, floor)))
            widths[c] -= take
            over -= take

    give(Column.METHOD, least_of(Column.METHOD))
    if over > 0 and flexible:
        each = min(GAP, -(-over // len(flexible)))
        for c in flexible:
            give(c, widths[c] - each)
    give(Column.ID, id_short)  # a long string id elides (in the middle) first
    give(Column.METHOD, method_floor)  # about ten characters, head and tail
    give(Column.ID, least_of(Column.ID) - GAP)
    give(Column.VIOLATIONS, least_of(Column.VIOLATIONS) - GAP)
    if over > 0:  # not even the least widths fit: those the user did not size shrink alike (texts elide)
        need = sum(widths[c] for c in flexible)
        if need:
            scale = max(0.0, (need - over) / need)
            for c in flexible:
                widths[c] = max(smallest, int(widths[c] * scale))
    elif over < 0:
        filler = next((c for c in (Column.VIOLATIONS, Column.METHOD) if c in widths), visible[-1] if visible else None)
        if filler is not None:
            widths[filler] -= over
    return widths, hidden_for_room


def saved_columns(
    order: list[str], shown: Mapping[str, bool], widths: Mapping[str, float]
) -> tuple[list[int], dict[int, bool], dict[int, float]]:
    """The columns as the settings keep them (by :data:`COLUMN_KEYS` name) -> the order (every
    column, those not named after in :data:`DEFAULT_ORDER`), the user's shown/hidden choices and
    the widths the user gave (in line heights). Unknown names are left out."""
    by_key = {k: i for i, k in enumerate(COLUMN_KEYS)}
    columns = list(dict.fromkeys(by_key[k] for k in order if k in by_key))
    columns += [c for c in DEFAULT_ORDER if c not in columns]
    return (
        columns,
        {by_key[k]: v for k, v in shown.items() if k in by_key},
        {by_key[k]: v for k, v in widths.items() if k in by_key},
    )


def columns_to_save(order: Iterable[int], prefs: Mapping[int, bool], widths: Mapping[int, float]) -> str:
    """The columns as the settings keep them (the counterpart of :func:`saved_columns`), as JSON."""
    data = {
        "order": [COLUMN_KEYS[c] for c in order],
        "shown": {COLUMN_KEYS[c]: on for c, on in sorted(prefs.items())},
        "widths": {COLUMN_KEYS[c]: round(w, 3) for c, w in sorted(widths.items())},
    }
    return orjson.dumps(data).decode()


def is_flagged(rec: Recording, seq: int) -> bool:
    """Entry ``seq`` broke a protocol rule or is invalid against the schema."""
    return bool(rec.violations_at(seq)) or rec.schema_at(seq) is False


def cell_tones(rec: Recording, seq: int, col: int) -> tuple[str | None, str | None]:
    """The tones of a cell: its text's (None: the palette's text) and its row's background
    (None: the base). A side line or note is tinted as stderr, an event as an event, and an entry
    that broke a rule or the schema as bad, in every column; the text takes its direction's tone
    in Direction and Kind (bad for noise, invalid lines, errors and batches), the schema's verdict
    in Schema, bad in Violations, muted for the numbers Δ, Latency and Size, else the side line's
    or the event's tone."""
    d = rec.direction_at(seq)
    side = d is Direction.STDERR or d is Direction.NOTE
    event = d is Direction.EVENT
    background = "stderr" if side else "event" if event else "bad" if is_flagged(rec, seq) else None
    if col == Column.DIRECTION:
        return DIRECTION_TONES[d], background
    if col == Column.SCHEMA:
        ok = rec.schema_at(seq)
        return (None if ok is None else "good" if ok else "bad"), background
    if col == Column.VIOLATIONS:
        return "bad", background
    if col == Column.KIND:
        return ("bad" if rec.kind_at(seq) in _BAD_KINDS else DIRECTION_TONES[d]), background
    if col in _MUTED:
        return "muted", background
    return ("stderr" if side else "event" if event else None), background


def merge_sorted(listed: list[str], wanted: list[str]) -> tuple[bool, list[tuple[int, str]], list[str]]:
    """How a sorted list shown (``listed``: the method filter's choices) takes in ``wanted`` (every
    method seen so far): whether to start over (one listed is not wanted: another recording), each
    ``(position, item)`` to insert, in turn, and the list afterwards. Nothing changes when they
    are equal."""
    if wanted == listed:
        return False, [], listed
    restart = not set(listed) <= set(wanted)
    merged = [] if restart else list(listed)
    inserts = []
    for item in wanted:
        pos = bisect.bisect_left(merged, item)
        if pos < len(merged) and merged[pos] == item:
            continue
        merged.insert(pos, item)
        inserts.append((pos, item))
    return restart, inserts, merged


def copy_texts(entry: Entry) -> dict[str, str]:
    """What the row menu can copy for one recording entry: ``line`` (the exact text, without
    its line terminator), ``json`` (pretty-printed, for a JSON message), ``probe`` (a shell-quoted
    ``--request METHOD=PARAMS`` for a client request) and ``entry`` (the recorded entry object
    with its findings)."""
    out = {
        "line": entry.text.rstrip("\r\n"),
        "entry": orjson.dumps(entry.to_json(), option=orjson.OPT_INDENT_2, default=str).decode(),
    }
    obj = entry.json()
    if obj is not None:
        out["json"] = orjson.dumps(obj, option=orjson.OPT_INDENT_2, default=str).decode()
        if (
            entry.direction is Direction.C2S
            and entry.kind is Kind.REQUEST
            and isinstance(obj, dict)
            and isinstance(obj.get("method"), str)
        ):
            params = obj.get("params")
            arg = obj["method"] if params in (None, {}) else obj["method"] + "=" + orjson.dumps(params).decode()
            out["probe"] = "--request " + shlex.quote(arg)
    return out


__all__ = [
    "ALIGNMENTS",
    "COLUMN_KEYS",
    "CONTENT_CAPS",
    "Column",
    "DEFAULT_ORDER",
    "DIRECTION_TONES",
    "GAP",
    "GIVE_WAY",
    "LEAST_METHOD",
    "METHOD_FLOOR",
    "MONO_COLUMNS",
    "NUMERIC",
    "SAMPLES",
    "SHORT_ID",
    "cell_tones",
    "columns_to_save",
    "copy_texts",
    "fit_widths",
    "is_flagged",
    "merge_sorted",
    "saved_columns",
]
