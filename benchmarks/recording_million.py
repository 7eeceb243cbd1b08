"""A 1M-message recording in the window: open, load, memory, filters, search, jump, the
sequence view and replay.

    python benchmarks/recording_million.py [--entries 1000000] [--file FILE] [--keep FILE] [--runs 5]

Writes (or reuses, --file) a recording of ENTRIES entries with the real RecordingWriter, the way
a session writes one: ~150-byte messages, mostly server notifications (log messages, progress),
tools/call requests from the client and their results (latency, pairing), a rule violation
every 997 entries, a schema-invalid message every 20,000, a stderr line every 1,000, and a
handshake with its lifecycle transitions at the start. Then, each in a fresh child process:

* memory: ``Recording.load`` in a process that imported only the session package; the growth
  of the peak resident set size (VmHWM) over the baseline after the imports, as a multiple of
  the file size; and again after a search and a filter over every entry (the timeline's code);
* window: the whole window (``inspector.ui.app.build``, offscreen) opens the file with
  ``MainWindow.open_recording_path``, as File -> Open does. Printed: the time until the
  timeline shows rows and has painted (usable), until every entry is loaded and in the
  timeline, the longest event-loop stall meanwhile (a 5 ms timer's largest gap), scrolling while
  it loads; then, on all entries, each filter and search the way the filter bar applies it
  (the widget's own slot, then one event-loop pass, which repaints), and jumping to an entry by
  number (``TimelineView.select_seq``). Each figure is the best of ``--runs``. Then the
  sequence view over the whole file (a synchronous frame at 200 places), the replay bar's
  slider moved to 200 random entries (the time until the timeline, diagram, negotiation view,
  status bar and panels follow and have painted), and two seconds of playback at 10x (entries
  shown, the longest event-loop stall), with the peak RSS after it all.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MIB = 1024 * 1024

RULE = "jsonrpc.response-unknown-id"


def write_file(path: Path, entries: int) -> None:
    sys.path.insert(0, str(ROOT))
    from inspector.protocol.engine import Analysis
    from inspector.protocol.lifecycle import State
    from inspector.protocol.messages import Kind
    from inspector.protocol.schema import SchemaError, SchemaVerdict
    from inspector.session.recording import Direction, Recording

    ok = SchemaVerdict(True, "JSONRPCNotification")
    bad = SchemaVerdict(False, "JSONRPCNotification", (SchemaError("/params", "'data' is a required property"),))

    def an(kind, state=State.OPERATING, **fields):
        a = Analysis(kind, state)
        for k, v in fields.items():
            setattr(a, k, v)
        return a

    rec = Recording(t0=0.0)
    writer = rec.write_to(path)
    log = (
        b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","logger":"flood","data":"message '
        b'%08d xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"}}\n'
    )
    progress = (
        b'{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"tok-%08d","progress":%d,'
        b'"total":1000,"message":"Working"}}\n'
    )
    call = (
        b'{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"echo","arguments":{"message":"hello '
        b'%08d xxxxxxxxxxxxxxxxxxxxxxxxxxxx"}}}\n'
    )
    result = (
        b'{"jsonrpc":"2.0","id":%d,"result":{"content":[{"type":"text","text":"hello %08d '
        b'xxxxxxxxxxxxxxxxxxxxxxxxxxxxx"}],"isError":false}}\n'
    )
    # a handshake, so the file looks like a session (its transitions go the loader's slow way)
    from inspector.protocol.lifecycle import Transition

    hs = [
        (
            Direction.C2S,
            b'{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18",'
            b'"capabilities":{},"clientInfo":{"name":"bench","version":"1"}}}\n',
            an(Kind.REQUEST, State.INITIALIZING, method="initialize", id=0, schema=ok),
        ),
        (
            Direction.S2C,
            b'{"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{},'
            b'"logging":{}},"serverInfo":{"name":"flood","version":"1"}}}\n',
            an(Kind.RESULT, State.INITIALIZED, method="initialize", id=0, paired=0, latency=0.002, schema=ok),
        ),
        (
            Direction.C2S,
            b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n',
            an(Kind.NOTIFICATION, method="notifications/initialized", schema=ok),
        ),
    ]
    from inspector.protocol.lifecycle import Event

    edges = [
        Transition(State.UNINITIALIZED, Event.SEND_INITIALIZE, State.INITIALIZING, "initialize"),
        Transition(State.INITIALIZING, Event.RECV_INITIALIZE_RESULT, State.INITIALIZED, "initialize result"),
        Transition(State.INITIALIZED, Event.SEND_INITIALIZED, State.OPERATING, "initialized"),
    ]
    for (_, _, a), tr in zip(hs, edges, strict=True):
        a.transition = tr
    for d, raw, a in hs:
        rec.append(d, 0.0, raw, a)
    pending = None
    for i in range(len(hs), entries):
        t = i * 1e-5
        if i % 1000 == 999:
            rec.append(Direction.STDERR, t, "server: still flooding, débit %d so far\n".encode() % i, an(Kind.NOISE))
        elif i % 20000 == 19998:
            raw = b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","logger":"flood"}}\n'
            rec.append(Direction.S2C, t, raw, an(Kind.NOTIFICATION, method="notifications/message", schema=bad))
        elif i % 25 == 10:
            pending = i
            rec.append(Direction.C2S, t, call % (i, i), an(Kind.REQUEST, method="tools/call", id=i, schema=ok))
        elif i % 25 == 11 and pending is not None:
            violations = (RULE,) if i % 997 < 25 else ()
            rec.append(
                Direction.S2C,
                t,
                result % (pending, i),
                an(
                    Kind.RESULT,
                    method="tools/call",
                    id=pending,
                    paired=pending,
                    latency=0.000731,
                    schema=ok,
                    violations=violations,
                ),
            )
            pending = None
        elif i % 5 == 2:
            rec.append(
                Direction.S2C,
                t,
                progress % (i, i % 1000),
                an(Kind.NOTIFICATION, method="notifications/progress", schema=ok),
            )
        else:
            violations = (RULE,) if i % 997 == 0 else ()
            rec.append(
                Direction.S2C,
                t,
                log % i,
                an(Kind.NOTIFICATION, method="notifications/message", schema=ok, violations=violations),
            )
        if i % 5000 == 4999:
            rec.notify()
    rec.notify()
    writer.close({"kind": "summary", "entries": entries})


def search_terms(entries: int) -> list[tuple[str, bool]]:
    """The search terms timed, each with whether it finds rows: the usual ones (one log line 7/9 of
    the way in, the tool results, every message, the stderr lines' non-ASCII letter), then the
    worst cases: no match at all, a single common letter, upper and mixed case, a JSON member
    with quotes, a backslash (no entry has one: every byte is looked at), non-ASCII upper case
    (case folding of decoded text), a number, a long term found in most entries and a long one
    found in none."""
    line = next(
        i
        for i in range(entries * 7 // 9, entries)
        if i % 1000 != 999 and i % 20000 != 19998 and i % 25 not in (10, 11) and i % 5 != 2
    )
    return [
        (f"message {line:08d}", True),
        ("iserror", True),
        ("jsonrpc", True),
        ("é", True),
        ("no such text anywhere", False),
        ("e", True),
        ("ISERROR", True),
        ("IsErRoR", True),
        ('"level":"info"', True),
        ("\\", False),
        ("DÉBIT", True),
        ("00042", True),
        ('"method":"notifications/message","params":{"level":"info","logger":"flood","data":"message 00', True),
        ("x" * 60 + "y", False),
    ]


from recording_load import high_water_mark  # noqa: E402 (the benchmarks folder is the script's)

# ---------------------------------------------------------------------------- memory (headless)


def child_memory(path: str) -> dict:
    sys.path.insert(0, str(ROOT))
    from inspector.session.recording import Recording
    from inspector.session.views import EntryFilter, EntryView

    base = high_water_mark()
    t0 = time.perf_counter()
    rec = Recording.load(path)
    took = time.perf_counter() - t0
    loaded = high_water_mark()
    helper = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024  # the load's helper (Linux: KiB)
    view = EntryView()
    view.set_recording(rec)
    view.set_filter(EntryFilter(text="iserror"))
    searched = len(view.rows)
    searches = {}
    for needle, _finds in search_terms(len(rec)):
        best = float("inf")
        for _ in range(3):
            view.set_filter(EntryFilter())
            s = time.perf_counter()
            view.set_filter(EntryFilter(text=needle))
            best = min(best, time.perf_counter() - s)
        searches[needle] = (best, len(view.rows))
    view.set_filter(EntryFilter(method="notifications/progress", method_exact=True))
    view.set_filter(EntryFilter(only_violations=True))
    after = high_water_mark()
    return {
        "entries": len(rec),
        "problems": rec.load_problem_count,
        "seconds": took,
        "rss_load": loaded - base,
        "rss_helper": helper,
        "rss_filters": after - base,
        "searched": searched,
        "searches": searches,
    }


# ---------------------------------------------------------------------------- the window


def child_window(path: str, runs: int) -> dict:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    sys.path.insert(0, str(ROOT))
    from PySide6.QtCore import QEventLoop, QTimer
    from PySide6.QtWidgets import QApplication

    app = QApplication([])
    from inspector.ui.app import quiet_offscreen_warnings

    quiet_offscreen_warnings()  # the offscreen plugin's propagateSizeHints noise
    from inspector.session.recording import Direction
    from inspector.ui.app import build

    out: dict = {}
    config = Path(tempfile.mkdtemp())
    controller, window = build(app, config=config)
    window.resize(1400, 900)
    window.show()
    for _ in range(5):
        app.processEvents()
    view = window.timeline
    base = high_water_mark()

    gaps: list[float] = []
    last = [0.0]

    def probe() -> None:
        now = time.perf_counter()
        gaps.append(now - last[0])
        last[0] = now

    timer = QTimer()
    timer.setInterval(5)
    timer.timeout.connect(probe)

    def loading(rec) -> bool:
        return bool(getattr(rec, "loading", False))

    t0 = time.perf_counter()
    assert window.files.open_recording_path(path)
    returned = time.perf_counter() - t0
    app.processEvents()  # one pass: the table paints
    usable = time.perf_counter() - t0
    rec = controller.recording
    out["open_returned"] = returned
    out["usable"] = usable
    out["rows_when_usable"] = view.model.rowCount()
    scrolls: list[float] = []
    last[0] = time.perf_counter()
    timer.start()

    def scroll() -> None:  # the user drags the scroll bar while it loads: time to the next paint
        sb = view.table.verticalScrollBar()
        s0 = time.perf_counter()
        sb.setValue(random.randint(0, max(sb.maximum(), 0)))
        view.table.viewport().repaint()
        scrolls.append(time.perf_counter() - s0)

    loop = QEventLoop()

    def check() -> None:
        if not loading(rec) and view.model.total() >= len(rec):
            loop.quit()
        elif time.perf_counter() - t0 > 300:
            raise SystemExit("still loading after 300 s")

    mover = QTimer()
    mover.timeout.connect(scroll)
    mover.start(100)
    checker = QTimer()
    checker.timeout.connect(check)
    checker.start(10)
    loop.exec()  # an event loop as the app's (not app.exec: QApplication.quit closes the windows)
    assert window.isVisible()
    mover.stop()
    checker.stop()
    loaded = time.perf_counter() - t0
    for _ in range(3):
        app.processEvents()
    timer.stop()
    out["loaded"] = loaded
    out["entries"] = len(rec)
    out["stall_max"] = max(gaps, default=0.0)
    out["stalls_over_50ms"] = sum(1 for g in gaps if g > 0.05)
    out["scroll_while_loading_max"] = max(scrolls, default=0.0)
    out["scrolls_while_loading"] = len(scrolls)
    out["rss_window"] = high_water_mark() - base

    def timed(action, undo=None) -> float:
        best = float("inf")
        for _ in range(runs):
            app.processEvents()
            s = time.perf_counter()
            action()
            app.processEvents()
            best = min(best, time.perf_counter() - s)
            if undo is not None:
                undo()
                app.processEvents()
        return best

    def clear() -> None:
        view.model.clear_filters()

    def method_exact(name: str):
        def go() -> None:
            i = view.method_combo.findData(name)
            view.method_combo.setCurrentIndex(i)
            view._on_method_activated(i)

        return go

    def method_typed(text: str):
        def go() -> None:
            view.method_combo.setEditText(text)
            view._apply_method_text()

        return go

    def search(text: str):
        def go() -> None:
            view.search.setText(text)
            view._apply_search()

        return go

    def toggle(button, on: bool):
        return lambda: button.setChecked(on)

    figures = {}
    figures["method tools/call (picked)"] = timed(method_exact("tools/call"), clear)
    figures["method 'progress' (typed)"] = timed(method_typed("progress"), clear)
    figures["direction: hide s2c"] = timed(
        toggle(view.direction_buttons[Direction.S2C], False), toggle(view.direction_buttons[Direction.S2C], True)
    )
    figures["violations only"] = timed(toggle(view.violations_button, True), toggle(view.violations_button, False))
    counts = {}
    for needle, finds in search_terms(len(rec)):
        figures[f"search {needle[:32]!r}"] = timed(search(needle), clear)
        search(needle)()
        counts[needle] = view.model.rowCount()
        if bool(counts[needle]) != finds:
            raise SystemExit(
                f"search {needle!r} found {counts[needle]} rows: the generator and the search terms disagree"
            )
        clear()
        app.processEvents()
    toggle(view.violations_button, True)()
    app.processEvents()
    figures["clear filters (from violations only)"] = timed(clear, toggle(view.violations_button, True))
    clear()
    app.processEvents()
    out["filters"] = figures
    out["search_rows"] = counts

    rng = random.Random(7)
    jumps = []
    for _ in range(30):
        seq = rng.randrange(len(rec))
        s = time.perf_counter()
        assert view.select_seq(seq)
        app.processEvents()
        jumps.append(time.perf_counter() - s)
    out["jump_median"] = statistics.median(jumps)
    out["jump_max"] = max(jumps)
    # jumping to an entry a filter hides (the filter is relaxed first)
    toggle(view.violations_button, True)()
    app.processEvents()
    hidden = []
    for _ in range(5):
        seq = rng.randrange(len(rec))
        while rec.violations_at(seq):
            seq = rng.randrange(len(rec))
        s = time.perf_counter()
        assert view.select_seq(seq)
        app.processEvents()
        hidden.append(time.perf_counter() - s)
        toggle(view.violations_button, True)()
        app.processEvents()
    out["jump_hidden_best"] = min(hidden)
    out["rss_window_after_filters"] = high_water_mark() - base
    clear()
    app.processEvents()

    # the sequence view over the whole file: a frame at 200 places spread over it
    window.views.setCurrentIndex(1)
    for _ in range(3):
        app.processEvents()
    seq_bar = window.sequence.verticalScrollBar()
    assert window.sequence.isVisible()
    frames = []
    for k in range(200):
        s = time.perf_counter()
        seq_bar.setValue(seq_bar.maximum() * k // 199)
        window.sequence.viewport().repaint()
        frames.append(time.perf_counter() - s)
    out["sequence_frames"] = sorted(frames)
    # replay: the slider moved to 200 places; each move brings the timeline, the diagram, the
    # negotiation view, the status bar and the feature panels to that entry (time to it all painted)
    slider = window.replay.slider
    moves = []
    for _ in range(200):
        s = time.perf_counter()
        slider.setValue(rng.randrange(len(rec)))
        app.processEvents()
        moves.append(time.perf_counter() - s)
    out["replay_moves"] = sorted(moves)
    # playback at 10x for two seconds: the event loop's longest stall while it plays
    slider.setValue(len(rec) // 2)
    app.processEvents()
    window.replay.speed.setCurrentIndex(window.replay.speed.findData(10.0))
    gaps.clear()
    last[0] = time.perf_counter()
    timer.start()
    start_row = window.timeline.current_seq() or 0
    window.replay.play()
    QTimer.singleShot(2000, loop.quit)
    loop.exec()
    window.replay.pause()
    timer.stop()
    out["play_rows"] = (window.timeline.current_seq() or 0) - start_row
    out["play_stall_max"] = max(gaps, default=0.0)
    out["rss_window_after_replay"] = high_water_mark() - base
    window.close()
    return out


def run_child(*args: str, env: dict[str, str] | None = None) -> dict:
    out = subprocess.run(
        [sys.executable, __file__, *args], capture_output=True, text=True, env={**os.environ, **(env or {})}
    )
    if out.returncode != 0:
        raise SystemExit(out.stderr)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=1_000_000)
    parser.add_argument("--file", type=Path, help="use this recording instead of writing one")
    parser.add_argument("--keep", type=Path, help="write the file here and keep it")
    parser.add_argument("--runs", type=int, default=5, help="filters: best of this many")
    parser.add_argument("--windows", type=int, default=2, help="window processes (the best open time is printed)")
    parser.add_argument("--child-memory", help=argparse.SUPPRESS)
    parser.add_argument("--child-window", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child_memory:
        print(json.dumps(child_memory(args.child_memory)))
        return
    if args.child_window:
        print(json.dumps(child_window(args.child_window, args.runs)))
        return
    with tempfile.TemporaryDirectory() as tmp:
        path = args.file
        if path is None:
            path = args.keep or Path(tmp) / "million.jsonl"
            t0 = time.perf_counter()
            write_file(path, args.entries)
            print(f"wrote {path} in {time.perf_counter() - t0:.1f} s")
        size = path.stat().st_size
        mem = min((run_child("--child-memory", str(path)) for _ in range(3)), key=lambda r: r["seconds"])
        alone = min(
            (run_child("--child-memory", str(path), env={"MCP_INSPECTOR_LOAD_SPLIT": "0"}) for _ in range(2)),
            key=lambda r: r["seconds"],
        )
        plain = min(  # without the C part (inspector/session/_native.c): the pure-Python ways
            (run_child("--child-memory", str(path), env={"MCP_INSPECTOR_NATIVE": "0"}) for _ in range(2)),
            key=lambda r: r["seconds"],
        )
        wins = [run_child("--child-window", str(path), "--runs", str(args.runs)) for _ in range(args.windows)]
    n = mem["entries"]
    print(f"file: {n:,} entries, {size / MIB:.1f} MiB ({size / n:.0f} bytes/entry)")
    print(
        f"Recording.load (headless, best of 3 processes): {mem['seconds']:.2f} s "
        f"({n / mem['seconds']:,.0f} entries/s), {mem['problems']} problems"
    )
    print(
        f"  in one process (MCP_INSPECTOR_LOAD_SPLIT=0): {alone['seconds']:.2f} s; "
        f"the second part's helper process: peak RSS {mem['rss_helper'] / MIB:.1f} MiB (given back at its exit)"
    )
    worst = max(best for best, _rows in plain["searches"].values())
    print(
        f"  without the C part (MCP_INSPECTOR_NATIVE=0): {plain['seconds']:.2f} s; with search and filters "
        f"{plain['rss_filters'] / size:.2f}x the file; its slowest search {worst * 1000:.0f} ms"
    )
    print(f"peak RSS growth, Recording.load: {mem['rss_load'] / MIB:.1f} MiB = {mem['rss_load'] / size:.2f}x the file")
    print(
        f"peak RSS growth, load + search + filters (EntryView): {mem['rss_filters'] / MIB:.1f} MiB = "
        f"{mem['rss_filters'] / size:.2f}x the file"
    )
    print("search over every entry (EntryView.set_filter, headless, best of 3): ms, rows")
    for needle, (best, rows) in mem["searches"].items():
        print(f"  {needle[:44]!r:<48} {best * 1000:7.1f} ms {rows:>9,}")
    if wins:
        print_windows(wins, size)


def print_windows(wins: list[dict], size: int) -> None:
    """The window's figures: the best of the window processes ``wins``."""
    w = min(wins, key=lambda r: r["usable"])
    print(
        f"window: open to usable timeline {w['usable']:.2f} s ({w['rows_when_usable']:,} rows shown; "
        f"open_recording_path returned after {w['open_returned']:.2f} s)"
    )
    print(f"window: every entry loaded and in the timeline after {min(x['loaded'] for x in wins):.2f} s")
    print(
        f"window: longest event-loop stall while loading {w['stall_max'] * 1000:.0f} ms "
        f"({w['stalls_over_50ms']} over 50 ms); scrolling while loading: {w['scrolls_while_loading']} moves, "
        f"slowest {w['scroll_while_loading_max'] * 1000:.0f} ms"
    )
    print(
        f"window: peak RSS growth {w['rss_window'] / MIB:.1f} MiB = {w['rss_window'] / size:.2f}x the file "
        f"(after filters: {w['rss_window_after_filters'] / size:.2f}x)"
    )
    for name in w["filters"]:
        best = min(x["filters"][name] for x in wins)
        print(f"  {name:<44} {best * 1000:7.1f} ms")
    print("  search rows: " + ", ".join(f"{k[:24]!r} {v:,}" for k, v in w["search_rows"].items()))
    for label, key in (
        ("sequence view, a frame at 200 places across the file", "sequence_frames"),
        ("replay slider moved to 200 places (everything follows)", "replay_moves"),
    ):
        xs = min((x[key] for x in wins), key=statistics.median)
        print(
            f"{label}: median {statistics.median(xs) * 1000:.1f} ms, p99 "
            f"{xs[int(len(xs) * 0.99) - 1] * 1000:.1f} ms, worst {xs[-1] * 1000:.1f} ms"
        )
    print(
        f"replay playing at 10x for 2 s: {w['play_rows']:,} entries shown, longest event-loop stall "
        f"{w['play_stall_max'] * 1000:.0f} ms;"
        f" peak RSS growth after the sequence view and replay {w['rss_window_after_replay'] / size:.2f}x the file"
    )
    print(
        f"jump to entry by number: median {min(x['jump_median'] for x in wins) * 1000:.1f} ms, slowest "
        f"{min(x['jump_max'] for x in wins) * 1000:.1f} ms; to an entry the filter hides: "
        f"{min(x['jump_hidden_best'] for x in wins) * 1000:.1f} ms"
    )


if __name__ == "__main__":
    main()
