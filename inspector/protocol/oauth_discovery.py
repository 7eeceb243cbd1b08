"""Where a client looks for a server's authorization metadata, per protocol version, sans-IO.

Theory of operation
-------------------
Each version's authorization page says differently where the documents are; :data:`PROFILES`
holds what each says as data (:class:`AuthProfile`), and the functions here turn a server URL,
the 401's ``resource_metadata`` and an issuer into the URLs to try, in order, each a
:class:`Candidate` that carries the value the document found there must name and the section
that says so. The caller fetches the candidates in order, stops at the first that answers with
a document (a 4xx/5xx or a non-JSON body moves on to the next), and checks it with
:mod:`.oauth_metadata` against the candidate's ``expected``.

* 2024-11-05 has no authorization section: no profile (:func:`profile_for` gives ``None``).
* 2025-03-26 (basic/authorization#server-metadata-discovery): no Protected Resource Metadata.
  The *authorization base URL* is the server URL with its path discarded; the metadata is at
  ``{base}/.well-known/oauth-authorization-server``; without it the default endpoints are
  ``{base}/authorize``, ``{base}/token`` and ``{base}/register``
  (#fallbacks-for-servers-without-metadata-discovery). No ``resource`` parameter. Metadata
  requests carry ``MCP-Protocol-Version`` (:func:`metadata_request_headers`).
* 2025-06-18 (#authorization-server-location): the 401 MUST name ``resource_metadata``; the
  page gives no fallback of its own, so without it the client builds RFC 9728 section 3.1's
  well-known URI (path insertion) and then the root one the page's sequence diagram fetches.
  Authorization server metadata by RFC 8414 alone (#server-metadata-discovery), path insertion.
* 2025-11-25 (#protected-resource-metadata-discovery-requirements,
  #authorization-server-metadata-discovery) and 2026-07-28 (authorization-server-discovery):
  the header's URL when present, otherwise the path-inserted well-known URI then the root one;
  the authorization server metadata at RFC 8414 path insertion, OpenID Connect discovery path
  insertion, then OpenID Connect path appending (an issuer with a path), or RFC 8414 then OpenID
  Connect (an issuer without one).

From 2025-06-18 a server without Protected Resource Metadata breaks a MUST
(``auth.prm-missing``); :func:`discovery_plan` still offers 2025-03-26's plan as the
backward-compatible fallback (a server of that era answers a newer client's initialize with a
401 before any version is negotiated), marked so the front-end says it is not the version's own.

When no candidate of a list answers with a document, :func:`nothing_found` names the finding
(``auth.prm-missing``, ``auth.as-metadata-missing``, or for 2025-03-26's metadata the note
``auth.default-endpoints``: its default endpoints stand in).

The canonical resource URI (:func:`canonical_resource_uri`) is RFC 8707 section 2's resource
indicator as MCP words it (#canonical-server-uri): an absolute URI without a fragment, scheme
and host in lowercase, no trailing slash on an empty path; :func:`resource_findings` compares a
Protected Resource Metadata's ``resource`` with it (RFC 9728 section 3.3).
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit, urlunsplit

from .oauth_rules import AuthFinding

PRM_SUFFIX = "oauth-protected-resource"
AS_SUFFIX = "oauth-authorization-server"
OIDC_SUFFIX = "openid-configuration"


@dataclass(frozen=True, slots=True)
class AuthProfile:
    """What one version's authorization page asks of a client (the flags the flow reads)."""

    version: str
    #: the page, in the spec viewer's form (``VERSION page``)
    page: str
    #: Protected Resource Metadata (RFC 9728) is how the authorization server is found
    uses_prm: bool
    #: without ``resource_metadata`` in the 401, the well-known URIs are tried (the page says so)
    prm_well_known_named: bool
    #: OpenID Connect discovery is tried after RFC 8414
    oidc_discovery: bool
    #: the RFC 8707 ``resource`` parameter goes in the authorization and token requests
    resource_parameter: bool
    #: an absent ``code_challenge_methods_supported`` means the client must refuse
    pkce_must_be_advertised: bool
    #: the registration mechanisms the page names, in its order of preference
    registration_order: tuple[str, ...]
    #: the page requires checking the redirect's ``iss`` (RFC 9207)
    iss_check_required: bool


