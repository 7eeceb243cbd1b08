"""2026-07-28: a tool whose x-mcp-header annotations break the rules is excluded (issue 21,
point 8). The Tools panel on a live stdio session of the modern fixture (``--header-tools``)
marks every such tool excluded with its reason and will not call it, whatever the schema
check says; a valid tool is called as usual, and the composer still sends anything.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from test_tools_panel import live_panel, until

from inspector.protocol.http_meta import header_problems
from inspector.session.profiles import ServerProfile
from inspector.session.recording import Direction
from inspector.ui.panels.tools import EXCLUDED_ROLE

pytestmark = pytest.mark.anyio

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "servers" / "modern_fixture.py"


def fixture_profile() -> ServerProfile:
    return ServerProfile(
        name="modern fixture",
        command=sys.executable,
        args=[str(FIXTURE), "--header-tools"],
        era="modern",
        stdin_grace=2.0,
        term_grace=1.0,
    )


def calls(controller) -> list[str]:
    rec = controller.recording
    return [
        rec.raw_at(i).decode()
        for i in range(len(rec))
        if rec.method_at(i) == "tools/call" and rec.direction_at(i) is Direction.C2S
    ]


async def test_excluded_tools_are_marked_and_never_called():
    async with live_panel(fixture_profile()) as (controller, panel):
        bad = [t for t in panel.tools if t["name"].startswith("hdr-") and t["name"] != "hdr-good"]
        assert len(bad) == 16
        for i in range(panel.list.count()):
            item = panel.list.item(i)
            tool = item.data(Qt.ItemDataRole.UserRole + 1)
            reason = item.data(EXCLUDED_ROLE)
            _found, problems = header_problems(tool.get("inputSchema"))
            assert bool(reason) == bool(problems), tool["name"]
            if reason:  # the list says why, in the tooltip too
                assert "x-mcp-header" in item.toolTip()
        for tool in bad:
            assert panel.select_tool(tool["name"])
            assert panel.http_problem_label.isVisibleTo(panel), tool["name"]
            assert "Excluded" in panel.http_problem_label.text()
            assert not panel.call_button.isEnabled()
            panel.validate_box.setChecked(False)  # no way round it from the panel
            assert panel.call_selected() is False
            assert "excluded" in panel.args_error.text() and "x-mcp-header" in panel.args_error.text()
            panel.validate_box.setChecked(True)
        assert calls(controller) == []  # nothing went on the wire
        assert panel.select_tool("hdr-good")
        assert not panel.http_problem_label.isVisibleTo(panel) and panel.call_button.isEnabled()
        assert panel.call_selected() is True
        await until(lambda: not panel.feature.calling)
        assert len(calls(controller)) == 1 and '"hdr-good"' in calls(controller)[0]
        sent = await controller.session.send_text(
            '{"jsonrpc":"2.0","id":"raw-1","method":"tools/call","params":{"name":"hdr-number","arguments":{},'
            '"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}',
            wait=10,
        )
        assert sent.answer_seq is not None and any('"hdr-number"' in c for c in calls(controller))
