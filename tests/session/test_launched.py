"""A proxied session's default name: what the command launches, read from the argv shapes hosts
write in their configurations (the servers' own READMEs and the MCP docs), and through the real
proxy."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from peers import ROOT, misbehave

from inspector.session.launched import launched_name
from inspector.session.proxy import ProxyOptions, server_name

SHAPES = [
    (["npx", "-y", "@modelcontextprotocol/server-everything"], "server-everything"),
    (["npx", "-y", "@modelcontextprotocol/server-filesystem@2025.8.21", "/home/me/Desktop"], "server-filesystem"),
    (["/usr/local/bin/npx", "--yes", "-p", "@scope/tools", "tools-mcp", "--port", "0"], "tools-mcp"),
    (["npx", "--package=@scope/tools", "tools-mcp"], "tools-mcp"),
    (["npx.cmd", "-y", "mcp-remote@latest", "https://example.com/sse"], "mcp-remote"),
    (["npm", "exec", "--yes", "--", "@upstash/context7-mcp@latest"], "context7-mcp"),
    (["pnpm", "dlx", "@playwright/mcp"], "mcp"),
    (["bunx", "mcp-server-sqlite-npx", "/tmp/db.sqlite"], "mcp-server-sqlite-npx"),
    (["uvx", "mcp-server-fetch"], "mcp-server-fetch"),
    (["uvx", "mcp-server-time==0.6.2", "--local-timezone", "Europe/Paris"], "mcp-server-time"),
    (["uvx", "--from", "git+https://github.com/org/repo", "mcp-server-git", "--repository", "."], "mcp-server-git"),
    (["uvx", "--python", "3.12", "awslabs.aws-docs-mcp-server@latest"], "awslabs.aws-docs-mcp-server"),
    (["uvx", "mcp-server-qdrant[fastembed]"], "mcp-server-qdrant"),
    (["uv", "--directory", "/home/me/weather", "run", "weather.py"], "weather"),
    (["uv", "run", "--with", "mcp", "python", "-m", "my_server"], "my_server"),
    (["uv", "tool", "run", "mcp-server-git"], "mcp-server-git"),
    (["pipx", "run", "--spec", "x==1", "mcp-server-x"], "mcp-server-x"),
    (["env", "GITHUB_TOKEN=ghp_x", "LOG=debug", "npx", "-y", "@modelcontextprotocol/server-github"], "server-github"),
    (["/usr/bin/env", "-u", "HOME", "uvx", "mcp-server-fetch"], "mcp-server-fetch"),
    (["node", "/home/me/weather/build/index.js"], "weather"),
    (["node", "--env-file", ".env", "/srv/my-tools/dist/server.js"], "my-tools"),
    (["node", "search.mjs"], "search"),
    (["node", "-e", "console.log(1)"], "node"),
    (["python", "-m", "mcp_server_git", "--repository", "."], "mcp_server_git"),
    (["python3.11", "-u", "-W", "ignore", "/srv/tools/my_tool.py"], "my_tool"),
    ([sys.executable, "-P", "-mmy_pkg.server"], "my_pkg.server"),
    (["python", "-c", "print(1)"], "python"),
    (["docker", "run", "-i", "--rm", "-e", "GITHUB_TOKEN", "ghcr.io/github/github-mcp-server"], "github-mcp-server"),
    (["docker", "run", "-i", "--rm", "--mount", "type=bind,src=/x,dst=/p", "mcp/filesystem:1", "/p"], "filesystem"),
    (["podman", "container", "run", "-i", "--env=A=1", "quay.io/org/tool@sha256:abc"], "tool"),
    (["cmd", "/c", "npx", "-y", "@modelcontextprotocol/server-memory"], "server-memory"),
    (["deno", "run", "-A", "jsr:@scope/mcp-thing"], "mcp-thing"),
    (["./my-server", "--stdio"], "my-server"),
    (["npx"], "npx"),
    (["sh", "-c", "exec something"], "sh"),
    (["docker", "ps"], "docker"),
]  # fmt: skip


@pytest.mark.parametrize(("argv", "name"), SHAPES, ids=[" ".join(a)[:60] for a, _ in SHAPES])
def test_the_default_name_is_what_the_launcher_runs(argv, name):
    assert launched_name(argv) == name
    assert server_name(ProxyOptions(argv)) == name
    assert server_name(ProxyOptions(argv, name="mine")) == "mine"  # --name wins


def test_nothing_to_run_has_no_name():
    assert launched_name([]) is None and server_name(ProxyOptions([])) == "server"


def test_the_real_proxy_names_its_recording_after_the_script_an_env_and_python_launch(tmp_path):
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "XDG_RUNTIME_DIR": str(tmp_path / "run")}
    server = ["env", "MISBEHAVE_UNUSED=1", *misbehave("good")]  # env, then python, then the fixture's script
    argv = [sys.executable, "-m", "inspector", "proxy", "--", *server]
    done = subprocess.run(argv, input=b"", capture_output=True, cwd=ROOT, env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    (path,) = (tmp_path / "data" / "mcp-session-inspector" / "proxied").iterdir()
    assert path.name.startswith("misbehave-")
    assert b'"proxied":{"command":["env","MISBEHAVE_UNUSED=1"' in path.read_bytes().split(b"\n")[0].replace(b" ", b"")
