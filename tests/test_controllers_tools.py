"""The tools controller (session/controllers/tools.py), headless, against real servers over real
pipes: the demo server (both eras; tasks in 2025-11-25), the modern fixture's tools with invalid
x-mcp-header annotations, and the npm reference server's required-task tool."""

from __future__ import annotations

import sys

import pytest
from peers import FIXTURES, reference_server
from polling import until

from inspector.protocol.engine import ClientConfig
from inspector.protocol.versions import EraMode
from inspector.session import Direction, Reply, Session, SessionOptions
from inspector.session.controllers.tools import (
    AUTO_PAGES,
    CALLED,
    CALLING,
    CANCELLED,
    FAILED,
    INPUT_REQUIRED,
    PROGRESS,
    PROTOCOL_ERROR,
    REFUSE_EXCLUDED,
    RESULT,
    TASK,
    TOOL_ERROR,
    ProgressParts,
    RecordedToolCall,
    ReplyView,
    ToolActions,
    ToolFacts,
    ToolsController,
    annotations_text,
    progress_parts,
    recorded_tool_call,
    reply_outcome,
    reply_view,
    tool_facts,
    tool_matches,
    tool_title,
)
from inspector.session.rebuild import RecordedCall
from inspector.transport.base import StdioSpec

pytestmark = pytest.mark.anyio

DEMO = [sys.executable, "-m", "inspector.demo"]


def options(argv: list[str], era: EraMode = EraMode.LEGACY, version: str | None = None) -> SessionOptions:
    config = ClientConfig(era=era, legacy_version=version) if version else ClientConfig(era=era)
    return SessionOptions(transport=StdioSpec(argv=list(argv)), config=config, stdin_grace=3.0, term_grace=2.0)


async def listed(session: Session) -> ToolsController:
    await session.start()
    neg = session.negotiation()
    tools = ToolsController()
    tools.attach(session, neg.era, neg.version, announces_changes=True)
    assert tools.refresh()
    await until(lambda: tools.outcome is not None, what="the tool list")
    return tools


def tool(tools: ToolsController, name: str) -> dict:
    return next(t for t in tools.items if t["name"] == name)


def sent(session: Session, method: str) -> list[dict]:
    rec = session.recording
    return [
        rec[i].json() for i in range(len(rec)) if rec.direction_at(i) is Direction.C2S and rec.method_at(i) == method
    ]


def test_how_an_answer_is_shown() -> None:
    out = {"type": "object"}
    tool = {"name": "t", "outputSchema": out}
    ok = Reply(1, 0, {"content": [{"type": "text", "text": "hi"}], "structuredContent": {"a": 1}}, None, 0.0)
    assert reply_view(tool, ok) == ReplyView(RESULT, None, (), [{"type": "text", "text": "hi"}], {"a": 1}, out)
    one = Reply(1, 0, {"content": {"type": "text", "text": "lone"}}, None, 0.0)  # not a list: shown as one block
    assert reply_view({"name": "t"}, one).blocks == [{"type": "text", "text": "lone"}]
    failed = Reply(1, 0, {"content": [], "isError": True, "structuredContent": 2}, None, 0.0)
    assert reply_view(tool, failed) == ReplyView(TOOL_ERROR, TOOL_ERROR, (), [], 2)  # no output schema check
    refused = Reply(1, 0, None, {"code": -32602, "message": "bad", "data": [1]}, 0.0)
    assert reply_view(tool, refused) == ReplyView(
        PROTOCOL_ERROR, PROTOCOL_ERROR, (-32602, "bad"), [{"type": "error data", "data": [1]}]
    )
    bare = Reply(1, 0, None, {"code": 5, "message": 7}, 0.0)
    assert reply_view(tool, bare) == ReplyView(PROTOCOL_ERROR, PROTOCOL_ERROR, (5, ""), None)  # content left empty
    asking = Reply(1, 0, {"resultType": "input_required", "inputRequests": {}}, None, 0.0, rounds=3)
    assert reply_view(tool, asking) == ReplyView(
        FAILED, INPUT_REQUIRED, (3,), [{"type": "input_required", "resultType": "input_required", "inputRequests": {}}]
    )
    assert reply_view(tool, ok, TOOL_ERROR).outcome == TOOL_ERROR  # the outcome the controller found wins


