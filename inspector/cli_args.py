"""The probe's command line: the argument parser, its help texts (:data:`EXIT_HELP`, the exit
codes; :data:`JSON_OUTPUT`, what ``--json`` prints) and the value types of its options (seconds,
a grace, a size). :mod:`inspector.cli` parses with it and runs the probe; it re-exports these
names.
"""

from __future__ import annotations

import argparse
import math
import textwrap
from pathlib import Path

from inspector import __version__
from inspector.cli_attach import add_attach_parsers
from inspector.cli_convert import add_convert_parser
from inspector.cli_diff import add_diff_parser
from inspector.cli_doctor import add_doctor_parser
from inspector.protocol.framing import DEFAULT_MAX_LINE, MIN_MAX_LINE
from inspector.protocol.versions import LATEST_LEGACY, LATEST_MODERN
from inspector.session.import_formats import FORMATS
from inspector.transport.base import Needs, first_choice, transport_choices

EXIT_HELP = """\
exit codes:
  0  ok: the session started, every request got an answer (error answers count), and the
     server shut down per spec: it exited once its stdin was closed, or on SIGTERM (the spec's
     second step; flagged lifecycle.ignored-stdin-close), and every byte it wrote is recorded
  2  usage: the command line is wrong, or a --request asks for a tools/call the spec excludes
     (a tool with invalid x-mcp-header annotations: not sent, the reason noted; the rest still run)
  3  the server could not start (over HTTP: could not be reached), or died during the session
  4  timeout: the server did not answer the start sequence or a request in time (over stdio,
     a start-sequence timeout counts from when the server has read the message; one it never
     read within --start-timeout of its start ends the start too)
  5  protocol failure: initialize or server/discover failed, or the server chose an
     unsupported protocol version
  6  the server had to be killed: everything else went well, but it ignored both the closed
     stdin and SIGTERM and SIGKILL ended it (flagged lifecycle.ignored-sigterm), or not even
     SIGKILL ended it, or processes it left in its process group ignored SIGTERM and were killed
  7  the recording is incomplete: output the server wrote is not in it; the summary's "unread"
     says how many bytes of which stream and why (the recording: an output_unread entry). A
     server that exits never causes it: after the shutdown begins every pipe is read to its end
     however long the output. A process outside the server's group still writing to its pipes
     1 s after the server and its group are gone does (a pipe only held open loses nothing),
     and so would 30 s without any output while the probe waits for the rest
  8  output failure: the recording (--record FILE) or the transcript (stdout) could not be
     written, e.g. a full disk; stderr says so ("cannot write the recording FILE: No space
     left on device"), the work stops there and the server is shut down per spec. A --record
     FILE that cannot be opened at all (a folder, no permission) is a usage error: nothing starts
  9  authorization failed (--oauth): the session failed and the sign-in, refresh or step-up
     that should have let it go on failed; stderr names the failing step and why (the auth.*
     rule ids), the summary's "authorization" says it as data. It takes the place of 2 to 5
     only when a request stayed refused because a flow failed (a refresh before a request
     that failed while the token still served is said in the summary, the exit is the session's)
  10  the surface differs from the --baseline and a change is breaking (a tool, prompt or resource
     removed, a required argument added, a type narrowed...): the summary's "baseline" names them
  11  the surface differs from the --baseline, nothing breaking (an item added, a description
     changed...); a pipeline that wants every change to fail fails on 11 too
  128+N  stopped by signal N: 130 Ctrl-C (SIGINT), 143 SIGTERM, 129 SIGHUP; the server is
     shut down per spec first (close stdin, wait, SIGTERM, wait, SIGKILL) and the summary
     is printed and recorded. 141 (128 + SIGPIPE): stdout's reader closed it (probe ... |
     head -1): the server is shut down per spec, the summary recorded, and the probe ends
     quietly, as tools that SIGPIPE ends do
  codes 2 to 5, 9 and 128+N take precedence over 6 and 7 (unread output is added to the reason);
  8 takes precedence over 2 to 7 and 9 (their reason is added), 128+N over 8; the session's
  own codes (2 to 9, 128+N) over 10 and 11: a session that failed is not compared

units:
  transcript: the second column is the time since the probe started, in seconds ("0.094s");
     a latency as every view writes it ("0.42 ms", "89.3 ms", "2.345 s"); both with their unit
  --json: every time and latency is a number of seconds
  --timeout, --probe-timeout, --start-timeout, --stdin-grace, --term-grace, --max-request-time: seconds;
  --max-line: bytes (or K, M, G)
"""

