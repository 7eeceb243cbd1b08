"""The Connection Doctor's words, as data: what each check is, what was seen, what to do.

Theory of operation. A check's result (:class:`~.doctor.Check`) carries codes and values, never
sentences: its ``id`` (a key of :data:`TITLES`), an outcome ``code``, and ``values`` (the facts:
a path, an address, an exit status). The English comes from three tables keyed by
``"<check id>.<code>"``: :data:`SEEN` (what was seen, filled from the values) and
:data:`ADVICE` (what to do; a passing check has none). A key ``"<check id>.*"`` words every code
of that check that has no sentence of its own (the start's failures carry the engine's outcome
sentence as a value). The codes are stable: another language words the same keys
(``scripts/i18n.py`` reads :func:`all_words`), and a front-end that lacks a translation shows
the English. Quoted output (stdout lines, stderr lines) is data too, never translated.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from .translate import Translate, untranslated

#: the context the doctor's words are translated in (``scripts/i18n.py`` reads :func:`all_words`)
CONTEXT = "Doctor"

#: check id -> what the check asks, in the order the checks run (stdio's, then HTTP's).
TITLES: dict[str, str] = {
    "cwd": "The working directory exists",
    "command": "The command is found",
    "executable": "The command may be run",
    "interpreter": "Its interpreter or launcher exists",
    "environment": "Every referenced variable and input is set",
    "process": "The server starts and stays up",
    "stdout": "Nothing but JSON-RPC on stdout before the handshake",
    "url": "The URL can be read",
    "resolve": "The host name resolves",
    "connect": "A TCP connection opens",
    "tls": "The TLS certificate is trusted",
    "http-status": "The server answers the start sequence's POST",
    "authorization": "No authorization is in the way",
    "transport": "The HTTP transport is found",
    "start": "The server answers the start sequence",
}

#: "<check id>.<code>" -> what was seen (``{name}`` from the check's values).
SEEN: dict[str, str] = {
    "cwd.not-set": "No working directory is set: the server starts in the inspector's, {cwd}.",
    "cwd.exists": "{cwd} is a folder.",
    "cwd.missing": "{cwd} does not exist.",
    "cwd.not-folder": "{cwd} is not a folder.",
    "cwd.denied": "{cwd} cannot be entered (permission denied).",
    "command.empty": "The command is empty.",
    "command.on-path": "{program} is found on PATH at {path}.",
    "command.path": "{path} exists.",
    "command.not-on-path": "{program} is in none of the {count} folders on PATH ({where}).",
    "command.missing": "{path} does not exist.",
    "command.is-folder": "{path} is a folder, not a program.",
    "executable.yes": "{path} may be run (mode {mode}).",
    "executable.no": "{path} is not marked executable (mode {mode}).",
    "interpreter.binary": "{path} is a compiled program: it needs no interpreter.",
    "interpreter.shebang": "{path} is a script run by {interpreter}, which exists.",
    "interpreter.shebang-env": "{path} is a script run by {interpreter}, found on PATH at {found}.",
    "interpreter.shebang-missing": "{path} is a script run by {interpreter}, which does not exist.",
    "interpreter.shebang-env-missing": "{path} is a script run by {interpreter}, which is not on PATH.",
    "interpreter.no-shebang": "{path} is neither a compiled program nor a script with a #! line.",
    "interpreter.unreadable": "{path} cannot be read to see how it runs: {error}.",
    "interpreter.script": "{program} runs {script}, which exists.",
    "interpreter.script-missing": "{program} is to run {script}, which does not exist (looked for at {path}).",
    "interpreter.launcher": "{program} fetches and runs {package}; its first start may take a while.",
    "environment.none": "The command refers to no variable or input.",
    "environment.set": "Nothing is left unfilled; the server is given {names}.",
    "environment.secret-unknown": "${{secret:…}} names a variable the server is not given: {names}.",
    "environment.input-unfilled": "An input was never filled in: {names}.",
    "environment.env-unexpanded": "An environment reference is left as written: {names}.",
    "environment.shell-syntax": "Shell syntax reaches the server as written (no shell runs the command): {names}.",
    "environment.empty": "Variables given an empty value: {names}.",
    "process.running": "The server (pid {pid}) was running {seconds} s after it started.",
    "process.spawn-failed": "The server could not be started: {why}.",
    "process.exited": "The server {how} {seconds} s after it started.",
    "stdout.clean": "The server wrote {count} lines on stdout before the handshake was done, all JSON-RPC.",
    "stdout.noise": "The server wrote {count} lines on stdout that are not JSON-RPC before the handshake was done.",
    "url.ok": "{scheme} to {host}, port {port}, path {path}.",
    "url.*": "{problem}",
    "resolve.literal": "{host} is an IP address: nothing to resolve.",
    "resolve.resolved": "{host} resolves to {addresses}.",
    "resolve.unknown": "{host} does not resolve: {error}.",
    "connect.connected": "Connected to {address} port {port} in {ms} ms.",
    "connect.refused": "{address} port {port} refused the connection: nothing listens there.",
    "connect.timed-out": "{address} port {port} did not answer within {seconds} s.",
    "connect.unreachable": "{address} port {port} cannot be reached: {error}.",
    "connect.proxied": "Requests go through the proxy {proxy}; its connection was not tried here.",
    "tls.not-https": "The URL is plain http://: no TLS.",
    "tls.proxied": "Not tried directly: requests go through the proxy {proxy}.",
    "tls.verified": "{protocol} with a certificate for {subject} from {issuer}, valid until {expires}.",
    "tls.self-signed": "The certificate is self-signed: {reason}.",
    "tls.expired": "The certificate has expired: {reason}.",
    "tls.not-yet-valid": "The certificate is not valid yet: {reason}.",
    "tls.wrong-name": "The certificate is for another name than {host}: {reason}.",
    "tls.unknown-issuer": "The certificate's issuer is not in the system's trust store: {reason}.",
    "tls.system-only": (
        "The system's trust store accepts the certificate, but the inspector's HTTP client checks it against its "
        "own bundle (certifi), which does not: {reason}."
    ),
    "tls.untrusted": "The certificate cannot be verified: {reason}.",
    "tls.not-verified": "The certificate cannot be verified ({reason}), and this server is set to skip verification.",
    "tls.handshake": "The TLS handshake failed: {error}.",
    "http-status.ok": "The POST of {request} to {url} was answered {status} ({content_type}).",
    "http-status.after-refusal": (
        "The POST of {first} was answered {first_status} (the server does not speak that era); the POST of "
        "{request} to {url} was answered {status} ({content_type})."
    ),
    "http-status.auth-asked": "The POST of {request} to {url} was answered {status}: authorization is asked for.",
    "http-status.fell-back": "The POST of {request} to {url} was answered {status}; HTTP+SSE answered there instead.",
    "http-status.bad-status": "The POST of {request} to {url} was answered {status} ({content_type}).",
    "http-status.content-type": (
        "The POST of {request} to {url} was answered {status} with {content_type}, not JSON or an event stream."
    ),
    "http-status.no-answer": "No HTTP answer came: {why}.",
    "http-status.stream-status": "The GET of the event stream at {url} was answered {status} ({content_type}).",
    "http-status.stream-auth-asked": (
        "The GET of the event stream at {url} was answered {status}: authorization is asked for."
    ),
    "http-status.redirect": (
        "The POST of {request} to {url} was answered {status}: a redirect to {location}, which is not followed."
    ),
    "authorization.not-asked": "The server did not ask for authorization.",
    "authorization.oauth": "The server wants a sign-in (HTTP {status}); its OAuth metadata is there: issuer {issuer}.",
    "authorization.oauth-blocked": (
        "The server wants a sign-in (HTTP {status}), but its OAuth metadata is unusable: {why}."
    ),
    "authorization.no-oauth": "The server wants authorization (HTTP {status}) and publishes no OAuth metadata.",
    "authorization.forbidden": "The server refuses access (HTTP 403) with no challenge to sign in.",
    "authorization.refused-given": "The server refused the credentials given in {headers} (HTTP {status}).",
    "transport.streamable-http": "The server speaks Streamable HTTP.",
    "transport.sse": "The server speaks the 2024-11-05 HTTP+SSE transport.",
    "transport.unknown": "Neither Streamable HTTP nor HTTP+SSE answered.",
    "start.legacy": "It answered initialize with version {version} in {seconds} s (legacy era: {basis}).",
    "start.modern": "It answered server/discover in {seconds} s: modern era, version {version} ({basis}).",
    "start.*": "{outcome}",
    "*.not-run": "Not run: an earlier check failed.",
}

#: "<check id>.<code>" -> what to do (``{name}`` from the check's values); none for a pass.
ADVICE: dict[str, str] = {
    "cwd.missing": "Create the folder, or correct the server's working directory.",
    "cwd.not-folder": "Give a folder as the working directory.",
    "cwd.denied": "Give the folder execute permission for your user, or choose another.",
    "command.empty": "Give the command that starts the server.",
    "command.not-on-path": (
        "Install {program}, or give its full path. A window started from the desktop may have a shorter PATH "
        "than your terminal: `command -v {program}` in the terminal shows where it is."
    ),
    "command.missing": "Correct the path (a relative path is taken from the working directory).",
    "command.is-folder": "Give the program inside the folder, not the folder.",
    "executable.no": "Make it executable (chmod +x {path}), or start it through its interpreter.",
    "interpreter.shebang-missing": "Install {interpreter}, or change the script's #! line to where it is.",
    "interpreter.shebang-env-missing": "Install {interpreter}, or put the folder that holds it on PATH.",
    "interpreter.no-shebang": "Add a #! line naming its interpreter, or start it through its interpreter.",
    "interpreter.unreadable": "Make the file readable for your user.",
    "interpreter.script-missing": "Correct the script's path, or set the working directory it is relative to.",
    "environment.secret-unknown": "Add the variable to the server's environment (marked secret), or fix the name.",
    "environment.input-unfilled": "Import the server again and fill in the input, or put the value in by hand.",
    "environment.env-unexpanded": "Put the value itself in, or set the variable and import the server again.",
    "environment.shell-syntax": (
        "Put the value itself in, or start the command through a shell (sh -c '…') if it needs one."
    ),
    "environment.empty": "Give the variables their values, or remove them if the server does not need them.",
    "process.spawn-failed": "Correct the command, its working directory or its permissions.",
    "process.exited": "Read its stderr above: it usually says why. Run the command in a terminal to see more.",
    "stdout.noise": (
        "Stdout is the protocol's channel: the server must write logs and banners to stderr. Most clients "
        "fail on these lines."
    ),
    "url.*": "Give the server's address as http(s)://HOST[:PORT]/PATH.",
    "resolve.unknown": "Check the host name for typos, your network and DNS, or use the IP address.",
    "connect.refused": "Start the server, or correct the port; check that it listens on this address.",
    "connect.timed-out": "A firewall may drop the packets, or the host is down: check the address and network.",
    "connect.unreachable": "Check the address and your network.",
    "tls.self-signed": (
        "Add the certificate to the system's trust store (or SSL_CERT_FILE), or turn off verification for "
        "this server if you trust it."
    ),
    "tls.expired": "The server's certificate must be renewed (or the clock of one machine is wrong).",
    "tls.not-yet-valid": "Check this machine's clock; otherwise the server's certificate is dated in the future.",
    "tls.wrong-name": "Use the name the certificate was issued for, or get a certificate for this name.",
    "tls.unknown-issuer": (
        "Add the issuing CA to the system's trust store (or SSL_CERT_FILE); the server may also be missing an "
        "intermediate certificate."
    ),
    "tls.untrusted": "Fix the server's certificate, or trust it on this machine.",
    "tls.system-only": (
        "Point SSL_CERT_FILE at the system's CA bundle (often /etc/ssl/certs/ca-certificates.crt) or at the "
        "issuing CA's file, and start the inspector again."
    ),
    "tls.not-verified": "Verification is off for this server: anyone on the way could read or change the traffic.",
    "tls.handshake": "Check that the port speaks TLS (https) and not plain HTTP.",
    "http-status.bad-status": "Check the URL's path (often /mcp) and the server's logs.",
    "http-status.stream-status": "Check the URL's path (often /mcp) and the server's logs.",
    "http-status.content-type": "Check the URL: it may reach a web page or another service, not the MCP endpoint.",
    "http-status.no-answer": "Check the server's logs; a proxy on the way may have cut the connection.",
    "http-status.redirect": (
        "If that is the server's endpoint, give that URL (a redirect is never followed: it would take the "
        "session's credentials to another place)."
    ),
    "authorization.oauth": "Sign in (OAuth) before connecting, or give a token in an Authorization header.",
    "authorization.oauth-blocked": "The server's OAuth set-up must be fixed; meanwhile give a token in a header.",
    "authorization.no-oauth": (
        "Give the credentials the server expects in a header (Authorization: Bearer …, or an API key header)."
    ),
    "authorization.forbidden": "Check that the credentials given are the right ones and have the rights needed.",
    "authorization.refused-given": (
        "Check the credentials: a token may have expired, been revoked or be meant for another server. Give a "
        "new one, or sign in with OAuth if the server offers it."
    ),
    "transport.unknown": "Check that the URL is an MCP endpoint.",
    "start.*": "Read the server's stderr and the timeline; a longer connect timeout helps a slow server.",
    "start.initialize-timeout": "The server may be slow to start (npx, uvx downloading): raise the connect timeout.",
    "start.never-read": "The server does not read its stdin: is it an MCP server over stdio?",
    "start.version-unsupported": "Update the server, or accept the version it offers (accept unsupported versions).",
    "start.no-common-version": "Choose the legacy era, or update the server or the inspector.",
}


#: Characters that would change how a line shows in a terminal or a list: C0 and C1 controls
#: (an ANSI escape in a server's banner), bidirectional overrides.
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def shown(text: str) -> str:
    """``text`` (what a server wrote, or a sentence holding it) as one line to show: its control
    and bidirectional-override characters written as escapes (``\\u001b``), never obeyed."""
    return _CONTROL.sub(_escaped, text)


def _escaped(match: re.Match[str]) -> str:
    c = match.group()
    return {"\t": "\\t", "\n": "\\n", "\r": "\\r"}.get(c) or f"\\u{ord(c):04x}"


def _template(table: Mapping[str, str], check: str, code: str) -> str | None:
    return table.get(f"{check}.{code}") or table.get(f"*.{code}") or table.get(f"{check}.*")


def fill(text: str, values: Mapping[str, str]) -> str:
    """``text`` filled from ``values``; a value missing from them (a translation that kept a name
    this check has no value for) leaves its ``{name}`` as written, never an exception."""

    class Keep(dict[str, str]):
        def __missing__(self, key: str) -> str:
            return "{" + key + "}"

    # a value that is a sentence of its own (an exception's text) loses its full stop: the template has one
    shown = {k: v[:-1] if v.endswith(".") and " " in v else v for k, v in values.items()}
    try:
        return text.format_map(Keep(shown))
    except (ValueError, IndexError):
        return text


def seen_text(check: str, code: str, values: Mapping[str, str], tr: Translate = untranslated) -> str:
    """What was seen, in English (or in ``tr``'s language)."""
    template = _template(SEEN, check, code)
    return fill(tr(CONTEXT, template), values) if template is not None else f"{check}: {code}"


def advice_text(check: str, code: str, values: Mapping[str, str], passed: bool, tr: Translate = untranslated) -> str:
    """What to do, in English or ``tr``'s language ("" for a check that passed, or a code with no advice)."""
    if passed:
        return ""
    template = _template(ADVICE, check, code)
    return fill(tr(CONTEXT, template), values) if template is not None else ""


def title_text(check: str, tr: Translate = untranslated) -> str:
    """What the check asks, in English or ``tr``'s language."""
    return tr(CONTEXT, TITLES[check]) if check in TITLES else check


def all_words() -> list[str]:
    """Every English sentence of the doctor (for the catalogue)."""
    return sorted(set(TITLES.values()) | set(SEEN.values()) | set(ADVICE.values()))


#: a verdict's mark in a front-end's list ("pass", "fail", "warn", "skipped": the Verdict's values)
MARKS: dict[str, str] = {"pass": "✓", "fail": "✗", "warn": "!", "skipped": "–"}
#: a verdict's word (a mark's tooltip), and the front-end's words around the checks
VERDICT_WORDS: dict[str, str] = {
    "title": "Connection Doctor",
    "pass": "passed",
    "fail": "failed",
    "warn": "warning",
    "skipped": "not run",
    "running": "Diagnosing {target}…",
    "ok": "Every check passed: {target}",
    "stopped": "Stopped at the first failure: {title}",
    "todo": "What to do: {advice}",
    "error": "The doctor could not run: {why}",
}


def check_words(
    check: str, verdict: str, code: str, values: Mapping[str, str], tr: Translate = untranslated
) -> tuple[str, str, str, str]:
    """A check's mark, title, what was seen and what to do (``""``: nothing), in ``tr``'s language."""
    advice = advice_text(check, code, values, verdict in ("pass", "skipped"), tr)
    # the advice is put in whole (fill() would drop its full stop, as it does for a value's sentence)
    todo = tr(CONTEXT, VERDICT_WORDS["todo"]).replace("{advice}", shown(advice)) if advice else ""
    seen = "" if verdict == "skipped" else shown(seen_text(check, code, values, tr))
    return MARKS.get(verdict, "?"), title_text(check, tr), seen, todo
