"""The long run of the whole-session fuzz test: many random hostile server streams.

    .venv/bin/python scripts/fuzz_sessions.py [--streams 100000] [--seed N]

Each stream drives a real Session over the in-memory transport (see
tests/session/session_fuzz.py for what a stream holds and what is checked). Prints the count,
the time, what the streams exercised (states reached, rules flagged) and the first failure,
shrunk, if there is one; exits 1 then.
"""

from __future__ import annotations

import argparse
import collections
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "tests" / "session")]

import anyio  # noqa: E402
from hypothesis import HealthCheck, given, seed, settings  # noqa: E402
from session_fuzz import run_stream, streams  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--streams", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    stats: collections.Counter[str] = collections.Counter()
    t0 = time.perf_counter()

    @seed(args.seed)
    @settings(max_examples=args.streams, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(streams())
    def run(case: dict) -> None:
        with tempfile.TemporaryDirectory() as tmp:
            rec = anyio.run(run_stream, case, Path(tmp) / "fuzz.jsonl")
        stats["streams"] += 1
        stats["entries"] += len(rec)
        stats["state " + rec.summary["state"]] += 1
        for i in range(len(rec)):
            for rule in rec.violations_at(i):
                stats["rule " + rule] += 1
        if stats["streams"] % 5000 == 0:
            print(f"  {stats['streams']:,} streams, {time.perf_counter() - t0:.0f} s", flush=True)

    failed = False
    try:
        run()
    except Exception as exc:  # the property failed; hypothesis has shrunk the stream
        failed = True
        print(f"FAILED after {stats['streams']:,} streams: {type(exc).__name__}: {exc}")
    elapsed = time.perf_counter() - t0
    print(
        f"{stats['streams']:,} streams, {stats['entries']:,} entries, {elapsed:.0f} s, "
        f"{'FAILED' if failed else 'no failure'}"
    )
    for key, value in sorted(stats.items()):
        if key.startswith(("state ", "rule ")):
            print(f"  {key:45s} {value:,}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
