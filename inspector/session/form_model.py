"""A form generated from a JSON Schema, without widgets: one node per field, holding its value.

Theory of operation
-------------------
:class:`FormModel` is what a generated form (a tool's ``inputSchema``, an elicitation's
``requestedSchema``) holds and decides; the window's :mod:`inspector.ui.schema_form` builds one
widget per node, shows the node's state and forwards each edit to it. The nodes follow the
:class:`~inspector.protocol.schema_shape.FieldShape` tree that :mod:`inspector.protocol.schema_shape`
reads (the one place JSON-Schema keywords are read):

- :class:`TextNode` (strings and numbers) holds the text as typed; a number's text that is not a
  number of its kind is its own problem (:meth:`Node.own_problem`), and the value keeps the text
  as typed so the raw editor shows it too;
- :class:`BoolNode` holds checked, unchecked or (an optional boolean without default) not set;
- :class:`ChoiceNode` holds which choice is picked, or none, or a value outside the list (typed
  as raw JSON: kept, visibly, so validation flags it); :class:`MultiChoiceNode` the choices picked
  and the values that are none of them;
- :class:`ObjectNode` its members by key; :class:`ArrayNode` its rows, with add and remove (an
  item's shape is read when its row is added, so a recursive schema through an array stays
  editable); :class:`OpaqueNode` a JSON value no field can edit (listed in
  :attr:`FormModel.unsupported` with the reason's code).

A node with nothing in it is :data:`NOT_SET` and left out of the value, so what is checked is what
is sent. Checking is the protocol's (:mod:`inspector.protocol.schema`): the schema is compiled once
(through the one compile cache; the empty object's only when a value other than ``{}`` is checked,
so a window's first paint does without the schema library), the whole value is checked, and each
:class:`~inspector.protocol.schema.ValueProblem` is placed at the deepest node holding its instance
path (:func:`~inspector.protocol.schema_shape.place_problems`; an array's item n is the n-th row
that holds something). :meth:`FormModel.messages` words every node's problem in the caller's
language (its own first, else the most basic one placed there) with
:mod:`inspector.session.schema_words`; :meth:`FormModel.errors` gives them by path and
:meth:`FormModel.first_problem` the node the cursor goes to. A schema the validator cannot
compile leaves the form unchecked (:attr:`FormModel.compile_error`).
"""

from __future__ import annotations

import copy
import enum
import functools
from collections.abc import Callable, Iterator
from typing import Final

import orjson

from inspector.protocol.jsontypes import JsonObject, JsonValue
from inspector.protocol.schema import SchemaCompileError, ValueCheck, ValueProblem, cached_validator, check_value
from inspector.protocol.schema_shape import (
    FieldShape,
    Kind,
    NumberProblem,
    Refusal,
    choice_index,
    form_shape,
    path_text,
    place_problems,
    read_number,
    read_object_text,
    split_choices,
    value_label,
)

from . import schema_words
from .translate import Translate

__all__ = [
    "EMPTY_OBJECT",
    "EXTRA",
    "NOT_SET",
    "ArrayNode",
    "BoolNode",
    "ChoiceNode",
    "FormModel",
    "FormValue",
    "Invalid",
    "MultiChoiceNode",
    "Node",
    "ObjectNode",
    "OpaqueNode",
    "TextNode",
]


class _NotSet(enum.Enum):
    NOT_SET = "NOT_SET"

    def __repr__(self) -> str:
        return "NOT_SET"

    def __bool__(self) -> bool:
        return False


NOT_SET: Final = _NotSet.NOT_SET
"""A field with nothing in it: left out of the value."""

FormValue = JsonValue | _NotSet
"""What a node holds: a JSON value, or :data:`NOT_SET`."""


class _Extra(enum.Enum):
    EXTRA = "extra"


EXTRA: Final = _Extra.EXTRA
"""A :class:`ChoiceNode`'s pick when it holds a value outside its list."""

# the schema of a form given none (an object without properties). It always compiles, so its
# check is compiled on first use, not when the form is made: the window's first paint (the tools
# panel's editor) then does without the schema library, about 15 ms of CPU to import.
EMPTY_OBJECT: JsonObject = {"type": "object", "properties": {}}


