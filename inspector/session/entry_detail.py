"""What the detail pane says about one recorded entry, as data: its findings, its HTTP exchange
in full, the facts of its bytes and every schema error on request.

Theory of operation. The detail pane (``ui/detail.py``) shows one entry with everything the
inspector concluded; what it concludes is decided here, without Qt, and tested headless
(``tests/session/test_entry_detail.py``):

* :func:`entry_findings` lists the findings of an entry as :class:`Finding` rows (text, tone,
  bold, indent): each violated rule and each note with its severity, text and spec section, the
  schema verdict, the parser's problem, the lifecycle transition, the HTTP facts, and what a
  process event, a transport note or a stderr line is. The pane sets each as a label (the
  invalid schema verdict with its button and its tree of errors).
* :func:`http_lines`, :func:`exchange_text` and :func:`message_in_exchange_text` are an entry's
  HTTP facts in brief, one exchange in full, and where a message travelled in its exchange;
  :func:`http_tab_text` is the pane's HTTP tab (every exchange of an entry).
* :func:`header_facts` are the facts under the heading (time, id, size, latency, the wait at the
  step gate, the state after), and :func:`pair_of` the entry's request or response.
* :func:`bytes_facts` says what the exact bytes are (size, UTF-8, line terminator), and
  :func:`raw_view` what of them is shown as text or as a hex dump (a long line: its head, and a
  note saying how much).
* :func:`json_summary`, :func:`json_brief` and :func:`json_cell` are a JSON value as the tree
  shows it (its text, the colour's role, the tooltip of a long string).
* :func:`explain_schema` validates an entry again and lists every schema error with its path.

Every word is English in :data:`WORDS` and goes through the caller's ``tr(context, text)``: the
window passes ``QCoreApplication.translate`` (the words keep the pane's context, "DetailPane";
rule texts are "Rules", states and edges "Lifecycle"), plain text keeps them as they are, and
``scripts/i18n.py`` brings them into the catalogue. A size or a duration is
:mod:`.entry_text`'s one formatter.
"""

from __future__ import annotations

import itertools
import signal
from collections.abc import Callable
from dataclasses import dataclass

import orjson

from inspector.protocol.framing import frame_body
from inspector.protocol.jsontypes import JsonObject, JsonValue
from inspector.protocol.lifecycle import State
from inspector.protocol.messages import MESSAGE_KINDS, Kind, loads_lenient
from inspector.protocol.rules import RULES, Severity

from .entry_text import EntryHead, format_duration, format_id, format_size, size_text
from .recording import Direction, Entry, Recording, TransportKind
from .timeline_words import DIRECTION_ARROWS, DIRECTION_LABELS
from .translate import Translate, untranslated
from .value_text import JSON_HEAD, hex_dump, json_head, utf8_head
from .version_in_force import version_in_force

__all__ = [
    "CONTEXT",
    "WORDS",
    "Finding",
    "CONTROLS",
    "TABS",
    "bytes_facts",
    "bytes_share",
    "expand_depth",
    "header_facts",
    "json_page",
    "json_title",
    "line_framed",
    "tree_value",
    "more_text",
    "pair_text",
    "schema_rows",
    "stored_schema_errors",
    "title_text",
    "json_brief",
    "json_cell",
    "json_summary",
    "pair_of",
    "raw_view",
    "entry_findings",
    "exchange_text",
    "explain_schema",
    "http_lines",
    "http_tab_text",
    "message_in_exchange_text",
    "schema_head",
]

#: the translation context of :data:`WORDS` (the detail pane's own)
CONTEXT = "DetailPane"

