"""Whole-process flood benchmark: ``probe`` against the physical floor and the official SDK's ClientSession.

    python benchmarks/probe_flood.py [--count 200000] [--runs 3] [--skip-sdk]

The server is the misbehaving fixture in ``flood --flood-now`` mode: at start it writes
``--count`` notifications/message lines of ~150 bytes, then answers the handshake. Each figure
is a whole process, timed from spawn to exit (interpreter start, imports, the handshake, the
whole flood, the shutdown per spec), so the client has read every line before it exits:

* the floor: one process that spawns the same server (same argv and count), reads its stdout
  line by line, parses each line with orjson and writes each to a file, then kills the server:
  the least any client that reads, parses and records every message can do (issue 27);
* ``probe --record FILE`` (the human transcript to a file, the recording to another);
* the same with ``MCP_INSPECTOR_FORMAT_WORKER=0``: both outputs formatted and written in the
  probe's own process, as before the format helper (session/format_worker.py);
* ``probe`` printing the human transcript to a file, no recording;
* ``probe --json --record FILE`` with the JSON Lines on stdout sent to /dev/null;
* the official Python SDK's ``ClientSession`` (mcp 2.3.0) with a logging callback that counts
  the log messages, in a child process started the same way, on the same flood.

The clients run alternately, one run of each per round, so a slow moment of the machine falls
on all of them. The package's bytecode is compiled first, as an installed app has it
(``bytecode.py``). Each client is checked, after its timed run, to have seen every message: the
floor's line count and file; in each recording exactly ``--count`` notifications/message from the
server, each valid with no rule broken; in each transcript exactly ``--count`` such entries; the
SDK client's callback count. The first run's recordings are also re-analysed (a fresh engine,
one message at a time: ``reanalyse``), which must judge every entry as the run did (the fast
ways judge a flood as the slow way does).
Prints every run (wall time, and the CPU time of the process and its children, the server
included), the best and the median per client, the ratio of the median probe --record to the
median floor (issue 27: at most 2.5) and of the SDK to probe --record (best against best, and
medians), each also by median CPU time (what a busy shared machine disturbs least), and the load
average before and after.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bytecode import compile_package  # noqa: E402 (the benchmarks folder is the script's)

ROOT = Path(__file__).resolve().parent.parent
SERVER = [
    sys.executable,
    str(ROOT / "tests" / "fixtures" / "servers" / "misbehave.py"),
    "--mode",
    "flood",
    "--flood-now",
]

SDK_CLIENT = r"""
import sys
import anyio
from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

count = int(sys.argv[1])
server = sys.argv[2:]
seen = 0


async def on_log(params) -> None:
    global seen
    seen += 1


async def main() -> None:
    params = StdioServerParameters(command=server[0], args=server[1:])
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write, logging_callback=on_log) as session:
            await session.initialize()
            with anyio.fail_after(600):
                while seen < count:
                    await anyio.sleep(0.01)
    print(seen)


anyio.run(main)
"""


#: The floor: read, parse, write every line of the same flood, nothing else (issue 27).
FLOOR = r"""
import subprocess
import sys

import orjson

