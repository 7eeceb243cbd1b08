"""Attach / detach: host configuration files rewritten to run the proxy, and given back byte for byte.

The files are the importer's fixtures (tests/fixtures/configs: Claude Desktop, VS Code JSONC with
comments, Cursor, Windsurf, the MCP Inspector's file) copied to a temporary folder, and files
written here in each host's format. The rewritten entries are run by a real host: the official
Python SDK's ClientSession starts the command line read back from the rewritten file (its env and
cwd too) against the reference server and the SDK server, through the proxy; an attached URL entry
is reached by the SDK's Streamable HTTP client through the `proxy --listen` command attach printed.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import signal
import stat
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

import anyio
import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from peers import ROOT, HttpPeer, free_port, reference_server, sdk_http_server, sdk_server

from inspector.cli import main
from inspector.session.attach import (
    BACKUP_SUFFIX,
    RECORD_SUFFIX,
    URL_REFUSAL,
    AttachError,
    ChangedSinceRead,
    Refused,
    attach,
    attach_checked,
    detach,
    found_host_files,
    installed,
    launcher,
    read_host_file,
    restore_backup,
    write_host_file,
)
from inspector.session.config_files import loads_config
from inspector.session.recording import Direction, Recording

CONFIGS = ROOT / "tests" / "fixtures" / "configs"
FIXTURES = {
    "claude": (CONFIGS / "claude_desktop_config.json", "claude_desktop_config.json"),
    "vscode": (CONFIGS / "workspace" / ".vscode" / "mcp.json", ".vscode/mcp.json"),
    "cursor": (CONFIGS / "workspace" / ".cursor" / "mcp.json", ".cursor/mcp.json"),
    "windsurf": (CONFIGS / "mcp_config.json", "mcp_config.json"),
    "inspector": (CONFIGS / "inspector" / "mcp.json", "mcp.json"),
}


def copy(tmp_path: Path, which: str) -> Path:
    src, rel = FIXTURES[which]
    dst = tmp_path / rel
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dst)
    return dst


def servers(path: Path) -> dict:
    data = loads_config(path.read_text(encoding="utf-8-sig"))
    assert isinstance(data, dict)
    return data.get("servers") or data["mcpServers"]


def argv_of(entry: dict) -> list[str]:
    return [entry["command"], *entry.get("args", [])]


@pytest.mark.parametrize("which", sorted(FIXTURES))
def test_attach_all_then_detach_gives_the_original_bytes(tmp_path, which):
    path = copy(tmp_path, which)
    original = path.read_bytes()
    before = servers(path)
    host = read_host_file(path)
    stdio = [e.name for e in host.entries if e.kind == "stdio" and not e.why_not]
    assert stdio, host.entries
    outcome = attach(path, None)
    assert outcome.changed == stdio
    backup = path.with_name(path.name + BACKUP_SUFFIX)
    assert backup.read_bytes() == original
    after = servers(path)
    for name in stdio:  # each runs the proxy with the original command line after --
        assert argv_of(after[name]) == [*launcher(), "proxy", "--name", name, "--", *argv_of(before[name])]
        for key in ("env", "cwd", "envFile", "type", "disabled"):  # kept as they were
            assert after[name].get(key) == before[name].get(key)
    for name in set(before) - set(stdio):  # URL servers untouched
        assert after[name] == before[name]
    assert all(e.attached for e in read_host_file(path).entries if e.name in stdio)
    done = detach(path, None)
    assert done.changed == stdio
    assert path.read_bytes() == original
    assert not backup.exists()  # nothing left to restore


def test_vscode_comments_are_kept_while_attached(tmp_path):
    path = copy(tmp_path, "vscode")
    original = path.read_text()
    attach(path, ["demo"])
    text = path.read_text()
    for comment in ("// VS Code workspace configuration", "/* the inspector's own demo server */"):
        assert comment in text
    assert original.count("\n") == text.count("\n")  # the edit stays on the entry's own lines
    assert '"${input:demo-lang}"' in text  # the host still expands its inputs


def test_comments_inside_args_stay_comments(tmp_path):
    path = tmp_path / ".vscode" / "mcp.json"
    path.parent.mkdir()
    original = (
        "{\n"
        '  "servers": {\n'
        '    "notes": {\n'
        '      "command": "uvx", // the runner\n'
        '      "args": [\n'
        '        "mcp-notes", // the package\n'
        '        /* where */ "--root", "${workspaceFolder}",\n'
        "      ],\n"
        '      "cwd": "${workspaceFolder}"\n'
        "    }\n"
        "  }\n"
        "}\n"
    )
    path.write_text(original)
    attach(path, ["notes"])
    text = path.read_text()
    assert "// the package\n" in text and "/* where */" in text and "// the runner\n" in text
    assert argv_of(servers(path)["notes"])[-5:] == ["--", "uvx", "mcp-notes", "--root", "${workspaceFolder}"]
    detach(path, ["notes"])
    assert path.read_text() == original


def test_an_entry_without_args_bom_and_crlf(tmp_path):
    path = tmp_path / "claude_desktop_config.json"
    original = b'\xef\xbb\xbf{\r\n  "mcpServers": {\r\n    "solo": {"command": "my-server"}\r\n  }\r\n}\r\n'
    path.write_bytes(original)
    attach(path, ["solo"])
    assert path.read_bytes().startswith(b"\xef\xbb\xbf")
    assert argv_of(servers(path)["solo"]) == [*launcher(), "proxy", "--name", "solo", "--", "my-server"]
    detach(path, None)
    assert path.read_bytes() == original


def test_per_server_detach_keeps_the_others_attached(tmp_path):
    path = copy(tmp_path, "claude")
    original = path.read_bytes()
    attach(path, ["demo", "github"])
    attach(path, ["filesystem"])  # a second attach keeps the first backup (the bytes before any attach)
    backup = path.with_name(path.name + BACKUP_SUFFIX)
    assert backup.read_bytes() == original
    outcome = detach(path, ["github"])
    assert outcome.backup == backup and backup.exists()
    state = {e.name: e.attached for e in read_host_file(path).entries}
    assert state == {"demo": True, "github": False, "filesystem": True}
    assert servers(path)["github"] == loads_config(original.decode())["mcpServers"]["github"]
    detach(path, ["filesystem"])
    detach(path, ["demo"])
    assert path.read_bytes() == original
    assert not backup.exists()


def test_a_file_changed_since_it_was_read_is_refused(tmp_path):
    path = copy(tmp_path, "cursor")
    host = read_host_file(path)
    new = host.attached(["local-notes"])
    edited = path.read_bytes().replace(b'"X-Client": "inspector"', b'"X-Client": "someone else"')
    path.write_bytes(edited)  # the host (or the user) wrote the file meanwhile
    with pytest.raises(ChangedSinceRead, match="changed since it was read"):
        write_host_file(host, new, backup=True, attached=["local-notes"])
    assert path.read_bytes() == edited
    assert not path.with_name(path.name + BACKUP_SUFFIX).exists()
    assert not path.with_name(path.name + RECORD_SUFFIX).exists()


def test_refusals_change_nothing(tmp_path):
    path = copy(tmp_path, "vscode")
    original = path.read_bytes()
    with pytest.raises(Refused, match=re.escape(URL_REFUSAL)):
        attach(path, ["remote-tools"])  # a URL server needs a loopback address for its proxy
    with pytest.raises(Refused, match="one URL server per --listen"):
        attach(path, ["remote-tools", "legacy-sse"], listen=("127.0.0.1", 0))
    with pytest.raises(Refused, match="not attached"):
        detach(path, ["demo"])
    with pytest.raises(AttachError, match="no server called 'nope'"):
        attach(path, ["nope"])
    attach(path, ["demo"])
    with pytest.raises(Refused, match="attached already"):
        attach(path, ["demo"])
    detach(path, None)
    assert path.read_bytes() == original
    by_hand = tmp_path / "claude_desktop_config.json"  # the README's entry, written by hand
    by_hand.write_text(
        '{"mcpServers": {"everything": {"command": "mcp-session-inspector", "args": ["proxy", "--name", "everything",'
        ' "--", "npx", "-y", "@modelcontextprotocol/server-everything"]}}}'
    )
    with pytest.raises(Refused, match="runs the inspector's proxy already"):
        attach(by_hand, ["everything"])
    registry = tmp_path / "server.json"
    shutil.copyfile(CONFIGS / "server.json", registry)
    with pytest.raises(AttachError, match="not a host's configuration"):
        read_host_file(registry)


def test_an_entry_edited_by_hand_while_attached_still_detaches(tmp_path):
    path = copy(tmp_path, "claude")
    original = path.read_bytes()
    backup = path.with_name(path.name + BACKUP_SUFFIX)
    record = path.with_name(path.name + RECORD_SUFFIX)
    attach(path, ["github"])
    text = path.read_text()
    path.write_text(text.replace('"--name", "github"', '"--name",\n        "github"', 1))  # re-laid out, same values
    assert read_host_file(path).entry("github").attached
    detach(path, ["github"])
    assert path.read_bytes() == original and not backup.exists() and not record.exists()
    attach(path, ["github"])
    text = path.read_text()
    after_args = '"@modelcontextprotocol/server-github"]'
    path.write_text(text.replace(after_args, after_args + ',\n      "disabled": false', 1))  # a member added
    assert read_host_file(path).edited_since_written
    outcome = detach(path, ["github"])
    edited = original.replace(after_args.encode(), after_args.encode() + b',\n      "disabled": false')
    assert path.read_bytes() == edited  # the original command line back, the user's own edit kept
    assert outcome.backup == backup and backup.read_bytes() == original  # not the backup's bytes: it is kept
    assert any("backup is kept" in note for note in outcome.notes)
    assert not record.exists()  # nothing attached is left to record
    attach(path, ["demo"])
    broken = path.read_text().replace('"command": ', '"program": ', 1)  # demo's command renamed by hand
    path.write_text(broken)
    assert read_host_file(path).entry("demo").why_not.startswith("its command or args were edited by hand")
    with pytest.raises(AttachError, match="edited by hand since attach: detach by hand"):
        detach(path, ["demo"])
    assert path.read_text() == broken
    path.write_text(broken + "} oops")  # and then no longer JSON at all
    assert main(["detach", "--config", str(path), "--restore-backup"]) == 0
    assert path.read_bytes() == original and not backup.exists() and not record.exists()


def test_an_entry_put_back_by_hand_is_not_attached(tmp_path):
    path = copy(tmp_path, "claude")
    original = path.read_bytes()
    attach(path, ["demo", "github"])
    after = path.read_text()
    demo_now = servers(path)["demo"]
    start = after.index('"command"', after.index('"demo"'))
    end = after.index("]", start) + 1
    assert json.loads("{" + after[start:end] + "}") == demo_now
    path.write_text(after[:start] + '"command": "python",\n      "args": ["-m", "inspector.demo"]' + after[end:])
    state = {e.name: (e.attached, e.why_not) for e in read_host_file(path).entries}
    assert state == {"demo": (False, ""), "github": (True, ""), "filesystem": (False, "")}
    detach(path, None)  # github only; the record's stale line for demo goes with it
    assert path.read_bytes() == original
    assert not path.with_name(path.name + RECORD_SUFFIX).exists()


def test_nothing_foreign_in_the_hosts_file(tmp_path):
    """Attached, each file has exactly the members it had: only command/args values differ (an
    entry without args gains that one member); what detach needs is in the record beside it."""

    def shape(value, where=()):  # every member path, with the values of all but command/args
        if isinstance(value, dict):
            out = {}
            for k, v in value.items():
                out.update(shape(v, (*where, k)))
            return out
        return {where: None if where[-1:] in (("command",), ("args",)) else value}

    for which in sorted(FIXTURES):
        path = copy(tmp_path / which, which)
        before = loads_config(path.read_text(encoding="utf-8-sig"))
        attach(path, None)
        after = loads_config(path.read_text(encoding="utf-8-sig"))
        assert shape(after) == shape(before), which
        assert "mcpSessionInspector" not in path.read_text()
        record = json.loads(path.with_name(path.name + RECORD_SUFFIX).read_text())
        assert record["sha256"] == hashlib.sha256(path.read_bytes()).hexdigest()
        assert set(record["servers"]) == {e.name for e in read_host_file(path).entries if e.attached}
    path = tmp_path / "solo.json"
    path.write_text('{"mcpServers": {"solo": {"command": "my-server", "env": {"A": "1"}}}}')
    attach(path, None)
    assert set(servers(path)["solo"]) == {"command", "args", "env"}  # args: the one member added


def test_mode_and_symbolic_link_are_kept(tmp_path):
    real = copy(tmp_path, "windsurf")
    real.chmod(0o600)
    link = tmp_path / "link" / "mcp_config.json"
    link.parent.mkdir()
    link.symlink_to(real)
    original = real.read_bytes()
    attach(link, None)
    assert link.is_symlink() and stat.S_IMODE(real.stat().st_mode) == 0o600
    assert real.with_name(real.name + BACKUP_SUFFIX).read_bytes() == original
    detach(link, None)
    assert link.is_symlink() and real.read_bytes() == original


def test_found_host_files_where_the_importer_looks(tmp_path):
    home, cwd = tmp_path / "home", tmp_path / "work"
    env = {"XDG_CONFIG_HOME": str(home / ".config")}
    claude = home / ".config" / "Claude" / "claude_desktop_config.json"
    profile = home / ".config" / "Code" / "User" / "profiles" / "abc" / "mcp.json"
    cursor = cwd / ".cursor" / "mcp.json"
    for path, src in ((claude, "claude"), (profile, "vscode"), (cursor, "cursor")):
        path.parent.mkdir(parents=True)
        shutil.copyfile(FIXTURES[src][0], path)
    attach(claude, ["demo"])
    found = found_host_files(platform="linux", home=home, env=env, cwd=cwd)
    by_path = {f.location.path: f for f in found}
    assert set(by_path) == {claude, profile, cursor}
    assert by_path[profile].location.scope == "profile"
    hosts = {p: f.host for p, f in by_path.items()}
    assert all(h is not None for h in hosts.values())
    assert {e.name: e.attached for e in hosts[claude].entries} == {"demo": True, "github": False, "filesystem": False}
    assert [(e.name, e.why_not, e.attached) for e in hosts[cursor].entries if e.kind == "url"] == [
        ("remote-search", "", False)
    ]


def test_cli_lists_attaches_and_detaches(tmp_path, capsys, monkeypatch):
    home = tmp_path / "home"
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    monkeypatch.chdir(tmp_path)
    path = home / ".config" / "Claude" / "claude_desktop_config.json"
    path.parent.mkdir(parents=True)
    shutil.copyfile(FIXTURES["claude"][0], path)
    original = path.read_bytes()
    assert main(["attach"]) == 0
    listed = capsys.readouterr().out
    assert f"{path} (Claude Desktop)" in listed and "github [stdio, not attached]" in listed
    assert main(["attach", "--config", str(path), "--server", "github"]) == 0
    said = capsys.readouterr().out
    assert "attached 'github'" in said and "proxy --name github -- npx -y @modelcontextprotocol/server-github" in said
    assert "quit Claude Desktop completely" in said and BACKUP_SUFFIX in said
    assert f"recorded beside it (not in it): {path}{RECORD_SUFFIX}" in said
    path.write_bytes(path.read_bytes() + b"\n")  # edited by hand since: the listing says so
    assert main(["attach", "--config", str(path)]) == 0
    assert f"{path} (Claude Desktop) (edited since attach or detach last wrote it)" in capsys.readouterr().out
    path.write_bytes(path.read_bytes()[:-1])  # and put back
    assert main(["attach", "--config", str(path), "--server", "github"]) == 9
    assert "refused" in capsys.readouterr().err
    assert main(["detach"]) == 0
    assert "github [stdio, attached]" in capsys.readouterr().out
    assert main(["detach", "--config", str(path)]) == 0
    assert "byte for byte" in capsys.readouterr().out
    assert path.read_bytes() == original
    assert main(["attach", "--config", str(tmp_path / "missing.json"), "--all"]) == 2
    assert "no such file" in capsys.readouterr().err


# ---------------------------------------------------------------- the rewritten entry, run by a real host


async def list_tools_as_host(entry: dict) -> list[str]:
    """The SDK's ClientSession starts what ``entry`` says (command, args, env, cwd), as a host does."""
    env = {**os.environ, **entry.get("env", {})}
    params = StdioServerParameters(command=entry["command"], args=entry.get("args", []), env=env, cwd=entry.get("cwd"))
    with anyio.fail_after(60):
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            tools = await session.list_tools()
    return sorted(t.name for t in tools.tools)


