"""Before and after: the main benchmarks on two trees in one session, alternating, one table.

    .venv/bin/python benchmarks/before_after.py [--before /tmp/wt_before] [--after .] [--rounds 2]

Each tree is a checkout of the project (the start of a change and the working tree). Every
benchmark is that tree's own script (``benchmarks/NAME.py`` in it) with short runs, its package
first on the path (``PYTHONPATH``, and the tree as the working folder for ``-m inspector``), on
this interpreter. Round by round the order alternates (before then after, then after then
before), so a slow moment of the machine falls on both; each figure is the best over the rounds
(the least time, the most messages per second), as the scripts themselves report the best of
their runs. Measured:

* ``ui_startup.py``: process start to the first painted window (a fresh config folder), and
  ``probe --demo`` from spawn to exit (medians of its runs);
* the first paint of a returning user: the same, with a config folder holding a
  ``servers.json`` of five servers and a ``secrets.json`` (timed here, alike for both trees);
* ``probe_flood.py`` (the three probe modes, no SDK), ``ui_flood.py`` (timeline+logs),
  ``recording_million.py`` (a smaller file), ``diagram_paint.py``, ``wait_watch.py``,
  ``schema_form.py`` (a tree without it shows ``-``);
* ``run_warm.py`` only where the tree has its own ``.venv``: the script runs
  ``scripts/setup.sh`` in the tree, which would install one into a tree without (``-``).

Prints one table: name, before, after, after/before (below 1 is better for times, above 1 for
rates), and the machine's load average when it started and ended. A whole comparison takes a
few minutes on two busy cores. The table is what to compare; a ratio within about 10 % of 1 is
noise on a shared machine (run it twice to see).
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ui_startup import time_to_first_paint  # noqa: E402 (the benchmarks folder is the script's)

HERE = Path(__file__).resolve().parent

#: A returning user's config folder: what ProfileStore.save writes (format 1), five servers.
SERVERS = {
    "version": 1,
    "servers": [
        {"name": "Demo server (built in)", "id": "builtin-demo", "builtin": True, "era": "auto"},
        {
            "name": "files",
            "command": "npx",
            "args": ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"],
            "env": [{"name": "TOKEN", "value": "", "secret": True}, {"name": "DEBUG", "value": "1", "secret": False}],
            "id": "files-1",
        },
        {"name": "everything", "command": "node", "args": ["server.js"], "era": "modern", "id": "everything-1"},
        {
            "name": "remote",
            "command": "",
            "transport": "http",
            "url": "https://example.com/mcp",
            "headers": [{"name": "Authorization", "value": "", "secret": True}],
            "id": "remote-1",
        },
        {
            "name": "py",
            "command": "python",
            "args": ["-m", "srv"],
            "cwd": "/tmp",
            "roots": [{"uri": "file:///tmp", "name": "tmp"}],
            "id": "py-1",
        },
    ],
}
SECRETS = {"files-1": {"TOKEN": "abc"}, "remote-1": {"header:Authorization": "Bearer x"}}


@dataclass(frozen=True)
class Figure:
    """A number read from a benchmark's output: ``pattern``'s first group (commas allowed)."""

    name: str
    pattern: str
    unit: str
    higher_is_better: bool = False


@dataclass(frozen=True)
class Bench:
    script: str
    args: tuple[str, ...]
    figures: tuple[Figure, ...]
    needs_venv: bool = False  # runs the tree's scripts/setup.sh


BENCHES = (
    Bench(
        "ui_startup.py",
        ("--runs", "5"),
        (
            Figure(
                "first paint (fresh config), median", r"first painted window:.*\n\s+min \d+ ms\s+median (\d+) ms", "ms"
            ),
            Figure("probe --demo spawn to exit, median", r"spawn to exit:.*\n\s+min \d+ ms\s+median (\d+) ms", "ms"),
        ),
    ),
    Bench(
        "probe_flood.py",
        ("--count", "50000", "--runs", "2", "--skip-sdk"),
        (
            Figure(
                "probe --record flood", r"probe --record \(transcript.*best [\d.]+ s = ([\d,]+) msg/s", "msg/s", True
            ),
            Figure(
                "probe transcript flood", r"probe, transcript to a file.*best [\d.]+ s = ([\d,]+) msg/s", "msg/s", True
            ),
            Figure(
                "probe --json --record flood", r"probe --json --record.*best [\d.]+ s = ([\d,]+) msg/s", "msg/s", True
            ),
        ),
    ),
    Bench(
        "ui_flood.py",
        ("--count", "50000", "--runs", "2", "--scenario", "timeline+logs"),
        (
            Figure("ui flood timeline+logs", r"best ([\d,]+) msg/s", "msg/s", True),
            Figure("ui flood GUI thread CPU", r"GUI thread CPU ([\d.]+) us/msg", "us/msg"),
            Figure("ui flood stall p99 (best run)", r"stall p50 [\d.]+ \([^)]*\)\s+p99 ([\d.]+)", "ms"),
        ),
    ),
    Bench(
        "recording_million.py",
        ("--entries", "200000", "--runs", "2", "--windows", "1"),
        (
            Figure("200k recording: Recording.load", r"Recording\.load \(headless\): ([\d.]+) s", "s"),
            Figure("200k recording: peak RSS / file", r"peak RSS growth, Recording\.load: .* = ([\d.]+)x", "x"),
            Figure("200k recording: open to usable", r"open to usable timeline ([\d.]+) s", "s"),
            Figure(
                "200k recording: all in the timeline", r"every entry loaded and in the timeline after ([\d.]+) s", "s"
            ),
            Figure("200k recording: search 'jsonrpc'", r"search 'jsonrpc'\s+([\d.]+) ms", "ms"),
            Figure("200k recording: violations only", r"violations only\s+([\d.]+) ms", "ms"),
            Figure("200k recording: sequence frame", r"sequence view, .*: median ([\d.]+) ms", "ms"),
            Figure("200k recording: replay slider", r"replay slider .*: median ([\d.]+) ms", "ms"),
            Figure("200k recording: jump to entry", r"jump to entry by number: median ([\d.]+) ms", "ms"),
        ),
    ),
    Bench("diagram_paint.py", ("--frames", "60"), ()),  # figures: diagram_figures (a table)
    Bench(
        "wait_watch.py",
        ("--entries", "100000", "--runs", "3"),
        (
            Figure("wait watch, 1 watch per entry", r"^1 watch\(es\).* (\d+) ns per entry", "ns"),
            Figure("wait watch, 4 watches per entry", r"^4 watch\(es\).* (\d+) ns per entry", "ns"),
        ),
    ),
    Bench(
        "schema_form.py",
        (),
        (
            Figure("schema form build", r"build ([\d.]+) ms", "ms"),
            Figure("schema form keystroke", r"keystroke ([\d.]+) ms", "ms"),
            Figure("schema form raw check", r"raw check ([\d.]+) ms", "ms"),
        ),
    ),
    Bench(
        "run_warm.py",
        ("--runs", "3"),
        (
            Figure("run.sh --version (warm)", r"run\.sh --version\s+median ([\d.]+) s", "s"),
            Figure("run.sh to first paint (warm)", r"run\.sh to first paint \(offscreen\)\s+median ([\d.]+) s", "s"),
        ),
        needs_venv=True,
    ),
)


def diagram_figures(out: str) -> dict[str, float]:
    """diagram_paint.py prints a row per machine and size: the sums of its columns."""
    layout = frame = export = 0.0
    rows = 0
    for m in re.finditer(r"^\S+\s+\d+x\d+ .*?([\d.]+)\s+([\d.]+)/[\d.]+\s+([\d.]+)\s*$", out, re.M):
        layout, frame, export, rows = layout + float(m[1]), frame + float(m[2]), export + float(m[3]), rows + 1
    if not rows:
        return {}
    return {
        f"diagram: first layouts ({rows} sizes), sum": layout,
        f"diagram: frame p50 ({rows} sizes), sum": frame,
        f"diagram: 2x export ({rows} sizes), sum": export,
    }


def environment(tree: Path) -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(tree), QT_QPA_PLATFORM="offscreen")


def run_bench(tree: Path, bench: Bench) -> dict[str, float] | str:
    """The bench's figures in ``tree``, or why there are none."""
    script = tree / "benchmarks" / bench.script
    if not script.is_file():
        return "no such script"
    if bench.needs_venv and not (tree / ".venv" / "bin" / "python").exists():
        return "no .venv in the tree"
    python = str(tree / ".venv" / "bin" / "python") if bench.needs_venv else sys.executable
    done = subprocess.run(
        [python, str(script), *bench.args],
        cwd=tree,
        env=environment(tree),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=900,
    )
    if done.returncode != 0:
        return f"failed ({done.returncode}): {done.stderr.strip()[-300:]}"
    if bench.script == "diagram_paint.py":
        return diagram_figures(done.stdout)
    found = {}
    for figure in bench.figures:
        m = re.search(figure.pattern, done.stdout, re.M)
        if m:
            found[figure.name] = float(m[1].replace(",", ""))
    return found


