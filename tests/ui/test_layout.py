"""No control of a feature panel can be pushed out of view: at 1280×800 and 1600×1000, with the
window as it starts (no tuned layout), every visible button of each panel lies inside the
visible part of the Features dock, for every tool of the demo and of the reference server.
Buttons inside a form or list that scrolls on its own (an array's "Add item") count as reachable."""

from __future__ import annotations

import anyio
import pytest
from peers import reference_server
from polling import until
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QAbstractButton, QAbstractScrollArea, QAbstractSpinBox, QLabel, QWidget

from inspector.protocol.lifecycle import State
from inspector.session.profiles import ServerProfile, demo_profile
from inspector.ui.app import build

pytestmark = pytest.mark.anyio


def inner_scroll_area(widget: QWidget, frame) -> bool:
    """Whether ``widget`` sits in a scroll area of its own inside the panel's frame."""
    parent = widget.parentWidget()
    while parent is not None and parent is not frame:
        if isinstance(parent, QAbstractScrollArea):
            return True
        parent = parent.parentWidget()
    return False


def outside(panel: QWidget, frame) -> list[str]:
    """Visible buttons and spin boxes of ``panel`` not wholly inside the scroll frame's viewport."""
    viewport = frame.viewport()
    seen = QRect(viewport.mapToGlobal(QPoint(0, 0)), viewport.size())
    out = []
    for button in [*panel.findChildren(QAbstractButton), *panel.findChildren(QAbstractSpinBox)]:
        if inner_scroll_area(button, frame):
            continue  # inside a form or list that scrolls on its own: reachable by scrolling
        if button.isVisibleTo(panel) and button.window() is panel.window():
            rect = QRect(button.mapToGlobal(QPoint(0, 0)), button.size())
            if not seen.contains(rect):
                out.append(
                    f"{type(button).__name__} {getattr(button, 'text', button.objectName)()!r} at {rect.x()},"
                    f"{rect.y()} {rect.width()}x{rect.height()}"
                )
    return out


def clipped_labels(pane: QWidget) -> list[str]:
    """Visible labels of the details pane whose text does not fit the space they were given."""
    out = []
    for label in pane.findChildren(QLabel):
        if not label.isVisibleTo(pane) or not label.text() or inner_scroll_area(label, None):
            continue
        right = label.mapTo(pane, QPoint(label.width(), 0)).x()
        if label.wordWrap():
            fits = label.heightForWidth(label.width()) <= label.height()
        else:
            fits = label.fontMetrics().horizontalAdvance(label.text()) <= label.contentsRect().width()
        if not fits or right > pane.width():
            out.append(f"{label.text()!r} in {label.width()}x{label.height()}")
    return out


def profile_for(server: str) -> ServerProfile:
    if server == "demo":
        profile = demo_profile()
        profile.era = "legacy"  # tasks exist in 2025-11-25: all five panels
    else:
        argv = reference_server()
        profile = ServerProfile(name="reference", command=argv[0], args=argv[1:], era="legacy")
    profile.stdin_grace = profile.term_grace = 0.5
    return profile


@pytest.mark.parametrize("size", [(1280, 800), (1600, 1000)], ids=["1280x800", "1600x1000"])
@pytest.mark.parametrize("server", ["demo", pytest.param("reference", marks=pytest.mark.peer)])
async def test_every_panel_button_stays_in_view(qapp, tmp_path, size, server):
    controller, window = build(qapp, config=tmp_path)
    window.resize(*size)
    window.show()
    profile = profile_for(server)
    window.profiles[0] = profile
    window.connection.profiles[0] = profile
    window.connection.editor.set_profile(profile)
    problems: dict[str, list[str]] = {}
    try:
        async with anyio.create_task_group() as tg:
            controller.task_group = tg
            window.connect_selected()
            await until(lambda: controller.session is not None and controller.session.state is State.OPERATING)
            host = window.panels
            tools = host.panels["tools"]
            await until(lambda: tools.tools)
            for key in host.shown_keys():
                host.show_panel(key)
                await anyio.sleep(0.1)
                if key == "tools":
                    for tool in tools.tools:
                        tools.select_tool(tool["name"])
                        await anyio.sleep(0.05)
                        bad = outside(tools, host.frame("tools"))
                        if bad:
                            problems[f"tools/{tool['name']}"] = bad
                else:
                    bad = outside(host.panels[key], host.frame(key))
                    if bad:
                        problems[key] = bad
            assert len(host.shown_keys()) >= 4
            # the details pane, as the window starts, shows a whole header and every fact of a result
            rec = controller.recording
            listed = [i for i in range(len(rec)) if rec.method_at(i) == "tools/list"]
            window.timeline.select_seq(listed[-1])
            await anyio.sleep(0.2)
            assert window.detail.title_label.text().endswith("tools/list")
            assert " B" in window.detail.raw_info.text() or "KiB" in window.detail.raw_info.text()
            assert clipped_labels(window.detail) == []
            controller.end_session()
            await until(lambda: not controller.running)
            tg.cancel_scope.cancel()
    finally:
        window.close()
        window.deleteLater()
    assert problems == {}, "\n".join(f"{k}: {v}" for k, v in problems.items())
