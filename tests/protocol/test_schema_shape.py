"""What a form makes of a JSON Schema (protocol/schema_shape.py), without Qt: the demo's and the
reference server's real tool schemas, the spec's examples and the edge cases the form handles."""

from __future__ import annotations

import pytest
from peers import reference_server
from polling import until

from inspector.demo.catalog import INPUT_TYPES_SCHEMA, TOOLS, elicitation_form
from inspector.protocol.engine import ClientConfig
from inspector.protocol.schema import check_value
from inspector.protocol.schema_shape import (
    Choice,
    FieldShape,
    Kind,
    NumberProblem,
    Reason,
    Refusal,
    TextProblem,
    choice_index,
    differing_paths,
    field_shape,
    form_shape,
    json_equal,
    path_text,
    place_problems,
    read_number,
    read_object_text,
    split_choices,
    value_label,
)
from inspector.protocol.versions import ALL_VERSIONS
from inspector.session import Session, SessionOptions
from inspector.session.controllers.tools import ToolsController
from inspector.transport.base import StdioSpec


def fields(shape: FieldShape) -> dict[str, FieldShape]:
    return {f.key or "": f for f in shape.fields}


def refusal(schema: object, root: dict | None = None) -> Refusal | None:
    shape = field_shape(schema, root if root is not None else {})
    assert (shape.kind is Kind.OPAQUE) == (shape.refusal is not None)
    return shape.refusal


# ---------------------------------------------------------------------- real schemas


def test_the_demo_input_types_tool_gets_one_editor_per_kind() -> None:
    shape = form_shape(INPUT_TYPES_SCHEMA)
    assert shape.kind is Kind.OBJECT and shape.refusal is None and shape.declared
    by_key = fields(shape)
    assert [f.key for f in shape.fields] == list(INPUT_TYPES_SCHEMA["properties"])  # the schema's order
    kinds = {k: f.kind for k, f in by_key.items()}
    assert kinds == {
        "text": Kind.STRING,
        "count": Kind.INTEGER,
        "ratio": Kind.NUMBER,
        "enabled": Kind.BOOLEAN,
        "color": Kind.ENUM,
        "tags": Kind.ARRAY,
        "sizes": Kind.MULTI_ENUM,
        "address": Kind.OBJECT,
    }
    assert [k for k, f in by_key.items() if f.required] == ["text"]
    text, count, ratio = by_key["text"], by_key["count"], by_key["ratio"]
    assert text.min_length == 1 and text.max_length is None and text.title == "text"
    assert text.placeholder() == "Any text (a string with a minimum length)."
    assert count.has_default and count.default == 3 and (count.lower, count.upper) == (1, 10)
    assert count.range_hint() == "1 … 10" and ratio.range_hint() == "0 … 1"
    assert by_key["color"].choices == (Choice("red", "red"), Choice("green", "green"), Choice("blue", "blue"))
    assert [c.value for c in by_key["sizes"].choices] == ["S", "M", "L", "XL"]
    assert by_key["tags"].item() == FieldShape(Kind.STRING)  # a row: no key, not required, no hints
    address = fields(by_key["address"])
    assert address["zip"].pattern == "^[0-9]{5}$" and address["street"].default == "1 Main Street"
    assert {k: f.kind for k, f in fields(address["geo"]).items()} == {"lat": Kind.NUMBER, "lon": Kind.NUMBER}
    assert not by_key["enabled"].required and by_key["enabled"].first_line() == "A yes/no switch."


def test_every_demo_tool_and_elicitation_form_is_editable() -> None:
    for tool in TOOLS:
        shape = form_shape(tool["inputSchema"])
        opaque = [f.key for f in shape.walk() if f.kind is Kind.OPAQUE]
        assert shape.refusal is None and opaque == [], (tool["name"], opaque)
        assert [f.key for f in shape.fields] == list(tool["inputSchema"].get("properties", {}))
    for version in ALL_VERSIONS:
        shape = form_shape(elicitation_form(version))
        by_key = fields(shape)
        assert by_key["email"].format_example == "name@example.com"
        assert by_key["age"].kind is Kind.INTEGER and by_key["age"].range_hint() == "0 … 150"
        color = by_key["color"]
        assert color.kind is Kind.ENUM and [c.label for c in color.choices] == ["Red", "Green", "Blue"]
        assert by_key["name"].required and by_key["name"].title == "Your name"
        if "toppings" in by_key:
            assert by_key["toppings"].kind is Kind.MULTI_ENUM and by_key["toppings"].default == ["cheese"]


