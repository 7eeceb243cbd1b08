"""What ``bash scripts/run.sh`` costs on a machine where the set-up is done and nothing changed:
the set-up alone, ``run.sh --version``, and ``run.sh`` to the window's first paint (offscreen).

    .venv/bin/python benchmarks/run_warm.py [--runs 10]

One run of ``scripts/setup.sh`` comes first (it installs what is missing and writes the stamp;
what it said is printed); then each is timed ``--runs`` times, from spawn to exit (to the
``first-paint`` line for the window: MCP_INSPECTOR_EXIT_AFTER_FIRST_PAINT=1, a fresh config
folder per run). A warm run must say nothing on stderr: one that does is reported.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def timed(argv: list[str], env: dict[str, str], until: bytes | None = None) -> tuple[float, bytes]:
    """Seconds from spawning ``argv`` to its exit (or to the stdout line ``until``), and its stderr."""
    with tempfile.TemporaryFile() as err:
        t0 = time.perf_counter()
        proc = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=err, stdin=subprocess.DEVNULL)
        assert proc.stdout is not None
        if until is not None:
            for line in proc.stdout:
                if line.strip() == until:
                    break
            else:
                raise SystemExit(f"{argv} exited ({proc.wait()}) without printing {until!r}")
        else:
            proc.stdout.read()
        elapsed = time.perf_counter() - t0
        proc.stdout.close()
        proc.wait(60)
        err.seek(0)
        return elapsed, err.read()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    first, said = timed(["bash", "scripts/setup.sh"], env)
    print(
        f"first set-up run: {first:.2f} s"
        + (f", it said:\n{said.decode(errors='replace')}" if said else ", nothing to do")
    )
    with tempfile.TemporaryDirectory() as home:
        window = {
            **env,
            "QT_QPA_PLATFORM": "offscreen",
            "HOME": home,
            "XDG_CONFIG_HOME": str(Path(home) / "config"),
            "MCP_INSPECTOR_EXIT_AFTER_FIRST_PAINT": "1",
        }
        cases = [
            ("bash scripts/setup.sh", ["bash", "scripts/setup.sh"], env, None),
            ("bash scripts/run.sh --version", ["bash", "scripts/run.sh", "--version"], env, None),
            ("bash scripts/run.sh to first paint (offscreen)", ["bash", "scripts/run.sh"], window, b"first-paint"),
        ]
        for name, argv, case_env, until in cases:
            times = []
            for _ in range(args.runs):
                elapsed, said = timed(argv, case_env, until)
                if b"setup:" in said:
                    print(f"  ! {name}: the set-up was not skipped: {said.decode(errors='replace').strip()}")
                times.append(elapsed)
            print(
                f"{name:48s} median {statistics.median(times):.3f} s  min {min(times):.3f}  max "
                f"{max(times):.3f}  ({args.runs} runs)"
            )


if __name__ == "__main__":
    main()
