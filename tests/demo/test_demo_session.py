"""The demo server through the real Session: each feature, in each era that has it.

Requests to the client go out as JSON-RPC requests in legacy and as InputRequiredResult in
2026-07-28; both are answered by the same ClientHandlers subclass here. Every test ends by
checking that everything the demo wrote is valid against the negotiated version's schema.
"""

from __future__ import annotations

import base64

import anyio
import pytest
from demo_helpers import BOUND, options, recording_schema_problems, wait_for

from inspector.protocol.lifecycle import State
from inspector.protocol.messages import Kind
from inspector.protocol.versions import LATEST_MODERN, EraMode
from inspector.session import ClientHandlers, Direction, Session

pytestmark = pytest.mark.anyio

CAPS = {
    "roots": {"listChanged": True},
    "sampling": {},
    "elicitation": {"form": {}, "url": {}},
    "tasks": {"list": {}, "cancel": {}, "requests": {"sampling": {"createMessage": {}}, "elicitation": {"create": {}}}},
}
ROOTS = [{"uri": "file:///work/project", "name": "project"}]


class Accepting(ClientHandlers):
    """A client whose user says yes to everything."""

    async def create_message(self, params: dict) -> dict:
        return {
            "role": "assistant",
            "content": {"type": "text", "text": "Messages flow, JSON-RPC"},
            "model": "test-model",
            "stopReason": "endTurn",
        }

    async def elicit(self, params: dict) -> dict:
        if params.get("mode") == "url":
            return {"action": "accept"}
        return {"action": "accept", "content": {"name": "Grace Hopper", "color": "blue", "newsletter": True}}


def text(reply) -> str:
    assert reply.ok, reply.error
    return "\n".join(c["text"] for c in reply.result["content"] if c["type"] == "text")


def tool(name: str, arguments: dict | None = None, **extra) -> dict:
    return {"name": name, "arguments": arguments or {}, **extra}


def finish(session: Session, version: str) -> None:
    rec = session.recording
    assert recording_schema_problems(rec, version) == []
    assert [e for e in rec if e.direction is Direction.S2C and e.schema_ok is False] == []
    assert rec.summary["state"] == "terminated"
    assert session.returncode == 0


# ---------------------------------------------------------------------- server -> client input


@pytest.mark.parametrize("version", ["2025-06-18", "2025-11-25"])
async def test_legacy_requests_to_the_client_are_answered_by_the_handlers(version: str) -> None:
    session = Session(options(version=version, capabilities=CAPS), handlers=Accepting(roots=ROOTS))
    async with session:
        await session.start()
        assert "file:///work/project" in text(await session.request("tools/call", tool("list_roots")))
        assert "test-model answered: Messages flow" in text(await session.request("tools/call", tool("sample_llm")))
        assert "Grace Hopper" in text(await session.request("tools/call", tool("elicit_form")))
        if version == "2025-11-25":
            assert "sign-in completed" in text(await session.request("tools/call", tool("elicit_url")))

    rec = session.recording
    asked = [e for e in rec if e.direction is Direction.S2C and e.kind is Kind.REQUEST]
    expected = ["roots/list", "sampling/createMessage", "elicitation/create"] + (
        ["elicitation/create"] if version == "2025-11-25" else []
    )
    assert [e.method for e in asked] == expected
    answers = [e for e in rec if e.direction is Direction.C2S and e.kind is Kind.RESULT]
    assert [e.method for e in answers] == expected  # each one answered, paired by id
    form = asked[2].json()["params"]
    assert ("mode" in form) == (version == "2025-11-25")
    props = form["requestedSchema"]["properties"]
    assert props["newsletter"]["default"] is False
    if version == "2025-11-25":
        assert props["name"]["default"] == "Ada Lovelace" and props["color"]["default"] == "green"
        assert [o["const"] for o in props["color"]["oneOf"]] == ["red", "green", "blue"]
        assert props["toppings"]["items"]["enum"] and props["toppings"]["default"] == ["cheese"]
        url = asked[3].json()["params"]
        assert url["mode"] == "url" and url["url"].startswith("https://") and url["elicitationId"]
        done = [e for e in rec if e.method == "notifications/elicitation/complete"]
        assert len(done) == 1 and done[0].json()["params"]["elicitationId"] == url["elicitationId"]
    else:
        assert props["color"]["enum"] == ["red", "green", "blue"] and "default" not in props["color"]
    assert [r for e in rec for r in e.violations] == []
    finish(session, version)


