"""The window's files: recordings opened (a large one while it loads), saved and re-analysed,
the handout, diagram and sequence exports, and server entries imported and exported.

:class:`WindowFiles` owns these commands for the main window (File menu, toolbar), given the
window: it reads the recording and views the window shows, and says what happened in the
window's status bar and message boxes. The window's actions call it; the tests call it as
``window.files``. Which file types each export takes, and the save dialogs' one path, are in
:mod:`inspector.ui.exporting`; the recording's loader in :mod:`inspector.ui.opening`.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox

from inspector.session.file_types import FileType
from inspector.session.file_words import (
    load_problems_text,
    reanalysis_text,
    refusal,
    save_types,
    sequence_export_text,
    suggested_recording_name,
)
from inspector.session.profiles import ServerProfile
from inspector.session.reanalyse import Change
from inspector.session.reanalyse import reanalyse as reanalyse_recording
from inspector.session.recording import Recording, RecordingError
from inspector.session.settings import read_text
from inspector.session.views import flagged_rows

from .opening import LoadingIndicator, RecordingOpener
from .rowmodel import RowTableModel
from .window_status import WindowPart

if TYPE_CHECKING:
    from inspector.session.imports import ConfigLocation

    from .import_dialog import ExportDialog, ImportDialog

#: Files at least this large are shown while they load (the rest behind the status bar's progress).
PROGRESS_FROM = 8 << 20
# While a recording loads, its views take the new entries (and repaint) at most this often.
LOADING_FRAME_S = 0.05


def _types(what: str) -> list[FileType]:
    """The save dialog's choices for ``what`` (a recording, a transcript, a picture), in the window's language."""
    return save_types(QCoreApplication.translate, what)


class WindowFiles(WindowPart):
    """The File menu's commands for ``window`` (see the module's docstring)."""

    def import_servers(self, locations: list[ConfigLocation] | None = None) -> ImportDialog:
        """File → Import servers…: the dialog (window-modal); the servers it imports are added."""
        from .import_dialog import ImportDialog  # on first use: the parsers are not needed to start

        dialog = ImportDialog([p.name for p in self.window.profiles], self.window, locations)
        dialog.serversImported.connect(self.add_profiles)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        return dialog

    def add_profiles(self, profiles: list[ServerProfile]) -> None:
        """Add imported servers to the list (saved at once), the first of them selected."""
        if not profiles:
            return
        first = len(self.window.profiles)
        self.window.profiles.extend(profiles)
        self.window.save_profiles()
        self.window.remake_connection_panel(first)
        self.note(self.tr("Imported {n} server(s)").format(n=len(profiles)), 5000)

    def export_server(self) -> ExportDialog:
        """File → Export server entry…: the selected server in the shape a chosen client reads."""
        from .import_dialog import ExportDialog

        dialog = ExportDialog(self.window.connection.current(), self.window)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        return dialog

    def open_recording(self) -> None:
        from .host_log_open import file_filter as host_log_filter  # host logs: on use, not to start

        path, _ = QFileDialog.getOpenFileName(
            self.window,
            self.tr("Open recording"),
            self.recordings_dir(),
            self.tr("Recordings (*.jsonl);;All files (*)") + ";;" + host_log_filter(),
        )
        if path:
            self.window.settings.setValue("recordings_dir", str(Path(path).parent))
            self.open_recording_path(path)

    def open_recording_path(self, path: str) -> bool:
        """Open a recording. A large file is shown as soon as its first entries are read, and
        the rest loads behind the status bar's progress (with Stop) while the timeline already
        scrolls, filters and searches what has arrived (inspector.ui.opening). Lines that could
        not be read are listed in a message once it is loaded (the rest of the file is shown)."""
        from inspector.session.host_logs import host_log_kind  # the host-log readers: on use, not to start

        from .host_log_open import show_host_log

        self.drop_loading()
        if host_log_kind(path) is not None:  # a host's log or a HAR file: converted on the way
            return show_host_log(self.window, path)
        name = Path(path).name
        try:
            large = os.stat(path).st_size >= PROGRESS_FROM
        except OSError:
            large = False  # the loader says what is wrong with it
        opener: RecordingOpener | None = None
        try:
            if large:
                opener = RecordingOpener(path, self)
                rec = opener.start()
                self.window.controller.show_recording(rec)
            else:
                rec = self.window.controller.open_recording(path)
        except RecordingError as exc:
            _discard(opener)
            if not exc.cancelled:
                self.message(self.tr("Cannot open recording"), str(exc))
            return False
        self.window.setWindowTitle(self.tr("MCP Session Inspector — {name} (read-only)").format(name=name))
        if opener is not None and not opener.done:
            indicator = self._loading_indicator()
            indicator.begin(name)
            indicator.set_fraction(opener.fraction())
            self._follow(opener)
            return True
        if opener is not None:
            opener.deleteLater()
        if rec.load_problem_count:
            self._show_load_problems(name, rec)
        self._say_header_problems(rec)
        return True

    def follow_recording(self, opener: RecordingOpener, title: str) -> bool:
        """Show a recording that is still being written (a running proxy's, ui.watch_dock),
        followed as it grows: the same path as a large file's loading, without its progress."""
        self.drop_loading()
        try:
            rec = opener.start()
            self.window.controller.show_recording(rec)
        except RecordingError as exc:
            _discard(opener)
            self.message(self.tr("Cannot open recording"), str(exc))
            return False
        self.window.setWindowTitle(title)
        self._follow(opener)
        return True

    def _follow(self, opener: RecordingOpener) -> None:
        """The window follows ``opener``'s recording as it is read: its slices, a failure, the end."""
        name = opener.path.name
        self.opener = opener
        opener.progressed.connect(self._loading_progressed)
        opener.failed.connect(lambda why: self._loading_failed(name, why))
        opener.finished.connect(lambda rec: self._loaded(name, rec))

    opener: RecordingOpener | None = None  # the file being read, while it is

    indicator: LoadingIndicator | None = None  # its progress in the status bar, once one was shown

    _loading_shown = 0.0  # when the views last took the entries of a loading recording

    def _loading_indicator(self) -> LoadingIndicator:
        if self.indicator is None:
            self.indicator = LoadingIndicator(self.window)
            self.indicator.stopRequested.connect(self.stop_loading)
            self.window.statusBar().addPermanentWidget(self.indicator)
        return self.indicator

    def is_loading(self) -> bool:
        """A recording file is still being read into the window."""
        return self.opener is not None and not self.opener.done

    def stop_loading(self) -> None:
        """Stop: the recording keeps the entries read so far (the status bar says how many)."""
        if self.opener is not None:
            self.opener.stop()

    def drop_loading(self) -> None:
        """Another recording or a session replaces the one loading: stop reading it, quietly."""
        opener, self.opener = self.opener, None
        _discard(opener)
        if self.indicator is not None:
            self.indicator.hide()

    def _loading_progressed(self, done: int, total: int) -> None:
        """A slice of the file was read (in the turn of the event loop before this one): the
        views take the entries read since they last did (at most every LOADING_FRAME_S: a few
        thousand entries, a few ms), so no frame of the ticker has a backlog to catch up on; the
        tables first, then the diagram, the panels' replay index and the status."""
        rec = self.window.recording
        if self.opener is None or rec is None or self.opener.recording is not rec:
            return
        now = time.monotonic()
        if now - self._loading_shown < LOADING_FRAME_S:
            return  # shown a moment ago: one repaint for several slices
        self._loading_shown = now
        if self.indicator is not None:
            self.indicator.set_fraction(self.opener.fraction())
        self._fetch_all(rec)
        self.window.refresh()
        flagged_rows(rec)  # the replay bar's marks, a slice at a time, ready when it is loaded

    def _fetch_all(self, rec: Recording) -> None:
        """The tables over ``rec`` (the timeline, the Logs panel's) take every entry that
        arrived, whatever their per-tick budget: the slices are the budget while it loads."""
        models: list[RowTableModel] = [self.window.timeline.model]
        for panel in self.window.panels.panels.values():
            model = getattr(panel, "model", None)  # the Logs panel's table; the others have none
            if isinstance(model, RowTableModel):
                models.append(model)
        for model in models:
            if model.recording() is rec:
                model.fetch_new(everything=True)

    def _loading_failed(self, name: str, why: str) -> None:
        self.message(
            self.tr("Cannot read all of the recording"),
            self.tr("Reading {name} broke off; the entries read before are shown.").format(name=name),
            informative=why,
        )

    def _loaded(self, name: str, rec: Recording) -> None:
        """The file is read (or Stop ended it): what an opened recording shows once complete."""
        opener, self.opener = self.opener, None
        if self.indicator is not None:
            self.indicator.hide()
        if opener is not None:
            opener.deleteLater()
        if rec is not self.window.recording:
            return
        self._fetch_all(rec)  # the tables first (the last slices), then what follows them
        self.window.show_loaded(rec)
        if opener is not None and opener.stopped:
            self.window.setWindowTitle(
                self.tr("MCP Session Inspector — {name} (read-only, partly loaded)").format(name=name)
            )
            stopped = self.tr("Stopped loading {name}: the first {n} entries are shown.")
            self.note(stopped.format(name=name, n=f"{len(rec):,}"), 10000)
        if rec.load_problem_count:
            self._show_load_problems(name, rec)
        self._say_header_problems(rec)

    def _say_header_problems(self, rec: Recording) -> None:
        """The header's members that were left out (their defaults used), in the status bar:
        located problems, worded in the window's language as the import dialog words them."""
        if rec.header_problems and not rec.load_problem_count:  # else the load problems' message holds the bar
            from .import_dialog import problem_line

            self.note("; ".join(problem_line(p) for p in rec.header_problems), 15000)

    def _refused(self, command: str) -> bool:
        """True (and the status bar says why) when ``command`` cannot run now (file_words.refusal)."""
        rec = self.window.recording
        live = self.opener is not None and self.opener.live
        shown, read_only = rec is not None, rec is not None and rec.read_only
        why = refusal(
            QCoreApplication.translate, command, loading=self.is_loading(), live=live, shown=shown, read_only=read_only
        )
        if why is not None:
            self.note(why, 5000)
        return why is not None

    def _show_load_problems(self, name: str, rec: Recording) -> None:
        words = load_problems_text(QCoreApplication.translate, name, rec.load_problem_count, rec.load_problems)
        title = self.tr("Parts of the recording could not be read")
        self.message(title, words.text, informative=words.first, details=words.lines)
        self.note(words.status, 10000)

    def save_recording(self) -> None:
        if self._refused("save") or self.window.recording is None:
            return
        chosen = self._ask(
            self.tr("Save recording"), suggested_recording_name(self.window.recording.header), "recording"
        )
        if chosen is not None:
            self.save_recording_to(chosen[0])

    def save_recording_to(self, path: str) -> bool:
        if not path.endswith(".jsonl"):
            path += ".jsonl"
        try:
            self.window.controller.save_recording(path)
        except OSError as exc:
            self.message(self.tr("Cannot save recording"), str(exc))
            return False
        self.window.settings.setValue("recordings_dir", str(Path(path).parent))  # the next dialog starts here
        self.note(self.tr("Saved {path}").format(path=path), 5000)
        return True

    def export_transcript(self) -> None:
        if self._refused("export") or self.window.recording is None:
            return
        name = Path(suggested_recording_name(self.window.recording.header)).with_suffix(".html").name
        chosen = self._ask(self.tr("Export transcript"), name, "transcript")
        if chosen is not None:
            self.export_transcript_to(chosen[0])

    def _export_failed(self, path: str, reason: str) -> bool:
        """Say that an export to ``path`` failed, and why: in a message, and in the status bar
        instead of what an earlier export said there ("Exported …" would read as this one)."""

        def text() -> str:
            return self.tr("Cannot write {path}: {reason}").format(path=path, reason=reason)

        self.window.status.say(lambda: self.tr("Not exported: {why}").format(why=text()), 15000)
        self.message(self.tr("Cannot export"), text())
        return False

    def export_transcript_to(self, path: str) -> bool:
        """Write the handout of the session shown, in the UI language: Markdown (``.md``,
        ``.markdown``) or HTML (``.html``, ``.htm``); another extension is refused, saying so."""
        if self.window.recording is None:
            return False
        from .exporting import type_of

        if type_of(path, _types("transcript")) is None:
            return self._export_failed(path, self.tr("unknown file type: the name must end in .html or .md"))
        summary = self.window.controller.summary()
        try:
            lang = self.window.languages.effective() if self.window.languages is not None else "en"
            from inspector.session.handout import write_handout

            write_handout(path, self.window.recording, summary, QCoreApplication.translate, lang)
        except OSError as exc:
            return self._export_failed(path, exc.strerror or str(exc))
        self.note(self.tr("Exported {path}").format(path=path), 5000)
        return True

    def reanalyse(self) -> list[Change]:
        """Judge the opened recording again; show the result and say what changed."""
        rec = self.window.recording
        if self._refused("reanalyse") or rec is None:
            return []
        again, changes = reanalyse_recording(rec)
        self.window.controller.show_recording(again)
        self.window.setWindowTitle(self.window.windowTitle() + " " + self.tr("(re-analysed)"))
        text = reanalysis_text(QCoreApplication.translate, changes)
        self.message(self.tr("Re-analysed"), text, icon=QMessageBox.Icon.Information)
        return changes

    def _ask(self, title: str, name: str, what: str) -> tuple[str, FileType] | None:
        """Where to write ``what`` (a key of file_words.SAVE_TYPES), offered as ``name`` in the last
        recordings' folder: the save dialogs' one path (the chosen type's extension added when
        missing, and asked about if that name exists); None when cancelled."""
        from .exporting import ask_save_path

        return ask_save_path(self.window, title, str(Path(self.recordings_dir()) / name), _types(what))

    def _export_picture(self, title: str, name: str, write: Callable[[str, float], bool]) -> None:
        """Ask where to write a picture (SVG, or PNG at 2× or 4×), then ``write(path, scale)``."""
        chosen = self._ask(title, name, "picture")
        if chosen is not None:
            write(chosen[0], chosen[1].scale if chosen[1].kind == "png" else 2.0)

    def export_sequence(self) -> None:
        self._export_picture(self.tr("Export sequence diagram"), "sequence.svg", self.export_sequence_to)

    def export_sequence_to(self, path: str, scale: float = 2.0) -> bool:
        """The sequence diagram of the timeline's rows (its filter): all of them when one file
        holds them, else as many as it holds from the selected row; the status bar says which.
        ``.svg``: a drawing; ``.png``: a picture at ``scale``; the selected row is not marked."""
        try:
            first, end, total = self.window.sequence.export(path, scale=scale)
        except OSError as exc:
            return self._export_failed(path, exc.strerror or str(exc))
        limit = self.window.sequence.export_limit(path, scale)
        self.note(*sequence_export_text(QCoreApplication.translate, first, end, total, path, limit))
        return True

    def export_diagram(self) -> None:
        self._export_picture(self.tr("Export diagram"), "lifecycle.svg", self.export_diagram_to)

    def diagram_caption(self) -> str:
        """What the exported diagram says it shows: state, era and the entry it is as of."""
        row = self.window.diagram.as_of
        if row is None and self.window.recording is not None and len(self.window.recording):
            row = len(self.window.recording) - 1
        return self.window.diagram.export_caption(row)

    def export_diagram_to(self, path: str, scale: float = 2.0) -> bool:
        """The whole diagram as it is now (every state, not only the part scrolled into view),
        with a caption naming the state, the era and the entry: SVG (``.svg``, shapes and text)
        or PNG (``.png``, at ``scale`` device pixels a pixel, no hover or focus ring)."""
        from .picture import write_picture

        widget = self.window.diagram
        caption = self.diagram_caption()
        size = widget.export_size()
        if size.isEmpty():
            return self._export_failed(path, self.tr("no diagram to export"))
        try:
            write_picture(
                path,
                size,
                lambda painter: widget.paint_export(painter, caption),
                title=self.tr("Lifecycle diagram"),
                description=caption,
                scale=scale,
            )
        except OSError as exc:
            return self._export_failed(path, exc.strerror or str(exc))
        self.note(self.tr("Exported {path}").format(path=path), 5000)
        return True

    def recordings_dir(self) -> str:
        """Where the file dialogs start: the folder of the last recording opened or saved."""
        saved = read_text(
            "recordings_dir", self.window.settings.value("recordings_dir"), self.window.settings_notes.append
        )
        return saved or str(Path.home())


def _discard(opener: RecordingOpener | None) -> None:
    """Stop reading with ``opener`` and let it go, quietly (its signals no longer reach the window)."""
    if opener is not None:
        opener.blockSignals(True)
        opener.stop()
        opener.deleteLater()
