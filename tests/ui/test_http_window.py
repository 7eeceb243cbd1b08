"""A server at a URL, from the window: the connection editor's HTTP fields, a session with the
official SDK's server over Streamable HTTP on 127.0.0.1, the panels and the HTTP lifecycle."""

from __future__ import annotations

import anyio
import pytest
from detail_reading import http_text
from peers import HttpPeer, free_port, sdk_http_server
from ui_driver import type_into, until

from inspector.protocol.lifecycle import Event, State
from inspector.protocol.messages import Kind
from inspector.session.profiles import ServerProfile
from inspector.session.recording import Direction
from inspector.ui.timeline import Column

pytestmark = pytest.mark.anyio


async def test_the_editor_shows_the_fields_of_the_chosen_transport(window_and_controller):
    _controller, window = window_and_controller
    profile = ServerProfile(name="remote", command="")
    window.profiles.append(profile)
    window.connection.profiles.append(profile)
    editor = window.connection.editor
    editor.set_profile(profile)
    assert editor.command.isVisible() and not editor.url.isVisible() and not editor.http_box.isVisible()
    editor.transport.setCurrentIndex(editor.transport.findData("streamable-http"))
    assert profile.transport == "streamable-http"
    assert (
        editor.url.isVisible()
        and editor.http_box.isVisible()
        and not editor.command.isVisible()
        and not editor.env_box.isVisible()
    )
    assert not editor.timeouts["term_grace"].isVisible()  # no signals over HTTP
    type_into(editor.url, "ftp://example.invalid/mcp")
    assert "not an http:// or https:// URL" in editor.errors["url"].text()
    type_into(editor.url, "https://example.invalid/mcp")
    assert not editor.errors["url"].isVisible()
    assert not editor.tls_warning.isVisible()
    editor.verify_tls.setChecked(False)
    assert editor.tls_warning.isVisible() and "TLS verification is off" in editor.tls_warning.text()
    assert profile.verify_tls is False
    editor.headers.set_vars([])
    editor.headers.add_row()
    editor.headers.item(0, 0).setText("Bad Header")
    assert "not valid" in editor.errors["headers"].text()


