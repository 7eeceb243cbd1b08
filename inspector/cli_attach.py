"""``mcp-session-inspector attach`` / ``detach``: a host's servers run through the proxy, and back.

Theory of operation: the reading, editing and writing are :mod:`inspector.session.attach`; this
module is the command line around it. Without ``--config`` both list the host files found where
the importer looks, each server with whether it is attached; with ``--config`` and no server
chosen they list that file. Every change is said on stdout with what the entry now runs, where
the backup is, and how to restart the host; a refusal is said on stderr and changes nothing.
"""

from __future__ import annotations

import argparse
import shlex
import sys
import textwrap
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from inspector.session.attach import HostFile

ATTACH_EXIT_HELP = """\
exit codes:
  0  done (or listed)
  2  usage: the command line is wrong (a --listen that is not loopback), the file cannot be read
     or is no host's configuration, or it has no server of that name
  9  refused, nothing written: a URL server without --listen (or two with one), a server attached
     already or running the proxy already (attach), one not attached (detach), or the file
     changed while it was being edited
"""

DETACH_EXIT_HELP = """\
exit codes:
  0  done (or listed)
  2  usage: the command line is wrong, the file cannot be read or is no host's configuration, or it
     has no server of that name
  9  refused, nothing written: a server not attached (or none attached, without --server), or the
     file changed while it was being edited
"""

EXIT_OK = 0
EXIT_USAGE = 2
EXIT_REFUSED = 9


