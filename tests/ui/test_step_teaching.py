"""Step mode as a lesson: each held step shows what its method is for and links the spec page
(opened offline from resources/spec), the diagram draws the edge the step will take, the fields
that matter are in bold, and Disconnect in step mode holds each shutdown step too."""

from __future__ import annotations

import anyio
import pytest
from PySide6.QtCore import QCoreApplication, QTranslator
from ui_driver import quick, until, use_profile

from inspector.protocol.lifecycle import State
from inspector.protocol.teaching import NOTES, slug
from inspector.session.profiles import demo_profile
from inspector.session.recording import Direction
from inspector.session.spec_pages import mdx_to_markdown
from inspector.session.step_mode import PendingStep
from inspector.ui.spec_viewer import SpecViewer, spec_pages, spec_versions
from inspector.ui.stepbar import StepBar

pytestmark = pytest.mark.anyio


def bold_lines(stepbar) -> list[str]:
    """The lines of the held message the highlighter sets in bold."""
    doc = stepbar.message.document()
    out = []
    block = doc.begin()
    while block.isValid():
        if any(r.format.fontWeight() >= 700 for r in block.layout().formats()):
            out.append(block.text().strip())
        block = block.next()
    return out


async def test_held_steps_teach_and_the_diagram_shows_where_they_go(window_and_controller):
    controller, window = window_and_controller
    use_profile(window, quick(demo_profile(), "legacy"))
    window.act_step.setChecked(True)
    window.layouts.choose_layout("teaching")  # the step bar's details shown (Debugging folds them to a line)
    async with anyio.create_task_group() as tg:
        controller.task_group = tg
        window.connect_selected()
        await until(lambda: controller.pending_step is not None)
        bar = window.stepbar
        assert bar.note.isVisibleTo(bar) and bar.note.text() == NOTES["initialize"].sends
        assert bar.spec_link.isVisibleTo(bar) and "basic/lifecycle" in bar.spec_link.text()
        await until(lambda: window.diagram.pending_edge is not None)
        edge = window.diagram.pending_edge
        assert (edge.source, edge.target) == (State.UNINITIALIZED, State.INITIALIZING)
        assert "Next, after Continue" in window.diagram.accessibleDescription()
        await until(lambda: bool(bold_lines(bar)))
        bold = bold_lines(bar)
        assert any(line.startswith('"protocolVersion"') for line in bold) and any(
            line.startswith('"id"') for line in bold
        )
        assert not any(line.startswith('"name"') for line in bold)  # only the fields that matter

        # the link opens the page, offline, at its section
        bar.spec_link.click()
        viewer = window.findChild(SpecViewer)
        assert viewer is not None and viewer.isVisible() and viewer.ref == NOTES["initialize"].spec
        assert slug(viewer.heading_at_top()) == NOTES["initialize"].spec.partition("#")[2]
        assert "Lifecycle" in viewer.browser.toPlainText() and "<Note" not in viewer.browser.toPlainText()
        viewer.close()

        bar.continue_button.click()
        await until(lambda: controller.pending_step is not None and controller.pending_step.direction == "s2c")
        await until(
            lambda: window.diagram.pending_edge is not None and window.diagram.pending_edge.target is State.INITIALIZED
        )
        assert bar.note.text() == NOTES["initialize"].answer
        await until(lambda: window.diagram.model.state is State.INITIALIZING)  # the diagram follows on its next refresh
        window.act_continue.trigger()
        await until(
            lambda: controller.pending_step is not None and b"notifications/initialized" in controller.pending_step.raw
        )
        await until(
            lambda: window.diagram.pending_edge is not None and window.diagram.pending_edge.target is State.OPERATING
        )
        window.act_continue.trigger()
        await until(lambda: controller.session.state is State.OPERATING)
        # an ordinary request keeps the state: no edge is drawn for it
        await until(lambda: controller.pending_step is not None and controller.pending_step.direction == "c2s")
        await until(lambda: window.diagram.pending_edge is None)

        # Disconnect in step mode: the shutdown waits at the gate before stdin is closed
        window.act_disconnect.trigger()
        await until(lambda: controller.pending_step is not None and controller.pending_step.direction == "shutdown")
        assert "shutdown step" in bar.title.text() and not bar.message.isVisibleTo(bar)
        assert "stdin" in bar.explanation.text()
        await until(
            lambda: (
                window.diagram.pending_edge is not None and window.diagram.pending_edge.target is State.SHUTTING_DOWN
            )
        )
        await anyio.sleep(0.3)
        rec = controller.recording
        assert not [i for i in range(len(rec)) if rec.extra_at(i).get("event") == "stdin_closed"]
        assert controller.running
        window.act_continue.trigger()
        await until(lambda: not controller.running, 15)
        assert window.diagram.pending_edge is None and not bar.isVisible()
        tg.cancel_scope.cancel()
    assert controller.recording.summary["exit_code"] == 0


