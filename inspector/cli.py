"""Command line: ``mcp-session-inspector probe ... -- COMMAND [ARGS...]`` (headless).

The server comes from a command after ``--``, ``--demo``, ``--url URL``, or ``--config FILE
--server NAME`` (a Claude Desktop, VS Code, Cursor, Windsurf or MCP Inspector configuration, or
a registry ``server.json``: :mod:`inspector.session.imports`); ``--transport`` takes the word of
any registered transport a user can pick (:func:`chosen_transport`: without it, a command runs
over stdio and a URL over HTTP auto), and the summary words a link's end or a process's exit by
what the transport needs (:func:`over_a_link`). The transcript is printed as the
session goes, then a summary; with ``--json`` the same facts as JSON Lines, described once in
:data:`~inspector.cli_args.JSON_OUTPUT` (which ``probe --help`` prints too; the command line is
:mod:`inspector.cli_args`).

``--record FILE`` is written by the probe (:class:`RecordFile`), not by the session, so that its
last line is the printed summary with the probe's exit. What cannot be written - the recording
or stdout (:class:`OutputFailure`) - cancels the work the way a stop signal does: the session's
exit still shuts the server down per spec, then the exit code says it (EXIT_OUTPUT, or
PIPE_CLOSED, quietly, for a reader that closed stdout).

The feature controllers (:mod:`inspector.session.controllers`) and the probe: a ``--request
METHOD=PARAMS`` is the user's message and goes out as given (``session.request``), one request
per option, so that the transcript, the recording and the exit code are about exactly what was
asked. The controllers would add requests nobody asked for (the next tools/list or
resources/list pages, a resources/templates/list beside it, tasks/get polls until a task ends,
``logging/setLevel`` or a level in ``_meta`` by version) or change the params given (a
``completion/complete``'s ``context`` by version), and they keep state for the window to show,
where the probe prints the recording. So prompts/get, resources/read, completion/complete,
logging/setLevel and tasks/* stay raw on purpose. The one feature work the probe does on its own
is the tools' (:class:`ProbeTools`): a tools/call the 2026-07-28 rules exclude is refused,
judged by the window's ``ToolsController``, whose pager keeps the tools a ``--request
tools/list`` listed and fetches the pages still needed to find the tool (noted in the
transcript).
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import errno
import os
import shlex
import signal
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TextIO, TypeAlias

import anyio
import orjson

from inspector.cli_args import CAPABILITY_FLAGS, NEEDS_WORDS, build_parser
from inspector.cli_args import EXIT_HELP as EXIT_HELP  # re-exported: the help texts live there
from inspector.cli_args import JSON_OUTPUT as JSON_OUTPUT
from inspector.cli_convert import opened_file
from inspector.cli_output import StdoutClosed, usable_stdout, write_utf8
from inspector.protocol.jsontypes import JsonObject, JsonValue
from inspector.protocol.lifecycle import Event
from inspector.protocol.versions import LEGACY_VERSIONS, MODERN_VERSIONS, EraMode
from inspector.session import (
    ClientHandlers,
    ConnectionLost,
    Direction,
    Recording,
    RequestTimeout,
    Session,
    SessionOptions,
    StartFailed,
    format_worker,
)
from inspector.session.entry_text import transcript_bytes
from inspector.session.format_worker import FormatWorker, Sink
from inspector.session.handlers import ANSWER_CAPABILITY, Answer, check_answer_value, json_object, parse_answer
from inspector.session.labels import HTTP_NOTE
from inspector.session.profiles import EnvVar, ServerProfile, demo_args, header_secret, url_problem
from inspector.session.recording import ByteFile, RecordingWriter
from inspector.session.secrecy import secret_header
from inspector.session.session import describe_unread
from inspector.session.stderr_digest import recording_stderr, stderr_digest
from inspector.transport.base import (
    HttpSpec,
    Needs,
    TransportChoice,
    TransportKind,
    describe_exit,
    first_choice,
    signal_name,
    transport_choice,
    transport_choices,
)

if TYPE_CHECKING:  # the tools controller is imported when a tools/call is judged (probe starts without it)
    from inspector.cli_baseline import SurfaceWork  # --save-surface, --baseline: the surface's work
    from inspector.session.auth_discovery import AuthDiscovery  # httpx, OAuth: after an HTTP refusal only
    from inspector.session.controllers.tools import Refusal, ToolsController
    from inspector.session.imports import ImportResult  # the importer: when --config is read (not to start)
    from inspector.session.oauth_link import OAuthAuthorizer  # the sign-in driver: with --oauth only

EXIT_OK = 0
EXIT_USAGE = 2
EXIT_SERVER = 3
EXIT_TIMEOUT = 4
EXIT_PROTOCOL = 5
EXIT_KILLED = 6  # the work succeeded, but the server (or what it left in its group) had to be killed
EXIT_UNREAD = 7  # output the server wrote is missing from the recording (the summary's unread)
EXIT_OUTPUT = 8  # the recording (--record FILE) or stdout could not be written: a full disk, a device error
EXIT_AUTH = 9  # --oauth: the session failed and so did the sign-in, refresh or step-up meant to let it go on
EXIT_BREAKING = 10  # --baseline: the surface differs and a change is breaking (the session itself went well)
EXIT_CHANGED = 11  # --baseline: the surface differs, nothing breaking
EXIT_SIGNAL_BASE = 128  # + the signal number: 130 SIGINT (Ctrl-C), 143 SIGTERM, 129 SIGHUP
#: stdout's reader closed it (``probe ... | head -1``): 128 + SIGPIPE, what a shell reports for
#: the tools SIGPIPE ends (Python ignores SIGPIPE: the probe ends quietly itself)
PIPE_CLOSED = EXIT_SIGNAL_BASE + getattr(signal, "SIGPIPE", 13)

#: Signals that stop the probe the way Ctrl-C does: the server is shut down per spec first.
STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))


class UsageError(Exception):
    pass


class RecordOpenError(UsageError):
    """--record FILE cannot be opened for writing (nothing has started)."""


#: A ``--request``: the method and its params (None: none given).
RequestSpec: TypeAlias = tuple[str, JsonObject | None]
#: One step of the probe: ("request", RequestSpec) or ("raw", the text of a hand-written message).
Step: TypeAlias = tuple[str, RequestSpec | str]


def parse_steps(args: argparse.Namespace) -> list[Step]:
    """What to send after the start sequence, in order: ("request", (method, params)) or
    ("raw", text)."""
    out: list[Step] = []
    for kind, value in getattr(args, "steps", None) or []:
        if kind == "request":
            out.extend(("request", r) for r in parse_requests([value]))
        else:
            body = value.rstrip("\r\n")
            if not getattr(args, "url", None) and ("\n" in body or "\r" in body):
                raise UsageError(f"--send-raw {value[:40]!r}: over stdio a message is one line (no line breaks inside)")
            out.append(("raw", value))
    return out


def parse_requests(specs: list[str]) -> list[RequestSpec]:
    out: list[RequestSpec] = []
    for spec in specs:
        method, sep, text = spec.partition("=")
        if not method:
            raise UsageError(f"--request {spec!r}: the method name is missing")
        params = None
        if sep:
            try:
                params = json_object(text)
            except ValueError as exc:
                raise UsageError(f"--request {method}: the params {exc}") from None
        out.append((method, params))
    return out


def _quoted(item: str) -> str:
    """A refused option's value as a usage error may quote it: not at all when it may hold a
    secret (a header or an input value given without its name)."""
    return "(not quoted: it may hold a secret)" if secret_header(item, item) else repr(item)


def http_headers(args: argparse.Namespace) -> list[EnvVar]:
    """--header NAME:VALUE and --bearer-env VAR as a profile's headers. The token is secret, and
    so is every header whose name or value looks like one (:func:`header_secret`): masked in
    every output, as the token is; a refused --header is not quoted when it may hold one."""
    out = []
    for item in args.header:
        name, sep, value = item.partition(":")
        if not sep or not name.strip():
            raise UsageError(f"--header {_quoted(item)}: expected NAME:VALUE")
        value = value.strip()
        if any(c in "\r\n" or (ord(c) < 0x20 and c != "\t") or ord(c) == 0x7F for c in value):
            raise UsageError(
                f"--header {name.strip()}: the value holds a line break or another control character, which "
                "HTTP does not allow in a header"
            )
        if not all(0x20 <= ord(c) <= 0x7E or c == "\t" for c in value):
            raise UsageError(f"--header {name.strip()}: the value must be plain ASCII")
        header = EnvVar(name.strip(), value)
        header.secret = header_secret(header)
        out.append(header)
    if args.bearer_env:
        token = os.environ.get(args.bearer_env)
        if not token:
            raise UsageError(f"--bearer-env {args.bearer_env}: that environment variable is not set")
        out.append(EnvVar("Authorization", f"Bearer {token}", secret=True))
    return out


def options_from_args(args: argparse.Namespace, notes: list[str] | None = None) -> SessionOptions:
    """The session options the command line asks for; ``notes`` receives what a --config file
    said that the probe worked around."""
    argv = list(args.argv)
    if argv and argv[0] == "--":
        argv = argv[1:]
    headers = http_headers(args)
    config = getattr(args, "config", None)
    from_file: ServerProfile | None = None
    if config is not None:
        if argv or args.demo or args.url or args.transport:
            raise UsageError(
                "--config names the server and its transport: give no command after --, no --demo, no --url and "
                "no --transport"
            )
        if headers or args.insecure:
            raise UsageError(
                "--header, --bearer-env and --insecure go with --url (a --config server brings its own headers)"
            )
        from_file = config_profile(args, notes if notes is not None else [])
    elif getattr(args, "server", None) or getattr(args, "input", None) or getattr(args, "format", None):
        raise UsageError("--server, --input and --format go with --config FILE")
    elif args.url:
        if argv or args.demo:
            raise UsageError("--url probes a server over HTTP: give no command after -- (and no --demo)")
        problem = url_problem(args.url)
        if problem:
            raise UsageError(f"--url: {problem}")
    elif headers or args.insecure:
        raise UsageError("--header, --bearer-env and --insecure go with --url")
    if args.demo:
        argv = [sys.executable, *demo_args(), *argv]
    choice = chosen_transport(args)
    if not argv and not args.url and from_file is None:
        raise UsageError(
            "no server command given: put it after --, e.g. probe -- node server.js (or use --demo, --url "
            "URL or --config FILE)"
        )
    era = EraMode(args.era)
    if args.protocol_version:  # the profile picks the era a version implies; conflicts are the user's to fix
        v = args.protocol_version
        if v in LEGACY_VERSIONS:
            if era is EraMode.MODERN:
                raise UsageError(f"--protocol-version {v} is a legacy version but --era is modern")
        elif v in MODERN_VERSIONS:
            if era is EraMode.LEGACY:
                raise UsageError(f"--protocol-version {v} is a modern version but --era is legacy")
        else:
            known = ", ".join(LEGACY_VERSIONS + MODERN_VERSIONS)
            raise UsageError(f"--protocol-version {v!r} is not a known protocol version ({known})")
    env: dict[str, EnvVar] = {v.name: v for v in from_file.env} if from_file is not None else {}
    for item in args.env:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise UsageError(f"--env {_quoted(item)}: expected KEY=VALUE")
        env[key] = EnvVar(key, value)
    if args.max_request_time < args.timeout:
        raise UsageError(f"--max-request-time {args.max_request_time:g} is shorter than --timeout {args.timeout:g}")
    choices = [c for name in args.capability for c in CAPABILITY_FLAGS[name]]
    if args.root and "roots" not in choices:
        choices.append("roots")
    for answer in answers_from_args(args).values():  # a policy implies the capability the server waits for
        choices.extend(CAPABILITY_FLAGS.get(ANSWER_CAPABILITY.get(answer.method, ""), ()))
    if from_file is not None:  # where the server is and how to reach it come from the file
        where = ServerProfile(
            "probe",
            command=from_file.command,
            args=list(from_file.args),
            transport=from_file.transport,
            url=from_file.url,
            headers=from_file.headers,
            verify_tls=from_file.verify_tls,
            inherit_env=from_file.inherit_env and not args.clean_env,
            cwd=args.cwd or from_file.cwd,
        )
    else:
        where = ServerProfile(
            "probe",
            command=argv[0] if argv else "",
            args=argv[1:],
            transport=choice.name,
            url=args.url or "",
            headers=headers,
            verify_tls=not args.insecure,
            inherit_env=not args.clean_env,
            cwd=args.cwd or "",
        )
    profile = dataclasses.replace(
        where,
        env=list(env.values()),
        era=era.value,
        protocol_version=args.protocol_version or "",
        capabilities=list(dict.fromkeys(choices)),
        connect_timeout=args.timeout,
        probe_timeout=args.probe_timeout,
        start_timeout=args.start_timeout,
        request_timeout=args.timeout,
        max_request_time=args.max_request_time,
        max_line=args.max_line,
        stdin_grace=args.stdin_grace,
        term_grace=args.term_grace,
    )
    if args.record is not None and args.record.is_dir():
        raise UsageError(
            f"--record {args.record}: that is a folder; give the recording's file name (e.g. "
            f"{args.record / 'probe.jsonl'})"
        )
    # --record FILE is written by the probe (RecordFile), not the session: its summary carries the exit
    return profile.to_options(accept_unsupported_version=args.accept_unsupported_version)


def chosen_transport(args: argparse.Namespace) -> TransportChoice:
    """The transport ``--transport`` picks (each registered choice has its word); without it, the
    first registered one that takes what was given: a command after ``--``, or ``--url``."""
    needs = Needs.URL if args.url else Needs.COMMAND
    if args.transport is None:
        return first_choice(needs)
    choice = next(c for c in transport_choices() if c.option == args.transport)
    if choice.needs is not needs:
        raise UsageError(f"--transport {args.transport} goes {NEEDS_WORDS[choice.needs]}")
    return choice


def answers_from_args(args: argparse.Namespace) -> dict[str, Answer]:
    """--answer METHOD=POLICY as the handlers' policies, each checked against the versions the
    probe may speak (--protocol-version, else the --era's, else all)."""
    if args.protocol_version:
        versions: tuple[str, ...] = (args.protocol_version,)
    else:
        versions = {"legacy": LEGACY_VERSIONS, "modern": MODERN_VERSIONS}.get(
            args.era, LEGACY_VERSIONS + MODERN_VERSIONS
        )
    out: dict[str, Answer] = {}
    for item in getattr(args, "answer", None) or []:
        try:
            answer = parse_answer(item)
        except ValueError as exc:
            raise UsageError(f"--answer {exc}") from None
        if answer.method in out:
            raise UsageError(f"--answer {answer.method} is given twice")
        if answer.method == "roots/list" and args.root:
            raise UsageError("--answer roots=... and --root both answer roots/list: give one of them")
        problem = check_answer_value(answer, versions)
        if problem:
            raise UsageError(f"--answer {item.partition('=')[0]}: {problem}")
        out[answer.method] = answer
    return out


def config_profile(args: argparse.Namespace, notes: list[str]) -> ServerProfile:
    """The server --config FILE --server NAME defines, its inputs filled from --input; what the
    file said about it that was worked around goes to ``notes``. Every server the file defines
    counts, those that cannot be probed too (named, with why); without --server, a file that
    defines more than one is a usage error, even when only one of them can be probed."""
    from inspector.session.imports import read_config  # the importer is not needed to start (the window's first paint)

    result: ImportResult = read_config(args.config, args.format)
    left_out = result.left_out()

    def why_not(keys: list[str]) -> str:
        return "; ".join(str(p) for key in keys for p in left_out[key]) or "; ".join(
            str(p) for p in result.problems if p.skipped
        )

    defined = len(result.entries)
    if not result.servers:
        if defined:
            why = f"it defines {defined} server{'s' if defined > 1 else ''} and none can be probed: " + why_not(
                list(left_out)
            )
        else:
            why = "; ".join(str(p) for p in result.problems) or "it defines no servers"
        raise UsageError(f"--config {args.config}: nothing to probe: {why}")
    names = ", ".join(s.key for s in result.servers)
    if args.server is None:
        if defined > 1:
            text = f"--config {args.config} defines {defined} servers: choose one with --server NAME ({names})"
            if left_out:
                text += f"; {len(left_out)} cannot be probed ({', '.join(left_out)}): " + why_not(list(left_out))
            raise UsageError(text)
        found = result.servers[0]
    else:
        named = result.server(args.server)
        if named is None:
            if args.server in left_out:
                raise UsageError(f"--config: server {args.server!r} cannot be probed: " + why_not([args.server]))
            everything = ", ".join(result.entries)
            raise UsageError(f"--config {args.config}: no server {args.server!r}; it defines: {everything}")
        found = named
    mine = {i.id: i for i in result.inputs_of([found])}
    values: dict[str, str] = {}
    for item in args.input:
        ident, sep, value = item.partition("=")
        if not sep or not ident:
            raise UsageError(f"--input {_quoted(item)}: expected ID=VALUE")
        key = ident if ident in mine else f"{found.key}: {ident}"  # a registry input by its own name
        if key not in mine:
            known = ", ".join(mine) or "none"
            raise UsageError(f"--input {ident}: {found.key!r} has no such input (its inputs: {known})")
        values[key] = value
    missing = result.unprompted([found], values)  # nothing is started or sent without them
    if missing:
        raise UsageError(
            "; ".join(
                f"{found.key!r} needs --input {shlex.quote(i.id.removeprefix(found.key + ': '))}=VALUE ({i.label})"
                for i in missing
            )
            + " (the probe cannot ask; an input given empty, --input ID=, is sent empty)"
        )
    notes.extend(str(p) for p in result.problems_of(found))
    return result.profile(found, values)


# ---------------------------------------------------------------------- transcript
# Each entry's line is session/entry_text.py's (transcript_line, transcript_bytes: the one
# entry-to-text renderer, shared with the handouts, the timeline and the details).

_DIR_WORDS = {
    "c2s": "client→server",
    "s2c": "server→client",
    "stderr": "stderr",
    "event": "events",
    "note": f"{HTTP_NOTE}s",
}
_SHUTDOWN_WORDS = {
    "none": "it exited by itself",
    "stdin": "it exited when stdin closed",
    "sigterm": "SIGTERM ended it",
    "sigkill": "SIGKILL ended it",
    "delete": "the client deleted the session",
}


class Printer:
    """Writes each batch of entries to ``out`` as it arrives: the transcript, or the JSON Lines
    with ``--json``. UTF-8 goes straight to the byte stream under ``out`` when there is one, or
    into the format helper's pipe while it writes that stream (:meth:`hand_over`)."""

    def __init__(self, rec: Recording, out: TextIO, as_json: bool, failed: OutputFailure | None = None) -> None:
        self.rec = rec
        self.out = out
        self.as_json = as_json
        self.failed = failed or OutputFailure()
        encoding = (getattr(out, "encoding", None) or "").lower().replace("_", "-")
        # JSON Lines are UTF-8 whatever stdout's encoding (JSON is); the transcript is text for
        # people, in stdout's encoding when that is another (what it cannot say escaped: usable_stdout)
        utf8 = encoding in ("utf-8", "utf8") or as_json
        self._bytes_out = getattr(out, "buffer", None) if utf8 else None
        self._direct = self._bytes_out

    def __call__(self, start: int, end: int) -> None:
        if self.failed.stdout is not None:
            return  # stdout is gone: the recording (and the exit code) still tell
        rec = self.rec
        data = rec.json_lines(start, end) if self.as_json else transcript_bytes(rec, start, end)
        self.write(data)

    def fileno(self) -> int | None:
        """The descriptor the bytes go to (None: written as text, or to no file)."""
        try:
            return None if self._bytes_out is None else int(self._bytes_out.fileno())
        except (AttributeError, OSError, ValueError):  # a test's capture has none
            return None

    def hand_over(self, sink: ByteFile | None) -> None:
        """Write the bytes into ``sink`` (a process that writes them to the same descriptor);
        None: to the stream again."""
        self._bytes_out = self._direct if sink is None else sink

    def write(self, data: bytes) -> None:
        """Write and flush ``data``; a failure (the reader closed the pipe, a full disk) is
        noted in ``failed`` and ends the printing, not the session."""
        out = self.out
        try:
            if self._bytes_out is not None:
                out.flush()  # what was written as text so far goes first
                self._bytes_out.write(data)
                self._bytes_out.flush()
            else:
                out.write(data.decode("utf-8"))
                out.flush()
        except OSError as exc:
            self.failed.lost_stdout(exc, out)


class OutputFailure:
    """What could not be written: stdout (its reader closed it, or a full disk) or the
    recording file. The first failure stops the work (``stop``: the session then shuts the
    server down per spec); the exit code and the words come from here (``verdict``)."""

    def __init__(self) -> None:
        self.stdout: OSError | None = None
        self.record: str | None = None  # "cannot write the recording FILE: why"
        self.stop = lambda: None

    def lost_stdout(self, exc: OSError, out: TextIO) -> None:
        if self.stdout is not None:
            return
        self.stdout = exc
        try:  # the interpreter's last flush of stdout would fail again, with a traceback: to /dev/null
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, out.fileno())
            os.close(null)
        except (OSError, AttributeError, ValueError):  # no file under it (a test's capture)
            pass
        self.stop()

    def lost_record(self, path: Path, exc: OSError) -> None:
        if self.record is None:
            self.record = f"cannot write the recording {path}: {exc.strerror or exc}"
            self.stop()

    @property
    def pipe_closed(self) -> bool:
        return isinstance(self.stdout, BrokenPipeError) or getattr(self.stdout, "errno", None) == errno.EPIPE

    def verdict(self, code: int, reason: str) -> tuple[int, str]:
        """The exit once the session is over: a closed stdout ends the probe as SIGPIPE would
        (PIPE_CLOSED), a write that failed is EXIT_OUTPUT; the run's own failure is added."""
        if self.pipe_closed:
            return PIPE_CLOSED, "stdout was closed by its reader" + ("" if code == EXIT_OK else f"; {reason}")
        if not self.said:
            return code, reason
        return EXIT_OUTPUT, self.said + ("" if code == EXIT_OK else f"; {reason}")

    @property
    def said(self) -> str:
        """What could not be written, in words ("" when everything was)."""
        stdout = (
            f"cannot write the output (stdout): {self.stdout.strerror or self.stdout}"
            if self.stdout is not None
            else ""
        )
        return "; ".join(w for w in (self.record, stdout) if w)


