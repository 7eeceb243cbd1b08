"""Every lesson switch through the probe: the states, the rules flagged, the exit handling.

Runs the probe in-process (``inspector.cli.main``) and, where the probe's own process exit
code is the point, as a subprocess. Graces are short so the ignore-* lessons stay quick.
"""

from __future__ import annotations

import signal

import orjson
import pytest
from demo_helpers import (
    BOUND,
    GRACES,
    demo,
    options,
    probe,
    probe_subprocess,
    recording_schema_problems,
    request_args,
    run_schema_problems,
)

from inspector.cli import EXIT_KILLED, EXIT_OK, EXIT_PROTOCOL, EXIT_SERVER, EXIT_TIMEOUT
from inspector.demo.lessons import LESSONS, NOISE_LINES, RUNTIME
from inspector.protocol.messages import Kind
from inspector.protocol.versions import EraMode
from inspector.session import Direction, Session, StartFailed

LEGACY_PATH = ["uninitialized", "initializing", "initialized", "operating", "shutting_down", "terminated"]
MODERN_PATH = ["idle", "discovering", "ready", "shutting_down", "terminated"]
FALLBACK_PATH = [
    "idle",
    "discovering",
    "uninitialized",
    "initializing",
    "initialized",
    "operating",
    "shutting_down",
    "terminated",
]


def all_valid(run, version: str) -> None:
    assert [
        d
        for d in run.s2c()
        if d["kind"] in ("request", "notification", "result", "error") and d["schema_ok"] is not True
    ] == []
    assert run_schema_problems(run, version) == []


def test_every_lesson_is_tested_here() -> None:
    tested = {name[len("test_") :].split("__")[0].replace("_", "-") for name in globals() if name.startswith("test_")}
    assert {lesson.name for lesson in LESSONS} <= tested


# ---------------------------------------------------------------------- start-up lessons


def test_slow_start(capsys: pytest.CaptureFixture[str]) -> None:
    run = probe(capsys, "--era", "legacy", *GRACES, server=demo("--slow-start", "0.4"))
    assert run.code == EXIT_OK
    assert run.states() == LEGACY_PATH
    init = run.find(dir="s2c", method="initialize")[0]
    assert init["latency"] >= 0.4
    assert run.rules() == []
    all_valid(run, "2025-11-25")


