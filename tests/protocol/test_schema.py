from __future__ import annotations

import copy
import json
import os
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from inspector.protocol.schema import (
    KNOWN_SCHEMA_VERSIONS,
    SchemaCompileError,
    SchemaError,
    SchemaValidator,
    SchemaVerdict,
    compile_schema,
    validator_for,
)
from inspector.resources import resource_path

LEGACY = ("2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25")
MODERN = ("2026-07-28",)
METHODS_MD = Path(__file__).resolve().parents[3] / "shared" / "spec" / "METHODS.md"  # ../shared beside the checkout


# ----------------------------------------------------------------------------- example messages


def modern_meta() -> dict:
    return {
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {},
    }


def initialize_request(version: str) -> dict:
    return {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {
            "protocolVersion": version,
            "capabilities": {"roots": {"listChanged": True}},
            "clientInfo": {"name": "inspector", "version": "0.1.0"},
        },
    }


def initialize_result(version: str) -> dict:
    return {
        "jsonrpc": "2.0",
        "id": 1,
        "result": {
            "protocolVersion": version,
            "capabilities": {"tools": {"listChanged": True}, "logging": {}},
            "serverInfo": {"name": "server", "version": "1.2.3"},
            "instructions": "be nice",
        },
    }


def discover_request() -> dict:
    return {"jsonrpc": "2.0", "id": "d-1", "method": "server/discover", "params": {"_meta": modern_meta()}}


def discover_result() -> dict:
    return {
        "jsonrpc": "2.0",
        "id": "d-1",
        "result": {
            "resultType": "complete",
            "supportedVersions": ["2026-07-28"],
            "capabilities": {"tools": {"listChanged": True}},
            "cacheScope": "public",
            "ttlMs": 60000,
            "_meta": {"io.modelcontextprotocol/serverInfo": {"name": "server", "version": "1.2.3"}},
        },
    }


def tools_list_result(version: str) -> dict:
    result: dict = {
        "tools": [
            {
                "name": "echo",
                "description": "Echo the input",
                "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]},
            },
            {"name": "add", "inputSchema": {"type": "object"}},
        ],
        "nextCursor": "page-2",
    }
    if version in MODERN:
        result.update(resultType="complete", cacheScope="private", ttlMs=0)
    return {"jsonrpc": "2.0", "id": 2, "result": result}


def tools_call_request(version: str) -> dict:
    params: dict = {"name": "echo", "arguments": {"text": "hello"}}
    if version in MODERN:
        params["_meta"] = modern_meta()
    return {"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": params}


def tools_call_result(version: str) -> dict:
    result: dict = {"content": [{"type": "text", "text": "hello"}], "isError": False}
    if version in MODERN:
        result["resultType"] = "complete"
    return {"jsonrpc": "2.0", "id": 3, "result": result}


def log_message(level: str = "info") -> dict:
    return {
        "jsonrpc": "2.0",
        "method": "notifications/message",
        "params": {"level": level, "logger": "app", "data": {"step": 42, "of": 100}},
    }


def progress(**params) -> dict:
    base = {"progressToken": "tok-1", "progress": 42, "total": 100, "message": "working"}
    base.update(params)
    return {"jsonrpc": "2.0", "method": "notifications/progress", "params": base}


def error_response() -> dict:
    return {"jsonrpc": "2.0", "id": 9, "error": {"code": -32601, "message": "Method not found", "data": {"m": "x"}}}


def ok(verdict: SchemaVerdict) -> bool:
    assert isinstance(verdict, SchemaVerdict)
    assert verdict.ok, verdict
    assert verdict.errors == ()
    return True


# ----------------------------------------------------------------------------- basics


def test_known_versions_have_schema_files():
    assert KNOWN_SCHEMA_VERSIONS == LEGACY + MODERN
    for version in KNOWN_SCHEMA_VERSIONS:
        assert resource_path("schema", version, "schema.json").is_file()


def test_validator_for_is_cached_and_rejects_unknown_versions():
    assert validator_for("2025-06-18") is validator_for("2025-06-18")
    assert validator_for("2025-06-18").version == "2025-06-18"
    with pytest.raises(ValueError, match="1999-01-01.*known versions"):
        validator_for("1999-01-01")
    with pytest.raises(ValueError, match="known versions"):
        SchemaValidator("1999-01-01")


def test_validator_accepts_a_schema_dict():
    schema = json.loads(resource_path("schema", "2025-03-26", "schema.json").read_text())
    validator = SchemaValidator("custom", schema)
    assert ok(validator.check(log_message(), kind="notification", direction="s2c"))
    with pytest.raises(ValueError):
        SchemaValidator("custom", {"no": "definitions"})


