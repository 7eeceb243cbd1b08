"""Forms generated from a JSON Schema object, and a raw JSON editor that checks the same schema.

Theory of operation
-------------------
:class:`SchemaForm` turns an object schema (a tool's ``inputSchema``, an elicitation's
``requestedSchema``) into a tree of fields: each property becomes a line edit (string,
integer, number), a check box (boolean), a combo box (``enum``, or ``oneOf``/``anyOf`` of
titled ``const`` values), a checkable list (an array of such values), a list of rows with
add/remove (other arrays) or a group box (nested objects, recursively). Local ``$ref``s
(``#/$defs/...``) are followed and ``[T, null]`` types read as an optional ``T``.

The form builds widgets from a schema (type, enum, properties, items, default, title,
description, and hints such as a pattern in a placeholder) but interprets no keyword to check
a value. Checking is the protocol's (:mod:`inspector.protocol.schema`): the schema is compiled
once when it is set (through the one compile cache), and as the user types the value the form
holds is checked whole; each :class:`~inspector.protocol.schema.ValueProblem` comes back with
its instance path and its check as data, and :meth:`SchemaForm.schema_problems` places it at the
deepest field holding that path (a missing property at its own field, an item of a checkable
list at the list, anything else at the root) and words it in the current language
(:func:`problem_text`; the library's English for checks the form has no words for). A field's
own problem - text that cannot be a value of its type, like "abc" in a number field - comes
first. Empty optional fields are left out of :meth:`SchemaForm.value`, so what is checked is
what is sent. A schema the validator cannot compile leaves the form unchecked, and a note at
the top says so. Constructs the form cannot edit (``allOf`` of several
schemas, ``oneOf`` of objects, free-form maps, ...) are kept as opaque JSON values, listed in
:attr:`SchemaForm.unsupported`, and :class:`ArgumentsEditor` switches to its raw JSON
editor for them, with a note saying why.

:class:`ArgumentsEditor` holds the form and the raw editor as two tabs; with ``scrolls=False``
neither has a scroll area of its own and the editor is exactly as tall as the tab shown (the
hidden one asks for no height), for a page that scrolls as a whole.

Validation of any JSON value against any schema is the protocol's
:func:`~inspector.protocol.schema.check_value` (also used for a tool's ``outputSchema``; the raw
editor asks :meth:`SchemaForm.check`, the form's compiled schema): schemas are read in the draft
they declare (2020-12, 2019-09, draft-07 or older; 2020-12 when they declare none), with the
same format checkers as the wire, remote ``$ref``s are never fetched, and a schema that cannot
be compiled is reported as such instead of raising. :func:`check_text` words its verdict.

Server-controlled text (titles, descriptions, enum labels) is shown through plain-text
widgets and escaped tooltips only.
"""

from __future__ import annotations

import copy
import json
import math
from collections.abc import Callable, Iterator
from typing import Any

import orjson
from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QEvent, QSignalBlocker, QSize, Qt, Signal
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
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from inspector.protocol.schema import (
    Check,
    SchemaCompileError,
    ValueCheck,
    ValueProblem,
    cached_validator,
    check_value,
    required_names,
)

from .widgets import ErrorLabel, mono_font, plain_label, plain_tooltip, set_tone


def _tr(text: object) -> str:
    """A string of this context marked with QT_TRANSLATE_NOOP, in the current language."""
    return QCoreApplication.translate("SchemaForm", str(text))


class _NotSet:
    __slots__ = ()

    def __repr__(self) -> str:
        return "NOT_SET"

    def __bool__(self) -> bool:
        return False

    def __copy__(self) -> "_NotSet":
        return self

    def __deepcopy__(self, memo: dict) -> "_NotSet":
        return self


NOT_SET: Any = _NotSet()
"""A field with nothing in it: left out of the value."""


# ====================================================================== validation


def path_text(parts: Any) -> str:
    out = ""
    for p in parts:
        if isinstance(p, int):
            out += f"[{p}]"
        else:
            out += ("." if out else "") + str(p)
    return out


_FORMAT_NAMES = {
    "email": QT_TRANSLATE_NOOP("SchemaForm", "an e-mail address"),
    "uri": QT_TRANSLATE_NOOP("SchemaForm", "a URI (scheme:...)"),
    "byte": QT_TRANSLATE_NOOP("SchemaForm", "base64 data"),
    "date": QT_TRANSLATE_NOOP("SchemaForm", "a date (YYYY-MM-DD)"),
    "time": QT_TRANSLATE_NOOP("SchemaForm", "a time (hh:mm:ss)"),
    "date-time": QT_TRANSLATE_NOOP("SchemaForm", "a date and time (YYYY-MM-DDThh:mm:ssZ)"),
    "uuid": QT_TRANSLATE_NOOP("SchemaForm", "a UUID"),
    "ipv4": QT_TRANSLATE_NOOP("SchemaForm", "an IPv4 address"),
}
FORMAT_HINTS = {
    "email": "name@example.com",
    "uri": "https://example.com/path",
    "url": "https://example.com/path",
    "uri-reference": "/path or https://…",
    "date": "YYYY-MM-DD",
    "time": "hh:mm:ss",
    "date-time": "YYYY-MM-DDThh:mm:ssZ",
    "uuid": "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx",
    "ipv4": "192.0.2.1",
    "hostname": "host.example.com",
}

