"""The engine, fed wire traces line by line (sans-IO; no process, no clock)."""

from __future__ import annotations

import orjson
import pytest

from inspector.protocol.engine import ClientConfig, ProtocolEngine
from inspector.protocol.lifecycle import State
from inspector.protocol.messages import Kind
from inspector.protocol.rules import RULES
from inspector.protocol.versions import Era, EraMode


class Trace:
    def __init__(self, engine: ProtocolEngine) -> None:
        self.e = engine
        self.seq = 0
        self.t = 0.0

    def _next(self):
        self.seq += 1
        self.t += 0.01
        return self.t, self.seq - 1

    def c(self, raw):
        if isinstance(raw, dict):
            raw = orjson.dumps(raw) + b"\n"
        t, seq = self._next()
        return self.e.outgoing(raw, t, seq)

    def s(self, raw):
        if isinstance(raw, dict):
            raw = orjson.dumps(raw) + b"\n"
        t, seq = self._next()
        return self.e.incoming(raw, t, seq)


def init_result(version="2025-11-25", caps=None, id=1):
    return {
        "jsonrpc": "2.0",
        "id": id,
        "result": {
            "protocolVersion": version,
            "capabilities": caps or {"tools": {"listChanged": True}},
            "serverInfo": {"name": "s", "version": "1"},
        },
    }


def legacy(**kw) -> Trace:
    return Trace(ProtocolEngine(ClientConfig(era=EraMode.LEGACY, **kw)))


def handshake(tr: Trace, caps=None, version="2025-11-25"):
    e = tr.e
    a = tr.c(e.build_initialize(e.next_id()))
    assert a.state is State.INITIALIZING and a.transition is not None
    a = tr.s(init_result(version, caps))
    tr.c(e.build_initialized())
    return a


def test_rules_have_ids_text_and_spec():
    assert len(RULES) >= 15
    for rid, r in RULES.items():
        assert rid == r.id and r.text and r.spec


def test_legacy_handshake_states_latency_and_schema():
    tr = legacy()
    a = handshake(tr)
    assert a.kind is Kind.RESULT and a.method == "initialize" and a.paired == 0
    assert a.latency == pytest.approx(0.01)
    assert a.schema.ok, a.schema
    assert tr.e.state is State.OPERATING and tr.e.version == "2025-11-25" and tr.e.era is Era.LEGACY
    assert tr.e.server_capabilities == {"tools": {"listChanged": True}}


def test_unsupported_version_disconnects_by_default_and_can_carry_on():
    tr = legacy()
    tr.c(tr.e.build_initialize(tr.e.next_id()))
    a = tr.s(init_result("1999-01-01"))
    assert "lifecycle.version-unsupported" in a.violations
    assert a.transition.failure and tr.e.state is State.SHUTTING_DOWN
    tr = legacy(accept_unsupported_version=True)
    tr.c(tr.e.build_initialize(tr.e.next_id()))
    a = tr.s(init_result("1999-01-01"))
    assert "lifecycle.version-unsupported" in a.violations and tr.e.state is State.INITIALIZED


def test_version_not_offered_is_flagged():
    tr = legacy(legacy_version="2025-06-18")
    tr.c(tr.e.build_initialize(tr.e.next_id()))
    a = tr.s(init_result("2025-03-26"))
    assert a.violations == ("lifecycle.version-not-offered",) and tr.e.version == "2025-03-26"


def test_initialize_error():
    tr = legacy()
    tr.c(tr.e.build_initialize(tr.e.next_id()))
    a = tr.s({"jsonrpc": "2.0", "id": 1, "error": {"code": -32602, "message": "Unsupported protocol version"}})
    assert "lifecycle.initialize-error" in a.violations and a.transition.failure


def test_id_zero_and_string_ids_pair_separately():
    tr = legacy()
    handshake(tr, caps={"tools": {}})
    tr.c({"jsonrpc": "2.0", "id": 0, "method": "tools/list"})
    tr.c({"jsonrpc": "2.0", "id": "0", "method": "ping"})
    a = tr.s({"jsonrpc": "2.0", "id": "0", "result": {}})
    assert a.method == "ping" and not a.violations
    a = tr.s({"jsonrpc": "2.0", "id": 0, "result": {"tools": []}})
    assert a.method == "tools/list" and not a.violations and a.schema.ok


