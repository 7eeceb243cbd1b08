"""The probe's OAuth: ``--oauth`` and its flags, ``--sign-out``, and the summary's ``authorization``.

Theory of operation
-------------------
``probe --url URL --oauth`` gives the session's HTTP link an
:class:`~inspector.session.oauth_link.OAuthAuthorizer` (the sign-in driver,
:class:`~inspector.session.oauth_client.OAuthClient`, behind the transport's ``Authorizer`` hook)
instead of explaining a refusal afterwards: the first request goes with the token an earlier
sign-in stored for that server (the window's or the probe's), or without one, and the server's 401
starts the flow of the MCP authorization spec; a 403 ``insufficient_scope`` is a step-up.
:func:`oauth_options` turns the flags into :class:`~inspector.session.oauth_client.OAuthOptions`:
``--client-id``, the secret read from the environment variable ``--client-secret-env`` names (its
value is never on the command line nor printed), ``--client-auth`` (that client's token endpoint
authentication, as it was registered: the server's metadata cannot say it), ``--scope``
(repeatable), ``--no-browser`` (the driver GETs the authorization URL and follows its redirects:
``browser="follow"``) and ``--client-credentials``. Every flag but ``--oauth`` needs it; a
problem is a usage error (:class:`OAuthUsage`), said before anything is contacted.

The tokens live where the window keeps them: ``secrets.json`` (0600) in the settings folder
(:func:`token_folder`: ``$XDG_CONFIG_HOME/mcp-session-inspector/``, else ``~/.config/…``;
``~/Library/Preferences/…`` on macOS), under the token store's own key, per server and issuer.
``--sign-out`` forgets that server's entries (:func:`sign_out`).

:func:`authorization_block` is what the summary says of it (``--json`` and the recording as
data, :func:`authorization_lines` for people): signed in or not, issuer, scopes, expiry (ISO 8601,
UTC), client id, which flow ran last, and when it failed the step, the reason and the auth.*
rule ids: the public facts of :class:`~inspector.session.oauth_client.SignInResult`, never a
token. :func:`failure` is the exit reason when the session failed because the authorization did
(the probe's exit code 9, ``EXIT_AUTH`` in :mod:`inspector.cli`).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from pathlib import Path

from inspector.protocol.jsontypes import JsonObject
from inspector.session.oauth_client import OAuthClient, OAuthOptions
from inspector.session.oauth_link import OAuthAuthorizer
from inspector.session.oauth_tokens import TokenStore
from inspector.session.proxied_folder import settings_file

#: The flags that go with ``--oauth`` (argparse's attribute, the flag as written).
OAUTH_FLAGS = (
    ("client_id", "--client-id"),
    ("client_secret_env", "--client-secret-env"),
    ("client_auth", "--client-auth"),
    ("scope", "--scope"),
    ("no_browser", "--no-browser"),
    ("client_credentials", "--client-credentials"),
)


#: An OAuth scope-token (RFC 6749 section 3.3), as the window's editor checks it.
_SCOPE = re.compile(r"[\x21\x23-\x5b\x5d-\x7e]+")


class OAuthUsage(ValueError):
    """The OAuth flags cannot be used as given (a usage error, exit 2)."""


def token_folder(env: Mapping[str, str] | None = None) -> Path:
    """The settings folder, where the window's ``secrets.json`` (and so the tokens) live."""
    return settings_file(dict(os.environ) if env is None else dict(env)).parent


def check_flags(args: argparse.Namespace) -> None:
    """The OAuth flags against each other and ``--url`` (:class:`OAuthUsage` when wrong)."""
    given = [flag for attr, flag in OAUTH_FLAGS if getattr(args, attr, None)]
    if getattr(args, "sign_out", False):
        if not args.url:
            raise OAuthUsage("--sign-out forgets the tokens stored for a server at a URL: give --url URL")
        if args.oauth or given or getattr(args, "steps", None):
            raise OAuthUsage("--sign-out forgets the stored tokens and starts nothing: give it with --url alone")
        return
    if not args.oauth:
        if given:
            raise OAuthUsage(f"{', '.join(given)} go{'es' if len(given) == 1 else ''} with --oauth")
        return
    if not args.url:
        raise OAuthUsage("--oauth signs in to a server at a URL: give --url URL (a --config server: not yet)")
    if args.bearer_env:
        raise OAuthUsage("--oauth gets its own token: give no --bearer-env with it")
    if args.client_id is not None and not args.client_id.strip():
        raise OAuthUsage("--client-id is empty: give the pre-registered client's id, or no --client-id")
    bad = next((s for item in args.scope for s in item.split() if not _SCOPE.fullmatch(s)), None)
    if bad is not None:
        raise OAuthUsage(f"--scope {bad!r} is not a scope (printable ASCII without spaces, quotes or backslashes)")
    if args.client_secret_env and not args.client_id:
        raise OAuthUsage("--client-secret-env is the secret of a pre-registered client: give --client-id too")
    if args.client_auth and not args.client_id:
        raise OAuthUsage("--client-auth is how a pre-registered client authenticates: give --client-id too")
    if args.client_credentials and not (args.client_id and args.client_secret_env):
        raise OAuthUsage("--client-credentials needs the client's id and secret: --client-id and --client-secret-env")


