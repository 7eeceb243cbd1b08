"""The window's Authorization tab and the failure banner's authorization line (offscreen).

The recordings are written by ``probe --url --record`` against the OAuth fixture
(tests/fixtures/servers/sdk_oauth.py) on 127.0.0.1, each server stopped by its pid when its
block ends; the window opens them as a user does (File → Open recording).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from peers import oauth_peer
from polling import until
from PySide6.QtCore import QEvent, QTranslator

from inspector.protocol.engine import ClientConfig, ProtocolEngine
from inspector.protocol.messages import Kind
from inspector.protocol.oauth_rules import AUTH_RULES
from inspector.resources import resource_path
from inspector.session.recording import Direction, Recording
from inspector.ui.authorization import ROWS, AuthorizationView
from inspector.ui.spec_viewer import SpecViewer

pytestmark = [pytest.mark.anyio, pytest.mark.peer]


@pytest.fixture(scope="module")
def recordings(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Discovery only (good, no-s256), and a sign-in refused at the redirect (``--oauth
    --no-browser`` against wrong-iss; the tokens' folder in a temporary home)."""
    out = {}
    home = tmp_path_factory.mktemp("home")
    env = dict(os.environ, HOME=str(home), XDG_CONFIG_HOME=str(home / "config"))
    for name, mode, extra in (("good", "good", ()), ("no-s256", "no-s256", ()), ("oauth", "wrong-iss", OAUTH)):
        path = tmp_path_factory.mktemp("auth") / f"{name}.jsonl"
        with oauth_peer(mode) as peer:
            argv = [sys.executable, "-m", "inspector", "probe", "--url", peer.url, "--record", str(path), *extra]
            subprocess.run(argv, capture_output=True, timeout=90, check=False, env=env)
        assert Recording.load(path).summary is not None
        out[name] = path
    return out


OAUTH = ("--oauth", "--no-browser")


async def opened(window, controller, path: Path) -> Recording:
    assert window.files.open_recording_path(str(path))
    rec = controller.recording
    await until(lambda: not rec.loading and window.timeline.model.total() == len(rec), what="loaded")
    await until(lambda: window.tabs.isTabVisible(2), what="the Authorization tab")
    return rec


def shown_rows(view) -> list[str]:
    tree, out = view.tree, []
    for i in range(tree.topLevelItemCount()):
        top = tree.topLevelItem(i)
        out.append(top.text(0))
        out += ["  " + top.child(j).text(0) for j in range(top.childCount())]
    return out


async def test_the_failing_step_is_marked_told_in_full_and_named_by_the_banner(window_and_controller, recordings):
    controller, window = window_and_controller
    rec = await opened(window, controller, recordings["no-s256"])
    view = window.authorization
    assert window.tabs.tabText(2) == "Authorization"
    assert shown_rows(view) == [
        "✓  The server's refusal",
        "✓  Protected Resource Metadata named by the 401's resource_metadata",
        "✗  OAuth 2.0 Authorization Server Metadata (RFC 8414)",
        "  ✗  auth.no-s256",
        "✗  Discovery result",
    ]
    rule = AUTH_RULES["auth.no-s256"].text
    line = f"Authorization failed at: OAuth 2.0 Authorization Server Metadata (RFC 8414) — auth.no-s256: {rule}"
    assert view.headline.text() == line
    assert window.banner.isVisible() and window.banner.auth.text() == line
    # the failing step is chosen, told in full as plain text
    assert view.tree.currentItem().text(0).startswith("✗  OAuth 2.0 Authorization Server Metadata")
    text = view.text.toPlainText()
    assert "Expected: 200 with a JSON document" in text and f"✗  auth.no-s256 (error): {rule}" in text
    assert "/.well-known/oauth-authorization-server" in text
    # its finding: expected, found, where; its spec section opens in the viewer
    view.tree.setCurrentItem(view.tree.topLevelItem(2).child(0))
    assert "Expected: S256" in view.text.toPlainText() and "Found: plain" in view.text.toPlainText()
    view.spec_button.click()
    viewer = window.findChild(SpecViewer)
    assert viewer is not None and viewer.isVisible()
    assert viewer.ref == "2026-07-28 basic/authorization/security-considerations#authorization-code-protection"
    # activating a step selects its entry in the timeline
    step = view.tree.topLevelItem(1)
    view.tree.itemActivated.emit(step, 0)
    assert window.timeline.current_seq() == view.view.steps[1].seq
    assert rec.extra_at(window.timeline.current_seq()).get("event") == "auth_discovery"
    # only authorization in the timeline, and back
    view.only.setChecked(True)
    model = window.timeline.model
    shown = [model.entries.rows[i] for i in range(model.rowCount())]
    assert len(shown) == 4 and all(rec.extra_at(s).get("event") == "auth_discovery" for s in shown)
    view.only.setChecked(False)
    assert model.rowCount() == len(rec)


