"""The composer as a session operation: messages a person wrote, sent as written to real servers
(the demo in both eras, the npm reference server, the SDK over HTTP), and what the inspector
makes of them - recorded as hand-written, judged by the rules and the schema, answered and
paired like any other message - and ``probe --send-raw`` in order with ``--request``."""

from __future__ import annotations

import subprocess
import sys

import orjson
import pytest
from peers import HttpPeer, free_port, reference_server, sdk_http_server

from inspector.protocol.engine import ClientConfig
from inspector.protocol.versions import EraMode
from inspector.session import Direction, Session, SessionOptions
from inspector.session.profiles import demo_profile
from inspector.transport.base import StdioSpec, StreamableHttpSpec

pytestmark = pytest.mark.anyio


def demo(era: str) -> Session:
    p = demo_profile()
    p.era = era
    return Session(p.to_options())


def sent_by_hand(session: Session) -> list[int]:
    rec = session.recording
    return [i for i in range(len(rec)) if rec.direction_at(i) is Direction.C2S and rec.extra_at(i).get("hand_written")]


async def test_out_of_order_and_malformed_messages_to_the_demo_in_the_legacy_era():
    session = demo("legacy")
    async with session:
        # before the handshake: the preview says what will be wrong, the demo refuses, both are recorded
        preview = session.judge_text('{"jsonrpc":"2.0","id":"early","method":"tools/list"}')
        assert (
            preview.kind == "request"
            and preview.violations == ("lifecycle.client-before-initialize",)
            and preview.schema_ok
        )
        early = await session.send_text('{"jsonrpc":"2.0","id":"early","method":"tools/list"}', wait=5)
        assert early.error is not None and early.answer_seq is not None
        await session.start()
        # a wrong jsonrpc member, a request without its required params, text that is not JSON
        wrong = await session.send_text('{"jsonrpc":"1.0","id":"v1","method":"ping"}', wait=5)
        no_name = await session.send_text('{"jsonrpc":"2.0","id":"call","method":"tools/call","params":{}}', wait=5)
        noise = await session.send_text("this is not JSON", wait=5)
        with pytest.raises(ValueError, match="one line"):
            await session.send_text('{"jsonrpc":"2.0",\n"method":"ping"}')
    rec = session.recording
    hand = sent_by_hand(session)
    assert hand == [early.seq, wrong.seq, no_name.seq, noise.seq]  # the refused one was never sent
    assert rec.violations_at(early.seq) == ("lifecycle.client-before-initialize",)
    assert rec.paired_at(early.answer_seq) == early.seq
    assert "jsonrpc.version" in rec.violations_at(wrong.seq) and rec[wrong.seq].schema_ok is False
    assert rec[no_name.seq].schema_ok is False and any(
        '"name"' in e["message"] for e in rec[no_name.seq].extra["schema_errors"]
    )
    assert no_name.error is not None  # the demo says what is missing
    assert rec.violations_at(noise.seq) == ("client.not-json",) and noise.answer_seq is None
    assert rec[noise.seq].raw == b"this is not JSON\n"  # exactly as written, one line
    # the server's answer to the noise is a parse error with a null id: recorded, flagged, kept
    assert any(rec.direction_at(i) is Direction.S2C and b"-32700" in rec[i].raw for i in range(noise.seq, len(rec)))


async def test_the_suggested_id_is_not_given_again_and_a_reused_id_is_flagged():
    session = Session(
        SessionOptions(
            transport=StdioSpec(reference_server()),
            config=ClientConfig(era=EraMode.LEGACY),
            connect_timeout=20,
            request_timeout=20,
        )
    )
    async with session:
        await session.start()
        suggested = session.suggest_id()
        slow = {
            "jsonrpc": "2.0",
            "id": suggested,
            "method": "tools/call",
            "params": {"name": "trigger-long-running-operation", "arguments": {"duration": 1, "steps": 2}},
        }
        first = await session.send_text(orjson.dumps(slow).decode())  # not waited for: still in flight
        assert session.id_in_flight(suggested)
        again = session.judge_text(
            orjson.dumps({**slow, "params": {"name": "get-sum", "arguments": {"a": 1, "b": 2}}}).decode()
        )
        assert "client.id-reused" in again.violations
        reused = await session.send_text(
            orjson.dumps({**slow, "params": {"name": "get-sum", "arguments": {"a": 1, "b": 2}}}).decode()
        )
        listed = await session.request("tools/list")  # the client's own next request takes another id
        assert listed.id != suggested and listed.ok
    rec = session.recording
    assert "client.id-reused" in rec.violations_at(reused.seq) and "client.id-reused" not in rec.violations_at(
        first.seq
    )


async def test_a_modern_message_without_its_meta_is_flagged_and_refused_by_the_demo():
    session = demo("modern")
    async with session:
        await session.start()
        template = session.composer_template("tools/list")
        assert template["params"]["_meta"]["io.modelcontextprotocol/protocolVersion"] == "2026-07-28"
        good = await session.send_text(orjson.dumps(template).decode(), wait=5)
        assert good.result is not None and good.result["tools"]
        bare = await session.send_text('{"jsonrpc":"2.0","id":"bare","method":"tools/list"}', wait=5)
        assert bare.error is not None
    rec = session.recording
    assert rec[good.seq].schema_ok is True and rec.violations_at(good.seq) == ()
    assert rec[bare.seq].schema_ok is False  # 2026-07-28 requests carry their _meta


