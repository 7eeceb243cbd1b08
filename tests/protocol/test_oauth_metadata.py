"""Protected Resource Metadata and Authorization Server Metadata read and checked as data
(issue 25 groundwork), sans-IO.

The documents start from the RFCs' examples (RFC 9728 section 3.2, RFC 8414 section 3.2) and
2026-07-28's issuer example; each case then breaks one thing and names the rule it raises.
"""

from __future__ import annotations

import copy

import pytest

from inspector.protocol.jsontypes import JsonObject
from inspector.protocol.oauth_discovery import as_metadata_candidates, legacy_default_endpoints, prm_candidates
from inspector.protocol.oauth_metadata import (
    choose_client_auth,
    choose_registration,
    default_metadata,
    is_loopback_url,
    read_as_metadata,
    read_prm,
)
from inspector.protocol.oauth_rules import AUTH_RULES, AuthFinding

RFC9728_PRM: JsonObject = {
    "resource": "https://resource.example.com",
    "authorization_servers": ["https://as1.example.com", "https://as2.example.net"],
    "bearer_methods_supported": ["header", "body"],
    "scopes_supported": ["profile", "email", "phone"],
    "resource_documentation": "https://resource.example.com/resource_documentation.html",
}

RFC8414_AS: JsonObject = {
    "issuer": "https://server.example.com",
    "authorization_endpoint": "https://server.example.com/authorize",
    "token_endpoint": "https://server.example.com/token",
    "token_endpoint_auth_methods_supported": ["client_secret_basic", "private_key_jwt"],
    "token_endpoint_auth_signing_alg_values_supported": ["RS256", "ES256"],
    "userinfo_endpoint": "https://server.example.com/userinfo",
    "jwks_uri": "https://server.example.com/jwks.json",
    "registration_endpoint": "https://server.example.com/register",
    "scopes_supported": ["openid", "profile", "email", "address", "phone", "offline_access"],
    "response_types_supported": ["code", "code token"],
    "service_documentation": "http://server.example.com/service_documentation.html",
    "ui_locales_supported": ["en-US", "en-GB", "en-CA", "fr-FR", "fr-CA"],
}


def mcp_as(**changes: object) -> JsonObject:
    """RFC 8414's example made MCP-ready (PKCE S256 advertised), with ``changes`` applied
    (a value of ``None`` removes the member)."""
    doc = copy.deepcopy(RFC8414_AS)
    doc["code_challenge_methods_supported"] = ["S256"]
    for key, value in changes.items():
        if value is None:
            doc.pop(key, None)
        else:
            doc[key] = value
    return doc


def ids(findings: list[AuthFinding] | tuple[AuthFinding, ...]) -> list[str]:
    assert all(f.rule_id in AUTH_RULES for f in findings)
    return [f.rule_id for f in findings]


SERVER = "https://resource.example.com"
ROOT = prm_candidates(SERVER, None, "2025-11-25")[0]
AS_CAND = as_metadata_candidates("https://server.example.com", "2025-11-25")[0]


def test_rfc9728_example_reads_clean() -> None:
    prm, findings = read_prm(RFC9728_PRM, SERVER, ROOT)
    assert findings == []
    assert prm is not None
    assert prm.authorization_servers == ("https://as1.example.com", "https://as2.example.net")
    assert prm.scopes_supported == ("profile", "email", "phone")
    assert prm.bearer_methods_supported == ("header", "body")
    assert prm.url == ROOT.url


def test_prm_broken_one_thing_at_a_time() -> None:
    wrong = dict(RFC9728_PRM, resource="https://other.example.com")
    assert ids(read_prm(wrong, SERVER, ROOT)[1]) == ["auth.prm-resource-mismatch"]
    no_servers = {k: v for k, v in RFC9728_PRM.items() if k != "authorization_servers"}
    prm, findings = read_prm(no_servers, SERVER, ROOT)
    assert prm is not None and ids(findings) == ["auth.prm-no-authorization-servers"]
    assert ids(read_prm(dict(RFC9728_PRM, authorization_servers=[]), SERVER, ROOT)[1]) == [
        "auth.prm-no-authorization-servers"
    ]
    no_resource = {k: v for k, v in RFC9728_PRM.items() if k != "resource"}
    prm, findings = read_prm(no_resource, SERVER, ROOT)
    assert prm is None and ids(findings) == ["auth.metadata-missing-field"]
    assert findings[0].expected == "resource"
    typed = dict(RFC9728_PRM, scopes_supported="profile email")
    prm, findings = read_prm(typed, SERVER, ROOT)
    assert prm is not None and prm.scopes_supported is None and ids(findings) == ["auth.metadata-field-type"]
    assert (findings[0].expected, findings[0].found) == ("scopes_supported: an array of strings", "a string")
    assert ids(read_prm(["not", "an", "object"], SERVER, ROOT)[1]) == ["auth.metadata-not-json"]
    assert ids(read_prm(None, SERVER, ROOT)[1]) == ["auth.metadata-not-json"]


