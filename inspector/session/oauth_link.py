"""OAuth on a session's HTTP link: the sign-in driver behind the transport's ``Authorizer`` hook.

Theory of operation
-------------------
The HTTP transports know nothing of OAuth: they ask an :class:`~inspector.transport.base.Authorizer`
for the ``Authorization`` value of each request, let it renew what is due before one, and ask it
what to do when the server refuses a request for its credentials (401, or 403
``insufficient_scope``). :class:`OAuthAuthorizer` is that authorizer for one MCP server, made of
the sign-in driver (:class:`~.oauth_client.OAuthClient`) and nothing else:

* ``authorization()`` is the driver's token in force (the store's, for this resource and, once
  discovery named it, its issuer only), or none: the first request then goes without one and
  draws the server's challenge, which is where the spec's flow starts;
* ``prepare()`` refreshes a token when the driver says one is due
  (:meth:`~.oauth_client.OAuthClient.refresh_due`: at or near its expiry, with a refresh token,
  and not again right after a refresh failed; the request then goes as it is and the server's
  401 asks again; a token without a refresh token, as the client credentials grant gives, is
  renewed on that 401 by running its grant again);
* ``refused()``: a 403 ``insufficient_scope`` is a step-up (within the driver's budget); a 401
  with a token in force is first a refresh (once per refusal), then the whole sign-in; a 401
  without one is the whole sign-in after that refusal. The session's request clocks are held
  meanwhile (the link's AUTHORIZING/AUTHORIZED events): a person may take minutes in a browser.

:meth:`OAuthAuthorizer.bind` ties it to the session it serves: every step of the flow is
recorded there as an event (``auth_discovery`` and ``auth_flow``, secrets masked by the driver),
and the protocol version of the session (negotiated, else offered) chooses the spec page the flow
follows. :attr:`OAuthAuthorizer.last` is how the last flow ended and
:attr:`~OAuthAuthorizer.flow` which one it was, named as it starts (the probe's summary, the
window's banner); :attr:`~OAuthAuthorizer.refusing` is the failed flow that left a request
refused (the probe's exit code 9: a refresh that failed before a request while the token still
served is not one). :func:`with_authorizer` puts an authorizer on a session's options when its
transport is HTTP. Nothing here touches Qt or
the transport's internals.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from dataclasses import replace

from inspector.protocol.jsontypes import JsonObject
from inspector.protocol.oauth_challenge import bearer_of, parse_challenges
from inspector.protocol.versions import LATEST_MODERN
from inspector.transport.base import Authorizer, HttpSpec

from .auth_discovery import Refusal
from .core import SessionOptions
from .oauth_client import OAuthClient, SignInResult
from .session import Session


def session_version(session: Session) -> str:
    """The protocol version a flow for ``session`` follows: negotiated, else offered, else the
    newest the client would offer."""
    eng = session.engine
    return eng.version or eng.offered_version or eng.config.modern_version


class OAuthAuthorizer:
    """The transport's authorizer for one MCP server (see the module's theory)."""

    def __init__(self, client: OAuthClient) -> None:
        self.client = client
        self.last: SignInResult | None = None  # how the last sign-in, refresh or step-up ended
        self.flow: str | None = None  # which of them ran last: "sign-in", "refresh" or "step-up"
        #: the failed flow that left a refused request refused (None: none did, or a later flow lifted it):
        #: what made the session fail, unlike a refresh before a request that failed while the token still served
        self.refusing: SignInResult | None = None
        self._version: Callable[[], str] = lambda: LATEST_MODERN

    def bind(self, session: Session) -> None:
        """Record the flow in ``session`` and follow its protocol version."""

        def note(text: str, extra: JsonObject) -> None:
            session.record_note(text, extra)

        self.client.note = note
        self._version = lambda: session_version(session)

    def authorization(self) -> str | None:
        return self.client.authorization()

    async def _ran(self, flow: str, run: Coroutine[object, object, SignInResult]) -> SignInResult:
        """``run`` as the flow named ``flow``: :attr:`flow` is named as it starts (a session stopped
        in it leaves it named, :attr:`last` unchanged), :attr:`last` is how it ended."""
        self.flow = flow
        self.last = await run
        return self.last

    def _lifted(self, result: SignInResult) -> bool:
        """Whether ``result`` lifted the refusal it answered (:attr:`refusing` kept when not)."""
        self.refusing = None if result.ok else result
        return result.ok

    async def prepare(self, version: str | None) -> None:
        if self.client.refresh_due():  # the driver's policy: a refresh token, not just after one failed
            await self._ran("refresh", self.client.refresh(version or self._version()))

    async def refused(self, status: int, challenges: tuple[str, ...], version: str | None) -> bool:
        v = version or self._version()
        refusal = Refusal(status, self.client.server_url, challenges or None)
        if status == 403:
            return self._lifted(await self._ran("step-up", self.client.step_up(refusal, v)))
        bearer = bearer_of(parse_challenges(challenges)) if challenges else None
        expired = bearer is None or bearer.error in (None, "invalid_token")
        token = self.client.current()
        if token is not None and token.refresh_token and expired:
            renewed = await self._ran("refresh", self.client.refresh(v))
            if renewed.ok:
                return self._lifted(renewed)
        return self._lifted(await self._ran("sign-in", self.client.sign_in(refusal, v)))


def with_authorizer(options: SessionOptions, authorizer: Authorizer) -> SessionOptions:
    """``options`` with ``authorizer`` on its HTTP transport (unchanged for another transport)."""
    spec = options.transport
    if not isinstance(spec, HttpSpec):
        return options
    return replace(options, transport=replace(spec, authorizer=authorizer))
