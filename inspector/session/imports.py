"""Servers from other clients' configuration files, and a saved server as such an entry. No Qt.

Theory of operation
-------------------
:func:`read_config` (a path) and :func:`parse_config` (text with a file name and an optional
format) turn one configuration file into an :class:`ImportResult`: the servers found, each
mapped to a :class:`~.profiles.ServerProfile` (a command to start over stdio, or a URL with a
transport), the prompted :class:`ImportInput` fields the file defines, and every
:class:`ImportProblem`: what could not be mapped and why, naming the file and the JSON path
(``claude_desktop_config.json: $.mcpServers.foo.args[2]: expected a string``). A problem that
left a server (or the whole file) out says so (``skipped``); the others were worked around.
``entries`` names every server the file defines, those left out too (:meth:`ImportResult.left_out`
says why each was). Nothing here raises on what a file holds: bad JSON is a problem with its
line and column; a file that cannot be read says why (:func:`.config_files.read_user_file`,
shared with ``envFile``: no such file, a symbolic link loop, a folder, a FIFO, permission
denied; never blocks, never reads past :data:`MAX_BYTES`); an integer longer than Python
converts is a number like any other (:class:`.config_files.LongNumber`); a server key written
twice is said (the last one wins).

Shapes. The formats are pydantic models (:mod:`.documents`, imported when a file is read): the
exporter writes them; ``server.json`` and VS Code's ``inputs`` are read through them, a member
of the wrong type said at its JSON path (code ``expected``, or the member's own) and taking its
default. A server entry's members, whose wrong values have their own words and skip rules, are
judged here. ``envFile``: python-dotenv's parser. A file's bytes and JSONC: :mod:`.config_files`.

Formats (:data:`FORMATS`), detected from the content and the file name unless one is given:

- ``claude-desktop``: ``claude_desktop_config.json``, ``mcpServers``: name → command, args, env.
- ``vscode``: VS Code's ``mcp.json`` (user or ``.vscode/``), ``servers``: name → ``type``
  (stdio, http, sse), command, args, env, ``envFile``, cwd, url, headers; and ``inputs``: the
  prompts ``${input:ID}`` refers to. Comments and trailing commas are accepted (JSONC).
- ``cursor``: ``~/.cursor/mcp.json`` or ``.cursor/mcp.json``, ``mcpServers`` (url and headers for
  a remote server).
- ``windsurf``: ``mcp_config.json``, ``mcpServers`` (``serverUrl`` for a remote server).
- ``mcp-inspector``: the official MCP Inspector's ``--config`` file, ``mcpServers`` with ``type``
  stdio, sse or streamable-http.
- ``mcp-servers``: any other file with ``mcpServers`` (the same mapping).
- ``registry``: an MCP registry ``server.json``: each package (npm → npx, pypi → uvx, oci →
  docker, nuget → dnx, or its ``runtimeHint``) becomes a stdio server, each remote a URL server.

Variables. VS Code, Cursor, Windsurf and plain ``mcpServers`` files: ``${userHome}``,
``${pathSeparator}`` (``${/}``) and ``${env:NAME}`` (from the inspector's environment, at
import) are replaced; ``${workspaceFolder}`` and ``${workspaceFolderBasename}`` are replaced for
a file in a workspace's ``.vscode`` or ``.cursor`` folder and left as written (a problem) for a
user-level file; any other variable is left as written (a problem). ``${input:ID}`` becomes an
input field for the person importing; its value is put in at import. Claude Desktop and the
MCP Inspector expand nothing: a ``${...}`` there is left as written and noted. Registry
``{name}`` variables and environment variables without a value become input fields too.

Secrets. An environment value or header is secret when it holds a password input, the registry
marks it ``isSecret``, its name looks like one (Authorization, Cookie, or containing token,
key, secret, password, auth, credential; PAT, PASS or PW as a word), or its value does
(:func:`secret_kind`: a URL with a password, a token of a well-known shape, a long random
string). Secret values go to the profile store's ``secrets.json``, never ``servers.json``. A
secret in an argument (:func:`secret_argument` judges one, also by the flag before it) moves to
a secret variable the argument names (``${secret:NAME}``, filled in when the server starts),
said at its JSON path; a secret in a URL cannot be kept apart, and is said.

Messages. A problem keeps its English template (:data:`MESSAGES`) and its arguments apart, so
that the UI can show it translated (context "Imports"); ``message`` and ``str()`` are English.
The problems and their words are :mod:`.import_problems` (re-exported here).

:func:`default_locations` (in :mod:`.config_files`) lists where each client keeps its file on
this platform; :func:`export_entry` (in :mod:`.client_export`) writes a saved server as an
entry of a client's file (``mcpServers``, or ``servers`` for VS Code), in the shape that client
reads, secrets left out.
"""

from __future__ import annotations

import copy
import io
import json
import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar
from urllib.parse import parse_qsl, urlsplit

from inspector.protocol.jsontypes import JsonObject, JsonValue
from inspector.protocol.links import TransportKind

