"""What a form makes of a JSON Schema: one field shape per value, read without Qt.

Theory of operation
-------------------
A generated form (a tool's ``inputSchema``, an elicitation's ``requestedSchema``) needs to know,
for every property, which editor it gets and what that editor shows; this module is the one
place that reads JSON-Schema keywords for that. :func:`form_shape` reads the root object and
:func:`field_shape` one property: local ``$ref``s (``#/$defs/...``) are followed, ``allOf`` of
one schema is merged, ``[T, null]`` types and ``anyOf``/``oneOf`` of ``T`` and null read as an
optional ``T``, ``enum`` (with ``enumNames``) and ``oneOf``/``anyOf`` of titled ``const``
branches as a list of :class:`Choice`. The answer is a :class:`FieldShape`: its :class:`Kind`,
title, description, default, required flag, choices, nested field shapes (objects), the shape of
an item (arrays, read when a row is added, so a recursive schema through an array stays
editable) and the hints a placeholder shows (format example, length, pattern, range).

A construct no editor can edit gives a shape of kind :attr:`Kind.OPAQUE` with a :class:`Refusal`:
a :class:`Reason` code and, where it helps, a detail taken from the schema itself (a ``$ref``,
a keyword, a type list) - never words; the UI words the code in the current language. A ``$ref``
that comes back to an object being read (a property holding its own type) is refused as
recursive instead of recursing for ever.

Checking a value is not done here: that is :mod:`inspector.protocol.schema`'s validator. The
small readings of JSON values a form needs beside it live here too: :func:`json_equal` (``True``
is not ``1``), :func:`value_label`, :func:`path_text` (an instance path as ``a.b[2]``),
:func:`differing_paths` and :func:`read_number` (text typed into a number field).
"""

from __future__ import annotations

import enum
import json
import math
from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from typing import NamedTuple, TypeVar

import orjson

from .jsontypes import JsonObject, JsonValue
from .schema import ValueProblem, required_names

_Node = TypeVar("_Node", bound=Hashable)


class Kind(enum.StrEnum):
    """Which editor a value gets."""

    STRING = "string"
    INTEGER = "integer"
    NUMBER = "number"
    BOOLEAN = "boolean"
    ENUM = "enum"  # one value of a list
    MULTI_ENUM = "multi-enum"  # an array of values of a list
    OBJECT = "object"
    ARRAY = "array"
    OPAQUE = "opaque"  # kept as a JSON value, edited as raw JSON


class Reason(enum.StrEnum):
    """Why a schema cannot be edited by a field (the :attr:`Refusal.detail` it carries)."""

    ANY_VALUE = "any-value"  # true or {}
    NOT_A_SCHEMA = "not-a-schema"
    RECURSIVE_REF = "recursive-ref"
    REMOTE_REF = "remote-ref"  # the $ref
    DANGLING_REF = "dangling-ref"  # the $ref
    ALL_OF = "all-of"  # allOf of several schemas
    SEVERAL_BRANCHES = "several-branches"  # anyOf or oneOf
    NOT_SHOWN = "not-shown"  # not, if or patternProperties
    SEVERAL_TYPES = "several-types"  # the types, comma-separated
    NO_TYPE = "no-type"
    UNKNOWN_TYPE = "unknown-type"  # the type
    FREE_FORM_OBJECT = "free-form-object"
    UNDECLARED_OBJECT = "undeclared-object"
    TUPLE_ARRAY = "tuple-array"
    NOT_AN_OBJECT = "not-an-object"  # the root's type


@dataclass(frozen=True)
class Refusal:
    reason: Reason
    detail: str = ""


class _Refused(Exception):
    def __init__(self, reason: Reason, detail: object = "") -> None:
        super().__init__(reason)
        self.refusal = Refusal(reason, str(detail))


class Choice(NamedTuple):
    """One allowed value of a list, and how it is named (its title, else its JSON)."""

    value: JsonValue
    label: str