#: Every word of this module, English ("DetailPane" context).
WORDS: dict[str, str] = {
    "error": "error",
    "warning": "warning",
    "info": "info",
    "violation": "⚠ {rule}  ({severity})",
    "note": "ℹ {rule}  ({severity})",
    "spec": "Spec: {section}",
    "invalid": "✗ Invalid against the JSON Schema",
    "checked_as": " (checked as {definition})",
    "valid": "✓ Valid against the JSON Schema; no protocol rule broken",
    "problem": "Problem: {problem}",
    "transition": "Lifecycle: {src} → {dst}",
    "failure_edge": "   failure edge",
    "in_http_tab": "The whole exchange, headers included, is in the HTTP tab.",
    "event": "event: {event}",
    "exit_code": "exit code: {code}",
    "signal": "signal: {signal}",
    "pid": "pid: {pid}",
    "process": "Process",
    "http_note": "What the HTTP transport noted beside the messages (a request that failed, a stream that ended).",
    "http_body": "The body of an HTTP answer that is no message (its exchange is the HTTP event before it).",
    "stderr": "A line the server wrote to stderr (not part of the protocol).",
    "http": "HTTP: {exchange}",
    "channel": "channel {channel}",
    "sse_id": "SSE id {id}",
    "sse_event": "SSE event {event}",
    "retry": "retry {ms} ms",
    "exchange": "Exchange (entry {seq})",
    "request_body": "(body: the message of entry {seq})",
    "no_answer": "(no answer)",
    "body_bytes": "(body: {n} bytes)",
    "body_dropped": "(past the limit: {n} bytes counted and dropped)",
    "body_over": "(the body passed the limit of {n} bytes)",
    "body_error": "The body did not arrive whole: {error}",
    "redirect": "Redirect to {location}: not followed",
    "jsonrpc_error": "JSON-RPC error code in the body: {code}",
    "this_message": "This message",
    "channel_is": "channel: {channel}",
    "content_type": "content type: {type}",
    "bytes": "{n} B",
    "bad_utf8": "invalid UTF-8 at byte {at}",
    "crlf": "ends with CR LF",
    "lf": "ends with LF",
    "no_terminator": "no line terminator",
    "no_message": "not a JSON-RPC message: no schema applies",
    "no_version": "the protocol version of this session is unknown",
    "no_schema": "no schema for protocol version {version}",
    "schema_valid": "valid against the schema of {version}",
    "seconds": "{t} s",
    "id": "id {id}",
    "size": "{n} bytes",
    "latency": "latency {ms}",
    "held": "held {held} at the step gate: read at {t} s, released at {r} s",
    "state_after": "state after: {state}",
    "keys": "{{{n} keys}}",
    "one_key": "{1 key}",
    "items": "[{n} items]",
    "one_item": "[1 item]",
    "characters": "[{n} characters]",
    "showing": "showing {shown} of {total}",
    "hex_stops": " (the hex dump stops here; Save bytes… writes them all)",
    # the heading's pair button, the schema verdict's button and list, the tree's title and paging
    "go_response": "Go to response #{seq}",
    "go_request": "Go to request #{seq}",
    "all_errors": "Show all schema errors",
    "all_errors_tip": "Validate again and list every error, not only the first",
    "errors_found": "{n} schema errors ({version})",
    "more_errors": "{n} more errors not listed",
    "path": "Path",
    "message": "Message",
    "save_title": "Save the exact bytes of entry #{seq}",
    "json": "JSON",
    "json_what": "JSON ({what})",
    "json_head": "JSON from the first {shown} of {total}: cut values end with …",
    "more_rows": "{n} more — double-click to show",
    "key": "Key",
    "value": "Value",
    # the pane's own controls (CONTROLS) and tabs (TABS)
    "raw_bytes": "Raw bytes",
    "hex": "Hex",
    "hex_tip": "Show a hex dump of the exact bytes, line terminator included",
    "save_bytes": "Save bytes…",
    "save_bytes_tip": "Write the exact bytes of this entry to a file",
    "show_all": "Show all",
    "show_all_tip": "Show the whole line (may take several seconds for many MiB)",
    "expand": "Expand",
    "expand_tip": "Expand the selected node (or the whole message) three levels deep",
    "collapse": "Collapse",
    "parse_all": "Parse all",
    "parse_all_tip": "Build the tree of the whole message (a moment for many MiB)",
    "placeholder": "Select an entry in the timeline to see its bytes and what the inspector found.",
    "message_tab": "Message",
    "http_tab": "HTTP",
    "http_tab_tip": "The HTTP exchange this entry travelled in: request, response, headers (secret values masked)",
}

