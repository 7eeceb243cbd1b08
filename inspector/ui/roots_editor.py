"""The roots the client offers, edited by the person: a table of file:// URIs and names.

Shown in the connection panel before any session, so it lives apart from the answer dialogs
of :mod:`.client_side` (loaded when a session starts). ``bind`` keeps a session's handlers'
roots equal to the table while it runs.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QSignalBlocker, Qt, QUrl, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QHeaderView,
    QLineEdit,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from inspector.protocol.jsontypes import JsonObject
from inspector.session.roots import RootProblem, admit_root, normalize_roots, offered_roots, root_problem

from .theme import colour
from .widgets import ErrorLabel, hbox, muted, plain_label, plain_tooltip, push_button, vbox

if TYPE_CHECKING:
    from .client_side import UiClientHandlers


# ============================================================================ roots editor

_PROBLEM_WORDS = {
    RootProblem.EMPTY: QT_TRANSLATE_NOOP("RootsEditor", "Type a file:// URI."),
    RootProblem.NOT_FILE: QT_TRANSLATE_NOOP("RootsEditor", "Roots must be file:// URIs."),
    RootProblem.RELATIVE: QT_TRANSLATE_NOOP("RootsEditor", "A file:// URI needs an absolute path (file:///…)."),
    RootProblem.ALREADY: QT_TRANSLATE_NOOP("RootsEditor", "{uri} is already a root."),
}


def _problem_text(problem: RootProblem, uri: str) -> str:
    return QCoreApplication.translate("RootsEditor", str(_PROBLEM_WORDS[problem])).format(uri=uri.strip())


def root_problem_text(uri: str) -> str | None:
    """Why ``uri`` cannot be a root (the spec requires file:// URIs) in the current language, or None."""
    problem = root_problem(uri)
    return None if problem is None else _problem_text(problem, uri)


class RootsEditor(QWidget):
    """The roots the client offers: URI and name per row; add a folder or a file:// URI,
    edit in place, remove. ``roots()``/``set_roots()``; ``changed`` on every user edit."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.table = QTableWidget(0, 2)
        self.table.setHorizontalHeaderLabels([self.tr("URI"), self.tr("Name")])
        self.table.verticalHeader().setVisible(False)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        self.table.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        header = self.table.horizontalHeader()
        header.setDefaultAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Interactive)
        self.table.setColumnWidth(1, self.fontMetrics().horizontalAdvance("M") * 12)
        self.table.itemChanged.connect(self._item_changed)
        self.table.itemSelectionChanged.connect(self._update_buttons)

        tip = self.tr("Pick a folder; it becomes a file:// root")
        self.add_folder_button = push_button(self.tr("Add folder…"), self.pick_folder, tip)
        self.uri_edit = QLineEdit()
        self.uri_edit.setPlaceholderText("file:///home/me/project")
        self.uri_edit.returnPressed.connect(self.add_uri_from_edit)
        self.add_uri_button = push_button(self.tr("Add URI"), self.add_uri_from_edit)
        self.remove_button = push_button(self.tr("Remove"), self.remove_selected)
        self.problem = ErrorLabel("rootProblem")
        self.hint = muted(
            plain_label(
                self.tr(
                    "Legacy: a change during a session is announced with notifications/roots/list_changed. "
                    "2026-07-28: the server asks again (roots/list as an input request) when it needs them."
                )
            )
        )
        self.file_dialog: QFileDialog | None = None
        buttons = hbox(
            self.add_folder_button, (self.uri_edit, 1), self.add_uri_button, self.remove_button, margins=False
        )
        vbox((self.table, 1), buttons, self.problem, self.hint, margins=False, parent=self)
        self._update_buttons()

    # ---------------------------------------------------------------- API

    def roots(self) -> list[JsonObject]:
        """The valid roots, in order: [{"uri", "name"}]."""
        return offered_roots(self._rows())

    def set_roots(self, roots: list[JsonObject]) -> None:
        """Show ``roots`` (does not emit ``changed``)."""
        with QSignalBlocker(self.table):
            self.table.setRowCount(0)
            for r in normalize_roots(roots):
                self._append(r)
        self._validate()
        self._update_buttons()

    def bind(self, handlers: UiClientHandlers) -> None:
        """Keep ``handlers``' roots equal to this editor's (live, during a session too)."""
        handlers.set_roots(self.roots())
        self.changed.connect(lambda: handlers.set_roots(self.roots()))

    def add_root(self, uri: str, name: str = "") -> bool:
        root, problem = admit_root(uri, name, self.roots())
        if root is None:
            assert problem is not None
            self.problem.show_text(_problem_text(problem, uri))
            return False
        with QSignalBlocker(self.table):
            self._append(root)
        self.problem.clear_text()
        self._update_buttons()
        self.changed.emit()
        return True

    def add_folder(self, path: str) -> bool:
        """A local folder as a root (its file:// URI, named after the folder)."""
        if not path:
            return False
        uri = QUrl.fromLocalFile(str(Path(path))).toString()
        return self.add_root(uri, Path(path).name or path)

    def add_uri_from_edit(self) -> bool:
        if self.add_root(self.uri_edit.text()):
            self.uri_edit.clear()
            return True
        return False

    def pick_folder(self) -> QFileDialog:
        """A non-blocking folder picker (``open()``, never ``exec()``)."""
        dialog = QFileDialog(self, self.tr("Choose a folder to offer as a root"))
        dialog.setFileMode(QFileDialog.FileMode.Directory)
        dialog.setOption(QFileDialog.Option.ShowDirsOnly, True)
        dialog.fileSelected.connect(self.add_folder)
        dialog.finished.connect(dialog.deleteLater)
        self.file_dialog = dialog
        dialog.open()
        return dialog

    def remove_selected(self) -> None:
        rows = sorted({i.row() for i in self.table.selectedIndexes()}, reverse=True)
        if not rows:
            return
        for row in rows:
            self.table.removeRow(row)
        self._validate()
        self._update_buttons()
        self.changed.emit()

    # ---------------------------------------------------------------- internals

    def _rows(self) -> list[tuple[str, str]]:
        """Each row's (URI, name) as the table shows them."""
        cells = ((self.table.item(row, 0), self.table.item(row, 1)) for row in range(self.table.rowCount()))
        return [(uri.text() if uri else "", name.text() if name else "") for uri, name in cells]

    def _append(self, root: JsonObject) -> None:
        row = self.table.rowCount()
        self.table.insertRow(row)
        item = QTableWidgetItem(str(root["uri"]))
        item.setToolTip(plain_tooltip(root["uri"]))
        self.table.setItem(row, 0, item)
        self.table.setItem(row, 1, QTableWidgetItem(str(root["name"])))

    def _item_changed(self, item: QTableWidgetItem) -> None:
        """A cell the person edited (the table's own changes are made with its signals blocked)."""
        if item.column() == 0:
            with QSignalBlocker(self.table):
                item.setToolTip(plain_tooltip(item.text()))
        self._validate()
        self.changed.emit()

    def _validate(self) -> None:
        bad = []
        error = colour("error", self.palette())
        with QSignalBlocker(self.table):
            for row in range(self.table.rowCount()):
                item = self.table.item(row, 0)
                if item is None:
                    continue
                problem = root_problem_text(item.text())
                item.setForeground(error if problem else self.palette().color(QPalette.ColorRole.Text))
                if problem:
                    bad.append(f"{item.text() or '(empty)'}: {problem}")
        self.problem.show_text("\n".join(bad) + "\n" + self.tr("Rows with a problem are not offered.") if bad else "")

    def _update_buttons(self) -> None:
        self.remove_button.setEnabled(bool(self.table.selectedIndexes()))
