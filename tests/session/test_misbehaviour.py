"""Misbehaving servers (tests/fixtures/servers/misbehave.py) through Session and the probe.

The probe runs as ``python -m inspector probe --json`` in a subprocess where its exit code is
part of what is tested, and in-process (``inspector.cli.main``) elsewhere. Each test checks the
recorded states, the rules flagged and how the session ended.
"""

from __future__ import annotations

import base64
import subprocess
import sys

import anyio
import orjson
import pytest
from cli_helpers import usage_error
from session_helpers import (
    find,
    first,
    messages,
    misbehave,
    options,
    probe,
    process_events,
    rules,
    state_path,
    transitions,
    wait_for,
)

from inspector import cli
from inspector.protocol.lifecycle import State
from inspector.protocol.messages import Kind
from inspector.protocol.versions import EraMode
from inspector.session import ConnectionLost, Direction, Session, StartFailed

pytestmark = pytest.mark.anyio

LEGACY_OK_PATH = [
    State.UNINITIALIZED,
    State.INITIALIZING,
    State.INITIALIZED,
    State.OPERATING,
    State.SHUTTING_DOWN,
    State.TERMINATED,
]
# Short graces: a well-behaved fixture exits within milliseconds of stdin closing.
GRACES = ("--stdin-grace", "0.3", "--term-grace", "0.5")


def run_main(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[dict], dict]:
    """``inspector.cli.main(["probe", "--json", ...])`` in-process."""
    code = cli.main(["probe", "--json", *args])
    lines = [orjson.loads(line) for line in capsys.readouterr().out.splitlines() if line.strip()]
    return code, lines[:-1], lines[-1]


# ---------------------------------------------------------------------- stdout framing


async def test_noise_before_the_first_message_is_flagged_and_the_session_works() -> None:
    session = Session(options(misbehave("noise")))
    async with session:
        await session.start()
        reply = await session.request("tools/list")
        assert reply.ok and reply.result["tools"][0]["name"] == "echo"

    rec = session.recording
    s2c = find(rec, direction=Direction.S2C)
    noise = [e for e in s2c if e.kind is Kind.NOISE]
    assert [e.raw for e in noise] == [
        b"Server starting...\n",
        b"=== misbehave MCP server v1.0 ===\n",
        b"Listening on stdio\n",
    ]
    assert all(e.violations == ("stdio.not-json",) for e in noise)
    assert s2c[:3] == noise  # they came first
    assert rules(rec) == ["stdio.not-json"] * 3
    assert state_path(rec) == LEGACY_OK_PATH
    assert session.returncode == 0


def test_invalid_utf8_is_flagged_and_kept_byte_exact() -> None:
    run = probe("--era", "legacy", *GRACES, server=misbehave("invalid-utf8"))
    assert run.rc == 0, run.stderr
    bad = [d for d in run.entries if "stdio.invalid-utf8" in d["violations"]]
    assert len(bad) == 1
    assert bad[0]["dir"] == "s2c" and bad[0]["kind"] == "noise"
    assert base64.b64decode(bad[0]["raw_b64"]) == b"\xff\xfe bad \xc3\x28\n"
    assert "\ufffd" in bad[0]["raw"]  # shown escaped, kept exact in raw_b64
    err = [d for d in run.entries if d["dir"] == "stderr"]
    assert len(err) == 1 and base64.b64decode(err[0]["raw_b64"]) == b"stderr: \xff\xfe bad \xc3\x28\n"
    assert run.rules() == ["stdio.invalid-utf8"]
    assert run.summary["state"] == "terminated"
    # the initialize answer that followed the bad line still went through
    assert run.summary["protocol_version"] == "2025-11-25"


async def test_sixteen_mebibyte_line_is_recorded_byte_exact() -> None:
    size = 16 * 1024 * 1024
    session = Session(options(misbehave("huge-line", "--huge-at", "init")))
    async with session:
        await session.start()
        assert (await session.request("ping")).ok  # traffic after the huge line is fine

    rec = session.recording
    huge = first(rec, direction=Direction.S2C, method="notifications/message")
    expected = (
        b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","logger":"huge","data":"'
        + b"x" * size
        + b'"}}\n'
    )
    assert len(huge.raw) == len(expected) == size + 103
    assert huge.raw == expected
    assert huge.violations == () and huge.schema_ok is True
    assert session.returncode == 0