# Example values shown in an empty field of a string format.
FORMAT_EXAMPLES = {
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

_TYPES = frozenset({"string", "integer", "number", "boolean", "object", "array", "enum"})
_MAX_DEPTH = 16


@dataclass(frozen=True)
class FieldShape:
    """What the form makes of one value's schema."""

    kind: Kind
    key: str | None = None
    required: bool = False
    title: str = ""  # the schema's title, else the key
    description: str = ""
    has_default: bool = False
    default: JsonValue = None
    choices: tuple[Choice, ...] = ()  # ENUM, MULTI_ENUM
    fields: tuple[FieldShape, ...] = ()  # OBJECT, in the schema's order
    declared: bool = True  # OBJECT: properties declared, or additionalProperties false
    refusal: Refusal | None = None  # OPAQUE
    format_example: str = ""
    min_length: int | None = None
    max_length: int | None = None
    pattern: str | None = None
    lower: int | float | None = None  # minimum, else exclusiveMinimum
    upper: int | float | None = None
    _items: JsonValue = field(default=None, repr=False, compare=False)
    _root: JsonObject = field(default_factory=dict, repr=False, compare=False)

    def item(self) -> FieldShape:
        """An ARRAY's item (read now: each row of a recursive schema reads one level more)."""
        return field_shape(self._items if self._items is not None else True, self._root)

    def walk(self) -> Iterator[FieldShape]:
        """This shape and its nested fields (not array items)."""
        yield self
        for f in self.fields:
            yield from f.walk()

    def first_line(self) -> str:
        """The description's first line ("" without one)."""
        lines = self.description.strip().splitlines()
        return lines[0] if lines else ""

    def placeholder(self, *extra: str) -> str:
        """What an empty line edit shows: the format's example, ``extra``, the description's
        first line (clipped to 90 characters), joined with " · "."""
        first = self.first_line()
        parts = [self.format_example, *extra, first if len(first) <= 90 else first[:87] + "…"]
        return " · ".join(p for p in parts if p)

    def range_hint(self) -> str:
        """A number's bounds: "lo … hi", "≥ lo", "≤ hi" or ""."""
        lo = None if self.lower is None else json.dumps(self.lower)
        hi = None if self.upper is None else json.dumps(self.upper)
        if lo is not None and hi is not None:
            return f"{lo} … {hi}"
        return f"≥ {lo}" if lo is not None else f"≤ {hi}" if hi is not None else ""


# ====================================================================== values


def json_equal(a: JsonValue, b: JsonValue) -> bool:
    """Equal as JSON values: ``True`` is not ``1`` (Python's ``==`` says it is)."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a is b
    return bool(a == b)


def value_label(value: JsonValue) -> str:
    """A value as a person reads it in a list: a string as is, anything else as JSON."""
    return value if isinstance(value, str) else orjson.dumps(value).decode()


def choice_index(choices: Iterable[Choice], value: JsonValue) -> int | None:
    """Which of ``choices`` is ``value`` (as JSON: ``True`` is not ``1``), or None."""
    return next((i for i, c in enumerate(choices) if json_equal(c.value, value)), None)


def split_choices(choices: Iterable[Choice], values: list[JsonValue]) -> tuple[set[int], list[JsonValue]]:
    """The choices ``values`` picks (by index) and the values that are none of them, in order."""
    choices = tuple(choices)
    found = [(v, choice_index(choices, v)) for v in values]
    return {i for _, i in found if i is not None}, [v for v, i in found if i is None]


def path_text(parts: Iterable[str | int]) -> str:
    """An instance path as ``address.lines[2]`` ("" for the root)."""
    out = ""
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else ("." if out else "") + str(p)
    return out


def differing_paths(a: JsonValue, b: JsonValue, path: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    """Where two JSON values differ: members only one object has, and values that are not the
    same JSON value of the same type (``1`` and ``1.0`` differ)."""
    if isinstance(a, dict) and isinstance(b, dict):
        out: list[tuple[str | int, ...]] = []
        for k in dict.fromkeys([*a, *b]):
            if k not in a or k not in b:
                out.append((*path, k))
            else:
                out += differing_paths(a[k], b[k], (*path, k))
        return out
    return [] if json_equal(a, b) and type(a) is type(b) else [path]


@dataclass(frozen=True)
class TextProblem:
    """Why a raw editor's text holds no JSON object: a constant JSON does not have (``NaN``,
    ``Infinity``), a decode error at ``line``/``column``, or (neither) JSON that is no object."""

    constant: str = ""
    line: int = 0
    column: int = 0
    message: str = ""


def read_object_text(text: str) -> tuple[JsonObject | None, TextProblem | None]:
    """The JSON object ``text`` holds (``{}`` when it is blank), or why it holds none."""
    if not text.strip():
        return {}, None

    def no_constants(name: str) -> JsonValue:
        raise _Constant(name)

    try:
        value = json.loads(text, parse_constant=no_constants)
    except json.JSONDecodeError as exc:
        return None, TextProblem(line=exc.lineno, column=exc.colno, message=exc.msg)
    except _Constant as exc:
        return None, TextProblem(constant=exc.name)
    return (value, None) if isinstance(value, dict) else (None, TextProblem())


class _Constant(Exception):
    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


def place_problems(
    problems: Iterable[ValueProblem], root: _Node, child_at: Callable[[_Node, str | int], _Node | None]
) -> dict[_Node, tuple[ValueProblem, tuple[str | int, ...]]]:
    """Each problem at the deepest node holding its instance path (``child_at(node, part)``: the
    node holding member ``part`` of ``node``'s value, or None), with where it is inside that
    node's value; per node the most basic problem (:attr:`~inspector.protocol.schema.Check.rank`)."""
    best: dict[_Node, tuple[ValueProblem, tuple[str | int, ...]]] = {}
    for problem in problems:
        node, rest = root, problem.location
        while rest and (child := child_at(node, rest[0])) is not None:
            node, rest = child, rest[1:]
        held = best.get(node)
        if held is None or problem.check.rank < held[0].check.rank:
            best[node] = (problem, rest)
    return best


class NumberProblem(enum.StrEnum):
    NOT_A_NUMBER = "not-a-number"
    NOT_WHOLE = "not-whole"
    NOT_FINITE = "not-finite"


def read_number(text: str, *, integer: bool) -> int | float | NumberProblem | None:
    """The number typed as ``text`` (None when blank), or why it is not one (a whole number when
    ``integer``: ``2.0`` reads as ``2``, ``2.5`` does not)."""
    text = text.strip()
    if text == "":
        return None
    try:
        return int(text)
    except ValueError:
        pass
    try:
        value = float(text)
    except ValueError:
        return NumberProblem.NOT_WHOLE if integer else NumberProblem.NOT_A_NUMBER
    if not math.isfinite(value):
        return NumberProblem.NOT_FINITE
    if integer:
        return int(value) if value.is_integer() else NumberProblem.NOT_WHOLE
    return value


# ====================================================================== reading a schema


def enum_choices(schema: JsonValue) -> tuple[Choice, ...] | None:
    """The choices of an enum-like schema (``enum`` with ``enumNames``, ``oneOf``/``anyOf`` of
    ``const`` branches named by their titles, a lone ``const``), else None."""
    if not isinstance(schema, dict):
        return None
    values = schema.get("enum")
    if isinstance(values, list):
        names = schema.get("enumNames")
        if isinstance(names, list) and len(names) == len(values) and all(isinstance(n, str) for n in names):
            return tuple(Choice(v, str(n)) for v, n in zip(values, names, strict=True))
        return tuple(Choice(v, value_label(v)) for v in values)
    for key in ("oneOf", "anyOf"):
        alts = schema.get(key)
        if isinstance(alts, list) and alts and all(isinstance(a, dict) and "const" in a for a in alts):
            out = []
            for a in alts:
                assert isinstance(a, dict)
                title = a.get("title")
                out.append(Choice(a["const"], title if isinstance(title, str) and title else value_label(a["const"])))
            return tuple(out)
    if "const" in schema:
        return (Choice(schema["const"], value_label(schema["const"])),)
    return None


def _pointer(root: JsonObject, ref: str) -> JsonValue:
    node: JsonValue = root
    for raw in ref[2:].split("/") if ref != "#" else []:
        part = raw.replace("~1", "/").replace("~0", "~")
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            raise _Refused(Reason.DANGLING_REF, ref)
    return node


def _simplify(schema: JsonValue, root: JsonObject, seen: set[str], depth: int = 0) -> JsonObject:
    """``schema`` as one flat object with a ``type`` the form knows (``enum`` for a list without
    one); ``seen``: the ``$ref``s followed on the way here (those followed now are added)."""
    if schema is True or schema == {}:
        raise _Refused(Reason.ANY_VALUE)
    if not isinstance(schema, dict):
        raise _Refused(Reason.NOT_A_SCHEMA)
    if depth > _MAX_DEPTH:
        raise _Refused(Reason.RECURSIVE_REF)
    ref = schema.get("$ref")
    if isinstance(ref, str):
        if not ref.startswith("#"):
            raise _Refused(Reason.REMOTE_REF, ref)
        if ref in seen:
            raise _Refused(Reason.RECURSIVE_REF)
        seen.add(ref)
        target = _pointer(root, ref)
        merged = {**(target if isinstance(target, dict) else {}), **{k: v for k, v in schema.items() if k != "$ref"}}
        return _simplify(merged, root, seen, depth + 1)
    s = dict(schema)
    all_of = s.get("allOf")  # pydantic writes {"allOf": [{"$ref": ...}], "default": ...}
    if isinstance(all_of, list):
        if len(all_of) != 1:
            raise _Refused(Reason.ALL_OF)
        s.pop("allOf")
        s = {**_simplify(all_of[0], root, seen, depth + 1), **s}
    for key in ("anyOf", "oneOf"):
        alts = s.get(key)
        if not isinstance(alts, list) or enum_choices({key: alts}) is not None:
            continue
        rest = [a for a in alts if not (isinstance(a, dict) and a.get("type") == "null")]
        if len(rest) == 1 and len(rest) < len(alts):  # Optional[T]: [T, null]
            s.pop(key)
            s = {**_simplify(rest[0], root, seen, depth + 1), **{k: v for k, v in s.items() if k != "type"}}
            continue
        raise _Refused(Reason.SEVERAL_BRANCHES, key)
    for key in ("not", "if", "patternProperties"):
        if key in s:
            raise _Refused(Reason.NOT_SHOWN, key)
    t = s.get("type")
    if isinstance(t, list):
        rest = [x for x in t if x != "null"]
        if len(rest) != 1:
            raise _Refused(Reason.SEVERAL_TYPES, ", ".join(map(str, t)))
        s["type"] = t = rest[0]
    if t is None:
        if enum_choices(s) is not None:
            s["type"] = t = "enum"
        elif isinstance(s.get("properties"), dict):
            s["type"] = t = "object"
        elif "items" in s:
            s["type"] = t = "array"
        else:
            raise _Refused(Reason.NO_TYPE)
    if not isinstance(t, str) or t not in _TYPES:
        raise _Refused(Reason.UNKNOWN_TYPE, t)
    return s


def _number(value: JsonValue) -> int | float | None:
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def _text(value: JsonValue) -> str:
    return value if isinstance(value, str) else ""


def _base(schema: JsonValue, key: str | None, required: bool) -> FieldShape:
    """The parts every shape shows, read from a (simplified or raw) schema; its kind is OPAQUE
    until :func:`dataclasses.replace` says otherwise."""
    s = schema if isinstance(schema, dict) else {}
    return FieldShape(
        Kind.OPAQUE,
        key=key,
        required=required,
        title=_text(s.get("title")) or key or "",
        description=_text(s.get("description")),
        has_default="default" in s,
        default=s.get("default"),
    )


def _object_fields(s: JsonObject, root: JsonObject, seen: set[str]) -> tuple[FieldShape, ...]:
    props = s.get("properties")
    if not isinstance(props, dict):
        return ()
    required = required_names(s)
    return tuple(_shape(sub, root, key, key in required, set(seen)) for key, sub in props.items())


def _shape(schema: JsonValue, root: JsonObject, key: str | None, required: bool, seen: set[str]) -> FieldShape:
    try:
        s = _simplify(schema, root, seen)
        base = _base(s, key, required)
        t = s["type"]
        if t == "object":
            extra = s.get("additionalProperties")
            if not isinstance(s.get("properties"), dict) and extra is not False:
                raise _Refused(Reason.UNDECLARED_OBJECT if extra is None else Reason.FREE_FORM_OBJECT)
            return replace(base, kind=Kind.OBJECT, fields=_object_fields(s, root, seen))
        if t == "array":
            items = s.get("items")
            if isinstance(items, list) or "prefixItems" in s:
                raise _Refused(Reason.TUPLE_ARRAY)
            item = _simplify(items if items is not None else True, root, set())  # a row starts afresh
            choices = enum_choices(item)
            if choices is not None and item["type"] in ("enum", "string", "integer", "number"):
                return replace(base, kind=Kind.MULTI_ENUM, choices=choices)
            return replace(base, kind=Kind.ARRAY, _items=items, _root=root)
        choices = enum_choices(s)
        if choices is not None:
            return replace(base, kind=Kind.ENUM, choices=choices)
        if t == "enum":
            raise _Refused(Reason.NO_TYPE)
        if t == "boolean":
            return replace(base, kind=Kind.BOOLEAN)
        if t in ("integer", "number"):
            lower = _number(s.get("minimum", s.get("exclusiveMinimum")))
            upper = _number(s.get("maximum", s.get("exclusiveMaximum")))
            return replace(base, kind=Kind(t), lower=lower, upper=upper)
        low, high, pattern = s.get("minLength"), s.get("maxLength"), s.get("pattern")
        return replace(
            base,
            kind=Kind.STRING,
            format_example=FORMAT_EXAMPLES.get(_text(s.get("format")), ""),
            min_length=low if isinstance(low, int) else None,
            max_length=high if isinstance(high, int) else None,
            pattern=pattern if isinstance(pattern, str) else None,
        )
    except _Refused as refused:
        return replace(_base(schema, key, required), refusal=refused.refusal)


def field_shape(schema: JsonValue, root: JsonObject, key: str | None = None, required: bool = False) -> FieldShape:
    """The shape of one value's ``schema`` (``root``: the document its ``$ref``s point into)."""
    return _shape(schema, root, key, required, set())


def form_shape(schema: JsonValue) -> FieldShape:
    """The root of a form for an object ``schema``: an OBJECT shape (its fields may be opaque),
    or an OBJECT without fields whose :attr:`~FieldShape.refusal` says why the schema is not one
    (no schema, or ``{}``, is an object that takes no members)."""
    root = schema if isinstance(schema, dict) else {}
    if not root:
        return FieldShape(Kind.OBJECT, required=True)
    seen: set[str] = set()
    try:
        s = _simplify(root, root, seen)
        if s["type"] != "object":
            raise _Refused(Reason.NOT_AN_OBJECT, s["type"])
    except _Refused as refused:
        return FieldShape(Kind.OBJECT, required=True, refusal=refused.refusal)
    declared = isinstance(s.get("properties"), dict) or s.get("additionalProperties") is False
    return FieldShape(
        Kind.OBJECT,
        required=True,
        description=_text(s.get("description")),
        has_default="default" in s,
        default=s.get("default"),
        fields=_object_fields(s, root, seen),
        declared=declared,
    )


__all__ = [
    "FORMAT_EXAMPLES",
    "Choice",
    "FieldShape",
    "Kind",
    "NumberProblem",
    "Reason",
    "Refusal",
    "TextProblem",
    "differing_paths",
    "enum_choices",
    "field_shape",
    "form_shape",
    "choice_index",
    "json_equal",
    "path_text",
    "place_problems",
    "read_number",
    "read_object_text",
    "split_choices",
    "value_label",
]