# ----------------------------------------------------------------------------- valid examples


@pytest.mark.parametrize("version", LEGACY)
def test_initialize_round_trip_legacy(version):
    v = validator_for(version)
    verdict = v.check(initialize_request(version), kind="request", direction="c2s", method="initialize")
    assert ok(verdict) and verdict.definition == "InitializeRequest"
    verdict = v.check(initialize_result(version), kind="result", direction="s2c", request_method="initialize")
    assert ok(verdict) and verdict.definition == "InitializeResult"
    initialized = {"jsonrpc": "2.0", "method": "notifications/initialized"}
    verdict = v.check(initialized, kind="notification", direction="c2s")
    assert ok(verdict) and verdict.definition == "InitializedNotification"


def test_discover_round_trip_modern():
    v = validator_for("2026-07-28")
    verdict = v.check(discover_request(), kind="request", direction="c2s", method="server/discover")
    assert ok(verdict) and verdict.definition == "DiscoverRequest"
    verdict = v.check(discover_result(), kind="result", direction="s2c", request_method="server/discover")
    assert ok(verdict) and verdict.definition == "DiscoverResult"
    # initialize does not exist any more: generic request, and its result is a generic response
    verdict = v.check(initialize_request("2025-11-25"), kind="request", direction="c2s")
    assert ok(verdict) and verdict.definition == "JSONRPCRequest"


@pytest.mark.parametrize("version", KNOWN_SCHEMA_VERSIONS)
def test_common_messages_are_valid(version):
    v = validator_for(version)
    verdict = v.check(tools_list_result(version), kind="result", direction="s2c", request_method="tools/list")
    assert ok(verdict) and verdict.definition == "ListToolsResult"
    verdict = v.check(tools_call_request(version), kind="request", direction="c2s")
    assert ok(verdict) and verdict.definition == "CallToolRequest"
    verdict = v.check(tools_call_result(version), kind="result", direction="s2c", request_method="tools/call")
    assert ok(verdict) and verdict.definition == "CallToolResult"
    verdict = v.check(log_message(), kind="notification", direction="s2c")
    assert ok(verdict) and verdict.definition == "LoggingMessageNotification"
    verdict = v.check(progress(), kind="notification", direction="s2c", method="notifications/progress")
    assert ok(verdict) and verdict.definition == "ProgressNotification"
    verdict = v.check(progress(progressToken=7), kind="notification", direction="s2c")
    assert ok(verdict)
    verdict = v.check(error_response(), kind="error", direction="s2c")
    assert ok(verdict) and verdict.definition in ("JSONRPCError", "JSONRPCErrorResponse")
    verdict = v.check(error_response(), kind="error", direction="c2s")
    assert ok(verdict)


@pytest.mark.parametrize("version", LEGACY)
def test_ping_and_empty_results(version):
    v = validator_for(version)
    for direction in ("c2s", "s2c"):
        verdict = v.check({"jsonrpc": "2.0", "id": 5, "method": "ping"}, kind="request", direction=direction)
        assert ok(verdict) and verdict.definition == "PingRequest"
        verdict = v.check(
            {"jsonrpc": "2.0", "id": 5, "result": {}}, kind="result", direction=direction, request_method="ping"
        )
        assert ok(verdict) and verdict.definition == "EmptyResult"
    for method in ("logging/setLevel", "resources/subscribe", "resources/unsubscribe"):
        assert v.definition_for("result", "s2c", request_method=method) == "EmptyResult"


@pytest.mark.parametrize("version", LEGACY)
def test_server_requests_and_client_results(version):
    v = validator_for(version)
    roots = {"jsonrpc": "2.0", "id": "r1", "method": "roots/list"}
    verdict = v.check(roots, kind="request", direction="s2c")
    assert ok(verdict) and verdict.definition == "ListRootsRequest"
    result = {
        "jsonrpc": "2.0",
        "id": "r1",
        "result": {"roots": [{"uri": "file:///home/me/project", "name": "project"}]},
    }
    verdict = v.check(result, kind="result", direction="c2s", request_method="roots/list")
    assert ok(verdict) and verdict.definition == "ListRootsResult"
    bad = copy.deepcopy(result)
    bad["result"]["roots"][0]["uri"] = "not a uri"
    verdict = v.check(bad, kind="result", direction="c2s", request_method="roots/list")
    assert not verdict.ok and verdict.errors[0].path == "/result/roots/0/uri"


