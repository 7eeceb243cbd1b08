"""The HTTP transport's notes in the window (recording format 3, ``Direction.NOTE``; format 4: kind
``link-note``) look as they did when format 2 recorded them as stderr with an ``http`` channel: files
written by formats 2 and 3 (tests/fixtures/recordings) and the same notes saved again show alike. The
link's events are of kind ``link`` (format 4), the kind filter shows and hides each kind alone."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from inspector.protocol.messages import Kind
from inspector.session.recording import Direction, Recording
from inspector.ui.detail import DetailPane
from inspector.ui.timeline import Column, SeqRole, TimelineView

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "recordings"
FIXTURE = FIXTURES / "v2-http-reset-tools.jsonl"


def recordings(tmp_path: Path) -> list[Recording]:
    """The format 2 and 3 files as they open, and the first saved in the current format and opened again."""
    old = Recording.load(FIXTURE)
    again = tmp_path / "again.jsonl"
    old.write_to(again).close(old.summary)
    return [old, Recording.load(FIXTURES / "v3-http-reset-tools.jsonl"), Recording.load(again)]


@pytest.fixture
def view(qtbot):
    v = TimelineView()
    qtbot.addWidget(v)
    v.resize(900, 300)
    v.show()
    return v


def shown(view: TimelineView) -> list[int]:
    model = view.model
    return [model.data(model.index(r, 0), SeqRole) for r in range(model.rowCount())]


def test_notes_in_the_timeline_are_http_side_lines_under_the_stderr_filter(view, tmp_path: Path) -> None:
    for rec in recordings(tmp_path):
        view.set_recording(rec)
        notes = [i for i in range(len(rec)) if rec.direction_at(i) is Direction.NOTE]
        assert len(notes) == 2
        model = view.model
        rows = {seq: r for r, seq in enumerate(shown(view))}
        for seq in notes:
            cell = model.data(model.index(rows[seq], Column.DIRECTION), Qt.ItemDataRole.DisplayRole)
            assert cell == "⇠ HTTP"
            kind = model.data(model.index(rows[seq], Column.KIND), Qt.ItemDataRole.DisplayRole)
            assert kind == "⇠ HTTP note"
        assert Direction.NOTE not in view.direction_buttons  # no button of its own: stderr's shows and hides them
        view.direction_buttons[Direction.STDERR].setChecked(False)
        assert not set(notes) & set(shown(view)) and len(shown(view)) == len(rec) - 2
        view.direction_buttons[Direction.STDERR].setChecked(True)
        assert set(notes) <= set(shown(view))


def test_the_detail_pane_says_what_a_note_is(qtbot, tmp_path: Path) -> None:
    pane = DetailPane()
    qtbot.addWidget(pane)
    pane.resize(700, 500)
    pane.show()
    for rec in recordings(tmp_path):
        by_channel = {rec.extra_at(i)["channel"]: i for i in range(len(rec)) if rec.direction_at(i) is Direction.NOTE}
        pane.set_entry(rec, by_channel["http"])
        text = "\n".join(label.text() for label in pane.findChildren(QLabel) if label.isVisibleTo(pane))
        assert "What the HTTP transport noted beside the messages" in text and "stderr" not in text
        pane.set_entry(rec, by_channel["http-body"])
        text = "\n".join(label.text() for label in pane.findChildren(QLabel) if label.isVisibleTo(pane))
        assert "The body of an HTTP answer that is no message" in text


def test_the_link_s_events_and_notes_are_kinds_of_their_own_in_the_kind_column_and_filter(view, tmp_path: Path) -> None:
    for rec in recordings(tmp_path):
        view.set_recording(rec)
        model = view.model
        by_kind = {k: [i for i in range(len(rec)) if rec.kind_at(i) is k] for k in Kind}
        assert by_kind[Kind.LINK] and len(by_kind[Kind.LINK_NOTE]) == 2
        assert not by_kind[Kind.PROCESS] and not by_kind[Kind.STDERR]
        rows = {seq: r for r, seq in enumerate(shown(view))}
        for seq in by_kind[Kind.LINK]:
            assert model.data(model.index(rows[seq], Column.KIND), Qt.ItemDataRole.DisplayRole) == "● link"
        for k in (Kind.LINK, Kind.LINK_NOTE):
            view.kind_actions[k].setChecked(False)  # the menu's entry of that kind
            assert set(shown(view)) == set(range(len(rec))) - set(by_kind[k])
            view.kind_actions[k].setChecked(True)
            assert len(shown(view)) == len(rec)
