"""The sequence diagram's rows without Qt: what a row's arrow or note says, which request an entry
hangs from, where the lifelines stand, which rows an export writes and how wide it must be.

Theory of operation. The window's sequence view (``inspector.ui.sequence``) paints; what it paints
is decided here from the recording and from widths the view measured in its font. A row's words
(:func:`row_label`) go through the caller's ``tr(context, text)`` ("SequenceView", and the
timeline's contexts for what the timeline says too: an event's name, "stderr"). An entry that
belongs to a request without answering it (a progress notification, a later round of a call the
server answered with an InputRequiredResult) hangs from that request (:func:`group_of`); the
three lifelines share the width (:func:`lane_positions`); an export writes every row of the
current filter when they fit in one file, else as many as fit from the selected row
(:func:`export_span`), as wide as its longest label needs (:func:`least_width`). What each row on
screen draws - an arrow or a note, its tone, its label and latency, the selection's band, the
bracket from a request to its answer and the rail a progress notification hangs from - is a
:class:`RowShape` (:func:`row_shapes`); the view only turns it into pixels.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Sequence
from typing import NamedTuple

from inspector.protocol.messages import Kind

from .entry_text import format_duration
from .recording import Direction, Recording, TransportKind
from .timeline_table import DIRECTION_TONES, is_flagged
from .timeline_words import CONTEXT as TIMELINE
from .timeline_words import DIRECTION_LABELS, event_words
from .translate import Translate

MAX_LABEL = 60  # characters of a note or label before it is cut
HEADER_ROWS = 1.6  # the header's height, in rows
CONTEXT = "SequenceView"
#: The rows' own words ("SequenceView")
WORDS = {
    "round": "(round of entry {seq})",
    "client": "Client",
    "server": "Server",
    "process": "Process",
    "http": "HTTP",
    "title": "Sequence diagram: rows {first}–{last} of {total}",
}


def lane_names(rec: Recording | None, tr: Translate) -> tuple[str, str, str]:
    """The lifelines' names: the client's, the server's and the link's ("Process" for a stdio
    session, "HTTP" for one over HTTP; a view without a recording: "Process")."""
    transport = str(rec.header.get("transport", TransportKind.STDIO)) if rec is not None else TransportKind.STDIO
    side = "process" if transport == TransportKind.STDIO else "http"
    return tr(CONTEXT, WORDS["client"]), tr(CONTEXT, WORDS["server"]), tr(CONTEXT, WORDS[side])


def export_title(first: int, end: int, total: int, tr: Translate) -> str:
    """An export's title: which rows ``first`` .. ``end - 1`` of ``total`` it holds (numbered from 1)."""
    return tr(CONTEXT, WORDS["title"]).format(
        first=f"{first + 1:,}" if end > first else "0", last=f"{end:,}", total=f"{total:,}"
    )


def group_of(rec: Recording, seq: int) -> int | None:
    """The request entry ``seq`` belongs to without answering it: a progress notification's
    request, or the first request of a call whose later round ``seq`` is (None: neither)."""
    if not (0 <= seq < len(rec)):
        return None
    kind = rec.kind_at(seq)
    if kind is Kind.NOTIFICATION and rec.method_at(seq) == "notifications/progress":
        return rec.paired_at(seq)
    if kind is Kind.REQUEST and rec.direction_at(seq) is Direction.C2S:
        first = rec.extra_at(seq).get("round_of")
        return first if type(first) is int and 0 <= first < seq else None
    return None


