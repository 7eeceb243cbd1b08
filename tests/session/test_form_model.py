"""The schema form's model (session/form_model.py), headless: values, defaults, text that is not
of its type, array rows, choices, values outside a list, and the validator's problems placed at
the node holding their instance path, worded through the caller's translate."""

from __future__ import annotations

import copy

from inspector.demo.catalog import INPUT_TYPES_SCHEMA, elicitation_form
from inspector.protocol.schema_shape import NumberProblem, Reason
from inspector.session.form_model import (
    EXTRA,
    NOT_SET,
    ArrayNode,
    BoolNode,
    ChoiceNode,
    FormModel,
    MultiChoiceNode,
    ObjectNode,
    OpaqueNode,
    TextNode,
)
from inspector.session.translate import untranslated

DEFAULTS = {
    "count": 3,
    "ratio": 0.5,
    "enabled": True,
    "color": "green",
    "tags": ["demo"],
    "address": {"street": "1 Main Street", "city": "Springfield", "zip": "12345", "geo": {"lat": 0.0, "lon": 0.0}},
}


def model() -> FormModel:
    return FormModel(copy.deepcopy(INPUT_TYPES_SCHEMA))


def errors(form: FormModel) -> dict[str, str]:
    return form.errors(form.messages(untranslated))


def test_one_node_per_field_at_its_default_and_empty_optional_fields_left_out() -> None:
    form = model()
    kinds = {n.path_text: type(n) for n in form.nodes()}
    assert kinds["text"] is TextNode and kinds["count"] is TextNode and kinds["enabled"] is BoolNode
    assert kinds["color"] is ChoiceNode and kinds["sizes"] is MultiChoiceNode and kinds["tags"] is ArrayNode
    assert kinds["address"] is ObjectNode and kinds["address.geo.lat"] is TextNode
    assert form.value() == DEFAULTS and form.unsupported == []
    count = form.node("count")
    assert isinstance(count, TextNode) and count.kind == "number" and count.text == "3"
    assert form.node("nowhere") is None


def test_text_that_is_not_a_number_is_the_nodes_own_problem_and_kept_as_typed() -> None:
    form = model()
    count = form.node("count")
    assert isinstance(count, TextNode)
    count.text = "2.5"
    assert count.own_problem() is NumberProblem.NOT_WHOLE
    assert form.value()["count"] == "2.5"  # the raw editor shows what was typed
    assert errors(form)["count"] == "must be a whole number"
    count.text = " 7 "
    assert count.own_problem() is None and form.value()["count"] == 7
    count.text = ""
    assert "count" not in form.value()


def test_the_validators_problems_are_placed_at_the_node_holding_their_path() -> None:
    form = model()
    assert errors(form) == {"text": "required"}
    form.set_value({"text": "t", "count": 11, "address": {"zip": "12a"}, "more": 1})
    found = errors(form)
    assert found["count"] == "must be at most 10" and "pattern" in found["address.zip"]
    assert form.extra == {"more": 1} and form.value()["more"] == 1  # undeclared keys are kept
    first = form.first_problem(errors(form))
    assert first is not None and first.path_text == "count"  # the form's order, not the keys'
    form.set_value({"text": "t"})
    assert errors(form) == {} and form.first_problem(errors(form)) is None


def test_array_rows_added_removed_and_numbered_and_empty_rows_left_out() -> None:
    form = FormModel(
        {"type": "object", "properties": {"tags": {"type": "array", "items": {"type": "string", "minLength": 2}}}}
    )
    tags = form.node("tags")
    assert isinstance(tags, ArrayNode) and "tags" not in form.value()
    for text in ("ok", "", "x"):
        row = tags.add_item()
        assert isinstance(row, TextNode)
        row.text = text
    assert form.value() == {"tags": ["ok", "x"]}
    # "x" is item 1 of the value, and its problem goes to the row that holds it
    placed = form.placed(untranslated)
    assert placed == {tags.items[2]: "must be at least 2 characters long"}
    assert errors(form) == {"tags[2]": "must be at least 2 characters long"}
    assert tags.remove_item(tags.items[1]) and [n.path_text for n in tags.items] == ["tags[0]", "tags[1]"]
    assert not tags.remove_item(form.root)
    tags.set(["a", "b", "c"])
    assert [n.lenient() for n in tags.items] == ["a", "b", "c"]
    tags.set(NOT_SET)
    assert tags.items == []


