"""The words of a failed session (session/failure_words.py), headless, from real failures: a
server that crashes during initialize (the misbehaving fixture), a server that negotiates a
version the client does not know, and a program that cannot be started."""

from __future__ import annotations

import pytest
from session_helpers import misbehave, options

from inspector.protocol.engine import OUTCOMES, ClientConfig
from inspector.protocol.rules import RULES
from inspector.session import Session, SessionOptions, StartFailed
from inspector.session.failure_words import (
    CONTEXT,
    EXIT_LABEL_CHARS,
    all_words,
    exit_how,
    exit_label,
    failure_text,
    failure_why,
    outcome_text,
    stderr_quote,
)
from inspector.session.operations import FailureReport, failure_report
from inspector.session.translate import untranslated
from inspector.transport.base import SPAWN_REASONS, StdioSpec

pytestmark = pytest.mark.anyio


async def failed(mode: str, summaries: list | None = None) -> FailureReport:
    session = Session(options(misbehave(mode)))
    async with session:
        try:
            await session.start()
        except StartFailed:
            pass
        if mode == "crash-init":
            await session.wait_exit(10)
    report = failure_report(session.recording, session.summary())
    assert report is not None
    if summaries is not None:
        summaries.append(session.summary())
    return report


async def test_a_crash_during_initialize_in_words() -> None:
    report = await failed("crash-init")
    text = failure_text(untranslated, report)
    assert text.headline == "The session failed: the server exited before the session was established"
    assert text.server == "The server: exit code 3"
    rule = RULES["lifecycle.exited-during-initialize"]
    assert f"lifecycle.exited-during-initialize — {rule.text} ({rule.spec})" in text.rules.splitlines()
    assert text.stderr.startswith("Its last stderr lines:\n")
    assert "Error: config file /etc/x.toml not found" in text.stderr


async def test_the_status_bars_exit_label() -> None:
    summaries: list = []
    report = await failed("crash-init", summaries)
    text, tip = exit_label(untranslated, summaries[0], report)
    assert text == "server exit code 3 — the server exited before the session was established"
    assert tip == text + "\n" + stderr_quote(untranslated, report)
    long = FailureReport("x" * 200)  # a failure edge's label, shortened on the label, whole in the tooltip
    text, tip = exit_label(untranslated, {"signal": 9}, long)
    assert (
        len(text) == EXIT_LABEL_CHARS - 2 and text.endswith("…") and tip == "server killed by signal 9 — " + "x" * 200
    )
    coded = {"outcome": "english", "outcome_code": "discover-error", "outcome_args": {"code": -32601}}
    assert exit_label(untranslated, coded, None) == (
        "server/discover failed with error -32601",
        "server/discover failed with error -32601",
    )
    assert exit_label(untranslated, {}, None) == ("", "")


async def test_an_outcome_is_worded_from_its_code_through_the_callers_translation() -> None:
    report = await failed("bad-version")
    asked: list[tuple[str, str]] = []

    def shout(context: str, text: str) -> str:
        asked.append((context, text))
        return text.upper().replace("{VERSION}", "{version}").replace("{WHY}", "{why}")

    assert failure_why(shout, report) == (
        "THE SERVER NEGOTIATED PROTOCOL VERSION '1999-01-01', WHICH THE CLIENT DOES NOT SUPPORT"
    )
    assert (CONTEXT, OUTCOMES["version-unsupported"]) in asked
    # a translation that lost its placeholder: the English the report carries
    assert outcome_text(lambda _c, _t: "{nothing}", report.code, report.args, "english") == "english"
    assert outcome_text(untranslated, "no-such-code", {}, "as it came") == "as it came"


async def test_a_program_that_cannot_start_is_worded_from_the_transports_reason(tmp_path) -> None:
    session = Session(
        SessionOptions(transport=StdioSpec(argv=["no-such-mcp-server-here"], cwd=str(tmp_path)), config=ClientConfig())
    )
    with pytest.raises(StartFailed):
        async with session:
            pass
    report = failure_report(session.recording, session.recording.summary)
    assert report is not None and report.code == "spawn-failed"
    assert failure_why(untranslated, report) == (
        "cannot start 'no-such-mcp-server-here': no such file or directory (looked up on PATH)"
    )


def test_how_the_server_ended_and_an_edge_label() -> None:
    assert exit_how(untranslated, FailureReport(None, signal=9)) == "killed by signal 9"
    assert exit_how(untranslated, FailureReport("x")) == ""
    assert failure_why(untranslated, FailureReport(None, exit_code=2)) == "the server ended by itself (exit code 2)"
    contexts: list[str] = []
    failure_why(lambda c, t: contexts.append(c) or t, FailureReport("initialize failed"))
    assert contexts == ["Lifecycle"]  # a failure edge's label is translated where the diagram's are
    quiet = failure_text(untranslated, FailureReport(None, exit_code=1, rules=("no.such-rule",)))
    assert quiet.rules == "no.such-rule" and quiet.stderr == "" and stderr_quote(untranslated, FailureReport("x")) == ""


def test_the_catalogue_has_every_sentence_once() -> None:
    words = all_words()
    assert len(words) == len(set(words))
    assert set(SPAWN_REASONS.values()) <= set(words)
    assert {text for code, text in OUTCOMES.items() if code != "spawn-failed"} <= set(words)
