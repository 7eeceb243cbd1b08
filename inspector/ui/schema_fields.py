"""The widgets of a form generated from a JSON Schema: one view per node of its form model.

Theory of operation
-------------------
What the form holds and decides - each field's value, defaults, the text that cannot be a value
of its type, array rows, where the validator's problems go - is
:class:`~inspector.session.form_model.FormModel`'s, without Qt. Each :class:`Field` here is the
widgets of one :class:`~inspector.session.form_model.Node`: it builds them from the node's
:class:`~inspector.protocol.schema_shape.FieldShape`, shows the node's state (:meth:`Field.show`)
and hands every change of its widgets to the node - :class:`StringField`, :class:`NumberField`
(a line edit), :class:`BooleanField` (a check box), :class:`EnumField` (a combo box),
:class:`MultiEnumField` (a checkable list), :class:`ObjectField` (nested properties),
:class:`ArrayField` (rows with add/remove) and :class:`OpaqueField` (a JSON value as text, its
reason code worded by :func:`~inspector.session.schema_words.refusal_text`). The words are
:mod:`inspector.session.schema_words`' tables, said in the current language.

Server-controlled text (titles, descriptions, enum labels) is shown through plain-text
widgets and escaped tooltips only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QSignalBlocker, QSize, Qt
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
    QSizePolicy,
    QToolButton,
    QWidget,
)

from inspector.protocol.schema_shape import value_label
from inspector.session import schema_words
from inspector.session.form_model import (
    EXTRA,
    NOT_SET,
    ArrayNode,
    BoolNode,
    ChoiceNode,
    FormValue,
    MultiChoiceNode,
    Node,
    ObjectNode,
    OpaqueNode,
    TextNode,
)

from .form_rows import bold
from .widgets import ErrorLabel, hbox, plain_label, plain_tooltip, push_button, set_tone, tool_button, vbox

if TYPE_CHECKING:
    from .schema_form import SchemaForm  # the form a field belongs to (it imports this module)

__all__ = ["NOT_SET"]


def _tr(context: str, text: str) -> str:
    return QCoreApplication.translate(context, text)


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
    def path(self) -> tuple[str | int, ...]:
        return self.node.path

    @property
    def path_text(self) -> str:
        return self.node.path_text

    def get(self) -> FormValue:
        """The value, NOT_SET when empty; raises Invalid when the text is not of the type."""
        return self.node.value()

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
