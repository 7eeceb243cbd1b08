"""Client operations (session/operations.py) against a real server over real pipes.

The misbehaving fixture in mode paged-lists commits every paging fault; ListPager must page
what can be paged, stop where it must, and say why as data (ListNote), with every request on
the wire schema-valid.
"""

from __future__ import annotations

import sys

import anyio
import pytest
from session_helpers import misbehave, modern_fixture, options, wait_for

from inspector.protocol.versions import EraMode
from inspector.session import Direction, Session
from inspector.session.operations import (
    LISTEN_ENDED,
    LISTEN_FAILED,
    LISTEN_STOPPED,
    NOTE_BAD_CURSOR,
    NOTE_DROPPED,
    NOTE_ERROR,
    NOTE_NO_ARRAY,
    NOTE_REPEATED_CURSOR,
    ListenNote,
    ListNote,
    ListPager,
    same_id,
)

pytestmark = pytest.mark.anyio


def cursors_sent(session: Session, method: str) -> list:
    out = []
    for e in session.recording:
        if e.direction is Direction.C2S and e.method == method and e.kind.label == "request":
            out.append((e.json().get("params") or {}).get("cursor"))
    return out


async def test_a_pager_pages_stops_on_a_cycle_and_says_why() -> None:
    session = Session(options(misbehave("paged-lists")))
    async with session:
        await session.start()
        tools = ListPager("tools/list", "tools", accept=lambda t: isinstance(t.get("name"), str))
        assert await tools.fetch(session, pages=2)
        assert [t["name"] for t in tools.items] == ["t00", "t01", "t10", "t11"]
        assert tools.more and tools.cursor == "c2" and tools.pages == 2
        assert tools.notes == [ListNote(NOTE_DROPPED, 1)]
        assert await tools.fetch(session, pages=10)  # c2, c3, then c1 again: a cycle
        assert tools.pages == 4 and not tools.more
        assert tools.notes[-1] == ListNote(NOTE_REPEATED_CURSOR, "c1")
        assert cursors_sent(session, "tools/list") == [None, "c1", "c2", "c3"]
        assert await tools.fetch(session)  # the list is complete: nothing more is asked
        assert cursors_sent(session, "tools/list") == [None, "c1", "c2", "c3"] and tools.pages == 4

        tools.reset()
        assert tools.items == [] and tools.notes == [] and not tools.loaded
        assert await tools.fetch(session)
        assert cursors_sent(session, "tools/list")[-1] is None and tools.cursor == "c1"

        prompts = ListPager("prompts/list", "prompts")
        assert await prompts.fetch(session, pages=3)
        assert prompts.items == [{"name": "p"}] and prompts.notes == [ListNote(NOTE_BAD_CURSOR, 5)] and not prompts.more

        resources = ListPager("resources/list", "resources")
        assert await resources.fetch(session)
        assert resources.notes == [ListNote(NOTE_NO_ARRAY, "resources")] and resources.cursor == "r1"

        tasks = ListPager("tasks/list", "tasks")
        assert await tasks.fetch(session, pages=3)
        assert tasks.notes == [ListNote(NOTE_ERROR, {"code": -32603, "message": "tasks are broken today"})]
        assert tasks.items == [] and not tasks.loaded and cursors_sent(session, "tasks/list") == [None]


async def test_a_reset_during_a_fetch_makes_it_stale() -> None:
    session = Session(options(misbehave("paged-lists")))
    async with session:
        await session.start()
        pager = ListPager("tools/list", "tools")
        seen: list[int] = []

        def on_page(entries: list[dict]) -> None:
            seen.append(len(entries))
            pager.reset()  # a newer listing starts while this one runs

        assert await pager.fetch(session, pages=3, on_page=on_page)  # the first page still applies
        assert seen == [2] and pager.items == [] and pager.generation == 1
        # reset while the request is in flight: the answer is dropped and fetch says so
        result: list[bool] = []

        async def run() -> None:
            result.append(await pager.fetch(session))

        async with anyio.create_task_group() as tg:
            tg.start_soon(run)
            await anyio.sleep(0)  # the request is on its way
            pager.reset()
        assert result == [False] and pager.items == [] and pager.pages == 0 and not pager.loaded


async def test_negotiation_snapshot_and_log_level() -> None:
    session = Session(options(misbehave("good"), era=EraMode.LEGACY, capabilities={"roots": {"listChanged": True}}))
    async with session:
        await session.start()
        n = session.negotiation()
        assert n.era == "legacy" and n.version == "2025-11-25" and n.state == "operating"
        assert n.server_info == {"name": "misbehave", "version": "1.0"} and "tools" in n.server_capabilities
        assert n.client_capabilities == {"roots": {"listChanged": True}} and n.log_level is None
        n.server_capabilities["tools"] = "changed"  # a copy: the session is not touched
        assert session.negotiation().server_capabilities["tools"] == {"listChanged": True}
        reply = await session.set_log_level("warning")
        assert reply is not None and reply.ok
        sent = [e.json() for e in session.recording if e.direction is Direction.C2S and e.method == "logging/setLevel"]
        assert sent[-1]["params"] == {"level": "warning"}


