"""Finding out a URL's transport, and refusals at the start, against real servers on 127.0.0.1.

Auto (``AutoHttpSpec``) tries Streamable HTTP; when initialize's POST is refused with a 4xx it
GETs the URL as a 2024-11-05 HTTP+SSE event stream and sends initialize again to the endpoint
that stream names (2025-03-26 transports, backwards compatibility). Checked against the SDK's
and the reference server's HTTP+SSE modes (the fallback happens, with either era setting) and
their Streamable HTTP modes (it does not). A server that refuses initialize without speaking
JSON-RPC ends the start at once, with the status in the outcome; a 401 names the resource
metadata URL of its ``WWW-Authenticate`` challenge. A -32020 HeaderMismatch on tools/call
makes the client list the tools and retry with the headers it learnt.
"""

from __future__ import annotations

import time

import pytest
from peers import HttpPeer, free_port, http_misbehave, reference_http_server, sdk_http_server

from inspector.protocol.engine import ClientConfig
from inspector.protocol.lifecycle import State
from inspector.protocol.versions import EraMode
from inspector.session import Direction, Recording, Session, SessionOptions, StartFailed
from inspector.transport.base import AutoHttpSpec, StreamableHttpSpec
from inspector.transport.http import SseTransport, StreamableHttpTransport

pytestmark = pytest.mark.anyio


def opts(spec, era: EraMode = EraMode.AUTO) -> SessionOptions:
    return SessionOptions(transport=spec, config=ClientConfig(era=era), connect_timeout=20.0, request_timeout=20.0)


def events(rec: Recording) -> list[str]:
    return [rec[i].extra.get("event") for i in range(len(rec)) if rec.direction_at(i) is Direction.EVENT]


def transitions(rec: Recording) -> list[tuple[str, str]]:
    return [
        (rec.extra_at(s)["transition"]["event"], rec.extra_at(s)["transition"]["label"]) for s in rec.transition_rows
    ]


def sse_peer(kind: str, port: int) -> HttpPeer:
    if kind == "sdk":
        return HttpPeer(sdk_http_server(port, "--sse"), port, path="/sse")
    return HttpPeer(reference_http_server("sse"), port, path="/sse", env={"PORT": str(port)})


@pytest.mark.parametrize("era", [EraMode.AUTO, EraMode.LEGACY])
@pytest.mark.parametrize("kind", ["sdk", "reference"])
async def test_auto_falls_back_to_http_sse_when_initialize_is_refused(kind, era):
    port = free_port()
    with sse_peer(kind, port) as peer:
        session = Session(opts(AutoHttpSpec(peer.url), era))
        assert type(session.transport.link) is StreamableHttpTransport  # the auto transport holds the one it is on
        async with session:
            await session.start()
            assert session.state is State.OPERATING
            assert type(session.transport.link) is SseTransport  # ... and, once refused, the HTTP+SSE one
            tools = await session.request("tools/list")
            assert tools.ok and tools.result["tools"]
    assert not isinstance(session.transport, StreamableHttpTransport)  # composition, not inheritance
    rec = session.recording
    steps = transitions(rec)
    assert ("transport_fallback", "← HTTP 4xx → HTTP+SSE") in steps
    if era is EraMode.AUTO:  # the modern probe was refused first: the era fell back before the transport did
        assert steps.index(("http_rejected", "← HTTP 4xx → legacy")) < steps.index(
            ("transport_fallback", "← HTTP 4xx → HTTP+SSE")
        )
    assert steps[-2:] == [("shutdown", "close the event stream"), ("process_exited", "connection closed")]
    names = events(rec)
    assert names.index("fallback") < names.index("endpoint")
    # initialize went out once as a message and travelled twice: refused by POST, then to the endpoint
    inits = [i for i in range(len(rec)) if rec.direction_at(i) is Direction.C2S and rec[i].method == "initialize"]
    assert len(inits) == 1
    carried = [
        rec[i].extra["http"]
        for i in range(len(rec))
        if rec[i].extra.get("event") == "http_exchange" and rec[i].extra["http"].get("request_seq") == inits[0]
    ]
    assert [(x["method"], x["status"] >= 400) for x in carried] == [("POST", True), ("POST", False)]
    assert carried[0]["url"] == peer.url and carried[1]["url"] != peer.url
    # the refusal that led to the fallback is expected, not a fault; the rest of the session is clean
    flags = {r for i in range(len(rec)) for r in rec[i].violations} - {
        "capability.server-undeclared",
        "jsonrpc.id-invalid",
    }
    assert flags == set()
    assert rec.summary["transport"] == "sse" and rec.header["transport"] == "http-auto"
    assert rec.transport_as_of(0) == "http-auto" and rec.transport_as_of(len(rec) - 1) == "sse-fallback"


