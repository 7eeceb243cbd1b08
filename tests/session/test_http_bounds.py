"""HTTP bodies are bounded and an exchange that goes wrong is named at once (issue 21).

The fixture server (tests/fixtures/servers/http_misbehave.py, on 127.0.0.1) redirects, resets
mid-body, breaks its chunked encoding, or streams a body that never ends. Every body is read
with the session's line limit (the first bytes kept, the rest counted and dropped) and a read
timeout; a redirect is not followed; the request the exchange carried fails at once with what
happened (not "did not answer in time" after the timeout), and the partial body is recorded.
Timeouts here are 30 s: each failure must come long before them.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from contextlib import asynccontextmanager

import orjson
import pytest
from peers import HttpPeer, free_port, http_misbehave

from inspector.protocol.engine import ClientConfig
from inspector.protocol.rules import RULES, Severity
from inspector.protocol.versions import EraMode
from inspector.session import ConnectionLost, Direction, Session, SessionOptions, StartFailed
from inspector.transport.base import SseSpec, StreamableHttpSpec

pytestmark = pytest.mark.anyio

TIMEOUT = 30.0  # what the session would wait; every failure below must come long before it
SOON = 10.0  # "at once", with room for a loaded machine
LIMIT = 64 * 1024  # a small --max-line, so an endless body passes it at once


def options(
    url: str, *, spec=StreamableHttpSpec, max_line: int = LIMIT, era: EraMode = EraMode.LEGACY, timeout: float = TIMEOUT
) -> SessionOptions:
    return SessionOptions(
        transport=spec(url),
        config=ClientConfig(era=era),
        connect_timeout=timeout,
        request_timeout=timeout,
        max_line=max_line,
    )


def flagged(rec, rule: str) -> list[int]:
    return [i for i in range(len(rec)) if rule in rec[i].violations]


def exchanges(rec) -> list[dict]:
    return [rec[i].extra["http"] for i in range(len(rec)) if rec[i].extra.get("event") == "http_exchange"]


def side_lines(rec) -> list[bytes]:
    return [rec[i].raw for i in range(len(rec)) if rec.direction_at(i) is Direction.NOTE]


@asynccontextmanager
async def started(mode: str, **kw):
    """A session started against the fixture in ``mode``, closed (and the server stopped) when
    the block ends."""
    port = free_port()
    with HttpPeer(http_misbehave(port, mode), port) as peer:
        session = Session(options(peer.url, **kw))
        async with session:
            await session.start()
            yield session


async def start_fails(mode: str, **kw) -> tuple[Session, str, float]:
    """Start a session against ``mode``; the start must fail. Returns the session, the
    failure text and how long it took."""
    port = free_port()
    with HttpPeer(http_misbehave(port, mode), port) as peer:
        session = Session(options(peer.url, **kw))
        t0 = time.monotonic()
        with pytest.raises(StartFailed) as info:
            async with session:
                await session.start()
        took = time.monotonic() - t0
    return session, str(info.value), took


@pytest.mark.parametrize("status", [301, 302, 303, 307, 308])
async def test_a_redirect_of_initialize_is_named_at_once_with_its_location_and_not_followed(status):
    session, why, took = await start_fails(f"redirect-{status}")
    assert took < SOON
    rec = session.recording
    (x,) = [x for x in exchanges(rec) if x["method"] == "POST"]  # one POST: nothing went to the Location
    assert x["status"] == status and x["location"].endswith("/elsewhere/mcp")
    assert "not followed" in why and x["location"] in why and "credentials" in why
    assert len(flagged(rec, "http.redirect")) == 1
    assert not flagged(rec, "lifecycle.no-answer")  # named, not timed out
    assert any(b"Moved to" in raw for raw in side_lines(rec))  # the redirect's body is kept
    assert rec.summary["outcome_code"] == "redirected" and x["location"] in rec.summary["outcome"]
    assert all("/elsewhere/" not in x["url"] for x in exchanges(rec))


async def test_auto_era_names_the_redirect_of_the_modern_probe_instead_of_falling_back():
    session, why, took = await start_fails("redirect-307", era=EraMode.AUTO)
    assert took < SOON and "not followed" in why
    rec = session.recording
    assert [rec.method_at(i) for i in range(len(rec)) if rec.direction_at(i) is Direction.C2S] == ["server/discover"]
    assert rec.summary["outcome"].startswith("the server answered server/discover with HTTP 307")


async def test_an_http_sse_event_stream_that_redirects_is_named_and_not_followed():
    session, why, took = await start_fails("redirect-301", spec=SseSpec)
    assert took < SOON and "not followed" in why and "/elsewhere/sse" in why
    rec = session.recording
    assert rec.summary["outcome_code"] == "redirected"
    assert not flagged(rec, "lifecycle.exited-during-initialize")
    assert [x["method"] for x in exchanges(rec)] == ["GET"]


@pytest.mark.parametrize(
    ("mode", "error"),
    [("reset-init", "Connection reset by peer"), ("bad-chunked-init", "chunk")],
)
async def test_a_broken_initialize_answer_is_named_at_once_and_its_partial_body_recorded(mode, error):
    session, why, took = await start_fails(mode)
    assert took < SOON and "broke off" in why and error in why
    rec = session.recording
    (x,) = [x for x in exchanges(rec) if x["method"] == "POST"]
    assert error in x["body_error"] and x["body_bytes"] > 0
    assert len(flagged(rec, "http.body-incomplete")) == 1 and not flagged(rec, "lifecycle.no-answer")
    (partial,) = [rec[i] for i in range(len(rec)) if rec.direction_at(i) is Direction.S2C]
    assert partial.raw.startswith(b'{"jsonrpc":"2.0","id":1,"result"') and len(partial.raw) == x["body_bytes"]
    assert rec.summary["outcome_code"] == "answer-broken"


async def test_an_endless_initialize_answer_fails_at_the_limit_keeping_its_head_and_counting_the_rest():
    session, why, took = await start_fails("endless-json")
    assert took < SOON and f"longer than the limit of {LIMIT:,} bytes" in why
    rec = session.recording
    (x,) = [x for x in exchanges(rec) if x["method"] == "POST"]
    assert x["body_over_limit"] == LIMIT
    (head,) = [i for i in range(len(rec)) if rec.direction_at(i) is Direction.S2C]
    assert len(rec[head].raw) == LIMIT and rec[head].raw.startswith(b'{"jsonrpc":"2.0"')
    assert rec[head].extra["dropped"] > 0 and "http.message-too-long" in rec[head].violations
    (tail,) = [raw for raw in side_lines(rec) if b"bytes of the answer came in all" in raw]
    assert b"past the limit dropped" in tail
    assert rec.summary["outcome_code"] == "answer-too-long"


async def test_the_limit_applies_to_a_compressed_answer_once_decoded():
    session, why, took = await start_fails("gzip-big")
    assert took < SOON and "longer than the limit" in why
    rec = session.recording
    (head,) = [i for i in range(len(rec)) if rec.direction_at(i) is Direction.S2C]
    assert len(rec[head].raw) == LIMIT and rec[head].extra["dropped"] > (1 << 20) - LIMIT  # counted decoded


async def test_a_compressed_sse_answer_is_decoded():
    async with started("gzip-sse") as session:
        listed = await session.request("tools/list")
    assert listed.ok and listed.result["tools"][0]["name"] == "echo"


async def test_an_endless_error_body_fails_its_request_at_once_keeps_its_head_and_the_session_goes_on():
    """tools/list gets 500 with a body that never ends: no JSON-RPC answer can come, so the
    request fails as soon as the body's first line is known (not at its timeout), naming the
    status; the body is still cut at the limit and read, bounded, and the session goes on."""
    async with started("endless-error", timeout=TIMEOUT) as session:
        t0 = time.monotonic()
        with pytest.raises(
            ConnectionLost, match="HTTP 500 Internal Server Error and no JSON-RPC answer: Internal Server Error: xxx"
        ):
            await session.request("tools/list", timeout=4.0)
        assert time.monotonic() - t0 < 3.0
        assert (await session.request("ping")).ok
    rec = session.recording
    assert not flagged(rec, "lifecycle.no-answer")
    (cut,) = flagged(rec, "http.body-too-long")
    assert rec[cut].raw.startswith(b"POST ") and b"Internal Server Error: xxxx" in rec[cut].raw
    assert len(rec[cut].raw) < LIMIT + 1024 and rec[cut].extra["dropped"] > 0
    (x,) = [x for x in exchanges(rec) if x["status"] == 500]
    assert x["failure_code"] == "http-error" and x["failure_args"]["status"] == "500"
    assert any(b"bytes of the answer came in all" in raw for raw in side_lines(rec))  # how the body ended, beside it


async def failed_at_once(mode: str, match: str):
    """tools/list in ``mode`` fails at once (ConnectionLost matching ``match``), long before the
    timeout, and the session goes on (a ping is answered). Returns the recording and the error."""
    async with started(mode) as session:
        t0 = time.monotonic()
        with pytest.raises(ConnectionLost, match=match) as info:
            await session.request("tools/list")
        assert time.monotonic() - t0 < SOON
        assert (await session.request("ping")).ok
    return session.recording, info.value


async def test_a_500_to_a_later_request_fails_it_at_once_naming_the_status_and_first_line():
    rec, _ = await failed_at_once(
        "post-500", "HTTP 500 Internal Server Error and no JSON-RPC answer: boom: the tool registry is on fire"
    )
    assert flagged(rec, "http.error-status") and not flagged(rec, "lifecycle.no-answer")
    (x,) = [x for x in exchanges(rec) if x["status"] == 500]
    assert x["body_bytes"] == len(
        b"boom: the tool registry is on fire"
    )  # a short body: read whole before the exchange is recorded


async def test_an_endless_delete_answer_does_not_hold_the_shutdown():
    async with started("endless-delete") as session:
        t0 = time.monotonic()
    took = time.monotonic() - t0
    assert took < SOON  # the DELETE's body has the shutdown's grace, not the session's timeout
    rec = session.recording
    (x,) = [x for x in exchanges(rec) if x["method"] == "DELETE"]
    assert x["body_dropped"] > 0 and "still arriving" in x["body_error"]
    assert flagged(rec, "http.body-too-long")
    assert any(raw.startswith(b"DELETE ") and b"goodbye xxx" in raw for raw in side_lines(rec))


@pytest.mark.parametrize("mode", ["endless-ack", "silent-ack"])
async def test_the_start_does_not_wait_on_an_acknowledgement_that_never_ends_or_never_comes(mode):
    """The 202 to notifications/initialized has a body that never ends (the start goes on at
    its status line), or no answer comes at all (the start goes on after the read timeout)."""
    t0 = time.monotonic()
    async with started(mode, timeout=2.0) as session:
        assert time.monotonic() - t0 < SOON
        assert (await session.request("tools/list")).ok
    rec = session.recording
    if mode == "silent-ack":
        assert any(b"has not answered the POST" in raw for raw in side_lines(rec))
    else:
        (x,) = [x for x in exchanges(rec) if x["status"] == 202]
        assert x["body_dropped"] > 0 and "body_error" in x
        assert flagged(rec, "http.accepted-with-body") and flagged(rec, "http.body-too-long")


@pytest.mark.parametrize("mode", ["endless-sse", "endless-sse-lines"])
async def test_an_endless_sse_event_is_bounded_said_at_once_and_recorded_when_the_stream_closes(mode):
    async with started(mode) as session:
        t0 = time.monotonic()
        with pytest.raises(
            ConnectionLost, match="longer than the limit of 65,536 bytes"
        ):  # the answer is cut: its request fails now
            await session.request("tools/list")
        assert time.monotonic() - t0 < SOON
    rec = session.recording
    notes = side_lines(rec)
    assert any(b"longer than the limit" in raw and b"counted and dropped" in raw for raw in notes)
    (partial,) = flagged(rec, "http.body-too-long")
    assert b"in the middle of an event" in rec[partial].raw and rec[partial].extra["dropped"] > 0
    assert len(rec[partial].raw) <= LIMIT + 1024


async def test_an_sse_answer_event_past_the_limit_fails_its_request_at_once_and_is_not_resumed():
    """tools/list's answer is one SSE event (with an id) of 256 KiB: cut at the limit, it can
    no longer be the response, so the request fails at once (answer-too-long, as a JSON answer
    past the limit) instead of resuming the stream past it and waiting out the timeout."""
    rec, _ = await failed_at_once("big-sse", "longer than the limit of 65,536 bytes")
    (cut,) = [i for i in range(len(rec)) if rec[i].extra.get("event") == "stream_ended"]
    assert rec[cut].extra["http"]["failure_code"] == "answer-too-long" and rec[cut].violations == ()
    (message,) = flagged(rec, "http.message-too-long")  # the cut event is recorded, flagged once
    assert rec[message].extra["http"]["sse_id"] == "b-1"
    assert not any(x["method"] == "GET" and "Last-Event-ID" in x["request_headers"] for x in exchanges(rec))
    assert not any(b"resuming" in rec[i].raw for i in range(len(rec)))
    assert not flagged(rec, "lifecycle.no-answer")


async def test_a_reset_mid_sse_answer_fails_the_request_at_once():
    async with started("reset-sse") as session:
        t0 = time.monotonic()
        with pytest.raises(ConnectionLost, match="broke off") as info:
            await session.request("tools/list")
        assert time.monotonic() - t0 < SOON
        assert "reset" in str(info.value).lower()
    rec = session.recording
    (ended,) = [i for i in range(len(rec)) if rec[i].extra.get("event") == "stream_ended"]
    assert "http.body-incomplete" in rec[ended].violations
    assert any(b"in the middle of an event" in raw and b'"jsonrpc":"2.0"' in raw for raw in side_lines(rec))


async def test_a_post_reset_before_its_status_line_fails_its_request_at_once():
    rec, error = await failed_at_once("reset-tools", "the POST failed before its answer")
    assert "ExceptionGroup" not in str(error)
    (ended,) = [i for i in range(len(rec)) if rec[i].extra.get("event") == "stream_ended"]
    assert rec[ended].extra["http"]["failure_code"] == "answer-broken"
    assert not flagged(rec, "lifecycle.no-answer")


async def test_a_redirect_of_a_later_request_fails_it_at_once():
    async with started("redirect-tools") as session:
        t0 = time.monotonic()
        with pytest.raises(ConnectionLost, match="not followed"):
            await session.request("tools/list")
        assert time.monotonic() - t0 < SOON
    rec = session.recording
    (x,) = [x for x in exchanges(rec) if x["status"] == 307]
    assert x["location"] == session.options.transport.url.replace("/mcp", "/elsewhere/mcp")  # made absolute
    assert len(flagged(rec, "http.redirect")) == 1


def test_the_new_http_rules_have_a_sentence_and_a_spec_section():
    for rule_id in ("http.body-too-long", "http.body-incomplete", "http.redirect"):
        rule = RULES[rule_id]
        assert rule.text.endswith(".") and "transports" in rule.spec
    assert RULES["http.redirect"].severity is Severity.WARNING


# ---------------------------------------------------------------------- the probe, end to end


def probe(url: str, *args: str) -> tuple[int, list[dict], dict, str, float]:
    """``probe --json`` at ``url``: exit code, entries, summary, stderr, seconds it took."""
    t0 = time.monotonic()
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "inspector",
            "probe",
            "--json",
            "--era",
            "legacy",
            "--timeout",
            "30",
            "--max-line",
            "64K",
            "--url",
            url,
            *args,
        ],
        capture_output=True,
        timeout=90,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
    )
    took = time.monotonic() - t0
    rows = [orjson.loads(line) for line in done.stdout.splitlines() if line.strip()]
    return done.returncode, rows[:-1], rows[-1], done.stderr.decode(), took


@pytest.mark.parametrize(
    ("mode", "code", "words"),
    [
        ("redirect-307", 5, "not followed"),
        ("bad-chunked-init", 3, "broke off"),
        ("endless-json", 5, "longer than the limit of 65,536 bytes"),
    ],
)
def test_probe_names_what_happened_at_once_with_its_exit_code(mode, code, words):
    port = free_port()
    with HttpPeer(http_misbehave(port, mode), port) as peer:
        exit_code, entries, summary, err, took = probe(peer.url)
    assert exit_code == code and summary["exit"] == code, err
    assert took < 20  # a timeout of 30 s was not waited out (process start included)
    assert words in summary["exit_reason"] and "in time" not in summary["exit_reason"]
    assert not any("lifecycle.no-answer" in e["violations"] for e in entries)
    assert any(e["dir"] == "s2c" or e["dir"] == "note" for e in entries)  # what came of the body is in the output


@pytest.mark.parametrize("mode", ["post-500", "endless-error"])
def test_probe_fails_a_request_answered_with_an_http_error_at_once(mode):
    """After the start, a 5xx without a JSON-RPC answer fails the request at once, exit 3 as
    for any request that cannot be answered (README), not a 30 s wait and 'no answer'."""
    port = free_port()
    with HttpPeer(http_misbehave(port, mode), port) as peer:
        exit_code, entries, summary, err, took = probe(peer.url, "--request", "tools/list")
    assert exit_code == 3 and summary["exit"] == 3, err
    assert took < 20
    assert (
        "tools/list (id 2): the server answered POST" in summary["exit_reason"]
        and "with HTTP 500 Internal Server Error and no JSON-RPC answer" in summary["exit_reason"]
    )
    assert not any("lifecycle.no-answer" in e["violations"] for e in entries)


def test_probe_for_people_says_where_the_redirect_pointed_and_why_it_was_not_followed():
    port = free_port()
    with HttpPeer(http_misbehave(port, "redirect-301"), port) as peer:
        done = subprocess.run(
            [sys.executable, "-m", "inspector", "probe", "--timeout", "30", "--url", peer.url],
            capture_output=True,
            text=True,
            timeout=90,
        )
    elsewhere = peer.url.replace("/mcp", "/elsewhere/mcp")
    assert done.returncode == 5
    assert f"Location: {elsewhere} (not followed)" in done.stdout  # the exchange, in the transcript
    assert "http.redirect" in done.stdout and "<html><body>Moved to" in done.stdout
    last = done.stderr.strip().splitlines()[-1]
    assert "301 Moved Permanently" in last and elsewhere in last and "not followed" in last and "credentials" in last
