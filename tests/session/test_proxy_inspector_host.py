"""The official MCP Inspector's CLI as a real host in front of ``proxy`` (issue 24).

The host: ``mcp-inspector --cli COMMAND ARGS… --method …`` (npm ``@modelcontextprotocol/inspector``
2.12.0 on the Node 22 it needs, from .peers/hosts): it spawns COMMAND as its stdio server,
initializes, sends ``logging/setLevel``, lists the tools (also before a ``tools/call``), prints the
result as JSON and closes the server's stdin (then SIGTERM after 2 s, as its SDK's stdio transport
does). The servers: the reference server (npm) and the official Python SDK's low-level server.

Each test runs the host twice on the same server at once: directly (COMMAND is the server) and
through the proxy (COMMAND is ``python -m inspector proxy --record F -- server``). The host prints
parsed JSON only, so what it received is captured beside it: COMMAND is run by bash with tee on its
stdin and stdout (bash execs into COMMAND, so the host's signals reach it itself). Through the
proxy the server is teed the same way, inside the proxy. So:

- through the proxy, the bytes the host received equal the server's stdout in the recording and
  what the server wrote, byte for byte (and the host's lines equal the recording's client side);
- the host's JSON output, exit code and stderr equal the direct run's;
- the server's lines equal the direct run's after normalising only the top-level ids (compared as
  a multiset: the order of a notification against an answer follows the timing, not the proxy),
  and the host sent the same requests and notifications;
- every message in the recording is judged: schema-valid, no rule broken on either side, except
  the findings named in ``SERVER_FINDINGS`` (behaviour of the server that the direct run has too).

The host found no rule of the client's broken. It did show a fault of the proxy's, fixed since:
a SIGTERM that came after the server exited killed the proxy before its recording was complete
(test_a_late_sigterm_to_the_proxy_leaves_the_recording_complete shows it never does now).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest
from peers import ROOT, misbehave, official_inspector_cli, reference_server, sdk_server
from test_proxy import INIT, assert_judged_the_same_again, load, proxy_argv, raws

from inspector.session.recording import Direction, Recording

pytestmark = pytest.mark.peer

# The echo tool's argument on each server (the SDK fixture's echo takes ``text``).
ECHO_ARG = {"reference": "message=hi", "sdk": "text=hi"}
ECHOED = {"reference": "Echo: hi", "sdk": "hi"}

# Findings about the server that a direct run has as well. The host declares ``roots``, so the
# reference server asks ``roots/list`` about 350 ms after ``notifications/initialized``; the host
# has usually closed the server's stdin by then, so it never answers, and with its own request
# unanswered the reference server does not exit when its stdin closes. The direct host kills it with SIGTERM after
# 2 s; through the proxy, the proxy's own 2 s shutdown does (the rule below) unless the host's
# SIGTERM, passed on, comes first. Timing decides the rest: when the host is slow enough to get the
# request while connected, it answers it and the server exits at once; when stdin closes before the
# server's timer fires, the server may exit too. So the finding may be absent; when it is there, the
# test checks its cause in the proxied run: the roots/list request reached the host, which sent no
# answer (what the direct host does in the same timing: the same program, the same requests).
SERVER_FINDINGS = {"reference": {"lifecycle.ignored-stdin-close"}, "sdk": set()}


def teed(argv: list[str], sent: Path, received: Path) -> list[str]:
    """``argv`` run by bash with what it reads copied to ``sent`` and what it writes to ``received``.
    bash execs into ``argv``: signals sent to the pid the caller spawned reach ``argv`` itself (not so
    test_proxy's ``teed``, a pipeline under sh: this host's SIGTERM would end sh and orphan the server)."""
    script = 'sent="$1"; received="$2"; shift 2; exec "$@" < <(exec tee "$sent") > >(exec tee "$received")'
    bash = shutil.which("bash")
    assert bash is not None
    return [bash, "-c", script, "bash", str(sent), str(received), *argv]


@dataclass
class HostRun:
    done: subprocess.CompletedProcess[bytes]
    sent: bytes  # every byte the host wrote to its server's stdin
    received: bytes  # every byte the host read from its server's stdout


def host_runs(commands: dict[str, list[str]], method: list[str], tmp: Path) -> dict[str, HostRun]:
    """The inspector CLI once per command, all at once, each command teed; ``method``: its --method flags."""
    cli, env = official_inspector_cli()
    started = {}
    for label, command in commands.items():
        sent, received = tmp / f"{label}.sent", tmp / f"{label}.received"
        argv = [*cli, *teed(command, sent, received), *method]
        p = subprocess.Popen(
            argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT, env=env
        )
        started[label] = (p, sent, received)
    runs = {}
    for label, (p, sent, received) in started.items():
        try:
            out, err = p.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            p.kill()
            out, err = p.communicate()
            pytest.fail(f"the inspector CLI ({label}) did not finish in 60 s: {err.decode(errors='replace')[-2000:]}")
        runs[label] = HostRun(
            subprocess.CompletedProcess(p.args, p.returncode, out, err), sent.read_bytes(), received.read_bytes()
        )
    return runs


def without_top_level_id(line: bytes) -> bytes:
    """``line`` with the value of its top-level ``"id"`` member replaced by ``_`` (nested ids, the
    rest of the bytes and their order untouched); lines that are not a JSON object come back as they are."""
    depth, in_string, escaped, i = 0, False, False, 0
    while i < len(line):
        c = line[i : i + 1]
        if in_string:
            if escaped:
                escaped = False
            elif c == b"\\":
                escaped = True
            elif c == b'"':
                in_string = False
        elif c == b'"':
            if depth == 1 and line.startswith(b'"id":', i):
                end = start = i + len(b'"id":')
                while end < len(line) and line[end : end + 1] not in (b",", b"}"):
                    end += 1  # an id is a number or a string without , or }: its own end
                return line[:start] + b"_" + line[end:]
            in_string = True
        elif c in (b"{", b"["):
            depth += 1
        elif c in (b"}", b"]"):
            depth -= 1
        i += 1
    return line


def normalised(stream: bytes) -> Counter[bytes]:
    return Counter(without_top_level_id(line) for line in stream.splitlines(keepends=True))


def requests_and_notifications(stream: bytes) -> list[bytes]:
    """The host's lines that carry a method, ids normalised, in the order sent (answers left out:
    whether the host answers the server's late roots/list depends on timing)."""
    return [without_top_level_id(line) for line in stream.splitlines(keepends=True) if b'"method"' in line]


