"""The authorization code and client credentials flows' values, sans-IO: built and checked.

Theory of operation
-------------------
Everything the flow sends is built here from its parts, and everything it receives is checked
here, so the layer that does the HTTP only moves bytes and the rules stay in one place:

* PKCE (RFC 7636): :func:`new_code_verifier` makes a verifier from 32 bytes (43 characters of
  the unreserved set; the caller may pass the bytes, so tests are exact),
  :func:`code_verifier_problems` checks one (section 4.1: 43 to 128 characters of
  ``[A-Z] / [a-z] / [0-9] / "-" / "." / "_" / "~"``), :func:`s256_challenge` derives
  ``BASE64URL(SHA256(ASCII(verifier)))`` without padding (section 4.2; only S256 is used: MCP
  requires it). :func:`new_state` makes the ``state`` value the same way.
* The authorization request (:class:`AuthorizationRequest`, :func:`authorization_url`): the
  endpoint's own query is kept (OAuth 2.1 section 4.1.1) and ``response_type=code``,
  ``client_id``, ``redirect_uri``, ``code_challenge``, ``code_challenge_method=S256``, ``state``,
  ``scope`` (space-separated) and ``resource`` (RFC 8707, from 2025-06-18) are added.
* The redirect back (:func:`check_redirect`): the ``iss`` check of RFC 9207 section 2.4 as
  2026-07-28's table words it (advertised and present: compare; advertised and absent: reject;
  not advertised and present: compare; neither: go on), by simple string comparison and before
  anything else, so an error from a mixed-up server is neither used nor shown; then ``state``
  (2025-06-18 on: results without it or with another are discarded); then ``error`` or ``code``.
  The inspector applies the ``iss`` table in every version: earlier pages do not name RFC 9207,
  but a client that supports it checks ``iss`` whenever it is there.
* The token requests (:class:`TokenRequest`): ``authorization_code`` (with ``code_verifier``,
  ``redirect_uri`` and ``resource``), ``refresh_token`` and ``client_credentials``, each with the
  client authentication chosen by :func:`.oauth_metadata.choose_client_auth`: ``none``
  (``client_id`` in the body), ``client_secret_basic`` (RFC 6749 section 2.3.1: id and secret
  form-encoded, joined by a colon, Base64 in ``Authorization: Basic``) or ``client_secret_post``
  (``client_secret`` in the body). ``client_id`` is in the body with every method: section
  3.2.1 lets a client name itself so, and the official SDK's token endpoint wants it even with
  Basic (it is no second authentication method: it proves nothing).
* The token response (:func:`read_token_response`, OAuth 2.1 section 3.2.3): ``access_token`` and
  ``token_type`` (Bearer, without regard to case) required; ``expires_in``, ``refresh_token`` and
  ``scope`` read; a scope smaller than asked for is ``auth.scope-not-granted``; a JWT access
  token whose ``aud`` does not name the resource is ``auth.token-audience`` (an opaque token is
  not judged). The expiry is relative: the caller adds its own clock (:func:`refresh_due`).
* Scopes: :func:`select_scope` (2025-11-25 #scope-selection-strategy: the challenge's ``scope``,
  else the PRM's ``scopes_supported``, else none) and :func:`step_up_scope` (2025-11-25: the
  challenge's scopes; 2026-07-28 #step-up-authorization-flow: their union with the scopes asked
  for before), with :class:`StepUpBudget` keeping the retry limit per resource and operation.
* Dynamic client registration (RFC 7591): :func:`registration_request` and
  :func:`read_registration_response`; 2026-07-28 wants ``application_type`` (``native`` for a
  desktop client redirected to a loopback address).
"""

from __future__ import annotations

import base64
import hashlib
import json
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from urllib.parse import parse_qsl, quote, urlencode, urlsplit, urlunsplit

from .jsontypes import JsonObject, JsonValue
from .oauth_rules import AuthFinding

_UNRESERVED = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
VERIFIER_MIN, VERIFIER_MAX = 43, 128
#: How many times one operation on one resource may step up before it is a permanent failure.
STEP_UP_LIMIT = 2


def _b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def new_code_verifier(entropy: bytes | None = None) -> str:
    """A PKCE code verifier: 32 random octets (or ``entropy``) base64url-encoded (RFC 7636
    section 4.1's recommendation; 43 characters)."""
    return _b64url(secrets.token_bytes(32) if entropy is None else entropy)


