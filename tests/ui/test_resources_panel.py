"""The Resources panel against real servers: the demo (both eras), an SDK server that paginates,
and the npm reference server. Every action is checked on the wire (the session's recording)
and on screen."""

from __future__ import annotations

import base64
import sys
import textwrap

import anyio
import pytest
from peers import reference_server
from polling import until
from PySide6.QtWidgets import QFileDialog, QLabel

from inspector.protocol.engine import ClientConfig
from inspector.protocol.uri_template import expand_template, template_required, template_variables
from inspector.protocol.versions import META_SUBSCRIPTION_ID, EraMode
from inspector.session import Direction, Session, SessionOptions
from inspector.session.controllers.base import FAIL_CANCELLED, FAIL_ERROR, FAIL_SESSION, Failure
from inspector.session.controllers.completions import Completion
from inspector.session.features import Availability, availability
from inspector.session.note_words import listen_note_text
from inspector.session.operations import LISTEN_REFUSED, LISTEN_STOPPED, ListenNote
from inspector.session.value_text import parse_hex_dump
from inspector.transport.base import StdioSpec
from inspector.ui.content import prepare
from inspector.ui.controller import SessionController
from inspector.ui.panels.answers import error_text, failure_text, show_completion
from inspector.ui.panels.resources import ResourcesPanel
from inspector.ui.text import format_size, hex_dump
from inspector.ui.widgets import CompletionField, mono_font

pytestmark = pytest.mark.anyio

DEMO = [sys.executable, "-m", "inspector.demo"]
BOTH = pytest.mark.parametrize("mode", [EraMode.LEGACY, EraMode.MODERN], ids=["legacy", "modern"])


def sent(session: Session, method: str, direction: Direction = Direction.C2S) -> list[dict]:
    """The messages with ``method`` that went in ``direction``, in order."""
    rec = session.recording
    out = []
    for i in range(len(rec)):
        if rec.direction_at(i) is direction and rec.method_at(i) == method:
            obj = rec[i].json()
            if isinstance(obj, dict) and "method" in obj:
                out.append(obj)
    return out


def params_of(session: Session, method: str, direction: Direction = Direction.C2S) -> list[dict]:
    """Params of those messages; the modern per-request ``_meta`` envelope of ours left out."""
    out = []
    for m in sent(session, method, direction):
        params = dict(m.get("params") or {})
        if direction is Direction.C2S:
            params.pop("_meta", None)
        out.append(params)
    return out


async def with_panel(qtbot, argv, mode: EraMode, body, *, overrides: dict | None = None, after=None) -> ResourcesPanel:
    """Start a real session, hand it to a fresh panel, run ``body(panel, session)``."""
    controller = SessionController()
    panel = ResourcesPanel(controller)
    qtbot.addWidget(panel)
    panel.resize(1200, 800)
    panel.show()
    async with anyio.create_task_group() as tg:
        controller.task_group = tg
        options = SessionOptions(
            transport=StdioSpec(argv), config=ClientConfig(era=mode), stdin_grace=2.0, term_grace=1.0
        )
        session = Session(options)
        session.notification_listeners.append(
            lambda seq, obj: panel.on_notification(obj["method"], obj.get("params") or {})
        )
        async with session:
            await session.start()
            eng = session.engine
            era = eng.era.value
            verdict = availability(era, eng.version, eng.server_capabilities)["resources"]
            if overrides:
                verdict = Availability(**{**verdict.__dict__, **overrides})
            assert verdict.shown
            panel.session_started(session, verdict, era, eng.version)
            await until(
                lambda: panel.feature.resources.loaded and panel.feature.templates.loaded and not panel.busy.busy
            )
            await body(panel, session)
        panel.session_ended()
        if after is not None:
            await after(panel, session)
        tg.cancel_scope.cancel()
    return panel


async def call_tool(session: Session, name: str, arguments: dict | None = None) -> str:
    reply = await session.request("tools/call", {"name": name, "arguments": arguments or {}})
    assert reply.ok, reply.error
    return " ".join(c.get("text", "") for c in reply.result.get("content", []))


# ---------------------------------------------------------------------- pure helpers