async def test_partial_last_line_then_exit_is_kept_and_flagged() -> None:
    session = Session(options(misbehave("partial-exit")))
    async with session:
        await session.start()
        assert await session.wait_exit(30)
        assert session.state is State.FAILED

    rec = session.recording
    partial = [e for e in rec if "stdio.partial-line" in e.violations]
    assert len(partial) == 1
    assert partial[0].raw == b'{"jsonrpc":"2.0","method":"notifications/mess'
    assert partial[0].direction is Direction.S2C
    assert partial[0].kind is Kind.NOISE  # not parsed as a message
    assert ("operating", "failed", "server exited / pipe lost", True) in transitions(rec)
    assert session.returncode == 0
    assert rec.summary["state"] == "failed"
    assert rec.summary["shutdown"] == "none"  # it ended on its own


def test_partial_exit_in_the_probe_exits_3() -> None:
    run = probe("--era", "legacy", "--request", "ping", *GRACES, server=misbehave("partial-exit"))
    assert run.rc == 3, run.stderr
    assert "stdio.partial-line" in run.rules()
    assert run.summary["state"] == "failed"
    assert "exited with code 0" in run.summary["exit_reason"]


async def test_crlf_terminators_are_kept_and_messages_still_parsed() -> None:
    session = Session(options(misbehave("crlf")))
    async with session:
        await session.start()
        assert (await session.request("tools/list")).ok
        assert (await session.request("ping")).ok

    rec = session.recording
    s2c = find(rec, direction=Direction.S2C)
    assert len(s2c) == 3
    assert all(e.raw.endswith(b"}\r\n") for e in s2c)
    assert [e.kind for e in s2c] == [Kind.RESULT] * 3
    assert first(rec, direction=Direction.S2C, method="ping").raw == b'{"jsonrpc":"2.0","id":3,"result":{}}\r\n'
    assert rules(rec) == []
    assert all(e.schema_ok for e in messages(rec))
    assert state_path(rec) == LEGACY_OK_PATH


def test_stderr_chatter_is_recorded_in_order_and_is_not_an_error() -> None:
    run = probe("--era", "legacy", "--request", "ping", *GRACES, server=misbehave("stderr-chatter"))
    assert run.rc == 0, run.stderr
    err = [d["raw"] for d in run.entries if d["dir"] == "stderr"]
    assert err[:4] == [
        "[misbehave] starting up\n",
        "[misbehave] loading plugins: echo\n",
        "[misbehave] WARNING: this is just chatter, not an error\n",
        "[misbehave] ready\n",
    ]
    assert "[misbehave] sending answer to id 1\n" in err
    assert run.rules() == []
    assert run.summary["state"] == "terminated"


# ---------------------------------------------------------------------- start-up failures


def test_never_answering_initialize_times_out_with_exit_4() -> None:
    run = probe("--era", "legacy", "--timeout", "1.5", *GRACES, server=misbehave("silent-init"))
    assert run.rc == 4, run.stderr
    timeouts = run.find(dir="event", event="timeout")
    assert len(timeouts) == 1
    assert timeouts[0]["violations"] == ["lifecycle.no-answer"]
    assert timeouts[0]["method"] == "initialize"
    assert timeouts[0]["transition"] == {
        "from": "initializing",
        "to": "shutting_down",
        "event": "timeout",
        "label": "no answer (timeout)",
        "failure": True,
    }
    assert run.rules() == ["lifecycle.no-answer"]
    assert run.summary["state"] == "terminated"
    assert run.summary["outcome"] == "the server did not answer initialize in time"
    assert run.summary["exit"] == 4


def test_exit_with_stderr_during_initialize_exits_3() -> None:
    run = probe("--era", "legacy", *GRACES, server=misbehave("crash-init"))
    assert run.rc == 3, run.stderr
    assert [d["raw"] for d in run.entries if d["dir"] == "stderr"] == [
        "Loading configuration...\n",
        "Error: config file /etc/x.toml not found\n",
        "Fatal: cannot start server, exiting with status 3\n",
    ]
    exited = run.find(event="exited")
    assert len(exited) == 1
    assert exited[0]["returncode"] == 3
    assert exited[0]["violations"] == ["lifecycle.exited-during-initialize"]
    assert exited[0]["transition"]["to"] == "failed" and exited[0]["transition"]["failure"] is True
    assert run.summary["state"] == "failed"
    assert run.summary["exit_code"] == 3
    reason = run.summary["exit_reason"]
    assert "exited with code 3" in reason and "config file /etc/x.toml not found" in reason


async def test_exit_during_initialize_through_session_raises_start_failed() -> None:
    session = Session(options(misbehave("crash-init")))
    async with session:
        with pytest.raises(StartFailed, match="exited with code 3") as info:
            await session.start()
        assert "its stderr says: Error: config file /etc/x.toml not found | Fatal: cannot start server" in str(
            info.value
        )
        assert session.state is State.FAILED
    assert rules(session.recording) == ["lifecycle.exited-during-initialize"]
    assert session.returncode == 3


