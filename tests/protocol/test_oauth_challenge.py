"""``WWW-Authenticate`` read by RFC 9110 section 11.6.1's grammar (issue 25 groundwork), sans-IO.

The examples are the RFCs' and the MCP spec's own (RFC 9110 section 11.6.1, RFC 6750 section 3,
RFC 9728 section 5.1 and 5.3, 2025-11-25 basic/authorization), then the edge cases a server gets
wrong: several challenges, quoted strings with escapes, odd spacing, folded lines, empty list
elements, token68, duplicates, unclosed quotes. What breaks the grammar is data, never raised.
"""

from __future__ import annotations

import pytest

from inspector.protocol.oauth_challenge import (
    PROBLEM_KINDS,
    Challenge,
    bearer_of,
    challenge_findings,
    parse_challenges,
)
from inspector.protocol.oauth_rules import AUTH_RULES


def test_rfc9110_example_two_challenges_with_an_escaped_quote() -> None:
    header = 'Basic realm="simple", Newauth realm="apps",\r\n                 type=1, title="Login to \\"apps\\""'
    parsed = parse_challenges(header)
    assert parsed.problems == ()
    assert parsed.challenges == (
        Challenge("Basic", (("realm", "simple"),)),
        Challenge("Newauth", (("realm", "apps"), ("type", "1"), ("title", 'Login to "apps"'))),
    )
    assert bearer_of(parsed) is None


def test_rfc6750_examples() -> None:
    bare = bearer_of(parse_challenges('Bearer realm="example"'))
    assert bare is not None and bare.realm == "example" and bare.error is None
    expired = bearer_of(
        parse_challenges(
            'Bearer realm="example",\n error="invalid_token",\n error_description="The access token expired"'
        )
    )
    assert expired is not None
    assert (expired.error, expired.error_description) == ("invalid_token", "The access token expired")


def test_rfc9728_resource_metadata_on_the_next_line() -> None:
    header = 'Bearer resource_metadata=\n     "https://resource.example.com/.well-known/oauth-protected-resource"'
    bearer = bearer_of(parse_challenges(header))
    assert bearer is not None
    assert bearer.resource_metadata == "https://resource.example.com/.well-known/oauth-protected-resource"


def test_rfc9728_invalid_token_with_resource_metadata() -> None:
    header = (
        'Bearer error="invalid_token", error_description="The access token expired", '
        'resource_metadata="https://resource.example.com/.well-known/oauth-protected-resource"'
    )
    bearer = bearer_of(parse_challenges(header))
    assert bearer is not None and bearer.error == "invalid_token"
    assert bearer.resource_metadata == "https://resource.example.com/.well-known/oauth-protected-resource"


def test_mcp_403_insufficient_scope_example() -> None:
    header = (
        'Bearer error="insufficient_scope",\n'
        '                         scope="files:read files:write user:profile",\n'
        '                         resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource",\n'
        '                         error_description="Additional file write permission required"'
    )
    bearer = bearer_of(parse_challenges(header))
    assert bearer is not None and bearer.insufficient_scope
    assert bearer.scope == ("files:read", "files:write", "user:profile")
    assert challenge_findings(403, header, "2025-11-25") == []


def test_bare_bearer_and_case_insensitive_names() -> None:
    parsed = parse_challenges("bEARER")
    assert parsed.challenges == (Challenge("bEARER"),) and parsed.problems == ()
    bearer = bearer_of(parse_challenges('BEARER Resource_Metadata="https://x.example/m", SCOPE=read'))
    assert bearer is not None and bearer.resource_metadata == "https://x.example/m" and bearer.scope == ("read",)


