"""What became of a request a front-end waits on, read from the recording (Qt-free).

A panel loading a list sends ``tools/list`` and waits. When the server answers with an id that
matches no request (``jsonrpc.response-unknown-id``) or with an id that is no id at all
(``jsonrpc.id-invalid``), the session cannot hand that answer to the request: the panel would
just say "Loading…" until the request times out. A :class:`RequestWatch` follows the
recording while the panel waits and says what the panel should show instead: the request
(its entry and id), the flagged answers that came meanwhile (their entries, ids and rules),
the timeout entry when the client stopped waiting, and the answer when one came (with its
rules when it was flagged: a schema that failed, a late answer, a missing ``jsonrpc``).

It reads the recording through its public accessors only, and only the entries appended
after the watch began (``Recording`` listener batches), so watching costs nothing when
nobody waits. The request followed is the latest one of its method sent since the watch
began (the pages of a list, one after another). An answer with a wrong id cannot be
matched to a request by its id; it is taken as this request's when its result carries the
watched list's key (``tools``), and as possibly this request's when it carries no list key
at all (an error, an empty result): an answer that plainly belongs to another list
(``prompts``) is left to that list's watch.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field

from inspector.protocol.jsontypes import JsonValue
from inspector.protocol.messages import Kind

from .recording import Direction, Recording, code_parts

#: The rules that mean an answer could not be handed to any request.
UNMATCHED_RULES = frozenset({"jsonrpc.response-unknown-id", "jsonrpc.id-invalid"})
#: The keys of the paginated lists' results: an answer holding one belongs to that list.
LIST_KEYS = ("tools", "prompts", "resources", "resourceTemplates", "tasks")
#: The rule an answer carries when it came after the request timed out.
LATE_RULE = "jsonrpc.late-response"
#: The pseudo-rule for an answer whose schema check failed (the verdict is not a rule id).
SCHEMA_FAILED = "schema"
#: How many of the answers no request could take a state keeps (the latest); all are counted.
KEEP_UNMATCHED = 8


@dataclass(frozen=True)
class FlaggedAnswer:
    """A server answer with a verdict against it: its entry, its id and why."""

    seq: int
    id: JsonValue
    rules: tuple[str, ...]


@dataclass
class WaitState:
    """What a watch knows about the request it follows."""

    method: str
    request_seq: int | None = None  # the latest request of the method since the watch began
    request_id: JsonValue = None
    unmatched: list[FlaggedAnswer] = field(default_factory=list)  # the latest answers no request could take
    unmatched_count: int = 0  # how many came (a server may send any number: only the latest are kept)
    timeout_seq: int | None = None  # the client stopped waiting here
    answer: FlaggedAnswer | None = None  # the request's own answer (rules empty: a clean one)
    abandoned: bool = False  # the client stopped waiting otherwise: cancelled, the connection lost

    @property
    def waiting(self) -> bool:
        return self.request_seq is not None and self.timeout_seq is None and self.answer is None and not self.abandoned

    @property
    def flagged(self) -> bool:
        """Whether there is something to tell: an unmatched answer, a timeout, a flagged answer."""
        return (
            bool(self.unmatched)
            or self.timeout_seq is not None
            or (self.answer is not None and bool(self.answer.rules))
        )


class RequestWatch:
    """Follows ``method``'s requests in ``rec`` from entry ``start`` on (see the module docstring).

    ``attach()`` listens to the recording's batches (and reads what was appended since
    ``start``); ``detach()`` stops. ``changed`` is called after a batch that changed the state.
    """

    def __init__(
        self,
        rec: Recording,
        method: str,
        key: str,
        start: int | None = None,
        changed: Callable[[], object] | None = None,
    ) -> None:
        self.rec = rec
        self.method = method
        self.key = key
        self.state = WaitState(method)
        self.changed = changed
        self._next = len(rec) if start is None else start
        self._attached = False

    def attach(self) -> None:
        if not self._attached:
            self._attached = True
            self.rec.add_listener(self._on_batch)
        self.scan(self._next, len(self.rec))

    def detach(self) -> None:
        """Stop listening; what was appended by now is read first. A request still waited for
        then was abandoned (cancelled, its connection lost)."""
        if self._attached:
            self.scan(self._next, len(self.rec))
            self._attached = False
            self.rec.remove_listener(self._on_batch)
            if self.state.waiting:
                self.state.abandoned = True

    def _on_batch(self, start: int, end: int) -> None:
        if self.scan(start, end) and self.changed is not None:
            self.changed()

    def scan(self, start: int, end: int) -> bool:
        """Read entries ``start`` .. ``end - 1`` (those read before are skipped); whether the
        state changed."""
        start = max(start, self._next)
        if end <= start:
            return False
        self._next = end
        cols = self.rec.columns(start, end)
        method = self.method
        # only entries of the method (requests, their answers, timeouts) and answers no request
        # could take matter; C-level passes first, so a flood of anything else costs little
        methods, violations = cols.method, cols.violations
        picked = [k for k, m in enumerate(methods) if m == method] if method in methods else []
        if any(not UNMATCHED_RULES.isdisjoint(v) for v in set(violations)):
            picked = sorted(
                set(picked).union(k for k, v in enumerate(violations) if v and not UNMATCHED_RULES.isdisjoint(v))
            )
        changed = False
        for k in picked:
            changed |= self._take(start + k, cols.codes[k], cols.id[k], cols.violations[k])
        return changed

    def _take(self, seq: int, code: int, id: JsonValue, rules: tuple[str, ...]) -> bool:
        direction, kind, _state, schema = code_parts(code)
        s = self.state
        if direction is Direction.C2S and kind is Kind.REQUEST and self.rec.method_at(seq) == self.method:
            self.state = WaitState(self.method, request_seq=seq, request_id=id)  # a new request (the next page)
            return True
        if s.request_seq is None:
            return False
        if direction is Direction.EVENT:
            if "lifecycle.no-answer" in rules and self.rec.paired_at(seq) == s.request_seq:
                s.timeout_seq = seq
                return True
            return False
        if direction is not Direction.S2C or kind not in (Kind.RESULT, Kind.ERROR):
            return False
        if self.rec.paired_at(seq) == s.request_seq:
            flagged = tuple(rules) + ((SCHEMA_FAILED,) if schema is False else ())
            s.answer = FlaggedAnswer(seq, id, flagged)
            return True
        if s.waiting and not UNMATCHED_RULES.isdisjoint(rules) and self._may_answer(seq):
            s.unmatched.append(FlaggedAnswer(seq, id, tuple(r for r in rules if r in UNMATCHED_RULES) or tuple(rules)))
            s.unmatched_count += 1
            if len(s.unmatched) > KEEP_UNMATCHED:
                del s.unmatched[0]
            return True
        return False

    def _may_answer(self, seq: int) -> bool:
        """Whether an answer nobody could take may be this list's (see the module docstring)."""
        try:
            obj = json.loads(self.rec.raw_at(seq))
        except ValueError:
            return True
        result = obj.get("result") if isinstance(obj, dict) else None
        if not isinstance(result, dict):
            return True
        keys = [k for k in LIST_KEYS if k in result]
        return not keys or self.key in keys