def test_uri_template_variables_and_expansion():
    assert template_variables("demo://items/{category}/{item}") == ["category", "item"]
    assert template_variables("file:///{+path}{?q,lang}{#frag}") == ["path", "q", "lang", "frag"]
    assert (
        expand_template("demo://items/{category}/{item}", {"category": "fruit", "item": "apple"})
        == "demo://items/fruit/apple"
    )
    assert expand_template("demo://items/{category}/{item}", {"category": "a b/c"}) == "demo://items/a%20b%2Fc/"
    assert expand_template("file:///{+path}", {"path": "src/main.rs"}) == "file:///src/main.rs"
    assert expand_template("x://s{?q,lang}", {"q": "mcp", "lang": ""}) == "x://s?q=mcp"
    assert expand_template("x://{var:3}", {"var": "value"}) == "x://val"
    assert template_required("file:///{+path}{?q,lang}{#frag}") == ["path", "frag"]
    dump = hex_dump(bytes(range(40)), limit=32)
    assert dump.startswith("00000000  00 01 02 03") and dump.splitlines()[-1] == "… 8 more bytes"
    assert parse_hex_dump(dump) == bytes(range(32))


def test_failures_and_completions_are_worded_from_data(qtbot):
    error = {"code": -32002, "message": "gone <b>x</b>", "data": {"uri": "x://y"}}
    assert error_text(error) == 'Error -32002 (Resource not found): gone <b>x</b>\ndata: {"uri": "x://y"}'
    assert error_text({"code": -32099, "message": "own"}) == "Error -32099: own"  # no name the spec gives
    assert (
        error_text({"code": 1, "data": "z" * 700}) == 'Error 1\ndata: "' + "z" * 599 + "…"
    )  # 600 characters of the JSON
    assert error_text(None) == "The server answered with an error."
    assert failure_text(Failure(FAIL_SESSION, detail="request timed out after 1 s")) == "request timed out after 1 s"
    assert failure_text(Failure(FAIL_CANCELLED)) == "Cancelled."
    assert failure_text(Failure(FAIL_ERROR, {"code": -32602, "message": "no"})) == "Error -32602 (Invalid params): no"
    field = CompletionField("item", completes=True)
    qtbot.addWidget(field)
    field.hint = "the item"
    field.setText("ap")
    show_completion(field, Completion("ap", ("apple", "apricot"), total=2))
    assert (
        field.suggestions() == ["apple", "apricot"] and field.total == 2 and "Completion failed" not in field.toolTip()
    )
    show_completion(
        field, Completion("ap", failure=Failure(FAIL_ERROR, {"code": -32602, "message": "Unknown template"}))
    )
    assert field.suggestions() == [] and "the item" in field.toolTip()
    assert "Completion failed: Error -32602 (Invalid params): Unknown template" in field.toolTip()
    show_completion(field, Completion("a", ("x",)))  # for text the user has since changed: dropped
    assert field.suggestions() == []


def test_prepared_contents_report_problems(qtbot):
    text, bad, fake, empty = prepare(
        [
            {"uri": "x://t", "mimeType": "application/json", "text": '{"a": 1}'},
            {"uri": "x://b", "mimeType": "application/octet-stream", "blob": "not base64!"},
            {"uri": "x://i", "mimeType": "image/png", "blob": base64.b64encode(b"no image").decode()},
            {"uri": "x://e"},
        ],
        contents=True,
    )
    assert text.reading.text == '{"a": 1}' and text.reading.error is None
    assert bad.reading.error == "the data is not valid base64" and bad.reading.data is None
    assert fake.image is None and fake.reading.data == b"no image"
    assert empty.reading.error == "the resource has neither text nor blob"
    panel = ResourcesPanel(SessionController())
    qtbot.addWidget(panel)
    panel.contents.set_contents([text, bad, fake])
    cards = panel.contents.cards()
    assert [c.uri for c in cards] == ["x://t", "x://b", "x://i"]
    assert not cards[0].prose  # JSON is shown in a fixed font
    assert cards[0].viewer.font().family() == mono_font().family()
    assert cards[0].data == b'{"a": 1}' and cards[0].save_button is not None  # a text is saved as UTF-8
    assert cards[1].save_button is None and cards[1].error == "the data is not valid base64"
    assert cards[2].save_button is not None and "not an image Qt can read (image/png)" in cards[2].error
    assert cards[2].viewer.toPlainText().startswith("00000000  6e 6f 20 69 6d 61 67 65")  # its bytes in hex


