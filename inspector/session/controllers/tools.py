"""Tools, Qt-free: the list (a :class:`~.base.ListController` of ``tools/list``, up to
:data:`AUTO_PAGES` pages a load), what may keep a call from going out, and the call itself.

What a tool's definition says (its arguments, the schema dialect, an output schema, task
support) is :func:`tool_facts`, as data. Before a call: :meth:`ToolsController.exclusion`
(2026-07-28: the tool's ``x-mcp-header`` annotations break a rule, so a client must not use
it) and :meth:`ToolsController.refusal` (that, or an integer argument that cannot be mirrored
into its ``Mcp-Param-*`` header) say why not, as data (:class:`Refusal`);
:meth:`ToolsController.task_support` whether it may, must or must not run as a task
(2025-11-25).

A call (:meth:`ToolsController.call`) runs in its own ``CancelScope``: :meth:`cancel` cancels
it, and the session itself cancels on the wire (``notifications/cancelled``, or over
Streamable HTTP in 2026-07-28 by closing the answer stream: :attr:`ToolsController.closes_stream`).
Plain, it is ``tools/call`` with a progress callback; as a task, the session's one
:func:`~inspector.session.operations.call_as_task` (``tasks/get`` at the server's poll interval,
then ``tasks/result``; cancel sends ``tasks/cancel``). While it runs the controller reports
``PROGRESS`` (``last_progress``, ``progress_events``) and ``TASK`` (``task``, ``task_first``);
at the end ``CALLED`` with a :class:`CallOutcome`: what the answer was (``outcome``: a result, a
tool error, a protocol error, cancelled, failed), the reply shown, the task run, whether a
task-augmented call was answered without a task (``no_task``), the failure as data.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeGuard

import anyio

from inspector.protocol.jsontypes import JsonObject, JsonValue
from inspector.protocol.schema import required_names

from ..operations import (
    TASK_NOT_CREATED,
    TaskRun,
    TaskSupport,
    call_as_task,
    cancels_by_closing_stream,
    tool_exclusion,
    tool_task_support,
    unmirrorable_params,
)
from ..session import SessionError
from .base import FAIL_CANCELLED, FAIL_SESSION, Failure, ListController, Spawner

if TYPE_CHECKING:
    from ..rebuild import RecordedCall
    from ..session import Reply, Session

#: tools/list pages fetched per Refresh / Load more before asking the user
AUTO_PAGES = 5

# Events (besides the list's).
CALLING = "calling"  # a call started
PROGRESS = "progress"  # a progress notification of the call came (``last_progress``)
TASK = "task"  # the call's task as now known (``task``; ``task_first``: the first time)
CALLED = "called"  # the call ended (``called``)

# Codes of :class:`Refusal`.
REFUSE_EXCLUDED = "excluded"  # the tool's x-mcp-header annotations are invalid (detail: why)
REFUSE_UNMIRRORABLE = "unmirrorable"  # integers outside ±(2^53−1) for header params (detail: their names)

# What a call came to (:attr:`CallOutcome.outcome`).
RESULT = "result"
TOOL_ERROR = "tool-error"  # isError: true: the call worked, the tool failed
PROTOCOL_ERROR = "protocol-error"  # a JSON-RPC error: the request itself was refused
CANCELLED = "cancelled"
FAILED = "failed"  # no answer (a timeout, a lost link), or still asking for input after every round
INPUT_REQUIRED = "input-required"  # modern: the last answer still asks for input (a FAILED outcome)


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why a call must not go out (``code``: one of the ``REFUSE_*`` codes)."""

    code: str
    detail: str | tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ToolFacts:
    """What a tool's definition says about calling it, read once for every front-end: how many
    arguments its ``inputSchema`` declares and requires, the JSON Schema dialect it names (the
    draft's name for a draft URI, else the URI), whether it declares an ``outputSchema``, and
    its ``execution.taskSupport`` as sent (None: not a string)."""

    arguments: int = 0
    required: int = 0
    dialect: str | None = None
    output_schema: bool = False
    task_support: str | None = None


def tool_title(tool: JsonObject) -> str:
    """What a front-end calls ``tool``: its ``title``, else the title in its annotations, else its name."""
    title = tool.get("title")
    if not (isinstance(title, str) and title):
        ann = tool.get("annotations")
        title = ann.get("title") if isinstance(ann, dict) else None
    return title if isinstance(title, str) and title else str(tool.get("name", "?"))


def tool_matches(tool: JsonObject, needle: str) -> bool:
    """Whether ``needle`` (any case; an empty one matches every tool) is in the tool's name,
    title or description."""
    needle = needle.strip().lower()
    return not needle or needle in " ".join(str(tool.get(k, "")) for k in ("name", "title", "description")).lower()