class Invalid(Exception):
    """The text in a field cannot become a JSON value of its type (``text``: as typed)."""

    def __init__(self, problem: NumberProblem, text: str) -> None:
        super().__init__(str(problem))
        self.problem = problem
        self.text = text


# ====================================================================== nodes


class Node:
    """One property (or array item) of the form and its value."""

    kind = "field"

    def __init__(self, form: FormModel, path: tuple[str | int, ...], shape: FieldShape) -> None:
        self.form = form
        self.path = path
        self.shape = shape
        self.required = shape.required
        self.key = shape.key

    def value(self) -> FormValue:
        """The value, NOT_SET when empty; raises :class:`Invalid` when the text is not of the type."""
        raise NotImplementedError

    def set(self, value: FormValue) -> None:
        raise NotImplementedError

    def children(self) -> list[Node]:
        return []

    @property
    def path_text(self) -> str:
        return path_text(self.path)

    @property
    def title(self) -> str:
        """How the form names the field: its title, marked with " *" when it is required."""
        return f"{self.shape.title} *" if self.required else self.shape.title

    @property
    def tip(self) -> str:
        """The tooltip of the field's name: its key, and its description under it."""
        key = self.key or ""
        return f"{key}\n{self.shape.description}" if self.shape.description else key

    def set_path(self, path: tuple[str | int, ...]) -> None:
        self.path = path

    def default(self) -> FormValue:
        return copy.deepcopy(self.shape.default) if self.shape.has_default else NOT_SET

    def reset(self) -> None:
        """Back to the schema's default, or empty (containers: each member to its own default)."""
        self.set(self.default())
        if not self.shape.has_default:
            for c in self.children():
                c.reset()

    def lenient(self) -> FormValue:
        """The value, the text as typed where it is not of the type."""
        try:
            return self.value()
        except Invalid as exc:
            return exc.text

    def own_problem(self) -> NumberProblem | None:
        """Why the text in the field cannot be a value of its type (not a number, ...), or None."""
        try:
            self.value()
        except Invalid as exc:
            return exc.problem
        return None

    def child_at(self, part: str | int) -> Node | None:
        """The node that holds member ``part`` of this node's value, if one does."""
        return None

    def label_of(self, value: JsonValue) -> str:
        """How this field names one of its allowed values."""
        return value_label(value)

    def word(self, problem: ValueProblem, rest: tuple[str | int, ...], tr: Translate) -> str:
        """``problem`` said at this field; ``rest`` is where it is inside the field's value."""
        if not rest:
            return schema_words.problem_text(problem, tr, self.label_of)
        return schema_words.problem_inside(problem, rest, tr)

    def walk(self) -> Iterator[Node]:
        yield self
        for c in self.children():
            yield from c.walk()


class TextNode(Node):
    """A string or a number, held as the text typed."""

    def __init__(self, form: FormModel, path: tuple[str | int, ...], shape: FieldShape) -> None:
        super().__init__(form, path, shape)
        self.kind = "number" if shape.kind in (Kind.INTEGER, Kind.NUMBER) else "string"
        self.text = ""

    def value(self) -> FormValue:
        if self.kind == "string":
            return self.text if self.text != "" else NOT_SET
        number = read_number(self.text, integer=self.shape.kind is Kind.INTEGER)
        if isinstance(number, NumberProblem):
            raise Invalid(number, self.text.strip())
        return NOT_SET if number is None else number

    def set(self, value: FormValue) -> None:
        if value is NOT_SET or value is None:
            self.text = ""
        elif self.kind == "number" and isinstance(value, (int, float)) and not isinstance(value, bool):
            self.text = repr(value) if isinstance(value, float) else str(value)
        else:
            self.text = value if isinstance(value, str) else orjson.dumps(value).decode()


