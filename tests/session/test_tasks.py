"""Task-augmented calls (2025-11-25) through session/operations.py, against real servers.

The built-in demo runs ``long_running`` as a task when asked (taskSupport "optional"); the
reference server's ``simulate-research-query`` must run as one ("required") and, when the
query is ambiguous, moves to ``input_required`` and asks the client through ``tasks/result``.
"""

from __future__ import annotations

import sys
from itertools import pairwise

import anyio
import pytest
from session_helpers import find, misbehave, options, reference_server, wait_for

from inspector.session import Direction, Session
from inspector.session.handlers import ClientHandlers
from inspector.session.operations import (
    MIN_POLL_SECONDS,
    TASK_GET_FAILED,
    TASK_NOT_CREATED,
    Negotiation,
    TaskRun,
    call_as_task,
    tool_task_support,
)

pytestmark = pytest.mark.anyio

DEMO = [sys.executable, "-m", "inspector.demo"]


def sent(session: Session, method: str) -> list[dict]:
    return [e.json().get("params") or {} for e in find(session.recording, direction=Direction.C2S, method=method)]


async def listed_tool(session: Session, name: str) -> dict:
    reply = await session.request("tools/list", {})
    return next(t for t in reply.result["tools"] if t["name"] == name)


async def test_the_demo_runs_a_tool_as_a_task_polls_it_and_fetches_the_result() -> None:
    session = Session(options(DEMO))
    async with session:
        await session.start()
        tool = await listed_tool(session, "long_running")
        support = tool_task_support(session.negotiation(), tool)
        assert support.allowed and not support.required and support.mode == "optional"
        statuses: list[str] = []
        run = await call_as_task(
            session,
            "tools/call",
            {"name": "long_running", "arguments": {"steps": 4, "step_ms": 150}},
            ttl=60_000,
            on_task=lambda t: statuses.append(t["status"]),
        )
        assert run.problem is None and run.status == "completed"
        assert run.created.ok and isinstance(run.created.result["task"]["taskId"], str)
        assert run.result.ok and run.result.result["content"][0]["type"] == "text"
        assert statuses[0] == "working" and statuses[-1] == "completed"
        # on the wire: the call carried the task (with the ttl), then tasks/get, then tasks/result
        call = sent(session, "tools/call")[-1]
        assert call["task"] == {"ttl": 60_000}
        gets = sent(session, "tasks/get")
        assert run.polls == len(gets) >= 1 and all(g == {"taskId": run.task_id} for g in gets)
        assert sent(session, "tasks/result") == [{"taskId": run.task_id}]
        assert run.elapsed is not None and run.elapsed >= 0.5  # 4 steps of 150 ms
        # the demo suggests 500 ms between polls; the client waited that long before each poll
        seqs = [e.seq for e in find(session.recording, direction=Direction.C2S, method="tasks/get")]
        create = find(session.recording, direction=Direction.C2S, method="tools/call")[-1]
        times = [session.recording[create.seq].t] + [session.recording[s].t for s in seqs]
        assert all(b - a >= 0.45 for a, b in pairwise(times))


async def test_cancelling_a_task_run_sends_tasks_cancel_and_the_task_ends_cancelled() -> None:
    session = Session(options(DEMO))
    async with session:
        await session.start()
        run = TaskRun()
        async with anyio.create_task_group() as tg:
            tg.start_soon(
                lambda: call_as_task(
                    session,
                    "tools/call",
                    {"name": "long_running", "arguments": {"steps": 200, "step_ms": 100}},
                    run=run,
                )
            )
            await wait_for(lambda: run.task_id is not None, what="the task was created")
            tg.cancel_scope.cancel()
        assert run.cancel_sent and sent(session, "tasks/cancel") == [{"taskId": run.task_id}]
        assert run.cancel_reply.ok and run.status == "cancelled"
        assert run.result is None


