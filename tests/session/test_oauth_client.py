"""The OAuth sign-in driver (inspector/session/oauth_client.py) against the real protected fixture.

Every test runs tests/fixtures/servers/sdk_oauth.py (the official SDK's server and authorization
server) on 127.0.0.1 and signs in with ``browser="follow"`` (the ``--no-browser`` path: the
driver GETs the authorization URL and follows its redirects to its own loopback listener), except
the system-browser test, which runs ``webbrowser`` for real with ``BROWSER`` naming a small
script. Each server is stopped by its pid when its block ends.
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import anyio
import httpx
import pytest
from peers import HttpPeer, oauth_peer

from inspector.protocol.jsontypes import JsonObject
from inspector.session.auth_discovery import Refusal
from inspector.session.oauth_client import OAuthClient, OAuthOptions, SignInResult
from inspector.session.oauth_exchange import FlowHttp
from inspector.session.oauth_tokens import StoredToken, TokenStore
from inspector.transport.base import MASK

pytestmark = pytest.mark.peer

FOLLOW = OAuthOptions(browser="follow", wait=5, timeout=10)
SECRET = "fixture-secret"


class Events:
    """The recorder the driver writes to: (text, extra) in order."""

    def __init__(self) -> None:
        self.items: list[tuple[str, JsonObject]] = []

    def __call__(self, text: str, extra: JsonObject) -> None:
        assert "\n" not in text
        self.items.append((text, extra))

    def steps(self) -> list[str]:
        return [str(e.get("step")) for _, e in self.items if e.get("event") == "auth_flow"]

    def exchanges(self) -> list[JsonObject]:
        out = []
        for _, e in self.items:
            if e.get("step") == "exchange":
                x = e["exchange"]
                assert isinstance(x, dict)
                out.append(x)
        return out

    def purposes(self) -> list[str]:
        return [str(x["purpose"]) for x in self.exchanges()]

    def dump(self) -> str:
        return json.dumps([[t, e] for t, e in self.items])


@pytest.fixture(scope="module")
def good() -> Iterator[HttpPeer]:
    with oauth_peer() as peer:
        yield peer


def run(client: OAuthClient, version: str = "2025-11-25") -> SignInResult:
    return anyio.run(client.sign_in, None, version)


def rules(result: SignInResult) -> list[str]:
    return [f.rule_id for f in result.findings]


def test_good_dcr_pkce_token_then_refresh_rotates_and_nothing_secret_is_recorded(
    good: HttpPeer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sent: list[str] = []  # every form value the driver really sent (code, verifier, refresh token …)
    original = FlowHttp.send

    async def spy(self: FlowHttp, *args: object, **kw: object) -> object:
        form = kw.get("form")
        if isinstance(form, tuple | list):
            sent.extend(str(v) for k, v in form if k in ("code", "code_verifier", "refresh_token", "client_secret"))
        return await original(self, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(FlowHttp, "send", spy)
    events = Events()
    store = TokenStore(tmp_path)
    client = OAuthClient(good.url, FOLLOW, store, events)
    result = run(client)
    assert result.ok, result
    assert result.failed_step is None and result.scopes == ("mcp:tools",)
    assert result.issuer == f"http://127.0.0.1:{good.port}" and result.expires_at is not None
    assert events.purposes() == ["challenge", "registration", "authorize", "redirect", "token"]
    assert events.steps()[-1] == "signed-in"
    first = store.find(good.url, result.issuer)
    assert first is not None and first.refresh_token
    auth = client.authorization()
    assert auth == f"Bearer {first.access_token}"

    # the bearer works on the MCP server: it no longer answers 401
    answer = httpx.post(good.url, headers={"Authorization": auth}, json={"jsonrpc": "2.0", "id": 1, "method": "ping"})
    assert answer.status_code != 401

    refreshed = anyio.run(client.refresh, "2025-11-25")
    assert refreshed.ok, refreshed
    second = store.find(good.url, result.issuer)
    assert second is not None
    assert second.access_token != first.access_token and second.refresh_token != first.refresh_token  # rotated
    assert events.purposes()[-1] == "refresh"

    # no secret value anywhere in what was recorded
    secrets = {first.access_token, first.refresh_token, second.access_token, second.refresh_token}
    secrets |= set(sent)  # the code, the code verifier
    assert len(secrets) >= 6
    dump = events.dump()
    for value in secrets:
        assert value not in dump
    token_body = next(x for x in events.exchanges() if x["purpose"] == "token")
    assert token_body["request_body"]["code"] == MASK and token_body["request_body"]["code_verifier"] == MASK
    assert token_body["response_body"]["access_token"] == MASK
    assert "code=" + MASK in str(next(x for x in events.exchanges() if x["purpose"] == "redirect")["url"])
    assert "access_token" not in repr(result) and first.access_token not in repr(result)
    for x in events.exchanges():
        assert x["spec"].startswith("2025-11-25 basic/authorization") and x["expected"]


def test_a_second_client_reuses_the_stored_token_and_sign_out_forgets_it(good: HttpPeer, tmp_path: Path) -> None:
    first = OAuthClient(good.url, FOLLOW, TokenStore(tmp_path), Events())
    assert run(first).ok
    assert stat.S_IMODE((tmp_path / "secrets.json").stat().st_mode) == 0o600
    again = OAuthClient(good.url, FOLLOW, TokenStore(tmp_path), Events())
    assert again.authorization() == first.authorization() is not None
    assert not again.refresh_due() and again.refresh_due(now=2**40)
    assert again.forget() == 1
    assert OAuthClient(good.url, FOLLOW, TokenStore(tmp_path)).authorization() is None


@pytest.mark.parametrize(
    ("client_id", "auth_method", "version"),
    [
        ("fixture-public", None, "2025-06-18"),
        ("fixture-basic", None, "2025-11-25"),
        ("fixture-post", "client_secret_post", "2026-07-28"),
    ],
)
def test_pre_registered_clients_sign_in_and_refresh(
    good: HttpPeer, tmp_path: Path, client_id: str, auth_method: str | None, version: str
) -> None:
    secret = None if client_id == "fixture-public" else SECRET
    options = OAuthOptions(client_id=client_id, client_secret=secret, auth_method=auth_method, browser="follow", wait=5)
    events = Events()
    client = OAuthClient(good.url, options, TokenStore(tmp_path), events)
    result = anyio.run(client.sign_in, None, version)
    assert result.ok and result.client_id == client_id, result
    assert "registration" not in events.purposes()
    token = next(x for x in events.exchanges() if x["purpose"] == "token")
    method = "client_secret_basic" if client_id == "fixture-basic" else auth_method or "none"
    if method == "client_secret_basic":
        assert token["request_headers"]["Authorization"] == f"Basic {MASK}"
    if method == "client_secret_post":
        assert token["request_body"]["client_secret"] == MASK
    assert SECRET not in events.dump()
    assert anyio.run(client.refresh, version).ok
    stored = TokenStore(tmp_path).find(good.url, str(result.issuer))
    assert stored is not None and stored.client_secret is None  # a user-given secret is not stored


def test_no_s256_is_refused_before_any_authorization_request(tmp_path: Path) -> None:
    events = Events()
    with oauth_peer("no-s256") as peer:
        result = run(OAuthClient(peer.url, FOLLOW, TokenStore(tmp_path), events))
    assert not result.ok and result.failed_step == "discovery"
    assert "auth.no-s256" in rules(result)
    assert events.purposes() == ["challenge"]  # no registration, no authorization request
    assert events.steps()[-1] == "failed"
    assert TokenStore(tmp_path).get(peer.url) == []


@pytest.mark.parametrize(
    ("mode", "version", "step", "rule", "purposes"),
    [
        ("issuer-mismatch", "2025-11-25", "discovery", "auth.issuer-mismatch", ["challenge"]),
        ("wrong-resource", "2025-11-25", "discovery", "auth.prm-resource-mismatch", ["challenge"]),
        (
            "wrong-iss",
            "2026-07-28",
            "redirect",
            "auth.iss-mismatch",
            ["challenge", "registration", "authorize", "redirect"],
        ),
    ],
)
def test_each_broken_server_stops_at_its_step_with_its_rule(
    tmp_path: Path, mode: str, version: str, step: str, rule: str, purposes: list[str]
) -> None:
    events = Events()
    with oauth_peer(mode) as peer:
        result = run(OAuthClient(peer.url, FOLLOW, TokenStore(tmp_path), events), version)
    assert not result.ok and result.failed_step == step, result
    assert rule in rules(result)
    assert events.purposes() == purposes  # wrong-iss: the code is never redeemed
    failed = events.items[-1][1]
    assert failed["step"] == "failed" and failed["failed_step"] == step and rule in str(failed["reason"])
    assert TokenStore(tmp_path).get(peer.url) == []


def test_pre_registration_only_needs_a_client_id() -> None:
    with oauth_peer("preregistered-only") as peer:
        events = Events()
        without = run(OAuthClient(peer.url, FOLLOW, None, events))
        given = OAuthOptions(client_id="fixture-public", browser="follow", wait=5)
        with_id = run(OAuthClient(peer.url, given, None, Events()))
    assert not without.ok and without.failed_step == "client-registration"
    assert "auth.no-registration" in rules(without) and "--client-id" in without.reason
    assert "registration" not in events.purposes()
    assert with_id.ok and with_id.client_id == "fixture-public" and not with_id.findings


def test_step_up_asks_for_the_challenged_scope_within_its_budget(tmp_path: Path) -> None:
    call = {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "admin", "arguments": {}}}
    with oauth_peer("step-up") as peer:
        events = Events()
        client = OAuthClient(peer.url, FOLLOW, TokenStore(tmp_path), events)
        assert run(client).ok
        refused = httpx.post(peer.url, json=call, headers={"Authorization": client.authorization() or ""})
        assert refused.status_code == 403
        refusal = Refusal(403, peer.url, tuple(refused.headers.get_list("www-authenticate")))
        stepped = anyio.run(client.step_up, refusal, "2025-11-25", "tools/call admin")
        allowed = httpx.post(peer.url, json=call, headers={"Authorization": client.authorization() or ""})
        second = anyio.run(client.step_up, refusal, "2025-11-25", "tools/call admin")
        third = anyio.run(client.step_up, refusal, "2025-11-25", "tools/call admin")
    assert stepped.ok and set(stepped.scopes) == {"mcp:tools", "mcp:admin"}, stepped
    assert allowed.status_code != 403
    assert second.ok  # the budget allows two per resource and operation
    assert not third.ok and third.failed_step == "step-up" and "limit" in third.reason
    assert "step-up" in events.steps()


@pytest.mark.parametrize("mode", ["2025-03-26", "legacy-defaults"])
def test_servers_of_2025_03_26_sign_in_by_that_era(tmp_path: Path, mode: str) -> None:
    events = Events()
    with oauth_peer(mode) as peer:
        client = OAuthClient(peer.url, FOLLOW, TokenStore(tmp_path), events)
        result = run(client, "2025-03-26")
        refreshed = anyio.run(client.refresh, "2025-03-26")
    assert result.ok and refreshed.ok, result
    assert result.issuer == f"http://127.0.0.1:{peer.port}"
    if mode == "legacy-defaults":
        assert "auth.default-endpoints" in rules(result)
    authorize = next(x for x in events.exchanges() if x["purpose"] == "authorize")
    assert "resource=" not in str(authorize["url"])  # 2025-03-26 has no resource parameter
    assert all(str(x["spec"]).startswith("2025-03-26 ") for x in events.exchanges())


def test_client_credentials_with_a_machine_client(tmp_path: Path) -> None:
    options = OAuthOptions(client_id="fixture-machine", client_secret=SECRET, grant="client_credentials")
    events = Events()
    with oauth_peer() as peer:
        client = OAuthClient(peer.url, options, TokenStore(tmp_path), events)
        result = run(client)
        answer = httpx.post(
            peer.url,
            headers={"Authorization": client.authorization() or ""},
            json={"jsonrpc": "2.0", "id": 1, "method": "ping"},
        )
    with oauth_peer("no-client-credentials") as peer:
        refused = run(OAuthClient(peer.url, options, None, Events()))
    assert result.ok and result.client_id == "fixture-machine", result
    assert events.purposes() == ["challenge", "client-credentials"]
    assert answer.status_code != 401
    assert SECRET not in events.dump()
    assert not refused.ok and refused.failed_step == "authorization-server"
    assert "auth.grant-not-supported" in rules(refused)


def test_the_system_browser_path_runs_webbrowser_with_browser_set(tmp_path: Path) -> None:
    """A real ``webbrowser.open`` in a child process whose BROWSER is a script that GETs the URL
    and follows its redirects, as a browser would."""
    browser = tmp_path / "browser.py"
    browser.write_text(
        textwrap.dedent(
            """\
            import sys, urllib.request
            urllib.request.urlopen(sys.argv[1], timeout=10).read()
            """
        )
    )
    script = textwrap.dedent(
        """\
        import sys, anyio
        from pathlib import Path
        from inspector.session.oauth_client import OAuthClient, OAuthOptions
        from inspector.session.oauth_tokens import StoredToken, TokenStore
        shown, notes = [], []
        store = TokenStore(Path(sys.argv[2]))
        client = OAuthClient(
            sys.argv[1], OAuthOptions(wait=20), store, lambda t, e: notes.append(e), announce=shown.append
        )
        result = anyio.run(client.sign_in, None, "2025-11-25")
        purposes = [e["exchange"]["purpose"] for e in notes if e.get("step") == "exchange"]
        redirect = [e["exchange"]["url"] for e in notes if e.get("step") == "exchange"][-2]
        print(result.ok, result.failed_step, bool(shown), ",".join(purposes), "code=••••••" in redirect)
        """
    )
    env = {**os.environ, "BROWSER": f"{sys.executable} {browser} %s"}
    with oauth_peer() as peer:
        done = subprocess.run(
            [sys.executable, "-c", script, peer.url, str(tmp_path)],
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    assert done.stdout.split() == ["True", "None", "True", "challenge,registration,redirect,token", "True"], (
        done.stdout + done.stderr[-2000:]
    )
    assert TokenStore(tmp_path).get(peer.url)


def test_no_redirect_within_the_wait_fails_at_the_authorize_step(tmp_path: Path) -> None:
    """The system path with a browser that opens nothing: the URL is announced and the wait
    ends cleanly."""
    script = textwrap.dedent(
        """\
        import sys, anyio
        from inspector.session.oauth_client import OAuthClient, OAuthOptions
        shown = []
        client = OAuthClient(sys.argv[1], OAuthOptions(wait=1), None, announce=shown.append)
        result = anyio.run(client.sign_in, None, "2025-11-25")
        print(result.ok, result.failed_step, len(shown), shown[0].startswith(sys.argv[2]))
        """
    )
    env = {**os.environ, "BROWSER": "true"}
    with oauth_peer() as peer:
        done = subprocess.run(
            [sys.executable, "-c", script, peer.url, f"http://127.0.0.1:{peer.port}/authorize?"],
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    assert done.stdout.split() == ["False", "authorize", "1", "True"], done.stderr[-2000:]


def test_an_expired_token_is_due_refused_by_the_server_and_refreshed(tmp_path: Path) -> None:
    ping = {"jsonrpc": "2.0", "id": 1, "method": "ping"}
    # the fixture's tokens expire at int(now) + ttl: with 2 s, a fresh one lives at least 1 s
    with oauth_peer("good", "--token-ttl", "2") as peer:
        client = OAuthClient(peer.url, FOLLOW, TokenStore(tmp_path), Events())
        assert run(client).ok
        assert not client.refresh_due()  # a 2 s token is due after half its life, not before every request
        old = client.authorization() or ""
        anyio.run(anyio.sleep, 2.1)
        assert client.refresh_due()
        expired = httpx.post(peer.url, json=ping, headers={"Authorization": old})
        refreshed = anyio.run(client.refresh, "2025-11-25")
        again = httpx.post(peer.url, json=ping, headers={"Authorization": client.authorization() or ""})
    assert expired.status_code == 401
    assert refreshed.ok and client.authorization() != old
    assert again.status_code != 401


def test_options_and_results_never_show_a_secret() -> None:
    options = OAuthOptions(client_id="c", client_secret="very-secret-value")
    assert "very-secret-value" not in repr(options) and "very-secret-value" not in str(options)
    result = SignInResult(True, issuer="http://127.0.0.1:1", scopes=("a",))
    assert set(vars(result)) == {
        "ok",
        "failed_step",
        "reason",
        "findings",
        "issuer",
        "scopes",
        "expires_at",
        "client_id",
    }  # no member could hold a token


@pytest.mark.parametrize(
    ("mode", "version", "failed_step", "rule"),
    [
        ("prm-root", "2025-11-25", None, None),
        ("oidc-only", "2025-11-25", None, None),
        ("no-pkce-methods", "2025-06-18", None, "auth.no-pkce-advertised-legacy"),  # S256 sent anyway
        ("no-pkce-methods", "2025-11-25", "discovery", "auth.no-pkce-advertised"),
        ("no-prm", "2025-11-25", "discovery", "auth.prm-missing"),
        ("good", "2024-11-05", "discovery", None),  # that version has no authorization section
    ],
)
def test_discovery_variants_end_as_the_version_says(
    mode: str, version: str, failed_step: str | None, rule: str | None
) -> None:
    events = Events()
    with oauth_peer(mode) as peer:
        result = run(OAuthClient(peer.url, FOLLOW, None, events), version)
    assert result.ok == (failed_step is None) and result.failed_step == failed_step, result
    if rule is not None:
        assert rule in rules(result)
    if failed_step is None:
        assert events.purposes()[-1] == "token"
    else:
        assert "authorize" not in events.purposes()


def test_a_token_from_another_issuer_is_never_sent_to_this_server(good: HttpPeer, tmp_path: Path) -> None:
    store = TokenStore(tmp_path)
    store.put(
        StoredToken(
            resource=good.url,
            issuer="http://127.0.0.1:9/other-issuer",
            access_token="foreign-access",
            refresh_token="foreign-refresh",
            client_id="foreign-client",
        )
    )
    events = Events()
    client = OAuthClient(good.url, FOLLOW, store, events)
    result = anyio.run(client.refresh, "2025-11-25")
    assert not result.ok and result.failed_step == "refresh" and "not sent there" in result.reason
    assert "refresh" not in events.purposes()  # discovered, then stopped: no token request anywhere
    assert "foreign-refresh" not in events.dump()
    assert client.authorization() is None  # discovery named another issuer: its token is dropped


# ---------------------------------------------------------------------------------------------
# review fixes: the registered redirect URI reused, one flow at a time, a store that cannot be
# written, no refresh attempt before every request after a failure


def redirect_uris(events: Events) -> tuple[list[str], list[str]]:
    """The redirect URIs registered (DCR bodies) and sent in each authorization request."""
    from urllib.parse import parse_qs, urlsplit

    registered = [
        str(u) for x in events.exchanges() if x["purpose"] == "registration" for u in x["request_body"]["redirect_uris"]
    ]
    asked = [
        parse_qs(urlsplit(str(x["url"])).query)["redirect_uri"][0]
        for x in events.exchanges()
        if x["purpose"] == "authorize"
    ]
    return registered, asked


def test_a_stored_dynamic_client_is_reused_on_the_redirect_uri_it_was_registered_with(tmp_path: Path) -> None:
    """A server may match redirect URIs exactly (the SDK's own OAuthClientInformationFull does,
    port included) and hold a client to the scope it registered (so does the SDK's validate_scope):
    the step-up registers a client for its wider scopes on the same port, the next session's
    sign-in reuses that client on that port."""
    call = {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "admin", "arguments": {}}}
    with oauth_peer("step-up") as peer:
        events = Events()
        client = OAuthClient(peer.url, FOLLOW, TokenStore(tmp_path), events)
        assert run(client).ok
        refused = httpx.post(peer.url, json=call, headers={"Authorization": client.authorization() or ""})
        refusal = Refusal(403, peer.url, tuple(refused.headers.get_list("www-authenticate")))
        assert anyio.run(client.step_up, refusal, "2025-11-25", "tools/call admin").ok
        stored = TokenStore(tmp_path).get(peer.url)[0]
        later = Events()  # the next session: the stored client, no token in force
        client2 = OAuthClient(peer.url, FOLLOW, TokenStore(tmp_path), later)
        assert run(client2).ok
    registered, asked = redirect_uris(events)
    assert len(registered) == 2 and asked == [registered[0]] * 2 and registered[1] == registered[0]
    scopes = [x["request_body"]["scope"] for x in events.exchanges() if x["purpose"] == "registration"]
    assert "mcp:admin" not in scopes[0] and "mcp:admin" in scopes[1]
    assert stored.redirect_uri == registered[0] and stored.client_scopes and "mcp:admin" in stored.client_scopes
    again_registered, again_asked = redirect_uris(later)
    assert again_registered == [] and again_asked == [registered[0]]


def test_a_taken_port_means_a_new_registration_on_the_new_redirect_uri(good: HttpPeer, tmp_path: Path) -> None:
    import socket

    events = Events()
    assert run(OAuthClient(good.url, FOLLOW, TokenStore(tmp_path), events)).ok
    (registered,), _ = redirect_uris(events)
    port = int(registered.rsplit(":", 1)[1].split("/")[0])
    store = TokenStore(tmp_path)
    entry = store.get(good.url)[0]
    store.forget(good.url)
    store.put(
        StoredToken(
            resource=good.url,
            issuer=entry.issuer,
            access_token="x",
            client_id=entry.client_id,
            redirect_uri=entry.redirect_uri,
        )
    )
    later = Events()
    with socket.socket() as holder:
        holder.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # past the first flow's TIME_WAIT
        holder.bind(("127.0.0.1", port))
        holder.listen()
        client = OAuthClient(good.url, FOLLOW, store, later)
        result = run(client)
    assert result.ok, result
    (new,), asked = redirect_uris(later)
    assert new != registered and asked == [new] and result.client_id != entry.client_id


def test_requests_refused_together_run_one_sign_in_and_one_refresh(good: HttpPeer, tmp_path: Path) -> None:
    events = Events()
    client = OAuthClient(good.url, FOLLOW, TokenStore(tmp_path), events)
    results: list[SignInResult] = []

    async def both(step: str) -> None:
        async def one() -> None:
            if step == "sign-in":
                results.append(await client.sign_in(None, "2025-11-25"))
            else:
                results.append(await client.refresh("2025-11-25"))

        async with anyio.create_task_group() as tg:
            tg.start_soon(one)
            tg.start_soon(one)

    anyio.run(both, "sign-in")
    assert events.purposes().count("authorize") == 1 and [r.ok for r in results] == [True, True]
    anyio.run(both, "refresh")
    assert events.purposes().count("refresh") == 1 and [r.ok for r in results] == [True] * 4
    token = TokenStore(tmp_path).get(good.url)[0]
    assert client.authorization() == f"Bearer {token.access_token}"


def test_a_token_that_cannot_be_stored_still_signs_in_and_the_file_is_kept(good: HttpPeer, tmp_path: Path) -> None:
    (tmp_path / "secrets.json").write_text("{not json")  # the user's file: not the store's to overwrite
    events = Events()
    client = OAuthClient(good.url, FOLLOW, TokenStore(tmp_path), events)
    result = run(client)
    assert result.ok and client.authorization() is not None
    assert (tmp_path / "secrets.json").read_text() == "{not json"
    said = [t for t, e in events.items if e.get("step") == "info" and "could not be stored" in t]
    assert len(said) == 1 and (client.authorization() or "")[7:] not in events.dump()


def test_no_refresh_before_each_request_after_one_failed_or_without_a_refresh_token(
    good: HttpPeer, tmp_path: Path
) -> None:
    signed = OAuthClient(good.url, FOLLOW, None, Events())
    assert run(signed).ok
    issuer = signed.facts().issuer or ""
    now = [1000.0]
    store = TokenStore(tmp_path)
    store.put(StoredToken(resource=good.url, issuer=issuer, access_token="a", expires_at=900.0))
    client = OAuthClient(good.url, FOLLOW, store, Events(), clock=lambda: now[0])
    assert not client.refresh_due()  # nothing to refresh with: a 401 signs in again
    store.put(StoredToken(resource=good.url, issuer=issuer, access_token="a", expires_at=900.0, refresh_token="r"))
    client = OAuthClient(good.url, FOLLOW, store, Events(), clock=lambda: now[0])
    assert client.refresh_due()
    # a refresh the server refuses: a refresh token it never gave
    assert not anyio.run(client.refresh, "2025-11-25").ok
    assert not client.refresh_due()  # not again before every request
    now[0] += 31.0
    assert client.refresh_due()


def test_an_invalid_location_stops_the_flow_instead_of_raising() -> None:
    async def main() -> tuple[int | None, str | None]:
        async with FlowHttp("http://127.0.0.1:9/mcp", Events(), timeout=2) as http:
            answer = await http.send("authorize", "GET", "http://[::1/x?code=abc", expected="-", spec="-")
        return answer.status, answer.error

    status, error = anyio.run(main)
    assert status is None and error and "abc" not in error


def test_a_machine_client_steps_up_with_its_own_grant_not_a_browser(tmp_path: Path) -> None:
    options = OAuthOptions(client_id="fixture-machine", client_secret=SECRET, grant="client_credentials", wait=2)
    call = {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "admin", "arguments": {}}}
    events = Events()
    with oauth_peer("step-up") as peer:
        client = OAuthClient(peer.url, options, TokenStore(tmp_path), events)
        assert run(client).ok
        refused = httpx.post(peer.url, json=call, headers={"Authorization": client.authorization() or ""})
        refusal = Refusal(403, peer.url, tuple(refused.headers.get_list("www-authenticate")))
        stepped = anyio.run(client.step_up, refusal, "2025-11-25", "tools/call admin")
        allowed = httpx.post(peer.url, json=call, headers={"Authorization": client.authorization() or ""})
    assert refused.status_code == 403
    assert stepped.ok and "mcp:admin" in stepped.scopes, stepped
    assert allowed.status_code not in (401, 403)  # (400: a tools/call outside a session; past the bearer gate)
    assert events.purposes() == ["challenge", "client-credentials", "client-credentials"]
    assert SECRET not in events.dump()


@pytest.mark.parametrize("mode", ["no-s256", "no-pkce-methods"])
def test_a_machine_client_is_not_stopped_by_the_code_flows_pkce_rules(mode: str) -> None:
    options = OAuthOptions(client_id="fixture-machine", client_secret=SECRET, grant="client_credentials")
    events = Events()
    with oauth_peer(mode) as peer:
        result = run(OAuthClient(peer.url, options, None, events))
    assert result.ok, result
    assert events.purposes() == ["challenge", "client-credentials"]
    assert {"auth.no-s256", "auth.no-pkce-advertised"} & set(rules(result))  # said all the same


def test_an_answers_repr_shows_no_body_and_no_header() -> None:
    from inspector.session.oauth_exchange import Answer

    answer = Answer(200, "OK", [("Set-Cookie", "sid=cookie-value")], b'{"access_token": "token-value"}')
    assert "token-value" not in repr(answer) and "cookie-value" not in repr(answer) and "200" in repr(answer)


def test_a_client_the_user_gave_once_is_reused_on_any_port_without_a_registration(tmp_path: Path) -> None:
    with oauth_peer("preregistered-only") as peer:
        given = OAuthOptions(client_id="fixture-public", browser="follow", wait=5, timeout=10)
        assert run(OAuthClient(peer.url, given, TokenStore(tmp_path), Events())).ok
        entry = TokenStore(tmp_path).get(peer.url)[0]
        later = Events()
        result = run(OAuthClient(peer.url, FOLLOW, TokenStore(tmp_path), later))  # no client id given now
    assert entry.redirect_uri is None and entry.client_id == "fixture-public"
    assert result.ok and result.client_id == "fixture-public", result
    assert "registration" not in later.purposes()


def test_tls_unverified_for_the_servers_host_only(tmp_path: Path) -> None:
    """verify_tls=False is the user's trust in the MCP server's host: the same self-signed
    certificate on another host name (an authorization server elsewhere) is refused."""
    from peers import free_port, http_misbehave, self_signed

    cert, key = self_signed(tmp_path)
    port = free_port()
    with HttpPeer(http_misbehave(port, "good") + ["--tls", str(cert), str(key)], port):
        target = f"https://127.0.0.1:{port}/mcp"

        async def get(server_url: str) -> tuple[int | None, str | None]:
            async with FlowHttp(server_url, Events(), verify_tls=False, timeout=10) as http:
                answer = await http.send("authorize", "GET", target, expected="-", spec="-")
            return answer.status, answer.error

        same_host = anyio.run(get, f"https://127.0.0.1:{port}/mcp")
        other_host = anyio.run(get, f"https://localhost:{port}/mcp")
    assert same_host[0] is not None, same_host
    assert other_host[0] is None and other_host[1] and "certificate" in other_host[1].lower(), other_host