#: The pane's controls whose words do not depend on the entry shown: a control's name -> the
#: keys of its text and of its tooltip in :data:`WORDS` ("" for none).
CONTROLS: dict[str, tuple[str, str]] = {
    "raw_title": ("raw_bytes", ""),
    "hex_button": ("hex", "hex_tip"),
    "save_button": ("save_bytes", "save_bytes_tip"),
    "show_all_button": ("show_all", "show_all_tip"),
    "tree_label": ("json", ""),
    "expand_button": ("expand", "expand_tip"),
    "collapse_button": ("collapse", ""),
    "parse_all_button": ("parse_all", "parse_all_tip"),
    "placeholder": ("placeholder", ""),
}
#: The pane's tabs, in order: the keys of each one's text and tooltip in :data:`WORDS`.
TABS: tuple[tuple[str, str], ...] = (("message_tab", ""), ("http_tab", "http_tab_tip"))

WRAP_WORDS_LIMIT = 32 * 1024  # above this many characters the bytes wrap anywhere (word wrap is quadratic)
FIT_MEASURE_CHARS = 8 * 1024  # a longer text gets the bytes pane's largest share without being measured
TREE_PAGE = 500  # children of a container the tree builds per step
AUTO_EXPAND_BYTES = 16 * 1024  # a message up to this size opens three levels deep, a longer one one level
EXPLAIN_LIMIT = 500  # schema errors listed at most

RAW_LIMIT = 64 * 1024  # bytes shown before "Show all" (laying out a line costs ~0.2 ms per KiB)
HEX_LIMIT = 4 * 1024 * 1024  # the hex dump never exceeds this, even with "Show all"


@dataclass(frozen=True)
class Finding:
    """One line of the findings: its words and how the pane sets them. ``tone``: the colour's
    role ("bad", "stderr", "muted", "event", "good"; "" for the text's own)."""

    text: str
    tone: str = ""
    bold: bool = False
    indent: int = 0
    wrap: bool = True
    schema: bool = False  # the invalid schema verdict: its errors follow it


_SEVERITY_WORD = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "info"}
_SEVERITY_TONE = {Severity.ERROR: "bad", Severity.WARNING: "stderr", Severity.INFO: "muted"}


def _rule(rid: str, head: str, tone: str | None, tr: Translate) -> list[Finding]:
    """A rule's heading (``head``: "violation" or "note"), its text and its spec section; an
    unknown rule is named only. ``tone`` None: the severity's own."""
    r = RULES.get(rid)
    if r is None:
        return [Finding(f"⚠ {rid}", "bad", bold=True)]
    severity = tr(CONTEXT, WORDS[_SEVERITY_WORD[r.severity]])
    return [
        Finding(
            tr(CONTEXT, WORDS[head]).format(rule=rid, severity=severity),
            tone or _SEVERITY_TONE[r.severity],
            bold=True,
            wrap=False,
        ),
        Finding(tr("Rules", r.text), indent=18),
        Finding(tr(CONTEXT, WORDS["spec"]).format(section=r.spec), "muted", indent=18),
    ]


def _state_title(value: JsonValue, tr: Translate) -> str:
    try:
        return tr("Lifecycle", State(value).title)
    except ValueError:
        return str(value)


def signal_name(sig: JsonValue) -> str:
    """A signal number as its name and number ("SIGTERM (15)"); anything else as it is."""
    try:
        number = int(sig) if isinstance(sig, (int, float, str)) else None
        if number is not None:
            return f"{signal.Signals(number).name} ({number})"
    except ValueError:
        pass
    return str(sig)


def schema_head(extra: JsonObject, tr: Translate = untranslated) -> str:
    """The title of an invalid entry's schema verdict (with the definition it was checked as)."""
    head = tr(CONTEXT, WORDS["invalid"])
    definition = extra.get("schema_definition") or ""
    if definition:
        head += tr(CONTEXT, WORDS["checked_as"]).format(definition=definition)
    return head


