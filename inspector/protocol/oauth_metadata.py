"""Protected Resource Metadata and Authorization Server Metadata as checked data, sans-IO.

Theory of operation
-------------------
The client fetches the documents :mod:`.oauth_discovery` lists; this module reads one as it
came (a decoded JSON value, anything a server sent) into a frozen dataclass and checks it,
returning the dataclass (``None`` when nothing usable was there) with the
:class:`~.oauth_rules.AuthFinding` values it raised. A blocking finding (an ``ERROR`` rule) means
the flow must not use the document; the front-end says which rule and shows the rest anyway.

* :func:`read_prm` (RFC 9728 section 2): ``resource`` is required and must name the MCP server
  (:func:`.oauth_discovery.resource_findings`); MCP requires at least one
  ``authorization_servers`` entry (2025-06-18 on, #authorization-server-location);
  ``scopes_supported`` feeds the scope choice when the challenge named none.
* :func:`choose_authorization_server`: the listed server the stored credentials are bound to,
  else the first; credentials bound to a server no longer listed are not reused.
* :func:`read_as_metadata` (RFC 8414 section 2, OpenID Connect Discovery section 3): ``issuer``
  must be identical to the one the URL was built from (RFC 8414 section 3.3; 2026-07-28
  authorization-server-discovery says it again), the endpoints the flow uses must be there and
  be HTTPS (loopback hosts excepted, for development and the tests), ``response_types_supported``
  must offer ``code``, and PKCE must be advertised with S256 (:func:`pkce_findings`: from
  2025-11-25 an absent ``code_challenge_methods_supported`` means refuse; before, the client
  sends S256 anyway and warns). Members the flow does not need but the RFC requires
  (``response_types_supported``) are ``auth.metadata-incomplete``, not blocking. RFC 8414's
  defaults fill what is absent: ``grant_types_supported`` is ``authorization_code`` and
  ``implicit``, ``token_endpoint_auth_methods_supported`` is ``client_secret_basic``.
* :func:`default_metadata`: 2025-03-26's default endpoints as metadata (``from_defaults``), for a
  server of that era without a metadata document.
* :func:`choose_registration` follows the version's order of preference (pre-registered,
  Client ID Metadata Document, dynamic registration, then ask the user), and
  :func:`choose_client_auth` the token endpoint's client authentication (``none`` for a public
  client; ``client_secret_basic`` then ``client_secret_post`` with a secret).
* Client ID Metadata Documents (2025-11-25 on; draft-ietf-oauth-client-id-metadata-document-00):
  :func:`metadata_document_url` says whether a client id the user gave can name one (an https URL
  with a path, no fragment, no user information, no dot segments: the draft's section 3);
  :func:`read_client_metadata` checks the document fetched from it as the authorization server
  will: a JSON object whose ``client_id`` is exactly its URL, with ``client_name`` and
  ``redirect_uris``; one of those redirect URIs must be the flow's loopback redirect URI, the port
  aside on a loopback IP address (:func:`loopback_redirect_listed`, RFC 8252 section 7.3: the
  authorization server must allow any port there); no shared secret (the draft's section 4.1) and,
  the inspector being a public client, no ``private_key_jwt`` either; at most 5 kilobytes (the
  size the draft's section 6.6 advises authorization servers to read, so a larger one warns).
"""

from __future__ import annotations

import ipaddress
from collections.abc import Sequence
from dataclasses import dataclass
from urllib.parse import urlsplit

from .jsontypes import JsonObject, JsonValue
from .oauth_discovery import Candidate, DefaultEndpoints, profile_for, resource_findings
from .oauth_rules import AuthFinding

#: RFC 8414 section 2's default when ``grant_types_supported`` is absent.
DEFAULT_GRANT_TYPES = ("authorization_code", "implicit")
#: RFC 8414 section 2's default when ``token_endpoint_auth_methods_supported`` is absent.
DEFAULT_AUTH_METHODS = ("client_secret_basic",)
#: The client authentication methods the inspector can use at a token endpoint.
CLIENT_AUTH_METHODS = ("none", "client_secret_basic", "client_secret_post")


