"""How a panel words what became of a request, and shows completion suggestions.

The controllers in ``inspector.session.controllers`` hand outcomes over as data (a
:class:`~inspector.session.controllers.base.Failure`, a
:class:`~inspector.session.controllers.completions.Completion`); here they become words in the
window's language (:mod:`inspector.session.request_words`) and suggestions in a
:class:`~inspector.ui.widgets.CompletionField`.
Server text (an error's message and data) stays plain text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QLabel

from inspector.protocol.jsontypes import JsonValue
from inspector.session import request_words
from inspector.session.controllers.base import FAIL_ERROR, Failure
from inspector.session.controllers.completions import Completion, fetch_completions

from ..widgets import CompletionField, plain_tooltip

if TYPE_CHECKING:
    from .base import FeaturePanel


def error_text(error: JsonValue) -> str:
    """A JSON-RPC error object as one readable paragraph (plain text), in the current language
    (:func:`inspector.session.request_words.error_text`)."""
    return request_words.error_text(error, QCoreApplication.translate)


def failure_text(failure: Failure) -> str:
    """A controller's failure in words, in the current language
    (:func:`inspector.session.request_words.failure_text`)."""
    return request_words.failure_text(failure, QCoreApplication.translate)


def show_completion(field: CompletionField, answer: Completion) -> None:
    """The suggestions on ``field`` (dropped when its text changed since); a failure goes in
    the field's tooltip, under its hint."""
    if answer.failure is not None:
        words = QCoreApplication.translate(request_words.CONTEXT, request_words.WORDS["completion"])
        failure = words.format(error=failure_text(answer.failure))
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
