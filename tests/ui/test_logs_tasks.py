"""Logs and Tasks panels against the real demo server, both eras where the feature exists."""

from __future__ import annotations

import re
from contextlib import asynccontextmanager

import anyio
import orjson
import pytest
from peers import misbehave
from polling import until

from inspector.protocol.engine import Analysis
from inspector.protocol.lifecycle import State
from inspector.protocol.messages import Kind
from inspector.protocol.versions import META_LOG_LEVEL
from inspector.session import Direction, Recording, Session
from inspector.session.features import availability
from inspector.session.profiles import ServerProfile, demo_profile
from inspector.session.views import LEVELS
from inspector.ui.client_side import UiClientHandlers
from inspector.ui.controller import SessionController
from inspector.ui.panels.logs import MAX_SCAN, LogModel, LogsPanel
from inspector.ui.panels.tasks import TasksPanel

pytestmark = pytest.mark.anyio
BOUND = 30.0


@asynccontextmanager
async def live_panel(panel_cls, era: str, profile: ServerProfile | None = None):
    """A real Session with the demo (or ``profile``) in ``era``, a controller whose task group
    runs the panel's actions, and the panel started as the panel host would start it."""
    profile = profile or demo_profile()
    profile.era = era
    profile.stdin_grace = profile.term_grace = 1.0
    controller = SessionController()
    panel = panel_cls(controller)
    panel.resize(900, 500)
    panel.show()
    handlers = UiClientHandlers(panel, profile.roots)
    async with anyio.create_task_group() as tg:
        controller.task_group = tg
        session = Session(profile.to_options(), handlers=handlers)
        handlers.attach(session, tg)
        session.recording.header["server_name"] = profile.name

        def forward(seq: int, obj) -> None:
            if isinstance(obj, dict) and obj.get("method") != "notifications/message":
                params = obj.get("params")
                panel.on_notification(obj["method"], params if isinstance(params, dict) else {})

        session.notification_listeners.append(forward)
        async with session:
            await session.start()
            eng = session.engine
            verdict = availability(eng.era.value, eng.version, eng.server_capabilities)[panel.key]
            assert verdict.shown, verdict.reason
            panel.session_started(session, verdict, eng.era.value, eng.version)
            yield panel, session
        panel.session_ended()
        tg.cancel_scope.cancel()
    panel.close()
    panel.deleteLater()


def requests(rec, method: str) -> list[dict]:
    return [
        rec[i].json()
        for i in range(len(rec))
        if rec.direction_at(i) is Direction.C2S and rec.kind_at(i) is Kind.REQUEST and rec.method_at(i) == method
    ]


def tool_text(reply) -> str:
    assert reply.ok, reply.error
    return "\n".join(b.get("text", "") for b in reply.result.get("content", []))


# ----------------------------------------------------------------------------- logs


def levels_shown(panel: LogsPanel) -> list[str]:
    """The level column of every row, in order, as the table shows it."""
    return [panel.model.index(row, 1).data() for row in range(panel.model.rowCount())]