@dataclass(frozen=True, slots=True)
class ProtectedResourceMetadata:
    """The RFC 9728 members MCP reads (absent members are ``None``)."""

    resource: str
    authorization_servers: tuple[str, ...]
    scopes_supported: tuple[str, ...] | None
    bearer_methods_supported: tuple[str, ...] | None
    resource_name: str | None
    resource_documentation: str | None
    jwks_uri: str | None
    url: str


@dataclass(frozen=True, slots=True)
class AuthServerMetadata:
    """The RFC 8414 / OpenID Connect members the flow reads, RFC 8414's defaults filled in
    (``explicit`` names the members the document itself carried)."""

    issuer: str
    authorization_endpoint: str | None
    token_endpoint: str | None
    registration_endpoint: str | None
    revocation_endpoint: str | None
    scopes_supported: tuple[str, ...] | None
    response_types_supported: tuple[str, ...] | None
    grant_types_supported: tuple[str, ...]
    token_endpoint_auth_methods_supported: tuple[str, ...]
    code_challenge_methods_supported: tuple[str, ...] | None
    client_id_metadata_document_supported: bool
    authorization_response_iss_parameter_supported: bool
    url: str
    kind: str
    explicit: frozenset[str] = frozenset()
    from_defaults: bool = False


class _Doc:
    """Typed reads of a document's members; a member of the wrong type is a finding and absent."""

    def __init__(self, doc: JsonObject, where: str) -> None:
        self.doc = doc
        self.where = where
        self.findings: list[AuthFinding] = []

    def _wrong(self, key: str, want: str) -> None:
        self.findings.append(
            AuthFinding("auth.metadata-field-type", f"{key}: {want}", _kind(self.doc[key]), self.where)
        )

    def text(self, key: str) -> str | None:
        value = self.doc.get(key)
        if value is None:
            return None
        if not isinstance(value, str):
            self._wrong(key, "a string")
            return None
        return value

    def texts(self, key: str) -> tuple[str, ...] | None:
        value = self.doc.get(key)
        if value is None:
            return None
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self._wrong(key, "an array of strings")
            return None
        return tuple(value)

    def flag(self, key: str) -> bool:
        value = self.doc.get(key)
        if value is None:
            return False
        if not isinstance(value, bool):
            self._wrong(key, "a boolean")
            return False
        return value

    def missing(self, key: str, rule: str = "auth.metadata-missing-field") -> None:
        self.findings.append(AuthFinding(rule, key, "absent", self.where))


def _kind(value: JsonValue) -> str:
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return "null"


def _not_object(doc: JsonValue, where: str) -> AuthFinding:
    return AuthFinding("auth.metadata-not-json", "a JSON object", _kind(doc), where)


def is_loopback_url(url: str) -> bool:
    """Whether ``url``'s host is a loopback name or address (``localhost``, 127.0.0.0/8, ::1)."""
    try:
        host = urlsplit(url).hostname or ""
    except ValueError:
        return False
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def https_findings(urls: dict[str, str | None], where: str) -> list[AuthFinding]:
    """``auth.endpoint-not-https`` for each named URL that is not HTTPS (loopback hosts pass)."""
    out: list[AuthFinding] = []
    for name, url in urls.items():
        if url is None:
            continue
        if urlsplit(url).scheme.lower() != "https" and not is_loopback_url(url):
            out.append(AuthFinding("auth.endpoint-not-https", f"{name}: https", url, where))
    return out


