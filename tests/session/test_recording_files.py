"""Opening recording files that are damaged, hostile or not files at all.

The loader raises one error type (RecordingError) with a sentence for people, and only when the
file cannot be a recording; a bad line is skipped, described (line number, reason) and leaves a
placeholder so every later entry keeps its recorded number and pairing. The base file is a real
recording of a real server (the misbehaving fixture), written by probe.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from recording_samples import as_version_1
from session_helpers import misbehave, probe

from inspector.protocol.messages import Kind
from inspector.session import Direction, Recording, RecordingError
from inspector.session.recording import FORMAT_VERSION

HEADER = {"format": "mcp-session-inspector/recording", "version": 1}


@pytest.fixture(scope="module")
def real_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("rec") / "real.jsonl"
    run = probe(
        "--era",
        "legacy",
        "--record",
        str(path),
        "--request",
        "tools/list",
        "--request",
        "ping",
        server=misbehave("stderr-chatter"),
    )
    assert run.rc == 0, run.stderr
    return path


def lines_of(path: Path) -> list[bytes]:
    return path.read_bytes().splitlines(keepends=True)


def write(path: Path, lines: list[bytes]) -> Path:
    path.write_bytes(b"".join(lines))
    return path


def first_paired(lines: list[bytes]) -> int:
    """Index (in ``lines``) of the first entry some later entry is paired with."""
    entries = [orjson.loads(line) for line in lines[1:]]
    target = next(d["paired"] for d in entries if d.get("paired") is not None)
    return 1 + target


@pytest.mark.parametrize(
    ("bad", "reason"),
    [
        (b"42\n", "a JSON number, not an entry object"),
        (b"[1, 2]\n", "a JSON array, not an entry object"),
        (b"{}\n", "no 'dir' member"),
        (b'{"dir": "sideways", "t": 1}\n', 'unknown direction "sideways"'),
        (b'{"dir": "s2c", "t": 1, "raw": 5}\n', "'raw' is number, not a string"),
        (b'{"dir": "s2c", "t": null, "raw": "x"}\n', "'t' is null, not a number"),
        (b'{"dir": "s2c", "t": 1, "raw_b64": "***"}\n', "'raw_b64' is not valid base64"),
        (b'{"dir": "s2c", "t": 1, "kind": "gossip"}\n', 'unknown kind "gossip"'),
        (b'{"dir": "s2c", "t": 1, "paired": "x"}\n', "'paired' is \"x\", not an entry number"),
        (b'{"dir": "s2c", "t": 1, "violations": "rule"}\n', "'violations' is not a list of rule ids"),
        (
            b'{"dir": "event", "t": 1, "transition": {"to": 3}}\n',
            "'transition' is not a lifecycle transition (from, to, label)",
        ),
        (b'{"dir": "s2c", "t": 1, "schema_errors": [1]}\n', "'schema_errors' is not a list of {path, message}"),
        (b'{"dir": "event", "t": 1, "returncode": "0"}\n', "'returncode' is \"0\", not a whole number"),
        (b"{not json\n", "not JSON"),
        (
            b'{"dir": "event", "t": 1, "transition": null}\n',
            "'transition' is not a lifecycle transition (from, to, label)",
        ),
        (b'{"dir": ' + b"[" * 300 + b"]" * 300 + b', "t": 1}\n', "unknown direction a deeply nested array"),
        (b'{"dir": "s2c", "t": 1, "id": ' + b"[" * 1000 + b"]" * 1000 + b"}\n", "'id' is nested too deeply to keep"),
        (
            b'{"dir": "s2c", "t": 1, "note": ' + b"[" * 1000 + b"]" * 1000 + b"}\n",
            "a member is nested too deeply to keep",
        ),
    ],
)
def test_a_bad_line_is_described_and_later_entries_keep_their_numbers(
    real_file: Path, tmp_path: Path, bad: bytes, reason: str
) -> None:
    original = Recording.load(real_file)
    assert original.load_problems == []
    lines = lines_of(real_file)
    k = first_paired(lines)  # the line of an entry a later response points at
    loaded = Recording.load(write(tmp_path / "bad.jsonl", [*lines[:k], bad, *lines[k + 1 :]]))
    assert loaded.load_problem_count == 1
    ((line, why),) = loaded.load_problems
    assert line == k + 1 and why.startswith(reason)
    assert len(loaded) == len(original)
    hole = k - 1
    placeholder = loaded[hole]
    assert placeholder.direction is Direction.EVENT and placeholder.extra == {"event": "unreadable", "line": k + 1}
    assert placeholder.text.startswith(f"entry {hole} could not be read from line {k + 1}: {reason}")
    for i in range(len(original)):
        if i != hole:
            assert loaded[i].raw == original[i].raw and loaded[i].paired == original[i].paired and loaded[i].seq == i
    assert loaded.summary == original.summary


@pytest.mark.parametrize(
    ("header", "message"),
    [
        (b"", "the file is empty"),
        (b"hello\n", "the first line is not JSON"),
        (b'{"format": "something-else", "version": 1}\n', "not a recording"),
        (b'{"format": "mcp-session-inspector/recording"}\n', "the header has no format version"),
        (
            b'{"format": "mcp-session-inspector/recording", "version": "1"}\n',
            'the format version "1" is not a whole number',
        ),
        (
            b'{"format": "mcp-session-inspector/recording", "version": 1.0}\n',
            "the format version 1.0 is not a whole number",
        ),
        (
            b'{"format": "mcp-session-inspector/recording", "version": 0}\n',
            "the format version 0 is not valid (versions start at 1)",
        ),
        (
            b'{"format": "mcp-session-inspector/recording", "version": 99}\n',
            "recording format version 99 is newer than this inspector",
        ),
    ],
)
def test_a_file_that_is_no_recording_gets_one_clear_error(tmp_path: Path, header: bytes, message: str) -> None:
    path = write(tmp_path / "x.jsonl", [header, b'{"dir": "event", "t": 0, "raw": "x"}\n'] if header else [])
    with pytest.raises(RecordingError) as info:
        Recording.load(path)
    assert str(info.value).startswith(f"x.jsonl: {message}")


def load_in_thread(path: Path) -> BaseException | Recording:
    """Load with a bound: a FIFO that blocked the open would fail the test, not hang it."""
    out: list = []

    def run() -> None:
        try:
            out.append(Recording.load(path))
        except BaseException as exc:  # noqa: BLE001 - the test inspects it
            out.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(10)
    assert out, f"loading {path} blocked"
    return out[0]


def test_only_regular_files_are_opened(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.jsonl"
    os.mkfifo(fifo)
    cases = {
        fifo: "is a named pipe (FIFO), not a regular file",
        tmp_path: "is a folder",
        Path("/dev/null"): "is a device, not a regular file",
        tmp_path / "missing.jsonl": "no such file",
    }
    (tmp_path / "loop-a.jsonl").symlink_to(tmp_path / "loop-b.jsonl")
    (tmp_path / "loop-b.jsonl").symlink_to(tmp_path / "loop-a.jsonl")
    (tmp_path / "dangling.jsonl").symlink_to(tmp_path / "nowhere.jsonl")
    cases[tmp_path / "loop-a.jsonl"] = "loop-a.jsonl: is a symbolic link loop (too many levels of symbolic links)"
    cases[tmp_path / "dangling.jsonl"] = "dangling.jsonl: is a symbolic link to a file that does not exist"
    for path, message in cases.items():
        exc = load_in_thread(path)
        assert isinstance(exc, RecordingError), exc
        assert message in str(exc) and not exc.cancelled


def test_a_cut_last_line_is_reported_and_the_rest_is_kept(real_file: Path, tmp_path: Path) -> None:
    lines = lines_of(real_file)[:-1]  # no summary: as a killed process leaves it
    cut = lines[-1][: len(lines[-1]) // 2]
    loaded = Recording.load(write(tmp_path / "cut.jsonl", [*lines[:-1], cut]))
    assert len(loaded) == len(lines) - 2 and loaded.summary is None
    assert loaded.load_problems == [(len(lines), "cut off at the end of the file (the recording stopped mid-line)")]


def test_numbers_that_jump_or_repeat_and_dangling_pairs_are_reported(tmp_path: Path) -> None:
    entry = lambda seq, **kw: orjson.dumps({"seq": seq, "t": 0, "dir": "event", "raw": f"e{seq}", **kw}) + b"\n"  # noqa: E731
    lines = [orjson.dumps(HEADER) + b"\n", entry(0), entry(5), entry(1), entry(9, paired=40)]
    loaded = Recording.load(write(tmp_path / "n.jsonl", lines))
    assert [e.text for e in loaded] == ["e0", "e5", "e1", "e9"]
    assert loaded[3].paired is None
    assert loaded.load_problems == [
        (3, "entry numbered 5 where 1 was expected; shown as 1"),
        (4, "entry numbered 1 where 2 was expected; shown as 2"),
        (5, "entry numbered 9 where 3 was expected; shown as 3"),
        (None, "entry 3 is paired with entry 40, which is not in the file"),
    ]


def test_progress_is_reported_and_can_cancel(real_file: Path, tmp_path: Path) -> None:
    lines = lines_of(real_file)
    body = lines[1:-1] * 4000  # several MB (the numbers repeat; that is reported, not fatal)
    path = write(tmp_path / "big.jsonl", [lines[0], *body])
    size = path.stat().st_size
    seen: list[tuple[int, int]] = []
    loaded = Recording.load(path, progress=lambda done, total: seen.append((done, total)))
    assert len(loaded) == len(body)
    assert len(seen) >= 2 and seen[-1] == (size, size)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen) and all(t == size for _, t in seen)
    with pytest.raises(RecordingError) as info:
        Recording.load(path, progress=lambda done, total: False)
    assert info.value.cancelled


line_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**64 - 1) | st.floats(allow_nan=True) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(
            st.sampled_from(
                [
                    "dir",
                    "t",
                    "raw",
                    "raw_b64",
                    "kind",
                    "state",
                    "paired",
                    "latency",
                    "violations",
                    "schema_ok",
                    "seq",
                    "transition",
                    "schema_errors",
                    "event",
                    "pid",
                    "method",
                    "id",
                ]
            ),
            inner,
            max_size=6,
        )
    ),
    max_leaves=12,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    replacements=st.lists(
        st.tuples(st.integers(min_value=1, max_value=60), line_values | st.binary(max_size=20)), max_size=4
    )
)
def test_any_damage_to_lines_gives_a_loadable_recording_or_one_error(
    real_file: Path, tmp_path: Path, replacements: list
) -> None:
    lines = lines_of(real_file)
    for index, value in replacements:
        if index < len(lines):
            lines[index] = (
                value if isinstance(value, bytes) else orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS, default=str)
            ) + b"\n"
    loaded = Recording.load(write(tmp_path / "fuzz.jsonl", lines))
    assert len(loaded) + loaded.load_problem_count >= len(lines) - 2 - len(replacements)
    for i, e in enumerate(loaded):  # every entry can be shown
        assert e.seq == i and isinstance(e.raw, bytes)
        assert e.paired is None or 0 <= e.paired < len(loaded)
        loaded.era_as_of(i)
        loaded.transition_as_of(i)
    loaded.counts()


def test_a_version_1_file_is_lifted_to_the_current_version_on_load(real_file: Path, tmp_path: Path) -> None:
    current = Recording.load(real_file)
    assert current.header["version"] == FORMAT_VERSION and current.header["transport"] == "stdio"
    edges = [current.extra_at(seq)["transition"] for seq in current.transition_rows]
    assert edges and all(isinstance(tr["event"], str) for tr in edges)
    old = Recording.load(as_version_1(real_file, tmp_path / "v1.jsonl"))
    assert old.load_problems == []
    assert (
        old.header["version"] == FORMAT_VERSION
        and old.header["migrated_from"] == 1
        and old.header["transport"] == "stdio"
    )
    assert [old.extra_at(seq)["transition"] for seq in old.transition_rows] == edges  # the event ids found again
    assert [old.raw_at(i) for i in range(len(old))] == [current.raw_at(i) for i in range(len(current))]


def test_http_metadata_travels_with_an_entry_and_a_bad_one_is_described(real_file: Path, tmp_path: Path) -> None:
    lines = lines_of(real_file)
    entry = orjson.loads(lines[1])
    entry["http"] = {"method": "POST", "status": 200, "headers": {"content-type": "application/json"}}
    bad = dict(entry, seq=1, http="POST 200")
    path = write(tmp_path / "http.jsonl", [lines[0], orjson.dumps(entry) + b"\n", orjson.dumps(bad) + b"\n"])
    rec = Recording.load(path)
    assert rec.extra_at(0)["http"]["status"] == 200
    assert rec.load_problems == [(3, "'http' is string, not an object")]


@pytest.mark.anyio
@pytest.mark.parametrize("era", ["legacy", "modern"])
async def test_json_lines_from_the_columns_are_the_entries_to_json(tmp_path: Path, era: str) -> None:
    """The writer's fast path (Recording.json_lines, straight from the columns) writes exactly
    what Entry.to_json says, for a whole demo session (transitions, pairs, latencies, HTTP-less
    extras, hand-written marks), for noise that is not UTF-8, and for plain notifications
    whose bytes need escaping (quotes, backslashes, non-ASCII, U+2028, DEL, tab and CR as JSON
    whitespace, stderr that is not UTF-8)."""
    from demo_recording import record_demo_session

    from inspector.protocol.engine import ProtocolEngine

    path = await record_demo_session(tmp_path / "demo.jsonl", era=era)
    rec = Recording.load(path)
    engine = ProtocolEngine()
    for raw in (b"\xff\xfenot utf-8\n", b'{"jsonrpc":"2.0","method":"x","params":{"n":1e400}}\n'):
        rec.append(Direction.S2C, rec.t0 + 9.0, raw, engine.incoming(raw, 9.0, len(rec)))
    plain = [
        (
            b'{"jsonrpc":"2.0","method":"notifications/message",'
            b'"params":{"level":"info","data":"a \\"quoted\\" \\\\ back\\\\slash"}}\n'
        ),
        (
            '{"jsonrpc":"2.0","method":"notifications/message",'
            '"params":{"level":"info","data":"é 中文 \u2028 \x7f 🙂"}}\n'
        ).encode(),
        b'{"jsonrpc":"2.0",\t"method":"notifications/message","params":{"level":"info","data":"tab"}}\n',
        b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"crlf"}}\r\n',
        b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"\\u0001 escaped"}}\n',
    ]
    runs = []  # each extend is one read: json_lines formats a run of plain entries in bulk
    for t, direction, lines, analyses in (
        (9.5, Direction.S2C, plain, engine.incoming_many(plain, 9.5, len(rec), None)),
        (9.6, Direction.STDERR, [b"warn \xff\n", b'say "hi" \\ \n'], [engine.note(Kind.STDERR)] * 2),
        (9.7, Direction.STDERR, [b'say "hi" \\ \n', "中文\n".encode()], [engine.note(Kind.STDERR)] * 2),
    ):
        runs.append((len(rec), len(rec) + len(lines)))
        rec.extend(direction, rec.t0 + t, lines, analyses)
    assert all(rec.plain_run(a, b) is not None for a, b in runs)  # the second has bytes that are not UTF-8
    assert rec.plain_run(*runs[2]) == rec.plain_run(*runs[2])  # asked twice (both writers do): the same
    assert rec.plain_run(runs[0][0], runs[1][1]) is None  # two reads: different times
    for a, b in runs:
        assert rec.json_lines(a, b) == b"".join(
            orjson.dumps(rec[i].to_json(), default=str) + b"\n" for i in range(a, b)
        )
    assert (
        sum(1 for i in range(len(rec)) if not rec.violations_at(i) and rec.id_at(i) is None and not rec.extra_at(i))
        >= 8
    )
    slow = b"".join(orjson.dumps(rec[i].to_json(), default=str) + b"\n" for i in range(len(rec)))
    assert rec.json_lines(0, len(rec)) == slow
    assert rec.json_lines(3, 7) == b"".join(orjson.dumps(rec[i].to_json(), default=str) + b"\n" for i in range(3, 7))
    assert rec.json_lines(5, 5) == b""


# ---------------------------------------------------------------------- bounded lines and notes

LIMIT = 1 << 18  # a small max_line (the least the loader takes is one read block, 128 KiB)


def _entry_line(seq: int, raw: str, **more: object) -> bytes:
    d = {
        "seq": seq,
        "t": seq / 10,
        "dir": "s2c",
        "kind": "notification",
        "method": "notifications/message",
        "id": None,
        "raw": raw,
        "state": "operating",
        "violations": [],
        "schema_ok": None,
        **more,
    }
    return orjson.dumps(d) + b"\n"


def _header_line() -> bytes:
    return orjson.dumps({"format": "mcp-session-inspector/recording", "version": 2, "transport": "stdio"}) + b"\n"


@pytest.mark.parametrize("tail", ["", 'é😀\\"\n\t\x01'])
def test_a_line_past_the_limit_keeps_its_first_bytes_and_loading_goes_on(tmp_path: Path, tail: str) -> None:
    """The entry keeps the members written before its bytes and a prefix of its bytes (cut where a
    whole character ends, escapes decoded), marked damaged and described; the next entries load
    with their numbers; the window's stepwise loader gives the same."""
    message = '{"jsonrpc":"2.0","method":"notifications/message","params":{"data":"' + ("x" + tail) * (
        3 * LIMIT // (1 + len(tail))
    )
    assert len(message) > 2 * LIMIT
    lines = [
        _header_line(),
        _entry_line(0, "first"),
        _entry_line(1, message),
        _entry_line(2, "after"),
        _entry_line(3, "last"),
    ]
    path = write(tmp_path / "long.jsonl", lines)
    rec = Recording.load(path, max_line=LIMIT)
    assert len(rec) == 4 and rec.raw_at(2) == b"after" and rec.raw_at(3) == b"last"
    kept = rec.raw_at(1)
    whole = message.encode()
    assert len(whole) > len(kept) >= LIMIT // 3 and whole.startswith(kept)  # escapes take room in the line
    assert (
        rec.method_at(1) == "notifications/message"
        and rec.direction_at(1) is Direction.S2C
        and rec.kind_at(1) is Kind.NOTIFICATION
    )
    assert "longer than the limit of 262,144" in rec.extra_at(1)["damaged"]
    assert [line for line, _ in rec.load_problems] == [3] and rec.load_problem_count == 1
    assert (
        f"{len(lines[2]) - 1:,} bytes, longer than the limit of 262,144: "
        f"the first {len(kept):,} bytes of its message are kept" in rec.load_problems[0][1]
    )
    from inspector.session.recording import RecordingLoader

    loader = RecordingLoader(path, max_line=LIMIT)
    stepped = loader.begin()
    while not loader.step(0.001):
        pass
    assert [stepped.raw_at(i) for i in range(len(stepped))] == [rec.raw_at(i) for i in range(len(rec))]
    assert stepped.load_problems == rec.load_problems


