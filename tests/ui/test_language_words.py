"""What the window words from keys follows the language, also on a live switch (issue 22, the
review's leftovers): why a session failed (status bar and exit label, as the banner words it),
the server editor's field errors (keyed problems of ``session.profiles``, English for the CLI),
an ended session's Features panels (kept across a switch, worded again in place: the tool list,
a flagged answer's note), the tool summary's task support, and the import dialog's listing of a
server's field problems. Real sessions: a command that does not exist, the demo server, and the
misbehaving fixture server."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import anyio
import pytest
from peers import misbehave
from PySide6.QtCore import QCoreApplication
from ui_driver import quick, session_in_window, until, use_profile

from inspector.protocol.lifecycle import State
from inspector.session.profiles import PROBLEMS, EnvVar, ServerProfile, demo_profile
from inspector.ui.import_dialog import ImportDialog

pytestmark = pytest.mark.anyio

CJK = re.compile(r"[\u4e00-\u9fff]")
MISSING = "pythn3-no-such-program"


async def switch(window, language: str):
    window.languages.set_choice(language)
    await anyio.sleep(0.1)  # LanguageChange is delivered by the loop
    return window.languages.window


@pytest.fixture
def window_at_1280(window_and_controller):
    """The whole app at 1280x720, back in English afterwards."""
    controller, window = window_and_controller
    window.resize(1280, 720)
    yield controller, window
    window.languages.set_choice("en")


async def test_a_failed_start_is_worded_in_the_window_language_and_again_after_a_switch(window_at_1280):
    controller, window = window_at_1280
    window = await switch(window, "zh_CN")
    bar = window.statusBar()
    async with anyio.create_task_group() as tg:
        controller.task_group = tg
        use_profile(window, quick(ServerProfile(name="typo", command=MISSING)))
        window.connect_selected()
        await until(lambda: not controller.running and bar.currentMessage() != "")
        tg.cancel_scope.cancel()
    why_zh = f"无法启动 '{MISSING}'：找不到该文件或目录（已在 PATH 中查找）"
    assert bar.currentMessage() == f"会话失败：{why_zh}"
    assert window.status.exit.text() == why_zh  # never started: no exit code, only why
    assert why_zh in window.banner.headline.text()  # the banner says it the same way
    why_en = f"cannot start '{MISSING}': no such file or directory (looked up on PATH)"
    window = await switch(window, "en")
    assert window.statusBar().currentMessage() == f"Session failed: {why_en}"
    assert window.status.exit.text() == why_en
    assert why_en in window.banner.headline.text()
    window = await switch(window, "zh_CN")
    assert window.statusBar().currentMessage() == f"会话失败：{why_zh}" and window.status.exit.text() == why_zh


async def test_the_exit_label_words_the_outcome_of_a_server_that_exits_during_the_handshake(window_at_1280):
    """The exit label words the engine's outcome from its code: exit code and why, in Chinese."""
    controller, window = window_at_1280
    window = await switch(window, "zh_CN")
    profile = quick(demo_profile())
    profile.args = [*profile.args, "--crash-during-initialize"]
    async with anyio.create_task_group() as tg:
        controller.task_group = tg
        use_profile(window, profile)
        window.connect_selected()
        await until(lambda: not controller.running and window.status.exit.text() != "")
        tg.cancel_scope.cancel()
    summary = controller.recording.summary or controller.session.summary()
    assert summary["outcome_code"] == "exited-before-established"
    exit_zh = window.status.exit.text()
    assert CJK.search(exit_zh) and "the server" not in exit_zh and "exit code" not in exit_zh
    assert exit_zh == f"服务器退出码 {summary['exit_code']} — 服务器在会话建立之前退出"
    assert CJK.search(window.statusBar().currentMessage()) and "failed" not in window.statusBar().currentMessage()
    tip = window.status.exit.toolTip()  # the server's last stderr lines under the banner's heading
    assert "服务器最后的 stderr 输出" in tip and "crash-during-initialize" in tip
    window = await switch(window, "en")
    assert (
        window.status.exit.text()
        == f"server exit code {summary['exit_code']} — the server exited before the session was established"
    )


def test_the_window_words_every_problem_the_profiles_can_have():
    """Every problem a saved server's field can have is in the catalogue, translated, in the
    server editor's context (the editor words session.profiles.PROBLEMS itself)."""
    root = ET.parse(Path(__file__).resolve().parents[2] / "resources/i18n/inspector_zh_CN.ts").getroot()
    translated = {
        m.findtext("source")
        for c in root.iter("context")
        if c.findtext("name") == "ProfileEditor"
        for m in c.iter("message")
        if m.find("translation") is not None
        and m.find("translation").get("type") is None
        and (m.find("translation").text or "").strip()
    }
    assert set(PROBLEMS.values()) - translated == set()


