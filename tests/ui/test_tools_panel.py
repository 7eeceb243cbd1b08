"""The Tools panel against real servers: the demo (both eras) and the npm reference server.

Each test starts a real session through the SessionController (as the app does), hands it to
the panel with the availability the negotiation produced, and drives the panel like a user.
Every wait is bounded with anyio.fail_after; nothing sleeps to wait.
"""

from __future__ import annotations

import json
from contextlib import asynccontextmanager

import anyio
import pytest
from peers import reference_server  # noqa: E402
from polling import until
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QGroupBox
from ui_driver import english_plurals  # noqa: E402

from inspector.demo.catalog import TOOLS, shape_tool
from inspector.demo.features import LESSON_SWITCH_TOOL
from inspector.protocol.versions import LATEST_LEGACY, LATEST_MODERN
from inspector.session import Reply
from inspector.session.features import Availability, availability
from inspector.session.operations import ListenHub
from inspector.session.profiles import ServerProfile, demo_profile
from inspector.session.recording import Direction, Recording
from inspector.ui.controller import SessionController
from inspector.ui.panels.tools import AUTO_PAGES, ToolsPanel
from inspector.ui.schema_form import (
    ArrayField,
    BooleanField,
    EnumField,
    MultiEnumField,
    NumberField,
    ObjectField,
    StringField,
)
from inspector.ui.text import format_duration

pytestmark = pytest.mark.anyio


@pytest.fixture(autouse=True)
def english(qapp):
    """The app's English plural forms ("2 rounds"), as the window has them."""
    translator = english_plurals(qapp)
    yield
    qapp.removeTranslator(translator)


ERAS = ["legacy", "modern"]


def demo(era: str, version: str = "") -> ServerProfile:
    p = demo_profile()
    p.era = era
    p.protocol_version = version
    p.stdin_grace = 2.0
    p.term_grace = 1.0
    return p


def expected_demo_tools(version: str) -> list[str]:
    return [t["name"] for t in (shape_tool(e, version) for e in [*TOOLS, LESSON_SWITCH_TOOL]) if t is not None]


@asynccontextmanager
async def live_panel(profile: ServerProfile, *, clean_exit: bool = True):
    """A panel on a live session of ``profile``, with the tool list loaded.

    ``clean_exit``: the server must exit on stdin close (no SIGTERM needed).
    """
    controller = SessionController()
    panel = ToolsPanel(controller)
    panel.resize(1200, 800)
    panel.show()
    controller.notified.connect(panel.on_notification)  # what the host window does
    ready: list[bool] = []
    failures: list[str] = []
    controller.ready.connect(lambda: ready.append(True))
    controller.failed.connect(failures.append)
    try:
        async with anyio.create_task_group() as tg:
            controller.task_group = tg
            assert controller.connect_profile(profile)
            await until(lambda: ready or failures)
            assert not failures, failures
            eng = controller.session.engine
            era, version = eng.era.value, eng.version
            panel.session_started(
                controller.session, availability(era, version, eng.server_capabilities)["tools"], era, version
            )
            await until(lambda: panel.tools and not panel.feature.loading)
            yield controller, panel
            controller.end_session()
            await until(lambda: not controller.running, 20)
            tg.cancel_scope.cancel()
        summary = controller.recording.summary
        if clean_exit:  # the server exited on stdin close, as stdio shutdown asks
            assert (summary["exit_code"], summary["shutdown"]) in ((0, "none"), (0, "stdin")), summary
    finally:
        panel.close()
        panel.deleteLater()


async def call(panel: ToolsPanel, name: str, timeout: float = 20.0, **fields) -> None:
    assert panel.select_tool(name)
    for path, value in fields.items():
        panel.editor.form.field(path).set(value)
    assert panel.call_selected()
    await until(lambda: not panel.feature.calling, timeout)


def blocks(panel: ToolsPanel) -> list[str]:
    return [c.kind for c in panel.result.content.cards()]


