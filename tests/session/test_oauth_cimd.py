"""Client ID Metadata Documents (issue 25): the user's https client id, used as a document the
authorization server fetches, against the real protected fixture.

The document is served over HTTPS on 127.0.0.1 by a small server in this file (a self-signed
certificate from peers.self_signed); the inspector trusts it through ``SSL_CERT_FILE`` (as its
HTTP clients do), the fixture's authorization server (tests/fixtures/servers/sdk_oauth.py, mode
``cimd``) through ``--ca``. The fixture fetches the document itself when the client id reaches its
authorization endpoint, so a sign-in that ends with a token proves the server read it too. Every
server is on loopback and stopped when its block ends.
"""

from __future__ import annotations

import json
import ssl
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import anyio
import pytest
from peers import HttpPeer, oauth_peer, self_signed

from inspector.protocol.engine import ClientConfig, ProtocolEngine
from inspector.protocol.jsontypes import JsonObject
from inspector.protocol.messages import Kind
from inspector.protocol.oauth_metadata import loopback_redirect_listed, metadata_document_url, read_client_metadata
from inspector.session.auth_view import auth_failure, auth_steps
from inspector.session.oauth_client import OAuthClient, OAuthOptions, SignInResult
from inspector.session.oauth_tokens import TokenStore
from inspector.session.recording import Direction, Recording

pytestmark = pytest.mark.peer


class Events:
    """The recorder the driver writes to: (text, extra) in order."""

    def __init__(self) -> None:
        self.items: list[tuple[str, JsonObject]] = []

    def __call__(self, text: str, extra: JsonObject) -> None:
        assert "\n" not in text
        self.items.append((text, extra))

    def exchanges(self) -> list[JsonObject]:
        found = [e["exchange"] for _, e in self.items if e.get("step") == "exchange"]
        return [x for x in found if isinstance(x, dict)]

    def purposes(self) -> list[str]:
        return [str(x["purpose"]) for x in self.exchanges()]

    def infos(self) -> list[str]:
        return [t for t, e in self.items if e.get("event") == "auth_flow" and e.get("step") == "info"]


class Documents:
    """An HTTPS server on 127.0.0.1 serving ``docs`` (path -> status, body), counting the GETs."""

    def __init__(self, cert: Path, key: Path) -> None:
        self.cert, self.key = cert, key
        self.docs: dict[str, tuple[int, bytes]] = {}
        self.hits: dict[str, int] = {}

    def url(self, path: str) -> str:
        return f"https://127.0.0.1:{self.port}{path}"

    def put(self, path: str, doc: object, status: int = 200) -> str:
        body = doc if isinstance(doc, bytes) else json.dumps(doc).encode()
        self.docs[path] = (status, body)
        return self.url(path)

    def __enter__(self) -> Documents:
        served = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 - the stdlib's name
                served.hits[self.path] = served.hits.get(self.path, 0) + 1
                status, body = served.docs.get(self.path, (404, b'{"error": "not found"}'))
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(self.cert, self.key)
        self.server.socket = context.wrap_socket(self.server.socket, server_side=True)
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=10)


