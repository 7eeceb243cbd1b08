"""A Streamable HTTP server's misbehaviour is data: each fault of the fixture server (on
127.0.0.1) is recorded byte-exact, flagged with its rule, and the session carries on."""

from __future__ import annotations

import anyio
import pytest
from peers import HttpPeer, free_port, http_misbehave

from inspector.protocol.engine import ClientConfig
from inspector.protocol.lifecycle import State
from inspector.protocol.rules import RULES
from inspector.protocol.versions import EraMode
from inspector.session import ConnectionLost, Direction, RequestTimeout, Session, SessionError, SessionOptions
from inspector.transport.base import StreamableHttpSpec

pytestmark = pytest.mark.anyio


def options(url: str, timeout: float = 10.0) -> SessionOptions:
    return SessionOptions(
        transport=StreamableHttpSpec(url),
        config=ClientConfig(era=EraMode.LEGACY),
        connect_timeout=10.0,
        request_timeout=timeout,
    )


async def run(mode: str, *, timeout: float = 10.0, ping: bool = True):
    """Handshake, tools/list (where the mode misbehaves), then a ping: the session goes on."""
    port = free_port()
    with HttpPeer(http_misbehave(port, mode), port) as peer:
        session = Session(options(peer.url, timeout))
        async with session:
            await session.start()
            try:
                listed = await session.request("tools/list", timeout=timeout)
            except (RequestTimeout, ConnectionLost):  # no answer in time, or an exchange that cannot bring one
                listed = None
            pinged = (await session.request("ping")) if ping else None
    return session.recording, listed, pinged


def flagged(rec, rule: str) -> list[int]:
    return [i for i in range(len(rec)) if rule in rec[i].violations]


async def test_a_good_server_breaks_no_rule():
    rec, listed, pinged = await run("good")
    assert listed.ok and pinged.ok
    assert [i for i in range(len(rec)) if rec[i].violations] == []


async def test_a_500_is_flagged_its_body_kept_and_the_request_failed():
    rec, listed, pinged = await run("post-500")
    assert listed is None and pinged.ok  # no JSON-RPC answer came: the request failed; the session went on
    assert not flagged(rec, "lifecycle.no-answer")  # failed at once, not waited out
    (seq,) = flagged(rec, "http.error-status")
    assert rec[seq].extra["http"]["status"] == 500
    side = [rec[i] for i in range(len(rec)) if rec.direction_at(i) is Direction.NOTE]
    assert any(
        e.raw.endswith(b"boom: the tool registry is on fire") and e.extra["channel"] == "http-body" for e in side
    )


async def test_a_wrong_content_type_is_flagged_and_kept():
    rec, listed, pinged = await run("wrong-content-type", timeout=1.0)
    assert listed is None and pinged.ok
    assert len(flagged(rec, "http.content-type")) == 1
    assert any(b"<html>" in rec[i].raw for i in range(len(rec)) if rec.direction_at(i) is Direction.NOTE)


async def test_an_sse_event_that_is_no_json_is_a_message_flagged_as_such():
    rec, listed, pinged = await run("sse-not-json")
    assert listed.ok and pinged.ok
    (seq,) = flagged(rec, "http.not-json")
    assert rec[seq].raw == b"hello, this is not JSON" and rec[seq].extra["http"]["channel"] == "post-sse"
    assert flagged(rec, "stdio.not-json") == []


async def test_202_with_a_body_is_flagged():
    rec, listed, _ = await run("accepted-with-body")
    assert listed.ok
    assert flagged(rec, "http.accepted-with-body")


async def test_an_expired_session_is_named_a_new_one_started_with_initialize_and_the_request_sent_again():
    port = free_port()
    with HttpPeer(http_misbehave(port, "expire"), port) as peer:
        session = Session(options(peer.url, 5.0))
        async with session:
            await session.start()
            with anyio.fail_after(10):
                first = await session.request("tools/list")  # 404: a new session, and the request again in it
            assert first.ok and session.state is State.OPERATING
            assert (
                len([i for i in range(len(session.recording)) if session.recording.method_at(i) == "initialize"]) == 4
            )  # 2 requests, 2 results
            assert (await session.request("tools/list")).ok
    rec = session.recording
    assert flagged(rec, "http.session-expired") and not flagged(rec, "http.session-id-changed")
    edges = [rec.extra_at(seq)["transition"]["label"] for seq in rec.transition_rows]
    assert "← 404: session expired" in edges and edges.count("initialize →") == 2
    posts = [
        x
        for x in (rec[i].extra.get("http") for i in range(len(rec)) if rec[i].extra.get("event") == "http_exchange")
        if x["method"] == "POST"
    ]
    inits = [x for x in posts if x["response_headers"].get("mcp-session-id")]
    assert [x["response_headers"]["mcp-session-id"] for x in inits] == ["s-1", "s-2"]
    assert "Mcp-Session-Id" not in inits[1]["request_headers"]  # the new session starts without the old id
    assert posts[-1]["request_headers"]["Mcp-Session-Id"] == "s-2"


