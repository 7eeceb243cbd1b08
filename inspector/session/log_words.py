"""What the Logs panel says and how it colours a level, as data: its controls' words, the
server-level line, the count of messages, a message's tooltip, and each level's hue.

The words are English here and go through the caller's ``tr(context, text)`` (the window's
``QCoreApplication.translate``; the panel's own words in :data:`CONTEXT`, the table's in
:data:`MODEL_CONTEXT`, where they were; ``scripts/i18n.py`` reads the tables). Level names are
the protocol's own and are shown as sent; what the server logged is shown as it came.

* :data:`CONTROLS` names each control of the panel with the keys of its text and tooltip in
  :data:`WORDS`; :data:`HEADERS` the table's columns (in :data:`MODEL_WORDS`).
* :data:`LEVEL_RGB` is one hue per level rank (:data:`inspector.session.views.LEVELS`, then
  the unknown level) for a light and a dark palette; rows of :data:`TINTED` ranks get a tinted
  background, and levels from :data:`BOLD_FROM` up are written in bold.
"""

from __future__ import annotations

from .controllers.logs import (
    LEVEL_ANSWERED,
    LEVEL_APPLIES,
    LEVEL_CARRIED,
    LEVEL_NO_LEVEL,
    LEVEL_NONE_CARRIED,
    LEVEL_NOT_SET,
    LEVEL_SENDING,
    LevelStatus,
)
from .translate import Translate, untranslated
from .views import RANK

__all__ = [
    "BOLD_FROM",
    "CONTEXT",
    "CONTROLS",
    "HEADERS",
    "LEVEL_RGB",
    "MODEL_CONTEXT",
    "MODEL_WORDS",
    "TINTED",
    "WORDS",
    "count_text",
    "entry_tip",
    "level_text",
    "set_level_tip",
]

CONTEXT = "LogsPanel"
MODEL_CONTEXT = "LogModel"

WORDS = {
    # the controls (CONTROLS)
    "show": "Show",
    "and_above": "{level} and above",
    "filter_tip": "Hide messages below this level (only the view: the server keeps sending them)",
    "clear": "Clear view",
    "clear_tip": "Empty this list; the recording and the timeline keep every message",
    "server_level": "Server level",
    "server_level_tip": "The lowest level the server should send",
    "set_level": "Set server level",
    "no_level": "none (no log messages)",
    "by_meta_tip": (
        "2026-07-28 has no logging/setLevel: the level goes into each request's _meta "
        "(io.modelcontextprotocol/logLevel)"
    ),
    "set_level_tip": "Send logging/setLevel: the server sends messages at this level and above",
    # the count over the table
    "one_message": "1 message",
    "n_messages": "{n} messages",
    "n_shown": "{n} messages, {shown} shown",
    # the server-level line, by LevelStatus.what
    LEVEL_NOT_SET: "Not set by this client yet (logging/setLevel); the server uses its own default.",
    LEVEL_CARRIED: "Requests carry io.modelcontextprotocol/logLevel = {level} in _meta.",
    LEVEL_NONE_CARRIED: (
        "Requests carry no log level in _meta, so a 2026-07-28 server sends no log messages. "
        "Set one: it applies to the next requests."
    ),
    LEVEL_APPLIES: "Level {level}: applies to the next requests (io.modelcontextprotocol/logLevel in their _meta).",
    LEVEL_NO_LEVEL: "No log level: the next requests ask for no log messages.",
    LEVEL_SENDING: "Sending logging/setLevel {level}…",
    LEVEL_ANSWERED: "Server level: {level} (logging/setLevel answered).",
}

MODEL_WORDS = {
    "time": "Time (s)",
    "level": "Level",
    "logger": "Logger",
    "data": "Data",
    "tip": "Entry #{seq} · {level} · logger {logger}",
    "unknown": "Not a log level the protocol defines.",
}

CONTROLS: dict[str, tuple[str, str]] = {
    "filter_label": ("show", ""),
    "filter": ("", "filter_tip"),
    "clear_button": ("clear", "clear_tip"),
    "level_label": ("server_level", "server_level_tip"),
    "set_level_button": ("set_level", ""),
}
HEADERS = ("time", "level", "logger", "data")

#: per rank (debug … emergency, then unknown): the hue on a light and on a dark palette
LEVEL_RGB: dict[bool, tuple[tuple[int, int, int], ...]] = {
    False: (
        (110, 115, 125),  # debug
        (25, 95, 190),  # info
        (0, 125, 125),  # notice
        (175, 105, 0),  # warning
        (195, 35, 35),  # error
        (175, 0, 40),  # critical
        (160, 0, 110),  # alert
        (140, 0, 140),  # emergency
        (195, 35, 35),  # unknown
    ),
    True: (
        (150, 155, 165),
        (120, 175, 255),
        (95, 205, 200),
        (245, 190, 100),
        (255, 120, 110),
        (255, 105, 130),
        (245, 120, 210),
        (225, 140, 255),
        (255, 120, 110),
    ),
}
#: critical and above get a tinted row background, so they stand out in a long list
TINTED = (RANK["critical"], RANK["alert"], RANK["emergency"])
BOLD_FROM = RANK["error"]  # a level written in bold from here up

TIP_CHARS = 4_000  # characters of a message's data in its tooltip


def level_text(status: LevelStatus, tr: Translate = untranslated) -> str:
    """The server-level line: what the client knows of the server's level."""
    return tr(CONTEXT, WORDS[status.what]).format(level=status.level)


def set_level_tip(by_request: bool, tr: Translate = untranslated) -> str:
    """Set server level's tooltip: logging/setLevel, or the level in every request's _meta."""
    return tr(CONTEXT, WORDS["set_level_tip" if by_request else "by_meta_tip"])


def count_text(shown: int, total: int, tr: Translate = untranslated) -> str:
    """How many messages came since the last clear, and how many the level filter shows."""
    if total == shown:
        return (
            tr(CONTEXT, WORDS["one_message"]) if total == 1 else tr(CONTEXT, WORDS["n_messages"]).format(n=f"{total:,}")
        )
    return tr(CONTEXT, WORDS["n_shown"]).format(n=f"{total:,}", shown=f"{shown:,}")


def entry_tip(seq: int, level: str, logger: str, data: str, unknown: bool, tr: Translate = untranslated) -> str:
    """A message's tooltip: its entry, level and logger, whether the level is ``unknown`` to the
    protocol, then its data (cut at :data:`TIP_CHARS`)."""
    if len(data) > TIP_CHARS:
        data = data[:TIP_CHARS] + "…"
    head = tr(MODEL_CONTEXT, MODEL_WORDS["tip"]).format(seq=seq, level=level, logger=logger or "—")
    if unknown:
        head += "\n" + tr(MODEL_CONTEXT, MODEL_WORDS["unknown"])
    return head + "\n\n" + data