from .client_export import EXPORT_CLIENTS as EXPORT_CLIENTS  # re-exported: a saved server as a client's entry
from .client_export import ExportedEntry as ExportedEntry
from .client_export import export_entry as export_entry
from .config_files import ConfigLocation as ConfigLocation  # re-exported: where the files are, and JSONC
from .config_files import FileTooLarge, LongNumber, UnreadableFile, json_path, loads_config, read_user_file
from .config_files import default_locations as default_locations
from .config_files import existing_locations as existing_locations
from .config_files import strip_jsonc as strip_jsonc
from .import_formats import FORMATS as FORMATS  # re-exported: format id -> the client's name
from .import_problems import JSON_ERRORS as JSON_ERRORS  # re-exported: the problems' words
from .import_problems import KINDS as KINDS
from .import_problems import MESSAGES as MESSAGES
from .import_problems import PLACES as PLACES
from .import_problems import WORDS as WORDS
from .import_problems import ImportProblem as ImportProblem
from .import_problems import failure_problem as failure_problem
from .import_problems import kind_of as kind_of
from .import_problems import make_problem as make_problem
from .import_problems import problem_with
from .profiles import SECRET_REF, EnvVar, ServerProfile, header_secret
from .secrecy import NAME_WORDS as _NAME_WORDS
from .secrecy import VARIABLE, Word, looks_secret, secret_argument, secret_kind

if TYPE_CHECKING:  # pydantic and python-dotenv are imported when a file is read or written, not with
    from pydantic import BaseModel  # the module: probe starts without them

    from .documents import Failure, RegistryInput

#: formats whose values may hold ``${...}`` variables the client expands
_EXPANDING = ("vscode", "cursor", "windsurf", "mcp-servers")
MAX_BYTES = 8 << 20  # a configuration file larger than this is not read

#: ``type`` as the files write it (the host formats' own names, strings) -> the profile's transport
_TRANSPORT_TYPES = {
    "stdio": TransportKind.STDIO,
    "http": TransportKind.HTTP_AUTO,
    "streamable-http": TransportKind.STREAMABLE_HTTP,
    "streamablehttp": TransportKind.STREAMABLE_HTTP,
    "streamable_http": TransportKind.STREAMABLE_HTTP,
    "sse": TransportKind.SSE,
}
_VAR = VARIABLE
_INPUT_REF = re.compile(r"\$\{input:([^}]+)\}")
M = TypeVar("M", bound="BaseModel")


@dataclass(frozen=True)
class ImportInput:
    """A value the person importing types in: a VS Code input, a registry variable or setting."""

    id: str
    label: str  # what to type in (a registry input: the variable's, header's or argument's name and description)
    password: bool = False
    default: str = ""
    required: bool = False
    choices: tuple[str, ...] = ()
    server: str = ""  # the server entry it belongs to ("" for a file-wide VS Code input)


@dataclass
class FoundServer:
    """One server of a file. ``profile``'s values may still hold ``${input:ID}`` placeholders
    for the ids in ``inputs``; :meth:`ImportResult.profile` puts the values in."""

    key: str  # its name in the file
    path: str  # JSON path of its entry
    profile: ServerProfile
    inputs: tuple[str, ...] = ()
    #: optional inputs that are whole arguments -> the named flag before each ("" for none):
    #: left empty, the argument (and its flag) is left out
    optional_args: dict[str, str] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return self.profile.name

    def target(self) -> str:
        """What it starts or where it connects, as one line."""
        return self.profile.command_line if self.profile.transport == TransportKind.STDIO else self.profile.url


@dataclass
class ImportResult:
    file: str
    format: str | None
    servers: list[FoundServer] = field(default_factory=list)
    #: every server entry the file defines, in order, by its name: the servers found and those
    #: left out (a problem with ``skipped`` naming it says why)
    entries: list[str] = field(default_factory=list)
    problems: list[ImportProblem] = field(default_factory=list)
    inputs: dict[str, ImportInput] = field(default_factory=dict)
    path: Path | None = None

    @property
    def format_name(self) -> str:
        return FORMATS.get(self.format or "", "unknown format")

    def server(self, name: str) -> FoundServer | None:
        """The server called ``name`` in the file (or, failing that, whose profile is)."""
        for s in self.servers:
            if s.key == name:
                return s
        return next((s for s in self.servers if s.name == name), None)

    def left_out(self) -> dict[str, list[ImportProblem]]:
        """The entries that could not be mapped -> the problems that left each out."""
        found = {s.key for s in self.servers}
        out: dict[str, list[ImportProblem]] = {key: [] for key in self.entries if key not in found}
        for p in self.problems:
            if p.skipped and p.server in out:
                out[p.server].append(p)
        return out

    def problems_of(self, server: FoundServer | None) -> list[ImportProblem]:
        """The file's own problems and those of ``server``."""
        key = server.key if server is not None else None
        return [p for p in self.problems if not p.server or p.server == key]

    def inputs_of(self, servers: Iterable[FoundServer]) -> list[ImportInput]:
        ids: dict[str, None] = {}
        for s in servers:
            ids.update(dict.fromkeys(s.inputs))
        return [self.inputs[i] for i in ids if i in self.inputs]

    def unfilled(self, servers: Iterable[FoundServer], values: Mapping[str, str]) -> list[ImportInput]:
        """Required inputs of ``servers`` that have neither a value nor a default."""
        return [i for i in self.inputs_of(servers) if i.required and not (values.get(i.id) or i.default)]

    def unprompted(self, servers: Iterable[FoundServer], values: Mapping[str, str]) -> list[ImportInput]:
        """What a run that cannot prompt (``probe``) lacks: :meth:`unfilled`, and the VS Code
        inputs (which VS Code always prompts for) given no value, not even an empty one, that
        have no default: left out, they would be sent empty (``Authorization: Bearer ``)."""
        return [
            i
            for i in self.inputs_of(servers)
            if (i.required and not (values.get(i.id) or i.default))
            or (not i.server and i.id not in values and not i.default)
        ]

    def profile(self, server: FoundServer, values: Mapping[str, str]) -> ServerProfile:
        """``server``'s profile with the inputs put in (a value, else the input's default), a
        fresh id. A variable or header whose whole value was an input left empty is not set."""
        p = copy.deepcopy(server.profile)
        p.id = ServerProfile(name="", command="").id

        def sub(text: str) -> str:
            def one(m: re.Match[str]) -> str:
                ident = m.group(1)
                if ident not in server.inputs or ident not in self.inputs:
                    return m.group(0)
                return values.get(ident) or self.inputs[ident].default

            return _INPUT_REF.sub(one, text)

        def kept(var: EnvVar) -> bool:
            return not (_INPUT_REF.fullmatch(var.value) and not sub(var.value))

        p.command = sub(p.command)
        args: list[str] = []
        held = {v.name: v.value for v in p.env if v.secret}
        for a in p.args:
            ref = SECRET_REF.fullmatch(a)  # an argument's secret moved to a variable: its input decides
            m = _INPUT_REF.fullmatch(held.get(ref.group(1), "") if ref else a)
            if m and m.group(1) in server.optional_args and not sub(a):
                flag = server.optional_args[m.group(1)]
                if flag and args and args[-1] == flag:
                    args.pop()
                continue
            args.append(sub(a))
        p.args = args
        p.cwd = sub(p.cwd)
        p.url = sub(p.url)
        p.env = [EnvVar(v.name, sub(v.value), v.secret) for v in p.env if kept(v)]
        p.headers = [EnvVar(h.name, sub(h.value), h.secret) for h in p.headers if kept(h)]
        for h in p.headers:  # an input's value may be what makes a header secret
            h.secret = header_secret(h)
        return p


