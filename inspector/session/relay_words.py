"""What the window says of its relays for attached URL servers (:mod:`.url_relays`), as data: no Qt.

The status bar's label (:mod:`inspector.ui.url_relays`) and the attach dialog's rows say one
relay's state with :func:`state_words`, and the label's tooltip lists every relay with
:func:`relay_lines`. The words are English in :data:`WORDS` (context ``"UrlRelays"``), translated by
the caller's ``tr`` (:mod:`.translate`); ``scripts/i18n.py`` brings them into the catalogue. This
module imports nothing of the relays themselves: the window words them before any is started.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from .translate import Translate

if TYPE_CHECKING:
    from .url_relays import Relay

CONTEXT = "UrlRelays"
#: a relay's state in words (by :attr:`.url_relays.Relay.state`; any other state: "failed"'s), the
#: tooltip's line for a relay, and its last line
WORDS = {
    "stopped": "this window does not serve it now",
    "serving": "this window serves it now on {address}",
    "starting": "this window is starting its relay on {address}",
    "port-taken": "this window does not serve it now: {address} is taken (another inspector window, or a proxy you "
    "run, may serve it); this window serves it once the address is free: {why}",
    "duplicate": "this window cannot serve it: its address is another server's ({why})",
    "failed": "this window's relay stopped: {why}",
    "line": "{server}: {address} → {upstream}; {state}",
    "note": "This window serves the HTTP servers attached to hosts while it is open; "
    "while no window runs, the hosts cannot reach them.",
}


def state_words(relay: Relay | None, tr: Translate) -> str:
    """Whether this window serves the relay's server now (None: it has no relay), in words."""
    if relay is None:
        return tr(CONTEXT, WORDS["stopped"])
    key = relay.state if relay.state in ("stopped", "serving", "starting", "port-taken", "duplicate") else "failed"
    return tr(CONTEXT, WORDS[key]).format(address=relay.want.origin, why=relay.why)


def relay_lines(relays: Iterable[Relay], tr: Translate) -> list[str]:
    """The tooltip's lines: each relay (server, address → upstream, state), then what the window does."""
    lines = [
        tr(CONTEXT, WORDS["line"]).format(
            server=r.want.name, address=r.want.origin, upstream=r.want.upstream, state=state_words(r, tr)
        )
        for r in relays
    ]
    return [*lines, tr(CONTEXT, WORDS["note"])]
