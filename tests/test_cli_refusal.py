"""The probe words the tools controller's refusal of a ``tools/call`` (issue 23: the CLI uses the
controllers the window uses). The refusal itself is data from
:class:`~inspector.session.controllers.tools.ToolsController` (end to end, against real servers:
tests/session/test_excluded_tools_probe.py); here: each of its codes in the probe's words (the
sentences the probe printed before it asked the controller).
"""

from __future__ import annotations

from inspector.cli import refusal_text
from inspector.protocol.http_meta import tool_header_params, unsafe_integer_params
from inspector.session.controllers.tools import REFUSE_EXCLUDED, REFUSE_UNMIRRORABLE, Refusal
from inspector.session.operations import Negotiation, tool_exclusion

MODERN_HTTP = Negotiation(era="modern", version="2026-07-28", state="ready", transport="streamable-http")


def tool_with(prop: dict) -> dict:
    return {"name": "t", "inputSchema": {"type": "object", "properties": {"p": prop}}}


def test_an_excluded_tool_is_worded_as_the_session_words_it() -> None:
    tool = tool_with({"type": "number", "x-mcp-header": "N"})  # a header on a number: invalid
    why = tool_exclusion(MODERN_HTTP, tool)
    assert why is not None and "number" in why
    text = refusal_text(Refusal(REFUSE_EXCLUDED, why))
    assert text.startswith("the tool is excluded, its x-mcp-header annotations break the 2026-07-28 rules: ")
    assert text.endswith(why)


def test_an_integer_no_header_can_carry_is_worded_with_its_headers() -> None:
    tool = tool_with({"type": "integer", "x-mcp-header": "N"})
    arguments = {"p": 2**53}
    unsafe = unsafe_integer_params(tool_header_params(tool["inputSchema"])[0], arguments)
    assert unsafe == ["Mcp-Param-N"]
    text = refusal_text(Refusal(REFUSE_UNMIRRORABLE, tuple(unsafe)))
    assert text == (
        "the integer value for Mcp-Param-N is outside -(2**53-1)..2**53-1 and cannot be mirrored into its header"
    )
