"""Client operations for front-ends: what a panel or the CLI asks of a live session, Qt-free.

Theory of operation. Front-ends never reach into the engine or the session's internals; they
call what is here:

* :class:`Negotiation` is a frozen snapshot of what the start sequence settled (era, version,
  both sides' capabilities, server info, instructions, the per-request log level), taken with
  :meth:`Session.negotiation`.
* :class:`ListPager` is one paginated list (``tools/list``, ``prompts/list``,
  ``resources/list``, ``resources/templates/list``, ``tasks/list``) with one behaviour for all:
  entries that are not objects (or fail the list's own test) are counted and left out; a
  ``nextCursor`` that is absent ends the list, one that is not a non-empty string ends it with a
  note; a cursor seen before in the same listing ends it with a note (a server that cycles would
  otherwise be paged forever); ``fetch(pages=N)`` stops after N pages with ``more`` still true;
  an error answer ends the fetch with a note and keeps what came before. ``reset()`` starts a
  new generation: a fetch of an older generation stops at its next page and changes nothing.
  Notes are data (:class:`ListNote`: a code and its detail) so every front-end words them in its
  own language.
* Tasks (2025-11-25). :func:`tool_task_support` says whether a tool may, must or must not run as
  a task (the server's ``tasks.requests.tools.call`` first, then the tool's
  ``execution.taskSupport``). :class:`TaskPoll` is the one polling loop: ``tasks/get`` at the
  ``pollInterval`` the server suggests (:func:`poll_seconds`: never faster than
  ``MIN_POLL_SECONDS``, ``DEFAULT_POLL_SECONDS`` when it suggests none) until the task reaches a
  status it stops at, is stopped, or ``tasks/get`` fails; what a front-end learns otherwise (a
  status notification) goes into the same loop. :func:`call_as_task` sends a task-augmented
  request, follows the task with a TaskPoll until it ends or asks for
  input, then fetches the outcome with ``tasks/result`` (which blocks on the server, and is
  where a task that needs input sends its requests). Cancelling the caller sends
  ``tasks/cancel`` (shielded, briefly) before the cancellation goes on. Every step reports the
  task as it is now through ``on_task``; a server that answers the call directly instead of
  creating a task is reported, not hidden. :func:`task_from_reply` reads a ``Task`` out of a
  ``tasks/get`` or ``tasks/cancel`` answer for panels that send those themselves.
* Excluded tools (2026-07-28). :func:`tool_exclusion` says why a listed tool must not be used
  (its ``x-mcp-header`` annotations break a rule of ``http_meta.HEADER_RULES``; applied on
  every transport of the modern era) and :func:`unmirrorable_params` which arguments of one call
  cannot be mirrored into their headers over Streamable HTTP; the tools controller
  (``controllers/tools.py``) turns both into a refusal the window and the probe word. Front-ends
  refuse such calls; hand-written messages are never refused.
* :class:`ListenHub` (2026-07-28): ONE ``subscriptions/listen`` stream per session, shared by
  every part of a front-end that needs list changes or resource updates. Each part states what
  it wants (``want(owner, filter)``); the stream carries the union. Wants stated in the same
  turn of the event loop (every panel at the start of a session) make one stream, not one
  each: the hub applies them after a checkpoint. A stream's filter is fixed,
  so when the union changes the old stream is cancelled (the session sends
  ``notifications/cancelled``) and the new one opened after it, in that order. Its state
  follows the wire: *opening* until ``notifications/subscriptions/acknowledged`` carries the
  request's id in ``_meta``, then *listening*; *ended* when the server answers (it ends the
  stream) or the session ends; *failed* on an error answer; *idle* when nobody wants anything.
  Notes are data (:class:`ListenNote`), worded by each front-end.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import anyio

from inspector.protocol.correlation import id_key
from inspector.protocol.http_meta import tool_header_params, unsafe_integer_params
from inspector.protocol.jsontypes import JsonObject, JsonValue
from inspector.protocol.lifecycle import State
from inspector.protocol.messages import Kind
from inspector.protocol.versions import META_SUBSCRIPTION_ID
from inspector.transport.base import TransportKind

from .outcomes import Reply
from .recording import Direction, Recording

if TYPE_CHECKING:
    from .session import Session

#: Codes of :class:`ListNote`.
NOTE_NO_ARRAY = "no-array"  # a page had no array under the list's key (detail: the key)
NOTE_BAD_CURSOR = "bad-cursor"  # nextCursor was not a non-empty string (detail: the value)
NOTE_REPEATED_CURSOR = "repeated-cursor"  # nextCursor came before in this listing (detail: it)
NOTE_DROPPED = "dropped"  # entries left out: not objects or not usable (detail: how many)
NOTE_ERROR = "error"  # the server answered with an error (detail: the error object)


def same_id(a: JsonValue, b: JsonValue) -> bool:
    """Whether two JSON-RPC ids are the same id (1 and 1.0 are not; any JSON type compares)."""
    return id_key(a) == id_key(b)


@dataclass(frozen=True, slots=True)
class ListNote:
    code: str
    detail: JsonValue = None


@dataclass(frozen=True, slots=True)
class Negotiation:
    """What the start sequence settled, as front-ends see it (copies, safe to keep)."""

    era: str | None  # "legacy" / "modern" / None before it is known
    version: str | None
    state: str  # lifecycle state value
    server_capabilities: JsonObject = field(default_factory=dict)
    server_info: JsonObject = field(default_factory=dict)
    instructions: str | None = None
    client_capabilities: JsonObject = field(default_factory=dict)  # what this client declares
    log_level: str | None = None  # modern: the level requests carry in _meta
    transport: TransportKind = TransportKind.STDIO  # the transport the session runs on (HTTP auto: the one it found)


class ListPager:
    """One paginated list and where to continue it (see the module docstring)."""

    def __init__(self, method: str, key: str, *, accept: Callable[[JsonObject], bool] | None = None) -> None:
        self.method = method
        self.key = key
        self.accept = accept
        self.items: list[JsonObject] = []
        self.cursor: str | None = None  # where the next page starts; None: no more pages
        self.pages = 0
        self.generation = 0
        self.loading = False
        self.loaded = False  # at least one page arrived since the last reset
        self.notes: list[ListNote] = []
        self._seen: set[str] = set()

    @property
    def more(self) -> bool:
        return self.cursor is not None

    def reset(self) -> int:
        """Forget everything; a fetch still running for the old generation changes nothing."""
        self.items = []
        self.cursor = None
        self.pages = 0
        self.loaded = False
        self.notes = []
        self._seen = set()
        self.loading = False
        self.generation += 1
        return self.generation

    async def fetch(
        self,
        session: Session,
        pages: int = 1,
        *,
        timeout: float | None = None,
        on_page: Callable[[list[JsonObject]], None] | None = None,
    ) -> bool:
        """Fetch up to ``pages`` pages from ``cursor`` (the first page after a reset).

        ``on_page(entries)`` is called with each page's accepted entries as it arrives. Returns
        False when a newer reset made this fetch stale (nothing more was applied). Raises what
        ``session.request`` raises (timeouts, a lost connection); what came before is kept.
        """
        gen = self.generation
        self.loading = True
        try:
            for _ in range(max(1, pages)):
                cursor = self.cursor
                if self.loaded and cursor is None:
                    break  # the list is complete
                params: JsonObject = {"cursor": cursor} if cursor is not None else {}
                reply = await session.request(self.method, params, timeout=timeout)
                if gen != self.generation:
                    return False
                if not reply.ok:
                    self.take_error(reply.error)
                    break
                self.take_page(reply.result, on_page)
                if self.cursor is None:
                    break
            return True
        finally:
            if gen == self.generation:
                self.loading = False

    def copy(self) -> ListPager:
        """The same list, pages, cursor and notes in a pager of its own (a replay hands one to a
        panel)."""
        other = ListPager(self.method, self.key, accept=self.accept)
        other.items, other.cursor, other.pages, other.loaded = list(self.items), self.cursor, self.pages, self.loaded
        other.notes, other._seen = list(self.notes), set(self._seen)
        return other

    def take_error(self, error: JsonValue) -> None:
        """A page was refused (an error answer): noted; what came before is kept."""
        self.notes.append(ListNote(NOTE_ERROR, error))

    def take_page(self, result: JsonValue, on_page: Callable[[list[JsonObject]], None] | None = None) -> None:
        """One page's answer (``fetch`` receives it, or a recording holds it): its accepted
        entries are appended and the cursor moves on."""
        if not isinstance(result, dict):
            result = {}
        entries = result.get(self.key)
        if not isinstance(entries, list):
            self.notes.append(ListNote(NOTE_NO_ARRAY, self.key))
            entries = []
        accept = self.accept
        good = [e for e in entries if isinstance(e, dict) and (accept is None or accept(e))]
        if len(good) < len(entries):
            self.notes.append(ListNote(NOTE_DROPPED, len(entries) - len(good)))
        self.items.extend(good)
        self.pages += 1
        self.loaded = True
        nxt = result.get("nextCursor")
        if nxt is None:
            self.cursor = None
        elif not isinstance(nxt, str) or not nxt:
            self.notes.append(ListNote(NOTE_BAD_CURSOR, nxt))
            self.cursor = None
        elif nxt in self._seen:
            self.notes.append(ListNote(NOTE_REPEATED_CURSOR, nxt))
            self.cursor = None
        else:
            self._seen.add(nxt)
            self.cursor = nxt
        if on_page is not None:
            on_page(good)


@dataclass(frozen=True, slots=True)
class FailureReport:
    """Why a session went wrong, for a front-end's banner: the outcome (or the failure edge the
    lifecycle took), the entry where it happened, the rules flagged there, how the server
    ended and its last stderr lines."""

    #: the outcome or the failure edge's label; None: the server ended by itself
    headline: str | None
    seq: int | None = None
    rules: tuple[str, ...] = ()
    exit_code: int | None = None
    signal: int | None = None  # the signal that ended the server
    stderr: tuple[str, ...] = ()
    #: the engine's outcome code (protocol.engine.OUTCOMES), when the headline is one
    code: str | None = None
    args: JsonObject = field(default_factory=dict)  # its values

    @property
    def exited(self) -> bool:
        return self.exit_code is not None or self.signal is not None


def failed_before_start(rec: Recording) -> bool:
    """A live session's recording that never reached operation (legacy ``operating``, modern
    ``ready``): it failed in its start, so the server's settings are what to look at."""
    started = (State.OPERATING, State.READY)
    return not rec.read_only and not any(rec.state_at(i) in started for i in range(len(rec)))