@pytest.mark.parametrize("which", ["reference", "sdk"])
def test_the_attached_entry_runs_through_the_proxy(tmp_path, which):
    server = reference_server() if which == "reference" else sdk_server()
    data_home = tmp_path / "data"
    work = tmp_path / "work"
    work.mkdir()
    if which == "reference":  # Claude Desktop's format: env only
        path = tmp_path / "claude_desktop_config.json"
        entry = {"command": server[0], "args": server[1:], "env": {"XDG_DATA_HOME": str(data_home)}}
        path.write_text(json.dumps({"mcpServers": {"everything": entry}}, indent=2) + "\n")
        name = "everything"
    else:  # VS Code's JSONC: a comment in args, env and cwd
        path = work / ".vscode" / "mcp.json"
        path.parent.mkdir()
        args = ",\n        ".join(f'"{a}"' for a in server[1:])
        path.write_text(
            '{\n  "servers": {\n    "sdk": {\n      "type": "stdio",\n'
            f'      "command": "{server[0]}",\n'
            f'      "args": [\n        // the low-level server\n        {args}\n      ],\n'
            f'      "env": {{"XDG_DATA_HOME": "{data_home}"}},\n'
            f'      "cwd": "{work}"\n    }}\n  }}\n}}\n'
        )
        name = "sdk"
        # a project of its own named inspector in the server's cwd never runs instead of ours (-P)
        (work / "inspector.py").write_text("raise SystemExit('the project\\'s own inspector ran')\n")
    original = path.read_bytes()
    direct = anyio.run(list_tools_as_host, servers(path)[name])
    attach(path, [name])
    rewritten = servers(path)[name]
    assert rewritten["command"] == sys.executable and rewritten["args"][:5] == [
        "-P",
        "-m",
        "inspector",
        "proxy",
        "--name",
    ]
    through = anyio.run(list_tools_as_host, rewritten)
    assert through == direct and through
    recordings = list((data_home / "mcp-session-inspector" / "proxied").glob("*.jsonl"))
    assert len(recordings) == 1, recordings  # the proxy ran and recorded the session
    rec = Recording.load(recordings[0])
    sent = [rec.raw_at(i) for i in range(len(rec)) if rec.direction_at(i) is Direction.C2S]
    assert any(b'"tools/list"' in raw for raw in sent)
    detach(path, None)
    assert path.read_bytes() == original