def test_an_entry_written_in_slices_keeps_its_members_past_the_limit(tmp_path: Path) -> None:
    """A huge entry is written members first, its bytes (and raw_b64) last: cut, it keeps all
    of them (state, violations, the exchange's extras) and the start of its bytes."""
    from inspector.protocol.engine import Analysis
    from inspector.protocol.lifecycle import State

    rec = Recording()
    big = (
        b'{"jsonrpc":"2.0","id":1,"result":{"text":"' + b"\xff" + b"y" * (2 << 20) + b'"}}'
    )  # over LARGE_ENTRY: written in slices
    a = Analysis(Kind.RESULT, State.OPERATING)
    a.id, a.violations = 1, ("jsonrpc.parse-error",)
    rec.append(Direction.S2C, 0.5, big, a, {"dropped": 7})
    rec.append(Direction.S2C, 0.6, b"after", Analysis(Kind.NOISE, State.OPERATING))
    path = tmp_path / "sliced.jsonl"
    rec.write_to(path).close()
    loaded = Recording.load(path, max_line=LIMIT)
    assert len(loaded) == 2 and loaded.raw_at(1) == b"after"
    assert (
        loaded.violations_at(0) == ("jsonrpc.parse-error",)
        and loaded.state_at(0) is State.OPERATING
        and loaded.id_at(0) == 1
    )
    assert loaded.extra_at(0)["dropped"] == 7 and "damaged" in loaded.extra_at(0)
    kept = loaded.raw_at(0)
    assert (
        kept.startswith(b'{"jsonrpc":"2.0","id":1,"result":{"text":"\xef\xbf\xbd') and len(kept) >= LIMIT - 200
    )  # U+FFFD: raw_b64 was past the limit


