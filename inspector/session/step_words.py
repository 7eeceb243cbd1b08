"""What the step bar says of the step at the gate, as data: its title by direction, what
Continue will do, the explanation filled in, what the method is for and the spec page's name.

Theory of operation. A :class:`~inspector.session.step_mode.PendingStep` carries English: its
explanation with placeholders and their values, the teaching note, a spec reference
("<version> <page>#<section>"). :func:`step_text` words it through the caller's
``tr(context, text)`` (see :mod:`.translate`): the bar's own sentences and its controls' words
(:data:`CONTROLS`) in the "StepBar" context (``scripts/i18n.py`` reads :data:`WORDS`), the
explanation in "Steps" and the note in "Teaching". A translated explanation that lost a
placeholder falls back to the English filled in. :func:`message_text` is the held message indented for reading.
"""

from __future__ import annotations

from dataclasses import dataclass

import orjson

from inspector.protocol.framing import display_text
from inspector.protocol.versions import (
    META_CLIENT_CAPABILITIES,
    META_CLIENT_INFO,
    META_PROTOCOL_VERSION,
    META_SERVER_INFO,
)

from .composing import pretty
from .step_mode import PendingStep
from .translate import Translate

CONTEXT = "StepBar"

#: The title and Continue's tooltip for a step in each direction ("c2s" for any other).
WORDS = {
    "title-s2c": "Step mode: a message from the server waits to be taken in",
    "continue-s2c": "Take this message in: record, check and deliver it (F8)",
    "title-shutdown": "Step mode: the next shutdown step waits for Continue",
    "continue-shutdown": "Take this shutdown step (F8)",
    "title-c2s": "Step mode: this message waits for Continue",
    "continue-c2s": "Send this message (F8)",
    "spec": "Spec {version}: {page}",
    # the bar's controls (CONTROLS)
    "details": "Details",
    "details-tip": "Show or hide the explanation and the message (the step bar keeps one line)",
    "continue": "Continue",
    "run": "Run to end",
    "run-tip": "Leave step mode: the waiting message and all later ones go without waiting, "
    "and the view follows the newest entry again",
    "back": "Step back",
    "back-tip": "Show the previous step in the timeline and the diagram "
    "(the wire cannot be undone: only the view moves)",
    "spec-tip": "Open this page of the specification (bundled with the inspector)",
}

#: The bar's controls (its attribute -> the keys of its text and tooltip in :data:`WORDS`; ""
#: for none); Continue's tooltip is the held step's (:attr:`StepText.continue_tip`) once one is held.
CONTROLS = {
    "details_button": ("details", "details-tip"),
    "continue_button": ("continue", "continue-c2s"),
    "run_button": ("run", "run-tip"),
    "back_button": ("back", "back-tip"),
    "spec_link": ("", "spec-tip"),
}


#: The members shown in bold in a held message: what the handshake negotiates and what pairs
#: answers with requests (the bar's JSON colouring takes them).
EMPHASIS = frozenset(
    {
        "id",
        "method",
        "protocolVersion",
        "capabilities",
        "clientInfo",
        "serverInfo",
        "supportedVersions",
        "error",
        "code",
        "requestId",
        "progressToken",
        "resultType",
        "inputRequests",
        "inputResponses",
        META_PROTOCOL_VERSION,
        META_CLIENT_INFO,
        META_CLIENT_CAPABILITIES,
        META_SERVER_INFO,
    }
)


@dataclass(frozen=True)
class StepText:
    title: str
    continue_tip: str  # what Continue does for this step
    explanation: str
    note: str  # what the method is for ("" without one)
    spec_link: str  # the spec page's name ("" without one)


def step_text(tr: Translate, step: PendingStep) -> StepText:
    """``step`` in words (see the module's docstring)."""
    direction = step.direction if step.direction in ("s2c", "shutdown") else "c2s"
    explanation = tr("Steps", step.explanation)
    try:
        explanation = explanation.format(**step.values) if step.values else explanation
    except (KeyError, IndexError, ValueError):  # a translation that lost a placeholder: the English
        explanation = step.text
    spec = ""
    if step.spec:
        version, _, page = step.spec.partition(" ")
        spec = tr(CONTEXT, WORDS["spec"]).format(version=version, page=page.replace("#", " § ")) + " ↗"
    return StepText(
        title=tr(CONTEXT, WORDS[f"title-{direction}"]),
        continue_tip=tr(CONTEXT, WORDS[f"continue-{direction}"]),
        explanation=explanation,
        note=tr("Teaching", step.note) if step.note else "",
        spec_link=spec,
    )


def message_text(raw: bytes) -> str:
    """A held message indented for reading (JSON), or its text as it is."""
    try:
        return pretty(orjson.loads(raw))
    except orjson.JSONDecodeError:
        return display_text(raw)


__all__ = ["CONTEXT", "CONTROLS", "EMPHASIS", "WORDS", "StepText", "message_text", "step_text"]