count, out = int(sys.argv[1]), sys.argv[2]
server = sys.argv[3:]
p = subprocess.Popen(server, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
n = 0
loads = orjson.loads
with open(out, "wb") as f:
    for line in p.stdout:
        loads(line)
        f.write(line)
        n += 1
        if n >= count:
            break
p.kill()
p.wait()
print(n)
"""

FLOOR_NAME = "floor: read, orjson.loads, write each line"
RECORD_NAME = "probe --record (transcript to a file)"
ONE_PROCESS_NAME = "probe --record, formatting in one process"
SDK_NAME = "SDK ClientSession + logging callback"


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(
    argv: list[str], stdout, env: dict[str, str] | None = None
) -> tuple[float, float, subprocess.CompletedProcess]:
    """Wall time from spawn to exit, and the CPU time of the process and what it waited for."""
    cpu0 = children_cpu()
    t0 = time.perf_counter()
    done = subprocess.run(
        argv, stdout=stdout, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, timeout=900, cwd=ROOT, env=env
    )
    return time.perf_counter() - t0, children_cpu() - cpu0, done


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def probe_argv(count: int, *options: str) -> list[str]:
    return [
        sys.executable,
        "-m",
        "inspector",
        "probe",
        "--era",
        "legacy",
        *options,
        "--",
        *SERVER,
        "--count",
        str(count),
    ]


def lines_in(path: Path) -> int:
    with open(path, "rb") as f:
        return sum(chunk.count(b"\n") for chunk in iter(lambda: f.read(1 << 20), b""))


TRANSCRIPT_LABEL = "← s2c  notification notifications/message".encode()


def check_recording(name: str, path: Path, n: int, reanalysed: bool) -> None:
    """Every message of the flood is in the recording, valid with no rule broken; with
    ``reanalysed``, a fresh engine judging one message at a time agrees with every entry."""
    import orjson

    flood = valid = 0
    with open(path, "rb") as f:
        for line in f:
            entry = orjson.loads(line)
            if entry.get("dir") == "s2c" and entry.get("method") == "notifications/message":
                flood += 1
                valid += entry.get("schema_ok") is True and not entry.get("violations")
    assert flood == n and valid == n, f"{name}: {flood} of {n} messages recorded, {valid} of them judged valid"
    if reanalysed:
        from inspector.session.reanalyse import reanalyse
        from inspector.session.recording import Recording

        rec = Recording.load(path)
        changes = reanalyse(rec)[1]
        assert rec.load_problem_count == 0 and not changes, f"{name}: {len(changes)} entries judged differently again"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=200_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--skip-sdk", action="store_true")
    args = parser.parse_args()
    compile_package()
    n = args.count
    print(f"whole-process flood: {n:,} notifications/message of ~150 bytes from a child process, {args.runs} runs each")
    print(f"load average at the start: {load()}")
    results: dict[str, list[tuple[float, float]]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        sdk_script = tmp_path / "sdk_client.py"
        sdk_script.write_text(SDK_CLIENT)
        floor_script = tmp_path / "floor.py"
        floor_script.write_text(FLOOR)
        cases = [
            (
                FLOOR_NAME,
                lambda k: [
                    sys.executable,
                    str(floor_script),
                    str(n),
                    str(tmp_path / f"f{k}.jsonl"),
                    *SERVER,
                    "--count",
                    str(n),
                ],
                "floor",
            ),
            (
                RECORD_NAME,
                lambda k: probe_argv(n, "--record", str(tmp_path / f"r{k}.jsonl")),
                "transcript",
            ),
            (
                ONE_PROCESS_NAME,
                lambda k: probe_argv(n, "--record", str(tmp_path / f"o{k}.jsonl")),
                "transcript",
            ),
            ("probe, transcript to a file", lambda k: probe_argv(n), "transcript"),
            (
                "probe --json --record, stdout to /dev/null",
                lambda k: probe_argv(n, "--json", "--record", str(tmp_path / f"j{k}.jsonl")),
                None,
            ),
        ]
        if not args.skip_sdk:
            cases.append(
                (
                    SDK_NAME,
                    lambda k: [sys.executable, str(sdk_script), str(n), *SERVER, "--count", str(n)],
                    "sdk",
                )
            )
        for k in range(args.runs):
            for name, argv_of, check in cases:
                out_path = tmp_path / f"out{k}.txt"
                env = dict(os.environ, MCP_INSPECTOR_FORMAT_WORKER="0") if name == ONE_PROCESS_NAME else None
                with open(out_path if check else os.devnull, "wb") as out:
                    elapsed, cpu, done = timed(argv_of(k), out, env)
                if done.returncode != 0:
                    raise SystemExit(f"{name}: exit {done.returncode}: {done.stderr.decode(errors='replace')[-500:]}")
                if check == "sdk":
                    seen = int(out_path.read_text().strip() or 0)
                    assert seen >= n, f"the SDK client saw {seen} of {n}"
                elif check == "floor":
                    seen = int(out_path.read_text().strip() or 0)
                    written = lines_in(tmp_path / f"f{k}.jsonl")
                    assert seen == n and written == n, f"the floor read {seen} and wrote {written} of {n} lines"
                elif check == "transcript":
                    seen = out_path.read_bytes().count(TRANSCRIPT_LABEL)
                    assert seen == n, f"{name}: {seen} of {n} messages in the transcript"
                for prefix, file in (
                    (RECORD_NAME, f"r{k}.jsonl"),
                    (ONE_PROCESS_NAME, f"o{k}.jsonl"),
                    ("probe --json --record", f"j{k}.jsonl"),
                ):
                    if name.startswith(prefix):
                        check_recording(name, tmp_path / file, n, reanalysed=k == 0)
                print(f"  run {k + 1}  {name:44s} {elapsed:6.2f} s wall  {cpu:6.2f} s CPU", flush=True)
                results.setdefault(name, []).append((elapsed, cpu))
    print(f"load average at the end: {load()}")
    best_of: dict[str, float] = {}
    median_of: dict[str, float] = {}
    cpu_of: dict[str, float] = {}  # median CPU time: what a busy machine disturbs least
    for name, runs in results.items():
        times = [t for t, _ in runs]
        best = best_of[name] = min(times)
        median = median_of[name] = statistics.median(times)
        cpu = cpu_of[name] = statistics.median(c for _, c in runs)
        print(
            f"{name:44s} "
            + ", ".join(f"{t:.2f} s" for t in times)
            + f"  best {best:.2f} s = {n / best:,.0f} msg/s  median {median:.2f} s, CPU {cpu:.2f} s"
        )
    record, floor = median_of[RECORD_NAME], median_of[FLOOR_NAME]
    print(
        f"probe --record / floor: {record / floor:.2f}x (median against median; issue 27: at most 2.5x), "
        f"best against best {best_of[RECORD_NAME] / best_of[FLOOR_NAME]:.2f}x, "
        f"CPU median against median {cpu_of[RECORD_NAME] / cpu_of[FLOOR_NAME]:.2f}x"
    )
    if SDK_NAME in best_of:
        print(
            f"probe --record is {best_of[SDK_NAME] / best_of[RECORD_NAME]:.1f}x faster than the SDK ClientSession "
            f"(best against best; median against median {median_of[SDK_NAME] / record:.1f}x; "
            f"CPU median against median {cpu_of[SDK_NAME] / cpu_of[RECORD_NAME]:.1f}x)"
        )


if __name__ == "__main__":
    main()
