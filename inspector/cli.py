"""Command line: ``mcp-session-inspector probe ... -- COMMAND [ARGS...]`` (headless)."""

from __future__ import annotations

import argparse
import os
import signal
import sys
from pathlib import Path
from typing import Any, TextIO

import anyio
import orjson

from inspector import __version__
from inspector.protocol.framing import DEFAULT_MAX_LINE, MIN_MAX_LINE
from inspector.protocol.lifecycle import STATE_INFO, Event
from inspector.protocol.rules import RULES
from inspector.protocol.versions import LATEST_LEGACY, LATEST_MODERN, LEGACY_VERSIONS, MODERN_VERSIONS, EraMode
from inspector.session import (
    ClientHandlers,
    ConnectionLost,
    Direction,
    Recording,
    RequestTimeout,
    Session,
    SessionOptions,
    StartFailed,
)
from inspector.session.profiles import EnvVar, ServerProfile, demo_args, url_problem

EXIT_OK = 0
EXIT_USAGE = 2
EXIT_SERVER = 3
EXIT_TIMEOUT = 4
EXIT_PROTOCOL = 5
EXIT_SIGNAL_BASE = 128  # + the signal number: 130 SIGINT (Ctrl-C), 143 SIGTERM, 129 SIGHUP

#: Signals that stop the probe the way Ctrl-C does: the server is shut down per spec first.
STOP_SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)

EXIT_HELP = """\
exit codes:
  0  ok: the session started, every request got an answer (error answers count), clean shutdown
  2  usage: the command line is wrong
  3  the server could not start, or died during the session
  4  timeout: the server did not answer the start sequence or a request in time
  5  protocol failure: initialize or server/discover failed, or the server chose an
     unsupported protocol version
  128+N  stopped by signal N: 130 Ctrl-C (SIGINT), 143 SIGTERM, 129 SIGHUP; the server is
     shut down per spec first (close stdin, wait, SIGTERM, wait, SIGKILL) and the summary
     is printed and recorded
"""

#: --capability NAME -> the capability choices of a server profile (session.profiles): the
#: command line offers what the connection panel offers, from the same table.
CAPABILITY_FLAGS = {
    "roots": ("roots",),
    "sampling": ("sampling",),
    "elicitation": ("elicitation.form", "elicitation.url"),
    "tasks": ("tasks",),
}


