"""Opening a host log or HAR file in the window (File → Open, ``mcp-session-inspector FILE``).

Theory of operation: :func:`.host_logs.host_log_kind` tells such a file from a recording by its
first bytes; :func:`open_host_log` reads it (:mod:`inspector.session.host_logs`: the sessions it
holds, each judged as a recording), asks which session to show when it holds several (a list
of the server, the time it started and its number of messages), and returns the recording to
show read-only, or why it cannot (its words), or None when the person chose none. Nothing here
reads a format: the window only asks and shows.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QInputDialog, QWidget

from inspector.session import host_logs
from inspector.session.recording import Recording, RecordingError

from .widgets import plain_message

if TYPE_CHECKING:
    from .main_window import MainWindow

_CONTEXT = "HostLogOpen"


def _tr(text: str) -> str:
    return QCoreApplication.translate(_CONTEXT, text)


def choose_session(parent: QWidget, name: str, sessions: list[host_logs.LoggedSession]) -> int | None:
    """Which of ``sessions`` to show: the only one, or the one chosen in a dialog (None: cancelled)."""
    if len(sessions) == 1:
        return 0
    rows = [f"{n}. {s.describe()}" for n, s in enumerate(sessions, 1)]
    item, ok = QInputDialog.getItem(
        parent,
        _tr("Open host log"),
        _tr("{name} holds {count} sessions. Which one should be shown?").format(name=name, count=len(sessions)),
        rows,
        0,
        False,
    )
    return rows.index(item) if ok and item in rows else None


def open_host_log(parent: QWidget, path: str) -> Recording | str | None:
    """The recording of the chosen session of the log at ``path``, or why it cannot be opened
    (a sentence), or None when no session was chosen."""
    try:
        sessions = host_logs.read_log(path)
    except host_logs.HostLogError as exc:
        return str(exc)
    if not sessions:
        return _tr("The file holds no session.")
    chosen = choose_session(parent, Path(path).name, sessions)
    if chosen is None:
        return None
    return host_logs.to_recording(sessions[chosen], Path(path).name)


def file_filter() -> str:
    """The Open dialog's choice for these files (after the recordings')."""
    return _tr("Host logs and HAR files (*.log *.har *.txt)")


def show_host_log(window: MainWindow, path: str) -> bool:
    """Open the host log or HAR file at ``path`` in ``window``, read-only (what
    ``WindowFiles.open_recording_path`` does for a recording); False when it was not shown."""
    name = Path(path).name
    got = open_host_log(window, path)
    if got is None:
        return False
    try:
        if isinstance(got, str):
            raise RecordingError(got)
        window.controller.show_recording(got)
    except RecordingError as exc:
        window.message_box = plain_message(window, _tr("Cannot open host log"), str(exc))
        return False
    window.setWindowTitle(_tr("MCP Session Inspector — {name} (imported, read-only)").format(name=name))
    return True
