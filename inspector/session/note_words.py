"""The words of a listing's notes and of the listen stream's notes, as data.

Theory of operation. A :class:`~.operations.ListPager` notes what it left out or why it stopped
paging (:class:`~.operations.ListNote`), and the shared subscriptions/listen stream notes what
happened to it (:class:`~.operations.ListenNote`). Several panels show them; the words are here,
English, one per code, and go through the caller's ``tr(context, text)`` (the window's
``QCoreApplication.translate``: a listing's in "FeaturePanel", the stream's in "ResourcesPanel",
the contexts they had in the window; ``scripts/i18n.py`` reads the tables). An error answer is
shown elsewhere, so it has no words here; :func:`list_problems` says everything that went wrong
with one listing, its error answers included. The line under a paged list (:func:`pager_line`: its
entries, pages and notes, in "PagedListView") and a completion field's note on its suggestions
(:func:`suggestions_hint`, in "CompletionField") are said here too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from . import request_words
from .controllers.base import Failure
from .operations import (
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
from .recording import quote_value
from .translate import Translate, untranslated

__all__ = [
    "COMPLETION_CONTEXT",
    "COMPLETION_WORDS",
    "PAGER_CONTEXT",
    "PAGER_WORDS",
    "LIST_CONTEXT",
    "LIST_WORDS",
    "LISTEN_CONTEXT",
    "LISTEN_WORDS",
    "list_note_text",
    "list_problems",
    "list_notes_text",
    "listen_note_text",
    "pager_line",
    "suggestions_hint",
]

LIST_CONTEXT = "FeaturePanel"
#: a listing's notes by code: ``{detail}`` is the note's detail, ``{value}`` it quoted
LIST_WORDS = {
    NOTE_NO_ARRAY: "a page had no {key} array",
    NOTE_BAD_CURSOR: "nextCursor {value} is not a non-empty string; stopped paging",
    NOTE_REPEATED_CURSOR: "The server repeated the cursor {0}; stopped paging.",
    NOTE_DROPPED: "{n} entries left out (not objects, or missing what they need)",
}
#: an error answer to a listing (the error in words, :func:`.request_words.error_text`)
LIST_FAILED = "{method} failed. {error}"

LISTEN_CONTEXT = "ResourcesPanel"
#: the listen stream's notes by code ("unsent": stopped before the request was sent)
LISTEN_WORDS = {
    LISTEN_REFUSED: "The server did not agree to: {what}",
    "unsent": "Stopped before the request was sent.",
    LISTEN_STOPPED: "Stopped: notifications/cancelled sent for request {id}.",
    LISTEN_CLOSED: "Stopped: the answer stream of request {id} was closed (that cancels it).",
    LISTEN_ENDED: "The server ended the subscription.",
    LISTEN_FAILED: "subscriptions/listen failed: {code} {message}",
}


PAGER_CONTEXT = "PagedListView"
#: what the line under a paged list says of its pages
PAGER_WORDS = {"loading": "Loading…", "page": "1 page", "pages": "{n} pages", "more": "more available"}

COMPLETION_CONTEXT = "CompletionField"
#: what a completion field says of the suggestions the server sent
COMPLETION_WORDS = {
    "some": "{n} suggestion(s)",
    "of_total": "{n} of {total} suggestions",
    "more": "(more on the server)",
}


def list_note_text(note: ListNote, tr: Translate = untranslated) -> str:
    """One note of a ListPager in words ("" for an error answer, which is shown elsewhere)."""
    words = LIST_WORDS.get(note.code)
    if words is None:
        return ""
    detail = note.detail
    return tr(LIST_CONTEXT, words).format(detail, key=detail, value=quote_value(detail), n=detail)


def listen_note_text(note: ListenNote | None, tr: Translate = untranslated) -> str:
    """What happened to the shared subscriptions/listen stream, in words."""
    if note is None:
        return ""
    if note.code == LISTEN_LOST:
        return str(note.detail or "")
    code = "unsent" if note.code == LISTEN_STOPPED and note.detail is None else note.code
    words = LISTEN_WORDS.get(code)
    if words is None:
        return ""
    detail = note.detail
    err = detail if isinstance(detail, dict) else {}
    what = ", ".join(str(k) for k in detail) if isinstance(detail, (list, tuple)) else ""
    return tr(LISTEN_CONTEXT, words).format(id=detail, what=what, code=err.get("code"), message=err.get("message"))


def list_notes_text(notes: list[ListNote], tr: Translate = untranslated) -> str:
    """The notes of a ListPager worth showing, once each, joined."""
    out: list[str] = []
    for note in notes:
        text = list_note_text(note, tr)
        if text and text not in out:
            out.append(text)
    return " · ".join(out)


def pager_line(pl: ListPager, count_text: Callable[[int], str], loading: str = "", tr: Translate = untranslated) -> str:
    """The line under a paged list: its entries (``count_text(n)``, the caller's "5 resources"),
    its pages and whether the server has more, then the listing's notes; while the first page is
    awaited, ``loading`` (or "Loading…"); before any listing, only the notes."""
    if pl.pages == 0:
        text = (loading or tr(PAGER_CONTEXT, PAGER_WORDS["loading"])) if pl.loading else ""
    else:
        pages = tr(PAGER_CONTEXT, PAGER_WORDS["page" if pl.pages == 1 else "pages"]).format(n=pl.pages)
        text = f"{count_text(len(pl.items))} · {pages}"
        if pl.more:
            text += " · " + tr(PAGER_CONTEXT, PAGER_WORDS["more"])
    notes = list_notes_text(pl.notes, tr)
    return text + " · " + notes if notes else text


def suggestions_hint(shown: int, total: int | None, has_more: bool, tr: Translate = untranslated) -> str:
    """What a completion field says of the ``shown`` suggestions the server sent ("" for none):
    of how many (``total``, when the server said more exist) or that it has more."""
    if not shown:
        return ""
    if total is not None and total > shown:
        return tr(COMPLETION_CONTEXT, COMPLETION_WORDS["of_total"]).format(n=shown, total=total)
    hint = tr(COMPLETION_CONTEXT, COMPLETION_WORDS["some"]).format(n=shown)
    return hint + " " + tr(COMPLETION_CONTEXT, COMPLETION_WORDS["more"]) if has_more else hint


def list_problems(
    method: str, notes: Iterable[ListNote], failure: Failure | None = None, tr: Translate = untranslated
) -> str:
    """What went wrong loading ``method``'s list, in words: each error answer (with the
    specification's name for its code), each page's note, and the failure that ended it."""
    said = []
    for note in notes:
        if note.code == NOTE_ERROR:
            error = request_words.error_text(note.detail, tr)
            said.append(tr(LIST_CONTEXT, LIST_FAILED).format(method=method, error=error))
        elif text := list_note_text(note, tr):
            said.append(text)
    if failure is not None:
        said.append(request_words.failure_text(failure, tr))
    return " ".join(said)