# How a check the validator reports is said at a field ("{0}": the check's limit).
_CHECK_WORDS = {
    Check.REQUIRED: QT_TRANSLATE_NOOP("SchemaForm", "required"),
    Check.MAX_LENGTH: QT_TRANSLATE_NOOP("SchemaForm", "must be at most {0} characters long"),
    Check.PATTERN: QT_TRANSLATE_NOOP("SchemaForm", "must match the pattern {0}"),
    Check.TIME_ZONE: QT_TRANSLATE_NOOP("SchemaForm", "needs a time zone (Z or ±hh:mm)"),
    Check.MINIMUM: QT_TRANSLATE_NOOP("SchemaForm", "must be at least {0}"),
    Check.MAXIMUM: QT_TRANSLATE_NOOP("SchemaForm", "must be at most {0}"),
    Check.EXCLUSIVE_MINIMUM: QT_TRANSLATE_NOOP("SchemaForm", "must be greater than {0}"),
    Check.EXCLUSIVE_MAXIMUM: QT_TRANSLATE_NOOP("SchemaForm", "must be less than {0}"),
    Check.MULTIPLE_OF: QT_TRANSLATE_NOOP("SchemaForm", "must be a multiple of {0}"),
    Check.MIN_ITEMS: QT_TRANSLATE_NOOP("SchemaForm", "needs at least {0} item(s)"),
    Check.MAX_ITEMS: QT_TRANSLATE_NOOP("SchemaForm", "allows at most {0} item(s)"),
    Check.UNIQUE_ITEMS: QT_TRANSLATE_NOOP("SchemaForm", "items must be unique"),
}


def problem_text(problem: ValueProblem, label: Callable[[Any], str] | None = None) -> str:
    """What the validator found, in the current language (the library's English for a check the
    form has no words for). ``label`` names an allowed value (a choice's title)."""
    check, limit = problem.check, problem.limit
    if check is Check.ENUM and isinstance(limit, list):
        names = ", ".join((label or _label)(v) for v in limit)
        return QCoreApplication.translate("SchemaForm", "must be one of: {0}").format(names)
    if check is Check.MIN_LENGTH and isinstance(limit, int):
        if limit <= 1:
            return QCoreApplication.translate("SchemaForm", "must not be empty")
        return QCoreApplication.translate("SchemaForm", "must be at least {0} characters long").format(limit)
    if check is Check.FORMAT:
        if limit not in _FORMAT_NAMES:
            return problem.message
        return QCoreApplication.translate("SchemaForm", "must be {0}").format(_tr(_FORMAT_NAMES[limit]))
    words = _CHECK_WORDS.get(check)
    if words is None:
        return problem.message
    return _tr(words).format(limit if isinstance(limit, str) else _num(limit))


def check_text(check: ValueCheck) -> str:
    """One line for a whole value's check: valid, its first problem with where, or why the schema
    could not be used."""
    if check.compile_error is not None:
        return QCoreApplication.translate("SchemaForm", "schema could not be compiled: {0}").format(check.compile_error)
    if check.ok or not check.problems:
        return QCoreApplication.translate("SchemaForm", "valid")
    problem = check.problems[0]
    where = path_text(problem.location) or QCoreApplication.translate("SchemaForm", "(root)")
    if problem.check is Check.REQUIRED:
        what = QCoreApplication.translate("SchemaForm", "is required")
    else:
        what = problem_text(problem)
    return QCoreApplication.translate("SchemaForm", "at {0}: {1}").format(where, what)


def _json_equal(a: Any, b: Any) -> bool:
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    return a == b


def _num(v: Any) -> str:
    return json.dumps(v)


