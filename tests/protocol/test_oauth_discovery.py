"""Where the metadata is looked for, per protocol version (issue 25 groundwork), sans-IO.

Each case is an example of the RFCs (8414 section 3.1, 9728 section 3.1) or of each version's
authorization page (2025-03-26's authorization base URL and default endpoints, 2025-11-25's and
2026-07-28's well-known order and their issuer-with-path list), and the canonical server URI's
valid and invalid examples (2025-06-18 on, #canonical-server-uri).
"""

from __future__ import annotations

import pytest

from inspector.protocol.oauth_discovery import (
    CANDIDATE_KINDS,
    PROFILES,
    Candidate,
    as_metadata_candidates,
    canonical_resource_uri,
    discovery_plan,
    legacy_default_endpoints,
    prm_candidates,
    profile_for,
    resource_findings,
    resource_parameter,
    well_known_url,
)
from inspector.protocol.versions import ALL_VERSIONS


def urls(cands: tuple[Candidate, ...]) -> list[str]:
    return [c.url for c in cands]


def test_rfc8414_and_rfc9728_path_insertion() -> None:
    assert (
        well_known_url("https://example.com/issuer1", "oauth-authorization-server")
        == "https://example.com/.well-known/oauth-authorization-server/issuer1"
    )
    assert (
        well_known_url("https://resource.example.com/resource1", "oauth-protected-resource")
        == "https://resource.example.com/.well-known/oauth-protected-resource/resource1"
    )
    # A terminating "/" is removed first; the query stays after the path (RFC 9728 section 3.1).
    assert well_known_url("https://example.com/", "x") == "https://example.com/.well-known/x"
    assert well_known_url("https://example.com/t1/", "x") == "https://example.com/.well-known/x/t1"
    assert well_known_url("https://r.example.com/a?tenant=1", "x") == "https://r.example.com/.well-known/x/a?tenant=1"


def test_profiles_cover_every_version_with_an_authorization_page() -> None:
    assert profile_for("2024-11-05") is None  # no authorization section in that version
    assert set(PROFILES) == set(ALL_VERSIONS) - {"2024-11-05"}
    assert discovery_plan("https://x.example/mcp", None, "2024-11-05") is None
    assert [v for v, p in PROFILES.items() if p.iss_check_required] == ["2026-07-28"]
    assert [v for v, p in PROFILES.items() if not p.resource_parameter] == ["2025-03-26"]


@pytest.mark.parametrize("version", ["2025-11-25", "2026-07-28"])
def test_prm_fallback_order_for_a_server_with_a_path(version: str) -> None:
    cands = prm_candidates("https://example.com/public/mcp", None, version)
    assert urls(cands) == [
        "https://example.com/.well-known/oauth-protected-resource/public/mcp",
        "https://example.com/.well-known/oauth-protected-resource",
    ]
    assert [c.kind for c in cands] == ["prm-path", "prm-root"]
    assert all(c.kind in CANDIDATE_KINDS for c in cands)
    assert cands[0].expected == ("https://example.com/public/mcp",)
    assert "protected-resource-metadata-discovery-requirements" in cands[0].basis


def test_a_server_at_the_root_has_one_well_known_uri() -> None:
    assert urls(prm_candidates("https://example.com/", None, "2025-11-25")) == [
        "https://example.com/.well-known/oauth-protected-resource"
    ]


@pytest.mark.parametrize("version", ["2025-06-18", "2025-11-25", "2026-07-28"])
def test_the_header_url_is_the_only_candidate_when_given(version: str) -> None:
    header = "https://mcp.example.com/.well-known/oauth-protected-resource"
    cands = prm_candidates("https://mcp.example.com/mcp", header, version)
    assert urls(cands) == [header] and cands[0].kind == "prm-header"
    assert cands[0].expected == ("https://mcp.example.com/mcp",)


def test_2025_06_18_without_the_header_uses_rfc9728_and_says_the_page_names_none() -> None:
    cands = prm_candidates("https://example.com/public/mcp", None, "2025-06-18")
    assert [c.kind for c in cands] == ["prm-path", "prm-root"]
    assert "names no fallback" in cands[0].basis and "sequence-diagram" in cands[1].basis


def test_as_metadata_order_issuer_with_a_path() -> None:
    issuer = "https://auth.example.com/tenant1"
    for version in ("2025-11-25", "2026-07-28"):
        cands = as_metadata_candidates(issuer, version)
        assert urls(cands) == [
            "https://auth.example.com/.well-known/oauth-authorization-server/tenant1",
            "https://auth.example.com/.well-known/openid-configuration/tenant1",
            "https://auth.example.com/tenant1/.well-known/openid-configuration",
        ]
        assert all(c.expected == (issuer,) for c in cands)
    # 2025-06-18 names RFC 8414 alone.
    assert urls(as_metadata_candidates(issuer, "2025-06-18")) == [
        "https://auth.example.com/.well-known/oauth-authorization-server/tenant1"
    ]


def test_as_metadata_order_issuer_without_a_path() -> None:
    for issuer in ("https://auth.example.com", "https://auth.example.com/"):
        cands = as_metadata_candidates(issuer, "2025-11-25")
        assert urls(cands) == [
            "https://auth.example.com/.well-known/oauth-authorization-server",
            "https://auth.example.com/.well-known/openid-configuration",
        ]
        # The issuer is expected exactly as the Protected Resource Metadata wrote it.
        assert cands[0].expected == (issuer,)


