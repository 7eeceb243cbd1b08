"""Recording format 3: the link's side lines (HTTP) have a direction of their own, ``note``; format 4:
the link's events and notes have kinds of their own (``link``, ``link-note``; a process's events stay
``process``, its stderr ``stderr``). Files written by formats 1 to 3 (tests/fixtures/recordings,
written by those versions) open unchanged but for those names."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest
from peers import HttpPeer, free_port, http_misbehave

from inspector.protocol.engine import ClientConfig
from inspector.protocol.lifecycle import State
from inspector.protocol.messages import Kind
from inspector.protocol.versions import EraMode
from inspector.session import ConnectionLost, Session, SessionOptions
from inspector.session.entry_text import transcript_line
from inspector.session.recording import FORMAT_VERSION, Direction, Recording
from inspector.transport.base import LinkEventKind, StreamableHttpSpec

LINK_EVENTS = {k.value for k in LinkEventKind}

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "recordings"
OLD = sorted(FIXTURES.glob("v*.jsonl"))


def lines_of(path: Path) -> tuple[dict, list[dict], dict | None]:
    """A file's header, its entries and its summary, as written."""
    ds = [orjson.loads(line) for line in path.read_bytes().splitlines()]
    summary = ds[-1] if ds[-1].get("kind") == "summary" else None
    return ds[0], ds[1 : len(ds) - (summary is not None)], summary


def test_the_fixtures_are_the_old_formats() -> None:
    versions = {p.name: lines_of(p)[0]["version"] for p in OLD}
    assert versions == {
        "v1-stdio-stderr.jsonl": 1,
        "v2-http-post-500.jsonl": 2,
        "v2-http-reset-tools.jsonl": 2,
        "v2-stdio-stderr.jsonl": 2,
        "v3-http-reset-tools.jsonl": 3,
    }
    assert FORMAT_VERSION == 4


def migrated_kind(d: dict) -> str:
    """The kind an old line is read as: the link's events and notes have their own since format 4."""
    if d["dir"] == "event" and d["kind"] == "process" and d["event"] in LINK_EVENTS:
        return "link"
    if d["kind"] == "stderr" and (d["dir"] == "note" or d.get("channel") in ("http", "http-body")):
        return "link-note"
    return d["kind"]


@pytest.mark.parametrize("path", OLD, ids=[p.stem for p in OLD])
def test_an_old_file_opens_unchanged(path: Path) -> None:
    header, entries, summary = lines_of(path)
    rec = Recording.load(path)
    assert rec.load_problems == [] and len(rec) == len(entries)
    assert rec.header["version"] == FORMAT_VERSION and rec.header["migrated_from"] == header["version"]
    assert rec.header["transport"] == header.get("transport", "stdio")  # version 1 recorded stdio only
    assert rec.summary == summary
    for i, d in enumerate(entries):
        e = rec[i]
        assert (e.seq, e.kind.label, e.method, e.id, e.state.value, list(e.violations), e.schema_ok) == (
            d["seq"],
            migrated_kind(d),
            d["method"],
            d["id"],
            d["state"],
            d["violations"],
            d["schema_ok"],
        )
        assert e.raw == d["raw"].encode()
        note = d["dir"] == "stderr" and d.get("channel") in ("http", "http-body")
        assert e.direction.label == ("note" if note else d["dir"])
        assert (e.extra or {}).get("channel") == d.get("channel")


def test_an_http_note_of_format_2_reads_and_prints_as_before() -> None:
    rec = Recording.load(FIXTURES / "v2-http-reset-tools.jsonl")
    notes = [i for i in range(len(rec)) if rec.direction_at(i) is Direction.NOTE]
    assert [rec.extra_at(i)["channel"] for i in notes] == ["http-body", "http"]
    assert not [i for i in range(len(rec)) if rec.direction_at(i) is Direction.STDERR]
    assert transcript_line(rec, notes[1]).splitlines() == [
        "    9     0.382s ! HTTP note",
        "        POST http://127.0.0.1:53557/mcp failed: ReadError: [Errno 104] Connection reset by peer",
    ]
    assert rec.counts()["by_dir"] == {"c2s": 3, "s2c": 1, "stderr": 0, "event": 8, "note": 2}


def test_stderr_of_a_process_stays_stderr() -> None:
    for name in ("v1-stdio-stderr.jsonl", "v2-stdio-stderr.jsonl"):
        rec = Recording.load(FIXTURES / name)
        dirs = [rec.direction_at(i) for i in range(len(rec))]
        assert dirs.count(Direction.STDERR) == 6 and Direction.NOTE not in dirs
        assert "note" not in rec.counts()["by_dir"]  # a stdio session counts as it always did


