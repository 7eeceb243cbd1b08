"""StdioTransport against real child processes (small Python scripts, argv lists, no shell)."""

from __future__ import annotations

import os
import random
import shlex
import signal
import stat
import sys
import textwrap
from collections.abc import AsyncIterator, Callable, Sequence
from pathlib import Path

import anyio
import pytest

from inspector.transport import (
    Frames,
    ProcessEvent,
    ProcessEventKind,
    SideLine,
    SpawnError,
    StdioSpec,
    StdioTransport,
    TransportClosed,
    TransportEvent,
)

pytestmark = pytest.mark.anyio

K = ProcessEventKind
# Generous: a loaded 2-core machine may take a second to start Python; tests finish in far less.
BOUND = 20.0
SHORT = 0.3  # a grace period that is meant to run out


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def script(
    code: str,
    *,
    env: dict[str, str] | None = None,
    inherit_env: bool = True,
    cwd: str | None = None,
) -> StdioSpec:
    argv = [sys.executable, "-c", textwrap.dedent(code)]
    return StdioSpec(argv, env=env or {}, inherit_env=inherit_env, cwd=cwd)


def process_kinds(events: Sequence[TransportEvent]) -> list[ProcessEventKind]:
    return [e.kind for e in events if isinstance(e, ProcessEvent)]


def stdout_of(events: Sequence[TransportEvent]) -> bytes:
    return b"".join(item for e in events if isinstance(e, Frames) for item in e.items)


def stderr_lines(events: Sequence[TransportEvent]) -> list[bytes]:
    return [e.data for e in events if isinstance(e, SideLine)]


def the(kind: ProcessEventKind, events: Sequence[TransportEvent]) -> ProcessEvent:
    (event,) = [e for e in events if isinstance(e, ProcessEvent) and e.kind is kind]
    return event


async def read_until(
    stream: AsyncIterator[TransportEvent],
    events: list[TransportEvent],
    done: Callable[[list[TransportEvent]], bool],
) -> None:
    """Pull events into ``events`` until ``done(events)``; fails if the stream ends first."""
    while not done(events):
        events.append(await stream.__anext__())


async def read_rest(stream: AsyncIterator[TransportEvent], events: list[TransportEvent]) -> None:
    async for event in stream:
        events.append(event)


def saw_stdout(needle: bytes) -> Callable[[list[TransportEvent]], bool]:
    return lambda events: needle in stdout_of(events)


async def run_to_end(params: StdioSpec, *, read_size: int = 65536) -> tuple[StdioTransport, list[TransportEvent]]:
    """Start the script and collect every event until the stream ends."""
    events: list[TransportEvent] = []
    with anyio.fail_after(BOUND):
        async with StdioTransport(params, read_size=read_size) as transport:
            await read_rest(transport.events(), events)
    return transport, events


def assert_in_order(kinds: list[ProcessEventKind], *expected: ProcessEventKind) -> None:
    positions = [kinds.index(kind) for kind in expected]
    assert positions == sorted(positions), kinds


# -- data ---------------------------------------------------------------------------------------


ECHO = """
import sys
for line in sys.stdin.buffer:
    sys.stdout.buffer.write(line)
    sys.stdout.buffer.flush()
"""


async def test_echo_round_trip_of_a_4_mib_line_is_byte_exact() -> None:
    rng = random.Random(1)
    payload = rng.randbytes(4 * 1024 * 1024).replace(b"\n", b"\xff") + b"\n"
    events: list[TransportEvent] = []
    with anyio.fail_after(BOUND):
        async with StdioTransport(script(ECHO)) as transport:
            stream = transport.events()
            async with anyio.create_task_group() as tg:
                tg.start_soon(transport.send, payload)
                await read_until(stream, events, lambda ev: len(stdout_of(ev)) >= len(payload))
            info = await transport.shutdown(grace=BOUND)
            await read_rest(stream, events)
    assert stdout_of(events) == payload
    assert info.escalation == "stdin" and info.returncode == 0
    spawned = events[0]
    assert isinstance(spawned, ProcessEvent) and spawned.kind is K.SPAWNED
    assert spawned.pid == transport.pid and spawned.pid is not None
    assert spawned.detail == shlex.join([sys.executable, "-c", textwrap.dedent(ECHO)])