@pytest.mark.parametrize("kind", ["sdk", "reference"])
async def test_auto_stays_on_streamable_http_when_the_server_speaks_it(kind):
    port = free_port()
    if kind == "sdk":
        peer = HttpPeer(sdk_http_server(port), port)
    else:
        peer = HttpPeer(reference_http_server("streamableHttp"), port, env={"PORT": str(port)})
    with peer:
        session = Session(opts(AutoHttpSpec(peer.url), EraMode.LEGACY))
        async with session:
            await session.start()
            assert (await session.request("tools/list")).ok
    rec = session.recording
    assert "fallback" not in events(rec) and "transport_fallback" not in [e for e, _ in transitions(rec)]
    assert rec.summary["transport"] == "streamable-http" and rec.summary["shutdown"] == "delete"


async def test_neither_transport_fails_the_start_with_what_each_answered():
    port = free_port()
    with HttpPeer(http_misbehave(port, "post-405"), port, path="/mcp") as peer:
        session = Session(opts(AutoHttpSpec(peer.url), EraMode.LEGACY))
        started = time.monotonic()
        with pytest.raises(StartFailed) as failed:
            async with session:
                await session.start()
        assert time.monotonic() - started < 10  # no waiting for the initialize timeout
    assert "405" in str(failed.value)
    rec = session.recording
    gets = [
        rec[i].extra["http"]
        for i in range(len(rec))
        if rec[i].extra.get("event") == "http_exchange" and rec[i].extra["http"]["method"] == "GET"
    ]
    assert [g["status"] for g in gets] == [405]
    assert rec.summary["state"] == "failed"


async def test_streamable_http_chosen_does_not_fall_back_and_fails_at_once():
    """The user said Streamable HTTP: a 4xx to initialize ends the start on its own edge."""
    port = free_port()
    with sse_peer("sdk", port) as peer:
        session = Session(opts(StreamableHttpSpec(peer.url), EraMode.LEGACY))
        started = time.monotonic()
        with pytest.raises(StartFailed):
            async with session:
                await session.start()
        assert time.monotonic() - started < 10
    rec = session.recording
    assert ("initialize_refused", "← HTTP error to initialize") in transitions(rec)
    assert rec.summary["outcome_code"] == "initialize-refused" and rec.summary["outcome_args"] == {"code": "405"}
    assert "fallback" not in events(rec)


@pytest.mark.parametrize("era", [EraMode.AUTO, EraMode.LEGACY])
async def test_a_500_to_the_start_fails_it_at_once_without_a_transport_fallback(era):
    """A 5xx is the server saying it failed, not silence: server/discover's 500 makes auto fall
    back to initialize at once (flagged), initialize's 500 ends the start at once, and the
    HTTP+SSE fallback (keyed to a 4xx) is not tried."""
    port = free_port()
    with HttpPeer(http_misbehave(port, "init-500"), port, path="/mcp") as peer:
        session = Session(
            SessionOptions(
                transport=AutoHttpSpec(peer.url), config=ClientConfig(era=era), connect_timeout=30.0, probe_timeout=30.0
            )
        )
        started = time.monotonic()
        with pytest.raises(StartFailed) as failed:
            async with session:
                await session.start()
        assert time.monotonic() - started < 10  # neither timeout was waited out
    rec = session.recording
    assert "500" in str(failed.value) and "in time" not in str(failed.value)
    assert rec.summary["outcome_code"] == "initialize-refused" and rec.summary["outcome_args"] == {"code": "500"}
    assert ("initialize_refused", "← HTTP error to initialize") in transitions(rec)
    assert "fallback" not in events(rec) and "transport_fallback" not in [e for e, _ in transitions(rec)]
    exchanges = [rec[i] for i in range(len(rec)) if rec[i].extra.get("event") == "http_exchange"]
    assert [e.extra["http"]["status"] for e in exchanges] == ([500, 500] if era is EraMode.AUTO else [500])
    assert all("http.error-status" in e.violations for e in exchanges)  # a server error stays flagged