def entry_findings(rec: Recording, e: Entry, tr: Translate = untranslated) -> list[Finding]:
    """Everything the inspector concluded about entry ``e`` of ``rec``, in the pane's order. An
    invalid schema verdict is one finding with ``schema`` set: the pane lists its errors there."""
    w = WORDS
    out: list[Finding] = []
    extra = e.extra
    for rid in e.violations:
        out += _rule(rid, "violation", None, tr)
    if e.schema_ok is False:
        out.append(Finding(schema_head(extra, tr), "bad", bold=True, schema=True))
    elif e.schema_ok is True and not e.violations and e.direction in (Direction.C2S, Direction.S2C):
        out.append(Finding(tr(CONTEXT, w["valid"]), "good"))
    # notes: info rules that explain what looks wrong but is allowed (never violations)
    notes = extra.get("notes")
    for rid in notes if isinstance(notes, list) else ():
        if isinstance(rid, str) and rid in RULES:
            out += _rule(rid, "note", "event", tr)
    problem = extra.get("problem")  # what the parser said about noise / invalid lines
    if problem:
        out.append(Finding(tr(CONTEXT, w["problem"]).format(problem=str(problem))))
    transition = extra.get("transition")
    if isinstance(transition, dict):
        text = tr(CONTEXT, w["transition"]).format(
            src=_state_title(transition.get("from"), tr), dst=_state_title(transition.get("to"), tr)
        )
        label = transition.get("label")
        if label:
            text += f"   ({tr('Lifecycle', str(label))})"
        if transition.get("failure"):
            text += tr(CONTEXT, w["failure_edge"])
        out.append(Finding(text, "bad" if transition.get("failure") else "event", bold=True))
    http = extra.get("http")  # the HTTP exchange a message (or a link event) travelled in
    if isinstance(http, dict):
        out += [Finding(line, "event") for line in http_lines(http, tr)]
        if rec.exchanges_of(e.seq):
            out.append(Finding(tr(CONTEXT, w["in_http_tab"]), "event"))
    if e.direction is Direction.EVENT and not isinstance(http, dict):  # process details
        bits = []
        if extra.get("event"):
            bits.append(tr(CONTEXT, w["event"]).format(event=extra["event"]))
        if "returncode" in extra:
            rc = extra.get("returncode")
            bits.append(tr(CONTEXT, w["exit_code"]).format(code="–" if rc is None else rc))
        if "signal" in extra:
            sig = extra.get("signal")
            bits.append(tr(CONTEXT, w["signal"]).format(signal="–" if sig is None else signal_name(sig)))
        if extra.get("pid") is not None:
            bits.append(tr(CONTEXT, w["pid"]).format(pid=extra["pid"]))
        if bits:
            out.append(Finding(tr(CONTEXT, w["process"]) + "   " + "  ·  ".join(bits), "event", bold=True))
    elif e.direction is Direction.NOTE and extra.get("channel") == "http":
        out.append(Finding(tr(CONTEXT, w["http_note"]), "stderr"))
    elif e.direction is Direction.NOTE and extra.get("channel") == "http-body":
        out.append(Finding(tr(CONTEXT, w["http_body"]), "stderr"))
    elif e.direction is Direction.STDERR:
        out.append(Finding(tr(CONTEXT, w["stderr"]), "stderr"))
    return out


def http_lines(http: JsonObject, tr: Translate = untranslated) -> list[str]:
    """An entry's HTTP facts (its ``http``) in brief, as lines of plain text: the exchange and
    what travelled how. The HTTP tab shows the whole exchange (:func:`exchange_text`)."""
    w = WORDS
    if "method" not in http:  # a link event's facts (an endpoint, a stream that ended): as they are
        return [tr(CONTEXT, w["http"]).format(exchange="  ·  ".join(f"{k}: {v}" for k, v in http.items()))]
    head = f"{http.get('method', '?')} {http.get('url', '')}".rstrip()
    status = http.get("status")
    if status is not None:
        head += f" → {status} {http.get('reason', '')}".rstrip()
    lines = [tr(CONTEXT, w["http"]).format(exchange=head)]
    facts = []
    if http.get("channel"):
        facts.append(tr(CONTEXT, w["channel"]).format(channel=http["channel"]))
    if http.get("content_type"):
        facts.append(str(http["content_type"]))
    if http.get("sse_id") is not None:
        facts.append(tr(CONTEXT, w["sse_id"]).format(id=http["sse_id"]))
    if http.get("sse_event") not in (None, "message"):
        facts.append(tr(CONTEXT, w["sse_event"]).format(event=http["sse_event"]))
    if http.get("retry") is not None:
        facts.append(tr(CONTEXT, w["retry"]).format(ms=http["retry"]))
    if facts:
        lines.append("  ·  ".join(facts))
    return lines