class BoolNode(Node):
    """Checked or not; an optional boolean without default has a third state, not set (None)."""

    kind = "boolean"

    def __init__(self, form: FormModel, path: tuple[str | int, ...], shape: FieldShape) -> None:
        super().__init__(form, path, shape)
        self.tristate = not self.required and not shape.has_default
        self.state: bool | None = False

    def value(self) -> FormValue:
        return NOT_SET if self.state is None else self.state

    def set(self, value: FormValue) -> None:
        if value is NOT_SET:
            value = self.default()
        if value is NOT_SET:
            self.state = None if self.tristate else False
        else:
            self.state = value is True


class ChoiceNode(Node):
    """One value of a list: the index of the choice picked, None (nothing) or :data:`EXTRA`."""

    kind = "enum"

    def __init__(self, form: FormModel, path: tuple[str | int, ...], shape: FieldShape) -> None:
        super().__init__(form, path, shape)
        self.options = shape.choices
        self.blank = not self.required or not shape.has_default  # the list starts with an empty entry
        self.picked: int | _Extra | None = None if self.blank or not self.options else 0
        self.extra: JsonValue = None  # the value outside the list, when picked is EXTRA

    def label_of(self, value: JsonValue) -> str:
        index = choice_index(self.options, value)
        return value_label(value) if index is None else self.options[index].label

    def value(self) -> FormValue:
        if self.picked is None:
            return NOT_SET
        if self.picked is EXTRA:
            return copy.deepcopy(self.extra)
        return copy.deepcopy(self.options[self.picked].value)

    def set(self, value: FormValue) -> None:
        if value is NOT_SET:
            self.picked = None
            return
        self.picked = choice_index(self.options, value)
        if self.picked is None:
            self.extra, self.picked = copy.deepcopy(value), EXTRA


class MultiChoiceNode(Node):
    """An array whose items come from a list: the choices picked, and the items that are none."""

    kind = "multi-enum"

    def __init__(self, form: FormModel, path: tuple[str | int, ...], shape: FieldShape) -> None:
        super().__init__(form, path, shape)
        self.options = shape.choices
        self.chosen: set[int] = set()
        self.extra: list[JsonValue] = []

    def value(self) -> FormValue:
        out = [copy.deepcopy(c.value) for i, c in enumerate(self.options) if i in self.chosen]
        out += copy.deepcopy(self.extra)
        if not out and not self.required:
            return NOT_SET
        return out

    def set(self, value: FormValue) -> None:
        self.chosen, self.extra = split_choices(self.options, value if isinstance(value, list) else [])


class OpaqueNode(Node):
    """A construct the form cannot edit: its JSON value is kept as is."""

    kind = "opaque"

    def __init__(self, form: FormModel, path: tuple[str | int, ...], shape: FieldShape) -> None:
        super().__init__(form, path, shape)
        self.held: FormValue = self.default()

    def value(self) -> FormValue:
        return copy.deepcopy(self.held)

    def set(self, value: FormValue) -> None:
        self.held = copy.deepcopy(value)


class ObjectNode(Node):
    """Nested properties, in the schema's order (the root: the form's whole object)."""

    kind = "object"

    def __init__(self, form: FormModel, path: tuple[str | int, ...], shape: FieldShape, *, root: bool = False) -> None:
        super().__init__(form, path, shape)
        self.root = root
        self.fields: dict[str, Node] = {}
        for sub in shape.fields:
            key = sub.key or ""
            self.fields[key] = form.make((*path, key), sub)

    def children(self) -> list[Node]:
        return list(self.fields.values())

    def set_path(self, path: tuple[str | int, ...]) -> None:
        self.path = path
        for key, f in self.fields.items():
            f.set_path((*path, key))

    def value(self) -> FormValue:
        out: dict[str, JsonValue] = {}
        for key, f in self.fields.items():
            v = f.lenient()
            if v is not NOT_SET:
                out[key] = v
        if not out and not self.required and not self.root:
            return NOT_SET
        return out

    def set(self, value: FormValue) -> None:
        data = value if isinstance(value, dict) else {}
        for key, f in self.fields.items():
            f.set(data[key] if key in data else NOT_SET)

    def child_at(self, part: str | int) -> Node | None:
        return self.fields.get(part) if isinstance(part, str) else None


