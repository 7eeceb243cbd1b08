"""The fields of a form generated from a JSON Schema, and the words for what the schema layer found.

Theory of operation
-------------------
No JSON-Schema keyword is read here: :mod:`inspector.protocol.schema_shape` reads a property's
schema the way the form edits it and hands over a :class:`~inspector.protocol.schema_shape.FieldShape`
(its kind, title, description, default, choices, nested fields, hints). A shape of kind OPAQUE (a
construct no field can edit) becomes an :class:`OpaqueField` (a JSON value as text), its reason
code worded by :func:`~inspector.session.schema_words.refusal_text`. Each :class:`Field` is the widgets of one value -
:class:`StringField`, :class:`NumberField`, :class:`BooleanField`, :class:`EnumField`,
:class:`MultiEnumField`, :class:`ObjectField` (nested properties), :class:`ArrayField` (rows with
add/remove) - and knows its own value (:data:`NOT_SET` when empty), the one problem of its own
(text that cannot be a value of its type) and the child field holding a part of an instance path,
so :class:`~inspector.ui.schema_form.SchemaForm` can place the protocol validator's problems. The
checks are :mod:`inspector.protocol.schema`'s; their words are :mod:`inspector.session.schema_words`'
tables, said in the current language (:func:`problem_text`, :func:`check_text`).

Server-controlled text (titles, descriptions, enum labels) is shown through plain-text
widgets and escaped tooltips only.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import orjson
from PySide6.QtCore import QCoreApplication, QSignalBlocker, QSize, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from inspector.protocol.jsontypes import JsonValue
from inspector.protocol.schema import ValueCheck, ValueProblem
from inspector.protocol.schema_shape import (
    FieldShape,
    Kind,
    NumberProblem,
    choice_index,
    path_text,
    read_number,
    split_choices,
    value_label,
)
from inspector.session import schema_words

from .widgets import ErrorLabel, plain_label, plain_tooltip, set_tone

if TYPE_CHECKING:
    from .schema_form import SchemaForm  # the form a field belongs to (it imports this module)


def _tr(context: str, text: str) -> str:
    return QCoreApplication.translate(context, text)


def _word(key: str) -> str:
    """A field's own word (see schema_words.field_word) in the current language."""
    return schema_words.field_word(key, _tr)


class _NotSet:
    __slots__ = ()

    def __repr__(self) -> str:
        return "NOT_SET"

    def __bool__(self) -> bool:
        return False

    def __copy__(self) -> _NotSet:
        return self

    def __deepcopy__(self, memo: dict) -> _NotSet:
        return self


NOT_SET: Any = _NotSet()  # Any: it stands wherever a field's JSON value may be
"""A field with nothing in it: left out of the value."""


# ====================================================================== words


def problem_text(problem: ValueProblem, label: Callable[[JsonValue], str] | None = None) -> str:
    """What the validator found, in the current language (the library's English for a check the
    form has no words for). ``label`` names an allowed value (a choice's title)."""
    return schema_words.problem_text(problem, _tr, label)


def check_text(check: ValueCheck) -> str:
    """One line for a whole value's check in the current language (see schema_words.check_text)."""
    return schema_words.check_text(check, _tr)


# ====================================================================== fields


class _Invalid(Exception):
    """The text in a field cannot become a JSON value of its type."""

    def __init__(self, message: str, text: str) -> None:
        super().__init__(message)
        self.text = text


