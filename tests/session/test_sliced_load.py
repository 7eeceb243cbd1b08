"""A recording read a slice per turn, the turns alternating (session/sliced_load.py), headless,
on a synthetic session file read in small blocks."""

from __future__ import annotations

from pathlib import Path

import pytest
from recording_samples import synthetic_session

from inspector.session import recording_load as loader_module
from inspector.session.recording import RecordingError
from inspector.session.sliced_load import SlicedLoad, Turn


@pytest.fixture
def synthetic(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(loader_module, "READ_BLOCK", 4096)  # many slices
    return synthetic_session(tmp_path / "synthetic.jsonl")


def test_reading_and_telling_alternate_to_the_end(synthetic: Path) -> None:
    load = SlicedLoad(synthetic)
    rec = load.start(0.0)
    assert rec is load.recording and rec.loading and not load.done and 0 < load.fraction() < 1
    turns: list[Turn] = []
    while not load.done:
        turns.append(load.turn(0.0))
    assert turns[-1] is Turn.FINISHED and len(turns) > 3
    assert all(t is Turn.READ for t in turns[:-1:2]) and all(t is Turn.TOLD for t in turns[1:-1:2])
    assert not rec.loading and load.fraction() == 1.0 and not load.stopped and load.failure == ""
    assert not load.stop()  # nothing left to stop


def test_stopping_keeps_what_was_read(synthetic: Path) -> None:
    load = SlicedLoad(synthetic)
    rec = load.start(0.0)
    assert load.turn(0.0) is Turn.READ
    n = len(rec)
    assert load.stop() and load.stopped and load.done and len(rec) == n > 0 and not rec.loading


def test_a_file_cut_short_while_it_loads_keeps_what_was_read_and_says_so(synthetic: Path, tmp_path: Path) -> None:
    data = synthetic.read_bytes()
    cut = tmp_path / "cut.jsonl"
    cut.write_bytes(data)
    load = SlicedLoad(cut)
    rec = load.start(0.0)
    with open(cut, "r+b") as f:
        f.truncate(len(data) // 2)  # the file shrank (mid-line) while it was read
    turns = []
    while not load.done:
        turns.append(load.turn(0.0))
    assert turns[-1] is Turn.FINISHED and load.failure == "" and not rec.loading
    assert 0 < len(rec) < data.count(b"\n") - 1
    assert any("cut off at the end of the file" in text for _, text in rec.load_problems)


def test_a_file_that_is_no_recording_is_refused_at_start(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text("not json\n")
    with pytest.raises(RecordingError):
        SlicedLoad(bad).start(0.0)
