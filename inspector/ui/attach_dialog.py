"""File → Attach to a host…: a host's servers run through the inspector's proxy, and back.

Theory of operation: this dialog renders and forwards only. The host files are found and read
by :func:`inspector.session.attach.found_host_files` (the same Qt-free discovery as the
``attach`` command: Claude Desktop, VS Code, Cursor, Windsurf, the MCP Inspector's file); each
file is a top-level row naming its host, each server a child row with its kind, whether it is
attached (or why it cannot be, in the session layer's words) and its command line or URL. A
server that can be attached or detached has a check box. Attach forwards the checked servers
that can be attached to :func:`~inspector.session.attach.attach_checked`, Detach the checked
attached ones to :func:`~inspector.session.attach.detach`; the files are then read again. What
happened is said below the list (the files written, the backup, the sentence that the host must
be restarted, naming it), and an error on the file's own row and below the list, in words.

A URL server is attached by pointing its entry at a loopback reverse proxy
(``proxy --listen 127.0.0.1:PORT --upstream URL``) that must run while the host uses it: the
window runs one for each attached URL server while it is open (:mod:`.url_relays`; the dialog asks
it to serve again after each attach and detach). Each such row says whether this window serves it
now (or why not), and the dialog says plainly that the host cannot reach the server while no
window (and no proxy the user runs) is open; the command that serves it without a window is in the
row's tooltip and the report. Opened without a window (tests), the rows say no window serves it.

Choose file… adds a host file that is not where the importer looks (read with the session
layer's reader, :func:`~inspector.session.attach.read_found`; one that cannot be read is listed
with why, and the why is said below the list); the window's relays serve its URL servers too, for
as long as the window is open.

What each row says, and Attach and Detach themselves, are :mod:`inspector.session.attach_words`
(Qt-free, with its words). Every word is made at render time from state (the files read, the
errors, the report's lines kept as source texts and values), so a language switch retranslates
the open dialog at once.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHeaderView,
    QTreeWidget,
    QTreeWidgetItem,
    QWidget,
)

from inspector.session import attach_words
from inspector.session.attach import FoundFile, HostEntry, found_host_files, remember_chosen
from inspector.session.attach_words import CONTEXT, WORDS, Line

from .form_rows import read_only_text, set_words, word_of
from .url_relays import UrlRelays, relays_of
from .widgets import ErrorLabel, mono_font, muted, on_language_change, plain_label, plain_tooltip, push_button, vbox

ENTRY_ROLE = Qt.ItemDataRole.UserRole
COLUMNS = 4  # server, kind, state, command line or URL
# each control's words: its text's and its tooltip's keys in :data:`~.attach_words.WORDS`
CONTROLS = {
    "intro": ("intro", ""),
    "url_note": ("url_note", ""),
    "attach_button": ("attach", "attach_tip"),
    "detach_button": ("detach", "detach_tip"),
    "refresh_button": ("read_again", ""),
    "choose_button": ("choose", "choose_tip"),
}


_word = word_of(CONTEXT, WORDS)  # _word(key): WORDS[key] in the window's language


def _children(item: QTreeWidgetItem) -> Iterator[QTreeWidgetItem]:
    """The rows under ``item``, in order."""
    return (child for child in map(item.child, range(item.childCount())) if child is not None)


class AttachDialog(QDialog):
    """The host files found, their servers with check boxes, Attach and Detach (see the module)."""

    def __init__(self, parent: QWidget | None = None, **where: object) -> None:
        super().__init__(parent)
        self.where = where  # found_host_files' platform, home, env, cwd (tests: a temporary home)
        self.relays: UrlRelays | None = relays_of(parent)
        self.extra: list[Path] = self.relays.extra if self.relays is not None else []  # chosen files
        self.found: list[FoundFile] = []
        self.errors: dict[Path, str] = {}  # a file's error, shown on its row until the next action
        self.lines: list[Line] = []  # the report of the last action
        self.resize(980, 560)
        self.intro = plain_label()
        self.tree = QTreeWidget()
        self.tree.setColumnCount(COLUMNS)
        self.tree.header().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.tree.setUniformRowHeights(False)
        self.tree.itemChanged.connect(lambda *_: self._enable())
        self.url_note = muted(plain_label())
        self.url_note.setObjectName("attachUrlNote")
        self.error = ErrorLabel("attachError", boxed=True)
        self.report = read_only_text(mono=True, name="attachResult")
        self.report.setMaximumHeight(150)
        self.report.setVisible(False)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        actions = (self.attach_checked, self.detach_checked, self.read_again, self.choose_file)
        self.attach_button, self.detach_button, self.refresh_button, self.choose_button = (
            push_button("", action) for action in actions
        )
        for b in (self.attach_button, self.detach_button, self.refresh_button, self.choose_button):
            buttons.addButton(b, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        vbox(self.intro, (self.tree, 1), self.url_note, self.error, self.report, buttons, parent=self)
        if self.relays is not None:
            self.relays.changed.connect(self._render)
        self._retranslate()
        on_language_change(self, self._retranslate)
        self.refresh()

    def _retranslate(self) -> None:
        """Every fixed word in the window's language (again on a language switch)."""
        self.setWindowTitle(_word("title"))
        set_words(self, CONTEXT, WORDS, CONTROLS)
        self.tree.setHeaderLabels([_word(k) for k in ("server", "kind", "state", "runs")])
        self._render()
        self._show_report()

    # ------------------------------------------------------------------ rendering

    def read_again(self) -> None:
        """Read the host files again, the last errors and report cleared."""
        self.errors.clear()
        self.error.clear_text()
        self.lines.clear()
        self._show_report()
        self.refresh()

    def refresh(self) -> None:
        """Read the host files again and show them (the checks are cleared)."""
        self.found = found_host_files(self.extra, **self.where)
        self._render(keep_checks=False)

    def _render(self, keep_checks: bool = True) -> None:
        """The files read, shown in the window's language (``keep_checks``: as checked now)."""
        checked = {(p, e.name) for p, entries in self._checked().items() for e in entries} if keep_checks else set()
        self.tree.blockSignals(True)
        self.tree.clear()
        if not self.found:
            item = QTreeWidgetItem([_word("none_found")])
            item.setFirstColumnSpanned(True)
            self.tree.addTopLevelItem(item)
        for f in self.found:
            self.tree.addTopLevelItem(self._file_item(f))
        for item, path, e in self._rows():
            if (path, e.name) in checked and item.flags() & Qt.ItemFlag.ItemIsUserCheckable:
                item.setCheckState(0, Qt.CheckState.Checked)
        self.tree.expandAll()
        self.tree.blockSignals(False)
        for column, most in ((0, 380), (1, 160), (2, 520)):
            self.tree.resizeColumnToContents(column)
            self.tree.setColumnWidth(column, min(self.tree.columnWidth(column), most))
        self.url_note.setVisible(any(e.kind == "url" for f in self.found if f.host for e in f.host.entries))
        self._enable()

    def _file_item(self, f: FoundFile) -> QTreeWidgetItem:
        path = f.location.path
        client, state = attach_words.file_row(f, self.errors.get(path, ""), QCoreApplication.translate)
        item = QTreeWidgetItem(
            [attach_words.shown_path(path, Path(str(self.where.get("home") or Path.home()))), client]
        )
        item.setData(0, ENTRY_ROLE, path)
        item.setToolTip(0, plain_tooltip(str(path)))
        item.setText(2, state)
        item.setToolTip(2, plain_tooltip(state))
        for e in f.host.entries if f.host is not None else ():
            item.addChild(self._entry_item(path, e))
        if f.host is not None and not f.host.entries:
            item.addChild(QTreeWidgetItem([_word("no_servers")]))
        return item

    def serving_words(self, path: Path, e: HostEntry) -> str:
        """Whether a window serves the attached URL server ``e`` now, in words."""
        return _word("no_window") if self.relays is None else self.relays.state_words(path, e.name)

    def _entry_item(self, path: Path, e: HostEntry) -> QTreeWidgetItem:
        serving = self.serving_words(path, e) if e.serve() is not None else ""
        row = attach_words.entry_row(e, serving, QCoreApplication.translate)
        item = QTreeWidgetItem([e.name, row.kind, row.state, row.runs])
        item.setData(0, ENTRY_ROLE, (path, e))
        for column, text in ((2, row.state), (3, f"{row.runs}\n\n{row.tip}" if row.tip else row.runs)):
            item.setToolTip(column, plain_tooltip(text))
        item.setFont(3, mono_font())
        if row.checkable:
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(0, Qt.CheckState.Unchecked)
        else:  # nothing to do with it here: no check box
            item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsUserCheckable)
        return item

    def _rows(self) -> Iterator[tuple[QTreeWidgetItem, Path, HostEntry]]:
        """Each server's row, with its file and entry. Walked by index, not with a
        QTreeWidgetItemIterator: PySide leaves that to the tree, which keeps it registered, and one
        left mid-walk (:meth:`entry_item`) makes a later removal of rows touch a deleted row."""
        for top in _children(self.tree.invisibleRootItem()):
            for item in _children(top):
                data = item.data(0, ENTRY_ROLE)
                if isinstance(data, tuple):  # a server's row holds (path, entry), a file's its path
                    yield item, data[0], data[1]

    def entry_item(self, path: Path, name: str) -> QTreeWidgetItem | None:
        """The row of server ``name`` of the file ``path`` (None: not shown)."""
        return next((item for item, p, e in self._rows() if p == path and e.name == name), None)

    def file_item(self, path: Path) -> QTreeWidgetItem | None:
        items = _children(self.tree.invisibleRootItem())
        return next((item for item in items if item.data(0, ENTRY_ROLE) == path), None)

    def set_checked(self, path: Path, name: str, checked: bool = True) -> None:
        item = self.entry_item(path, name)
        if item is None:
            raise KeyError(name)
        item.setCheckState(0, Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked)

    def _checked(self) -> dict[Path, list[HostEntry]]:
        out: dict[Path, list[HostEntry]] = {}
        for item, path, entry in self._rows():
            if item.checkState(0) == Qt.CheckState.Checked:
                out.setdefault(path, []).append(entry)
        return out

    def _enable(self) -> None:
        checked = [e for entries in self._checked().values() for e in entries]
        self.attach_button.setEnabled(any(e.can_attach for e in checked))
        self.detach_button.setEnabled(any(e.can_detach for e in checked))

    def _show_report(self) -> None:
        """The report's lines in the window's language."""
        text = attach_words.report_text(self.lines, QCoreApplication.translate)
        self.report.setPlainText(text)
        self.report.setVisible(bool(text))

    # ------------------------------------------------------------------ choosing a file

    def choose_file(self) -> QFileDialog:
        """Choose file…: a file dialog (window-modal); the file chosen is added (:meth:`add_file`)."""
        chooser = QFileDialog(self, _word("choose_title"))
        chooser.setFileMode(QFileDialog.FileMode.ExistingFile)
        chooser.setNameFilters([_word("json_files"), _word("all_files")])
        chooser.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        chooser.fileSelected.connect(lambda name: self.add_file(Path(name)))
        chooser.open()
        return chooser

    def add_file(self, path: Path) -> None:
        """List the host file ``path`` with the others, and keep it for the next window
        (:func:`~inspector.session.attach.remember_chosen`); one that cannot be read is listed with
        why, said below the list too, as is a list that could not be kept."""
        path = Path(path)
        if path not in self.extra and path not in {f.location.path for f in self.found}:
            self.extra.append(path)
        try:
            remember_chosen(path, **self.where)
            not_kept = ""
        except OSError as exc:
            not_kept = _word("not_kept").format(why=exc.strerror or exc)
        self.refresh()
        found = next((f for f in self.found if f.location.path == path), None)
        why = found.why if found is not None and found.host is None else ""
        self.error.show_text("\n".join(t for t in (why, not_kept) if t))
        if self.relays is not None:
            self.relays.serve()  # its attached URL servers are served too

    # ------------------------------------------------------------------ forwarding

    def attach_checked(self) -> None:
        """Attach the checked servers that can be, file by file; say what happened."""
        self._act("attach")

    def detach_checked(self) -> None:
        """Detach the checked attached servers, file by file; say what happened."""
        self._act("detach")

    def _act(self, verb: str) -> None:
        self.lines, self.errors = attach_words.act(verb, self._checked(), self.found, self.relays is not None)
        self.error.show_text(attach_words.errors_text(self.errors))
        self._show_report()
        if self.relays is not None:
            self.relays.serve()  # a URL server attached is served now, one detached is stopped
        self.refresh()


def open_attach_dialog(parent: QWidget) -> AttachDialog:
    """Show the dialog over ``parent`` (window-modal; it goes when closed)."""
    dialog = AttachDialog(parent)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.open()
    return dialog