def _headers(value: JsonValue) -> list[str]:
    return [f"{k}: {v}" for k, v in value.items()] if isinstance(value, dict) else []


def exchange_text(http: JsonObject, seq: int, tr: Translate = untranslated) -> str:
    """One HTTP exchange in full, as plain text: the request line and headers, then the status
    line, the response headers and what the body was (secret values were masked before they
    were recorded)."""
    w = WORDS
    lines = [tr(CONTEXT, w["exchange"]).format(seq=seq)]
    lines.append(f"{http.get('method', '?')} {http.get('url', '')}".rstrip())
    lines += _headers(http.get("request_headers"))
    request_seq = http.get("request_seq")
    if type(request_seq) is int:
        lines.append(tr(CONTEXT, w["request_body"]).format(seq=request_seq))
    lines.append("")
    status = http.get("status")
    lines.append(
        f"HTTP {status} {http.get('reason', '')}".rstrip() if status is not None else tr(CONTEXT, w["no_answer"])
    )
    lines += _headers(http.get("response_headers"))
    if http.get("body") is not None:
        lines += ["", str(http["body"])]
    elif http.get("body_bytes") is not None:
        lines.append(size_text(http["body_bytes"], exact_below=None, exact=tr(CONTEXT, w["body_bytes"])))
    if http.get("body_dropped"):
        lines.append(tr(CONTEXT, w["body_dropped"]).format(n=http["body_dropped"]))
    if http.get("body_over_limit") is not None:
        lines.append(tr(CONTEXT, w["body_over"]).format(n=http["body_over_limit"]))
    if http.get("body_error"):
        lines.append(tr(CONTEXT, w["body_error"]).format(error=http["body_error"]))
    if "location" in http:
        lines.append(tr(CONTEXT, w["redirect"]).format(location=http["location"] or "?"))
    if http.get("jsonrpc_error") is not None:
        lines.append(tr(CONTEXT, w["jsonrpc_error"]).format(code=http["jsonrpc_error"]))
    return "\n".join(lines)


def message_in_exchange_text(http: JsonObject, tr: Translate = untranslated) -> str:
    """Where in its exchange a message travelled: the channel, and for an SSE event its fields."""
    lines = [tr(CONTEXT, WORDS["this_message"])]
    if http.get("channel"):
        lines.append(tr(CONTEXT, WORDS["channel_is"]).format(channel=http["channel"]))
    if http.get("content_type"):
        lines.append(tr(CONTEXT, WORDS["content_type"]).format(type=http["content_type"]))
    for key, name in (("sse_id", "id"), ("sse_event", "event"), ("retry", "retry")):
        if http.get(key) is not None:
            lines.append(f"SSE {name}: {http[key]}")
    return "\n".join(lines)


def http_tab_text(rec: Recording, seq: int, tr: Translate = untranslated) -> str:
    """The HTTP tab of entry ``seq``: every exchange it belongs to, in full, and where in them it
    travelled ("" for an entry of no exchange, such as every stdio entry)."""
    rows = rec.exchanges_of(seq)
    parts = []
    for r in rows:
        http = rec[r].extra["http"]
        if isinstance(http, dict):
            parts.append(exchange_text(http, r, tr))
    here = (rec[seq].extra or {}).get("http") if not rows or rows[0] != seq else None
    if isinstance(here, dict) and rows:
        parts.append(message_in_exchange_text(here, tr))
    return "\n\n".join(parts)


