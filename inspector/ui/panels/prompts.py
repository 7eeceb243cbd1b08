"""Prompts: the list (paginated), one field per argument with completion, prompts/get.

The list is loaded page by page (``nextCursor``) and refreshed when the server announces a
change: ``notifications/prompts/list_changed`` in the legacy era, and in the modern era on the
session's one shared ``subscriptions/listen`` stream, which the panel asks for
``promptsListChanged`` while the server declares ``listChanged``. Selecting a prompt builds one field per argument
(required ones marked, the description as tooltip) that asks ``completion/complete`` with a
``ref/prompt`` reference as the user types. Get sends ``prompts/get`` and shows the messages
as a conversation, each content block rendered by :class:`~inspector.ui.content.ContentView`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import QFrame, QScrollArea, QWidget

from inspector.protocol.jsontypes import JsonValue
from inspector.session import prompt_words as words
from inspector.session.controllers.base import LISTED
from inspector.session.controllers.completions import prompt_ref
from inspector.session.controllers.prompts import (
    GETTING,
    GOT,
    PromptArgument,
    PromptsController,
    prompt_arguments,
    prompt_messages,
)
from inspector.session.outcomes import Reply

from ..content import ContentView
from ..form_rows import bold, set_words
from ..text import format_duration
from ..theme import tone
from ..widgets import BusyIndicator, ErrorLabel, PagedListView, muted, on_language_change, plain_label, section_title
from .answers import CompletionForm, error_text, failure_text
from .base import FeaturePanel, button, column, named, row
from .lists import ShownList


class MessageBubble(QFrame):
    """One PromptMessage: the role, then its content block."""

    resourceLinkActivated = Signal(str)

    def __init__(self, role: str, content: JsonValue, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.role = role
        self.setObjectName("promptMessage")
        role_tone = "c2s" if role == "user" else ("s2c" if role == "assistant" else "muted")
        self.setStyleSheet(
            "QFrame#promptMessage { background: transparent; border: none; "
            f"border-left: 3px solid {tone(self, role_tone)}; }}"
        )
        self.role_label = bold(named(plain_label(self._role_text(), wrap=False), "promptRole", role_tone))
        self.view = ContentView()
        self.view.resourceLinkActivated.connect(self.resourceLinkActivated)
        self.view.set_blocks([content] if isinstance(content, dict) else [])
        column(self, self.role_label, self.view, spacing=4).setContentsMargins(10, 6, 10, 8)
        on_language_change(self, lambda: self.role_label.setText(self._role_text()))

    def _role_text(self) -> str:
        names = {"user": self.tr("User"), "assistant": self.tr("Assistant")}
        return names.get(self.role, self.role or self.tr("(no role)"))


class Conversation(QScrollArea):
    """The messages of a prompts/get answer, top to bottom."""

    resourceLinkActivated = Signal(str)
    _message: Callable[[], str] | None = None  # what the empty line says (None: press Get)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.inner = QWidget()
        self.description = named(plain_label(selectable=True), "promptDescription", hidden=True)
        self.empty = muted(plain_label())
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.box = column(self.inner, self.description, self.empty, 1, spacing=8)
        self.setWidget(self.inner)
        self.bubbles: list[MessageBubble] = []
        self._description = ""
        self._retranslate()
        on_language_change(self, self._retranslate)

    def clear(self, message: Callable[[], str] | None = None) -> None:
        """No messages shown; ``message()`` says why (made again on a language switch)."""
        for bubble in self.bubbles:
            self.box.removeWidget(bubble)
            bubble.deleteLater()
        self.bubbles = []
        self._description = ""
        self.description.setVisible(False)
        self._message = message
        self._retranslate()
        self.empty.setVisible(True)

    def _retranslate(self) -> None:
        self.empty.setText(
            self._message() if self._message is not None else self.tr("Press Get to fetch the prompt's messages.")
        )
        self.description.setText(
            self.tr("Description: {text}").format(text=self._description) if self._description else ""
        )

    def set_result(self, result: dict) -> None:
        self.clear(lambda: self.tr("The prompt has no messages."))
        shown = prompt_messages(result)
        if shown.description:
            self._description = shown.description
            self._retranslate()
            self.description.setVisible(True)
        self.empty.setVisible(not shown.messages)
        for i, (role, content) in enumerate(shown.messages):
            bubble = MessageBubble(role, content)
            bubble.resourceLinkActivated.connect(self.resourceLinkActivated)
            self.bubbles.append(bubble)
            self.box.insertWidget(2 + i, bubble)


class PromptsPanel(FeaturePanel):
    key = "prompts"
    STATE, STATE_CONTEXT = words.STATE, words.CONTEXT
    #: the arguments the form was built for
    _form_args: list[PromptArgument] = []

    # a resource_link in a message was activated: the host may show it in the Resources panel
    resourceLinkActivated = Signal(str)

    def __init__(self, controller, parent: QWidget | None = None) -> None:
        super().__init__(controller, parent)
        self.feature = PromptsController()  # the list and the gets; the panel renders it
        self.current: dict | None = None
        self.required: set[str] = set()
        self.last_result: dict | None = None
        self._build()
        self.feature.subscribe(self._feature_changed)
        self.built()

    def title(self) -> str:
        return self.tr("Prompts")

    # ---------------------------------------------------------------- layout

    def _build(self) -> None:
        self.busy = BusyIndicator()
        self.status = muted(plain_label(wrap=False))
        self.errors = ErrorLabel(boxed=True)

        tr = QCoreApplication.translate
        self.list_view = PagedListView(words.headers(tr), lambda n: words.count_text(n, tr))
        self.list_view.itemChosen.connect(self.show_prompt)
        loading = partial(self.phrase, "loading")
        self.shown = ShownList(
            self, self.feature, self.list_view, self.errors, self._row, loading, "name", lambda: self.current
        )

        self.heading = bold(section_title(self.phrase("nothing")), 1.15)
        self.name_label = muted(plain_label(selectable=True, mono=True))
        self.description = plain_label(selectable=True)

        self.args_box = CompletionForm(self, self.errors, self._ref, self.get_selected)
        self.fields = self.args_box.fields  # the form's own dict, by argument name
        self.get_button = button("getPrompt", self.get_selected)
        self.get_button.setDefault(True)
        self.result_title = section_title("")
        self.conversation = Conversation()
        self.conversation.resourceLinkActivated.connect(self.resourceLinkActivated)
        line = QFrame()
        line.setFrameShape(QFrame.Shape.HLine)
        line.setFrameShadow(QFrame.Shadow.Sunken)
        head = QWidget()
        column(head, self.heading, self.name_label, self.description, self.args_box, row(self.get_button, 1), spacing=4)
        right = QWidget()
        column(right, head, line, self.result_title, (self.conversation, 1))

        self.splitter = self.side_by_side(self.list_view, right, [380, 620], (2, 3))
        self.splitter.setHandleWidth(10)
        column(self, (self.splitter, 1), self.errors, row(self.busy, (self.status, 1)), margins=8)

    # ---------------------------------------------------------------- hooks

    def session_started(self, session, availability, era, version) -> None:
        super().session_started(session, availability, era, version)
        self.clear_view()
        self.start_list(self.feature, session, availability, era, version)
        self._sync_actions()

    def stream_changed(self) -> None:
        self._sync_actions()

    def wait_changed(self) -> None:
        self.shown.status()

    def clear_view(self) -> None:
        self.args_box.setEnabled(True)
        self.feature.reset()
        self.list_view.clear()
        self.shown.status()
        self.current = None
        self.fields.clear()
        self.errors.clear_text()
        self.conversation.clear()
        self._show_nothing()

    def session_ended(self) -> None:
        super().session_ended()
        self.feature.detach()
        self._sync_actions()

    def on_notification(self, method: str, params: dict) -> None:
        if method == "notifications/prompts/list_changed":
            self.feature.list_changed(declared=True)  # reloaded whether the server declared listChanged or not

    # ---------------------------------------------------------------- state

    def _sync_actions(self) -> None:
        live = self.live
        self.shown.status(live)
        self.list_view.live_note.setText(words.changes_note(self.feature.changes(), QCoreApplication.translate))
        self.get_button.setEnabled(live and self.current is not None)

    def retranslate(self) -> None:
        """Every static text in the current language (again on a language switch, in place)."""
        set_words(self, words.CONTEXT, words.LABELS, words.CONTROLS)
        self.list_view.retranslate(words.headers(QCoreApplication.translate))
        if self.current is None:
            self._show_nothing()
        else:
            self._word_form()
        self.shown.reword()
        self._sync_actions()

    def _show_nothing(self) -> None:
        self.heading.setText(self.phrase("nothing"))
        self.name_label.setText("")
        self.description.setText(self.phrase("pick"))
        self.args_box.setVisible(False)

    # ---------------------------------------------------------------- list

    def _feature_changed(self, what: str) -> None:
        """The controller's state changed: draw what changed."""
        feature = self.feature
        if what == LISTED:  # the list drawn (self.shown): the Get button and the notes
            if not feature.getting:
                self.set_busy(GETTING, None)
            self._sync_actions()
        elif what == GETTING:
            self.set_busy(GETTING, self.phrase("getting", name=feature.asked.get("name")))
        elif what == GOT:
            self.set_busy(GETTING, None)
            self._got()

    def _row(self, entry: dict) -> tuple[list[str], dict, str]:
        cells, tip = words.row_cells(entry, QCoreApplication.translate)
        return cells, entry, tip

    # ---------------------------------------------------------------- selection and form

    def show_prompt(self, entry: dict) -> None:
        same = isinstance(self.current, dict) and self.current.get("name") == entry.get("name")
        self.current = entry
        self.heading.setText(str(entry.get("title") or entry.get("name") or ""))
        self.name_label.setText(str(entry.get("name") or ""))
        desc = entry.get("description")
        self.description.setText(desc if isinstance(desc, str) else "")
        self.description.setVisible(bool(self.description.text()))
        if not same:
            self._build_form(entry)
            self.conversation.clear()
        self.errors.clear_text()
        self._sync_actions()

    def _build_form(self, entry: dict) -> None:
        self._form_args = prompt_arguments(entry)
        self.required = {arg.name for arg in self._form_args if arg.required}
        completes = bool(self.availability is not None and self.availability.completions)
        self.args_box.build((arg.name for arg in self._form_args), completes, self.required)
        self.args_box.setVisible(True)
        self._word_form()

    def _word_form(self) -> None:
        """The form's words in the current language: placeholders, tooltips, the hint under it."""
        args, completes, tr = self._form_args, self.args_box.completes, QCoreApplication.translate
        said = {
            a.name: (self.phrase("required" if a.required else "optional"), words.argument_tip(a, completes, tr))
            for a in args
        }
        self.args_box.word(said, words.arguments_hint(args, completes, tr))

    # ---------------------------------------------------------------- get

    def _ref(self) -> dict[str, str] | None:
        """What the argument fields' completions are about: the prompt selected."""
        return prompt_ref(str(self.current.get("name"))) if isinstance(self.current, dict) else None

    def get_selected(self) -> bool:
        if not self.live or not isinstance(self.current, dict):
            return False
        values = self.args_box.values()
        missing = self.feature.missing(self.current, values)
        if missing:
            names = ", ".join(missing)
            self.say(self.errors, lambda: self.phrase("missing", names=names))
            self.fields[missing[0]].setFocus()
            return False
        self.errors.clear_text()
        return self.feature.get(self.current, values)

    def _got(self) -> None:
        """A get ended: its messages, or why there are none."""
        got = self.feature.got
        if got is None:
            return
        reply, failure = got.reply, got.failure
        if reply is None:  # no answer came (a timeout, a lost link, a cancel)
            if failure is not None:
                self.say_error(self.errors, lambda: failure_text(failure))
            return
        when, duration = time.strftime("%H:%M:%S"), format_duration(reply.latency)
        self._show_got(got.name, reply, lambda n: self.phrase("got", name=got.name, time=when, n=n, duration=duration))

    def _show_got(self, name: JsonValue, reply: Reply, said: Callable[[int], str]) -> None:
        """A prompts/get answer as a conversation, and ``said(n)`` on the status line (``n``: its
        messages); an error answer is said as such."""
        if not reply.ok:
            self.last_result = None
            self.conversation.clear(lambda: self.phrase("failed_empty"))
            self.say(self.errors, lambda: self.phrase("failed", name=name, error=error_text(reply.error)))
            return
        self.last_result = reply.result or {}
        self.conversation.set_result(self.last_result)
        n = len(self.conversation.bubbles)
        self.say(self.status, lambda: said(n))

    # ---------------------------------------------------------------- replay

    def show_recorded(self, state, availability) -> None:
        """The prompts listed, and the last prompts/get with its arguments and messages, as of the entry."""
        super().show_recorded(state, availability)
        self.args_box.setEnabled(False)
        listed = self.show_recorded_list(self.feature, state, availability)
        call = state.call("prompts/get")
        if self.recorded_changed("prompts/get", call and call.marker) or listed:  # drawn again, errors and all
            self.errors.clear_text()
            self.shown.redraw()
            self._show_recorded_get(call)
        self._sync_actions()

    def _show_recorded_get(self, call) -> None:
        self.status.setText("")
        self.conversation.clear()
        if call is None:  # nothing got by then
            self.current = None
            self._show_nothing()
            return
        name = call.params.get("name")
        if not self.list_view.select_where("name", name):
            self.current = None
            self._show_nothing()
        values = self.feature.sent_values(call.params)
        for arg, field in self.fields.items():
            field.setText(values.get(arg, ""))
        if call.reply is None:
            self.conversation.clear(lambda: self.phrase("unanswered", name=name, seq=call.seq))
        else:
            seq, duration = call.reply.seq, format_duration(call.reply.latency)
            self._show_got(
                name, call.reply, lambda n: self.phrase("got_recorded", name=name, seq=seq, n=n, duration=duration)
            )
