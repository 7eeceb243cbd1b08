"""A header typed into the connection panel's header editor that is secret by its name or value:
masked and locked secret in the editor at once, sent to the server (the official SDK's server
behind a gate that answers 401 without it), and masked in the window - the timeline, the
detail pane's HTTP tab - in the saved server list, the saved recording and the exported
transcripts."""

from __future__ import annotations

import json
import secrets

import anyio
import pytest
from detail_reading import http_text
from peers import HttpPeer, free_port, sdk_http_auth_server
from PySide6.QtCore import Qt
from ui_driver import until

from inspector.protocol.lifecycle import State
from inspector.session.profiles import MASK, ServerProfile

pytestmark = pytest.mark.anyio

KEY = "key" + secrets.token_hex(12)
TOKEN = "ghp_" + secrets.token_hex(18)  # a token's shape under a plain name


def type_header(table, row: int, name: str, value: str) -> None:
    """Add a row and type its name, then its value, as a user's edits would."""
    table.add_row()
    table.item(row, 0).setText(name)
    table.item(row, 1).setText(value)


async def test_a_header_typed_in_the_editor_is_masked_everywhere(window_and_controller, tmp_path):
    controller, window = window_and_controller
    port = free_port()
    required = {"X-Api-Key": KEY, "X-Trace-Context": TOKEN}
    with HttpPeer(sdk_http_auth_server(port), port, env={"REQUIRED_HEADERS": json.dumps(required)}) as peer:
        profile = ServerProfile(name="gate", command="", transport="streamable-http", url=peer.url, era="legacy")
        window.profiles.append(profile)
        window.connection.profiles.append(profile)
        window.connection.show_profiles(len(window.profiles) - 1)
        editor = window.connection.editor
        editor.set_profile(profile)  # as choosing it in the list does (the refresh above chose it quietly)
        table = editor.headers
        type_header(table, 0, "X-Api-Key", KEY)  # secret by its name
        type_header(table, 1, "X-Trace-Context", TOKEN)  # by its value
        type_header(table, 2, "X-Workshop", "7")  # not secret
        for row in (0, 1):
            box = table.item(row, 2)
            assert box.checkState() == Qt.CheckState.Checked and not box.flags() & Qt.ItemFlag.ItemIsUserCheckable
            assert table.item(row, 1).text() == MASK
        assert table.item(2, 1).text() == "7" and table.item(2, 2).flags() & Qt.ItemFlag.ItemIsUserCheckable
        assert [(h.name, h.secret) for h in profile.headers] == [
            ("X-Api-Key", True),
            ("X-Trace-Context", True),
            ("X-Workshop", False),
        ]
        saved = (tmp_path / "servers.json").read_text()  # the window saves the list on every edit
        assert KEY not in saved and TOKEN not in saved and KEY in (tmp_path / "secrets.json").read_text()

        async with anyio.create_task_group() as tg:
            controller.task_group = tg
            window.connect_selected()
            # the gate let initialize in: both headers arrived with their values
            await until(lambda: controller.session is not None and controller.session.state is State.OPERATING)
            tools = window.panels.panels["tools"]
            await until(lambda: {t["name"] for t in tools.tools} == {"add", "echo", "slow", "where"})
            controller.end_session()
            await until(lambda: not controller.running, 15)
            tg.cancel_scope.cancel()
    rec = controller.recording
    posts = [
        rec[i].extra["http"]
        for i in range(len(rec))
        if rec[i].extra.get("event") == "http_exchange" and rec[i].extra["http"]["method"] == "POST"
    ]
    assert posts and all(x["status"] in (200, 202) for x in posts)
    assert all(
        x["request_headers"]["X-Api-Key"] == MASK and x["request_headers"]["X-Trace-Context"] == MASK for x in posts
    )
    assert rec.header["headers"] == {"X-Api-Key": MASK, "X-Trace-Context": MASK, "X-Workshop": "7"}

    # the window: every cell of the timeline, and the HTTP tab of every exchange
    model = window.timeline.model
    await until(lambda: model.rowCount() == len(rec))
    cells = [str(model.data(model.index(r, c))) for r in range(model.rowCount()) for c in range(model.columnCount())]
    assert not any(KEY in c or TOKEN in c for c in cells)
    exchanges = [i for i in range(len(rec)) if rec[i].extra.get("event") == "http_exchange"]
    for seq in exchanges:
        window.timeline.select_seq(seq)
        http = http_text(window.detail)
        assert KEY not in http and TOKEN not in http
    window.timeline.select_seq(exchanges[0])
    assert f"X-Api-Key: {MASK}" in http_text(window.detail) and "X-Workshop: 7" in http_text(window.detail)

    # what the window writes: the recording and both transcripts
    for name in ("session.jsonl", "session.html", "session.md"):
        path = tmp_path / name
        assert (
            window.files.save_recording_to(str(path))
            if name.endswith(".jsonl")
            else window.files.export_transcript_to(str(path))
        )
        data = path.read_bytes()
        assert KEY.encode() not in data and TOKEN.encode() not in data and b"tools/list" in data
    assert MASK.encode() in (tmp_path / "session.jsonl").read_bytes()
