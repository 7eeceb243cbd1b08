"""JSON colouring for text editors: keys, strings, numbers and literals in the theme's colours,
with optional emphasis of chosen keys (the composer, the step bar, the import dialog); what each
line colours is :func:`inspector.session.json_spans.json_spans`'s answer."""

from __future__ import annotations

from PySide6.QtGui import QColor, QSyntaxHighlighter, QTextCharFormat, QTextDocument
from PySide6.QtWidgets import QWidget

from inspector.session.json_spans import json_spans

from .theme import tone


class JsonHighlighter(QSyntaxHighlighter):
    """Keys, strings, numbers and true/false/null in the theme's colours (plain text stays plain).
    ``emphasis``: keys whose lines are set in bold on a tint (the step bar: the fields that
    matter, such as the version, the capabilities and the ids), for pretty-printed JSON."""

    ROLES = {"key": "link", "string": "ok", "number": "warn", "word": "event"}

    def __init__(self, document: QTextDocument, widget: QWidget, emphasis: frozenset[str] = frozenset()) -> None:
        super().__init__(document)
        self._widget = widget
        self.emphasis = emphasis
        self.formats: dict[str, QTextCharFormat] = {}
        self.strong: dict[str, QTextCharFormat] = {}
        self.retint()

    def retint(self) -> None:
        tint = QColor(tone(self._widget, "link"))
        tint.setAlpha(40)
        for group, role in (*self.ROLES.items(), ("plain", "")):
            fmt = QTextCharFormat()
            if role:
                fmt.setForeground(QColor(tone(self._widget, role)))
            self.formats[group] = fmt
            bold = QTextCharFormat(fmt)
            bold.setFontWeight(700)
            bold.setBackground(tint)
            self.strong[group] = bold
        self.rehighlight()

    def highlightBlock(self, text: str) -> None:  # noqa: N802 (Qt name)
        strong, spans = json_spans(text, self.emphasis)  # what to colour: decided Qt-free
        formats = self.strong if strong else self.formats
        for start, length, group in spans:
            self.setFormat(start, length, formats[group])