async def test_a_changed_session_id_is_flagged():
    rec, listed, _ = await run("change-session")
    assert listed.ok
    assert len(flagged(rec, "http.session-id-changed")) == 1


async def test_a_dropped_get_stream_is_resumed_with_last_event_id():
    port = free_port()
    with HttpPeer(http_misbehave(port, "drop-get"), port) as peer:
        session = Session(options(peer.url))
        async with session:
            await session.start()
            for _ in range(200):  # the GET stream opens after initialized; let it drop and resume
                logs = [
                    session.recording[i]
                    for i in range(len(session.recording))
                    if session.recording.method_at(i) == "notifications/message"
                ]
                if len(logs) == 2:
                    break
                await anyio.sleep(0.02)
    rec = session.recording
    logs = [rec[i] for i in range(len(rec)) if rec.method_at(i) == "notifications/message"]
    assert [e.json()["params"]["data"] for e in logs] == ["first, then the stream drops", "resumed after 7"]
    assert [e.extra["http"]["sse_id"] for e in logs] == ["7", "8"]
    gets = [
        rec[i].extra["http"]
        for i in range(len(rec))
        if rec[i].extra.get("event") == "http_exchange" and rec[i].extra["http"]["method"] == "GET"
    ]
    assert "Last-Event-ID" not in gets[0]["request_headers"] and gets[1]["request_headers"]["Last-Event-ID"] == "7"


def test_every_http_rule_has_a_sentence_and_a_spec_section():
    http = [r for r in RULES.values() if r.id.startswith("http.")]
    assert len(http) >= 8 and all(r.text.endswith(".") and "transports" in r.spec for r in http)


async def test_a_slow_answer_times_out_and_is_flagged_late_when_it_comes():
    port = free_port()
    with HttpPeer(http_misbehave(port, "slow"), port) as peer:
        session = Session(options(peer.url, 0.5))
        async with session:
            await session.start()
            with pytest.raises(RequestTimeout):
                await session.request("tools/list")
            assert (await session.request("ping")).ok  # other requests are not held up behind it
            with anyio.fail_after(10):
                while not flagged(session.recording, "jsonrpc.late-response"):
                    await anyio.sleep(0.05)
    rec = session.recording
    assert flagged(rec, "lifecycle.no-answer")


async def test_a_modern_refusal_with_a_modern_error_body_is_not_taken_for_a_legacy_server():
    """A 4xx whose body is UnsupportedProtocolVersionError is a modern answer: auto mode must
    not fall back to initialize (here no version is common, so the start fails as such)."""
    port = free_port()
    with HttpPeer(http_misbehave(port, "modern-400"), port) as peer:
        session = Session(
            SessionOptions(
                transport=StreamableHttpSpec(peer.url), config=ClientConfig(era=EraMode.AUTO), connect_timeout=10.0
            )
        )
        with pytest.raises(SessionError, match="no common"):
            async with session:
                await session.start()
    rec = session.recording
    assert [rec.method_at(i) for i in range(len(rec)) if rec.direction_at(i) is Direction.C2S] == ["server/discover"]
    assert rec.summary["outcome_code"] == "no-common-version"


async def test_a_session_id_that_is_not_visible_ascii_is_not_used_and_the_session_goes_on():
    rec, listed, pinged = await run("bad-session-id")
    assert listed.ok and pinged.ok
    side = [rec[i].raw for i in range(len(rec)) if rec.direction_at(i) is Direction.NOTE]
    assert any(b"not visible ASCII" in raw for raw in side)
    posts = [rec[i].extra["http"] for i in range(len(rec)) if rec[i].extra.get("event") == "http_exchange"]
    assert all("Mcp-Session-Id" not in x["request_headers"] for x in posts)


async def test_a_priming_event_is_no_message():
    rec, listed, pinged = await run("priming")
    assert listed.ok and pinged.ok
    assert not flagged(rec, "http.not-json") and not [i for i in range(len(rec)) if rec[i].raw == b""]


async def test_an_http_sse_endpoint_on_another_origin_is_refused_and_nothing_is_posted_there():
    from inspector.transport.base import SseSpec

    port = free_port()
    with HttpPeer(http_misbehave(port, "sse-foreign-endpoint"), port) as peer:
        opts = SessionOptions(
            transport=SseSpec(peer.url, secret_headers={"Authorization": "Bearer s3cret"}),
            config=ClientConfig(era=EraMode.LEGACY),
            connect_timeout=1.0,
        )
        session = Session(opts)
        with pytest.raises(SessionError):
            async with session:
                await session.start()
    rec = session.recording
    assert any(
        b"refused the endpoint 'http://127.0.0.1:9/steal'" in rec[i].raw
        for i in range(len(rec))
        if rec.direction_at(i) is Direction.NOTE
    )
    assert not any(rec[i].extra.get("event") == "endpoint" for i in range(len(rec)))
    assert not [x for x in (rec[i].extra.get("http") for i in range(len(rec))) if x and x.get("method") == "POST"]