def code_verifier_problems(verifier: str) -> list[str]:
    """What keeps ``verifier`` from being a valid code verifier (RFC 7636 section 4.1)."""
    out: list[str] = []
    if not VERIFIER_MIN <= len(verifier) <= VERIFIER_MAX:
        out.append(f"{len(verifier)} characters; a verifier has {VERIFIER_MIN} to {VERIFIER_MAX}")
    bad = sorted({c for c in verifier if c not in _UNRESERVED})
    if bad:
        out.append("characters outside A-Z a-z 0-9 - . _ ~: " + " ".join(repr(c) for c in bad))
    return out


def s256_challenge(verifier: str) -> str:
    """``BASE64URL-ENCODE(SHA256(ASCII(code_verifier)))`` (RFC 7636 section 4.2)."""
    return _b64url(hashlib.sha256(verifier.encode("ascii")).digest())


def new_state(entropy: bytes | None = None) -> str:
    """An unguessable ``state`` value (32 random octets, base64url)."""
    return _b64url(secrets.token_bytes(32) if entropy is None else entropy)


# --- the authorization request -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AuthorizationRequest:
    """The parts of an authorization request (OAuth 2.1 section 4.1.1, RFC 8707 section 2)."""

    authorization_endpoint: str
    client_id: str
    redirect_uri: str
    state: str
    code_challenge: str
    scope: tuple[str, ...] | None = None
    resource: str | None = None

    def params(self) -> list[tuple[str, str]]:
        out = [
            ("response_type", "code"),
            ("client_id", self.client_id),
            ("redirect_uri", self.redirect_uri),
            ("code_challenge", self.code_challenge),
            ("code_challenge_method", "S256"),
            ("state", self.state),
        ]
        if self.scope:
            out.append(("scope", " ".join(self.scope)))
        if self.resource is not None:
            out.append(("resource", self.resource))
        return out


def authorization_url(request: AuthorizationRequest) -> str:
    """The URL the browser opens: the endpoint with its own query kept and the request's
    parameters added, form-encoded (``resource=https%3A%2F%2Fmcp.example.com``)."""
    parts = urlsplit(request.authorization_endpoint)
    own = parse_qsl(parts.query, keep_blank_values=True)
    ours = {k for k, _ in request.params()}
    query = urlencode([(k, v) for k, v in own if k not in ours] + request.params())
    return urlunsplit((parts.scheme, parts.netloc, parts.path, query, ""))


# --- the redirect back -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RedirectOutcome:
    """What the authorization response gave: the code to redeem (``None`` when it must not be
    used), the error it carried (``None`` when none, or when it must not be shown), and the
    findings."""

    code: str | None
    error: str | None = None
    error_description: str | None = None
    findings: tuple[AuthFinding, ...] = ()

    @property
    def ok(self) -> bool:
        return self.code is not None and not any(f.blocking for f in self.findings)


def check_redirect(
    redirect: str,
    *,
    expected_state: str,
    issuer: str,
    iss_supported: bool,
) -> RedirectOutcome:
    """Check the authorization response that reached the redirect URI (the whole URL or its
    query) against the ``state`` sent and the ``issuer`` recorded before the browser opened,
    ``iss_supported`` being the metadata's ``authorization_response_iss_parameter_supported``."""
    query = urlsplit(redirect).query if "?" in redirect or "://" in redirect else redirect.lstrip("?")
    params: dict[str, str] = {}
    for k, v in parse_qsl(query, keep_blank_values=True):
        params.setdefault(k, v)
    where = "authorization response"
    iss = params.get("iss")
    if iss is None and iss_supported:
        return RedirectOutcome(None, findings=(AuthFinding("auth.iss-missing", issuer, "absent", where),))
    if iss is not None and iss != issuer:
        return RedirectOutcome(None, findings=(AuthFinding("auth.iss-mismatch", issuer, iss, where),))
    state = params.get("state")
    if state != expected_state:
        found = "absent" if state is None else state
        return RedirectOutcome(None, findings=(AuthFinding("auth.state-mismatch", expected_state, found, where),))
    if "error" in params:
        err, desc = params["error"], params.get("error_description")
        finding = AuthFinding("auth.authorization-error", "code", err + (f": {desc}" if desc else ""), where)
        return RedirectOutcome(None, err, desc, (finding,))
    code = params.get("code")
    if not code:
        return RedirectOutcome(None, findings=(AuthFinding("auth.no-code", "code", "absent", where),))
    return RedirectOutcome(code)


