"""The stdio proxy runs for hours without growing: a long flood through the real proxy.

The proxy runs in this process, in a thread (``run_proxy`` on pipes made here, so the recorder's bounds can be
set small and its figures read), the server is the flood fixture as a real process, and the host
is a thread of this test that writes initialize and reads every byte the proxy forwards. The
recording must hold every line the host got, in order, while the recorder held only a few
thousand entries at a time and moved what queued beyond its bound to the spill file.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import anyio
import pytest
from peers import ROOT

from inspector.session.proxy import FLUSH_EVERY, HOLD, ProxyOptions, run_proxy
from inspector.session.recording import Direction, Recording, RecordingWriter
from inspector.session.spill import Spill

INIT = (
    b'{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18",'
    b'"capabilities":{},"clientInfo":{"name":"raw-host","version":"1"}}}\n'
)
FLOOD = [sys.executable, str(ROOT / "tests" / "fixtures" / "servers" / "flood_pipe.py"), "--initialize"]


def proxy_through_pipes(options: ProxyOptions, lines_expected: int) -> tuple[int, bytes]:
    """Run the proxy on pipes; a host thread writes initialize, reads until it has
    ``lines_expected`` lines, closes the proxy's stdin and reads the rest to the end."""
    in_r, in_w = os.pipe()
    out_r, out_w = os.pipe()
    err_r, err_w = os.pipe()
    got: list[bytes] = []

    def host() -> None:
        os.write(in_w, INIT)
        seen = 0
        closed = False
        while True:
            chunk = os.read(out_r, 65536)
            if not chunk:
                break
            got.append(chunk)
            seen += chunk.count(b"\n")
            if seen >= lines_expected and not closed:
                os.close(in_w)  # the host is done: the proxy shuts the server down
                closed = True
        if not closed:
            os.close(in_w)

    def drain_stderr() -> None:
        while os.read(err_r, 65536):
            pass

    threads = [threading.Thread(target=host), threading.Thread(target=drain_stderr)]
    for t in threads:
        t.start()
    result: list[int] = []

    def proxy() -> None:  # in a thread: the proxy sets no signal handlers there (this process keeps its own)
        result.append(anyio.run(lambda: run_proxy(options, fds=(in_r, out_w, err_w))))

    runner = threading.Thread(target=proxy)
    runner.start()
    try:
        runner.join(timeout=300)
        assert result, "the proxy did not finish"
        status = result[0]
    finally:
        for fd in (in_r, out_w, err_w):
            os.close(fd)
        for t in threads:
            t.join(timeout=60)
        for fd in (out_r, err_r):
            os.close(fd)
    return status, b"".join(got)


@pytest.mark.parametrize("lines", [120_000])
def test_a_long_flood_is_recorded_whole_while_the_recorder_holds_little(tmp_path, lines):
    record = tmp_path / "long.jsonl"
    options = ProxyOptions([*FLOOD, "--lines", str(lines), "--noise", "20"], record=record, queue_limit=8)
    status, received = proxy_through_pipes(options, lines + 21)
    assert status == 0
    assert received.count(b"\n") == lines + 21

    rec = Recording.load(record)
    assert rec.load_problems == []
    server = b"".join(rec.raw_at(i) for i in range(len(rec)) if rec.direction_at(i) is Direction.S2C)
    assert server == received  # every line the host got, in the order it got them
    assert rec.summary is not None
    figures = rec.summary["recorder"]
    # the recording in memory never held more than HOLD entries plus what came between two flushes
    # (and one read's lines): a tenth of the flood, however long the flood is
    assert 0 < figures["most_held"] <= HOLD + FLUSH_EVERY + 1000 < lines / 10, figures
    # what queued beyond the bound went to the spill, and came back in order (checked above)
    assert figures["spilled"] > 0 and figures["most_spill_bytes"] > 0, figures
    assert rec.summary["counts"]["entries"] == len(rec)
    assert rec.summary["counts"]["by_dir"][Direction.S2C.label] == lines + 21
    noise = [i for i in range(len(rec)) if rec.violations_at(i) == ("stdio.not-json",)]
    assert len(noise) == 20 and rec.summary["counts"]["violations"]["stdio.not-json"] == 20


