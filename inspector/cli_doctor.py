"""``mcp-session-inspector doctor``: the Connection Doctor on the command line.

Theory of operation: the checks are :mod:`inspector.session.doctor` (Qt-free, in order, stopping
at the first failure); this module is the command line around them. The server is given as
``probe`` takes it - a command after ``--``, ``--demo``, ``--url`` with ``--header`` /
``--bearer-env`` / ``--insecure``, ``--config FILE --server NAME`` with ``--input`` - and the
timeouts, ``--env``, ``--cwd`` and ``--era`` too: the doctor's parser is given the probe's own
option objects (:data:`SERVER_OPTIONS`; same words, same checks), and the session options are
made by the probe's :func:`~inspector.cli.options_from_args`, so both commands reach a server
the same way. Each check is printed as it completes (``on_check``): its verdict, what was seen,
the output it quotes and what to do; ``--json`` prints each as a JSON object (JSON Lines), then
the whole diagnosis. Exit 0 when every check passed (warnings allowed), 1 when one failed
(the run stopped there), 2 usage.
"""

from __future__ import annotations

import argparse
import errno
import os
import shlex
import signal
import sys
import textwrap
from typing import TYPE_CHECKING, TextIO

import anyio
import orjson

from inspector.cli_output import write_utf8

if TYPE_CHECKING:  # the checks are imported when the doctor runs
    from inspector.session.doctor import Check

DOCTOR_OK = 0
DOCTOR_FAILED = 1
DOCTOR_USAGE = 2
#: stdout's reader closed it (``doctor ... | head -1``): 128 + SIGPIPE, as the probe ends then
DOCTOR_PIPE_CLOSED = 128 + getattr(signal, "SIGPIPE", 13)

#: The probe's options the doctor takes as they are (by their dest).
SERVER_OPTIONS = frozenset(
    {
        "era",
        "protocol_version",
        "timeout",
        "probe_timeout",
        "start_timeout",
        "env",
        "clean_env",
        "cwd",
        "demo",
        "url",
        "transport",
        "header",
        "bearer_env",
        "insecure",
        "config",
        "server",
        "input",
        "format",
        "argv",
    }
)

DOCTOR_EXIT_HELP = """\
exit codes:
  0  every check passed (warnings allowed: they are said, and the checks go on)
  1  a check failed: the run stopped there (the checks after it are listed as not run)
  2  usage: the command line is wrong (the server is given as probe takes it)
  130  stopped by Ctrl-C (the server ended); 141  stdout closed by its reader (| head)

checks, in order:
  stdio  working directory, command (found on PATH, and where), executable, interpreter or
         launcher (node, npx, uvx, python...), environment variables and inputs referenced,
         the process stays up, nothing but JSON-RPC on stdout before the handshake, the
         start sequence answered in time (and in which era)
  HTTP   URL, name resolution, TCP connection, TLS certificate, HTTP status and content type,
         authorization (and OAuth metadata), Streamable HTTP or HTTP+SSE, the start sequence

--json: one JSON object per check as it completes ({"kind": "check", "id", "verdict", "code",
  "values", "quoted", "seen", "advice"}), then {"kind": "diagnosis", "ok", "failed",
  "transport", "target", "checks"}
"""


