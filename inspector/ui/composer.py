"""The composer: write a message of one's own and send it to the server as it is.

A non-modal window over the live session. A template for any client method of the version in
use (built from its schema by the session) fills the editor; the text is edited freely, with
JSON colouring, and judged as it changes (``Session.judge_text``: kind, method, id, the rules
it would break, its schema verdict), changing nothing. Send writes it with
``Session.send_text`` - over stdio valid JSON spread over several lines is compacted to the
one line stdio allows, anything else must already be one line - and the timeline shows it as
hand-written with its answer paired. A message that breaks a rule or the schema is sent only
after a second press ("Send anyway"); editing it asks again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QComboBox, QDialog, QLabel, QPlainTextEdit, QWidget

from inspector.protocol.jsontypes import JsonValue
from inspector.session import Session, SessionError
from inspector.session.composing import (
    CONTEXT,
    WORDS,
    SendStep,
    breaks_something,
    compact,
    judgement_lines,
    pretty,
    resend_text,
    send_step,
    template_choices,
    wire_text,
)
from inspector.session.recording import TransportKind

from .form_rows import set_words, word_of
from .json_highlight import JsonHighlighter
from .widgets import hbox, mono_font, muted, plain_label, push_button, set_tone, vbox

if TYPE_CHECKING:
    from inspector.session.outcomes import TextVerdict

    from .controller import SessionController


_word = word_of(CONTEXT, WORDS)  # _word(key): WORDS[key] in the window's language


class ComposerDialog(QDialog):
    """Write and send one message at a time; ``sent(seq)`` names the recording entry it became."""

    sent = Signal(int)

    def __init__(self, controller: SessionController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.setObjectName("composer")
        self.setModal(False)
        self.resize(620, 520)
        self._confirmed_text: str | None = None  # the text "Send anyway" was pressed for
        self.verdict: TextVerdict | None = None  # the last one shown
        self.template_label = QLabel()
        self.template = QComboBox()
        self.template.setMinimumContentsLength(22)
        self.template.activated.connect(self._template_chosen)
        self.id_label = muted(plain_label(wrap=False))
        self.editor = QPlainTextEdit()
        self.editor.setFont(mono_font())
        self.editor.setTabChangesFocus(True)
        self.editor.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.highlighter = JsonHighlighter(self.editor.document(), self)
        self.editor.textChanged.connect(self._edited)
        self.summary = plain_label(wrap=True, selectable=True)
        self.findings = plain_label(wrap=True, selectable=True)
        set_tone(self.findings, "error")
        self.status = plain_label(wrap=True, selectable=True)
        self._status_words: tuple[str, dict[str, object]] | None = None  # what the status line says (_say)
        self.compact_button = push_button("", self.compact)
        self.send_button = push_button("", self.send)
        self.send_button.setDefault(True)
        vbox(
            hbox(self.template_label, (self.template, 1), self.id_label),
            (self.editor, 1),
            self.summary,
            self.findings,
            self.status,
            hbox(self.compact_button, 1, self.send_button),
            parent=self,
        )
        QShortcut(QKeySequence("Ctrl+Return"), self).activated.connect(self.send)
        self._judge_timer = QTimer(self)
        self._judge_timer.setSingleShot(True)
        self._judge_timer.setInterval(150)
        self._judge_timer.timeout.connect(self.judge)
        self._retranslate()

    def _live(self) -> Session | None:
        """The running session, or None (a finished one stays on the controller for its summary)."""
        return self.controller.session if self.controller.running else None

    # ------------------------------------------------------------------ what it offers

    def refresh(self) -> None:
        """Take the methods of the session's version and its next free id."""
        session = self._live()
        current = self.template.currentData()
        requests, notifications = session.composer_methods() if session is not None else ([], [])
        self.template.clear()
        for text, method in template_choices(requests, notifications, QCoreApplication.translate):
            self.template.addItem(text, method)
        self.id_label.setText(_word("next_id").format(id=session.suggest_id()) if session is not None else "")
        self.template.setCurrentIndex(max(0, self.template.findData(current)))
        self.judge()

    def use_template(self, method: str) -> bool:
        session = self._live()
        if session is None:
            return False
        self.set_text(pretty(session.composer_template(method)))
        i = self.template.findData(method)
        if i >= 0:
            self.template.setCurrentIndex(i)
        return True

    def edit_copy_of(self, obj: JsonValue, raw_text: str) -> None:
        """Edit and resend: the message of an entry, a request with the next free id."""
        session = self._live()
        self.set_text(resend_text(obj, raw_text, session.suggest_id() if session is not None else None))

    def set_text(self, text: str) -> None:
        self.editor.setPlainText(text)
        self.judge()

    # ------------------------------------------------------------------ judging

    def _edited(self) -> None:
        self._confirmed_text = None
        self._update_send_button()
        self._judge_timer.start()

    def judge(self) -> None:
        """Show what the text would be if sent now (nothing is sent)."""
        self._judge_timer.stop()
        session = self._live()
        text = self.editor.toPlainText()
        self.verdict = None  # nothing to judge without a session or a text
        if session is not None and text.strip():
            self.verdict = session.judge_text(self.wire_text(text) or text)
        summary, findings = judgement_lines(self.verdict, QCoreApplication.translate, connected=session is not None)
        self.summary.setText(summary)
        self.findings.setText(findings)
        self._update_send_button()

    def _update_send_button(self) -> None:
        self.send_button.setText(_word("send_anyway" if self._confirmed_text is not None else "send"))
        self.send_button.setEnabled(self._live() is not None and bool(self.editor.toPlainText().strip()))

    # ------------------------------------------------------------------ sending

    def wire_text(self, text: str) -> str | None:
        """The text as it will go out: over stdio, valid JSON on several lines is compacted to
        one line; None when stdio cannot carry it (not JSON, and more than one line)."""
        session = self._live()
        return wire_text(text, one_line=session is not None and session.negotiation().transport == TransportKind.STDIO)

    def _say(self, key: str, **values: object) -> None:
        """The status line says WORDS[key] (with ``values``), and says it again after a language switch."""
        self._status_words = (key, values)
        self.status.setText(_word(key).format(**values))

    def compact(self) -> None:
        """Rewrite valid JSON on one line (what goes out over stdio anyway)."""
        try:
            self.set_text(compact(self.editor.toPlainText()))
        except ValueError as exc:
            self._say("not_json", why=str(exc))

    def send(self) -> bool:
        """Send the text (a second press for one that breaks a rule). True when it went out."""
        session = self._live()
        tg = self.controller.task_group
        text = self.editor.toPlainText()
        wire = self.wire_text(text) if session is not None else None
        if session is not None and wire is not None and text.strip():
            self.judge()
        connected = session is not None and tg is not None
        step = send_step(
            text, wire, connected=connected, breaks=breaks_something(self.verdict), confirmed=self._confirmed_text
        )
        if step is SendStep.CONFIRM:
            self._confirmed_text = text
            self._update_send_button()
        if step is not SendStep.GO or session is None or tg is None or wire is None:
            self._say(step.value)
            return False

        async def go() -> None:
            try:
                done = await session.send_text(wire)
            except (SessionError, ValueError) as exc:
                self._say("not_sent", why=str(exc))
                return
            self._say("sent", seq=done.seq)
            self._confirmed_text = None
            self.refresh()
            self.sent.emit(done.seq)

        tg.start_soon(go)
        return True

    def _template_chosen(self, index: int) -> None:
        method = self.template.itemData(index)
        if method:
            self.use_template(method)

    # ------------------------------------------------------------------ language, theme

    def _retranslate(self) -> None:
        self.setWindowTitle(_word("title"))
        set_words(
            self,
            CONTEXT,
            WORDS,
            {"template_label": ("template", ""), "editor": ("placeholder", ""), "compact_button": ("compact", "")},
        )
        self.send_button.setToolTip(_word("send_tip"))
        self._update_send_button()
        if self._status_words is not None:
            self._say(self._status_words[0], **self._status_words[1])

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange and hasattr(self, "send_button"):
            self._retranslate()
            self.refresh()
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange) and hasattr(
            self, "highlighter"
        ):
            self.highlighter.retint()
        super().changeEvent(event)


__all__ = ["ComposerDialog"]
