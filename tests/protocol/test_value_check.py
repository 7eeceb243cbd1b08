"""Values against any schema: the protocol's one validator, problems located and typed as data.

The desktop form interprets no JSON-Schema keyword to check a value; these tests pin what it
relies on: every problem with its instance path, the :class:`Check` it failed and that check's
limit, one compile cache, and a check that never raises.
"""

from __future__ import annotations

import pytest

from inspector.protocol import schema as S
from inspector.protocol.schema import Check, ValueCheck, cached_validator, check_value, first_problem, required_names

D7 = "http://json-schema.org/draft-07/schema#"
D2020 = "https://json-schema.org/draft/2020-12/schema"


def by_location(check: ValueCheck) -> dict[tuple, list[tuple[Check, object]]]:
    out: dict[tuple, list[tuple[Check, object]]] = {}
    for p in check.problems:
        out.setdefault(p.location, []).append((p.check, p.limit))
    return out


def test_each_keyword_comes_back_as_a_check_with_its_limit_and_path():
    schema = {
        "type": "object",
        "properties": {
            "s": {"type": "string", "minLength": 3, "maxLength": 1, "pattern": "^[a-z]+$"},
            "n": {"type": "number", "minimum": 5, "maximum": 1, "multipleOf": 2},
            "x": {"type": "number", "exclusiveMinimum": 5, "exclusiveMaximum": 1},
            "a": {"type": "array", "minItems": 4, "maxItems": 1, "uniqueItems": True, "items": {"type": "integer"}},
            "e": {"enum": ["red", "green"]},
            "k": {"const": 7},
            "t": {"type": "integer"},
            "f": {"type": "string", "format": "email"},
        },
        "required": ["s", "gone"],
    }
    got = by_location(
        check_value(schema, {"s": "AB", "n": 3, "x": 3, "a": [1, 1, "z"], "e": "blue", "k": 8, "t": "1", "f": "a b"})
    )
    assert got[("gone",)] == [(Check.REQUIRED, None)]
    assert set(got[("s",)]) == {(Check.MIN_LENGTH, 3), (Check.MAX_LENGTH, 1), (Check.PATTERN, "^[a-z]+$")}
    assert set(got[("n",)]) == {(Check.MINIMUM, 5), (Check.MAXIMUM, 1), (Check.MULTIPLE_OF, 2)}
    assert set(got[("x",)]) == {(Check.EXCLUSIVE_MINIMUM, 5), (Check.EXCLUSIVE_MAXIMUM, 1)}
    assert set(got[("a",)]) == {(Check.MIN_ITEMS, 4), (Check.MAX_ITEMS, 1), (Check.UNIQUE_ITEMS, None)}
    assert got[("a", 2)] == [(Check.TYPE, ["integer"])]
    assert got[("e",)] == [(Check.ENUM, ["red", "green"])]
    assert got[("k",)] == [(Check.ENUM, [7])]  # a const is a list of one allowed value
    assert got[("t",)] == [(Check.TYPE, ["integer"])]
    assert got[("f",)] == [(Check.FORMAT, "email")]
    missing = next(p for p in check_value(schema, {}).problems if p.missing == "gone")
    assert missing.parts == () and missing.location == ("gone",) and missing.value is None
    enum = next(p for p in check_value(schema["properties"]["e"], "blue").problems)
    assert enum.value == "blue" and "blue" in enum.message  # the offending value and the library's words


def test_titled_const_choices_are_one_enum_and_a_nullable_branch_is_flattened():
    schema = {
        "type": "object",
        "properties": {
            "color": {"oneOf": [{"const": "r", "title": "Red"}, {"const": "g", "title": "Green"}]},
            "size": {"anyOf": [{"const": 1}, {"const": 2}]},
            "where": {
                "anyOf": [
                    {"type": "object", "properties": {"x": {"type": "number", "minimum": 0}}, "required": ["x"]},
                    {"type": "null"},
                ]
            },
        },
    }
    got = by_location(check_value(schema, {"color": "b", "size": 3, "where": {"x": -1}}))
    assert got[("color",)] == [(Check.ENUM, ["r", "g"])]
    assert got[("size",)] == [(Check.ENUM, [1, 2])]
    # the object branch is what the sender meant: its error, at its own path, not "valid under none"
    assert got[("where", "x")] == [(Check.MINIMUM, 0)]
    assert ("where",) not in got
    assert check_value(schema, {"where": None}).ok is True
    mixed = check_value({"anyOf": [{"const": 1}, {"type": "string", "minLength": 2}]}, 5)
    assert [p.check for p in mixed.problems] == [Check.OTHER]  # not every branch a const: no enum


def test_a_date_time_without_its_zone_is_told_apart():
    schema = {"type": "string", "format": "date-time"}
    assert [p.check for p in check_value(schema, "2024-01-01T10:00:00").problems] == [Check.TIME_ZONE]
    assert [p.check for p in check_value(schema, "yesterday").problems] == [Check.FORMAT]
    assert check_value(schema, "2024-01-01T10:00:00Z").ok is True


