"""The recording: its file written as the session runs, read back, cut short, its memory and batches."""

from __future__ import annotations

import gc
import os
import signal
import subprocess
import sys
import tracemalloc
from itertools import pairwise
from pathlib import Path

import orjson
import pytest
from session_helpers import BOUND, misbehave, options, probe, wait_for

from inspector.session import Direction, Entry, Recording, Session
from inspector.session.recording import FORMAT_VERSION

pytestmark = pytest.mark.anyio


def assert_same_entry(loaded: Entry, original: Entry) -> None:
    assert loaded.seq == original.seq
    assert loaded.raw == original.raw
    assert loaded.direction is original.direction
    assert loaded.kind is original.kind
    assert loaded.state is original.state
    assert loaded.violations == original.violations
    assert loaded.schema_ok is original.schema_ok
    assert loaded.method == original.method
    assert loaded.id == original.id and type(loaded.id) is type(original.id)
    assert loaded.paired == original.paired
    assert loaded.t == pytest.approx(original.t, abs=1e-6)
    if original.latency is None:
        assert loaded.latency is None
    else:
        assert loaded.latency == pytest.approx(original.latency, abs=1e-6)
    assert loaded.extra == orjson.loads(orjson.dumps(original.extra))


def file_lines(path: Path) -> list[dict]:
    return [orjson.loads(line) for line in path.read_bytes().splitlines() if line.strip()]


@pytest.mark.parametrize(
    ("mode", "requests"),
    [
        ("invalid-utf8", ["tools/list"]),  # raw_b64 on stdout and stderr
        ("no-jsonrpc", ["tools/list", "ping"]),  # schema verdicts false, schema errors in extra
        ("early-request", ["ping"]),  # string ids, client answers with latency
        ("partial-exit", []),  # a partial line, the Failed state
    ],
)
async def test_file_written_during_the_session_loads_into_the_same_entries(
    tmp_path: Path, mode: str, requests: list[str]
) -> None:
    path = tmp_path / f"{mode}.jsonl"
    session = Session(options(misbehave(mode), record_path=path))
    async with session:
        await session.start()
        # written as it happens: every entry so far is already in the file
        lines = file_lines(path)
        assert lines[0]["format"] == "mcp-session-inspector/recording"
        assert len(lines) == 1 + len(session.recording)
        for method in requests:
            await session.request(method)
        if mode == "partial-exit":
            assert await session.wait_exit(BOUND)
        elif mode == "early-request":
            await wait_for(
                lambda: (
                    len(
                        [
                            e
                            for e in session.recording
                            if e.direction is Direction.C2S and e.id in ("early-1", "early-2")
                        ]
                    )
                    == 2
                )
            )

    original = session.recording
    loaded = Recording.load(path)
    assert loaded.read_only
    assert len(loaded) == len(original) > 6
    for i in range(len(original)):
        assert_same_entry(loaded[i], original[i])
    assert loaded.summary == orjson.loads(orjson.dumps(original.summary))
    assert loaded.header["argv"] == misbehave(mode)
    assert loaded.counts() == original.counts()


