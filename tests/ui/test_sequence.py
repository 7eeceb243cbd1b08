"""The sequence view against real sessions: the third lifeline (the process of a stdio server,
the exchanges of an HTTP one), side by side with the timeline (scrolling and selection tied both
ways), an honest export of a whole recorded session (SVG parsed back, PNG loaded back), event
names in Chinese, and presenter mode on a 1280×720 projector."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import anyio
import pytest
from demo_recording import record_demo_session
from peers import HttpPeer, free_port, sdk_http_server
from PySide6.QtCore import QCoreApplication
from ui_driver import quick, until, use_profile

from inspector.protocol.lifecycle import State
from inspector.session.profiles import ServerProfile, demo_profile
from inspector.session.recording import Direction
from inspector.session.sequence_rows import lane_names, row_label

pytestmark = pytest.mark.anyio

SVG = "{http://www.w3.org/2000/svg}"


async def open_demo_recording(window, controller, tmp_path, **kw):
    path = await record_demo_session(tmp_path / "demo.jsonl", **kw)
    assert window.files.open_recording_path(str(path))
    rec = controller.recording
    await until(lambda: window.timeline.model.total() == len(rec) and window.timeline.model.rowCount() == len(rec))
    return rec


def painted(view, x: int, y: int, r: int = 2) -> bool:
    """Something other than the background is painted within ``r`` pixels of (x, y)."""
    image = view.viewport().grab().toImage()
    base = view.palette().color(view.viewport().backgroundRole()).rgb()
    return any(image.pixelColor(x + dx, y + dy).rgb() != base for dx in range(-r, r + 1) for dy in range(-r, r + 1))


def row_middle(view, row: int) -> int:
    return int(view.row_height() * (1.6 + row - view.verticalScrollBar().value() + 0.62)) - 2


async def test_a_stdio_session_has_a_process_lifeline_with_its_events_and_stderr_on_it(window_and_controller, tmp_path):
    controller, window = window_and_controller
    rec = await open_demo_recording(window, controller, tmp_path)
    view = window.sequence
    window.views.setCurrentWidget(view)
    window.tabs.hide()  # room for the notes' column right of the process lifeline
    await until(lambda: view.isVisible() and view.viewport().width() > 560)
    assert lane_names(rec, QCoreApplication.translate) == ("Client", "Server", "Process")
    x_client, x_server, x_side = view.lanes()
    assert x_client < x_server < x_side < view.viewport().width()
    spawned = next(i for i in range(len(rec)) if rec.extra_at(i).get("event") == "spawned")
    exited = next(i for i in range(len(rec)) if rec.extra_at(i).get("event") == "exited")
    assert row_label(rec, spawned, QCoreApplication.translate).startswith("spawned: ")
    for seq in (spawned, exited):
        window.timeline.select_seq(0 if seq else 1)  # the selection's tint is elsewhere
        view.verticalScrollBar().setValue(max(0, view.row_of(seq) - 1))
        y = row_middle(view, view.row_of(seq))
        assert painted(view, x_side, y)  # the note's dot is on the process lifeline, its text right of it,
        assert any(painted(view, x, y + 2, 0) for x in range(x_side + 10, x_side + 40))
        assert not painted(view, (x_client + x_server) // 2, y, 1)  # and no arrow between the peers
    # a message row is an arrow between client and server, not on the process line
    request = next(
        i for i in range(len(rec)) if rec.method_at(i) == "tools/list" and rec.direction_at(i) is Direction.C2S
    )
    view.verticalScrollBar().setValue(max(0, view.row_of(request) - 1))
    y = row_middle(view, view.row_of(request)) + 2
    assert painted(view, (x_client + x_server) // 2, y, 1)


async def test_event_names_in_the_sequence_view_follow_the_language(window_and_controller, tmp_path):
    controller, window = window_and_controller
    rec = await open_demo_recording(window, controller, tmp_path)
    spawned = next(i for i in range(len(rec)) if rec.extra_at(i).get("event") == "spawned")
    window.languages.set_choice("zh_CN")
    try:
        label = row_label(rec, spawned, QCoreApplication.translate)
        assert label.startswith("已启动: ")  # the timeline's word for it
        assert lane_names(rec, QCoreApplication.translate)[2] == "进程"
        stderr = [i for i in range(len(rec)) if rec.direction_at(i) is Direction.STDERR]
        if stderr:
            assert row_label(rec, stderr[0], QCoreApplication.translate).startswith("stderr: ")
    finally:
        window.languages.set_choice("en")
    assert row_label(rec, spawned, QCoreApplication.translate).startswith("spawned: ")


async def test_an_http_session_has_an_http_lifeline(window_and_controller, tmp_path):
    controller, window = window_and_controller
    port = free_port()
    with HttpPeer(sdk_http_server(port), port) as peer:
        profile = ServerProfile(
            name="sdk over http", command="", transport="streamable-http", url=peer.url, era="legacy"
        )
        use_profile(window, profile)
        window.connection.profiles[0] = profile
        window.connection.show_profiles(0)
        async with anyio.create_task_group() as tg:
            controller.task_group = tg
            window.connect_selected()
            await until(lambda: controller.session is not None and controller.session.state is State.OPERATING)
            rec = controller.recording
            view = window.sequence
            assert lane_names(rec, QCoreApplication.translate)[2] == "HTTP"
            exchanges = [i for i in range(len(rec)) if rec.extra_at(i).get("event") == "http_exchange"]
            assert exchanges and row_label(rec, exchanges[0], QCoreApplication.translate).startswith("HTTP exchange: ")
            window.views.setCurrentWidget(view)
            await until(lambda: view.isVisible() and window.timeline.model.rowCount() >= exchanges[0] + 1)
            window.timeline.select_seq(len(rec) - 1)
            view.verticalScrollBar().setValue(max(0, view.row_of(exchanges[0]) - 1))
            assert painted(view, view.lanes()[2], row_middle(view, view.row_of(exchanges[0])))
            view.export(str(tmp_path / "http.svg"))  # the view names its third lifeline for this recording
            root = ET.parse(tmp_path / "http.svg").getroot()
            texts = ["".join(t.itertext()).strip() for t in root.iter(SVG + "text")]
            assert texts.count("HTTP") == 1 and "Process" not in texts
            controller.end_session()
            await until(lambda: not controller.running, 15)
            tg.cancel_scope.cancel()


async def test_side_by_side_ties_scrolling_and_selection_both_ways(window_and_controller, tmp_path):
    controller, window = window_and_controller
    rec = await open_demo_recording(window, controller, tmp_path)
    view, table = window.sequence, window.timeline.table
    assert window.views.count() == 2 and not window.side_by_side.is_side_by_side()
    window.side_by_side.click()  # the toggle in the tabs' corner
    assert window.side_by_side.is_side_by_side() and window.views.count() == 1
    await until(lambda: view.isVisible() and window.timeline.isVisible())
    assert view.geometry().left() > window.timeline.geometry().left()  # beside it
    tbar, sbar = table.verticalScrollBar(), view.verticalScrollBar()
    await until(lambda: tbar.maximum() > 20 and sbar.maximum() > 20)
    # the timeline scrolled: the same row is at the top of the sequence view
    tbar.setValue(12)
    assert (
        table.rowAt(0) == 12
        and sbar.value() == 12
        and view.seq_at(int(view.row_height() * 1.6) + 1) == window.timeline.model.seq_at(12)
    )
    # the sequence view scrolled: the timeline follows
    sbar.setValue(20)
    assert tbar.value() == 20 and table.rowAt(0) == 20
    # the end of one is the end of the other
    tbar.setValue(tbar.maximum())
    assert sbar.value() == sbar.maximum()
    sbar.setValue(3)
    assert tbar.value() == 3
    sbar.setValue(sbar.maximum())
    assert tbar.value() == tbar.maximum()
    # selection, both ways
    view.entryClicked.emit(view.seq_at(int(view.row_height() * 2.0)))
    assert window.timeline.current_seq() == view.selected_seq() and window.detail.seq() == view.selected_seq()
    window.timeline.select_seq(5)
    assert view.selected_seq() == 5
    # back to tabs: the sequence view is a tab again and no longer moves the timeline
    window.side_by_side.click()
    assert window.views.count() == 2 and window.views.widget(1) is view and window.views.tabText(1) == "Sequence"
    before = tbar.value()
    sbar.setValue(0 if before else 1)
    assert tbar.value() == before
    assert len(rec) > 20


async def test_export_writes_every_row_of_a_whole_session_and_says_so(window_and_controller, tmp_path):
    controller, window = window_and_controller
    rec = await open_demo_recording(window, controller, tmp_path)
    view = window.sequence
    rows = list(window.timeline.model.entries.rows)
    assert len(rows) == len(rec) > 40
    view.verticalScrollBar().setValue(view.verticalScrollBar().maximum())  # what is on screen does not matter
    svg = tmp_path / "seq.svg"
    assert window.files.export_sequence_to(str(svg))
    assert f"all {len(rows)} rows" in window.statusBar().currentMessage()
    root = ET.parse(svg).getroot()
    assert root.tag == SVG + "svg"
    assert root.findtext(SVG + "title") == f"Sequence diagram: rows 1–{len(rows)} of {len(rows)}"
    texts = ["".join(t.itertext()).strip() for t in root.iter(SVG + "text")]
    stamps = {t.split()[0] for t in texts if t.startswith("#")}
    assert stamps == {f"#{seq}" for seq in rows}  # a row for every entry, the first to the last
    messages = [seq for seq in rows if rec.direction_at(seq) in (Direction.C2S, Direction.S2C)]
    for seq in messages:  # each message's arrow is labelled with its method (cut only when long)
        method = rec.method_at(seq) or ""
        assert any(t.startswith(method[:12]) or t.startswith("↳ " + method[:10]) or t.startswith("(") for t in texts), (
            method
        )
    assert sum(1 for t in texts if t.startswith("tools/call")) >= sum(
        1 for s in messages if rec.method_at(s) == "tools/call"
    )
    assert texts.count("Client") == 1 and texts.count("Server") == 1 and texts.count("Process") == 1
    # PNG: every row, the right size, not blank
    from PySide6.QtGui import QImage

    png = tmp_path / "seq.png"
    assert window.files.export_sequence_to(str(png))
    image = QImage(str(png))
    rh = view.row_height()
    assert not image.isNull() and image.width() >= 2 * 720
    assert image.height() == 2 * (int(rh * 1.6) + len(rows) * rh + rh)  # drawn at 2×
    colours = {image.pixel(x, y) for x in range(0, image.width(), 7) for y in range(0, image.height(), 11)}
    assert len(colours) > 4


async def test_an_export_too_large_for_one_file_names_the_rows_it_holds(window_and_controller, tmp_path, monkeypatch):
    from inspector.ui import sequence

    controller, window = window_and_controller
    rec = await open_demo_recording(window, controller, tmp_path)
    total = len(window.timeline.model.entries.rows)
    monkeypatch.setattr(sequence, "SVG_MAX_ROWS", 10)
    svg = tmp_path / "part.svg"
    assert window.files.export_sequence_to(str(svg))
    assert (
        f"rows 1–10 of {total}" in window.statusBar().currentMessage()
        and "at most 10 rows" in window.statusBar().currentMessage()
    )
    root = ET.parse(svg).getroot()
    assert root.findtext(SVG + "title") == f"Sequence diagram: rows 1–10 of {total}"
    texts = ["".join(t.itertext()).strip() for t in root.iter(SVG + "text")]
    assert {t.split()[0] for t in texts if t.startswith("#")} == {f"#{seq}" for seq in range(10)}
    # a selected row: the file starts there
    window.timeline.select_seq(20)
    assert window.files.export_sequence_to(str(svg))
    assert f"rows 21–30 of {total}" in window.statusBar().currentMessage()
    root = ET.parse(svg).getroot()
    assert {
        "".join(t.itertext()).split()[0] for t in root.iter(SVG + "text") if "".join(t.itertext()).startswith("#")
    } == {f"#{seq}" for seq in range(20, 30)}
    assert len(rec) == total


async def test_presenter_mode_on_a_1280x720_projector(window_and_controller):
    controller, window = window_and_controller
    use_profile(window, quick(demo_profile(), "legacy"))
    window.resize(1280, 720)
    window.act_presenter.trigger()
    async with anyio.create_task_group() as tg:
        controller.task_group = tg
        window.act_step.setChecked(True)  # the step bar is shown too: the hardest case
        window.connect_selected()
        await until(lambda: controller.pending_step is not None)
        shown = controller.pending_step
        controller.continue_step()
        await until(lambda: controller.pending_step is not None and controller.pending_step is not shown)
        await until(lambda: window.stepbar.isVisible() and window.diagram.model.explained is State.INITIALIZING)
        await anyio.sleep(0.2)  # the diagram lays out again 80 ms after the last resize
        layout = window.diagram.layout_for_tests()
        assert layout["font_px"] >= 14  # the states' labels, as drawn
        assert not window.tabs.isVisible()  # the details are put away; the timeline and step bar share the row
        table = window.timeline.table
        assert table.viewport().height() >= 6 * table.verticalHeader().defaultSectionSize()
        notes = window.diagram.explanation.label
        assert (
            notes.isVisible() and notes.width() >= 240 and notes.font().pointSizeF() >= window.font().pointSizeF() * 1.3
        )
        assert window.sequence.font().pointSizeF() >= window.font().pointSizeF() * 1.3
        for w in (window.diagram, window.stepbar, window.timeline):
            assert w.geometry().width() > 0 and w.mapTo(window, w.rect().bottomRight()).y() <= 720
        controller.run_to_end()
        controller.end_session()
        await until(lambda: not controller.running, 15)
        tg.cancel_scope.cancel()
    window.act_presenter.trigger()
    assert window.tabs.isVisible() and window.stepbar.parentWidget() is window.diagram.parentWidget()
    assert window.timeline.search.isVisible()