@pytest.mark.peer
@pytest.mark.anyio
async def test_every_tool_of_the_reference_server_gets_a_shape() -> None:
    options = SessionOptions(transport=StdioSpec(argv=reference_server()), config=ClientConfig(), stdin_grace=3.0)
    session = Session(options)
    async with session:
        await session.start()
        neg = session.negotiation()
        tools = ToolsController()
        tools.attach(session, neg.era, neg.version, announces_changes=True)
        assert tools.refresh()
        await until(lambda: tools.outcome is not None, what="the tool list")
        listed = list(tools.items)
    assert len(listed) >= 5
    for tool in listed:
        schema = tool["inputSchema"]
        shape = form_shape(schema)
        assert shape.kind is Kind.OBJECT and shape.refusal is None, tool["name"]
        assert [f.key for f in shape.fields] == list(schema.get("properties", {})), tool["name"]
        for f in shape.fields:
            declared = schema["properties"][f.key]
            assert f.required == (f.key in schema.get("required", [])), (tool["name"], f.key)
            if declared.get("type") in ("string", "boolean", "integer", "number") and "enum" not in declared:
                assert f.kind.value == declared["type"], (tool["name"], f.key, f.kind)
    echo = next(t for t in listed if t["name"] == "echo")
    message = fields(form_shape(echo["inputSchema"]))["message"]
    assert message.kind is Kind.STRING and message.required and message.description


def test_the_spec_examples() -> None:
    # server/tools (2025-11-25): a tool with a described string, with draft-07, with no parameters
    weather = form_shape(
        {
            "type": "object",
            "properties": {"location": {"type": "string", "description": "City name or zip code"}},
            "required": ["location"],
        }
    )
    assert fields(weather)["location"].placeholder() == "City name or zip code"
    draft7 = form_shape(
        {
            "$schema": "http://json-schema.org/draft-07/schema#",
            "type": "object",
            "properties": {"a": {"type": "number"}, "b": {"type": "number"}},
            "required": ["a", "b"],
        }
    )
    assert [(f.key, f.kind, f.required) for f in draft7.fields] == [("a", Kind.NUMBER, True), ("b", Kind.NUMBER, True)]
    none = form_shape({"type": "object", "additionalProperties": False})
    assert none.fields == () and none.declared and none.refusal is None
    assert not form_shape({"type": "object"}).declared  # any object: the form has nothing to offer
    # client/elicitation (2025-11-25): titled single-select, untitled and titled multi-select
    single = field_shape(
        {
            "type": "string",
            "title": "Color Selection",
            "description": "Choose your favorite color",
            "oneOf": [
                {"const": "#FF0000", "title": "Red"},
                {"const": "#00FF00", "title": "Green"},
                {"const": "#0000FF", "title": "Blue"},
            ],
            "default": "#FF0000",
        },
        {},
    )
    assert single.kind is Kind.ENUM and single.title == "Color Selection" and single.default == "#FF0000"
    assert single.choices[1] == Choice("#00FF00", "Green")
    multi = field_shape(
        {
            "type": "array",
            "minItems": 1,
            "maxItems": 2,
            "items": {"type": "string", "enum": ["Red", "Green", "Blue"]},
            "default": ["Red", "Green"],
        },
        {},
    )
    assert multi.kind is Kind.MULTI_ENUM and [c.label for c in multi.choices] == ["Red", "Green", "Blue"]
    titled = field_shape(
        {"type": "array", "items": {"anyOf": [{"const": "#FF0000", "title": "Red"}, {"const": "#0000FF"}]}}, {}
    )
    assert titled.kind is Kind.MULTI_ENUM and titled.choices == (Choice("#FF0000", "Red"), Choice("#0000FF", "#0000FF"))


# ---------------------------------------------------------------------- edge cases


def test_refs_optional_types_and_all_of_are_read_as_one_schema() -> None:
    schema = {
        "type": "object",
        "$defs": {"Point": {"type": "object", "properties": {"x": {"type": "number"}}, "required": ["x"]}},
        "properties": {
            "where": {"$ref": "#/$defs/Point", "title": "Where"},
            "label": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
            "mode": {"type": ["string", "null"], "enum": ["a", "b", None]},
            "wrapped": {"allOf": [{"$ref": "#/$defs/Point"}], "default": {"x": 1}},
            "flag": {"type": ["boolean", "null"]},
        },
    }
    by_key = fields(form_shape(schema))
    where = by_key["where"]
    assert where.kind is Kind.OBJECT and where.title == "Where" and fields(where)["x"].required
    assert by_key["label"].kind is Kind.STRING and by_key["label"].has_default and by_key["label"].default is None
    assert [c.value for c in by_key["mode"].choices] == ["a", "b", None] and by_key["mode"].kind is Kind.ENUM
    assert by_key["wrapped"].kind is Kind.OBJECT and by_key["wrapped"].default == {"x": 1}
    assert by_key["flag"].kind is Kind.BOOLEAN
    # the same definition twice side by side is no recursion
    twice = form_shape(
        {"$defs": schema["$defs"], "properties": {"a": {"$ref": "#/$defs/Point"}, "b": {"$ref": "#/$defs/Point"}}}
    )
    assert [f.kind for f in twice.fields] == [Kind.OBJECT, Kind.OBJECT]


