"""File → Import servers… and Export server entry… in the real window (offscreen)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QComboBox, QLabel, QLineEdit

from inspector.session.imports import ConfigLocation, read_config
from inspector.session.profiles import EnvVar, ServerProfile
from inspector.ui.import_dialog import ExportDialog, ImportDialog

CONFIGS = Path(__file__).resolve().parent.parent / "fixtures" / "configs"


def server_item(dialog: ImportDialog, key: str):
    """The row of the server ``key`` in the dialog's list of servers found."""
    (item,) = dialog.tree.findItems(key, Qt.MatchFlag.MatchExactly, 0)
    return item


def set_checked(dialog: ImportDialog, key: str, on: bool) -> None:
    """Check or uncheck the server ``key`` as a click on its box does."""
    server_item(dialog, key).setCheckState(0, Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)


def file_actions(window) -> list[str]:
    menu = window.menuBar().actions()[0].menu()
    return [a.text() for a in menu.actions() if a.text()]


def test_import_checks_fills_an_input_and_keeps_secrets_out_of_servers_json(window_and_controller, tmp_path):
    controller, window = window_and_controller
    assert "Import servers…" in file_actions(window) and "Export server entry…" in file_actions(window)
    workspace = tmp_path / "project"
    shutil.copytree(CONFIGS / "workspace", workspace)
    vscode = workspace / ".vscode" / "mcp.json"
    claude = CONFIGS / "claude_desktop_config.json"
    window.profiles.append(ServerProfile(name="demo", command="x"))  # a name the import must not reuse
    before = len(window.profiles)
    dialog: ImportDialog = window.files.import_servers(
        locations=[
            ConfigLocation("VS Code", "workspace", vscode, "vscode"),
            ConfigLocation("Claude Desktop", "user", claude, "claude-desktop"),
        ]
    )
    assert dialog.isVisible() and dialog.source.count() == 2
    assert [dialog.tree.topLevelItem(i).text(0) for i in range(dialog.tree.topLevelItemCount())] == [
        "demo",
        "weather",
        "remote-tools",
        "legacy-sse",
    ]
    assert server_item(dialog, "remote-tools").text(3) == "Authorization"  # kept secret
    # the inputs the file asks for: the password one masked, the pick list a combo box
    assert set(dialog.input_fields) == {"api-key", "demo-lang"}
    key_field = dialog.input_fields["api-key"]
    assert isinstance(key_field, QLineEdit) and key_field.echoMode() == QLineEdit.EchoMode.Password
    assert isinstance(dialog.input_fields["demo-lang"], QComboBox)
    # only what is checked is imported; an input of an unchecked server is not asked for
    set_checked(dialog, "weather", False)
    set_checked(dialog, "demo", False)
    assert key_field.isEnabled()  # remote-tools still uses api-key
    set_checked(dialog, "remote-tools", False)
    assert not key_field.isEnabled()
    set_checked(dialog, "remote-tools", True)
    # left empty, the key would be imported as "Bearer ": allowed, and said under the fields
    assert dialog.import_button.isEnabled() and "Weather API key" in dialog.error.text()
    key_field.setText("typed-in-secret")
    assert dialog.import_button.isEnabled() and "2" in dialog.import_button.text()
    assert dialog.error.isHidden()
    dialog.import_button.click()
    assert not dialog.isVisible()
    added = window.profiles[before:]
    assert [p.name for p in added] == ["remote-tools", "legacy-sse"]
    remote = added[0]
    assert [(h.name, h.value, h.secret) for h in remote.headers] == [
        ("Authorization", "Bearer typed-in-secret", True),
        ("X-Workshop", "7", False),
    ]
    # the list shows them, the first one selected; saved at once, the secret apart
    assert window.connection.list.count() == len(window.profiles)
    assert window.connection.current() is remote
    servers_json = window.store.path.read_text()
    assert "typed-in-secret" not in servers_json and "remote-tools" in servers_json
    assert "typed-in-secret" in window.store.secrets_path.read_text()

    # again, from the second location: "demo" is taken twice over, a secret env value stays apart
    dialog = window.files.import_servers(locations=[ConfigLocation("Claude Desktop", "user", claude, "claude-desktop")])
    assert "✗" not in dialog.problems.toPlainText()
    assert "$.mcpServers.filesystem.args[3]" in dialog.problems.toPlainText()
    set_checked(dialog, "filesystem", False)
    dialog.import_checked()
    names = [p.name for p in window.profiles]
    assert names[-2:] == ["demo (2)", "github"]
    servers_json = window.store.path.read_text()
    assert "ghp_claude_fixture_secret" not in servers_json
    assert "ghp_claude_fixture_secret" in window.store.secrets_path.read_text()


