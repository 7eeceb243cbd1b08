"""The window on a real screen (issue 22): the docks can be closed and shown from the View menu
(in either language), the named layouts give the timeline and the diagram real room at
1280×720, 1600×1000 and 1920×1080 with a session of the demo server, each layout comes back
as the user left it and Reset puts it back, the connection panel turns compact while a session
runs, the status bar forgets the last session's messages, and a deleted server can be undone."""

from __future__ import annotations

import json
import sys

import anyio
import pytest
from PySide6.QtWidgets import QApplication, QDockWidget
from ui_driver import quick, until, use_profile

from inspector.protocol.lifecycle import State
from inspector.session.profiles import EnvVar, ServerProfile, demo_profile
from inspector.ui.app import build
from inspector.ui.timeline import Column

pytestmark = pytest.mark.anyio

#: The timeline's columns a user must read without scrolling sideways.
KEY_COLUMNS = (Column.KIND, Column.METHOD, Column.ID, Column.LATENCY, Column.VIOLATIONS)


def view_menu(window):
    return next(
        a.menu()
        for a in window.menuBar().actions()
        if a.menu() is not None and window.act_reset_layout in a.menu().actions()
    )


def visible_columns(window) -> list[int]:
    """Columns of the timeline wholly inside its viewport (not hidden, not scrolled off)."""
    table = window.timeline.table
    header = table.horizontalHeader()
    width = table.viewport().width()
    return [
        c
        for c in range(Column.COUNT)
        if not header.isSectionHidden(c)
        and 0 <= header.sectionViewportPosition(c)
        and header.sectionViewportPosition(c) + header.sectionSize(c) <= width
    ]


@pytest.fixture
def window(qapp, tmp_path):
    controller, window = build(qapp, config=tmp_path)
    window.resize(1280, 720)
    window.show()
    qapp.processEvents()
    yield window
    window.close()
    window.deleteLater()
    qapp.processEvents()


def test_each_dock_closes_and_comes_back_from_the_view_menu_in_either_language(window, qapp):
    for attempt in ("en", "zh_CN"):
        if attempt != "en":
            window.languages.set_choice(attempt)
            qapp.processEvents()
            window = window.languages.window
        menu = view_menu(window)
        for dock, title in ((window.dock, ("Connection", "连接")), (window.features_dock, ("Features", "功能"))):
            assert dock.features() & QDockWidget.DockWidgetFeature.DockWidgetClosable  # the close button
            action = dock.toggleViewAction()
            assert action in menu.actions() and action.text() == title[attempt != "en"]
            assert action.isChecked() and dock.isVisible()
            action.trigger()  # View → Connection: hidden
            assert not dock.isVisible() and not action.isChecked()
            action.trigger()  # and back
            assert dock.isVisible() and action.isChecked()
            dock.close()  # what its title bar's close button does
            qapp.processEvents()
            assert not dock.isVisible() and not action.isChecked()
            action.trigger()
            assert dock.isVisible()
    window.languages.set_choice("en")
    qapp.processEvents()


def layout_geometry(window) -> dict:
    return {
        "timeline": window.timeline.table.viewport().size(),
        "diagram": window.diagram.size(),
        "columns": visible_columns(window),
        "connection": window.dock.height(),
    }


#: The least each layout gives, at 1280×720: (timeline width, timeline rows' height, diagram width, diagram height).
LEAST_1280 = {"debugging": (500, 250, 800, 200), "teaching": (420, 150, 800, 300), "presenter": (1200, 150, 1200, 280)}


