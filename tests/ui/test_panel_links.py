"""A resource link in a tool's result opens the resource in the Resources panel, in the whole
window against the demo server (the panel host connects the Tools and Prompts panels' links)."""

from __future__ import annotations

import anyio
import pytest
from ui_driver import until

from inspector.protocol.lifecycle import State
from inspector.session.profiles import demo_profile
from inspector.session.recording import Direction

pytestmark = pytest.mark.anyio


async def test_a_resource_link_in_a_tool_result_reads_the_resource(window_and_controller):
    controller, window = window_and_controller
    demo = demo_profile()
    demo.era, demo.stdin_grace, demo.term_grace = "legacy", 0.5, 0.5
    window.profiles[0] = demo
    window.connection.profiles[0] = demo
    window.connection.editor.set_profile(demo)
    host = window.panels
    tools = host.panels["tools"]
    async with anyio.create_task_group() as tg:
        controller.task_group = tg
        window.connect_selected()
        await until(lambda: controller.session is not None and controller.session.state is State.OPERATING, 30)
        await until(lambda: tools.select_tool("media"))
        assert tools.call_selected()
        await until(lambda: tools.result.outcome == "result", 20)
        link = next(card for card in tools.result.content.cards() if card.kind == "resource_link")
        assert host.show_panel("tools")
        link.link_button.click()
        rec = controller.recording
        await until(
            lambda: any(
                rec.direction_at(s) is Direction.C2S
                and rec.method_at(s) == "resources/read"
                and (rec[s].json().get("params") or {}).get("uri") == link.uri
                for s in range(len(rec))
            ),
            10,
        )
        assert host.tabs.currentWidget() is host.frame("resources")  # the Resources panel in front
        await until(lambda: host.panels["resources"].feature.shown_uri == link.uri, 10)
        controller.end_session()
        await until(lambda: not controller.running, 20)
        tg.cancel_scope.cancel()
