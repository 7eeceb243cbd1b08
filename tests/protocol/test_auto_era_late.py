"""Auto era: how the engine decides when the probe's answer comes after the fallback (issue 21).

Sans-IO traces of the orders a slow server's answers can take; the session tests
(tests/session/test_auto_era_slow.py) run the common orders against the real servers. Here the
orders no real peer here produces on demand: initialize refused with -32022 before the probe is
answered, a late -32022 to the probe, a late answer after initialize was answered.
"""

from __future__ import annotations

import orjson
from test_engine import Trace, init_result

from inspector.protocol.engine import ClientConfig, ProtocolEngine
from inspector.protocol.lifecycle import AUTO_TABLE, LEGACY_TABLE, MODERN_TABLE, Event, State, for_transport
from inspector.protocol.versions import Era, EraMode

DISCOVER_RESULT = {"resultType": "complete", "supportedVersions": ["2026-07-28"], "capabilities": {"tools": {}}}
UNSUPPORTED = {
    "code": -32022,
    "message": "unsupported protocol version",
    "data": {"supported": ["2026-07-28"], "requested": "2025-11-25"},
}


def fell_back_on_silence() -> tuple[Trace, int]:
    """Auto: server/discover #1 sent, no answer in time (the fallback), initialize #2 sent."""
    tr = Trace(ProtocolEngine(ClientConfig(era=EraMode.AUTO)))
    e = tr.e
    tr.c(e.build_discover(e.next_id()))
    note = e.timeout(1)
    assert note.violations == () and note.transition.event is Event.TIMEOUT and e.state is State.UNINITIALIZED
    assert e.era is Era.LEGACY and e.era_basis == "discover-silent"
    init_id = e.next_id()
    tr.c(e.build_initialize(init_id))
    assert e.state is State.INITIALIZING
    return tr, init_id


def test_a_late_discover_result_before_initialize_is_answered_wins() -> None:
    tr, init_id = fell_back_on_silence()
    a = tr.s({"jsonrpc": "2.0", "id": 1, "result": DISCOVER_RESULT})
    assert a.violations == ("jsonrpc.late-response",)
    assert a.transition.event is Event.MODERN_AFTER_FALLBACK and a.state is State.DISCOVERING
    assert a.transition.label == "← modern after all → discover again"
    e = tr.e
    assert e.era is Era.MODERN and e.retry_version == "2026-07-28" and e.offered_version == "2026-07-28"
    assert e.schema_version == "2026-07-28"
    assert e.era_reason.startswith("server/discover answered late (")
    refusal = tr.s({"jsonrpc": "2.0", "id": init_id, "error": UNSUPPORTED})
    assert (
        refusal.violations == () and refusal.transition is None and e.state is State.DISCOVERING and e.outcome is None
    )
    again = e.next_id()
    tr.c(e.build_discover(again, e.retry_version))
    a = tr.s({"jsonrpc": "2.0", "id": again, "result": DISCOVER_RESULT})
    assert a.violations == () and a.transition.event is Event.RECV_DISCOVER_RESULT and e.state is State.READY
    assert e.version == "2026-07-28" and e.server_capabilities == {"tools": {}}
    assert e.era_reason.startswith("server/discover answered late (")  # the first word on the era stands


def test_a_late_discover_result_after_initialize_was_answered_changes_nothing() -> None:
    tr, init_id = fell_back_on_silence()
    assert tr.s(init_result(id=init_id)).state is State.INITIALIZED
    a = tr.s({"jsonrpc": "2.0", "id": 1, "result": DISCOVER_RESULT})
    assert a.violations == ("jsonrpc.late-response",) and a.transition is None
    assert tr.e.era is Era.LEGACY and tr.e.version == "2025-11-25"


def test_a_late_legacy_answer_leaves_the_fallback_alone() -> None:
    for late in ({"error": {"code": -32601, "message": "Method not found"}}, {"result": {}}):
        tr, init_id = fell_back_on_silence()
        a = tr.s({"jsonrpc": "2.0", "id": 1, **late})
        assert a.violations == ("jsonrpc.late-response",) and a.transition is None and tr.e.state is State.INITIALIZING
        assert tr.s(init_result(id=init_id)).state is State.INITIALIZED and tr.e.era is Era.LEGACY


def test_initialize_refused_with_32022_before_the_probe_is_answered_means_discover_again() -> None:
    tr, init_id = fell_back_on_silence()
    a = tr.s({"jsonrpc": "2.0", "id": init_id, "error": UNSUPPORTED})
    assert a.violations == () and a.transition.event is Event.MODERN_AFTER_FALLBACK and a.state is State.DISCOVERING
    e = tr.e
    assert e.era is Era.MODERN and e.retry_version == "2026-07-28" and e.era_basis == "initialize-unsupported"
    again = e.next_id()
    tr.c(e.build_discover(again, e.retry_version))
    late = tr.s(
        {"jsonrpc": "2.0", "id": 1, "result": DISCOVER_RESULT}
    )  # the first probe's answer: late, decides nothing
    assert late.transition is None and e.state is State.DISCOVERING
    a = tr.s({"jsonrpc": "2.0", "id": again, "result": DISCOVER_RESULT})
    assert a.transition.event is Event.RECV_DISCOVER_RESULT and e.state is State.READY and e.version == "2026-07-28"


