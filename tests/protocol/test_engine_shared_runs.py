"""incoming_many's run-at-once way (a read of a flood: every line a valid notification of one
method nobody reads) against the line by line way and against ``incoming``, one message at a
time: the same analyses for every run, however odd its lines, and the schema's array check
(``Checker.all_valid``) the same as checking each one."""

from __future__ import annotations

import orjson
import pytest

from inspector.protocol.engine import ClientConfig, ProtocolEngine
from inspector.protocol.links import TransportKind
from inspector.protocol.schema import KNOWN_SCHEMA_VERSIONS, SchemaValidator
from inspector.protocol.versions import EraMode

NOTE = b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","logger":"flood","data":"m %d"}}\n'


def note(method: str, **params: object) -> bytes:
    return orjson.dumps({"jsonrpc": "2.0", "method": method, "params": params}) + b"\n"


#: lines that must make a run of NOTE lines go line by line (or be judged the same at once)
ODD = {
    "schema-invalid level": note("notifications/message", level="loud", data="x"),
    "params missing": b'{"jsonrpc":"2.0","method":"notifications/message"}\n',
    "an id": b'{"jsonrpc":"2.0","id":7,"method":"notifications/message","params":{"level":"info","data":"x"}}\n',
    "jsonrpc 1.0": b'{"jsonrpc":"1.0","method":"notifications/message","params":{"level":"info","data":"x"}}\n',
    "no jsonrpc": b'{"method":"notifications/message","params":{"level":"info","data":"x"}}\n',
    "no newline": NOTE.rstrip(b"\n") % 99,
    "CRLF": NOTE.replace(b"\n", b"\r\n") % 98,
    "leading space": b" " + NOTE % 97,
    "not JSON": b"{not json\n",
    "two objects": b'{"a":1} {"b":2}\n',
    "an array": b'[{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"x"}}]\n',
    "noise": b"some noise on stdout\n",
    "empty line": b"\n",
    "invalid UTF-8": b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"\xff"}}\n',
    "method not a string": b'{"jsonrpc":"2.0","method":5,"params":{}}\n',
    "a response": b'{"jsonrpc":"2.0","id":99,"result":{}}\n',
    "progress": note("notifications/progress", progressToken="nobody", progress=1),
    "another method": note("notifications/tools/list_changed"),
    "an unknown method": note("notifications/made/up"),
    "a huge line": note("notifications/message", level="info", data="z" * 200_000),
    "non-ASCII": note("notifications/message", level="info", data="中文 \u2028"),
    "an id in params": note("notifications/message", level="info", data={"id": 1}),
}


def runs() -> list[tuple[str, list[bytes]]]:
    plain = [NOTE % k for k in range(6)]
    out = [("plain", plain), ("two lines", plain[:2])]
    for name, odd in ODD.items():
        for pos in (0, 3, 5):
            run = list(plain)
            run[pos] = odd
            out.append((f"{name} at {pos}", run))
        out.append((f"all {name}", [odd] * 4))
    out.append(("two methods in turn", [NOTE % 1, ODD["another method"]] * 3))
    return out


def summary(a) -> tuple:
    schema = None if a.schema is None else (a.schema.ok, a.schema.definition, tuple(map(str, a.schema.errors)))
    tr = None if a.transition is None else (a.transition.source, a.transition.target, a.transition.label)
    return (a.kind, a.state, a.method, a.id, a.violations, schema, a.latency, a.paired, a.request_method, tr, a.problem)


def engine(where: str, transport: TransportKind) -> ProtocolEngine:
    """A legacy engine before the handshake, during it, or after it (logging declared or not)."""
    e = ProtocolEngine(ClientConfig(era=EraMode.LEGACY), transport=transport)
    if where == "before":
        return e
    e.outgoing(e.build_initialize(e.next_id()), 0.0, 0)
    if where == "initializing":
        return e
    caps = {"logging": {}, "tools": {"listChanged": True}} if where == "logging" else {}
    answer = {
        "jsonrpc": "2.0",
        "id": 1,
        "result": {"protocolVersion": "2025-11-25", "capabilities": caps, "serverInfo": {"name": "s", "version": "1"}},
    }
    e.incoming(orjson.dumps(answer) + b"\n", 0.1, 1)
    e.outgoing(e.build_initialized(), 0.2, 2)
    return e


@pytest.mark.parametrize("transport", [TransportKind.STDIO, TransportKind.HTTP_AUTO])
@pytest.mark.parametrize("where", ["before", "initializing", "logging", "no logging"])
def test_a_run_at_once_is_judged_as_line_by_line_and_one_by_one(where: str, transport: TransportKind) -> None:
    for name, run in runs():
        one_by_one = engine(where, transport)
        singly = [one_by_one.incoming(raw, 1.0, 10 + k) for k, raw in enumerate(run)]
        expected = [summary(a) for a in singly]
        for unread in (None, frozenset(), frozenset({"notifications/message"}), frozenset({"notifications/x"})):
            e = engine(where, transport)
            got = e.incoming_many(run, 1.0, 10, unread)
            assert [summary(a) for a in got] == expected, (name, unread)
            assert e.lifecycle.state is one_by_one.lifecycle.state
            for a, alone in zip(got, singly, strict=True):
                if a.obj is not None:  # a decoded message is the line's own (None: shared, nobody reads it)
                    assert a.obj == alone.obj


def test_a_plain_run_nobody_reads_shares_one_analysis_and_one_read_by_someone_does_not() -> None:
    run = [NOTE % k for k in range(300)]
    e = engine("logging", TransportKind.STDIO)
    shared = e.incoming_many(run, 1.0, 10, None)
    assert len({id(a) for a in shared}) == 1 and shared[0].obj is None and shared[0].schema.ok
    read = e.incoming_many(run, 1.0, 310, frozenset())
    assert len({id(a) for a in read}) == 300
    assert [a.obj for a in read] == [orjson.loads(raw) for raw in run]
    assert [summary(a) for a in read] == [summary(shared[0])] * 300


@pytest.mark.parametrize("version", KNOWN_SCHEMA_VERSIONS)
def test_the_array_check_says_what_checking_each_says(version: str) -> None:
    validator = SchemaValidator(version)
    good = orjson.loads(NOTE % 1)
    odd = [orjson.loads(raw) for raw in ODD.values() if raw[:1] == b"{" and _json(raw)]
    methods = ("notifications/message", "notifications/tools/list_changed", "notifications/progress", "made/up")
    for method in methods:
        checker = validator.checker(kind="notification", direction="s2c", method=method)
        for objs in ([good, good], [good] * 50, *([good, o, good] for o in odd), odd, [1, good], [None], [[good]]):
            try:
                each = all(checker.is_valid(o) for o in objs)
            except Exception:  # noqa: BLE001 - is_valid may raise: then the array check may too
                each = False
            try:
                together = checker.all_valid(objs)
            except Exception:  # noqa: BLE001
                together = False
            assert together == each, (version, method, objs)


def _json(raw: bytes) -> bool:
    try:
        orjson.loads(raw)
    except orjson.JSONDecodeError:
        return False
    return True
