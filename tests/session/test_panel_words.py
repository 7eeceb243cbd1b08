"""What the feature panels' host says (session/panel_words.py): the hidden panels on one line,
grouped by a short reason, every reason in full in its tooltip; in English and through a
caller's tr (the host's context for its words, the features' for the reasons)."""

from __future__ import annotations

from inspector.session import panel_words as words
from inspector.session.features import availability


def test_nothing_hidden_says_nothing() -> None:
    assert words.hidden_line([]) == ("", "")


def test_grouped_by_short_reason_in_order() -> None:
    hidden = [
        ("Resources", "the server did not declare resources"),
        ("Tasks", "tasks are not in protocol version 2025-06-18"),
        ("Prompts", "the server did not declare prompts"),
        ("Odd", "something else"),
    ]
    line, tip = words.hidden_line(hidden)
    assert line == "Hidden: Resources, Prompts (not declared) · Tasks (not in this protocol version) · Odd"
    assert tip.split("\n") == ["Hidden panels:", *(f"{title}: {reason}" for title, reason in hidden)]


def test_every_reason_the_features_give_has_a_short_form() -> None:
    reasons = {v.reason for v in availability("legacy", "2025-06-18", {}).values() if not v.shown}
    reasons |= {v.reason for v in availability(None, None, None).values() if not v.shown}
    assert reasons and all(words.short_reason(reason) for reason in reasons), reasons


def test_through_a_callers_tr() -> None:
    seen: list[tuple[str, str]] = []

    def tr(context: str, text: str) -> str:
        seen.append((context, text))
        return text

    words.hidden_line([("Prompts", "the server did not declare prompts")], tr)
    assert ("Features", "the server did not declare prompts") in seen
    assert (words.CONTEXT, "not declared") in seen and (words.CONTEXT, "Hidden: {panels}") in seen
    assert {text for context, text in seen if context == words.CONTEXT} <= set(words.WORDS)
