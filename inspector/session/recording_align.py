"""Two recordings side by side, message by message: where do they part?

Theory of operation
-------------------
:func:`align` compares the conversations two recordings hold (two runs of one server, a
release against the last, a live session against a recorded one). Each recording is read as a
list of **steps**, in the order the entries were recorded: a request together with its answer
(the recording pairs them), a notification, or a line that pairs with nothing (an answer to no
request, a line that is no message, a batch). Only what the client and the server wrote
counts: stderr, process and link events and the inspector's notes are not the conversation.
``skip`` leaves out methods whose timing is not part of it (say, ``notifications/message``).

A step's **signature** is who wrote it, its kind and its method (for a request, also whether
its answer was a result, an error or none). The two lists of signatures are aligned by order
the way ``diff`` aligns lines - the longest run of matching signatures, with what does not
match falling between as steps of one recording only (``difflib.SequenceMatcher``, no junk
heuristics). Each :class:`AlignedPair` then says:

* ``same``: the same signature, and the same content - a request's ``params`` and its answer's
  ``result`` or ``error``, a notification's ``params``, another line's bytes (ids, times and
  the JSON-RPC envelope are not compared);
* ``changed``: the same signature with other content (its :class:`~.surface_diff.PathChange` s
  say where, as JSON pointers from ``/params``, ``/result`` or ``/error``), or the same
  request answered one way in one recording and another way (or not at all) in the other;
* ``only_a`` / ``only_b``: a step of one recording with no partner in the other.

:attr:`Alignment.parted_at` is the first pair that is not ``same`` - where the two runs part -
and :meth:`Alignment.after_parting` the pairs from there on. The alignment costs what difflib
costs: about linear for runs that mostly agree, more for runs that share little; ``limit``
caps the steps read from each recording (the rest is counted, and said).
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field

from inspector.protocol.jsontypes import JsonObject, JsonValue
from inspector.protocol.messages import Kind

from .recording import Direction, Recording
from .surface_diff import PathChange, json_changes
from .translate import Translate, untranslated

__all__ = ["ALIGN_CONTEXT", "ALIGN_WORDS", "AlignedPair", "Alignment", "Step", "align", "steps_of"]

#: the most steps read from one recording by default
STEP_LIMIT = 200_000
_MESSAGES = (Direction.C2S, Direction.S2C)
_ANSWERS = (Kind.RESULT, Kind.ERROR)

ALIGN_CONTEXT = "RecordingAlign"
ALIGN_WORDS: dict[str, str] = {
    "same": "The recordings hold the same conversation ({n} steps).",
    "parted": "The recordings part at step {n}: A's entry {a}, B's entry {b}.",
    "none": "none",
    "unanswered": "unanswered",
    "cut": "Only the first {limit} steps of {side} were compared ({more} more).",
}


@dataclass(frozen=True)
class Step:
    """One step of a recording: a message, with its answer when it is a request."""

    seq: int  # the entry (a request's own, not its answer's)
    direction: str  # "c2s" / "s2c"
    kind: str  # the entry's kind label: "request", "notification", "result", "noise", ...
    method: str | None
    answer: int | None = None  # a request's answer (entry), None: unanswered
    outcome: str | None = None  # a request's answer kind: "result" / "error"; None: unanswered

    @property
    def signature(self) -> tuple[str, str, str | None, str | None]:
        return (self.direction, self.kind, self.method, self.outcome)

    def to_json(self) -> JsonObject:
        d: JsonObject = {"seq": self.seq, "dir": self.direction, "kind": self.kind, "method": self.method}
        if self.kind == "request":
            d["answer"] = self.answer
            d["outcome"] = self.outcome
        return d


@dataclass(frozen=True)
class AlignedPair:
    """A step of each recording aligned (or one recording's step alone)."""

    a: Step | None
    b: Step | None
    status: str  # "same" / "changed" / "only_a" / "only_b"
    changes: list[PathChange] = field(default_factory=list)

    def to_json(self) -> JsonObject:
        return {
            "status": self.status,
            "a": self.a.to_json() if self.a else None,
            "b": self.b.to_json() if self.b else None,
            "changes": [c.to_json() for c in self.changes],
        }


@dataclass
class Alignment:
    """Two recordings aligned step by step (see the module docstring)."""

    pairs: list[AlignedPair]
    a_steps: int
    b_steps: int
    a_more: int = 0  # steps past the limit, not compared
    b_more: int = 0
    limit: int = STEP_LIMIT

    @property
    def parted_at(self) -> int | None:
        """The index in :attr:`pairs` of the first pair that is not the same (None: none)."""
        return next((i for i, p in enumerate(self.pairs) if p.status != "same"), None)

    @property
    def parted(self) -> bool:
        return self.parted_at is not None

    def after_parting(self) -> list[AlignedPair]:
        at = self.parted_at
        return [] if at is None else self.pairs[at:]

    def counts(self) -> dict[str, int]:
        return {s: sum(1 for p in self.pairs if p.status == s) for s in ("same", "changed", "only_a", "only_b")}

    def to_json(self) -> JsonObject:
        return {
            "parted": self.parted,
            "parted_at": self.parted_at,
            "counts": dict(self.counts()),
            "steps": {"a": self.a_steps, "b": self.b_steps},
            "not_compared": {"a": self.a_more, "b": self.b_more},
            "after_parting": [p.to_json() for p in self.after_parting()],
        }

    def text_lines(self, tr: Translate = untranslated, *, most: int = 20) -> list[str]:
        """The alignment for a terminal: where the runs part and up to ``most`` pairs after."""
        w = {k: tr(ALIGN_CONTEXT, v) for k, v in ALIGN_WORDS.items()}
        at = self.parted_at
        if at is None:
            lines = [w["same"].format(n=len(self.pairs))]
        else:
            p = self.pairs[at]
            a, b = (str(s.seq) if s else w["none"] for s in (p.a, p.b))
            lines = [w["parted"].format(n=at + 1, a=a, b=b)]
            for pair in self.after_parting()[:most]:
                lines.append("  " + _pair_text(pair, w["unanswered"]))
                lines += [f"      {c.pointer}" for c in pair.changes[:5]]
        for side, more in (("A", self.a_more), ("B", self.b_more)):
            if more:
                lines.append(w["cut"].format(limit=self.limit, side=side, more=more))
        return lines


def _step_text(s: Step | None, unanswered: str) -> str:
    if s is None:
        return "-"
    what = s.method or s.kind
    if s.kind == "request":
        what += f" -> {s.outcome or unanswered}"
    return f"#{s.seq} {s.direction} {what}"


def _pair_text(p: AlignedPair, unanswered: str) -> str:
    mark = {"same": "=", "changed": "~", "only_a": "<", "only_b": ">"}[p.status]
    return f"{mark} {_step_text(p.a, unanswered):<40} {_step_text(p.b, unanswered)}"


# ---------------------------------------------------------------- reading steps


def steps_of(rec: Recording, *, skip: frozenset[str] = frozenset(), limit: int = STEP_LIMIT) -> tuple[list[Step], int]:
    """The recording's steps (see the module docstring), at most ``limit``, and how many more."""
    kind_at, paired_at = rec.kind_at, rec.paired_at
    # the recording pairs an answer with its request: request entry -> its answer's entry
    answer_of = {asked: seq for seq, asked in rec.pairings().items() if asked < seq and kind_at(seq) in _ANSWERS}
    out: list[Step] = []
    more = 0
    for i in range(rec.released, len(rec)):
        d = rec.direction_at(i)
        if d not in _MESSAGES:
            continue
        k, m = kind_at(i), rec.method_at(i)
        if m in skip or (k in _ANSWERS and paired_at(i) is not None):
            continue  # skipped, or an answer: it goes with its request's step
        if len(out) >= limit:
            more += 1
            continue
        answer = answer_of.get(i) if k is Kind.REQUEST else None
        outcome = kind_at(answer).label if answer is not None else None
        out.append(Step(i, d.label, k.label, m, answer, outcome))
    return out, more


def _content(rec: Recording, step: Step) -> tuple[JsonValue, JsonValue]:
    """What is compared of a step: (the message's params or bytes, its answer's body)."""
    obj = rec[step.seq].json()
    if step.method is None or not isinstance(obj, dict):
        mine: JsonValue = rec.raw_at(step.seq).decode("utf-8", "replace")
    elif step.kind in ("result", "error"):
        mine = {step.kind: obj.get(step.kind)}
    else:
        mine = {"params": obj["params"]} if "params" in obj else {}
    reply: JsonValue = None
    if step.answer is not None:
        ans = rec[step.answer].json()
        if isinstance(ans, dict):
            reply = {k: ans[k] for k in ("result", "error") if k in ans}
    return mine, reply


def _compare(ra: Recording, rb: Recording, a: Step, b: Step) -> AlignedPair:
    (ma, aa), (mb, ab) = _content(ra, a), _content(rb, b)
    changes = json_changes(ma, mb) if isinstance(ma, dict) and isinstance(mb, dict) else json_changes(ma, mb, "/raw")
    changes += json_changes(aa if aa is not None else {}, ab if ab is not None else {})
    return AlignedPair(a, b, "changed" if changes else "same", changes)


def align(a: Recording, b: Recording, *, skip: frozenset[str] = frozenset(), limit: int = STEP_LIMIT) -> Alignment:
    """Recordings ``a`` and ``b`` aligned step by step (see the module docstring)."""
    sa, more_a = steps_of(a, skip=skip, limit=limit)
    sb, more_b = steps_of(b, skip=skip, limit=limit)
    # same method and kind, whatever the outcome: an answer that differs is a change of the pair
    matcher = difflib.SequenceMatcher(
        None, [s.signature[:3] for s in sa], [s.signature[:3] for s in sb], autojunk=False
    )
    pairs: list[AlignedPair] = []
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            pairs += [_compare(a, b, x, y) for x, y in zip(sa[i1:i2], sb[j1:j2], strict=True)]
        else:
            pairs += [AlignedPair(x, None, "only_a") for x in sa[i1:i2]]
            pairs += [AlignedPair(None, y, "only_b") for y in sb[j1:j2]]
    return Alignment(pairs, len(sa), len(sb), more_a, more_b, limit)
