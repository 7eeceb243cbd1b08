"""What the Resources panel says, as data: its controls' words, a list's count and its note on
list changes, a resource's facts, the template form's hint and fields, the Subscribe/Listen
button and the live-updates line, and what a read, a subscription or an update says.

The words are English here and go through the caller's ``tr(context, text)`` (the window's
``QCoreApplication.translate``, context :data:`CONTEXT`, the Resources panel's own;
``scripts/i18n.py`` reads the tables). What the server sent (a uri, a name, an id) is shown as it
came.

* :data:`CONTROLS` names each control of the panel with the keys of its text and tooltip in
  :data:`WORDS`; :data:`RESOURCE_HEADERS`, :data:`TEMPLATE_HEADERS` and :data:`UPDATE_HEADERS`
  the lists' columns.
* :func:`subscribe_control` decides the Subscribe/Listen button (its words, whether it acts, why
  not) and :func:`live_line` the line over the updates (and whether Stop is offered), from the
  era, what the server declared, the session and the controller's state.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from inspector.protocol.jsontypes import JsonObject, JsonValue

from .content_blocks import annotations_text
from .controllers.base import CHANGES_LISTENING, CHANGES_NOT_LISTENING, CHANGES_OPENING, FAIL_ERROR, Changes
from .controllers.resources import READ_NO_CONTENTS, Listening, ReadOutcome, ResourcesController, ResourceUpdate
from .entry_text import format_size
from .note_words import listen_note_text
from .request_words import error_text, failure_text
from .translate import Translate, untranslated

__all__ = [
    "CONTEXT",
    "CONTROLS",
    "RESOURCE_HEADERS",
    "TEMPLATE_HEADERS",
    "UPDATE_HEADERS",
    "WORDS",
    "EntryReading",
    "LiveLine",
    "SubscribeControl",
    "count_text",
    "entry_reading",
    "facts_text",
    "list_changes_note",
    "read_trouble",
    "live_controls",
    "live_line",
    "subscribe_control",
    "tab_title",
    "template_field",
    "template_hint",
    "update_cells",
    "via_text",
    "words",
]

CONTEXT = "ResourcesPanel"

WORDS = {
    # the controls (CONTROLS) and the lists' columns
    "resources": "Resources",
    "templates": "Templates",
    "name": "Name",
    "uri": "URI",
    "uri_template": "URI template",
    "mime": "MIME type",
    "time": "Time",
    "via": "Via",
    "template_box": "Template arguments",
    "expanded": "Expanded URI",
    "read": "Read",
    "updates": "Updates",
    "stop": "Stop listening",
    "stop_tip": "Cancel the subscriptions/listen request (sends notifications/cancelled)",
    "clear": "Clear",
    "auto_reread": "Re-read the shown resource when it changes",
    # the lists
    "one_resource": "1 resource",
    "n_resources": "{n} resources",
    "one_template": "1 template",
    "n_templates": "{n} templates",
    "loading": "Loading {method}…",
    "on_stream": "on a subscriptions/listen stream",
    "on_notification": "notifications/resources/list_changed",
    "refreshes": "The lists refresh by themselves when the server announces a change ({how}).",
    "undeclared": "The server does not announce list changes (no listChanged): use Refresh.",
    # what is selected
    "nothing": "Nothing selected",
    "pick": "Pick a resource to read it, or a template to fill in its arguments.",
    "declared_size": "declared size {size}",
    "press_read": "Press Read (or double-click the row) to read this resource.",
    "fill_in": "Fill in the arguments, then press Read.",
    "placeholder": "Select a resource and press Read.",
    # the template form
    "value_of": "value of {{{name}}}",
    "no_suggestions": "The server did not declare completions, so no suggestions.",
    "no_variables": "This template has no variables.",
    "suggested": "Suggestions come from the server (completion/complete) as you type.",
    "typed": "The server did not declare completions: type the values yourself.",
    "fill_first": "Fill in {names} first.",
    # reads
    "reading": "Reading {uri}…",
    "decoding": "Decoding {uri}…",
    "read_at": "Read {uri} at {time} ({n} content(s), {duration}).",
    "read_at_entry": "Read {uri} at entry {seq} ({n} content(s), {duration}).",
    "unanswered": "resources/read {uri} was sent at entry {seq}; not answered by this entry.",
    "no_contents": "The server returned no contents.",
    "no_array": "The answer has no contents array.",
    "read_failed": "Nothing to show: the read failed.",
    "read_error": "resources/read {uri} failed. {error}",
    "saving": "Saving…",
    "not_saved": "Could not save {path}: {error}",
    "saved": "Saved {n} to {path}.",
    # subscriptions (legacy) and listening (modern)
    "subscribing": "Subscribing to {uri}…",
    "unsubscribing": "Unsubscribing from {uri}…",
    "resources/subscribe": "resources/subscribe {uri} failed. {error}",
    "resources/unsubscribe": "resources/unsubscribe {uri} failed. {error}",
    "via_subscription": "subscription {id}",
    "via_subscribe": "resources/subscribe",
    "stop_resource": "Stop listening to this resource",
    "listen": "Listen for updates",
    "listen_why": "Opens a subscriptions/listen stream whose resourceSubscriptions filter lists this resource.",
    "unsubscribe": "Unsubscribe",
    "subscribe": "Subscribe",
    "unsubscribe_why": "Sends resources/unsubscribe.",
    "subscribe_why": "Sends resources/subscribe: the server then sends notifications/resources/updated.",
    "not_declared": "The server did not declare resources.subscribe, so it sends no update notifications.",
    "recording": "A recording: subscriptions are shown as they were sent, not made again.",
    "no_session": "No session: connect to a server first.",
    "select": "Select a resource (or fill in a template) to follow its updates.",
    "opening": "Opening subscriptions/listen for {uris}… (waiting for the acknowledgement)",
    "listening": "Listening (subscription {id}) for updates to {uris}.",
    "nothing_honored": "nothing",
    "not_listening_because": "Not listening. {note}",
    "not_listening": "Not listening. Select a resource and press Listen for updates.",
    "changes_listening": "List changes: listening (subscription {id}).",
    "changes_opening": "List changes: opening subscriptions/listen…",
    "changes_not_listening": "List changes: not listening. {note}",
    "subscribed": "Subscribed to {uris}.",
    "not_subscribed": "Not subscribed to any resource.",
    "unavailable": "Updates are not available: the server did not declare resources.subscribe.",
}

CONTROLS: dict[str, tuple[str, str]] = {
    "template_box": ("template_box", ""),
    "expanded_label": ("expanded", ""),
    "read_button": ("read", ""),
    "updates_box": ("updates", ""),
    "stop_button": ("stop", "stop_tip"),
    "clear_updates_button": ("clear", ""),
    "auto_reread": ("auto_reread", ""),
}
RESOURCE_HEADERS = ("name", "uri", "mime")
TEMPLATE_HEADERS = ("name", "uri_template", "mime")
UPDATE_HEADERS = ("time", "uri", "via")


def words(key: str, tr: Translate = untranslated, /, **values: object) -> str:
    """The words under ``key`` in the caller's language, filled in with ``values``."""
    text = tr(CONTEXT, WORDS[key])
    return text.format(**values) if values else text