class RecordFile:
    """``--record FILE``, written by the probe as the session goes, its summary last with the
    probe's exit and exit_reason (known only once the session is over, so the session does not
    write it). A write that fails (a full disk) stops the writing and is said; the file then
    ends where the failure was, without a summary."""

    def __init__(self, path: Path, rec: Recording, failed: OutputFailure) -> None:
        self.path = path
        self.failed = failed
        try:
            self._writer = RecordingWriter(path, rec)
        except OSError as exc:
            raise RecordOpenError(f"--record {path}: cannot write the recording there: {exc.strerror or exc}") from None
        self._rec = rec
        rec.add_listener(self)

    def __call__(self, start: int, end: int) -> None:
        if self.failed.record is None:
            try:
                self._writer.on_batch(start, end)
            except OSError as exc:
                self.fail(exc)

    def finish(self, summary: dict) -> None:
        """The rest of the entries and ``summary``, then close (or give up, after a failure)."""
        with contextlib.suppress(ValueError):  # a format worker took its batches (start_format_worker)
            self._rec.remove_listener(self)
        if self.failed.record is None:
            try:
                self._writer.close(summary)
                return
            except OSError as exc:
                self.fail(exc)
        self._writer.abandon()

    def fail(self, exc: OSError) -> None:
        if self.failed.record is not None:  # said once (a failure met while closing comes back here)
            return
        self.failed.lost_record(self.path, exc)
        self._writer.abandon()

    @property
    def writer(self) -> RecordingWriter:
        return self._writer


