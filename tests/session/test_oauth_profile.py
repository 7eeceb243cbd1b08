"""A saved server that signs in with OAuth: its settings saved and read back (the client secret in
``secrets.json`` only, never in ``servers.json`` or an export, the token store's entries kept),
what is wrong with them, the driver's options made from them, and the editor's signed-in state
in words (issuer, scopes, expiry and how long until it)."""

from __future__ import annotations

import json
import secrets
import stat
import time
from pathlib import Path

import pytest

from inspector.session import server_editor
from inspector.session.client_export import EXPORT_CLIENTS, export_entry
from inspector.session.oauth_profile import (
    CONTROLS,
    SHOWN_CHARS,
    WORDS,
    authorizer_for,
    oauth_options,
    sign_in_text,
    token_line,
)
from inspector.session.oauth_tokens import OAUTH_KEY, StoredToken, TokenStore
from inspector.session.profiles import ProfileStore, ServerProfile
from inspector.session.translate import untranslated

SECRET = "cs-" + secrets.token_hex(12)
URL = "http://127.0.0.1:9/mcp"


def _remote(**kw: object) -> ServerProfile:
    values: dict[str, object] = {"transport": "streamable-http", "url": URL, "oauth": True, **kw}
    return ServerProfile("remote", "", **values)  # type: ignore[arg-type]


def test_the_oauth_settings_round_trip_and_the_secret_stays_in_secrets_json(tmp_path: Path) -> None:
    tokens = TokenStore(tmp_path)
    tokens.put(StoredToken(URL, "http://127.0.0.1:8/", "at-1", expires_at=time.time() + 600))
    store = ProfileStore(tmp_path)
    store.load()
    store.save([_remote(oauth_client_id="cid", oauth_client_secret=SECRET, oauth_scopes="read write")])
    servers = (tmp_path / "servers.json").read_text()
    assert SECRET not in servers
    saved = json.loads(servers)["servers"][0]
    assert saved["oauth"] is True and saved["oauth_client_id"] == "cid" and saved["oauth_client_secret"] == ""
    kept = json.loads((tmp_path / "secrets.json").read_text())
    assert SECRET in json.dumps(kept) and OAUTH_KEY in kept  # the token store's entries are not the profiles'
    assert stat.S_IMODE((tmp_path / "secrets.json").stat().st_mode) == 0o600
    _demo, again = ProfileStore(tmp_path).load()
    assert (again.oauth, again.oauth_client_id, again.oauth_client_secret, again.oauth_scopes) == (
        True,
        "cid",
        SECRET,
        "read write",
    )
    assert [t.access_token for t in tokens.get(URL)] == ["at-1"]  # saving the servers kept the tokens
    assert ProfileStore(tmp_path).load_problems == []


def test_a_server_without_oauth_saves_no_secret_and_reads_back_without_oauth(tmp_path: Path) -> None:
    store = ProfileStore(tmp_path)
    store.load()
    store.save([_remote(oauth=False)])
    assert "oauth:" not in (tmp_path / "secrets.json").read_text()
    assert ProfileStore(tmp_path).load()[1].oauth is False


@pytest.mark.parametrize("client", list(EXPORT_CLIENTS))
def test_an_export_never_carries_the_client_secret(client: str) -> None:
    entry = export_entry(_remote(oauth_client_id="cid", oauth_client_secret=SECRET), client)
    assert SECRET not in entry.text and SECRET not in " ".join(entry.left_out + entry.notes)


def test_an_export_says_the_oauth_settings_are_not_written() -> None:
    from inspector.session.imports import MESSAGES

    said = export_entry(_remote(oauth=True, oauth_client_id="cid"), "vscode").notes
    assert MESSAGES["export_oauth"] in said
    assert MESSAGES["export_oauth"] not in export_entry(_remote(oauth=False), "vscode").notes


def test_what_can_be_wrong_with_the_oauth_settings() -> None:
    assert _remote(oauth_client_id="cid", oauth_client_secret=SECRET, oauth_scopes="a b:c").problems() == {}
    problems = _remote(oauth_client_secret=SECRET).problems()
    assert problems["oauth_client_id"].code == "oauth-secret-alone"
    problems = _remote(oauth_scopes='read "write"').problems()
    assert problems["oauth_scopes"].code == "oauth-scopes" and problems["oauth_scopes"].values == {"scope": '"write"'}
    stdio = ServerProfile("local", "node", oauth=True)
    assert stdio.problems()["oauth"] == "OAuth signs in to a server reached by URL only."
    # the editor says it at the transport (the OAuth box does not show for a command)
    assert server_editor.field_problems(stdio, "node", untranslated)["transport"] == stdio.problems()["oauth"]
    # nothing is checked while OAuth is off
    assert _remote(oauth=False, oauth_client_secret=SECRET, oauth_scopes='"').problems() == {}
    assert ServerProfile("local", "node", oauth_client_secret=SECRET).problems() == {}


