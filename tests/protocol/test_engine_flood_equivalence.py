"""incoming_many (a read judged at once when it is a flood's, line by line otherwise) against
``incoming`` one message at a time, on many seeded random reads: runs of one line repeated (what
takes the run-at-once way) with an odd line or not, and mixes, for engines in every situation a
read can meet - before the handshake, during it, after it with and without the capabilities that
allow logging and list_changed, the modern era with and without a requested log level, a call
waiting for progress - over stdio and HTTP. Verdicts, rules, state, pairing and the decoded
message (where the caller reads it) are the same; the run-at-once way fires for a good share."""

from __future__ import annotations

import random

import orjson
import pytest

from inspector.protocol.engine import Analysis, ClientConfig, ProtocolEngine
from inspector.protocol.links import TransportKind
from inspector.protocol.versions import EraMode


def note(method: str, params: object = None, **envelope: object) -> bytes:
    obj: dict[str, object] = {"jsonrpc": "2.0", "method": method}
    if params is not None:
        obj["params"] = params
    obj.update(envelope)
    return orjson.dumps(obj) + b"\n"


LOG = "notifications/message"
#: lines a flood's read may be made of (the first REPEATED are repeated to make runs)
LINES = [
    note(LOG, {"level": "info", "data": "x"}),
    note(LOG, {"level": "info", "data": "y", "logger": "l"}),
    note(LOG, {"level": "info", "data": None}),
    note(LOG, {"level": "info", "data": "x", "logger": None}),
    note(LOG, {"level": "info", "data": "x", "_meta": {"a": 1}}),
    note(LOG, {"level": "info", "data": "x", "_meta": 5}),
    note(LOG, {"level": "info", "data": "x", "_meta": {"io.modelcontextprotocol/protocolVersion": "2026-07-28"}}),
    note(LOG, {"level": "INFO", "data": "x"}),
    note(LOG, {"data": "x"}),
    note(LOG, {"level": "info", "data": {"n": 10**18, "f": 1.5e300, "deep": [[[[[]]]]]}}),
    b'{"params":{"data":"x","level":"debug"},"method":"notifications/message","jsonrpc":"2.0"}\n',  # the TS SDK's order
    b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"x"}}\r\n',
    b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"x"}}   \n',
    note("notifications/tools/list_changed"),
    note("notifications/tools/list_changed", {}),
    note("notifications/tools/list_changed", {"_meta": {}}),
    note("notifications/resources/list_changed"),
    note("notifications/prompts/list_changed"),
    note("notifications/resources/updated", {"uri": "file:///x"}),
    note("notifications/resources/updated", {"uri": "not a uri"}),
    note("notifications/resources/updated", {}),
    note("notifications/cancelled", {"requestId": 5}),
    note("notifications/elicitation/complete", {"elicitationId": "e"}),
    note("notifications/made/up", {}),
    note("notifications/progress", {"progressToken": 5, "progress": 1}),
    note("notifications/progress", {"progressToken": "nobody", "progress": 1}),
    note(LOG, {"level": "info", "data": "x"}, id=None),
    note(LOG, {"level": "info", "data": "x"}, jsonrpc="2.1"),
    b'{"jsonrpc":"2.0","id":5,"result":{"content":[]}}\n',
    b'{"jsonrpc":"2.0","id":77,"result":{}}\n',
    b'{"jsonrpc":"2.0","id":3,"method":"ping"}\n',
    b'{"jsonrpc":"2.0","id":4,"method":"roots/list"}\n',
    b"noise\n",
    b"\n",
    b'{"a":1}\n',
    b"[]\n",
    b"{bad\n",
    b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"\xff"}}\n',
    b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"x"}}',
]
REPEATED = 26
SITUATIONS = ["before", "initializing", "all caps", "no caps", "tools without listChanged", "modern", "modern, log"]


