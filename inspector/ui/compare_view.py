"""The compare view: two sessions' surfaces side by side, and their messages aligned.

A thin view of :mod:`inspector.session.compare_rows` (which decides every row and word): the
"Surface" tab is a tree - per kind, the items added, removed and changed (breaking ones in the
error tone, with the reason words), inside a changed item its JSON paths with the A and B
values; the "Messages" tab says where two recordings part and lists the pairs from there. All
of it is plain text (server names and values included). :func:`compare_sessions` is the
window's "Compare sessions…" action: the session shown now (live or opened) against a file the
user picks, or two picked files when nothing is shown; files are read in a worker thread on the
window's task group, and two files compared there too (the session shown now is read and
compared on the window's thread: a live recording grows there). Whatever goes wrong reading or
comparing is said in a message and closes the view; it never ends the window's task group.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import anyio
import anyio.to_thread
from anyio.abc import TaskGroup
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QDialog, QFileDialog, QTabWidget, QTreeWidget, QTreeWidgetItem, QWidget

from inspector.session.compare_rows import CONTEXT, WORDS, Row, alignment_rows, load_side, surface_rows
from inspector.session.recording import Recording, RecordingError
from inspector.session.recording_align import Alignment, align
from inspector.session.surface import Surface, SurfaceError, surface_of
from inspector.session.surface_diff import DIFF_CONTEXT, LINE_WORDS, SurfaceDiff, diff_surfaces

from .form_rows import tree_widget, word_of
from .theme import tone
from .widgets import on_language_change, plain_label, plain_message, vbox

if TYPE_CHECKING:
    from .main_window import MainWindow

_word = word_of(CONTEXT, WORDS)
_tr = QCoreApplication.translate


class CompareDialog(QDialog):
    """Two sessions compared (see the module's docstring); :meth:`compare` fills it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("compareDialog")
        self.resize(1000, 640)
        self.diff: SurfaceDiff | None = None
        self.alignment: Alignment | None = None
        self.sources = ("", "")
        self.summary = plain_label(selectable=True)
        self.sides = plain_label(selectable=True)
        self.surface_tree = self._tree("compareSurface")
        self.parting = plain_label(selectable=True)
        self.message_tree = self._tree("compareMessages")
        self.tabs = QTabWidget()
        messages = QWidget()
        vbox(self.parting, (self.message_tree, 1), parent=messages)
        self.tabs.addTab(self.surface_tree, "")
        self.tabs.addTab(messages, "")
        vbox(self.summary, self.sides, (self.tabs, 1), parent=self)
        on_language_change(self, self._show)
        self._show()

    @staticmethod
    def _tree(name: str) -> QTreeWidget:
        tree = tree_widget(3, first_width=440, alternating=True)
        tree.setObjectName(name)
        return tree

    def compare(self, a: Surface, b: Surface, rec_a: Recording | None, rec_b: Recording | None) -> None:
        """Show ``a`` (before) against ``b`` (after); the messages when both are recordings."""
        self.show_compared(a, b, *compared(a, b, rec_a, rec_b))

    def show_compared(self, a: Surface, b: Surface, diff: SurfaceDiff, alignment: Alignment | None) -> None:
        """Show a comparison :func:`compared` made (in a worker thread, for two files)."""
        self.diff, self.alignment = diff, alignment
        self.sources = (a.source or _word("current"), b.source or _word("current"))
        self._show()

    def _show(self) -> None:
        self.setWindowTitle(_word("title"))
        self.tabs.setTabText(0, _word("surface"))
        self.tabs.setTabText(1, _word("messages"))
        for tree in (self.surface_tree, self.message_tree):
            tree.setHeaderLabels([_word("item"), _word("old"), _word("new")])
            tree.clear()
        self.sides.setText(
            _word("a_side").format(source=self.sources[0]) + "\n" + _word("b_side").format(source=self.sources[1])
        )
        diff = self.diff
        if diff is None:
            self.summary.setText("")
            self.parting.setText("")
            return
        counts = diff.counts()
        words = {k: _tr(DIFF_CONTEXT, v) for k, v in LINE_WORDS.items()}
        self.summary.setText(words["same"] if diff.same else words["differ"].format(**counts))
        self._fill(self.surface_tree, surface_rows(diff, _tr))
        if self.alignment is None:
            self.parting.setText(_word("no_messages"))
        else:
            self.parting.setText("\n".join(self.alignment.text_lines(_tr, most=0)))
            self._fill(self.message_tree, alignment_rows(self.alignment, _tr))
        self.surface_tree.expandToDepth(0)
        for kind in range(self.surface_tree.topLevelItemCount()):  # what breaks is open: its reasons in view
            group = self.surface_tree.topLevelItem(kind)
            for i in range(group.childCount() if group is not None else 0):
                item = group.child(i) if group is not None else None
                if item is not None and item.data(0, Qt.ItemDataRole.UserRole):
                    item.setExpanded(True)

    def _fill(self, tree: QTreeWidget, rows: list[Row]) -> None:
        error = QBrush(QColor(tone(self, "error")))

        def add(parent: QTreeWidget | QTreeWidgetItem, row: Row) -> None:
            item = QTreeWidgetItem(parent, [row.text, row.old, row.new])  # plain text: items never read markup
            for column, text in enumerate((row.text, row.old, row.new)):
                item.setToolTip(column, text)
            if row.breaking:
                item.setForeground(0, error)
                item.setData(0, Qt.ItemDataRole.UserRole, True)
            if not row.old and not row.new and row.status in ("finding", "note"):
                item.setFirstColumnSpanned(True)  # a sentence: the whole width is its
            for child in row.children:
                add(item, child)

        for row in rows:
            add(tree, row)

    @staticmethod
    def rows_text(tree: QTreeWidget) -> list[str]:
        """Every row of ``tree``, depth first, its columns joined (what a reader sees)."""
        out: list[str] = []

        def walk(item: QTreeWidgetItem) -> None:
            for i in range(item.childCount()):
                child = item.child(i)
                if child is None:
                    continue
                out.append(" | ".join(t for t in (child.text(0), child.text(1), child.text(2)) if t))
                walk(child)

        root = tree.invisibleRootItem()
        if root is not None:
            walk(root)
        return out


def compared(
    a: Surface, b: Surface, rec_a: Recording | None, rec_b: Recording | None
) -> tuple[SurfaceDiff, Alignment | None]:
    """The surfaces' diff, and the conversations' alignment when both are recordings (Qt-free:
    two files' are worked out in a worker thread; two large recordings align in seconds)."""
    return diff_surfaces(a, b), align(rec_a, rec_b) if rec_a is not None and rec_b is not None else None


def _pick(window: QWidget, title: str, start: str) -> str:
    path, _ = QFileDialog.getOpenFileName(window, title, start, _word("files"))
    return path


Side = str | Path | Recording


def _unreadable(window: QWidget | None, side: Side, exc: Exception) -> None:
    name = _word("current") if isinstance(side, Recording) else Path(side).name
    plain_message(window, _word("title"), _word("unreadable").format(name=name, why=str(exc)))


def _surface(side: Side, loaded: dict[int, tuple[Surface, Recording | None]]) -> tuple[Surface, Recording | None]:
    """A side's surface and recording: the session shown now read here, a file as it was loaded."""
    return (surface_of(side), side) if isinstance(side, Recording) else loaded[id(side)]


def open_compare(window: QWidget | None, a: Side, b: Side, task_group: TaskGroup | None = None) -> CompareDialog | None:
    """The compare view of ``a`` (before) and ``b`` (after): each a file path or a recording
    (the session shown now). With ``task_group`` the files are read in a worker thread (a large
    recording never stops the window) while the view says so; without, here. A file that cannot
    be read is said in a message (and the view closed, or None without a task group)."""
    files = [side for side in (a, b) if not isinstance(side, Recording)]
    if task_group is None:
        loaded: dict[int, tuple[Surface, Recording | None]] = {}
        for side in files:
            try:
                loaded[id(side)] = load_side(side)
            except (OSError, SurfaceError, RecordingError) as exc:
                _unreadable(window, side, exc)
                return None
        (sa, ra), (sb, rb) = _surface(a, loaded), _surface(b, loaded)
        dialog = CompareDialog(window)
        dialog.compare(sa, sb, ra, rb)
        dialog.show()
        return dialog
    dialog = CompareDialog(window)
    dialog.summary.setText(_word("reading").format(names=", ".join(Path(f).name for f in files)))
    dialog.show()

    async def read() -> None:
        loaded: dict[int, tuple[Surface, Recording | None]] = {}
        side: Side = a
        try:
            for side in files:
                loaded[id(side)] = await anyio.to_thread.run_sync(load_side, side)
            (sa, ra), (sb, rb) = _surface(a, loaded), _surface(b, loaded)
            if len(files) == 2:  # two files: compared in the thread too (nothing else holds them)
                diff, alignment = await anyio.to_thread.run_sync(compared, sa, sb, ra, rb)
            else:  # the session shown now grows on this thread: compared here
                diff, alignment = compared(sa, sb, ra, rb)
        except Exception as exc:  # unreadable (OSError, SurfaceError, RecordingError) or a bug: said, not raised
            dialog.close()
            _unreadable(window, side, exc)
            return
        dialog.show_compared(sa, sb, diff, alignment)

    task_group.start_soon(read)
    return dialog


def compare_sessions(window: MainWindow) -> CompareDialog | None:
    """The window's "Compare sessions…": a picked file (A) against the session shown now (B),
    or two picked files when no session is shown."""
    start = window.files.recordings_dir()
    shown = window.recording if window.recording is not None and len(window.recording) else None
    first = _pick(window, _word("pick_a"), start)
    if not first:
        return None
    tg = window.controller.task_group
    if shown is not None:
        return open_compare(window, first, shown, tg)
    second = _pick(window, _word("pick_b"), str(Path(first).parent))
    return open_compare(window, first, second, tg) if second else None
