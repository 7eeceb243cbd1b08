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
its answer was a result, an error or none); steps are aligned on the first three, so a request
answered otherwise in the other recording is still its partner. The two lists of signatures are aligned by order
the way ``diff`` aligns lines: their common head and tail pair one to one (so the first place
they part is always exact, and two runs that agree cost a pass over each), and the part between
is aligned by the shortest edit script (Myers' algorithm: the most steps paired, what cannot
be paired left as steps of one recording only) when it takes at most :data:`MAX_EDITS` steps
of one side; a part further apart is aligned coarser, as runs of one signature (a matched
run's steps paired in order), and when even that is too far apart, its steps are all left
unpaired. The cost grows with the length and the square of the steps left unpaired, never
with the product of the lengths (a flood of pings on both sides aligns in a pass).
Each :class:`AlignedPair` then says:

* ``same``: the same signature, and the same content - a request's ``params`` and its answer's
  ``result`` or ``error``, a notification's ``params``, another line's bytes (ids, times and
  the JSON-RPC envelope are not compared);
* ``changed``: the same signature with other content (its :class:`~.surface_diff.PathChange` s
  say where, as JSON pointers from ``/params``, ``/result`` or ``/error``), or the same
  request answered one way in one recording and another way (or not at all) in the other;
* ``only_a`` / ``only_b``: a step of one recording with no partner in the other.

:attr:`Alignment.parted_at` is the first pair that is not ``same`` - where the two runs part -
and :meth:`Alignment.after_parting` the pairs from there on. ``limit`` caps the steps read
from each recording (the rest is counted, and said).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypeAlias

from inspector.protocol.jsontypes import JsonObject, JsonValue
from inspector.protocol.messages import Kind

from .recording import Direction, Recording
from .surface_diff import PathChange, json_changes, printable
from .translate import Translate, untranslated

__all__ = ["ALIGN_CONTEXT", "ALIGN_WORDS", "AlignedPair", "Alignment", "Step", "align", "steps_of"]

#: the most steps read from one recording by default
STEP_LIMIT = 200_000
#: the most steps of one side only an exact alignment looks for (its cost grows with their square)
MAX_EDITS = 1000
_Key: TypeAlias = tuple[str, str, str | None]
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
                lines += [f"      {printable(c.pointer)}" for c in pair.changes[:5]]
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
    return f"#{s.seq} {s.direction} {printable(what)}"


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


_Op: TypeAlias = tuple[str, int, int, int, int]


def _opcodes(ka: list[_Key], kb: list[_Key]) -> list[_Op]:
    """How the two lists of keys line up, as ``(op, a_start, a_end, b_start, b_end)``: "equal"
    ranges pair one to one, the others are steps of one side only (see the module docstring)."""
    n, m = len(ka), len(kb)
    head = 0
    while head < n and head < m and ka[head] == kb[head]:
        head += 1
    tail = 0
    while tail < n - head and tail < m - head and ka[n - 1 - tail] == kb[m - 1 - tail]:
        tail += 1
    ops: list[_Op] = [("equal", 0, head, 0, head)] if head else []
    mid_a, mid_b = ka[head : n - tail], kb[head : m - tail]
    if mid_a or mid_b:
        found = _edits(mid_a, mid_b) or _run_edits(mid_a, mid_b) or [("differ", 0, len(mid_a), 0, len(mid_b))]
        ops += [(o, a1 + head, a2 + head, b1 + head, b2 + head) for o, a1, a2, b1, b2 in found]
    if tail:
        ops.append(("equal", n - tail, n, m - tail, m))
    return ops


def _edits(a: list[_Key], b: list[_Key], most: int = MAX_EDITS) -> list[_Op] | None:
    """The shortest way from ``a`` to ``b`` (Myers' O((N+M)D) greedy search over the edit
    graph's diagonals), as opcodes; None when it takes more than ``most`` steps of one side."""
    n, m = len(a), len(b)
    most = min(most, n + m)
    off = most + 1
    v = [0] * (2 * most + 3)  # v[k + off]: the furthest x reached on diagonal k = x - y
    trace: list[list[int]] = []
    for d in range(most + 1):
        trace.append(v[off - d - 1 : off + d + 2])  # diagonals -d-1 .. d+1 before round d
        for k in range(-d, d + 1, 2):
            if k == -d or (k != d and v[k - 1 + off] < v[k + 1 + off]):
                x = v[k + 1 + off]  # down: a step of b
            else:
                x = v[k - 1 + off] + 1  # right: a step of a
            y = x - k
            while x < n and y < m and a[x] == b[y]:
                x += 1
                y += 1
            v[k + off] = x
            if x >= n and y >= m:
                return _walk_back(trace, n, m)
    return None


def _walk_back(trace: list[list[int]], n: int, m: int) -> list[_Op]:
    """The opcodes of the path :func:`_edits` found, from its rounds' snapshots."""
    x, y = n, m
    backwards: list[_Op] = []
    for d in range(len(trace) - 1, -1, -1):
        snap = trace[d]  # snap[i]: diagonal i - d - 1

        def at(k: int, snap: list[int] = snap, d: int = d) -> int:
            return snap[k + d + 1]

        k = x - y
        prev_k = k + 1 if k == -d or (k != d and at(k - 1) < at(k + 1)) else k - 1
        prev_x = at(prev_k) if d else 0
        prev_y = prev_x - prev_k if d else 0
        if x > prev_x and y > prev_y:
            run = min(x - prev_x, y - prev_y)
            backwards.append(("equal", x - run, x, y - run, y))
            x, y = x - run, y - run
        if d:
            backwards.append(("differ", prev_x, x, prev_y, y))
        x, y = prev_x, prev_y
    return backwards[::-1]


def _runs(keys: list[_Key]) -> list[tuple[_Key, int, int]]:
    """The keys as runs of one key: (key, where the run starts, how long it is)."""
    out: list[tuple[_Key, int, int]] = []
    for i, k in enumerate(keys):
        if out and out[-1][0] == k:
            out[-1] = (k, out[-1][1], out[-1][2] + 1)
        else:
            out.append((k, i, 1))
    return out


def _run_edits(ka: list[_Key], kb: list[_Key]) -> list[_Op] | None:
    """A coarser alignment of two blocks too far apart for :func:`_edits`: runs of one
    signature aligned, a matched run's steps paired in order (the longer run's rest left to its
    side); None when the runs are too far apart as well."""
    ra, rb = _runs(ka), _runs(kb)
    if len(ra) == len(ka) and len(rb) == len(kb):
        return None  # no runs: nothing gained
    found = _edits([r[0] for r in ra], [r[0] for r in rb])
    if found is None:
        return None
    ops: list[_Op] = []

    def span(runs: list[tuple[_Key, int, int]], lo: int, hi: int, size: int) -> tuple[int, int]:
        start = runs[lo][1] if lo < len(runs) else size
        return start, (runs[hi - 1][1] + runs[hi - 1][2] if hi > lo else start)

    for op, i1, i2, j1, j2 in found:
        if op == "equal":
            for (_k, sa, ca), (_, sb, cb) in zip(ra[i1:i2], rb[j1:j2], strict=True):
                c = min(ca, cb)
                ops.append(("equal", sa, sa + c, sb, sb + c))
                ops.append(("differ", sa + c, sa + ca, sb + c, sb + cb))
        else:
            ops.append((op, *span(ra, i1, i2, len(ka)), *span(rb, j1, j2, len(kb))))
    return ops


def align(a: Recording, b: Recording, *, skip: frozenset[str] = frozenset(), limit: int = STEP_LIMIT) -> Alignment:
    """Recordings ``a`` and ``b`` aligned step by step (see the module docstring)."""
    sa, more_a = steps_of(a, skip=skip, limit=limit)
    sb, more_b = steps_of(b, skip=skip, limit=limit)
    # same writer, kind and method, whatever the outcome: an answer that differs changes the pair
    pairs: list[AlignedPair] = []
    for op, i1, i2, j1, j2 in _opcodes([s.signature[:3] for s in sa], [s.signature[:3] for s in sb]):
        if i1 == i2 and j1 == j2:
            continue
        if op == "equal":
            pairs += [_compare(a, b, x, y) for x, y in zip(sa[i1:i2], sb[j1:j2], strict=True)]
        else:
            pairs += [AlignedPair(x, None, "only_a") for x in sa[i1:i2]]
            pairs += [AlignedPair(None, y, "only_b") for y in sb[j1:j2]]
    return Alignment(pairs, len(sa), len(sb), more_a, more_b, limit)
