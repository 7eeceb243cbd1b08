"""The window's relays for attached URL servers (session.url_relays), end to end with real peers:
a host file in a temporary home with a URL server attached (by session.attach, as the dialog
does), the relay started as the window starts it, the official SDK's Streamable HTTP client
connecting to the loopback address the host's entry now names, against the SDK's HTTP server;
the call goes through and is recorded; stopping frees the port and the child is gone."""

from __future__ import annotations

import os
import socket
from pathlib import Path

import anyio
import pytest
from peers import HttpPeer, free_port, gone, port_free, sdk_http_server

from inspector.session.attach import attach_checked, detach, found_host_files
from inspector.session.config_files import loads_config
from inspector.session.recording import Direction, Recording
from inspector.session.url_relays import PORT_POLL, Relays, wanted


def host_file(tmp_path: Path, url: str, monkeypatch: pytest.MonkeyPatch) -> tuple[dict[str, object], Path]:
    """A Cursor file in a project folder with one URL server; the relays' data and runtime
    folders in the temporary home (the children inherit the environment)."""
    home, cwd = tmp_path / "home", tmp_path / "project"
    path = cwd / ".cursor" / "mcp.json"
    path.parent.mkdir(parents=True)
    path.write_text(f'{{\n  "mcpServers": {{\n    "web": {{ "url": "{url}" }} // the SDK server\n  }}\n}}\n')
    for var, sub in (("HOME", "home"), ("XDG_DATA_HOME", "data"), ("XDG_RUNTIME_DIR", "run")):
        (tmp_path / sub).mkdir(exist_ok=True, mode=0o700)
        monkeypatch.setenv(var, str(tmp_path / sub))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    return {"platform": "linux", "home": home, "env": dict(os.environ), "cwd": cwd}, path


async def until(predicate, seconds: float = 30) -> None:
    with anyio.fail_after(seconds):
        while not predicate():
            await anyio.sleep(0.02)


async def sdk_calls(url: str) -> list[object]:
    from mcp import ClientSession
    from mcp.client.streamable_http import streamable_http_client

    with anyio.fail_after(30):
        async with streamable_http_client(url) as streams, ClientSession(streams[0], streams[1]) as session:
            await session.initialize()
            call = await session.call_tool("add", {"a": 2, "b": 3})
            return [c.model_dump(mode="json") for c in call.content]


def test_an_attached_url_server_is_served_by_the_relay_and_stopping_frees_its_port(tmp_path, monkeypatch):
    port = free_port()
    with HttpPeer(sdk_http_server(port), port) as peer:
        where, path = host_file(tmp_path, peer.url, monkeypatch)
        direct = anyio.run(sdk_calls, peer.url)
        attach_checked(path, ["web"])  # as the dialog attaches it: a free loopback port of its own
        rewritten = loads_config(path.read_text())["mcpServers"]["web"]["url"]
        wants = wanted(found_host_files(**where))
        assert [(w.name, w.upstream, w.origin + "/mcp") for w in wants] == [("web", peer.url, rewritten)]
        changes: list[str] = []
        relays = Relays(on_change=lambda: changes.append(relays.get(path, "web").state if relays.relays else "-"))
        seen: dict[str, object] = {}

        async def main() -> None:
            async with anyio.create_task_group() as tg:
                relays.sync(tg, wants)
                relay = relays.get(path, "web")
                await until(lambda: relay.state == "serving")
                seen["pid"] = relay.pid
                seen["through"] = await sdk_calls(rewritten)  # what the host does with its rewritten entry
                relays.sync(tg, wants)  # read again: the running relay is kept, not restarted
                assert relays.get(path, "web") is relay and relay.pid == seen["pid"]
                await relays.stop_all()
                seen["state"] = relay.state
                seen["stderr"] = list(relay.stderr)

        anyio.run(main)
    assert seen["through"] == direct == [{"type": "text", "text": "5.0", "annotations": None, "meta": None}]
    assert seen["state"] == "stopped" and not relays.relays
    assert changes[:2] == ["starting", "starting"] and "serving" in changes
    assert any("listening on" in line for line in seen["stderr"])  # the child's stderr is kept
    assert any(line.startswith("[sigterm_sent]") for line in seen["stderr"])  # stopped by its group's SIGTERM
    assert port_free(wants[0].listen[1])
    assert gone(int(seen["pid"]))  # type: ignore[call-overload]
    # the relay recorded the session where a proxy without --record writes, both sides, closed
    (recording,) = (tmp_path / "data" / "mcp-session-inspector" / "proxied").glob("*.jsonl")
    rec = Recording.load(recording)
    c2s = [rec.method_at(i) for i in range(len(rec)) if rec.direction_at(i) is Direction.C2S]
    assert c2s[:1] == ["initialize"] and "tools/call" in c2s
    assert any(rec.direction_at(i) is Direction.S2C for i in range(len(rec)))
    assert rec.header["proxied"]["upstream"] == peer.url


