"""What the feature panels showed, rebuilt from a recording as of one of its entries, sans-IO.

Theory of operation
-------------------
A replayed recording has no session, yet the Tools, Resources, Prompts, Logs and Tasks panels
should follow the playback position. :class:`Rebuild` answers "what did the client know at
entry ``row``?" from the recorded messages alone:

* the negotiation: era, version and server capabilities once the start sequence finished (the
  lifecycle reached *operating* or *ready*), read by the
  :class:`~.views.NegotiationTracker` from the last start exchange before the row;
* lists (``tools/list``, ``resources/list``, ``resources/templates/list``, ``prompts/list``):
  the last listing answered by the row, its pages merged by a
  :class:`~.operations.ListPager` exactly as a live fetch merges them (a first page, one
  without a cursor, starts a listing that replaces the one before);
* the last ``tools/call``, ``resources/read`` and ``prompts/get`` sent by the row, with its
  arguments and, when it came by the row, its answer as a :class:`~.session.Reply` (the
  recording pairs each answer with its request);
* how many log messages (``notifications/message``) came by the row;
* tasks (2025-11-25): every task as last described by the row (``tasks/list``, ``tasks/get``,
  ``tasks/cancel`` answers, a task-augmented call's CreateTaskResult,
  ``notifications/tasks/status``) and the ``tasks/result`` answers.

It is built for scrubbing a big recording: the entries that matter are indexed once, in
ascending arrays per method (a cheap pass over the ``method_at`` column, taken only as far as
a row asked for), and each question is a bisect plus decoding the few entries it needs. Lists
are cached per last answer; tasks are folded forward from the nearest snapshot, so moving on
decodes only the new task entries and moving back restarts from a snapshot, not the start.

What the server sent is data: a message that is not what the spec says is skipped or shown as
it is, never an exception.
"""

from __future__ import annotations

import bisect
from array import array
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeAlias, TypeVar

from inspector.protocol.jsontypes import JsonObject, JsonValue
from inspector.protocol.lifecycle import State
from inspector.protocol.messages import Kind

from .operations import ListPager, task_from_reply
from .recording import Direction, Recording
from .session import Reply
from .views import LOG_METHOD, ROW_CODE, START_METHODS, NegotiationTracker, settled_version

#: Lists rebuilt for the panels: method -> (the key of its array, the test an entry must pass).
LISTS: dict[str, tuple[str, Callable[[JsonObject], bool] | None]] = {
    "tools/list": ("tools", lambda tool: isinstance(tool.get("name"), str)),
    "resources/list": ("resources", None),
    "resources/templates/list": ("resourceTemplates", None),
    "prompts/list": ("prompts", None),
}
#: Requests whose last one (and its answer) a panel shows.
CALLS = ("tools/call", "resources/read", "prompts/get")
TASK_METHODS = ("tasks/list", "tasks/get", "tasks/cancel", "tasks/result")
TASK_STATUS = "notifications/tasks/status"
_ANSWERED = frozenset((*LISTS, *CALLS, *TASK_METHODS))
_WATCHED = frozenset((*_ANSWERED, *START_METHODS, LOG_METHOD, TASK_STATUS))
_STARTED = {State.OPERATING.value: "legacy", State.READY.value: "modern"}

#: Entries indexed at least per pass (so small steps forward do not index one entry at a time).
INDEX_CHUNK = 4096
#: The most pages a listing is followed back through to find its first page.
MAX_PAGES_BACK = 10_000
#: Task entries folded between snapshots of the task table.
TASK_SNAPSHOT = 512
_LIST_CACHE = 64
#: (era, version, server capabilities, server info) once the start sequence finished
_Negotiated: TypeAlias = tuple[str | None, str | None, JsonObject | None, JsonObject]
K = TypeVar("K")
V = TypeVar("V")