def test_unsupported_version_exits_5() -> None:
    run = probe("--era", "legacy", *GRACES, server=misbehave("bad-version"))
    assert run.rc == 5, run.stderr
    answer = run.find(dir="s2c", method="initialize")[0]
    assert answer["violations"] == ["lifecycle.version-unsupported"]
    assert answer["transition"] == {
        "from": "initializing",
        "to": "shutting_down",
        "event": "version_unsupported",
        "label": "← unsupported version",
        "failure": True,
    }
    assert run.find(method="notifications/initialized") == []  # it disconnected instead
    assert run.summary["protocol_version"] == "1999-01-01"
    assert run.summary["state"] == "terminated"


def test_unsupported_version_accepted_carries_on_to_operating(capsys: pytest.CaptureFixture[str]) -> None:
    code, entries, summary = run_main(
        capsys,
        "--era",
        "legacy",
        "--accept-unsupported-version",
        "--request",
        "tools/list",
        *GRACES,
        "--",
        *misbehave("bad-version"),
    )
    assert code == 0
    answer = [d for d in entries if d["dir"] == "s2c" and d["method"] == "initialize"][0]
    assert answer["violations"] == ["lifecycle.version-unsupported"]
    assert answer["state"] == "initialized"
    states = [d["state"] for d in entries]
    assert "operating" in states
    listed = [d for d in entries if d["dir"] == "s2c" and d["method"] == "tools/list"][0]
    assert listed["state"] == "operating" and listed["schema_ok"] is True
    assert summary["state"] == "terminated" and summary["exit"] == 0


# ---------------------------------------------------------------------- wrong traffic


async def test_request_before_initialized_is_flagged_and_answered() -> None:
    # Step mode orders the messages as they came to be: the early requests, read before the
    # client wrote notifications/initialized, are taken in before it goes (without step mode the
    # order of the crossing messages is up to the scheduler). Their answers come after it.
    session = Session(options(misbehave("early-request"), step=True))
    rec = session.recording
    async with session:
        async with anyio.create_task_group() as tg:
            tg.start_soon(session.start)
            order = []
            while not order or b"notifications/initialized" not in order[-1].raw:
                step = await wait_for(
                    lambda: (
                        session.gate.pending
                        and (not order or session.gate.pending is not order[-1])
                        and session.gate.pending
                    ),
                    what="the next step",
                )
                order.append(step)
                session.gate.go()
            assert [
                (s.direction, orjson.loads(s.raw).get("id") or orjson.loads(s.raw).get("method")) for s in order
            ] == [("c2s", 1), ("s2c", 1), ("s2c", "early-1"), ("s2c", "early-2"), ("c2s", "notifications/initialized")]
            session.gate.release_all()  # the two answers
        assert session.state is State.OPERATING
        # the fixture logs every answer it receives on stderr
        await wait_for(
            lambda: len([e for e in find(rec, direction=Direction.STDERR) if b"client answered" in e.raw]) == 2,
            what="the server to get both",
        )

    early = find(rec, direction=Direction.S2C, kind=Kind.REQUEST)
    assert [(e.id, e.method) for e in early] == [("early-1", "roots/list"), ("early-2", "sampling/createMessage")]
    for e in early:
        assert e.state is State.INITIALIZED
        # before initialized, and for capabilities the client never declared
        assert e.violations == ("lifecycle.request-before-initialized", "capability.client-undeclared")
    roots = first(rec, direction=Direction.C2S, id="early-1")
    assert roots.kind is Kind.RESULT and roots.json()["result"] == {"roots": []}
    assert roots.paired == early[0].seq and roots.latency is not None and roots.latency >= 0
    sampling = first(rec, direction=Direction.C2S, id="early-2")
    assert sampling.kind is Kind.ERROR and sampling.json()["error"]["code"] == -1
    assert sampling.paired == early[1].seq
    assert all(e.schema_ok for e in messages(rec))


def test_duplicate_response_is_flagged() -> None:
    run = probe(
        "--era", "legacy", "--request", "ping", "--request", "tools/list", *GRACES, server=misbehave("dup-response")
    )
    assert run.rc == 0, run.stderr
    for method in ("ping", "tools/list"):
        request = run.find(dir="c2s", method=method)[0]
        answers = run.find(dir="s2c", method=method)
        assert len(answers) == 2
        assert answers[0]["violations"] == [] and answers[0]["paired"] == request["seq"]
        assert answers[1]["violations"] == ["jsonrpc.response-duplicate"] and answers[1]["paired"] == request["seq"]
        assert answers[0]["raw"] == answers[1]["raw"]
    assert run.rules() == ["jsonrpc.response-duplicate"] * 2
    assert run.summary["state"] == "terminated"


