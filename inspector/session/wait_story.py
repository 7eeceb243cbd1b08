"""What a front-end tells about a list request it waits on, as data (Qt-free).

A :class:`~.waiting.WaitState` says what became of the request; :func:`wait_story` says which
of a few stories that is worth telling - its own answer came flagged, it timed out (after an
answer no request could take, or not), the client stopped waiting, or it still waits while such
answers come - with the values the story names and the entries it points at, in the order it
names them. Nothing to tell (no request, a clean answer, nothing flagged) is None. The window
words each story in the user's language; the values (ids, methods) stay as they came.
"""

from __future__ import annotations

from dataclasses import dataclass

from inspector.protocol.jsontypes import JsonValue

from .waiting import WaitState

# The stories (WaitStory.code).
ANSWER_FLAGGED = "answer-flagged"  # the request's own answer came, flagged (seq: that answer)
TIMED_OUT = "timed-out"  # no answer came within the request timeout (seq: the timeout's entry)
TIMED_OUT_AFTER_OTHER = "timed-out-after-other"  # timed out; an answer no request could take had come
ABANDONED = "abandoned"  # the client stopped waiting (a cancel, a lost server); such an answer had come
WAITING_AFTER_OTHER = "waiting-after-other"  # still waiting; one answer no request could take came
WAITING_AFTER_OTHERS = "waiting-after-others"  # still waiting; several came (count), the last named


@dataclass(frozen=True, slots=True)
class WaitStory:
    """One story about a request waited on (``code``: one of the stories above)."""

    code: str
    method: str
    request_id: JsonValue
    seqs: tuple[int, ...]  # the entries the story points at, in the order it names them
    seq: int | None = None  # the request's own answer, or its timeout's entry
    other_id: JsonValue = None  # the id of the answer no request could take (the last one)
    at: int | None = None  # that answer's entry
    count: int = 0  # how many such answers came
    rules: tuple[str, ...] = ()  # why the answer the story names was flagged
    all_rules: tuple[str, ...] = ()  # every rule of the answers it knows of, once each (a tooltip's)


def wait_story(state: WaitState) -> WaitStory | None:
    """The story worth telling about ``state`` (None: nothing to tell)."""
    s = state
    if s.request_seq is None or not s.flagged:
        return None
    known = [*s.unmatched[-1:], *([s.answer] if s.answer is not None else [])]
    every: list[str] = []
    for flagged in known:
        every += [rule for rule in flagged.rules if rule not in every]
    last = s.unmatched[-1] if s.unmatched else None
    head = (s.method, s.request_id)
    if s.answer is not None and s.timeout_seq is None:
        if not s.answer.rules:  # answered: the list shows what came
            return None
        answer = s.answer
        return WaitStory(ANSWER_FLAGGED, *head, (answer.seq,), answer.seq, rules=answer.rules, all_rules=tuple(every))
    if s.timeout_seq is not None and last is None:
        return WaitStory(TIMED_OUT, *head, (s.timeout_seq,), s.timeout_seq, all_rules=tuple(every))
    assert last is not None  # flagged and still waiting, or given up: an answer nobody could take
    seqs: tuple[int, ...]
    if s.timeout_seq is not None:
        code, seqs = TIMED_OUT_AFTER_OTHER, (last.seq, s.timeout_seq)
    else:
        code = ABANDONED if s.abandoned else WAITING_AFTER_OTHER if s.unmatched_count == 1 else WAITING_AFTER_OTHERS
        seqs = (last.seq,)
    return WaitStory(code, *head, seqs, s.timeout_seq, last.id, last.seq, s.unmatched_count, last.rules, tuple(every))
