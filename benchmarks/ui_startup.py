"""Start-up, over several runs: process start to first painted window, and ``probe`` of the
demo from spawn to exit.

    .venv/bin/python benchmarks/ui_startup.py [--runs 10]

Spawns ``python -m inspector`` (offscreen) with MCP_INSPECTOR_EXIT_AFTER_FIRST_PAINT=1: the
app prints ``first-paint`` from the window's first paint event, then ``settled`` once what
waits for the first paint has run (the feature panels made, the saved servers read), and
closes. The times are taken in this process, from just before spawning to the moment each
line arrives. A fresh config folder is used for every run. The package's bytecode is compiled
first (``bytecode.py``).

The lifecycle diagram keeps its layout in the cache folder (inspector/session/diagram_cache.py),
and so does the start-up cache (inspector/startup_cache.py: the dataclasses' methods, compiled
once): "warm" runs share one cache folder that one unmeasured start filled (every start after the
first on a machine), "cold" runs each get an empty one (the very first start, or after the
layout code, the language or the font changed). The two kinds alternate run by run.

``probe --demo --request tools/list`` (the built-in demo server, the handshake, one request,
the shutdown, the transcript to /dev/null) is timed from spawn to exit.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bytecode import compile_package  # noqa: E402 (the benchmarks folder is the script's)


def time_to_first_paint(argv: list[str], env: dict[str, str], cwd: Path | None = None) -> float:
    """Seconds from starting ``argv`` (in ``cwd``) to the window's first paint (the app prints
    ``first-paint`` and exits when MCP_INSPECTOR_EXIT_AFTER_FIRST_PAINT=1 is in ``env``)."""
    return time_to_lines(argv, env, cwd)[0]


def time_to_lines(
    argv: list[str], env: dict[str, str], cwd: Path | None = None, lines: tuple[bytes, ...] = (b"first-paint",)
) -> list[float]:
    """Seconds from starting ``argv`` (in ``cwd``) to each of ``lines`` on its stdout, in order
    (MCP_INSPECTOR_EXIT_AFTER_FIRST_PAINT=1 is added to ``env``)."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(
        argv,
        cwd=cwd,
        env={**env, "MCP_INSPECTOR_EXIT_AFTER_FIRST_PAINT": "1"},
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    assert proc.stdout is not None
    times: list[float] = []
    try:
        for line in proc.stdout:
            if len(times) < len(lines) and line.strip() == lines[len(times)]:
                times.append(time.perf_counter() - t0)
                if len(times) == len(lines):
                    break
        else:
            raise SystemExit(f"the app exited ({proc.wait()}) without printing {lines[len(times)]!r}")
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    return times


def one(cache: str | None) -> list[float]:
    """Milliseconds to the first paint and to 'settled' for one start (``cache``: the cache
    folder, None for an empty one)."""
    with tempfile.TemporaryDirectory() as home, tempfile.TemporaryDirectory() as empty:
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_CONFIG_HOME=home, XDG_CACHE_HOME=cache or empty)
        got = time_to_lines([sys.executable, "-m", "inspector"], env, lines=(b"first-paint", b"settled"))
        return [t * 1000 for t in got]


def _say(what: str, times: list[float]) -> None:
    print(f"{what}: " + " ".join(f"{t:.0f}" for t in times) + " ms")
    print(f"  min {min(times):.0f} ms  median {statistics.median(times):.0f} ms  max {max(times):.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    compile_package()
    warm: list[list[float]] = []
    cold: list[list[float]] = []
    with tempfile.TemporaryDirectory() as cache:
        one(cache)  # fills the cache folder the warm runs share
        for i in range(args.runs):
            for kind in ("warm", "cold") if i % 2 == 0 else ("cold", "warm"):
                (warm if kind == "warm" else cold).append(one(cache if kind == "warm" else None))
    print(f"load {' '.join(f'{x:.2f}' for x in os.getloadavg())} (1, 5, 15 min)")
    # the first figure's lines as before_after.py reads them: the start every start after the first is
    _say("process start to first painted window", [w[0] for w in warm])
    print("  (the diagram's layout cached, as at every start after the first)")
    _say("process start to first painted window, empty cache folder (a first start)", [c[0] for c in cold])
    _say("first paint to settled (feature panels made, saved servers read)", [w[1] - w[0] for w in warm])
    probes = [probe_demo() * 1000 for _ in range(args.runs)]
    print("probe --demo --request tools/list, spawn to exit: " + " ".join(f"{t:.0f}" for t in probes) + " ms")
    print(f"  min {min(probes):.0f} ms  median {statistics.median(probes):.0f} ms  max {max(probes):.0f} ms")


def probe_demo() -> float:
    argv = [sys.executable, "-m", "inspector", "probe", "--demo", "--request", "tools/list"]
    t0 = time.perf_counter()
    done = subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=60)
    elapsed = time.perf_counter() - t0
    if done.returncode != 0:
        raise SystemExit(f"probe --demo failed ({done.returncode}): {done.stderr.decode(errors='replace')[-400:]}")
    return elapsed


if __name__ == "__main__":
    main()
