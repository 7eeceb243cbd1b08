"""Numbers and bytes as people read them, one way everywhere.

Theory of operation. Views never format sizes, durations, timestamps or hex dumps themselves:
they call these functions so the timeline, the detail pane, the panels and the dialogs agree
("1.5 KiB" in one place is "1.5 KiB" in all). A size, a measured time and an id are the session
layer's one formatter each (:mod:`inspector.session.entry_text`, shared with the probe's
transcript and the handouts), offered here beside the window's own. Functions are pure and cheap
(the timeline calls some for every visible cell); words that need translating go through
``QCoreApplication``.
The wording of a session ``ListNote`` lives here too, since several views show them.
"""

from __future__ import annotations

import re
from datetime import datetime

from orjson import JSONDecodeError as _JSONDecodeError
from orjson import loads as _loads
from PySide6.QtCore import QCoreApplication

from inspector.protocol.jsontypes import JsonValue
from inspector.protocol.messages import loads_lenient
from inspector.session.entry_text import format_duration as format_duration  # the session layer's, offered here
from inspector.session.entry_text import format_id as format_id
from inspector.session.entry_text import format_size as format_size
from inspector.session.operations import (
    LISTEN_CLOSED,
    LISTEN_ENDED,
    LISTEN_FAILED,
    LISTEN_LOST,
    LISTEN_REFUSED,
    LISTEN_STOPPED,
    NOTE_BAD_CURSOR,
    NOTE_DROPPED,
    NOTE_NO_ARRAY,
    NOTE_REPEATED_CURSOR,
    ListenNote,
    ListNote,
)
from inspector.session.recording import quote_value

_PRINTABLE = bytes(b if 0x20 <= b < 0x7F else 0x2E for b in range(256))

#: what a line longer than its view's bound is read from: the view shows this much of it
JSON_HEAD = 64 * 1024
_SPACE = re.compile(rb"[ \t\r\n]*")  # matches everywhere (it may match nothing)
_STRING_REST = re.compile(rb'[^"\\]*(?:\\.[^"\\]*)*', re.S)  # a string's inside, up to its closing quote
_BARE = re.compile(rb'[^ \t\r\n"{}\[\],:]+')
_ELLIPSIS = "…".encode()


def _matched_end(pattern: re.Pattern[bytes], data: bytes, pos: int) -> int:
    """Where ``pattern``, which matches everywhere (possibly nothing), ends from ``pos``."""
    found = pattern.match(data, pos)
    assert found is not None  # both patterns above match the empty string
    return found.end()


def json_head(raw: bytes, limit: int, head: int = JSON_HEAD) -> tuple[JsonValue, bool]:
    """The JSON value of a recorded line, bounded: a line of at most ``limit`` bytes is decoded
    whole; a longer one from its first ``head`` bytes only, its cut string ending with "…", its
    open arrays and objects closed and a member whose value was cut before it began left out.
    Returns (value, whole): value None when the line (or its head) is no JSON."""
    if len(raw) <= limit:
        return loads_lenient(raw), True
    cut = raw[:head]
    n = len(cut)
    out: list[bytes] = []
    pos = 0
    while True:
        pos = _matched_end(_SPACE, cut, pos)
        if pos >= n:
            break
        c = cut[pos]
        if c == 0x22:  # a string
            end = _matched_end(_STRING_REST, cut, pos + 1)
            if end >= n:  # cut inside it: end it where a whole character (or escape) ends
                for trim in range(8):
                    piece = b'"' + cut[pos + 1 : n - trim] + _ELLIPSIS + b'"'
                    try:
                        _loads(piece)
                    except _JSONDecodeError:
                        continue
                    out.append(piece)
                    break
                break
            out.append(cut[pos : end + 1])
            pos = end + 1
        elif c in b"{}[],:":
            out.append(cut[pos : pos + 1])
            pos += 1
        else:
            m = _BARE.match(cut, pos)
            if m is None or m.end() >= n:  # a number or a literal that may be cut: left out
                break
            out.append(m.group())
            pos = m.end()
    for _ in range(6):  # drop what cannot end the value (",", ":", a key without its value)
        depth: list[int] = []
        for piece in out:
            if piece == b"{" or piece == b"[":
                depth.append(piece[0])
            elif (piece == b"}" or piece == b"]") and depth:
                depth.pop()
        closers = b"".join(b"}" if d == 0x7B else b"]" for d in reversed(depth))
        try:
            return _loads(b"".join(out) + closers), False
        except _JSONDecodeError:
            if not out:
                return None, False
            out.pop()
    return None, False


