"""The stdio proxy frames the server's stdout in its recorder, not in the forwarding.

The transport hands the proxy each read of the server's stdout as it came (``frame_stdout=False``,
channel ``UNFRAMED``) and the recorder cuts it into lines. What must hold is what the transport's own
framing gave: every byte in order, a last line without its newline recorded before the stream's
close, a line past the limit kept to its head with the rest counted. Real servers (the misbehaving
fixture) through the real proxy: the command for the partial line, ``run_proxy`` in a thread on
pipes for the limit (it is not a command-line option of the proxy).
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading

import anyio
from peers import ROOT, misbehave

from inspector.session.proxy import ProxyOptions, run_proxy
from inspector.session.reanalyse import reanalyse
from inspector.session.recording import Direction, Recording

INIT = (
    b'{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18",'
    b'"capabilities":{},"clientInfo":{"name":"raw-host","version":"1"}}}\n'
)
INITIALIZED = b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n'


def server_lines(rec: Recording) -> list[int]:
    return [i for i in range(len(rec)) if rec.direction_at(i) is Direction.S2C]


def test_a_last_line_without_newline_is_recorded_whole_before_stdout_closes(tmp_path):
    record = tmp_path / "partial.jsonl"
    argv = [sys.executable, "-m", "inspector", "proxy", "--record", str(record), "--", *misbehave("partial-exit")]
    done = subprocess.run(argv, input=INIT + INITIALIZED, capture_output=True, timeout=60, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    half = b'{"jsonrpc":"2.0","method":"notifications/mess'
    assert done.stdout.endswith(b"\n" + half)

    rec = Recording.load(record)
    assert rec.load_problems == []
    s2c = server_lines(rec)
    assert b"".join(rec.raw_at(i) for i in s2c) == done.stdout
    assert [rec.raw_at(i).count(b"\n") for i in s2c] == [1] * (len(s2c) - 1) + [0]  # one line each
    assert rec.raw_at(s2c[-1]) == half
    closed = [i for i in range(len(rec)) if (rec.extra_at(i) or {}).get("event") == "stdout_closed"]
    assert closed and s2c[-1] < closed[0]
    assert rec.t_at(s2c[-1]) <= rec.t_at(closed[0])
    again, changes = reanalyse(rec)
    assert changes == [] and len(again) == len(rec)


def test_a_line_past_the_limit_keeps_its_head_and_counts_the_rest(tmp_path):
    size = 5000
    record = tmp_path / "huge.jsonl"
    server = misbehave("huge-line", "--size", str(size), "--huge-at", "init")
    options = ProxyOptions(server, record=record, max_line=1024)
    in_r, in_w = os.pipe()
    out_r, out_w = os.pipe()
    err_r, err_w = os.pipe()
    got: list[bytes] = []
    status: list[int] = []

    def host() -> None:
        os.write(in_w, INIT)
        while b"\n" not in b"".join(got) or b"".join(got).count(b"\n") < 2:  # the answer and the huge line
            chunk = os.read(out_r, 65536)
            if not chunk:
                break
            got.append(chunk)
        os.close(in_w)  # done: the proxy shuts the server down
        while chunk := os.read(out_r, 65536):
            got.append(chunk)

    def drain() -> None:
        while os.read(err_r, 65536):
            pass

    def proxy() -> None:  # a thread: the proxy sets no signal handlers there
        status.append(anyio.run(lambda: run_proxy(options, fds=(in_r, out_w, err_w))))

    threads = [threading.Thread(target=f) for f in (host, drain, proxy)]
    for t in threads:
        t.start()
    threads[2].join(timeout=120)
    for fd in (in_r, out_w, err_w):
        os.close(fd)
    for t in threads[:2]:
        t.join(timeout=60)
    os.close(out_r)
    os.close(err_r)
    assert status == [0]
    received = b"".join(got)
    huge = [line + b"\n" for line in received.split(b"\n") if len(line) > 1024]
    assert len(huge) == 1 and len(huge[0]) > size  # the host got the line whole

    rec = Recording.load(record)
    assert rec.load_problems == []
    cut = [i for i in server_lines(rec) if (rec.extra_at(i) or {}).get("dropped")]
    assert len(cut) == 1
    assert rec.raw_at(cut[0]) == huge[0][:1024]
    assert rec.extra_at(cut[0])["dropped"] == len(huge[0]) - 1024
    assert [rec.raw_at(i) for i in server_lines(rec) if i != cut[0]] == [
        line for line in received.splitlines(True) if line != huge[0]
    ]
