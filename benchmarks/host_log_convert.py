"""Converting a host log: how fast a Claude Desktop log and a HAR file become judged recordings.

    .venv/bin/python benchmarks/host_log_convert.py [--pairs 50000] [--runs 3]

Writes a Claude Desktop ``mcp-server-NAME.log`` of one legacy session (initialize, its result,
``notifications/initialized``, then ``--pairs`` tools/call requests each with its result, a
stderr line every 100 pairs) and a HAR file of the same messages over Streamable HTTP (each
request a POST, its result a JSON body), in their published shapes, then times
``host_logs.read_log`` (reading and placing the lines), ``to_recording`` (the engine judging
every message, both ways) and writing the recording. Prints the best of ``--runs`` for each
step and the messages per second end to end.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from inspector.session import host_logs  # noqa: E402

START = datetime(2025, 4, 11, 23, 3, 5, tzinfo=UTC)


def _messages(pairs: int) -> list[tuple[str, dict]]:
    hello = {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "claude-ai", "version": "1"}}
    answer = {
        "protocolVersion": "2025-06-18",
        "capabilities": {"tools": {}},
        "serverInfo": {"name": "b", "version": "1"},
    }
    out: list[tuple[str, dict]] = [
        ("client", {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": hello}),
        ("server", {"jsonrpc": "2.0", "id": 0, "result": answer}),
        ("client", {"jsonrpc": "2.0", "method": "notifications/initialized"}),
    ]
    for i in range(1, pairs + 1):
        call = {"name": "echo", "arguments": {"text": f"message {i}"}}
        out.append(("client", {"jsonrpc": "2.0", "id": i, "method": "tools/call", "params": call}))
        result = {"content": [{"type": "text", "text": f"message {i}"}], "isError": False}
        out.append(("server", {"jsonrpc": "2.0", "id": i, "result": result}))
    return out


def _stamp(k: int) -> str:
    at = START + timedelta(milliseconds=k)
    return at.strftime("%Y-%m-%dT%H:%M:%S.") + f"{at.microsecond // 1000:03d}Z"


def write_claude(path: Path, msgs: list[tuple[str, dict]]) -> None:
    with open(path, "w") as f:
        f.write(f"{_stamp(0)} [bench] [info] Initializing server...\n")
        for k, (side, msg) in enumerate(msgs, 1):
            f.write(f"{_stamp(k)} [bench] [info] Message from {side}: {json.dumps(msg)} {{ metadata: undefined }}\n")
            if k % 200 == 0:
                f.write(f"stderr line {k}\n")
        f.write(f"{_stamp(len(msgs) + 1)} [bench] [info] Server transport closed\n")


def write_har(path: Path, msgs: list[tuple[str, dict]]) -> None:
    entries = []
    url = "http://127.0.0.1:8000/mcp"
    k = 0
    while k < len(msgs):
        side, msg = msgs[k]
        answer = msgs[k + 1][1] if k + 1 < len(msgs) and msgs[k + 1][0] == "server" else None
        response = {
            "status": 200 if answer else 202,
            "statusText": "OK" if answer else "Accepted",
            "headers": [{"name": "content-type", "value": "application/json"}] if answer else [],
            "content": {"mimeType": "application/json", "text": json.dumps(answer)} if answer else {"text": ""},
        }
        entries.append(
            {
                "startedDateTime": _stamp(k),
                "time": 0.5,
                "request": {
                    "method": "POST",
                    "url": url,
                    "headers": [{"name": "Authorization", "value": "Bearer abc"}],
                    "postData": {"mimeType": "application/json", "text": json.dumps(msg)},
                },
                "response": response,
            }
        )
        k += 2 if answer else 1
    path.write_text(
        json.dumps({"log": {"version": "1.2", "creator": {"name": "bench", "version": "1"}, "entries": entries}})
    )


def measure(path: Path, out: Path, runs: int) -> tuple[float, float, float, int]:
    best = [float("inf")] * 3
    count = 0
    for _ in range(runs):
        t0 = time.perf_counter()
        sessions = host_logs.read_log(path)
        t1 = time.perf_counter()
        rec = host_logs.to_recording(sessions[0], path.name)
        t2 = time.perf_counter()
        host_logs.save(rec, out)
        t3 = time.perf_counter()
        count = sessions[0].messages
        for i, took in enumerate((t1 - t0, t2 - t1, t3 - t2)):
            best[i] = min(best[i], took)
    return best[0], best[1], best[2], count


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pairs", type=int, default=50_000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    msgs = _messages(args.pairs)
    with tempfile.TemporaryDirectory() as tmp:
        for kind, writer, name in (
            ("claude-desktop", write_claude, "mcp-server-bench.log"),
            ("har", write_har, "bench.har"),
        ):
            path = Path(tmp) / name
            writer(path, msgs)
            read, judge, write, count = measure(path, Path(tmp) / "out.jsonl", args.runs)
            total = read + judge + write
            print(
                f"{kind:15} {count:,} messages ({path.stat().st_size / 1e6:.1f} MB): read {read:.3f} s, "
                f"judge {judge:.3f} s, write {write:.3f} s; {count / total:,.0f} messages/s end to end"
            )


if __name__ == "__main__":
    main()
