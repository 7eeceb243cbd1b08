"""The timeline's words without Qt: its headers, the directions' names, what each cell says and
what its tooltip explains.

Theory of operation. Every word is English, in the "Timeline" translation context (an event's name
in "Events", a rule's text in "Rules"), and goes through the caller's ``tr(context, text)``: the
window passes ``QCoreApplication.translate`` (``scripts/i18n.py`` brings these tables into the
catalogue), a test passes a function that keeps the English. :func:`cell_text` reads one cell of
an entry from the recording's columns (no entry is built); :func:`cell_tip` its tooltip, with
whether the text must be shown literally (server text, a rule's text). The kind, id, latency and
size come from the one entry-to-text renderer (:mod:`.entry_text`). Δ is measured on the
recording's order: a message held at the step gate counts from when it was released
(:func:`order_time`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from inspector.protocol.messages import Kind
from inspector.protocol.rules import RULES

from .entry_text import format_duration, format_id, kind_words, one_line, released_of, size_text
from .labels import EVENT_LABELS, HTTP_NOTE
from .recording import Direction, Recording
from .timeline_table import Column
from .translate import Translate
from .views import flagged_rows

CONTEXT = "Timeline"
TOOLTIP_RAW_CHARS = 600  # characters of an entry's text its tooltip shows
ID_SAMPLE = 128  # the ids of a batch looked at for the Id column's width: its newest rows (a flood costs little)

HEADERS = (
    "#",
    "Time (s)",
    "Δ",
    "Direction",
    "Kind",
    "Method / event",
    "Id",
    "Latency",
    "Size",
    "Schema",
    "Violations",
)
HEADER_TIPS = (
    "Entry number in the recording",
    "Seconds since the session started",
    "Time since the previous visible row. In step mode a message the server sent counts from when it was "
    "released at the step gate, so Δ follows the rows' order; its Time is when it was read",
    "→ client to server, ← server to client, stderr of the server, process event",
    "What the line is (request, notification, result, error, noise, …), after the arrow of its direction",
    "The method; for responses the method they answer; for process events the event",
    "JSON-RPC id",
    "Time from the request to this response",
    "Bytes on the wire, line terminator included",
    "✓ valid against the protocol's JSON Schema, ✗ invalid, blank: not checked",
    "Rules of the protocol this entry breaks; ✗ schema: invalid against the protocol's JSON Schema",
)
DIRECTION_LABELS = {
    Direction.C2S: "c2s",
    Direction.S2C: "s2c",
    Direction.STDERR: "stderr",
    Direction.EVENT: "event",
    Direction.NOTE: HTTP_NOTE,  # the link's side lines (HTTP: the transport's notes)
}
DIRECTION_ARROWS = {
    Direction.C2S: "→",
    Direction.S2C: "←",
    Direction.STDERR: "⇠",
    Direction.EVENT: "●",
    Direction.NOTE: "⇠",
}
DIRECTION_TIPS = {
    Direction.C2S: "Client to server (written to the server's stdin)",
    Direction.S2C: "Server to client (read from the server's stdout)",
    Direction.STDERR: "A line the server wrote to stderr",
    Direction.EVENT: "A process or session event (spawn, shutdown step, exit, timeout)",
    Direction.NOTE: HTTP_NOTE,
}
#: The cells' and tooltips' other words.
WORDS = {
    "schema_invalid": "✗ schema",
    "valid": "Valid against the protocol's JSON Schema",
    "invalid": "Invalid against the protocol's JSON Schema",
    "held": "Held at the step gate for {held}: read at {t} s, released at {r} s. Time is when it was read; Δ counts "
    "from when it was released.",
    "hand_written": "Hand-written: sent from the composer as a person wrote it",
    "bytes": "{n} bytes",
    "after": "{ms} after request #{seq}",
    "no_room": "{column} (hidden: no room)",
}
#: The column menu's names for headers too terse to stand alone.
MENU_NAMES = {
    Column.SEQ: "# (entry number)",
    Column.DELTA: "Δ (time since the previous row)",
}

#: The filter bar's and the status line's words by key (a toggle's key is the
#: :class:`~.views.EntryFilter` field it sets; "…_tip" keys are tooltips)
BAR_WORDS = {
    "only_violations": "⚠ Violations",
    "only_violations_tip": "Only entries that break a protocol rule",
    "only_schema_invalid": "✗ Schema",
    "only_schema_invalid_tip": "Only messages that are invalid against the JSON Schema",
    "only_http_errors": "HTTP errors",
    "only_http_errors_tip": "Only HTTP problems: exchanges answered with an error status, what travelled in them, "
    "HTTP rule findings and the transport's notes",
    "clear_filters": "Clear filters",
    "jump": "⤓ Jump to latest",
    "jump_tip": "Scroll to the newest entry and follow new ones again",
    "kinds_tip": "Show or hide kinds of entries",
    "show_all_kinds": "Show all kinds",
    "all_kinds": "All kinds",
    "some_kinds": "Kinds {shown}/{total}",
    "any_method": "any method",
    "method_tip": "Pick a method for an exact match, or type part of a method or event name",
    "search": "Search raw text… (Ctrl+F)",
    "search_tip": "Case-insensitive search over the raw bytes of every entry",
}
#: The filter bar's toggles, by the :class:`~.views.EntryFilter` field each sets
TOGGLES = ("only_violations", "only_schema_invalid", "only_http_errors")
#: Which control of the view (its attribute) shows which of them: the keys of its text and its tooltip
BAR_CONTROLS = {
    "violations_button": ("only_violations", "only_violations_tip"),
    "schema_button": ("only_schema_invalid", "only_schema_invalid_tip"),
    "http_button": ("only_http_errors", "only_http_errors_tip"),
    "clear_filters_button": ("clear_filters", ""),
    "jump_button": ("jump", "jump_tip"),
    "kinds_button": ("", "kinds_tip"),
    "method_edit": ("any_method", ""),
    "method_combo": ("", "method_tip"),
    "search": ("search", "search_tip"),
}

#: The row menu's copies, by the key of the text each copies (:func:`~.timeline_table.copy_texts`)
COPY_WORDS = {
    "line": "Copy line (exact text)",
    "json": "Copy as formatted JSON",
    "probe": "Copy as probe --request argument",
    "entry": "Copy entry with its findings (JSON)",
}


def all_words() -> list[str]:
    """Every English text of the "Timeline" context here (for the translation catalogue)."""
    tables = [*DIRECTION_LABELS.values(), *DIRECTION_TIPS.values(), *WORDS.values(), *COPY_WORDS.values()]
    return [*HEADERS, *HEADER_TIPS, *tables, *MENU_NAMES.values(), *BAR_WORDS.values()]


def kinds_words(shown: int, total: int, tr: Translate) -> str:
    """The kinds button's text with ``shown`` of the ``total`` kinds of entries shown."""
    if shown == total:
        return tr(CONTEXT, BAR_WORDS["all_kinds"]) + " ▾"
    return tr(CONTEXT, BAR_WORDS["some_kinds"]).format(shown=shown, total=total) + " ▾"


