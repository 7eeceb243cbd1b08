"""The Watch list and following a growing recording, with real proxy processes and real hosts.

The proxy runs as ``python -m inspector proxy`` with its runtime and data folders in the test's
own folder; the hosts are the official Python SDK's ClientSession (over stdio_client) and a raw
host over subprocess pipes. What the list shows is read from the folders the proxy wrote; what
the follower reads is compared with opening the finished file.
"""

from __future__ import annotations

import os
import random
import stat
import subprocess
import sys
import time
from pathlib import Path

import anyio
import orjson
import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from peers import ROOT, misbehave, reference_server
from polling import until

from inspector.session.follow import GrowingRecording
from inspector.session.recording import Direction, Recording
from inspector.session.watch import (
    announce,
    announcements,
    entries_in,
    process_identity,
    proxied_folder,
    proxy_running,
    runtime_folder,
    watch_list,
)

pytestmark = pytest.mark.anyio

INIT = (
    b'{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18",'
    b'"capabilities":{},"clientInfo":{"name":"raw-host","version":"1"}}}\n'
)
INITIALIZED = b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n'
TOOLS_LIST = b'{"jsonrpc":"2.0","id":1,"method":"tools/list"}\n'


def folders(tmp_path: Path) -> dict[str, str]:
    return {**os.environ, "XDG_RUNTIME_DIR": str(tmp_path / "run"), "XDG_DATA_HOME": str(tmp_path / "data")}


def proxy(env: dict[str, str], server: list[str], name: str) -> subprocess.Popen[bytes]:
    argv = [sys.executable, "-m", "inspector", "proxy", "--name", name, "--", *server]
    return subprocess.Popen(
        argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT, env=env
    )


def entries(rec: Recording) -> list[dict]:
    return [rec[i].to_json() for i in range(len(rec))]


def has(rec: Recording, direction: Direction, needle: bytes) -> bool:
    return any(rec.direction_at(i) is direction and needle in rec.raw_at(i) for i in range(len(rec)))


def announcement_files(env: dict[str, str]) -> list[str]:
    return sorted(n for n in os.listdir(runtime_folder(env)) if not n.startswith("."))


async def test_a_running_proxy_is_listed_followed_as_it_grows_and_listed_as_ended_after(tmp_path):
    env = folders(tmp_path)
    p = proxy(env, misbehave("good"), "watched server")
    assert p.stdin is not None and p.stdout is not None
    try:
        rows = await until(lambda: [r for r in watch_list(env) if r.running], what="the proxy listed as running")
        row = rows[0]
        assert (row.name, row.pid, row.running) == ("watched server", p.pid, True)
        assert list(row.command) == misbehave("good")
        assert row.recording.parent == proxied_folder(env) and row.recording.exists()
        assert row.started is not None and abs(time.time() - row.started) < 60
        assert stat.S_IMODE(runtime_folder(env).stat().st_mode) == 0o700
        assert announcement_files(env) == [f"proxy-{p.pid}.json"]

        growing = GrowingRecording(row.recording)
        rec = growing.start()
        assert rec.read_only and rec.loading and rec.header["proxied"]["name"] == "watched server"
        p.stdin.write(INIT)
        p.stdin.flush()
        assert b'"id":0' in p.stdout.readline()
        await until(lambda: growing.poll() >= 0 and has(rec, Direction.S2C, b'"id":0'), what="the answer followed")
        assert has(rec, Direction.C2S, b'"method":"initialize"')
        assert not has(rec, Direction.C2S, b"tools/list")
        p.stdin.write(INITIALIZED + TOOLS_LIST)
        p.stdin.flush()
        assert b'"id":1' in p.stdout.readline()
        await until(lambda: growing.poll() >= 0 and has(rec, Direction.S2C, b'"id":1'), what="tools/list followed")
        assert not growing.ended and rec.loading  # still running: the end of the file is not the end
        listed = next(r for r in watch_list(env) if r.recording == row.recording)
        assert listed.running and listed.entries >= len(rec) - 1
    finally:
        p.stdin.close()
        p.wait(30)
    assert p.returncode == 0
    assert announcement_files(env) == []  # withdrawn when the proxy exited
    whole = Recording.load(row.recording)
    [ended] = watch_list(env)
    assert (ended.recording, ended.running, ended.name) == (row.recording, False, "watched server")
    assert abs(ended.started - row.started) < 2  # the time in the file's name, once the announcement is gone
    assert ended.entries == len(whole) == entries_in(row.recording)
    done = growing.finish()
    assert growing.ended and not done.loading
    assert entries(done) == entries(whole) and done.summary == whole.summary