async def test_a_good_discovery_fails_nowhere_and_a_session_without_authorization_has_no_tab(
    window_and_controller, recordings, tmp_path
):
    controller, window = window_and_controller
    await opened(window, controller, recordings["good"])
    view = window.authorization
    assert all(row.startswith("✓") for row in shown_rows(view)) and len(shown_rows(view)) == 4
    assert view.headline.text() == "Authorization (2026-07-28): no step failed"
    assert window.banner.auth.text() == ""  # the session failed (401), but no authorization step did
    # a recording without authorization events: the tab goes
    plain = tmp_path / "plain.jsonl"
    lines = [line for line in recordings["good"].read_text().splitlines() if '"auth_discovery"' not in line]
    plain.write_text("\n".join(lines) + "\n")
    assert window.files.open_recording_path(str(plain))
    rec = controller.recording
    await until(lambda: not rec.loading and window.timeline.model.total() == len(rec), what="loaded")
    await until(lambda: not window.tabs.isTabVisible(2), what="no Authorization tab")
    assert not window.authorization.view.steps


async def test_a_sign_in_refused_at_the_redirect_is_named_by_the_banner(window_and_controller, recordings):
    controller, window = window_and_controller
    await opened(window, controller, recordings["oauth"])
    rows = shown_rows(window.authorization)
    assert rows[0] == "✓  The server's refusal" and "✓  Token request" not in rows  # the code is never redeemed
    assert (
        "✗  Redirect back to the client" in rows
        and "  ✗  auth.iss-mismatch" in rows
        and rows[-1] == "✗  Sign-in failed"
    )
    assert window.banner.isVisible()
    assert window.banner.auth.text().startswith(
        "Authorization failed at: Redirect back to the client — auth.iss-mismatch"
    )
    assert "Response headers:" in detail_text_of(window.authorization, "✗  Redirect back to the client")


def detail_text_of(view, row: str) -> str:
    for i in range(view.tree.topLevelItemCount()):
        if view.tree.topLevelItem(i).text(0) == row:
            view.tree.setCurrentItem(view.tree.topLevelItem(i))
            return view.text.toPlainText()
    raise AssertionError(row)


async def test_a_small_recording_without_a_summary_shows_its_steps_once_read(
    window_and_controller, recordings, tmp_path
):
    """A file read whole at once (no loading to follow) and without a summary (a session that was
    cut off): its steps are shown when it is opened."""
    controller, window = window_and_controller
    cut = tmp_path / "cut.jsonl"
    lines = [line for line in recordings["no-s256"].read_text().splitlines() if '"kind":"summary"' not in line]
    assert len(lines) < len(recordings["no-s256"].read_text().splitlines())
    cut.write_text("\n".join(lines) + "\n")
    rec = await opened(window, controller, cut)
    assert rec.summary is None
    assert window.authorization.headline.text().startswith("Authorization failed at: OAuth 2.0 Authorization Server")


async def test_in_chinese_the_rules_text_and_the_steps_are_translated(qapp, window_and_controller, recordings):
    controller, window = window_and_controller
    await opened(window, controller, recordings["no-s256"])
    translator = QTranslator()
    assert translator.load(str(resource_path("i18n", "inspector_zh_CN.qm")))
    qapp.installTranslator(translator)
    try:
        view = window.authorization
        qapp.sendEvent(view, QEvent(QEvent.Type.LanguageChange))
        qapp.sendEvent(window.banner, QEvent(QEvent.Type.LanguageChange))
        zh_rule = "授权服务器的 code_challenge_methods_supported 中没有 S256；MCP 客户端必须使用 S256，因此流程停止。"
        assert shown_rows(view)[0] == "✓  服务器的拒绝"
        assert shown_rows(view)[2] == "✗  OAuth 2.0 授权服务器元数据（RFC 8414）"
        assert f"auth.no-s256 (error): {zh_rule}" in view.text.toPlainText()
        assert "预期：200 并带有 JSON 文档" in view.text.toPlainText()
        assert view.headline.text().startswith("授权失败于：OAuth 2.0 授权服务器元数据（RFC 8414） — auth.no-s256")
        assert zh_rule in window.banner.auth.text()
    finally:
        qapp.removeTranslator(translator)


