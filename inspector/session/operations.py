"""Client operations for front-ends: what a panel or the CLI asks of a live session, Qt-free.

Theory of operation. Front-ends never reach into the engine or the session's internals; they
call what is here:

* :class:`Negotiation` is a frozen snapshot of what the start sequence settled (era, version,
  both sides' capabilities, server info, instructions, the per-request log level), taken with
  :meth:`Session.negotiation`.
* :class:`ListPager` is one paginated list (``tools/list``, ``prompts/list``,
  ``resources/list``, ``resources/templates/list``, ``tasks/list``) with one behaviour for all:
  entries that are not objects (or fail the list's own test) are counted and left out; a
  ``nextCursor`` that is absent ends the list, one that is not a non-empty string ends it with a
  note; a cursor seen before in the same listing ends it with a note (a server that cycles would
  otherwise be paged forever); ``fetch(pages=N)`` stops after N pages with ``more`` still true;
  an error answer ends the fetch with a note and keeps what came before. ``reset()`` starts a
  new generation: a fetch of an older generation stops at its next page and changes nothing.
  Notes are data (:class:`ListNote`: a code and its detail) so every front-end words them in its
  own language.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from inspector.protocol.correlation import id_key

from .recording import Direction

#: Codes of :class:`ListNote`.
NOTE_NO_ARRAY = "no-array"  # a page had no array under the list's key (detail: the key)
NOTE_BAD_CURSOR = "bad-cursor"  # nextCursor was not a non-empty string (detail: the value)
NOTE_REPEATED_CURSOR = "repeated-cursor"  # nextCursor came before in this listing (detail: it)
NOTE_DROPPED = "dropped"  # entries left out: not objects or not usable (detail: how many)
NOTE_ERROR = "error"  # the server answered with an error (detail: the error object)


def same_id(a: Any, b: Any) -> bool:
    """Whether two JSON-RPC ids are the same id (1 and 1.0 are not; any JSON type compares)."""
    return id_key(a) == id_key(b)


@dataclass(frozen=True, slots=True)
class ListNote:
    code: str
    detail: Any = None


@dataclass(frozen=True, slots=True)
class Negotiation:
    """What the start sequence settled, as front-ends see it (copies, safe to keep)."""

    era: str | None  # "legacy" / "modern" / None before it is known
    version: str | None
    state: str  # lifecycle state value
    server_capabilities: dict = field(default_factory=dict)
    server_info: dict = field(default_factory=dict)
    instructions: str | None = None
    client_capabilities: dict = field(default_factory=dict)  # what this client declares
    log_level: str | None = None  # modern: the level requests carry in _meta


class ListPager:
    """One paginated list and where to continue it (see the module docstring)."""

    def __init__(self, method: str, key: str, *, accept: Callable[[dict], bool] | None = None) -> None:
        self.method = method
        self.key = key
        self.accept = accept
        self.items: list[dict] = []
        self.cursor: str | None = None  # where the next page starts; None: no more pages
        self.pages = 0
        self.generation = 0
        self.loading = False
        self.loaded = False  # at least one page arrived since the last reset
        self.notes: list[ListNote] = []
        self._seen: set[str] = set()

    @property
    def more(self) -> bool:
        return self.cursor is not None

    def reset(self) -> int:
        """Forget everything; a fetch still running for the old generation changes nothing."""
        self.items = []
        self.cursor = None
        self.pages = 0
        self.loaded = False
        self.notes = []
        self._seen = set()
        self.loading = False
        self.generation += 1
        return self.generation

    async def fetch(
        self,
        session: Any,
        pages: int = 1,
        *,
        timeout: float | None = None,
        on_page: Callable[[list[dict]], None] | None = None,
    ) -> bool:
        """Fetch up to ``pages`` pages from ``cursor`` (the first page after a reset).

        ``on_page(entries)`` is called with each page's accepted entries as it arrives. Returns
        False when a newer reset made this fetch stale (nothing more was applied). Raises what
        ``session.request`` raises (timeouts, a lost connection); what came before is kept.
        """
        gen = self.generation
        self.loading = True
        try:
            for _ in range(max(1, pages)):
                cursor = self.cursor
                if self.loaded and cursor is None:
                    break  # the list is complete
                params = {"cursor": cursor} if cursor is not None else {}
                reply = await session.request(self.method, params, timeout=timeout)
                if gen != self.generation:
                    return False
                if not reply.ok:
                    self.notes.append(ListNote(NOTE_ERROR, reply.error))
                    break
                self._apply(reply.result if isinstance(reply.result, dict) else {}, on_page)
                if self.cursor is None:
                    break
            return True
        finally:
            if gen == self.generation:
                self.loading = False

    def _apply(self, result: dict, on_page: Callable[[list[dict]], None] | None) -> None:
        entries = result.get(self.key)
        if not isinstance(entries, list):
            self.notes.append(ListNote(NOTE_NO_ARRAY, self.key))
            entries = []
        accept = self.accept
        good = [e for e in entries if isinstance(e, dict) and (accept is None or accept(e))]
        if len(good) < len(entries):
            self.notes.append(ListNote(NOTE_DROPPED, len(entries) - len(good)))
        self.items.extend(good)
        self.pages += 1
        self.loaded = True
        nxt = result.get("nextCursor")
        if nxt is None:
            self.cursor = None
        elif not isinstance(nxt, str) or not nxt:
            self.notes.append(ListNote(NOTE_BAD_CURSOR, nxt))
            self.cursor = None
        elif nxt in self._seen:
            self.notes.append(ListNote(NOTE_REPEATED_CURSOR, nxt))
            self.cursor = None
        else:
            self._seen.add(nxt)
            self.cursor = nxt
        if on_page is not None:
            on_page(good)


@dataclass(frozen=True, slots=True)
class FailureReport:
    """Why a session went wrong, for a front-end's banner: the outcome (or the failure edge the
    lifecycle took), the entry where it happened, the rules flagged there, how the server
    ended and its last stderr lines."""

    headline: str
    seq: int | None = None
    rules: tuple[str, ...] = ()
    exit: str | None = None  # "exit code 3" / "killed by signal 9"
    stderr: tuple[str, ...] = ()


#: How many of the server's last stderr lines a report carries.
STDERR_TAIL = 5


def failure_report(rec: Any, summary: dict | None) -> FailureReport | None:
    """A report when the recording shows a failure (a failure edge, an outcome, or a server
    that ended on its own with an error); None for a session that went as planned."""
    summary = summary or {}
    failure_seq = None
    headline = summary.get("outcome") if isinstance(summary.get("outcome"), str) else None
    for seq in reversed(rec.transition_rows):
        tr = rec[seq].extra.get("transition") or {}
        if tr.get("failure"):
            failure_seq = seq
            headline = headline or tr.get("label")
            break
    code, sig = summary.get("exit_code"), summary.get("signal")
    exit_text = f"killed by signal {sig}" if sig is not None else (f"exit code {code}" if code is not None else None)
    ended_badly = code not in (None, 0) and summary.get("shutdown") in (None, "none")
    if headline is None and not ended_badly:
        return None
    if headline is None:
        headline = f"the server ended by itself ({exit_text})"
    rules: list[str] = []
    if failure_seq is not None:
        for seq in range(failure_seq, max(-1, failure_seq - 10), -1):
            found = [r for r in rec.violations_at(seq) if r not in rules]
            if found:
                rules += found
                break
    stderr: list[str] = []
    for seq in range(len(rec) - 1, -1, -1):
        if rec.direction_at(seq) is Direction.STDERR:
            stderr.append(rec[seq].text.rstrip("\r\n"))
            if len(stderr) == STDERR_TAIL:
                break
    return FailureReport(headline, failure_seq, tuple(rules), exit_text, tuple(reversed(stderr)))