async def test_the_follower_takes_only_complete_lines_of_a_file_written_in_pieces(tmp_path):
    """A real proxied recording copied into a new file in pieces of every size (lines cut
    anywhere): after each poll the follower holds exactly the entries of the complete lines."""
    env = folders(tmp_path)
    p = proxy(env, misbehave("good"), "pieces")
    out, _ = p.communicate(INIT + INITIALIZED + TOOLS_LIST, timeout=30)
    assert b'"id":1' in out
    [source] = list(proxied_folder(env).iterdir())
    data = source.read_bytes()
    whole = Recording.load(source)
    assert len(whole) >= 6
    target = tmp_path / "growing.jsonl"
    header_end = data.index(b"\n") + 1
    target.write_bytes(data[:header_end])
    growing = GrowingRecording(target)
    rec = growing.start()
    assert len(rec) == 0
    rnd = random.Random(24)
    at = header_end
    expected = entries(whole)
    with target.open("ab") as f:
        while at < len(data):
            piece = data[at : at + rnd.randint(1, 90)]
            f.write(piece)
            f.flush()
            at += len(piece)
            growing.poll()
            complete = data[header_end:at].count(b"\n")
            assert len(rec) == min(complete, len(whole)), (at, complete)  # the summary line is no entry
            assert entries(rec) == expected[: len(rec)]
    done = growing.finish()
    assert entries(done) == expected and done.summary == whole.summary and not done.loading


async def test_the_sdk_host_through_a_proxy_is_seen_live_then_as_recent(tmp_path):
    env = folders(tmp_path)
    argv = [sys.executable, "-m", "inspector", "proxy", "--name", "everything", "--", *reference_server()]
    watched = {k: env[k] for k in ("XDG_RUNTIME_DIR", "XDG_DATA_HOME")}
    params = StdioServerParameters(command=argv[0], args=argv[1:], cwd=str(ROOT), env=watched)
    with anyio.fail_after(60):
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            [row] = [r for r in watch_list(env) if r.running]
            assert row.name == "everything" and row.command[-1] == "stdio"
            growing = GrowingRecording(row.recording)
            rec = growing.start()
            await until(lambda: growing.poll() >= 0 and has(rec, Direction.C2S, b"notifications/initialized"))
            assert has(rec, Direction.S2C, b'"serverInfo"')
            tools = await session.list_tools()
            assert tools.tools
            await until(lambda: growing.poll() >= 0 and has(rec, Direction.C2S, b'"tools/list"'))
            await until(lambda: growing.poll() >= 0 and has(rec, Direction.S2C, tools.tools[0].name.encode()))
            assert not growing.ended
    await until(lambda: not announcement_files(env), what="the announcement withdrawn")
    [ended] = watch_list(env)
    assert not ended.running and ended.recording == row.recording
    done = growing.finish()
    whole = Recording.load(row.recording)
    assert entries(done) == entries(whole) and ended.entries == len(whole)


def test_a_stale_announcement_is_shown_ended_and_removed(tmp_path):
    env = folders(tmp_path)
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait(30)
    rec = tmp_path / "elsewhere.jsonl"  # --record FILE outside the proxied folder
    rec.write_bytes(b'{"format":"mcp-session-inspector","version":4,"proxied":{"name":"x","command":["x"]}}\n')
    path = announce("killed", ["server", "--flag"], rec, env=env, pid=gone.pid, started=1000.0)
    assert path.exists() and path.name == f"proxy-{gone.pid}.json"
    running, ended = announcements(env)
    assert running == [] and [a.name for a in ended] == ["killed"]
    assert not path.exists()  # cleaned
    path = announce("killed", ["server", "--flag"], rec, env=env, pid=gone.pid, started=1000.0)
    [row] = watch_list(env)
    assert (row.name, row.command, row.running, row.started, row.recording) == (
        "killed",
        ("server", "--flag"),
        False,
        1000.0,
        rec.absolute(),
    )
    assert not path.exists()


