"""The client side of MCP, answered by the user: sampling and elicitation dialogs, roots.

The session asks :class:`UiClientHandlers` through ``handle(method, params)`` for both ways a
server can ask the client (a JSON-RPC request in the legacy era, an input request inside an
``InputRequiredResult`` in 2026-07-28). What to answer, the wait and its bookkeeping, the
reply's shape and the schema checks of an answer are :class:`~inspector.session.user_answers.UserAnswers`'
(Qt-free, tested headless), and what the dialogs say is :mod:`inspector.session.answer_words`';
this module only shows each request in a non-modal dialog and
forwards the user's answer (never ``exec()``: a nested event loop inside a coroutine deadlocks
under qasync). A dialog whose wait ends without the user (timeout, the server exits, the
session ends) closes unanswered.

Wiring: ``Session(options, handlers=UiClientHandlers(parent, profile.roots))`` is enough to
answer; ``attach(session, task_group)`` (or ``controller=``) adds what needs the session:
dialogs that say which era and path a request came from, rejection when the server exits,
and ``notifications/roots/list_changed`` when the roots (:class:`~.connection.RootsEditor`)
change during a legacy session.

Everything the server sends is shown as plain text (``Qt.PlainText`` labels, plain text
editors); URLs from url-mode elicitation are opened only by an explicit button.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import orjson
from PySide6.QtCore import QCoreApplication, QObject, QTimer, QUrl, Signal
from PySide6.QtGui import QCloseEvent, QDesktopServices, QFont, QGuiApplication, QPalette
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFrame,
    QGroupBox,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from inspector.protocol.jsontypes import JsonObject, JsonValue
from inspector.session.answer_words import (
    ELICITATION_CONTEXT,
    ELICITATION_CONTROLS,
    ELICITATION_WORDS,
    SAMPLING_CONTEXT,
    SAMPLING_CONTROLS,
    SAMPLING_ROWS,
    SAMPLING_TABS,
    SAMPLING_WORDS,
    URL_CONTROLS,
    elicitation_tips,
    field_problem_text,
    link_facts,
    open_status,
    origin_detail,
    origin_headline,
    origin_who,
    preferences_text,
    problems_text,
    sampling_also,
    sampling_transcript,
)
from inspector.session.user_answers import (
    DEFAULT_MODEL,
    DEFAULT_TIMEOUT,
    STOP_REASONS,
    AnswerCheck,
    Countdown,
    Origin,
    Prompt,
    UserAnswers,
    answer_problems,
    content_field,
    sampling_result,
)

from .form_rows import bold, form_layout, read_only_text, set_tab_words, set_words, spaced
from .schema_form import SchemaForm
from .theme import mix
from .widgets import ErrorLabel, hbox, muted, on_language_change, plain_label, push_button, scroll_area, vbox

_tr = QCoreApplication.translate  # the dialogs' words (English in session/answer_words.py) in the window's language

if TYPE_CHECKING:
    from anyio.abc import TaskGroup

    from inspector.session import Session

    from .controller import SessionController

# ============================================================================ small helpers


class Banner(QFrame):
    """A tinted strip saying where a request came from (era and path) and which server sent it."""

    def __init__(self, headline: str, detail: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("originBanner")
        pal = QGuiApplication.palette()
        base = pal.color(QPalette.ColorRole.Window)
        accent = pal.color(QPalette.ColorRole.Highlight)
        bg = mix(base, accent, 0.14)
        border = mix(base, accent, 0.45)
        self.setStyleSheet(
            f"QFrame#originBanner {{ background: {bg.name()}; border: 1px solid {border.name()}; border-radius: 4px; }}"
            " QFrame#originBanner QLabel { background: transparent; border: none; }"
        )
        self.headline = bold(plain_label(headline))
        self.detail = plain_label(detail)
        spaced(vbox(self.headline, self.detail, parent=self), 2, (10, 6, 10, 6))


# ============================================================================ elicitation form


class ElicitationForm(SchemaForm):
    """The form of an elicitation request: the project's one schema-form engine (SchemaForm,
    the same as a tool's arguments) on the flat ``requestedSchema`` - strings with formats,
    numbers, booleans, single-select enums (enum, enumNames, titled oneOf) and multi-select
    arrays, in the schema's order, pre-filled with defaults, each problem shown under its field."""

    def __init__(self, schema: JsonObject, parent: QWidget | None = None) -> None:
        super().__init__(schema if isinstance(schema, dict) else {}, parent)

    def _word_empty_note(self) -> None:
        super()._word_empty_note()
        if self._root is not None and not self.fields() and not self.unsupported:
            self.empty_note.setText(self.tr("The server asked for no fields: Accept sends empty content."))


