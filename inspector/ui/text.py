"""Numbers and bytes as people read them, one way everywhere.

Theory of operation. Views never format sizes, durations, timestamps or hex dumps themselves:
they call these functions so the timeline, the detail pane, the panels and the dialogs agree
("1.5 KiB" in one place is "1.5 KiB" in all). A size, a measured time and an id are the session
layer's one formatter each (:mod:`inspector.session.entry_text`, shared with the probe's
transcript and the handouts), offered here beside the window's own. Functions are pure and cheap
(the timeline calls some for every visible cell); words that need translating go through
``QCoreApplication``.
The wording of a session ``ListNote`` lives here too, since several views show them.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from inspector.protocol.jsontypes import JsonValue
from inspector.session import value_text
from inspector.session.entry_text import format_duration as format_duration  # the session layer's, offered here
from inspector.session.entry_text import format_id as format_id
from inspector.session.entry_text import format_size as format_size
from inspector.session.operations import (
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
from inspector.session.recording import quote_value
from inspector.session.value_text import JSON_HEAD as JSON_HEAD  # the readings of bytes, offered here
from inspector.session.value_text import format_timestamp as format_timestamp
from inspector.session.value_text import json_head as json_head
from inspector.session.value_text import parse_hex_dump as parse_hex_dump


def format_milliseconds(value: JsonValue, none_text: str) -> str:
    """A protocol field in milliseconds (a ttl, a poll interval) with its larger unit:
    ``300,000 ms (5 min)``; None is ``none_text``; anything not a number is shown as it is."""
    if value is None:
        return none_text
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        return str(value)
    ms = float(value)
    text = f"{int(ms):,} ms" if ms == int(ms) else f"{ms:,} ms"
    if ms >= 60_000:
        text += QCoreApplication.translate("TasksPanel", " ({n} min)").format(n=f"{ms / 60_000:g}")
    elif ms >= 1_000:
        text += f" ({ms / 1000:g} s)"
    return text


def hex_dump(data: bytes, offset: int = 0, *, limit: int | None = None) -> str:
    """:func:`inspector.session.value_text.hex_dump` with its "more bytes" line in the user's language."""
    more = QCoreApplication.translate("ResourcesPanel", "… {n} more bytes")
    return value_text.hex_dump(data, offset, limit=limit, more=more)


def list_note_text(note: ListNote) -> str:
    """One note of a ListPager, in the user's language (error answers are shown elsewhere)."""
    if note.code == NOTE_NO_ARRAY:
        return QCoreApplication.translate("FeaturePanel", "a page had no {key} array").format(key=note.detail)
    if note.code == NOTE_BAD_CURSOR:
        return QCoreApplication.translate(
            "FeaturePanel", "nextCursor {value} is not a non-empty string; stopped paging"
        ).format(value=quote_value(note.detail))
    if note.code == NOTE_REPEATED_CURSOR:
        return QCoreApplication.translate("FeaturePanel", "The server repeated the cursor {0}; stopped paging.").format(
            note.detail
        )
    if note.code == NOTE_DROPPED:
        return QCoreApplication.translate(
            "FeaturePanel", "{n} entries left out (not objects, or missing what they need)"
        ).format(n=note.detail)
    return ""


def listen_note_text(note: ListenNote | None) -> str:
    """What happened to the shared subscriptions/listen stream, in the user's language."""
    if note is None:
        return ""
    if note.code == LISTEN_REFUSED:
        return QCoreApplication.translate("ResourcesPanel", "The server did not agree to: {what}").format(
            what=", ".join(note.detail or ())
        )
    if note.code == LISTEN_STOPPED:
        if note.detail is None:
            return QCoreApplication.translate("ResourcesPanel", "Stopped before the request was sent.")
        return QCoreApplication.translate(
            "ResourcesPanel", "Stopped: notifications/cancelled sent for request {id}."
        ).format(id=note.detail)
    if note.code == LISTEN_CLOSED:
        return QCoreApplication.translate(
            "ResourcesPanel", "Stopped: the answer stream of request {id} was closed (that cancels it)."
        ).format(id=note.detail)
    if note.code == LISTEN_ENDED:
        return QCoreApplication.translate("ResourcesPanel", "The server ended the subscription.")
    if note.code == LISTEN_FAILED:
        err = note.detail if isinstance(note.detail, dict) else {}
        return QCoreApplication.translate("ResourcesPanel", "subscriptions/listen failed: {code} {message}").format(
            code=err.get("code"), message=err.get("message")
        )
    if note.code == LISTEN_LOST:
        return str(note.detail or "")
    return ""


def list_notes_text(notes: list[ListNote]) -> str:
    """The notes of a ListPager worth showing, once each, joined."""
    out: list[str] = []
    for note in notes:
        text = list_note_text(note)
        if text and text not in out:
            out.append(text)
    return " · ".join(out)