def count_text(templates: bool, n: int, tr: Translate = untranslated) -> str:
    """How many resources (or ``templates``) a list holds."""
    if n == 1:
        return words("one_template" if templates else "one_resource", tr)
    return words("n_templates" if templates else "n_resources", tr, n=n)


def tab_title(name: str, loaded: bool, n: int, more: bool) -> str:
    """A list's tab: its ``name``, with the count of what is ``loaded`` ("+" when ``more`` pages wait)."""
    return f"{name} ({n}{'+' if more else ''})" if loaded else name


@dataclass(frozen=True)
class EntryReading:
    """What a listed resource or template shows: its name (its title, else its name), where it
    is (its uri, or its URI template), its MIME type and its description ("" for each it lacks)."""

    name: str
    where: str
    mime: str
    description: str


def entry_reading(entry: JsonObject, template: bool) -> EntryReading:
    """A ``resources/list`` entry (or, ``template``, a ``resources/templates/list`` one) as shown."""
    where = entry.get("uriTemplate" if template else "uri")
    mime, description = entry.get("mimeType"), entry.get("description")
    return EntryReading(
        str(entry.get("title") or entry.get("name") or ""),
        str(where or ""),
        mime if isinstance(mime, str) else "",
        description if isinstance(description, str) else "",
    )


def list_changes_note(announces: bool, modern: bool, tr: Translate = untranslated) -> str:
    """The note under both lists: how they learn that they changed."""
    if not announces:
        return words("undeclared", tr)
    return words("refreshes", tr, how=words("on_stream" if modern else "on_notification", tr))


def facts_text(entry: JsonObject, tr: Translate = untranslated) -> str:
    """A resource's (or a template's) facts: its MIME type, declared size and annotations."""
    facts = []
    mime = entry.get("mimeType")
    if isinstance(mime, str):
        facts.append(mime)
    size = entry.get("size")
    if isinstance(size, int) and not isinstance(size, bool):
        facts.append(words("declared_size", tr, size=format_size(size)))
    ann = annotations_text(entry, tr)  # the words every content card uses
    if ann:
        facts.append(ann)
    return " · ".join(facts)


def template_field(name: str, completes: bool, tr: Translate = untranslated) -> tuple[str, str]:
    """A template variable's field: its placeholder and its tooltip (``completes``: the server
    declared completions)."""
    return words("value_of", tr, name=name), "" if completes else words("no_suggestions", tr)


def template_hint(has_variables: bool, completes: bool, tr: Translate = untranslated) -> str:
    """The hint under the template form."""
    return words("suggested" if completes else "typed", tr) if has_variables else words("no_variables", tr)


def via_text(subscription: JsonValue, tr: Translate = untranslated) -> str:
    """How an update came: a subscription of the listen stream, or resources/subscribe."""
    if subscription is None:
        return words("via_subscribe", tr)
    return words("via_subscription", tr, id=subscription)


