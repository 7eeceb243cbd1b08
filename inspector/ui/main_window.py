"""The main window: connection panel, live lifecycle diagram, timeline, details, negotiation.

:class:`MainWindow` builds the views and wires them to the session controller and to each
other; what it does is split by responsibility into helpers it owns, each given the window:
its actions, toolbar and menus (:mod:`.window_actions`), its files, recordings and exports
(:mod:`.window_files`), its layouts and presenter mode (:mod:`.window_layout`), its status
bar (:mod:`.window_status`) and the composer, ping and specification (:mod:`.window_actions`, with the actions).
What stays here follows the session: the recording shown, step mode, failures, the selected
entry and the periodic refresh.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QPoint, QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QShowEvent
from PySide6.QtWidgets import (
    QDialog,
    QDockWidget,
    QMainWindow,
    QMenu,
    QMessageBox,
    QSplitter,
    QTabWidget,
    QToolBar,
    QWidget,
)

from inspector.protocol.jsontypes import JsonObject
from inspector.protocol.versions import EraMode
from inspector.session.action_words import action_text, usable
from inspector.session.failure_words import failure_why
from inspector.session.layout_plan import start_size
from inspector.session.oauth_tokens import TokenStore
from inspector.session.operations import FailureReport, failed_before_start, failure_report
from inspector.session.profiles import ProfileStore, ServerProfile, demo_speaks
from inspector.session.recording import Recording
from inspector.session.settings import SettingNote
from inspector.session.window_follow import Following, pinned_row

from .banner import FailureBanner
from .connection import ConnectionPanel, problem_text, sign_in_dialog
from .controller import SessionController
from .detail import DetailPane
from .diagram import LifecycleDiagram
from .negotiation import NegotiationView
from .panels import PanelHost
from .replay import ReplayBar
from .sequence import SequenceView, SideBySide
from .stepbar import StepBar
from .ticker import FLOOD_BATCH_ROWS, app_ticker, set_live_text
from .timeline import TimelineView
from .widgets import vbox
from .window_actions import SessionTools, WindowActions
from .window_files import WindowFiles
from .window_layout import WindowLayouts
from .window_status import StatusLine

if TYPE_CHECKING:
    from inspector.session.session import PendingStep

    from .app import Languages, Themes
    from .authorization import AuthorizationView
    from .client_side import UiClientHandlers

# Loaded when first used, not at start-up (they cost about 65 ms of the first paint): the
# client-side answer dialogs when a session starts (.client_side), the composer when it opens
# (.composer), the handout writer when a handout is exported (inspector.session.handout); the
# Authorization tab's view when a recording is shown (:attr:`MainWindow.authorization`) and the
# feature panels just after the first paint (``PanelHost(build_later=True)``): about 70 ms more.


class MainWindow(QMainWindow):
    """The inspector's window (see the module's docstring)."""

    # the actions and the toolbar: made by WindowActions.build (again on a language switch)
    act_attach: QAction
    act_compare: QAction
    act_compose: QAction
    act_connect: QAction
    act_continue: QAction
    act_diagnose: QAction
    act_disconnect: QAction
    act_export: QAction
    act_export_diagram: QAction
    act_export_sequence: QAction
    act_export_server: QAction
    act_follow: QAction
    act_import: QAction
    act_layout_debugging: QAction
    act_layout_teaching: QAction
    act_open: QAction
    act_ping: QAction
    act_presenter: QAction
    act_quit: QAction
    act_reanalyse: QAction
    act_reset_layout: QAction
    act_save: QAction
    act_spec: QAction
    act_step: QAction
    act_watch: QAction
    toolbar_action: QAction
    toolbar: QToolBar

    def __init__(
        self,
        controller: SessionController,
        store: ProfileStore,
        profiles: list[ServerProfile],
        settings: QSettings,
        languages: Languages | None = None,
        themes: Themes | None = None,
    ) -> None:
        super().__init__()
        self.controller = controller
        self.store = store
        self.profiles = profiles
        self.settings = settings
        # values of settings.ini that were damaged and not used (their defaults are), said after the first paint
        self.settings_notes: list[SettingNote] = []
        self.message_box: QMessageBox | None = None  # the last warning shown (tests read it)
        self.languages = languages
        self.themes = themes
        self.recording: Recording | None = None
        self.mode = EraMode.AUTO
        self.following = Following()  # the newest entry, or one pinned; the entries the views took in
        self._summary: JsonObject | None = None
        self._failure: FailureReport | None = None  # why the last session failed (worded again on a language switch)
        self.handlers: UiClientHandlers | None = None
        self.sign_in_box: QDialog | None = None  # the last sign-in URL shown
        controller.handlers_factory = self._make_handlers
        self.setWindowTitle(self.tr("MCP Session Inspector"))
        self.resize(*self._start_size())
        self.files = WindowFiles(self)  # File menu: recordings, exports, server entries
        self.layouts = WindowLayouts(self)  # View menu: the named layouts, presenter mode
        self.menus = WindowActions(self)  # the actions, toolbar and menus
        self.status = StatusLine(self)
        self.tools = SessionTools(self)  # the composer, ping, the specification
        self._build()
        self.layouts.remember_defaults()
        self.layouts.restore_layout()
        controller.recordingChanged.connect(self._on_recording)
        controller.runningChanged.connect(self._on_running)
        controller.stepPending.connect(self._on_step)
        controller.steppingChanged.connect(self._on_stepping)
        controller.ready.connect(self._update_actions)  # the era is known: ping or not
        controller.ready.connect(self._on_ready)
        controller.signInUrl.connect(self._show_sign_in_url)
        controller.failed.connect(self._on_failed)
        controller.finished.connect(self._on_finished)
        controller.eraDetected.connect(self._on_era_detected)
        # The status line and the diagram follow a live recording on the application's one tick
        # source, after the timeline (subscribed when it was built) has taken the same entries.
        self._ticking = app_ticker().subscribe(self, self._tick)
        self.refresh()
        self._on_running(controller.running)

    # ------------------------------------------------------------------ construction

    def _build(self) -> None:
        self._build_widgets()
        self.menus.build()  # after the docks: the View menu lists them

    def _make_connection_panel(self) -> ConnectionPanel:
        if self.languages is not None:
            demo_speaks(self.profiles, self.languages.effective())
        panel = ConnectionPanel(self.profiles)
        panel.editor.tokens = TokenStore(self.store.directory)  # the OAuth tokens beside the saved servers
        panel.editor.signedOut.connect(self.controller.sign_out)  # a live session forgets its token too
        panel.profilesChanged.connect(self._profiles_edited)
        panel.connectRequested.connect(self.connect_selected)
        panel.disconnectRequested.connect(lambda: self.act_disconnect.trigger())
        panel.set_compact(self.layouts.connection_compact)
        panel.set_session(self.controller.running, self.status.state.text())
        panel.compactChanged.connect(self.layouts.connection_compact_changed)
        # the list's context menu: Connect and Diagnose (the window's actions, made again with the language)
        panel.list.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        panel.list.customContextMenuRequested.connect(lambda pos: self.server_menu(panel, pos))
        return panel

    def server_menu(self, panel: ConnectionPanel, pos: QPoint) -> QMenu:
        """The saved servers' context menu at ``pos`` (the row under it selected first)."""
        item = panel.list.itemAt(pos)
        if item is not None:
            panel.list.setCurrentItem(item)
        menu = QMenu(panel.list)
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        menu.addActions([self.act_connect, self.act_diagnose])
        menu.popup(panel.list.viewport().mapToGlobal(pos))
        return menu

    def _wire_panels(self) -> None:
        self.panels.entryActivated.connect(
            self.timeline.select_seq
        )  # a log line, a flagged answer: shown in the timeline

    def _dock(self, title: str, name: str, widget: QWidget) -> QDockWidget:
        """A side dock holding ``widget``: movable, floatable and closable (View menu brings it back)."""
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(widget)
        feature = QDockWidget.DockWidgetFeature
        dock.setFeatures(feature.DockWidgetMovable | feature.DockWidgetFloatable | feature.DockWidgetClosable)
        return dock

    def _build_widgets(self) -> None:
        # connection panel
        self.connection = self._make_connection_panel()
        self.dock = self._dock(self.tr("Connection"), "connectionDock", self.connection)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dock)
        # capability-driven feature panels
        self.panels = PanelHost(self.controller, build_later=True)  # made after the first paint (app.build)
        self.features_dock = self._dock(self.tr("Features"), "featuresDock", self.panels)
        self.features_dock.setMinimumWidth(360)
        # one side column: the connection above the features (compact once connected), so the
        # diagram and the timeline get the rest of the width
        self.splitDockWidget(self.dock, self.features_dock, Qt.Orientation.Vertical)

        # centre
        self.diagram = LifecycleDiagram()
        self.diagram.specRequested.connect(self.tools.open_spec)
        self.stepbar = StepBar()
        self.stepbar.continueClicked.connect(self.controller.continue_step)
        self.stepbar.runToEndClicked.connect(self.run_to_end)
        self.stepbar.backClicked.connect(self.step_back)
        self.stepbar.specRequested.connect(self.tools.open_spec)
        self.stepbar.details_button.toggled.connect(self.layouts.step_details_toggled)
        self.timeline = TimelineView(settings=self.settings)  # the user's columns
        self.timeline.entrySelected.connect(self._on_entry_selected)
        self.timeline.resendRequested.connect(self.tools.resend)
        self.detail = DetailPane()
        self.detail.goToSeq.connect(self.timeline.select_seq)
        self._wire_panels()
        self.negotiation = NegotiationView()
        self.tabs = QTabWidget()
        self.tabs.addTab(self.detail, self.tr("Details"))
        self.tabs.addTab(self.negotiation, self.tr("Negotiation"))
        # a tab while the session has authorization steps: an empty page until a recording is
        # shown (the view is made then, or when first asked for: :attr:`authorization`)
        self._authorization: AuthorizationView | None = None
        self._method_before: tuple[str, bool] = ("", False)  # the user's method filter the tab's box replaced
        self.tabs.addTab(QWidget(), self.tr("Authorization"))
        self.tabs.setTabVisible(2, False)
        self.sequence = SequenceView()
        self.sequence.entryClicked.connect(self.timeline.select_seq)
        self.timeline.model.filterChanged.connect(self.sequence.refresh)
        self.views = QTabWidget()
        self.views.setDocumentMode(True)
        # "Side by side" (the tabs' corner) moves the sequence view beside the timeline, scrolling with it
        self.side_by_side = SideBySide(
            self.views, self.timeline, self.timeline.table, self.sequence, lambda: self.tr("Sequence")
        )
        self.views.addTab(self.side_by_side.page, self.tr("Timeline"))
        self.views.addTab(self.sequence, self.tr("Sequence"))
        self.views.setCornerWidget(self.side_by_side, Qt.Corner.TopRightCorner)
        self.views.currentChanged.connect(lambda _i: self.sequence.refresh())
        lower = QSplitter(Qt.Orientation.Horizontal)
        lower.addWidget(self.views)
        # the details' column: the Teaching layout puts the step bar at its top (WindowLayouts.place_stepbar)
        self.detail_column = QSplitter(Qt.Orientation.Vertical)
        self.detail_column.setChildrenCollapsible(False)
        self.detail_column.addWidget(self.tabs)
        lower.addWidget(self.detail_column)
        lower.setStretchFactor(0, 3)
        lower.setStretchFactor(1, 2)
        lower.setSizes([560, 400])  # proportions: the details get room for their header and sizes
        self.tabs.setMinimumWidth(300)
        self.banner = FailureBanner()
        self.banner.showEntry.connect(self.timeline.select_seq)
        self.banner.diagnose.connect(self._diagnose_failed)
        self.replay = ReplayBar()
        self.replay.rowChanged.connect(self.timeline.select_seq)  # playback: every view follows the entry
        top = QWidget()
        self.top_layout = vbox(self.banner, (self.diagram, 1), self.stepbar, self.replay, margins=False, parent=top)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(top)
        split.addWidget(lower)
        self.lower_split = lower
        split.setStretchFactor(0, 2)
        split.setStretchFactor(1, 3)
        split.setSizes([330, 520])
        self.setCentralWidget(split)
        self.central_split = split
        self.diagram.set_machine(self.mode, None)

    @property
    def authorization(self) -> AuthorizationView:
        """The Authorization tab's view (made on first use: the tab is hidden until a recording
        with authorization steps is shown)."""
        if self._authorization is None:
            from .authorization import AuthorizationView

            view = AuthorizationView()
            view.goToSeq.connect(self.timeline.select_seq)
            view.specRequested.connect(self.tools.open_spec)
            view.methodFilter.connect(self._authorization_filter)
            self._authorization = view
            self.tabs.removeTab(2)  # the empty page, hidden: never the current tab
            self.tabs.insertTab(2, view, self.tr("Authorization"))
            self.tabs.setTabVisible(2, False)
        return self._authorization

    def _show_authorization(self, rec: Recording | None) -> None:
        """The Authorization tab shows ``rec``'s steps; visible only when it has some."""
        if rec is None and self._authorization is None:
            self.tabs.setTabVisible(2, False)  # as a view made now would say: no recording, no steps
            return
        self.tabs.setTabVisible(2, self.authorization.set_recording(rec))

    def _diagnose_failed(self) -> None:
        """The banner's Diagnose: the Connection Doctor on the server whose session failed (the
        selected one when no session ran), whatever is selected in the list now."""
        from .doctor_dialog import run_diagnosis  # imported on first use, not to start

        run_diagnosis(self, self.controller.profile)

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
        layout = self.saveState(self.layouts.LAYOUT_VERSION)
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
        self.dock.setWindowTitle(self.tr("Connection"))  # before the actions: the View menu names the docks
        self.features_dock.setWindowTitle(self.tr("Features"))
        self.menus.build()
        revealing = self.connection.editor.revealing
        self.remake_connection_panel(self.connection.list.currentRow())
        if revealing:  # the fields' problems stay in view, in the new language
            self.connection.editor.reveal_problems()
        if not self.controller.running and (self.recording is None or self.recording.read_only):
            old_panels = self.panels
            self.panels = PanelHost(self.controller)
            self.features_dock.setWidget(self.panels)
            old_panels.hide()
            old_panels.deleteLater()
            self._wire_panels()
            seq = self.timeline.current_seq()
            if self.recording is not None and not self.following.live and seq is not None:
                self._show_row(seq, animate=False)  # a replay's panels as they were
        else:
            self.panels.retranslate_titles()
        self.tabs.setTabText(0, self.tr("Details"))
        self.tabs.setTabText(1, self.tr("Negotiation"))
        self.tabs.setTabText(2, self.tr("Authorization"))
        self.views.setTabText(0, self.tr("Timeline"))
        if not self.side_by_side.is_side_by_side():
            self.views.setTabText(1, self.tr("Sequence"))
        self.restoreState(layout, self.layouts.LAYOUT_VERSION)
        self._on_running(self.controller.running)
        self.stepbar.show_step(self.controller.pending_step)
        self.following.taken = -1
        self.refresh()
        if self._summary is not None:
            self.status.show_exit(self._summary, self._failure)
        self.status.say_again()  # a message still shown, in the new language

    def remake_connection_panel(self, row: int) -> None:
        """The Connection panel made again from the saved servers, ``row`` selected."""
        old = self.connection
        self.connection = self._make_connection_panel()
        self.dock.setWidget(self.connection)
        old.hide()
        old.deleteLater()
        if 0 <= row < self.connection.list.count():
            self.connection.list.setCurrentRow(row)

    # ------------------------------------------------------------------ commands

    def connect_selected(self) -> None:
        profile = self.connection.current()
        problems = profile.problems()
        if problems:
            self.dock.show()  # the fields to fix: the editor in view, whatever the layout hid
            self.connection.set_compact(False)
            self.connection.editor.reveal_problems()
            listed = self.status.listed
            self.status.say(
                lambda: (
                    self.tr("Fix the highlighted fields first: ")
                    + listed(map(problem_text, profile.problems().values()))
                ),
                8000,
            )
            return
        self._summary = None
        self._failure = None
        self.status.clear_exit()
        self.controller.connect_profile(profile, step=self.act_step.isChecked())

    def show_loaded(self, rec: Recording) -> None:
        """An opened recording has loaded (its tables have every entry): it is no longer followed
        but shown whole, and the replay bar looks through it for its marks (in a turn of the
        loop of its own)."""
        self._ticking.set_active(False)
        self.following.taken = -1
        self.refresh()
        QTimer.singleShot(20, self, lambda: self.replay.set_recording(rec) if rec is self.recording else None)
        if rec.summary:
            self._on_finished(rec.summary)
        else:
            self._show_authorization(rec)

    def _make_handlers(self, profile: ServerProfile) -> UiClientHandlers:
        """Answers to the server's requests come from dialogs in this window."""
        from .client_side import UiClientHandlers

        self.handlers = UiClientHandlers(self, profile.roots, controller=self.controller)
        return self.handlers

    def _profiles_edited(self) -> None:
        self.save_profiles()
        # roots edited during a session reach the server (roots/list_changed in the legacy era)
        live = self.controller.profile
        if self.handlers is not None and self.controller.running and live is self.connection.current():
            self.handlers.set_roots(live.roots)

    def save_profiles(self) -> None:
        try:
            self.store.save(self.profiles)
        except OSError as exc:
            self.statusBar().showMessage(self.tr("Cannot save the server list: {why}").format(why=str(exc)), 8000)

    # ------------------------------------------------------------------ controller events

    def _on_recording(self, rec: Recording, mode: EraMode) -> None:
        if self.files.opener is not None and rec is not self.files.opener.recording:
            self.files.drop_loading()  # a session, or another recording, instead of the one loading
        self.banner.show_report(None)  # until this session fails, if it does
        self._show_authorization(rec if rec.read_only and not rec.loading else None)
        self._failure = None
        # the status bar's messages belong to the session or recording they were about
        self.statusBar().clearMessage()
        # the connection panel gives its space back while a session runs or a recording is open
        self.connection.set_compact(True)
        self.recording = rec
        self.mode = mode
        self.following = Following()
        self.act_follow.setChecked(True)
        self._summary = rec.summary
        self.timeline.set_recording(rec)
        entries = self.timeline.model.entries
        self.sequence.set_source(rec, lambda: entries.rows)
        self.detail.clear()
        self.diagram.set_machine(mode, None, rec.transport_as_of(0))
        self.negotiation.refresh(rec)
        # a recording that still loads is followed like a live one (the diagram, the panels'
        # replay index and the status grow with it); it can be played back once loaded
        self._ticking.set_active(not rec.read_only or rec.loading)
        self.replay.set_recording(rec if rec.read_only and not rec.loading else None)
        if rec.read_only:
            self.refresh()
        else:
            self.setWindowTitle(
                self.tr("MCP Session Inspector — {name}").format(name=rec.header.get("server_name", ""))
            )

    def _on_running(self, running: bool) -> None:
        self._update_actions()
        if self.tools.composer is not None:
            self.tools.composer.refresh()
        if running and self.step_mode != self.controller.stepping:
            self.act_step.setChecked(self.controller.stepping)  # what the gate does now
        self.connection.set_session(running, self.status.state.text())

    # ------------------------------------------------------------------ step mode

    step_mode = False  # the Step action: the gate holds messages now (or will, at the next Connect)

    def step_toggled(self, on: bool) -> None:
        """Step on or off: for the next connection, and during a session at once (on: the next
        message waits; off: what waits goes on, like Run to end)."""
        self.step_mode = on
        if self.controller.running and (
            on != self.controller.stepping or (not on and self.controller.pending_step is not None)
        ):
            now = self.controller.set_stepping(on)  # off also lets a held shutdown step go
            if now != on:  # the session is closing: nothing new waits
                self.act_step.setChecked(now)

    def _on_stepping(self, on: bool) -> None:
        """The session entered or left step mode (Run to end): the Step action says so."""
        if self.act_step.isChecked() != on:
            self.act_step.setChecked(on)

    def _update_actions(self) -> None:
        """The session actions usable as the session is now (action_words.usable); ping's tip says
        why the modern era (2026-07-28) has none."""
        c = self.controller
        era = c.session.negotiation().era if c.running and c.session is not None else None
        for name, on in usable(c.running, c.pending_step is not None, era).items():
            getattr(self, f"act_{name}").setEnabled(on)
        if era == "modern":
            self.act_ping.setToolTip(
                self.tr("The modern era (2026-07-28) has no ping: the server would answer -32601 (method not found)")
            )
        else:
            self.act_ping.setToolTip(action_text(QCoreApplication.translate, "ping")[1])

    # ------------------------------------------------------------------ stepping through

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
        row = self.following.back_from(self.timeline.current_seq(), len(rec))
        self.act_follow.setChecked(False)
        return self.timeline.select_seq(row)

    def _on_step(self, step: PendingStep | None) -> None:
        appears = self.stepbar.isHidden() and step is not None
        self.stepbar.show_step(step)
        if appears and self.stepbar.parentWidget() is self.detail_column:
            # Teaching: the step first in the details' column, once the splitter has it
            QTimer.singleShot(0, self, self.layouts.share_detail_column)
        if appears:
            # Debugging: the diagram keeps its height above the bar
            QTimer.singleShot(0, self, self.layouts.room_for_step)
        elif step is None and not (self.controller.running and self.controller.stepping):
            self.layouts.step_room_back()  # step mode is over: the split as the user had it
        self.act_continue.setEnabled(step is not None)
        # the edge it will take, once the step before it has been taken in (the gate names the
        # next step before the session has finished with the last one)
        QTimer.singleShot(0, self._show_pending_edge)

    def _show_pending_edge(self) -> None:
        pending = self.controller.pending_step is not None
        self.diagram.set_pending(self.controller.pending_transition() if pending else None)

    def _on_failed(self, text: str) -> None:
        """The session failed (``text``: the session's English account): the status bar, the
        exit label and the banner word it from the recording's failure report, as the banner
        does, in the window's language."""
        self._close_sign_in_box()
        rec = self.recording
        if rec is not None and failed_before_start(rec):
            self.connection.set_compact(False)  # it never started: the server's settings are what to look at
        summary = self.controller.session.summary() if self.controller.session is not None else {}
        report = failure_report(rec, summary) if rec is not None else None
        self._failure = failure = report or FailureReport(text)
        self.status.say(
            lambda: self.tr("Session failed: {why}").format(why=failure_why(QCoreApplication.translate, failure)), 15000
        )
        self.status.show_exit(summary, failure)
        if rec is not None:
            self.banner.show_report(self._failure, rec)
            self._show_authorization(rec)

    def _on_finished(self, summary: JsonObject) -> None:
        self._summary = summary
        self._close_sign_in_box()
        self.connection.editor.show_sign_in()  # a sign-in, a refresh or a refused token changed it
        self.status.show_exit(summary, self._failure)
        if self.recording is not None:
            report = failure_report(self.recording, summary)
            if report is not None:
                self.banner.show_report(report, self.recording)
            self._show_authorization(self.recording)  # only with steps
        self.refresh()

    def _on_ready(self) -> None:
        """The session started: a sign-in it went through shows (the Authorization tab, the editor's state)."""
        self._close_sign_in_box()
        self.connection.editor.show_sign_in()
        if self.recording is not None:
            self._show_authorization(self.recording)

    def _show_sign_in_url(self, server: str, url: str) -> None:
        """An OAuth sign-in waits in the browser: its URL, to copy or open (not modal)."""
        self._close_sign_in_box()
        self.sign_in_box = sign_in_dialog(self, server, url)

    def _authorization_filter(self, method: str) -> None:
        """The Authorization tab's "only authorization" box: on, the timeline shows the
        authorization events; off, the user's own method filter comes back."""
        model = self.timeline.model
        if method:
            f = model.filter()
            self._method_before = (f.method, f.method_exact)
            model.update_filter(method=method, method_exact=False)
        else:
            before, exact = self._method_before
            model.update_filter(method=before, method_exact=exact)

    def _close_sign_in_box(self) -> None:
        """The sign-in URL is no longer waited for (the session started, failed or ended)."""
        if self.sign_in_box is not None:
            self.sign_in_box.close()
            self.sign_in_box = None

    def _on_era_detected(self, profile_id: str, era: str) -> None:
        self.save_profiles()
        self.connection.update_detected(profile_id)

    def set_follow(self, on: bool) -> None:
        self.following = Following(live=on)
        if not on:  # the diagram stays where it is, and says which entry that is
            n = len(self.recording) if self.recording is not None else None
            self._show_row(pinned_row(self.timeline.current_seq(), self.diagram.as_of, n), animate=False)
        self.refresh()

    def _on_entry_selected(self, seq: int) -> None:
        rec = self.recording
        if rec is None or not (0 <= seq < len(rec)):
            return
        self.detail.set_entry(rec, seq)
        self.sequence.show_seq(seq)
        if self.following.pins(seq, len(rec)):
            self.act_follow.setChecked(False)  # pinned to the selected row
        playing = self.replay.playback is not None and self.replay.playback.playing
        if not self.following.live:
            self._show_row(seq, animate=playing)  # playback animates the diagram's edges
        self.replay.show_row(seq)

    # ------------------------------------------------------------------ periodic refresh

    def _show_row(self, row: int, animate: bool) -> None:
        rec = self.recording
        if rec is None or row < 0:
            return
        # draws the machine of that row's era and transport; not following, the state is a past one
        self.diagram.show_recording_row(rec, row, animate=animate, past=not self.following.live)
        if rec.read_only:  # replay: the feature panels, the negotiation and the status as of that row
            self.panels.show_recorded_row(rec, row)
            self.negotiation.show_row(rec, row)
            self._show_status(rec, row, None)

    def _show_status(self, rec: Recording, row: int, version: str | None) -> None:
        """The status bar's state and era as of entry ``row`` (see :meth:`StatusLine.show_row`)."""
        self.status.show_row(rec, row, version, self.mode)
        self.connection.set_session(self.controller.running, self.status.state.text())

    def _tick(self) -> int:
        self.refresh()
        return 0

    def refresh(self) -> None:
        """The views take the entries that arrived since the last call (the status line, the
        diagram when following, the sequence view's range, a live session's negotiation)."""
        rec = self.recording
        if rec is None:
            self.status.show_not_connected()
            self.connection.set_session(self.controller.running, self.status.state.text())
            return
        n = len(rec)
        # a flood (a tick's worth of FLOOD_BATCH_ROWS or more) jumps to the newest edge instead of
        # sweeping along it: the sweep repaints the diagram at 60 fps for 600 ms
        flood = self.following.arrived(n, FLOOD_BATCH_ROWS)
        if flood is None:
            return
        if n and self.following.live:
            self._show_row(n - 1, animate=not rec.read_only and not flood)
        if self.sequence.isVisible():  # its scroll range follows the new rows
            self.sequence.refresh()
            if self.following.live:
                self.sequence.verticalScrollBar().setValue(self.sequence.verticalScrollBar().maximum())
        if not rec.read_only:  # a replay's negotiation and status follow the row shown (_show_row)
            self.negotiation.refresh(rec)
            session = self.controller.session
            version = session.negotiation().version if session is not None and session.recording is rec else None
            if n:
                self._show_status(rec, n - 1, version or "—")
        set_live_text(
            self.status.counts, self.tr("%Ln entries", "", n)
        )  # no relayout per tick; plural forms ("1 entry")
        if self.controller.pending_step is not None or self.diagram.pending_edge is not None:
            self._show_pending_edge()  # what the held step will do, as of the entries just taken in

    # ------------------------------------------------------------------ closing

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        self.files.drop_loading()
        self.save_profiles()
        self.layouts.save_layout()
        super().closeEvent(event)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802
        super().showEvent(event)
        self.layouts.first_show()

    def _start_size(self) -> tuple[int, int]:
        """layout_plan.start_size, for the screen the window opens on."""
        available = screen.availableGeometry() if (screen := self.screen()) is not None else None
        return start_size(None if available is None else (available.width(), available.height()))
