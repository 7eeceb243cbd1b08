"""What the note over a panel says about a list request it waits on (session/wait_words.py): each
story in words with its values, why an answer was flagged, and the rules of its tooltip, in
English and through a caller's tr with the note's context (the window's: tests/ui/test_wait_notes.py)."""

from __future__ import annotations

from dataclasses import replace

from inspector.protocol.rules import RULES
from inspector.session import wait_story as stories
from inspector.session import wait_words as words
from inspector.session.waiting import LATE_RULE, SCHEMA_FAILED, FlaggedAnswer, WaitState

UNKNOWN = "jsonrpc.response-unknown-id"


def state(**kw: object) -> WaitState:
    """A tools/list request (entry 3, id 7) and what became of it."""
    return replace(WaitState("tools/list", request_seq=3, request_id=7), **kw)


def story_of(**kw: object) -> stories.WaitStory:
    story = stories.wait_story(state(**kw))
    assert story is not None
    return story


def test_every_story_has_words() -> None:
    assert set(words.STORIES) == {
        stories.ANSWER_FLAGGED,
        stories.TIMED_OUT,
        stories.TIMED_OUT_AFTER_OTHER,
        stories.ABANDONED,
        stories.WAITING_AFTER_OTHER,
        stories.WAITING_AFTER_OTHERS,
    }
    assert set(words.WORDS) >= set(words.STORIES.values()) | set(words.WHY.values())


def test_a_story_in_words_with_its_values() -> None:
    flagged = story_of(answer=FlaggedAnswer(5, 7, (SCHEMA_FAILED,)))
    assert words.wait_text(flagged) == "tools/list (id 7) was answered at #5, flagged: it does not follow the schema."
    other = FlaggedAnswer(4, "x", (UNKNOWN, LATE_RULE))
    waiting = story_of(unmatched=[other], unmatched_count=1)
    assert words.wait_text(waiting) == (
        'Waiting for tools/list (id 7): an answer with id "x" came at #4, flagged: no request has that id; '
        "it came after the request had timed out."
    )
    timed_out = story_of(unmatched=[other], unmatched_count=1, timeout_seq=9)
    assert words.wait_text(timed_out).startswith("tools/list (id 7) timed out at #9, unanswered; an answer with id")
    several = story_of(unmatched=[other, replace(other, seq=6, id=None)], unmatched_count=2)
    assert "2 answers no request could take came, the last with id null at #6" in words.wait_text(several)


def test_a_rule_without_words_is_named_by_its_id() -> None:
    assert words.why_text(("some.rule", SCHEMA_FAILED)) == "some.rule; it does not follow the schema"


def test_the_tooltip_names_each_rule_with_its_spec_section() -> None:
    story = story_of(answer=FlaggedAnswer(5, 7, (SCHEMA_FAILED,)), unmatched=[FlaggedAnswer(4, 99, (UNKNOWN,))])
    rule = RULES[UNKNOWN]
    assert words.rule_lines(story).split("\n") == [
        f"{UNKNOWN} — {rule.text} ({rule.spec})",
        "it does not follow the schema",
    ]


def test_through_a_callers_tr() -> None:
    seen: list[tuple[str, str]] = []

    def tr(context: str, text: str) -> str:
        seen.append((context, text))
        return "«" + text + "»"

    story = story_of(answer=FlaggedAnswer(5, 7, (UNKNOWN,)))
    assert words.wait_text(story, tr) == "«tools/list (id 7) was answered at #5, flagged: «no request has that id».»"
    assert seen == [(words.CONTEXT, words.STORIES[story.code]), (words.CONTEXT, words.WHY[UNKNOWN])]
    assert words.rule_lines(story, tr) == f"{UNKNOWN} — «{RULES[UNKNOWN].text}» ({RULES[UNKNOWN].spec})"
    assert seen[-1] == ("Rules", RULES[UNKNOWN].text)