class ArrayNode(Node):
    """A list of rows, each a node for the item schema."""

    kind = "array"

    def __init__(self, form: FormModel, path: tuple[str | int, ...], shape: FieldShape) -> None:
        super().__init__(form, path, shape)
        self.items: list[Node] = []

    def children(self) -> list[Node]:
        return list(self.items)

    def set_path(self, path: tuple[str | int, ...]) -> None:
        self.path = path
        for i, f in enumerate(self.items):
            f.set_path((*path, i))

    def add_item(self, value: FormValue = NOT_SET) -> Node:
        """A new last row (holding ``value`` when given)."""
        node = self.form.make((*self.path, len(self.items)), self.shape.item())
        self.items.append(node)
        if value is not NOT_SET:
            node.set(value)
        return node

    def remove_item(self, node: Node) -> bool:
        """Drop a row and number the rest again; False when it is not one of the rows."""
        if node not in self.items:
            return False
        self.items.remove(node)
        self.set_path(self.path)
        return True

    def value(self) -> FormValue:
        out = [v for v in (f.lenient() for f in self.items) if v is not NOT_SET]
        if not out and not self.required:
            return NOT_SET
        return out

    def set(self, value: FormValue) -> None:
        self.items = []
        if value is NOT_SET:
            return
        for v in value if isinstance(value, list) else [value]:
            self.add_item(v)

    def child_at(self, part: str | int) -> Node | None:
        # the value leaves out empty rows: its item n is the n-th row that holds something
        if not isinstance(part, int):
            return None
        shown = (f for f in self.items if f.lenient() is not NOT_SET)
        return next((f for i, f in enumerate(shown) if i == part), None)


_NODES: dict[Kind, Callable[[FormModel, tuple[str | int, ...], FieldShape], Node]] = {
    Kind.STRING: TextNode,
    Kind.INTEGER: TextNode,
    Kind.NUMBER: TextNode,
    Kind.BOOLEAN: BoolNode,
    Kind.ENUM: ChoiceNode,
    Kind.MULTI_ENUM: MultiChoiceNode,
    Kind.OBJECT: ObjectNode,
    Kind.ARRAY: ArrayNode,
    Kind.OPAQUE: OpaqueNode,
}
"""The node that holds a shape of each kind."""


# ====================================================================== the form


