"""Whole sessions driven by random server streams, for the fuzz test and the long fuzz script.

A stream is what a hostile or broken server could write: JSON-RPC messages of every server
method with ids and params of every JSON type, responses to ids the client used and to ids it
never used, huge numbers, deep nesting, noise, invalid UTF-8, CRLF, lines cut anywhere, stderr,
and an exit or not at the end. :func:`run_stream` plays one against a real :class:`Session`
over the in-memory transport (every client capability offered, the start sequence answered so
the session gets past the handshake) and checks what must hold whatever the server does:

- nothing but a ``SessionError`` leaves the session's calls, and nothing leaves ``async with``;
- every byte written to stdout and stderr is in the recording, in order;
- the recording file saved on the way loads back byte for byte.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
import orjson
from hypothesis import strategies as st

from inspector.protocol.engine import ClientConfig
from inspector.protocol.versions import ALL_VERSIONS, LATEST_LEGACY, LATEST_MODERN, EraMode, methods_for
from inspector.session import ClientHandlers, Direction, Recording, Session, SessionError, SessionOptions
from inspector.transport import StdioSpec, memory_pair

ALL_CAPABILITIES = {
    "roots": {"listChanged": True},
    "sampling": {},
    "elicitation": {"form": {}, "url": {}},
    "tasks": {"list": {}, "cancel": {}, "requests": {"sampling": {"createMessage": {}}, "elicitation": {"create": {}}}},
}

SERVER_METHODS = sorted({m for v in ALL_VERSIONS for m in methods_for(v, "s2c")})
CLIENT_METHODS = sorted({m for v in ALL_VERSIONS for m in methods_for(v, "c2s")})

# JSON values of every type, numbers at and past the edges, strings with odd characters.
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.sampled_from([0, -1, 2**53, 2**63 - 1, -(2**63), 2**64 - 1]),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=12),
    st.sampled_from(["", "form", "url", "\u0000", "\ud7ff", "<b>x</b>", "1"]),
)
json_values = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=12,
)
ids = st.one_of(st.integers(min_value=-2, max_value=8), st.sampled_from(["1", "a", ""]), json_values)
methods = st.one_of(st.sampled_from(SERVER_METHODS), st.sampled_from(CLIENT_METHODS), st.text(max_size=10))

# Params shaped like the real ones, with each member of any type, so deep checks get reached.
_PARAM_KEYS = [
    "mode",
    "message",
    "requestedSchema",
    "url",
    "elicitationId",
    "messages",
    "maxTokens",
    "progressToken",
    "progress",
    "total",
    "requestId",
    "reason",
    "level",
    "data",
    "uri",
    "taskId",
    "status",
    "_meta",
    "task",
]
params = st.one_of(
    json_values,
    st.dictionaries(st.sampled_from(_PARAM_KEYS), json_values, max_size=6),
)


# 2026-07-28: a result asking the client for input, with requests of any shape.
input_required = st.fixed_dictionaries(
    {
        "resultType": st.just("input_required"),
        "inputRequests": st.one_of(
            json_values,
            st.dictionaries(
                st.text(max_size=4), st.fixed_dictionaries({"method": methods, "params": params}), max_size=3
            ),
        ),
    },
    optional={"requestState": json_values},
)


def _message(draw: Any) -> bytes:
    shape = draw(st.sampled_from(["request", "notification", "result", "error", "both", "odd"]))
    msg: dict[str, Any] = {}
    if draw(st.booleans()) or shape == "odd":
        msg["jsonrpc"] = draw(st.sampled_from(["2.0", "2.0", "1.0", None, 2]))
    else:
        msg["jsonrpc"] = "2.0"
    if shape in ("request", "notification", "odd"):
        msg["method"] = draw(methods) if shape != "odd" else draw(json_values)
        if draw(st.booleans()):
            msg["params"] = draw(params)
    if shape in ("request", "result", "error", "both") or (shape == "odd" and draw(st.booleans())):
        msg["id"] = draw(ids)
    if shape in ("result", "both"):
        msg["result"] = draw(
            st.one_of(
                json_values,
                input_required,
                st.dictionaries(
                    st.sampled_from(
                        [
                            "content",
                            "tools",
                            "resultType",
                            "task",
                            "supportedVersions",
                            "protocolVersion",
                            "capabilities",
                            "inputRequests",
                            "requestState",
                        ]
                    ),
                    json_values,
                    max_size=4,
                ),
            )
        )
    if shape in ("error", "both"):
        msg["error"] = draw(
            st.one_of(
                json_values,
                st.fixed_dictionaries({"code": st.one_of(st.integers(), json_values), "message": json_values}),
            )
        )
    return json.dumps(msg, separators=(",", ":"), ensure_ascii=draw(st.booleans())).encode("utf-8")


@st.composite
def stdout_pieces(draw: Any) -> bytes:
    kind = draw(st.sampled_from(["message"] * 6 + ["noise", "deep", "bignum", "latin1", "empty"]))
    if kind == "message":
        body = _message(draw)
    elif kind == "noise":
        body = draw(st.binary(max_size=40))
    elif kind == "deep":
        depth = draw(st.integers(min_value=100, max_value=600))
        body = b'{"jsonrpc":"2.0","method":"notifications/message","params":' + b"[" * depth + b"]" * depth + b"}"
    elif kind == "bignum":
        body = (
            b'{"jsonrpc":"2.0","id":'
            + draw(st.sampled_from([b"1e400", b"123456789012345678901234567890", b"-0", b"1.5", b"1E2"]))
            + b',"result":{}}'
        )
    elif kind == "latin1":
        body = (
            b'{"jsonrpc":"2.0","id":'
            + str(draw(st.integers(1, 6))).encode()
            + b',"result":{"tools":[{"name":"caf\xe9","inputSchema":{"type":"object"}}]}}'
        )
    else:
        body = b""
    end = draw(st.sampled_from([b"\n", b"\n", b"\r\n", b"", b"\n\n"]))
    return body + end


@st.composite
def streams(draw: Any) -> dict:
    """One hostile server: its era, its stdout split into random chunks, its stderr, how it ends."""
    out = b"".join(draw(st.lists(stdout_pieces(), max_size=14)))
    cuts = sorted(draw(st.lists(st.integers(0, max(0, len(out))), max_size=6)))
    chunks = [out[a:b] for a, b in zip([0, *cuts], [*cuts, len(out)], strict=True) if b > a]
    stderr = draw(st.binary(max_size=60))
    return {
        "era": draw(st.sampled_from([EraMode.LEGACY, EraMode.MODERN, EraMode.AUTO])),
        "version": draw(st.sampled_from(["2024-11-05", "2025-06-18", LATEST_LEGACY])),
        "answer_start": draw(st.booleans()),
        "chunks": chunks,
        "stderr": stderr,
        "exit": draw(st.booleans()),
    }


class Yes(ClientHandlers):
    """Say yes to everything, so the answers the client builds get exercised too."""

    async def create_message(self, params: dict) -> dict:
        return {"role": "assistant", "content": {"type": "text", "text": "ok"}, "model": "fuzz"}

    async def elicit(self, params: dict) -> dict:
        return {"action": "accept", "content": {}}


def _start_answer(first: bytes, version: str) -> bytes:
    """A well-formed answer to the client's first message, so the session gets past the start."""
    try:
        req = orjson.loads(first)
    except orjson.JSONDecodeError:
        return b""
    caps = {
        "tools": {"listChanged": True},
        "resources": {"subscribe": True, "listChanged": True},
        "prompts": {"listChanged": True},
        "logging": {},
        "completions": {},
        "tasks": {},
    }
    if req.get("method") == "server/discover":
        result = {"supportedVersions": [LATEST_MODERN], "capabilities": caps, "resultType": "complete"}
    else:
        result = {"protocolVersion": version, "capabilities": caps, "serverInfo": {"name": "fuzz", "version": "1"}}
    return orjson.dumps({"jsonrpc": "2.0", "id": req.get("id"), "result": result}) + b"\n"


