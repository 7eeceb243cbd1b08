"""The 2026-07-28 request metadata headers, and the Base64 sentinel, against the spec's table."""

from __future__ import annotations

import pytest

from inspector.protocol.http_meta import decode_header_value, header_value, request_headers

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
    call = {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "get_weather", "arguments": {}, "_meta": META}}
    assert request_headers(call) == {"MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/call", "Mcp-Name": "get_weather"}
    read = {"jsonrpc": "2.0", "id": 2, "method": "resources/read", "params": {"uri": "file:///a b/ü.txt", "_meta": META}}
    assert request_headers(read)["Mcp-Name"] == header_value("file:///a b/ü.txt") != "file:///a b/ü.txt"
    listed = {"jsonrpc": "2.0", "id": 3, "method": "tools/list", "params": {"_meta": META}}
    assert request_headers(listed) == {"MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/list"}
    cancel = {"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 1, "_meta": META}}
    assert request_headers(cancel) == {"MCP-Protocol-Version": "2026-07-28"}  # notifications: no method headers
    legacy = {"jsonrpc": "2.0", "id": 4, "method": "tools/list"}
    assert request_headers(legacy) == {} and request_headers("noise") == {}
