"""Forms generated from a JSON Schema object, and a raw JSON editor that checks the same schema.

Theory of operation
-------------------
:class:`SchemaForm` turns an object schema (a tool's ``inputSchema``, an elicitation's
``requestedSchema``) into a tree of fields: a line edit (string, integer, number), a check box
(boolean), a combo box (one of a list), a checkable list (several of a list), rows with
add/remove (other arrays) or a group box (nested objects). What each property is - its
:class:`~inspector.protocol.schema_shape.FieldShape` - is read by
:mod:`inspector.protocol.schema_shape` (``$ref``s, optional types, lists, defaults); the fields
and the words are :mod:`inspector.ui.schema_fields`; this module holds them, places the
validator's problems and keeps the raw editor beside the form.

Checking is the protocol's (:mod:`inspector.protocol.schema`: drafts, formats, no remote
``$ref``): the schema is compiled once when it is set (through the one compile cache), and as
the user types the value the form holds is checked whole; each
:class:`~inspector.protocol.schema.ValueProblem` comes back with its instance path and its check
as data, and :meth:`SchemaForm.schema_problems` places it at the deepest field holding that path
(a missing property at its own field, an item of a checkable list at the list, anything else at
the root) and words it in the current language (:func:`problem_text`; the library's English for
checks the form has no words for). A field's own problem - text that cannot be a value of its
type, like "abc" in a number field - comes first. Empty optional fields are left out of
:meth:`SchemaForm.value`, so what is checked is what is sent. A schema the validator cannot
compile leaves the form unchecked, and a note at the top says so. Constructs the form cannot
edit (``allOf`` of several schemas, ``oneOf`` of objects, free-form maps, ...) are kept as opaque
JSON values, listed in :attr:`SchemaForm.unsupported` with the reason's code, and
:class:`ArgumentsEditor` switches to its raw JSON editor for them, with a note saying why.

:class:`ArgumentsEditor` holds the form and the raw editor as two tabs (the raw one asks
:meth:`SchemaForm.check`, the form's compiled schema); with ``scrolls=False`` neither has a
scroll area of its own and the editor is exactly as tall as the tab shown (the hidden one asks
for no height), for a page that scrolls as a whole.

Server-controlled text (titles, descriptions, enum labels) is shown through plain-text
widgets and escaped tooltips only.
"""

from __future__ import annotations

import copy
import functools
import json
from collections.abc import Callable

