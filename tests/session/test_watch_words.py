"""What the Watch dialog says, without Qt (session/watch_words.py): a row's cells, Open's word,
and a word for every choice of how much of the proxied folder is kept."""

from __future__ import annotations

import time
from pathlib import Path

from inspector.session.proxied_folder import KEEP_CHOICES
from inspector.session.translate import untranslated
from inspector.session.watch import Watched
from inspector.session.watch_words import COLUMNS, KEEP_WORDS, WORDS, open_word, row_cells


def watched(running: bool, started: float | None) -> Watched:
    return Watched("demo", ("python", "-m", "demo"), Path("/tmp/demo.jsonl"), started, 12345, running)


def test_a_rows_cells_follow_the_columns():
    started = time.mktime((2026, 3, 4, 5, 6, 7, 0, 0, -1))
    cells = row_cells(watched(True, started), untranslated)
    assert len(cells) == len(COLUMNS) and all(key in WORDS for key in COLUMNS)
    assert cells == ("demo", "python -m demo", "2026-03-04 05:06:07", "12,345", "running")
    assert row_cells(watched(False, None), untranslated)[2:] == ("", "12,345", "ended")  # no start known: empty
    assert row_cells(watched(False, None), lambda _c, text: text.upper())[4] == "ENDED"  # the caller's language


def test_open_says_watch_live_for_a_running_session_only():
    assert open_word(watched(True, None), untranslated) == "Watch live"
    assert open_word(watched(False, None), untranslated) == open_word(None, untranslated) == "Open"


def test_every_keep_choice_has_its_words():
    assert list(KEEP_WORDS) == list(KEEP_CHOICES)
