"""The OAuth fixture (tests/fixtures/servers/sdk_oauth.py) works, and each of its modes fails the way it says.

Groundwork for issue 25: the peer the inspector's authorization flow will be tested against. The
official SDK's own client (``mcp.client.auth.OAuthClientProvider``, no browser: its redirect
handler GETs the authorization URL and hands the code from the 302's ``Location`` back) connects,
lists the tools and calls one, in the modes a correct client gets through (good, step-up,
pre-registration, 2025-03-26). Every failure mode is shown on the wire with plain httpx: the
status, header or document that a client must notice. All on 127.0.0.1; each server is stopped
by its pid when its block ends.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import secrets
import time
from collections.abc import Iterator
from urllib.parse import parse_qs, urlencode, urlparse

import anyio
import httpx
import pytest
from peers import HttpPeer, oauth_peer

pytestmark = pytest.mark.peer

REDIRECT = "http://127.0.0.1:43117/callback"  # nothing listens there: the 302 is read, never followed
PRM_PATH = "/.well-known/oauth-protected-resource/mcp"
AS_PATH = "/.well-known/oauth-authorization-server"
INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-11-25",
        "capabilities": {},
        "clientInfo": {"name": "oauth-fixture-test", "version": "0"},
    },
}
MCP_HEADERS = {"accept": "application/json, text/event-stream", "content-type": "application/json"}


@pytest.fixture(scope="module")
def good() -> Iterator[HttpPeer]:
    """One good-mode server for the tests that need no fresh one (each registers its own client)."""
    with oauth_peer() as peer:
        yield peer


def origin(peer: HttpPeer) -> str:
    return f"http://127.0.0.1:{peer.port}"


def challenge(response: httpx.Response) -> dict[str, str]:
    """The parameters of a ``WWW-Authenticate: Bearer k="v", …`` header."""
    header = response.headers["www-authenticate"]
    assert header.startswith("Bearer ")
    return dict(re.findall(r'(\w+)="([^"]*)"', header))


# ---------------------------------------------------------------- the SDK's own client


async def sdk_session(url: str, calls: list[tuple[str, dict[str, object]]], client_info: object = None) -> list[str]:
    """Connect with the SDK's OAuthClientProvider (no browser), list the tools, make ``calls``;
    the tool names first, then each call's text."""
    import httpx2
    from mcp import ClientSession
    from mcp.client.auth import OAuthClientProvider
    from mcp.client.streamable_http import streamable_http_client
    from mcp.shared.auth import AuthorizationCodeResult, OAuthClientMetadata

    class Memory:
        def __init__(self) -> None:
            self.tokens, self.client = None, client_info

        async def get_tokens(self):  # noqa: ANN202
            return self.tokens

        async def set_tokens(self, tokens) -> None:  # noqa: ANN001
            self.tokens = tokens

        async def get_client_info(self):  # noqa: ANN202
            return self.client

        async def set_client_info(self, client_info) -> None:  # noqa: ANN001
            self.client = client_info

    locations: list[str] = []

    async def redirect_handler(authorization_url: str) -> None:
        async with httpx2.AsyncClient() as http:
            answer = await http.get(authorization_url)
        assert answer.status_code == 302, answer.text
        locations.append(answer.headers["location"])

    async def callback_handler() -> AuthorizationCodeResult:
        query = {k: v[0] for k, v in parse_qs(urlparse(locations[-1]).query).items()}
        assert "error" not in query, query
        return AuthorizationCodeResult(code=query["code"], state=query.get("state"), iss=query.get("iss"))

    metadata = OAuthClientMetadata(
        redirect_uris=[REDIRECT],
        client_name="oauth fixture test",
        grant_types=["authorization_code", "refresh_token"],
        response_types=["code"],
        token_endpoint_auth_method="none",
    )
    auth = OAuthClientProvider(url, metadata, Memory(), redirect_handler, callback_handler)
    out: list[str] = []
    with anyio.fail_after(30):
        async with (
            httpx2.AsyncClient(auth=auth) as http,
            streamable_http_client(url, http_client=http) as streams,
            ClientSession(streams[0], streams[1]) as session,
        ):
            await session.initialize()
            out += [tool.name for tool in (await session.list_tools()).tools]
            for name, arguments in calls:
                result = await session.call_tool(name, arguments)
                out += [block.text for block in result.content if block.type == "text"]
    return out


