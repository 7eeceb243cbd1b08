"""Tasks, headless, against real servers over real pipes: the one task-polling loop
(session/operations.TaskPoll) and the Tasks controller (session/controllers/tasks.py).

The demo server runs ``long_running`` as a task and suggests a ``pollInterval`` of 500 ms;
the misbehaving fixture's ``task-faults`` mode suggests 0 and answers ``tasks/get`` with an
error. call_as_task runs the same loop (tests/session/test_tasks.py).
"""

from __future__ import annotations

import sys
from itertools import pairwise

import anyio
import pytest
from peers import misbehave
from polling import until

from inspector.protocol.engine import ClientConfig
from inspector.protocol.versions import EraMode
from inspector.session import Direction, Entry, Session, SessionOptions
from inspector.session.controllers.base import FAIL_ERROR, LISTED
from inspector.session.controllers.tasks import FAILED, POLLING, SHOWN, TASK, TasksController
from inspector.session.operations import (
    DEFAULT_POLL_SECONDS,
    MIN_POLL_SECONDS,
    TASK_GET_FAILED,
    TERMINAL_STATUSES,
    TaskPoll,
    poll_seconds,
    task_from_reply,
)
from inspector.transport.base import StdioSpec

pytestmark = pytest.mark.anyio

DEMO = [sys.executable, "-m", "inspector.demo"]


def options(argv: list[str]) -> SessionOptions:
    config = ClientConfig(era=EraMode.LEGACY)
    return SessionOptions(transport=StdioSpec(argv=list(argv)), config=config, stdin_grace=3.0, term_grace=2.0)


def find(session: Session, method: str) -> list[Entry]:
    """The requests the client sent, named ``method``."""
    return [e for e in session.recording if e.direction is Direction.C2S and e.method == method]


def get_times(session: Session) -> list[float]:
    return [e.t for e in find(session, "tasks/get")]


async def start_task(session: Session, steps: int, step_ms: int) -> dict:
    params = {"name": "long_running", "arguments": {"steps": steps, "step_ms": step_ms}, "task": {"ttl": 60_000}}
    reply = await session.request("tools/call", params)
    assert reply.ok, reply.error
    return reply.result["task"]


def test_the_interval_is_the_servers_with_a_floor_and_one_default() -> None:
    assert poll_seconds({"pollInterval": 2000}) == 2.0
    assert poll_seconds({"pollInterval": 0}) == MIN_POLL_SECONDS
    assert poll_seconds({"pollInterval": 100}) == MIN_POLL_SECONDS
    for absent in ({}, {"pollInterval": None}, {"pollInterval": True}, {"pollInterval": -5}, {"pollInterval": "500"}):
        assert poll_seconds(absent) == DEFAULT_POLL_SECONDS, absent


async def test_a_poll_follows_the_demo_task_at_its_interval_until_it_completes() -> None:
    session = Session(options(DEMO))
    async with session:
        await session.start()
        task = await start_task(session, steps=4, step_ms=200)
        assert task["pollInterval"] == 500
        reported: list[dict] = []
        poll = TaskPoll(session, task, on_task=reported.append)
        assert poll.task_id == task["taskId"] and poll.status == "working" and not poll.done
        await poll.run()
        assert poll.status == "completed" and poll.problem is None and not poll.running
        times = get_times(session)
        assert poll.polls == len(times) >= 1
        # every poll asked for this task, at least the suggested 500 ms after the one before
        sent = [e.json()["params"] for e in find(session, "tasks/get")]
        assert all(p == {"taskId": task["taskId"]} for p in sent)
        call = find(session, "tools/call")[-1]
        starts = [call.t, *times]
        assert all(b - a >= 0.45 for a, b in pairwise(starts))
        # each answer was reported with the whole task as now known
        assert len(reported) == poll.polls and reported[-1]["status"] == "completed"
        assert all(r["taskId"] == task["taskId"] and "createdAt" in r for r in reported)


