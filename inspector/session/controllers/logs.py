"""The Logs controller: the server's log level and the level filter, Qt-free (see the package
docstring).

Which entries are log messages, and their level ranks, is a
:class:`~inspector.session.views.LogView`; the controller holds one and its filter
(:meth:`LogsController.set_floor`: messages below the floor are hidden from the view, never
from the recording). :class:`LiveLogView` is the one a window hands in: it looks through a
live recording's batches as the session takes them in (``prescan``, while it is on screen),
ahead of the ticks that turn them into rows, and reads level ranks only when they are needed
(a painted row, a floor above debug, idle ticks); its tests are the window's flood tests and
tests/test_controllers_logs.py.

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

import weakref
from array import array
from bisect import bisect_left
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import orjson

from inspector.protocol.jsontypes import JsonValue
from inspector.protocol.versions import methods_for

from ..recording import Recording
from ..session import SessionError
from ..value_text import json_head
from ..views import LEVELS, RANK, ROW_CODE, UNKNOWN, LogView, level_rank, log_lines
from .base import Failure, FeatureController

if TYPE_CHECKING:
    from ..session import Session

CATCH_UP = 8  # a live batch that finds the view behind looks through this many times its size
RANK_SLICE = 2_000  # level ranks read per idle tick (~1 us each)
CELL_CACHE = 5_000  # log messages whose cells are kept (a few screens); emptied when full
UNRANKED = 255  # a rank not read yet

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


# ---------------------------------------------------------------------- the live view


#: a longer log line's cells and level come from its first bytes (``value_text.json_head``)
PARSE_LIMIT = 256 * 1024


def data_text(value: JsonValue) -> str:
    """Plain text for a log's ``data``: strings as they are, anything else as compact JSON."""
    if isinstance(value, str):
        return value
    try:
        return orjson.dumps(value).decode("utf-8")
    except TypeError:
        return repr(value)


def head_rank(raw: bytes) -> int:
    """``level_rank``, for a huge line from its head (looking through megabytes for the key
    would hold up the loop; the level comes before the data in every logger we know)."""
    if len(raw) <= PARSE_LIMIT:
        return level_rank(raw)
    obj, _whole = json_head(raw, PARSE_LIMIT)
    params = obj.get("params") if isinstance(obj, dict) else None
    level = params.get("level") if isinstance(params, dict) else None
    return RANK.get(level, UNKNOWN) if isinstance(level, str) else UNKNOWN


def log_cell(rec: Recording, seq: int) -> tuple[str, str, str, str]:
    """What a row shows of log entry ``seq``: its time (seconds, three decimals), its level and
    logger as sent (what is not a string as compact JSON; no logger: ""), its data as text
    (:func:`data_text`). A huge line's come from its first bytes."""
    obj, _whole = json_head(rec.raw_at(seq), PARSE_LIMIT)
    params = obj.get("params") if isinstance(obj, dict) else None
    if not isinstance(params, dict):
        params = {}
    level = params.get("level")
    logger = params.get("logger")
    return (
        f"{rec.t_at(seq):.3f}",
        level if isinstance(level, str) else data_text(level),
        logger if isinstance(logger, str) else ("" if logger is None else data_text(logger)),
        data_text(params.get("data")) if "data" in params else "",
    )


def listen_weakly(rec: Recording, take: Callable[[int, int], None]) -> Callable[[int, int], None]:
    """Call ``take(start, end)`` (a bound method) for every batch of entries the recording
    ``rec`` announces (``Recording.add_listener``), without keeping ``take``'s object alive:
    the listener leaves once that object is gone. Returns the listener, for
    ``rec.remove_listener``. ``take`` runs inside the session's pump: it must not raise."""
    ref = weakref.WeakMethod(take)

    def on_batch(start: int, end: int) -> None:
        fn = ref()
        if fn is None:
            rec.remove_listener(on_batch)
        else:
            fn(start, end)

    rec.add_listener(on_batch)
    return on_batch