# ====================================================================== listing


@pytest.mark.parametrize("era", ERAS)
async def test_lists_the_demo_tools(era):
    async with live_panel(demo(era)) as (controller, panel):
        version = LATEST_LEGACY if era == "legacy" else LATEST_MODERN
        names = [t["name"] for t in panel.tools]
        assert names == expected_demo_tools(version)
        assert len(names) == 14 and panel.list.count() == 14
        assert panel.count_label.text() == "14 tools · 1 page"
        assert panel.load_more_button.isHidden()
        assert panel.availability.list_changed
        # badges come from the annotations
        panel.select_tool("long_running")
        badges = [text for text, _ in panel.badges.badges]
        assert "read-only" in badges and "idempotent" in badges
        assert panel.title_label.text() == "Long-running (progress, cancellation, tasks)"
        panel.filter_edit.setText("weather")
        visible = [
            panel.list.item(i).data(Qt.ItemDataRole.UserRole + 1)["name"]
            for i in range(panel.list.count())
            if not panel.list.item(i).isHidden()
        ]
        assert visible == ["get_weather"]


async def test_input_types_form_errors_and_raw_json():
    async with live_panel(demo("legacy")) as (controller, panel):
        assert panel.select_tool("input_types")
        form = panel.editor.form
        kinds = {f.path_text: type(f) for f in form.fields()}
        assert kinds["text"] is StringField and kinds["count"] is NumberField and kinds["ratio"] is NumberField
        assert kinds["enabled"] is BooleanField and kinds["color"] is EnumField
        assert kinds["tags"] is ArrayField and kinds["sizes"] is MultiEnumField
        assert kinds["address"] is ObjectField and kinds["address.geo"] is ObjectField
        assert isinstance(form.field("address").editor, QGroupBox)
        assert form.value()["address"]["geo"] == {"lat": 0.0, "lon": 0.0}
        assert form.value()["count"] == 3 and form.value()["color"] == "green"
        # required field: typed, erased, error right there
        text = form.field("text")
        QTest.keyClicks(text.line, "x")
        text.line.selectAll()
        QTest.keyClick(text.line, Qt.Key.Key_Backspace)
        assert not text.error_label.isHidden() and text.error_label.text() == "required"
        # Call refuses until the arguments match the schema; nothing is sent
        sent_before = len(controller.recording)
        assert not panel.call_selected()
        assert not panel.args_error.isHidden() and "text" in panel.args_error.text()
        assert len(controller.recording) == sent_before
        # raw JSON: an error with its path
        assert panel.editor.set_mode("raw")
        value = json.loads(panel.editor.raw_edit.toPlainText())
        value.update(text="hello", sizes=["S", "L"])
        value["address"]["zip"] = "ABCDE"
        panel.editor.raw_edit.setPlainText(json.dumps(value))
        assert panel.editor.raw_status.text().startswith("✗") and "address.zip" in panel.editor.raw_status.text()
        value["address"]["zip"] = "54321"
        panel.editor.raw_edit.setPlainText(json.dumps(value))
        assert panel.editor.raw_status.text().startswith("✓")
        assert panel.call_selected()
        await until(lambda: not panel.feature.calling)
        assert panel.result.outcome == "result" and blocks(panel) == ["text"]
        echoed = panel.result.content.cards()[0].text
        assert '"zip": "54321"' in echoed and '"sizes": [\n    "S",\n    "L"\n  ]' in echoed
        # an inspector may send arguments that break the schema on purpose: the server judges them
        del value["text"]
        panel.editor.raw_edit.setPlainText(json.dumps(value))
        assert not panel.call_selected()
        panel.validate_box.setChecked(False)
        assert panel.call_selected()
        await until(lambda: not panel.feature.calling)
        assert (
            panel.result.outcome == "tool-error" and "arguments.text: required" in panel.result.content.cards()[0].text
        )


