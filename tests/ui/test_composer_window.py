"""The composer window against the demo: templates of the version in use, a live verdict as the
text changes, "Send anyway" for a message that breaks a rule, the hand-written mark in the
timeline, Edit and resend from a row, and Ping."""

from __future__ import annotations

import re
from contextlib import asynccontextmanager

import anyio
import orjson
import pytest
from PySide6.QtCore import QCoreApplication
from ui_driver import quick, until, use_profile

from inspector.protocol.lifecycle import State
from inspector.protocol.messages import Kind
from inspector.session.profiles import demo_profile
from inspector.session.recording import Direction
from inspector.session.sequence_rows import group_of, row_label
from inspector.ui.timeline import Column

pytestmark = pytest.mark.anyio


def use_demo(window, era: str) -> None:
    use_profile(window, quick(demo_profile(), era))


@asynccontextmanager
async def live_demo(controller, window, era: str):
    """A live demo session in ``era`` from the window, started and then disconnected."""
    use_demo(window, era)
    ready = State.READY if era == "modern" else State.OPERATING
    async with anyio.create_task_group() as tg:
        controller.task_group = tg
        window.connect_selected()
        await until(lambda: controller.session is not None and controller.session.state is ready)
        yield controller.session
        controller.end_session()
        await until(lambda: not controller.running, 15)
        tg.cancel_scope.cancel()


def hand_written(rec) -> list[int]:
    return [i for i in range(len(rec)) if rec.direction_at(i) is Direction.C2S and rec.extra_at(i).get("hand_written")]


async def test_compose_judge_confirm_send_and_resend_in_the_legacy_era(window_and_controller):
    controller, window = window_and_controller
    use_demo(window, "legacy")
    async with anyio.create_task_group() as tg:
        controller.task_group = tg
        assert not window.act_compose.isEnabled()
        window.connect_selected()
        await until(lambda: controller.session is not None and controller.session.state is State.OPERATING)
        await until(lambda: window.act_compose.isEnabled())
        composer = window.tools.open_composer("tools/call")
        assert composer.isVisible()
        methods = [composer.template.itemData(i) for i in range(composer.template.count())]
        assert "tools/call" in methods and "notifications/initialized" in methods and "initialize" in methods
        template = orjson.loads(composer.editor.toPlainText())
        assert template["method"] == "tools/call" and template["id"] == controller.session.suggest_id()
        assert "\n" in composer.editor.toPlainText()  # pretty-printed to edit
        assert composer.verdict.schema_ok is True and "✓ valid against CallToolRequest" in composer.summary.text()

        # a live verdict as the text changes: a truncated message is not JSON
        composer.editor.setPlainText('{"jsonrpc":"2.0","id":"cut","method":"tools/list"')
        await until(lambda: composer.verdict is not None and composer.verdict.kind == "noise")
        assert "client.not-json" in composer.findings.text()
        # a message that breaks a rule needs a second press
        before = len(hand_written(controller.recording))
        assert composer.send() is False and composer.send_button.text() == "Send anyway"
        assert "Send anyway" in composer.status.text()
        assert composer.send() is True
        await until(lambda: len(hand_written(controller.recording)) == before + 1)
        rec = controller.recording
        (cut,) = hand_written(rec)[before:]
        assert rec[cut].raw == b'{"jsonrpc":"2.0","id":"cut","method":"tools/list"\n'
        assert "client.not-json" in rec.violations_at(cut)
        await until(lambda: window.timeline.current_seq() == cut)  # the timeline shows what was sent
        model = window.timeline.model
        row = window.timeline.model.entries.row_of(cut)
        assert model.data(model.index(row, Column.KIND)).endswith("✎")

        # a valid message over stdio: sent compacted to one line, answered, paired
        composer.use_template("tools/list")
        assert composer.send() is True  # no confirmation for a message that breaks nothing
        await until(lambda: len(hand_written(rec)) == before + 2)
        listed = hand_written(rec)[-1]
        assert rec[listed].raw.count(b"\n") == 1 and rec[listed].raw.endswith(b"\n")
        await until(lambda: any(rec.paired_at(i) == listed for i in range(listed, len(rec))))

        # Edit and resend a message of the client's own: a copy with the next free id
        own = next(
            i for i in range(len(rec)) if rec.direction_at(i) is Direction.C2S and rec.method_at(i) == "initialize"
        )
        window.timeline.resendRequested.emit(own)
        copy = orjson.loads(composer.editor.toPlainText())
        assert (
            copy["method"] == "initialize"
            and copy["id"] == controller.session.suggest_id()
            and copy["params"] == rec[own].json()["params"]
        )

        # Ping: answered, and the status bar says how fast
        assert window.tools.ping() is True
        await until(lambda: "ping answered in" in window.statusBar().currentMessage())
        # worded by the one duration formatter ("0.42 ms", "89.3 ms", "2.345 s")
        said = window.statusBar().currentMessage()
        assert re.fullmatch(r"ping answered in \d+(\.\d+)? m?s", said), said

        controller.end_session()
        await until(lambda: not controller.running, 15)
        assert not window.act_compose.isEnabled()
        assert composer.send() is False and "Not connected" in composer.status.text()
        tg.cancel_scope.cancel()