def line_framed(rec: Recording | None, e: Entry) -> bool:
    """Whether ``e`` should end with a line terminator: a message of a stdio recording (an HTTP
    body has none, and neither has a line of stderr or an event)."""
    stdio = rec is None or rec.header.get("transport", TransportKind.STDIO) == TransportKind.STDIO
    return stdio and e.direction in (Direction.C2S, Direction.S2C)


def bytes_facts(
    raw: bytes, framed: bool, tr: Translate = untranslated, number: Callable[[int], str] = str
) -> list[str]:
    """What the exact bytes are: their size, UTF-8 (or where it is invalid) and how the line
    ends (``framed``: a message that should end with a line terminator, as on stdio).
    ``number``: how a count is written (the window's locale)."""
    n = len(raw)
    facts = [size_text(n, exact=tr(CONTEXT, WORDS["bytes"]))]
    try:
        if not raw.isascii():  # ASCII is UTF-8 (and ten times quicker to tell)
            raw.decode("utf-8")
        facts.append("UTF-8")
    except UnicodeDecodeError as exc:
        facts.append(tr(CONTEXT, WORDS["bad_utf8"]).format(at=number(exc.start)))
    if raw.endswith(b"\r\n"):
        facts.append(tr(CONTEXT, WORDS["crlf"]))
    elif raw.endswith(b"\n"):
        facts.append(tr(CONTEXT, WORDS["lf"]))
    elif framed:
        facts.append(tr(CONTEXT, WORDS["no_terminator"]))
    return facts


def explain_schema(rec: Recording, e: Entry, tr: Translate = untranslated) -> tuple[list[tuple[str, str]], str | None]:
    """Entry ``e`` validated again against the schema of the version that judged it: every
    error as (path, message), or one row saying why there is none; and that version."""
    version = version_in_force(rec).schema(e.seq)
    if e.kind not in MESSAGE_KINDS or e.direction not in (Direction.C2S, Direction.S2C):
        return [("", tr(CONTEXT, WORDS["no_message"]))], version
    if version is None:
        return [("", tr(CONTEXT, WORDS["no_version"]))], version
    from inspector.protocol.schema import validator_for

    try:
        validator = validator_for(version)
    except ValueError:
        return [("", tr(CONTEXT, WORDS["no_schema"]).format(version=version))], version
    response = e.kind in (Kind.RESULT, Kind.ERROR)
    found = validator.explain(
        loads_lenient(e.raw),
        kind=e.kind.label,
        direction=e.direction.label,
        method=None if response else e.method,
        request_method=e.method if response else None,
    )
    errors = [(err.path, err.message) for err in found]
    return errors or [("", tr(CONTEXT, WORDS["schema_valid"]).format(version=version))], version


def header_facts(head: EntryHead, tr: Translate = untranslated, number: Callable[[int], str] = str) -> list[str]:
    """The facts under an entry's heading: time, direction (the timeline's arrow and word), id,
    size, latency, the wait at the step gate, the state after."""
    w = WORDS
    facts = [tr(CONTEXT, w["seconds"]).format(t=f"{head.t:.6f}")]
    facts.append(f"{DIRECTION_ARROWS[head.direction]} {tr('Timeline', DIRECTION_LABELS[head.direction])}")
    if head.id is not None:
        facts.append(tr(CONTEXT, w["id"]).format(id=format_id(head.id)))
    facts.append(size_text(head.size, exact_below=None, exact=tr(CONTEXT, w["size"]), number=number))
    if head.latency is not None:
        facts.append(tr(CONTEXT, w["latency"]).format(ms=format_duration(head.latency)))
    if head.released is not None:  # step mode: it waited at the gate
        held = format_duration(max(0.0, head.released - head.t))
        facts.append(tr(CONTEXT, w["held"]).format(held=held, t=f"{head.t:.3f}", r=f"{head.released:.3f}"))
    facts.append(tr(CONTEXT, w["state_after"]).format(state=tr("Lifecycle", head.state.title)))
    return facts