async def test_response_to_an_unknown_id_is_flagged() -> None:
    session = Session(options(misbehave("unknown-id")))
    rec = session.recording
    async with session:
        await session.start()
        stray = await wait_for(lambda: first(rec, direction=Direction.S2C, id=987654), what="the stray response")
        assert (await session.request("ping")).ok  # still works
    assert stray.kind is Kind.RESULT
    assert stray.violations == ("jsonrpc.response-unknown-id",)
    assert stray.paired is None and stray.method is None
    assert rules(rec) == ["jsonrpc.response-unknown-id"]
    assert rec[-1].state is State.TERMINATED


def test_missing_or_wrong_jsonrpc_member_is_flagged() -> None:
    run = probe(
        "--era", "legacy", "--request", "tools/list", "--request", "ping", *GRACES, server=misbehave("no-jsonrpc")
    )
    assert run.rc == 0, run.stderr  # the answers still count as answers
    listed = run.find(dir="s2c", method="tools/list")[0]
    pinged = run.find(dir="s2c", method="ping")[0]
    assert '"jsonrpc"' not in listed["raw"]
    assert '"jsonrpc":"1.0"' in pinged["raw"]
    for answer in (listed, pinged):
        assert answer["violations"] == ["jsonrpc.version"]
        assert answer["schema_ok"] is False
        assert any(err["path"] in ("", "/jsonrpc") for err in answer["schema_errors"])
    assert run.rules() == ["jsonrpc.version"] * 2


def test_result_and_error_in_one_response_is_flagged() -> None:
    run = probe("--era", "legacy", "--request", "ping", *GRACES, server=misbehave("result-and-error"))
    assert run.rc == 0, run.stderr
    answer = run.find(dir="s2c", method="ping")[0]
    assert answer["violations"] == ["jsonrpc.result-and-error"]
    assert answer["paired"] == run.find(dir="c2s", method="ping")[0]["seq"]
    assert run.rules() == ["jsonrpc.result-and-error"]


# ---------------------------------------------------------------------- shutdown


def test_ignoring_stdin_close_escalates_to_sigterm() -> None:
    run = probe("--era", "legacy", *GRACES, server=misbehave("ignore-stdin-close"))
    assert run.rc == 0, run.stderr
    events = run.events()
    assert events.index("stdin_closed") < events.index("sigterm_sent") < events.index("exited") == len(events) - 1
    assert "sigkill_sent" not in events
    sigterm = run.find(event="sigterm_sent")[0]
    assert sigterm["violations"] == ["lifecycle.ignored-stdin-close"]
    assert sigterm["transition"]["label"] == "SIGTERM"
    assert run.rules() == ["lifecycle.ignored-stdin-close"]
    assert run.summary["signal"] == 15 and run.summary["exit_code"] is None
    assert run.summary["shutdown"] == "sigterm"
    assert run.summary["state"] == "terminated"


def test_ignoring_sigterm_escalates_to_sigkill() -> None:
    run = probe("--era", "legacy", *GRACES, server=misbehave("ignore-sigterm"))
    assert run.rc == 6, run.stderr  # the server had to be killed (EXIT_KILLED)
    assert run.summary["exit_reason"].startswith("the server had to be killed")
    events = run.events()
    assert (
        events.index("stdin_closed")
        < events.index("sigterm_sent")
        < events.index("sigkill_sent")
        < events.index("exited")
    )
    assert run.find(event="sigkill_sent")[0]["violations"] == ["lifecycle.ignored-sigterm"]
    assert run.rules() == ["lifecycle.ignored-stdin-close", "lifecycle.ignored-sigterm"]
    assert run.summary["signal"] == 9
    assert run.summary["shutdown"] == "sigkill"
    assert run.summary["state"] == "terminated"


async def test_exit_after_initialize_fails_via_the_process_exit_edge() -> None:
    session = Session(options(misbehave("exit-after-init")))
    async with session:
        # The server may be gone before notifications/initialized is written: either way the
        # session ends Failed through the process-exit edge, with the exit code known.
        try:
            await session.start()
        except StartFailed as exc:
            assert "exited with code 7" in str(exc)
        assert await session.wait_exit(30)
        with pytest.raises(ConnectionLost, match="exited with code 7"):
            await session.request("ping")
    rec = session.recording
    assert rec[-1].state is State.FAILED
    assert rec[-1].extra["returncode"] == 7
    exits = [t for t in transitions(rec) if t[1] == "failed"]
    assert len(exits) == 1 and exits[0][2:] == ("server exited / pipe lost", True)
    assert exits[0][0] in ("initialized", "operating")
    assert "shutting_down" not in [t[1] for t in transitions(rec)]  # nobody asked it to stop
    assert rec.summary["exit_code"] == 7


