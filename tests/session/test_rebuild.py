"""Rebuilding the feature panels' state from a recording as of an entry (session/rebuild.py):
a real recording of a whole demo session (through real pipes, saved and opened again), asked
at several entries; malformed entries are data, never a crash; a big recording is indexed once."""

from __future__ import annotations

import time
from itertools import pairwise

import orjson
import pytest
from demo_recording import record_demo_session
from recording_driver import Driver

from inspector.protocol.messages import Kind
from inspector.session import Direction, Recording
from inspector.session.playback import Playback
from inspector.session.rebuild import Rebuild
from inspector.session.views import NegotiationTracker, message_histogram, negotiation_facts, settled_version

pytestmark = pytest.mark.anyio


def first(rec: Recording, method: str, direction: Direction, kind: Kind | None = None, after: int = -1) -> int:
    """The first entry after ``after`` of ``method`` going ``direction`` (of ``kind``)."""
    return next(
        i
        for i in range(after + 1, len(rec))
        if rec.method_at(i) == method and rec.direction_at(i) is direction and (kind is None or rec.kind_at(i) is kind)
    )


@pytest.fixture(scope="module")
def anyio_backend():
    return "asyncio"


@pytest.fixture(scope="module")
async def demo(tmp_path_factory, anyio_backend) -> Recording:
    path = await record_demo_session(tmp_path_factory.mktemp("rebuild") / "demo.jsonl")
    rec = Recording.load(path)
    assert rec.read_only and rec.load_problem_count == 0
    return rec


async def test_the_state_follows_the_recorded_session(demo):
    rec = demo
    rb = Rebuild(rec)
    s2c, c2s = Direction.S2C, Direction.C2S

    # before the handshake's answer: nothing negotiated, no panel has anything
    init_answer = first(rec, "initialize", s2c)
    state = rb.at(init_answer - 1)
    assert not state.negotiated and state.era is None and state.lists == {} and state.calls == {} and state.logs == 0

    # after the start sequence: the negotiation, still no tools
    initialized = first(rec, "notifications/initialized", c2s)
    state = rb.at(initialized)
    assert state.negotiated and state.era == "legacy" and state.version == "2025-11-25"
    assert {"tools", "resources", "prompts", "logging", "tasks"} <= set(state.server_capabilities)
    assert state.server_info.get("name")
    list_request = first(rec, "tools/list", c2s)
    list_answer = first(rec, "tools/list", s2c)
    assert rb.at(list_request).listing("tools/list") is None  # asked, not answered yet

    # after the tools/list answer: the tools the demo lists, in its order
    listed = rec[list_answer].json()["result"]["tools"]
    tools = rb.at(list_answer).listing("tools/list")
    assert [t["name"] for t in tools.items] == [t["name"] for t in listed] and "echo" in [
        t["name"] for t in tools.items
    ]
    assert tools.pages == 1 and not tools.more

    # a call: its arguments at once, its result once answered
    call = first(rec, "tools/call", c2s)
    sent = rb.at(call).call("tools/call")
    assert (
        sent.seq == call
        and sent.params == {"name": "echo", "arguments": {"message": "hello from the recording"}}
        and sent.reply is None
    )
    call_answer = first(rec, "tools/call", s2c)
    assert rec.paired_at(call_answer) == call
    answered = rb.at(call_answer).call("tools/call")
    assert answered.reply is not None and answered.reply.ok and answered.count == 1
    assert "hello from the recording" in answered.reply.result["content"][0]["text"]

    # the logs come with the log_levels call: none before it, every one of them after its answer
    log_call = first(rec, "tools/call", c2s, after=call)
    logs = [i for i in range(len(rec)) if rec.method_at(i) == "notifications/message"]
    assert logs and rb.at(log_call).logs == 0 and rb.at(logs[2]).logs == 3
    assert rb.at(first(rec, "tools/call", s2c, after=log_call)).logs == len(logs)

    # resources, templates, a read with its contents; prompts and a get with its messages
    read_answer = first(rec, "resources/read", s2c)
    state = rb.at(read_answer)
    assert [r["uri"] for r in state.listing("resources/list").items][0].startswith("demo://")
    assert state.listing("resources/templates/list").items[0]["uriTemplate"] == "demo://items/{category}/{item}"
    read = state.call("resources/read")
    assert (
        read.params == {"uri": "demo://static/readme.md"}
        and read.reply.result["contents"][0]["uri"] == "demo://static/readme.md"
    )
    assert state.listing("prompts/list") is None
    state = rb.at(first(rec, "prompts/get", s2c))
    assert {p["name"] for p in state.listing("prompts/list").items} >= {"greeting", "code_review"}
    got = state.call("prompts/get")
    assert got.params["arguments"] == {"name": "Ada"} and "Ada" in orjson.dumps(got.reply.result["messages"]).decode()

    # a tool error is a result with isError; the task run: listed by its status, its result kept
    fails = first(rec, "tools/call", s2c, after=first(rec, "prompts/get", s2c))
    assert rb.at(fails).call("tools/call").reply.result["isError"] is True
    end = rb.at(len(rec) - 1)
    ((task_id, task),) = end.tasks.items()
    assert task["status"] == "completed" and end.task_results[task_id]["result"]["content"][0]["type"] == "text"
    assert rb.at(fails).tasks == {}

    # scrubbing back gives the same answers as asking afresh
    for row in (list_answer, call, len(rec) - 1, init_answer - 1, read_answer):
        again = Rebuild(rec).at(row)
        back = rb.at(row)
        assert (back.era, back.tasks, back.logs, {m: p.items for m, p in back.lists.items()}) == (
            again.era,
            again.tasks,
            again.logs,
            {m: p.items for m, p in again.lists.items()},
        )


