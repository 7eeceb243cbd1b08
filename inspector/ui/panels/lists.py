"""A feature's list on screen (:class:`ShownList`: a :class:`ListController` drawn in a
:class:`PagedListView`, as the Prompts and Resources panels show theirs), the flat list the Tasks
panel and the Resources panel's updates show (one set-up for a :class:`QTreeWidget` of rows
without children), and the splitter between a panel's two sides."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtWidgets import QHeaderView, QLabel, QSplitter, QTreeWidget, QWidget

from inspector.protocol.jsontypes import JsonObject
from inspector.session.controllers.base import LISTED, LOADING, PAGE, Failure, ListController
from inspector.session.operations import NOTE_ERROR, ListNote

from ..widgets import PagedListView

if TYPE_CHECKING:
    from .base import FeaturePanel


class ShownList:
    """``feature``'s list in a :class:`PagedListView` (``view``) of ``panel``: Refresh and Load
    more go to the controller; what it reports is drawn (the busy line saying ``loading()``,
    the rows, each ``row(entry)`` -> its cells, the entry and its tooltip, the errors of a load on
    ``errors``, the row of ``selected()`` kept by its ``key`` when the list is loaded again)."""

    def __init__(
        self,
        panel: FeaturePanel,
        feature: ListController,
        view: PagedListView,
        errors: QLabel,
        row: Callable[[JsonObject], tuple[list[str], dict, str]],
        loading: Callable[[], str],
        key: str,
        selected: Callable[[], JsonObject | None] = lambda: None,
    ) -> None:
        self.panel, self.feature, self.view, self.errors = panel, feature, view, errors
        self.row, self.loading, self.key, self.selected = row, loading, key, selected
        view.refreshClicked.connect(feature.refresh)  # from the first page, as many pages as were loaded
        view.moreClicked.connect(feature.load_more)
        panel.follow(feature, errors)
        feature.subscribe(self.changed)

    def changed(self, what: str) -> None:
        """What the controller reports, on screen."""
        feature, view = self.feature, self.view
        if what == LOADING:
            if not feature.loaded:
                view.clear()
            self.panel.set_busy(feature.method, self.loading() if feature.loading else None)
        elif what == PAGE:
            view.add_rows([self.row(entry) for entry in feature.last_page])
        elif what == LISTED:
            self.panel.set_busy(feature.method, None)
            outcome = feature.outcome
            if outcome is None:  # reset: a new session, a recording, a reload from the first page
                view.clear()
            else:
                self.say_errors(outcome.notes, outcome.failure)
                self.keep_selection(self.selected())
        else:
            return
        self.status()

    def status(self, live: bool = True) -> None:
        """The count and pages under the list; Refresh and Load more act only while ``live``."""
        self.view.set_status(self.feature.pager, self.panel.loading_text(self.feature.method))
        if not live:
            self.view.refresh_button.setEnabled(False)
            self.view.more_button.setEnabled(False)

    def say_errors(self, notes: Iterable[ListNote], failure: Failure | None = None) -> None:
        """The error answers and the failure of a load (its other notes are said under the list)."""
        errors = [note for note in notes if note.code == NOTE_ERROR]
        if errors or failure is not None:
            method = self.feature.method
            self.panel.say_error(self.errors, lambda: self.panel.list_problems(method, errors, failure))

    def keep_selection(self, entry: JsonObject | None) -> None:
        """The row of ``entry`` current again (found by the key), without choosing it anew."""
        if isinstance(entry, dict):
            with QSignalBlocker(self.view.tree):
                self.view.select_where(self.key, entry.get(self.key))

    def redraw(self) -> None:
        """The rows made again from the list (a replay's), with the errors of its load."""
        self.view.clear()
        self.view.add_rows([self.row(entry) for entry in self.feature.items])
        self.say_errors(self.feature.pager.notes)

    def reword(self) -> None:
        """The rows shown made again in the current language, the current row kept."""
        view = self.view
        entries, current = view.entries(), view.current_entry()
        if entries:
            with QSignalBlocker(view.tree):
                view.clear()
                view.add_rows([self.row(entry) for entry in entries])
            self.keep_selection(current)


def flat_tree(columns: int, stretch: int, fit: tuple[int, ...] = ()) -> QTreeWidget:
    """A list of ``columns`` columns (their headers set by the panel's words), rows of one
    height in alternating colours; column ``stretch`` takes the room left, the ``fit`` columns
    fit their contents."""
    tree = QTreeWidget()
    tree.setHeaderLabels([""] * columns)
    tree.setRootIsDecorated(False)
    tree.setUniformRowHeights(True)
    tree.setAlternatingRowColors(True)
    header = tree.header()
    header.setStretchLastSection(False)
    header.setSectionResizeMode(stretch, QHeaderView.ResizeMode.Stretch)
    for column in fit:
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
    return tree


def splitter(
    orientation: Qt.Orientation | QSplitter, *parts: QWidget, stretch: tuple[int, int], sizes: list[int] | None = None
) -> QSplitter:
    """``parts`` side by side (or one above the other) in a splitter that never collapses them
    (a new one, or the one given), shared in the ratio of ``stretch`` (and first laid out at
    ``sizes`` when given)."""
    split = orientation if isinstance(orientation, QSplitter) else QSplitter(orientation)
    for part in parts:
        split.addWidget(part)
    split.setStretchFactor(0, stretch[0])
    split.setStretchFactor(1, stretch[1])
    if sizes is not None:
        split.setSizes(sizes)
    split.setChildrenCollapsible(False)
    return split