def test_what_happened_to_the_listen_stream_is_worded_for_people():
    assert listen_note_text(ListenNote(LISTEN_REFUSED, ("resourceSubscriptions", "resourcesListChanged"))) == (
        "The server did not agree to: resourceSubscriptions, resourcesListChanged"
    )
    assert listen_note_text(ListenNote(LISTEN_STOPPED, 7)) == "Stopped: notifications/cancelled sent for request 7."
    assert listen_note_text(ListenNote(LISTEN_STOPPED)) == "Stopped before the request was sent."
    assert listen_note_text(None) == ""


# ---------------------------------------------------------------------- demo server


@BOTH
async def test_lists_and_reads_text_and_binary(qtbot, mode, tmp_path):
    async def body(panel: ResourcesPanel, session: Session) -> None:
        uris = [e["uri"] for e in panel.resource_list.entries()]
        assert uris == ["demo://static/readme.md", "demo://static/logo.png", "demo://static/tone.wav", "demo://counter"]
        assert [e["uriTemplate"] for e in panel.template_list.entries()] == ["demo://items/{category}/{item}"]
        assert "4 resources · 1 page" in panel.resource_list.count.text()
        assert not panel.resource_list.more_button.isVisible()
        assert panel.lists.tabText(0) == "Resources (4)"

        # text
        assert panel.resource_list.select_where("uri", "demo://static/readme.md")
        assert panel.read_selected()
        await until(lambda: panel.contents.cards() and panel.contents.cards()[0].uri == "demo://static/readme.md")
        card = panel.contents.cards()[0]
        assert card.text is not None and card.text.startswith("# MCP Session Inspector demo")
        assert card.viewer.toPlainText() == card.text
        assert "text/markdown" in card.meta.text() and format_size(len(card.data)) in card.meta.text()
        assert card.prose  # markdown reads as prose: proportional font

        # binary: size, hex preview, image preview
        assert panel.resource_list.select_where("uri", "demo://static/logo.png")
        panel.read_selected()
        await until(lambda: panel.contents.cards() and panel.contents.cards()[0].uri == "demo://static/logo.png")
        card = panel.contents.cards()[0]
        assert card.text is None and card.data.startswith(b"\x89PNG")
        assert "image/png" in card.meta.text() and format_size(len(card.data)) in card.meta.text()
        assert card.viewer.toPlainText().startswith("00000000  89 50 4e 47 0d 0a 1a 0a")
        assert card.pixmap is not None and card.pixmap.width() == 16
        assert not card.findChild(QLabel, "blockImage").pixmap().isNull()

        # Save…: a non-blocking dialog; choosing a file writes the bytes off the UI thread
        target = tmp_path / "logo.png"
        dialog = card.ask_save()
        assert isinstance(dialog, QFileDialog) and dialog.isVisible()
        dialog.selectFile(str(target))
        dialog.accept()
        assert not dialog.isVisible()
        await until(lambda: target.exists() and target.read_bytes() == card.data)
        await until(lambda: "Saved" in panel.status.text())

        # audio is binary without an image preview
        panel.read_uri("demo://static/tone.wav")
        await until(lambda: panel.contents.cards() and panel.contents.cards()[0].uri == "demo://static/tone.wav")
        card = panel.contents.cards()[0]
        assert card.data.startswith(b"RIFF") and card.pixmap is None
        assert [p["uri"] for p in params_of(session, "resources/read")] == [
            "demo://static/readme.md",
            "demo://static/logo.png",
            "demo://static/tone.wav",
        ]

        # selecting another row clears what belonged to the old one; double-click reads
        tree = panel.resource_list.tree
        tree.setCurrentItem(tree.topLevelItem(3))
        assert panel.contents.cards() == [] and panel.feature.shown_uri is None
        tree.itemActivated.emit(tree.topLevelItem(3), 0)
        await until(lambda: panel.contents.cards() and panel.contents.cards()[0].uri == "demo://counter")
        assert panel.contents.cards()[0].text == "count: 0\n"

    await with_panel(qtbot, DEMO, mode, body)