def annotations_text(tool: JsonObject) -> str | None:
    """The tool's annotations as declared, ``key: value, ...`` (booleans as JSON writes them,
    the title left out: it is shown as the title); None when it sends no annotations object."""
    ann = tool.get("annotations")
    if not isinstance(ann, dict):
        return None
    return ", ".join(f"{k}: {str(v).lower() if isinstance(v, bool) else v}" for k, v in ann.items() if k != "title")


@dataclass(frozen=True, slots=True)
class ProgressParts:
    """A progress notification read for a progress bar: ``fraction`` of the way (0 to 1; None
    when the server sent no positive total), ``shown`` (``"3 / 10"``, ``"3"``; None without a
    number) and the server's ``message`` as sent (None: none)."""

    fraction: float | None = None
    shown: str | None = None
    message: str | None = None


def progress_parts(params: JsonObject) -> ProgressParts:
    progress, total, message = params.get("progress"), params.get("total"), params.get("message")
    message = message if isinstance(message, str) and message else None
    if not _is_number(progress):
        return ProgressParts(message=message)
    if _is_number(total) and total > 0:
        fraction = max(0.0, min(1.0, progress / total))
        return ProgressParts(fraction, f"{_number_text(progress)} / {_number_text(total)}", message)
    return ProgressParts(None, _number_text(progress), message)


def _is_number(value: JsonValue) -> TypeGuard[float]:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _number_text(value: float) -> str:
    """A number as a person reads it: 3.0 is "3"."""
    return str(int(value)) if isinstance(value, float) and value.is_integer() else str(value)


def tool_facts(tool: JsonObject) -> ToolFacts:
    schema = tool.get("inputSchema")
    schema = schema if isinstance(schema, dict) else {}
    props, dialect = schema.get("properties"), schema.get("$schema")
    if isinstance(dialect, str) and "draft" in dialect:
        dialect = dialect.rstrip("#").rsplit("/", 2)[-2]
    execution = tool.get("execution")
    support = execution.get("taskSupport") if isinstance(execution, dict) else None
    return ToolFacts(
        len(props) if isinstance(props, dict) else 0,
        len(required_names(schema)),
        dialect if isinstance(dialect, str) else None,
        isinstance(tool.get("outputSchema"), dict),
        support if isinstance(support, str) else None,
    )


def reply_outcome(reply: Reply) -> str:
    """What one ``tools/call`` answer is: RESULT, TOOL_ERROR, PROTOCOL_ERROR or INPUT_REQUIRED."""
    if not reply.ok:
        return PROTOCOL_ERROR
    result = reply.result or {}
    if result.get("resultType") == "input_required":
        return INPUT_REQUIRED
    return TOOL_ERROR if result.get("isError") is True else RESULT


@dataclass(frozen=True, slots=True)
class ReplyView:
    """How a result pane shows one ``tools/call`` answer: what it is (``outcome``: RESULT,
    TOOL_ERROR, PROTOCOL_ERROR, or FAILED for a server still asking for input), the banner over
    it (a :mod:`~inspector.session.call_words` key and the values its words name; None: none)
    and the content blocks under it (None: the content is left empty), ``structured`` checked
    against ``output_schema``."""

    outcome: str
    banner: str | None = None
    values: tuple[JsonValue, ...] = ()
    blocks: list[JsonValue] | None = None
    structured: JsonValue = None
    output_schema: JsonObject | None = None


def reply_view(tool: JsonObject, reply: Reply, outcome: str | None = None) -> ReplyView:
    """How to show ``reply`` to a call of ``tool`` (``outcome``: :func:`reply_outcome` when not
    given): a JSON-RPC error with its data, a server still asking for input, a tool error with
    its content, or a result with its structured content and the tool's output schema."""
    outcome = outcome or reply_outcome(reply)
    if outcome == PROTOCOL_ERROR:
        err = reply.error or {}
        message = err.get("message")
        blocks: list[JsonValue] | None = [{"type": "error data", "data": err["data"]}] if "data" in err else None
        return ReplyView(
            PROTOCOL_ERROR, PROTOCOL_ERROR, (err.get("code"), message if isinstance(message, str) else ""), blocks
        )
    result = reply.result or {}
    if outcome == INPUT_REQUIRED:
        return ReplyView(FAILED, INPUT_REQUIRED, (reply.rounds,), [{"type": "input_required", **result}])
    content = result.get("content")
    blocks = content if isinstance(content, list) else [] if content is None else [content]
    if outcome == TOOL_ERROR:
        return ReplyView(TOOL_ERROR, TOOL_ERROR, (), blocks, result.get("structuredContent"))
    declared = tool.get("outputSchema")
    schema = declared if isinstance(declared, dict) else None
    return ReplyView(RESULT, None, (), blocks, result.get("structuredContent"), schema)


