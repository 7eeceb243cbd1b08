"""The probe over HTTP, as a person runs it (round 2 of issue 21): the real CLI as a subprocess
against real servers on 127.0.0.1 - the fixture (tests/fixtures/servers/http_misbehave.py) and
the official SDK's server.

- An expired session (404 on the session id) is renewed with initialize and the request the
  404 cut off is sent again in the new session: the probe goes on and exits 0. (The session
  test of ``expire`` waited for the new session itself before its next request, so it missed
  the probe's path: the probe took the cut-off request's failure as the end of the session and
  closed while the new initialize was under way.)
- A hand-written POST's answer (a 400 with -32700 for text that is not JSON) is recorded
  before the probe closes, also when it is the last step.
- An exception inside one exchange is named by its real cause, never as an ExceptionGroup,
  and one on the first POST ends the start at once.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time

import orjson
import pytest
from peers import HttpPeer, free_port, http_misbehave, sdk_http_server

from inspector.protocol.engine import ClientConfig
from inspector.protocol.versions import EraMode
from inspector.session import Direction, Session, SessionOptions, StartFailed
from inspector.transport.base import StreamableHttpSpec


def probe(url: str, *args: str) -> tuple[int, list[dict], dict, str]:
    """``probe --json`` at ``url``: exit code, entries, summary, stderr."""
    done = subprocess.run(
        [sys.executable, "-m", "inspector", "probe", "--json", "--timeout", "10", "--url", url, *args],
        capture_output=True,
        timeout=90,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
    )
    rows = [orjson.loads(line) for line in done.stdout.splitlines() if line.strip()]
    return done.returncode, rows[:-1], rows[-1], done.stderr.decode()


@pytest.mark.parametrize("era", ["auto", "legacy"])
def test_probe_renews_an_expired_session_and_answers_every_request(era):
    port = free_port()
    with HttpPeer(http_misbehave(port, "expire"), port) as peer:
        code, entries, summary, err = probe(
            peer.url, "--era", era, "--request", "tools/list", "--request", "tools/list"
        )
    assert code == 0 and summary["exit"] == 0, (summary["exit_reason"], err)
    assert not any("inspector.internal-error" in e["violations"] for e in entries)
    assert sum("http.session-expired" in e["violations"] for e in entries) == 1
    results = [e for e in entries if e["dir"] == "s2c" and e["method"] == "tools/list" and e["kind"] == "result"]
    assert len(results) == 2  # the cut-off request, sent again in the new session, and the second one
    asked = [e for e in entries if e["dir"] == "c2s" and e["method"] == "tools/list"]
    assert len(asked) == 3  # the first went twice: before the 404 and after the new initialize
    inits = [e for e in entries if e["dir"] == "c2s" and e["method"] == "initialize"]
    assert len(inits) == 2 and inits[1]["seq"] > asked[0]["seq"]


@pytest.mark.parametrize("then", [(), ("--request", "tools/list")])
def test_probe_records_the_answer_to_a_hand_written_post_that_is_not_json(then):
    port = free_port()
    with HttpPeer(sdk_http_server(port), port) as peer:
        code, entries, summary, err = probe(peer.url, "--send-raw", "not json", *then)
    (raw,) = [e for e in entries if e["dir"] == "c2s" and e["raw"] == "not json"]
    after = [e for e in entries if e["seq"] > raw["seq"]]
    (x,) = [
        e for e in after if e.get("http", {}).get("request_seq") == raw["seq"] and e.get("event") == "http_exchange"
    ]
    assert x["http"]["status"] == 400 and x["http"]["method"] == "POST"
    answer = [e for e in after if e["dir"] == "s2c" and e["kind"] == "error"]
    assert answer and b"-32700" in answer[0]["raw"].encode()
    assert code == 0, (summary["exit_reason"], err)


@pytest.mark.anyio
async def test_an_exception_inside_the_first_exchange_ends_the_start_at_once_named_by_its_cause():
    """A port past 65535 gets through URL parsing; the connect fails inside anyio's task group
    (an ExceptionGroup around an OverflowError). The start fails at once - not after the
    connect timeout - and no text says ExceptionGroup."""
    options = SessionOptions(
        transport=StreamableHttpSpec("http://127.0.0.1:99999/mcp"),
        config=ClientConfig(era=EraMode.AUTO),
        connect_timeout=20.0,
        request_timeout=20.0,
    )
    session = Session(options)
    t0 = time.monotonic()
    with pytest.raises(StartFailed) as info:
        async with session:
            await session.start()
    assert time.monotonic() - t0 < 5.0
    assert "OverflowError" in str(info.value) and "ExceptionGroup" not in str(info.value)
    rec = session.recording
    texts = [rec[i].raw for i in range(len(rec)) if rec.direction_at(i) in (Direction.EVENT, Direction.STDERR)]
    assert any(b"port must be 0-65535" in t for t in texts)
    assert not any(b"ExceptionGroup" in t for t in texts)
