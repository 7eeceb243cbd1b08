"""Live-window flood benchmark: the demo server's flood switch into the real, visible window.

    QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/ui_flood.py [--count 200000] [--runs 3]
        [--scenario plain|timeline+logs|sequence+logs ...] [--profile FILE]

The real main window connects to ``python -m inspector.demo --flood 0:COUNT`` (legacy era);
the demo floods ~150-byte notifications/message lines as soon as it reads
``notifications/initialized``. Scenarios (all three by default):

- ``plain``: the timeline tab in front, the Features dock showing its first panel (the set-up
  and figures this benchmark had before the scenarios; "log rows" is what the hidden Logs
  panel has taken in so far);
- ``timeline+logs``: the timeline following, and the Logs panel in front in the Features dock;
- ``sequence+logs``: the Sequence tab in front (the timeline model still follows behind it),
  and the Logs panel in front in the Features dock.

Measured per run:

- throughput: COUNT / time from initialized sent until every notification is in the
  recording *and* in the timeline model (rows the view can show), and, with the Logs panel
  shown, the Logs panel's model has taken every entry in, and the status bar's count is the
  recording's length;
- UI event-loop stall: a 5 ms QTimer records the gaps between its ticks during the flood;
  stall = gap - 5 ms; p50/p99/max are printed;
- the GUI thread's CPU time per message (``time.thread_time``; that thread runs the session
  too): less at the mercy of other processes than the wall-clock rate (on a virtual machine,
  time the host takes from it still counts);
- the count check (nothing lost) at the end: timeline rows == recording length; with the
  Logs panel shown, its rows == its total == the log messages in the recording; the status
  bar says the recording's length; the view in front follows (scrolled to the newest row).

The best and the spread (min..max) of each figure over the runs are printed per scenario.
``--profile FILE`` writes a cProfile of the last run of each scenario (FILE.<scenario>).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from operator import countOf
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import anyio  # noqa: E402
import qasync  # noqa: E402
from PySide6.QtCore import Qt, QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from inspector.protocol.lifecycle import State  # noqa: E402
from inspector.protocol.messages import Kind  # noqa: E402
from inspector.session.profiles import demo_profile  # noqa: E402
from inspector.session.recording import Direction  # noqa: E402
from inspector.ui.app import build  # noqa: E402

TICK_MS = 5
LOG_METHOD = "notifications/message"
SCENARIOS = ("plain", "timeline+logs", "sequence+logs")


def _status_count(window) -> str:
    return window.status.counts.text()


async def one_run(app: QApplication, count: int, scenario: str, profiler=None) -> dict:
    logs_shown = scenario.endswith("+logs")
    sequence_shown = scenario.startswith("sequence")
    with tempfile.TemporaryDirectory() as tmp:
        controller, window = build(app, config=Path(tmp))
        window.resize(1600, 1000)
        window.show()
        if sequence_shown:
            window.views.setCurrentWidget(window.sequence)
        logs_panel = window.panels.panels["logs"]
        if logs_shown:
            # after the host laid its tabs out for the session (it is connected first)
            controller.ready.connect(lambda: window.panels.show_panel("logs"))
        profile = demo_profile()
        profile.era = "legacy"
        profile.args = [*profile.args, "--flood", f"0:{count}"]
        window.profiles[0] = profile
        window.connection.profiles[0] = profile
        gaps: list[float] = []
        last = [0.0]
        measuring = [False]

        def tick() -> None:
            now = time.perf_counter()
            if measuring[0] and last[0]:
                gaps.append((now - last[0]) * 1000 - TICK_MS)
            last[0] = now

        timer = QTimer()
        timer.setInterval(TICK_MS)
        timer.setTimerType(Qt.TimerType.PreciseTimer)
        timer.timeout.connect(tick)
        timer.start()
        result: dict = {}
        async with anyio.create_task_group() as tg:
            controller.task_group = tg
            window.connect_selected()
            with anyio.fail_after(30):
                while controller.session is None or controller.session.state is not State.OPERATING:
                    await anyio.sleep(0.001)
            if profiler is not None:
                profiler.enable()
            t0 = time.perf_counter()
            cpu0 = time.thread_time()  # the GUI thread (it also runs the session): CPU per message
            measuring[0] = True
            rec = controller.recording
            model = window.timeline.model
            log_model = logs_panel.model
            kind_at, method_at = rec.kind_at, rec.method_at
            note = Kind.NOTIFICATION
            seen = 0
            notifications = 0
            with anyio.fail_after(120):
                while True:
                    n = len(rec)
                    if n > seen:  # C-level counting: the poll must cost the GUI thread little
                        notifications += countOf(map(kind_at, range(seen, n)), note)
                        seen = n
                    if (
                        notifications >= count
                        and model.total() >= n  # every entry examined by the timeline ...
                        and (not logs_shown or log_model.caught_up())  # ... and by the Logs panel
                        and _status_count(window) == window.tr("%Ln entries", "", n)
                    ):
                        break
                    await anyio.sleep(0.005)
            elapsed = time.perf_counter() - t0
            cpu = time.thread_time() - cpu0
            measuring[0] = False
            if profiler is not None:
                profiler.disable()
            await anyio.sleep(0.3)  # a paint or two: the view in front settles at the bottom
            n = len(rec)
            s2c = Direction.S2C
            log_messages = sum(  # the log messages the Logs panel must show (from the server)
                1 for i in range(n) if method_at(i) == LOG_METHOD and kind_at(i) is note and rec.direction_at(i) is s2c
            )
            table_bar = window.timeline.table.verticalScrollBar()
            seq_bar = window.sequence.verticalScrollBar()
            following = (
                seq_bar.value() == seq_bar.maximum() and seq_bar.maximum() > 0
                if sequence_shown
                else window.timeline.is_following()
                and table_bar.value() == table_bar.maximum()
                and table_bar.maximum() > 0
            )
            checks = {
                "timeline": model.rowCount() == n and model.total() == n,
                "status": _status_count(window) == window.tr("%Ln entries", "", n),
                "following": following,
            }
            if logs_shown:
                checks["logs"] = (
                    log_model.rowCount() == log_model.total() == log_messages
                    and logs_panel.isVisible()
                    and log_messages >= count
                )
            result = {
                "rate": count / elapsed,
                "elapsed": elapsed,
                "cpu_us": cpu / count * 1e6,
                "entries": n,
                "rows": model.rowCount(),
                "log_rows": log_model.rowCount(),
                "log_messages": log_messages,
                "checks": checks,
                "all_present": all(checks.values()) and notifications >= count,
                "stall_p50": statistics.median(gaps) if gaps else 0.0,
                "stall_p99": sorted(gaps)[int(len(gaps) * 0.99)] if gaps else 0.0,
                "stall_max": max(gaps) if gaps else 0.0,
                "ticks": len(gaps),
            }
            controller.end_session()
            with anyio.fail_after(20):
                while controller.running:
                    await anyio.sleep(0.01)
            tg.cancel_scope.cancel()
        timer.stop()
        window.close()
        window.deleteLater()
        app.processEvents()
        return result


def _spread(results: list[dict], key: str, best=max) -> str:
    values = [r[key] for r in results]
    return f"{best(values):.1f} ({min(values):.1f}..{max(values):.1f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=200_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--scenario", action="append", choices=SCENARIOS, help="repeatable; default: all")
    parser.add_argument("--profile", metavar="FILE", help="cProfile the last run of each scenario into FILE.<scenario>")
    args = parser.parse_args()
    scenarios = args.scenario or list(SCENARIOS)
    app = QApplication.instance() or QApplication([sys.argv[0]])
    from inspector.ui.app import quiet_offscreen_warnings

    quiet_offscreen_warnings()  # the offscreen plugin's propagateSizeHints noise
    app.setQuitOnLastWindowClosed(False)
    results: dict[str, list[dict]] = {s: [] for s in scenarios}

    async def run_all() -> None:
        for _ in range(args.runs):
            for s in scenarios:  # interleaved: machine noise spreads over every scenario
                profiler = None
                if args.profile and len(results[s]) == args.runs - 1:
                    import cProfile

                    profiler = cProfile.Profile()
                results[s].append(await one_run(app, args.count, s, profiler))
                if profiler is not None:
                    profiler.dump_stats(f"{args.profile}.{s}")

    anyio.run(run_all, backend="asyncio", backend_options={"loop_factory": lambda: qasync.QEventLoop(app)})
    print(
        f"live-window flood: demo --flood 0:{args.count} (legacy), window 1600x1000 offscreen, {args.runs} "
        "runs per scenario"
    )
    for s in scenarios:
        rs = results[s]
        print(f"[{s}]")
        for r in rs:
            failed = [k for k, ok in r["checks"].items() if not ok]
            print(
                f"  {r['rate']:>10,.0f} msg/s  {r['elapsed']:.2f} s  GUI thread {r['cpu_us']:.2f} us/msg  UI "
                f"stall p50 {r['stall_p50']:.1f} ms"
                f"  p99 {r['stall_p99']:.1f} ms  max {r['stall_max']:.1f} ms  ({r['ticks']} ticks)"
                f"  rows {r['rows']:,}/{r['entries']:,}  log rows {r['log_rows']:,}/{r['log_messages']:,}"
                f"  all present: {r['all_present']}" + (f" (failed: {', '.join(failed)})" if failed else "")
            )
        rates = [r["rate"] for r in rs]
        print(
            f"  best {max(rates):,.0f} msg/s (spread {min(rates):,.0f}..{max(rates):,.0f}, median "
            f"{statistics.median(rates):,.0f});"
            f" stall p50 {_spread(rs, 'stall_p50', min)}  p99 {_spread(rs, 'stall_p99', min)}  max "
            f"{_spread(rs, 'stall_max', min)} ms"
            f" (best (min..max)); GUI thread CPU {min(r['cpu_us'] for r in rs):.2f} us/msg;"
            f" nothing lost: {all(r['all_present'] for r in rs)}"
        )


if __name__ == "__main__":
    main()
