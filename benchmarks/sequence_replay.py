"""The sequence view and replay with a large recording: time to open, frame time while
scrolling, and what they add to memory.

    QT_QPA_PLATFORM=offscreen python benchmarks/sequence_replay.py [--entries 1000000]

Builds a recording in memory the way a session does (~150-byte notifications/message lines, a
ping and its answer every 50 entries, a stderr line every 1000, one entry in 2000 breaking a
rule), shows it in the window's timeline model and in a SequenceView (800x600, offscreen), then:
opens the sequence view over the timeline's rows, paints 300 frames at positions spread over
the whole recording (each a synchronous repaint), opens a Playback and asks it for 10,000 due
entries, and rebuilds the feature panels' state (session.rebuild) at 2,000 rows spread over it.
Memory is what tracemalloc sees allocated by opening the view, the playback and the rebuild.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def build(entries: int):
    from inspector.protocol.engine import Analysis
    from inspector.protocol.lifecycle import State
    from inspector.protocol.messages import Kind
    from inspector.session.recording import Direction, Recording

    def a_(kind, **fields):
        a = Analysis(kind, State.OPERATING)
        for k, v in fields.items():
            setattr(a, k, v)
        return a

    rec = Recording(t0=0.0)
    note = (
        b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","logger":"flood","data":"message '
        b'%08d xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"}}\n'
    )
    for i in range(entries):
        t = i * 1e-4
        if i % 1000 == 999:
            rec.append(Direction.STDERR, t, b"server: still flooding\n", a_(Kind.STDERR))
        elif i % 50 == 48:
            rec.append(
                Direction.C2S,
                t,
                b'{"jsonrpc":"2.0","id":%d,"method":"ping"}\n' % i,
                a_(Kind.REQUEST, method="ping", id=i),
            )
        elif i % 50 == 49:
            rec.append(
                Direction.S2C,
                t,
                b'{"jsonrpc":"2.0","id":%d,"result":{}}\n' % (i - 1),
                a_(Kind.RESULT, method="ping", id=i - 1, paired=i - 1, latency=0.001),
            )
        elif i % 2000 == 7:
            rec.append(
                Direction.S2C,
                t,
                note % i,
                a_(Kind.NOTIFICATION, method="notifications/message", violations=("capability.server-undeclared",)),
            )
        else:
            rec.append(Direction.S2C, t, note % i, a_(Kind.NOTIFICATION, method="notifications/message"))
    return rec


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=1_000_000)
    args = parser.parse_args()
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([sys.argv[0]])
    from inspector.ui.app import quiet_offscreen_warnings

    quiet_offscreen_warnings()  # the offscreen plugin's propagateSizeHints noise
    from inspector.session.playback import Playback
    from inspector.ui.sequence import SequenceView
    from inspector.ui.timeline import TimelineModel

    t0 = time.perf_counter()
    rec = build(args.entries)
    print(f"recording: {len(rec):,} entries built in {time.perf_counter() - t0:.1f} s")
    model = TimelineModel()
    t0 = time.perf_counter()
    model.set_recording(rec)
    print(f"timeline rows: {model.rowCount():,} in {time.perf_counter() - t0:.3f} s")

    view = SequenceView()
    view.resize(800, 600)
    view.show()
    app.processEvents()
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    t0 = time.perf_counter()
    entries = model.entries
    view.set_source(rec, lambda: entries.rows)
    view.viewport().repaint()
    opened = time.perf_counter() - t0
    frames = []
    bar = view.verticalScrollBar()
    span = max(1, bar.maximum())
    for k in range(300):
        bar.setValue(span * k // 299)
        t1 = time.perf_counter()
        view.viewport().repaint()
        frames.append((time.perf_counter() - t1) * 1000)
    t0 = time.perf_counter()
    pb = Playback(rec)
    marks = pb.marks()
    playback_open = time.perf_counter() - t0
    pb.speed = 10.0
    pb.play()
    t0 = time.perf_counter()
    for k in range(10_000):
        pb.playing = True
        pb.due(k * 0.01)
    due_us = (time.perf_counter() - t0) / 10_000 * 1e6
    from inspector.session.rebuild import Rebuild

    t0 = time.perf_counter()
    rb = Rebuild(rec)
    rb.at(len(rec) - 1)  # indexes the whole recording once
    rebuild_open = time.perf_counter() - t0
    t0 = time.perf_counter()
    for k in range(2_000):
        rb.at(len(rec) * k // 2_000)
    rebuild_us = (time.perf_counter() - t0) / 2_000 * 1e6
    after = tracemalloc.take_snapshot()
    grown = sum(s.size_diff for s in after.compare_to(before, "filename"))
    tracemalloc.stop()
    frames.sort()
    print(
        f"sequence view: opened and first frame in {opened * 1000:.1f} ms; 300 frames across the recording:"
        f" median {statistics.median(frames):.2f} ms, p99 {frames[int(len(frames) * 0.99) - 1]:.2f} ms, "
        f"worst {frames[-1]:.2f} ms"
    )
    print(
        f"playback: opened with {len(marks):,} violation marks in {playback_open * 1000:.1f} ms; due() "
        f"{due_us:.1f} µs per call"
    )
    print(
        f"panels rebuilt from the recording: indexed in {rebuild_open * 1000:.0f} ms; at(row) "
        f"{rebuild_us:.1f} µs per call across the recording"
    )
    print(
        "memory added by the view, the playback and the rebuild index (tracemalloc): "
        f"{grown / 1024 / 1024:.2f} MiB ({grown / len(rec):.1f} bytes/entry)"
    )


if __name__ == "__main__":
    main()
