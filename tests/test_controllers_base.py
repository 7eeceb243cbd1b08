"""The feature controllers' base (session/controllers/base.py), headless, against real servers
over real pipes: the misbehaving fixture's paging faults and wrong ids, and the demo server's
list changes in both eras."""

from __future__ import annotations

import sys

import anyio
import pytest
from peers import misbehave  # noqa: E402
from polling import until  # noqa: E402

from inspector.protocol.engine import ClientConfig
from inspector.protocol.versions import LATEST_MODERN, EraMode
from inspector.session import Direction, Session, SessionOptions
from inspector.session.controllers.base import (
    CHANGE_RELOAD,
    CHANGE_UNDECLARED,
    CHANGES_LISTENING,
    CHANGES_NOT_LISTENING,
    CHANGES_NOTIFIED,
    CHANGES_UNDECLARED,
    FAIL_SESSION,
    LISTED,
    LOADING,
    PAGE,
    WAIT,
    ListController,
)
from inspector.session.operations import NOTE_DROPPED, NOTE_REPEATED_CURSOR, ListNote, ListPager
from inspector.transport.base import StdioSpec

pytestmark = pytest.mark.anyio

DEMO = [sys.executable, "-m", "inspector.demo"]


def options(argv: list[str], *, era: EraMode = EraMode.LEGACY, request_timeout: float = 15.0) -> SessionOptions:
    return SessionOptions(
        transport=StdioSpec(argv=list(argv)),
        config=ClientConfig(era=era),
        stdin_grace=3.0,
        term_grace=2.0,
        request_timeout=request_timeout,
    )


def tools_list(**kw: object) -> ListController:
    return ListController(
        "tools/list", "tools", "toolsListChanged", owner="tools", accept=lambda t: isinstance(t.get("name"), str), **kw
    )  # type: ignore[arg-type]


def sent(session: Session, method: str) -> list[dict]:
    rec = session.recording
    return [
        rec[i].json().get("params") or {}
        for i in range(len(rec))
        if rec.direction_at(i) is Direction.C2S and rec.method_at(i) == method
    ]


async def test_a_list_loads_pages_reports_each_step_and_keeps_notes_as_data() -> None:
    session = Session(options(misbehave("paged-lists")))
    async with session:
        await session.start()
        lc = tools_list(pages=2)
        events: list[str] = []
        lc.subscribe(events.append)
        lc.attach(session, "legacy", session.negotiation().version)
        assert events == [LISTED] and not lc.loaded
        assert lc.refresh()
        await until(lambda: lc.outcome is not None, what="the first load")
        assert [t["name"] for t in lc.items] == ["t00", "t01", "t10", "t11"] and lc.more
        assert events[:2] == [LISTED, LOADING] and events.count(PAGE) == 2 and events[-1] == LISTED
        assert (
            lc.outcome is not None and lc.outcome.notes == (ListNote(NOTE_DROPPED, 1),) and lc.outcome.failure is None
        )
        assert lc.last_page == [t for t in lc.items[2:]]
        assert lc.load_more()
        await until(lambda: lc.pager.pages == 4 and not lc.loading, what="more pages")
        assert lc.outcome.notes == (ListNote(NOTE_REPEATED_CURSOR, "c1"),) and not lc.more  # c2, c3, then c1 again
        assert not lc.load_more()  # complete: nothing is asked
        assert [p.get("cursor") for p in sent(session, "tools/list")] == [None, "c1", "c2", "c3"]
        # a refresh reloads as many pages as were loaded, from the first
        assert lc.refresh()
        await until(lambda: lc.outcome is not None and not lc.loading, what="the reload")
        assert lc.pager.pages == 4 and [p.get("cursor") for p in sent(session, "tools/list")][4:] == [
            None,
            "c1",
            "c2",
            "c3",
        ]


async def test_a_slow_answer_never_overwrites_a_newer_load() -> None:
    session = Session(options(misbehave("paged-lists")))
    async with session:
        await session.start()
        lc = tools_list()
        lc.attach(session, "legacy", None)
        outcomes: list[object] = []
        gen = lc.pager.generation

        def newer_load_once_the_request_is_out(what: str) -> None:
            state = lc.wait_state
            if what == WAIT and state is not None and state.request_seq is not None and lc.pager.generation == gen:
                assert lc.refresh()  # a newer generation while the first answer is on its way

        lc.subscribe(newer_load_once_the_request_is_out)

        async def first_load() -> None:
            outcomes.append(await lc.load(1))

        async with anyio.create_task_group() as tg:
            tg.start_soon(first_load)
            await until(lambda: outcomes and lc.outcome is not None, what="both loads")
        assert len(sent(session, "tools/list")) == 2
        assert outcomes == [None]  # the older load changed nothing and says so
        assert lc.outcome.generation == lc.pager.generation == gen + 1
        assert [t["name"] for t in lc.items] == ["t00", "t01"] and lc.pager.pages == 1