def add_doctor_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser], probe: argparse.ArgumentParser) -> None:
    """The ``doctor`` subcommand, with the probe's server options (the same objects)."""
    d = sub.add_parser(
        "doctor",
        help="diagnose why a server cannot be reached or started, one check at a time",
        description=textwrap.fill(
            "Run the Connection Doctor's checks for a server, given as probe takes it (a command after --, --url, "
            "--config FILE --server NAME), in order, printing each as it completes with its verdict, what was "
            "seen and what to do; it stops at the first check that fails.",
            79,
        ),
        epilog=DOCTOR_EXIT_HELP
        + "\nexamples:\n  mcp-session-inspector doctor -- npx -y @modelcontextprotocol/server-everything\n"
        "  mcp-session-inspector doctor --url https://example.com/mcp --bearer-env TOKEN\n"
        "  mcp-session-inspector doctor --config ~/.config/Claude/claude_desktop_config.json --server github\n",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    d.add_argument("--json", action="store_true", help="print each check as a JSON object, then the diagnosis")
    rest: dict[str, object] = {}
    for action in probe._actions:
        if action.dest in SERVER_OPTIONS:
            d._add_action(action)
        elif action.dest not in ("help", "json"):
            rest[action.dest] = action.default
    d.set_defaults(**rest)  # what options_from_args reads of the probe's other options


def check_lines(check: Check) -> list[str]:
    """One check as :meth:`~inspector.session.doctor.Diagnosis.lines` words it."""
    from inspector.session.doctor import Diagnosis

    return Diagnosis("", "", (check,)).lines()[1:]


def run_doctor(parser: argparse.ArgumentParser, args: argparse.Namespace, out: TextIO = sys.stdout) -> int:
    from inspector.cli import UsageError, options_from_args
    from inspector.session.doctor import diagnose
    from inspector.session.doctor_words import shown
    from inspector.session.secrecy import masked_url
    from inspector.transport.base import HttpSpec, StdioSpec

    notes: list[str] = []
    try:
        options = options_from_args(args, notes)
    except (UsageError, ValueError) as exc:
        parser.exit(DOCTOR_USAGE, f"mcp-session-inspector doctor: error: {exc}\n")
    for note in notes:
        sys.stderr.write(f"mcp-session-inspector doctor: note: {note}\n")
    spec = options.transport

    def say(text: str | bytes) -> None:
        try:
            if isinstance(text, bytes):  # JSON: UTF-8, whatever stdout's encoding
                write_utf8(out, text)
            else:
                out.write(text)
                out.flush()
        except OSError as exc:  # stdout's reader is gone (| head): the run ends, quietly
            _silence(out)
            raise _StdoutClosed from exc

    if not isinstance(spec, (HttpSpec, StdioSpec)):
        parser.exit(
            DOCTOR_USAGE, f"mcp-session-inspector doctor: error: the doctor knows stdio and HTTP, not {spec.kind}\n"
        )
    target = masked_url(spec.url) if isinstance(spec, HttpSpec) else shlex.join(spec.shown())

    def on_check(check: Check) -> None:
        if args.json:
            say(orjson.dumps({"kind": "check", **check.data()}) + b"\n")
        else:
            say("\n".join(check_lines(check)) + "\n")

    try:
        if not args.json:
            say(f"Connection Doctor: {shown(target)}\n")
        diagnosis = anyio.run(lambda: diagnose(spec, options=options, on_check=on_check))
    except _StdoutClosed as exc:
        if getattr(exc.__cause__, "errno", None) == errno.EPIPE:
            return DOCTOR_PIPE_CLOSED  # as a tool that SIGPIPE ends
        sys.stderr.write(f"mcp-session-inspector doctor: cannot write the output: {exc.__cause__}\n")
        return DOCTOR_FAILED
    except KeyboardInterrupt:  # the server was ended on the way out (its process group)
        sys.stderr.write("mcp-session-inspector doctor: stopped by SIGINT\n")
        return 128 + signal.SIGINT
    failed = diagnosis.failed
    try:
        if args.json:
            data = {"kind": "diagnosis", "ok": diagnosis.ok, "failed": failed.id if failed else None}
            say(orjson.dumps({**data, **diagnosis.data()}) + b"\n")
        elif failed is not None:
            say(f"stopped at the check '{failed.title}': {shown(failed.seen)}\n")
        else:
            warned = sum(1 for c in diagnosis.checks if c.verdict == "warn")
            say("every check passed" + (f" ({warned} with a warning)" if warned else "") + "\n")
    except _StdoutClosed:
        return DOCTOR_PIPE_CLOSED
    return DOCTOR_OK if failed is None else DOCTOR_FAILED


class _StdoutClosed(Exception):
    """stdout could not be written (its reader closed it): the doctor stops there."""


def _silence(out: TextIO) -> None:
    """The interpreter's last flush of ``out`` would fail again, with a traceback: /dev/null under it."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, out.fileno())
        os.close(null)
    except (OSError, AttributeError, ValueError):  # no file under it (a test's capture)
        pass
