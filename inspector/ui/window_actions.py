"""The window's actions, its toolbar and its menu bar.

:class:`WindowActions` makes them for the main window, given the window, from tables: every
action of :func:`clicks` and :func:`toggles` is the window's (its parent, and an attribute
``act_<name>`` the window's code and the tests use), worded from
:mod:`inspector.session.action_words`, and calls what does the work: the window's session
commands, :class:`~.window_files.WindowFiles` for the File menu, :class:`~.window_layout.WindowLayouts`
for the View menu's layouts. :data:`TOOLBAR` and :data:`MENUS` list where each one shows.
:meth:`WindowActions.build` runs again on a language switch (the window deletes the old actions
and bars first); the states the actions show (Step, Follow live, Presenter) are kept then.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from importlib import import_module
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMenu, QToolBar

from inspector.session.action_words import action_text

from .window_status import WindowPart

if TYPE_CHECKING:
    from .main_window import MainWindow

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
        "quit": (w.close, _Std.Quit),
        # checked by WindowLayouts.show_layout_checks: the layout shown
        "layout_debugging": (partial(w.layouts.choose_layout, "debugging"), None),
        "layout_teaching": (partial(w.layouts.choose_layout, "teaching"), None),
        "reset_layout": (w.layouts.reset_layout, None),
    }


def _on_first_use(module: str, function: str, w: MainWindow) -> Callable[[], object]:
    """A click that calls ``function(w)`` of ``inspector.ui.<module>``, imported then, not to start
    (the Watch dialog; the attach dialog and the importer it reads host files with)."""
    return lambda: getattr(import_module(f"{__package__}.{module}"), function)(w)


def toggles(w: MainWindow) -> dict[str, tuple[Callable[[bool], object], bool, _Keys]]:
    """The actions that hold a state: name -> what a change calls, the state now, its shortcut."""
    return {
        "step": (w.step_toggled, w.step_mode, "Ctrl+T"),
        "follow": (w.set_follow, w.follow_live, "Ctrl+L"),
        "presenter": (w.layouts.set_presenter, w.layouts.presenting, "F11"),
    }


_CHECKABLE = {"layout_debugging", "layout_teaching"}
# The toolbar's actions in order ("" a separator).
TOOLBAR = ("connect", "disconnect", "step", "continue", "follow", "compose", "", "open", "save")
# Each menu's actions in order ("" a separator); the View menu goes on with the docks' own.
MENUS = {
    "file": (
        *("open", "watch", "save", "", "import", "export_server", "attach", ""),
        *("export", "export_diagram", "export_sequence", "", "reanalyse", "", "quit"),
    ),
    "session": ("connect", "disconnect", "step", "continue", "", "compose", "ping"),
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