def unanswered_roots_list(received: bytes, sent: bytes) -> bool:
    """The server asked the host roots/list and the host sent nothing with that request's id."""
    asked = [json.loads(line) for line in received.splitlines() if b'"roots/list"' in line]
    answered = {json.loads(line).get("id") for line in sent.splitlines() if b'"method"' not in line}
    return bool(asked) and all(m["id"] not in answered for m in asked)


def judged(rec: Recording) -> set[str]:
    """Every message is schema-valid and breaks no rule; the rules broken by process events."""
    found: set[str] = set()
    for i in range(len(rec)):
        if rec.direction_at(i) in (Direction.C2S, Direction.S2C):
            assert rec.schema_at(i) is True, (i, rec.raw_at(i), rec.extra_at(i))
            assert rec.violations_at(i) == (), (i, rec.raw_at(i), rec.violations_at(i))
        found.update(rec.violations_at(i))
    return found


def test_top_level_ids_alone_are_normalised() -> None:
    assert without_top_level_id(b'{"result":{"id":7,"s":"\\"id\\":3"},"jsonrpc":"2.0","id":12}\n') == (
        b'{"result":{"id":7,"s":"\\"id\\":3"},"jsonrpc":"2.0","id":_}\n'
    )
    assert without_top_level_id(b'{"jsonrpc":"2.0","id":"a-1","result":{}}') == b'{"jsonrpc":"2.0","id":_,"result":{}}'
    assert without_top_level_id(b'{"method":"notifications/initialized","params":{"id":1}}') == (
        b'{"method":"notifications/initialized","params":{"id":1}}'
    )
    assert without_top_level_id(b'not json, "id":1\n') == b'not json, "id":1\n'


def test_a_missing_inspector_cli_skips_here_and_fails_under_ci(tmp_path, monkeypatch) -> None:
    import peers

    monkeypatch.setattr(peers, "NODE22", tmp_path / "no-node")
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="run scripts/setup.sh --test"):
        official_inspector_cli()
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="Inspector CLI or Node 22 is not installed"):
        official_inspector_cli()