def test_the_sdk_client_registers_authorizes_lists_and_calls(good: HttpPeer) -> None:
    peer = good
    out = anyio.run(sdk_session, peer.url, [("add", {"a": 2, "b": 3}), ("whoami", {})])
    assert out[:3] == ["add", "whoami", "admin"]
    assert float(out[3]) == 5
    who = json.loads(out[4])
    assert who["scopes"] == ["mcp:tools"] and who["client_id"] not in ("", None)  # a DCR client id


def test_the_sdk_client_steps_up_when_admin_needs_a_wider_scope() -> None:
    with oauth_peer("step-up") as peer:
        out = anyio.run(sdk_session, peer.url, [("whoami", {}), ("admin", {}), ("whoami", {})])
    assert json.loads(out[3])["scopes"] == ["mcp:tools"]
    assert out[4] == "admin done"
    assert sorted(json.loads(out[5])["scopes"]) == ["mcp:admin", "mcp:tools"]


def test_the_sdk_client_uses_a_preregistered_client_where_there_is_no_registration() -> None:
    from mcp.shared.auth import OAuthClientInformationFull

    known = OAuthClientInformationFull(
        client_id="fixture-public",
        redirect_uris=[REDIRECT],
        token_endpoint_auth_method="none",
        grant_types=["authorization_code", "refresh_token"],
    )
    with oauth_peer("preregistered-only") as peer:
        out = anyio.run(sdk_session, peer.url, [("whoami", {})], known)
    assert json.loads(out[3])["client_id"] == "fixture-public"


def test_the_sdk_client_finds_a_2025_03_26_server_through_its_origin() -> None:
    with oauth_peer("2025-03-26") as peer:
        out = anyio.run(sdk_session, peer.url, [("add", {"a": 1, "b": 1})])
    assert float(out[3]) == 2


@pytest.mark.parametrize(
    ("mode", "extra"),
    [("prm-root", ()), ("oidc-only", ()), ("legacy-defaults", ()), ("good", ("--issuer-path", "/auth"))],
)
def test_the_sdk_client_gets_through_the_discovery_fallbacks(mode: str, extra: tuple[str, ...]) -> None:
    """The second PRM URL, OpenID discovery, 2025-03-26's default endpoints, an issuer with a path
    (RFC 8414 path insertion): a correct client finds its way in each."""
    with oauth_peer(mode, *extra) as peer:
        out = anyio.run(sdk_session, peer.url, [("add", {"a": 1, "b": 1})])
    assert float(out[-1]) == 2


def first_error(error: BaseException) -> BaseException:
    while isinstance(error, BaseExceptionGroup):
        error = error.exceptions[0]
    return error


@pytest.mark.parametrize(
    ("mode", "said"),
    [
        ("no-prm", "Registration failed: 404"),  # nothing found: its origin fallbacks are 404
        ("wrong-resource", "does not match expected"),
        ("issuer-mismatch", "issuer mismatch"),
        ("wrong-iss", "iss mismatch"),
        ("preregistered-only", "Registration failed: 404"),  # without a client id given it
    ],
)
def test_the_sdk_client_refuses_the_broken_modes(mode: str, said: str) -> None:
    with oauth_peer(mode) as peer, pytest.raises(BaseException) as info:
        anyio.run(sdk_session, peer.url, [])
    assert said in str(first_error(info.value))


@pytest.mark.parametrize("mode", ["no-s256", "no-pkce-methods"])
def test_the_sdk_client_does_not_refuse_an_authorization_server_without_s256(mode: str) -> None:
    """Where the spec says a client MUST refuse (2025-11-25 and later), SDK 2.3.0's client goes on
    with S256 and the fixture's authorization server (the SDK's handler, S256 only) takes it: the
    refusal the inspector owes is the client's alone, not something this server enforces."""
    with oauth_peer(mode) as peer:
        out = anyio.run(sdk_session, peer.url, [("add", {"a": 1, "b": 1})])
    assert float(out[-1]) == 2


