"""The flow's values built and checked (issue 25 groundwork), sans-IO.

PKCE from RFC 7636 Appendix B, client authentication from RFC 6749 sections 2.3.1 and 4.1.3, the
redirect's ``iss`` from RFC 9207 section 2.4 as 2026-07-28's table words it, the token response
from RFC 6750 section 4 and RFC 6749 section 5.2, registration from RFC 7591 section 3.2.1, and
the scope order of 2025-11-25 and 2026-07-28.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Sequence
from urllib.parse import parse_qsl, urlsplit

import pytest

from inspector.protocol.oauth_flow import (
    AuthorizationRequest,
    ClientCredentials,
    StepUpBudget,
    TokenSet,
    audience_findings,
    authorization_code_request,
    authorization_url,
    basic_authorization,
    check_redirect,
    client_credentials_request,
    code_verifier_problems,
    jwt_claims,
    new_code_verifier,
    new_state,
    read_registration_response,
    read_token_response,
    refresh_due,
    refresh_request,
    registration_request,
    s256_challenge,
    select_scope,
    step_up_scope,
    with_offline_access,
)
from inspector.protocol.oauth_rules import AUTH_RULES, AuthFinding

RFC7636_OCTETS = bytes(
    [116, 24, 223, 180, 151, 153, 224, 37, 79, 250, 96, 125, 216, 173, 187, 186,
     22, 212, 37, 77, 105, 214, 191, 240, 91, 88, 5, 88, 83, 132, 141, 121]
)  # fmt: skip


def test_rfc7636_appendix_b() -> None:
    verifier = new_code_verifier(RFC7636_OCTETS)
    assert verifier == "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
    assert s256_challenge(verifier) == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
    assert code_verifier_problems(verifier) == []


def test_random_verifiers_and_states() -> None:
    verifiers = {new_code_verifier() for _ in range(20)}
    assert len(verifiers) == 20
    assert all(len(v) == 43 and code_verifier_problems(v) == [] for v in verifiers)
    assert len({new_state() for _ in range(20)}) == 20
    assert new_state(b"\xff" * 3) == "____"


@pytest.mark.parametrize(
    ("verifier", "problems"),
    [
        ("a" * 43, 0),
        ("a" * 128, 0),
        ("A-._~" * 9, 0),
        ("a" * 42, 1),
        ("a" * 129, 1),
        ("a" * 42 + "+", 1),
        ("a" * 42 + "/=", 1),
        ("a b", 2),
        ("é" * 50, 1),
    ],
)
def test_verifier_length_and_charset(verifier: str, problems: int) -> None:
    assert len(code_verifier_problems(verifier)) == problems


def test_authorization_url_keeps_the_endpoint_query_and_encodes_the_resource() -> None:
    request = AuthorizationRequest(
        authorization_endpoint="https://as.example.com/authorize?tenant=a&state=stale",
        client_id="s6BhdRkqt3",
        redirect_uri="http://127.0.0.1:50123/callback",
        state="xyz",
        code_challenge="E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
        scope=("files:read", "files:write"),
        resource="https://mcp.example.com",
    )
    url = authorization_url(request)
    assert url.startswith("https://as.example.com/authorize?tenant=a&response_type=code&")
    assert "&resource=https%3A%2F%2Fmcp.example.com" in url  # the spec's own example
    assert "scope=files%3Aread+files%3Awrite" in url
    assert parse_qsl(urlsplit(url).query) == [
        ("tenant", "a"),
        ("response_type", "code"),
        ("client_id", "s6BhdRkqt3"),
        ("redirect_uri", "http://127.0.0.1:50123/callback"),
        ("code_challenge", "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"),
        ("code_challenge_method", "S256"),
        ("state", "xyz"),
        ("scope", "files:read files:write"),
        ("resource", "https://mcp.example.com"),
    ]
    bare = AuthorizationRequest("https://as.example.com/authorize", "c", "http://127.0.0.1:1/cb", "s", "ch")
    names = [k for k, _ in parse_qsl(urlsplit(authorization_url(bare)).query)]
    assert "scope" not in names and "resource" not in names  # 2025-03-26: no resource; no scope chosen


RFC9207_REDIRECT = (
    "https://client.example/cb?code=x1848ZT64p4IirMPT0R-X3141MFPTuBX-VFL_cvaplMH58"
    "&state=ZWVlNDBlYzA1NjdkMDNhYjg3ZjUxZjAyNGQzMTM2NzI&iss=https%3A%2F%2Fhonest.as.example"
)
STATE = "ZWVlNDBlYzA1NjdkMDNhYjg3ZjUxZjAyNGQzMTM2NzI"


@pytest.mark.parametrize(
    ("supported", "with_iss", "issuer", "rule"),
    [
        (True, True, "https://honest.as.example", None),  # advertised, present: compare (equal)
        (True, True, "https://attacker.example", "auth.iss-mismatch"),
        (True, False, "https://honest.as.example", "auth.iss-missing"),  # advertised, absent: reject
        (False, True, "https://honest.as.example", None),  # not advertised, present: compare
        (False, True, "https://attacker.example", "auth.iss-mismatch"),
        (False, False, "https://honest.as.example", None),  # neither: proceed
        # Simple string comparison: no trailing-slash, case or port normalization.
        (False, True, "https://honest.as.example/", "auth.iss-mismatch"),
        (False, True, "https://HONEST.as.example", "auth.iss-mismatch"),
        (False, True, "https://honest.as.example:443", "auth.iss-mismatch"),
    ],
)
def test_rfc9207_table(supported: bool, with_iss: bool, issuer: str, rule: str | None) -> None:
    redirect = RFC9207_REDIRECT if with_iss else RFC9207_REDIRECT.split("&iss=")[0]
    outcome = check_redirect(redirect, expected_state=STATE, issuer=issuer, iss_supported=supported)
    assert [f.rule_id for f in outcome.findings] == ([rule] if rule else [])
    assert outcome.ok == (rule is None)
    assert (outcome.code is not None) == (rule is None)
    if rule is None:
        assert outcome.code == "x1848ZT64p4IirMPT0R-X3141MFPTuBX-VFL_cvaplMH58"


def test_a_mixed_up_error_is_neither_used_nor_shown() -> None:
    redirect = "http://127.0.0.1:1/cb?error=access_denied&error_description=no&state=s&iss=https%3A%2F%2Fevil"
    outcome = check_redirect(redirect, expected_state="s", issuer="https://good", iss_supported=False)
    assert outcome.error is None and outcome.error_description is None
    assert [f.rule_id for f in outcome.findings] == ["auth.iss-mismatch"]


def test_state_error_and_code() -> None:
    check = lambda q: check_redirect(q, expected_state="s1", issuer="https://as", iss_supported=False)  # noqa: E731
    assert [f.rule_id for f in check("code=c").findings] == ["auth.state-mismatch"]
    assert check("code=c").findings[0].found == "absent"
    assert [f.rule_id for f in check("code=c&state=s2").findings] == ["auth.state-mismatch"]
    denied = check("?error=access_denied&error_description=The+user+said+no&state=s1")
    assert (denied.error, denied.error_description) == ("access_denied", "The user said no")
    assert [f.rule_id for f in denied.findings] == ["auth.authorization-error"]
    assert [f.rule_id for f in check("state=s1").findings] == ["auth.no-code"]
    assert [f.rule_id for f in check("state=s1&code=").findings] == ["auth.no-code"]
    good = check("http://127.0.0.1:5/callback?state=s1&code=abc&code=second")
    assert good.ok and good.code == "abc"


def test_rfc6749_basic_credentials() -> None:
    assert basic_authorization("s6BhdRkqt3", "gX1fBat3bV") == "Basic czZCaGRSa3F0MzpnWDFmQmF0M2JW"
    # Each part is form-encoded before Base64 (RFC 6749 section 2.3.1).
    decoded = base64.b64decode(basic_authorization("a:b", "p w%").split(" ")[1]).decode()
    assert decoded == "a%3Ab:p%20w%25"


@pytest.mark.parametrize(
    ("client", "auth_header", "body_auth"),
    [
        (ClientCredentials("c1"), False, [("client_id", "c1")]),
        (ClientCredentials("c1", "sec", "client_secret_basic"), True, [("client_id", "c1")]),
        (ClientCredentials("c1", "sec", "client_secret_post"), False, [("client_id", "c1"), ("client_secret", "sec")]),
    ],
)
def test_code_exchange_with_each_client_auth(
    client: ClientCredentials, auth_header: bool, body_auth: list[tuple[str, str]]
) -> None:
    req = authorization_code_request(
        "https://as.example.com/token",
        code="SplxlOBeZQQYbYS6WxSbIA",
        redirect_uri="http://127.0.0.1:50123/callback",
        code_verifier="dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk",
        client=client,
        resource="https://mcp.example.com/mcp",
    )
    assert list(req.fields) == [
        ("grant_type", "authorization_code"),
        ("code", "SplxlOBeZQQYbYS6WxSbIA"),
        ("redirect_uri", "http://127.0.0.1:50123/callback"),
        ("code_verifier", "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"),
        ("resource", "https://mcp.example.com/mcp"),
        *body_auth,
    ]
    headers = dict(req.headers)
    assert headers["Content-Type"] == "application/x-www-form-urlencoded"
    assert ("Authorization" in headers) == auth_header
    assert "resource=https%3A%2F%2Fmcp.example.com%2Fmcp" in req.body()


def test_refresh_and_client_credentials_requests() -> None:
    client = ClientCredentials("c1")
    refresh = refresh_request("https://as/token", refresh_token="tGzv3JOkF0XG5Qx2TlKWIA", client=client, resource=None)
    assert refresh.field("grant_type") == "refresh_token" and refresh.field("resource") is None
    assert refresh.field("scope") is None and refresh.field("client_id") == "c1"
    narrowed = refresh_request("https://as/token", refresh_token="r", client=client, resource="https://m", scope=["a"])
    assert narrowed.field("scope") == "a" and narrowed.field("resource") == "https://m"
    cc = client_credentials_request(
        "https://as/token",
        client=ClientCredentials("svc", "s3cr3t", "client_secret_basic"),
        resource="https://mcp.example.com",
        scope=["read", "write"],
    )
    assert cc.fields == (
        ("grant_type", "client_credentials"),
        ("scope", "read write"),
        ("resource", "https://mcp.example.com"),
        ("client_id", "svc"),
    )
    assert dict(cc.headers)["Authorization"] == basic_authorization("svc", "s3cr3t")


RFC6750_TOKEN = {
    "access_token": "mF_9.B5f-4.1JqM",
    "token_type": "Bearer",
    "expires_in": 3600,
    "refresh_token": "tGzv3JOkF0XG5Qx2TlKWIA",
}


def rule_ids(findings: Sequence[AuthFinding]) -> list[str]:
    assert all(f.rule_id in AUTH_RULES for f in findings)
    return [f.rule_id for f in findings]


def test_rfc6750_token_response() -> None:
    tokens, findings = read_token_response(200, RFC6750_TOKEN, requested_scope=["a"], resource="https://m")
    assert findings == [] and tokens is not None
    assert (tokens.access_token, tokens.expires_in, tokens.refresh_token) == (
        "mF_9.B5f-4.1JqM",
        3600,
        "tGzv3JOkF0XG5Qx2TlKWIA",
    )
    assert tokens.scope is None and tokens.granted(["a"]) == ("a",)  # scope left out: granted as asked


def test_token_response_problems() -> None:
    def read(status: int, doc: object, scope: list[str] | None = None) -> tuple[TokenSet | None, list[AuthFinding]]:
        return read_token_response(status, doc, requested_scope=scope, resource=None)

    tokens, findings = read(400, {"error": "invalid_grant", "error_description": "code used"})
    assert (
        tokens is None
        and rule_ids(findings) == ["auth.token-error"]
        and findings[0].found == "invalid_grant: code used"
    )
    assert rule_ids(read(200, "<html>")[1]) == ["auth.token-response-invalid"]
    assert rule_ids(read(200, {"token_type": "Bearer"})[1]) == ["auth.token-response-invalid"]
    assert rule_ids(read(200, {"access_token": "x"})[1]) == ["auth.token-response-invalid"]
    assert rule_ids(read(200, {"access_token": "x", "token_type": "bearer"})[1]) == []
    assert rule_ids(read(200, {"access_token": "x", "token_type": "DPoP"})[1]) == ["auth.token-type-not-bearer"]
    tokens, findings = read(200, dict(RFC6750_TOKEN, scope="a"), ["a", "b"])
    assert (
        rule_ids(findings) == ["auth.scope-not-granted"] and tokens is not None and tokens.granted(["a", "b"]) == ("a",)
    )
    tokens, _ = read(200, dict(RFC6750_TOKEN, expires_in="3600", refresh_token=""))
    assert tokens is not None and tokens.expires_in is None and tokens.refresh_token is None


def jwt(claims: dict[str, object]) -> str:
    part = lambda d: base64.urlsafe_b64encode(json.dumps(d).encode()).rstrip(b"=").decode()  # noqa: E731
    return f"{part({'alg': 'none'})}.{part(claims)}.sig"


def test_token_audience_of_jwts_only() -> None:
    resource = "https://mcp.example.com/mcp"
    assert audience_findings("opaque-token", resource) == []
    assert audience_findings(jwt({"sub": "u"}), resource) == []
    assert audience_findings(jwt({"aud": resource}), resource) == []
    assert audience_findings(jwt({"aud": ["other", resource + "/"]}), resource) == []
    wrong = audience_findings(jwt({"aud": "https://api.example.com"}), resource)
    assert rule_ids(wrong) == ["auth.token-audience"] and wrong[0].found == "https://api.example.com"
    assert jwt_claims("a.%%%.c") is None and jwt_claims(jwt({"aud": "x"})) == {"aud": "x"}
    _, findings = read_token_response(
        200,
        {"access_token": jwt({"aud": "elsewhere"}), "token_type": "Bearer"},
        requested_scope=None,
        resource=resource,
    )
    assert rule_ids(findings) == ["auth.token-audience"]


def test_refresh_due() -> None:
    assert not refresh_due(None, 1000.0)
    assert not refresh_due(2000.0, 1000.0)
    assert refresh_due(1050.0, 1000.0)  # within the minute before expiry
    assert refresh_due(900.0, 1000.0)  # after it
    assert not refresh_due(1050.0, 1000.0, margin=10)


def test_scope_selection_order() -> None:
    assert select_scope(["files:read"], ["a", "b"]).scopes == ("files:read",)
    assert select_scope(["files:read"], ["a", "b"]).source == "challenge"
    assert select_scope(None, ["a", "b"]) == select_scope([], ["a", "b"])
    assert select_scope(None, ["a", "b"]).scopes == ("a", "b") and select_scope(None, ["a"]).source == "prm"
    assert select_scope(None, None).scopes is None and select_scope(None, []).source == "none"


def test_step_up_per_version() -> None:
    # 2026-07-28: the union of what was asked before and the challenge (its own example: files:write).
    assert step_up_scope(["files:read"], ["files:write"], "2026-07-28").scopes == ("files:read", "files:write")
    assert step_up_scope(["a", "b"], ["b", "c"], "2026-07-28").scopes == ("a", "b", "c")
    # 2025-11-25: the challenge is authoritative (servers are asked to repeat what was granted).
    example = ["files:read", "files:write", "user:profile"]
    assert step_up_scope(["files:read"], example, "2025-11-25").scopes == tuple(example)
    assert step_up_scope(None, ["x", "x"], "2025-06-18").scopes == ("x",)
    budget = StepUpBudget(limit=2)
    assert budget.take("https://m", "tools/call write") and budget.take("https://m", "tools/call write")
    assert not budget.take("https://m", "tools/call write")
    assert budget.take("https://m", "tools/call read")  # another operation has its own count


def test_offline_access_only_when_the_server_lists_it() -> None:
    assert with_offline_access(["a"], ["a", "offline_access"]) == ("a", "offline_access")
    assert with_offline_access(None, ["offline_access"]) == ("offline_access",)
    assert with_offline_access(["a"], ["a"]) == ("a",)
    assert with_offline_access(["offline_access"], ["offline_access"]) == ("offline_access",)
    assert with_offline_access(None, None) is None


def test_dynamic_registration() -> None:
    body = registration_request(redirect_uris=["http://127.0.0.1:50123/callback"], client_name="MCP Session Inspector")
    assert body == {
        "client_name": "MCP Session Inspector",
        "redirect_uris": ["http://127.0.0.1:50123/callback"],
        "grant_types": ["authorization_code", "refresh_token"],
        "response_types": ["code"],
        "token_endpoint_auth_method": "none",
        "application_type": "native",
    }
    rfc7591 = {
        "client_id": "s6BhdRkqt3",
        "client_secret": "cf136dc3c1fc93f31185e5885805",
        "client_id_issued_at": 2893256800,
        "client_secret_expires_at": 2893276800,
        "redirect_uris": ["https://client.example.org/callback"],
        "token_endpoint_auth_method": "client_secret_basic",
    }
    reg, findings = read_registration_response(201, rfc7591)
    assert findings == [] and reg is not None
    assert (reg.client_id, reg.client_secret, reg.token_endpoint_auth_method) == (
        "s6BhdRkqt3",
        "cf136dc3c1fc93f31185e5885805",
        "client_secret_basic",
    )
    assert reg.client_secret_expires_at == 2893276800
    _, findings = read_registration_response(400, {"error": "invalid_redirect_uri"})
    assert rule_ids(findings) == ["auth.registration-failed"] and "invalid_redirect_uri" in findings[0].found
    assert rule_ids(read_registration_response(200, [])[1]) == ["auth.metadata-not-json"]


def test_no_secret_in_the_repr_of_the_flow_values() -> None:
    client = ClientCredentials("app", "s3cret-value", "client_secret_basic")
    request = authorization_code_request(
        "https://as.example/token",
        code="the-code-value",
        code_verifier="v" * 43,
        redirect_uri="http://127.0.0.1:5000/callback",
        client=client,
        resource=None,
    )
    tokens = TokenSet("access-value", "Bearer", 60, "refresh-value", None)
    registration, _ = read_registration_response(201, {"client_id": "app", "client_secret": "s3cret-value"})
    shown = repr((client, request, tokens, registration))
    for secret in ("s3cret-value", "the-code-value", "v" * 43, "access-value", "refresh-value"):
        assert secret not in shown
    assert "app" in shown and "https://as.example/token" in shown
