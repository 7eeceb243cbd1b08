"""The widget kit: the small pieces every view builds from.

Server text is shown as plain text, never as Qt rich text. Qt guesses: a QLabel, a QMessageBox
or a tooltip whose text looks like HTML is rendered as HTML (with images loaded from local
paths). Everything a server, a recording file or a user typed goes through these helpers:
:func:`plain_label` for labels, :func:`plain_tooltip` for every tooltip (widgets, items and the
ToolTipRole of models), :func:`plain_message` for message boxes.

Coloured text takes a theme role (:mod:`.theme`) through :func:`set_tone`: the label keeps the
role's name and is tinted again when the theme changes (:func:`retint`, called by the theme
switch), so no label keeps the previous palette's colour; :func:`muted` is the secondary tone.

The kit: :class:`ErrorLabel` (the one way to say what went wrong where it happened),
:class:`OneLineLabel` (a note kept to one line however narrow its column: the rest in its
tooltip, shown on a click too), :class:`BusyIndicator`, :func:`section_title`, :func:`hbox`,
:func:`vbox` and :func:`group_box` (a row, a column or a titled box of widgets, in one call),
:func:`push_button` and :func:`tool_button` (a button with its tooltip and what a click does),
:func:`scroll_area` (a frameless view that scrolls a widget when it does not fit),
:class:`PagedListView` (a filterable list fed by a session ``ListPager``, with Refresh, Load
more and the pager's notes) and
:class:`CompletionField` (a line edit whose suggestions come from ``completion/complete``).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QStringListModel, Qt, QTimer, Signal, SignalInstance
from PySide6.QtGui import QFocusEvent, QFont, QFontDatabase, QMouseEvent, QResizeEvent
from PySide6.QtWidgets import (
    QApplication,
    QBoxLayout,
    QCompleter,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLayout,
    QLineEdit,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QToolButton,
    QToolTip,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from inspector.protocol.jsontypes import JsonObject, JsonValue
from inspector.session import note_words
from inspector.session.operations import ListPager

from .theme import tone

ITEM_ROLE = Qt.ItemDataRole.UserRole  # where PagedListView keeps each row's entry
DEBOUNCE_MS = 200  # CompletionField asks this long after the last edit

_SELECTABLE = Qt.TextInteractionFlag.TextSelectableByMouse | Qt.TextInteractionFlag.TextSelectableByKeyboard


class _LanguageWatch(QObject):
    """Calls ``again`` when its widget gets a LanguageChange (before the widget's own handler)."""

    def __init__(self, widget: QWidget, again: Callable[[], object]) -> None:
        super().__init__(widget)
        self.again = again
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange:
            self.again()
        return False


def on_language_change(widget: QWidget, again: Callable[[], object]) -> None:
    """``again()`` whenever ``widget`` is told the language changed (it words itself again from
    its state): one watch instead of a ``changeEvent`` override per class."""
    _LanguageWatch(widget, again)


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


_TONE = "inspectorTone"  # the dynamic property holding a widget's colour role
_TONE_EXTRA = "inspectorToneExtra"  # more CSS declarations kept with the colour


def set_tone(widget: QWidget, name: str, extra: str = "") -> None:
    """Colour ``widget``'s text with the theme role ``name`` (again after a theme switch);
    ``extra``: more declarations for the same style sheet (``font-weight: 600;``)."""
    widget.setProperty(_TONE, name)
    widget.setProperty(_TONE_EXTRA, extra)
    widget.setStyleSheet(f"color: {tone(widget, name)}; {extra}".rstrip())


def retint() -> None:
    """Tint every toned widget for the current palette (the theme switch calls this)."""
    for widget in QApplication.allWidgets():
        name = widget.property(_TONE)
        if isinstance(name, str) and name:
            extra = widget.property(_TONE_EXTRA)
            widget.setStyleSheet(f"color: {tone(None, name)}; {extra if isinstance(extra, str) else ''}".rstrip())


def plain_message(
    parent: QWidget | None,
    title: str,
    text: str,
    *,
    informative: str = "",
    details: str = "",
    icon: QMessageBox.Icon = QMessageBox.Icon.Warning,
) -> QMessageBox:
    """Open a window-modal message (a warning unless ``icon`` says otherwise) whose texts are
    plain text (a file name or a server's words may look like HTML). Opened with ``open()``,
    never ``exec()``: no nested event loop."""
    box = QMessageBox(icon, title, "", QMessageBox.StandardButton.Ok, parent)
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.setText(text)
    if informative:
        box.setInformativeText(informative)  # follows the text format set above
    if details:
        box.setDetailedText(details)  # always plain
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.open()
    return box


def muted(label: QLabel) -> QLabel:
    """Secondary text (hints, counts) in the palette's muted tone."""
    set_tone(label, "muted")
    return label


class OneLineLabel(QLabel):
    """One line of plain text that never asks for more width than it gets: cut with "…" at its
    width (again on each resize), the whole text and the details in its tooltip, which a click
    shows too (for a pointer that does not hover, or a user who does not wait)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setWordWrap(False)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self._whole = ""

    def set_line(self, text: str, details: str = "") -> None:
        """Show ``text`` (line breaks become spaces); the tooltip says ``text`` and ``details``."""
        self._whole = " ".join(text.split("\n"))
        self.setToolTip(plain_tooltip("\n".join(part for part in (self._whole, details) if part)))
        self.setAccessibleName(self._whole)  # a screen reader says the whole line and the details
        self.setAccessibleDescription(details)
        self._fit()

    def line(self) -> str:
        """The whole line, as set (what is shown may be cut)."""
        return self._whole

    def _fit(self) -> None:
        room = self.contentsRect().width()
        shown = (
            self.fontMetrics().elidedText(self._whole, Qt.TextElideMode.ElideRight, room) if room > 0 else self._whole
        )
        super().setText(shown)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self._fit()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        # on the release, taken here: a tooltip shown on the press would be hidden by the
        # release, one shown now by the release going on to the parent
        if self.toolTip() and event.button() == Qt.MouseButton.LeftButton:
            QToolTip.showText(event.globalPosition().toPoint(), self.toolTip(), self)
            event.accept()
            return
        super().mouseReleaseEvent(event)


class BusyIndicator(QWidget):
    """An indeterminate bar and what is going on; shown while at least one operation runs."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bar = QProgressBar()
        self.bar.setRange(0, 0)
        self.bar.setTextVisible(False)
        self.bar.setFixedSize(72, 10)
        self.label = muted(plain_label(wrap=False))
        hbox(self.bar, self.label, margins=False, parent=self).setSpacing(6)
        self._running: dict[object, str] = {}  # what runs -> what it says, in the order they started
        self.setVisible(False)

    @property
    def busy(self) -> bool:
        return bool(self._running)

    def hold(self, what: object, text: str | None) -> None:
        """Say ``text`` while ``what`` runs (None: it ended); the one started last is said."""
        self._running.pop(what, None)
        if text is not None:
            self._running[what] = text
        self.setVisible(bool(self._running))
        self.label.setText(next(reversed(self._running.values()), ""))

    @contextmanager
    def running(self, text: str) -> Iterator[None]:
        """Say ``text`` while the block runs."""
        token = object()
        self.hold(token, text)
        try:
            yield
        finally:
            self.hold(token, None)


class ErrorLabel(QLabel):
    """What went wrong, where it happened: plain, selectable text in the theme's error colour,
    hidden while empty. ``boxed``: on a tinted, bordered box (a panel's error area) rather than
    a bare line under a field."""

    BOX = (
        "background: rgba(198, 40, 40, 0.08); border: 1px solid rgba(198, 40, 40, 0.35); "
        "border-radius: 4px; padding: 6px;"
    )

    def __init__(self, name: str = "panelError", *, boxed: bool = False, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setWordWrap(True)
        self.setTextInteractionFlags(_SELECTABLE)
        self.setObjectName(name)
        set_tone(self, "error", self.BOX if boxed else "")
        self.setVisible(False)

    def show_text(self, text: str) -> None:
        self.setText(text)
        self.setVisible(bool(text))

    def clear_text(self) -> None:
        self.show_text("")


def section_title(text: str) -> QLabel:
    label = plain_label(text, wrap=False)
    font = label.font()
    font.setBold(True)
    label.setFont(font)
    return label


# What :func:`hbox`, :func:`vbox` and :func:`group_box` lay out: a widget, a layout, a widget
# with its stretch factor (and alignment), or a stretch (its factor) (plain comments: lupdate takes
# "#:" as a note).
Part = QWidget | QLayout | tuple[QWidget, int] | tuple[QWidget, int, Qt.AlignmentFlag] | int
_Box = TypeVar("_Box", bound=QBoxLayout)


def _lay_out(layout: _Box, parts: tuple[Part, ...], margins: bool) -> _Box:
    for part in parts:
        if isinstance(part, QWidget):
            layout.addWidget(part)
        elif isinstance(part, QLayout):
            layout.addLayout(part)
        elif isinstance(part, tuple):
            layout.addWidget(*part)
        else:
            layout.addStretch(part)
    if not margins:
        layout.setContentsMargins(0, 0, 0, 0)
    return layout


def hbox(*parts: Part, margins: bool = True, parent: QWidget | None = None) -> QHBoxLayout:
    """A row of ``parts`` in order (on ``parent`` when given; ``margins=False``: none around it)."""
    return _lay_out(QHBoxLayout() if parent is None else QHBoxLayout(parent), parts, margins)


def vbox(*parts: Part, margins: bool = True, parent: QWidget | None = None) -> QVBoxLayout:
    """A column of ``parts`` in order (on ``parent`` when given; ``margins=False``: none around it)."""
    return _lay_out(QVBoxLayout() if parent is None else QVBoxLayout(parent), parts, margins)


def group_box(title: str, *parts: Part) -> QGroupBox:
    """A titled box holding ``parts`` in a column."""
    box = QGroupBox(title)
    vbox(*parts, parent=box)
    return box


def scroll_area(widget: QWidget) -> QScrollArea:
    """``widget`` in a frameless scroll area that resizes it (scroll bars only when it does not fit)."""
    area = QScrollArea()
    area.setFrameShape(QScrollArea.Shape.NoFrame)
    area.setWidgetResizable(True)
    area.setWidget(widget)
    return area


_Button = TypeVar("_Button", QPushButton, QToolButton)


def _button(button: _Button, clicked: Callable[[], object], tip: str) -> _Button:
    button.clicked.connect(clicked)
    if tip:
        button.setToolTip(tip)
    return button


def push_button(text: str, clicked: Callable[[], object], tip: str = "") -> QPushButton:
    """A button saying ``text`` (with ``tip`` as its tooltip) that calls ``clicked``."""
    return _button(QPushButton(text), clicked, tip)


def tool_button(text: str, clicked: Callable[[], object], tip: str = "") -> QToolButton:
    """A small tool button saying ``text`` (with ``tip`` as its tooltip) that calls ``clicked``."""
    button = QToolButton()
    button.setText(text)
    return _button(button, clicked, tip)


class PagedListView(QWidget):
    """A filterable tree of list entries with Refresh, Load more and a page count."""

    refreshClicked = Signal()
    moreClicked = Signal()
    itemChosen = Signal(dict)  # selection moved to an entry
    itemOpened = Signal(dict)  # double-click or Enter on an entry
    reclicked = Signal(dict)  # a click on the entry that is already current

    def __init__(self, headers: list[str], count_text: Callable[[int], str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.count_text = count_text  # n -> "1 resource" / "5 resources"
        self.filter = QLineEdit()
        self.filter.setPlaceholderText(self.tr("Filter"))
        self.filter.setClearButtonEnabled(True)
        self.filter.textChanged.connect(self._apply_filter)
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels(headers)
        self.tree.setRootIsDecorated(False)
        self.tree.setUniformRowHeights(True)
        self.tree.setAlternatingRowColors(True)
        self.tree.setAllColumnsShowFocus(True)
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)
        header.resizeSection(0, 150)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        for col in range(2, len(headers)):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        self.tree.currentItemChanged.connect(lambda item, _previous: self._emit(self.itemChosen, item))
        self.tree.itemClicked.connect(self._on_clicked)
        self.tree.itemActivated.connect(lambda item, _column: self._emit(self.itemOpened, item))
        self.refresh_button = push_button(self.tr("Refresh"), lambda: self.refreshClicked.emit())
        self.more_button = push_button(self.tr("Load more"), lambda: self.moreClicked.emit())
        self.more_button.setVisible(False)
        self.count = muted(plain_label(wrap=False))
        self.live_note = muted(plain_label(wrap=True))
        foot = hbox(self.refresh_button, self.more_button, (self.count, 1), margins=False)
        layout = vbox(self.filter, (self.tree, 1), foot, self.live_note, parent=self)
        layout.setContentsMargins(0, 6, 0, 0)
        layout.setSpacing(6)

    def clear(self) -> None:
        self.tree.clear()

    def retranslate(self, headers: list[str]) -> None:
        """Its own words and the owner's column headers in the current language."""
        self.filter.setPlaceholderText(self.tr("Filter"))
        self.refresh_button.setText(self.tr("Refresh"))
        self.more_button.setText(self.tr("Load more"))
        self.tree.setHeaderLabels(headers)

    def add_rows(self, rows: list[tuple[list[str], dict, str]]) -> None:
        """Append (cells, entry, tooltip) rows."""
        items = []
        for cells, entry, tip in rows:
            item = QTreeWidgetItem(cells)
            item.setData(0, ITEM_ROLE, entry)
            if tip:
                tip = plain_tooltip(tip)
                for col in range(len(cells)):
                    item.setToolTip(col, tip)
            items.append(item)
        self.tree.addTopLevelItems(items)
        self._apply_filter(self.filter.text())

    def set_status(self, pl: ListPager, loading: str = "") -> None:
        """The count and pages; ``loading``: what to say while the first page is awaited
        instead of "Loading…" (a panel whose request got a flagged answer says so)."""
        self.count.setText(note_words.pager_line(pl, self.count_text, loading, QCoreApplication.translate))
        self.more_button.setVisible(pl.more)
        self.more_button.setEnabled(not pl.loading)
        self.refresh_button.setEnabled(not pl.loading)

    def _items(self) -> list[QTreeWidgetItem]:
        tree = self.tree
        return [item for i in range(tree.topLevelItemCount()) if (item := tree.topLevelItem(i)) is not None]

    def entries(self) -> list[JsonObject]:
        return [item.data(0, ITEM_ROLE) for item in self._items()]

    def select_where(self, key: str, value: JsonValue) -> bool:
        for item in self._items():
            entry = self._entry(item)
            if entry is not None and entry.get(key) == value:
                self.tree.setCurrentItem(item)
                return True
        return False

    def _apply_filter(self, text: str) -> None:
        needle = text.strip().lower()
        for item in self._items():
            hay = " ".join(item.text(c) for c in range(item.columnCount())).lower()
            item.setHidden(bool(needle) and needle not in hay)

    @staticmethod
    def _entry(item: QTreeWidgetItem | None) -> JsonObject | None:
        entry = item.data(0, ITEM_ROLE) if item is not None else None
        return entry if isinstance(entry, dict) else None

    def _emit(self, signal: SignalInstance, item: QTreeWidgetItem | None) -> None:
        """``signal`` with ``item``'s entry (nothing for no item, or one without an entry)."""
        entry = self._entry(item)
        if entry is not None:
            signal.emit(entry)

    def _on_clicked(self, item: QTreeWidgetItem, _column: int) -> None:
        """A click on the row that is already current: it is chosen again (the owner may show
        something else meanwhile, such as an entry of another list)."""
        if item is self.tree.currentItem():
            self.reclicked.emit(item.data(0, ITEM_ROLE) or {})

    def current_entry(self) -> JsonObject | None:
        """The entry of the current row, if there is one."""
        return self._entry(self.tree.currentItem())


class CompletionField(QLineEdit):
    """A line edit with server-side completion (``completion/complete``).

    ``wanted(name, value)`` asks the owner to fetch suggestions, 200 ms after the last edit
    or at once when the field gets focus; the owner answers with :meth:`set_suggestions`.
    """

    wanted = Signal(str, str)

    def __init__(self, name: str, *, completes: bool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.name = name
        self.completes = completes
        self.hint = ""  # the owner's tooltip text (plain), kept when a completion fails
        self.model = QStringListModel(self)
        # its own completer, not QLineEdit's (setCompleter would filter the server's answers)
        self.suggester = QCompleter(self.model, self)
        self.suggester.setCompletionMode(QCompleter.CompletionMode.UnfilteredPopupCompletion)
        self.suggester.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.suggester.setWidget(self)
        # the overload that carries the text (the stubs do not model a signal's overloads)
        self.suggester.activated[str].connect(self._chosen)  # type: ignore[index]
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(DEBOUNCE_MS)
        self.timer.timeout.connect(self._fire)
        self.asked: str | None = None  # value of the last request sent
        self.answered: str | None = None  # value the suggestions are for
        self.total: int | None = None
        self.has_more = False
        self.requests = 0
        self.textEdited.connect(self._edited)

    def suggestions(self) -> list[str]:
        return self.model.stringList()

    def set_suggestions(self, value: str, values: list[str], total: int | None = None, has_more: bool = False) -> bool:
        """Suggestions for ``value``; dropped (False) when the text has changed since."""
        if value != self.text():
            return False
        self.answered = value
        self.total = total
        self.has_more = has_more
        self.model.setStringList(values)
        self.setStatusTip(note_words.suggestions_hint(len(values), total, has_more, QCoreApplication.translate))
        if values and self.hasFocus():
            self.suggester.complete()
        elif not values and (popup := self.suggester.popup()) is not None:
            popup.hide()
        return True

    def _edited(self, _text: str) -> None:
        if self.completes:
            self.timer.start()

    def _fire(self) -> None:
        self.asked = self.text()
        self.requests += 1
        self.wanted.emit(self.name, self.asked)

    def _chosen(self, text: str) -> None:
        self.setText(text)
        self.timer.stop()
        self.editingFinished.emit()

    def focusInEvent(self, event: QFocusEvent) -> None:  # noqa: N802 - Qt override
        super().focusInEvent(event)
        if self.completes:
            QTimer.singleShot(0, self._on_focus)

    def _on_focus(self) -> None:
        # suggestions for what is already there (all values for an empty field), unless an
        # edit is about to ask anyway or they are on screen already
        if self.hasFocus() and not self.timer.isActive() and self.asked != self.text():
            self._fire()


_Child = TypeVar("_Child", bound=QObject)  # an application-wide helper object


def app_singleton(cls: type[_Child], name: str, app: QCoreApplication | None = None) -> _Child:
    """The application's one ``cls`` (a QObject child of the application object, found by its
    object name ``name``), made on first use."""
    app = app or QCoreApplication.instance()
    if app is None:
        raise RuntimeError(f"the application's {cls.__name__} needs a QApplication")
    found = app.findChild(cls, name)
    return found if found is not None else cls(app)
