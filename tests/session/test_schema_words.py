"""The schema form's words as data (session/schema_words.py), headless: real problems from the
protocol's validator worded, refusals and number problems, all through the caller's translate."""

from __future__ import annotations

from inspector.demo.catalog import INPUT_TYPES_SCHEMA
from inspector.protocol.schema import ValueCheck, check_value
from inspector.protocol.schema_shape import NumberProblem, Reason, Refusal
from inspector.session import schema_words as words


def same(_context: str, text: str) -> str:
    return text


def shout(context: str, text: str) -> str:
    """A translation that shows it was asked (and in which context)."""
    assert context == "SchemaForm"
    return text.upper()


def problems(value: object, schema: dict = INPUT_TYPES_SCHEMA) -> dict:
    return {p.location: p for p in check_value(schema, value).problems}


def test_the_validators_problems_worded_at_their_fields() -> None:
    found = problems({"count": 11, "ratio": -1, "color": "pink", "sizes": ["S", "S"], "address": {"zip": "1"}})
    text = {where: words.problem_text(p, same) for where, p in found.items()}
    assert text[("text",)] == "required"
    assert text[("count",)] == "must be at most 10" and text[("ratio",)] == "must be at least 0"
    assert text[("color",)] == "must be one of: red, green, blue"
    assert text[("sizes",)] == "items must be unique"
    assert text[("address", "zip")] == "must match the pattern ^[0-9]{5}$"
    named = words.problem_text(found[("color",)], same, label=lambda v: f"<{v}>")
    assert named == "must be one of: <red>, <green>, <blue>"
    assert words.problem_text(found[("count",)], shout) == "MUST BE AT MOST {0}".format(10)
    empty = problems({"text": ""})[("text",)]
    assert words.problem_text(empty, same) == "must not be empty"
    longer = problems("ab", {"type": "string", "minLength": 3})[()]
    assert words.problem_text(longer, same) == "must be at least 3 characters long"
    date = problems("2025-02-30", {"type": "string", "format": "date"})[()]
    assert words.problem_text(date, same) == "must be a date (YYYY-MM-DD)"
    odd = problems(3, {"type": "string"})[()]
    assert words.problem_text(odd, same) == odd.message  # no words of the form's own: the library's


def test_a_problem_inside_a_fields_value() -> None:
    item = problems(["S", "XXL"], INPUT_TYPES_SCHEMA["properties"]["sizes"])[(1,)]
    assert words.problem_inside(item, (1,), same) == "XXL is not one of the choices"
    deep = problems({"a": {"b": 5}}, {"properties": {"a": {"properties": {"b": {"maximum": 1}}}}})[("a", "b")]
    assert words.problem_inside(deep, ("b",), same) == "at b: must be at most 1"


def test_a_whole_values_check_in_one_line() -> None:
    assert words.check_text(ValueCheck(True), same) == "valid"
    assert words.check_text(ValueCheck(None, compile_error="bad"), same) == "schema could not be compiled: bad"
    assert words.check_text(check_value(INPUT_TYPES_SCHEMA, {}), same) == "at text: is required"
    top = check_value({"type": "object"}, [1])
    assert words.check_text(top, same) == f"at (root): {top.problems[0].message}"


def test_every_refusal_and_number_problem_has_its_words() -> None:
    assert all(words.refusal_text(Refusal(reason, "x"), same) for reason in Reason)
    assert words.refusal_text(Refusal(Reason.REMOTE_REF, "https://e/s.json"), same) == "remote $ref https://e/s.json"
    assert words.refusal_text(None, same) == ""
    assert words.refusal_text(Refusal(Reason.TUPLE_ARRAY), shout) == "A TUPLE ARRAY"
    assert [words.number_problem_text(p, same) for p in NumberProblem] == [
        "must be a number",
        "must be a whole number",
        "must be a finite number",
    ]
    assert set(words.REASON_WORDS.values()) <= set(words.WORDS)  # what scripts/i18n.py reads
