"""Error responses with id null from the official servers (issue 21, point 5), on the wire.

The reference server's Streamable HTTP refuses the auto era's server/discover POST with 400 and
``"id": null``; the Python SDK answers a body that is not JSON with 400 and -32700, ``"id": null``;
JSON-RPC-compliant stdio servers (the fixture, the built-in demo) answer an unreadable line with
-32700 / -32600 and ``"id": null``. JSON-RPC 2.0 requires exactly that, so none of it is a
violation the user could act on: each is explained with the note ``jsonrpc.error-id-null`` (in
the recording, the transcript and ``--json``) and its schema verdict is not a failure.
"""

from __future__ import annotations

import subprocess
import sys

import orjson
import pytest
from peers import HttpPeer, free_port, reference_http_server, sdk_http_server, sdk_server
from session_helpers import ProbeRun, misbehave, probe

from inspector.protocol.engine import NULL_ID_NOTE, ClientConfig
from inspector.protocol.messages import Kind
from inspector.protocol.versions import EraMode
from inspector.session import Direction, Session, SessionOptions
from inspector.transport.base import AutoHttpSpec

pytestmark = [pytest.mark.anyio, pytest.mark.peer]
GRACES = ("--stdin-grace", "0.5", "--term-grace", "0.5")


def probe_alone(*args: str) -> ProbeRun:
    """``probe --json ARGS`` with no server command (``--url``, ``--demo``)."""
    return ProbeRun(
        subprocess.run([sys.executable, "-m", "inspector", "probe", "--json", *args], capture_output=True, timeout=60)
    )


def null_id_errors(entries: list[dict]) -> list[dict]:
    return [d for d in entries if d["dir"] == "s2c" and d["kind"] == "error" and d["id"] is None]


def assert_explained(entries: list[dict], codes: set[int]) -> None:
    found = null_id_errors(entries)
    assert {orjson.loads(d["raw"])["error"]["code"] for d in found} == codes
    for d in found:
        assert d["violations"] == [] and d["schema_ok"] is True and d["notes"] == [NULL_ID_NOTE], d
    assert "jsonrpc.id-invalid" not in [r for d in entries for r in d["violations"]]


async def test_the_reference_servers_refusal_of_the_discover_post_is_explained_not_flagged(tmp_path):
    port = free_port()
    with HttpPeer(reference_http_server("streamableHttp"), port, env={"PORT": str(port)}) as peer:
        options = SessionOptions(
            transport=AutoHttpSpec(peer.url),
            config=ClientConfig(era=EraMode.AUTO),
            connect_timeout=20.0,
            request_timeout=20.0,
            record_path=tmp_path / "ref.jsonl",
        )
        session = Session(options)
        async with session:
            await session.start()
            await session.request("tools/list")
        rec = session.recording
    discover = next(
        i for i in range(len(rec)) if rec.direction_at(i) is Direction.C2S and rec.method_at(i) == "server/discover"
    )
    refusal = [
        i
        for i in range(len(rec))
        if rec.direction_at(i) is Direction.S2C and rec.extra_at(i).get("http", {}).get("request_seq") == discover
    ]
    assert len(refusal) == 1
    (i,) = refusal
    assert rec.kind_at(i) is Kind.ERROR and rec.id_at(i) is None and rec.extra_at(i)["http"]["status"] == 400
    assert rec.violations_at(i) == () and rec.schema_at(i) is True
    assert rec.extra_at(i)["notes"] == [NULL_ID_NOTE]
    assert session.negotiation().era == "legacy"  # the refusal still means a legacy server
    assert not [
        j
        for j in range(len(rec))
        if rec.direction_at(j) is Direction.S2C and (rec.violations_at(j) or rec.schema_at(j) is False)
    ]


def test_the_reference_server_in_auto_era_through_probe_prints_the_explanation():
    port = free_port()
    with HttpPeer(reference_http_server("streamableHttp"), port, env={"PORT": str(port)}) as peer:
        run = probe_alone("--url", peer.url, "--request", "tools/list")
        text = subprocess.run(
            [sys.executable, "-m", "inspector", "probe", "--url", peer.url], capture_output=True, timeout=60
        )
    assert run.rc == 0 and run.summary["era"] == "legacy"
    assert_explained(run.entries, {-32000})
    out = text.stdout.decode()
    assert text.returncode == 0
    assert f"note {NULL_ID_NOTE}: Not a server bug" in out and "JSON-RPC 2.0 requires id null" in out
    assert "SCHEMA INVALID" not in out and "jsonrpc.id-invalid" not in out


@pytest.mark.parametrize("era", ["auto", "legacy"])
def test_the_sdks_parse_error_over_http_is_explained_not_flagged(era):
    port = free_port()
    with HttpPeer(sdk_http_server(port), port) as peer:
        run = probe_alone("--era", era, "--url", peer.url, "--send-raw", "not json", "--request", "tools/list")
    assert run.rc == 0
    assert_explained(run.entries, {-32700})
    (err,) = null_id_errors(run.entries)
    assert err["http"]["status"] == 400
    # the hand-written line is still the client's fault, flagged as such
    assert [d["violations"] for d in run.entries if d.get("hand_written")] == [["client.not-json"]]


@pytest.mark.parametrize("server", ["fixture", "demo"])
def test_a_stdio_servers_parse_error_and_invalid_request_are_explained_not_flagged(server):
    args = ("--era", "legacy", *GRACES, "--send-raw", "not json", "--send-raw", "[1]", "--request", "ping")
    if server == "demo":
        run = probe_alone("--demo", *args)
    else:
        run = probe(*args, server=misbehave("good"))
    assert run.rc == 0, run.stderr
    assert_explained(run.entries, {-32700, -32600})


def test_the_sdk_over_stdio_answers_no_unreadable_line_and_nothing_is_flagged():
    """The SDK 2.3.0's stdio server logs an unreadable line and answers nothing (seen here): the
    id-null case does not arise there, and its session stays clean."""
    run = probe("--era", "legacy", *GRACES, "--send-raw", "not json", "--request", "tools/list", server=sdk_server())
    assert run.rc == 0, run.stderr
    server_side = [d for d in run.entries if d["dir"] == "s2c"]
    assert [d["method"] for d in server_side] == ["initialize", "tools/list"]
    assert [r for d in server_side for r in d["violations"]] == [] and all(d["schema_ok"] for d in server_side)