def format_milliseconds(value: JsonValue, none_text: str) -> str:
    """A protocol field in milliseconds (a ttl, a poll interval) with its larger unit:
    ``300,000 ms (5 min)``; None is ``none_text``; anything not a number is shown as it is."""
    if value is None:
        return none_text
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        return str(value)
    ms = float(value)
    text = f"{int(ms):,} ms" if ms == int(ms) else f"{ms:,} ms"
    if ms >= 60_000:
        text += QCoreApplication.translate("TasksPanel", " ({n} min)").format(n=f"{ms / 60_000:g}")
    elif ms >= 1_000:
        text += f" ({ms / 1000:g} s)"
    return text


def format_timestamp(value: JsonValue) -> str:
    """An ISO 8601 timestamp as local ``HH:MM:SS``; what does not parse is shown as it is."""
    if not isinstance(value, str):
        return "—" if value is None else str(value)
    try:
        dt = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return value
    if dt.tzinfo is not None:
        dt = dt.astimezone()
    return dt.strftime("%H:%M:%S")


def hex_dump(data: bytes, offset: int = 0, *, limit: int | None = None) -> str:
    """Classic 16-bytes-per-line dump: offset, hex bytes (gap after 8), printable ASCII. With
    ``limit``, at most that many bytes and a last line saying how many more there are."""
    shown = data if limit is None else data[:limit]
    lines: list[str] = []
    append = lines.append
    for off in range(0, len(shown), 16):
        chunk = shown[off : off + 16]
        h = chunk.hex(" ")
        if len(chunk) > 8:
            h = h[:23] + " " + h[23:]  # a wider gap after the eighth byte
        append(f"{offset + off:08x}  {h:<48}  |{chunk.translate(_PRINTABLE).decode('ascii')}|")
    if len(shown) < len(data):
        append(QCoreApplication.translate("ResourcesPanel", "… {n} more bytes").format(n=len(data) - len(shown)))
    return "\n".join(lines)


def parse_hex_dump(text: str) -> bytes:
    """The bytes of a :func:`hex_dump` (for tests and copy/paste round trips)."""
    out = bytearray()
    for line in text.splitlines():
        if not line.strip() or line.startswith("…"):
            continue
        out += bytes.fromhex(line[10:58].replace(" ", ""))
    return bytes(out)


def list_note_text(note: ListNote) -> str:
    """One note of a ListPager, in the user's language (error answers are shown elsewhere)."""
    if note.code == NOTE_NO_ARRAY:
        return QCoreApplication.translate("FeaturePanel", "a page had no {key} array").format(key=note.detail)
    if note.code == NOTE_BAD_CURSOR:
        return QCoreApplication.translate(
            "FeaturePanel", "nextCursor {value} is not a non-empty string; stopped paging"
        ).format(value=quote_value(note.detail))
    if note.code == NOTE_REPEATED_CURSOR:
        return QCoreApplication.translate("FeaturePanel", "The server repeated the cursor {0}; stopped paging.").format(
            note.detail
        )
    if note.code == NOTE_DROPPED:
        return QCoreApplication.translate(
            "FeaturePanel", "{n} entries left out (not objects, or missing what they need)"
        ).format(n=note.detail)
    return ""


def listen_note_text(note: ListenNote | None) -> str:
    """What happened to the shared subscriptions/listen stream, in the user's language."""
    if note is None:
        return ""
    if note.code == LISTEN_REFUSED:
        return QCoreApplication.translate("ResourcesPanel", "The server did not agree to: {what}").format(
            what=", ".join(note.detail or ())
        )
    if note.code == LISTEN_STOPPED:
        if note.detail is None:
            return QCoreApplication.translate("ResourcesPanel", "Stopped before the request was sent.")
        return QCoreApplication.translate(
            "ResourcesPanel", "Stopped: notifications/cancelled sent for request {id}."
        ).format(id=note.detail)
    if note.code == LISTEN_CLOSED:
        return QCoreApplication.translate(
            "ResourcesPanel", "Stopped: the answer stream of request {id} was closed (that cancels it)."
        ).format(id=note.detail)
    if note.code == LISTEN_ENDED:
        return QCoreApplication.translate("ResourcesPanel", "The server ended the subscription.")
    if note.code == LISTEN_FAILED:
        err = note.detail if isinstance(note.detail, dict) else {}
        return QCoreApplication.translate("ResourcesPanel", "subscriptions/listen failed: {code} {message}").format(
            code=err.get("code"), message=err.get("message")
        )
    if note.code == LISTEN_LOST:
        return str(note.detail or "")
    return ""


def list_notes_text(notes: list[ListNote]) -> str:
    """The notes of a ListPager worth showing, once each, joined."""
    out: list[str] = []
    for note in notes:
        text = list_note_text(note)
        if text and text not in out:
            out.append(text)
    return " · ".join(out)