@pytest.mark.parametrize("era", ERAS)
async def test_echo_with_ctrl_enter(era):
    async with live_panel(demo(era)) as (controller, panel):
        assert panel.select_tool("echo")
        line = panel.editor.form.field("message").line
        panel.activateWindow()
        line.setFocus()
        QTest.keyClicks(line, "hello <b>world</b>")
        QTest.keyClick(line, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
        await until(lambda: panel.result.outcome != "")
        assert panel.result.outcome == "result" and panel.result.banner_text() == ""
        (card,) = panel.result.content.cards()
        assert card.kind == "text" and card.text == "hello <b>world</b>"
        assert panel.result.status_label.text().startswith("echo · tools/call id ")
        # Ctrl+Enter from the raw JSON editor too
        assert panel.editor.set_mode("raw")
        panel.editor.raw_edit.setPlainText('{"message": "from raw"}')
        panel.editor.raw_edit.setFocus()
        QTest.keyClick(panel.editor.raw_edit, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
        await until(
            lambda: (
                not panel.feature.calling
                and panel.result.outcome == "result"
                and panel.result.content.cards()[0].text == "from raw"
            )
        )
        assert panel.editor.raw_edit.toPlainText() == '{"message": "from raw"}'  # the shortcut did not type a newline
        sent = [
            controller.recording[i].json()
            for i in range(len(controller.recording))
            if controller.recording.method_at(i) == "tools/call"
        ]
        assert [m["params"]["arguments"] for m in sent if m.get("method") == "tools/call"] == [
            {"message": "hello <b>world</b>"},
            {"message": "from raw"},
        ]


@pytest.mark.parametrize("era", ERAS)
async def test_structured_output_is_checked_against_the_output_schema(era):
    async with live_panel(demo(era)) as (controller, panel):
        await call(panel, "get_weather", city="Lisbon")
        assert panel.result.outcome == "result"
        assert blocks(panel) == ["text", "structured"]
        ok, text = panel.result.content.structured_verdict()
        assert ok is True and text == "✓ matches the outputSchema"


@pytest.mark.parametrize("era", ERAS)
async def test_media_renders_image_audio_and_links(era):
    async with live_panel(demo(era)) as (controller, panel):
        await call(panel, "media")
        assert blocks(panel) == ["text", "image", "audio", "resource_link", "resource_link"]
        _, image, audio, link, _ = panel.result.content.cards()
        assert image.error is None and image.pixmap is not None and image.pixmap.width() == 16
        assert "audio/wav" in audio.summary() and "0.20 s" in audio.summary()
        assert link.uri == "demo://static/logo.png"
        opened: list[str] = []
        panel.resourceLinkActivated.connect(opened.append)  # the host opens it in the Resources panel
        link.link_button.click()
        assert opened == ["demo://static/logo.png"]


async def test_media_before_resource_links_embeds_a_resource():
    async with live_panel(demo("legacy", "2025-03-26")) as (controller, panel):
        assert panel.version == "2025-03-26"
        await call(panel, "media")
        assert blocks(panel) == ["text", "image", "audio", "resource"]
        assert panel.result.content.cards()[-1].uri == "demo://static/readme.md"


@pytest.mark.parametrize("era", ERAS)
async def test_tool_error_is_not_a_protocol_error(era):
    async with live_panel(demo(era)) as (controller, panel):
        await call(panel, "always_fails")
        assert panel.result.outcome == "tool-error"
        assert panel.result.banner_text().startswith("The tool reported an error")
        assert "Protocol error" not in panel.result.banner_text()
        assert blocks(panel) == ["text"] and "Something went wrong" in panel.result.content.cards()[0].text
        # a JSON-RPC error reply is a different thing: an unknown tool gets -32602
        panel.current = {"name": "no_such_tool", "inputSchema": {"type": "object"}}
        assert panel.call_selected()
        await until(lambda: not panel.feature.calling)
        assert panel.result.outcome == "protocol-error"
        assert panel.result.banner_text().startswith("Protocol error -32602: Unknown tool: no_such_tool")
        assert "The tool reported an error" not in panel.result.banner_text()


@pytest.mark.parametrize("era", ERAS)
async def test_progress_then_cancel(era):
    async with live_panel(demo(era)) as (controller, panel):
        assert panel.select_tool("long_running")
        panel.editor.form.field("steps").set(200)
        panel.editor.form.field("step_ms").set(50)
        assert panel.call_selected()
        assert panel.feature.calling and not panel.cancel_button.isHidden() and not panel.call_button.isEnabled()
        await until(lambda: panel.feature.last_progress is not None and panel.result.progress.value() > 0)
        assert panel.result.progress.maximum() == 1000 and not panel.result.progress_row.isHidden()
        assert panel.result.progress_label.text().startswith("step ")
        assert panel.result.progress.format().endswith("/ 200")
        panel.cancel_button.click()
        await until(lambda: not panel.feature.calling)
        assert panel.result.outcome == "cancelled" and panel.result.banner_text().startswith("Cancelled")
        assert panel.result.progress_row.isHidden() and panel.cancel_button.isHidden()
        rec = controller.recording
        call_seq = max(i for i in range(len(rec)) if rec.method_at(i) == "tools/call")
        call_id = rec[call_seq].json()["id"]
        cancels = [
            rec[i].json()
            for i in range(len(rec))
            if rec.method_at(i) == "notifications/cancelled" and rec.direction_at(i) is Direction.C2S
        ]
        assert [c["params"]["requestId"] for c in cancels] == [call_id]
        # the session stays usable: the next call works
        await call(panel, "echo", message="after cancel")
        assert panel.result.outcome == "result"


async def test_list_changed_reloads_and_keeps_the_selection_legacy():
    async with live_panel(demo("legacy")) as (controller, panel):
        await call(panel, "add_item", kind="tool")
        await until(lambda: "added_tool_1" in [t["name"] for t in panel.tools])
        assert len(panel.tools) == 15 and panel.count_label.text() == "15 tools · 1 page"
        assert "tool list changed" in panel.list_note.text()
        lists = [i for i in range(len(controller.recording)) if controller.recording.method_at(i) == "tools/list"]
        assert len(lists) >= 4  # first load + reload (request and response each)
        # the same tool stays selected, with the arguments as typed (its schema did not change)
        assert (
            panel.current["name"] == "add_item"
            and panel.list.currentItem().data(Qt.ItemDataRole.UserRole + 1)["name"] == "add_item"
        )
        assert panel.editor.value() == {"kind": "tool"}


async def test_list_changed_reloads_modern_through_a_listen_stream():
    async with live_panel(demo("modern")) as (controller, panel):
        # In 2026-07-28, list_changed only reaches a subscriptions/listen stream that asked for it.
        rec = controller.session.recording
        await until(
            lambda: any(rec.method_at(i) == "notifications/subscriptions/acknowledged" for i in range(len(rec)))
        )
        listens = [
            rec[i].json()
            for i in range(len(rec))
            if rec.method_at(i) == "subscriptions/listen" and rec.direction_at(i) is Direction.C2S
        ]
        assert [m["params"]["notifications"] for m in listens] == [{"toolsListChanged": True}]
        assert panel.feature.listening
        await call(panel, "add_item", kind="tool")
        await until(lambda: "added_tool_1" in [t["name"] for t in panel.tools])
        assert len(panel.tools) == 15
        panel.session_ended()  # the stream is closed on the wire
        assert not panel.feature.listening
        await until(
            lambda: any(
                rec.method_at(i) == "notifications/cancelled"
                and rec[i].json()["params"]["requestId"] == listens[0]["id"]
                for i in range(len(rec))
            )
        )


async def test_legacy_sessions_open_no_listen_stream():
    async with live_panel(demo("legacy")) as (controller, panel):
        rec = controller.session.recording
        assert not panel.feature.listening
        assert not any(rec.method_at(i) == "subscriptions/listen" for i in range(len(rec)))


async def test_input_required_rounds_are_shown_modern():
    async with live_panel(demo("modern")) as (controller, panel):
        await call(panel, "list_roots")
        assert panel.result.outcome == "result"
        reply = panel.result.last_reply
        assert reply.rounds == 2 and len(reply.round_latencies) == 2 and reply.round_latencies[-1] == reply.latency
        # the whole call: both rounds and the client's answer in between
        assert reply.total >= sum(reply.round_latencies)
        text = panel.result.status_label.text()
        assert f"answered in {format_duration(reply.total)}" in text and "2 rounds (input required): " in text


async def test_list_changed_without_the_capability_only_notes_it():
    panel = ToolsPanel(SessionController())
    panel.availability = Availability("tools", True, "declared", list_changed=False)
    panel.on_notification("notifications/tools/list_changed", {})
    assert "without declaring" in panel.list_note.text()
    panel.deleteLater()


# ====================================================================== pagination (a paging peer)


class PagingSession:
    """Answers tools/list in pages of 2 with cursors, like a server with many tools."""

    def __init__(self, pages: int, repeat_at: int | None = None) -> None:
        self.pages = pages
        self.repeat_at = repeat_at
        self.cursors: list[str | None] = []
        self.notification_listeners: list = []
        self.listen_hub = ListenHub(self)  # what every session has (unused in the legacy era)
        self.recording = Recording()  # what every session has (the panel follows its list requests in it)

    async def request(self, method, params=None, **kw):
        await anyio.sleep(0)
        assert method == "tools/list"
        cursor = (params or {}).get("cursor")
        self.cursors.append(cursor)
        page = int(cursor[1:]) if cursor else 0
        tools = [{"name": f"tool_{page}_{i}", "inputSchema": {"type": "object"}} for i in range(2)]
        result: dict = {"tools": tools}
        if self.repeat_at is not None and page >= self.repeat_at:
            result["nextCursor"] = f"p{self.repeat_at}"
        elif page + 1 < self.pages:
            result["nextCursor"] = f"p{page + 1}"
        return Reply(len(self.cursors), 0, result, None, 0.001)


async def test_pagination_follows_next_cursor_then_load_more():
    controller = SessionController()
    panel = ToolsPanel(controller)
    session = PagingSession(pages=AUTO_PAGES + 3)
    async with anyio.create_task_group() as tg:
        controller.task_group = tg
        panel.session_started(session, Availability("tools", True, "declared"), "legacy", LATEST_LEGACY)
        await until(lambda: not panel.feature.loading and panel.tools)
        assert session.cursors == [None, "p1", "p2", "p3", "p4"]
        assert len(panel.tools) == 2 * AUTO_PAGES and panel.next_cursor == f"p{AUTO_PAGES}"
        assert not panel.load_more_button.isHidden()
        assert panel.count_label.text() == f"{2 * AUTO_PAGES} tools · {AUTO_PAGES} pages · more available"
        panel.load_more_button.click()
        await until(lambda: not panel.feature.loading and panel.next_cursor is None)
        assert len(panel.tools) == 2 * (AUTO_PAGES + 3) and panel.pages == AUTO_PAGES + 3
        assert panel.load_more_button.isHidden()
        assert [t["name"] for t in panel.tools][-1] == f"tool_{AUTO_PAGES + 2}_1"
        # Refresh starts again from the first page
        panel.feature.refresh()
        await until(lambda: not panel.feature.loading)
        assert len(panel.tools) == 2 * AUTO_PAGES
    panel.deleteLater()


async def test_pagination_stops_on_a_repeated_cursor():
    controller = SessionController()
    panel = ToolsPanel(controller)
    session = PagingSession(pages=10, repeat_at=2)
    async with anyio.create_task_group() as tg:
        controller.task_group = tg
        panel.session_started(session, Availability("tools", True, "declared"), "legacy", LATEST_LEGACY)
        await until(lambda: not panel.feature.loading and panel.tools)
        assert session.cursors == [None, "p1", "p2"]
        assert panel.next_cursor is None and "repeated the cursor p2" in panel.list_error.text()
        assert len(panel.tools) == 6
    panel.deleteLater()


async def test_session_end_disables_actions():
    async with live_panel(demo("legacy")) as (controller, panel):
        panel.select_tool("echo")
        assert panel.call_button.isEnabled() and panel.refresh_button.isEnabled()
        panel.session_ended()
        assert not panel.call_button.isEnabled() and not panel.refresh_button.isEnabled()
        assert not panel.call_selected()
        assert panel.list.count() == 14 and panel.current["name"] == "echo"  # what is on screen stays


# ====================================================================== the npm reference server


def reference_profile() -> ServerProfile:
    argv = reference_server()
    return ServerProfile(
        name="server-everything", command=argv[0], args=argv[1:], era="legacy", stdin_grace=2.0, term_grace=1.0
    )


@pytest.mark.peer
async def test_reference_server_tools():
    async with live_panel(reference_profile()) as (controller, panel):
        names = [t["name"] for t in panel.tools]
        for expected in ("echo", "get-tiny-image", "trigger-long-running-operation", "get-structured-content"):
            assert expected in names
        # draft-07 schemas ($schema declared) become forms
        assert panel.select_tool("echo")
        assert panel.editor.form.unsupported == [] and panel.editor.mode() == "form"
        await call(panel, "echo", message="hi from the panel")
        assert panel.result.outcome == "result" and panel.result.content.cards()[0].text == "Echo: hi from the panel"

        await call(panel, "get-tiny-image")
        assert blocks(panel) == ["text", "image", "text"]
        image = panel.result.content.cards()[1]
        assert (
            image.error is None
            and image.pixmap is not None
            and (image.pixmap.width(), image.pixmap.height()) == (20, 20)
        )

        assert panel.select_tool("get-structured-content")
        location = panel.editor.form.field("location")
        assert isinstance(location, EnumField)
        location.combo.setCurrentIndex(location.combo.findText("Chicago"))
        assert panel.call_selected()
        await until(lambda: not panel.feature.calling)
        assert panel.result.content.structured_verdict() == (True, "✓ matches the outputSchema")

        assert panel.select_tool("trigger-long-running-operation")
        panel.editor.form.field("duration").set(1)
        panel.editor.form.field("steps").set(4)
        assert panel.call_selected()
        await until(lambda: panel.feature.progress_events > 0, 30)
        assert panel.result.progress.value() > 0 and panel.result.progress.maximum() == 1000  # the bar moved
        await until(lambda: not panel.feature.calling, 30)
        assert panel.result.outcome == "result"
        assert "Long running operation completed" in panel.result.content.cards()[0].text
        assert panel.feature.progress_events == 4
        assert panel.feature.last_progress == {"progress": 4, "total": 4, "progressToken": panel.result.last_reply.id}


@pytest.mark.peer
async def test_reference_server_cancel_long_running():
    # server-everything keeps its cancelled operation's timers running, so node does not exit on
    # stdin close while they last: the session ends it with SIGTERM (recorded, not a panel matter).
    async with live_panel(reference_profile(), clean_exit=False) as (controller, panel):
        assert panel.select_tool("trigger-long-running-operation")
        panel.editor.form.field("duration").set(20)
        panel.editor.form.field("steps").set(40)
        assert panel.call_selected()
        await until(lambda: panel.feature.last_progress is not None, 30)
        assert panel.result.progress.value() > 0
        assert panel.cancel_call()
        await until(lambda: not panel.feature.calling)
        assert panel.result.outcome == "cancelled"
        rec = controller.recording
        assert any(
            rec.method_at(i) == "notifications/cancelled" and rec.direction_at(i) is Direction.C2S
            for i in range(len(rec))
        )