@BOTH
async def test_read_error_is_shown_as_plain_text(qtbot, mode):
    async def body(panel: ResourcesPanel, session: Session) -> None:
        panel.read_uri("demo://nowhere/<b>bold</b>")
        await until(lambda: panel.errors.isVisible())
        text = panel.errors.text()
        code = "-32602" if mode is EraMode.MODERN else "-32002"
        assert code in text and "Resource not found" in text and "<b>bold</b>" in text
        assert panel.errors.textFormat().name == "PlainText"
        assert not panel.contents.cards()

    await with_panel(qtbot, DEMO, mode, body)


@BOTH
async def test_template_fields_complete_as_the_user_types(qtbot, mode):
    async def body(panel: ResourcesPanel, session: Session) -> None:
        panel.lists.setCurrentIndex(1)
        assert panel.template_list.select_where("uriTemplate", "demo://items/{category}/{item}")
        assert list(panel.fields) == ["category", "item"]
        category, item = panel.fields["category"], panel.fields["item"]
        assert category.completes and item.completes

        # focus on an empty field: every value, as a dropdown
        category.setFocus()
        await until(lambda: category.suggestions() == ["fruit", "tool", "vegetable"])
        assert category.hasFocus() and category.suggester.popup().isVisible()
        # three edits 50 ms apart (typing): one request, 200 ms after the last one (debounced)
        for text in ("v", "ve", "v"):
            category.setText(text)
            category.textEdited.emit(text)
            await anyio.sleep(0.05)  # the typing cadence, not a wait for a result
        await until(lambda: category.suggestions() == ["vegetable"])
        asked = params_of(session, "completion/complete")
        assert [p["argument"] for p in asked] == [{"name": "category", "value": ""}, {"name": "category", "value": "v"}]
        assert asked[0]["ref"] == {"type": "ref/resource", "uri": "demo://items/{category}/{item}"}

        category.setText("fruit")
        item.setFocus()
        item.setText("ap")
        item.textEdited.emit("ap")
        await until(lambda: item.suggestions() == ["apple", "apricot"])
        last = params_of(session, "completion/complete")[-1]
        assert last["argument"] == {"name": "item", "value": "ap"}
        assert last["context"] == {"arguments": {"category": "fruit"}}  # 2025-06-18+: the other values go along

        # pick a suggestion, read the expanded uri
        item.suggester.activated[str].emit("apricot")
        assert item.text() == "apricot"
        assert panel.expanded.text() == "demo://items/fruit/apricot"
        assert panel.read_selected()
        await until(lambda: panel.contents.cards() and panel.contents.cards()[0].uri == "demo://items/fruit/apricot")
        assert panel.contents.cards()[0].text == "apricot is a fruit in the demo catalogue.\n"
        # the expanded uri can be followed like a listed resource
        assert panel.subscribe_button.isEnabled()
        panel.fields["item"].setText("")
        assert not panel.subscribe_button.isEnabled() and not panel.read_selected()
        assert "Fill in item first." in panel.errors.text()

    await with_panel(qtbot, DEMO, mode, body)


async def test_template_without_completions_capability_has_plain_fields(qtbot):
    async def body(panel: ResourcesPanel, session: Session) -> None:
        panel.template_list.select_where("uriTemplate", "demo://items/{category}/{item}")
        field = panel.fields["category"]
        assert not field.completes
        field.setText("fr")
        field.textEdited.emit("fr")
        await anyio.sleep(0.4)  # longer than the debounce: nothing may be asked
        assert params_of(session, "completion/complete") == []
        assert "did not declare completions" in panel.template_box.hint.text()

    await with_panel(qtbot, DEMO, EraMode.LEGACY, body, overrides={"completions": False})


