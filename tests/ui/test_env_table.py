"""The server editor's environment table: a value marked secret is masked on screen and kept as
typed; unmarking shows it again; a value typed over the mask replaces it and is masked again; the
edited server gets the values typed, never the mask. The field problems show under their fields
and the environment's in the table's tooltip (worded by session/server_editor.py)."""

from __future__ import annotations

from PySide6.QtCore import Qt

from inspector.session.profiles import MASK, EnvVar, ServerProfile
from inspector.ui.connection import ProfileEditor
from inspector.ui.widgets import plain_tooltip


def test_a_secret_value_is_masked_kept_and_shown_again_when_unmarked(qapp) -> None:
    profile = ServerProfile("env", "node server.js", env=[EnvVar("TOKEN", "s3cret", secret=True), EnvVar("A", "1")])
    editor = ProfileEditor()
    editor.set_profile(profile)
    table = editor.env
    assert [table.item(row, 1).text() for row in (0, 1)] == [MASK, "1"]

    table.item(0, 1).setText("n3w")  # typed over the mask: kept, masked again
    assert table.item(0, 1).text() == MASK and profile.env[0] == EnvVar("TOKEN", "n3w", True)
    table.item(0, 2).setCheckState(Qt.CheckState.Unchecked)  # no longer secret: shown as typed
    assert table.item(0, 1).text() == "n3w" and profile.env[0] == EnvVar("TOKEN", "n3w", False)
    table.item(1, 2).setCheckState(Qt.CheckState.Checked)
    assert table.item(1, 1).text() == MASK and profile.env[1] == EnvVar("A", "1", True)
    # no judge for variables: the user's box stays the user's
    assert table.item(1, 2).flags() & Qt.ItemFlag.ItemIsUserCheckable

    table.add_row()
    table.item(2, 0).setText("A=B")
    assert profile.env[2].name == "A=B"
    assert table.toolTip() == plain_tooltip("Environment variable name 'A=B' is not valid.")
    table.selectRow(2)
    table.remove_selected()
    assert [v.name for v in profile.env] == ["TOKEN", "A"] and table.toolTip() == plain_tooltip("")


def test_a_command_line_that_cannot_be_split_says_so_under_the_command(qapp) -> None:
    editor = ProfileEditor()
    editor.set_profile(ServerProfile("x", "node"))
    editor.command.setText('node "server.js')
    editor.command.textEdited.emit(editor.command.text())
    assert editor.errors["command"].text() == "Cannot split the command: no closing quotation mark"
    assert not editor.errors["command"].isHidden() and editor.errors["name"].isHidden()