def test_modern_input_required_result_is_accepted():
    v = validator_for("2026-07-28")
    message = {
        "jsonrpc": "2.0",
        "id": 3,
        "result": {
            "resultType": "input_required",
            "inputRequests": {"roots": {"method": "roots/list"}},
            "requestState": "opaque",
        },
    }
    verdict = v.check(message, kind="result", direction="s2c", request_method="tools/call")
    assert ok(verdict) and verdict.definition == "InputRequiredResult"
    # a complete tools/call result is still checked against CallToolResult
    bad = tools_call_result("2026-07-28")
    del bad["result"]["content"]
    verdict = v.check(bad, kind="result", direction="s2c", request_method="tools/call")
    assert not verdict.ok and verdict.definition == "CallToolResult"
    assert verdict.errors[0].path == "/result"
    # an input request inside the InputRequiredResult is itself validated
    broken = copy.deepcopy(message)
    broken["result"]["inputRequests"]["roots"] = {"method": 5}
    assert not v.check(broken, kind="result", direction="s2c", request_method="tools/call").ok
    # tools/list may not ask for input: its result definition stays ListToolsResult
    assert v.definition_for("result", "s2c", request_method="tools/list", variant="input_required") == "ListToolsResult"


def test_task_augmented_result_2025_11_25():
    v = validator_for("2025-11-25")
    message = {
        "jsonrpc": "2.0",
        "id": 3,
        "result": {
            "task": {
                "taskId": "t-1",
                "status": "working",
                "createdAt": "2025-11-25T10:00:00Z",
                "lastUpdatedAt": "2025-11-25T10:00:00Z",
                "ttl": 60000,
            }
        },
    }
    verdict = v.check(message, kind="result", direction="s2c", request_method="tools/call")
    assert verdict.definition == "CreateTaskResult"
    assert ok(verdict)


# ----------------------------------------------------------------------------- invalid examples


@pytest.mark.parametrize("version", KNOWN_SCHEMA_VERSIONS)
def test_bad_log_level(version):
    verdict = validator_for(version).check(log_message("loud"), kind="notification", direction="s2c")
    assert not verdict.ok
    assert verdict.definition == "LoggingMessageNotification"
    assert verdict.errors == (SchemaError("/params/level", verdict.errors[0].message),)
    assert '"loud"' in verdict.errors[0].message and '"warning"' in verdict.errors[0].message


@pytest.mark.parametrize("version", KNOWN_SCHEMA_VERSIONS)
def test_missing_required_field(version):
    message = progress()
    del message["params"]["progress"]
    verdict = validator_for(version).check(message, kind="notification", direction="s2c")
    assert not verdict.ok and verdict.definition == "ProgressNotification"
    assert [(e.path, e.message) for e in verdict.errors] == [("/params", '"progress" is a required property')]
    message = log_message()
    del message["params"]
    verdict = validator_for(version).check(message, kind="notification", direction="s2c")
    assert [(e.path, e.message) for e in verdict.errors] == [("", '"params" is a required property')]


@pytest.mark.parametrize("version", KNOWN_SCHEMA_VERSIONS)
@pytest.mark.parametrize("bad_id", [1.5, True, None, [1], {"id": 1}])
def test_wrong_type_id(version, bad_id):
    v = validator_for(version)
    request = {"jsonrpc": "2.0", "id": bad_id, "method": "ping"}
    verdict = v.check(request, kind="request", direction="c2s")
    assert not verdict.ok
    assert verdict.errors[0].path == "/id"
    assert "is not of type" in verdict.errors[0].message
    result = tools_call_result(version)
    result["id"] = bad_id
    verdict = v.check(result, kind="result", direction="s2c", request_method="tools/call")
    assert not verdict.ok and verdict.errors[0].path == "/id"


@pytest.mark.parametrize("version", KNOWN_SCHEMA_VERSIONS)
def test_envelope_is_validated(version):
    v = validator_for(version)
    message = log_message()
    message["jsonrpc"] = "1.0"
    verdict = v.check(message, kind="notification", direction="s2c")
    assert not verdict.ok and verdict.errors[0].path == "/jsonrpc"
    message = tools_call_request(version)
    del message["id"]
    verdict = v.check(message, kind="request", direction="c2s")
    assert not verdict.ok and verdict.errors[0].path == "" and '"id"' in verdict.errors[0].message
    message = tools_list_result(version)
    del message["jsonrpc"]
    verdict = v.check(message, kind="result", direction="s2c", request_method="tools/list")
    assert not verdict.ok and '"jsonrpc"' in verdict.errors[0].message