#: How many of the server's last stderr lines a report carries.
STDERR_TAIL = 5


def failure_report(rec: Recording, summary: JsonObject | None) -> FailureReport | None:
    """A report when the recording shows a failure (a failure edge, an outcome, or a server
    that ended on its own with an error); None for a session that went as planned."""
    summary = summary or {}
    failure_seq = None
    headline = summary.get("outcome") if isinstance(summary.get("outcome"), str) else None
    for seq in reversed(rec.transition_rows):
        tr = rec[seq].extra.get("transition") or {}
        if tr.get("failure"):
            failure_seq = seq
            headline = headline or tr.get("label")
            break
    code, sig = summary.get("exit_code"), summary.get("signal")
    code = code if isinstance(code, int) and not isinstance(code, bool) else None
    sig = sig if isinstance(sig, int) and not isinstance(sig, bool) else None
    ended_badly = code not in (None, 0) and summary.get("shutdown") in (None, "none")
    if headline is None and not ended_badly:
        return None
    rules: list[str] = []
    if failure_seq is not None:
        for seq in range(failure_seq, max(-1, failure_seq - 10), -1):
            found = [r for r in rec.violations_at(seq) if r not in rules]
            if found:
                rules += found
                break
    stderr: list[str] = []
    for seq in range(len(rec) - 1, -1, -1):
        # HTTP: the transport's notes, as before format 3
        if rec.direction_at(seq) in (Direction.STDERR, Direction.NOTE):
            stderr.append(rec[seq].text.rstrip("\r\n"))
            if len(stderr) == STDERR_TAIL:
                break
    outcome_code = summary.get("outcome_code") if headline == summary.get("outcome") else None
    given = summary.get("outcome_args")
    args: JsonObject = given if isinstance(given, dict) else {}
    return FailureReport(
        headline,
        failure_seq,
        tuple(rules),
        code if sig is None else None,
        sig,
        tuple(reversed(stderr)),
        outcome_code if isinstance(outcome_code, str) else None,
        dict(args),
    )