def test_rfc8414_example_needs_pkce_advertised_from_2025_11_25() -> None:
    meta, findings = read_as_metadata(RFC8414_AS, AS_CAND, "2025-11-25")
    assert meta is not None and ids(findings) == ["auth.no-pkce-advertised"]
    assert findings[0].blocking
    legacy = as_metadata_candidates("https://server.example.com", "2025-06-18")[0]
    meta, findings = read_as_metadata(RFC8414_AS, legacy, "2025-06-18")
    assert ids(findings) == ["auth.no-pkce-advertised-legacy"] and not findings[0].blocking


def test_mcp_ready_metadata_reads_clean_with_defaults_filled() -> None:
    meta, findings = read_as_metadata(mcp_as(), AS_CAND, "2026-07-28")
    assert findings == []
    assert meta is not None
    assert meta.grant_types_supported == ("authorization_code", "implicit")  # RFC 8414's default
    assert meta.token_endpoint_auth_methods_supported == ("client_secret_basic", "private_key_jwt")
    assert not meta.client_id_metadata_document_supported
    assert not meta.authorization_response_iss_parameter_supported
    meta, _ = read_as_metadata(mcp_as(token_endpoint_auth_methods_supported=None), AS_CAND, "2026-07-28")
    assert meta is not None and meta.token_endpoint_auth_methods_supported == ("client_secret_basic",)


def test_2026_07_28_issuer_example_is_rejected() -> None:
    cand = as_metadata_candidates("https://attacker.example", "2026-07-28")[0]
    assert cand.url == "https://attacker.example/.well-known/oauth-authorization-server"
    doc = mcp_as(issuer="https://honest.example")
    meta, findings = read_as_metadata(doc, cand, "2026-07-28")
    assert "auth.issuer-mismatch" in ids(findings)
    f = next(f for f in findings if f.rule_id == "auth.issuer-mismatch")
    assert (f.expected, f.found, f.where) == ("https://attacker.example", "https://honest.example", cand.url)
    assert f.blocking
    # A trailing slash is a different issuer (identical means identical).
    slash = as_metadata_candidates("https://server.example.com/", "2025-11-25")[0]
    assert ids(read_as_metadata(mcp_as(), slash, "2025-11-25")[1]) == ["auth.issuer-mismatch"]


@pytest.mark.parametrize(
    ("changes", "rule"),
    [
        ({"code_challenge_methods_supported": ["plain"]}, "auth.no-s256"),
        ({"code_challenge_methods_supported": []}, "auth.no-s256"),
        ({"code_challenge_methods_supported": "S256"}, "auth.metadata-field-type"),
        ({"response_types_supported": ["token"]}, "auth.no-code-response-type"),
        ({"response_types_supported": None}, "auth.metadata-incomplete"),
        ({"grant_types_supported": ["client_credentials"]}, "auth.grant-not-supported"),
        ({"authorization_endpoint": None}, "auth.metadata-missing-field"),
        ({"token_endpoint": None}, "auth.metadata-missing-field"),
        ({"token_endpoint": "http://server.example.com/token"}, "auth.endpoint-not-https"),
        ({"client_id_metadata_document_supported": "yes"}, "auth.metadata-field-type"),
    ],
)
def test_as_metadata_broken_one_thing_at_a_time(changes: dict[str, object], rule: str) -> None:
    _, findings = read_as_metadata(mcp_as(**changes), AS_CAND, "2025-11-25")
    found = ids(findings)
    # A wrongly typed PKCE list is also read as absent, which 2025-11-25 refuses.
    assert found[0] == rule, found


def test_no_issuer_is_no_metadata() -> None:
    meta, findings = read_as_metadata(mcp_as(issuer=None), AS_CAND, "2025-11-25")
    assert meta is None and ids(findings) == ["auth.metadata-missing-field"]
    assert ids(read_as_metadata("<html>", AS_CAND, "2025-11-25")[1]) == ["auth.metadata-not-json"]


def test_client_credentials_grant_checks_the_grant_and_not_pkce() -> None:
    doc = mcp_as(grant_types_supported=["client_credentials"], code_challenge_methods_supported=None)
    meta, findings = read_as_metadata(doc, AS_CAND, "2025-11-25", grant="client_credentials")
    assert meta is not None and findings == []
    _, findings = read_as_metadata(mcp_as(), AS_CAND, "2025-11-25", grant="client_credentials")
    assert ids(findings) == ["auth.grant-not-supported"]  # the default is authorization_code and implicit


