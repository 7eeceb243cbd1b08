"""The main window: connection panel, live lifecycle diagram, timeline, details, negotiation."""

from __future__ import annotations

import os
import time
from pathlib import Path
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QPoint, QRect, QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QFont, QKeySequence, QPalette
from PySide6.QtWidgets import QDockWidget, QFileDialog, QLabel, QMainWindow, QMenu, QMessageBox, QSplitter, QTabWidget, QToolBar, QVBoxLayout, QWidget

from inspector.protocol.lifecycle import STATE_INFO, State
from inspector.protocol.versions import Era, EraMode
from inspector.session.labels import ERA_LABELS  # era names ("Eras"), shared with the handouts
from inspector.session.profiles import ProfileStore, ServerProfile, demo_args
from inspector.session.operations import FailureReport, failure_report
from inspector.session import SessionError
from inspector.session.reanalyse import reanalyse as reanalyse_recording
from inspector.session.recording import Recording, RecordingError
from inspector.session.version_in_force import version_in_force
from inspector.session.views import flagged_rows

from .connection import ConnectionPanel, problem_text
from .banner import FailureBanner, failure_why, outcome_text, stderr_quote
from .controller import SessionController
from .detail import DetailPane
from .diagram import LifecycleDiagram
from .negotiation import NegotiationView
from .opening import LoadingIndicator, RecordingOpener
from .panels import PanelHost
from .replay import ReplayBar
from .rowmodel import RowTableModel
from .sequence import SequenceView, SideBySide
from .stepbar import StepBar
from .theme import high_contrast_palette, is_dark
from .ticker import FLOOD_BATCH_ROWS, app_ticker, set_live_text
from .timeline import TimelineView
from .widgets import plain_message, plain_tooltip

if TYPE_CHECKING:
    from .client_side import UiClientHandlers
    from .composer import ComposerDialog

# Loaded when first used, not at start-up (they cost about 65 ms of the first paint): the
# client-side answer dialogs when a session starts (.client_side), the composer when it opens
# (.composer), the handout writer when a handout is exported (inspector.session.handout).

def suggested_recording_name(header: dict) -> str:
    """``<server>-<YYYYmmdd-HHMMSS>.jsonl`` from a recording's header (file-name safe)."""
    server = str(header.get("server_name") or "session")
    safe = "".join(c if c.isalnum() or c in "-_." else "-" for c in server).strip("-.") or "session"
    created = str(header.get("created") or "")
    stamp = "".join(c for c in created[:19] if c.isdigit())
    stamp = f"{stamp[:8]}-{stamp[8:14]}" if len(stamp) == 14 else ""
    return f"{safe[:60]}-{stamp}.jsonl" if stamp else f"{safe[:60]}.jsonl"
#: Files at least this large are shown while they load (the rest behind the status bar's progress).
PROGRESS_FROM = 8 << 20
# While a recording loads, its views take the new entries (and repaint) at most this often.
LOADING_FRAME_S = 0.05