@pytest.mark.parametrize("version", KNOWN_SCHEMA_VERSIONS)
def test_nested_error_paths(version):
    v = validator_for(version)
    message = tools_list_result(version)
    del message["result"]["tools"][1]["inputSchema"]
    verdict = v.check(message, kind="result", direction="s2c", request_method="tools/list")
    assert not verdict.ok
    assert verdict.errors == (SchemaError("/result/tools/1", '"inputSchema" is a required property'),)
    message = tools_list_result(version)
    message["result"]["tools"][0]["inputSchema"]["type"] = "array"
    verdict = v.check(message, kind="result", direction="s2c", request_method="tools/list")
    assert verdict.errors[0].path == "/result/tools/0/inputSchema/type"


def test_paths_escape_keys_with_slashes_and_dots():
    v = validator_for("2026-07-28")
    message = discover_result()
    del message["result"]["_meta"]["io.modelcontextprotocol/serverInfo"]["version"]
    verdict = v.check(message, kind="result", direction="s2c", request_method="server/discover")
    assert verdict.errors == (
        SchemaError("/result/_meta/io.modelcontextprotocol~1serverInfo", '"version" is a required property'),
    )
    errors = v.explain(message, kind="result", direction="s2c", request_method="server/discover")
    assert errors == verdict.errors


# ----------------------------------------------------------------------------- dispatch


@pytest.mark.parametrize("version", KNOWN_SCHEMA_VERSIONS)
def test_dispatch_by_direction(version):
    v = validator_for(version)
    # notifications/message is server -> client only: from the client it is an unknown method
    verdict = v.check(log_message(), kind="notification", direction="c2s")
    assert ok(verdict) and verdict.definition == "JSONRPCNotification"
    assert v.definition_for("notification", "s2c", "notifications/message") == "LoggingMessageNotification"
    assert v.definition_for("notification", "c2s", "notifications/message") == "JSONRPCNotification"
    # tools/call is client -> server only
    assert v.definition_for("request", "c2s", "tools/call") == "CallToolRequest"
    assert v.definition_for("request", "s2c", "tools/call") == "JSONRPCRequest"
    assert v.definition_for("notification", "c2s", "notifications/cancelled") == "CancelledNotification"
    assert v.definition_for("notification", "s2c", "notifications/cancelled") == "CancelledNotification"
    if version in LEGACY:
        assert v.definition_for("request", "s2c", "sampling/createMessage") == "CreateMessageRequest"
        assert v.definition_for("notification", "c2s", "notifications/progress") == "ProgressNotification"
    else:
        # no ServerRequest union: every server request is generic
        assert v.methods("request", "s2c") == frozenset()
        assert v.definition_for("request", "s2c", "sampling/createMessage") == "JSONRPCRequest"
        assert v.definition_for("notification", "c2s", "notifications/progress") == "JSONRPCNotification"
        assert v.methods("notification", "c2s") == {"notifications/cancelled"}


@pytest.mark.parametrize("version", KNOWN_SCHEMA_VERSIONS)
def test_unknown_method_falls_back_to_generic(version):
    v = validator_for(version)
    request = {"jsonrpc": "2.0", "id": 1, "method": "vendor/thing", "params": {"x": 1}}
    verdict = v.check(request, kind="request", direction="c2s")
    assert ok(verdict) and verdict.definition == "JSONRPCRequest"
    verdict = v.check({"jsonrpc": "2.0", "method": "vendor/event"}, kind="notification", direction="s2c")
    assert ok(verdict) and verdict.definition == "JSONRPCNotification"
    verdict = v.check(
        {"jsonrpc": "2.0", "id": 1, "method": "vendor/thing", "params": []}, kind="request", direction="c2s"
    )
    assert not verdict.ok and verdict.definition == "JSONRPCRequest" and verdict.errors[0].path == "/params"
    # results of unknown requests are checked against the generic success response
    generic = "JSONRPCResponse" if version in LEGACY[:3] else "JSONRPCResultResponse"
    result = {"jsonrpc": "2.0", "id": 1, "result": {"resultType": "complete", "anything": [1, 2]}}
    verdict = v.check(result, kind="result", direction="s2c", request_method="vendor/thing")
    assert ok(verdict) and verdict.definition == generic
    verdict = v.check(result, kind="result", direction="s2c")
    assert ok(verdict) and verdict.definition == generic
    verdict = v.check({"jsonrpc": "2.0", "id": 1, "result": 5}, kind="result", direction="s2c")
    assert not verdict.ok and verdict.errors[0].path == "/result"


def test_many_unknown_methods_do_not_break_dispatch():
    v = SchemaValidator("2025-06-18")
    for i in range(5000):
        verdict = v.check({"jsonrpc": "2.0", "method": f"x/{i}"}, kind="notification", direction="s2c")
        assert verdict.ok and verdict.definition == "JSONRPCNotification"
    assert ok(v.check(log_message(), kind="notification", direction="s2c"))


