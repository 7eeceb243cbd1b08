"""The words of a listing's notes and of the listen stream's notes (session/note_words.py), from
notes a real listing makes: every code has its words, and the words go through the caller's tr."""

from __future__ import annotations

from inspector.session.controllers.base import FAIL_CANCELLED, FAIL_SESSION, Failure
from inspector.session.note_words import (
    COMPLETION_CONTEXT,
    COMPLETION_WORDS,
    LIST_CONTEXT,
    LIST_FAILED,
    LIST_WORDS,
    LISTEN_CONTEXT,
    LISTEN_WORDS,
    PAGER_CONTEXT,
    PAGER_WORDS,
    list_note_text,
    list_notes_text,
    list_problems,
    listen_note_text,
    pager_line,
    suggestions_hint,
)
from inspector.session.operations import (
    LISTEN_CLOSED,
    LISTEN_ENDED,
    LISTEN_FAILED,
    LISTEN_LOST,
    LISTEN_REFUSED,
    LISTEN_STOPPED,
    NOTE_BAD_CURSOR,
    NOTE_DROPPED,
    NOTE_ERROR,
    NOTE_NO_ARRAY,
    NOTE_REPEATED_CURSOR,
    ListenNote,
    ListNote,
    ListPager,
)


def test_each_listing_note_is_worded_with_its_detail():
    assert list_note_text(ListNote(NOTE_NO_ARRAY, "tools")) == "a page had no tools array"
    assert list_note_text(ListNote(NOTE_BAD_CURSOR, 7)) == "nextCursor 7 is not a non-empty string; stopped paging"
    assert list_note_text(ListNote(NOTE_REPEATED_CURSOR, "c1")) == "The server repeated the cursor c1; stopped paging."
    assert list_note_text(ListNote(NOTE_DROPPED, 3)) == "3 entries left out (not objects, or missing what they need)"
    assert list_note_text(ListNote(NOTE_ERROR, {"code": -1})) == ""  # an error answer is shown elsewhere
    notes = [ListNote(NOTE_DROPPED, 3), ListNote(NOTE_ERROR), ListNote(NOTE_DROPPED, 3), ListNote(NOTE_NO_ARRAY, "x")]
    assert (
        list_notes_text(notes) == "3 entries left out (not objects, or missing what they need) · a page had no x array"
    )


def test_each_listen_note_is_worded_with_its_detail():
    assert listen_note_text(None) == ""
    assert listen_note_text(ListenNote(LISTEN_REFUSED, ("a", "b"))) == "The server did not agree to: a, b"
    assert listen_note_text(ListenNote(LISTEN_STOPPED)) == "Stopped before the request was sent."
    assert listen_note_text(ListenNote(LISTEN_STOPPED, 4)) == "Stopped: notifications/cancelled sent for request 4."
    assert "request 5 was closed" in listen_note_text(ListenNote(LISTEN_CLOSED, 5))
    assert listen_note_text(ListenNote(LISTEN_ENDED)) == "The server ended the subscription."
    failed = ListenNote(LISTEN_FAILED, {"code": -32601, "message": "no"})
    assert listen_note_text(failed) == "subscriptions/listen failed: -32601 no"
    assert listen_note_text(ListenNote(LISTEN_LOST, "the session ended")) == "the session ended"


def test_the_words_go_through_the_callers_translation_in_their_contexts():
    seen = []

    def tr(context: str, text: str) -> str:
        seen.append((context, text))
        return f"«{text}»"

    assert list_note_text(ListNote(NOTE_DROPPED, 2), tr).startswith("«2 entries")
    assert listen_note_text(ListenNote(LISTEN_ENDED), tr) == "«The server ended the subscription.»"
    assert seen == [(LIST_CONTEXT, LIST_WORDS[NOTE_DROPPED]), (LISTEN_CONTEXT, LISTEN_WORDS[LISTEN_ENDED])]


def count(n: int) -> str:
    return f"{n} tools"


def test_the_line_under_a_paged_list_says_its_entries_pages_and_notes():
    pager = ListPager("tools/list", "tools")
    assert pager_line(pager, count) == ""  # nothing asked yet
    pager.loading = True
    assert pager_line(pager, count) == "Loading…"
    assert pager_line(pager, count, "Waiting (an answer was flagged)…") == "Waiting (an answer was flagged)…"
    pager.loading, pager.pages, pager.items, pager.cursor = False, 1, [{"name": "a"}, {"name": "b"}], "c2"
    assert pager_line(pager, count) == "2 tools · 1 page · more available"
    pager.pages, pager.cursor = 3, None
    assert pager_line(pager, count) == "2 tools · 3 pages"
    pager.notes = [ListNote(NOTE_DROPPED, 1), ListNote(NOTE_ERROR), ListNote(NOTE_DROPPED, 1)]
    assert pager_line(pager, count) == "2 tools · 3 pages · 1 entries left out (not objects, or missing what they need)"
    pager.reset()
    pager.notes = [ListNote(NOTE_NO_ARRAY, "tools")]
    assert pager_line(pager, count) == " · a page had no tools array"  # as the list always said it


def test_a_completion_fields_note_says_how_many_suggestions_of_how_many():
    assert suggestions_hint(0, 10, True) == ""
    assert suggestions_hint(3, None, False) == "3 suggestion(s)"
    assert suggestions_hint(3, 3, True) == "3 suggestion(s) (more on the server)"
    assert suggestions_hint(3, 40, True) == "3 of 40 suggestions"  # the total says it all


def test_the_pager_and_completion_words_keep_their_widgets_contexts():
    seen = []

    def tr(context: str, text: str) -> str:
        seen.append((context, text))
        return f"«{text}»"

    pager = ListPager("prompts/list", "prompts")
    pager.pages, pager.cursor = 2, "next"
    assert pager_line(pager, count, tr=tr) == "0 tools · «2 pages» · «more available»"
    assert suggestions_hint(2, None, True, tr) == "«2 suggestion(s)» «(more on the server)»"
    assert seen == [
        (PAGER_CONTEXT, PAGER_WORDS["pages"]),
        (PAGER_CONTEXT, PAGER_WORDS["more"]),
        (COMPLETION_CONTEXT, COMPLETION_WORDS["some"]),
        (COMPLETION_CONTEXT, COMPLETION_WORDS["more"]),
    ]


def test_a_listings_problems_are_said_in_order_error_answers_named():
    notes = [
        ListNote(NOTE_ERROR, {"code": -32601, "message": "no such method"}),
        ListNote(NOTE_DROPPED, 2),
        ListNote(NOTE_ERROR, "not an object"),
    ]
    said = list_problems("tools/list", notes, Failure(FAIL_SESSION, detail="the server is gone"))
    assert said.startswith("tools/list failed. Error -32601 (Method not found): no such method 2 entries left out")
    assert "tools/list failed. " in said.split("left out", 1)[1]  # the second error answer too
    assert said.endswith("the server is gone")
    assert list_problems("prompts/list", []) == ""
    assert list_problems("prompts/list", [], Failure(FAIL_CANCELLED)) == "Cancelled."
    seen = []

    def tr(context: str, text: str) -> str:
        seen.append((context, text))
        return text

    list_problems("tasks/list", [ListNote(NOTE_ERROR, {"code": 1, "message": "x"})], tr=tr)
    assert (LIST_CONTEXT, LIST_FAILED) in seen