async def test_every_stdout_byte_is_delivered_including_a_partial_last_line() -> None:
    code = """
    import random, sys
    rng = random.Random(7)
    out = sys.stdout.buffer
    for size in [1, 2, 3, 4095, 4096, 4097, 65535, 65536, 65537, 300000, 7]:
        out.write(rng.randbytes(size))
        out.flush()
    out.write(b'{"jsonrpc": "2.0"}\\nnoise \\xff\\xfe\\x00 and a tail without newline')
    """
    rng = random.Random(7)
    expected = b"".join(rng.randbytes(size) for size in [1, 2, 3, 4095, 4096, 4097, 65535, 65536, 65537, 300000, 7])
    expected += b'{"jsonrpc": "2.0"}\nnoise \xff\xfe\x00 and a tail without newline'
    _, events = await run_to_end(script(code), read_size=4096)
    assert stdout_of(events) == expected
    frames = [item for e in events if isinstance(e, Frames) for item in e.items]
    assert frames[-1] == b"noise \xff\xfe\x00 and a tail without newline"  # framed into lines, the tail last
    assert frames[-2].endswith(b'{"jsonrpc": "2.0"}\n') and all(f.endswith(b"\n") for f in frames[:-1])
    assert all(e.channel == "stdout" and e.cut == () for e in events if isinstance(e, Frames))


async def test_stderr_is_split_into_byte_lines_with_a_partial_last_line() -> None:
    code = r"""
    import sys
    err = sys.stderr.buffer
    err.write(b"first line\n\xff\xfe not utf-8\n")
    err.flush()
    err.write(b"split ")
    err.flush()
    err.write(b"across writes\n\nlast, no newline")
    """
    _, events = await run_to_end(script(code))
    assert stderr_lines(events) == [
        b"first line\n",
        b"\xff\xfe not utf-8\n",
        b"split across writes\n",
        b"\n",
        b"last, no newline",
    ]
    kinds = process_kinds(events)
    assert_in_order(kinds, K.SPAWNED, K.STDERR_CLOSED, K.EXITED)


async def test_exit_code_is_recorded_after_all_output() -> None:
    code = """
    import sys
    sys.stdout.write("out\\n")
    sys.stderr.write("err\\n")
    sys.exit(3)
    """
    transport, events = await run_to_end(script(code))
    exited = events[-1]
    assert isinstance(exited, ProcessEvent) and exited.kind is K.EXITED
    assert (exited.returncode, exited.signal) == (3, None)
    assert exited.detail == "exited with code 3"
    assert K.STDOUT_CLOSED in process_kinds(events) and K.STDERR_CLOSED in process_kinds(events)
    assert stdout_of(events) == b"out\n" and stderr_lines(events) == [b"err\n"]
    assert transport.returncode == 3
    assert transport.exit_info is not None
    assert (transport.exit_info.returncode, transport.exit_info.escalation) == (3, "none")


async def test_death_by_signal_is_recorded() -> None:
    code = "import os, signal; os.kill(os.getpid(), signal.SIGTERM)"
    transport, events = await run_to_end(script(code))
    exited = the(K.EXITED, events)
    assert (exited.returncode, exited.signal) == (None, signal.SIGTERM)
    assert exited.detail == "killed by signal 15 (SIGTERM)"
    assert transport.returncode == -signal.SIGTERM
    assert transport.exit_info is not None and transport.exit_info.signal == signal.SIGTERM


# -- spawning -----------------------------------------------------------------------------------


async def test_missing_executable_is_a_spawn_error() -> None:
    with pytest.raises(SpawnError) as raised:
        async with StdioTransport(StdioSpec(["no-such-program-for-the-inspector"])):
            pass
    message = str(raised.value)
    assert "'no-such-program-for-the-inspector'" in message
    assert "no such file or directory" in message and "PATH" in message


async def test_missing_executable_by_path_is_a_spawn_error(tmp_path: Path) -> None:
    missing = str(tmp_path / "server")
    with pytest.raises(SpawnError, match="no such file or directory$"):
        async with StdioTransport(StdioSpec([missing])):
            pass


async def test_non_executable_file_is_a_spawn_error(tmp_path: Path) -> None:
    server = tmp_path / "server.py"
    server.write_text("print('hi')\n")
    server.chmod(stat.S_IRUSR | stat.S_IWUSR)
    with pytest.raises(SpawnError) as raised:
        async with StdioTransport(StdioSpec([str(server)])):
            pass
    assert str(raised.value) == f"cannot start {str(server)!r}: permission denied (is the file executable?)"


