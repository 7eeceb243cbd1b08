"""Forms generated from a JSON Schema object, and a raw JSON editor that checks the same schema.

Theory of operation
-------------------
:class:`SchemaForm` is the widgets of a :class:`~inspector.session.form_model.FormModel`, which
holds and decides everything about the value without Qt: it reads the schema's field shapes
(:mod:`inspector.protocol.schema_shape`: ``$ref``s, optional types, lists, defaults), keeps each
field's value (empty optional fields left out, so what is checked is what is sent), checks the
whole value with the protocol's validator (compiled once) and places each problem at the field
holding its instance path, a field's own problem (text that cannot be a value of its type) first.

Each :class:`Field` is the widgets of one :class:`~inspector.session.form_model.Node`: it builds
them from the node's :class:`~inspector.protocol.schema_shape.FieldShape`, shows the node's state
(:meth:`Field.show`) and hands every change of its widgets to the node - :class:`StringField`,
:class:`NumberField` (a line edit), :class:`BooleanField` (a check box), :class:`EnumField` (a
combo box), :class:`MultiEnumField` (a checkable list), :class:`ObjectField` (nested properties
in a group box), :class:`ArrayField` (rows with add/remove) and :class:`OpaqueField` (a JSON
value as text, its reason code worded by :func:`~inspector.session.schema_words.refusal_text`);
:data:`VIEWS` says which field shows a node of each kind. The words are
:mod:`inspector.session.schema_words`' tables, said in the current language. The form holds the
fields, shows each problem under its field in the current language and, at the top, why the form
has no fields or that the validator cannot compile the schema (the form is then unchecked).
Constructs the form cannot edit (``allOf`` of several schemas, ``oneOf`` of objects, free-form
maps, ...) are kept as opaque JSON values, listed in :attr:`SchemaForm.unsupported` with the
reason's code, and :class:`ArgumentsEditor` switches to its raw JSON editor for them, with a note
saying why.

:class:`ArgumentsEditor` holds the form and the raw editor as two tabs (the raw one asks the
model, :meth:`~inspector.session.form_model.FormModel.check`, the form's compiled schema);
neither has a scroll area of its own: the editor is exactly as tall as the tab shown (the hidden
one asks for no height), for a page that scrolls as a whole (the Tools panel's).

Server-controlled text (titles, descriptions, enum labels) is shown through plain-text
widgets and escaped tooltips only.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QEvent, QSignalBlocker, QSize, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QFrame,
    QGroupBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QSizePolicy,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from inspector.protocol.jsontypes import JsonObject, JsonValue
from inspector.protocol.schema_shape import Refusal, form_shape, value_label
from inspector.session import schema_words
from inspector.session.form_model import (
    EMPTY_OBJECT,
    EXTRA,
    NOT_SET,
    ArrayNode,
    BoolNode,
    ChoiceNode,
    FormModel,
    FormValue,
    MultiChoiceNode,
    Node,
    ObjectNode,
    OpaqueNode,
    TextNode,
)
from inspector.session.translate import Translate
from inspector.session.value_text import pretty_json

from .form_rows import bold, spaced
from .widgets import (
    ErrorLabel,
    hbox,
    mono_font,
    plain_label,
    plain_tooltip,
    push_button,
    set_tone,
    tool_button,
    vbox,
)

__all__ = ["ArgumentsEditor", "ArrayField", "NumberField", "ObjectField", "SchemaForm", "StringField"]


_tr: Translate = QCoreApplication.translate


def _word(key: str) -> str:
    """A field's own word (see schema_words.field_word) in the current language."""
    return schema_words.field_word(key, _tr)


# ====================================================================== fields


