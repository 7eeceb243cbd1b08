"""UserAnswers headless (session/user_answers.py): the server's requests answered by a person,
without Qt, against the demo server in both eras — a scripted user in place of the dialogs.

The window's dialogs (tests/ui/test_client_side.py) only show and forward; what is answered, how
a wait ends and what the reply looks like are checked here."""

from __future__ import annotations

import math
from collections.abc import Callable
from contextlib import asynccontextmanager

import anyio
import pytest
from answer_views import client_answers, retry_responses
from polling import BOUND, until

from inspector.protocol.jsontypes import JsonObject, JsonValue
from inspector.session import Session, SessionError
from inspector.session.profiles import demo_profile
from inspector.session.user_answers import (
    DEFAULT_MODEL,
    SAMPLING_REJECTED,
    Countdown,
    Origin,
    Prompt,
    UserAnswers,
    answer_problems,
    block_text,
    content_field,
    message_blocks,
    names_in,
    sampling_extras,
    sampling_result,
)

pytestmark = pytest.mark.anyio
ROOTS = [{"uri": "file:///tmp/project", "name": "project"}]


class Card:
    """What a scripted user was shown: one request, answered through ``reply``."""

    def __init__(self, method: str, params: JsonObject, origin: Origin, reply: Callable[[JsonValue], None]) -> None:
        self.method, self.params, self.origin, self.reply = method, params, origin, reply
        self.expired = False

    def expire(self) -> None:
        self.expired = True


class ScriptedUser(UserAnswers):
    """Answers with ``script(card)`` at once (a value, or ``...`` to leave the card unanswered)."""

    def __init__(self, script: Callable[[Card], object], timeout: float = 300.0) -> None:
        super().__init__([dict(r) for r in ROOTS], timeout=timeout)
        self.script = script
        self.cards: list[Card] = []
        self.ended: list[tuple[str, str]] = []

    def present(self, method: str, params: JsonObject, origin: Origin, answer: Callable[[JsonValue], None]) -> Prompt:
        card = Card(method, params, origin, answer)
        self.cards.append(card)
        value = self.script(card)
        if value is not ...:
            answer(value)
        return card

    def closed(self, prompt: Prompt, method: str, how: str) -> None:
        self.ended.append((method, how))


@asynccontextmanager
async def demo(user: UserAnswers, era: str = "legacy"):
    profile = demo_profile()
    profile.era = era
    profile.stdin_grace = profile.term_grace = 1.0
    profile.request_timeout = BOUND
    async with anyio.create_task_group() as tg:
        session = Session(profile.to_options(), handlers=user)
        session.recording.header["server_name"] = profile.name
        user.attach(session, tg)
        async with session:
            await session.start()
            yield session
        tg.cancel_scope.cancel()


async def call(session: Session, name: str, arguments: dict | None = None):
    with anyio.fail_after(BOUND):
        return await session.request("tools/call", {"name": name, "arguments": arguments or {}})


def text_of(reply) -> str:
    assert reply.ok, reply.error
    return "\n".join(b.get("text", "") for b in reply.result.get("content", []))


@pytest.mark.parametrize("era", ["legacy", "modern"])
async def test_sampling_approved_reaches_the_server_in_either_era(era):
    written = sampling_result("Hello, tests!", "test-model-1", "maxTokens")
    user = ScriptedUser(lambda card: written)
    async with demo(user, era) as session:
        reply = await call(session, "sample_llm", {"prompt": "Say hello.", "max_tokens": 42})
        assert text_of(reply) == "The model test-model-1 answered: Hello, tests!"
        card = user.cards[-1]
        assert card.method == "sampling/createMessage" and card.params["maxTokens"] == 42
        assert card.origin.era == era and card.origin.server == "Demo server (built in)"
        assert any("Say hello." in text for _, text in message_blocks(card.params))
        if era == "legacy":
            assert client_answers(session.recording, "sampling/createMessage")[-1]["result"] == written
        else:
            assert retry_responses(session.recording) == {"sample": written}
    assert user.history[-1] == ("sampling/createMessage", "answered") == user.ended[-1]
    assert not card.expired and user.waits == {}


@pytest.mark.parametrize("era", ["legacy", "modern"])
async def test_elicitation_answer_and_a_refused_sampling(era):
    answers = {"elicitation/create": {"action": "decline"}, "sampling/createMessage": None}
    user = ScriptedUser(lambda card: answers[card.method])
    async with demo(user, era) as session:
        text_of(await call(session, "elicit_form"))
        reply = await call(session, "sample_llm")
        if era == "legacy":
            assert client_answers(session.recording, "elicitation/create")[-1]["result"] == {"action": "decline"}
            error = client_answers(session.recording, "sampling/createMessage")[-1]["error"]
            assert error == {"code": -1, "message": SAMPLING_REJECTED, "data": {"reason": "the user rejected it"}}
        else:
            assert retry_responses(session.recording) == {}  # a refused input request is left out of the retry
        assert reply.result["isError"] is True
    assert [how for _, how in user.history] == ["answered", "answered"]


