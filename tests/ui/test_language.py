"""Switching the language while the window is open, twice, then running a session: every text
follows, nothing is duplicated, nothing raises (pytest-qt fails a test on any exception raised
in a Qt slot or event handler)."""

from __future__ import annotations

import anyio
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QToolBar

from inspector.protocol.lifecycle import State
from inspector.ui.app import build
from inspector.ui.timeline import Column

pytestmark = pytest.mark.anyio


async def until(predicate, timeout: float = 30.0) -> None:
    with anyio.fail_after(timeout):
        while not predicate():
            await anyio.sleep(0.01)


async def test_switching_language_twice_then_running_a_session(qapp, tmp_path):
    controller, window = build(qapp, config=tmp_path)
    window.resize(1400, 900)
    window.show()
    languages = window.languages
    labels_before = len(window.statusBar().findChildren(QLabel))
    try:
        languages.set_choice("zh_CN")
        # at once, not only after the loop has deleted the old one: one toolbar, in Chinese
        bars = [b for b in window.findChildren(QToolBar) if b.parent() is window and b.isVisible()]
        assert [[a.text() for a in b.actions()][0] for b in bars] == ["连接"]
        await anyio.sleep(0.05)
        window = languages.window
        assert window.act_connect.text() == "连接"
        assert window.connection.list.item(0).text() == "演示服务器（内置）"
        assert window.panels.panels["resources"].updates_box.title() == "更新"  # idle: panels anew
        assert window.panels.panels["tools"].refresh_button.text() == "刷新"
        assert window.detail.hex_button.text() != "Hex" and window.tabs.tabText(0) != "Details"
        assert window.timeline.search.placeholderText() != "Search raw text… (Ctrl+F)"
        assert window.timeline.method_combo.itemText(0) != "any method"
        assert window.timeline.method_combo.lineEdit().text() == ""  # no filter typed by the switch
        assert window.connection.editor.name.text() == "演示服务器（内置）"
        languages.set_choice("en")
        await anyio.sleep(0.05)
        languages.set_choice("zh_CN")
        await anyio.sleep(0.05)
        window = languages.window
        await anyio.sleep(0.05)  # the loop delivers LanguageChange and deletes what was replaced
        assert len(window.statusBar().findChildren(QLabel)) == labels_before  # nothing piled up
        assert window.features_dock.width() < window.width() // 2 and window.dock.width() < window.width() // 2
        profile = window.profiles[0]
        assert profile.builtin and profile.args[-2:] == ["--lang", "zh_CN"]  # the demo speaks Chinese too
        profile.era = "legacy"
        profile.stdin_grace = profile.term_grace = 0.5
        window.connection.editor.set_profile(profile)
        async with anyio.create_task_group() as tg:
            controller.task_group = tg
            window.connect_selected()
            await until(lambda: controller.session is not None and controller.session.state is State.OPERATING)
            await until(lambda: "旧版" in window.status_era.text())
            tools = window.panels.panels["tools"]
            await until(lambda: any(t.get("title") == "回声" for t in tools.tools))
            # a switch during the session: the diagram keeps its highlight, the session goes on
            languages.set_choice("en")
            await anyio.sleep(0.05)
            window = languages.window
            await until(lambda: window.diagram.current_state is State.OPERATING)
            assert "legacy" in window.status_era.text()
            languages.set_choice("zh_CN")
            await anyio.sleep(0.05)
            window = languages.window
            await until(lambda: window.diagram.current_state is State.OPERATING)
            model = window.timeline.model
            await until(lambda: model.rowCount() > 2)
            assert model.data(model.index(0, Column.METHOD)) == "已启动"
            # panels kept alive during the session retranslate in place
            tasks, logs = window.panels.panels["tasks"], window.panels.panels["logs"]
            assert tasks.get_button.text() == "获取状态" and tasks.poll.text() == "运行时轮询"
            assert logs.clear_button.text() == "清空视图" and logs.filter.itemText(0).endswith("及以上")
            assert logs.model.headerData(1, Qt.Orientation.Horizontal) == "级别"
            resources, prompts = window.panels.panels["resources"], window.panels.panels["prompts"]
            assert resources.read_button.text() == "读取" and resources.resource_list.refresh_button.text() == "刷新"
            assert prompts.get_button.text() == "获取提示" and prompts.list_view.filter.placeholderText() == "筛选"
            controller.disconnect()
            await until(lambda: not controller.running, 15)
            await until(lambda: any(model.data(model.index(r, Column.METHOD)) == "已退出" for r in range(model.rowCount())))
            tg.cancel_scope.cancel()
    finally:
        languages.set_choice("en")
        await anyio.sleep(0.05)
        languages.window.close()
        languages.window.deleteLater()


