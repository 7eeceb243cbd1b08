"""Step mode banner: the message about to be sent, the rule it fulfils, Continue."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, Qt, Signal
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPlainTextEdit, QPushButton, QVBoxLayout, QWidget

from inspector.protocol.framing import display_text
from inspector.session.session import PendingStep


class StepBar(QFrame):
    continueClicked = Signal()
    runToEndClicked = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setObjectName("stepBar")
        self.setStyleSheet("#stepBar { background: palette(alternate-base); border: 1px solid palette(highlight); border-radius: 4px; }")
        self.title = QLabel()
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        f = self.title.font()
        f.setBold(True)
        self.title.setFont(f)
        self.explanation = QLabel()
        self.explanation.setTextFormat(Qt.TextFormat.PlainText)
        self.explanation.setWordWrap(True)
        self.message = QPlainTextEdit()
        self.message.setReadOnly(True)
        self.message.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.message.setMaximumHeight(64)
        self.message.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.continue_button = QPushButton()
        self.continue_button.setDefault(True)
        self.run_button = QPushButton()
        self._retranslate()
        self.continue_button.clicked.connect(self.continueClicked.emit)
        self.run_button.clicked.connect(self.runToEndClicked.emit)
        buttons = QVBoxLayout()
        buttons.addWidget(self.continue_button)
        buttons.addWidget(self.run_button)
        buttons.addStretch(1)
        text = QVBoxLayout()
        text.addWidget(self.title)
        text.addWidget(self.explanation)
        text.addWidget(self.message)
        layout = QHBoxLayout(self)
        layout.addLayout(text, 1)
        layout.addLayout(buttons)
        self.pending: PendingStep | None = None
        self.hide()

    def _retranslate(self) -> None:
        self.continue_button.setText(self.tr("Continue"))
        self.continue_button.setToolTip(self.tr("Send this message (F8)"))
        self.run_button.setText(self.tr("Run to end"))
        self.run_button.setToolTip(self.tr("Leave step mode for the rest of the start sequence"))

    def changeEvent(self, event) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange and hasattr(self, "run_button"):
            self._retranslate()
            if self.pending is not None:
                self.show_step(self.pending)
        super().changeEvent(event)

    def show_step(self, step: PendingStep | None) -> None:
        self.pending = step
        if step is None:
            self.hide()
            return
        self.title.setText(self.tr("Step mode: this message waits for Continue"))
        self.explanation.setText(QCoreApplication.translate("Steps", step.explanation))
        self.message.setPlainText(display_text(step.raw))
        self.show()
        self.continue_button.setFocus()