# ---------------------------------------------------------------- the flow by hand (plain httpx)


def pkce() -> tuple[str, str]:
    verifier = secrets.token_urlsafe(48)
    digest = hashlib.sha256(verifier.encode()).digest()
    return verifier, base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def register(http: httpx.Client, endpoint: str, method: str = "none") -> dict[str, object]:
    answer = http.post(
        endpoint,
        json={
            "redirect_uris": [REDIRECT],
            "client_name": "by hand",
            "grant_types": ["authorization_code", "refresh_token"],
            "response_types": ["code"],
            "token_endpoint_auth_method": method,
        },
    )
    assert answer.status_code == 201, answer.text
    return answer.json()


def authorize(http: httpx.Client, endpoint: str, client_id: str, **more: str) -> tuple[dict[str, str], str]:
    """GET the authorization endpoint (no redirect followed): the 302's query, and the PKCE verifier."""
    verifier, code_challenge = pkce()
    query = {
        "response_type": "code",
        "client_id": client_id,
        "redirect_uri": REDIRECT,
        "state": "state-123",
        "code_challenge": code_challenge,
        "code_challenge_method": "S256",
        **more,
    }
    answer = http.get(endpoint + "?" + urlencode(query))
    assert answer.status_code == 302, answer.text
    location = answer.headers["location"]
    assert location.startswith(REDIRECT + "?")
    return {k: v[0] for k, v in parse_qs(urlparse(location).query).items()}, verifier


def token(http: httpx.Client, endpoint: str, client_id: str, code: str, verifier: str, **more: str) -> httpx.Response:
    form = {
        "grant_type": "authorization_code",
        "code": code,
        "redirect_uri": REDIRECT,
        "client_id": client_id,
        "code_verifier": verifier,
        **more,
    }
    return http.post(endpoint, data=form)


def initialize(http: httpx.Client, url: str, access_token: str | None) -> httpx.Response:
    headers = dict(MCP_HEADERS)
    if access_token is not None:
        headers["authorization"] = f"Bearer {access_token}"
    return http.post(url, headers=headers, json=INITIALIZE)


def test_the_good_mode_on_the_wire_end_to_end(good: HttpPeer) -> None:
    peer = good
    with httpx.Client(timeout=10) as http:
        base = origin(peer)
        refused = initialize(http, peer.url, None)
        assert refused.status_code == 401
        said = challenge(refused)
        assert said["resource_metadata"] == base + PRM_PATH and said["scope"] == "mcp:tools"
        prm = http.get(said["resource_metadata"]).json()
        assert prm["resource"] == peer.url and prm["authorization_servers"] == [base]
        assert http.get(base + "/.well-known/oauth-protected-resource").status_code == 404
        meta = http.get(base + AS_PATH).json()
        assert meta["issuer"] == base
        assert meta["code_challenge_methods_supported"] == ["S256"]
        assert meta["authorization_response_iss_parameter_supported"] is True
        assert meta["registration_endpoint"] == base + "/register"
        client = register(http, meta["registration_endpoint"])
        got, verifier = authorize(
            http, meta["authorization_endpoint"], client["client_id"], resource=peer.url, scope="mcp:tools"
        )
        assert got["state"] == "state-123" and got["iss"] == base
        answer = token(http, meta["token_endpoint"], client["client_id"], got["code"], verifier, resource=peer.url)
        assert answer.status_code == 200, answer.text
        tokens = answer.json()
        assert tokens["token_type"].lower() == "bearer" and tokens["scope"] == "mcp:tools"
        assert initialize(http, peer.url, tokens["access_token"]).status_code == 200
        # the code is spent
        again = token(http, meta["token_endpoint"], client["client_id"], got["code"], verifier)
        assert again.status_code == 400 and again.json()["error"] == "invalid_grant"
        # refresh: a new pair, the old refresh token gone
        form = {
            "grant_type": "refresh_token",
            "refresh_token": tokens["refresh_token"],
            "client_id": client["client_id"],
        }
        fresh = http.post(meta["token_endpoint"], data=form)
        assert fresh.status_code == 200, fresh.text
        assert fresh.json()["access_token"] != tokens["access_token"]
        assert initialize(http, peer.url, fresh.json()["access_token"]).status_code == 200
        reused = http.post(meta["token_endpoint"], data=form)
        assert reused.status_code == 400 and reused.json()["error"] == "invalid_grant"