def test_a_running_announcement_is_listed_and_a_broken_one_is_ignored(tmp_path):
    env = folders(tmp_path)
    rec = tmp_path / "live.jsonl"
    rec.write_bytes(b"")
    announce("me", ["srv"], rec, env=env, pid=os.getpid())
    (runtime_folder(env) / "proxy-1.json").write_bytes(b'{"pid": "one"')  # half a file: not a proxy's
    (runtime_folder(env) / "proxy-2.json").write_bytes(b'{"pid": 2, "name": 3}')
    [row] = watch_list(env)
    assert (row.name, row.pid, row.running, row.entries) == ("me", os.getpid(), True, 0)


def test_the_runtime_folder_falls_back_to_the_data_folder_and_is_private(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "XDG_RUNTIME_DIR"}
    env["XDG_DATA_HOME"] = str(tmp_path / "data")
    loose = tmp_path / "data" / "mcp-session-inspector" / "run"
    loose.mkdir(parents=True, mode=0o755)
    loose.chmod(0o755)
    announce("s", ["s"], tmp_path / "r.jsonl", env=env, pid=os.getpid())
    assert runtime_folder(env) == loose
    assert stat.S_IMODE(loose.stat().st_mode) == 0o700
    assert [n for n in os.listdir(loose)] == [f"proxy-{os.getpid()}.json"]  # no temporary file left


def test_recent_recordings_are_newest_first_capped_and_only_proxied_ones(tmp_path):
    env = folders(tmp_path)
    folder = proxied_folder(env)
    folder.mkdir(parents=True)
    for n in range(5):
        f = folder / f"s{n}.jsonl"
        f.write_bytes(
            b'{"format":"mcp-session-inspector","version":4,"proxied":{"name":"s%d","command":["c"]}}\n' % n
            + b'{"seq":0}\n' * n
            + b'{"kind":"summary"}\n'
        )
        os.utime(f, (1000 + n, 1000 + n))
    (folder / "notes.jsonl").write_bytes(b'{"format":"mcp-session-inspector","version":4}\n')  # not proxied
    os.utime(folder / "notes.jsonl", (2000, 2000))
    rows = watch_list(env, cap=3)
    assert [(r.name, r.entries, r.running) for r in rows] == [("s4", 4, False), ("s3", 3, False), ("s2", 2, False)]


def test_entries_are_counted_as_the_file_grows_and_again_when_it_is_replaced(tmp_path):
    f = tmp_path / "r.jsonl"
    f.write_bytes(b'{"format":"mcp-session-inspector"}\n{"seq":0}\n{"seq":1')
    assert entries_in(f) == 1  # the line being written is not counted yet
    with f.open("ab") as out:
        out.write(b'}\n{"seq":2}\n')
    assert entries_in(f) == 3
    with f.open("ab") as out:
        out.write(b'{"kind":"summary","counts":{}}\n')
    assert entries_in(f) == 3  # the summary is no entry
    replaced = tmp_path / "new.jsonl"
    replaced.write_bytes(b'{"format":"mcp-session-inspector"}\n{"seq":0}\n')
    os.replace(replaced, f)
    assert entries_in(f) == 1


