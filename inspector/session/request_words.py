"""What became of a request, in words: a JSON-RPC error object as one readable paragraph, and a
controller's :class:`~inspector.session.controllers.base.Failure` (the server's error, a
cancellation, what the session said).

The words are English here and go through the caller's ``tr(context, text)`` (the window's
``QCoreApplication.translate``; the error's words in the Resources panel's context and the
cancellation in the panels' shared one, where they were; ``scripts/i18n.py`` reads the table).
Server text (an error's message and data) stays as it came.
"""

from __future__ import annotations

import json

from inspector.protocol.errors import error_name
from inspector.protocol.jsontypes import JsonValue

from .controllers.base import FAIL_CANCELLED, FAIL_ERROR, Failure
from .translate import Translate, untranslated

__all__ = ["CANCELLED", "CANCELLED_CONTEXT", "CONTEXT", "ERROR_DATA_LIMIT", "WORDS", "error_text", "failure_text"]

CONTEXT = "ResourcesPanel"  # an error's words
CANCELLED_CONTEXT = "FeaturePanel"
CANCELLED = "Cancelled."

WORDS = {
    "no_object": "The server answered with an error.",
    "code": "Error {code}",
    "error": "Error",
    "data": "data: {data}",
    "completion": "Completion failed: {error}",
}

#: characters of an error's ``data`` shown; the rest is cut with an ellipsis
ERROR_DATA_LIMIT = 600


def error_text(error: JsonValue, tr: Translate = untranslated) -> str:
    """A JSON-RPC error object as one readable paragraph: the code with the specification's
    name for it, the message, then the data (cut at :data:`ERROR_DATA_LIMIT` characters)."""
    if not isinstance(error, dict):
        return tr(CONTEXT, WORDS["no_object"])
    code = error.get("code")
    message = error.get("message")
    name = error_name(code)
    head = tr(CONTEXT, WORDS["code"]).format(code=code) if code is not None else tr(CONTEXT, WORDS["error"])
    if name:
        head += f" ({name})"
    text = f"{head}: {message}" if isinstance(message, str) and message else head
    if "data" in error:
        try:
            data = json.dumps(error["data"], ensure_ascii=False)
        except (TypeError, ValueError):
            data = repr(error["data"])
        if len(data) > ERROR_DATA_LIMIT:
            data = data[:ERROR_DATA_LIMIT] + "…"
        text += "\n" + tr(CONTEXT, WORDS["data"]).format(data=data)
    return text


def failure_text(failure: Failure, tr: Translate = untranslated) -> str:
    """A controller's failure in words: the server's error, a cancellation, or what the session
    said (a timeout, a lost link)."""
    if failure.code == FAIL_ERROR:
        return error_text(failure.error, tr)
    if failure.code == FAIL_CANCELLED:
        return tr(CANCELLED_CONTEXT, CANCELLED)
    return failure.detail or ""
