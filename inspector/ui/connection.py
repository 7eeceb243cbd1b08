"""The connection panel: saved servers and the editor for the selected one.

What the editor and the list decide (each field's problem, what was found out last time, the
eras' versions, New, Duplicate, Delete and Undo, the rows of the environment and headers tables,
every label and tooltip) is :mod:`inspector.session.server_editor`'s; this module shows it and
forwards the edits. The editor's tables (environment, headers and the roots the client offers:
:class:`RootsEditor`, whose rows :mod:`inspector.session.roots` judges) share one set-up. The
roots are shown here before any session, apart from the answer dialogs of :mod:`.client_side`
(loaded when a session starts)."""

from __future__ import annotations

import copy
import time
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QSignalBlocker, Qt, QUrl, Signal
from PySide6.QtGui import QDesktopServices, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLayout,
    QLineEdit,
    QListWidget,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QToolButton,
    QWidget,
)

from inspector.protocol.jsontypes import JsonObject
from inspector.session import roots as root_words
from inspector.session import server_editor as words
from inspector.session.action_words import action_text
from inspector.session.oauth_profile import CONTROLS as OAUTH_CONTROLS
from inspector.session.oauth_profile import WORDS as OAUTH_WORDS
from inspector.session.oauth_profile import sign_in_text
from inspector.session.oauth_tokens import TokenStore
from inspector.session.profiles import EnvVar, Needs, ServerProfile, transport_choice, transport_choices
from inspector.session.roots import admit_root, normalize_roots, offered_roots
from inspector.session.secrecy import secret_header
from inspector.session.server_editor import PanelState, SecretRows, ServerList

from .form_rows import set_words
from .theme import colour
from .widgets import (
    ErrorLabel,
    group_box,
    hbox,
    muted,
    plain_label,
    plain_tooltip,
    push_button,
    scroll_area,
    section_title,
    tool_button,
    vbox,
)

# a row's Secret box: the user's to check (a judged row's is locked)
_CHECKABLE = Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
_tr = QCoreApplication.translate  # the session's words (English in tables) in the window's language


def _say(key: str, table: dict[str, str] = words.EDITOR_WORDS) -> str:
    """The editor's word ``key`` (of ``table``) in the window's language."""
    return _tr(words.CONTEXT, table[key])


def _button(key: str, clicked: Callable[[], object], *, tool: bool = False) -> QPushButton | QToolButton:
    """A button of the server list in the window's language (``words.LIST_WORDS``: its text under
    ``key``, its tooltip under ``key`` and "_tip")."""
    tip = words.LIST_WORDS.get(f"{key}_tip")
    text, tip_text = _tr(words.LIST_CONTEXT, words.LIST_WORDS[key]), _tr(words.LIST_CONTEXT, tip) if tip else ""
    return (tool_button if tool else push_button)(text, clicked, tip_text)


def problem_text(problem: str) -> str:
    """A field's problem in the window's language (:func:`.server_editor.problem_text`)."""
    return words.problem_text(problem, _tr)


def _rows_table(table: QTableWidget, headers: list[str], *sizes: QHeaderView.ResizeMode) -> QTableWidget:
    """``table`` as the editor's tables are: ``headers`` over columns sized as ``sizes`` say, no
    row numbers, a click selecting the whole row."""
    table.setHorizontalHeaderLabels(headers)
    for column, mode in enumerate(sizes):
        table.horizontalHeader().setSectionResizeMode(column, mode)
    table.verticalHeader().setVisible(False)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    return table


def _take_selected(table: QTableWidget) -> list[int]:
    """The rows selected in ``table`` removed; their numbers, the last first."""
    rows = sorted({i.row() for i in table.selectedIndexes()}, reverse=True)
    for row in rows:
        table.removeRow(row)
    return rows


_FIT, _STRETCH = QHeaderView.ResizeMode.ResizeToContents, QHeaderView.ResizeMode.Stretch


