"""session.format_worker: probe's two outputs formatted and written by a forked helper. Its
files are byte for byte what the writers make in this process; a write that fails there is
reported here (the failure callback, the recording's close); the probe's own files are the
same with and without it. The helper is a real process on real pipes and files."""

from __future__ import annotations

import errno
import os
import re
import subprocess
import sys
from pathlib import Path

import orjson
import pytest

from inspector.protocol.engine import ProtocolEngine
from inspector.protocol.messages import Kind
from inspector.session import Direction, Recording
from inspector.session.entry_text import transcript_bytes
from inspector.session.format_worker import OUT, RECORD, FormatWorker, Sink, worker_allowed
from inspector.session.recording import RecordingWriter

ROOT = Path(__file__).resolve().parents[2]
NOTE = b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"m %d"}}\n'
PLAIN_ODD = [  # plain entries whose bytes take the writers' slower ways
    b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"a \\"q\\" \\\\ b"}}\n',
    (
        '{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"é 中文 \u2028 \x7f"}}\n'
    ).encode(),
    b'{"jsonrpc":"2.0",\t"method":"notifications/message","params":{"level":"info","data":"tab"}}\n',
    b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"crlf"}}\r\n',
    b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"' + b"x" * 300 + b'"}}\n',
]


def sample(setup=None) -> tuple[Recording, list[tuple[int, int]]]:
    """A recording of batches as a session appends them (``setup`` sees it empty; each batch
    is told to the listeners): plain runs (a flood's reads, odd bytes, stderr that is not
    UTF-8) and batches that are not (an answer, noise, a violation)."""
    rec = Recording(t0=100.0)
    if setup is not None:
        setup(rec)
    engine = ProtocolEngine()
    batches: list[tuple[int, int]] = []

    def add(t: float, direction: Direction, lines: list[bytes], analyses: list) -> None:
        batches.append((len(rec), len(rec) + len(lines)))
        rec.extend(direction, 100.0 + t, lines, analyses)
        rec.notify()

    for k in range(6):
        lines = [NOTE % (k * 1000 + i) for i in range(300)]
        add(0.1 * k + 0.01, Direction.S2C, lines, engine.incoming_many(lines, 0.1 * k, len(rec), None))
    add(1.0, Direction.S2C, PLAIN_ODD, engine.incoming_many(PLAIN_ODD, 1.0, len(rec), None))
    add(1.1, Direction.STDERR, [b"warn \xff\n", b'say "hi" \\ \n'], [engine.note(Kind.STDERR)] * 2)
    mixed = [NOTE % 1, b"noise\n", b'{"jsonrpc":"2.0","id":9,"result":{}}\n', b'{"jsonrpc":"2.0","method":"x/y"}\n']
    add(1.2, Direction.S2C, mixed, engine.incoming_many(mixed, 1.2, len(rec), None))
    return rec, batches


def test_a_plain_batch_is_formatted_as_the_recording_it_came_from() -> None:
    """What the helper rebuilds from a plain run's fields formats exactly as the original."""
    rec, batches = sample()
    plain = [(a, b) for a, b in batches if rec.plain_run(a, b) is not None]
    assert len(plain) == 8  # six reads of the flood, the odd bytes, the stderr
    for a, b in plain:
        code, method, t = rec.plain_run(a, b)  # type: ignore[misc]
        part = Recording.plain_batch(a, t, code, method, rec.raws(a, b))
        assert part.json_lines(a, b) == rec.json_lines(a, b)
        assert transcript_bytes(part, a, b) == transcript_bytes(rec, a, b)
        assert len(part) == b and part.plain_run(a, b) == rec.plain_run(a, b)


def _direct(rec: Recording, batches: list[tuple[int, int]], as_json: bool) -> tuple[bytes, bytes]:
    record = b"".join(rec.json_lines(a, b) for a, b in batches)
    out = b"".join(rec.json_lines(a, b) if as_json else transcript_bytes(rec, a, b) for a, b in batches)
    return record, out


def _run_worker(
    rec: Recording, batches: list[tuple[int, int]], record_fd: int | None, out_fd: int | None, as_json: bool
) -> tuple[FormatWorker, list[tuple[int, OSError]]]:
    failures: list[tuple[int, OSError]] = []
    assert worker_allowed(), "the test process runs threads: no helper can be forked"
    worker = FormatWorker.start(
        rec, record_fd=record_fd, out_fd=out_fd, out_json=as_json, on_failure=lambda t, e: failures.append((t, e))
    )
    assert worker is not None
    sinks = {target: Sink(worker, target) for target in (RECORD, OUT)}

    def spill(target: int, fmt):  # what the writers do for a batch that is not plain: their bytes
        return lambda a, b: sinks[target].write(fmt(a, b))

    writers = []
    if record_fd is not None:
        writers.append(spill(RECORD, rec.json_lines))
    if out_fd is not None:
        writers.append(spill(OUT, rec.json_lines if as_json else lambda a, b: transcript_bytes(rec, a, b)))
    worker.take(writers, None, batches[0][0])
    for a, b in batches:
        worker.on_batch(a, b)
    return worker, failures


