"""Start-up, over several runs: process start to first painted window, and ``probe`` of the
demo from spawn to exit.

    .venv/bin/python benchmarks/ui_startup.py [--runs 10]

Spawns ``python -m inspector`` (offscreen) with MCP_INSPECTOR_EXIT_AFTER_FIRST_PAINT=1: the
app prints ``first-paint`` from the window's first paint event and closes. The time is taken
in this process, from just before spawning to the moment that line arrives. A fresh config
folder is used for every run. The package's bytecode is compiled first (``bytecode.py``).

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
    t0 = time.perf_counter()
    proc = subprocess.Popen(
        argv,
        cwd=cwd,
        env={**env, "MCP_INSPECTOR_EXIT_AFTER_FIRST_PAINT": "1"},
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    assert proc.stdout is not None
    try:
        for line in proc.stdout:
            if line.strip() == b"first-paint":
                elapsed = time.perf_counter() - t0
                break
        else:
            raise SystemExit(f"the app exited ({proc.wait()}) without painting")
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    return elapsed


def one() -> float:
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_CONFIG_HOME=home)
        return time_to_first_paint([sys.executable, "-m", "inspector"], env)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    compile_package()
    times = [one() * 1000 for _ in range(args.runs)]
    print("process start to first painted window: " + " ".join(f"{t:.0f}" for t in times) + " ms")
    print(
        f"  min {min(times):.0f} ms  median {statistics.median(times):.0f} ms  max {max(times):.0f} ms  (target 600 ms)"
    )
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