def test_method_argument_wins_over_message_method():
    v = validator_for("2025-06-18")
    verdict = v.check(log_message(), kind="notification", direction="s2c", method="notifications/progress")
    assert not verdict.ok and verdict.definition == "ProgressNotification"


# ----------------------------------------------------------------------------- robustness


@pytest.mark.parametrize(
    "obj",
    [
        None,
        1,
        "text",
        [],
        [log_message()],
        b"{}",
        {"jsonrpc": "2.0", "method": ["unhashable"]},
        {1: 2},
        {"method": None},
    ],
)
@pytest.mark.parametrize("kind", ["request", "notification", "result", "error"])
def test_check_never_raises(obj, kind):
    for version in KNOWN_SCHEMA_VERSIONS:
        verdict = validator_for(version).check(obj, kind=kind, direction="s2c")
        assert isinstance(verdict, SchemaVerdict)
        assert not verdict.ok
        assert verdict.errors and all(isinstance(e, SchemaError) for e in verdict.errors)
        assert validator_for(version).explain(obj, kind=kind, direction="s2c")


def test_bad_arguments_give_a_clear_verdict():
    v = validator_for("2025-06-18")
    verdict = v.check(log_message(), kind="response", direction="s2c")
    assert not verdict.ok and "unknown message kind 'response'" in verdict.errors[0].message
    verdict = v.check(log_message(), kind="notification", direction="up")
    assert not verdict.ok and "unknown direction 'up'" in verdict.errors[0].message
    verdict = v.check(tools_call_result("2025-06-18"), kind="result", direction="down", request_method="tools/call")
    assert not verdict.ok and "unknown direction" in verdict.errors[0].message
    verdict = v.check(tools_call_result("2025-06-18"), kind="result", direction="s2c", request_method=["tools/call"])  # type: ignore[arg-type]
    assert verdict.definition == "JSONRPCResponse"


def test_deeply_nested_payload_is_not_a_crash():
    v = validator_for("2026-07-28")
    deep: object = {"leaf": 1}
    for _ in range(5000):
        deep = {"x": deep}
    message = discover_result()
    message["result"]["capabilities"]["logging"] = deep  # JSONObject -> JSONValue, recursive
    verdict = v.check(message, kind="result", direction="s2c", request_method="server/discover")
    assert verdict.ok and verdict.definition == "DiscoverResult"  # validated, not given up on
    assert v.explain(message, kind="result", direction="s2c", request_method="server/discover") == ()
    message["result"]["capabilities"]["logging"] = {"x": deep, "y": 1}
    message["result"]["capabilities"]["tools"] = {"listChanged": deep}  # a boolean expected
    verdict = v.check(message, kind="result", direction="s2c", request_method="server/discover")
    # the library cannot describe an error inside a value this deep: said so, never a crash
    assert not verdict.ok and verdict.errors == (SchemaError("", "message is nested too deeply to validate"),)
    message["result"]["capabilities"]["tools"] = {"listChanged": True}
    message["result"]["capabilities"]["logging"] = {"x": {"y": [1, "two", True, {"z": []}]}}
    assert ok(v.check(message, kind="result", direction="s2c", request_method="server/discover"))


# ----------------------------------------------------------------------------- formats


@pytest.mark.parametrize(
    "uri, valid",
    [
        ("file:///home/me/a.txt", True),
        ("https://example.com/x?y=1#z", True),
        ("git+ssh://host/repo", True),
        ("urn:isbn:0451450523", True),
        ("custom-scheme:thing", True),
        ("relative/path", False),
        ("file:///with space", False),
        ("", False),
    ],
)
def test_uri_format(uri, valid):
    v = validator_for("2025-06-18")
    message = {"jsonrpc": "2.0", "id": 1, "method": "resources/read", "params": {"uri": uri}}
    verdict = v.check(message, kind="request", direction="c2s")
    assert verdict.ok is valid
    if not valid:
        assert verdict.errors[0].path == "/params/uri"


@pytest.mark.parametrize(
    "data, valid",
    [("aGVsbG8=", True), ("aGVsbG8", True), ("", True), ("aGVsbG8==", False), ("not base64!", False), ("a", False)],
)
def test_byte_format(data, valid):
    v = validator_for("2025-06-18")
    message = tools_call_result("2025-06-18")
    message["result"]["content"] = [{"type": "image", "data": data, "mimeType": "image/png"}]
    verdict = v.check(message, kind="result", direction="s2c", request_method="tools/call")
    assert verdict.ok is valid
    if not valid:
        # the failing anyOf branch is reported by check, the precise one by explain
        assert verdict.errors[0].path == "/result/content/0"
        assert v.explain(message, kind="result", direction="s2c", request_method="tools/call") == (
            SchemaError("/result/content/0/data", f'"{data}" is not a "byte"'),
        )