def test_released_entries_keep_their_numbers_and_counts(tmp_path):
    """Release at the store: what was written out is let go, numbering and counting go on, and the
    file is the same as a recording that kept everything."""
    from inspector.protocol.engine import ClientConfig, ProtocolEngine

    def fill(rec: Recording, engine: ProtocolEngine, start: int, end: int) -> None:
        for n in range(start, end):
            raw = b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":%d}}\n' % n
            rec.append(Direction.S2C, 1.0 + n, raw, engine.incoming(raw, 1.0 + n, len(rec)))
        rec.append(Direction.S2C, 2.0, b"noise", engine.incoming(b"noise", 2.0, len(rec)))

    kept, released = Recording({"name": "a"}, t0=0.0), Recording({"name": "a"}, t0=0.0)
    kept.header = released.header = dict(kept.header)
    w1 = RecordingWriter(tmp_path / "kept.jsonl", kept)
    kept.add_listener(w1.on_batch)
    w2 = RecordingWriter(tmp_path / "released.jsonl", released)
    released.add_listener(w2.on_batch)
    engines = [ProtocolEngine(ClientConfig()), ProtocolEngine(ClientConfig())]
    for lo, hi in [(0, 50), (50, 120), (120, 121)]:
        fill(kept, engines[0], lo, hi)
        fill(released, engines[1], lo, hi)
        kept.notify()
        released.notify()
        released.release(w2.written)
    assert released.released == len(released) == len(kept) == 124
    released.append(Direction.S2C, 3.0, b"late", engines[1].incoming(b"late", 3.0, len(released)))
    kept.append(Direction.S2C, 3.0, b"late", engines[0].incoming(b"late", 3.0, len(kept)))
    assert released[124].seq == 124 and released.raw_at(124) == b"late"
    with pytest.raises(IndexError):
        released[3]
    assert released.counts() == kept.counts()
    w1.close()
    w2.close()
    assert (tmp_path / "kept.jsonl").read_bytes() == (tmp_path / "released.jsonl").read_bytes()
    # nothing is released that the writer has not been told about
    released.append(Direction.S2C, 4.0, b"unwritten", engines[1].incoming(b"unwritten", 4.0, len(released)))
    released.release(len(released))
    assert released.released == 124 and released.raw_at(124) == b"late" and released.raw_at(125) == b"unwritten"


def test_the_spill_gives_back_what_it_took_in_order_and_empties(tmp_path):
    spill = Spill(tmp_path)
    assert list(tmp_path.iterdir()) == []  # it has no name in the folder
    spill.put_all([b"a", (1, "two"), None])
    assert spill.take() == b"a"
    spill.put_all([b"x" * 200_000])
    assert spill.size > 200_000
    assert [spill.take(), spill.take(), spill.take()] == [(1, "two"), None, b"x" * 200_000]
    assert spill.waiting == 0 and spill.total == 4 and spill.most_bytes > 200_000
    assert spill.size == 0  # all read: emptied
    with pytest.raises(LookupError):
        spill.take()
    spill.close()


FULL_DISK = """
import resource, signal, sys
from pathlib import Path
from inspector.protocol.engine import ClientConfig, ProtocolEngine
from inspector.session.proxy import Recorder, HostRead
from inspector.session.recording import Direction, Recording
from inspector.session.spill import Spill

folder = Path(sys.argv[1])
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails (EFBIG), as on a full disk
resource.setrlimit(resource.RLIMIT_FSIZE, (256 * 1024, resource.getrlimit(resource.RLIMIT_FSIZE)[1]))
lines = [b'{"jsonrpc":"2.0","method":"notifications/message","params":{"n":%d,"pad":"%s"}}\\n' % (n, b"p" * 900)
         for n in range(2100)]
rec = Recording({}, t0=0.0)
recorder = Recorder(rec, ProtocolEngine(ClientConfig(observer=True)), spill_dir=folder, queue_limit=8)
recorder.spill = Spill(folder)
recorder.spill.put_all([HostRead(1.0, line) for line in lines[:100]])  # fits under the limit
for line in lines[100:]:  # 2 MB: the spill cannot take them
    recorder.put(HostRead(2.0, line))
recorder.put(None)
recorder.start()
recorder.join()
got = [rec.raw_at(i) for i in range(len(rec)) if rec.direction_at(i) is Direction.C2S]
print(recorder.failure, recorder.spill.total, got == lines, len(got))
"""


def test_a_spill_the_disk_cannot_take_drops_nothing(tmp_path):
    """The spill's file cannot grow (a full disk; here a file size limit): the recorder keeps what
    it took off the queue in memory, after what the spill already holds, and records everything in
    order (it used to stop with the write's error: nothing after it was recorded)."""
    done = subprocess.run(
        [sys.executable, "-c", FULL_DISK, str(tmp_path)], capture_output=True, timeout=60, cwd=ROOT, check=False
    )
    assert done.returncode == 0, done.stderr.decode()
    assert done.stdout.split() == [b"None", b"100", b"True", b"2100"], done.stdout
    assert list(tmp_path.iterdir()) == []  # the spill left nothing behind


