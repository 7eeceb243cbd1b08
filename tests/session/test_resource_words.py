"""What the Resources panel says (session/resource_words.py): the Subscribe/Listen button, the
live-updates line, a list's count and note, a resource's facts and the template form, in English
and through a caller's tr."""

from __future__ import annotations

import time
from functools import partial

from inspector.session import resource_words as words
from inspector.session.controllers.base import (
    CHANGES_LISTENING,
    CHANGES_NOT_LISTENING,
    CHANGES_NOTIFIED,
    CHANGES_OPENING,
    FAIL_SESSION,
    Changes,
    Failure,
)
from inspector.session.controllers.resources import (
    Listening,
    ReadOutcome,
    ResourcesController,
    ResourceUpdate,
    read_outcome,
)
from inspector.session.operations import LISTEN_ENDED, ListenNote
from inspector.session.outcomes import Reply

URI = "file:///a.txt"


#: the button for URI, legacy era, subscribe declared, live (each test changes what it looks at)
button = partial(
    words.subscribe_control, modern=False, following=False, declared=True, live=True, recorded=False, uri=URI
)


def test_the_subscribe_button_by_era_and_state() -> None:
    legacy = button()
    assert (legacy.text, legacy.enabled, legacy.note) == ("Subscribe", True, "")
    assert legacy.why.startswith("Sends resources/subscribe:")
    assert button(following=True).text == "Unsubscribe" and button(following=True).why == "Sends resources/unsubscribe."
    modern = button(modern=True)
    assert modern.text == "Listen for updates" and "resourceSubscriptions filter" in modern.why and modern.enabled
    assert button(modern=True, following=True).text == "Stop listening to this resource"


def test_why_the_button_cannot_act() -> None:
    undeclared = button(declared=False)
    assert not undeclared.enabled and undeclared.note == undeclared.why
    assert undeclared.why.startswith("The server did not declare resources.subscribe")
    assert button(declared=False, live=False).why == undeclared.why  # what the server declared comes first
    assert button(live=False, recorded=True).why.startswith("A recording:")
    assert button(live=False).why == "No session: connect to a server first."
    nothing = button(uri=None)
    assert not nothing.enabled and nothing.note == "" and nothing.why.startswith("Select a resource")
    unknown = button(declared=None)  # nothing known about the server: no action, no claim about it
    assert not unknown.enabled and unknown.note == unknown.why == "Sends resources/subscribe: " + (
        "the server then sends notifications/resources/updated."
    )


#: the live line, modern era, nothing asked, the lists' changes notified, subscribe declared
line = partial(
    words.live_line,
    modern=True,
    now=Listening(),
    watching=False,
    changes=Changes(CHANGES_NOTIFIED),
    subscribed=set(),
    declared=True,
)


def test_the_live_line_in_the_modern_era() -> None:
    idle = line()
    assert idle == words.LiveLine("Not listening. Select a resource and press Listen for updates.", True, False)
    opening = line(now=Listening("opening", (URI,)), changes=Changes(CHANGES_OPENING))
    assert opening.text == (
        f"Opening subscriptions/listen for {URI}… (waiting for the acknowledgement)\n"
        "List changes: opening subscriptions/listen…"
    )
    assert opening.stop_enabled
    ended = ListenNote(LISTEN_ENDED)
    on = line(now=Listening("listening", (URI,), (), 7, ended), changes=Changes(CHANGES_LISTENING, 7))
    assert on.text.startswith("Listening (subscription 7) for updates to nothing. The server ended the subscription.")
    assert on.text.endswith("\nList changes: listening (subscription 7).")
    gone = line(now=Listening("ended", note=ended), changes=Changes(CHANGES_NOT_LISTENING, note=ended))
    assert gone.text == (
        "Not listening. The server ended the subscription.\n"
        "List changes: not listening. The server ended the subscription."
    )
    assert not gone.stop_enabled
    chosen = line(now=Listening("ended", note=ended), watching=True)  # the user's choice waits for the stream
    assert chosen.text == "Not listening. Select a resource and press Listen for updates."


def test_the_live_line_in_the_legacy_era_and_without_subscribe() -> None:
    assert line(modern=False) == words.LiveLine("Not subscribed to any resource.", False, False)
    both = line(modern=False, subscribed={"b://2", "a://1"})
    assert both.text == "Subscribed to a://1, b://2." and not both.stop_shown
    assert line(declared=False).text.startswith("Updates are not available")
    assert line(declared=False).stop_shown  # modern: Stop stays where it is, disabled


