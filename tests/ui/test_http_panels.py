"""The feature panels over Streamable HTTP, in the whole window, against real servers on 127.0.0.1.

Peers (no mocks; each started once for this module and stopped by its process id):

- the official Python SDK's ``MCPServer`` fixture (``tests/fixtures/servers/sdk_http.py``, tools
  ``add``/``echo``/``slow``/``where``), both eras;
- a second official-SDK ``MCPServer`` written below (``SDK_RICH``): the fixture declares resources
  and prompts but has none, so the Resources and Prompts panels get real ones here, and its
  ``touch`` tool publishes a resource update to ``subscriptions/listen`` streams (2026-07-28);
- the npm reference server (``server-everything``) in ``streamableHttp`` mode, forced onto
  127.0.0.1 (legacy era only): resources/subscribe with ``toggle-subscriber-updates``,
  logging/setLevel with ``toggle-simulated-logging``, sampling and elicitation requests sent
  on the SSE answer of a ``tools/call``.

Each test connects a ServerProfile with ``transport="streamable-http"`` from the window (as
``test_http_window.py`` does), drives the panels the host shows, and checks what a user sees
(panel contents, dialogs) and what travelled on the wire (the recording's HTTP metadata:
``extra["http"]`` of a message, the exchange events of the POSTs and the GET stream).
"""

from __future__ import annotations

import sys
import textwrap
from contextlib import asynccontextmanager

import anyio
import pytest
from peers import HttpPeer, free_port, reference_http_server, sdk_http_server
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from ui_driver import type_into, until

from inspector.protocol.messages import Kind
from inspector.protocol.versions import META_LOG_LEVEL, META_SUBSCRIPTION_ID
from inspector.session.profiles import ServerProfile
from inspector.session.recording import Direction
from inspector.ui.client_side import ElicitationDialog, SamplingDialog
from inspector.ui.widgets import ITEM_ROLE

pytestmark = [pytest.mark.anyio, pytest.mark.peer]

LEGACY, MODERN = "2025-11-25", "2026-07-28"

# ---------------------------------------------------------------------------- peers

SDK_RICH = textwrap.dedent(
    '''
    """Official SDK MCPServer over Streamable HTTP on 127.0.0.1: resources, a template, a prompt,
    a tool that publishes a resource update to subscriptions/listen streams (touch) and one that
    asks for input through an InputRequiredResult (ask)."""
    import argparse
    import sys

    import uvicorn
    from mcp.server import MCPServer
    from mcp.server.mcpserver import Context
    from mcp_types import (CreateMessageRequest, CreateMessageRequestParams, ElicitRequest, ElicitRequestFormParams,
                           InputRequiredResult, SamplingMessage, TextContent)

    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    args = parser.parse_args()
    server = MCPServer("sdk-rich", instructions="Resources and prompts for the HTTP panel tests.")
    state = {"count": 0}


    @server.resource("note://readme", name="readme", mime_type="text/markdown", description="A short text.")
    def readme() -> str:
        return "# Notes over HTTP\\n\\nRead through a POST.\\n"


    @server.resource("note://counter", name="counter", mime_type="text/plain")
    def counter() -> str:
        return f"count: {state['count']}\\n"


    @server.resource("note://pixel", name="pixel", mime_type="application/octet-stream")
    def pixel() -> bytes:
        return bytes(range(8))


    @server.resource("note://items/{item}", name="item", mime_type="text/plain")
    def item(item: str) -> str:
        return f"item {item}\\n"


    @server.prompt()
    def greet(name: str, style: str = "plain") -> str:
        """Greet someone."""
        return f"Say hello to {name} in a {style} way."


    @server.tool()
    async def touch(ctx: Context) -> str:
        """Change the counter and tell the listeners."""
        state["count"] += 1
        await ctx.notify_resource_updated("note://counter")
        return f"count is {state['count']}"


    @server.tool()
    async def ask(ctx: Context) -> InputRequiredResult | str:
        """Ask the user who is there and the model for a greeting (2026-07-28: one
        InputRequiredResult with both requests, then the retry)."""
        answers = ctx.input_responses
        if not answers:
            form = ElicitRequestFormParams(
                message="Who is there?",
                requested_schema={
                    "type": "object",
                    "properties": {"name": {"type": "string", "title": "Name"}},
                    "required": ["name"],
                },
            )
            draft = CreateMessageRequestParams(
                messages=[SamplingMessage(role="user", content=TextContent(type="text", text="Write a greeting."))],
                max_tokens=20,
            )
            requests = {"who": ElicitRequest(params=form), "draft": CreateMessageRequest(params=draft)}
            return InputRequiredResult(input_requests=requests, request_state="asked-once")
        who, draft = answers["who"], answers["draft"]
        return (
            f"{who.action} from {who.content['name']}; {draft.model} wrote {draft.content.text!r} (state "
            f"{ctx.request_state})"
        )


    app = server.streamable_http_app(host="127.0.0.1")
    sys.stderr.write("listening\\n")
    sys.stderr.flush()
    uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=args.port, log_level="warning", lifespan="on")).run()
    '''
)


@pytest.fixture(scope="module")
def sdk_peer():
    port = free_port()
    with HttpPeer(sdk_http_server(port), port) as peer:
        yield peer


@pytest.fixture(scope="module")
def rich_peer(tmp_path_factory):
    script = tmp_path_factory.mktemp("sdk_rich") / "sdk_rich.py"
    script.write_text(SDK_RICH)
    port = free_port()
    with HttpPeer([sys.executable, str(script), "--port", str(port)], port) as peer:
        yield peer


@pytest.fixture(scope="module")
def reference_peer():
    port = free_port()
    with HttpPeer(reference_http_server("streamableHttp"), port, env={"PORT": str(port)}) as peer:
        assert peer.listening_addresses() == {"127.0.0.1"}, "the reference server must listen on loopback only"
        yield peer