def test_vscode_settings_json_with_an_mcp_section(tmp_path):
    path = tmp_path / "settings.json"
    original = (
        '{\n  "editor.fontSize": 14, // mine\n  "mcp": {\n    "servers": {\n'
        '      "demo": {"type": "stdio", "command": "python", "args": ["-m", "inspector.demo"]},\n'
        '      "web": {"type": "http", "url": "http://127.0.0.1:9/mcp"}\n    }\n  }\n}\n'
    )
    path.write_text(original)
    host = read_host_file(path)
    assert host.fmt == "vscode" and [(e.name, e.kind) for e in host.entries] == [("demo", "stdio"), ("web", "url")]
    attach(path, None)
    data = loads_config(path.read_text())
    assert argv_of(data["mcp"]["servers"]["demo"])[-4:] == ["--", "python", "-m", "inspector.demo"]
    assert data["editor.fontSize"] == 14 and "// mine" in path.read_text()
    detach(path, None)
    assert path.read_text() == original


@pytest.mark.parametrize(
    ("which", "name", "key"), [("vscode", "legacy-sse", "url"), ("windsurf", "windsurf-remote", "serverUrl")]
)
def test_a_url_server_is_pointed_at_a_loopback_proxy_and_back(tmp_path, which, name, key):
    path = copy(tmp_path, which)
    original = path.read_bytes()
    upstream = servers(path)[name][key]
    outcome = attach(path, [name], listen=("127.0.0.1", 0))  # port 0: a free one, chosen now
    entry = servers(path)[name]
    now, was = urlsplit(entry[key]), urlsplit(upstream)
    assert (now.scheme, now.hostname, now.path, now.query) == ("http", "127.0.0.1", was.path, was.query)
    assert now.port and now.port != was.port
    assert outcome.serve == [
        [*launcher(), "proxy", "--name", name, "--listen", f"127.0.0.1:{now.port}", "--upstream", upstream]
    ]
    host = read_host_file(path)
    assert [(e.attached, e.command_line, e.runs) for e in host.entries if e.name == name] == [
        (True, upstream, entry[key])
    ]
    detach(path, [name])
    assert path.read_bytes() == original