def test_a_line_past_the_limit_that_is_no_entry_is_an_unreadable_line(tmp_path: Path) -> None:
    lines = [_header_line(), _entry_line(0, "first"), b"#" * (3 * LIMIT) + b"\n", _entry_line(2, "after")]
    rec = Recording.load(write(tmp_path / "junk.jsonl", lines), max_line=LIMIT)
    assert len(rec) == 3 and rec.raw_at(2) == b"after"
    assert rec.extra_at(1) == {"event": "unreadable", "line": 3}  # a placeholder keeps the numbers
    assert rec.load_problems == [
        (
            3,
            f"{3 * LIMIT:,} bytes, longer than the limit of 262,144; "
            "its first bytes are no entry, the rest was skipped",
        )
    ]
    cut_at_end = write(tmp_path / "junk-end.jsonl", lines[:3] + [b"{" * (3 * LIMIT)])  # no line end
    rec = Recording.load(cut_at_end, max_line=LIMIT)
    assert len(rec) == 1 and rec.load_problem_count == 2 and "the file ends inside it" in rec.load_problems[1][1]


def test_a_header_past_the_limit_keeps_its_first_members(tmp_path: Path) -> None:
    header = (
        orjson.dumps(
            {
                "format": "mcp-session-inspector/recording",
                "version": 2,
                "transport": "stdio",
                "command": "z" * (3 * LIMIT),
            }
        )
        + b"\n"
    )
    rec = Recording.load(
        write(tmp_path / "header.jsonl", [header, _entry_line(0, "first"), _entry_line(1, "second")]), max_line=LIMIT
    )
    assert len(rec) == 2 and rec.raw_at(1) == b"second"
    assert rec.header["transport"] == "stdio" and "command" not in rec.header
    assert rec.load_problems == [
        (
            1,
            f"the header is {len(header) - 1:,} bytes, longer than the limit of 262,144: "
            "only its first members were read",
        )
    ]
    not_ours = orjson.dumps({"format": "something else", "pad": "z" * (3 * LIMIT)}) + b"\n"
    with pytest.raises(RecordingError, match="not a recording"):
        Recording.load(write(tmp_path / "other.jsonl", [not_ours]), max_line=LIMIT)


