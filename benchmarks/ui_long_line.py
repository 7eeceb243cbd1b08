"""Live-window benchmark of one huge line: the demo's ``--oversized BYTES`` into the real window.

    QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/ui_long_line.py [--size 20000000] [--runs 3]
        [--profile FILE]

The real main window (1600x1000, offscreen) connects to ``python -m inspector.demo --oversized
SIZE`` (legacy era): once the session is up the demo writes one notifications/message line of
SIZE bytes (its ``data`` a string of SIZE-odd "x"). Measured per run, as the longest gap
between the ticks of a 5 ms QTimer (stall = gap - 5 ms) - the event loop of the window, which
also runs the session:

- receiving: from ``notifications/initialized`` until the line is in the recording, in the
  timeline's model and in the Logs panel (shown in front, as a user watching logs would have
  it), the status bar counting it, plus 0.5 s of the window settling (ticks, paints);
- selecting: the timeline row of the line is selected (what a click does) and the window is
  left for 1.5 s: the details pane, its JSON view and the sequence view's cursor follow;
- hex: the details pane's Hex button pressed on that entry, 1 s.

Each phase prints its longest stall and the p99; the target is < 100 ms for every phase.
``--profile FILE`` writes a cProfile of the last run (FILE.receive, FILE.select, FILE.hex).
"""

from __future__ import annotations

import argparse
import os
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
from inspector.session.profiles import demo_profile  # noqa: E402
from inspector.session.recording import Direction  # noqa: E402
from inspector.ui.app import build  # noqa: E402

TICK_MS = 5


class Stalls:
    """The gaps between the ticks of a precise 5 ms timer, per phase."""

    def __init__(self) -> None:
        self.phase: str | None = None
        self.gaps: dict[str, list[float]] = {}
        self._last = 0.0
        self.timer = QTimer()
        self.timer.setInterval(TICK_MS)
        self.timer.setTimerType(Qt.TimerType.PreciseTimer)
        self.timer.timeout.connect(self._tick)
        self.timer.start()

    def _tick(self) -> None:
        now = time.perf_counter()
        if self.phase is not None and self._last:
            self.gaps.setdefault(self.phase, []).append((now - self._last) * 1000 - TICK_MS)
        self._last = now

    def start(self, phase: str) -> None:
        self.phase = phase
        self._last = time.perf_counter()  # a gap is counted from the phase's start

    def stop(self) -> None:
        self._tick()  # the gap up to now (a stall that is still going on) counts too
        self.phase = None

    def figures(self, phase: str) -> tuple[float, float, int]:
        g = sorted(self.gaps.get(phase, [0.0]))
        return g[-1], g[min(len(g) - 1, int(len(g) * 0.99))], len(g)


async def one_run(app: QApplication, size: int, profiler=None) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        controller, window = build(app, config=Path(tmp))
        window.resize(1600, 1000)
        window.show()
        controller.ready.connect(lambda: window.panels.show_panel("logs"))
        profile = demo_profile()
        profile.era = "legacy"
        profile.args = [*profile.args, "--oversized", str(size)]
        profile.stdin_grace = profile.term_grace = 1.0
        window.profiles[0] = profile
        window.connection.profiles[0] = profile
        stalls = Stalls()
        result: dict = {}

        async def phase(name: str, action, settle: float) -> float:
            """Run ``action`` (sync or async) with the stall meter (and the profiler) on for this
            phase, then ``settle`` seconds more; the seconds ``action`` itself took."""
            stalls.start(name)
            if profiler is not None:
                profiler.enable()
            t = time.perf_counter()
            done = action()
            if done is not None and hasattr(done, "__await__"):
                await done
            took = time.perf_counter() - t
            await anyio.sleep(settle)
            if profiler is not None:
                profiler.disable()
                profiler.dump_stats(f"{profiler.file}.{name}")
                profiler.clear()
            stalls.stop()
            return took

        async with anyio.create_task_group() as tg:
            controller.task_group = tg
            window.connect_selected()
            with anyio.fail_after(30):
                while controller.session is None or controller.session.state is not State.OPERATING:
                    await anyio.sleep(0.001)
            rec = controller.recording
            model = window.timeline.model
            logs = window.panels.panels["logs"]
            found: list[int] = []

            async def receive() -> (
                None
            ):  # until the line is in the recording, the timeline, the Logs panel and the status
                with anyio.fail_after(120):
                    while True:
                        n = len(rec)
                        if not found:
                            found.extend(
                                i
                                for i in range(n)
                                if rec.direction_at(i) is Direction.S2C and len(rec.raw_at(i)) >= size - 1
                            )
                        if (
                            found
                            and model.total() >= n
                            and logs.model.caught_up()
                            and window.status.counts.text() == window.tr("%Ln entries", "", n)
                        ):
                            return
                        await anyio.sleep(0.005)

            arrived = await phase("receive", receive, 0.5)
            seq = found[0]
            select_call = await phase("select", lambda: window.timeline.select_seq(seq), 1.5)
            selected = window.timeline.current_seq() == seq
            await phase("hex", window.detail.hex_button.click, 1.0)
            result = {
                "entry": seq,
                "bytes": len(rec.raw_at(seq)) if seq is not None else 0,
                "selected": selected and window.detail.hex_button.isChecked(),
                "arrived": arrived,
                "select_call": select_call,
                "receive": stalls.figures("receive"),
                "select": stalls.figures("select"),
                "hex": stalls.figures("hex"),
            }
            controller.end_session()
            with anyio.fail_after(20):
                while controller.running:
                    await anyio.sleep(0.01)
            tg.cancel_scope.cancel()
        stalls.timer.stop()
        window.close()
        window.deleteLater()
        app.processEvents()
        return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=20_000_000, help="bytes of the line (default 20,000,000)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--profile", metavar="FILE", help="cProfile the last run into FILE.receive / .select / .hex")
    args = parser.parse_args()
    app = QApplication.instance() or QApplication([sys.argv[0]])
    from inspector.ui.app import quiet_offscreen_warnings

    quiet_offscreen_warnings()
    app.setQuitOnLastWindowClosed(False)
    results: list[dict] = []

    async def run_all() -> None:
        for i in range(args.runs):
            profiler = None
            if args.profile and i == args.runs - 1:
                import cProfile

                profiler = cProfile.Profile()
                profiler.file = args.profile
            results.append(await one_run(app, args.size, profiler))

    anyio.run(run_all, backend="asyncio", backend_options={"loop_factory": lambda: qasync.QEventLoop(app)})
    print(
        f"one {args.size:,}-byte line into the live window: demo --oversized {args.size} (legacy), 1600x1000 "
        f"offscreen, {args.runs} runs"
    )
    print("longest event-loop stall (p99) per phase; target: every phase < 100 ms")
    for r in results:
        print(
            f"  entry #{r['entry']} ({r['bytes']:,} B, in the window {r['arrived']:.2f} s after the session was up)"
            f"  receive {r['receive'][0]:.1f} ms ({r['receive'][1]:.1f})"
            f"  select {r['select'][0]:.1f} ms ({r['select'][1]:.1f}; the select call {r['select_call'] * 1000:.1f} ms)"
            f"  hex {r['hex'][0]:.1f} ms ({r['hex'][1]:.1f})  selected: {r['selected']}"
        )
    for phase in ("receive", "select", "hex"):
        worst = [r[phase][0] for r in results]
        print(f"  {phase}: best {min(worst):.1f} ms, worst {max(worst):.1f} ms")


if __name__ == "__main__":
    main()
