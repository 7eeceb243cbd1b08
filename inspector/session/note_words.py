"""The words of a listing's notes and of the listen stream's notes, as data.

Theory of operation. A :class:`~.operations.ListPager` notes what it left out or why it stopped
paging (:class:`~.operations.ListNote`), and the shared subscriptions/listen stream notes what
happened to it (:class:`~.operations.ListenNote`). Several panels show them; the words are here,
English, one per code, and go through the caller's ``tr(context, text)`` (the window's
``QCoreApplication.translate``: a listing's in "FeaturePanel", the stream's in "ResourcesPanel",
the contexts they had in the window; ``scripts/i18n.py`` reads the tables). An error answer is
shown elsewhere, so it has no words here.
"""

from __future__ import annotations

from .operations import (
    LISTEN_CLOSED,
    LISTEN_ENDED,
    LISTEN_FAILED,
    LISTEN_LOST,
    LISTEN_REFUSED,
    LISTEN_STOPPED,
    NOTE_BAD_CURSOR,
    NOTE_DROPPED,
    NOTE_NO_ARRAY,
    NOTE_REPEATED_CURSOR,
    ListenNote,
    ListNote,
)
from .recording import quote_value
from .translate import Translate, untranslated

__all__ = [
    "LIST_CONTEXT",
    "LIST_WORDS",
    "LISTEN_CONTEXT",
    "LISTEN_WORDS",
    "list_note_text",
    "list_notes_text",
    "listen_note_text",
]

LIST_CONTEXT = "FeaturePanel"
#: a listing's notes by code: ``{detail}`` is the note's detail, ``{value}`` it quoted
LIST_WORDS = {
    NOTE_NO_ARRAY: "a page had no {key} array",
    NOTE_BAD_CURSOR: "nextCursor {value} is not a non-empty string; stopped paging",
    NOTE_REPEATED_CURSOR: "The server repeated the cursor {0}; stopped paging.",
    NOTE_DROPPED: "{n} entries left out (not objects, or missing what they need)",
}

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