class Field:
    """The widgets of one property (or array item) of the form: its editor and its error label."""

    def __init__(self, form: SchemaForm, node: Node) -> None:
        self.form = form
        self.node = node
        self.shape = node.shape
        self.required = node.required
        self.key = node.key
        self._own_problem = False  # the message under the field is its problem, worded again on a language switch
        self.container = QWidget()
        self.container.setObjectName("schemaField")
        self.error_label = ErrorLabel("fieldError")
        self.editor: QWidget = self.build()
        vbox(self.editor, self.error_label, margins=False, parent=self.container).setSpacing(2)
        if self.shape.description:
            self.editor.setToolTip(plain_tooltip(self.shape.description))
        self.show()

    # -------------------------------------------------------------- to override

    def build(self) -> QWidget:
        raise NotImplementedError

    def show(self) -> None:
        """Show what the node holds."""

    def retranslate(self) -> None:
        """This field's own words (placeholders, choices' blank entry, buttons) in the current
        language; SchemaForm calls it for every field on a language switch (and rewords the
        message under the field when it is the field's problem)."""

    # -------------------------------------------------------------- shared

    @property
    def kind(self) -> str:
        return self.node.kind

    @property
    def path_text(self) -> str:
        return self.node.path_text

    def set(self, value: FormValue) -> None:
        self.node.set(value)
        self.show()

    def show_error(self, message: str | None) -> None:
        self.error_label.show_text(message or "")
        self._own_problem = False

    def show_problem(self, message: str | None) -> None:
        """Show ``message``, the field's problem: worded again on a language switch."""
        self.show_error(message)
        self._own_problem = bool(message)

    def reword_problem(self, placed: dict[Node, str]) -> None:
        """Say the message under the field again (``placed``: the model's placed problems)."""
        if self._own_problem:
            self.show_problem(self.form.model.problem(self.node, _tr, placed))

    def edited(self, *_: object) -> None:
        """The user changed this field: check it and show the verdict where it was typed (its own
        problem, else the first the schema's validator places at the field)."""
        self.show_problem(self.form.model.problem(self.node, _tr))
        self.form.changed.emit()


class _LineField(Field):
    """A field edited as one line of text (its placeholder made by ``retranslate``)."""

    node: TextNode

    def build(self) -> QWidget:
        self.line = QLineEdit()
        self.retranslate()
        self.line.textChanged.connect(self._text_changed)  # setText() too
        self.line.textEdited.connect(self._text_changed)  # before textChanged: the node first
        self.line.textEdited.connect(self.edited)
        return self.line

    def _text_changed(self, text: str) -> None:
        self.node.text = text

    def show(self) -> None:
        self.line.setText(self.node.text)


class StringField(_LineField):
    def retranslate(self) -> None:
        self.line.setPlaceholderText(schema_words.string_placeholder(self.shape, _tr))

    def show(self) -> None:
        super().show()
        self.line.setCursorPosition(0)


class NumberField(_LineField):
    def retranslate(self) -> None:
        self.line.setPlaceholderText(schema_words.number_placeholder(self.shape, _tr))


class BooleanField(Field):
    """A check box; an optional boolean without default has a third state, "not set"."""

    node: BoolNode
    _STATES = {True: Qt.CheckState.Checked, False: Qt.CheckState.Unchecked, None: Qt.CheckState.PartiallyChecked}

    def build(self) -> QWidget:
        self.box = QCheckBox()
        self.box.setTristate(self.node.tristate)
        self.box.stateChanged.connect(self._state)
        self.box.clicked.connect(self.edited)
        # The description wraps beside the box (a long one as the box's own text would make
        # the form as wide as the sentence).
        first = self.shape.first_line()
        self.note = plain_label(first, wrap=True)
        self.note.setMinimumWidth(60)
        self.note.setVisible(bool(first))
        holder = QWidget()
        hbox((self.box, 0, Qt.AlignmentFlag.AlignTop), (self.note, 1), margins=False, parent=holder)
        return holder

    def _state(self, *_: object) -> None:
        state = self.box.checkState()
        self.node.state = None if state == Qt.CheckState.PartiallyChecked else state == Qt.CheckState.Checked
        self.retranslate()

    def retranslate(self) -> None:
        self.box.setText(_word("not_set") if self.node.state is None else "")

    def show(self) -> None:
        self.box.setCheckState(self._STATES[self.node.state])
        self.retranslate()