# ====================================================================== tasks (2025-11-25)

#: Every task status of the 2025-11-25 schema (``TaskStatus``), in the order a task goes
#: through them.
TASK_STATUSES = ("working", "input_required", "completed", "failed", "cancelled")
#: Task statuses after which nothing changes any more.
TERMINAL_STATUSES = frozenset({"completed", "failed", "cancelled"})
#: Where :func:`call_as_task` stops polling: a terminal status, or ``input_required``, where the
#: spec has the requestor call ``tasks/result`` to receive the server's requests.
UNTIL_RESULT = TERMINAL_STATUSES | {"input_required"}
#: The shortest poll interval followed, whatever the server suggests (a server that says 0
#: would otherwise be asked as fast as the pipe allows).
MIN_POLL_SECONDS = 0.25
#: The poll interval when the server suggests none.
DEFAULT_POLL_SECONDS = 1.0
#: How long a ``tasks/cancel`` sent on the way out of a cancelled call may take.
CANCEL_GRACE = 5.0


@dataclass(frozen=True, slots=True)
class TaskSupport:
    """Whether a tool may run as a task.

    ``mode`` is the tool's ``execution.taskSupport`` as the spec reads it ("forbidden" when
    absent or not one of the three values); ``declared`` whether the server declared
    ``tasks.requests.tools.call`` in a version that has tasks."""

    mode: str
    declared: bool

    @property
    def allowed(self) -> bool:
        """The client may send the call as a task."""
        return self.declared and self.mode in ("optional", "required")

    @property
    def required(self) -> bool:
        """The client must send it as a task (a plain call is refused with -32601)."""
        return self.declared and self.mode == "required"

    @property
    def unusable(self) -> bool:
        """The tool says "required" but the server did not declare task-augmented calls:
        the spec forbids both ways of calling it."""
        return not self.declared and self.mode == "required"


