"""The prompts controller (session/controllers/prompts.py), headless, against real servers over
real pipes: the demo server in both eras and the npm reference server."""

from __future__ import annotations

import sys

import anyio
import pytest
from peers import reference_server
from polling import until

from inspector.protocol.engine import ClientConfig
from inspector.protocol.errors import INVALID_PARAMS
from inspector.protocol.versions import EraMode
from inspector.session import Direction, Session, SessionOptions
from inspector.session.controllers.base import FAIL_ERROR, FAIL_SESSION, LISTED, LOADING, PAGE, WAIT
from inspector.session.controllers.prompts import (
    GETTING,
    GOT,
    PromptArgument,
    PromptMessages,
    PromptsController,
    prompt_arguments,
    prompt_messages,
)
from inspector.transport.base import StdioSpec

pytestmark = pytest.mark.anyio

DEMO = [sys.executable, "-m", "inspector.demo"]


def options(argv: list[str], era: EraMode = EraMode.LEGACY) -> SessionOptions:
    return SessionOptions(
        transport=StdioSpec(argv=list(argv)), config=ClientConfig(era=era), stdin_grace=3.0, term_grace=2.0
    )


def gets_sent(session: Session) -> list[dict]:
    rec = session.recording
    return [
        rec[i].json()["params"]
        for i in range(len(rec))
        if rec.direction_at(i) is Direction.C2S and rec.method_at(i) == "prompts/get"
    ]


async def attached(session: Session) -> PromptsController:
    await session.start()
    neg = session.negotiation()
    prompts = PromptsController()
    prompts.attach(session, neg.era, neg.version, announces_changes=True)
    return prompts


def test_a_prompts_arguments_and_the_missing_ones() -> None:
    prompt = {
        "name": "p",
        "arguments": [{"name": "a", "required": True, "description": "A."}, {"name": "b"}, "junk", {"name": 3}],
    }
    assert prompt_arguments(prompt) == [PromptArgument("a", True, "A."), PromptArgument("b")]
    assert PromptsController.missing(prompt, {"b": "x"}) == ["a"]
    assert PromptsController.missing(prompt, {"a": "x"}) == []
    assert PromptsController.get_params(prompt, {"a": "x", "b": ""}) == {"name": "p", "arguments": {"a": "x"}}
    assert PromptsController.get_params({"name": "q"}, {}) == {"name": "q"}
    # a recorded get's arguments back in the form, as text
    sent = PromptsController.get_params(prompt, {"a": "x", "b": "y"})
    assert PromptsController.sent_values(sent) == {"a": "x", "b": "y"}
    assert PromptsController.sent_values({"name": "p", "arguments": {"n": 3, "t": True}}) == {"n": "3", "t": "True"}
    assert PromptsController.sent_values({"name": "q", "arguments": ["not", "an", "object"]}) == {}
    assert not PromptsController().get(prompt, {"a": "x"})  # no session: nothing is sent


@pytest.mark.parametrize("mode", [EraMode.LEGACY, EraMode.MODERN], ids=["legacy", "modern"])
async def test_list_get_and_a_reload_on_list_changed_from_the_demo(mode: EraMode) -> None:
    session = Session(options(DEMO, mode))
    async with session:
        prompts = await attached(session)
        events: list[str] = []
        prompts.subscribe(events.append)
        session.notification_listeners.append(
            lambda seq, obj: (
                prompts.list_changed() if obj.get("method") == "notifications/prompts/list_changed" else None
            )
        )
        prompts.listen()
        assert prompts.refresh()
        await until(lambda: prompts.outcome is not None, what="the list")
        assert [p["name"] for p in prompts.items] == ["greeting", "code_review"]
        shown = [e for e in events if e != WAIT]  # WAIT: the request followed in the recording
        assert shown == [LOADING, PAGE, LISTED] and WAIT in events

        greeting = prompts.items[0]
        assert prompts.get(greeting, {"name": "Ada", "style": "pirate"})
        assert prompts.getting and events[-1] == GETTING
        await until(lambda: prompts.got is not None, what="the get")
        got = prompts.got
        assert got is not None and got.failure is None and events[-1] == GOT and not prompts.getting
        assert got.result is not None and got.result["description"] == "A pirate greeting for Ada"
        assert [{k: v for k, v in p.items() if k != "_meta"} for p in gets_sent(session)] == [
            {"name": "greeting", "arguments": {"name": "Ada", "style": "pirate"}}
        ]

        if session.negotiation().era == "modern":
            await until(lambda: prompts.listening and session.listen_hub.state == "listening", what="the stream")
        reply = await session.request("tools/call", {"name": "add_item", "arguments": {"kind": "prompt"}})
        assert reply.ok
        await until(lambda: len(prompts.items) == 3 and not prompts.loading, what="the reload")


@pytest.mark.peer
async def test_a_newer_get_wins_and_an_error_answer_is_data_from_the_reference_server() -> None:
    session = Session(options(reference_server()))
    async with session:
        prompts = await attached(session)
        assert prompts.refresh()
        await until(lambda: prompts.outcome is not None, what="the list")
        simple = next(p for p in prompts.items if p["name"] == "simple-prompt")
        outcomes: dict[str, object] = {}

        async def get(prompt: dict) -> None:
            outcomes[prompt["name"]] = await prompts.fetch(prompts.get_params(prompt, {}))

        async with anyio.create_task_group() as tg:
            tg.start_soon(get, {"name": "no-such-prompt"})  # asked first, so stale once the second is asked
            tg.start_soon(get, simple)
        assert outcomes["no-such-prompt"] is None and outcomes["simple-prompt"] is not None
        got = prompts.got
        assert got is not None and got.name == "simple-prompt" and got.failure is None and got.result is not None
        assert len(gets_sent(session)) == 2

        # an error answer is a failure with the server's error object, not words
        assert await prompts.fetch({"name": "no-such-prompt"}) is not None
        got = prompts.got
        assert got is not None and got.result is None and got.failure is not None
        assert (
            got.failure.code == FAIL_ERROR
            and got.failure.error is not None
            and got.failure.error["code"] == INVALID_PARAMS
        )

    outcome = await prompts.fetch({"name": "simple-prompt"})
    assert (
        outcome is not None
        and outcome.failure is not None
        and outcome.failure.code == FAIL_SESSION
        and outcome.failure.detail
    )


def test_what_a_get_result_shows() -> None:
    result = {
        "description": "A greeting",
        "messages": [
            {"role": "user", "content": {"type": "text", "text": "hi"}},
            "junk",
            {"role": 3, "content": {"type": "text", "text": "odd role"}},
            {"role": "assistant"},
        ],
    }
    assert prompt_messages(result) == PromptMessages(
        "A greeting",
        [("user", {"type": "text", "text": "hi"}), ("", {"type": "text", "text": "odd role"}), ("assistant", None)],
    )
    assert prompt_messages({"description": 5, "messages": {"role": "user"}}) == PromptMessages("", [])
