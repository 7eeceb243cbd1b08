"""The schema form's words as data (session/schema_words.py), headless: real problems from the
protocol's validator worded, refusals and number problems, all through the caller's translate."""

from __future__ import annotations

from inspector.demo.catalog import INPUT_TYPES_SCHEMA
from inspector.protocol.schema import ValueCheck, check_value
from inspector.protocol.schema_shape import NumberProblem, Reason, Refusal, form_shape, read_object_text
from inspector.session import schema_words as words
from inspector.session.translate import untranslated


def shout(context: str, text: str) -> str:
    """A translation that shows it was asked (and in which context)."""
    assert context == "SchemaForm"
    return text.upper()


def problems(value: object, schema: dict = INPUT_TYPES_SCHEMA) -> dict:
    return {p.location: p for p in check_value(schema, value).problems}


def test_the_validators_problems_worded_at_their_fields() -> None:
    found = problems({"count": 11, "ratio": -1, "color": "pink", "sizes": ["S", "S"], "address": {"zip": "1"}})
    text = {where: words.problem_text(p, untranslated) for where, p in found.items()}
    assert text[("text",)] == "required"
    assert text[("count",)] == "must be at most 10" and text[("ratio",)] == "must be at least 0"
    assert text[("color",)] == "must be one of: red, green, blue"
    assert text[("sizes",)] == "items must be unique"
    assert text[("address", "zip")] == "must match the pattern ^[0-9]{5}$"
    named = words.problem_text(found[("color",)], untranslated, label=lambda v: f"<{v}>")
    assert named == "must be one of: <red>, <green>, <blue>"
    assert words.problem_text(found[("count",)], shout) == "MUST BE AT MOST 10"
    empty = problems({"text": ""})[("text",)]
    assert words.problem_text(empty, untranslated) == "must not be empty"
    longer = problems("ab", {"type": "string", "minLength": 3})[()]
    assert words.problem_text(longer, untranslated) == "must be at least 3 characters long"
    date = problems("2025-02-30", {"type": "string", "format": "date"})[()]
    assert words.problem_text(date, untranslated) == "must be a date (YYYY-MM-DD)"
    odd = problems(3, {"type": "string"})[()]
    assert words.problem_text(odd, untranslated) == odd.message  # no words of the form's own: the library's


def test_a_problem_inside_a_fields_value() -> None:
    item = problems(["S", "XXL"], INPUT_TYPES_SCHEMA["properties"]["sizes"])[(1,)]
    assert words.problem_inside(item, (1,), untranslated) == "XXL is not one of the choices"
    deep = problems({"a": {"b": 5}}, {"properties": {"a": {"properties": {"b": {"maximum": 1}}}}})[("a", "b")]
    assert words.problem_inside(deep, ("b",), untranslated) == "at b: must be at most 1"


def test_a_whole_values_check_in_one_line() -> None:
    assert words.check_text(ValueCheck(True), untranslated) == "valid"
    assert words.check_text(ValueCheck(None, compile_error="bad"), untranslated) == "schema could not be compiled: bad"
    assert words.check_text(check_value(INPUT_TYPES_SCHEMA, {}), untranslated) == "at text: is required"
    top = check_value({"type": "object"}, [1])
    assert words.check_text(top, untranslated) == f"at (root): {top.problems[0].message}"


def test_every_refusal_and_number_problem_has_its_words() -> None:
    assert all(words.refusal_text(Refusal(reason, "x"), untranslated) for reason in Reason)
    assert (
        words.refusal_text(Refusal(Reason.REMOTE_REF, "https://e/s.json"), untranslated)
        == "remote $ref https://e/s.json"
    )
    assert words.refusal_text(None, untranslated) == ""
    assert words.refusal_text(Refusal(Reason.TUPLE_ARRAY), shout) == "A TUPLE ARRAY"
    assert [words.number_problem_text(p, untranslated) for p in NumberProblem] == [
        "must be a number",
        "must be a whole number",
        "must be a finite number",
    ]
    assert set(words.REASON_WORDS.values()) <= set(words.WORDS)  # what scripts/i18n.py reads


