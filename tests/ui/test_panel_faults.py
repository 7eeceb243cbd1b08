"""A server's odd answers never take the window down: panels cope, and a panel fault is data.

Against a real fixture server whose tools/list holds entries of every wrong shape.
"""

from __future__ import annotations

from contextlib import asynccontextmanager

import anyio
import pytest
from peers import misbehave
from polling import until
from PySide6.QtWidgets import QLabel

from inspector.session.features import availability
from inspector.session.profiles import ServerProfile
from inspector.session.recording import Direction
from inspector.ui.controller import SessionController
from inspector.ui.panels.tools import ToolsPanel

pytestmark = pytest.mark.anyio


@asynccontextmanager
async def odd_server_panel():
    argv = misbehave("odd-lists")
    profile = ServerProfile(name="odd", command=argv[0], args=argv[1:], era="legacy", stdin_grace=2.0, term_grace=1.0)
    controller = SessionController()
    panel = ToolsPanel(controller)
    panel.show()
    ready: list[bool] = []
    controller.ready.connect(lambda: ready.append(True))
    try:
        async with anyio.create_task_group() as tg:
            controller.task_group = tg
            assert controller.connect_profile(profile)
            await until(lambda: ready)
            eng = controller.session.engine
            panel.session_started(
                controller.session,
                availability("legacy", eng.version, eng.server_capabilities)["tools"],
                "legacy",
                eng.version,
            )
            await until(lambda: panel.tools and not panel.feature.loading)
            yield controller, panel
            controller.end_session()
            await until(lambda: not controller.running)
            tg.cancel_scope.cancel()
    finally:
        panel.close()
        panel.deleteLater()


async def test_tool_entries_of_every_wrong_shape_leave_the_usable_ones(qapp) -> None:
    async with odd_server_panel() as (controller, panel):
        assert [t["name"] for t in panel.tools] == ["ok", "props"]
        for name in ("ok", "props"):
            assert panel.select_tool(name)
        rec = controller.session.recording
        assert not [e for e in rec if "inspector.internal-error" in e.violations]


async def test_a_panel_action_that_fails_is_shown_and_recorded_and_the_window_goes_on(qapp) -> None:
    async with odd_server_panel() as (controller, panel):
        label = QLabel()

        async def trips_over_the_answer() -> None:
            reply = await controller.session.request("tools/list")
            reply.result["tools"][0]["name"]["missing"]  # what a panel bug on odd data looks like

        assert panel.run(trips_over_the_answer, error_label=label)
        rec = controller.session.recording
        await until(lambda: any("inspector.internal-error" in e.violations for e in rec))
        (note,) = [e for e in rec if "inspector.internal-error" in e.violations]
        assert note.direction is Direction.EVENT and b"KeyError" in note.raw and b"tools panel" in note.raw
        assert "KeyError" in label.text() and not label.isHidden()
        reply = await controller.session.request("ping")  # the session and the app's task group live on
        assert reply.ok
