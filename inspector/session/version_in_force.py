"""Which protocol version is in force as of any entry of a recording: one answer for every front-end.

Theory of operation. The start exchange (``initialize``, or ``server/discover`` and its retries)
is followed by the one :class:`~.views.NegotiationTracker` of the recording; its facts after the
first *k* start-exchange entries never change (the recording only grows), so they are worked out
once per *k* and kept. Asking about entry N is then a bisection of the start-exchange rows (after
taking in the entries recorded since the last question, one C-level pass over the method column)
and a dictionary look-up: cheap enough to ask per row while a replay moves or a flood arrives.

Two questions, two answers:

* :meth:`VersionInForce.negotiated` - the version the start exchange settled by entry N (the
  status bar, the negotiation view). None before the answer. At the last entry of a finished
  recording its summary's version, which is what the session ended with.
* :meth:`VersionInForce.schema` - the version whose JSON Schema judged entry N, as the protocol
  engine chose it when the entry was recorded: the settled version once an answer before N
  settled one the inspector has a schema for; else the version the client offered in the start
  exchange (the engine judges the request and its answer by it); else the version the recording's
  header says the client was configured with for its era; else the summary's. None: nothing says.

Qt-free; :func:`version_in_force` keeps one per recording (weakly: it goes with the recording), and
its ``tracker`` is the one the negotiation view shows, so a recording's column is scanned once.
"""

from __future__ import annotations

import weakref

from inspector.protocol.versions import LEGACY_VERSIONS, MODERN_VERSIONS

from .recording import Recording
from .views import NegotiationTracker, settled_version

__all__ = ["VersionInForce", "version_in_force"]

_SCHEMA_VERSIONS = frozenset(LEGACY_VERSIONS) | frozenset(MODERN_VERSIONS)


def _version(value: object) -> str | None:
    return value if isinstance(value, str) and value else None


class VersionInForce:
    """The protocol version in force as of any entry of one recording (see the module's text)."""

    def __init__(self, rec: Recording) -> None:
        self.rec = rec
        self.tracker = NegotiationTracker(rec)  # the recording's one: the negotiation view follows it too
        self._by_taken: dict[int, tuple[str | None, str | None]] = {}  # k -> (settled, offered)

    def _after(self, k: int) -> tuple[str | None, str | None]:
        """(settled, offered) once the first ``k`` start-exchange entries were taken."""
        known = self._by_taken.get(k)
        if known is None:
            tracker = self.tracker
            facts = tracker.facts_as_of(tracker.rows[k - 1]) if k else None
            offered = _version(facts["offer"].get("version")) if facts else None
            known = self._by_taken[k] = (settled_version(facts), offered)
        return known

    def negotiated(self, row: int) -> str | None:
        """The version the start exchange settled by entry ``row`` (None: not yet)."""
        rec = self.rec
        if row >= len(rec) - 1 and rec.summary:
            ended = _version(rec.summary.get("protocol_version"))
            if ended is not None:
                return ended
        return self._after(self.tracker.taken_by(row))[0]

    def schema(self, row: int) -> str | None:
        """The version whose schema judged entry ``row`` (None: the recording does not say)."""
        tracker = self.tracker
        k = tracker.taken_by(row)
        settled, offered = self._after(k)
        # an answer of the start exchange is judged before the version it settles takes over
        if settled in _SCHEMA_VERSIONS and (k == 0 or tracker.rows[k - 1] != row):
            return settled
        if offered is not None:
            return offered
        rec = self.rec
        header, summary = rec.header, rec.summary or {}
        era = rec.era_as_of(row) or summary.get("era") or header.get("era_mode")
        configured = _version(header.get("legacy_version" if era == "legacy" else "modern_version"))
        return configured or _version(summary.get("protocol_version"))


_KEPT: weakref.WeakKeyDictionary[Recording, VersionInForce] = weakref.WeakKeyDictionary()


def version_in_force(rec: Recording) -> VersionInForce:
    """The one :class:`VersionInForce` of ``rec`` (made on the first question)."""
    found = _KEPT.get(rec)
    if found is None:
        found = _KEPT[rec] = VersionInForce(rec)
    return found
