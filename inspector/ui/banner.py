"""The failure banner: what went wrong in a session, in plain words, over the diagram.

Built from :func:`inspector.session.operations.failure_report` and worded by
:mod:`inspector.session.failure_words` (both Qt-free): the outcome or the failure edge, the
rules flagged where it happened with their text and spec section, how the server ended and its
last stderr lines. It stays until the next session or recording, or until
the user closes it; "Show in timeline" selects the entry where it went wrong, "Diagnose" runs
the Connection Doctor on the selected server (the window's ``act_diagnose``). Everything in it
is plain text (server stderr included). A failed authorization's step is named (``auth_view``).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, Qt, Signal
from PySide6.QtWidgets import QFrame, QWidget

from inspector.session.failure_words import failure_text
from inspector.session.operations import FailureReport
from inspector.session.recording import Recording

from .form_rows import bold, spaced
from .theme import tone
from .widgets import hbox, mono_font, plain_label, push_button, tool_button, vbox


class FailureBanner(QFrame):
    showEntry = Signal(int)  # "Show in timeline": the entry where it went wrong
    diagnose = Signal()  # "Diagnose": the Connection Doctor on the selected server

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("failureBanner")
        self.report: FailureReport | None = None
        self.recording: Recording | None = None
        self.headline = bold(plain_label(selectable=True))
        self.headline.setObjectName("failureHeadline")
        self.auth = plain_label(selectable=True)  # the failing authorization step
        self.rules = plain_label(selectable=True)
        self.rules.setObjectName("failureRules")
        self.exit = plain_label(selectable=True)
        self.stderr = plain_label(selectable=True)
        self.stderr.setObjectName("failureStderr")
        self.stderr.setFont(mono_font())
        self.show_button = push_button("", self._show_entry)
        self.diagnose_button = push_button("", self.diagnose.emit)
        self.diagnose_button.setObjectName("failureDiagnose")
        self.close_button = tool_button("✕", self.hide)
        self.close_button.setAutoRaise(True)
        text = spaced(vbox(self.headline, self.auth, self.rules, self.exit, self.stderr), 2)
        side = vbox((self.close_button, 0, Qt.AlignmentFlag.AlignRight), 1, self.show_button, self.diagnose_button)
        row = hbox(parent=self)
        row.setContentsMargins(10, 6, 6, 6)
        row.addLayout(text, 1)
        row.addLayout(side)
        self._retranslate()
        self._colour()
        self.hide()

    def show_report(self, report: FailureReport | None, rec: Recording | None = None) -> None:
        """Show ``report`` (None hides the banner); ``rec``: the session's recording, whose failed
        authorization step, if any, is named."""
        self.report, self.recording = report, rec
        if report is None:
            self.hide()
            return
        from inspector.session.auth_view import auth_failure  # on the first failure, not to start

        text = failure_text(QCoreApplication.translate, report)
        for label, words in (
            (self.headline, text.headline),
            (self.auth, auth_failure(rec, QCoreApplication.translate)),
            (self.rules, text.rules),
            (self.exit, text.server),
            (self.stderr, text.stderr),
        ):
            label.setText(words)
            label.setVisible(bool(words))
        self.show_button.setVisible(report.seq is not None)
        self.show()

    def _show_entry(self) -> None:
        if self.report is not None and self.report.seq is not None:
            self.showEntry.emit(self.report.seq)

    def _retranslate(self) -> None:
        self.show_button.setText(QCoreApplication.translate("FailureBanner", "Show in timeline"))
        self.close_button.setToolTip(QCoreApplication.translate("FailureBanner", "Hide until the next failure"))
        self.diagnose_button.setText(QCoreApplication.translate("FailureBanner", "Diagnose"))
        self.diagnose_button.setToolTip(
            QCoreApplication.translate(
                "FailureBanner", "Run the Connection Doctor: each check in order, what was seen and what to do"
            )  # noqa: E501
        )
        if self.report is not None:
            self.show_report(self.report, self.recording)

    def _colour(self) -> None:
        error = tone(self, "error")
        self.setStyleSheet(
            f"QFrame#failureBanner {{ border: 1px solid {error}; border-radius: 4px; }} "
            f"QLabel#failureHeadline {{ color: {error}; }}"
        )

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        elif event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            self._colour()
        super().changeEvent(event)