class Field:
    """One property (or array item) of the form; owns its editor and its error label."""

    kind = "field"

    def __init__(self, form: SchemaForm, path: tuple, shape: FieldShape) -> None:
        self.form = form
        self.path = path
        self.shape = shape
        self.required = shape.required
        self.key = shape.key
        self._own_problem = False  # the message under the field is its problem(), worded again on a language switch
        self.container = QWidget()
        self.container.setObjectName("schemaField")
        lay = QVBoxLayout(self.container)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(2)
        self.error_label = ErrorLabel("fieldError")
        self.editor: QWidget = self.build()
        lay.addWidget(self.editor)
        lay.addWidget(self.error_label)
        if shape.description:
            self.editor.setToolTip(plain_tooltip(shape.description))

    # -------------------------------------------------------------- to override

    def build(self) -> QWidget:
        raise NotImplementedError

    def get(self) -> JsonValue:
        """The value, NOT_SET when empty; raises _Invalid when the text is not of the type."""
        raise NotImplementedError

    def set(self, value: JsonValue) -> None:
        raise NotImplementedError

    def children(self) -> list[Field]:
        return []

    def retranslate(self) -> None:
        """This field's own words (placeholders, choices' blank entry, buttons) in the current
        language; SchemaForm calls it for every field on a language switch (and rewords the
        message under the field when it is the field's own problem())."""

    # -------------------------------------------------------------- shared

    @property
    def path_text(self) -> str:
        return path_text(self.path)

    def set_path(self, path: tuple) -> None:
        self.path = path

    def default(self) -> JsonValue:
        return copy.deepcopy(self.shape.default) if self.shape.has_default else NOT_SET

    def reset(self) -> None:
        """Back to the schema's default, or empty (containers: each member to its own default)."""
        self.set(self.default())
        if not self.shape.has_default:
            for c in self.children():
                c.reset()

    def lenient(self) -> JsonValue:
        try:
            return self.get()
        except _Invalid as exc:
            return exc.text

    def own_problem(self) -> str | None:
        """Why the text in the field cannot be a value of its type (not a number, ...), or None."""
        return None

    def problem(self) -> str | None:
        """The field's own problem, else the first the schema's validator places at the field."""
        return self.own_problem() or self.form.schema_problems().get(self)

    def child_at(self, part: str | int) -> Field | None:
        """The field that holds member ``part`` of this field's value, if one does."""
        return None

    def label_of(self, value: JsonValue) -> str:
        """How this field names one of its allowed values."""
        return value_label(value)

    def word(self, problem: ValueProblem, rest: tuple[str | int, ...]) -> str:
        """``problem`` said at this field; ``rest`` is where it is inside the field's value."""
        if not rest:
            return problem_text(problem, self.label_of)
        return schema_words.problem_inside(problem, rest, _tr)

    def show_error(self, message: str | None) -> None:
        self.error_label.show_text(message or "")
        self._own_problem = False

    def show_problem(self, message: str | None) -> None:
        """Show ``message``, what problem() said: worded again on a language switch."""
        self.show_error(message)
        self._own_problem = bool(message)

    def reword_problem(self, placed: dict[Field, str]) -> None:
        """Say the message under the field again (``placed``: the form's schema_problems())."""
        if self._own_problem:
            self.show_problem(self.own_problem() or placed.get(self))

    def edited(self, *_: object) -> None:
        """The user changed this field: check it and show the verdict where it was typed."""
        self.show_problem(self.problem())
        self.form._on_edit(self)

    def walk(self) -> Iterator[Field]:
        yield self
        for c in self.children():
            yield from c.walk()


class _LineField(Field):
    """A field edited as one line of text (its placeholder made by ``retranslate``)."""

    def build(self) -> QWidget:
        self.line = QLineEdit()
        self.retranslate()
        self.line.textEdited.connect(self.edited)
        return self.line


class StringField(_LineField):
    kind = "string"

    def retranslate(self) -> None:
        self.line.setPlaceholderText(schema_words.string_placeholder(self.shape, _tr))

    def get(self) -> JsonValue:
        text = self.line.text()
        return text if text != "" else NOT_SET

    def set(self, value: JsonValue) -> None:
        if value is NOT_SET or value is None:
            self.line.setText("")
        else:
            self.line.setText(value if isinstance(value, str) else orjson.dumps(value).decode())
        self.line.setCursorPosition(0)