# ----------------------------------------------------------------------------- explain


@pytest.mark.parametrize("version", KNOWN_SCHEMA_VERSIONS)
def test_explain_returns_all_errors_with_paths(version):
    v = validator_for(version)
    message = log_message("loud")
    message["params"]["logger"] = 5
    message["jsonrpc"] = 2
    errors = v.explain(message, kind="notification", direction="s2c")
    paths = {e.path for e in errors}
    assert {"/params/level", "/params/logger", "/jsonrpc"} <= paths
    assert all(isinstance(e, SchemaError) and e.message for e in errors)
    # check() reports exactly one of them
    verdict = v.check(message, kind="notification", direction="s2c")
    assert len(verdict.errors) == 1 and verdict.errors[0].path in paths
    assert v.explain(log_message(), kind="notification", direction="s2c") == ()


@pytest.mark.parametrize("version", KNOWN_SCHEMA_VERSIONS)
def test_explain_picks_the_intended_anyof_branch(version):
    v = validator_for(version)
    message = tools_call_result(version)
    message["result"]["content"] = [
        {"type": "text"},
        {"type": "text", "text": "fine"},
        {"type": "image", "data": "aGVsbG8=", "mimeType": 5},
        {"type": "hologram"},
    ]
    errors = v.explain(message, kind="result", direction="s2c", request_method="tools/call")
    assert [e.path for e in errors] == ["/result/content/0", "/result/content/2/mimeType", "/result/content/3"]
    assert errors[0].message == '"text" is a required property'
    assert "is not valid under any of the schemas listed in the 'anyOf' keyword" in errors[2].message
    verdict = v.check(message, kind="result", direction="s2c", request_method="tools/call")
    assert verdict.errors[0].path == "/result/content/0"


def test_explain_of_a_valid_message_is_empty():
    v = SchemaValidator("2025-06-18")
    assert v.explain(log_message(), kind="notification", direction="s2c") == ()


# ----------------------------------------------------------------------------- every definition compiles


def _minimal_request(method: str) -> dict:
    return {"jsonrpc": "2.0", "id": 1, "method": method, "params": {}}


def _no_internal_failure(verdict: SchemaVerdict) -> None:
    assert isinstance(verdict, SchemaVerdict)
    for error in verdict.errors:
        assert "internally" not in error.message and "nested too deeply" not in error.message, error


@pytest.mark.parametrize("version", KNOWN_SCHEMA_VERSIONS)
def test_every_union_member_and_result_compiles(version):
    v = SchemaValidator(version)
    schema = json.loads(resource_path("schema", version, "schema.json").read_text())
    defs = schema.get("$defs") or schema["definitions"]
    unions = {
        ("request", "c2s"): "ClientRequest",
        ("request", "s2c"): "ServerRequest",
        ("notification", "c2s"): "ClientNotification",
        ("notification", "s2c"): "ServerNotification",
    }
    for (kind, direction), union in unions.items():
        if union not in defs:
            assert v.methods(kind, direction) == frozenset()
            continue
        members = defs[union].get("anyOf", [defs[union]])
        expected = set()
        for member in members:
            target = defs[member["$ref"].rsplit("/", 1)[1]] if "$ref" in member else member
            expected.add(target["properties"]["method"]["const"])
        assert v.methods(kind, direction) == expected
        for method in expected:
            name = v.prepare(kind, direction, method)
            assert name in defs and defs[name]["properties"]["method"]["const"] == method
            message = _minimal_request(method)
            if kind == "notification":
                del message["id"]
            verdict = v.check(message, kind=kind, direction=direction)
            assert verdict.definition == name
            _no_internal_failure(verdict)
            _no_internal_failure(SchemaVerdict(False, name, v.explain(message, kind=kind, direction=direction)))
    result_defs = {name for name in defs if name.endswith("Result")}
    mapped = set()
    for method in v.result_methods():
        for variant in (None, "input_required", "task"):
            name = v.prepare("result", "s2c", request_method=method, variant=variant)
            assert name in defs
            mapped.add(name)
            for result in ({}, {"resultType": "complete"}, {"resultType": "input_required"}, {"task": {}}):
                verdict = v.check(
                    {"jsonrpc": "2.0", "id": 1, "result": result}, kind="result", direction="s2c", request_method=method
                )
                _no_internal_failure(verdict)
    # every result definition that answers a request is reachable
    unreachable = (
        result_defs - mapped - {"Result", "PaginatedResult", "CacheableResult", "ClientResult", "ServerResult"}
    )
    if version in MODERN:
        unreachable.discard("EmptyResult")  # no ping any more: nothing answers with it
    assert unreachable == set()
    assert v.prepare("error", "s2c") in ("JSONRPCError", "JSONRPCErrorResponse")
    assert v.prepare_all() > 20
    # each schema file is read in the draft it declares: no downgrading
    dialect = schema.get("$schema", "")
    expected_cls = "Draft202012Validator" if "2020-12" in dialect else "Draft7Validator"
    assert {type(entry.validator).__name__ for entry in v.compiled()} == {expected_cls}


