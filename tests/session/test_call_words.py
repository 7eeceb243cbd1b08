"""The banner over a tool call's answer (session/call_words.py): which cancellation it was, and
each banner's words with their values, in English and through a caller's tr."""

from __future__ import annotations

from inspector.session import call_words as banners
from inspector.session.controllers.tools import INPUT_REQUIRED, PROTOCOL_ERROR, TOOL_ERROR
from inspector.session.operations import TaskRun


def test_which_cancellation() -> None:
    assert banners.cancelled_banner(None, False) == (banners.CANCELLED, ())
    assert banners.cancelled_banner(None, True) == (banners.CANCELLED_STREAM, ())
    early = TaskRun()
    assert banners.cancelled_banner(early, False) == (banners.CANCELLED_BEFORE_TASK, ())
    sent = TaskRun(cancel_sent=True)
    assert banners.cancelled_banner(sent, True) == (banners.CANCELLED_TASK, ("?",))  # no status learned yet


def test_banner_words_and_tones() -> None:
    title, detail = banners.banner_words(PROTOCOL_ERROR, (-32602, "Unknown tool: x"))
    assert title == "Protocol error -32602: Unknown tool: x" and detail.startswith("A JSON-RPC error")
    assert banners.banner_words(INPUT_REQUIRED, (5,))[1] == "No answer after 5 rounds of input requests."
    assert banners.banner_words(banners.CANCELLED_TASK, ("cancelled",)) == (
        "Cancelled",
        "tasks/cancel was sent; the task is now cancelled.",
    )
    asked: list[str] = []

    def tr(context: str, text: str) -> str:
        asked.append(context)
        return f"«{text}»"

    assert banners.banner_words(TOOL_ERROR, tr=tr)[0] == "«The tool reported an error»"
    assert asked == ["ToolResultPane", "ToolResultPane"]
    assert [banners.banner_tone(k) for k in (banners.NO_TASK, TOOL_ERROR, banners.CANCELLED)] == [
        "warn",
        "error",
        "muted",
    ]
    assert set(banners.WORDS) >= {"Cancelled", "No task was created", "Protocol error {0}: {1}"}
