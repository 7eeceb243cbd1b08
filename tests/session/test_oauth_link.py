"""OAuthAuthorizer (inspector/session/oauth_link.py): the sign-in driver behind a real session's link.

Each test runs the OAuth fixture (tests/fixtures/servers/sdk_oauth.py: the official Python SDK's
MCP server and authorization server) on 127.0.0.1, stopped by its pid when its block ends, and a
real :class:`~inspector.session.Session` over Streamable HTTP whose ``HttpSpec`` carries the
authorizer (:func:`~inspector.session.oauth_link.with_authorizer`), bound to the session before
it starts. Stored tokens are set up the way a user gets them, by a first sign-in (``--no-browser``'s
``browser="follow"``), then spoiled where a test needs the server to refuse them. What is proved:
a 401 with a stored token is a refresh first (no authorization request), a sign-in when the refresh
fails; a 403 ``insufficient_scope`` is a step-up; a refresh that fails before a request is not
tried again before every request; a token without a refresh token (client credentials) is
renewed by its grant on the server's 401; every step lands in the session's recording.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import anyio
import pytest
from peers import HttpPeer, oauth_peer

from inspector.protocol.engine import ClientConfig
from inspector.protocol.versions import EraMode
from inspector.session import Recording, Session, SessionOptions
from inspector.session.oauth_client import OAuthClient, OAuthOptions
from inspector.session.oauth_link import OAuthAuthorizer, with_authorizer
from inspector.session.oauth_tokens import StoredToken, TokenStore
from inspector.transport.base import HttpSpec, TransportKind

pytestmark = [pytest.mark.anyio, pytest.mark.peer]

FOLLOW = OAuthOptions(browser="follow", wait=5, timeout=10)
VERSION = "2025-11-25"


@pytest.fixture(scope="module")
def good():
    with oauth_peer() as peer:
        yield peer


def session_for(peer: HttpPeer, authorizer: OAuthAuthorizer, record: Path) -> Session:
    spec = HttpSpec(peer.url, mode=TransportKind.STREAMABLE_HTTP)
    options = SessionOptions(
        transport=spec,
        config=ClientConfig(era=EraMode.LEGACY, legacy_version=VERSION),
        record_path=record,
        connect_timeout=20,
        request_timeout=20,
    )
    made = Session(with_authorizer(options, authorizer))
    authorizer.bind(made)
    return made


def flow_purposes(rec: Recording) -> list[str]:
    """The purposes of the flow's exchanges recorded in the session, in order."""
    out = []
    for i in range(len(rec)):
        extra = rec[i].extra
        if extra.get("event") == "auth_flow" and extra.get("step") == "exchange":
            exchange = extra["exchange"]
            assert isinstance(exchange, dict)
            out.append(str(exchange["purpose"]))
    return out


def statuses(rec: Recording) -> list[int]:
    return [
        rec[i].extra["http"]["status"]
        for i in range(len(rec))
        if rec[i].extra.get("event") == "http_exchange" and rec[i].extra["http"].get("method") == "POST"
    ]


async def signed_in(peer: HttpPeer, store: TokenStore) -> StoredToken:
    """A token stored by a real sign-in (as a first run leaves it)."""
    result = await OAuthClient(peer.url, FOLLOW, store).sign_in(None, VERSION)
    assert result.ok, result
    assert result.issuer is not None
    token = store.find(peer.url, result.issuer)
    assert token is not None and token.refresh_token
    return token


def spoil(store: TokenStore, token: StoredToken, **changes: object) -> None:
    store.forget(token.resource)
    store.put(dataclasses.replace(token, stored_at=0.0, **changes))  # type: ignore[arg-type]


async def test_a_401_with_a_stored_token_is_a_refresh_first(good: HttpPeer, tmp_path: Path) -> None:
    store = TokenStore(tmp_path)
    token = await signed_in(good, store)
    spoil(store, token, access_token="a-token-the-server-does-not-know")  # not due: the server's 401 says it
    authorizer = OAuthAuthorizer(OAuthClient(good.url, FOLLOW, store))
    session = session_for(good, authorizer, tmp_path / "refresh.jsonl")
    async with session:
        await session.start()
        who = await session.request("tools/call", {"name": "whoami", "arguments": {}})
        assert who.ok and token.client_id in who.result["content"][0]["text"]
    assert authorizer.flow == "refresh" and authorizer.last is not None and authorizer.last.ok
    purposes = flow_purposes(session.recording)
    assert "refresh" in purposes and "authorize" not in purposes and "registration" not in purposes
    assert statuses(session.recording)[:2] == [401, 200]
    renewed = store.find(good.url, token.issuer)
    assert renewed is not None and renewed.access_token != "a-token-the-server-does-not-know"
    assert renewed.refresh_token != token.refresh_token  # the fixture rotates it
    text = (tmp_path / "refresh.jsonl").read_text()
    assert renewed.access_token not in text and str(renewed.refresh_token) not in text