@pytest.mark.parametrize("version", KNOWN_SCHEMA_VERSIONS)
def test_result_mapping(version):
    v = validator_for(version)
    expected = {
        "tools/list": "ListToolsResult",
        "tools/call": "CallToolResult",
        "prompts/list": "ListPromptsResult",
        "prompts/get": "GetPromptResult",
        "resources/list": "ListResourcesResult",
        "resources/read": "ReadResourceResult",
        "resources/templates/list": "ListResourceTemplatesResult",
        "completion/complete": "CompleteResult",
        "roots/list": "ListRootsResult",
        "sampling/createMessage": "CreateMessageResult",
    }
    if version in LEGACY:
        expected |= {
            "initialize": "InitializeResult",
            "ping": "EmptyResult",
            "logging/setLevel": "EmptyResult",
            "resources/subscribe": "EmptyResult",
            "resources/unsubscribe": "EmptyResult",
        }
    else:
        expected |= {"server/discover": "DiscoverResult", "subscriptions/listen": "SubscriptionsListenResult"}
    if version >= "2025-06-18":
        expected["elicitation/create"] = "ElicitResult"
    if version == "2025-11-25":
        expected |= {
            "tasks/get": "GetTaskResult",
            "tasks/result": "GetTaskPayloadResult",
            "tasks/cancel": "CancelTaskResult",
            "tasks/list": "ListTasksResult",
        }
    actual = {m: v.definition_for("result", "s2c", request_method=m) for m in v.result_methods()}
    assert actual == expected


def _methods_md(version: str) -> dict[tuple[str, str], set[str]]:
    text = METHODS_MD.read_text()
    section = text.split(f"### {version} —", 1)[1].split("\n### ", 1)[0]
    out: dict[tuple[str, str], set[str]] = {}
    for method, kind, direction in re.findall(r"^\| `([^`]+)` \| (request|notification) \| ([^|]+) \|$", section, re.M):
        direction = direction.strip()
        if "MRTR" in direction:
            continue
        targets = {"client->server": ["c2s"], "server->client": ["s2c"], "both": ["c2s", "s2c"]}[direction]
        for target in targets:
            out.setdefault((kind, target), set()).add(method)
    return out


@pytest.mark.skipif(
    not METHODS_MD.is_file() and not os.environ.get("CI"),
    reason="../shared/spec not beside the checkout (CI has it: there the test runs)",
)
@pytest.mark.parametrize("version", KNOWN_SCHEMA_VERSIONS)
def test_methods_agree_with_methods_md(version):
    v = validator_for(version)
    listed = _methods_md(version)
    for kind in ("request", "notification"):
        for direction in ("c2s", "s2c"):
            assert v.methods(kind, direction) == listed.get((kind, direction), set()), (kind, direction)


# ----------------------------------------------------------------------------- one stack: compile_schema


def test_compile_schema_reads_each_draft_as_declared_and_refuses_remote_refs():
    # 2020-12 (declared, or none at all): prefixItems is a tuple, items the rest
    tup = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "array",
        "prefixItems": [{"type": "string"}],
        "items": {"type": "integer"},
    }
    assert compile_schema(tup).is_valid(["a", 1, 2]) and not compile_schema(tup).is_valid(["a", "b"])
    bare = {"type": "array", "prefixItems": [{"type": "string"}], "items": False}
    assert compile_schema(bare).is_valid(["a"]) and not compile_schema(bare).is_valid(["a", 1])
    # draft-07: items as an array is the tuple form, additionalItems the rest
    d7 = {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "type": "array",
        "items": [{"type": "string"}],
        "additionalItems": False,
    }
    assert type(compile_schema(d7)).__name__ == "Draft7Validator"
    assert compile_schema(d7).is_valid(["a"]) and not compile_schema(d7).is_valid(["a", "b"])
    assert compile_schema(True).is_valid({"anything": 1}) and not compile_schema(False).is_valid(1)
    with pytest.raises(SchemaCompileError, match="remote"):
        compile_schema({"$ref": "https://example.invalid/schema.json"})
    with pytest.raises(SchemaCompileError):
        compile_schema({"type": "nope"})


