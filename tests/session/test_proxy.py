"""Proxy mode (stdio) with real hosts and real servers through real pipes.

The hosts: the official Python SDK's ClientSession over stdio_client, and raw hosts written
here with subprocess pipes (to plant bad lines and to see every byte the host receives). The
servers: the reference server (npm), the SDK's own low-level server, the misbehaving fixture.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import anyio
import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from peers import ROOT, misbehave, reference_server, sdk_server

from inspector.session.proxy import proxied_spec
from inspector.session.reanalyse import reanalyse
from inspector.session.recording import Direction, Recording
from inspector.session.views import negotiation_facts
from inspector.transport.base import MASK

pytestmark = pytest.mark.anyio

INIT = (
    b'{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18",'
    b'"capabilities":{},"clientInfo":{"name":"raw-host","version":"1"}}}\n'
)
INITIALIZED = b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n'
TOOLS_LIST = b'{"jsonrpc":"2.0","id":1,"method":"tools/list"}\n'


def proxy_argv(record: Path, server: list[str], *extra: str) -> list[str]:
    return [sys.executable, "-m", "inspector", "proxy", "--record", str(record), *extra, "--", *server]


def teed(server: list[str], copy: Path) -> list[str]:
    """The server as a pipeline whose last stage copies every byte the server wrote to ``copy``."""
    return ["sh", "-c", 'out="$1"; shift; "$@" | tee "$out"', "sh", str(copy), *server]


def load(path: Path) -> Recording:
    rec = Recording.load(path)
    assert rec.load_problems == [], rec.load_problems
    return rec


def raws(rec: Recording, direction: Direction) -> bytes:
    return b"".join(rec.raw_at(i) for i in range(len(rec)) if rec.direction_at(i) is direction)


def events(rec: Recording) -> list[dict]:
    return [rec.extra_at(i) for i in range(len(rec)) if rec.direction_at(i) is Direction.EVENT]


def assert_judged_the_same_again(rec: Recording) -> None:
    again, changes = reanalyse(rec)
    assert changes == [], changes[:3]
    assert len(again) == len(rec)


async def sdk_host(argv: list[str]) -> tuple[list[str], str]:
    """The SDK's ClientSession through ``argv``: initialize, list_tools, call_tool echo."""
    params = StdioServerParameters(command=argv[0], args=argv[1:], cwd=str(ROOT))
    with anyio.fail_after(60):
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            tools = await session.list_tools()
            result = await session.call_tool("echo", {"message": "through the proxy", "text": "through the proxy"})
    text = "".join(getattr(block, "text", "") for block in result.content)
    return [t.name for t in tools.tools], text


@pytest.mark.parametrize("which", ["reference", "sdk"])
async def test_sdk_host_through_the_proxy_records_both_sides_byte_for_byte(tmp_path, which):
    server = reference_server() if which == "reference" else sdk_server()
    record, copy = tmp_path / "proxied.jsonl", tmp_path / "server-stdout.bin"
    names, text = await sdk_host(proxy_argv(record, teed(server, copy), "--name", which))
    assert "echo" in names and "through the proxy" in text

    rec = load(record)
    assert rec.header["proxied"]["name"] == which and rec.header["proxied"]["command"][:2] == ["sh", "-c"]
    assert rec.header["engine"]["observer"] is True
    # what the server wrote is what the recording holds, byte for byte (the host got the same: see the raw host)
    assert raws(rec, Direction.S2C) == copy.read_bytes()
    methods = [rec.method_at(i) for i in range(len(rec)) if rec.direction_at(i) is Direction.C2S]
    assert methods[:4] == ["initialize", "notifications/initialized", "tools/list", "tools/call"]
    for i in range(len(rec)):
        if rec.direction_at(i) in (Direction.C2S, Direction.S2C):
            assert rec.violations_at(i) == (), (i, rec.raw_at(i), rec.violations_at(i))
            assert rec.schema_at(i) is True, (i, rec.raw_at(i), rec.extra_at(i))
    call = next(i for i in range(len(rec)) if rec.method_at(i) == "tools/call" and rec.direction_at(i) is Direction.S2C)
    assert rec.paired_at(call) is not None and rec.latency_at(call) is not None
    assert rec.summary is not None and rec.summary["era"] == "legacy" and rec.summary["state"] == "terminated"
    # what the window's negotiation panel shows: the host's offer, not the inspector's
    offered = json.loads(rec.raw_at(next(i for i in range(len(rec)) if rec.method_at(i) == "initialize")))["params"]
    facts = negotiation_facts(rec)
    assert facts is not None and facts["offer"]["info"] == offered["clientInfo"] != {"name": "mcp-session-inspector"}
    assert facts["offer"]["capabilities"] == offered["capabilities"]
    assert [e["event"] for e in events(rec)][0] == "spawned" and events(rec)[-1]["event"] == "exited"
    assert_judged_the_same_again(rec)