def test_loopback_http_is_allowed_for_development() -> None:
    assert is_loopback_url("http://127.0.0.1:9000/token") and is_loopback_url("http://localhost/x")
    assert is_loopback_url("http://[::1]:8080/") and is_loopback_url("http://a.localhost/")
    assert not is_loopback_url("http://10.0.0.1/") and not is_loopback_url("http://example.com/")
    base = "http://127.0.0.1:9000"
    doc = {
        "issuer": base,
        "authorization_endpoint": f"{base}/authorize",
        "token_endpoint": f"{base}/token",
        "response_types_supported": ["code"],
        "code_challenge_methods_supported": ["S256"],
    }
    cand = as_metadata_candidates(base, "2025-11-25")[0]
    assert read_as_metadata(doc, cand, "2025-11-25")[1] == []


def test_2025_03_26_default_endpoints_as_metadata() -> None:
    server = "https://api.example.com/v1/mcp"
    meta = default_metadata(legacy_default_endpoints(server), "https://api.example.com")
    assert meta.from_defaults and meta.registration_endpoint == "https://api.example.com/register"
    assert choose_registration(meta, "2025-03-26", client_id=None).mechanism == "dynamic"
    assert choose_client_auth(meta, has_secret=False).method == "none"
    assert choose_client_auth(meta, has_secret=True).method == "client_secret_basic"


def test_registration_order_per_version() -> None:
    meta, _ = read_as_metadata(mcp_as(client_id_metadata_document_supported=True), AS_CAND, "2025-11-25")
    assert meta is not None
    cimd = "https://app.example.com/oauth/client-metadata.json"
    pick = lambda version, **kw: choose_registration(meta, version, **kw).mechanism  # noqa: E731
    assert pick("2025-11-25", client_id="given", metadata_document_url=cimd) == "pre-registered"
    assert pick("2025-11-25", client_id=None, metadata_document_url=cimd) == "client-id-metadata-document"
    assert pick("2025-11-25", client_id=None) == "dynamic"  # no document URL of our own
    assert pick("2025-06-18", client_id=None, metadata_document_url=cimd) == "dynamic"  # no CIMD before 2025-11-25
    bare, _ = read_as_metadata(mcp_as(registration_endpoint=None), AS_CAND, "2025-11-25")
    assert bare is not None
    choice = choose_registration(bare, "2026-07-28", client_id=None)
    assert choice.mechanism == "user" and ids(choice.findings) == ["auth.no-registration"]


def test_client_auth_choice() -> None:
    listed = lambda methods: read_as_metadata(  # noqa: E731
        mcp_as(token_endpoint_auth_methods_supported=methods), AS_CAND, "2025-11-25"
    )[0]
    both = listed(["client_secret_post", "client_secret_basic", "none"])
    assert both is not None
    assert choose_client_auth(both, has_secret=True).method == "client_secret_basic"
    assert choose_client_auth(both, has_secret=False).method == "none"
    assert choose_client_auth(both, has_secret=True, registered="client_secret_post").method == "client_secret_post"
    post = listed(["client_secret_post"])
    assert post is not None and choose_client_auth(post, has_secret=True).method == "client_secret_post"
    jwt_only = listed(["private_key_jwt"])
    assert jwt_only is not None
    choice = choose_client_auth(jwt_only, has_secret=True)
    assert choice.method is None and ids(choice.findings) == ["auth.no-client-auth-method"]
    public = choose_client_auth(post, has_secret=False)
    assert public.method is None and public.findings[0].found == "client_secret_post"
    # Nothing listed: RFC 8414's default (client_secret_basic), and a public client still sends its id.
    unlisted = listed(None)
    assert unlisted is not None
    assert choose_client_auth(unlisted, has_secret=False).method == "none"
    assert choose_client_auth(unlisted, has_secret=True).method == "client_secret_basic"


def test_authorization_server_choice_and_binding() -> None:
    from inspector.protocol.oauth_metadata import choose_authorization_server

    prm, _ = read_prm(RFC9728_PRM, SERVER, ROOT)
    assert prm is not None
    assert choose_authorization_server(prm) == ("https://as1.example.com", [])
    assert choose_authorization_server(prm, bound_issuer="https://as2.example.net") == ("https://as2.example.net", [])
    chosen, findings = choose_authorization_server(prm, bound_issuer="https://old.example")
    assert chosen == "https://as1.example.com" and ids(findings) == ["auth.authorization-server-changed"]
    assert (findings[0].expected, findings[0].found) == (
        "https://old.example",
        "https://as1.example.com https://as2.example.net",
    )
    empty, _ = read_prm(dict(RFC9728_PRM, authorization_servers=[]), SERVER, ROOT)
    assert empty is not None and choose_authorization_server(empty) == (None, [])