async def test_logs_legacy_levels_filter_and_set_level():
    async with live_panel(LogsPanel, "legacy") as (panel, session):
        assert panel.set_level_button.isEnabled()
        assert panel.level.findData(None) == -1  # legacy: no "none" choice
        reply = await session.request("tools/call", {"name": "log_levels", "arguments": {}})
        assert "Sent 8 of 8" in tool_text(reply)
        await until(lambda: panel.model.total() == 8, what="8 log messages in the panel")
        assert levels_shown(panel) == list(LEVELS)
        assert panel.model.rowCount() == 8
        # every cell reads from the recording
        idx = panel.model.index(0, 3)
        assert "a debug message" in panel.model.data(idx)
        assert panel.model.data(panel.model.index(0, 2)) == "log_levels"
        assert "8 messages" in panel.count_label.text()

        # the filter hides lower levels (a view filter: nothing is sent)
        sent_before = len(session.recording)
        panel.filter.setCurrentIndex(LEVELS.index("warning"))
        assert levels_shown(panel) == ["warning", "error", "critical", "alert", "emergency"]
        assert panel.model.total() == 8 and "5 shown" in panel.count_label.text()
        assert len(session.recording) == sent_before

        # legacy: Set server level sends logging/setLevel
        panel.level.setCurrentIndex(panel.level.findData("error"))
        panel.set_level_button.click()
        await until(lambda: "logging/setLevel answered" in panel.level_status.text(), what="the setLevel answer")
        sent = requests(session.recording, "logging/setLevel")
        assert [r["params"] for r in sent] == [{"level": "error"}]
        reply = await session.request("tools/call", {"name": "log_levels", "arguments": {}})
        assert "Sent 4 of 8" in tool_text(reply)
        await until(lambda: panel.model.total() == 12, what="4 more messages")
        assert levels_shown(panel)[-4:] == ["error", "critical", "alert", "emergency"]

        # Clear view empties the list; new messages still arrive
        panel.clear_button.click()
        assert panel.model.rowCount() == 0 and panel.model.total() == 0
        await session.request("tools/call", {"name": "log_levels", "arguments": {}})
        await until(lambda: panel.model.total() == 4, what="messages after clearing")
        # showing everything again brings back no cleared rows
        panel.filter.setCurrentIndex(0)
        assert panel.model.rowCount() == 4
    assert not panel.set_level_button.isEnabled()


async def test_logs_modern_per_request_level_goes_into_the_next_requests_meta():
    async with live_panel(LogsPanel, "modern") as (panel, session):
        assert session.engine.config.log_level is None
        assert panel.level.currentData() is None  # "none": requests ask for no logs
        assert "no log level" in panel.level_status.text().lower()
        reply = await session.request("tools/call", {"name": "log_levels", "arguments": {}})
        assert "no io.modelcontextprotocol/logLevel" in tool_text(reply)
        # a modern server logs before the response or not at all: the recording is final here
        rec = session.recording
        assert not [i for i in range(len(rec)) if rec.method_at(i) == "notifications/message"]
        panel.model.fetch_new()
        assert panel.model.total() == 0

        before = len(session.recording)
        panel.level.setCurrentIndex(panel.level.findData("warning"))
        panel.set_level_button.click()
        assert session.engine.config.log_level == "warning"
        assert "applies to the next requests" in panel.level_status.text()
        assert len(session.recording) == before  # nothing is sent now

        reply = await session.request("tools/call", {"name": "log_levels", "arguments": {}})
        assert "Sent 5 of 8" in tool_text(reply)
        last = requests(session.recording, "tools/call")[-1]
        assert last["params"]["_meta"][META_LOG_LEVEL] == "warning"
        assert META_LOG_LEVEL not in requests(session.recording, "tools/call")[0]["params"]["_meta"]
        await until(lambda: panel.model.total() == 5, what="5 log messages")
        assert levels_shown(panel) == ["warning", "error", "critical", "alert", "emergency"]

        panel.set_server_level(None)  # back to none
        assert session.engine.config.log_level is None


def _log_line(level: str, i: int) -> bytes:
    return orjson.dumps(
        {
            "jsonrpc": "2.0",
            "method": "notifications/message",
            "params": {"level": level, "logger": "flood", "data": {"i": i}},
        }
    )


def _analysis(method: str | None, kind: Kind) -> Analysis:
    a = Analysis(kind, State.OPERATING)
    a.method = method
    return a


