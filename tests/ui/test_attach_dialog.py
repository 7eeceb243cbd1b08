"""File → Attach to a host…, offscreen, on host files this test writes in a temporary home and
project folder (found by the same discovery as the ``attach`` command)."""

from __future__ import annotations

import shutil
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEvent, Qt, QTranslator

from inspector.session.attach import BACKUP_SUFFIX, RECORD_SUFFIX, attach, launcher
from inspector.session.config_files import loads_config
from inspector.ui.attach_dialog import AttachDialog

ROOT = Path(__file__).resolve().parents[2]
CONFIGS = ROOT / "tests" / "fixtures" / "configs"


def host_files(tmp_path: Path) -> tuple[dict[str, object], Path, Path]:
    """A Claude Desktop file in ``$XDG_CONFIG_HOME`` and a Cursor file in the project folder."""
    home, cwd = tmp_path / "home", tmp_path / "project"
    claude = home / ".config" / "Claude" / "claude_desktop_config.json"
    cursor = cwd / ".cursor" / "mcp.json"
    for path, src in (
        (claude, CONFIGS / "claude_desktop_config.json"),
        (cursor, CONFIGS / "workspace/.cursor/mcp.json"),
    ):
        path.parent.mkdir(parents=True)
        shutil.copyfile(src, path)
    where = {"platform": "linux", "home": home, "env": {"XDG_CONFIG_HOME": str(home / ".config")}, "cwd": cwd}
    return where, claude, cursor


def entry(path: Path, name: str) -> dict:
    return loads_config(path.read_text())["mcpServers"][name]


def test_attach_one_then_detach_gives_the_same_bytes(qapp, tmp_path):
    where, claude, cursor = host_files(tmp_path)
    original = claude.read_bytes()
    dialog = AttachDialog(**where)
    dialog.show()
    assert [dialog.tree.topLevelItem(i).text(0) for i in range(dialog.tree.topLevelItemCount())] == [
        "~/.config/Claude/claude_desktop_config.json",  # under the home folder: from ~
        str(cursor),
    ]
    assert str(claude) in dialog.file_item(claude).toolTip(0)
    assert dialog.file_item(claude).text(1) == "Claude Desktop"
    assert "quit Claude Desktop completely" in dialog.file_item(claude).text(2)  # the restart, naming the host
    github = dialog.entry_item(claude, "github")
    assert (github.text(1), github.text(2)) == ("stdio", "not attached")
    assert github.text(3) == "npx -y @modelcontextprotocol/server-github"
    assert not dialog.attach_button.isEnabled() and not dialog.detach_button.isEnabled()
    dialog.set_checked(claude, "github")
    assert dialog.attach_button.isEnabled() and not dialog.detach_button.isEnabled()
    dialog.attach_button.click()
    assert entry(claude, "github")["command"] == launcher()[0]  # the file rewritten
    assert entry(claude, "github")["args"][-5:] == ["github", "--", "npx", "-y", "@modelcontextprotocol/server-github"]
    assert dialog.entry_item(claude, "github").text(2) == "attached"
    assert dialog.entry_item(claude, "demo").text(2) == "not attached"  # only the checked one
    report = dialog.report.toPlainText()
    assert f"Attached github in {claude}." in report
    assert "Claude Desktop must be restarted for this to take effect: quit Claude Desktop completely" in report
    assert str(claude) + BACKUP_SUFFIX in report
    assert not dialog.error.isVisible()
    dialog.set_checked(claude, "github")
    assert dialog.detach_button.isEnabled() and not dialog.attach_button.isEnabled()
    dialog.detach_button.click()
    assert claude.read_bytes() == original  # byte for byte
    assert not claude.with_name(claude.name + BACKUP_SUFFIX).exists()
    assert not claude.with_name(claude.name + RECORD_SUFFIX).exists()
    assert dialog.entry_item(claude, "github").text(2) == "not attached"
    assert "byte for byte as it was before the first attach" in dialog.report.toPlainText()
    dialog.close()


