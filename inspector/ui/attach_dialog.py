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
(``proxy --listen 127.0.0.1:PORT --upstream URL``) that must run while the host uses it. The
window does not run that proxy yet: the dialog says so and shows the command for each attached
URL server, to copy and run.
"""

from __future__ import annotations

import shlex
from collections.abc import Iterator
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QPlainTextEdit,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from inspector.session.attach import AttachError, FoundFile, HostEntry, attach_checked, detach, found_host_files

from .widgets import ErrorLabel, mono_font, muted, plain_label, plain_tooltip

#: the session layer's fixed words (why a server cannot be attached, how to restart a host),
#: for the translation tools; a text not here is shown as the session layer says it
SESSION_WORDS = (
    QT_TRANSLATE_NOOP("AttachDialog", "its entry is not an object"),
    QT_TRANSLATE_NOOP("AttachDialog", "it has no URL"),
    QT_TRANSLATE_NOOP("AttachDialog", "it has no command"),
    QT_TRANSLATE_NOOP("AttachDialog", "its args are not a list"),
    QT_TRANSLATE_NOOP("AttachDialog", "its args are not all strings"),
    QT_TRANSLATE_NOOP("AttachDialog", "its URL is no http:// or https:// URL"),
    QT_TRANSLATE_NOOP("AttachDialog", "its URL holds a variable the host expands: the proxy needs the URL"),
    QT_TRANSLATE_NOOP("AttachDialog", "quit Claude Desktop completely (not only its window) and start it again"),
    QT_TRANSLATE_NOOP(
        "AttachDialog",
        "restart the server in VS Code (MCP: List Servers → the server → Restart Server) or reload the window",
    ),
    QT_TRANSLATE_NOOP("AttachDialog", "restart Cursor, or turn the server off and on again in Cursor Settings → MCP"),
    QT_TRANSLATE_NOOP(
        "AttachDialog", "refresh the MCP servers in Windsurf (Cascade → MCP servers → Refresh) or restart it"
    ),
    QT_TRANSLATE_NOOP("AttachDialog", "start the MCP Inspector again with this file"),
    QT_TRANSLATE_NOOP("AttachDialog", "quit it and start it again"),
)
ENTRY_ROLE = Qt.ItemDataRole.UserRole
COLUMNS = 4  # server, kind, state, command line or URL


def said(text: str) -> str:
    """A session-layer text in the window's language when it is one of :data:`SESSION_WORDS`."""
    return QCoreApplication.translate("AttachDialog", text)