class FormModel:
    """The fields of an object ``schema``, each at its default (or empty), and their checks."""

    def __init__(self, schema: JsonValue) -> None:
        self.schema: JsonObject = schema if isinstance(schema, dict) else {}
        self.extra: JsonObject = {}  # keys the schema does not declare, kept from set_value()
        self.unsupported: list[tuple[str, Refusal]] = []  # (path, why) of each field kept as JSON
        self._checker: Callable[[JsonValue], ValueCheck] | None = None
        self.compile_error: str | None = None
        if self.schema and self.schema != EMPTY_OBJECT:  # the empty object is compiled in check()
            try:
                self._checker = self._compiled_check()
            except SchemaCompileError as exc:
                self.compile_error = str(exc)
        shape = form_shape(self.schema)
        if shape.refusal is not None:
            self.unsupported.append(("", shape.refusal))
        self.root = ObjectNode(self, (), shape, root=True)
        self.root.reset()

    def make(self, path: tuple[str | int, ...], shape: FieldShape) -> Node:
        """The node for ``shape`` at ``path`` (one kept as JSON is listed in :attr:`unsupported`)."""
        if shape.refusal is not None:
            self.unsupported.append((path_text(path), shape.refusal))
        return _NODES[shape.kind](self, path, shape)

    # -------------------------------------------------------------- values

    def nodes(self) -> list[Node]:
        """Every field's node (not the root), in the form's order."""
        return [n for n in self.root.walk() if n is not self.root]

    def node(self, path: str) -> Node | None:
        return next((n for n in self.nodes() if n.path_text == path), None)

    def value(self) -> JsonObject:
        """The object the form holds (empty optional fields left out, undeclared keys kept)."""
        out = dict(self.extra)
        got = self.root.value()
        out.update(got if isinstance(got, dict) else {})
        return out

    def set_value(self, value: JsonValue) -> None:
        """Hold ``value``; keys the schema does not declare are kept and returned by value()."""
        value = value if isinstance(value, dict) else {}
        self.root.set(value)
        self.extra = {k: copy.deepcopy(v) for k, v in value.items() if k not in self.root.fields}

    # -------------------------------------------------------------- checks

    def check(self, value: JsonValue) -> ValueCheck:
        """``value`` against the form's schema (compiled once: when the schema was set, the empty
        object's when a value other than ``{}`` is first checked)."""
        if self.compile_error is not None:
            return ValueCheck(None, compile_error=self.compile_error)
        if self._checker is None:
            if self.schema != EMPTY_OBJECT:
                return ValueCheck(True)
            if value == {}:  # the form as it starts: an empty object matches it, no compiling needed
                return ValueCheck(True)
            self._checker = self._compiled_check()
        return self._checker(value)

    def _compiled_check(self) -> Callable[[JsonValue], ValueCheck]:
        """The check against the form's schema, compiled through the protocol's one cache."""
        return functools.partial(check_value, self.schema, validator=cached_validator(self.schema))

    def placed(self, tr: Translate) -> dict[Node, str]:
        """The validator's problems with the value the form holds, each worded at the node it is
        about (the deepest one holding its instance path; the root for the rest), the most basic
        one (:attr:`~inspector.protocol.schema.Check.rank`) per node."""
        root: Node = self.root
        found = place_problems(self.check(self.value()).problems, root, lambda node, part: node.child_at(part))
        return {node: node.word(problem, rest, tr) for node, (problem, rest) in found.items()}

    def problem(self, node: Node, tr: Translate, placed: dict[Node, str] | None = None) -> str | None:
        """``node``'s own problem, else the one the validator places there (``placed``: from
        :meth:`placed`, worked out when not given)."""
        own = node.own_problem()
        if own is not None:
            return schema_words.number_problem_text(own, tr)
        return (self.placed(tr) if placed is None else placed).get(node)

    def messages(self, tr: Translate) -> dict[Node, str]:
        """Every node's problem (the root's: what the validator places at the whole object)."""
        placed = self.placed(tr)
        out = {n: msg for n in self.nodes() if (msg := self.problem(n, tr, placed))}
        if self.root in placed:
            out[self.root] = placed[self.root]
        return out

    def errors(self, messages: dict[Node, str]) -> dict[str, str]:
        """``messages`` by path ("" = the whole object), the first one per path."""
        out: dict[str, str] = {}
        for node, msg in messages.items():
            out.setdefault(node.path_text, msg)
        return out

    def first_problem(self, errors: dict[str, str]) -> Node | None:
        """The first field, in the form's order, with a problem in ``errors`` (by path, as
        :meth:`errors` gives them): where the cursor goes."""
        return next((n for n in self.nodes() if n.path_text in errors), None)

    # -------------------------------------------------------------- the raw editor's text

    def read_raw(self, text: str, tr: Translate) -> tuple[JsonObject, str | None]:
        """The object a raw editor's ``text`` holds (``{}`` when blank), or ``{}`` and why it
        holds none."""
        value, problem = read_object_text(text)
        return value or {}, None if problem is None else schema_words.text_problem(problem, tr)

    def raw_status(self, text: str, tr: Translate) -> schema_words.RawStatus:
        """What the raw editor's status line says of ``text``: why it is no JSON object, else its
        check against the schema (none without a schema)."""
        value, problem = self.read_raw(text, tr)
        check = None if problem is not None or not self.schema else self.check(value)
        return schema_words.raw_status(problem, check, tr)

    def raw_errors(self, text: str, tr: Translate) -> dict[str, str]:
        """The raw text's problem ("" = the text), else the first the validator finds, by path."""
        value, problem = self.read_raw(text, tr)
        if problem is not None:
            return {"": problem}
        verdict = self.check(value)
        if verdict.ok is False:
            first = verdict.problems[0]
            return {path_text(first.location): schema_words.problem_text(first, tr)}
        return {}