async def test_a_cut_off_last_line_still_loads(tmp_path: Path) -> None:
    path = tmp_path / "rec.jsonl"
    session = Session(options(misbehave("invalid-utf8"), record_path=path))
    async with session:
        await session.start()
        await session.request("tools/list")
    data = path.read_bytes()
    lines = data.split(b"\n")
    assert lines[-1] == b"" and orjson.loads(lines[-2])["kind"] == "summary"
    # as if the process was killed while writing the last entry: no summary, half a line
    cut = b"\n".join(lines[:-3]) + b"\n" + lines[-3][: len(lines[-3]) // 2]
    path.write_bytes(cut)
    loaded = Recording.load(path)
    original = session.recording
    assert loaded.summary is None
    assert len(loaded) == len(original) - 1
    for i in range(len(loaded)):
        assert_same_entry(loaded[i], original[i])


async def test_a_probe_killed_mid_session_leaves_a_readable_file(tmp_path: Path) -> None:
    path = tmp_path / "killed.jsonl"
    cmd = [
        sys.executable, "-m", "inspector", "probe", "--json", "--era", "legacy", "--record", str(path),
        "--request", 'tools/call={"name":"slow","arguments":{"seconds":60}}',
        "--", *misbehave("slow-tool"),
    ]  # fmt: skip
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        await wait_for(
            lambda: path.exists() and b'"method":"tools/call"' in path.read_bytes(),
            what="the tools/call entry in the file",
        )
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=BOUND)
        proc.stderr.close()
    loaded = Recording.load(path)
    assert loaded.summary is None  # it never got to write one
    methods = [e.method for e in loaded if e.direction is Direction.C2S]
    assert methods == ["initialize", "notifications/initialized", "tools/call"]
    assert loaded[len(loaded) - 1].method == "tools/call"
    assert all(e.raw.endswith(b"\n") for e in loaded if e.direction in (Direction.C2S, Direction.S2C))


def test_probe_record_file_matches_its_json_output(tmp_path: Path) -> None:
    path = tmp_path / "probe.jsonl"
    run = probe(
        "--era",
        "legacy",
        "--record",
        str(path),
        "--request",
        "tools/list",
        "--request",
        "ping",
        server=misbehave("noise"),
    )
    assert run.rc == 0, run.stderr
    lines = file_lines(path)
    header, entries, summary = lines[0], lines[1:-1], lines[-1]
    assert (
        header["format"] == "mcp-session-inspector/recording"
        and header["version"] == FORMAT_VERSION
        and header["transport"] == "stdio"
    )
    assert header["argv"] == misbehave("noise") and header["era_mode"] == "legacy"
    assert entries == run.entries
    assert summary == run.summary  # the probe writes the file: its summary carries the exit too
    loaded = Recording.load(path)
    assert len(loaded) == len(run.entries)
    assert [e.raw for e in loaded if e.direction is Direction.S2C][:3] == [
        b"Server starting...\n",
        b"=== misbehave MCP server v1.0 ===\n",
        b"Listening on stdio\n",
    ]


async def flood_session(count: int) -> tuple[Session, list[tuple[int, int]]]:
    session = Session(options(misbehave("flood", "--count", str(count))))
    batches: list[tuple[int, int]] = []
    session.recording.add_listener(lambda start, end: batches.append((start, end)))
    async with session:
        await session.start()
        # the fixture writes the flood before it reads the ping, so the answer comes after it
        assert (await session.request("ping")).ok
    return session, batches


async def test_memory_per_message_is_below_400_bytes() -> None:
    count = 20_000
    await flood_session(100)  # warm up: validators compiled, caches filled
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        session, _ = await flood_session(count)
        gc.collect()
        retained = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    rec = session.recording
    flood = [i for i in range(len(rec)) if rec.method_at(i) == "notifications/message"]
    assert len(flood) == count
    assert all(len(rec.raw_at(i)) == 150 for i in flood)
    n = len(rec)
    raw_total = sum(len(rec.raw_at(i)) for i in range(n))
    stored = rec.memory_bytes()
    assert stored / n < 400
    assert (stored - raw_total) / n < 400 - 150  # the bookkeeping beside the bytes themselves
    # what the process really kept agrees with the store's own account
    assert retained / n < 400


async def test_listeners_get_batches_not_one_call_per_message() -> None:
    count = 20_000
    session, batches = await flood_session(count)
    n = len(session.recording)
    assert n > count
    assert len(batches) < count / 20
    # contiguous ranges that cover everything, in order
    assert batches[0][0] == 0 and batches[-1][1] == n
    assert all(a[1] == b[0] for a, b in pairwise(batches))
    assert all(end > start for start, end in batches)
    assert max(end - start for start, end in batches) >= 20