def test_response_rules():
    tr = legacy()
    handshake(tr)
    tr.c({"jsonrpc": "2.0", "id": 5, "method": "ping"})
    assert tr.s({"jsonrpc": "2.0", "id": 5, "result": {}}).violations == ()
    assert tr.s({"jsonrpc": "2.0", "id": 5, "result": {}}).violations == ("jsonrpc.response-duplicate",)
    assert tr.s({"jsonrpc": "2.0", "id": 99, "result": {}}).violations == ("jsonrpc.response-unknown-id",)
    tr.c({"jsonrpc": "2.0", "id": 6, "method": "ping"})
    a = tr.s({"jsonrpc": "2.0", "id": 6, "result": {}, "error": {"code": 1, "message": "x"}})
    assert "jsonrpc.result-and-error" in a.violations
    tr.c({"jsonrpc": "2.0", "id": 7, "method": "ping"})
    assert "jsonrpc.version" in tr.s({"id": 7, "result": {}}).violations
    assert "jsonrpc.id-invalid" in tr.s({"jsonrpc": "2.0", "id": None, "result": {}}).violations


def test_noise_invalid_utf8_partial_batch_and_non_messages():
    tr = legacy()
    assert tr.s(b"Server starting...\n").violations == ("stdio.not-json",)
    assert tr.s(b"\xff\xfe\n").violations == ("stdio.invalid-utf8",)
    assert tr.s(b'{"jsonrpc":"2.0","method":"notifications/mess').violations == ("stdio.partial-line",)
    assert tr.s(b'[{"jsonrpc":"2.0","id":1,"method":"ping"}]\n').violations == ("jsonrpc.batch",)
    assert tr.s(b"42\n").violations == ("jsonrpc.not-a-message",)


def test_batch_allowed_in_2025_03_26():
    tr = legacy(legacy_version="2025-03-26")
    assert (
        tr.s(b'[{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":1}}]\n').violations
        == ()
    )


def test_server_request_before_initialized_and_client_capability():
    tr = legacy()
    tr.c(tr.e.build_initialize(tr.e.next_id()))
    tr.s(init_result())
    a = tr.s({"jsonrpc": "2.0", "id": "early-1", "method": "roots/list"})
    assert set(a.violations) == {"lifecycle.request-before-initialized", "capability.client-undeclared"}
    assert tr.s({"jsonrpc": "2.0", "id": "p", "method": "ping"}).violations == ()


def test_client_answer_pairs_with_server_request():
    tr = legacy(capabilities={"roots": {"listChanged": True}})
    handshake(tr)
    tr.s({"jsonrpc": "2.0", "id": 0, "method": "roots/list"})
    a = tr.c({"jsonrpc": "2.0", "id": 0, "result": {"roots": []}})
    assert a.paired is not None and a.method == "roots/list" and a.schema.ok


def test_capability_gated_notifications():
    tr = legacy()
    handshake(tr, caps={"tools": {"listChanged": True}})
    assert tr.s({"jsonrpc": "2.0", "method": "notifications/tools/list_changed"}).violations == ()
    a = tr.s({"jsonrpc": "2.0", "method": "notifications/prompts/list_changed"})
    assert a.violations == ("capability.server-undeclared",)
    a = tr.s({"jsonrpc": "2.0", "method": "notifications/message", "params": {"level": "info", "data": "x"}})
    assert a.violations == ("capability.server-undeclared",)


def test_unknown_method_and_notification_before_initialize_result():
    tr = legacy()
    tr.c(tr.e.build_initialize(tr.e.next_id()))
    a = tr.s({"jsonrpc": "2.0", "method": "notifications/tools/list_changed"})
    assert a.violations == ("lifecycle.message-before-initialize-result",)
    handshake_tail = tr.s(init_result())
    assert handshake_tail.transition is not None
    a = tr.s({"jsonrpc": "2.0", "method": "notifications/made_up"})
    assert "method.unknown" in a.violations


