"""The failure banner: what went wrong in a session, in plain words, over the diagram.

Built from :func:`inspector.session.operations.failure_report` (Qt-free): the outcome or the
failure edge, the rules flagged where it happened with their text and spec section, how the
server ended and its last stderr lines. It stays until the next session or recording, or until
the user closes it; "Show in timeline" selects the entry where it went wrong. Everything in it
is plain text (server stderr included).
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QEvent, Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QPushButton, QToolButton, QVBoxLayout, QWidget

from inspector.protocol.jsontypes import JsonObject
from inspector.protocol.rules import RULES
from inspector.session.operations import FailureReport

from .theme import tone
from .widgets import mono_font, plain_label

#: The engine's outcome codes (protocol.engine.OUTCOMES) in words to translate.
OUTCOME_TEXTS = {
    "initialize-error": QT_TRANSLATE_NOOP("FailureBanner", "the server answered initialize with an error"),
    "version-unsupported": QT_TRANSLATE_NOOP(
        "FailureBanner", "the server negotiated protocol version {version}, which the client does not support"
    ),
    "no-common-version": QT_TRANSLATE_NOOP(
        "FailureBanner", "no common modern protocol version (server supports {versions})"
    ),
    "discover-error": QT_TRANSLATE_NOOP("FailureBanner", "server/discover failed with error {code}"),
    "initialize-timeout": QT_TRANSLATE_NOOP("FailureBanner", "the server did not answer initialize in time"),
    "discover-timeout": QT_TRANSLATE_NOOP("FailureBanner", "the server did not answer server/discover in time"),
    "exited-before-established": QT_TRANSLATE_NOOP(
        "FailureBanner", "the server exited before the session was established"
    ),
    "exited-during-session": QT_TRANSLATE_NOOP("FailureBanner", "the server exited during the session"),
    "unreachable": QT_TRANSLATE_NOOP("FailureBanner", "the server could not be reached"),
    "initialize-refused": QT_TRANSLATE_NOOP("FailureBanner", "the server refused initialize with HTTP {code}"),
    "unauthorized": QT_TRANSLATE_NOOP(
        "FailureBanner", "the server wants authorization (HTTP 401); resource metadata: {metadata}"
    ),
    "redirected": QT_TRANSLATE_NOOP(
        "FailureBanner", "the server answered {method} with HTTP {code}, a redirect to {location}; it was not followed"
    ),
    "answer-broken": QT_TRANSLATE_NOOP("FailureBanner", "the answer to {method} broke off: {error}"),
    "answer-too-long": QT_TRANSLATE_NOOP(
        "FailureBanner", "the answer to {method} is longer than the limit of {limit} bytes"
    ),
    "never-read": QT_TRANSLATE_NOOP(
        "FailureBanner",
        "the server read nothing from its stdin within {seconds} s of its start ({method} is still unread): it is not reading its stdin, or it is still starting (--start-timeout)",  # noqa: E501
    ),
    "initialize-error-after-silence": QT_TRANSLATE_NOOP(
        "FailureBanner",
        "the server answered initialize with an error, after server/discover had gone unanswered within the probe timeout (the client took the silence for a legacy server and fell back to initialize; if the server is modern, choose the modern era or a longer probe timeout)",  # noqa: E501
    ),
    "initialize-timeout-after-silence": QT_TRANSLATE_NOOP(
        "FailureBanner", "the server answered neither server/discover nor initialize in time"
    ),
}

#: Why a server could not be started (transport.base.SPAWN_REASONS) in words to translate.
SPAWN_TEXTS = {
    "empty-command": QT_TRANSLATE_NOOP("FailureBanner", "cannot start the server: the command is empty"),
    "cwd-missing": QT_TRANSLATE_NOOP(
        "FailureBanner", "cannot start {program!r}: the working directory {cwd!r} does not exist"
    ),
    "cwd-not-directory": QT_TRANSLATE_NOOP(
        "FailureBanner", "cannot start {program!r}: the working directory {cwd!r} is not a directory"
    ),
    "cwd-denied": QT_TRANSLATE_NOOP(
        "FailureBanner", "cannot start {program!r}: the working directory {cwd!r} cannot be entered (permission denied)"
    ),
    "cwd-unusable": QT_TRANSLATE_NOOP(
        "FailureBanner", "cannot start {program!r}: the working directory {cwd!r} cannot be entered ({detail})"
    ),
    "not-found-on-path": QT_TRANSLATE_NOOP(
        "FailureBanner", "cannot start {program!r}: no such file or directory (looked up on PATH)"
    ),
    "not-found": QT_TRANSLATE_NOOP("FailureBanner", "cannot start {program!r}: no such file or directory"),
    "is-directory": QT_TRANSLATE_NOOP("FailureBanner", "cannot start {program!r}: it is a directory, not a program"),
    "permission-denied": QT_TRANSLATE_NOOP(
        "FailureBanner", "cannot start {program!r}: permission denied (is the file executable?)"
    ),
    "path-not-directory": QT_TRANSLATE_NOOP(
        "FailureBanner", "cannot start {program!r}: a component of the path is not a directory"
    ),
    "not-executable": QT_TRANSLATE_NOOP(
        "FailureBanner", "cannot start {program!r}: not a program this system can run (a script needs a '#!' line)"
    ),
    "other": QT_TRANSLATE_NOOP("FailureBanner", "cannot start {program!r}: {detail}"),
}


def outcome_text(code: str | None, args: JsonObject, english: str) -> str:
    """The engine's outcome ``code`` (or, for "spawn-failed", why the server could not start)
    in the user's language, filled from ``args``; ``english`` when there are no words for it."""
    text = SPAWN_TEXTS.get(str(args.get("reason"))) if code == "spawn-failed" else OUTCOME_TEXTS.get(code or "")
    if text is None:
        return english
    try:
        return QCoreApplication.translate("FailureBanner", str(text)).format(
            **args
        )  # str: the stubs type NOOPs as object
    except (KeyError, IndexError, ValueError):  # a translation that lost or broke a placeholder
        return english


