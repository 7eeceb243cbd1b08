"""The demo server byte for byte, without the inspector: era decision, errors, start-up.

Lines are written to a real demo process at once and stdin is closed; only methods the demo
answers on its reader thread are used, so every answer is written before it exits.
"""

from __future__ import annotations

import os
import subprocess
import sys

import orjson
import pytest
from demo_helpers import schema_problems

from inspector.protocol.versions import LEGACY_VERSIONS, MODERN_VERSIONS

PV = "io.modelcontextprotocol/protocolVersion"
CAPS = "io.modelcontextprotocol/clientCapabilities"
META = {PV: "2026-07-28", "io.modelcontextprotocol/clientInfo": {"name": "t", "version": "1"}, CAPS: {}}


def modern(id: int, method: str, meta: dict | None = META, **params: object) -> dict:
    p = dict(params)
    if meta is not None:
        p["_meta"] = meta
    return {"jsonrpc": "2.0", "id": id, "method": method, "params": p}


def initialize(id: int = 1, version: str = "2025-11-25") -> dict:
    return {
        "jsonrpc": "2.0",
        "id": id,
        "method": "initialize",
        "params": {"protocolVersion": version, "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}},
    }


def exchange(*messages: dict | bytes, switches: tuple[str, ...] = ()) -> list[dict]:
    data = b"".join(m if isinstance(m, bytes) else orjson.dumps(m) + b"\n" for m in messages)
    proc = subprocess.run(
        [sys.executable, "-m", "inspector.demo", *switches], input=data, capture_output=True, timeout=30
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == b""
    return [orjson.loads(line) for line in proc.stdout.splitlines()]


def valid(answers: list[dict], requests: list[dict], version: str) -> list[str]:
    by_id = {r["id"]: r["method"] for r in requests if "id" in r}
    triples = [(a, "error" if "error" in a else "result", by_id.get(a.get("id"))) for a in answers]
    return schema_problems(triples, version)


def test_modern_first_request_makes_the_connection_modern() -> None:
    reqs = [
        modern(1, "server/discover"),
        initialize(2),
        modern(3, "tools/list", meta=None),
        modern(4, "tools/list", meta={PV: "2026-07-28"}),
        modern(5, "tools/list", meta={**META, PV: "2030-01-01"}),
        modern(6, "ping"),
        modern(7, "logging/setLevel", level="debug"),
        modern(8, "tools/list", meta={**META, "io.modelcontextprotocol/logLevel": "loud"}),
        modern(9, "tools/list"),
    ]
    answers = exchange(*reqs)
    assert [a["id"] for a in answers] == list(range(1, 10))
    assert answers[0]["result"]["supportedVersions"] == list(MODERN_VERSIONS)
    codes = [a.get("error", {}).get("code") for a in answers]
    assert codes == [None, -32022, -32602, -32602, -32022, -32601, -32601, -32602, None]
    assert answers[1]["error"]["data"] == {"supported": list(MODERN_VERSIONS), "requested": "2025-11-25"}
    assert answers[4]["error"]["data"] == {"supported": list(MODERN_VERSIONS), "requested": "2030-01-01"}
    assert answers[8]["result"]["cacheScope"] == "public" and answers[8]["result"]["ttlMs"] == 0
    assert valid(answers, reqs, "2026-07-28") == []


def test_initialize_first_makes_the_connection_legacy() -> None:
    reqs = [
        initialize(1),
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        modern(2, "server/discover"),
        modern(3, "tools/list"),
        initialize(4),
        {"jsonrpc": "2.0", "id": 5, "method": "subscriptions/listen", "params": {"notifications": {}}},
        {"jsonrpc": "2.0", "id": 6, "method": "ping"},
    ]
    answers = exchange(*reqs)
    assert [a.get("error", {}).get("code") for a in answers] == [None, -32601, -32600, -32600, -32601, None]
    assert valid(answers, reqs, "2025-11-25") == []


@pytest.mark.parametrize(
    ("asked", "answered"),
    [*((v, v) for v in LEGACY_VERSIONS), ("2026-07-28", "2025-11-25"), ("1999-01-01", "2025-11-25")],
)
def test_initialize_version_negotiation(asked: str, answered: str) -> None:
    (answer,) = exchange(initialize(1, asked))
    assert answer["result"]["protocolVersion"] == answered
    assert answer["result"]["serverInfo"]["name"] == "mcp-session-inspector-demo"
    assert valid([answer], [initialize(1, asked)], answered) == []


def test_legacy_before_initialize_and_bad_lines() -> None:
    reqs = [
        {"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
        {"jsonrpc": "2.0", "id": 2, "method": "ping"},
        {"jsonrpc": "2.0", "id": 3, "method": "server/discover"},
    ]
    answers = exchange(*reqs, b"this is not json\n", b"[1, 2]\n", b"\n")
    assert [a.get("error", {}).get("code") for a in answers] == [-32600, None, -32601, -32700, -32600]
    assert answers[3]["id"] is None


def test_a_handshake_lesson_answers_discover_like_a_legacy_server() -> None:
    (answer,) = exchange(modern(1, "server/discover"), switches=("--early-request",))
    assert answer["error"]["code"] == -32601 and answer["error"]["data"] == "server/discover"


def test_initialize_answer_and_early_request_share_one_write() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "inspector.demo", "--early-request"], stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(orjson.dumps(initialize(1)) + b"\n")
    proc.stdin.flush()
    chunk = os.read(proc.stdout.fileno(), 1 << 16)
    proc.stdin.close()
    proc.wait(10)
    lines = chunk.splitlines()
    assert len(lines) == 2  # one read sees both: the client cannot send initialized in between
    assert orjson.loads(lines[1]) == {"jsonrpc": "2.0", "id": "demo-early-1", "method": "roots/list"}
