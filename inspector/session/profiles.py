"""Saved servers: what to start and how to talk to it. No Qt; the UI supplies the folder.

A profile holds the command (argv), environment, working directory, era, protocol version,
client capabilities to offer and timeouts, plus the era detected the last time auto mode
ran. Its transport is the name of a registered :class:`~inspector.transport.base.TransportChoice`:
the choice says which fields the profile needs (a command, or a URL with headers: ``problems``
checks those) and makes the transport spec from :meth:`ServerProfile.where` (``to_spec``); no
transport is listed here. Environment values marked secret never reach ``servers.json``: they live in
``secrets.json`` beside it, readable by the user only (0600), and are masked on screen and
in recordings. HTTP headers likewise, and a header is secret whenever its name or value says so
(:func:`header_secret`: Authorization, Cookie, X-Api-Key, a ``Bearer`` token...), whoever typed
it and whether or not it was marked: such a header goes into the transport spec's
``secret_headers``, sent but masked wherever it is shown or recorded. An argument that must
carry a secret (``--token X``, a database URL with a password) names one of those variables
instead: ``${secret:NAME}`` anywhere in an argument is replaced by the value of the server's
environment variable NAME when the server starts (the server gets the variable too), and masked
wherever the command line is shown or recorded.
A URL that carries a secret (a password in its userinfo, an ``api_key=`` query value, a token in
its path, or a secret an import expanded into it: :attr:`ServerProfile.url_kept_secret`) is kept
in ``secrets.json`` too; ``servers.json`` and exports hold it masked (:func:`stored_url`).
A server reached by URL may sign in with OAuth (``oauth``, a pre-registered ``oauth_client_id``,
``oauth_scopes``: :mod:`.oauth_profile`); the client's secret is kept in ``secrets.json`` only
(:data:`OAUTH_SECRET`), never in ``servers.json`` or an export, and the tokens a sign-in gets live
in the same file under the token store's own key (:mod:`.oauth_tokens`), which this store keeps.

The two files are read through pydantic models (:mod:`.documents`; the saved server's is made
from :class:`ServerProfile`'s fields, :func:`saved_server_model`), leniently: a setting of the
wrong type takes its default, a variable without a name is left out, each said as a located,
translatable problem (``load_problems``). pydantic is imported only when there is a file to read.
"""

from __future__ import annotations

import dataclasses
import enum
import os
import re
import shlex
import sys
import uuid
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, get_type_hints
from urllib.parse import urlsplit

import orjson

from inspector.protocol.engine import ClientConfig
from inspector.protocol.framing import DEFAULT_MAX_LINE, MIN_MAX_LINE
from inspector.protocol.jsontypes import JsonObject, JsonValue
from inspector.protocol.versions import LATEST_LEGACY, LATEST_MODERN, LEGACY_VERSIONS, MODERN_VERSIONS, EraMode
from inspector.transport.base import MASK, TransportChoice, TransportKind, TransportSpec, Where

# re-exported: the window reads the transports a user can pick through the saved servers
from inspector.transport.base import Needs as Needs
from inspector.transport.base import transport_choice as transport_choice
from inspector.transport.base import transport_choices as transport_choices

from .oauth_tokens import OAUTH_KEY
from .secrecy import masked_url, secret_header, secret_kind
from .session import SessionOptions

if TYPE_CHECKING:  # pydantic is imported when a store is read, not with the module (probe starts without it)
    from .documents import Document, Failure
    from .imports import ImportProblem

DEMO_ID = "builtin-demo"
STORE_VERSION = 1

