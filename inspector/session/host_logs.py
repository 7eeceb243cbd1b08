"""Host logs and HAR files as recordings: what a host wrote about its MCP traffic, judged. No Qt.

Theory of operation
-------------------
A host (Claude Desktop, VS Code) or a browser's network panel (a HAR file) keeps a record of
MCP traffic in its own shape. :func:`read_log` reads one such file (sniffed from its content,
:func:`sniff`) into :class:`LoggedSession` objects: one per session the file holds, each a list
of :class:`Item` - a direction, the log's own time (seconds since the epoch), the bytes and the
entry extras the recording keeps. :func:`to_recording` turns one into a recording judged as any
session is: the items go into a raw recording and :func:`.reanalyse.reanalyse` feeds them both
ways through a fresh engine in observer mode, as a proxied session is (the host's messages judged
as the client's, the era and capabilities from what the host did; the server's with the HTTP
metadata they travelled with); the header says ``imported_from`` (the format and the file's
name), ``created`` is the log's first time and the entries keep the log's times.

Formats (what each gives):

- ``claude-desktop``: ``mcp.log`` and ``mcp-server-NAME.log``. Lines are
  ``TIME [server] [level] text`` (``[level] [server]`` in ``mcp.log``). ``Message from client:
  {json}`` / ``Message from server: {json}`` are messages (a trailing ``{ metadata: ... }`` is
  the host's, not the message's: kept in the entry's ``log_trailer``); the lifecycle lines
  (initializing server, connected, transport closed, shutting down, disconnected) are events;
  a line without the prefix is the server's stderr as the host copied it, unless a host line
  ending in ``[`` or ``{`` opened a JSON block it goes on with (the host's own errors,
  pretty-printed: those lines are that line's, until the block closes); any other line of the
  host is a note. A session starts at ``Initializing server`` (or the first message after
  the server's transport closed); servers are told apart by name.
- ``vscode``: an MCP output channel (``TIME [level] text``, local time without a zone: read as
  UTC, and said so in ``imported_from``). ``[editor -> server] {json}`` / ``[server -> editor]
  {json}`` are messages (VS Code writes them at trace or debug level only; its first releases
  wrote ``[Client Says]`` / ``[Server Says]`` at info level: read the same), ``[server stderr]``
  lines stderr, ``Connection state: Starting`` starts a session, ``Stopped``/``Error`` ends it.
  The channel names no server in its lines: ``Starting server NAME`` does, else the file name.
- ``har``: HAR 1.2 of MCP over HTTP (Streamable HTTP of both eras, HTTP+SSE). Each entry is a
  client message (the request's body), an ``http_exchange`` event (method, URL, status, headers
  with secrets masked as :func:`.secrecy.secret_header` tells them: Authorization, cookies,
  tokens; ``Mcp-Session-Id`` is kept as the live recorder keeps it) and the server's messages
  (a JSON body; each event of a ``text/event-stream`` body). A HAR has no time per SSE event:
  they take the time the entry ended, so an HTTP+SSE stream's events come after the requests
  sent while it was open (the order among them is kept). Sessions are told apart by
  ``Mcp-Session-Id`` or the HTTP+SSE ``sessionId``. An entry that carries no MCP is a note.

Nothing is dropped: a line or entry that cannot be placed becomes a note of the session nearest
to it (:data:`NOTE_CHANNEL`), and a message whose JSON is broken is still fed to the engine as
the server's or client's bytes (and flagged there).
"""

from __future__ import annotations

import base64
import enum
import json
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import parse_qsl, urljoin, urlsplit

from inspector.protocol.engine import ClientConfig
from inspector.protocol.engine_state import Analysis
from inspector.protocol.jsontypes import JsonObject, JsonValue
from inspector.protocol.lifecycle import State
from inspector.protocol.links import TransportKind
from inspector.protocol.messages import Kind
from inspector.protocol.sse import SseDecoder
from inspector.transport.base import MASK

from .config_files import FileTooLarge, UnreadableFile, read_user_file
from .reanalyse import engine_header, reanalyse
from .recording import Direction, Recording
from .secrecy import masked_url, secret_header

