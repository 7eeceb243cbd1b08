"""``mcp-session-inspector diff A B``: what a server offered in one session against another.

Theory of operation: the comparing is :mod:`inspector.session.surface_diff` (the surfaces) and
:mod:`inspector.session.recording_align` (``--messages``: the conversations); this module reads
the two files and says the result. Each side is read as ``File → Open`` reads a file: a host's
MCP log or a HAR file (told by its first bytes, :func:`~inspector.session.host_logs.host_log_kind`)
is converted on the way and must hold one session; anything else is a recording or a surface file
(``probe --save-surface``), told apart by :func:`~inspector.session.surface.load_surface`. The
exit code is ``diff(1)``'s: 0 the surfaces are the same, 1 they differ, 2 a usage error or a file
that cannot be read (the message names it). ``--messages`` adds where the two runs part and
needs two conversations (not surface files); it never changes the exit code, which is about
the surfaces only: two runs of one server differ in their answers far more often than in what
it offers. The probe's ``--baseline`` reads its file the same way (:func:`read_side`).
"""

from __future__ import annotations

import argparse
import sys
import textwrap
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn, TextIO

import orjson

from inspector.cli_output import write_utf8

if TYPE_CHECKING:  # the readers are imported when a file is read (the probe and the window start without them)
    from inspector.session.recording import Recording
    from inspector.session.surface import Surface

DIFF_SAME = 0
DIFF_DIFFER = 1
DIFF_USAGE = 2

DIFF_EXIT_HELP = """\
exit codes:
  0  the surfaces are the same
  1  the surfaces differ (added, removed or changed items; "breaking" marks what can make a
     client written against A fail with B)
  2  usage: the command line is wrong, or A or B cannot be read (the message names the file)
  --messages never changes the exit code: it is about the surfaces only

A and B: each a recording (.jsonl: the window's, probe --record, proxy), a surface file
(probe --save-surface), a Claude Desktop or VS Code MCP log or a HAR file (one session)
"""


class CompareError(Exception):
    """A side that cannot be compared: its words name the file."""


def add_diff_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    d = sub.add_parser(
        "diff",
        help="compare what a server offered in two sessions (recordings, logs or surface files)",
        description=textwrap.fill(
            "Compare the surface of two sessions - the server's identity, protocol version, capabilities, "
            "tools, prompts, resources, resource templates and cache hints - and name every item added, "
            "removed or changed, marking the breaking changes. B is compared against A (the baseline).",
            79,
        ),
        epilog=DIFF_EXIT_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    d.add_argument("a", metavar="A", type=Path, help="the baseline: a recording, a host log, a HAR or a surface file")
    d.add_argument("b", metavar="B", type=Path, help="the session compared with it")
    d.add_argument("--json", action="store_true", help="print the comparison as one JSON object")
    d.add_argument(
        "--messages",
        action="store_true",
        help="also align the two conversations message by message and say where they part (A and B must be "
        "sessions, not surface files)",
    )


def _recording_of_log(path: Path) -> Recording | None:
    """A host log or HAR file as a recording (None: the file is no such log)."""
    from inspector.session import host_logs

    try:
        return host_logs.one_session_recording(path)
    except host_logs.HostLogError as exc:
        raise CompareError(str(exc)) from None


def read_side(path: Path, *, messages: bool = False) -> tuple[Surface, Recording | None]:
    """The surface a file holds, and its recording when ``messages`` asks for one (a surface
    file has none: a :class:`CompareError` then). Every failure is a CompareError naming the file."""
    from inspector.session.recording import Recording, RecordingError
    from inspector.session.surface import SurfaceError, load_surface, surface_of

    try:
        rec = _recording_of_log(path)
        if rec is None and messages:
            try:
                rec = Recording.load(path)
            except RecordingError:
                load_surface(path)  # a surface file: said below; anything else: its own error
                raise CompareError(
                    f"{path}: a surface file holds no messages (--messages compares recordings)"
                ) from None
        if rec is not None:
            return surface_of(rec, source=path.name), rec
        return load_surface(path), None
    except (SurfaceError, RecordingError) as exc:
        text = str(exc)
        if str(path) not in text:  # the readers name the file by its name alone, or not at all
            text = f"{path}: {text.removeprefix(path.name + ': ')}"
        raise CompareError(text) from None
    except OSError as exc:
        raise CompareError(f"{path}: {exc.strerror or exc}") from None


def run_diff(parser: argparse.ArgumentParser, args: argparse.Namespace, out: TextIO = sys.stdout) -> int:
    from inspector.session.recording_align import align
    from inspector.session.surface_diff import diff_surfaces, text_lines

    def usage(text: str) -> NoReturn:
        parser.exit(DIFF_USAGE, f"mcp-session-inspector diff: error: {text}\n")

    try:
        a, rec_a = read_side(args.a, messages=args.messages)
        b, rec_b = read_side(args.b, messages=args.messages)
    except CompareError as exc:
        usage(str(exc))
    diff = diff_surfaces(a, b)
    diff.a_source, diff.b_source = str(args.a), str(args.b)  # as the command line named them
    alignment = align(rec_a, rec_b) if rec_a is not None and rec_b is not None else None
    if args.json:
        data = diff.to_json()
        if alignment is not None:
            data["messages"] = alignment.to_json()
        write_utf8(out, orjson.dumps(data) + b"\n")  # JSON is UTF-8, whatever stdout's encoding
    else:
        lines = [f"A: {args.a}", f"B: {args.b}", *text_lines(diff)]
        if alignment is not None:
            lines += ["", "Messages:", *alignment.text_lines()]
        out.write("\n".join(lines) + "\n")
    return DIFF_SAME if diff.same else DIFF_DIFFER
