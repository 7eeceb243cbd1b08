"""What a front-end says about the prompt list's changes and a prompt's arguments, as data.

Under the prompt list, a note says how the list learns that it changed (a
:class:`~.controllers.base.Changes`): not announced, by notification, listening on the shared
``subscriptions/listen`` stream, opening it, or not listening (and why). Over a prompt's
arguments, a hint says whether suggestions come from the server; each field's tooltip is the
argument's description, and says when the server offers no completions. The words are English
here and go through the caller's ``tr(context, text)`` (the window's
``QCoreApplication.translate``, context :data:`CONTEXT`, the Prompts panel's own;
``scripts/i18n.py`` reads the tables).
"""

from __future__ import annotations

from inspector.protocol.jsontypes import JsonObject

from .controllers.base import CHANGES_LISTENING, CHANGES_NOTIFIED, CHANGES_OPENING, CHANGES_UNDECLARED, Changes
from .controllers.prompts import PromptArgument
from .note_words import listen_note_text
from .translate import Translate, untranslated

CONTEXT = "PromptsPanel"

#: how the list learns of its changes (Changes.how) -> the note under it ({id}: the listen request's)
CHANGE_NOTES = {
    CHANGES_UNDECLARED: "The server does not announce list changes (no listChanged): use Refresh.",
    CHANGES_NOTIFIED: "Refreshes by itself on notifications/prompts/list_changed.",
    CHANGES_LISTENING: "Refreshes by itself: listening for prompt list changes (subscriptions/listen, id {id}).",
    CHANGES_OPENING: "Opening subscriptions/listen for prompt list changes…",
}
NOT_LISTENING = "Not listening for list changes."
NOT_LISTENING_BECAUSE = "Not listening for list changes. {note}"  # {note}: what happened to the stream

#: the hint over the arguments: none, suggestions from the server, none offered
NO_ARGUMENTS = "This prompt takes no arguments."
SUGGESTED = "* required. Suggestions come from the server (completion/complete) as you type."
TYPED = "* required. The server did not declare completions: type the values yourself."
NO_SUGGESTIONS = "The server did not declare completions, so no suggestions."  # in each field's tooltip

#: the panel's fixed words, by part (set on the panel's controls by CONTROLS)
LABELS = {
    "name": "Name",
    "identifier": "Identifier",
    "arguments": "Arguments",
    "get": "Get prompt",
    "get_tip": "Send prompts/get with the arguments filled in",
    "messages": "Messages",
}

#: which control of the panel (its attribute) says which LABELS: (its text, its tooltip; "" for
#: none), set by ``ui.form_rows.set_words``
CONTROLS = {
    "args_box": ("arguments", ""),
    "get_button": ("get", "get_tip"),
    "result_title": ("messages", ""),
}

#: what the panel says of its state: nothing selected, the list's count and rows, a field, a get
#: going out, missing, ended, failed or recorded ({name}: the prompt's, {n}: its messages)
STATE = {
    "nothing": "Nothing selected",
    "pick": "Pick a prompt to fill in its arguments and get its messages.",
    "one": "1 prompt",
    "many": "{n} prompts",
    "none": "none",
    "required": "required",
    "optional": "optional",
    "loading": "Loading prompts/list…",
    "getting": "Getting {name}…",
    "missing": "Fill in the required argument(s) first: {names}.",
    "got": "Got {name} at {time}: {n} message(s), {duration}.",
    "got_recorded": "Got {name} at entry {seq}: {n} message(s), {duration}.",
    "failed_empty": "Nothing to show: prompts/get failed.",
    "failed": "prompts/get {name} failed. {error}",
    "unanswered": "prompts/get {name} was sent at entry {seq}; not answered by this entry.",
}

#: every word above, for scripts/i18n.py
WORDS = [
    *CHANGE_NOTES.values(),
    NOT_LISTENING,
    NOT_LISTENING_BECAUSE,
    NO_ARGUMENTS,
    SUGGESTED,
    TYPED,
    NO_SUGGESTIONS,
    *LABELS.values(),
    *STATE.values(),
]


def state_text(key: str, tr: Translate = untranslated, **values: object) -> str:
    """One of the :data:`STATE` words with ``values`` in it."""
    return tr(CONTEXT, STATE[key]).format(**values)


def headers(tr: Translate = untranslated) -> list[str]:
    """The prompt list's columns: its title, its name, its arguments."""
    return [tr(CONTEXT, LABELS[part]) for part in ("name", "identifier", "arguments")]


def count_text(n: int, tr: Translate = untranslated) -> str:
    """How many prompts the list holds: "1 prompt", "5 prompts"."""
    return state_text("one", tr) if n == 1 else state_text("many", tr, n=n)


def row_cells(prompt: JsonObject, tr: Translate = untranslated) -> tuple[list[str], str]:
    """A prompt's row in the list: its title, its name, its arguments (required ones starred,
    "none" when it takes none), and its description (the row's tooltip)."""
    name = prompt.get("name")
    title = prompt.get("title") or name or ""
    args = prompt.get("arguments")
    args = [a for a in args if isinstance(a, dict)] if isinstance(args, list) else []
    if args:
        arg_text = ", ".join(str(a.get("name", "?")) + ("*" if a.get("required") else "") for a in args)
    else:
        arg_text = state_text("none", tr)
    desc = prompt.get("description")
    return [str(title), str(name or ""), arg_text], desc if isinstance(desc, str) else ""


def changes_note(changes: Changes, tr: Translate = untranslated) -> str:
    """The note under the prompt list: how it learns that it changed."""
    words = CHANGE_NOTES.get(changes.how)
    if words is not None:
        return tr(CONTEXT, words).format(id=changes.request_id)
    why = listen_note_text(changes.note, tr)
    return tr(CONTEXT, NOT_LISTENING_BECAUSE).format(note=why) if why else tr(CONTEXT, NOT_LISTENING)


def arguments_hint(arguments: list[PromptArgument], completes: bool, tr: Translate = untranslated) -> str:
    """The hint over a prompt's arguments (``completes``: the server declared completions)."""
    return tr(CONTEXT, NO_ARGUMENTS if not arguments else SUGGESTED if completes else TYPED)


def argument_tip(argument: PromptArgument, completes: bool, tr: Translate = untranslated) -> str:
    """A field's tooltip: the argument's description, and that no suggestions come when the
    server declared no completions ("" when there is nothing to say)."""
    if completes:
        return argument.description
    return (argument.description + "\n" if argument.description else "") + tr(CONTEXT, NO_SUGGESTIONS)