def test_exit_after_initialize_in_the_probe_exits_3() -> None:
    run = probe("--era", "legacy", "--request", "ping", *GRACES, server=misbehave("exit-after-init"))
    assert run.rc == 3, run.stderr
    assert run.summary["exit_code"] == 7
    assert run.summary["state"] == "failed"
    assert "exited with code 7" in run.summary["exit_reason"]


# ---------------------------------------------------------------------- the command line itself


def test_spawn_failure_exits_3_with_a_clear_message() -> None:
    cmd = [sys.executable, "-m", "inspector", "probe", "--", "/nonexistent/mcp-server", "--flag"]
    proc = subprocess.run(cmd, capture_output=True, timeout=60)
    assert proc.returncode == 3
    err = proc.stderr.decode()
    assert "cannot start '/nonexistent/mcp-server': no such file or directory" in err
    assert "Traceback" not in err


def test_spawn_failure_is_recorded_in_json_mode() -> None:
    run = probe(server=["/nonexistent/mcp-server"])
    assert run.rc == 3
    assert "Traceback" not in run.stderr
    assert [d["event"] for d in run.entries] == ["spawn_failed"]
    assert run.entries[0]["transition"] == {
        "from": "idle",
        "to": "failed",
        "event": "spawn_failed",
        "label": "server could not start",
        "failure": True,
    }
    assert run.summary["state"] == "failed"
    assert "no such file or directory" in run.summary["exit_reason"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([], "no server command given"),
        (["--request", "tools/call={not json", "--", "true"], "the params are not valid JSON"),
        (["--protocol-version", "2030-01-01", "--", "true"], "not a known protocol version"),
        (["--timeout", "0", "--", "true"], "a timeout must be more than 0 seconds"),
    ],
)
def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    assert message in usage_error(capsys, args)


def test_usage_error_in_a_subprocess_exits_2_without_traceback() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "inspector", "probe", "--era", "sideways", "--", "true"], capture_output=True, timeout=60
    )
    assert proc.returncode == 2
    err = proc.stderr.decode()
    assert "invalid choice" in err and "Traceback" not in err


async def test_every_misbehaviour_left_the_good_mode_clean() -> None:
    """The baseline: the same session against `good` flags nothing (so the rules above come
    from the misbehaviour, not from the client)."""
    session = Session(options(misbehave("good"), era=EraMode.AUTO))
    async with session:
        await session.start()
        assert (await session.request("tools/call", {"name": "echo", "arguments": {"text": "hi"}})).ok
    rec = session.recording
    assert rules(rec) == []
    assert all(e.schema_ok for e in messages(rec))
    assert state_path(rec) == [State.IDLE, State.DISCOVERING, *LEGACY_OK_PATH]
    assert process_events(rec)[-1] == "exited" and session.returncode == 0


def test_the_command_line_builds_the_same_options_as_a_server_profile() -> None:
    """One builder: probe's flags become a ServerProfile, so the window and the CLI offer the
    same capabilities for the same choices and start the server from the same transport spec."""
    from inspector.session.profiles import EnvVar, ServerProfile

    args = cli.build_parser().parse_args(
        [
            "probe",
            "--capability",
            "elicitation",
            "--root",
            "file:///w",
            "--protocol-version",
            "2025-06-18",
            "--env",
            "A=1",
            "--cwd",
            "/tmp",
            "--",
            "srv",
            "-x",
        ]
    )
    from_cli = cli.options_from_args(args)
    profile = ServerProfile(
        name="p",
        command="srv",
        args=["-x"],
        env=[EnvVar("A", "1")],
        cwd="/tmp",
        protocol_version="2025-06-18",
        capabilities=["elicitation.form", "elicitation.url", "roots"],
    )
    from_profile = profile.to_options()
    assert (
        from_cli.config.capabilities
        == from_profile.config.capabilities
        == {"elicitation": {"form": {}, "url": {}}, "roots": {"listChanged": True}}
    )
    assert from_cli.config.era is from_profile.config.era  # 2025-06-18 implies the legacy era
    assert from_cli.config.legacy_version == "2025-06-18"
    assert from_cli.transport == from_profile.transport
    assert from_cli.transport.describe() == {"transport": "stdio", "argv": ["srv", "-x"], "cwd": "/tmp"}
