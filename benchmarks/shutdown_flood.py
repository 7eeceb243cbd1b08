"""Shutdown flood benchmark: nothing dropped at shutdown, whatever the flood's length.

    python benchmarks/shutdown_flood.py [--lines 3000000] [--noise 0] [--runs 1]

The server is a pipeline started from an argv list, ``sh -c 'python flood_pipe.py --initialize
--lines N --noise M | tee FILE'`` (tests/fixtures/servers/flood_pipe.py): it answers initialize,
then writes N notifications/message lines (about 90 bytes) and M ten-byte lines that are not
JSON without reading stdin, so ``probe`` (no requests, ``--stdin-grace 600``) begins the shutdown
while the flood runs and the server exits only once its last line is in the pipe. Each run is a
whole ``probe --record`` process, its transcript to a file; it prints the lines tee saw and the
lines recorded (they must be equal, byte for byte), whether the exit was recorded, the probe's
exit code, its wall time, lines/s and peak RSS (ru_maxrss of the child).
"""

from __future__ import annotations

import argparse
import hashlib
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import orjson

ROOT = Path(__file__).resolve().parent.parent
FLOOD = ROOT / "tests" / "fixtures" / "servers" / "flood_pipe.py"


def one_run(lines: int, noise: int, folder: Path) -> dict:
    tee, record, transcript = folder / "tee.out", folder / "recording.jsonl", folder / "transcript.txt"
    server = ["sh", "-c", f"{sys.executable} {FLOOD} --initialize --lines {lines} --noise {noise} | tee {tee}"]
    argv = [
        sys.executable,
        "-m",
        "inspector",
        "probe",
        "--era",
        "legacy",
        "--stdin-grace",
        "600",
        "--record",
        str(record),
        "--",
        *server,
    ]
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    started = time.perf_counter()
    with open(transcript, "wb") as out:
        code = subprocess.run(argv, stdout=out, stderr=subprocess.DEVNULL, cwd=ROOT).returncode
    wall = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    digest, recorded, exited = hashlib.sha256(), 0, None
    with open(record, "rb") as f:
        f.readline()
        for line in f:
            if b'"dir":"s2c"' in line:
                digest.update(orjson.loads(line)["raw"].encode())
                recorded += 1
            elif b'"event":"exited"' in line:
                exited = orjson.loads(line)["raw"]
    data = tee.read_bytes()
    return {
        "written": data.count(b"\n"),
        "recorded": recorded,
        "same_bytes": digest.hexdigest() == hashlib.sha256(data).hexdigest(),
        "exited": exited,
        "exit": code,
        "wall": wall,
        "peak_mb": peak / 1024 if peak > before else None,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=3_000_000)
    parser.add_argument("--noise", type=int, default=0)
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    ok = True
    for n in range(args.runs):
        with tempfile.TemporaryDirectory() as folder:
            r = one_run(args.lines, args.noise, Path(folder))
        ok &= r["recorded"] == r["written"] and r["same_bytes"] and r["exited"] is not None and r["exit"] == 0
        peak = f"{r['peak_mb']:.0f} MB" if r["peak_mb"] is not None else "n/a (below an earlier run)"
        print(
            f"run {n + 1}: written {r['written']} lines, recorded {r['recorded']} (same bytes: {r['same_bytes']}), "
            f"exit recorded: {r['exited']!r}, probe exit {r['exit']}; {r['wall']:.1f} s, "
            f"{r['recorded'] / r['wall']:.0f} lines/s, peak RSS {peak}"
        )
    print("every line recorded, the exit too" if ok else "LINES OR THE EXIT WERE LOST")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
