"""Numbers and bytes as people read them, one way everywhere.

Theory of operation. Views never format sizes, durations, timestamps or hex dumps themselves:
they call these functions so the timeline, the detail pane, the panels and the dialogs agree
("1.5 KiB" in one place is "1.5 KiB" in all). A size, a measured time and an id are the session
layer's one formatter each (:mod:`inspector.session.entry_text`, shared with the probe's
transcript and the handouts), offered here beside the window's own. Functions are pure and cheap
(the timeline calls some for every visible cell); words that need translating go through
``QCoreApplication``.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from inspector.session import value_text
from inspector.session.entry_text import format_duration as format_duration  # the session layer's, offered here
from inspector.session.entry_text import format_size as format_size
from inspector.session.value_text import json_head as json_head  # the reading of bytes, offered here


def hex_dump(data: bytes, offset: int = 0, *, limit: int | None = None) -> str:
    """:func:`inspector.session.value_text.hex_dump` with its "more bytes" line in the user's language."""
    more = QCoreApplication.translate("ResourcesPanel", "… {n} more bytes")
    return value_text.hex_dump(data, offset, limit=limit, more=more)