def test_progress_tokens_and_cancellation():
    tr = legacy()
    handshake(tr)
    tr.c(tr.e.build_request(10, "tools/call", {"name": "slow"}, progress_token=10))
    a = tr.s({"jsonrpc": "2.0", "method": "notifications/progress", "params": {"progressToken": 10, "progress": 1}})
    assert a.violations == () and a.progress_of.id == 10
    a = tr.s({"jsonrpc": "2.0", "method": "notifications/progress", "params": {"progressToken": 77, "progress": 1}})
    assert a.violations == ("progress.unknown-token",)
    tr.c(tr.e.build_cancel(10, "user"))
    a = tr.s({"jsonrpc": "2.0", "method": "notifications/progress", "params": {"progressToken": 10, "progress": 2}})
    assert a.violations == ("cancel.message-after-cancel",)


def test_timeout_then_late_answer():
    tr = legacy()
    handshake(tr)
    tr.c({"jsonrpc": "2.0", "id": 3, "method": "tools/list"})
    note = tr.e.timeout(3)
    assert note.violations == ("lifecycle.no-answer",) and note.paired is not None
    a = tr.s({"jsonrpc": "2.0", "id": 3, "result": {"tools": []}})
    assert a.violations == ("jsonrpc.late-response",)


def test_initialize_timeout_is_a_failure_edge():
    tr = legacy()
    tr.c(tr.e.build_initialize(tr.e.next_id()))
    note = tr.e.timeout(1)
    assert note.transition.failure and tr.e.state is State.SHUTTING_DOWN


def test_process_exit_during_initialize():
    tr = legacy()
    tr.c(tr.e.build_initialize(tr.e.next_id()))
    a = tr.e.process_exited()
    assert a.violations == ("lifecycle.exited-during-initialize",) and tr.e.state is State.FAILED


def test_shutdown_escalation_is_recorded_as_rules():
    tr = legacy()
    handshake(tr)
    assert tr.e.shutdown_begins().state is State.SHUTTING_DOWN
    assert tr.e.escalated("SIGTERM").violations == ("lifecycle.ignored-stdin-close",)
    assert tr.e.escalated("SIGKILL").violations == ("lifecycle.ignored-sigterm",)
    assert tr.e.process_exited().state is State.TERMINATED


def test_link_events_are_engine_inputs_as_a_trace_without_io():
    """What the session used to map itself: a transport's link events, by name, drive the
    lifecycle; events that move nothing are notes."""
    from inspector.transport.base import EVENT_NAMES

    assert set(ProtocolEngine.LINK_EVENTS) <= EVENT_NAMES  # the names transports emit
    tr = legacy()
    assert tr.e.link_event("spawned").transition is None
    handshake(tr)
    for name in ("stdout_closed", "group_gone", "waiting"):
        note = tr.e.link_event(name)
        assert note.kind is Kind.PROCESS and note.transition is None and tr.e.state is State.OPERATING
    steps = [tr.e.link_event(name) for name in ("stdin_closed", "sigterm_sent", "sigkill_sent", "exited")]
    assert [a.transition.event.value for a in steps] == ["shutdown", "sigterm_sent", "sigkill_sent", "process_exited"]
    assert [a.violations for a in steps] == [(), ("lifecycle.ignored-stdin-close",), ("lifecycle.ignored-sigterm",), ()]
    assert tr.e.state is State.TERMINATED and tr.e.outcome is None
    other = legacy()
    other.c(other.e.build_initialize(other.e.next_id()))
    assert other.e.link_event("exited").violations == ("lifecycle.exited-during-initialize",)
    assert other.e.outcome_code == "exited-before-established"


# ---------------------------------------------------------------- modern / auto

META = "io.modelcontextprotocol/protocolVersion"


def discover_result(id=1, versions=("2026-07-28",)):
    return {
        "jsonrpc": "2.0",
        "id": id,
        "result": {
            "resultType": "complete",
            "supportedVersions": list(versions),
            "capabilities": {"tools": {}},
            "ttlMs": 0,
            "cacheScope": "private",
            "_meta": {"io.modelcontextprotocol/serverInfo": {"name": "m", "version": "1"}},
        },
    }