def test_bearer_after_other_challenges_and_header_lines() -> None:
    parsed = parse_challenges(
        ['Basic realm="a"', 'DPoP algs="ES256 PS256", Bearer scope="a  b" , error=insufficient_scope']
    )
    assert [c.scheme for c in parsed.challenges] == ["Basic", "DPoP", "Bearer"]
    bearer = bearer_of(parsed)
    assert bearer is not None and bearer.scope == ("a", "b") and bearer.error == "insufficient_scope"


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("Basic dXNlcjpwYXNz==, Bearer", [Challenge("Basic", (), "dXNlcjpwYXNz=="), Challenge("Bearer")]),
        ("Negotiate a87421000492aa874209af8bc028", [Challenge("Negotiate", (), "a87421000492aa874209af8bc028")]),
        ('Bearer realm = "x" ,, , scope=\tread', [Challenge("Bearer", (("realm", "x"), ("scope", "read")))]),
        (" , Bearer realm=x,", [Challenge("Bearer", (("realm", "x"),))]),
        ("Bearer, realm=x, Basic", [Challenge("Bearer", (("realm", "x"),)), Challenge("Basic")]),
        ('Bearer realm="a,b=c"', [Challenge("Bearer", (("realm", "a,b=c"),))]),
        ('Bearer realm=""', [Challenge("Bearer", (("realm", ""),))]),
    ],
)
def test_odd_but_valid_spacing_and_token68(header: str, expected: list[Challenge]) -> None:
    parsed = parse_challenges(header)
    assert list(parsed.challenges) == expected
    assert parsed.problems == ()


@pytest.mark.parametrize(
    ("header", "kinds", "resource_metadata"),
    [
        ('Bearer resource_metadata="https://m", realm="x', ["unterminated-quote"], "https://m"),
        ('Bearer realm="x, resource_metadata="https://m"', ["unterminated-quote", "junk-after-value"], None),
        ('Bearer a=, resource_metadata="https://m"', ["missing-value"], "https://m"),
        ('Bearer a=1 junk, resource_metadata="https://m"', ["junk-after-value"], "https://m"),
        ('Bearer "x", Basic a=b', ["unexpected-character"], None),
        ('Bearer resource_metadata="https://m", resource_metadata="https://evil"', ["duplicate-param"], "https://m"),
        ("", ["empty"], None),
        (", ,", ["empty"], None),
        ('@@@, Bearer resource_metadata="https://m"', ["unexpected-character"], "https://m"),
    ],
)
def test_broken_headers_keep_what_can_be_read(header: str, kinds: list[str], resource_metadata: str | None) -> None:
    parsed = parse_challenges(header)
    assert [p.kind for p in parsed.problems] == kinds
    assert all(p.kind in PROBLEM_KINDS for p in parsed.problems)
    bearer = bearer_of(parsed)
    assert (bearer.resource_metadata if bearer else None) == resource_metadata


def test_findings_per_status_and_version() -> None:
    ids = lambda status, header, version: [f.rule_id for f in challenge_findings(status, header, version)]  # noqa: E731
    assert ids(401, None, "2025-11-25") == ["auth.challenge-missing"]
    assert ids(401, [], "2025-11-25") == ["auth.challenge-missing"]
    assert ids(403, None, "2025-11-25") == []
    assert ids(401, 'Basic realm="x"', "2025-11-25") == ["auth.challenge-no-bearer"]
    # Only 2025-06-18 makes resource_metadata a MUST of the 401; later versions allow the well-known URI.
    assert ids(401, "Bearer", "2025-06-18") == ["auth.challenge-no-resource-metadata"]
    assert ids(401, "Bearer", "2025-11-25") == []
    assert ids(401, "Bearer", "2026-07-28") == []
    assert ids(403, 'Bearer error="insufficient_scope"', "2026-07-28") == ["auth.insufficient-scope-no-scope"]
    assert ids(401, 'Bearer scope="a", scope="b"', "2025-11-25") == ["auth.challenge-duplicate-param"]
    assert ids(401, 'Bearer realm="x', "2025-11-25") == ["auth.challenge-malformed"]
    finding = challenge_findings(401, 'Basic realm="x", Digest realm="y"', "2025-11-25")[0]
    assert (finding.expected, finding.found, finding.where) == ("Bearer", "Basic, Digest", "WWW-Authenticate")
    assert all(f.rule_id in AUTH_RULES for f in challenge_findings(401, 'x"', "2025-06-18"))