class EnvTable(QTableWidget):
    """Name, value, secret: the view of :class:`~inspector.session.server_editor.SecretRows`.
    Secret values are masked on screen until their row is edited.

    ``judge(name, value)``, when given, says which rows are secret whatever the box says (HTTP
    headers: :func:`~inspector.session.secrecy.secret_header`): such a row is masked and its box
    checked and locked as soon as its name or value is typed, as the session will treat it."""

    changed = Signal()

    def __init__(
        self, parent: QWidget | None = None, judge: Callable[[str, str], bool] | None = None, *, headers: bool = False
    ) -> None:
        super().__init__(0, 3, parent)
        self.secrets = SecretRows(judge)
        # a variable's name and a header's name are different words in some languages (zh: 变量名, 名称)
        name = self.tr("Name", "HTTP header") if headers else self.tr("Name", "environment variable")
        _rows_table(self, [name, self.tr("Value"), self.tr("Secret")], _FIT, _STRETCH, _FIT)
        self.itemChanged.connect(self._on_item_changed)
        self.setMinimumHeight(90)

    def set_vars(self, env: list[EnvVar]) -> None:
        with QSignalBlocker(self):
            self.setRowCount(0)
            self.secrets.set_vars([])
            for var in env:
                self._append(var)

    def _append(self, var: EnvVar) -> None:
        """A row for ``var`` at the end (the caller blocks the table's signals)."""
        row = self.rowCount()
        self.insertRow(row)
        self.secrets.append(var)
        self.setItem(row, 0, QTableWidgetItem(var.name))
        self.setItem(row, 1, QTableWidgetItem(var.value))
        box = QTableWidgetItem()
        box.setFlags(_CHECKABLE)
        self.setItem(row, 2, box)
        self._show(row)

    def _show(self, row: int) -> None:
        """Row ``row`` as the model has it: a judged row's box checked and locked (unlocked again,
        still checked, when it no longer is); a secret row's value masked."""
        box, value, r = self.item(row, 2), self.item(row, 1), self.secrets.rows[row]
        if box is None or value is None:
            return
        with QSignalBlocker(self):
            if self.secrets.judge is not None:
                box.setFlags(_CHECKABLE & ~Qt.ItemFlag.ItemIsUserCheckable if r.judged else _CHECKABLE)
                tip = self.tr("Secret by its name or value (Authorization, Cookie, a key, a token): always masked")
                box.setToolTip(tip if r.judged else "")
            box.setCheckState(Qt.CheckState.Checked if r.secret else Qt.CheckState.Unchecked)
            value.setText(r.shown)
            value.setToolTip(
                self.tr("Secret: masked on screen and never written to servers.json or recordings") if r.secret else ""
            )

    def add_row(self) -> None:
        with QSignalBlocker(self):
            self._append(EnvVar("", ""))
        name = self.item(self.rowCount() - 1, 0)
        if name is not None:  # _append has just put it there
            self.editItem(name)
        self.changed.emit()

    def remove_selected(self) -> None:
        if self.secrets.remove(_take_selected(self)):
            self.changed.emit()

    def _on_item_changed(self, item: QTableWidgetItem) -> None:
        """A name typed, a value typed (kept, then masked if secret), or the box toggled."""
        checked = item.checkState() == Qt.CheckState.Checked
        if self.secrets.edit(item.row(), item.column(), item.text(), checked):
            self._show(item.row())
        self.changed.emit()