def test_lists_facts_and_the_template_form() -> None:
    assert words.count_text(False, 1) == "1 resource" and words.count_text(True, 3) == "3 templates"
    assert words.list_changes_note(False, True).endswith("use Refresh.")
    assert words.list_changes_note(True, False).endswith("(notifications/resources/list_changed).")
    assert words.list_changes_note(True, True).endswith("(on a subscriptions/listen stream).")
    entry = {"mimeType": "text/plain", "size": 2048, "annotations": {"priority": 0.5}}
    assert words.facts_text(entry) == "text/plain · declared size 2.0 KiB · priority 0.5"
    assert words.facts_text({"size": True}) == ""  # a bool is no size
    assert words.template_field("city", True) == ("value of {city}", "")
    assert words.template_field("city", False)[1] == "The server did not declare completions, so no suggestions."
    assert words.template_hint(False, True) == "This template has no variables."
    assert words.template_hint(True, True).startswith("Suggestions come from the server")
    assert words.template_hint(True, False).startswith("The server did not declare completions:")
    assert words.via_text(None) == "resources/subscribe" and words.via_text(4) == "subscription 4"


def test_the_words_go_through_the_callers_tr_in_the_panels_context() -> None:
    seen: set[str] = set()

    def tr(context: str, text: str) -> str:
        seen.add(context)
        return "»" + text

    assert words.words("saved", tr, n="1 B", path="/x") == "»Saved 1 B to /x."
    assert line(now=Listening("opening", (URI,)), tr=tr).text.startswith("»Opening")
    assert button(tr=tr).text == "»Subscribe"
    assert seen == {"ResourcesPanel"}
    assert all(text in words.WORDS and tip in ("", *words.WORDS) for text, tip in words.CONTROLS.values())


def test_a_listed_entry_and_a_tab() -> None:
    resource = {"name": "a", "title": "A file", "uri": "file:///a", "mimeType": "text/plain", "description": "d"}
    assert words.entry_reading(resource, template=False) == words.EntryReading("A file", "file:///a", "text/plain", "d")
    template = {"name": "t", "uriTemplate": "file:///{path}", "mimeType": 3, "description": None}
    assert words.entry_reading(template, template=True) == words.EntryReading("t", "file:///{path}", "", "")
    assert words.entry_reading({}, template=False) == words.EntryReading("", "", "", "")
    assert words.tab_title("Resources", False, 0, False) == "Resources"
    assert words.tab_title("Resources", True, 3, False) == "Resources (3)"
    assert words.tab_title("Templates", True, 50, True) == "Templates (50+)"


def test_the_live_controls_read_the_controller() -> None:
    feature = ResourcesController()  # no session: nothing followed, nothing listened to
    button, live = words.live_controls(feature, modern=False, declared=True, live=False, recorded=True, uri=URI)
    assert button.text == "Subscribe" and not button.enabled and button.why.startswith("A recording:")
    assert live == words.LiveLine("Not subscribed to any resource.", False, False)
    feature.subscribed.add(URI)
    button, live = words.live_controls(feature, modern=False, declared=True, live=True, recorded=False, uri=URI)
    assert button.text == "Unsubscribe" and button.enabled and live.text == f"Subscribed to {URI}."


def test_an_update_row_and_what_a_read_without_contents_says() -> None:
    when = time.mktime((2026, 7, 28, 9, 5, 7, 0, 0, -1)) + 0.042
    assert words.update_cells(ResourceUpdate(when, URI)) == ["09:05:07.042", URI, "resources/subscribe"]
    assert words.update_cells(ResourceUpdate(when, URI, 7))[2] == "subscription 7"

    def answer(result: dict | None, error: dict | None = None) -> ReadOutcome:
        return read_outcome(URI, Reply(1, 4, result, error, 0.01))

    # an error answer: the contents give way, the error line names the uri and the error
    cleared, error = words.read_trouble(answer(None, {"code": -32002, "message": "gone"}))
    assert cleared == "Nothing to show: the read failed."
    assert error == f"resources/read {URI} failed. Error -32002 (Resource not found): gone"
    # a timeout: what is on screen stays, the line says what the session said
    assert words.read_trouble(ReadOutcome(URI, failure=Failure(FAIL_SESSION, detail="timed out"))) == (
        None,
        "timed out",
    )
    # no contents array: said in place of the contents, no error line; a good answer: nothing said
    assert words.read_trouble(answer({"nothing": []})) == ("The answer has no contents array.", "")
    assert words.read_trouble(answer({"contents": [{"uri": URI, "text": "x"}]})) == (None, "")
    assert (
        words.read_trouble(answer({}), lambda context, text: f"<{context}>{text}")[0]
        == "<ResourcesPanel>The answer has no contents array."
    )