# ---------------------------------------------------------------------------- the window, connected


class Live:
    """A window connected to an HTTP peer through its controller."""

    def __init__(self, controller, window, tg) -> None:
        self.controller, self.window, self.tg = controller, window, tg

    @property
    def session(self):
        return self.controller.session

    @property
    def rec(self):
        return self.controller.recording

    def panel(self, key: str):
        assert self.window.panels.show_panel(key), (
            f"the {key} panel is not shown: {self.window.panels.hidden.toolTip()}"
        )
        return self.window.panels.panels[key]

    def messages(self, method: str, direction: Direction, *kinds: Kind) -> list[tuple[int, dict]]:
        """(entry number, message) of every ``method`` message in ``direction`` (of ``kinds``)."""
        rec = self.rec
        return [
            (i, rec[i].json())
            for i in range(len(rec))
            if rec.direction_at(i) is direction
            and rec.method_at(i) == method
            and (not kinds or rec.kind_at(i) in kinds)
        ]

    def http(self, seq: int) -> dict:
        """How a server message travelled: channel, status, content type, the POST it answered."""
        http = self.rec.extra_at(seq).get("http")
        assert isinstance(http, dict), f"entry {seq} carries no HTTP metadata"
        return http

    async def posted(self, seq: int) -> dict:
        """The exchange of the POST that carried client message ``seq``, once it is answered."""
        await until(lambda: self.rec.exchanges_of(seq))
        return self.exchange(seq)

    def exchange(self, seq: int) -> dict:
        """The HTTP exchange (method, status, headers) that carried entry ``seq``."""
        rows = self.rec.exchanges_of(seq)
        assert rows, f"no HTTP exchange carried entry {seq}"
        return self.rec.extra_at(rows[-1])["http"]

    async def tool_listed(self, name: str) -> None:
        tools = self.panel("tools")
        await until(lambda: any(t["name"] == name for t in tools.tools) and not tools.feature.loading)

    async def call_tool(self, name: str, *, wait: bool = True, **fields) -> None:
        """Select ``name`` in the Tools panel, fill the form, press Call (and wait for the result)."""
        tools = self.panel("tools")
        await self.tool_listed(name)
        assert tools.select_tool(name)
        for path, value in fields.items():
            tools.editor.form.field(path).set(value)
        assert tools.call_selected()
        if wait:
            await until(lambda: not tools.feature.calling)

    def tool_text(self) -> str:
        """The text blocks of the result on screen."""
        return "\n".join(c.text for c in self.panel("tools").result.content.cards() if c.kind == "text")

    async def dialog(self, cls):
        """The open dialog of class ``cls`` (the window's handlers answer the server's requests)."""

        def find():
            handlers = self.window.handlers
            return next((d for d in (handlers.open_dialogs if handlers else []) if isinstance(d, cls)), None)

        return await until(find)


@asynccontextmanager
async def connected(window_and_controller, peer: HttpPeer, era: str, name: str, *, expected_violations=(), **fields):
    """The window connected to ``peer`` in ``era`` (a new profile, selected, Connect), then
    disconnected; ``fields`` go into the profile."""
    controller, window = window_and_controller
    profile = ServerProfile(name=name, command="", transport="streamable-http", url=peer.url, era=era, **fields)
    profile.request_timeout = 20.0
    window.profiles.append(profile)
    window.connection.profiles.append(profile)
    window.connection.show_profiles(0)
    window.connection.list.setCurrentRow(len(window.profiles) - 1)  # picked in the list: the editor shows it
    assert window.connection.current() is profile and window.connection.editor.profile is profile
    ready: list[bool] = []
    failures: list[str] = []
    controller.ready.connect(lambda: ready.append(True))
    controller.failed.connect(failures.append)
    async with anyio.create_task_group() as tg:
        controller.task_group = tg
        window.connect_selected()
        await until(lambda: ready or failures)
        assert not failures, failures
        n = controller.session.negotiation()
        assert (n.era, n.version) == (era, LEGACY if era == "legacy" else MODERN)
        assert controller.recording.header["transport"] == "streamable-http"
        yield Live(controller, window, tg)
        controller.end_session()
        await until(lambda: not controller.running, 15)
        tg.cancel_scope.cancel()
    # the whole session: no rule broken but the expected ones; a legacy session ends with the
    # DELETE of its HTTP session, a modern one has none to delete
    rec = controller.recording
    flagged = {v for i in range(len(rec)) for v in rec.violations_at(i)}
    assert flagged <= set(expected_violations), sorted(flagged)
    deletes = [rec.extra_at(i)["http"] for i in rec.exchange_rows if rec.extra_at(i)["http"]["method"] == "DELETE"]
    if era == "legacy":
        assert [d["status"] for d in deletes] == [200] and rec.summary["shutdown"] == "delete"
    else:
        assert deletes == [] and rec.summary["shutdown"] == "none"


def session_id_of(live: Live) -> str:
    """The Mcp-Session-Id the server gave in its answer to initialize (legacy)."""
    ((seq, _),) = live.messages("initialize", Direction.C2S)
    sid = {k.lower(): v for k, v in live.exchange(seq)["response_headers"].items()}.get("mcp-session-id")
    assert sid, "initialize was answered without an Mcp-Session-Id"
    return sid


# ---------------------------------------------------------------------------- tools


