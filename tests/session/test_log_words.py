"""What the Logs panel says and how it colours a level (session/log_words.py), in English and
through a caller's tr."""

from __future__ import annotations

from inspector.session import log_words as words
from inspector.session.controllers.logs import LEVEL_ANSWERED, LEVEL_NONE_CARRIED, LEVEL_NOT_SET, LevelStatus
from inspector.session.views import LEVELS, RANK, UNKNOWN


def test_the_server_level_line_for_every_status() -> None:
    assert (
        words.level_text(LevelStatus(LEVEL_ANSWERED, "warning")) == "Server level: warning (logging/setLevel answered)."
    )
    assert words.level_text(LevelStatus(LEVEL_NOT_SET)).startswith("Not set by this client yet")
    assert "so a 2026-07-28 server sends no log messages" in words.level_text(LevelStatus(LEVEL_NONE_CARRIED))
    for code in ("not set", "carried", "none carried", "applies", "no level", "sending", "answered"):
        assert "{" not in words.level_text(LevelStatus(code, "info"))  # every status has its words, filled in


def test_the_count_and_the_set_level_tip() -> None:
    assert words.count_text(1, 1) == "1 message"
    assert words.count_text(12_000, 12_000) == "12,000 messages"
    assert words.count_text(3, 1_500) == "1,500 messages, 3 shown"
    assert words.count_text(0, 0) == "0 messages"
    assert words.set_level_tip(True).startswith("Send logging/setLevel")
    assert words.set_level_tip(False).startswith("2026-07-28 has no logging/setLevel")


def test_a_messages_tooltip() -> None:
    tip = words.entry_tip(12, "info", "", "hello", False)
    assert tip == "Entry #12 · info · logger —\n\nhello"
    odd = words.entry_tip(3, "loud", "db", "x" * 5_000, True)
    assert odd.startswith("Entry #3 · loud · logger db\nNot a log level the protocol defines.\n\n")
    assert odd.endswith("x…") and odd.count("x") == words.TIP_CHARS


def test_each_level_has_a_hue_and_the_loud_ones_stand_out() -> None:
    for dark in (False, True):
        assert len(words.LEVEL_RGB[dark]) == len(LEVELS) + 1 == UNKNOWN + 1
        assert all(all(0 <= c <= 255 for c in rgb) for rgb in words.LEVEL_RGB[dark])
    assert words.TINTED == (5, 6, 7) and words.BOLD_FROM == RANK["error"]


def test_the_words_go_through_the_callers_tr_in_their_contexts() -> None:
    seen: set[str] = set()

    def tr(context: str, text: str) -> str:
        seen.add(context)
        return "»" + text

    assert words.count_text(2, 2, tr) == "»2 messages"
    assert words.entry_tip(1, "info", "a", "b", True, tr).startswith("»Entry #1")
    assert seen == {"LogsPanel", "LogModel"}
    assert all(text in ("", *words.WORDS) and tip in ("", *words.WORDS) for text, tip in words.CONTROLS.values())
    assert set(words.HEADERS) <= set(words.MODEL_WORDS)