@pytest.mark.parametrize(
    "fmt, good, bad",
    [
        ("email", "a@b", "a b@c"),
        ("uri", "file:///x", "no scheme"),
        ("date", "2026-02-28", "2026-02-30"),
        ("date-time", "2026-02-28T10:00:00Z", "2026-02-28 10:00"),
        ("uuid", "123e4567-e89b-12d3-a456-426614174000", "123"),
        ("ipv4", "192.0.2.1", "256.0.0.1"),
        ("byte", "aGVsbG8=", "not base64!"),
    ],
)
def test_one_set_of_format_checkers(fmt, good, bad):
    v = compile_schema({"type": "string", "format": fmt})
    assert v.is_valid(good) and not v.is_valid(bad)


_json_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**40), max_value=2**40),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from(
        ["", "info", "text", "image", "2.0", "file:///x", "aGVsbG8=", "not base64!", "complete", "input_required"]
    ),
)
_json = st.recursive(
    _json_scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.dictionaries(st.sampled_from(["type", "text", "name", "data", "uri", "x", "_meta"]), inner, max_size=3),
    ),
    max_leaves=8,
)


def _corpus(version: str) -> list[tuple[dict, dict]]:
    cases = [
        (tools_list_result(version), {"kind": "result", "direction": "s2c", "request_method": "tools/list"}),
        (tools_call_result(version), {"kind": "result", "direction": "s2c", "request_method": "tools/call"}),
        (tools_call_request(version), {"kind": "request", "direction": "c2s"}),
        (log_message(), {"kind": "notification", "direction": "s2c"}),
        (progress(), {"kind": "notification", "direction": "s2c"}),
        (error_response(), {"kind": "error", "direction": "s2c"}),
    ]
    if version in LEGACY:
        cases.append((initialize_request(version), {"kind": "request", "direction": "c2s"}))
        cases.append(
            (initialize_result(version), {"kind": "result", "direction": "s2c", "request_method": "initialize"})
        )
    else:
        cases.append((discover_request(), {"kind": "request", "direction": "c2s"}))
        cases.append((discover_result(), {"kind": "result", "direction": "s2c", "request_method": "server/discover"}))
    return cases


def _leaf_paths(obj, prefix=()):
    yield prefix
    if isinstance(obj, dict):
        for k, val in obj.items():
            yield from _leaf_paths(val, (*prefix, k))
    elif isinstance(obj, list):
        for i, val in enumerate(obj):
            yield from _leaf_paths(val, (*prefix, i))


_VALIDATORS = {v: SchemaValidator(v) for v in KNOWN_SCHEMA_VERSIONS}


def _reference_ok(version: str, message: dict, args: dict) -> bool:
    """The verdict of the pure-Python ``jsonschema`` library on the same composed schema."""
    import jsonschema
    from jsonschema import validators

    from inspector.protocol.schema import FORMAT_CHECKERS

    v = _VALIDATORS[version]
    entry = v.compiled_for(message, args["kind"], args["direction"], message.get("method"), args.get("request_method"))
    cls = validators.validator_for(entry.schema, default=jsonschema.Draft7Validator)
    checker = jsonschema.FormatChecker(formats=())
    for name, func in FORMAT_CHECKERS.items():
        checker.checks(name)(func)
    return cls(entry.schema, format_checker=checker).is_valid(message)


@settings(
    max_examples=int(__import__("os").environ.get("SCHEMA_FUZZ", "300")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    version=st.sampled_from(KNOWN_SCHEMA_VERSIONS),
    case=st.integers(min_value=0, max_value=7),
    where=st.integers(min_value=0, max_value=10_000),
    value=_json,
    delete=st.booleans(),
)
def test_verdicts_agree_with_the_reference_jsonschema_library(version, case, where, value, delete):
    message, args = _corpus(version)[case]
    message = copy.deepcopy(message)
    paths = [p for p in _leaf_paths(message) if p]
    path = paths[where % len(paths)]
    parent = message
    for key in path[:-1]:
        parent = parent[key]
    if delete and isinstance(parent, dict):
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    fast = _VALIDATORS[version].check(message, **args)
    assert fast.ok == _reference_ok(version, message, args)
    if fast.ok:
        assert _VALIDATORS[version].explain(message, **args) == ()
    else:
        assert _VALIDATORS[version].explain(message, **args)
