"""Error responses with id null (issue 21, point 5), sans-IO: JSON-RPC 2.0 requires id null in
an error for a request whose id could not be read; MCP's schema has no null id. Such an error is
explained with the info note ``jsonrpc.error-id-null`` and its schema checked apart from the id;
id null anywhere else stays ``jsonrpc.id-invalid``."""

from __future__ import annotations

import orjson
import pytest

from inspector.protocol.engine import NULL_ID_NOTE, ClientConfig, ProtocolEngine
from inspector.protocol.messages import Kind
from inspector.protocol.rules import RULES, Severity
from inspector.protocol.versions import EraMode


def engine(version: str = "2025-11-25", transport: str = "stdio") -> ProtocolEngine:
    e = ProtocolEngine(ClientConfig(era=EraMode.LEGACY, legacy_version=version), transport=transport)
    e.outgoing(e.build_initialize(e.next_id()), 0.0, 0)
    init = {
        "jsonrpc": "2.0",
        "id": 1,
        "result": {"protocolVersion": version, "capabilities": {}, "serverInfo": {"name": "s", "version": "1"}},
    }
    e.incoming(orjson.dumps(init) + b"\n", 0.1, 1)
    e.outgoing(e.build_initialized(), 0.2, 2)
    return e


def line(obj: dict) -> bytes:
    return orjson.dumps(obj) + b"\n"


def test_the_note_is_an_info_rule_that_names_both_specs():
    rule = RULES[NULL_ID_NOTE]
    assert rule.severity is Severity.INFO
    assert "JSON-RPC 2.0" in rule.text and "MCP" in rule.text and "Not a server bug" in rule.text
    assert "JSON-RPC 2.0" in rule.spec


@pytest.mark.parametrize("version", ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"])
@pytest.mark.parametrize("code", [-32700, -32600])
@pytest.mark.parametrize("how", ["null", "absent"])
def test_parse_and_invalid_request_errors_without_an_id_are_explained_not_flagged(version, code, how):
    e = engine(version)
    msg = {"jsonrpc": "2.0", "error": {"code": code, "message": "Parse error"}}
    if how == "null":
        msg["id"] = None
    a = e.incoming(line(msg), 1.0, 3)
    assert a.kind is Kind.ERROR
    assert a.violations == ()
    assert a.notes == (NULL_ID_NOTE,)
    assert a.schema is not None and a.schema.ok, a.schema  # checked apart from the id


def test_the_rest_of_such_an_error_is_still_checked_against_the_schema():
    e = engine()
    a = e.incoming(line({"jsonrpc": "2.0", "id": None, "error": {"code": -32700}}), 1.0, 3)  # no message
    assert a.notes == (NULL_ID_NOTE,) and a.violations == ()
    assert a.schema is not None and not a.schema.ok
    assert [err.path for err in a.schema.errors] == ["/error"]
    a = e.incoming(line({"jsonrpc": "1.0", "id": None, "error": {"code": -32600, "message": "x"}}), 1.0, 4)
    assert a.violations == ("jsonrpc.version",) and a.notes == (NULL_ID_NOTE,)


def test_id_null_on_a_result_or_on_another_error_is_still_flagged():
    e = engine()
    a = e.incoming(line({"jsonrpc": "2.0", "id": None, "result": {}}), 1.0, 3)
    assert a.violations == ("jsonrpc.id-invalid",) and a.notes == ()
    assert a.schema is not None and not a.schema.ok
    for code in (-32601, -32602, -32603, -32000, 42):
        a = e.incoming(line({"jsonrpc": "2.0", "id": None, "error": {"code": code, "message": "x"}}), 1.0, 4)
        assert a.violations == ("jsonrpc.id-invalid",) and a.notes == (), code
        assert a.schema is not None and not a.schema.ok
    # an id that is there but not a string or an integer is never "unreadable"
    for bad in (1.5, True, [1], {"a": 1}):
        a = e.incoming(line({"jsonrpc": "2.0", "id": bad, "error": {"code": -32700, "message": "x"}}), 1.0, 5)
        assert a.violations == ("jsonrpc.id-invalid",) and a.notes == (), bad


def test_over_http_the_error_body_of_a_refused_post_is_explained():
    e = engine(transport="streamable-http")
    refused = {
        "jsonrpc": "2.0",
        "id": None,
        "error": {"code": -32000, "message": "Bad Request: No valid session ID provided"},
    }
    e.arrival = {"method": "POST", "status": 400, "channel": "post", "request_seq": 3}
    a = e.incoming(orjson.dumps(refused), 1.0, 4)
    assert a.violations == () and a.notes == (NULL_ID_NOTE,) and a.schema.ok
    # the same body in a 200 answer, or on the GET stream, is a server's fault
    e.arrival = {"method": "POST", "status": 200, "channel": "post", "request_seq": 3}
    assert e.incoming(orjson.dumps(refused), 1.0, 5).violations == ("jsonrpc.id-invalid",)
    e.arrival = {"method": "GET", "status": 200, "channel": "get-sse"}
    assert e.incoming(orjson.dumps(refused), 1.0, 6).violations == ("jsonrpc.id-invalid",)
    # a success with id null in a refused POST's body is no error at all
    e.arrival = {"method": "POST", "status": 400, "channel": "post", "request_seq": 3}
    assert e.incoming(orjson.dumps({"jsonrpc": "2.0", "id": None, "result": {}}), 1.0, 7).violations == (
        "jsonrpc.id-invalid",
    )


def test_the_note_is_kept_in_the_recording_and_read_back(tmp_path):
    from inspector.session.recording import Direction, Recording

    e = engine()
    rec = Recording({"era_mode": "legacy"}, t0=0.0)
    raw = line({"jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": "Parse error"}})
    rec.append(Direction.S2C, 1.0, raw, e.incoming(raw, 1.0, 0))
    rec.extend(Direction.S2C, 1.1, [raw], [e.incoming(raw, 1.1, 1)])  # the batch path keeps it too
    path = tmp_path / "n.jsonl"
    writer = rec.write_to(path)
    writer.close()
    loaded = Recording.load(path)
    for r in (rec, loaded):
        assert len(r) == 2
        for i in range(2):
            assert r.extra_at(i).get("notes") == [NULL_ID_NOTE] and r.violations_at(i) == () and r.schema_at(i) is True
