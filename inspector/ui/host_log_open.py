"""Opening a host log or HAR file in the window (File → Open, ``mcp-session-inspector FILE``).

Theory of operation: :func:`.host_logs.host_log_kind` tells such a file from a recording by its
first bytes; :func:`show_host_log` reads it (:mod:`inspector.session.host_logs`: the sessions it
holds, each judged as a recording), asks which session to show when it holds several (a list
of the server, the time it started and its number of messages) and shows the one chosen
read-only, or says why it cannot (the reader's words). Nothing here reads a format: the window
only asks and shows (its words are :data:`inspector.session.host_logs.OPEN_WORDS`).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QInputDialog

from inspector.session import host_logs
from inspector.session.recording import RecordingError

from .form_rows import word_of
from .widgets import plain_message

if TYPE_CHECKING:
    from .main_window import MainWindow

_word = word_of(host_logs.OPEN_CONTEXT, host_logs.OPEN_WORDS)  # _word(key): its words in the window's language


def show_host_log(window: MainWindow, path: str) -> bool:
    """Open the host log or HAR file at ``path`` in ``window``, read-only (what
    ``WindowFiles.open_recording_path`` does for a recording). A log with several sessions asks
    which one in a window-modal list (opened, never exec'd: no nested event loop), and the one
    chosen is shown when it is chosen. False when nothing is shown or asked."""
    name = Path(path).name
    try:
        sessions = host_logs.read_log(path)
    except host_logs.HostLogError as exc:
        return _refuse(window, str(exc))
    if not sessions:
        return _refuse(window, _word("empty").format(name=name))
    if len(sessions) == 1:
        return _show(window, sessions[0], name)
    rows = [f"{n}. {s.describe()}" for n, s in enumerate(sessions, 1)]
    dialog = QInputDialog(window)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    dialog.setWindowTitle(_word("title"))
    dialog.setLabelText(_word("which").format(name=name, count=len(sessions)))
    dialog.setComboBoxItems(rows)
    dialog.setComboBoxEditable(False)
    dialog.textValueSelected.connect(
        lambda item: _show(window, sessions[rows.index(item)], name) if item in rows else None
    )
    dialog.open()
    return True


def _refuse(window: MainWindow, why: str) -> bool:
    window.message_box = plain_message(window, _word("refused"), why)
    return False


def _show(window: MainWindow, session: host_logs.LoggedSession, name: str) -> bool:
    try:
        window.controller.show_recording(host_logs.to_recording(session, name))
    except RecordingError as exc:  # a session is running
        return _refuse(window, str(exc))
    window.setWindowTitle(_word("shown").format(name=name))
    return True


def file_filter() -> str:
    """The Open dialog's choice for these files (after the recordings')."""
    return _word("filter")
