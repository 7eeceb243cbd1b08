"""The in-memory transport pair used by the session tests."""

from __future__ import annotations

import anyio
import pytest

from inspector.transport import (
    ExitInfo,
    Frames,
    MemoryPeer,
    MemoryTransport,
    ProcessEvent,
    ProcessEventKind,
    SideLine,
    TransportClosed,
    TransportEvent,
    memory_pair,
)

pytestmark = pytest.mark.anyio

K = ProcessEventKind


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


async def drain(transport: MemoryTransport) -> list[TransportEvent]:
    with anyio.fail_after(10):
        return [event async for event in transport.events()]


def kinds(events: list[TransportEvent]) -> list[ProcessEventKind]:
    return [e.kind for e in events if isinstance(e, ProcessEvent)]


async def test_bytes_flow_both_ways_unchanged() -> None:
    transport, peer = memory_pair()
    async with transport:
        await transport.send(b'{"jsonrpc": "2.0", "id": 1, "method": "ping"}\n')
        assert await peer.receive() == b'{"jsonrpc": "2.0", "id": 1, "method": "ping"}\n'
        await peer.write(b'{"jsonrpc": "2.0", "id": 1, "result": {}}\n\xff')
        await peer.exit(0)
    events = await drain(transport)
    assert kinds(events) == [K.SPAWNED, K.STDOUT_CLOSED, K.STDERR_CLOSED, K.EXITED]
    frames = [e.items for e in events if isinstance(e, Frames)]
    assert frames == [
        [b'{"jsonrpc": "2.0", "id": 1, "result": {}}\n'],
        [b"\xff"],
    ]  # the tail comes at the end of the stream


async def test_stderr_becomes_lines() -> None:
    transport, peer = memory_pair(clock=lambda: 42.0)
    async with transport:
        await peer.write_stderr(b"one\r\ntwo \xff\n\npartial")
        await peer.exit(0)
    events = await drain(transport)
    lines = [e for e in events if isinstance(e, SideLine)]
    assert [line.data for line in lines] == [b"one\r\n", b"two \xff\n", b"\n", b"partial"]
    assert {line.t for line in lines} == {42.0}


async def test_peer_exit_is_reported_and_closes_the_transport() -> None:
    transport, peer = memory_pair()
    async with transport:
        await peer.exit(3)
        events = await drain(transport)
        exited = events[-1]
        assert isinstance(exited, ProcessEvent) and exited.kind is K.EXITED
        assert exited.returncode == 3 and exited.detail == "exited with code 3"
        assert transport.exit_info == ExitInfo(returncode=3, signal=None, escalation="none")
        with pytest.raises(TransportClosed):
            await transport.send(b"late\n")
        with pytest.raises(TransportClosed):
            await peer.write(b"late\n")
        assert await transport.shutdown() == ExitInfo(returncode=3, signal=None, escalation="none")


async def test_shutdown_closes_stdin_and_exits() -> None:
    transport, peer = memory_pair()
    async with transport:
        await transport.send(b"last\n")
        info = await transport.shutdown()
        assert info == ExitInfo(returncode=0, signal=None, escalation="stdin")
        assert peer.stdin_closed
        assert await peer.receive() == b"last\n"  # already sent before the close
        assert await peer.receive() == b""
        with pytest.raises(TransportClosed):
            await transport.send(b"late\n")
        assert await transport.shutdown() == info  # idempotent
    events = await drain(transport)
    assert kinds(events) == [K.SPAWNED, K.STDIN_CLOSED, K.STDOUT_CLOSED, K.STDERR_CLOSED, K.EXITED]
    assert transport.returncode == 0 and transport.pid is None


async def test_leaving_the_block_shuts_down() -> None:
    transport, peer = memory_pair()
    async with transport:
        pass
    assert peer.stdin_closed
    assert transport.exit_info is not None and transport.exit_info.escalation == "stdin"


async def test_a_peer_task_can_serve_while_the_client_reads() -> None:
    transport, peer = memory_pair()

    async def echo(peer: MemoryPeer) -> None:
        while data := await peer.receive():
            await peer.write(data)
        await peer.exit(0)

    with anyio.fail_after(10):
        async with anyio.create_task_group() as tg, transport:
            tg.start_soon(echo, peer)
            for n in range(3):
                await transport.send(b"%d\n" % n)
            received = b""
            async for event in transport.events():
                if isinstance(event, Frames):
                    received += b"".join(event.items)
                if received == b"0\n1\n2\n":
                    break
            await transport.shutdown()
    assert received == b"0\n1\n2\n"