@pytest.mark.parametrize("size", [(1280, 720), (1600, 1000), (1920, 1080)], ids=["1280x720", "1600x1000", "1920x1080"])
async def test_every_named_layout_gives_the_timeline_and_the_diagram_room(qapp, tmp_path, size):
    controller, window = build(qapp, config=tmp_path)
    window.resize(*size)
    window.show()
    measured = {}
    try:
        async with anyio.create_task_group() as tg:
            controller.task_group = tg
            use_profile(window, quick(demo_profile()))
            window.connect_selected()
            await until(lambda: controller.session is not None and controller.session.state is State.OPERATING)
            await until(lambda: window.timeline.model.total() >= 10)
            # the connection panel gave its space back: the compact form, a short dock
            assert (
                window.connection.compact
                and window.connection.compact_form.isVisible()
                and not window.connection.list.isVisible()
            )
            await anyio.sleep(0.1)
            assert window.dock.height() < 200 and window.features_dock.height() > size[1] // 2
            for name in ("teaching", "presenter", "debugging"):
                window.layouts.choose_layout(name)
                await anyio.sleep(0.15)
                assert window.layouts.layout_name == name
                checks = {
                    "debugging": window.act_layout_debugging,
                    "teaching": window.act_layout_teaching,
                    "presenter": window.act_presenter,
                }
                assert [a.isChecked() for a in checks.values()] == [n == name for n in checks]
                measured[name] = layout_geometry(window)
                assert set(KEY_COLUMNS) <= set(measured[name]["columns"]), (name, measured[name])
                # the Sequence tab's label is not clipped
                bar = window.views.tabBar()
                assert bar.tabRect(1).width() >= bar.fontMetrics().horizontalAdvance(window.views.tabText(1)) + 8
            controller.end_session()
            await until(lambda: not controller.running, 15)
            tg.cancel_scope.cancel()
    finally:
        window.close()
        window.deleteLater()
    if size == (1280, 720):
        for name, (tw, th, dw, dh) in LEAST_1280.items():
            got = measured[name]
            assert got["timeline"].width() >= tw and got["timeline"].height() >= th, (name, got)
            assert got["diagram"].width() >= dw and got["diagram"].height() >= dh, (name, got)
        # debugging: the timeline first; teaching: the diagram first
        assert measured["debugging"]["timeline"].height() > measured["teaching"]["timeline"].height()
        assert measured["teaching"]["diagram"].height() > measured["debugging"]["diagram"].height()


def test_the_teaching_layout_puts_the_step_bar_beside_the_timeline(window, qapp):
    window.layouts.choose_layout("teaching")
    assert window.stepbar.parentWidget() is window.detail_column
    window.layouts.choose_layout("debugging")
    assert window.stepbar.parentWidget() is window.diagram.parentWidget()
    window.layouts.choose_layout("teaching")
    window.layouts.set_presenter(True)
    assert window.stepbar.parentWidget() is window.lower_split
    window.layouts.set_presenter(False)  # back to teaching, not to the column under the diagram
    assert window.stepbar.parentWidget() is window.detail_column and window.layouts.layout_name == "teaching"


def test_each_layout_comes_back_as_the_user_left_it_and_reset_puts_it_back(qapp, tmp_path):
    controller, window = build(qapp, config=tmp_path)
    window.resize(1280, 720)
    window.show()
    qapp.processEvents()
    debugging_default = window.central_split.sizes()
    window.layouts.choose_layout("teaching")
    qapp.processEvents()
    teaching_default = window.central_split.sizes()
    assert teaching_default[0] > debugging_default[0]  # the diagram first
    total = sum(teaching_default)
    window.central_split.setSizes([total - 150, 150])  # the user's adjustment
    window.features_dock.hide()
    qapp.processEvents()
    adjusted = window.central_split.sizes()
    window.close()
    window.deleteLater()
    qapp.processEvents()

    controller, again = build(qapp, config=tmp_path)
    try:
        again.resize(1280, 720)
        again.show()
        qapp.processEvents()
        assert again.layouts.layout_name == "teaching" and again.act_layout_teaching.isChecked()
        assert again.central_split.sizes() == adjusted and not again.features_dock.isVisible()
        # the debugging layout kept its own arrangement meanwhile
        again.layouts.choose_layout("debugging")
        qapp.processEvents()
        assert again.features_dock.isVisible() and abs(again.central_split.sizes()[0] - debugging_default[0]) <= 2
        again.layouts.choose_layout("teaching")
        qapp.processEvents()
        assert again.central_split.sizes() == adjusted and not again.features_dock.isVisible()
        again.act_reset_layout.trigger()  # View → Reset layout: teaching's defaults
        qapp.processEvents()
        assert again.layouts.layout_name == "teaching" and again.features_dock.isVisible() and again.dock.isVisible()
        assert abs(again.central_split.sizes()[0] - teaching_default[0]) <= 2
        assert again.settings.value("layouts/teaching/window_state") is None
    finally:
        again.close()
        again.deleteLater()
        qapp.processEvents()


def test_presenter_mode_is_restored_at_the_next_start(qapp, tmp_path):
    controller, window = build(qapp, config=tmp_path)
    window.resize(1280, 720)
    window.show()
    window.act_presenter.trigger()
    qapp.processEvents()
    window.close()
    window.deleteLater()
    qapp.processEvents()
    controller, again = build(qapp, config=tmp_path)
    again.show()
    qapp.processEvents()
    try:
        assert (
            again.layouts.presenting
            and again.layouts.layout_name == "presenter"
            and not again.features_dock.isVisible()
        )
        again.act_presenter.trigger()  # F11 off: the layout under it, with its docks
        assert (
            not again.layouts.presenting
            and again.layouts.layout_name == "debugging"
            and again.features_dock.isVisible()
        )
    finally:
        again.close()
        again.deleteLater()
        qapp.processEvents()