# --- the token requests ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ClientCredentials:
    """The client's identity at the token endpoint and how it authenticates there
    (``none``, ``client_secret_basic`` or ``client_secret_post``)."""

    client_id: str
    client_secret: str | None = field(default=None, repr=False)
    auth_method: str = "none"


@dataclass(frozen=True, slots=True)
class TokenRequest:
    """A POST to the token endpoint: its form fields and headers, in order."""

    url: str
    fields: tuple[tuple[str, str], ...] = field(repr=False)  # a code, a verifier, a secret, a token
    headers: tuple[tuple[str, str], ...] = field(repr=False)  # Basic credentials

    def body(self) -> str:
        """The ``application/x-www-form-urlencoded`` body."""
        return urlencode(self.fields)

    def field(self, name: str) -> str | None:
        return next((v for k, v in self.fields if k == name), None)


def basic_authorization(client_id: str, client_secret: str) -> str:
    """``Basic`` credentials per RFC 6749 section 2.3.1: each part form-encoded first."""
    pair = f"{quote(client_id, safe='')}:{quote(client_secret, safe='')}"
    return "Basic " + base64.b64encode(pair.encode("utf-8")).decode("ascii")


def _token_request(url: str, fields: list[tuple[str, str]], client: ClientCredentials) -> TokenRequest:
    headers = [("Content-Type", "application/x-www-form-urlencoded"), ("Accept", "application/json")]
    fields.append(("client_id", client.client_id))  # with Basic too: RFC 6749 section 3.2.1 allows it
    if client.auth_method == "client_secret_basic" and client.client_secret is not None:
        headers.append(("Authorization", basic_authorization(client.client_id, client.client_secret)))
    elif client.auth_method == "client_secret_post" and client.client_secret is not None:
        fields.append(("client_secret", client.client_secret))
    return TokenRequest(url, tuple(fields), tuple(headers))


def authorization_code_request(
    token_endpoint: str,
    *,
    code: str,
    redirect_uri: str,
    code_verifier: str,
    client: ClientCredentials,
    resource: str | None,
) -> TokenRequest:
    """The code exchange (OAuth 2.1 section 4.1.3), ``resource`` as in the authorization request."""
    fields = [
        ("grant_type", "authorization_code"),
        ("code", code),
        ("redirect_uri", redirect_uri),
        ("code_verifier", code_verifier),
    ]
    if resource is not None:
        fields.append(("resource", resource))
    return _token_request(token_endpoint, fields, client)


def refresh_request(
    token_endpoint: str,
    *,
    refresh_token: str,
    client: ClientCredentials,
    resource: str | None,
    scope: Sequence[str] | None = None,
) -> TokenRequest:
    """A refresh (OAuth 2.1 section 4.3.1); ``scope`` only to narrow what was granted."""
    fields = [("grant_type", "refresh_token"), ("refresh_token", refresh_token)]
    if scope:
        fields.append(("scope", " ".join(scope)))
    if resource is not None:
        fields.append(("resource", resource))
    return _token_request(token_endpoint, fields, client)


def client_credentials_request(
    token_endpoint: str,
    *,
    client: ClientCredentials,
    resource: str | None,
    scope: Sequence[str] | None = None,
) -> TokenRequest:
    """The client credentials grant (OAuth 2.1 section 4.2; the MCP extension
    io.modelcontextprotocol/oauth-client-credentials), for a client with a secret."""
    fields = [("grant_type", "client_credentials")]
    if scope:
        fields.append(("scope", " ".join(scope)))
    if resource is not None:
        fields.append(("resource", resource))
    return _token_request(token_endpoint, fields, client)


# --- the token response ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TokenSet:
    """A successful token response's members; ``scope`` is ``None`` when the server left it out
    (it then granted what was asked for, OAuth 2.1 section 3.2.3)."""

    access_token: str = field(repr=False)
    token_type: str
    expires_in: int | None
    refresh_token: str | None = field(repr=False)
    scope: tuple[str, ...] | None

    def granted(self, requested: Sequence[str] | None) -> tuple[str, ...]:
        """The scopes the token carries, as far as the client can tell."""
        if self.scope is not None:
            return self.scope
        return tuple(requested or ())