def start_format_worker(rec: Recording, record_file: RecordFile | None, printer: Printer) -> FormatWorker | None:
    """Hand the writing of the recording file and of the output to a second process
    (session.format_worker), where one can be forked: it takes their batches, and they format
    only what is not a plain run, into its pipe. None (they write here, as before) otherwise."""
    writer = record_file.writer if record_file is not None and record_file.failed.record is None else None
    record_fd = writer.handover_fd() if writer is not None else None
    out_fd = printer.fileno() if printer.failed.stdout is None else None

    def failure(target: int, exc: OSError) -> None:
        if target == format_worker.RECORD and record_file is not None:
            record_file.fail(exc)
        elif target == format_worker.OUT:
            printer.failed.lost_stdout(exc, printer.out)

    worker = FormatWorker.start(rec, record_fd=record_fd, out_fd=out_fd, out_json=printer.as_json, on_failure=failure)
    if worker is None:
        return None
    spill: list[Callable[[int, int], None]] = []
    skip = None
    if record_fd is not None and writer is not None and record_file is not None:
        writer.hand_over(Sink(worker, format_worker.RECORD))
        rec.remove_listener(record_file)
        spill.append(record_file)
        skip = writer.written_elsewhere
    if out_fd is not None:
        printer.hand_over(Sink(worker, format_worker.OUT))
        rec.remove_listener(printer)
        spill.append(printer)
    worker.take(spill, skip, len(rec))
    rec.add_listener(worker)
    return worker