def pair_of(rec: Recording, e: Entry) -> int | None:
    """The entry that answers request ``e`` (the first later response that names it), or the
    request that response ``e`` answers; None for neither."""
    if e.paired is not None:
        return e.paired
    if e.kind is not Kind.REQUEST:
        return None
    paired_at, kind_at = rec.paired_at, rec.kind_at  # responses store the pairing
    for i in range(e.seq + 1, len(rec)):
        if paired_at(i) == e.seq and kind_at(i) in (Kind.RESULT, Kind.ERROR):
            return i
    return None


def json_summary(value: JsonValue, tr: Translate = untranslated) -> str:
    """A container as the tree sums it up ("{3 keys}", "[1 item]"); any other value as JSON."""
    if isinstance(value, dict):
        n = len(value)
        return tr(CONTEXT, WORDS["keys"]).format(n=n) if n != 1 else tr(CONTEXT, WORDS["one_key"])
    if isinstance(value, list):
        n = len(value)
        return tr(CONTEXT, WORDS["items"]).format(n=n) if n != 1 else tr(CONTEXT, WORDS["one_item"])
    return json_brief(value, 200, tr)


def json_brief(value: JsonValue, limit: int, tr: Translate = untranslated, number: Callable[[int], str] = str) -> str:
    """A value as JSON in at most about ``limit`` characters: a longer string says how long it
    is and ends with "…"."""
    if isinstance(value, str) and len(value) > limit:
        text = orjson.dumps(value[:limit]).decode("utf-8")
        return tr(CONTEXT, WORDS["characters"]).format(n=number(len(value))) + " " + text[:-1] + '…"'
    try:
        text = orjson.dumps(value).decode("utf-8")
    except TypeError:
        text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def raw_view(raw: bytes, *, hex: bool, show_all: bool, tr: Translate = untranslated) -> tuple[str, str]:
    """The text of the exact bytes (as text, invalid UTF-8 as U+FFFD, or a hex dump) and the note
    for a line shown in part ("" when all of it is shown). A line over :data:`RAW_LIMIT` shows
    its head until ``show_all``; a hex dump stops at :data:`HEX_LIMIT` even then."""
    n = len(raw)
    if hex:
        shown = raw[: HEX_LIMIT if show_all else RAW_LIMIT]
        text = hex_dump(shown)
    else:
        shown = raw if show_all or n <= RAW_LIMIT else utf8_head(raw, RAW_LIMIT)
        text = (frame_body(shown) if shown is raw else shown).decode("utf-8", "replace")
    if len(shown) == n:
        return text, ""
    note = tr(CONTEXT, WORDS["showing"]).format(shown=format_size(len(shown)), total=format_size(n))
    return text, note + (tr(CONTEXT, WORDS["hex_stops"]) if hex and show_all else "")


def raw_wrap(text: str, *, hex: bool) -> str:
    """How the bytes pane wraps ``text``: "none" (a hex dump keeps its rows), "anywhere" (a text
    over :data:`WRAP_WORDS_LIMIT` characters: word wrap costs quadratic time) or "words" (at word
    boundaries, anywhere when a word is wider than the pane)."""
    if hex:
        return "none"
    return "anywhere" if len(text) > WRAP_WORDS_LIMIT else "words"


VALUE_CHARS = 200  # characters of a string value shown in the tree


def json_cell(
    value: JsonValue, tr: Translate = untranslated, number: Callable[[int], str] = str
) -> tuple[str, str, str]:
    """A value in the JSON tree: its text, the colour's role (a container "muted", a string
    "s2c", true/false/null "event", a number "c2s") and the tooltip of a long string ("" for none)."""
    if isinstance(value, (dict, list)):
        return json_summary(value, tr), "muted", ""
    text = json_brief(value, VALUE_CHARS, tr, number)
    if isinstance(value, str):
        tip = "" if len(value) <= 60 else value if len(value) <= 2000 else value[:2000] + "…"
        return text, "s2c", tip
    return text, "event" if isinstance(value, bool) or value is None else "c2s", ""


