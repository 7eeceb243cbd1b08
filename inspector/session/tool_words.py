"""What a front-end says about a tool and about a call that may not go out, as data.

The Tools panel shows a tool's hints as badges (the annotations it declares true, its task
support, whether it is excluded), a line of facts under its description, why it is excluded
(2026-07-28: its ``x-mcp-header`` annotations break a rule), the Run as task box (shown, fixed on
or off, with why) and why a Call did not go out (a :class:`~.controllers.tools.Refusal`). The
words are English here, in tables, and go through the caller's ``tr(context, text)`` (the
window's ``QCoreApplication.translate``, context :data:`CONTEXT`, the panel's own;
``scripts/i18n.py`` reads the tables). Counts said with plural forms stay with the panel.
"""

from __future__ import annotations

from dataclasses import dataclass

from inspector.protocol.jsontypes import JsonObject

from .controllers.base import CHANGE_RELOAD, CHANGE_UNDECLARED
from .controllers.tools import REFUSE_EXCLUDED, REFUSE_UNMIRRORABLE, Refusal, ToolFacts
from .operations import TaskSupport
from .translate import Translate, untranslated

CONTEXT = "ToolsPanel"

#: the annotations a tool may declare true -> (badge, theme colour), in the order they are shown
HINT_BADGES = {
    "readOnlyHint": ("read-only", "ok"),
    "destructiveHint": ("destructive", "error"),
    "idempotentHint": ("idempotent", "link"),
    "openWorldHint": ("open world", "event"),
}
#: ``execution.taskSupport`` -> its badge (theme colour "warn")
TASK_BADGES = {"optional": "task optional", "required": "task required"}
EXCLUDED_BADGE = "excluded"

#: ``execution.taskSupport`` -> the facts line's words (a value the spec does not define: OTHER_SUPPORT)
SUPPORT_FACTS = {
    "forbidden": "task support: forbidden",
    "optional": "task support: optional",
    "required": "task support: required",
}
OTHER_SUPPORT = "task support: {0}"
OUTPUT_SCHEMA = "declares an outputSchema"

#: why a tool is excluded, on its page ({0}: the rule it breaks) and in the list's tooltip
EXCLUDED = (
    "Excluded: a client must not use this tool, its x-mcp-header annotations break the 2026-07-28 rules ({0}). "
    "It cannot be called from here; the composer sends any message as written."
)
EXCLUDED_TIP = "Excluded: its x-mcp-header annotations are invalid ({0})."

#: why a Call did not go out, by the Refusal's code ({0}: its detail)
REFUSALS = {
    REFUSE_EXCLUDED: "Not called: this tool is excluded, its x-mcp-header annotations are invalid ({0}).",
    REFUSE_UNMIRRORABLE: "Not called: the integer for {0} is outside ±(2^53−1), which a header must not carry.",
}

#: the count over the list: its tools, the pages they came on, whether more can be loaded
COUNT = {"tool": "1 tool", "tools": "{0} tools", "page": "1 page", "pages": "{0} pages", "more": "more available"}

#: the note under the list when notifications/tools/list_changed came, by what the list did
LIST_CHANGED = {
    CHANGE_RELOAD: "The server said the tool list changed: reloaded.",
    CHANGE_UNDECLARED: (
        "The server sent tools/list_changed without declaring tools.listChanged; press Refresh to reload."
    ),
}

#: the Run as task box's tooltip, by what the tool's task support allows
TASK_TIPS = {
    "required": "This tool must run as a task (execution.taskSupport: required): a plain call is refused.",
    "unusable": (
        "The tool says it must run as a task, but the server did not declare task-augmented tools/call "
        "(capabilities.tasks.requests.tools.call): the spec allows neither way of calling it."
    ),
    "optional": (
        "Send tools/call with a task: the server answers with a task at once; the panel polls tasks/get and "
        "fetches tasks/result."
    ),
}

#: the panel's fixed words, by part (set on the panel's controls by CONTROLS)
LABELS = {
    "refresh": "Refresh",
    "filter": "Filter by name, title or description",
    "more": "Load more",
    "placeholder": "Select a tool to see its description and fill in its arguments.",
    "validate": "Check arguments against the schema before sending",
    "validate_tip": "Uncheck to send arguments that break the schema on purpose (to see how the server reacts).",
    "reset": "Reset",
    "reset_tip": "Back to the schema's defaults",
    "cancel": "Cancel",
    "call": "Call",
    "call_tip": "Call the tool (Ctrl+Enter)",
    "task": "Run as task",
    "ttl_default": "TTL: server's",
    "ttl_prefix": "TTL ",
    "ttl_suffix": " s",
    "ttl_tip": (
        "How long the server should keep the task and its result (the task's ttl); the server may choose another"
    ),
}

#: which control of the panel (its attribute) says which LABELS: (its text, its tooltip; "" for
#: none), set by ``ui.form_rows.set_words``; the validate box's accessible name and the TTL box's
#: words (none of these kinds) the panel sets itself from LABELS
CONTROLS = {
    "refresh_button": ("refresh", ""),
    "filter_edit": ("filter", ""),
    "load_more_button": ("more", ""),
    "placeholder": ("placeholder", ""),
    "validate_box": ("", "validate_tip"),
    "validate_label": ("validate", "validate_tip"),
    "reset_button": ("reset", "reset_tip"),
    "cancel_button": ("cancel", ""),
    "call_button": ("call", "call_tip"),
    "task_box": ("task", ""),
    "ttl_spin": ("", "ttl_tip"),
}