def unique_name(name: str, taken: Iterable[str]) -> str:
    """``name``, or ``name (2)``, ``name (3)``... whichever is not taken yet."""
    used = set(taken)
    base = name.strip() or "server"
    if base not in used:
        return base
    n = 2
    while f"{base} ({n})" in used:
        n += 1
    return f"{base} ({n})"


def import_profiles(
    result: ImportResult, servers: Iterable[FoundServer], values: Mapping[str, str], taken: Iterable[str]
) -> list[ServerProfile]:
    """The profiles to add for the chosen ``servers``: inputs put in, names made unique among
    ``taken`` and each other."""
    names = list(taken)
    out = []
    for s in servers:
        p = result.profile(s, values)
        p.name = unique_name(p.name, names)
        names.append(p.name)
        out.append(p)
    return out


# ---------------------------------------------------------------------- reading


@dataclass(frozen=True)
class Surroundings:
    """What variables expand to: the user's home, the environment, the workspace folder."""

    home: Path
    env: Mapping[str, str]
    workspace: Path | None = None

    @classmethod
    def here(cls, path: Path | None = None) -> Surroundings:
        """This process's home and environment; the workspace is the folder holding the file's
        ``.vscode`` or ``.cursor`` folder, if it is in one."""
        workspace = None
        if path is not None:
            parent = Path(path).absolute().parent
            if parent.name in (".vscode", ".cursor"):
                workspace = parent.parent
        return cls(Path.home(), dict(os.environ), workspace)


def read_config(path: str | Path, fmt: str | None = None, *, surroundings: Surroundings | None = None) -> ImportResult:
    """The servers of the configuration file at ``path`` (format detected unless given)."""
    path = Path(path)
    name = path.name
    try:
        data = read_user_file(path, MAX_BYTES)
    except FileTooLarge:
        return ImportResult(
            name, fmt, problems=[make_problem(name, "$", "too_large", skipped=True, mib=MAX_BYTES >> 20)], path=path
        )
    except UnreadableFile as exc:
        return ImportResult(
            name,
            fmt,
            problems=[make_problem(name, "$", "cannot_read", skipped=True, path=path, why=exc.why)],
            path=path,
        )
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        return ImportResult(
            name,
            fmt,
            problems=[make_problem(name, "", "not_utf8", skipped=True, place="byte", offset=exc.start)],
            path=path,
        )
    result = parse_config(
        text, file=name, fmt=fmt, surroundings=surroundings or Surroundings.here(path), base=path.absolute().parent
    )
    result.path = path
    return result


def parse_config(
    text: str,
    *,
    file: str = "mcp.json",
    fmt: str | None = None,
    surroundings: Surroundings | None = None,
    base: Path | None = None,
) -> ImportResult:
    """The servers of one configuration file's ``text``; ``file`` names it in problems (and
    helps detect the format); ``base`` is the folder relative paths (envFile) start from."""
    if fmt is not None and fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r} (known: {', '.join(FORMATS)})")
    try:
        data = loads_config(text)
    except json.JSONDecodeError as exc:
        why = Word(exc.msg) if exc.msg in JSON_ERRORS else exc.msg
        return ImportResult(
            file,
            fmt,
            problems=[
                make_problem(
                    file, "", "bad_json", skipped=True, place="line_column", line=exc.lineno, column=exc.colno, why=why
                )
            ],
        )
    except RecursionError:
        return ImportResult(file, fmt, problems=[make_problem(file, "$", "too_deep", skipped=True)])
    if not isinstance(data, dict):
        return ImportResult(
            file, fmt, problems=[make_problem(file, "$", "not_object", skipped=True, kind=kind_of(data))]
        )
    fmt = fmt or detect_format(data, file, base)
    result = ImportResult(file, fmt)
    if fmt is None:
        result.problems.append(make_problem(file, "$", "unknown_format", skipped=True))
        return result
    reader = _Reader(result, surroundings or Surroundings.here(), base)
    try:
        if fmt == "registry":
            reader.registry(data)
        elif fmt == "vscode":
            reader.vscode(data)
        else:
            reader.mcp_servers(data)
    except RecursionError:  # a value nested too deeply to look at (JSON just within the parser's depth)
        result.servers.clear()
        result.problems.append(make_problem(file, "$", "too_deep", skipped=True))
    return result