class NumberField(_LineField):
    kind = "number"

    def retranslate(self) -> None:
        self.line.setPlaceholderText(schema_words.number_placeholder(self.shape, _tr))

    def get(self) -> JsonValue:
        text = self.line.text()
        value = read_number(text, integer=self.shape.kind is Kind.INTEGER)
        if isinstance(value, NumberProblem):
            raise _Invalid(schema_words.number_problem_text(value, _tr), text.strip())
        return NOT_SET if value is None else value

    def own_problem(self) -> str | None:
        try:
            self.get()
        except _Invalid as exc:
            return str(exc)
        return None

    def set(self, value: JsonValue) -> None:
        if value is NOT_SET or value is None:
            self.line.setText("")
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            self.line.setText(repr(value) if isinstance(value, float) else str(value))
        else:
            self.line.setText(value if isinstance(value, str) else orjson.dumps(value).decode())


class BooleanField(Field):
    """A check box; an optional boolean without default has a third state, "not set"."""

    kind = "boolean"

    def build(self) -> QWidget:
        holder = QWidget()
        row = QHBoxLayout(holder)
        row.setContentsMargins(0, 0, 0, 0)
        self.box = QCheckBox()
        self.tristate = not self.required and not self.shape.has_default
        self.box.setTristate(self.tristate)
        self.box.stateChanged.connect(self._state)
        self.box.clicked.connect(self.edited)
        # The description wraps beside the box (a long one as the box's own text would make
        # the form as wide as the sentence).
        first = self.shape.first_line()
        self.note = plain_label(first, wrap=True)
        self.note.setMinimumWidth(60)
        self.note.setVisible(bool(first))
        row.addWidget(self.box, 0, Qt.AlignmentFlag.AlignTop)
        row.addWidget(self.note, 1)
        self._state()
        return holder

    def _text(self) -> str:
        if self.tristate and self.box.checkState() == Qt.CheckState.PartiallyChecked:
            return _word("not_set")
        return ""

    def _state(self, *_: object) -> None:
        self.box.setText(self._text())

    def retranslate(self) -> None:
        self._state()

    def get(self) -> JsonValue:
        state = self.box.checkState()
        if state == Qt.CheckState.PartiallyChecked:
            return NOT_SET
        return state == Qt.CheckState.Checked

    def set(self, value: JsonValue) -> None:
        if value is NOT_SET:
            value = self.default()
        if value is NOT_SET:
            self.box.setCheckState(Qt.CheckState.PartiallyChecked if self.tristate else Qt.CheckState.Unchecked)
        else:
            self.box.setCheckState(Qt.CheckState.Checked if value is True else Qt.CheckState.Unchecked)
        self._state()


class EnumField(Field):
    kind = "enum"

    def build(self) -> QWidget:
        self.combo = QComboBox()
        self.combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.options = self.shape.choices
        self.blank = not self.required or not self.shape.has_default
        if self.blank:
            self.combo.addItem("", None)
        for i, (_, label) in enumerate(self.options):
            self.combo.addItem(label, i)
        self.retranslate()
        self.combo.activated.connect(self.edited)
        return self.combo

    def retranslate(self) -> None:
        if self.blank:
            self.combo.setItemText(0, _word("choose" if self.required else "not_set"))
        idx = self.combo.findData("extra:")
        if idx >= 0:
            self.combo.setItemText(idx, _word("not_in_list").format(value_label(self._extra)))

    def label_of(self, value: JsonValue) -> str:
        index = choice_index(self.options, value)
        return value_label(value) if index is None else self.options[index].label

    def get(self) -> JsonValue:
        data = self.combo.currentData()
        if data is None:
            return NOT_SET
        if data == "extra:":
            return copy.deepcopy(self._extra)
        return copy.deepcopy(self.options[int(data)][0])

    def set(self, value: JsonValue) -> None:
        if value is NOT_SET:
            self.combo.setCurrentIndex(0 if self.blank else -1)
            return
        index = choice_index(self.options, value)
        if index is not None:
            self.combo.setCurrentIndex(self.combo.findData(index))
            return
        # a value outside the list (typed as raw JSON): keep it, visibly, so validation flags it
        self._extra = copy.deepcopy(value)
        if self.combo.findData("extra:") < 0:
            self.combo.addItem("", "extra:")
        self.retranslate()
        self.combo.setCurrentIndex(self.combo.findData("extra:"))


