"""The window's actions are made from one table (inspector.ui.window_actions): every worded action
exists on the window with its words and shortcut, and the toolbar and menus list them."""

from __future__ import annotations

from PySide6.QtGui import QAction, QKeySequence

from inspector.session.action_words import WORDS
from inspector.ui.window_actions import MENUS, TOOLBAR, clicks, toggles


def test_the_tables_and_the_words_name_the_same_actions(window_and_controller):
    _controller, window = window_and_controller
    made = set(clicks(window)) | set(toggles(window))
    assert made == set(WORDS)
    listed = {name for names in (TOOLBAR, *MENUS.values()) for name in names if name}
    assert listed <= made
    for name, (text, tip) in WORDS.items():
        action = getattr(window, f"act_{name}")
        assert isinstance(action, QAction)
        assert action.text() == text
        if tip and name != "ping":  # ping's tooltip follows the era (MainWindow._update_actions)
            assert action.toolTip() == tip


def test_shortcuts_and_states_as_the_tables_give_them(window_and_controller):
    _controller, window = window_and_controller
    assert window.act_connect.shortcut() == QKeySequence("Ctrl+Return")
    assert window.act_open.shortcut() == QKeySequence(QKeySequence.StandardKey.Open)
    assert window.act_step.isCheckable() and window.act_step.shortcut() == QKeySequence("Ctrl+T")
    assert window.act_follow.isChecked() == window.following.live
    assert window.act_layout_debugging.isCheckable() and not window.act_reset_layout.isCheckable()
    window.act_follow.trigger()  # a state action calls its slot with the new state
    assert window.following.live is False
    window.act_follow.trigger()
    assert window.following.live is True


def test_the_menus_hold_the_actions_in_the_tables_order(window_and_controller):
    _controller, window = window_and_controller
    menus = [m.menu() for m in window.menuBar().actions() if m.menu() is not None]
    file_menu = menus[0]
    names = [a.text() for a in file_menu.actions() if not a.isSeparator()]
    assert names == [WORDS[n][0] for n in MENUS["file"] if n]
    toolbar = [a.text() for a in window.toolbar.actions() if not a.isSeparator()]
    assert toolbar == [WORDS[n][0] for n in TOOLBAR if n]


def test_file_attach_opens_the_attach_dialog_imported_on_first_use(window_and_controller, tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))  # the host files it looks for: none
    _controller, window = window_and_controller
    window.act_attach.trigger()
    from inspector.ui.attach_dialog import AttachDialog

    shown = [d for d in window.findChildren(AttachDialog) if d.isVisible()]
    assert len(shown) == 1 and shown[0].parentWidget() is window
    shown[0].close()