class MainWindow(QMainWindow):
    def __init__(
        self,
        controller: SessionController,
        store: ProfileStore,
        profiles: list[ServerProfile],
        settings: QSettings,
        languages=None,
        themes=None,
    ) -> None:
        super().__init__()
        self.controller = controller
        self.store = store
        self.profiles = profiles
        self.settings = settings
        self.message_box: QMessageBox | None = None  # the last warning shown (tests read it)
        self.languages = languages
        self.themes = themes
        self.recording: Recording | None = None
        self.mode = EraMode.AUTO
        self.follow_live = True
        self._last_len = -1
        self._summary: dict | None = None
        self._failure: FailureReport | None = None  # why the last session failed (worded again on a language switch)
        self._status_words: tuple[Callable[[], str], str, int] | None = None  # see _say
        self.handlers: UiClientHandlers | None = None
        controller.handlers_factory = self._make_handlers
        self.setWindowTitle(self.tr("MCP Session Inspector"))
        self.resize(*self._start_size())
        self._build()
        self._default_state = self.saveState(self.LAYOUT_VERSION)
        self.restore_layout()
        controller.recordingChanged.connect(self._on_recording)
        controller.runningChanged.connect(self._on_running)
        controller.stepPending.connect(self._on_step)
        controller.steppingChanged.connect(self._on_stepping)
        controller.ready.connect(self._update_ping)
        controller.failed.connect(self._on_failed)
        controller.finished.connect(self._on_finished)
        controller.eraDetected.connect(self._on_era_detected)
        # The status line and the diagram follow a live recording on the application's one tick
        # source, after the timeline (subscribed when it was built) has taken the same entries.
        self._following = app_ticker().subscribe(self, self._tick)
        self._refresh()
        self._on_running(controller.running)

    # ------------------------------------------------------------------ construction

    def _build(self) -> None:
        self._build_widgets()
        self._build_actions()  # after the docks: the View menu lists them

    def _make_connection_panel(self) -> ConnectionPanel:
        if self.languages is not None:  # the built-in demo speaks the window's language
            for p in self.profiles:
                if p.builtin:
                    p.args = demo_args(self.languages.effective())
        panel = ConnectionPanel(self.profiles)
        panel.profilesChanged.connect(self._profiles_edited)
        panel.connectRequested.connect(self.connect_selected)
        panel.disconnectRequested.connect(lambda: self.act_disconnect.trigger())
        panel.set_compact(self._connection_compact)
        panel.set_session(self.controller.running, self.status_state.text() if hasattr(self, "status_state") else "")
        panel.compactChanged.connect(self._connection_compact_changed)
        return panel

    def _wire_panels(self) -> None:
        for panel in self.panels.panels.values():  # a log line, a flagged answer: shown in the timeline
            panel.entryActivated.connect(self.timeline.select_seq)

    def _build_actions(self) -> None:
        # actions
        self.act_connect = QAction(self.tr("Connect"), self)
        self.act_connect.setShortcut(QKeySequence("Ctrl+Return"))
        self.act_connect.setToolTip(self.tr("Start the selected server and run the start sequence (Ctrl+Enter)"))
        self.act_connect.triggered.connect(self.connect_selected)
        self.act_disconnect = QAction(self.tr("Disconnect"), self)
        self.act_disconnect.setShortcut(QKeySequence("Ctrl+Shift+Return"))
        self.act_disconnect.setToolTip(self.tr("Shut the server down per spec: close stdin, wait, SIGTERM, SIGKILL (Ctrl+Shift+Enter)"))
        self.act_disconnect.triggered.connect(lambda: self.controller.disconnect(step_shutdown=True))
        self.act_step = QAction(self.tr("Step"), self)
        self.act_step.setCheckable(True)
        self.act_step.setShortcut(QKeySequence("Ctrl+T"))
        self.act_step.setToolTip(self.tr("Step mode: every message in both directions, and each shutdown step, waits for Continue. Switched on during a session, the next message waits; off, what waits goes on (Ctrl+T)"))
        self.act_step.setChecked(self.step_mode)  # kept when the actions are made again (a language change)
        self.act_step.toggled.connect(self._step_toggled)
        self.act_continue = QAction(self.tr("Continue"), self)
        self.act_continue.setShortcut(QKeySequence("F8"))
        self.act_continue.setToolTip(self.tr("Send the waiting message (F8)"))
        self.act_continue.triggered.connect(self.controller.continue_step)
        self.act_follow = QAction(self.tr("Follow live"), self)
        self.act_follow.setCheckable(True)
        self.act_follow.setChecked(self.follow_live)  # kept when the actions are made again (a language change)
        self.act_follow.setShortcut(QKeySequence("Ctrl+L"))
        self.act_follow.setToolTip(self.tr("The diagram follows the newest entry instead of the selected row (Ctrl+L)"))
        self.act_follow.toggled.connect(self._set_follow)
        self.act_open = QAction(self.tr("Open recording…"), self)
        self.act_open.setShortcut(QKeySequence.StandardKey.Open)
        self.act_open.triggered.connect(self.open_recording)
        self.act_save = QAction(self.tr("Save recording…"), self)
        self.act_save.setShortcut(QKeySequence.StandardKey.Save)
        self.act_save.triggered.connect(self.save_recording)
        self.act_compose = QAction(self.tr("Compose…"), self)
        self.act_compose.setShortcut(QKeySequence("Ctrl+M"))
        self.act_compose.setToolTip(self.tr("Write a message of your own and send it as it is: valid, malformed or out of order (Ctrl+M)"))
        self.act_compose.triggered.connect(lambda: self.open_composer())
        self.act_ping = QAction(self.tr("Ping"), self)
        self.act_ping.setToolTip(self.tr("Send ping and show how long the answer took (handshake era)"))
        self.act_ping.triggered.connect(self.ping)
        self.act_export = QAction(self.tr("Export transcript…"), self)
        self.act_export.setToolTip(self.tr("A handout of the session: Markdown or a self-contained HTML page, in the window's language"))
        self.act_export.triggered.connect(self.export_transcript)
        self.act_export_diagram = QAction(self.tr("Export diagram…"), self)
        self.act_export_diagram.setToolTip(self.tr("The lifecycle diagram as it is drawn now, as SVG or PNG"))
        self.act_export_diagram.triggered.connect(self.export_diagram)
        self.act_presenter = QAction(self.tr("Presenter"), self)
        self.act_presenter.setCheckable(True)
        self.act_presenter.setShortcut(QKeySequence("F11"))
        self.act_presenter.setToolTip(self.tr("For a projector: larger diagram, step bar and timeline, side panels hidden, lesson notes for the current state (F11)"))
        self.act_presenter.setChecked(self.presenting)
        self.act_presenter.toggled.connect(self.set_presenter)
        self.act_export_sequence = QAction(self.tr("Export sequence diagram…"), self)
        self.act_export_sequence.setToolTip(self.tr("The sequence diagram of the rows the timeline shows, as SVG or PNG"))
        self.act_export_sequence.triggered.connect(self.export_sequence)
        self.act_reanalyse = QAction(self.tr("Re-analyse with the current rules"), self)
        self.act_reanalyse.setToolTip(self.tr("Judge the opened recording again with this inspector's rules and schemas, and show what came out differently"))
        self.act_reanalyse.triggered.connect(self.reanalyse)
        self.act_spec = QAction(self.tr("Specification…"), self)
        self.act_spec.setShortcut(QKeySequence.StandardKey.HelpContents)
        self.act_spec.setToolTip(self.tr("The MCP specification pages bundled with the inspector, for the negotiated version (F1)"))
        self.act_spec.triggered.connect(lambda: self.open_spec(""))
        self.act_import = QAction(self.tr("Import servers…"), self)
        self.act_import.setToolTip(self.tr("Add servers from Claude Desktop, VS Code, Cursor, Windsurf or MCP Inspector settings, or a registry server.json"))
        self.act_import.triggered.connect(lambda: self.import_servers())
        self.act_export_server = QAction(self.tr("Export server entry…"), self)
        self.act_export_server.setToolTip(self.tr("The selected server as an entry for another client's configuration file (Claude Desktop, Cursor, VS Code, Windsurf, MCP Inspector), secrets left out"))
        self.act_export_server.triggered.connect(lambda: self.export_server())
        self.act_quit = QAction(self.tr("Quit"), self)
        self.act_quit.setShortcut(QKeySequence.StandardKey.Quit)
        self.act_quit.triggered.connect(self.close)

        toolbar = QToolBar(self.tr("Session"))
        toolbar.setObjectName("sessionToolbar")
        toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        for a in (self.act_connect, self.act_disconnect, self.act_step, self.act_continue, self.act_follow, self.act_compose):
            toolbar.addAction(a)
        toolbar.addSeparator()
        toolbar.addAction(self.act_open)
        toolbar.addAction(self.act_save)
        self.addToolBar(toolbar)
        self.toolbar = toolbar

        menu = self.menuBar()
        for old in menu.findChildren(QMenu, options=Qt.FindChildOption.FindDirectChildrenOnly):
            old.deleteLater()  # clear() only takes a menu off the bar: the last language's menus would stay
        menu.clear()
        m_file = menu.addMenu(self.tr("&File"))
        m_file.addAction(self.act_open)
        m_file.addAction(self.act_save)
        m_file.addSeparator()
        m_file.addAction(self.act_import)
        m_file.addAction(self.act_export_server)
        m_file.addSeparator()
        m_file.addAction(self.act_export)
        m_file.addAction(self.act_export_diagram)
        m_file.addAction(self.act_export_sequence)
        m_file.addSeparator()
        m_file.addAction(self.act_reanalyse)
        m_file.addSeparator()
        m_file.addAction(self.act_quit)
        m_session = menu.addMenu(self.tr("&Session"))
        for a in (self.act_connect, self.act_disconnect, self.act_step, self.act_continue):
            m_session.addAction(a)
        m_session.addSeparator()
        m_session.addAction(self.act_compose)
        m_session.addAction(self.act_ping)
        m_view = menu.addMenu(self.tr("&View"))
        m_view.addAction(self.act_follow)
        m_view.addSeparator()
        self.act_layout_debugging = QAction(self.tr("Debugging layout"), self)
        self.act_layout_debugging.setToolTip(self.tr("Timeline first: the timeline and the details get the space, the diagram is smaller"))
        self.act_layout_debugging.triggered.connect(lambda: self.choose_layout("debugging"))
        self.act_layout_teaching = QAction(self.tr("Teaching layout"), self)
        self.act_layout_teaching.setToolTip(self.tr("Diagram and step bar first, the timeline and the details below them"))
        self.act_layout_teaching.triggered.connect(lambda: self.choose_layout("teaching"))
        for a in (self.act_layout_debugging, self.act_layout_teaching):
            a.setCheckable(True)
            m_view.addAction(a)
        m_view.addAction(self.act_presenter)
        self.act_reset_layout = QAction(self.tr("Reset layout"), self)
        self.act_reset_layout.setToolTip(self.tr("Put the chosen layout back as it starts: its docks, toolbar and proportions"))
        self.act_reset_layout.triggered.connect(self.reset_layout)
        m_view.addAction(self.act_reset_layout)
        self._show_layout_checks()
        m_view.addSeparator()
        # the docks' own actions (they live with the docks): shown, hidden, and the close button's undo
        for dock, tip in (
            (self.dock, self.tr("Show or hide the Connection dock: saved servers and the editor")),
            (self.features_dock, self.tr("Show or hide the Features dock: tools, resources, prompts, logs, tasks")),
        ):
            action = dock.toggleViewAction()
            action.setText(dock.windowTitle())
            action.setToolTip(tip)
            m_view.addAction(action)
        self.toolbar_action = self.toolbar.toggleViewAction()
        self.toolbar_action.setText(self.tr("Toolbar"))
        m_view.addAction(self.toolbar_action)
        m_view.addSeparator()
        m_help = menu.addMenu(self.tr("&Help"))
        m_help.addAction(self.act_spec)
        if self.languages is not None:
            m_lang = m_view.addMenu(self.tr("Language"))
            group = QActionGroup(self)
            for code, label in self.languages.choices():
                a = QAction(label, self, checkable=True)
                a.setChecked(code == self.languages.choice)
                a.triggered.connect(lambda _=False, c=code: self.languages.set_choice(c))
                group.addAction(a)
                m_lang.addAction(a)
        if self.themes is not None:
            m_theme = m_view.addMenu(self.tr("Theme"))
            group = QActionGroup(self)
            for code, label in ((
                "system", self.tr("Follow the system")), ("light", self.tr("Light")), ("dark", self.tr("Dark"))):
                a = QAction(label, self, checkable=True)
                a.setChecked(code == self.themes.choice)
                a.triggered.connect(lambda _=False, c=code: self.themes.set_choice(c))
                group.addAction(a)
                m_theme.addAction(a)

    def _build_widgets(self) -> None:
        # connection panel
        self.connection = self._make_connection_panel()
        dock = QDockWidget(self.tr("Connection"), self)
        dock.setObjectName("connectionDock")
        dock.setWidget(self.connection)
        closable = QDockWidget.DockWidgetFeature.DockWidgetClosable
        dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable | QDockWidget.DockWidgetFeature.DockWidgetFloatable | closable)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        self.dock = dock

        # capability-driven feature panels
        self.panels = PanelHost(self.controller)
        features = QDockWidget(self.tr("Features"), self)
        features.setObjectName("featuresDock")
        features.setWidget(self.panels)
        features.setMinimumWidth(360)
        features.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable | QDockWidget.DockWidgetFeature.DockWidgetFloatable | closable)
        # one side column: the connection above the features (compact once connected), so the
        # diagram and the timeline get the rest of the width
        self.splitDockWidget(dock, features, Qt.Orientation.Vertical)
        self.features_dock = features

        # centre
        self.diagram = LifecycleDiagram()
        self.diagram.specRequested.connect(self.open_spec)
        self.stepbar = StepBar()
        self.stepbar.continueClicked.connect(self.controller.continue_step)
        self.stepbar.runToEndClicked.connect(self.run_to_end)
        self.stepbar.backClicked.connect(self.step_back)
        self.stepbar.specRequested.connect(self.open_spec)
        self.stepbar.details_button.toggled.connect(self._step_details_toggled)
        self.timeline = TimelineView(settings=self.settings)  # the user's columns
        self.timeline.entrySelected.connect(self._on_entry_selected)
        self.timeline.resendRequested.connect(self.resend)
        self.detail = DetailPane()
        self.detail.goToSeq.connect(self.timeline.select_seq)
        self._wire_panels()
        self.negotiation = NegotiationView()
        self.tabs = QTabWidget()
        self.tabs.addTab(self.detail, self.tr("Details"))
        self.tabs.addTab(self.negotiation, self.tr("Negotiation"))
        self.sequence = SequenceView()
        self.sequence.entryClicked.connect(self.timeline.select_seq)
        self.timeline.model.filterChanged.connect(self.sequence.refresh)
        self.views = QTabWidget()
        self.views.setDocumentMode(True)
        # "Side by side" (the tabs' corner) moves the sequence view beside the timeline, scrolling with it
        self.side_by_side = SideBySide(self.views, self.timeline, self.timeline.table, self.sequence, lambda: self.tr("Sequence"))
        self.views.addTab(self.side_by_side.page, self.tr("Timeline"))
        self.views.addTab(self.sequence, self.tr("Sequence"))
        self.views.setCornerWidget(self.side_by_side, Qt.Corner.TopRightCorner)
        self.views.currentChanged.connect(lambda _i: self.sequence.refresh())
        lower = QSplitter(Qt.Orientation.Horizontal)
        lower.addWidget(self.views)
        # the details' column: the Teaching layout puts the step bar at its top (_place_stepbar)
        self.detail_column = QSplitter(Qt.Orientation.Vertical)
        self.detail_column.setChildrenCollapsible(False)
        self.detail_column.addWidget(self.tabs)
        lower.addWidget(self.detail_column)
        lower.setStretchFactor(0, 3)
        lower.setStretchFactor(1, 2)
        lower.setSizes([560, 400])  # proportions: the details get room for their header and sizes
        self.tabs.setMinimumWidth(300)
        top = QWidget()
        top_layout = QVBoxLayout(top)
        top_layout.setContentsMargins(0, 0, 0, 0)
        self.banner = FailureBanner()
        self.banner.showEntry.connect(self.timeline.select_seq)
        top_layout.addWidget(self.banner)
        top_layout.addWidget(self.diagram, 1)
        top_layout.addWidget(self.stepbar)
        self.top_layout = top_layout
        self.replay = ReplayBar()
        self.replay.rowChanged.connect(self._replay_row)
        top_layout.addWidget(self.replay)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(top)
        split.addWidget(lower)
        self.lower_split = lower
        split.setStretchFactor(0, 2)
        split.setStretchFactor(1, 3)
        split.setSizes([330, 520])
        self.setCentralWidget(split)
        self.central_split = split

        # status bar
        self.status_state = QLabel()
        self.status_era = QLabel()
        self.status_counts = QLabel()
        self.status_exit = QLabel()
        for w in (self.status_state, self.status_era, self.status_counts, self.status_exit):
            w.setTextFormat(Qt.TextFormat.PlainText)
            self.statusBar().addPermanentWidget(w)
        self.diagram.set_machine(self.mode, None)

    def retranslate(self) -> None:
        """Show the window in the current language without losing anything: the session and
        its recording, the layout, the diagram's state, the selection and a failure banner.

        Actions, menus and the toolbar are made again; the Connection panel (a view of the saved
        servers) is made again in its dock, the fields' problems still shown if they were; the
        feature panels are made again only with no session and no live recording (an opened
        recording's are shown again as of its entry); a running or ended session keeps its
        panels, which word themselves again from their state. A status-bar message still shown
        (a failure, the fields to fix) is said again. Everything else retranslates itself on
        Qt's LanguageChange event.
        """
        layout = self.saveState(self.LAYOUT_VERSION)
        for action in self.findChildren(QAction):
            if action.parent() is self:
                self.removeAction(action)
                action.deleteLater()
        for group in self.findChildren(QActionGroup):
            if group.parent() is self:
                group.deleteLater()
        for bar in self.findChildren(QToolBar):
            if bar.parent() is self:  # the window's own, not the timeline's filter bar
                self.removeToolBar(bar)
                bar.setObjectName("")  # restoreState() below must place the new bar, not this one
                bar.hide()  # gone from sight now, not when the loop gets to the deletion
                bar.deleteLater()
        self.setWindowTitle(self.tr("MCP Session Inspector"))
        self.dock.setWindowTitle(self.tr("Connection"))  # before the actions: the View menu names the docks by their titles
        self.features_dock.setWindowTitle(self.tr("Features"))
        self._build_actions()
        revealing = self.connection.editor.revealing
        self._remake_connection_panel(self.connection.list.currentRow())
        if revealing:  # the fields' problems stay in view, in the new language
            self.connection.editor.reveal_problems()
        if not self.controller.running and (self.recording is None or self.recording.read_only):
            old_panels = self.panels
            self.panels = PanelHost(self.controller)
            self.features_dock.setWidget(self.panels)
            old_panels.hide()
            old_panels.deleteLater()
            self._wire_panels()
            if self.recording is not None and not self.follow_live and self.timeline.current_seq() is not None:
                self._show_row(self.timeline.current_seq(), animate=False)  # a replay's panels as they were
        else:
            self.panels.retranslate_titles()
        self.tabs.setTabText(0, self.tr("Details"))
        self.tabs.setTabText(1, self.tr("Negotiation"))
        self.views.setTabText(0, self.tr("Timeline"))
        if not self.side_by_side.is_side_by_side():
            self.views.setTabText(1, self.tr("Sequence"))
        self.restoreState(layout, self.LAYOUT_VERSION)
        self._on_running(self.controller.running)
        self.stepbar.show_step(self.controller.pending_step)
        self._last_len = -1
        self._refresh()
        if self._summary is not None:
            self._show_exit(self._summary)
        if self._status_words is not None and self.statusBar().currentMessage() == self._status_words[1]:
            self._say(*self._status_words[::2])  # a message still shown, in the new language

    def _remake_connection_panel(self, row: int) -> None:
        """The Connection panel made again from the saved servers, ``row`` selected."""
        old = self.connection
        self.connection = self._make_connection_panel()
        self.dock.setWidget(self.connection)
        old.hide()
        old.deleteLater()
        if 0 <= row < self.connection.list.count():
            self.connection.list.setCurrentRow(row)

    # ------------------------------------------------------------------ commands

    def import_servers(self, locations=None):
        """File → Import servers…: the dialog (window-modal); the servers it imports are added."""
        from .import_dialog import ImportDialog  # on first use: the parsers are not needed to start

        dialog = ImportDialog([p.name for p in self.profiles], self, locations)
        dialog.serversImported.connect(self.add_profiles)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        return dialog

    def add_profiles(self, profiles: list[ServerProfile]) -> None:
        """Add imported servers to the list (saved at once), the first of them selected."""
        if not profiles:
            return
        first = len(self.profiles)
        self.profiles.extend(profiles)
        self._save_profiles()
        self._remake_connection_panel(first)
        self.statusBar().showMessage(self.tr("Imported {n} server(s)").format(n=len(profiles)), 5000)

    def export_server(self):
        """File → Export server entry…: the selected server in the shape a chosen client reads."""
        from .import_dialog import ExportDialog

        dialog = ExportDialog(self.connection.current(), self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        return dialog

    def connect_selected(self) -> None:
        profile = self.connection.current()
        problems = profile.problems()
        if problems:
            self.dock.show()  # the fields to fix: the editor in view, whatever the layout hid
            self.connection.set_compact(False)
            self.connection.editor.reveal_problems()
            self._say(lambda: self.tr("Fix the highlighted fields first: ") + self._listed(map(problem_text, profile.problems().values())), 8000)
            return
        self._summary = None
        self._failure = None
        self.status_exit.setText("")
        self.status_exit.setToolTip("")
        self.controller.connect_profile(profile, step=self.act_step.isChecked())

    def open_recording(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Open recording"), self._recordings_dir(), self.tr("Recordings (*.jsonl);;All files (*)"))
        if path:
            self.settings.setValue("recordings_dir", str(Path(path).parent))
            self.open_recording_path(path)

    def open_recording_path(self, path: str) -> bool:
        """Open a recording. A large file is shown as soon as its first entries are read, and
        the rest loads behind the status bar's progress (with Stop) while the timeline already
        scrolls, filters and searches what has arrived (inspector.ui.opening). Lines that could
        not be read are listed in a message once it is loaded (the rest of the file is shown)."""
        self._stop_loading()
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
                self.controller.show_recording(rec)
            else:
                rec = self.controller.open_recording(path)
        except RecordingError as exc:
            if opener is not None:
                opener.blockSignals(True)
                opener.stop()
                opener.deleteLater()
            if not exc.cancelled:
                self.message_box = plain_message(self, self.tr("Cannot open recording"), str(exc))
            return False
        self.setWindowTitle(self.tr("MCP Session Inspector — {name} (read-only)").format(name=name))
        if opener is not None and not opener.done:
            self._opener = opener
            indicator = self._loading_indicator()
            indicator.begin(name)
            indicator.set_fraction(opener.fraction())
            opener.progressed.connect(self._loading_progressed)
            opener.failed.connect(lambda why: self._loading_failed(name, why))
            opener.finished.connect(lambda rec: self._loaded(name, rec))
            return True
        if opener is not None:
            opener.deleteLater()
        if rec.load_problem_count:
            self._show_load_problems(name, rec)
        return True

    # ------------------------------------------------------------------ a recording that loads

    _opener: RecordingOpener | None = None
    _indicator: LoadingIndicator | None = None
    _loading_shown = 0.0  # when the views last took the entries of a loading recording

    def _loading_indicator(self) -> LoadingIndicator:
        if self._indicator is None:
            self._indicator = LoadingIndicator(self)
            self._indicator.stopRequested.connect(self.stop_loading)
            self.statusBar().addPermanentWidget(self._indicator)
        return self._indicator

    def is_loading(self) -> bool:
        """A recording file is still being read into the window."""
        return self._opener is not None and not self._opener.done

    def stop_loading(self) -> None:
        """Stop: the recording keeps the entries read so far (the status bar says how many)."""
        if self._opener is not None:
            self._opener.stop()

    def _stop_loading(self) -> None:
        """Another recording or a session replaces the one loading: stop reading it, quietly."""
        opener, self._opener = self._opener, None
        if opener is not None:
            opener.blockSignals(True)
            opener.stop()
            opener.deleteLater()
        if self._indicator is not None:
            self._indicator.hide()

    def _loading_progressed(self, done: int, total: int) -> None:
        """A slice of the file was read (in the turn of the event loop before this one): the
        views take the entries read since they last did (at most every LOADING_FRAME_S: a few
        thousand entries, a few ms), so no frame of the ticker has a backlog to catch up on; the
        tables first, then the diagram, the panels' replay index and the status."""
        if self._opener is None or self._opener.recording is not self.recording:
            return
        now = time.monotonic()
        if now - self._loading_shown < LOADING_FRAME_S:
            return  # shown a moment ago: one repaint for several slices
        self._loading_shown = now
        if self._indicator is not None:
            self._indicator.set_fraction(self._opener.fraction())
        self._fetch_all(self.recording)
        self._refresh()
        flagged_rows(self.recording)  # the replay bar's marks, a slice at a time, ready when it is loaded

    def _fetch_all(self, rec: Recording) -> None:
        """The tables over ``rec`` (the timeline, the Logs panel's) take every entry that
        arrived, whatever their per-tick budget: the slices are the budget while it loads."""
        models = [self.timeline.model] + [p.model for p in self.panels.panels.values() if isinstance(getattr(p, "model", None), RowTableModel)]
        for model in models:
            if model.recording() is rec:
                model.fetch_new(everything=True)

    def _loading_failed(self, name: str, why: str) -> None:
        self.message_box = plain_message(self, self.tr("Cannot read all of the recording"), self.tr("Reading {name} broke off; the entries read before are shown.").format(name=name), informative=why)

    def _loaded(self, name: str, rec: Recording) -> None:
        """The file is read (or Stop ended it): what an opened recording shows once complete."""
        opener, self._opener = self._opener, None
        if self._indicator is not None:
            self._indicator.hide()
        if opener is not None:
            opener.deleteLater()
        if rec is not self.recording:
            return
        self._following.set_active(False)
        self._fetch_all(rec)  # the tables first (the last slices), then what follows them
        self._last_len = -1
        self._refresh()
        # the replay bar looks through every entry for its marks: in a turn of the loop of its own
        QTimer.singleShot(20, self, lambda: self.replay.set_recording(rec) if rec is self.recording else None)
        if rec.summary:
            self._on_finished(rec.summary)
        if opener is not None and opener.stopped:
            self.setWindowTitle(self.tr("MCP Session Inspector — {name} (read-only, partly loaded)").format(name=name))
            self.statusBar().showMessage(self.tr("Stopped loading {name}: the first {n} entries are shown.").format(name=name, n=f"{len(rec):,}"), 10000)
        if rec.load_problem_count:
            self._show_load_problems(name, rec)

    def _wait_for_loading(self) -> bool:
        """True (and the status bar says so) while a recording is still loading."""
        if self.is_loading():
            self.statusBar().showMessage(self.tr("Wait until the recording has loaded (or stop loading it) first."), 5000)
            return True
        return False

    def _show_load_problems(self, name: str, rec: Recording) -> None:
        count = rec.load_problem_count
        if count == 1:
            text = self.tr("One line of {name} could not be read; everything else is shown.").format(name=name)
        else:
            text = self.tr("{n} lines of {name} could not be read; everything else is shown.").format(n=count, name=name)
        lines = [self.tr("line {line}: {reason}").format(line=line, reason=reason) if line is not None else reason for line, reason in rec.load_problems]
        if count > len(lines):
            lines.append(self.tr("… and {n} more").format(n=count - len(lines)))
        title = self.tr("Parts of the recording could not be read")
        self.message_box = plain_message(self, title, text, informative="\n".join(lines[:3]), details="\n".join(lines))
        self.statusBar().showMessage(self.tr("Opened with {n} unreadable line(s); see the message.").format(n=count), 10000)

    def save_recording(self) -> None:
        if self._wait_for_loading():
            return
        if self.recording is None:
            self.statusBar().showMessage(self.tr("Nothing to save yet: connect to a server first."), 5000)
            return
        suggested = str(Path(self._recordings_dir()) / suggested_recording_name(self.recording.header))
        from .exporting import FileType, ask_save_path

        # the save dialogs' one path: .jsonl added when missing, and asked about if that name exists
        chosen = ask_save_path(self, self.tr("Save recording"), suggested, [FileType("jsonl", self.tr("Recordings"), (".jsonl",))])
        if chosen is not None:
            self.save_recording_to(chosen[0])

    def save_recording_to(self, path: str) -> bool:
        if not path.endswith(".jsonl"):
            path += ".jsonl"
        try:
            self.controller.save_recording(path)
        except OSError as exc:
            self.message_box = plain_message(self, self.tr("Cannot save recording"), str(exc))
            return False
        self.settings.setValue("recordings_dir", str(Path(path).parent))  # the next dialog starts here
        self.statusBar().showMessage(self.tr("Saved {path}").format(path=path), 5000)
        return True

    def _transcript_types(self) -> list:
        from .exporting import FileType

        return [FileType("html", self.tr("HTML page"), (".html", ".htm")), FileType("md", self.tr("Markdown"), (".md", ".markdown"))]

    def export_transcript(self) -> None:
        if self._wait_for_loading():
            return
        if self.recording is None:
            self.statusBar().showMessage(self.tr("Nothing to export yet: connect to a server or open a recording first."), 5000)
            return
        from .exporting import ask_save_path

        suggested = str(Path(self._recordings_dir()) / Path(suggested_recording_name(self.recording.header)).with_suffix(".html"))
        chosen = ask_save_path(self, self.tr("Export transcript"), suggested, self._transcript_types())
        if chosen is not None:
            self.export_transcript_to(chosen[0])

    def _export_failed(self, path: str, reason: str) -> bool:
        """Say that an export to ``path`` failed, and why: in a message, and in the status bar
        instead of what an earlier export said there ("Exported …" would read as this one)."""
        def text() -> str:
            return self.tr("Cannot write {path}: {reason}").format(path=path, reason=reason)

        self._say(lambda: self.tr("Not exported: {why}").format(why=text()), 15000)
        self.message_box = plain_message(self, self.tr("Cannot export"), text())
        return False

    def export_transcript_to(self, path: str) -> bool:
        """Write the handout of the session shown, in the UI language: Markdown (``.md``,
        ``.markdown``) or HTML (``.html``, ``.htm``); another extension is refused, saying so."""
        if self.recording is None:
            return False
        from .exporting import type_of

        if type_of(path, self._transcript_types()) is None:
            return self._export_failed(path, self.tr("unknown file type: the name must end in .html or .md"))
        summary = self.recording.summary or (self.controller.session.summary() if self.controller.session is not None else None)
        try:
            lang = self.languages.effective() if self.languages is not None else "en"
            from inspector.session.handout import write_handout

            write_handout(path, self.recording, summary, QCoreApplication.translate, lang)
        except OSError as exc:
            return self._export_failed(path, exc.strerror or str(exc))
        self.statusBar().showMessage(self.tr("Exported {path}").format(path=path), 5000)
        return True

    def reanalyse(self) -> list:
        """Judge the opened recording again; show the result and say what changed."""
        rec = self.recording
        if self._wait_for_loading():
            return []
        if rec is None or not rec.read_only:
            self.statusBar().showMessage(self.tr("Open a recording first: a live session is judged as it happens."), 5000)
            return []
        again, changes = reanalyse_recording(rec)
        self.controller.show_recording(again)
        self.setWindowTitle(self.windowTitle() + " " + self.tr("(re-analysed)"))
        if not changes:
            text = self.tr("Re-analysed: every entry is judged as it was when it was recorded.")
        else:
            lines = []
            for c in changes[:30]:
                bits = []
                if c.added:
                    bits.append(self.tr("now: {rules}").format(rules=", ".join(c.added)))
                if c.removed:
                    bits.append(self.tr("no longer: {rules}").format(rules=", ".join(c.removed)))
                if c.notes_added:
                    bits.append(self.tr("explained now: {notes}").format(notes=", ".join(c.notes_added)))
                if c.notes_removed:
                    bits.append(self.tr("no longer explained: {notes}").format(notes=", ".join(c.notes_removed)))
                if c.schema_before != c.schema_after:
                    bits.append(self.tr("schema: {before} → {after}").format(before=c.schema_before, after=c.schema_after))
                if c.state_before != c.state_after:
                    bits.append(self.tr("state: {before} → {after}").format(before=c.state_before, after=c.state_after))
                lines.append(self.tr("entry {seq}: {what}").format(seq=c.seq, what="; ".join(bits)))
            if len(changes) > 30:
                lines.append(self.tr("… and {n} more").format(n=len(changes) - 30))
            text = self.tr("Re-analysed: entries judged differently now: {n}.").format(n=len(changes)) + "\n\n" + "\n".join(lines)
        self.message_box = plain_message(self, self.tr("Re-analysed"), text, icon=QMessageBox.Icon.Information)
        return changes

    def _picture_types(self) -> list:
        """SVG, or PNG at 2× or 4× (the dialog's choices for the diagram and the sequence)."""
        from .exporting import FileType

        return [
            FileType("svg", self.tr("SVG drawing"), (".svg",)),
            FileType("png", self.tr("PNG image, 2×"), (".png",), 2.0),
            FileType("png", self.tr("PNG image, 4×"), (".png",), 4.0),
        ]

    def export_sequence(self) -> None:
        from .exporting import ask_save_path

        chosen = ask_save_path(self, self.tr("Export sequence diagram"), str(Path(self._recordings_dir()) / "sequence.svg"), self._picture_types())
        if chosen is not None:
            self.export_sequence_to(chosen[0], scale=chosen[1].scale if chosen[1].kind == "png" else 2.0)

    def export_sequence_to(self, path: str, scale: float = 2.0) -> bool:
        """The sequence diagram of the timeline's rows (its filter): all of them when one file
        holds them, else as many as it holds from the selected row; the status bar says which.
        ``.svg``: a drawing; ``.png``: a picture at ``scale``; the selected row is not marked."""
        try:
            first, end, total = self.sequence.export(path, scale=scale)
        except OSError as exc:
            return self._export_failed(path, exc.strerror or str(exc))
        if end - first < total:
            self.statusBar().showMessage(
                self.tr("Exported rows {first}–{last} of {total} to {path}: one file holds at most {limit} rows. Select the row to start from and export again for the others.").format(
                    first=f"{first + 1:,}", last=f"{end:,}", total=f"{total:,}", path=path, limit=f"{self.sequence.export_limit(path, scale):,}"
                ),
                30000,
            )
        else:
            self.statusBar().showMessage(self.tr("Exported all {total} rows to {path}").format(total=f"{total:,}", path=path), 8000)
        return True

    def export_diagram(self) -> None:
        from .exporting import ask_save_path

        chosen = ask_save_path(self, self.tr("Export diagram"), str(Path(self._recordings_dir()) / "lifecycle.svg"), self._picture_types())
        if chosen is not None:
            self.export_diagram_to(chosen[0], scale=chosen[1].scale if chosen[1].kind == "png" else 2.0)

    def diagram_caption(self) -> str:
        """What the exported diagram says it shows: state, era and the entry it is as of."""
        row = self.diagram.as_of
        if row is None and self.recording is not None and len(self.recording):
            row = len(self.recording) - 1
        return self.diagram.export_caption(row)

    def export_diagram_to(self, path: str, scale: float = 2.0) -> bool:
        """The whole diagram as it is now (every state, not only the part scrolled into view),
        with a caption naming the state, the era and the entry: SVG (``.svg``, shapes and text)
        or PNG (``.png``, at ``scale`` device pixels a pixel, no hover or focus ring)."""
        from PySide6.QtGui import QImage, QPainter

        from .exporting import image_error, writable_error

        widget = self.diagram
        caption = self.diagram_caption()
        size = widget.export_size()
        if size.isEmpty():
            return self._export_failed(path, self.tr("no diagram to export"))
        low = path.lower()
        if low.endswith(".svg"):
            from PySide6.QtSvg import QSvgGenerator

            reason = writable_error(path)
            if reason is not None:
                return self._export_failed(path, reason)
            gen = QSvgGenerator()
            gen.setFileName(path)
            gen.setSize(size)
            gen.setViewBox(QRect(QPoint(0, 0), size))
            gen.setTitle(self.tr("Lifecycle diagram"))
            gen.setDescription(caption)
            painter = QPainter()
            if not painter.begin(gen):
                return self._export_failed(path, self.tr("the picture could not be drawn"))
            widget.paint_export(painter, caption)
            if not painter.end():
                return self._export_failed(path, self.tr("the SVG writer failed"))
        elif low.endswith(".png"):
            image = QImage(size * scale, QImage.Format.Format_ARGB32)
            if not image.isNull():
                image.setDevicePixelRatio(scale)
                painter = QPainter(image)
                widget.paint_export(painter, caption)
                painter.end()
            reason = image_error(image, path)
            if reason is not None:
                return self._export_failed(path, reason)
        else:
            return self._export_failed(path, self.tr("unknown file type: the name must end in .svg or .png"))
        self.statusBar().showMessage(self.tr("Exported {path}").format(path=path), 5000)
        return True

    def _recordings_dir(self) -> str:
        return str(self.settings.value("recordings_dir", str(Path.home())))

    def _make_handlers(self, profile: ServerProfile) -> UiClientHandlers:
        """Answers to the server's requests come from dialogs in this window."""
        from .client_side import UiClientHandlers

        self.handlers = UiClientHandlers(self, profile.roots, controller=self.controller)
        return self.handlers

    def _profiles_edited(self) -> None:
        self._save_profiles()
        # roots edited during a session reach the server (roots/list_changed in the legacy era)
        live = self.controller.profile
        if self.handlers is not None and self.controller.running and live is self.connection.current():
            self.handlers.set_roots(live.roots)

    def _save_profiles(self) -> None:
        try:
            self.store.save(self.profiles)
        except OSError as exc:
            self.statusBar().showMessage(self.tr("Cannot save the server list: {why}").format(why=str(exc)), 8000)

    # ------------------------------------------------------------------ controller events

    def _on_recording(self, rec: Recording, mode: EraMode) -> None:
        if self._opener is not None and rec is not self._opener.recording:
            self._stop_loading()  # a session, or another recording, instead of the one loading
        self.banner.show_report(None)  # until this session fails, if it does
        self._failure = None
        # the status bar's messages belong to the session or recording they were about
        self.statusBar().clearMessage()
        # the connection panel gives its space back while a session runs or a recording is open
        self.connection.set_compact(True)
        self.recording = rec
        self.mode = mode
        self.follow_live = True
        self.act_follow.setChecked(True)
        self._last_len = -1
        self._summary = rec.summary
        self.timeline.set_recording(rec)
        entries = self.timeline.model.entries
        self.sequence.set_source(rec, lambda: entries.rows)
        self.detail.clear()
        self.diagram.set_machine(mode, None, rec.transport_as_of(0))
        self.negotiation.refresh(rec)
        # a recording that still loads is followed like a live one (the diagram, the panels'
        # replay index and the status grow with it); it can be played back once loaded
        self._following.set_active(not rec.read_only or rec.loading)
        self.replay.set_recording(rec if rec.read_only and not rec.loading else None)
        if rec.read_only:
            self._refresh()
        else:
            self.setWindowTitle(self.tr("MCP Session Inspector — {name}").format(name=rec.header.get("server_name", "")))

    def _on_running(self, running: bool) -> None:
        self.act_compose.setEnabled(running)
        self._update_ping()
        if self.composer is not None:
            self.composer.refresh()
        self.act_connect.setEnabled(not running)
        self.act_disconnect.setEnabled(running)
        if running and self.step_mode != self.controller.stepping:
            self.act_step.setChecked(self.controller.stepping)  # what the gate does now
        self.act_continue.setEnabled(running and self.controller.pending_step is not None)
        self.act_open.setEnabled(not running)
        self.connection.set_session(running, self.status_state.text())

    # ------------------------------------------------------------------ step mode

    step_mode = False  # the Step action: the gate holds messages now (or will, at the next Connect)

    def _step_toggled(self, on: bool) -> None:
        """Step on or off: for the next connection, and during a session at once (on: the next
        message waits; off: what waits goes on, like Run to end)."""
        self.step_mode = on
        if self.controller.running and (on != self.controller.stepping or (not on and self.controller.pending_step is not None)):
            now = self.controller.set_stepping(on)  # off also lets a held shutdown step go
            if now != on:  # the session is closing: nothing new waits
                self.act_step.setChecked(now)

    def _on_stepping(self, on: bool) -> None:
        """The session entered or left step mode (Run to end): the Step action says so."""
        if self.act_step.isChecked() != on:
            self.act_step.setChecked(on)

    # ------------------------------------------------------------------ composer, ping

    def _update_ping(self) -> None:
        """Ping while a session runs, except in the modern era: 2026-07-28 has no ping."""
        session = self.controller.session
        modern = self.controller.running and session is not None and session.negotiation().era == "modern"
        self.act_ping.setEnabled(self.controller.running and not modern)
        if modern:
            self.act_ping.setToolTip(self.tr("The modern era (2026-07-28) has no ping: the server would answer -32601 (method not found)"))
        else:
            self.act_ping.setToolTip(self.tr("Send ping and show how long the answer took (handshake era)"))

    composer: ComposerDialog | None = None

    def open_composer(self, method: str | None = None) -> ComposerDialog:
        """The composer window (made once), raised, with ``method``'s template if given."""
        if self.composer is None:
            from .composer import ComposerDialog

            self.composer = ComposerDialog(self.controller, self)
            self.composer.sent.connect(self._composer_sent)
        self.composer.refresh()
        if method:
            self.composer.use_template(method)
        self.composer.show()
        self.composer.raise_()
        self.composer.activateWindow()
        return self.composer

    # ------------------------------------------------------------------ presenter mode

    presenting = False
    PRESENTER_SCALE = 1.4
    _fonts_before: dict = {}  # what presenter mode changed, to put back (assigned anew each time)
    _docks_before: dict = {}
    _split_before: list = []
    _lower_before: list = []

    def set_presenter(self, on: bool) -> None:
        """Presenter mode: the diagram, step bar, replay bar and timeline in larger type, high
        contrast colours, the side docks out of the way (put back as they were), and the
        diagram's lesson notes following the current state."""
        if on == self.presenting:
            return
        # each layout keeps the user's adjustments: the one left is saved as it is now
        self._save_layout_state("presenter" if self.presenting else self.base_layout)
        self.presenting = on
        if self.act_presenter.isChecked() != on:
            self.act_presenter.setChecked(on)
        widgets = (self.diagram, self.stepbar, self.replay, self.timeline, self.detail, self.sequence)
        if on:
            self._fonts_before = {w: QFont(w.font()) for w in widgets}
            for widget in widgets:
                font = QFont(widget.font())
                font.setPointSizeF(widget.font().pointSizeF() * self.PRESENTER_SCALE)
                widget.setFont(font)
        else:
            for widget, font in self._fonts_before.items():
                widget.setFont(font)
        # a projector's 1280×720: the diagram (with its lesson notes) across the top, the timeline
        # and the step bar side by side below it in place of the details, which are put away
        self.timeline.set_compact(on)
        if on:
            self._docks_before = {d: d.isVisible() for d in (self.dock, self.features_dock)}
            for d in self._docks_before:
                d.hide()
            self._split_before = self.central_split.sizes()
            self._lower_before = self.lower_split.sizes()
            self.detail_column.hide()
            self.lower_split.addWidget(self.stepbar)  # out of the column under the diagram
            self.stepbar.setVisible(self.stepbar.pending is not None)
            self.lower_split.setStretchFactor(2, 3)
            width = max(2, sum(self._lower_before))
            self.lower_split.setSizes([width * 55 // 100, 0, width - width * 55 // 100])
            total = max(2, sum(self._split_before))
            self.central_split.setSizes([total * 51 // 100, total - total * 51 // 100])
            self._restore_layout_state("presenter")  # the proportions the user gave it last time
            self._apply_step_details()
        else:
            for d, visible in self._docks_before.items():
                d.setVisible(visible)
            QTimer.singleShot(0, self, self._fit_connection_dock)  # the docks back: the Connection one as its form needs
            self.detail_column.show()
            self._place_stepbar()
            if self._split_before:
                self.central_split.setSizes(self._split_before)
                self.lower_split.setSizes(self._lower_before)
        if on:  # high contrast for a projector, black on white or white on black as the theme is
            self.setPalette(high_contrast_palette(is_dark(self)))
        else:
            self.setPalette(QPalette())  # the theme's palette again (nothing of its own)
        self.diagram.set_lesson(on)
        self._show_layout_checks()

    def run_to_end(self) -> None:
        """Run to end: leave step mode, and the view goes with the session to its newest entry
        again (after Step back it showed a past one)."""
        self.controller.run_to_end()
        self.act_follow.setChecked(True)

    def step_back(self) -> bool:
        """Show the entry before the one shown (the newest, when following): the timeline,
        details and diagram move back; nothing on the wire changes."""
        rec = self.recording
        if rec is None or len(rec) == 0:
            return False
        current = self.timeline.current_seq()
        if current is None or self.follow_live:
            current = len(rec) - 1  # following: the newest entry is the one shown
        self.act_follow.setChecked(False)
        return self.timeline.select_seq(max(0, current - 1))

    def _replay_row(self, row: int) -> None:
        """Playback moved: select the entry, so the timeline, details and diagram follow."""
        self.timeline.select_seq(row)

    def _composer_sent(self, seq: int) -> None:
        self.timeline.select_seq(seq)

    def resend(self, seq: int) -> None:
        """Edit and resend: the composer with a copy of the client's message at ``seq``."""
        rec = self.recording
        if rec is None or not (0 <= seq < len(rec)):
            return
        entry = rec[seq]
        composer = self.open_composer()
        composer.edit_copy_of(entry.json(), entry.text)

    def ping(self) -> bool:
        """Send ping; the status bar says how long the answer took."""
        session = self.controller.session
        tg = self.controller.task_group
        if session is None or tg is None or not self.controller.running:
            return False

        async def go() -> None:
            try:
                reply = await session.request("ping")
            except SessionError as exc:
                self.statusBar().showMessage(self.tr("ping failed: {why}").format(why=str(exc)), 10000)
                return
            if reply.ok:
                self.statusBar().showMessage(self.tr("ping answered in {ms:.1f} ms").format(ms=reply.latency * 1000), 10000)
            else:
                self.statusBar().showMessage(self.tr("ping answered with an error: {error}").format(error=reply.error), 10000)

        tg.start_soon(go)
        return True

    def _on_step(self, step) -> None:
        appears = self.stepbar.isHidden() and step is not None
        self.stepbar.show_step(step)
        if appears and self.stepbar.parentWidget() is self.detail_column:
            QTimer.singleShot(0, self, self._share_detail_column)  # Teaching: the step first in the details' column, once the splitter has it
        if appears:
            QTimer.singleShot(0, self, self._room_for_step)  # Debugging: the diagram keeps its height above the bar
        elif step is None and not (self.controller.running and self.controller.stepping):
            self._step_room_back()  # step mode is over: the split as the user had it
        self.act_continue.setEnabled(step is not None)
        # the edge it will take, once the step before it has been taken in (the gate names the
        # next step before the session has finished with the last one)
        QTimer.singleShot(0, self._show_pending_edge)

    def _show_pending_edge(self) -> None:
        self.diagram.set_pending(self.controller.pending_transition() if self.controller.pending_step is not None else None)

    def open_spec(self, ref: str = ""):
        """The bundled spec page ``ref`` names ("<version> <page>#<section>"); without one, the
        overview of the negotiated version (or the newest). None when it is not bundled."""
        from .spec_viewer import open_spec, spec_versions

        if not ref:
            versions = spec_versions()
            version = self.controller.session.negotiation().version if self.controller.session is not None else None
            ref = f"{version if version in versions else versions[0]} index" if versions else ""
        viewer = open_spec(ref, self)
        if viewer is None:
            self.statusBar().showMessage(self.tr("That page of the specification is not bundled: {ref}").format(ref=ref), 6000)
        return viewer

    def _listed(self, sentences) -> str:
        """Sentences as one list in a line: "a; b" ("a；b" in Chinese), their full stops dropped."""
        #: Between the items of a list in one line, e.g. the problems after "Fix the highlighted fields first: ".
        return self.tr("; ").join(s.rstrip(".。") for s in sentences)

    def _say(self, words: Callable[[], str], timeout: int) -> None:
        """A status-bar message made by ``words``, said again in the new language on a switch
        while it is still shown."""
        text = words()
        self.statusBar().showMessage(text, timeout)
        self._status_words = (words, text, timeout)

    def _on_failed(self, text: str) -> None:
        """The session failed (``text``: the session's English account): the status bar, the
        exit label and the banner word it from the recording's failure report, as the banner
        does, in the window's language."""
        rec = self.recording
        if rec is not None and not rec.read_only and not any(rec.state_at(i) in (State.OPERATING, State.READY) for i in range(len(rec))):
            self.connection.set_compact(False)  # it never started: the server's settings are what to look at
        summary = self.controller.session.summary() if self.controller.session is not None else {}
        report = failure_report(rec, summary) if rec is not None else None
        self._failure = failure = report or FailureReport(text)
        self._say(lambda: self.tr("Session failed: {why}").format(why=failure_why(failure)), 15000)
        self._show_exit(summary)
        if rec is not None:
            self.banner.show_report(self._failure)

    def _on_finished(self, summary: dict) -> None:
        self._summary = summary
        self._show_exit(summary)
        if self.recording is not None:
            report = failure_report(self.recording, summary)
            if report is not None:
                self.banner.show_report(report)
        self._refresh()

    def _show_exit(self, summary: dict) -> None:
        """The exit label: how the server ended and why the session failed, in the window's
        language (the outcome worded from its code, as the banner words it)."""
        if summary.get("signal") is not None:
            how = self.tr("server killed by signal {n}").format(n=summary["signal"])
        elif summary.get("exit_code") is not None:
            how = self.tr("server exit code {n}").format(n=summary["exit_code"])
        else:
            how = ""
        why = ""
        if summary.get("outcome"):
            args = summary.get("outcome_args")
            why = outcome_text(summary.get("outcome_code"), args if isinstance(args, dict) else {}, str(summary["outcome"]))
        elif self._failure is not None and self._failure.headline is not None:
            why = failure_why(self._failure)
        text = " — ".join(t for t in (how, why) if t)
        self.status_exit.setText(text if len(text) < 120 else text[:117] + "…")
        tip = text
        if text and self._failure is not None and self._failure.stderr:  # the server's last words, as the banner quotes them
            tip += "\n" + stderr_quote(self._failure)
        self.status_exit.setToolTip(plain_tooltip(tip) if tip else "")

    def _on_era_detected(self, profile_id: str, era: str) -> None:
        self._save_profiles()
        self.connection.update_detected(profile_id)

    def _set_follow(self, on: bool) -> None:
        self.follow_live = on
        self._last_len = -1
        if not on:  # the diagram stays where it is, and says which entry that is
            row = self.timeline.current_seq()
            if row is None:
                row = self.diagram.as_of if self.diagram.as_of is not None else (len(self.recording) - 1 if self.recording is not None else -1)
            self._show_row(row, animate=False)
        self._refresh()

    def _on_entry_selected(self, seq: int) -> None:
        rec = self.recording
        if rec is None or not (0 <= seq < len(rec)):
            return
        self.detail.set_entry(rec, seq)
        self.sequence.show_seq(seq)
        if seq < len(rec) - 1 and self.follow_live:
            self.act_follow.setChecked(False)  # pinned to the selected row
        playing = self.replay.playback is not None and self.replay.playback.playing
        if not self.follow_live:
            self._show_row(seq, animate=playing)  # playback animates the diagram's edges
        self.replay.show_row(seq)

    # ------------------------------------------------------------------ periodic refresh

    def _era(self, row: int) -> Era | None:
        rec = self.recording
        era = rec.era_as_of(row) if rec is not None else None
        return Era(era) if era else None

    def _show_row(self, row: int, animate: bool) -> None:
        rec = self.recording
        if rec is None or row < 0:
            return
        # draws the machine of that row's era and transport; not following, the state is a past one
        self.diagram.show_recording_row(rec, row, animate=animate, past=not self.follow_live)
        if rec.read_only:  # replay: the feature panels, the negotiation and the status as of that row
            self.panels.show_recorded_row(rec, row)
            self.negotiation.show_row(rec, row)
            self._show_status(rec, row, None)

    def _show_status(self, rec: Recording, row: int, version: str | None) -> None:
        """The status bar's state and era as of entry ``row``; ``version``: the negotiated one
        (None: as the session layer reads it from the recording by that row)."""
        title = QCoreApplication.translate("Lifecycle", STATE_INFO[rec.state_at(row)].title)
        self.status_state.setText(self.tr("State: {s}").format(s=title))
        self.connection.set_session(self.controller.running, self.status_state.text())
        era = self._era(row)
        if version is None:
            version = version_in_force(rec).negotiated(row)
        self.status_era.setText(
            self.tr("Era: {e}  Version: {v}").format(e=QCoreApplication.translate("Eras", ERA_LABELS.get(era.value if era else self.mode.value, "—")), v=version or "—")
        )

    def _tick(self) -> int:
        self._refresh()
        return 0

    def _refresh(self) -> None:
        rec = self.recording
        if rec is None:
            self.status_state.setText(self.tr("Not connected"))
            self.connection.set_session(self.controller.running, self.status_state.text())
            return
        n = len(rec)
        if n == self._last_len:
            return
        # a flood (a tick's worth of FLOOD_BATCH_ROWS or more) jumps to the newest edge instead of
        # sweeping along it: the sweep repaints the diagram at 60 fps for 600 ms
        flood = 0 <= self._last_len and n - self._last_len >= FLOOD_BATCH_ROWS
        self._last_len = n
        if n and self.follow_live:
            self._show_row(n - 1, animate=not rec.read_only and not flood)
        if self.sequence.isVisible():  # its scroll range follows the new rows
            self.sequence.refresh()
            if self.follow_live:
                self.sequence.verticalScrollBar().setValue(self.sequence.verticalScrollBar().maximum())
        if not rec.read_only:  # a replay's negotiation and status follow the row shown (_show_row)
            self.negotiation.refresh(rec)
            session = self.controller.session
            version = session.negotiation().version if session is not None and session.recording is rec else None
            if n:
                self._show_status(rec, n - 1, version or "—")
        set_live_text(self.status_counts, self.tr("%Ln entries", "", n))  # no relayout per tick; plural forms ("1 entry")
        if self.controller.pending_step is not None or self.diagram.pending_edge is not None:
            self._show_pending_edge()  # what the held step will do, as of the entries just taken in

    # ------------------------------------------------------------------ closing

    def closeEvent(self, event: QCloseEvent) -> None:
        self._stop_loading()
        self._save_profiles()
        self.save_layout()
        super().closeEvent(event)

    # ------------------------------------------------------------------ layout

    #: Bump when the docks or toolbars change so an old saved state is not applied to them.
    #: 3: the Connection dock sits above the Features dock in one column, both closable.
    LAYOUT_VERSION = 3
    #: The named layouts of the View menu (presenter mode is the third, on top of one of them).
    LAYOUTS = ("debugging", "teaching")
    #: Each layout's proportions of the centre: the diagram's share of its height, and the
    #: timeline's share of the width it has beside the details.
    LAYOUT_SHARES = {"debugging": (0.34, 0.66), "teaching": (0.47, 0.5)}
    #: The side column's share of the window's width: Teaching leaves the step bar more room.
    SIDE_SHARE = {"debugging": 0.35, "teaching": 0.3}
    #: The side column's width (SIDE_SHARE of the window) stays within these bounds (the Features
    #: dock's minimum, and what its forms need on a wide screen).
    SIDE_WIDTH = (360, 470)
    base_layout = "debugging"  # the chosen named layout (presenter mode goes over it)
    _connection_compact = False
    _shown_once = False
    _arranged = False  # a saved arrangement was restored: the first show keeps it
    _present_at_start = False

    def _start_size(self) -> tuple[int, int]:
        """1600×960, or the screen's available size when it is smaller (a 1280×720 projector)."""
        screen = self.screen()
        if screen is None:
            return 1600, 960
        available = screen.availableGeometry()
        return min(1600, available.width()), min(960, available.height())

    @property
    def layout_name(self) -> str:
        """The layout shown: ``debugging``, ``teaching`` or ``presenter``."""
        return "presenter" if self.presenting else self.base_layout

    def _show_layout_checks(self) -> None:
        self.act_layout_debugging.setChecked(self.layout_name == "debugging")
        self.act_layout_teaching.setChecked(self.layout_name == "teaching")
        self.act_presenter.setChecked(self.presenting)

    def choose_layout(self, name: str) -> None:
        """View → Debugging layout / Teaching layout / Presenter: the layout ``name`` as the user
        left it (saved per layout), or its defaults the first time. Leaving presenter mode for
        a layout puts the docks back as they were first."""
        if name == "presenter":
            self.set_presenter(True)
            return
        if name not in self.LAYOUTS:
            raise ValueError(name)
        if self.presenting:
            self.set_presenter(False)
        if name != self.base_layout:
            self._save_layout_state(self.base_layout)
            self.base_layout = name
            self.settings.setValue("layout", name)
            if not self._restore_layout_state(name):
                self._arrange(name)
        self._place_stepbar()
        self._show_layout_checks()
        # a saved arrangement keeps the Connection dock as tall as it was then (the editor before
        # connecting): what the panel shows now decides, once the docks have their new sizes
        QTimer.singleShot(0, self, self._fit_connection_dock)

    def _share_detail_column(self) -> None:
        """Teaching: the step bar over the details, what it asks for (its explanation and its
        message) between three fifths and three quarters of the column (the details, empty
        while a step waits, keep the rest)."""
        height = max(2, self.detail_column.height())
        top = min(max(height * 3 // 5, self.stepbar.sizeHint().height()), height * 3 // 4)
        self.detail_column.setSizes([top, height - top])

    def _place_stepbar(self) -> None:
        """The step bar's place in the layout chosen: under the diagram (Debugging), or at the top
        of the details' column beside the timeline, leaving the diagram the centre's width and
        height (Teaching). Presenter mode places it itself."""
        if self.presenting:
            return
        if self.base_layout == "teaching":
            self.detail_column.insertWidget(0, self.stepbar)
            self.detail_column.setStretchFactor(0, 3)  # the step's explanation and message first
            self.detail_column.setStretchFactor(1, 2)
            self._share_detail_column()
        elif self.top_layout.indexOf(self.stepbar) < 0:
            self.top_layout.insertWidget(self.top_layout.indexOf(self.diagram) + 1, self.stepbar)
        self.stepbar.setVisible(self.stepbar.pending is not None)
        self._apply_step_details()
        QTimer.singleShot(0, self, self._room_for_step)

    #: Whether the step bar shows its details (explanation, spec link, message) in each layout
    #: until the user says otherwise there (remembered per layout): Debugging folds it to its
    #: one line, the timeline and the diagram first; Teaching and presenter mode teach.
    STEP_DETAILS = {"debugging": False, "teaching": True, "presenter": True}
    #: Debugging with the step bar: the most of the centre's height the top part takes for the
    #: diagram (the timeline keeps the rest).
    STEP_TOP_SHARE = 0.58
    _applying_details = False
    _split_before_step: list | None = None  # the centre's split before the step bar took room
    _split_for_step: list = []

    def _apply_step_details(self) -> None:
        saved = self.settings.value(f"stepbar/details/{self.layout_name}")
        on = self.STEP_DETAILS[self.layout_name] if saved is None else str(saved).lower() == "true"
        self._applying_details = True
        try:
            self.stepbar.set_details(on)
        finally:
            self._applying_details = False

    def _step_details_toggled(self, on: bool) -> None:
        if not self._applying_details:  # the user's choice, for this layout
            self.settings.setValue(f"stepbar/details/{self.layout_name}", on)
        QTimer.singleShot(0, self, self._room_for_step)

    def _room_for_step(self) -> None:
        """Debugging: the step bar under the diagram takes its height from the diagram; the top
        part grows so that the drawing need not scroll up and down (type at 11 px), up to
        STEP_TOP_SHARE of the centre. The split goes back when step mode ends, unless the user
        moved it meanwhile."""
        if self.presenting or self.base_layout != "debugging" or self.stepbar.isHidden() or not self.isVisible():
            return
        if self.layout() is not None:
            self.layout().activate()
        sizes = self.central_split.sizes()
        total = sum(sizes)
        need = self.diagram.wanted_height() - self.diagram.height()
        top = min(sizes[0] + need, round(total * self.STEP_TOP_SHARE))
        if need <= 0 or top <= sizes[0]:
            return
        if self._split_before_step is None:
            self._split_before_step = sizes
        self.central_split.setSizes([top, total - top])
        self._split_for_step = self.central_split.sizes()

    def _step_room_back(self) -> None:
        before, self._split_before_step = self._split_before_step, None
        if before and self.central_split.sizes() == self._split_for_step and not self.presenting and self.base_layout == "debugging":
            self.central_split.setSizes(before)

    def _arrange(self, name: str) -> None:
        """Layout ``name``'s defaults at the window's present size: one side column (Connection
        above Features) SIDE_SHARE of the width wide (Debugging at 1280: 448 px, the panels' rows fit), the centre
        split in the layout's shares."""
        self.restoreState(self._default_state, self.LAYOUT_VERSION)
        for dock in (self.dock, self.features_dock):
            dock.setFloating(False)
            dock.show()
        self.toolbar.show()
        low, high = self.SIDE_WIDTH
        self.resizeDocks([self.features_dock], [max(low, min(high, round(self.width() * self.SIDE_SHARE[name])))], Qt.Orientation.Horizontal)
        self._fit_connection_dock()
        if self.layout() is not None:
            self.layout().activate()  # the centre's size now, for the splitters' shares
        diagram_share, timeline_share = self.LAYOUT_SHARES[name]
        height = max(2, sum(self.central_split.sizes()), self.central_split.height())
        top = round(height * diagram_share)
        self.central_split.setSizes([top, height - top])
        width = max(2, sum(self.lower_split.sizes()), self.lower_split.width())
        left = round(width * timeline_share)
        self.lower_split.setSizes([left, width - left])

    def _connection_compact_changed(self, compact: bool) -> None:
        self._connection_compact = compact
        # once the panel's layout has taken the new form in (its minimum height with it)
        QTimer.singleShot(0, self, self._fit_connection_dock)

    def _fit_connection_dock(self) -> None:
        """The Connection dock's height beside the Features dock below it: what the compact form
        needs, or most of the column for the editor."""
        dock, features = self.dock, self.features_dock
        if dock.isHidden() or features.isHidden() or dock.isFloating() or features.isFloating():
            return
        if self.dockWidgetArea(dock) != self.dockWidgetArea(features) or self.tabifiedDockWidgets(dock):
            return
        column = dock.height() + features.height() if self.isVisible() else self.height() - 120
        if self._connection_compact:
            wanted = self.connection.minimumSizeHint().height() + dock.style().pixelMetric(dock.style().PixelMetric.PM_TitleBarHeight) + 8
        else:
            wanted = column * 62 // 100
        wanted = min(wanted, column - features.minimumSizeHint().height())
        # both sizes: resizeDocks shares out any difference among the docks it is given
        self.resizeDocks([dock, features], [wanted, column - wanted], Qt.Orientation.Vertical)

    def _layout_keys(self, name: str) -> tuple[str, str, str]:
        return (f"layouts/{name}/window_state", f"layouts/{name}/central", f"layouts/{name}/lower")

    def _save_layout_state(self, name: str) -> None:
        """Layout ``name`` as it is now (the docks and toolbar, the centre's splitters)."""
        state, central, lower = self._layout_keys(name)
        if name == "debugging":
            self._step_room_back()  # the user's split, not the room the step bar was given
        if name != "presenter":  # presenter mode hides the docks itself: only its proportions
            self.settings.setValue(state, self.saveState(self.LAYOUT_VERSION))
        self.settings.setValue(central, self.central_split.saveState())
        self.settings.setValue(lower, self.lower_split.saveState())

    def _restore_layout_state(self, name: str) -> bool:
        """Layout ``name`` as the user left it; False when nothing (usable) was saved."""
        state, central, lower = self._layout_keys(name)
        if name != "presenter":
            saved = self.settings.value(state)
            if saved is None or not self.restoreState(saved, self.LAYOUT_VERSION):
                return False
        splits = [(self.central_split, self.settings.value(central)), (self.lower_split, self.settings.value(lower))]
        if any(saved is None for _split, saved in splits):
            return name != "presenter"
        for split, saved in splits:
            split.restoreState(saved)
        return True

    def save_layout(self) -> None:
        self.settings.setValue("geometry", self.saveGeometry())
        self.settings.setValue("layout", self.base_layout)
        self.settings.setValue("presenting", self.presenting)
        self._save_layout_state(self.layout_name)

    def restore_layout(self) -> bool:
        """The window's size and position, the chosen layout with the docks, toolbar and
        proportions the user left it with (presenter mode again if it was on)."""
        geometry = self.settings.value("geometry")
        restored = False
        if geometry is not None:
            restored = bool(self.restoreGeometry(geometry))
        chosen = str(self.settings.value("layout", "debugging"))
        self.base_layout = chosen if chosen in self.LAYOUTS else "debugging"
        self._arranged = self._restore_layout_state(self.base_layout)
        self._place_stepbar()
        self._present_at_start = str(self.settings.value("presenting", "false")).lower() == "true"
        self._show_layout_checks()
        return self._arranged or restored

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if not self._shown_once:  # the defaults need the window's real size
            self._shown_once = True
            if not self._arranged:
                self._arrange(self.base_layout)
            else:  # saved while the panel was in its other form, maybe
                QTimer.singleShot(0, self, self._fit_connection_dock)
            if self._present_at_start:
                self.set_presenter(True)

    def reset_layout(self) -> None:
        """View → Reset layout: the chosen layout (presenter mode's included) as it starts."""
        presenting = self.presenting
        if presenting:
            self.set_presenter(False)
        for name in (self.base_layout, "presenter") if presenting else (self.base_layout,):
            for key in (*self._layout_keys(name), f"stepbar/details/{name}"):
                self.settings.remove(key)
        self.settings.remove("window_state")  # where builds before the named layouts kept it
        self._arrange(self.base_layout)
        if presenting:
            self.set_presenter(True)