@dataclass(frozen=True)
class RecordedCall:
    """The last request of a kind sent by the row, and its answer if it came by then."""

    seq: int  # the request's entry
    id: JsonValue
    params: JsonObject  # its params ({} when they were not an object)
    reply: Reply | None  # None: not answered by the row
    count: int  # requests of this method sent by the row (this one is the last)

    @property
    def marker(self) -> tuple[int, bool]:
        """What tells two states of calls apart on screen: the request, and whether it was answered."""
        return (self.seq, self.reply is not None)


@dataclass(frozen=True)
class RecordedState:
    """What the panels show as of entry ``row`` (shared objects: read them, do not change them)."""

    row: int
    recording: Recording | None = field(default=None, compare=False, repr=False)
    era: str | None = None  # None: the start sequence had not finished by the row
    version: str | None = None
    server_capabilities: JsonObject | None = None
    server_info: JsonObject = field(default_factory=dict)
    lists: dict[str, ListPager] = field(default_factory=dict)  # method -> its last listing (absent: never listed)
    calls: dict[str, RecordedCall] = field(default_factory=dict)  # method -> its last request (absent: never sent)
    logs: int = 0  # log messages recorded by the row
    tasks: dict[str, JsonObject] = field(default_factory=dict)  # taskId -> the task as last described
    task_results: dict[str, JsonObject] = field(default_factory=dict)  # taskId -> {"result": ...} or {"error": ...}

    @property
    def negotiated(self) -> bool:
        return self.server_capabilities is not None

    def listing(self, method: str) -> ListPager | None:
        return self.lists.get(method)

    def call(self, method: str) -> RecordedCall | None:
        return self.calls.get(method)


def reply_at(rec: Recording, seq: int) -> Reply | None:
    """Entry ``seq`` (an answer) as the session would have returned it, or None."""
    obj = rec[seq].json()
    if not isinstance(obj, dict):
        return None
    kind = rec.kind_at(seq)
    result = obj.get("result") if kind is Kind.RESULT else None
    error = obj.get("error") if kind is Kind.ERROR else None
    if kind is Kind.RESULT and not isinstance(result, dict):
        result = {"_": result}
    if kind is Kind.ERROR and not isinstance(error, dict):
        error = {"code": None, "message": str(error)}
    latency = rec.latency_at(seq)
    return Reply(rec.id_at(seq), seq, result, error, latency if latency is not None else 0.0)


def _params(rec: Recording, seq: int | None) -> JsonObject:
    obj = rec[seq].json() if seq is not None else None
    params = obj.get("params") if isinstance(obj, dict) else None
    return params if isinstance(params, dict) else {}