async def test_directory_as_executable_is_a_spawn_error(tmp_path: Path) -> None:
    with pytest.raises(SpawnError, match="it is a directory"):
        async with StdioTransport(StdioSpec([str(tmp_path)])):
            pass


async def test_missing_cwd_is_a_spawn_error(tmp_path: Path) -> None:
    cwd = str(tmp_path / "gone")
    with pytest.raises(SpawnError) as raised:
        async with StdioTransport(script("pass", cwd=cwd)):
            pass
    assert str(raised.value) == f"cannot start {sys.executable!r}: the working directory {cwd!r} does not exist"


async def test_file_as_cwd_is_a_spawn_error(tmp_path: Path) -> None:
    cwd = tmp_path / "file"
    cwd.write_text("")
    with pytest.raises(SpawnError, match="is not a directory"):
        async with StdioTransport(script("pass", cwd=str(cwd))):
            pass


async def test_empty_argv_is_a_spawn_error() -> None:
    with pytest.raises(SpawnError, match="empty"):
        async with StdioTransport(StdioSpec([])):
            pass


PRINT_ENV = """
import os
for name in ["INSPECTOR_T_INHERITED", "INSPECTOR_T_OVERRIDDEN", "INSPECTOR_T_EXTRA"]:
    print(name, os.environ.get(name, "-"))
"""


async def test_env_is_merged_over_the_parent_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("INSPECTOR_T_INHERITED", "parent")
    monkeypatch.setenv("INSPECTOR_T_OVERRIDDEN", "parent")
    env = {"INSPECTOR_T_OVERRIDDEN": "params", "INSPECTOR_T_EXTRA": "params"}
    _, events = await run_to_end(script(PRINT_ENV, env=env))
    assert stdout_of(events).decode().split() == [
        "INSPECTOR_T_INHERITED", "parent",
        "INSPECTOR_T_OVERRIDDEN", "params",
        "INSPECTOR_T_EXTRA", "params",
    ]  # fmt: skip


async def test_env_replaces_the_parent_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("INSPECTOR_T_INHERITED", "parent")
    env = {"INSPECTOR_T_EXTRA": "params"}
    code = PRINT_ENV + "print(sorted(os.environ))\n"
    _, events = await run_to_end(script(code, env=env, inherit_env=False))
    lines = stdout_of(events).decode().splitlines()
    assert lines[:3] == [
        "INSPECTOR_T_INHERITED -",
        "INSPECTOR_T_OVERRIDDEN -",
        "INSPECTOR_T_EXTRA params",
    ]
    assert "PATH" not in lines[3]  # nothing leaked from the parent


async def test_cwd(tmp_path: Path) -> None:
    _, events = await run_to_end(script("import os; print(os.getcwd())", cwd=str(tmp_path)))
    assert Path(stdout_of(events).decode().strip()).resolve() == tmp_path.resolve()


# -- shutdown -----------------------------------------------------------------------------------


EXITS_ON_EOF = """
import sys
print("ready", flush=True)
sys.stdin.buffer.read()
print("saw EOF", flush=True)
"""

IGNORES_EOF = """
import time
print("ready", flush=True)
while True:
    time.sleep(0.05)
"""

IGNORES_SIGTERM = """
import signal, time
signal.signal(signal.SIGTERM, signal.SIG_IGN)
print("ready", flush=True)
while True:
    time.sleep(0.05)
"""


async def shut_down_when_ready(
    code: str, grace: float, force_grace: float
) -> tuple[StdioTransport, list[TransportEvent], object]:
    events: list[TransportEvent] = []
    with anyio.fail_after(BOUND):
        async with StdioTransport(script(code)) as transport:
            stream = transport.events()
            await read_until(stream, events, saw_stdout(b"ready\n"))
            info = await transport.shutdown(grace=grace, force_grace=force_grace)
            await read_rest(stream, events)
    return transport, events, info


async def test_shutdown_ends_at_closing_stdin_when_the_server_exits_on_eof() -> None:
    transport, events, info = await shut_down_when_ready(EXITS_ON_EOF, grace=BOUND, force_grace=BOUND)
    assert info == transport.exit_info
    assert transport.exit_info is not None
    assert (transport.exit_info.returncode, transport.exit_info.escalation) == (0, "stdin")
    kinds = process_kinds(events)
    assert_in_order(kinds, K.STDIN_CLOSED, K.WAITING, K.EXITED)
    assert K.SIGTERM_SENT not in kinds and K.SIGKILL_SENT not in kinds
    assert stdout_of(events) == b"ready\nsaw EOF\n"
    assert the(K.WAITING, events).detail == f"up to {float(BOUND)!r} s"