def summary_lines(summary: JsonObject) -> list[str]:
    """The summary for people: every value in words or JSON, never a Python repr."""
    info = summary.get("server_info")
    if not isinstance(info, dict):
        info = {}
    offered = summary.get("offered_version")
    version = summary.get("protocol_version") or "none agreed"
    server = (
        " ".join(str(info[k]) for k in ("name", "version") if info.get(k) not in (None, ""))
        or "unknown (it did not say)"
    )
    caps = summary.get("server_capabilities")
    lines = [
        "",
        "── summary " + "─" * 50,
        f"era               {summary.get('era') or 'not found'}",
        *(
            [f"why this era      {summary['era_reason']}"]
            if summary.get("era_reason") and summary.get("era_reason") != "chosen by hand"
            else []
        ),
        f"protocol version  {version}" + (f" (offered {offered})" if offered else ""),
        f"server            {server}",
        f"capabilities      {', '.join(sorted(caps)) if isinstance(caps, dict) and caps else 'none declared'}",
        f"final state       {summary.get('state') or 'unknown'}",
    ]
    if summary.get("outcome"):
        lines.append(f"outcome           {summary['outcome']}")
    shutdown = summary.get("shutdown")
    how = _SHUTDOWN_WORDS.get(str(shutdown), str(shutdown)) if shutdown is not None else ""
    if over_a_link(summary):
        how = {"delete": "the client deleted the session", "none": "the client closed its streams"}.get(
            str(shutdown),
            "never established" if summary.get("outcome_code") == "unreachable" else "the connection was lost",
        )
        lines.append(f"connection        {summary.get('transport')}: {how}")
    elif summary.get("signal") is not None:
        lines.append(f"process           killed by signal {summary['signal']}" + (f" ({how})" if how else ""))
    elif summary.get("exit_code") is not None:
        lines.append(f"process           exit code {summary['exit_code']}" + (f" ({how})" if how else ""))
    elif shutdown == "sigkill":
        lines.append("process           did not end even after SIGKILL (exit status unknown)")
    else:
        lines.append(
            "process           did not start"
            if summary.get("state") == "failed"
            else "process           exit status unknown"
        )
    counts = summary.get("counts") or {}
    by_dir = counts.get("by_dir") or {}
    words = dict(_DIR_WORDS)
    if over_a_link(summary):  # no process, no stderr: its side lines are HTTP notes
        words["stderr"] = f"{HTTP_NOTE}s"  # as a format 2 summary counted them
        by_dir = {**by_dir, "stderr": by_dir.get("stderr", 0) + by_dir.get("note", 0)}
        by_dir.pop("note", None)
    parts = ", ".join(
        f"{n} {_singular(words.get(d, d)) if n == 1 else words.get(d, d)}" for d, n in by_dir.items() if n
    )
    lines.append(f"entries           {counts.get('entries', 0)}" + (f" ({parts})" if parts else ""))
    if counts.get("schema_invalid"):
        lines.append(f"schema invalid    {counts['schema_invalid']}")
    for rid, n in sorted((counts.get("violations") or {}).items()):
        lines.append(f"violation         {rid} ×{n}")
    for u in summary.get("unread") or ():
        lines.append(f"NOT RECORDED      {describe_unread(u)}")
    auth = summary.get("auth_discovery")
    if isinstance(auth, dict):
        from inspector.session.auth_discovery import report_lines

        first, *rest = report_lines(auth)
        lines += ["authorization     " + first, *rest]
    signed = summary.get("authorization")
    if isinstance(signed, dict):
        from inspector.cli_oauth import authorization_lines

        first, *rest = authorization_lines(signed)
        lines += ["authorization     " + first, *rest]
    if isinstance(summary.get("baseline"), dict):
        from inspector.cli_baseline import baseline_lines

        lines += baseline_lines(summary["baseline"])
    lines.append(f"exit              {summary.get('exit')} ({summary.get('exit_reason')})")
    return lines


