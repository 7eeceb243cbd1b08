"""A recording's authorization read as ordered steps (inspector/session/auth_view.py).

Discovery: the recordings are written by ``probe --url --record`` against the OAuth fixture
(tests/fixtures/servers/sdk_oauth.py, the official SDK's bearer middleware and authorization
server) on 127.0.0.1, each server stopped by its pid when its block ends. The sign-in flow
(``auth_flow`` events): the sign-in driver (session/oauth_client.py) run against the same fixture
on its ``--no-browser`` path, its notes written as a session writes them; and events built here
from their schema. Each recording is written by the real writer and read back from its file.
"""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import anyio
import orjson
import pytest
from peers import HttpPeer, free_port, oauth_peer, sdk_oauth_server

from inspector.protocol.engine import ClientConfig, ProtocolEngine
from inspector.protocol.messages import Kind
from inspector.protocol.oauth_rules import AUTH_RULES
from inspector.session.auth_view import (
    BODY_CHARS,
    LINE_CHARS,
    auth_failure,
    auth_steps,
    detail_text,
    failure_line,
    spec_in_force,
)
from inspector.session.oauth_client import OAuthClient, OAuthOptions
from inspector.session.oauth_tokens import TokenStore
from inspector.session.recording import Direction, Recording


def probe_recording(tmp_path: Path, mode: str, *extra: str) -> Recording:
    path = tmp_path / f"{mode}.jsonl"
    with oauth_peer(mode) as peer:
        argv = [sys.executable, "-m", "inspector", "probe", "--url", peer.url, "--record", str(path), *extra]
        subprocess.run(argv, capture_output=True, timeout=90, check=False)
    rec = Recording.load(path)
    assert not rec.load_problems
    return rec


@pytest.mark.peer
def test_a_good_discovery_is_four_steps_none_failed(tmp_path: Path) -> None:
    rec = probe_recording(tmp_path, "good")
    view = auth_steps(rec)
    assert view.version == "2026-07-28"
    assert [s.kind for s in view.steps] == ["refusal", "fetch", "fetch", "conclusion"]
    assert [s.mark for s in view.steps] == ["✓"] * 4
    refusal, prm, meta, result = view.steps
    base = meta.url.split("/.well-known")[0]
    assert result.found == f"a sign-in is needed at {base}/authorize (registration: dynamic, scope: mcp:tools)"
    assert refusal.method == "POST" and refusal.url.endswith("/mcp") and refusal.found.startswith("401 Unauthorized")
    assert "resource_metadata=" in refusal.found  # the challenge as it came
    assert prm.title == "Protected Resource Metadata named by the 401's resource_metadata"
    assert prm.url.endswith("/.well-known/oauth-protected-resource/mcp") and prm.found == "200 OK: a JSON document"
    assert meta.url.endswith("/.well-known/oauth-authorization-server")
    assert prm.expected == "200 with a JSON document"
    page = "2026-07-28 basic/authorization/authorization-server-discovery"
    assert prm.spec_ref == page + "#protected-resource-metadata-discovery-requirements"
    # each step is an entry of the recording, in order
    seqs = [s.seq for s in view.steps]
    assert seqs == sorted(seqs) and rec.extra_at(prm.seq or 0).get("step") == "fetch"
    assert view.failing is None and failure_line(view) == "" and auth_failure(rec) == ""


@pytest.mark.peer
def test_no_s256_fails_at_the_authorization_server_metadata_with_its_rule(tmp_path: Path) -> None:
    rec = probe_recording(tmp_path, "no-s256")
    view = auth_steps(rec)
    meta = view.steps[2]
    assert [s.mark for s in view.steps] == ["✓", "✓", "✗", "✗"]
    assert [f.rule for f in meta.findings] == ["auth.no-s256"]  # where: the metadata's URL
    f = meta.findings[0]
    assert (f.expected, f.found, f.where, f.severity) == ("S256", "plain", meta.url, "error")
    assert f.text == AUTH_RULES["auth.no-s256"].text
    assert view.failing is meta
    assert view.steps[3].found == "a sign-in cannot go ahead: auth.no-s256" and view.steps[3].failed
    assert failure_line(view) == (
        "Authorization failed at: OAuth 2.0 Authorization Server Metadata (RFC 8414) — auth.no-s256: "
        + AUTH_RULES["auth.no-s256"].text
    )
    lines = detail_text(meta)
    assert f"Request: GET {meta.url}" in lines and "Expected: 200 with a JSON document" in lines
    assert any(line.startswith("✗  auth.no-s256 (error): The authorization server") for line in lines)
    assert lines[-1].startswith("Spec: 2026-07-28 basic/authorization/authorization-server-discovery#")