async def test_a_plain_tool_is_not_a_task_and_a_direct_answer_is_reported() -> None:
    session = Session(options(DEMO))
    async with session:
        await session.start()
        tool = await listed_tool(session, "echo")
        support = tool_task_support(session.negotiation(), tool)
        assert not support.allowed and support.mode == "forbidden"
        # asking anyway: the demo refuses with -32601 as the spec says it should
        run = await call_as_task(session, "tools/call", {"name": "echo", "arguments": {"text": "hi"}})
        assert not run.created.ok and run.created.error["code"] == -32601 and run.task == {}


async def test_an_older_version_has_no_tasks_whatever_the_tool_says() -> None:
    n = Negotiation(
        era="legacy",
        version="2025-06-18",
        state="operating",
        server_capabilities={"tasks": {"requests": {"tools": {"call": {}}}}},
    )
    support = tool_task_support(n, {"name": "t", "execution": {"taskSupport": "required"}})
    assert not support.declared and not support.allowed and support.unusable
    modern = Negotiation(
        era="legacy", version="2025-11-25", state="operating", server_capabilities={"tasks": {"list": {}}}
    )
    assert tool_task_support(modern, {"execution": {"taskSupport": "optional"}}).declared is False
    ok = Negotiation(
        era="legacy",
        version="2025-11-25",
        state="operating",
        server_capabilities={"tasks": {"requests": {"tools": {"call": {}}}}},
    )
    assert tool_task_support(ok, {"execution": {"taskSupport": "bogus"}}).mode == "forbidden"
    assert tool_task_support(ok, {"execution": {"taskSupport": "required"}}).required


class Clarify(ClientHandlers):
    def __init__(self) -> None:
        super().__init__()
        self.asked: list[dict] = []

    async def elicit(self, params: dict) -> dict:
        self.asked.append(params)
        return {"action": "accept", "content": {"interpretation": "historical"}}


async def test_the_reference_servers_required_task_asks_for_input_through_tasks_result() -> None:
    handlers = Clarify()
    session = Session(options(reference_server(), capabilities={"elicitation": {}}), handlers=handlers)
    async with session:
        await session.start()
        tool = await listed_tool(session, "simulate-research-query")
        assert tool_task_support(session.negotiation(), tool).required
        statuses: list[str] = []
        run = await call_as_task(
            session,
            "tools/call",
            {"name": "simulate-research-query", "arguments": {"topic": "tea", "ambiguous": True}},
            on_task=lambda t: statuses.append(t["status"]),
        )
        assert run.problem is None, run.problem_detail
        assert "input_required" in statuses and run.status == "completed"
        assert len(handlers.asked) == 1 and "tea" in handlers.asked[0]["message"]
        assert run.result.ok and "historical" in run.result.result["content"][0]["text"]
        assert sent(session, "tasks/result") == [{"taskId": run.task_id}]


async def test_a_server_that_gets_tasks_wrong_is_reported_not_hidden() -> None:
    session = Session(options(misbehave("task-faults")))
    async with session:
        await session.start()
        # a task-augmented call answered at once with a CallToolResult
        run = await call_as_task(session, "tools/call", {"name": "direct", "arguments": {}})
        assert run.problem == TASK_NOT_CREATED and run.result is run.created and run.polls == 0
        assert run.result.result["content"][0]["text"] == "no task, here you are"
        # tasks/get fails: the run says so and still fetches the result, once, after one poll
        run = await call_as_task(session, "tools/call", {"name": "flaky", "arguments": {}})
        assert run.problem == TASK_GET_FAILED and run.problem_detail["code"] == -32603
        assert run.polls >= 1 and run.result.ok and run.result.result["content"][0]["text"] == "done anyway"
        # pollInterval 0 is followed no faster than the floor
        gets = find(session.recording, direction=Direction.C2S, method="tasks/get")
        calls = find(session.recording, direction=Direction.C2S, method="tools/call")
        assert gets[0].t - calls[-1].t >= MIN_POLL_SECONDS * 0.9
