"""The sans-IO authorization core (inspector/protocol/oauth_*.py) driven against a real peer.

Groundwork for issue 25: nothing in the inspector runs this flow yet. Here plain httpx moves the
bytes and every decision is the core's: the challenge read, the discovery order of the version,
the documents checked, the registration and client authentication chosen, PKCE, state, the
authorization URL, the redirect's ``iss`` and ``state``, the token requests and responses, the
step-up scope. The peer is tests/fixtures/servers/sdk_oauth.py (the official Python SDK's
authorization server and bearer middleware), in its good mode and in each mode that breaks one
rule, which the core must name by its id. The browser step is the ``--no-browser`` one: the
authorization URL is requested and its 302 read. All on 127.0.0.1; each server is stopped by its
pid when its block ends.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

import httpx
import pytest
from peers import HttpPeer, oauth_peer

from inspector.protocol.oauth_challenge import BearerChallenge, bearer_of, challenge_findings, parse_challenges
from inspector.protocol.oauth_discovery import (
    Candidate,
    as_metadata_candidates,
    discovery_plan,
    legacy_base_url,
    metadata_request_headers,
    nothing_found,
    profile_for,
    resource_parameter,
)
from inspector.protocol.oauth_flow import (
    AuthorizationRequest,
    ClientCredentials,
    RedirectOutcome,
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
    select_scope,
    step_up_scope,
)
from inspector.protocol.oauth_metadata import (
    AuthServerMetadata,
    ProtectedResourceMetadata,
    choose_client_auth,
    choose_registration,
    default_metadata,
    read_as_metadata,
    read_prm,
)
from inspector.protocol.oauth_rules import AUTH_RULES, AuthFinding

pytestmark = pytest.mark.peer

REDIRECT = "http://127.0.0.1:43118/callback"  # nothing listens there: the 302 is read, never followed
MCP_HEADERS = {"accept": "application/json, text/event-stream", "content-type": "application/json"}


@pytest.fixture(scope="module")
def good() -> Iterator[HttpPeer]:
    with oauth_peer() as peer:
        yield peer


def initialize(http: httpx.Client, url: str, version: str, access_token: str | None = None) -> httpx.Response:
    headers = dict(MCP_HEADERS)
    if access_token is not None:
        headers["authorization"] = f"Bearer {access_token}"
    body = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {
            "protocolVersion": version,
            "capabilities": {},
            "clientInfo": {"name": "oauth-core", "version": "0"},
        },
    }
    return http.post(url, headers=headers, json=body)


@dataclass
class Discovered:
    """What the discovery steps found, and every finding on the way."""

    bearer: BearerChallenge | None
    prm: ProtectedResourceMetadata | None
    meta: AuthServerMetadata | None
    findings: list[AuthFinding] = field(default_factory=list)
    tried: list[str] = field(default_factory=list)

    def ids(self) -> list[str]:
        assert all(f.rule_id in AUTH_RULES for f in self.findings)
        return [f.rule_id for f in self.findings]


def _first_document(
    http: httpx.Client, cands: tuple[Candidate, ...], d: Discovered, version: str
) -> tuple[Candidate, object] | None:
    for cand in cands:
        d.tried.append(cand.url)
        answer = http.get(cand.url, headers=metadata_request_headers(version))
        if answer.status_code == 200:
            try:
                return cand, answer.json()
            except ValueError:
                continue
    return None


def discover(http: httpx.Client, url: str, version: str) -> Discovered:
    refused = initialize(http, url, version)
    assert refused.status_code == 401
    header = refused.headers.get_list("www-authenticate") or None
    d = Discovered(bearer_of(parse_challenges(header)) if header else None, None, None)
    d.findings += challenge_findings(refused.status_code, header, version)
    plan = discovery_plan(url, d.bearer.resource_metadata if d.bearer else None, version)
    assert plan is not None
    found = _first_document(http, plan.prm, d, version)
    if found is not None:
        d.prm, more = read_prm(found[1], url, found[0])
        d.findings += more
        if any(f.blocking for f in more):
            return d
    else:
        missing = nothing_found(plan.prm)
        if missing is not None:  # None: 2025-03-26 has no PRM to miss
            d.findings.append(missing)
    if d.prm is not None:
        cands = as_metadata_candidates(d.prm.authorization_servers[0], version)
    else:
        cands = plan.legacy_metadata  # 2025-03-26's plan, or the fallback of a newer version
    found = _first_document(http, cands, d, version)
    if found is not None:
        d.meta, more = read_as_metadata(found[1], found[0], version)
        d.findings += more
    else:
        missing = nothing_found(cands)
        assert missing is not None
        d.findings.append(missing)
        if d.prm is None and plan.legacy_defaults is not None:
            d.meta = default_metadata(plan.legacy_defaults, legacy_base_url(url))
    return d


def send(http: httpx.Client, request: TokenRequest) -> httpx.Response:
    return http.post(request.url, content=request.body(), headers=dict(request.headers))


@dataclass
class Signed:
    outcome: RedirectOutcome
    tokens: TokenSet | None
    findings: list[AuthFinding]
    client: ClientCredentials
    resource: str | None
    scope: tuple[str, ...] | None


def sign_in(
    http: httpx.Client,
    url: str,
    d: Discovered,
    version: str,
    *,
    client: ClientCredentials | None = None,
    scope: tuple[str, ...] | None = None,
) -> Signed:
    """Registration (when no client is given), the authorization request, the redirect, the code."""
    meta = d.meta
    assert meta is not None and meta.authorization_endpoint and meta.token_endpoint
    findings: list[AuthFinding] = []
    choice = choose_registration(meta, version, client_id=client.client_id if client else None)
    if client is None:
        assert choice.mechanism == "dynamic" and meta.registration_endpoint
        answer = http.post(
            meta.registration_endpoint, json=registration_request(redirect_uris=[REDIRECT], client_name="core")
        )
        reg, more = read_registration_response(answer.status_code, answer.json())
        assert reg is not None, more
        auth = choose_client_auth(
            meta, has_secret=reg.client_secret is not None, registered=reg.token_endpoint_auth_method
        )
        assert auth.method is not None
        client = ClientCredentials(reg.client_id, reg.client_secret, auth.method)
    profile = profile_for(version)
    assert profile is not None
    resource = resource_parameter(d.prm.resource if d.prm else None, url) if profile.resource_parameter else None
    if scope is None:
        scope = select_scope(d.bearer.scope if d.bearer else None, d.prm.scopes_supported if d.prm else None).scopes
    verifier, state = new_code_verifier(), new_state()
    request = AuthorizationRequest(
        meta.authorization_endpoint, client.client_id, REDIRECT, state, s256_challenge(verifier), scope, resource
    )
    answer = http.get(authorization_url(request))
    assert answer.status_code == 302, answer.text
    outcome = check_redirect(
        answer.headers["location"],
        expected_state=state,
        issuer=meta.issuer,
        iss_supported=meta.authorization_response_iss_parameter_supported,
    )
    findings += outcome.findings
    tokens = None
    if outcome.ok and outcome.code is not None:
        exchange = authorization_code_request(
            meta.token_endpoint,
            code=outcome.code,
            redirect_uri=REDIRECT,
            code_verifier=verifier,
            client=client,
            resource=resource,
        )
        answer = send(http, exchange)
        tokens, more = read_token_response(answer.status_code, answer.json(), requested_scope=scope, resource=resource)
        findings += more
    return Signed(outcome, tokens, findings, client, resource, scope)


# ---------------------------------------------------------------- the good mode


@pytest.mark.parametrize("version", ["2025-06-18", "2025-11-25", "2026-07-28"])
def test_the_whole_flow_on_the_good_peer(good: HttpPeer, version: str) -> None:
    with httpx.Client(timeout=10) as http:
        d = discover(http, good.url, version)
        assert d.ids() == [] and d.prm is not None and d.meta is not None
        assert d.bearer is not None and d.bearer.scope == ("mcp:tools",)
        assert d.tried[0] == d.bearer.resource_metadata  # the header's URL, first and only
        signed = sign_in(http, good.url, d, version)
        assert signed.findings == [] and signed.tokens is not None
        assert signed.scope == ("mcp:tools",) and signed.resource == good.url  # the challenge's scope first
        assert initialize(http, good.url, version, signed.tokens.access_token).status_code == 200
        # Refresh: a new access token that works; the used refresh token is gone (rotated).
        assert signed.tokens.refresh_token is not None
        again = refresh_request(
            d.meta.token_endpoint or "",
            refresh_token=signed.tokens.refresh_token,
            client=signed.client,
            resource=signed.resource,
        )
        answer = send(http, again)
        fresh, findings = read_token_response(answer.status_code, answer.json(), requested_scope=None, resource=None)
        assert findings == [] and fresh is not None and fresh.access_token != signed.tokens.access_token
        assert initialize(http, good.url, version, fresh.access_token).status_code == 200
        answer = send(http, again)
        _, findings = read_token_response(answer.status_code, answer.json(), requested_scope=None, resource=None)
        assert [f.rule_id for f in findings] == ["auth.token-error"]


@pytest.mark.parametrize(
    ("client_id", "method"), [("fixture-basic", "client_secret_basic"), ("fixture-post", "client_secret_post")]
)
def test_preregistered_confidential_clients(good: HttpPeer, client_id: str, method: str) -> None:
    with httpx.Client(timeout=10) as http:
        d = discover(http, good.url, "2025-11-25")
        assert d.meta is not None
        auth = choose_client_auth(d.meta, has_secret=True, registered=method)
        assert auth.method == method
        signed = sign_in(http, good.url, d, "2025-11-25", client=ClientCredentials(client_id, "fixture-secret", method))
        assert signed.findings == [] and signed.tokens is not None


def test_client_credentials_grant(good: HttpPeer) -> None:
    with httpx.Client(timeout=10) as http:
        d = discover(http, good.url, "2026-07-28")
        assert d.meta is not None and "client_credentials" in d.meta.grant_types_supported
        client = ClientCredentials("fixture-machine", "fixture-secret", "client_secret_basic")
        request = client_credentials_request(d.meta.token_endpoint or "", client=client, resource=good.url)
        answer = send(http, request)
        tokens, findings = read_token_response(
            answer.status_code, answer.json(), requested_scope=None, resource=good.url
        )
        assert findings == [] and tokens is not None and tokens.refresh_token is None
        assert initialize(http, good.url, "2026-07-28", tokens.access_token).status_code == 200


# ---------------------------------------------------------------- each broken mode named by its rule


@pytest.mark.parametrize(
    ("mode", "version", "rules"),
    [
        ("wrong-resource", "2025-11-25", ["auth.prm-resource-mismatch"]),
        ("issuer-mismatch", "2025-11-25", ["auth.issuer-mismatch"]),
        ("no-s256", "2026-07-28", ["auth.no-s256"]),
        ("no-pkce-methods", "2025-11-25", ["auth.no-pkce-advertised"]),
        ("no-pkce-methods", "2025-06-18", ["auth.no-pkce-advertised-legacy"]),
        # No PRM anywhere, and nothing at the origin either (the AS lives under /auth).
        ("no-prm", "2025-11-25", ["auth.prm-missing", "auth.default-endpoints"]),
        # The PRM only at the root: found second, nothing broken from 2025-11-25 on ...
        ("prm-root", "2025-11-25", []),
        # ... but 2025-06-18 wanted resource_metadata in the 401.
        ("prm-root", "2025-06-18", ["auth.challenge-no-resource-metadata"]),
        # OpenID Connect discovery only: 2025-11-25 tries it, 2025-06-18 knows RFC 8414 alone.
        ("oidc-only", "2025-11-25", []),
        ("oidc-only", "2025-06-18", ["auth.as-metadata-missing"]),
    ],
)
def test_discovery_names_what_each_mode_breaks(mode: str, version: str, rules: list[str]) -> None:
    with oauth_peer(mode) as peer, httpx.Client(timeout=10) as http:
        d = discover(http, peer.url, version)
    assert d.ids() == rules
    if mode == "prm-root":
        assert [u.rsplit("/.well-known/", 1)[1] for u in d.tried[:2]] == [
            "oauth-protected-resource/mcp",
            "oauth-protected-resource",
        ]


def test_wrong_iss_the_code_is_not_used() -> None:
    with oauth_peer("wrong-iss") as peer, httpx.Client(timeout=10) as http:
        d = discover(http, peer.url, "2026-07-28")
        assert d.ids() == []
        signed = sign_in(http, peer.url, d, "2026-07-28")
    assert [f.rule_id for f in signed.findings] == ["auth.iss-mismatch"]
    assert signed.outcome.code is None and signed.tokens is None


def test_preregistered_only_asks_for_a_client_id() -> None:
    with oauth_peer("preregistered-only") as peer, httpx.Client(timeout=10) as http:
        d = discover(http, peer.url, "2025-11-25")
        assert d.meta is not None and d.meta.registration_endpoint is None
        choice = choose_registration(d.meta, "2025-11-25", client_id=None)
        assert choice.mechanism == "user" and [f.rule_id for f in choice.findings] == ["auth.no-registration"]
        signed = sign_in(http, peer.url, d, "2025-11-25", client=ClientCredentials("fixture-public"))
        assert signed.findings == [] and signed.tokens is not None


@pytest.mark.parametrize(
    ("mode", "version", "rules"),
    [
        ("2025-03-26", "2025-03-26", []),
        # A newer client meets the old server: PRM missing, then 2025-03-26's discovery as the fallback.
        ("2025-03-26", "2025-11-25", ["auth.prm-missing"]),
        ("legacy-defaults", "2025-03-26", ["auth.default-endpoints"]),
    ],
)
def test_2025_03_26_servers(mode: str, version: str, rules: list[str]) -> None:
    with oauth_peer(mode) as peer, httpx.Client(timeout=10) as http:
        d = discover(http, peer.url, version)
        assert d.ids() == rules and d.meta is not None
        signed = sign_in(http, peer.url, d, version)
        assert signed.findings == [] and signed.tokens is not None
        assert (signed.resource is None) == (version == "2025-03-26")
        assert initialize(http, peer.url, version, signed.tokens.access_token).status_code == 200


@pytest.mark.parametrize("version", ["2025-11-25", "2026-07-28"])
def test_step_up_after_403_insufficient_scope(version: str) -> None:
    call_admin = {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "admin", "arguments": {}}}
    with oauth_peer("step-up") as peer, httpx.Client(timeout=10) as http:
        d = discover(http, peer.url, version)
        signed = sign_in(http, peer.url, d, version)
        assert signed.tokens is not None and signed.scope == ("mcp:tools",)
        opened = initialize(http, peer.url, version, signed.tokens.access_token)
        headers = {
            **MCP_HEADERS,
            "mcp-session-id": opened.headers["mcp-session-id"],
            "mcp-protocol-version": "2025-11-25",  # what the SDK server negotiates; the auth steps follow `version`
            "authorization": f"Bearer {signed.tokens.access_token}",
        }
        refused = http.post(peer.url, headers=headers, json=call_admin)
        assert refused.status_code == 403
        header = refused.headers.get_list("www-authenticate")
        assert challenge_findings(403, header, version) == []
        bearer = bearer_of(parse_challenges(header))
        assert bearer is not None and bearer.insufficient_scope and bearer.scope is not None
        wider = step_up_scope(signed.scope, bearer.scope, version)
        assert wider.scopes == ("mcp:tools", "mcp:admin")
        again = sign_in(http, peer.url, d, version, client=signed.client, scope=wider.scopes)
        assert again.findings == [] and again.tokens is not None
        headers["authorization"] = f"Bearer {again.tokens.access_token}"
        allowed = http.post(peer.url, headers=headers, json=call_admin)
        assert allowed.status_code == 200 and "admin done" in allowed.text