def ask(d: Driver, method: str, params: dict, result: object) -> int:
    """A request and its answer through the driver's engine; the answer's entry."""
    _seq, id = d.request(method, params)
    return d.s2c(orjson.dumps({"jsonrpc": "2.0", "id": id, "result": result}) + b"\n")


def test_a_later_listing_replaces_an_earlier_one_and_pages_are_merged():
    d = Driver()
    d.handshake()
    ask(d, "tools/list", {}, {"tools": [{"name": "a", "inputSchema": {"type": "object"}}], "nextCursor": "p2"})
    two = ask(
        d,
        "tools/list",
        {"cursor": "p2"},
        {"tools": [{"name": "b", "inputSchema": {"type": "object"}}, "not a tool", {"no": "name"}]},
    )
    three = ask(d, "tools/list", {}, {"tools": [{"name": "c", "inputSchema": {"type": "object"}}]})
    rb = Rebuild(d.rec)
    merged = rb.at(two).listing("tools/list")
    assert (
        [t["name"] for t in merged.items] == ["a", "b"] and merged.pages == 2 and merged.notes
    )  # two entries dropped, noted
    assert [t["name"] for t in rb.at(three).listing("tools/list").items] == ["c"]
    assert [t["name"] for t in rb.at(two).listing("tools/list").items] == ["a", "b"]  # and back again


