"""Hostile servers against a real session over real pipes: one line never takes it down.

Each server is a real process (the misbehaving fixture); the session must record every line,
flag what is wrong, and carry on: requests still work afterwards and nothing escapes.
"""

from __future__ import annotations

from pathlib import Path

import anyio
import orjson
import pytest
from session_helpers import find, first, misbehave, options, probe, wait_for

from inspector.protocol.engine import ProtocolEngine
from inspector.protocol.lifecycle import State
from inspector.protocol.messages import Kind
from inspector.protocol.versions import EraMode
from inspector.session import Direction, Recording, RequestTimeout, Session

pytestmark = pytest.mark.anyio

ALL_CAPS = {"roots": {"listChanged": True}, "sampling": {}, "elicitation": {"form": {}, "url": {}}}


def internal_errors(rec: Recording) -> list:
    return [e for e in rec if "inspector.internal-error" in e.violations]


async def test_odd_elicitation_modes_and_unhashable_ids_are_recorded_and_the_session_goes_on(tmp_path: Path) -> None:
    record = tmp_path / "hostile.jsonl"
    session = Session(options(misbehave("hostile-requests"), capabilities=ALL_CAPS, record_path=record))
    async with session:
        await session.start()
        rec = session.recording
        await wait_for(lambda: first(rec, direction=Direction.STDERR), what="the hostile lines")
        await wait_for(
            lambda: len(find(rec, direction=Direction.S2C, method="roots/list")) == 4,
            what="all four roots/list requests",
        )
        reply = await session.request("ping")  # the session is alive and answers
        assert reply.ok
        assert session.state is State.OPERATING

        elicits = find(rec, direction=Direction.S2C, method="elicitation/create")
        assert [e.id for e in elicits] == [101, 102]
        for e in elicits:
            assert e.schema_ok is False  # mode is an object / an array: the schema says so
        # Both were answered (the headless handlers decline), with a schema-valid answer.
        await wait_for(lambda: len(find(rec, direction=Direction.C2S, kind=Kind.RESULT)) >= 3, what="the answers")
        answered = {e.id for e in rec if e.direction is Direction.C2S and e.paired is not None}
        assert {100, 101, 102} <= answered

        odd = [e for e in find(rec, direction=Direction.S2C, method="roots/list") if e.id != 100]
        assert [e.id for e in odd] == [[1, 2], {"a": 1}, 1.5]
        for e in odd:
            assert "jsonrpc.id-invalid" in e.violations
        # A request whose id is not a string or integer cannot be answered validly: it is not.
        assert not [e for e in rec if e.direction is Direction.C2S and e.paired in {o.seq for o in odd}]
        assert internal_errors(rec) == []
    loaded = Recording.load(record)
    assert loaded.summary is not None and loaded.summary["state"] == State.TERMINATED.value
    assert [loaded.raw_at(i) for i in range(len(loaded))] == [rec.raw_at(i) for i in range(len(rec))]


async def test_empty_success_to_discover_is_flagged_and_falls_back_to_initialize() -> None:
    session = Session(options(misbehave("empty-discover"), era=EraMode.AUTO))
    async with session:
        await session.start()
        rec = session.recording
        discover_answer = [e for e in rec if e.direction is Direction.S2C and e.method == "server/discover"]
        assert len(discover_answer) == 1
        assert "modern.discover-not-discover-result" in discover_answer[0].violations
        assert discover_answer[0].extra["transition"]["to"] == State.UNINITIALIZED.value
        assert first(rec, direction=Direction.C2S, method="initialize") is not None
        assert session.state is State.OPERATING
        assert session.engine.era.value == "legacy"
        assert (await session.request("tools/list")).ok


async def test_json_with_invalid_utf8_is_a_message_flagged_and_paired() -> None:
    session = Session(options(misbehave("latin1-tool"), request_timeout=5.0))
    async with session:
        await session.start()
        reply = await session.request("tools/list")  # answered, not timed out
        assert reply.result["tools"][0]["name"] == "caf\ufffd"
        entry = session.recording[reply.seq]
        assert b"caf\xe9" in entry.raw  # the exact bytes are kept
        assert "stdio.invalid-utf8" in entry.violations
        assert entry.kind.label == "result" and entry.method == "tools/list"
        assert "invalid UTF-8" in entry.extra["problem"]
        assert not find(session.recording, direction=Direction.EVENT, method="tools/list")  # no timeout entry


