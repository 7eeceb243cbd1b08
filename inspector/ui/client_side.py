"""The client side of MCP, answered by the user: sampling and elicitation dialogs, roots.

The session asks :class:`UiClientHandlers` through ``handle(method, params)`` for both ways a
server can ask the client (a JSON-RPC request in the legacy era, an input request inside an
``InputRequiredResult`` in 2026-07-28). What to answer, the wait and its bookkeeping, the
reply's shape and the schema checks of an answer are :class:`~inspector.session.user_answers.UserAnswers`'
(Qt-free, tested headless); this module only shows each request in a non-modal dialog and
forwards the user's answer (never ``exec()``: a nested event loop inside a coroutine deadlocks
under qasync). A dialog whose wait ends without the user (timeout, the server exits, the
session ends) closes unanswered.

Wiring: ``Session(options, handlers=UiClientHandlers(parent, profile.roots))`` is enough to
answer; ``attach(session, task_group)`` (or ``controller=``) adds what needs the session:
dialogs that say which era and path a request came from, rejection when the server exits,
and ``notifications/roots/list_changed`` when the roots (:class:`~.roots_editor.RootsEditor`)
change during a legacy session.

Everything the server sends is shown as plain text (``Qt.PlainText`` labels, plain text
editors); URLs from url-mode elicitation are opened only by an explicit button.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

import orjson
from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, QTimer, QUrl, Signal
from PySide6.QtGui import QCloseEvent, QDesktopServices, QFont, QFontDatabase, QGuiApplication, QPalette, QTextOption
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from inspector.protocol.jsontypes import JsonObject, JsonValue
from inspector.session.user_answers import (
    DEFAULT_MODEL,
    DEFAULT_TIMEOUT,
    STOP_REASONS,
    AnswerCheck,
    Origin,
    Prompt,
    UserAnswers,
    answer_problems,
    content_field,
    message_blocks,
    names_in,
    sampling_extras,
    sampling_result,
)

from .schema_form import SchemaForm
from .theme import mix
from .widgets import ErrorLabel, muted, plain_label

if TYPE_CHECKING:
    from anyio.abc import TaskGroup

    from inspector.session import Session

    from .controller import SessionController

# ============================================================================ small helpers


def _schema_problem_text(problems: list[tuple[str, str]]) -> str:
    """Why an answer cannot be sent, for the line above a dialog's buttons."""
    head = QCoreApplication.translate(
        "AnswerDialog", "Not sent: the negotiated protocol version's schema rejects this answer."
    )
    return head + "\n" + "\n".join(f"{path or '/'}: {message}" for path, message in problems[:5])


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
        self.headline = plain_label(headline)
        f = QFont(self.headline.font())
        f.setBold(True)
        self.headline.setFont(f)
        self.detail = plain_label(detail)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 6, 10, 6)
        layout.setSpacing(2)
        layout.addWidget(self.headline)
        layout.addWidget(self.detail)


def origin_who(origin: Origin) -> str | None:
    """The server's name in the current language (the built-in one's is translated, as the
    server list shows it); None when unknown."""
    if origin.server and origin.builtin:
        return QCoreApplication.translate("Profiles", origin.server)
    return origin.server


def origin_path(origin: Origin) -> str:
    if origin.era == "modern":
        return QCoreApplication.translate("Origin", "InputRequiredResult input request {method}").format(
            method=origin.method
        )
    if origin.era == "legacy":
        return QCoreApplication.translate("Origin", "JSON-RPC request {method}").format(method=origin.method)
    return QCoreApplication.translate("Origin", "server request {method}").format(method=origin.method)


def origin_headline(origin: Origin) -> str:
    who = origin_who(origin) or QCoreApplication.translate("Origin", "The server")
    return QCoreApplication.translate("Origin", "{who} asks: {path}").format(who=who, path=origin_path(origin))


