"""What the answer dialogs say (Qt-free): where a request came from, a sampling request as a
transcript, a problem with an answer, and every control's words.

The sampling and elicitation dialogs (``ui/client_side.py``) show a server's request to the
client and forward the user's answer; what they say is decided here and tested headless
(``tests/session/test_answer_words.py``):

* :func:`origin_headline` and :func:`origin_detail` say who asks, by which path (a JSON-RPC
  request in the legacy era, an input request of an ``InputRequiredResult`` in 2026-07-28) and
  where the answer goes;
* :func:`sampling_transcript` is a sampling request's system prompt and messages as plain
  text, :func:`preferences_text` its model preferences, :func:`sampling_also` its other fields;
* :func:`problems_text` says why an answer was not sent, :func:`field_problem_text` what a
  field's value cannot be in the negotiated version, :func:`open_status` what came of opening a
  url-mode link;
* :data:`SAMPLING_CONTROLS`, :data:`ELICITATION_CONTROLS` and :data:`URL_CONTROLS` name each
  control's text and tooltip in the dialog's table.

Every word is English and goes through the caller's ``tr(context, text)`` in the dialogs' own
contexts ("Origin", "AnswerDialog", "SamplingDialog", "ElicitationDialog");
``scripts/i18n.py`` brings the tables into the catalogue (:func:`all_words`).
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit

import orjson

from inspector.protocol.jsontypes import JsonObject, JsonValue

from .translate import Translate, untranslated
from .user_answers import Origin, message_blocks, names_in, sampling_extras

__all__ = [
    "ANSWER_CONTEXT",
    "ANSWER_WORDS",
    "ELICITATION_CONTEXT",
    "ELICITATION_CONTROLS",
    "ELICITATION_WORDS",
    "ORIGIN_CONTEXT",
    "ORIGIN_WORDS",
    "SAMPLING_CONTEXT",
    "SAMPLING_CONTROLS",
    "SAMPLING_ROWS",
    "SAMPLING_TABS",
    "SAMPLING_WORDS",
    "URL_CONTROLS",
    "all_words",
    "field_problem_text",
    "open_status",
    "origin_detail",
    "origin_headline",
    "origin_who",
    "preferences_text",
    "problems_text",
    "sampling_also",
    "sampling_transcript",
]

ORIGIN_CONTEXT = "Origin"
ANSWER_CONTEXT = "AnswerDialog"
SAMPLING_CONTEXT = "SamplingDialog"
ELICITATION_CONTEXT = "ElicitationDialog"

#: Where a request came from ("Origin").
ORIGIN_WORDS: dict[str, str] = {
    "modern": "InputRequiredResult input request {method}",
    "legacy": "JSON-RPC request {method}",
    "unknown": "server request {method}",
    "the_server": "The server",
    "asks": "{who} asks: {path}",
    "modern_detail": "2026-07-28 (modern): the server answered a request with InputRequiredResult; "
    "your answer goes into inputResponses of the retried request.",
    "legacy_detail": "{version} (legacy): the server sent a JSON-RPC request; your answer is the JSON-RPC response.",
    "legacy_version": "legacy",
    "unknown_detail": "Era unknown (no session attached).",
}

#: Why an answer was not sent ("AnswerDialog").
ANSWER_WORDS: dict[str, str] = {
    "not_sent": "Not sent: the negotiated protocol version's schema rejects this answer.",
}

#: The sampling dialog's words ("SamplingDialog").
SAMPLING_WORDS: dict[str, str] = {
    "title": "Sampling request — {server}",
    "server": "server",
    "max": "Max tokens",
    "prefs": "Model preferences",
    "also": "Also",
    "role": "Role",
    "model": "Model",
    "stop": "Stop reason",
    "text": "Text",
    "tools": "tools {names}",
    "conversation": "Conversation",
    "json": "JSON",
    "asks_model": "The server asks the model",
    "model_tip": "The name of the model that 'generated' the message",
    "write_here": "Write the model's answer here…",
    "as_model": "Your response, as the model",
    "reject": "Reject",
    "reject_tip": "Answer with error -1 “User rejected sampling request”",
    "approve": "Approve and send",
    "countdown": "Rejected automatically in {time} if unanswered",
    "system_prompt": "── system prompt ──",
    "message": "── message {n}: {role} ──",
    "no_messages": "(no messages)",
    "hints": "hints {names}",
    "intelligencePriority": "intelligence {value}",
    "speedPriority": "speed {value}",
    "costPriority": "cost {value}",
}
#: The rows of the sampling dialog's request and response, in order: their keys in the table.
SAMPLING_ROWS = ("max", "prefs", "also", "role", "model", "stop", "text")
SAMPLING_TABS: tuple[tuple[str, str], ...] = (("conversation", ""), ("json", ""))
#: The sampling dialog's controls: a control's name -> the keys of its text and tooltip ("" none).
SAMPLING_CONTROLS: dict[str, tuple[str, str]] = {
    "request_box": ("asks_model", ""),
    "model_edit": ("", "model_tip"),
    "text_edit": ("write_here", ""),
    "response_box": ("as_model", ""),
    "reject_button": ("reject", "reject_tip"),
    "approve_button": ("approve", ""),
}

#: The elicitation dialog's words ("ElicitationDialog").
ELICITATION_WORDS: dict[str, str] = {
    "the_server": "The server",
    "open_link": "{server} asks you to open a link",
    "information": "{server} asks for information",
    "required": "* required. Servers must not ask for passwords or secrets in a form; "
    "such requests belong in URL mode.",
    "cancel": "Cancel",
    "cancel_tip": "Dismiss without a choice: {action}",
    "decline": "Decline",
    "decline_tip": "Refuse explicitly: {action}",
    "accept": "Accept",
    "accept_form_tip": "Send the form's content",
    "accept_url_tip": "Consent to the out-of-band step (no content is sent)",
    "link": "Link",
    "no_host": "(no host)",
    "url_tip": "The whole URL, exactly as the server sent it",
    "site": "Site",
    "full_url": "Full URL",
    "open": "Open in browser",
    "open_tip": "Open this URL in your web browser (only when you click here)",
    "not_opened": "The inspector opens the link only when you click Open in browser.",
    "opened": "Opened in your browser.",
    "open_failed": "The system could not open the link; copy it from above.",
    "bad_scheme": "Only http and https links can be opened; this one is {scheme}.",
    "not_a_url": "not a URL",
    "countdown": "Cancelled automatically in {time} if unanswered",
    "whole_numbers": "Answers in this protocol version carry whole numbers only: enter a whole number.",
    "cannot_carry": "This protocol version cannot carry this value in an answer: {why}",
}
#: The elicitation dialog's buttons (their tooltips that name an action are set apart).
ELICITATION_CONTROLS: dict[str, tuple[str, str]] = {
    "cancel_button": ("cancel", ""),
    "decline_button": ("decline", ""),
    "accept_button": ("accept", ""),
}
#: The controls of a url-mode elicitation's link.
URL_CONTROLS: dict[str, tuple[str, str]] = {
    "link_box": ("link", ""),
    "url_edit": ("", "url_tip"),
    "site_caption": ("site", ""),
    "url_caption": ("full_url", ""),
    "open_button": ("open", "open_tip"),
}


def all_words() -> dict[str, list[str]]:
    """Every word of the dialogs by context (what ``scripts/i18n.py`` adds to the catalogue)."""
    return {
        context: sorted(set(table.values()))
        for context, table in (
            (ORIGIN_CONTEXT, ORIGIN_WORDS),
            (ANSWER_CONTEXT, ANSWER_WORDS),
            (SAMPLING_CONTEXT, SAMPLING_WORDS),
            (ELICITATION_CONTEXT, ELICITATION_WORDS),
        )
    }


def origin_who(origin: Origin, tr: Translate = untranslated) -> str | None:
    """The server's name (the built-in one's translated, as the server list shows it); None when
    unknown."""
    if origin.server and origin.builtin:
        return tr("Profiles", origin.server)
    return origin.server


def origin_headline(origin: Origin, tr: Translate = untranslated) -> str:
    """Who asks and by which path ("The server asks: JSON-RPC request sampling/createMessage")."""
    w = ORIGIN_WORDS
    path = w[origin.era if origin.era in ("modern", "legacy") else "unknown"]
    who = origin_who(origin, tr) or tr(ORIGIN_CONTEXT, w["the_server"])
    path_text = tr(ORIGIN_CONTEXT, path).format(method=origin.method)
    return tr(ORIGIN_CONTEXT, w["asks"]).format(who=who, path=path_text)


def origin_detail(origin: Origin, tr: Translate = untranslated) -> str:
    """The era the request came in and where the answer goes."""
    w = ORIGIN_WORDS
    if origin.era == "modern":
        return tr(ORIGIN_CONTEXT, w["modern_detail"])
    if origin.era == "legacy":
        version = origin.version or tr(ORIGIN_CONTEXT, w["legacy_version"])
        return tr(ORIGIN_CONTEXT, w["legacy_detail"]).format(version=version)
    return tr(ORIGIN_CONTEXT, w["unknown_detail"])


def problems_text(problems: list[tuple[str, str]], tr: Translate = untranslated) -> str:
    """Why an answer cannot be sent (its first five problems with where), for the line above a
    dialog's buttons; "" for none."""
    if not problems:
        return ""
    head = tr(ANSWER_CONTEXT, ANSWER_WORDS["not_sent"])
    return head + "\n" + "\n".join(f"{path or '/'}: {message}" for path, message in problems[:5])