def test_what_a_replay_shows_of_a_recorded_call() -> None:
    listed = [{"name": "echo", "title": "Echo"}, {"name": "add"}]
    unanswered = RecordedCall(4, 7, {"name": "echo", "arguments": {"text": "hi"}}, None, 1)
    assert recorded_tool_call(unanswered, listed) == RecordedToolCall("echo", {"text": "hi"}, listed[0], None)
    task = {"taskId": "t-1", "status": "working"}
    as_task = RecordedCall(4, 7, {"name": "add", "arguments": [1]}, Reply(7, 5, {"task": task}, None, 0.0), 1)
    assert recorded_tool_call(as_task, listed) == RecordedToolCall("add", None, listed[1], task)  # not an object
    gone = RecordedCall(4, 7, {"name": 3}, Reply(7, 5, {"content": [], "task": "no"}, None, 0.0), 1)
    assert recorded_tool_call(gone, listed) == RecordedToolCall("3", None, {"name": "3"}, None)  # not listed then
    refused = Reply(7, 5, None, {"code": -32602, "message": "bad", "task": task}, 0.0)
    assert recorded_tool_call(RecordedCall(4, 7, {"name": "add"}, refused, 1), listed).task is None


def test_what_an_answer_is() -> None:
    def reply(result: dict | None = None, error: dict | None = None) -> Reply:
        return Reply(1, 0, result, error, 0.0)

    assert reply_outcome(reply({"content": []})) == RESULT
    assert reply_outcome(reply({"content": [], "isError": True})) == TOOL_ERROR
    assert reply_outcome(reply(error={"code": -32602, "message": "no"})) == PROTOCOL_ERROR
    assert reply_outcome(reply({"resultType": "input_required"})) == INPUT_REQUIRED
    draft = {"type": "object", "$schema": "http://json-schema.org/draft-07/schema#", "required": "x"}
    assert tool_facts({"inputSchema": draft, "execution": {"taskSupport": 3}}) == ToolFacts(dialect="draft-07")
    assert tool_facts({"inputSchema": {"$schema": "urn:mine"}, "outputSchema": {}}).dialect == "urn:mine"
    assert ToolsController().pages_per_load == AUTO_PAGES and not ToolsController().call({"name": "x"}, {})


def test_what_a_front_end_reads_of_a_tool() -> None:
    plain = {"name": "echo", "description": "Says It Back"}
    titled = {"name": "add", "title": "Add", "annotations": {"title": "Sum", "readOnlyHint": True, "n": 2}}
    assert tool_title(plain) == "echo" and tool_title(titled) == "Add"
    assert tool_title({"name": "x", "title": "", "annotations": {"title": "From hints"}}) == "From hints"
    assert tool_matches(plain, "") and tool_matches(plain, "  it BACK ") and tool_matches(titled, "ad")
    assert not tool_matches(plain, "sum") and not tool_matches(titled, "says")
    assert annotations_text(titled) == "readOnlyHint: true, n: 2"
    assert annotations_text(plain) is None and annotations_text({"annotations": {}}) == ""


def test_a_progress_notification_read_for_a_bar() -> None:
    assert progress_parts({"progress": 3.0, "total": 12, "message": "step 3"}) == ProgressParts(
        0.25, "3 / 12", "step 3"
    )
    assert progress_parts({"progress": 14, "total": 12}) == ProgressParts(1.0, "14 / 12")  # a server overshooting
    assert progress_parts({"progress": 2.5, "total": 0}) == ProgressParts(None, "2.5")  # no total: busy, the count
    assert progress_parts({"progress": True, "message": ""}) == ProgressParts()  # not a number, an empty message
    assert progress_parts({"message": "warming up"}) == ProgressParts(message="warming up")