def row_label(rec: Recording, seq: int, tr: Translate) -> str:
    """The words the arrow or the note of entry ``seq`` carries: a message's method and id, a
    mark for an answer, an error, a broken rule (⚠), a hand-written message (✎), a progress
    notification (↳) or a later round (↻) of a request; a note on the link's lifeline is named
    by its event, "HTTP" or "stderr", then its text (at most :data:`MAX_LABEL` characters)."""
    d = rec.direction_at(seq)
    kind = rec.kind_at(seq)
    extra = rec.extra_at(seq)
    if d in (Direction.STDERR, Direction.EVENT, Direction.NOTE):
        if extra.get("event"):
            name = event_words(str(extra["event"]), tr)  # as the timeline says it
        elif kind is Kind.LINK_NOTE:
            name = "HTTP"
        else:
            name = tr(TIMELINE, DIRECTION_LABELS[Direction.STDERR])
        raw = rec.raw_at(seq)[: MAX_LABEL * 2].decode("utf-8", "replace").strip()
        return f"{name}: {raw[:MAX_LABEL]}"
    method = rec.method_at(seq) or ""
    id_ = rec.id_at(seq)
    ident = f" #{id_}" if id_ is not None else ""
    marks = (" ⚠" if rec.violations_at(seq) or rec.schema_at(seq) is False else "") + (
        " ✎" if extra.get("hand_written") else ""
    )
    if kind is Kind.RESULT:
        return f"{method}{ident} ✓{marks}"
    if kind is Kind.ERROR:
        return f"{method}{ident} ✗ error{marks}"
    if kind in (Kind.NOISE, Kind.INVALID, Kind.BATCH):
        return f"({kind.label}){marks}"
    group = group_of(rec, seq)
    if group is not None and kind is Kind.REQUEST:
        return f"↻ {method}{ident} " + tr(CONTEXT, WORDS["round"]).format(seq=group) + marks
    if group is not None:
        return f"↳ {method}{ident}{marks}"
    return f"{method}{ident}{marks}"


class RowShape(NamedTuple):
    """What one row of the sequence view draws (the view turns it into pixels)."""

    seq: int
    row: int
    label: str  # the words of its arrow or note (row_label)
    tone: str  # "bad" (it broke a rule or the schema), else its direction's (timeline_table.DIRECTION_TONES)
    arrow: bool  # an arrow between the client's and the server's lifelines; False: a note on the link's
    band: str | None = None  # "selected", or "group": it is of the selected request's group
    latency: str | None = None  # an answer's latency, beside the server's lifeline
    bracket_from: int = -1  # an answer: the row of the request it answers, bracketed on the client's side
    rail_from: int = -1  # the row of the request it hangs from (above it; -1: none shown)


def row_of(rows: Sequence[int], seq: int) -> int:
    """The row of entry ``seq`` in ``rows`` (recording seqs, in order; -1: not among them)."""
    k = bisect.bisect_left(rows, seq)
    return k if k < len(rows) and rows[k] == seq else -1


def row_shapes(
    rec: Recording, rows: Sequence[int], first: int, end: int, selected: int | None, tr: Translate
) -> list[RowShape]:
    """What rows ``first`` .. ``end - 1`` of ``rows`` draw. ``selected``: the entry selected (None:
    none, as in an export), banded; a request's group (its progress notifications and later
    rounds, :func:`group_of`) is tinted with it when one of the group is selected."""
    selected_group = group_of(rec, selected) if selected is not None else None
    if selected_group is None:
        selected_group = selected  # a request: its members are tinted with it
    shapes = []
    for row in range(first, min(end, len(rows))):
        seq = rows[row]
        group = group_of(rec, seq)
        band = None
        if seq == selected:
            band = "selected"
        elif selected_group is not None and (group == selected_group or seq == selected_group):
            band = "group"
        rail = row_of(rows, group) if group is not None else -1
        d = rec.direction_at(seq)
        arrow = d is Direction.C2S or d is Direction.S2C
        latency = rec.latency_at(seq) if arrow else None
        paired = rec.paired_at(seq) if arrow and rec.kind_at(seq) in (Kind.RESULT, Kind.ERROR) else None
        shapes.append(
            RowShape(
                seq,
                row,
                row_label(rec, seq, tr),
                "bad" if is_flagged(rec, seq) else DIRECTION_TONES[d],
                arrow,
                band,
                None if latency is None else format_duration(latency),
                -1 if paired is None else row_of(rows, paired),
                rail if rail < row else -1,
            )
        )
    return shapes