def read_token_response(
    status: int,
    doc: JsonValue,
    *,
    requested_scope: Sequence[str] | None,
    resource: str | None,
    where: str = "token response",
) -> tuple[TokenSet | None, list[AuthFinding]]:
    """A token endpoint's answer (its status and decoded JSON body): the tokens, or ``None``
    with why."""
    if not isinstance(doc, dict):
        return None, [AuthFinding("auth.token-response-invalid", "a JSON object", f"HTTP {status}", where)]
    if status != 200 or "error" in doc:
        err = doc.get("error")
        desc = doc.get("error_description")
        text = str(err) if err is not None else f"HTTP {status}"
        if isinstance(desc, str):
            text += f": {desc}"
        return None, [AuthFinding("auth.token-error", "access_token", text, where)]
    access, token_type = doc.get("access_token"), doc.get("token_type")
    if not isinstance(access, str) or not access or not isinstance(token_type, str):
        missing = [k for k in ("access_token", "token_type") if not isinstance(doc.get(k), str)]
        return None, [AuthFinding("auth.token-response-invalid", " and ".join(missing), "absent", where)]
    findings: list[AuthFinding] = []
    if token_type.lower() != "bearer":
        findings.append(AuthFinding("auth.token-type-not-bearer", "Bearer", token_type, where))
    expires = doc.get("expires_in")
    refresh = doc.get("refresh_token")
    scope = doc.get("scope")
    tokens = TokenSet(
        access_token=access,
        token_type=token_type,
        expires_in=expires if isinstance(expires, int) and not isinstance(expires, bool) else None,
        refresh_token=refresh if isinstance(refresh, str) and refresh else None,
        scope=tuple(s for s in scope.split(" ") if s) if isinstance(scope, str) else None,
    )
    if tokens.scope is not None and requested_scope:
        lacking = [s for s in requested_scope if s not in tokens.scope]
        if lacking:
            findings.append(
                AuthFinding("auth.scope-not-granted", " ".join(requested_scope), " ".join(tokens.scope), where)
            )
    if resource is not None:
        findings.extend(audience_findings(access, resource, where))
    return tokens, findings


def jwt_claims(token: str) -> JsonObject | None:
    """The claims of a JWS compact token (three base64url parts, the middle a JSON object), or
    ``None`` for an opaque token. The signature is not checked: this is for showing and for the
    audience hint, never for trusting."""
    parts = token.split(".")
    if len(parts) != 3:
        return None
    try:
        raw = base64.urlsafe_b64decode(parts[1] + "=" * (-len(parts[1]) % 4))
        claims = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        return None
    return claims if isinstance(claims, dict) else None


def audience_findings(token: str, resource: str, where: str = "access token") -> list[AuthFinding]:
    """``auth.token-audience`` when ``token`` is a JWT with an ``aud`` that does not name
    ``resource`` (with or without a trailing slash); nothing for an opaque token or no ``aud``."""
    claims = jwt_claims(token)
    if claims is None or "aud" not in claims:
        return []
    aud = claims["aud"]
    names = [aud] if isinstance(aud, str) else [a for a in aud if isinstance(a, str)] if isinstance(aud, list) else []
    wanted = {resource.rstrip("/"), resource.rstrip("/") + "/"}
    if any(n in wanted for n in names):
        return []
    return [AuthFinding("auth.token-audience", resource, " ".join(names) or repr(aud), where)]


def refresh_due(expires_at: float | None, now: float, margin: float = 60.0) -> bool:
    """Whether a token that expires at ``expires_at`` (the caller's clock; ``None``: unknown)
    should be refreshed at ``now``: within ``margin`` seconds of its expiry, or after it."""
    return expires_at is not None and now >= expires_at - margin


# --- scopes ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ScopeChoice:
    """The scopes to ask for (``None``: leave ``scope`` out) and where they came from:
    ``challenge``, ``prm`` (``scopes_supported``), ``none``, or ``step-up``."""

    scopes: tuple[str, ...] | None
    source: str


def select_scope(challenge_scope: Sequence[str] | None, scopes_supported: Sequence[str] | None) -> ScopeChoice:
    """The initial scope (2025-11-25 and 2026-07-28 #scope-selection-strategy): the 401's
    ``scope`` if it named one, else every ``scopes_supported`` of the Protected Resource
    Metadata, else none (the ``scope`` parameter is left out)."""
    if challenge_scope:
        return ScopeChoice(tuple(challenge_scope), "challenge")
    if scopes_supported:
        return ScopeChoice(tuple(scopes_supported), "prm")
    return ScopeChoice(None, "none")


