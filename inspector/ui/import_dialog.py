"""File → Import servers… and File → Export server entry….

The import dialog reads another client's configuration file through the session layer
(``inspector.session.imports``: no parsing here), from the usual places of this platform that
hold one or any file chosen: it shows each server found with a check box, the values the file
asks for (VS Code ``inputs``, registry variables; password inputs masked), and everything that
could not be mapped with its file and JSON path. Import adds the checked servers to the saved
servers (names made unique); secret values go to ``secrets.json`` through the profile store,
never to ``servers.json``. Everything the file holds is shown as plain text.

The export dialog shows the selected server as an entry of the client chosen (Claude Desktop,
Cursor, Windsurf, the MCP Inspector, VS Code: each its own shape for a URL server, and none in
Claude Desktop's file) to copy or save, with its secret values left out and named.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHeaderView,
    QLineEdit,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QWidget,
)

from inspector.session import import_view
from inspector.session.imports import (
    EXPORT_CLIENTS,
    ConfigLocation,
    FoundServer,
    ImportInput,
    ImportProblem,
    ImportResult,
    default_locations,
    existing_locations,
    export_entry,
    import_profiles,
    read_config,
)
from inspector.session.profiles import ServerProfile

from .form_rows import read_only_text
from .json_highlight import JsonHighlighter
from .widgets import ErrorLabel, group_box, hbox, muted, plain_label, plain_tooltip, push_button, vbox

_tr = QCoreApplication.translate
SERVER_ROLE = Qt.ItemDataRole.UserRole


def problem_line(problem: ImportProblem) -> str:
    """``file: $.path: message`` in the window's language (names, paths and values as they are)."""
    return import_view.problem_line(problem, _tr)


