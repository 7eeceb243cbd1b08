"""Text helpers: server text is shown as plain text, never as Qt rich text.

Qt guesses: a QLabel, a QMessageBox or a tooltip whose text looks like HTML is rendered as HTML
(with images loaded from local paths). Everything a server, a recording file or a user typed
goes through these two helpers: :func:`plain_label` for labels, :func:`plain_tooltip` for every
tooltip (widgets, items and the ToolTipRole of models).
"""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontDatabase
from PySide6.QtWidgets import QLabel, QMessageBox, QWidget

_SELECTABLE = Qt.TextInteractionFlag.TextSelectableByMouse | Qt.TextInteractionFlag.TextSelectableByKeyboard


def mono_font() -> QFont:
    """The system's fixed-width font (ids, bytes, JSON)."""
    return QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)


def plain_tooltip(text: object) -> str:
    """A tooltip that shows ``text`` literally, line breaks kept; "" stays "" (no tooltip)."""
    s = "" if text is None else str(text)
    if not s:
        return ""
    return "<qt>" + html.escape(s).replace("\n", "<br>") + "</qt>"


def plain_label(text: str = "", *, wrap: bool = True, selectable: bool = False, mono: bool = False) -> QLabel:
    """A label that never interprets its text as rich text."""
    label = QLabel()
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setText(text)
    label.setWordWrap(wrap)
    if mono:
        label.setFont(mono_font())
    if selectable:
        label.setTextInteractionFlags(_SELECTABLE)
    return label


def plain_message(parent: QWidget | None, title: str, text: str, *, informative: str = "", details: str = "") -> QMessageBox:
    """Open a window-modal warning whose texts are plain text (a file name or a server's words
    may look like HTML). Opened with ``open()``, never ``exec()``: no nested event loop."""
    box = QMessageBox(QMessageBox.Icon.Warning, title, "", QMessageBox.StandardButton.Ok, parent)
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.setText(text)
    if informative:
        box.setInformativeText(informative)  # follows the text format set above
    if details:
        box.setDetailedText(details)  # always plain
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.open()
    return box