async def test_lines_past_the_limit_keep_their_head_and_the_session_goes_on(tmp_path: Path) -> None:
    limit = 2 * 1024 * 1024  # past the writer's 1 MiB mark: the kept head is written in slices
    size = 5 * 1024 * 1024
    session = Session(
        options(
            misbehave("endless-line", "--size", str(size), "--huge-at", "both"),
            max_line=limit,
            record_path=tmp_path / "r.jsonl",
        )
    )
    async with session:
        await session.start()
        rec = session.recording

        def cut(direction: Direction):
            return [e for e in rec if e.direction is direction and "stdio.line-too-long" in e.violations]

        await wait_for(lambda: cut(Direction.S2C) and cut(Direction.STDERR), what="both cut lines")
        (out,) = cut(Direction.S2C)
        (err,) = cut(Direction.STDERR)
        for e in (out, err):
            assert e.raw == b"y" * limit
            assert e.extra["dropped"] == size - limit + 1  # the rest of the line and its newline
            assert f"dropped {size - limit + 1:,} more" in e.extra["problem"]
        assert (await session.request("ping")).ok  # framing is back in step after the cut
    loaded = Recording.load(tmp_path / "r.jsonl")
    cut_loaded = [loaded[i] for i in range(len(loaded)) if loaded[i].extra.get("dropped") == size - limit + 1]
    assert [e.raw for e in cut_loaded] == [b"y" * limit] * 2


def test_huge_entries_are_written_in_slices_and_read_back_byte_for_byte(tmp_path: Path) -> None:
    engine = ProtocolEngine()
    rec = Recording()
    lines = [
        b"caf\xe9 " * 400_000 + b"\n",  # invalid UTF-8 scattered over slice boundaries: raw_b64 too
        ('{"jsonrpc":"2.0","method":"x","params":{"s":"' + '\u4f60\\"' * 500_000 + '"}}\n').encode(),
        b"\xe4\xbd" + b"z" * (3 << 20),  # a character cut at the very start
        b'{"jsonrpc":"2.0","method":"small"}\n',
    ]
    for raw in lines:
        rec.append(Direction.S2C, 0.0, raw, engine.incoming(raw, 0.0, len(rec)))
    writer = rec.write_to(tmp_path / "big.jsonl")
    writer.close({"kind": "summary"})
    loaded = Recording.load(tmp_path / "big.jsonl")
    assert [loaded.raw_at(i) for i in range(len(loaded))] == lines
    for i in range(len(lines)):
        assert loaded[i].to_json() == rec[i].to_json()


async def test_a_line_the_engine_chokes_on_is_recorded_as_an_inspector_error(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The safety net under every analysis: a fault of the inspector's own becomes data."""
    real = ProtocolEngine.incoming

    def choking(self, raw: bytes, t: float, seq: int):
        if b"boom" in raw:
            raise RuntimeError("simulated analysis fault")
        return real(self, raw, t, seq)

    monkeypatch.setattr(ProtocolEngine, "incoming", choking)
    record = tmp_path / "r.jsonl"
    session = Session(options(misbehave("good"), request_timeout=1.0, record_path=record))
    async with session:
        await session.start()
        with pytest.raises(RequestTimeout):  # the answer could not be analysed, so it is not paired
            await session.request("tools/call", {"name": "echo", "arguments": {"text": "boom"}})
        (bad,) = internal_errors(session.recording)
        assert b"boom" in bad.raw and bad.direction is Direction.S2C
        assert "simulated analysis fault" in bad.extra["problem"]
        assert bad.kind.label == "result"  # what the line is still comes from the parser
        assert (await session.request("ping")).ok
    assert session.recording.summary is not None
    lines = [orjson.loads(x) for x in record.read_bytes().splitlines()]
    assert lines[-1]["kind"] == "summary"
    assert any("inspector.internal-error" in (d.get("violations") or []) for d in lines)


def test_probe_cuts_lines_at_max_line_and_reports_them() -> None:
    run = probe(
        "--max-line",
        "4K",
        "--request",
        "ping",
        *("--stdin-grace", "0.3", "--term-grace", "0.5"),
        server=misbehave("endless-line", "--size", "100000", "--huge-at", "both"),
    )
    assert run.rc == 0, run.stderr
    cut = [e for e in run.entries if "stdio.line-too-long" in e["violations"]]
    assert sorted(e["dir"] for e in cut) == ["s2c", "stderr"]
    for e in cut:
        assert e["raw"] == "y" * 4096 and e["dropped"] == 100000 - 4096 + 1
    assert run.summary["counts"]["violations"]["stdio.line-too-long"] == 2
    assert any(e["dir"] == "s2c" and e["method"] == "ping" and e["kind"] == "result" for e in run.entries)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--max-line", "12x"], "is not a size"),
        (["--max-line", "100"], "below the smallest line limit"),
        (["--max-request-time", "0"], "must be more than 0 seconds"),
        (["--timeout", "20", "--max-request-time", "5"], "shorter than --timeout"),
    ],
)
def test_probe_limits_are_checked_where_they_are_typed(args: list[str], message: str) -> None:
    run = probe(*args, server=misbehave("good"))
    assert run.rc == 2 and message in run.stderr


