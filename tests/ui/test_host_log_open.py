"""File → Open with a host log (issue 24): a Claude Desktop ``mcp.log`` written here in its
published shape, holding two servers' sessions, opens converted; the window asks which session."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import Qt
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


def _asking(window) -> QInputDialog:
    dialogs = [d for d in window.findChildren(QInputDialog) if d.isVisible()]
    assert len(dialogs) == 1
    return dialogs[0]


def test_open_asks_which_session_and_shows_it_imported(window_and_controller, tmp_path):
    controller, window = window_and_controller
    log = _log(tmp_path / "mcp.log")
    before = controller.recording
    assert window.files.open_recording_path(str(log))
    dialog = _asking(window)  # opened, not exec'd: the loop runs on
    assert dialog.windowModality() == Qt.WindowModality.WindowModal
    rows = dialog.comboBoxItems()
    assert len(rows) == 2 and "everything" in rows[0] and "memory" in rows[1] and "3 messages" in rows[1]
    assert controller.recording is before  # nothing shown until a session is chosen
    dialog.setTextValue(rows[1])
    dialog.accept()
    rec = controller.recording
    assert rec.header["server_name"] == "memory"
    assert rec.header["imported_from"]["kind"] == "claude-desktop"
    assert len(rec) == 4 and rec.state_at(len(rec) - 1).value == "operating"
    assert "imported, read-only" in window.windowTitle()

    broken = tmp_path / "broken.har"
    broken.write_text('{"log": {"entries": ')
    assert not window.files.open_recording_path(str(broken))
    title, text = window.message_box.windowTitle(), window.message_box.text()
    assert title == "Cannot open host log" and "broken.har: not JSON" in text
    window.message_box.close()
    assert controller.recording is rec

    assert window.files.open_recording_path(str(log))
    _asking(window).reject()  # cancelled: the shown session stays
    assert controller.recording is rec


def test_a_log_of_one_session_opens_at_once(window_and_controller, tmp_path):
    controller, window = window_and_controller
    log = _log(tmp_path / "mcp-server-memory.log")
    log.write_text("".join(line + "\n" for line in log.read_text().splitlines() if "[memory]" in line))
    assert window.files.open_recording_path(str(log))
    assert not [d for d in window.findChildren(QInputDialog) if d.isVisible()]
    assert controller.recording.header["server_name"] == "memory" and len(controller.recording) == 4


def test_a_file_in_no_format_is_opened_as_a_recording_and_refused_there(window_and_controller, tmp_path):
    controller, window = window_and_controller
    other = tmp_path / "notes.jsonl"
    other.write_text("hello\n")
    assert not window.files.open_recording_path(str(other))
    assert window.message_box.windowTitle() == "Cannot open recording"  # the recording loader's refusal
    window.message_box.close()
    assert host_log_open.file_filter().endswith("(*.log *.har *.txt)")


def test_the_command_line_opens_a_file_in_the_window(tmp_path):
    """``mcp-session-inspector FILE``: a file is the window's to open; a subcommand stays one."""
    import os
    import subprocess
    import sys

    from inspector.cli_args import build_parser
    from inspector.cli_convert import opened_file

    log = _log(tmp_path / "mcp.log")
    parser = build_parser()
    assert opened_file(parser, [str(log)]) == str(log)
    assert opened_file(parser, [str(log), "--connect-demo"]) == str(log)
    assert opened_file(parser, [str(tmp_path / "missing.log")]) is None
    assert opened_file(parser, ["--self-test"]) is None
    (tmp_path / "convert").write_text("a file named as a subcommand\n")
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        assert opened_file(parser, ["convert", "mcp.log"]) is None
    finally:
        os.chdir(cwd)
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "MCP_INSPECTOR_EXIT_AFTER_FIRST_PAINT": "1",
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "HOME": str(tmp_path),
    }
    done = subprocess.run(
        [sys.executable, "-m", "inspector", str(log)], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "first-paint" in done.stdout
