"""The connection panel: saved servers and the editor for the selected one."""

from __future__ import annotations

import copy
from collections.abc import Callable

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLayout,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QTableWidget,
    QTableWidgetItem,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from inspector.protocol.versions import LEGACY_VERSIONS, MODERN_VERSIONS
from inspector.session.profiles import (
    CAPABILITY_VERSIONS,
    MASK,
    PROBLEMS,
    EnvVar,
    Needs,
    Problem,
    ServerProfile,
    split_problem,
    transport_choice,
    transport_choices,
)
from inspector.session.recording import TransportKind
from inspector.session.secrecy import secret_header

from .roots_editor import RootsEditor
from .widgets import ErrorLabel, plain_label, plain_tooltip, section_title

ERAS = ("auto", "legacy", "modern")

#: The built-in demo server's name, for the translation tools (profiles store it in English).
QT_TRANSLATE_NOOP("Profiles", "Demo server (built in)")


# What can be wrong with a server's field, by code: session.profiles.PROBLEMS, whose English
# scripts/i18n.py brings into the catalogue in the "ProfileEditor" context (a plain comment: a
# "#:" one would be taken by lupdate as the translators' note of the next string).
PROBLEM_TEXTS = PROBLEMS

#: Why shlex cannot split a command line (its two messages) in words to translate.
SPLIT_ERRORS = {
    "No closing quotation": QT_TRANSLATE_NOOP("ProfileEditor", "no closing quotation mark"),
    "No escaped character": QT_TRANSLATE_NOOP("ProfileEditor", "a backslash at the end, with nothing to escape"),
}


def problem_text(problem: str) -> str:
    """A field's problem in the window's language: a :class:`~inspector.session.profiles.Problem`
    worded from its code and values (names, paths and URLs as they are), another text as it is."""
    if not isinstance(problem, Problem) or problem.code not in PROBLEM_TEXTS:
        return str(problem)
    try:
        return QCoreApplication.translate("ProfileEditor", PROBLEM_TEXTS[problem.code]).format(**problem.values)
    except (KeyError, IndexError, ValueError):  # a translation that lost or broke a placeholder
        return str(problem)


def profile_label(profile: ServerProfile) -> str:
    """A saved server's name as the list shows it (the built-in one in the user's language)."""
    if profile.builtin:
        return QCoreApplication.translate("Profiles", profile.name)
    return profile.name or QCoreApplication.translate("ConnectionPanel", "(unnamed)")


MIB = 1024 * 1024  # the line-limit field is in MiB