async def test_legacy_input_tools_without_the_capability_fail_and_say_why() -> None:
    session = Session(options(capabilities={}))
    async with session:
        await session.start()
        for name, cap in (
            ("list_roots", "roots"),
            ("sample_llm", "sampling"),
            ("elicit_form", "elicitation"),
            ("elicit_url", "elicitation"),
        ):
            reply = await session.request("tools/call", tool(name))
            assert reply.result["isError"] is True
            assert f"did not declare the '{cap}' capability" in text(reply)
    rec = session.recording
    assert [e for e in rec if e.direction is Direction.S2C and e.kind is Kind.REQUEST] == []
    assert [r for e in rec for r in e.violations] == []
    finish(session, "2025-11-25")


async def test_legacy_url_elicitation_needs_the_url_mode() -> None:
    session = Session(options(capabilities={"elicitation": {"form": {}}}))
    async with session:
        await session.start()
        reply = await session.request("tools/call", tool("elicit_url"))
        assert reply.result["isError"] is True and "{'url': {}}" in text(reply)
    finish(session, "2025-11-25")


async def test_legacy_client_error_becomes_a_tool_error() -> None:
    # The default handlers reject sampling (error -1) and decline elicitation.
    session = Session(options(capabilities=CAPS))
    async with session:
        await session.start()
        reply = await session.request("tools/call", tool("sample_llm"))
        assert reply.result["isError"] is True and "answered sampling/createMessage with error -1" in text(reply)
        assert "chose 'decline'" in text(await session.request("tools/call", tool("elicit_form")))
    finish(session, "2025-11-25")


async def test_modern_input_goes_through_input_required_results() -> None:
    session = Session(options(era=EraMode.MODERN, capabilities=CAPS), handlers=Accepting(roots=ROOTS))
    async with session:
        await session.start()
        for name, needle in (
            ("list_roots", "file:///work/project"),
            ("sample_llm", "Messages flow"),
            ("elicit_form", "Grace Hopper"),
            ("elicit_url", "sign-in completed"),
        ):
            reply = await session.request("tools/call", tool(name))
            assert reply.rounds == 2
            assert needle in text(reply)

    rec = session.recording
    interim = [
        e.json()["result"]
        for e in rec
        if e.direction is Direction.S2C
        and e.kind is Kind.RESULT
        and e.json()["result"]["resultType"] == "input_required"
    ]
    assert [next(iter(r["inputRequests"].values()))["method"] for r in interim] == [
        "roots/list",
        "sampling/createMessage",
        "elicitation/create",
        "elicitation/create",
    ]
    url = next(iter(interim[3]["inputRequests"].values()))["params"]
    assert url["mode"] == "url" and "elicitationId" not in url  # gone in 2026-07-28
    retries = [
        e.json()["params"]
        for e in rec
        if e.direction is Direction.C2S and e.method == "tools/call" and "inputResponses" in (e.json()["params"])
    ]
    assert [r["requestState"] for r in retries] == [r["requestState"] for r in interim]  # echoed back untouched
    assert [e for e in rec if e.direction is Direction.S2C and e.kind is Kind.REQUEST] == []
    assert [r for e in rec for r in e.violations] == []
    finish(session, LATEST_MODERN)


async def test_modern_input_without_the_capability_is_error_32021() -> None:
    session = Session(options(era=EraMode.MODERN, capabilities={"roots": {}}))
    async with session:
        await session.start()
        reply = await session.request("tools/call", tool("sample_llm"))
        assert reply.error["code"] == -32021
        assert reply.error["data"] == {"requiredCapabilities": {"sampling": {}}}
        # declared but declined by the default handler: one retry, then the tool gives up
        reply = await session.request("tools/call", tool("list_roots"))
        assert reply.rounds == 2 and "0 root(s)" in text(reply)
    finish(session, LATEST_MODERN)


# ---------------------------------------------------------------------- progress and cancellation