PROFILES: dict[str, AuthProfile] = {
    p.version: p
    for p in (
        AuthProfile(
            "2025-03-26",
            "2025-03-26 basic/authorization",
            uses_prm=False,
            prm_well_known_named=False,
            oidc_discovery=False,
            resource_parameter=False,
            pkce_must_be_advertised=False,
            registration_order=("pre-registered", "dynamic", "user"),
            iss_check_required=False,
        ),
        AuthProfile(
            "2025-06-18",
            "2025-06-18 basic/authorization",
            uses_prm=True,
            prm_well_known_named=False,
            oidc_discovery=False,
            resource_parameter=True,
            pkce_must_be_advertised=False,
            registration_order=("pre-registered", "dynamic", "user"),
            iss_check_required=False,
        ),
        AuthProfile(
            "2025-11-25",
            "2025-11-25 basic/authorization",
            uses_prm=True,
            prm_well_known_named=True,
            oidc_discovery=True,
            resource_parameter=True,
            pkce_must_be_advertised=True,
            registration_order=("pre-registered", "client-id-metadata-document", "dynamic", "user"),
            iss_check_required=False,
        ),
        AuthProfile(
            "2026-07-28",
            "2026-07-28 basic/authorization",
            uses_prm=True,
            prm_well_known_named=True,
            oidc_discovery=True,
            resource_parameter=True,
            pkce_must_be_advertised=True,
            registration_order=("pre-registered", "client-id-metadata-document", "dynamic", "user"),
            iss_check_required=True,
        ),
    )
}


def profile_for(version: str) -> AuthProfile | None:
    """The authorization profile of ``version`` (``None``: the version has no authorization section)."""
    return PROFILES.get(version)


@dataclass(frozen=True, slots=True)
class Candidate:
    """One URL to try for a document: what it is (``kind``), the values the document found there
    may name (a PRM's ``resource`` or an AS metadata's ``issuer``; the first is the one the
    rules name) and the section that puts it in the list."""

    url: str
    kind: str
    expected: tuple[str, ...]
    basis: str


#: What each :class:`Candidate` kind is, in words (English, for the front-ends).
CANDIDATE_KINDS = {
    "prm-header": "Protected Resource Metadata named by the 401's resource_metadata",
    "prm-path": "Protected Resource Metadata at the well-known URI with the server's path inserted",
    "prm-root": "Protected Resource Metadata at the well-known URI at the server's root",
    "oauth": "OAuth 2.0 Authorization Server Metadata (RFC 8414)",
    "oidc": "OpenID Connect Discovery 1.0 (the issuer has no path)",
    "oidc-insert": "OpenID Connect discovery, path inserted after the well-known prefix",
    "oidc-append": "OpenID Connect discovery, appended to the issuer's path",
    "legacy-oauth": "2025-03-26: Authorization Server Metadata at the authorization base URL",
}


@dataclass(frozen=True, slots=True)
class DefaultEndpoints:
    """2025-03-26's endpoints for a server without metadata (relative to the base URL)."""

    authorization_endpoint: str
    token_endpoint: str
    registration_endpoint: str


@dataclass(frozen=True, slots=True)
class DiscoveryPlan:
    """Where to look, in order: the Protected Resource Metadata candidates (none in 2025-03-26),
    and 2025-03-26's server-origin metadata with its default endpoints, which is the plan itself
    in 2025-03-26 and the backward-compatible fallback (``legacy_is_fallback``) after it."""

    version: str
    resource: str | None
    prm: tuple[Candidate, ...]
    legacy_metadata: tuple[Candidate, ...]
    legacy_defaults: DefaultEndpoints | None
    legacy_is_fallback: bool


@dataclass(frozen=True, slots=True)
class CanonicalUri:
    """A server URL as an RFC 8707 resource indicator, or why it cannot be one."""

    uri: str | None
    problem: str = ""


def canonical_resource_uri(url: str) -> CanonicalUri:
    """The canonical URI of the MCP server at ``url`` (2025-06-18 on, #canonical-server-uri).

    Absolute (a scheme and a host), no fragment (a fragment is dropped and said), scheme and
    host in lowercase, and an empty path without the trailing slash (``https://a.example/`` is
    ``https://a.example``); a non-empty path and the query are kept as they are, since the spec
    keeps a trailing slash that may be significant. The port is kept as written."""
    try:
        parts = urlsplit(url.strip())
    except ValueError as exc:
        return CanonicalUri(None, f"not a URI: {exc}")
    if not parts.scheme:
        return CanonicalUri(None, "no scheme (a resource indicator is an absolute URI)")
    if not parts.netloc:
        return CanonicalUri(None, "no host")
    path = "" if parts.path == "/" else parts.path
    userinfo, at, hostport = parts.netloc.rpartition("@")
    uri = urlunsplit((parts.scheme.lower(), hostport.lower(), path, parts.query, ""))
    said = ["fragment removed (a resource indicator has none)"] if parts.fragment else []
    if at:  # a user name or password in the URL is for the server, never the authorization server's to see
        said.append("user information removed (it names no resource and may be a credential)")
    return CanonicalUri(uri, "; ".join(said))


def _lower_host(netloc: str) -> str:
    userinfo, at, hostport = netloc.rpartition("@")
    return f"{userinfo}{at}{hostport.lower()}"