class EnvTable(QTableWidget):
    """Name, value, secret. Secret values are masked on screen until their row is edited.

    ``judge(name, value)``, when given, says which rows are secret whatever the box says (HTTP
    headers: :func:`~inspector.session.secrecy.secret_header`): such a row is masked and its box
    checked and locked as soon as its name or value is typed, as the session will treat it."""

    changed = Signal()

    def __init__(
        self, parent: QWidget | None = None, judge: Callable[[str, str], bool] | None = None, *, headers: bool = False
    ) -> None:
        super().__init__(0, 3, parent)
        self._judge = judge
        # a variable's name and a header's name are different words in some languages (zh: 变量名, 名称)
        name = self.tr("Name", "HTTP header") if headers else self.tr("Name", "environment variable")
        self.setHorizontalHeaderLabels([name, self.tr("Value"), self.tr("Secret")])
        h = self.horizontalHeader()
        h.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        h.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        h.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        self.verticalHeader().setVisible(False)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self._values: list[str] = []
        self._loading = False
        self.itemChanged.connect(self._on_item_changed)
        self.setMinimumHeight(90)

    def set_vars(self, env: list[EnvVar]) -> None:
        self._loading = True
        self.setRowCount(0)
        self._values = []
        for var in env:
            self._append(var)
        self._loading = False

    def _append(self, var: EnvVar) -> None:
        row = self.rowCount()
        self.insertRow(row)
        self._values.append(var.value)
        self.setItem(row, 0, QTableWidgetItem(var.name))
        value = QTableWidgetItem(MASK if var.secret else var.value)
        if var.secret:
            value.setToolTip(self.tr("Secret: masked on screen and never written to servers.json or recordings"))
        self.setItem(row, 1, value)
        box = QTableWidgetItem()
        box.setFlags(Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
        box.setCheckState(Qt.CheckState.Checked if var.secret else Qt.CheckState.Unchecked)
        self.setItem(row, 2, box)
        self._apply_judgement(row)

    def _apply_judgement(self, row: int) -> None:
        """A row the judge calls secret: box checked and locked, value masked; otherwise the box
        is the user's again (still checked: unchecking is theirs to do)."""
        box, value = self.item(row, 2), self.item(row, 1)
        if self._judge is None or box is None or value is None:
            return
        judged = self._judge(self._name(row), self._values[row])
        loading, self._loading = self._loading, True
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        box.setFlags(flags if judged else flags | Qt.ItemFlag.ItemIsUserCheckable)
        if judged:
            box.setCheckState(Qt.CheckState.Checked)
            box.setToolTip(
                self.tr("Secret by its name or value (Authorization, Cookie, a key, a token): always masked")
            )
        else:
            box.setToolTip("")
        if self._secret(row):
            value.setText(MASK)
            value.setToolTip(self.tr("Secret: masked on screen and never written to servers.json or recordings"))
        self._loading = loading

    def add_row(self) -> None:
        self._loading = True
        self._append(EnvVar("", ""))
        self._loading = False
        name = self.item(self.rowCount() - 1, 0)
        if name is not None:  # _append has just put it there
            self.editItem(name)
        self.changed.emit()

    def remove_selected(self) -> None:
        rows = sorted({i.row() for i in self.selectedIndexes()}, reverse=True)
        for row in rows:
            self.removeRow(row)
            del self._values[row]
        if rows:
            self.changed.emit()

    def _name(self, row: int) -> str:
        item = self.item(row, 0)
        return item.text().strip() if item is not None else ""

    def _secret(self, row: int) -> bool:
        item = self.item(row, 2)
        return item is not None and item.checkState() == Qt.CheckState.Checked

    def _on_item_changed(self, item: QTableWidgetItem) -> None:
        if self._loading:
            return
        row = item.row()
        if item.column() == 0:
            self._apply_judgement(row)
        elif item.column() == 1:
            if item.text() != MASK:
                self._values[row] = item.text()
                self._apply_judgement(row)
                if self._secret(row):
                    self._loading = True
                    item.setText(MASK)
                    self._loading = False
        elif item.column() == 2:
            value_item = self.item(row, 1)
            if value_item is not None:
                self._loading = True
                value_item.setText(MASK if self._secret(row) else self._values[row])
                self._loading = False
        self.changed.emit()

    def vars(self) -> list[EnvVar]:
        out = []
        for row in range(self.rowCount()):
            out.append(EnvVar(self._name(row), self._values[row], self._secret(row)))
        return out


class ProfileEditor(QWidget):
    """Edits one ServerProfile; shows problems next to the fields where they were typed."""

    edited = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._profile: ServerProfile | None = None
        self._loading = False
        # A new, untouched server shows no red "missing command" before the user has typed
        # anything; the problems appear on the first edit or when Connect is pressed.
        self._reveal = True
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.name = QLineEdit()
        self.transport = QComboBox()
        for choice in transport_choices():  # every registered transport a user can pick, by its saved name
            self.transport.addItem(QCoreApplication.translate("Transports", choice.label), str(choice.name))
        self.url = QLineEdit()
        self.url.setPlaceholderText("http://127.0.0.1:3000/mcp")
        self.url.setToolTip(self.tr("The server's MCP endpoint; every message is POSTed here"))
        self.command = QLineEdit()
        self.command.setPlaceholderText(self.tr("e.g. node server.js --verbose"))
        self.command.setToolTip(
            self.tr("Program and arguments, split like a shell would (quotes allowed); started without a shell")
        )
        self.cwd = QLineEdit()
        self.cwd.setPlaceholderText(self.tr("(inherit)"))
        browse = QToolButton()
        browse.setText("…")
        browse.setToolTip(self.tr("Choose the working directory"))
        browse.clicked.connect(self._browse_cwd)
        cwd_row = QHBoxLayout()
        cwd_row.addWidget(self.cwd, 1)
        cwd_row.addWidget(browse)
        self.era = QComboBox()
        for e in ERAS:
            self.era.addItem(
                {
                    "auto": self.tr("auto (probe, then fall back)"),
                    "legacy": self.tr("legacy (initialize handshake)"),
                    "modern": self.tr("modern (2026-07-28, stateless)"),
                }[e],
                e,
            )
        self.version = QComboBox()
        self.detected = plain_label()
        self.errors: dict[str, QLabel] = {}
        form.addRow(self.tr("Name"), self._with_error("name", self.name))
        form.addRow(self.tr("Transport"), self._with_error("transport", self.transport))
        self._url_row = self._with_error("url", self.url)
        form.addRow(self.tr("URL"), self._url_row)
        self._command_row = self._with_error("command", self.command)
        form.addRow(self.tr("Command"), self._command_row)
        self._cwd_row = self._with_error("cwd", cwd_row)
        form.addRow(self.tr("Working dir"), self._cwd_row)
        self._form = form
        form.addRow(self.tr("Era"), self._with_error("era", self.era))
        form.addRow(self.tr("Version"), self._with_error("protocol_version", self.version))
        form.addRow("", self.detected)

        caps_box = QGroupBox(self.tr("Client capabilities to offer"))
        caps_layout = QVBoxLayout(caps_box)
        self.caps: dict[str, QCheckBox] = {}
        for key, label in (
            ("roots", self.tr("Roots")),
            ("sampling", self.tr("Sampling")),
            ("elicitation.form", self.tr("Elicitation (form)")),
            ("elicitation.url", self.tr("Elicitation (URL)")),
            ("tasks", self.tr("Tasks")),
        ):
            box = QCheckBox(label)
            self.caps[key] = box
            caps_layout.addWidget(box)
            box.toggled.connect(self._changed)

        roots_box = QGroupBox(self.tr("Roots offered to the server"))
        roots_layout = QVBoxLayout(roots_box)
        self.roots = RootsEditor()
        self.roots.changed.connect(self._changed)
        roots_layout.addWidget(self.roots)

        env_box = QGroupBox(self.tr("Environment"))
        env_layout = QVBoxLayout(env_box)
        self.inherit = QCheckBox(self.tr("Inherit the inspector's environment"))
        self.env = EnvTable()
        env_buttons = self._add_remove(self.env)
        env_layout.addWidget(self.inherit)
        env_layout.addWidget(self.env)
        env_layout.addLayout(env_buttons)

        http_box = QGroupBox(self.tr("HTTP"))
        http_layout = QVBoxLayout(http_box)
        headers_label = QLabel(
            self.tr(
                "Headers sent with every request (Authorization, Cookie, keys and tokens are secret by themselves; mark any other secret):"  # noqa: E501
            )
        )
        headers_label.setWordWrap(True)
        http_layout.addWidget(headers_label)
        self.headers = EnvTable(judge=secret_header, headers=True)
        header_buttons = self._add_remove(self.headers)
        http_layout.addWidget(self.headers)
        http_layout.addWidget(self._with_error("headers", header_buttons))
        self.verify_tls = QCheckBox(self.tr("Verify the server's TLS certificate"))
        self.verify_tls.setToolTip(self.tr("Turn off only for a test server whose certificate you chose to trust"))
        self.tls_warning = ErrorLabel("tls-warning", boxed=True)
        http_layout.addWidget(self.verify_tls)
        http_layout.addWidget(self.tls_warning)
        self.http_box = http_box

        t_box = QGroupBox(self.tr("Timeouts (seconds)"))
        t_form = QFormLayout(t_box)
        self.timeouts: dict[str, QDoubleSpinBox] = {}
        self._timeout_rows: dict[str, QWidget] = {}
        for key, label in (
            ("connect_timeout", self.tr("Start sequence")),
            ("probe_timeout", self.tr("Discovery probe")),
            ("start_timeout", self.tr("Server start (until it reads its stdin)")),
            ("request_timeout", self.tr("Requests")),
            ("stdin_grace", self.tr("Exit after stdin closes")),
            ("term_grace", self.tr("Exit after SIGTERM")),
            ("max_request_time", self.tr("Longest request, progress included")),
        ):
            spin = QDoubleSpinBox()
            spin.setRange(0.1, 3600.0)
            spin.setDecimals(1)
            spin.setSingleStep(0.5)
            self.timeouts[key] = spin
            self._timeout_rows[key] = self._with_error(key, spin)
            t_form.addRow(label, self._timeout_rows[key])
            spin.valueChanged.connect(self._changed)
        self._t_form = t_form
        # The longest stdout/stderr line kept whole (a longer one keeps its head, the rest is counted).
        self.max_line = QDoubleSpinBox()
        self.max_line.setRange(0.01, 4096.0)
        self.max_line.setDecimals(2)
        self.max_line.setSuffix(" MiB")
        self.max_line.setToolTip(
            self.tr(
                "A longer stdout or stderr line, HTTP body or SSE event keeps its first bytes up to this size; the rest is counted and dropped"  # noqa: E501
            )
        )
        self.max_line.valueChanged.connect(self._changed)
        t_form.addRow(self.tr("Longest line"), self._with_error("max_line", self.max_line))

        # The editor fits the dock's width (no sideways scrolling): a combo box asks for a few
        # characters, not for its longest item (it grows with the column, the list opens whole),
        # and a row whose label and field do not fit side by side puts the field under the label.
        for combo in (self.transport, self.era, self.version):
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(10)
        for f in (form, t_form):
            f.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(form)
        layout.addWidget(http_box)
        layout.addWidget(caps_box)
        layout.addWidget(roots_box)
        layout.addWidget(env_box)
        self.env_box = env_box
        layout.addWidget(t_box)
        layout.addStretch(1)

        for w in (self.name, self.command, self.cwd, self.url):
            w.textEdited.connect(self._changed)
        self.transport.currentIndexChanged.connect(self._transport_changed)
        self.headers.changed.connect(self._changed)
        self.verify_tls.toggled.connect(self._changed)
        self.era.currentIndexChanged.connect(self._era_changed)
        self.version.currentIndexChanged.connect(self._changed)
        self.inherit.toggled.connect(self._changed)
        self.env.changed.connect(self._changed)

    def _add_remove(self, table: EnvTable) -> QHBoxLayout:
        """Add and Remove buttons for a name/value/secret table."""
        row = QHBoxLayout()
        add = QPushButton(self.tr("Add"))
        remove = QPushButton(self.tr("Remove"))
        add.clicked.connect(table.add_row)
        remove.clicked.connect(table.remove_selected)
        row.addWidget(add)
        row.addWidget(remove)
        row.addStretch(1)
        return row

    def _with_error(self, key: str, field: QWidget | QLayout) -> QWidget:
        box = QWidget()
        v = QVBoxLayout(box)
        v.setContentsMargins(0, 0, 0, 0)
        v.setSpacing(1)
        if isinstance(field, QWidget):
            v.addWidget(field)
        else:
            v.addLayout(field)
        err = ErrorLabel(f"error-{key}")
        v.addWidget(err)
        self.errors[key] = err
        return box

    def _browse_cwd(self) -> None:
        path = QFileDialog.getExistingDirectory(self, self.tr("Working directory"), self.cwd.text())
        if path:
            self.cwd.setText(path)
            self._changed()

    def _fill_versions(self, era: str, selected: str) -> None:
        self.version.blockSignals(True)
        self.version.clear()
        self.version.addItem(self.tr("newest of the era"), "")
        versions = {"auto": LEGACY_VERSIONS + MODERN_VERSIONS, "legacy": LEGACY_VERSIONS, "modern": MODERN_VERSIONS}[
            era
        ]
        for v in reversed(versions):
            self.version.addItem(v, v)
        idx = self.version.findData(selected)
        self.version.setCurrentIndex(max(0, idx))
        self.version.blockSignals(False)

    def _transport_changed(self) -> None:
        self._show_transport()
        self._changed()

    def _show_transport(self) -> None:
        """Only the fields of the chosen transport are shown (the others keep their values)."""
        http = self._picked_needs() is Needs.URL
        self._form.setRowVisible(self._url_row, http)
        self._form.setRowVisible(self._command_row, not http)
        self._form.setRowVisible(self._cwd_row, not http)
        self.http_box.setVisible(http)
        self.env_box.setVisible(not http)
        for key in ("start_timeout", "stdin_grace", "term_grace"):  # a pipe and signals belong to a process
            self._t_form.setRowVisible(self._timeout_rows[key], not http)
        self._show_tls_warning()

    def _picked_needs(self) -> Needs | None:
        """What the transport picked in the list takes (a command or a URL)."""
        choice = transport_choice(self.transport.currentData())
        return choice.needs if choice is not None else None

    def _show_tls_warning(self) -> None:
        off = self._picked_needs() is Needs.URL and not self.verify_tls.isChecked()
        self.tls_warning.setText(
            self.tr("TLS verification is off: anyone between you and the server can read and change this session.")
            if off
            else ""
        )
        self.tls_warning.setVisible(off)

    def _era_changed(self) -> None:
        if self._loading:
            return
        self._fill_versions(self.era.currentData(), self.version.currentData() or "")
        self._changed()

    @property
    def profile(self) -> ServerProfile | None:
        """The profile the editor shows (None before one is set)."""
        return self._profile

    def set_profile(self, profile: ServerProfile) -> None:
        self._loading = True
        self._profile = profile
        self.name.setText(profile_label(profile) if profile.builtin else profile.name)
        self.command.setText(profile.command_line)
        builtin = profile.builtin
        self.name.setReadOnly(builtin)
        self.command.setReadOnly(builtin)
        self.cwd.setText(profile.cwd)
        self.transport.setCurrentIndex(max(0, self.transport.findData(profile.transport)))
        self.transport.setEnabled(not builtin)
        self.url.setText(profile.url)
        self.headers.set_vars(copy.deepcopy(profile.headers))
        self.verify_tls.setChecked(profile.verify_tls)
        self._show_transport()
        self.era.setCurrentIndex(max(0, self.era.findData(profile.era)))
        self._fill_versions(profile.era, profile.protocol_version)
        for key, box in self.caps.items():
            box.setChecked(key in profile.capabilities)
        self.roots.set_roots(copy.deepcopy(profile.roots))
        self.inherit.setChecked(profile.inherit_env)
        self.env.set_vars(copy.deepcopy(profile.env))
        for key, spin in self.timeouts.items():
            spin.setValue(getattr(profile, key))
        self.max_line.setValue(profile.max_line / MIB)
        self._update_detected()
        self._loading = False
        self._reveal = bool(profile.command or profile.args or profile.url)
        self._show_problems()

    @property
    def revealing(self) -> bool:
        """Whether the fields' problems are shown (after an edit, or Connect was pressed)."""
        return self._reveal

    def reveal_problems(self) -> None:
        """Show every field's problem (Connect was pressed)."""
        self._reveal = True
        self._show_problems()

    def _update_detected(self) -> None:
        p = self._profile
        parts = []
        if p is not None and p.detected_era:
            parts.append(self.tr("Last auto detection: {era}").format(era=p.detected_era))
        if p is not None and p.transport == TransportKind.HTTP_AUTO and p.detected_transport:
            names: dict[str, str] = {  # keyed by the saved name (a str), TransportKind or not
                TransportKind.SSE: self.tr(
                    "HTTP+SSE (Connect goes straight to it; change the URL or the transport to look again)"
                ),
                TransportKind.STREAMABLE_HTTP: self.tr("Streamable HTTP"),
            }
            parts.append(
                self.tr("Transport found last time: {transport}").format(
                    transport=names.get(p.detected_transport, p.detected_transport)
                )
            )
        self.detected.setText("\n".join(parts))

    def _changed(self) -> None:
        if self._loading or self._profile is None:
            return
        self.apply_to(self._profile)
        self._reveal = True
        self._show_problems()
        self.edited.emit()

    def apply_to(self, p: ServerProfile) -> None:
        if not p.builtin:
            p.name = self.name.text()
            p.set_command_line(self.command.text())
        p.cwd = self.cwd.text().strip()
        p.reach_at(p.transport if p.builtin else self.transport.currentData(), self.url.text().strip())
        p.headers = self.headers.vars()
        p.verify_tls = self.verify_tls.isChecked()
        self._show_tls_warning()
        p.era = self.era.currentData()
        p.protocol_version = self.version.currentData() or ""
        p.capabilities = [k for k, box in self.caps.items() if box.isChecked()]
        p.roots = self.roots.roots()
        p.inherit_env = self.inherit.isChecked()
        p.env = self.env.vars()
        for key, spin in self.timeouts.items():
            setattr(p, key, spin.value())
        if round(p.max_line / MIB, 2) != self.max_line.value():  # keep an exact byte count unless edited
            p.max_line = int(self.max_line.value() * MIB)

    def _show_problems(self) -> None:
        p = self._profile
        problems: dict[str, str] = dict(p.problems()) if p is not None else {}  # a Problem is a str
        split = split_problem(self.command.text())
        if split is not None:
            why = SPLIT_ERRORS.get(split)
            problems["command"] = self.tr("Cannot split the command: {why}").format(
                why=QCoreApplication.translate("ProfileEditor", str(why)) if why else split
            )
        if "args" in problems:  # the arguments are typed in the command line
            problems.setdefault("command", problems["args"])
        if not self._reveal:
            problems = {}
        env_problems = [v for k, v in problems.items() if k.startswith("env.")]
        header_problems = [v for k, v in problems.items() if k.startswith("headers.")]
        if header_problems:
            problems["headers"] = header_problems[0]
        for key, label in self.errors.items():
            text = problem_text(problems.get(key, ""))
            label.setText(text)
            label.setVisible(bool(text))
        self.env.setToolTip(plain_tooltip("\n".join(map(problem_text, env_problems))))
        # capabilities the chosen version cannot carry
        version = self.version.currentData() or ""
        for key, box in self.caps.items():
            allowed = not version or version in CAPABILITY_VERSIONS[key]
            box.setToolTip("" if allowed else self.tr("Not defined in {v}; it will not be offered").format(v=version))

    def problems(self) -> dict[str, Problem]:
        return self._profile.problems() if self._profile else {}


class ConnectionPanel(QWidget):
    """Saved servers (the built-in demo first) and the editor of the selected one.

    Two forms: the full one (the list, New/Duplicate/Delete, the editor) and a compact one (the
    server picker, the session's state, Connect, Disconnect and "Edit servers…"), which the
    window shows while a session runs or a recording is open so that the timeline gets the
    space. ``set_compact`` switches; "Edit servers…" and "Compact" let the user switch back.

    Delete takes the server out at once and offers Undo beside the list (it puts the server back
    at its place, secrets included) until another server is added or deleted: no dialog."""

    profilesChanged = Signal()
    connectRequested = Signal()
    disconnectRequested = Signal()
    compactChanged = Signal(bool)

    def __init__(self, profiles: list[ServerProfile], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.profiles = profiles
        self.compact = False
        self._deleted: tuple[int, ServerProfile] | None = None  # what Undo puts back, and where
        self.list = QListWidget()
        self.list.setAccessibleName(self.tr("Saved servers"))
        self.list.itemDoubleClicked.connect(lambda *_: self.connectRequested.emit())
        add = QPushButton(self.tr("New"))
        dup = QPushButton(self.tr("Duplicate"))
        self.remove = QPushButton(self.tr("Delete"))
        self.remove.setToolTip(self.tr("Delete the selected server (Undo puts it back)"))
        add.clicked.connect(self.add_server)
        dup.clicked.connect(self._duplicate)
        self.remove.clicked.connect(self._remove)
        buttons = QHBoxLayout()
        for b in (add, dup, self.remove):
            buttons.addWidget(b)
        # the last deletion, with Undo
        self.undo_row = QWidget()
        undo_layout = QHBoxLayout(self.undo_row)
        undo_layout.setContentsMargins(0, 0, 0, 0)
        self.undo_label = plain_label()
        self.undo_button = QPushButton(self.tr("Undo"))
        self.undo_button.setToolTip(self.tr("Put the deleted server back where it was"))
        self.undo_button.clicked.connect(self.undo_delete)
        undo_layout.addWidget(self.undo_label, 1)
        undo_layout.addWidget(self.undo_button)
        self.undo_row.hide()
        self.editor = ProfileEditor()
        self.editor.edited.connect(self._edited)
        scroll = QScrollArea()
        scroll.setWidget(self.editor)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        title = section_title(self.tr("Servers"))
        self.compact_button = QToolButton()
        self.compact_button.setText(self.tr("Compact"))
        self.compact_button.setToolTip(
            self.tr("Only the server picker, its state, Connect and Disconnect: the rest of the window gets the space")
        )
        self.compact_button.clicked.connect(lambda: self.set_compact(True))
        title_row = QHBoxLayout()
        title_row.addWidget(title, 1)
        title_row.addWidget(self.compact_button)
        self.full = QWidget()
        full_layout = QVBoxLayout(self.full)
        full_layout.setContentsMargins(0, 0, 0, 0)
        full_layout.addLayout(title_row)
        full_layout.addWidget(self.list, 1)
        full_layout.addLayout(buttons)
        full_layout.addWidget(self.undo_row)
        full_layout.addWidget(scroll, 3)

        # the compact form: picker, state, Connect, Disconnect, Edit servers…
        self.compact_form = QWidget()
        self.picker = QComboBox()
        self.picker.setAccessibleName(self.tr("Server"))
        self.picker.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.picker.setMinimumContentsLength(12)
        self.state_label = plain_label()
        # the window's own words for them (its toolbar's actions): one entry each in the catalogue
        self.connect_button = QPushButton(QCoreApplication.translate("MainWindow", "Connect"))
        self.connect_button.clicked.connect(self.connectRequested.emit)
        self.disconnect_button = QPushButton(QCoreApplication.translate("MainWindow", "Disconnect"))
        self.disconnect_button.clicked.connect(self.disconnectRequested.emit)
        self.disconnect_button.setEnabled(False)
        self.edit_button = QPushButton(self.tr("Edit servers…"))
        self.edit_button.setToolTip(self.tr("The list of saved servers and the editor of the selected one"))
        self.edit_button.clicked.connect(lambda: self.set_compact(False))
        compact_layout = QVBoxLayout(self.compact_form)
        compact_layout.setContentsMargins(0, 0, 0, 0)
        compact_layout.addWidget(self.picker)
        compact_layout.addWidget(self.state_label)
        row = QHBoxLayout()
        for b in (self.connect_button, self.disconnect_button):
            row.addWidget(b)
        row.addStretch(1)
        row.addWidget(self.edit_button)
        compact_layout.addLayout(row)
        self.compact_form.hide()

        layout = QVBoxLayout(self)
        layout.addWidget(self.compact_form)
        layout.addWidget(self.full, 1)
        self._refresh_list(0)
        self.list.currentRowChanged.connect(self._select)
        self.picker.currentIndexChanged.connect(self._picked)
        self._select(0)

    def current(self) -> ServerProfile:
        row = max(0, self.list.currentRow())
        return self.profiles[row]

    # ------------------------------------------------------------------ compact form

    def set_compact(self, on: bool) -> None:
        """The compact form (picker, state, Connect/Disconnect) or the full list and editor."""
        changed = on != self.compact
        self.compact = on
        self.compact_form.setVisible(on)
        self.full.setVisible(not on)
        if changed:
            self.compactChanged.emit(on)

    def set_session(self, running: bool, state: str) -> None:
        """What the compact form says: the session's state; Connect or Disconnect enabled."""
        self.connect_button.setEnabled(not running)
        self.disconnect_button.setEnabled(running)
        self.picker.setEnabled(not running)  # the running session's server stays the one shown
        self.state_label.setText(state)

    def _picked(self, row: int) -> None:
        if 0 <= row < len(self.profiles) and row != self.list.currentRow():
            self.list.setCurrentRow(row)

    # ------------------------------------------------------------------ the list

    def show_profiles(self, select: int) -> None:
        """List the profiles again (after they changed) and select row ``select`` in the list,
        the picker and the editor."""
        self._refresh_list(select)
        self._select(select)

    def _refresh_list(self, select: int) -> None:
        self.list.blockSignals(True)
        self.picker.blockSignals(True)
        self.list.clear()
        self.picker.clear()
        for p in self.profiles:
            item = QListWidgetItem(profile_label(p))
            item.setToolTip(plain_tooltip(p.command_line))
            self.list.addItem(item)
            self.picker.addItem(profile_label(p))
            self.picker.setItemData(self.picker.count() - 1, plain_tooltip(p.command_line), Qt.ItemDataRole.ToolTipRole)
        self.list.setCurrentRow(select)
        self.picker.setCurrentIndex(select)
        self.picker.blockSignals(False)
        self.list.blockSignals(False)

    def _select(self, row: int) -> None:
        if 0 <= row < len(self.profiles):
            p = self.profiles[row]
            self.editor.set_profile(p)
            self.remove.setEnabled(not p.builtin)
            if self.picker.currentIndex() != row:
                self.picker.blockSignals(True)
                self.picker.setCurrentIndex(row)
                self.picker.blockSignals(False)

    def _edited(self) -> None:
        row = self.list.currentRow()
        item = self.list.item(row)
        if item is not None:
            item.setText(profile_label(self.profiles[row]))
            item.setToolTip(plain_tooltip(self.profiles[row].command_line))
            self.picker.setItemText(row, profile_label(self.profiles[row]))
        self.profilesChanged.emit()

    def _forget_deleted(self) -> None:
        self._deleted = None
        self.undo_row.hide()

    def add_server(self) -> None:
        """Add a new, empty server at the end of the list and edit it (the list's Add button)."""
        self._forget_deleted()
        self.profiles.append(ServerProfile(name=self.tr("New server"), command=""))
        self.show_profiles(len(self.profiles) - 1)
        self.editor.command.setFocus()
        self.profilesChanged.emit()

    def _duplicate(self) -> None:
        self._forget_deleted()
        src = self.current()
        p = copy.deepcopy(src)
        p.id = ServerProfile(name="", command="").id
        p.builtin = False
        p.name = self.tr("{name} (copy)").format(name=src.name)
        self.profiles.append(p)
        self.show_profiles(len(self.profiles) - 1)
        self.profilesChanged.emit()

    def _remove(self) -> None:
        """Delete the selected server (never the built-in one); Undo puts it back."""
        row = self.list.currentRow()
        if row <= 0 or self.profiles[row].builtin:
            return
        profile = self.profiles.pop(row)
        self._deleted = (row, profile)
        self.undo_label.setText(self.tr("Deleted “{name}”.").format(name=profile_label(profile)))
        self.undo_row.show()
        self._refresh_list(min(row, len(self.profiles) - 1))
        self._select(self.list.currentRow())
        self.profilesChanged.emit()

    def undo_delete(self) -> bool:
        """Put the last deleted server back at its place, selected; False when there is none."""
        if self._deleted is None:
            return False
        row, profile = self._deleted
        self._forget_deleted()
        row = min(row, len(self.profiles))
        self.profiles.insert(row, profile)
        self.show_profiles(row)
        self.profilesChanged.emit()
        return True

    def update_detected(self, profile_id: str) -> None:
        if self.current().id == profile_id:
            self.editor._update_detected()