async def test_a_session_over_streamable_http_from_the_window(window_and_controller):
    controller, window = window_and_controller
    port = free_port()
    with HttpPeer(sdk_http_server(port), port) as peer:
        profile = ServerProfile(
            name="sdk over http", command="", transport="streamable-http", url=peer.url, era="legacy"
        )
        window.profiles.append(profile)
        window.connection.profiles.append(profile)
        window.connection.show_profiles(len(window.profiles) - 1)
        assert window.connection.current() is profile
        async with anyio.create_task_group() as tg:
            controller.task_group = tg
            window.connect_selected()
            await until(lambda: controller.session is not None and controller.session.state is State.OPERATING)
            tools = window.panels.panels["tools"]
            await until(lambda: {t["name"] for t in tools.tools} == {"add", "echo", "slow", "where"})
            # the diagram draws HTTP's machine: a DELETE, no signals
            await until(lambda: window.diagram.model.state is State.OPERATING)
            edges = window.diagram.model.table
            assert not any(t.event in (Event.SIGTERM_SENT, Event.SIGKILL_SENT) for t in edges)
            assert any(t.label == "DELETE session" for t in edges)
            controller.end_session()
            await until(lambda: not controller.running, 15)
            await until(lambda: window.diagram.model.state is State.TERMINATED)
            assert window.diagram.model.edge.label == "connection closed"
            tg.cancel_scope.cancel()
    rec = controller.recording
    assert rec.header["transport"] == "streamable-http"
    model = window.timeline.model

    def shown() -> set:
        return {model.data(model.index(r, Column.METHOD)) for r in range(model.rowCount())}

    await until(lambda: {"HTTP exchange", "disconnected"} <= shown())  # the timeline catches up on its tick
    # the link's events are of kind "link" (no process of ours), and the kind filter takes them out alone
    events = [i for i in range(len(rec)) if rec.direction_at(i) is Direction.EVENT]
    assert events and {rec.kind_at(i) for i in events} == {Kind.LINK}
    kinds = {model.data(model.index(r, Column.KIND)) for r in range(model.rowCount())}
    assert "● link" in kinds and "● process" not in kinds
    window.timeline.kind_actions[Kind.LINK].setChecked(False)
    assert model.rowCount() == len(rec) - len(events) and Kind.LINK not in model.filter().kinds
    window.timeline.kind_actions[Kind.LINK].setChecked(True)
    assert model.rowCount() == len(rec)
    # the details say which exchange a message travelled in, and show an exchange's headers
    listed = next(i for i in range(len(rec)) if rec.method_at(i) == "tools/list" and rec.direction_at(i).label == "s2c")
    window.timeline.select_seq(listed)
    texts = [label.text() for label in window.detail.findings_labels]
    assert any(t.startswith("HTTP: POST " + peer.url + " → 200") for t in texts)
    assert any("channel post-sse" in t and "text/event-stream" in t for t in texts)
    exchange = next(i for i in range(len(rec)) if rec[i].extra.get("event") == "http_exchange")
    window.timeline.select_seq(exchange)
    http = http_text(window.detail)
    assert (
        "Accept: application/json, text/event-stream" in http and "mcp-session-id: " in http and "HTTP 200 OK" in http
    )
    # a message's HTTP tab shows the POST that answered it, and where in it the message came
    window.timeline.select_seq(listed)
    http = http_text(window.detail)
    request = rec[listed].paired
    assert f"(body: the message of entry {request})" in http and "content-type: text/event-stream" in http
    assert "This message" in http and "SSE event: message" in http
    window.timeline.select_seq(request)  # the request: the exchange that carried it
    assert f"POST {peer.url}" in http_text(window.detail)
    window.timeline.select_seq(0)  # the link's first event has no exchange: the tab is hidden
    assert http_text(window.detail) == "" and not window.detail.tabs.isTabVisible(1)
    # the "HTTP errors" filter is offered for a session over HTTP, and shows only HTTP problems
    from inspector.session.views import http_error_test

    assert window.timeline.http_action.isVisible()
    window.timeline.http_button.click()
    assert window.timeline.model.filter().only_http_errors
    problem = http_error_test(rec)
    rows = [model.entries.seq_at(r) for r in range(model.rowCount())]
    assert all(problem(s) for s in rows) and len(rows) < len(rec)
    window.timeline.http_button.click()
    assert not window.timeline.model.filter().only_http_errors


async def test_a_tool_with_invalid_header_annotations_is_marked_and_not_called(window_and_controller):
    """2026-07-28 Streamable HTTP: the SDK lists 'charge', whose x-mcp-header sits on a number;
    the Tools panel says why it is excluded and does not call it, even with the schema check
    off (the composer is the way to send it anyway)."""
    controller, window = window_and_controller
    port = free_port()
    with HttpPeer(sdk_http_server(port, "--bad-header-tool"), port) as peer:
        profile = ServerProfile(
            name="sdk, bad tool", command="", transport="streamable-http", url=peer.url, era="modern"
        )
        window.profiles.append(profile)
        window.connection.profiles.append(profile)
        window.connection.show_profiles(len(window.profiles) - 1)
        async with anyio.create_task_group() as tg:
            controller.task_group = tg
            window.connect_selected()
            await until(lambda: controller.session is not None and controller.session.state is State.READY)
            tools = window.panels.panels["tools"]
            await until(lambda: "charge" in {t["name"] for t in tools.tools})
            assert tools.select_tool("where")
            assert not tools.http_problem_label.isVisibleTo(tools)
            assert tools.select_tool("charge")
            assert tools.http_problem_label.isVisibleTo(tools) and "x-mcp-header" in tools.http_problem_label.text()
            sent_before = sum(
                1 for i in range(len(controller.recording)) if controller.recording.method_at(i) == "tools/call"
            )
            assert not tools.call_button.isEnabled()
            assert tools.call_selected() is False and "excluded" in tools.args_error.text()
            tools.validate_box.setChecked(False)  # no way round it from the panel
            assert tools.call_selected() is False
            assert (
                sum(1 for i in range(len(controller.recording)) if controller.recording.method_at(i) == "tools/call")
                == sent_before
            )
            flagged = [
                i
                for i in range(len(controller.recording))
                if "http.tool-header-invalid" in controller.recording.violations_at(i)
            ]
            assert flagged
            controller.end_session()
            await until(lambda: not controller.running, 15)
            tg.cancel_scope.cancel()
