"""The window's actions' words as data (inspector.session.action_words), without a display."""

from __future__ import annotations

import re

from inspector.session.action_words import CONTEXT, WORDS, action_text, all_words, usable
from inspector.session.translate import untranslated


def test_every_action_has_a_text_and_its_words_are_in_the_catalogue_list():
    for name, (text, tip) in WORDS.items():
        assert text.strip(), name
        assert text in all_words()
        if tip:
            assert tip in all_words()
    assert "" not in all_words()


def test_an_action_is_worded_in_the_window_actions_context():
    asked: list[tuple[str, str]] = []

    def tr(context: str, text: str) -> str:
        asked.append((context, text))
        return f"<{text}>"

    assert action_text(tr, "connect") == (
        "<Connect>",
        "<Start the selected server and run the start sequence (Ctrl+Enter)>",
    )
    assert asked == [(CONTEXT, "Connect"), (CONTEXT, WORDS["connect"][1])]
    assert CONTEXT == "WindowActions"  # the context the catalogue holds their translations in


def test_an_action_without_a_tooltip_asks_for_no_translation_of_one():
    asked: list[str] = []
    assert action_text(lambda _c, t: asked.append(t) or t, "quit") == ("Quit", "")
    assert asked == ["Quit"]


def test_a_shortcut_a_tooltip_names_is_written_as_the_window_shows_it():
    """A tooltip ends with its shortcut in brackets (Ctrl+Enter, F8), never mid-sentence."""
    for name, (_text, tip) in WORDS.items():
        for key in re.findall(r"\((Ctrl\+[^)]*|F\d+)\)", tip):
            assert tip.endswith(f"({key})"), name
    assert action_text(untranslated, "continue")[1] == "Send the waiting message (F8)"


def test_which_session_actions_can_be_used_now():
    idle = usable(False, False, None)
    assert {name for name, on in idle.items() if on} == {"connect", "open"}  # no session: start one or open a file
    running = usable(True, False, "legacy")
    assert {name for name, on in running.items() if on} == {"disconnect", "compose", "ping"}
    assert usable(True, True, "legacy")["continue"] and not usable(False, True, None)["continue"]
    assert not usable(True, False, "modern")["ping"]  # 2026-07-28 has no ping
    assert usable(True, False, None)["ping"]  # the era not known yet: ping is offered
    assert set(idle) <= set(WORDS)  # each one is an action of the table
