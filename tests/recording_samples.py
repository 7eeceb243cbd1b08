"""Recordings with everything the format has, for the loader's and the views' tests."""

from __future__ import annotations

import random
from pathlib import Path

import orjson

from inspector.protocol.engine import ClientConfig, EraMode, ProtocolEngine
from inspector.protocol.messages import Kind
from inspector.protocol.versions import LATEST_LEGACY
from inspector.session import Direction, Recording
from inspector.session.recording import LARGE_ENTRY


def synthetic_session(path: Path, *, notes: int = 3000, seed: int = 1) -> Path:
    """A session with everything a file can hold, analysed by the real engine and written by
    the real writer (as it is written during a session): the start sequence with its lifecycle
    transitions, requests and results (latency, pairing), notifications, an answer to an
    unknown id (a violation), schema-invalid messages (schema errors in the extras), noise that
    is not UTF-8 (raw_b64), stderr, process events, HTTP metadata on messages and exchange
    events, and huge entries (written in slices), one of them not UTF-8."""
    rng = random.Random(seed)
    engine = ProtocolEngine(ClientConfig(era=EraMode.LEGACY))
    rec = Recording(header={"transport": "http"})
    writer = rec.write_to(path)
    t = rec.t0

    def add(direction: Direction, raw: bytes, analysis, extra: dict | None = None) -> None:
        nonlocal t
        t += rng.random() / 1000
        rec.append(direction, t, raw, analysis, extra)

    def out(raw: bytes, extra: dict | None = None) -> None:
        add(Direction.C2S, raw, engine.outgoing(raw, t, len(rec)), extra)

    def inc(raw: bytes, extra: dict | None = None) -> None:
        add(Direction.S2C, raw, engine.incoming(raw, t, len(rec)), extra)

    add(Direction.EVENT, b"spawned\n", engine.note(Kind.PROCESS), {"event": "spawned", "pid": 4242})
    out(engine.build_initialize(0))
    inc(
        b'{"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"%s","capabilities":{"tools":{},"logging":{}},"serverInfo":{"name":"s","version":"1"}}}\n'
        % LATEST_LEGACY.encode()
    )
    out(engine.build_initialized())
    rec.notify()
    for i in range(notes):
        r = rng.random()
        http = (
            {
                "http": {
                    "method": "POST",
                    "status": rng.choice([200, 200, 202, 500]),
                    "url": "http://x/mcp",
                    "request_seq": len(rec),
                }
            }
            if rng.random() < 0.2
            else None
        )
        if r < 0.6:
            inc(
                b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"m%d \xc3\xa9"}}\n'
                % i,
                http,
            )
        elif r < 0.7:
            rid = 100 + i
            out(engine.build_request(rid, "tools/list"), http)
            inc(b'{"jsonrpc":"2.0","id":%d,"result":{"tools":[]}}\n' % rid)
        elif r < 0.75:
            inc(b'{"jsonrpc":"2.0","id":999999,"result":{}}\n')  # unknown id: a violation
        elif r < 0.8:
            inc(b'{"jsonrpc":"2.0","method":"notifications/progress","params":{}}\n')  # schema-invalid
        elif r < 0.83:
            add(Direction.STDERR, b"stderr \xff\xfe line %d\n" % i, engine.note(Kind.STDERR))
        elif r < 0.85:
            add(
                Direction.STDERR,
                b"POST failed: connection reset %d\n" % i,
                engine.note(Kind.STDERR),
                {"channel": rng.choice(["http", "http-body"])},
            )
        elif r < 0.88:
            inc(b"\xff\xfe not utf-8 %d\n" % i)
        elif r < 0.9:
            add(
                Direction.EVENT,
                b"POST 200\n",
                engine.note(Kind.PROCESS),
                {
                    "event": "http_exchange",
                    "http": {"method": "POST", "status": 200, "url": "http://x/mcp", "request_seq": len(rec) - 1},
                },
            )
        else:
            inc(
                b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"debug","logger":"Big","data":"%s"}}\n'
                % (b"Q" * rng.randrange(10, 400))
            )
        if i % 97 == 0:
            rec.notify()
    inc(
        b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"'
        + b"x" * (LARGE_ENTRY + 5000)
        + b'"}}\n'
    )
    add(Direction.STDERR, b"\xff" + b"y" * (LARGE_ENTRY + 17) + b"\n", engine.note(Kind.STDERR))
    rec.notify()
    writer.close({"kind": "summary", "entries": len(rec), "outcome": "done"})
    return path


def as_version_1(path: Path, out: Path) -> Path:
    """The recording file at ``path`` as the version-1 writer wrote it (no event ids, no
    transport in the header), written to ``out``."""
    lines = [orjson.loads(line) for line in path.read_bytes().splitlines()]
    header = {k: v for k, v in lines[0].items() if k != "transport"}
    header["version"] = 1
    body = []
    for d in lines[1:]:
        if isinstance(d.get("transition"), dict):
            d["transition"] = {k: v for k, v in d["transition"].items() if k != "event"}
        body.append(d)
    out.write_bytes(b"".join(orjson.dumps(d) + b"\n" for d in [header, *body]))
    return out
