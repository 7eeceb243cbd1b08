"""Step mode banner: the step at the gate (a client message about to be sent, a server message
waiting to be taken in, or a shutdown step about to be taken), pretty-printed with the fields
that matter in bold, what it does and what the method is for (protocol.teaching), a link to the
spec page that says so, Continue, Run to end and Step back.

The bar stays small on a short screen: its first line holds the title and the buttons; the
explanation, the spec link and the message below it scroll inside whatever height is left
(down to none), and "Details" folds them away altogether, leaving one line of text (the title
and the explanation, elided; the whole in its tooltip). The diagram above keeps its room."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QSize, Qt, Signal
from PySide6.QtGui import QFont, QFontMetrics, QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QWidget,
)

from inspector.session.session import PendingStep
from inspector.session.step_words import CONTEXT, CONTROLS, EMPHASIS, WORDS, message_text, step_text

from .form_rows import set_words
from .json_highlight import JsonHighlighter
from .whole_lines import WholeLines, label_runs, plain_text_runs
from .widgets import hbox, mono_font, plain_label, scroll_area, vbox


class _Title(QLabel):
    """The bar's title: wrapped to its width, but its height does not make the whole bar a
    height-for-width widget (a layout would then pin the bar to that height and squeeze the
    explanation and message below it to nothing); it keeps the lines it needs as its minimum."""

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt override
        return False

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        """As high as its lines at its width (QLabel's own guesses a width of its own for
        wrapped text, and a height of two or three lines)."""
        hint = super().sizeHint()
        if self.wordWrap() and self.width() > 0:
            hint.setHeight(self.lines_height(self.width()))
        return hint

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        need = self.lines_height(self.width()) if self.wordWrap() and self.width() > 0 else 0
        if need > 0 and need != self.minimumHeight():
            self.setMinimumHeight(need)
        elif need <= 0 and self.minimumHeight():
            self.setMinimumHeight(0)

    def lines_height(self, width: int) -> int:
        """The height the text wrapped to ``width`` needs, from the font's own metrics (not
        QLabel.heightForWidth: that never answers less than the label's minimum height, so a
        minimum set from it could only grow - presenter mode's large type left a band behind)."""
        margins = self.contentsMargins()
        inner = max(1, width - margins.left() - margins.right() - 2 * self.margin())
        flags = int(self.alignment().value) | int(Qt.TextFlag.TextWordWrap.value)
        text = QFontMetrics(self.font()).boundingRect(0, 0, inner, 100000, flags, self.text()).height()
        return text + margins.top() + margins.bottom() + 2 * self.margin()