def test_what_an_empty_field_shows() -> None:
    shape = form_shape(
        {
            "properties": {
                "code": {"type": "string", "minLength": 2, "maxLength": 5, "pattern": "^[A-Z]+$"},
                "note": {"type": "string", "maxLength": 80, "format": "email", "description": "Who\nmore"},
                "n": {"type": "integer", "minimum": 1, "description": "How many"},
                "x": {"type": "number"},
            }
        }
    )
    code, note, n, x = shape.fields
    assert words.string_placeholder(code, untranslated) == "2–5 characters · ^[A-Z]+$"
    assert words.string_placeholder(note, untranslated) == "name@example.com · up to 80 characters · Who"
    assert words.number_placeholder(n, untranslated) == "whole number ≥ 1 · How many"
    assert words.number_placeholder(x, shout) == "NUMBER"


def test_what_a_form_says_above_its_fields() -> None:
    def note(schema: object, compile_error: str | None = None) -> tuple[str, str] | None:
        return words.empty_note(form_shape(schema), compile_error, untranslated)

    assert note({"type": "object", "properties": {"a": {"type": "string"}}}) is None
    assert note({"type": "object", "properties": {}}) == ("No fields: this takes no arguments.", "muted")
    assert note({"type": "object", "additionalProperties": False})[0].startswith("No fields: this takes")
    assert note({"type": "object"}) == (
        "No fields declared; the schema accepts any object (use Raw JSON to send some).",
        "muted",
    )
    assert note({"type": "array"}) == (
        "The form cannot show this schema: the arguments are not an object (type array).",
        "",
    )
    assert note({"type": "object", "properties": {"a": {}}}, "bad") == ("⚠ schema could not be compiled: bad", "warn")


def test_the_raw_tabs_status() -> None:
    def problem(text: str) -> str | None:
        _, found = read_object_text(text)
        return None if found is None else words.text_problem(found, untranslated)

    assert problem('{"a": 1}') is None and problem("[1]") == "the arguments must be a JSON object"
    assert problem('{"a": Infinity}') == "not JSON: Infinity is not JSON"
    assert problem('{"a": }') == "not JSON: line 1, column 7: Expecting value"
    bad = words.raw_status("not JSON: x", None, untranslated)
    assert bad == words.RawStatus("✗ not JSON: x", "error", "not JSON: x")
    assert words.raw_status(None, None, untranslated) == words.RawStatus(
        "valid JSON (no schema to check against)", "muted"
    )
    assert words.raw_status(None, ValueCheck(True), untranslated) == words.RawStatus("✓ valid against the schema", "ok")
    unchecked = words.raw_status(None, ValueCheck(None, compile_error="bad"), untranslated)
    assert unchecked == words.RawStatus("⚠ schema could not be compiled: bad", "warn")
    failed = words.raw_status(None, check_value(INPUT_TYPES_SCHEMA, {}), untranslated)
    assert failed == words.RawStatus("✗ at text: is required", "error", "at text: is required")
    asked: list[str] = []
    words.raw_status(None, ValueCheck(True), lambda context, text: asked.append(context) or text)
    assert asked == ["ArgumentsEditor"]


def test_a_fields_own_words_and_the_notes_of_the_arguments_editor() -> None:
    assert words.field_word("choose", untranslated) == "— choose —"
    assert words.field_word("not_in_list", untranslated).format("x") == "x (not in the list)"
    refusal = Refusal(Reason.FREE_FORM_OBJECT)
    assert words.opaque_text({"a": 1}, refusal, untranslated) == '{"a":1} — edit in Raw JSON (a free-form object)'
    assert words.opaque_text(None, refusal, untranslated, is_set=False).startswith("(not set) — edit in Raw JSON")
    long = words.opaque_text("x" * 500, refusal, untranslated)
    assert long.startswith('"' + "x" * 196 + "…") and len(long.split(" — ")[0]) == 198
    kept = [(f"p{i}", Refusal(Reason.TUPLE_ARRAY)) for i in range(6)]
    note = words.unsupported_note([("", Refusal(Reason.NOT_AN_OBJECT, "array")), *kept], untranslated)
    assert note.startswith("Some of this schema cannot be shown as a form ((root): the arguments are not an object")
    assert "p2: a tuple array)" in note and "p3" not in note  # the first four
    assert words.differences_note({"a": 1}, {"a": 1}, untranslated) is None
    lost = words.differences_note({"a": 1.0, "b": 2, **{f"k{i}": i for i in range(9)}}, {"a": 1}, untranslated)
    assert lost == "The form shows these values differently: a, b, k0, k1, k2, k3."
    assert words.differences_note(1, 2, untranslated) == "The form shows these values differently: (root)."