# name -> (capability key, value); "elicitation.form"/"elicitation.url" merge into one object
CAPABILITY_CHOICES: dict[str, tuple[str, JsonValue]] = {
    "roots": ("roots", {"listChanged": True}),
    "sampling": ("sampling", {}),
    "elicitation.form": ("elicitation", {"form": {}}),
    "elicitation.url": ("elicitation", {"url": {}}),
    "tasks": (
        "tasks",
        {"list": {}, "cancel": {}, "requests": {"sampling": {"createMessage": {}}, "elicitation": {"create": {}}}},
    ),
}
# which protocol versions define each choice (the rest are trimmed by the engine anyway)
CAPABILITY_VERSIONS: dict[str, tuple[str, ...]] = {
    "roots": LEGACY_VERSIONS + MODERN_VERSIONS,
    "sampling": LEGACY_VERSIONS + MODERN_VERSIONS,
    "elicitation.form": ("2025-06-18", "2025-11-25") + MODERN_VERSIONS,
    "elicitation.url": ("2025-11-25",) + MODERN_VERSIONS,
    "tasks": ("2025-11-25",),
}


def capabilities_from_choices(choices: list[str]) -> JsonObject:
    caps: JsonObject = {}
    for name in choices:
        key, value = CAPABILITY_CHOICES[name]
        if key in caps and isinstance(caps[key], dict):
            caps[key] = {**caps[key], **value}
        else:
            caps[key] = dict(value)
    return caps


HEADER_SECRET = "header:"  # secrets.json: a secret header's value, beside the secret environment variables
URL_SECRET = "url:"  # secrets.json: a URL that carries a secret (servers.json holds it masked)
_TOKEN = re.compile(r"[!#$%&'*+.^_`|~0-9A-Za-z-]+")  # an HTTP header name (RFC 9110 token)
_SCOPE = re.compile(r"[\x21\x23-\x5b\x5d-\x7e]+")  # an OAuth scope-token (RFC 6749 section 3.3)
OAUTH_SECRET = "oauth:client_secret"  # secrets.json: the pre-registered OAuth client's secret


#: What can be wrong with a profile's field: code -> the English sentence, ``{name}`` filled
#: from the problem's values (the UI words the same codes in the user's language).
PROBLEMS: dict[str, str] = {
    "name-missing": "Give the server a name.",
    "transport-unknown": "Unknown transport {transport!r}.",
    "command-missing": "The command to start the server is missing.",
    "url-missing": "The server's URL is missing.",
    "url-unreadable": "{url} cannot be read as a URL: {error}.",
    "url-not-http": "{url} is not an http:// or https:// URL.",
    "url-no-host": "{url} names no host (http://HOST[:PORT]/PATH).",
    "url-port": "{url}: the port must be a number from 1 to 65535.",
    "header-name": "Header name {name!r} is not valid.",
    "header-value": "The value of {name} must be one line of plain ASCII.",
    "era-unknown": "Unknown era {era!r}.",
    "version-unknown": "{version} is not a known protocol version.",
    "version-not-legacy": "{version} is not a legacy (handshake) version.",
    "version-not-modern": "{version} is not a modern version.",
    "env-name": "Environment variable name {name!r} is not valid.",
    "timeout-not-positive": "Timeouts must be positive.",
    "request-time-short": "The longest request time cannot be shorter than the request timeout.",
    "line-limit": "The line limit must be at least {kib} KiB.",
    "cwd-not-folder": "{cwd} is not a folder.",
    "secret-unknown": "No environment variable {names} for ${{secret:…}} to take its value from.",
    "oauth-not-url": "OAuth signs in to a server reached by URL only.",
    "oauth-secret-alone": "A client secret needs the client id it was issued with.",
    "oauth-scopes": "{scope!r} is not a scope (printable ASCII without spaces, quotes or backslashes).",
}


class Problem(str):
    """What is wrong with a field: the English sentence (it is a ``str``: the CLI and the
    importer print it as it is), with its ``code`` in :data:`PROBLEMS` and the ``values`` that
    fill it, for a front-end to word in another language."""

    code: str
    values: dict[str, object]

    def __new__(cls, code: str, **values: object) -> Problem:
        self = super().__new__(cls, PROBLEMS[code].format(**values))
        self.code = code
        self.values = values
        return self

    def __getnewargs_ex__(self) -> tuple[tuple[str], dict[str, object]]:  # copy and pickle make it again from its code
        return (self.code,), dict(self.values)