@pytest.mark.parametrize("as_json", [False, True])
def test_the_helper_writes_both_files_as_this_process_would(tmp_path: Path, as_json: bool) -> None:
    rec, batches = sample()
    record_path, out_path = tmp_path / "r.jsonl", tmp_path / "out"
    with open(record_path, "wb") as record, open(out_path, "wb") as out:
        worker, failures = _run_worker(rec, batches, record.fileno(), out.fileno(), as_json)
        Sink(worker, RECORD).close()  # waits until the helper closed it
        worker.finish()
    assert failures == [] and worker.failed == {}
    expected_record, expected_out = _direct(rec, batches, as_json)
    assert record_path.read_bytes() == expected_record
    assert out_path.read_bytes() == expected_out


def test_the_writer_hands_its_file_over_and_closes_it_with_the_summary(tmp_path: Path) -> None:
    """RecordingWriter's part, as probe wires it: the header here, then the helper is the
    recording's listener; the entries and the summary are written there."""
    alone_rec, _ = sample()
    RecordingWriter(tmp_path / "alone.jsonl", alone_rec).close({"exit": 0})
    failures: list[tuple[int, OSError]] = []
    parts: dict[str, object] = {}

    def setup(rec: Recording) -> None:
        writer = parts["writer"] = RecordingWriter(tmp_path / "shared.jsonl", rec)
        fd = writer.handover_fd()
        assert fd is not None
        worker = FormatWorker.start(
            rec, record_fd=fd, out_fd=None, out_json=False, on_failure=lambda t, e: failures.append((t, e))
        )
        assert worker is not None
        parts["worker"] = worker
        writer.hand_over(Sink(worker, RECORD))
        worker.take([writer.on_batch], writer.written_elsewhere, len(rec))
        rec.add_listener(worker)

    rec, batches = sample(setup)
    worker, writer = parts["worker"], parts["writer"]
    assert isinstance(worker, FormatWorker) and isinstance(writer, RecordingWriter)
    rec.remove_listener(worker)
    writer.close({"exit": 0})
    worker.finish()
    assert failures == []
    lines = lambda p: [orjson.loads(x) for x in p.read_bytes().splitlines()]  # noqa: E731
    got, want = lines(tmp_path / "shared.jsonl"), lines(tmp_path / "alone.jsonl")
    assert got[0].keys() == want[0].keys() and got[1:] == want[1:]  # the header's creation time may differ
    assert len(got) == batches[-1][1] + 2


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
def test_a_full_disk_in_the_helper_is_reported_and_raised_at_close() -> None:
    rec, batches = sample()
    fd = os.open("/dev/full", os.O_WRONLY)
    try:
        worker, failures = _run_worker(rec, batches, fd, None, False)
        with pytest.raises(OSError) as raised:
            Sink(worker, RECORD).close()
        worker.finish()
    finally:
        os.close(fd)
    assert raised.value.errno == errno.ENOSPC
    assert [(t, e.errno) for t, e in failures] == [(RECORD, errno.ENOSPC)]


def test_a_reader_that_closed_the_output_is_reported_once_and_the_recording_goes_on(tmp_path: Path) -> None:
    rec, batches = sample()
    read_end, write_end = os.pipe()
    os.close(read_end)
    with open(tmp_path / "r.jsonl", "wb") as record:
        try:
            worker, failures = _run_worker(rec, batches, record.fileno(), write_end, False)
            Sink(worker, RECORD).close()
            worker.finish()
        finally:
            os.close(write_end)
    assert [(t, e.errno) for t, e in failures] == [(OUT, errno.EPIPE)]
    assert (tmp_path / "r.jsonl").read_bytes() == _direct(rec, batches, False)[0]


def _probe(tmp_path: Path, name: str, worker: bool) -> tuple[subprocess.CompletedProcess, list[dict]]:
    record = tmp_path / f"{name}.jsonl"
    env = dict(os.environ, MCP_INSPECTOR_FORMAT_WORKER="1" if worker else "0")
    server = [sys.executable, str(ROOT / "tests/fixtures/servers/misbehave.py"), "--mode", "flood", "--count", "5000"]
    argv = [sys.executable, "-m", "inspector", "probe", "--record", str(record), "--", *server]
    done = subprocess.run(argv, capture_output=True, env=env, cwd=ROOT, timeout=120, stdin=subprocess.DEVNULL)
    return done, [orjson.loads(line) for line in record.read_bytes().splitlines()]