def _broken_profiles() -> dict[str, tuple[ServerProfile, str]]:
    """A profile for each kind of field problem, with the editor's label that shows it."""
    out = {
        "name-missing": (ServerProfile(name="", command="srv"), "name"),
        "command-missing": (ServerProfile(name="s", command=""), "command"),
        "url-missing": (ServerProfile(name="s", command="", transport="streamable-http", url=""), "url"),
        "url-not-http": (ServerProfile(name="s", command="", transport="streamable-http", url="ftp://x"), "url"),
        "url-no-host": (ServerProfile(name="s", command="", transport="sse", url="http:///mcp"), "url"),
        "url-port": (ServerProfile(name="s", command="", transport="sse", url="http://h:99999/mcp"), "url"),
        "url-unreadable": (ServerProfile(name="s", command="", transport="sse", url="http://[::1/mcp"), "url"),
        "version-unknown": (ServerProfile(name="s", command="srv", protocol_version="1999-01-01"), "protocol_version"),
        "version-not-legacy": (
            ServerProfile(name="s", command="srv", era="legacy", protocol_version="2026-07-28"),
            "protocol_version",
        ),
        "version-not-modern": (
            ServerProfile(name="s", command="srv", era="modern", protocol_version="2025-06-18"),
            "protocol_version",
        ),
        "request-time-short": (
            ServerProfile(name="s", command="srv", request_timeout=60, max_request_time=30),
            "max_request_time",
        ),
        "line-limit": (ServerProfile(name="s", command="srv", max_line=10), "max_line"),
        "cwd-not-folder": (ServerProfile(name="s", command="srv", cwd="/no/such/folder/here"), "cwd"),
        "secret-unknown": (ServerProfile(name="s", command="srv", args=["--token", "${secret:TOKEN}"]), "command"),
    }
    header = ServerProfile(name="s", command="", transport="streamable-http", url="http://127.0.0.1:1/mcp")
    header.headers = [EnvVar("bad name", "v")]
    out["header-name"] = (header, "headers")
    value = ServerProfile(name="s", command="", transport="streamable-http", url="http://127.0.0.1:1/mcp")
    value.headers = [EnvVar("X-Note", "two\nlines")]
    out["header-value"] = (value, "headers")
    return out


async def test_the_editor_words_its_field_errors_in_chinese_and_again_after_a_switch(window_at_1280):
    controller, window = window_at_1280
    broken = _broken_profiles()
    for code, (profile, _label) in broken.items():  # each profile has the problem it is there for
        assert code in {p.code for p in profile.problems().values()}, code
    window = await switch(window, "zh_CN")
    shown: dict[str, str] = {}
    for code, (profile, label) in broken.items():
        window.connection.editor.set_profile(profile)
        window.connection.editor.reveal_problems()
        text = window.connection.editor.errors[label].text()
        english = next(p for p in profile.problems().values() if p.code == code)
        assert CJK.search(text) and text != english, (code, text)
        assert text == QCoreApplication.translate("ProfileEditor", PROBLEMS[code]).format(**english.values)
        shown[code] = text
    assert shown["url-not-http"] == "ftp://x 不是 http:// 或 https:// 开头的 URL。"
    assert shown["name-missing"] == "请为服务器起个名称。"
    # Connect with problems: the status bar lists them in Chinese, and in English after a switch
    profile = ServerProfile(name="", command="")
    use_profile(window, profile)
    window.connect_selected()
    assert not controller.running
    zh = window.statusBar().currentMessage()
    assert zh == "请先修正标出的字段：请为服务器起个名称；缺少启动服务器的命令"  # one list, no "。；"
    assert window.connection.editor.errors["name"].text() == "请为服务器起个名称。"
    window = await switch(window, "en")
    assert (
        window.statusBar().currentMessage()
        == "Fix the highlighted fields first: Give the server a name; The command to start the server is missing"
    )
    editor = window.connection.editor  # made again: the problems still in view, in English
    assert editor.errors["name"].text() == "Give the server a name." and editor.errors["name"].isVisibleTo(window)
    assert editor.errors["command"].text() == "The command to start the server is missing."
    window = await switch(window, "zh_CN")
    assert window.connection.editor.errors["command"].text() == "缺少启动服务器的命令。"
    assert window.statusBar().currentMessage() == zh
    editor = window.connection.editor  # a command line that cannot be split: why, in Chinese too
    editor.command.setText('node "unterminated')
    editor.command.textEdited.emit(editor.command.text())
    assert editor.errors["command"].text() == "无法拆分命令：缺少右引号"


