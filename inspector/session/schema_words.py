"""The words of a form generated from a JSON Schema, as data: what the protocol's validator
found at a field, a whole value's check, why a schema cannot be edited as a form, why typed
text is not a number, and what an empty string or number field shows.

Theory of operation. The validator (:mod:`inspector.protocol.schema`) reports a problem as a
:class:`~inspector.protocol.schema.Check` with its limit, and the form's reading of a schema
(:mod:`inspector.protocol.schema_shape`) says why a construct is kept as JSON with a
:class:`~inspector.protocol.schema_shape.Reason` code; this module chooses the sentence for each
(English, one per code) and fills it in through the caller's ``tr(context, text)`` - the
window's ``QCoreApplication.translate`` in the "SchemaForm" context, where the form's own
strings are too (``scripts/i18n.py`` reads :data:`WORDS`). A check the form has no words for is
said in the validator library's own English.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import orjson

from inspector.protocol.jsontypes import JsonValue
from inspector.protocol.schema import Check, ValueCheck, ValueProblem
from inspector.protocol.schema_shape import (
    FieldShape,
    Kind,
    NumberProblem,
    Reason,
    Refusal,
    TextProblem,
    differing_paths,
    path_text,
    value_label,
)

from .translate import Translate

CONTEXT = "SchemaForm"

# How a check the validator reports is said at a field ("{0}": the check's limit).
CHECK_WORDS = {
    Check.REQUIRED: "required",
    Check.MAX_LENGTH: "must be at most {0} characters long",
    Check.PATTERN: "must match the pattern {0}",
    Check.TIME_ZONE: "needs a time zone (Z or ±hh:mm)",
    Check.MINIMUM: "must be at least {0}",
    Check.MAXIMUM: "must be at most {0}",
    Check.EXCLUSIVE_MINIMUM: "must be greater than {0}",
    Check.EXCLUSIVE_MAXIMUM: "must be less than {0}",
    Check.MULTIPLE_OF: "must be a multiple of {0}",
    Check.MIN_ITEMS: "needs at least {0} item(s)",
    Check.MAX_ITEMS: "allows at most {0} item(s)",
    Check.UNIQUE_ITEMS: "items must be unique",
}
# What a string of a format must be ("must be {0}").
FORMAT_NAMES = {
    "email": "an e-mail address",
    "uri": "a URI (scheme:...)",
    "byte": "base64 data",
    "date": "a date (YYYY-MM-DD)",
    "time": "a time (hh:mm:ss)",
    "date-time": "a date and time (YYYY-MM-DDThh:mm:ssZ)",
    "uuid": "a UUID",
    "ipv4": "an IPv4 address",
}
# What a schema the form cannot edit is ("{0}": the refusal's detail, a word of the schema).
REASON_WORDS = {
    Reason.ANY_VALUE: "any JSON value",
    Reason.NOT_A_SCHEMA: "not a schema object",
    Reason.RECURSIVE_REF: "recursive $ref",
    Reason.REMOTE_REF: "remote $ref {0}",
    Reason.DANGLING_REF: "$ref {0} points nowhere",
    Reason.ALL_OF: "allOf of several schemas",
    Reason.SEVERAL_BRANCHES: "{0} of several schemas",
    Reason.NOT_SHOWN: "{0} is not shown in the form",
    Reason.SEVERAL_TYPES: "a value of several types ({0})",
    Reason.NO_TYPE: "no type",
    Reason.UNKNOWN_TYPE: "type {0}",
    Reason.FREE_FORM_OBJECT: "a free-form object",
    Reason.UNDECLARED_OBJECT: "an object without declared properties",
    Reason.TUPLE_ARRAY: "a tuple array",
    Reason.NOT_AN_OBJECT: "the arguments are not an object (type {0})",
}
NUMBER_WORDS = {
    NumberProblem.NOT_A_NUMBER: "must be a number",
    NumberProblem.NOT_WHOLE: "must be a whole number",
    NumberProblem.NOT_FINITE: "must be a finite number",
}
_SENTENCES = {
    "one_of": "must be one of: {0}",
    "not_empty": "must not be empty",
    "min_length": "must be at least {0} characters long",
    "format": "must be {0}",
    "compile": "schema could not be compiled: {0}",
    "valid": "valid",
    "root": "(root)",
    "is_required": "is required",
    "at": "at {0}: {1}",
    "not_a_choice": "{0} is not one of the choices",
    "length": "{0}–{1} characters",
    "up_to": "up to {0} characters",
    "whole": "whole number",
    "number": "number",
    "cannot_show": "The form cannot show this schema: {0}.",
    "no_arguments": "No fields: this takes no arguments.",
    "any_object": "No fields declared; the schema accepts any object (use Raw JSON to send some).",
    "constant": "{0} is not JSON",
    "position": "line {0}, column {1}: {2}",
    "not_set": "(not set)",
    "choose": "— choose —",
    "not_in_list": "{0} (not in the list)",
    "edit_raw": "{0} — edit in Raw JSON ({1})",
    "no_properties": "no properties declared",
    "add_item": "Add item",
    "remove_item": "Remove this item",
}
# The arguments editor's raw tab, in its own context.
ARGUMENTS_CONTEXT = "ArgumentsEditor"
ARGUMENTS_WORDS = {
    "not_json": "not JSON: {0}",
    "not_object": "the arguments must be a JSON object",
    "no_schema": "valid JSON (no schema to check against)",
    "valid": "valid against the schema",
    "unsupported": "Some of this schema cannot be shown as a form ({0}), so the arguments are edited as raw JSON.",
    "differently": "The form shows these values differently: {0}.",
}
WORDS: tuple[str, ...] = (
    *CHECK_WORDS.values(),
    *FORMAT_NAMES.values(),
    *REASON_WORDS.values(),
    *NUMBER_WORDS.values(),
    *_SENTENCES.values(),
)
"""Every sentence of this module (for ``scripts/i18n.py``)."""


def _say(tr: Translate, key: str) -> str:
    return tr(CONTEXT, _SENTENCES[key])


def field_word(key: str, tr: Translate) -> str:
    """One of a field's own words: ``not_set``, ``choose`` (a required list's blank entry),
    ``not_in_list`` ("{0}": a value), ``no_properties``, ``add_item``, ``remove_item``."""
    return _say(tr, key)


def problem_text(problem: ValueProblem, tr: Translate, label: Callable[[JsonValue], str] | None = None) -> str:
    """What the validator found, said at the field it is about. ``label`` names an allowed value
    (a choice's title)."""
    check, limit = problem.check, problem.limit
    if check is Check.ENUM and isinstance(limit, list):
        return _say(tr, "one_of").format(", ".join((label or value_label)(v) for v in limit))
    if check is Check.MIN_LENGTH and isinstance(limit, int):
        return _say(tr, "not_empty") if limit <= 1 else _say(tr, "min_length").format(limit)
    if check is Check.FORMAT:
        if not isinstance(limit, str) or limit not in FORMAT_NAMES:
            return problem.message
        return _say(tr, "format").format(tr(CONTEXT, FORMAT_NAMES[limit]))
    words = CHECK_WORDS.get(check)
    if words is None:
        return problem.message
    return tr(CONTEXT, words).format(limit if isinstance(limit, str) else json.dumps(limit))


def problem_inside(problem: ValueProblem, rest: tuple[str | int, ...], tr: Translate) -> str:
    """``problem`` said at a field when it is about a part of the field's value (``rest``: where)."""
    if problem.check is Check.ENUM:
        return _say(tr, "not_a_choice").format(value_label(problem.value))
    return _say(tr, "at").format(path_text(rest), problem_text(problem, tr))


def check_text(check: ValueCheck, tr: Translate) -> str:
    """One line for a whole value's check: valid, its first problem with where, or why the schema
    could not be used."""
    if check.compile_error is not None:
        return _say(tr, "compile").format(check.compile_error)
    if check.ok or not check.problems:
        return _say(tr, "valid")
    problem = check.problems[0]
    where = path_text(problem.location) or _say(tr, "root")
    what = _say(tr, "is_required") if problem.check is Check.REQUIRED else problem_text(problem, tr)
    return _say(tr, "at").format(where, what)


def refusal_text(refusal: Refusal | None, tr: Translate) -> str:
    """Why the form cannot edit a schema ("" for None)."""
    return tr(CONTEXT, REASON_WORDS[refusal.reason]).format(refusal.detail) if refusal is not None else ""


def number_problem_text(problem: NumberProblem, tr: Translate) -> str:
    """Why the text typed into a number field is not a number of its kind."""
    return tr(CONTEXT, NUMBER_WORDS[problem])


def string_placeholder(shape: FieldShape, tr: Translate) -> str:
    """What an empty string field shows: its format's example, its length, its pattern, the first
    line of its description."""
    hints = []
    low, high = shape.min_length, shape.max_length
    if low is not None and high is not None:
        hints.append(_say(tr, "length").format(low, high))
    elif high is not None:
        hints.append(_say(tr, "up_to").format(high))
    if shape.pattern is not None:
        hints.append(shape.pattern)
    return shape.placeholder(*hints)


def number_placeholder(shape: FieldShape, tr: Translate) -> str:
    """What an empty number field shows: whole number or number, its bounds, its description's first line."""
    kind = _say(tr, "whole" if shape.kind is Kind.INTEGER else "number")
    return shape.placeholder(" ".join(x for x in (kind, shape.range_hint()) if x))


def empty_note(shape: FieldShape, compile_error: str | None, tr: Translate) -> tuple[str, str] | None:
    """What a form says above its fields, and in which tone ("warn", "muted"; "" for the default):
    why it cannot show the schema, that the schema could not be compiled (the form is not
    checked), or why it has no fields; None when it has fields to show and nothing to warn of."""
    if shape.refusal is not None:
        return _say(tr, "cannot_show").format(refusal_text(shape.refusal, tr)), ""
    if compile_error is not None:
        return "⚠ " + check_text(ValueCheck(None, compile_error=compile_error), tr), "warn"
    if not shape.fields:
        return _say(tr, "no_arguments" if shape.declared else "any_object"), "muted"
    return None


def text_problem(problem: TextProblem, tr: Translate) -> str:
    """Why the raw tab's text holds no JSON object (see schema_shape.read_object_text)."""
    if problem.constant:
        why = _say(tr, "constant").format(problem.constant)
    elif problem.message:
        why = _say(tr, "position").format(problem.line, problem.column, problem.message)
    else:
        return tr(ARGUMENTS_CONTEXT, ARGUMENTS_WORDS["not_object"])
    return tr(ARGUMENTS_CONTEXT, ARGUMENTS_WORDS["not_json"]).format(why)


@dataclass(frozen=True)
class RawStatus:
    """The raw tab's status line: its text, its tone, and the problem it reports (None: none)."""

    text: str
    tone: str
    problem: str | None = None


def raw_status(problem: str | None, check: ValueCheck | None, tr: Translate) -> RawStatus:
    """The raw tab's status: the text's ``problem`` (worded by :func:`text_problem`), else the
    check of its value against the schema (``check`` None: there is no schema)."""
    if problem is not None:
        return RawStatus("✗ " + problem, "error", problem)
    if check is None:
        return RawStatus(tr(ARGUMENTS_CONTEXT, ARGUMENTS_WORDS["no_schema"]), "muted")
    if check.ok is None:
        return RawStatus("⚠ " + check_text(check, tr), "warn")
    if check.ok:
        return RawStatus("✓ " + tr(ARGUMENTS_CONTEXT, ARGUMENTS_WORDS["valid"]), "ok")
    said = check_text(check, tr)
    return RawStatus("✗ " + said, "error", said)


def opaque_text(value: JsonValue, refusal: Refusal | None, tr: Translate, *, is_set: bool = True) -> str:
    """What a field kept as JSON shows: its value (clipped to 200 characters; "(not set)" when
    ``is_set`` is false) and why it is edited as raw JSON."""
    shown = orjson.dumps(value).decode() if is_set else _say(tr, "not_set")
    if len(shown) > 200:
        shown = shown[:197] + "…"
    return _say(tr, "edit_raw").format(shown, refusal_text(refusal, tr))


def unsupported_note(unsupported: Sequence[tuple[str, Refusal]], tr: Translate) -> str:
    """Why the arguments are edited as raw JSON: the first four constructs kept as JSON, by path."""
    root = _say(tr, "root")
    paths = "; ".join(f"{path or root}: {refusal_text(why, tr)}" for path, why in unsupported[:4])
    return tr(ARGUMENTS_CONTEXT, ARGUMENTS_WORDS["unsupported"]).format(paths)


def differences_note(typed: JsonValue, shown: JsonValue, tr: Translate) -> str | None:
    """After the raw text went back to the form: where the form shows the value otherwise (the
    first six paths), or None when it shows it all."""
    lost = [path_text(p) or _say(tr, "root") for p in differing_paths(typed, shown)]
    return tr(ARGUMENTS_CONTEXT, ARGUMENTS_WORDS["differently"]).format(", ".join(lost[:6])) if lost else None
