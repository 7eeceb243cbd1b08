"""Turn one line into a JSON-RPC message summary. Errors are values, never exceptions.

``parse_line`` keeps the decoded object only as long as the caller holds the result; the
recording stores the exact bytes and the small summary, and re-parses on demand.
"""

from __future__ import annotations

import codecs
import enum

import orjson

from .framing import frame_body
from .jsontypes import JsonObject, JsonValue


class Kind(enum.IntEnum):
    REQUEST = 1
    NOTIFICATION = 2
    RESULT = 3
    ERROR = 4
    NOISE = 5  # not JSON at all (or not UTF-8, or empty)
    INVALID = 6  # JSON, but not a JSON-RPC message
    BATCH = 7  # a JSON array (JSON-RPC batch)
    # entries that are not stdout/stdin lines
    STDERR = 8
    PROCESS = 9  # an event of the server's process (stdio: spawned, a shutdown step, exited)
    NOTE = 10  # the inspector's own note (a timeout, an unreadable line of a file)
    LINK = 11  # an event of a link with no process of ours (HTTP: connected, an exchange, closed)
    LINK_NOTE = 12  # a side line of the link itself (HTTP: the transport's note, a body that is no message)

    @property
    def label(self) -> str:
        return _KIND_LABELS[self]


_KIND_LABELS = {
    Kind.REQUEST: "request",
    Kind.NOTIFICATION: "notification",
    Kind.RESULT: "result",
    Kind.ERROR: "error",
    Kind.NOISE: "noise",
    Kind.INVALID: "invalid",
    Kind.BATCH: "batch",
    Kind.STDERR: "stderr",
    Kind.PROCESS: "process",
    Kind.NOTE: "note",
    Kind.LINK: "link",
    Kind.LINK_NOTE: "link-note",
}
KIND_BY_LABEL = {v: k for k, v in _KIND_LABELS.items()}

MESSAGE_KINDS = frozenset({Kind.REQUEST, Kind.NOTIFICATION, Kind.RESULT, Kind.ERROR})


class Parsed:
    """Summary of one line. ``obj`` is the decoded JSON (None for noise)."""

    __slots__ = ("kind", "method", "id", "obj", "problem", "error_code", "bad_utf8")

    def __init__(
        self,
        kind: Kind,
        method: str | None = None,
        id: JsonValue = None,
        obj: JsonValue = None,
        problem: str | None = None,
        error_code: int | None = None,
    ) -> None:
        self.kind = kind
        self.method = method
        self.id = id
        self.obj = obj
        self.problem = problem
        self.error_code = error_code
        self.bad_utf8 = False  # decoded with U+FFFD for invalid UTF-8 (the bytes are kept elsewhere)

    def __repr__(self) -> str:
        return f"Parsed({self.kind.label}, method={self.method!r}, id={self.id!r}, problem={self.problem!r})"


_loads = orjson.loads
_JSONDecodeError = orjson.JSONDecodeError


def parse_line(raw: bytes) -> Parsed:
    """Classify one line (terminator optional). Never raises."""
    # JSON allows the trailing CR/LF, so the line is parsed as it is: no copy of a huge line.
    head = raw[:64].lstrip()
    if head and head[0] not in _JSON_STARTS:  # plainly not JSON: spare the parser a huge line
        return Parsed(Kind.NOISE, problem=_noise_reason(raw, None))
    bad_utf8: str | None = None
    try:
        obj = _loads(raw)
    except _JSONDecodeError as exc:
        reason = _noise_reason(raw, exc)
        if not reason.startswith("invalid UTF-8"):
            return Parsed(Kind.NOISE, problem=reason)
        # JSON with a stray non-UTF-8 byte (a Latin-1 name, say) is still a message: decode it
        # with replacement characters and let it be what it is; the caller flags the bytes.
        try:
            obj = _loads(raw.decode("utf-8", "replace"))
        except _JSONDecodeError:
            return Parsed(Kind.NOISE, problem=reason)
        bad_utf8 = reason
    except Exception as exc:  # pragma: no cover - orjson raises JSONDecodeError for all bad input
        return Parsed(Kind.NOISE, problem=f"not JSON: {exc}")
    if type(obj) is dict:
        p = classify(obj)
    elif type(obj) is list:
        p = Parsed(Kind.BATCH, obj=obj, problem=f"JSON array of {len(obj)} (a JSON-RPC batch)")
    else:
        p = Parsed(Kind.INVALID, obj=obj, problem=f"JSON {type(obj).__name__}, not a JSON-RPC object")
    if bad_utf8 is not None:
        p.bad_utf8 = True
        p.problem = f"{bad_utf8}; decoded with replacement characters" + (f"; {p.problem}" if p.problem else "")
    return p


def classify(obj: JsonObject) -> Parsed:
    method = obj.get("method")
    if method is not None:
        if type(method) is not str:
            return Parsed(Kind.INVALID, obj=obj, problem="'method' is not a string")
        if "id" in obj:
            return Parsed(Kind.REQUEST, method, obj["id"], obj)
        return Parsed(Kind.NOTIFICATION, method, None, obj)
    if "result" in obj:
        return Parsed(Kind.RESULT, None, obj.get("id"), obj)
    if "error" in obj:
        err = obj["error"]
        code = err.get("code") if type(err) is dict else None
        return Parsed(Kind.ERROR, None, obj.get("id"), obj, error_code=code if type(code) is int else None)
    return Parsed(Kind.INVALID, obj=obj, problem="object has none of 'method', 'result', 'error'")


_JSON_STARTS = frozenset(b'{["-0123456789tfn')
_UTF8_SLICE = 1 << 20


def first_invalid_utf8(raw: bytes) -> int | None:
    """Offset of the first byte that is not valid UTF-8, checked in slices (no copy of the line)."""
    if len(raw) <= _UTF8_SLICE:
        try:
            raw.decode("utf-8")
        except UnicodeDecodeError as ude:
            return ude.start
        return None
    decoder = codecs.getincrementaldecoder("utf-8")()
    view = memoryview(raw)
    for start in range(0, len(raw), _UTF8_SLICE):
        piece = view[start : start + _UTF8_SLICE]
        carried = len(decoder.getstate()[0])  # bytes of a character begun in the last slice
        try:
            decoder.decode(piece, final=start + _UTF8_SLICE >= len(raw))
        except UnicodeDecodeError as ude:
            return start - carried + ude.start
    return None


def _noise_reason(raw: bytes, exc: Exception | None) -> str:
    if not raw or raw.isspace():
        return "empty line"
    bad = first_invalid_utf8(raw)
    if bad is not None:
        return f"invalid UTF-8 at byte {bad}"
    if exc is None:
        return "not JSON: the line does not start like a JSON value"
    text = str(exc)
    if "failed to allocate memory" in text:  # orjson's words for nesting past its depth limit
        return f"not JSON this inspector can decode (nested more than 128 levels deep?): {text}"
    return f"not JSON: {text}"


def valid_id(value: JsonValue) -> bool:
    """JSON-RPC ids in MCP are strings or integers (never null, never fractional)."""
    t = type(value)
    return t is int or t is str


def dumps(obj: JsonValue) -> bytes:
    """One message as one line, terminator included."""
    return orjson.dumps(obj) + b"\n"


def loads_lenient(raw: bytes) -> JsonValue:
    """Decode a stored line for a detail view; returns None when it is not JSON."""
    try:
        return _loads(frame_body(raw))
    except _JSONDecodeError:
        return None