def origin_detail(origin: Origin) -> str:
    if origin.era == "modern":
        return QCoreApplication.translate(
            "Origin",
            "2026-07-28 (modern): the server answered a request with InputRequiredResult; your answer goes into inputResponses of the retried request.",  # noqa: E501
        )
    if origin.era == "legacy":
        return QCoreApplication.translate(
            "Origin",
            "{version} (legacy): the server sent a JSON-RPC request; your answer is the JSON-RPC response.",
        ).format(version=origin.version or QCoreApplication.translate("Origin", "legacy"))
    return QCoreApplication.translate("Origin", "Era unknown (no session attached).")


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
    """A non-modal dialog that answers exactly once through ``answered`` (never ``exec()``)."""

    answered = Signal(object)

    def __init__(self, origin: Origin, timeout: float | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.origin = origin
        self.outcome: JsonValue = None  # the answer given (None: none yet, or dismissed)
        self.done_ = False
        self.setModal(False)
        self.setWindowModality(Qt.WindowModality.NonModal)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, False)
        self.banner = Banner(origin_headline(origin), origin_detail(origin))
        self.countdown = muted(plain_label(wrap=False))
        self._deadline: float | None = None
        self._answer_check: AnswerCheck | None = None  # see set_answer_check
        self._problems: list[tuple[str, str]] = []  # why the last answer was not sent (show_problems)
        self.problem: ErrorLabel  # made by each kind of dialog, where its layout wants it (_add_answer_row)
        self._timer = QTimer(self)
        self._timer.setInterval(1000)
        self._timer.timeout.connect(self._tick)
        self.timeout = timeout
        self._clock = time.monotonic
        if timeout is not None and math.isfinite(timeout):
            self._deadline = self._clock() + timeout
            self._timer.start()
        self._tick()

    def _fallback_text(self) -> str:
        return ""

    def _button(self, action: Callable[[], object], *, default: bool = False) -> QPushButton:
        """A button of the answer row (its words are set by _retranslate)."""
        button = QPushButton()
        button.setDefault(default)
        button.clicked.connect(lambda *_: action())
        return button

    def _add_answer_row(self, layout: QVBoxLayout, buttons: list[QPushButton]) -> None:
        """The line saying why an answer was not sent, then the countdown and the buttons."""
        self.problem = ErrorLabel("answerProblem")
        layout.addWidget(self.problem)
        row = QHBoxLayout()
        row.addWidget(self.countdown, 1)
        for button in buttons:
            row.addWidget(button)
        layout.addLayout(row)

    def _retranslate(self) -> None:
        """Every text of the dialog in the current language (the server's own text as it came)."""
        self.banner.headline.setText(origin_headline(self.origin))
        self.banner.detail.setText(origin_detail(self.origin))
        self._tick()
        self.show_problems(self._problems)

    def show_problems(self, problems: list[tuple[str, str]]) -> None:
        """Why the answer was not sent (none: the line is hidden), above the buttons."""
        self._problems = problems
        self.problem.show_text(_schema_problem_text(problems) if problems else "")

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange and hasattr(self, "problem"):
            self._retranslate()
        super().changeEvent(event)

    def _tick(self) -> None:
        if self._deadline is None:
            self.countdown.setText("")
            return
        left = max(0, int(self._deadline - self._clock() + 0.999))
        self.countdown.setText(self._fallback_text().format(time=f"{left // 60}:{left % 60:02d}"))

    def set_answer_check(self, check: AnswerCheck | None) -> None:
        """``check(answer) -> SchemaVerdict``: the session's check of an answer against the
        negotiated version's schema. An answer that fails it is not sent; the dialog says why."""
        self._answer_check = check

    def answer_problems(self, value: JsonValue) -> list[tuple[str, str]]:
        """(path under the answer, message) for each reason ``value`` cannot be sent."""
        return answer_problems(self._answer_check, value)

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


def sampling_transcript(params: JsonObject) -> str:
    """The system prompt and messages of a sampling request, as plain text."""
    lines: list[str] = []
    system = params.get("systemPrompt")
    if isinstance(system, str) and system:
        lines += [QCoreApplication.translate("SamplingDialog", "── system prompt ──"), system, ""]
    for n, (role, text) in enumerate(message_blocks(params), 1):
        lines += [
            QCoreApplication.translate("SamplingDialog", "── message {n}: {role} ──").format(n=n, role=role),
            text,
            "",
        ]
    return "\n".join(lines).rstrip() or QCoreApplication.translate("SamplingDialog", "(no messages)")