async def test_templates_cover_every_client_method_of_the_version_and_validate_once_filled():
    session = demo("legacy")
    async with session:
        await session.start()
        requests, notifications = session.composer_methods()
        assert {"initialize", "tools/call", "ping", "resources/read"} <= set(
            requests
        ) and "notifications/initialized" in notifications
        for method in requests + notifications:
            template = session.composer_template(method)
            assert (
                template["method"] == method
                and template["jsonrpc"] == "2.0"
                and ("id" in template) is (method in requests)
            )
        # placeholders have the right types: the schema only objects to empty values where it must
        verdict = session.judge_text(orjson.dumps(session.composer_template("ping")).decode())
        assert verdict.schema_ok is True and verdict.violations == ()


async def test_a_hand_written_message_over_streamable_http_is_one_post_body():
    port = free_port()
    with HttpPeer(sdk_http_server(port), port) as peer:
        session = Session(
            SessionOptions(
                transport=StreamableHttpSpec(peer.url),
                config=ClientConfig(era=EraMode.LEGACY),
                connect_timeout=20,
                request_timeout=20,
            )
        )
        async with session:
            await session.start()
            sent = await session.send_text('{"jsonrpc":"2.0","id":"by-hand","method":"tools/list"}\n', wait=10)
            assert sent.result is not None and {t["name"] for t in sent.result["tools"]} >= {"echo"}
    rec = session.recording
    assert rec[sent.seq].raw == b'{"jsonrpc":"2.0","id":"by-hand","method":"tools/list"}'  # a body has no newline
    (exchange,) = rec.exchanges_of(sent.seq)
    assert rec[exchange].extra["http"]["method"] == "POST" and rec[exchange].extra["http"]["status"] == 200


def test_probe_send_raw_in_order_with_requests():
    argv = [
        sys.executable,
        "-m",
        "inspector",
        "probe",
        "--json",
        "--demo",
        "--era",
        "legacy",
        "--send-raw",
        '{"jsonrpc":"2.0","id":"first","method":"tools/list"}',
        "--request",
        "ping",
        "--send-raw",
        "not json",
    ]
    proc = subprocess.run(argv, capture_output=True, timeout=60)
    assert proc.returncode == 0, proc.stderr.decode()
    lines = [orjson.loads(line) for line in proc.stdout.splitlines()]
    sent = [(d.get("method"), d.get("hand_written", False)) for d in lines if d.get("dir") == "c2s"]
    assert sent == [
        ("initialize", False),
        ("notifications/initialized", False),
        ("tools/list", True),
        ("ping", False),
        (None, True),
    ]
    assert lines[-1]["counts"]["violations"]["client.not-json"] == 1
    bad = subprocess.run(
        [sys.executable, "-m", "inspector", "probe", "--demo", "--send-raw", "a\nb"], capture_output=True, timeout=60
    )
    assert bad.returncode == 2 and b"one line" in bad.stderr


@pytest.mark.parametrize("server", ["reference", "demo"])
async def test_a_second_initialize_and_a_reused_answered_id_change_nothing_negotiated(server):
    """Mid-session, a hand-written initialize (offering an older version) and a request with the
    id of an already answered one: both are flagged, the server's answers are paired and shown,
    and what the start sequence negotiated (version, offer, outcome) stays as it was."""
    argv = reference_server() if server == "reference" else [sys.executable, "-m", "inspector.demo"]
    session = Session(
        SessionOptions(
            transport=StdioSpec(argv), config=ClientConfig(era=EraMode.LEGACY), connect_timeout=20, request_timeout=20
        )
    )
    async with session:
        await session.start()
        before = session.summary()
        listed = await session.request("tools/list")
        again = (
            '{"jsonrpc":"2.0","id":"again","method":"initialize","params":{"protocolVersion":"2024-11-05",'
            '"capabilities":{},"clientInfo":{"name":"by hand","version":"1"}}}'
        )
        assert "lifecycle.initialize-repeated" in session.judge_text(again).violations
        second = await session.send_text(again, wait=10)
        reused = await session.send_text(
            orjson.dumps({"jsonrpc": "2.0", "id": listed.id, "method": "ping"}).decode(), wait=10
        )
        fresh = await session.send_text('{"jsonrpc":"2.0","id":"fresh-1","method":"ping"}', wait=10)
        after = session.summary()
    rec = session.recording
    assert "lifecycle.initialize-repeated" in rec.violations_at(second.seq)
    assert (
        second.answer_seq is not None and rec.paired_at(second.answer_seq) == second.seq
    )  # answered (a result or an error), shown
    assert "client.id-reused" in rec.violations_at(reused.seq) and reused.answer_seq is not None
    assert rec.violations_at(fresh.seq) == ()
    for key in ("protocol_version", "offered_version", "era", "outcome", "server_capabilities"):
        assert after[key] == before[key], key
    assert after["outcome"] is None and after["protocol_version"] == "2025-11-25"


def test_probe_with_a_second_initialize_still_exits_0():
    again = (
        '{"jsonrpc":"2.0","id":99,"method":"initialize","params":{"protocolVersion":"2024-11-05","capabilities":{},'
        '"clientInfo":{"name":"x","version":"1"}}}'
    )
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "inspector",
            "probe",
            "--json",
            "--era",
            "legacy",
            "--send-raw",
            again,
            "--",
            *reference_server(),
        ],
        capture_output=True,
        timeout=90,
    )
    assert proc.returncode == 0, proc.stderr.decode()
    summary = orjson.loads(proc.stdout.splitlines()[-1])
    assert (
        summary["protocol_version"] == "2025-11-25"
        and summary["offered_version"] == "2025-11-25"
        and summary["outcome"] is None
    )
    assert summary["counts"]["violations"]["lifecycle.initialize-repeated"] == 1