def detect_format(data: JsonValue, file: str = "", folder: Path | None = None) -> str | None:
    """Which client wrote ``data`` (a parsed file), from its shape, its name and its folder."""
    if not isinstance(data, dict):
        return None
    name = Path(file).name.lower()
    parts = {p.lower() for p in Path(file).parts}
    if folder is not None:
        parts.update(p.lower() for p in Path(folder).parts[-2:])
    schema = data.get("$schema")
    if (isinstance(schema, str) and "server.schema" in schema) or (
        "name" in data and ("packages" in data or "remotes" in data)
    ):
        return "registry"
    if "servers" in data or isinstance(data.get("mcp"), dict):
        return "vscode"
    servers = data.get("mcpServers")
    if servers is None:
        return None
    entries = [e for e in servers.values() if isinstance(e, dict)] if isinstance(servers, dict) else []
    if name == "claude_desktop_config.json":
        return "claude-desktop"
    if name == "mcp_config.json" or any("serverUrl" in e for e in entries):
        return "windsurf"
    if ".cursor" in parts:
        return "cursor"
    if any(e.get("type") in ("streamable-http", "sse", "stdio") for e in entries):
        return "mcp-inspector"
    return "mcp-servers"


def _shown(text: str, limit: int = 80) -> str:
    """``text`` quoted for a message, cut to ``limit`` characters."""
    return repr(text if len(text) <= limit else text[: limit - 3] + "...")