@pytest.mark.peer
def test_a_2025_06_18_session_cites_its_own_versions_page(tmp_path: Path) -> None:
    """OpenID-only metadata met by 2025-06-18 (RFC 8414 alone): auth.as-metadata-missing, whose
    rule cites 2026-07-28's discovery page, is cited on 2025-06-18's authorization page."""
    rec = probe_recording(tmp_path, "oidc-only", "--era", "legacy", "--protocol-version", "2025-06-18")
    view = auth_steps(rec)
    assert view.version == "2025-06-18"
    found = [(s.kind, f) for s in view.steps for f in s.findings]
    assert [f.rule for _, f in found] == ["auth.as-metadata-missing"]
    kind, finding = found[0]
    assert kind == "conclusion"  # no one GET it belongs to: the discovery's result
    assert AUTH_RULES["auth.as-metadata-missing"].spec.startswith("2026-07-28 ")
    assert finding.spec.startswith("2025-06-18 basic/authorization#server-metadata-discovery;")  # its older name
    assert all(s.spec.startswith("2025-06-18 ") for s in view.steps if s.spec)
    assert "Authorization failed at: Discovery result — auth.as-metadata-missing" in failure_line(view)


def test_the_spec_of_the_version_in_force_falls_back_to_the_rules_own() -> None:
    rule = "2025-11-25 basic/authorization#token-requirements; RFC 6750 section 6.1.1"
    assert (
        spec_in_force(rule, "2025-06-18") == "2025-06-18 basic/authorization#token-requirements; RFC 6750 section 6.1.1"
    )
    assert spec_in_force(rule, None) == rule
    # 2025-03-26 has no such section on its page: the rule's own version stays
    absent = "2025-11-25 basic/authorization#scope-selection-strategy; OAuth 2.1 section 3.2.3"
    assert spec_in_force(absent, "2025-03-26") == absent
    assert spec_in_force("RFC 8414 section 2", "2025-06-18") == "RFC 8414 section 2"


# ---------------------------------------------------------------------- the sign-in flow


def driven_recording(path: Path, mode: str, version: str) -> Recording:
    """The sign-in driver run against the fixture (``--no-browser``'s path: it follows the
    redirects itself), its notes written to a recording as a session writes them; read back."""
    engine = ProtocolEngine(ClientConfig())
    rec = Recording(header={"transport": "streamable-http"})
    writer = rec.write_to(path)

    def note(text: str, extra: dict) -> None:
        rec.append(Direction.EVENT, rec.t0 + len(rec) / 100, text.encode(), engine.note(Kind.LINK), extra)

    options = OAuthOptions(browser="follow", wait=5, timeout=10)
    with oauth_peer(mode) as peer:
        client = OAuthClient(peer.url, options, TokenStore(path.parent / "tokens"), note)
        anyio.run(client.sign_in, None, version)
    rec.notify()
    writer.close()
    return Recording.load(path)


@pytest.mark.peer
def test_a_real_sign_in_is_read_step_by_step(tmp_path: Path) -> None:
    rec = driven_recording(tmp_path / "flow.jsonl", "good", "2025-11-25")
    view = auth_steps(rec)
    assert view.version == "2025-11-25"  # as the flow's exchanges cite it
    kinds = [s.kind for s in view.steps]
    assert kinds == [
        "challenge",
        "fetch",
        "fetch",
        "registration",
        "client",
        "authorize",
        "redirect",
        "token",
        "signed-in",
    ]
    assert all(s.mark == "✓" for s in view.steps) and view.failing is None  # the challenge's 401 is expected
    token = view.steps[7]
    assert token.title == "Token request" and token.found == "200 OK" and token.expected
    lines = detail_text(token)
    assert "Request body:" in lines and any(line.startswith("  code: ") and "•" in line for line in lines)
    assert token.spec_ref == "2025-11-25 basic/authorization#authorization-flow-steps"