def engine(where: str, transport: TransportKind) -> ProtocolEngine:
    """An engine in ``where``, a tools/call with progress token 5 waiting once it can be sent."""
    if where.startswith("modern"):
        e = ProtocolEngine(
            ClientConfig(era=EraMode.MODERN, log_level="info" if "log" in where else None), transport=transport
        )
        e.outgoing(e.build_discover(e.next_id()), 0.0, 0)
        result = {
            "resultType": "complete",
            "supportedVersions": ["2026-07-28"],
            "capabilities": {"tools": {}},
            "ttlMs": 0,
            "cacheScope": "private",
            "_meta": {"io.modelcontextprotocol/serverInfo": {"name": "m", "version": "1"}},
        }
        e.incoming(orjson.dumps({"jsonrpc": "2.0", "id": 1, "result": result}) + b"\n", 0.1, 1)
        e.outgoing(e.build_request(5, "tools/call", {"name": "t"}, progress_token=5), 0.2, 2)
        return e
    e = ProtocolEngine(ClientConfig(era=EraMode.LEGACY), transport=transport)
    if where == "before":
        return e
    e.outgoing(e.build_initialize(e.next_id()), 0.0, 0)
    if where == "initializing":
        return e
    caps = {
        "all caps": {
            "logging": {},
            "tools": {"listChanged": True},
            "resources": {"listChanged": True, "subscribe": True},
            "prompts": {"listChanged": True},
        },
        "no caps": {},
        "tools without listChanged": {"tools": {}, "logging": {}},
    }[where]
    answer = {"protocolVersion": "2025-11-25", "capabilities": caps, "serverInfo": {"name": "s", "version": "1"}}
    e.incoming(orjson.dumps({"jsonrpc": "2.0", "id": 1, "result": answer}) + b"\n", 0.1, 1)
    e.outgoing(e.build_initialized(), 0.2, 2)
    e.outgoing(e.build_request(5, "tools/call", {"name": "t"}, progress_token=5), 0.3, 3)
    return e


def summary(a: Analysis) -> tuple:
    schema = None if a.schema is None else (a.schema.ok, a.schema.definition, tuple(map(str, a.schema.errors)))
    tr = None if a.transition is None else (a.transition.source, a.transition.target, a.transition.label)
    return (a.kind, a.state, a.method, a.id, a.violations, schema, a.latency, a.paired, a.request_method, tr, a.problem)


def reads(rnd: random.Random, count: int) -> list[list[bytes]]:
    """Every line once amid a run of plain log lines, then ``count`` random reads."""
    out = []
    for odd in LINES:
        run = [LINES[0]] * 9
        run[rnd.randrange(len(run))] = odd
        out.append(run)
    for _ in range(count):
        if rnd.random() < 0.6:
            run = [rnd.choice(LINES[:REPEATED])] * rnd.randint(2, 40)
            if rnd.random() < 0.4:
                run[rnd.randrange(len(run))] = rnd.choice(LINES)
        else:
            run = [rnd.choice(LINES) for _ in range(rnd.randint(1, 20))]
        out.append(run)
    return out


@pytest.mark.parametrize("transport", [TransportKind.STDIO, TransportKind.HTTP_AUTO])
@pytest.mark.parametrize("where", SITUATIONS)
def test_random_reads_are_judged_together_as_one_at_a_time(where: str, transport: TransportKind) -> None:
    rnd = random.Random(f"{where} {transport}")
    shared = 0
    for run in reads(rnd, 60):
        alone = engine(where, transport)
        want = [alone.incoming(raw, 1.0, 10 + k) for k, raw in enumerate(run)]
        for unread in (None, frozenset(), frozenset({LOG})):
            e = engine(where, transport)
            got = e.incoming_many(list(run), 1.0, 10, unread)
            assert [summary(a) for a in got] == [summary(a) for a in want], (run, unread)
            assert e.lifecycle.state is alone.lifecycle.state and e.outcome == alone.outcome
            for a, b in zip(got, want, strict=True):
                assert a.obj is None or a.obj == b.obj
                assert (a.progress_of is None) == (b.progress_of is None)
            if len(got) > 1 and all(a is got[0] for a in got):
                assert unread != frozenset() and got[0].obj is None  # shared only where nobody reads
                shared += 1
    assert shared >= 10, "the run-at-once way (or the shared analysis) fires for the floods among the reads"