def test_auto_discover_success_is_modern():
    tr = Trace(ProtocolEngine(ClientConfig(era=EraMode.AUTO)))
    e = tr.e
    a = tr.c(e.build_discover(e.next_id()))
    assert a.state is State.DISCOVERING and a.obj["params"]["_meta"][META] == "2026-07-28"
    a = tr.s(discover_result())
    assert a.state is State.READY and e.era is Era.MODERN and e.version == "2026-07-28" and a.schema.ok
    assert e.server_info == {"name": "m", "version": "1"}
    raw = e.build_request(e.next_id(), "tools/list")
    assert orjson.loads(raw)["params"]["_meta"][META] == "2026-07-28"


def test_auto_falls_back_on_method_not_found():
    tr = Trace(ProtocolEngine(ClientConfig(era=EraMode.AUTO)))
    tr.c(tr.e.build_discover(tr.e.next_id()))
    a = tr.s({"jsonrpc": "2.0", "id": 1, "error": {"code": -32601, "message": "Method not found"}})
    assert a.state is State.UNINITIALIZED and tr.e.era is Era.LEGACY and not a.transition.failure


def test_unsupported_version_error_is_modern_and_retried():
    tr = Trace(ProtocolEngine(ClientConfig(era=EraMode.AUTO)))
    tr.c(tr.e.build_discover(tr.e.next_id()))
    a = tr.s(
        {
            "jsonrpc": "2.0",
            "id": 1,
            "error": {"code": -32022, "message": "v", "data": {"supported": ["2026-07-28"], "requested": "x"}},
        }
    )
    assert a.state is State.DISCOVERING and tr.e.era is Era.MODERN and tr.e.retry_version == "2026-07-28"
    a = tr.s(
        {"jsonrpc": "2.0", "id": 1, "error": {"code": -32022, "message": "v", "data": {"supported": ["3000-01-01"]}}}
    )
    assert "jsonrpc.response-duplicate" in a.violations
    tr2 = Trace(ProtocolEngine(ClientConfig(era=EraMode.MODERN)))
    tr2.c(tr2.e.build_discover(tr2.e.next_id()))
    a = tr2.s(
        {"jsonrpc": "2.0", "id": 1, "error": {"code": -32022, "message": "v", "data": {"supported": ["3000-01-01"]}}}
    )
    assert a.transition.failure and tr2.e.state is State.SHUTTING_DOWN


def test_modern_server_requests_and_input_required():
    tr = Trace(ProtocolEngine(ClientConfig(era=EraMode.MODERN)))
    tr.c(tr.e.build_discover(tr.e.next_id()))
    tr.s(discover_result())
    a = tr.s({"jsonrpc": "2.0", "id": 9, "method": "roots/list"})
    assert "stdio.server-request-modern" in a.violations
    tr.c(tr.e.build_request(2, "tools/list"))
    a = tr.s({"jsonrpc": "2.0", "id": 2, "result": {"resultType": "input_required", "inputRequests": {}}})
    assert a.violations == ("modern.input-required-not-allowed",) and a.transition.label.startswith(
        "← InputRequiredResult"
    )


def test_modern_log_messages_need_a_requested_level():
    tr = Trace(ProtocolEngine(ClientConfig(era=EraMode.MODERN)))
    tr.c(tr.e.build_discover(tr.e.next_id()))
    tr.s(discover_result())
    log = {"jsonrpc": "2.0", "method": "notifications/message", "params": {"level": "info", "data": "x"}}
    assert "modern.log-not-requested" in tr.s(log).violations
    raw = tr.e.build_request(2, "tools/call", {"name": "t", "_meta": {"io.modelcontextprotocol/logLevel": "debug"}})
    tr.c(raw)
    assert "modern.log-not-requested" not in tr.s(log).violations
    tr.s({"jsonrpc": "2.0", "id": 2, "result": {"content": [], "resultType": "complete"}})
    assert "modern.log-not-requested" in tr.s(log).violations


