"""The Logs controller (session/controllers/logs.py) and which entries are log messages
(session/views.log_lines), headless, against real servers over real pipes: the demo server in
both eras (``log_levels`` sends one message per level at or above the level in force) and the
official Python SDK's server, which refuses ``logging/setLevel`` when it declares no logging."""

from __future__ import annotations

import sys

import anyio
import orjson
import pytest
from peers import sdk_server

from inspector.protocol.engine import Analysis, ClientConfig
from inspector.protocol.lifecycle import State
from inspector.protocol.messages import Kind
from inspector.protocol.versions import LATEST_MODERN, META_LOG_LEVEL, EraMode
from inspector.session import Direction, Recording, Session, SessionOptions
from inspector.session.controllers.base import FAIL_ERROR, FAIL_SESSION
from inspector.session.controllers.logs import (
    CELL_CACHE,
    FAILED,
    LEVEL,
    LEVEL_ANSWERED,
    LEVEL_APPLIES,
    LEVEL_CARRIED,
    LEVEL_NO_LEVEL,
    LEVEL_NONE_CARRIED,
    LEVEL_NOT_SET,
    LEVEL_SENDING,
    PARSE_LIMIT,
    UNRANKED,
    LevelStatus,
    LiveLogView,
    LogsController,
    data_text,
    head_rank,
    log_cell,
    sets_level_by_request,
)
from inspector.session.views import LEVELS, RANK, UNKNOWN, LogView, log_lines
from inspector.transport.base import StdioSpec

pytestmark = pytest.mark.anyio

DEMO = [sys.executable, "-m", "inspector.demo"]


def options(argv: list[str], era: EraMode = EraMode.LEGACY) -> SessionOptions:
    spec = StdioSpec(argv=list(argv))
    return SessionOptions(transport=spec, config=ClientConfig(era=era), stdin_grace=3.0, term_grace=2.0)


def sent(session: Session, method: str) -> list[dict]:
    rec = session.recording
    sent_by_client = (i for i in range(len(rec)) if rec.direction_at(i) is Direction.C2S)
    return [rec[i].json() for i in sent_by_client if rec.method_at(i) == method]


def statuses(feature: LogsController) -> list[LevelStatus | None]:
    seen: list[LevelStatus | None] = []
    feature.subscribe(lambda what: seen.append(feature.status) if what == LEVEL else None)
    return seen


async def log_levels(session: Session) -> str:
    reply = await session.request("tools/call", {"name": "log_levels", "arguments": {}})
    assert reply.ok, reply.error
    return reply.result["content"][0]["text"]


def test_the_version_decides_how_the_level_is_set() -> None:
    for version in ("2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"):
        assert sets_level_by_request(version, "legacy"), version
    assert not sets_level_by_request(LATEST_MODERN, "modern")
    assert sets_level_by_request(None, "legacy") and not sets_level_by_request(None, "modern")


async def test_legacy_sets_the_level_with_logging_set_level_and_the_filter_hides_lower_levels() -> None:
    session = Session(options(DEMO))
    async with session:
        await session.start()
        feature = LogsController()
        seen = statuses(feature)
        feature.attach(session, "legacy", session.negotiation().version)
        assert feature.by_request and feature.choices() == list(LEVELS) and feature.level == "debug"
        assert seen == [LevelStatus(LEVEL_NOT_SET)]
        # the view finds the log messages in the recording, every level by default
        assert "Sent 8 of 8" in await log_levels(session)
        view = feature.view
        view.set_recording(session.recording)
        assert view.total == 8 and len(view.rows) == 8
        assert [view.rank_of(s) for s in view.rows] == list(range(8))
        # the filter is the view's: lower levels hidden, nothing sent
        before = len(session.recording)
        assert feature.set_floor(RANK["warning"]) and feature.floor == RANK["warning"]
        assert len(view.rows) == 5 and view.total == 8 and len(session.recording) == before
        # logging/setLevel on the wire; the server then sends only error and above
        assert feature.set_level("error")  # started on the session's task group
        assert feature.sending and seen[-1] == LevelStatus(LEVEL_SENDING, "error")
        with anyio.fail_after(15):
            while feature.sending:
                await anyio.sleep(0.01)
        assert feature.status == LevelStatus(LEVEL_ANSWERED, "error") and feature.failure is None
        assert [m["params"] for m in sent(session, "logging/setLevel")] == [{"level": "error"}]
        assert "Sent 4 of 8" in await log_levels(session)
        view.catch_up()
        assert view.total == 12 and len(view.rows) == 4 + 5