class RootsEditor(QWidget):
    """The roots the client offers: URI and name per row; add a folder or a file:// URI,
    edit in place, remove. ``roots()``/``set_roots()``; ``changed`` on every user edit."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.table = QTableWidget(0, 2)
        _rows_table(self.table, [self.tr("URI"), self.tr("Name")], _STRETCH, QHeaderView.ResizeMode.Interactive)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        self.table.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.table.horizontalHeader().setDefaultAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
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

    def roots(self) -> list[JsonObject]:
        """The valid roots, in order: [{"uri", "name"}]."""
        cells = ((self.table.item(row, 0), self.table.item(row, 1)) for row in range(self.table.rowCount()))
        return offered_roots((uri.text() if uri else "", name.text() if name else "") for uri, name in cells)

    def set_roots(self, roots: list[JsonObject]) -> None:
        """Show ``roots`` (does not emit ``changed``)."""
        with QSignalBlocker(self.table):
            self.table.setRowCount(0)
            for r in normalize_roots(roots):
                self._append(r)
        self._validate()
        self._update_buttons()

    def add_root(self, uri: str, name: str = "") -> bool:
        root, problem = admit_root(uri, name, self.roots())
        if root is None:
            assert problem is not None
            self.problem.show_text(root_words.problem_text(problem, uri, _tr))
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
        if _take_selected(self.table):
            self._validate()
            self._update_buttons()
            self.changed.emit()

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
        """The rows that are no roots in the error colour, and why, under the table."""
        items = [item for row in range(self.table.rowCount()) if (item := self.table.item(row, 0)) is not None]
        bad, said = root_words.rows_problems([item.text() for item in items], _tr)
        colours = colour("error", self.palette()), self.palette().color(QPalette.ColorRole.Text)
        with QSignalBlocker(self.table):
            for item, wrong in zip(items, bad, strict=True):
                item.setForeground(colours[0] if wrong else colours[1])
        self.problem.show_text(said)

    def _update_buttons(self) -> None:
        self.remove_button.setEnabled(bool(self.table.selectedIndexes()))


class ProfileEditor(QWidget):
    """Edits one ServerProfile; shows problems next to the fields where they were typed."""

    edited = Signal()
    signedOut = Signal(str)  # the URL whose tokens Sign out forgot

    def __init__(self, parent: QWidget | None = None, tokens: TokenStore | None = None) -> None:
        super().__init__(parent)
        self._profile: ServerProfile | None = None
        self.tokens = tokens  # the OAuth tokens (None: no signed-in state shown)
        self._loading = False
        self._reveal = True  # whether the problems show (words.reveals_at_once; then after an edit or Connect)
        self.errors: dict[str, ErrorLabel] = {}
        self._rows: dict[str, tuple[QFormLayout, QWidget]] = {}  # each field with its problem, as a form's row
        self.name = QLineEdit()
        self.transport = QComboBox()
        for choice in transport_choices():  # every registered transport a user can pick, by its saved name
            self.transport.addItem(QCoreApplication.translate("Transports", choice.label), str(choice.name))
        self.url = QLineEdit()
        self.url.setPlaceholderText("http://127.0.0.1:3000/mcp")
        self.command = QLineEdit()
        self.cwd = QLineEdit()
        browse = tool_button("…", self._browse_cwd, _say("browse_tip"))
        self.era = QComboBox()
        for era, label in words.ERA_WORDS.items():
            self.era.addItem(_tr(words.CONTEXT, label), era)
        self.version = QComboBox()
        self.detected = plain_label()
        # the fields in the form's order (words.FIELD_WORDS), each with its label
        cwd_row = hbox((self.cwd, 1), browse)
        fields: tuple[QWidget | QLayout, ...] = (self.name, self.transport, self.url, self.command, cwd_row, self.era)
        fields += (self.version,)
        rows = zip(words.FIELD_WORDS, fields, strict=True)
        form = self._fields_form(*((_say(key, words.FIELD_WORDS), key, field) for key, field in rows))
        form.addRow("", self.detected)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)

        self.caps = {key: QCheckBox(_tr(words.CONTEXT, label)) for key, label in words.CAPABILITY_WORDS.items()}
        caps_box = group_box(_say("caps"), *self.caps.values())
        self.roots = RootsEditor()
        roots_box = group_box(_say("roots"), self.roots)

        self.inherit = QCheckBox()
        self.env = EnvTable()
        self.env_box = group_box(_say("env"), self.inherit, self.env, self._add_remove(self.env))

        headers_label = plain_label(_say("headers"))
        self.headers = EnvTable(judge=secret_header, headers=True)
        self.verify_tls = QCheckBox()
        self.tls_warning = ErrorLabel("tls-warning", boxed=True)
        header_buttons = self._with_error("headers", self._add_remove(self.headers))
        http_parts = (headers_label, self.headers, header_buttons, self.verify_tls, self.tls_warning)
        self.http_box = group_box(_say("http"), *http_parts)
        self.oauth_box = self._oauth_box()

        self.timeouts = {key: self._spin_box(0.1, 3600.0, decimals=1, step=0.5) for key in words.TIMEOUT_WORDS}
        # The longest stdout/stderr line kept whole (a longer one keeps its head, the rest is counted).
        self.max_line = self._spin_box(0.01, 4096.0, decimals=2)
        self.max_line.setSuffix(" MiB")
        timeout_rows = [(_say(key, words.TIMEOUT_WORDS), key, self.timeouts[key]) for key in words.TIMEOUT_WORDS]
        t_form = self._fields_form(*timeout_rows, (_say("longest_line"), "max_line", self.max_line))
        t_box = group_box(_say("timeouts"), t_form)
        set_words(self, words.CONTEXT, words.EDITOR_WORDS, words.EDITOR_CONTROLS)

        # The editor fits the dock's width (no sideways scrolling): a combo box asks for a few
        # characters, not for its longest item (it grows with the column, the list opens whole).
        for combo in (self.transport, self.era, self.version):
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(10)
        vbox(
            form, self.http_box, self.oauth_box, caps_box, roots_box, self.env_box, t_box, 1, margins=False, parent=self
        )

        self.transport.currentIndexChanged.connect(self._show_transport)  # then, as every field, _changed
        self.era.currentIndexChanged.connect(self._era_changed)  # the versions listed again, then _changed
        edits = [line.textEdited for line in (self.name, self.command, self.cwd, self.url, *self._oauth_lines)]
        edits += [self.transport.currentIndexChanged, self.version.currentIndexChanged, self.roots.changed]
        edits += [box.toggled for box in (self.verify_tls, self.oauth, self.inherit, *self.caps.values())]
        edits += [self.headers.changed, self.env.changed]
        for edited in edits:
            edited.connect(self._changed)

    def _oauth_box(self) -> QWidget:
        """OAuth for a server reached by URL: the sign-in's settings, the signed-in state and Sign out."""
        self.oauth = QCheckBox()
        self.oauth_client_id, self.oauth_client_secret, self.oauth_scopes = QLineEdit(), QLineEdit(), QLineEdit()
        self.oauth_client_secret.setEchoMode(QLineEdit.EchoMode.Password)
        self._oauth_lines = (self.oauth_client_id, self.oauth_client_secret, self.oauth_scopes)
        keys = ("oauth_client_id", "oauth_client_secret", "oauth_scopes")
        labels = (_say(key, OAUTH_WORDS) for key in ("client_id", "client_secret", "scopes"))
        form = self._fields_form(*zip(labels, keys, self._oauth_lines, strict=True))
        self.signed_in = plain_label(selectable=True)
        self.sign_out = push_button("", self.sign_out_now)
        set_words(self, words.CONTEXT, OAUTH_WORDS, OAUTH_CONTROLS)
        return group_box(_say("section", OAUTH_WORDS), self.oauth, form, hbox((self.signed_in, 1), self.sign_out))

    def show_sign_in(self) -> None:
        """The signed-in state of the server's URL, read from the token store (Sign out only
        when there are tokens to forget)."""
        url = self._profile.url.strip() if self._profile is not None else ""
        tokens = self.tokens.get(url) if self.tokens is not None and url else []
        self.signed_in.setText(sign_in_text(tokens, time.time(), _tr))
        self.sign_out.setEnabled(bool(tokens))

    def sign_out_now(self) -> None:
        """Forget the tokens stored for the server's URL (the next connection signs in again)."""
        if self.tokens is not None and self._profile is not None:
            self.tokens.forget(self._profile.url.strip())
            self.signedOut.emit(self._profile.url.strip())
        self.show_sign_in()

    def _spin_box(self, low: float, high: float, *, decimals: int, step: float = 1.0) -> QDoubleSpinBox:
        """A number field from ``low`` to ``high`` that marks the server edited."""
        spin = QDoubleSpinBox()
        spin.setRange(low, high)
        spin.setDecimals(decimals)
        spin.setSingleStep(step)
        spin.valueChanged.connect(self._changed)
        return spin

    def _fields_form(self, *rows: tuple[str, str, QWidget | QLayout]) -> QFormLayout:
        """A form of labelled fields, each with its problem under it (``errors[key]``). A row whose
        label and field do not fit side by side puts the field under the label (the editor fits
        the dock's width)."""
        form = QFormLayout()
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        for label, key, field in rows:
            self._rows[key] = (form, self._with_error(key, field))
            form.addRow(label, self._rows[key][1])
        return form

    def _add_remove(self, table: EnvTable) -> QHBoxLayout:
        """Add and Remove buttons for a name/value/secret table."""
        return hbox(push_button(_say("add"), table.add_row), push_button(_say("remove"), table.remove_selected), 1)

    def _with_error(self, key: str, field: QWidget | QLayout) -> QWidget:
        """``field`` with its problem under it (``errors[key]``)."""
        box = QWidget()
        self.errors[key] = ErrorLabel(f"error-{key}")
        vbox(field, self.errors[key], margins=False, parent=box).setSpacing(1)
        return box

    def _browse_cwd(self) -> None:
        path = QFileDialog.getExistingDirectory(self, _say("working_dir"), self.cwd.text())
        if path:
            self.cwd.setText(path)
            self._changed()

    def _fill_versions(self, era: str, selected: str) -> None:
        with QSignalBlocker(self.version):
            self.version.clear()
            self.version.addItem(_tr(words.CONTEXT, words.WORDS["newest"]), "")
            for v in reversed(words.ERA_VERSIONS[era]):
                self.version.addItem(v, v)
            self.version.setCurrentIndex(max(0, self.version.findData(selected)))

    def _show_transport(self) -> None:
        """Only the fields of the chosen transport are shown (the others keep their values)."""
        hidden = words.hidden_fields(self._picked_needs())
        for key, (form, row) in self._rows.items():
            form.setRowVisible(row, key not in hidden)
        self.http_box.setVisible("headers" not in hidden)
        self.oauth_box.setVisible("oauth" not in hidden)
        self.env_box.setVisible("env" not in hidden)
        self._show_tls_warning()

    def _picked_needs(self) -> Needs | None:
        """What the transport picked in the list takes (a command or a URL)."""
        choice = transport_choice(self.transport.currentData())
        return choice.needs if choice is not None else None

    def _show_tls_warning(self) -> None:
        off = self._picked_needs() is Needs.URL and not self.verify_tls.isChecked()
        self.tls_warning.show_text(_tr(words.CONTEXT, words.WORDS["tls_off"]) if off else "")

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
        self.name.setText(words.server_label(profile, _tr) if profile.builtin else profile.name)
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
        self.oauth.setChecked(profile.oauth)
        self.oauth_client_id.setText(profile.oauth_client_id)
        self.oauth_client_secret.setText(profile.oauth_client_secret)
        self.oauth_scopes.setText(profile.oauth_scopes)
        self.show_sign_in()
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
        self.max_line.setValue(profile.max_line / words.MIB)
        self._update_detected()
        self._loading = False
        self._reveal = words.reveals_at_once(profile)
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
        self.detected.setText(words.found_text(self._profile, _tr))

    def _changed(self) -> None:
        if self._loading or self._profile is None:
            return
        self.apply_to(self._profile)
        self.show_sign_in()  # another URL: another server's tokens
        self._reveal = True
        self._show_problems()
        self.edited.emit()

    def apply_to(self, p: ServerProfile) -> None:
        if not p.builtin:
            p.name = self.name.text()
            p.set_command_line(self.command.text())
        p.cwd = self.cwd.text().strip()
        p.reach_at(p.transport if p.builtin else self.transport.currentData(), self.url.text().strip())
        p.headers = self.headers.secrets.vars()
        p.verify_tls = self.verify_tls.isChecked()
        # OAuth is a URL server's: one switched to a command does not sign in (the box keeps its values)
        p.oauth = self.oauth.isChecked() and self._picked_needs() is Needs.URL
        p.oauth_client_id = self.oauth_client_id.text().strip()
        p.oauth_client_secret = self.oauth_client_secret.text()
        p.oauth_scopes = " ".join(self.oauth_scopes.text().split())
        self._show_tls_warning()
        p.era = self.era.currentData()
        p.protocol_version = self.version.currentData() or ""
        p.capabilities = [k for k, box in self.caps.items() if box.isChecked()]
        p.roots = self.roots.roots()
        p.inherit_env = self.inherit.isChecked()
        p.env = self.env.secrets.vars()
        for key, spin in self.timeouts.items():
            setattr(p, key, spin.value())
        p.max_line = words.max_line_after(p.max_line, self.max_line.value())

    def _show_problems(self) -> None:
        problems = words.field_problems(self._profile, self.command.text(), _tr) if self._reveal else {}
        for key, label in self.errors.items():
            label.show_text(problems.get(key, ""))
        self.env.setToolTip(plain_tooltip(problems.get("env", "")))
        version = self.version.currentData() or ""  # capabilities the chosen version cannot carry
        for key, box in self.caps.items():
            box.setToolTip(words.capability_note(key, version, _tr))