def test_choices_values_outside_the_list_and_their_labels() -> None:
    form = FormModel(elicitation_form("2025-11-25"))
    color = form.node("color")
    assert isinstance(color, ChoiceNode) and not color.blank and color.picked == 1  # required with a default
    assert color.label_of("red") == "Red" and color.label_of("x") == "x"
    color.set("purple")
    assert color.picked is EXTRA and color.extra == "purple" and form.value()["color"] == "purple"
    color.picked = 2
    assert form.value()["color"] == "blue"
    old = FormModel(elicitation_form("2025-06-18"))
    assert errors(old) == {"name": "required", "color": "required"}
    toppings = form.node("toppings")
    assert isinstance(toppings, MultiChoiceNode)
    toppings.set(["cheese", "anchovies", "olive"])
    assert toppings.chosen == {0, 2}
    assert toppings.extra == ["anchovies"]


def test_an_optional_boolean_without_default_has_a_third_state() -> None:
    form = FormModel({"type": "object", "properties": {"flag": {"type": "boolean"}, "on": {"type": "boolean"}}})
    flag = form.node("flag")
    assert isinstance(flag, BoolNode) and flag.tristate and flag.state is None and flag.value() is NOT_SET
    assert form.value() == {}
    flag.state = False
    assert form.value() == {"flag": False}
    required = FormModel({"type": "object", "properties": {"b": {"type": "boolean"}}, "required": ["b"]})
    b = required.node("b")
    assert isinstance(b, BoolNode) and not b.tristate and b.value() is False
    assert repr(NOT_SET) == "NOT_SET" and not NOT_SET and copy.deepcopy(NOT_SET) is NOT_SET


def test_constructs_no_field_edits_are_kept_as_json_and_listed() -> None:
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
    form = FormModel(schema)
    parent = form.node("parent")
    assert isinstance(parent, OpaqueNode) and [(p, r.reason) for p, r in form.unsupported] == [
        ("parent", Reason.RECURSIVE_REF)
    ]
    children = form.node("children")
    assert isinstance(children, ArrayNode)
    row = children.add_item({"name": "leaf", "parent": {"name": "up"}})
    assert isinstance(row, ObjectNode) and form.node("children[0].children") is not None
    assert form.value() == {"children": [{"name": "leaf", "parent": {"name": "up"}}]}
    assert [p for p, _ in form.unsupported] == ["parent", "children[0].parent"]


def test_a_schema_the_validator_cannot_compile_leaves_the_form_unchecked() -> None:
    form = FormModel(
        {
            "type": "object",
            "properties": {"n": {"type": "number", "minimum": 0, "exclusiveMinimum": True}},
            "required": ["n"],
        }
    )
    assert form.compile_error and form.check({}).ok is None and errors(form) == {}
    n = form.node("n")
    assert isinstance(n, TextNode)
    n.text = "abc"
    assert errors(form) == {"n": "must be a number"}  # its own problem is still said


def test_problems_are_worded_through_the_callers_translate() -> None:
    form = model()
    shouted = form.messages(lambda context, text: text.upper())
    text = form.node("text")
    assert text is not None and shouted[text] == "REQUIRED"
    assert FormModel(None).value() == {} and FormModel({}).check({}).ok is True


def test_the_raw_editors_text_read_checked_and_said() -> None:
    form = model()
    assert form.read_raw("  ", untranslated) == ({}, None)
    value, problem = form.read_raw('{"text": "x",\n "count": }', untranslated)
    assert value == {} and problem is not None and problem.startswith("not JSON: line 2, column")
    assert form.raw_errors("[1]", untranslated) == {"": "the arguments must be a JSON object"}
    assert form.raw_errors('{"text": "x", "address": {"zip": "1"}}', untranslated) == {
        "address.zip": "must match the pattern ^[0-9]{5}$"
    }
    assert form.raw_errors('{"text": "x"}', untranslated) == {}
    status = form.raw_status('{"count": 3}', untranslated)
    assert status.tone == "error" and status.problem is not None and "text" in status.text
    assert form.raw_status('{"text": "x"}', untranslated).tone == "ok"
    assert FormModel({}).raw_status("{}", untranslated).tone == "muted"  # no schema: nothing to check against


def test_how_a_field_is_named_and_its_names_tooltip() -> None:
    form = model()
    text, count = form.node("text"), form.node("count")
    assert text is not None and count is not None
    assert text.title == "text *" and count.title == "count"  # required fields are marked
    assert count.tip.startswith("count\n") and count.shape.description in count.tip
    bare = FormModel({"type": "object", "properties": {"k": {"type": "string", "title": "Kay"}}}).node("k")
    assert bare is not None and bare.title == "Kay" and bare.tip == "k"  # no description: the key alone