@pytest.mark.malformed_c2s
def test_malformed_entries_are_data_not_a_crash():
    d = Driver()
    d.c2s(
        b'{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":[],"clientInfo":"me"}}\n'
    )
    d.s2c(
        b'{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":"all","serverInfo":[],"instructions":3}}\n'
    )
    d.c2s(b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n')
    rows = [
        d.c2s(b'{"jsonrpc":"2.0","id":"x","method":"tools/call","params":[1,2]}\n'),
        d.s2c(b'{"jsonrpc":"2.0","id":"x","result":[]}\n'),
        d.c2s(b'{"jsonrpc":"2.0","id":"y","method":"tools/list","params":{"cursor":5}}\n'),
        d.s2c(b'{"jsonrpc":"2.0","id":"y","result":{"tools":{"a":1},"nextCursor":["no"]}}\n'),
        d.c2s(b'{"jsonrpc":"2.0","id":"z","method":"resources/read"}\n'),
        d.s2c(b'{"jsonrpc":"2.0","id":"z","error":"just a string"}\n'),
        d.s2c(b'{"jsonrpc":"2.0","method":"notifications/message","params":"loud"}\n'),
        d.s2c(b'{"jsonrpc":"2.0","method":"notifications/tasks/status","params":{"taskId":5}}\n'),
        d.c2s(b'{"jsonrpc":"2.0","id":"t","method":"tasks/get","params":{"taskId":"t1"}}\n'),
        d.s2c(b'{"jsonrpc":"2.0","id":"t","result":"done"}\n'),
        d.c2s(b'{"jsonrpc":"2.0","id":"r","method":"tasks/result","params":{"taskId":"t1"}}\n'),
        d.s2c(b'{"jsonrpc":"2.0","id":"r","result":{"content":"not a list"}}\n'),
        d.c2s(b'{"jsonrpc":"2.0","id":"l","method":"tasks/list"}\n'),
        d.s2c(b'{"jsonrpc":"2.0","id":"l","result":{"tasks":[1,{"taskId":"t2","status":"working"}]}}\n'),
        d.s2c(b"not json at all\n"),
        d.s2c(b'{"jsonrpc":"2.0","id":"nobody","result":{}}\n'),
        d.stderr(b"a line on stderr\n"),
    ]
    rb = Rebuild(d.rec)
    for row in range(-3, len(d.rec) + 3):
        state = rb.at(row)
    assert (
        state.era == "legacy"
        and state.version == "2025-11-25"
        and state.server_capabilities == {}
        and state.server_info == {}
    )
    assert state.call("tools/call").params == {} and state.call("tools/call").reply.result == {"_": []}
    assert (
        state.listing("tools/list").items == []
        and state.call("resources/read").reply.error["message"] == "just a string"
    )
    assert state.logs == 1 and state.tasks["t2"] == {"taskId": "t2", "status": "working"} and 5 not in state.tasks
    assert state.task_results == {"t1": {"result": {"content": "not a list"}}}
    assert rows  # every kind of oddity was recorded


def test_a_big_recording_is_indexed_once_and_scrubbing_is_cheap():
    d = Driver(tick=0.0001)
    d.handshake()
    ask(d, "tools/list", {}, {"tools": [{"name": "a", "inputSchema": {"type": "object"}}]})
    log = (
        orjson.dumps({"jsonrpc": "2.0", "method": "notifications/message", "params": {"level": "info", "data": "x"}})
        + b"\n"
    )
    for i in range(100_000):
        if i % 1000 == 0:
            ask(d, "tools/call", {"name": "a", "arguments": {"i": i}}, {"content": [{"type": "text", "text": str(i)}]})
        else:
            d.s2c(log)
    rec = d.rec
    rb = Rebuild(rec)
    started = time.perf_counter()
    rb.at(len(rec) - 1)
    index_time = time.perf_counter() - started
    started = time.perf_counter()
    for k in range(200):  # scrubbing back and forth
        state = rb.at((k * 7919) % len(rec))
    per_frame = (time.perf_counter() - started) / 200
    assert per_frame < 0.01 and per_frame < index_time, (per_frame, index_time)
    assert state.listing("tools/list").items[0]["name"] == "a"
    assert rb.indexed == len(rec)


# ---------------------------------------------------------------------- the negotiation as of an entry


@pytest.fixture(scope="module")
async def modern_demo(tmp_path_factory, anyio_backend) -> Recording:
    path = await record_demo_session(tmp_path_factory.mktemp("rebuild") / "modern.jsonl", era="modern")
    return Recording.load(path)


async def test_the_negotiation_follows_the_replayed_entry(demo):
    """What the Negotiation view shows at a replay's position: nothing before initialize, the
    offer alone until its answer, the settled version from the answer on."""
    rec = demo
    s2c, c2s = Direction.S2C, Direction.C2S
    tracker = NegotiationTracker(rec)
    init = first(rec, "initialize", c2s)
    answer = first(rec, "initialize", s2c)
    assert tracker.facts_as_of(0) is None and init > 0  # the process started; nothing was offered yet
    assert negotiation_facts(rec, init - 1) is None
    offered = tracker.facts_as_of(init)
    assert offered["method"] == "initialize" and offered["offer"]["version"] == "2025-11-25" and "server" not in offered
    assert settled_version(tracker.facts_as_of(answer - 1)) is None
    settled = tracker.facts_as_of(answer)
    assert settled["server"]["version"] == "2025-11-25" and settled_version(settled) == "2025-11-25"
    assert tracker.facts_as_of(len(rec) - 1) == negotiation_facts(rec) == settled
    # two rows with the same start-exchange entries by them give the same facts (the view redraws on a change only)
    assert (
        tracker.taken_by(0) == 0
        and tracker.taken_by(init) == 1
        and tracker.taken_by(answer) == tracker.taken_by(len(rec) - 1) == 2
    )
    # the same version the panels' rebuild settles
    assert Rebuild(rec).at(len(rec) - 1).version == settled_version(settled)


async def test_the_modern_negotiation_follows_the_replayed_entry(modern_demo):
    rec = modern_demo
    discover = first(rec, "server/discover", Direction.C2S)
    answer = first(rec, "server/discover", Direction.S2C, Kind.RESULT)
    assert negotiation_facts(rec, discover - 1) is None
    asked = negotiation_facts(rec, discover)
    assert asked["method"] == "server/discover" and "server" not in asked and settled_version(asked) is None
    known = negotiation_facts(rec, answer)
    assert "2026-07-28" in known["server"]["version"] and settled_version(known) == "2026-07-28"
    assert Rebuild(rec).at(len(rec) - 1).version == "2026-07-28" and rec.era_as_of(answer - 1) is None


# ---------------------------------------------------------------------- the replay slider's message ticks


async def test_the_message_histogram_counts_the_messages_per_run_of_entries(demo):
    rec = demo
    messages = [i for i in range(len(rec)) if rec.direction_at(i) in (Direction.C2S, Direction.S2C)]
    assert len(messages) < len(rec)  # process events and stderr are no messages
    for buckets in (1, 7, 40, len(rec), 10 * len(rec)):
        counts = message_histogram(rec, buckets)
        b = len(counts)
        assert b == min(buckets, len(rec)) and sum(counts) == len(messages)
        edges = [len(rec) * k // b for k in range(b + 1)]
        assert counts == [sum(lo <= i < hi for i in messages) for lo, hi in pairwise(edges)]
    assert Playback(rec).density(40) == message_histogram(rec, 40)


def test_the_message_histogram_of_a_million_entries_is_cheap():
    d = Driver()
    d.handshake()
    log = (
        orjson.dumps({"jsonrpc": "2.0", "method": "notifications/message", "params": {"level": "info", "data": "x"}})
        + b"\n"
    )
    a = d.engine.incoming(log, 1.0, len(d.rec))
    lines = [log] * 10_000
    shared = [a] * len(lines)
    while len(d.rec) < 1_000_000:
        d.rec.extend(Direction.S2C, 1.0, lines, shared)
        d.stderr(b"a line of stderr")
    rec = d.rec
    started = time.perf_counter()
    counts = message_histogram(rec, 1200)
    took = time.perf_counter() - started
    stderr = sum(1 for i in range(len(rec)) if rec.direction_at(i) is Direction.STDERR)
    assert len(rec) >= 1_000_000 and stderr == 100 and sum(counts) == len(rec) - stderr
    assert took < 0.25, took
    started = time.perf_counter()
    assert message_histogram(rec, 1200) == counts  # a repaint of the same width: the kept answer
    assert time.perf_counter() - started < 0.01