def test_the_driver_options_come_from_the_profile(tmp_path: Path) -> None:
    options = oauth_options(_remote(oauth_client_id=" cid ", oauth_client_secret=SECRET, oauth_scopes="a  b"))
    assert (options.client_id, options.client_secret, options.scopes, options.browser) == (
        "cid",
        SECRET,
        ("a", "b"),
        "system",
    )
    bare = oauth_options(_remote(oauth_client_secret=SECRET, verify_tls=False), browser="follow")
    assert (bare.client_id, bare.client_secret, bare.scopes, bare.browser, bare.verify_tls) == (
        None,
        None,
        None,
        "follow",
        False,
    )
    assert SECRET not in repr(options)
    said: list[str] = []
    authorizer = authorizer_for(_remote(), tmp_path, said.append)
    assert authorizer is not None and authorizer.client.server_url == URL
    assert authorizer.client.store is not None and authorizer.client.store.path == tmp_path / "secrets.json"
    authorizer.client.announce("http://127.0.0.1:8/authorize?x=1")
    assert said == ["http://127.0.0.1:8/authorize?x=1"]
    assert authorizer_for(_remote(oauth=False), tmp_path, said.append) is None
    assert authorizer_for(ServerProfile("local", "node", oauth=True), tmp_path, said.append) is None


def test_the_signed_in_state_in_words() -> None:
    now = time.mktime((2026, 11, 26, 14, 0, 0, 0, 0, -1))
    token = StoredToken(URL, "http://127.0.0.1:8/", "at", scopes=("read", "write"), expires_at=now + 25 * 60 + 1)
    assert sign_in_text([], now, untranslated) == "Not signed in"
    assert sign_in_text([token], now, untranslated) == (
        "Signed in at http://127.0.0.1:8/, scopes read write, expires 14:25 (in 25 min)"
    )
    later = StoredToken(URL, "https://as.example/", "at", expires_at=now + 3 * 3600)
    expired = StoredToken(URL, "https://old.example/", "at", scopes=("x",), expires_at=now - 60, refresh_token="rt")
    forever = StoredToken(URL, "https://as.example/", "at", scopes=("x",))
    assert sign_in_text([later, expired], now, untranslated).split("\n") == [
        "Signed in at https://as.example/, scopes none named, expires 17:00 (in 3 h)",
        "Signed in at https://old.example/, scopes x, expired 13:59 (renewed at the next connection)",
    ]
    no_refresh = StoredToken(URL, "https://old.example/", "at", scopes=("x",), expires_at=now - 60)
    assert token_line(no_refresh, now, untranslated).endswith("expired 13:59 (the next connection signs in again)")
    soon = StoredToken(URL, "https://as.example/", "at", expires_at=now + 30)
    assert token_line(soon, now, untranslated).endswith("expires 14:00 (in 1 min)")
    assert token_line(forever, now, untranslated) == "Signed in at https://as.example/, scopes x, no expiry given"
    next_week = StoredToken(URL, "https://as.example/", "at", expires_at=now + 7 * 86400)
    assert token_line(next_week, now, untranslated).endswith("expires 2026-12-03 14:00 (in 7 days)")


def test_a_servers_hostile_issuer_and_scopes_stay_one_short_line(tmp_path: Path) -> None:
    """What the authorization server named (issuer, scopes) is a server's value: stored as it came,
    shown cut with its control characters escaped (a newline broke the line per issuer; a megabyte
    of issuer was laid out in the editor's label)."""
    store = TokenStore(tmp_path)
    odd = "https://as.example/\n\x1b[31m<b>x</b>\u202e" + "i" * 1_000_000
    store.put(StoredToken(URL, odd, "at", scopes=("a\nb", "c" * 5000), expires_at=None))
    (line,) = sign_in_text(store.get(URL), time.time(), untranslated).split("\n")
    assert line.startswith("Signed in at https://as.example/\\u000a\\u001b[31m<b>x</b>\\u202eiii")
    assert len(line) < 3 * SHOWN_CHARS and line.endswith("…, no expiry given")


def test_the_words_go_through_the_callers_translation() -> None:
    said: list[tuple[str, str]] = []

    def tr(context: str, text: str) -> str:
        said.append((context, text))
        return text.upper()

    assert sign_in_text([], 0.0, tr) == "NOT SIGNED IN"
    assert said == [("ProfileEditor", WORDS["none"])]
    assert set(WORDS.values()) <= set(server_editor.all_words())  # in the editor's catalogue
    assert {key for keys in CONTROLS.values() for key in keys if key} <= set(WORDS)  # the editor's controls' words


def test_the_client_secret_is_not_in_a_profiles_repr() -> None:
    """A profile shown in a log or a traceback never shows the OAuth client's secret."""
    profile = ServerProfile("remote", "", transport="streamable-http", url=URL, oauth=True, oauth_client_id="c")
    profile.oauth_client_secret = "a-client-secret-1234"
    assert "a-client-secret-1234" not in repr(profile) and "oauth_client_id='c'" in repr(profile)