async def test_legacy_subscribe_update_arrives_and_the_shown_resource_is_read_again(qtbot):
    async def body(panel: ResourcesPanel, session: Session) -> None:
        assert panel.resource_list.select_where("uri", "demo://counter")
        assert panel.subscribe_button.text() == "Subscribe" and panel.subscribe_button.isEnabled()
        panel.read_selected()
        await until(lambda: panel.contents.cards() and panel.contents.cards()[0].uri == "demo://counter")
        assert panel.contents.cards()[0].text == "count: 0\n"

        panel.subscribe_button.click()
        await until(lambda: "demo://counter" in panel.feature.subscribed)
        assert params_of(session, "resources/subscribe") == [{"uri": "demo://counter"}]
        assert panel.subscribe_button.text() == "Unsubscribe"
        assert "Subscribed to demo://counter" in panel.live_label.text()

        assert "sent notifications/resources/updated" in await call_tool(session, "touch_resource")
        await until(lambda: panel.update_uris() == ["demo://counter"])
        assert panel.updates.topLevelItem(0).text(2) == "resources/subscribe"
        # the resource on screen is read again by itself
        await until(lambda: panel.contents.cards() and panel.contents.cards()[0].text == "count: 1\n")
        assert len(params_of(session, "resources/read")) == 2

        panel.subscribe_button.click()
        await until(lambda: "demo://counter" not in panel.feature.subscribed)
        assert params_of(session, "resources/unsubscribe") == [{"uri": "demo://counter"}]
        assert "nobody subscribed" in await call_tool(session, "touch_resource")
        assert panel.update_uris() == ["demo://counter"]

    await with_panel(qtbot, DEMO, EraMode.LEGACY, body)


async def test_modern_listen_is_acknowledged_updates_arrive_and_stop_cancels(qtbot):
    async def body(panel: ResourcesPanel, session: Session) -> None:
        # the session's shared stream asks for list changes by itself (listChanged declared),
        # with what the other panels want
        stream = panel.stream
        await until(lambda: stream.state == "listening")
        assert stream.honored["resourcesListChanged"] is True and "resourceSubscriptions" not in stream.honored
        assert "List changes: listening" in panel.live_label.text()

        assert panel.resource_list.select_where("uri", "demo://counter")
        assert panel.subscribe_button.text() == "Listen for updates"
        panel.read_selected()
        await until(lambda: panel.contents.cards() and panel.contents.cards()[0].uri == "demo://counter")
        panel.subscribe_button.click()
        await until(lambda: stream.state == "listening" and "resourceSubscriptions" in stream.filter)
        listen = sent(session, "subscriptions/listen")[-1]
        assert listen["params"]["notifications"]["resourceSubscriptions"] == ["demo://counter"]
        assert listen["params"]["notifications"]["resourcesListChanged"] is True  # one stream for all
        sub_id = listen["id"]
        assert stream.request_id == sub_id
        acks = params_of(session, "notifications/subscriptions/acknowledged", Direction.S2C)
        assert any(a["_meta"][META_SUBSCRIPTION_ID] == sub_id for a in acks)
        assert f"Listening (subscription {sub_id})" in panel.live_label.text()
        assert panel.subscribe_button.text() == "Stop listening to this resource"
        assert panel.stop_button.isEnabled()

        assert "notified 1" in await call_tool(session, "touch_resource")
        await until(lambda: panel.update_uris() == ["demo://counter"])
        assert panel.updates.topLevelItem(0).text(2) == f"subscription {sub_id}"
        await until(lambda: panel.contents.cards() and panel.contents.cards()[0].text == "count: 1\n")

        # a second uri: the filter cannot change, so the stream is cancelled and reopened
        assert panel.resource_list.select_where("uri", "demo://static/readme.md")
        panel.subscribe_button.click()
        await until(lambda: stream.state == "listening" and stream.request_id != sub_id)
        reopened = sent(session, "subscriptions/listen")[-1]
        assert reopened["params"]["notifications"]["resourceSubscriptions"] == [
            "demo://counter",
            "demo://static/readme.md",
        ]
        await until(lambda: any(p.get("requestId") == sub_id for p in params_of(session, "notifications/cancelled")))
        new_id = reopened["id"]

        # Stop: the stream is cancelled and reopened without the uris; no more updates
        panel.stop_button.click()
        await until(lambda: any(p.get("requestId") == new_id for p in params_of(session, "notifications/cancelled")))
        await until(lambda: stream.state == "listening" and stream.request_id != new_id)
        assert "resourceSubscriptions" not in sent(session, "subscriptions/listen")[-1]["params"]["notifications"]
        assert "Not listening" in panel.live_label.text() and not panel.stop_button.isEnabled()
        assert "notified 0" in await call_tool(session, "touch_resource")
        assert panel.update_uris() == ["demo://counter"]
        assert stream.wanted("resourcesListChanged")  # list changes are still listened to

    async def after(panel: ResourcesPanel, session: Session) -> None:
        # at shutdown the demo ends open streams with their subscriptions/listen result
        hub = session.listen_hub
        await until(lambda: hub.state == "ended")
        assert listen_note_text(hub.note) == "The server ended the subscription."
        assert not panel.read_button.isEnabled() and not panel.resource_list.refresh_button.isEnabled()
        assert "No session" in panel.subscribe_button.toolTip()

    await with_panel(qtbot, DEMO, EraMode.MODERN, body, after=after)