async def test_a_401_whose_refresh_fails_is_a_sign_in(good: HttpPeer, tmp_path: Path) -> None:
    store = TokenStore(tmp_path)
    token = await signed_in(good, store)
    spoil(store, token, access_token="unknown-access", refresh_token="unknown-refresh")
    authorizer = OAuthAuthorizer(OAuthClient(good.url, FOLLOW, store))
    session = session_for(good, authorizer, tmp_path / "sign-in.jsonl")
    async with session:
        await session.start()
    assert authorizer.flow == "sign-in" and authorizer.last is not None and authorizer.last.ok
    purposes = flow_purposes(session.recording)
    assert purposes.index("refresh") < purposes.index("authorize") < purposes.index("token")
    assert "registration" not in purposes  # the client registered earlier with this issuer is used again
    kept = store.find(good.url, token.issuer)
    assert kept is not None and kept.refresh_token not in (None, "unknown-refresh")


async def test_a_403_insufficient_scope_is_a_step_up(tmp_path: Path) -> None:
    with oauth_peer("step-up") as peer:
        store = TokenStore(tmp_path)
        authorizer = OAuthAuthorizer(OAuthClient(peer.url, FOLLOW, store))
        session = session_for(peer, authorizer, tmp_path / "step-up.jsonl")
        async with session:
            await session.start()
            assert authorizer.flow == "sign-in"
            done = await session.request("tools/call", {"name": "admin", "arguments": {}})
            assert done.ok and done.result["content"][0]["text"] == "admin done"
    assert authorizer.flow == "step-up" and authorizer.last is not None and authorizer.last.ok
    assert authorizer.last.scopes == ("mcp:tools", "mcp:admin")
    assert statuses(session.recording).count(403) == 1
    assert flow_purposes(session.recording).count("authorize") == 2


async def test_a_refresh_that_fails_before_a_request_is_not_tried_before_each(good: HttpPeer, tmp_path: Path) -> None:
    """The stored token is due by its expiry but still good at the server; its refresh token is
    not: one failed refresh, then the requests go with the token as it is."""
    store = TokenStore(tmp_path)
    token = await signed_in(good, store)
    spoil(store, token, expires_at=1.0, refresh_token="unknown-refresh")
    authorizer = OAuthAuthorizer(OAuthClient(good.url, FOLLOW, store))
    session = session_for(good, authorizer, tmp_path / "due.jsonl")
    async with session:
        await session.start()
        for _ in range(3):
            assert (await session.request("tools/list")).ok
    assert authorizer.flow == "refresh" and authorizer.last is not None and not authorizer.last.ok
    assert authorizer.last.failed_step == "refresh"
    assert flow_purposes(session.recording).count("refresh") == 1
    assert 401 not in statuses(session.recording)


async def test_a_client_credentials_token_is_renewed_by_its_grant_on_a_401(tmp_path: Path) -> None:
    with oauth_peer("good", "--token-ttl", "1") as peer:
        options = OAuthOptions(
            client_id="fixture-machine", client_secret="fixture-secret", grant="client_credentials", timeout=10
        )
        authorizer = OAuthAuthorizer(OAuthClient(peer.url, options, TokenStore(tmp_path)))
        session = session_for(peer, authorizer, tmp_path / "machine.jsonl")
        async with session:
            await session.start()
            await anyio.sleep(1.3)  # the token has expired at the server
            who = await session.request("tools/call", {"name": "whoami", "arguments": {}})
            assert who.ok and "fixture-machine" in who.result["content"][0]["text"]
    purposes = flow_purposes(session.recording)
    # a grant per 401: the first request's (no token yet), the whoami's (the token ran out), and on
    # a slow machine one more when it ran out during the start sequence; never a refresh
    refused = statuses(session.recording).count(401)
    assert refused >= 2 and purposes.count("client-credentials") == refused and "refresh" not in purposes
    assert authorizer.flow == "sign-in" and authorizer.last is not None and authorizer.last.ok