def step_up_scope(previous: Sequence[str] | None, challenge_scope: Sequence[str], version: str) -> ScopeChoice:
    """The scopes for a step-up after 403 ``insufficient_scope``: 2026-07-28 asks for the union of
    what was asked before and the challenge's scopes (#step-up-authorization-flow); 2025-11-25
    treats the challenge's scopes as authoritative (#scope-selection-strategy), servers being
    asked to repeat the ones already granted. Order is kept, duplicates dropped."""
    if version == "2026-07-28":
        merged = list(dict.fromkeys([*(previous or ()), *challenge_scope]))
        return ScopeChoice(tuple(merged), "step-up")
    return ScopeChoice(tuple(dict.fromkeys(challenge_scope)), "step-up")


def with_offline_access(
    scopes: Sequence[str] | None, as_scopes_supported: Sequence[str] | None
) -> tuple[str, ...] | None:
    """``offline_access`` added when the authorization server lists it (2026-07-28 #refresh-tokens:
    a client that wants refresh tokens MAY)."""
    if not as_scopes_supported or "offline_access" not in as_scopes_supported:
        return tuple(scopes) if scopes else None
    if scopes and "offline_access" in scopes:
        return tuple(scopes)
    return (*(scopes or ()), "offline_access")


@dataclass
class StepUpBudget:
    """Step-up attempts per (resource, operation), so a server that keeps asking for more ends in
    a permanent failure (2025-11-25 #step-up-authorization-flow: retry limits, tracked per
    resource and operation)."""

    limit: int = STEP_UP_LIMIT
    spent: dict[tuple[str, str], int] = field(default_factory=dict)

    def take(self, resource: str, operation: str) -> bool:
        """Count one attempt; ``False`` when the limit was already reached."""
        key = (resource, operation)
        if self.spent.get(key, 0) >= self.limit:
            return False
        self.spent[key] = self.spent.get(key, 0) + 1
        return True


# --- dynamic client registration ---------------------------------------------------------------


def registration_request(
    *,
    redirect_uris: Sequence[str],
    client_name: str,
    auth_method: str = "none",
    grant_types: Sequence[str] = ("authorization_code", "refresh_token"),
    scope: Sequence[str] | None = None,
    application_type: str = "native",
) -> JsonObject:
    """The RFC 7591 section 2 client metadata to POST to ``registration_endpoint``
    (``application_type`` per 2026-07-28 client-registration#application-type-and-redirect-uri-
    constraints; servers that do not know it ignore it)."""
    doc: JsonObject = {
        "client_name": client_name,
        "redirect_uris": list(redirect_uris),
        "grant_types": list(grant_types),
        "response_types": ["code"],
        "token_endpoint_auth_method": auth_method,
        "application_type": application_type,
    }
    if scope:
        doc["scope"] = " ".join(scope)
    return doc


@dataclass(frozen=True, slots=True)
class Registration:
    """What the registration endpoint gave (RFC 7591 section 3.2.1)."""

    client_id: str
    client_secret: str | None = field(repr=False)
    token_endpoint_auth_method: str | None
    client_secret_expires_at: int | None


def read_registration_response(
    status: int, doc: JsonValue, where: str = "registration response"
) -> tuple[Registration | None, list[AuthFinding]]:
    """The registration endpoint's answer: the client's identity, or ``None`` with why
    (``auth.registration-failed``: an RFC 7591 section 3.2.2 error, or no ``client_id``)."""
    if not isinstance(doc, dict):
        return None, [AuthFinding("auth.metadata-not-json", "a JSON object", f"HTTP {status}", where)]
    client_id = doc.get("client_id")
    if status not in (200, 201) or not isinstance(client_id, str) or not client_id:
        err = doc.get("error")
        found = f"HTTP {status}" + (f", error {err}" if isinstance(err, str) else "")
        return None, [AuthFinding("auth.registration-failed", "client_id", found, where)]
    secret = doc.get("client_secret")
    method = doc.get("token_endpoint_auth_method")
    expires = doc.get("client_secret_expires_at")
    return (
        Registration(
            client_id=client_id,
            client_secret=secret if isinstance(secret, str) and secret else None,
            token_endpoint_auth_method=method if isinstance(method, str) else None,
            client_secret_expires_at=expires if isinstance(expires, int) and not isinstance(expires, bool) else None,
        ),
        [],
    )
