"""The stdio transport as the proxy uses it: stdout handed over unframed, and a wider stdout pipe.

Real child processes through real pipes. ``frame_stdout=False``: each read of stdout is one
``Frames`` on channel ``UNFRAMED`` holding the read as it came (the relay saw the same bytes
first), nothing is framed or flushed as a line, every byte arrives in order. ``pipe_size``: the
child sees the stdout pipe it writes to at the size asked (it measures it itself).
"""

from __future__ import annotations

import fcntl
import random
import sys
import textwrap
from pathlib import Path

import anyio
import pytest

from inspector.transport import Frames, ProcessEventKind, SideLine, StdioSpec, StdioTransport
from inspector.transport.stdio import UNFRAMED

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def script(code: str) -> StdioSpec:
    return StdioSpec([sys.executable, "-c", textwrap.dedent(code)])


async def test_unframed_stdout_is_each_read_as_it_came_every_byte_in_order() -> None:
    code = """
    import random, sys
    rng = random.Random(11)
    out = sys.stdout.buffer
    for size in [1, 4095, 65536, 300000, 7]:
        out.write(rng.randbytes(size) + b"\\n" + rng.randbytes(size // 3))
        out.flush()
    out.write(b'{"jsonrpc": "2.0"}\\n\\r\\nno newline at the end')
    """
    rng = random.Random(11)
    expected = b"".join(rng.randbytes(size) + b"\n" + rng.randbytes(size // 3) for size in [1, 4095, 65536, 300000, 7])
    expected += b'{"jsonrpc": "2.0"}\n\r\nno newline at the end'
    relayed: list[bytes] = []

    async def relay(stream: str, data: bytes) -> None:
        if stream == "stdout":
            relayed.append(data)

    events = []
    with anyio.fail_after(20):
        async with StdioTransport(script(code), read_size=4096, relay=relay, frame_stdout=False) as transport:
            async for event in transport.events():
                events.append(event)
    frames = [e for e in events if isinstance(e, Frames)]
    assert all(e.channel == UNFRAMED and e.cut == () and len(e.items) == 1 for e in frames)
    reads = [e.items[0] for e in frames]
    assert reads == relayed  # one event per read, exactly what the relay had
    assert b"".join(reads) == expected
    assert all(0 < len(r) <= 4096 for r in reads)
    assert any(len(r) == 4096 and not r.endswith(b"\n") for r in reads)  # whole reads, not lines
    closed = [i for i, e in enumerate(events) if getattr(e, "kind", None) is ProcessEventKind.STDOUT_CLOSED]
    assert closed and events.index(frames[-1]) < closed[0]
    assert not [e for e in events if isinstance(e, SideLine)]


MEASURE = """
import fcntl, sys
sys.stdin.readline()  # measured once the transport is started (the pipe is widened after the spawn)
sys.stderr.write(str(fcntl.fcntl(1, fcntl.F_GETPIPE_SZ)) + "\\n")
"""


@pytest.mark.skipif(not hasattr(fcntl, "F_GETPIPE_SZ"), reason="pipe sizes are Linux's")
async def test_pipe_size_widens_the_stdout_pipe_the_child_writes_to() -> None:
    most = int(Path("/proc/sys/fs/pipe-max-size").read_text())
    if most < 1 << 20:
        pytest.skip(f"this system lets a user have pipes of {most} bytes at most")

    async def measured(**options: int) -> int:
        lines = []
        with anyio.fail_after(20):
            async with StdioTransport(script(MEASURE), **options) as transport:
                await transport.send(b"go\n")
                async for event in transport.events():
                    if isinstance(event, SideLine):
                        lines.append(event.data)
        return int(lines[0])

    assert await measured(pipe_size=1 << 20) == 1 << 20
    assert await measured() < 1 << 20  # not asked: the system's default
