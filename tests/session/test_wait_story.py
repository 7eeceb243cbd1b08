"""Which story a panel tells about a list request it waits on (session/wait_story.py), from the
states a RequestWatch reaches; the window words each (tests/ui/test_wait_notes.py)."""

from __future__ import annotations

from dataclasses import replace

from inspector.session.wait_story import (
    ABANDONED,
    ANSWER_FLAGGED,
    TIMED_OUT,
    TIMED_OUT_AFTER_OTHER,
    WAITING_AFTER_OTHER,
    WAITING_AFTER_OTHERS,
    wait_story,
)
from inspector.session.waiting import LATE_RULE, SCHEMA_FAILED, FlaggedAnswer, WaitState

UNKNOWN = "jsonrpc.response-unknown-id"


def state(**kw: object) -> WaitState:
    """A tools/list request (entry 3, id 7) and what became of it."""
    return replace(WaitState("tools/list", request_seq=3, request_id=7), **kw)


def test_nothing_to_tell() -> None:
    assert wait_story(WaitState("tools/list")) is None  # nothing sent yet
    assert wait_story(state()) is None  # waiting, nothing flagged
    assert wait_story(state(answer=FlaggedAnswer(4, 7, ()))) is None  # a clean answer


def test_its_own_answer_flagged() -> None:
    other = FlaggedAnswer(4, 99, (UNKNOWN,))
    story = wait_story(state(answer=FlaggedAnswer(5, 7, (SCHEMA_FAILED,)), unmatched=[other], unmatched_count=1))
    assert story is not None and story.code == ANSWER_FLAGGED
    assert (story.method, story.request_id, story.seqs, story.seq) == ("tools/list", 7, (5,), 5)
    assert story.rules == (SCHEMA_FAILED,) and story.all_rules == (UNKNOWN, SCHEMA_FAILED)


def test_timed_out_with_and_without_another_answer() -> None:
    alone = wait_story(state(timeout_seq=9))
    assert alone is not None and alone.code == TIMED_OUT and alone.seqs == (9,) and alone.seq == 9
    other = FlaggedAnswer(4, "x", (UNKNOWN,))
    late = FlaggedAnswer(11, 7, (LATE_RULE,))
    after = wait_story(state(timeout_seq=9, unmatched=[other], unmatched_count=1, answer=late))
    assert after is not None and after.code == TIMED_OUT_AFTER_OTHER
    assert after.seqs == (4, 9) and (after.other_id, after.at, after.rules) == ("x", 4, (UNKNOWN,))
    assert after.all_rules == (UNKNOWN, LATE_RULE)


def test_still_waiting_or_given_up_after_answers_nobody_could_take() -> None:
    first, last = FlaggedAnswer(4, 98, (UNKNOWN,)), FlaggedAnswer(6, None, ("jsonrpc.id-invalid",))
    one = wait_story(state(unmatched=[first], unmatched_count=1))
    assert one is not None and one.code == WAITING_AFTER_OTHER and one.seqs == (4,) and one.other_id == 98
    many = wait_story(state(unmatched=[first, last], unmatched_count=12))
    assert many is not None and many.code == WAITING_AFTER_OTHERS
    assert (many.count, many.at, many.other_id, many.seqs) == (12, 6, None, (6,))
    gone = wait_story(state(unmatched=[first], unmatched_count=1, abandoned=True))
    assert gone is not None and gone.code == ABANDONED and gone.seqs == (4,)
