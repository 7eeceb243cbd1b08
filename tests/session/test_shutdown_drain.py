"""Nothing is dropped at shutdown (issue 21): after the shutdown begins, every pipe is read to its
end, however long the flood, and the exit is recorded; whatever is ever left unread is counted,
recorded and fails the probe.

The servers are real pipelines started from argv lists: ``sh -c 'python flood_pipe.py ... | tee
FILE'``, so FILE holds a copy of every byte the server wrote to its stdout, compared with the
recording byte for byte. The flood is still running when the shutdown begins: the fixture writes
millions of lines without reading stdin, so the client's close of stdin waits in the pipe behind
them, and the server exits only once everything has gone into the pipe - seconds of output still
to take in after the exit (the old session gave its pump 5 s, then cut it off: 1.93 of 2.1 million
lines recorded, no exit, "exit status unknown", exit 0).

The one bounded wait left - a pipe that a process outside the server's group holds after the
server and its group are gone - loses nothing when the pipe is silent; when that process keeps
writing, reading stops after the drain grace and that is counted, recorded and fails the probe
(exit 7), as is anything a consumer that stopped early left behind.
"""

from __future__ import annotations

import hashlib
import os
import signal
import subprocess
import sys
from pathlib import Path

import anyio
import orjson
import pytest
from peers import FIXTURES

from inspector.cli import EXIT_OK, EXIT_UNREAD
from inspector.protocol.engine import ClientConfig
from inspector.protocol.versions import EraMode
from inspector.session import Direction, Session, SessionOptions
from inspector.session import shutdown as shutdown_module
from inspector.transport.base import ExitInfo, Frames, StdioSpec
from inspector.transport.memory import MemoryTransport, memory_pair
from inspector.transport.stdio import StdioTransport

FLOOD = str(FIXTURES / "flood_pipe.py")
BOUND = 120.0  # a loaded 2-core machine; each test takes seconds


def sh(script: str) -> list[str]:
    """The server: a shell pipeline, started from an argv list (the shell is the server under test)."""
    return ["sh", "-c", script]


def probe(tmp_path: Path, *args: str) -> tuple[subprocess.CompletedProcess, Path, str]:
    """Run probe as a user would (its transcript goes to a file: millions of lines)."""
    out = tmp_path / "transcript.txt"
    record = tmp_path / "recording.jsonl"
    with open(out, "wb") as f:
        run = subprocess.run(
            [sys.executable, "-m", "inspector", "probe", "--record", str(record), *args],
            stdout=f,
            stderr=subprocess.PIPE,
            text=True,
            timeout=BOUND,
        )
    with open(out, "rb") as f:
        f.seek(max(0, os.path.getsize(out) - 6000))
        tail = f.read().decode("utf-8", "replace")
    return run, record, tail


def read_recording(path: Path) -> tuple[str, int, list[dict], dict]:
    """The recording file: the sha256 of its server bytes (s2c, in order), how many there are,
    its entries other than s2c and its summary."""
    digest = hashlib.sha256()
    s2c = 0
    others: list[dict] = []
    with open(path, "rb") as f:
        f.readline()  # header
        lines = f.readlines()
    summary = orjson.loads(lines.pop())
    for line in lines:
        if b'"dir":"s2c"' in line:
            digest.update(orjson.loads(line)["raw"].encode())
            s2c += 1
        else:
            others.append(orjson.loads(line))
    return digest.hexdigest(), s2c, others, summary


def file_digest(path: Path) -> tuple[str, int]:
    data = path.read_bytes()
    return hashlib.sha256(data).hexdigest(), data.count(b"\n")


# ---------------------------------------------------------------------- probe, the command line


def test_probe_records_a_two_million_line_flood_to_its_last_byte_and_the_exit(tmp_path: Path) -> None:
    """The server answers initialize and floods 2.1 million lines; the probe, with no requests,
    begins the shutdown at once (closes stdin) while the flood runs. The server exits on the
    closed stdin only after its last line went into the pipe. Everything it wrote is in the
    recording, in order, byte for byte as tee saw it, then stdout's end and the exit."""
    tee = tmp_path / "tee.out"
    run, record, tail = probe(
        tmp_path,
        "--era",
        "legacy",
        "--stdin-grace",
        "60",
        "--",
        *sh(f"{sys.executable} {FLOOD} --initialize --lines 1400000 --noise 600000 | tee {tee}"),
    )
    assert run.returncode == EXIT_OK, run.stderr
    digest, s2c, others, summary = read_recording(record)
    want_digest, want_lines = file_digest(tee)
    assert want_lines == 1 + 1_400_000 + 600_000  # the initialize answer, the notifications, the noise
    assert s2c == want_lines
    assert digest == want_digest
    events = [e["event"] for e in others if e["dir"] == "event"]
    assert events[-1] == "exited" and {"stdout_closed", "stderr_closed"} <= set(events[:-1])
    assert (
        "stdin_closed" in events and "sigterm_sent" not in events
    )  # the shutdown began mid-flood, and it ended as the spec wants
    exited = others[-1]
    assert exited["returncode"] == 0 and exited["raw"] == "exited with code 0"
    assert summary["exit_code"] == 0 and summary["shutdown"] == "stdin" and summary["unread"] is None
    assert summary["counts"]["by_dir"]["s2c"] == want_lines
    assert "output_unread" not in events
    assert "process           exit code 0 (it exited when stdin closed)" in tail
    assert "exit              0 (ok)" in tail
    assert "NOT RECORDED" not in tail


