"""What the feature panels' host says, as data: the line naming the hidden panels and why, and
the placeholder shown while no panel is.

The host lays out the panels the negotiation allows as tabs and names the others on one line,
grouped by a short form of their reason ("Hidden: Resources, Prompts (not declared) · Tasks
(not in this protocol version)"), each reason in full in the line's tooltip. The reasons are
:mod:`inspector.session.features`' (context "Features"); the words here are English and go
through the caller's ``tr(context, text)`` (the window's ``QCoreApplication.translate``, context
:data:`CONTEXT`, the host's own; ``scripts/i18n.py`` reads the tables).
"""

from __future__ import annotations

from .translate import Translate, untranslated

CONTEXT = "PanelHost"
FEATURES = "Features"  # the context of a panel's reason

#: how a hidden panel's reason starts -> the short form the one-line note gives it
SHORT_REASONS = (
    ("the server did not declare", "not declared"),
    ("tasks ", "not in this protocol version"),
    ("no negotiation yet", "no negotiation yet"),
)

#: the line and its tooltip ({panel}, {reason}: one hidden panel; {why}: a short reason)
LINE = {
    "reason": "{panel}: {reason}",
    "comma": ", ",
    "why": " ({why})",
    "hidden": "Hidden: {panels}",
    "dot": " · ",
    "tip": "Hidden panels:",
}

#: what shows while no panel does: before a session, or at an entry before the start sequence ended
CONNECT = "Connect to a server: the panels for what it declares appear here."
NOT_STARTED = "By this entry of the recording the start sequence had not finished: no feature panels yet."

#: every word above, for scripts/i18n.py
WORDS = [*(short for _, short in SHORT_REASONS), *LINE.values(), CONNECT, NOT_STARTED]


def short_reason(reason: str) -> str:
    """The short form of a hidden panel's reason ("" when it has none)."""
    return next((short for start, short in SHORT_REASONS if reason.startswith(start)), "")


def hidden_line(hidden: list[tuple[str, str]], tr: Translate = untranslated) -> tuple[str, str]:
    """The one line naming the hidden panels (``(title, reason)`` each, in order), grouped by
    their short reason, and its tooltip with every reason in full; ("", "") when none is hidden."""
    if not hidden:
        return "", ""
    groups: dict[str, list[str]] = {}
    lines = []
    for title, reason in hidden:
        groups.setdefault(short_reason(reason), []).append(title)
        lines.append(tr(CONTEXT, LINE["reason"]).format(panel=title, reason=tr(FEATURES, reason)))
    parts = [
        tr(CONTEXT, LINE["comma"]).join(titles)
        + (tr(CONTEXT, LINE["why"]).format(why=tr(CONTEXT, short)) if short else "")
        for short, titles in groups.items()
    ]
    line = tr(CONTEXT, LINE["hidden"]).format(panels=tr(CONTEXT, LINE["dot"]).join(parts))
    return line, tr(CONTEXT, LINE["tip"]) + "\n" + "\n".join(lines)