class EnumField(Field):
    node: ChoiceNode

    def build(self) -> QWidget:
        self.combo = QComboBox()
        self.combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        if self.node.blank:
            self.combo.addItem("", None)
        for i, (_, label) in enumerate(self.node.options):
            self.combo.addItem(label, i)
        self.retranslate()
        self.combo.currentIndexChanged.connect(self._picked)  # setCurrentIndex() too
        self.combo.activated.connect(self._picked)
        self.combo.activated.connect(self.edited)
        return self.combo

    def _picked(self, index: int) -> None:
        data = self.combo.itemData(index)
        self.node.picked = EXTRA if data == "extra:" else data

    def retranslate(self) -> None:
        if self.node.blank:
            self.combo.setItemText(0, _word("choose" if self.required else "not_set"))
        idx = self.combo.findData("extra:")
        if idx >= 0:
            self.combo.setItemText(idx, _word("not_in_list").format(value_label(self.node.extra)))

    def show(self) -> None:
        picked = self.node.picked
        if picked is None:
            self.combo.setCurrentIndex(0 if self.node.blank else -1)
            return
        if picked is EXTRA and self.combo.findData("extra:") < 0:
            # a value outside the list (typed as raw JSON): kept, visibly, so validation flags it
            self.combo.addItem("", "extra:")
        self.retranslate()
        self.combo.setCurrentIndex(self.combo.findData("extra:" if picked is EXTRA else picked))


class MultiEnumField(Field):
    """An array whose items come from a list: a checkable list."""

    node: MultiChoiceNode

    def build(self) -> QWidget:
        self.list = QListWidget()
        self.list.setSelectionMode(QListWidget.SelectionMode.NoSelection)
        self.list.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        row_h = self.list.fontMetrics().height() + 8
        for _, label in self.node.options:
            item = QListWidgetItem(label)
            item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            item.setSizeHint(QSize(0, row_h))
            self.list.addItem(item)
        rows = min(max(len(self.node.options), 1), 6)
        self.list.setFixedHeight(rows * row_h + 2 * self.list.frameWidth() + 2)
        self.list.itemChanged.connect(self._checked)
        return self.list

    def _checked(self, *_: object) -> None:
        checked = Qt.CheckState.Checked
        self.node.chosen = {i for i in range(len(self.node.options)) if self.list.item(i).checkState() == checked}
        self.edited()

    def show(self) -> None:
        with QSignalBlocker(self.list):
            for i in range(len(self.node.options)):
                checked = i in self.node.chosen
                self.list.item(i).setCheckState(Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked)


class OpaqueField(Field):
    """A construct the form cannot edit: its JSON value is kept as is and shown read-only."""

    node: OpaqueNode

    def build(self) -> QWidget:
        self.label = plain_label(wrap=True, mono=True)
        return self.label

    def show(self) -> None:
        held = self.node.held
        is_set = held is not NOT_SET
        self.label.setText(
            schema_words.opaque_text(None if held is NOT_SET else held, self.shape.refusal, _tr, is_set=is_set)
        )
        set_tone(self.label, "muted")

    def retranslate(self) -> None:
        self.show()


class ObjectField(Field):
    node: ObjectNode

    def build(self) -> QWidget:
        self.root = self.node.root
        box = QWidget() if self.root else QGroupBox(self.node.title)
        self.layout = QFormLayout(box)
        self.layout.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.layout.setRowWrapPolicy(QFormLayout.RowWrapPolicy.DontWrapRows)
        self.layout.setLabelAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
        if self.root:
            self.layout.setContentsMargins(0, 0, 0, 0)
        self.fields: dict[str, Field] = {}
        for key, node in self.node.fields.items():
            field = self.fields[key] = self.form.view_of(node)
            if field.kind == "object":
                self.layout.addRow(field.container)
            else:
                label = plain_label(field.node.title, wrap=False)
                if field.required:
                    bold(label)
                label.setToolTip(plain_tooltip(node.tip))
                label.setObjectName("fieldLabel")
                label.setBuddy(field.editor)
                self.layout.addRow(label, field.container)
        self.no_props: QLabel | None = None
        if not self.shape.fields and not self.root:
            self.no_props = QLabel()
            set_tone(self.no_props, "muted")
            self.layout.addRow(self.no_props)
        self.retranslate()
        return box

    def retranslate(self) -> None:
        if self.no_props is not None:
            self.no_props.setText(_word("no_properties"))

    def show(self) -> None:
        for f in self.fields.values():
            f.show()