class ConnectionPanel(QWidget):
    """Saved servers (the built-in demo first) and the editor of the selected one.

    Two forms: the full one (the list, New/Duplicate/Delete, the editor) and a compact one (the
    server picker, the session's state, Connect, Disconnect and "Edit servers…"), which the
    window shows while a session runs or a recording is open so that the timeline gets the
    space. ``set_compact`` switches; "Edit servers…" and "Compact" let the user switch back.

    Delete takes the server out at once and offers Undo beside the list (it puts the server back
    at its place, secrets included) until another server is added or deleted: no dialog
    (:class:`~inspector.session.server_editor.ServerList` decides)."""

    profilesChanged = Signal()
    connectRequested = Signal()
    disconnectRequested = Signal()
    compactChanged = Signal(bool)

    def __init__(self, profiles: list[ServerProfile], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.profiles = profiles
        self.servers = ServerList(profiles)
        self.state = PanelState()  # which form shows, what it says, which of its buttons take a click
        self.list = QListWidget()
        self.list.setAccessibleName(self.tr("Saved servers"))
        self.list.itemDoubleClicked.connect(lambda *_: self.connectRequested.emit())
        add, dup = _button("new", self.add_server), _button("duplicate", self._duplicate)
        self.remove = _button("delete", self._remove)
        # the last deletion, with Undo
        self.undo_row = QWidget()
        self.undo_label = plain_label()
        self.undo_button = _button("undo", self.undo_delete)
        hbox((self.undo_label, 1), self.undo_button, margins=False, parent=self.undo_row)
        self.undo_row.hide()
        self.editor = ProfileEditor()
        self.editor.edited.connect(self._edited)
        scroll = scroll_area(self.editor)
        self.compact_button = _button("compact", lambda: self.set_compact(True), tool=True)
        title_row = hbox((section_title(self.tr("Servers")), 1), self.compact_button)
        self.full = QWidget()
        vbox(
            title_row,
            (self.list, 1),
            hbox(add, dup, self.remove),
            self.undo_row,
            (scroll, 3),
            margins=False,
            parent=self.full,
        )

        # the compact form: picker, state, Connect, Disconnect, Edit servers…
        self.compact_form = QWidget()
        self.picker = QComboBox()
        self.picker.setModel(self.list.model())  # one model: the picker lists the list's rows
        self.picker.setAccessibleName(self.tr("Server"))
        self.picker.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.picker.setMinimumContentsLength(12)
        self.state_label = plain_label()
        # the window's own words for them (its toolbar's actions): one entry each in the catalogue
        self.connect_button = push_button(action_text(_tr, "connect")[0], self.connectRequested.emit)
        self.disconnect_button = push_button(action_text(_tr, "disconnect")[0], self.disconnectRequested.emit)
        self.edit_button = _button("edit", lambda: self.set_compact(False))
        buttons = hbox(self.connect_button, self.disconnect_button, 1, self.edit_button)
        vbox(self.picker, self.state_label, buttons, margins=False, parent=self.compact_form)

        vbox(self.compact_form, (self.full, 1), parent=self)
        self._show_state()  # the full form, Disconnect off
        self._refresh_list(0)
        self.list.currentRowChanged.connect(self._select)
        self.picker.currentIndexChanged.connect(self._picked)
        self._select(0)

    def current(self) -> ServerProfile:
        return self.profiles[max(0, self.list.currentRow())]

    # ------------------------------------------------------------------ compact form

    @property
    def compact(self) -> bool:
        """Whether the compact form shows (not the list and the editor)."""
        return self.state.compact

    def set_compact(self, on: bool) -> None:
        """The compact form (picker, state, Connect/Disconnect) or the full list and editor."""
        changed, self.state.compact = on != self.state.compact, on
        self._show_state()
        if changed:
            self.compactChanged.emit(on)

    def set_session(self, running: bool, state: str) -> None:
        """What the compact form says: the session's state; Connect or Disconnect enabled."""
        self.state.running, self.state.said = running, state
        self._show_state()

    def _show_state(self) -> None:
        """The panel as :class:`~inspector.session.server_editor.PanelState` says."""
        for name, shown in self.state.shown().items():
            getattr(self, name).setVisible(shown)
        for name, enabled in self.state.enabled().items():
            getattr(self, name).setEnabled(enabled)
        self.state_label.setText(self.state.said)

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
        with QSignalBlocker(self.list), QSignalBlocker(self.picker):
            self.list.clear()
            for row in range(len(self.profiles)):
                self.list.addItem("")
                self._show_row(row)
            self.list.setCurrentRow(select)
            self.picker.setCurrentIndex(select)

    def _show_row(self, row: int) -> None:
        """Row ``row``'s name (and command line, as its tooltip) in the list and the picker."""
        item, p = self.list.item(row), self.profiles[row]
        if item is not None:
            item.setText(words.server_label(p, _tr))
            item.setToolTip(plain_tooltip(p.command_line))

    def _select(self, row: int) -> None:
        if 0 <= row < len(self.profiles):
            self.editor.set_profile(self.profiles[row])
            self.remove.setEnabled(self.servers.can_delete(row))
            with QSignalBlocker(self.picker):
                self.picker.setCurrentIndex(row)

    def _edited(self) -> None:
        if self.list.currentRow() >= 0:
            self._show_row(self.list.currentRow())
        self.profilesChanged.emit()

    def _listed(self, row: int) -> None:
        """The list changed: shown again with ``row`` selected, and said."""
        self.undo_row.setVisible(self.servers.deleted is not None)
        self.show_profiles(row)
        self.profilesChanged.emit()

    def add_server(self) -> None:
        """Add a new, empty server at the end of the list and edit it (the list's Add button)."""
        self._listed(self.servers.add(self.tr("New server")))
        self.editor.command.setFocus()

    def _duplicate(self) -> None:
        row = max(0, self.list.currentRow())
        self._listed(self.servers.duplicate(row, self.tr("{name} (copy)").format(name=self.profiles[row].name)))

    def _remove(self) -> None:
        """Delete the selected server (never the built-in one); Undo puts it back."""
        deleted = self.servers.delete(self.list.currentRow())
        if deleted is not None:
            self.undo_label.setText(self.tr("Deleted “{name}”.").format(name=words.server_label(deleted.profile, _tr)))
            self._listed(min(deleted.row, len(self.profiles) - 1))

    def undo_delete(self) -> bool:
        """Put the last deleted server back at its place, selected; False when there is none."""
        row = self.servers.undo()
        if row is not None:
            self._listed(row)
        return row is not None

    def update_detected(self, profile_id: str) -> None:
        if self.current().id == profile_id:
            self.editor._update_detected()


def sign_in_dialog(parent: QWidget, server: str, url: str) -> QDialog:
    """A sign-in waits in the browser: the authorization URL to copy (plain text, selectable),
    with "Open in browser" (a system browser may not have opened). Not modal: the window goes on."""
    dialog = QDialog(parent)
    dialog.setWindowTitle(_say("sign_in_title", OAUTH_WORDS))
    line = QLineEdit(url)
    line.setReadOnly(True)
    line.setCursorPosition(0)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
    buttons.rejected.connect(dialog.close)
    opener = buttons.addButton(_say("open_browser", OAUTH_WORDS), QDialogButtonBox.ButtonRole.ActionRole)
    opener.clicked.connect(lambda: QDesktopServices.openUrl(QUrl(url)))
    vbox(plain_label(_say("url_shown", OAUTH_WORDS).format(server=server)), line, buttons, parent=dialog)
    dialog.resize(560, dialog.sizeHint().height())
    dialog.show()  # not exec(): not modal
    return dialog