#: The --json output, in one place (``probe --help`` prints it; the README links here).
JSON_OUTPUT = """\
--json output: one JSON object per line (JSON Lines), an entry per line as the session goes,
then one summary object. Times and latencies are in seconds.

  entry:   {"seq": 0, "t": 0.0146, "dir": "c2s", "kind": "request", "method": "initialize",
            "id": 1, "raw": "...", "state": "initializing", "violations": [], "schema_ok": true, ...}
    seq         int     position in the recording, from 0
    t           float   seconds since the session started
    dir         string  c2s (client to server), s2c (server to client), stderr, event, note (HTTP)
    kind        string  request, notification, result, error, noise (not JSON), invalid (JSON,
                        not JSON-RPC), batch, stderr, process (a process's event), note (the
                        inspector's: a timeout), link (an HTTP link's event), link-note (HTTP note)
    method      string|null   the JSON-RPC method (a response: its request's)
    id          any|null      the JSON-RPC id as sent (number or string; a malformed one as it was)
    raw         string  the exact bytes as UTF-8 (invalid bytes replaced; then raw_b64 holds them)
    raw_b64     string  only when raw is not valid UTF-8: the exact bytes, base64
    state       string  the lifecycle state after this entry: legacy uninitialized,
                        initializing, initialized, operating; modern idle, discovering, ready;
                        both shutting_down, terminated, failed
    violations  [string]  ids of the rules the entry broke (lifecycle.*, jsonrpc.*, ...)
    schema_ok   bool|null  the message against the negotiated version's JSON Schema (null: not checked)
    latency     float   responses: seconds since the request
    paired      int     responses, answers, progress: seq of the request
    transition  object  {"from", "to", "event", "label", "failure"} when the state changed
    schema_errors [object]  {"path", "message"} for each schema error
    problem     string  noise and invalid entries: why it is not a JSON-RPC message ("not JSON: ...")
    notes       [string]  ids of info rules that explain the entry without flagging it
                        (jsonrpc.error-id-null: an error with id null for a request the server
                        could not read, as JSON-RPC 2.0 requires); never counted as violations
    event       string  process/HTTP events: spawned, spawn_failed, stdin_closed, waiting,
                        sigterm_sent, sigkill_sent, stdout_closed, stderr_closed, exited, signal,
                        output_unread (output not recorded: stream, bytes, more, why), ...;
                        the probe's own notes: answer_policy (what an --answer policy answered,
                        before the answer), probe_note (tools listed to check a tools/call),
                        refused (a --request not sent, and why);
                        the start sequence's: timeout (never_read: seconds, when the server had
                        read nothing of its stdin by the start timeout), start_wait (a message
                        still unread past its timeout: the server is still starting),
                        request_read (the server read it at last), era_decided (a late modern
                        answer undid the fallback to initialize, and why);
                        auth_discovery (after a 401 or 403 insufficient_scope: step fetch, with
                        the URL masked, its status and result; finding, an auth.* rule; conclusion)
                        auth_flow (--oauth: each step of the sign-in: exchange, with its purpose,
                        masked request and response, expected and spec section; client, finding,
                        step-up, signed-in, failed with failed_step and reason)
    pid, returncode, signal, hand_written, ...   further facts of some entries

  summary: {"kind": "summary", ...}, last
    era               string|null   legacy or modern (null: never found)
    protocol_version  string|null   negotiated (null: none)
    offered_version   string|null   what the client asked for
    server_info       object|null   the server's serverInfo
    server_capabilities object|null the server's capabilities
    server_versions   [string]|null modern era: the versions server/discover listed
    instructions      string|null
    state             string  the final lifecycle state
    outcome           string|null   why the session ended badly (null: it did not)
    outcome_code      string|null   the same as an id; outcome_args: its values
    era_reason        string|null   why this era: by hand, or what the probe's answer (or its
                                    silence, or a late answer after the fallback) said
    transport         string  stdio, streamable-http or sse
    exit_code         int|null      the server process's exit code (stdio)
    signal            int|null      the signal that ended it (stdio)
    shutdown          string|null   the shutdown step that ended it: none (exited by itself),
                                    stdin, sigterm, sigkill; HTTP: delete, none
    unread            [object]|null what the server wrote that the recording does not hold, per
                                    stream: {"stream", "bytes", "more" (reading stopped before
                                    the stream ended: what followed is unknown), "why"}; null
                                    when every byte is recorded (see exit code 7)
    counts            object  {"entries", "by_dir": {c2s, s2c, stderr, event[, note]}, "by_kind",
                               "schema_invalid", "violations": {rule id: count}}
    exit              int     the probe's exit code (see exit codes); --record FILE's summary
                              has it too (a recording stopped by a write failure has no summary)
    exit_reason       string  why, in words ("ok" when 0); a server that died quotes the
                              stderr lines that say why
    auth_discovery    object  only without --oauth, after a 401 or 403 insufficient_scope over
                              HTTP: the authorization discovery's URLs tried, what was found, the
                              auth.* findings and whether a sign-in could go ahead (none is made)
    authorization     object  only with --oauth: {"signed_in", "issuer", "scopes", "expires_at"
                              (ISO 8601, UTC, or null), "client_id", "flow" (what ran last: sign-in,
                              refresh or step-up; null: a stored token served), "failed_step"
                              and "reason" (null unless it failed), "findings" [auth.* rule id]};
                              never a token, a code, a verifier or a secret
    baseline          object  only with --baseline: {"file", "compared" (false: the session failed,
                              "why" says so)} and the comparison as `diff --json` gives it: "same",
                              "breaking", "counts", "items" (kind, key, status, breaking, changes,
                              findings), "notes" (see exit codes 10 and 11)
"""

