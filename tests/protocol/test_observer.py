"""The engine as an observer (proxy mode): the host is the client, its lines are judged as the client's."""

from __future__ import annotations

import orjson

from inspector.protocol.engine import ClientConfig, ProtocolEngine
from inspector.protocol.lifecycle import State
from inspector.protocol.messages import Kind
from inspector.protocol.rules import RULES
from inspector.protocol.versions import META_CLIENT_CAPABILITIES, META_CLIENT_INFO, META_PROTOCOL_VERSION, Era


class Watch:
    """A session seen from the middle: ``h`` is a line the host wrote, ``s`` one the server wrote."""

    def __init__(self) -> None:
        self.e = ProtocolEngine(ClientConfig(observer=True))
        self.seq = 0

    def _raw(self, msg: dict | bytes) -> bytes:
        return msg if isinstance(msg, bytes) else orjson.dumps(msg) + b"\n"

    def h(self, msg):
        self.seq += 1
        return self.e.observe(self._raw(msg), self.seq * 0.01, self.seq - 1)

    def s(self, msg):
        self.seq += 1
        return self.e.incoming(self._raw(msg), self.seq * 0.01, self.seq - 1)


def initialize(version="2025-06-18", caps=None, id=0):
    params = {"protocolVersion": version, "capabilities": caps or {}, "clientInfo": {"name": "host", "version": "1"}}
    return {"jsonrpc": "2.0", "id": id, "method": "initialize", "params": params}


def answer(version="2025-06-18", id=0):
    caps = {"tools": {}}
    result = {"protocolVersion": version, "capabilities": caps, "serverInfo": {"name": "s", "version": "1"}}
    return {"jsonrpc": "2.0", "id": id, "result": result}


INITIALIZED = {"jsonrpc": "2.0", "method": "notifications/initialized"}


def test_a_host_that_starts_with_initialize_is_in_the_legacy_era_of_the_version_it_asks_for():
    w = Watch()
    a = w.h(initialize("2025-03-26"))
    assert a.kind is Kind.REQUEST and a.violations == () and a.schema.ok
    assert w.e.era is Era.LEGACY and w.e.era_basis == "host-initialize" and w.e.schema_version == "2025-03-26"
    assert a.state is State.INITIALIZING and a.transition is not None
    r = w.s(answer("2025-03-26"))
    assert r.paired == 0 and r.state is State.INITIALIZED
    assert w.h(INITIALIZED).state is State.OPERATING
    listed = w.h({"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
    assert listed.violations == () and listed.schema.ok


def test_server_requests_are_checked_against_what_the_host_declared():
    w = Watch()
    w.h(initialize(caps={"roots": {"listChanged": True}}))
    w.s(answer())
    w.h(INITIALIZED)
    assert w.s({"jsonrpc": "2.0", "id": 7, "method": "roots/list"}).violations == ()
    sampling = {"messages": [], "maxTokens": 5}
    undeclared = w.s({"jsonrpc": "2.0", "id": 8, "method": "sampling/createMessage", "params": sampling})
    assert undeclared.violations == ("capability.client-undeclared",)
    # the host's answer to the server's request is paired with it and judged as a client result
    a = w.h({"jsonrpc": "2.0", "id": 7, "result": {"roots": []}})
    assert a.kind is Kind.RESULT and a.paired is not None and a.violations == () and a.schema.ok


def test_host_misbehaviour_has_rules_in_the_hosts_words():
    w = Watch()
    assert w.h(b"hello from the host\n").violations == ("host.not-json",)
    w.h(initialize())
    assert w.h(INITIALIZED).violations == ("lifecycle.initialized-before-result",)
    assert w.h({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}).violations == (
        "lifecycle.client-before-initialize",
    )
    w.s(answer())
    assert w.h({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}).violations == ("host.id-reused",)
    assert "host.invalid-utf8" in w.h(b'{"jsonrpc":"2.0","method":"notifications/x\xff"}\n').violations
    bad = w.h({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"arguments": {}}})
    assert bad.schema is not None and not bad.schema.ok  # no tool name: the schema of the version in force
    for rule in ("host.not-json", "host.invalid-utf8", "host.id-reused", "lifecycle.initialized-before-result"):
        assert RULES[rule].text and RULES[rule].spec


def test_a_modern_host_is_in_the_modern_era_and_its_meta_is_judged():
    w = Watch()
    meta = {
        META_PROTOCOL_VERSION: "2026-07-28",
        META_CLIENT_CAPABILITIES: {"sampling": {}},
        META_CLIENT_INFO: {"name": "host", "version": "1"},
    }
    a = w.h({"jsonrpc": "2.0", "id": 1, "method": "server/discover", "params": {"_meta": meta}})
    assert w.e.era is Era.MODERN and w.e.era_basis == "host-modern" and a.violations == () and a.schema.ok
    assert w.e.host_capabilities == {"sampling": {}}
    assert w.h({"jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": {"_meta": meta}}).schema.ok
    bare = w.h({"jsonrpc": "2.0", "id": 3, "method": "tools/list"})  # no _meta: not a modern request
    assert bare.schema is not None and not bare.schema.ok


def test_the_inspectors_own_configuration_is_not_the_hosts():
    """Observing, the capabilities the inspector would offer are not consulted: only the host's count."""
    e = ProtocolEngine(ClientConfig(observer=True, capabilities={"sampling": {}}))
    assert e.client_capabilities("2025-06-18") == {}
    e.observe(orjson.dumps(initialize(caps={"roots": {}})) + b"\n", 0.0, 0)
    assert e.client_capabilities("2025-06-18") == {"roots": {}}


def test_a_host_notification_its_own_capabilities_did_not_declare_is_flagged():
    """roots/list_changed needs roots.listChanged in the host's own initialize: {} or roots
    without listChanged is a violation; declared, or before the host's capabilities are known, none."""
    changed = {"jsonrpc": "2.0", "method": "notifications/roots/list_changed"}
    for caps, flagged in (({}, True), ({"roots": {}}, True), ({"roots": {"listChanged": True}}, False)):
        w = Watch()
        w.h(initialize(caps=caps))
        w.s(answer())
        w.h(INITIALIZED)
        got = w.h(changed)
        assert got.violations == (("host.capability-undeclared",) if flagged else ()), caps
        assert w.h({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 9}}).violations == ()
    from inspector.protocol.rules import RULES

    assert "roots.listChanged" in RULES["host.capability-undeclared"].text


def test_a_host_request_for_a_feature_the_server_did_not_declare_is_flagged():
    w = Watch()
    w.h(initialize())
    w.s(answer())  # tools only
    w.h(INITIALIZED)
    assert w.h({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}).violations == ()
    prompts = w.h({"jsonrpc": "2.0", "id": 2, "method": "prompts/list"})
    assert prompts.violations == ("host.capability-undeclared",)
    level = {"level": "info"}
    assert w.h({"jsonrpc": "2.0", "id": 3, "method": "logging/setLevel", "params": level}).violations == (
        "host.capability-undeclared",
    )
    assert w.h({"jsonrpc": "2.0", "id": 4, "method": "ping"}).violations == ()
