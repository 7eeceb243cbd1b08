"""What the note over a panel says about a list request it waits on, as data.

:func:`~.wait_story.wait_story` says which story is worth telling about a request (its answer
came flagged, it timed out, the client stopped waiting, answers no request could take came
meanwhile); here each story and each reason an answer was flagged are words, and
:func:`wait_text` puts the story's values in them. :func:`rule_lines` is the note's tooltip: each
rule it names with its text and spec section. The words are English here and go through the
caller's ``tr(context, text)`` (the window's ``QCoreApplication.translate``, context
:data:`CONTEXT`, the note's own; a rule's text in the "Rules" context; ``scripts/i18n.py`` reads
the tables). Ids are shown as they were on the wire.
"""

from __future__ import annotations

import json

from inspector.protocol.jsontypes import JsonValue
from inspector.protocol.rules import RULES

from . import wait_story as stories
from .translate import Translate, untranslated
from .waiting import LATE_RULE, SCHEMA_FAILED

CONTEXT = "WaitNote"

#: each story in words: {method}, {id} (the request's), {seq} (its answer or timeout), {other} and
#: {at} (the answer no request could take), {n} (how many came), {why} (why it was flagged)
STORIES = {
    stories.ANSWER_FLAGGED: "{method} (id {id}) was answered at #{seq}, flagged: {why}.",
    stories.TIMED_OUT: "{method} (id {id}) timed out at #{seq}: no answer came within the request timeout.",
    stories.TIMED_OUT_AFTER_OTHER: (
        "{method} (id {id}) timed out at #{seq}, unanswered; an answer with id {other} had come at #{at}, "
        "flagged: {why}."
    ),
    stories.ABANDONED: (
        "{method} (id {id}) went unanswered: the client stopped waiting (cancelled, or the server went away); "
        "an answer with id {other} had come at #{at}, flagged: {why}."
    ),
    stories.WAITING_AFTER_OTHER: (
        "Waiting for {method} (id {id}): an answer with id {other} came at #{at}, flagged: {why}."
    ),
    stories.WAITING_AFTER_OTHERS: (
        "Waiting for {method} (id {id}): {n} answers no request could take came, the last with id {other} "
        "at #{at}, flagged: {why}."
    ),
}

#: why an answer was flagged, by rule (a rule not here is named by its id)
WHY = {
    "jsonrpc.response-unknown-id": "no request has that id",
    "jsonrpc.id-invalid": "its id is not a valid request id",
    LATE_RULE: "it came after the request had timed out",
    SCHEMA_FAILED: "it does not follow the schema",
}

SHOW_ENTRY = "Show entry #{seq}"  # a button per entry the story points at
SHOW_ENTRY_TIP = "Select this entry in the timeline"

#: every word above, for scripts/i18n.py
WORDS = [*STORIES.values(), *WHY.values(), SHOW_ENTRY, SHOW_ENTRY_TIP]


def id_text(value: JsonValue) -> str:
    """A JSON-RPC id as it was on the wire (a string in quotes, null as null)."""
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return str(value)


def why_text(rules: tuple[str, ...], tr: Translate = untranslated) -> str:
    """Why an answer was flagged: each rule's reason, "; " between them."""
    return "; ".join(tr(CONTEXT, WHY[rule]) if rule in WHY else rule for rule in rules)


def wait_text(story: stories.WaitStory, tr: Translate = untranslated) -> str:
    """The note's words for ``story``."""
    return tr(CONTEXT, STORIES[story.code]).format(
        method=story.method,
        id=id_text(story.request_id),
        seq=story.seq,
        other=id_text(story.other_id),
        at=story.at,
        n=story.count,
        why=why_text(story.rules, tr),
    )


def rule_lines(story: stories.WaitStory, tr: Translate = untranslated) -> str:
    """The note's tooltip: each rule the story names, with its text and spec section."""
    lines = []
    for rule_id in story.all_rules:
        rule = RULES.get(rule_id)
        if rule is not None:
            lines.append(f"{rule_id} — {tr('Rules', rule.text)} ({rule.spec})")
        elif rule_id == SCHEMA_FAILED:
            lines.append(why_text((rule_id,), tr))
    return "\n".join(lines)
