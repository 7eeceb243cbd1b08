"""The server editor offers the transports that are registered (transport.base.TransportChoice),
each by its label in the window's language, and shows the fields the picked one needs: the toy
transport (tests/toy_transport.py, one module and one registration) appears in the list, takes a
command as stdio does, and its saved server makes the toy's spec."""

from __future__ import annotations

from toy_transport import KIND, LABEL, ToySpec, registered

from inspector.session.profiles import ServerProfile
from inspector.ui.connection import ProfileEditor

BUILT_IN = [
    ("stdio: start a command", "stdio"),
    ("HTTP, auto: Streamable HTTP, or HTTP+SSE if refused", "http-auto"),
    ("Streamable HTTP: a server at a URL", "streamable-http"),
    ("HTTP+SSE (2024-11-05): a server's event stream URL", "sse"),
]


def offered(editor: ProfileEditor) -> list[tuple[str, str]]:
    combo = editor.transport
    return [(combo.itemText(i), combo.itemData(i)) for i in range(combo.count())]


def shows_command(editor: ProfileEditor) -> bool:
    """The command, working directory and environment are shown, the URL and HTTP box are not
    (or the other way round: False)."""
    command = editor.command.isVisibleTo(editor) and editor.env_box.isVisibleTo(editor)
    url = editor.url.isVisibleTo(editor) and editor.http_box.isVisibleTo(editor)
    assert command != url
    return command


def test_the_editor_offers_the_registered_transports_and_the_toy_while_it_is_registered(qapp) -> None:
    assert offered(ProfileEditor()) == BUILT_IN
    with registered():
        editor = ProfileEditor()
        assert offered(editor) == [*BUILT_IN, (LABEL, KIND)]
        profile = ServerProfile("toy", "", transport=KIND)
        editor.set_profile(profile)
        assert editor.transport.currentData() == KIND and shows_command(editor)
        editor.command.setText("bees --loud")
        editor.command.textEdited.emit("bees --loud")  # as typing it does
        assert profile.transport == KIND and profile.argv == ["bees", "--loud"] and profile.problems() == {}
        spec = profile.to_spec()
        assert isinstance(spec, ToySpec) and spec.name == "bees"
        editor.transport.setCurrentIndex(editor.transport.findData("sse"))
        assert profile.transport == "sse" and not shows_command(editor)
        assert set(profile.problems()) == {"url"}
        editor.transport.setCurrentIndex(editor.transport.findData(KIND))
        assert profile.transport == KIND and shows_command(editor)
    assert offered(ProfileEditor()) == BUILT_IN


def test_the_transports_are_offered_in_the_windows_language(qapp, tmp_path) -> None:
    from inspector.ui.app import build

    _controller, window = build(qapp, config=tmp_path)
    try:
        window.languages.set_choice("zh_CN")
        qapp.processEvents()
        window = window.languages.window  # made again in the language (no session runs)
        assert [text for text, _name in offered(window.connection.editor)] == [
            "stdio：启动一个命令",
            "HTTP，自动：先试 Streamable HTTP，被拒则用 HTTP+SSE",
            "Streamable HTTP：位于某个 URL 的服务器",
            "HTTP+SSE（2024-11-05）：服务器事件流的 URL",
        ]
    finally:
        window.languages.set_choice("en")  # the app's translators: the next test starts in English
        window.close()
        window.deleteLater()