@pytest.mark.peer
def test_a_real_sign_in_refused_at_the_redirect_names_that_step(tmp_path: Path) -> None:
    rec = driven_recording(tmp_path / "flow.jsonl", "wrong-iss", "2026-07-28")
    view = auth_steps(rec)
    redirect = next(s for s in view.steps if s.kind == "redirect")
    assert redirect.mark == "✗" and [f.rule for f in redirect.findings] == ["auth.iss-mismatch"]
    assert view.steps[-1].kind == "failed" and view.steps[-1].title == "Sign-in failed"
    assert view.failing is redirect
    assert auth_failure(rec).startswith("Authorization failed at: Redirect back to the client — auth.iss-mismatch: ")
    assert redirect.findings[0].spec.startswith("2026-07-28 basic/authorization#authorization-response-validation")


# the flow's events built from their schema


def _exchange(purpose: str, method: str, url: str, status: int, reason: str, expected: str, spec: str) -> dict:
    return {
        "purpose": purpose,
        "method": method,
        "url": url,
        "request_headers": {"Content-Type": "application/x-www-form-urlencoded"},
        "request_body": "grant_type=authorization_code&code=••••",
        "status": status,
        "reason": reason,
        "response_headers": {"content-type": "application/json"},
        "response_body": "{}",
        "expected": expected,
        "spec": spec,
    }


def flow_recording(path: Path, *, token_status: int) -> Recording:
    """A refused POST, then the flow's events as the flow's recorder writes them; read back."""
    engine = ProtocolEngine(ClientConfig())
    rec = Recording(header={"transport": "streamable-http"})
    writer = rec.write_to(path)
    base = "http://127.0.0.1:9/"
    www = f'Bearer resource_metadata="{base}.well-known/oauth-protected-resource/mcp"'
    http = {"method": "POST", "url": base + "mcp", "status": 401, "reason": "Unauthorized"}
    events: list[tuple[str, dict]] = [
        ("POST → 401", {"event": "http_exchange", "http": {**http, "response_headers": {"www-authenticate": www}}}),
    ]
    token_spec = "2025-11-25 basic/authorization#authorization-flow-steps; OAuth 2.1 section 3.2.3"
    for purpose, method, url, status, reason in (
        ("registration", "POST", base + "register", 201, "Created"),
        ("authorize", "GET", base + "authorize?client_id=c&code_challenge_method=S256", 302, "Found"),
        ("redirect", "GET", "http://127.0.0.1:9999/callback?code=••••&state=s", 200, "OK"),
        ("token", "POST", base + "token", token_status, "OK" if token_status == 200 else "Bad Request"),
    ):
        x = _exchange(purpose, method, url, status, reason, f"the {purpose} step as the spec asks", token_spec)
        events.append((f"{method} {url}", {"event": "auth_flow", "step": "exchange", "exchange": x}))
    if token_status == 200:
        finding = {"rule": "auth.scope-not-granted", "severity": "warning", "expected": "mcp:tools mcp:admin"}
        events.append(
            ("scope", {"event": "auth_flow", "step": "finding", "finding": {**finding, "found": "mcp:tools"}})
        )
        signed = {"issuer": base.rstrip("/"), "scopes": ["mcp:tools"], "expires_at": "2026-11-26T15:00:00Z"}
        events.append(("signed in", {"event": "auth_flow", "step": "signed-in", **signed, "client_id": "c"}))
    else:
        finding = {"rule": "auth.token-error", "severity": "error", "found": "invalid_grant", "where": base + "token"}
        events.append(("token error", {"event": "auth_flow", "step": "finding", "finding": finding}))
        failed = {"failed_step": "token", "reason": "the token endpoint said invalid_grant"}
        events.append(("failed", {"event": "auth_flow", "step": "failed", **failed}))
    for i, (text, extra) in enumerate(events):
        rec.append(Direction.EVENT, rec.t0 + i / 100, text.encode(), engine.note(Kind.LINK), extra)
    rec.notify()
    writer.close()
    return Recording.load(path)