def read_prm(
    doc: JsonValue, server_url: str, candidate: Candidate
) -> tuple[ProtectedResourceMetadata | None, list[AuthFinding]]:
    """A Protected Resource Metadata document fetched from ``candidate`` for the MCP server at
    ``server_url``: the metadata (``None`` when not even ``resource`` is there) and the findings."""
    where = candidate.url
    if not isinstance(doc, dict):
        return None, [_not_object(doc, where)]
    d = _Doc(doc, where)
    resource = d.text("resource")
    servers = d.texts("authorization_servers")
    prm = None
    if resource is None:
        d.missing("resource")
    else:
        d.findings.extend(resource_findings(resource, server_url, candidate))
        prm = ProtectedResourceMetadata(
            resource=resource,
            authorization_servers=servers or (),
            scopes_supported=d.texts("scopes_supported"),
            bearer_methods_supported=d.texts("bearer_methods_supported"),
            resource_name=d.text("resource_name"),
            resource_documentation=d.text("resource_documentation"),
            jwks_uri=d.text("jwks_uri"),
            url=where,
        )
    if not servers:
        d.findings.append(AuthFinding("auth.prm-no-authorization-servers", "authorization_servers", "none", where))
    return prm, d.findings


def choose_authorization_server(
    prm: ProtectedResourceMetadata, *, bound_issuer: str | None = None
) -> tuple[str | None, list[AuthFinding]]:
    """The authorization server to use of those the metadata lists (RFC 9728 section 7.6 leaves
    the choice to the client): the one stored credentials are bound to while it is listed, else
    the first. Credentials bound to an issuer no longer listed are ``auth.authorization-server-
    changed`` (2026-07-28 client-registration#authorization-server-binding: never reused with
    another server). ``None`` when none is listed."""
    if bound_issuer is not None and bound_issuer in prm.authorization_servers:
        return bound_issuer, []
    first = prm.authorization_servers[0] if prm.authorization_servers else None
    if bound_issuer is None:
        return first, []
    listed = " ".join(prm.authorization_servers) or "none"
    return first, [AuthFinding("auth.authorization-server-changed", bound_issuer, listed, prm.url)]


def read_as_metadata(
    doc: JsonValue, candidate: Candidate, version: str, grant: str = "authorization_code"
) -> tuple[AuthServerMetadata | None, list[AuthFinding]]:
    """An authorization server metadata document fetched from ``candidate``: the metadata
    (``None`` when it has no issuer) and the findings, for the flow of ``grant`` in ``version``."""
    where = candidate.url
    if not isinstance(doc, dict):
        return None, [_not_object(doc, where)]
    d = _Doc(doc, where)
    issuer = d.text("issuer")
    if issuer is None:
        d.missing("issuer")
        return None, d.findings
    if issuer not in candidate.expected:
        d.findings.append(AuthFinding("auth.issuer-mismatch", candidate.expected[0], issuer, where))
    grants = d.texts("grant_types_supported")
    methods = d.texts("token_endpoint_auth_methods_supported")
    meta = AuthServerMetadata(
        issuer=issuer,
        authorization_endpoint=d.text("authorization_endpoint"),
        token_endpoint=d.text("token_endpoint"),
        registration_endpoint=d.text("registration_endpoint"),
        revocation_endpoint=d.text("revocation_endpoint"),
        scopes_supported=d.texts("scopes_supported"),
        response_types_supported=d.texts("response_types_supported"),
        grant_types_supported=grants if grants is not None else DEFAULT_GRANT_TYPES,
        token_endpoint_auth_methods_supported=methods if methods is not None else DEFAULT_AUTH_METHODS,
        code_challenge_methods_supported=d.texts("code_challenge_methods_supported"),
        client_id_metadata_document_supported=d.flag("client_id_metadata_document_supported"),
        authorization_response_iss_parameter_supported=d.flag("authorization_response_iss_parameter_supported"),
        url=where,
        kind=candidate.kind,
        explicit=frozenset(k for k in doc if doc[k] is not None),
    )
    d.findings.extend(flow_findings(meta, version, grant))
    return meta, d.findings