#: A process that leaves the server's group (setsid), waits for the server (pid argv[1]) to be
#: gone, then writes 64 KiB lines to the stdout it inherited, up to about 30 MB/s, until the pipe breaks.
WRITER = """\
import os, sys, time
server, pidfile = int(sys.argv[1]), sys.argv[2]
while True:
    try:
        os.kill(server, 0)
    except ProcessLookupError:
        break
    time.sleep(0.02)
with open(pidfile, "w") as f:
    f.write(str(os.getpid()))
line = b"x" * 65535 + b"\\n"
end = time.monotonic() + 60
while time.monotonic() < end:
    os.write(1, line)
    time.sleep(0.002)
"""


def test_probe_says_what_a_writer_outside_the_group_left_unread_and_exits_7(tmp_path: Path) -> None:
    """The one bounded wait: a process outside the server's process group (setsid) that keeps
    writing to the server's stdout after the server and its group are gone is read for the
    drain grace, then reading stops. That is said - in the recording (stdout_closed,
    output_unread), the summary's unread and on stderr - and the probe exits 7."""
    pidfile = tmp_path / "writer.pid"
    writer = tmp_path / "writer.py"
    writer.write_text(WRITER)
    server = f"setsid {sys.executable} {writer} $$ {pidfile} & exec {sys.executable} {FLOOD} --initialize --lines 0"
    try:
        run, record, tail = probe(tmp_path, "--era", "legacy", "--stdin-grace", "5", "--", *sh(server))
    finally:
        if pidfile.exists():  # the writer dies of SIGPIPE once the probe is gone; make sure
            try:
                os.kill(int(pidfile.read_text()), signal.SIGKILL)
            except (ProcessLookupError, ValueError):
                pass
    assert run.returncode == EXIT_UNREAD, run.stderr
    _digest, s2c, others, summary = read_recording(record)
    assert s2c > 1 + 64  # the initialize answer and more than 4 MiB of the writer's lines were recorded
    closed = next(e for e in others if e.get("event") == "stdout_closed")
    assert "still written to" in closed["raw"] and "by a process outside the group" in closed["raw"]
    (unread,) = summary["unread"]
    assert unread["stream"] == "stdout" and unread["more"] is True and unread["bytes"] == 0
    entry = next(e for e in others if e.get("event") == "output_unread")
    assert entry["raw"].startswith(
        "whatever the server's stdout carried after reading stopped was not recorded: still written to"
    )
    assert [e.get("event") for e in others if e["dir"] == "event"][-2:] == ["exited", "output_unread"]
    assert summary["exit_code"] == 0
    assert "NOT RECORDED      whatever the server's stdout carried after reading stopped" in tail
    assert "exit              7 (whatever the server's stdout carried" in tail
    assert (
        "mcp-session-inspector: whatever the server's stdout carried after reading stopped was not recorded"
        in run.stderr
    )


# ---------------------------------------------------------------------- the Session API


def options(argv: list[str], **kw) -> SessionOptions:
    return SessionOptions(transport=StdioSpec(argv), config=ClientConfig(era=EraMode.LEGACY), **kw)