def test_a_sign_in_that_went_through_is_read_in_order_with_its_warning(tmp_path: Path) -> None:
    view = auth_steps(flow_recording(tmp_path / "ok.jsonl", token_status=200))
    kinds = [s.kind for s in view.steps]
    assert kinds == ["refusal", "registration", "authorize", "redirect", "token", "signed-in"]
    titles = [s.title for s in view.steps[1:]]
    assert titles == [
        "Client registration",
        "Authorization request",
        "Redirect back to the client",
        "Token request",
        "Signed in",
    ]
    token = view.steps[4]
    assert token.expected == "the token step as the spec asks" and token.found == "200 OK"
    assert [f.rule for f in token.findings] == ["auth.scope-not-granted"] and token.mark == "!"
    assert view.steps[2].found == "302 Found" and not view.steps[2].failed  # a redirect is what authorize gives
    assert view.steps[-1].found == "issuer http://127.0.0.1:9, client c, scopes mcp:tools, expires 2026-11-26T15:00:00Z"
    assert view.failing is None and failure_line(view) == ""
    # the exchange in full, as recorded (secrets were masked by the flow's recorder)
    lines = detail_text(token)
    at = lines.index("Request body:")
    assert lines[at + 1] == "  grant_type=authorization_code&code=••••"
    assert "Response headers:" in lines and "  content-type: application/json" in lines
    assert lines.index("Request headers:") < at < lines.index("Response body:")
    # no negotiated version in this recording: the offered one (the client's default) is in force
    assert token.spec_ref.endswith(" basic/authorization#authorization-flow-steps")


def test_a_refused_token_request_is_the_failing_step_the_banner_names(tmp_path: Path) -> None:
    rec = flow_recording(tmp_path / "bad.jsonl", token_status=400)
    view = auth_steps(rec)
    token = next(s for s in view.steps if s.kind == "token")
    assert token.failed and token.mark == "✗" and token.found == "400 Bad Request"
    assert [f.rule for f in token.findings] == ["auth.token-error"]
    assert view.steps[-1].kind == "failed" and view.steps[-1].found == "the token endpoint said invalid_grant"
    assert view.failing is token
    long = {**token.exchange, "response_body": "x" * (BODY_CHARS + 10)}
    token_lines = detail_text(replace(token, exchange=long))
    assert "  " + "x" * BODY_CHARS in token_lines and "  … (10 characters more)" in token_lines
    assert auth_failure(rec) == (
        "Authorization failed at: Token request — auth.token-error: The token endpoint answered with an error."
    )
    # translated through the caller's tr: the step and the rule in their contexts
    seen: list[tuple[str, str]] = []

    def tr(context: str, text: str) -> str:
        seen.append((context, text))
        return f"<{text}>"

    auth_failure(rec, tr)
    assert ("AuthView", "Token request") in seen and ("Rules", AUTH_RULES["auth.token-error"].text) in seen


def hostile_recording(path: Path) -> Recording:
    """What a hostile server (or a hand-edited file) can put in a recording's authorization events:
    values of a megabyte, control characters, markup, a bidirectional override, 20,000 headers."""
    engine = ProtocolEngine(ClientConfig())
    rec = Recording(header={"transport": "streamable-http"})
    writer = rec.write_to(path)
    big, odd = "i" * 1_000_000, "evil\n\x1b[31m<b>bold</b>\x00\u202eRTL\r\n"
    base = "http://127.0.0.1:9/"
    http = {"method": "POST", "url": base + "mcp", "status": 401, "reason": "Unauthorized"}
    exchange = {
        **{"purpose": odd + big, "method": "GET", "url": base + big, "status": 500, "reason": odd + big},
        **{"response_headers": {f"h{i}": big[:100] for i in range(20000)}, "response_body": odd + big},
        "spec": odd + big,
    }
    finding = {"rule": odd + big, "severity": "error", "text": odd + big, "found": odd + big, "where": big}
    events: list[tuple[str, dict]] = [
        ("POST → 401", {"event": "http_exchange", "http": {**http, "response_headers": {"www-authenticate": big}}}),
        ("fetch", {"event": "auth_discovery", "step": "fetch", "fetch": {"kind": odd + big, "url": base + odd}}),
        ("exchange", {"event": "auth_flow", "step": "exchange", "exchange": exchange}),
        ("finding", {"event": "auth_flow", "step": "finding", "finding": finding}),
        ("in", {"event": "auth_flow", "step": "signed-in", "issuer": odd + big, "scopes": [odd + big] * 3}),
        (odd + big, {"event": "auth_flow", "step": odd + big}),
        ("failed", {"event": "auth_flow", "step": "failed", "failed_step": odd + big, "reason": odd + big}),
    ]
    for i, (text, extra) in enumerate(events):
        rec.append(Direction.EVENT, rec.t0 + i / 100, text.encode(), engine.note(Kind.LINK), extra)
    rec.notify()
    writer.close()
    return Recording.load(path)


