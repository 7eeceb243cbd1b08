"""probe's exit codes (issue 21): the code, ``probe --help`` and the README list the same ones,
and a shutdown that needed SIGKILL - the server's own, or that of what it left in its process
group - exits 6, while one that needed SIGTERM (the spec's second step) stays 0.

The servers run for real through pipes: the built-in demo with its lesson switches, started as
the user would (``probe --demo -- --ignore-sigterm``), and the helper-starting fixture server.
(Exit 7, output not recorded: tests/session/test_shutdown_drain.py.)
"""

from __future__ import annotations

import re
import subprocess
import sys

import orjson
from peers import FIXTURES, ROOT

from inspector import cli

GRACES = ("--stdin-grace", "0.3", "--term-grace", "0.5")


def probe(*args: str) -> tuple[subprocess.CompletedProcess, dict]:
    run = subprocess.run(
        [sys.executable, "-m", "inspector", "probe", "--json", *args], capture_output=True, text=True, timeout=90
    )
    return run, orjson.loads(run.stdout.splitlines()[-1])


def test_the_help_the_readme_and_the_code_list_the_same_exit_codes() -> None:
    constants = {
        value
        for name, value in vars(cli).items()
        if name.startswith("EXIT_") and name != "EXIT_SIGNAL_BASE" and isinstance(value, int)
    }
    assert constants == {0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}
    help_part = cli.EXIT_HELP.split("\nunits:", 1)[0]
    in_help = {int(n) for n in re.findall(r"(?m)^  (\d+)  ", help_part)}
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("Exit codes (`probe --help` lists the same):", 1)[1].split("\n\n", 2)[1]
    in_readme = {int(n) for n in re.findall(r"(?m)^- (\d+) ", section)}
    assert in_help == constants == in_readme
    assert "128+N  stopped by signal N" in help_part and "- 128+N stopped by signal N" in section
    assert "141 (128 + SIGPIPE)" in help_part and "141 (128 + SIGPIPE)" in section and cli.PIPE_CLOSED == 141
    # the help's words for 0 and 6 say what the code does with SIGTERM and SIGKILL
    assert "or on SIGTERM" in help_part and "SIGKILL ended it" in help_part
    printed = subprocess.run(
        [sys.executable, "-m", "inspector", "probe", "--help"], capture_output=True, text=True, timeout=60
    ).stdout
    assert " ".join(help_part.split()) in " ".join(printed.split())


def test_a_server_only_sigkill_ends_exits_6() -> None:
    run, summary = probe(*GRACES, "--demo", "--", "--ignore-sigterm")
    assert run.returncode == cli.EXIT_KILLED == 6, run.stderr
    assert summary["exit"] == 6 and summary["shutdown"] == "sigkill" and summary["signal"] == 9
    assert (
        summary["exit_reason"]
        == "the server had to be killed: it exited neither when its stdin was closed nor on SIGTERM; SIGKILL ended it"
    )
    assert summary["counts"]["violations"] == {"lifecycle.ignored-stdin-close": 1, "lifecycle.ignored-sigterm": 1}
    assert summary["unread"] is None
    human = subprocess.run(
        [sys.executable, "-m", "inspector", "probe", *GRACES, "--demo", "--", "--ignore-sigterm"],
        capture_output=True,
        text=True,
        timeout=90,
    )
    assert human.returncode == 6
    assert "process           killed by signal 9 (SIGKILL ended it)" in human.stdout
    assert "exit              6 (the server had to be killed" in human.stdout
    assert human.stderr.startswith("mcp-session-inspector: the server had to be killed")


def test_a_server_sigterm_ends_exits_0() -> None:
    """SIGTERM is the spec's own second step (and the reference server needs it once a task was
    created): flagged, not a failure."""
    run, summary = probe(*GRACES, "--demo", "--", "--ignore-stdin-close")
    assert run.returncode == cli.EXIT_OK, run.stderr
    assert summary["exit"] == 0 and summary["exit_reason"] == "ok"
    assert summary["shutdown"] == "sigterm" and summary["signal"] == 15
    assert summary["counts"]["violations"] == {"lifecycle.ignored-stdin-close": 1}


def test_helpers_left_in_the_group_that_only_sigkill_ends_exit_6() -> None:
    """The server exits as it should once its stdin is closed, but a helper it started in its
    process group ignores SIGTERM: it had to be killed, and that fails the run too."""
    server = [sys.executable, str(FIXTURES / "with_helpers.py"), "--helper", "ignore-sigterm", "--mode", "good"]
    run, summary = probe("--era", "legacy", *GRACES, "--", *server)
    assert run.returncode == cli.EXIT_KILLED, run.stderr
    assert summary["exit_code"] == 0 and summary["shutdown"] == "stdin"  # the server itself was fine
    assert (
        summary["exit_reason"]
        == "processes the server left in its process group ignored SIGTERM and had to be killed (SIGKILL)"
    )
    events = [orjson.loads(line).get("event") for line in run.stdout.splitlines()[:-1]]
    assert events.index("group_sigterm_sent") < events.index("group_sigkill_sent") < events.index("exited")