@pytest.fixture(scope="module")
def cert(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    return self_signed(tmp_path_factory.mktemp("cimd-tls"))


@pytest.fixture(scope="module")
def documents(cert: tuple[Path, Path]) -> Iterator[Documents]:
    with Documents(*cert) as served:
        yield served


@pytest.fixture(scope="module")
def cimd(cert: tuple[Path, Path]) -> Iterator[HttpPeer]:
    with oauth_peer("cimd", "--ca", str(cert[0])) as peer:
        yield peer


@pytest.fixture(autouse=True)
def trust(cert: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SSL_CERT_FILE", str(cert[0]))  # the inspector's side (its httpx clients honour it)


def document(url: str, **changes: object) -> dict[str, object]:
    doc: dict[str, object] = {
        "client_id": url,
        "client_name": "Inspector test client",
        "redirect_uris": ["http://127.0.0.1:3000/callback", "http://localhost:3000/callback"],
        "grant_types": ["authorization_code", "refresh_token"],
        "response_types": ["code"],
        "token_endpoint_auth_method": "none",
    }
    doc.update(changes)
    return {k: v for k, v in doc.items() if v is not None}


def sign_in(server_url: str, client_id: str, events: Events, version: str = "2025-11-25", **kw: object) -> SignInResult:
    options = OAuthOptions(client_id=client_id, browser="follow", wait=5, timeout=10, **kw)  # type: ignore[arg-type]
    return anyio.run(OAuthClient(server_url, options, None, events).sign_in, None, version)


def rules(result: SignInResult) -> list[str]:
    return [f.rule_id for f in result.findings]


@pytest.mark.parametrize("version", ["2025-11-25", "2026-07-28"])
def test_a_good_document_signs_in_with_its_url_as_the_client_id(
    cimd: HttpPeer, documents: Documents, tmp_path: Path, version: str
) -> None:
    path = f"/good-{version}/client.json"
    url = documents.put(path, document(documents.url(path)))
    events = Events()
    client = OAuthClient(
        cimd.url, OAuthOptions(client_id=url, browser="follow", wait=5, timeout=10), TokenStore(tmp_path), events
    )
    result = anyio.run(client.sign_in, None, version)
    assert result.ok, (result, events.items)
    assert result.client_id == url and result.scopes == ("mcp:tools",)
    assert events.purposes() == ["challenge", "client-metadata", "authorize", "redirect", "token"]
    fetched = events.exchanges()[1]
    assert (fetched["method"], fetched["url"], fetched["status"]) == ("GET", url, 200)
    body = fetched["response_body"]
    assert isinstance(body, dict) and body["client_id"] == url
    assert "client-id-metadata-documents" in str(fetched["spec"])
    assert documents.hits[path] >= 2  # the inspector's check, then the authorization server's own fetch
    client_step = next(e for _, e in events.items if e.get("step") == "client")
    assert client_step["client_id"] == url and client_step["auth_method"] == "none"
    assert "Client ID Metadata Document" in str(client_step["how"])
    assert not events.infos() and not result.findings
    # a public client: the refresh works with the URL as the client id and no secret
    refreshed = anyio.run(client.refresh, version)
    assert refreshed.ok and refreshed.client_id == url, refreshed


@pytest.mark.parametrize(
    ("name", "changes", "rule"),
    [
        ("other-id", {"client_id": "https://127.0.0.1/elsewhere.json"}, "auth.cimd-client-id-mismatch"),
        (
            "no-loopback",
            {"redirect_uris": ["http://localhost:3000/callback", "http://127.0.0.1:3000/other-path"]},
            "auth.cimd-redirect-uri",
        ),
        ("no-name", {"client_name": None}, "auth.cimd-missing-field"),
        ("secret", {"token_endpoint_auth_method": "client_secret_basic"}, "auth.cimd-client-auth"),
        ("jwt", {"token_endpoint_auth_method": "private_key_jwt"}, "auth.cimd-client-auth"),
    ],
)
def test_a_document_the_server_would_refuse_stops_before_any_authorization_request(
    cimd: HttpPeer, documents: Documents, name: str, changes: dict[str, object], rule: str
) -> None:
    path = f"/bad-{name}.json"
    url = documents.put(path, document(documents.url(path), **changes))
    events = Events()
    result = sign_in(cimd.url, url, events)
    assert not result.ok and result.failed_step == "client-registration", result
    assert rule in rules(result), rules(result)
    assert "would be refused" in result.reason and rule in result.reason
    assert events.purposes() == ["challenge", "client-metadata"]  # no authorization request
    finding = next(f for f in result.findings if f.rule_id == rule)
    assert finding.where == url and finding.blocking
    failed = [e for _, e in events.items if e.get("step") == "failed"]
    assert failed and failed[0]["failed_step"] == "client-registration"


def test_a_redirect_uri_on_another_port_of_127_0_0_1_is_enough_but_localhost_is_not() -> None:
    used = "http://127.0.0.1:54321/callback"
    assert loopback_redirect_listed(["http://127.0.0.1:3000/callback"], used)
    assert loopback_redirect_listed(["http://127.0.0.1/callback"], used)
    assert loopback_redirect_listed([used], used)
    assert not loopback_redirect_listed(["http://localhost:3000/callback"], used)
    assert not loopback_redirect_listed(["http://127.0.0.1:3000/other"], used)
    assert not loopback_redirect_listed(["https://127.0.0.1:3000/callback"], used)
    assert not loopback_redirect_listed(["http://127.0.0.2:3000/callback", "http://127.0.0.1:x/callback"], used)
    finding = read_client_metadata(
        document("https://a.example/c.json", redirect_uris=["http://localhost:3000/callback"]),
        "https://a.example/c.json",
        used,
        100,
    )[1]
    assert [f.rule_id for f in finding] == ["auth.cimd-redirect-uri"]
    assert "127.0.0.1/callback on any port" in finding[0].expected and "localhost" in finding[0].found


def test_which_client_ids_name_a_document() -> None:
    assert (
        metadata_document_url("https://app.example.com/oauth/client.json")
        == "https://app.example.com/oauth/client.json"
    )
    assert metadata_document_url("https://app.example.com:8443/c?v=1") == "https://app.example.com:8443/c?v=1"
    for plain in (
        "fixture-public",
        "http://app.example.com/client.json",  # https only
        "https://app.example.com",  # no path
        "https://app.example.com/",
        "https://app.example.com/client.json#x",  # a fragment
        "https://user:pw@app.example.com/client.json",  # user information
        "https://app.example.com/a/../client.json",  # a dot segment
        "https://app.example.com:port/client.json",
        None,
    ):
        assert metadata_document_url(plain) is None, plain


@pytest.mark.parametrize(
    ("name", "status", "body", "said"),
    [
        ("missing", 404, b'{"error": "not found"}', "404"),
        ("moved", 302, b"", "a redirect: not followed"),
        ("not-json", 200, b"<html>hello</html>", "no JSON"),
        ("a-list", 200, b"[1, 2]", "a JSON list"),
    ],
)
def test_a_document_that_cannot_be_read_stops_at_client_registration(
    cimd: HttpPeer, documents: Documents, name: str, status: int, body: bytes, said: str
) -> None:
    path = f"/unreadable-{name}.json"
    url = documents.put(path, body, status)
    events = Events()
    result = sign_in(cimd.url, url, events)
    assert not result.ok and result.failed_step == "client-registration", result
    finding = next(f for f in result.findings if f.rule_id == "auth.cimd-unreadable")
    assert said in finding.found and finding.where == url
    assert events.purposes() == ["challenge", "client-metadata"]


def test_a_document_over_5_kilobytes_warns_and_the_server_refuses_it_at_authorization(
    cimd: HttpPeer, documents: Documents
) -> None:
    path = "/large.json"
    url = documents.put(path, document(documents.url(path), client_uri="https://127.0.0.1/" + "x" * 6000))
    events = Events()
    result = sign_in(cimd.url, url, events)
    assert rules(result) == ["auth.cimd-too-large"]  # a warning: the inspector goes on
    assert not result.ok and result.failed_step == "authorize", result  # the fixture reads at most 5 KB
    assert events.purposes() == ["challenge", "client-metadata", "authorize"]
    assert events.exchanges()[-1]["status"] == 400


def test_a_document_without_an_auth_method_signs_in_as_a_public_client_and_says_so(
    cimd: HttpPeer, documents: Documents
) -> None:
    path = "/no-method.json"
    url = documents.put(path, document(documents.url(path), token_endpoint_auth_method=None))
    events = Events()
    options = OAuthOptions(client_id=url, client_secret="not-for-a-document", browser="follow", wait=5, timeout=10)
    client = OAuthClient(cimd.url, options, None, events)
    result = anyio.run(client.sign_in, None, "2025-11-25")
    assert result.ok and result.client_id == url, result
    infos = " | ".join(events.infos())
    assert "names no token_endpoint_auth_method" in infos and "client_secret_basic" in infos
    assert "client secret given is not sent" in infos
    assert anyio.run(client.refresh, "2025-11-25").ok  # the refresh sends no secret either
    sent = [x for x in events.exchanges() if x["purpose"] in ("token", "refresh")]
    assert len(sent) == 2
    for x in sent:
        assert "client_secret" not in json.dumps(x["request_body"]) and "Authorization" not in x["request_headers"]


def test_a_server_without_document_support_takes_the_url_as_a_pre_registered_id(documents: Documents) -> None:
    path = "/for-a-server-without-support.json"
    url = documents.put(path, document(documents.url(path)))
    events = Events()
    with oauth_peer("good") as peer:
        result = sign_in(peer.url, url, events)
    assert not result.ok and result.failed_step == "authorize", result
    assert "400" in result.reason  # the SDK's authorization endpoint: the client id is not found
    assert events.purposes() == ["challenge", "authorize"]  # no document fetched
    assert documents.hits.get(path, 0) == 0
    infos = events.infos()
    assert any("client_id_metadata_document_supported" in t and "pre-registered client id" in t for t in infos)


def test_a_version_before_2025_11_25_takes_the_url_as_a_pre_registered_id(cimd: HttpPeer, documents: Documents) -> None:
    """2025-06-18 names no Client ID Metadata Documents: the inspector does not fetch it; the
    fixture's authorization server does, so the sign-in still ends with a token."""
    path = "/for-2025-06-18.json"
    url = documents.put(path, document(documents.url(path)))
    events = Events()
    result = sign_in(cimd.url, url, events, version="2025-06-18")
    assert result.ok and result.client_id == url, result
    assert "client-metadata" not in events.purposes()
    assert any("2025-06-18 names no Client ID Metadata Documents" in t for t in events.infos())


def test_without_a_client_id_the_note_says_how_to_use_a_document(cimd: HttpPeer) -> None:
    events = Events()
    options = OAuthOptions(browser="follow", wait=5, timeout=10)
    result = anyio.run(OAuthClient(cimd.url, options, None, events).sign_in, None, "2025-11-25")
    assert result.ok, result  # dynamic registration, still offered by the fixture
    assert "registration" in events.purposes() and "client-metadata" not in events.purposes()
    assert any("give that URL as the client id" in t for t in events.infos()), events.infos()


def test_a_server_with_documents_and_no_registration_asks_for_a_client_id_or_a_document(
    cert: tuple[Path, Path], documents: Documents
) -> None:
    """No dynamic registration, Client ID Metadata Documents supported: without a client id the
    flow stops at client registration asking for one or a document's URL (not auth.no-registration,
    which says the server offers neither); with a good document's URL it signs in."""
    path = "/for-cimd-only.json"
    url = documents.put(path, document(documents.url(path)))
    with oauth_peer("cimd-only", "--ca", str(cert[0])) as peer:
        none_given = Events()
        options = OAuthOptions(browser="follow", wait=5, timeout=10)
        refused = anyio.run(OAuthClient(peer.url, options, None, none_given).sign_in, None, "2026-07-28")
        events = Events()
        result = sign_in(peer.url, url, events, version="2026-07-28")
    assert not refused.ok and refused.failed_step == "client-registration", refused
    assert "Client ID Metadata Document's URL" in refused.reason and "auth.no-registration" not in rules(refused)
    assert none_given.purposes() == ["challenge"]
    assert result.ok and result.client_id == url, result
    assert events.purposes() == ["challenge", "client-metadata", "authorize", "redirect", "token"]


def test_probe_with_a_document_url_as_client_id_signs_in_and_the_server_sees_that_client(
    cimd: HttpPeer, documents: Documents, cert: tuple[Path, Path], tmp_path: Path
) -> None:
    """The user's way: ``probe --oauth --client-id URL --no-browser`` (a subprocess, trusting the
    document's certificate through SSL_CERT_FILE); the tool whoami answers with the URL as the
    token's client id, and the recording holds the document's GET."""
    import os
    import subprocess
    import sys

    path = "/probe/client.json"
    url = documents.put(path, document(documents.url(path)))
    record = tmp_path / "run.jsonl"
    env = dict(os.environ, HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path / "config"), SSL_CERT_FILE=str(cert[0]))
    env.pop("BROWSER", None)
    argv = [sys.executable, "-m", "inspector", "probe", "--json", "--url", cimd.url, "--oauth", "--no-browser"]
    argv += ["--client-id", url, "--request", 'tools/call={"name":"whoami","arguments":{}}', "--record", str(record)]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    assert lines[-1]["authorization"]["client_id"] == url
    answer = [str(e["raw"]) for e in lines if e.get("kind") == "result" and e.get("method") == "tools/call"][-1]
    seen = json.loads(json.loads(answer)["result"]["content"][0]["text"])  # whoami: the token's client
    assert seen == {"client_id": url, "scopes": ["mcp:tools"]}, answer
    recorded = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines() if line.strip()]
    purposes = [
        e["exchange"]["purpose"] for e in recorded if e.get("event") == "auth_flow" and e.get("step") == "exchange"
    ]
    assert purposes == ["client-metadata", "authorize", "redirect", "token"]


def test_the_authorization_view_names_a_refused_document_as_the_failing_step(
    cimd: HttpPeer, documents: Documents
) -> None:
    path = "/bad-view.json"
    url = documents.put(path, document(documents.url(path), client_id="https://127.0.0.1/elsewhere.json"))
    events = Events()
    assert not sign_in(cimd.url, url, events).ok
    engine = ProtocolEngine(ClientConfig())
    rec = Recording(header={"transport": "streamable-http"})
    for text, extra in events.items:
        rec.append(Direction.EVENT, rec.t0 + len(rec) / 100, text.encode(), engine.note(Kind.LINK), extra)
    view = auth_steps(rec)
    doc = next(s for s in view.steps if s.kind == "client-metadata")
    assert doc.title == "Client ID Metadata Document" and doc.failed and view.failing is doc
    assert (auth_failure(rec) or "").startswith(
        "Authorization failed at: Client ID Metadata Document — auth.cimd-client-id-mismatch"
    )