def test_a_required_input_must_be_filled_and_problems_are_listed(qapp, tmp_path):
    dialog = ImportDialog(["Demo server (built in)"], locations=[])
    assert not dialog.source.isEnabled()  # nothing in the usual places: "Choose file…" remains
    dialog.load(CONFIGS / "server.json")
    set_checked(dialog, "Weather (pypi)", False)
    set_checked(dialog, "Weather (oci)", False)
    set_checked(dialog, "Weather (streamable-http)", False)
    assert not dialog.import_button.isEnabled()
    assert "WEATHER_API_KEY" in dialog.error.text()
    dialog.input_fields["Weather (npm): WEATHER_API_KEY"].setText("k-9")
    assert dialog.import_button.isEnabled() and dialog.error.isHidden()
    [profile] = dialog.import_checked()
    assert profile.command_line.startswith("npx -y @example/weather-mcp@1.4.0 serve --units metric")
    assert [(v.name, v.value, v.secret) for v in profile.env][0] == ("WEATHER_API_KEY", "k-9", True)

    dialog = ImportDialog([], locations=[])
    dialog.load(CONFIGS / "malformed" / "wrong_types.json")
    text = dialog.problems.toPlainText()
    assert (
        '✗ wrong_types.json: $.mcpServers["object-arg"].args[1]: expected a string, found an object (left out)' in text
    )
    assert "• wrong_types.json: $.mcpServers.numbers.args[2]" in text
    dialog.load(CONFIGS / "malformed" / "claude_desktop_config.json")
    assert dialog.tree.topLevelItemCount() == 0 and not dialog.import_button.isEnabled()
    assert "line 5, column 7" in dialog.problems.toPlainText()


def test_file_text_is_shown_as_plain_text(qapp, tmp_path):
    html = "<b>bold</b><img src='/etc/x.png'>"
    path = tmp_path / "mcp.json"
    path.write_text(json.dumps({"mcpServers": {html: {"command": html, "bogus<i>": 1}}}))
    dialog = ImportDialog([], locations=[ConfigLocation("MCP Inspector", "workspace", path, None)])
    assert dialog.tree.topLevelItem(0).text(0) == html
    tips = [dialog.tree.topLevelItem(0).toolTip(c) for c in range(4)]
    assert all("<b>" not in t for t in tips)
    for label in dialog.findChildren(QLabel):
        if "<b>" in label.text():
            assert label.textFormat() == Qt.TextFormat.PlainText
    assert "bogus<i>" in dialog.problems.toPlainText()


def test_export_leaves_secrets_out_and_saves_a_readable_file(qapp, tmp_path):
    profile = ServerProfile(
        name="gh",
        command="npx",
        args=["-y", "srv"],
        env=[EnvVar("GITHUB_TOKEN", "ghp_hidden", True), EnvVar("MODE", "fast")],
    )
    dialog = ExportDialog(profile)
    assert "ghp_hidden" not in dialog.text.toPlainText()
    assert "GITHUB_TOKEN" in dialog.note.text() and not dialog.note.isHidden()
    dialog.copy()
    assert json.loads(QGuiApplication.clipboard().text()) == {
        "mcpServers": {"gh": {"command": "npx", "args": ["-y", "srv"], "env": {"MODE": "fast"}}}
    }
    out = tmp_path / "gh.json"
    assert dialog.save_to(str(out))
    back = read_config(out)
    assert back.servers[0].profile.command_line == "npx -y srv"


def test_a_secret_in_an_argument_and_secret_values_are_kept_apart(window_and_controller, tmp_path):
    controller, window = window_and_controller
    config = tmp_path / "claude_desktop_config.json"
    config.write_text(
        json.dumps(
            {
                "mcpServers": {
                    "db": {
                        "command": "npx",
                        "args": ["-y", "@modelcontextprotocol/server-postgres", "postgresql://admin:S3cretPw@db/app"],
                        "env": {
                            "GITHUB_PAT": "ghp_abcdefghijklmnopqrstuvwxyz0123456789",
                            "DATABASE_URL": "postgres://u:pw123@h/db",
                            "MODE": "fast",
                        },
                    }
                }
            }
        )
    )
    dialog: ImportDialog = window.files.import_servers(
        locations=[ConfigLocation("Claude Desktop", "user", config, "claude-desktop")]
    )
    lines = dialog.problems.toPlainText().splitlines()
    assert lines == [
        "• claude_desktop_config.json: $.mcpServers.db.args[2]: holds a password in a URL: kept in secrets.json as "
        "the secret "
        "variable SECRET_ARG_2; the argument reads ${secret:SECRET_ARG_2}, filled in when the server starts"
    ]
    row = server_item(dialog, "db")
    assert row.text(3) == "GITHUB_PAT, DATABASE_URL, SECRET_ARG_2"
    dialog.import_checked()
    servers_json = window.store.path.read_text()
    assert "pw123" not in servers_json and "ghp_abcdefghij" not in servers_json
    assert "pw123" in window.store.secrets_path.read_text()
    assert "S3cretPw" not in servers_json and "${secret:SECRET_ARG_2}" in servers_json
    assert "S3cretPw" in window.store.secrets_path.read_text()


