"""The column-at-a-time loader gives exactly what reading the file line by line gave.

``reference_load`` below is the loader as it was before it took runs of lines column by column
(one ``orjson.loads``, ``parse_entry`` and ``Recording.add_parsed`` per line), kept here as the
yardstick. Every file is loaded both ways and every column, pairing, extra, problem, header and
summary compared: real session files (noise, invalid UTF-8 with raw_b64, schema errors, early
requests), a synthetic session with everything the format has (transitions, HTTP metadata and
exchanges, process events, huge entries written in slices, valid and not UTF-8), the same files
as format version 1, with blocks so small that lines span them, damaged in many ways, and
loaded in steps (RecordingLoader) as the window does.
"""

from __future__ import annotations

import random
from itertools import pairwise
from pathlib import Path

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from recording_samples import as_version_1, synthetic_session
from session_helpers import misbehave, options

from inspector.protocol.engine import ProtocolEngine
from inspector.session import Direction, Recording, Session
from inspector.session import recording_load as loader_module
from inspector.session.recording import (
    FORMAT,
    FORMAT_VERSION,
    LARGE_ENTRY,
    MAX_LOAD_PROBLEMS,
    RecordingLoader,
    RecordingWriter,
)
from inspector.session.recording_load import migrate, migrate_header, parse_entry

# ---------------------------------------------------------------------------- the yardstick


def reference_load(path: Path) -> Recording:
    """The line-by-line loader (as in the recording module before the column-at-a-time one)."""
    problems: list = []
    count = 0

    def problem(line, reason) -> None:
        nonlocal count
        count += 1
        if len(problems) < MAX_LOAD_PROBLEMS:
            problems.append((line, reason))

    with open(path, "rb") as f:
        first = f.readline()
        header = orjson.loads(first)
        version = header["version"]
        assert header.get("format") == FORMAT and 1 <= version <= FORMAT_VERSION
        rec = Recording(migrate_header(header, version), t0=0.0)
        unread: list = []
        for number, line in enumerate(f, start=2):
            if not line.strip():
                continue
            try:
                d = orjson.loads(line)
            except orjson.JSONDecodeError as exc:
                cut = not line.endswith(b"\n")
                reason = (
                    "cut off at the end of the file (the recording stopped mid-line)" if cut else f"not JSON ({exc})"
                )
                problem(number, reason)
                unread.append((number, reason))
                continue
            d = migrate(d, version)
            if isinstance(d, dict) and d.get("kind") == "summary":
                rec.summary = d
                continue
            parsed = parse_entry(d)
            if type(parsed) is str:
                problem(number, parsed)
                unread.append((number, parsed))
                continue
            seq = d.get("seq")
            expected = len(rec)
            if type(seq) is int and seq != expected:
                gap = seq - expected
                if 0 < gap <= len(unread):
                    lost = unread if gap == len(unread) else [(None, "one of the unreadable lines above")] * gap
                    for where, why in lost:
                        rec.add_unreadable(where, why)
                else:
                    problem(number, f"entry numbered {seq} where {expected} was expected; shown as {expected}")
            unread.clear()
            rec.add_parsed(parsed)
    for seq, p in list(rec.pairings().items()):
        if p >= len(rec) or p == seq:
            rec.unpair(seq)
            problem(None, f"entry {seq} is paired with entry {p}, which is not in the file")
    rec.load_problems = problems
    rec.load_problem_count = count
    rec.read_only = True
    return rec


def typed(values) -> list:
    """Values with their types (1 == 1.0 == True, but a loaded id keeps its JSON type)."""
    return [(type(v), v) for v in values]


def assert_same_recording(fast: Recording, slow: Recording) -> None:
    assert len(fast) == len(slow)
    assert fast.header == slow.header
    assert fast.summary == slow.summary
    assert fast.load_problems == slow.load_problems
    assert fast.load_problem_count == slow.load_problem_count
    assert fast.read_only and not fast.loading
    assert fast.times() == slow.times()
    assert fast.codes() == slow.codes()
    assert fast.raws() == slow.raws()
    assert fast.methods() == slow.methods()
    assert typed(fast.ids()) == typed(slow.ids())
    assert fast.violations() == slow.violations()
    assert list(fast.latencies().items()) == list(slow.latencies().items())
    assert list(fast.pairings().items()) == list(slow.pairings().items())
    assert fast.extras() == slow.extras()
    assert fast.transition_rows == slow.transition_rows
    assert fast.exchange_rows == slow.exchange_rows
    assert all(fast[i] == slow[i] for i in range(len(slow)))
    # methods interned as before: one string object per method name
    methods = [m for m in fast.methods() if m is not None]
    assert len({id(m) for m in methods}) == len(set(methods))


