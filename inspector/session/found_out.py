"""What a session found out that the next session with the same saved server starts from.

Theory of operation. In auto mode a session finds the server's era (``negotiation().era``);
over a transport that may fall back (auto HTTP: :attr:`TransportKind.falls_back`) it finds the
transport that answered (the summary's ``transport``: streamable-http, or sse after the
fallback). Both are kept on the saved server (:class:`~inspector.session.profiles.ServerProfile`
``detected_era`` and ``detected_transport``): the server editor shows the era, and the next
spec goes straight to the transport that answered (``Where.found``). The window's session
controller calls :func:`remember_found` once the start sequence has finished.
"""

from __future__ import annotations

from inspector.protocol.links import TransportKind

from .profiles import ServerProfile
from .session import Session


def remember_found(profile: ServerProfile, session: Session) -> bool:
    """Keep on ``profile`` what ``session`` (started from it) found out; True when anything
    was kept (the saved servers are to be saved again)."""
    found = False
    era = session.negotiation().era
    if era is not None and profile.era == "auto":
        profile.detected_era = era
        found = True
    if TransportKind.named(profile.transport).falls_back:  # remembered per server (profiles.to_spec uses it)
        profile.detected_transport = str(session.summary().get("transport") or "")
        found = True
    return found


__all__ = ["remember_found"]
