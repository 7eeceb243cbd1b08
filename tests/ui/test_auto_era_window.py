"""The window's side of auto era after a slow start (issue 21): the server-start timeout is a
setting of a stdio server, and the failure banner names what went wrong, in Chinese too."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QTranslator

from inspector.protocol.engine import OUTCOMES
from inspector.resources import resource_path
from inspector.session.operations import FailureReport
from inspector.session.profiles import ServerProfile
from inspector.ui.banner import FailureBanner
from inspector.ui.connection import ProfileEditor


def test_the_server_start_timeout_is_edited_for_stdio_servers_only(qtbot) -> None:
    editor = ProfileEditor()
    qtbot.addWidget(editor)
    profile = ServerProfile(name="slow", command="npx", args=["-y", "some-server"], start_timeout=90.0)
    editor.set_profile(profile)
    spin = editor.timeouts["start_timeout"]
    assert spin.value() == 90.0
    spin.setValue(120.0)
    edited = ServerProfile(name="slow", command="npx")
    editor.apply_to(edited)
    assert edited.start_timeout == 120.0 and edited.to_options().start_timeout == 120.0
    editor.transport.setCurrentIndex(editor.transport.findData("streamable-http"))
    assert not spin.isVisibleTo(editor)  # HTTP: no pipe to watch
    editor.transport.setCurrentIndex(editor.transport.findData("stdio"))
    assert spin.isVisibleTo(editor)


def test_the_banner_names_a_server_that_never_read_its_stdin(qtbot, qapp) -> None:
    banner = FailureBanner()
    qtbot.addWidget(banner)
    args = {"seconds": "60", "method": "server/discover"}
    banner.show_report(FailureReport(OUTCOMES["never-read"].format(**args), code="never-read", args=args))
    assert banner.headline.text().startswith(
        "The session failed: the server read nothing from its stdin within 60 s of its start (server/discover is "
        "still unread)"
    )
    translator = QTranslator()
    assert translator.load(str(resource_path("i18n", "inspector_zh_CN.qm")))
    qapp.installTranslator(translator)
    try:
        qapp.sendEvent(banner, QEvent(QEvent.Type.LanguageChange))
        assert "服务器启动后 60 秒内没有从 stdin 读取任何内容（server/discover 仍未被读取）" in banner.headline.text()
        banner.show_report(
            FailureReport(OUTCOMES["initialize-error-after-silence"], code="initialize-error-after-silence")
        )
        assert "探测超时内未得到响应" in banner.headline.text()
    finally:
        qapp.removeTranslator(translator)