def both_ways(path: Path) -> Recording:
    fast = Recording.load(path)
    assert_same_recording(fast, reference_load(path))
    return fast


# ---------------------------------------------------------------------------- the files


@pytest.fixture(scope="module")
def session_files(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """Real sessions with misbehaving servers, recorded as they ran."""
    import anyio

    out = []
    folder = tmp_path_factory.mktemp("sessions")

    async def record(mode: str, requests: list[str]) -> Path:
        path = folder / f"{mode}.jsonl"
        session = Session(options(misbehave(mode), record_path=path))
        async with session:
            await session.start()
            for method in requests:
                await session.request(method)
        return path

    for mode, requests in [
        ("invalid-utf8", ["tools/list"]),
        ("no-jsonrpc", ["tools/list", "ping"]),
        ("noise", ["ping"]),
        ("flood", ["ping"]),
    ]:
        out.append(anyio.run(record, mode, requests))
    return out


@pytest.fixture(scope="module")
def synthetic(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return synthetic_session(tmp_path_factory.mktemp("synthetic") / "synthetic.jsonl")


# ---------------------------------------------------------------------------- the tests


def test_real_session_files_load_the_same(session_files: list[Path], native_way: str) -> None:
    for path in session_files:
        rec = both_ways(path)
        assert len(rec) > 5


def test_a_session_with_everything_loads_the_same(synthetic: Path, tmp_path: Path, native_way: str) -> None:
    rec = both_ways(synthetic)
    assert rec.transition_rows and rec.exchange_rows and rec.latencies() and rec.pairings()
    assert any(rec.schema_at(i) is False for i in range(len(rec))) and any(
        rec.violations_at(i) for i in range(len(rec))
    )
    assert any(not rec.raw_at(i).isascii() and rec.direction_at(i) is Direction.S2C for i in range(len(rec)))
    assert max(len(rec.raw_at(i)) for i in range(len(rec))) > LARGE_ENTRY
    assert rec.load_problems == []
    both_ways(as_version_1(synthetic, tmp_path / "v1.jsonl"))


@pytest.mark.parametrize("block", [7, 100, 4096])
def test_lines_that_span_blocks_load_the_same(
    synthetic: Path, monkeypatch: pytest.MonkeyPatch, block: int, native_way: str
) -> None:
    lines = synthetic.read_bytes().splitlines(keepends=True)
    path = synthetic.with_name(f"small-{block}.jsonl")
    path.write_bytes(b"".join(line for line in lines if len(line) < 5000))  # small blocks: no huge lines
    monkeypatch.setattr(loader_module, "READ_BLOCK", block)
    both_ways(path)


def damaged(lines: list[bytes], rng: random.Random, n: int) -> list[bytes]:
    """``lines`` with ``n`` kinds of damage a file can have (a header is left alone)."""
    out = list(lines)
    for _ in range(n):
        i = rng.randrange(1, len(out))
        try:
            d = orjson.loads(out[i])
        except orjson.JSONDecodeError:
            d = None
        if not isinstance(d, dict):
            d = None
        what = rng.randrange(16)
        if what == 0:
            out[i] = b"{not json\n"
        elif what == 1:
            out.insert(i, b"   \n" if rng.random() < 0.5 else b"\n")
        elif what == 2:
            del out[i]
        elif what == 3:
            out.insert(i, out[i])  # a number repeats
        elif what == 4 and d is not None:
            d["seq"] = (d["seq"] if isinstance(d.get("seq"), int) else 0) + rng.choice([-3, 1, 2, 5])
            out[i] = orjson.dumps(d) + b"\n"
        elif what == 5 and d is not None:
            seq = d["seq"] if isinstance(d.get("seq"), int) else 0
            d["paired"] = rng.choice([seq, seq + 3, 10**6, -1, "x", True])
            out[i] = orjson.dumps(d) + b"\n"
        elif what == 6 and d is not None:
            d[
                rng.choice(["violations", "schema_ok", "id", "method", "latency", "t", "raw", "state", "kind", "dir"])
            ] = rng.choice([None, 0, "", [], {}, ["rule"], [1], True, 1.5, -2, "operating", "noise", [[1]], {"a": 1}])
            out[i] = orjson.dumps(d) + b"\n"
        elif what == 7 and d is not None:
            if d:
                d.pop(rng.choice(list(d)))
            out[i] = orjson.dumps(d) + b"\n"
        elif what == 8 and d is not None:
            d["note"] = "an extra"
            out[i] = orjson.dumps(d) + b"\n"
        elif what == 9 and d is not None:
            d["raw_b64"] = rng.choice([None, "***", "aGk=", 5])
            out[i] = orjson.dumps(d) + b"\n"
        elif what == 10:
            out[i] = rng.choice([b"42\n", b"[1, 2]\n", b'"text"\n', b"null\n", b'{"kind": "summary", "n": 1}\n'])
        elif what == 11 and d is not None:
            out[i] = orjson.dumps(d, option=orjson.OPT_INDENT_2).replace(b"\n", b" ") + b"\r\n"  # other spacing
        elif what == 12:
            out[i] = out[i][: len(out[i]) // 2] + b"\n"  # cut short in the middle of the file
        elif what == 13 and d is not None:
            d = {k: d[k] for k in sorted(d)}  # another order of the members
            out[i] = orjson.dumps(d) + b"\n"
        elif what == 14 and d is not None:
            d["transition"] = rng.choice(
                [{"from": "initialized", "to": "operating", "label": "initialized"}, {"to": 3}, None]
            )
            out[i] = orjson.dumps(d) + b"\n"
        elif what == 15 and d is not None:
            d["violations"] = ["x.rule", "y.rule"]
            out[i] = orjson.dumps(d) + b"\n"
    if rng.random() < 0.3:  # killed mid-line at the end
        out[-1] = out[-1][: max(1, len(out[-1]) // 2)].rstrip(b"\n")
    return out


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(1, 40), version_1=st.booleans())
def test_damaged_files_load_the_same(
    synthetic: Path, tmp_path: Path, seed: int, n: int, version_1: bool, native_way: str
) -> None:
    lines = synthetic.read_bytes().splitlines(keepends=True)
    lines = [line for line in lines if len(line) < 5000]  # the huge ones have their own test
    rng = random.Random(seed)
    start = rng.randrange(1, len(lines) - 400)
    body = lines[start : start + rng.randrange(50, 400)]
    header = orjson.loads(lines[0])
    if version_1:
        header["version"] = 1
    for d_line in range(len(body)):  # numbered from 0 again, as a file of its own
        d = orjson.loads(body[d_line])
        if "seq" in d:
            d["seq"] = d_line
        if isinstance(d.get("paired"), int):
            d["paired"] = max(0, d["paired"] - (start - 1))
        body[d_line] = orjson.dumps(d) + b"\n"
    path = tmp_path / f"damaged-{seed}.jsonl"
    path.write_bytes(b"".join(damaged([orjson.dumps(header) + b"\n", *body], rng, n)))
    both_ways(path)


def test_loading_in_steps_gives_the_same_and_is_whole_at_every_step(
    synthetic: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = synthetic.read_bytes().splitlines(keepends=True)
    path = tmp_path / "steps.jsonl"
    # a pairing with a later entry (kept) and one with a missing entry (described), mid-file
    d = orjson.loads(lines[40])
    d["paired"] = d["seq"] + 30
    e = orjson.loads(lines[50])
    e["paired"] = 10**7
    path.write_bytes(
        b"".join([*lines[:40], orjson.dumps(d) + b"\n", *lines[41:50], orjson.dumps(e) + b"\n", *lines[51:]])
    )
    monkeypatch.setattr(loader_module, "READ_BLOCK", 3000)
    loader = RecordingLoader(path)
    rec = loader.begin()
    assert rec.read_only and rec.loading and len(rec) == 0
    told: list[tuple[int, int]] = []
    rec.add_listener(lambda start, end: told.append((start, end)))
    steps = 0
    while not loader.step(0.0):
        steps += 1
        n = len(rec)
        assert rec.loading and 0 < loader.done_bytes <= loader.size
        columns = (rec.times(), rec.codes(), rec.raws(), rec.methods(), rec.ids(), rec.violations())
        assert all(len(column) == n for column in columns)
        assert all(0 <= p < n for p in rec.pairings().values())  # every pairing points at an entry it has
        assert told and told[-1][1] == n
    assert steps > 3 and not rec.loading
    assert_same_recording(rec, reference_load(path))
    assert rec.paired_at(d["seq"]) == d["seq"] + 30 and rec.paired_at(e["seq"]) is None
    assert rec.load_problems == [(None, f"entry {e['seq']} is paired with entry {10**7}, which is not in the file")]
    assert told[0][0] == 0 and all(a[1] == b[0] for a, b in pairwise(told))


def test_stopping_keeps_what_was_read(synthetic: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(loader_module, "READ_BLOCK", 4096)
    loader = RecordingLoader(synthetic)
    rec = loader.begin()
    loader.step(0.0)
    loader.step(0.0)
    n = len(rec)
    loader.stop("Loading was stopped; the rest of the file is not shown.")
    assert loader.finished and not rec.loading and rec.read_only and len(rec) == n > 0
    assert rec.load_problems[-1] == (None, "Loading was stopped; the rest of the file is not shown.")
    assert loader.step(0.0) and len(rec) == n
    full = Recording.load(synthetic)
    assert rec.raws() == full.raws(0, n)


def test_a_file_written_by_the_writer_takes_the_fast_way(tmp_path: Path) -> None:
    """An ordinary file is taken in runs: one by one only its few extraordinary lines."""
    engine = ProtocolEngine()
    rec = Recording()
    path = tmp_path / "plain.jsonl"
    writer = RecordingWriter(path, rec)
    for i in range(5000):
        raw = b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"%d"}}\n' % i
        rec.append(Direction.S2C, rec.t0 + i / 1000, raw, engine.incoming(raw, i / 1000, i))
    writer.close({"kind": "summary"})
    loaded = both_ways(path)
    assert len(loaded) == 5000
    loader = RecordingLoader(path)
    loader.begin()
    while not loader.step():
        pass
    assert len(loader.rec or []) == 5000
    assert loader.lines_one_by_one < 50  # the summary, and the short runs at block ends


TEN = ("seq", "t", "dir", "kind", "method", "id", "raw", "state", "violations", "schema_ok")


@pytest.mark.parametrize("member", TEN)
def test_a_run_with_one_member_missing_moved_or_twice_loads_the_same(
    synthetic: Path, tmp_path: Path, member: str, native_way: str
) -> None:
    """The ten members of a run are taken from every line at once: a line without one of them,
    with them in another order, one written twice (the last counts), spaced out or escaped, in
    the middle of a run of ordinary lines, gives what reading line by line gives."""
    lines = synthetic.read_bytes().splitlines(keepends=True)
    header = lines[0]
    plain = []
    for line in lines[1:]:
        d = orjson.loads(line)
        if isinstance(d, dict) and "seq" in d and set(d) <= {*TEN, "latency", "paired"}:
            plain.append(d)
    assert len(plain) > 60
    body = []
    for seq, d in enumerate(plain[:60]):
        d = dict(d, seq=seq)
        d.pop("paired", None)
        body.append(orjson.dumps(d))
    d = orjson.loads(body[30])
    value = d[member]
    without = {k: v for k, v in d.items() if k != member}
    moved = {member: value, **without}
    order = [*TEN[:4], "raw", "id", "method", *TEN[7:], "latency", "paired"]
    variants = [
        orjson.dumps(without),  # missing
        orjson.dumps(moved),  # first instead of where the writer puts it
        orjson.dumps({k: d[k] for k in sorted(d, key=order.index)}),  # raw and method swapped (both text)
        orjson.dumps(d)[:-1] + b"," + orjson.dumps({member: value})[1:],  # twice, the same value
        orjson.dumps(d)[:-1] + b',"' + member.encode() + b'":"other"}',  # twice, the last another
        b'{"' + member.encode() + b'":null,' + orjson.dumps(d)[1:],  # twice, the first null
        orjson.dumps(d, option=orjson.OPT_INDENT_2).replace(b"\n", b" "),  # spaced out
        orjson.dumps(d).replace(
            b'"' + member.encode() + b'"', b'"\\u00' + b"%02x" % ord(member[0]) + member[1:].encode() + b'"'
        ),
    ]
    for k, variant in enumerate(variants):
        path = tmp_path / f"{member}-{k}.jsonl"
        path.write_bytes(header + b"".join(line + b"\n" for line in [*body[:30], variant, *body[31:]]))
        both_ways(path)