def tool_task_support(negotiation: Negotiation, tool: JsonObject) -> TaskSupport:
    """How ``tool`` may run as a task on this session (see :class:`TaskSupport`)."""
    execution = tool.get("execution")
    value = execution.get("taskSupport") if isinstance(execution, dict) else None
    mode = value if value in ("forbidden", "optional", "required") else "forbidden"
    caps = negotiation.server_capabilities.get("tasks")
    requests = caps.get("requests") if isinstance(caps, dict) else None
    tools = requests.get("tools") if isinstance(requests, dict) else None
    declared = negotiation.version == "2025-11-25" and isinstance(tools, dict) and isinstance(tools.get("call"), dict)
    return TaskSupport(mode, declared)


def cancels_by_closing_stream(negotiation: Negotiation) -> bool:
    """Whether this session cancels a request by closing its answer stream (2026-07-28 over
    Streamable HTTP) rather than by sending notifications/cancelled."""
    return negotiation.era == "modern" and negotiation.transport == TransportKind.STREAMABLE_HTTP


def tool_exclusion(negotiation: Negotiation, tool: JsonObject) -> str | None:
    """Why ``tool`` is excluded on this session, or None: in the 2026-07-28 era a tool whose
    ``x-mcp-header`` annotations break any of the rules (``http_meta.HEADER_RULES``) MUST be
    rejected by a Streamable HTTP client; other transports MAY ignore the annotations, and the
    inspector applies the rules there too, so a tool is judged the same on every transport (a
    server tried over stdio learns what its HTTP clients will do). The legacy era has no such
    annotations."""
    if negotiation.era != "modern":
        return None
    _params, problem = tool_header_params(tool.get("inputSchema"))
    return problem


