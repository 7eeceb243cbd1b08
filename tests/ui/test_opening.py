"""A large recording in the window while it loads: the timeline can be filtered, searched and
scrolled, and rows that arrive later are filtered the same way (the rows at the end are those
of the file opened at once); the event loop gets its turns between the slices."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest
from recording_samples import synthetic_session

from inspector.session import Direction, Recording
from inspector.session import recording_load as recording_module
from inspector.session.views import EntryFilter
from inspector.ui import opening


@pytest.fixture
def big_file(tmp_path: Path) -> Path:
    """A synthetic session (HTTP metadata, events, violations, text that is not ASCII),
    repeated to pass the size from which a file is shown while it loads."""
    one = synthetic_session(tmp_path / "one.jsonl", notes=1500, seed=3)
    lines = one.read_bytes().splitlines(keepends=True)
    header = lines[0]
    body = [orjson.loads(line) for line in lines[1:-1] if len(line) < 5000]
    path = tmp_path / "big.jsonl"
    with open(path, "wb") as f:
        f.write(header)
        seq = 0
        while f.tell() < (9 << 20):  # renumbered copies: entry numbers and pairings stay right
            base = seq
            for d in body:
                shifted = {**d, "seq": seq}
                if isinstance(d.get("paired"), int):
                    shifted["paired"] = d["paired"] - body[0]["seq"] + base
                f.write(orjson.dumps(shifted) + b"\n")
                seq += 1
    return path


def test_filters_and_search_while_it_loads_give_the_rows_of_the_whole_file(
    window_and_controller, big_file, monkeypatch, qtbot
):
    controller, window = window_and_controller
    monkeypatch.setattr(opening, "FIRST_SLICE_S", 0.0)
    monkeypatch.setattr(opening, "SLICE_S", 0.0)
    monkeypatch.setattr(recording_module, "READ_BLOCK", 128 << 10)
    slices: list[int] = []
    assert window.files.open_recording_path(str(big_file))
    rec = controller.recording
    window.files.opener.progressed.connect(lambda done, total: slices.append(done))
    assert rec.loading
    view, model = window.timeline, window.timeline.model
    f = EntryFilter(directions=frozenset({Direction.S2C, Direction.EVENT}), text="M1")
    model.set_filter(f)  # while it loads
    assert view.search.text() == "M1"
    first = model.rowCount()
    qtbot.waitUntil(lambda: len(slices) >= 2, timeout=30000)
    assert rec.loading and model.rowCount() >= first  # rows keep arriving, filtered
    qtbot.waitUntil(lambda: not rec.loading and model.total() == len(rec), timeout=60000)
    whole = Recording.load(big_file)
    assert len(rec) == len(whole) and rec.raws() == whole.raws() and rec.load_problems == whole.load_problems
    test = model.entries.predicate(f)
    assert list(model.entries.rows) == [i for i in range(len(whole)) if test(i)]
    assert len(slices) >= 3  # it went back to the event loop between slices
    model.clear_filters()
    assert model.rowCount() == len(rec)
    assert view.select_seq(len(rec) // 2) and view.current_seq() == len(rec) // 2