def flow_findings(meta: AuthServerMetadata, version: str, grant: str = "authorization_code") -> list[AuthFinding]:
    """What stops (or warns about) ``grant``'s flow with this authorization server."""
    where = meta.url
    out: list[AuthFinding] = []
    if meta.token_endpoint is None:
        out.append(AuthFinding("auth.metadata-missing-field", "token_endpoint", "absent", where))
    if grant not in meta.grant_types_supported:
        out.append(AuthFinding("auth.grant-not-supported", grant, " ".join(meta.grant_types_supported), where))
    if grant == "authorization_code":
        if meta.authorization_endpoint is None:
            out.append(AuthFinding("auth.metadata-missing-field", "authorization_endpoint", "absent", where))
        if meta.response_types_supported is None:
            if not meta.from_defaults:
                out.append(AuthFinding("auth.metadata-incomplete", "response_types_supported", "absent", where))
        elif "code" not in meta.response_types_supported:
            found = " ".join(meta.response_types_supported) or "none"
            out.append(AuthFinding("auth.no-code-response-type", "code", found, where))
        out.extend(pkce_findings(meta, version))
    endpoints = {
        "issuer": meta.issuer,
        "authorization_endpoint": meta.authorization_endpoint,
        "token_endpoint": meta.token_endpoint,
        "registration_endpoint": meta.registration_endpoint,
    }
    out.extend(https_findings(endpoints, where))
    return out


def pkce_findings(meta: AuthServerMetadata, version: str) -> list[AuthFinding]:
    """PKCE support as the metadata advertises it: S256 listed passes; no S256 is
    ``auth.no-s256``; no list at all is ``auth.no-pkce-advertised`` from 2025-11-25 (refuse) and
    ``auth.no-pkce-advertised-legacy`` before (S256 is sent anyway); 2025-03-26's default
    endpoints have no document, so nothing is said of them."""
    if meta.from_defaults:
        return []
    methods = meta.code_challenge_methods_supported
    if methods is None:
        profile = profile_for(version)
        rule = (
            "auth.no-pkce-advertised"
            if profile is not None and profile.pkce_must_be_advertised
            else "auth.no-pkce-advertised-legacy"
        )
        return [AuthFinding(rule, "code_challenge_methods_supported with S256", "absent", meta.url)]
    if "S256" not in methods:
        return [AuthFinding("auth.no-s256", "S256", " ".join(methods) or "none", meta.url)]
    return []


def default_metadata(defaults: DefaultEndpoints, base_url: str) -> AuthServerMetadata:
    """2025-03-26's default endpoints as metadata: no document, so PKCE S256 and dynamic
    registration are assumed as the version's text has it (#fallbacks-for-servers-without-
    metadata-discovery: "all other protocol requirements remain unchanged")."""
    return AuthServerMetadata(
        issuer=base_url,
        authorization_endpoint=defaults.authorization_endpoint,
        token_endpoint=defaults.token_endpoint,
        registration_endpoint=defaults.registration_endpoint,
        revocation_endpoint=None,
        scopes_supported=None,
        response_types_supported=None,
        grant_types_supported=("authorization_code", "refresh_token", "client_credentials"),
        token_endpoint_auth_methods_supported=CLIENT_AUTH_METHODS,
        code_challenge_methods_supported=None,
        client_id_metadata_document_supported=False,
        authorization_response_iss_parameter_supported=False,
        url=base_url,
        kind="legacy-defaults",
        from_defaults=True,
    )


@dataclass(frozen=True, slots=True)
class RegistrationChoice:
    """How the client gets its client id: ``pre-registered``, ``client-id-metadata-document``,
    ``dynamic`` (POST to ``registration_endpoint``) or ``user`` (ask for one), and why."""

    mechanism: str
    reason: str
    findings: tuple[AuthFinding, ...] = ()


#: Why each mechanism was chosen (English, for the front-ends).
REGISTRATION_REASONS = {
    "pre-registered": "a client id was given for this server",
    "client-id-metadata-document": "the authorization server supports Client ID Metadata Documents",
    "dynamic": "the authorization server has a registration endpoint (RFC 7591)",
    "user": "no client id, no Client ID Metadata Document support and no registration endpoint",
    "user-document": "no client id, and no registration endpoint: the authorization server supports Client ID "
    "Metadata Documents, so give a pre-registered client id or your document's https URL",
}