@pytest.mark.parametrize("era", ["legacy", "modern"])
async def test_sdk_tools_list_and_call(window_and_controller, sdk_peer, era):
    async with connected(window_and_controller, sdk_peer, era, f"sdk {era}") as live:
        tools = live.panel("tools")
        await until(
            lambda: {t["name"] for t in tools.tools} == {"add", "echo", "slow", "where"} and not tools.feature.loading
        )
        assert tools.count_label.text() == "4 tools · 1 page"
        await live.call_tool("add", a=2, b=3.5)
        # on screen: the text block and the structured content, checked against the outputSchema
        assert tools.result.outcome == "result" and tools.result.banner_text() == ""
        assert [c.kind for c in tools.result.content.cards()] == ["text", "structured"]
        assert tools.result.content.cards()[0].text == "5.5"
        assert tools.result.content.structured_verdict() == (True, "✓ matches the outputSchema")
        assert tools.result.status_label.text().startswith("add · tools/call id ")
        # on the wire: one POST carried the call; its answer came back in that POST's response
        ((sent, call),) = live.messages("tools/call", Direction.C2S)
        assert call["params"]["name"] == "add" and call["params"]["arguments"] == {"a": 2, "b": 3.5}
        post = live.exchange(sent)
        assert (post["method"], post["url"], post["status"]) == ("POST", sdk_peer.url, 200)
        headers = post["request_headers"]
        ((answer, result),) = live.messages("tools/call", Direction.S2C, Kind.RESULT)
        assert result["result"]["structuredContent"] == {"result": 5.5}
        how = live.http(answer)
        assert how["request_seq"] == sent and how["status"] == 200
        if era == "legacy":
            assert headers["MCP-Protocol-Version"] == LEGACY and headers["Mcp-Session-Id"] == session_id_of(live)
            assert (how["channel"], how["content_type"]) == ("post-sse", "text/event-stream")
        else:
            # 2026-07-28: no session, the request's metadata mirrored into headers; plain JSON back
            assert "Mcp-Session-Id" not in headers
            assert (headers["MCP-Protocol-Version"], headers["Mcp-Method"], headers["Mcp-Name"]) == (
                MODERN,
                "tools/call",
                "add",
            )
            assert (how["channel"], how["content_type"]) == ("post", "application/json")


async def test_reference_tools_list_and_call(window_and_controller, reference_peer):
    async with connected(window_and_controller, reference_peer, "legacy", "reference") as live:
        tools = live.panel("tools")
        # some tools exist only for a client that declared sampling/elicitation (it registers them
        # on notifications/initialized, before the panel's tools/list)
        await live.tool_listed("trigger-sampling-request")
        names = {t["name"] for t in tools.tools}
        assert {
            "echo",
            "get-sum",
            "toggle-simulated-logging",
            "toggle-subscriber-updates",
            "trigger-elicitation-request",
        } <= names
        await live.call_tool("get-sum", a=20, b=22)
        assert tools.result.outcome == "result" and live.tool_text() == "The sum of 20 and 22 is 42."
        ((sent, _),) = live.messages("tools/call", Direction.C2S)
        assert live.exchange(sent)["request_headers"]["Mcp-Session-Id"] == session_id_of(live)
        ((answer, _),) = live.messages("tools/call", Direction.S2C, Kind.RESULT)
        how = live.http(answer)
        assert (how["channel"], how["request_seq"], how["status"]) == ("post-sse", sent, 200)
        assert how["sse_event"] == "message" and how["sse_id"]  # the reference server numbers its events (resumable)


async def cancel_slow_call(live: Live) -> int:
    """Call the fixture's slow tool, press Cancel while it runs; the entry number of the tools/call.

    Legacy: Cancel once the server has answered the POST's headers (so it knows the request
    when notifications/cancelled arrives in another POST). Modern: the SDK sends no headers before
    it has something to send (for slow, the result), so Cancel as soon as the POST is sent."""
    tools = live.panel("tools")
    await live.call_tool("slow", wait=False, seconds=30)
    sent = await until(lambda: next((seq for seq, _ in live.messages("tools/call", Direction.C2S)), None))
    if live.session.negotiation().era == "legacy":
        assert (await live.posted(sent))["status"] == 200
    assert tools.cancel_button.isEnabled()
    tools.cancel_button.click()
    await until(lambda: not tools.feature.calling)
    assert tools.result.outcome == "cancelled" and tools.result.banner_text().startswith("Cancelled")
    return sent


async def test_sdk_tool_call_cancelled_legacy(window_and_controller, sdk_peer):
    """2025-11-25: Cancel sends notifications/cancelled in a POST of its own (202). The SDK server
    answers the cancelled call anyway (-32800 on the call's SSE stream), which is flagged."""
    flagged = ["cancel.message-after-cancel"]
    async with connected(window_and_controller, sdk_peer, "legacy", "sdk cancel", expected_violations=flagged) as live:
        sent = await cancel_slow_call(live)
        tools = live.panel("tools")
        assert "notifications/cancelled was sent" in tools.result.banner_text()
        ((note, cancelled),) = live.messages("notifications/cancelled", Direction.C2S)
        assert cancelled["params"]["requestId"] == live.rec[sent].json()["id"]
        assert (await live.posted(note))["status"] == 202
        late = await until(lambda: live.messages("tools/call", Direction.S2C, Kind.ERROR))
        ((seq, error),) = late
        assert error["error"]["code"] == -32800 and live.http(seq)["request_seq"] == sent
        assert "cancel.message-after-cancel" in live.rec.violations_at(seq)
        assert tools.result.outcome == "cancelled"  # the late answer is not shown as the call's result


def stream_closings(live: Live) -> list[str]:
    rec = live.rec
    return [rec[i].raw.decode() for i in range(len(rec)) if rec.extra_at(i).get("event") == "stream_closed"]


async def test_sdk_tool_call_cancelled_modern_closes_the_answer_stream(window_and_controller, sdk_peer):
    """2026-07-28 over HTTP: a request is cancelled by closing its answer stream; no
    notifications/cancelled is sent."""
    async with connected(window_and_controller, sdk_peer, "modern", "sdk cancel") as live:
        sent = await cancel_slow_call(live)
        await until(lambda: any(f"entry {sent}" in text for text in stream_closings(live)))
        assert not live.messages("notifications/cancelled", Direction.C2S)
        assert not live.messages("tools/call", Direction.S2C)


