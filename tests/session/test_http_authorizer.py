"""The HTTP transport's authorization hook (issue 25, part B) against the real OAuth fixture.

The server is tests/fixtures/servers/sdk_oauth.py (the official Python SDK's bearer middleware and
authorization server) on 127.0.0.1; the session and the Streamable HTTP transport are the real
ones. The authorizer here is a small one of the test's own: it gets its tokens with a real
client-credentials POST (httpx) to the fixture's token endpoint as the pre-registered
``fixture-machine``, renews a token about to expire in ``prepare()`` and widens its scope to what a
403 ``insufficient_scope`` challenge names. What is proved: a 401 is met by the authorizer and the
same request goes again (both exchanges recorded, the token nowhere in the recording), tokens are
renewed before requests, a step-up, a refusal the authorizer cannot lift failing as without one,
and a slow authorizer (a person in a browser) holding the session's clocks. Each server is
stopped by its pid when its block ends.

The OAuth fixture serves Streamable HTTP only: HTTP+SSE is proved against the SDK's HTTP+SSE
fixture behind its header gate (a 401 without the header it wants), with an authorizer that
gives that header.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import anyio
import httpx
import orjson
import pytest
from peers import HttpPeer, free_port, oauth_peer, sdk_http_server

from inspector.protocol.engine import ClientConfig
from inspector.protocol.lifecycle import State
from inspector.protocol.versions import EraMode
from inspector.session import Direction, Recording, Session, SessionOptions, StartFailed
from inspector.transport.base import MASK, HttpSpec, TransportKind

pytestmark = [pytest.mark.anyio, pytest.mark.peer]

SCOPE_IN_CHALLENGE = re.compile(r'scope="([^"]*)"')


class MachineAuthorizer:
    """An ``Authorizer`` that gets client-credentials tokens from the fixture's token endpoint.
    ``refuse``: it never has new credentials; ``slow``: seconds it takes to answer a refusal."""

    def __init__(self, peer: HttpPeer, *, refuse: bool = False, slow: float = 0.0, margin: float = 0.5) -> None:
        self.peer, self.refuse, self.slow, self.margin = peer, refuse, slow, margin
        self.token: str | None = None
        self.expires_at = 0.0
        self.scope = "mcp:tools"
        self.tokens: list[str] = []  # every token it was given
        self.refusals: list[tuple[int, tuple[str, ...]]] = []
        self.prepared = 0
        self.renewed_in_prepare = 0

    def authorization(self) -> str | None:
        return f"Bearer {self.token}" if self.token else None

    async def prepare(self, version: str | None) -> None:
        self.prepared += 1
        if self.token is not None and time.monotonic() >= self.expires_at - self.margin:
            await self._fetch()
            self.renewed_in_prepare += 1

    async def refused(self, status: int, challenges: tuple[str, ...], version: str | None) -> bool:
        self.refusals.append((status, challenges))
        await anyio.sleep(self.slow)
        if self.refuse:
            return False
        wanted = next((m.group(1) for c in challenges if (m := SCOPE_IN_CHALLENGE.search(c))), None)
        if wanted:
            self.scope = wanted
        await self._fetch()
        return True

    async def _fetch(self) -> None:
        grant = {"grant_type": "client_credentials", "scope": self.scope, "resource": self.peer.url}
        async with httpx.AsyncClient(timeout=10) as http:
            answer = await http.post(
                f"http://127.0.0.1:{self.peer.port}/token", auth=("fixture-machine", "fixture-secret"), data=grant
            )
        answer.raise_for_status()
        body = answer.json()
        self.token = body["access_token"]
        self.tokens.append(body["access_token"])
        self.expires_at = time.monotonic() + float(body["expires_in"])


def options(
    peer: HttpPeer,
    authorizer: MachineAuthorizer | None,
    record: Path,
    *,
    connect_timeout: float = 20.0,
    request_timeout: float = 20.0,
    secret_headers: dict[str, str] | None = None,
    mode: TransportKind = TransportKind.STREAMABLE_HTTP,
) -> SessionOptions:
    spec = HttpSpec(peer.url, secret_headers=secret_headers or {}, mode=mode, authorizer=authorizer)
    return SessionOptions(
        transport=spec,
        config=ClientConfig(era=EraMode.LEGACY),
        record_path=record,
        connect_timeout=connect_timeout,
        request_timeout=request_timeout,
    )


def exchanges(rec: Recording) -> list[dict]:
    return [
        rec[i].extra["http"]
        for i in range(len(rec))
        if rec.direction_at(i) is Direction.EVENT and rec[i].extra.get("event") == "http_exchange"
    ]


def events(rec: Recording, name: str) -> list[dict]:
    return [rec[i].extra.get("http") or {} for i in range(len(rec)) if rec[i].extra.get("event") == name]


def notes(rec: Recording) -> list[str]:
    """The texts of the events and of the link's notes (the transport's side lines)."""
    kept = (Direction.EVENT, Direction.NOTE)
    return [rec[i].raw.decode() for i in range(len(rec)) if rec.direction_at(i) in kept]


@pytest.fixture(scope="module")
def good():
    with oauth_peer() as peer:
        yield peer


@pytest.mark.parametrize("mode", [TransportKind.STREAMABLE_HTTP, TransportKind.HTTP_AUTO])
async def test_a_401_is_met_by_the_authorizer_and_the_same_initialize_goes_again(good, tmp_path, mode):
    auth = MachineAuthorizer(good)
    record = tmp_path / "auth.jsonl"
    session = Session(options(good, auth, record, mode=mode))
    async with session:
        await session.start()
        assert session.state is State.OPERATING
        who = await session.request("tools/call", {"name": "whoami", "arguments": {}})
        assert who.ok and '"fixture-machine"' in who.result["content"][0]["text"]
    rec = session.recording
    assert [s for s, _ in auth.refusals] == [401] and "Bearer" in auth.refusals[0][1][0]
    assert auth.prepared >= len(exchanges(rec))  # every request (POSTs, the GET stream, the DELETE) prepared
    posts = [x for x in exchanges(rec) if x["method"] == "POST"]
    refused, retried = posts[0], posts[1]
    assert refused["status"] == 401 and refused.get("authorizing") is True and "failure" not in refused
    at = next(i for i in range(len(rec)) if rec[i].extra.get("http") == refused)
    assert "http.error-status" not in rec[at].violations  # the authorization spec's signal, met
    assert "resource_metadata" in refused["response_headers"]["www-authenticate"]
    assert "Authorization" not in refused["request_headers"]  # no token yet: nothing to send
    assert retried["status"] == 200 and retried["request_seq"] == refused["request_seq"]
    assert all(x["request_headers"]["Authorization"] == MASK for x in posts[1:])
    # the same bytes, once: one initialize entry, answered
    assert [rec[i].method for i in range(len(rec)) if rec.direction_at(i) is Direction.C2S][0] == "initialize"
    (asking,) = events(rec, "authorizing")
    (answered,) = events(rec, "authorized")
    assert asking["request_seq"] == refused["request_seq"] and answered["renewed"] is True
    text = record.read_text()
    assert auth.tokens and not any(token in text for token in auth.tokens)
    assert not any(token in line for line in notes(rec) for token in auth.tokens)


async def test_prepare_renews_a_token_about_to_expire_before_the_request(tmp_path):
    with oauth_peer("good", "--token-ttl", "1") as peer:
        auth = MachineAuthorizer(peer, margin=0.3)
        record = tmp_path / "ttl.jsonl"
        session = Session(options(peer, auth, record))
        async with session:
            await session.start()
            before = auth.prepared
            await anyio.sleep(1.2)  # the token has expired
            who = await session.request("tools/call", {"name": "whoami", "arguments": {}})
            assert who.ok and auth.prepared > before
    assert len(auth.refusals) == 1  # only the first 401: the expired token was renewed before it was needed
    assert auth.renewed_in_prepare >= 1 and len(set(auth.tokens)) >= 2
    posts = [x for x in exchanges(session.recording) if x["method"] == "POST"]
    assert [x["status"] for x in posts].count(401) == 1
    text = record.read_text()
    assert not any(token in text for token in auth.tokens)


async def test_a_403_insufficient_scope_steps_up_to_the_challenged_scope(tmp_path):
    with oauth_peer("step-up") as peer:
        auth = MachineAuthorizer(peer)
        session = Session(options(peer, auth, tmp_path / "step-up.jsonl"))
        async with session:
            await session.start()
            done = await session.request("tools/call", {"name": "admin", "arguments": {}})
            assert done.ok and not done.result.get("isError")
            who = await session.request("tools/call", {"name": "whoami", "arguments": {}})
            assert "mcp:admin" in who.result["content"][0]["text"]
    assert [s for s, _ in auth.refusals] == [401, 403]
    assert "insufficient_scope" in auth.refusals[1][1][0] and auth.scope == "mcp:tools mcp:admin"
    posts = [x for x in exchanges(session.recording) if x["method"] == "POST"]
    step = next(i for i, x in enumerate(posts) if x["status"] == 403)
    assert posts[step].get("authorizing") is True and posts[step + 1]["status"] == 200
    assert posts[step + 1]["request_seq"] == posts[step]["request_seq"]


async def test_an_authorizer_without_new_credentials_fails_initialize_as_without_one(good, tmp_path):
    outcomes = []
    for auth in (MachineAuthorizer(good, refuse=True), None):
        session = Session(options(good, auth, tmp_path / f"refused-{auth is None}.jsonl"))
        with pytest.raises(StartFailed) as failed:
            async with session:
                await session.start()
        posts = [x for x in exchanges(session.recording) if x["method"] == "POST"]
        assert [x["status"] for x in posts] == [401]  # no retry
        outcomes.append((session.engine.outcome_code, str(failed.value)))
    assert outcomes[0] == outcomes[1] and outcomes[0][0] == "unauthorized"


async def test_a_second_refusal_fails_the_request_without_asking_again(good, tmp_path):
    auth = MachineAuthorizer(good)

    async def spoiled(status: int, challenges: tuple[str, ...], version: str | None) -> bool:
        auth.refusals.append((status, challenges))
        auth.token = "not-a-token-the-server-knows"
        auth.expires_at = time.monotonic() + 3600  # prepare() keeps it
        return True  # "renewed", but the server refuses the new one too

    auth.refused = spoiled  # type: ignore[method-assign]
    session = Session(options(good, auth, tmp_path / "twice.jsonl"))
    with pytest.raises(StartFailed):
        async with session:
            await session.start()
    posts = [x for x in exchanges(session.recording) if x["method"] == "POST"]
    assert [x["status"] for x in posts] == [401, 401] and len(auth.refusals) == 1
    assert posts[0].get("authorizing") is True and "authorizing" not in posts[1] and posts[1]["failure"]
    assert session.engine.outcome_code == "unauthorized"


async def test_a_slow_authorizer_holds_the_connect_timeout(good, tmp_path):
    auth = MachineAuthorizer(good, slow=2.5)
    session = Session(options(good, auth, tmp_path / "slow.jsonl", connect_timeout=1.0))
    began = time.monotonic()
    async with session:
        await session.start()
        assert session.state is State.OPERATING
    assert time.monotonic() - began > 2.5 and len(auth.refusals) == 1
    assert not events(session.recording, "timeout")


async def test_a_slow_step_up_holds_the_request_timeout(tmp_path):
    with oauth_peer("step-up") as peer:
        auth = MachineAuthorizer(peer)
        session = Session(options(peer, auth, tmp_path / "slow-step.jsonl", request_timeout=1.0))
        async with session:
            await session.start()
            auth.slow = 2.0
            done = await session.request("tools/call", {"name": "admin", "arguments": {}})
            assert done.ok and not done.result.get("isError")
    assert [s for s, _ in auth.refusals] == [401, 403]
    assert not events(session.recording, "timeout")


async def test_the_authorizer_wins_over_a_user_authorization_header_and_says_so_once(good, tmp_path):
    auth = MachineAuthorizer(good)
    record = tmp_path / "both.jsonl"
    given = {"Authorization": "Bearer user-given-not-a-token"}
    session = Session(options(good, auth, record, secret_headers=given))
    async with session:
        await session.start()
        await session.request("tools/list")
    said = [n for n in notes(session.recording) if "the authorizer's credentials are" in n]
    assert len(said) == 1
    text = record.read_text()
    assert "user-given-not-a-token" not in text and not any(token in text for token in auth.tokens)
    posts = [x for x in exchanges(session.recording) if x["method"] == "POST"]
    assert posts[0]["status"] == 401 and all(x["status"] < 300 for x in posts[1:])


class KeyAuthorizer:
    """An ``Authorizer`` for the SDK's HTTP+SSE fixture behind its header gate: it has no value
    until the first refusal, then the one the gate wants; ``spoil()`` makes it send a stale one."""

    def __init__(self, good: str) -> None:
        self.good, self.value = good, None
        self.refusals: list[int] = []
        self.prepared = 0

    def authorization(self) -> str | None:
        return self.value

    async def prepare(self, version: str | None) -> None:
        self.prepared += 1

    async def refused(self, status: int, challenges: tuple[str, ...], version: str | None) -> bool:
        self.refusals.append(status)
        self.value = self.good
        return True

    def spoil(self) -> None:
        self.value = "Bearer stale-sse-value"


async def test_http_sse_the_event_stream_and_a_post_are_sent_again_with_renewed_credentials(tmp_path):
    port = free_port()
    good = "Bearer sse-good-value"
    env = {"REQUIRED_HEADERS": orjson.dumps({"Authorization": good}).decode()}
    with HttpPeer(sdk_http_server(port, "--sse", "--require-headers"), port, path="/sse", env=env) as peer:
        auth = KeyAuthorizer(good)
        record = tmp_path / "sse.jsonl"
        spec = HttpSpec(peer.url, mode=TransportKind.SSE, authorizer=auth)
        opts = SessionOptions(
            transport=spec, config=ClientConfig(era=EraMode.LEGACY), record_path=record, connect_timeout=20.0
        )
        session = Session(opts)
        async with session:
            await session.start()
            auth.spoil()
            listed = await session.request("tools/list")
            assert listed.ok and listed.result["tools"]
    assert auth.refusals == [401, 401] and auth.prepared >= 3
    rec = session.recording
    got = [(x["method"], x["status"]) for x in exchanges(rec)]
    assert got[0] == ("GET", 401) and got[1] == ("GET", 200)
    i = got.index(("POST", 401))
    assert got[i + 1] == ("POST", 202)
    assert exchanges(rec)[i + 1]["request_seq"] == exchanges(rec)[i]["request_seq"]
    assert [x.get("request_seq") for x in events(rec, "authorizing")] == [None, exchanges(rec)[i]["request_seq"]]
    text = record.read_text()
    assert "sse-good-value" not in text and "stale-sse-value" not in text


async def test_requests_refused_together_ask_the_authorizer_once(good, tmp_path):
    """Two requests refused with the same stale token: the first refusal is asked about, the
    second waits for it and goes again with the renewed token without asking (one browser, one
    refresh token redeemed once)."""
    auth = MachineAuthorizer(good)
    record = tmp_path / "together.jsonl"
    session = Session(options(good, auth, record))
    async with session:
        await session.start()
        auth.token, auth.expires_at = "stale-token-the-server-refuses", time.monotonic() + 3600
        auth.slow = 0.5
        answers = []

        async def call() -> None:
            answers.append(await session.request("tools/call", {"name": "whoami", "arguments": {}}))

        async with anyio.create_task_group() as tg:
            tg.start_soon(call)
            tg.start_soon(call)
    assert [a.ok for a in answers] == [True, True]
    assert [s for s, _ in auth.refusals] == [401, 401]  # initialize's, then one for both calls
    posts = [x for x in exchanges(session.recording) if x["method"] == "POST"]
    assert [x["status"] for x in posts].count(401) == 3
    assert [x["renewed"] for x in events(session.recording, "authorized")] == [True, True, True]
    assert "stale-token-the-server-refuses" not in record.read_text()


async def test_a_403_is_asked_about_even_when_the_credentials_changed_meanwhile():
    """A 401 whose credentials were renewed since its request went is sent again without asking;
    a 403 insufficient_scope wants more scope than any renewal gave: the authorizer is asked."""
    from inspector.transport.base import LinkEventKind
    from inspector.transport.http_credentials import LinkCredentials

    class Renewed:
        def __init__(self) -> None:
            self.asked: list[int] = []

        def authorization(self) -> str | None:
            return "Bearer new"

        async def prepare(self, version: str | None) -> None:
            return None

        async def refused(self, status: int, challenges: tuple[str, ...], version: str | None) -> bool:
            self.asked.append(status)
            return True

    auth = Renewed()
    said: list[str] = []
    emitted: list[tuple[object, dict]] = []
    link = LinkCredentials(auth, said.append, lambda k, d, i: emitted.append((k, i)))
    request = httpx.Request("POST", "http://127.0.0.1:9/mcp", headers={"Authorization": "Bearer old"})
    for status, challenge in ((401, 'Bearer error="invalid_token"'), (403, 'Bearer error="insufficient_scope"')):
        response = httpx.Response(status, headers={"WWW-Authenticate": challenge}, request=request)
        refusal = link.refusal(response)
        assert refusal is not None and refusal.sent == "Bearer old"
        assert await link.authorize(1, refusal, None, lambda: False)
    assert auth.asked == [403] and link.working == 0 and not said
    assert [i["renewed"] for k, i in emitted if k is LinkEventKind.AUTHORIZED] == [True, True]
