"""OAuth for a saved server: the window's sign-in driver, and the signed-in state in words. No Qt.

Theory of operation
-------------------
A :class:`~.profiles.ServerProfile` reached by URL may sign in with OAuth (``oauth``), as a
pre-registered client (``oauth_client_id``, and its secret, kept in ``secrets.json``) or as one
the flow registers, asking for ``oauth_scopes`` (space-separated; none: the server's choice).
:func:`oauth_options` turns those settings into the driver's :class:`~.oauth_client.OAuthOptions`;
:func:`authorizer_for` makes the driver (:class:`~.oauth_client.OAuthClient`, its tokens in the
:class:`~.oauth_tokens.TokenStore` of the saved servers' folder) and the transport's authorizer
(:class:`~.oauth_link.OAuthAuthorizer`) for a session: the session runner puts it on the
session's options and binds it to the session. ``announce`` is told the authorization URL when
the flow sends the user to a browser (the window shows it: a system browser may not open).

:func:`sign_in_text` is what the connection editor says of a server's stored tokens: "Signed in
at ISSUER, scopes …, expires HH:MM (in N min)", one line per issuer, or "Not signed in"; its
words are in :data:`WORDS`, in the editor's "ProfileEditor" context (``server_editor.all_words``).
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from inspector.transport.base import Needs

from .oauth_tokens import StoredToken, TokenStore
from .profiles import ServerProfile
from .translate import Translate

if TYPE_CHECKING:  # the driver (httpx and the flow) is imported when a session signs in, not with the editor
    from .oauth_client import OAuthOptions
    from .oauth_link import OAuthAuthorizer

CONTEXT = "ProfileEditor"
#: The editor's OAuth words: its section and fields, and the signed-in state.
WORDS = {
    "section": "OAuth",
    "oauth": "Sign in with OAuth",
    "oauth_tip": "When the server asks for authorization, sign in in the browser (the MCP authorization flow)",
    "client_id": "Client id",
    "client_id_hint": "(registered by the flow)",
    "client_secret": "Client secret",
    "client_secret_hint": "(none)",
    "scopes": "Scopes",
    "scopes_hint": "(the server's choice)",
    "sign_out": "Sign out",
    "sign_out_tip": "Forget the tokens stored for this server's URL: the next connection signs in again",
    "none": "Not signed in",
    "signed_in": "Signed in at {issuer}, scopes {scopes}, expires {time} ({left})",
    "expired": "Signed in at {issuer}, scopes {scopes}, expired {time} (renewed at the next connection)",
    "expired_no_refresh": "Signed in at {issuer}, scopes {scopes}, expired {time} (the next connection signs in again)",
    "no_expiry": "Signed in at {issuer}, scopes {scopes}, no expiry given",
    "no_scopes": "none named",
    "minutes": "in {n} min",
    "hours": "in {n} h",
    "days": "in {n} days",
    "url_shown": "Open this address in a browser to sign in to {server}:",
    "open_browser": "Open in browser",
    "sign_in_title": "Sign in",
}

#: The editor's OAuth controls (its attributes) -> the keys of their text and tooltip in :data:`WORDS`.
CONTROLS = {
    "oauth": ("oauth", "oauth_tip"),
    "oauth_client_id": ("client_id_hint", ""),
    "oauth_client_secret": ("client_secret_hint", ""),
    "oauth_scopes": ("scopes_hint", ""),
    "sign_out": ("sign_out", "sign_out_tip"),
}


def oauth_options(profile: ServerProfile, browser: str = "system") -> OAuthOptions:
    """The driver's options from ``profile``'s OAuth settings: the client id (its secret only
    with it), the scopes (none: the server's choice), TLS checked as the server's is."""
    from .oauth_client import OAuthOptions

    client_id = profile.oauth_client_id.strip() or None
    return OAuthOptions(
        client_id=client_id,
        client_secret=(profile.oauth_client_secret or None) if client_id else None,
        scopes=tuple(profile.oauth_scopes.split()) or None,
        browser=browser,
        verify_tls=profile.verify_tls,
    )


def authorizer_for(
    profile: ServerProfile, folder: Path, announce: Callable[[str], None], browser: str = "system"
) -> OAuthAuthorizer | None:
    """The authorizer a session with ``profile`` signs in through (its tokens in ``folder``'s
    ``secrets.json``), or None: OAuth is off, or the server is not reached by URL."""
    if not profile.oauth or profile.needs is not Needs.URL:
        return None
    from .oauth_client import OAuthClient
    from .oauth_link import OAuthAuthorizer

    url = profile.url.strip()
    client = OAuthClient(url, oauth_options(profile, browser), TokenStore(folder), announce=announce)
    return OAuthAuthorizer(client)


def _left(seconds: float, tr: Translate) -> str:
    """How long until an expiry ``seconds`` away: whole minutes (at least one, as the clock time
    shown is cut to the minute), else hours, else days."""
    minutes = max(1, math.floor(seconds / 60))
    if minutes < 120:
        return tr(CONTEXT, WORDS["minutes"]).format(n=minutes)
    if minutes < 48 * 60:
        return tr(CONTEXT, WORDS["hours"]).format(n=minutes // 60)
    return tr(CONTEXT, WORDS["days"]).format(n=minutes // (24 * 60))


#: The longest issuer or scope list the state line shows (a server's values: cut beyond).
SHOWN_CHARS = 200
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def _shown(text: str) -> str:
    """A server's value on the state line: cut at :data:`SHOWN_CHARS`, control and bidirectional
    override characters as \\uXXXX (the line is one line per issuer)."""
    cut = text[:SHOWN_CHARS] + ("…" if len(text) > SHOWN_CHARS else "")
    return _CONTROL.sub(lambda m: f"\\u{ord(m.group()):04x}", cut)


def token_line(token: StoredToken, now: float, tr: Translate) -> str:
    """One issuer's tokens in words: where, which scopes, when they expire (local time; the date
    too when not today)."""
    scopes = _shown(" ".join(token.scopes)) or tr(CONTEXT, WORDS["no_scopes"])
    issuer = _shown(token.issuer)
    at = token.expires_at
    if at is None:
        return tr(CONTEXT, WORDS["no_expiry"]).format(issuer=issuer, scopes=scopes)
    same_day = time.localtime(at)[:3] == time.localtime(now)[:3]
    when = time.strftime("%H:%M" if same_day else "%Y-%m-%d %H:%M", time.localtime(at))
    if at <= now:
        expired = WORDS["expired"] if token.refresh_token else WORDS["expired_no_refresh"]
        return tr(CONTEXT, expired).format(issuer=issuer, scopes=scopes, time=when)
    left = _left(at - now, tr)
    return tr(CONTEXT, WORDS["signed_in"]).format(issuer=issuer, scopes=scopes, time=when, left=left)


def sign_in_text(tokens: Iterable[StoredToken], now: float, tr: Translate) -> str:
    """The signed-in state of a server's stored tokens (one line per issuer), or "Not signed in"."""
    lines = [token_line(t, now, tr) for t in tokens]
    return "\n".join(lines) if lines else tr(CONTEXT, WORDS["none"])
