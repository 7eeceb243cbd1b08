"""Every 2026-07-28 ``x-mcp-header`` rule, one row each (issue 21, point 8), sans-IO.

The rules are the tools page's and the Streamable HTTP page's (server/tools#x-mcp-header,
basic/transports/streamable-http#schema-extension): not empty, an HTTP token, no control
characters, case-insensitively unique, only on a string/integer/boolean property (not number),
only on a property reached through ``properties`` keys alone. The fixture server's
``--header-tools`` list is checked against the same table, so the wire tests use these rows.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from inspector.protocol.http_meta import HEADER_RULES, header_problems, tool_header_params, unsafe_integer_params
from inspector.session.operations import Negotiation, tool_exclusion, unmirrorable_params

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "fixtures" / "servers"))
from modern_fixture import HEADER_TOOLS  # noqa: E402


def one(prop: dict) -> dict:
    return {"type": "object", "properties": {"p": prop}}


ROWS = [
    ("empty", one({"type": "string", "x-mcp-header": ""})),
    ("not-text", one({"type": "string", "x-mcp-header": 7})),
    ("not-text", one({"type": "string", "x-mcp-header": None})),
    ("not-token", one({"type": "string", "x-mcp-header": "Two Words"})),
    ("not-token", one({"type": "string", "x-mcp-header": "Name:"})),
    ("not-token", one({"type": "string", "x-mcp-header": "Région"})),
    ("not-token", one({"type": "string", "x-mcp-header": "(x)"})),
    ("control-character", one({"type": "string", "x-mcp-header": "A\r\nX-Injected: 1"})),
    ("control-character", one({"type": "string", "x-mcp-header": "Tab\there"})),
    ("control-character", one({"type": "string", "x-mcp-header": "Del\x7f"})),
    ("number", one({"type": "number", "x-mcp-header": "Amount"})),
    ("not-primitive", one({"type": "object", "x-mcp-header": "Obj"})),
    ("not-primitive", one({"type": "array", "items": {"type": "string"}, "x-mcp-header": "List"})),
    ("not-primitive", one({"type": "null", "x-mcp-header": "Nothing"})),
    ("not-primitive", one({"x-mcp-header": "Untyped"})),
    ("not-primitive", one({"type": ["string", "null"], "x-mcp-header": "Maybe"})),
    (
        "duplicate",
        {
            "type": "object",
            "properties": {
                "a": {"type": "string", "x-mcp-header": "Region"},
                "b": {"type": "integer", "x-mcp-header": "rEGION"},
            },
        },
    ),
    (
        "duplicate",
        {
            "type": "object",
            "properties": {
                "a": {"type": "string", "x-mcp-header": "Id"},
                "o": {"type": "object", "properties": {"b": {"type": "string", "x-mcp-header": "ID"}}},
            },
        },
    ),
    ("unreachable", one({"type": "array", "items": {"type": "string", "x-mcp-header": "Item"}})),
    ("unreachable", one({"type": "array", "prefixItems": [{"type": "string", "x-mcp-header": "First"}]})),
    ("unreachable", {"type": "object", "anyOf": [{"properties": {"p": {"type": "string", "x-mcp-header": "P"}}}]}),
    ("unreachable", {"type": "object", "oneOf": [{"properties": {"p": {"type": "string", "x-mcp-header": "P"}}}]}),
    ("unreachable", {"type": "object", "allOf": [{"properties": {"p": {"type": "string", "x-mcp-header": "P"}}}]}),
    ("unreachable", {"type": "object", "not": {"properties": {"p": {"type": "string", "x-mcp-header": "P"}}}}),
    ("unreachable", {"type": "object", "if": {"properties": {"p": {"type": "string", "x-mcp-header": "P"}}}}),
    ("unreachable", {"type": "object", "then": {"properties": {"p": {"type": "string", "x-mcp-header": "P"}}}}),
    (
        "unreachable",
        {
            "type": "object",
            "properties": {"p": {"$ref": "#/$defs/P"}},
            "$defs": {"P": {"type": "string", "x-mcp-header": "P"}},
        },
    ),
    ("unreachable", {"type": "object", "additionalProperties": {"type": "string", "x-mcp-header": "Extra"}}),
    ("on-root", {"type": "object", "x-mcp-header": "Root"}),
]


@pytest.mark.parametrize(("rule", "schema"), ROWS, ids=[f"{r}-{i}" for i, (r, _s) in enumerate(ROWS)])
def test_each_broken_rule_is_named_and_the_tool_is_invalid(rule, schema):
    found, problems = header_problems(schema)
    assert found == {}
    assert [p.rule for p in problems] == [rule]
    params, why = tool_header_params(schema)
    assert params == {} and why == problems[0].text and "x-mcp-header" in why


def test_every_rule_has_a_row():
    assert {r for r, _s in ROWS} == set(HEADER_RULES)


def test_one_bad_annotation_invalidates_the_good_ones_beside_it():
    schema = {
        "type": "object",
        "properties": {
            "ok": {"type": "string", "x-mcp-header": "Ok"},
            "bad": {"type": "number", "x-mcp-header": "Bad"},
        },
    }
    assert tool_header_params(schema)[0] == {}


def test_every_problem_of_a_tool_is_reported_with_where():
    schema = {
        "type": "object",
        "properties": {"a": {"type": "number", "x-mcp-header": ""}, "b/c": {"type": "object", "x-mcp-header": "B"}},
    }
    _found, problems = header_problems(schema)
    assert [(p.rule, p.where) for p in problems] == [
        ("empty", "/properties/a"),
        ("number", "/properties/a"),
        ("not-primitive", "/properties/b~1c"),
    ]


@pytest.mark.parametrize(
    "schema",
    [
        {"type": "object", "properties": {"s": {"type": "string", "x-mcp-header": "!#$%&'*+-.^_`|~09azAZ"}}},
        {
            "type": "object",
            "properties": {
                "i": {"type": "integer", "x-mcp-header": "I"},
                "b": {"type": "boolean", "x-mcp-header": "B"},
            },
        },
        {
            "type": "object",
            "properties": {"o": {"type": "object", "properties": {"deep": {"type": "string", "x-mcp-header": "Deep"}}}},
        },
        {
            "type": "object",
            "properties": {"x-mcp-header": {"type": "string"}},
        },  # a property of that name is no annotation
        {"type": "object"},
        None,
    ],
)
def test_valid_annotations_pass(schema):
    _found, problems = header_problems(schema)
    assert problems == []


def test_the_fixture_tools_break_exactly_one_rule_each():
    rules = {}
    for tool in HEADER_TOOLS:
        _found, problems = header_problems(tool["inputSchema"])
        rules[tool["name"]] = [p.rule for p in problems]
    assert rules.pop("hdr-good") == []
    assert all(len(r) == 1 for r in rules.values()), rules
    assert {r[0] for r in rules.values()} == set(HEADER_RULES)


MODERN_STDIO = Negotiation(era="modern", version="2026-07-28", state="ready", transport="stdio")
MODERN_HTTP = Negotiation(era="modern", version="2026-07-28", state="ready", transport="streamable-http")
LEGACY = Negotiation(era="legacy", version="2025-11-25", state="operating", transport="streamable-http")


def test_exclusion_applies_to_the_modern_era_on_every_transport():
    tool = {"name": "t", "inputSchema": one({"type": "number", "x-mcp-header": "N"})}
    assert "number" in tool_exclusion(MODERN_STDIO, tool)
    assert tool_exclusion(MODERN_HTTP, tool) == tool_exclusion(MODERN_STDIO, tool)
    assert tool_exclusion(LEGACY, tool) is None  # no such annotation before 2026-07-28


def test_an_integer_a_header_cannot_carry_is_refused_over_http_only():
    tool = {"name": "t", "inputSchema": one({"type": "integer", "x-mcp-header": "N"})}
    params = tool_header_params(tool["inputSchema"])[0]
    assert unsafe_integer_params(params, {"p": 2**53 - 1}) == [] and unsafe_integer_params(params, {"p": -(2**53)}) == [
        "Mcp-Param-N"
    ]
    assert unmirrorable_params(MODERN_HTTP, tool, {"p": 2**53}) == ["Mcp-Param-N"]
    assert unmirrorable_params(MODERN_HTTP, tool, {"p": 5}) == []
    assert unmirrorable_params(MODERN_STDIO, tool, {"p": 2**53}) == []  # no header to carry it