def test_a_pkce_verifier_that_does_not_match_and_a_foreign_resource_are_refused(good: HttpPeer) -> None:
    peer = good
    with httpx.Client(timeout=10) as http:
        base = origin(peer)
        client = register(http, base + "/register")
        got, _ = authorize(http, base + "/authorize", client["client_id"])
        wrong = token(http, base + "/token", client["client_id"], got["code"], pkce()[0])
        assert wrong.status_code == 400 and wrong.json()["error"] == "invalid_grant"
        elsewhere, _ = authorize(http, base + "/authorize", client["client_id"], resource="http://127.0.0.1:1/other")
        assert elsewhere["error"] == "invalid_target" and elsewhere["state"] == "state-123"


def test_a_loopback_redirect_may_change_its_port_but_not_its_path_or_host(good: HttpPeer) -> None:
    """RFC 8252 §7.3: a registered client comes back on another port (a new flow, a new listener)."""
    peer = good
    with httpx.Client(timeout=10) as http:
        base = origin(peer)
        client = register(http, base + "/register")
        _, code_challenge = pkce()
        query = {"response_type": "code", "client_id": client["client_id"], "code_challenge": code_challenge}

        def answer(redirect_uri: str) -> httpx.Response:
            return http.get(base + "/authorize?" + urlencode({**query, "redirect_uri": redirect_uri}))

        moved = answer("http://127.0.0.1:51999/callback")
        assert moved.status_code == 302 and moved.headers["location"].startswith(
            "http://127.0.0.1:51999/callback?code="
        )
        for refused in ("http://127.0.0.1:51999/elsewhere", "http://example.com:43117/callback"):
            said = answer(refused)
            assert said.status_code == 400 and said.json()["error"] == "invalid_request", refused


def test_an_access_token_expires_after_its_ttl_and_a_refresh_brings_a_working_one() -> None:
    with oauth_peer("good", "--token-ttl", "1") as peer, httpx.Client(timeout=10) as http:
        base = origin(peer)
        client = register(http, base + "/register")
        got, verifier = authorize(http, base + "/authorize", client["client_id"], resource=peer.url)
        tokens = token(http, base + "/token", client["client_id"], got["code"], verifier).json()
        assert tokens["expires_in"] == 1
        assert initialize(http, peer.url, tokens["access_token"]).status_code == 200
        time.sleep(2.1)
        expired = initialize(http, peer.url, tokens["access_token"])
        assert expired.status_code == 401 and challenge(expired)["error"] == "invalid_token"
        form = {
            "grant_type": "refresh_token",
            "refresh_token": tokens["refresh_token"],
            "client_id": client["client_id"],
        }
        fresh = http.post(base + "/token", data=form).json()
        assert initialize(http, peer.url, fresh["access_token"]).status_code == 200


def test_no_prm_nothing_says_where_the_authorization_server_is() -> None:
    with oauth_peer("no-prm") as peer, httpx.Client(timeout=10) as http:
        base = origin(peer)
        said = challenge(initialize(http, peer.url, None))
        assert "resource_metadata" not in said and said["scope"] == "mcp:tools"
        assert http.get(base + PRM_PATH).status_code == 404
        assert http.get(base + "/.well-known/oauth-protected-resource").status_code == 404
        assert http.get(base + AS_PATH).status_code == 404
        assert http.get(base + "/.well-known/openid-configuration").status_code == 404
        assert http.get(base + "/register").status_code == 404  # no 2025-03-26 default endpoints either
        # it exists, at an issuer nothing names
        assert http.get(base + AS_PATH + "/auth").json()["issuer"] == base + "/auth"


