"""The window's start leaves the feature panels and the Authorization tab's view until later:
a session connected before they exist behaves as with them made at once."""

from __future__ import annotations

import anyio
import pytest
from ui_driver import quick, until, use_profile

from inspector.protocol.lifecycle import State
from inspector.session.profiles import demo_profile
from inspector.ui.app import build

pytestmark = pytest.mark.anyio


@pytest.fixture
def late_window(qapp, tmp_path):
    """The window as the app's start makes it: panels and Authorization view not made yet."""
    controller, window = build(qapp, config=tmp_path, servers_after_paint=True)
    window.resize(1400, 900)
    yield controller, window
    window.close()
    window.deleteLater()
    qapp.processEvents()


async def test_a_session_connected_before_the_panels_are_made_fills_them(late_window):
    controller, window = late_window
    host = window.panels
    assert not host.made
    use_profile(window, quick(demo_profile()))
    async with anyio.create_task_group() as tg:
        controller.task_group = tg
        window.connect_selected()  # before the first paint: the panels are not made yet
        window.show()
        await until(lambda: controller.session is not None and controller.session.state is State.OPERATING)
        assert host.made
        tools = host.panels["tools"]
        await until(lambda: len(tools.tools) > 1)
        assert "tools" in host.shown_keys() and host.tabs.isVisibleTo(host)
        assert not host.placeholder.isVisibleTo(host)
        assert tools.select_tool("echo")
        tools.editor.set_value({"message": "before the panels"})
        assert tools.call_selected()
        await until(lambda: not tools.feature.calling and tools.result.last_reply is not None)
        window.act_follow.setChecked(False)
        first = window.timeline.model.seq_at(0)
        host.panels["logs"].entryActivated.emit(first)  # forwarded by the host, wired at the window's start
        await until(lambda: window.timeline.current_seq() == first)
        controller.end_session()
        await until(lambda: not controller.running, 15)
        tg.cancel_scope.cancel()
    assert window.tabs.isTabVisible(2) is False  # the demo has no authorization steps


def test_the_authorization_view_made_late_keeps_the_current_tab(late_window, qapp):
    controller, window = late_window
    window.show()
    window.tabs.setCurrentIndex(1)
    current = window.tabs.currentWidget()
    view = window.authorization  # made now
    assert window.tabs.widget(2) is view and not window.tabs.isTabVisible(2)
    assert window.tabs.currentWidget() is current
    assert window.tabs.tabText(2) == window.tr("Authorization")