def test_a_url_with_a_variable_cannot_be_attached(tmp_path):
    path = tmp_path / "mcp.json"
    path.write_text('{"servers": {"r": {"type": "http", "url": "https://${input:host}/mcp"}}}')
    with pytest.raises(Refused, match="variable the host expands"):
        attach(path, ["r"], listen=("127.0.0.1", 0))


async def list_tools_over_http(url: str) -> list[str]:
    from mcp.client.streamable_http import streamable_http_client

    with anyio.fail_after(30):
        async with streamable_http_client(url) as streams, ClientSession(streams[0], streams[1]) as session:
            await session.initialize()
            tools = await session.list_tools()
    return sorted(t.name for t in tools.tools)


def test_an_attached_url_entry_reaches_the_server_through_the_printed_proxy(tmp_path):
    port = free_port()
    with HttpPeer(sdk_http_server(port), port) as peer:
        path = tmp_path / ".cursor" / "mcp.json"
        path.parent.mkdir()
        original = f'{{\n  "mcpServers": {{\n    "web": {{ "url": "{peer.url}" }} // the SDK server\n  }}\n}}\n'
        path.write_text(original)
        direct = anyio.run(list_tools_over_http, peer.url)
        outcome = attach(path, ["web"], listen=("127.0.0.1", 0))
        url = servers(path)["web"]["url"]
        env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}
        proc = subprocess.Popen(outcome.serve[0], stdin=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
        try:
            assert proc.stderr is not None
            assert "listening on" in proc.stderr.readline().decode()
            through = anyio.run(list_tools_over_http, url)  # what the host does with the rewritten entry
        finally:
            proc.send_signal(signal.SIGINT)
            proc.wait(timeout=20)
    assert through == direct and through
    recordings = list((tmp_path / "data" / "mcp-session-inspector" / "proxied").glob("*.jsonl"))
    assert len(recordings) == 1, recordings
    rec = Recording.load(recordings[0])
    assert any(rec.method_at(i) == "tools/list" for i in range(len(rec)) if rec.direction_at(i) is Direction.C2S)
    detach(path, None)
    assert path.read_text() == original


def test_the_inspector_the_host_will_start_is_installed():
    # the launcher written into the file must work from the host's folder, not only from the checkout
    assert installed()
    probe = subprocess.run([*launcher(), "--version"], cwd="/", capture_output=True, timeout=60)
    assert probe.returncode == 0 and b"mcp-session-inspector" in probe.stdout


def test_a_record_changed_by_hand_is_said_and_the_backup_restores(tmp_path):
    path = copy(tmp_path, "inspector")
    original = path.read_bytes()
    attach(path, ["everything"])
    attached = path.read_bytes()
    record = path.with_name(path.name + RECORD_SUFFIX)
    record.write_text(record.read_text().replace('"command"', '"cmd"', 1))
    host = read_host_file(path)
    assert host.record_error and "cannot be read" in host.entry("everything").why_not
    for verb in (detach, attach):
        with pytest.raises(Refused, match=re.escape("detach --restore-backup")):
            verb(path, None)
    assert path.read_bytes() == attached  # nothing guessed, nothing written
    assert restore_backup(path).changed == ["everything"]
    assert path.read_bytes() == original and not record.exists()
    attach(path, ["everything"])
    record.unlink()  # the record lost: the entry runs the proxy, and nothing says what it ran before
    assert "record beside it" in read_host_file(path).entry("everything").why_not


def test_attach_checked_as_the_window_does(tmp_path):
    path = copy(tmp_path, "cursor")
    original = path.read_bytes()
    outcome = attach_checked(path, ["local-notes", "remote-search"])  # a stdio and a URL server at once
    assert outcome.changed == ["local-notes", "remote-search"]
    host = read_host_file(path)
    assert all(e.attached and not e.why_not and e.can_detach for e in host.entries)
    url = host.entry("remote-search")
    assert outcome.serve == [url.serve()] and url.serve()[-2:] == ["--upstream", "https://search.example.com/mcp"]
    assert host.entry("local-notes").serve() is None
    detach(path, None)
    assert path.read_bytes() == original
    path.write_text('{"mcpServers": {"a": {"command": "x"}, "s": {"url": "https://${input:host}/mcp"}}}')
    with pytest.raises(Refused, match=re.escape("the proxy needs the URL (attached before it: a)")):
        attach_checked(path, ["a", "s"])  # the stdio one first: it was written, and the words say so
    assert read_host_file(path).entry("a").attached and not read_host_file(path).entry("s").attached


def test_host_files_chosen_by_hand_are_kept_for_the_next_window(tmp_path: Path) -> None:
    """Choose file… keeps the file in the user's data folder (0600, the user's alone): the next
    window's discovery lists it after the files in the usual places, once; a file since gone is left
    out; a list that cannot be read is no list (nothing raised)."""
    from inspector.session.attach import chosen_host_files, found_host_files, remember_chosen

    home = tmp_path / "home"
    where: dict[str, object] = {"platform": "linux", "home": home, "env": {}, "cwd": tmp_path}
    mine = tmp_path / "elsewhere" / "servers.json"
    mine.parent.mkdir()
    mine.write_text('{"mcpServers": {"mine": {"command": "my-server"}}}')
    gone = tmp_path / "elsewhere" / "gone.json"
    gone.write_text("{}")
    assert chosen_host_files(**where) == []
    remember_chosen(mine, **where)
    remember_chosen(gone, **where)
    remember_chosen(mine, **where)  # once
    store = home / ".local" / "share" / "mcp-session-inspector" / "chosen-host-files.json"
    assert json.loads(store.read_text()) == [str(mine), str(gone)]
    assert stat.S_IMODE(store.stat().st_mode) == 0o600
    gone.unlink()
    assert chosen_host_files(**where) == [mine]
    found = found_host_files([mine], **where)  # also chosen in this window: listed once
    assert [f.location.path for f in found] == [mine] and found[0].host is not None
    xdg = {**where, "env": {"XDG_DATA_HOME": str(tmp_path / "data")}}
    assert chosen_host_files(**xdg) == []  # XDG_DATA_HOME names the data folder
    store.write_text("not json")
    assert chosen_host_files(**where) == [] and found_host_files(**where) == []