def test_a_hostile_recording_is_shown_cut_and_on_one_line_per_value(tmp_path: Path) -> None:
    """Every value a step shows is one line (controls and bidi overrides escaped) of a bounded
    length; a step's full text is bounded too (the window's tab showed megabytes: minutes frozen)."""
    rec = hostile_recording(tmp_path / "hostile.jsonl")
    view = auth_steps(rec)
    assert [s.kind for s in view.steps][:3] == ["refusal", "fetch", view.steps[2].kind] and len(view.steps) == 6
    controls = [chr(c) for c in (*range(0x20), 0x7F, 0x202E)]
    for step in view.steps:
        for value in (step.title, step.found, step.url, step.expected, step.spec):
            assert len(value) <= 5 * LINE_CHARS and not any(c in value for c in controls), step.kind
        for f in step.findings:
            assert all(len(v) <= 2 * LINE_CHARS for v in (f.rule, f.text, f.found, f.where))
        text = detail_text(step)
        assert sum(map(len, text)) < 40 * BODY_CHARS
        assert not any(c in line for line in text for c in controls)
    line = failure_line(view)
    assert len(line) < 5 * LINE_CHARS and "\n" not in line and "\\n\\u001b[31m<b>bold</b>\\u0000\\u202eRTL" in line
    exchange = next(s for s in view.steps if s.exchange.get("response_body"))
    lines = detail_text(exchange)
    assert "  … (+19900)" in lines and lines.count("  " + "h0: " + "i" * 100) == 1


@pytest.mark.peer
def test_a_token_from_an_issuer_the_server_left_is_refused_then_a_sign_in_recovers(tmp_path: Path) -> None:
    """A token stored for the URL, then the server moves to another issuer (same port, the issuer
    under /other): its refresh token is not sent there (the refresh step ✗), a sign-in at the new
    issuer goes through, and the view does not say the authorization failed (it named the refresh);
    the signed-in step gives its expiry as a UTC time (it was the raw epoch seconds)."""
    port = free_port()
    url = f"http://127.0.0.1:{port}/mcp"
    env = dict(os.environ, HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path / "config"))

    def probe(record: Path) -> subprocess.CompletedProcess[str]:
        argv = [sys.executable, "-m", "inspector", "probe", "--url", url, "--oauth", "--no-browser"]
        argv += ["--json", "--record", str(record)]
        return subprocess.run(argv, capture_output=True, text=True, timeout=90, env=env)

    with HttpPeer(sdk_oauth_server(port, "good"), port):
        assert probe(tmp_path / "first.jsonl").returncode == 0
    with HttpPeer(sdk_oauth_server(port, "good", "--issuer-path", "/other"), port):
        moved = probe(tmp_path / "moved.jsonl")
        again = probe(tmp_path / "again.jsonl")
    assert moved.returncode == 0, moved.stderr
    auth = orjson.loads(moved.stdout.splitlines()[-1])["authorization"]
    assert auth["issuer"] == f"http://127.0.0.1:{port}/other" and auth["flow"] == "sign-in" and auth["signed_in"]
    rec = Recording.load(tmp_path / "moved.jsonl")
    view = auth_steps(rec)
    refresh = next(s for s in view.steps if s.kind == "failed")  # the flow's failed event, titled by its step
    assert refresh.title == "Token refresh" and refresh.mark == "✗"
    assert "its refresh token is not sent there" in refresh.found
    assert not any(s.exchange.get("purpose") == "refresh" for s in view.steps)  # nothing went to /other's token URL
    assert view.failing is None and failure_line(view) == "" and auth_failure(rec) == ""
    assert view.signed_in is view.steps[-1] and view.steps[-1].found.endswith("+00:00")
    assert f"issuer http://127.0.0.1:{port}/other" in view.steps[-1].found
    assert orjson.loads(again.stdout.splitlines()[-1])["authorization"]["flow"] is None  # the new issuer's token
