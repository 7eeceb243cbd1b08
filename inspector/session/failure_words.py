"""The words of a failed session, as data: why it failed, how the server ended, the rules
flagged where it went wrong and the server's last stderr lines.

Theory of operation. A :class:`~inspector.session.operations.FailureReport` carries codes, not
sentences: the engine's outcome code (English in :data:`inspector.protocol.engine.OUTCOMES`),
for "spawn-failed" the transport's reason (English in
:data:`inspector.transport.base.SPAWN_REASONS`), a failure edge's label, the rule ids, the exit
code or signal. This module words them through the caller's ``tr(context, text)`` (see
:mod:`.translate`), in the "FailureBanner" context for its own sentences and the outcome and
spawn sentences (``scripts/i18n.py`` reads :func:`all_words`), "Lifecycle" for an edge's label
and "Rules" for a rule's text. The engine's and the transport's tables are the one English
copy: the CLI prints the same sentences. A translation that lost a placeholder falls back to
the English the report carries. The banner, the status bar's message and its exit label
(:func:`exit_label`, its own words in the "StatusLine" context) use it.
"""

from __future__ import annotations

from dataclasses import dataclass

from inspector.protocol.engine import OUTCOMES
from inspector.protocol.jsontypes import JsonObject
from inspector.protocol.rules import RULES
from inspector.transport.base import SPAWN_REASONS

from .operations import FailureReport
from .translate import Translate

CONTEXT = "FailureBanner"

#: The banner's own sentences (keys are for the code; the value is the English to translate).
WORDS = {
    "headline": "The session failed: {why}",
    "by-itself": "the server ended by itself ({how})",
    "signal": "killed by signal {n}",
    "exit-code": "exit code {n}",
    "server": "The server: {how}",
    "stderr": "Its last stderr lines:",
}

#: The status bar's exit label ("StatusLine" context, where the status bar's own strings are).
STATUS_CONTEXT = "StatusLine"
STATUS_WORDS = {
    "signal": "server killed by signal {n}",
    "exit-code": "server exit code {n}",
}
#: The exit label's longest text (the whole is in its tooltip).
EXIT_LABEL_CHARS = 120

#: Outcome codes worded from their values (spawn-failed is worded from its reason instead).
OUTCOME_WORDS = {code: text for code, text in OUTCOMES.items() if code != "spawn-failed"}


def all_words() -> list[str]:
    """Every English sentence this module asks ``tr`` for in :data:`CONTEXT` (for the catalogue)."""
    return sorted(set(WORDS.values()) | set(OUTCOME_WORDS.values()) | set(SPAWN_REASONS.values()))


def outcome_text(tr: Translate, code: str | None, args: JsonObject, english: str) -> str:
    """The engine's outcome ``code`` (or, for "spawn-failed", why the server could not start)
    in the user's language, filled from ``args``; ``english`` when there are no words for it."""
    text = SPAWN_REASONS.get(str(args.get("reason"))) if code == "spawn-failed" else OUTCOME_WORDS.get(code or "")
    if text is None:
        return english
    try:
        return tr(CONTEXT, text).format(**args)
    except (KeyError, IndexError, ValueError):  # a translation that lost or broke a placeholder
        return english


def exit_how(tr: Translate, report: FailureReport) -> str:
    """How the server ended ("" while it runs or was never started)."""
    if report.signal is not None:
        return tr(CONTEXT, WORDS["signal"]).format(n=report.signal)
    if report.exit_code is not None:
        return tr(CONTEXT, WORDS["exit-code"]).format(n=report.exit_code)
    return ""


def stderr_quote(tr: Translate, report: FailureReport) -> str:
    """The server's last stderr lines under a heading ("" without any)."""
    if not report.stderr:
        return ""
    return tr(CONTEXT, WORDS["stderr"]) + "\n" + "\n".join(report.stderr)


def failure_why(tr: Translate, report: FailureReport) -> str:
    """Why the session failed: the outcome from its code, a failure edge by its label, or that
    the server ended by itself."""
    if report.headline is None:
        return tr(CONTEXT, WORDS["by-itself"]).format(how=exit_how(tr, report))
    if report.code in OUTCOME_WORDS or report.code == "spawn-failed":
        return outcome_text(tr, report.code, report.args, report.headline)
    return tr("Lifecycle", report.headline)  # a failure edge's label has a translation


@dataclass(frozen=True)
class FailureText:
    """What the banner shows, each part "" when there is nothing to say."""

    headline: str
    rules: str  # one line per flagged rule: its id, text and spec section
    server: str  # how the server ended
    stderr: str


def failure_text(tr: Translate, report: FailureReport) -> FailureText:
    """The whole report in words."""
    lines = []
    for rule_id in report.rules:
        rule = RULES.get(rule_id)
        lines.append(f"{rule_id} — {tr('Rules', rule.text)} ({rule.spec})" if rule is not None else rule_id)
    how = exit_how(tr, report)
    return FailureText(
        headline=tr(CONTEXT, WORDS["headline"]).format(why=failure_why(tr, report)),
        rules="\n".join(lines),
        server=tr(CONTEXT, WORDS["server"]).format(how=how) if how else "",
        stderr=stderr_quote(tr, report),
    )


def exit_label(tr: Translate, summary: JsonObject, failure: FailureReport | None) -> tuple[str, str]:
    """The status bar's exit label and its tooltip: how the server ended (from the session's
    ``summary``) and why the session failed (the outcome from its code, else ``failure``'s
    reason), shortened to EXIT_LABEL_CHARS; the tooltip adds the server's last stderr lines."""
    if summary.get("signal") is not None:
        how = tr(STATUS_CONTEXT, STATUS_WORDS["signal"]).format(n=summary["signal"])
    elif summary.get("exit_code") is not None:
        how = tr(STATUS_CONTEXT, STATUS_WORDS["exit-code"]).format(n=summary["exit_code"])
    else:
        how = ""
    why = ""
    if summary.get("outcome"):
        args, code = summary.get("outcome_args"), summary.get("outcome_code")
        why = outcome_text(
            tr, code if isinstance(code, str) else None, args if isinstance(args, dict) else {}, str(summary["outcome"])
        )
    elif failure is not None and failure.headline is not None:
        why = failure_why(tr, failure)
    text = " — ".join(t for t in (how, why) if t)
    tip = text
    if text and failure is not None and failure.stderr:  # the server's last words, as the banner quotes them
        tip += "\n" + stderr_quote(tr, failure)
    short = text if len(text) < EXIT_LABEL_CHARS else text[: EXIT_LABEL_CHARS - 3] + "…"
    return short, tip


__all__ = [
    "CONTEXT",
    "exit_label",
    "FailureText",
    "all_words",
    "exit_how",
    "failure_text",
    "failure_why",
    "outcome_text",
    "stderr_quote",
]