def update_cells(update: ResourceUpdate, tr: Translate = untranslated) -> list[str]:
    """An update's row: when it came (local time, to the millisecond), its uri, how it came."""
    at = update.at
    stamp = time.strftime("%H:%M:%S", time.localtime(at)) + f".{int(at * 1000) % 1000:03d}"
    return [stamp, update.uri, via_text(update.subscription, tr)]


def read_trouble(outcome: ReadOutcome, tr: Translate = untranslated) -> tuple[str | None, str]:
    """What is said of a read that brought no contents to show: the words the contents on
    screen give way to (None: they stay, as after a timeout or a lost link) and the error line
    ("": none). An error answer empties them; an answer without a contents array says so."""
    failure = outcome.failure
    if failure is not None and failure.code == FAIL_ERROR:
        error = error_text(failure.error, tr)
        return words("read_failed", tr), words("read_error", tr, uri=outcome.uri, error=error)
    if failure is not None:
        return None, failure_text(failure, tr)
    return (words("no_array", tr) if outcome.problem == READ_NO_CONTENTS else None), ""


@dataclass(frozen=True)
class SubscribeControl:
    """The Subscribe/Listen button: its words, whether it acts, and why (its tooltip; the note
    beside it says it when the button cannot act)."""

    text: str
    why: str
    enabled: bool
    note: str


def subscribe_control(
    *,
    modern: bool,
    following: bool,
    declared: bool | None,
    live: bool,
    recorded: bool,
    uri: str | None,
    tr: Translate = untranslated,
) -> SubscribeControl:
    """The button for ``uri`` (None: nothing to follow is selected): ``following`` it already,
    the server having ``declared`` resources.subscribe (None: nothing known), a ``live`` session
    or a ``recorded`` one."""
    if modern:
        text = words("stop_resource" if following else "listen", tr)
        why = words("listen_why", tr)
    else:
        text = words("unsubscribe" if following else "subscribe", tr)
        why = words("unsubscribe_why" if following else "subscribe_why", tr)
    if declared is False:
        why = words("not_declared", tr)
    elif not live:
        why = words("recording" if recorded else "no_session", tr)
    elif uri is None:
        why = words("select", tr)
    can = live and bool(declared)
    return SubscribeControl(text, why, bool(can and uri), "" if can else why)


@dataclass(frozen=True)
class LiveLine:
    """The line over the updates, and the Stop button (modern era only: shown, and enabled while
    the stream asks for resource updates)."""

    text: str
    stop_shown: bool
    stop_enabled: bool


def live_line(
    *,
    modern: bool,
    now: Listening,
    watching: bool,
    changes: Changes,
    subscribed: set[str],
    declared: bool | None,
    tr: Translate = untranslated,
) -> LiveLine:
    """What the updates come by. Modern: the shared stream (``now``), whether the user chose
    resources to listen to (``watching``), how the lists learn of changes; legacy: the uris
    ``subscribed`` to. ``declared``: the server's resources.subscribe (None: nothing known)."""
    if modern:
        note = listen_note_text(now.note, tr)
        if now.asked and now.state == "opening":
            text = words("opening", tr, uris=", ".join(now.asked))
        elif now.asked and now.state == "listening":
            uris = ", ".join(now.honored) or words("nothing_honored", tr)
            text = words("listening", tr, id=now.request_id, uris=uris)
            if note:
                text += " " + note
        elif note and not watching:
            text = words("not_listening_because", tr, note=note)
        else:
            text = words("not_listening", tr)
        if changes.how == CHANGES_LISTENING:
            text += "\n" + words("changes_listening", tr, id=changes.request_id)
        elif changes.how == CHANGES_OPENING:
            text += "\n" + words("changes_opening", tr)
        elif changes.how == CHANGES_NOT_LISTENING and note:
            text += "\n" + words("changes_not_listening", tr, note=note)
        line = LiveLine(text, True, bool(now.asked))
    elif subscribed:
        line = LiveLine(words("subscribed", tr, uris=", ".join(sorted(subscribed))), False, False)
    else:
        line = LiveLine(words("not_subscribed", tr), False, False)
    if declared is False:
        return LiveLine(words("unavailable", tr), line.stop_shown, line.stop_enabled)
    return line


def live_controls(
    feature: ResourcesController,
    *,
    modern: bool,
    declared: bool | None,
    live: bool,
    recorded: bool,
    uri: str | None,
    tr: Translate = untranslated,
) -> tuple[SubscribeControl, LiveLine]:
    """The Subscribe/Listen button for ``uri`` and the live-updates line, from what ``feature``
    follows, listens to and is subscribed to (see :func:`subscribe_control`, :func:`live_line`)."""
    button = subscribe_control(
        modern=modern, following=feature.following(uri), declared=declared, live=live, recorded=recorded, uri=uri, tr=tr
    )
    line = live_line(
        modern=modern,
        now=feature.listening(),
        watching=bool(feature.watched),
        changes=feature.resources.changes(),
        subscribed=feature.subscribed,
        declared=declared,
        tr=tr,
    )
    return button, line