async def test_modern_puts_the_level_into_the_next_requests_and_sends_nothing_now() -> None:
    session = Session(options(DEMO, EraMode.MODERN))
    async with session:
        await session.start()
        feature = LogsController()
        seen = statuses(feature)
        feature.attach(session, "modern", session.negotiation().version)
        assert not feature.by_request and feature.choices() == [None, *LEVELS] and feature.level is None
        assert seen == [LevelStatus(LEVEL_NONE_CARRIED)]
        before = len(session.recording)
        assert feature.set_level("warning")
        assert feature.status == LevelStatus(LEVEL_APPLIES, "warning") and len(session.recording) == before
        assert "Sent 5 of 8" in await log_levels(session)
        assert sent(session, "tools/call")[-1]["params"]["_meta"][META_LOG_LEVEL] == "warning"
        assert feature.set_level(None) and feature.status == LevelStatus(LEVEL_NO_LEVEL)
        assert "no io.modelcontextprotocol/logLevel" in await log_levels(session)
        assert sent(session, "logging/setLevel") == []
        # a new attach reads what the requests carry now
        feature.set_level("info")
        feature.attach(session, "modern", session.negotiation().version)
        assert feature.status == LevelStatus(LEVEL_CARRIED, "info") and feature.level == "info"


async def test_a_refused_set_level_is_a_failure_as_data() -> None:
    session = Session(options(sdk_server("--tools-only")))
    async with session:
        await session.start()
        feature = LogsController()
        events: list[str] = []
        feature.subscribe(events.append)
        feature.attach(session, "legacy", session.negotiation().version)
        assert not await feature.send_level("info")
        failure = feature.failure
        assert failure is not None and failure.code == FAIL_ERROR and failure.error is not None
        assert failure.error["code"] == -32601 and feature.status is None and events[-2:] == [LEVEL, FAILED]
    # no session any more: nothing is sent, nothing claimed
    assert not feature.set_level("debug") and feature.level == "debug"
    feature.replay()
    assert feature.status is None


async def test_a_lost_link_while_setting_the_level_is_said() -> None:
    session = Session(options(DEMO))
    async with session:
        await session.start()
        feature = LogsController()
        feature.attach(session, "legacy", session.negotiation().version)
    # still bound to the session, which has ended: the request cannot be sent
    assert not await feature.send_level("info") and not feature.sending
    assert feature.failure is not None and feature.failure.code == FAIL_SESSION and feature.failure.detail


def _analysis(method: str | None, kind: Kind) -> Analysis:
    a = Analysis(kind, State.OPERATING)
    a.method = method
    return a


def test_only_server_notifications_named_notifications_message_are_log_lines() -> None:
    rec = Recording()
    line = orjson.dumps({"jsonrpc": "2.0", "method": "notifications/message", "params": {"level": "info", "data": "x"}})
    note = _analysis("notifications/message", Kind.NOTIFICATION)
    rec.extend(Direction.S2C, 1.0, [line] * 3, [note] * 3)  # 0..2: log lines
    rec.extend(Direction.C2S, 1.0, [line], [note])  # 3: the client sent it: not the server's log
    request = _analysis("notifications/message", Kind.REQUEST)
    as_request = b'{"jsonrpc":"2.0","id":1,"method":"notifications/message"}'
    rec.extend(Direction.S2C, 1.0, [as_request], [request])  # 4: a request
    rec.extend(Direction.S2C, 1.0, [line], [note])  # 5
    assert log_lines(rec, 0, len(rec)) == [0, 1, 2, 5]
    assert log_lines(rec, 1, 5) == [1, 2] and log_lines(rec, 3, 5) == []
    feature = LogsController()
    feature.view.set_recording(rec)
    assert list(feature.view.rows) == [0, 1, 2, 5]


