"""What every feature controller shares (see the package docstring): listeners, the session
it is bound to, failures as data, and one paginated list with its loading, generations,
request watch and reload on list changes."""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import TYPE_CHECKING

import anyio

from inspector.protocol.jsontypes import JsonObject, JsonValue

from ..operations import NOTE_ERROR, ListenNote, ListNote, ListPager
from ..session import RequestCancelled, SessionError
from ..waiting import RequestWatch, WaitState

if TYPE_CHECKING:
    from ..session import Reply, Session

#: How long a list request waits (None: the profile's request timeout, as every request does).
LIST_REQUEST_TIMEOUT: float | None = None
#: ``list_changed`` notifications this close together make one reload (seconds).
RELOAD_DELAY = 0.1

# Events a controller reports to its listeners (``cb(what)``).
LOADING = "loading"  # a load started (or was given up before it started)
PAGE = "page"  # a page arrived: ``ListController.last_page`` holds its accepted entries
LISTED = "listed"  # a load ended (``outcome``), or the list was reset
WAIT = "wait"  # what became of the request a load waits on changed (``wait_state``)

# Codes of :class:`Failure`.
FAIL_ERROR = "error"  # the server answered with a JSON-RPC error (``error``: the object as sent)
FAIL_SESSION = "session"  # the session could not do it: timeout, lost link (``detail``: its words)
FAIL_CANCELLED = "cancelled"  # the client cancelled the request

# How a list learns that it changed (:class:`Changes`).
CHANGES_UNDECLARED = "undeclared"  # the server does not announce list changes: Refresh only
CHANGES_NOTIFIED = "notified"  # legacy era: notifications/*/list_changed come unasked
CHANGES_LISTENING = "listening"  # modern era: the shared listen stream carries them (``request_id``)
CHANGES_OPENING = "opening"  # modern era: the stream asking for them is opening
CHANGES_NOT_LISTENING = "not-listening"  # modern era: not listening (``note``: why, if known)

# What ``list_changed`` did.
CHANGE_RELOAD = "reload"  # the list reloads
CHANGE_UNDECLARED = "undeclared"  # the server did not declare listChanged: noted, not reloaded

Listener = Callable[[str], None]
Spawner = Callable[[Callable[[], Coroutine[object, object, object]]], bool]


@dataclass(frozen=True, slots=True)
class Failure:
    """Why an action did not get its answer, as data (see the codes above)."""

    code: str
    error: JsonObject | None = None
    detail: str | None = None

    @classmethod
    def of_reply(cls, reply: Reply) -> Failure | None:
        """The failure an error answer is (None: the answer is a result)."""
        if reply.ok:
            return None
        return cls(FAIL_ERROR, reply.error if isinstance(reply.error, dict) else None)

    @classmethod
    def of_exception(cls, exc: SessionError) -> Failure:
        if isinstance(exc, RequestCancelled):
            return cls(FAIL_CANCELLED)
        return cls(FAIL_SESSION, detail=str(exc))


@dataclass(frozen=True, slots=True)
class LoadOutcome:
    """How one load of a list ended: the notes it added (an error answer is a ``NOTE_ERROR``
    note with the error object), or the failure that stopped it (what came before is kept)."""

    generation: int
    notes: tuple[ListNote, ...] = ()
    failure: Failure | None = None

    @property
    def errors(self) -> list[JsonValue]:
        """The error objects the server answered pages with."""
        return [note.detail for note in self.notes if note.code == NOTE_ERROR]


@dataclass(frozen=True, slots=True)
class Changes:
    """How a list learns that it changed (``how``: one of the ``CHANGES_*`` codes)."""

    how: str
    request_id: JsonValue = None  # the listen request's JSON-RPC id
    note: ListenNote | None = None


class Observable:
    """A plain listener list: ``subscribe(cb)``; ``cb(what)`` after each change."""

    def __init__(self) -> None:
        self.listeners: list[Listener] = []

    def subscribe(self, listener: Listener) -> None:
        if listener not in self.listeners:
            self.listeners.append(listener)

    def unsubscribe(self, listener: Listener) -> None:
        if listener in self.listeners:
            self.listeners.remove(listener)

    def emit(self, what: str) -> None:
        for listener in list(self.listeners):
            listener(what)