def unmirrorable_params(negotiation: Negotiation, tool: JsonObject, arguments: JsonValue) -> list[str]:
    """Over Streamable HTTP in the 2026-07-28 era: the ``Mcp-Param-*`` headers of this call
    whose integer value lies outside the range the spec allows in one."""
    if negotiation.era != "modern" or negotiation.transport != TransportKind.STREAMABLE_HTTP:
        return []
    params, _problem = tool_header_params(tool.get("inputSchema"))
    return unsafe_integer_params(params, arguments)


def task_from_reply(reply: Reply, task_id: str) -> JsonObject | None:
    """The Task in a ``tasks/get`` / ``tasks/cancel`` answer (``_meta`` left out), or None."""
    if not reply.ok or not isinstance(reply.result, dict):
        return None
    return {k: v for k, v in reply.result.items() if k != "_meta"} | {"taskId": task_id}


#: Codes of :attr:`TaskRun.problem`.
TASK_NOT_CREATED = "not-created"  # the call was answered directly: no CreateTaskResult
TASK_GET_FAILED = "get-failed"  # tasks/get answered with an error; tasks/result was asked anyway


@dataclass
class TaskRun:
    """What :func:`call_as_task` saw: the answer to the call, the task as last known, the
    answer of ``tasks/result``, how often it polled, and the whole time taken."""

    created: Reply | None = None  # the answer to the task-augmented request
    task: JsonObject = field(default_factory=dict)
    result: Reply | None = None  # the answer to tasks/result (or the direct one when no task was created)
    polls: int = 0
    elapsed: float | None = None
    cancel_sent: bool = False
    cancel_reply: Reply | Exception | None = None  # the answer to tasks/cancel, or why none came
    problem: str | None = None
    problem_detail: JsonValue = None

    @property
    def task_id(self) -> str | None:
        value = self.task.get("taskId")
        return value if isinstance(value, str) else None

    @property
    def status(self) -> str | None:
        value = self.task.get("status")
        return value if isinstance(value, str) else None


def poll_seconds(task: JsonObject) -> float:
    """How long to wait before the next ``tasks/get`` of ``task``: its ``pollInterval``
    (milliseconds) with :data:`MIN_POLL_SECONDS` as the floor, :data:`DEFAULT_POLL_SECONDS`
    when it suggests none (or something that is not a number of milliseconds)."""
    value = task.get("pollInterval")
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value >= 0:
        return max(MIN_POLL_SECONDS, value / 1000.0)
    return DEFAULT_POLL_SECONDS


