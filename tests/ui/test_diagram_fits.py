"""The diagram keeps readable labels on a 1280×720 projector with the step bar shown (issue 22),
and at 1600×1000 and 1920×1080: in every era (auto before the era is known included), in the
Debugging and Teaching layouts and in presenter mode, the state and edge labels are drawn at
11 px or more; a drawing that does not fit at that size scrolls, with the current state in
view, instead of shrinking."""

from __future__ import annotations

import anyio
import pytest
from ui_driver import quick, until, use_profile

from inspector.protocol.lifecycle import State
from inspector.session.profiles import demo_profile
from inspector.ui.diagram import MIN_HEIGHT, LifecycleDiagram

pytestmark = pytest.mark.anyio

FIRST_STATE = {"legacy": State.INITIALIZING, "modern": State.DISCOVERING, "auto": State.DISCOVERING}


@pytest.mark.parametrize(
    ("size", "layout"),
    [
        ((1280, 720), "debugging"),
        ((1280, 720), "teaching"),
        ((1280, 720), "presenter"),
        ((1600, 1000), "debugging"),
        ((1920, 1080), "debugging"),
    ],
    ids=lambda v: f"{v[0]}x{v[1]}" if isinstance(v, tuple) else v,
)
@pytest.mark.parametrize("era", ["legacy", "modern", "auto"])
async def test_labels_stay_at_11px_with_the_step_bar(window_and_controller, era, size, layout):
    controller, window = window_and_controller
    use_profile(window, quick(demo_profile(), era))
    window.resize(*size)
    window.layouts.choose_layout(layout)
    presenter = layout == "presenter"
    diagram = window.diagram
    async with anyio.create_task_group() as tg:
        controller.task_group = tg
        window.act_step.setChecked(True)
        window.connect_selected()
        await until(lambda: controller.pending_step is not None)
        shown = controller.pending_step
        controller.continue_step()  # the first message went: the session is past its initial state
        await until(lambda: controller.pending_step is not None and controller.pending_step is not shown)
        await until(lambda: window.stepbar.isVisible() and diagram.model.state is FIRST_STATE[era])
        await anyio.sleep(0.25)  # the diagram lays out again 80 ms after the last resize
        bar = window.stepbar
        if layout == "debugging":  # the bar folded to its line by default: the timeline and the diagram first
            assert not bar.details_shown and bar.height() <= 2 * bar.title.fontMetrics().lineSpacing() + 16
            folded = diagram.layout_for_tests()
            if not (era == "auto" and size[1] <= 720):  # the top part grew: the machine needs no scrolling up and down
                assert folded["area"].height() <= folded["viewport"].height() + 1, (
                    era,
                    size,
                    folded["area"],
                    folded["viewport"],
                )
            bar.set_details(True)  # shown: the diagram still keeps 11 px (and scrolls)
            await anyio.sleep(0.25)
        lay = diagram.layout_for_tests()
        assert lay["font_px"] >= 11, (era, layout, lay["font_px"])
        assert lay["problems"] == []
        # what is drawn is as large as measured: a node is its title's line and padding high
        assert min(r.height() for r in lay["nodes"].values()) >= 25
        assert diagram.height() >= MIN_HEIGHT and window.stepbar.height() > 0
        # the step bar is given its least height: its explanation and message show (and scroll), not cut off
        bar = window.stepbar
        assert bar.details.isVisible() and bar.height() >= bar.minimumSizeHint().height()
        assert (
            bar.details.geometry().bottom() <= bar.rect().bottom()
            and bar.details.height() >= bar.details.minimumHeight() > 0
        )
        viewport = lay["viewport"]
        assert viewport.height() >= 100 and viewport.width() >= 300
        # scrolled or not, the state the session is in is on screen
        assert viewport.contains(lay["nodes"][diagram.model.state]), (lay["nodes"][diagram.model.state], viewport)
        if diagram.scrolls:
            assert lay["area"].width() > viewport.width() or lay["area"].height() > viewport.height()
        for w in (diagram, window.stepbar):
            assert w.mapTo(window, w.rect().bottomRight()).y() <= size[1]
        if (
            era == "legacy" and layout == "debugging" and size == (1280, 720)
        ):  # a live language switch, both ways: the bar and the diagram follow, labels stay 11 px
            bar = window.stepbar
            english_title = bar.title_text  # (the label shows it elided to its width)
            window.languages.set_choice("zh_CN")
            try:
                await until(lambda: bar.details_button.text() == "详情")
                assert bar.title_text != english_title and "Step" not in bar.title.text()
                await anyio.sleep(0.25)
                assert diagram.layout_for_tests()["font_px"] >= 11
                bar.set_details(False)  # folded: one line, the explanation elided into it
                assert not bar.details.isVisible() and bar.title.toolTip().startswith(bar.title_text)
                bar.set_details(True)
            finally:
                window.languages.set_choice("en")
            await until(lambda: bar.details_button.text() == "Details")
            assert bar.title_text == english_title and bar.title.text()[:10] == english_title[:10]
        controller.run_to_end()
        controller.end_session()
        await until(lambda: not controller.running, 15)
        tg.cancel_scope.cancel()
    if presenter:
        window.layouts.choose_layout("debugging")