async def test_what_is_learned_elsewhere_ends_the_wait_at_once() -> None:
    session = Session(options(DEMO))
    async with session:
        await session.start()
        task = await start_task(session, steps=200, step_ms=100)
        # a slow interval, so the poll is surely waiting when the cancel's answer comes
        poll = TaskPoll(session, {**task, "pollInterval": 20_000})
        async with anyio.create_task_group() as tg:
            tg.start_soon(poll.run)
            await until(lambda: poll.running, what="the poll to start waiting")
            reply = await session.request("tasks/cancel", {"taskId": poll.task_id})
            cancelled = task_from_reply(reply, poll.task_id)
            assert cancelled is not None and cancelled["status"] == "cancelled"
            seen_at = anyio.current_time()
            poll.seen(cancelled)
        assert anyio.current_time() - seen_at < 1.0  # not the 20 s wait
        assert poll.done and poll.status in TERMINAL_STATUSES and poll.polls == 0
        assert get_times(session) == []  # a task that ended is not asked about


async def test_stop_ends_the_loop_before_its_next_poll() -> None:
    session = Session(options(DEMO))
    async with session:
        await session.start()
        task = await start_task(session, steps=200, step_ms=100)
        poll = TaskPoll(session, task)
        async with anyio.create_task_group() as tg:
            tg.start_soon(poll.run)
            await until(lambda: poll.polls >= 1, what="the first poll")
            poll.stop()
        assert poll.stopped and poll.done and not poll.running
        assert poll.status == "working" and len(get_times(session)) == poll.polls
        await session.request("tasks/cancel", {"taskId": poll.task_id})


async def test_a_failing_tasks_get_ends_the_poll_with_the_error_as_data() -> None:
    session = Session(options(misbehave("task-faults")))
    async with session:
        await session.start()
        reply = await session.request("tools/call", {"name": "flaky", "arguments": {}, "task": {}})
        task = reply.result["task"]
        assert task["pollInterval"] == 0
        poll = TaskPoll(session, task)
        await poll.run()
        assert poll.problem == TASK_GET_FAILED and poll.problem_detail["code"] == -32603
        assert poll.polls == 1 and poll.status == "working"
        # pollInterval 0 is followed no faster than the floor
        call = find(session, "tools/call")[-1]
        assert get_times(session)[0] - call.t >= MIN_POLL_SECONDS * 0.9


# ----------------------------------------------------------------------------- the controller


def tasks_controller(session: Session) -> tuple[TasksController, list[str]]:
    """A controller bound to ``session`` (work on the session's own task group), with the
    events it reported, and the server's notifications forwarded to it as a front-end does."""
    feature = TasksController()
    events: list[str] = []
    feature.subscribe(events.append)
    feature.attach(session, "legacy", session.negotiation().version)

    def forward(seq: int, obj: object) -> None:
        if isinstance(obj, dict):
            feature.on_notification(obj.get("method"), obj.get("params") or {})

    session.notification_listeners.append(forward)
    return feature, events


async def test_the_controller_lists_gets_fetches_results_and_cancels_on_the_demo() -> None:
    session = Session(options(DEMO))
    async with session:
        await session.start()
        feature, events = tasks_controller(session)
        short = await start_task(session, steps=2, step_ms=100)
        long = await start_task(session, steps=200, step_ms=100)
        assert feature.refresh()
        await until(lambda: feature.outcome is not None, what="tasks/list answered")
        assert feature.outcome is not None and feature.outcome.notes == () and feature.outcome.failure is None
        assert {short["taskId"], long["taskId"]} <= set(feature.tasks) and not feature.more
        assert TASK in events and events[-1] == LISTED
        # the result: tasks/result blocks until the task ended, then lands in results
        outcome = await feature.fetch_result(short["taskId"])
        assert outcome is not None and "Finished 2 steps" in outcome["result"]["content"][0]["text"]
        assert feature.results[short["taskId"]] == outcome and not feature.waiting_result
        # the status notification the demo sends at the end was merged: no tasks/get needed
        await until(lambda: feature.ended(short["taskId"]), what="the completed status")
        assert find(session, "tasks/get") == []
        got = await feature.fetch_status(short["taskId"])
        assert got is not None and got["status"] == "completed" and len(find(session, "tasks/get")) == 1
        # cancel a running task; cancelling it again is refused (-32602), said as data
        assert feature.can_cancel(long["taskId"]) and feature.running == 1
        cancelled = await feature.send_cancel(long["taskId"])
        assert cancelled is not None and feature.tasks[long["taskId"]]["status"] == "cancelled"
        assert not feature.can_cancel(long["taskId"]) and feature.running == 0
        assert await feature.send_cancel(long["taskId"]) is None
        failed = feature.failure
        assert failed is not None and failed.method == "tasks/cancel" and failed.task_id == long["taskId"]
        error = failed.failure.error
        assert failed.failure.code == FAIL_ERROR and error is not None and error["code"] == -32602
        assert events[-1] == FAILED
        # a refresh keeps what is known and asks again from the first page
        feature.select(long["taskId"])
        assert feature.refresh()
        await until(lambda: feature.outcome is not None, what="tasks/list again")
        assert feature.tasks[long["taskId"]]["status"] == "cancelled" and len(find(session, "tasks/list")) == 2