def test_a_flood_is_taken_in_one_insertion_per_tick(qapp):
    rec = Recording()
    note = _analysis("notifications/message", Kind.NOTIFICATION)
    other = _analysis("notifications/progress", Kind.NOTIFICATION)
    n = 100_000
    lines = [_log_line(LEVELS[i % 8], i) for i in range(n)]
    rec.extend(Direction.S2C, 1.0, lines, [note] * n)
    rec.extend(
        Direction.S2C,
        1.0,
        [b'{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":1,"progress":1}}'],
        [other],
    )
    model = LogModel()
    model.logs.prescan = True  # as when the panel is showing
    inserts: list[tuple[int, int]] = []
    model.rowsInserted.connect(lambda parent, first, last: inserts.append((first, last)))
    model.set_recording(rec)  # an opened file: caught up in ticks of at most MAX_SCAN entries
    model.set_live(False, catch_up=False)
    ticks = 1
    while not model.caught_up():
        model.fetch_new()
        ticks += 1
    assert model.total() == n and model.rowCount() == n
    assert ticks == -(-(n + 1) // MAX_SCAN)
    # ONE insertion per later tick with log messages, never one per message (the first slice
    # comes with the model's reset to the new recording)
    assert len(inserts) == -(-n // MAX_SCAN) - 1 and inserts[0] == (MAX_SCAN, 2 * MAX_SCAN - 1)
    model.logs.set_floor(LEVELS.index("error"))
    assert model.rowCount() == n // 2
    # cells are decoded only for painted rows
    assert model.data(model.index(0, 1)) == "error"
    assert model.data(model.index(0, 3)) == '{"i":4}'
    # the next tick takes only what is new
    inserts.clear()
    rec.extend(Direction.S2C, 2.0, [_log_line("emergency", n + k) for k in range(500)], [note] * 500)
    assert model.fetch_new() == 500
    assert inserts == [(n // 2, n // 2 + 499)]
    assert model.fetch_new() == 0


# ----------------------------------------------------------------------------- tasks


async def test_tasks_list_status_result_and_cancel_on_the_demo():
    async with live_panel(TasksPanel, "legacy") as (panel, session):
        assert session.engine.version == "2025-11-25"
        await until(lambda: requests(session.recording, "tasks/list"), what="the first tasks/list")
        await until(
            lambda: panel.refresh_button.isEnabled() and "No tasks" in panel.count_label.text(), what="an empty list"
        )

        created = await session.request(
            "tools/call", {"name": "long_running", "arguments": {"steps": 4, "step_ms": 150}, "task": {"ttl": 60000}}
        )
        assert created.ok, created.error
        task_id = created.result["task"]["taskId"]
        assert panel.refresh()
        await until(lambda: task_id in panel.feature.tasks, what="the task in the list")
        panel.select(task_id)
        assert panel.selected_id() == task_id
        assert panel.fields["taskId"].text() == task_id
        assert panel.fields["ttl"].text().startswith("60,000 ms")
        assert panel.fields["pollInterval"].text().startswith("500 ms")

        # the status changes live: notifications/tasks/status, no tasks/get needed
        gets = len(requests(session.recording, "tasks/get"))
        await until(lambda: panel.feature.tasks[task_id]["status"] == "completed", what="the completed status")
        assert len(requests(session.recording, "tasks/get")) == gets
        assert panel.items[task_id].text(1) == "completed"
        assert panel.fields["status"].text() == "completed"
        assert not panel.cancel_button.isEnabled()

        assert panel.get_status()
        await until(lambda: len(requests(session.recording, "tasks/get")) == gets + 1, what="tasks/get")
        assert panel.get_result()
        await until(lambda: task_id in panel.feature.results, what="the result")
        assert "Finished 4 steps of 150 ms." in " ".join(
            getattr(card, "text", "") for card in panel.result_view.cards()
        )
        assert '"content"' in panel.result_json.toPlainText()

        # a long task, cancelled from the panel
        created = await session.request(
            "tools/call", {"name": "long_running", "arguments": {"steps": 200, "step_ms": 100}, "task": {"ttl": 60000}}
        )
        long_id = created.result["task"]["taskId"]
        panel.refresh()
        await until(lambda: long_id in panel.feature.tasks, what="the second task")
        panel.select(long_id)
        assert panel.feature.tasks[long_id]["status"] == "working"
        assert panel.cancel_button.isEnabled()
        panel.cancel_button.click()
        await until(lambda: panel.feature.tasks[long_id]["status"] == "cancelled", what="the cancelled status")
        assert [r["params"] for r in requests(session.recording, "tasks/cancel")] == [{"taskId": long_id}]
        assert panel.fields["statusMessage"].text() == "The task was cancelled by request."
        await until(lambda: not panel.cancel_button.isEnabled(), what="Cancel disabled")
        assert "2 tasks, 0 running" in panel.count_label.text()

        # polling follows a running task at its pollInterval until it ends
        created = await session.request(
            "tools/call", {"name": "long_running", "arguments": {"steps": 3, "step_ms": 300}, "task": {"ttl": 60000}}
        )
        poll_id = created.result["task"]["taskId"]
        panel.refresh()
        await until(lambda: poll_id in panel.feature.tasks, what="the third task")
        panel.select(poll_id)
        gets = len(requests(session.recording, "tasks/get"))
        panel.poll.setChecked(True)
        await until(lambda: len(requests(session.recording, "tasks/get")) > gets, what="a poll")
        await until(lambda: panel.feature.tasks[poll_id]["status"] == "completed", what="the third task finished")
        # no polling after the end: the loop is over and sends nothing more
        await until(lambda: panel.feature.poll is None, what="polling to stop")
        polled = len(requests(session.recording, "tasks/get"))
        await anyio.sleep(0.8)  # longer than the demo's 500 ms pollInterval
        assert len(requests(session.recording, "tasks/get")) == polled
        assert panel.poll.isChecked()  # the user's choice stays: the next running task selected is polled


def test_log_model_passes_the_model_tester(qapp, qtmodeltester):
    rec = Recording()
    note = _analysis("notifications/message", Kind.NOTIFICATION)
    rec.extend(Direction.S2C, 1.0, [_log_line(LEVELS[i % 8], i) for i in range(200)], [note] * 200)
    model = LogModel()
    model.logs.prescan = True
    model.set_recording(rec)
    model.set_live(False, catch_up=False)
    while not model.caught_up():
        model.fetch_new()
    assert model.rowCount() == 200
    qtmodeltester.check(model)
    model.logs.set_floor(LEVELS.index("warning"))
    qtmodeltester.check(model)


async def test_tasks_list_waiting_on_an_answer_nobody_can_take_is_said_over_the_panel():
    argv = misbehave("wrong-id-lists")
    profile = ServerProfile(name="wrong ids", command=argv[0], args=argv[1:])
    profile.request_timeout = 2.0
    async with live_panel(TasksPanel, "legacy", profile) as (panel, session):
        await until(
            lambda: (s := panel.wait_state("tasks/list")) is not None and s.unmatched, what="the flagged answer"
        )
        state = panel.wait_state("tasks/list")
        (answer,) = state.unmatched
        assert session.recording.id_at(answer.seq) == state.request_id + 1000
        note = panel.wait_note("tasks/list")
        assert note.isVisibleTo(panel) and note.text.text() == (
            f"Waiting for tasks/list (id {state.request_id}): an answer with id {state.request_id + 1000} came at "
            f"#{answer.seq}, flagged: no request has that id."
        )
        # the request times out: said as such, and the list's failure under it
        await until(lambda: panel.wait_state("tasks/list").timeout_seq is not None, what="the timeout")
        await until(lambda: bool(panel.error.text()), what="the failure said")
        assert "timed out" in note.text.text()
        # the session's words
        said = re.fullmatch(
            rf"tasks/list \(id {state.request_id}\) got no answer within (\d+\.\d) s", panel.error.text()
        )
        assert said is not None, panel.error.text()
        assert 2.0 <= float(said.group(1)) < 10.0  # the time it waited: the 2 s timeout, and later on a busy machine
        assert panel.feature.outcome is not None and panel.feature.outcome.failure is not None
