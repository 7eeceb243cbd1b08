"""The composer's text, without Qt: what a hand-written message becomes on the wire, a copy of
an entry to edit and send again, and whether a judged text asks for a second press.

Over stdio a message is one line (``Session.send_text`` refuses a line break inside one), so
valid JSON written over several lines is compacted to the one line it would be anyway; text
that is not JSON and spans lines cannot go out as written (:func:`wire_text` says None). Over
HTTP the text is one POST body, sent as written.
"""

from __future__ import annotations

import orjson

from inspector.protocol.jsontypes import JsonValue

from .outcomes import TextVerdict


def compact(text: str) -> str:
    """Valid JSON ``text`` on one line; raises ValueError (orjson's JSONDecodeError) when it is not JSON."""
    return orjson.dumps(orjson.loads(text)).decode()


def pretty(value: JsonValue) -> str:
    """A JSON value indented by two spaces, as the composer shows a message to edit."""
    return orjson.dumps(value, option=orjson.OPT_INDENT_2).decode()


def wire_text(text: str, *, one_line: bool) -> str | None:
    """``text`` as it will go out, without the line breaks around it: with ``one_line`` (stdio),
    valid JSON on several lines compacted to one; None when it cannot be one line (not JSON, and
    line breaks inside)."""
    body = text.strip("\r\n")
    if not one_line or ("\n" not in body and "\r" not in body):
        return body
    try:
        return compact(body)
    except ValueError:
        return None


def resend_text(message: JsonValue, raw_text: str, next_id: JsonValue = None) -> str:
    """An entry's message to edit and send again: a JSON object indented (a request taking
    ``next_id`` when one is given), anything else as it was written."""
    if isinstance(message, dict):
        if "id" in message and "method" in message and next_id is not None:
            message = {**message, "id": next_id}
        return pretty(message)
    return raw_text.rstrip("\r\n")


def breaks_something(verdict: TextVerdict | None) -> bool:
    """The judged text breaks a rule or its schema: it is sent only after a second press."""
    return verdict is not None and (bool(verdict.violations) or verdict.schema_ok is False)