def split_problem(line: str) -> str | None:
    """Why a command line cannot be split as a shell would (shlex's own words: "No closing
    quotation", "No escaped character"), or None."""
    try:
        shlex.split(line)
    except ValueError as exc:
        return str(exc)
    return None


def url_problem(url: str) -> Problem | None:
    """Why ``url`` cannot be an MCP server's address, or None."""
    text = url.strip()
    if not text:
        return Problem("url-missing")
    try:
        parts = urlsplit(text)
    except ValueError as exc:  # "Invalid IPv6 URL": an unclosed [
        return Problem("url-unreadable", url=text, error=str(exc))
    if parts.scheme.lower() not in ("http", "https") or "://" not in text:
        return Problem("url-not-http", url=text)
    try:
        host, port = parts.hostname, parts.port
    except ValueError:  # not a number, or past 65535
        host, port = parts.hostname, 0
    else:
        port = 1 if port is None else port
    if not host:
        return Problem("url-no-host", url=text)
    if not 1 <= port <= 65535:
        return Problem("url-port", url=text)
    return None


#: ``${secret:NAME}`` in an argument: the value of the profile's environment variable NAME
SECRET_REF = re.compile(r"\$\{secret:([A-Za-z_][A-Za-z0-9_]*)\}")


@dataclass
class EnvVar:
    name: str
    value: str
    secret: bool = False


