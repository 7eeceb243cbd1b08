"""The Tasks controller (2025-11-25): the server's tasks, the selected one followed, its result,
cancelling it; Qt-free (see the package docstring).

``tasks/list`` is the controller's list (paging as every list: :class:`~.base.ListController`);
what a page says about a task is merged into :attr:`TasksController.tasks`, where a refresh
keeps the tasks already known. Everything else the server says about a task - a
``tasks/get`` or ``tasks/cancel`` answer, a ``notifications/tasks/status`` (optional for the
server: the spec says requestors must not rely on it), a task another part of the front-end
runs (:meth:`TasksController.follow`) - is merged the same way and reported as ``TASK`` with
its id in ``changed``. ``tasks/result`` blocks on the server until the task reaches a terminal
status: while it waits the task is in ``waiting_result``; the answer lands in ``results`` as
``{"result": ...}`` or ``{"error": ...}`` (the shape a replay's ``RecordedState`` has).

Polling: with ``polling`` on, the selected task is followed by the session layer's one polling
loop, :class:`~inspector.session.operations.TaskPoll`, at the ``pollInterval`` the server
suggests, until the task reaches a terminal status; a status learned otherwise goes into the
same loop (a notification that the task ended stops it before its next ``tasks/get``). A
``tasks/get`` that fails ends the polling (``polling`` goes off) with the failure said.

Failures are data: :attr:`TasksController.failure` is a :class:`TaskFailure` (the method and a
:class:`~.base.Failure`), reported as ``FAILED``; a list load's notes are the base's
``LoadOutcome``. The front-end words both.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from inspector.protocol.jsontypes import JsonObject

from ..operations import TERMINAL_STATUSES, TaskPoll, task_from_reply
from ..session import SessionError
from .base import FAIL_ERROR, Failure, ListController

if TYPE_CHECKING:
    from ..session import Session

# Events the Tasks controller reports (besides the base's).
TASK = "task"  # what is known of a task changed (``changed``: its id)
RESULT = "result"  # a task's result arrived, or the wait for it began or ended (``changed``)
FAILED = "failed"  # an action on a task failed (``failure``)
POLLING = "polling"  # polling began or ended (``polling``, ``poll``)
SHOWN = "shown"  # a replay replaced every task and result at once (``show_recorded``)

STATUS_NOTIFICATION = "notifications/tasks/status"


@dataclass(frozen=True, slots=True)
class TaskFailure:
    """Why ``tasks/get``, ``tasks/result`` or ``tasks/cancel`` of a task got no answer."""

    method: str
    task_id: str
    failure: Failure


def _has_id(task: JsonObject) -> bool:
    return isinstance(task.get("taskId"), str)


class TasksController(ListController):
    """The tasks of one session (see the module docstring)."""

    def __init__(self) -> None:
        super().__init__("tasks/list", "tasks", "", owner="tasks", accept=_has_id)
        self.tasks: dict[str, JsonObject] = {}  # taskId -> the latest Task the server described
        self.results: dict[str, JsonObject] = {}  # taskId -> {"result": ...} or {"error": ...}
        self.waiting_result: set[str] = set()  # tasks/result sent, not answered yet
        self.changed: str | None = None  # the task the last TASK or RESULT was about
        self.failure: TaskFailure | None = None  # the last action that failed
        self.selected: str | None = None
        self.polling = False  # the user wants the selected task followed
        self.poll: TaskPoll | None = None  # the loop following it now

    # ---------------------------------------------------------------- state

    def task(self, task_id: str | None) -> JsonObject | None:
        return self.tasks.get(task_id) if task_id is not None else None

    @property
    def running(self) -> int:
        """Tasks not in a terminal status."""
        return sum(1 for t in self.tasks.values() if t.get("status") not in TERMINAL_STATUSES)

    def ended(self, task_id: str | None) -> bool:
        """Whether the task is in a terminal status (nothing changes it any more)."""
        task = self.task(task_id)
        return task is not None and task.get("status") in TERMINAL_STATUSES

    def can_cancel(self, task_id: str | None) -> bool:
        return self.live and self.task(task_id) is not None and not self.ended(task_id)

    def possible(self, task_id: str | None, live: bool) -> frozenset[str]:
        """What the user can do now (``live``: the front-end has a session): "list" (Refresh,
        Load more); on a known ``task_id``, "get" its status, fetch its "result" (unless that is
        awaited already), and "cancel" it (until it ends)."""
        if not live:
            return frozenset()
        known = self.task(task_id) is not None
        can = {"list"}
        if known:
            can.add("get")
            if task_id not in self.waiting_result:
                can.add("result")
        if self.can_cancel(task_id):
            can.add("cancel")
        return frozenset(can)

    def attach(
        self, session: Session, era: str | None, version: str | None, *, announces_changes: bool = False
    ) -> None:
        self._forget()
        super().attach(session, era, version, announces_changes=announces_changes)

    def detach(self) -> None:
        self._stop_poll()
        super().detach()

    def clear(self) -> None:
        """Forget every task and result (a new session or recording)."""
        self._forget()
        self.reset()

    def _forget(self) -> None:
        self._stop_poll()
        self.tasks.clear()
        self.results.clear()
        self.waiting_result.clear()
        self.failure = None
        self.changed = None

    def show_recorded(self, tasks: dict[str, JsonObject], results: dict[str, JsonObject]) -> bool:
        """Replay: the tasks and results a recording holds as of an entry (no session). False
        when that is what is held already."""
        self.detach()
        if tasks == self.tasks and results == self.results:
            return False
        self.tasks = {k: dict(v) for k, v in tasks.items()}
        self.results = dict(results)
        self.waiting_result.clear()
        self.changed = None
        self.emit(SHOWN)
        return True

    # ---------------------------------------------------------------- what the server says

    def merge(self, task: JsonObject) -> None:
        """What the server said about a task (a page, an answer, a notification): merged."""
        task_id = task.get("taskId")
        if not isinstance(task_id, str):
            return
        self.tasks[task_id] = {**self.tasks.get(task_id, {}), **task}
        poll = self.poll
        if poll is not None and poll.task_id == task_id:
            poll.seen(task)
        self.changed = task_id
        self.emit(TASK)
        if task_id == self.selected:
            self._schedule()

    def _polled(self, task: JsonObject) -> None:
        self.merge(task)

    def on_notification(self, method: str, params: JsonObject) -> bool:
        """A server notification; whether it was about a task."""
        if method != STATUS_NOTIFICATION or not _has_id(params):
            return False
        self.merge({k: v for k, v in params.items() if k != "_meta"})
        return True

    def follow(self, task: JsonObject) -> None:
        """A task another part of the front-end runs (a tool run as a task)."""
        self.merge(task)

    def set_result(self, task_id: str, outcome: JsonObject) -> None:
        """A ``tasks/result`` answer received elsewhere: ``{"result": ...}`` or ``{"error": ...}``."""
        self.results[task_id] = outcome
        self.changed = task_id
        self.emit(RESULT)

    def _page(self, entries: list[JsonObject]) -> None:
        for task in entries:
            self.merge(task)
        super()._page(entries)

    # ---------------------------------------------------------------- actions

    def _failed(self, method: str, task_id: str, failure: Failure) -> None:
        self.failure = TaskFailure(method, task_id, failure)
        self.emit(FAILED)

    async def fetch_status(self, task_id: str) -> JsonObject | None:
        """``tasks/get``: the task as the server describes it now (merged), or None (failed)."""
        session = self.session
        if session is None:
            return None
        try:
            reply = await session.request("tasks/get", {"taskId": task_id})
        except SessionError as exc:
            self._failed("tasks/get", task_id, Failure.of_exception(exc))
            return None
        task = task_from_reply(reply, task_id)
        if task is None:
            self._failed("tasks/get", task_id, Failure.of_reply(reply) or Failure(FAIL_ERROR))
            return None
        self.merge(task)
        return task

    async def fetch_result(self, task_id: str) -> JsonObject | None:
        """``tasks/result`` (it blocks on the server until the task has ended: it may wait as
        long as the session allows a request to); the outcome kept in ``results``, or None
        when no answer came."""
        session = self.session
        if session is None:
            return None
        self.waiting_result.add(task_id)
        self.changed = task_id
        self.emit(RESULT)
        limit = session.options.max_request_timeout
        try:
            reply = await session.request("tasks/result", {"taskId": task_id}, timeout=limit, max_timeout=limit)
        except SessionError as exc:
            self._failed("tasks/result", task_id, Failure.of_exception(exc))
            return None
        finally:
            self.waiting_result.discard(task_id)
            self.changed = task_id
            self.emit(RESULT)
        outcome = {"result": reply.result} if reply.ok else {"error": reply.error}
        self.set_result(task_id, outcome)
        return outcome

    async def send_cancel(self, task_id: str) -> JsonObject | None:
        """``tasks/cancel``: the task as the server describes it after (merged), or None."""
        session = self.session
        if session is None:
            return None
        try:
            reply = await session.request("tasks/cancel", {"taskId": task_id})
        except SessionError as exc:
            self._failed("tasks/cancel", task_id, Failure.of_exception(exc))
            return None
        task = task_from_reply(reply, task_id)
        if task is None:
            self._failed("tasks/cancel", task_id, Failure.of_reply(reply) or Failure(FAIL_ERROR))
            return None
        self.merge(task)
        return task

    def get_status(self, task_id: str) -> bool:
        """Start :meth:`fetch_status`; False when it cannot start (no session)."""

        async def go() -> None:
            await self.fetch_status(task_id)

        return self.start(go)

    def get_result(self, task_id: str) -> bool:
        """Start :meth:`fetch_result`; False when it cannot start (or its answer is awaited)."""
        if task_id in self.waiting_result:
            return False

        async def go() -> None:
            await self.fetch_result(task_id)

        return self.start(go)

    def cancel(self, task_id: str) -> bool:
        """Start :meth:`send_cancel`; False when it cannot start."""

        async def go() -> None:
            await self.send_cancel(task_id)

        return self.start(go)

    # ---------------------------------------------------------------- polling

    def select(self, task_id: str | None) -> None:
        """The task the front-end shows (the one polling follows)."""
        self.selected = task_id
        self._schedule()

    def set_polling(self, on: bool) -> None:
        """Follow the selected task with tasks/get while it runs (or stop)."""
        self.polling = bool(on)
        self._schedule()

    def _schedule(self) -> None:
        """Start, keep or stop the loop so it follows what should be followed now."""
        task = self.task(self.selected)
        wanted = self.polling and self.live and task is not None and task.get("status") not in TERMINAL_STATUSES
        poll = self.poll
        if poll is not None and (not wanted or poll.task_id != self.selected or poll.done):
            self._stop_poll()
            poll = None
        if wanted and poll is None and self.session is not None and task is not None:
            poll = TaskPoll(self.session, task, on_task=self._polled)
            self.poll = poll
            if not self.start(lambda: self._follow_poll(poll)):
                self.poll = None
            else:
                self.emit(POLLING)

    async def _follow_poll(self, poll: TaskPoll) -> None:
        try:
            await poll.run()
        except SessionError as exc:
            self._failed("tasks/get", poll.task_id, Failure.of_exception(exc))
            self.polling = False
        finally:
            if self.poll is poll:
                self.poll = None
                self.emit(POLLING)
        if poll.problem is not None:
            error = poll.problem_detail if isinstance(poll.problem_detail, dict) else None
            self._failed("tasks/get", poll.task_id, Failure(FAIL_ERROR, error))
            self.polling = False
            self.emit(POLLING)

    def _stop_poll(self) -> None:
        poll, self.poll = self.poll, None
        if poll is not None:
            poll.stop()
            self.emit(POLLING)