def test_prm_root_the_metadata_is_only_at_the_second_well_known_url() -> None:
    with oauth_peer("prm-root") as peer, httpx.Client(timeout=10) as http:
        base = origin(peer)
        assert "resource_metadata" not in challenge(initialize(http, peer.url, None))
        assert http.get(base + PRM_PATH).status_code == 404
        assert http.get(base + "/.well-known/oauth-protected-resource").json()["resource"] == peer.url


def test_wrong_resource_the_prm_names_another_resource() -> None:
    with oauth_peer("wrong-resource") as peer, httpx.Client(timeout=10) as http:
        said = challenge(initialize(http, peer.url, None))
        prm = http.get(said["resource_metadata"]).json()
        assert prm["resource"] == origin(peer) + "/elsewhere" != peer.url


def test_issuer_mismatch_the_metadata_names_another_issuer_than_the_prm() -> None:
    with oauth_peer("issuer-mismatch") as peer, httpx.Client(timeout=10) as http:
        base = origin(peer)
        prm = http.get(base + PRM_PATH).json()
        meta = http.get(prm["authorization_servers"][0] + AS_PATH).json()
        assert prm["authorization_servers"] == [base]
        assert meta["issuer"] == f"http://localhost:{peer.port}"


def test_wrong_iss_the_authorization_response_names_another_issuer() -> None:
    with oauth_peer("wrong-iss") as peer, httpx.Client(timeout=10) as http:
        base = origin(peer)
        meta = http.get(base + AS_PATH).json()
        assert meta["issuer"] == base and meta["authorization_response_iss_parameter_supported"] is True
        client = register(http, meta["registration_endpoint"])
        got, _ = authorize(http, meta["authorization_endpoint"], client["client_id"])
        assert got["iss"] == base + "/not-the-issuer"


@pytest.mark.parametrize(("mode", "methods"), [("no-s256", ["plain"]), ("no-pkce-methods", None)])
def test_no_s256_the_metadata_offers_no_s256(mode: str, methods: list[str] | None) -> None:
    with oauth_peer(mode) as peer, httpx.Client(timeout=10) as http:
        meta = http.get(origin(peer) + AS_PATH).json()
        assert meta.get("code_challenge_methods_supported") == methods


def test_step_up_admin_answers_403_insufficient_scope_until_the_token_holds_mcp_admin() -> None:
    call_admin = {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "admin", "arguments": {}}}
    with oauth_peer("step-up") as peer, httpx.Client(timeout=10) as http:
        base = origin(peer)
        client = register(http, base + "/register")

        def access(scope: str) -> str:
            got, verifier = authorize(http, base + "/authorize", client["client_id"], scope=scope, resource=peer.url)
            return token(http, base + "/token", client["client_id"], got["code"], verifier).json()["access_token"]

        narrow = access("mcp:tools")
        opened = initialize(http, peer.url, narrow)
        assert opened.status_code == 200
        session = {"mcp-session-id": opened.headers["mcp-session-id"], "mcp-protocol-version": "2025-11-25"}
        headers = {**MCP_HEADERS, **session, "authorization": f"Bearer {narrow}"}
        refused = http.post(peer.url, headers=headers, json=call_admin)
        assert refused.status_code == 403
        said = challenge(refused)
        assert said["error"] == "insufficient_scope"
        assert said["scope"] == "mcp:tools mcp:admin" and said["resource_metadata"] == base + PRM_PATH
        assert refused.json()["error"] == "insufficient_scope"
        wide = access("mcp:tools mcp:admin")
        allowed = http.post(peer.url, headers={**headers, "authorization": f"Bearer {wide}"}, json=call_admin)
        assert allowed.status_code == 200 and "admin done" in allowed.text