def add_attach_parsers(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from inspector.session.import_formats import FORMATS  # not the importer: every start builds this

    a = sub.add_parser(
        "attach",
        help="make a host (Claude Desktop, VS Code, Cursor, Windsurf) start its server through the proxy",
        description=textwrap.fill(
            "Rewrite a host's configuration so that it starts `mcp-session-inspector proxy --name NAME -- "
            "COMMAND ARGS...` in place of a stdio server (env, cwd and inputs kept; comments kept; no member added), "
            "leaving the original file beside it as FILE.inspector-backup and what detach needs in "
            "FILE.inspector-attach.json. Without --config: list the host files found and "
            "their servers. The host must be restarted for the change to take effect.",
            79,
        ),  # the epilog is laid out by hand (RawDescriptionHelpFormatter): this one is wrapped here
        epilog=ATTACH_EXIT_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    d = sub.add_parser(
        "detach",
        help="give a host's configuration back as it was before attach",
        description=textwrap.fill(
            "Put attached servers back as they were: without --server every attached one; once none is "
            "left the file is byte for byte what it was before the first attach. Without --config: list the host "
            "files found and their servers.",
            79,
        ),
        epilog=DETACH_EXIT_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    for p, verb in ((a, "attach"), (d, "detach")):
        p.add_argument("--config", metavar="FILE", type=Path, help="the host's configuration file")
        p.add_argument(
            "--server", metavar="NAME", action="append", default=[], help=f"the server to {verb} (repeatable)"
        )
        p.add_argument("--format", choices=sorted(set(FORMATS) - {"registry"}), help="the file's format")
    a.add_argument("--all", action="store_true", help="attach every stdio server of the file not attached yet")
    d.add_argument(
        "--restore-backup",
        action="store_true",
        help="put FILE.inspector-backup back over FILE, whatever FILE holds now (an entry edited past detaching, "
        "a file that no longer reads): edits made since the first attach are lost",
    )
    a.add_argument(
        "--listen",
        metavar="127.0.0.1:PORT",
        help="a URL server (one, named with --server): point its entry at this loopback address (PORT 0: a free "
        "one, chosen now) and print the `proxy --listen ... --upstream URL` command that serves it (an inspector "
        "window runs it while it is open)",
    )


def run_attach(parser: argparse.ArgumentParser, args: argparse.Namespace, out: TextIO | None = None) -> int:
    from inspector.session.attach import AttachError, Refused, attach, detach, read_host_file, restore_backup

    out = out or sys.stdout
    verb = args.command
    prog = f"mcp-session-inspector {verb}"
    every = getattr(args, "all", False)
    if args.config is None:
        if args.server or every:
            parser.exit(EXIT_USAGE, f"{prog}: error: --server and --all need --config FILE\n")
        return _list_found(out)
    if every and args.server:
        parser.exit(EXIT_USAGE, f"{prog}: error: --all or --server, not both\n")
    if getattr(args, "restore_backup", False):
        if args.server:
            parser.exit(EXIT_USAGE, f"{prog}: error: --restore-backup restores the whole file: no --server\n")
        try:
            outcome = restore_backup(args.config)
        except Refused as exc:
            sys.stderr.write(f"{prog}: refused: {exc}\n")
            return EXIT_REFUSED
        except AttachError as exc:
            sys.stderr.write(f"{prog}: error: {exc}\n")
            return EXIT_USAGE
        out.write(f"restored {outcome.file} from its backup (attached were: {', '.join(outcome.changed) or 'none'})\n")
        out.write("the host must be restarted for this to take effect\n")
        return EXIT_OK
    try:
        if not args.server and not (every or verb == "detach"):
            _list_file(read_host_file(args.config, args.format), out)
            return EXIT_OK
        names = args.server or None
        if verb == "attach":
            outcome = attach(args.config, names, fmt=args.format, listen=_listen(parser, prog, args.listen))
        else:
            outcome = detach(args.config, names, fmt=args.format)
        host = read_host_file(args.config, args.format)
    except Refused as exc:
        sys.stderr.write(f"{prog}: refused: {exc}\n")
        return EXIT_REFUSED
    except AttachError as exc:
        sys.stderr.write(f"{prog}: error: {exc}\n")
        return EXIT_USAGE
    for name in outcome.changed:
        entry = host.entry(name)
        goes = "connects to" if entry.kind == "url" else "starts"
        if verb == "attach":
            out.write(f"attached {name!r} in {outcome.file}: the host now {goes} {entry.runs}\n")
        else:
            out.write(f"detached {name!r} in {outcome.file}: the host {goes} {entry.command_line} again\n")
    for argv in outcome.serve:
        out.write(
            "an inspector window runs this while it is open; without one, run it while the host uses it (the host "
            f"reaches the server through it): {shlex.join(argv)}\n"
        )
    for note in outcome.notes:
        out.write(f"{note}\n")
    if outcome.backup is not None:
        out.write(f"backup of the file as it was before the first attach: {outcome.backup}\n")
    if host.record_path.exists():
        out.write(f"what detach puts back is recorded beside it (not in it): {host.record_path}\n")
    out.write(f"{host.client[:1].upper()}{host.client[1:]} must be restarted for this to take effect: ")
    out.write(f"{host.restart_words()}\n")
    return EXIT_OK


def _listen(parser: argparse.ArgumentParser, prog: str, text: str | None) -> tuple[str, int] | None:
    if text is None:
        return None
    from inspector.session.http_proxy import ListenError, loopback_listen

    try:
        return loopback_listen(text)
    except ListenError as exc:
        parser.exit(EXIT_USAGE, f"{prog}: error: --listen {exc}\n")


def _list_file(host: HostFile, out: TextIO) -> None:
    edited = " (edited since attach or detach last wrote it)" if host.edited_since_written else ""
    out.write(f"{host.path} ({host.client}){edited}\n")
    if host.record_error:
        out.write(f"  {host.record_error}\n")
    if not host.entries:
        out.write("  no servers\n")
    for e in host.entries:
        state = (
            ("attached, now " + e.runs if e.kind == "url" else "attached")
            if e.attached
            else (f"cannot be attached: {e.why_not}" if e.why_not else "not attached")
        )
        if e.attached and e.why_not:
            state += f", but it cannot be detached: {e.why_not}"
        line = f": {e.command_line}" if e.command_line else ""
        out.write(f"  {e.name} [{e.kind}, {state}]{line}\n")


def _list_found(out: TextIO) -> int:
    from inspector.session.attach import found_host_files

    found = found_host_files()
    if not found:
        out.write("no host configuration found (Claude Desktop, VS Code, Cursor, Windsurf, MCP Inspector)\n")
    for f in found:
        if f.host is None:
            out.write(f"{f.location.path} ({f.location.client}): {f.why}\n")
        else:
            _list_file(f.host, out)
    return EXIT_OK
