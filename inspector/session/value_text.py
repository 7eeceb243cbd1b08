"""Recorded bytes and values as people read them: a bounded JSON head, a hex dump, a UTF-8 head,
a timestamp, a JSON value indented.

Theory of operation. The window's views (the detail pane, the resources panel, the logs and
tasks panels) read these without Qt, so the reading is tested headless and the views only
show it. A size, a measured time and an id are :mod:`.entry_text`'s one formatter each; the
functions here are the other readings of an entry's bytes, pure and cheap. Words that need
translating are passed in by the caller (the hex dump's "more bytes" line), go through its
``tr(context, text)`` (a span's minutes) or are none.
"""

from __future__ import annotations

import json
import re
from datetime import datetime

import orjson
from orjson import JSONDecodeError as _JSONDecodeError
from orjson import loads as _loads

from inspector.protocol.jsontypes import JsonValue
from inspector.protocol.messages import loads_lenient

from .translate import Translate, untranslated

__all__ = [
    "JSON_HEAD",
    "MINUTES",
    "format_milliseconds",
    "format_timestamp",
    "hex_dump",
    "json_head",
    "parse_hex_dump",
    "pretty_json",
    "utf8_head",
]

#: the larger unit of a long span in milliseconds ("TasksPanel" context, where the window says it)
MINUTES_CONTEXT = "TasksPanel"
MINUTES = " ({n} min)"

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


def utf8_head(raw: bytes, limit: int) -> bytes:
    """``raw[:limit]`` without cutting a UTF-8 sequence in half."""
    if len(raw) <= limit:
        return raw
    cut = limit
    back = 0
    while cut > 0 and back < 3 and (raw[cut] & 0xC0) == 0x80:
        cut -= 1
        back += 1
    return raw[:cut]


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


def format_milliseconds(value: JsonValue, none_text: str, tr: Translate = untranslated) -> str:
    """A protocol field in milliseconds (a ttl, a poll interval) with its larger unit:
    ``300,000 ms (5 min)``; None is ``none_text``; anything not a number is shown as it is."""
    if value is None:
        return none_text
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        return str(value)
    ms = float(value)
    text = f"{int(ms):,} ms" if ms == int(ms) else f"{ms:,} ms"
    if ms >= 60_000:
        text += tr(MINUTES_CONTEXT, MINUTES).format(n=f"{ms / 60_000:g}")
    elif ms >= 1_000:
        text += f" ({ms / 1000:g} s)"
    return text


def hex_dump(data: bytes, offset: int = 0, *, limit: int | None = None, more: str = "… {n} more bytes") -> str:
    """Classic 16-bytes-per-line dump: offset, hex bytes (gap after 8), printable ASCII. With
    ``limit``, at most that many bytes and a last line, ``more`` with ``{n}``, saying how many
    more there are."""
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
        append(more.format(n=len(data) - len(shown)))
    return "\n".join(lines)


def parse_hex_dump(text: str) -> bytes:
    """The bytes of a :func:`hex_dump` (for tests and copy/paste round trips)."""
    out = bytearray()
    for line in text.splitlines():
        if not line.strip() or line.startswith("…"):
            continue
        out += bytes.fromhex(line[10:58].replace(" ", ""))
    return bytes(out)


def pretty_json(value: JsonValue) -> str:
    """``value`` indented by two spaces (an integer too large for orjson's 64 bits is written
    by the standard library instead, as it is)."""
    try:
        return orjson.dumps(value, option=orjson.OPT_INDENT_2).decode()
    except TypeError:
        return json.dumps(value, indent=2, ensure_ascii=False, default=str)
