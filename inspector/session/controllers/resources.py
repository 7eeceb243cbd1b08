"""Resources, Qt-free: the two lists, reading, templates, subscriptions and updates.

* Two :class:`~.base.ListController` lists, ``resources/list`` and ``resources/templates/list``.
  ``notifications/resources/list_changed`` reloads both (several in a row make one reload; it
  came, so the list changed, whatever the server declared). In the 2026-07-28 era those
  notifications come only on the session's shared ``subscriptions/listen`` stream: the
  controller asks it for ``resourcesListChanged`` while the server declares ``listChanged``,
  together with the resources the user listens to (one want per feature, :meth:`_want`).
* ``resources/read`` with its own generation: an answer for an older read (another resource
  selected since, a new session) is never shown; :class:`ReadOutcome` is the answer as data
  (the entries that are objects, or why there are none), made the same way for a live read and
  for a recorded one (:func:`read_outcome`); :func:`decode_content` turns an entry into its
  bytes (a text's UTF-8, a blob's base64 decoded) or a problem code.
* Templates: the variables and the required ones of a URI template and its expansion come from
  :mod:`inspector.protocol.uri_template`; :func:`missing_variables` says which required ones are
  still empty, :meth:`ResourcesController.target` which URI a read or a subscription is about.
* Subscriptions. Legacy era: ``resources/subscribe`` / ``resources/unsubscribe``, the set of
  URIs the server agreed to (``subscribed``) and the last outcome (``subscription``). Modern
  era: the URIs listened to (``watched``) go into the shared stream's
  ``resourceSubscriptions`` filter; the stream is reopened with the union when they change,
  and :meth:`ResourcesController.listening` says what it does for them now, as data.
  Both only when the server declared ``resources.subscribe``.
* ``notifications/resources/updated`` is kept as a :class:`ResourceUpdate` (newest first, at most
  :data:`MAX_UPDATES`), with the listen stream's subscription id when it came on one. An update
  of the resource shown (``shown_uri``) reads it again when ``auto_reread`` is on (several in a
  row make one read).

Listeners get the events of :mod:`.base` from the two lists, and ``READING``, ``READ``,
``SUBSCRIBING``, ``SUBSCRIPTIONS`` and ``UPDATED`` from this controller.
"""

from __future__ import annotations

import base64
import binascii
import re
import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import anyio

from inspector.protocol.jsontypes import JsonObject, JsonValue
from inspector.protocol.uri_template import expand_template, template_required
from inspector.protocol.versions import META_SUBSCRIPTION_ID

from ..operations import ListenNote, ListPager
from ..session import SessionError
from .base import FAIL_SESSION, Failure, FeatureController, Generation, ListController

if TYPE_CHECKING:
    from ..session import Reply, Session

READING = "reading"  # a resources/read started (``reading``: its uri)
READ = "read"  # a resources/read ended (``last_read``)
SUBSCRIBING = "subscribing"  # a resources/subscribe or /unsubscribe started (``pending``)
SUBSCRIPTIONS = "subscriptions"  # subscribed / watched, or the last subscribe's outcome, changed
UPDATED = "updated"  # notifications/resources/updated came (``updates[0]``)

#: Updates kept (newest first); older ones are dropped.
MAX_UPDATES = 500
#: Updates of the shown resource this close together make one read again (seconds).
REREAD_DELAY = 0.05

# Codes of ReadOutcome.problem.
READ_NO_CONTENTS = "no-contents"  # the result has no contents array

# Codes of DecodedContent.problem.
CONTENT_NO_BODY = "no-body"  # the entry has neither text nor blob
CONTENT_BAD_BASE64 = "bad-base64"  # the blob is not valid base64

OWNER = "resources"  # this feature's name on the shared listen stream


@dataclass(frozen=True, slots=True)
class ReadOutcome:
    """How one ``resources/read`` ended: the reply, its entries that are objects (``contents``;
    None when there are none to show: a failure, or ``problem``), or the failure that kept the
    answer from coming."""

    uri: str
    reply: Reply | None = None
    failure: Failure | None = None
    contents: tuple[JsonObject, ...] | None = None
    listed: int = 0  # entries in the answer's contents array, objects or not
    problem: str | None = None

    @property
    def ok(self) -> bool:
        return self.contents is not None


def read_outcome(uri: str, reply: Reply) -> ReadOutcome:
    """A ``resources/read`` answer (live or recorded) as a :class:`ReadOutcome`."""
    failure = Failure.of_reply(reply)
    if failure is not None:
        return ReadOutcome(uri, reply, failure)
    contents = reply.result.get("contents") if isinstance(reply.result, dict) else None
    if not isinstance(contents, list):
        return ReadOutcome(uri, reply, problem=READ_NO_CONTENTS)
    return ReadOutcome(uri, reply, contents=tuple(c for c in contents if isinstance(c, dict)), listed=len(contents))