@pytest.mark.parametrize("era", [EraMode.LEGACY, EraMode.MODERN])
async def test_progress_then_cancel_stops_the_tool_and_nothing_more_is_sent(era: EraMode) -> None:
    session = Session(options(era=era))
    progress: list[float] = []
    scope = anyio.CancelScope()

    def on_notification(seq: int, obj: dict) -> None:
        if obj.get("method") == "notifications/progress":
            progress.append(obj["params"]["progress"])
            if len(progress) == 2:
                scope.cancel()

    session.notification_listeners.append(on_notification)

    async def long_call() -> None:
        with scope:
            await session.request("tools/call", tool("long_running", {"steps": 50, "step_ms": 150}), progress=True)

    async with session:
        await session.start()
        with anyio.fail_after(BOUND):
            async with anyio.create_task_group() as tg:
                tg.start_soon(long_call)
        # read in order after the cancellation: by then the tool has stopped for good
        assert text(await session.request("tools/call", tool("echo", {"message": "after"}))) == "after"
        assert text(await session.request("tools/call", tool("long_running", {"steps": 2, "step_ms": 1}))).startswith(
            "Finished 2 steps"
        )

    rec = session.recording
    cancel = next(e for e in rec if e.method == "notifications/cancelled")
    cancelled_id = cancel.json()["params"]["requestId"]
    assert cancel.json()["params"]["reason"] == "Cancelled by the user"
    for_it = [
        e
        for e in rec
        if e.direction is Direction.S2C
        and (
            e.id == cancelled_id
            or (e.method == "notifications/progress" and e.json()["params"]["progressToken"] == cancelled_id)
        )
    ]
    assert [e.kind for e in for_it] == [Kind.NOTIFICATION, Kind.NOTIFICATION]  # two progress, no answer
    assert all(e.seq < cancel.seq for e in for_it)
    assert progress == [1, 2]
    assert [r for e in rec for r in e.violations] == []
    finish(session, "2025-11-25" if era is EraMode.LEGACY else LATEST_MODERN)


# ---------------------------------------------------------------------- resources, prompts, completion, logging


async def test_resources_text_binary_template_and_not_found() -> None:
    session = Session(options(version="2025-06-18"))
    async with session:
        await session.start()
        listed = (await session.request("resources/list")).result["resources"]
        assert [r["uri"] for r in listed] == [
            "demo://static/readme.md",
            "demo://static/logo.png",
            "demo://static/tone.wav",
            "demo://counter",
        ]
        readme = (await session.request("resources/read", {"uri": "demo://static/readme.md"})).result["contents"][0]
        assert readme["mimeType"] == "text/markdown" and readme["text"].startswith("# MCP Session Inspector demo")
        logo = (await session.request("resources/read", {"uri": "demo://static/logo.png"})).result["contents"][0]
        assert base64.b64decode(logo["blob"]).startswith(b"\x89PNG\r\n\x1a\n")
        tone = (await session.request("resources/read", {"uri": "demo://static/tone.wav"})).result["contents"][0]
        raw = base64.b64decode(tone["blob"])
        assert raw[:4] == b"RIFF" and raw[8:12] == b"WAVE"
        templates = (await session.request("resources/templates/list")).result["resourceTemplates"]
        assert templates[0]["uriTemplate"] == "demo://items/{category}/{item}"
        item = (await session.request("resources/read", {"uri": "demo://items/tool/saw"})).result["contents"][0]
        assert item["text"] == "saw is a tool in the demo catalogue.\n"
        missing = await session.request("resources/read", {"uri": "demo://nope"})
        assert missing.error["code"] == -32002 and missing.error["data"] == {"uri": "demo://nope"}
    finish(session, "2025-06-18")


async def test_modern_resource_not_found_is_invalid_params_and_reads_carry_cache_hints() -> None:
    session = Session(options(era=EraMode.MODERN))
    async with session:
        await session.start()
        assert (await session.request("resources/read", {"uri": "demo://nope"})).error["code"] == -32602
        static = (await session.request("resources/read", {"uri": "demo://static/readme.md"})).result
        counter = (await session.request("resources/read", {"uri": "demo://counter"})).result
        assert static["ttlMs"] > 0 and counter["ttlMs"] == 0
        assert static["cacheScope"] == counter["cacheScope"] == "public"
    finish(session, LATEST_MODERN)


