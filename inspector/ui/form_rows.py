"""Builders shared by the detail pane, the content cards, the answer dialogs and the server
editor: the pieces each of them used to set up by hand.

- :func:`set_words` puts a table of words (a Qt-free module's, English, keyed by the control's
  attribute name) on the controls of a view in the current language: the one retranslate
  plumbing of these views. The tables live beside the decisions they word
  (``session/entry_detail.py``, ``session/answer_words.py``), where ``scripts/i18n.py`` reads them.
- :func:`form_layout` lays out labelled rows (a label's words come from the same tables).
- :func:`tree_widget` is the set-up of a tree of uniform rows (the JSON tree, the schema errors).
- :func:`read_only_text` is the one read-only text box (bytes, JSON, a request, a URL, a read).
- :func:`bold`, :func:`spaced`, :func:`toggle_button` and :func:`empty_layout` are the small
  set-ups the views repeated.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TypeVar

from PySide6.QtCore import QCoreApplication, QObject, Qt
from PySide6.QtGui import QFont, QTextOption
from PySide6.QtWidgets import (
    QAbstractButton,
    QBoxLayout,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLayout,
    QLineEdit,
    QPlainTextEdit,
    QTabWidget,
    QToolButton,
    QTreeWidget,
    QWidget,
)

from inspector.session.translate import Translate

from .widgets import mono_font

_translate: Translate = QCoreApplication.translate


def word_of(context: str, words: Mapping[str, str]) -> Callable[[str], str]:
    """``word(key)``: the text ``words[key]`` of ``context`` in the window's language, read when called."""
    return lambda key: _translate(context, words[key])


def set_words(
    owner: QObject,
    context: str,
    words: Mapping[str, str],
    controls: Mapping[str, tuple[str, str]],
    tr: Translate = _translate,
) -> None:
    """Each control of ``owner`` named in ``controls`` (its attribute name -> the keys of its
    text and tooltip in ``words``; "" for none) gets its words in ``context`` in the current
    language: a label's or a button's text, a box's title, a line or text edit's placeholder.
    A text for any other kind of control raises ``TypeError`` (it would be lost)."""
    for name, (text_key, tip_key) in controls.items():
        widget = getattr(owner, name)
        if text_key:
            text = tr(context, words[text_key])
            if isinstance(widget, (QLabel, QAbstractButton)):
                widget.setText(text)
            elif isinstance(widget, QGroupBox):
                widget.setTitle(text)
            elif isinstance(widget, (QLineEdit, QPlainTextEdit)):
                widget.setPlaceholderText(text)
            else:  # a control these words cannot be put on: the table is wrong, not the language
                raise TypeError(f"set_words: {name} is a {type(widget).__name__}, which takes no text")
        if tip_key:
            widget.setToolTip(tr(context, words[tip_key]))


def set_tab_words(
    tabs: QTabWidget,
    context: str,
    words: Mapping[str, str],
    keys: tuple[tuple[str, str], ...],
    tr: Translate = _translate,
) -> None:
    """The text and tooltip of each tab of ``tabs``, in order (the keys in ``words``; "" for none)."""
    for index, (text_key, tip_key) in enumerate(keys):
        tabs.setTabText(index, tr(context, words[text_key]))
        if tip_key:
            tabs.setTabToolTip(index, tr(context, words[tip_key]))


def form_layout(
    rows: Sequence[tuple[QWidget | str, QWidget | QLayout]], *, parent: QWidget | None = None
) -> QFormLayout:
    """A form of (label, field) rows with its labels aligned right (on ``parent`` when given)."""
    form = QFormLayout() if parent is None else QFormLayout(parent)
    form.setLabelAlignment(Qt.AlignmentFlag.AlignRight)
    for label, field in rows:
        form.addRow(label, field)
    return form


def tree_widget(
    columns: int, *, first_width: int = 0, rows_decorated: bool = True, alternating: bool = False, wrap: bool = False
) -> QTreeWidget:
    """A tree of ``columns`` columns of uniform rows whose last column takes the rest of the width
    (the first ``first_width`` wide when given); ``rows_decorated``: the root's rows have their
    expand arrows; ``alternating``: rows in alternating colours; ``wrap``: words wrap."""
    tree = QTreeWidget()
    tree.setColumnCount(columns)
    tree.setUniformRowHeights(True)
    tree.setWordWrap(wrap)
    tree.setRootIsDecorated(rows_decorated)
    tree.setAlternatingRowColors(alternating)
    tree.header().setStretchLastSection(True)
    if first_width:
        tree.setColumnWidth(0, first_width)
    return tree


def read_only_text(
    text: str = "", *, mono: bool | QFont = False, wrap: bool = True, anywhere: bool = False, name: str = ""
) -> QPlainTextEdit:
    """A read-only text box holding ``text`` (no undo kept): in the fixed-width font (``mono``:
    True, or the font to use) or the window's; wrapped at its width (``anywhere``: in the middle
    of a word too) or not at all. ``name``: its object name."""
    edit = QPlainTextEdit()
    edit.setReadOnly(True)
    edit.setUndoRedoEnabled(False)
    if name:
        edit.setObjectName(name)
    if isinstance(mono, QFont):
        edit.setFont(mono)
    elif mono:
        edit.setFont(mono_font())
    edit.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth if wrap else QPlainTextEdit.LineWrapMode.NoWrap)
    if anywhere:
        edit.setWordWrapMode(QTextOption.WrapMode.WrapAnywhere)
    if text:
        edit.setPlainText(text)
    return edit


def bold(label: QLabel, scale: float = 1.0) -> QLabel:
    """``label`` in a bold font (``scale`` times its size)."""
    font = QFont(label.font())
    font.setBold(True)
    if scale != 1.0:
        font.setPointSizeF(font.pointSizeF() * scale)
    label.setFont(font)
    return label


_Box = TypeVar("_Box", bound=QBoxLayout)


def spaced(layout: _Box, spacing: int, margins: tuple[int, int, int, int] | None = None) -> _Box:
    """``layout`` with ``spacing`` between its parts (and ``margins`` around them when given)."""
    layout.setSpacing(spacing)
    if margins is not None:
        layout.setContentsMargins(*margins)
    return layout


def toggle_button(toggled: Callable[[bool], object]) -> QToolButton:
    """A checkable tool button that calls ``toggled(on)`` (its words are set by the owner)."""
    button = QToolButton()
    button.setCheckable(True)
    button.toggled.connect(toggled)
    return button


def empty_layout(layout: QLayout) -> None:
    """Every widget and inner layout of ``layout`` hidden and deleted; ``layout`` itself stays."""
    while layout.count():
        item = layout.takeAt(0)
        if item is None:
            break
        widget, inner = item.widget(), item.layout()
        if widget is not None:
            widget.hide()
            widget.deleteLater()
        elif inner is not None:
            empty_layout(inner)
            inner.deleteLater()