def run_raw_host(
    argv: list[str], lines: list[bytes], *, pause: float = 0.2, answered: bool = True
) -> subprocess.CompletedProcess[bytes]:
    """A host written here: writes ``lines`` (after the first, with ``answered``, it reads up to the
    answer to id 0; then waits ``pause`` after each), closes stdin, keeps every byte it received."""
    p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    assert p.stdin is not None and p.stdout is not None
    got = b""
    for n, line in enumerate(lines):
        p.stdin.write(line)
        p.stdin.flush()
        while answered and n == 0:
            got += (received := p.stdout.readline())
            if not received or b'"id":0' in received or b'"id": 0' in received:
                break
        time.sleep(pause)
    out, err = p.communicate(timeout=30)  # closes stdin: the proxy shuts the server down
    return subprocess.CompletedProcess(argv, p.returncode, got + out, err)


@pytest.mark.parametrize("mode", ["invalid-utf8", "noise", "stderr-chatter", "crlf"])
def test_a_noisy_server_reaches_the_host_unchanged_and_a_bad_host_line_is_flagged(tmp_path, mode):
    lines = [INIT, b"not json from the host\n", INITIALIZED, TOOLS_LIST, TOOLS_LIST]
    direct = run_raw_host(misbehave(mode), lines, pause=0.2)
    record = tmp_path / "noisy.jsonl"
    proxied = run_raw_host(proxy_argv(record, misbehave(mode)), lines, pause=0.2)

    assert proxied.returncode == direct.returncode == 0
    assert proxied.stdout == direct.stdout and proxied.stdout  # every byte, noise and bad UTF-8 included
    assert proxied.stderr == direct.stderr  # the server's stderr is the proxy's (nothing said: --record given)
    rec = load(record)
    assert raws(rec, Direction.S2C) == proxied.stdout
    assert raws(rec, Direction.C2S) == b"".join(lines)
    assert raws(rec, Direction.STDERR) == proxied.stderr
    c2s = [i for i in range(len(rec)) if rec.direction_at(i) is Direction.C2S]
    assert rec.violations_at(c2s[1]) == ("host.not-json",)
    assert rec.violations_at(c2s[4]) == ("host.id-reused",)  # tools/list again with id 1
    assert all(rec.violations_at(i) == () for i in (c2s[0], c2s[2], c2s[3]))
    assert_judged_the_same_again(rec)


def test_host_misbehaviour_in_the_handshake_is_judged_as_the_clients(tmp_path):
    record = tmp_path / "early.jsonl"
    # initialized and tools/list before the server could answer initialize (all in one write)
    argv = proxy_argv(record, misbehave("slow-start", "--delay", "0.5"))
    done = run_raw_host(argv, [INIT + INITIALIZED + TOOLS_LIST], answered=False)
    assert done.returncode == 0
    rec = load(record)
    c2s = [i for i in range(len(rec)) if rec.direction_at(i) is Direction.C2S]
    assert [rec.method_at(i) for i in c2s] == ["initialize", "notifications/initialized", "tools/list"]
    assert rec.violations_at(c2s[1]) == ("lifecycle.initialized-before-result",)
    assert rec.violations_at(c2s[2]) == ("lifecycle.client-before-initialize",)
    assert_judged_the_same_again(rec)