async def test_legacy_subscribe_update_unsubscribe() -> None:
    session = Session(options())
    updates: list[str] = []
    session.notification_listeners.append(
        lambda seq, obj: (
            updates.append(obj["params"]["uri"]) if obj.get("method") == "notifications/resources/updated" else None
        )
    )
    async with session:
        await session.start()
        assert (await session.request("resources/subscribe", {"uri": "demo://counter"})).result == {}
        assert "sent notifications/resources/updated" in text(
            await session.request("tools/call", tool("touch_resource"))
        )
        assert updates == ["demo://counter"]  # the update is written before the tool's answer
        counter = (await session.request("resources/read", {"uri": "demo://counter"})).result["contents"][0]["text"]
        assert counter == "count: 1\n"
        assert (await session.request("resources/unsubscribe", {"uri": "demo://counter"})).result == {}
        assert "nobody subscribed" in text(await session.request("tools/call", tool("touch_resource")))
        assert (await session.request("resources/subscribe", {"uri": "demo://nope"})).error["code"] == -32002
    assert updates == ["demo://counter"]
    finish(session, "2025-11-25")


async def test_list_changed_after_add_item_legacy() -> None:
    session = Session(options(version="2025-03-26"))
    async with session:
        await session.start()
        for kind in ("resource", "tool", "prompt"):
            assert text(await session.request("tools/call", tool("add_item", {"kind": kind}))).startswith(
                f"Added {kind}"
            )
        assert "added_tool_1" in [t["name"] for t in (await session.request("tools/list")).result["tools"]]
        assert (
            text(await session.request("tools/call", tool("added_tool_1"))) == "added_tool_1: I was added by add_item."
        )
        assert "demo://added/1" in [r["uri"] for r in (await session.request("resources/list")).result["resources"]]
        assert (await session.request("prompts/get", {"name": "added_prompt_1"})).ok
    methods = [e.method for e in session.recording if e.direction is Direction.S2C and e.kind is Kind.NOTIFICATION]
    assert methods == [
        "notifications/resources/list_changed",
        "notifications/tools/list_changed",
        "notifications/prompts/list_changed",
    ]
    finish(session, "2025-03-26")


async def test_prompts_and_completion() -> None:
    session = Session(options())
    async with session:
        await session.start()
        prompts = (await session.request("prompts/list")).result["prompts"]
        assert [p["name"] for p in prompts] == ["greeting", "code_review"]
        got = (
            await session.request("prompts/get", {"name": "greeting", "arguments": {"name": "Ada", "style": "formal"}})
        ).result
        assert got["messages"][0]["content"]["text"] == "Write a short formal greeting for Ada."
        review = (await session.request("prompts/get", {"name": "code_review", "arguments": {"language": "go"}})).result
        assert review["messages"][1]["content"]["type"] == "resource"
        assert (await session.request("prompts/get", {"name": "greeting"})).error["code"] == -32602

        async def complete(ref: dict, name: str, value: str, context: dict | None = None) -> list[str]:
            params = {"ref": ref, "argument": {"name": name, "value": value}}
            if context is not None:
                params["context"] = {"arguments": context}
            return (await session.request("completion/complete", params)).result["completion"]["values"]

        prompt = {"type": "ref/prompt", "name": "greeting"}
        template = {"type": "ref/resource", "uri": "demo://items/{category}/{item}"}
        assert await complete(prompt, "name", "a") == ["Ada", "Alan"]
        assert await complete(prompt, "style", "") == ["casual", "formal", "pirate"]
        assert await complete({"type": "ref/prompt", "name": "code_review"}, "language", "ja") == ["java", "javascript"]
        assert await complete(template, "category", "") == ["fruit", "tool", "vegetable"]
        assert await complete(template, "item", "c", {"category": "vegetable"}) == ["carrot", "celery"]
        assert await complete(template, "item", "c") == ["carrot", "celery", "cherry"]
    finish(session, "2025-11-25")


@pytest.mark.malformed_c2s  # logging/setLevel "loud" on purpose: the demo must refuse it
async def test_legacy_logging_follows_set_level() -> None:
    session = Session(options())
    async with session:
        await session.start()
        assert "Sent 8 of 8" in text(await session.request("tools/call", tool("log_levels")))
        assert (await session.request("logging/setLevel", {"level": "warning"})).result == {}
        assert "Sent 5 of 8" in text(await session.request("tools/call", tool("log_levels")))
        assert (await session.request("logging/setLevel", {"level": "loud"})).error["code"] == -32602
    levels = [e.json()["params"]["level"] for e in session.recording if e.method == "notifications/message"]
    assert levels[8:] == ["warning", "error", "critical", "alert", "emergency"]
    finish(session, "2025-11-25")