def test_a_taken_port_is_said_the_relay_takes_over_when_it_is_free_and_a_detached_server_is_stopped(
    tmp_path, monkeypatch
):
    where, path = host_file(tmp_path, "http://127.0.0.1:9/mcp", monkeypatch)
    attach_checked(path, ["web"])
    (want,) = wanted(found_host_files(**where))
    relays = Relays()
    seen: dict[str, object] = {}

    async def main() -> None:
        async with anyio.create_task_group() as tg:
            with socket.socket() as taken:  # another window, or a proxy the user runs
                taken.bind(want.listen)
                taken.listen()
                relays.sync(tg, [want])
                relay = relays.get(path, "web")
                await until(lambda: relay.state == "port-taken")
                seen["taken"] = (relay.state, relay.why, relay.pid)
                await anyio.sleep(PORT_POLL + 0.5)  # still taken: it waits, no child started again
                seen["waiting"] = (relay.state, relay.pid, relay.done.is_set())
            # the other program is gone: the same relay serves, by itself
            await until(lambda: relay.state == "serving", PORT_POLL + 30)
            assert relays.get(path, "web") is relay
            pid = relay.pid
            detach(path, ["web"])
            relays.sync(tg, wanted(found_host_files(**where)))  # detached: nothing wanted, it is stopped
            await until(lambda: relay.done.is_set())
            seen["after"] = (relay.state, dict(relays.relays), pid, list(relay.stderr))

    anyio.run(main)
    state, why, first = seen["taken"]  # type: ignore[misc]
    assert state == "port-taken" and "Address already in use" in why
    assert seen["waiting"] == ("port-taken", first, False)
    state, left, pid, stderr = seen["after"]  # type: ignore[misc]
    assert state == "stopped" and left == {} and gone(pid) and pid != first
    assert any(line.startswith("[port-free]") for line in stderr)
    assert port_free(want.listen[1])


def test_two_entries_on_one_address_start_one_relay(tmp_path, monkeypatch):
    where, path = host_file(tmp_path, "http://127.0.0.1:9/mcp", monkeypatch)
    attach_checked(path, ["web"])
    (want,) = wanted(found_host_files(**where))
    other = type(want)(tmp_path / "other.json", "copy", want.upstream, want.listen, want.argv)
    relays = Relays()

    async def main() -> None:
        async with anyio.create_task_group() as tg:
            relays.sync(tg, [want, other])
            await until(lambda: relays.get(path, "web").state == "serving")
            dup = relays.get(other.file, "copy")
            assert dup.state == "duplicate" and "web" in dup.why
            await relays.stop_all()

    anyio.run(main)
    assert port_free(want.listen[1])


_WINDOW = """
import sys, anyio
from pathlib import Path
from inspector.session.attach import found_host_files
from inspector.session.url_relays import Relays, wanted

async def main():
    relays = Relays()
    where = {"platform": "linux", "home": Path(sys.argv[1]), "cwd": Path(sys.argv[2])}
    async with anyio.create_task_group() as tg:
        relays.sync(tg, wanted(found_host_files(**where)))
        (relay,) = relays.relays.values()
        with anyio.fail_after(30):
            while relay.state != "serving":
                await anyio.sleep(0.02)
        print(relay.pid, flush=True)
        await anyio.sleep(600)

anyio.run(main)
"""


def test_a_relay_ends_when_its_window_is_killed(tmp_path, monkeypatch):
    """A window killed (SIGKILL: no loop left to stop its relays) takes its relays with it: the
    port is free again, no orphan serves on (it did before: the child outlived the window)."""
    import signal
    import subprocess
    import sys
    import time

    where, path = host_file(tmp_path, "http://127.0.0.1:9/mcp", monkeypatch)
    attach_checked(path, ["web"])
    (want,) = wanted(found_host_files(**where))
    window = subprocess.Popen(
        [sys.executable, "-c", _WINDOW, str(where["home"]), str(where["cwd"])], stdout=subprocess.PIPE, text=True
    )
    pid = 0
    try:
        assert window.stdout is not None
        pid = int(window.stdout.readline())
        assert not gone(pid) and not port_free(want.listen[1])
        window.send_signal(signal.SIGKILL)
        window.wait(timeout=30)
        deadline = time.monotonic() + 30
        while not (gone(pid) and port_free(want.listen[1])):
            assert time.monotonic() < deadline, "the relay outlived its window"
            time.sleep(0.05)
    finally:
        if window.poll() is None:
            window.kill()
            window.wait()
        if pid and not gone(pid):  # an orphan relay (the failure above): not left serving
            os.killpg(pid, signal.SIGKILL)