def test_the_proxy_exits_with_the_servers_exit_code(tmp_path):
    record = tmp_path / "exit7.jsonl"
    done = run_raw_host(proxy_argv(record, misbehave("exit-after-init")), [INIT], answered=False)
    assert done.returncode == 7
    rec = load(record)
    assert events(rec)[-1]["event"] == "exited" and events(rec)[-1]["returncode"] == 7
    assert rec.summary is not None and rec.summary["exit_code"] == 7


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGHUP])
def test_a_signal_to_the_proxy_reaches_the_server(tmp_path, number):
    record = tmp_path / "signalled.jsonl"
    argv = proxy_argv(record, misbehave("ignore-stdin-close"))
    p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    assert p.stdin is not None and p.stdout is not None
    p.stdin.write(INIT)
    p.stdin.flush()
    answer = p.stdout.readline()  # the server is up and answered through the proxy
    assert json.loads(answer)["id"] == 0
    p.send_signal(number)
    p.wait(timeout=30)  # the host keeps its end of stdin open: only the signal can end the server
    for pipe in (p.stdin, p.stdout, p.stderr):
        pipe.close()
    assert p.returncode == 128 + number  # the server died of the signal it was passed
    rec = load(record)
    kinds = [e.get("event") for e in events(rec)]
    assert "signal" in kinds and kinds[-1] == "exited"
    assert events(rec)[-1]["signal"] == number
    assert "stdin_closed" not in kinds  # nothing but the passed-on signal ended it


def test_without_record_the_recording_goes_to_the_data_folder_and_stderr_says_where(tmp_path):
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}
    argv = [sys.executable, "-m", "inspector", "proxy", "--name", "my server", "--", *misbehave("good")]
    p = subprocess.run(argv, input=INIT + INITIALIZED, capture_output=True, cwd=ROOT, env=env, timeout=30)
    assert p.returncode == 0
    files = list((tmp_path / "data" / "mcp-session-inspector" / "proxied").iterdir())
    assert len(files) == 1 and files[0].name.startswith("my_server-") and files[0].suffix == ".jsonl"
    assert p.stderr.decode().count("recording to") == 1 and str(files[0]) in p.stderr.decode()
    rec = load(files[0])
    assert rec.header["proxied"]["name"] == "my server"
    assert raws(rec, Direction.S2C) == p.stdout


def test_a_command_that_cannot_start_is_said_and_recorded(tmp_path):
    record = tmp_path / "missing.jsonl"
    p = subprocess.run(
        proxy_argv(record, [str(tmp_path / "no-such-server")]), input=b"", capture_output=True, cwd=ROOT, timeout=30
    )
    assert p.returncode == 127 and b"no-such-server" in p.stderr
    rec = load(record)
    assert events(rec)[-1]["event"] == "spawn_failed"


def test_a_flood_reaches_the_host_whole_and_is_recorded_whole_when_the_proxy_exits(tmp_path):
    record = tmp_path / "flood.jsonl"
    flood = [sys.executable, str(ROOT / "tests" / "fixtures" / "servers" / "flood_pipe.py")]
    server = [*flood, "--initialize", "--lines", "30000", "--noise", "50"]
    direct = run_raw_host(server, [INIT], answered=False, pause=0.0)
    proxied = run_raw_host(proxy_argv(record, server), [INIT], answered=False, pause=0.0)
    assert proxied.returncode == direct.returncode == 0
    assert proxied.stdout == direct.stdout and proxied.stdout.count(b"\n") == 30051
    rec = load(record)  # the proxy has exited: every line is in the file, judged
    assert raws(rec, Direction.S2C) == proxied.stdout
    assert rec.summary is not None and rec.summary["counts"]
    noise = [i for i in range(len(rec)) if rec.violations_at(i) == ("stdio.not-json",)]
    assert len(noise) == 50


def test_a_host_that_goes_away_gets_its_server_shut_down_per_spec(tmp_path):
    record = tmp_path / "gone.jsonl"
    p = subprocess.Popen(
        proxy_argv(record, misbehave("ignore-stdin-close")), stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=ROOT
    )
    assert p.stdin is not None and p.stdout is not None
    p.stdin.write(INIT)
    p.stdin.flush()
    assert json.loads(p.stdout.readline())["id"] == 0
    p.stdout.close()  # the host stops reading: its end of the proxy's stdout is gone
    p.stdin.write(b'{"jsonrpc":"2.0","id":1,"method":"ping"}\n')
    p.stdin.flush()
    assert p.wait(timeout=30) == 128 + signal.SIGTERM  # this server ignores stdin's end: SIGTERM ended it
    p.stdin.close()
    kinds = [e.get("event") for e in events(load(record))]
    assert kinds.index("stdin_closed") < kinds.index("sigterm_sent") < kinds.index("exited")