class AttachDialog(QDialog):
    """The host files found, their servers with check boxes, Attach and Detach (see the module)."""

    def __init__(self, parent: QWidget | None = None, **where: object) -> None:
        super().__init__(parent)
        self.where = where  # found_host_files' platform, home, env, cwd (tests: a temporary home)
        self.found: list[FoundFile] = []
        self.errors: dict[Path, str] = {}  # a file's error, shown on its row until the next action
        self.setWindowTitle(self.tr("Attach to a host"))
        self.resize(980, 560)
        layout = QVBoxLayout(self)
        layout.addWidget(
            plain_label(
                self.tr(
                    "Attaching makes the host start a server through the inspector's proxy, which records the "
                    "session; detaching gives the file back as it was. Only the command and args of the server "
                    "change in the host's file; what detaching needs is kept beside it."
                )
            )
        )
        self.tree = QTreeWidget()
        self.tree.setColumnCount(COLUMNS)
        self.tree.setHeaderLabels([self.tr("Server"), self.tr("Kind"), self.tr("State"), self.tr("Runs")])
        self.tree.header().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.tree.setUniformRowHeights(False)
        self.tree.itemChanged.connect(lambda *_: self._enable())
        layout.addWidget(self.tree, 1)
        self.url_note = muted(
            plain_label(
                self.tr(
                    "An HTTP server is attached by pointing its entry at a reverse proxy on this computer "
                    "(proxy --listen 127.0.0.1:PORT --upstream URL), which must be running while the host uses "
                    "it. The window does not run that proxy yet: run the command shown below for each attached "
                    "HTTP server."
                )
            )
        )
        layout.addWidget(self.url_note)
        self.error = ErrorLabel("attachError", boxed=True)
        layout.addWidget(self.error)
        self.report = QPlainTextEdit()
        self.report.setObjectName("attachResult")
        self.report.setReadOnly(True)
        self.report.setFont(mono_font())
        self.report.setMaximumHeight(150)
        self.report.setVisible(False)
        layout.addWidget(self.report)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.attach_button = QPushButton(self.tr("Attach"))
        self.attach_button.setToolTip(self.tr("Make the host start the checked servers through the proxy"))
        self.detach_button = QPushButton(self.tr("Detach"))
        self.detach_button.setToolTip(self.tr("Give the checked attached servers back their own command line"))
        self.refresh_button = QPushButton(self.tr("Read again"))
        for b in (self.attach_button, self.detach_button, self.refresh_button):
            buttons.addButton(b, QDialogButtonBox.ButtonRole.ActionRole)
        self.attach_button.clicked.connect(self.attach_checked)
        self.detach_button.clicked.connect(self.detach_checked)
        self.refresh_button.clicked.connect(self.read_again)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.refresh()

    # ------------------------------------------------------------------ rendering

    def read_again(self) -> None:
        """Read the host files again, the last errors and report cleared."""
        self.errors.clear()
        self.error.clear_text()
        self.report.clear()
        self.report.setVisible(False)
        self.refresh()

    def refresh(self) -> None:
        """Read the host files again and show them (the checks are cleared)."""
        self.found = found_host_files(**self.where)
        self.tree.blockSignals(True)
        self.tree.clear()
        if not self.found:
            item = QTreeWidgetItem(
                [self.tr("No host configuration found (Claude Desktop, VS Code, Cursor, Windsurf, MCP Inspector)")]
            )
            item.setFirstColumnSpanned(True)
            self.tree.addTopLevelItem(item)
        for f in self.found:
            self.tree.addTopLevelItem(self._file_item(f))
        self.tree.expandAll()
        self.tree.blockSignals(False)
        for column, most in ((0, 380), (1, 160), (2, 520)):
            self.tree.resizeColumnToContents(column)
            self.tree.setColumnWidth(column, min(self.tree.columnWidth(column), most))
        self.url_note.setVisible(any(e.kind == "url" for f in self.found if f.host for e in f.host.entries))
        self._enable()

    def _file_item(self, f: FoundFile) -> QTreeWidgetItem:
        path = f.location.path
        home = Path(str(self.where.get("home") or Path.home()))
        shown = f"~/{path.relative_to(home)}" if path.is_relative_to(home) else str(path)
        item = QTreeWidgetItem([shown, f.location.client])
        item.setData(0, ENTRY_ROLE, path)
        item.setToolTip(0, plain_tooltip(str(path)))
        error = self.errors.get(path, "")
        if f.host is None:
            item.setText(2, f.why)
            item.setToolTip(2, plain_tooltip(f.why))
            return item
        state = self.tr("must be restarted after a change: {how}").format(how=said(f.host.restart_words()))
        if f.host.edited_since_written:
            state = self.tr("edited since attach or detach last wrote it; ") + state
        if f.host.record_error:
            state = f.host.record_error
        item.setText(2, error or state)
        item.setToolTip(2, plain_tooltip(error or state))
        for e in f.host.entries:
            item.addChild(self._entry_item(path, e))
        if not f.host.entries:
            item.addChild(QTreeWidgetItem([self.tr("no servers")]))
        return item

    def _entry_item(self, path: Path, e: HostEntry) -> QTreeWidgetItem:
        kind = {"stdio": self.tr("stdio"), "url": self.tr("HTTP")}.get(e.kind, self.tr("other"))
        if e.attached and not e.why_not:
            state = self.tr("attached")
        elif e.attached:
            state = self.tr("attached, but cannot be detached: {why}").format(why=said(e.why_not))
        elif e.why_not:
            state = self.tr("cannot be attached: {why}").format(why=said(e.why_not))
        else:
            state = self.tr("not attached")
        serve = e.serve()
        runs = e.runs or e.command_line
        if serve is not None:
            runs = self.tr("{url} — run while the host uses it: {command}").format(
                url=e.runs, command=shlex.join(serve)
            )
        item = QTreeWidgetItem([e.name, kind, state, runs])
        item.setData(0, ENTRY_ROLE, (path, e))
        for column, tip in ((2, state), (3, runs if not e.attached else f"{runs}\n\n{e.command_line}")):
            item.setToolTip(column, plain_tooltip(tip))
        item.setFont(3, mono_font())
        if e.can_attach or e.can_detach:
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(0, Qt.CheckState.Unchecked)
        else:  # nothing to do with it here: no check box
            item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsUserCheckable)
        return item

    def _rows(self) -> Iterator[tuple[QTreeWidgetItem, Path, HostEntry]]:
        """Each server's row, with its file and entry."""
        for i in range(self.tree.topLevelItemCount()):
            top = self.tree.topLevelItem(i)
            for j in range(top.childCount() if top is not None else 0):
                child = top.child(j) if top is not None else None
                data = child.data(0, ENTRY_ROLE) if child is not None else None
                if child is not None and data is not None:
                    yield child, data[0], data[1]

    def entry_item(self, path: Path, name: str) -> QTreeWidgetItem | None:
        """The row of server ``name`` of the file ``path`` (None: not shown)."""
        return next((item for item, p, e in self._rows() if p == path and e.name == name), None)

    def file_item(self, path: Path) -> QTreeWidgetItem | None:
        items = (self.tree.topLevelItem(i) for i in range(self.tree.topLevelItemCount()))
        return next((item for item in items if item is not None and item.data(0, ENTRY_ROLE) == path), None)

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

    # ------------------------------------------------------------------ forwarding

    def attach_checked(self) -> None:
        """Attach the checked servers that can be, file by file; say what happened."""
        self._act("attach")

    def detach_checked(self) -> None:
        """Detach the checked attached servers, file by file; say what happened."""
        self._act("detach")

    def _act(self, verb: str) -> None:
        self.errors.clear()
        lines: list[str] = []
        hosts = {f.location.path: f for f in self.found}
        for path, entries in self._checked().items():
            names = [e.name for e in entries if (e.can_attach if verb == "attach" else e.can_detach)]
            if not names:
                continue
            fmt = hosts[path].location.format
            try:
                outcome = attach_checked(path, names, fmt=fmt) if verb == "attach" else detach(path, names, fmt=fmt)
            except AttachError as exc:
                self.errors[path] = str(exc)
                continue
            done = ", ".join(outcome.changed)
            if verb == "attach":
                lines.append(self.tr("Attached {servers} in {file}.").format(servers=done, file=path))
            else:
                lines.append(self.tr("Detached {servers} in {file}.").format(servers=done, file=path))
            run = self.tr("Run this while the host uses it (the window does not run it yet): {command}")
            lines += [run.format(command=shlex.join(argv)) for argv in outcome.serve]
            lines += outcome.notes
            if outcome.backup is not None:
                kept = self.tr("The file as it was before the first attach: {backup}")
                lines.append(kept.format(backup=outcome.backup))
            host = hosts[path].host
            if host is not None:  # it was read: its servers were listed
                restart = self.tr("{host} must be restarted for this to take effect: {how}")
                lines.append(restart.format(host=host.client, how=said(host.restart_words())))
        self.error.show_text(
            "\n".join(f"{path}: {why}" if str(path) not in why else why for path, why in self.errors.items())
        )
        self.report.setPlainText("\n".join(lines))
        self.report.setVisible(bool(lines))
        self.refresh()


def open_attach_dialog(parent: QWidget) -> AttachDialog:
    """Show the dialog over ``parent`` (window-modal; it goes when closed)."""
    dialog = AttachDialog(parent)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.open()
    return dialog
