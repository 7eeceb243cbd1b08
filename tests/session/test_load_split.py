"""A recording file loaded in two processes is the one a single process loads, entry for entry.

The helper is a real fork (:mod:`inspector.session.load_split`), here for small files (its size
threshold set to 0, its blocks small so that it writes many); every file is compared with the
line-by-line yardstick of test_recording_fast_load: a session with everything the format has
(its huge entries end the helper's part), damaged files, a helper that fails or dies mid-way.
"""

from __future__ import annotations

import os
import random
import signal
from pathlib import Path

import orjson
import pytest
from recording_samples import synthetic_session
from test_recording_fast_load import assert_same_recording, damaged, reference_load

from inspector.protocol.engine import ClientConfig, ProtocolEngine
from inspector.protocol.versions import EraMode
from inspector.session import Direction, Recording, load_split


@pytest.fixture(scope="module")
def synthetic(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return synthetic_session(tmp_path_factory.mktemp("synthetic") / "synthetic.jsonl")


@pytest.fixture
def split(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every load forks a helper, which parses blocks of 2 KiB; the list counts the blocks it
    handed over as columns."""
    monkeypatch.setattr(load_split, "SPLIT_MIN", 0)
    # the threads a test run leaves idle (anyio's workers) wait on a queue and hold nothing the
    # helper needs: a fork here is as safe as in a process of one thread (the loader's own rule)
    monkeypatch.setattr(load_split, "worker_allowed", lambda env: os.environ.get(env, "1") != "0")
    monkeypatch.setattr(load_split, "READ_BLOCK", 2048)
    monkeypatch.delenv("MCP_INSPECTOR_LOAD_SPLIT", raising=False)
    taken: list[int] = []
    records = load_split.SplitLoad.records

    def counted(self: load_split.SplitLoad):
        for a, b, lines, run in records(self):
            if run is not None:
                taken.append(lines)
            yield a, b, lines, run

    monkeypatch.setattr(load_split.SplitLoad, "records", counted)
    return taken


def small_lines(synthetic: Path, tmp_path: Path) -> Path:
    path = tmp_path / "small.jsonl"
    path.write_bytes(b"".join(line for line in synthetic.read_bytes().splitlines(keepends=True) if len(line) < 5000))
    return path


def test_a_session_with_everything_loads_the_same_in_two_processes(
    synthetic: Path, tmp_path: Path, split: list[int], native_way: str
) -> None:
    path = small_lines(synthetic, tmp_path)
    rec = Recording.load(path)
    assert_same_recording(rec, reference_load(path))
    assert split  # the helper's columns were taken (where a block holds only ordinary entries)
    assert rec.latencies() and rec.pairings() and rec.transition_rows


def test_a_flood_is_taken_mostly_from_the_helper(tmp_path: Path, split: list[int]) -> None:
    """A server's flood as a session writes it (the engine's analysis, the writer's lines):
    nearly all of the helper's part comes in its columns."""
    path = tmp_path / "flood.jsonl"
    engine = ProtocolEngine(ClientConfig(era=EraMode.LEGACY))
    rec = Recording()
    writer = rec.write_to(path)
    note = b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"%d"}}\n'
    for t in range(200):
        lines = [note % (t * 100 + k) for k in range(100)]
        rec.extend(Direction.S2C, rec.t0 + t, lines, engine.incoming_many(lines, float(t), len(rec), None))
        rec.notify()
    writer.close()
    loaded = Recording.load(path)
    assert_same_recording(loaded, reference_load(path))
    assert sum(split) > len(loaded) * 0.4


def test_a_huge_entry_ends_the_helpers_part(synthetic: Path, tmp_path: Path, split: list[int]) -> None:
    """An entry of over a MiB (the synthetic session's, written in slices) three quarters into
    the file: the helper's blocks before it are taken, the loader reads it and the rest itself."""
    lines = synthetic.read_bytes().splitlines(keepends=True)
    huge = max(lines, key=len)
    assert len(huge) > 1 << 20
    small = [line for line in lines if len(line) < 5000]
    at = len(small) * 3 // 4
    d = orjson.loads(huge)
    d["seq"] = orjson.loads(small[at])["seq"]
    small[at] = orjson.dumps(d) + b"\n"  # in place of an entry of the same number
    path = tmp_path / "huge.jsonl"
    path.write_bytes(b"".join(small))
    rec = Recording.load(path)
    assert_same_recording(rec, reference_load(path))
    assert split and max(len(rec.raw_at(i)) for i in range(len(rec))) > 1 << 20


@pytest.mark.parametrize("seed", range(12))
def test_damaged_files_load_the_same_in_two_processes(
    synthetic: Path, tmp_path: Path, split: list[int], seed: int, native_way: str
) -> None:
    rng = random.Random(seed)
    lines = [line for line in synthetic.read_bytes().splitlines(keepends=True) if len(line) < 5000]
    path = tmp_path / f"damaged-{seed}.jsonl"
    path.write_bytes(b"".join(damaged(lines, rng, rng.randrange(1, 60))))
    assert_same_recording(Recording.load(path), reference_load(path))


def test_pairs_and_gaps_across_the_split(synthetic: Path, tmp_path: Path, split: list[int]) -> None:
    """A response in the helper's part paired with a request in the loader's, one paired with an
    entry after it, a gap in the numbering (unreadable lines) just after the split."""
    lines = small_lines(synthetic, tmp_path).read_bytes().splitlines(keepends=True)
    middle = len(lines) // 2
    for i in (middle - 2, middle + 3):
        d = orjson.loads(lines[i])
        d["paired"] = d["seq"] + (40 if i < middle else -(middle - 10))
        lines[i] = orjson.dumps(d) + b"\n"
    lines[middle + 1 : middle + 1] = [b"{not json\n", b"\n", b"[1]\n"]
    del lines[middle + 6]  # a number missing
    path = tmp_path / "pairs.jsonl"
    path.write_bytes(b"".join(lines))
    rec = Recording.load(path)
    assert_same_recording(rec, reference_load(path))
    assert rec.load_problems


def test_a_helper_that_fails_or_dies_leaves_the_whole_part_to_the_loader(
    synthetic: Path, tmp_path: Path, split: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = small_lines(synthetic, tmp_path)
    want = reference_load(path)
    parse = load_split.parse_part

    def fails(*args: object) -> None:
        raise RuntimeError("the helper's own fault")

    monkeypatch.setattr(load_split, "parse_part", fails)
    assert_same_recording(Recording.load(path), want)

    def dies(p: str, start: int, end: int, max_line: int, out_fd: int) -> None:
        parse(p, start, start + (end - start) // 3, max_line, out_fd)  # some blocks written, then
        os.kill(os.getpid(), signal.SIGKILL)

    monkeypatch.setattr(load_split, "parse_part", dies)
    assert_same_recording(Recording.load(path), want)
    assert not split  # nothing of a helper that failed is taken


def test_no_helper_where_it_is_turned_off_or_the_file_is_small(
    synthetic: Path, tmp_path: Path, split: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = small_lines(synthetic, tmp_path)
    monkeypatch.setenv("MCP_INSPECTOR_LOAD_SPLIT", "0")
    assert_same_recording(Recording.load(path), reference_load(path))
    monkeypatch.delenv("MCP_INSPECTOR_LOAD_SPLIT")
    monkeypatch.setattr(load_split, "SPLIT_MIN", path.stat().st_size)
    assert_same_recording(Recording.load(path), reference_load(path))
    assert not split