@dataclass(frozen=True, slots=True)
class DecodedContent:
    """One ``ResourceContents`` entry of a read, decoded: a text and its UTF-8 bytes, or a blob's
    bytes, or why there are none (``problem``)."""

    content: JsonObject
    uri: str = ""
    mime: str = ""
    is_text: bool = False
    text: str = ""
    data: bytes = b""
    problem: str | None = None


def _text(value: JsonValue) -> str:
    return value if isinstance(value, str) else ""


def decode_content(content: JsonObject) -> DecodedContent:
    """Decode one entry (pure, so a front-end may do it on a worker thread)."""
    uri, mime = _text(content.get("uri")), _text(content.get("mimeType"))
    text = content.get("text")
    if isinstance(text, str):
        return DecodedContent(content, uri, mime, True, text, text.encode("utf-8", "surrogatepass"))
    blob = content.get("blob")
    if not isinstance(blob, str):
        return DecodedContent(content, uri, mime, problem=CONTENT_NO_BODY)
    data = decode_base64(blob)
    if data is None:
        return DecodedContent(content, uri, mime, problem=CONTENT_BAD_BASE64)
    return DecodedContent(content, uri, mime, data=data)


#: white space inside base64 text (wrapped lines)
_SPACE = re.compile(r"\s")


def decode_base64(text: str) -> bytes | None:
    """The bytes of base64 ``text``, or None when it is not base64. Line breaks and spaces inside
    it are tolerated (MIME-style wrapped data shows; the schema check judges the text itself)."""
    try:
        return base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        pass
    if _SPACE.search(text) is None:
        return None
    try:
        return base64.b64decode(_SPACE.sub("", text), validate=True)
    except (binascii.Error, ValueError):
        return None


#: MIME types read as prose (a proportional font); every other text is shown in a fixed font
PROSE_MIME = frozenset({"text/plain", "text/markdown", "text/x-markdown", "text/richtext", "text/enriched"})
_NOT_IN_NAMES = re.compile(r"[^\w.\-]+")


def reads_as_prose(mime: str) -> bool:
    """Whether a text content of MIME type ``mime`` reads as prose (its parameters and case
    do not count)."""
    return mime.split(";")[0].strip().lower() in PROSE_MIME


def file_name_for(uri: str, default: str = "resource") -> str:
    """The file name a "Save…" suggests for ``uri``: its last path segment, each run of what
    is not a word character, a dot or a dash made "_" (``default`` when nothing is left)."""
    tail = uri.rstrip("/").rsplit("/", 1)[-1] if uri else ""
    return _NOT_IN_NAMES.sub("_", tail).strip("._") or default


def contents_weight(contents: Iterable[JsonValue]) -> int:
    """Characters of text and base64 in a contents list (to decide where to decode it)."""
    n = 0
    for c in contents:
        if isinstance(c, dict):
            for key in ("text", "blob"):
                if isinstance(c.get(key), str):
                    n += len(c[key])
    return n


@dataclass(frozen=True, slots=True)
class SubscriptionOutcome:
    """The last ``resources/subscribe`` or ``resources/unsubscribe`` (legacy era)."""

    method: str
    uri: str
    failure: Failure | None = None


@dataclass(frozen=True, slots=True)
class Listening:
    """Modern era: resource updates on the shared listen stream, now. ``asked``: the uris the
    open stream's filter lists (empty when it asks for none, or no stream is open); ``state``:
    the stream's (``opening`` until the acknowledgement, then ``listening``; ``idle``, ``ended``,
    ``failed``); ``honored``: the uris the server agreed to; ``note``: the stream's last note."""

    state: str = "idle"
    asked: tuple[str, ...] = ()
    honored: tuple[str, ...] = ()
    request_id: JsonValue = None
    note: ListenNote | None = None


def _uris(value: JsonValue) -> tuple[str, ...]:
    return tuple(u for u in value if isinstance(u, str)) if isinstance(value, list) else ()


@dataclass(frozen=True, slots=True)
class ResourceUpdate:
    """One ``notifications/resources/updated``: when it came (wall-clock seconds), the uri,
    and the listen stream's subscription id (None: it came for ``resources/subscribe``)."""

    at: float
    uri: str
    subscription: JsonValue = None  # a JSON-RPC id, as the server sent it


def subscription_of(params: JsonValue) -> JsonValue:
    """The subscription id a notification carries in ``_meta`` (2026-07-28), or None."""
    meta = params.get("_meta") if isinstance(params, dict) else None
    return meta.get(META_SUBSCRIPTION_ID) if isinstance(meta, dict) else None


