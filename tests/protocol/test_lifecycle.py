from __future__ import annotations

from inspector.protocol.lifecycle import (
    AUTO_TABLE,
    LEGACY_TABLE,
    MODERN_TABLE,
    STATE_INFO,
    Event,
    Lifecycle,
    State,
    states_of,
)
from inspector.protocol.versions import EraMode


def test_legacy_machine_has_the_six_states_and_failed():
    assert states_of(LEGACY_TABLE) == [
        State.UNINITIALIZED,
        State.INITIALIZING,
        State.INITIALIZED,
        State.OPERATING,
        State.SHUTTING_DOWN,
        State.TERMINATED,
        State.FAILED,
    ]


def test_tables_are_deterministic_and_every_state_explained():
    for table in (LEGACY_TABLE, MODERN_TABLE, AUTO_TABLE):
        keys = [(t.source, t.event) for t in table]
        assert len(keys) == len(set(keys))
        for s in states_of(table):
            assert STATE_INFO[s].explanation and STATE_INFO[s].spec


def test_final_states_have_no_way_out():
    for table in (LEGACY_TABLE, MODERN_TABLE, AUTO_TABLE):
        assert not [t for t in table if t.source.final]


def test_happy_legacy_path_and_shutdown_escalation():
    lc = Lifecycle(EraMode.LEGACY)
    for ev, st in [
        (Event.SEND_INITIALIZE, State.INITIALIZING),
        (Event.RECV_INITIALIZE_RESULT, State.INITIALIZED),
        (Event.SEND_INITIALIZED, State.OPERATING),
        (Event.SHUTDOWN, State.SHUTTING_DOWN),
        (Event.SIGTERM_SENT, State.SHUTTING_DOWN),
        (Event.SIGKILL_SENT, State.SHUTTING_DOWN),
        (Event.PROCESS_EXITED, State.TERMINATED),
    ]:
        tr = lc.fire(ev)
        assert tr is not None and lc.state is st
    assert [t.failure for t in lc.history] == [False, False, False, False, True, True, False]


def test_failure_edges():
    lc = Lifecycle(EraMode.LEGACY)
    lc.fire(Event.SEND_INITIALIZE)
    tr = lc.fire(Event.PROCESS_EXITED)
    assert tr.failure and lc.state is State.FAILED
    lc = Lifecycle(EraMode.LEGACY)
    lc.fire(Event.SEND_INITIALIZE)
    assert lc.fire(Event.VERSION_UNSUPPORTED).failure and lc.state is State.SHUTTING_DOWN
    lc = Lifecycle(EraMode.LEGACY)
    assert lc.fire(Event.SPAWN_FAILED).failure and lc.state is State.FAILED


def test_events_that_do_not_apply_leave_the_state():
    lc = Lifecycle(EraMode.LEGACY)
    assert lc.fire(Event.SEND_INITIALIZED) is None and lc.state is State.UNINITIALIZED


def test_auto_falls_back_into_the_legacy_machine():
    lc = Lifecycle(EraMode.AUTO)
    assert lc.state is State.IDLE
    lc.fire(Event.SEND_DISCOVER)
    tr = lc.fire(Event.FALLBACK_TO_LEGACY)
    assert tr is not None and not tr.failure and lc.state is State.UNINITIALIZED
    lc.fire(Event.SEND_INITIALIZE)
    assert lc.state is State.INITIALIZING
    # a timeout while probing is a fallback in auto, a failure in modern
    auto = Lifecycle(EraMode.AUTO)
    auto.fire(Event.SEND_DISCOVER)
    assert not auto.fire(Event.TIMEOUT).failure and auto.state is State.UNINITIALIZED
    modern = Lifecycle(EraMode.MODERN)
    modern.fire(Event.SEND_DISCOVER)
    assert modern.fire(Event.TIMEOUT).failure and modern.state is State.SHUTTING_DOWN


def test_modern_retry_loops_and_input_required():
    lc = Lifecycle(EraMode.MODERN)
    lc.fire(Event.SEND_DISCOVER)
    assert lc.fire(Event.RECV_UNSUPPORTED_VERSION).target is State.DISCOVERING
    lc.fire(Event.RECV_DISCOVER_RESULT)
    assert lc.state is State.READY
    assert lc.fire(Event.INPUT_REQUIRED).target is State.READY
