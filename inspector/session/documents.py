"""The documents the inspector reads and writes, as pydantic models. No Qt.

Theory of operation
-------------------
A document (``servers.json``, ``secrets.json``, a client's MCP configuration file or entry, a
registry ``server.json``, a recording's header line, the window's ``settings.ini`` values, the
timeline's saved columns) is a pydantic model: its shape is
declared once, checked by pydantic, and written by dumping the model. Wire messages never
pass through here: they stay raw bytes judged by the schema validator (``protocol/schema.py``);
a document is read once, when a file is opened.

A file on disk may have been edited by hand, cut short or written by another program, and
nothing that reads one raises for what it holds. :func:`lenient` validates a model and, where
a part fails, leaves that part out (an item of a list, an entry of a mapping) or lets it take
its default (a field), then validates again; each part is a :class:`Failure` (where, pydantic's
error type, the value found). ``imports.failure_problem`` makes it the project's located,
translatable problem: the file, the JSON path (:func:`.config_files.json_path`), a code of
``imports.MESSAGES`` and its values ("expected a number, found a string; the default is used"),
which the window words in its language. The importer and the saved servers say them alike.

pydantic is imported with this module, and the modules that read documents (profiles,
imports, the recording's loader, settings) import it when they read one, not when they are
imported: ``probe`` starting a command never loads pydantic, nor does opening a recording
before its first line is read; the window loads it to read the saved servers just after its
first paint (``ui.app.read_saved_servers``), and its settings only for a damaged value
(:mod:`.settings`). A recording's entries never pass through here: only its header does
(:func:`read_recording_header`), once per file.

Value types shared by the models: :data:`Text` (any JSON value, a non-string as its JSON
text), :data:`Flag` (only ``true`` is true) and :data:`Name` (a non-empty string).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Literal, TypeVar, get_origin

import orjson
from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    RootModel,
    ValidationError,
    create_model,
)
from pydantic_core import ErrorDetails

from inspector.protocol.jsontypes import JsonObject, JsonValue
from inspector.protocol.links import TransportKind

from .config_files import json_text
from .settings import SETTINGS, Setting

if TYPE_CHECKING:
    from .import_problems import ImportProblem


def _flag(value: JsonValue) -> bool:
    return value is True


def _name_or_empty(value: JsonValue) -> str:
    return value if isinstance(value, str) else ""


#: any JSON value, kept as text (a number or boolean as its JSON text)
Text = Annotated[str, BeforeValidator(json_text)]
#: true only when the file says ``true``; anything else is false
Flag = Annotated[bool, BeforeValidator(_flag)]
#: a non-empty string
Name = Annotated[str, Field(min_length=1)]
#: a string, or "" for any other value
OptionalText = Annotated[str, BeforeValidator(_name_or_empty)]


class Document(BaseModel):
    """A document's part: strict types (a string is no number, ``1`` no boolean), unknown
    members ignored (another program's settings), the values as read."""

    # built on first use: reading servers.json at start-up does not pay for the formats' models
    model_config = ConfigDict(strict=True, extra="ignore", defer_build=True)


M = TypeVar("M", bound=BaseModel)


@dataclass(frozen=True)
class Failure:
    """A part of a document that did not validate, and was left out (a list item, a mapping's
    entry) or took its default (a field)."""

    loc: tuple[str | int, ...]  # where the part is, from the document's root
    error: str  # pydantic's error type ("string_type", "list_type", "missing"...)
    expected: str  # pydantic's words for what was expected, from a lower-case start
    value: JsonValue  # the part as the document has it
    item: bool  # a list item or mapping entry left out (else a field that takes its default)
    member: str | int = ""  # what pydantic's error was about, within the part (a missing "name"...)


def lenient(
    model: type[M], data: Mapping[str, JsonValue], said: Callable[[Failure], None], *, max_rounds: int = 8
) -> M:
    """``model`` from ``data``, whatever ``data`` holds: a list item, or an entry of a
    ``dict[str, X]`` field, that fails is left out, a field that fails takes its default, each
    :class:`Failure` given to ``said`` (in pydantic's order, the model's). A required field
    that fails is an error (give it a default to read leniently)."""
    doc: JsonObject = copy.deepcopy(dict(data))
    mappings = {name for name, f in model.model_fields.items() if get_origin(f.annotation) is dict}
    for _ in range(max_rounds):
        try:
            return model.model_validate(doc)
        except ValidationError as exc:
            errors = exc.errors(include_url=False)
        failures = {f.loc: f for f in (_failing_part(doc, err, mappings) for err in errors) if f is not None}
        for failure in failures.values():  # one for two errors in one part
            said(failure)
        # the last list items first: removing from the end keeps the other indices right
        for loc in sorted(failures, key=_sort_key, reverse=True):
            container: JsonValue = doc
            for key in loc[:-1]:
                container = container[key]
            del container[loc[-1]]
    return model.model_validate(doc)


def _sort_key(loc: tuple[str | int, ...]) -> tuple[tuple[int, str | int], ...]:
    return tuple((0, k) if isinstance(k, int) else (1, k) for k in loc)


def _failing_part(data: JsonObject, err: ErrorDetails, mappings: set[str]) -> Failure | None:
    """What to remove from ``data`` for ``err``: the outermost list item on its location, or
    the entry of a ``mappings`` field (a ``dict[str, X]``), else its top-level field."""
    loc: tuple[str | int, ...] = tuple(err["loc"])
    parent: JsonValue = data
    for depth, key in enumerate(loc):
        if isinstance(key, int) and isinstance(parent, list) and key < len(parent):
            return Failure(loc[: depth + 1], err["type"], _expected(err), parent[key], True, loc[-1])
        if not isinstance(parent, dict) or key not in parent:
            break
        if depth == 1 and loc[0] in mappings:
            return Failure(loc[:2], err["type"], _expected(err), parent[key], True, loc[-1])
        parent = parent[key]
    field = loc[0] if loc else None
    if isinstance(field, str) and field in data:
        return Failure((field,), err["type"], _expected(err), data[field], False, loc[-1])
    return None


def _expected(err: ErrorDetails) -> str:
    """pydantic's words for what was expected, from a lower-case start."""
    if err.get("type") in ("model_type", "model_attributes_type", "dict_type"):
        return "expected an object"
    msg = str(err.get("msg", "not valid"))
    return msg[:1].lower() + msg[1:]


# ---------------------------------------------------------------------- saved servers (profiles.ProfileStore)


class SavedPair(Document):
    """An environment variable or header in ``servers.json`` (a secret one's value is kept in
    ``secrets.json``, by server id)."""

    name: Name
    value: Text = ""
    secret: Flag = False


class SavedRoot(Document):
    """A root offered to the server: ``{"uri", "name"}``."""

    uri: Name
    name: OptionalText = ""


class ServersDocument(Document):
    """``servers.json``: ``{"version": 1, "servers": [...]}``; each server is read on its own
    (:func:`saved_server_model`), so that one bad setting costs only that setting."""

    servers: list[JsonObject] = []  # "version" (profiles.STORE_VERSION) is written, not needed to read


class SecretsDocument(RootModel[dict[str, dict[str, Text]]]):
    """``secrets.json``: server id → {variable name, or ``header:`` + header name → value}."""

    model_config = ConfigDict(defer_build=True)


# ---------------------------------------------------------------------- settings


class TimelineColumns(Document):
    """The timeline's columns in ``settings.ini`` (``timeline/columns``, JSON): their order,
    which are shown and the widths the user gave (percent of the table), by column key. What
    does not fit is left out (a column of the wrong kind, a width past 100); the window keeps
    its own defaults for the rest."""

    order: list[str] = []
    shown: dict[str, bool] = {}
    widths: dict[str, Annotated[float, Field(gt=0, le=100)]] = {}

    @classmethod
    def read(cls, text: object) -> TimelineColumns:
        """The columns saved as ``text`` (anything a settings file may hold: no text, not JSON...)."""
        try:
            data = orjson.loads(text) if isinstance(text, str) and text else None
        except orjson.JSONDecodeError:
            data = None
        return lenient(cls, data if isinstance(data, dict) else {}, lambda failure: None)


# ---------------------------------------------------------------------- the recording's header (recording_load)


class KeptEngine(Document):
    """What a recording's header keeps of the client's configuration (``reanalyse.engine_header``):
    everything the engine's verdicts depend on. Members it does not name are kept, as the header's are."""

    model_config = ConfigDict(strict=True, extra="allow", defer_build=True)

    capabilities: JsonObject = {}
    client_info: JsonObject | None = None
    accept_unsupported_version: bool = False
    log_level: str | None = None
    observer: bool = False  # proxy mode: the client was a host the inspector watched


class RecordingHeader(Document):
    """The first line of a recording file: the format and its version (checked first: a file
    without them is no recording, ``recording_load.FileLoader``), when it was made, the link
    (``transport.describe()``: stdio's argv and cwd, HTTP's URL, headers as shown and TLS
    check), the client's configuration (``reanalyse.engine_header``), the server's name and
    environment as shown, and what became of it (``migrated_from`` an older format,
    ``reanalysed_from`` a recording made then). Members it does not name (a later version's,
    another program's) are kept as they are; one of the wrong type is left out, so the reader
    uses its default, and said (:func:`read_recording_header`)."""

    model_config = ConfigDict(strict=True, extra="allow", defer_build=True)

    format: str
    version: int
    created: str = ""
    # a name this version does not know (a later one's transport) is kept: the readers judge it
    # as stdio (``TransportKind.named``)
    transport: str = TransportKind.STDIO.value
    argv: list[str] = []
    cwd: str | None = None
    url: str = ""
    headers: dict[str, str] = {}
    verify_tls: bool = True
    era_mode: Literal["auto", "legacy", "modern"] = "auto"
    legacy_version: str | None = None
    modern_version: str | None = None
    engine: JsonObject | None = None  # read on its own (KeptEngine): one bad member costs only itself
    server_name: str = ""
    env: dict[str, str] = {}
    migrated_from: int | None = None
    reanalysed_from: str | None = None
    proxied: JsonObject | None = None  # proxy mode: {"command": argv as shown, "name": the server's}


#: what the header's members that hold a name of a few say when they hold another
HEADER_CODES = {"era_mode": "header_era"}


def read_recording_header(header: JsonObject, file: str) -> tuple[JsonObject, list[ImportProblem]]:
    """``header`` (the first line of ``file``, its format and version checked, lifted to the
    current version) with what does not fit :class:`RecordingHeader` left out, and each part
    left out as a located, translatable problem (``$.era_mode``: "expected auto, legacy or
    modern..."). The members kept keep their order; the entries are not read here."""
    from .import_problems import failure_problem

    problems: list[ImportProblem] = []

    def said(base: str) -> Callable[[Failure], None]:
        return lambda failure: problems.append(
            failure_problem(file, base, failure, field="default_used", item="left_out", **HEADER_CODES)
        )

    kept = lenient(RecordingHeader, header, said("$")).model_dump(exclude_unset=True)
    out: JsonObject = {key: kept[key] for key in header if key in kept}  # the file's order
    engine = out.get("engine")
    if isinstance(engine, dict):
        fits = lenient(KeptEngine, engine, said("$.engine")).model_dump(exclude_unset=True)
        out["engine"] = {key: fits[key] for key in engine if key in fits}
    return out, problems


# ---------------------------------------------------------------------- the window's settings (settings.py)


def _ini_flag(value: JsonValue) -> JsonValue:
    """A flag as QSettings' INI file writes it (``true``/``false``) as a boolean; any other value as it is."""
    return {"true": True, "false": False}.get(value, value) if isinstance(value, str) else value


def _one_of(names: tuple[str, ...]) -> Callable[[str], str]:
    def check(value: str) -> str:
        if names and value not in names:
            raise ValueError(f"expected one of {', '.join(names)}")
        return value

    return check


def _setting_field(key: str, setting: Setting) -> tuple[object, object]:
    if isinstance(setting.default, bool):
        return Annotated[bool, BeforeValidator(_ini_flag)], Field(setting.default, alias=key)
    return Annotated[str, Field(min_length=1), AfterValidator(_one_of(setting.names))], Field(
        setting.default, alias=key
    )


#: ``settings.ini`` as the window reads it (``settings.read_setting``): one field per key of
#: :data:`.settings.SETTINGS`, named by the key (``stepbar/details/teaching``...), with its default
SavedSettings: type[Document] = create_model(  # type: ignore[call-overload]  # stubs: no TypeForm for a run-time Annotated
    "SavedSettings",
    __base__=Document,
    **{key.replace("/", "_"): _setting_field(key, setting) for key, setting in SETTINGS.items()},
)


# ---------------------------------------------------------------------- host configuration formats
# The files of other MCP clients the importer reads and the exporter writes (imports.py). A
# member whose wrong value has its own words in the importer (a server's command, a package's
# identifier...) is ``JsonValue`` (any JSON) here and judged there; the others are typed, and a
# wrong one is said as "expected a string, found a number" at its JSON path and takes its default.

#: a list that may be written as null (an empty one)
Items = Annotated[list[JsonValue], BeforeValidator(lambda v: [] if v is None else v)]


class ClientEntry(Document):
    """One server of a client's file (``mcpServers`` or VS Code's ``servers``), as the
    exporter writes it: a server it starts (command, args, env, cwd; VS Code ``envFile``) or
    one at a URL (``url``, Windsurf's ``serverUrl``, headers); ``type`` where the client has it."""

    type: str | None = None
    command: str | None = None
    args: list[str] | None = None
    env: dict[str, str] | None = None
    envFile: str | None = None
    cwd: str | None = None
    url: str | None = None
    serverUrl: str | None = None
    headers: dict[str, str] | None = None


class McpServersFile(Document):
    """Claude Desktop's, Cursor's, Windsurf's and the MCP Inspector's file."""

    mcpServers: dict[str, ClientEntry] = {}


class VsCodeFile(Document):
    """VS Code's ``mcp.json`` (the ``inputs`` are read by the importer, never written)."""

    servers: dict[str, ClientEntry] = {}


class VsCodeInput(Document):
    """A VS Code input (``${input:ID}``): promptString, pickString (``options``) or command."""

    id: JsonValue = None  # the importer's words when missing
    type: JsonValue = "promptString"  # the importer's words when unknown
    description: str = ""
    password: bool = False
    default: JsonValue = None
    options: list[JsonValue] = []


class RegistryServer(Document):
    """An MCP registry ``server.json``: its packages (started over stdio) and remotes (URLs),
    each read on its own (one that cannot be read leaves only itself out)."""

    name: JsonValue = None  # the importer's words when missing
    title: str = ""
    packages: Items = []
    remotes: Items = []


class RegistryPackage(Document):
    """A package of ``server.json``: what runs it (``registryType``, ``runtimeHint``) and with what."""

    registryType: str = ""
    identifier: JsonValue = None
    version: str = ""
    runtimeHint: str = ""
    transport: JsonObject = {"type": "stdio"}
    runtimeArguments: JsonValue = None  # arguments that cannot be read leave the package out: judged there
    packageArguments: JsonValue = None
    environmentVariables: Items = []


class RegistryRemote(Document):
    """A remote of ``server.json``: a URL (with ``{name}`` variables) and headers."""

    type: JsonValue = None
    url: JsonValue = None
    variables: JsonObject = {}
    headers: Items = []


class RegistryInput(Document):
    """The registry's Input, KeyValueInput and Argument: a value given (with ``{name}``
    ``variables``), or one the person importing types in (its description, default, choices)."""

    name: JsonValue = None
    type: JsonValue = None  # an argument's: positional or named
    value: JsonValue = None  # a string to use; anything else: asked for
    valueHint: str = ""
    description: str = ""
    default: JsonValue = None
    format: str = ""
    isRequired: bool = False
    isSecret: bool = False
    choices: list[JsonValue] = []
    variables: JsonObject = {}