@pytest.mark.parametrize("which", ["reference", "sdk"])
@pytest.mark.parametrize("method", ["tools/list", "tools/call"])
def test_the_official_inspector_cli_through_the_proxy_gets_what_it_gets_directly(tmp_path, which, method):
    server = reference_server() if which == "reference" else sdk_server()
    flags = ["--method", method]
    if method == "tools/call":
        flags += ["--tool-name", "echo", "--tool-arg", ECHO_ARG[which]]
    record = tmp_path / "proxied.jsonl"
    inner = teed(server, tmp_path / "server.stdin", tmp_path / "server.stdout")
    runs = host_runs({"direct": server, "proxied": proxy_argv(record, inner, "--name", which)}, flags, tmp_path)
    direct, proxied = runs["direct"], runs["proxied"]

    # The host's view: the same output, exit code and stderr (the server's stderr, passed on).
    assert proxied.done.returncode == direct.done.returncode == 0, proxied.done.stderr
    assert json.loads(proxied.done.stdout) == json.loads(direct.done.stdout)
    assert proxied.done.stdout == direct.done.stdout
    assert proxied.done.stderr == direct.done.stderr
    result = json.loads(proxied.done.stdout)
    if method == "tools/list":
        assert "echo" in [tool["name"] for tool in result["tools"]]
    else:
        assert result["content"] == [{"type": "text", "text": ECHOED[which]}] and not result.get("isError")

    # Through the proxy: what the host received is what the server wrote, and the recording has both.
    rec = load(record)
    assert proxied.received == raws(rec, Direction.S2C) == (tmp_path / "server.stdout").read_bytes()
    assert proxied.sent == raws(rec, Direction.C2S) == (tmp_path / "server.stdin").read_bytes()
    assert raws(rec, Direction.STDERR) in proxied.done.stderr
    assert rec.header["proxied"]["name"] == which and rec.header["engine"]["observer"] is True

    # The same server lines as directly (ids normalised), from the same host lines.
    assert normalised(proxied.received) == normalised(direct.received)
    assert requests_and_notifications(proxied.sent) == requests_and_notifications(direct.sent)

    # Both sides judged: the host's messages as a client's, the server's as always.
    methods = [rec.method_at(i) for i in range(len(rec)) if rec.direction_at(i) is Direction.C2S]
    assert methods[:2] == ["initialize", "notifications/initialized"]
    assert "tools/list" in methods and (method != "tools/call" or methods[-1] == "tools/call")
    for i in range(len(rec)):
        if rec.direction_at(i) is Direction.S2C and rec.method_at(i) in ("initialize", "tools/list", method):
            assert rec.paired_at(i) is not None, (i, rec.raw_at(i))
    found = judged(rec)
    assert found <= SERVER_FINDINGS[which], found  # nothing the host did, nothing a direct run would not have
    if found:  # its cause on the wire: the host left the server's roots/list unanswered, as it does directly
        assert unanswered_roots_list(proxied.received, proxied.sent)
    assert rec.summary is not None and rec.summary["era"] == "legacy" and rec.summary["state"] == "terminated"
    assert_judged_the_same_again(rec)


def test_a_late_sigterm_to_the_proxy_leaves_the_recording_complete(tmp_path):
    """A host that closes stdin and then sends SIGTERM until the proxy is gone (every 0.5 ms, so one
    lands after the server has exited, as the inspector CLI's single SIGTERM sometimes does): the
    recording must be complete all the same, the server's exit and the summary in it."""
    record = tmp_path / "late.jsonl"
    p = subprocess.Popen(proxy_argv(record, misbehave("good")), stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=ROOT)
    assert p.stdin is not None and p.stdout is not None
    p.stdin.write(INIT)
    p.stdin.flush()
    assert json.loads(p.stdout.readline())["id"] == 0
    p.stdin.close()
    deadline = time.monotonic() + 30
    while p.poll() is None and time.monotonic() < deadline:
        try:
            os.kill(p.pid, signal.SIGTERM)
        except ProcessLookupError:
            break
        time.sleep(0.0005)
    p.wait(timeout=30)
    p.stdout.close()
    rec = load(record)
    assert rec.summary is not None, (p.returncode, len(rec))
    assert any(
        rec.extra_at(i).get("event") == "exited" for i in range(len(rec)) if rec.direction_at(i) is Direction.EVENT
    )