# ============================================================================ dialogs


class _AnswerDialog(QDialog):
    """A non-modal dialog that answers exactly once through ``answered`` (never ``exec()``): the
    request ``params`` from ``origin``, shown by each kind of dialog's :meth:`_build`. Each kind
    names its words (``context``, ``words``: its title under ``title_key``, the server when
    unnamed under ``who_key``, the countdown under "countdown") and the ``controls`` they go on."""

    answered = Signal(object)
    context: str
    words: dict[str, str]
    controls: dict[str, tuple[str, str]]
    title_key: str
    who_key: str

    def __init__(
        self, params: JsonObject, origin: Origin, timeout: float | None = DEFAULT_TIMEOUT, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.params = params if isinstance(params, dict) else {}
        self.origin = origin
        self.outcome: JsonValue = None  # the answer given (None: none yet, or dismissed)
        self.done_ = False
        self.setModal(False)  # window modality NonModal: shown, never exec()'d; deleted by closed(), not on close
        self.banner = Banner(origin_headline(origin, _tr), origin_detail(origin, _tr))
        self.countdown = muted(plain_label(wrap=False))
        self._answer_check: AnswerCheck | None = None  # see set_answer_check
        self._problems: list[tuple[str, str]] = []  # why the last answer was not sent (show_problems)
        self.problem: ErrorLabel  # made by each kind of dialog, where its layout wants it (_add_answer_row)
        self._timer = QTimer(self)
        self._timer.setInterval(1000)
        self._timer.timeout.connect(self._tick)
        self.timeout = timeout
        self.wait = Countdown(timeout)
        if self.wait.deadline is not None:
            self._timer.start()
        self._tick()
        self._build(self.params)
        on_language_change(self, self._retranslate)

    def _build(self, p: JsonObject) -> None:
        """The dialog's request and answer (each kind its own), its words set by _retranslate."""

    def _add_answer_row(self, layout: QVBoxLayout, *actions: Callable[[], object]) -> list[QPushButton]:
        """The line saying why an answer was not sent, then the countdown and a button for each
        of ``actions`` (the last one the default; their words are set by _retranslate)."""
        self.problem = ErrorLabel("answerProblem")
        buttons = [push_button("", action) for action in actions]
        buttons[-1].setDefault(True)
        layout.addWidget(self.problem)
        layout.addLayout(hbox((self.countdown, 1), *buttons))
        return buttons

    def _retranslate(self) -> None:
        """Every text of the dialog in the current language (the server's own text as it came)."""
        server = origin_who(self.origin, _tr) or _tr(self.context, self.words[self.who_key])
        self.setWindowTitle(_tr(self.context, self.words[self.title_key]).format(server=server))
        set_words(self, self.context, self.words, self.controls)
        self.banner.headline.setText(origin_headline(self.origin, _tr))
        self.banner.detail.setText(origin_detail(self.origin, _tr))
        self._tick()
        self.show_problems(self._problems)

    def show_problems(self, problems: list[tuple[str, str]]) -> None:
        """Why the answer was not sent (none: the line is hidden), above the buttons."""
        self._problems = problems
        self.problem.show_text(problems_text(problems, _tr))

    def _tick(self) -> None:
        left = self.wait.left()
        self.countdown.setText("" if left is None else _tr(self.context, self.words["countdown"]).format(time=left))

    def set_answer_check(self, check: AnswerCheck | None) -> None:
        """``check(answer) -> SchemaVerdict``: the session's check of an answer against the
        negotiated version's schema. An answer that fails it is not sent; the dialog says why."""
        self._answer_check = check

    def send(self, value: JsonObject, place: Callable[[JsonObject, str, str], bool] | None = None) -> bool:
        """Answer ``value`` unless the negotiated version's schema rejects it; then say why: each
        problem ``place(value, path, message)`` shows at its field there, the others above the buttons."""
        problems = answer_problems(self._answer_check, value)  # (path under the answer, message)
        if problems:
            self.show_problems([p for p in problems if place is None or not place(value, *p)])
            return False
        self.answer(value)
        return True

    def answer(self, value: JsonValue) -> None:
        if self.done_:
            return
        self.done_ = True
        self.outcome = value
        self._timer.stop()
        self.answered.emit(value)
        self.hide()

    def expire(self) -> None:
        """The wait ended without the user (timeout, session end): close without answering."""
        self.done_ = True
        self._timer.stop()
        self.hide()

    def _dismissed(self) -> JsonValue:
        return None

    def reject(self) -> None:  # Esc, the window's close button
        if not self.done_:
            self.answer(self._dismissed())
        super().reject()

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.done_:
            self.answer(self._dismissed())
        super().closeEvent(event)


class SamplingDialog(_AnswerDialog):
    """A sampling/createMessage request: what the server wants the model to do, and the
    response the user writes (as the model) — Approve sends it, Reject refuses."""

    context, words, controls = SAMPLING_CONTEXT, SAMPLING_WORDS, SAMPLING_CONTROLS
    title_key, who_key = "title", "server"

    def _build(self, p: JsonObject) -> None:
        # the words of each row are set by _retranslate (again on a language change)
        self.row_labels = {key: plain_label(wrap=False) for key in SAMPLING_ROWS}
        rows = self.row_labels

        # ---- the request
        self.max_tokens_label = plain_label(str(p.get("maxTokens", "—")), selectable=True)
        self.preferences_label = plain_label(selectable=True)
        self.extra_label = plain_label(selectable=True)
        summary = form_layout([(rows["max"], self.max_tokens_label), (rows["prefs"], self.preferences_label)])
        summary.setHorizontalSpacing(12)
        if sampling_also(p):
            summary.addRow(rows["also"], self.extra_label)
        self.request_view = read_only_text()
        self.request_json = read_only_text(orjson.dumps(p, option=orjson.OPT_INDENT_2).decode(), mono=True, wrap=False)
        self.request_tabs = tabs = QTabWidget()
        tabs.setDocumentMode(True)
        tabs.addTab(self.request_view, "")
        tabs.addTab(self.request_json, "JSON")
        self.request_box = QGroupBox()
        vbox(summary, (tabs, 1), parent=self.request_box)

        # ---- the response
        self.role_label = plain_label("assistant", wrap=False)
        self.model_edit = QLineEdit(DEFAULT_MODEL)
        self.stop_reason = QComboBox()
        self.stop_reason.setEditable(True)
        self.stop_reason.addItems(list(STOP_REASONS))
        self.text_edit = QPlainTextEdit()
        self.text_edit.setTabChangesFocus(True)
        self.response_box = QGroupBox()
        answer = [self.role_label, self.model_edit, self.stop_reason, self.text_edit]
        form_layout(
            [(rows[key], field) for key, field in zip(SAMPLING_ROWS[3:], answer, strict=True)], parent=self.response_box
        )

        layout = vbox(self.banner, (self.request_box, 3), (self.response_box, 2), parent=self)
        self.reject_button, self.approve_button = self._add_answer_row(
            layout, lambda: self.answer(None), self.try_approve
        )
        self._retranslate()
        self.resize(640, 700)
        self.text_edit.setFocus()

    def _retranslate(self) -> None:
        super()._retranslate()
        p, w, ctx = self.params, SAMPLING_WORDS, SAMPLING_CONTEXT
        for key, label in self.row_labels.items():
            label.setText(_tr(ctx, w[key]))
        self.preferences_label.setText(preferences_text(p.get("modelPreferences"), _tr))
        self.extra_label.setText(sampling_also(p, _tr))
        self.request_view.setPlainText(sampling_transcript(p, _tr))
        set_tab_words(self.request_tabs, ctx, w, SAMPLING_TABS)

    def response(self) -> JsonObject:
        """The CreateMessageResult the dialog would send now."""
        return sampling_result(self.text_edit.toPlainText(), self.model_edit.text(), self.stop_reason.currentText())

    def try_approve(self) -> bool:
        """Send the response unless the negotiated version's schema rejects it."""
        return self.send(self.response())


class ElicitationDialog(_AnswerDialog):
    """An elicitation/create request. Form mode: a form from requestedSchema. URL mode: the URL,
    opened only by the explicit "Open in browser" button. Accept / Decline / Cancel."""

    context, words, controls = ELICITATION_CONTEXT, ELICITATION_WORDS, ELICITATION_CONTROLS
    who_key = "the_server"

    def _build(self, p: JsonObject) -> None:
        self.mode = "url" if p.get("mode") == "url" else "form"
        self.title_key = "open_link" if self.mode == "url" else "information"
        self.url = str(p.get("url", "")) if self.mode == "url" else ""
        self.opened = False
        self.form: ElicitationForm | None = None
        self.open_button: QPushButton | None = None
        self.message = plain_label(str(p.get("message", "")), selectable=True)
        f = QFont(self.message.font())
        f.setPointSizeF(f.pointSizeF() * 1.08)
        self.message.setFont(f)

        layout = vbox(self.banner, parent=self)
        layout.addSpacing(4)
        layout.addWidget(self.message)

        if self.mode == "form":
            self.form = ElicitationForm(p.get("requestedSchema") or {})
            self.form.setAutoFillBackground(False)
            scroll = scroll_area(self.form)
            scroll.setFrameShape(QFrame.Shape.StyledPanel)
            scroll.viewport().setAutoFillBackground(False)
            form_layout = self.form.layout()
            if form_layout is not None:
                form_layout.setContentsMargins(12, 12, 12, 12)
            self.scroll_area = scroll
            layout.addWidget(scroll, 1)
            self.note = muted(plain_label())
            layout.addWidget(self.note)
        else:
            self._build_url(layout)

        self.cancel_button, self.decline_button, self.accept_button = self._add_answer_row(
            layout,
            lambda: self.answer({"action": "cancel"}),
            lambda: self.answer({"action": "decline"}),
            self.try_accept,
        )
        self._retranslate()
        if self.form is not None:
            want = self.form.sizeHint().height() + 200 + self.message.sizeHint().height()
            self.resize(620, max(380, min(want, 760)))
        else:
            self.resize(620, 340)

    def _retranslate(self) -> None:
        super()._retranslate()
        if self.form is not None:
            self.note.setText(_tr(ELICITATION_CONTEXT, ELICITATION_WORDS["required"]))
        else:
            self._retranslate_url()
        for name, tip in elicitation_tips(self.mode, _tr).items():
            getattr(self, name).setToolTip(tip)

    def _build_url(self, layout: QVBoxLayout) -> None:
        self.link_box = QGroupBox()
        self.host_label = bold(plain_label(selectable=True))  # its words: _retranslate_url (link_facts)
        self.url_edit = read_only_text(self.url, mono=True, anywhere=True)
        lines = 3
        self.url_edit.setFixedHeight(self.url_edit.fontMetrics().lineSpacing() * lines + 12)
        self.site_caption, self.url_caption = plain_label(wrap=False), plain_label(wrap=False)
        self.open_button = push_button("", self.confirm_open)
        self.open_status = muted(plain_label())
        self._open_result: bool | None = None  # None until the button opened (or tried to)
        self.url_problem = ErrorLabel("urlProblem")
        self.open_button.setEnabled(link_facts(self.url).openable)
        open_row = hbox(self.open_button, (self.open_status, 1))
        form_layout(
            [
                (self.site_caption, self.host_label),
                (self.url_caption, self.url_edit),
                ("", open_row),
                ("", self.url_problem),
            ],
            parent=self.link_box,
        )
        layout.addWidget(self.link_box)
        layout.addStretch(1)

    def _retranslate_url(self) -> None:
        set_words(self, ELICITATION_CONTEXT, ELICITATION_WORDS, URL_CONTROLS)
        link = link_facts(self.url, _tr)
        self.host_label.setText(link.host)
        self.url_problem.show_text(link.problem)
        self.open_status.setText(open_status(self._open_result, _tr))

    def _dismissed(self) -> JsonValue:
        return {"action": "cancel"}

    def confirm_open(self) -> bool:
        """The explicit button: open the URL in the browser (http/https only)."""
        if self.mode != "url" or self.open_button is None or not self.open_button.isEnabled():
            return False
        ok = bool(QDesktopServices.openUrl(QUrl(self.url)))
        self.opened = True
        self._open_result = ok
        self._retranslate_url()
        return ok

    def try_accept(self) -> bool:
        """Accept: the form's own checks (types, choices, required, formats), then the negotiated
        version's schema for the whole answer; a problem is shown at its field and nothing is
        sent."""
        if self.form is not None:
            if not self.form.validate():
                return False
            value: JsonObject = {"action": "accept", "content": self.form.value()}
        else:
            value = {"action": "accept"}
        return self.send(value, self._show_at_field)

    def _show_at_field(self, value: JsonObject, path: str, message: str) -> bool:
        """The problem at ``path`` of the answer shown under the form's field it is about; False
        when it is about none."""
        name = content_field(path)
        field = self.form.field(name) if self.form is not None and name is not None else None
        if field is None:
            return False
        field.show_error(field_problem_text(field.kind, value["content"].get(field.key), message, _tr))
        field.editor.setFocus()
        return True


# ============================================================================ handlers


class HandlerSignals(QObject):
    dialogClosed = Signal(object, str)  # the dialog, how it ended ("answered", "timeout", "session ended", "cancelled")


class UiClientHandlers(UserAnswers):
    """Roots from an editable list; sampling and elicitation answered by the user in dialogs
    (the wait, the answers and roots/list_changed are :class:`UserAnswers`').

    ``UiClientHandlers(parent, roots)`` works as is; ``attach(session, task_group)`` (or
    ``controller=`` a SessionController) adds era/path labels, rejection when the server
    exits, and roots/list_changed notifications.
    """

    def __init__(
        self,
        parent: QWidget | None = None,
        roots: list[JsonObject] | None = None,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        controller: SessionController | None = None,
    ) -> None:
        super().__init__(roots, timeout=timeout)
        self.parent = parent
        self.controller = controller
        self.signals = HandlerSignals()
        self.open_dialogs: list[_AnswerDialog] = []
        if controller is not None:
            controller.runningChanged.connect(lambda running: None if running else self.session_ended())

    def live_session(self) -> Session | None:
        if self.session is not None:
            return self.session
        return self.controller.session if self.controller is not None else None

    def live_task_group(self) -> TaskGroup | None:
        if self.task_group is None and self.controller is not None:
            return self.controller.task_group
        return self.task_group

    def builtin_name(self) -> str | None:
        profile = self.controller.profile if self.controller is not None else None
        return profile.name if profile is not None and profile.builtin else None

    def present(self, method: str, params: JsonObject, origin: Origin, answer: Callable[[JsonValue], None]) -> Prompt:
        kind = SamplingDialog if method == "sampling/createMessage" else ElicitationDialog
        dialog = kind(params, origin, self.timeout, self.parent)
        dialog.set_answer_check(self.answer_check(method))
        dialog.answered.connect(answer)
        self.open_dialogs.append(dialog)
        dialog.show()
        dialog.raise_()
        dialog.activateWindow()
        return dialog

    def closed(self, prompt: Prompt, method: str, how: str) -> None:
        if isinstance(prompt, _AnswerDialog):
            if prompt in self.open_dialogs:
                self.open_dialogs.remove(prompt)
            self.signals.dialogClosed.emit(prompt, how)
            prompt.deleteLater()