def test_preregistered_only_no_registration_and_the_known_clients_authenticate() -> None:
    with oauth_peer("preregistered-only") as peer, httpx.Client(timeout=10) as http:
        base = origin(peer)
        meta = http.get(base + AS_PATH).json()
        assert "registration_endpoint" not in meta
        assert http.post(base + "/register", json={"redirect_uris": [REDIRECT]}).status_code == 404
        got, verifier = authorize(http, meta["authorization_endpoint"], "fixture-basic")
        basic = (base + "/token", "fixture-basic", got["code"], verifier)
        assert token(http, *basic).status_code == 401  # no secret: client_secret_basic is owed
        answer = http.post(
            base + "/token",
            auth=("fixture-basic", "fixture-secret"),
            data={  # the SDK's token endpoint wants client_id in the form even with Basic
                "client_id": "fixture-basic",
                "grant_type": "authorization_code",
                "code": got["code"],
                "redirect_uri": REDIRECT,
                "code_verifier": verifier,
            },
        )
        assert answer.status_code == 200, answer.text
        got, verifier = authorize(http, meta["authorization_endpoint"], "fixture-post")
        post = token(http, base + "/token", "fixture-post", got["code"], verifier, client_secret="fixture-secret")
        assert post.status_code == 200, post.text
        assert initialize(http, peer.url, post.json()["access_token"]).status_code == 200


def test_oidc_only_the_metadata_is_only_at_openid_configuration() -> None:
    with oauth_peer("oidc-only") as peer, httpx.Client(timeout=10) as http:
        base = origin(peer)
        assert http.get(base + AS_PATH).status_code == 404
        assert http.get(base + "/.well-known/openid-configuration").json()["issuer"] == base


def test_2025_03_26_no_prm_and_the_metadata_at_the_servers_origin() -> None:
    with oauth_peer("2025-03-26") as peer, httpx.Client(timeout=10) as http:
        base = origin(peer)
        assert "resource_metadata" not in challenge(initialize(http, peer.url, None))
        assert http.get(base + PRM_PATH).status_code == 404
        assert http.get(base + "/.well-known/oauth-protected-resource").status_code == 404
        meta = http.get(base + AS_PATH).json()
        assert meta["issuer"] == base and meta["authorization_endpoint"] == base + "/authorize"


def test_legacy_defaults_no_metadata_at_all_and_the_default_endpoints_answer() -> None:
    with oauth_peer("legacy-defaults") as peer, httpx.Client(timeout=10) as http:
        base = origin(peer)
        for path in (PRM_PATH, "/.well-known/oauth-protected-resource", AS_PATH, "/.well-known/openid-configuration"):
            assert http.get(base + path).status_code == 404, path
        client = register(http, base + "/register")
        got, verifier = authorize(http, base + "/authorize", client["client_id"])
        answer = token(http, base + "/token", client["client_id"], got["code"], verifier)
        assert answer.status_code == 200, answer.text
        assert initialize(http, peer.url, answer.json()["access_token"]).status_code == 200


def test_client_credentials_on_the_wire(good: HttpPeer) -> None:
    peer = good
    with httpx.Client(timeout=10) as http:
        base = origin(peer)
        meta = http.get(base + AS_PATH).json()
        assert "client_credentials" in meta["grant_types_supported"]
        grant = {"grant_type": "client_credentials", "scope": "mcp:tools", "resource": peer.url}
        basic = http.post(meta["token_endpoint"], auth=("fixture-machine", "fixture-secret"), data=grant)
        assert basic.status_code == 200, basic.text
        assert "refresh_token" not in basic.json() and basic.headers["cache-control"] == "no-store"
        assert initialize(http, peer.url, basic.json()["access_token"]).status_code == 200
        posted = http.post(
            meta["token_endpoint"], data={**grant, "client_id": "fixture-machine", "client_secret": "fixture-secret"}
        )
        assert posted.status_code == 200, posted.text
        wrong = http.post(meta["token_endpoint"], auth=("fixture-machine", "not-it"), data=grant)
        assert wrong.status_code == 401 and wrong.json()["error"] == "invalid_client"
        assert wrong.headers["www-authenticate"].startswith("Basic ")
        user_client = http.post(meta["token_endpoint"], auth=("fixture-basic", "fixture-secret"), data=grant)
        assert user_client.status_code == 400 and user_client.json()["error"] == "unauthorized_client"
        elsewhere = {**grant, "resource": base + "/elsewhere"}
        foreign = http.post(meta["token_endpoint"], auth=("fixture-machine", "fixture-secret"), data=elsewhere)
        assert foreign.status_code == 400 and foreign.json()["error"] == "invalid_target"