async def test_a_wait_ends_on_timeout_with_the_reason_and_the_prompt_expired():
    user = ScriptedUser(lambda card: ..., timeout=0.3)
    async with demo(user) as session:
        reply = await call(session, "sample_llm")
        assert reply.result["isError"] is True
        error = client_answers(session.recording, "sampling/createMessage")[-1]["error"]
        assert error["message"] == SAMPLING_REJECTED and error["data"] == {"reason": "no answer within 0.3 s"}
    assert user.cards[-1].expired and user.history[-1] == ("sampling/createMessage", "timeout")


@pytest.mark.parametrize("era", ["legacy", "modern"])
async def test_session_ended_cancels_an_open_elicitation(era):
    user = ScriptedUser(lambda card: ...)
    async with demo(user, era) as session:
        async with anyio.create_task_group() as tg:
            tg.start_soon(call, session, "elicit_form")
            await until(lambda: user.waits, what="the elicitation's wait")
            user.session_ended()  # what a front-end calls when its session stops
        if era == "legacy":
            assert client_answers(session.recording, "elicitation/create")[-1]["result"] == {"action": "cancel"}
    assert user.cards[-1].expired and user.history[-1] == ("elicitation/create", "session ended")


@pytest.mark.parametrize("era", ["legacy", "modern"])
async def test_the_server_exiting_ends_the_wait(era):
    user = ScriptedUser(lambda card: ...)
    outcome: list[object] = []
    async with demo(user, era) as session:

        async def go() -> None:
            try:
                outcome.append(await call(session, "sample_llm"))
            except SessionError as exc:
                outcome.append(exc)

        async with anyio.create_task_group() as tg:
            tg.start_soon(go)
            await until(lambda: user.waits, what="the sampling wait")
            await session.close()
    assert outcome and user.waits == {} and user.cards[-1].expired
    assert user.history[-1][0] == "sampling/createMessage"
    assert user.history[-1][1] in ("session ended", "cancelled")


async def test_roots_answered_from_the_list_and_a_change_announced_in_legacy():
    user = ScriptedUser(lambda card: ...)
    async with demo(user) as session:
        assert "1 root(s)" in text_of(await call(session, "list_roots"))
        assert client_answers(session.recording, "roots/list")[-1]["result"] == {"roots": ROOTS}
        assert user.notifies_roots(session)
        assert not user.set_roots([dict(r) for r in ROOTS])  # no change: nothing to announce
        assert user.set_roots([*ROOTS, {"uri": "file:///srv/data", "name": ""}])
        rec = session.recording
        await until(
            lambda: any(rec.method_at(i) == "notifications/roots/list_changed" for i in range(len(rec))),
            what="roots/list_changed",
        )
        assert "file:///srv/data" in text_of(await call(session, "list_roots"))
        # an empty name is left out of the answer
        assert client_answers(session.recording, "roots/list")[-1]["result"]["roots"][-1] == {"uri": "file:///srv/data"}
    assert user.history[-1] == ("roots/list", "answered")


async def test_answer_problems_are_the_negotiated_versions_objections():
    user = ScriptedUser(lambda card: ...)
    async with demo(user):
        check = user.answer_check("sampling/createMessage")
        assert check is not None
        assert answer_problems(check, sampling_result("hi", "", "")) == []
        problems = answer_problems(check, {"role": "assistant", "model": "m"})  # no content
        assert problems and all(not path.startswith("/result") for path, _ in problems)
        elicit = user.answer_check("elicitation/create")
        assert answer_problems(elicit, {"action": "maybe"})
    assert UserAnswers().answer_check("sampling/createMessage") is None
    assert answer_problems(None, {"anything": 1}) == []


def test_the_words_free_readings():
    assert sampling_result("t", " ", "") == {
        "role": "assistant",
        "content": {"type": "text", "text": "t"},
        "model": DEFAULT_MODEL,
        "stopReason": "endTurn",
    }
    assert content_field("/content/a~1b~0c") == "a/b~c" and content_field("/action") is None
    assert content_field("") is None
    assert block_text({"type": "image", "mimeType": "image/png", "data": "AAAA"}) == "[image image/png, about 3 bytes]"
    assert block_text({"type": "tool_result", "toolUseId": "t1", "content": [{"type": "text", "text": "ok"}]}) == (
        "[tool_result t1] ok"
    )
    assert message_blocks({"messages": [{"role": "user", "content": [{"type": "text", "text": "a"}, "b"]}, 3]}) == [
        ("user", "a\nb")
    ]
    assert sampling_extras({"temperature": 0.5, "stopSequences": ["x"], "maxTokens": 9}) == [
        "temperature 0.5",
        'stopSequences ["x"]',
    ]
    assert names_in([{"name": "a"}, "junk", {"name": "b"}]) == "a, b" and names_in(None) == ""


def test_a_countdown_says_the_whole_seconds_left_and_none_without_a_deadline():
    now = [100.0]
    wait = Countdown(75.2, clock=lambda: now[0])
    assert wait.deadline == 175.2 and wait.left() == "1:16"  # rounded up
    now[0] = 175.0
    assert wait.left() == "0:01"
    now[0] = 300.0
    assert wait.left() == "0:00"  # never below zero
    assert Countdown(None).left() is None and Countdown(math.inf).deadline is None