async def test_an_ended_sessions_panels_stay_across_a_switch_and_say_task_support_in_words(window_at_1280):
    controller, window = window_at_1280
    profile = quick(demo_profile())  # legacy, 2025-11-25: long_running may run as a task
    async with anyio.create_task_group() as tg:
        controller.task_group = tg
        use_profile(window, profile)
        window.connect_selected()
        await until(lambda: controller.session is not None and controller.session.state is State.OPERATING)
        await until(lambda: "tools" in window.panels.shown_keys())
        tools = window.panels.panels["tools"]
        await until(lambda: bool(tools.tools) and not tools.feature.loading)
        window.panels.show_panel("tools")
        assert tools.select_tool("long_running")
        assert tools.schema_label.text() == "2 arguments · task support: optional"
        controller.end_session()
        await until(lambda: not controller.running, 15)
        tg.cancel_scope.cancel()
    names = [t["name"] for t in tools.tools]
    assert len(names) > 5
    window = await switch(window, "zh_CN")
    host = window.panels
    assert host.panels["tools"] is tools  # kept, not made anew empty
    assert [t["name"] for t in tools.tools] == names and "tools" in host.shown_keys() and host.tabs.isVisible()
    assert not host.placeholder.isVisible()
    assert tools.current is not None and tools.current["name"] == "long_running"
    assert tools.schema_label.text() == "2 个参数 · 任务支持：可选"
    assert tools.refresh_button.text() == "刷新" and not tools.refresh_button.isEnabled()  # no session: nothing to ask
    assert host.tabs.tabText(host.tabs.currentIndex()) != "Tools"
    window = await switch(window, "en")
    assert window.panels.panels["tools"] is tools and [t["name"] for t in tools.tools] == names
    assert tools.schema_label.text() == "2 arguments · task support: optional"


def test_the_import_dialog_words_a_servers_field_problems_as_the_editor_does(window_at_1280, tmp_path):
    _controller, window = window_at_1280
    config = tmp_path / "mcp.json"
    config.write_text(
        '{"mcpServers": {"bad": {"url": "ftp://x/mcp"}, "env": {"command": "srv", "env": {"A=B": "1"}}}}',
        encoding="utf-8",
    )
    window.languages.set_choice("zh_CN")
    dialog = ImportDialog([], locations=[], looked=[])
    try:
        dialog.load(config)
        text = dialog.problems.toPlainText()
        assert "ftp://x/mcp 不是 http:// 或 https:// 开头的 URL。" in text and "环境变量名 'A=B' 无效。" in text
        assert "is not" not in text
    finally:
        dialog.deleteLater()


async def test_an_ended_sessions_wait_note_stays_across_a_switch(window_and_controller):
    """The Tools panel's note on a flagged answer (misbehave.py --mode no-jsonrpc) is still there
    after the session ended and the language switched, worded in the new language."""

    controller, window = window_and_controller
    argv = misbehave("no-jsonrpc")
    async with session_in_window(
        controller, window, quick(ServerProfile(name="no-jsonrpc", command=argv[0], args=argv[1:]))
    ):
        tools = window.panels.panels["tools"]
        await until(lambda: controller.session is not None and bool(tools.tools) and not tools.feature.loading)
        note = tools.wait_note("tools/list")
        english = note.text.text()
        assert note.isVisibleTo(tools) and english.endswith("it does not follow the schema.")
    assert not controller.running
    try:
        window = await switch(window, "zh_CN")
        assert window.panels.panels["tools"] is tools and note.isVisibleTo(tools)
        chinese = note.text.text()
        assert chinese.endswith("它不符合 Schema。") and "flagged" not in chinese
        assert tools.tools and window.panels.tabs.isVisible()
    finally:
        window = await switch(window, "en")
    assert note.text.text() == english


def test_schema_is_one_term_in_chinese():
    """Every catalogue entry that speaks of a schema keeps the term "Schema" in Chinese (模式
    is the word for a mode: 单步模式), as the timeline's column does."""
    import xml.etree.ElementTree as ET

    from test_language import CATALOGUE

    word = re.compile(r"\bschemas?\b", re.IGNORECASE)
    checked, wrong = 0, []
    for context in ET.parse(CATALOGUE).getroot().findall("context"):
        for message in context.findall("message"):
            source, translation = message.findtext("source") or "", message.find("translation")
            if translation is None or translation.get("type") in ("vanished", "obsolete") or not word.search(source):
                continue
            checked += 1
            text = translation.text or ""
            if "Schema" not in text:
                wrong.append(f"[{context.findtext('name')}] {source!r}: {text!r}")
    assert checked > 30 and not wrong, "\n".join(wrong)