async def test_a_running_http_proxy_is_listed_with_where_it_forwards_and_ended_after(tmp_path):
    import re
    import signal

    import httpx
    from peers import HttpPeer, free_port, sdk_http_server

    env = folders(tmp_path)
    port = free_port()
    with HttpPeer(sdk_http_server(port), port) as server:
        argv = [sys.executable, "-m", "inspector", "proxy", "--name", "over http", "--listen", "127.0.0.1:0"]
        p = subprocess.Popen(
            [*argv, "--upstream", server.url], stdin=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=ROOT, env=env
        )
        try:
            assert p.stderr is not None
            origin = re.search(r"listening on (http://\S+),", p.stderr.readline().decode())
            assert origin, "the proxy did not say where it listens"
            [row] = watch_list(env)
            assert (row.name, row.running, row.pid) == ("over http", True, p.pid)
            assert row.command == (origin.group(1), "→", server.url)
            answer = httpx.post(
                origin.group(1) + "/mcp",
                content=INIT,
                headers={"content-type": "application/json", "accept": "application/json, text/event-stream"},
                timeout=30,
            )
            assert answer.status_code == 200 and b"serverInfo" in answer.content
            growing = GrowingRecording(row.recording)
            rec = growing.start()  # the recorder writes behind the forwarding: the entries follow
            await until(lambda: growing.poll() >= 0 and has(rec, Direction.S2C, b"serverInfo"), what="the answer")
            assert has(rec, Direction.C2S, b'"initialize"')
        finally:
            p.send_signal(signal.SIGINT)
            p.wait(30)
    assert p.returncode == 0 and announcement_files(env) == []
    [ended] = watch_list(env)
    assert (ended.running, ended.recording, ended.command) == (False, row.recording, row.command)
    assert entries(growing.finish()) == entries(Recording.load(row.recording))


def test_a_pid_that_now_belongs_to_another_process_is_not_the_proxy(tmp_path):
    env = folders(tmp_path)
    rec = tmp_path / "r.jsonl"
    mine = process_identity(os.getpid())
    assert mine is not None and mine == process_identity(os.getpid())
    path = announce("reused", ["s"], rec, env=env, pid=os.getpid())
    assert orjson.loads(path.read_bytes())["process"] == mine
    assert [a.name for a in announcements(env)[0]] == ["reused"]
    body = orjson.loads(path.read_bytes())
    body["process"] = str(int(mine) - 1)  # the proxy that announced itself started at another moment
    path.write_bytes(orjson.dumps(body))
    running, ended = announcements(env)
    assert running == [] and [a.name for a in ended] == ["reused"] and not path.exists()
    assert proxy_running(os.getpid(), None) and not proxy_running(os.getpid(), str(int(mine) - 1))


def test_a_live_view_ends_when_its_proxy_announces_a_newer_session(tmp_path):
    """An HTTP proxy announces each new MCP session's recording: the window following the earlier
    one (:meth:`Watched.still_running`) sees it end (the proxy still runs)."""
    env = {"XDG_RUNTIME_DIR": str(tmp_path / "run"), "XDG_DATA_HOME": str(tmp_path / "data")}
    header = b'{"format":"mcp-session-inspector/recording","version":4,"proxied":{"command":["x"],"name":"x"}}\n'
    first, second = tmp_path / "host.jsonl", tmp_path / "host-2.jsonl"
    for path in (first, second):
        path.write_bytes(header)
    announce("host", ["x"], first, env=env)  # this process stands for the proxy: its pid is alive
    (row,) = watch_list(env)
    assert row.running and row.recording == first.absolute()
    assert row.still_running()
    announce("host", ["x"], second, env=env)  # the host started a new session
    assert not row.still_running()
    assert [r.recording for r in watch_list(env) if r.running] == [second.absolute()]


def test_one_look_at_a_growing_file_reads_new_lines_while_written_and_the_rest_after(tmp_path):
    """GrowingRecording.follow: what the window's live view does at each poll."""
    header, first, second = (
        (ROOT / "tests" / "fixtures" / "recordings" / "v3-http-reset-tools.jsonl").read_bytes().split(b"\n")[:3]
    )
    path = tmp_path / "growing.jsonl"
    path.write_bytes(header + b"\n")
    growing = GrowingRecording(path)
    rec = growing.start()
    assert not growing.follow(writing=True) and len(rec) == 0  # nothing new
    with path.open("ab") as f:
        f.write(first + b"\n")
    assert growing.follow(writing=True) and len(rec) == 1 and not growing.ended
    with path.open("ab") as f:
        f.write(second)  # a last line without its newline: taken once the writer ends
    assert not growing.follow(writing=True) and len(rec) == 1
    assert growing.follow(writing=False) and len(rec) == 2 and growing.ended and not rec.loading