@pytest.mark.parametrize("era", [EraMode.AUTO, EraMode.LEGACY, EraMode.MODERN])
async def test_a_401_names_the_resource_metadata_of_its_challenge(era):
    port = free_port()
    with HttpPeer(http_misbehave(port, "unauthorized"), port, path="/mcp") as peer:
        session = Session(opts(AutoHttpSpec(peer.url), era))
        with pytest.raises(StartFailed) as failed:
            async with session:
                await session.start()
    rec = session.recording
    metadata = f"http://127.0.0.1:{port}/.well-known/oauth-protected-resource/mcp"
    assert rec.summary["outcome_code"] == "unauthorized" and rec.summary["outcome_args"] == {"metadata": metadata}
    assert metadata in str(failed.value) and "401" in str(failed.value)
    assert "fallback" not in events(rec)  # authorization is not a transport question
    refusal = next(rec[i].extra["http"] for i in range(len(rec)) if rec[i].extra.get("event") == "http_exchange")
    assert refusal["status"] == 401 and "resource_metadata" in refusal["response_headers"]["www-authenticate"]


async def test_a_header_mismatch_makes_the_client_list_tools_and_retry():
    """2026-07-28: tools/call for a tool never listed goes without its Mcp-Param header; the SDK
    answers 400 -32020; the client lists the tools, learns x-mcp-header and retries once."""
    port = free_port()
    with HttpPeer(sdk_http_server(port), port) as peer:
        session = Session(opts(StreamableHttpSpec(peer.url), EraMode.MODERN))
        async with session:
            await session.start()
            called = await session.request(
                "tools/call", {"name": "where", "arguments": {"region": "ap-south-2", "query": "q"}}
            )
            assert called.ok and called.result["content"][0]["text"] == "q runs in ap-south-2"
    rec = session.recording
    sent = [rec[i].method for i in range(len(rec)) if rec.direction_at(i) is Direction.C2S]
    assert sent == ["server/discover", "tools/call", "tools/list", "tools/call"]
    calls = [
        rec[i].extra["http"]
        for i in range(len(rec))
        if rec[i].extra.get("event") == "http_exchange"
        and rec[i].extra["http"]["request_headers"].get("Mcp-Name") == "where"
    ]
    assert [c["status"] for c in calls] == [400, 200]
    assert (
        "Mcp-Param-Region" not in calls[0]["request_headers"]
        and calls[1]["request_headers"]["Mcp-Param-Region"] == "ap-south-2"
    )
    assert calls[0]["jsonrpc_error"] == -32020
    flags = {r for i in range(len(rec)) for r in rec[i].violations}
    assert flags == set(), flags  # 400 with -32020 is as it should be: the JSON-RPC error says why


def test_probe_url_finds_the_reference_servers_http_sse_transport_by_itself():
    """`probe --url` with the default transport (auto) and era (auto) against the reference
    server's HTTP+SSE mode: exit 0, the transcript shows the fallback, the summary names it."""
    import subprocess
    import sys

    import orjson

    port = free_port()
    with sse_peer("reference", port) as peer:
        argv = [sys.executable, "-m", "inspector", "probe", "--json", "--url", peer.url, "--request", "tools/list"]
        proc = subprocess.run(argv, capture_output=True, timeout=90)
        assert proc.returncode == 0, proc.stderr.decode()
        text = subprocess.run(
            [sys.executable, "-m", "inspector", "probe", "--url", peer.url], capture_output=True, timeout=90
        )
    lines = [orjson.loads(line) for line in proc.stdout.splitlines()]
    steps = [d["transition"]["event"] for d in lines if "transition" in d]
    assert "http_rejected" in steps and "transport_fallback" in steps
    assert lines[-1]["kind"] == "summary" and lines[-1]["transport"] == "sse" and lines[-1]["era"] == "legacy"
    assert any(d.get("dir") == "s2c" and d.get("method") == "tools/list" for d in lines)
    assert text.returncode == 0 and b"connection        sse:" in text.stdout