class ArrayField(Field):
    """A list of rows, each an editor for the item schema, with add and remove."""

    node: ArrayNode

    def build(self) -> QWidget:
        self.items: list[Field] = []
        self._rows: dict[Field, tuple[QWidget, QToolButton]] = {}  # each item's row and its remove button
        box = QFrame()
        box.setObjectName("arrayBox")
        self.add_button = push_button("", self._add_clicked)
        self.add_button.setObjectName("addItem")
        self.add_button.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
        self.rows = vbox((self.add_button, 0, Qt.AlignmentFlag.AlignLeft), margins=False, parent=box)
        self.rows.setSpacing(4)
        self.retranslate()
        return box

    def retranslate(self) -> None:
        self.add_button.setText(_word("add_item"))
        for _, remove in self._rows.values():
            remove.setToolTip(_word("remove_item"))

    def _add_clicked(self) -> None:
        field = self.add_item()
        field.editor.setFocus()
        self.edited()

    def add_item(self, value: FormValue = NOT_SET) -> Field:
        return self._add_row(self.node.add_item(value))

    def _add_row(self, node: Node) -> Field:
        field = self.form.view_of(node)
        remove = tool_button("✕", lambda: self.remove_item(field))
        remove.setObjectName("removeItem")
        remove.setAutoRaise(True)
        row = QWidget()
        hbox((field.container, 1), (remove, 0, Qt.AlignmentFlag.AlignTop), margins=False, parent=row).setSpacing(4)
        self.rows.insertWidget(len(self.items), row)
        self.items.append(field)
        self._rows[field] = (row, remove)
        self.retranslate()
        return field

    def remove_item(self, field: Field) -> None:
        if self.node.remove_item(field.node):
            self._drop(field)
            self.edited()

    def _drop(self, field: Field) -> None:
        self.form.forget(field.node)
        self.items.remove(field)
        row, _ = self._rows.pop(field)
        self.rows.removeWidget(row)
        row.hide()
        row.deleteLater()

    def show(self) -> None:
        if [f.node for f in self.items] == self.node.items:
            for f in self.items:
                f.show()
            return
        for f in list(self.items):
            self._drop(f)
        for node in self.node.items:
            self._add_row(node)


VIEWS: dict[type[Node], Callable[[SchemaForm, Node], Field]] = {
    TextNode: lambda form, node: NumberField(form, node) if node.kind == "number" else StringField(form, node),
    BoolNode: BooleanField,
    ChoiceNode: EnumField,
    MultiChoiceNode: MultiEnumField,
    ObjectNode: ObjectField,
    ArrayNode: ArrayField,
    OpaqueNode: OpaqueField,
}
"""The field that shows a node of each kind."""


# ====================================================================== the form


