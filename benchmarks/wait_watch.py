"""What following a waited-on request costs while a flood arrives (session.waiting.RequestWatch).

    python benchmarks/wait_watch.py [--entries 300000] [--batch 1000] [--runs 5]

A panel loading a list listens to the recording's batches until its answer comes. During a
flood of ~150-byte log notifications (a rule violation every 997 entries, an answer with an id
no request has every 5,000 - the ones a watch reads) this measures the watch's share of the
work: the time its listener spends per batch of BATCH entries and per entry, for one watch and
for the four list watches a session start makes at once. Each figure is the best of RUNS. The
recording is built in memory with ``Recording.extend``, as the session appends a read.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from inspector.protocol.engine import Analysis  # noqa: E402
from inspector.protocol.lifecycle import State  # noqa: E402
from inspector.protocol.messages import Kind  # noqa: E402
from inspector.session.recording import Direction, Recording  # noqa: E402
from inspector.session.waiting import RequestWatch  # noqa: E402

LOG = (
    b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","logger":"flood","data":"message '
    b'%08d xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"}}\n'
)
STRAY = b'{"jsonrpc":"2.0","id":%d,"result":{"tools":[]}}\n'


def analysis(kind: Kind, **fields) -> Analysis:
    a = Analysis(kind, State.OPERATING)
    for k, v in fields.items():
        setattr(a, k, v)
    return a


def batches(entries: int, size: int):
    """(raws, analyses) per batch of the flood."""
    plain = analysis(Kind.NOTIFICATION, method="notifications/message")
    flagged = analysis(Kind.NOTIFICATION, method="notifications/message", violations=("modern.log-not-requested",))
    for start in range(0, entries, size):
        raws, ans = [], []
        for i in range(start, min(entries, start + size)):
            if i % 5000 == 4999:
                raws.append(STRAY % (100000 + i))
                ans.append(analysis(Kind.RESULT, id=100000 + i, violations=("jsonrpc.response-unknown-id",)))
            else:
                raws.append(LOG % i)
                ans.append(flagged if i % 997 == 0 else plain)
        yield raws, ans


def run(entries: int, size: int, watches: int) -> tuple[float, int]:
    rec = Recording(t0=0.0)
    rec.append(
        Direction.C2S,
        0.0,
        b'{"jsonrpc":"2.0","id":2,"method":"tools/list"}\n',
        analysis(Kind.REQUEST, method="tools/list", id=2),
    )
    lists = [
        ("tools/list", "tools"),
        ("prompts/list", "prompts"),
        ("resources/list", "resources"),
        ("tasks/list", "tasks"),
    ][:watches]
    ws = [RequestWatch(rec, m, k, start=0) for m, k in lists]
    for w in ws:
        w.attach()
    spent = 0.0
    for raws, ans in batches(entries, size):
        rec.extend(Direction.S2C, 0.1, raws, ans)
        t = time.perf_counter()
        rec.notify()  # the watches are the only listeners: this is their time
        spent += time.perf_counter() - t
    for w in ws:
        w.detach()
    return spent, ws[0].state.unmatched_count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=300_000)
    parser.add_argument("--batch", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    for watches in (1, 4):
        best, unmatched = min(run(args.entries, args.batch, watches) for _ in range(args.runs))
        n_batches = -(-args.entries // args.batch)
        print(
            f"{watches} watch(es), {args.entries:,} entries in batches of {args.batch:,}: "
            f"{best * 1000:.1f} ms in all, {best / n_batches * 1e6:.0f} µs per batch, "
            f"{best / args.entries * 1e9:.0f} ns per entry "
            f"({unmatched} stray answers taken by the tools/list watch)"
        )


if __name__ == "__main__":
    main()