def title_text(head: EntryHead, kind: str) -> str:
    """The pane's heading: the entry's number, its kind (``kind``: in the window's words) and its
    method or event."""
    name = head.method if head.method is not None else head.event
    return f"#{head.seq}  {kind}" + (f"  {name}" if name else "")


def pair_text(e: Entry, pair: int, tr: Translate = untranslated) -> str:
    """The words of the button to the entry's pair: its response for a request, else its request."""
    word = WORDS["go_response"] if e.kind is Kind.REQUEST else WORDS["go_request"]
    return tr(CONTEXT, word).format(seq=pair) + "  →"


def stored_schema_errors(e: Entry) -> list[tuple[str, str]]:
    """The schema errors recorded with ``e`` (the first one), as (path, message)."""
    errors = e.extra.get("schema_errors")
    listed = errors if isinstance(errors, list) else []
    return [(str(d.get("path", "")), str(d.get("message", ""))) for d in listed if isinstance(d, dict)]


def schema_rows(errors: list[tuple[str, str]], tr: Translate = untranslated) -> list[tuple[str, str]]:
    """The rows of the findings' list of schema errors: (where, what), the root as "/", at most
    :data:`EXPLAIN_LIMIT` and then a row saying how many more there are."""
    rows = [(path or "/", message) for path, message in errors[:EXPLAIN_LIMIT]]
    if len(errors) > EXPLAIN_LIMIT:
        rows.append(("…", tr(CONTEXT, WORDS["more_errors"]).format(n=len(errors) - EXPLAIN_LIMIT)))
    return rows


TREE_PARSE_LIMIT = 1024 * 1024  # a longer message's tree is built from its first bytes until "Parse all"


def tree_value(e: Entry, whole: bool = False) -> tuple[JsonValue, bool]:
    """The JSON object or array the tree shows for ``e`` (None: no tree, for a line that is no
    message, noise, or another value) and whether it is whole: a message over
    :data:`TREE_PARSE_LIMIT` is read from its first bytes, at once, unless ``whole`` is asked."""
    if e.direction not in (Direction.C2S, Direction.S2C) or e.kind is Kind.NOISE:
        return None, True
    value, complete = json_head(e.raw, len(e.raw) if whole else TREE_PARSE_LIMIT)
    return (value if isinstance(value, (dict, list)) else None), complete


def json_title(value: JsonValue, complete: bool, size: int, tr: Translate = untranslated) -> str:
    """The JSON tree's title: what the message is, or (``complete`` False, a message of ``size``
    bytes read from its head) how much of it the tree shows."""
    if complete:
        return tr(CONTEXT, WORDS["json_what"]).format(what=json_summary(value, tr))
    return tr(CONTEXT, WORDS["json_head"]).format(shown=format_size(JSON_HEAD), total=format_size(size))


def expand_depth(size: int) -> int:
    """How many levels of a message of ``size`` bytes the tree opens when it is shown."""
    return 3 if size <= AUTO_EXPAND_BYTES else 1


def json_page(value: JsonObject | list[JsonValue], start: int) -> list[tuple[str, JsonValue]]:
    """The tree's next page of a container's children from ``start`` (at most :data:`TREE_PAGE`),
    each with the key the tree shows (a member's name, "[3]" for an item)."""
    if isinstance(value, dict):
        return [(str(k), value[k]) for k in itertools.islice(value, start, start + TREE_PAGE)]
    return [(f"[{start + i}]", v) for i, v in enumerate(value[start : start + TREE_PAGE])]


def more_text(left: int, tr: Translate = untranslated, number: Callable[[int], str] = str) -> str:
    """The row after a page of children when ``left`` more are not built yet."""
    return tr(CONTEXT, WORDS["more_rows"]).format(n=number(left))


def bytes_share(total: int, want: int | None) -> int:
    """The bytes pane's height out of the ``total`` it shares with the JSON tree: what the line
    wants (``want``; None for a text over :data:`FIT_MEASURE_CHARS`, not measured) up to 45 %,
    and never less than a quarter or 140 pixels, whichever is smaller."""
    share = total * 45 // 100
    return share if want is None else max(min(want, share), min(total // 4, 140))
