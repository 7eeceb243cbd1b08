"""OAuth in the window: the connection editor's OAuth box (shown for a server reached by URL only,
its fields saved on the profile, the secret typed masked), the signed-in state read from the token
store and Sign out forgetting it; and a real sign-in from the window against the OAuth fixture
(tests/peers.py oauth_peer): the system browser is a BROWSER command that opens nothing, the
window shows the authorization URL, and the test, as the person at the browser, opens it and
follows its redirects to the loopback redirect; the session starts, the Authorization tab shows
the steps and the editor says "Signed in"."""

from __future__ import annotations

import time
import webbrowser
from collections.abc import Iterator
from pathlib import Path

import anyio
import httpx
import pytest
from peers import oauth_peer
from polling import until
from PySide6.QtWidgets import QLineEdit
from ui_driver import type_into

from inspector.protocol.lifecycle import State
from inspector.session.oauth_tokens import StoredToken, TokenStore
from inspector.session.profiles import ServerProfile
from inspector.ui.connection import ProfileEditor

URL = "http://127.0.0.1:9/mcp"


def test_the_oauth_box_shows_for_a_url_server_and_edits_the_profile(qapp, tmp_path: Path) -> None:
    editor = ProfileEditor(tokens=TokenStore(tmp_path))
    editor.show()
    profile = ServerProfile("local", "node server.js")
    editor.set_profile(profile)
    assert not editor.oauth_box.isVisible()
    editor.transport.setCurrentIndex(editor.transport.findData("streamable-http"))
    type_into(editor.url, URL)
    assert editor.oauth_box.isVisible() and editor.oauth.text() == "Sign in with OAuth"
    assert editor.signed_in.text() == "Not signed in" and not editor.sign_out.isEnabled()
    assert editor.oauth_client_secret.echoMode() is QLineEdit.EchoMode.Password
    editor.oauth.setChecked(True)
    type_into(editor.oauth_client_secret, "s3cret")
    assert profile.oauth and profile.oauth_client_secret == "s3cret"
    assert editor.errors["oauth_client_id"].text() == "A client secret needs the client id it was issued with."
    type_into(editor.oauth_client_id, " my-client ")
    type_into(editor.oauth_scopes, "  read   write ")
    assert (profile.oauth_client_id, profile.oauth_scopes) == ("my-client", "read write")
    assert not editor.errors["oauth_client_id"].isVisible() and profile.problems() == {}
    # a server switched to a command does not sign in; the box keeps its values for a switch back
    editor.transport.setCurrentIndex(editor.transport.findData("stdio"))
    assert not editor.oauth_box.isVisible() and profile.oauth is False and profile.problems() == {}
    editor.transport.setCurrentIndex(editor.transport.findData("streamable-http"))
    assert profile.oauth is True
    editor.set_profile(ServerProfile("other", "", transport="sse", url=URL))
    assert not editor.oauth.isChecked() and editor.oauth_client_secret.text() == ""
    editor.set_profile(profile)
    assert editor.oauth.isChecked() and editor.oauth_client_secret.text() == "s3cret"


def test_the_signed_in_state_and_sign_out(qapp, tmp_path: Path) -> None:
    store = TokenStore(tmp_path)
    expires = time.time() + 1800
    store.put(StoredToken(URL, "http://127.0.0.1:8/", "at", refresh_token="rt", expires_at=expires, scopes=("mcp",)))
    store.put(StoredToken("http://127.0.0.1:7/mcp", "http://127.0.0.1:8/", "other"))
    editor = ProfileEditor(tokens=store)
    editor.set_profile(ServerProfile("remote", "", transport="streamable-http", url=URL, oauth=True))
    hhmm = time.strftime("%H:%M", time.localtime(expires))
    assert editor.signed_in.text() == f"Signed in at http://127.0.0.1:8/, scopes mcp, expires {hhmm} (in 29 min)"
    assert editor.sign_out.isEnabled()
    editor.sign_out.click()
    assert store.get(URL) == [] and editor.signed_in.text() == "Not signed in"
    assert not editor.sign_out.isEnabled()
    assert [t.access_token for t in store.get("http://127.0.0.1:7/mcp")] == ["other"]  # another server's stay
    type_into(editor.url, "http://127.0.0.1:7/mcp")  # another URL: that server's state
    assert editor.signed_in.text().startswith("Signed in at http://127.0.0.1:8/, scopes none named, no expiry")


@pytest.fixture
def browser_opens_nothing(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The system browser is the command ``true`` (webbrowser reads BROWSER when it registers)."""
    monkeypatch.setenv("BROWSER", "true")
    webbrowser.register_standard_browsers()
    yield
    monkeypatch.delenv("BROWSER")
    webbrowser.register_standard_browsers()


@pytest.mark.anyio
@pytest.mark.peer
async def test_a_sign_in_from_the_window(window_and_controller, tmp_path: Path, browser_opens_nothing) -> None:
    controller, window = window_and_controller
    editor = window.connection.editor
    with oauth_peer() as peer:
        profile = ServerProfile("protected", "", transport="streamable-http", url=peer.url, era="legacy", oauth=True)
        window.profiles.append(profile)
        window.connection.show_profiles(len(window.profiles) - 1)
        assert editor.signed_in.text() == "Not signed in"
        async with anyio.create_task_group() as tg:
            controller.task_group = tg
            window.connect_selected()
            box = await until(lambda: window.sign_in_box, 30, what="the sign-in URL shown")
            line = box.findChild(QLineEdit)
            assert box.isVisible() and not box.isModal() and line.isReadOnly()
            assert line.text().startswith("http://127.0.0.1:") and "code_challenge_method=S256" in line.text()
            async with httpx.AsyncClient(follow_redirects=True, timeout=20) as person:
                answer = await person.get(line.text())  # the person at the browser: to the loopback redirect
            assert answer.status_code == 200, answer.text
            await until(lambda: controller.session.state is State.OPERATING, 30, what="the session started")
            await until(lambda: window.tabs.isTabVisible(2), what="the Authorization tab")
            assert window.sign_in_box is None and not box.isVisible()  # nothing waits for the URL any more
            tree = window.authorization.tree
            steps = [tree.topLevelItem(i).text(0) for i in range(tree.topLevelItemCount())]
            assert len(steps) >= 4 and all(step.startswith("✓") for step in steps), steps
            assert editor.signed_in.text().startswith(f"Signed in at http://127.0.0.1:{peer.port}")
            assert editor.sign_out.isEnabled()
            client = controller.authorizer.client
            assert client.current() is not None
            tokens = TokenStore(tmp_path).get(peer.url)
            assert len(tokens) == 1 and tokens[0].refresh_token
            window.save_profiles()
            controller.save_recording(tmp_path / "session.jsonl")
            for secret in (
                tokens[0].access_token,
                tokens[0].refresh_token,
            ):  # neither saved with the server nor recorded
                assert secret not in (tmp_path / "servers.json").read_text() + (tmp_path / "session.jsonl").read_text()
            editor.sign_out.click()  # during the session: the live driver forgets its token too
            assert TokenStore(tmp_path).get(peer.url) == [] and editor.signed_in.text() == "Not signed in"
            assert client.current() is None and not editor.sign_out.isEnabled()
            controller.end_session()
            await until(lambda: not controller.running, 15)
            tg.cancel_scope.cancel()
    assert TokenStore(tmp_path).get(peer.url) == []  # nothing stored again as the session ended