async def test_the_last_sessions_status_message_is_gone_when_the_next_starts(qapp, tmp_path):
    controller, window = build(qapp, config=tmp_path)
    window.resize(1280, 720)
    window.show()
    bar = window.statusBar()
    try:
        async with anyio.create_task_group() as tg:
            controller.task_group = tg
            # a server that cannot start: the session fails and the status bar says why
            use_profile(window, quick(ServerProfile(name="typo", command="pythn3-no-such-program")))
            window.connect_selected()
            await until(lambda: not controller.running and "Session failed" in bar.currentMessage())
            assert "pythn3-no-such-program" in bar.currentMessage()
            assert not window.connection.compact  # it never started: the editor is back, to fix the command
            # a server with no command: not started, the fields to fix in view
            window.connection.set_compact(True)
            use_profile(window, ServerProfile(name="empty", command=""))
            window.connect_selected()
            assert bar.currentMessage().startswith("Fix the highlighted fields first")
            assert not window.connection.compact and window.connection.editor.isVisible()
            # the next session starts: neither message is left
            use_profile(window, quick(demo_profile()))
            window.connect_selected()
            await until(lambda: controller.running)
            assert bar.currentMessage() == ""
            await until(lambda: controller.session is not None and controller.session.state is State.OPERATING)
            assert bar.currentMessage() == ""
            window.statusBar().showMessage(window.tr("ping answered in 1.0 ms"), 10000)
            controller.end_session()
            await until(lambda: not controller.running, 15)
            path = tmp_path / "saved.jsonl"
            controller.save_recording(path)
            tg.cancel_scope.cancel()
        assert bar.currentMessage() != ""  # (saving says so)
        assert window.files.open_recording_path(str(path))
        assert bar.currentMessage() == ""  # a recording opened: the session's messages are gone too
        assert window.connection.compact
    finally:
        window.close()
        window.deleteLater()


async def test_the_compact_connection_form_connects_disconnects_and_gives_the_editor_back(qapp, tmp_path):
    controller, window = build(qapp, config=tmp_path)
    window.resize(1280, 720)
    window.show()
    panel = window.connection
    try:
        assert not panel.compact and panel.editor.isVisible()  # before any session: the editor
        full_height = window.dock.height()
        panel.compact_button.click()  # "Compact" by hand
        await anyio.sleep(0.1)
        assert panel.compact and panel.picker.isVisible() and window.dock.height() < full_height
        panel.edit_button.click()  # "Edit servers…"
        await anyio.sleep(0.1)
        assert not panel.compact and panel.editor.isVisible() and window.dock.height() > 300
        async with anyio.create_task_group() as tg:
            controller.task_group = tg
            use_profile(window, quick(demo_profile()))
            panel.connect_button.click()
            await until(lambda: controller.session is not None and controller.session.state is State.OPERATING)
            panel = window.connection
            assert panel.compact and not panel.connect_button.isEnabled() and panel.disconnect_button.isEnabled()
            await until(lambda: window.status.state.text() == "State: Operating")  # on the next tick
            assert panel.state_label.text() == window.status.state.text()
            assert panel.picker.currentText() == window.connection.current().name
            panel.disconnect_button.click()
            await until(lambda: not controller.running, 15)
            assert panel.connect_button.isEnabled() and not panel.disconnect_button.isEnabled()
            assert panel.compact  # the recording is still shown: the timeline keeps the room
            tg.cancel_scope.cancel()
    finally:
        window.close()
        window.deleteLater()


