"""Auto era against servers that are slow to start (issue 21): it must end in the era choosing
by hand would have found, with exit 0, and say why.

Real servers through real pipes, started slowly the way users start them: behind
``sh -c 'sleep N; exec SERVER'`` (npx, a JVM, a loaded machine), and behind a wrapper that reads
stdin at once and starts the server later (``cat | { sleep N; exec SERVER; }``, as ``docker run
-i`` does) - there the pipe tells nothing, so the probe falls back on silence and the late
answer has to set it right. The official Python SDK's server speaks both eras (it answers the
probe with a DiscoverResult and refuses initialize after it with -32022); the npm reference
server is legacy (it answers the probe with -32601).

The behaviour, not the absolute number, is the point: ``--probe-timeout 1 --timeout 2`` against
a 4 s start is the 30 s start against the defaults (3 and 10) - a start longer than both
timeouts together, which before failed with exit 4 or 5.
"""

from __future__ import annotations

import re

import orjson
import pytest
from session_helpers import probe, reference_server, sdk_server

from inspector.cli import EXIT_OK, EXIT_TIMEOUT

GRACES = ("--stdin-grace", "3", "--term-grace", "2")


def slow(argv: list[str], seconds: float) -> list[str]:
    """The server started ``seconds`` late by a shell that does not read its stdin meanwhile."""
    return ["sh", "-c", f'sleep {seconds}; exec "$@"', "slow-start", *argv]


def late_reader(argv: list[str], seconds: float) -> list[str]:
    """The server started ``seconds`` late behind a wrapper that reads stdin at once (the pipe
    looks read: only the late answers can tell the era)."""
    return ["sh", "-c", f'cat | {{ sleep {seconds}; exec "$@"; }}', "eager-wrapper", *argv]


def error_code(entry: dict) -> int:
    return orjson.loads(entry["raw"])["error"]["code"]


# ---------------------------------------------------------------------- the server reads late


def test_sdk_server_slow_by_4s_is_modern_with_the_defaults() -> None:
    run = probe(*GRACES, "--request", "tools/list", server=slow(sdk_server(), 4))
    assert run.rc == EXIT_OK, run.stderr
    assert run.summary["era"] == "modern" and run.summary["protocol_version"] == "2026-07-28"
    assert run.summary["era_reason"] == "server/discover answered with a DiscoverResult"
    # no fallback: the probe was not read for 4 s, and silence before the read means nothing
    assert run.find(dir="c2s", method="initialize") == []
    wait = run.find(event="start_wait")
    # the note is written when the wait is noticed: 3.0 s, a tenth later on a loaded machine
    assert len(wait) == 1 and re.match(
        r"server/discover #1 still unread after 3\.\d s: the server is still starting", wait[0]["raw"]
    )
    discover = run.find(dir="s2c", method="server/discover")
    assert len(discover) == 1 and discover[0]["latency"] >= 4.0
    assert run.find(dir="s2c", method="tools/list")[0]["kind"] == "result"
    assert run.rules() == []


def test_sdk_server_slower_than_both_timeouts_together_is_modern() -> None:
    # 4 s against a probe timeout of 1 and a connect timeout of 2: the 30 s start with the defaults
    run = probe(*GRACES, "--probe-timeout", "1", "--timeout", "2", server=slow(sdk_server(), 4))
    assert run.rc == EXIT_OK, run.stderr
    assert run.summary["era"] == "modern"
    assert run.find(dir="c2s", method="initialize") == []
    assert [e for e in run.events() if e in ("start_wait", "timeout")] == ["start_wait"]
    assert run.rules() == []


def test_reference_server_slower_than_both_timeouts_together_is_legacy() -> None:
    run = probe(
        *GRACES, "--probe-timeout", "1", "--timeout", "2", "--request", "tools/list", server=slow(reference_server(), 4)
    )
    assert run.rc == EXIT_OK, run.stderr
    assert run.summary["era"] == "legacy" and run.summary["protocol_version"] == "2025-11-25"
    assert run.summary["era_reason"] == "server/discover answered with error -32601: a legacy server"
    assert [e for e in run.events() if e in ("start_wait", "timeout")] == ["start_wait"]
    refused = run.find(dir="s2c", method="server/discover")
    assert len(refused) == 1 and error_code(refused[0]) == -32601 and refused[0]["latency"] >= 4.0
    assert refused[0]["transition"]["label"] == "← not a DiscoverResult → legacy"
    assert run.find(dir="s2c", method="initialize")[0]["kind"] == "result"
    assert run.find(dir="s2c", method="tools/list")[0]["kind"] == "result"
    assert run.rules() == []


def test_a_server_that_never_reads_its_stdin_ends_at_the_start_timeout() -> None:
    # (sleep ignores its stdin closing: a short grace before the SIGTERM that ends it)
    run = probe(
        *GRACES,
        "--stdin-grace",
        "0.3",
        "--start-timeout",
        "1.5",
        "--probe-timeout",
        "0.3",
        server=["sh", "-c", "sleep 30"],
    )
    assert run.rc == EXIT_TIMEOUT
    assert run.summary["outcome_code"] == "never-read"
    assert (
        "read nothing from its stdin within 1.5 s of its start (server/discover is still unread)"
        in run.summary["outcome"]
    )
    timeout = run.find(event="timeout")
    assert len(timeout) == 1 and timeout[0]["never_read"] == 1.5
    assert timeout[0]["transition"]["label"] == "never read (start timeout)"
    assert run.find(dir="c2s", method="initialize") == []  # nothing to fall back to: it reads nothing
    assert run.events()[1] == "start_wait"


