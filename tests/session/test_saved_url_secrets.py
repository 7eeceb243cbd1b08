"""Saved servers: a URL that carries a secret is kept in ``secrets.json`` (0600), never in ``servers.json`` or an
export: a password in the userinfo, a query value named like a key, a token's shape in the path,
and a secret an import expanded into the URL from ``${env:…}``. The saved server reads back with
the real URL; a URL edited by hand in ``servers.json`` since is kept as edited."""

from __future__ import annotations

import json
import secrets
import stat
from pathlib import Path

import pytest

from inspector.session.client_export import export_entry
from inspector.session.imports import parse_config
from inspector.session.profiles import ProfileStore, ServerProfile, stored_url, url_holds_secret
from inspector.transport.base import MASK

PASSWORD = "pw" + secrets.token_hex(8)
KEY = "k" + secrets.token_hex(10)
TOKEN = "ghp_" + "aB3dE5gH7jK9mN1pQ3sT5vX7zA9cE1gI3kM5"  # a GitHub token's shape


def _profile(url: str, **kw: object) -> ServerProfile:
    return ServerProfile(name="remote", command="", transport="streamable-http", url=url, **kw)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("url", "hidden", "shown"),
    [
        (f"https://me:{PASSWORD}@x.example/mcp", PASSWORD, f"https://me:{MASK}@x.example/mcp"),
        (f"https://x.example/mcp?v=2&api_key={KEY}", KEY, f"https://x.example/mcp?v=2&api_key={MASK}"),
        (f"https://x.example/mcp/{TOKEN}/sse", TOKEN, f"https://{MASK}"),
    ],
)
def test_a_secret_in_a_url_lives_in_secrets_json(tmp_path: Path, url: str, hidden: str, shown: str) -> None:
    store = ProfileStore(tmp_path)
    store.load()
    store.save([_profile(url)])
    servers = (tmp_path / "servers.json").read_text()
    assert hidden not in servers
    saved = {s["name"]: s for s in json.loads(servers)["servers"]}
    assert saved["remote"]["url"] == shown
    assert hidden in (tmp_path / "secrets.json").read_text()
    assert stat.S_IMODE((tmp_path / "secrets.json").stat().st_mode) == 0o600
    (_demo, again) = ProfileStore(tmp_path).load()
    assert again.url == url


def test_a_url_without_a_secret_is_saved_as_written(tmp_path: Path) -> None:
    url = "http://127.0.0.1:3000/mcp?v=2"
    assert not url_holds_secret(url) and stored_url(url, False) == url
    store = ProfileStore(tmp_path)
    store.load()
    store.save([_profile(url)])
    assert json.loads((tmp_path / "servers.json").read_text())["servers"][0]["url"] == url
    assert json.loads((tmp_path / "secrets.json").read_text()) == {}


def test_a_url_edited_by_hand_since_is_kept_as_edited(tmp_path: Path) -> None:
    store = ProfileStore(tmp_path)
    store.load()
    store.save([_profile(f"https://me:{PASSWORD}@x.example/mcp")])
    data = json.loads((tmp_path / "servers.json").read_text())
    data["servers"][0]["url"] = "https://y.example/mcp"
    (tmp_path / "servers.json").write_text(json.dumps(data))
    (_demo, again) = ProfileStore(tmp_path).load()
    assert again.url == "https://y.example/mcp"


def test_an_imported_url_with_an_env_secret_is_kept_secret(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    value = "plain" + secrets.token_hex(4)  # no secret's shape: only the import knows it is one
    monkeypatch.setenv("MY_TOKEN", value)
    text = json.dumps({"servers": {"q": {"type": "http", "url": "https://x.example/mcp/${env:MY_TOKEN}"}}})
    result = parse_config(text, file=str(tmp_path / ".vscode" / "mcp.json"))
    (found,) = result.servers
    assert found.profile.url == f"https://x.example/mcp/{value}" and found.profile.url_secret
    assert {p.code for p in result.problems} >= {"url_env_secret"}
    store = ProfileStore(tmp_path)
    store.load()
    store.save([found.profile])
    assert value not in (tmp_path / "servers.json").read_text()
    (_demo, again) = ProfileStore(tmp_path).load()
    assert again.url == found.profile.url and again.url_secret


@pytest.mark.parametrize("client", ["cursor", "windsurf", "vscode", "mcp-inspector"])
def test_an_export_masks_the_url_and_names_it(client: str) -> None:
    entry = export_entry(_profile(f"https://me:{PASSWORD}@x.example/mcp"), client)
    assert PASSWORD not in entry.text and MASK in entry.text
    assert "URL" in entry.left_out
    plain = export_entry(_profile("https://x.example/mcp"), client)
    assert "https://x.example/mcp" in plain.text and "URL" not in plain.left_out