def test_unreadable_lines_are_described_up_to_a_cap_and_counted_beyond_it(tmp_path: Path) -> None:
    """1,500 bad lines, then the entry numbered after them: every number kept, the first 1,000
    lines described (their placeholders too), the other 500 counted and sharing one text."""
    from inspector.session.recording import MAX_LOAD_PROBLEMS

    bad = MAX_LOAD_PROBLEMS + 500
    lines = [_header_line(), _entry_line(0, "first"), *[b"damaged {\n"] * bad, _entry_line(1 + bad, "after")]
    rec = Recording.load(write(tmp_path / "bad.jsonl", lines))
    assert len(rec) == bad + 2 and rec.raw_at(bad + 1) == b"after"
    assert rec.load_problem_count == bad and len(rec.load_problems) == MAX_LOAD_PROBLEMS
    assert rec.raw_at(1).startswith(b"entry 1 could not be read from line 3: not JSON")
    shared = rec.raw_at(MAX_LOAD_PROBLEMS + 1)
    assert shared.startswith(
        b"an entry that could not be read: one of 500 more unreadable lines between line 1003 and line 1502"
    )
    assert all(rec.raw_at(i) is shared for i in range(MAX_LOAD_PROBLEMS + 1, bad + 1))
    assert rec.extra_at(bad) == {"event": "unreadable", "line": None} and rec.kind_at(bad) is Kind.NOTE