class LiveLogView(LogView):
    """A :class:`LogView` that finds log messages with C-level passes over the recording's
    columns, ahead of the tick while it may, and reads their level ranks lazily.

    Ahead of the tick: while ``prescan`` is on (its front-end is on screen), the view listens to a
    live recording's batches (``Recording.add_listener``: a hundred-odd lines at a time, as the
    session takes them in) and looks through each one at once, so the work is spread over the
    flood and a tick only appends the rows found (one announced batch, as before). A batch
    that finds the view behind (it fell behind while hidden) looks through a few times its
    size of the entries before it, so the view catches up while the flood goes on; the ticks
    examine at most their budget on top.

    Lazy ranks: ``ranks`` holds :data:`UNRANKED` for a message whose level was not needed yet.
    :meth:`rank_of` reads one when it is asked for (a painted row), a level floor above debug
    reads those it filters, :meth:`rank_some` reads the next slice in order (idle ticks).
    A row's cells are read when it is painted (:meth:`cell`) and kept for a few screens."""

    def __init__(self, read_rank: Callable[[bytes], int] = head_rank) -> None:
        super().__init__()
        self.read_rank = read_rank  # a log line's level rank from its bytes
        self.prescan = False
        self._ranked = 0  # ranks[:_ranked] are all read
        self._ahead = array(ROW_CODE)  # log messages found ahead of the tick (entries >= seen)
        self._ahead_end = 0  # entries up to here were looked through ahead of the tick
        self._listened: Recording | None = None
        self._listener: Callable[[int, int], None] | None = None
        self._cells: dict[int, tuple[str, str, str, str]] = {}  # seq -> log_cell(), see cell()

    @property
    def ahead_end(self) -> int:
        """Entries below this were looked through ahead of the tick (their log messages are
        known before they are shown); 0 when nothing was."""
        return self._ahead_end

    def _forget(self) -> None:
        super()._forget()
        self._ranked = 0
        self._ahead = array(ROW_CODE)
        self._ahead_end = 0
        self._cells = {}

    def cell(self, seq: int) -> tuple[str, str, str, str]:
        """(time, level, logger, data) of log entry ``seq`` (:func:`log_cell`), read once and
        kept while the cache holds fewer than CELL_CACHE (then it starts again)."""
        cell = self._cells.get(seq)
        if cell is None:
            assert self.rec is not None
            if len(self._cells) >= CELL_CACHE:
                self._cells = {}
            cell = self._cells[seq] = log_cell(self.rec, seq)
        return cell

    def set_recording(self, rec: Recording | None, *, budget: int | None = None) -> None:
        listened, listener = self._listened, self._listener
        if listened is not None and listened is not rec:
            if listener is not None:
                listened.remove_listener(listener)
            self._listened = self._listener = None
        if rec is not None and not rec.read_only and self._listened is None:
            self._listener = listen_weakly(rec, self.take_batch)
            self._listened = rec
        super().set_recording(rec, budget=budget)

    def _hits(self, start: int, end: int) -> list[int]:
        """The log messages among entries ``start .. end - 1`` (``views.log_lines``)."""
        return log_lines(self.rec, start, end)  # type: ignore[arg-type]

    def take_batch(self, start: int, end: int) -> None:
        """The recording announced entries ``start .. end - 1``: look through them now (never
        raises: it runs inside the session's pump). When the view is behind them (it was
        hidden, or shown after a flood began), each batch looks through CATCH_UP times its
        own size of what lies before it instead, so the view catches up over the flood rather
        than at the ticks' pace."""
        try:
            frontier = max(self.seen, self._ahead_end)
            if not self.prescan or self.rec is None or end <= frontier:
                return
            stop = end if start <= frontier else min(end, frontier + CATCH_UP * (end - start))
            self._ahead.extend(self._hits(frontier, stop))
            self._ahead_end = stop
        except Exception:  # the tick examines these entries again
            self._ahead = array(ROW_CODE)
            self._ahead_end = 0

    def catch_up(self, budget: int | None = None) -> int:
        """As :meth:`LogView.catch_up`; what was looked through ahead of the tick does not
        count against ``budget`` (it costs the tick only an append)."""
        if budget is not None and self._ahead_end > self.seen:
            budget += self._ahead_end - self.seen
        return super().catch_up(budget)

    def _scan(self, start: int, end: int) -> array[int]:
        if self.rec is None or end <= start:
            return array(ROW_CODE)
        if self._ahead_end > start:  # looked through ahead of the tick, up to _ahead_end
            upto = min(end, self._ahead_end)
            k = bisect_left(self._ahead, upto)
            hits: array[int] | list[int] = self._ahead[:k]
            del self._ahead[:k]
            if end > upto:
                hits.extend(self._hits(upto, end))
        else:
            hits = self._hits(start, end)
        first = len(self.seqs)
        self.seqs.extend(hits)
        self.ranks.frombytes(_UNRANKED_BYTE * len(hits))
        return self._shown(first, self._end())

    def _shown(self, lo: int, hi: int) -> array[int]:
        if self.floor and hi > lo:
            self._rank(lo, hi)
        return super()._shown(lo, hi)

    def _rank(self, lo: int, hi: int) -> None:
        """Read the ranks of ``seqs[lo:hi]`` that are not read yet."""
        ranks, seqs, read_rank = self.ranks, self.seqs, self.read_rank
        raw_at = self.rec.raw_at  # type: ignore[union-attr]
        for k in range(max(lo, self._ranked), hi):
            if ranks[k] == UNRANKED:
                ranks[k] = read_rank(raw_at(seqs[k]))
        if lo <= self._ranked < hi:
            self._ranked = hi

    def rank_some(self, budget: int = RANK_SLICE) -> int:
        """Read the next ``budget`` ranks not read yet, in order; how many were examined."""
        lo = self._ranked
        hi = min(len(self.seqs), lo + budget)
        if hi > lo and self.rec is not None:
            self._rank(lo, hi)
        return hi - lo

    def rank_of(self, seq: int) -> int:
        seqs = self.seqs
        k = bisect_left(seqs, seq)
        if k >= len(seqs) or seqs[k] != seq:
            return UNKNOWN
        rank = self.ranks[k]
        if rank == UNRANKED:
            rank = self.ranks[k] = self.read_rank(self.rec.raw_at(seq))  # type: ignore[union-attr]
        return rank


_UNRANKED_BYTE = bytes([UNRANKED])