async def test_closing_while_a_shutdown_step_waits_does_not_wait_for_a_person(window_and_controller):
    controller, window = window_and_controller
    use_profile(window, quick(demo_profile(), "modern"))
    window.act_step.setChecked(True)
    async with anyio.create_task_group() as tg:
        controller.task_group = tg
        window.connect_selected()
        await until(lambda: controller.pending_step is not None)
        controller.run_to_end()
        await until(lambda: controller.session is not None and controller.session.state is State.READY)
        window.act_disconnect.trigger()  # after Run to end nothing waits, shutdown included
        await until(lambda: not controller.running, 15)
        tg.cancel_scope.cancel()
    # a second session: held at the first shutdown step, then the window closes
    assert not window.act_step.isChecked()  # Run to end left step mode, and the Step action says so
    window.act_step.setChecked(True)
    use_profile(window, quick(demo_profile(), "modern"))
    async with anyio.create_task_group() as tg:
        controller.task_group = tg
        window.connect_selected()
        await until(lambda: controller.pending_step is not None)
        while controller.session.state is not State.READY:
            controller.continue_step()
            await anyio.sleep(0.05)
        window.act_disconnect.trigger()
        await until(lambda: controller.pending_step is not None and controller.pending_step.direction == "shutdown")
        controller.end_session()  # what closing the window does
        with anyio.fail_after(10):
            await until(lambda: not controller.running, 10)
        tg.cancel_scope.cancel()
    rec = controller.recording
    assert [i for i in range(len(rec)) if rec.direction_at(i) is Direction.C2S]


def test_every_bundled_page_renders_without_site_markup(qapp):
    viewer = SpecViewer()
    viewer.show()
    versions = spec_versions()
    assert versions[0] == "2026-07-28" and "2024-11-05" in versions
    for version in versions:
        for page in spec_pages(version):
            assert viewer.open(f"{version} {page or 'index'}"), (version, page)
            text = viewer.browser.toPlainText()
            assert text.strip() and "<Note" not in text and "<Card" not in text and "---\ntitle" not in text
    # a link between pages opens in the viewer and Back returns
    assert viewer.open("2025-11-25 basic/lifecycle#shutdown") and slug(viewer.heading_at_top()) == "shutdown"
    viewer.browser.anchorClicked.emit(  # as a click on the link
        __import__("PySide6.QtCore", fromlist=["QUrl"]).QUrl("/specification/2025-11-25/basic/transports#stdio")
    )
    assert viewer.ref == "2025-11-25 basic/transports#stdio" and slug(viewer.heading_at_top()) == "stdio"
    viewer.back.click()
    assert viewer.ref == "2025-11-25 basic/lifecycle#shutdown" and viewer.forward.isEnabled()
    viewer.forward.click()  # and Forward goes to the link again
    assert viewer.ref == "2025-11-25 basic/transports#stdio" and not viewer.forward.isEnabled()
    assert viewer.back.isEnabled()
    viewer.show_licence()
    assert "Apache License" in viewer.browser.toPlainText()
    assert viewer.open("2025-11-25 no/such/page") is False
    assert mdx_to_markdown('---\ntitle: "T"\n---\n<Note>\nBe careful.\n</Note>\n').startswith("# T")
    viewer.close()


MARK = "» "


class _Marked(QTranslator):
    """Pretends to be a translation: the step bar's own words (context StepBar) marked, their
    placeholders kept."""

    def translate(self, context, source, disambiguation=None, n=-1):  # noqa: N802
        return MARK + source if context == "StepBar" else None  # None: not translated

    def isEmpty(self):  # noqa: N802
        return False


def test_the_step_bars_words_follow_a_language_switch(qtbot):
    """The bar's controls are worded from session/step_words' table (CONTROLS): a live switch
    reaches each button's text and tooltip and the spec link's tooltip; with a step held,
    Continue's tooltip is the held step's again."""
    bar = StepBar()
    qtbot.addWidget(bar)
    bar.show_step(PendingStep(b"", "close stdin of {name}", "shutdown", {"name": "demo"}, spec="x basic/lifecycle"))
    controls = (bar.details_button, bar.continue_button, bar.run_button, bar.back_button, bar.spec_link)

    def words() -> list[str]:
        return [w.text() for w in controls[:4]] + [w.toolTip() for w in controls]

    english = words()
    assert english[:4] == ["Details", "Continue", "Run to end", "Step back"]
    assert english[5] == "Take this shutdown step (F8)"  # the held step's, not the client message's
    assert english[7].startswith("Show the previous step") and english[8].startswith("Open this page")
    translator = _Marked()
    QCoreApplication.installTranslator(translator)
    try:
        QCoreApplication.processEvents()  # LanguageChange reaches the bar
        assert words() == [MARK + w for w in english]
    finally:
        QCoreApplication.removeTranslator(translator)
        QCoreApplication.processEvents()
    assert words() == english
