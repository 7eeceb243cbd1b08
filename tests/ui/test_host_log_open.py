"""File → Open with a host log (issue 24): a Claude Desktop ``mcp.log`` written here in its
published shape, holding two servers' sessions, opens converted; the window asks which session."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtWidgets import QInputDialog

from inspector.ui import host_log_open


def _log(path: Path) -> Path:
    hello = {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "claude-ai", "version": "0.1"}}
    answer = {
        "protocolVersion": "2025-06-18",
        "capabilities": {"tools": {}},
        "serverInfo": {"name": "s", "version": "1"},
    }
    lines = []
    for k, server in enumerate(("everything", "memory")):
        t = f"2025-04-11T23:03:0{k}"
        msgs = [
            ("client", {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": hello}),
            ("server", {"jsonrpc": "2.0", "id": 0, "result": answer}),
            ("client", {"jsonrpc": "2.0", "method": "notifications/initialized"}),
        ]
        lines.append(f"{t}.100Z [info] [{server}] Initializing server...")
        for n, (side, msg) in enumerate(msgs):
            lines.append(
                f"{t}.{200 + n}Z [info] [{server}] Message from {side}: {json.dumps(msg)} {{ metadata: undefined }}"
            )
    path.write_text("\n".join(lines) + "\n")
    return path


def test_open_asks_which_session_and_shows_it_imported(window_and_controller, tmp_path, monkeypatch):
    controller, window = window_and_controller
    log = _log(tmp_path / "mcp.log")
    asked: list[list[str]] = []

    def pick(parent, title, label, rows, current, editable):  # noqa: ANN001
        asked.append(list(rows))
        return rows[1], True

    monkeypatch.setattr(QInputDialog, "getItem", staticmethod(pick))
    assert window.files.open_recording_path(str(log))
    assert len(asked) == 1 and "memory" in asked[0][1] and "everything" in asked[0][0]
    rec = controller.recording
    assert rec.header["server_name"] == "memory"
    assert rec.header["imported_from"]["kind"] == "claude-desktop"
    assert len(rec) == 4 and rec.state_at(len(rec) - 1).value == "operating"
    assert "imported, read-only" in window.windowTitle()

    broken = tmp_path / "broken.har"
    broken.write_text('{"log": {"entries": ')
    assert not window.files.open_recording_path(str(broken))
    assert (
        window.message_box.windowTitle() == "Cannot open host log"
        and "broken.har: not JSON" in window.message_box.text()
    )
    window.message_box.close()
    assert controller.recording is rec
    monkeypatch.setattr(QInputDialog, "getItem", staticmethod(lambda *a: ("", False)))
    assert not window.files.open_recording_path(str(log))  # cancelled: the shown session stays
    assert controller.recording is rec


def test_a_file_in_no_format_is_opened_as_a_recording_and_refused_there(window_and_controller, tmp_path):
    controller, window = window_and_controller
    other = tmp_path / "notes.jsonl"
    other.write_text("hello\n")
    assert not window.files.open_recording_path(str(other))
    assert window.message_box.windowTitle() == "Cannot open recording"  # the recording loader's refusal
    window.message_box.close()
    assert host_log_open.file_filter().endswith("(*.log *.har *.txt)")