def test_the_failure_banner_words_the_report_in_the_users_language(qapp):
    from PySide6.QtCore import QEvent, QTranslator

    from inspector.resources import resource_path
    from inspector.session.operations import FailureReport
    from inspector.ui.banner import FailureBanner

    banner = FailureBanner()
    banner.show_report(FailureReport(None, exit_code=3, stderr=("boom",)))
    assert banner.headline.text() == "The session failed: the server ended by itself (exit code 3)"
    assert banner.exit.text() == "The server: exit code 3"
    translator = QTranslator()
    assert translator.load(str(resource_path("i18n", "inspector_zh_CN.qm")))
    qapp.installTranslator(translator)
    try:
        qapp.sendEvent(banner, QEvent(QEvent.Type.LanguageChange))
        assert "服务器自行结束（退出码 3）" in banner.headline.text()
        banner.show_report(FailureReport(None, signal=9))
        assert "被信号 9 终止" in banner.exit.text()
        # the engine's outcome comes as a code with its values
        banner.show_report(FailureReport("the server negotiated protocol version '1999-01-01', which the client does not support", code="version-unsupported", args={"version": "'1999-01-01'"}))
        assert "服务器协商的协议版本为 '1999-01-01'" in banner.headline.text()
    finally:
        qapp.removeTranslator(translator)
        banner.deleteLater()


def test_why_a_server_could_not_start_is_worded_in_the_users_language(qapp, tmp_path):
    """A real failed spawn: the transport's reason code reaches the banner through the session,
    and the banner's words for each reason are the transport's English sentences."""
    from PySide6.QtCore import QEvent, QTranslator

    from inspector.protocol.engine import ClientConfig
    from inspector.resources import resource_path
    from inspector.session import Session, SessionOptions, StartFailed
    from inspector.session.operations import failure_report
    from inspector.transport.base import SPAWN_REASONS, StdioSpec
    from inspector.ui.banner import SPAWN_TEXTS, FailureBanner

    assert SPAWN_TEXTS == SPAWN_REASONS  # one sentence per reason, in the words the CLI prints

    async def fail() -> Session:
        session = Session(SessionOptions(transport=StdioSpec(argv=["no-such-mcp-server-here"], cwd=str(tmp_path)), config=ClientConfig()))
        with pytest.raises(StartFailed, match="no such file or directory"):
            async with session:
                pass
        return session

    session = anyio.run(fail)
    report = failure_report(session.recording, session.recording.summary)
    assert report.code == "spawn-failed" and report.args["reason"] == "not-found-on-path"
    banner = FailureBanner()
    translator = QTranslator()
    assert translator.load(str(resource_path("i18n", "inspector_zh_CN.qm")))
    try:
        banner.show_report(report)
        assert "cannot start 'no-such-mcp-server-here': no such file or directory (looked up on PATH)" in banner.headline.text()
        qapp.installTranslator(translator)
        qapp.sendEvent(banner, QEvent(QEvent.Type.LanguageChange))
        assert "无法启动 'no-such-mcp-server-here'：找不到该文件或目录（已在 PATH 中查找）" in banner.headline.text()
    finally:
        qapp.removeTranslator(translator)
        banner.deleteLater()


async def test_the_timeline_and_sequence_tabs_follow_the_language(window_and_controller):
    _controller, window = window_and_controller
    window.languages.set_choice("zh_CN")
    try:
        assert [window.views.tabText(i) for i in range(window.views.count())] == ["时间线", "时序图"]
    finally:
        window.languages.set_choice("en")
    assert [window.views.tabText(i) for i in range(window.views.count())] == ["Timeline", "Sequence"]