def _preferences_text(prefs: JsonValue) -> str:
    if not isinstance(prefs, dict) or not prefs:
        return "—"
    parts = []
    hints = prefs.get("hints")
    if isinstance(hints, list) and hints:
        parts.append(QCoreApplication.translate("SamplingDialog", "hints {names}").format(names=names_in(hints)))
    for key, label in (
        ("intelligencePriority", QCoreApplication.translate("SamplingDialog", "intelligence {value}")),
        ("speedPriority", QCoreApplication.translate("SamplingDialog", "speed {value}")),
        ("costPriority", QCoreApplication.translate("SamplingDialog", "cost {value}")),
    ):
        if key in prefs:
            parts.append(label.format(value=prefs[key]))
    return " · ".join(parts) or orjson.dumps(prefs).decode()


class SamplingDialog(_AnswerDialog):
    """A sampling/createMessage request: what the server wants the model to do, and the
    response the user writes (as the model) — Approve sends it, Reject refuses."""

    def __init__(
        self, params: JsonObject, origin: Origin, timeout: float | None = DEFAULT_TIMEOUT, parent: QWidget | None = None
    ) -> None:
        super().__init__(origin, timeout, parent)
        self.params = params if isinstance(params, dict) else {}
        p = self.params
        mono = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        # the words of each row are set by _retranslate (again on a language change)
        self.row_labels = {
            key: plain_label(wrap=False) for key in ("max", "prefs", "also", "role", "model", "stop", "text")
        }

        # ---- the request
        summary = QFormLayout()
        summary.setLabelAlignment(Qt.AlignmentFlag.AlignRight)
        summary.setHorizontalSpacing(12)
        self.max_tokens_label = plain_label(str(p.get("maxTokens", "—")), selectable=True)
        summary.addRow(self.row_labels["max"], self.max_tokens_label)
        self.preferences_label = plain_label(selectable=True)
        summary.addRow(self.row_labels["prefs"], self.preferences_label)
        self.extra_label = plain_label(selectable=True)
        if sampling_extras(p) or isinstance(p.get("tools"), list):
            summary.addRow(self.row_labels["also"], self.extra_label)
        self.request_view = QPlainTextEdit()
        self.request_view.setReadOnly(True)
        self.request_json = QPlainTextEdit()
        self.request_json.setReadOnly(True)
        self.request_json.setFont(mono)
        self.request_json.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.request_json.setPlainText(orjson.dumps(p, option=orjson.OPT_INDENT_2).decode())
        self.request_tabs = tabs = QTabWidget()
        tabs.setDocumentMode(True)
        tabs.addTab(self.request_view, "")
        tabs.addTab(self.request_json, "JSON")
        self.request_box = request_box = QGroupBox()
        rl = QVBoxLayout(request_box)
        rl.addLayout(summary)
        rl.addWidget(tabs, 1)

        # ---- the response
        self.role_label = plain_label("assistant", wrap=False)
        self.model_edit = QLineEdit(DEFAULT_MODEL)
        self.stop_reason = QComboBox()
        self.stop_reason.setEditable(True)
        self.stop_reason.addItems(list(STOP_REASONS))
        self.text_edit = QPlainTextEdit()
        self.text_edit.setTabChangesFocus(True)
        self.response_box = response_box = QGroupBox()
        form = QFormLayout(response_box)
        form.setLabelAlignment(Qt.AlignmentFlag.AlignRight)
        form.addRow(self.row_labels["role"], self.role_label)
        form.addRow(self.row_labels["model"], self.model_edit)
        form.addRow(self.row_labels["stop"], self.stop_reason)
        form.addRow(self.row_labels["text"], self.text_edit)

        layout = QVBoxLayout(self)
        layout.addWidget(self.banner)
        layout.addWidget(request_box, 3)
        layout.addWidget(response_box, 2)
        self.reject_button = self._button(lambda: self.answer(None))
        self.approve_button = self._button(self.try_approve, default=True)
        self._add_answer_row(layout, [self.reject_button, self.approve_button])
        self._retranslate()
        self.resize(640, 700)
        self.text_edit.setFocus()

    def _retranslate(self) -> None:
        super()._retranslate()
        p = self.params
        self.setWindowTitle(
            self.tr("Sampling request — {server}").format(server=origin_who(self.origin) or self.tr("server"))
        )
        words = {
            "max": self.tr("Max tokens"), "prefs": self.tr("Model preferences"), "also": self.tr("Also"),
            "role": self.tr("Role"), "model": self.tr("Model"), "stop": self.tr("Stop reason"), "text": self.tr("Text"),
        }  # fmt: skip
        for key, label in self.row_labels.items():
            label.setText(words[key])
        self.preferences_label.setText(_preferences_text(p.get("modelPreferences")))
        extra = sampling_extras(p)
        if isinstance(p.get("tools"), list):
            extra.append(self.tr("tools {names}").format(names=names_in(p["tools"])))
        self.extra_label.setText(" · ".join(extra))
        self.request_view.setPlainText(sampling_transcript(p))
        self.request_tabs.setTabText(0, self.tr("Conversation"))
        self.request_tabs.setTabText(1, self.tr("JSON"))
        self.request_box.setTitle(self.tr("The server asks the model"))
        self.model_edit.setToolTip(self.tr("The name of the model that 'generated' the message"))
        self.text_edit.setPlaceholderText(self.tr("Write the model's answer here…"))
        self.response_box.setTitle(self.tr("Your response, as the model"))
        self.reject_button.setText(self.tr("Reject"))
        self.reject_button.setToolTip(self.tr("Answer with error -1 “User rejected sampling request”"))
        self.approve_button.setText(self.tr("Approve and send"))

    def _fallback_text(self) -> str:
        return self.tr("Rejected automatically in {time} if unanswered")

    def response(self) -> JsonObject:
        """The CreateMessageResult the dialog would send now."""
        return sampling_result(self.text_edit.toPlainText(), self.model_edit.text(), self.stop_reason.currentText())

    def try_approve(self) -> bool:
        """Send the response unless the negotiated version's schema rejects it."""
        value = self.response()
        problems = self.answer_problems(value)
        if problems:
            self.show_problems(problems)
            return False
        self.answer(value)
        return True


