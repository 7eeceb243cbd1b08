"""The lifecycle diagram's explanation panel: a state's explanation as plain text, beside the
drawing when the diagram is wide and below it when not (:func:`~inspector.session.diagram_plan.explanation_box`
places it), with a close button in its corner and a link to the spec page it cites.

The text is :mod:`inspector.session.diagram_words`'s (through
:meth:`~inspector.session.diagram_state.DiagramState.explanation`); the panel only shows it: it
scrolls, and no line is cut at its foot (:class:`~inspector.ui.whole_lines.WholeLines`). Its words
are :mod:`~inspector.session.diagram_words`' too, in the diagram's translation context,
"LifecycleDiagram".
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QWidget

from inspector.session.diagram_words import CONTEXT, WORDS

from .form_rows import set_words
from .whole_lines import WholeLines, label_runs
from .widgets import scroll_area, tool_button

__all__ = ["ExplanationPanel"]


class ExplanationPanel(QFrame):
    """A state's explanation; hidden until :meth:`show_text` is given one."""

    def __init__(self, parent: QWidget, close: Callable[[], object], open_spec: Callable[[], object]) -> None:
        super().__init__(parent)
        self.setObjectName("lifecycleExplanationPanel")
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.label = QLabel()
        self.label.setObjectName("lifecycleExplanation")
        self.label.setTextFormat(Qt.TextFormat.PlainText)
        self.label.setWordWrap(True)
        self.label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.label.setContentsMargins(10, 8, 26, 8)  # room for the close button
        self.text_scroll = scroll_area(self.label)
        self.text_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.text_scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self._lines = WholeLines(self.text_scroll, label_runs(self.label), (self.label,))  # no line cut at the foot
        self.close_button = tool_button("✕", close)
        self.close_button.setAutoRaise(True)
        self.spec_link = tool_button("", open_spec)  # opens the spec page the explanation cites
        self.spec_link.setAutoRaise(True)
        self.spec_link.setObjectName("lifecycleSpecLink")
        self.spec_link.setCursor(Qt.CursorShape.PointingHandCursor)
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.addWidget(self.text_scroll, 0, 0)
        grid.addWidget(self.close_button, 0, 0, Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignRight)
        grid.addWidget(self.spec_link, 1, 0, Qt.AlignmentFlag.AlignLeft)
        self.hide()

    def retranslate(self) -> None:
        set_words(self, CONTEXT, WORDS, {"close_button": ("", "close-tip"), "spec_link": ("", "spec-tip")})
        self.setAccessibleName(QCoreApplication.translate(CONTEXT, WORDS["panel"]))
        self.close_button.setAccessibleName(QCoreApplication.translate(CONTEXT, WORDS["close"]))

    def show_text(self, text: str | None) -> None:
        """Show ``text`` (an explanation, which names its spec section); None: hide the panel."""
        if text is None:
            self.label.clear()
            self.hide()
        else:
            self.label.setText(text)
            self.spec_link.setText(QCoreApplication.translate(CONTEXT, WORDS["open-spec"]) + " ↗")
            self.show()
