"""The stdio transport's event queue: a read's stderr lines queued as a run, taken as a batch.

``put_run`` queues as much of a run as its lane has room for (at least one event per call,
whatever the capacity), and the consumer gets the pipes merged by read time;
``side_lines_nowait`` hands over only the whole lines of one read that would come next.
"""

from __future__ import annotations

import anyio
import pytest

from inspector.transport.base import Frames, SideLine, TransportEvent
from inspector.transport.stdio import LaneQueue


@pytest.mark.anyio
@pytest.mark.parametrize("capacity", [0.5, 1, 2.5, 3, 256])
async def test_a_run_goes_in_whatever_the_capacity(capacity: float) -> None:
    queue = LaneQueue(capacity)
    run: list[TransportEvent] = [SideLine(1.0, b"line %d\n" % i) for i in range(10)]
    got: list[bytes] = []

    async def produce() -> None:
        done = 0
        while done < len(run):
            taken = await queue.put_run(run, done)
            assert taken >= 1
            done += taken
        queue.close()

    async with anyio.create_task_group() as tg:
        tg.start_soon(produce)
        with anyio.fail_after(5):
            async for ev in queue:
                assert isinstance(ev, SideLine)
                got.append(ev.data)
    assert got == [b"line %d\n" % i for i in range(10)]


@pytest.mark.anyio
async def test_the_batch_stops_at_what_was_read_earlier_on_another_pipe() -> None:
    queue = LaneQueue()
    await queue.put_run([SideLine(1.0, b"a\n"), SideLine(1.0, b"b\n")], 0)
    await queue.put(Frames(1.5, [b"{}\n"]))
    await queue.put_run([SideLine(2.0, b"c\n"), SideLine(2.0, b"d\n", dropped=5), SideLine(2.0, b"e\n")], 0)
    first = await queue.__anext__()
    assert isinstance(first, SideLine) and first.data == b"a\n"
    assert queue.side_lines_nowait(1.0, "stderr", 100) == [b"b\n"]
    assert queue.side_lines_nowait(1.0, "stderr", 100) == []  # the frame read at 1.5 is next
    assert isinstance(await queue.__anext__(), Frames)
    third = await queue.__anext__()
    assert isinstance(third, SideLine) and third.data == b"c\n"
    assert queue.side_lines_nowait(2.0, "stderr", 100) == []  # a line cut short is taken alone
    assert (await queue.__anext__()).dropped == 5  # type: ignore[union-attr]
    assert queue.side_lines_nowait(2.0, "http", 100) == []  # another channel's
    assert queue.side_lines_nowait(1.0, "stderr", 100) == []  # another read's
    assert queue.side_lines_nowait(2.0, "stderr", 100) == [b"e\n"]
    queue.close()
    assert [ev async for ev in queue] == []