async def test_modern_http_cancel_banner_says_what_was_done(window_and_controller, sdk_peer):
    async with connected(window_and_controller, sdk_peer, "modern", "sdk cancel banner") as live:
        sent = await cancel_slow_call(live)
        await until(lambda: any(f"entry {sent}" in text for text in stream_closings(live)))
        assert not live.messages("notifications/cancelled", Direction.C2S)
        banner = live.panel("tools").result.banner_text()
        assert "notifications/cancelled was sent" not in banner and "the answer stream was closed" in banner


# ---------------------------------------------------------------------------- resources

ARCHITECTURE = "demo://resource/static/document/architecture.md"


async def test_reference_resources_read_subscribe_and_updates_on_the_get_stream(window_and_controller, reference_peer):
    async with connected(window_and_controller, reference_peer, "legacy", "reference") as live:
        res = live.panel("resources")
        await until(lambda: res.feature.resources.loaded and res.feature.templates.loaded and not res.busy.busy)
        assert ARCHITECTURE in [e["uri"] for e in res.resource_list.entries()]
        assert "demo://resource/dynamic/blob/{resourceId}" in [e["uriTemplate"] for e in res.template_list.entries()]
        # read: a text resource, shown as text
        assert res.resource_list.select_where("uri", ARCHITECTURE)
        assert res.read_selected()
        await until(lambda: res.contents.cards() and res.contents.cards()[0].uri == ARCHITECTURE)
        card = res.contents.cards()[0]
        assert card.text is not None and card.mime == "text/markdown" and card.text.startswith("# Everything Server")
        assert res.status.text().startswith(f"Read {ARCHITECTURE} at ")
        ((read, _),) = live.messages("resources/read", Direction.C2S)
        ((answer, _),) = live.messages("resources/read", Direction.S2C, Kind.RESULT)
        assert (live.http(answer)["channel"], live.http(answer)["request_seq"]) == ("post-sse", read)

        # subscribe (resources/subscribe in a POST), then ask the server for its simulated updates
        reads = len(live.messages("resources/read", Direction.C2S))
        assert res.subscribe_button.text() == "Subscribe" and res.subscribe_button.isEnabled()
        res.subscribe_button.click()
        await until(lambda: ARCHITECTURE in res.feature.subscribed)
        assert (
            res.live_label.text() == f"Subscribed to {ARCHITECTURE}." and res.subscribe_button.text() == "Unsubscribe"
        )
        ((subscribe, message),) = live.messages("resources/subscribe", Direction.C2S)
        assert message["params"] == {"uri": ARCHITECTURE}
        assert live.exchange(subscribe)["status"] == 200
        await live.call_tool("toggle-subscriber-updates")
        assert live.tool_text().startswith("Started simulated resource updated notifications")
        # one update at once, then every 5 s: it is listed, and the resource on screen is read again
        await until(lambda: ARCHITECTURE in res.update_uris(), 12)
        assert [res.updates.topLevelItem(0).text(i) for i in (1, 2)] == [ARCHITECTURE, "resources/subscribe"]
        await until(lambda: len(live.messages("resources/read", Direction.C2S)) == reads + 1)
        assert live.messages("resources/read", Direction.C2S)[-1][1]["params"] == {"uri": ARCHITECTURE}
        # on the wire: no request of ours carried it; it came on the session's GET stream
        update = live.messages("notifications/resources/updated", Direction.S2C)[0][0]
        how = live.http(update)
        assert (how["method"], how["channel"], how["content_type"]) == ("GET", "get-sse", "text/event-stream")
        assert "request_seq" not in how and how["sse_id"]
        get = live.exchange(update)
        assert (get["method"], get["status"]) == ("GET", 200)
        assert get["request_headers"]["Accept"] == "text/event-stream"
        assert get["request_headers"]["Mcp-Session-Id"] == session_id_of(live)

        # off again, then unsubscribe
        await live.call_tool("toggle-subscriber-updates")
        assert live.tool_text().startswith("Stopped simulated resource updates")
        res.subscribe_button.click()
        await until(lambda: ARCHITECTURE not in res.feature.subscribed)
        assert [m["params"] for _, m in live.messages("resources/unsubscribe", Direction.C2S)] == [
            {"uri": ARCHITECTURE}
        ]
        assert res.live_label.text() == "Not subscribed to any resource." and res.subscribe_button.text() == "Subscribe"

        # a template with completion (completion/complete in POSTs too), then a binary read
        res.lists.setCurrentIndex(1)
        assert res.template_list.select_where("uriTemplate", "demo://resource/dynamic/blob/{resourceId}")
        field = res.fields["resourceId"]
        assert field.completes
        field.setFocus()
        type_into(field, "3")
        await until(lambda: field.suggestions() == ["3"])
        ((asked, completion),) = live.messages("completion/complete", Direction.C2S)
        assert completion["params"]["argument"] == {"name": "resourceId", "value": "3"}
        assert live.exchange(asked)["status"] == 200
        assert res.read_selected()
        await until(lambda: res.contents.cards() and res.contents.cards()[0].uri == "demo://resource/dynamic/blob/3")
        blob = res.contents.cards()[0]
        assert blob.text is None and blob.data and blob.viewer.toPlainText().startswith("00000000")


def click_row(tree, key: str, value: str) -> None:
    """A user's mouse click on the row whose entry has ``key`` == ``value``."""
    item = next(
        tree.topLevelItem(i)
        for i in range(tree.topLevelItemCount())
        if tree.topLevelItem(i).data(0, ITEM_ROLE).get(key) == value
    )
    tree.scrollToItem(item)
    QTest.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=tree.visualItemRect(item).center())


def click_tab(tabs, index: int) -> None:
    QTest.mouseClick(tabs.tabBar(), Qt.MouseButton.LeftButton, pos=tabs.tabBar().tabRect(index).center())
    assert tabs.currentIndex() == index


