"""One recorded entry as text: the facts of its heading, their formatters, and the plain transcript.

Theory of operation. Every front-end that writes an entry for people - the probe's transcript,
the handouts, the timeline's cells, the detail pane's header - takes its words from here, so a
latency, a size or an id reads the same in all of them:

* :func:`format_duration` (every measured time: a latency, a Δ, a wait at the step gate),
  :func:`format_size` (a byte count) and :func:`format_id` (a JSON-RPC id, as JSON) are the one
  formatter of each; they are pure and cheap (the timeline calls them per visible cell).
* :class:`EntryHead` is what an entry's heading says, as data: read from the recording's columns
  by :func:`entry_head` (no :class:`~.recording.Entry` is built, the bytes are not decoded). Its
  words are untranslated: :meth:`EntryHead.label` gives the English words of its kind with the
  translation context they belong to (``"Timeline"`` for kinds and the HTTP note, ``"Events"``
  for event names, the tables of :mod:`.labels`), so the window words them with
  ``QCoreApplication.translate``, a handout with its ``tr``, and plain text keeps them as they are.
  :func:`side_line` says whether an entry is a side line of the HTTP transport (its note, or an
  answer's body that is no message), which every front-end names an HTTP note, not stderr.
* :func:`transcript_line` / :func:`transcript_bytes` are the plain-text rendering (English, what
  ``probe`` prints): number, time, direction, kind, method, id, latency, then the bytes and what
  the engine found. A flood's plain messages take a short path over the columns that writes
  exactly what :func:`transcript_line` would.

Qt-free; the session layer stays untranslated.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from itertools import chain, repeat

import orjson

from inspector.protocol.framing import display_text
from inspector.protocol.jsontypes import JsonObject, JsonValue
from inspector.protocol.lifecycle import STATE_INFO, State
from inspector.protocol.messages import Kind
from inspector.protocol.rules import RULES

from .labels import EVENT_LABELS, HTTP_NOTE, KIND_LABELS
from .recording import Direction, Recording, code_parts

__all__ = [
    "HTTP_CHANNELS",
    "EntryHead",
    "entry_head",
    "format_duration",
    "format_id",
    "format_size",
    "released_of",
    "one_line",
    "side_line",
    "size_text",
    "transcript_bytes",
    "transcript_line",
    "transcript_lines",
]

#: The ``channel`` of a side line of the HTTP transport (a NOTE entry, kind LINK_NOTE): its own
#: note, or an answer's body that is no message. People read it as an HTTP note (HTTP_NOTE).
HTTP_CHANNELS = ("http", "http-body")


# ====================================================================== formatters


def format_size(n: int) -> str:
    """A byte count: ``353 B``, ``1.5 KiB``, ``12.0 MiB``, ``2.1 GiB``."""
    if n < 1024:
        return f"{n} B"
    if n < 1024 * 1024:
        return f"{n / 1024:.1f} KiB"
    if n < 1024 * 1024 * 1024:
        return f"{n / (1024 * 1024):.1f} MiB"
    return f"{n / (1024 * 1024 * 1024):.1f} GiB"


def one_line(text: str | bytes, limit: int = 200, *, mark: str = " ") -> str:
    """``text`` as one line of at most ``limit`` characters, for a table's cell: bytes are read
    from their start (UTF-8, a bad byte replaced); the white space around it goes, each line break
    (CR LF as one) is written as ``mark`` (a space; a log cell: " ⏎ "), a tab as a space, and the
    rest past ``limit`` is cut with "…"."""
    head = text[: limit * 4]  # enough for ``limit`` characters of UTF-8, or of marked breaks
    line = head.decode("utf-8", "replace") if isinstance(head, bytes) else head
    line = line.strip().replace("\r\n", mark).replace("\n", mark).replace("\r", mark).replace("\t", " ")
    return line if len(line) <= limit else line[: limit - 1] + "…"


def size_text(
    n: int,
    *,
    exact_below: int | None = 1024,
    exact: str = "{n} B",
    number: Callable[[int], str] = str,
    with_exact: bool = False,
) -> str:
    """A byte count for people, the one wording over :func:`format_size`: below ``exact_below``
    (None: always) the exact count, ``number(n)`` put in the template ``exact`` (translated by the
    caller: "{n} B", "{n} bytes", or "{n}", a bare count; ``number`` writes it: digits, as
    format_size does, or the window's locale, or with thousands separators); from there on
    format_size's unit, with the exact count after it, thousands separated, when ``with_exact``
    ("1.5 KiB (1,536 B)")."""
    if exact_below is None or n < exact_below:
        return exact.format(n=number(n))
    rounded = format_size(n)
    return f"{rounded} ({exact.format(n=f'{n:,}')})" if with_exact else rounded


def format_duration(seconds: float) -> str:
    """A measured time: ``0.42 ms``, ``12.3 ms``, ``2.345 s``."""
    ms = seconds * 1000.0
    if ms < 10:
        return f"{ms:.2f} ms"
    if ms < 1000:
        return f"{ms:.1f} ms"
    return f"{seconds:.3f} s"


def format_id(value: JsonValue, limit: int | None = 80) -> str:
    """A JSON-RPC id as JSON (``1``, ``"a"``; never a Python repr), cut at ``limit`` characters
    with "…" (None: whole); "" for no id."""
    if value is None:
        return ""
    if type(value) is int:
        return str(value)
    try:
        text = orjson.dumps(value).decode("utf-8")
    except TypeError:  # not JSON (an id is always JSON when it came from the wire)
        text = repr(value)
    return text if limit is None or len(text) <= limit else text[: limit - 1] + "…"


# ====================================================================== the heading


def side_line(direction: Direction, extra: JsonObject) -> bool:
    """A side line of the HTTP transport (its note or an answer's body), not a server's stderr."""
    return direction is Direction.NOTE or (direction is Direction.STDERR and extra.get("channel") in HTTP_CHANNELS)


@dataclass(frozen=True, slots=True)
class EntryHead:
    """What an entry's heading says, as data (see the module's text)."""

    seq: int
    t: float  # seconds since the session started (when it was read)
    direction: Direction
    kind: Kind
    method: str | None
    id: JsonValue  # the JSON-RPC id (any JSON), None: none
    size: int  # bytes on the wire, line terminator included
    latency: float | None  # a response: seconds since its request
    released: float | None  # step mode: when a held message was let through the gate
    state: State  # the lifecycle state after it
    schema_ok: bool | None  # the schema's verdict, None: not checked
    hand_written: bool  # sent from the composer as a person wrote it
    event: str | None  # an event entry's name (``extra["event"]``)
    side: bool  # a side line of the HTTP transport

    def label(self) -> tuple[str, str]:
        """(translation context, English words) of what the entry is: an event by its name, an
        HTTP side line as an HTTP note, else its kind."""
        if self.event is not None:
            return "Events", EVENT_LABELS.get(self.event, self.event)
        return "Timeline", kind_words(self.kind)


def kind_words(kind: Kind) -> str:
    """The English words ("Timeline" context) of a kind; the link's side line is an HTTP note."""
    return KIND_LABELS[kind]


def released_of(extra: JsonObject) -> float | None:
    """Step mode: when a message held at the gate was let through (``extra["released"]``,
    seconds from the session's start); None: it was not held."""
    released = extra.get("released")
    return float(released) if isinstance(released, (int, float)) and not isinstance(released, bool) else None


def entry_head(rec: Recording, i: int) -> EntryHead:
    """The heading of entry ``i``, read from the recording's columns."""
    direction = rec.direction_at(i)
    extra = rec.extra_at(i)
    event = extra.get("event") if direction is Direction.EVENT else None
    return EntryHead(
        seq=i,
        t=rec.t_at(i),
        direction=direction,
        kind=rec.kind_at(i),
        method=rec.method_at(i),
        id=rec.id_at(i),
        size=len(rec.raw_at(i)),
        latency=rec.latency_at(i),
        released=released_of(extra),
        state=rec.state_at(i),
        schema_ok=rec.schema_at(i),
        hand_written=bool(extra.get("hand_written")),
        event=str(event) if event is not None else None,
        side=side_line(direction, extra),
    )


# ====================================================================== the plain transcript

_ARROWS = {
    Direction.C2S: "→ c2s",
    Direction.S2C: "← s2c",
    Direction.STDERR: "! stderr",
    Direction.EVENT: "• event",
}
_INDENT = "\n        "  # where an entry's text (and each of its own lines) starts
_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def transcript_line(rec: Recording, i: int, width: int = 150) -> str:
    """One entry for people: number, seconds since the start, direction, what it is, latency,
    then the bytes (cut at ``width``) and what the engine found. An event is named by its
    recorded name in words (``start wait``); the bytes are decoded no further than shown."""
    head = entry_head(rec, i)
    raw = rec.raw_at(i)
    extra = rec.extra_at(i)
    body = raw[: width * 4 + 8]  # enough bytes for ``width`` characters: decode no more than shown
    text = display_text(body).replace("\t", " ")
    if len(text) > width or len(body) < len(raw):
        # what the count counts: the whole entry (an HTTP body's note starts with the exchange's words)
        what = (
            "the note is {n} bytes, the words before the body included"
            if extra.get("channel") == "http-body"
            else "the entry is {n} bytes"
        )
        text = text[: width - 1] + "… (cut; " + what.format(n=f"{head.size:,}") + ")"
    if "\n" in text or "\r" in text:  # an HTTP body's own lines: each indented under the entry's head
        text = _LINE_BREAK.sub(_INDENT, text)
    if head.direction is Direction.STDERR or head.direction is Direction.NOTE:
        label = ""
    elif head.direction is Direction.EVENT:
        label = (head.event or head.kind.label).replace("_", " ")
    else:
        label = head.kind.label
    if head.method:
        label += " " + head.method
    if head.id is not None:
        label += " #" + format_id(head.id, None)
    arrow = f"! {HTTP_NOTE}" if head.side else _ARROWS[head.direction]
    line = f"{i:5d} {head.t:9.3f}s {arrow}" + (f"  {label}" if label else "")
    if head.latency is not None:
        line += "  " + format_duration(head.latency)
    if head.hand_written:
        line += "  (hand-written)"
    if head.schema_ok is False:
        line += "  SCHEMA INVALID"
    line += _INDENT + text
    if not extra and not rec.violations_at(i):
        return line
    tr = extra.get("transition")
    if tr:
        mark = "✗" if tr["failure"] else "⇒"
        line += f"\n        {mark} {STATE_INFO[head.state].title}  ({tr['label']})"
    for err in extra.get("schema_errors", ()):
        line += f"\n        schema: {err['path'] or '/'}: {err['message']}"
    for rid in rec.violations_at(i):
        r = RULES.get(rid)
        line += f"\n        !! {rid}: {r.text if r else 'a rule this inspector no longer knows'}"
    notes = extra.get("notes")
    for rid in notes if isinstance(notes, list) else ():  # info rules: explained, not flagged
        r = RULES.get(rid) if isinstance(rid, str) else None
        if r is not None:
            line += f"\n        note {rid}: {r.text}"
    return line


def transcript_lines(rec: Recording, start: int, end: int, width: int = 150) -> str:
    """``transcript_line`` for entries ``start`` .. ``end - 1``, each followed by a newline."""
    return transcript_bytes(rec, start, end, width).decode("utf-8")


def transcript_bytes(rec: Recording, start: int, end: int, width: int = 150) -> bytes:
    """``transcript_lines`` as UTF-8 (what ``probe`` writes). A plain message (no id, latency,
    extra or violation, a valid or unchecked schema, whole and short: a flood's notifications)
    takes a short path over the recording's columns: its label and time are made once per
    run and its bytes are copied as they are when they are UTF-8 already. Every other entry
    takes the full path."""
    run = rec.plain_run(start, end)
    if run is not None:  # one read of a flood: formatted in bulk when every line is short and plain
        code, method, t = run
        label = _plain_label(code, method)
        raws = rec.raws(start, end)
        if label is not None and max(map(len, raws)) <= width:
            joined = b"".join(raws)
            if (
                b"\t" not in joined
                and b"\r" not in joined
                and joined.isascii()
                and all(map(bytes.endswith, raws, repeat(b"\n")))  # each ends with its newline ...
                and joined.count(b"\n") == len(raws)  # ... and holds no other
            ):
                # one format for the whole run, applied once: each line's number and bytes
                prefix = (b"%9.3fs %b" % (t, label)).replace(b"%", b"%%")
                line = b"%5d " + prefix + b"%b"
                return (line * len(raws)) % tuple(chain.from_iterable(zip(range(start, end), raws, strict=True)))
    out: list[bytes] = []
    add = out.append
    cols = rec.columns(start, end)
    with_latency, with_extra = cols.with_latency, cols.with_extra
    labels: dict[tuple[int, str | None], bytes | None] = {}
    last_t = last_code = last_method = label = None
    t_text = b""
    for i, code, t, raw, method, id_, viol in zip(
        cols.seqs, cols.codes, cols.t, cols.raw, cols.method, cols.id, cols.violations, strict=True
    ):
        if id_ is None and not viol and len(raw) <= width and i not in with_extra and i not in with_latency:
            if code != last_code or method is not last_method:  # runs share them: look up once per run
                last_code, last_method = code, method
                key = (code, method)
                label = labels[key] if key in labels else labels.setdefault(key, _plain_label(code, method))
            if (
                label is not None
                and raw[-1:] == b"\n"
                and raw.find(b"\n") == len(raw) - 1
                and b"\t" not in raw
                and raw.find(b"\r", 0, len(raw) - 2) < 0
            ):  # one line
                if t != last_t:
                    last_t = t
                    t_text = b"%9.3fs" % t
                if raw[-2:] == b"\r\n":
                    raw = raw[:-2] + b"\n"
                if not raw.isascii():
                    raw = raw.decode("utf-8", "replace").encode("utf-8")
                add(b"%5d %b %b%b" % (i, t_text, label, raw))
                continue
        add(transcript_line(rec, i, width).encode("utf-8", "replace") + b"\n")
    return b"".join(out)


def _plain_label(code: int, method: str | None) -> bytes | None:
    """The words between the time and the bytes of a plain entry with this code and method
    (None: entries with this code always take the full path)."""
    direction, kind, _state, schema_ok = code_parts(code)
    if direction is Direction.STDERR and schema_ok is None:  # a server's stderr line: no words but the arrow
        return (_ARROWS[direction] + _INDENT).encode("utf-8")
    if direction not in (Direction.C2S, Direction.S2C) or schema_ok is False:
        return None
    return (f"{_ARROWS[direction]}  {kind.label}" + (f" {method}" if method else "") + _INDENT).encode("utf-8")