@dataclass
class ServerProfile:
    name: str
    command: str
    args: list[str] = field(default_factory=list)
    env: list[EnvVar] = field(default_factory=list)
    inherit_env: bool = True
    cwd: str = ""
    era: str = "auto"  # auto | legacy | modern
    protocol_version: str = ""  # "" = the newest of the era
    capabilities: list[str] = field(
        default_factory=lambda: ["roots", "sampling", "elicitation.form", "elicitation.url"]
    )
    connect_timeout: float = 10.0
    probe_timeout: float = 3.0
    start_timeout: float = 60.0  # stdio: how long the server may take to read its first message
    request_timeout: float = 30.0
    stdin_grace: float = 2.0
    term_grace: float = 2.0
    max_request_time: float = 300.0  # hard limit per request, however much progress arrives
    max_line: int = DEFAULT_MAX_LINE  # bytes; longer stdout/stderr lines keep this much
    detected_era: str = ""  # remembered from the last auto-mode session
    roots: list[dict[str, str]] = field(default_factory=list)  # client roots offered to the server: {"uri", "name"}
    transport: str = TransportKind.STDIO  # a registered TransportChoice's name (sse: the 2024-11-05 HTTP+SSE one)
    detected_transport: str = ""  # http-auto: what answered last time (streamable-http or sse), for the URL then
    url: str = ""  # a transport that needs a URL: where the server is
    url_secret: bool = False  # the URL carries a secret no shape shows (an import expanded ${env:…} into it)
    headers: list[EnvVar] = field(default_factory=list)  # with the URL: sent with every request (secret ones masked)
    verify_tls: bool = True  # with the URL: off only for a server whose certificate the user chose to trust
    oauth: bool = False  # with the URL: sign in with OAuth when the server asks (oauth_profile.py)
    oauth_client_id: str = ""  # a pre-registered client ("": registered by the flow)
    oauth_client_secret: str = field(default="", repr=False)  # that client's secret: in secrets.json only
    oauth_scopes: str = ""  # space-separated ("": the server's choice)
    id: str = field(default_factory=lambda: uuid.uuid4().hex[:12])
    builtin: bool = False

    @property
    def argv(self) -> list[str]:
        return [self.command, *self.args]

    @property
    def url_kept_secret(self) -> bool:
        """Whether the URL carries a secret (:func:`url_holds_secret`, or marked by an import):
        then ``secrets.json`` keeps it and ``servers.json`` and exports hold :func:`stored_url`."""
        return self.url_secret or url_holds_secret(self.url)

    @property
    def command_line(self) -> str:
        """The command as one shell-quoted line; "" while there is none (not ``''``)."""
        return shlex.join(self.argv) if self.command or self.args else ""

    def set_command_line(self, line: str) -> None:
        """The command and its arguments from one line, split as a shell would (quotes allowed);
        a line that cannot be split (an open quote: :func:`split_problem`) leaves no command."""
        try:
            argv = shlex.split(line)
        except ValueError:
            argv = []
        self.command, self.args = (argv[0], argv[1:]) if argv else ("", [])

    def reach_at(self, transport: str, url: str) -> None:
        """Reach the server over ``transport`` at ``url``: what was found out last time is
        forgotten when either changed (it was found out for another address or another choice)."""
        if (transport, url) != (self.transport, self.url):
            self.detected_transport = ""
        self.transport, self.url = transport, url

    def problems(self) -> dict[str, Problem]:
        """Field name -> what is wrong, for showing next to the field (a :class:`Problem`: the
        English sentence, with its code and values for other languages)."""
        out: dict[str, Problem] = {}
        if not self.name.strip():
            out["name"] = Problem("name-missing")
        needs = self.needs
        if needs is None:
            out["transport"] = Problem("transport-unknown", transport=self.transport)
        elif needs is Needs.COMMAND and not self.command.strip():
            out["command"] = Problem("command-missing")
        elif needs is Needs.URL:
            problem = url_problem(self.url)
            if problem:
                out["url"] = problem
            for n, h in enumerate(self.headers):
                if not _TOKEN.fullmatch(h.name or ""):
                    out[f"headers.{n}"] = Problem("header-name", name=h.name)
                elif not all(0x20 <= ord(c) <= 0x7E or c == "\t" for c in h.value):
                    out[f"headers.{n}"] = Problem("header-value", name=h.name)
        out.update(self._oauth_problems(needs))
        if self.era not in ("auto", "legacy", "modern"):
            out["era"] = Problem("era-unknown", era=self.era)
        v = self.protocol_version
        if v:
            if v not in LEGACY_VERSIONS + MODERN_VERSIONS:
                out["protocol_version"] = Problem("version-unknown", version=v)
            elif self.era == "legacy" and v not in LEGACY_VERSIONS:
                out["protocol_version"] = Problem("version-not-legacy", version=v)
            elif self.era == "modern" and v not in MODERN_VERSIONS:
                out["protocol_version"] = Problem("version-not-modern", version=v)
        for n, var in enumerate(self.env):
            if not var.name or "=" in var.name or "\0" in var.name:
                out[f"env.{n}"] = Problem("env-name", name=var.name)
        for key in ("connect_timeout", "probe_timeout", "start_timeout", "request_timeout", "max_request_time"):
            if getattr(self, key) <= 0:
                out[key] = Problem("timeout-not-positive")
        if self.max_request_time < self.request_timeout:
            out["max_request_time"] = Problem("request-time-short")
        if not isinstance(self.max_line, int) or self.max_line < MIN_MAX_LINE:
            out["max_line"] = Problem("line-limit", kib=MIN_MAX_LINE // 1024)
        if self.cwd and not Path(self.cwd).is_dir():
            out["cwd"] = Problem("cwd-not-folder", cwd=self.cwd)
        names = {v.name for v in self.env}
        unknown = sorted({m.group(1) for arg in self.args for m in SECRET_REF.finditer(arg)} - names)
        if unknown and needs is Needs.COMMAND:
            out["args"] = Problem("secret-unknown", names=", ".join(unknown))
        return out

    def _oauth_problems(self, needs: Needs | None) -> dict[str, Problem]:
        """What is wrong with the OAuth settings (none while OAuth is off)."""
        if not self.oauth:
            return {}
        if needs is not Needs.URL:
            return {"oauth": Problem("oauth-not-url")}
        out: dict[str, Problem] = {}
        if self.oauth_client_secret and not self.oauth_client_id.strip():
            out["oauth_client_id"] = Problem("oauth-secret-alone")
        bad = next((s for s in self.oauth_scopes.split() if not _SCOPE.fullmatch(s)), None)
        if bad is not None:
            out["oauth_scopes"] = Problem("oauth-scopes", scope=bad)
        return out

    def expanded_argv(self) -> tuple[list[str], list[str] | None]:
        """argv with each ``${secret:NAME}`` replaced by the value of environment variable NAME,
        and argv as it may be shown (a secret variable's value masked); the second is None when
        no argument names one."""
        if not any("${secret:" in arg for arg in self.args):
            return self.argv, None
        values = {v.name: v for v in self.env}

        def put(arg: str, shown: bool) -> str:
            def one(m: re.Match[str]) -> str:
                var = values.get(m.group(1))
                if var is None:
                    return m.group(0)  # problems() says so; the server gets it as written
                return MASK if shown and var.secret else var.value

            return SECRET_REF.sub(one, arg)

        return [self.command, *(put(a, False) for a in self.args)], [self.command, *(put(a, True) for a in self.args)]

    @property
    def choice(self) -> TransportChoice | None:
        """The transport a user picked for this server (None: one no module registered)."""
        return transport_choice(self.transport)

    @property
    def needs(self) -> Needs | None:
        """What the picked transport takes: a command (with its environment) or a URL (with headers)."""
        choice = self.choice
        return choice.needs if choice is not None else None

    def where(self) -> Where:
        """Where the server is, every field of it, secrets sorted out: ``${secret:NAME}``
        expanded (and masked where shown), each header sent or sent secretly
        (:func:`header_secret`), a header value's edges trimmed as HTTP trims them."""
        argv, shown = self.expanded_argv()
        headers = [(h.name.strip(), h.value.strip(), header_secret(h)) for h in self.headers]
        return Where(
            argv=argv,
            shown_argv=shown,
            env={v.name: v.value for v in self.env},
            inherit_env=self.inherit_env,
            cwd=self.cwd or None,
            url=self.url.strip(),
            headers={name: value for name, value, secret in headers if not secret},
            secret_headers={name: value for name, value, secret in headers if secret},
            verify_tls=self.verify_tls,
            found=self.detected_transport,
        )

    def to_spec(self) -> TransportSpec:
        """The transport spec: how to reach this server, made by the picked transport's
        registration (:class:`~inspector.transport.base.TransportChoice`) from :meth:`where`."""
        choice = self.choice
        if choice is None:
            raise ValueError(Problem("transport-unknown", transport=self.transport))
        return choice.spec(self.where())

    def to_options(
        self,
        *,
        step: bool = False,
        record_path: Path | None = None,
        freeze_gc: bool = False,
        accept_unsupported_version: bool = False,
    ) -> SessionOptions:
        """Everything a session needs, for the window and the command line alike."""
        era = EraMode(self.era)
        legacy_version, modern_version = LATEST_LEGACY, LATEST_MODERN
        if self.protocol_version in LEGACY_VERSIONS:
            legacy_version = self.protocol_version
            if era is EraMode.AUTO:
                era = EraMode.LEGACY
        elif self.protocol_version in MODERN_VERSIONS:
            modern_version = self.protocol_version
        config = ClientConfig(
            era=era,
            legacy_version=legacy_version,
            modern_version=modern_version,
            capabilities=capabilities_from_choices(self.capabilities),
            accept_unsupported_version=accept_unsupported_version,
        )
        return SessionOptions(
            transport=self.to_spec(),
            config=config,
            connect_timeout=self.connect_timeout,
            probe_timeout=min(self.probe_timeout, self.connect_timeout),
            start_timeout=self.start_timeout,
            request_timeout=self.request_timeout,
            max_request_timeout=max(self.max_request_time, self.request_timeout),
            max_line=max(int(self.max_line), MIN_MAX_LINE),
            stdin_grace=self.stdin_grace,
            term_grace=self.term_grace,
            step=step,
            record_path=record_path,
            freeze_gc=freeze_gc,
        )

    def masked_env(self) -> dict[str, str]:
        """The environment as it may be shown or recorded: secret values masked."""
        return {v.name: (MASK if v.secret else v.value) for v in self.env}


def demo_args(lang: str = "en") -> list[str]:
    """The built-in demo's arguments (after ``sys.executable``); it speaks ``lang`` (en or zh_CN)
    in its titles and forms. A frozen bundle (packaging/) has no python: its executable runs the
    demo itself when its first argument is ``--demo-server`` (inspector/__main__.py)."""
    lead = ["--demo-server"] if getattr(sys, "frozen", False) else ["-m", "inspector.demo"]
    return [*lead, *(["--lang", lang] if lang != "en" else [])]


def demo_speaks(profiles: Iterable[ServerProfile], lang: str) -> None:
    """The built-in demo among ``profiles`` speaks ``lang`` (the window's language) in its titles
    and forms: its arguments say so."""
    for p in profiles:
        if p.builtin:
            p.args = demo_args(lang)


def demo_profile(lang: str = "en") -> ServerProfile:
    """The built-in demo server, always first in the list."""
    return ServerProfile(
        name="Demo server (built in)",
        command=sys.executable,
        args=demo_args(lang),
        capabilities=["roots", "sampling", "elicitation.form", "elicitation.url", "tasks"],
        id=DEMO_ID,
        builtin=True,
    )


class ProfileStore:
    """``servers.json`` (+ ``secrets.json``, mode 0600) in a folder the caller chooses."""

    def __init__(self, directory: Path) -> None:
        self.directory = Path(directory)
        self.path = self.directory / "servers.json"
        self.secrets_path = self.directory / "secrets.json"
        self.unread = False  # placeholder() was shown and load() has not run yet: save() writes nothing
        self.load_problems: list[ImportProblem] = []

    def placeholder(self) -> list[ServerProfile]:
        """What a window lists before :meth:`load` (the window paints first, then reads the files,
        which imports pydantic): the demo alone. Until :meth:`load` has run, :meth:`save` writes
        nothing, so a window closed before the read cannot replace the saved servers with this."""
        self.unread = True
        return [demo_profile()]

    def load(self) -> list[ServerProfile]:
        """The demo and the saved servers. Whatever the files hold (edited by hand, cut, not
        JSON), nothing raises: what cannot be read is left out or takes its default
        (:func:`.documents.lenient`), and ``load_problems`` says so: the importer's located,
        translatable problems (:class:`.imports.ImportProblem`), naming the file and the JSON path."""
        profiles: list[ServerProfile] = []
        problems: list[ImportProblem] = []
        secrets, data = _read_object(self.secrets_path, problems), _read_object(self.path, problems)
        secrets.pop(OAUTH_KEY, None)  # the OAuth token store's (oauth_tokens.py), no server's
        held_by_id: dict[str, dict[str, str]] = {}
        servers: list[JsonObject] = []
        if secrets or data:  # pydantic is imported when there is something to read (not at a first start)
            from .documents import SecretsDocument, ServersDocument, lenient

            held_by_id = lenient(
                SecretsDocument, secrets, _saying(self.secrets_path, "$", problems, field="left_out")
            ).root
            servers = lenient(ServersDocument, data, _saying(self.path, "$", problems)).servers
        demo = demo_profile()
        for n, item in enumerate(servers):
            p = _profile_from_json(item, f"$.servers[{n}]", self.path, problems)
            held = held_by_id.get(p.id, {})
            for var in p.env:
                if var.secret:
                    var.value = held.get(var.name, "")
            for header in p.headers:
                if header.secret:
                    header.value = held.get(HEADER_SECRET + header.name, "")
            p.oauth_client_secret = held.get(OAUTH_SECRET, "")
            real_url = held.get(URL_SECRET)
            if real_url is not None and stored_url(real_url, p.url_secret) == p.url:  # else edited by hand since
                p.url = real_url
            if p.id == DEMO_ID:  # keep the user's settings, but the command is always ours
                p.command, p.args, p.builtin, p.name = demo.command, demo.args, True, demo.name
                demo = p
                continue
            profiles.append(p)
        self.load_problems = problems
        self.unread = False
        return [demo, *profiles]

    def save(self, profiles: list[ServerProfile]) -> None:
        """Write both files; nothing while the files are unread (:meth:`placeholder`)."""
        if self.unread:
            return
        self.directory.mkdir(parents=True, exist_ok=True)
        servers = []
        secrets: dict[str, dict[str, str]] = {}
        for p in profiles:
            d = asdict(p)
            d["env"] = [{"name": v.name, "value": "" if v.secret else v.value, "secret": v.secret} for v in p.env]
            secret = [header_secret(h) for h in p.headers]
            d["headers"] = [
                {"name": h.name, "value": "" if s else h.value, "secret": s}
                for h, s in zip(p.headers, secret, strict=True)
            ]
            hidden = {v.name: v.value for v in p.env if v.secret}
            hidden.update({HEADER_SECRET + h.name: h.value for h, s in zip(p.headers, secret, strict=True) if s})
            if p.oauth_client_secret:
                d["oauth_client_secret"] = ""
                hidden[OAUTH_SECRET] = p.oauth_client_secret
            if p.url_kept_secret:
                d["url"] = stored_url(p.url, p.url_secret)
                hidden[URL_SECRET] = p.url
            servers.append(d)
            if hidden:
                secrets[p.id] = hidden
        written: JsonObject = dict(secrets)
        kept = _read_object(self.secrets_path, []).get(OAUTH_KEY)
        if kept is not None:  # the OAuth tokens (oauth_tokens.py) are not the profiles' to drop
            written[OAUTH_KEY] = kept
        _atomic_write(
            self.path, orjson.dumps({"version": STORE_VERSION, "servers": servers}, option=orjson.OPT_INDENT_2)
        )
        _atomic_write(self.secrets_path, orjson.dumps(written), mode=0o600)


def url_holds_secret(url: str) -> bool:
    """Whether ``url`` carries a secret: a password in its userinfo, a query value named or
    shaped like one (:func:`.secrecy.masked_url` masks those), or a token's shape anywhere in it
    (:func:`.secrecy.secret_kind`)."""
    return bool(url) and (masked_url(url) != url or secret_kind(url) is not None)


def stored_url(url: str, secret: bool) -> str:
    """``url`` as ``servers.json`` and an export hold it: as it is when it carries no secret;
    else with the secret parts masked (:func:`.secrecy.masked_url`), or, when the secret is not in
    a part that can be masked alone (a token in the path, a value an import expanded), as the
    scheme and a mask. The URL itself is then kept in ``secrets.json``."""
    if not (secret or url_holds_secret(url)):
        return url
    shown = masked_url(url)
    if shown != url and secret_kind(shown.replace(MASK, "")) is None:  # nothing left once the masks are out
        return shown
    scheme, colon, _ = url.partition(":")
    return f"{scheme}://{MASK}" if colon and scheme.isalpha() else MASK


def header_secret(header: EnvVar) -> bool:
    """Whether a header's value is kept secret: marked so (by the user, an import or
    ``--bearer-env``), or judged so by its name or value (:func:`.secrecy.secret_header`:
    Authorization, Cookie, X-Api-Key, a ``Bearer`` token...), wherever it was typed. A secret
    header is sent but masked in every output, and kept in ``secrets.json``."""
    return header.secret or secret_header(header.name, header.value)


def _read_object(path: Path, problems: list[ImportProblem]) -> JsonObject:
    """The JSON object in ``path``: empty when there is no such file, or a problem says why
    not (the file cannot be read, is not JSON, holds no object)."""
    from .config_files import UnreadableFile, read_user_file
    from .imports import MAX_BYTES, kind_of, make_problem

    try:
        data = orjson.loads(read_user_file(path, MAX_BYTES))
    except UnreadableFile as exc:
        if exc.why != "no such file":
            problems.append(make_problem(str(path), "$", "cannot_read", skipped=True, path=path, why=exc.why))
        return {}
    except orjson.JSONDecodeError as exc:
        where = make_problem(
            str(path), "", "bad_json", skipped=True, place="line_column", line=exc.lineno, column=exc.colno, why=exc.msg
        )
        problems.append(where)
        return {}
    if not isinstance(data, dict):
        problems.append(make_problem(str(path), "$", "not_object", skipped=True, kind=kind_of(data)))
        return {}
    return data


@cache
def saved_server_model() -> type[Document]:
    """A saved server as ``servers.json`` holds it: the fields of :class:`ServerProfile`, each of
    its type (strict: ``"10"`` is no number), variables and headers as :class:`SavedPair`, roots
    as :class:`SavedRoot`, an argument of any JSON value taken as its text. Made from the
    dataclass, so that a new setting is saved and read without a second list of fields."""
    from pydantic import Field, create_model

    from .documents import Document, SavedPair, SavedRoot, Text

    hints = get_type_hints(ServerProfile)
    kinds: dict[str, Any] = {
        "env": list[SavedPair],
        "headers": list[SavedPair],
        "args": list[Text],
        "roots": list[SavedRoot],
    }
    fields: dict[str, Any] = {}
    for f in dataclasses.fields(ServerProfile):
        if f.default is not dataclasses.MISSING:
            default: Any = f.default
        elif f.default_factory is not dataclasses.MISSING:
            default = Field(default_factory=f.default_factory)
        else:
            default = ""  # name and command: a saved server without one is still read
        kind = kinds.get(f.name, hints[f.name])
        if isinstance(kind, type) and issubclass(kind, enum.Enum):  # saved as its value: read from it
            kind = Annotated[kind, Field(strict=False)]
        fields[f.name] = (kind, default)
    return create_model("SavedServer", __base__=Document, **fields)


def _saying(
    file: Path, base: str, problems: list[ImportProblem], field: str = "default_used"
) -> Callable[[Failure], None]:
    """Each failure at ``base`` in ``file`` as a located problem (``field``: the words for a
    member that takes its default)."""
    from .imports import failure_problem

    return lambda failure: problems.append(failure_problem(str(file), base, failure, field=field, item="left_out"))


def _profile_from_json(d: JsonObject, where: str, file: Path, problems: list[ImportProblem]) -> ServerProfile:
    """A saved server; a setting of the wrong type takes its default, a variable, header or
    root that cannot be read is left out (said in ``problems``)."""
    from .documents import lenient

    saved = lenient(saved_server_model(), d, _saying(file, where, problems))
    values = dict(saved)
    values["env"] = [EnvVar(v.name, v.value, v.secret) for v in saved.env]  # type: ignore[attr-defined]
    values["headers"] = [EnvVar(h.name, h.value, h.secret) for h in saved.headers]  # type: ignore[attr-defined]
    values["roots"] = [r.model_dump() for r in saved.roots]  # type: ignore[attr-defined]
    return ServerProfile(**values)


def _atomic_write(path: Path, data: bytes, mode: int = 0o644) -> None:
    tmp = path.with_suffix(path.suffix + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode)
    try:
        os.write(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)
    os.chmod(tmp, mode)
    os.replace(tmp, path)