class Rebuild:
    """The panels' state of one recording at any entry (see the module docstring)."""

    def __init__(self, rec: Recording) -> None:
        self.rec = rec
        self.indexed = 0  # entries indexed so far
        self.requests: dict[str, array[int]] = {m: array(ROW_CODE) for m in _ANSWERED}  # the client's requests
        self.answers: dict[str, array[int]] = {m: array(ROW_CODE) for m in _ANSWERED}  # the server's answers to them
        self.answer_of: dict[int, int] = {}  # request entry -> its answer's entry
        self.start_rows = array(ROW_CODE)  # requests and answers of the start exchange
        self.log_rows = array(ROW_CODE)  # notifications/message from the server
        self.task_rows = array(ROW_CODE)  # entries that describe a task
        self._lists: dict[tuple[str, int], ListPager] = {}  # (method, its last answer) -> the listing
        self._calls: dict[tuple[int, bool], RecordedCall] = {}  # (request, answered) -> the call
        self._negotiation: tuple[int, int, _Negotiated] | None = None  # (start rows taken, started transition, result)
        self._snapshots: list[tuple[int, dict[str, JsonObject], dict[str, JsonObject]]] = [
            (0, {}, {})
        ]  # (task rows folded, tasks, results)
        self._folded = 0
        self._tasks: dict[str, JsonObject] = {}
        self._results: dict[str, JsonObject] = {}

    # ---------------------------------------------------------------- the index

    def index_to(self, row: int) -> None:
        """Index the entries up to ``row`` (and a chunk beyond, when that is little more)."""
        rec = self.rec
        n = len(rec)
        if row < self.indexed or self.indexed >= n:
            return
        start = self.indexed
        end = min(n, max(row + 1, start + INDEX_CHUNK))
        method_at, direction_at, kind_at, paired_at = rec.method_at, rec.direction_at, rec.kind_at, rec.paired_at
        watched = _WATCHED
        c2s, s2c = Direction.C2S, Direction.S2C
        request, notification, answers = Kind.REQUEST, Kind.NOTIFICATION, (Kind.RESULT, Kind.ERROR)
        for i in [i for i in range(start, end) if method_at(i) in watched]:
            m = method_at(i)
            assert m is not None  # a watched method
            d, k = direction_at(i), kind_at(i)
            if m == LOG_METHOD or m == TASK_STATUS:
                if d is s2c and k is notification:
                    (self.log_rows if m == LOG_METHOD else self.task_rows).append(i)
            elif m in START_METHODS:
                if (d is c2s and k is request) or (d is s2c and k in answers):
                    self.start_rows.append(i)
            elif d is c2s and k is request:
                self.requests[m].append(i)
            elif d is s2c and k in answers:
                asked = paired_at(i)
                if asked is None:
                    continue
                self.answers[m].append(i)
                self.answer_of[asked] = i
                if m in TASK_METHODS or (m == "tools/call" and b'"taskId"' in rec.raw_at(i)):
                    self.task_rows.append(i)
        self.indexed = end

    # ---------------------------------------------------------------- the state at a row

    def at(self, row: int) -> RecordedState:
        """What the panels show as of entry ``row`` (clamped to the recording)."""
        n = len(self.rec)
        row = max(-1, min(int(row), n - 1))
        if row < 0:
            return RecordedState(row, self.rec)
        self.index_to(row)
        era, version, caps, info = self._negotiated(row)
        lists = {m: pl for m in LISTS if (pl := self._listing(m, row)) is not None}
        calls = {m: c for m in CALLS if (c := self._last_call(m, row)) is not None}
        tasks, results = self._tasks_at(row)
        return RecordedState(
            row,
            self.rec,
            era,
            version,
            caps,
            info,
            lists,
            calls,
            bisect.bisect_right(self.log_rows, row),
            tasks,
            results,
        )

    def _negotiated(self, row: int) -> _Negotiated:
        """(era, version, server capabilities, server info) once the start sequence finished."""
        rec = self.rec
        started, era = -1, None
        for seq in reversed(rec.transition_rows[: bisect.bisect_right(rec.transition_rows, row)]):
            era = _STARTED.get(rec.extra_at(seq)["transition"].get("to"))
            if era is not None:
                started = seq
                break
        k = bisect.bisect_right(self.start_rows, row)
        cached = self._negotiation
        if cached is not None and cached[:2] == (k, started):
            return cached[2]
        result: _Negotiated = (None, None, None, {})
        if era is not None:
            tracker = NegotiationTracker(rec)
            for seq in self.start_rows[:k]:
                tracker.take(seq)
            facts = tracker.facts() or {}
            server = facts.get("server")
            expected = "initialize" if era == "legacy" else "server/discover"
            if server is not None and facts.get("method") == expected:
                caps = server["capabilities"]
                result = (era, settled_version(facts), caps if isinstance(caps, dict) else {}, server["info"])
        self._negotiation = (k, started, result)
        return result

    def listing_rows(self, method: str, row: int) -> list[int]:
        """The answers (entries, ascending) of the last listing of ``method`` answered by entry
        ``row``: from its first page (asked without a cursor) to its last answer; [] if none."""
        self.index_to(row)
        answers = self.answers[method]
        k = bisect.bisect_right(answers, row)  # the answers by the row; the last one ends the listing shown
        if k == 0:
            return []
        rec = self.rec
        first = k - 1
        while (
            first > 0
            and k - first < MAX_PAGES_BACK
            and _params(rec, rec.paired_at(answers[first])).get("cursor") is not None
        ):
            first -= 1  # a later page: its listing started further back
        return list(answers[first:k])

    def _listing(self, method: str, row: int) -> ListPager | None:
        answers = self.answers[method]
        k = bisect.bisect_right(answers, row)
        if k == 0:
            return None
        key = (method, answers[k - 1])
        pager = self._lists.get(key)
        if pager is not None:
            return pager
        rec = self.rec
        list_key, accept = LISTS[method]
        pager = ListPager(method, list_key, accept=accept)
        for reply in filter(None, (reply_at(rec, seq) for seq in self.listing_rows(method, row))):
            if reply.ok:
                pager.take_page(reply.result)
            else:
                pager.take_error(reply.error)
        return _cached(self._lists, key, pager)

    def _last_call(self, method: str, row: int) -> RecordedCall | None:
        requests = self.requests[method]
        k = bisect.bisect_right(requests, row)  # the requests sent by the row
        if k == 0:
            return None
        rec = self.rec
        seq = requests[k - 1]
        answer = self.answer_of.get(seq)
        answered = answer is not None and answer <= row
        call = self._calls.get((seq, answered))
        if call is None:
            reply = reply_at(rec, answer) if answer is not None and answered else None
            call = _cached(self._calls, (seq, answered), RecordedCall(seq, rec.id_at(seq), _params(rec, seq), reply, k))
        return call

    # ---------------------------------------------------------------- tasks

    def _tasks_at(self, row: int) -> tuple[dict[str, JsonObject], dict[str, JsonObject]]:
        k = bisect.bisect_right(self.task_rows, row)
        if k < self._folded:  # back: from the last snapshot before
            pos, tasks, results = self._snapshots[bisect.bisect_right(self._snapshots, k, key=lambda s: s[0]) - 1]
            self._folded, self._tasks, self._results = pos, dict(tasks), dict(results)
        rows = self.task_rows
        while self._folded < k:
            self._fold(rows[self._folded])
            self._folded += 1
            if self._folded % TASK_SNAPSHOT == 0 and self._folded > self._snapshots[-1][0]:
                self._snapshots.append((self._folded, dict(self._tasks), dict(self._results)))
        return dict(self._tasks), dict(self._results)

    def _fold(self, seq: int) -> None:
        """Take what entry ``seq`` says about a task."""
        rec = self.rec
        method = rec.method_at(seq)
        if method == TASK_STATUS:
            self._merge(_params(rec, seq))
            return
        reply = reply_at(rec, seq)
        asked = rec.paired_at(seq)
        if reply is None or asked is None:
            return
        task_id = _params(rec, asked).get("taskId")
        if method == "tools/call":
            task = reply.result.get("task") if reply.ok and isinstance(reply.result, dict) else None
            if isinstance(task, dict):
                self._merge(task)
        elif method == "tasks/list":
            tasks = reply.result.get("tasks") if reply.ok and isinstance(reply.result, dict) else None
            for task in tasks if isinstance(tasks, list) else ():
                self._merge(task)
        elif not isinstance(task_id, str):
            return
        elif method == "tasks/result":
            self._results[task_id] = {"result": reply.result} if reply.ok else {"error": reply.error}
        else:  # tasks/get, tasks/cancel
            task = task_from_reply(reply, task_id)
            if task is not None:
                self._merge(task)

    def _merge(self, task: JsonValue) -> None:
        if isinstance(task, dict) and isinstance(task.get("taskId"), str):
            task_id = task["taskId"]
            self._tasks[task_id] = {**self._tasks.get(task_id, {}), **{k: v for k, v in task.items() if k != "_meta"}}


def _cached(cache: dict[K, V], key: K, value: V) -> V:
    """``value`` kept under ``key`` in a small cache (emptied when full); returns it."""
    if len(cache) >= _LIST_CACHE:
        cache.clear()
    cache[key] = value
    return value


__all__ = ["CALLS", "LISTS", "Rebuild", "RecordedCall", "RecordedState", "reply_at"]
