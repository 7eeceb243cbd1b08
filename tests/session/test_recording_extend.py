"""Recording.extend, the hot path: a read whose lines share one Analysis (a flood's) is appended
a column at a time; every batch, shared or not, ends up exactly as appending entry by entry."""

from __future__ import annotations

import orjson
import pytest

from inspector.protocol.engine import ClientConfig, ProtocolEngine
from inspector.protocol.versions import EraMode
from inspector.session.recording import Direction, Recording

NOTE = b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"m %d"}}\n'
ODD = [
    b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"loud","data":"x"}}\n',  # schema says no
    b'{"jsonrpc":"2.0","method":"notifications/made/up","params":{}}\n',  # a violation, shared by a run of it
    b'{"jsonrpc":"2.0","id":9,"result":{}}\n',  # an answer nobody asked for
    b"noise\n",
    b"\xff not utf-8\n",
    b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"no newline"}}',
]


def batches() -> list[list[bytes]]:
    plain = [NOTE % k for k in range(20)]
    out = [plain, plain[:1], [ODD[1]] * 5]
    for odd in ODD:
        out.append([*plain[:7], odd, *plain[7:]])
    return out


def columns(rec: Recording) -> tuple:
    return (
        list(rec.times()),
        list(rec.codes()),
        rec.raws(),
        rec.methods(),
        rec.ids(),
        rec.violations(),
        dict(rec.latencies()),
        dict(rec.pairings()),
        dict(rec.extras()),
        rec.transition_rows,
        rec.exchange_rows,
        rec.counts(),
        rec.json_lines(0, len(rec)),
    )


@pytest.mark.parametrize("unread", [None, frozenset()])
@pytest.mark.parametrize("extra", [None, {"http": {"method": "POST", "request_seq": 0}}])
@pytest.mark.parametrize("where", ["before", "after"])
def test_extend_is_appending_entry_by_entry(unread, extra, where) -> None:
    together, singly = Recording(t0=100.0), Recording(t0=100.0)
    engines = [ProtocolEngine(ClientConfig(era=EraMode.LEGACY)) for _ in range(2)]
    if where == "after":
        for rec, e in zip((together, singly), engines, strict=True):
            rec.append(Direction.C2S, 100.1, e.build_initialize(e.next_id()), e.outgoing(e.build_initialize(1), 0.1, 0))
            answer = {
                "jsonrpc": "2.0",
                "id": 1,
                "result": {"protocolVersion": "2025-11-25", "capabilities": {}, "serverInfo": {"name": "s"}},
            }
            raw = orjson.dumps(answer) + b"\n"
            rec.append(Direction.S2C, 100.2, raw, e.incoming(raw, 0.2, 1))
    t = 101.0
    for batch in batches():
        t += 0.5
        a = engines[0].incoming_many(batch, t, len(together), unread)
        together.extend(Direction.S2C, t, batch, a, extra)
        b = engines[1].incoming_many(batch, t, len(singly), unread)
        for raw, analysis in zip(batch, b, strict=True):
            singly.append(Direction.S2C, t, raw, analysis, extra)
    assert columns(together) == columns(singly)
    assert len(together) == len(singly) == sum(map(len, batches())) + (2 if where == "after" else 0)


def test_a_shared_batch_keeps_one_extra_and_one_method_string() -> None:
    rec = Recording(t0=0.0)
    e = ProtocolEngine(ClientConfig(era=EraMode.LEGACY))
    batch = [NOTE % k for k in range(50)]
    analyses = e.incoming_many(batch, 1.0, 0, None)
    assert len({id(a) for a in analyses}) == 1  # the flood's way: one Analysis for the read
    shared = {"http": {"method": "GET"}}
    rec.extend(Direction.S2C, 1.0, batch, analyses, shared)
    assert all(x is shared for x in rec.extras().values()) and len(rec.extras()) == 50
    assert len({id(m) for m in rec.methods()}) == 1
    assert rec.plain_run(0, 50) is None  # an extra on every entry: not plain
    assert [rec[i].raw for i in range(50)] == batch


def test_a_batch_with_fewer_analyses_than_lines_is_refused_as_before() -> None:
    rec = Recording(t0=0.0)
    e = ProtocolEngine(ClientConfig(era=EraMode.LEGACY))
    batch = [NOTE % k for k in range(3)]
    with pytest.raises(ValueError):
        rec.extend(Direction.S2C, 1.0, batch, [])
    with pytest.raises(ValueError):
        rec.extend(Direction.S2C, 1.0, batch, e.incoming_many(batch[:2], 1.0, 0, None))