def over_a_link(summary: JsonObject) -> bool:
    """The session ran over a link with no process of ours (a transport that needs a URL, as
    HTTP's do): the summary says how the connection ended, not how a process exited."""
    name = str(summary.get("transport") or TransportKind.STDIO)
    choice = transport_choice(name)
    return choice.is_link if choice is not None else TransportKind.named(name).is_http  # a name of the rules only


def _singular(word: str) -> str:
    """ "events" -> "event", "HTTP notes" -> "HTTP note" (a count of one)."""
    return word[:-1] if word in ("events", f"{HTTP_NOTE}s") else word


def summary_text(summary: dict, as_json: bool) -> bytes:
    """The summary as ``probe`` prints it: one JSON object, or lines for people."""
    if as_json:
        return orjson.dumps(summary, default=str) + b"\n"
    return ("\n".join(summary_lines(summary)) + "\n").encode("utf-8")


def failure_reason(session: Session, text: str) -> tuple[str, list[str]]:
    """Why the session failed, and the stderr lines that say why when the server ended: the
    error and exception lines (``stderr_digest``), not whatever it wrote last."""
    if session.returncode is None and session.signal is None:
        return text, []
    quote = stderr_digest(recording_stderr(session.recording))
    if quote and "; its stderr says: " not in text:  # the session's text quotes them already when it saw them
        text += "; its stderr says: " + " | ".join(quote)
    return text, quote


# ---------------------------------------------------------------------- probe


def root_entry(uri: str) -> dict:
    """A Root for roots/list: a file:// URI (a plain path is turned into one) and a name."""
    if "://" not in uri:
        uri = Path(uri).resolve().as_uri()
    name = uri.rstrip("/").rsplit("/", 1)[-1] or uri
    return {"uri": uri, "name": name}


#: tools/list pages the probe fetches, one at a time, to find a tool it is asked to call
FIND_TOOL_PAGES = 20


def refusal_text(refusal: Refusal) -> str:
    """A :class:`~inspector.session.controllers.tools.Refusal` in the probe's words."""
    from inspector.session.controllers.tools import REFUSE_EXCLUDED

    if refusal.code == REFUSE_EXCLUDED:
        return f"the tool is excluded, its x-mcp-header annotations break the 2026-07-28 rules: {refusal.detail}"
    names = ", ".join(refusal.detail) if isinstance(refusal.detail, tuple) else refusal.detail
    return f"the integer value for {names} is outside -(2**53-1)..2**53-1 and cannot be mirrored into its header"


