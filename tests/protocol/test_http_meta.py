"""The 2026-07-28 request metadata headers, and the Base64 sentinel, against the spec's table."""

from __future__ import annotations

import pytest

from inspector.protocol.http_meta import decode_header_value, header_value, request_headers, tool_header_params

META = {"io.modelcontextprotocol/protocolVersion": "2026-07-28"}


@pytest.mark.parametrize(
    ("value", "sent"),
    [
        ("us-west1", "us-west1"),
        ("Hello, 世界", "=?base64?SGVsbG8sIOS4lueVjA==?="),
        (" padded ", "=?base64?IHBhZGRlZCA=?="),
        ("line1\nline2", "=?base64?bGluZTEKbGluZTI=?="),
        ("=?base64?literal?=", "=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?="),
    ],
)
def test_values_as_the_spec_table_encodes_them(value, sent):
    assert header_value(value) == sent
    assert decode_header_value(sent) == value


def test_headers_mirror_the_body_of_modern_requests_only():
    call = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "tools/call",
        "params": {"name": "get_weather", "arguments": {}, "_meta": META},
    }
    assert request_headers(call) == {
        "MCP-Protocol-Version": "2026-07-28",
        "Mcp-Method": "tools/call",
        "Mcp-Name": "get_weather",
    }
    read = {
        "jsonrpc": "2.0",
        "id": 2,
        "method": "resources/read",
        "params": {"uri": "file:///a b/ü.txt", "_meta": META},
    }
    assert request_headers(read)["Mcp-Name"] == header_value("file:///a b/ü.txt") != "file:///a b/ü.txt"
    listed = {"jsonrpc": "2.0", "id": 3, "method": "tools/list", "params": {"_meta": META}}
    assert request_headers(listed) == {"MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/list"}
    cancel = {"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 1, "_meta": META}}
    assert request_headers(cancel) == {"MCP-Protocol-Version": "2026-07-28"}  # notifications: no method headers
    legacy = {"jsonrpc": "2.0", "id": 4, "method": "tools/list"}
    assert request_headers(legacy) == {} and request_headers("noise") == {}


SQL = {
    "type": "object",
    "properties": {
        "region": {"type": "string", "x-mcp-header": "Region"},
        "opts": {
            "type": "object",
            "properties": {
                "dry": {"type": "boolean", "x-mcp-header": "Dry-Run"},
                "n": {"type": "integer", "x-mcp-header": "N"},
            },
        },
        "query": {"type": "string"},
    },
}


def test_tool_parameters_are_mirrored_as_the_spec_example_shows():
    params, problem = tool_header_params(SQL)
    assert problem is None and params == {("region",): "Region", ("opts", "dry"): "Dry-Run", ("opts", "n"): "N"}
    call = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "tools/call",
        "params": {
            "name": "execute_sql",
            "arguments": {"region": "us-west1", "opts": {"dry": True, "n": 3}, "query": "SELECT 1"},
            "_meta": META,
        },
    }
    headers = request_headers(call, {"execute_sql": params})
    assert (
        headers["Mcp-Param-Region"] == "us-west1"
        and headers["Mcp-Param-Dry-Run"] == "true"
        and headers["Mcp-Param-N"] == "3"
    )
    call["params"]["arguments"] = {"region": "Zürich"}
    headers = request_headers(call, {"execute_sql": params})
    assert headers["Mcp-Param-Region"] == header_value("Zürich") and "Mcp-Param-N" not in headers  # absent: no header


@pytest.mark.parametrize(
    ("schema", "why"),
    [
        ({"type": "object", "properties": {"x": {"type": "number", "x-mcp-header": "X"}}}, "number"),
        (
            {
                "type": "object",
                "properties": {"x": {"type": "array", "items": {"type": "string", "x-mcp-header": "X"}}},
            },
            "not reachable",
        ),
        (
            {"type": "object", "oneOf": [{"properties": {"x": {"type": "string", "x-mcp-header": "X"}}}]},
            "not reachable",
        ),
        ({"type": "object", "properties": {"x": {"type": "string", "x-mcp-header": "Bad Name"}}}, "not an HTTP token"),
        (
            {
                "type": "object",
                "properties": {
                    "a": {"type": "string", "x-mcp-header": "Id"},
                    "b": {"type": "string", "x-mcp-header": "ID"},
                },
            },
            "repeat",
        ),
    ],
)
def test_invalid_annotations_make_the_tool_invalid(schema, why):
    params, problem = tool_header_params(schema)
    assert params == {} and why in problem
