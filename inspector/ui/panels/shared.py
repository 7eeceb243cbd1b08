"""Small pieces the Resources, Tasks and Logs panels share (the panels' base is :mod:`.base`, the
wording of an outcome in general :mod:`.answers`)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from inspector.session.controllers.base import FAIL_ERROR, Failure

from .answers import error_text, failure_text


def request_failed(method: str, failure: Failure) -> str:
    """A failed request of a panel's own in words: "{method} failed. {error}" for the server's
    error (worded as a list's error is, :meth:`.base.FeaturePanel.list_problems`), else what
    :func:`.answers.failure_text` says (a cancel, a timeout, a lost link)."""
    if failure.code == FAIL_ERROR:
        text = QCoreApplication.translate("FeaturePanel", "{method} failed. {error}")
        return text.format(method=method, error=error_text(failure.error))
    return failure_text(failure)