def event_words(name: str, tr: Translate) -> str:
    """An event name in the caller's language (unknown names as they are)."""
    label = EVENT_LABELS.get(name)
    return tr("Events", label) if label is not None else name


def violations_text(violations: tuple[str, ...], schema_ok: bool | None, tr: Translate) -> str | None:
    """The Violations cell of an entry that broke ``violations`` and whose schema verdict is
    ``schema_ok``: the schema's verdict too (the Schema column gives way when the timeline is
    narrow), then the rules. None: nothing to say."""
    parts = [tr(CONTEXT, WORDS["schema_invalid"])] if schema_ok is False else []
    if len(violations) == 1:
        parts.append("⚠ " + violations[0])
    elif violations:
        parts.append(f"⚠ {len(violations)}: " + ", ".join(violations))
    return " · ".join(parts) if parts else None


class WidestTexts:
    """What the columns sized by their content show at their widest so far: each distinct
    Violations text and the longest id of the rows taken (the methods seen are the view's).
    Costs a few distinct texts: the flagged entries come from the recording's cached, incremental
    :func:`~inspector.session.views.flagged_rows`; of a batch's ids only its newest
    :data:`ID_SAMPLE` are looked at (ids mostly grow with time)."""

    def __init__(self) -> None:
        self.flagged_seen = 0  # of flagged_rows(rec): those looked at for their violations text
        self.violation_keys: set[tuple[tuple[str, ...], bool | None]] = set()  # (rules broken, schema verdict)
        self.longest_id = ""

    def take(self, rec: Recording, rows: Sequence[int], added: int) -> bool:
        """Note the newest ``added`` of ``rows`` and the entries flagged since the last call;
        True when a text wider than before may show."""
        widened = False
        flagged = flagged_rows(rec)
        if len(flagged) > self.flagged_seen:
            new = flagged[self.flagged_seen :]
            self.flagged_seen = len(flagged)
            keys = set(zip(map(rec.violations_at, new), map(rec.schema_at, new), strict=True))
            if not keys <= self.violation_keys:
                self.violation_keys |= keys
                widened = True
        if added > 0 and rows:
            tail = rows[max(0, len(rows) - min(added, ID_SAMPLE)) :]
            longest = max(map(format_id, map(rec.id_at, tail)), key=len, default="")
            if len(longest) > len(self.longest_id):
                self.longest_id = longest
                widened = True
        return widened

    def texts(self, methods: list[str], tr: Translate) -> dict[int, list[str]]:
        """By column: the ``methods`` seen, the longest id, each distinct Violations text."""
        violations = (violations_text(v, ok, tr) for v, ok in self.violation_keys)
        return {
            Column.METHOD: methods,
            Column.ID: [self.longest_id] if self.longest_id else [],
            Column.VIOLATIONS: [t for t in violations if t],
        }