@pytest.mark.parametrize(
    "schema",
    [
        {
            "$schema": D7,
            "definitions": {
                "P": {"type": "object", "properties": {"x": {"type": "integer", "maximum": 3}}, "required": ["x"]}
            },
            "type": "object",
            "properties": {"p": {"$ref": "#/definitions/P"}},
        },
        {
            "$schema": D2020,
            "$defs": {
                "P": {"type": "object", "properties": {"x": {"type": "integer", "maximum": 3}}, "required": ["x"]}
            },
            "type": "object",
            "properties": {"p": {"$ref": "#/$defs/P"}},
        },
        {
            "$defs": {
                "P": {"type": "object", "properties": {"x": {"type": "integer", "maximum": 3}}, "required": ["x"]}
            },
            "type": "object",
            "properties": {"p": {"$ref": "#/$defs/P"}},
        },
    ],
    ids=["draft-07", "2020-12", "undeclared"],
)
def test_local_refs_in_each_draft_locate_problems_inside_the_target(schema):
    assert by_location(check_value(schema, {"p": {"x": 9}})) == {("p", "x"): [(Check.MAXIMUM, 3)]}
    assert by_location(check_value(schema, {"p": {}})) == {("p", "x"): [(Check.REQUIRED, None)]}
    assert check_value(schema, {"p": {"x": 2}}) == ValueCheck(True)


def test_each_draft_is_read_as_declared():
    d4 = {
        "$schema": "http://json-schema.org/draft-04/schema#",
        "type": "number",
        "minimum": 0,
        "exclusiveMinimum": True,
    }
    assert [(p.check, p.limit) for p in check_value(d4, 0).problems] == [(Check.EXCLUSIVE_MINIMUM, 0)]
    # the same boolean in a schema that declares nothing (2020-12) is a schema error, said as such
    undeclared = check_value({"type": "number", "minimum": 0, "exclusiveMinimum": True}, 0)
    assert undeclared.ok is None and undeclared.compile_error and not undeclared.problems


def test_one_compile_cache_keyed_by_canonical_json():
    a = {"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]}
    b = {"required": ["q"], "properties": {"q": {"type": "string"}}, "type": "object"}  # same schema, other key order
    assert cached_validator(a) is cached_validator(b)
    assert cached_validator(a) is not cached_validator({**a, "required": []})
    for _ in range(2):  # a schema that cannot be compiled is remembered, and refused every time
        with pytest.raises(S.SchemaCompileError, match="regex"):
            cached_validator({"type": "string", "pattern": "["})
    with pytest.raises(S.SchemaCompileError, match="object or a boolean"):
        cached_validator(["not", "a", "schema"])
    with pytest.raises(S.SchemaCompileError):
        cached_validator({"default": object()})  # not JSON
    with pytest.raises(S.SchemaCompileError, match="remote"):
        cached_validator({"$ref": "https://example.invalid/schema.json"})
    first = cached_validator({"const": "first"})
    for i in range(S.MAX_CACHED + 1):  # bounded: a server sending many schemas cannot grow it forever
        cached_validator({"const": i})
    assert 0 < S.cached_count() <= S.MAX_CACHED
    assert cached_validator({"const": "first"}) is not first  # compiled again after the bound cleared it


def test_check_value_never_raises_and_takes_a_compiled_validator():
    assert check_value({"type": "nope"}, 1).ok is None
    odd = check_value({"type": "object", "properties": {"x": {"type": "string"}}}, {"x": object()})
    assert odd.ok is None and odd.compile_error
    validator = cached_validator({"type": "integer"})
    assert check_value(None, 3, validator).ok is True
    assert [p.check for p in check_value(None, "3", validator).problems] == [Check.TYPE]
    assert check_value(True, {"anything": [1]}).ok is True and check_value(False, 1).ok is False


def test_first_problem_keeps_its_verdict():
    # the elicitation policy relies on these: the first error's path, message and missing name
    validator = S.compile_schema({"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["b"]})
    problem = first_problem(validator, {"a": "x"})
    assert problem is not None and (problem.parts, problem.missing) in {((), "b"), (("a",), None)}
    assert first_problem(validator, {"b": 1, "a": 2}) is None
    only = first_problem(validator, {"b": 1, "a": "x"})
    assert only == S.ValueProblem(("a",), '"x" is not of type "integer"', None, Check.TYPE)


def test_checks_are_ranked_most_basic_first():
    ranked = sorted(Check, key=lambda c: c.rank)
    assert ranked[:3] == [Check.REQUIRED, Check.TYPE, Check.ENUM] and ranked[-1] is Check.OTHER
    assert Check.TIME_ZONE.rank < Check.FORMAT.rank < Check.MINIMUM.rank


def test_required_names():
    assert required_names({"required": ["a", 3, "b"]}) == {"a", "b"}
    assert required_names({"required": "a"}) == frozenset() and required_names(None) == frozenset()