class TaskPoll:
    """One task followed with ``tasks/get``: the inspector's one polling loop (``call_as_task``
    and the Tasks panel's "Poll while running" both run it).

    :meth:`run` waits :func:`poll_seconds` of the task as last known, sends ``tasks/get``, takes
    the answer, and again, until the task's status is in ``until`` (by default a terminal one),
    :meth:`stop` is called, or ``tasks/get`` answers with an error (``problem`` is then
    :data:`TASK_GET_FAILED`, ``problem_detail`` the error object). What else the front-end
    learns about the task meanwhile (a ``notifications/tasks/status``, a ``tasks/cancel``
    answer) goes in through :meth:`seen`: a wait in progress looks at it at once, so a task
    that ended is not asked about again and a new ``pollInterval`` counts from the last poll.
    Each ``tasks/get`` answer is reported through ``on_task`` with the whole task as now known."""

    def __init__(
        self,
        session: Session,
        task: JsonObject,
        *,
        until: frozenset[str] = TERMINAL_STATUSES,
        on_task: Callable[[JsonObject], None] | None = None,
    ) -> None:
        self.session = session
        self.task = dict(task)
        self.until = until
        self.on_task = on_task
        self.polls = 0
        self.problem: str | None = None
        self.problem_detail: JsonValue = None
        self.running = False
        self.stopped = False
        self._wake: anyio.Event | None = None

    @property
    def task_id(self) -> str:
        value = self.task.get("taskId")
        return value if isinstance(value, str) else ""

    @property
    def status(self) -> str | None:
        value = self.task.get("status")
        return value if isinstance(value, str) else None

    @property
    def done(self) -> bool:
        """Nothing more to poll: stopped, or the task reached a status of ``until``."""
        return self.stopped or self.status in self.until

    def seen(self, task: JsonObject) -> None:
        """Merge what the front-end learned about the task otherwise (a status notification,
        a ``tasks/cancel`` answer); a wait in progress looks again. Not reported back through
        ``on_task``: the front-end has it already."""
        self.task = {**self.task, **task}
        self._poke()

    def stop(self) -> None:
        """End the loop before its next ``tasks/get`` (one in flight is still taken)."""
        self.stopped = True
        self._poke()

    def _poke(self) -> None:
        if self._wake is not None:
            self._wake.set()

    async def run(self) -> TaskPoll:
        """Poll until done (see the class docstring). Raises what ``session.request`` raises."""
        self.running = True
        try:
            while not self.done:
                since = anyio.current_time()
                while not self.done:
                    left = since + poll_seconds(self.task) - anyio.current_time()
                    if left <= 0:
                        break
                    self._wake = anyio.Event()
                    with anyio.move_on_after(left):
                        await self._wake.wait()
                    self._wake = None
                if self.done:
                    break
                reply = await self.session.request("tasks/get", {"taskId": self.task_id})
                self.polls += 1
                got = task_from_reply(reply, self.task_id)
                if got is None:
                    self.problem, self.problem_detail = TASK_GET_FAILED, reply.error
                    break
                self.task = {**self.task, **got}
                if self.on_task is not None:
                    self.on_task(dict(self.task))
        finally:
            self.running = False
            self._wake = None
        return self


async def call_as_task(
    session: Session,
    method: str,
    params: JsonObject,
    *,
    ttl: int | None = None,
    on_task: Callable[[JsonObject], None] | None = None,
    on_progress: Callable[[JsonObject], None] | None = None,
    run: TaskRun | None = None,
) -> TaskRun:
    """Send ``method`` as a task-augmented request and follow the task to its outcome (see the
    module docstring). ``run`` may be passed in to watch it while it runs. Raises what
    ``session.request`` raises; errors answered by the server are data in the run."""
    run = run if run is not None else TaskRun()
    started = session.clock()
    task_meta: JsonObject = {} if ttl is None else {"ttl": ttl}

    def seen(task: JsonObject) -> None:
        run.task = {**run.task, **task}
        if on_task is not None:
            on_task(dict(run.task))

    try:
        created = await session.request(method, {**params, "task": task_meta}, on_progress=on_progress)
        run.created = created
        task = created.result.get("task") if created.ok and isinstance(created.result, dict) else None
        if not created.ok:
            return run
        if not isinstance(task, dict) or not isinstance(task.get("taskId"), str):
            run.problem, run.result = TASK_NOT_CREATED, created
            return run
        seen({k: v for k, v in task.items() if k != "_meta"})
        task_id = run.task_id
        assert task_id is not None
        poll = TaskPoll(session, run.task, until=UNTIL_RESULT, on_task=seen)
        try:
            await poll.run()
        finally:
            run.polls = poll.polls
        run.problem, run.problem_detail = poll.problem, poll.problem_detail
        # blocks until the task ends; a task that needs input sends its requests meanwhile
        limit = session.options.max_request_timeout
        run.result = await session.request("tasks/result", {"taskId": task_id}, timeout=limit, max_timeout=limit)
        if run.status not in TERMINAL_STATUSES:
            got = task_from_reply(await session.request("tasks/get", {"taskId": task_id}), task_id)
            run.polls += 1
            if got is not None:
                seen(got)
        return run
    except anyio.get_cancelled_exc_class():
        task_id = run.task_id
        if task_id is not None and run.status not in TERMINAL_STATUSES:
            with anyio.CancelScope(shield=True), anyio.move_on_after(CANCEL_GRACE):
                run.cancel_sent = True
                try:
                    run.cancel_reply = await session.request("tasks/cancel", {"taskId": task_id}, timeout=CANCEL_GRACE)
                except Exception as exc:  # noqa: BLE001 - a lost link or timeout must not replace the cancellation
                    run.cancel_reply = exc
                else:
                    got = task_from_reply(run.cancel_reply, task_id)
                    if got is not None:
                        seen(got)
        raise
    finally:
        run.elapsed = session.clock() - started


