"""How a panel words what became of a request, and shows completion suggestions (in a
:class:`CompletionForm`, the Prompts panel's arguments and the Resources panel's template).

The controllers in ``inspector.session.controllers`` hand outcomes over as data (a
:class:`~inspector.session.controllers.base.Failure`, a
:class:`~inspector.session.controllers.completions.Completion`); here they become words in the
window's language (:mod:`inspector.session.request_words`) and suggestions in a
:class:`~inspector.ui.widgets.CompletionField`.
Server text (an error's message and data) stays plain text.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QFormLayout, QGroupBox, QLabel

from inspector.protocol.jsontypes import JsonValue
from inspector.session import request_words
from inspector.session.controllers.base import FAIL_ERROR, Failure
from inspector.session.controllers.completions import Completion, fetch_completions

from ..form_rows import bold
from ..widgets import CompletionField, muted, plain_label, plain_tooltip, vbox

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


class CompletionForm(QGroupBox):
    """A box of :class:`CompletionField` s, one per name (a prompt's arguments, a URI template's
    variables), over a hint line; hidden until a panel shows it. A field asks
    ``completion/complete`` about ``ref()`` (None: nothing to ask about) with the other filled
    values as context; Return in a field calls ``submit()``."""

    def __init__(
        self,
        panel: FeaturePanel,
        errors: QLabel,
        ref: Callable[[], dict[str, str] | None],
        submit: Callable[[], object],
    ) -> None:
        super().__init__()
        self.panel, self.errors, self._ref, self._submit = panel, errors, ref, submit
        self.form = QFormLayout()
        self.form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        self.hint = muted(plain_label())
        vbox(self.form, self.hint, parent=self)  # the style's margins for a group box
        self.fields: dict[str, CompletionField] = {}  # by name, in order (one dict: the panel's too)
        self.labels: dict[str, QLabel] = {}
        self.completes = False  # whether the server declared completions
        self.setVisible(False)

    def build(self, names: Iterable[str], completes: bool, required: Collection[str] = (), keep: int = 0) -> None:
        """One field per name, over the form's last ``keep`` rows (which stay); a ``required``
        name's label is bold and marked "*"."""
        while self.form.rowCount() > keep:
            self.form.removeRow(0)
        self.fields.clear()
        self.labels.clear()
        self.completes = completes
        for name in names:
            field = CompletionField(name, completes=completes)
            field.wanted.connect(self._want)
            field.returnPressed.connect(self._submit)
            label = plain_label(f"{name} *" if name in required else name, wrap=False)
            self.fields[name], self.labels[name] = field, bold(label) if name in required else label
            self.form.insertRow(self.form.rowCount() - keep, label, field)

    def word(self, fields: Mapping[str, tuple[str, str]], hint: str) -> None:
        """The words of the fields named in ``fields`` (their placeholder, and their tooltip,
        also their label's and kept under a failed completion's) and the ``hint`` line."""
        for name, (placeholder, tip) in fields.items():
            field, label = self.fields.get(name), self.labels.get(name)
            if field is None or label is None:
                continue
            field.setPlaceholderText(placeholder)
            field.hint = tip
            field.setToolTip(plain_tooltip(tip))
            label.setToolTip(plain_tooltip(tip))
        self.hint.setText(hint)

    def values(self) -> dict[str, str]:
        """The filled-in values by name."""
        return {name: field.text() for name, field in self.fields.items() if field.text()}

    def _want(self, name: str, _value: str) -> None:
        field, ref = self.fields.get(name), self._ref()
        if field is not None and ref is not None:
            context = {k: v for k, v in self.values().items() if k != name}
            self.panel.run(self._complete, field, ref, context, error_label=self.errors)

    async def _complete(self, field: CompletionField, ref: dict[str, str], context: dict[str, str]) -> None:
        """``completion/complete`` for ``field``'s value as last asked (the other values are the
        ``context``); the answer lands in it. When the session could not ask (a timeout, a lost
        link, a cancel) the errors line says so as well."""
        session = self.panel.session
        if session is None:
            return
        value = field.asked if field.asked is not None else field.text()
        answer = await fetch_completions(session, ref, field.name, value, context)
        show_completion(field, answer)
        failure = answer.failure
        if failure is not None and failure.code != FAIL_ERROR:
            self.panel.say_error(self.errors, lambda: failure_text(failure))