#: what the panel says of its state: a tool's tooltip in the list, its annotations, the count while
#: a load runs, a selected tool gone after a reload, arguments that are not an object, the schema
#: check's summary, and a recorded call (unanswered, or run as a task)
STATE = {
    "annotations": "annotations (untrusted hints): {0}",
    "loading": "loading…",
    "gone": "The tool {0} is no longer listed.",
    "not_object": "The arguments are not a JSON object: {0}",
    "top": "(arguments)",
    "fix_first": "Fix the arguments first ({0}), or uncheck the schema check to send them anyway.",
    "unanswered": "{0} · tools/call id {1} sent at entry {2}; not answered by this entry",
    "as_task": "run as task {0}: see the Tasks panel",
}

#: every table above, for scripts/i18n.py
WORDS = [
    *LABELS.values(),
    *STATE.values(),
    *(words for words, _ in HINT_BADGES.values()),
    *TASK_BADGES.values(),
    EXCLUDED_BADGE,
    *SUPPORT_FACTS.values(),
    OTHER_SUPPORT,
    OUTPUT_SCHEMA,
    EXCLUDED,
    EXCLUDED_TIP,
    *REFUSALS.values(),
    *LIST_CHANGED.values(),
    *COUNT.values(),
    *TASK_TIPS.values(),
]


def tool_badges(tool: JsonObject, tr: Translate = untranslated, excluded: bool = False) -> list[tuple[str, str]]:
    """``[(words, theme colour)]`` for the hints a tool declares true, then its task support;
    first "excluded" when it is (its x-mcp-header annotations are invalid)."""
    ann = tool.get("annotations")
    out = [(tr(CONTEXT, EXCLUDED_BADGE), "error")] if excluded else []
    out += [
        (tr(CONTEXT, words), role)
        for key, (words, role) in HINT_BADGES.items()
        if isinstance(ann, dict) and ann.get(key) is True
    ]
    execution = tool.get("execution")
    support = execution.get("taskSupport") if isinstance(execution, dict) else None
    if isinstance(support, str) and support in TASK_BADGES:
        out.append((tr(CONTEXT, TASK_BADGES[support]), "warn"))
    return out


def fact_words(facts: ToolFacts, tr: Translate = untranslated) -> list[str]:
    """The facts line's words after the argument counts: the schema dialect, an output schema,
    the task support (a value the spec does not define shown as sent)."""
    out = [facts.dialect] if facts.dialect is not None else []
    if facts.output_schema:
        out.append(tr(CONTEXT, OUTPUT_SCHEMA))
    support = facts.task_support
    if support in SUPPORT_FACTS:
        out.append(tr(CONTEXT, SUPPORT_FACTS[support]))
    elif support is not None:
        out.append(tr(CONTEXT, OTHER_SUPPORT).format(support))
    return out


def refusal_text(refusal: Refusal, tr: Translate = untranslated) -> str:
    """Why a Call did not go out, in words."""
    detail = refusal.detail if isinstance(refusal.detail, str) else ", ".join(refusal.detail)
    return tr(CONTEXT, REFUSALS[refusal.code]).format(detail)


def count_text(tools: int, pages: int, more: bool, tr: Translate = untranslated) -> str:
    """The count over the list: "3 tools · 1 page · more available"."""
    text = tr(CONTEXT, COUNT["tool"]) if tools == 1 else tr(CONTEXT, COUNT["tools"]).format(tools)
    if pages:
        text += " · " + (tr(CONTEXT, COUNT["page"]) if pages == 1 else tr(CONTEXT, COUNT["pages"]).format(pages))
    return text + (" · " + tr(CONTEXT, COUNT["more"]) if more else "")


def list_tip(tool: JsonObject, excluded: str | None, tr: Translate = untranslated) -> str:
    """A tool's tooltip in the list: its name, its description, why it is excluded."""
    name = str(tool.get("name", ""))
    desc = tool.get("description")
    tip = f"{name}\n\n{desc}" if isinstance(desc, str) and desc else name
    return tip + ("\n\n" + tr(CONTEXT, EXCLUDED_TIP).format(excluded) if excluded else "")


def annotations_tip(hints: str | None, tr: Translate = untranslated) -> str | None:
    """The name's tooltip: the annotations as declared (:func:`.controllers.tools.annotations_text`)."""
    return tr(CONTEXT, STATE["annotations"]).format(hints) if hints is not None else None


def fix_first(errors: dict[str, str], tr: Translate = untranslated) -> str:
    """The schema check's summary under the Call button: the first four problems by field
    ("" when there are none)."""
    if not errors:
        return ""
    top = tr(CONTEXT, STATE["top"])
    where = "; ".join(f"{path or top}: {message}" for path, message in list(errors.items())[:4])
    return tr(CONTEXT, STATE["fix_first"]).format(where)


def list_changed_note(how: str, tr: Translate = untranslated) -> str:
    """The note under the list after a list_changed notification (``how``: ``CHANGE_RELOAD`` or
    ``CHANGE_UNDECLARED``, what the controller did)."""
    return tr(CONTEXT, LIST_CHANGED[how])


@dataclass(frozen=True, slots=True)
class TaskBox:
    """The Run as task box for a tool: shown or not, fixed on or off (``checked``; None: as the
    user left it), enabled, and why (its tooltip)."""

    shown: bool
    checked: bool | None = False
    enabled: bool = True
    tip: str = ""


def task_box(support: TaskSupport | None, tr: Translate = untranslated) -> TaskBox:
    """Run as task: shown when the tool may run as one, fixed on when it must, fixed off (and
    said why) when it must but the server cannot."""
    if support is None or not (support.allowed or support.unusable):
        return TaskBox(False)
    if support.required:
        return TaskBox(True, True, False, tr(CONTEXT, TASK_TIPS["required"]))
    if support.unusable:
        return TaskBox(True, False, False, tr(CONTEXT, TASK_TIPS["unusable"]))
    return TaskBox(True, None, True, tr(CONTEXT, TASK_TIPS["optional"]))