def exit_how(report: FailureReport) -> str:
    """How the server ended, in the user's language ("" while it runs or was never started)."""
    if report.signal is not None:
        return QCoreApplication.translate("FailureBanner", "killed by signal {n}").format(n=report.signal)
    if report.exit_code is not None:
        return QCoreApplication.translate("FailureBanner", "exit code {n}").format(n=report.exit_code)
    return ""


def stderr_quote(report: FailureReport) -> str:
    """The server's last stderr lines under a heading in the user's language ("" without any)."""
    if not report.stderr:
        return ""
    return QCoreApplication.translate("FailureBanner", "Its last stderr lines:") + "\n" + "\n".join(report.stderr)


def failure_why(report: FailureReport) -> str:
    """Why the session failed, in the user's language: the outcome from its code, a failure
    edge by its label, or that the server ended by itself."""
    if report.headline is None:
        return QCoreApplication.translate("FailureBanner", "the server ended by itself ({how})").format(
            how=exit_how(report)
        )
    if report.code in OUTCOME_TEXTS or report.code == "spawn-failed":
        return outcome_text(report.code, report.args, report.headline)
    return QCoreApplication.translate("Lifecycle", report.headline)  # a failure edge's label has a translation


class FailureBanner(QFrame):
    showEntry = Signal(int)  # "Show in timeline": the entry where it went wrong

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("failureBanner")
        self.report: FailureReport | None = None
        self.headline = plain_label(selectable=True)
        self.headline.setObjectName("failureHeadline")
        f = self.headline.font()
        f.setBold(True)
        self.headline.setFont(f)
        self.rules = plain_label(selectable=True)
        self.rules.setObjectName("failureRules")
        self.exit = plain_label(selectable=True)
        self.stderr = plain_label(selectable=True)
        self.stderr.setObjectName("failureStderr")
        self.stderr.setFont(mono_font())
        self.show_button = QPushButton()
        self.show_button.clicked.connect(self._show_entry)
        self.close_button = QToolButton()
        self.close_button.setText("✕")
        self.close_button.setAutoRaise(True)
        self.close_button.clicked.connect(self.hide)
        text = QVBoxLayout()
        text.setSpacing(2)
        for label in (self.headline, self.rules, self.exit, self.stderr):
            text.addWidget(label)
        side = QVBoxLayout()
        side.addWidget(self.close_button, 0, Qt.AlignmentFlag.AlignRight)
        side.addStretch(1)
        side.addWidget(self.show_button)
        row = QHBoxLayout(self)
        row.setContentsMargins(10, 6, 6, 6)
        row.addLayout(text, 1)
        row.addLayout(side)
        self._retranslate()
        self._colour()
        self.hide()

    def show_report(self, report: FailureReport | None) -> None:
        """Show ``report`` (None hides the banner)."""
        self.report = report
        if report is None:
            self.hide()
            return
        translate = QCoreApplication.translate
        how, why = exit_how(report), failure_why(report)
        self.headline.setText(translate("FailureBanner", "The session failed: {why}").format(why=why))
        lines = []
        for rule_id in report.rules:
            rule = RULES.get(rule_id)
            if rule is not None:
                lines.append(f"{rule_id} — {translate('Rules', rule.text)} ({rule.spec})")
            else:
                lines.append(rule_id)
        self.rules.setText("\n".join(lines))
        self.rules.setVisible(bool(lines))
        self.exit.setText(translate("FailureBanner", "The server: {how}").format(how=how) if how else "")
        self.exit.setVisible(bool(how))
        if report.stderr:
            self.stderr.setText(stderr_quote(report))
        self.stderr.setVisible(bool(report.stderr))
        self.show_button.setVisible(report.seq is not None)
        self.show()

    def _show_entry(self) -> None:
        if self.report is not None and self.report.seq is not None:
            self.showEntry.emit(self.report.seq)

    def _retranslate(self) -> None:
        self.show_button.setText(QCoreApplication.translate("FailureBanner", "Show in timeline"))
        self.close_button.setToolTip(QCoreApplication.translate("FailureBanner", "Hide until the next failure"))
        if self.report is not None:
            self.show_report(self.report)

    def _colour(self) -> None:
        error = tone(self, "error")
        self.setStyleSheet(
            f"QFrame#failureBanner {{ border: 1px solid {error}; border-radius: 4px; }} "
            f"QLabel#failureHeadline {{ color: {error}; }}"
        )

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        elif event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            self._colour()
        super().changeEvent(event)