def test_a_secret_in_the_command_is_masked_in_the_recording_not_in_what_runs(tmp_path):
    record = tmp_path / "secret.jsonl"
    token = "sk-proj-" + "Zq7XwP3kLm9RtV2bN8cY4dF6"
    server = ["sh", "-c", 'shift 2; exec "$@"', "sh", "--api-key", token, *misbehave("good")]
    done = run_raw_host(proxy_argv(record, server), [INIT, INITIALIZED])
    assert done.returncode == 0 and b'"id":0' in done.stdout  # the server ran with every argument
    text = record.read_text(encoding="utf-8")
    assert token not in text
    rec = load(record)
    assert rec.header["argv"][5] == rec.header["proxied"]["command"][5] == "••••••"
    assert rec.header["argv"][4] == "--api-key" and rec.header["argv"][6:] == misbehave("good")


def test_a_secret_given_as_name_equals_value_is_masked_by_its_name():
    """``docker run -e API_KEY=...`` and ``env GITHUB_TOKEN=... npx ...`` (a common way to give a
    server its key) are judged by the name before ``=``, as ``--api-key=...`` is."""
    argv = ["docker", "run", "-e", "API_KEY=hunter2", "--env", "GITHUB_TOKEN=abc123", "img"]
    assert proxied_spec(argv).shown() == ["docker", "run", "-e", MASK, "--env", MASK, "img"]
    plain = ["env", "LOG_LEVEL=debug", "AUTH_TYPE=oauth", "KEY_FILE=/run/key", "TOKEN=${T}", "npx", "x"]
    assert proxied_spec(plain).shown() == plain


STEADY = r"""
import sys, time
sys.stdin.readline()
out = sys.stdout
out.write('{"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-06-18","capabilities":{"logging":{}},'
          '"serverInfo":{"name":"steady","version":"1"}}}\n')
out.flush()
end = time.monotonic() + 3.0
while time.monotonic() < end:
    out.write('{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"tick"}}\n')
    out.flush()
    time.sleep(0.004)
"""


def test_a_steady_stream_is_recorded_as_it_goes_not_only_when_it_stops(tmp_path):
    """A server that writes a message every 4 ms keeps the forwarding busy all the time: the
    recorder still judges and writes as it goes (the Watch list's live view follows the file)."""
    record = tmp_path / "steady.jsonl"
    p = subprocess.Popen(
        proxy_argv(record, [sys.executable, "-c", STEADY]),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )
    assert p.stdin is not None and p.stdout is not None
    p.stdin.write(INIT)
    p.stdin.flush()
    assert b'"id":0' in p.stdout.readline()
    for _ in range(40):  # the host reads for about 1.2 s of the 3 s stream
        p.stdout.readline()
    time.sleep(1.0)  # still streaming: about 2 s in
    written = record.read_bytes().count(b"tick")
    p.stdin.close()
    p.stdout.read()  # to the end: the proxy ends the server (the host went away) and exits
    assert p.wait(timeout=30) is not None
    assert written >= 50, written  # recorded while the stream went on (about 500 ticks were sent by then)
    assert record.read_bytes().count(b"tick") > written


def test_a_recording_that_cannot_be_finished_is_said_and_the_host_gets_the_servers_exit(tmp_path):
    """A file size limit (as a full disk) under the recording: the host still gets the server's
    exit code, stderr says the recording is incomplete, and the Watch announcement is withdrawn."""
    import resource

    record = tmp_path / "small.jsonl"
    runtime = tmp_path / "run"
    runtime.mkdir(mode=0o700)

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (1500, 1500))

    p = subprocess.Popen(
        proxy_argv(record, misbehave("good")),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env={**os.environ, "XDG_RUNTIME_DIR": str(runtime)},
        preexec_fn=limit,
    )
    out, err = p.communicate(INIT + INITIALIZED + TOOLS_LIST, timeout=30)
    assert b'"id":1' in out  # the host got its answers
    assert p.returncode == 0, err
    assert b"is incomplete" in err or b"stopped early" in err, err
    assert not list((runtime / "mcp-session-inspector").glob("*.json"))  # withdrawn