def test_slow_start__beyond_the_probe_timeout_auto_still_finds_the_modern_era(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # The demo sleeps before it reads its stdin: server/discover sits unread in the pipe past
    # the probe timeout. Silence from a server that has not read the probe says nothing about
    # its era, so the probe timeout runs only once it has read it (issue 21: before, the client
    # fell back to initialize, the demo - serving the era of its first message - answered the
    # stale probe and refused initialize with -32022, and the probe exited 5).
    run = probe(capsys, "--probe-timeout", "0.2", "--timeout", "0.4", *GRACES, server=demo("--slow-start", "0.8"))
    assert run.code == EXIT_OK
    assert run.states() == MODERN_PATH
    assert run.events()[:2] == ["spawned", "start_wait"]
    wait = run.find(event="start_wait")[0]
    assert "server/discover #1 still unread" in wait["raw"] and "probe timeout runs once it reads it" in wait["raw"]
    answer = run.find(dir="s2c", kind="result", method="server/discover")
    assert len(answer) == 1 and answer[0]["latency"] >= 0.8
    assert run.find(dir="c2s", method="initialize") == []
    assert run.rules() == []
    assert (
        run.summary["era"] == "modern" and run.summary["era_reason"] == "server/discover answered with a DiscoverResult"
    )
    all_valid(run, "2026-07-28")


@pytest.mark.parametrize("era", ["auto", "legacy"])
def test_noise(capsys: pytest.CaptureFixture[str], era: str) -> None:
    run = probe(capsys, "--era", era, *GRACES, "--request", "tools/list", server=demo("--noise"))
    assert run.code == EXIT_OK
    noise = run.find(dir="s2c", kind="noise")
    assert [d["raw"].encode() for d in noise] == list(NOISE_LINES)
    assert run.s2c()[:3] == noise  # before the first message
    assert run.rules() == ["stdio.not-json"] * 3
    assert run.states() == (MODERN_PATH if era == "auto" else LEGACY_PATH)
    all_valid(run, "2026-07-28" if era == "auto" else "2025-11-25")


@pytest.mark.parametrize("era", ["auto", "legacy"])
def test_early_request(capsys: pytest.CaptureFixture[str], era: str) -> None:
    run = probe(capsys, "--era", era, "--capability", "roots", *GRACES, server=demo("--early-request"))
    assert run.code == EXIT_OK
    early = run.find(dir="s2c", kind="request", method="roots/list")
    assert len(early) == 1 and early[0]["id"] == "demo-early-1"
    assert early[0]["violations"] == ["lifecycle.request-before-initialized"]
    assert early[0]["state"] == "initialized"  # the client has not sent initialized yet
    assert run.rules() == ["lifecycle.request-before-initialized"]
    assert run.find(dir="c2s", kind="result", method="roots/list")  # the client answered anyway
    # a handshake lesson: the demo answers server/discover like a legacy server
    assert run.states() == (FALLBACK_PATH if era == "auto" else LEGACY_PATH)
    all_valid(run, "2025-11-25")


def test_early_request__without_the_roots_capability_is_flagged_twice(capsys: pytest.CaptureFixture[str]) -> None:
    run = probe(capsys, "--era", "legacy", *GRACES, server=demo("--early-request"))
    assert run.rules() == ["lifecycle.request-before-initialized", "capability.client-undeclared"]
    all_valid(run, "2025-11-25")


def test_wrong_version(capsys: pytest.CaptureFixture[str]) -> None:
    run = probe(capsys, *GRACES, server=demo("--wrong-version", "1999-01-01"))
    assert run.code == EXIT_PROTOCOL
    answer = run.find(dir="s2c", method="initialize")[0]
    assert orjson.loads(answer["raw"])["result"]["protocolVersion"] == "1999-01-01"
    assert answer["violations"] == ["lifecycle.version-unsupported"]
    assert ("initializing", "shutting_down", True) in run.transitions()
    assert run.find(dir="c2s", method="notifications/initialized") == []  # the client disconnects
    assert run.summary["state"] == "terminated" and run.summary["exit_code"] == 0
    all_valid(run, "2025-11-25")


def test_wrong_version__another_legacy_version(capsys: pytest.CaptureFixture[str]) -> None:
    run = probe(
        capsys, "--era", "legacy", *GRACES, "--request", "tools/list", server=demo("--wrong-version", "2025-06-18")
    )
    assert run.code == EXIT_OK
    assert run.summary["offered_version"] == "2025-11-25" and run.summary["protocol_version"] == "2025-06-18"
    assert run.rules() == ["lifecycle.version-not-offered"]
    assert run.states() == LEGACY_PATH
    tools = {t["name"] for t in run.results("tools/list")[0]["tools"]}
    assert "elicit_url" not in tools and "get_weather" in tools  # it behaves as 2025-06-18
    all_valid(run, "2025-06-18")


def test_never_answer_initialize(capsys: pytest.CaptureFixture[str]) -> None:
    run = probe(capsys, "--era", "legacy", "--timeout", "0.5", *GRACES, server=demo("--never-answer-initialize"))
    assert run.code == EXIT_TIMEOUT
    assert run.find(dir="s2c", method="initialize") == []
    timeout = [d for d in run.entries if d.get("event") == "timeout"]
    assert (
        len(timeout) == 1
        and timeout[0]["violations"] == ["lifecycle.no-answer"]
        and timeout[0]["method"] == "initialize"
    )
    assert ("initializing", "shutting_down", True) in run.transitions()
    assert "did not answer initialize" in run.summary["exit_reason"]
    assert run.summary["exit_code"] == 0 and run.summary["shutdown"] == "stdin"
    all_valid(run, "2025-11-25")


@pytest.mark.anyio
async def test_never_answer_initialize__auto_falls_back_then_times_out() -> None:
    # A generous probe timeout (the discover answer is -32601 at once), a short connect timeout.
    session = Session(options("--never-answer-initialize", era=EraMode.AUTO, probe_timeout=BOUND, connect_timeout=0.5))
    async with session:
        with pytest.raises(StartFailed, match="did not answer initialize"):
            await session.start()
    rec = session.recording
    discover = next(e for e in rec if e.direction is Direction.S2C and e.kind is Kind.ERROR)
    assert discover.json()["error"] == {"code": -32601, "message": "Method not found", "data": "server/discover"}
    assert [r for e in rec for r in e.violations] == ["lifecycle.no-answer"]
    assert rec.summary["state"] == "terminated"
    assert recording_schema_problems(rec, "2025-11-25") == []


def test_crash_during_initialize() -> None:
    run = probe_subprocess(*GRACES, server=demo("--crash-during-initialize"))
    assert run.code == EXIT_SERVER
    stderr = [d["raw"] for d in run.entries if d["dir"] == "stderr"]
    assert len(stderr) == 2 and "config.toml" in stderr[0]
    exited = [d for d in run.entries if d.get("event") == "exited"]
    assert exited[0]["returncode"] == 3 and exited[0]["violations"] == ["lifecycle.exited-during-initialize"]
    assert ("initializing", "failed", True) in run.transitions()
    assert run.summary["exit_code"] == 3 and run.summary["state"] == "failed" and run.summary["shutdown"] == "none"
    assert "exited with code 3" in run.summary["exit_reason"] and "config.toml" in run.summary["exit_reason"]
    all_valid(run, "2025-11-25")


# ---------------------------------------------------------------------- shutdown lessons


def steps(run) -> list[str]:
    return [e for e in run.events() if e in ("stdin_closed", "sigterm_sent", "sigkill_sent", "exited")]


@pytest.mark.parametrize("era", ["auto", "legacy"])
def test_ignore_stdin_close(capsys: pytest.CaptureFixture[str], era: str) -> None:
    run = probe(capsys, "--era", era, "--stdin-grace", "0.3", "--term-grace", "3", server=demo("--ignore-stdin-close"))
    assert run.code == EXIT_OK
    assert steps(run) == ["stdin_closed", "sigterm_sent", "exited"]
    assert run.rules() == ["lifecycle.ignored-stdin-close"]
    assert run.summary["signal"] == signal.SIGTERM and run.summary["shutdown"] == "sigterm"
    assert run.summary["state"] == "terminated"
    all_valid(run, "2026-07-28" if era == "auto" else "2025-11-25")


def test_ignore_sigterm() -> None:
    run = probe_subprocess("--stdin-grace", "0.3", "--term-grace", "0.3", server=demo("--ignore-sigterm"))
    assert run.code == EXIT_KILLED  # a server only SIGKILL ends is a failure a CI run sees
    assert steps(run) == ["stdin_closed", "sigterm_sent", "sigkill_sent", "exited"]
    assert run.rules() == ["lifecycle.ignored-stdin-close", "lifecycle.ignored-sigterm"]
    assert run.summary["signal"] == signal.SIGKILL and run.summary["shutdown"] == "sigkill"
    assert run.summary["state"] == "terminated"

    # ---------------------------------------------------------------------- traffic lessons
    all_valid(run, "2025-11-25")


@pytest.mark.parametrize("era", ["auto", "legacy"])
def test_flood(capsys: pytest.CaptureFixture[str], era: str) -> None:
    run = probe(capsys, "--era", era, *GRACES, "--request", "tools/list", server=demo("--flood", "0:5000"))
    assert run.code == EXIT_OK
    flood = run.find(dir="s2c", method="notifications/message")
    assert len(flood) == 5000
    assert {len(d["raw"].encode()) for d in flood} == {150}
    start = run.find(dir="c2s", method="notifications/initialized" if era == "legacy" else "server/discover")[0]["seq"]
    assert flood[0]["seq"] > start  # once the session is up
    # 2026-07-28 allows log messages only for a request that asked for them in _meta: the
    # modern flood is a benchmark, and the inspector says it breaks that rule.
    assert set(run.rules()) == ({"modern.log-not-requested"} if era == "auto" else set())
    assert len(run.results("tools/list")) == 1  # answers still get through
    all_valid(run, "2025-11-25" if era == "legacy" else "2026-07-28")


def test_flood__now_with_count_and_rate(capsys: pytest.CaptureFixture[str]) -> None:
    # keep the session open while the paced flood runs (at stdin EOF the demo waits 0.5 s at most)
    wait = ("tools/call", {"name": "long_running", "arguments": {"steps": 1, "step_ms": 500}})
    run = probe(
        capsys,
        "--era",
        "legacy",
        *GRACES,
        *request_args([wait]),
        server=demo("--flood-count", "300", "--flood-rate", "3000", "--flood-now"),
    )
    assert run.code == EXIT_OK
    flood = run.find(dir="s2c", method="notifications/message")
    assert len(flood) == 300
    assert flood[0]["seq"] < run.find(dir="s2c", method="initialize")[0]["seq"]  # before the first answer
    assert flood[-1]["t"] - flood[0]["t"] >= 0.05  # paced, not at once (300 lines at 3000/s)
    assert run.rules() == []  # log messages may come before the initialize result
    all_valid(run, "2025-11-25")


def test_oversized(capsys: pytest.CaptureFixture[str]) -> None:
    size = 4 * 1024 * 1024
    run = probe(capsys, "--era", "legacy", *GRACES, "--request", "tools/list", server=demo("--oversized", str(size)))
    assert run.code == EXIT_OK
    big = run.find(dir="s2c", method="notifications/message")
    assert len(big) == 1 and len(big[0]["raw"].encode()) == size and big[0]["schema_ok"] is True
    assert run.rules() == []
    assert len(run.results("tools/list")) == 1
    all_valid(run, "2025-11-25")


@pytest.mark.parametrize("era", ["auto", "legacy"])
def test_duplicate_response(capsys: pytest.CaptureFixture[str], era: str) -> None:
    run = probe(
        capsys,
        "--era",
        era,
        *GRACES,
        "--request",
        "tools/list",
        "--request",
        "resources/list",
        server=demo("--duplicate-response"),
    )
    assert run.code == EXIT_OK
    for method in ("tools/list", "resources/list"):
        answers = run.find(dir="s2c", kind="result", method=method)
        assert len(answers) == 2 and answers[0]["raw"] == answers[1]["raw"]
        assert [a["violations"] for a in answers] == [[], ["jsonrpc.response-duplicate"]]
    assert len(run.find(dir="s2c", kind="result", method="initialize" if era == "legacy" else "server/discover")) == 1
    assert run.rules() == ["jsonrpc.response-duplicate"] * 2
    all_valid(run, "2026-07-28" if era == "auto" else "2025-11-25")


@pytest.mark.parametrize("era", ["auto", "legacy"])
def test_unknown_id_response(capsys: pytest.CaptureFixture[str], era: str) -> None:
    run = probe(capsys, "--era", era, *GRACES, "--request", "tools/list", server=demo("--unknown-id-response"))
    assert run.code == EXIT_OK
    stray = [d for d in run.s2c() if d["id"] == "demo-no-such-request"]
    assert len(stray) == 1 and stray[0]["violations"] == ["jsonrpc.response-unknown-id"]
    assert stray[0]["schema_ok"] is True
    assert run.rules() == ["jsonrpc.response-unknown-id"]
    all_valid(run, "2026-07-28" if era == "auto" else "2025-11-25")


# ---------------------------------------------------------------------- lesson_switch while connected


def switch(lesson: str, enabled: bool = True, value: str | None = None) -> tuple[str, dict]:
    args: dict = {"lesson": lesson, "enabled": enabled}
    if value is not None:
        args["value"] = value
    return ("tools/call", {"name": "lesson_switch", "arguments": args})


def test_lesson_switch_flips_lessons_while_connected(capsys: pytest.CaptureFixture[str]) -> None:
    reqs = [
        switch("noise"),
        switch("unknown-id-response"),
        switch("oversized", value="4096"),
        switch("flood", value="0:50"),
        switch("duplicate-response"),
        ("tools/list", None),
        switch("duplicate-response", enabled=False),
        ("prompts/list", None),
        switch("ignore-stdin-close"),
        switch("no-such-lesson"),
    ]
    run = probe(
        capsys, "--era", "legacy", "--stdin-grace", "0.3", "--term-grace", "3", *request_args(reqs), server=demo()
    )
    assert run.code == EXIT_OK
    assert len(run.find(dir="s2c", kind="noise")) == 1
    assert len([d for d in run.s2c() if d["id"] == "demo-no-such-request"]) == 1
    sizes = sorted(len(d["raw"].encode()) for d in run.find(dir="s2c", method="notifications/message"))
    assert sizes == [150] * 50 + [4096]
    assert len(run.find(dir="s2c", kind="result", method="tools/list")) == 2
    assert len(run.find(dir="s2c", kind="result", method="prompts/list")) == 1
    assert "sigterm_sent" in run.events() and run.summary["signal"] == signal.SIGTERM
    assert run.rules().count("jsonrpc.response-duplicate") == 2  # the switch's own answer, then tools/list
    assert sorted(set(run.rules())) == [
        "jsonrpc.response-duplicate",
        "jsonrpc.response-unknown-id",
        "lifecycle.ignored-stdin-close",
        "stdio.not-json",
    ]
    last = orjson.loads(run.find(dir="s2c", kind="result", method="tools/call")[-1]["raw"])["result"]
    assert last["isError"] is True and "lesson must be one of" in last["content"][0]["text"]
    tool = next(t for t in run.results("tools/list")[0]["tools"] if t["name"] == "lesson_switch")
    assert tool["inputSchema"]["properties"]["lesson"]["enum"] == list(RUNTIME)
    all_valid(run, "2025-11-25")


def test_lesson_switch_ignore_sigterm_at_runtime() -> None:
    run = probe_subprocess(
        "--era",
        "legacy",
        "--stdin-grace",
        "0.3",
        "--term-grace",
        "0.3",
        *request_args([switch("ignore-sigterm")]),
        server=demo(),
    )
    assert run.code == EXIT_KILLED
    assert run.summary["signal"] == signal.SIGKILL
    assert run.rules() == ["lifecycle.ignored-stdin-close", "lifecycle.ignored-sigterm"]
    all_valid(run, "2025-11-25")