def origin_of(url: str) -> str:
    """``scheme://host[:port]`` of ``url``, scheme and host in lowercase."""
    parts = urlsplit(url)
    return urlunsplit((parts.scheme.lower(), _lower_host(parts.netloc), "", "", ""))


def well_known_url(identifier: str, suffix: str) -> str:
    """``/.well-known/{suffix}`` inserted between the host and the path (and query) of
    ``identifier``, a terminating ``/`` of the path removed first (RFC 8414 section 3.1,
    RFC 9728 section 3.1)."""
    parts = urlsplit(identifier)
    return urlunsplit((parts.scheme, parts.netloc, f"/.well-known/{suffix}{parts.path.rstrip('/')}", parts.query, ""))


def oidc_appended_url(issuer: str) -> str:
    """OpenID Connect Discovery 1.0 section 4: ``/.well-known/openid-configuration`` appended to
    the issuer (its terminating ``/`` removed)."""
    parts = urlsplit(issuer)
    return urlunsplit((parts.scheme, parts.netloc, parts.path.rstrip("/") + f"/.well-known/{OIDC_SUFFIX}", "", ""))


def _has_path(url: str) -> bool:
    return urlsplit(url).path.strip("/") != ""


def prm_candidates(server_url: str, resource_metadata: str | None, version: str) -> tuple[Candidate, ...]:
    """The Protected Resource Metadata URLs to try for ``server_url``, in order, for ``version``.

    The 401's ``resource_metadata`` when given (the only candidate: the pages say to use it when
    present); else the path-inserted well-known URI (when the server URL has a path) and the root
    one. Empty for a version without Protected Resource Metadata."""
    profile = profile_for(version)
    if profile is None or not profile.uses_prm:
        return ()
    canon = canonical_resource_uri(server_url).uri or server_url
    origin = origin_of(server_url)
    page = profile.page if version != "2026-07-28" else "2026-07-28 basic/authorization/authorization-server-discovery"
    if resource_metadata:
        anchor = (
            "#authorization-server-location"
            if version == "2025-06-18"
            else "#protected-resource-metadata-discovery-requirements"
        )
        return (Candidate(resource_metadata, "prm-header", (canon,), f"{page}{anchor}; RFC 9728 section 5.1"),)
    if profile.prm_well_known_named:
        path_basis = root_basis = f"{page}#protected-resource-metadata-discovery-requirements; RFC 9728 section 3.1"
    else:
        path_basis = "RFC 9728 section 3.1 (the page names no fallback)"
        root_basis = f"{page}#sequence-diagram (it fetches the root URI); RFC 9728 section 3.1"
    out: list[Candidate] = []
    if _has_path(canon):
        out.append(Candidate(well_known_url(canon, PRM_SUFFIX), "prm-path", (canon,), path_basis))
    out.append(Candidate(well_known_url(origin, PRM_SUFFIX), "prm-root", (origin, canon), root_basis))
    return tuple(out)


def as_metadata_candidates(issuer: str, version: str) -> tuple[Candidate, ...]:
    """The authorization server metadata URLs for ``issuer`` (an entry of the PRM's
    ``authorization_servers``, as written), in the order ``version`` gives; each document must
    name exactly ``issuer`` (RFC 8414 section 3.3)."""
    profile = profile_for(version)
    if profile is None:
        return ()
    if version == "2026-07-28":
        basis = "2026-07-28 basic/authorization/authorization-server-discovery#authorization-server-metadata-discovery"
    elif profile.oidc_discovery:
        basis = f"{profile.page}#authorization-server-metadata-discovery"
    else:
        basis = f"{profile.page}#server-metadata-discovery"
    exact = (issuer,)
    oauth = Candidate(well_known_url(issuer, AS_SUFFIX), "oauth", exact, f"{basis}; RFC 8414 section 3.1")
    if not profile.oidc_discovery:
        return (oauth,)
    if not _has_path(issuer):
        oidc_basis = f"{basis}; OpenID Connect Discovery 4"
        return (oauth, Candidate(well_known_url(issuer, OIDC_SUFFIX), "oidc", exact, oidc_basis))
    return (
        oauth,
        Candidate(well_known_url(issuer, OIDC_SUFFIX), "oidc-insert", exact, f"{basis}; RFC 8414 section 5"),
        Candidate(oidc_appended_url(issuer), "oidc-append", exact, f"{basis}; OpenID Connect Discovery 4"),
    )


def metadata_request_headers(version: str) -> dict[str, str]:
    """The headers a metadata request carries: 2025-03-26 asks for ``MCP-Protocol-Version`` so the
    server may answer by version (#server-metadata-discovery-headers); later pages ask nothing."""
    return {"MCP-Protocol-Version": version} if version == "2025-03-26" else {}