async def test_max_request_time_ends_a_request_that_keeps_reporting_progress() -> None:
    session = Session(options(misbehave("slow-tool"), request_timeout=0.5, max_request_timeout=1.5))
    async with session:
        await session.start()
        with anyio.fail_after(20):
            with pytest.raises(RequestTimeout):
                await session.request(
                    "tools/call", {"name": "slow", "arguments": {"seconds": 10, "interval": 0.1}}, progress=True
                )
        timeouts = [e for e in session.recording if e.extra.get("event") == "timeout"]
        assert len(timeouts) == 1 and 1.4 < timeouts[0].t - session.recording[timeouts[0].paired].t < 5


def test_profile_limits_round_trip_and_reach_the_session_options(tmp_path: Path) -> None:
    from inspector.session.profiles import ProfileStore, ServerProfile

    store = ProfileStore(tmp_path)
    profile = ServerProfile(name="s", command="srv", max_line=128 * 1024, max_request_time=42.0)
    store.save([profile])
    (loaded,) = [p for p in store.load() if p.name == "s"]
    assert (loaded.max_line, loaded.max_request_time) == (128 * 1024, 42.0)
    opts = loaded.to_options()
    assert (opts.max_line, opts.max_request_timeout) == (128 * 1024, 42.0)
    assert (
        ServerProfile(name="s", command="srv", max_line=10)
        .problems()["max_line"]
        .startswith("The line limit must be at least")
    )
    assert (
        "max_request_time" in ServerProfile(name="s", command="srv", request_timeout=60, max_request_time=30).problems()
    )


async def test_an_answer_the_schema_rejects_is_never_sent() -> None:
    """A handler's sampling answer without ``model`` (required by CreateMessageResult): the
    session does not send it; it sends an error, notes why, and every line it wrote is valid."""
    from inspector.session.handlers import ClientHandlers

    class Sloppy(ClientHandlers):
        async def create_message(self, params: dict) -> dict:
            return {"role": "assistant", "content": {"type": "text", "text": "hi"}}

    session = Session(
        options(misbehave("early-request"), capabilities={"sampling": {}, "roots": {}}), handlers=Sloppy()
    )
    async with session:
        await session.start()
        rec = session.recording
        answer = await wait_for(
            lambda: next((e for e in rec if e.direction is Direction.C2S and e.id == "early-2"), None),
            what="the answer to sampling",
        )
        assert answer.kind is Kind.ERROR and answer.schema_ok is True
        error = answer.json()["error"]
        assert error["code"] == -32603 and error["message"] == "the client could not produce a valid answer"
        assert "model" in error["data"]["reason"]
        (note,) = internal_errors(rec)
        assert note.text.startswith(
            "inspector error: the answer to sampling/createMessage is not valid against CreateMessageResult"
        )
        assert session.check_answer(
            "sampling/createMessage", {"role": "assistant", "content": {"type": "text", "text": "x"}, "model": "m"}
        ).ok
        assert not session.check_answer("elicitation/create", {"action": "accept", "content": {"n": 3.14}}).ok
