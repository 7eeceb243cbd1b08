"""JSON colouring for text editors: keys, strings, numbers and literals in the theme's colours,
with optional emphasis of chosen keys (the composer, the step bar, the import dialog)."""

from __future__ import annotations

import re

from PySide6.QtGui import QColor, QSyntaxHighlighter, QTextCharFormat, QTextDocument
from PySide6.QtWidgets import QWidget

from .theme import tone

_TOKENS = re.compile(
    r'(?P<key>"(?:[^"\\\n]|\\.)*"(?=\s*:))'  # a key: a string before a colon
    r'|(?P<string>"(?:[^"\\\n]|\\.)*"?)'  # a string (perhaps not closed on its line)
    r"|(?P<number>-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)"
    r"|(?P<word>\b(?:true|false|null)\b)"
)


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
        formats = self.formats
        if self.emphasis:
            first = _TOKENS.search(text)
            if first is not None and first.lastgroup == "key" and first.group()[1:-1] in self.emphasis:
                formats = self.strong
                self.setFormat(first.start(), len(text) - first.start(), formats["plain"])
        for m in _TOKENS.finditer(text):
            group = m.lastgroup
            if group is not None:
                self.setFormat(m.start(), m.end() - m.start(), formats[group])
