"""How a panel words what became of a request, and shows completion suggestions.

The controllers in ``inspector.session.controllers`` hand outcomes over as data (a
:class:`~inspector.session.controllers.base.Failure`, a
:class:`~inspector.session.controllers.completions.Completion`); this is where they become words
in the window's language and suggestions in a :class:`~inspector.ui.widgets.CompletionField`.
Server text (an error's message and data) stays plain text.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QLabel

from inspector.protocol.errors import error_name
from inspector.protocol.jsontypes import JsonValue
from inspector.session.controllers.base import FAIL_CANCELLED, FAIL_ERROR, Failure
from inspector.session.controllers.completions import Completion, fetch_completions

from ..widgets import CompletionField, plain_tooltip

if TYPE_CHECKING:
    from .base import FeaturePanel

#: characters of an error's ``data`` shown; the rest is cut with an ellipsis
ERROR_DATA_LIMIT = 600


def error_text(error: JsonValue) -> str:
    """A JSON-RPC error object as one readable paragraph (plain text): the code with the
    specification's name for it, the message, then the data."""
    if not isinstance(error, dict):
        return QCoreApplication.translate("ResourcesPanel", "The server answered with an error.")
    code = error.get("code")
    message = error.get("message")
    name = error_name(code)
    if code is not None:
        head = QCoreApplication.translate("ResourcesPanel", "Error {code}").format(code=code)
    else:
        head = QCoreApplication.translate("ResourcesPanel", "Error")
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
        text += "\n" + QCoreApplication.translate("ResourcesPanel", "data: {data}").format(data=data)
    return text


def failure_text(failure: Failure) -> str:
    """A controller's failure in words: the server's error, a cancellation, or what the session
    said (a timeout, a lost link)."""
    if failure.code == FAIL_ERROR:
        return error_text(failure.error)
    if failure.code == FAIL_CANCELLED:
        return QCoreApplication.translate("FeaturePanel", "Cancelled.")
    return failure.detail or ""


def show_completion(field: CompletionField, answer: Completion) -> None:
    """The suggestions on ``field`` (dropped when its text changed since); a failure goes in
    the field's tooltip, under its hint."""
    if answer.failure is not None:
        failure = QCoreApplication.translate("ResourcesPanel", "Completion failed: {error}").format(
            error=failure_text(answer.failure)
        )
        field.setToolTip(plain_tooltip(f"{field.hint}\n\n{failure}" if field.hint else failure))
        field.set_suggestions(answer.value, [])
        return
    if field.hint:
        field.setToolTip(plain_tooltip(field.hint))
    field.set_suggestions(answer.value, list(answer.values), answer.total, answer.has_more)


async def complete_field(
    panel: FeaturePanel,
    field: CompletionField,
    ref: dict[str, str],
    context: dict[str, str],
    errors: QLabel | None = None,
) -> None:
    """``completion/complete`` for ``field``'s value as last asked; the answer lands in it. When
    the session could not ask (a timeout, a lost link, a cancel) ``errors`` says so as well."""
    session = panel.session
    if session is None:
        return
    value = field.asked if field.asked is not None else field.text()
    answer = await fetch_completions(session, ref, field.name, value, context)
    show_completion(field, answer)
    failure = answer.failure
    if failure is not None and failure.code != FAIL_ERROR:
        panel.say_error(errors, lambda: failure_text(failure))