def lane_positions(left: int, right: int, stamp: int, latency: int) -> tuple[int, int, int]:
    """The x of the client's, the server's and the link's lifelines between ``left`` and ``right``:
    the left gutter holds the entry number and time (``stamp`` wide, at most 22 % of the width),
    the column right of the link's lifeline its notes; between the server's and the link's
    lifelines there is room for a latency (``latency`` wide)."""
    gutter = min(stamp + 16, int((right - left + 1) * 0.22))
    x_client = left + gutter + 14
    room = max(0, right - 12 - x_client)
    gap = latency + 16
    x_side = x_client + int(room * 0.64)
    x_server = max(x_client + 60, min(x_client + int(room * 0.44), x_side - gap))
    x_side = min(right - 12, max(x_side, x_server + gap))
    return x_client, x_server, x_side


def export_span(total: int, limit: int, selected_row: int) -> tuple[int, int, int]:
    """The rows an export writes, ``(first, end, total)``: all ``total`` when they fit in one file
    (``limit`` rows); else ``limit`` of them from the selected row (-1: none, from the first)."""
    if total <= limit:
        return 0, total, total
    first = min(max(0, selected_row), total - limit)
    return first, first + limit, total


def export_rows(svg: bool, row_height: int, scale: float, *, svg_rows: int, png_height: int) -> int:
    """How many rows one file holds: an SVG ``svg_rows``; a PNG as many as fit ``png_height``
    device pixels at ``scale``, under the header (:data:`HEADER_ROWS` rows) and a row's margin."""
    if svg:
        return svg_rows
    return max(1, (int(png_height / max(1.0, scale)) - int(row_height * HEADER_ROWS) - row_height) // row_height)


def export_width(
    rec: Recording,
    rows: Sequence[int],
    first: int,
    end: int,
    width: int,
    measure: Callable[[str], int],
    lanes: Callable[[int], tuple[int, int, int]],
    tr: Translate,
) -> int:
    """The width of an export of rows ``first`` .. ``end - 1``: ``width`` at least, widened until
    every label of those rows (``measure``: its width) fits its place whole - a message's between
    the client's and the server's lifelines, a note right of the link's, as the view gives them room
    (``lanes(width)``: the lifelines' x on a page that wide). A label is at most
    :data:`MAX_LABEL` characters, so the width is bounded."""
    arrow = note = 0
    for row in range(first, min(end, len(rows))):
        seq = rows[row]
        w = measure(row_label(rec, seq, tr)) + 8  # and a margin
        if rec.direction_at(seq) in (Direction.C2S, Direction.S2C):
            arrow = max(arrow, w)
        else:
            note = max(note, w)

    def fits(w: int) -> bool:
        x_client, x_server, x_side = lanes(w)
        return x_server - x_client - 12 >= arrow and (w - 1) - x_side - 8 >= note

    return width if end <= first else least_width(width, fits)


def least_width(width: int, fits: Callable[[int], bool]) -> int:
    """The least width from ``width`` up for which ``fits`` holds (it holds for every width beyond
    one that fits): ``width`` itself, or found by doubling and then halving the gap."""
    if fits(width):
        return width
    low, high = width, width * 2
    while not fits(high):
        low, high = high, high * 2
    while high - low > 1:
        mid = (low + high) // 2
        low, high = (low, mid) if fits(mid) else (mid, high)
    return high


__all__ = [
    "CONTEXT",
    "HEADER_ROWS",
    "MAX_LABEL",
    "WORDS",
    "RowShape",
    "export_rows",
    "export_span",
    "export_title",
    "export_width",
    "group_of",
    "lane_names",
    "lane_positions",
    "least_width",
    "row_label",
    "row_of",
    "row_shapes",
]