class SchemaForm(QWidget):
    """An editable form for a JSON Schema object: the widgets of a
    :class:`~inspector.session.form_model.FormModel` (:attr:`model`).

    ``value()`` is the JSON object the form holds (empty optional fields left out),
    ``set_value()`` fills it, ``errors()`` checks every field (showing each message under its
    field) and the whole value against the schema, ``changed`` fires on every edit.
    """

    changed = Signal()

    def __init__(self, schema: dict | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._root: ObjectField | None = None
        self._views: dict[Node, Field] = {}  # each node's field
        self.empty_note = plain_label(wrap=True)
        self.empty_note.hide()
        self._layout.addWidget(self.empty_note)
        self._layout.addStretch(1)  # spare height goes below the fields, never between them
        self.set_schema(schema if schema is not None else dict(EMPTY_OBJECT))

    # -------------------------------------------------------------- schema

    def schema(self) -> dict:
        return self.model.schema

    @property
    def unsupported(self) -> list[tuple[str, Refusal]]:
        """(path, why) of each field kept as JSON."""
        return self.model.unsupported

    def set_schema(self, schema: JsonValue) -> None:
        """Rebuild the form for ``schema``; every field starts at its default (or empty)."""
        if self._root is not None:
            self._layout.removeWidget(self._root.container)
            self._root.container.hide()
            self._root.container.deleteLater()
            self._root = None
        self._views = {}
        self.model = FormModel(schema)
        root = self.view_of(self.model.root)
        assert isinstance(root, ObjectField)
        self._root = root
        self._layout.insertWidget(self._layout.count() - 1, root.container)
        self._word_empty_note()

    def view_of(self, node: Node) -> Field:
        """A new field showing ``node`` (an array's new row, a member of an object)."""
        field = self._views[node] = VIEWS[type(node)](self, node)
        return field

    def forget(self, node: Node) -> None:
        """``node`` and what it holds are no longer shown (an array's row was dropped)."""
        for n in node.walk():
            self._views.pop(n, None)

    def _word_empty_note(self) -> None:
        """Why the form has no fields (hidden when it has some), in the current language."""
        shape = self._root.shape if self._root is not None else form_shape({})
        note = schema_words.empty_note(shape, self.model.compile_error, QCoreApplication.translate)
        if note is not None:
            self.empty_note.setText(note[0])
            if note[1]:
                set_tone(self.empty_note, note[1])
        self.empty_note.setVisible(note is not None)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange and self._root is not None:
            placed = self.model.placed(QCoreApplication.translate)
            for field in (self._root, *self.fields()):
                field.retranslate()
                field.reword_problem(placed)
            self._word_empty_note()
        super().changeEvent(event)

    # -------------------------------------------------------------- values

    def fields(self) -> list[Field]:
        return [self._views[n] for n in self.model.nodes()]

    def field(self, path: str) -> Field | None:
        return next((f for f in self.fields() if f.path_text == path), None)

    def value(self) -> dict:
        return self.model.value()

    def set_value(self, value: dict) -> None:
        """Show ``value``; keys the schema does not declare are kept and returned by value()."""
        assert self._root is not None
        self.model.set_value(value)
        self._root.show()
        for f in self.fields():
            f.show_error(None)
        self.changed.emit()

    # -------------------------------------------------------------- checks

    def errors(self) -> dict[str, str]:
        """Every problem by path ("" = the whole object), each shown under its field: a field's
        own (text that is not of its type), else what the schema's validator places there."""
        messages = self.model.messages(QCoreApplication.translate)
        for f in self.fields():
            f.show_problem(messages.get(f.node))
        return self.model.errors(messages)

    def validate(self) -> bool:
        """Check everything, show each problem under its field, put the cursor in the first
        field with one; True when there is none."""
        errors = self.errors()
        first = self.model.first_problem(errors)
        if first is not None:
            self._views[first].editor.setFocus()
        return not errors


# ====================================================================== raw JSON + form


class _TabPage(QWidget):
    """A tab's page that, while hidden behind another, asks for no height: QStackedLayout's
    height-for-width is otherwise its tallest page's, even with that page's size ignored."""

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt override
        if self.sizePolicy().verticalPolicy() == QSizePolicy.Policy.Ignored:
            return -1
        return super().heightForWidth(width)


class ArgumentsEditor(QWidget):
    """A :class:`SchemaForm` and a raw JSON editor over the same value, both checked against the schema."""

    changed = Signal()
    FORM, RAW = 0, 1

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._switching = False
        self.note = plain_label(wrap=True)
        self.note.setObjectName("fallbackNote")
        self.note.hide()
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        vbox(self.note, (self.tabs, 1), margins=False, parent=self).setSpacing(4)

        self.form = SchemaForm()
        self.form.changed.connect(self.changed.emit)
        form_page = _TabPage()
        vbox(self.form, 1, parent=form_page).setContentsMargins(4, 8, 8, 4)
        # never squeezed below what the fields need: the page around it scrolls instead
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)

        self.raw_edit = QPlainTextEdit()
        self.raw_edit.setFont(mono_font())
        self.raw_edit.setTabChangesFocus(True)
        self.raw_edit.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.raw_edit.textChanged.connect(self._raw_changed)
        self.raw_status = plain_label(wrap=True)
        self.raw_status.setObjectName("rawStatus")
        self.raw_status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.raw_edit.setMinimumHeight(12 * self.raw_edit.fontMetrics().lineSpacing())
        raw_page = _TabPage()
        spaced(vbox((self.raw_edit, 1), self.raw_status, parent=raw_page), 4, (0, 6, 0, 0))

        self.tabs.addTab(form_page, "")
        self.tabs.addTab(raw_page, "")
        self.tabs.currentChanged.connect(self._tab_changed)
        self.tabs.currentChanged.connect(self._fit_pages)
        self._retranslate()
        self.set_schema(dict(EMPTY_OBJECT))

    def _retranslate(self) -> None:
        self.tabs.setTabText(self.FORM, self.tr("Form"))
        self.tabs.setTabText(self.RAW, self.tr("Raw JSON"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
            self._validate_raw()  # the status line under the raw text, said again
        super().changeEvent(event)

    # -------------------------------------------------------------- API

    def schema(self) -> dict:
        return self.form.schema()

    def set_schema(self, schema: JsonValue, value: dict | None = None) -> None:
        self.form.set_schema(schema)
        if value is not None:
            self.form.set_value(value)
        unsupported = self.form.unsupported
        self._note(schema_words.unsupported_note(unsupported, QCoreApplication.translate) if unsupported else None)
        with QSignalBlocker(self.tabs):
            self.tabs.setCurrentIndex(self.RAW if unsupported else self.FORM)
        self._fit_pages()
        self._set_raw_text(pretty_json(self.form.value()))
        self.changed.emit()

    def mode(self) -> str:
        return "raw" if self.tabs.currentIndex() == self.RAW else "form"

    def set_mode(self, mode: str) -> bool:
        """Switch between "form" and "raw"; False when the raw text cannot go back to the form."""
        self.tabs.setCurrentIndex(self.RAW if mode == "raw" else self.FORM)
        return self.mode() == mode

    def value(self) -> dict:
        """The arguments now shown; in raw mode raises ValueError when the text is not a JSON object."""
        if self.mode() == "raw":
            value, problem = self._parse_raw()
            if problem is not None:
                raise ValueError(problem)
            return value
        return self.form.value()

    def set_value(self, value: dict) -> None:
        self.form.set_value(value)
        self._set_raw_text(pretty_json(value))

    def errors(self) -> dict[str, str]:
        """Problems with the arguments by path ("" = the whole object or the JSON text)."""
        if self.mode() == "raw":
            return self.form.model.raw_errors(self.raw_edit.toPlainText(), QCoreApplication.translate)
        return self.form.errors()

    # -------------------------------------------------------------- internals

    def _set_raw_text(self, text: str) -> None:
        with QSignalBlocker(self.raw_edit):
            self.raw_edit.setPlainText(text)
        self._validate_raw()

    def _parse_raw(self) -> tuple[JsonObject, str | None]:
        return self.form.model.read_raw(self.raw_edit.toPlainText(), QCoreApplication.translate)

    def _raw_changed(self) -> None:
        self._validate_raw()
        self.changed.emit()

    def _validate_raw(self) -> None:
        status = self.form.model.raw_status(self.raw_edit.toPlainText(), QCoreApplication.translate)
        self._status(status.text, status.tone)

    def _status(self, text: str, kind: str) -> None:
        self.raw_status.setText(text)
        set_tone(self.raw_status, kind)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        # QTabWidget's own hint is its tallest page's; without a scroll area the shown tab decides
        hint = super().sizeHint()
        hint.setHeight(self.minimumSizeHint().height())
        return hint

    def _fit_pages(self, *_: object) -> None:
        """Without a scroll area of its own the editor is as tall as the tab shown (a short form
        is not stretched to the raw editor's height): the hidden tab's height is ignored."""
        for i in range(self.tabs.count()):
            page = self.tabs.widget(i)
            if page is None:
                continue
            shown = i == self.tabs.currentIndex()
            page.setSizePolicy(
                QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred if shown else QSizePolicy.Policy.Ignored
            )
        self.tabs.updateGeometry()
        self.updateGeometry()  # the page around it asks for the new height

    def _tab_changed(self, index: int) -> None:
        if self._switching:
            return
        if index == self.RAW:
            self._set_raw_text(pretty_json(self.form.value()))
            return
        value, problem = self._parse_raw()
        if problem is not None:
            self._switching = True
            self.tabs.setCurrentIndex(self.RAW)
            self._switching = False
            self._status("✗ " + self.tr("fix the JSON before going back to the form: {0}").format(problem), "error")
            return
        self.form.set_value(value)
        lost = schema_words.differences_note(value, self.form.value(), QCoreApplication.translate)
        if lost is not None or not self.form.unsupported:  # the note on what cannot be a form stays
            self._note(lost)

    def _note(self, text: str | None) -> None:
        """The warning over the tabs (hidden for None)."""
        if text is not None:
            self.note.setText(text)
            set_tone(self.note, "warn")
        self.note.setVisible(text is not None)