# ====================================================================== subscriptions/listen (2026-07-28)

#: Codes of :class:`ListenNote`.
LISTEN_REFUSED = "refused"  # the acknowledgement left these filter keys out (detail: the keys)
LISTEN_STOPPED = "stopped"  # cancelled by the client (detail: the request id, None if never sent)
#: cancelled by the client by closing the answer stream (2026-07-28 HTTP; detail: the request id)
LISTEN_CLOSED = "closed"
LISTEN_ENDED = "ended"  # the server answered: it ended the stream
LISTEN_FAILED = "failed"  # an error answer (detail: the error object)
LISTEN_LOST = "lost"  # the session ended or failed (detail: why)

_BOOLEAN_KEYS = ("toolsListChanged", "promptsListChanged", "resourcesListChanged")


@dataclass(frozen=True, slots=True)
class ListenNote:
    code: str
    detail: JsonValue = None


class ListenHub:
    """The session's one shared listen stream (see the module docstring)."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.wants: dict[str, JsonObject] = {}
        self.state = "idle"
        self.filter: JsonObject = {}  # what the open stream asked for
        self.honored: JsonObject | None = None  # what the server agreed to
        self.note: ListenNote | None = None
        self.request_id: JsonValue = None
        self.notifications = 0  # notifications that carried this stream's id
        self.listeners: list[Callable[[], None]] = []
        self._scope: anyio.CancelScope | None = None
        self._done: anyio.Event | None = None
        self._start_seq = -1
        self._pending = False

    @property
    def active(self) -> bool:
        return self.state in ("opening", "listening")

    def wanted(self, key: str) -> bool:
        """Whether the open stream asked for ``key`` (a boolean filter key)."""
        return self.active and self.filter.get(key) is True

    def union(self) -> JsonObject:
        """What every owner wants together: the filter of the one stream."""
        out: JsonObject = {}
        uris: list[str] = []
        for want in self.wants.values():
            for key in _BOOLEAN_KEYS:
                if want.get(key) is True:
                    out[key] = True
            for uri in want.get("resourceSubscriptions") or ():
                if uri not in uris:
                    uris.append(uri)
        if uris:
            out["resourceSubscriptions"] = uris
        return out

    def want(self, owner: str, notifications: JsonObject | None) -> bool:
        """What ``owner`` needs from the stream (None or {}: nothing any more). The stream is
        reopened when the union changes; returns whether it was."""
        if notifications:
            self.wants[owner] = dict(notifications)
        else:
            self.wants.pop(owner, None)
        union = self.union()
        if union == self.filter and (self.active or not union):
            return False
        if not self._pending:
            self._pending = True
            if not self.session.start_soon(self._apply):
                self._pending = False
                self._reopen(union)  # the session is closed: say so now
        return True

    async def _apply(self) -> None:
        await anyio.sleep(0)  # every want of this turn of the loop first
        self._pending = False
        union = self.union()
        if union != self.filter or not (self.active or not union):
            self._reopen(union)

    def _notify(self) -> None:
        for cb in list(self.listeners):
            try:
                cb()
            except Exception:  # noqa: BLE001 - a front-end part that went away: forget it
                self.listeners.remove(cb)

    def _reopen(self, union: JsonObject) -> None:
        previous = self._done
        was_active = self.active
        old_id = self._find_request_id() if was_active else None
        if self._scope is not None:
            self._scope.cancel()
        self._scope = None
        self.filter = dict(union)
        self.honored = None
        self.request_id = None
        self.notifications = 0
        if not union:
            if was_active:
                self.state, self.note = "idle", self._stopped(old_id)
            self._notify()
            return
        scope = anyio.CancelScope()
        done = anyio.Event()
        if not self.session.start_soon(self._run, scope, done, previous, dict(union)):
            self.state = "ended"
            self.note = ListenNote(LISTEN_LOST, "the session is closed")
            self._notify()
            return
        self._scope, self._done = scope, done
        self.state = "opening"
        self.note = None
        self._notify()

    async def _run(
        self, scope: anyio.CancelScope, done: anyio.Event, previous: anyio.Event | None, union: JsonObject
    ) -> None:
        session = self.session
        reply = None
        lost: str | None = None
        try:
            if previous is not None:
                with anyio.move_on_after(5):
                    await previous.wait()  # the old stream's notifications/cancelled goes first
            with scope:
                self._start_seq = len(session.recording)
                reply = await session.request(
                    "subscriptions/listen", {"notifications": union}, timeout=float("inf"), max_timeout=float("inf")
                )
        except anyio.get_cancelled_exc_class():
            if scope is self._scope:  # the session itself is closing
                self._scope = None
                self.state, self.note = "ended", ListenNote(LISTEN_LOST, "the session closed")
                self._notify()
            raise
        except Exception as exc:  # noqa: BLE001 - SessionError: the link is gone; the state says so
            lost = str(exc)
        finally:
            done.set()
        if scope is not self._scope:
            return  # replaced by a newer stream (or closed): that one reports
        self._scope = None
        if lost is not None:
            self.state, self.note = "ended", ListenNote(LISTEN_LOST, lost)
        elif reply is None:
            self.state, self.note = "idle", self._stopped(self._find_request_id())
        elif reply.ok:
            self.state, self.note = "ended", ListenNote(LISTEN_ENDED)
        else:
            self.state, self.note = "failed", ListenNote(LISTEN_FAILED, reply.error)
        self._notify()

    def _stopped(self, request_id: JsonValue) -> ListenNote:
        """How the client stopped the stream: by notifications/cancelled, or by closing it."""
        closed = request_id is not None and cancels_by_closing_stream(self.session.negotiation())
        return ListenNote(LISTEN_CLOSED if closed else LISTEN_STOPPED, request_id)

    def _find_request_id(self) -> JsonValue:
        """The id of this stream's listen request, found in the recording once it was sent."""
        if self.request_id is None and self._start_seq >= 0 and self.active:
            rec = self.session.recording
            for i in range(self._start_seq, len(rec)):
                if (
                    rec.direction_at(i) is Direction.C2S
                    and rec.kind_at(i) is Kind.REQUEST
                    and rec.method_at(i) == "subscriptions/listen"
                ):
                    obj = rec[i].json()
                    params = obj.get("params") if isinstance(obj, dict) else None
                    if isinstance(params, dict) and params.get("notifications") == self.filter:
                        self.request_id = rec.id_at(i)
                        break
        return self.request_id

    def owns(self, subscription_id: JsonValue) -> bool:
        """Whether a notification's subscription id is this stream's."""
        rid = self._find_request_id()
        return rid is not None and subscription_id is not None and same_id(rid, subscription_id)

    def on_notification(self, seq: int, obj: JsonValue) -> None:
        """A server notification while the stream is active (the session calls it then only)."""
        params = obj.get("params") if isinstance(obj, dict) else None
        meta = params.get("_meta") if isinstance(params, dict) else None
        sub = meta.get(META_SUBSCRIPTION_ID) if isinstance(meta, dict) else None
        if sub is None or not self.active or not self.owns(sub) or not isinstance(params, dict):
            return
        if obj.get("method") != "notifications/subscriptions/acknowledged":
            self.notifications += 1
            return
        honored = params.get("notifications")
        self.honored = honored if isinstance(honored, dict) else {}
        self.state = "listening"
        refused = []
        for key, value in self.filter.items():
            agreed = self.honored.get(key)
            if (
                agreed is None
                or agreed is False
                or (isinstance(value, list) and set(value) - set(agreed if isinstance(agreed, list) else ()))
            ):
                refused.append(key)
        self.note = ListenNote(LISTEN_REFUSED, tuple(refused)) if refused else None
        self._notify()
