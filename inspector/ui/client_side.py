"""The client side of MCP, answered by the user: roots, sampling and elicitation dialogs.

Theory of operation
-------------------
The session asks :class:`UiClientHandlers` through one coroutine, ``handle(method, params)``,
for both ways a server can ask the client: a JSON-RPC request (legacy era, answered with a
response) and an input request inside an ``InputRequiredResult`` (2026-07-28, answered in the
retry's ``inputResponses``). A handler returns a result dict or raises ``HandlerError``; the
session turns that into the right message for the era.

Roots are answered at once from the list the user edits (:class:`~.roots_editor.RootsEditor`). Sampling and
elicitation show a non-modal dialog and wait for the user on an ``anyio.Event`` set by the
dialog's ``answered`` signal (never ``exec()``: a nested event loop inside a coroutine
deadlocks under qasync). A wait never hangs: it ends when the user answers, when the timeout
runs out (default 300 s), when the session's server exits, when ``session_ended()`` is
called, or when the waiting task is cancelled (the legacy session cancels its handlers when it
closes). Sampling that is not approved is ``HandlerError(-1, "User rejected sampling
request")``; elicitation that is not answered is ``{"action": "cancel"}``.

Wiring: ``Session(options, handlers=UiClientHandlers(parent, profile.roots))`` is enough to
answer; ``attach(session, task_group)`` (or ``controller=``) adds what needs the session:
dialogs that say which era and path a request came from, rejection when the server exits,
and ``notifications/roots/list_changed`` when the roots change during a legacy session.

Everything the server sends is shown as plain text (``Qt.PlainText`` labels, plain text
editors); URLs from url-mode elicitation are opened only by an explicit button.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeAlias
from urllib.parse import urlsplit

import anyio
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
from inspector.protocol.lifecycle import State
from inspector.protocol.versions import Era
from inspector.session.handlers import ClientHandlers, HandlerError

from .roots_editor import normalize_roots
from .schema_form import SchemaForm
from .theme import mix
from .widgets import ErrorLabel, muted, plain_label

if TYPE_CHECKING:
    from anyio.abc import TaskGroup

    from inspector.protocol.schema import SchemaVerdict
    from inspector.session import Session

    from .controller import SessionController

#: The session's check of an answer against the negotiated version's schema (Session.check_answer).
AnswerCheck: TypeAlias = "Callable[[JsonValue], SchemaVerdict | None]"

DEFAULT_TIMEOUT = 300.0
SAMPLING_REJECTED = "User rejected sampling request"
STOP_REASONS = ("endTurn", "stopSequence", "maxTokens")
DEFAULT_MODEL = "mcp-session-inspector (typed by the user)"


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


@dataclass
class Origin:
    """Where a request to the client came from, for people."""

    method: str
    era: str | None = None  # "legacy" / "modern" / None (unknown: no session attached)
    version: str | None = None
    server: str | None = None
    builtin: bool = False  # ``server`` is the built-in demo's stored (English) name

    def who(self) -> str | None:
        """The server's name in the current language (the built-in one's is translated, as the
        server list shows it); None when unknown."""
        if self.server and self.builtin:
            return QCoreApplication.translate("Profiles", self.server)
        return self.server

    @property
    def path(self) -> str:
        if self.era == "modern":
            return QCoreApplication.translate("Origin", "InputRequiredResult input request {method}").format(
                method=self.method
            )
        if self.era == "legacy":
            return QCoreApplication.translate("Origin", "JSON-RPC request {method}").format(method=self.method)
        return QCoreApplication.translate("Origin", "server request {method}").format(method=self.method)

    def headline(self) -> str:
        who = self.who() or QCoreApplication.translate("Origin", "The server")
        return QCoreApplication.translate("Origin", "{who} asks: {path}").format(who=who, path=self.path)

    def detail(self) -> str:
        if self.era == "modern":
            how = QCoreApplication.translate(
                "Origin",
                "2026-07-28 (modern): the server answered a request with InputRequiredResult; your answer goes into inputResponses of the retried request.",  # noqa: E501
            )
        elif self.era == "legacy":
            how = QCoreApplication.translate(
                "Origin",
                "{version} (legacy): the server sent a JSON-RPC request; your answer is the JSON-RPC response.",
            ).format(version=self.version or QCoreApplication.translate("Origin", "legacy"))
        else:
            how = QCoreApplication.translate("Origin", "Era unknown (no session attached).")
        return how


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
        self.banner = Banner(origin.headline(), origin.detail())
        self.countdown = muted(plain_label(wrap=False))
        self._deadline: float | None = None
        self._answer_check: AnswerCheck | None = None  # see set_answer_check
        self._problems: list[tuple[str, str]] = []  # why the last answer was not sent (show_problems)
        self.problem: ErrorLabel  # made by each kind of dialog, where its layout wants it
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

    def _retranslate(self) -> None:
        """Every text of the dialog in the current language (the server's own text as it came)."""
        self.banner.headline.setText(self.origin.headline())
        self.banner.detail.setText(self.origin.detail())
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
        check = self._answer_check
        if check is None:
            return []
        verdict = check(value)
        if verdict is None or verdict.ok:
            return []
        return [(e.path.removeprefix("/result"), e.message) for e in verdict.errors] or [("", verdict.definition)]

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


def _block_text(block: JsonValue) -> str:
    if not isinstance(block, dict):
        return str(block)
    kind = block.get("type")
    if kind == "text":
        return str(block.get("text", ""))
    if kind in ("image", "audio"):
        data = block.get("data")
        size = len(data) * 3 // 4 if isinstance(data, str) else 0
        return f"[{kind} {block.get('mimeType', '?')}, about {size:,} bytes]"
    if kind == "tool_use":
        return f"[tool_use {block.get('name')} {orjson.dumps(block.get('input', {})).decode()}]"
    if kind == "tool_result":
        inner = block.get("content")
        parts = inner if isinstance(inner, list) else [inner]
        return f"[tool_result {block.get('toolUseId')}] " + " ".join(_block_text(p) for p in parts if p is not None)
    return orjson.dumps(block).decode()


def sampling_transcript(params: JsonObject) -> str:
    """The system prompt and messages of a sampling request, as plain text."""
    lines: list[str] = []
    system = params.get("systemPrompt")
    if isinstance(system, str) and system:
        lines += [QCoreApplication.translate("SamplingDialog", "── system prompt ──"), system, ""]
    messages = params.get("messages")
    for n, msg in enumerate(messages if isinstance(messages, list) else [], 1):
        if not isinstance(msg, dict):
            continue
        content = msg.get("content")
        blocks = content if isinstance(content, list) else [content]
        lines.append(
            QCoreApplication.translate("SamplingDialog", "── message {n}: {role} ──").format(
                n=n, role=msg.get("role", "?")
            )
        )
        lines.append("\n".join(_block_text(b) for b in blocks))
        lines.append("")
    return "\n".join(lines).rstrip() or QCoreApplication.translate("SamplingDialog", "(no messages)")


def _preferences_text(prefs: JsonValue) -> str:
    if not isinstance(prefs, dict) or not prefs:
        return "—"
    parts = []
    hints = prefs.get("hints")
    if isinstance(hints, list) and hints:
        parts.append(
            QCoreApplication.translate("SamplingDialog", "hints {names}").format(
                names=", ".join(str(h.get("name")) for h in hints if isinstance(h, dict))
            )
        )
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
        if any(key in p for key in ("temperature", "stopSequences", "includeContext", "metadata")) or isinstance(
            p.get("tools"), list
        ):
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

        # ---- buttons
        self.reject_button = QPushButton()
        self.approve_button = QPushButton()
        self.approve_button.setDefault(True)
        self.reject_button.clicked.connect(lambda *_: self.answer(None))
        self.approve_button.clicked.connect(lambda *_: self.try_approve())
        self.problem = ErrorLabel("answerProblem")
        buttons = QHBoxLayout()
        buttons.addWidget(self.countdown, 1)
        buttons.addWidget(self.reject_button)
        buttons.addWidget(self.approve_button)

        layout = QVBoxLayout(self)
        layout.addWidget(self.banner)
        layout.addWidget(request_box, 3)
        layout.addWidget(response_box, 2)
        layout.addWidget(self.problem)
        layout.addLayout(buttons)
        self._retranslate()
        self.resize(640, 700)
        self.text_edit.setFocus()

    def _retranslate(self) -> None:
        super()._retranslate()
        p = self.params
        self.setWindowTitle(
            self.tr("Sampling request — {server}").format(server=self.origin.who() or self.tr("server"))
        )
        words = {
            "max": self.tr("Max tokens"), "prefs": self.tr("Model preferences"), "also": self.tr("Also"),
            "role": self.tr("Role"), "model": self.tr("Model"), "stop": self.tr("Stop reason"), "text": self.tr("Text"),
        }  # fmt: skip
        for key, label in self.row_labels.items():
            label.setText(words[key])
        self.preferences_label.setText(_preferences_text(p.get("modelPreferences")))
        extra = []
        for key in ("temperature", "stopSequences", "includeContext", "metadata"):
            if key in p:
                value = p[key]
                extra.append(f"{key} {value if isinstance(value, (int, float, str)) else orjson.dumps(value).decode()}")
        if isinstance(p.get("tools"), list):
            extra.append(
                self.tr("tools {names}").format(
                    names=", ".join(str(t.get("name")) for t in p["tools"] if isinstance(t, dict))
                )
            )
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
        return {
            "role": "assistant",
            "content": {"type": "text", "text": self.text_edit.toPlainText()},
            "model": self.model_edit.text().strip() or DEFAULT_MODEL,
            "stopReason": self.stop_reason.currentText().strip() or "endTurn",
        }

    def try_approve(self) -> bool:
        """Send the response unless the negotiated version's schema rejects it."""
        value = self.response()
        problems = self.answer_problems(value)
        if problems:
            self.show_problems(problems)
            return False
        self.answer(value)
        return True

    def approve(self) -> None:
        self.approve_button.click()

    def reject_request(self) -> None:
        self.reject_button.click()


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

        self.cancel_button = QPushButton()
        self.decline_button = QPushButton()
        self.accept_button = QPushButton()
        self.accept_button.setDefault(True)
        self.cancel_button.clicked.connect(lambda *_: self.answer({"action": "cancel"}))
        self.decline_button.clicked.connect(lambda *_: self.answer({"action": "decline"}))
        self.accept_button.clicked.connect(lambda *_: self.try_accept())
        self.problem = ErrorLabel("answerProblem")
        layout.addWidget(self.problem)
        buttons = QHBoxLayout()
        buttons.addWidget(self.countdown, 1)
        buttons.addWidget(self.cancel_button)
        buttons.addWidget(self.decline_button)
        buttons.addWidget(self.accept_button)
        layout.addLayout(buttons)
        self._retranslate()
        if self.form is not None:
            want = self.form.sizeHint().height() + 200 + self.message.sizeHint().height()
            self.resize(620, max(380, min(want, 760)))
        else:
            self.resize(620, 340)

    def _retranslate(self) -> None:
        super()._retranslate()
        server = self.origin.who() or self.tr("The server")
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
                parts = path.split("/")
                name = (
                    parts[2].replace("~1", "/").replace("~0", "~") if len(parts) > 2 and parts[1] == "content" else None
                )
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
    dialogOpened = Signal(object)  # the dialog (SamplingDialog / ElicitationDialog)
    dialogClosed = Signal(object, str)  # the dialog, how it ended ("answered", "timeout", "session ended", "cancelled")
    rootsAnswered = Signal(str)  # the path it came from ("JSON-RPC request roots/list", ...)
    rootsNotified = Signal()  # notifications/roots/list_changed was sent


@dataclass
class _Wait:
    event: anyio.Event = field(default_factory=anyio.Event)
    value: JsonValue = None
    how: str = ""


class UiClientHandlers(ClientHandlers):
    """Roots from an editable list; sampling and elicitation answered by the user in dialogs.

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
        super().__init__(roots=normalize_roots(roots or []))
        self.parent = parent
        self.timeout = timeout
        self.session: Session | None = None
        self.task_group: TaskGroup | None = None
        self.controller = controller
        self.signals = HandlerSignals()
        self.open_dialogs: list[_AnswerDialog] = []
        self.history: list[tuple[str, str]] = []  # (method, how it ended), newest last
        self._waits: dict[_AnswerDialog, _Wait] = {}
        if controller is not None:
            controller.runningChanged.connect(lambda running: None if running else self.session_ended())

    __hash__ = object.__hash__  # dataclass eq made the base unhashable; identity is what we want
    __eq__ = object.__eq__

    # ---------------------------------------------------------------- wiring

    def attach(self, session: Session, task_group: TaskGroup | None = None) -> None:
        """The session these handlers answer for (and a task group for notifications)."""
        self.session = session
        if task_group is not None:
            self.task_group = task_group

    def _session(self) -> Session | None:
        if self.session is not None:
            return self.session
        return self.controller.session if self.controller is not None else None

    def _start(self, fn: Callable[[Session], Coroutine[object, object, None]], session: Session) -> bool:
        """Run ``fn(*args)`` in the task group given to attach() or the controller's; with
        attach(session) alone, in the session's own (it lives exactly as long as the work may
        be done: it is how the session answers server requests too)."""
        tg = self.task_group
        if tg is None and self.controller is not None:
            tg = self.controller.task_group
        if tg is not None:
            tg.start_soon(fn, session)
            return True
        return session.start_soon(fn, session)

    def origin(self, method: str) -> Origin:
        session = self._session()
        if session is None:
            return Origin(method)
        n = session.negotiation()
        info = n.server_info
        named = session.recording.header.get("server_name")
        server = named or info.get("title") or info.get("name")
        profile = self.controller.profile if self.controller is not None else None
        builtin = bool(named) and profile is not None and profile.builtin and profile.name == named
        return Origin(method, n.era, n.version, str(server) if server else None, builtin)

    def session_ended(self) -> None:
        """The session is over: every open dialog ends (sampling rejected, elicitation cancelled)."""
        for wait in list(self._waits.values()):
            if not wait.event.is_set():
                wait.how = "session ended"
                wait.event.set()

    # ---------------------------------------------------------------- roots

    def set_roots(self, roots: list[JsonObject]) -> bool:
        """Replace the roots. In a legacy session whose client declared roots.listChanged,
        ``notifications/roots/list_changed`` is sent; returns True when it will be."""
        new = normalize_roots(roots)
        if new == self.roots:
            return False
        self.roots = new
        session = self._session()
        if session is None or not self.notifies_roots(session):
            return False
        return self._start(self._send_roots_changed, session)

    @staticmethod
    def notifies_roots(session: Session) -> bool:
        """Legacy, past the handshake, and the client offered roots.listChanged in initialize."""
        n = session.negotiation()
        if n.era != Era.LEGACY.value or n.state != State.OPERATING.value:
            return False
        roots = n.client_capabilities.get("roots")
        return isinstance(roots, dict) and bool(roots.get("listChanged"))

    async def _send_roots_changed(self, session: Session) -> None:
        try:
            await session.notify("notifications/roots/list_changed")
        except Exception:  # the server is gone: nothing to tell
            return
        self.signals.rootsNotified.emit()

    async def list_roots(self, params: JsonObject) -> JsonObject:
        self.history.append(("roots/list", "answered"))
        self.signals.rootsAnswered.emit(self.origin("roots/list").path)
        out = []
        for r in self.roots:
            item = {"uri": r["uri"]}
            if r.get("name"):
                item["name"] = r["name"]
            out.append(item)
        return {"roots": out}

    # ---------------------------------------------------------------- sampling

    async def create_message(self, params: JsonObject) -> JsonObject:
        dialog = SamplingDialog(params, self.origin("sampling/createMessage"), self.timeout, self.parent)
        self._wire_check(dialog, "sampling/createMessage")
        value, how = await self._ask("sampling/createMessage", dialog)
        if how == "answered" and isinstance(value, dict):
            return value
        reason = {
            "answered": "the user rejected it",
            "timeout": f"no answer within {self.timeout:g} s",
            "session ended": "the session ended",
        }.get(how, how)
        raise HandlerError(-1, SAMPLING_REJECTED, {"reason": reason})

    # ---------------------------------------------------------------- elicitation

    async def elicit(self, params: JsonObject) -> JsonObject:
        dialog = ElicitationDialog(params, self.origin("elicitation/create"), self.timeout, self.parent)
        self._wire_check(dialog, "elicitation/create")
        value, how = await self._ask("elicitation/create", dialog)
        if how == "answered" and isinstance(value, dict):
            return value
        return {"action": "cancel"}

    def _wire_check(self, dialog: _AnswerDialog, method: str) -> None:
        session = self._session()
        if session is not None:
            dialog.set_answer_check(lambda value: session.check_answer(method, value))

    # ---------------------------------------------------------------- waiting for the user

    async def _ask(self, method: str, dialog: _AnswerDialog) -> tuple[JsonValue, str]:
        wait = _Wait()
        self._waits[dialog] = wait

        def on_answer(value: JsonValue) -> None:
            if not wait.event.is_set():
                wait.value, wait.how = value, "answered"
                wait.event.set()

        dialog.answered.connect(on_answer)
        self.open_dialogs.append(dialog)
        session = self._session()
        try:
            dialog.show()
            dialog.raise_()
            dialog.activateWindow()
            self.signals.dialogOpened.emit(dialog)
            with anyio.move_on_after(self.timeout):
                async with anyio.create_task_group() as tg:
                    if session is not None:

                        async def watch_exit() -> None:
                            await session.wait_exit(math.inf)
                            if not wait.event.is_set():
                                wait.how = "session ended"
                                wait.event.set()

                        tg.start_soon(watch_exit)
                    await wait.event.wait()
                    tg.cancel_scope.cancel()
            if not wait.event.is_set():
                wait.how = "timeout"
        except BaseException:
            wait.how = wait.how or "cancelled"
            raise
        finally:
            if wait.how != "answered":
                dialog.expire()
            self._waits.pop(dialog, None)
            if dialog in self.open_dialogs:
                self.open_dialogs.remove(dialog)
            self.history.append((method, wait.how))
            self.signals.dialogClosed.emit(dialog, wait.how)
            dialog.deleteLater()
        return wait.value, wait.how