def test_the_link_s_events_and_notes_read_as_their_own_kinds() -> None:
    """Format 4: an HTTP session's events, written as ``process`` by formats 2 and 3, read as
    ``link``, its notes (``stderr`` before) as ``link-note``; a stdio session keeps ``process``
    and ``stderr``; the transcript (which names events by name) reads as before."""
    for name in ("v2-http-reset-tools.jsonl", "v3-http-reset-tools.jsonl", "v2-http-post-500.jsonl"):
        rec = Recording.load(FIXTURES / name)
        kinds = {(rec.direction_at(i), rec.kind_at(i)) for i in range(len(rec))}
        assert (Direction.EVENT, Kind.LINK) in kinds and (Direction.NOTE, Kind.LINK_NOTE) in kinds
        assert not {k for _d, k in kinds} & {Kind.PROCESS, Kind.STDERR}
    for name in ("v1-stdio-stderr.jsonl", "v2-stdio-stderr.jsonl"):
        rec = Recording.load(FIXTURES / name)
        kinds = {(rec.direction_at(i), rec.kind_at(i)) for i in range(len(rec))}
        assert kinds >= {(Direction.EVENT, Kind.PROCESS), (Direction.STDERR, Kind.STDERR)}
        assert not {k for _d, k in kinds} & {Kind.LINK, Kind.LINK_NOTE}
    v3 = Recording.load(FIXTURES / "v3-http-reset-tools.jsonl")
    notes = [i for i in range(len(v3)) if v3.direction_at(i) is Direction.NOTE]
    assert transcript_line(v3, notes[0]).splitlines()[0].endswith("! HTTP note")


def test_a_migrated_file_saved_again_is_the_current_format_and_reads_the_same(tmp_path: Path) -> None:
    rec = Recording.load(FIXTURES / "v2-http-post-500.jsonl")
    out = tmp_path / "again.jsonl"
    rec.write_to(out).close(rec.summary)
    header, entries, _summary = lines_of(out)
    assert header["version"] == FORMAT_VERSION
    assert (
        [d["dir"] for d in entries].count("note") == 2
        and [d["kind"] for d in entries].count("link-note") == 2
        and "stderr" not in [d["dir"] for d in entries]
    )
    again = Recording.load(out)
    assert [again[i] for i in range(len(again))] == [rec[i] for i in range(len(rec))]


def test_every_direction_survives_the_packed_columns(tmp_path: Path) -> None:
    """Five directions take three bits of the packed column: each, with every state and a schema
    verdict, is read back as written (by the column accessors and by the entry)."""
    header = {"format": "mcp-session-inspector/recording", "version": FORMAT_VERSION, "transport": "streamable-http"}
    rows = []
    for d in ("c2s", "s2c", "stderr", "event", "note"):
        for s in State:
            for k in Kind:
                for ok in (None, True, False):
                    rows.append(
                        {
                            "seq": len(rows),
                            "t": 0.0,
                            "dir": d,
                            "kind": k.label,
                            "method": None,
                            "id": None,
                            "raw": "x",
                            "state": s.value,
                            "violations": [],
                            "schema_ok": ok,
                        }
                    )
    path = tmp_path / "all.jsonl"
    path.write_bytes(b"".join(orjson.dumps(x) + b"\n" for x in [header, *rows]))
    rec = Recording.load(path)
    assert rec.load_problems == []
    got = [
        (rec.direction_at(i).label, rec.kind_at(i).label, rec.state_at(i).value, rec.schema_at(i))
        for i in range(len(rec))
    ]
    assert got == [(r["dir"], r["kind"], r["state"], r["schema_ok"]) for r in rows]
    each = len(State) * len(Kind) * 3
    assert rec.counts()["by_dir"] == {"c2s": each, "s2c": each, "stderr": each, "event": each, "note": each}


@pytest.mark.anyio
async def test_a_live_http_session_records_its_notes_as_notes(tmp_path: Path) -> None:
    """Over a real pipe: the HTTP transport's notes go into the file as ``note`` of kind ``link-note``,
    its events as kind ``link``."""
    port = free_port()
    path = tmp_path / "live.jsonl"
    with HttpPeer(http_misbehave(port, "reset-tools"), port) as peer:
        options = SessionOptions(
            transport=StreamableHttpSpec(peer.url),
            config=ClientConfig(era=EraMode.LEGACY),
            connect_timeout=10,
            request_timeout=2.0,
            record_path=path,
        )
        session = Session(options)
        async with session:
            await session.start()
            with pytest.raises(ConnectionLost, match="the POST failed"):  # the POST is reset: no answer
                await session.request("tools/list")
    header, entries, _summary = lines_of(path)
    assert header["version"] == FORMAT_VERSION
    notes = [d for d in entries if d["dir"] == "note"]
    assert {d["kind"] for d in notes} == {"link-note"}
    events = [d for d in entries if d["dir"] == "event"]
    assert {d["event"] for d in events} >= {"connected", "http_exchange", "disconnected"}
    assert {d["kind"] for d in events} == {"link"}
    # the GET's 405 body and the reset POST race: either first, and on a loaded machine the session may
    # end before the GET's answer came (it is then cancelled: no body to keep)
    by_channel = {d["channel"]: d["raw"] for d in notes}
    assert "failed" in by_channel["http"] and set(by_channel) <= {"http", "http-body"}
    assert "405" in by_channel.get("http-body", "405") and len(notes) == len(by_channel)
    assert "stderr" not in {d["dir"] for d in entries}