def _is_num(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


# ====================================================================== schema reading


def enum_options(schema: dict) -> list[tuple[Any, str]] | None:
    """``[(value, label)]`` of an enum-like schema (enum + enumNames, or oneOf/anyOf of consts), else None."""
    if isinstance(schema.get("enum"), list):
        values = schema["enum"]
        names = schema.get("enumNames")
        if not (isinstance(names, list) and len(names) == len(values) and all(isinstance(n, str) for n in names)):
            names = None
        return [(v, names[i] if names else _label(v)) for i, v in enumerate(values)]
    for key in ("oneOf", "anyOf"):
        alts = schema.get(key)
        if isinstance(alts, list) and alts and all(isinstance(a, dict) and "const" in a for a in alts):
            return [
                (a["const"], a["title"] if isinstance(a.get("title"), str) and a["title"] else _label(a["const"]))
                for a in alts
            ]
    if "const" in schema:
        return [(schema["const"], _label(schema["const"]))]
    return None


def _label(v: Any) -> str:
    return v if isinstance(v, str) else orjson.dumps(v).decode()


class _Unsupported(Exception):
    pass


def _pointer(root: dict, ref: str) -> Any:
    node: Any = root
    for raw in ref[2:].split("/") if ref != "#" else []:
        part = raw.replace("~1", "/").replace("~0", "~")
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            raise _Unsupported(QCoreApplication.translate("SchemaForm", "$ref {0} points nowhere").format(ref))
    return node


def simplify(schema: Any, root: dict, depth: int = 0) -> dict:
    """The schema of one field in the shape the form reads; raises _Unsupported with a reason."""
    if schema is True or schema == {}:
        raise _Unsupported(QCoreApplication.translate("SchemaForm", "any JSON value"))
    if not isinstance(schema, dict):
        raise _Unsupported(QCoreApplication.translate("SchemaForm", "not a schema object"))
    if depth > 16:
        raise _Unsupported(QCoreApplication.translate("SchemaForm", "recursive $ref"))
    ref = schema.get("$ref")
    if isinstance(ref, str):
        if not ref.startswith("#"):
            raise _Unsupported(QCoreApplication.translate("SchemaForm", "remote $ref {0}").format(ref))
        target = _pointer(root, ref)
        merged = {**(target if isinstance(target, dict) else {}), **{k: v for k, v in schema.items() if k != "$ref"}}
        return simplify(merged, root, depth + 1)
    s = dict(schema)
    # allOf of one schema (pydantic writes {"allOf": [{"$ref": ...}], "default": ...})
    all_of = s.get("allOf")
    if isinstance(all_of, list):
        if len(all_of) != 1:
            raise _Unsupported(QCoreApplication.translate("SchemaForm", "allOf of several schemas"))
        s.pop("allOf")
        inner = simplify(all_of[0], root, depth + 1)
        s = {**inner, **s}
    for key in ("anyOf", "oneOf"):
        alts = s.get(key)
        if not isinstance(alts, list) or enum_options({key: alts}) is not None:
            continue
        rest = [a for a in alts if not (isinstance(a, dict) and a.get("type") == "null")]
        if len(rest) == 1 and len(rest) < len(alts):  # Optional[T]: [T, null]
            s.pop(key)
            inner = simplify(rest[0], root, depth + 1)
            s = {**inner, **{k: v for k, v in s.items() if k not in ("type",)}}
            continue
        raise _Unsupported(QCoreApplication.translate("SchemaForm", "{0} of several schemas").format(key))
    for key in ("not", "if", "patternProperties"):
        if key in s:
            raise _Unsupported(QCoreApplication.translate("SchemaForm", "{0} is not shown in the form").format(key))
    t = s.get("type")
    if isinstance(t, list):
        rest = [x for x in t if x != "null"]
        if len(rest) != 1:
            raise _Unsupported(
                QCoreApplication.translate("SchemaForm", "a value of several types ({0})").format(
                    ", ".join(map(str, t))
                )
            )
        s["type"] = rest[0]
    t = s.get("type")
    if t is None:
        if enum_options(s) is not None:
            s["type"] = "enum"
        elif isinstance(s.get("properties"), dict):
            s["type"] = "object"
        elif "items" in s:
            s["type"] = "array"
        else:
            raise _Unsupported(QCoreApplication.translate("SchemaForm", "no type"))
    if s["type"] not in ("string", "integer", "number", "boolean", "object", "array", "enum"):
        raise _Unsupported(QCoreApplication.translate("SchemaForm", "type {0}").format(s["type"]))
    return s


# ====================================================================== fields


class _Invalid(Exception):
    """The text in a field cannot become a JSON value of its type."""

    def __init__(self, message: str, text: str) -> None:
        super().__init__(message)
        self.text = text


class Field:
    """One property (or array item) of the form; owns its editor and its error label."""

    kind = "field"

    def __init__(self, form: "SchemaForm", path: tuple, schema: dict, required: bool, key: str | None) -> None:
        self.form = form
        self.path = path
        self.schema = schema
        self.required = required
        self.key = key
        self.touched = False
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
        description = schema.get("description")
        if isinstance(description, str) and description:
            self.editor.setToolTip(plain_tooltip(description))

    # -------------------------------------------------------------- to override

    def build(self) -> QWidget:
        raise NotImplementedError

    def get(self) -> Any:
        """The value, NOT_SET when empty; raises _Invalid when the text is not of the type."""
        raise NotImplementedError

    def set(self, value: Any) -> None:
        raise NotImplementedError

    def children(self) -> list["Field"]:
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

    def default(self) -> Any:
        return copy.deepcopy(self.schema["default"]) if "default" in self.schema else NOT_SET

    def reset(self) -> None:
        """Back to the schema's default, or empty (containers: each member to its own default)."""
        self.set(self.default())
        if "default" not in self.schema:
            for c in self.children():
                c.reset()

    def lenient(self) -> Any:
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

    def child_at(self, part: str | int) -> "Field | None":
        """The field that holds member ``part`` of this field's value, if one does."""
        return None

    def label_of(self, value: Any) -> str:
        """How this field names one of its allowed values."""
        return _label(value)

    def word(self, problem: ValueProblem, rest: tuple[str | int, ...]) -> str:
        """``problem`` said at this field; ``rest`` is where it is inside the field's value."""
        if not rest:
            return problem_text(problem, self.label_of)
        if problem.check is Check.ENUM:
            choice = _label(problem.value)
            return QCoreApplication.translate("SchemaForm", "{0} is not one of the choices").format(choice)
        return QCoreApplication.translate("SchemaForm", "at {0}: {1}").format(path_text(rest), problem_text(problem))

    def show_error(self, message: str | None) -> None:
        self.error_label.show_text(message or "")
        self._own_problem = False

    def show_problem(self, message: str | None) -> None:
        """Show ``message``, what problem() said: worded again on a language switch."""
        self.show_error(message)
        self._own_problem = bool(message)

    def reword_problem(self, placed: "dict[Field, str]") -> None:
        """Say the message under the field again (``placed``: the form's schema_problems())."""
        if self._own_problem:
            self.show_problem(self.own_problem() or placed.get(self))

    def edited(self, *_: Any) -> None:
        """The user changed this field: check it and show the verdict where it was typed."""
        self.touched = True
        self.show_problem(self.problem())
        self.form._on_edit(self)

    def walk(self) -> Iterator["Field"]:
        yield self
        for c in self.children():
            yield from c.walk()


def _placeholder(schema: dict, *extra: str) -> str:
    parts: list[str] = [e for e in extra if e]
    fmt = schema.get("format")
    if isinstance(fmt, str) and fmt in FORMAT_HINTS:
        parts.insert(0, FORMAT_HINTS[fmt])
    description = schema.get("description")
    if isinstance(description, str) and description.strip():
        first = description.strip().splitlines()[0]
        parts.append(first if len(first) <= 90 else first[:87] + "…")
    return " · ".join(parts)


class StringField(Field):
    kind = "string"

    def build(self) -> QWidget:
        self.line = QLineEdit()
        self.retranslate()
        self.line.textEdited.connect(self.edited)
        return self.line

    def retranslate(self) -> None:
        hints = []
        lo, hi = self.schema.get("minLength"), self.schema.get("maxLength")
        if isinstance(lo, int) and isinstance(hi, int):
            hints.append(QCoreApplication.translate("SchemaForm", "{0}–{1} characters").format(lo, hi))
        elif isinstance(hi, int):
            hints.append(QCoreApplication.translate("SchemaForm", "up to {0} characters").format(hi))
        if isinstance(self.schema.get("pattern"), str):
            hints.append(self.schema["pattern"])
        self.line.setPlaceholderText(_placeholder(self.schema, *hints))

    def get(self) -> Any:
        text = self.line.text()
        return text if text != "" else NOT_SET

    def set(self, value: Any) -> None:
        if value is NOT_SET or value is None:
            self.line.setText("")
        else:
            self.line.setText(value if isinstance(value, str) else orjson.dumps(value).decode())
        self.line.setCursorPosition(0)


class NumberField(Field):
    kind = "number"

    def build(self) -> QWidget:
        self.line = QLineEdit()
        self.retranslate()
        self.line.textEdited.connect(self.edited)
        return self.line

    def retranslate(self) -> None:
        s = self.schema
        lo = s.get("minimum", s.get("exclusiveMinimum"))
        hi = s.get("maximum", s.get("exclusiveMaximum"))
        lo = lo if _is_num(lo) else None
        hi = hi if _is_num(hi) else None
        hint = ""
        if lo is not None and hi is not None:
            hint = f"{_num(lo)} … {_num(hi)}"
        elif lo is not None:
            hint = f"≥ {_num(lo)}"
        elif hi is not None:
            hint = f"≤ {_num(hi)}"
        kind = (
            QCoreApplication.translate("SchemaForm", "whole number")
            if s.get("type") == "integer"
            else QCoreApplication.translate("SchemaForm", "number")
        )
        self.line.setPlaceholderText(_placeholder(s, " ".join(x for x in (kind, hint) if x)))

    def get(self) -> Any:
        text = self.line.text().strip()
        if text == "":
            return NOT_SET
        integer = self.schema.get("type") == "integer"
        try:
            value: Any = int(text)
        except ValueError:
            try:
                value = float(text)
            except ValueError:
                raise _Invalid(
                    QCoreApplication.translate("SchemaForm", "must be a whole number")
                    if integer
                    else QCoreApplication.translate("SchemaForm", "must be a number"),
                    text,
                ) from None
            if not math.isfinite(value):
                raise _Invalid(QCoreApplication.translate("SchemaForm", "must be a finite number"), text)
            if integer:
                if not value.is_integer():
                    raise _Invalid(QCoreApplication.translate("SchemaForm", "must be a whole number"), text)
                value = int(value)
        return value

    def own_problem(self) -> str | None:
        try:
            self.get()
        except _Invalid as exc:
            return str(exc)
        return None

    def set(self, value: Any) -> None:
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
        self.tristate = not self.required and "default" not in self.schema
        self.box.setTristate(self.tristate)
        self.box.stateChanged.connect(self._state)
        self.box.clicked.connect(self.edited)
        # The description wraps beside the box (a long one as the box's own text would make
        # the form as wide as the sentence).
        description = self.schema.get("description")
        first = description.strip().splitlines()[0] if isinstance(description, str) and description.strip() else ""
        self.note = plain_label(first, wrap=True)
        self.note.setMinimumWidth(60)
        self.note.setVisible(bool(first))
        row.addWidget(self.box, 0, Qt.AlignmentFlag.AlignTop)
        row.addWidget(self.note, 1)
        self._state()
        return holder

    def _text(self) -> str:
        if self.tristate and self.box.checkState() == Qt.CheckState.PartiallyChecked:
            return QCoreApplication.translate("SchemaForm", "(not set)")
        return ""

    def _state(self, *_: Any) -> None:
        self.box.setText(self._text())

    def retranslate(self) -> None:
        self._state()

    def get(self) -> Any:
        state = self.box.checkState()
        if state == Qt.CheckState.PartiallyChecked:
            return NOT_SET
        return state == Qt.CheckState.Checked

    def set(self, value: Any) -> None:
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
        self.options = enum_options(self.schema) or []
        self.blank = not self.required or "default" not in self.schema
        if self.blank:
            self.combo.addItem("", None)
        for i, (_, label) in enumerate(self.options):
            self.combo.addItem(label, i)
        self.retranslate()
        self.combo.activated.connect(self.edited)
        return self.combo

    def retranslate(self) -> None:
        if self.blank:
            self.combo.setItemText(
                0,
                QCoreApplication.translate("SchemaForm", "— choose —")
                if self.required
                else QCoreApplication.translate("SchemaForm", "(not set)"),
            )
        idx = self.combo.findData("extra:")
        if idx >= 0:
            self.combo.setItemText(
                idx, QCoreApplication.translate("SchemaForm", "{0} (not in the list)").format(_label(self._extra))
            )

    def label_of(self, value: Any) -> str:
        return next((label for v, label in self.options if _json_equal(v, value)), _label(value))

    def get(self) -> Any:
        data = self.combo.currentData()
        if data is None:
            return NOT_SET
        if data == "extra:":
            return copy.deepcopy(self._extra)
        return copy.deepcopy(self.options[int(data)][0])

    def set(self, value: Any) -> None:
        if value is NOT_SET:
            self.combo.setCurrentIndex(0 if self.blank else -1)
            return
        for i, (v, _) in enumerate(self.options):
            if _json_equal(v, value):
                self.combo.setCurrentIndex(self.combo.findData(i))
                return
        # a value outside the list (typed as raw JSON): keep it, visibly, so validation flags it
        self._extra = copy.deepcopy(value)
        idx = self.combo.findData("extra:")
        if idx < 0:
            self.combo.addItem("", "extra:")
            idx = self.combo.count() - 1
        self.combo.setItemText(
            idx, QCoreApplication.translate("SchemaForm", "{0} (not in the list)").format(_label(value))
        )
        self.combo.setCurrentIndex(idx)


class MultiEnumField(Field):
    """An array whose items come from a list: a checkable list."""

    kind = "multi-enum"

    def build(self) -> QWidget:
        self.items_schema = self.schema.get("_items") or {}
        self.options = enum_options(self.items_schema) or []
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

    def get(self) -> Any:
        out = [
            copy.deepcopy(v)
            for i, (v, _) in enumerate(self.options)
            if self.list.item(i).checkState() == Qt.CheckState.Checked
        ]
        out += copy.deepcopy(self._extra)
        if not out and not self.required:
            return NOT_SET
        return out

    def set(self, value: Any) -> None:
        blocker = QSignalBlocker(self.list)
        self._extra = []
        values = value if isinstance(value, list) else []
        for i, (v, _) in enumerate(self.options):
            on = any(_json_equal(v, x) for x in values)
            self.list.item(i).setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
        self._extra = [x for x in values if not any(_json_equal(v, x) for v, _ in self.options)]
        del blocker


class OpaqueField(Field):
    """A construct the form cannot edit: its JSON value is kept as is and shown read-only."""

    kind = "opaque"

    def __init__(
        self, form: "SchemaForm", path: tuple, schema: Any, required: bool, key: str | None, reason: str
    ) -> None:
        self.reason = reason
        self.value_: Any = NOT_SET
        super().__init__(form, path, schema if isinstance(schema, dict) else {}, required, key)
        self.value_ = self.default()
        self._show()

    def build(self) -> QWidget:
        self.label = QLabel()
        self.label.setTextFormat(Qt.TextFormat.PlainText)
        self.label.setWordWrap(True)
        self.label.setFont(mono_font())
        return self.label

    def _show(self) -> None:
        shown = (
            QCoreApplication.translate("SchemaForm", "(not set)")
            if self.value_ is NOT_SET
            else orjson.dumps(self.value_).decode()
        )
        if len(shown) > 200:
            shown = shown[:197] + "…"
        self.label.setText(
            QCoreApplication.translate("SchemaForm", "{0} — edit in Raw JSON ({1})").format(shown, self.reason)
        )
        set_tone(self.label, "muted")

    def retranslate(self) -> None:
        self._show()

    def get(self) -> Any:
        return copy.deepcopy(self.value_)

    def set(self, value: Any) -> None:
        self.value_ = copy.deepcopy(value)
        self._show()


class ObjectField(Field):
    kind = "object"

    def __init__(
        self, form: "SchemaForm", path: tuple, schema: dict, required: bool, key: str | None, *, root: bool = False
    ) -> None:
        self.root = root
        self.fields: dict[str, Field] = {}
        super().__init__(form, path, schema, required, key)

    def build(self) -> QWidget:
        if self.root:
            box = QWidget()
        else:
            box = QGroupBox(_field_title(self.schema, self.key, self.required))
        self.layout = QFormLayout(box)
        self.layout.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.layout.setRowWrapPolicy(QFormLayout.RowWrapPolicy.DontWrapRows)
        self.layout.setLabelAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
        if self.root:
            self.layout.setContentsMargins(0, 0, 0, 0)
        props = self.schema.get("properties")
        props = props if isinstance(props, dict) else {}
        required = required_names(self.schema)
        for key, sub in props.items():
            field = self.form._make_field((*self.path, key), sub, key in required, key)
            self.fields[key] = field
            if field.kind == "object":
                self.layout.addRow(field.container)
            else:
                label = QLabel(_field_title(field.schema, key, field.required))
                label.setTextFormat(Qt.TextFormat.PlainText)
                if field.required:
                    bold = label.font()
                    bold.setBold(True)
                    label.setFont(bold)
                tip = (
                    f"{key}\n{field.schema.get('description')}"
                    if isinstance(field.schema.get("description"), str)
                    else key
                )
                label.setToolTip(plain_tooltip(tip))
                label.setObjectName("fieldLabel")
                label.setBuddy(field.editor)
                self.layout.addRow(label, field.container)
        self.no_props: QLabel | None = None
        if not props and not self.root:
            self.no_props = QLabel()
            set_tone(self.no_props, "muted")
            self.layout.addRow(self.no_props)
        self.retranslate()
        return box

    def retranslate(self) -> None:
        if self.no_props is not None:
            self.no_props.setText(QCoreApplication.translate("SchemaForm", "no properties declared"))

    def children(self) -> list[Field]:
        return list(self.fields.values())

    def set_path(self, path: tuple) -> None:
        self.path = path
        for key, f in self.fields.items():
            f.set_path((*path, key))

    def get(self) -> Any:
        out: dict[str, Any] = {}
        for key, f in self.fields.items():
            v = f.lenient()
            if v is not NOT_SET:
                out[key] = v
        if not out and not self.required and not self.root:
            return NOT_SET
        return out

    def set(self, value: Any) -> None:
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
        self.item_schema = self.schema.get("_items") or {}
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
        self.add_button.setText(QCoreApplication.translate("SchemaForm", "Add item"))
        for f in self.items:
            tip = QCoreApplication.translate("SchemaForm", "Remove this item")
            f._remove.setToolTip(tip)  # type: ignore[attr-defined]

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

    def add_item(self, value: Any = NOT_SET) -> Field:
        field = self.form._make_field((*self.path, len(self.items)), self.item_schema, False, None, item=True)
        row = QWidget()
        lay = QHBoxLayout(row)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(4)
        lay.addWidget(field.container, 1)
        remove = QToolButton()
        remove.setText("✕")
        remove.setObjectName("removeItem")
        remove.setToolTip(QCoreApplication.translate("SchemaForm", "Remove this item"))
        remove.setAutoRaise(True)
        lay.addWidget(remove, 0, Qt.AlignmentFlag.AlignTop)
        field._row = row  # type: ignore[attr-defined]
        field._remove = remove  # type: ignore[attr-defined]
        remove.clicked.connect(lambda *_, f=field: self.remove_item(f))
        self.rows.insertWidget(len(self.items), row)
        self.items.append(field)
        if value is not NOT_SET:
            field.set(value)
        return field

    def remove_item(self, field: Field) -> None:
        if field not in self.items:
            return
        self.items.remove(field)
        row = field._row  # type: ignore[attr-defined]
        self.rows.removeWidget(row)
        row.hide()
        row.deleteLater()
        self.set_path(self.path)
        self.edited()

    def get(self) -> Any:
        out = []
        for f in self.items:
            v = f.lenient()
            if v is not NOT_SET:
                out.append(v)
        if not out and not self.required:
            return NOT_SET
        return out

    def set(self, value: Any) -> None:
        for f in list(self.items):
            self.items.remove(f)
            row = f._row  # type: ignore[attr-defined]
            self.rows.removeWidget(row)
            row.hide()
            row.deleteLater()
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


def _field_title(schema: dict, key: str | None, required: bool) -> str:
    title = schema.get("title")
    if not (isinstance(title, str) and title):
        title = key or ""
    return f"{title} *" if required else title


# ====================================================================== the form


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
        self._validator: Any = None  # the schema compiled once, through the protocol's one cache
        self._compile_error: str | None = None
        self.unsupported: list[tuple[str, str]] = []
        self.empty_note = QLabel()
        self.empty_note.setTextFormat(Qt.TextFormat.PlainText)
        self.empty_note.setWordWrap(True)
        self.empty_note.hide()
        self._layout.addWidget(self.empty_note)
        self._layout.addStretch(1)  # spare height goes below the fields, never between them
        self.set_schema(schema if schema is not None else {"type": "object", "properties": {}})

    # -------------------------------------------------------------- schema

    def schema(self) -> dict:
        return self._schema

    def set_schema(self, schema: Any) -> None:
        """Rebuild the form for ``schema``; every field starts at its default (or empty)."""
        if self._root is not None:
            self._layout.removeWidget(self._root.container)
            self._root.container.hide()
            self._root.container.deleteLater()
            self._root = None
        self._schema = schema if isinstance(schema, dict) else {}
        self._extra = {}
        self.unsupported = []
        self._validator, self._compile_error = None, None
        if self._schema:
            try:
                self._validator = cached_validator(self._schema)
            except SchemaCompileError as exc:
                self._compile_error = str(exc)
        root_schema: dict
        try:
            root_schema = simplify(self._schema, self._schema) if self._schema else {"type": "object", "properties": {}}
            if root_schema.get("type") != "object":
                raise _Unsupported(
                    QCoreApplication.translate("SchemaForm", "the arguments are not an object (type {0})").format(
                        root_schema.get("type")
                    )
                )
        except _Unsupported as exc:
            self.unsupported.append(("", str(exc)))
            root_schema = {"type": "object", "properties": {}}
        self._root = ObjectField(self, (), root_schema, True, None, root=True)
        self._layout.insertWidget(self._layout.count() - 1, self._root.container)
        self._root.reset()
        self._word_empty_note()

    def _word_empty_note(self) -> None:
        """Why the form has no fields (hidden when it has some), in the current language."""
        root_schema = self._root.schema if self._root is not None else {}
        props = root_schema.get("properties")
        if self.unsupported and self.unsupported[0][0] == "":
            self.empty_note.setText(
                QCoreApplication.translate("SchemaForm", "The form cannot show this schema: {0}.").format(
                    self.unsupported[0][1]
                )
            )
            self.empty_note.show()
        elif self._compile_error is not None:
            self.empty_note.setText("⚠ " + check_text(ValueCheck(None, compile_error=self._compile_error)))
            set_tone(self.empty_note, "warn")
            self.empty_note.show()
        elif not props:
            declared = (
                isinstance(root_schema.get("properties"), dict) or root_schema.get("additionalProperties") is False
            )
            self.empty_note.setText(
                QCoreApplication.translate("SchemaForm", "No fields: this takes no arguments.")
                if declared
                else QCoreApplication.translate(
                    "SchemaForm", "No fields declared; the schema accepts any object (use Raw JSON to send some)."
                )
            )
            set_tone(self.empty_note, "muted")
            self.empty_note.show()
        else:
            self.empty_note.hide()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange and self._root is not None:
            placed = self.schema_problems()
            for field in self._root.walk():
                field.retranslate()
                field.reword_problem(placed)
            self._word_empty_note()
        super().changeEvent(event)

    def _make_field(self, path: tuple, schema: Any, required: bool, key: str | None, *, item: bool = False) -> Field:
        try:
            s = simplify(schema, self._schema)
            t = s["type"]
            if t == "object":
                extra = s.get("additionalProperties")
                if not isinstance(s.get("properties"), dict) and extra not in (None, False):
                    raise _Unsupported(QCoreApplication.translate("SchemaForm", "a free-form object"))
                if not isinstance(s.get("properties"), dict) and extra is None:
                    raise _Unsupported(
                        QCoreApplication.translate("SchemaForm", "an object without declared properties")
                    )
                return ObjectField(self, path, s, required, key)
            if t == "array":
                items = s.get("items")
                if isinstance(items, list) or "prefixItems" in s:
                    raise _Unsupported(QCoreApplication.translate("SchemaForm", "a tuple array"))
                items_s = simplify(items if items is not None else True, self._schema)
                s = {**s, "_items": items_s}
                if items_s.get("type") == "enum" or (
                    enum_options(items_s) is not None and items_s.get("type") in ("string", "integer", "number")
                ):
                    return MultiEnumField(self, path, s, required, key)
                return ArrayField(self, path, s, required, key)
            if enum_options(s) is not None:
                return EnumField(self, path, s, required, key)
            if t == "enum":
                raise _Unsupported(QCoreApplication.translate("SchemaForm", "no type"))
            if t == "boolean":
                return BooleanField(self, path, s, required, key)
            if t in ("integer", "number"):
                return NumberField(self, path, s, required, key)
            return StringField(self, path, s, required, key)
        except _Unsupported as exc:
            self.unsupported.append((path_text(path), str(exc)))
            return OpaqueField(self, path, schema, required, key, str(exc))

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
            f.touched = False
            f.show_error(None)
        self.changed.emit()

    def extra_keys(self) -> list[str]:
        return list(self._extra)

    def reset(self) -> None:
        """Back to the defaults."""
        self.set_schema(self._schema)
        self.changed.emit()

    # -------------------------------------------------------------- checks

    def check(self, value: Any) -> ValueCheck:
        """``value`` against the form's schema (compiled once, when the schema was set)."""
        if self._compile_error is not None:
            return ValueCheck(None, compile_error=self._compile_error)
        if self._validator is None:
            return ValueCheck(True)
        return check_value(self._schema, value, self._validator)

    def schema_problems(self) -> dict[Field, str]:
        """The validator's problems with the value the form holds, each worded at the field it is
        about (the deepest one holding its instance path; the root object for the rest), the most
        basic one (:attr:`Check.rank`) per field."""
        if self._root is None:
            return {}
        best: dict[Field, tuple[ValueProblem, tuple[str | int, ...]]] = {}
        for problem in self.check(self.value()).problems:
            field: Field = self._root
            rest = problem.location
            while rest:
                child = field.child_at(rest[0])
                if child is None:
                    break
                field, rest = child, rest[1:]
            held = best.get(field)
            if held is None or problem.check.rank < held[0].check.rank:
                best[field] = (problem, rest)
        return {field: field.word(problem, rest) for field, (problem, rest) in best.items()}

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


# ====================================================================== raw JSON + form


def parse_json_text(text: str) -> tuple[Any, str | None]:
    """``(value, None)`` or ``(None, "line L, column C: why")``; NaN and Infinity are refused."""

    def no_constants(name: str) -> Any:
        raise ValueError(QCoreApplication.translate("SchemaForm", "{0} is not JSON").format(name))

    try:
        return json.loads(text, parse_constant=no_constants), None
    except json.JSONDecodeError as exc:
        return None, QCoreApplication.translate("SchemaForm", "line {0}, column {1}: {2}").format(
            exc.lineno, exc.colno, exc.msg
        )
    except ValueError as exc:
        return None, str(exc)


def dumps_pretty(value: Any) -> str:
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
        self.note = QLabel()
        self.note.setObjectName("fallbackNote")
        self.note.setTextFormat(Qt.TextFormat.PlainText)
        self.note.setWordWrap(True)
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
        self.raw_status = QLabel()
        self.raw_status.setObjectName("rawStatus")
        self.raw_status.setTextFormat(Qt.TextFormat.PlainText)
        self.raw_status.setWordWrap(True)
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

    def set_schema(self, schema: Any, value: dict | None = None) -> None:
        self.form.set_schema(schema)
        if value is not None:
            self.form.set_value(value)
        blocker = QSignalBlocker(self.tabs)
        if self.form.unsupported:
            root = QCoreApplication.translate("SchemaForm", "(root)")
            paths = "; ".join(f"{p or root}: {why}" for p, why in self.form.unsupported[:4])
            self.note.setText(
                self.tr(
                    "Some of this schema cannot be shown as a form ({0}), so the arguments are edited as raw JSON."
                ).format(paths)
            )
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

    def _parse_raw(self) -> tuple[Any, str | None]:
        text = self.raw_edit.toPlainText()
        if not text.strip():
            return {}, None
        value, problem = parse_json_text(text)
        if problem is not None:
            return None, self.tr("not JSON: {0}").format(problem)
        if not isinstance(value, dict):
            return None, self.tr("the arguments must be a JSON object")
        return value, None

    def _raw_changed(self) -> None:
        self._validate_raw()
        self.changed.emit()

    def _validate_raw(self) -> None:
        value, problem = self._parse_raw()
        self._raw_problem = None
        if problem is not None:
            self._raw_problem = problem
            self._status("✗ " + problem, "error")
            return
        schema = self.form.schema()
        if not schema:
            self._status(self.tr("valid JSON (no schema to check against)"), "muted")
            return
        verdict = self.form.check(value)
        if verdict.ok is None:
            self._raw_problem = None
            self._status("⚠ " + check_text(verdict), "warn")
        elif verdict.ok:
            self._status("✓ " + self.tr("valid against the schema"), "ok")
        else:
            self._raw_problem = check_text(verdict)
            self._status("✗ " + check_text(verdict), "error")

    def _status(self, text: str, kind: str) -> None:
        self.raw_status.setText(text)
        set_tone(self.raw_status, kind)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        # QTabWidget's own hint is its tallest page's; without a scroll area the shown tab decides
        hint = super().sizeHint()
        if not self._scrolls:
            hint.setHeight(self.minimumSizeHint().height())
        return hint

    def _fit_pages(self, *_: Any) -> None:
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
        lost = self._differences(value, self.form.value())
        if lost:
            self.note.setText(self.tr("The form shows these values differently: {0}.").format(", ".join(lost[:6])))
            set_tone(self.note, "warn")
            self.note.show()
        elif not self.form.unsupported:
            self.note.hide()

    @staticmethod
    def _differences(a: Any, b: Any, path: tuple = ()) -> list[str]:
        if isinstance(a, dict) and isinstance(b, dict):
            out: list[str] = []
            for k in dict.fromkeys([*a, *b]):
                if k not in a or k not in b:
                    out.append(path_text((*path, k)))
                else:
                    out += ArgumentsEditor._differences(a[k], b[k], (*path, k))
            return out
        return (
            []
            if _json_equal(a, b) and type(a) is type(b)
            else [path_text(path) or QCoreApplication.translate("SchemaForm", "(root)")]
        )