def test_a_log_row_is_read_from_the_entry_and_a_huge_line_from_its_head() -> None:
    def message(params: dict) -> bytes:
        return orjson.dumps({"jsonrpc": "2.0", "method": "notifications/message", "params": params})

    huge_data = "x" * (PARSE_LIMIT * 2)
    lines = [
        message({"level": "warning", "logger": "db", "data": "disk almost full"}),
        message({"level": "info", "data": {"rows": [1, 2]}}),  # no logger; data as compact JSON
        message({"level": 3, "logger": {"name": "odd"}}),  # not strings: as JSON; no data: ""
        message({"level": "error", "logger": "big", "data": huge_data}),  # longer than PARSE_LIMIT
        message({"level": "critical"})[:40],  # cut short: no params to read
    ]
    note = _analysis("notifications/message", Kind.NOTIFICATION)
    rec = Recording()
    rec.extend(Direction.S2C, 1.25, lines, [note] * len(lines))
    at = f"{rec.t_at(0):.3f}"  # seconds since the recording began, as the timeline says them
    assert log_cell(rec, 0) == (at, "warning", "db", "disk almost full")
    assert log_cell(rec, 1) == (at, "info", "", '{"rows":[1,2]}')
    assert log_cell(rec, 2) == (at, "3", '{"name":"odd"}', "")
    time, level, logger, data = log_cell(rec, 3)
    assert (level, logger) == ("error", "big") and data.startswith("xxx") and len(data) < len(huge_data)
    assert log_cell(rec, 4)[1:] == ("null", "", "")  # no level read: said as JSON's null
    ranks = [head_rank(rec.raw_at(i)) for i in range(4)]
    assert ranks == [RANK["warning"], RANK["info"], UNKNOWN, RANK["error"]]  # the huge one: from its head
    assert data_text("plain") == "plain" and data_text(None) == "null" and data_text([1, "a"]) == '[1,"a"]'


def test_the_live_view_reads_a_rows_cells_once_and_forgets_them_with_the_recording() -> None:
    def message(level: str, data: str) -> bytes:
        return orjson.dumps(
            {"jsonrpc": "2.0", "method": "notifications/message", "params": {"level": level, "data": data}}
        )

    note = _analysis("notifications/message", Kind.NOTIFICATION)
    reads: list[int] = []

    class Counted(Recording):
        def raw_at(self, i: int) -> bytes:
            reads.append(i)
            return super().raw_at(i)

    rec = Counted()
    rec.extend(Direction.S2C, 1.0, [message("info", f"m{i}") for i in range(CELL_CACHE + 1)], [note] * (CELL_CACHE + 1))
    live = LiveLogView()
    live.set_recording(rec)
    assert live.cell(0) == log_cell(rec, 0) and live.cell(0)[3] == "m0"
    reads.clear()
    assert live.cell(0)[3] == "m0" and reads == []  # kept: painting it again reads nothing
    for seq in range(1, CELL_CACHE + 1):  # a full cache starts again rather than growing
        live.cell(seq)
    reads.clear()
    assert live.cell(0)[3] == "m0" and reads == [0]
    other = Recording()
    other.extend(Direction.S2C, 2.0, [message("error", "other")], [note])
    live.set_recording(other)  # another recording: nothing of the last one is said of it
    assert live.cell(0)[1:] == ("error", "", "other")


async def test_the_live_view_looks_through_a_real_flood_as_it_arrives_and_reads_levels_lazily() -> None:
    session = Session(options([*DEMO, "--flood", "0:3000"]))
    live = LiveLogView()
    live.prescan = True  # its front-end is on screen: batches are looked through as they come
    live.set_recording(session.recording)
    async with session:
        await session.start()
        with anyio.fail_after(30):
            while len(log_lines(session.recording, 0, len(session.recording))) < 3000:
                await anyio.sleep(0.02)
        assert live.seen == 0 and len(live) == 0  # no tick yet ...
        assert live.catch_up(budget=0) > 0  # ... yet one appends what the batches found
        plain = LogView()
        plain.set_recording(session.recording)
        live.catch_up()
        assert list(live.rows) == list(plain.rows) and live.total == plain.total == 3000
        assert UNRANKED in live.ranks  # no level read: nothing asked for one
        assert live.rank_of(live.rows[-1]) == RANK["info"] == plain.rank_of(plain.rows[-1])
        feature = LogsController(live)
        assert feature.set_floor(RANK["warning"]) and len(live.rows) == 0  # the floor reads the levels it needs
        assert UNRANKED not in live.ranks
