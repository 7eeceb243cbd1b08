"""``mcp-session-inspector convert LOG -o FILE.jsonl``: a host log or HAR file as recordings.

Theory of operation: the reading and judging are :mod:`inspector.session.host_logs`; this
module is the command line around it. Every session the log holds is written (``FILE.jsonl``,
``FILE-2.jsonl``...) unless ``--session N`` picks one; ``--list`` only says what the log holds.
Each written file is said on stdout with the server, the number of messages and of rule
violations the engine found (judging never changes the exit code: the verdicts are in the file).
"""

from __future__ import annotations

import argparse
import os
import sys
import textwrap
from pathlib import Path
from typing import NoReturn, TextIO

CONVERT_EXIT_HELP = """\
exit codes:
  0  converted (or listed): every chosen session was written, whatever the engine found in it
  2  usage: the command line is wrong, LOG cannot be read or is no Claude Desktop or VS Code MCP
     log nor a HAR file, it holds no session, or --session names none of them
  8  an output file could not be written (stderr says which and why); the files before it are written

formats:
  claude-desktop  mcp.log, mcp-server-NAME.log: messages, lifecycle lines (events), the server's
                  stderr the host copied; one recording per server and session
  vscode          an MCP output channel: [editor -> server] / [server -> editor] messages (trace or
                  debug level only), [server stderr], Connection state lines; local time read as UTC
  har             HAR 1.2 of Streamable HTTP or HTTP+SSE traffic: request bodies, JSON and
                  text/event-stream answers, each exchange with its headers (secrets masked);
                  sessions told apart by Mcp-Session-Id or sessionId
  a line or entry the reader cannot place is kept as a note; the recording's header says
  imported_from (the format and the file) and the entries keep the log's times
"""


def add_convert_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    c = sub.add_parser(
        "convert",
        help="turn a host's MCP log (Claude Desktop, VS Code) or a HAR file into recordings",
        description=textwrap.fill(
            "Read a Claude Desktop MCP log, a VS Code MCP output log or a HAR file of MCP over HTTP, judge each "
            "session it holds as the inspector judges its own, and write each as a recording.",
            79,
        ),  # the epilog is laid out by hand (RawDescriptionHelpFormatter): this one is wrapped here
        epilog=CONVERT_EXIT_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    c.add_argument("log", metavar="LOG", type=Path, help="the log or HAR file")
    c.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        type=Path,
        help="the recording to write (one per session: FILE.jsonl, FILE-2.jsonl, ...; default: LOG's name with .jsonl)",
    )
    c.add_argument("--list", action="store_true", help="only list the sessions LOG holds (numbered from 1)")
    c.add_argument("--session", metavar="N", type=int, help="convert only session N (see --list)")


def opened_file(parser: argparse.ArgumentParser, argv: list[str]) -> str | None:
    """``mcp-session-inspector FILE [window flags]``: the file the window opens (a recording, a
    host log or a HAR file), or None. A subcommand's name is the subcommand, never a file."""
    if not argv or argv[0].startswith("-") or not os.path.isfile(argv[0]):
        return None
    commands = {name for a in parser._actions if isinstance(a, argparse._SubParsersAction) for name in a.choices}
    return None if argv[0] in commands else argv[0]


def run_convert(parser: argparse.ArgumentParser, args: argparse.Namespace, out: TextIO = sys.stdout) -> int:
    from inspector.cli import EXIT_OK, EXIT_OUTPUT, EXIT_USAGE  # the probe's codes, one meaning each
    from inspector.session import host_logs

    def usage(text: str) -> NoReturn:
        parser.exit(EXIT_USAGE, f"mcp-session-inspector convert: error: {text}\n")

    try:
        sessions = host_logs.read_log(args.log)
    except host_logs.HostLogError as exc:
        usage(str(exc))
    if not sessions:
        usage(f"{args.log.name}: no session in it")
    if args.list:
        for n, s in enumerate(sessions, 1):
            out.write(f"{n}  {s.kind.value}  {s.describe()}\n")
        return EXIT_OK
    chosen = list(enumerate(sessions, 1))
    if args.session is not None:
        if not 1 <= args.session <= len(sessions):
            usage(f"--session {args.session}: {args.log.name} holds sessions 1 to {len(sessions)}")
        chosen = [chosen[args.session - 1]]
    target = args.output or args.log.with_suffix(".jsonl")
    for path, (n, s) in zip(host_logs.output_paths(target, len(chosen)), chosen, strict=True):
        rec = host_logs.to_recording(s, args.log.name)
        try:
            host_logs.save(rec, path)
        except OSError as exc:
            sys.stderr.write(f"mcp-session-inspector convert: cannot write {path}: {exc.strerror or exc}\n")
            return EXIT_OUTPUT
        flagged = sum(1 for v in rec.violations() if v)
        out.write(f"{path}: session {n}, {s.server}, {s.messages} messages, {flagged} entries with violations\n")
    return EXIT_OK