def order_time(rec: Recording, seq: int) -> float:
    """When entry ``seq`` took its place in the recording's order: when it was released for a
    message held in step mode, else its time. Δ is measured on this clock: the rows are in this
    order, so a held message does not show a negative Δ for the time it waited."""
    released = released_of(rec.extra_at(seq))
    return rec.t_at(seq) if released is None else released


def cell_text(rec: Recording, seq: int, col: int, previous: int | None, tr: Translate) -> str | None:
    """What column ``col`` says of entry ``seq``; ``previous``: the entry of the row above (None:
    the first row, whose Δ is empty)."""
    if col == Column.SEQ:
        return str(seq)
    if col == Column.TIME:
        return f"{rec.t_at(seq):.3f}"
    if col == Column.DELTA:
        if previous is None:
            return ""
        delta = order_time(rec, seq) - order_time(rec, previous)
        # a message read before the client's entry above it was recorded arrived earlier: "−"
        return ("+" if delta >= 0 else "−") + format_duration(abs(delta))
    d = rec.direction_at(seq)
    if col == Column.DIRECTION:
        return (
            f"{DIRECTION_ARROWS[d]} HTTP"
            if d is Direction.NOTE
            else f"{DIRECTION_ARROWS[d]} {tr(CONTEXT, DIRECTION_LABELS[d])}"
        )
    if col == Column.KIND:  # the direction's arrow first: the Direction column is among the first to give way
        text = f"{DIRECTION_ARROWS[d]} {tr(CONTEXT, kind_words(rec.kind_at(seq)))}"
        if d is Direction.C2S and rec.extra_at(seq).get("hand_written"):
            return text + " ✎"  # written by a person in the composer
        return text
    if col == Column.METHOD:
        m = rec.method_at(seq)
        if m is None and d is Direction.EVENT:
            return event_words(str(rec.extra_at(seq).get("event") or ""), tr)
        if m is None and (d is Direction.STDERR or d is Direction.NOTE or rec.kind_at(seq) is Kind.NOISE):
            return one_line(rec.raw_at(seq))
        return m
    if col == Column.ID:
        return format_id(rec.id_at(seq))
    if col == Column.LATENCY:
        lat = rec.latency_at(seq)
        return None if lat is None else format_duration(lat)
    if col == Column.SIZE:
        n = len(rec.raw_at(seq))
        return size_text(n, exact_below=100_000, exact="{n}", number="{:,}".format)  # a bare count, or rounded
    if col == Column.SCHEMA:
        ok = rec.schema_at(seq)
        return None if ok is None else ("✓" if ok else "✗")
    if col == Column.VIOLATIONS:
        return violations_text(rec.violations_at(seq), rec.schema_at(seq), tr)
    return None


