"""``probe --url`` explains a 401 (or a 403 insufficient_scope) by the authorization discovery.

Issue 25's first visible slice (inspector/session/auth_discovery.py): after the refusal the probe
fetches what the version's discovery plan lists (Protected Resource Metadata, then authorization
server metadata, each a real GET), checks the documents with the OAuth core, records each step
and prints them; it does not sign in. The peer is tests/fixtures/servers/sdk_oauth.py (the
official Python SDK's bearer middleware and authorization server) in its good mode and in the
modes that break one rule each, which the probe must name by its rule id. The probe runs as a
user runs it (``python -m inspector probe``), on 127.0.0.1; each server is stopped by its pid
when its block ends.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import anyio
import httpx
import pytest
from peers import free_port, oauth_peer

from inspector.session.auth_discovery import Refusal, discover, report_lines
from inspector.session.recording import Recording
from inspector.transport.base import MASK

pytestmark = pytest.mark.peer

EXIT_PROTOCOL = 5  # a 401 at the start: "authorization required" keeps today's exit code


def probe(url: str, *extra: str, as_json: bool = True, env: dict[str, str] | None = None) -> tuple[int, str]:
    argv = [sys.executable, "-m", "inspector", "probe", *(["--json"] if as_json else []), "--url", url, *extra]
    proc = subprocess.run(argv, capture_output=True, timeout=90, env={**os.environ, **(env or {})})
    return proc.returncode, proc.stdout.decode()


def json_probe(url: str, *extra: str, env: dict[str, str] | None = None) -> tuple[int, list[dict], dict]:
    """The probe's --json lines: the exit code, the auth_discovery events, the summary's auth_discovery."""
    code, out = probe(url, *extra, env=env)
    lines = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    summary = lines[-1]
    assert summary["kind"] == "summary"
    events = [d for d in lines if d.get("event") == "auth_discovery"]
    return code, events, summary.get("auth_discovery") or {}


def rule_ids(auth: dict) -> list[str]:
    return [f["rule"] for f in auth["findings"]]


def test_good_the_probe_explains_the_prm_and_the_authorization_server_and_that_a_sign_in_is_needed(
    tmp_path: Path,
) -> None:
    record = tmp_path / "auth.jsonl"
    with oauth_peer() as peer:
        base = peer.url.removesuffix("/mcp")
        code, events, auth = json_probe(peer.url)
        text_code, text = probe(peer.url, "--record", str(record), as_json=False)
    assert code == text_code == EXIT_PROTOCOL
    # the recording keeps the steps as auth_discovery events and loads back whole
    rec = Recording.load(record)
    assert not rec.load_problems
    steps = [rec.extra_at(i).get("step") for i in range(len(rec)) if rec.extra_at(i).get("event") == "auth_discovery"]
    assert steps == ["fetch", "fetch", "conclusion"]
    assert rec.summary is not None and rec.summary["auth_discovery"]["sign_in"].startswith("needed")
    assert auth["version"] == "2026-07-28" and auth["status"] == 401
    assert [(f["url"], f["status"], f["result"]) for f in auth["fetched"]] == [
        (f"{base}/.well-known/oauth-protected-resource/mcp", 200, "document"),
        (f"{base}/.well-known/oauth-authorization-server", 200, "document"),
    ]
    assert auth["fetched"][0]["kind"] == "prm-header"  # the 401's resource_metadata, the only PRM candidate
    assert auth["protected_resource"]["resource"] == peer.url
    assert auth["protected_resource"]["authorization_servers"] == [base]
    assert auth["authorization_server"]["issuer"] == base
    assert auth["authorization_server"]["authorization_endpoint"] == f"{base}/authorize"
    assert auth["findings"] == [] and auth["blocked"] is False
    assert auth["registration"] == "dynamic" and auth["scopes"] == ["mcp:tools"]  # the challenge's scope first
    assert auth["sign_in"].startswith("needed")
    # the recording (--json's entries) holds each GET and the conclusion, in order
    assert [e["step"] for e in events] == ["fetch", "fetch", "conclusion"]
    assert [e["fetch"]["url"] for e in events[:2]] == [f["url"] for f in auth["fetched"]]
    assert events[2]["auth"] == auth
    # the words: each URL with its status, what was found, and that the probe does not sign in
    assert f"GET {base}/.well-known/oauth-protected-resource/mcp → 200 OK: a JSON document" in text
    assert f"found: authorization server {base}" in text
    assert "sign-in: needed" in text and "discovery only" in text
    assert "authorization     discovery by 2026-07-28's authorization page, after HTTP 401" in text


@pytest.mark.parametrize(
    ("mode", "extra", "rules"),
    [
        # No PRM anywhere; the fallback to 2025-03-26's discovery finds nothing at the origin either.
        ("no-prm", (), ["auth.prm-missing", "auth.default-endpoints"]),
        ("wrong-resource", (), ["auth.prm-resource-mismatch"]),
        ("issuer-mismatch", (), ["auth.issuer-mismatch"]),
        ("no-s256", (), ["auth.no-s256"]),
        # A server of 2025-03-26 met by today's client: no PRM, then that version's discovery finds the AS.
        ("2025-03-26", (), ["auth.prm-missing"]),
        # OpenID Connect discovery only: 2025-06-18 knows RFC 8414 alone ...
        ("oidc-only", ("--era", "legacy", "--protocol-version", "2025-06-18"), ["auth.as-metadata-missing"]),
        # ... 2026-07-28 finds it by OpenID Connect discovery.
        ("oidc-only", (), []),
        ("legacy-defaults", ("--era", "legacy", "--protocol-version", "2025-03-26"), ["auth.default-endpoints"]),
    ],
)
def test_each_broken_mode_is_named_by_its_rule(mode: str, extra: tuple[str, ...], rules: list[str]) -> None:
    with oauth_peer(mode) as peer:
        code, events, auth = json_probe(peer.url, *extra)
        _, text = probe(peer.url, *extra, as_json=False)
    assert code == EXIT_PROTOCOL
    assert rule_ids(auth) == rules
    assert [e["finding"]["rule"] for e in events if e["step"] == "finding"] == rules
    for f in auth["findings"]:
        assert f["text"] and f["spec"] and f["severity"] in ("error", "warning", "info")
        assert f"{f['rule']} ({f['severity']}): {f['text']}" in text and f"spec: {f['spec']}" in text
    blocked = any(f["severity"] == "error" for f in auth["findings"])
    assert auth["blocked"] is blocked and ("sign-in: blocked" in text) is blocked
    if mode == "2025-03-26":
        assert auth["fallback_2025_03_26"] is True and auth["authorization_server"]["kind"] == "legacy-oauth"
    if mode == "legacy-defaults":  # nothing found: the version's default endpoints stand in, and a sign-in is possible
        assert auth["authorization_server"]["default_endpoints"] is True and "sign-in: needed" in text
        # 2025-03-26 asks metadata requests to carry the version (#server-metadata-discovery-headers)
        assert [f["request_headers"] for f in auth["fetched"]] == [{"MCP-Protocol-Version": "2025-03-26"}]
    else:
        assert all(f["request_headers"] == {} for f in auth["fetched"])  # no session header, no token
    if mode == "oidc-only" and not rules:
        assert [f["kind"] for f in auth["fetched"]][-1] in ("oidc", "oidc-insert", "oidc-append")
        assert [f["result"] for f in auth["fetched"]][1:] == ["http-status", "document"]


def test_a_refused_fetch_is_a_step_and_discovery_goes_on() -> None:
    """Nothing listens at the PRM the 401 names nor at the server's origin: each GET is a
    ``failed`` step with why, and the findings say what is missing."""
    dead = f"http://127.0.0.1:{free_port()}"
    refusal = Refusal(401, f"{dead}/mcp", (f'Bearer resource_metadata="{dead}/prm"',))
    d = anyio.run(lambda: discover(f"{dead}/mcp", refusal, "2025-11-25", timeout=5))
    assert [(f.url, f.result) for f in d.fetched] == [
        (f"{dead}/prm", "failed"),
        (f"{dead}/.well-known/oauth-authorization-server", "failed"),
    ]
    assert all(f.status is None and f.reason for f in d.fetched)
    assert [f.rule_id for f in d.findings] == ["auth.prm-missing", "auth.default-endpoints"]
    assert d.fallback and d.metadata is not None and d.metadata.from_defaults


def test_a_version_without_an_authorization_section_fetches_nothing() -> None:
    refusal = Refusal(401, "http://127.0.0.1:9/mcp", ('Bearer realm="x"',))
    d = anyio.run(lambda: discover("http://127.0.0.1:9/mcp", refusal, "2024-11-05"))
    assert d.no_section and d.fetched == [] and d.findings == []
    assert d.data()["sign_in"] == "blocked" and "2024-11-05" in report_lines(d.data())[0]


def test_a_secret_in_the_server_url_never_shows() -> None:
    """The well-known URI keeps the server URL's query (RFC 9728 section 3.1): it is requested as
    given and shown masked, in the steps, the findings and the summary."""
    secret = "sk-" + "q2" * 20
    with oauth_peer("no-prm") as peer:
        code, events, auth = json_probe(f"{peer.url}?api_key={secret}")
        _, text = probe(f"{peer.url}?api_key={secret}", as_json=False)
    assert code == EXIT_PROTOCOL
    assert secret not in json.dumps([events, auth])
    assert secret not in text.split("── summary")[1]  # the transcript's http_exchange entry: see the report
    assert auth["fetched"][0]["url"].endswith(f"/.well-known/oauth-protected-resource/mcp?api_key={MASK}")
    assert rule_ids(auth)[0] == "auth.prm-missing"


def test_403_insufficient_scope_after_the_start_is_explained_too() -> None:
    """A token with mcp:tools only (the client-credentials grant of a pre-registered client, got
    here with plain httpx) opens the session; calling ``admin`` gets 403 insufficient_scope, and
    the probe explains it with the same discovery, naming the wider scope the challenge asks for."""
    with oauth_peer("step-up") as peer, httpx.Client(timeout=10) as http:
        base = peer.url.removesuffix("/mcp")
        answer = http.post(
            f"{base}/token",
            data={"grant_type": "client_credentials", "scope": "mcp:tools", "resource": peer.url},
            auth=("fixture-machine", "fixture-secret"),
        )
        assert answer.status_code == 200, answer.text
        token = answer.json()["access_token"]
        env = {"Q2_OAUTH_TOKEN": token}
        call = ["--bearer-env", "Q2_OAUTH_TOKEN", "--request", 'tools/call={"name": "admin", "arguments": {}}']
        code, events, auth = json_probe(peer.url, *call, env=env)
        _, out = probe(peer.url, *call, env=env)
    assert code == 3 and token not in out  # a request refused after the start: exit 3, as before
    assert auth["status"] == 403 and auth["challenge_scope"] == ["mcp:tools", "mcp:admin"]
    assert auth["findings"] == [] and auth["authorization_server"]["issuer"] == base
    assert [e["step"] for e in events] == ["fetch", "fetch", "conclusion"]
