"""The OAuth token store: tokens kept in the secret store, per resource and issuer.

Theory of operation
-------------------
Tokens are secrets, so they live where the saved servers' secrets live: ``secrets.json`` in the
:class:`~.profiles.ProfileStore` folder (mode 0600), under one reserved top-level key,
:data:`OAUTH_KEY` (``"oauth:tokens"``: a server id is twelve hex digits or the demo's name, never
with a colon, so the key cannot clash with one). The profile loader leaves that key out before
it reads the servers' secrets, and the profile saver carries it over unchanged; this store in
turn reads the whole file and rewrites only its own key, so neither side loses the other's data.

Under the key: the canonical resource (the MCP server URL, RFC 8707 form:
:func:`~inspector.protocol.oauth_discovery.canonical_resource_uri`) → issuer → one entry
(:class:`StoredToken`): the access token and its type, the refresh token, the expiry (absolute,
wall clock seconds), the scopes granted, the client id (and the client secret when the client was
registered dynamically: the registration belongs to that issuer, with the loopback redirect URI
it was registered with, as servers that match redirect URIs exactly need it again, and the
scopes it was registered for) and the issuer itself.
:meth:`TokenStore.get` gives a resource's entries, :meth:`TokenStore.find` the one of a
resource AND issuer (credentials are bound to the issuer that gave them: a refresh token or a
client secret is only ever offered to its own issuer), :meth:`TokenStore.put` keeps one,
:meth:`TokenStore.forget` drops every entry of a resource (Sign out).

Writes are atomic (a temporary file beside the store, written, synced, made 0600, renamed over
it), and the file is 0600 even when this store creates it. A file that cannot be read as a JSON
object counts as empty for reading, and is not overwritten by a write (the user's secrets in it
would be lost): :meth:`TokenStore.put` then raises ``OSError``. :class:`StoredToken` never shows
a secret in its ``repr``.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field, replace
from pathlib import Path

import orjson

from inspector.protocol.jsontypes import JsonObject, JsonValue
from inspector.protocol.oauth_discovery import canonical_resource_uri

#: The reserved top-level key of ``secrets.json`` that holds the OAuth entries.
OAUTH_KEY = "oauth:tokens"
#: ``secrets.json`` is never read past this size.
MAX_BYTES = 4 * 1024 * 1024


def canonical_resource(url: str) -> str:
    """The key a resource is stored under: its canonical URI (or the URL as given)."""
    return canonical_resource_uri(url).uri or url


@dataclass(frozen=True)
class StoredToken:
    """One resource's tokens from one issuer (see the module's theory); secrets never in repr."""

    resource: str
    issuer: str
    access_token: str = field(repr=False)
    token_type: str = "Bearer"
    refresh_token: str | None = field(default=None, repr=False)
    expires_at: float | None = None
    scopes: tuple[str, ...] = ()
    client_id: str | None = None
    client_secret: str | None = field(default=None, repr=False)
    stored_at: float = 0.0
    redirect_uri: str | None = None  # the loopback redirect URI a dynamic client was registered with
    client_scopes: tuple[str, ...] | None = None  # the scopes it was registered for (None: not limited)

    def data(self) -> JsonObject:
        return {
            "access_token": self.access_token,
            "token_type": self.token_type,
            "refresh_token": self.refresh_token,
            "expires_at": self.expires_at,
            "scopes": list(self.scopes),
            "client_id": self.client_id,
            "client_secret": self.client_secret,
            "issuer": self.issuer,
            "stored_at": self.stored_at,
            "redirect_uri": self.redirect_uri,
            "client_scopes": list(self.client_scopes) if self.client_scopes is not None else None,
        }

    @classmethod
    def from_data(cls, resource: str, issuer: str, d: JsonValue) -> StoredToken | None:
        if not isinstance(d, dict) or not isinstance(d.get("access_token"), str):
            return None

        def text(key: str) -> str | None:
            v = d.get(key)
            return v if isinstance(v, str) else None

        def number(key: str) -> float | None:
            v = d.get(key)
            return float(v) if isinstance(v, int | float) and not isinstance(v, bool) else None

        scopes, client_scopes = d.get("scopes"), d.get("client_scopes")
        return cls(
            resource=resource,
            issuer=issuer,
            access_token=text("access_token") or "",
            token_type=text("token_type") or "Bearer",
            refresh_token=text("refresh_token"),
            expires_at=number("expires_at"),
            scopes=tuple(s for s in scopes if isinstance(s, str)) if isinstance(scopes, list) else (),
            client_id=text("client_id"),
            client_secret=text("client_secret"),
            stored_at=number("stored_at") or 0.0,
            redirect_uri=text("redirect_uri"),
            client_scopes=(
                tuple(s for s in client_scopes if isinstance(s, str)) if isinstance(client_scopes, list) else None
            ),
        )


def _write_0600(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".oauth.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        os.write(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)
    os.chmod(tmp, 0o600)
    os.replace(tmp, path)


class TokenStore:
    """The OAuth entries of ``secrets.json`` in ``directory`` (see the module's theory)."""

    def __init__(self, directory: Path) -> None:
        self.path = Path(directory) / "secrets.json"

    def _read(self) -> tuple[JsonObject, bool]:
        """The whole file's object, and whether it may be rewritten (absent or a JSON object)."""
        try:
            raw = self.path.read_bytes()[:MAX_BYTES]
        except FileNotFoundError:
            return {}, True
        except OSError:
            return {}, False
        try:
            doc = orjson.loads(raw)
        except orjson.JSONDecodeError:
            return {}, False
        return (doc, True) if isinstance(doc, dict) else ({}, False)

    def _entries(self) -> dict[str, dict[str, JsonValue]]:
        held = self._read()[0].get(OAUTH_KEY)
        if not isinstance(held, dict):
            return {}
        return {k: v for k, v in held.items() if isinstance(v, dict)}

    def get(self, resource: str) -> list[StoredToken]:
        """Every entry stored for ``resource`` (one per issuer), most recent first."""
        key = canonical_resource(resource)
        by_issuer = self._entries().get(key, {})
        out = [t for iss, d in by_issuer.items() if (t := StoredToken.from_data(key, iss, d)) is not None]
        return sorted(out, key=lambda t: -t.stored_at)

    def find(self, resource: str, issuer: str) -> StoredToken | None:
        """The entry of ``resource`` AND ``issuer``; ``None`` when there is none."""
        return next((t for t in self.get(resource) if t.issuer == issuer), None)

    def put(self, token: StoredToken) -> StoredToken:
        """Keep ``token`` (replacing the entry of its resource and issuer); returns it as stored
        (canonical resource, ``stored_at`` set). The rest of the file is kept as it was."""
        doc, writable = self._read()
        if not writable:
            raise OSError(f"{self.path} is not a JSON object; not overwritten")
        key = canonical_resource(token.resource)
        stored = replace(token, resource=key, stored_at=token.stored_at or time.time())
        held = doc.get(OAUTH_KEY)
        entries: JsonObject = dict(held) if isinstance(held, dict) else {}
        per = entries.get(key)
        issuers: JsonObject = dict(per) if isinstance(per, dict) else {}
        issuers[token.issuer] = stored.data()
        entries[key] = issuers
        doc[OAUTH_KEY] = entries
        _write_0600(self.path, orjson.dumps(doc))
        return stored

    def forget(self, resource: str) -> int:
        """Drop every entry of ``resource`` (Sign out); how many there were."""
        doc, writable = self._read()
        held = doc.get(OAUTH_KEY)
        key = canonical_resource(resource)
        if not writable or not isinstance(held, dict) or not isinstance(held.get(key), dict):
            return 0
        entries = dict(held)
        gone = entries.pop(key)
        doc[OAUTH_KEY] = entries
        _write_0600(self.path, orjson.dumps(doc))
        return len(gone) if isinstance(gone, dict) else 0
