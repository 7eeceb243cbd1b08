"""The credentials of an HTTP link: what the spec's :class:`base.Authorizer` (OAuth) gives it.

Theory of operation. A link with an authorizer sends the ``Authorization`` value the authorizer
has now with every request (POSTs, the GET streams, the DELETE), in place of an ``Authorization``
among the user's headers (said once, in a side line); the header is masked by name in every
exchange recorded, and every value ever sent is hidden in the link's own words (a value changes
with each refresh: the masking follows it). Before each request the authorizer may renew what is
due (``prepare``; it never raises, a failure of its own is said and the request goes as it is).

A refusal for credentials - 401, or 403 whose Bearer challenge says ``insufficient_scope`` - of
a POST carrying a message is recorded as any exchange, marked ``authorizing`` and without the
failure it would have had (that failure is held here); then ``authorize`` emits AUTHORIZING (the
session holds its request clocks: a person may be signing in for minutes), awaits the
authorizer's ``refused`` and emits AUTHORIZED. Renewed: the link sends the same bytes again,
once (a second refusal fails the request as without an authorizer, no loop). Not renewed:
AUTHORIZED carries the held failure with the refusal's status and challenge, and the engine and
the session take it as they take a refusal without an authorizer. A link without an authorizer
sees none of this. HTTP+SSE's event stream refused so is asked about the same way and
opened again once renewed (its POSTs wait for the endpoint meanwhile). Requests refused together
are asked about one at a time; a 401 whose credentials were renewed since its request went (by another's refusal)
is sent again without asking the authorizer. Imported by ``http_streamable``,
which holds one per link."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import anyio
import httpx

from inspector.protocol.jsontypes import JsonObject

from .base import Authorizer, LinkEventKind
from .http_wire import exception_name

#: how a link says something beside the messages (its ``_side``)
Say = Callable[[str], None]
#: how a link emits a link event (kind, detail, info)
Emit = Callable[[LinkEventKind, str, JsonObject], None]


class Refused(NamedTuple):
    """A refusal for credentials: the status, every ``WWW-Authenticate`` value, and the
    ``Authorization`` the refused request carried (None: none)."""

    status: int
    challenges: tuple[str, ...]
    sent: str | None


class LinkCredentials:
    """The authorizer's part in one link (see the module docstring); ``None``: it has none."""

    def __init__(self, authorizer: Authorizer | None, say: Say, emit: Emit) -> None:
        self.authorizer = authorizer
        self._say, self._emit = say, emit
        self.sent: set[str] = set()  # every Authorization value given: hidden in the link's words
        self._told = False  # the authorizer's header won over the user's, and that was said
        self.working = 0  # refusals whose authorizer is at work
        self._held: dict[int, JsonObject] = {}  # entry -> the failure its refusal would have had
        self._asking: anyio.Event | None = None  # the authorizer is being asked: set when it answered

    @property
    def masked_names(self) -> frozenset[str]:
        """Header names (lower case) masked in every exchange recorded because of the authorizer."""
        return frozenset({"authorization"}) if self.authorizer is not None else frozenset()

    def apply(self, headers: dict[str, str]) -> dict[str, str]:
        """``headers`` with the authorizer's ``Authorization`` (when it has one) in place of any given."""
        given = self.authorizer.authorization() if self.authorizer is not None else None
        if not given:
            return headers
        if any(k.lower() == "authorization" for k in headers):
            headers = {k: v for k, v in headers.items() if k.lower() != "authorization"}
            if not self._told:
                self._told = True
                self._say("the Authorization header given is not sent: the authorizer's credentials are (OAuth)")
        self.sent.add(given)
        headers["Authorization"] = given
        return headers

    async def prepare(self, version: str | None) -> None:
        """Before a request: the authorizer renews what is due."""
        if self.authorizer is not None:
            try:
                await self.authorizer.prepare(version)
            except Exception as exc:
                self._say(f"the authorizer failed before a request: {exception_name(exc)}")

    def refusal(self, response: httpx.Response) -> Refused | None:
        """The refusal for credentials that the authorizer is to be asked about; None for any
        other answer, or without an authorizer."""
        status = response.status_code
        if self.authorizer is None or status not in (401, 403):
            return None
        challenges = tuple(response.headers.get_list("www-authenticate"))
        if status == 403 and not any("insufficient_scope" in c for c in challenges):
            return None
        return Refused(status, challenges, response.request.headers.get("authorization"))

    def hold(self, tag: int, failure: JsonObject) -> None:
        """The failure the refusal of entry ``tag`` would have had: it waits for the authorizer."""
        self._held[tag] = failure

    async def authorize(
        self, tag: int | None, refusal: Refused, version: str | None, closed: Callable[[], bool]
    ) -> bool:
        """Ask the authorizer about the refusal of entry ``tag`` (None: of HTTP+SSE's event
        stream): AUTHORIZING, its answer, AUTHORIZED (also when the link closes meanwhile: the
        clocks are let go). True: renewed. For a 401, credentials renewed since the refused request
        went (another request's refusal renewed them) are the answer: the authorizer is not asked."""
        assert self.authorizer is not None
        status, challenges, sent = refusal
        held = self._held.pop(tag, None) if tag is not None else None
        what = f"entry {tag}" if tag is not None else "the event stream's GET"
        renewed = False
        self.working += 1
        self._emit(
            LinkEventKind.AUTHORIZING,
            f"the server refused {what} with {status}: asking the authorizer for credentials "
            "(the session's clocks wait for it)",
            {"status": status} if tag is None else {"request_seq": tag, "status": status},
        )
        mine: anyio.Event | None = None
        try:
            while self._asking is not None:  # one question at a time: the one asked first may renew for all
                await self._asking.wait()
            self._asking = mine = anyio.Event()
            now = self.authorizer.authorization()
            meanwhile = status == 401 and bool(now) and now != sent  # a 403 wants more scope: still asked
            renewed = meanwhile or bool(await self.authorizer.refused(status, challenges, version))
        except Exception as exc:
            self._say(f"the authorizer failed: {exception_name(exc)}")
        finally:
            if mine is not None:
                self._asking = None
                mine.set()
            self.working -= 1
            info: JsonObject = {"status": status, "renewed": renewed}
            if tag is not None:
                info["request_seq"] = tag
            if not renewed and held is not None and not closed():  # the refusal, as the engine reads one
                info.update(held, method="POST", response_headers={"www-authenticate": ", ".join(challenges)})
            said = "renewed the credentials: sending it again" if renewed else "has no new credentials"
            self._emit(LinkEventKind.AUTHORIZED, f"{what}: the authorizer {said}", info)
        return renewed