async def run_stream(case: dict, record_path: Path) -> Recording:
    transport, peer = memory_pair()
    options = SessionOptions(
        transport=StdioSpec(argv=["fuzz-server"]),
        config=ClientConfig(era=case["era"], legacy_version=case["version"], capabilities=ALL_CAPABILITIES),
        connect_timeout=0.2,
        probe_timeout=0.2,
        request_timeout=0.2,
        record_path=record_path,
    )
    session = Session(options, handlers=Yes(roots=[{"uri": "file:///tmp", "name": "tmp"}]), transport=transport)
    written = bytearray()
    async with session:
        async with anyio.create_task_group() as tg:

            async def client() -> None:
                try:
                    await session.start()
                    for method in ("tools/list", "resources/read", "tools/call", "ping"):
                        tg.start_soon(_request, session, method)
                except SessionError:
                    pass

            tg.start_soon(client)
            first = await peer.receive()
            if case["answer_start"]:
                answer = _start_answer(first, case["version"])
                if answer:
                    await peer.write(answer)
                    written += answer
            for chunk in case["chunks"]:
                await peer.write(chunk)
                written += chunk
                await anyio.sleep(0)
            if case["stderr"]:
                await peer.write_stderr(case["stderr"])
            if case["exit"]:
                await peer.exit(3)
            for _ in range(8):  # let the pump and the client react before the client gives up
                await anyio.sleep(0)
            tg.cancel_scope.cancel()
    rec = session.recording
    assert _joined(rec, Direction.S2C) == bytes(written), "stdout bytes lost or changed"
    assert _joined(rec, Direction.STDERR) == case["stderr"], "stderr bytes lost or changed"
    loaded = Recording.load(record_path)
    assert len(loaded) == len(rec)
    for i in range(len(rec)):
        assert loaded.raw_at(i) == rec.raw_at(i) and loaded.direction_at(i) is rec.direction_at(i), (
            f"entry {i} differs after save/load"
        )
    return rec


_PARAMS = {"resources/read": {"uri": "file:///x"}, "tools/call": {"name": "echo", "arguments": {"text": "hi"}}}


async def _request(session: Session, method: str) -> None:
    try:
        await session.request(method, _PARAMS.get(method), timeout=0.2)
    except SessionError:
        pass


def _joined(rec: Recording, direction: Direction) -> bytes:
    return b"".join(rec.raw_at(i) for i in range(len(rec)) if rec.direction_at(i) is direction)