class ProbeTools:
    """The tools listed in the probe's session, kept as the window keeps them: by a
    :class:`~inspector.session.controllers.tools.ToolsController` (imported when a tools/list
    answer or a tools/call first needs it: ``probe`` starts without it), its pager taking the
    pages and its rules judging a call."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self._tools: ToolsController | None = None

    def controller(self) -> ToolsController:
        """The controller, attached to the session once, with the era and version in force now."""
        negotiation = self.session.negotiation()
        if self._tools is None:
            from inspector.session.controllers.tools import ToolsController

            self._tools = ToolsController()
            self._tools.attach(self.session, negotiation.era, negotiation.version)
        else:
            self._tools.era, self._tools.version = negotiation.era, negotiation.version
        return self._tools

    def listed(self, params: JsonValue, result: JsonValue) -> None:
        """A ``--request tools/list`` answered: a first page (no cursor) starts the list again,
        as the window's reload does; a later page asked for by its cursor is the user's own
        walk, which the probe's own search does not continue."""
        if not (isinstance(params, dict) and "cursor" in params):
            pager = self.controller().pager
            pager.reset()
            pager.take_page(result)

    def find(self, name: str) -> JsonObject | None:
        return next((tool for tool in self.controller().items if tool.get("name") == name), None)


async def refuse_call(session: Session, request: RequestSpec, tools: ProbeTools) -> str | None:
    """Why the probe will not send this ``--request`` (None: send it). In the 2026-07-28 era a
    tools/call of a tool whose ``x-mcp-header`` annotations are invalid is excluded, as a client
    must exclude it: the window's :class:`~inspector.session.controllers.tools.ToolsController`
    judges it (``refusal``) and lists the tools; a tool not listed yet is looked up with
    tools/list first, a page at a time (noted). ``--send-raw`` is never refused."""
    method, params = request
    if method != "tools/call" or not isinstance(params, dict):
        return None
    name = params.get("name")
    if not isinstance(name, str) or session.negotiation().era != "modern":
        return None
    controller = tools.controller()
    if tools.find(name) is None and (controller.more or not controller.loaded):
        session.record_note(
            f"listing the tools to check {name!r} before calling it"
            " (2026-07-28: a tool whose x-mcp-header annotations are invalid is excluded)",
            {"event": "probe_note"},
        )
        # The controller's own pager, a page at a time until the tool is seen; a timeout or a
        # lost link raises as any --request's does (ListController.load would keep it as data).
        for _ in range(FIND_TOOL_PAGES):
            await controller.pager.fetch(session, 1)
            if tools.find(name) is not None or not controller.more:
                break
    known = tools.find(name)
    refusal = controller.refusal(known, params.get("arguments")) if known is not None else None
    if refusal is None:
        return None
    why = refusal_text(refusal)
    session.record_note(f"tools/call {name!r} not sent: {why}", {"event": "refused", "method": method})
    return f"--request tools/call {name!r} was not sent: {why} (--send-raw sends it anyway)"


async def run_probe(
    options: SessionOptions,
    requests: list[Step],
    out: TextIO,
    as_json: bool,
    roots: Sequence[str] = (),
    answers: dict[str, Answer] | None = None,
    record: Path | None = None,
    authorizer: OAuthAuthorizer | None = None,
    surface: SurfaceWork | None = None,
) -> int:
    """Run the probe; ``record``: write the recording there (an OSError if it cannot be opened:
    nothing is started then); ``authorizer`` (``--oauth``): the HTTP link's, bound to the session
    before it starts, in place of explaining a refusal afterwards."""
    handlers = ClientHandlers(roots=[root_entry(uri) for uri in roots], answers=dict(answers or {}))
    if authorizer is not None:
        from inspector.session.oauth_link import with_authorizer

        options = with_authorizer(options, authorizer)
    session = Session(options, handlers=handlers)
    if authorizer is not None:
        authorizer.bind(session)
    handlers.on_answer = lambda method, text: session.record_note(text, {"event": "answer_policy", "method": method})
    # A stop signal or an output that cannot be written cancels only the work inside the
    # session, never the session itself: its exit then shuts the server down per spec while
    # it still records every step.
    work = anyio.CancelScope()
    failed = OutputFailure()
    failed.stop = work.cancel
    record_file = RecordFile(record, session.recording, failed) if record is not None else None
    printer = Printer(session.recording, out, as_json, failed)
    session.recording.add_listener(printer)
    worker = start_format_worker(session.recording, record_file, printer)
    try:
        code, reason = EXIT_OK, "ok"
        tools = ProbeTools(session)  # the tools listed in this session (refuse_call)
        auth: AuthDiscovery | None = None  # what authorization discovery found after a refusal
        stopped_by: list[int] = []  # the signal that stopped the probe, if one did
        async with anyio.create_task_group() as tg:
            await tg.start(_stop_on_signal, session, work, stopped_by)
            if worker is not None:  # a write that fails there stops the work at once
                tg.start_soon(worker.watch)
            try:
                async with session:
                    with work:
                        try:
                            await session.start()
                        except StartFailed as exc:
                            code, reason = _start_failure_code(session), str(exc)
                        else:
                            for _kind, value in requests:
                                try:
                                    if isinstance(value, str):  # --send-raw: judged, never a reason to fail
                                        await session.send_text(value, wait=options.request_timeout)
                                    else:
                                        refused = await refuse_call(session, value, tools)
                                        if refused:  # not sent: the command line asked for what a client must not do
                                            code, reason = EXIT_USAGE, refused
                                            continue
                                        reply = await session.request(*value)
                                        if value[0] == "tools/list" and reply.ok:
                                            tools.listed(value[1], reply.result)
                                except RequestTimeout as exc:
                                    code, reason = EXIT_TIMEOUT, str(exc)
                                except ConnectionLost as exc:
                                    code, reason = EXIT_SERVER, str(exc)
                                    break
                            if code == EXIT_OK and surface is not None:  # every list, every page: the whole surface
                                code, reason = await surface.list_all(session)
                            if code == EXIT_OK and session.engine.outcome:
                                code, reason = EXIT_SERVER, session.engine.outcome
                        # a 401 (or 403): discovery only, the exit stays (HTTP only: explain_refusal says
                        # None for any other link; imported here, a stdio probe starts without httpx)
                        if code != EXIT_OK and authorizer is None and isinstance(session.options.transport, HttpSpec):
                            from inspector.session.auth_discovery import explain_refusal

                            auth = await explain_refusal(session)
            except StartFailed as exc:  # spawn failure
                code, reason = EXIT_SERVER, str(exc)
            if worker is not None:  # everything so far written (or failed) while a stop signal is still heard
                await worker.drained()
            tg.cancel_scope.cancel()
        if authorizer is not None and code != EXIT_OK and not stopped_by:
            from inspector.cli_oauth import failure

            why = failure(authorizer)
            if why is not None:  # the session failed because the authorization did
                code, reason = EXIT_AUTH, why
        quote: list[str] = []
        if code == EXIT_SERVER:  # the server ended: quote what it said on stderr about why
            reason, quote = failure_reason(session, reason)
        code, reason = shutdown_verdict(session, code, reason)
        if stopped_by:
            number = stopped_by[0]
            code, reason, quote = EXIT_SIGNAL_BASE + number, f"stopped by {signal_name(number)}", []
            reason += "".join("; " + describe_unread(u) for u in session.unread)

        baseline = None
        # saved and compared once the session is over (the session's code first)
        if surface is not None and not stopped_by:
            code, reason, baseline = surface.finish(session.recording, code, reason)

        def verdict() -> tuple[int, str]:  # a stop signal first, then what could not be written
            return (code, reason) if stopped_by else failed.verdict(code, reason)

        summary = dict(session.recording.summary or session.summary())
        if auth is not None:
            summary["auth_discovery"] = auth.data()
        if authorizer is not None:
            from inspector.cli_oauth import authorization_block

            summary["authorization"] = authorization_block(authorizer, session_ok=code == EXIT_OK)
        if baseline is not None:
            summary["baseline"] = baseline
        summary["exit"], summary["exit_reason"] = verdict()
        if worker is not None:  # the rest of the recording goes by its writer, the output stops here
            session.recording.remove_listener(worker)
        if record_file is not None:  # the recording's summary is the printed one, exit included
            record_file.finish(summary)
            summary["exit"], summary["exit_reason"] = verdict()  # its summary could not be written
        if worker is not None:  # everything before the summary is written (or said as failed)
            worker.finish()
            printer.hand_over(None)
            summary["exit"], summary["exit_reason"] = verdict()
        with contextlib.suppress(ValueError):  # the format helper took its batches
            session.recording.remove_listener(printer)
        if failed.stdout is None:
            printer.write(summary_text(summary, as_json))
        exit_code, _ = verdict()
        if failed.pipe_closed or stopped_by and failed.stdout is not None:
            return exit_code  # quietly, as a tool that SIGPIPE ends
        if failed.said:
            sys.stderr.write(f"mcp-session-inspector: {failed.said}\n")
            return exit_code
        if not as_json and code != EXIT_OK:
            head = reason.split("; its stderr says: ", 1)[0] if quote else reason
            sys.stderr.write(f"mcp-session-inspector: {head}\n" + "".join(f"  stderr: {line}\n" for line in quote))
        return code
    finally:  # the helper is waited for on every way out (it writes what it was sent, then exits)
        if worker is not None:
            worker.finish()


