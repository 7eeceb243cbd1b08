"""Re-analysing recordings of real sessions: the same engine finds the same things (stdio and
HTTP, both eras, hand-written messages, timeouts), and a file from an inspector that knew fewer
rules shows what is found now."""

from __future__ import annotations

import orjson
import pytest
from peers import HttpPeer, free_port, http_misbehave

from inspector.protocol.engine import ClientConfig
from inspector.protocol.versions import EraMode
from inspector.session import Recording, Session, SessionOptions
from inspector.session.profiles import demo_profile
from inspector.session.reanalyse import reanalyse
from inspector.transport.base import AutoHttpSpec, StdioSpec

pytestmark = pytest.mark.anyio


def same(live: Recording, again: Recording) -> None:
    assert len(again) == len(live)
    for i in range(len(live)):
        assert (again.violations_at(i), again.schema_at(i), again.state_at(i), again.raw_at(i)) == (
            live.violations_at(i),
            live.schema_at(i),
            live.state_at(i),
            live.raw_at(i),
        ), i


@pytest.mark.parametrize("era", ["legacy", "modern", "auto"])
async def test_a_demo_session_is_judged_the_same_again(era, tmp_path):
    p = demo_profile()
    p.era = era
    session = Session(p.to_options(record_path=tmp_path / "s.jsonl"))
    async with session:
        await session.start()
        await session.request("tools/list")
        await session.send_text('{"jsonrpc":"1.0","id":"hand","method":"tools/list"}', wait=5)
        await session.send_text("not json", wait=1)
    loaded = Recording.load(tmp_path / "s.jsonl")
    again, changes = reanalyse(loaded)
    assert changes == [] and again.read_only
    same(session.recording, again)
    assert any("client.not-json" in again.violations_at(i) for i in range(len(again)))


async def test_an_http_session_with_a_fallback_and_errors_is_judged_the_same_again(tmp_path):
    port = free_port()
    with HttpPeer(http_misbehave(port, "post-500"), port) as peer:
        session = Session(
            SessionOptions(
                transport=AutoHttpSpec(peer.url),
                config=ClientConfig(era=EraMode.AUTO),
                connect_timeout=10,
                request_timeout=1.0,
                record_path=tmp_path / "h.jsonl",
            )
        )
        async with session:
            await session.start()
            try:
                await session.request("tools/list")
            except Exception:  # the 500 leaves it unanswered: a timeout, recorded
                pass
    again, changes = reanalyse(Recording.load(tmp_path / "h.jsonl"))
    assert changes == []
    same(session.recording, again)


@pytest.mark.reanalysis_differs  # the file is edited to look older on purpose
async def test_a_recording_from_an_inspector_that_knew_fewer_rules_shows_what_is_found_now(tmp_path):
    p = demo_profile()
    p.era = "legacy"
    path = tmp_path / "old.jsonl"
    session = Session(p.to_options(record_path=path))
    async with session:
        await session.start()
        await session.send_text('{"jsonrpc":"1.0","id":"hand","method":"ping"}', wait=5)
    # as an older inspector would have written it: no verdict on the hand-written message
    lines = path.read_bytes().splitlines()
    edited = []
    for line in lines:
        d = orjson.loads(line)
        if d.get("hand_written"):
            d["violations"], d["schema_ok"] = [], None
            d.pop("schema_errors", None)
            d.pop("schema_definition", None)
            seq = d["seq"]
        edited.append(orjson.dumps(d))
    path.write_bytes(b"\n".join(edited) + b"\n")
    old = Recording.load(path)
    assert old.violations_at(seq) == ()
    again, changes = reanalyse(old)
    (change,) = changes
    assert change.seq == seq and change.added == ("jsonrpc.version",) and change.removed == ()
    assert change.schema_before is None and change.schema_after is False


@pytest.mark.reanalysis_differs  # the file is edited to look older on purpose
async def test_an_older_recording_of_a_null_id_parse_error_is_explained_now(tmp_path):
    """Issue 21: before, -32700 with id null was flagged jsonrpc.id-invalid and schema-invalid;
    re-analysed now it is explained (jsonrpc.error-id-null) and its schema verdict is valid."""
    from peers import misbehave

    path = tmp_path / "old.jsonl"
    session = Session(
        SessionOptions(
            transport=StdioSpec(argv=misbehave("good")),
            config=ClientConfig(era=EraMode.LEGACY),
            stdin_grace=0.5,
            term_grace=0.5,
            record_path=path,
        )
    )
    async with session:
        await session.start()
        await session.send_text("not json", wait=1)
        await session.request("ping")  # the parse error comes before its answer
    lines = path.read_bytes().splitlines()
    edited, seq = [], None
    for line in lines:
        d = orjson.loads(line)
        if d.get("dir") == "s2c" and d.get("kind") == "error" and d.get("id") is None:
            assert d["notes"] == ["jsonrpc.error-id-null"] and d["violations"] == [] and d["schema_ok"] is True
            d.pop("notes")
            d["violations"], d["schema_ok"], seq = ["jsonrpc.id-invalid"], False, d["seq"]
        edited.append(orjson.dumps(d))
    assert seq is not None
    path.write_bytes(b"\n".join(edited) + b"\n")
    (change,) = reanalyse(Recording.load(path))[1]
    assert change.seq == seq and change.removed == ("jsonrpc.id-invalid",) and change.added == ()
    assert change.notes_added == ("jsonrpc.error-id-null",) and (change.schema_before, change.schema_after) == (
        False,
        True,
    )
