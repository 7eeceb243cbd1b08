"""A busy stderr never makes an answer late (round 2 of issue 21).

The servers are real: ``sh -c 'python stderr_flood.py N & python misbehave.py --mode good;
wait'`` (started from an argv list), so the server answers on stdout while its stderr pipe is
written faster than the inspector takes lines in; ``wait`` keeps the shell (the server) until
the flood has written its N numbered lines, so the recording must hold exactly N stderr lines.

Before, stdout's frames and stderr's lines shared one bounded queue and the stderr reader took
every slot the pump freed: an answer read at 0.04 s sat in the queue behind the flood, the
request waiter's wall-clock timeout ran out (lifecycle.no-answer, "the server did not answer
initialize in time", exit 4), and the answer was recorded seconds later, flagged
jsonrpc.late-response, after stderr lines read after it. Now each pipe has its own lane, merged
by read time, and a timeout is judged on when the answer was read, not on when the pump got to
it (tested on its own with a pump held back by a slow listener).
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import orjson
import pytest
from peers import FIXTURES
from session_helpers import misbehave, modern_fixture, options, rules

from inspector.session import Direction, Session

BOUND = 60.0
FLOOD = [sys.executable, str(FIXTURES / "stderr_flood.py")]


def flooded(server: list[str], lines: int) -> list[str]:
    """The server with a stderr flood of ``lines`` numbered lines beside it, in one shell."""
    return ["sh", "-c", f'"$1" "$2" {lines} & shift 2; "$@"; wait', "sh", *FLOOD, *server]


def read_recording(path: Path) -> tuple[list[dict], dict]:
    with open(path, "rb") as f:
        f.readline()  # header
        lines = f.readlines()
    summary = orjson.loads(lines.pop())
    return [orjson.loads(line) for line in lines], summary


@pytest.mark.parametrize(
    ("era", "server", "lines", "requests", "want_era"),
    [
        (
            "legacy",
            misbehave("good"),
            300_000,
            ["tools/list", "ping", "tools/call=" + '{"name":"echo","arguments":{"text":"hi"}}', "tools/list"],
            "legacy",
        ),
        # auto: a server/discover answer held back behind the flood would be taken for silence
        # (a legacy server): the fallback to initialize, which this server refuses
        ("auto", modern_fixture(), 100_000, ["tools/list", "tools/list"], "modern"),
    ],
)
def test_answers_are_on_time_through_a_stderr_flood(
    tmp_path: Path, era: str, server: list[str], lines: int, requests: list[str], want_era: str
) -> None:
    record = tmp_path / "recording.jsonl"
    argv = [
        sys.executable,
        "-m",
        "inspector",
        "probe",
        "--era",
        era,
        "--timeout",
        "2",
        "--probe-timeout",
        "2",
        "--stdin-grace",
        "30",
        "--record",
        str(record),
    ]
    for r in requests:
        argv += ["--request", r]
    with open(tmp_path / "transcript.txt", "wb") as out:
        run = subprocess.run(
            [*argv, "--", *flooded(server, lines)], stdout=out, stderr=subprocess.PIPE, text=True, timeout=BOUND
        )
    entries, summary = read_recording(record)
    assert run.returncode == 0, (run.stderr, summary)
    assert summary["era"] == want_era and summary["outcome"] is None
    assert summary["counts"]["violations"] == {}  # no lifecycle.no-answer, no jsonrpc.late-response
    assert not [e for e in entries if e.get("event") == "timeout"]

    # every request answered, paired, and timed from when its answer was read
    sent = [e for e in entries if e["dir"] == "c2s" and e["kind"] == "request"]
    answers = {e["id"]: e for e in entries if e["dir"] == "s2c"}
    assert len(sent) == len(requests) + 1  # and initialize or server/discover
    for request in sent:
        answer = answers[request["id"]]
        assert answer["kind"] == "result" and answer["paired"] == request["seq"]
        assert 0 <= answer["t"] - request["t"] < 2
    # the requests were answered while the flood went on: stderr lines after the last answer
    last = max(a["seq"] for a in answers.values())
    assert sum(1 for e in entries[last:] if e["dir"] == "stderr") > lines // 4

    # nothing lost: every line of the flood, once, in order
    stderr = [e["raw"] for e in entries if e["dir"] == "stderr"]
    assert len(stderr) == lines == summary["counts"]["by_dir"]["stderr"]
    assert stderr[0].startswith("flood 0000000 ") and stderr[-1].startswith(f"flood {lines - 1:07d} ")
    assert all(raw.startswith(f"flood {i:07d} ") for i, raw in enumerate(stderr))
    # what was read from the pipes is recorded in the order it was read
    read = [e["t"] for e in entries if e["dir"] in ("s2c", "stderr")]
    assert read == sorted(read)


@pytest.mark.anyio
async def test_an_answer_read_before_the_deadline_is_not_late_however_slow_the_pump() -> None:
    """The pump held back by a slow listener (a busy window): the answer to ping is read (after
    1-2 s) before the request's deadline (3 s), behind 2000 notifications the pump takes over 4 s
    to go through (the reader reads a pipe's worth while the pump takes in a slice).
    The request waits for the pump to take in what was read by its deadline, so the answer is
    paired, not a timeout and a late response."""
    count = 2000
    session = Session(options(misbehave("flood", "--count", str(count)), request_timeout=3.0))
    rec = session.recording
    session.notification_listeners.append(lambda seq, obj: time.sleep(0.002))
    async with session:
        await session.start()
        sent = session.clock()
        reply = await session.request("ping")
        got = session.clock()
        assert reply.ok
    answer = rec[reply.seq]
    assert answer.direction is Direction.S2C and answer.method == "ping"
    assert answer.t + rec.t0 - sent < 3.0 < got - sent  # read in time, taken in after the deadline: the case at hand
    assert reply.latency < 3.0
    assert rules(rec) == []
    notes = [e for e in rec if e.direction is Direction.S2C and e.method == "notifications/message"]
    assert len(notes) == count and all(e.seq < answer.seq for e in notes)  # the flood came first
