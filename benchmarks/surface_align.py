"""The surface of a long recording, and two long recordings aligned.

    .venv/bin/python benchmarks/surface_align.py [--steps 50000]

Builds recordings in memory the way a session does (every line through a real ProtocolEngine):
``--steps`` requests with their answers after the start sequence, mostly ``ping`` with a
``tools/list`` of 50 tools every 1000th. Times :func:`surface_of` on one, and :func:`align` on
pairs that agree, differ by one step in the middle, differ at both ends and in the middle, are
shifted by one step throughout, and share only their signatures' mix (too far apart: left
unpaired). Prints each case's entries, seconds and counts (best of ``--rounds``).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from recording_driver import Driver  # noqa: E402

from inspector.session import Recording  # noqa: E402
from inspector.session.recording_align import align  # noqa: E402
from inspector.session.surface import surface_of  # noqa: E402

TOOLS = [{"name": f"t{j}", "inputSchema": {"type": "object"}} for j in range(50)]


def build(methods: list[str]) -> Recording:
    drv = Driver()
    drv.handshake()
    for method in methods:
        _, id_ = drv.request(method)
        result = {"tools": TOOLS} if method == "tools/list" else {}
        drv.s2c(orjson.dumps({"jsonrpc": "2.0", "id": id_, "result": result}) + b"\n")
    return drv.rec


def best(rounds: int, fn) -> tuple[float, object]:
    times, out = [], None
    for _ in range(rounds):
        t = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t)
    return min(times), out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--steps", type=int, default=50_000)
    ap.add_argument("--rounds", type=int, default=2)
    args = ap.parse_args()
    n = args.steps
    rng = random.Random(1)
    base = ["tools/list" if k % 1000 == 0 else "ping" for k in range(n)]
    half = n // 2
    mix = ("ping", "tools/list", "prompts/list")
    cases = {
        "agree": (base, base),
        "one step in the middle": (base, base[:half] + ["prompts/list"] + base[half:]),
        "both ends and the middle": (
            ["prompts/list", *base[:half], "resources/list", *base[half:], "tools/call"],
            ["completion/complete", *base, "resources/read"],
        ),
        "shifted by one": (["ping", *base], [*base, "ping"]),
        "too far apart": ([rng.choice(mix) for _ in range(n)], [rng.choice(mix) for _ in range(n)]),
    }
    first = build(base)
    seconds, surface = best(args.rounds, lambda: surface_of(first))
    print(f"surface_of: {len(first)} entries, {seconds:.3f} s, {len(surface.listing('tools').items)} tools")
    for name, (xa, xb) in cases.items():
        a, b = build(xa), build(xb)
        seconds, al = best(args.rounds, lambda a=a, b=b: align(a, b))
        print(f"align, {name}: {len(a)} and {len(b)} entries, {seconds:.2f} s, {al.counts()}, parted at {al.parted_at}")


if __name__ == "__main__":
    main()