def shutdown_verdict(session: Session, code: int, reason: str) -> tuple[int, str]:
    """The exit code once the session is over: a run whose work went well still fails when
    output is missing from the recording (EXIT_UNREAD) or when the server had to be killed
    (EXIT_KILLED). A failure the work had already met keeps its code; unread output is added
    to its reason."""
    unread = session.unread
    if code != EXIT_OK:
        return code, reason + "".join("; " + describe_unread(u) for u in unread)
    if unread:
        return EXIT_UNREAD, "; ".join(map(describe_unread, unread))
    info = session.exit_info
    if info is not None and info.escalation == "sigkill":
        if session.returncode is None and session.signal is None:
            return EXIT_KILLED, "the server did not end even after SIGKILL (its exit status is unknown)"
        why = "the server had to be killed: it exited neither when its stdin was closed nor on SIGTERM"
        if session.signal == signal.SIGKILL:
            return EXIT_KILLED, f"{why}; SIGKILL ended it"
        return (
            EXIT_KILLED,
            f"{why}; SIGKILL was sent, then it ended ({describe_exit(session.returncode, session.signal)})",
        )
    if session.killed:
        return (
            EXIT_KILLED,
            "processes the server left in its process group ignored SIGTERM and had to be killed (SIGKILL)",
        )
    return code, reason


async def _stop_on_signal(
    session: Session, work: anyio.CancelScope, stopped_by: list[int], *, task_status=anyio.TASK_STATUS_IGNORED
) -> None:
    """SIGINT, SIGTERM or SIGHUP: note it in the recording and cancel ``work``; the session's
    exit then runs the spec shutdown (shielded, bounded by the graces). Later signals are
    ignored: the shutdown under way ends the server either way."""
    started = False
    try:
        with anyio.open_signal_receiver(*STOP_SIGNALS) as signals:
            task_status.started()
            started = True
            async for number in signals:
                if stopped_by:
                    continue
                stopped_by.append(number)
                work.cancel()  # first: whatever happens below, the shutdown starts
                text = f"the probe received {signal_name(number)}: shutting the server down"
                rec = session.recording
                rec.append(
                    Direction.EVENT,
                    session.clock(),
                    text.encode(),
                    session.engine.note(),
                    {"event": "signal", "signal": number},
                )
                try:
                    rec.notify()
                except Exception:  # a printer whose terminal is gone (SIGHUP): the file still gets it
                    pass
    except (NotImplementedError, RuntimeError, ValueError):
        if started:
            raise
        task_status.started()  # no signal handlers here (Windows, not the main thread)


def _start_failure_code(session: Session) -> int:
    """Exit code for a failed start, read from what happened rather than from the message."""
    if (
        session.returncode is not None
        or session.signal is not None
        or session.engine.outcome_code in ("unreachable", "answer-broken")
    ):
        return EXIT_SERVER  # over HTTP a reset or broken framing mid-answer is the link breaking, as a server that dies
    failures = [tr for tr in session.engine.lifecycle.history if tr.failure]
    if failures and failures[-1].event in (Event.TIMEOUT, Event.NEVER_READ):  # never read: the start timeout ran out
        return EXIT_TIMEOUT
    return EXIT_PROTOCOL


def main(argv: list[str] | None = None) -> int:
    usable_stdout()
    try:
        return _main(argv)
    except StdoutClosed as exc:
        sys.stderr.write(f"mcp-session-inspector: cannot write the output (stdout): {exc.strerror}\n")
        return EXIT_OUTPUT