@dataclass(frozen=True, slots=True)
class RecordedToolCall:
    """A recorded ``tools/call`` as a replay shows it: the tool's ``name``, the ``arguments`` to
    put in its form (None: they were not an object), the ``tool`` as listed by then (just its
    name when it was not) and the ``task`` the answer created (None: it ran as no task)."""

    name: str
    arguments: JsonObject | None
    tool: JsonObject
    task: JsonObject | None


def recorded_tool_call(call: RecordedCall, tools: Sequence[JsonObject]) -> RecordedToolCall:
    """What a replay shows of ``call`` with the tools listed by then (``tools``)."""
    name = call.params.get("name")
    name = name if isinstance(name, str) else str(name)
    arguments = call.params.get("arguments")
    tool = next((t for t in tools if t.get("name") == name), {"name": name})
    reply = call.reply
    task = reply.result.get("task") if reply is not None and reply.ok and isinstance(reply.result, dict) else None
    return RecordedToolCall(
        name, arguments if isinstance(arguments, dict) else None, tool, task if isinstance(task, dict) else None
    )


@dataclass(frozen=True, slots=True)
class ToolActions:
    """What a front-end lets the user do now: Refresh, Load more (shown while the list has more
    pages), Call (a live session, a tool selected, no call running, the tool not excluded) and
    Cancel (shown while a call runs)."""

    refresh: bool
    more_shown: bool
    more: bool
    call: bool
    cancel: bool


@dataclass(frozen=True, slots=True)
class CallOutcome:
    """How a call ended. ``reply``: the answer to show (the call's, or the task's
    ``tasks/result``, or the refused task-augmented request's); ``run``: the task run."""

    tool: JsonObject
    arguments: JsonObject
    outcome: str  # RESULT, TOOL_ERROR, PROTOCOL_ERROR, INPUT_REQUIRED, CANCELLED or FAILED
    reply: Reply | None = None
    run: TaskRun | None = None
    failure: Failure | None = None  # FAILED: what the session said
    no_task: bool = False  # task-augmented, but answered at once without a task

    @property
    def as_task(self) -> bool:
        return self.run is not None


