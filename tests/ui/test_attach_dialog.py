"""File → Attach to a host…, offscreen, on host files this test writes in a temporary home and
project folder (found by the same discovery as the ``attach`` command)."""

from __future__ import annotations

import shutil
from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt, QTranslator

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


def test_a_url_server_shows_the_proxy_command_it_needs(qapp, tmp_path):
    where, _, cursor = host_files(tmp_path)
    original = cursor.read_bytes()
    dialog = AttachDialog(**where)
    assert dialog.url_note.isVisibleTo(dialog) and "does not run that proxy yet" in dialog.url_note.text()
    row = dialog.entry_item(cursor, "remote-search")
    assert (row.text(1), row.text(2), row.text(3)) == ("HTTP", "not attached", "https://search.example.com/mcp")
    dialog.set_checked(cursor, "remote-search")
    dialog.attach_button.click()
    url = entry(cursor, "remote-search")["url"]
    assert url.startswith("http://127.0.0.1:") and url.endswith("/mcp")
    port = url.split(":")[2].split("/")[0]
    command = f"proxy --name remote-search --listen 127.0.0.1:{port} --upstream https://search.example.com/mcp"
    assert "the window does not run it yet" in dialog.report.toPlainText() and command in dialog.report.toPlainText()
    row = dialog.entry_item(cursor, "remote-search")
    assert row.text(2) == "attached" and command in row.text(3) and row.text(3).startswith(url)
    assert "Cursor must be restarted" in dialog.report.toPlainText()
    dialog.set_checked(cursor, "remote-search")
    dialog.detach_button.click()
    assert cursor.read_bytes() == original
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


def test_every_fixed_word_of_the_session_layer_is_in_the_dialogs_table():
    """The reasons attach.py gives as plain literals, and its restart words, reach the translators."""
    import ast

    import inspector.session.attach as attach_module
    from inspector.ui.attach_dialog import SESSION_WORDS

    tree = ast.parse(Path(attach_module.__file__).read_text())
    reasons = {
        call.args[3].value
        for call in ast.walk(tree)
        if isinstance(call, ast.Call) and getattr(call.func, "id", "") == "HostEntry" and len(call.args) > 3
        if isinstance(call.args[3], ast.Constant) and call.args[3].value
    }
    assert "it has no command" in reasons and len(reasons) >= 7
    assert reasons | set(attach_module.RESTART_WORDS.values()) | {"quit it and start it again"} <= set(SESSION_WORDS)
