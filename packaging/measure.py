"""Numbers for a built bundle: size, --self-test time and process start to first painted window.

    python3 packaging/measure.py dist/mcp-session-inspector-VERSION-linux-ARCH [--runs 5] [--cold]

Each run starts the bundle's executable in a clean environment (env -i style: PATH=/usr/bin:/bin,
a fresh HOME, offscreen). First paint: MCP_INSPECTOR_EXIT_AFTER_FIRST_PAINT=1 makes the app print
``first-paint`` from the window's first paint event and close; the time is taken here, from just
before the spawn to that line. ``--cold`` drops the kernel's page cache before every run (root
only: writes /proc/sys/vm/drop_caches), so the bundle's files are read from disk again.
Needs only the standard library (run it with any python3).
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

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
from ui_startup import time_to_first_paint  # noqa: E402 (one way to time the first paint)


def drop_caches() -> None:
    os.sync()
    Path("/proc/sys/vm/drop_caches").write_text("3\n")


def clean_env(home: str, **extra: str) -> dict[str, str]:
    return {"PATH": "/usr/bin:/bin", "HOME": home, "LANG": "C.UTF-8", "QT_QPA_PLATFORM": "offscreen", **extra}


def self_test(exe: Path) -> float:
    with tempfile.TemporaryDirectory() as home:
        t0 = time.perf_counter()
        done = subprocess.run(
            [str(exe), "--self-test"],
            env=clean_env(home),
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            timeout=120,
        )
        elapsed = time.perf_counter() - t0
    if done.returncode != 0:
        raise SystemExit(f"--self-test failed ({done.returncode}):\n{done.stdout.decode(errors='replace')}")
    return elapsed


def first_paint(exe: Path) -> float:
    with tempfile.TemporaryDirectory() as home:
        return time_to_first_paint([str(exe)], clean_env(home))


def size(path: Path) -> str:
    return subprocess.run(["du", "-sh", str(path)], capture_output=True, text=True).stdout.split()[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("stage", type=Path, help="dist/mcp-session-inspector-VERSION-linux-ARCH")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--cold", action="store_true", help="drop the page cache before every run (root)")
    args = parser.parse_args()
    exe = args.stage / "app" / "mcp-session-inspector"
    if not exe.is_file():
        raise SystemExit(f"{exe} not found: build it with bash packaging/build.sh")
    tarball = args.stage.with_name(args.stage.name + ".tar.gz")
    print(f"bundle folder {size(args.stage / 'app')}, tarball {size(tarball) if tarball.exists() else '(not built)'}")
    for name, fn in (("--self-test", self_test), ("first paint", first_paint)):
        times = []
        for _ in range(args.runs):
            if args.cold:
                drop_caches()
            times.append(fn(exe) * 1000)
        label = "cold" if args.cold else "warm"
        print(
            f"{name} ({label}, {args.runs} runs): "
            + " ".join(f"{t:.0f}" for t in times)
            + f" ms; median {statistics.median(times):.0f} ms"
        )


if __name__ == "__main__":
    sys.exit(main())
