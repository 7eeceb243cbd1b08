"""The Logs controller: the server's log level and the level filter, Qt-free (see the package
docstring).

Which entries are log messages, and their level ranks, is :class:`~inspector.session.views.LogView`
(a front-end may hand in a faster subclass of its own: the window's looks through a live
recording's batches ahead of its ticks); the controller holds the view and its filter
(:meth:`LogsController.set_floor`: messages below the floor are hidden from the view, never
from the recording).

The server's level: a version whose client may send ``logging/setLevel`` (every version of the
legacy era, per the protocol's method tables) sets it with that request; 2026-07-28 has no such
request, so the level travels in every request's ``_meta``
(``io.modelcontextprotocol/logLevel``) and setting it changes what the next requests carry
(nothing is sent now; None: no level, so the server sends no log messages). What the level is
said to be is :attr:`LogsController.status`, a :class:`LevelStatus` (a code and the level),
reported as ``LEVEL``; a refused ``logging/setLevel`` is :attr:`LogsController.failure`,
reported as ``FAILED``. The front-end words both.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from inspector.protocol.versions import methods_for

from ..session import SessionError
from ..views import LEVELS, LogView
from .base import Failure, FeatureController

if TYPE_CHECKING:
    from ..session import Session

# Events the Logs controller reports.
LEVEL = "level"  # the server level's status (``status``) or whether it is being set (``sending``) changed
FAILED = "failed"  # logging/setLevel was refused or not answered (``failure``)

SET_LEVEL = "logging/setLevel"

# Codes of :class:`LevelStatus`.
LEVEL_NOT_SET = "not set"  # setLevel era: this client has not set a level; the server uses its own
LEVEL_CARRIED = "carried"  # per-request era: requests carry ``level``
LEVEL_NONE_CARRIED = "none carried"  # per-request era: requests carry no level (no log messages)
LEVEL_APPLIES = "applies"  # per-request era: ``level`` set, for the next requests
LEVEL_NO_LEVEL = "no level"  # per-request era: no level set, the next requests ask for no messages
LEVEL_SENDING = "sending"  # setLevel era: logging/setLevel ``level`` sent, not answered yet
LEVEL_ANSWERED = "answered"  # setLevel era: the server accepted ``level``


@dataclass(frozen=True, slots=True)
class LevelStatus:
    """What the server's level is, as far as the client knows (``what``: a ``LEVEL_*`` code)."""

    what: str
    level: str | None = None


def sets_level_by_request(version: str | None, era: str | None) -> bool:
    """Whether the client sets the server's level with ``logging/setLevel`` in ``version`` (by
    the protocol's method tables; ``era`` decides when the version is not known yet)."""
    if version:
        return SET_LEVEL in methods_for(version, "c2s")
    return era != "modern"


class LogsController(FeatureController):
    """The log messages' view and filter, and the server's level (see the module docstring)."""

    def __init__(self, view: LogView | None = None) -> None:
        super().__init__()
        self.view = view if view is not None else LogView()
        self.by_request = True  # logging/setLevel (else: the level in each request's _meta)
        self.level: str | None = "debug"  # the level chosen for the server
        self.status: LevelStatus | None = None
        self.failure: Failure | None = None
        self.sending = False

    # ---------------------------------------------------------------- the filter

    @property
    def floor(self) -> int:
        return self.view.floor

    def set_floor(self, rank: int) -> bool:
        """Show messages at ``rank`` or above (0, debug: all); only the view, nothing is sent."""
        return self.view.set_floor(rank)

    # ---------------------------------------------------------------- the server's level

    def choices(self) -> list[str | None]:
        """The levels the server may be set to; None (no level, no messages) where requests
        carry the level."""
        return ([] if self.by_request else [None]) + list(LEVELS)

    def attach(
        self, session: Session, era: str | None, version: str | None, *, announces_changes: bool = False
    ) -> None:
        super().attach(session, era, version, announces_changes=announces_changes)
        self.by_request = sets_level_by_request(version, era)
        self.failure = None
        self.sending = False
        if self.by_request:
            self.level = "debug"
            self._say(LevelStatus(LEVEL_NOT_SET))
        else:
            self.level = session.negotiation().log_level
            self._say(LevelStatus(LEVEL_CARRIED if self.level else LEVEL_NONE_CARRIED, self.level))

    def replay(self) -> None:
        """A recording is shown: no session, nothing said about the level."""
        self.detach()
        self.sending = False
        self._say(None)

    def _say(self, status: LevelStatus | None) -> None:
        self.status = status
        self.emit(LEVEL)

    def set_level(self, level: str | None) -> bool:
        """Set the server's level (see the module docstring); False when there is no session
        or ``logging/setLevel`` cannot start."""
        session = self.session
        self.level = level
        if session is None:
            return False
        self.failure = None
        if not self.by_request:
            session.use_request_log_level(level)
            self._say(LevelStatus(LEVEL_APPLIES if level else LEVEL_NO_LEVEL, level))
            return True
        self.sending = True
        self._say(LevelStatus(LEVEL_SENDING, level))

        async def go() -> None:
            await self.send_level(level)

        if not self.start(go):
            self.sending = False
            self._say(LevelStatus(LEVEL_NOT_SET))
            return False
        return True

    async def send_level(self, level: str | None) -> bool:
        """``logging/setLevel`` (``Session.set_log_level``); whether the server accepted it
        (else ``failure`` says why)."""
        session = self.session
        if session is None:
            return False
        failure: Failure | None
        try:
            reply = await session.set_log_level(level)
            failure = Failure.of_reply(reply) if reply is not None else None
        except SessionError as exc:
            failure = Failure.of_exception(exc)
        self.sending = False
        if failure is None:
            self._say(LevelStatus(LEVEL_ANSWERED if reply is not None else LEVEL_APPLIES, level))
            return True
        self.failure = failure
        self._say(None)
        self.emit(FAILED)
        return False