@pytest.mark.anyio
async def test_a_pipeline_that_outlives_its_shell_is_read_to_its_end(tmp_path: Path) -> None:
    """The server (``exec sleep``) ignores the closed stdin and SIGTERM ends it, while the flood
    it started in its process group ignores SIGTERM and goes on writing for seconds, block by
    block: the readers read on while anything of the group lives (it gets the term grace), to
    end-of-file, and only then report the exit. Before, reading stopped once the pipe had been
    waited on for 1 s after the server's exit, in the middle of the flood."""
    tee = tmp_path / "tee.out"
    script = f"(trap '' TERM; {sys.executable} {FLOOD} --lines 400000 --pause 0.08 | tee {tee}) & exec sleep 60"
    session = Session(options(sh(script), stdin_grace=0.2, term_grace=60.0))
    with anyio.fail_after(BOUND):
        async with session:
            pass  # leaving at once: the shutdown begins while the flood runs
    rec = session.recording
    raws = [rec.raw_at(i) for i in range(len(rec)) if rec.direction_at(i) is Direction.S2C]
    want = tee.read_bytes()
    assert len(raws) == 400_000 == want.count(b"\n")
    assert b"".join(raws) == want
    events = [rec.extra_at(i).get("event") for i in range(len(rec)) if rec.direction_at(i) is Direction.EVENT]
    assert (
        events.index("sigterm_sent")
        < events.index("group_survived")
        < events.index("group_gone")
        < events.index("exited")
        == len(events) - 1
    )
    assert session.signal == signal.SIGTERM and session.exit_info.escalation == "sigterm"
    assert session.unread == [] and rec.summary["unread"] is None


@pytest.mark.anyio
async def test_a_consumer_that_stops_early_is_told_what_it_left() -> None:
    """The transport's own account: a consumer that leaves while the server still floods leaves
    events queued and a pipe unread; ``unread`` counts the bytes read and never delivered and
    says reading stopped before the end (before the transport closes it says nothing)."""
    lines = 1_000_000
    argv = [sys.executable, FLOOD, "--lines", str(lines)]
    transport = StdioTransport(StdioSpec(argv))
    delivered = 0
    with anyio.fail_after(BOUND):
        async with transport:
            async for ev in transport.events():
                if type(ev) is Frames:
                    delivered += sum(map(len, ev.items))
                    if delivered > 1 << 20:
                        break
            await transport.shutdown(grace=0.1, force_grace=2.0)  # SIGTERM ends the flood
            assert transport.unread == []  # not closed yet: nothing is lost so far
    (unread,) = transport.unread
    assert unread["stream"] == "stdout"
    # Which way it ends is a race with SIGTERM, and each is said as it is: the reader was still
    # waiting on the full queue when the transport closed (more followed, unknown), or the flood
    # died first and the reader reached end-of-file (everything read is counted, nothing more).
    if unread["more"]:
        assert "the transport was closed before the stream ended" in unread["why"]
    else:
        assert unread["why"] == "the consumer stopped taking events before the end of the stream"
    # The queue (256 reads of up to 64 KiB) held what was read and never delivered: counted.
    assert 0 < unread["bytes"] <= 258 * 65536  # (and the read in hand, the last partial line)
    written = sum(
        len(b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":%d}}\n' % i)
        for i in range(lines)
    )
    assert delivered + unread["bytes"] < written  # only what was read is counted, never guessed


class _NeverEnds:
    """The in-memory transport, except that its output never ends after the shutdown (a
    stand-in for one that hangs: the stdio transport itself always ends, at the latest a drain
    grace after the process). Everything but entering, leaving and the shutdown is the inner one's."""

    def __init__(self, inner: MemoryTransport) -> None:
        self.inner = inner

    def __getattr__(self, name: str) -> object:
        return getattr(self.inner, name)

    async def __aenter__(self) -> _NeverEnds:
        await self.inner.__aenter__()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.shutdown()

    async def shutdown(self, grace: float = 2.0, force_grace: float = 2.0, *, before_step=None) -> ExitInfo:
        self.inner.close_stdin()
        return ExitInfo(returncode=None, signal=None, escalation="sigkill")


@pytest.mark.anyio
async def test_a_pump_that_takes_in_nothing_is_given_up_and_that_is_recorded(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pump has no time limit, only a limit on silence: when nothing at all comes in for
    PUMP_STALL seconds while the shutdown waits for the end of the output, the session stops
    waiting - and says so (output_unread, the summary's unread), never silently."""
    monkeypatch.setattr(shutdown_module, "PUMP_STALL", 0.3)
    link_transport, peer = memory_pair()
    transport = _NeverEnds(link_transport)
    session = Session(options(["unused"]), transport=transport)
    with anyio.fail_after(10):
        async with session:
            await peer.write(b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":1}}\n')
            while not any(session.recording.direction_at(i) is Direction.S2C for i in range(len(session.recording))):
                await anyio.sleep(0.01)
    (unread,) = session.unread
    assert unread == {
        "stream": "stdout",
        "bytes": 0,
        "more": True,
        "why": (
            "the inspector stopped waiting for the server's output: nothing came in for 0.3 s while the shutdown "
            "waited for its end"
        ),
    }
    rec = session.recording
    last = len(rec) - 1
    assert rec.extra_at(last)["event"] == "output_unread"
    assert rec.raw_at(last).startswith(
        b"whatever the server's stdout carried after reading stopped was not recorded: the inspector stopped waiting"
    )
    assert rec.summary["unread"] == [unread]