class ImportDialog(QDialog):
    """Read a configuration file, pick its servers, fill its inputs, import."""

    #: the profiles to add, names already unique among ``taken``
    serversImported = Signal(list)

    def __init__(
        self,
        taken: list[str],
        parent: QWidget | None = None,
        locations: list[ConfigLocation] | None = None,
        looked: list[ConfigLocation] | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Import servers"))
        self.resize(860, 640)
        self.taken = list(taken)
        self.read_result: ImportResult | None = None
        self.input_fields: dict[str, QLineEdit | QComboBox] = {}
        self.imported: list[ServerProfile] = []

        self.source = QComboBox()
        self.source.setAccessibleName(self.tr("Configuration files found"))
        self.locations = existing_locations() if locations is None else locations
        self.looked = default_locations() if looked is None else looked
        for loc in self.locations:
            self.source.addItem(import_view.place_text(loc, _tr), str(loc.path))
            self.source.setItemData(self.source.count() - 1, plain_tooltip(str(loc.path)), Qt.ItemDataRole.ToolTipRole)
        places = "\n".join(import_view.place_text(loc, _tr, ": ") for loc in self.looked)
        self.looked_label = QWidget()  # "Looked in:" over the places (data: client names and paths)
        self.looked_label.setObjectName("looked-in")
        self.looked_places = muted(plain_label(places, selectable=True))
        self.looked_places.setProperty("data", True)
        heading = muted(plain_label(self.tr("Looked in:")))
        vbox(heading, self.looked_places, margins=False, parent=self.looked_label).setSpacing(2)
        self.looked_button = QPushButton(self.tr("Where it looked"))
        self.looked_button.setCheckable(True)
        self.looked_button.setToolTip(self.tr("The usual places of each client's configuration file on this system"))
        self.looked_button.toggled.connect(self.looked_label.setVisible)
        self.looked_button.setChecked(not self.locations)
        self.looked_label.setVisible(not self.locations)
        if not self.locations:
            self.source.addItem(
                self.tr("No client's configuration file was found in the usual places (listed below)"), ""
            )
            self.source.setEnabled(False)
        self.source.activated.connect(self._source_chosen)
        top = hbox((self.source, 1), push_button(self.tr("Choose file…"), self.choose_file), self.looked_button)

        self.file_label = muted(plain_label(wrap=True, selectable=True))

        self.tree = QTreeWidget()
        self.tree.setAccessibleName(self.tr("Servers found"))
        self.tree.setHeaderLabels(
            [self.tr("Server"), self.tr("Transport"), self.tr("Starts or connects to"), self.tr("Kept secret")]
        )
        self.tree.setRootIsDecorated(False)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        for column in range(4):  # what each server starts or connects to takes the room left
            mode = QHeaderView.ResizeMode.Stretch if column == 2 else QHeaderView.ResizeMode.ResizeToContents
            self.tree.header().setSectionResizeMode(column, mode)
        self.tree.itemChanged.connect(self._checks_changed)

        self.inputs_box = QGroupBox(self.tr("Values the file asks for"))
        self.inputs_form = QFormLayout(self.inputs_box)
        self.inputs_box.setVisible(False)

        self.problems = read_only_text(mono=True)
        self.problems_box = group_box(self.tr("Not imported, or changed on the way"), self.problems)
        self.problems_box.setVisible(False)

        secrets_note = muted(
            plain_label(
                self.tr(
                    "Secret values (password inputs, variables and headers the file marks secret, whose names say token, key, "  # noqa: E501
                    "secret, password or authorization, or whose values look like a token, a key or a URL with a password) are kept "  # noqa: E501
                    "in secrets.json, readable only by you, never in servers.json. A secret in an argument is kept there too, as a "  # noqa: E501
                    "secret variable the argument names (${secret:NAME}, filled in when the server starts). A URL with a "  # noqa: E501
                    "secret in it is kept there whole, and servers.json holds it masked."
                )
            )
        )
        self.error = ErrorLabel("import-error")
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.import_button = self.buttons.addButton(self.tr("Import"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.import_button.setEnabled(False)
        self.import_button.clicked.connect(self.import_checked)
        self.buttons.rejected.connect(self.reject)

        vbox(
            *(plain_label(self.tr("Read servers from:")), top, self.looked_label, self.file_label, (self.tree, 1)),
            *(self.inputs_box, self.problems_box, secrets_note, self.error, self.buttons),
            parent=self,
        )
        if self.locations:
            self.load(self.locations[0].path, self.locations[0].format)

    # ------------------------------------------------------------------ reading

    def _source_chosen(self, index: int) -> None:
        if 0 <= index < len(self.locations):
            self.load(self.locations[index].path, self.locations[index].format)

    def choose_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self,
            self.tr("Choose a configuration file"),
            str(Path.home()),
            self.tr("JSON files (*.json);;All files (*)"),
        )
        if path:
            self.load(Path(path))

    def load(self, path: str | Path, fmt: str | None = None) -> ImportResult:
        """Read ``path`` and show what it holds."""
        self.read_result = result = read_config(path, fmt)
        self.looked_button.setChecked(False)  # a file is shown: where it looked is a click away
        self.file_label.setText(import_view.read_summary(result, _tr))
        self.tree.blockSignals(True)
        self.tree.clear()
        for row in import_view.import_rows(result):
            kept = ", ".join(row.secrets)
            item = QTreeWidgetItem([row.key, import_view.transport_word(row.transport, _tr), row.target, kept])
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(0, Qt.CheckState.Checked)
            item.setData(0, SERVER_ROLE, row.index)
            item.setToolTip(2, plain_tooltip(row.target))
            if row.notes:
                item.setToolTip(0, plain_tooltip(import_view.row_notes(row, _tr)))
            self.tree.addTopLevelItem(item)
        self.tree.blockSignals(False)
        lines = import_view.problem_lines(result, _tr)
        self.problems.setPlainText("\n".join(lines))
        shown = min(max(len(lines), 1) + 1, 8)  # lines, one more for a wrapped one; longer lists scroll
        self.problems.setFixedHeight(self.problems.fontMetrics().lineSpacing() * shown + 12)
        self.problems_box.setVisible(bool(lines))
        self._build_inputs()
        self._checks_changed()
        return result

    def _build_inputs(self) -> None:
        while self.inputs_form.rowCount():
            self.inputs_form.removeRow(0)
        self.input_fields = {}
        result = self.read_result
        inputs = result.inputs_of(result.servers) if result is not None else []
        for spec in inputs:
            self.input_fields[spec.id] = field = self._field(spec)
            label = plain_label(import_view.input_label(spec))
            label.setToolTip(plain_tooltip(spec.id))
            self.inputs_form.addRow(label, field)
        self.inputs_box.setVisible(bool(inputs))

    def _field(self, spec: ImportInput) -> QLineEdit | QComboBox:
        if spec.choices and not spec.password:
            box = QComboBox()
            box.setEditable(True)
            box.addItems(list(spec.choices))
            box.setCurrentText(spec.default)
            box.currentTextChanged.connect(self._checks_changed)
            return box
        line = QLineEdit(spec.default)
        if spec.password:
            line.setEchoMode(QLineEdit.EchoMode.Password)
            line.setPlaceholderText(self.tr("kept secret"))
        elif spec.required:
            line.setPlaceholderText(self.tr("required"))
        line.textChanged.connect(self._checks_changed)
        return line

    # ------------------------------------------------------------------ choosing

    def checked(self) -> list[FoundServer]:
        result = self.read_result
        if result is None:
            return []
        out: list[FoundServer] = []
        for row in range(self.tree.topLevelItemCount()):
            item = self.tree.topLevelItem(row)
            if item is not None and item.checkState(0) == Qt.CheckState.Checked:
                out.append(result.servers[item.data(0, SERVER_ROLE)])
        return out

    def values(self) -> dict[str, str]:
        return {
            ident: (f.currentText() if isinstance(f, QComboBox) else f.text()) for ident, f in self.input_fields.items()
        }

    def _checks_changed(self, *_args: object) -> None:
        chosen = self.checked()
        state = import_view.inputs_state(self.read_result, chosen, self.values())
        for ident, f in self.input_fields.items():
            f.setEnabled(ident in state.used)
            label = self.inputs_form.labelForField(f)
            if label is not None:
                label.setEnabled(ident in state.used)
        self.error.show_text(import_view.inputs_problem(_tr, state))
        self.import_button.setText(
            self.tr("Import {n} server(s)").format(n=len(chosen)) if chosen else self.tr("Import")
        )
        self.import_button.setEnabled(bool(chosen) and not state.missing)

    def import_checked(self) -> list[ServerProfile]:
        """Import the checked servers: ``serversImported`` carries their profiles."""
        chosen = self.checked()
        if self.read_result is None or not chosen or self.read_result.unfilled(chosen, self.values()):
            return []
        self.imported = import_profiles(self.read_result, chosen, self.values(), self.taken)
        self.serversImported.emit(self.imported)
        self.accept()
        return self.imported


class ExportDialog(QDialog):
    """A saved server as an entry of another client's file, to copy or save; secrets left out.
    The client is chosen: a URL server takes a different shape in each (none in Claude Desktop's)."""

    def __init__(self, profile: ServerProfile, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Export server entry"))
        self.resize(620, 460)
        self.profile = profile
        self.client = QComboBox()
        self.client.setAccessibleName(self.tr("Client"))
        for key, name in EXPORT_CLIENTS.items():
            self.client.addItem(name, key)
        self.client.setCurrentIndex(self.client.findData(import_view.first_client(profile)))
        self.client.currentIndexChanged.connect(self._show_entry)
        self.intro = plain_label(wrap=True)
        self.text = read_only_text(mono=True)
        self._highlighter = JsonHighlighter(self.text.document(), self.text)
        self.note = plain_label()
        self.note.setObjectName("export-note")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.copy_button = buttons.addButton(self.tr("Copy"), QDialogButtonBox.ButtonRole.ActionRole)
        self.save_button = buttons.addButton(self.tr("Save…"), QDialogButtonBox.ButtonRole.ActionRole)
        self.copy_button.clicked.connect(self.copy)
        self.save_button.clicked.connect(self.save)
        buttons.rejected.connect(self.reject)
        self.status = muted(plain_label())
        top = QFormLayout()
        top.addRow(self.tr("For:"), self.client)
        # the stretch (index 5) takes the room of the entry when there is none
        self._layout = vbox(top, self.intro, (self.text, 1), self.note, self.status, 0, buttons, parent=self)
        self._filler = 5
        self._show_entry()

    def _show_entry(self, *_args: object) -> None:
        client = self.client.currentData()
        self.entry = export_entry(self.profile, client)
        self.intro.setText(import_view.export_intro(_tr, client))
        self.intro.setVisible(bool(self.entry.text))
        self.text.setPlainText(self.entry.text)
        self.text.setVisible(bool(self.entry.text))
        self._layout.setStretch(self._filler, 0 if self.entry.text else 1)
        notes = import_view.export_notes(self.entry, _tr)
        self.note.setText(notes)
        self.note.setVisible(bool(notes))
        self.copy_button.setEnabled(bool(self.entry.text))
        self.save_button.setEnabled(bool(self.entry.text))
        self.status.clear()

    def copy(self) -> None:
        QGuiApplication.clipboard().setText(self.entry.text)
        self.status.setText(self.tr("Copied to the clipboard."))

    def save(self) -> None:
        safe = import_view.safe_file_stem(self.profile.name, "server")
        from .exporting import FileType, ask_save_path

        types = [FileType("json", self.tr("JSON files"), (".json",))]
        chosen = ask_save_path(self, self.tr("Save server entry"), str(Path.home() / f"{safe}.json"), types)
        if chosen is not None:
            self.save_to(chosen[0])

    def save_to(self, path: str) -> bool:
        try:
            Path(path).write_text(self.entry.text, encoding="utf-8")
        except OSError as exc:
            self.status.setText(self.tr("Cannot save: {why}").format(why=exc.strerror or str(exc)))
            return False
        self.status.setText(self.tr("Saved {path}").format(path=path))
        return True