#: the largest log read (bytes)
MAX_LOG_BYTES = 512 << 20
#: the channel of a note that holds a line of the log the reader could not place otherwise
NOTE_CHANNEL = "host-log"
#: what the window says when it opens such a file (:mod:`inspector.ui.host_log_open`), in this
#: context: English, translated there; ``scripts/i18n.py`` brings them into the catalogue
OPEN_CONTEXT = "HostLogOpen"
OPEN_WORDS = {
    "empty": "{name} holds no session.",
    "title": "Open host log",
    "which": "{name} holds {count} sessions. Which one should be shown?",
    "refused": "Cannot open host log",
    "shown": "MCP Session Inspector — {name} (imported, read-only)",
    "filter": "Host logs and HAR files (*.log *.har *.txt)",
}


class LogKind(enum.StrEnum):
    CLAUDE = "claude-desktop"
    VSCODE = "vscode"
    HAR = "har"


class HostLogError(Exception):
    """The file is none of the formats, or cannot be read (the words say why)."""


@dataclass(slots=True)
class Item:
    direction: Direction
    t: float  # seconds since the epoch, as the log says
    raw: bytes
    extra: JsonObject | None = None


@dataclass
class LoggedSession:
    kind: LogKind
    server: str
    items: list[Item] = field(default_factory=list)
    first_line: int = 0  # where it starts in the file (HAR: the entry's number)
    transport: TransportKind = TransportKind.STDIO
    url: str | None = None
    closed: bool = False  # its lifecycle said it ended: the next message starts another

    @property
    def messages(self) -> int:
        return sum(1 for i in self.items if i.direction in (Direction.C2S, Direction.S2C))

    @property
    def started(self) -> float | None:
        return self.items[0].t if self.items else None

    def describe(self) -> str:
        """One line for a list: the server, when it started, how many messages."""
        at = _iso(self.started) if self.started is not None else "-"
        return f"{self.server}  {at}  {self.messages} messages, {len(self.items)} entries (from line {self.first_line})"


# ---------------------------------------------------------------------------- sniffing


_CLAUDE_LINE = re.compile(r"^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z) \[([^\]]*)\] \[([^\]]*)\] ?(.*)$")
_CLAUDE_HOST_LINE = re.compile(r"^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z) \[([^\]]*)\] ?(.*)$")
_VSCODE_LINE = re.compile(r"^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)?) \[(\w+)\] ?(.*)$")
_HAR_START = re.compile(rb'^\{\s*"log"\s*:')  # a recording starts with {"format": ...
_LEVELS = frozenset({"info", "error", "warn", "warning", "debug", "trace", "verbose", "log"})


def sniff(data: bytes) -> LogKind | None:
    """Which format ``data`` (a file's first bytes) is in, or None."""
    head = data[:65536].lstrip(b"\xef\xbb\xbf \t\r\n")
    if _HAR_START.match(head):
        return LogKind.HAR
    for line in head.decode("utf-8", "replace").splitlines()[:50]:
        if _CLAUDE_LINE.match(line) or _CLAUDE_HOST_LINE.match(line):
            return LogKind.CLAUDE
        if _VSCODE_LINE.match(line):
            return LogKind.VSCODE
    return None


def host_log_kind(path: str | Path) -> LogKind | None:
    """Which format the file at ``path`` is in, from its first bytes (None: not one of them, or
    it cannot be read: the recording loader says why). Never blocks on a FIFO."""
    try:
        return sniff(read_user_file(Path(path), 1 << 16))
    except FileTooLarge:
        pass
    except UnreadableFile:
        return None
    try:
        with open(path, "rb") as f:  # a regular file (read_user_file checked it): its head
            return sniff(f.read(1 << 16))
    except OSError:
        return None


def read_log(path: str | Path) -> list[LoggedSession]:
    """The sessions a host log or HAR file holds (in the order they started)."""
    p = Path(path)
    try:
        data = read_user_file(p, MAX_LOG_BYTES)
    except FileTooLarge:
        raise HostLogError(f"{p.name}: larger than {MAX_LOG_BYTES:,} bytes, the most a log is read") from None
    except UnreadableFile as exc:
        raise HostLogError(f"{p.name}: {exc}") from None
    kind = sniff(data)
    if kind is None:
        raise HostLogError(f"{p.name}: neither a Claude Desktop or VS Code MCP log nor a HAR file")
    return parse(data, kind, p.name)