async def test_the_selected_task_is_polled_until_it_ends_and_only_while_wanted() -> None:
    session = Session(options(DEMO))
    async with session:
        await session.start()
        feature, events = tasks_controller(session)
        task = await start_task(session, steps=3, step_ms=300)
        feature.follow(task)  # as a tool run as a task hands it over
        assert feature.task(task["taskId"]) is not None and feature.poll is None
        feature.set_polling(True)
        assert feature.poll is None  # nothing selected: nothing polled
        feature.select(task["taskId"])
        poll = feature.poll
        assert poll is not None and poll.task_id == task["taskId"] and events[-1] == POLLING
        await until(lambda: feature.ended(task["taskId"]), what="the task polled to its end")
        await until(lambda: feature.poll is None and not poll.running, what="the poll to end")
        assert feature.polling and feature.failure is None  # the user's choice stays
        sent = len(find(session, "tasks/get"))
        assert sent == poll.polls >= 1
        await anyio.sleep(0.8)  # longer than the demo's 500 ms pollInterval
        assert len(find(session, "tasks/get")) == sent  # an ended task is not asked about
        # switching polling off stops a running poll before its next tasks/get
        other = await start_task(session, steps=200, step_ms=100)
        feature.follow(other)
        feature.select(other["taskId"])
        running = feature.poll
        assert running is not None
        feature.set_polling(False)
        assert feature.poll is None and running.stopped
        await until(lambda: not running.running, what="the poll to stop")
        await feature.send_cancel(other["taskId"])


async def test_a_failing_poll_and_a_failing_list_are_failures_as_data() -> None:
    session = Session(options(misbehave("task-faults")))
    async with session:
        await session.start()
        feature, events = tasks_controller(session)
        reply = await session.request("tools/call", {"name": "flaky", "arguments": {}, "task": {}})
        feature.follow(reply.result["task"])
        feature.select("t-1")
        feature.set_polling(True)
        await until(lambda: feature.failure is not None, what="the failed poll")
        failed = feature.failure
        assert failed is not None and failed.method == "tasks/get" and failed.task_id == "t-1"
        assert failed.failure.error is not None and failed.failure.error["code"] == -32603
        await until(lambda: not feature.polling and feature.poll is None, what="polling off")
        assert events[-1] == POLLING and len(find(session, "tasks/get")) == 1
    session = Session(options(misbehave("paged-lists")))
    async with session:
        await session.start()
        feature, events = tasks_controller(session)
        assert feature.refresh()
        await until(lambda: feature.outcome is not None, what="tasks/list answered")
        assert feature.outcome is not None
        assert [e["message"] for e in feature.outcome.errors] == ["tasks are broken today"]
        assert feature.tasks == {}


def test_a_replay_shows_the_recorded_tasks_without_a_session() -> None:
    feature = TasksController()
    events: list[str] = []
    feature.subscribe(events.append)
    tasks = {"a": {"taskId": "a", "status": "working"}, "b": {"taskId": "b", "status": "completed"}}
    results = {"b": {"result": {"content": []}}}
    assert feature.show_recorded(tasks, results) and events == [SHOWN]
    assert feature.tasks == tasks and feature.results == results and feature.running == 1
    assert not feature.show_recorded(tasks, results) and events == [SHOWN]  # unchanged: nothing to draw
    assert not feature.can_cancel("a") and not feature.get_status("a") and not feature.get_result("b")
    feature.set_polling(True)
    feature.select("a")
    assert feature.poll is None  # no session: nothing is polled
    # a status notification is merged; anything else is not about a task
    assert feature.on_notification("notifications/tasks/status", {"taskId": "a", "status": "failed", "_meta": {"x": 1}})
    assert feature.tasks["a"] == {"taskId": "a", "status": "failed"} and events[-1] == TASK and feature.changed == "a"
    assert not feature.on_notification("notifications/progress", {"taskId": "a"})
