"""Live-window flood benchmark: the demo server's flood switch into the real, visible window.

    QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/ui_flood.py [--count 200000] [--runs 3]

The real main window connects to ``python -m inspector.demo --flood 0:COUNT`` (legacy era);
the demo floods ~150-byte notifications/message lines as soon as it reads
``notifications/initialized``. Measured per run:

- throughput: COUNT / time from initialized sent until every notification is in the
  recording *and* in the timeline model (rows the view can show);
- UI event-loop stall: a 5 ms QTimer records the gaps between its ticks during the flood;
  stall = gap - 5 ms; p50/p99/max are printed;
- that every message is present at the end (timeline row count == recording length).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
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
from inspector.ui.app import build  # noqa: E402

TICK_MS = 5


async def one_run(app: QApplication, count: int) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        controller, window = build(app, config=Path(tmp))
        window.resize(1600, 1000)
        window.show()
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
            t0 = time.perf_counter()
            measuring[0] = True
            rec = controller.recording
            model = window.timeline.model
            seen = 0
            notifications = 0
            with anyio.fail_after(120):
                while True:
                    n = len(rec)
                    for i in range(seen, n):
                        if rec.kind_at(i) is Kind.NOTIFICATION:
                            notifications += 1
                    seen = n
                    if notifications >= count and model.total() >= n:
                        break
                    await anyio.sleep(0.005)
            elapsed = time.perf_counter() - t0
            measuring[0] = False
            result = {
                "rate": count / elapsed,
                "elapsed": elapsed,
                "entries": len(rec),
                "rows": model.rowCount(),
                "all_present": model.rowCount() == len(rec) and notifications >= count,
                "stall_p50": statistics.median(gaps) if gaps else 0.0,
                "stall_p99": sorted(gaps)[int(len(gaps) * 0.99)] if gaps else 0.0,
                "stall_max": max(gaps) if gaps else 0.0,
                "ticks": len(gaps),
            }
            controller.disconnect()
            with anyio.fail_after(20):
                while controller.running:
                    await anyio.sleep(0.01)
            tg.cancel_scope.cancel()
        timer.stop()
        window.close()
        window.deleteLater()
        app.processEvents()
        return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=200_000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    app = QApplication.instance() or QApplication([sys.argv[0]])
    app.setQuitOnLastWindowClosed(False)
    results: list[dict] = []

    async def run_all() -> None:
        for _ in range(args.runs):
            results.append(await one_run(app, args.count))

    anyio.run(run_all, backend="asyncio", backend_options={"loop_factory": lambda: qasync.QEventLoop(app)})
    print(f"live-window flood: demo --flood 0:{args.count} (legacy), window 1600x1000 offscreen, {args.runs} runs")
    for r in results:
        print(
            f"  {r['rate']:>10,.0f} msg/s  {r['elapsed']:.2f} s  UI stall p50 {r['stall_p50']:.1f} ms"
            f"  p99 {r['stall_p99']:.1f} ms  max {r['stall_max']:.1f} ms  ({r['ticks']} ticks)"
            f"  rows {r['rows']:,}/{r['entries']:,}  all present: {r['all_present']}"
        )
    best = max(results, key=lambda r: r["rate"])
    print(f"best {best['rate']:,.0f} msg/s; median {statistics.median(r['rate'] for r in results):,.0f} msg/s;"
          f" worst p99 stall {max(r['stall_p99'] for r in results):.1f} ms")


if __name__ == "__main__":
    main()
