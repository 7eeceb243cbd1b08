"""Run as task (2025-11-25) from the Tools panel, in the whole window: the demo's optional-task
tool and the reference server's required-task tool, with the Tasks panel following."""

from __future__ import annotations

import anyio
import pytest
from peers import misbehave, reference_server  # noqa: E402
from ui_driver import until

from inspector.protocol.lifecycle import State
from inspector.session.profiles import ServerProfile, demo_profile
from inspector.session.recording import Direction

pytestmark = pytest.mark.anyio


def use(window, profile: ServerProfile) -> None:
    profile.stdin_grace = 0.5
    profile.term_grace = 0.5
    window.profiles[0] = profile
    window.connection.profiles[0] = profile
    window.connection.editor.set_profile(profile)


def sent(controller, method: str) -> list[dict]:
    rec = controller.recording
    return [
        rec[s].json().get("params") or {}
        for s in range(len(rec))
        if rec.direction_at(s) is Direction.C2S and rec.method_at(s) == method
    ]


async def connect(window, controller, tool: str) -> None:
    window.connect_selected()
    await until(lambda: controller.session is not None and controller.session.state is State.OPERATING, 30)
    tools = window.panels.panels["tools"]
    await until(lambda: tools.select_tool(tool))


async def test_a_demo_tool_runs_as_a_task_and_the_tasks_panel_follows(window_and_controller):
    controller, window = window_and_controller
    demo = demo_profile()
    demo.era = "legacy"
    use(window, demo)
    tools, tasks = window.panels.panels["tools"], window.panels.panels["tasks"]
    async with anyio.create_task_group() as tg:
        controller.task_group = tg
        await connect(window, controller, "long_running")
        # optional: offered, unchecked; a plain call stays the default
        assert not tools.task_box.isHidden() and tools.task_box.isEnabled() and not tools.task_box.isChecked()
        assert not tools.ttl_spin.isEnabled()
        tools.task_box.setChecked(True)
        tools.ttl_spin.setValue(90)
        tools.editor.set_value({"steps": 4, "step_ms": 150})
        assert tools.call_selected()
        await until(lambda: tasks.feature.tasks, 10)
        task_id = next(iter(tasks.feature.tasks))
        assert tasks.selected_id() == task_id  # listed and selected while it runs
        assert "Task " in tools.result.progress_label.text()
        await until(lambda: tools.result.outcome == "result", 20)
        assert sent(controller, "tools/call")[-1]["task"] == {"ttl": 90_000}
        assert sent(controller, "tasks/result") == [{"taskId": task_id}]
        assert tasks.feature.tasks[task_id]["status"] == "completed"
        assert "result" in tasks.feature.results[task_id] and " ".join(
            getattr(card, "text", "") for card in tasks.result_view.cards()
        )
        status = tools.result.status_label.text()
        assert task_id in status and "completed" in status and "poll" in status
        # the result is the tool's result, shown like a plain call's
        assert [c.kind for c in tools.result.content.cards()][:1] == ["text"]
        assert not tools.result.show_task_button.isHidden()
        tools.result.show_task_button.click()
        assert window.panels.tabs.currentWidget() is window.panels.frame("tasks")

        # cancel a long one: tasks/cancel, and the Tasks panel shows it cancelled
        tools.editor.set_value({"steps": 300, "step_ms": 100})
        assert tools.call_selected()
        await until(lambda: len(tasks.feature.tasks) == 2, 10)
        second = next(t for t in tasks.feature.tasks if t != task_id)
        assert tools.cancel_call()
        await until(lambda: tools.result.outcome == "cancelled", 10)
        assert sent(controller, "tasks/cancel") == [{"taskId": second}]
        assert tasks.feature.tasks[second]["status"] == "cancelled"
        assert "tasks/cancel" in tools.result.banner_text()

        # a plain tool offers no task
        assert tools.select_tool("echo") and tools.task_box.isHidden() and tools.ttl_spin.isHidden()
        controller.end_session()
        await until(lambda: not controller.running, 15)
        tg.cancel_scope.cancel()


async def test_the_reference_servers_required_task_tool_is_checked_and_fixed(window_and_controller):
    controller, window = window_and_controller
    use(
        window,
        ServerProfile(name="everything", command=reference_server()[0], args=reference_server()[1:], era="legacy"),
    )
    tools, tasks = window.panels.panels["tools"], window.panels.panels["tasks"]
    async with anyio.create_task_group() as tg:
        controller.task_group = tg
        await connect(window, controller, "simulate-research-query")
        assert not tools.task_box.isHidden() and tools.task_box.isChecked() and not tools.task_box.isEnabled()
        assert "required" in tools.task_box.toolTip()
        tools.editor.set_value({"topic": "tea", "ambiguous": False})
        assert tools.call_selected()
        await until(lambda: tools.result.outcome, 30)
        assert tools.result.outcome == "result", tools.result.banner_text()
        task_id = next(iter(tasks.feature.tasks))
        assert tasks.feature.tasks[task_id]["status"] == "completed"
        assert "Research Report" in " ".join(getattr(card, "text", "") for card in tasks.result_view.cards()), (
            tasks.selected_id(),
            task_id,
            list(tasks.feature.results),
            tasks.result_note.text(),
        )
        assert len(sent(controller, "tasks/get")) >= 2  # it polled while the stages ran
        controller.end_session()
        await until(lambda: not controller.running, 20)
        tg.cancel_scope.cancel()


async def test_a_server_that_answers_a_task_call_directly_gets_a_warning(window_and_controller):
    controller, window = window_and_controller
    use(
        window,
        ServerProfile(
            name="faults", command=misbehave("task-faults")[0], args=misbehave("task-faults")[1:], era="legacy"
        ),
    )
    tools = window.panels.panels["tools"]
    async with anyio.create_task_group() as tg:
        controller.task_group = tg
        await connect(window, controller, "direct")
        tools.task_box.setChecked(True)
        assert tools.call_selected()
        await until(lambda: tools.result.outcome, 10)
        assert tools.result.outcome == "result" and "No task was created" in tools.result.banner_text()
        assert tools.result.show_task_button.isHidden()
        controller.end_session()
        await until(lambda: not controller.running, 15)
        tg.cancel_scope.cancel()
