"""``mcp-session-inspector doctor`` through the real command line (subprocesses): real failing
set-ups and real servers, the server given as ``probe`` takes it."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import orjson
from peers import free_port, gone, misbehave, reference_server, sdk_server


def doctor(*args: str, timeout: float = 90) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "inspector", "doctor", *args], capture_output=True, text=True, timeout=timeout
    )


def test_a_missing_command_fails_the_command_check_and_says_what_to_do(tmp_path: Path) -> None:
    d = doctor("--", "no-such-mcp-server-xyz", "--stdio")
    assert d.returncode == 1, d.stderr
    lines = d.stdout.splitlines()
    assert lines[0] == "Connection Doctor: no-such-mcp-server-xyz --stdio"
    assert lines[1].startswith("[ok  ] The working directory exists")
    assert lines[2].startswith("[FAIL] The command is found: no-such-mcp-server-xyz is in none of the")
    assert lines[3].startswith("         → Install no-such-mcp-server-xyz, or give its full path")
    assert "[--  ] The server answers the start sequence: Not run: an earlier check failed." in lines
    assert lines[-1].startswith("stopped at the check 'The command is found'")


def test_the_reference_server_passes_every_check() -> None:
    d = doctor("--", *reference_server())
    assert d.returncode == 0, d.stdout + d.stderr
    assert "[ok  ] The server answers the start sequence: It answered initialize" in d.stdout
    assert "FAIL" not in d.stdout and "[--  ]" not in d.stdout
    assert d.stdout.splitlines()[-1] == "every check passed"


def test_json_prints_each_check_then_the_diagnosis() -> None:
    d = doctor("--json", "--", *sdk_server())
    assert d.returncode == 0, d.stderr
    objects = [orjson.loads(line) for line in d.stdout.splitlines()]
    checks, last = objects[:-1], objects[-1]
    assert [c["kind"] for c in checks] == ["check"] * len(checks)
    assert [c["id"] for c in checks] == [
        "cwd", "command", "executable", "interpreter", "environment", "process", "stdout", "start",
    ]  # fmt: skip
    assert last["kind"] == "diagnosis" and last["ok"] is True and last["failed"] is None
    assert last["transport"] == "stdio" and [c["id"] for c in last["checks"]] == [c["id"] for c in checks]
    assert all(c["verdict"] in ("pass", "warn") for c in checks)


def test_a_banner_on_stdout_fails_and_is_quoted_in_json() -> None:
    d = doctor("--json", "--", *misbehave("noise"))
    assert d.returncode == 1
    last = orjson.loads(d.stdout.splitlines()[-1])
    assert last["ok"] is False and last["failed"] == "stdout"
    stdout_check = next(c for c in last["checks"] if c["id"] == "stdout")
    assert stdout_check["verdict"] == "fail" and stdout_check["quoted"] and stdout_check["advice"]


def test_each_check_is_printed_as_it_completes() -> None:
    """A server that never answers: the checks before the start are on stdout while the doctor
    still waits for the answer."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "inspector", "doctor", "--json", "--timeout", "4", "--", *misbehave("silent-init")],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        first = orjson.loads(proc.stdout.readline())
        assert first["id"] == "cwd" and proc.poll() is None  # printed while the run goes on
        rest = [orjson.loads(line) for line in proc.stdout]
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait(30)
    assert proc.returncode == 1
    assert rest[-1]["failed"] == "start"


def test_a_refused_port_over_http() -> None:
    d = doctor("--url", f"http://127.0.0.1:{free_port()}/mcp", "--timeout", "3")
    assert d.returncode == 1
    assert "[FAIL] " in d.stdout and "refused" in d.stdout.lower()


def test_a_server_from_a_config_file(tmp_path: Path) -> None:
    config = tmp_path / "claude_desktop_config.json"
    argv = sdk_server()
    config.write_text(
        json.dumps({"mcpServers": {"one": {"command": argv[0], "args": argv[1:]}, "two": {"command": "x"}}})
    )
    d = doctor("--config", str(config), "--server", "one")
    assert d.returncode == 0, d.stdout + d.stderr
    assert d.stdout.splitlines()[-1] == "every check passed"
    needs_name = doctor("--config", str(config))
    assert needs_name.returncode == 2 and "choose one with --server NAME" in needs_name.stderr


def test_usage_errors_exit_2() -> None:
    assert doctor().returncode == 2  # no server
    both = doctor("--url", "http://127.0.0.1:1/mcp", "--", "node")
    assert both.returncode == 2 and "--url" in both.stderr
    unset = doctor("--url", "http://127.0.0.1:1/mcp", "--bearer-env", "NO_SUCH_VARIABLE_XYZ")
    assert unset.returncode == 2 and "NO_SUCH_VARIABLE_XYZ" in unset.stderr
    assert "NO_SUCH_VARIABLE_XYZ" not in os.environ


def test_ctrl_c_while_the_server_is_silent_ends_it_and_exits_130(tmp_path: Path) -> None:
    """Ctrl-C (SIGINT to the doctor alone, as a signal sent to its pid) while the start sequence
    waits: exit 130, said on stderr, and the server and the child it started are ended."""
    pids = tmp_path / "pids"
    server = (
        "import os, subprocess, sys, time\n"
        "child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(120)'])\n"
        f"open({str(pids)!r}, 'w').write(f'{{os.getpid()}} {{child.pid}}')\n"
        "time.sleep(120)\n"
    )
    argv = [
        sys.executable,
        "-m",
        "inspector",
        "doctor",
        "--json",
        "--timeout",
        "60",
        "--",
        sys.executable,
        "-c",
        server,
    ]
    restore = lambda: signal.signal(signal.SIGINT, signal.SIG_DFL)  # noqa: E731 - a test runner may ignore SIGINT
    with subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=restore) as proc:
        assert proc.stdout is not None
        seen = [orjson.loads(proc.stdout.readline())["id"] for _ in range(5)]  # the machine's checks
        assert seen[-1] == "environment"
        deadline = time.monotonic() + 30
        while not (pids.exists() and " " in pids.read_text()) and time.monotonic() < deadline:
            time.sleep(0.05)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "mcp-session-inspector doctor: stopped by SIGINT" in err
    started = [int(p) for p in pids.read_text().split()]
    deadline = time.monotonic() + 10
    while not all(gone(p) for p in started) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert all(gone(p) for p in started)


def test_a_banner_with_an_ansi_escape_is_printed_as_escapes() -> None:
    """What the server wrote reaches the terminal as text: its escape sequences written out."""
    argv = sdk_server()
    code = f"import os, sys; print('\\x1b[2J\\x1b[31mready', flush=True); os.execv({argv[0]!r}, {argv!r})"
    d = doctor("--", sys.executable, "-c", code)
    assert d.returncode == 1
    assert "\x1b" not in d.stdout and "         | \\u001b[2J\\u001b[31mready" in d.stdout.splitlines()


def test_a_reader_that_closes_stdout_ends_the_doctor_quietly_with_141() -> None:
    """``doctor … | head -1``: a write after the reader left (the start's, seconds later) fails;
    the doctor stops there as a tool SIGPIPE ends (141), with no traceback (it printed one)."""
    argv = [sys.executable, "-m", "inspector", "doctor", "--timeout", "2", "--", *misbehave("silent-init")]
    with subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as proc:
        assert proc.stdout is not None and proc.stderr is not None
        assert proc.stdout.readline().startswith("Connection Doctor: ")
        proc.stdout.close()
        err = proc.stderr.read()
        proc.wait(60)
    assert proc.returncode == 141 and "Traceback" not in err, err
