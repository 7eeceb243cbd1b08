"""The composer's text, without Qt: what a hand-written message becomes on the wire, a copy of
an entry to edit and send again, what its judgement says and whether it asks for a second press.

Over stdio a message is one line (``Session.send_text`` refuses a line break inside one), so
valid JSON written over several lines is compacted to the one line it would be anyway; text
that is not JSON and spans lines cannot go out as written (:func:`wire_text` says None). Over
HTTP the text is one POST body, sent as written.

The judgement (``Session.judge_text``) is said in two parts, :func:`verdict_summary` (its kind,
method, id, the definition it is valid against) and :func:`verdict_findings` (what is wrong),
through the caller's ``tr(context, text)``: the dialog's own sentences in "ComposerDialog"
(:data:`WORDS`, read by ``scripts/i18n.py``), kinds in "Timeline", rules in "Rules".
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

import orjson

from inspector.protocol.jsontypes import JsonValue
from inspector.protocol.messages import KIND_BY_LABEL
from inspector.protocol.rules import RULES

from .labels import KIND_LABELS
from .outcomes import TextVerdict
from .translate import Translate
from .value_text import pretty_json

CONTEXT = "ComposerDialog"
WORDS = {
    "id": "id {id}",
    "valid": "✓ valid against {definition}",
    "schema": "✗ schema {path}: {message}",
    # the dialog's own words
    "title": "Compose a message",
    "template": "Template",
    "placeholder": "Any text: valid JSON-RPC, malformed, out of order. It is sent as written.",
    "compact": "Compact to one line",
    "send": "Send",
    "send_anyway": "Send anyway",
    "send_tip": "Send the text to the server as it is (Ctrl+Enter)",
    "choose": "(choose a method for a template)",
    "notification": "{method} (notification)",
    "next_id": "next free id: {id}",
    # what the status line says
    "not_json": "Not JSON, so it cannot be compacted: {why}",
    "not_connected": "Not connected: connect to a server to send messages.",
    "not_one_line": (
        "Over stdio a message is one line: this text is not JSON and has line breaks, so it cannot be sent as it is."
    ),
    "confirm": "This message breaks the rules shown above. Press “Send anyway” to send it as it is.",
    "not_sent": "Not sent: {why}",
    "sent": "Sent as entry {seq}; its answer, if any, is paired in the timeline.",
}


class SendStep(enum.StrEnum):
    """What pressing Send does with the text (all but GO are the :data:`WORDS` the status says)."""

    NOT_CONNECTED = "not_connected"  # no running session, or nothing written
    NOT_ONE_LINE = "not_one_line"  # stdio cannot carry it (see wire_text)
    CONFIRM = "confirm"  # it breaks a rule or its schema: a second press sends it
    GO = "go"


def send_step(text: str, wire: str | None, *, connected: bool, breaks: bool, confirmed: str | None) -> SendStep:
    """What Send does with ``text`` (``wire``: :func:`wire_text`'s answer; ``breaks``:
    :func:`breaks_something` of its judgement; ``confirmed``: the text "Send anyway" was pressed
    for, None when it was not)."""
    if not connected or not text.strip():
        return SendStep.NOT_CONNECTED
    if wire is None:
        return SendStep.NOT_ONE_LINE
    if breaks and confirmed != text:
        return SendStep.CONFIRM
    return SendStep.GO


def compact(text: str) -> str:
    """Valid JSON ``text`` on one line; raises ValueError (orjson's JSONDecodeError) when it is not JSON."""
    return orjson.dumps(orjson.loads(text)).decode()


def pretty(value: JsonValue) -> str:
    """A JSON value indented by two spaces, as the composer shows a message to edit."""
    return pretty_json(value)


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


def verdict_summary(verdict: TextVerdict, tr: Translate) -> str:
    """One line: the text's kind, method and id, and the definition it is valid against."""
    kind = KIND_BY_LABEL.get(verdict.kind)
    bits = [tr("Timeline", KIND_LABELS[kind]) if kind is not None else verdict.kind]
    if verdict.method:
        bits.append(verdict.method)
    if verdict.id is not None:
        bits.append(tr(CONTEXT, WORDS["id"]).format(id=orjson.dumps(verdict.id).decode()))
    if verdict.schema_ok is True:
        bits.append(tr(CONTEXT, WORDS["valid"]).format(definition=verdict.schema_definition))
    return "  ·  ".join(bits)


def verdict_findings(verdict: TextVerdict, tr: Translate) -> list[str]:
    """What is wrong with the text: why it is not a message, its first four schema errors, the
    rules it would break."""
    lines = [verdict.problem] if verdict.problem else []
    for path, message in verdict.schema_errors[:4]:
        lines.append(tr(CONTEXT, WORDS["schema"]).format(path=path or "/", message=message))
    for rule_id in verdict.violations:
        rule = RULES.get(rule_id)
        lines.append(f"⚠ {rule_id}: " + (tr("Rules", rule.text) if rule else ""))
    return lines


def judgement_lines(verdict: TextVerdict | None, tr: Translate, *, connected: bool) -> tuple[str, str]:
    """What the composer shows under the text: the summary line and the findings (one a line);
    without a verdict, that it is not connected (or nothing: no text to judge)."""
    if verdict is None:
        return ("" if connected else tr(CONTEXT, WORDS["not_connected"])), ""
    return verdict_summary(verdict, tr), "\n".join(verdict_findings(verdict, tr))


def template_choices(
    requests: Iterable[str], notifications: Iterable[str], tr: Translate
) -> list[tuple[str, str | None]]:
    """The composer's template list as (text, method): a blank choice first, then the version's
    requests, then its notifications (marked as such)."""
    notes = [(tr(CONTEXT, WORDS["notification"]).format(method=m), m) for m in notifications]
    return [(tr(CONTEXT, WORDS["choose"]), None), *((m, m) for m in requests), *notes]
