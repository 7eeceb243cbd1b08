"""Start-up in CPU time: this tree against another, from process start to the first painted window.

    .venv/bin/python benchmarks/startup_cpu.py --before /tmp/wt_before [--runs 12]

Wall time on a shared, loaded machine is mostly waiting for a core; the CPU time the process
itself spent (all its threads, ``time.process_time``) is what start-up costs and moves little
with the load. Each run starts ``python -c`` in the tree (its package first on the path, a
fresh config folder, offscreen) with a small wrapper that takes the process's CPU time at
five points: after ``import inspector.cli``, after ``import inspector.ui.main_window`` (what
``python -m inspector`` imports next anyway), when ``ui.app.build`` starts (the argument parser
and the application made) and returns (the controller and the window made), and when the app
prints ``first-paint`` (the window's first paint, MCP_INSPECTOR_EXIT_AFTER_FIRST_PAINT=1). Each
figure is the CPU time from the process's start to that point (the interpreter's own start
included: the same interpreter for both trees). The trees alternate run by run
(before, after, after, before, ...) so a slow moment falls on both. Printed per phase: the
medians from the process's start and of the phase alone, with after/before (below 1 is faster).

The lifecycle diagram keeps its layout in the cache folder (inspector/session/diagram_cache.py):
each tree gets its own cache folder, filled by one unmeasured start (every start after the first
on a machine); ``--cold-layout`` gives every run an empty one instead.
"""

from __future__ import annotations

import argparse
import compileall
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent

#: Run in the child: CPU ms from the process's start on stderr, ``cpu cli=.. window=.. start=.. built=.. paint=..``.
CHILD = """
import sys, time
import inspector.cli
cli = time.process_time()
import inspector.ui.main_window
window = time.process_time()
import inspector.ui.app as app

built = []
_build = app.build

def build(*args, **kwargs):
    built.append(time.process_time())
    made = _build(*args, **kwargs)
    built.append(time.process_time())
    return made

app.build = build

class Out:
    def __init__(self, out):
        self.out = out
    def write(self, text):
        if "first-paint" in text:
            paint = time.process_time()
            sys.stderr.write(
                f"cpu cli={cli * 1000:.2f} window={window * 1000:.2f} start={built[0] * 1000:.2f} "
                f"built={built[1] * 1000:.2f} paint={paint * 1000:.2f}\\n"
            )
            sys.stderr.flush()
        return self.out.write(text)
    def flush(self):
        self.out.flush()
    def __getattr__(self, name):
        return getattr(self.out, name)

sys.stdout = Out(sys.stdout)
sys.argv = ["inspector"]
sys.exit(inspector.cli.main([]))
"""

PHASES = ("cli", "window", "start", "built", "paint")


def one(tree: Path, cache: Path | None = None) -> dict[str, float]:
    """CPU ms at each phase for one start of the app in ``tree`` (``cache``: its cache folder,
    None for an empty one)."""
    with tempfile.TemporaryDirectory() as home, tempfile.TemporaryDirectory() as empty:
        env = dict(
            os.environ,
            QT_QPA_PLATFORM="offscreen",
            XDG_CONFIG_HOME=home,
            XDG_CACHE_HOME=str(cache or empty),
            PYTHONPATH=str(tree),
            MCP_INSPECTOR_EXIT_AFTER_FIRST_PAINT="1",
        )
        done = subprocess.run(
            [sys.executable, "-c", CHILD], cwd=tree, env=env, capture_output=True, text=True, timeout=120
        )
    for line in done.stderr.splitlines():
        if line.startswith("cpu "):
            return {k: float(v) for k, v in (part.split("=") for part in line.split()[1:])}
    raise SystemExit(f"{tree}: no first paint (exit {done.returncode}):\n{done.stderr[-2000:]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, required=True, help="the other tree (a checkout of the project)")
    parser.add_argument("--after", type=Path, default=HERE.parent, help="this tree (default: the script's)")
    parser.add_argument("--runs", type=int, default=12, help="runs per tree")
    parser.add_argument("--cold-layout", action="store_true", help="an empty cache folder for every run")
    args = parser.parse_args()
    before, after = args.before.resolve(), args.after.resolve()
    for tree in (before, after):  # bytecode as an installed app has it (see bytecode.py)
        if not compileall.compile_dir(str(tree / "inspector"), quiet=1, workers=0):
            raise SystemExit(f"could not compile the bytecode of {tree}")
    runs: dict[Path, list[dict[str, float]]] = {before: [], after: []}
    with tempfile.TemporaryDirectory() as caches:
        cache: dict[Path, Path | None] = {before: None, after: None}
        if not args.cold_layout:
            for k, tree in enumerate((before, after)):
                cache[tree] = Path(caches) / str(k)
                one(tree, cache[tree])  # fills the tree's cache folder
        for i in range(args.runs):
            order = (before, after) if i % 2 == 0 else (after, before)
            for tree in order:
                runs[tree].append(one(tree, cache[tree]))
    print(f"CPU ms, medians of {args.runs} alternating runs per tree: from the process's start, and of the phase alone")
    print("diagram layout: " + ("an empty cache folder every run" if args.cold_layout else "cached (a warm start)"))
    print(f"{'phase':<40}{'before':>9}{'after':>9}{'ratio':>8}{'phase before':>14}{'after':>9}{'ratio':>8}")
    names = {
        "cli": "import inspector.cli",
        "window": "import ui.main_window",
        "start": "parser, application (build starts)",
        "built": "controller and window made (build)",
        "paint": "shown and painted: first paint",
    }
    previous = None
    for phase in PHASES:
        b = statistics.median(r[phase] for r in runs[before])
        a = statistics.median(r[phase] for r in runs[after])
        if previous is None:
            own_b, own_a = b, a
        else:
            own_b = statistics.median(r[phase] - r[previous] for r in runs[before])
            own_a = statistics.median(r[phase] - r[previous] for r in runs[after])
        print(f"{names[phase]:<40}{b:>9.1f}{a:>9.1f}{a / b:>8.3f}{own_b:>14.1f}{own_a:>9.1f}{own_a / own_b:>8.3f}")
        previous = phase
    print(f"before: {before}\nafter:  {after}")


if __name__ == "__main__":
    main()
