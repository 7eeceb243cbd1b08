"""``probe --config`` through the real command line (a subprocess), with real configuration files
from tests/fixtures/configs/: every server a file defines is counted, the ones that cannot be
probed are named with why, and an input the file asks for that is left out stops the probe as a
usage error (exit 2) before anything is started or contacted.

The "nothing was contacted" check listens on 127.0.0.1 itself: the fixture's URL takes its port
from the environment (``${env:INSPECTOR_FIXTURE_PORT}``, expanded at import as VS Code does),
and the same run with the input given does reach that socket (so the check can fail).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
from pathlib import Path

CONFIGS = Path(__file__).resolve().parent / "fixtures" / "configs"
PROMPTED = CONFIGS / "prompted" / ".vscode" / "mcp.json"


def probe(*args: str, env: dict[str, str] | None = None, timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "inspector", "probe", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, **(env or {})},
    )


def listening() -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    sock.listen(8)
    return sock


def test_a_prompted_input_left_out_is_a_usage_error_and_nothing_is_contacted() -> None:
    sock = listening()
    try:
        port = str(sock.getsockname()[1])
        run = probe("--config", str(PROMPTED), "--timeout", "3", env={"INSPECTOR_FIXTURE_PORT": port})
        assert run.returncode == 2, (run.returncode, run.stderr)
        assert run.stdout == ""
        assert "'local-http' needs --input api-token=VALUE (Token for the local server)" in run.stderr
        assert "tenant" not in run.stderr.split("error:", 1)[1]  # it has a default: not asked for
        assert "Traceback" not in run.stderr
        sock.settimeout(0)
        try:
            conn, _ = sock.accept()
        except BlockingIOError:
            conn = None
        assert conn is None, "the probe connected to the server although it refused to run"
    finally:
        sock.close()


def test_the_same_file_with_the_input_given_reaches_the_server_with_it() -> None:
    """The control for the test above: given the input, the probe does connect (to a socket that
    reads the request's head and hangs up), sending the value it was given."""
    sock = listening()
    sock.settimeout(0.2)
    heads: list[bytes] = []
    done = threading.Event()

    def serve() -> None:  # every connection: read the request's head, hang up
        while not done.is_set():
            try:
                conn, _ = sock.accept()
            except OSError:
                continue
            with conn:
                conn.settimeout(10)
                data = b""
                while b"\r\n\r\n" not in data:
                    chunk = conn.recv(4096)
                    if not chunk:
                        break
                    data += chunk
                heads.append(data)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        port = str(sock.getsockname()[1])
        run = probe(
            "--config",
            str(PROMPTED),
            "--input",
            "api-token=tok-4711",
            "--timeout",
            "3",
            env={"INSPECTOR_FIXTURE_PORT": port},
        )
    finally:
        done.set()
        thread.join(10)
        sock.close()
    assert heads, (run.returncode, run.stderr)
    head = heads[0].decode("latin-1").lower()
    assert "authorization: bearer tok-4711" in head and "x-tenant: main" in head
    assert run.returncode not in (0, 2) and "needs --input" not in run.stderr, (
        run.returncode,
        run.stderr,
    )  # it ran, and failed on the hang-up
    assert "tok-4711" not in run.stdout + run.stderr  # a secret header: masked in every output


def test_an_input_given_empty_is_sent_empty_as_asked() -> None:
    """``--input ID=`` is an answer (VS Code sends what was typed, even nothing): not refused."""
    sock = listening()
    try:
        port = str(sock.getsockname()[1])
        sock.close()  # nothing listens there now: the probe gets as far as connecting
        run = probe(
            "--config", str(PROMPTED), "--input", "api-token=", "--timeout", "3", env={"INSPECTOR_FIXTURE_PORT": port}
        )
        assert run.returncode == 3, (run.returncode, run.stderr)
        assert "needs --input" not in run.stderr
    finally:
        sock.close()


def test_every_server_of_the_file_is_counted_and_the_one_it_cannot_map_is_named() -> None:
    run = probe("--config", str(CONFIGS / "five_servers.json"))
    assert run.returncode == 2, run.stderr
    error = run.stderr
    assert "defines 5 servers: choose one with --server NAME (demo, demo-zh, files, remote)" in error
    assert (
        "1 cannot be probed (broken): five_servers.json: $.mcpServers.broken.args[1]: expected a string, "
        "found an object" in error
    )
    run = probe("--config", str(CONFIGS / "five_servers.json"), "--server", "broken")
    assert run.returncode == 2
    assert "server 'broken' cannot be probed: five_servers.json: $.mcpServers.broken.args[1]" in run.stderr


def test_a_file_with_one_server_that_can_be_probed_among_several_still_asks_which() -> None:
    """Four of these entries cannot be mapped: the file still defines five, and the probe does not
    pick the only one left for the user (they may have meant another one)."""
    run = probe("--config", str(CONFIGS / "malformed" / "unknown_type_mcp.json"))
    assert run.returncode == 2
    assert (
        "defines 4 servers: choose one with --server NAME (undefined-input); 3 cannot be probed (socket, "
        "missing-command, missing-url)" in run.stderr
    )
    assert "$.servers.socket.type: unknown transport type 'websocket'" in run.stderr
    assert '$.servers["missing-url"]: no "url": nowhere to connect' in run.stderr


def test_a_file_whose_servers_all_fail_says_how_many_and_why(tmp_path: Path) -> None:
    bad = tmp_path / "mcp.json"
    bad.write_text('{"mcpServers": {"a": {"command": 1}, "b": "node x.js"}}')
    run = probe("--config", str(bad))
    assert run.returncode == 2
    assert (
        "nothing to probe: it defines 2 servers and none can be probed: mcp.json: $.mcpServers.a.command" in run.stderr
    )
    assert "mcp.json: $.mcpServers.b: expected an object" in run.stderr


def test_files_that_cannot_be_read_say_why_and_where(tmp_path: Path) -> None:
    loop_a, loop_b = tmp_path / "a.json", tmp_path / "b.json"
    loop_a.symlink_to(loop_b)
    loop_b.symlink_to(loop_a)
    dangling = tmp_path / "gone.json"
    dangling.symlink_to(tmp_path / "nowhere.json")
    folder = tmp_path / "folder.json"
    folder.mkdir()
    huge = tmp_path / "claude_desktop_config.json"
    huge.write_text(
        '{"mcpServers": {"big": {"command": "node", "args": [' + "7" * 5000 + ']}, \n  "bad": [' + "9" * 4400 + "]}}"
    )
    cases = {
        loop_a: "a symbolic link loop (too many levels of symbolic links)",
        dangling: "a symbolic link to a file that does not exist",
        folder: "a folder, not a file",
        tmp_path / "missing.json": "no such file",
    }
    if os.geteuid() != 0:  # root reads anything
        locked = tmp_path / "locked.json"
        locked.write_text("{}")
        locked.chmod(0)
        cases[locked] = "permission denied"
    for path, message in cases.items():
        run = probe("--config", str(path))
        assert (
            run.returncode == 2
            and f"{path.name}: $: cannot read {path}: {message}" in run.stderr
            and "Traceback" not in run.stderr
        ), (path, run.stderr)
    run = probe("--config", str(huge))  # integers longer than Python converts: numbers like any other
    assert run.returncode == 2 and "Traceback" not in run.stderr, run.stderr
    assert "defines 2 servers: choose one with --server NAME (big); 1 cannot be probed (bad)" in run.stderr
    assert (
        "claude_desktop_config.json: $.mcpServers.bad: expected an object (the server's settings), found an array"
        in run.stderr
    )
    run = probe("--config", str(huge), "--server", "big", "--timeout", "3")
    assert (
        "claude_desktop_config.json: $.mcpServers.big.args[0]: expected a string, found a number; used as '777"
        in run.stderr
    )
    assert "Traceback" not in run.stderr