def test_an_attached_entry_on_no_loopback_address_is_never_served(tmp_path, monkeypatch):
    """The record and the entry edited by hand to an address that is not loopback: the window
    starts nothing for it (the proxy would refuse it; no child is started at all)."""
    where, path = host_file(tmp_path, "http://127.0.0.1:9/mcp", monkeypatch)
    attach_checked(path, ["web"])
    assert len(wanted(found_host_files(**where))) == 1
    record = path.with_name(path.name + ".inspector-attach.json")
    for f in (path, record):
        f.write_text(f.read_text().replace("127.0.0.1:9/", "127.0.0.8:9/").replace("127.0.0.1", "192.0.2.1"))
    (entry,) = found_host_files(**where)[0].host.entries
    assert entry.attached and "192.0.2.1" in entry.runs  # still attached by the record's words
    assert wanted(found_host_files(**where)) == []


def test_a_record_whose_url_is_no_url_starts_nothing_and_never_ends_the_window(tmp_path, monkeypatch):
    """A record edited by hand so that the upstream is a JSON number (or no http(s) URL): nothing
    is started for it (before: the relay's argv held the number, the spawn's TypeError ended the
    window's task group, the window with it)."""
    import json

    where, path = host_file(tmp_path, "http://127.0.0.1:9/mcp", monkeypatch)
    attach_checked(path, ["web"])
    record = path.with_name(path.name + ".inspector-attach.json")
    data = json.loads(record.read_text())
    for url in ("5", '"file:///etc/passwd"'):
        data["servers"]["web"]["url"] = url
        record.write_text(json.dumps(data))
        assert found_host_files(**where)[0].host.entries[0].attached
        assert wanted(found_host_files(**where)) == []


def test_a_server_whose_name_starts_with_a_dash_is_proxied(tmp_path, monkeypatch):
    """A host's server named ``-x``: the proxy the attached entry (stdio) or the relay (URL) runs
    takes the name as its name (before: ``--name -x`` was an option to the proxy's parser, which
    refused the command line: the host's server never started, the relay failed)."""
    import signal
    import subprocess
    import sys

    from inspector.session.attach import http_proxy_argv, proxy_argv

    host_file(tmp_path, "http://127.0.0.1:9/mcp", monkeypatch)  # the data and runtime folders: temporary
    said = subprocess.run(
        proxy_argv("-x", [sys.executable, "-c", "print('ok')"]),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (said.returncode, said.stdout) == (0, "ok\n"), said.stderr
    (recording,) = (tmp_path / "data" / "mcp-session-inspector" / "proxied").glob("-x-*.jsonl")
    port = free_port()
    relay = subprocess.Popen(
        http_proxy_argv("-x", "http://127.0.0.1:9/mcp", ("127.0.0.1", port)),
        stdin=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert relay.stderr is not None
        assert "listening on http://127.0.0.1:" in relay.stderr.readline()
    finally:
        relay.send_signal(signal.SIGTERM)
        relay.wait(timeout=30)


def test_a_relay_ends_cleanly_when_its_stdin_ends(tmp_path):
    """A relay's stdin is a pipe from its window; its end (the window closed it, or is gone on a
    system without Linux's PDEATHSIG) ends the relay cleanly: exit 0, the recording closed with
    its summary. Here the window (this test) is alive, so only the pipe's end can end it."""
    import subprocess
    import sys

    from inspector.session.url_relays import RELAY_OF

    record = tmp_path / "relay.jsonl"
    argv = [sys.executable, "-m", "inspector", "proxy", "--listen", "127.0.0.1:0"]
    relay = subprocess.Popen(
        [*argv, "--upstream", "http://127.0.0.1:9/mcp", "--record", str(record)],
        stdin=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, RELAY_OF: str(os.getpid()), "XDG_RUNTIME_DIR": str(tmp_path)},
    )
    try:
        assert relay.stderr is not None and relay.stdin is not None
        assert "listening on http://127.0.0.1:" in relay.stderr.readline().decode()
        assert relay.poll() is None  # serving while the pipe is open
        relay.stdin.close()
        assert relay.wait(timeout=30) == 0
    finally:
        if relay.poll() is None:
            relay.kill()
            relay.wait()
    assert Recording.load(record).summary is not None
