"""What the step bar says of a held step (session/step_words.py), headless: the first steps of
a real session with the demo server in step mode (the client's initialize, the server's
answer), then a shutdown step and a translation that lost its placeholder."""

from __future__ import annotations

import sys

import anyio
import orjson
import pytest
from session_helpers import options, wait_for

from inspector.session import Session
from inspector.session.step_mode import PendingStep
from inspector.session.step_words import CONTEXT, WORDS, message_text, step_text
from inspector.session.translate import untranslated

pytestmark = pytest.mark.anyio


async def first_steps() -> list[PendingStep]:
    session = Session(options([sys.executable, "-m", "inspector.demo"], step=True))
    steps: list[PendingStep] = []
    async with session:
        async with anyio.create_task_group() as tg:
            tg.start_soon(session.start)
            while len(steps) < 2:
                step = await wait_for(
                    lambda: session.gate.pending if session.gate.pending not in steps else None, what="a step"
                )
                steps.append(step)
                session.gate.go()
            session.gate.release_all()
    return steps


async def test_the_first_steps_of_a_real_session_in_words() -> None:
    sent, answer = await first_steps()
    asked: list[tuple[str, str]] = []

    def tr(context: str, text: str) -> str:
        asked.append((context, text))
        return text

    words = step_text(tr, sent)
    assert words.title == WORDS["title-c2s"] and words.continue_tip == WORDS["continue-c2s"]
    assert words.explanation == sent.text and "initialize" in words.explanation
    assert ("Steps", sent.explanation) in asked and (CONTEXT, WORDS["title-c2s"]) in asked
    assert words.note == sent.note and (("Teaching", sent.note) in asked) == bool(sent.note)
    if sent.spec:
        version, _, page = sent.spec.partition(" ")
        assert words.spec_link == f"Spec {version}: {page.replace('#', ' § ')} ↗"
    back = step_text(untranslated, answer)
    assert answer.direction == "s2c" and back.title == WORDS["title-s2c"]
    assert back.continue_tip == "Take this message in: record, check and deliver it (F8)"
    shown = message_text(sent.raw)
    assert orjson.loads(shown) == orjson.loads(sent.raw) and shown.startswith("{\n  ")


def test_a_shutdown_step_a_lost_placeholder_and_text_that_is_no_json() -> None:
    step = PendingStep(b"", "close stdin of {name}", "shutdown", {"name": "demo"})
    words = step_text(lambda _c, text: text.replace("{name}", "{nom}"), step)  # the placeholder lost
    assert words.explanation == "close stdin of demo"  # the English, filled in
    assert words.title == WORDS["title-shutdown"] and words.continue_tip == WORDS["continue-shutdown"]
    assert words.note == "" and words.spec_link == ""
    assert message_text(b"not json \xff") == "not json \ufffd"  # as the timeline shows undecodable bytes


def test_the_members_a_held_message_shows_in_bold_pair_and_negotiate():
    from inspector.protocol.versions import META_PROTOCOL_VERSION
    from inspector.session.step_words import EMPHASIS

    assert {"id", "method", "protocolVersion", "capabilities", "requestId"} <= EMPHASIS
    assert META_PROTOCOL_VERSION in EMPHASIS  # the modern era negotiates in _meta
    assert "params" not in EMPHASIS and "result" not in EMPHASIS  # containers stay plain