class FeatureController(Observable):
    """A feature bound to one live session at a time (see the package docstring)."""

    def __init__(self) -> None:
        super().__init__()
        self.session: Session | None = None
        self.era: str | None = None  # "legacy" / "modern"
        self.version: str | None = None
        self.announces_changes = False  # the server declared listChanged for this feature
        #: starts a coroutine function; None: the session's task group (Session.start_soon)
        self.spawn: Spawner | None = None

    @property
    def live(self) -> bool:
        return self.session is not None

    def attach(
        self, session: Session, era: str | None, version: str | None, *, announces_changes: bool = False
    ) -> None:
        """A new session: what the previous one left is forgotten."""
        self.detach()
        self.session, self.era, self.version = session, era, version
        self.announces_changes = announces_changes

    def detach(self) -> None:
        """The session ended (or another comes): nothing more is sent; the state stays."""
        self.session = None

    def start(self, fn: Callable[[], Coroutine[object, object, object]]) -> bool:
        """Run ``fn()`` on ``spawn`` (or the session's task group); False when it cannot start."""
        if self.session is None:
            return False
        if self.spawn is not None:
            return self.spawn(fn)
        return self.session.start_soon(fn)


class ListController(FeatureController):
    """One paginated list of a feature (see the package docstring).

    ``method``/``key``: the list request and its result's key (``tools/list``, ``tools``);
    ``listen_key``: the 2026-07-28 listen filter key (``toolsListChanged``); ``pages``: how
    many pages ``refresh`` and ``load_more`` fetch; ``keep_pages``: a refresh fetches at least
    as many as were loaded, so a reload keeps what the user paged to."""

    def __init__(
        self,
        method: str,
        key: str,
        listen_key: str,
        *,
        owner: str,
        pages: int = 1,
        keep_pages: bool = True,
        accept: Callable[[JsonObject], bool] | None = None,
    ) -> None:
        super().__init__()
        self.method, self.key, self.listen_key, self.owner = method, key, listen_key, owner
        self.pages_per_load, self.keep_pages = pages, keep_pages
        self.accept = accept  # the list's own test of an entry (None: every object)
        self.pager = ListPager(method, key, accept=accept)
        self.outcome: LoadOutcome | None = None  # the last load's, once it ended
        self.last_page: list[JsonObject] = []  # the accepted entries of the page that came last
        self.watch: RequestWatch | None = None  # the request of the latest load, followed
        self.reload_due = False  # a list change arrived; the reload starts after RELOAD_DELAY

    # ---------------------------------------------------------------- state

    @property
    def items(self) -> list[JsonObject]:
        return self.pager.items

    @property
    def loading(self) -> bool:
        return self.pager.loading

    @property
    def loaded(self) -> bool:
        return self.pager.loaded

    @property
    def more(self) -> bool:
        return self.pager.more

    @property
    def wait_state(self) -> WaitState | None:
        """What became of the latest load's request (None: none followed)."""
        return self.watch.state if self.watch is not None else None

    def attach(
        self, session: Session, era: str | None, version: str | None, *, announces_changes: bool = False
    ) -> None:
        super().attach(session, era, version, announces_changes=announces_changes)
        self.reset()

    def reset(self) -> None:
        """Forget the list (a new session or recording); a load still running changes nothing."""
        self.pager.reset()
        self.outcome = None
        self.last_page = []
        self.reload_due = False
        self.drop_wait()
        self.emit(LISTED)

    def show_pager(self, pager: ListPager | None, era: str | None = None, *, announces_changes: bool = False) -> None:
        """Replay: the list as a recording holds it (None: not listed by then). There is no
        session: nothing is loaded or sent."""
        self.detach()
        self.era, self.announces_changes = era, announces_changes
        pager = pager if pager is not None else ListPager(self.method, self.key, accept=self.accept)
        self.pager = pager
        self.outcome = LoadOutcome(pager.generation, tuple(pager.notes))
        self.last_page = []
        self.drop_wait()

    # ---------------------------------------------------------------- loading

    def refresh(self) -> bool:
        """Load again from the first page (``pages`` of them, or as many as were loaded)."""
        if self.session is None:
            return False
        pages = max(self.pages_per_load, self.pager.pages if self.keep_pages else 0)
        self.pager.reset()
        self.outcome = None
        return self._begin(pages)

    def load_more(self) -> bool:
        """The next pages (False: nothing more, or a load runs)."""
        if self.session is None or not self.pager.more or self.pager.loading:
            return False
        return self._begin(self.pages_per_load)

    def _begin(self, pages: int) -> bool:
        pager = self.pager
        pager.loading = True
        gen = pager.generation
        self.emit(LOADING)
        started = self.start(lambda: self.load(pages, gen))
        if not started and gen == pager.generation:
            pager.loading = False
            self.emit(LOADING)
        return started

    async def load(self, pages: int, generation: int | None = None) -> LoadOutcome | None:
        """Fetch up to ``pages`` pages (the first after a reset); the outcome, or None when a
        newer load made this one stale (it changed nothing)."""
        session = self.session
        pager = self.pager
        gen = pager.generation if generation is None else generation
        if session is None or gen != pager.generation:
            return None
        seen = len(pager.notes)
        failure: Failure | None = None
        watch = self._follow(session)
        try:
            await pager.fetch(session, pages, timeout=LIST_REQUEST_TIMEOUT, on_page=self._page)
        except SessionError as exc:
            failure = Failure.of_exception(exc)
        finally:
            watch.detach()
            self._wait_changed(watch)
            if gen == pager.generation:  # also when the front-end's listener failed: it is told
                pager.loading = False
                self.outcome = LoadOutcome(gen, tuple(pager.notes[seen:]), failure)
                self.emit(LISTED)
        return self.outcome if gen == pager.generation else None

    def _page(self, entries: list[JsonObject]) -> None:
        self.last_page = entries
        self.emit(PAGE)

    # ---------------------------------------------------------------- the request waited on

    def _follow(self, session: Session) -> RequestWatch:
        self.drop_wait()
        watch = RequestWatch(session.recording, self.method, self.key)
        watch.changed = lambda: self._wait_changed(watch)
        self.watch = watch
        watch.attach()
        return watch

    def _wait_changed(self, watch: RequestWatch) -> None:
        if self.watch is watch:  # not dropped, and no newer load follows its own request
            self.emit(WAIT)

    def drop_wait(self) -> None:
        """Stop following the latest load's request and forget it (a new session or recording)."""
        watch, self.watch = self.watch, None
        if watch is not None:
            watch.detach()
            self.emit(WAIT)

    # ---------------------------------------------------------------- list changes

    def listen(self) -> bool:
        """2026-07-28: ask the session's shared listen stream for this list's changes, when the
        server announces them; whether it was asked."""
        session = self.session
        if session is None or self.era != "modern" or not self.announces_changes:
            return False
        session.listen_hub.want(self.owner, {self.listen_key: True})
        return True

    def stop_listening(self) -> None:
        """No more changes wanted from the stream (it is reopened without them, or cancelled)."""
        if self.session is not None:
            self.session.listen_hub.want(self.owner, None)

    @property
    def listening(self) -> bool:
        """This list wants the stream's changes and the open stream asks for them."""
        hub = self.session.listen_hub if self.session is not None else None
        return hub is not None and self.owner in hub.wants and hub.wanted(self.listen_key)

    def changes(self) -> Changes:
        """How the list learns that it changed, now."""
        if not self.announces_changes:
            return Changes(CHANGES_UNDECLARED)
        if self.era != "modern":
            return Changes(CHANGES_NOTIFIED)
        hub = self.session.listen_hub if self.session is not None else None
        if hub is not None and hub.wanted(self.listen_key):
            if hub.state == "listening":
                return Changes(CHANGES_LISTENING, hub.request_id)
            return Changes(CHANGES_OPENING)
        return Changes(CHANGES_NOT_LISTENING, note=hub.note if hub is not None else None)

    def list_changed(self, declared: bool | None = None) -> str:
        """``notifications/<feature>/list_changed`` came. Reloaded (after ``RELOAD_DELAY``,
        one reload for several) when the server declared listChanged (``declared``: what the
        front-end was told, else what ``attach`` was); else only said."""
        if not (self.announces_changes if declared is None else declared):
            return CHANGE_UNDECLARED
        if not self.reload_due:
            self.reload_due = True
            session = self.session

            async def later() -> None:
                await anyio.sleep(RELOAD_DELAY)
                if self.reload_due and self.session is session:
                    self.reload_due = False
                    self.refresh()

            if not self.start(later):
                self.reload_due = False
        return CHANGE_RELOAD


class Generation:
    """A counter for one kind of action (a get, a call): an answer to an older one is stale."""

    def __init__(self) -> None:
        self.value = 0

    def next(self) -> int:
        self.value += 1
        return self.value

    def current(self, gen: int) -> bool:
        return gen == self.value