def oauth_options(args: argparse.Namespace, env: Mapping[str, str] | None = None) -> OAuthOptions:
    """The sign-in options the flags ask for; the secret read from the environment."""
    environ = os.environ if env is None else env
    secret: str | None = None
    if args.client_secret_env:
        secret = environ.get(args.client_secret_env)
        if not secret:
            raise OAuthUsage(f"--client-secret-env {args.client_secret_env}: that environment variable is not set")
    scopes = tuple(dict.fromkeys(s for item in args.scope for s in item.split()))
    return OAuthOptions(
        client_id=args.client_id,
        client_secret=secret,
        scopes=scopes or None,
        browser="follow" if args.no_browser else "system",
        grant="client_credentials" if args.client_credentials else "authorization_code",
        auth_method=args.client_auth,
        timeout=args.timeout,
        verify_tls=not args.insecure,
    )


def announce(url: str) -> None:
    """The authorization URL on stderr (stdout keeps the transcript or the JSON)."""
    sys.stderr.write(
        "mcp-session-inspector probe: sign in: the browser should open this URL (open it yourself if not); "
        f"waiting for the redirect:\n  {url}\n"
    )
    sys.stderr.flush()


def make_authorizer(
    url: str, options: OAuthOptions, folder: Path, *, say: Callable[[str], None] = announce
) -> OAuthAuthorizer:
    """The authorizer of the server at ``url``, its tokens in ``folder``'s ``secrets.json``."""
    return OAuthAuthorizer(OAuthClient(url, options, TokenStore(folder), announce=say))


def sign_out(url: str, folder: Path) -> int:
    """``--sign-out``: forget every token stored for ``url``; how many there were."""
    return TokenStore(folder).forget(url)


def iso_time(at: float | None) -> str | None:
    return None if at is None else datetime.fromtimestamp(at, UTC).isoformat(timespec="seconds")


def authorization_block(authorizer: OAuthAuthorizer, session_ok: bool = False) -> JsonObject:
    """The summary's ``authorization`` (see the module's theory): public facts only. Signed in:
    a token is in force and the last flow did not fail, or it failed (a refresh before a request)
    and the session went well all the same with the token it had."""
    last = authorizer.last
    facts = authorizer.client.facts()
    failed = last is not None and not last.ok
    held = facts if facts.ok and (session_ok or not failed) else None
    return {
        "signed_in": held is not None,
        "issuer": held.issuer if held is not None else None,
        "scopes": list(held.scopes) if held is not None else [],
        "expires_at": iso_time(held.expires_at) if held is not None else None,
        "client_id": held.client_id if held is not None else None,
        "flow": authorizer.flow,
        "failed_step": last.failed_step if last is not None and failed else None,
        "reason": last.reason if last is not None and failed else None,
        "findings": list(dict.fromkeys(f.rule_id for f in last.findings)) if last is not None else [],
    }


def failure(authorizer: OAuthAuthorizer) -> str | None:
    """Why the authorization failed (the exit reason of code 9), or None when no failed flow left
    a request refused (a refresh before a request that failed while the token still served is
    no reason: the session's own failure keeps its code)."""
    refusing = authorizer.refusing
    if refusing is None or refusing.ok:
        return None
    return f"authorization failed at step {refusing.failed_step}: {refusing.reason}"


def authorization_lines(block: JsonObject) -> list[str]:
    """The ``authorization`` block in words, as the summary's lines (the first without its label)."""
    findings = block.get("findings")
    rules = ", ".join(str(f) for f in findings) if isinstance(findings, list) and findings else ""
    failed = f"failed at step {block['failed_step']}: {block.get('reason')}" if block.get("failed_step") else ""
    if failed and not block.get("signed_in"):
        return [failed] + ([f"                  findings: {rules}"] if rules else [])
    if not block.get("signed_in"):
        if block.get("flow"):  # a flow began and neither ended nor failed: the probe was stopped in it
            return [f"not signed in: the {block['flow']} was stopped before it ended"]
        return ["not signed in (the server did not ask for a sign-in)"]
    scopes = block.get("scopes")
    scope_text = " ".join(str(s) for s in scopes) if isinstance(scopes, list) and scopes else "none named"
    how = {"sign-in": "just now", "refresh": "refreshed just now", "step-up": "after a step-up"}.get(
        str(block.get("flow")), "a token stored earlier"
    )
    if failed:  # the last flow failed: the token in force is the one held before it
        how = "the token held before"
    lines = [
        f"signed in at {block.get('issuer')} ({how}): scopes {scope_text}, "
        f"expires {block.get('expires_at') or 'never said'}, client id {block.get('client_id')}"
    ]
    if failed:  # signed in all the same: the session went well with the token it had
        lines.append(f"                  but the last {block.get('flow')} {failed}")
    if rules:
        lines.append(f"                  findings: {rules}")
    return lines