async def test_shutdown_escalates_to_sigterm_when_stdin_eof_is_ignored() -> None:
    transport, events, info = await shut_down_when_ready(IGNORES_EOF, grace=SHORT, force_grace=BOUND)
    assert transport.exit_info is not None and info == transport.exit_info
    assert transport.exit_info.escalation == "sigterm"
    assert transport.exit_info.signal == signal.SIGTERM
    kinds = process_kinds(events)
    assert_in_order(kinds, K.STDIN_CLOSED, K.WAITING, K.SIGTERM_SENT, K.EXITED)
    assert K.SIGKILL_SENT not in kinds
    assert kinds[-1] is K.EXITED
    assert [e.detail for e in events if isinstance(e, ProcessEvent) and e.kind is K.WAITING][0] == "up to 0.3 s"


async def test_shutdown_escalates_to_sigkill_when_sigterm_is_ignored() -> None:
    transport, events, info = await shut_down_when_ready(IGNORES_SIGTERM, grace=SHORT, force_grace=SHORT)
    assert transport.exit_info is not None and info == transport.exit_info
    assert (transport.exit_info.escalation, transport.exit_info.signal) == (
        "sigkill",
        signal.SIGKILL,
    )
    kinds = process_kinds(events)
    assert_in_order(kinds, K.SPAWNED, K.STDIN_CLOSED, K.SIGTERM_SENT, K.SIGKILL_SENT, K.EXITED)
    assert kinds.count(K.WAITING) == 2
    assert kinds[-1] is K.EXITED
    assert the(K.EXITED, events).detail == "killed by signal 9 (SIGKILL)"


async def test_shutdown_after_the_server_exited_by_itself_reports_none() -> None:
    events: list[TransportEvent] = []
    with anyio.fail_after(BOUND):
        async with StdioTransport(script("import sys; sys.exit(5)")) as transport:
            await read_rest(transport.events(), events)
            info = await transport.shutdown()
    assert (info.returncode, info.escalation) == (5, "none")
    assert K.STDIN_CLOSED not in process_kinds(events)


async def test_shutdown_is_idempotent() -> None:
    with anyio.fail_after(BOUND):
        async with StdioTransport(script(IGNORES_EOF)) as transport:
            stream = transport.events()
            events: list[TransportEvent] = []
            await read_until(stream, events, saw_stdout(b"ready\n"))
            first = await transport.shutdown(grace=SHORT, force_grace=BOUND)
            second = await transport.shutdown(grace=SHORT, force_grace=BOUND)
            await read_rest(stream, events)
    assert first == second == transport.exit_info
    assert process_kinds(events).count(K.SIGTERM_SENT) == 1


async def test_shutdown_survives_a_cancelled_caller() -> None:
    with anyio.fail_after(BOUND):
        async with StdioTransport(script(IGNORES_EOF)) as transport:
            events: list[TransportEvent] = []
            await read_until(transport.events(), events, saw_stdout(b"ready\n"))
            with anyio.CancelScope() as scope:
                scope.cancel()
                await transport.shutdown(grace=SHORT, force_grace=BOUND)
            assert transport.returncode == -signal.SIGTERM
            assert transport.exit_info is not None and transport.exit_info.escalation == "sigterm"


async def test_leaving_the_block_shuts_down_gracefully() -> None:
    with anyio.fail_after(BOUND):
        async with StdioTransport(script(EXITS_ON_EOF)) as transport:
            events: list[TransportEvent] = []
            await read_until(transport.events(), events, saw_stdout(b"ready\n"))
    assert transport.exit_info is not None
    assert (transport.exit_info.returncode, transport.exit_info.escalation) == (0, "stdin")
    await read_rest(transport.events(), events)
    assert process_kinds(events)[-1] is K.EXITED