class MultiEnumField(Field):
    """An array whose items come from a list: a checkable list."""

    kind = "multi-enum"

    def build(self) -> QWidget:
        self.options = self.shape.choices
        self.list = QListWidget()
        self.list.setSelectionMode(QListWidget.SelectionMode.NoSelection)
        self.list.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        row_h = self.list.fontMetrics().height() + 8
        for _, label in self.options:
            item = QListWidgetItem(label)
            item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            item.setSizeHint(QSize(0, row_h))
            self.list.addItem(item)
        rows = min(max(len(self.options), 1), 6)
        self.list.setFixedHeight(rows * row_h + 2 * self.list.frameWidth() + 2)
        self.list.itemChanged.connect(self.edited)
        self._extra: list = []
        return self.list

    def get(self) -> JsonValue:
        out = [
            copy.deepcopy(v)
            for i, (v, _) in enumerate(self.options)
            if self.list.item(i).checkState() == Qt.CheckState.Checked
        ]
        out += copy.deepcopy(self._extra)
        if not out and not self.required:
            return NOT_SET
        return out

    def set(self, value: JsonValue) -> None:
        blocker = QSignalBlocker(self.list)
        chosen, self._extra = split_choices(self.options, value if isinstance(value, list) else [])
        for i in range(len(self.options)):
            self.list.item(i).setCheckState(Qt.CheckState.Checked if i in chosen else Qt.CheckState.Unchecked)
        del blocker


class OpaqueField(Field):
    """A construct the form cannot edit: its JSON value is kept as is and shown read-only."""

    kind = "opaque"

    def __init__(self, form: SchemaForm, path: tuple, shape: FieldShape) -> None:
        self.value_: JsonValue = NOT_SET
        super().__init__(form, path, shape)
        self.value_ = self.default()
        self._show()

    def build(self) -> QWidget:
        self.label = plain_label(wrap=True, mono=True)
        return self.label

    def _show(self) -> None:
        is_set = self.value_ is not NOT_SET
        self.label.setText(schema_words.opaque_text(self.value_, self.shape.refusal, _tr, is_set=is_set))
        set_tone(self.label, "muted")

    def retranslate(self) -> None:
        self._show()

    def get(self) -> JsonValue:
        return copy.deepcopy(self.value_)

    def set(self, value: JsonValue) -> None:
        self.value_ = copy.deepcopy(value)
        self._show()


class ObjectField(Field):
    kind = "object"

    def __init__(self, form: SchemaForm, path: tuple, shape: FieldShape, *, root: bool = False) -> None:
        self.root = root
        self.fields: dict[str, Field] = {}
        super().__init__(form, path, shape)

    def build(self) -> QWidget:
        if self.root:
            box = QWidget()
        else:
            box = QGroupBox(_field_title(self.shape))
        self.layout = QFormLayout(box)
        self.layout.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.layout.setRowWrapPolicy(QFormLayout.RowWrapPolicy.DontWrapRows)
        self.layout.setLabelAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
        if self.root:
            self.layout.setContentsMargins(0, 0, 0, 0)
        for sub in self.shape.fields:
            key = sub.key or ""
            field = self.form._make_field((*self.path, key), sub)
            self.fields[key] = field
            if field.kind == "object":
                self.layout.addRow(field.container)
            else:
                label = plain_label(_field_title(field.shape), wrap=False)
                if field.required:
                    bold = label.font()
                    bold.setBold(True)
                    label.setFont(bold)
                label.setToolTip(plain_tooltip(f"{key}\n{sub.description}" if sub.description else key))
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

    def children(self) -> list[Field]:
        return list(self.fields.values())

    def set_path(self, path: tuple) -> None:
        self.path = path
        for key, f in self.fields.items():
            f.set_path((*path, key))

    def get(self) -> JsonValue:
        out: dict[str, JsonValue] = {}
        for key, f in self.fields.items():
            v = f.lenient()
            if v is not NOT_SET:
                out[key] = v
        if not out and not self.required and not self.root:
            return NOT_SET
        return out

    def set(self, value: JsonValue) -> None:
        data = value if isinstance(value, dict) else {}
        for key, f in self.fields.items():
            f.set(data[key] if key in data else NOT_SET)

    def child_at(self, part: str | int) -> Field | None:
        return self.fields.get(part) if isinstance(part, str) else None