def test_what_no_field_can_edit_is_refused_with_a_reason_code() -> None:
    root = {"$defs": {"Loop": {"$ref": "#/$defs/Loop"}}}
    cases: list[tuple[object, Refusal]] = [
        (True, Refusal(Reason.ANY_VALUE)),
        ({}, Refusal(Reason.ANY_VALUE)),
        (3, Refusal(Reason.NOT_A_SCHEMA)),
        ({"$ref": "https://example.com/s.json"}, Refusal(Reason.REMOTE_REF, "https://example.com/s.json")),
        ({"$ref": "#/$defs/Nowhere"}, Refusal(Reason.DANGLING_REF, "#/$defs/Nowhere")),
        ({"$ref": "#/$defs/Loop"}, Refusal(Reason.RECURSIVE_REF)),
        ({"allOf": [{"type": "string"}, {"minLength": 1}]}, Refusal(Reason.ALL_OF)),
        ({"oneOf": [{"type": "string"}, {"type": "integer"}]}, Refusal(Reason.SEVERAL_BRANCHES, "oneOf")),
        ({"anyOf": [{"type": "string"}, {"type": "integer"}]}, Refusal(Reason.SEVERAL_BRANCHES, "anyOf")),
        ({"type": "string", "not": {"const": ""}}, Refusal(Reason.NOT_SHOWN, "not")),
        ({"type": "object", "patternProperties": {}}, Refusal(Reason.NOT_SHOWN, "patternProperties")),
        ({"type": ["string", "integer"]}, Refusal(Reason.SEVERAL_TYPES, "string, integer")),
        ({"description": "anything"}, Refusal(Reason.NO_TYPE)),
        ({"type": "null"}, Refusal(Reason.UNKNOWN_TYPE, "null")),
        ({"type": "object", "additionalProperties": {"type": "string"}}, Refusal(Reason.FREE_FORM_OBJECT)),
        ({"type": "object"}, Refusal(Reason.UNDECLARED_OBJECT)),
        ({"type": "array", "prefixItems": [{"type": "string"}]}, Refusal(Reason.TUPLE_ARRAY)),
        ({"type": "array", "items": [{"type": "string"}]}, Refusal(Reason.TUPLE_ARRAY)),
        ({"type": "array"}, Refusal(Reason.ANY_VALUE)),  # items of any value
    ]
    for schema, expected in cases:
        assert refusal(schema, root) == expected, schema
    kept = field_shape({"oneOf": [{"type": "string"}, {"type": "integer"}], "title": "T", "default": 1}, {}, "k", True)
    assert (kept.title, kept.default, kept.required, kept.key) == ("T", 1, True, "k")  # still named, still filled
    root_refused = form_shape({"type": "array", "items": {"type": "string"}})
    assert root_refused.refusal == Refusal(Reason.NOT_AN_OBJECT, "array") and root_refused.fields == ()
    assert form_shape(None) == form_shape({}) == FieldShape(Kind.OBJECT, required=True)


def test_a_recursive_schema_stops_at_objects_and_opens_one_level_per_array_row() -> None:
    schema = {
        "$defs": {
            "Node": {
                "type": "object",
                "properties": {
                    "name": {"type": "string"},
                    "parent": {"$ref": "#/$defs/Node"},
                    "children": {"type": "array", "items": {"$ref": "#/$defs/Node"}},
                },
            }
        },
        "$ref": "#/$defs/Node",
    }
    root = form_shape(schema)
    by_key = fields(root)
    assert by_key["parent"].refusal == Refusal(Reason.RECURSIVE_REF)  # an object holding itself: kept as JSON
    children = by_key["children"]
    assert children.kind is Kind.ARRAY
    row = children.item()  # a row reads the node again, its own rows one more level when added
    assert row.kind is Kind.OBJECT and fields(row)["children"].item().kind is Kind.OBJECT


def test_enum_like_schemas() -> None:
    assert field_shape({"enum": [1, "b"], "enumNames": ["One", "Bee"]}, {}).choices == (
        Choice(1, "One"),
        Choice("b", "Bee"),
    )
    bad_names = field_shape({"enum": [1, "b"], "enumNames": ["One"]}, {})
    assert bad_names.choices == (Choice(1, "1"), Choice("b", "b"))
    assert field_shape({"const": {"a": 1}}, {}).choices == (Choice({"a": 1}, '{"a":1}'),)
    assert field_shape({"type": "boolean", "enum": [True]}, {}).kind is Kind.ENUM  # a list before the type
    objects = field_shape({"type": "array", "items": {"type": "object", "enum": [{"a": 1}]}}, {})
    assert objects.kind is Kind.ARRAY  # rows: an object type is read before its list (and has no properties)
    assert objects.item().refusal == Refusal(Reason.UNDECLARED_OBJECT)