def schema_tip(rec: Recording, seq: int, tr: Translate) -> str:
    """Why entry ``seq`` is invalid against the schema: the first errors (plain text)."""
    errors = rec.extra_at(seq).get("schema_errors") or []
    text = tr(CONTEXT, WORDS["invalid"])
    for e in errors[:5]:
        text += f"\n{e.get('path') or '/'}: {e.get('message', '')}"
    return text


def cell_tip(
    rec: Recording, seq: int, col: int, tr: Translate, number: Callable[[int], str] = str
) -> tuple[str, bool] | None:
    """The tooltip of column ``col`` of entry ``seq`` and whether it is to be shown literally
    (server text, a rule's or the schema's words); None: none. ``number``: a whole number in the
    caller's locale."""
    if col == Column.VIOLATIONS:
        lines = [schema_tip(rec, seq, tr)] if rec.schema_at(seq) is False else []
        for rid in rec.violations_at(seq):
            r = RULES.get(rid)
            lines.append(rid if r is None else f"{rid} ({r.severity.value}): {tr('Rules', r.text)}\n    {r.spec}")
        return ("\n".join(lines), True) if lines else None
    if col == Column.SCHEMA:
        ok = rec.schema_at(seq)
        if ok is None:
            return None
        return (tr(CONTEXT, WORDS["valid"]) if ok else schema_tip(rec, seq, tr)), True
    if col in (Column.TIME, Column.DELTA):
        released = released_of(rec.extra_at(seq))
        if released is None:
            return None
        t = rec.t_at(seq)
        held = format_duration(max(0.0, released - t))
        return tr(CONTEXT, WORDS["held"]).format(held=held, t=f"{t:.3f}", r=f"{released:.3f}"), False
    if col == Column.DIRECTION:
        return tr(CONTEXT, DIRECTION_TIPS[rec.direction_at(seq)]), False
    if col == Column.KIND and rec.extra_at(seq).get("hand_written"):
        return tr(CONTEXT, WORDS["hand_written"]), False
    if col == Column.SIZE:
        return size_text(
            len(rec.raw_at(seq)), exact_below=None, exact=tr(CONTEXT, WORDS["bytes"]), number=number
        ), False
    if col == Column.LATENCY:
        lat, paired = rec.latency_at(seq), rec.paired_at(seq)
        if lat is None or paired is None:
            return None
        return tr(CONTEXT, WORDS["after"]).format(ms=format_duration(lat), seq=paired), False
    if col not in (Column.KIND, Column.METHOD):
        return None
    raw = rec.raw_at(seq)  # the line itself, clipped
    text = raw[: TOOLTIP_RAW_CHARS * 4].decode("utf-8", "replace").rstrip("\r\n")
    if len(text) > TOOLTIP_RAW_CHARS or len(raw) > TOOLTIP_RAW_CHARS * 4:
        text = text[:TOOLTIP_RAW_CHARS] + "…"
    return text, True


__all__ = [
    "BAR_CONTROLS",
    "BAR_WORDS",
    "CONTEXT",
    "DIRECTION_ARROWS",
    "DIRECTION_LABELS",
    "DIRECTION_TIPS",
    "HEADERS",
    "HEADER_TIPS",
    "MENU_NAMES",
    "TOGGLES",
    "WORDS",
    "WidestTexts",
    "all_words",
    "cell_text",
    "cell_tip",
    "event_words",
    "kinds_words",
    "order_time",
    "schema_tip",
    "violations_text",
]