async def test_back_on_the_resources_tab_the_highlighted_resource_is_the_one_read(
    window_and_controller, reference_peer
):
    template = "demo://resource/dynamic/blob/{resourceId}"
    async with connected(window_and_controller, reference_peer, "legacy", "reference tabs") as live:
        res = live.panel("resources")
        await until(lambda: res.feature.resources.loaded and res.feature.templates.loaded and not res.busy.busy)
        click_row(res.resource_list.tree, "uri", ARCHITECTURE)
        assert res.uri_label.text() == ARCHITECTURE
        click_tab(res.lists, 1)
        click_row(res.template_list.tree, "uriTemplate", template)
        assert res.uri_label.text() == template
        type_into(res.fields["resourceId"], "3")
        click_tab(res.lists, 0)
        assert res.resource_list.tree.currentItem().data(0, ITEM_ROLE).get("uri") == ARCHITECTURE  # still highlighted
        click_row(res.resource_list.tree, "uri", ARCHITECTURE)
        res.read_button.click()
        await until(lambda: live.messages("resources/read", Direction.C2S))
        # what the user sees highlighted is what was read and what the details describe
        assert live.messages("resources/read", Direction.C2S)[-1][1]["params"]["uri"] == ARCHITECTURE
        assert res.uri_label.text() == ARCHITECTURE


async def test_sdk_resources_read_and_subscriptions_listen_modern(window_and_controller, rich_peer):
    """2026-07-28 over HTTP: reads are plain JSON POSTs; updates come on subscriptions/listen, a
    POST whose answer is a long-lived SSE stream, shared by the panels; stopping closes it."""
    async with connected(window_and_controller, rich_peer, "modern", "sdk rich") as live:
        res = live.panel("resources")
        await until(lambda: res.feature.resources.loaded and res.feature.templates.loaded and not res.busy.busy)
        assert [e["uri"] for e in res.resource_list.entries()] == ["note://readme", "note://counter", "note://pixel"]
        assert [e["uriTemplate"] for e in res.template_list.entries()] == ["note://items/{item}"]
        assert res.resource_list.count.text().startswith("3 resources · 1 page")

        # the panels' shared stream asks for list changes by itself (listChanged declared)
        stream = res.stream
        await until(lambda: stream.state == "listening")
        first = stream.request_id
        assert stream.honored == {"toolsListChanged": True, "promptsListChanged": True, "resourcesListChanged": True}
        assert f"List changes: listening (subscription {first})." in res.live_label.text()

        # a binary read: size and hex on screen; plain JSON on the wire
        res.read_uri("note://pixel")
        await until(lambda: res.contents.cards() and res.contents.cards()[0].uri == "note://pixel")
        card = res.contents.cards()[0]
        assert card.text is None and card.data == bytes(range(8))
        assert card.viewer.toPlainText().startswith("00000000  00 01 02 03 04 05 06 07")
        ((read, _),) = live.messages("resources/read", Direction.C2S)
        post = live.exchange(read)
        assert (post["request_headers"]["Mcp-Method"], post["status"]) == ("resources/read", 200)
        ((answer, _),) = live.messages("resources/read", Direction.S2C, Kind.RESULT)
        assert (live.http(answer)["channel"], live.http(answer)["request_seq"]) == ("post", read)

        # a template, filled in and read
        res.lists.setCurrentIndex(1)
        assert res.template_list.select_where("uriTemplate", "note://items/{item}")
        type_into(res.fields["item"], "apple")
        assert res.expanded.text() == "note://items/apple"
        assert res.read_selected()
        await until(lambda: res.contents.cards() and res.contents.cards()[0].uri == "note://items/apple")
        assert res.contents.cards()[0].text == "item apple\n"

        # listen for updates to the counter: the stream is reopened with the uri (one stream for all)
        res.lists.setCurrentIndex(0)
        assert res.resource_list.select_where("uri", "note://counter")
        assert res.subscribe_button.text() == "Listen for updates"
        assert res.read_selected()
        await until(lambda: res.contents.cards() and res.contents.cards()[0].uri == "note://counter")
        count = int(res.contents.cards()[0].text.split(":")[1])
        res.subscribe_button.click()
        await until(
            lambda: (
                stream.state == "listening"
                and stream.request_id != first
                and "resourceSubscriptions" in (stream.honored or {})
            )
        )
        second = stream.request_id
        assert res.live_label.text().startswith(f"Listening (subscription {second}) for updates to note://counter.")
        assert res.subscribe_button.text() == "Stop listening to this resource" and res.stop_button.isEnabled()
        listens = live.messages("subscriptions/listen", Direction.C2S)
        assert [m["id"] for _, m in listens] == [first, second]
        sent, listen = listens[-1]
        assert listen["params"]["notifications"] == {
            "toolsListChanged": True,
            "resourcesListChanged": True,
            "promptsListChanged": True,
            "resourceSubscriptions": ["note://counter"],
        }
        post = live.exchange(sent)
        assert post["request_headers"]["Mcp-Method"] == "subscriptions/listen"
        assert (post["status"], post["response_headers"]["content-type"].split(";")[0]) == (200, "text/event-stream")
        # the first stream was closed (over HTTP that is the cancellation), no notifications/cancelled
        closed = [i for i in range(len(live.rec)) if live.rec.extra_at(i).get("event") == "stream_closed"]
        assert closed and f"entry {listens[0][0]}" in live.rec[closed[0]].raw.decode()
        assert not live.messages("notifications/cancelled", Direction.C2S)
        # the acknowledgement is the first frame of the listen POST's SSE answer
        acks = [
            (i, m)
            for i, m in live.messages("notifications/subscriptions/acknowledged", Direction.S2C)
            if m["params"]["_meta"][META_SUBSCRIPTION_ID] == second
        ]
        assert len(acks) == 1 and acks[0][1]["params"]["notifications"]["resourceSubscriptions"] == ["note://counter"]
        assert (live.http(acks[0][0])["channel"], live.http(acks[0][0])["request_seq"]) == ("post-sse", sent)

        # a tool changes the counter: the update arrives on the listen stream, the panel lists it
        # and reads the resource on screen again
        await live.call_tool("touch")
        assert live.tool_text() == f"count is {count + 1}"
        await until(lambda: res.update_uris() == ["note://counter"])
        assert res.updates.topLevelItem(0).text(2) == f"subscription {second}"
        await until(lambda: res.contents.cards() and res.contents.cards()[0].text == f"count: {count + 1}\n")
        ((update, note),) = live.messages("notifications/resources/updated", Direction.S2C)
        assert note["params"]["_meta"][META_SUBSCRIPTION_ID] == second
        how = live.http(update)
        assert (how["channel"], how["request_seq"], how["content_type"]) == ("post-sse", sent, "text/event-stream")

        # Stop: the stream is reopened without the uri; no more updates reach the panel
        res.stop_button.click()
        await until(lambda: stream.state == "listening" and stream.request_id != second)
        assert (
            "resourceSubscriptions"
            not in live.messages("subscriptions/listen", Direction.C2S)[-1][1]["params"]["notifications"]
        )
        assert res.live_label.text().startswith("Not listening.") and not res.stop_button.isEnabled()
        await live.call_tool("touch")
        assert live.tool_text() == f"count is {count + 2}"
        await anyio.sleep(0.3)  # time for an update that must not come
        assert res.update_uris() == ["note://counter"]
        assert len(live.messages("notifications/resources/updated", Direction.S2C)) == 1