def test_hints_for_an_empty_field() -> None:
    s = field_shape(
        {"type": "string", "format": "date", "maxLength": 10, "description": "x" * 100 + "\nsecond line"}, {}
    )
    assert s.format_example == "YYYY-MM-DD" and s.max_length == 10 and s.min_length is None
    assert s.placeholder("up to 10") == "YYYY-MM-DD · up to 10 · " + "x" * 87 + "…"
    assert field_shape({"type": "string", "format": "unknown"}, {}).format_example == ""
    assert field_shape({"type": "number", "exclusiveMinimum": 0}, {}).range_hint() == "≥ 0"
    assert field_shape({"type": "integer", "maximum": 2**70}, {}).range_hint() == f"≤ {2**70}"
    assert field_shape({"type": "number", "minimum": True}, {}).range_hint() == ""  # not a number: no bound


def test_values_read_beside_the_schema() -> None:
    assert json_equal(True, True) and not json_equal(True, 1) and not json_equal(0, False) and json_equal(1, 1.0)
    assert value_label("a") == "a" and value_label(None) == "null" and value_label([1, True]) == "[1,true]"
    assert path_text(()) == "" and path_text(("a", 2, "b", 0)) == "a[2].b[0]" and path_text((1,)) == "[1]"
    assert differing_paths({"a": 1, "b": [1]}, {"a": 1.0, "c": 2, "b": [1]}) == [("a",), ("c",)]
    assert differing_paths({"a": {"x": [1]}}, {"a": {"x": [2]}}) == [("a", "x")] and differing_paths(1, 2) == [()]
    assert differing_paths({"a": {"x": True}}, {"a": {"x": True}}) == []
    assert read_number("", integer=True) is None and read_number(" 7 ", integer=True) == 7
    assert read_number("2.0", integer=True) == 2 and isinstance(read_number("2.0", integer=True), int)
    assert read_number("2.5", integer=True) is NumberProblem.NOT_WHOLE
    assert read_number("abc", integer=True) is NumberProblem.NOT_WHOLE
    assert read_number("abc", integer=False) is NumberProblem.NOT_A_NUMBER
    assert read_number("inf", integer=False) is NumberProblem.NOT_FINITE
    assert read_number("1e3", integer=False) == 1000.0


def test_which_choices_a_value_picks() -> None:
    choices = (Choice(1, "one"), Choice(True, "yes"), Choice("a", "A"), Choice({"k": [1]}, "obj"))
    assert choice_index(choices, True) == 1 and choice_index(choices, 1) == 0  # True is not 1
    assert choice_index(choices, 1.0) == 0 and choice_index(choices, {"k": [1]}) == 3
    assert choice_index(choices, "b") is None and choice_index((), 1) is None
    assert split_choices(choices, ["a", 7, True, "zz"]) == ({1, 2}, [7, "zz"])
    assert split_choices(choices, []) == (set(), [])


def test_the_raw_editors_text() -> None:
    assert read_object_text("") == ({}, None) and read_object_text(" \n ") == ({}, None)
    assert read_object_text('{"a": [1, 2.5]}') == ({"a": [1, 2.5]}, None)
    assert read_object_text("[1]") == (None, TextProblem())  # JSON, not an object
    assert read_object_text('{"a": NaN}') == (None, TextProblem(constant="NaN"))
    value, problem = read_object_text('{\n  "a": 1,\n}')
    assert value is None and problem is not None and (problem.line, problem.column) == (3, 1) and problem.message


def test_problems_are_placed_at_the_deepest_node_holding_their_path() -> None:
    schema = {
        "type": "object",
        "properties": {
            "name": {"type": "string", "minLength": 2, "pattern": "^[a-z]+$"},
            "tags": {"type": "array", "items": {"enum": ["a", "b"]}},
            "meta": {"type": "object", "properties": {"n": {"type": "integer", "maximum": 3}}},
        },
        "required": ["name", "missing"],
    }
    nodes = {"form": {"name": "name", "tags": "tags", "meta": "meta"}, "tags": {}}  # no node for meta.n, tags[1]
    found = check_value(schema, {"name": "X", "tags": ["a", "z"], "meta": {"n": 9}}).problems
    placed = place_problems(found, "form", lambda node, part: nodes.get(node, {}).get(part))
    assert placed["name"][0].check.value == "minLength" and placed["name"][1] == ()  # the more basic of two
    assert placed["tags"][1] == (1,) and placed["meta"][1] == ("n",)  # the rest: where inside the node's value
    assert placed["form"][0].missing == "missing" and placed["form"][1] == ("missing",)
    assert set(placed) == {"form", "name", "tags", "meta"}