def sampling_transcript(params: JsonObject, tr: Translate = untranslated) -> str:
    """The system prompt and messages of a sampling request, as plain text."""
    w = SAMPLING_WORDS
    lines: list[str] = []
    system = params.get("systemPrompt")
    if isinstance(system, str) and system:
        lines += [tr(SAMPLING_CONTEXT, w["system_prompt"]), system, ""]
    for n, (role, text) in enumerate(message_blocks(params), 1):
        lines += [tr(SAMPLING_CONTEXT, w["message"]).format(n=n, role=role), text, ""]
    return "\n".join(lines).rstrip() or tr(SAMPLING_CONTEXT, w["no_messages"])


def preferences_text(prefs: JsonValue, tr: Translate = untranslated) -> str:
    """A sampling request's model preferences: its hints and priorities ("—" for none)."""
    if not isinstance(prefs, dict) or not prefs:
        return "—"
    parts = []
    hints = prefs.get("hints")
    if isinstance(hints, list) and hints:
        parts.append(tr(SAMPLING_CONTEXT, SAMPLING_WORDS["hints"]).format(names=names_in(hints)))
    for key in ("intelligencePriority", "speedPriority", "costPriority"):
        if key in prefs:
            parts.append(tr(SAMPLING_CONTEXT, SAMPLING_WORDS[key]).format(value=prefs[key]))
    return " · ".join(parts) or orjson.dumps(prefs).decode()