def test_no_client_credentials_neither_advertised_nor_accepted() -> None:
    with oauth_peer("no-client-credentials") as peer, httpx.Client(timeout=10) as http:
        base = origin(peer)
        assert "client_credentials" not in http.get(base + AS_PATH).json()["grant_types_supported"]
        grant = {"grant_type": "client_credentials", "resource": peer.url}
        answer = http.post(base + "/token", auth=("fixture-machine", "fixture-secret"), data=grant)
        assert answer.status_code == 400 and answer.json()["error"] == "unsupported_grant_type"


async def sdk_machine_session(url: str, issuer: str) -> str:
    """The SDK's ClientCredentialsOAuthProvider (no person at all): whoami's text."""
    import httpx2
    from mcp import ClientSession
    from mcp.client.auth.extensions.client_credentials import ClientCredentialsOAuthProvider
    from mcp.client.streamable_http import streamable_http_client

    class Memory:
        tokens = None

        async def get_tokens(self):  # noqa: ANN202
            return self.tokens

        async def set_tokens(self, tokens) -> None:  # noqa: ANN001
            self.tokens = tokens

        async def get_client_info(self) -> None:
            return None

        async def set_client_info(self, client_info) -> None:  # noqa: ANN001
            pass

    auth = ClientCredentialsOAuthProvider(url, Memory(), "fixture-machine", "fixture-secret", issuer=issuer)
    with anyio.fail_after(30):
        async with (
            httpx2.AsyncClient(auth=auth) as http,
            streamable_http_client(url, http_client=http) as streams,
            ClientSession(streams[0], streams[1]) as session,
        ):
            await session.initialize()
            result = await session.call_tool("whoami", {})
            return result.content[0].text


def test_the_sdk_client_credentials_provider_gets_in_without_a_person(good: HttpPeer) -> None:
    peer = good
    who = json.loads(anyio.run(sdk_machine_session, peer.url, origin(peer)))
    assert who["client_id"] == "fixture-machine" and who["scopes"] == ["mcp:tools"]


# ---------------------------------------------------------------- the inspector as it is today


def probe(url: str, env: dict[str, str], *extra: str) -> tuple[int, list[dict[str, object]]]:
    import os
    import subprocess
    import sys

    argv = [sys.executable, "-m", "inspector", "probe", "--json", "--url", url, *extra, "--request", "tools/list"]
    proc = subprocess.run(argv, capture_output=True, timeout=90, env={**os.environ, **env})
    return proc.returncode, [json.loads(line) for line in proc.stdout.splitlines() if line.startswith(b"{")]


def test_todays_probe_gets_the_401_challenge_and_gets_in_with_a_token_got_by_hand(good: HttpPeer) -> None:
    """The baseline the flow builds on: without a token the probe fails on the 401 (its
    WWW-Authenticate in the exchange); a token from the fixture's authorization server, given as
    a fixed bearer, opens the session (and never shows in the output)."""
    peer = good
    with httpx.Client(timeout=10) as http:
        base = origin(peer)
        code, lines = probe(peer.url, {})
        assert code != 0
        exchanges = [d["http"] for d in lines if d.get("event") == "http_exchange"]
        refused = [x for x in exchanges if x.get("status") == 401]
        assert refused and "resource_metadata=" in refused[0]["response_headers"]["www-authenticate"]
        assert lines[-1]["outcome_code"] == "unauthorized"
        client = register(http, base + "/register")
        got, verifier = authorize(http, base + "/authorize", client["client_id"], resource=peer.url)
        access = token(http, base + "/token", client["client_id"], got["code"], verifier).json()["access_token"]
        code, lines = probe(peer.url, {"OAUTH_FIXTURE_TOKEN": access}, "--bearer-env", "OAUTH_FIXTURE_TOKEN")
        assert code == 0, lines[-3:]
        assert access not in json.dumps(lines)
        assert lines[-1]["kind"] == "summary" and lines[-1]["era"] == "modern"