def _main(argv: list[str] | None) -> int:
    parser = build_parser()
    argv = sys.argv[1:] if argv is None else argv
    opened = opened_file(parser, argv)  # mcp-session-inspector FILE: the window shows it
    args = parser.parse_args(argv[1:] if opened else argv)  # exits 2 on usage errors
    if args.command is None:
        from inspector.ui import app  # Qt is imported only for the window

        if args.reset_settings:
            return app.reset_settings()
        if args.self_test:
            return app.self_test()
        return app.main([], connect_demo=args.connect_demo, open_path=opened)
    if args.command == "probe":
        authorizer: OAuthAuthorizer | None = None
        try:
            notes: list[str] = []
            flags = (args.oauth, args.sign_out, args.client_id, args.client_secret_env, args.client_auth, args.scope)
            if any(flags) or args.no_browser or args.client_credentials:  # the sign-in driver is imported only then
                from inspector import cli_oauth

                cli_oauth.check_flags(args)
            options = options_from_args(args, notes)
            surface = surface_work(args)
            requests = parse_steps(args)
            answers = answers_from_args(args)
            if args.sign_out:
                return _sign_out(args.url, args.json)
            if args.oauth:
                authorizer = cli_oauth.make_authorizer(
                    args.url, cli_oauth.oauth_options(args), cli_oauth.token_folder()
                )
        except (UsageError, ValueError) as exc:
            parser.exit(EXIT_USAGE, f"mcp-session-inspector probe: error: {exc}\n")
        for note in notes:
            sys.stderr.write(f"mcp-session-inspector probe: note: {note}\n")
        try:
            return anyio.run(
                run_probe,
                options,
                requests,
                sys.stdout,
                args.json,
                args.root,
                answers,
                args.record,
                authorizer,
                surface,
            )
        except RecordOpenError as exc:
            parser.exit(EXIT_USAGE, f"mcp-session-inspector probe: error: {exc}\n")
        except KeyboardInterrupt:  # Ctrl-C before or after the signal handlers were in place
            return EXIT_SIGNAL_BASE + signal.SIGINT
    if args.command == "proxy":
        return _proxy(parser, args)
    if args.command == "diff":
        from inspector.cli_diff import run_diff

        return run_diff(parser, args, sys.stdout)
    if args.command == "doctor":
        from inspector.cli_doctor import run_doctor

        return run_doctor(parser, args, sys.stdout)
    if args.command == "convert":
        from inspector.cli_convert import run_convert

        return run_convert(parser, args, sys.stdout)
    if args.command in ("attach", "detach"):
        from inspector.cli_attach import run_attach

        return run_attach(parser, args, sys.stdout)
    return EXIT_USAGE


def surface_work(args: argparse.Namespace) -> SurfaceWork | None:
    """What --save-surface, --baseline and --junit ask (None: none of them); the baseline is
    read now, before anything starts (a file that cannot be read is a usage error)."""
    if args.junit is not None and args.baseline is None:
        raise UsageError("--junit FILE reports a comparison: it goes with --baseline FILE")
    for option, path in (("--save-surface", args.save_surface), ("--junit", args.junit)):
        if path is not None and path.is_dir():
            raise UsageError(f"{option} {path}: that is a folder; give the file's name")
    # one file for two outputs: the last written would replace the other (a baseline may be
    # saved over, as a CI that updates it does; a report may not)
    written = [("--record", args.record), ("--save-surface", args.save_surface), ("--junit", args.junit)]
    named = [(o, p.resolve()) for o, p in written if p is not None]
    if args.baseline is not None and args.junit is not None:
        named.append(("--baseline", args.baseline.resolve()))
    for i, (first, path) in enumerate(named):
        for second, other in named[i + 1 :]:
            if path == other:
                raise UsageError(f"{first} and {second} name the same file {path}: give each its own")
    if args.save_surface is None and args.baseline is None:
        return None
    from inspector.cli_baseline import SurfaceWork
    from inspector.cli_diff import CompareError

    try:
        return SurfaceWork(args.save_surface, args.baseline, args.junit)
    except CompareError as exc:
        raise UsageError(f"--baseline {exc}") from None


def _sign_out(url: str, as_json: bool) -> int:
    """``probe --url URL --sign-out``: the tokens stored for that server forgotten, said."""
    from inspector.cli_oauth import sign_out, token_folder
    from inspector.session.secrecy import masked_url

    folder = token_folder()
    n = sign_out(url, folder)
    if as_json:
        said = {"kind": "sign_out", "url": masked_url(url), "forgotten": n, "store": str(folder / "secrets.json")}
        write_utf8(sys.stdout, orjson.dumps(said) + b"\n")
    else:
        tokens = "no stored token" if n == 0 else f"{n} stored token{'s' if n > 1 else ''} (one per issuer)"
        sys.stdout.write(f"signed out of {masked_url(url)}: {tokens} forgotten ({folder / 'secrets.json'})\n")
    return EXIT_OK


def _proxy(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from inspector.session.proxy import ProxyOptions, run_proxy, say_on_stderr

    command = args.argv[1:] if args.argv[:1] == ["--"] else args.argv
    if args.listen is not None or args.upstream is not None:
        return _http_proxy(parser, args, command)
    if not command:
        parser.exit(EXIT_USAGE, "mcp-session-inspector proxy: error: the server command is missing (after --)\n")
    options = ProxyOptions(command, record=args.record, name=args.name)
    try:
        return anyio.run(lambda: run_proxy(options, say=say_on_stderr))
    except OSError as exc:  # the recording could not be opened: nothing was started
        parser.exit(EXIT_USAGE, f"mcp-session-inspector proxy: error: cannot record: {exc}\n")


def _http_proxy(parser: argparse.ArgumentParser, args: argparse.Namespace, command: list[str]) -> int:
    from typing import NoReturn
    from urllib.parse import urlsplit

    from inspector.session.http_proxy import HttpProxyOptions, ListenError, loopback_listen, run_http_proxy
    from inspector.session.proxy import say_on_stderr

    def usage(text: str) -> NoReturn:
        parser.exit(EXIT_USAGE, f"mcp-session-inspector proxy: error: {text}\n")

    if command:
        usage("--listen/--upstream proxy an HTTP server: give no command after --")
    if args.listen is None or args.upstream is None:
        usage("an HTTP proxy needs both --listen 127.0.0.1:PORT and --upstream URL")
    try:
        host, port = loopback_listen(args.listen)
    except ListenError as exc:
        usage(f"--listen {exc}")
    if urlsplit(args.upstream).scheme not in ("http", "https") or not urlsplit(args.upstream).netloc:
        usage(f"--upstream {args.upstream!r}: give the server's http:// or https:// URL")
    from inspector.session.url_relays import RELAY_OF, die_with_window

    relay = os.environ.get(RELAY_OF, "").isdigit()  # a window's relay ends with the window
    options = HttpProxyOptions(args.upstream, host, port, record=args.record, name=args.name, until_stdin_ends=relay)
    die_with_window()
    try:
        return anyio.run(lambda: run_http_proxy(options, say=say_on_stderr))
    except OSError as exc:  # the port is taken, or the recording's folder cannot be made
        usage(str(exc))
