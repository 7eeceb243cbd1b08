"""The probe's output for people, its --help, and ``probe --config FILE --server NAME``.

Servers run for real through pipes: the built-in demo (started from a sample configuration
file as ``python -m inspector.demo``, ``python`` found on PATH), the misbehaving fixture
server, and a small script that dies with a Python traceback followed by a JSON dump.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import orjson
import pytest
from cli_helpers import usage_error
from peers import misbehave

from inspector import cli
from inspector.session.entry_text import transcript_line, transcript_lines

CONFIGS = Path(__file__).resolve().parent / "fixtures" / "configs"
GRACES = ("--stdin-grace", "0.3", "--term-grace", "0.5")


def run_probe(*args: str, path_first: str | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    if path_first:  # the sample configs start "python": this interpreter's
        env["PATH"] = path_first + os.pathsep + env.get("PATH", "")
    return subprocess.run(
        [sys.executable, "-m", "inspector", "probe", *args], capture_output=True, text=True, timeout=90, env=env
    )


def json_lines(text: str) -> tuple[list[dict], dict]:
    rows = [orjson.loads(line) for line in text.splitlines() if line.strip()]
    return rows[:-1], rows[-1]


def assert_no_reprs(text: str) -> None:
    assert "None" not in text, text
    assert "{'" not in text and "['" not in text, text


# ---------------------------------------------------------------------- output for people


def test_human_output_has_no_python_reprs_and_labels_stderr() -> None:
    run = run_probe("--era", "legacy", "--request", "tools/list", *GRACES, "--", *misbehave("stderr-chatter"))
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert_no_reprs(out)
    stderr_rows = [line for line in out.splitlines() if " ! " in line]
    assert stderr_rows and all(line.rstrip().endswith("! stderr") for line in stderr_rows)
    assert "! err " not in out and "• evt" not in out
    assert "• event  spawned" in out and "• event  stdin closed" in out
    assert "request tools/list #2" in out and " ms" in out  # a latency, in milliseconds
    summary = out.split("── summary", 1)[1]
    assert "entries           " in summary and "client→server" in summary and "stderr" in summary
    assert "process           exit code 0 (it exited when stdin closed)" in summary
    assert "exit              0 (ok)" in summary


def test_a_server_that_never_started_is_described_without_reprs() -> None:
    run = run_probe("--", "/nonexistent/mcp-server")
    assert run.returncode == 3
    assert_no_reprs(run.stdout)
    assert "era               not found" in run.stdout
    assert "protocol version  none agreed" in run.stdout
    assert "process           did not start" in run.stdout
    assert "entries           1 (1 event)" in run.stdout


def test_a_server_that_dies_with_a_traceback_is_quoted_by_its_exception(tmp_path: Path) -> None:
    script = tmp_path / "dies.py"
    script.write_text(
        textwrap.dedent("""\
        import sys, traceback
        sys.stdin.readline()
        try:
            raise RuntimeError("cannot open database /nope.db")
        except RuntimeError:
            traceback.print_exc()
        print("{", file=sys.stderr)
        print('  "settings": "dumped on exit"', file=sys.stderr)
        print("}", file=sys.stderr)
        sys.exit(1)
        """)
    )
    run = run_probe("--era", "legacy", *GRACES, "--", sys.executable, str(script))
    assert run.returncode == 3
    assert_no_reprs(run.stdout)
    assert run.stderr.splitlines() == [
        "mcp-session-inspector: the server exited with code 1",
        "  stderr: RuntimeError: cannot open database /nope.db",
    ]
    assert "its stderr says: RuntimeError: cannot open database /nope.db)" in run.stdout  # the summary's exit line
    # the same reason in --json
    run = run_probe("--json", "--era", "legacy", *GRACES, "--", sys.executable, str(script))
    _, summary = json_lines(run.stdout)
    assert summary["exit_reason"].endswith("its stderr says: RuntimeError: cannot open database /nope.db")


def test_the_failure_quotes_the_error_lines_of_a_crash_during_initialize() -> None:
    run = run_probe("--era", "legacy", *GRACES, "--", *misbehave("crash-init"))
    assert run.returncode == 3
    assert run.stderr.splitlines()[1:] == [
        "  stderr: Error: config file /etc/x.toml not found",
        "  stderr: Fatal: cannot start server, exiting with status 3",
    ]
    assert "Loading configuration" not in run.stderr


def test_help_states_the_units_and_the_json_output() -> None:
    text = run_probe("--help").stdout
    assert 'a latency as every view writes it ("0.42 ms", "89.3 ms", "2.345 s")' in text
    assert "--json: every time and latency is a number of seconds" in text
    assert cli.JSON_OUTPUT.splitlines()[0] in text
    for field in (
        "seq",
        "t",
        "dir",
        "kind",
        "raw",
        "violations",
        "schema_ok",
        "latency",
        "exit_code",
        "exit_reason",
        "counts",
    ):
        assert f"    {field} " in cli.JSON_OUTPUT
    assert "--config FILE" in text and "--server NAME" in text and "--input ID=VALUE" in text


def test_every_field_probe_json_writes_is_documented_in_json_output() -> None:
    """The fields of real --json runs (noise, invalid UTF-8, a crash, duplicate answers) against
    the one place that describes them."""
    documented = set(re.findall(r"^    (\w+)\s", cli.JSON_OUTPUT, re.M))
    documented |= set(
        re.findall(r"(\w+),", "".join(line for line in cli.JSON_OUTPUT.splitlines() if "further facts" in line))
    )
    documented |= {"outcome_args", "kind"}  # named beside outcome_code; kind: the summary's "summary"
    seen: set[str] = set()
    for mode in ("noise", "invalid-utf8", "crash-init", "dup-response"):
        run = run_probe("--json", "--era", "legacy", *GRACES, "--request", "tools/list", "--", *misbehave(mode))
        for line in run.stdout.splitlines():
            seen |= set(json.loads(line))
    assert {
        "problem",
        "raw_b64",
        "returncode",
        "transition",
        "outcome_code",
    } <= seen  # the runs did show the rarer fields
    assert seen - documented == set()


# ---------------------------------------------------------------------- probe --config


def test_probe_config_connects_to_the_demo_defined_in_a_claude_desktop_file() -> None:
    venv_bin = str(Path(sys.executable).parent)
    run = run_probe(
        "--json",
        "--config",
        str(CONFIGS / "claude_desktop_config.json"),
        "--server",
        "demo",
        "--era",
        "legacy",
        "--request",
        "tools/list",
        *GRACES,
        path_first=venv_bin,
    )
    assert run.returncode == 0, run.stderr
    entries, summary = json_lines(run.stdout)
    assert entries[0]["event"] == "spawned" and entries[0]["raw"] == "python -m inspector.demo"
    assert summary["server_info"]["name"] == "mcp-session-inspector-demo"
    assert summary["exit"] == 0 and summary["exit_code"] == 0
    assert any(e["method"] == "tools/list" and e["dir"] == "s2c" for e in entries)


def test_probe_config_fills_a_vscode_input_and_prints_the_files_notes(tmp_path: Path) -> None:
    venv_bin = str(Path(sys.executable).parent)
    vscode = CONFIGS / "workspace" / ".vscode" / "mcp.json"
    run = run_probe(
        "--json",
        "--config",
        str(vscode),
        "--server",
        "demo",
        "--input",
        "demo-lang=zh_CN",
        "--era",
        "legacy",
        *GRACES,
        path_first=venv_bin,
    )
    assert run.returncode == 0, run.stderr
    entries, summary = json_lines(run.stdout)
    assert entries[0]["raw"] == "python -m inspector.demo --lang zh_CN"
    assert summary["server_info"]["name"] == "mcp-session-inspector-demo"
    noted = tmp_path / "mcp.json"
    noted.write_text(
        '{"mcpServers": {"demo": {"command": "python", "args": ["-m", "inspector.demo"], "autoApprove": ["echo"]}}}'
    )
    run = run_probe(
        "--config", str(noted), "--era", "legacy", *GRACES, path_first=venv_bin
    )  # the only server: no --server needed
    assert run.returncode == 0, run.stderr
    assert (
        "mcp-session-inspector probe: note: mcp.json: $.mcpServers.demo.autoApprove: not imported: the "
        "inspector has no such setting" in run.stderr
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--config", str(CONFIGS / "claude_desktop_config.json")],
            "defines 3 servers: choose one with --server NAME (demo, github, filesystem)",
        ),
        (
            ["--config", str(CONFIGS / "claude_desktop_config.json"), "--server", "nope"],
            "no server 'nope'; it defines: demo, github, filesystem",
        ),
        (
            ["--config", str(CONFIGS / "malformed" / "wrong_types.json"), "--server", "unknown-type"],
            "unknown transport type 'websocket'",
        ),
        (["--config", str(CONFIGS / "malformed" / "claude_desktop_config.json")], "line 5, column 7: not valid JSON"),
        (
            ["--config", str(CONFIGS / "server.json"), "--server", "Weather (npm)"],
            "needs --input WEATHER_API_KEY=VALUE",
        ),
        (
            ["--config", str(CONFIGS / "server.json"), "--server", "Weather (pypi)", "--input", "x=1"],
            "has no such input",
        ),
        (
            ["--config", str(CONFIGS / "claude_desktop_config.json"), "--server", "demo", "--", "node", "x.js"],
            "--config names the server",
        ),
        (["--server", "demo", "--", "node", "x.js"], "--server, --input and --format go with --config FILE"),
    ],
)
def test_config_usage_errors_exit_2(capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    assert message in usage_error(capsys, args)


def test_a_registry_input_by_its_short_name_becomes_a_secret_variable() -> None:
    args = cli.build_parser().parse_args(
        [
            "probe",
            "--config",
            str(CONFIGS / "server.json"),
            "--server",
            "Weather (npm)",
            "--input",
            "WEATHER_API_KEY=k-1",
        ]
    )
    notes: list[str] = []
    options = cli.options_from_args(args, notes)
    spec = options.transport
    assert spec.argv == ["npx", "-y", "@example/weather-mcp@1.4.0", "serve", "--units", "metric"]
    assert spec.env == {"WEATHER_API_KEY": "k-1", "WEATHER_REGION": "eu"}
    assert "k-1" not in str(spec.describe())


@pytest.mark.anyio
async def test_the_transcript_short_path_prints_what_the_full_one_does(tmp_path: Path) -> None:
    """transcript_lines (a flood's plain notifications take a short path) prints exactly what
    transcript_line does, for a whole demo session and for lines that are long, have tabs, are
    not UTF-8, end in CRLF or not at all."""
    from demo_recording import record_demo_session

    from inspector.protocol.engine import ProtocolEngine
    from inspector.protocol.messages import Kind
    from inspector.session import Direction, Recording

    rec = Recording.load(await record_demo_session(tmp_path / "demo.jsonl"))
    engine = ProtocolEngine()
    for raw in (
        b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"a\\tb"}}\n',
        b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"x"}}\r\n',
        b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"' + b"y" * 300 + b'"}}\n',
        b"\xff\xfe not utf-8\n",
        b'{"jsonrpc":"2.0","method":"notifications/message","params":{}}',
    ):
        rec.append(Direction.S2C, rec.t0 + 5.0, raw, engine.incoming(raw, 5.0, len(rec)))
    assert transcript_lines(rec, 0, len(rec)) == "".join(transcript_line(rec, i) + "\n" for i in range(len(rec)))
    # one read of plain lines (a flood's) is formatted in bulk; a run with a tab, non-ASCII or
    # a long line is not, and prints the same
    note = b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"%b"}}\n'
    tabbed = b'{"jsonrpc":"2.0",\t"method":"notifications/message","params":{"level":"info","data":"%b"}}\n'
    for t, (template, data) in enumerate(
        ((note, b"plain"), (note, "中文".encode()), (tabbed, b"tab"), (note, b"z" * 200)), 6
    ):
        lines = [template % (data + b" %d" % k) for k in range(5)]
        start = len(rec)
        rec.extend(Direction.S2C, rec.t0 + t, lines, engine.incoming_many(lines, float(t), start, None))
        assert rec.plain_run(start, len(rec)) is not None
        assert transcript_lines(rec, start, len(rec)) == "".join(
            transcript_line(rec, i) + "\n" for i in range(start, len(rec))
        )
    # a read of stderr lines (recorded as one batch) likewise: plain, with a tab, a CR, bytes that
    # are not UTF-8, a long one, the last without its newline
    for t, lines in enumerate(
        (
            [b"flood %07d ....\n" % k for k in range(5)],
            [b"a\tb\n", b"plain\n"],
            [b"crlf\r\n", b"plain\n"],
            [b"\xff\xfe\n", b"plain\n"],
            [b"x" * 300 + b"\n", b"plain\n"],
            [b"plain\n", b"no line end"],
            [b"", b"after an empty one\n"],
        ),
        20,
    ):
        start = len(rec)
        rec.extend(Direction.STDERR, rec.t0 + t, lines, [engine.note(Kind.STDERR)] * len(lines))
        assert rec.plain_run(start, len(rec)) is not None
        assert transcript_lines(rec, start, len(rec)) == "".join(
            transcript_line(rec, i) + "\n" for i in range(start, len(rec))
        )
    # an empty entry (a loaded recording can hold one) among others: taken one by one, the same
    start = len(rec)
    for t, raw in enumerate((b"", b"x\n", b""), 40):
        rec.append(Direction.STDERR, rec.t0 + t, raw, engine.note(Kind.STDERR))
    assert transcript_lines(rec, start, len(rec)) == "".join(
        transcript_line(rec, i) + "\n" for i in range(start, len(rec))
    )