class ElicitationDialog(_AnswerDialog):
    """An elicitation/create request. Form mode: a form from requestedSchema. URL mode: the URL,
    opened only by the explicit "Open in browser" button. Accept / Decline / Cancel."""

    def __init__(
        self, params: JsonObject, origin: Origin, timeout: float | None = DEFAULT_TIMEOUT, parent: QWidget | None = None
    ) -> None:
        super().__init__(origin, timeout, parent)
        self.params = params if isinstance(params, dict) else {}
        p = self.params
        self.mode = "url" if p.get("mode") == "url" else "form"
        self.url = str(p.get("url", "")) if self.mode == "url" else ""
        self.opened = False
        self.form: ElicitationForm | None = None
        self.open_button: QPushButton | None = None
        self.message = plain_label(str(p.get("message", "")), selectable=True)
        f = QFont(self.message.font())
        f.setPointSizeF(f.pointSizeF() * 1.08)
        self.message.setFont(f)

        layout = QVBoxLayout(self)
        layout.addWidget(self.banner)
        layout.addSpacing(4)
        layout.addWidget(self.message)

        if self.mode == "form":
            self.form = ElicitationForm(p.get("requestedSchema") or {})
            self.form.setAutoFillBackground(False)
            scroll = QScrollArea()
            scroll.setWidgetResizable(True)
            scroll.setFrameShape(QFrame.Shape.StyledPanel)
            scroll.setWidget(self.form)
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

        self.cancel_button = self._button(lambda: self.answer({"action": "cancel"}))
        self.decline_button = self._button(lambda: self.answer({"action": "decline"}))
        self.accept_button = self._button(self.try_accept, default=True)
        self._add_answer_row(layout, [self.cancel_button, self.decline_button, self.accept_button])
        self._retranslate()
        if self.form is not None:
            want = self.form.sizeHint().height() + 200 + self.message.sizeHint().height()
            self.resize(620, max(380, min(want, 760)))
        else:
            self.resize(620, 340)

    def _retranslate(self) -> None:
        super()._retranslate()
        server = origin_who(self.origin) or self.tr("The server")
        self.setWindowTitle(
            self.tr("{server} asks you to open a link").format(server=server)
            if self.mode == "url"
            else self.tr("{server} asks for information").format(server=server)
        )
        if self.form is not None:
            self.note.setText(
                self.tr(
                    "* required. Servers must not ask for passwords or secrets in a form; such requests belong in URL mode."  # noqa: E501
                )
            )
        else:
            self._retranslate_url()
        self.cancel_button.setText(self.tr("Cancel"))
        self.cancel_button.setToolTip(
            self.tr("Dismiss without a choice: {action}").format(action='{"action": "cancel"}')
        )
        self.decline_button.setText(self.tr("Decline"))
        self.decline_button.setToolTip(self.tr("Refuse explicitly: {action}").format(action='{"action": "decline"}'))
        self.accept_button.setText(self.tr("Accept"))
        self.accept_button.setToolTip(
            self.tr("Send the form's content")
            if self.mode == "form"
            else self.tr("Consent to the out-of-band step (no content is sent)")
        )

    def _build_url(self, layout: QVBoxLayout) -> None:
        parts = urlsplit(self.url)
        self.url_parts = parts
        safe = parts.scheme in ("http", "https") and bool(parts.netloc)
        self.link_box = box = QGroupBox()
        form = QFormLayout(box)
        form.setLabelAlignment(Qt.AlignmentFlag.AlignRight)
        self.host_label = plain_label(parts.hostname or "", selectable=True)
        bold = QFont(self.host_label.font())
        bold.setBold(True)
        self.host_label.setFont(bold)
        self.url_edit = QPlainTextEdit(self.url)
        self.url_edit.setReadOnly(True)
        self.url_edit.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.url_edit.setWordWrapMode(QTextOption.WrapMode.WrapAnywhere)
        self.url_edit.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        lines = 3
        self.url_edit.setFixedHeight(self.url_edit.fontMetrics().lineSpacing() * lines + 12)
        self.site_caption, self.url_caption = plain_label(wrap=False), plain_label(wrap=False)
        form.addRow(self.site_caption, self.host_label)
        form.addRow(self.url_caption, self.url_edit)
        self.open_button = QPushButton()
        self.open_button.clicked.connect(lambda *_: self.confirm_open())
        self.open_status = muted(plain_label())
        self._open_result: bool | None = None  # None until the button opened (or tried to)
        self.url_problem = ErrorLabel("urlProblem")
        if not safe:
            self.open_button.setEnabled(False)
            self.url_problem.setVisible(True)
        row = QHBoxLayout()
        row.addWidget(self.open_button)
        row.addWidget(self.open_status, 1)
        form.addRow("", row)
        form.addRow("", self.url_problem)
        layout.addWidget(box)
        layout.addStretch(1)

    def _retranslate_url(self) -> None:
        parts = self.url_parts
        self.link_box.setTitle(self.tr("Link"))
        if not parts.hostname:
            self.host_label.setText(self.tr("(no host)"))
        self.url_edit.setToolTip(self.tr("The whole URL, exactly as the server sent it"))
        self.site_caption.setText(self.tr("Site"))
        self.url_caption.setText(self.tr("Full URL"))
        button = self.open_button
        if button is not None:
            button.setText(self.tr("Open in browser"))
            button.setToolTip(self.tr("Open this URL in your web browser (only when you click here)"))
        self.open_status.setText(
            self.tr("The inspector opens the link only when you click Open in browser.")
            if self._open_result is None
            else self.tr("Opened in your browser.")
            if self._open_result
            else self.tr("The system could not open the link; copy it from above.")
        )
        if button is not None and not button.isEnabled():
            self.url_problem.setText(
                self.tr("Only http and https links can be opened; this one is {scheme}.").format(
                    scheme=parts.scheme or self.tr("not a URL")
                )
            )

    def _fallback_text(self) -> str:
        return self.tr("Cancelled automatically in {time} if unanswered")

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
        problems = self.answer_problems(value)
        if problems:
            general: list[tuple[str, str]] = []
            for path, message in problems:
                name = content_field(path)
                field = self.form.field(name) if self.form is not None and name is not None else None
                if field is not None:
                    if field.kind == "number" and isinstance(value["content"].get(field.key), float):
                        field.show_error(
                            self.tr("Answers in this protocol version carry whole numbers only: enter a whole number.")
                        )
                    else:
                        field.show_error(
                            self.tr("This protocol version cannot carry this value in an answer: {why}").format(
                                why=message
                            )
                        )
                    field.editor.setFocus()
                else:
                    general.append((path, message))
            self.show_problems(general)
            return False
        self.answer(value)
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