async def test_the_http_error_filter_shows_the_refused_exchange_and_what_belongs_to_it():
    """The timeline's "HTTP errors" filter (views.EntryFilter.only_http_errors): the 500, the
    request it refused, the body the transport kept; nothing of the exchanges that went well."""
    from inspector.session.views import EntryFilter, EntryView

    rec, _listed, _pinged = await run("post-500")
    view = EntryView()
    view.set_recording(rec)
    view.set_filter(EntryFilter(only_http_errors=True))
    shown = list(view.rows)
    (refusal,) = flagged(rec, "http.error-status")
    request = rec[refusal].extra["http"]["request_seq"]
    assert rec[request].method == "tools/list" and rec.direction_at(request) is Direction.C2S
    side = [i for i in range(len(rec)) if rec.direction_at(i) is Direction.NOTE and b"boom" in rec[i].raw]
    assert shown == sorted([request, refusal, *side])
    assert rec.exchanges_of(request) == [refusal]
    view.reveal(0)  # showing an entry outside the filter relaxes it
    assert view.filter.only_http_errors is False


async def test_a_response_on_the_get_stream_is_flagged_and_still_answers_the_request():
    rec, listed, pinged = await run("answer-on-get")
    assert listed.ok and pinged.ok  # the inspector takes the answer where it came, and says it was wrong
    (seq,) = flagged(rec, "http.response-wrong-stream")
    assert rec[seq].method == "tools/list" and rec[seq].extra["http"]["channel"] == "get-sse"
    assert RULES["http.response-wrong-stream"].spec.startswith("2025-11-25")


async def test_a_server_request_on_a_modern_response_stream_is_flagged_not_answered():
    port = free_port()
    with HttpPeer(http_misbehave(port, "modern-request"), port) as peer:
        session = Session(
            SessionOptions(
                transport=StreamableHttpSpec(peer.url),
                config=ClientConfig(era=EraMode.MODERN),
                connect_timeout=10.0,
                request_timeout=10.0,
            )
        )
        async with session:
            await session.start()
            listed = await session.request("tools/list")
            assert listed.ok
            unknown = await session.request("nothing/here")
            assert unknown.error["code"] == -32601
    rec = session.recording
    (wrong,) = flagged(rec, "http.error-status-mismatch")  # -32601 must come with 404
    assert rec[wrong].method == "nothing/here" and rec[wrong].extra["http"]["status"] == 200
    (seq,) = flagged(rec, "http.server-request-modern")
    assert rec[seq].method == "roots/list" and rec[seq].extra["http"]["channel"] == "post-sse"
    assert flagged(rec, "stdio.server-request-modern") == []
    answers = [
        i for i in range(len(rec)) if rec.direction_at(i) is Direction.C2S and rec[i].kind.label in ("result", "error")
    ]
    assert answers == []  # 2026-07-28: the client does not answer it


async def test_an_answer_stream_that_ends_before_its_response_is_resumed_with_last_event_id():
    """2025-11-25 resumability: the stream was primed with an id and closed; the client GETs
    with Last-Event-ID after the server's retry time and reads the rest of that answer."""
    rec, listed, pinged = await run("drop-post")
    assert listed.ok and listed.result["tools"][0]["name"] == "echo" and pinged.ok
    resumed = [i for i in range(len(rec)) if rec[i].extra.get("event") == "stream_ended"]
    assert len(resumed) == 1 and "resuming it with Last-Event-ID" in rec[resumed[0]].text
    request = rec[resumed[0]].extra["http"]["request_seq"]
    assert rec[request].method == "tools/list"
    (get_row,) = [
        i
        for i in rec.exchange_rows
        if rec[i].extra["http"]["method"] == "GET" and rec[i].extra["http"].get("request_seq") == request
    ]
    get = rec[get_row].extra["http"]
    assert get["request_headers"]["Last-Event-ID"] == "p-1" and get["status"] == 200
    (answer,) = [i for i in range(len(rec)) if rec.direction_at(i) is Direction.S2C and rec[i].method == "tools/list"]
    assert rec[answer].extra["http"]["channel"] == "resume-sse" and rec[answer].extra["http"]["sse_id"] == "p-2"
    assert rec.exchanges_of(answer) == [get_row]  # the HTTP tab shows the GET that resumed the answer
    assert [i for i in range(len(rec)) if rec[i].violations] == []
    # ended streams that delivered their answer are not recorded: one stream_ended in all
    assert sum(1 for i in range(len(rec)) if rec[i].extra.get("event") == "stream_ended") == 1
