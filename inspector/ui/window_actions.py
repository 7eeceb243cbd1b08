"""The window's actions, its toolbar and its menu bar.

:class:`WindowActions` makes them for the main window, given the window: every action is the
window's (its parent, and an attribute ``act_…`` the window's code and the tests use), and each
one calls what does the work: the window's session commands, :class:`~.window_files.WindowFiles`
for the File menu, :class:`~.window_layout.WindowLayouts` for the View menu's layouts.
:meth:`WindowActions.build` runs again on a language switch (the window deletes the old actions
and bars first); the states the actions show (Step, Follow live, Presenter) are kept then.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMenu, QToolBar

if TYPE_CHECKING:
    from .main_window import MainWindow


class WindowActions(QObject):
    """The actions, toolbar and menus of ``window`` (see the module's docstring)."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window

    def show_watch(self) -> None:
        """View → Watch host sessions…: the dialog (its module on first use, not to start)."""
        from .watch_dock import show_watch

        show_watch(self.window)

    def show_attach(self) -> None:
        """File → Attach to a host…: the dialog (its module, and the importer it reads host
        files with, on first use: not before the first paint)."""
        from .attach_dialog import open_attach_dialog

        open_attach_dialog(self.window)

    def build(self) -> None:
        """Make the actions, the toolbar and the menus (after the docks: the View menu lists them)."""
        w = self.window
        # actions
        w.act_connect = QAction(self.tr("Connect"), w)
        w.act_connect.setShortcut(QKeySequence("Ctrl+Return"))
        w.act_connect.setToolTip(self.tr("Start the selected server and run the start sequence (Ctrl+Enter)"))
        w.act_connect.triggered.connect(w.connect_selected)
        w.act_disconnect = QAction(self.tr("Disconnect"), w)
        w.act_disconnect.setShortcut(QKeySequence("Ctrl+Shift+Return"))
        w.act_disconnect.setToolTip(
            self.tr("Shut the server down per spec: close stdin, wait, SIGTERM, SIGKILL (Ctrl+Shift+Enter)")
        )
        w.act_disconnect.triggered.connect(lambda: w.controller.end_session(step_shutdown=True))
        w.act_step = QAction(self.tr("Step"), w)
        w.act_step.setCheckable(True)
        w.act_step.setShortcut(QKeySequence("Ctrl+T"))
        w.act_step.setToolTip(
            self.tr(
                "Step mode: every message in both directions, and each shutdown step, waits for Continue. Switched on during a session, the next message waits; off, what waits goes on (Ctrl+T)"  # noqa: E501
            )
        )
        w.act_step.setChecked(w.step_mode)  # kept when the actions are made again (a language change)
        w.act_step.toggled.connect(w.step_toggled)
        w.act_continue = QAction(self.tr("Continue"), w)
        w.act_continue.setShortcut(QKeySequence("F8"))
        w.act_continue.setToolTip(self.tr("Send the waiting message (F8)"))
        w.act_continue.triggered.connect(w.controller.continue_step)
        w.act_follow = QAction(self.tr("Follow live"), w)
        w.act_follow.setCheckable(True)
        w.act_follow.setChecked(w.follow_live)  # kept when the actions are made again (a language change)
        w.act_follow.setShortcut(QKeySequence("Ctrl+L"))
        w.act_follow.setToolTip(self.tr("The diagram follows the newest entry instead of the selected row (Ctrl+L)"))
        w.act_follow.toggled.connect(w.set_follow)
        w.act_open = QAction(self.tr("Open recording…"), w)
        w.act_open.setShortcut(QKeySequence.StandardKey.Open)
        w.act_open.triggered.connect(w.files.open_recording)
        w.act_save = QAction(self.tr("Save recording…"), w)
        w.act_save.setShortcut(QKeySequence.StandardKey.Save)
        w.act_save.triggered.connect(w.files.save_recording)
        w.act_watch = QAction(self.tr("Watch host sessions…"), w)
        w.act_watch.setToolTip(
            self.tr("Sessions a host runs through the proxy, running or recent: open one live or as a recording")
        )
        w.act_watch.triggered.connect(self.show_watch)
        w.act_compose = QAction(self.tr("Compose…"), w)
        w.act_compose.setShortcut(QKeySequence("Ctrl+M"))
        w.act_compose.setToolTip(
            self.tr("Write a message of your own and send it as it is: valid, malformed or out of order (Ctrl+M)")
        )
        w.act_compose.triggered.connect(lambda: w.tools.open_composer())
        w.act_ping = QAction(self.tr("Ping"), w)
        w.act_ping.setToolTip(self.tr("Send ping and show how long the answer took (handshake era)"))
        w.act_ping.triggered.connect(w.tools.ping)
        w.act_export = QAction(self.tr("Export transcript…"), w)
        w.act_export.setToolTip(
            self.tr("A handout of the session: Markdown or a self-contained HTML page, in the window's language")
        )
        w.act_export.triggered.connect(w.files.export_transcript)
        w.act_export_diagram = QAction(self.tr("Export diagram…"), w)
        w.act_export_diagram.setToolTip(self.tr("The lifecycle diagram as it is drawn now, as SVG or PNG"))
        w.act_export_diagram.triggered.connect(w.files.export_diagram)
        w.act_presenter = QAction(self.tr("Presenter"), w)
        w.act_presenter.setCheckable(True)
        w.act_presenter.setShortcut(QKeySequence("F11"))
        w.act_presenter.setToolTip(
            self.tr(
                "For a projector: larger diagram, step bar and timeline, side panels hidden, lesson notes for the current state (F11)"  # noqa: E501
            )
        )
        w.act_presenter.setChecked(w.layouts.presenting)
        w.act_presenter.toggled.connect(w.layouts.set_presenter)
        w.act_export_sequence = QAction(self.tr("Export sequence diagram…"), w)
        w.act_export_sequence.setToolTip(self.tr("The sequence diagram of the rows the timeline shows, as SVG or PNG"))
        w.act_export_sequence.triggered.connect(w.files.export_sequence)
        w.act_reanalyse = QAction(self.tr("Re-analyse with the current rules"), w)
        w.act_reanalyse.setToolTip(
            self.tr(
                "Judge the opened recording again with this inspector's rules and schemas, and show what came out differently"  # noqa: E501
            )
        )
        w.act_reanalyse.triggered.connect(w.files.reanalyse)
        w.act_spec = QAction(self.tr("Specification…"), w)
        w.act_spec.setShortcut(QKeySequence.StandardKey.HelpContents)
        w.act_spec.setToolTip(
            self.tr("The MCP specification pages bundled with the inspector, for the negotiated version (F1)")
        )
        w.act_spec.triggered.connect(lambda: w.tools.open_spec(""))
        w.act_import = QAction(self.tr("Import servers…"), w)
        w.act_import.setToolTip(
            self.tr(
                "Add servers from Claude Desktop, VS Code, Cursor, Windsurf or MCP Inspector settings, or a registry server.json"  # noqa: E501
            )
        )
        w.act_import.triggered.connect(lambda: w.files.import_servers())
        w.act_export_server = QAction(self.tr("Export server entry…"), w)
        w.act_export_server.setToolTip(
            self.tr(
                "The selected server as an entry for another client's configuration file (Claude Desktop, Cursor, VS Code, Windsurf, MCP Inspector), secrets left out"  # noqa: E501
            )
        )
        w.act_export_server.triggered.connect(lambda: w.files.export_server())
        self.act_attach = QAction(self.tr("Attach to a host…"), w)
        self.act_attach.setToolTip(
            self.tr("Make Claude Desktop, VS Code, Cursor or Windsurf start a server through the proxy, and back")
        )
        self.act_attach.triggered.connect(self.show_attach)
        w.act_quit = QAction(self.tr("Quit"), w)
        w.act_quit.setShortcut(QKeySequence.StandardKey.Quit)
        w.act_quit.triggered.connect(w.close)

        toolbar = QToolBar(self.tr("Session"))
        toolbar.setObjectName("sessionToolbar")
        toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        for a in (w.act_connect, w.act_disconnect, w.act_step, w.act_continue, w.act_follow, w.act_compose):
            toolbar.addAction(a)
        toolbar.addSeparator()
        toolbar.addAction(w.act_open)
        toolbar.addAction(w.act_save)
        w.addToolBar(toolbar)
        w.toolbar = toolbar

        menu = w.menuBar()
        for old in menu.findChildren(QMenu, options=Qt.FindChildOption.FindDirectChildrenOnly):
            old.deleteLater()  # clear() only takes a menu off the bar: the last language's menus would stay
        menu.clear()
        m_file = menu.addMenu(self.tr("&File"))
        m_file.addAction(w.act_open)
        m_file.addAction(w.act_watch)
        m_file.addAction(w.act_save)
        m_file.addSeparator()
        m_file.addAction(w.act_import)
        m_file.addAction(w.act_export_server)
        m_file.addAction(self.act_attach)
        m_file.addSeparator()
        m_file.addAction(w.act_export)
        m_file.addAction(w.act_export_diagram)
        m_file.addAction(w.act_export_sequence)
        m_file.addSeparator()
        m_file.addAction(w.act_reanalyse)
        m_file.addSeparator()
        m_file.addAction(w.act_quit)
        m_session = menu.addMenu(self.tr("&Session"))
        for a in (w.act_connect, w.act_disconnect, w.act_step, w.act_continue):
            m_session.addAction(a)
        m_session.addSeparator()
        m_session.addAction(w.act_compose)
        m_session.addAction(w.act_ping)
        m_view = menu.addMenu(self.tr("&View"))
        m_view.addAction(w.act_follow)
        m_view.addAction(w.act_watch)
        m_view.addSeparator()
        w.act_layout_debugging = QAction(self.tr("Debugging layout"), w)
        w.act_layout_debugging.setToolTip(
            self.tr("Timeline first: the timeline and the details get the space, the diagram is smaller")
        )
        w.act_layout_debugging.triggered.connect(lambda: w.layouts.choose_layout("debugging"))
        w.act_layout_teaching = QAction(self.tr("Teaching layout"), w)
        w.act_layout_teaching.setToolTip(self.tr("Diagram and step bar first, the timeline and the details below them"))
        w.act_layout_teaching.triggered.connect(lambda: w.layouts.choose_layout("teaching"))
        for a in (w.act_layout_debugging, w.act_layout_teaching):
            a.setCheckable(True)
            m_view.addAction(a)
        m_view.addAction(w.act_presenter)
        w.act_reset_layout = QAction(self.tr("Reset layout"), w)
        w.act_reset_layout.setToolTip(
            self.tr("Put the chosen layout back as it starts: its docks, toolbar and proportions")
        )
        w.act_reset_layout.triggered.connect(w.layouts.reset_layout)
        m_view.addAction(w.act_reset_layout)
        w.layouts.show_layout_checks()
        m_view.addSeparator()
        # the docks' own actions (they live with the docks): shown, hidden, and the close button's undo
        for dock, tip in (
            (w.dock, self.tr("Show or hide the Connection dock: saved servers and the editor")),
            (w.features_dock, self.tr("Show or hide the Features dock: tools, resources, prompts, logs, tasks")),
        ):
            action = dock.toggleViewAction()
            action.setText(dock.windowTitle())
            action.setToolTip(tip)
            m_view.addAction(action)
        w.toolbar_action = w.toolbar.toggleViewAction()
        w.toolbar_action.setText(self.tr("Toolbar"))
        m_view.addAction(w.toolbar_action)
        m_view.addSeparator()
        m_help = menu.addMenu(self.tr("&Help"))
        m_help.addAction(w.act_spec)
        if w.languages is not None:
            m_lang = m_view.addMenu(self.tr("Language"))
            group = QActionGroup(w)
            for code, label in w.languages.choices():
                a = QAction(label, w, checkable=True)
                a.setChecked(code == w.languages.choice)
                a.triggered.connect(lambda _=False, c=code: w.languages.set_choice(c))
                group.addAction(a)
                m_lang.addAction(a)
        if w.themes is not None:
            m_theme = m_view.addMenu(self.tr("Theme"))
            group = QActionGroup(w)
            for code, label in (
                ("system", self.tr("Follow the system")),
                ("light", self.tr("Light")),
                ("dark", self.tr("Dark")),
            ):
                a = QAction(label, w, checkable=True)
                a.setChecked(code == w.themes.choice)
                a.triggered.connect(lambda _=False, c=code: w.themes.set_choice(c))
                group.addAction(a)
                m_theme.addAction(a)
