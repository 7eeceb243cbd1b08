"""Whole-process flood benchmark: ``probe`` against the official SDK's ClientSession, one run.

    python benchmarks/probe_flood.py [--count 200000] [--runs 3]

The server is the misbehaving fixture in ``flood --flood-now`` mode: at start it writes
``--count`` notifications/message lines of ~150 bytes, then answers the handshake. Each figure
is a whole process, timed from spawn to exit (interpreter start, imports, the handshake, the
whole flood, the shutdown per spec), so the client has read every line before it exits:

* ``probe --record FILE`` (the human transcript to a file, the recording to another);
* ``probe`` printing the human transcript to a file, no recording;
* ``probe --json --record FILE`` with the JSON Lines on stdout sent to /dev/null;
* the official Python SDK's ``ClientSession`` (mcp 2.3.0) with a logging callback that counts
  the log messages, in a child process started the same way, on the same flood.

The package's bytecode is compiled first, as an installed app has it (``bytecode.py``).
Each client is checked to have seen every message (the recording's and the transcript's entry
counts, the SDK client's callback count). Prints messages/s per run and the best, and the ratio
of the best probe --record to the best SDK run.
"""

from __future__ import annotations

import argparse
import os
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


def timed(argv: list[str], stdout) -> tuple[float, subprocess.CompletedProcess]:
    t0 = time.perf_counter()
    done = subprocess.run(argv, stdout=stdout, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, timeout=900, cwd=ROOT)
    return time.perf_counter() - t0, done


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=200_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--skip-sdk", action="store_true")
    args = parser.parse_args()
    compile_package()
    n = args.count
    print(f"whole-process flood: {n:,} notifications/message of ~150 bytes from a child process, {args.runs} runs each")
    results: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        sdk_script = tmp_path / "sdk_client.py"
        sdk_script.write_text(SDK_CLIENT)
        cases = [
            (
                "probe --record (transcript to a file)",
                lambda k: probe_argv(n, "--record", str(tmp_path / f"r{k}.jsonl")),
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
                    "SDK ClientSession + logging callback",
                    lambda k: [sys.executable, str(sdk_script), str(n), *SERVER, "--count", str(n)],
                    "sdk",
                )
            )
        for k in range(args.runs):
            for name, argv_of, check in cases:
                out_path = tmp_path / f"out{k}.txt"
                with open(out_path if check else os.devnull, "wb") as out:
                    elapsed, done = timed(argv_of(k), out)
                if done.returncode != 0:
                    raise SystemExit(f"{name}: exit {done.returncode}: {done.stderr.decode(errors='replace')[-500:]}")
                if check == "sdk":
                    seen = int(out_path.read_text().strip() or 0)
                    assert seen >= n, f"the SDK client saw {seen} of {n}"
                elif check == "transcript":
                    text = out_path.read_text(encoding="utf-8", errors="replace")
                    assert "← s2c  notification notifications/message" in text and f"{n:5d} " in text, (
                        f"{name}: the transcript lacks entries"
                    )
                rec = tmp_path / f"r{k}.jsonl"
                if name.startswith("probe --record") and rec.exists():
                    assert lines_in(rec) >= n + 2, f"{name}: the recording lacks entries"
                results.setdefault(name, []).append(elapsed)
    best_of = {}
    for name, times in results.items():
        best = min(times)
        best_of[name] = best
        print(f"{name:44s} " + ", ".join(f"{t:.2f} s" for t in times) + f"  best {best:.2f} s = {n / best:,.0f} msg/s")
    sdk = best_of.get("SDK ClientSession + logging callback")
    if sdk:
        rec = best_of["probe --record (transcript to a file)"]
        print(f"probe --record is {sdk / rec:.1f}x faster than the SDK ClientSession (best against best)")


if __name__ == "__main__":
    main()