def test_2025_03_26_base_url_metadata_and_default_endpoints() -> None:
    plan = discovery_plan("https://api.example.com/v1/mcp", None, "2025-03-26")
    assert plan is not None
    assert plan.prm == () and plan.resource is None and not plan.legacy_is_fallback
    assert urls(plan.legacy_metadata) == ["https://api.example.com/.well-known/oauth-authorization-server"]
    assert plan.legacy_metadata[0].expected == ("https://api.example.com", "https://api.example.com/")
    defaults = legacy_default_endpoints("https://api.example.com/v1/mcp")
    assert (defaults.authorization_endpoint, defaults.token_endpoint, defaults.registration_endpoint) == (
        "https://api.example.com/authorize",
        "https://api.example.com/token",
        "https://api.example.com/register",
    )
    assert plan.legacy_defaults == defaults


def test_newer_versions_keep_2025_03_26_as_the_marked_fallback() -> None:
    plan = discovery_plan("http://127.0.0.1:8123/mcp", None, "2025-11-25")
    assert plan is not None and plan.legacy_is_fallback
    assert plan.resource == "http://127.0.0.1:8123/mcp"
    assert urls(plan.legacy_metadata) == ["http://127.0.0.1:8123/.well-known/oauth-authorization-server"]


@pytest.mark.parametrize(
    ("url", "canonical"),
    [
        ("https://mcp.example.com/mcp", "https://mcp.example.com/mcp"),
        ("https://mcp.example.com", "https://mcp.example.com"),
        ("https://mcp.example.com/", "https://mcp.example.com"),
        ("https://mcp.example.com:8443", "https://mcp.example.com:8443"),
        ("https://mcp.example.com/server/mcp", "https://mcp.example.com/server/mcp"),
        ("HTTPS://MCP.Example.COM/Server/MCP", "https://mcp.example.com/Server/MCP"),
        ("https://mcp.example.com/mcp/", "https://mcp.example.com/mcp/"),
        ("https://mcp.example.com/mcp?tenant=a", "https://mcp.example.com/mcp?tenant=a"),
        ("http://[::1]:9000/mcp", "http://[::1]:9000/mcp"),
    ],
)
def test_canonical_uri_valid_examples(url: str, canonical: str) -> None:
    got = canonical_resource_uri(url)
    assert got.uri == canonical and got.problem == ""


def test_canonical_uri_invalid_examples() -> None:
    assert canonical_resource_uri("mcp.example.com").uri is None
    assert "scheme" in canonical_resource_uri("mcp.example.com").problem
    fragment = canonical_resource_uri("https://mcp.example.com#fragment")
    assert fragment.uri == "https://mcp.example.com" and "fragment" in fragment.problem
    userinfo = canonical_resource_uri("https://me:s3cret@MCP.example.com/mcp")
    assert userinfo.uri == "https://mcp.example.com/mcp" and "user information" in userinfo.problem
    assert "s3cret" not in userinfo.problem


def test_resource_match() -> None:
    server = "https://mcp.example.com/public/mcp"
    path_c, root_c = prm_candidates(server, None, "2025-11-25")
    ids = lambda res, cand: [f.rule_id for f in resource_findings(res, server, cand)]  # noqa: E731
    assert ids("https://mcp.example.com/public/mcp", path_c) == []
    assert ids("HTTPS://MCP.EXAMPLE.COM/public/mcp", path_c) == []  # upper-case scheme and host accepted
    assert ids("https://mcp.example.com", root_c) == []  # the root document names the origin
    assert ids("https://mcp.example.com/public/mcp", root_c) == []
    assert ids("https://mcp.example.com/public", path_c) == ["auth.prm-resource-broader"]
    assert ids("https://mcp.example.com/", path_c) == ["auth.prm-resource-broader"]
    assert ids("https://mcp.example.com/pub", path_c) == ["auth.prm-resource-mismatch"]  # not a segment prefix
    assert ids("https://other.example.com/public/mcp", path_c) == ["auth.prm-resource-mismatch"]
    assert ids("http://mcp.example.com/public/mcp", path_c) == ["auth.prm-resource-mismatch"]
    assert ids("https://mcp.example.com:8443/public/mcp", path_c) == ["auth.prm-resource-mismatch"]
    mismatch = resource_findings("https://evil.example", server, path_c)[0]
    assert (mismatch.expected, mismatch.found, mismatch.where) == (server, "https://evil.example", path_c.url)


def test_resource_parameter_prefers_the_accepted_metadata_resource() -> None:
    server = "https://mcp.example.com/public/mcp"
    assert resource_parameter(None, server) == server
    assert resource_parameter("https://mcp.example.com/", server) == "https://mcp.example.com"
    assert resource_parameter("https://evil.example", server) == server


def test_nothing_found_names_the_step() -> None:
    from inspector.protocol.oauth_discovery import legacy_metadata_candidates, nothing_found

    server = "https://example.com/public/mcp"
    prm = nothing_found(prm_candidates(server, None, "2025-11-25"))
    assert prm is not None and prm.rule_id == "auth.prm-missing" and prm.blocking
    assert "https://example.com/.well-known/oauth-protected-resource/public/mcp" in prm.expected
    meta = nothing_found(as_metadata_candidates("https://auth.example.com/t", "2026-07-28"))
    assert meta is not None and meta.rule_id == "auth.as-metadata-missing"
    legacy = nothing_found(legacy_metadata_candidates(server))
    assert legacy is not None and legacy.rule_id == "auth.default-endpoints" and not legacy.blocking
    assert nothing_found(()) is None


def test_only_2025_03_26_asks_for_the_version_header_on_metadata_requests() -> None:
    from inspector.protocol.oauth_discovery import metadata_request_headers

    assert metadata_request_headers("2025-03-26") == {"MCP-Protocol-Version": "2025-03-26"}
    assert all(metadata_request_headers(v) == {} for v in PROFILES if v != "2025-03-26")