#: --capability NAME -> the capability choices of a server profile (session.profiles): the
#: command line offers what the connection panel offers, from the same table.
CAPABILITY_FLAGS = {
    "roots": ("roots",),
    "sampling": ("sampling",),
    "elicitation": ("elicitation.form", "elicitation.url"),
    "tasks": ("tasks",),
}


#: What a transport takes on the probe's command line, by what it needs.
NEEDS_WORDS = {Needs.COMMAND: "with a command after --", Needs.URL: "with --url"}


PROXY_EXIT_HELP = """\
exit codes:
  N      (stdio) the server's own exit code, passed on
  128+N  (stdio) signal N ended the server
  127    (stdio) COMMAND could not be started (said on stderr, recorded as spawn_failed)
  2      usage: the command line is wrong (no COMMAND, a --listen that is not loopback, an
         --upstream that is no http(s) URL), the recording cannot be opened, or the port is taken
  0      (--listen) stopped by SIGINT, SIGTERM or SIGHUP, the recording complete
"""


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
    # the window's own flags: inspector.ui.app (settings folder, self-test)
    parser.add_argument(
        "--reset-settings",
        action="store_true",
        help="forget the window's saved settings (size, docks and toolbar, language, theme, last recordings folder: "
        "settings.ini in ~/.config/mcp-session-inspector/) and exit; saved servers are kept",
    )
    parser.add_argument(
        "--self-test",
        action="store_true",
        help="check this installation and exit (0 ok, 1 failed, saying what): paint the window (on the display "
        "there is: xcb under xvfb-run; offscreen without one; QT_QPA_PLATFORM chooses), connect to the "
        "built-in demo server, run tools/list, shut it down, load the Chinese translation",
    )
    sub = parser.add_subparsers(dest="command")
    p = sub.add_parser(
        "probe",
        help="start a server, run the start sequence and the given requests, shut down, print a transcript",
        description="Start an MCP server over stdio, run the start sequence of the chosen era, send the given "
        "requests in order, shut the server down per spec (close stdin, SIGTERM, SIGKILL) and print every "
        "recorded entry.",
        epilog=EXIT_HELP
        + "\n"
        + JSON_OUTPUT
        + "\nexamples:\n  mcp-session-inspector probe --request tools/list --request "
        '\'tools/call={"name":"echo","arguments":{"message":"hi"}}\' -- npx -y '
        "@modelcontextprotocol/server-everything\n"
        "  mcp-session-inspector probe --config ~/.config/Claude/claude_desktop_config.json --server github "
        "--request tools/list\n",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "--era",
        choices=["auto", "legacy", "modern"],
        default="auto",
        help="protocol era; auto probes with server/discover and falls back to initialize (default)",
    )
    p.add_argument(
        "--protocol-version",
        metavar="V",
        help=f"version to request (default: {LATEST_LEGACY} for legacy, {LATEST_MODERN} for modern)",
    )
    p.add_argument(
        "--request",
        metavar="METHOD[=JSON]",
        action=_Step,
        default=[],
        help="send this request after the start sequence (repeatable; JSON is the params object)",
    )
    p.add_argument(
        "--send-raw",
        metavar="TEXT",
        action=_Step,
        default=[],
        help="send TEXT as it is, after the start sequence, in order with --request: one line over stdio, one "
        "POST body over HTTP; "
        "valid or not, it is recorded as hand-written and judged (repeatable)",
    )
    p.add_argument("--record", metavar="FILE", type=Path, help="write the recording (JSON Lines) to FILE as it happens")
    p.add_argument(
        "--json", action="store_true", help="print one JSON object per entry, then a summary object (described below)"
    )
    p.add_argument(
        "--timeout",
        metavar="S",
        type=seconds,
        default=10.0,
        help="seconds to wait for the start sequence and for each answer (default 10)",
    )
    p.add_argument(
        "--probe-timeout",
        metavar="S",
        type=seconds,
        default=3.0,
        help=(
            "auto mode over stdio: seconds server/discover may stay unanswered, once the server has read it, "
            "before falling back (default 3)"
        ),
    )
    p.add_argument(
        "--start-timeout",
        metavar="S",
        type=seconds,
        default=60.0,
        help="stdio: seconds the server may take from its start to read its first message; until it reads it, "
        "--timeout and --probe-timeout do not run (default 60)",
    )
    p.add_argument(
        "--capability",
        choices=sorted(CAPABILITY_FLAGS),
        action="append",
        default=[],
        help="client capability to offer (repeatable; trimmed to what the version defines)",
    )
    p.add_argument(
        "--root",
        metavar="URI",
        action="append",
        default=[],
        help="a root to answer roots/list with (repeatable; implies --capability roots)",
    )
    p.add_argument(
        "--answer",
        metavar="METHOD=POLICY",
        action="append",
        default=[],
        help="how to answer a request from the server (repeatable; implies the client capability it needs): "
        "elicitation=accept-defaults|decline|cancel|JSON (accept-defaults: the form's default values; it "
        "declines when a required "
        "field has no default and for URL mode), sampling=JSON, roots=JSON, or ping, tasks/get, "
        "tasks/result, tasks/list, "
        "tasks/cancel=JSON; a JSON answer is the result object, checked against the schema of the versions "
        "the probe may speak. "
        "Without it: roots from --root, sampling rejected, elicitation declined",
    )
    p.add_argument(
        "--accept-unsupported-version",
        action="store_true",
        help="carry on when the server negotiates a version the client does not support (for teaching)",
    )
    p.add_argument(
        "--env",
        metavar="KEY=VALUE",
        action="append",
        default=[],
        help="environment variable for the server (repeatable)",
    )
    p.add_argument(
        "--clean-env",
        action="store_true",
        help="start the server with only the --env variables instead of merging them onto the inherited environment",
    )
    p.add_argument("--cwd", metavar="DIR", help="working directory of the server")
    p.add_argument(
        "--stdin-grace",
        metavar="S",
        type=grace_seconds,
        default=2.0,
        help="shutdown: seconds to wait after closing stdin before SIGTERM (default 2)",
    )
    p.add_argument(
        "--term-grace",
        metavar="S",
        type=grace_seconds,
        default=2.0,
        help="shutdown: seconds to wait after SIGTERM before SIGKILL (default 2)",
    )
    p.add_argument(
        "--max-line",
        metavar="SIZE",
        type=parse_size,
        default=DEFAULT_MAX_LINE,
        help=(
            "longest stdout/stderr line, HTTP body or SSE event kept whole, in bytes or with K/M/G (default "
            "64M); a longer one keeps its first SIZE bytes, the rest is counted and dropped "
            "(stdio.line-too-long, http.message-too-long, http.body-too-long)"
        ),
    )
    p.add_argument(
        "--max-request-time",
        metavar="S",
        type=seconds,
        default=300.0,
        help="hard limit for one request in seconds, however much progress it reports (default 300)",
    )
    p.add_argument(
        "--demo",
        action="store_true",
        help="probe the built-in demo server; arguments after -- go to the demo (e.g. -- --noise)",
    )
    p.add_argument("--url", metavar="URL", help="probe the server at this http(s) URL instead of starting a command")
    p.add_argument(
        "--transport",
        choices=[choice.option for choice in transport_choices()],  # each registered choice's own word
        help="how to reach the server (default: "
        + ", ".join(f"{first_choice(needs).option} {NEEDS_WORDS[needs]}" for needs in Needs)
        + "): "
        + ", ".join(f"{choice.option} ({choice.label})" for choice in transport_choices())
        + ". auto speaks Streamable HTTP, and the 2024-11-05 HTTP+SSE transport if initialize's POST is refused "
        "with a 4xx; with sse the URL is the event stream's",
    )
    p.add_argument(
        "--header",
        metavar="NAME:VALUE",
        action="append",
        default=[],
        help="with --url: a header sent with every request (repeatable); one whose name or value looks secret "
        "(Authorization, Proxy-Authorization, Cookie, a name with key, token, secret, password or auth; a "
        "Bearer or other token) "
        "is masked in every output, as --bearer-env is",
    )
    p.add_argument(
        "--bearer-env",
        metavar="VAR",
        help=(
            "with --url: send 'Authorization: Bearer' with the token in environment variable VAR (a secret: "
            "masked in every output)"
        ),
    )
    p.add_argument("--insecure", action="store_true", help="with --url: do not verify the server's TLS certificate")
    p.add_argument(
        "--oauth",
        action="store_true",
        help="with --url: sign in with OAuth when the server asks (401, or 403 insufficient_scope: step-up), as the "
        "MCP authorization spec of the version in use says; a token stored by an earlier sign-in (the window's or "
        "the probe's) is used first. The authorization URL is announced on stderr",
    )
    p.add_argument(
        "--client-id",
        metavar="ID",
        help="with --oauth: a pre-registered client id (without it: dynamic client registration)",
    )
    p.add_argument(
        "--client-secret-env",
        metavar="VAR",
        help="with --oauth --client-id: the client secret is in environment variable VAR (never on the command "
        "line, never printed)",
    )
    p.add_argument(
        "--client-auth",
        choices=["none", "client_secret_basic", "client_secret_post"],
        help="with --oauth --client-id: how that client authenticates at the token endpoint, as it was registered "
        "(default: from the server's metadata: none without a secret, else client_secret_basic first)",
    )
    p.add_argument(
        "--scope",
        metavar="S",
        action="append",
        default=[],
        help="with --oauth: a scope to ask for (repeatable; without it: the challenge's, else the server's)",
    )
    p.add_argument(
        "--no-browser",
        action="store_true",
        help="with --oauth: open no browser; the probe GETs the authorization URL itself and follows its redirects "
        "to its loopback redirect (for authorization servers that approve without a person: test servers, CI)",
    )
    p.add_argument(
        "--client-credentials",
        action="store_true",
        help="with --oauth --client-id --client-secret-env: the client credentials grant (a machine client, no "
        "browser) instead of the authorization code",
    )
    p.add_argument(
        "--sign-out",
        action="store_true",
        help="with --url alone: forget the OAuth tokens stored for that server (says how many) and exit 0",
    )
    p.add_argument(
        "--config",
        metavar="FILE",
        type=Path,
        help="probe a server defined in FILE: Claude Desktop's claude_desktop_config.json, VS Code's mcp.json, "
        "Cursor's mcp.json, "
        "Windsurf's mcp_config.json, an MCP Inspector config or a registry server.json (format detected; see --format)",
    )
    p.add_argument(
        "--server", metavar="NAME", help="with --config: the server's name in the file (not needed when it defines one)"
    )
    p.add_argument(
        "--input",
        metavar="ID=VALUE",
        action="append",
        default=[],
        help="with --config: the value of an input the file asks for (VS Code ${input:ID}, a registry variable; "
        "repeatable). "
        "An input left out takes its default; one without a default that is required, or that VS Code would "
        "prompt for, must be given "
        "(ID= gives it empty)",
    )
    p.add_argument(
        "--format",
        choices=sorted(FORMATS),
        help="with --config: the file's format, when it cannot be told from the file",
    )
    p.add_argument(
        "--save-surface",
        metavar="FILE",
        type=Path,
        help="after the session, write the server's surface (what it offered: server info, version, capabilities, "
        "tools, prompts, resources, templates, cache hints) to FILE, atomically; the probe lists every list the "
        "server declares first, every page. Not written when the session failed",
    )
    p.add_argument(
        "--baseline",
        metavar="FILE",
        type=Path,
        help="after the session, compare the server's surface with FILE (a surface file from --save-surface, a "
        "recording, a host log or HAR): exit 10 when a change is breaking, 11 when nothing breaking changed; the "
        "summary's baseline names every item added, removed or changed. Every list is listed first, as for "
        "--save-surface",
    )
    p.add_argument(
        "--junit",
        metavar="FILE",
        type=Path,
        help="with --baseline: write a JUnit XML report to FILE: a testcase per item and per aspect of the server, "
        "a breaking change a failure, another change passing with its words in system-out, a failed session an "
        "error",
    )
    p.add_argument("argv", nargs=argparse.REMAINDER, metavar="-- COMMAND [ARGS...]", help="the server command")
    x = sub.add_parser(
        "proxy",
        help="watch a host: run in place of a stdio server, forward every byte both ways, record both sides",
        description=textwrap.fill(
            "A stdio shim a host (Claude Desktop, VS Code, Cursor, an SDK client) launches in place of the "
            "server: it starts COMMAND, forwards every byte both ways unchanged, passes the server's stderr on, and "
            "records both directions (the host's messages judged as the client's). SIGINT, SIGTERM and SIGHUP go to "
            "the server; when the host closes stdin the server is shut down per spec. Exits with the server's exit "
            "code (128 + the signal when one ended it).",
            79,
        ),
        epilog=PROXY_EXIT_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    x.add_argument(
        "--record",
        metavar="FILE",
        type=Path,
        help="write the recording to FILE (default: a new file in $XDG_DATA_HOME/mcp-session-inspector/proxied/, "
        "named by server and time, said once on stderr)",
    )
    x.add_argument(
        "--name",
        metavar="NAME",
        help="the server's name in the recording (default: what the command launches: the npx/uvx package, "
        "the python -m module, the node script, the docker image...)",
    )
    x.add_argument(
        "--listen",
        metavar="127.0.0.1:PORT",
        help="HTTP: be a reverse proxy listening here (loopback only: 127.0.0.1 or [::1]; PORT 0: a free one, said "
        "on stderr) for the MCP server at --upstream, instead of starting a stdio COMMAND",
    )
    x.add_argument(
        "--upstream",
        metavar="URL",
        help="HTTP: the MCP server's URL (Streamable HTTP or HTTP+SSE); the host is pointed at the proxy's address "
        "with the same path",
    )
    x.add_argument("argv", nargs=argparse.REMAINDER, metavar="-- COMMAND [ARGS...]", help="the server command")
    add_convert_parser(sub)
    add_attach_parsers(sub)
    add_diff_parser(sub)
    add_doctor_parser(sub, p)
    return parser


_SIZE_UNITS = {"": 1, "K": 1024, "M": 1024**2, "G": 1024**3}


def seconds(text: str) -> float:
    """A timeout: a finite number of seconds above 0 (argparse names the option when not)."""
    value = _finite(text)
    if value <= 0:
        raise argparse.ArgumentTypeError(f"{text!r}: a timeout must be more than 0 seconds")
    return value


def grace_seconds(text: str) -> float:
    """A shutdown grace: a finite number of seconds, 0 or more (0: the next step at once)."""
    value = _finite(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text!r}: a grace cannot be negative (0 goes to the next step at once)")
    return value


def _finite(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"{text!r} is not a finite number of seconds")
    return value


def parse_size(text: str) -> int:
    """``65536``, ``64K``, ``64M``, ``1G`` (binary units; a trailing ``B``/``iB`` is allowed)."""
    t = text.strip().upper().removesuffix("IB").removesuffix("B")
    unit = t[-1:] if t[-1:] in ("K", "M", "G") else ""
    number = t[: len(t) - len(unit)]
    try:
        value = int(float(number) * _SIZE_UNITS[unit])
    except (ValueError, OverflowError):  # "x", "nan", "inf"
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
