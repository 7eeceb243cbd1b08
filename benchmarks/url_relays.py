"""What the window's relays for attached URL servers cost: how long until they serve, and until
they are gone when the window closes.

    .venv/bin/python benchmarks/url_relays.py [--servers 1 4] [--runs 5]

A temporary project folder holds a Cursor file with N URL servers, attached as the attach dialog
attaches them (each on a free loopback port of its own). The relays are started as the window
starts them (``session.url_relays.Relays.sync`` with the host files read where the importer
looks), timed until every one says it listens ("serving": its child started, the inspector
imported, the port bound); then ``stop_all`` (what closing the window waits for) is timed until
every child is gone. The upstream need not answer: no request is made. The children inherit a
temporary data and runtime folder. Prints the median of ``--runs`` runs per N.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import anyio

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from inspector.session.attach import attach_checked, found_host_files  # noqa: E402
from inspector.session.url_relays import Relays, wanted  # noqa: E402


async def one_run(where: dict[str, object]) -> tuple[float, float]:
    relays = Relays()
    wants = wanted(found_host_files(**where))  # type: ignore[arg-type]
    async with anyio.create_task_group() as tg:
        t0 = time.perf_counter()
        relays.sync(tg, wants)
        with anyio.fail_after(60):
            while not all(r.state == "serving" for r in relays.relays.values()):
                assert not any(r.done.is_set() for r in relays.relays.values()), "a relay ended"
                await anyio.sleep(0.002)
        serving = time.perf_counter() - t0
        t0 = time.perf_counter()
        await relays.stop_all()
        stopped = time.perf_counter() - t0
    return serving, stopped


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--servers", type=int, nargs="+", default=[1, 4])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    for n in args.servers:
        with tempfile.TemporaryDirectory() as tmp:
            root = Path(tmp)
            for sub in ("home", "data", "run", "project/.cursor"):
                (root / sub).mkdir(parents=True, mode=0o700)
            os.environ.update(XDG_DATA_HOME=str(root / "data"), XDG_RUNTIME_DIR=str(root / "run"))
            path = root / "project" / ".cursor" / "mcp.json"
            servers = ", ".join(f'"s{i}": {{"url": "http://127.0.0.1:9/mcp{i}"}}' for i in range(n))
            path.write_text(f'{{"mcpServers": {{{servers}}}}}\n')
            attach_checked(path, [f"s{i}" for i in range(n)])
            where = {"platform": "linux", "home": root / "home", "env": {}, "cwd": root / "project"}
            runs = [anyio.run(one_run, where) for _ in range(args.runs)]
        serving = statistics.median(r[0] for r in runs) * 1000
        stopped = statistics.median(r[1] for r in runs) * 1000
        print(
            f"{n} relay(s): serving after {serving:.0f} ms, "
            f"gone {stopped:.0f} ms after stop_all (median, {args.runs} runs)"
        )


if __name__ == "__main__":
    main()