def legacy_base_url(server_url: str) -> str:
    """2025-03-26's authorization base URL: the server URL with its path discarded
    (#authorization-base-url)."""
    return origin_of(server_url)


def legacy_default_endpoints(server_url: str) -> DefaultEndpoints:
    """2025-03-26's default endpoints (#fallbacks-for-servers-without-metadata-discovery)."""
    base = legacy_base_url(server_url)
    return DefaultEndpoints(f"{base}/authorize", f"{base}/token", f"{base}/register")


def legacy_metadata_candidates(server_url: str) -> tuple[Candidate, ...]:
    """2025-03-26's one metadata URL; the version names no issuer to compare, so the base URL is
    expected, with or without a trailing slash."""
    base = legacy_base_url(server_url)
    return (
        Candidate(
            f"{base}/.well-known/{AS_SUFFIX}",
            "legacy-oauth",
            (base, base + "/"),
            "2025-03-26 basic/authorization#authorization-base-url; RFC 8414 section 3.1",
        ),
    )


def discovery_plan(server_url: str, resource_metadata: str | None, version: str) -> DiscoveryPlan | None:
    """The whole discovery order for a server at ``server_url`` whose 401 named
    ``resource_metadata`` (or not), for ``version``; ``None`` for a version without
    authorization."""
    profile = profile_for(version)
    if profile is None:
        return None
    return DiscoveryPlan(
        version=version,
        resource=canonical_resource_uri(server_url).uri if profile.resource_parameter else None,
        prm=prm_candidates(server_url, resource_metadata, version),
        legacy_metadata=legacy_metadata_candidates(server_url),
        legacy_defaults=legacy_default_endpoints(server_url),
        legacy_is_fallback=profile.uses_prm,
    )


def _same_or_parent(resource: str, server: str) -> str:
    """``"same"``, ``"parent"`` (same origin, a path prefix at a segment boundary) or ``"other"``,
    scheme and host compared without regard to case and an empty path's slash ignored."""
    a, b = canonical_resource_uri(resource), canonical_resource_uri(server)
    if a.uri is None or b.uri is None:
        return "other"
    if a.uri == b.uri:
        return "same"
    pa, pb = urlsplit(a.uri), urlsplit(b.uri)
    if (pa.scheme, pa.netloc) != (pb.scheme, pb.netloc) or pa.query:
        return "other"
    prefix = pa.path.rstrip("/")
    if prefix == "" or pb.path == prefix or pb.path.startswith(prefix + "/"):
        return "parent"
    return "other"


def resource_findings(prm_resource: str, server_url: str, candidate: Candidate) -> list[AuthFinding]:
    """What a Protected Resource Metadata's ``resource`` found at ``candidate`` breaks.

    The value the candidate expects, or the server's own canonical URI, passes (scheme and host
    compared without regard to case, as the spec asks clients to accept); a parent of the
    server's URL on the same origin is ``auth.prm-resource-broader`` (usable); anything else is
    ``auth.prm-resource-mismatch`` (RFC 9728 section 3.3: the data must not be used)."""
    server = canonical_resource_uri(server_url).uri or server_url
    where = candidate.url
    if any(_same_or_parent(prm_resource, e) == "same" for e in (*candidate.expected, server)):
        return []
    if _same_or_parent(prm_resource, server) == "parent":
        return [AuthFinding("auth.prm-resource-broader", server, prm_resource, where)]
    return [AuthFinding("auth.prm-resource-mismatch", candidate.expected[0], prm_resource, where)]


def resource_parameter(prm_resource: str | None, server_url: str) -> str:
    """The ``resource`` to send (RFC 8707): the metadata's ``resource`` when it was accepted (the
    authorization server knows the resource by that name), else the server's canonical URI."""
    server = canonical_resource_uri(server_url).uri or server_url
    if prm_resource is not None and _same_or_parent(prm_resource, server) in ("same", "parent"):
        return canonical_resource_uri(prm_resource).uri or prm_resource
    return server


def nothing_found(candidates: tuple[Candidate, ...]) -> AuthFinding | None:
    """The finding when none of ``candidates`` answered with a document: ``auth.prm-missing``
    (Protected Resource Metadata; the caller may then take the plan's 2025-03-26 fallback),
    ``auth.default-endpoints`` (2025-03-26's metadata: its default endpoints stand in) or
    ``auth.as-metadata-missing`` (an authorization server's). ``None`` for no candidates."""
    if not candidates:
        return None
    kind = candidates[0].kind
    rule = (
        "auth.prm-missing"
        if kind.startswith("prm-")
        else "auth.default-endpoints"
        if kind == "legacy-oauth"
        else "auth.as-metadata-missing"
    )
    tried = ", ".join(c.url for c in candidates)
    return AuthFinding(rule, f"a document at {tried}", "none answered with one", CANDIDATE_KINDS[kind])
