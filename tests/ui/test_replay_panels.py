"""Replay: an opened recording of a whole demo session; the feature panels follow the entry
selected in the timeline (or on the replay bar), read-only, with every action disabled."""

from __future__ import annotations

import time
from itertools import pairwise

import pytest
from demo_recording import record_demo_session
from ui_driver import until

from inspector.session import Direction
from inspector.ui.panels import REPLAY_MS
from inspector.ui.panels.tools import TOOL_ROLE

pytestmark = pytest.mark.anyio

ALL = ["tools", "resources", "prompts", "logs", "tasks"]


def entries(rec, method: str, direction: Direction) -> list[int]:
    return [i for i in range(len(rec)) if rec.method_at(i) == method and rec.direction_at(i) is direction]


async def test_the_panels_follow_the_replayed_entry(window_and_controller, tmp_path):
    controller, window = window_and_controller
    path = await record_demo_session(tmp_path / "demo.jsonl")
    assert window.files.open_recording_path(str(path))
    rec = controller.recording
    assert rec.read_only and controller.session is None
    await until(lambda: window.timeline.model.total() == len(rec))
    host = window.panels
    tools, resources, prompts, logs, tasks = (host.panels[k] for k in ALL)

    def show(row: int) -> None:
        window.timeline.select_seq(row)

    async def shown(row: int) -> None:
        await until(lambda: all(host.panels[k].recorded_row == row for k in host.shown_keys()) and host.shown_keys())

    # opened: the panels the recorded negotiation allowed, as of the last entry
    await until(lambda: host.shown_keys() == ALL and tools.recorded_row == len(rec) - 1)
    list_answer = entries(rec, "tools/list", Direction.S2C)[0]
    listed = [t["name"] for t in rec[list_answer].json()["result"]["tools"]]
    assert [t["name"] for t in tools.tools] == listed
    log_rows = entries(rec, "notifications/message", Direction.S2C)
    await until(lambda: logs.model.rowCount() == len(log_rows))
    assert "read-only" in tools.recorded_note.text() and str(len(rec) - 1) in tools.recorded_note.text()
    assert len(tasks.feature.tasks) == 1 and not tasks.get_button.isEnabled() and not tasks.refresh_button.isEnabled()

    # before the tools/list answer: no tools; the buttons stay disabled
    show(list_answer - 1)
    await shown(list_answer - 1)
    assert tools.tools == [] and tools.list.count() == 0
    assert not tools.refresh_button.isEnabled() and not tools.call_button.isEnabled()
    assert str(list_answer - 1) in tools.recorded_note.text() and tools.recorded_note.isVisibleTo(tools)

    # its answer: the tools the demo lists
    show(list_answer)
    await shown(list_answer)
    assert [tools.list.item(i).data(TOOL_ROLE)["name"] for i in range(tools.list.count())] == listed

    # the echo call: its arguments in the (read-only) editor, then its result
    call = entries(rec, "tools/call", Direction.C2S)[0]
    show(call)
    await shown(call)
    assert tools.current["name"] == "echo" and tools.editor.value() == {"message": "hello from the recording"}
    assert not tools.editor.isEnabled() and not tools.call_button.isEnabled() and tools.result.content.cards() == []
    show(call + 1)
    await shown(call + 1)
    assert tools.result.outcome == "result" and "hello from the recording" in tools.result.content.cards()[0].text

    # the logs up to the entry shown
    host.show_panel("logs")
    show(log_rows[2])
    await shown(log_rows[2])
    await until(lambda: logs.model.rowCount() == 3)
    assert not logs.set_level_button.isEnabled() and not logs.level.isEnabled() and not logs.clear_button.isEnabled()
    show(log_rows[-1])
    await until(lambda: logs.model.rowCount() == len(log_rows))

    # a read and a get, with what came back
    read_answer = entries(rec, "resources/read", Direction.S2C)[0]
    show(read_answer)
    await shown(read_answer)
    assert resources.feature.shown_uri == "demo://static/readme.md" and len(resources.contents.cards()) == 1
    assert not resources.read_button.isEnabled() and not resources.resource_list.refresh_button.isEnabled()
    get_answer = entries(rec, "prompts/get", Direction.S2C)[0]
    show(get_answer)
    await shown(get_answer)
    assert prompts.current["name"] == "greeting" and prompts.fields["name"].text() == "Ada"
    assert prompts.conversation.bubbles and not prompts.get_button.isEnabled()

    # before the start sequence finished: no panels; the replay bar moves them as well
    show(0)
    await until(lambda: host.shown_keys() == [])
    assert tools.tools == []
    window.replay.slider.setValue(list_answer)
    await until(
        lambda: host.shown_keys() == ALL and tools.recorded_row == list_answer and len(tools.tools) == len(listed)
    )

    # playing: the panels follow to the end, refreshed at most once per REPLAY_MS
    refreshed: list[float] = []
    original = tools.show_recorded

    def counted(state, availability) -> None:
        refreshed.append(time.monotonic())
        original(state, availability)

    tools.show_recorded = counted
    window.replay.speed.setCurrentIndex(window.replay.speed.findData(10.0))
    window.replay.play()
    await until(lambda: tools.recorded_row == len(rec) - 1 and logs.model.rowCount() == len(log_rows))
    assert len(refreshed) >= 2 and min(b - a for a, b in pairwise(refreshed)) >= REPLAY_MS / 1000 * 0.9
    assert len(tasks.feature.tasks) == 1 and tools.result.outcome == "result"