def sampling_also(params: JsonObject, tr: Translate = untranslated) -> str:
    """The request's other fields as they came, and the tools it offers by name ("" for none)."""
    extra = sampling_extras(params)
    if isinstance(params.get("tools"), list):
        extra.append(tr(SAMPLING_CONTEXT, SAMPLING_WORDS["tools"]).format(names=names_in(params["tools"])))
    return " · ".join(extra)


def field_problem_text(kind: str, value: JsonValue, why: str, tr: Translate = untranslated) -> str:
    """What an elicitation field's ``value`` cannot be in the negotiated version (``why``: the
    schema's message): a fraction in a number field is asked as a whole number."""
    if kind == "number" and isinstance(value, float):
        return tr(ELICITATION_CONTEXT, ELICITATION_WORDS["whole_numbers"])
    return tr(ELICITATION_CONTEXT, ELICITATION_WORDS["cannot_carry"]).format(why=why)


def open_status(result: bool | None, tr: Translate = untranslated) -> str:
    """What came of a url-mode link: not opened yet (None), opened, or the system refused."""
    key = "not_opened" if result is None else "opened" if result else "open_failed"
    return tr(ELICITATION_CONTEXT, ELICITATION_WORDS[key])


@dataclass(frozen=True)
class LinkFacts:
    """A url-mode elicitation's link as the dialog shows it."""

    host: str  # its host, or the words for none
    openable: bool  # an http or https URL with a host: the only links the dialog opens
    problem: str  # why it cannot be opened ("" when it can)


def link_facts(url: str, tr: Translate = untranslated) -> LinkFacts:
    """What the dialog says of ``url`` and whether its Open button may open it."""
    parts = urlsplit(url)
    words = ELICITATION_WORDS
    openable = parts.scheme in ("http", "https") and bool(parts.netloc)
    scheme = parts.scheme or tr(ELICITATION_CONTEXT, words["not_a_url"])
    problem = "" if openable else tr(ELICITATION_CONTEXT, words["bad_scheme"]).format(scheme=scheme)
    return LinkFacts(parts.hostname or tr(ELICITATION_CONTEXT, words["no_host"]), openable, problem)


def elicitation_tips(mode: str, tr: Translate = untranslated) -> dict[str, str]:
    """The elicitation dialog's buttons' tooltips, by the button's name: what Cancel and Decline
    answer, and what Accept sends in ``mode`` ("form": the form's content; "url": consent only)."""
    w, ctx = ELICITATION_WORDS, ELICITATION_CONTEXT
    return {
        "cancel_button": tr(ctx, w["cancel_tip"]).format(action='{"action": "cancel"}'),
        "decline_button": tr(ctx, w["decline_tip"]).format(action='{"action": "decline"}'),
        "accept_button": tr(ctx, w["accept_form_tip" if mode == "form" else "accept_url_tip"]),
    }