@pytest.mark.parametrize(
    ("mode", "headline", "rules", "exit", "stderr"),
    [
        (
            "crash-init",
            "the server exited before the session was established",
            ("lifecycle.exited-during-initialize",),
            3,
            True,
        ),
        (
            "bad-version",
            "the server negotiated protocol version '1999-01-01'",
            ("lifecycle.version-unsupported",),
            0,
            False,
        ),
    ],
)
async def test_a_failure_report_names_what_went_wrong(
    mode: str, headline: str, rules: tuple, exit: int | None, stderr: bool
) -> None:
    from inspector.session import StartFailed
    from inspector.session.operations import failed_before_start, failure_report

    session = Session(options(misbehave(mode)))
    async with session:
        try:
            await session.start()
        except StartFailed:
            pass
        await session.wait_exit(10) if mode == "crash-init" else None
    report = failure_report(session.recording, session.summary())
    assert report is not None, session.summary()
    assert failed_before_start(session.recording)  # the window shows the server's settings again
    assert headline in report.headline
    assert set(rules) <= set(report.rules)
    assert report.exit_code == exit and report.signal is None and report.exited
    if mode == "bad-version":  # the engine's outcome, as data too
        assert report.code == "version-unsupported" and report.args == {"version": "'1999-01-01'"}
    if stderr:
        assert "Error: config file /etc/x.toml not found" in report.stderr and len(report.stderr) <= 5
    assert report.seq is not None and session.recording[report.seq].extra.get("transition", {}).get("failure")


async def test_a_session_that_went_as_planned_has_no_failure_report() -> None:
    from inspector.session.operations import failed_before_start, failure_report

    session = Session(options(misbehave("good")))
    async with session:
        assert failed_before_start(session.recording)  # not started yet
        await session.start()
        assert (await session.request("tools/list")).ok
    assert failure_report(session.recording, session.summary()) is None
    assert not failed_before_start(session.recording)
    session.recording.read_only = True  # an opened recording: no live start to fail
    assert not failed_before_start(session.recording)


# ----------------------------------------------------------------------------- the shared listen stream

DEMO = [sys.executable, "-m", "inspector.demo"]


def sent_at(session: Session, method: str) -> list[tuple[int, dict]]:
    rec = session.recording
    return [(e.seq, e.json()) for e in rec if e.direction is Direction.C2S and e.method == method]


async def test_one_listen_stream_carries_the_union_of_what_every_part_wants() -> None:
    session = Session(options(DEMO, era=EraMode.MODERN))
    async with session:
        await session.start()
        hub = session.listen_hub
        states: list[str] = []
        hub.listeners.append(lambda: states.append(hub.state))
        assert hub.want("tools", {"toolsListChanged": True})
        await wait_for(lambda: hub.state == "listening")
        first = hub.request_id
        assert hub.honored == {"toolsListChanged": True} and hub.note is None
        assert not hub.want("tools", {"toolsListChanged": True})  # nothing new: the stream stays
        # wants of one turn of the loop make one stream
        hub.want("a", {"promptsListChanged": True})
        hub.want("a", None)
        await anyio.sleep(0.2)
        assert len(sent_at(session, "subscriptions/listen")) == 1 and hub.request_id == first
        # another part wants more: the stream is cancelled, then reopened with the union
        assert hub.want("resources", {"resourcesListChanged": True, "resourceSubscriptions": ["demo://counter"]})
        await wait_for(lambda: hub.state == "listening" and hub.request_id != first)
        listens = sent_at(session, "subscriptions/listen")
        assert [m["params"]["notifications"] for _, m in listens] == [
            {"toolsListChanged": True},
            {"toolsListChanged": True, "resourcesListChanged": True, "resourceSubscriptions": ["demo://counter"]},
        ]
        cancels = [
            seq for seq, m in sent_at(session, "notifications/cancelled") if same_id(m["params"]["requestId"], first)
        ]
        assert len(cancels) == 1 and cancels[0] < listens[1][0]  # the old one goes first
        assert states[:2] == ["opening", "listening"] and states.count("listening") == 2
        # resource updates arrive on the stream and are counted
        reply = await session.request("tools/call", {"name": "touch_resource", "arguments": {}})
        assert reply.ok
        await wait_for(lambda: hub.notifications >= 1)
        # nobody wants anything: the stream is cancelled and the hub says so
        second = hub.request_id
        hub.want("tools", None)
        await wait_for(
            lambda: hub.filter == {"resourcesListChanged": True, "resourceSubscriptions": ["demo://counter"]}
        )
        await wait_for(lambda: hub.state == "listening")
        hub.want("resources", None)
        await wait_for(lambda: hub.state == "idle")
        assert hub.note.code == LISTEN_STOPPED and hub.note.detail is not None
        await wait_for(
            lambda: any(
                same_id(m["params"]["requestId"], hub.note.detail)
                for _, m in sent_at(session, "notifications/cancelled")
            )
        )
        assert not same_id(second, hub.note.detail)  # the last stream, reopened without tools
        # a last stream open at shutdown: the demo ends it with its result
        hub.want("prompts", {"promptsListChanged": True})
        await wait_for(lambda: hub.state == "listening")
    await wait_for(lambda: hub.state == "ended")
    assert hub.note == ListenNote(LISTEN_ENDED)


async def test_a_server_without_listen_leaves_the_stream_failed() -> None:
    session = Session(options(modern_fixture(), era=EraMode.MODERN))
    async with session:
        await session.start()
        hub = session.listen_hub
        hub.want("tools", {"toolsListChanged": True})
        await wait_for(lambda: hub.state == "failed")
        assert hub.note.code == LISTEN_FAILED and hub.note.detail["code"] == -32601