# ---------------------------------------------------------------------------- prompts


@pytest.mark.parametrize(
    "server, era, listed, prompt, values, expected",
    [
        (
            "reference",
            "legacy",
            ["simple-prompt", "args-prompt", "completable-prompt", "resource-prompt"],
            "args-prompt",
            {"city": "Lisbon", "state": "Estremadura"},
            "What's weather in Lisbon, Estremadura?",
        ),
        ("sdk", "modern", ["greet"], "greet", {"name": "Ada", "style": "pirate"}, "Say hello to Ada in a pirate way."),
    ],
    ids=["reference-legacy", "sdk-modern"],
)
async def test_prompts_list_and_get(window_and_controller, request, server, era, listed, prompt, values, expected):
    peer = request.getfixturevalue("reference_peer" if server == "reference" else "rich_peer")
    async with connected(window_and_controller, peer, era, f"{server} prompts") as live:
        prompts = live.panel("prompts")
        await until(lambda: prompts.feature.pager.loaded and not prompts.busy.busy)
        assert [e["name"] for e in prompts.list_view.entries()] == listed
        assert prompts.list_view.select_where("name", prompt)
        assert list(prompts.fields) == list(values) and prompts.required == {next(iter(values))}
        for key, value in values.items():
            type_into(prompts.fields[key], value)
        prompts.get_button.click()
        await until(lambda: prompts.last_result is not None)
        # on screen: the conversation, one user message
        bubbles = prompts.conversation.bubbles
        assert [b.role for b in bubbles] == ["user"]
        assert [(c.kind, c.text) for c in bubbles[0].view.cards()] == [("text", expected)]
        assert prompts.status.text().startswith(f"Got {prompt} at ") and "1 message(s)" in prompts.status.text()
        # on the wire
        ((sent, get),) = live.messages("prompts/get", Direction.C2S)
        assert get["params"]["name"] == prompt and get["params"]["arguments"] == values
        headers = live.exchange(sent)["request_headers"]
        ((answer, _),) = live.messages("prompts/get", Direction.S2C, Kind.RESULT)
        how = live.http(answer)
        assert how["request_seq"] == sent and how["status"] == 200
        if era == "legacy":
            assert headers["Mcp-Session-Id"] == session_id_of(live) and headers["MCP-Protocol-Version"] == LEGACY
            assert how["channel"] == "post-sse"
        else:
            assert (headers["Mcp-Method"], headers["Mcp-Name"], headers["MCP-Protocol-Version"]) == (
                "prompts/get",
                prompt,
                MODERN,
            )
            assert how["channel"] == "post"


# ---------------------------------------------------------------------------- logs


def log_rows(logs) -> list[tuple[str, str]]:
    """(level, data) of the rows the Logs panel shows."""
    model = logs.model
    model.fetch_new()
    return [(model.data(model.index(r, 1)), model.data(model.index(r, 3))) for r in range(model.rowCount())]