def choose_registration(
    meta: AuthServerMetadata, version: str, *, client_id: str | None, metadata_document_url: str | None = None
) -> RegistrationChoice:
    """The first mechanism of ``version``'s order of preference that can work (2025-11-25
    #client-registration-approaches; 2025-03-26 and 2025-06-18 name pre-registration and dynamic
    registration only)."""
    profile = profile_for(version)
    order = profile.registration_order if profile is not None else ("pre-registered", "dynamic", "user")
    for mechanism in order:
        usable = {
            "pre-registered": client_id is not None,
            "client-id-metadata-document": metadata_document_url is not None
            and meta.client_id_metadata_document_supported,
            "dynamic": meta.registration_endpoint is not None,
            "user": True,
        }[mechanism]
        if usable:
            findings: tuple[AuthFinding, ...] = ()
            reason = REGISTRATION_REASONS[mechanism]
            if (
                mechanism == "user"
                and "client-id-metadata-document" in order
                and meta.client_id_metadata_document_supported
            ):
                reason = REGISTRATION_REASONS["user-document"]  # a way there is: the user's own document
            elif mechanism == "user":
                findings = (AuthFinding("auth.no-registration", "a way to get a client id", "none", meta.url),)
            return RegistrationChoice(mechanism, reason, findings)
    raise AssertionError("'user' always matches")  # pragma: no cover


@dataclass(frozen=True, slots=True)
class ClientAuthChoice:
    """The token endpoint's client authentication method (``None``: none fits) and the findings."""

    method: str | None
    findings: tuple[AuthFinding, ...] = ()


def choose_client_auth(
    meta: AuthServerMetadata, *, has_secret: bool, registered: str | None = None
) -> ClientAuthChoice:
    """``registered`` (the method dynamic registration or the user gave) when the server lists it
    or lists nothing; else a public client uses ``none``, a client with a secret
    ``client_secret_basic`` then ``client_secret_post`` (RFC 6749 section 2.3.1 makes basic the one
    every server supports). An explicit list without a usable method is
    ``auth.no-client-auth-method``."""
    listed = meta.token_endpoint_auth_methods_supported
    is_explicit = "token_endpoint_auth_methods_supported" in meta.explicit
    if registered in CLIENT_AUTH_METHODS and (registered in listed or not is_explicit):
        return ClientAuthChoice(registered)
    wanted = ("client_secret_basic", "client_secret_post") if has_secret else ("none",)
    for method in wanted:
        if method in listed or (not is_explicit and (method == "none" or meta.from_defaults)):
            return ClientAuthChoice(method)
    finding = AuthFinding("auth.no-client-auth-method", " or ".join(wanted), " ".join(listed) or "none", meta.url)
    return ClientAuthChoice(None, (finding,))


# ---------------------------------------------------------------------- Client ID Metadata Documents

#: The largest Client ID Metadata Document authorization servers are advised to read (the draft's section 6.6).
CIMD_MAX_SIZE = 5 * 1024
#: Token endpoint authentication built on a shared secret: never in such a document (the draft's section 4.1).
SHARED_SECRET_METHODS = ("client_secret_post", "client_secret_basic", "client_secret_jwt")


def metadata_document_url(client_id: str | None) -> str | None:
    """``client_id`` itself when it can be a Client ID Metadata Document's URL (see the module's
    theory), else ``None`` (a plain client id)."""
    if not client_id or "#" in client_id:
        return None
    try:
        parts = urlsplit(client_id)
        parts.port  # noqa: B018 - raises ValueError for a port that is no number
    except ValueError:
        return None
    if parts.scheme != "https" or not parts.hostname or "@" in parts.netloc:
        return None
    if parts.path in ("", "/") or any(seg in (".", "..") for seg in parts.path.split("/")):
        return None
    return client_id