def parse(data: bytes, kind: LogKind, name: str) -> list[LoggedSession]:
    if kind is LogKind.HAR:
        sessions = _read_har(data, name)
    elif kind is LogKind.VSCODE:
        sessions = _read_vscode(data, name)
    else:
        sessions = _read_claude(data, name)
    return [s for s in sessions if s.items]


# ---------------------------------------------------------------------------- text logs


def _epoch(stamp: str, default: float) -> float:
    """Seconds since the epoch of a log's time (no zone: UTC); ``default`` (the time before it)
    when it is no time at all (a 13th month)."""
    try:
        at = datetime.fromisoformat(stamp.replace(" ", "T").replace("Z", "+00:00"))
    except ValueError:
        return default
    if at.tzinfo is None:
        at = at.replace(tzinfo=UTC)
    return at.timestamp()


def _iso(t: float) -> str:
    return datetime.fromtimestamp(t, UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _raw(text: str) -> bytes:
    """Text read from a log back to its bytes: a line's undecodable bytes as they were (they
    were read with ``surrogateescape``); a lone surrogate a HAR's JSON escaped, as UTF-8 would
    carry it (invalid: the engine says so)."""
    try:
        return text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        return text.encode("utf-8", "surrogatepass")


def _clean(text: str) -> str:
    """Text for a header or an entry's extras (written as JSON): undecodable bytes escaped."""
    return _raw(text).decode("utf-8", "backslashreplace")


def _message(text: str) -> tuple[bytes, str | None]:
    """A logged message's bytes (a stdio line: with its newline) and what the host wrote after
    it (``{ metadata: undefined }``), or None. Broken JSON is kept whole for the engine to judge."""
    body = text.strip()
    try:
        _, end = json.JSONDecoder().raw_decode(body)
    except ValueError:
        trailer = re.search(r"\s+\{ metadata: [^{}]*\}$", body)
        if trailer:
            return _raw(body[: trailer.start()]) + b"\n", trailer.group(0).strip()
        return _raw(body) + b"\n", None
    rest = body[end:].strip()
    return _raw(body[:end]) + b"\n", rest or None


class _Sessions:
    """Sessions by server name as a text log is read; lines that belong to none wait for one."""

    def __init__(self, kind: LogKind) -> None:
        self.kind = kind
        self.all: list[LoggedSession] = []
        self.current: dict[str, LoggedSession] = {}
        self.last: LoggedSession | None = None
        self.waiting: list[Item] = []

    def start(self, server: str, line: int) -> LoggedSession:
        s = LoggedSession(self.kind, server, first_line=line)
        if self.waiting:  # what the log said before any session: kept with the first one
            s.items.extend(self.waiting)
            self.waiting = []
        self.all.append(s)
        self.current[server] = s
        return s

    def of(self, server: str, line: int, *, fresh: bool = False) -> LoggedSession:
        """``server``'s session now; ``fresh``: a new one unless the current one is still empty
        of messages (a start line after a start line)."""
        s = self.current.get(server)
        if s is None or (s.closed and not fresh) or (fresh and (s.messages or s.closed)):
            s = self.start(server, line)
        self.last = s
        return s

    def closing(self, server: str, line: int) -> LoggedSession:
        s = self.current.get(server) or self.start(server, line)
        self.last = s
        return s

    def unplaced(self, item: Item) -> None:
        if self.last is not None:
            self.last.items.append(item)
        else:
            self.waiting.append(item)

    def finish(self, fallback: str) -> list[LoggedSession]:
        if self.waiting:
            self.start(fallback, 1)
        return self.all


def _note(t: float, text: str, line: int) -> Item:
    return Item(Direction.NOTE, t, _raw(text), {"channel": NOTE_CHANNEL, "log_line": line})


def _event(t: float, text: str, line: int) -> Item:
    return Item(Direction.EVENT, t, _raw(text), {"event": "host_lifecycle", "log_line": line})


_CLAUDE_START = ("initializing server",)
_CLAUDE_CLOSE = ("server transport closed", "client transport closed", "shutting down server", "server disconnected")
_CLAUDE_LIFECYCLE = _CLAUDE_START + _CLAUDE_CLOSE + ("server started and connected", "connected")


def _lines(data: bytes) -> list[str]:
    return data.decode("utf-8", "surrogateescape").splitlines()


def _server_of_name(name: str) -> str:
    m = re.match(r"^mcp-server-(.+)\.log$", name)
    return m.group(1) if m else Path(name).stem


def _json_depth(text: str, depth: int = 0) -> int:
    """How many JSON brackets are open after ``text`` (strings skipped), starting from ``depth``."""
    quoted = escaped = False
    for ch in text:
        if quoted:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                quoted = False
        elif ch == '"':
            quoted = True
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
    return depth


def _read_claude(data: bytes, name: str) -> list[LoggedSession]:
    book = _Sessions(LogKind.CLAUDE)
    t = 0.0
    # the host's own line that opened a JSON block it goes on with (its errors, pretty-printed: a
    # line ending in "[" or "{"): the lines without the prefix are that line's, not the server's
    block: Item | None = None
    depth = 0
    for n, line in enumerate(_lines(data), 1):
        if block is not None:
            if _CLAUDE_HOST_LINE.match(line) is None:
                block.raw += b"\n" + _raw(line)
                depth = _json_depth(line, depth)
                if depth <= 0:
                    block = None
                continue
            block = None
        m = _CLAUDE_LINE.match(line)
        if m is not None:
            stamp, first, second, text = m.groups()
            if first.lower() in _LEVELS and second.lower() not in _LEVELS:
                first, second = second, first  # mcp.log: [level] [server]
            server, level = _clean(first), second.lower()
        else:
            host = _CLAUDE_HOST_LINE.match(line)
            if host is None:  # no prefix: the server's stderr as the host copied it
                item = Item(Direction.STDERR, t, _raw(line) + b"\n", {"log_line": n})
                book.unplaced(item)
                continue
            stamp, level, text = host.groups()
            t = _epoch(stamp, t)
            note = _note(t, f"[{level}] {text}", n)  # the host's own line, naming no server
            book.unplaced(note)
            block, depth = _opened_block(note, text)
            continue
        t = _epoch(stamp, t)
        low = text.lower()
        if text.startswith(("Message from client:", "Message from server:")):
            raw, trailer = _message(text.split(":", 1)[1])
            extra: JsonObject = {"log_line": n}
            if trailer:
                extra["log_trailer"] = _clean(trailer)
            d = Direction.C2S if text.startswith("Message from client") else Direction.S2C
            book.of(server, n).items.append(Item(d, t, raw, extra))
        elif low.startswith(_CLAUDE_START):
            book.of(server, n, fresh=True).items.append(_event(t, text, n))
        elif low.startswith(_CLAUDE_CLOSE):
            s = book.closing(server, n)
            s.items.append(_event(t, text, n))
            s.closed = True
        elif low.startswith(_CLAUDE_LIFECYCLE):
            book.of(server, n).items.append(_event(t, text, n))
        else:
            s = book.current.get(server) or book.of(server, n)  # after its close too: the host's words on it
            note = _note(t, f"[{level}] {text}", n)
            s.items.append(note)
            book.last = s
            block, depth = _opened_block(note, text)
    return book.finish(_server_of_name(name))


def _opened_block(note: Item, text: str) -> tuple[Item | None, int]:
    """A host's line that ends by opening a JSON block (the lines after it go on with it): the
    note and how deep the block is; else (None, 0)."""
    if not text.rstrip().endswith(("[", "{")):
        return None, 0
    depth = _json_depth(text)
    return (note, depth) if depth > 0 else (None, 0)


_VS_TO_SERVER = "[editor -> server]"
_VS_TO_EDITOR = "[server -> editor]"
#: what VS Code's first MCP releases (spring 2025) wrote instead, at info level
_VS_OLD = {"[Client Says]": Direction.C2S, "[Server Says]": Direction.S2C}
_VS_STDERR = "[server stderr]"


def _read_vscode(data: bytes, name: str) -> list[LoggedSession]:
    book = _Sessions(LogKind.VSCODE)
    server = Path(name).stem
    t = 0.0
    for n, line in enumerate(_lines(data), 1):
        m = _VSCODE_LINE.match(line)
        if m is None:  # a line a multi-line entry went on with
            last = book.last.items[-1] if book.last is not None and book.last.items else None
            if last is not None and last.direction is Direction.STDERR:
                book.unplaced(Item(Direction.STDERR, t, _raw(line) + b"\n", {"log_line": n}))
            else:
                book.unplaced(_note(t, line, n))
            continue
        stamp, level, text = m.groups()
        t = _epoch(stamp, t)
        started = re.match(r"^Starting server (.+?)\s*$", text)
        if started:
            server = _clean(started.group(1))
            book.of(server, n, fresh=True).items.append(_event(t, text, n))
        elif text.startswith((_VS_TO_SERVER, _VS_TO_EDITOR, *_VS_OLD)):
            tag = text[: text.index("]") + 1]
            d = _VS_OLD.get(tag, Direction.C2S if tag == _VS_TO_SERVER else Direction.S2C)
            raw, trailer = _message(text[len(tag) :])
            extra: JsonObject = {"log_line": n}
            if trailer:
                extra["log_trailer"] = _clean(trailer)
            book.of(server, n).items.append(Item(d, t, raw, extra))
        elif text.startswith(_VS_STDERR):
            body = text[len(_VS_STDERR) :].lstrip(" ")
            book.of(server, n).items.append(Item(Direction.STDERR, t, _raw(body) + b"\n", {"log_line": n}))
        elif text.startswith("Connection state: Starting"):
            book.of(server, n, fresh=True).items.append(_event(t, text, n))
        elif text.startswith(("Connection state: Stopped", "Connection state: Error")):
            s = book.closing(server, n)
            s.items.append(_event(t, text, n))
            s.closed = True
        elif text.startswith("Connection state:"):
            book.of(server, n).items.append(_event(t, text, n))
        else:
            book.unplaced(_note(t, f"[{level}] {text}", n))
    return book.finish(server)


# ---------------------------------------------------------------------------- HAR


def _headers(value: JsonValue) -> dict[str, str]:
    """A HAR header list as the recording keeps headers: secrets masked."""
    out: dict[str, str] = {}
    for h in value if isinstance(value, list) else []:
        if isinstance(h, dict) and isinstance(h.get("name"), str):
            name, text = _clean(h["name"]), _clean(str(h.get("value", "")))
            out[name] = MASK if secret_header(name, text) or name.lower() == "set-cookie" else text
    return out


def _header(headers: dict[str, str], name: str) -> str | None:
    return next((v for k, v in headers.items() if k.lower() == name), None)


def _body(part: JsonValue, key: str) -> bytes:
    if not isinstance(part, dict) or not isinstance(part.get(key), dict):
        return b""
    body = part[key]
    text = body.get("text")
    if not isinstance(text, str):
        return b""
    if body.get("encoding") == "base64":
        try:
            return base64.b64decode(text)
        except ValueError:
            return _raw(text)
    return _raw(text)


def _mime(part: JsonValue, key: str) -> str:
    body = part.get(key) if isinstance(part, dict) else None
    mime = body.get("mimeType") if isinstance(body, dict) else None
    return mime.split(";")[0].strip().lower() if isinstance(mime, str) else ""


@dataclass
class _Exchange:
    key: str | None
    items: list[Item]
    c2s: Item | None
    url: str
    entry: int


def _session_key(url: str, req: dict[str, str], resp: dict[str, str], events: list[bytes]) -> str | None:
    sid = _header(resp, "mcp-session-id") or _header(req, "mcp-session-id")
    if sid:
        return sid
    query = dict(parse_qsl(urlsplit(url).query))
    for q in [query] + [dict(parse_qsl(urlsplit(d.decode("utf-8", "replace")).query)) for d in events]:
        sid = q.get("sessionId") or q.get("session_id")  # HTTP+SSE: the endpoint event names the session
        if sid:
            return sid
    return None


def _har_entry(n: int, entry: JsonObject, before: float) -> _Exchange:
    from inspector.transport.http_wire import SMALL_BODY, is_message  # httpx: only when a HAR is read

    started = entry.get("startedDateTime")
    t0 = _epoch(started, before) if isinstance(started, str) else before
    took = entry.get("time")
    t1 = t0 + (float(took) / 1000 if isinstance(took, (int, float)) and took > 0 else 0.0)
    request = entry.get("request") if isinstance(entry.get("request"), dict) else {}
    response = entry.get("response") if isinstance(entry.get("response"), dict) else {}
    assert isinstance(request, dict) and isinstance(response, dict)
    method, raw_url = _clean(str(request.get("method", ""))), _clean(str(request.get("url", "")))
    url = masked_url(raw_url)  # ?api_key=… never reaches the recording (the session's key reads the raw URL)
    req_h, resp_h = _headers(request.get("headers")), _headers(response.get("headers"))
    sent = _body(request, "postData")
    got, mime = _body(response, "content"), _mime(response, "content")
    status = response.get("status")
    items: list[Item] = []
    c2s = Item(Direction.C2S, t0, sent, {"har_entry": n}) if sent.strip() else None
    if c2s is not None:
        items.append(c2s)
    channel = "post" if method == "POST" else "get"
    info: JsonObject = {
        "method": method,
        "url": url,
        "request_headers": dict(req_h),
        "status": status if isinstance(status, int) else 0,
        "reason": _clean(str(response.get("statusText", ""))),
        "response_headers": dict(resp_h),
        "har_entry": n,
    }
    detail = f"{method} {url} → {info['status']} {info['reason']}".rstrip() + (f" ({mime})" if mime else "")
    items.append(Item(Direction.EVENT, t0, _raw(detail), {"event": "http_exchange", "http": info}))
    events: list[bytes] = []
    meta: JsonObject = {"method": method, "url": url, "status": info["status"], "content_type": mime}
    if mime == "text/event-stream":
        for ev in SseDecoder().feed(got + b"\n\n"):
            if ev.event == "endpoint":  # HTTP+SSE: where to POST, as the live transport records it
                events.append(ev.data)
                target = masked_url(ev.data.decode("utf-8", "backslashreplace").strip())
                post = urljoin(url, target)
                where: JsonObject = {"endpoint": target, "post_url": post}
                items.append(
                    Item(Direction.EVENT, t1, _raw(f"POST messages to {post}"), {"event": "endpoint", "http": where})
                )
                continue
            sse: JsonObject = {**meta, "channel": channel + "-sse", "sse_event": ev.event}
            if ev.id is not None:
                sse["sse_id"] = ev.id
            items.append(Item(Direction.S2C, t1, ev.data, {"http": sse}))
    elif is_message(method, int(info["status"]), mime) and got:
        items.append(Item(Direction.S2C, t1, got, {"http": {**meta, "channel": channel}}))
    elif got and (info["status"] == 202 or method == "DELETE") and len(got) <= SMALL_BODY:
        info["body"] = got.decode(
            "utf-8", "backslashreplace"
        )  # an acknowledgement's words, as the live link keeps them
    elif got:
        said = _raw(f"{method} {url} answered {info['status']} ({mime or 'no content type'}): ")
        items.append(Item(Direction.NOTE, t1, said + got, {"channel": "http-body", "har_entry": n}))
    return _Exchange(_session_key(raw_url, req_h, resp_h, events), items, c2s, url, n)


def _read_har(data: bytes, name: str) -> list[LoggedSession]:
    try:
        doc = json.loads(data)
    except ValueError as exc:
        raise HostLogError(f"{name}: not JSON ({exc})") from None
    log = doc.get("log") if isinstance(doc, dict) else None
    entries = log.get("entries") if isinstance(log, dict) else None
    if not isinstance(entries, list):
        raise HostLogError(f"{name}: a HAR file holds log.entries; this one does not")
    by_key: dict[str | None, list[_Exchange]] = {}
    order: list[str | None] = []
    last: str | None = None
    before = 0.0  # the time of the entry before (one without a time takes it)
    for n, entry in enumerate(entries, 1):
        if isinstance(entry, dict):
            ex = _har_entry(n, entry, before)
        else:  # no entry at all: kept as a note where it stood
            junk = Item(Direction.NOTE, before, _raw(json.dumps(entry)), {"channel": NOTE_CHANNEL, "har_entry": n})
            ex = _Exchange(None, [junk], None, "", n)
        before = ex.items[0].t
        key = ex.key if ex.key is not None else last
        if key not in by_key:
            by_key[key] = []
            order.append(key)
        by_key[key].append(ex)
        last = key
    sessions = []
    for key in order:
        exchanges = by_key[key]
        sse = any((i.extra or {}).get("event") == "endpoint" for ex in exchanges for i in ex.items)
        s = LoggedSession(
            LogKind.HAR,
            urlsplit(exchanges[0].url).netloc or name,
            first_line=exchanges[0].entry,
            transport=TransportKind.SSE if sse else TransportKind.STREAMABLE_HTTP,
            url=exchanges[0].url,
        )
        numbered = [(i.t, k, i) for k, i in enumerate(item for ex in exchanges for item in ex.items)]
        numbered.sort(key=lambda x: (x[0], x[1]))
        s.items = [i for _, _, i in numbered]
        seq = {id(i): k for k, i in enumerate(s.items)}
        for ex in exchanges:  # each exchange and answer names the entry of the request it carried
            if ex.c2s is None:
                continue
            for i in ex.items:
                http = (i.extra or {}).get("http")
                if i is not ex.c2s and isinstance(http, dict) and "method" in http:
                    http["request_seq"] = seq[id(ex.c2s)]
        sessions.append(s)
    return sessions


# ---------------------------------------------------------------------------- recordings


def to_recording(s: LoggedSession, file_name: str) -> Recording:
    """``s`` as a recording judged by this inspector's engine (read-only), marked as imported."""
    t0 = s.started or 0.0
    imported: JsonObject = {"kind": s.kind.value, "file": file_name, "first_line": s.first_line}
    if s.kind is LogKind.VSCODE:
        imported["clock"] = "local time without a zone, read as UTC"
    if s.kind is LogKind.HAR:
        imported["sse_times"] = "an event of a text/event-stream body has the time its HAR entry ended"
    header: JsonObject = {
        "transport": s.transport.value,
        "server_name": s.server,
        "imported_from": imported,
        **engine_header(ClientConfig(observer=True)),  # the host was the client: its messages observed
    }
    if s.url is not None:
        header["url"] = s.url
    raw = Recording({**header, "created": _iso(t0)}, t0=t0)
    placeholder = Analysis(Kind.NOTE, State.UNINITIALIZED)
    for item in s.items:
        raw.append(item.direction, item.t, item.raw, placeholder, item.extra)
    judged, _ = reanalyse(raw)
    judged.header.pop("reanalysed_from", None)
    judged.header["created"] = _iso(t0)
    return judged


def one_session_recording(path: str | Path) -> Recording | None:
    """A host log or HAR file holding one session, as a recording (None: the file is no such log),
    for what compares it (``diff``, the compare view). Raises :class:`HostLogError` when the log
    cannot be read, or holds several sessions (saying how ``convert`` writes the one wanted)."""
    if host_log_kind(path) is None:
        return None
    sessions = read_log(path)
    if len(sessions) != 1:
        raise HostLogError(
            f"{path}: it holds {len(sessions)} sessions; write the one to compare with "
            f"'mcp-session-inspector convert {path} --session N -o FILE.jsonl' and compare that file"
        )
    return to_recording(sessions[0], Path(path).name)


def convert(path: str | Path) -> tuple[list[LoggedSession], list[Recording]]:
    """Every session of the log at ``path`` and its recording."""
    sessions = read_log(path)
    name = Path(path).name
    return sessions, [to_recording(s, name) for s in sessions]


def output_paths(out: str | Path, count: int) -> list[Path]:
    """Where ``count`` recordings of ``convert -o OUT`` go: OUT, then OUT-2, OUT-3... beside it."""
    p = Path(out)
    suffix = "".join(p.suffixes[-1:]) or ".jsonl"
    stem = p.name[: -len(suffix)] if p.name.endswith(suffix) else p.name
    return [p if k == 0 else p.with_name(f"{stem}-{k + 1}{suffix}") for k in range(count)]


def save(rec: Recording, path: str | Path) -> None:
    writer = rec.write_to(path)
    writer.close(rec.summary)


__all__ = [
    "HostLogError",
    "Item",
    "LogKind",
    "LoggedSession",
    "NOTE_CHANNEL",
    "convert",
    "host_log_kind",
    "output_paths",
    "parse",
    "read_log",
    "save",
    "sniff",
    "to_recording",
]