@pytest.mark.parametrize("mode", [EraMode.LEGACY, EraMode.MODERN], ids=["legacy", "modern"])
async def test_calls_progress_tool_errors_and_cancel_on_the_demo(mode: EraMode) -> None:
    session = Session(options(DEMO, mode))
    async with session:
        tools = await listed(session)
        events: list[str] = []
        tools.subscribe(events.append)
        assert (
            tools.refusal(tool(tools, "echo"), {"message": "hi"}) is None
            and tools.exclusion(tool(tools, "echo")) is None
        )

        assert tools.call(tool(tools, "echo"), {"message": "hi"})
        assert tools.calling and not tools.call(tool(tools, "echo"), {"message": "again"})  # one at a time
        await until(lambda: not tools.calling, what="the echo")
        called = tools.called
        assert called is not None and called.outcome == RESULT and called.reply is not None and called.reply.ok
        assert called.reply.result["content"][0]["text"] == "hi" and events[0] == CALLING and events[-1] == CALLED

        called = await tools.call_now(tool(tools, "always_fails"), {})
        assert called.outcome == TOOL_ERROR and called.reply is not None and called.reply.result["isError"] is True
        called = await tools.call_now({"name": "no_such_tool"}, {})
        assert called.outcome == PROTOCOL_ERROR and called.reply is not None and called.reply.error is not None

        # progress, then a cancel: the session cancels it on the wire
        assert tools.call(tool(tools, "long_running"), {"steps": 50, "step_ms": 100})
        await until(lambda: tools.progress_events >= 2, what="progress")
        assert PROGRESS in events and tools.last_progress is not None and "progress" in tools.last_progress
        assert tools.cancel()
        await until(lambda: not tools.calling, what="the cancel")
        assert tools.called is not None and tools.called.outcome == CANCELLED and tools.called.reply is None
        call_id = sent(session, "tools/call")[-1]["id"]
        if not tools.closes_stream:
            await until(
                lambda: any(m["params"]["requestId"] == call_id for m in sent(session, "notifications/cancelled")),
                what="notifications/cancelled",
            )
        assert not tools.cancel()  # nothing in flight


async def test_a_demo_tool_runs_as_a_task_2025_11_25() -> None:
    session = Session(options(DEMO, EraMode.LEGACY, "2025-11-25"))
    async with session:
        tools = await listed(session)
        slow = tool(tools, "long_running")
        assert tool_facts(slow) == ToolFacts(arguments=2, required=0, task_support="optional")
        weather = tool_facts(tool(tools, "get_weather"))
        assert weather.output_schema and weather.required == 1 and weather.task_support is None
        support = tools.task_support(slow)
        assert support is not None and support.allowed and not support.required
        seen: list[tuple[str, bool]] = []
        tools.subscribe(
            lambda what: seen.append((tools.task.get("status", ""), tools.task_first)) if what == TASK else None
        )
        assert tools.call(slow, {"steps": 3, "step_ms": 50}, as_task=True, ttl=60_000)
        await until(lambda: not tools.calling, what="the task")
        called = tools.called
        assert called is not None and called.as_task and called.outcome == RESULT and not called.no_task
        run = called.run
        assert run is not None and run.status == "completed" and run.task_id and called.reply is run.result
        assert seen[0][1] is True and all(not first for _status, first in seen[1:]) and seen[-1][0] == "completed"
        assert sent(session, "tools/call")[-1]["params"]["task"] == {"ttl": 60_000}
        assert sent(session, "tasks/result")[-1]["params"] == {"taskId": run.task_id}


async def test_an_excluded_tool_is_refused_as_data() -> None:
    session = Session(options([sys.executable, str(FIXTURES / "modern_fixture.py"), "--header-tools"], EraMode.MODERN))
    async with session:
        tools = await listed(session)
        excluded = [t for t in tools.items if tools.exclusion(t)]
        assert excluded, [t["name"] for t in tools.items]
        refusal = tools.refusal(excluded[0], {})
        assert (
            refusal is not None and refusal.code == REFUSE_EXCLUDED and refusal.detail == tools.exclusion(excluded[0])
        )
        fine = next(t for t in tools.items if not tools.exclusion(t))
        assert tools.actions(True, fine, more=False) == ToolActions(True, False, True, True, False)
        assert not tools.actions(True, excluded[0], more=False).call  # whatever else allows it
        assert tools.actions(True, None, more=True) == ToolActions(True, True, True, False, False)  # none selected
        assert tools.actions(False, fine, more=True) == ToolActions(False, True, False, False, False)  # not live
        tools.calling = True  # a call running: no second one, Cancel shown
        assert tools.actions(True, fine, more=False) == ToolActions(True, False, True, False, True)


@pytest.mark.peer
async def test_the_reference_server_reports_bad_arguments_as_a_tool_error() -> None:
    session = Session(options(reference_server()))
    async with session:
        tools = await listed(session)
        names = [t["name"] for t in tools.items]
        assert "echo" in names and len(names) == len(set(names))
        called = await tools.call_now(tool(tools, "echo"), {"message": 5})  # not a string: refused by the server
        assert called.outcome == TOOL_ERROR and called.reply is not None  # the TypeScript SDK answers isError
        called = await tools.call_now(tool(tools, "echo"), {"message": "hello"})
        assert called.outcome == RESULT and "hello" in called.reply.result["content"][0]["text"]