def test_a_late_32022_to_the_probe_means_discover_again_and_initialize_is_left_behind() -> None:
    tr, init_id = fell_back_on_silence()
    a = tr.s({"jsonrpc": "2.0", "id": 1, "error": UNSUPPORTED})
    assert a.violations == ("jsonrpc.late-response",) and a.transition.event is Event.MODERN_AFTER_FALLBACK
    e = tr.e
    assert e.state is State.DISCOVERING and e.era is Era.MODERN
    refusal = tr.s({"jsonrpc": "2.0", "id": init_id, "error": {"code": -32601, "message": "Method not found"}})
    assert refusal.violations == () and refusal.transition is None and e.state is State.DISCOVERING


def test_a_32022_to_initialize_without_a_common_version_fails_as_such() -> None:
    tr, init_id = fell_back_on_silence()
    a = tr.s({"jsonrpc": "2.0", "id": init_id, "error": {**UNSUPPORTED, "data": {"supported": ["2099-01-01"]}}})
    assert a.state is State.SHUTTING_DOWN and tr.e.outcome_code == "no-common-version"


def test_an_initialize_error_after_silence_names_the_fallback() -> None:
    tr, init_id = fell_back_on_silence()
    a = tr.s({"jsonrpc": "2.0", "id": init_id, "error": {"code": -32603, "message": "boom"}})
    assert a.violations == ("lifecycle.initialize-error",) and a.state is State.SHUTTING_DOWN
    assert tr.e.outcome_code == "initialize-error-after-silence"
    assert "after server/discover had gone unanswered within the probe timeout" in tr.e.outcome


def test_a_fallback_on_a_refusal_is_never_undone() -> None:
    tr = Trace(ProtocolEngine(ClientConfig(era=EraMode.AUTO)))
    e = tr.e
    tr.c(e.build_discover(e.next_id()))
    tr.s({"jsonrpc": "2.0", "id": 1, "error": {"code": -32601, "message": "Method not found"}})
    assert e.state is State.UNINITIALIZED and e.era_basis == "discover-error"
    tr.c(e.build_initialize(e.next_id()))
    a = tr.s({"jsonrpc": "2.0", "id": 2, "error": UNSUPPORTED})
    assert (
        a.violations == ("lifecycle.initialize-error",)
        and a.state is State.SHUTTING_DOWN
        and e.outcome_code == "initialize-error"
    )


def test_never_read_fails_the_start_in_every_era_but_only_over_stdio() -> None:
    for mode in EraMode:
        e = ProtocolEngine(ClientConfig(era=mode))
        tr = Trace(e)
        first = e.next_id()
        tr.c(e.build_initialize(first) if mode is EraMode.LEGACY else e.build_discover(first))
        a = e.timeout(first, never_read=60.0)
        assert a.transition.event is Event.NEVER_READ and a.state is State.SHUTTING_DOWN and a.transition.failure
        assert e.outcome_code == "never-read" and "within 60 s of its start" in e.outcome
    for table in (AUTO_TABLE, MODERN_TABLE, LEGACY_TABLE):
        assert not any(tr.event is Event.NEVER_READ for tr in for_transport(table, "streamable-http"))


def test_the_late_edge_is_auto_only_and_leads_back_to_discovering() -> None:
    late = [tr for tr in AUTO_TABLE if tr.event is Event.MODERN_AFTER_FALLBACK]
    assert [(tr.source, tr.target, tr.failure) for tr in late] == [(State.INITIALIZING, State.DISCOVERING, False)]
    assert not any(tr.event is Event.MODERN_AFTER_FALLBACK for tr in MODERN_TABLE + LEGACY_TABLE)


def test_the_summary_says_why_this_era() -> None:
    e = ProtocolEngine(ClientConfig(era=EraMode.LEGACY))
    assert e.summary()["era_reason"] == "chosen by hand"
    tr = Trace(ProtocolEngine(ClientConfig(era=EraMode.AUTO)))
    assert tr.e.summary()["era_reason"] is None
    tr.c(tr.e.build_discover(tr.e.next_id()))
    tr.s({"jsonrpc": "2.0", "id": 1, "result": DISCOVER_RESULT})
    assert orjson.loads(orjson.dumps(tr.e.summary()))["era_reason"] == "server/discover answered with a DiscoverResult"