def missing_variables(template: str, values: dict[str, str]) -> list[str]:
    """The required variables of ``template`` that have no value yet, in order."""
    return [name for name in template_required(template) if not values.get(name)]


class ResourcesController(FeatureController):
    """The resources of one session (see the module docstring)."""

    def __init__(self) -> None:
        super().__init__()
        self.resources = ListController("resources/list", "resources", "resourcesListChanged", owner=OWNER)
        self.templates = ListController(
            "resources/templates/list", "resourceTemplates", "resourcesListChanged", owner=OWNER
        )
        self.subscribable = False  # the server declared resources.subscribe
        self.reads = Generation()
        self.reading: str | None = None  # the uri of the read on its way
        self.last_read: ReadOutcome | None = None
        self.shown_uri: str | None = None  # the resource whose contents the front-end shows
        self.auto_reread = True
        self.subscribed: set[str] = set()  # legacy: resources/subscribe answered with a result
        self.watched: list[str] = []  # modern: the uris of the listen stream's filter
        self.subscription: SubscriptionOutcome | None = None
        self.pending: tuple[str, str] | None = None  # legacy: (method, uri) of the subscribe on its way
        self.updates: list[ResourceUpdate] = []  # newest first
        self._reread_due = False

    @property
    def lists(self) -> tuple[ListController, ListController]:
        return self.resources, self.templates

    @property
    def modern(self) -> bool:
        return self.era == "modern"

    # ---------------------------------------------------------------- session

    def attach(
        self,
        session: Session,
        era: str | None,
        version: str | None,
        *,
        announces_changes: bool = False,
        subscribable: bool = False,
    ) -> None:
        """A new session: both lists and everything read, subscribed or updated are forgotten;
        in the modern era the shared stream is asked for list changes (when declared)."""
        super().attach(session, era, version, announces_changes=announces_changes)
        self.subscribable = subscribable
        self.forget()
        for pl in self.lists:
            pl.attach(session, era, version, announces_changes=announces_changes)
        self._want()

    def detach(self) -> None:
        super().detach()
        for pl in self.lists:
            pl.detach()

    def forget(self) -> None:
        """Nothing read, subscribed or updated (a new session or recording)."""
        self.reads.next()  # an answer still on its way is for an earlier session
        self.reading = None
        self.last_read = None
        self.shown_uri = None
        self.subscribed = set()
        self.watched = []
        self.subscription = None
        self.pending = None
        self.updates = []
        self._reread_due = False

    def reset(self) -> None:
        """Nothing listed, read, subscribed or updated (a new session or recording); the lists
        report it (``LISTED``)."""
        self.forget()
        for pl in self.lists:
            pl.reset()

    def show_listings(self, listings: dict[str, ListPager | None]) -> None:
        """Replay: the lists as a recording holds them (by method; None: not listed by then).
        Nothing is loaded: no session."""
        self.detach()
        for pl in self.lists:
            listing = listings.get(pl.method)
            pl.show_pager(listing.copy() if listing is not None else ListPager(pl.method, pl.key))

    def refresh(self) -> None:
        """Reload both lists (as many pages as each had)."""
        for pl in self.lists:
            pl.refresh()

    def _want(self) -> None:
        """Modern era: what this feature needs from the shared listen stream, now."""
        session = self.session
        if session is None or not self.modern:
            return
        wants: JsonObject = {"resourcesListChanged": True} if self.announces_changes else {}
        if self.watched:
            wants["resourceSubscriptions"] = list(self.watched)
        session.listen_hub.want(OWNER, wants or None)

    # ---------------------------------------------------------------- templates

    @staticmethod
    def target(
        template: str | None, values: dict[str, str], uri: str | None = None, *, complete: bool = False
    ) -> str | None:
        """The uri a read or a subscription is about: the expansion of ``template`` with
        ``values`` (None while it is empty or, ``complete``, while a required variable is still
        empty: a subscription is about one whole uri), else ``uri``."""
        if template is not None:
            if complete and missing_variables(template, values):
                return None
            return expand_template(template, values) or None
        return uri or None

    # ---------------------------------------------------------------- reading

    def read(self, uri: str) -> bool:
        """Start ``resources/read`` of ``uri``; it becomes the shown uri (False: not live)."""
        if self.session is None:
            return False
        gen = self.reads.next()
        self.reading = self.shown_uri = uri
        self.emit(READING)
        started = self.start(lambda: self.fetch(uri, gen))
        if not started and self.reads.current(gen):
            self.reading = None
        return started

    def leave(self) -> None:
        """The front-end shows something else: an answer on its way is no longer wanted."""
        self.reads.next()
        self.reading = self.shown_uri = None

    async def fetch(self, uri: str, gen: int | None = None) -> ReadOutcome | None:
        """Send ``resources/read``; the outcome, or None when a newer read (another selection,
        a new session) made it stale."""
        session = self.session
        gen = self.reads.next() if gen is None else gen
        if session is None:
            return None
        try:
            reply = await session.request("resources/read", {"uri": uri})
        except SessionError as exc:
            outcome = ReadOutcome(uri, failure=Failure.of_exception(exc))
        else:
            outcome = read_outcome(uri, reply)
        if not self.reads.current(gen):
            return None
        self.last_read, self.reading = outcome, None
        self.emit(READ)
        return outcome

    # ---------------------------------------------------------------- subscriptions

    def following(self, uri: str | None) -> bool:
        """Whether updates of ``uri`` are asked for (subscribed, or listened to)."""
        return uri is not None and (uri in self.watched if self.modern else uri in self.subscribed)

    def toggle_subscription(self, uri: str) -> bool:
        """Subscribe/unsubscribe (legacy) or add/remove ``uri`` on the listen stream (modern);
        False when the server does not declare subscribe or there is no session."""
        if self.session is None or not self.subscribable:
            return False
        if self.modern:
            if uri in self.watched:
                self.watched.remove(uri)
            else:
                self.watched.append(uri)
            self._want()
            self.emit(SUBSCRIPTIONS)
            return True
        method = self.subscription_method(uri)
        return self.start(lambda: self.send_subscription(method, uri))

    def subscription_method(self, uri: str) -> str:
        """Legacy era: what toggling ``uri`` sends."""
        return "resources/unsubscribe" if uri in self.subscribed else "resources/subscribe"

    def listening(self) -> Listening:
        """Modern era: what the shared stream does for resource updates, as data."""
        hub = self.session.listen_hub if self.session is not None else None
        if hub is None:
            return Listening()
        asked = _uris(hub.filter.get("resourceSubscriptions")) if hub.active else ()
        honored = _uris((hub.honored or {}).get("resourceSubscriptions"))
        return Listening(hub.state, asked, honored, hub.request_id, hub.note)

    def stop_listening(self) -> None:
        """Modern: no resource updates any more (the stream is reopened without them, or
        cancelled when nothing else needs it)."""
        self.watched = []
        self._want()
        self.emit(SUBSCRIPTIONS)

    async def send_subscription(self, method: str, uri: str) -> SubscriptionOutcome:
        """``resources/subscribe`` or ``resources/unsubscribe`` for ``uri`` (legacy era)."""
        session = self.session
        if session is None:
            outcome = SubscriptionOutcome(method, uri, Failure(FAIL_SESSION, detail="no session"))
        else:
            self.pending = (method, uri)
            self.emit(SUBSCRIBING)
            try:
                reply = await session.request(method, {"uri": uri})
            except SessionError as exc:
                outcome = SubscriptionOutcome(method, uri, Failure.of_exception(exc))
            else:
                outcome = SubscriptionOutcome(method, uri, Failure.of_reply(reply))
            finally:
                self.pending = None
        if outcome.failure is None:
            if method == "resources/subscribe":
                self.subscribed.add(uri)
            else:
                self.subscribed.discard(uri)
        self.subscription = outcome
        self.emit(SUBSCRIPTIONS)
        return outcome

    # ---------------------------------------------------------------- notifications

    def on_notification(self, method: str, params: JsonValue) -> None:
        """A server notification: list changes reload both lists, updates are kept."""
        if method == "notifications/resources/list_changed":
            for pl in self.lists:
                pl.list_changed(True)  # it came: the list changed (declared or not)
        elif method == "notifications/resources/updated":
            self.updated(params)

    def updated(self, params: JsonValue, at: float | None = None) -> ResourceUpdate | None:
        uri = params.get("uri") if isinstance(params, dict) else None
        if not isinstance(uri, str):
            return None
        update = ResourceUpdate(time.time() if at is None else at, uri, subscription_of(params))
        self.updates.insert(0, update)
        del self.updates[MAX_UPDATES:]
        self.emit(UPDATED)
        if uri == self.shown_uri and self.auto_reread:
            self._reread()
        return update

    def clear_updates(self) -> None:
        self.updates = []
        self.emit(UPDATED)

    def _reread(self) -> None:
        if self._reread_due:
            return
        self._reread_due = True
        session = self.session

        async def later() -> None:
            await anyio.sleep(REREAD_DELAY)
            self._reread_due = False
            if self.session is session and self.shown_uri is not None:
                self.read(self.shown_uri)

        if not self.start(later):
            self._reread_due = False