class ArrayField(Field):
    """A list of rows, each an editor for the item schema, with add and remove."""

    kind = "array"

    def build(self) -> QWidget:
        self.items: list[Field] = []
        self._rows: dict[Field, tuple[QWidget, QToolButton]] = {}  # each item's row and its remove button
        box = QFrame()
        box.setObjectName("arrayBox")
        self.rows = QVBoxLayout(box)
        self.rows.setContentsMargins(0, 0, 0, 0)
        self.rows.setSpacing(4)
        self.add_button = QPushButton()
        self.add_button.setObjectName("addItem")
        self.add_button.clicked.connect(lambda *_: self._add_clicked())
        self.add_button.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
        self.rows.addWidget(self.add_button, 0, Qt.AlignmentFlag.AlignLeft)
        self.retranslate()
        return box

    def retranslate(self) -> None:
        self.add_button.setText(_word("add_item"))
        for _, remove in self._rows.values():
            remove.setToolTip(_word("remove_item"))

    def children(self) -> list[Field]:
        return list(self.items)

    def set_path(self, path: tuple) -> None:
        self.path = path
        for i, f in enumerate(self.items):
            f.set_path((*path, i))

    def _add_clicked(self) -> None:
        field = self.add_item()
        field.editor.setFocus()
        self.edited()

    def add_item(self, value: JsonValue = NOT_SET) -> Field:
        field = self.form._make_field((*self.path, len(self.items)), self.shape.item())
        row = QWidget()
        lay = QHBoxLayout(row)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(4)
        lay.addWidget(field.container, 1)
        remove = QToolButton()
        remove.setText("✕")
        remove.setObjectName("removeItem")
        remove.setAutoRaise(True)
        lay.addWidget(remove, 0, Qt.AlignmentFlag.AlignTop)
        remove.clicked.connect(lambda *_, f=field: self.remove_item(f))
        self.rows.insertWidget(len(self.items), row)
        self.items.append(field)
        self._rows[field] = (row, remove)
        self.retranslate()
        if value is not NOT_SET:
            field.set(value)
        return field

    def remove_item(self, field: Field) -> None:
        if field not in self.items:
            return
        self._drop(field)
        self.set_path(self.path)
        self.edited()

    def _drop(self, field: Field) -> None:
        self.items.remove(field)
        row, _ = self._rows.pop(field)
        self.rows.removeWidget(row)
        row.hide()
        row.deleteLater()

    def get(self) -> JsonValue:
        out = []
        for f in self.items:
            v = f.lenient()
            if v is not NOT_SET:
                out.append(v)
        if not out and not self.required:
            return NOT_SET
        return out

    def set(self, value: JsonValue) -> None:
        for f in list(self.items):
            self._drop(f)
        if value is NOT_SET:
            return
        for v in value if isinstance(value, list) else [value]:
            self.add_item(v)

    def child_at(self, part: str | int) -> Field | None:
        # the value leaves out empty rows: its item n is the n-th row that holds something
        if not isinstance(part, int):
            return None
        shown = (f for f in self.items if f.lenient() is not NOT_SET)
        return next((f for i, f in enumerate(shown) if i == part), None)


def _field_title(shape: FieldShape) -> str:
    return f"{shape.title} *" if shape.required else shape.title