def test_task_progress_tokens_outlive_the_create_task_result():
    tr = legacy()
    handshake(tr)
    tr.c(tr.e.build_request(4, "tools/call", {"name": "slow", "task": {}}, progress_token="tok"))
    tr.s({"jsonrpc": "2.0", "id": 4, "result": {"task": {"taskId": "t1", "status": "working"}}})
    a = tr.s({"jsonrpc": "2.0", "method": "notifications/progress", "params": {"progressToken": "tok", "progress": 1}})
    assert a.violations == ()


def test_over_streamable_http_a_tool_with_an_invalid_x_mcp_header_is_flagged_and_not_used():
    """x-mcp-header is the 2026-07-28 Streamable HTTP's: flagged there, not on stdio, not in the
    handshake era (whose requests mirror nothing into headers)."""
    good = {
        "name": "good",
        "inputSchema": {"type": "object", "properties": {"r": {"type": "string", "x-mcp-header": "R"}}},
    }
    bad = {
        "name": "bad",
        "inputSchema": {"type": "object", "properties": {"x": {"type": "number", "x-mcp-header": "X"}}},
    }
    tr = Trace(ProtocolEngine(ClientConfig(era=EraMode.MODERN), transport="streamable-http"))
    tr.c(tr.e.build_discover(tr.e.next_id()))
    assert tr.s(discover_result()).state is State.READY
    tr.c(tr.e.build_request(tr.e.next_id(), "tools/list", {}))
    a = tr.s({"jsonrpc": "2.0", "id": 2, "result": {"tools": [good, bad], "resultType": "complete"}})
    assert "http.tool-header-invalid" in a.violations and "bad: " in a.problem and "good" not in a.problem
    assert tr.e.http_tool_params == {"good": {("r",): "R"}} and list(tr.e.http_tools_unusable) == ["bad"]
    for engine in (
        ProtocolEngine(ClientConfig(era=EraMode.LEGACY)),
        ProtocolEngine(ClientConfig(era=EraMode.LEGACY), transport="streamable-http"),
    ):
        other = Trace(engine)
        handshake(other)
        other.c({"jsonrpc": "2.0", "id": 2, "method": "tools/list"})
        assert other.s({"jsonrpc": "2.0", "id": 2, "result": {"tools": [bad]}}).violations == ()


def _summary(a) -> tuple:
    schema = (
        None
        if a.schema is None
        else (a.schema.ok, a.schema.definition, tuple((e.path, e.message) for e in a.schema.errors))
    )
    tr = None if a.transition is None else (a.transition.source, a.transition.target, a.transition.label)
    return (
        a.kind,
        a.state,
        a.method,
        a.id,
        a.violations,
        schema,
        a.latency,
        a.paired,
        a.request_method,
        tr,
        a.problem,
        a.obj,
    )


