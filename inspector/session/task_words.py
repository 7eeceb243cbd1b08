"""What the Tasks panel says, as data: its controls' words, a task's row and details, the count
of tasks, and what the result area says of the selected task's tasks/result.

The words are English here and go through the caller's ``tr(context, text)`` (the window's
``QCoreApplication.translate``, context :data:`CONTEXT`, the Tasks panel's own; ``scripts/i18n.py``
reads the tables). What the server sent (an id, a status, a message) is shown as it came.

* :data:`CONTROLS` names each control of the panel with the keys of its text and tooltip in
  :data:`WORDS`; :data:`HEADERS` the list's columns, :data:`TABS` the result's tabs and
  :data:`FIELDS` the detail form's rows (a Task's member -> its label).
* :func:`task_row` is what a task's row shows; :func:`task_details` what the form shows of it;
  :func:`count_text` the line over the list; :func:`result_view` what the result area shows.
"""

from __future__ import annotations

from dataclasses import dataclass

from inspector.protocol.jsontypes import JsonObject, JsonValue

from .controllers.tasks import TasksController
from .operations import TERMINAL_STATUSES
from .translate import Translate, untranslated
from .value_text import format_milliseconds, format_timestamp, pretty_json

__all__ = [
    "CONTEXT",
    "CONTROLS",
    "FIELDS",
    "HEADERS",
    "STATUS_TONES",
    "TABS",
    "WORDS",
    "ResultView",
    "TaskRow",
    "count_text",
    "result_view",
    "task_details",
    "task_row",
]

CONTEXT = "TasksPanel"

#: task status -> the theme colour it is drawn in
STATUS_TONES = {"working": "link", "input_required": "warn", "completed": "ok", "failed": "error", "cancelled": "muted"}

WORDS = {
    # the controls (CONTROLS), the list's columns (HEADERS), the result's tabs (TABS)
    "refresh": "Refresh",
    "refresh_tip": "tasks/list from the first page",
    "more": "Load more",
    "more_tip": "tasks/list with the nextCursor of the last page",
    "empty": 'No tasks yet. A task starts when a request asks for one (a tools/call with a "task" field).',
    "get": "Get status",
    "get_tip": "tasks/get",
    "result": "Get result",
    "result_tip": "tasks/result: the server answers when the task has finished (it waits until then)",
    "cancel": "Cancel task",
    "cancel_tip": "tasks/cancel",
    "poll": "Poll while running",
    "poll_tip": "Send tasks/get at the task's pollInterval until it finishes (status notifications are optional)",
    "content_tab": "Content",
    "json_tab": "JSON",
    "task": "Task",
    "status": "Status",
    "status_message": "Status message",
    "updated": "Updated",
    # the detail form's labels (FIELDS)
    "task_id": "Task id",
    "created": "Created",
    "last_updated": "Last updated",
    "ttl": "TTL",
    "poll_interval": "Poll interval",
    # what the panel says of the tasks
    "no_tasks": "No tasks",
    "one_task": "1 task, {running} running",
    "n_tasks": "{n} tasks, {running} running",
    "select": "Select a task",
    "heading": "Task {status}",
    "unlimited": "unlimited",
    "not_suggested": "not suggested",
    # the result area
    "waiting": "Waiting for tasks/result: the server answers when the task has finished.",
    "after_get": "The result appears here after Get result.",
    "error": "tasks/result answered with JSON-RPC error {code}: {message}",
    "tool_error": "Result (the tool reported an error):",
    "result_head": "Result:",
}

CONTROLS: dict[str, tuple[str, str]] = {
    "refresh_button": ("refresh", "refresh_tip"),
    "more_button": ("more", "more_tip"),
    "empty_label": ("empty", ""),
    "get_button": ("get", "get_tip"),
    "result_button": ("result", "result_tip"),
    "cancel_button": ("cancel", "cancel_tip"),
    "poll": ("poll", "poll_tip"),
}
HEADERS = ("task", "status", "status_message", "updated")
TABS = (("content_tab", ""), ("json_tab", ""))
#: the detail form's rows, in order: a Task's member -> the key of its label
FIELDS = {
    "taskId": "task_id",
    "status": "status",
    "statusMessage": "status_message",
    "createdAt": "created",
    "lastUpdatedAt": "last_updated",
    "ttl": "ttl",
    "pollInterval": "poll_interval",
}
NOTHING = "—"  # a detail with no value
_ID_CHARS = 8  # characters of a task id shown in its row (the tooltip has all)