def test_a_refusal_is_said_on_the_files_row_and_nothing_is_written(qapp, tmp_path):
    where, claude, _ = host_files(tmp_path)
    dialog = AttachDialog(**where)
    dialog.show()
    dialog.set_checked(claude, "demo")
    attach(claude, ["demo"])  # another program (the CLI) attaches it while the dialog is open
    written = claude.read_bytes()
    dialog.attach_button.click()
    assert claude.read_bytes() == written
    assert dialog.error.isVisible() and "'demo' is attached already" in dialog.error.text()
    assert "'demo' is attached already" in dialog.file_item(claude).text(2)  # where it happened
    assert dialog.entry_item(claude, "demo").text(2) == "attached"  # read again
    record = claude.with_name(claude.name + RECORD_SUFFIX)
    record.write_text("{ not a record")  # a record broken by hand: nothing can be checked, the row says why
    dialog.refresh_button.click()
    assert "cannot be read" in dialog.file_item(claude).text(2)
    demo = dialog.entry_item(claude, "demo")
    assert demo.text(2).startswith("cannot be attached: it runs the inspector's proxy already")
    assert not demo.flags() & Qt.ItemFlag.ItemIsUserCheckable
    dialog.close()


def test_a_url_server_says_no_window_serves_it_and_shows_the_command_that_would(qapp, tmp_path):
    where, _, cursor = host_files(tmp_path)
    original = cursor.read_bytes()
    dialog = AttachDialog(**where)  # no window: nothing serves it here (the window's relays: test_url_relays_window)
    note = dialog.url_note.text()
    assert dialog.url_note.isVisibleTo(dialog) and "which this window runs while it is open" in note
    assert "the host cannot reach the server" in note
    row = dialog.entry_item(cursor, "remote-search")
    assert (row.text(1), row.text(2), row.text(3)) == ("HTTP", "not attached", "https://search.example.com/mcp")
    dialog.set_checked(cursor, "remote-search")
    dialog.attach_button.click()
    url = entry(cursor, "remote-search")["url"]
    assert url.startswith("http://127.0.0.1:") and url.endswith("/mcp")
    port = url.split(":")[2].split("/")[0]
    command = f"proxy --name remote-search --listen 127.0.0.1:{port} --upstream https://search.example.com/mcp"
    report = dialog.report.toPlainText()
    assert "No inspector window serves remote-search here: run this while the host uses it" in report
    assert command in report
    row = dialog.entry_item(cursor, "remote-search")
    assert row.text(2) == "attached; no inspector window serves it here"
    assert row.text(3) == f"{url} → https://search.example.com/mcp" and command in row.toolTip(3)
    assert "Cursor must be restarted" in dialog.report.toPlainText()
    dialog.set_checked(cursor, "remote-search")
    dialog.detach_button.click()
    assert cursor.read_bytes() == original
    dialog.close()


def test_choose_file_adds_a_host_file_from_elsewhere_and_says_why_one_cannot_be_read(qapp, tmp_path):
    from PySide6.QtWidgets import QFileDialog

    where, _, _ = host_files(tmp_path)
    elsewhere = tmp_path / "elsewhere" / "servers.json"
    elsewhere.parent.mkdir()
    elsewhere.write_text('{"mcpServers": {"mine": {"command": "my-server", "args": ["--stdio"]}}}')
    dialog = AttachDialog(**where)
    dialog.show()
    assert dialog.choose_button.text() == "Choose file…" and dialog.file_item(elsewhere) is None
    chooser = dialog.choose_file()
    assert isinstance(chooser, QFileDialog) and chooser.isVisible()
    chooser.fileSelected.emit(str(elsewhere))  # what choosing the file and Open do
    chooser.close()
    item = dialog.file_item(elsewhere)
    assert item is not None and item.text(0) == str(elsewhere)
    mine = dialog.entry_item(elsewhere, "mine")
    assert (mine.text(1), mine.text(2), mine.text(3)) == ("stdio", "not attached", "my-server --stdio")
    dialog.set_checked(elsewhere, "mine")
    dialog.attach_button.click()  # attached like any other
    assert loads_config(elsewhere.read_text())["mcpServers"]["mine"]["args"][-3:] == ["--", "my-server", "--stdio"]
    assert dialog.entry_item(elsewhere, "mine").text(2) == "attached"
    dialog.read_again()  # kept in the list when the files are read again
    assert dialog.entry_item(elsewhere, "mine").text(2) == "attached"
    broken = tmp_path / "elsewhere" / "broken.json"
    broken.write_text("{ not json")
    dialog.add_file(broken)
    assert "not JSON" in dialog.file_item(broken).text(2)  # on its own row
    assert dialog.error.isVisible() and "not JSON" in dialog.error.text() and str(broken) in dialog.error.text()
    missing = tmp_path / "elsewhere" / "gone.json"
    dialog.add_file(missing)
    assert "cannot be read" in dialog.error.text() and str(missing) in dialog.error.text()
    dialog.close()
    # the next window's dialog lists the chosen files again (those that still exist), with their state
    again = AttachDialog(**where)
    assert again.entry_item(elsewhere, "mine").text(2) == "attached"
    assert again.file_item(broken) is not None and again.file_item(missing) is None
    again.close()