class StepBar(QFrame):
    continueClicked = Signal()
    runToEndClicked = Signal()
    backClicked = Signal()
    specRequested = Signal(str)  # a spec reference: "<version> <page>#<section>"

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setObjectName("stepBar")
        self.setStyleSheet(
            "#stepBar { background: palette(alternate-base); border: 1px solid palette(highlight); "
            "border-radius: 4px; }"
        )
        self.title = _Title()
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        self.title.setSizePolicy(
            QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred
        )  # elided, never widens the bar
        self._title_text = ""
        f = self.title.font()
        f.setBold(True)
        self.title.setFont(f)
        self.explanation = plain_label()
        self.note = plain_label()  # what the method is for (protocol.teaching)
        self.note.setObjectName("stepNote")
        self.spec_link = QPushButton()
        self.spec_link.setFlat(True)
        self.spec_link.setCursor(Qt.CursorShape.PointingHandCursor)
        self.spec_link.setObjectName("specLink")
        self.spec_link.setStyleSheet(
            "#specLink { color: palette(link); text-decoration: underline; text-align: left; "
            "padding: 0; border: none; }"
        )
        self.spec_link.clicked.connect(self._spec_clicked)
        self.message = QPlainTextEdit()
        self.message.setReadOnly(True)
        self.highlighter = JsonHighlighter(self.message.document(), self.message, EMPHASIS)
        self.message.setFont(mono_font())
        self.message.setMaximumHeight(140)
        self.message.setMinimumHeight(0)
        self.message.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.continue_button = QPushButton()
        self.continue_button.setDefault(True)
        self.run_button = QPushButton()
        self.back_button = QPushButton()
        self.back_button.clicked.connect(self.backClicked.emit)
        self.details_button = QToolButton()  # folds the explanation and the message away
        self.details_button.setCheckable(True)
        self.details_button.setChecked(True)
        self.details_button.setAutoRaise(True)
        self.details_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.details_button.toggled.connect(self.set_details)
        self._retranslate()
        self.continue_button.clicked.connect(self.continueClicked.emit)
        self.run_button.clicked.connect(self.runToEndClicked.emit)
        self.buttons = QWidget()  # beside the title, or under it when the bar is narrow
        buttons = (self.details_button, self.back_button, self.run_button, self.continue_button)
        hbox(1, *buttons, margins=False, parent=self.buttons)
        self.head = QGridLayout()  # one line: the title, then the buttons
        self.head.setContentsMargins(0, 0, 0, 0)
        self.head.setColumnStretch(0, 1)
        self.head.addWidget(self.title, 0, 0)
        self.head.addWidget(self.buttons, 0, 1)
        self._buttons_below = False
        # the explanation and the note scroll when the bar is short (a small screen, presenter
        # mode's larger type) instead of being squeezed over each other
        words = QWidget()
        words.setObjectName("stepWords")
        vbox(self.explanation, self.note, 1, margins=False, parent=words)
        self.words = scroll_area(words)
        self.words.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.words.setStyleSheet("QScrollArea, #stepWords { background: transparent; }")
        self.words.setMinimumHeight(0)
        self.details = QWidget()  # what "Details" folds away; it scrolls in whatever height is left
        self.details.setObjectName("stepDetails")
        self.details.setMinimumHeight(0)
        self.details.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Ignored)
        link = (self.spec_link, 0, Qt.AlignmentFlag.AlignLeft)
        vbox((self.words, 1), link, (self.message, 1), margins=False, parent=self.details)
        # no line cut in half by the edge of the explanation's or the message's frame
        self.whole_lines = (
            WholeLines(self.words, label_runs(self.explanation, self.note), (self.explanation, self.note)),
            WholeLines(self.message, plain_text_runs(self.message)),
        )
        vbox(self.head, (self.details, 1), parent=self).setContentsMargins(6, 4, 6, 4)
        self.set_details(True)
        self.pending: PendingStep | None = None
        self.hide()

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        """Room for the details when they are shown (the layout may give less: they scroll)."""
        hint = super().sizeHint()
        if self.details_button.isChecked():
            layout = self.layout()
            first = layout.itemAt(0) if layout is not None else None
            if first is not None:
                hint.setHeight(max(hint.height(), first.sizeHint().height() + 210))
        return hint

    def _spec_clicked(self) -> None:
        if self.pending is not None and self.pending.spec:
            self.specRequested.emit(self.pending.spec)

    def set_details(self, on: bool) -> None:
        """Show or fold away the explanation, the spec link and the message (one line left)."""
        if self.details_button.isChecked() != on:
            self.details_button.setChecked(on)
            return
        self.details.setVisible(on)
        # folded, its one line and no more (the diagram above takes any room left over)
        self.setSizePolicy(
            QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred if on else QSizePolicy.Policy.Fixed
        )
        self.details_button.setArrowType(Qt.ArrowType.DownArrow if on else Qt.ArrowType.RightArrow)
        self._details_floor()
        self._elide_title()
        self.updateGeometry()

    def _details_floor(self) -> None:
        """Shown, the details keep about four lines (the window gives the bar that much before
        the timeline); the rest scrolls."""
        line = QFontMetrics(self.font()).lineSpacing()
        self.words.setMinimumHeight(int(line * 2.6))  # the explanation: two lines and more before the message
        self.details.setMinimumHeight(int(line * 6.5) if self.details_button.isChecked() else 0)

    @property
    def title_text(self) -> str:
        """The title in full (the label shows it elided to its width)."""
        return self._title_text

    @property
    def details_shown(self) -> bool:
        return self.details_button.isChecked()

    def _elide_title(self) -> None:
        """With the details shown, the title whole (wrapped beside the buttons when narrow);
        folded, the title and the explanation on one line, elided (the whole in the tooltip)."""
        text = self._title_text
        folded = not self.details_button.isChecked()
        self.title.setWordWrap(not folded)
        if folded and self.explanation.text():
            text += " — " + self.explanation.text().replace("\n", " ")
        shown = (
            QFontMetrics(self.title.font()).elidedText(text, Qt.TextElideMode.ElideRight, max(40, self.title.width()))
            if folded
            else text
        )
        if shown != self.title.text():
            self.title.setText(shown)
        self.title._fit()
        self.title.setToolTip(text if shown != text else "")

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self._arrange_head()
        self._elide_title()

    def _arrange_head(self) -> None:
        """The buttons go under the title when beside it the title would have less than about
        twenty characters' room a line (a narrow column: the Teaching layout, presenter mode)."""
        fm = QFontMetrics(self.title.font())
        room = self.contentsRect().width() - self.buttons.sizeHint().width() - 24
        below = room < min(fm.horizontalAdvance(self._title_text or "x"), fm.averageCharWidth() * 24)
        if below == self._buttons_below:
            return
        self._buttons_below = below
        self.head.removeWidget(self.buttons)
        if below:
            self.head.addWidget(self.buttons, 1, 0)
        else:
            self.head.addWidget(self.buttons, 0, 1)

    def _retranslate(self) -> None:
        set_words(self, CONTEXT, WORDS, CONTROLS)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.FontChange and hasattr(self, "message"):
            # the title (bold) and the message (fixed pitch) keep their faces at the bar's size
            title = QFont(self.font())
            title.setBold(True)
            self.title.setFont(title)
            mono = mono_font()
            mono.setPointSizeF(self.font().pointSizeF())
            self.message.setFont(mono)
            self.message.setMaximumHeight(int(QFontMetrics(mono).lineSpacing() * 6.5))
            self.explanation.setFont(self.font())
            self.note.setFont(self.font())
            self.spec_link.setFont(self.font())
            self._details_floor()
            self._elide_title()  # the title's lines in the new type
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange) and hasattr(
            self, "highlighter"
        ):
            self.highlighter.retint()
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
        words = step_text(QCoreApplication.translate, step)
        self._title_text = words.title
        self.continue_button.setToolTip(words.continue_tip)
        self.explanation.setText(words.explanation)
        self.note.setText(words.note)
        self.note.setVisible(bool(step.note))
        self.spec_link.setText(words.spec_link)
        self.spec_link.setVisible(bool(step.spec))
        self.message.setPlainText(message_text(step.raw) if step.raw else "")
        self.message.setVisible(bool(step.raw))
        self._arrange_head()
        self._elide_title()
        self.show()
        self.continue_button.setFocus()
