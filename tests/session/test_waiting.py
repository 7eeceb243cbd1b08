"""What became of a request a front-end waits on (session.waiting.RequestWatch), against real
fixture servers: an answer with a wrong id while waiting, then the timeout; a clean answer; an
answer that is this list's told from one of another list; a flagged answer paired with it."""

from __future__ import annotations

import anyio
import pytest
from session_helpers import misbehave, options

from inspector.session import RequestTimeout, Session
from inspector.session.recording import Direction
from inspector.session.waiting import KEEP_UNMATCHED, RequestWatch

pytestmark = pytest.mark.anyio


async def test_a_wrong_id_answer_then_the_timeout_are_told_with_their_entries() -> None:
    session = Session(options(misbehave("wrong-id-lists"), request_timeout=1.0))
    async with session:
        await session.start()
        rec = session.recording
        tools = RequestWatch(rec, "tools/list", "tools")
        prompts = RequestWatch(rec, "prompts/list", "prompts")
        seen: list[bool] = []
        tools.changed = lambda: seen.append(tools.state.flagged)
        tools.attach()
        prompts.attach()
        async with anyio.create_task_group() as tg:
            failures: list[str] = []

            async def ask(method: str) -> None:
                with pytest.raises(RequestTimeout) as info:
                    await session.request(method)
                failures.append(str(info.value))

            tg.start_soon(ask, "tools/list")
            tg.start_soon(ask, "prompts/list")
            with anyio.fail_after(10):
                while not (tools.state.unmatched and prompts.state.unmatched):
                    await anyio.sleep(0.01)
            s = tools.state
            assert s.waiting and s.flagged and s.timeout_seq is None  # flagged while still waiting
            (answer,) = s.unmatched  # the prompts answer (id + 1000 too) is not taken for the tools'
            assert rec.method_at(s.request_seq) == "tools/list" and rec.direction_at(s.request_seq) is Direction.C2S
            assert answer.id == s.request_id + 1000 and rec.id_at(answer.seq) == answer.id
            assert answer.rules == ("jsonrpc.response-unknown-id",) and b'"tools"' in rec.raw_at(answer.seq)
            (other,) = prompts.state.unmatched
            assert other.seq != answer.seq and b'"prompts"' in rec.raw_at(other.seq)
        tools.detach()
        prompts.detach()
        assert len(failures) == 2
        for watch in (tools, prompts):
            s = watch.state
            assert s.timeout_seq is not None and s.timeout_seq > s.unmatched[0].seq and not s.waiting
            assert rec.direction_at(s.timeout_seq) is Direction.EVENT and "lifecycle.no-answer" in rec.violations_at(
                s.timeout_seq
            )
            assert rec.paired_at(s.timeout_seq) == s.request_seq
        assert seen[0] is False and seen[-1] is True  # told as it happened: the request, then the flags
        n = len(rec)
        await session.request("ping")
        assert len(rec) > n and tools.state.timeout_seq is not None  # detached: nothing more read


async def test_a_clean_answer_and_a_flagged_one_are_told_apart() -> None:
    session = Session(options(misbehave("no-jsonrpc")))  # tools/list answered without "jsonrpc"
    async with session:
        await session.start()
        watch = RequestWatch(session.recording, "tools/list", "tools")
        watch.attach()
        reply = await session.request("tools/list")
        watch.detach()
        s = watch.state
        assert reply.ok and s.answer is not None and s.answer.seq == reply.seq and s.request_id == reply.id
        assert "jsonrpc.version" in s.answer.rules and s.flagged and not s.waiting and not s.unmatched
    session = Session(options(misbehave("good")))
    async with session:
        await session.start()
        watch = RequestWatch(session.recording, "tools/list", "tools")
        watch.attach()
        first = await session.request("tools/list")
        second = await session.request("tools/list")  # the next page: the watch follows the latest
        watch.detach()
        s = watch.state
        assert first.seq < s.request_seq and s.answer is not None and s.answer.seq == second.seq
        assert s.answer.rules == () and not s.flagged


async def test_a_request_given_up_while_an_unmatched_answer_came_is_abandoned() -> None:
    session = Session(options(misbehave("wrong-id-lists")))
    async with session:
        await session.start()
        watch = RequestWatch(session.recording, "tools/list", "tools")
        watch.attach()
        with anyio.move_on_after(0.5):  # the caller gives up (a Cancel, a closed panel)
            await session.request("tools/list")
        watch.detach()
        s = watch.state
        assert s.unmatched and s.timeout_seq is None and s.answer is None
        assert s.abandoned and not s.waiting and s.flagged


async def test_any_number_of_unmatched_answers_are_counted_and_the_latest_kept() -> None:
    session = Session(options(misbehave("wrong-id-lists", "--repeat", "30"), request_timeout=0.5))
    async with session:
        await session.start()
        watch = RequestWatch(session.recording, "tools/list", "tools")
        watch.attach()
        with pytest.raises(RequestTimeout):
            await session.request("tools/list")
        watch.detach()
        s = watch.state
        assert s.unmatched_count == 30 and len(s.unmatched) == KEEP_UNMATCHED
        assert [a.id for a in s.unmatched] == [s.request_id + 1000 + k for k in range(30 - KEEP_UNMATCHED, 30)]
        assert s.timeout_seq > s.unmatched[-1].seq
