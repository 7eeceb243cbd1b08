"""The window's actions, its toolbar and its menu bar, and the session tools they open.

:class:`WindowActions` makes them for the main window, given the window, from tables: every
action of :func:`clicks` and :func:`toggles` is the window's (its parent, and an attribute
``act_<name>`` the window's code and the tests use), worded from
:mod:`inspector.session.action_words`, and calls what does the work: the window's session
commands, :class:`~.window_files.WindowFiles` for the File menu, :class:`~.window_layout.WindowLayouts`
for the View menu's layouts, :class:`SessionTools` for the composer (a message of one's own, or
a copy of one sent, to edit and send), ping and the bundled specification. :data:`TOOLBAR` and
:data:`MENUS` list where each one shows. :meth:`WindowActions.build` runs again on a language
switch (the window deletes the old actions and bars first); the states the actions show (Step,
Follow live, Presenter) are kept then.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from importlib import import_module
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMenu, QToolBar

from inspector.session import SessionError
from inspector.session.action_words import action_text

from .text import format_duration
from .window_status import WindowPart

if TYPE_CHECKING:
    from .composer import ComposerDialog
    from .main_window import MainWindow
    from .spec_viewer import SpecViewer

_Keys = str | QKeySequence.StandardKey | None
_Std = QKeySequence.StandardKey


def clicks(w: MainWindow) -> dict[str, tuple[Callable[[], object], _Keys]]:
    """The actions a click runs: name (the window's ``act_<name>``) -> what it calls, its shortcut."""
    return {
        "connect": (w.connect_selected, "Ctrl+Return"),
        "disconnect": (partial(w.controller.end_session, step_shutdown=True), "Ctrl+Shift+Return"),
        "continue": (w.controller.continue_step, "F8"),
        "open": (w.files.open_recording, _Std.Open),
        "save": (w.files.save_recording, _Std.Save),
        "watch": (_on_first_use("watch_dock", "show_watch", w), None),
        "compose": (w.tools.open_composer, "Ctrl+M"),
        "ping": (w.tools.ping, None),
        "export": (w.files.export_transcript, None),
        "export_diagram": (w.files.export_diagram, None),
        "export_sequence": (w.files.export_sequence, None),
        "reanalyse": (w.files.reanalyse, None),
        "spec": (w.tools.open_spec, _Std.HelpContents),
        "import": (w.files.import_servers, None),
        "export_server": (w.files.export_server, None),
        "attach": (_on_first_use("attach_dialog", "open_attach_dialog", w), None),
        "compare": (_on_first_use("compare_view", "compare_sessions", w), None),
        "diagnose": (_on_first_use("doctor_dialog", "run_diagnosis", w), None),
        "quit": (w.close, _Std.Quit),
        # checked by WindowLayouts.show_layout_checks: the layout shown
        "layout_debugging": (partial(w.layouts.choose_layout, "debugging"), None),
        "layout_teaching": (partial(w.layouts.choose_layout, "teaching"), None),
        "reset_layout": (w.layouts.reset_layout, None),
    }


def _on_first_use(module: str, function: str, w: MainWindow) -> Callable[[], object]:
    """A click that calls ``function(w)`` of ``inspector.ui.<module>``, imported then, not to start
    (the Watch dialog; the attach dialog and the importer it reads host files with; the compare view; the doctor)."""
    return lambda: getattr(import_module(f"{__package__}.{module}"), function)(w)


def toggles(w: MainWindow) -> dict[str, tuple[Callable[[bool], object], bool, _Keys]]:
    """The actions that hold a state: name -> what a change calls, the state now, its shortcut."""
    return {
        "step": (w.step_toggled, w.step_mode, "Ctrl+T"),
        "follow": (w.set_follow, w.following.live, "Ctrl+L"),
        "presenter": (w.layouts.set_presenter, w.layouts.presenting, "F11"),
    }


_CHECKABLE = {"layout_debugging", "layout_teaching"}
# The toolbar's actions in order ("" a separator).
TOOLBAR = ("connect", "disconnect", "step", "continue", "follow", "compose", "", "open", "save")
# Each menu's actions in order ("" a separator); the View menu goes on with the docks' own.
MENUS = {
    "file": (
        *("open", "watch", "save", "", "import", "export_server", "attach", ""),
        *("export", "export_diagram", "export_sequence", "", "compare", "reanalyse", "", "quit"),
    ),
    "session": ("connect", "disconnect", "step", "continue", "", "compose", "ping", "", "diagnose"),
    "view": ("follow", "watch", "", "layout_debugging", "layout_teaching", "presenter", "reset_layout", ""),
}


class WindowActions(WindowPart):
    """The actions, toolbar and menus of ``window`` (see the module's docstring)."""

    def _action(self, name: str, keys: _Keys) -> QAction:
        """The window's ``act_<name>``, worded from the table, with its shortcut."""
        text, tip = action_text(QCoreApplication.translate, name)
        action = QAction(text, self.window)
        if tip:
            action.setToolTip(tip)
        if keys is not None:
            action.setShortcut(QKeySequence(keys))
        setattr(self.window, f"act_{name}", action)
        return action

    def _fill(self, bar: QMenu | QToolBar, names: tuple[str, ...]) -> None:
        for name in names:
            if name:
                bar.addAction(getattr(self.window, f"act_{name}"))
            else:
                bar.addSeparator()

    def build(self) -> None:
        """Make the actions, the toolbar and the menus (after the docks: the View menu lists them)."""
        w = self.window
        for name, (run, keys) in clicks(w).items():
            action = self._action(name, keys)
            action.setCheckable(name in _CHECKABLE)
            # a click's checked state is not passed on (the slots take none)
            action.triggered.connect(lambda _checked=False, run=run: run())
        for name, (changed, on, keys) in toggles(w).items():
            action = self._action(name, keys)
            action.setCheckable(True)
            action.setChecked(on)  # kept when the actions are made again (a language change)
            action.toggled.connect(changed)

        toolbar = QToolBar(self.tr("Session"))
        toolbar.setObjectName("sessionToolbar")
        toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self._fill(toolbar, TOOLBAR)
        w.addToolBar(toolbar)
        w.toolbar = toolbar

        menu = w.menuBar()
        for old in menu.findChildren(QMenu, options=Qt.FindChildOption.FindDirectChildrenOnly):
            old.deleteLater()  # clear() only takes a menu off the bar: the last language's menus would stay
        menu.clear()
        self._fill(menu.addMenu(self.tr("&File")), MENUS["file"])
        self._fill(menu.addMenu(self.tr("&Session")), MENUS["session"])
        m_view = menu.addMenu(self.tr("&View"))
        self._fill(m_view, MENUS["view"])
        w.layouts.show_layout_checks()
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
        menu.addMenu(self.tr("&Help")).addAction(w.act_spec)
        for chooser, title in ((w.languages, self.tr("Language")), (w.themes, self.tr("Theme"))):
            if chooser is None:
                continue
            submenu = m_view.addMenu(title)
            group = QActionGroup(w)
            for code, label in chooser.choices():
                a = QAction(label, w, checkable=True)
                a.setChecked(code == chooser.choice)
                a.triggered.connect(lambda _=False, c=code, chooser=chooser: chooser.set_choice(c))
                group.addAction(a)
                submenu.addAction(a)


class SessionTools(WindowPart):
    """The composer, ping and the specification of ``window`` (see the module's docstring): the
    composer is made on first use (its module is imported then, not at start-up) and is the
    window's child; ping runs on the controller's task group and says in the window's status bar
    how long the answer took; the specification opens at the page a reference names, or the
    negotiated version's overview."""

    composer: ComposerDialog | None = None  # made on first use

    def open_composer(self, method: str | None = None) -> ComposerDialog:
        """The composer window (made once), raised, with ``method``'s template if given."""
        if self.composer is None:
            from .composer import ComposerDialog

            self.composer = ComposerDialog(self.window.controller, self.window)
            self.composer.sent.connect(self.window.timeline.select_seq)  # what was sent, shown
        self.composer.refresh()
        if method:
            self.composer.use_template(method)
        self.composer.show()
        self.composer.raise_()
        self.composer.activateWindow()
        return self.composer

    def resend(self, seq: int) -> None:
        """Edit and resend: the composer with a copy of the client's message at ``seq``."""
        rec = self.window.recording
        if rec is None or not (0 <= seq < len(rec)):
            return
        entry = rec[seq]
        composer = self.open_composer()
        composer.edit_copy_of(entry.json(), entry.text)

    def ping(self) -> bool:
        """Send ping; the status bar says how long the answer took."""
        controller = self.window.controller
        session, tg = controller.session, controller.task_group
        if session is None or tg is None or not controller.running:
            return False

        async def go() -> None:
            try:
                reply = await session.request("ping")
            except SessionError as exc:
                self.note(self.tr("ping failed: {why}").format(why=str(exc)), 10000)
                return
            if reply.ok:
                self.note(self.tr("ping answered in {duration}").format(duration=format_duration(reply.latency)), 10000)
            else:
                self.note(self.tr("ping answered with an error: {error}").format(error=reply.error), 10000)

        tg.start_soon(go)
        return True

    def open_spec(self, ref: str = "") -> SpecViewer | None:
        """The bundled spec page ``ref`` names ("<version> <page>#<section>"); without one, the
        overview of the negotiated version (or the newest). None when it is not bundled."""
        from inspector.session.spec_pages import overview_ref

        from .spec_viewer import open_spec

        if not ref:
            session = self.window.controller.session
            ref = overview_ref(session.negotiation().version if session is not None else None)
        viewer = open_spec(ref, self.window)
        if viewer is None:
            self.note(self.tr("That page of the specification is not bundled: {ref}").format(ref=ref), 6000)
        return viewer