import orjson
from PySide6.QtCore import QCoreApplication, QEvent, QSignalBlocker, QSize, Qt, Signal
from PySide6.QtWidgets import (
    QFrame,
    QPlainTextEdit,
    QScrollArea,
    QSizePolicy,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from inspector.protocol.jsontypes import JsonObject, JsonValue
from inspector.protocol.schema import (
    SchemaCompileError,
    ValueCheck,
    cached_validator,
    check_value,
)
from inspector.protocol.schema_shape import (
    FieldShape,
    Kind,
    Refusal,
    form_shape,
    path_text,
    place_problems,
    read_object_text,
)
from inspector.session import schema_words

from .schema_fields import (
    ArrayField,
    BooleanField,
    EnumField,
    Field,
    MultiEnumField,
    NumberField,
    ObjectField,
    OpaqueField,
    StringField,
    problem_text,
)
from .widgets import mono_font, plain_label, set_tone

# ====================================================================== the form


# the schema of a form given none (an object without properties). It always compiles, so its
# check is compiled on first use, not when the form is made: the window's first paint (the tools
# panel's editor) then does without the schema library, about 15 ms of CPU to import. (A plain
# comment: lupdate takes a "#:" one as the translators' note of the next string.)
EMPTY_OBJECT: JsonObject = {"type": "object", "properties": {}}


class SchemaForm(QWidget):
    """An editable form for a JSON Schema object.

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
        self._schema: dict = {}
        self._extra: dict = {}
        # the check against the schema compiled once (through the protocol's one cache)
        self._checker: Callable[[JsonValue], ValueCheck] | None = None
        self._compile_error: str | None = None
        self.unsupported: list[tuple[str, Refusal]] = []  # (path, why) of each field kept as JSON
        self.empty_note = plain_label(wrap=True)
        self.empty_note.hide()
        self._layout.addWidget(self.empty_note)
        self._layout.addStretch(1)  # spare height goes below the fields, never between them
        self.set_schema(schema if schema is not None else dict(EMPTY_OBJECT))

    # -------------------------------------------------------------- schema

    def schema(self) -> dict:
        return self._schema

    def set_schema(self, schema: JsonValue) -> None:
        """Rebuild the form for ``schema``; every field starts at its default (or empty)."""
        if self._root is not None:
            self._layout.removeWidget(self._root.container)
            self._root.container.hide()
            self._root.container.deleteLater()
            self._root = None
        self._schema = schema if isinstance(schema, dict) else {}
        self._extra = {}
        self.unsupported = []
        self._checker, self._compile_error = None, None
        if self._schema and self._schema != EMPTY_OBJECT:  # the empty object is compiled in check()
            try:
                self._checker = self._compiled_check()
            except SchemaCompileError as exc:
                self._compile_error = str(exc)
        shape = form_shape(self._schema)
        if shape.refusal is not None:
            self.unsupported.append(("", shape.refusal))
        self._root = ObjectField(self, (), shape, root=True)
        self._layout.insertWidget(self._layout.count() - 1, self._root.container)
        self._root.reset()
        self._word_empty_note()

    def _word_empty_note(self) -> None:
        """Why the form has no fields (hidden when it has some), in the current language."""
        shape = self._root.shape if self._root is not None else form_shape({})
        note = schema_words.empty_note(shape, self._compile_error, QCoreApplication.translate)
        if note is not None:
            self.empty_note.setText(note[0])
            if note[1]:
                set_tone(self.empty_note, note[1])
        self.empty_note.setVisible(note is not None)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange and self._root is not None:
            placed = self.schema_problems()
            for field in self._root.walk():
                field.retranslate()
                field.reword_problem(placed)
            self._word_empty_note()
        super().changeEvent(event)

    def _make_field(self, path: tuple, shape: FieldShape) -> Field:
        """The field for ``shape`` at ``path`` (one kept as JSON is listed in :attr:`unsupported`)."""
        if shape.refusal is not None:
            self.unsupported.append((path_text(path), shape.refusal))
        return _FIELDS[shape.kind](self, path, shape)

    # -------------------------------------------------------------- values

    def fields(self) -> list[Field]:
        return [f for f in self._root.walk() if f is not self._root] if self._root else []

    def field(self, path: str) -> Field | None:
        for f in self.fields():
            if f.path_text == path:
                return f
        return None

    def value(self) -> dict:
        assert self._root is not None
        out = dict(self._extra)
        got = self._root.get()
        out.update(got if isinstance(got, dict) else {})
        return out

    def set_value(self, value: dict) -> None:
        """Show ``value``; keys the schema does not declare are kept and returned by value()."""
        assert self._root is not None
        value = value if isinstance(value, dict) else {}
        self._root.set(value)
        self._extra = {k: copy.deepcopy(v) for k, v in value.items() if k not in self._root.fields}
        for f in self.fields():
            f.show_error(None)
        self.changed.emit()

    def extra_keys(self) -> list[str]:
        return list(self._extra)

    def reset(self) -> None:
        """Back to the defaults."""
        self.set_schema(self._schema)
        self.changed.emit()

    # -------------------------------------------------------------- checks

    def check(self, value: JsonValue) -> ValueCheck:
        """``value`` against the form's schema (compiled once: when the schema was set, the empty
        object's when a value other than ``{}`` is first checked)."""
        if self._compile_error is not None:
            return ValueCheck(None, compile_error=self._compile_error)
        if self._checker is None:
            if self._schema != EMPTY_OBJECT:
                return ValueCheck(True)
            if value == {}:  # the form as it starts: an empty object matches it, no compiling needed
                return ValueCheck(True)
            self._checker = self._compiled_check()
        return self._checker(value)

    def _compiled_check(self) -> Callable[[JsonValue], ValueCheck]:
        """The check against the form's schema, compiled through the protocol's one cache."""
        return functools.partial(check_value, self._schema, validator=cached_validator(self._schema))

    def schema_problems(self) -> dict[Field, str]:
        """The validator's problems with the value the form holds, each worded at the field it is
        about (the deepest one holding its instance path; the root object for the rest), the most
        basic one (:attr:`Check.rank`) per field."""
        if self._root is None:
            return {}
        root: Field = self._root
        placed = place_problems(self.check(self.value()).problems, root, lambda field, part: field.child_at(part))
        return {field: field.word(problem, rest) for field, (problem, rest) in placed.items()}

    def errors(self, *, show: bool = True) -> dict[str, str]:
        """Every problem by path ("" = the whole object), each shown under its field: a field's
        own (text that is not of its type), else what the schema's validator places there."""
        placed = self.schema_problems()
        out: dict[str, str] = {}
        for f in self.fields():
            msg = f.own_problem() or placed.get(f)
            if msg:
                out.setdefault(f.path_text, msg)
            if show:
                f.show_problem(msg)
        if self._root in placed:
            out.setdefault("", placed[self._root])
        return out

    def validate(self) -> bool:
        """Check everything, show each problem under its field, put the cursor in the first
        field with one; True when there is none."""
        errors = self.errors(show=True)
        first = next((f for f in self.fields() if f.path_text in errors), None)
        if first is not None:
            first.editor.setFocus()
        return not errors

    def _on_edit(self, field: Field) -> None:
        self.changed.emit()


_FIELDS: dict[Kind, Callable[[SchemaForm, tuple, FieldShape], Field]] = {
    Kind.STRING: StringField,
    Kind.INTEGER: NumberField,
    Kind.NUMBER: NumberField,
    Kind.BOOLEAN: BooleanField,
    Kind.ENUM: EnumField,
    Kind.MULTI_ENUM: MultiEnumField,
    Kind.OBJECT: ObjectField,
    Kind.ARRAY: ArrayField,
    Kind.OPAQUE: OpaqueField,
}
"""The field that edits a shape of each kind."""


# ====================================================================== raw JSON + form


def dumps_pretty(value: JsonValue) -> str:
    try:
        return orjson.dumps(value, option=orjson.OPT_INDENT_2).decode()
    except TypeError:
        return json.dumps(value, indent=2, ensure_ascii=False, default=str)


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

    def __init__(self, parent: QWidget | None = None, *, schema_name: str | None = None, scrolls: bool = True) -> None:
        """``scrolls=False``: the form has no scroll area of its own and asks for its whole
        height (for a page that scrolls as a whole, like the Tools panel's)."""
        super().__init__(parent)
        self._schema_name = schema_name
        self._switching = False
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(4)
        self.note = plain_label(wrap=True)
        self.note.setObjectName("fallbackNote")
        self.note.hide()
        lay.addWidget(self.note)

        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.form = SchemaForm()
        self.form.changed.connect(self.changed.emit)
        inner = QWidget() if scrolls else _TabPage()
        inner_lay = QVBoxLayout(inner)
        inner_lay.setContentsMargins(4, 8, 8, 4)
        inner_lay.addWidget(self.form)
        inner_lay.addStretch(1)
        if scrolls:
            self.form_page: QWidget = QScrollArea()
            self.form_page.setWidgetResizable(True)
            self.form_page.setFrameShape(QFrame.Shape.NoFrame)
            self.form_page.setWidget(inner)
        else:
            self.form_page = inner
            # never squeezed below what the fields need: the page around it scrolls instead
            self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)

        raw_page = QWidget() if scrolls else _TabPage()
        raw_lay = QVBoxLayout(raw_page)
        raw_lay.setContentsMargins(0, 6, 0, 0)
        raw_lay.setSpacing(4)
        self.raw_edit = QPlainTextEdit()
        self.raw_edit.setFont(mono_font())
        self.raw_edit.setTabChangesFocus(True)
        self.raw_edit.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.raw_edit.textChanged.connect(self._raw_changed)
        self.raw_status = plain_label(wrap=True)
        self.raw_status.setObjectName("rawStatus")
        self.raw_status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        if not scrolls:
            self.raw_edit.setMinimumHeight(12 * self.raw_edit.fontMetrics().lineSpacing())
        raw_lay.addWidget(self.raw_edit, 1)
        raw_lay.addWidget(self.raw_status)

        self.tabs.addTab(self.form_page, "")
        self.tabs.addTab(raw_page, "")
        self.tabs.currentChanged.connect(self._tab_changed)
        self._scrolls = scrolls
        if not scrolls:
            self.tabs.currentChanged.connect(self._fit_pages)
        lay.addWidget(self.tabs, 1)
        self._retranslate()
        self.set_schema({"type": "object", "properties": {}})

    def _retranslate(self) -> None:
        self.tabs.setTabText(self.FORM, self.tr("Form"))
        self.tabs.setTabText(self.RAW, self.tr("Raw JSON"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    # -------------------------------------------------------------- API

    def schema(self) -> dict:
        return self.form.schema()

    def set_schema(self, schema: JsonValue, value: dict | None = None) -> None:
        self.form.set_schema(schema)
        if value is not None:
            self.form.set_value(value)
        blocker = QSignalBlocker(self.tabs)
        if self.form.unsupported:
            self.note.setText(schema_words.unsupported_note(self.form.unsupported, QCoreApplication.translate))
            set_tone(self.note, "warn")
            self.note.show()
            self.tabs.setCurrentIndex(self.RAW)
        else:
            self.note.hide()
            self.tabs.setCurrentIndex(self.FORM)
        del blocker
        self._fit_pages()
        self._set_raw_text(dumps_pretty(self.form.value()))
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
        self._set_raw_text(dumps_pretty(value))

    def errors(self) -> dict[str, str]:
        """Problems with the arguments by path ("" = the whole object or the JSON text)."""
        if self.mode() == "raw":
            value, problem = self._parse_raw()
            if problem is not None:
                return {"": problem}
            verdict = self.form.check(value)
            if verdict.ok is False:
                first = verdict.problems[0]
                return {path_text(first.location): problem_text(first)}
            return {}
        return self.form.errors()

    def raw_problem(self) -> str | None:
        """What the raw editor's status line says is wrong, or None."""
        return self._raw_problem

    # -------------------------------------------------------------- internals

    def _set_raw_text(self, text: str) -> None:
        blocker = QSignalBlocker(self.raw_edit)
        self.raw_edit.setPlainText(text)
        del blocker
        self._validate_raw()

    def _parse_raw(self) -> tuple[JsonValue, str | None]:
        value, problem = read_object_text(self.raw_edit.toPlainText())
        return value, None if problem is None else schema_words.text_problem(problem, QCoreApplication.translate)

    def _raw_changed(self) -> None:
        self._validate_raw()
        self.changed.emit()

    def _validate_raw(self) -> None:
        value, problem = self._parse_raw()
        check = None if problem is not None or not self.form.schema() else self.form.check(value)
        status = schema_words.raw_status(problem, check, QCoreApplication.translate)
        self._raw_problem = status.problem
        self._status(status.text, status.tone)

    def _status(self, text: str, kind: str) -> None:
        self.raw_status.setText(text)
        set_tone(self.raw_status, kind)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        # QTabWidget's own hint is its tallest page's; without a scroll area the shown tab decides
        hint = super().sizeHint()
        if not self._scrolls:
            hint.setHeight(self.minimumSizeHint().height())
        return hint

    def _fit_pages(self, *_: object) -> None:
        """Without a scroll area of its own the editor is as tall as the tab shown (a short form
        is not stretched to the raw editor's height): the hidden tab's height is ignored."""
        if self._scrolls:
            return
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
            self._set_raw_text(dumps_pretty(self.form.value()))
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
        if lost is not None:
            self.note.setText(lost)
            set_tone(self.note, "warn")
            self.note.show()
        elif not self.form.unsupported:
            self.note.hide()