def _loopback_ip(host: str | None) -> bool:
    try:
        return host is not None and ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def loopback_redirect_listed(listed: Sequence[str], redirect_uri: str) -> bool:
    """Whether ``redirect_uri`` (the flow's loopback redirect) is one of ``listed``: the same
    string, or the same but for the port on a loopback IP address (RFC 8252 section 7.3; a
    ``localhost`` entry is another host)."""
    if redirect_uri in listed:
        return True
    used = urlsplit(redirect_uri)
    for entry in listed:
        try:
            mine = urlsplit(entry)
            mine.port  # noqa: B018 - raises ValueError for a port that is no number
        except ValueError:
            continue
        if (
            mine.scheme == used.scheme == "http"
            and _loopback_ip(mine.hostname)
            and mine.hostname == used.hostname
            and (mine.path or "/") == (used.path or "/")
            and mine.query == used.query
            and not mine.fragment
            and "@" not in mine.netloc
        ):
            return True
    return False


@dataclass(frozen=True, slots=True)
class ClientMetadataDocument:
    """The members of a Client ID Metadata Document the flow reads (absent members are ``None``)."""

    url: str
    client_id: str | None
    client_name: str | None
    redirect_uris: tuple[str, ...]
    token_endpoint_auth_method: str | None


def read_client_metadata(
    doc: JsonValue, url: str, redirect_uri: str, size: int
) -> tuple[ClientMetadataDocument | None, tuple[AuthFinding, ...]]:
    """The document fetched from ``url`` (``size`` bytes), checked for a flow redirected to
    ``redirect_uri`` (see the module's theory); ``None`` when it is no JSON object."""
    if not isinstance(doc, dict):
        found = "no JSON" if doc is None else f"a JSON {type(doc).__name__}"
        return None, (AuthFinding("auth.cimd-unreadable", "a JSON object", found, url),)
    findings: list[AuthFinding] = []
    if size > CIMD_MAX_SIZE:
        findings.append(AuthFinding("auth.cimd-too-large", f"at most {CIMD_MAX_SIZE} bytes", f"{size} bytes", url))

    def member(name: str) -> str | None:
        value = doc.get(name)
        if not isinstance(value, str) or not value:
            found = "absent" if value is None else f"{value!r}"[:200]
            findings.append(AuthFinding("auth.cimd-missing-field", f"{name}: a string", found, url))
            return None
        return value

    client_id = member("client_id")
    if client_id is not None and client_id != url:
        findings.append(AuthFinding("auth.cimd-client-id-mismatch", url, client_id, url))
    client_name = member("client_name")
    raw = doc.get("redirect_uris")
    uris: tuple[str, ...] = ()
    if not isinstance(raw, list) or not all(isinstance(u, str) for u in raw):
        found = "absent" if raw is None else "not an array of strings"
        findings.append(AuthFinding("auth.cimd-missing-field", "redirect_uris: an array of strings", found, url))
    else:
        uris = tuple(u for u in raw if isinstance(u, str))
        if not loopback_redirect_listed(uris, redirect_uri):
            split = urlsplit(redirect_uri)
            expected = f"{redirect_uri} (or http://{split.hostname}{split.path} on any port)"
            findings.append(AuthFinding("auth.cimd-redirect-uri", expected, " ".join(uris) or "none", url))
    method = doc.get("token_endpoint_auth_method")
    shown_method = method if isinstance(method, str) else None
    if "client_secret" in doc or "client_secret_expires_at" in doc:
        findings.append(AuthFinding("auth.cimd-client-auth", "none (no client_secret)", "client_secret", url))
    elif method is not None and method != "none":
        findings.append(AuthFinding("auth.cimd-client-auth", "none", f"{method}"[:200], url))
    return ClientMetadataDocument(url, client_id, client_name, uris, shown_method), tuple(findings)