async def test_reference_logs_set_level_filters_and_messages_come_on_the_get_stream(
    window_and_controller, reference_peer
):
    """logging/setLevel from the Logs panel, per session: the server's own log line about a
    subscription is dropped below the level and shown above it; its simulated logging too."""
    async with connected(window_and_controller, reference_peer, "legacy", "reference logs") as live:
        sid = session_id_of(live)
        logs = live.panel("logs")
        assert logs.set_level_button.isEnabled() and logs.level.findData(None) == -1  # legacy: no "none"
        assert logs.level_status.text().startswith("Not set by this client yet")

        async def set_level(level: str) -> None:
            logs = live.panel("logs")
            logs.level.setCurrentIndex(logs.level.findData(level))
            logs.set_level_button.click()
            await until(lambda: logs.level_status.text() == f"Server level: {level} (logging/setLevel answered).")

        async def subscribe(uri: str) -> None:
            res = live.panel("resources")
            await until(lambda: res.feature.resources.loaded and not res.busy.busy)
            assert res.resource_list.select_where("uri", uri)
            res.subscribe_button.click()
            await until(lambda: uri in res.feature.subscribed)

        quiet, loud = ARCHITECTURE, "demo://resource/static/document/features.md"
        await set_level("error")
        await subscribe(quiet)  # the server logs this at info: below error, not sent
        await set_level("debug")
        await subscribe(loud)
        logs = live.panel("logs")
        line = f"Received Subscribe Resource request for URI: {loud} from session {sid}"
        await until(lambda: ("info", line) in log_rows(logs))
        assert not any(quiet in data for _, data in log_rows(logs))
        # the subscription lines: only the loud one (the server may also log, at info, the roots
        # it was sent, when that exchange came after the level went to debug on a slow machine)
        assert [data for _, data in log_rows(logs) if "Subscribe" in data] == [line]
        rows = log_rows(logs)
        assert logs.count_label.text().startswith(f"{len(rows)} message"), (logs.count_label.text(), rows)
        sent = live.messages("logging/setLevel", Direction.C2S)
        assert [m["params"] for _, m in sent] == [{"level": "error"}, {"level": "debug"}]
        assert all(live.exchange(seq)["request_headers"]["Mcp-Session-Id"] == sid for seq, _ in sent)

        # simulated logging: one message at once (a random level, all pass at debug), then every 5 s
        await live.call_tool("toggle-simulated-logging")
        assert live.tool_text().startswith(f"Started simulated, random-leveled logging for session {sid}")
        logs = live.panel("logs")
        await until(lambda: any(data.endswith(f"message - SessionId {sid}") for _, data in log_rows(logs)), 12)
        await live.call_tool("toggle-simulated-logging")
        assert live.tool_text() == f"Stopped simulated logging for session {sid}"
        # on the wire: the server sent them on its own, on the session's GET stream
        notes = live.messages("notifications/message", Direction.S2C)
        assert len(notes) >= 2
        for seq, _ in notes:
            how = live.http(seq)
            assert (how["method"], how["channel"], how["status"]) == (
                "GET",
                "get-sse",
                200,
            ) and "request_seq" not in how
            assert live.exchange(seq)["request_headers"]["Mcp-Session-Id"] == sid


@pytest.mark.parametrize("era", ["legacy", "modern"])
async def test_sdk_log_messages_without_the_logging_capability(window_and_controller, sdk_peer, era):
    """The SDK's MCPServer declares no logging (it is deprecated in 2026-07-28), so the Logs panel
    is hidden with the reason. Its echo tool logs anyway: in the legacy era that notification comes
    in the tools/call POST's SSE answer, before the result, and is flagged; in the modern era no
    request asked for a level, so none comes."""
    flagged = ["capability.server-undeclared"] if era == "legacy" else []
    async with connected(window_and_controller, sdk_peer, era, f"sdk {era} logs", expected_violations=flagged) as live:
        host = live.window.panels
        assert "logs" not in host.shown_keys()
        assert "Logs: the server did not declare logging" in host.hidden.toolTip()
        await live.call_tool("echo", text="over HTTP")
        assert live.tool_text() == "over HTTP"
        ((sent, call),) = live.messages("tools/call", Direction.C2S)
        ((answer, _),) = live.messages("tools/call", Direction.S2C, Kind.RESULT)
        notes = live.messages("notifications/message", Direction.S2C)
        if era == "legacy":
            ((seq, note),) = notes
            assert note["params"] == {"level": "info", "data": "echoing 9 characters"}
            assert seq < answer
            assert live.http(seq)["request_seq"] == live.http(answer)["request_seq"] == sent
            assert live.http(seq)["channel"] == live.http(answer)["channel"] == "post-sse"
            assert "capability.server-undeclared" in live.rec.violations_at(seq)
        else:
            assert META_LOG_LEVEL not in call["params"]["_meta"]
            assert notes == [] and live.http(answer)["channel"] == "post"


# ---------------------------------------------------------------------------- sampling and elicitation


ROOTS = [{"uri": "file:///tmp/http-project", "name": "http project"}]


def client_answers(live: Live, method: str) -> list[tuple[int, dict]]:
    """The client's JSON-RPC responses to the server's ``method`` requests (legacy)."""
    return live.messages(method, Direction.C2S, Kind.RESULT, Kind.ERROR)


async def test_reference_sampling_request_in_the_tool_calls_sse_answer(window_and_controller, reference_peer):
    async with connected(window_and_controller, reference_peer, "legacy", "reference sampling") as live:
        sid = session_id_of(live)
        await live.call_tool("trigger-sampling-request", wait=False, prompt="What is MCP?", maxTokens=50)
        dialog = await live.dialog(SamplingDialog)
        assert "JSON-RPC request sampling/createMessage" in dialog.banner.headline.text()
        assert "What is MCP?" in dialog.request_view.toPlainText() and dialog.max_tokens_label.text() == "50"
        dialog.text_edit.setPlainText("A protocol for tools.")
        dialog.model_edit.setText("http-test-model")
        dialog.approve_button.click()
        tools = live.panel("tools")
        await until(lambda: not tools.feature.calling)
        # on screen: the tool's result quotes the answer the user approved
        assert tools.result.outcome == "result"
        text = live.tool_text()
        assert text.startswith("LLM sampling result:") and "A protocol for tools." in text and "http-test-model" in text
        assert ("sampling/createMessage", "answered") in live.window.handlers.history  # (roots/list may come too)
        assert live.window.handlers.open_dialogs == []
        # on the wire: the request came in the SSE answer of the tools/call POST, the answer went
        # back in a POST of its own, which the server accepted (202, no body)
        ((call, _),) = live.messages("tools/call", Direction.C2S)
        ((asked, request),) = live.messages("sampling/createMessage", Direction.S2C, Kind.REQUEST)
        how = live.http(asked)
        assert (how["channel"], how["request_seq"], how["sse_event"]) == ("post-sse", call, "message")
        ((answered, answer),) = client_answers(live, "sampling/createMessage")
        assert answer["id"] == request["id"]
        assert answer["result"] == {
            "role": "assistant",
            "content": {"type": "text", "text": "A protocol for tools."},
            "model": "http-test-model",
            "stopReason": "endTurn",
        }
        post = await live.posted(answered)
        assert (post["method"], post["status"], post["body_bytes"]) == ("POST", 202, 0)
        assert post["request_headers"]["Mcp-Session-Id"] == sid
        ((result, _),) = live.messages("tools/call", Direction.S2C, Kind.RESULT)
        assert (
            answered < result and live.http(result)["request_seq"] == call
        )  # the same SSE answer ends with the result