def test_a_deleted_server_can_be_undone_in_its_place_with_its_secrets(window, qapp, tmp_path):
    panel = window.connection
    names = ["first", "<b>second</b> & co", "third"]
    for name in names:
        panel.add_server()
        panel.profiles[-1].name = name
        panel.profiles[-1].command = sys.executable
    panel.profiles[2].env = [EnvVar("API_KEY", "s3cret", secret=True)]
    panel.show_profiles(2)
    window.save_profiles()
    assert [p.name for p in window.profiles[1:]] == names
    assert not panel.undo_row.isVisible()

    panel.remove.click()  # Delete: no dialog, the server goes and Undo appears
    assert [p.name for p in window.profiles[1:]] == ["first", "third"]
    assert panel.undo_row.isVisible() and panel.undo_label.text() == "Deleted “<b>second</b> & co”."
    assert panel.undo_label.textFormat() == panel.undo_label.textFormat().PlainText  # the name as typed, not markup
    saved = json.loads((tmp_path / "servers.json").read_text(encoding="utf-8"))
    assert "<b>second</b> & co" not in json.dumps(saved)

    panel.undo_button.click()  # back in its place, selected, saved, its secret kept
    assert [p.name for p in window.profiles[1:]] == names and panel.list.currentRow() == 2
    assert panel.editor.name.text() == "<b>second</b> & co" and not panel.undo_row.isVisible()
    assert "<b>second</b> & co" in (tmp_path / "servers.json").read_text(encoding="utf-8")
    assert "s3cret" in (tmp_path / "secrets.json").read_text(encoding="utf-8")
    assert not panel.undo_delete()  # nothing more to undo

    # the built-in demo server cannot be deleted; a new server ends the offer of Undo
    panel.list.setCurrentRow(0)
    assert not panel.remove.isEnabled()
    panel.list.setCurrentRow(1)
    panel.remove.click()
    assert panel.undo_row.isVisible()
    panel.add_server()
    assert not panel.undo_row.isVisible() and not panel.undo_delete()
    QApplication.processEvents()


def title_lines(bar) -> float:
    """The step bar's title height in lines of its font."""
    return bar.title.height() / bar.title.fontMetrics().lineSpacing()


async def test_the_step_bar_title_is_its_lines_high_after_presenter_mode(qapp, tmp_path):
    """Presenter mode's large type wraps the title into more lines in a narrow column: leaving
    it, the title is one or two lines high again in Teaching and Debugging (its least height was
    taken from QLabel.heightForWidth, which never answers less than that least height: it only
    grew, a band of 140 px stayed above and below the title)."""
    controller, window = build(qapp, config=tmp_path)
    window.resize(1280, 720)
    window.show()
    bar = window.stepbar
    try:
        async with anyio.create_task_group() as tg:
            controller.task_group = tg
            use_profile(window, quick(demo_profile()))
            window.act_step.setChecked(True)
            window.connect_selected()
            await until(lambda: controller.pending_step is not None and bar.isVisible())
            await anyio.sleep(0.1)
            before = {}
            for name in ("teaching", "debugging"):
                window.layouts.choose_layout(name)
                await anyio.sleep(0.15)
                before[name] = (bar.title.height(), window.diagram.height())
                assert title_lines(bar) <= 2.2, (name, bar.title.height(), bar.height())
            for _ in range(2):
                window.layouts.choose_layout("presenter")
                await anyio.sleep(0.15)
                assert title_lines(bar) <= 3.2, bar.title.height()  # large type, a narrower column
                for name in ("teaching", "debugging"):
                    window.layouts.choose_layout(name)
                    await anyio.sleep(0.15)
                    assert title_lines(bar) <= 2.2, (name, bar.title.height(), bar.title.minimumHeight())
                    assert bar.title.height() == before[name][0] and window.diagram.height() >= before[name][1] - 2, (
                        name,
                        before[name],
                        bar.title.height(),
                    )
            # a moment narrow (a column being laid out) does not leave its many lines behind
            # Debugging folds the bar to its line, Teaching shows the details; each keeps the user's choice
            assert window.layouts.layout_name == "debugging" and not bar.details_shown and bar.height() < 40
            bar.details_button.click()
            window.layouts.choose_layout("teaching")
            assert bar.details_shown
            bar.details_button.click()  # folded in Teaching
            window.layouts.choose_layout("debugging")
            assert bar.details_shown
            window.layouts.choose_layout("teaching")
            assert not bar.details_shown
            window.act_reset_layout.trigger()  # Reset: Teaching's default again
            window.layouts.choose_layout("debugging")
            window.layouts.choose_layout("teaching")
            assert bar.details_shown
            window.layouts.choose_layout("debugging")
            title = bar.title
            title.resize(60, title.height())
            assert title.minimumHeight() >= 4 * title.fontMetrics().lineSpacing()
            title.resize(900, title.height())
            assert title.minimumHeight() == title.sizeHint().height() <= title.fontMetrics().lineSpacing() + 2
            controller.run_to_end()
            controller.end_session()
            await until(lambda: not controller.running, 15)
            tg.cancel_scope.cancel()
    finally:
        window.close()
        window.deleteLater()


