"""The Watch dialog: proxied sessions running now and recent ones, opened live or as recordings.

Theory of operation
-------------------
:class:`WatchDialog` (View → Watch host sessions…, and the File menu) shows
:func:`inspector.session.watch.watch_list` - the proxies that announced themselves in the user's
runtime folder and the recordings in the proxied folder - and reads it again every
:data:`REFRESH_MS` while it is shown (no port, no socket: the folders are the channel). A row
says the server's name, its command, when it started, how many entries its recording holds so
far and whether it is running.

Opening a row switches the window to it (one window shows one session, as File → Open does; a
second proxied session is watched by opening it from the list instead, or in a second
inspector window started from the launcher). An ended session opens as a recording. A running
one opens *live*: :class:`LiveFollower` is the window's loader for a file that still grows - the
same part a large recording is read through (:class:`~.opening.RecordingOpener`: the window's
files take the new entries, the timeline, diagram, sequence view and panels follow as they
follow a loading file) - but driven by a :data:`~inspector.session.follow.POLL_S` timer over a
Qt-free :class:`~inspector.session.follow.GrowingRecording` that reads only the new complete
lines. When the proxy exits (its announcement is withdrawn, or its pid is gone) the rest is
read, the recording is complete, and the title and status bar say the session ended. While the
window runs a session of its own, Open asks first and disconnects it (the spec's shutdown).

Below the list, the user chooses how much of the proxied folder is kept (the setting
``proxied/keep``, saved in the window's settings, where the proxies read it:
:mod:`inspector.session.proxied_folder`); the cap is applied when the dialog is shown and when
the choice changes, and the folder's size is said beside it. The dialog's words and a row's cells
are :mod:`inspector.session.watch_words`; a language switch words the open dialog again.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QHideEvent, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QMessageBox,
    QTableWidget,
    QTableWidgetItem,
)

from inspector.session.entry_text import format_size
from inspector.session.follow import POLL_S, GrowingRecording
from inspector.session.proxied_folder import KEEP_CHOICES, KEEP_SETTING, Kept, keep_folder
from inspector.session.recording import Recording, RecordingError
from inspector.session.settings import read_text
from inspector.session.watch import Watched, watch_list
from inspector.session.watch_words import COLUMNS, CONTEXT, KEEP_WORDS, WORDS, open_word, row_cells

from .form_rows import set_words, word_of
from .opening import RecordingOpener
from .widgets import hbox, on_language_change, push_button, vbox

if TYPE_CHECKING:
    from .main_window import MainWindow

# How often the dialog reads the folders again while it is shown.
REFRESH_MS = 1500


_word = word_of(CONTEXT, WORDS)  # _word(key): WORDS[key] in the window's language


class LiveFollower(RecordingOpener):
    """A running proxy's recording, read as it grows (see the module docstring): ``progressed``
    when new entries were read, ``finished`` once the proxy has ended (the recording complete),
    then ``ended``."""

    ended = Signal()
    live = True

    def __init__(self, watched: Watched, parent: QObject | None = None) -> None:
        super().__init__(watched.recording, parent)
        self.watched = watched
        self.growing = GrowingRecording(watched.recording)
        self._stopped = False
        self._timer.setSingleShot(False)
        self._timer.setInterval(int(POLL_S * 1000))

    @property
    def done(self) -> bool:
        return self.growing.ended

    @property
    def recording(self) -> Recording | None:
        return self.growing.recording

    @property
    def stopped(self) -> bool:
        return self._stopped

    def start(self, first: float | None = None) -> Recording:
        rec = self.growing.start()
        self._timer.start()
        return rec

    def fraction(self) -> float:
        return 1.0

    def stop(self) -> None:
        if self.done:
            return
        self._timer.stop()
        self._stopped = True
        self.growing.close()
        self.finished.emit(self.recording)

    def _slice(self) -> None:
        if self.done:
            self._timer.stop()
            return
        ending = not self.watched.still_running()  # asked before reading: what was written before it ended is read now
        try:
            changed = self.growing.follow(writing=not ending)
        except RecordingError as exc:
            self._timer.stop()
            self.failed.emit(str(exc))
            self.finished.emit(self.recording)
            return
        loader = self.growing.loader
        if changed:
            self.progressed.emit(loader.done_bytes, max(loader.size, loader.done_bytes))
        if ending:
            self._timer.stop()
            self.finished.emit(self.recording)
            self.ended.emit()


class WatchDialog(QDialog):
    """The Watch list (see the module docstring); ``window`` is the window it opens sessions in."""

    COLUMNS = len(COLUMNS)
    # each control's words: its text's and its tooltip's keys in :data:`~.watch_words.WORDS`
    CONTROLS = {
        "note": ("note", ""),
        "empty": ("empty", ""),
        "keep_label": ("keep", ""),
        "keep_box": ("", "keep_tip"),
        "refresh_button": ("refresh", ""),
    }

    def __init__(self, window: MainWindow, env: dict[str, str] | None = None) -> None:
        super().__init__(window)
        self.window_ = window
        self.env = env
        self.rows: list[Watched] = []
        self.kept: Kept | None = None  # what the proxied folder holds after the cap last applied
        self.resize(820, 360)
        self.note, self.empty = QLabel(), QLabel()
        self.table = QTableWidget(0, self.COLUMNS)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        for c in range(self.COLUMNS):
            header.setSectionResizeMode(
                c, QHeaderView.ResizeMode.Stretch if c == 1 else QHeaderView.ResizeMode.ResizeToContents
            )
        self.table.itemDoubleClicked.connect(lambda _item: self.open_selected())
        self.table.itemSelectionChanged.connect(self._selection_changed)
        self.keep_label = QLabel()
        self.keep_box = QComboBox()
        for name in KEEP_CHOICES:
            self.keep_box.addItem("", name)
        self.keep_box.setCurrentIndex(max(0, self.keep_box.findData(self._saved_keep())))
        self.keep_box.currentIndexChanged.connect(self._keep_changed)
        self.usage = QLabel()
        buttons = QDialogButtonBox()
        self.open_button = push_button("", self.open_selected)
        self.open_button.setDefault(True)
        self.refresh_button = push_button("", self.refresh)
        buttons.addButton(self.open_button, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(self.refresh_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        for label in (self.note, self.empty):
            label.setWordWrap(True)
        keep = hbox(self.keep_label, self.keep_box, (self.usage, 1), margins=False)
        vbox(self.note, self.table, self.empty, keep, buttons, parent=self)
        self._timer = QTimer(self)
        self._timer.setInterval(REFRESH_MS)
        self._timer.timeout.connect(self.refresh)
        self._retranslate()  # the words, and the rows read
        on_language_change(self, self._retranslate)

    def _retranslate(self) -> None:
        """Every word in the window's language (again on a language switch)."""
        self.setWindowTitle(_word("title"))
        set_words(self, CONTEXT, WORDS, self.CONTROLS)
        self.table.setHorizontalHeaderLabels([_word(key) for key in COLUMNS])
        for i, name in enumerate(KEEP_CHOICES):
            self.keep_box.setItemText(i, QCoreApplication.translate(CONTEXT, KEEP_WORDS[name]))
        self._show_kept()
        self.refresh()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt name)
        self._timer.start()
        self.keep()
        self.refresh()
        super().showEvent(event)

    def hideEvent(self, event: QHideEvent) -> None:  # noqa: N802 (Qt name)
        self._timer.stop()
        super().hideEvent(event)

    def refresh(self) -> None:
        """Read the folders again; the selected session stays selected."""
        chosen = self.selected()
        self.rows = watch_list(self.env)
        table = self.table
        table.setRowCount(len(self.rows))
        for r, w in enumerate(self.rows):
            for c, text in enumerate(row_cells(w, QCoreApplication.translate)):
                item = QTableWidgetItem(text)
                if c == 3:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                if c == 1:
                    item.setToolTip(os.fspath(w.recording))
                table.setItem(r, c, item)
            if chosen is not None and w.recording == chosen.recording:
                table.selectRow(r)
        if table.currentRow() < 0 and self.rows:
            table.selectRow(0)
        self.empty.setVisible(not self.rows)
        self._selection_changed()

    def _saved_keep(self) -> str:
        return read_text(KEEP_SETTING, self.window_.settings.value(KEEP_SETTING))

    def _keep_changed(self) -> None:
        """A new cap: saved (the proxies read it from settings.ini) and applied at once."""
        settings = self.window_.settings
        settings.setValue(KEEP_SETTING, self.keep_box.currentData())
        settings.sync()
        self.keep()
        self.refresh()

    def keep(self) -> None:
        """Apply the chosen cap to the proxied folder and say what it holds now."""
        self.kept = keep_folder(self.env, str(self.keep_box.currentData()))
        self._show_kept()

    def _show_kept(self) -> None:
        kept = self.kept
        if kept is None:
            return
        self.usage.setText(
            self.tr("%Ln recordings, {size}, in {folder}", "", kept.files).format(
                size=format_size(kept.total_bytes), folder=os.fspath(kept.folder)
            )
        )
        self.usage.setToolTip("\n".join(kept.problems))

    def selected(self) -> Watched | None:
        r = self.table.currentRow()
        return self.rows[r] if 0 <= r < len(self.rows) else None

    def _selection_changed(self) -> None:
        w = self.selected()
        self.open_button.setEnabled(w is not None)
        self.open_button.setText(open_word(w, QCoreApplication.translate))

    def open_selected(self) -> bool:
        """Open the selected session in the window (asking first if the window runs a session)."""
        w = self.selected()
        if w is None:
            return False
        window = self.window_
        if window.controller.running:
            answer = QMessageBox.question(self, _word("ask_title"), _word("ask").format(name=w.name))
            if answer != QMessageBox.StandardButton.Yes:
                return False
            return self._after_disconnect(w)
        opened = self.open_watched(w)
        if opened:
            self.hide()
        return opened

    def _after_disconnect(self, w: Watched) -> bool:
        window = self.window_

        def stopped(running: bool) -> None:
            if not running:
                window.controller.runningChanged.disconnect(stopped)
                if self.open_watched(w):
                    self.hide()

        window.controller.runningChanged.connect(stopped)
        window.controller.end_session(step_shutdown=False)
        return True

    def open_watched(self, watched: Watched) -> bool:
        """Switch the window to a proxied session: live while its proxy runs, else as a recording."""
        window = self.window_
        if not watched.running:
            return window.files.open_recording_path(str(watched.recording))
        follower = LiveFollower(watched, window.files)
        title = _word("live_title").format(name=watched.name)
        if not window.files.follow_recording(follower, title):
            return False
        follower.ended.connect(lambda: self._ended(follower))
        window.statusBar().showMessage(_word("watching").format(name=watched.name), 10000)
        return True

    def _ended(self, follower: LiveFollower) -> None:
        window = self.window_
        if window.recording is not follower.recording:
            return
        name = follower.watched.name
        window.setWindowTitle(_word("ended_title").format(name=name))
        window.statusBar().showMessage(_word("ended_status").format(name=name))


def show_watch(window: MainWindow) -> WatchDialog:
    """View → Watch host sessions…: the window's one Watch dialog, shown and raised."""
    dialog = window.findChild(WatchDialog)
    if not isinstance(dialog, WatchDialog):
        dialog = WatchDialog(window)
    dialog.show()
    dialog.raise_()
    dialog.activateWindow()
    return dialog


__all__ = ["REFRESH_MS", "LiveFollower", "WatchDialog", "show_watch"]
