"""The OAuth sign-in driver: the MCP authorization flow run against a real server, step by step.

Theory of operation
-------------------
One :class:`OAuthClient` per MCP server URL. It holds the user's :class:`OAuthOptions`, the
:class:`~.oauth_tokens.TokenStore` and a ``note(text, extra)`` recorder (the session passes one
like :mod:`.auth_discovery`'s), and runs the flow in the order the version's authorization page
gives, each decision taken by the sans-IO core (:mod:`inspector.protocol.oauth_flow`,
:mod:`~inspector.protocol.oauth_metadata`), each HTTP exchange made and recorded by
:class:`~.oauth_exchange.FlowHttp`:

1. **Discovery**: :func:`.auth_discovery.discover` after the refusal (when :meth:`~OAuthClient.sign_in`
   has none, one unauthenticated ``initialize`` POST draws the server's 401 first: purpose
   ``challenge``); its GETs and findings are recorded as :mod:`.auth_discovery` records them
   (``auth_discovery`` events, steps ``fetch`` and ``finding``). A blocking finding (no S256
   among them: the core's ``auth.no-s256`` stops here, before any authorization request) ends
   the flow at step ``discovery``; the flow's own checks of the metadata
   (:func:`~inspector.protocol.oauth_metadata.flow_findings`) at ``authorization-server``.
2. **Client identity** (step ``client-registration``), in the spec's order: the pre-registered
   client id (and secret) the user gave; a client this store registered earlier with the same
   issuer, on the same loopback redirect URI (the listener asks for its port again: a server may
   match redirect URIs exactly, port included; when that port is taken, or the scopes wanted
   go beyond those it was registered for, a new client is registered); else Dynamic Client
   Registration (RFC 7591, ``application_type`` ``native``, the loopback redirect URI, the scopes
   wanted); else the flow stops and asks for a client id. A client id that is an https URL with a
   path (:func:`~inspector.protocol.oauth_metadata.metadata_document_url`) is a **Client ID
   Metadata Document** the user hosts, used as one when the version names the mechanism
   (2025-11-25 on) and the metadata says ``client_id_metadata_document_supported``: the driver
   GETs the document first (purpose ``client-metadata``) and checks it as the authorization
   server will (:func:`~inspector.protocol.oauth_metadata.read_client_metadata`: its
   ``client_id``, the loopback redirect URI among its ``redirect_uris``, no shared secret, its
   size), stopping at step ``client-registration`` on what the server would refuse, before any
   authorization request; then it goes on as a pre-registered public client (``none``: the
   inspector has no ``private_key_jwt``). Otherwise such a client id is a pre-registered one (an
   ``info`` step says why). Without a client id, a server that supports the documents gets an
   ``info`` step saying how to use one. The token endpoint's
   client authentication (none, client_secret_basic, client_secret_post) is chosen from the
   metadata (step ``client-authentication`` when none fits).
3. **Authorization** (steps ``authorize`` and ``redirect``): PKCE S256, ``state``, ``resource``
   (RFC 8707, 2025-06-18 on), ``scope`` (the user's, else the core's
   :func:`~inspector.protocol.oauth_flow.select_scope`), sent to the browser with the loopback
   redirect of :mod:`.oauth_redirect` listening: ``browser="system"`` opens the system browser
   (``webbrowser``; the URL is also announced, so when no browser opens the user can paste it)
   and waits ``wait`` seconds; ``browser="follow"`` (``--no-browser``) GETs the URL itself and
   follows its redirects, each hop recorded, at most :data:`.oauth_browser.MAX_HOPS`, until one lands on the
   loopback redirect. The redirect is checked by
   :func:`~inspector.protocol.oauth_flow.check_redirect` (``iss`` per RFC 9207, then ``state``).
4. **Token** (step ``token``): the code redeemed with the verifier, redirect URI, ``resource``
   and client authentication; :func:`~inspector.protocol.oauth_flow.read_token_response` checks
   the answer (scope not granted, audience). The tokens go to the store under the resource and
   the issuer, and a ``signed-in`` step says the public facts (issuer, scopes, expiry, client id;
   never a token).

:meth:`~OAuthClient.refresh` uses the stored refresh token (only at the issuer that gave it;
rotated when the server gives a new one), :meth:`~OAuthClient.step_up` answers a 403
``insufficient_scope`` with a new authorization for the scopes the core's
:func:`~inspector.protocol.oauth_flow.step_up_scope` picks, within the
:class:`~inspector.protocol.oauth_flow.StepUpBudget`; ``grant="client_credentials"`` runs that
grant instead of the browser (a client id and secret needed, and the metadata must list it), its
step-up too (the same grant for the wider scopes: a machine client has no browser).
One flow runs at a time: a sign-in or refresh asked for while another runs waits for it, and
when that one renewed the token in force, its token is the answer (requests refused together
open one browser and redeem a refresh token once). :meth:`~OAuthClient.refresh_due` is true
within :data:`REFRESH_MARGIN` of the expiry (half the lifetime of a shorter-lived token), false
for a token without a refresh token, and for :data:`REFRESH_RETRY` seconds after a refresh
failed (not one more attempt before every request). A token that cannot be stored (an
unreadable ``secrets.json``) is said in an ``info`` step and kept for the session.
A failed flow records a ``failed`` step (``failed_step``, ``reason``) and returns a
:class:`SignInResult` naming the step; nothing raises for what a server sent.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass, replace
from urllib.parse import urlsplit

import anyio

from inspector.protocol.jsontypes import JsonObject
from inspector.protocol.oauth_challenge import bearer_of, parse_challenges
from inspector.protocol.oauth_discovery import profile_for, resource_parameter
from inspector.protocol.oauth_flow import (
    AuthorizationRequest,
    ClientCredentials,
    StepUpBudget,
    TokenRequest,
    TokenSet,
    authorization_code_request,
    authorization_url,
    check_redirect,
    client_credentials_request,
    new_code_verifier,
    new_state,
    read_registration_response,
    read_token_response,
    refresh_request,
    registration_request,
    s256_challenge,
    step_up_scope,
    with_offline_access,
)
from inspector.protocol.oauth_flow import refresh_due as token_refresh_due
from inspector.protocol.oauth_metadata import (
    AuthServerMetadata,
    choose_client_auth,
    choose_registration,
    flow_findings,
    metadata_document_url,
    read_client_metadata,
)
from inspector.protocol.oauth_rules import AuthFinding

from .auth_discovery import EVENT as DISCOVERY_EVENT
from .auth_discovery import AuthDiscovery, Refusal, discover, finding_data, finding_note, step_text
from .oauth_browser import FlowStopped, announce_url, browse, no_answer, spec_section
from .oauth_exchange import EVENT, FlowHttp, Note, masked_flow_url
from .oauth_redirect import loopback_redirect
from .oauth_tokens import StoredToken, TokenStore, canonical_resource

#: A token is refreshed this many seconds before its expiry (half its lifetime when that is shorter).
REFRESH_MARGIN = 60.0
#: After a refresh failed, :meth:`OAuthClient.refresh_due` says no for this many seconds.
REFRESH_RETRY = 30.0
#: Discovery's rules about the authorization code flow alone (a client-credentials sign-in is not stopped by them).
CODE_FLOW_RULES = frozenset({"auth.no-s256", "auth.no-pkce-advertised", "auth.no-code-response-type"})
#: The name the inspector registers under (RFC 7591 ``client_name``).
CLIENT_NAME = "MCP Session Inspector"


def _port_of(uri: str | None) -> int:
    """The port of a loopback redirect URI registered earlier (0: none, or none given)."""
    if not uri:
        return 0
    try:
        return urlsplit(uri).port or 0
    except ValueError:
        return 0


def _registration_order(version: str) -> tuple[str, ...]:
    profile = profile_for(version)
    return profile.registration_order if profile is not None else ()


def _offers_cimd(meta: AuthServerMetadata, version: str) -> bool:
    """Whether ``version`` names Client ID Metadata Documents and the authorization server supports them."""
    return meta.client_id_metadata_document_supported and "client-id-metadata-document" in _registration_order(version)


def _cimd_section(version: str) -> str:
    if version == "2026-07-28":
        return f"{version} basic/authorization/client-registration#client-id-metadata-documents"
    return f"{version} basic/authorization#client-id-metadata-documents"


def challenge_request(version: str) -> JsonObject:
    """The ``initialize`` request sent without a token to draw the server's challenge."""
    info: JsonObject = {"name": CLIENT_NAME, "version": "0"}
    params: JsonObject = {"protocolVersion": version, "capabilities": {}, "clientInfo": info}
    return {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": params}


@dataclass(frozen=True)
class OAuthOptions:
    """What the user chose for a server's sign-in (see the module's theory)."""

    client_id: str | None = None  # pre-registered
    client_secret: str | None = None
    scopes: tuple[str, ...] | None = None  # None: select_scope's choice
    browser: str = "system"  # "system" or "follow" (--no-browser)
    wait: float = 300.0  # how long to wait for the redirect
    grant: str = "authorization_code"  # or "client_credentials"
    auth_method: str | None = None  # a pre-registered client's token endpoint auth method (None: from the metadata)
    timeout: float = 10.0  # each HTTP exchange of the flow
    verify_tls: bool = True

    def __repr__(self) -> str:  # the secret never shown
        secret = "set" if self.client_secret else None
        return (
            f"OAuthOptions(client_id={self.client_id!r}, client_secret={secret!r}, scopes={self.scopes!r}, "
            f"browser={self.browser!r}, wait={self.wait!r}, grant={self.grant!r})"
        )


@dataclass(frozen=True)
class SignInResult:
    """How a sign-in, refresh or step-up ended: ``failed_step`` names the step that stopped it;
    the token set's public facts only (never a token)."""

    ok: bool
    failed_step: str | None = None
    reason: str = ""
    findings: tuple[AuthFinding, ...] = ()
    issuer: str | None = None
    scopes: tuple[str, ...] = ()
    expires_at: float | None = None
    client_id: str | None = None


class OAuthClient:
    """The sign-in driver for the MCP server at ``server_url`` (see the module's theory)."""

    def __init__(
        self,
        server_url: str,
        options: OAuthOptions | None = None,
        store: TokenStore | None = None,
        note: Note | None = None,
        *,
        announce: Callable[[str], None] = announce_url,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.server_url = server_url
        self.resource_key = canonical_resource(server_url)
        self.options = options or OAuthOptions()
        self.store = store
        self.note: Note = note or (lambda text, extra: None)
        self.announce, self.clock = announce, clock
        self.budget = StepUpBudget()
        self._token: StoredToken | None = None
        self._discovery: AuthDiscovery | None = None
        self._findings: list[AuthFinding] = []
        self._busy: anyio.Event | None = None  # a flow is running: the next waits for it
        self._refresh_failed: float | None = None  # when the last refresh failed (wall clock)

    # ------------------------------------------------------------------ the token in force

    def current(self) -> StoredToken | None:
        """The token in force: this client's, else the store's for this resource (and, once
        discovery named one, for its issuer only)."""
        if self._token is None and self.store is not None:
            meta = self._discovery.metadata if self._discovery is not None else None
            if meta is not None:
                self._token = self.store.find(self.server_url, meta.issuer)
            else:
                entries = self.store.get(self.server_url)
                self._token = entries[0] if entries else None
        return self._token

    def authorization(self) -> str | None:
        """``Bearer …`` for the token in force, or ``None``."""
        t = self.current()
        return f"Bearer {t.access_token}" if t is not None else None

    def refresh_due(self, now: float | None = None) -> bool:
        """Whether the token in force is at or near its expiry (wall clock): within a minute of it,
        or within half its lifetime for a token that lives less than two (not before every request)."""
        t = self.current()
        now = self.clock() if now is None else now
        if self._refresh_failed is not None and now - self._refresh_failed < REFRESH_RETRY:
            return False  # not before each request while the refresh fails (a 401 still asks for one)
        if t is None or t.refresh_token is None or t.expires_at is None:
            return False
        margin = REFRESH_MARGIN
        if t.stored_at > 0:
            margin = min(margin, max(0.0, (t.expires_at - t.stored_at) / 2))
        return token_refresh_due(t.expires_at, now, margin)

    def facts(self) -> SignInResult:
        """The public facts of the token in force (``ok`` False when there is none)."""
        t = self.current()
        if t is None:
            return SignInResult(False, None, "not signed in")
        return SignInResult(True, issuer=t.issuer, scopes=t.scopes, expires_at=t.expires_at, client_id=t.client_id)

    # ------------------------------------------------------------------ the public steps

    async def sign_in(self, refusal: Refusal | None, version: str) -> SignInResult:
        """The whole flow after ``refusal`` (``None``: draw one first), by ``version``'s page."""
        return await self._one_at_a_time(lambda: self._sign_in(refusal, version, None), renewed_will_do=True)

    async def refresh(self, version: str) -> SignInResult:
        """A refresh with the stored refresh token, at the issuer that gave it."""
        result = await self._one_at_a_time(lambda: self._refresh(version), renewed_will_do=True)
        self._refresh_failed = None if result.ok else self.clock()
        return result

    async def step_up(self, refusal: Refusal, version: str, operation: str = "request") -> SignInResult:
        """A new authorization after a 403 ``insufficient_scope`` (``refusal``) for the scopes
        the challenge names, at most ``budget.limit`` times per resource and ``operation``."""
        return await self._one_at_a_time(lambda: self._step_up(refusal, version, operation), renewed_will_do=False)

    def forget(self) -> int:
        """Sign out: the token in force and every stored entry of this resource dropped."""
        self._token = None
        return self.store.forget(self.server_url) if self.store is not None else 0

    # ------------------------------------------------------------------ running and recording

    async def _one_at_a_time(
        self, flow: Callable[[], Coroutine[object, object, SignInResult]], *, renewed_will_do: bool
    ) -> SignInResult:
        """One flow at a time (requests refused together ask together: one browser, one refresh
        token redeemed once). ``renewed_will_do``: when the flow waited on renewed the token in
        force, that token is the answer (no second sign-in or refresh)."""
        before = self.current()
        waited = False
        while self._busy is not None:
            waited = True
            await self._busy.wait()
        if waited and renewed_will_do and self._token is not None and self._token is not before:
            return self.facts()
        self._busy = busy = anyio.Event()
        try:
            return await self._run(flow())
        finally:
            self._busy = None
            busy.set()

    async def _run(self, flow: Coroutine[object, object, SignInResult]) -> SignInResult:
        self._findings = []
        try:
            result = await flow
        except FlowStopped as stop:
            self.note(
                f"sign-in failed at step {stop.step}: {stop.reason}",
                {"event": EVENT, "step": "failed", "failed_step": stop.step, "reason": stop.reason},
            )
            return SignInResult(False, stop.step, stop.reason, tuple(self._findings))
        return result

    def _finding(self, f: AuthFinding) -> None:
        self._findings.append(f)
        self.note(finding_note(f), {"event": EVENT, "step": "finding", "finding": finding_data(f)})

    def _stop_on(self, step: str, findings: Sequence[AuthFinding], what: str) -> None:
        for f in findings:
            if f not in self._findings:
                self._finding(f)
        blocking = [f.rule_id for f in findings if f.blocking]
        if blocking:
            raise FlowStopped(step, f"{what}: {', '.join(dict.fromkeys(blocking))}")

    def _http(self) -> FlowHttp:
        return FlowHttp(self.server_url, self.note, verify_tls=self.options.verify_tls, timeout=self.options.timeout)

    def _signed_in(self, token: StoredToken, grant: str) -> SignInResult:
        if self.store is not None:
            try:
                token = self.store.put(token)
            except OSError as exc:  # signed in all the same: the token is kept for this session only
                text = f"the token could not be stored ({type(exc).__name__}: {exc}); it is kept for this session only"
                self.note(text, {"event": EVENT, "step": "info", "text": text})
        self._token = token
        expiry = (
            "no expiry given" if token.expires_at is None else f"expires in {token.expires_at - self.clock():.0f} s"
        )
        self.note(
            f"signed in at {token.issuer} ({grant}): scopes {' '.join(token.scopes) or 'none named'}, {expiry}",
            {
                "event": EVENT,
                "step": "signed-in",
                "grant": grant,
                "issuer": token.issuer,
                "scopes": list(token.scopes),
                "expires_at": token.expires_at,
                "client_id": token.client_id,
            },
        )
        return SignInResult(
            True,
            findings=tuple(self._findings),
            issuer=token.issuer,
            scopes=token.scopes,
            expires_at=token.expires_at,
            client_id=token.client_id,
        )

    # ------------------------------------------------------------------ discovery

    async def _challenge(self, http: FlowHttp, version: str) -> Refusal:
        answer = await http.send(
            "challenge",
            "POST",
            self.server_url,
            headers=[("Accept", "application/json, text/event-stream"), ("MCP-Protocol-Version", version)],
            json_body=challenge_request(version),
            expected="a request without a token is refused: 401 with a WWW-Authenticate Bearer challenge",
            spec=spec_section("challenge", version),
        )
        if answer.status not in (401, 403):
            raise FlowStopped(
                "challenge", f"the server answered {answer.said()} without a token: it asks for no sign-in"
            )
        values = answer.header_values("www-authenticate")
        return Refusal(answer.status, masked_flow_url(self.server_url), values or None)

    async def _discover(self, http: FlowHttp, refusal: Refusal | None, version: str) -> AuthDiscovery:
        if refusal is None:
            refusal = await self._challenge(http, version)
        d = await discover(
            self.server_url, refusal, version, verify_tls=self.options.verify_tls, timeout=self.options.timeout
        )
        for step in d.fetched:
            self.note(step_text(step), {"event": DISCOVERY_EVENT, "step": "fetch", "fetch": step.data()})
        if self.options.client_id is not None:  # the user gave the client id discovery found no way to get
            d.findings = [f for f in d.findings if f.rule_id != "auth.no-registration"]
        for f in d.findings:
            self._findings.append(f)
            self.note(finding_note(f), {"event": DISCOVERY_EVENT, "step": "finding", "finding": finding_data(f)})
        if d.no_section:
            raise FlowStopped("discovery", f"{version} has no authorization section")
        # discovery judged registration without the user's client id: the client identity step says it again
        ignored = {"auth.no-registration"}
        if self.options.grant == "client_credentials":  # no authorization request: PKCE and "code" do not apply
            ignored |= CODE_FLOW_RULES
        blocking = [f.rule_id for f in d.findings if f.blocking and f.rule_id not in ignored]
        if blocking:
            rules = ", ".join(dict.fromkeys(blocking))
            raise FlowStopped("discovery", f"the server's authorization metadata cannot be used: {rules}")
        if d.metadata is None:
            raise FlowStopped("discovery", "no authorization server metadata was found")
        self._discovery = d
        if self._token is not None and self._token.issuer != d.metadata.issuer:
            self._token = None  # a token from another issuer is never sent to this server
        return d

    def _resource(self, d: AuthDiscovery, version: str) -> str | None:
        profile = profile_for(version)
        if profile is None or not profile.resource_parameter:
            return None
        return resource_parameter(d.prm.resource if d.prm is not None else None, self.server_url)

    # ------------------------------------------------------------------ the authorization code flow

    async def _sign_in(self, refusal: Refusal | None, version: str, scopes: tuple[str, ...] | None) -> SignInResult:
        async with self._http() as http:
            d = await self._discover(http, refusal, version)
            meta = d.metadata
            assert meta is not None
            if self.options.grant == "client_credentials":
                return await self._client_credentials(http, d, meta, version)
            known = set(d.findings)
            self._stop_on(
                "authorization-server",
                [f for f in flow_findings(meta, version) if f not in known],
                "the authorization server does not allow this flow",
            )
            return await self._authorize(http, d, meta, version, scopes)

    async def _authorize(
        self,
        http: FlowHttp,
        d: AuthDiscovery,
        meta: AuthServerMetadata,
        version: str,
        scopes: tuple[str, ...] | None,
    ) -> SignInResult:
        wanted = scopes or self.options.scopes or d.scopes
        wanted = with_offline_access(wanted, meta.scopes_supported)
        resource = self._resource(d, version)
        earlier = self._earlier_client(meta)
        async with loopback_redirect(port=_port_of(earlier.redirect_uri if earlier is not None else None)) as listener:
            client, for_scopes, client_redirect = await self._client_identity(
                http, meta, version, listener.redirect_uri, wanted, earlier
            )
            verifier, state = new_code_verifier(), new_state()
            url = authorization_url(
                AuthorizationRequest(
                    authorization_endpoint=meta.authorization_endpoint or "",
                    client_id=client.client_id,
                    redirect_uri=listener.redirect_uri,
                    state=state,
                    code_challenge=s256_challenge(verifier),
                    scope=wanted,
                    resource=resource,
                )
            )
            query = await browse(
                http, url, listener, version, self.options.browser, self.options.wait, self.note, self.announce
            )
        outcome = check_redirect(
            query,
            expected_state=state,
            issuer=meta.issuer,
            iss_supported=meta.authorization_response_iss_parameter_supported,
        )
        self._stop_on("redirect", outcome.findings, "the authorization response is refused")
        if outcome.code is None:
            raise FlowStopped("redirect", "the authorization response carried no code")
        request = authorization_code_request(
            meta.token_endpoint or "",
            code=outcome.code,
            redirect_uri=listener.redirect_uri,
            code_verifier=verifier,
            client=client,
            resource=resource,
        )
        expected = "200 with access_token and token_type Bearer (the code redeemed with its PKCE verifier)"
        tokens = await self._token_exchange(http, "token", request, version, expected, wanted, resource)
        stored = replace(
            self._stored(meta, tokens, client, wanted), redirect_uri=client_redirect, client_scopes=for_scopes
        )
        return self._signed_in(stored, "authorization_code")

    async def _client_identity(
        self,
        http: FlowHttp,
        meta: AuthServerMetadata,
        version: str,
        redirect_uri: str,
        scopes: tuple[str, ...] | None,
        earlier: StoredToken | None,
    ) -> tuple[ClientCredentials, tuple[str, ...] | None, str | None]:
        """The client, and the scopes and redirect URI a dynamic one was registered with (None:
        not limited; not known, or a client the user gave)."""
        opts = self.options
        secret: str | None = None
        registered: str | None = None
        for_scopes: tuple[str, ...] | None = None
        client_redirect: str | None = None
        if opts.client_id is not None and await self._metadata_document(http, meta, version, redirect_uri):
            client_id, registered = opts.client_id, "none"
            how = "the Client ID Metadata Document given as the client id"
        elif opts.client_id is not None:
            client_id, secret, registered = opts.client_id, opts.client_secret, opts.auth_method
            how = "the pre-registered client id given"
        else:
            # a client registered earlier on this very redirect URI (a server may match it exactly, port
            # included) for the scopes wanted now (a server may hold a client to the scope it registered)
            if (
                earlier is not None
                and earlier.client_id is not None
                and earlier.redirect_uri in (None, redirect_uri)  # None: a client given by the user earlier
                and (earlier.client_scopes is None or set(scopes or ()) <= set(earlier.client_scopes))
            ):
                client_id, secret, for_scopes = earlier.client_id, earlier.client_secret, earlier.client_scopes
                client_redirect = earlier.redirect_uri
                how = "the client registered earlier with this issuer"
            else:
                client_id, secret, registered, for_scopes = await self._register(
                    http, meta, version, redirect_uri, scopes
                )
                client_redirect = redirect_uri
                how = "the client registered just now"
        choice = choose_client_auth(meta, has_secret=secret is not None, registered=registered)
        self._stop_on("client-authentication", choice.findings, "no client authentication fits")
        if choice.method is None:
            raise FlowStopped("client-authentication", "no client authentication method fits")
        self.note(
            f"client id {client_id} ({how}), client authentication {choice.method}",
            {"event": EVENT, "step": "client", "client_id": client_id, "how": how, "auth_method": choice.method},
        )
        return ClientCredentials(client_id, secret, choice.method), for_scopes, client_redirect

    def _earlier_client(self, meta: AuthServerMetadata) -> StoredToken | None:
        """The entry of a client this store registered earlier with ``meta``'s issuer (none when
        the user gave a client id)."""
        if self.options.client_id is not None:
            return None
        if self.store is not None:
            found = self.store.find(self.server_url, meta.issuer)
            if found is not None:
                return found
        t = self._token
        return t if t is not None and t.issuer == meta.issuer else None

    async def _metadata_document(
        self, http: FlowHttp, meta: AuthServerMetadata, version: str, redirect_uri: str
    ) -> bool:
        """Whether the user's client id is used as a Client ID Metadata Document (fetched and
        checked here; stops at ``client-registration`` on what the server would refuse), or
        ``False``: a pre-registered client id (said as an ``info`` step when it is an https URL)."""
        url = metadata_document_url(self.options.client_id)
        if url is None:
            return False
        if not _offers_cimd(meta, version):
            why = (
                f"{version} names no Client ID Metadata Documents"
                if "client-id-metadata-document" not in _registration_order(version)
                else "the authorization server's metadata does not say client_id_metadata_document_supported"
            )
            text = f"the client id {url} is an https URL, but {why}: it is used as a pre-registered client id"
            self.note(text, {"event": EVENT, "step": "info", "text": text})
            return False
        answer = await http.send(
            "client-metadata",
            "GET",
            url,
            headers=[("Accept", "application/json")],
            expected="200 with the client's metadata as a JSON object: client_id (this URL), client_name, "
            "redirect_uris with the loopback redirect URI",
            spec=_cimd_section(version),
        )
        if answer.status != 200:
            found = answer.said() + (" (a redirect: not followed)" if 300 <= (answer.status or 0) < 400 else "")
            finding = AuthFinding("auth.cimd-unreadable", "200 with a JSON object", found, url)
            self._stop_on("client-registration", [finding], "the Client ID Metadata Document cannot be read")
        doc, findings = read_client_metadata(answer.json(), url, redirect_uri, len(answer.body))
        self._stop_on("client-registration", findings, "the Client ID Metadata Document would be refused")
        notes = []
        if doc is not None and doc.token_endpoint_auth_method is None:
            notes.append(
                "the document names no token_endpoint_auth_method (RFC 7591's default is client_secret_basic, "
                'which such a document cannot use): the inspector signs in as a public client; say "none" in it'
            )
        if self.options.client_secret is not None:
            notes.append("the client secret given is not sent: a Client ID Metadata Document's client has none")
        for text in notes:
            self.note(text, {"event": EVENT, "step": "info", "text": text})
        return True

    async def _register(
        self,
        http: FlowHttp,
        meta: AuthServerMetadata,
        version: str,
        redirect_uri: str,
        scopes: tuple[str, ...] | None,
    ) -> tuple[str, str | None, str | None, tuple[str, ...] | None]:
        cimd = _offers_cimd(meta, version)
        if cimd:
            text = (
                "the authorization server supports Client ID Metadata Documents: to use one, host your document "
                "at an https URL and give that URL as the client id (--client-id)"
            )
            self.note(text, {"event": EVENT, "step": "info", "text": text})
        choice = choose_registration(meta, version, client_id=None)
        if choice.mechanism != "dynamic":
            ask = "a pre-registered one or your Client ID Metadata Document's URL" if cimd else "a pre-registered one"
            what = f"no client id (the server registers none: give {ask}, --client-id)"
            self._stop_on("client-registration", choice.findings, what)
            raise FlowStopped("client-registration", f"no client id: give {ask} (--client-id)")
        endpoint = meta.registration_endpoint or ""
        body = registration_request(redirect_uris=[redirect_uri], client_name=CLIENT_NAME, scope=scopes)
        answer = await http.send(
            "registration",
            "POST",
            endpoint,
            headers=[("Accept", "application/json")],
            json_body=body,
            expected="201 with the client's client_id (RFC 7591 section 3.2.1)",
            spec=spec_section("registration", version),
        )
        no_answer("client-registration", answer)
        reg, findings = read_registration_response(answer.status or 0, answer.json())
        self._stop_on("client-registration", findings, "dynamic client registration failed")
        if reg is None:
            raise FlowStopped("client-registration", "dynamic client registration gave no client id")
        doc = answer.json()
        given = doc.get("scope") if isinstance(doc, dict) else None  # RFC 7591 3.2.1: the metadata registered
        for_scopes = tuple(given.split()) if isinstance(given, str) else (tuple(scopes) if scopes else None)
        return reg.client_id, reg.client_secret, reg.token_endpoint_auth_method, for_scopes

    # ------------------------------------------------------------------ tokens

    async def _token_exchange(
        self,
        http: FlowHttp,
        purpose: str,
        request: TokenRequest,
        version: str,
        expected: str,
        requested: tuple[str, ...] | None,
        resource: str | None,
    ) -> TokenSet:
        step = "token" if purpose == "token" else purpose
        answer = await http.send(
            purpose,
            "POST",
            request.url,
            headers=request.headers,
            form=request.fields,
            expected=expected,
            spec=spec_section(purpose, version),
        )
        no_answer(step, answer)
        tokens, findings = read_token_response(
            answer.status or 0, answer.json(), requested_scope=requested, resource=resource
        )
        self._stop_on(step, findings, "the token endpoint's answer is refused")
        if tokens is None:
            raise FlowStopped(step, "no token")
        return tokens

    def _stored(
        self,
        meta: AuthServerMetadata,
        tokens: TokenSet,
        client: ClientCredentials,
        requested: tuple[str, ...] | None,
        keep_refresh: str | None = None,
    ) -> StoredToken:
        registered_here = self.options.client_id is None  # a dynamic client's secret is this store's to keep
        return StoredToken(
            resource=self.resource_key,
            issuer=meta.issuer,
            access_token=tokens.access_token,
            token_type=tokens.token_type,
            refresh_token=tokens.refresh_token or keep_refresh,
            expires_at=None if tokens.expires_in is None else self.clock() + tokens.expires_in,
            stored_at=self.clock(),
            scopes=tokens.granted(requested),
            client_id=client.client_id,
            client_secret=client.client_secret if registered_here else None,
        )

    async def _refresh(self, version: str) -> SignInResult:
        held = self.current()
        if held is None or held.refresh_token is None:
            raise FlowStopped("refresh", "no refresh token is stored for this server")
        async with self._http() as http:
            d = self._discovery or await self._discover(http, None, version)
            meta = d.metadata
            assert meta is not None
            if held.issuer != meta.issuer:
                raise FlowStopped(
                    "refresh",
                    f"the stored token comes from {held.issuer}, not from the server's authorization server "
                    f"{meta.issuer}: its refresh token is not sent there",
                )
            client_id = held.client_id or self.options.client_id or ""
            secret = held.client_secret
            if self.options.client_id == client_id and self.options.client_secret is not None:
                secret = self.options.client_secret
            registered = self.options.auth_method if self.options.client_id == client_id else None
            if metadata_document_url(client_id) is not None and _offers_cimd(meta, version):
                secret, registered = None, "none"  # a Client ID Metadata Document's client: public
            choice = choose_client_auth(meta, has_secret=secret is not None, registered=registered)
            if choice.method is None:
                self._stop_on("refresh", choice.findings, "no client authentication fits")
                raise FlowStopped("refresh", "no client authentication fits")
            client = ClientCredentials(client_id, secret, choice.method)
            resource = self._resource(d, version)
            request = refresh_request(
                meta.token_endpoint or "", refresh_token=held.refresh_token, client=client, resource=resource
            )
            expected = "200 with a new access_token (and, for a public client, a rotated refresh_token)"
            tokens = await self._token_exchange(http, "refresh", request, version, expected, held.scopes, resource)
        stored = self._stored(meta, tokens, client, held.scopes, keep_refresh=held.refresh_token)
        kept = replace(
            stored, client_secret=held.client_secret, redirect_uri=held.redirect_uri, client_scopes=held.client_scopes
        )
        return self._signed_in(kept, "refresh_token")

    async def _step_up(self, refusal: Refusal, version: str, operation: str) -> SignInResult:
        bearer = bearer_of(parse_challenges(refusal.challenge)) if refusal.challenge else None
        if bearer is None or not bearer.insufficient_scope or not bearer.scope:
            raise FlowStopped("step-up", "the refusal is no 403 insufficient_scope naming the scope it needs")
        if not self.budget.take(self.resource_key, operation):
            raise FlowStopped("step-up", f"the step-up limit ({self.budget.limit}) for {operation} is reached")
        held = self.current()
        choice = step_up_scope(held.scopes if held is not None else None, bearer.scope, version)
        self.note(
            f"step-up for {operation}: asking for {' '.join(choice.scopes or ())}",
            {"event": EVENT, "step": "step-up", "operation": operation, "scopes": list(choice.scopes or ())},
        )
        async with self._http() as http:
            d = self._discovery or await self._discover(http, refusal, version)
            meta = d.metadata
            assert meta is not None
            if self.options.grant == "client_credentials":  # a machine client: the same grant, wider (no browser)
                return await self._client_credentials(http, d, meta, version, choice.scopes)
            return await self._authorize(http, d, meta, version, choice.scopes)

    async def _client_credentials(
        self,
        http: FlowHttp,
        d: AuthDiscovery,
        meta: AuthServerMetadata,
        version: str,
        scopes: tuple[str, ...] | None = None,
    ) -> SignInResult:
        opts = self.options
        if opts.client_id is None or opts.client_secret is None:
            raise FlowStopped(
                "client-credentials", "the client credentials grant needs a client id and a client secret"
            )
        known = set(d.findings)
        self._stop_on(
            "authorization-server",
            [f for f in flow_findings(meta, version, "client_credentials") if f not in known],
            "the authorization server does not allow the client credentials grant",
        )
        choice = choose_client_auth(meta, has_secret=True, registered=opts.auth_method)
        self._stop_on("client-authentication", choice.findings, "no client authentication fits")
        client = ClientCredentials(opts.client_id, opts.client_secret, choice.method or "client_secret_basic")
        resource = self._resource(d, version)
        wanted = scopes or opts.scopes or d.scopes
        request = client_credentials_request(meta.token_endpoint or "", client=client, resource=resource, scope=wanted)
        expected = "200 with an access_token for the client itself (no refresh token)"
        tokens = await self._token_exchange(http, "client-credentials", request, version, expected, wanted, resource)
        return self._signed_in(self._stored(meta, tokens, client, wanted), "client_credentials")