@dataclass(frozen=True)
class TaskRow:
    """What a task's row shows: the cells (id, status, message, updated), their tooltips, and
    whether the task still runs (its status in bold)."""

    cells: tuple[str, str, str, str]
    tips: tuple[str, str, str, str]
    status: str
    running: bool


def task_row(task: JsonObject) -> TaskRow:
    """A task's row: its id cut to a few characters, its status, its message on one line, when it
    was last updated."""
    task_id = str(task.get("taskId", ""))
    status = str(task.get("status", "?"))
    message = task.get("statusMessage")
    updated = task.get("lastUpdatedAt", task.get("createdAt"))
    shown_id = task_id[:_ID_CHARS] + ("…" if len(task_id) > _ID_CHARS else "")
    cells = (
        shown_id,
        status,
        "" if message is None else str(message).replace("\n", " "),
        format_timestamp(updated) if updated is not None else "",
    )
    tips = (task_id, "", "" if message is None else str(message), str(updated or ""))
    return TaskRow(cells, tips, status, status not in TERMINAL_STATUSES)


def count_text(n: int, running: int, tr: Translate = untranslated) -> str:
    """The line over the list: how many tasks, how many of them running."""
    if not n:
        return tr(CONTEXT, WORDS["no_tasks"])
    if n == 1:
        return tr(CONTEXT, WORDS["one_task"]).format(running=running)
    return tr(CONTEXT, WORDS["n_tasks"]).format(n=n, running=running)


def _when(value: JsonValue) -> str:
    return f"{format_timestamp(value)}   ({value})" if isinstance(value, str) else NOTHING


def task_details(task: JsonObject | None, tr: Translate = untranslated) -> tuple[str, dict[str, str]]:
    """The heading over the form and each row's value (by the Task's member), for ``task``
    (None: nothing selected, every value a dash)."""
    if task is None:
        return tr(CONTEXT, WORDS["select"]), dict.fromkeys(FIELDS, NOTHING)
    status = str(task.get("status", "?"))
    message = task.get("statusMessage")
    unlimited = tr(CONTEXT, WORDS["unlimited"])
    values = {
        "taskId": str(task.get("taskId", "")),
        "status": status,
        "statusMessage": str(message) if message is not None else NOTHING,
        "createdAt": _when(task.get("createdAt")),
        "lastUpdatedAt": _when(task.get("lastUpdatedAt")),
        "ttl": format_milliseconds(task.get("ttl"), unlimited, tr) if "ttl" in task else NOTHING,
        "pollInterval": (
            format_milliseconds(task.get("pollInterval"), NOTHING, tr)
            if "pollInterval" in task
            else tr(CONTEXT, WORDS["not_suggested"])
        ),
    }
    return tr(CONTEXT, WORDS["heading"]).format(status=status), values


@dataclass(frozen=True)
class ResultView:
    """What the result area shows: the note over it, the content blocks (with the structured
    content) when there is a result, and the JSON tab's text."""

    note: str = ""
    blocks: list[JsonValue] | None = None  # None: no content tab to fill
    structured: JsonValue = None
    json: str = ""


def result_view(feature: TasksController, task_id: str | None, tr: Translate = untranslated) -> ResultView:
    """The selected task's result as ``feature`` holds it: waited for, not asked yet, a JSON-RPC
    error, or the result (a sampling result's content is one block, not a list)."""
    if task_id is None:
        return ResultView()
    got = feature.results.get(task_id)
    if task_id in feature.waiting_result:
        return ResultView(tr(CONTEXT, WORDS["waiting"]))
    if got is None:
        return ResultView(tr(CONTEXT, WORDS["after_get"]))
    if "error" in got:
        error = got["error"]
        err = error if isinstance(error, dict) else {}
        note = tr(CONTEXT, WORDS["error"]).format(code=err.get("code"), message=err.get("message"))
        return ResultView(note, json=pretty_json(error))
    result = got.get("result")
    is_error = isinstance(result, dict) and result.get("isError") is True
    note = tr(CONTEXT, WORDS["tool_error"] if is_error else WORDS["result_head"])
    if not isinstance(result, dict):
        return ResultView(note, json=pretty_json(result))
    content = result.get("content")
    blocks = content if isinstance(content, list) else [content] if content is not None else []
    return ResultView(note, blocks, result.get("structuredContent"), pretty_json(result))