async def test_a_saved_layout_chosen_while_connected_keeps_the_connection_dock_compact(qapp, tmp_path):
    """View → Teaching before connecting saves Debugging with the editor's tall Connection dock;
    back in Debugging while connected (or with a recording open), the dock is as high as the
    compact form, not the 62% of the column the editor had."""
    controller, window = build(qapp, config=tmp_path)
    window.resize(1280, 720)
    window.show()
    try:
        await anyio.sleep(0.1)
        assert window.dock.height() > 300  # the editor, before any session
        window.layouts.choose_layout("teaching")
        await anyio.sleep(0.1)
        async with anyio.create_task_group() as tg:
            controller.task_group = tg
            use_profile(window, quick(demo_profile()))
            window.connect_selected()
            await until(lambda: controller.session is not None and controller.session.state is State.OPERATING)
            await anyio.sleep(0.1)
            compact = window.dock.height()
            assert compact < 200
            for name in ("debugging", "teaching", "presenter", "debugging"):
                window.layouts.choose_layout(name)
                await anyio.sleep(0.1)
                if name != "presenter":
                    assert window.dock.height() <= compact + 4, (name, window.dock.height(), compact)
            controller.end_session()
            await until(lambda: not controller.running, 15)
            path = tmp_path / "saved.jsonl"
            controller.save_recording(path)
            tg.cancel_scope.cancel()
        # a layout saved with the editor shown again, then a recording opened: compact in every layout
        window.connection.set_compact(False)
        await anyio.sleep(0.1)
        assert window.dock.height() > 300
        window.layouts.choose_layout("teaching")
        await anyio.sleep(0.1)
        assert window.files.open_recording_path(str(path)) and window.connection.compact
        for name in ("debugging", "teaching"):
            window.layouts.choose_layout(name)
            await anyio.sleep(0.1)
            assert window.dock.height() <= compact + 4, (name, window.dock.height(), compact)
    finally:
        window.close()
        window.deleteLater()


def cut_label_lines(area, labels) -> list:
    """Lines of ``labels`` (in scroll area ``area``, scrolled to the top) cut by its viewport's foot."""
    foot = area.viewport().height()
    cut = []
    for label in labels:
        if label.isHidden() or not label.text():
            continue
        top = label.y() + label.contentsMargins().top() + label.margin()
        step = label.fontMetrics().lineSpacing()
        lines = round(
            (label.heightForWidth(label.width()) - label.contentsMargins().top() - label.contentsMargins().bottom())
            / step
        )
        cut += [(label.text()[:20], k) for k in range(lines) if top + k * step < foot < top + (k + 1) * step]
    return cut


def cut_message_lines(edit) -> list:
    """Lines of a plain-text editor (at the top) cut by its viewport's foot, from the cursor's own rectangles."""
    from PySide6.QtGui import QTextCursor

    edit.verticalScrollBar().setValue(0)
    foot = edit.viewport().height()
    cursor = QTextCursor(edit.document())
    cut = []
    while True:
        r = edit.cursorRect(cursor)
        if r.top() < foot < r.bottom() + 1:
            cut.append(r)
        if r.top() > foot or not cursor.movePosition(QTextCursor.MoveOperation.Down):
            break
    return cut


@pytest.mark.parametrize("language", ["en", "zh_CN"])
async def test_the_step_bar_and_the_lesson_notes_show_whole_lines_at_1280x720(qapp, tmp_path, language):
    controller, window = build(qapp, config=tmp_path)
    if language != "en":
        window.languages.set_choice(language)
        await anyio.sleep(0.05)
        window = window.languages.window
    window.resize(1280, 720)
    window.show()
    bar = window.stepbar
    try:
        async with anyio.create_task_group() as tg:
            controller.task_group = tg
            use_profile(window, quick(demo_profile(language)))
            window.act_step.setChecked(True)
            window.connect_selected()
            await until(lambda: controller.pending_step is not None and bar.isVisible())
            shown = controller.pending_step
            controller.continue_step()  # the answer to initialize: a long explanation and message
            await until(lambda: controller.pending_step is not None and controller.pending_step is not shown)
            for name in ("debugging", "teaching", "presenter", "debugging"):
                window.layouts.choose_layout(name)
                bar.set_details(True)
                await anyio.sleep(0.2)
                assert bar.words.viewport().height() >= bar.explanation.fontMetrics().lineSpacing()  # a line at least
                assert cut_label_lines(bar.words, (bar.explanation, bar.note)) == [], name
                assert bar.message.viewport().height() >= bar.message.fontMetrics().lineSpacing()
                assert cut_message_lines(bar.message) == [], name
                if name == "presenter":
                    notes = window.diagram.explanation.text_scroll
                    assert notes.isVisible() and window.diagram.explanation.label.text()
                    assert cut_label_lines(notes, (window.diagram.explanation.label,)) == []
            controller.run_to_end()
            controller.end_session()
            await until(lambda: not controller.running, 15)
            tg.cancel_scope.cancel()
    finally:
        window.languages.set_choice("en")  # its translators live on the shared app
        window.close()
        window.deleteLater()
