"""What the Tasks panel says (session/task_words.py): a task's row and details, the count and
the result area, in English and through a caller's tr."""

from __future__ import annotations

import json

from inspector.session import task_words as words
from inspector.session.controllers.tasks import TasksController

WORKING = {
    "taskId": "0123456789abcdef",
    "status": "working",
    "statusMessage": "step 1\nof 2",
    "createdAt": "2025-11-25T10:00:00Z",
    "lastUpdatedAt": "2025-11-25T10:00:05Z",
    "ttl": 300_000,
    "pollInterval": 1500,
}


def test_a_tasks_row() -> None:
    row = words.task_row(WORKING)
    assert row.cells[0] == "01234567…" and row.tips[0] == "0123456789abcdef"
    assert row.cells[1] == "working" and row.running
    assert row.cells[2] == "step 1 of 2" and row.tips[2] == "step 1\nof 2"  # one line, the tooltip keeps it
    assert row.tips[3] == "2025-11-25T10:00:05Z" and row.cells[3]
    done = words.task_row({"taskId": "short", "status": "completed", "createdAt": "2025-11-25T10:00:00Z"})
    assert done.cells[0] == "short" and not done.running
    assert done.cells[2] == "" and done.tips[3] == "2025-11-25T10:00:00Z"  # updated: created when never updated
    odd = words.task_row({"taskId": "x"})
    assert odd.cells == ("x", "?", "", "") and odd.running  # no status: not known to have ended


def test_the_count_over_the_list() -> None:
    assert words.count_text(0, 0) == "No tasks"
    assert words.count_text(1, 1) == "1 task, 1 running"
    assert words.count_text(3, 2) == "3 tasks, 2 running"


def test_the_details_of_a_task() -> None:
    heading, values = words.task_details(None)
    assert heading == "Select a task" and set(values.values()) == {"—"} and list(values) == list(words.FIELDS)
    heading, values = words.task_details(WORKING)
    assert heading == "Task working"
    assert values["statusMessage"] == "step 1\nof 2"
    assert values["createdAt"].endswith("(2025-11-25T10:00:00Z)")
    assert values["ttl"] == "300,000 ms (5 min)" and values["pollInterval"] == "1,500 ms (1.5 s)"
    _, bare = words.task_details({"taskId": "t", "status": "working", "ttl": None})
    assert bare["ttl"] == "unlimited" and bare["pollInterval"] == "not suggested"
    assert bare["createdAt"] == bare["statusMessage"] == "—"


def test_the_result_area() -> None:
    feature = TasksController()
    assert words.result_view(feature, None) == words.ResultView()
    assert words.result_view(feature, "t").note == "The result appears here after Get result."
    feature.waiting_result.add("t")
    assert words.result_view(feature, "t").note.startswith("Waiting for tasks/result")
    feature.waiting_result.clear()
    feature.results["t"] = {"error": {"code": -32602, "message": "no such task"}}
    failed = words.result_view(feature, "t")
    assert failed.note == "tasks/result answered with JSON-RPC error -32602: no such task"
    assert json.loads(failed.json) == {"code": -32602, "message": "no such task"} and failed.blocks is None
    result = {"content": [{"type": "text", "text": "hi"}], "isError": True, "structuredContent": {"n": 1}}
    feature.results["t"] = {"result": result}
    shown = words.result_view(feature, "t")
    assert shown.note == "Result (the tool reported an error):"
    assert shown.blocks == result["content"] and shown.structured == {"n": 1} and json.loads(shown.json) == result
    feature.results["t"] = {"result": {"role": "assistant", "content": {"type": "text", "text": "one block"}}}
    sampled = words.result_view(feature, "t")
    assert sampled.note == "Result:" and sampled.blocks == [{"type": "text", "text": "one block"}]


def test_the_words_go_through_the_callers_tr_in_the_panels_context() -> None:
    seen: list[tuple[str, str]] = []

    def tr(context: str, text: str) -> str:
        seen.append((context, text))
        return "»" + text

    assert words.count_text(2, 1, tr) == "»2 tasks, 1 running"
    heading, values = words.task_details({"taskId": "t", "status": "working", "ttl": 120_000}, tr)
    assert heading == "»Task working" and values["ttl"] == "120,000 ms» (2 min)"  # the minutes' words: the panel's
    assert {context for context, _ in seen} == {"TasksPanel"}
    assert set(words.CONTROLS.values()) <= {(a, b) for a in words.WORDS for b in [*words.WORDS, ""]}


def test_which_actions_are_possible() -> None:
    feature = TasksController()
    assert feature.possible(None, live=False) == frozenset()
    assert feature.possible(None, live=True) == {"list"}
    feature.tasks["t"] = {"taskId": "t", "status": "working"}
    assert feature.possible("t", live=True) == {"list", "get", "result"}  # cancel: the controller has no session
    assert feature.possible("t", live=False) == frozenset()
    feature.waiting_result.add("t")
    assert feature.possible("t", live=True) == {"list", "get"}  # tasks/result awaited already
    assert feature.possible("unknown", live=True) == {"list"}


def test_the_result_json_is_the_one_pretty_printer() -> None:
    from inspector.session.value_text import pretty_json

    feature = TasksController()
    result = {"content": [{"type": "text", "text": "é"}], "n": 2**70}  # beyond orjson's 64 bits
    feature.results["t"] = {"result": result}
    shown = words.result_view(feature, "t")
    assert shown.json == pretty_json(result) and '"n": 1180591620717411303424' in shown.json
    feature.results["t"] = {"error": {"code": 1, "message": "m", "data": 2**70}}
    assert words.result_view(feature, "t").json.endswith('"data": 1180591620717411303424\n}')