def test_probe_writes_the_same_files_with_and_without_the_helper(tmp_path: Path) -> None:
    """A real flood through probe --record: every entry and every transcript line is the
    same both ways, but for the clocks and the server's process id."""
    with_helper, recorded = _probe(tmp_path, "helper", True)
    alone, recorded_alone = _probe(tmp_path, "alone", False)
    assert with_helper.returncode == alone.returncode == 0, with_helper.stderr

    def same(entry: dict) -> dict:
        return {k: v for k, v in entry.items() if k not in ("t", "latency", "pid", "created", "duration_s", "seq")}

    def closing(entry: dict) -> bool:  # the ends of the server's two pipes come in either order (each run's race)
        return entry.get("event") in ("stdout_closed", "stderr_closed")

    def by_event(entries: list[dict]) -> list[dict]:
        return sorted((same(e) for e in entries if closing(e)), key=lambda e: str(e.get("event")))

    assert len(recorded) == len(recorded_alone) > 5000
    body, body_alone = recorded[1:-1], recorded_alone[1:-1]
    assert [e["seq"] for e in body] == [e["seq"] for e in body_alone]
    assert [same(e) for e in body if not closing(e)] == [same(e) for e in body_alone if not closing(e)]
    assert by_event(body) == by_event(body_alone) and len(by_event(body)) == 2
    assert recorded[-1].get("exit") == recorded_alone[-1].get("exit") == 0

    def lines(run: subprocess.CompletedProcess) -> list[bytes]:  # but for the time column and latencies
        entry = [line[:5] + line[16:] if line[:5].strip().isdigit() else line for line in run.stdout.splitlines()]
        return [re.sub(rb"  [0-9.]+ (ms|s)$", b"", line) for line in entry]

    a, b = lines(with_helper), lines(alone)
    assert len(a) == len(b) > 10000
    assert a == b


@pytest.mark.anyio
async def test_drained_knows_every_failure_the_helper_met(tmp_path: Path) -> None:
    """Once drained() returns (watch() reading the reports from the loop), a write that failed in
    the helper has reached the callback: the exit the summary records knows of it."""
    import anyio

    rec, batches = sample()
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        with open(tmp_path / "r.jsonl", "wb") as record:
            worker, failures = _run_worker(rec, batches, record.fileno(), write_end, False)
            async with anyio.create_task_group() as tg:
                tg.start_soon(worker.watch)
                await worker.drained()
                assert [(t, e.errno) for t, e in failures] == [(OUT, errno.EPIPE)]
                tg.cancel_scope.cancel()
            Sink(worker, RECORD).close()
            worker.finish()
    finally:
        os.close(write_end)
    assert (tmp_path / "r.jsonl").read_bytes() == _direct(rec, batches, False)[0]


def _children(pid: int) -> list[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(p) for p in path.read_text().split()] if path.exists() else []


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="no /proc here")
def test_a_helper_that_is_killed_fails_both_outputs_with_how_it_ended(tmp_path: Path) -> None:
    """The probe says so and exits 8 (not the quiet 141 of a reader that closed stdout)."""
    import signal
    import time

    record = tmp_path / "r.jsonl"
    server = [
        sys.executable,
        str(ROOT / "tests/fixtures/servers/misbehave.py"),
        "--mode",
        "flood",
        "--count",
        "5000000",
    ]
    argv = [sys.executable, "-m", "inspector", "probe", "--record", str(record), "--", *server]
    env = dict(os.environ, MCP_INSPECTOR_FORMAT_WORKER="1")
    with open(tmp_path / "out.txt", "wb") as out:
        probe = subprocess.Popen(argv, stdout=out, stderr=subprocess.PIPE, env=env, cwd=ROOT, stdin=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline and (not record.exists() or record.stat().st_size < 1_000_000):
                time.sleep(0.05)
            assert record.stat().st_size >= 1_000_000, "the flood did not start"
            helper_argv = b"\0-m\0inspector\0probe\0"  # the fork's command line is the probe's (the server's is not)
            helpers = [pid for pid in _children(probe.pid) if helper_argv in Path(f"/proc/{pid}/cmdline").read_bytes()]
            assert len(helpers) == 1
            os.kill(helpers[0], signal.SIGKILL)
            _, err = probe.communicate(timeout=120)
        finally:
            if probe.poll() is None:
                probe.kill()
                probe.wait()
    assert probe.returncode == 8, err
    said = err.decode()
    assert (
        f"cannot write the recording {record}: the process writing it (pid {helpers[0]}) is gone: SIGKILL ended it"
        in said
    )
    assert "cannot write the output (stdout): the process writing it" in said