class _Reader:
    """Maps one parsed file into its result, collecting problems as it goes."""

    def __init__(self, result: ImportResult, where: Surroundings, base: Path | None) -> None:
        from . import documents  # pydantic: imported when a file is read

        self.docs = documents
        self.result = result
        self.where = where
        self.base = base
        self.server = ""  # the entry being read (problems name it)
        self.used: dict[str, None] = {}  # input ids the entry uses, in order

    # -- problems and values

    def problem(self, path: str, code: str, /, *, skipped: bool = False, **args: object) -> None:
        """Says :data:`MESSAGES` ``[code]`` with ``args`` about ``path``."""
        self.result.problems.append(
            problem_with(self.result.file, path, code, args, server=self.server, skipped=skipped)
        )

    def model(self, model: type[M], data: JsonObject, path: str, **codes: str) -> M:
        """``data`` (an object at ``path``) as ``model``: a member of the wrong type is said, at
        its JSON path, and takes its default (``codes``: a member's own words for it, else
        "expected a string, found a number"); a list item of the wrong type is left out."""

        def said(failure: Failure) -> None:
            self.result.problems.append(failure_problem(self.result.file, path, failure, server=self.server, **codes))

        return self.docs.lenient(model, data, said)

    def text(self, value: JsonValue, path: str) -> str | None:
        """A string value with its variables expanded; numbers and booleans are taken as their
        JSON text (noted); anything else is a problem and None."""
        if isinstance(value, str):
            return self.expand(value, path)
        if isinstance(value, (int, float, bool, LongNumber)):
            written = str(value) if isinstance(value, LongNumber) else json.dumps(value)
            self.problem(path, "expected_used_as", what=KINDS[str], kind=kind_of(value), written=_shown(written))
            return written
        self.problem(path, "expected", what=KINDS[str], kind=kind_of(value))
        return None

    def expand(self, value: str, path: str) -> str:
        fmt = self.result.format
        if fmt not in _EXPANDING:
            found = _VAR.search(value)
            if found:
                self.problem(path, "no_expansion", client=FORMATS.get(fmt or "", fmt), var=found.group(0))
            return value

        def one(m: re.Match[str]) -> str:
            var = m.group(1)
            if var.startswith("input:"):
                ident = var[6:]
                if ident in self.result.inputs:
                    self.used[ident] = None
                else:
                    self.problem(path, "no_such_input", id=repr(ident), var=m.group(0))
                return m.group(0)
            if var.startswith("env:"):
                name = var[4:]
                if name not in self.where.env:
                    self.problem(path, "env_unset", var=m.group(0), name=name)
                return self.where.env.get(name, "")
            if var == "userHome":
                return str(self.where.home)
            if var in ("pathSeparator", "/"):
                return os.sep
            if var in ("workspaceFolder", "workspaceFolderBasename"):
                if self.where.workspace is None:
                    self.problem(path, "no_workspace", var=m.group(0))
                    return m.group(0)
                return str(self.where.workspace) if var == "workspaceFolder" else self.where.workspace.name
            self.problem(path, "unknown_variable", var=m.group(0))
            return m.group(0)

        return _VAR.sub(one, value)

    def secret_inputs(self, value: str) -> list[str]:
        return [m for m in _INPUT_REF.findall(value) if m in self.result.inputs and self.result.inputs[m].password]

    def begin(self, key: str) -> None:
        self.server = key
        self.result.entries.append(key)
        self.used = {}
        self.optional = {}

    optional: dict[str, str] = {}  # the entry's optional argument inputs -> the flag before each ("" for none)

    def found(self, key: str, path: str, profile: ServerProfile) -> None:
        for where, why in profile.problems().items():
            value = getattr(profile, where, "") if where in ("command", "url") else ""
            if (
                where in ("name", "command", "url")
                and "${input:" not in value
                or where.startswith(("env.", "headers."))
            ):
                self.result.problems.append(
                    ImportProblem(self.result.file, path, why, self.server)
                )  # the profile's own words
        if profile.cwd and "${" not in profile.cwd and not Path(profile.cwd).is_dir():
            self.problem(json_path(path, "cwd"), "not_a_folder", path=profile.cwd)
        self.result.servers.append(FoundServer(key, path, profile, tuple(self.used), dict(self.optional)))
        self.server = ""

    # -- the mcpServers family and VS Code

    def mcp_servers(self, data: JsonObject) -> None:
        servers = data.get("mcpServers")
        if not isinstance(servers, dict):
            self.problem("$.mcpServers", "servers_not_object", skipped=True, kind=kind_of(servers))
            return
        self.duplicates(servers, "$.mcpServers")
        for key, entry in servers.items():
            self.entry(key, entry, json_path("$.mcpServers", key))

    def duplicates(self, d: JsonObject, path: str) -> None:
        for key in getattr(d, "duplicates", ()):
            self.problem(json_path(path, key), "duplicate_key")

    def vscode(self, data: JsonObject) -> None:
        root, base = data, "$"
        if "servers" not in data and isinstance(data.get("mcp"), dict):  # settings.json: "mcp": {"servers", "inputs"}
            root, base = data["mcp"], "$.mcp"
        self.inputs(root.get("inputs"), json_path(base, "inputs"))
        servers = root.get("servers")
        if not isinstance(servers, dict):
            self.problem(json_path(base, "servers"), "servers_not_object", skipped=True, kind=kind_of(servers))
            return
        self.duplicates(servers, json_path(base, "servers"))
        for key, entry in servers.items():
            self.entry(key, entry, json_path(json_path(base, "servers"), key))

    def inputs(self, items: JsonValue, path: str) -> None:
        if items is None:
            return
        if not isinstance(items, list):
            self.problem(path, "inputs_not_array", kind=kind_of(items))
            return
        for n, item in enumerate(items):
            at = json_path(path, n)
            if not isinstance(item, dict):
                self.problem(at, "not_an_object", kind=kind_of(item))
                continue
            spec = self.model(self.docs.VsCodeInput, item, at)
            ident, kind = spec.id, spec.type
            if not isinstance(ident, str) or not ident:
                self.problem(json_path(at, "id"), "input_id")
                continue
            choices: tuple[str, ...] = ()
            if kind == "pickString":
                choices = tuple(
                    str(o.get("value", o.get("label", ""))) if isinstance(o, dict) else str(o) for o in spec.options
                )
            elif kind == "command":
                self.problem(at, "command_input", id=repr(ident))
            elif kind != "promptString":
                self.problem(json_path(at, "type"), "input_type", type=repr(kind))
            default = "" if spec.default is None else str(spec.default)
            label = spec.description or ident
            self.result.inputs[ident] = ImportInput(ident, label, spec.password, default, choices=choices)

    def entry(self, key: str, d: JsonValue, path: str) -> None:
        self.begin(key)
        if not isinstance(d, dict):
            self.problem(path, "entry_not_object", skipped=True, kind=kind_of(d))
            self.server = ""
            return
        fmt = self.result.format
        url_key = "serverUrl" if "serverUrl" in d and "url" not in d else "url"
        kind = d.get("type")
        if kind is not None:
            if not isinstance(kind, str) or kind.lower() not in _TRANSPORT_TYPES:
                self.problem(
                    json_path(path, "type"),
                    "transport_type_vscode" if fmt == "vscode" else "transport_type",
                    skipped=True,
                    type=repr(kind),
                )
                self.server = ""
                return
            transport = _TRANSPORT_TYPES[kind.lower()]
        elif "command" in d:
            transport = TransportKind.STDIO
        elif url_key in d:
            transport = TransportKind.HTTP_AUTO
        else:
            self.problem(path, "nothing_to_import", skipped=True)
            self.server = ""
            return
        for extra in d:
            if extra == "disabled":
                if d[extra] is True:
                    self.problem(json_path(path, extra), "disabled")
            elif extra not in self.docs.ClientEntry.model_fields:  # the members of an entry the import reads
                self.problem(json_path(path, extra), "no_such_setting")
        profile = ServerProfile(name=key, command="", transport=transport)
        if transport is TransportKind.STDIO:
            ok = self.stdio(d, path, profile)
            for ignored in ("url", "serverUrl", "headers"):
                if ignored in d:
                    self.problem(json_path(path, ignored), "ignored_stdio")
        else:
            ok = self.remote(d, path, url_key, profile)
            for ignored in ("command", "args", "env", "envFile", "cwd"):
                if ignored in d:
                    self.problem(json_path(path, ignored), "ignored_url")
        if ok:
            self.found(key, path, profile)
        else:
            self.server = ""

    def stdio(self, d: JsonObject, path: str, profile: ServerProfile) -> bool:
        at = json_path(path, "command")
        command = d.get("command")
        if command is None:
            self.problem(path, "no_command", skipped=True)
            return False
        if not isinstance(command, str) or not command.strip():
            if isinstance(command, str):
                self.problem(at, "command_empty", skipped=True)
            else:
                self.problem(at, "command_type", skipped=True, kind=kind_of(command))
            return False
        profile.command = self.expand(command, at)
        args = d.get("args", [])
        if not isinstance(args, list):
            self.problem(json_path(path, "args"), "args_not_array", skipped=True, kind=kind_of(args))
            return False
        arg_vars: list[EnvVar] = []  # secrets the arguments held, now secret variables
        for n, arg in enumerate(args):
            at = json_path(json_path(path, "args"), n)
            if isinstance(arg, (dict, list)) or arg is None:
                self.problem(at, "arg_not_string", skipped=True, kind=kind_of(arg))
                return False
            value = self.text(arg, at) or ""  # a string, number or boolean: never None here
            profile.args.append(value)
            if self.secret_inputs(value):
                what: Word | None = Word("a password input")
            elif _secret_env_ref(arg):
                what = Word("a secret from the environment")
            else:
                what = secret_argument(profile.args, len(profile.args) - 1)
            if what:  # servers.json gets ${secret:NAME}; the value goes to a secret variable
                var = _secret_arg_var(profile.args, len(profile.args) - 1, [v.name for v in arg_vars])
                arg_vars.append(var)
                self.problem(at, "arg_secret", what=what, name=var.name)
        env: dict[str, EnvVar] = {}
        if "envFile" in d:
            for var in self.env_file(d["envFile"], json_path(path, "envFile")):
                env[var.name] = var
        pairs = self.pairs(d, "env", path)
        if pairs is None:
            return False
        env.update((var.name, var) for var in pairs)
        for var in arg_vars:  # an argument's secret never replaces a variable the file sets
            name = var.name
            if name in env:
                var.name = unique_var(name, env)
                profile.args = [a.replace(_secret_ref(name), _secret_ref(var.name)) for a in profile.args]
            env[var.name] = var
        profile.env = list(env.values())
        if "cwd" in d:
            cwd = self.text(d["cwd"], json_path(path, "cwd"))
            profile.cwd = cwd or ""
        return True

    def remote(self, d: JsonObject, path: str, url_key: str, profile: ServerProfile) -> bool:
        at = json_path(path, url_key)
        url = d.get(url_key)
        if url is None:
            self.problem(path, "no_url", skipped=True, key=url_key)
            return False
        if not isinstance(url, str):
            self.problem(at, "url_type", skipped=True, kind=kind_of(url))
            return False
        profile.url = self.expand(url, at).strip()
        profile.url_secret = self.url_secrets(profile.url, at)
        if _secret_env_ref(url):
            self.problem(at, "url_env_secret")
            profile.url_secret = True
        headers = self.pairs(d, "headers", path)
        if headers is None:
            return False
        for h in headers:  # a header is judged by its name and value alone (an env variable is not)
            h.secret = header_secret(h)
        profile.headers = headers
        return True

    def pairs(self, d: JsonObject, key: str, path: str) -> list[EnvVar] | None:
        """``env`` or ``headers``: name → value, each secret when its name, a password input
        or the environment variable it comes from says so; None (a problem) when not an object."""
        items = d.get(key) or {}
        at = json_path(path, key)
        if not isinstance(items, dict):
            self.problem(at, "pairs_not_object", skipped=True, kind=kind_of(items))
            return None
        out = []
        for name, value in items.items():
            text = self.text(value, json_path(at, name))
            if text is not None:
                out.append(
                    EnvVar(
                        name, text, bool(secret_kind(text, name) or self.secret_inputs(text) or _secret_env_ref(value))
                    )
                )
        return out

    def url_secrets(self, url: str, path: str) -> bool:
        """Whether ``url`` carries a secret (said as a problem): the saved server keeps it in
        secrets.json (:attr:`.profiles.ServerProfile.url_kept_secret`)."""
        try:
            query = parse_qsl(urlsplit(url).query)
        except ValueError:
            query = []
        names = [k for k, _ in query if looks_secret(k)]
        if names or self.secret_inputs(url):
            what = ", ".join(names) if names else Word("a password input")
            self.problem(path, "url_credential", what=what)
        elif found := secret_kind(url):
            self.problem(path, "url_password", what=Word("a password") if found == "a password in a URL" else found)
        else:
            return False
        return True

    def env_file(self, value: JsonValue, path: str) -> list[EnvVar]:
        name = self.text(value, path)
        if not name:
            return []
        try:
            file = Path(os.path.expanduser(name))
        except (RuntimeError, ValueError):  # ~user that cannot be expanded
            file = Path(name)
        if not file.is_absolute():
            file = (self.where.workspace or self.base or Path.cwd()) / file
        try:
            data = read_user_file(file, MAX_BYTES)
        except FileTooLarge:
            self.problem(path, "env_file_too_large", file=file, mib=MAX_BYTES >> 20)
            return []
        except UnreadableFile as exc:
            self.problem(path, "env_file_unreadable", file=file, why=exc.why)
            return []
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            self.problem(path, "env_file_not_utf8", file=file, offset=exc.start)
            return []
        out = []
        from dotenv.parser import parse_stream

        for binding in parse_stream(io.StringIO(text)):  # python-dotenv's reading: quotes, export, comments
            line = binding.original.line
            if binding.error or (binding.key is not None and binding.value is None):
                self.problem(path, "env_file_line", file=file.name, line=line)
            elif binding.key is not None and "\0" in binding.key + (binding.value or ""):
                self.problem(path, "env_file_nul", file=file.name, line=line)
            elif binding.key is not None:
                # a .env file is where secrets live: every value is kept secret
                out.append(EnvVar(binding.key, binding.value or "", True))
        return out

    # -- registry server.json

    def registry(self, data: JsonObject) -> None:
        doc = self.model(self.docs.RegistryServer, data, "$", packages="not_array", remotes="not_array")
        full = doc.name if isinstance(doc.name, str) else ""
        if not full:
            self.problem("$.name", "registry_name")
        base = doc.title or full.rsplit("/", 1)[-1] or "server"
        if not doc.packages and not doc.remotes:
            self.problem("$", "nothing_in_registry", skipped=True)
        several = len(doc.packages) + len(doc.remotes) > 1
        for n, pkg in enumerate(doc.packages):
            kind = pkg.get("registryType") if isinstance(pkg, dict) else None
            self.begin(unique_name(f"{base} ({kind or 'package'})" if several else base, self.result.entries))
            self.package(pkg, json_path("$.packages", n))
        for n, remote in enumerate(doc.remotes):
            kind = remote.get("type") if isinstance(remote, dict) else None
            self.begin(unique_name(f"{base} ({kind or 'remote'})" if several else base, self.result.entries))
            self.remote_entry(remote, json_path("$.remotes", n))
        self.server = ""

    def package(self, item: JsonValue, path: str) -> None:
        key = self.server
        if not isinstance(item, dict):
            self.problem(path, "not_an_object", skipped=True, kind=kind_of(item))
            return
        pkg = self.model(self.docs.RegistryPackage, item, path, environmentVariables="variables_not_array")
        kind, ident, version = pkg.registryType, pkg.identifier, pkg.version
        if not isinstance(ident, str) or not ident:
            self.problem(json_path(path, "identifier"), "package_identifier", skipped=True)
            return
        if pkg.transport.get("type", "stdio") != "stdio":
            shown_type = repr(pkg.transport.get("type"))
            self.problem(json_path(path, "transport"), "package_transport", skipped=True, type=shown_type)
            return
        if kind == "mcpb":
            self.problem(json_path(path, "registryType"), "mcpb", skipped=True)
            return
        runtime = pkg.runtimeHint or {"npm": "npx", "pypi": "uvx", "oci": "docker", "nuget": "dnx"}.get(kind)
        if not runtime:
            self.problem(
                json_path(path, "registryType"), "no_runtime", skipped=True, type=repr(item.get("registryType"))
            )
            return
        if kind == "pypi":
            spec = f"{ident}=={version}" if version else ident
        elif kind == "oci":
            last = ident.rsplit("/", 1)[-1]
            spec = ident if not version or ":" in last or "@" in last else f"{ident}:{version}"
        else:
            spec = f"{ident}@{version}" if version else ident
        runtime_args = self.arguments(pkg.runtimeArguments, json_path(path, "runtimeArguments"))
        package_args = self.arguments(pkg.packageArguments, json_path(path, "packageArguments"))
        if runtime_args is None or package_args is None:
            return
        at = json_path(path, "environmentVariables")
        settings = (self.setting(one, json_path(at, n), "variable") for n, one in enumerate(pkg.environmentVariables))
        env = [var for var in settings if var is not None]
        args: list[str] = []
        if Path(runtime).name == "docker":
            if "run" not in runtime_args:
                args += ["run", "-i", "--rm"]
            for var in env:  # docker passes a variable into the container only when told to
                args += ["-e", var.name]
        elif Path(runtime).name == "npx" and not runtime_args:
            args.append("-y")  # never stop to ask: stdin is the MCP channel
        args += [*runtime_args, spec, *package_args]
        self.found(key, path, ServerProfile(name=key, command=runtime, args=args, env=env))

    def remote_entry(self, item: JsonValue, path: str) -> None:
        key = self.server
        if not isinstance(item, dict):
            self.problem(path, "not_an_object", skipped=True, kind=kind_of(item))
            return
        remote = self.model(self.docs.RegistryRemote, item, path, headers="headers_not_array")
        kind = remote.type
        transport = _TRANSPORT_TYPES.get(kind.lower()) if isinstance(kind, str) else None
        if transport is None or transport is TransportKind.STDIO:
            self.problem(json_path(path, "type"), "remote_type", skipped=True, type=repr(kind))
            return
        if not isinstance(remote.url, str) or not remote.url:
            self.problem(json_path(path, "url"), "remote_url", skipped=True)
            return
        url = self.variables(remote.url, remote.variables, label="URL", path=json_path(path, "url"))
        self.url_secrets(url, json_path(path, "url"))
        at = json_path(path, "headers")
        settings = (self.setting(one, json_path(at, n), "header") for n, one in enumerate(remote.headers))
        headers = [h for h in settings if h is not None]
        self.found(key, path, ServerProfile(name=key, command="", transport=transport, url=url, headers=headers))

    def setting(self, item: JsonValue, path: str, what: str) -> EnvVar | None:
        """A registry environment variable or header: its fixed value, or an input field
        (prefilled with its default) for the person importing."""
        if not isinstance(item, dict):
            self.problem(path, "not_an_object", kind=kind_of(item))
            return None
        spec = self.model(self.docs.RegistryInput, item, path)
        name = spec.name
        if not isinstance(name, str) or not name:
            self.problem(json_path(path, "name"), "header_name" if what == "header" else "variable_name")
            return None
        if isinstance(spec.value, str) and spec.value:
            text = self.variables(spec.value, spec.variables, label=name, path=json_path(path, "value"))
        else:
            text = self.new_input(f"{self.server}: {name}", spec, name, spec.isSecret or looks_secret(name))
        secret = spec.isSecret or looks_secret(name) or bool(self.secret_inputs(text) or secret_kind(text))
        return EnvVar(name, text, secret)

    def new_input(self, ident: str, spec: RegistryInput, label: str, password: bool) -> str:
        ident = ident.replace("}", ")")  # ${input:ID} ends at the first brace
        description = spec.description
        self.result.inputs[ident] = ImportInput(
            ident,
            f"{label} — {description}" if description and description != label else label,
            password=password,
            default="" if spec.default is None else str(spec.default),
            required=spec.isRequired,
            choices=tuple(str(c) for c in spec.choices),
            server=self.server,
        )
        self.used[ident] = None
        return "${input:" + ident + "}"

    def variables(self, value: str, variables: JsonObject, *, label: str, path: str) -> str:
        """``{name}`` placeholders of ``variables`` in ``value`` (at ``path``) as input fields; a
        placeholder ``variables`` does not define (or not as an object) is left as written, and said."""

        def one(m: re.Match[str]) -> str:
            name = m.group(1)
            item = variables.get(name)
            if not isinstance(item, dict):
                self.problem(path, "undefined_placeholder", var=m.group(0))
                return m.group(0)
            spec = self.docs.lenient(self.docs.RegistryInput, item, lambda failure: None)  # wrong settings: defaults
            return self.new_input(f"{self.server}: {label}.{name}", spec, f"{label} {{{name}}}", spec.isSecret)

        return re.sub(r"\{([A-Za-z0-9_.-]+)\}", one, value)

    def arguments(self, items: JsonValue, path: str) -> list[str] | None:
        if items is None:
            return []
        if not isinstance(items, list):
            self.problem(path, "arguments_not_array", skipped=True, kind=kind_of(items))
            return None
        out: list[str] = []
        for n, item in enumerate(items):
            at = json_path(path, n)
            if not isinstance(item, dict):
                self.problem(at, "argument_not_object", skipped=True, kind=kind_of(item))
                return None
            arg = self.model(self.docs.RegistryInput, item, at)
            kind = arg.type
            name = arg.name if isinstance(arg.name, str) else ""
            label = name or arg.valueHint or f"argument {n + 1}"
            if isinstance(arg.value, str):
                text: str | None = self.variables(arg.value, arg.variables, label=label, path=json_path(at, "value"))
            elif kind == "named" and arg.format == "boolean" and arg.default is None:
                text = None  # a flag
            else:
                ident = f"{self.server}: {label}"
                text = self.new_input(ident, arg, label, arg.isSecret)
                if not arg.isRequired:
                    self.optional[ident] = name if kind == "named" else ""
            if kind == "named":
                if not name:
                    self.problem(json_path(at, "name"), "argument_name", skipped=True)
                    return None
                out.append(name)
                if text is not None:
                    out.append(text)
            elif kind == "positional":
                out.append(text or "")
            else:
                self.problem(json_path(at, "type"), "argument_type", skipped=True, type=repr(kind))
                return None
            if arg.isSecret:
                self.problem(at, "secret_argument")
        return out