RETURNING = "first paint (returning user: 5 saved servers), median"


def returning_first_paint(tree: Path, runs: int = 5) -> dict[str, float]:
    """First paint with a config folder holding saved servers (what a returning user has)."""
    compileall.compile_dir(str(tree / "inspector"), quiet=1, workers=0)
    times = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as home:
            folder = Path(home) / "mcp-session-inspector"
            folder.mkdir()
            (folder / "servers.json").write_text(json.dumps(SERVERS, indent=2))
            (folder / "secrets.json").write_text(json.dumps(SECRETS))
            (folder / "secrets.json").chmod(0o600)
            env = dict(environment(tree), XDG_CONFIG_HOME=home)
            times.append(time_to_first_paint([sys.executable, "-m", "inspector"], env, cwd=tree) * 1000)
    return {RETURNING: statistics.median(times)}


def better(name: str, a: float, b: float) -> float:
    return max(a, b) if higher_is_better(name) else min(a, b)


def higher_is_better(name: str) -> bool:
    return any(f.name == name and f.higher_is_better for bench in BENCHES for f in bench.figures)


def unit_of(name: str) -> str:
    if name == RETURNING or name.startswith("diagram:"):
        return "ms"
    return next((f.unit for bench in BENCHES for f in bench.figures if f.name == name), "")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, default=Path("/tmp/wt_before"))
    parser.add_argument("--after", type=Path, default=HERE.parent)
    parser.add_argument("--rounds", type=int, default=2, help="each bench this many times per tree (default 2)")
    parser.add_argument("--only", action="append", help="run only this script (repeatable), e.g. ui_startup.py")
    args = parser.parse_args()
    trees = {"before": args.before.resolve(), "after": args.after.resolve()}
    for label, tree in trees.items():
        if not (tree / "inspector" / "__init__.py").is_file():
            raise SystemExit(f"{label}: {tree} is no checkout of the project")
    load_at_start = os.getloadavg()
    t0 = time.perf_counter()
    results: dict[str, dict[str, float]] = {"before": {}, "after": {}}
    notes: dict[str, dict[str, str]] = {"before": {}, "after": {}}
    order: list[str] = []
    jobs: list[tuple[str, Callable[[Path], dict[str, float] | str]]] = [
        (bench.script, lambda tree, bench=bench: run_bench(tree, bench))
        for bench in BENCHES
        if not args.only or bench.script in args.only
    ]
    if not args.only or "ui_startup.py" in args.only:
        jobs.insert(1, ("returning user", returning_first_paint))
    for round_no in range(args.rounds):
        sides = ["before", "after"] if round_no % 2 == 0 else ["after", "before"]
        for title, job in jobs:
            for side in sides:
                print(f"round {round_no + 1}: {title} ({side})", file=sys.stderr, flush=True)
                got = job(trees[side])
                if isinstance(got, str):
                    notes[side][title] = got
                    print(f"  {side}: {got}", file=sys.stderr)
                    continue
                for name, value in got.items():
                    if name not in order:
                        order.append(name)
                    seen = results[side].get(name)
                    results[side][name] = value if seen is None else better(name, seen, value)
    print(f"\nbefore: {trees['before']}\nafter:  {trees['after']}")
    print(f"best of {args.rounds} rounds, alternating; {time.perf_counter() - t0:.0f} s in all")
    print(f"{'name':52s} {'before':>14s} {'after':>14s} {'ratio':>7s}")
    for name in order:
        b, a = results["before"].get(name), results["after"].get(name)
        unit = unit_of(name)
        cell = "-" if b is None else f"{b:,.2f} {unit}" if b < 100 else f"{b:,.0f} {unit}"
        after = "-" if a is None else f"{a:,.2f} {unit}" if a < 100 else f"{a:,.0f} {unit}"
        ratio = f"{a / b:.2f}" if a is not None and b else "-"
        print(f"{name:52s} {cell:>14s} {after:>14s} {ratio:>7s}")
    for side, said in notes.items():
        for title, why in said.items():
            print(f"{side}: {title}: {why}")
    end = os.getloadavg()
    print(f"load average at start {load_at_start[0]:.2f} {load_at_start[1]:.2f}, at end {end[0]:.2f} {end[1]:.2f}")


if __name__ == "__main__":
    main()