async def test_a_multi_line_text_that_is_not_json_cannot_go_over_stdio(window_and_controller):
    controller, window = window_and_controller
    async with live_demo(controller, window, "modern"):
        composer = window.tools.open_composer()
        methods = [composer.template.itemData(i) for i in range(composer.template.count())]
        assert "server/discover" in methods and "initialize" not in methods  # the 2026-07-28 methods
        composer.set_text("first line\nsecond line")
        before = len(hand_written(controller.recording))
        assert composer.send() is False and "one line" in composer.status.text()
        assert composer.send() is False  # still not: it cannot be carried, whatever the user confirms
        await anyio.sleep(0.2)
        assert len(hand_written(controller.recording)) == before


async def test_handouts_from_the_window_follow_the_language_and_the_diagram_exports(window_and_controller, tmp_path):
    """File → Export transcript… in English and in Chinese (the window's translator: kinds, events,
    era and counts in Chinese, the messages as they were), and File → Export diagram… as SVG (a
    drawing with the states' names) and PNG (a picture, not an empty page)."""
    import xml.etree.ElementTree as ET

    from PySide6.QtGui import QImage

    from inspector.protocol.lifecycle import STATE_INFO
    from inspector.session import labels

    controller, window = window_and_controller
    async with live_demo(controller, window, "legacy"):
        await controller.session.request("tools/list")
    rec = window.recording
    assert window.files.export_transcript_to(str(tmp_path / "en.md"))
    english_md = (tmp_path / "en.md").read_text(encoding="utf-8")
    assert english_md.startswith("# MCP session transcript") and "- **Era**: legacy" in english_md
    assert english_md.count("\n### ") == len(rec) and "· request · tools/list · id" in english_md
    window.languages.set_choice("zh_CN")
    try:
        assert window.files.export_transcript_to(str(tmp_path / "zh.html")) and window.files.export_transcript_to(
            str(tmp_path / "zh.md")
        )
        page = (tmp_path / "zh.html").read_text(encoding="utf-8")
        assert "<h1>MCP 会话记录稿</h1>" in page and '<html lang="zh-CN">' in page and "已终止" in page
        md = (tmp_path / "zh.md").read_text(encoding="utf-8")
    finally:
        window.languages.set_choice("en")
    heads = [line[4:].split(" · ") for line in md.split("\n") if line.startswith("### ")]
    assert len(heads) == len(rec)
    assert [h[2:4] for h in heads[:2]] == [["事件", "已启动"], ["客户端 → 服务器", "请求"]] and heads[-1][
        3
    ] == "已退出"  # spawned, initialize … exited
    assert "- **代际**: 旧版" in md and "tools/list" in md
    english = set(labels.EVENT_LABELS.values()) | {k.label for k in labels.KIND_LABELS} - {"stderr"}
    assert not [h for h in heads if english & set(h)]
    entries = next(line for line in md.split("\n") if line.startswith("- **条目**"))
    assert "客户端 → 服务器" in entries and not re.search(r"\b(c2s|s2c|event) \d", entries)

    assert window.files.export_diagram_to(str(tmp_path / "d.svg"))
    root = ET.parse(tmp_path / "d.svg").getroot()
    ns = root.tag[: root.tag.index("}") + 1] if root.tag.startswith("{") else ""
    assert root.tag == f"{ns}svg" and root.get("viewBox")
    drawn = [
        el
        for el in root.iter()
        if el.tag in (f"{ns}path", f"{ns}polyline", f"{ns}rect", f"{ns}ellipse", f"{ns}polygon")
    ]
    assert len(drawn) > 20 and not list(root.iter(f"{ns}image"))  # shapes and edges, not an empty page or a bitmap
    words = " ".join("".join(el.itertext()) for el in root.iter(f"{ns}text"))
    shown = [info.title for info in STATE_INFO.values() if info.title in words]
    assert (
        STATE_INFO[State.TERMINATED].title in shown and STATE_INFO[State.OPERATING].title in shown and len(shown) >= 5
    ), words[:300]

    assert window.files.export_diagram_to(str(tmp_path / "d.png"))
    image = QImage(str(tmp_path / "d.png"))
    assert not image.isNull() and image.width() >= window.diagram.width() and image.height() >= window.diagram.height()
    step = max(1, image.width() // 200)
    pixels = [image.pixel(x, y) for y in range(0, image.height(), step) for x in range(0, image.width(), step)]
    background = max(set(pixels), key=pixels.count)
    inked = sum(p != background for p in pixels) / len(pixels)
    assert len(set(pixels)) > 20 and 0.01 < inked < 0.9, (
        len(set(pixels)),
        inked,
    )  # drawn on, neither blank nor a solid block


async def test_replay_of_an_opened_recording_moves_the_timeline_and_the_diagram(window_and_controller, tmp_path):
    """Play a recording back: the replay bar shows for an opened file only; Play walks the
    entries in recorded time, the diagram following; Next violation jumps to a red mark."""
    controller, window = window_and_controller
    async with live_demo(controller, window, "legacy"):
        assert not window.replay.isVisible()  # a live session is not played back
        await controller.session.send_text('{"jsonrpc":"1.0","id":"v","method":"ping"}', wait=5)
        await controller.session.request("tools/list")
    path = tmp_path / "replay.jsonl"
    controller.save_recording(path)
    assert window.files.open_recording_path(str(path))
    await until(lambda: window.recording is not None and window.recording.read_only)
    rec = window.recording
    bar = window.replay
    assert bar.isVisible() and bar.slider.maximum() == len(rec) - 1
    assert (
        bar.slider.value() == len(rec) - 1 == bar.playback.position
    )  # where the window shows the opened file: its end
    marked = [i for i in range(len(rec)) if rec.violations_at(i) or rec.schema_at(i) is False]
    assert bar.slider.marks == marked and marked
    bar.slider.setValue(2)  # dragging the slider shows that entry everywhere
    assert window.timeline.current_seq() == 2
    await until(lambda: window.diagram.model.state is rec.state_at(2))
    bar.slider.setValue(0)
    bar.speed.setCurrentIndex(bar.speed.findData(10.0))
    bar.play()
    assert bar.play_button.text() == "Pause"
    await until(lambda: window.timeline.current_seq() == len(rec) - 1, 30)  # played to the end at 10x
    await until(lambda: not bar.playback.playing and bar.play_button.text() == "Play")
    assert window.diagram.model.state is State.TERMINATED
    bar.slider.setValue(0)
    assert bar.next_violation() == marked[0] and window.timeline.current_seq() == marked[0]
    assert "entry " in bar.position_label.text()


@pytest.mark.parametrize("era", ["legacy", "modern"])
async def test_replay_shows_the_diagram_of_the_live_session_row_by_row(window_and_controller, tmp_path, era):
    """For every row, the diagram of the replayed file (moved there by the replay bar) shows
    what the live window's diagram showed for that row (the row selected after the session):
    the same state and the same edge taken, which is what the engine recorded."""
    controller, window = window_and_controller
    async with live_demo(controller, window, era):
        await controller.session.request("tools/list")
        await controller.session.send_text('{"jsonrpc":"2.0","id":"x","method":"no/such"}', wait=5)
        await controller.session.request("tools/call", {"name": "echo", "arguments": {"message": "hi"}})
    live = controller.recording
    await until(lambda: window.timeline.model.total() == len(live))

    def shown() -> tuple:
        edge = window.diagram.model.edge
        return window.diagram.model.state, (edge.source, edge.target, edge.event) if edge is not None else None

    live_rows = []
    for i in range(len(live)):
        assert window.timeline.select_seq(i)
        await anyio.sleep(0)
        live_rows.append(shown())
    assert [state for state, _ in live_rows] == [live.state_at(i) for i in range(len(live))]
    assert len({state for state, _ in live_rows}) >= 4  # the walk went through the lifecycle
    path = tmp_path / "replay.jsonl"
    controller.save_recording(path)
    assert window.files.open_recording_path(str(path))
    await until(
        lambda: (
            window.recording is not None and window.recording.read_only and window.timeline.model.total() == len(live)
        )
    )
    bar = window.replay
    bar.slider.setValue(len(live) - 1)  # the walk starts from elsewhere, so moving to row 0 is a move
    replayed = []
    for i in range(len(live)):
        bar.slider.setValue(i)
        await anyio.sleep(0)
        assert window.timeline.current_seq() == i
        replayed.append(shown())
    assert replayed == live_rows


async def test_presenter_mode_enlarges_the_teaching_views_and_shows_lesson_notes(window_and_controller):
    controller, window = window_and_controller
    use_demo(window, "legacy")
    size = window.timeline.font().pointSizeF()
    from PySide6.QtGui import QPalette

    window_base = window.timeline.palette().color(QPalette.ColorRole.Base)
    assert window.dock.isVisible() and window.features_dock.isVisible()
    async with anyio.create_task_group() as tg:
        controller.task_group = tg
        window.connect_selected()
        await until(lambda: controller.session is not None and controller.session.state is State.OPERATING)
        window.act_presenter.trigger()  # F11
        assert window.layouts.presenting and window.act_presenter.isChecked()
        assert window.timeline.font().pointSizeF() > size * 1.3 and window.diagram.font().pointSizeF() > size * 1.3
        assert not window.dock.isVisible() and not window.features_dock.isVisible()
        # high contrast: pure black and white, on the views a projector shows
        from PySide6.QtGui import QPalette

        base, text = (
            window.timeline.palette().color(QPalette.ColorRole.Base),
            window.timeline.palette().color(QPalette.ColorRole.Text),
        )
        assert {base.name(), text.name()} == {"#000000", "#ffffff"}
        assert window.timeline.palette().color(QPalette.ColorRole.Highlight).name() in (
            "#0032b4",
            "#ffd400",
        )  # the strong accent
        assert window.diagram.palette().color(QPalette.ColorRole.Base) == base
        await until(lambda: window.diagram.model.explained is State.OPERATING)  # lesson notes of the current state
        notes = window.diagram.explanation.label.text()
        assert "Operating" in notes and "close stdin" in notes and window.diagram.explanation.label.isVisible()
        from inspector.protocol.teaching import LESSONS

        lesson = LESSONS[State.OPERATING]  # what is allowed, what comes next, what goes wrong
        assert all(text in notes for text in (lesson.allowed, lesson.next, lesson.failures))
        controller.end_session()
        await until(lambda: not controller.running, 15)
        await until(lambda: window.diagram.model.explained is State.TERMINATED)  # they follow the state
        tg.cancel_scope.cancel()
    window.act_presenter.trigger()
    assert not window.layouts.presenting and window.timeline.font().pointSizeF() == size
    assert window.dock.isVisible() and window.features_dock.isVisible() and window.diagram.model.explained is None
    assert window.timeline.palette().color(QPalette.ColorRole.Base) == window_base  # the theme's own colours again
    assert window.timeline.palette().color(QPalette.ColorRole.Highlight).name() not in ("#0032b4", "#ffd400")


async def test_the_sequence_view_follows_the_timeline_both_ways_and_exports(window_and_controller, tmp_path):
    import xml.etree.ElementTree as ET

    controller, window = window_and_controller
    async with live_demo(controller, window, "legacy"):
        await controller.session.send_text('{"jsonrpc":"1.0","id":"v","method":"ping"}', wait=5)
        window.views.setCurrentWidget(window.sequence)
        await until(lambda: window.sequence.isVisible())
        rec = controller.recording
        view = window.sequence
        # a row clicked here is selected in the timeline (and so in the details and diagram)
        rh = view.row_height()
        top = int(rh * 1.6)
        await until(lambda: window.timeline.model.rowCount() == len(rec))
        view.verticalScrollBar().setValue(0)
        clicked = view.seq_at(top + rh * 3 + 2)
        assert clicked == window.timeline.model.entries.rows[3]
        view.entryClicked.emit(clicked)
        assert window.timeline.current_seq() == clicked and window.detail.seq() == clicked
        # a row selected in the timeline is selected here
        init = next(
            i for i in range(len(rec)) if rec.method_at(i) == "initialize" and rec.direction_at(i) is Direction.S2C
        )
        window.timeline.select_seq(init)
        assert view.selected_seq() == init
        # labels: the answer says what it answers, a flagged message is marked
        assert row_label(rec, init, QCoreApplication.translate) == "initialize #1 ✓"
        bad = next(i for i in range(len(rec)) if rec.extra_at(i).get("hand_written"))
        assert row_label(rec, bad, QCoreApplication.translate) == "ping #v ⚠ ✎"
        assert view.export(str(tmp_path / "seq.svg")) and window.files.export_sequence_to(str(tmp_path / "seq.png"))
        root = ET.parse(tmp_path / "seq.svg").getroot()
        assert root.tag.endswith("svg") and "initialize" in ET.tostring(root, encoding="unicode")
        assert (tmp_path / "seq.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


async def test_re_analysing_an_opened_recording_from_the_window(window_and_controller, tmp_path):
    controller, window = window_and_controller
    async with live_demo(controller, window, "legacy"):
        assert window.files.reanalyse() == []  # a live session: nothing to do, said in the status bar
        assert "Open a recording first" in window.statusBar().currentMessage()
        await controller.session.send_text('{"jsonrpc":"1.0","id":"v","method":"ping"}', wait=5)
    path = tmp_path / "r.jsonl"
    controller.save_recording(path)
    assert window.files.open_recording_path(str(path))
    opened = window.recording
    assert window.files.reanalyse() == []
    assert window.recording is not opened and window.recording.read_only and len(window.recording) == len(opened)
    assert "judged as it was" in window.message_box.text()
    window.message_box.close()


async def test_the_sequence_view_hangs_progress_and_later_rounds_from_their_request(window_and_controller, tmp_path):
    controller, window = window_and_controller
    async with live_demo(controller, window, "modern"):
        session = controller.session
        await session.request(
            "tools/call", {"name": "long_running", "arguments": {"steps": 3, "step_ms": 20}}, progress=True
        )
        await session.request(
            "tools/call", {"name": "list_roots", "arguments": {}}
        )  # an InputRequiredResult, then a retry
        window.views.setCurrentWidget(window.sequence)
        await until(lambda: window.sequence.isVisible())
        rec = controller.recording
        view = window.sequence
        calls = [i for i in range(len(rec)) if rec.method_at(i) == "tools/call" and rec.kind_at(i) is Kind.REQUEST]
        slow, roots_first, roots_again = calls[-3:]
        progress = [i for i in range(len(rec)) if rec.method_at(i) == "notifications/progress"]
        assert len(progress) >= 2 and all(group_of(rec, i) == slow for i in progress)
        assert group_of(rec, roots_again) == roots_first and group_of(rec, roots_first) is None
        again = row_label(rec, roots_again, QCoreApplication.translate)
        assert again.startswith("↻ tools/call") and f"entry {roots_first}" in again
        assert row_label(rec, progress[0], QCoreApplication.translate).startswith("↳ notifications/progress")
        # the rail is drawn: the pixels left of the client's lifeline on a progress row are not blank
        await until(lambda: window.timeline.model.rowCount() == len(rec))
        window.timeline.select_seq(0)  # the selection and its group's tint are elsewhere
        view.verticalScrollBar().setValue(max(0, view.row_of(progress[0]) - 2))
        image = view.viewport().grab().toImage()
        row = view.row_of(progress[0]) - view.verticalScrollBar().value()
        y = int(view.row_height() * (1.6 + row + 0.62))
        fm = view.fontMetrics()
        x_client = min(fm.horizontalAdvance("#000000  0000.000") + 16, int(view.viewport().width() * 0.22)) + 14
        base = view.palette().color(view.viewport().backgroundRole())
        rail = x_client - 20  # between the entry numbers and the answer brackets, only the rail is drawn
        assert any(image.pixelColor(rail, y - dy) != base for dy in range(0, view.row_height()))
