"""What a front-end says about the prompt list's changes and a prompt's arguments
(session/prompt_words.py), in English and through a caller's tr."""

from __future__ import annotations

from inspector.session import prompt_words as words
from inspector.session.controllers.base import (
    CHANGES_LISTENING,
    CHANGES_NOT_LISTENING,
    CHANGES_NOTIFIED,
    CHANGES_UNDECLARED,
    Changes,
)
from inspector.session.controllers.prompts import PromptArgument
from inspector.session.operations import LISTEN_ENDED, ListenNote


def test_how_the_list_learns_of_changes() -> None:
    assert words.changes_note(Changes(CHANGES_UNDECLARED)).endswith("use Refresh.")
    assert words.changes_note(Changes(CHANGES_NOTIFIED)) == "Refreshes by itself on notifications/prompts/list_changed."
    assert "(subscriptions/listen, id 4)" in words.changes_note(Changes(CHANGES_LISTENING, 4))
    assert words.changes_note(Changes(CHANGES_NOT_LISTENING)) == "Not listening for list changes."
    ended = Changes(CHANGES_NOT_LISTENING, note=ListenNote(LISTEN_ENDED))
    assert words.changes_note(ended) == "Not listening for list changes. The server ended the subscription."
    contexts: list[str] = []

    def tr(context: str, text: str) -> str:
        contexts.append(context)
        return text

    words.changes_note(ended, tr)
    assert contexts == ["ResourcesPanel", "PromptsPanel"]  # the stream's note keeps its own context


def test_the_arguments_hint_and_tips() -> None:
    city = PromptArgument("city", True, "Where it is")
    assert words.arguments_hint([], True) == "This prompt takes no arguments."
    assert words.arguments_hint([city], True).startswith("* required. Suggestions come from the server")
    assert words.arguments_hint([city], False).startswith("* required. The server did not declare completions")
    assert words.argument_tip(city, True) == "Where it is"
    assert words.argument_tip(city, False) == "Where it is\nThe server did not declare completions, so no suggestions."
    assert words.argument_tip(PromptArgument("x"), True) == ""
    assert words.argument_tip(PromptArgument("x"), False) == words.NO_SUGGESTIONS


def test_a_prompts_row_and_the_count() -> None:
    prompt = {
        "name": "greet",
        "title": "Greeting",
        "description": "Says hello.",
        "arguments": [{"name": "who", "required": True}, {"name": "tone"}, "junk"],
    }
    assert words.row_cells(prompt) == (["Greeting", "greet", "who*, tone"], "Says hello.")
    assert words.row_cells({"name": "bare", "arguments": "no"}) == (["bare", "bare", "none"], "")
    assert words.row_cells({}) == (["", "", "none"], "")
    assert (words.count_text(1), words.count_text(3)) == ("1 prompt", "3 prompts")
    assert words.headers() == ["Name", "Identifier", "Arguments"]
    assert words.headers(lambda context, text: f"{context}:{text}")[2] == "PromptsPanel:Arguments"
    said: list[tuple[str, str]] = []

    def tr(context: str, text: str) -> str:
        said.append((context, text))
        return text

    assert words.count_text(2, tr) == "2 prompts"
    assert said == [("PromptsPanel", "{n} prompts")]
    assert set(words.LABELS.values()) | set(words.STATE.values()) <= set(words.WORDS)


def test_every_control_says_words_of_the_table() -> None:
    """CONTROLS names only LABELS (a wrong key would fail the panel at its first wording)."""
    for text_key, tip_key in words.CONTROLS.values():
        assert (text_key or tip_key) and {text_key, tip_key} - {""} <= set(words.LABELS)
    assert words.CONTROLS["get_button"] == ("get", "get_tip")