# ---------------------------------------------------------------------- the pipe looks read


def test_sdk_server_behind_an_eager_reader_the_late_discover_result_wins() -> None:
    run = probe(*GRACES, "--probe-timeout", "0.5", "--request", "tools/list", server=late_reader(sdk_server(), 2.5))
    assert run.rc == EXIT_OK, run.stderr
    assert run.summary["era"] == "modern" and run.summary["protocol_version"] == "2026-07-28"
    assert run.summary["offered_version"] == "2026-07-28"
    assert run.summary["era_reason"].startswith("server/discover answered late (")
    late, again = run.find(dir="s2c", method="server/discover")
    assert (
        late["id"] == 1
        and late["transition"]["label"] == "← modern after all → discover again"
        and late["state"] == "discovering"
    )
    decided = run.find(event="era_decided")
    assert (
        len(decided) == 1
        and "after the fallback: a slow start, not a legacy server; initialize's refusal is expected"
        in decided[0]["raw"]
    )
    # the probe again, answered at once by the server that is up now: the start ends as a modern start does
    assert (
        again["transition"]["label"] == "← DiscoverResult" and again["state"] == "ready" and again["violations"] == []
    )
    # the refusal of initialize is the expected consequence, not the start failing
    refused = run.find(dir="s2c", method="initialize")
    assert (
        len(refused) == 1
        and error_code(refused[0]) == -32022
        and refused[0]["violations"] == []
        and refused[0].get("transition") is None
    )
    assert run.find(dir="s2c", method="tools/list")[0]["kind"] == "result"
    assert run.rules() == ["jsonrpc.late-response"]  # the one honest flag
    assert run.summary["state"] == "terminated"


def test_reference_server_behind_an_eager_reader_stays_legacy() -> None:
    run = probe(
        *GRACES, "--probe-timeout", "0.5", "--request", "tools/list", server=late_reader(reference_server(), 2.5)
    )
    assert run.rc == EXIT_OK, run.stderr
    assert run.summary["era"] == "legacy"
    assert (
        run.summary["era_reason"] == "server/discover got no answer within the probe timeout: taken for a legacy server"
    )
    late = run.find(dir="s2c", method="server/discover")
    assert (
        len(late) == 1 and error_code(late[0]) == -32601 and late[0].get("transition") is None
    )  # a legacy answer changes nothing
    assert run.find(event="era_decided") == []
    assert run.find(dir="s2c", method="initialize")[0]["kind"] == "result"
    assert run.find(dir="s2c", method="tools/list")[0]["kind"] == "result"
    assert run.rules() == ["jsonrpc.late-response"]


def test_the_transcript_and_the_summary_say_why(capsys: pytest.CaptureFixture[str]) -> None:
    from inspector.cli import main

    code = main(["probe", *GRACES, "--probe-timeout", "0.5", "--", *late_reader(sdk_server(), 2)])
    out = capsys.readouterr().out
    assert code == EXIT_OK
    assert "era decided" in out and "modern era: server/discover answered late (" in out
    assert "why this era      server/discover answered late (" in out


# ---------------------------------------------------------------------- HTTP: a slow answer to the probe's POST


@pytest.mark.anyio
async def test_http_a_slow_answer_to_the_probe_is_waited_for() -> None:
    # A legacy HTTP server refuses the probe's POST with a 4xx at once; a slow answer is a slow
    # server. The SDK's server holds server/discover 2 s (a cold start behind a proxy): the probe
    # waits the connect timeout, not the probe timeout, and the session is modern with no
    # fallback (before: initialize after 0.5 s, which the dual-era server answered: legacy).
    from peers import HttpPeer, free_port, sdk_http_server

    from inspector.protocol.engine import ClientConfig
    from inspector.protocol.lifecycle import State
    from inspector.protocol.versions import Era, EraMode
    from inspector.session import Direction, Session, SessionOptions
    from inspector.transport.base import StreamableHttpSpec

    port = free_port()
    with HttpPeer(sdk_http_server(port, "--hold-discover", "2"), port) as peer:
        opts = SessionOptions(
            transport=StreamableHttpSpec(peer.url),
            config=ClientConfig(era=EraMode.AUTO),
            probe_timeout=0.5,
            connect_timeout=15.0,
        )
        session = Session(opts)
        async with session:
            await session.start()
            assert session.engine.era is Era.MODERN and session.state is State.READY
            assert (await session.request("tools/list")).ok
        rec = session.recording
    methods = [e.method for e in rec if e.direction is Direction.C2S]
    assert methods == ["server/discover", "tools/list"]
    answer = next(e for e in rec if e.direction is Direction.S2C and e.method == "server/discover")
    assert answer.latency >= 2.0
    assert [r for e in rec for r in e.violations] == []
    assert session.summary()["era_reason"] == "server/discover answered with a DiscoverResult"