async def test_the_authorization_filter_does_not_outlive_its_recording(window_and_controller, recordings, tmp_path):
    """ "Only authorization in the timeline" is the recording's: another recording (without
    authorization, so no tab to untick it in) is shown whole, not filtered to nothing."""
    controller, window = window_and_controller
    await opened(window, controller, recordings["no-s256"])
    window.authorization.only.setChecked(True)
    assert window.timeline.model.rowCount() == 4
    plain = tmp_path / "plain.jsonl"
    lines = [line for line in recordings["good"].read_text().splitlines() if '"auth_discovery"' not in line]
    plain.write_text("\n".join(lines) + "\n")
    assert window.files.open_recording_path(str(plain))
    rec = controller.recording
    await until(lambda: not rec.loading and window.timeline.model.total() == len(rec), what="loaded")
    await until(lambda: not window.tabs.isTabVisible(2), what="no Authorization tab")
    assert window.timeline.model.rowCount() == len(rec)
    assert not window.authorization.only.isChecked()


async def test_unticking_only_authorization_gives_back_the_users_method_filter(window_and_controller, recordings):
    controller, window = window_and_controller
    await opened(window, controller, recordings["no-s256"])
    model = window.timeline.model
    model.update_filter(method="initialize", method_exact=True)
    window.authorization.only.setChecked(True)
    assert model.filter().method == "auth_"
    window.authorization.only.setChecked(False)
    assert (model.filter().method, model.filter().method_exact) == ("initialize", True)


def test_a_recording_of_thousands_of_steps_shows_the_first_and_the_failing_one(qapp, tmp_path):
    """A flow is some twenty steps; a recording may hold far more (a hostile one 100,000: the
    tab took seconds each time it was filled): the first ROWS are rows, the rest counted, and the
    failing step is shown (and chosen) after them."""
    engine = ProtocolEngine(ClientConfig())
    rec = Recording(header={"transport": "streamable-http"})
    writer = rec.write_to(tmp_path / "many.jsonl")
    extras = [{"event": "auth_flow", "step": "info"}] * (ROWS + 49)
    extras.append({"event": "auth_flow", "step": "failed", "failed_step": "token", "reason": "refused"})
    for i, extra in enumerate(extras):
        rec.append(Direction.EVENT, rec.t0 + i / 1000, b"note", engine.note(Kind.LINK), extra)
    rec.notify()
    writer.close()
    view = AuthorizationView()
    assert view.set_recording(Recording.load(tmp_path / "many.jsonl"))
    tree = view.tree
    assert tree.topLevelItemCount() == ROWS + 2 and tree.topLevelItem(ROWS).text(0) == "…  (+50)"
    assert tree.currentItem() is tree.topLevelItem(ROWS + 1) and tree.currentItem().text(0) == "✗  Token request"
    assert view.headline.text() == "Authorization failed at: Token request — refused"


def test_the_hidden_authorization_tab_does_not_squeeze_the_diagram(qapp):
    """A tab widget is as tall at least as its tallest page's minimum, shown or not: the
    Authorization tab (hidden without steps) must not ask more than the Negotiation tab, or the
    lower splitter grows and the diagram above it is cut at 1280×720."""
    from inspector.ui.negotiation import NegotiationView

    assert AuthorizationView().minimumSizeHint().height() <= NegotiationView().minimumSizeHint().height()


def test_a_servers_long_instructions_scroll_and_do_not_raise_the_tabs_minimum(qapp):
    """The reference server's instructions are a page of Markdown: shown as a wrapped label they made
    the Negotiation tab ask for 534 px, and a 1280×720 window could not be made. They scroll in a
    read-only plain-text box now; without instructions the box says so."""
    from inspector.ui.negotiation import NegotiationView

    view = NegotiationView()
    empty = view.minimumSizeHint().height()
    assert view.instructions.toPlainText() == ""
    assert view.instructions.placeholderText() == "No instructions from the server"
    page = "\n".join(f"<b>line {n}</b> of what the server would have the model know" for n in range(200))
    facts = {"method": "initialize", "offer": {}, "server": {"version": "2025-06-18", "instructions": page}}
    view.show_facts(facts)
    assert view.instructions.isReadOnly()
    assert view.instructions.toPlainText() == "Instructions from the server:\n" + page  # literal, tags and all
    assert view.minimumSizeHint().height() == empty < 200
