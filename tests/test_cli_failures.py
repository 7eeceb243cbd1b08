"""What the probe says when things around it fail (issue 21, round 2): a --record FILE that is
a folder or on a full disk, a stdout whose reader went away (``| head -1``) or that is full, a
timeout or grace that is no number of seconds, a URL that is not one. Each is a message and a
documented exit code, never a traceback; a failure met mid-session still shuts the server down
per spec. Also: the recording's summary is the printed one (exit and exit_reason included),
a dead server's stderr is quoted once, and error texts carry no Python reprs.

The servers run for real through pipes (the built-in demo, ``sh -c``, the modern fixture, the
HTTP misbehaving fixture); /dev/full is the real device and the closed pipe a real pipe.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import orjson
import pytest
from cli_helpers import usage_error
from peers import FIXTURES, HttpPeer, free_port, http_misbehave

from inspector import cli

GRACES = ("--stdin-grace", "0.3", "--term-grace", "0.5")
PROBE = [sys.executable, "-m", "inspector", "probe"]
needs_dev_full = pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")


def probe(*args: str, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([*PROBE, *args], capture_output=True, text=True, timeout=90, **kw)


def last_json(path: Path) -> dict:
    return orjson.loads(path.read_bytes().splitlines()[-1])


def assert_plain_failure(stderr: str) -> None:
    assert "Traceback" not in stderr and "Exception Group" not in stderr and "Exception ignored" not in stderr, stderr


# ---------------------------------------------------------------------- --record


def test_a_record_path_that_is_a_folder_is_a_usage_error_naming_it(tmp_path: Path) -> None:
    run = probe("--record", str(tmp_path), "--demo")
    assert run.returncode == cli.EXIT_USAGE == 2
    assert_plain_failure(run.stderr)
    assert f"--record {tmp_path}: that is a folder" in run.stderr
    assert run.stdout == ""  # nothing started


def test_a_record_file_that_cannot_be_opened_is_a_usage_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    run = probe("--record", str(blocker / "r.jsonl"), "--demo")  # under a file: no folder can be made there
    assert run.returncode == 2
    assert_plain_failure(run.stderr)
    assert f"--record {blocker / 'r.jsonl'}: cannot write the recording there: " in run.stderr
    assert run.stdout == ""


@needs_dev_full
def test_a_full_disk_under_the_recording_is_said_and_exits_8_after_the_spec_shutdown() -> None:
    run = probe("--json", *GRACES, "--record", "/dev/full", "--demo")
    assert run.returncode == cli.EXIT_OUTPUT == 8
    assert_plain_failure(run.stderr)
    assert run.stderr == "mcp-session-inspector: cannot write the recording /dev/full: No space left on device\n"
    *entries, summary = [orjson.loads(line) for line in run.stdout.splitlines()]
    assert (
        summary["exit"] == 8
        and summary["exit_reason"] == "cannot write the recording /dev/full: No space left on device"
    )
    # the work stopped, the server was still shut down per spec: stdin closed, it exited
    assert summary["shutdown"] == "stdin" and summary["exit_code"] == 0 and summary["state"] == "terminated"
    assert [e.get("event") for e in entries][-1] == "exited"


# ---------------------------------------------------------------------- stdout


def test_a_reader_that_closes_stdout_ends_the_probe_quietly_with_141(tmp_path: Path) -> None:
    """``probe ... | head -1``: the first line is read, the pipe closed; the server (which
    starts a second later, so that more is written after the close) is shut down per spec,
    the recording gets the summary, and the probe ends without a word, 128 + SIGPIPE."""
    record = tmp_path / "r.jsonl"
    server = ["sh", "-c", f"sleep 1; exec {sys.executable} -m inspector.demo"]
    proc = subprocess.Popen(
        [*PROBE, *GRACES, "--record", str(record), "--", *server], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    first = proc.stdout.readline()
    proc.stdout.close()  # the reader goes away, as head does
    stderr = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == cli.PIPE_CLOSED == 141
    assert b"spawned" in first
    assert stderr == ""
    summary = last_json(record)
    assert (
        summary["kind"] == "summary"
        and summary["exit"] == 141
        and summary["exit_reason"] == "stdout was closed by its reader"
    )
    # shut down per spec: stdin closed, then (sh is still sleeping) SIGTERM ended it
    events = [orjson.loads(line).get("event") for line in record.read_bytes().splitlines()[1:-1]]
    assert events.index("stdin_closed") < events.index("exited")
    assert summary["shutdown"] in ("stdin", "sigterm") and summary["state"] == "terminated"


@needs_dev_full
def test_a_full_stdout_is_said_on_stderr_and_exits_8(tmp_path: Path) -> None:
    record = tmp_path / "r.jsonl"
    with open("/dev/full", "w") as full:
        run = subprocess.run(
            [*PROBE, *GRACES, "--record", str(record), "--demo"],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=90,
        )
    assert run.returncode == 8
    assert run.stderr == "mcp-session-inspector: cannot write the output (stdout): No space left on device\n"
    summary = last_json(record)
    assert (
        summary["exit"] == 8 and summary["exit_reason"] == "cannot write the output (stdout): No space left on device"
    )
    assert summary["shutdown"] == "stdin" and summary["state"] == "terminated"


def test_a_closed_stdout_is_said_on_stderr_and_exits_8(tmp_path: Path) -> None:
    """``probe ... >&-``: the probe has no stdout at all; the first write says so (exit 8, the
    words on stderr and in the recording's summary), and the server is shut down per spec.
    Another command with no stdout says the same, with no traceback."""
    record = tmp_path / "r.jsonl"
    closed = ["sh", "-c", 'exec "$@" >&-', "sh"]  # the command started with descriptor 1 closed
    run = subprocess.run(
        [*closed, *PROBE, *GRACES, "--record", str(record), "--demo"], capture_output=True, text=True, timeout=90
    )
    said = "cannot write the output (stdout): stdout is closed (the inspector was started without one)"
    assert run.returncode == cli.EXIT_OUTPUT == 8
    assert run.stderr == f"mcp-session-inspector: {said}\n"
    summary = last_json(record)
    assert summary["exit"] == 8 and summary["exit_reason"] == said
    assert summary["shutdown"] == "stdin" and summary["state"] == "terminated"
    run = subprocess.run(
        [*closed, sys.executable, "-m", "inspector", "diff", str(record), str(record)],
        capture_output=True,
        text=True,
        timeout=90,
    )
    assert run.returncode == 8 and run.stderr == f"mcp-session-inspector: {said}\n"


def test_a_stdout_that_is_not_utf8_gets_the_transcript_escaped_and_the_json_as_utf8() -> None:
    """``PYTHONIOENCODING=latin-1``: the transcript's arrows and the server's text are written
    as backslash escapes where latin-1 has no letter for them (not a traceback mid-session);
    --json stays UTF-8 (JSON is), byte for byte what a UTF-8 stdout gets."""
    env = {**os.environ, "PYTHONIOENCODING": "latin-1"}
    run = subprocess.run([*PROBE, *GRACES, "--demo"], capture_output=True, timeout=90, env=env)
    assert run.returncode == 0, run.stderr
    assert_plain_failure(run.stderr.decode())
    text = run.stdout.decode("latin-1")
    assert "\\u2192 c2s  request" in text and "client\\u2192server" in text
    run = subprocess.run([*PROBE, *GRACES, "--json", "--demo"], capture_output=True, timeout=90, env=env)
    assert run.returncode == 0, run.stderr
    lines = [orjson.loads(line) for line in run.stdout.splitlines()]  # orjson reads UTF-8 only
    assert lines[-1]["kind"] == "summary" and lines[-1]["exit"] == 0


# ---------------------------------------------------------------------- options


@pytest.mark.parametrize(
    "option", ["--timeout", "--probe-timeout", "--start-timeout", "--max-request-time", "--stdin-grace", "--term-grace"]
)
@pytest.mark.parametrize("value", ["nan", "inf", "-1", "x"])
def test_seconds_that_are_no_finite_number_are_usage_errors_naming_the_option(
    capsys: pytest.CaptureFixture[str], option: str, value: str
) -> None:
    err = usage_error(capsys, [option, value, "--demo"])
    assert f"argument {option}: {value!r}" in err


@pytest.mark.parametrize("option", ["--timeout", "--probe-timeout", "--start-timeout", "--max-request-time"])
def test_a_timeout_of_0_is_refused_and_a_grace_of_0_is_not(capsys: pytest.CaptureFixture[str], option: str) -> None:
    assert "a timeout must be more than 0 seconds" in usage_error(capsys, [option, "0", "--demo"])
    args = cli.build_parser().parse_args(["probe", "--stdin-grace", "0", "--term-grace", "0", "--demo"])
    options = cli.options_from_args(args)
    assert options.stdin_grace == 0 and options.term_grace == 0


def test_a_max_line_of_inf_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert "argument --max-line: 'inf' is not a size" in usage_error(capsys, ["--max-line", "inf", "--demo"])


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("http://[::1", "http://[::1 cannot be read as a URL: Invalid IPv6 URL."),
        ("http://127.0.0.1:99999/mcp", "http://127.0.0.1:99999/mcp: the port must be a number from 1 to 65535."),
        ("http://127.0.0.1:0/mcp", "the port must be a number from 1 to 65535"),
        ("http://127.0.0.1:abc/mcp", "the port must be a number from 1 to 65535"),
        ("http:///mcp", "http:///mcp names no host"),
        ("http://:8080/mcp", "names no host"),
        ("ftp://example.com/mcp", "is not an http:// or https:// URL"),
    ],
)
def test_a_url_that_cannot_be_reached_by_its_form_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], url: str, message: str
) -> None:
    err = usage_error(capsys, ["--url", url])
    assert "error: --url: " in err and message in err


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("Bearer tok\r\nX-Injected: 1", "holds a line break or another control character"),
        ("tok\x00en", "holds a line break or another control character"),
        ("tök", "must be plain ASCII"),
    ],
)
def test_a_header_value_http_cannot_carry_is_refused_for_what_it_is(
    capsys: pytest.CaptureFixture[str], value: str, message: str
) -> None:
    err = usage_error(capsys, ["--url", "http://127.0.0.1:9/mcp", "--header", f"X-Trace: {value}"])
    assert f"--header X-Trace: the value {message}" in err


def test_a_url_usage_error_is_said_without_a_traceback() -> None:
    run = probe("--url", "http://[::1")
    assert run.returncode == 2 and run.stdout == ""
    assert_plain_failure(run.stderr)
    assert run.stderr.strip().endswith("--url: http://[::1 cannot be read as a URL: Invalid IPv6 URL.")


# ---------------------------------------------------------------------- summary and words


def test_the_recorded_summary_is_the_printed_one_with_the_exit(tmp_path: Path) -> None:
    record = tmp_path / "r.jsonl"
    run = probe("--json", *GRACES, "--record", str(record), "--request", "tools/list", "--demo")
    assert run.returncode == 0, run.stderr
    printed = orjson.loads(run.stdout.splitlines()[-1])
    recorded = last_json(record)
    assert recorded == printed
    assert recorded["exit"] == 0 and recorded["exit_reason"] == "ok"
    # every entry in between is the same object too, after the recording's header
    assert [orjson.loads(line) for line in record.read_bytes().splitlines()[1:-1]] == [
        orjson.loads(line) for line in run.stdout.splitlines()[:-1]
    ]


def test_a_failing_run_records_its_exit_too(tmp_path: Path) -> None:
    record = tmp_path / "r.jsonl"
    run = probe(
        "--json",
        *GRACES,
        "--record",
        str(record),
        "--era",
        "modern",
        "--",
        sys.executable,
        str(FIXTURES / "modern_fixture.py"),
        "--supported",
        "2099-01-01",
    )
    assert run.returncode == cli.EXIT_PROTOCOL
    recorded = last_json(record)
    assert recorded == orjson.loads(run.stdout.splitlines()[-1]) and recorded["exit"] == 5
    # the versions the server supports in words, not a Python list
    assert recorded["outcome"] == "no common modern protocol version (server supports 2099-01-01)"
    assert "['" not in run.stdout


def test_a_dead_servers_stderr_is_quoted_once() -> None:
    run = probe("--json", *GRACES, "--", "sh", "-c", 'echo "Error: boom" >&2; exit 1')
    assert run.returncode == cli.EXIT_SERVER, run.stderr
    reason = orjson.loads(run.stdout.splitlines()[-1])["exit_reason"]
    assert reason.count("its stderr says") == 1 and reason.endswith("; its stderr says: Error: boom"), reason


def test_a_broken_chunk_header_is_quoted_as_bytes_not_a_repr() -> None:
    port = free_port()
    with HttpPeer(http_misbehave(port, "bad-chunked-init"), port) as peer:
        run = probe("--timeout", "5", "--url", peer.url)
    assert run.returncode == cli.EXIT_SERVER, run.stderr
    assert "bytearray(" not in run.stdout + run.stderr and "b'" not in run.stdout + run.stderr
    assert 'illegal chunk header: "zz\\r\\n"' in run.stderr
