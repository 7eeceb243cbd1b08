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

Every word is made at render time from state (the files read, the errors, the report's lines kept
as source texts and values), so a language switch retranslates the open dialog at once.
"""

from __future__ import annotations

import shlex
from collections.abc import Iterator
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QEvent, Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHeaderView,
    QPlainTextEdit,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from inspector.session.attach import (
    AttachError,
    FoundFile,
    HostEntry,
    attach_checked,
    detach,
    found_host_files,
    read_found,
)

from .url_relays import UrlRelays, relays_of
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


class Word(str):
    """A value of a report line that is itself translated (a session-layer text)."""


#: a line of the report: its source text (in the "AttachDialog" context) and the values put in it
Line = tuple[object, dict[str, str]]  # the source: QT_TRANSLATE_NOOP's (a str)


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
        layout = QVBoxLayout(self)
        self.intro = plain_label()
        layout.addWidget(self.intro)
        self.tree = QTreeWidget()
        self.tree.setColumnCount(COLUMNS)
        self.tree.header().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.tree.setUniformRowHeights(False)
        self.tree.itemChanged.connect(lambda *_: self._enable())
        layout.addWidget(self.tree, 1)
        self.url_note = muted(plain_label())
        self.url_note.setObjectName("attachUrlNote")
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
        self.attach_button = QPushButton()
        self.detach_button = QPushButton()
        self.refresh_button = QPushButton()
        self.choose_button = QPushButton()
        for b in (self.attach_button, self.detach_button, self.refresh_button, self.choose_button):
            buttons.addButton(b, QDialogButtonBox.ButtonRole.ActionRole)
        self.attach_button.clicked.connect(self.attach_checked)
        self.detach_button.clicked.connect(self.detach_checked)
        self.refresh_button.clicked.connect(self.read_again)
        self.choose_button.clicked.connect(self.choose_file)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        if self.relays is not None:
            self.relays.changed.connect(self._render)
        self._retranslate()
        self.refresh()

    def _retranslate(self) -> None:
        """Every fixed word in the window's language (again on a language switch)."""
        self.setWindowTitle(self.tr("Attach to a host"))
        self.intro.setText(
            self.tr(
                "Attaching makes the host start a server through the inspector's proxy, which records the "
                "session; detaching gives the file back as it was. Only the command and args of the server "
                "change in the host's file; what detaching needs is kept beside it."
            )
        )
        self.tree.setHeaderLabels([self.tr("Server"), self.tr("Kind"), self.tr("State"), self.tr("Runs")])
        self.url_note.setText(
            self.tr(
                "An HTTP server is attached by pointing its entry at a reverse proxy on this computer "
                "(127.0.0.1), which this window runs while it is open. While no inspector window is open (and "
                "no proxy you run yourself: the command is in the row's tooltip), the host cannot reach the server."
            )
        )
        self.attach_button.setText(self.tr("Attach"))
        self.attach_button.setToolTip(self.tr("Make the host start the checked servers through the proxy"))
        self.detach_button.setText(self.tr("Detach"))
        self.detach_button.setToolTip(self.tr("Give the checked attached servers back their own command line"))
        self.refresh_button.setText(self.tr("Read again"))
        self.choose_button.setText(self.tr("Choose file…"))
        self.choose_button.setToolTip(self.tr("Add a host's configuration file that is not in the places searched"))
        self._render()
        self._show_report()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange and hasattr(self, "choose_button"):
            self._retranslate()
        super().changeEvent(event)

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
        self.found = found_host_files(**self.where)
        seen = {f.location.path for f in self.found}
        self.found += [read_found(p) for p in self.extra if p not in seen]
        self._render(keep_checks=False)

    def _render(self, keep_checks: bool = True) -> None:
        """The files read, shown in the window's language (``keep_checks``: as checked now)."""
        checked = {(p, e.name) for p, entries in self._checked().items() for e in entries} if keep_checks else set()
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
        home = Path(str(self.where.get("home") or Path.home()))
        shown = f"~/{path.relative_to(home)}" if path.is_relative_to(home) else str(path)
        client = f.location.client or self.tr("chosen file")
        item = QTreeWidgetItem([shown, client])
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

    def serving_words(self, path: Path, e: HostEntry) -> str:
        """Whether a window serves the attached URL server ``e`` now, in words."""
        if self.relays is None:
            return self.tr("no inspector window serves it here")
        return self.relays.state_words(path, e.name)

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
        runs, tip = e.runs or e.command_line, ""
        if serve is not None:
            state = self.tr("{state}; {serving}").format(state=state, serving=self.serving_words(path, e))
            runs = self.tr("{address} → {upstream}").format(address=e.runs, upstream=e.command_line)
            tip = self.tr("Without an inspector window, this serves it (run it while the host uses it): {command}")
            tip = tip.format(command=shlex.join(serve))
        elif e.attached:
            tip = e.command_line
        item = QTreeWidgetItem([e.name, kind, state, runs])
        item.setData(0, ENTRY_ROLE, (path, e))
        for column, text in ((2, state), (3, f"{runs}\n\n{tip}" if tip else runs)):
            item.setToolTip(column, plain_tooltip(text))
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

    def _show_report(self) -> None:
        """The report's lines in the window's language."""
        text = "\n".join(
            said(str(source)).format(**{k: said(v) if isinstance(v, Word) else v for k, v in values.items()})
            for source, values in self.lines
        )
        self.report.setPlainText(text)
        self.report.setVisible(bool(text))

    # ------------------------------------------------------------------ choosing a file

    def choose_file(self) -> QFileDialog:
        """Choose file…: a file dialog (window-modal); the file chosen is added (:meth:`add_file`)."""
        chooser = QFileDialog(self, self.tr("Choose a host's configuration file"))
        chooser.setFileMode(QFileDialog.FileMode.ExistingFile)
        chooser.setNameFilters([self.tr("JSON files (*.json *.jsonc)"), self.tr("All files (*)")])
        chooser.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        chooser.fileSelected.connect(lambda name: self.add_file(Path(name)))
        chooser.open()
        return chooser

    def add_file(self, path: Path) -> None:
        """List the host file ``path`` with the others (for as long as the window is open); one
        that cannot be read is listed with why, said below the list too."""
        path = Path(path)
        if path not in self.extra and path not in {f.location.path for f in self.found}:
            self.extra.append(path)
        self.refresh()
        found = next((f for f in self.found if f.location.path == path), None)
        self.error.show_text(found.why if found is not None and found.host is None else "")
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
        self.errors.clear()
        lines: list[Line] = []
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
            done = {"servers": ", ".join(outcome.changed), "file": str(path)}
            if verb == "attach":
                lines.append((QT_TRANSLATE_NOOP("AttachDialog", "Attached {servers} in {file}."), done))
            else:
                lines.append((QT_TRANSLATE_NOOP("AttachDialog", "Detached {servers} in {file}."), done))
            for argv in outcome.serve:
                serve = {"server": argv[argv.index("--name") + 1], "command": shlex.join(argv)}
                if self.relays is not None:
                    text = QT_TRANSLATE_NOOP(
                        "AttachDialog",
                        "This window serves {server} while it is open; while no inspector window is open, the host "
                        "cannot reach it (or run this while the host uses it: {command})",
                    )
                else:
                    text = QT_TRANSLATE_NOOP(
                        "AttachDialog",
                        "No inspector window serves {server} here: run this while the host uses it: {command}",
                    )
                lines.append((text, serve))
            lines += [(note, {}) for note in outcome.notes]
            if outcome.backup is not None:
                kept = QT_TRANSLATE_NOOP("AttachDialog", "The file as it was before the first attach: {backup}")
                lines.append((kept, {"backup": str(outcome.backup)}))
            host = hosts[path].host
            if host is not None:  # it was read: its servers were listed
                restart = QT_TRANSLATE_NOOP("AttachDialog", "{host} must be restarted for this to take effect: {how}")
                lines.append((restart, {"host": host.client, "how": Word(host.restart_words())}))
        self.error.show_text(
            "\n".join(f"{path}: {why}" if str(path) not in why else why for path, why in self.errors.items())
        )
        self.lines = lines
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