def unique_var(name: str, taken: Iterable[str]) -> str:
    """``name``, or ``name_2``, ``name_3``... whichever is not taken yet."""
    used = set(taken)
    n, out = 2, name
    while out in used:
        out, n = f"{name}_{n}", n + 1
    return out


def _secret_ref(name: str) -> str:
    """How an argument names secret variable ``name``: ``${secret:NAME}``."""
    return "${secret:" + name + "}"


def _secret_arg_var(args: list[str], n: int, taken: Iterable[str]) -> EnvVar:
    """Move the secret of ``args[n]`` into a secret variable: the value of ``--flag=VALUE``, or
    the whole argument, becomes ``${secret:NAME}`` in ``args`` (NAME from the flag's words,
    else ``SECRET_ARG_n``); the variable holds what it stood for."""
    arg = args[n]
    flag, value = ("", arg)
    if arg.startswith("-") and "=" in arg:
        flag, value = arg.split("=", 1)
    elif n > 0 and args[n - 1].startswith("-") and "=" not in args[n - 1]:
        flag = args[n - 1]
    words = [w.upper() for w in _NAME_WORDS.findall(flag.lstrip("-"))]
    joined = "_".join(words)
    name = unique_var(joined if len(joined) >= 3 and joined[0].isalpha() else f"SECRET_ARG_{n}", taken)
    ref = _secret_ref(name)
    args[n] = f"{arg.split('=', 1)[0]}={ref}" if arg.startswith("-") and "=" in arg else ref
    return EnvVar(name, value, secret=True)


def _secret_env_ref(value: JsonValue) -> bool:
    """A value taken from an environment variable whose name looks secret (``${env:API_TOKEN}``)."""
    return isinstance(value, str) and any(looks_secret(m[4:]) for m in _VAR.findall(value) if m.startswith("env:"))