@BOTH
async def test_list_changed_refreshes_the_list(qtbot, mode):
    async def body(panel: ResourcesPanel, session: Session) -> None:
        if mode is EraMode.MODERN:
            await until(lambda: panel.stream.state == "listening")
        lists_before = len(sent(session, "resources/list"))
        text = await call_tool(session, "add_item", {"kind": "resource"})
        assert "demo://added/1" in text
        await until(lambda: "demo://added/1" in [e["uri"] for e in panel.resource_list.entries()])
        assert len(sent(session, "resources/list")) == lists_before + 1
        assert "5 resources" in panel.resource_list.count.text()

    await with_panel(qtbot, DEMO, mode, body)


async def test_buttons_say_why_when_the_server_has_no_subscribe(qtbot):
    async def body(panel: ResourcesPanel, session: Session) -> None:
        panel.resource_list.select_where("uri", "demo://counter")
        assert not panel.subscribe_button.isEnabled()
        assert "did not declare resources.subscribe" in panel.subscribe_button.toolTip()
        assert "did not declare resources.subscribe" in panel.live_label.text()
        assert not panel.toggle_subscription() and params_of(session, "resources/subscribe") == []
        assert "use Refresh" in panel.resource_list.live_note.text()

    await with_panel(qtbot, DEMO, EraMode.LEGACY, body, overrides={"subscribe": False, "list_changed": False})


# ---------------------------------------------------------------------- a server that paginates

PAGED_SERVER = textwrap.dedent(
    '''
    """Official-SDK server whose lists come in pages: 23 resources (10 a page), 3 templates (2 a page)."""
    import warnings

    import anyio
    import mcp_types as types
    from mcp.server import Server
    from mcp.server.stdio import stdio_server
    from mcp.shared.exceptions import MCPError

    RESOURCES = [types.Resource(uri=f"paged://r/{i:02d}", name=f"r{i:02d}", mime_type="text/plain") for i in range(23)]
    TEMPLATES = [types.ResourceTemplate(uri_template=f"paged://t{i}/{{id}}", name=f"t{i}") for i in range(3)]


    def page(items, params, size):
        cursor = params.cursor if params is not None else None
        try:
            start = int(cursor) if cursor is not None else 0
        except ValueError:
            raise MCPError(types.INVALID_PARAMS, "bad cursor") from None
        end = start + size
        return items[start:end], (str(end) if end < len(items) else None)


    async def list_resources(ctx, params):
        items, nxt = page(RESOURCES, params, 10)
        return types.ListResourcesResult(resources=items, next_cursor=nxt)


    async def list_templates(ctx, params):
        items, nxt = page(TEMPLATES, params, 2)
        return types.ListResourceTemplatesResult(resource_templates=items, next_cursor=nxt)


    async def read_resource(ctx, params):
        text = types.TextResourceContents(uri=str(params.uri), mime_type="text/plain", text=f"contents of {params.uri}")
        return types.ReadResourceResult(contents=[text])


    async def main():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            server = Server("paged", version="1.0", on_list_resources=list_resources,
                            on_list_resource_templates=list_templates, on_read_resource=read_resource)
        async with stdio_server() as (r, w):
            await server.run(r, w, server.create_initialization_options())


    anyio.run(main)
    '''
)