class UsageError(Exception):
    pass


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="mcp-session-inspector",
        description="Inspect Model Context Protocol sessions: lifecycle, byte-exact traffic, capabilities. "
        "Without a command, opens the desktop window.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument(
        "--connect-demo",
        action="store_true",
        help="window: connect to the built-in demo server at once and print 'connected' when it is ready. "
        "The window closes on SIGINT, SIGTERM or SIGHUP as if closed by hand (the session is shut down "
        "per spec) and exits with 128 + the signal number",
    )
    sub = parser.add_subparsers(dest="command")
    p = sub.add_parser(
        "probe",
        help="start a server, run the start sequence and the given requests, shut down, print a transcript",
        description="Start an MCP server over stdio, run the start sequence of the chosen era, send the given "
        "requests in order, shut the server down per spec (close stdin, SIGTERM, SIGKILL) and print every "
        "recorded entry.",
        epilog=EXIT_HELP
        + "\nexample:\n  mcp-session-inspector probe --request tools/list --request 'tools/call={\"name\":\"echo\",\"arguments\":{\"message\":\"hi\"}}' -- npx -y @modelcontextprotocol/server-everything\n",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--era", choices=["auto", "legacy", "modern"], default="auto", help="protocol era; auto probes with server/discover and falls back to initialize (default)")
    p.add_argument("--protocol-version", metavar="V", help=f"version to request (default: {LATEST_LEGACY} for legacy, {LATEST_MODERN} for modern)")
    p.add_argument(
        "--request", metavar="METHOD[=JSON]", action=_Step, default=[], help="send this request after the start sequence (repeatable; JSON is the params object)"
    )
    p.add_argument(
        "--send-raw",
        metavar="TEXT",
        action=_Step,
        default=[],
        help="send TEXT as it is, after the start sequence, in order with --request: one line over stdio, one POST body over HTTP; "
        "valid or not, it is recorded as hand-written and judged (repeatable)",
    )
    p.add_argument("--record", metavar="FILE", type=Path, help="write the recording (JSON Lines) to FILE as it happens")
    p.add_argument("--json", action="store_true", help="print one JSON object per entry, then a summary object")
    p.add_argument("--timeout", metavar="S", type=float, default=10.0, help="seconds to wait for each answer (default 10)")
    p.add_argument("--probe-timeout", metavar="S", type=float, default=3.0, help="auto mode: seconds server/discover may stay unanswered before falling back (default 3)")
    p.add_argument("--capability", choices=sorted(CAPABILITY_FLAGS), action="append", default=[], help="client capability to offer (repeatable; trimmed to what the version defines)")
    p.add_argument("--root", metavar="URI", action="append", default=[], help="a root to answer roots/list with (repeatable; implies --capability roots)")
    p.add_argument("--accept-unsupported-version", action="store_true", help="carry on when the server negotiates a version the client does not support (for teaching)")
    p.add_argument("--env", metavar="KEY=VALUE", action="append", default=[], help="environment variable for the server (repeatable)")
    p.add_argument("--clean-env", action="store_true", help="start the server with only the --env variables instead of merging them onto the inherited environment")
    p.add_argument("--cwd", metavar="DIR", help="working directory of the server")
    p.add_argument("--stdin-grace", metavar="S", type=float, default=2.0, help="shutdown: seconds to wait after closing stdin before SIGTERM (default 2)")
    p.add_argument("--term-grace", metavar="S", type=float, default=2.0, help="shutdown: seconds to wait after SIGTERM before SIGKILL (default 2)")
    p.add_argument("--max-line", metavar="SIZE", type=parse_size, default=DEFAULT_MAX_LINE, help="longest stdout/stderr line kept whole, in bytes or with K/M/G (default 64M); a longer line keeps its first SIZE bytes, the rest is counted and dropped (stdio.line-too-long)")
    p.add_argument("--max-request-time", metavar="S", type=float, default=300.0, help="hard limit for one request in seconds, however much progress it reports (default 300)")
    p.add_argument("--demo", action="store_true", help="probe the built-in demo server; arguments after -- go to the demo (e.g. -- --noise)")
    p.add_argument("--url", metavar="URL", help="probe the server at this http(s) URL instead of starting a command")
    p.add_argument(
        "--transport",
        choices=["auto", "streamable-http", "sse"],
        default="auto",
        help="with --url: auto (default: Streamable HTTP, and the 2024-11-05 HTTP+SSE transport if initialize's POST is refused with a 4xx), "
        "streamable-http, or sse (the URL is then the event stream's)",
    )
    p.add_argument("--header", metavar="NAME:VALUE", action="append", default=[], help="with --url: a header sent with every request (repeatable)")
    p.add_argument("--bearer-env", metavar="VAR", help="with --url: send 'Authorization: Bearer' with the token in environment variable VAR (a secret: masked in every output)")
    p.add_argument("--insecure", action="store_true", help="with --url: do not verify the server's TLS certificate")
    p.add_argument("argv", nargs=argparse.REMAINDER, metavar="-- COMMAND [ARGS...]", help="the server command")
    return parser


_SIZE_UNITS = {"": 1, "K": 1024, "M": 1024**2, "G": 1024**3}


def parse_size(text: str) -> int:
    """``65536``, ``64K``, ``64M``, ``1G`` (binary units; a trailing ``B``/``iB`` is allowed)."""
    t = text.strip().upper().removesuffix("IB").removesuffix("B")
    unit = t[-1:] if t[-1:] in ("K", "M", "G") else ""
    number = t[: len(t) - len(unit)]
    try:
        value = int(float(number) * _SIZE_UNITS[unit])
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size (bytes, or a number with K, M or G)") from None
    if value < MIN_MAX_LINE:
        raise argparse.ArgumentTypeError(f"{text!r} is below the smallest line limit, {MIN_MAX_LINE} bytes")
    return value


class _Step(argparse.Action):
    """--request and --send-raw keep their own lists and, together, the order they were given."""

    def __call__(self, parser, namespace, values, option_string=None) -> None:  # noqa: ANN001
        getattr(namespace, self.dest).append(values)
        steps = getattr(namespace, "steps", None)
        if steps is None:
            steps = []
            namespace.steps = steps
        steps.append(("raw" if self.dest == "send_raw" else "request", values))


def parse_steps(args: argparse.Namespace) -> list[tuple[str, Any]]:
    """What to send after the start sequence, in order: ("request", (method, params)) or
    ("raw", text)."""
    out: list[tuple[str, Any]] = []
    for kind, value in getattr(args, "steps", None) or []:
        if kind == "request":
            out.extend(("request", r) for r in parse_requests([value]))
        else:
            body = value.rstrip("\r\n")
            if not getattr(args, "url", None) and ("\n" in body or "\r" in body):
                raise UsageError(f"--send-raw {value[:40]!r}: over stdio a message is one line (no line breaks inside)")
            out.append(("raw", value))
    return out


def parse_requests(specs: list[str]) -> list[tuple[str, dict | None]]:
    out: list[tuple[str, dict | None]] = []
    for spec in specs:
        method, sep, text = spec.partition("=")
        if not method:
            raise UsageError(f"--request {spec!r}: the method name is missing")
        params = None
        if sep:
            try:
                params = orjson.loads(text)
            except orjson.JSONDecodeError as exc:
                raise UsageError(f"--request {method}: the params are not valid JSON ({exc})") from None
            if not isinstance(params, dict):
                raise UsageError(f"--request {method}: the params must be a JSON object, not {type(params).__name__}")
        out.append((method, params))
    return out


def http_headers(args: argparse.Namespace) -> list[EnvVar]:
    """--header NAME:VALUE and --bearer-env VAR as a profile's headers (the token is secret)."""
    out = []
    for item in args.header:
        name, sep, value = item.partition(":")
        if not sep or not name.strip():
            raise UsageError(f"--header {item!r}: expected NAME:VALUE")
        value = value.strip()
        if not all(0x20 <= ord(c) <= 0x7E or c == "\t" for c in value):
            raise UsageError(f"--header {name.strip()}: the value must be plain ASCII")
        out.append(EnvVar(name.strip(), value))
    if args.bearer_env:
        token = os.environ.get(args.bearer_env)
        if not token:
            raise UsageError(f"--bearer-env {args.bearer_env}: that environment variable is not set")
        out.append(EnvVar("Authorization", f"Bearer {token}", secret=True))
    return out


def options_from_args(args: argparse.Namespace) -> SessionOptions:
    argv = list(args.argv)
    if argv and argv[0] == "--":
        argv = argv[1:]
    headers = http_headers(args)
    if args.url:
        if argv or args.demo:
            raise UsageError("--url probes a server over HTTP: give no command after -- (and no --demo)")
        problem = url_problem(args.url)
        if problem:
            raise UsageError(f"--url: {problem}")
    elif headers or args.insecure:
        raise UsageError("--header, --bearer-env and --insecure go with --url")
    if args.demo:
        argv = [sys.executable, *demo_args(), *argv]
    if not argv and not args.url:
        raise UsageError("no server command given: put it after --, e.g. probe -- node server.js (or use --demo, or --url URL)")
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
    env: dict[str, str] = {}
    for item in args.env:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise UsageError(f"--env {item!r}: expected KEY=VALUE")
        env[key] = value
    if args.timeout <= 0 or args.probe_timeout <= 0 or args.max_request_time <= 0:
        raise UsageError("--timeout, --probe-timeout and --max-request-time must be positive")
    if args.max_request_time < args.timeout:
        raise UsageError(f"--max-request-time {args.max_request_time:g} is shorter than --timeout {args.timeout:g}")
    choices = [c for name in args.capability for c in CAPABILITY_FLAGS[name]]
    if args.root and "roots" not in choices:
        choices.append("roots")
    profile = ServerProfile(
        name="probe",
        command=argv[0] if argv else "",
        args=argv[1:],
        transport={"auto": "http-auto"}.get(args.transport, args.transport) if args.url else "stdio",
        url=args.url or "",
        headers=headers,
        verify_tls=not args.insecure,
        env=[EnvVar(k, v) for k, v in env.items()],
        inherit_env=not args.clean_env,
        cwd=args.cwd or "",
        era=era.value,
        protocol_version=args.protocol_version or "",
        capabilities=list(dict.fromkeys(choices)),
        connect_timeout=args.timeout,
        probe_timeout=args.probe_timeout,
        request_timeout=args.timeout,
        max_request_time=args.max_request_time,
        max_line=args.max_line,
        stdin_grace=args.stdin_grace,
        term_grace=args.term_grace,
    )
    return profile.to_options(record_path=args.record, accept_unsupported_version=args.accept_unsupported_version)


# ---------------------------------------------------------------------- transcript

_ARROWS = {Direction.C2S: "→ c2s", Direction.S2C: "← s2c", Direction.STDERR: "! err", Direction.EVENT: "• evt"}


def transcript_line(rec: Recording, i: int, width: int = 150) -> str:
    e = rec[i]
    text = e.text.replace("\t", " ")
    if len(text) > width:
        text = text[: width - 1] + f"… ({len(e.raw)} bytes)"
    label = e.extra.get("event", e.kind.label)
    if e.method:
        label += " " + e.method
    if e.id is not None:
        label += f" #{e.id}"
    parts = [f"{i:5d} {e.t:9.3f}s {_ARROWS[e.direction]}  {label}"]
    if e.latency is not None:
        parts.append(f"{e.latency * 1000:.1f} ms")
    if e.extra.get("hand_written"):
        parts.append("(hand-written)")
    if e.schema_ok is False:
        parts.append("SCHEMA INVALID")
    line = "  ".join(parts) + "\n        " + text
    tr = e.extra.get("transition")
    if tr:
        mark = "✗" if tr["failure"] else "⇒"
        line += f"\n        {mark} {STATE_INFO[e.state].title}  ({tr['label']})"
    for err in e.extra.get("schema_errors", ()):
        line += f"\n        schema: {err['path'] or '/'}: {err['message']}"
    for rid in e.violations:
        r = RULES.get(rid)
        line += f"\n        !! {rid}: {r.text if r else ''}"
    return line


class Printer:
    def __init__(self, rec: Recording, out: TextIO, as_json: bool) -> None:
        self.rec = rec
        self.out = out
        self.as_json = as_json

    def __call__(self, start: int, end: int) -> None:
        rec = self.rec
        if self.as_json:
            self.out.write("".join(orjson.dumps(rec[i].to_json(), default=str).decode() + "\n" for i in range(start, end)))
        else:
            self.out.write("".join(transcript_line(rec, i) + "\n" for i in range(start, end)))
        self.out.flush()


def print_summary(summary: dict, out: TextIO, as_json: bool) -> None:
    if as_json:
        out.write(orjson.dumps(summary, default=str).decode() + "\n")
        return
    info = summary.get("server_info") or {}
    lines = [
        "",
        "── summary " + "─" * 50,
        f"era               {summary.get('era')}",
        f"protocol version  {summary.get('protocol_version')} (offered {summary.get('offered_version')})",
        f"server            {info.get('name', '?')} {info.get('version', '')}".rstrip(),
        f"capabilities      {', '.join(sorted((summary.get('server_capabilities') or {}).keys())) or '-'}",
        f"final state       {summary.get('state')}",
    ]
    if summary.get("outcome"):
        lines.append(f"outcome           {summary['outcome']}")
    if summary.get("transport", "stdio") != "stdio":
        how = {"delete": "the client deleted the session", "none": "the client closed its streams"}.get(str(summary.get("shutdown")), "the connection was lost")
        lines.append(f"connection        {summary.get('transport')}: {how}")
    elif summary.get("signal") is not None:
        lines.append(f"process           killed by signal {summary['signal']} (shutdown step: {summary.get('shutdown')})")
    else:
        lines.append(f"process           exit code {summary.get('exit_code')} (shutdown step: {summary.get('shutdown')})")
    counts = summary.get("counts", {})
    lines.append(f"entries           {counts.get('entries')}  {counts.get('by_dir')}")
    if counts.get("schema_invalid"):
        lines.append(f"schema invalid    {counts['schema_invalid']}")
    for rid, n in sorted((counts.get("violations") or {}).items()):
        lines.append(f"violation         {rid} x{n}")
    lines.append(f"exit              {summary.get('exit')} ({summary.get('exit_reason')})")
    out.write("\n".join(lines) + "\n")


# ---------------------------------------------------------------------- probe


def root_entry(uri: str) -> dict:
    """A Root for roots/list: a file:// URI (a plain path is turned into one) and a name."""
    if "://" not in uri:
        uri = Path(uri).resolve().as_uri()
    name = uri.rstrip("/").rsplit("/", 1)[-1] or uri
    return {"uri": uri, "name": name}


async def run_probe(
    options: SessionOptions, requests: list[tuple[str, Any]], out: TextIO, as_json: bool, roots: list[str] = ()
) -> int:
    session = Session(options, handlers=ClientHandlers(roots=[root_entry(uri) for uri in roots]))
    printer = Printer(session.recording, out, as_json)
    session.recording.add_listener(printer)
    code, reason = EXIT_OK, "ok"
    stopped_by: list[int] = []  # the signal that stopped the probe, if one did
    async with anyio.create_task_group() as tg:
        # A stop signal cancels only the work inside the session, never the session itself:
        # its exit then shuts the server down per spec while it still records every step.
        work = anyio.CancelScope()
        await tg.start(_stop_on_signal, session, work, stopped_by)
        try:
            async with session:
                with work:
                    try:
                        await session.start()
                    except StartFailed as exc:
                        code, reason = _start_failure_code(session), str(exc)
                    else:
                        for kind, value in requests:
                            try:
                                if kind == "raw":  # a hand-written message: judged, never a reason to fail
                                    await session.send_text(value, wait=options.request_timeout)
                                else:
                                    await session.request(*value)
                            except RequestTimeout as exc:
                                code, reason = EXIT_TIMEOUT, str(exc)
                            except ConnectionLost as exc:
                                code, reason = EXIT_SERVER, str(exc)
                                break
                        if code == EXIT_OK and session.engine.outcome:
                            code, reason = EXIT_SERVER, session.engine.outcome
        except StartFailed as exc:  # spawn failure
            code, reason = EXIT_SERVER, str(exc)
        tg.cancel_scope.cancel()
    if stopped_by:
        number = stopped_by[0]
        code, reason = EXIT_SIGNAL_BASE + number, f"stopped by {_signal_name(number)}"
    summary = dict(session.recording.summary or session.summary())
    summary["exit"] = code
    summary["exit_reason"] = reason
    session.recording.remove_listener(printer)
    print_summary(summary, out, as_json)
    if not as_json and code != EXIT_OK:
        sys.stderr.write(f"mcp-session-inspector: {reason}\n")
    return code


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


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
                text = f"the probe received {_signal_name(number)}: shutting the server down"
                rec = session.recording
                rec.append(Direction.EVENT, session.clock(), text.encode(), session.engine.note(), {"event": "signal", "signal": number})
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
    if session.returncode is not None or session.signal is not None:
        return EXIT_SERVER
    failures = [tr for tr in session.engine.lifecycle.history if tr.failure]
    if failures and failures[-1].event is Event.TIMEOUT:
        return EXIT_TIMEOUT
    return EXIT_PROTOCOL


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    argv = sys.argv[1:] if argv is None else argv
    args = parser.parse_args(argv)  # exits 2 on usage errors
    if args.command is None:
        from inspector.ui.app import main as app_main  # Qt is imported only for the window

        return app_main([], connect_demo=args.connect_demo)
    if args.command == "probe":
        try:
            options = options_from_args(args)
            requests = parse_steps(args)
        except UsageError as exc:
            parser.exit(EXIT_USAGE, f"mcp-session-inspector probe: error: {exc}\n")
        try:
            return anyio.run(run_probe, options, requests, sys.stdout, args.json, args.root)
        except KeyboardInterrupt:  # Ctrl-C before or after the signal handlers were in place
            return EXIT_SIGNAL_BASE + signal.SIGINT
    return EXIT_USAGE