@pytest.mark.parametrize(("level", "expected"), [(None, 0), ("error", 4), ("debug", 8)])
async def test_modern_logging_is_per_request(level: str | None, expected: int) -> None:
    session = Session(options(era=EraMode.MODERN, log_level=level))
    async with session:
        await session.start()
        reply = await session.request("tools/call", tool("log_levels"))
        assert ("no io.modelcontextprotocol/logLevel" in text(reply)) == (level is None)
    assert len([e for e in session.recording if e.method == "notifications/message"]) == expected
    finish(session, LATEST_MODERN)


async def test_tools_of_each_kind() -> None:
    session = Session(options())
    async with session:
        await session.start()
        tools = {t["name"]: t for t in (await session.request("tools/list")).result["tools"]}
        schema = tools["input_types"]["inputSchema"]["properties"]
        assert {p["type"] for p in schema.values()} == {"string", "integer", "number", "boolean", "array", "object"}
        assert schema["color"]["enum"] and schema["address"]["properties"]["geo"]["type"] == "object"
        assert tools["long_running"]["execution"] == {"taskSupport": "optional"}
        assert tools["get_weather"]["outputSchema"]["required"]
        filled = text(
            await session.request("tools/call", tool("input_types", {"text": "hi", "address": {"city": "Oslo"}}))
        )
        assert (
            '"city": "Oslo"' in filled
            and '"street": "1 Main Street"' in filled
            and '"count": 3' in filled
            and '"lat": 0.0' in filled
        )
        bad = await session.request("tools/call", tool("input_types", {"count": 99}))
        assert (
            bad.result["isError"] is True
            and "arguments.text: required" in text(bad)
            and "above the maximum" in text(bad)
        )
        weather = (
            await session.request("tools/call", tool("get_weather", {"city": "Oslo", "units": "imperial"}))
        ).result
        assert weather["structuredContent"]["city"] == "Oslo" and weather["structuredContent"]["units"] == "imperial"
        failed = (await session.request("tools/call", tool("always_fails"))).result
        assert failed["isError"] is True
        media = (await session.request("tools/call", tool("media"))).result["content"]
        assert [c["type"] for c in media] == ["text", "image", "audio", "resource_link", "resource_link"]
        assert base64.b64decode(media[1]["data"]).startswith(b"\x89PNG")
        unknown = await session.request("tools/call", tool("no_such_tool"))
        assert unknown.error["code"] == -32602
    finish(session, "2025-11-25")


# ---------------------------------------------------------------------- tasks (2025-11-25)


async def test_tasks_create_poll_result_list_cancel() -> None:
    session = Session(options(capabilities=CAPS))
    statuses: list[tuple[str, str]] = []
    session.notification_listeners.append(
        lambda seq, obj: (
            statuses.append((obj["params"]["taskId"], obj["params"]["status"]))
            if obj.get("method") == "notifications/tasks/status"
            else None
        )
    )
    async with session:
        await session.start()
        created = (
            await session.request("tools/call", tool("long_running", {"steps": 3, "step_ms": 20}, task={"ttl": 60000}))
        ).result
        task = created["task"]
        assert task["status"] == "working" and task["ttl"] == 60000 and task["createdAt"].endswith("Z")
        got = (await session.request("tasks/get", {"taskId": task["taskId"]})).result
        assert got["taskId"] == task["taskId"] and got["status"] in ("working", "completed")
        result = (await session.request("tasks/result", {"taskId": task["taskId"]})).result  # blocks until done
        assert result["content"][0]["text"] == "Finished 3 steps of 20 ms."
        assert result["_meta"]["io.modelcontextprotocol/related-task"] == {"taskId": task["taskId"]}
        assert (await session.request("tasks/get", {"taskId": task["taskId"]})).result["status"] == "completed"

        slow = (
            await session.request("tools/call", tool("long_running", {"steps": 100, "step_ms": 100}, task={}))
        ).result["task"]
        listed = (await session.request("tasks/list")).result["tasks"]
        assert [t["taskId"] for t in listed] == [task["taskId"], slow["taskId"]]
        cancelled = (await session.request("tasks/cancel", {"taskId": slow["taskId"]})).result
        assert cancelled["status"] == "cancelled"
        again = await session.request("tasks/cancel", {"taskId": slow["taskId"]})
        assert again.error["code"] == -32602
        after = (await session.request("tasks/result", {"taskId": slow["taskId"]})).result
        assert after["isError"] is True and "cancelled" in after["content"][0]["text"]
        assert (await session.request("tasks/get", {"taskId": "nope"})).error["code"] == -32602
        # a tool without execution.taskSupport cannot run as a task
        assert (await session.request("tools/call", tool("echo", {"message": "x"}, task={}))).error["code"] == -32601
    assert statuses == [(task["taskId"], "completed"), (slow["taskId"], "cancelled")]
    assert [r for e in session.recording for r in e.violations] == []
    finish(session, "2025-11-25")