def _recorded_after(recorder, rec: Recording, more: list[bytes]) -> list[bytes]:
    """Queue ``more`` behind what the spill holds, run the recorder to its end, and return the
    host's lines it recorded; it must have ended well and gone on without its spill."""
    from inspector.session.proxy import HostRead

    for line in more:
        recorder.put(HostRead(2.0, line))
    recorder.put(None)
    recorder.start()
    recorder.join(timeout=30)
    assert recorder.failure is None and recorder.spill is None
    return [rec.raw_at(i) for i in range(len(rec)) if rec.direction_at(i) is Direction.C2S]


def _in_folder(link: str, folder: Path) -> bool:
    try:
        return os.readlink(link).startswith(f"{folder}/")
    except OSError:
        return False


@pytest.mark.parametrize("cut", [40, 5_000], ids=["mid-length", "mid-item"])
def test_a_spill_that_cannot_be_read_back_is_a_gap_said_in_the_recording(tmp_path, cut):
    """The spill's file is cut short under the recorder (here: truncated, as a failing disk or
    another process would): what it still held is missing, and the recording says so where the gap
    is, with how many items; everything queued after it is recorded, in order, and the recorder
    goes on without a spill (it used to stop with the read's error: nothing after it was recorded)."""
    from inspector.protocol.engine import ClientConfig, ProtocolEngine
    from inspector.session.proxy import HostRead, Recorder

    lines = [b'{"jsonrpc":"2.0","method":"notifications/message","params":{"n":%d}}\n' % n for n in range(300)]
    rec = Recording({}, t0=0.0)
    recorder = Recorder(rec, ProtocolEngine(ClientConfig(observer=True)), spill_dir=tmp_path, queue_limit=1_000)
    spill = recorder.spill = Spill(tmp_path)
    spill.put_all([HostRead(1.0, line) for line in lines[:100]])
    first = len(lines[0]) + 60  # the first item read back whole before the cut
    # the test plays the failing disk: the spill's file (unnamed, in tmp_path) is cut short
    (fd,) = [int(fd) for fd in os.listdir("/proc/self/fd") if _in_folder(f"/proc/self/fd/{fd}", tmp_path)]
    os.ftruncate(fd, first + cut)
    got = _recorded_after(recorder, rec, lines[100:])
    gaps = [i for i in range(len(rec)) if rec.extra_at(i).get("event") == "recording_gap"]
    assert len(gaps) == 1
    gap = gaps[0]
    assert rec.direction_at(gap) is Direction.NOTE
    read_back = got[: len(got) - 200]
    assert read_back == lines[: len(read_back)] and got[len(read_back) :] == lines[100:]
    assert rec.extra_at(gap)["lost_items"] == 100 - len(read_back)
    assert b"could not read back" in rec.raw_at(gap)
    assert all(rec.direction_at(i) is Direction.C2S for i in range(gap))  # the gap where the items were


@pytest.mark.parametrize("where", ["length", "item"])
def test_a_spill_overwritten_under_the_recorder_is_a_gap_too(tmp_path, where):
    """The spill's file is overwritten in place (a failing disk, another process): a length that
    no longer fits the file is not read (nor allocated: it said gigabytes), an item that no longer
    unpickles is no item; either is the gap said in the recording, and the recorder goes on (the
    damage stopped it: a MemoryError or an UnpicklingError is no OSError)."""
    import pickle

    from inspector.protocol.engine import ClientConfig, ProtocolEngine
    from inspector.session.proxy import HostRead, Recorder

    lines = [b'{"jsonrpc":"2.0","method":"notifications/message","params":{"n":%d}}\n' % n for n in range(150)]
    rec = Recording({}, t0=0.0)
    recorder = Recorder(rec, ProtocolEngine(ClientConfig(observer=True)), spill_dir=tmp_path, queue_limit=1_000)
    spill = recorder.spill = Spill(tmp_path)
    items = [HostRead(1.0, line) for line in lines[:100]]
    spill.put_all(items)
    second = 8 + len(pickle.dumps(items[0], protocol=pickle.HIGHEST_PROTOCOL))  # where the second item begins
    (fd,) = [int(fd) for fd in os.listdir("/proc/self/fd") if _in_folder(f"/proc/self/fd/{fd}", tmp_path)]
    if where == "length":
        os.pwrite(fd, b"\xff" * 7 + b"\x7f", second)  # its length: about 9 EB
    else:
        os.pwrite(fd, b"\x00" * 16, second + 8)  # its pickle's first bytes
    got = _recorded_after(recorder, rec, lines[100:])
    assert got == [lines[0], *lines[100:]]
    (gap,) = [i for i in range(len(rec)) if rec.extra_at(i).get("event") == "recording_gap"]
    assert gap == 1 and rec.extra_at(gap)["lost_items"] == 99
    assert b"damaged" in rec.raw_at(gap)