@pytest.mark.parametrize("era", [EraMode.LEGACY, EraMode.MODERN])
def test_a_run_analysed_together_is_analysed_as_one_by_one(era) -> None:
    """incoming_many (the flood's path: a notification's rule verdict worked out once per method
    and run) gives exactly what incoming gives one message at a time, for a run that mixes
    notifications of several methods with what moves state or breaks rules in between."""
    note = lambda method, **params: orjson.dumps({"jsonrpc": "2.0", "method": method, "params": params}) + b"\n"  # noqa: E731
    run = [
        note("notifications/message", level="info", data="before the handshake"),
        orjson.dumps(init_result(caps={"logging": {}, "tools": {"listChanged": True}})) + b"\n",
        note("notifications/message", level="info", data="a"),
        note("notifications/message", level="info", data="b"),
        note("notifications/message", level="not-a-level", data="schema says no"),
        note("notifications/tools/list_changed"),
        note("notifications/resources/list_changed"),  # not declared: a capability rule
        note("notifications/made/up"),
        b'{"jsonrpc":"1.0","method":"notifications/message","params":{"level":"info","data":"c"}}\n',
        note("notifications/progress", progressToken="nobody", progress=1),
        b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"partial"}}',
        b"some noise on stdout\n",
        b"\xff\xfe not utf-8\n",
        b'{"jsonrpc":"2.0","id":99,"result":{}}\n',
        note("notifications/message", level="info", data="d"),
        b'[{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"batch"}}]\n',
        note("notifications/message", level="info", data="e"),
    ]
    if era is EraMode.MODERN:
        run = [line for line in run if b'"id":1,' not in line]
    results = []
    for how in ("one by one", "together", "together, unread"):
        tr = Trace(ProtocolEngine(ClientConfig(era=era)))
        if era is EraMode.LEGACY:
            tr.c(tr.e.build_initialize(tr.e.next_id()))
        start = tr.seq
        if how == "one by one":
            analyses = [tr.e.incoming(raw, 1.0, seq) for seq, raw in enumerate(run, start)]
        else:
            analyses = tr.e.incoming_many(run, 1.0, start, None if how.endswith("unread") else frozenset())
        results.append(analyses)
        if era is EraMode.LEGACY:
            assert tr.e.lifecycle.state is State.INITIALIZED
    one_by_one, together, unread = ([_summary(a) for a in analyses] for analyses in results)
    assert len(together) == len(run)
    assert together == one_by_one
    # nobody reads them: the valid notifications of one method in a run share one analysis,
    # without the decoded message; every other field is the same
    assert [s[:-1] for s in unread] == [s[:-1] for s in one_by_one]
    shared = [a for a in results[2] if a.obj is None and a.kind is Kind.NOTIFICATION]
    assert len(shared) >= 4 and len({id(a) for a in shared}) < len(shared)
    assert all(a.schema.ok for a in shared)
    invalid = [a for a in results[2] if a.schema is not None and not a.schema.ok]
    assert invalid and all(a.obj is not None for a in invalid), "an invalid one keeps its own analysis"
    flagged = {v for s in one_by_one for v in s[4]}
    assert {"method.unknown", "jsonrpc.version", "progress.unknown-token", "stdio.partial-line"} <= flagged
    assert any(s[5] is not None and not s[5][0] for s in one_by_one), "a schema-invalid notification is in the run"


def test_a_message_the_engine_chokes_on_in_a_run_is_data_and_the_run_goes_on(monkeypatch) -> None:
    tr = legacy()
    handshake(tr, caps={"logging": {}})
    calls = {"n": 0}
    real = tr.e.incoming

    def choke(*args, **kwargs):  # the whole way of a message that is not a plain notification
        calls["n"] += 1
        raise RuntimeError("boom")

    monkeypatch.setattr(tr.e, "incoming", choke)
    line = b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"x"}}\n'
    out = tr.e.incoming_many([line, b'{"jsonrpc":"2.0","id":5,"result":{}}\n', line], 1.0, 10)
    monkeypatch.setattr(tr.e, "incoming", real)
    assert calls["n"] == 1
    assert [a.kind for a in out] == [Kind.NOTIFICATION, Kind.RESULT, Kind.NOTIFICATION]
    assert out[1].violations == ("inspector.internal-error",) and "RuntimeError: boom" in out[1].problem
    assert out[0].violations == out[2].violations == () and out[2].schema.ok


def test_an_answer_to_an_id_the_server_reused_is_judged_against_the_request_it_fits():
    """A hostile server sends two requests under one id while the first is pending: the client's
    answer to the first (an elicitation accept) is judged as an elicitation result, not as the
    second request's result; the reuse itself stays the server's fault."""
    tr = legacy(capabilities={"roots": {}, "elicitation": {}})
    handshake(tr)
    tr.s(
        {
            "jsonrpc": "2.0",
            "id": "a",
            "method": "elicitation/create",
            "params": {"message": "ok?", "requestedSchema": {"type": "object", "properties": {}}},
        }
    )
    reused = tr.s({"jsonrpc": "2.0", "id": "a", "method": "roots/list"})
    assert reused.violations  # the server reused a pending id
    a = tr.c({"jsonrpc": "2.0", "id": "a", "result": {"action": "accept", "content": {}}})
    assert a.schema.ok, a.schema
    assert a.method == "elicitation/create"
    b = tr.c({"jsonrpc": "2.0", "id": "a", "result": {"roots": []}})
    assert b.method == "roots/list"  # the later request keeps its own method when the answer fits it
    wrong = tr.c({"jsonrpc": "2.0", "id": 5, "result": {"nothing": 1}})
    assert wrong.paired is None
