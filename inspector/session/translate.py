"""How the session layer's words reach people: English in tables, translated by the caller.

Modules that word something for the window (the detail pane's findings, the content cards, the
list notes, the negotiation summary, the timeline's and sequence view's cells, the handouts, the
importer's problems, the *_words modules) keep their words English in a table and call the caller's
``tr(context, text)`` on each: the window passes ``QCoreApplication.translate``, plain text passes
:func:`untranslated`, and ``scripts/i18n.py`` brings the tables into the catalogue.
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["Translate", "untranslated"]

#: ``tr(context, text)``: the caller's translation (the window's ``QCoreApplication.translate``)
Translate = Callable[[str, str], str]


def untranslated(_context: str, text: str) -> str:
    """The English words as they are (plain text, tests)."""
    return text
