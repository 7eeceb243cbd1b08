"""What the File commands say (session/file_words.py), headless: the name a recording is offered
under, the unreadable lines of a real recording file, and what re-analysing a recording of a
real demo session (edited to look older) changed."""

from __future__ import annotations

import orjson
import pytest

from inspector.session import Recording, Session
from inspector.session.file_words import (
    CHANGES_LISTED,
    CONTEXT,
    WORDS,
    load_problems_text,
    reanalysis_text,
    refusal,
    sequence_export_text,
    suggested_recording_name,
)
from inspector.session.profiles import demo_profile
from inspector.session.reanalyse import Change, reanalyse
from inspector.session.translate import untranslated

pytestmark = pytest.mark.anyio


async def recorded(path) -> None:
    p = demo_profile()
    p.era = "legacy"
    session = Session(p.to_options(record_path=path))
    async with session:
        await session.start()
        await session.send_text('{"jsonrpc":"1.0","id":"hand","method":"ping"}', wait=5)


def test_the_name_a_recording_is_offered_under() -> None:
    header = {"server_name": "Demo server (built in)", "created": "2026-11-23T09:00:07+0000"}
    assert suggested_recording_name(header) == "Demo-server--built-in-20261123-090007.jsonl"
    assert suggested_recording_name({"server_name": "../../etc/passwd"}) == "etc-passwd.jsonl"
    assert suggested_recording_name({"server_name": "x" * 99, "created": "soon"}) == "x" * 60 + ".jsonl"
    assert suggested_recording_name({}) == "session.jsonl"


async def test_the_unreadable_lines_of_a_recording_file(tmp_path) -> None:
    path = tmp_path / "r.jsonl"
    await recorded(path)
    lines = path.read_bytes().splitlines()
    path.write_bytes(b"\n".join([*lines[:2], b"{not json", *lines[2:], b"\xff\xfe"]) + b"\n")
    rec = Recording.load(path)
    assert rec.load_problem_count == 2
    words = load_problems_text(untranslated, "r.jsonl", rec.load_problem_count, rec.load_problems)
    assert words.text == "2 lines of r.jsonl could not be read; everything else is shown."
    assert words.lines.splitlines()[0].startswith("line 3: ")
    assert len(words.lines.splitlines()) == 2 and words.first == words.lines
    assert words.status == "Opened with 2 unreadable line(s); see the message."
    one = load_problems_text(untranslated, "r.jsonl", 5, [(None, "cut short")])
    assert one.text.startswith("5 lines") and one.lines == "cut short\n… and 4 more"
    assert load_problems_text(untranslated, "r", 1, [(7, "x")]).text.startswith("One line of r ")


@pytest.mark.reanalysis_differs  # the file is edited to look older on purpose
async def test_what_a_reanalysis_changed(tmp_path) -> None:
    path = tmp_path / "old.jsonl"
    await recorded(path)
    assert reanalysis_text(untranslated, reanalyse(Recording.load(path))[1]) == (
        "Re-analysed: every entry is judged as it was when it was recorded."
    )
    edited = []
    for line in path.read_bytes().splitlines():
        d = orjson.loads(line)
        if d.get("hand_written"):  # as an older inspector wrote it: no verdict on it
            d["violations"], d["schema_ok"] = [], None
            seq = d["seq"]
        edited.append(orjson.dumps(d))
    path.write_bytes(b"\n".join(edited) + b"\n")
    _again, changes = reanalyse(Recording.load(path))
    asked: list[str] = []
    text = reanalysis_text(lambda c, t: asked.append(c) or t, changes)
    assert text == (
        f"Re-analysed: entries judged differently now: 1.\n\nentry {seq}: now: jsonrpc.version; schema: None → False"
    )
    assert set(asked) == {CONTEXT}


def test_a_long_reanalysis_lists_the_first_changes_and_counts_the_rest() -> None:
    changes = [Change(i, (), ("r",), True, True, "a", "b", notes_added=("n",)) for i in range(CHANGES_LISTED + 5)]
    lines = reanalysis_text(untranslated, changes).splitlines()
    assert lines[2] == "entry 0: no longer: r; explained now: n; state: a → b"
    assert lines[-1] == "… and 5 more" and len(lines) == 2 + CHANGES_LISTED + 1


def test_the_save_dialogs_types_are_worded_in_the_window_files_context():
    from inspector.session.file_types import type_of
    from inspector.session.file_words import CONTEXT, SAVE_TYPES, WORDS, save_types

    asked: list[tuple[str, str]] = []

    def tr(context: str, text: str) -> str:
        asked.append((context, text))
        return text.upper()

    pictures = save_types(tr, "picture")
    assert [(t.kind, t.label, t.scale) for t in pictures] == [
        ("svg", "SVG DRAWING", 1.0),
        ("png", "PNG IMAGE, 2×", 2.0),
        ("png", "PNG IMAGE, 4×", 4.0),
    ]
    assert asked == [(CONTEXT, WORDS["svg"]), (CONTEXT, WORDS["png-2"]), (CONTEXT, WORDS["png-4"])]
    assert SAVE_TYPES["picture"][0].label == "SVG drawing"  # the table keeps its English
    transcript = save_types(tr, "transcript")
    assert type_of("notes.MARKDOWN", transcript) is transcript[1]
    assert type_of("notes.txt", transcript) is None
    assert save_types(tr, "recording")[0].filter == "RECORDINGS (*.jsonl)"


def test_why_a_file_command_cannot_run_now() -> None:
    def why(command: str, **state: bool) -> str | None:
        facts = {"loading": False, "live": False, "shown": True, "read_only": True} | state
        return refusal(untranslated, command, **facts)

    for command in ("save", "export", "reanalyse"):
        assert why(command) is None  # an opened recording, read whole: each one runs
        assert why(command, loading=True) == WORDS["wait-loading"]
        assert why(command, loading=True, live=True) == WORDS["watched-running"]  # a proxy still writes it
    assert why("save", shown=False, read_only=False) == WORDS["nothing-to-save"]
    assert why("export", shown=False, read_only=False) == WORDS["nothing-to-export"]
    assert why("reanalyse", shown=False, read_only=False) == WORDS["open-first"]
    # a live session is saved and exported, but judged as it happens: not again
    assert why("save", read_only=False) is None and why("export", read_only=False) is None
    assert why("reanalyse", read_only=False) == WORDS["open-first"]
    assert refusal(lambda c, t: f"{c}: {t}", "save", loading=True, live=False, shown=True, read_only=True) == (
        f"{CONTEXT}: {WORDS['wait-loading']}"
    )


def test_what_a_sequence_export_says_and_for_how_long() -> None:
    text, ms = sequence_export_text(untranslated, 0, 1200, 1200, "s.svg", 5000)
    assert (text, ms) == ("Exported all 1,200 rows to s.svg", 8000)
    text, ms = sequence_export_text(untranslated, 999, 3999, 12345, "s.png", 3000)
    assert ms == 30000  # the rows left out, and how to export them: said longer
    assert text.startswith("Exported rows 1,000–3,999 of 12,345 to s.png: one file holds at most 3,000 rows. Select")