@pytest.mark.peer
@BOTH
async def test_pagination_with_load_more_and_refresh(qtbot, mode, tmp_path):
    script = tmp_path / "paged_server.py"
    script.write_text(PAGED_SERVER)

    async def body(panel: ResourcesPanel, session: Session) -> None:
        view = panel.resource_list
        assert len(view.entries()) == 10 and panel.feature.resources.pager.cursor == "10"
        assert view.more_button.isVisible() and "more available" in view.count.text()
        assert panel.lists.tabText(0) == "Resources (10+)"
        view.more_button.click()
        await until(lambda: len(view.entries()) == 20 and not panel.feature.resources.loading)
        panel.feature.resources.load_more()
        await until(lambda: len(view.entries()) == 23 and not panel.feature.resources.loading)
        assert panel.feature.resources.pager.cursor is None and not view.more_button.isVisible()
        assert "23 resources · 3 pages" in view.count.text()
        assert [e["uri"] for e in view.entries()] == [f"paged://r/{i:02d}" for i in range(23)]
        assert [p.get("cursor") for p in params_of(session, "resources/list")] == [None, "10", "20"]

        # Refresh starts over and loads as many pages as were shown
        view.refresh_button.click()
        await until(lambda: not panel.feature.resources.loading and len(view.entries()) == 23)
        assert [p.get("cursor") for p in params_of(session, "resources/list")][3:] == [None, "10", "20"]

        # templates paginate on their own
        assert len(panel.template_list.entries()) == 2 and panel.feature.templates.more
        panel.feature.templates.load_more()
        await until(lambda: len(panel.template_list.entries()) == 3)
        assert [p.get("cursor") for p in params_of(session, "resources/templates/list")] == [None, "2"]

        # without subscribe and completions declared, the buttons say why
        view.select_where("uri", "paged://r/15")
        assert not panel.subscribe_button.isEnabled()
        assert "did not declare resources.subscribe" in panel.subscribe_button.toolTip()
        panel.read_selected()
        await until(lambda: panel.contents.cards() and panel.contents.cards()[0].text == "contents of paged://r/15")

        # completions forced on although the server has none: the error lands in the tooltip
        panel.template_list.select_where("uriTemplate", "paged://t0/{id}")
        field = panel.fields["id"]
        field.setFocus()
        await until(lambda: "Completion failed" in field.toolTip())
        assert "-32601" in field.toolTip() and field.suggestions() == []

    await with_panel(qtbot, [sys.executable, str(script)], mode, body, overrides={"completions": True})


# ---------------------------------------------------------------------- the reference server


@pytest.mark.peer
async def test_reference_server_read_template_completion_and_subscription(qtbot):
    async def body(panel: ResourcesPanel, session: Session) -> None:
        uris = [e["uri"] for e in panel.resource_list.entries()]
        assert "demo://resource/static/document/architecture.md" in uris
        panel.read_uri("demo://resource/static/document/architecture.md")
        await until(lambda: panel.contents.cards() and panel.contents.cards()[0].text is not None)
        assert panel.contents.cards()[0].mime == "text/markdown"

        # blob template with completion, then a binary read
        assert panel.template_list.select_where("uriTemplate", "demo://resource/dynamic/blob/{resourceId}")
        field = panel.fields["resourceId"]
        field.setFocus()
        field.setText("3")
        field.textEdited.emit("3")
        await until(lambda: field.suggestions() == ["3"])
        panel.read_selected()
        await until(
            lambda: panel.contents.cards() and panel.contents.cards()[0].uri == "demo://resource/dynamic/blob/3"
        )
        card = panel.contents.cards()[0]
        assert card.text is None and card.data and card.viewer.toPlainText().startswith("00000000")

        # subscribe, then ask the server to start its simulated updates (one at once, then every 5 s)
        panel.resource_list.select_where("uri", "demo://resource/static/document/architecture.md")
        panel.subscribe_button.click()
        await until(lambda: panel.feature.subscribed == {"demo://resource/static/document/architecture.md"})
        await call_tool(session, "toggle-subscriber-updates")
        await until(lambda: "demo://resource/static/document/architecture.md" in panel.update_uris(), 15)
        await call_tool(session, "toggle-subscriber-updates")  # off again

    await with_panel(qtbot, reference_server(), EraMode.LEGACY, body)