def test_a_small_diagram_scrolls_by_wheel_and_drag_and_keeps_the_state_in_view(qtbot):
    from PySide6.QtCore import QPoint, QPointF, Qt
    from PySide6.QtGui import QWheelEvent
    from PySide6.QtWidgets import QApplication

    from inspector.protocol.versions import EraMode

    w = LifecycleDiagram()
    qtbot.addWidget(w)
    w.resize(520, 200)
    w.show()
    qtbot.waitExposed(w)
    w.set_machine(EraMode.AUTO, None)  # the whole probing machine: about 1340 × 400 at 11 px
    lay = w.layout_for_tests()
    assert lay["font_px"] == 11 and w.scrolls
    assert lay["area"].width() > lay["viewport"].width() and lay["area"].height() > lay["viewport"].height()
    assert lay["viewport"].contains(lay["nodes"][State.IDLE])  # nothing shown yet: the initial state

    # a state far to the right becomes current: it is scrolled into view
    w.set_state(State.OPERATING, None, animate=False)
    lay = w.layout_for_tests()
    assert lay["scroll"][0] > 0 and lay["viewport"].contains(lay["nodes"][State.OPERATING])

    # the wheel scrolls; a drag on empty space pans
    before = w.layout_for_tests()["scroll"]
    pos = QPointF(10, 10)
    event = QWheelEvent(
        pos,
        w.mapToGlobal(pos),
        QPoint(0, 0),
        QPoint(0, 120),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(w, event)
    after_wheel = w.layout_for_tests()["scroll"]
    assert after_wheel != before
    vp = lay["viewport"]
    empty = next(
        QPoint(x, y)
        for y in range(10, int(vp.height()) - 10, 7)
        for x in range(10, int(vp.width()) - 80, 7)
        if w.state_at(QPointF(x, y)) is None and w.state_at(QPointF(x + 60, y)) is None
    )
    qtbot.mousePress(w, Qt.MouseButton.LeftButton, pos=empty)
    qtbot.mouseMove(w, empty + QPoint(60, 0))
    qtbot.mouseRelease(w, Qt.MouseButton.LeftButton, pos=empty + QPoint(60, 0))
    assert w.layout_for_tests()["scroll"][0] == max(0, after_wheel[0] - 60)

    # large enough: no scrolling, the layout grows its type again
    w.resize(1700, 560)
    lay = w.layout_for_tests()
    assert not w.scrolls and lay["font_px"] >= 12 and lay["scroll"] == (0, 0)


async def test_a_scrolled_diagram_shows_whole_states_with_the_legend_off_them(window_and_controller):
    """Debugging at 1280x720 with the step bar, the auto machine (too large even with the room the
    step bar's line leaves): scrolled to the current state, no state box is cut in half at the
    top or bottom edge, and the legend pinned over the view covers no state; with both docks
    closed too. When step mode ends the centre's split is the user's again."""
    controller, window = window_and_controller
    use_profile(window, quick(demo_profile(), "auto"))
    window.resize(1280, 720)
    window.layouts.choose_layout("debugging")
    diagram = window.diagram
    await anyio.sleep(0.2)
    before = window.central_split.sizes()
    async with anyio.create_task_group() as tg:
        controller.task_group = tg
        window.act_step.setChecked(True)
        window.connect_selected()
        for docks in (True, False):
            window.dock.setVisible(docks)
            window.features_dock.setVisible(docks)
            for _ in range(3):
                await until(lambda: controller.pending_step is not None and window.stepbar.isVisible())
                await anyio.sleep(0.3)
                lay = diagram.layout_for_tests()
                view = lay["viewport"]
                assert window.central_split.sizes()[0] > before[0]  # the top part grew for it
                assert diagram.scrolls or not docks, lay["area"]  # (the whole window's width may fit it)
                assert view.contains(lay["nodes"][diagram.model.state])
                cut = [
                    s
                    for s, r in lay["nodes"].items()
                    if r.top() < view.top() < r.bottom() or r.top() < view.bottom() < r.bottom()
                ]
                assert cut == [], (docks, diagram.model.state, cut, view)
                pinned = lay["pinned_legend"]
                if pinned is not None:
                    assert view.contains(pinned)
                    assert [s for s, r in lay["nodes"].items() if r.intersects(pinned)] == [], (docks, pinned)
                shown = controller.pending_step
                controller.continue_step()
                await until(lambda shown=shown: controller.pending_step is not shown)
        controller.run_to_end()
        await until(lambda: window.stepbar.isHidden())
        assert window.central_split.sizes() == before  # step mode over: the split as it was
        controller.end_session()
        await until(lambda: not controller.running, 15)
        tg.cancel_scope.cancel()
    window.dock.show()
    window.features_dock.show()
