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


def test_the_status_lines_facts() -> None:
    from inspector.session.operations import TASK_GET_FAILED
    from inspector.session.outcomes import Reply

    reply = Reply(7, 3, {}, None, 0.25)
    assert banners.reply_facts("echo", reply) == "echo · tools/call id 7 · answered in 250.0 ms"
    rounds = Reply("a", 3, {}, None, 0.25, rounds=2, total=1.5)
    assert banners.reply_facts("echo", rounds, "2 rounds") == "echo · tools/call id a · answered in 1.500 s · 2 rounds"
    run = TaskRun(task={"taskId": "t-1", "status": "completed"}, polls=3, elapsed=2.0)
    facts = banners.task_facts("slow", run, "3 polls")
    assert facts == "slow · task t-1 · ended completed · 3 polls · finished in 2.000 s"
    broken = TaskRun(polls=1, problem=TASK_GET_FAILED, problem_detail={"code": -32601, "message": "no"})
    assert banners.task_facts("slow", broken, "1 poll") == (
        "slow · task None · ended ? · 1 poll · finished in 0.00 ms · tasks/get failed (-32601 no); "
        "the result was fetched anyway"
    )
    said: list[tuple[str, str]] = []

    def tr(context: str, text: str) -> str:
        said.append((context, text))
        return text

    banners.task_facts("slow", broken, "1 poll", tr)
    assert {context for context, _ in said} == {banners.CONTEXT} and {t for _, t in said} <= set(banners.WORDS)


def test_the_progress_rows_words() -> None:
    assert banners.progress_text("calling", "echo") == "Calling echo…"
    assert banners.progress_text("calling_task", "slow") == "Calling slow as a task…"
    assert banners.progress_text("cancelling") == "Cancelling…"
    assert banners.progress_text("progress", "3/10") == "progress 3/10"
    task = {"taskId": "0123456789abcdef", "status": "working", "statusMessage": "step 2\nof 5"}
    assert banners.task_state_text(task) == "Task 01234567: working · step 2 of 5"
    assert banners.task_state_text({}) == "Task : ?"
    assert set(banners.PROGRESS.values()) <= set(banners.WORDS)