class ToolsController(ListController):
    """The tools of one session (see the module docstring)."""

    def __init__(self) -> None:
        super().__init__(
            "tools/list",
            "tools",
            "toolsListChanged",
            owner="tools",
            pages=AUTO_PAGES,
            keep_pages=False,
            accept=lambda tool: isinstance(tool.get("name"), str),
        )
        self.calling = False
        self.called: CallOutcome | None = None  # the latest call's, once it ended
        self.last_progress: JsonObject | None = None
        self.progress_events = 0  # progress notifications seen for the current call
        self.run: TaskRun | None = None  # the current (or last) call run as a task
        self.task: JsonObject = {}  # its task as last known
        self.task_first = False  # TASK: the task is told for the first time
        self.call_scope: anyio.CancelScope | None = None

    def attach(
        self, session: Session, era: str | None, version: str | None, *, announces_changes: bool = False
    ) -> None:
        if self.call_scope is not None:  # a call still running on the previous session
            self.call_scope.cancel()
        super().attach(session, era, version, announces_changes=announces_changes)

    def reset(self) -> None:
        self.called = None
        super().reset()

    # ---------------------------------------------------------------- before a call

    def exclusion(self, tool: JsonObject) -> str | None:
        """Why ``tool`` is excluded on this session (2026-07-28: invalid ``x-mcp-header``
        annotations), or None. An excluded tool cannot be called from a front-end."""
        session = self.session
        if session is None or self.era != "modern":  # no such annotations before 2026-07-28
            return None
        return tool_exclusion(session.negotiation(), tool)

    def refusal(self, tool: JsonObject, arguments: JsonValue) -> Refusal | None:
        """Why a call of ``tool`` with ``arguments`` must not go out, or None."""
        problem = self.exclusion(tool)
        if problem:
            return Refusal(REFUSE_EXCLUDED, problem)
        session = self.session
        unsafe = (
            unmirrorable_params(session.negotiation(), tool, arguments)
            if session is not None and self.era == "modern"
            else []
        )
        return Refusal(REFUSE_UNMIRRORABLE, tuple(unsafe)) if unsafe else None

    def actions(self, live: bool, tool: JsonObject | None, more: bool) -> ToolActions:
        """What can be done with ``tool`` selected (None: none) while the session is ``live``
        and the list on screen has ``more`` pages to load."""
        idle = live and not self.loading
        excluded = tool is not None and bool(self.exclusion(tool))
        callable_ = live and tool is not None and not self.calling and not excluded
        return ToolActions(idle, more, idle, callable_, self.calling)

    def task_support(self, tool: JsonObject) -> TaskSupport | None:
        """Whether ``tool`` may run as a task on this session (None: no session)."""
        return tool_task_support(self.session.negotiation(), tool) if self.session is not None else None

    @property
    def closes_stream(self) -> bool:
        """A cancel closes the answer stream (2026-07-28 over Streamable HTTP) rather than
        sending ``notifications/cancelled``."""
        return self.session is not None and cancels_by_closing_stream(self.session.negotiation())

    # ---------------------------------------------------------------- the call

    def call(
        self,
        tool: JsonObject,
        arguments: JsonObject,
        *,
        as_task: bool = False,
        ttl: int | None = None,
        spawn: Spawner | None = None,
    ) -> bool:
        """Start a call of ``tool`` (``ttl`` in ms for a task, None: the server's), on ``spawn``
        when given (a front-end that says a call's faults elsewhere than its list's). False
        when one runs, there is no session, or it could not start. The refusal is not checked
        here: a front-end asks :meth:`refusal` first and words it."""
        if self.calling or self.session is None:
            return False
        self.calling = True
        self.called = None
        self.last_progress, self.progress_events = None, 0
        self.run, self.task, self.task_first = (TaskRun() if as_task else None), {}, False
        self.emit(CALLING)
        work = lambda: self.call_now(dict(tool), arguments, as_task=as_task, ttl=ttl)  # noqa: E731
        started = spawn(work) if spawn is not None else self.start(work)
        if not started:
            self.calling = False
            self.emit(CALLED)
        return started

    def cancel(self) -> bool:
        """Cancel the call in flight (the session cancels it on the wire)."""
        if self.call_scope is None:
            return False
        self.call_scope.cancel()
        return True

    async def call_now(
        self, tool: JsonObject, arguments: JsonObject, *, as_task: bool = False, ttl: int | None = None
    ) -> CallOutcome:
        """Run the call (see the module docstring) and report it; the outcome."""
        session = self.session
        scope = anyio.CancelScope()
        self.call_scope = scope
        self.calling = True
        run = self.run if as_task and self.run is not None else (TaskRun() if as_task else None)
        self.run = run
        reply: Reply | None = None
        failure: Failure | None = None
        params = {"name": tool["name"], "arguments": arguments}
        try:
            with scope:
                if session is None:
                    failure = Failure(FAIL_SESSION, detail="no session")
                elif run is not None:
                    await call_as_task(
                        session,
                        "tools/call",
                        params,
                        ttl=ttl,
                        on_task=self._task_seen,
                        on_progress=self._progress,
                        run=run,
                    )
                else:
                    reply = await session.request("tools/call", params, on_progress=self._progress)
        except SessionError as exc:  # RequestCancelled too: cancelled by id through the session (another view)
            failure = Failure.of_exception(exc)
        finally:
            if self.call_scope is scope:
                self.call_scope = None
            self.calling = False
        cancelled = scope.cancelled_caught or (failure is not None and failure.code == FAIL_CANCELLED)
        called = self._outcome(tool, arguments, reply, run, failure, cancelled)
        self.called = called
        self.emit(CALLED)
        return called

    def _outcome(
        self,
        tool: JsonObject,
        arguments: JsonObject,
        reply: Reply | None,
        run: TaskRun | None,
        failure: Failure | None,
        cancelled: bool,
    ) -> CallOutcome:
        if cancelled or (reply is None and run is None and failure is None):
            return CallOutcome(tool, arguments, CANCELLED, run=run)
        if failure is not None:
            return CallOutcome(tool, arguments, FAILED, run=run, failure=failure)
        if run is not None:
            shown = run.result if run.result is not None else run.created  # None: the call itself was refused
            if shown is None:
                return CallOutcome(tool, arguments, CANCELLED, run=run)
            return CallOutcome(
                tool, arguments, reply_outcome(shown), shown, run, no_task=run.problem == TASK_NOT_CREATED
            )
        assert reply is not None
        return CallOutcome(tool, arguments, reply_outcome(reply), reply)

    def _task_seen(self, task: JsonObject) -> None:
        self.task_first = not self.task
        self.task = dict(task)
        self.emit(TASK)

    def _progress(self, params: JsonObject) -> None:
        self.last_progress = dict(params)
        self.progress_events += 1
        self.emit(PROGRESS)