async def test_reference_elicitation_request_and_roots_over_http(window_and_controller, reference_peer):
    roots = [dict(r) for r in ROOTS]
    async with connected(window_and_controller, reference_peer, "legacy", "reference elicitation", roots=roots) as live:
        sid = session_id_of(live)
        await live.call_tool("trigger-elicitation-request", wait=False)
        dialog = await live.dialog(ElicitationDialog)
        assert "JSON-RPC request elicitation/create" in dialog.banner.headline.text()
        assert dialog.mode == "form" and len(dialog.form.fields()) == 13
        type_into(dialog.form.field("name").line, "Grace Hopper")
        type_into(dialog.form.field("number").line, "3")  # 2025-11-25 answers carry whole numbers only
        dialog.accept_button.click()
        tools = live.panel("tools")
        await until(lambda: not tools.feature.calling)
        text = live.tool_text()
        assert (
            tools.result.outcome == "result"
            and "User provided the requested information" in text
            and "Name: Grace Hopper" in text
        )
        ((call, _),) = live.messages("tools/call", Direction.C2S)
        ((asked, request),) = live.messages("elicitation/create", Direction.S2C, Kind.REQUEST)
        assert (live.http(asked)["channel"], live.http(asked)["request_seq"]) == ("post-sse", call)
        ((answered, answer),) = client_answers(live, "elicitation/create")
        assert answer["id"] == request["id"] and answer["result"]["action"] == "accept"
        assert answer["result"]["content"]["name"] == "Grace Hopper" and answer["result"]["content"]["number"] == 3
        assert (await live.posted(answered))["status"] == 202

        # the roots/list the server sends by itself comes on the GET stream; the profile's roots answer it
        answers = await until(lambda: client_answers(live, "roots/list"))
        ((asked_roots, _),) = live.messages("roots/list", Direction.S2C, Kind.REQUEST)
        how = live.http(asked_roots)
        assert (how["method"], how["channel"]) == ("GET", "get-sse") and "request_seq" not in how
        assert answers[-1][1]["result"] == {"roots": ROOTS}
        post = await live.posted(answers[-1][0])
        assert (post["status"], post["request_headers"]["Mcp-Session-Id"]) == (202, sid)
        assert ("roots/list", "answered") in live.window.handlers.history

        # a root added in the connection panel during the session: roots/list_changed in a POST,
        # and the server asks again
        assert live.window.connection.editor.roots.add_root("file:///tmp/http-more", "more")
        ((changed, _),) = await until(lambda: live.messages("notifications/roots/list_changed", Direction.C2S))
        assert (await live.posted(changed))["status"] == 202
        answers = await until(lambda: client_answers(live, "roots/list")[1:])
        assert answers[-1][1]["result"] == {"roots": [*ROOTS, {"uri": "file:///tmp/http-more", "name": "more"}]}


async def test_sdk_input_required_result_modern(window_and_controller, rich_peer):
    """2026-07-28 over HTTP: the server asks through an InputRequiredResult in a plain JSON answer;
    the dialogs answer it and the tools/call is retried (a new POST) with inputResponses."""
    async with connected(window_and_controller, rich_peer, "modern", "sdk input required") as live:
        await live.call_tool("ask", wait=False)
        # one dialog at a time, in the order of the inputRequests map
        form = await live.dialog(ElicitationDialog)
        assert "InputRequiredResult input request elicitation/create" in form.banner.headline.text()
        assert form.message.text() == "Who is there?"
        type_into(form.form.field("name").line, "Ada")
        form.accept_button.click()
        sampling = await live.dialog(SamplingDialog)
        assert "InputRequiredResult input request sampling/createMessage" in sampling.banner.headline.text()
        assert "Write a greeting." in sampling.request_view.toPlainText()
        sampling.text_edit.setPlainText("Hello!")
        sampling.model_edit.setText("mrtr-model")
        sampling.approve_button.click()
        tools = live.panel("tools")
        await until(lambda: not tools.feature.calling)
        assert tools.result.outcome == "result"
        assert live.tool_text() == "accept from Ada; mrtr-model wrote 'Hello!' (state asked-once)"
        assert "2 rounds (input required)" in tools.result.status_label.text()
        # on the wire: two POSTs of tools/call, each answered with plain JSON; no JSON-RPC responses
        (first, call), (retry, again) = live.messages("tools/call", Direction.C2S)
        (asked, needed), (done, _) = live.messages("tools/call", Direction.S2C, Kind.RESULT)
        assert needed["result"]["resultType"] == "input_required" and set(needed["result"]["inputRequests"]) == {
            "who",
            "draft",
        }
        assert again["params"]["requestState"] == needed["result"]["requestState"]
        assert again["params"]["inputResponses"] == {
            "who": {"action": "accept", "content": {"name": "Ada"}},
            "draft": {
                "role": "assistant",
                "content": {"type": "text", "text": "Hello!"},
                "model": "mrtr-model",
                "stopReason": "endTurn",
            },
        }
        assert "requestState" not in call["params"] and "inputResponses" not in call["params"]
        for sent, answer in ((first, asked), (retry, done)):
            assert live.exchange(sent)["request_headers"]["Mcp-Name"] == "ask"
            assert (live.http(answer)["channel"], live.http(answer)["request_seq"]) == ("post", sent)
        assert not client_answers(live, "elicitation/create") and not client_answers(live, "sampling/createMessage")
