"""The banner over a tool call's answer, as data: which one, its words and its tone.

A call that did not end in a plain result gets a banner over what came (the Tools panel's
result pane): cancelled (a task cancelled with ``tasks/cancel``, cancelled before the server
created the task, the answer stream closed, ``notifications/cancelled`` sent), a task-augmented
call answered without a task, a JSON-RPC error, a server that still asks for input after every
round, a tool error (``isError: true``). :func:`cancelled_banner` says which cancellation it was;
:func:`banner_words` gives a banner's title and detail. The words are English here and go through
the caller's ``tr(context, text)`` (the window's ``QCoreApplication.translate``, context
:data:`CONTEXT`, the pane's own; ``scripts/i18n.py`` reads the table).
"""

from __future__ import annotations

from inspector.protocol.jsontypes import JsonObject

from .controllers.tools import INPUT_REQUIRED, PROTOCOL_ERROR, TOOL_ERROR
from .entry_text import format_duration
from .operations import TASK_GET_FAILED, TaskRun
from .outcomes import Reply
from .translate import Translate, untranslated

CONTEXT = "ToolResultPane"

# Banners besides the call's outcomes (PROTOCOL_ERROR, INPUT_REQUIRED, TOOL_ERROR).
CANCELLED = "cancelled"  # notifications/cancelled was sent
CANCELLED_STREAM = "cancelled-stream"  # the answer stream was closed (2026-07-28 over Streamable HTTP)
CANCELLED_TASK = "cancelled-task"  # tasks/cancel was sent ({0}: the task's status now)
CANCELLED_BEFORE_TASK = "cancelled-before-task"  # cancelled before the server created the task
NO_TASK = "no-task"  # a task-augmented call answered at once with a plain result

#: banner -> (title, detail, theme colour); {0}, {1}: the values given to banner_words
BANNERS = {
    CANCELLED: ("Cancelled", "notifications/cancelled was sent; the server should stop and not answer.", "muted"),
    CANCELLED_STREAM: (
        "Cancelled",
        "the answer stream was closed, which cancels the request; the server should stop.",
        "muted",
    ),
    CANCELLED_TASK: ("Cancelled", "tasks/cancel was sent; the task is now {0}.", "muted"),
    CANCELLED_BEFORE_TASK: (
        "Cancelled",
        "notifications/cancelled was sent before the server created a task.",
        "muted",
    ),
    NO_TASK: (
        "No task was created",
        "The server answered the task-augmented call at once with a plain result instead of a CreateTaskResult.",
        "warn",
    ),
    PROTOCOL_ERROR: (
        "Protocol error {0}: {1}",
        "A JSON-RPC error: the request itself was refused (not a tool error).",
        "error",
    ),
    INPUT_REQUIRED: ("The server still asks for input", "No answer after {0} rounds of input requests.", "warn"),
    TOOL_ERROR: (
        "The tool reported an error",
        "isError: true: the call worked, the tool failed; its content follows.",
        "error",
    ),
}

#: the status line's facts about an answer and the task it came from ({0}, {1}: their values);
#: the counts (rounds, polls) are said by the pane with plural forms
FACTS = {
    "call_id": "tools/call id {0}",
    "answered": "answered in {0}",
    "task": "task {0}",
    "ended": "ended {0}",
    "finished": "finished in {0}",
    "task_get_failed": "tasks/get failed ({0} {1}); the result was fetched anyway",
}

#: the progress row's words while a call runs ({0}: the tool's name, or the progress as shown)
PROGRESS = {
    "calling": "Calling {0}…",
    "calling_task": "Calling {0} as a task…",
    "cancelling": "Cancelling…",
    "progress": "progress {0}",
    "task": "Task {id}: {status}",
}

#: every title and detail, fact and progress word, for scripts/i18n.py
WORDS = sorted(
    {words for title, detail, _ in BANNERS.values() for words in (title, detail)}
    | set(FACTS.values())
    | set(PROGRESS.values())
)


def progress_text(key: str, value: object = None, tr: Translate = untranslated) -> str:
    """One of the progress row's :data:`PROGRESS` words, with ``value`` in it."""
    return tr(CONTEXT, PROGRESS[key]).format(value)


def task_state_text(task: JsonObject, tr: Translate = untranslated) -> str:
    """The progress row while the call runs as a task: the start of its id, its status, and its
    status message on one line."""
    message = task.get("statusMessage")
    tail = " · " + message.replace("\n", " ") if isinstance(message, str) and message else ""
    words = tr(CONTEXT, PROGRESS["task"]).format(id=str(task.get("taskId", ""))[:8], status=task.get("status", "?"))
    return words + tail


def reply_facts(name: str, reply: Reply, rounds: str | None = None, tr: Translate = untranslated) -> str:
    """The status line under an answer: the tool, the request's id, how long the whole call
    took, then ``rounds`` (the input rounds it took, worded by the caller) when given."""
    total = reply.total if reply.total is not None else reply.latency
    out = [
        name,
        tr(CONTEXT, FACTS["call_id"]).format(reply.id),
        tr(CONTEXT, FACTS["answered"]).format(format_duration(total)),
    ]
    return " · ".join(out + ([rounds] if rounds else []))


def task_facts(name: str, run: TaskRun, polls: str, tr: Translate = untranslated) -> str:
    """The status line under a task's result: the tool, the task, how it ended, ``polls`` (how
    often it was polled, worded by the caller), how long it took, and a tasks/get that failed."""
    out = [
        name,
        tr(CONTEXT, FACTS["task"]).format(run.task_id),
        tr(CONTEXT, FACTS["ended"]).format(run.status or "?"),
        polls,
        tr(CONTEXT, FACTS["finished"]).format(format_duration(run.elapsed or 0.0)),
    ]
    if run.problem == TASK_GET_FAILED:
        err = run.problem_detail if isinstance(run.problem_detail, dict) else {}
        out.append(tr(CONTEXT, FACTS["task_get_failed"]).format(err.get("code"), err.get("message")))
    return " · ".join(out)


def cancelled_banner(run: TaskRun | None, closes_stream: bool) -> tuple[str, tuple[object, ...]]:
    """Which cancellation a cancelled call was, and the values its words name: the task's, when
    it ran as one (``run``), else how the request was cancelled (``closes_stream``: by closing
    the answer stream)."""
    if run is not None and run.cancel_sent:
        return CANCELLED_TASK, (run.status or "?",)
    if run is not None:
        return CANCELLED_BEFORE_TASK, ()
    return (CANCELLED_STREAM if closes_stream else CANCELLED), ()


def banner_words(key: str, values: tuple[object, ...] = (), tr: Translate = untranslated) -> tuple[str, str]:
    """A banner's title and detail, with ``values`` in them."""
    title, detail, _ = BANNERS[key]
    return tr(CONTEXT, title).format(*values), tr(CONTEXT, detail).format(*values)


def banner_tone(key: str) -> str:
    """The theme colour of a banner."""
    return BANNERS[key][2]