async def test_a_wrong_id_is_followed_then_the_timeout_is_a_failure_as_data() -> None:
    session = Session(options(misbehave("wrong-id-lists"), request_timeout=1.0))
    async with session:
        await session.start()
        lc = tools_list()
        waits: list[bool] = []
        lc.subscribe(lambda what: waits.append(bool(lc.wait_state and lc.wait_state.flagged)) if what == WAIT else None)
        lc.attach(session, "legacy", None)
        assert lc.refresh()
        await until(lambda: lc.wait_state is not None and lc.wait_state.unmatched, what="the wrong id")
        assert lc.wait_state.waiting and lc.loading
        await until(lambda: lc.outcome is not None, what="the timeout")
        failure = lc.outcome.failure
        assert (
            failure is not None and failure.code == FAIL_SESSION and failure.detail and "tools/list" in failure.detail
        )
        state = lc.wait_state
        assert state is not None and state.timeout_seq is not None and not lc.loading and not lc.loaded
        assert True in waits
        lc.drop_wait()
        assert lc.wait_state is None


@pytest.mark.parametrize("mode", [EraMode.LEGACY, EraMode.MODERN], ids=["legacy", "modern"])
async def test_list_changes_reload_once_and_are_said_as_data(mode: EraMode) -> None:
    session = Session(options(DEMO, era=mode))
    async with session:
        await session.start()
        neg = session.negotiation()
        lc = tools_list()
        session.notification_listeners.append(
            lambda seq, obj: lc.list_changed() if obj.get("method") == "notifications/tools/list_changed" else None
        )
        lc.attach(session, neg.era, neg.version, announces_changes=True)
        if neg.era == "modern":
            assert neg.version == LATEST_MODERN and lc.changes().how == CHANGES_NOT_LISTENING
            assert lc.listen()
            await until(lambda: lc.changes().how == CHANGES_LISTENING, what="the stream")
            assert lc.listening and lc.changes().request_id == session.listen_hub.request_id
        else:
            assert not lc.listen() and lc.changes().how == CHANGES_NOTIFIED
        assert lc.refresh()
        await until(lambda: lc.outcome is not None, what="the list")
        before = len(lc.items)
        reply = await session.request("tools/call", {"name": "add_item", "arguments": {"kind": "tool"}})
        assert reply.ok
        await until(lambda: "added_tool_1" in [t["name"] for t in lc.items], what="the reload")
        assert len(lc.items) == before + 1
        # several changes close together make one reload
        n = len(sent(session, "tools/list"))
        assert lc.list_changed() == CHANGE_RELOAD and lc.list_changed() == CHANGE_RELOAD
        await until(lambda: len(sent(session, "tools/list")) == n + 1 and not lc.loading, what="one reload")
        await anyio.sleep(0.3)
        assert len(sent(session, "tools/list")) == n + 1
        assert lc.list_changed(declared=False) == CHANGE_UNDECLARED
        lc.stop_listening()
        assert not lc.listening
        lc.detach()
        assert not lc.refresh() and not lc.live


async def test_without_list_changed_the_list_says_so() -> None:
    lc = tools_list()
    assert lc.changes().how == CHANGES_UNDECLARED and lc.list_changed() == CHANGE_UNDECLARED
    assert not lc.refresh() and not lc.listen()


def test_a_replay_shows_a_recorded_list_or_none() -> None:
    lc = tools_list()
    recorded = ListPager("tools/list", "tools")
    recorded.take_page({"tools": [{"name": "a"}, 5], "nextCursor": "c1"})
    lc.show_pager(recorded, "modern", announces_changes=True)
    assert [t["name"] for t in lc.items] == ["a"] and lc.more and not lc.live
    assert lc.outcome is not None and lc.outcome.notes == (ListNote(NOTE_DROPPED, 1),)
    assert lc.changes().how == CHANGES_NOT_LISTENING and not lc.load_more()  # no session: nothing is sent
    lc.show_pager(None, "legacy")
    assert lc.items == [] and not lc.loaded and lc.changes().how == CHANGES_UNDECLARED
    assert lc.pager.accept is not None and not lc.pager.accept({"name": 3})  # the list's own test kept