def test_the_open_dialog_retranslates_when_the_language_changes(qapp, tmp_path):
    where, claude, _ = host_files(tmp_path)
    dialog = AttachDialog(**where)
    dialog.show()
    dialog.set_checked(claude, "github")
    dialog.attach_button.click()
    english = (dialog.windowTitle(), dialog.attach_button.text(), dialog.entry_item(claude, "github").text(2))
    report = dialog.report.toPlainText()
    dialog.set_checked(claude, "demo")
    translator = QTranslator()
    assert translator.load(str(ROOT / "resources" / "i18n" / "inspector_zh_CN.qm"))
    QCoreApplication.installTranslator(translator)  # a LanguageChange to every widget
    try:
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LanguageChange)
        zh = (dialog.windowTitle(), dialog.attach_button.text(), dialog.entry_item(claude, "github").text(2))
        assert zh[0] == QCoreApplication.translate("AttachDialog", "Attach to a host") != english[0]
        assert zh[1] != english[1] and zh[2] == QCoreApplication.translate("AttachDialog", "attached") != english[2]
        assert dialog.choose_button.text() != "Choose file…"
        assert dialog.tree.headerItem().text(0) != "Server"
        assert dialog.report.toPlainText() != report and str(claude) in dialog.report.toPlainText()
        assert "quit Claude Desktop" not in dialog.report.toPlainText()  # the session layer's words too
        assert dialog.entry_item(claude, "demo").checkState(0) == Qt.CheckState.Checked  # the checks kept
    finally:
        QCoreApplication.removeTranslator(translator)
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LanguageChange)
    assert (dialog.windowTitle(), dialog.attach_button.text(), dialog.entry_item(claude, "github").text(2)) == english
    assert dialog.report.toPlainText() == report
    dialog.close()


def test_the_file_menu_opens_it_and_it_speaks_chinese(window_and_controller, tmp_path, monkeypatch):
    _, window = window_and_controller
    file_menu = window.menuBar().actions()[0].menu()
    action = next(a for a in file_menu.actions() if a.text() == "Attach to a host…")
    home = tmp_path / "empty-home"
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    monkeypatch.chdir(tmp_path)
    action.trigger()
    dialog = window.findChild(AttachDialog)
    assert dialog is not None and dialog.isVisible()
    assert dialog.tree.topLevelItem(0).text(0).startswith("No host configuration found")
    dialog.close()
    translator = QTranslator()
    assert translator.load(str(ROOT / "resources" / "i18n" / "inspector_zh_CN.qm"))
    QCoreApplication.installTranslator(translator)
    try:
        where, claude, _ = host_files(tmp_path)
        zh = AttachDialog(**where)
        assert zh.windowTitle() == QCoreApplication.translate("AttachDialog", "Attach to a host")
        assert zh.windowTitle() != "Attach to a host" and zh.attach_button.text() != "Attach"
        state = zh.file_item(claude).text(2)
        assert "Claude Desktop" in state and "quit" not in state  # the restart words translated too
        assert zh.entry_item(claude, "github").text(2) not in ("", "not attached")
        zh.close()
    finally:
        QCoreApplication.removeTranslator(translator)


def test_a_chosen_file_that_cannot_be_kept_for_the_next_window_is_listed_and_said(qapp, tmp_path):
    where, _, _ = host_files(tmp_path)
    (Path(where["home"]) / ".local").write_text("a file where the data folder would be")
    elsewhere = tmp_path / "servers.json"
    elsewhere.write_text('{"mcpServers": {"mine": {"command": "my-server"}}}')
    dialog = AttachDialog(**where)
    dialog.add_file(elsewhere)
    assert dialog.entry_item(elsewhere, "mine").text(2) == "not attached"  # listed all the same
    assert dialog.error.text().startswith("Listed until this window closes: it could not be kept for the next one")
    dialog.close()
