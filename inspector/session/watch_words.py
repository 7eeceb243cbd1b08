"""What the Watch dialog says (View → Watch host sessions…), as data: no Qt.

The dialog (:mod:`inspector.ui.watch_dock`) renders :func:`.watch.watch_list`; this module words it:
its fixed words and its controls' (:data:`WORDS`, context ``"WatchDialog"``), each choice of how much
of the proxied folder is kept (:data:`KEEP_WORDS`, by :data:`.proxied_folder.KEEP_CHOICES`), a row's
cells (:func:`row_cells`) and what Open says for the row selected (:func:`open_word`). The words are
English, translated by the caller's ``tr`` (:mod:`.translate`); ``scripts/i18n.py`` brings them
into the catalogue.
"""

from __future__ import annotations

import time

from .translate import Translate
from .watch import Watched

CONTEXT = "WatchDialog"
WORDS = {
    "title": "Watch host sessions",
    "note": "Sessions a host runs through mcp-session-inspector proxy: the running ones first, then the "
    "recent recordings. A running session opens live, following the host and the server as they talk.",
    "empty": "No proxied sessions yet. Attach a host's server to the proxy (mcp-session-inspector attach) "
    "and start the host.",
    "server": "Server",
    "command": "Command",
    "started": "Started",
    "entries": "Entries",
    "state": "State",
    "running": "running",
    "ended": "ended",
    "keep": "Keep in the proxied folder:",
    "keep_tip": "Proxies started without --record keep their recordings in this folder. The oldest go first; a "
    "running session's recording and files you saved elsewhere are never removed.",
    "open": "Open",
    "watch_live": "Watch live",
    "refresh": "Refresh",
    "ask_title": "Disconnect the running session?",
    "ask": "The window runs a session of its own. Disconnect it (the spec's shutdown) and watch {name}?",
    "live_title": "MCP Session Inspector — {name} (live from a host, read-only)",
    "watching": "Watching {name}: entries appear as the host and the server talk.",
    "ended_title": "MCP Session Inspector — {name} (ended, read-only)",
    "ended_status": "The proxied session {name} ended: its recording is complete.",
}
#: the table's columns, by their keys in :data:`WORDS`
COLUMNS = ("server", "command", "started", "entries", "state")
#: each choice of :data:`.proxied_folder.KEEP_CHOICES` in words
KEEP_WORDS = {
    "100mb-7d": "up to 100 MiB and 7 days",
    "500mb-30d": "up to 500 MiB and 30 days",
    "2gb-90d": "up to 2 GiB and 90 days",
    "all": "everything (never remove)",
}


def row_cells(w: Watched, tr: Translate) -> tuple[str, ...]:
    """A row's cells, as :data:`COLUMNS` names them: the local time it started, the entries so far."""
    started = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(w.started)) if w.started else ""
    return (
        w.name,
        " ".join(w.command),
        started,
        f"{w.entries:,}",
        tr(CONTEXT, WORDS["running" if w.running else "ended"]),
    )


def open_word(w: Watched | None, tr: Translate) -> str:
    """What Open says for the row ``w`` (None: no row is selected)."""
    return tr(CONTEXT, WORDS["watch_live" if w is not None and w.running else "open"])