async def test_no_tasks_before_2025_11_25() -> None:
    session = Session(options(version="2025-06-18", capabilities=CAPS))
    async with session:
        await session.start()
        assert "tasks" not in session.engine.server_capabilities
        assert (await session.request("tasks/list")).error["code"] == -32601
        tools = (await session.request("tools/list")).result["tools"]
        assert all("execution" not in t for t in tools)
    finish(session, "2025-06-18")


# ---------------------------------------------------------------------- subscriptions/listen (2026-07-28)


async def test_modern_subscriptions_listen_ack_updates_cancel() -> None:
    session = Session(options(era=EraMode.MODERN))
    rec = session.recording
    scope = anyio.CancelScope()

    async def listen() -> None:
        with scope:
            await session.request(
                "subscriptions/listen",
                {"notifications": {"toolsListChanged": True, "resourceSubscriptions": ["demo://counter"]}},
                timeout=BOUND,
            )

    def s2c(method: str) -> list:
        return [e for e in rec if e.direction is Direction.S2C and e.method == method]

    async with session:
        await session.start()
        async with anyio.create_task_group() as tg:
            tg.start_soon(listen)
            ack = (await wait_for(rec, lambda: s2c("notifications/subscriptions/acknowledged"), "the acknowledgement"))[
                0
            ].json()["params"]
            listen_id = next(e for e in rec if e.method == "subscriptions/listen" and e.direction is Direction.C2S).id
            assert ack == {
                "_meta": {"io.modelcontextprotocol/subscriptionId": listen_id},
                "notifications": {"toolsListChanged": True, "resourceSubscriptions": ["demo://counter"]},
            }
            assert "notified 1 subscriptions/listen stream(s)" in text(
                await session.request("tools/call", tool("touch_resource"))
            )
            assert "to 1 subscriptions/listen stream(s)" in text(
                await session.request("tools/call", tool("add_item", {"kind": "tool"}))
            )
            assert "to 0 subscriptions/listen stream(s)" in text(
                await session.request("tools/call", tool("add_item", {"kind": "prompt"}))
            )
            scope.cancel()
        assert "notified 0" in text(await session.request("tools/call", tool("touch_resource")))

    updated = [e.json()["params"] for e in s2c("notifications/resources/updated")]
    assert updated == [{"uri": "demo://counter", "_meta": {"io.modelcontextprotocol/subscriptionId": listen_id}}]
    changed = [e.json()["params"] for e in s2c("notifications/tools/list_changed")]
    assert changed == [{"_meta": {"io.modelcontextprotocol/subscriptionId": listen_id}}]
    assert s2c("notifications/prompts/list_changed") == []
    assert [e for e in rec if e.direction is Direction.S2C and e.id == listen_id] == []  # cancelled: no response
    assert [r for e in rec for r in e.violations] == []
    finish(session, LATEST_MODERN)


async def test_modern_listen_stream_ends_gracefully_at_shutdown() -> None:
    session = Session(options(era=EraMode.MODERN))
    rec = session.recording
    replies = []

    async def listen() -> None:
        replies.append(
            await session.request(
                "subscriptions/listen", {"notifications": {"resourcesListChanged": True}}, timeout=BOUND
            )
        )

    async with session:
        await session.start()
        async with anyio.create_task_group() as tg:
            tg.start_soon(listen)
            await wait_for(
                rec,
                lambda: any(e.method == "notifications/subscriptions/acknowledged" for e in rec),
                "the acknowledgement",
            )
            await session.close()  # stdin closes: the demo answers the open stream, then exits
    assert len(replies) == 1 and replies[0].ok
    result = replies[0].result
    assert result["resultType"] == "complete"
    assert result["_meta"]["io.modelcontextprotocol/subscriptionId"] == replies[0].id
    assert session.state is State.TERMINATED
    finish(session, LATEST_MODERN)