async def test_a_consumer_that_stops_reading_does_not_block_shutdown() -> None:
    floods = """
    import sys
    print("ready", flush=True)
    while True:
        sys.stdout.buffer.write(b"x" * 65536)
    """
    with anyio.fail_after(BOUND):
        async with StdioTransport(script(floods), drain_grace=SHORT) as transport:
            events: list[TransportEvent] = []
            await read_until(transport.events(), events, saw_stdout(b"ready\n"))
            # Stop reading: the queue fills up and the child blocks on a full pipe. Leaving the
            # block still shuts the child down and ends the event stream.
            await transport.shutdown(grace=SHORT, force_grace=BOUND)
        assert transport.exit_info is not None
        assert transport.exit_info.escalation == "sigterm"
        await read_rest(transport.events(), events)
    assert process_kinds(events)[-1] is K.EXITED


# -- sending ------------------------------------------------------------------------------------


async def test_send_after_exit_raises_transport_closed() -> None:
    with anyio.fail_after(BOUND):
        async with StdioTransport(script("pass")) as transport:
            await read_rest(transport.events(), [])
            with pytest.raises(TransportClosed):
                await transport.send(b'{"jsonrpc": "2.0", "method": "ping"}\n')


async def test_send_to_a_closed_stdin_raises_transport_closed() -> None:
    closes_stdin = """
    import os, time
    os.close(0)
    print("ready", flush=True)
    while True:
        time.sleep(0.05)
    """
    with anyio.fail_after(BOUND):
        async with StdioTransport(script(closes_stdin)) as transport:
            await read_until(transport.events(), [], saw_stdout(b"ready\n"))
            with pytest.raises(TransportClosed):
                await transport.send(b"x" * 100_000)
            with pytest.raises(TransportClosed):
                await transport.send(b"again\n")
            info = await transport.shutdown(grace=SHORT, force_grace=BOUND)
    assert info.escalation == "sigterm"


async def test_send_after_shutdown_raises_transport_closed() -> None:
    with anyio.fail_after(BOUND):
        async with StdioTransport(script(ECHO)) as transport:
            await transport.shutdown(grace=BOUND)
            with pytest.raises(TransportClosed):
                await transport.send(b"late\n")


# -- grandchildren ------------------------------------------------------------------------------


async def test_exited_arrives_even_when_a_grandchild_holds_the_pipes() -> None:
    # The grandchild leaves the server's process group (its own session), so the transport's
    # end of the group does not reach it: only the drain grace ends the wait on the pipes.
    code = """
    import subprocess, sys
    grandchild = subprocess.Popen(
        [sys.executable, "-c", "import time; time.sleep(60)"], start_new_session=True
    )
    print(f"grandchild={grandchild.pid}", flush=True)
    """
    events: list[TransportEvent] = []
    try:
        with anyio.fail_after(BOUND):
            async with StdioTransport(script(code), drain_grace=SHORT) as transport:
                stream = transport.events()
                await read_until(stream, events, saw_stdout(b"\n"))  # the pid, to clean up
                await read_rest(stream, events)
        kinds = process_kinds(events)
        assert kinds[-1] is K.EXITED
        assert the(K.EXITED, events).returncode == 0
        assert "held by another process" in the(K.STDOUT_CLOSED, events).detail
        assert transport.exit_info is not None and transport.exit_info.escalation == "none"
    finally:
        for line in stdout_of(events).decode().splitlines():
            if line.startswith("grandchild="):
                try:
                    os.kill(int(line.partition("=")[2]), signal.SIGKILL)
                except ProcessLookupError:
                    pass


async def test_a_server_we_may_not_signal_is_reported_not_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    """As for a server running as another user (sudo, setuid): killpg fails with EPERM. The
    kernel refusal is simulated for SIGTERM only (this suite runs as root); SIGKILL still
    ends the real process, and nothing raises out of shutdown."""
    import inspector.transport.stdio as stdio_module

    real_killpg = os.killpg

    def killpg(pgid: int, number: int) -> None:
        if number == signal.SIGTERM:
            raise PermissionError(1, "Operation not permitted")
        real_killpg(pgid, number)

    monkeypatch.setattr(stdio_module.os, "killpg", killpg)
    transport, events, info = await shut_down_when_ready(IGNORES_EOF, grace=SHORT, force_grace=SHORT)
    assert info.escalation == "sigkill" and info.signal == signal.SIGKILL
    (refused,) = [e for e in events if isinstance(e, ProcessEvent) and e.kind is K.SIGTERM_SENT]
    assert refused.detail.startswith(f"could not send SIGTERM to process group {transport.pid}: not permitted")
    assert process_kinds(events)[-1] is K.EXITED