@pytest.mark.parametrize(
    "lines",
    [
        [b'say "hi"\n', "中文 \u2028 \u2029 \x7f 🙂\n".encode(), b"\x01\x02\x1f\t\r\n", b"\n", b"", b"no newline"],
        [b'{"jsonrpc":"2.0","method":"notifications/message","params":{"data":"' + b"x" * 300_000 + b'"}}\n'] * 3,
        [b"nul \x00 inside\n", b"plain\n"],  # a NUL: line by line
        [b"back \\ slash\n", b"plain\n"],  # a backslash: line by line
        [b"only one\n"],
        [b"ok\n", b"bad \xff\n"],  # not UTF-8: entry by entry
        [b"ok\n", b"cut \xe4\xb8\n", b"\xad after\n"],  # a sequence cut across lines stays invalid
        [b"ok\n", "\ud800".encode("utf-8", "surrogatepass") + b"\n"],
        [b"\\u0000 as text\n", b"plain\n"],
    ],
)
def test_json_lines_of_an_odd_plain_run_are_the_entries_to_json(lines: list[bytes]) -> None:
    """A plain run's bytes formatted by json_lines' run-at-once way are exactly what
    Entry.to_json says line by line, for odd bytes: quotes, control characters, U+2028, DEL,
    empty lines, a line without its newline, huge lines, a NUL, a backslash, the text of an
    escape, bytes that are not UTF-8 (one line, or a sequence cut across two), a lone surrogate
    (a guard for any cheaper way of formatting the run's bytes as JSON strings)."""
    from inspector.protocol.engine import ProtocolEngine

    engine = ProtocolEngine()
    rec = Recording()
    rec.extend(Direction.STDERR, 1.0, lines, [engine.note(Kind.STDERR)] * len(lines))
    assert rec.plain_run(0, len(rec)) is not None
    slow = b"".join(orjson.dumps(rec[i].to_json(), default=str) + b"\n" for i in range(len(rec)))
    assert rec.json_lines(0, len(rec)) == slow
    assert rec.json_lines(1, len(rec)) == slow.split(b"\n", 1)[1]
