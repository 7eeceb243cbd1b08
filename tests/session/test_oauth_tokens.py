"""The OAuth token store (inspector/session/oauth_tokens.py) in secrets.json beside the saved servers."""

from __future__ import annotations

import json
import stat
from pathlib import Path

from inspector.session.oauth_tokens import OAUTH_KEY, StoredToken, TokenStore
from inspector.session.profiles import EnvVar, ProfileStore, ServerProfile

URL = "HTTP://127.0.0.1:8123/mcp"  # stored under its canonical form
ISSUER = "http://127.0.0.1:8123"


def token(issuer: str = ISSUER, access: str = "access-one", **kw: object) -> StoredToken:
    return StoredToken(
        resource=URL,
        issuer=issuer,
        access_token=access,
        refresh_token="refresh-one",
        expires_at=2_000_000_000.0,
        scopes=("mcp:tools",),
        client_id="client-1",
        client_secret="dcr-secret",
        **kw,  # type: ignore[arg-type]
    )


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_new_store_file_is_0600_and_a_token_comes_back_for_its_resource_and_issuer(tmp_path: Path) -> None:
    store = TokenStore(tmp_path)
    stored = store.put(token())
    assert mode(tmp_path / "secrets.json") == 0o600
    assert stored.resource == "http://127.0.0.1:8123/mcp" and stored.stored_at > 0
    again = TokenStore(tmp_path).get("http://127.0.0.1:8123/mcp")
    assert [(t.issuer, t.access_token, t.refresh_token, t.scopes, t.client_secret) for t in again] == [
        (ISSUER, "access-one", "refresh-one", ("mcp:tools",), "dcr-secret")
    ]
    assert TokenStore(tmp_path).find(URL, ISSUER) is not None
    assert TokenStore(tmp_path).find(URL, "http://elsewhere.example") is None  # bound to its issuer
    assert TokenStore(tmp_path).get("http://127.0.0.1:8123/other") == []


def test_one_entry_per_issuer_replaced_in_place_and_forget_drops_them_all(tmp_path: Path) -> None:
    store = TokenStore(tmp_path)
    store.put(token())
    store.put(token(access="access-two"))
    store.put(token(issuer="http://127.0.0.1:9999"))
    assert sorted((t.issuer, t.access_token) for t in store.get(URL)) == [
        (ISSUER, "access-two"),  # the second put replaced the first of the same issuer
        ("http://127.0.0.1:9999", "access-one"),
    ]
    assert store.find(URL, ISSUER).access_token == "access-two"  # type: ignore[union-attr]
    assert store.forget(URL) == 2
    assert store.get(URL) == [] and store.forget(URL) == 0
    assert mode(tmp_path / "secrets.json") == 0o600


def test_repr_shows_no_secret() -> None:
    shown = repr(token())
    assert "access-one" not in shown and "refresh-one" not in shown and "dcr-secret" not in shown
    assert ISSUER in shown


def test_the_profiles_secrets_and_the_tokens_live_side_by_side(tmp_path: Path) -> None:
    profiles = ProfileStore(tmp_path)
    profiles.load()
    server = ServerProfile(name="s", command="x", env=[EnvVar("API_TOKEN", "env-secret", True)])
    profiles.save([server])
    TokenStore(tmp_path).put(token())
    held = json.loads((tmp_path / "secrets.json").read_bytes())
    assert held[server.id] == {"API_TOKEN": "env-secret"}  # kept by the token store's write
    assert OAUTH_KEY in held
    again = ProfileStore(tmp_path)
    loaded = again.load()
    assert again.load_problems == []  # the reserved key is no server's and no problem
    assert [p.id for p in loaded][1:] == [server.id]
    assert loaded[1].env[0].value == "env-secret"
    again.save(loaded)  # the profile store keeps the tokens it does not own
    assert TokenStore(tmp_path).find(URL, ISSUER) is not None
    assert mode(tmp_path / "secrets.json") == 0o600


def test_a_store_file_that_is_no_json_object_is_not_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "secrets.json"
    path.write_text("[1, 2]")
    store = TokenStore(tmp_path)
    assert store.get(URL) == []
    try:
        store.put(token())
    except OSError:
        pass
    else:
        raise AssertionError("a file that is no JSON object was overwritten")
    assert path.read_text() == "[1, 2]"


def test_a_dynamic_clients_redirect_uri_and_registered_scopes_come_back(tmp_path: Path) -> None:
    store = TokenStore(tmp_path)
    store.put(token(redirect_uri="http://127.0.0.1:50123/callback", client_scopes=("mcp:tools", "mcp:admin")))
    store.put(token(issuer="http://127.0.0.1:8123/other"))  # an entry from before these were kept
    back = store.find(URL, ISSUER)
    other = store.find(URL, "http://127.0.0.1:8123/other")
    assert back is not None and back.redirect_uri == "http://127.0.0.1:50123/callback"
    assert back.client_scopes == ("mcp:tools", "mcp:admin")
    assert other is not None and other.redirect_uri is None and other.client_scopes is None