def test_where_it_looked_is_shown_when_nothing_was_found(qapp, tmp_path):
    from inspector.session.imports import default_locations

    looked = default_locations(platform="linux", home=tmp_path, env={}, cwd=tmp_path / "project")
    dialog = ImportDialog([], locations=[], looked=looked)
    assert not dialog.source.isEnabled() and "listed below" in dialog.source.currentText()
    text = dialog.looked_places.text()
    assert not dialog.looked_label.isHidden() and dialog.looked_places.textFormat() == Qt.TextFormat.PlainText
    assert "Looked in:" in [label.text() for label in dialog.looked_label.findChildren(QLabel)]
    assert f"Claude Desktop (user): {tmp_path}/.config/Claude/claude_desktop_config.json" in text.splitlines()
    assert f"VS Code (user profile): {tmp_path}/.config/Code/User/profiles/*/mcp.json" in text.splitlines()
    assert f"Windsurf (user): {tmp_path}/.codeium/windsurf/mcp_config.json" in text.splitlines()
    # a file chosen by hand takes the place of the list, which a button shows again
    dialog.load(CONFIGS / "claude_desktop_config.json")
    assert dialog.looked_label.isHidden() and not dialog.looked_button.isChecked()
    dialog.looked_button.click()
    assert not dialog.looked_label.isHidden()
    # found: the list is a click away
    found = [ConfigLocation("Cursor", "user", CONFIGS / "claude_desktop_config.json", "cursor")]
    dialog = ImportDialog([], locations=found, looked=looked)
    assert dialog.looked_label.isHidden()
    dialog.looked_button.click()
    assert f"Cursor (user): {tmp_path}/.cursor/mcp.json" in dialog.looked_places.text().splitlines()


def test_export_offers_the_shape_each_client_reads(qapp):
    remote = ServerProfile(
        name="remote",
        command="",
        transport="http-auto",
        url="https://h/mcp",
        headers=[EnvVar("Authorization", "Bearer x", True)],
    )
    dialog = ExportDialog(remote)
    assert dialog.client.currentData() == "cursor"
    assert json.loads(dialog.text.toPlainText()) == {"mcpServers": {"remote": {"url": "https://h/mcp"}}}
    assert "Authorization" in dialog.note.text()
    dialog.client.setCurrentIndex(dialog.client.findData("windsurf"))
    assert json.loads(dialog.text.toPlainText()) == {"mcpServers": {"remote": {"serverUrl": "https://h/mcp"}}}
    assert "serverUrl" in dialog.intro.text()
    dialog.client.setCurrentIndex(dialog.client.findData("claude-desktop"))
    assert (
        dialog.text.isHidden()
        and dialog.intro.isHidden()
        and not dialog.copy_button.isEnabled()
        and not dialog.save_button.isEnabled()
    )
    assert "only servers it starts" in dialog.note.text()
    dialog.client.setCurrentIndex(dialog.client.findData("vscode"))
    assert json.loads(dialog.text.toPlainText()) == {"servers": {"remote": {"type": "http", "url": "https://h/mcp"}}}
    assert dialog.copy_button.isEnabled()


def test_problems_are_shown_in_chinese(window_and_controller, tmp_path):
    controller, window = window_and_controller
    window.languages.set_choice("zh_CN")
    try:
        dialog = ImportDialog([], locations=[], looked=[])
        dialog.load(CONFIGS / "malformed" / "wrong_types.json")
        lines = dialog.problems.toPlainText().splitlines()
        assert '✗ wrong_types.json: $.mcpServers["object-arg"].args[1]: 应为字符串，实际为对象（未导入）' in lines
        dialog.load(CONFIGS / "malformed" / "claude_desktop_config.json")
        [line] = dialog.problems.toPlainText().splitlines()
        assert line.startswith("✗ claude_desktop_config.json: 第 5 行第 7 列: JSON 无效：")
        assert not re.search(
            "[A-Za-z]{4,}", line.replace("claude_desktop_config.json", "").replace("JSON", "")
        )  # no English left
        export = ExportDialog(
            ServerProfile(name="r", command="", transport="streamable-http", url="https://h/mcp", verify_tls=False)
        )
        assert export.note.text() == "检查器中关闭了 TLS 验证；该格式没有对应的设置"
    finally:
        window.languages.set_choice("en")
