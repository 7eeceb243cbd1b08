"""What the importer says about a file, as data: :class:`ImportProblem` keeps an English
template (:data:`MESSAGES`) and its arguments apart, so that a front-end can translate both (a
:class:`~.secrecy.Word` argument is translated too; context :data:`CONTEXT`, "Imports", through
the project's ``Translate``, :mod:`.translate`) and fill them in;
``message`` and ``str()`` are English. :func:`make_problem` makes one by code,
:func:`failure_problem` turns a document model's validation failure (:mod:`.documents`) into
one at its JSON path, :func:`kind_of` says what a value found is. The words of the tables here
(:data:`KINDS`, :data:`JSON_ERRORS`, :data:`WORDS`, :data:`PLACES`) are read by
``scripts/i18n.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from inspector.protocol.jsontypes import JsonValue

from .config_files import loc_path
from .secrecy import Word
from .translate import Translate, untranslated

if TYPE_CHECKING:
    from .documents import Failure


#: what a value found is, as :func:`kind_of` says it
KINDS = {
    dict: Word("an object"),
    list: Word("an array"),
    str: Word("a string"),
    bool: Word("a boolean"),
    type(None): Word("null"),
}
NUMBER = Word("a number")
#: what a document model expected, by pydantic's error type, in the words of :data:`KINDS`
EXPECTED_WORDS = {
    "string_type": KINDS[str],
    "list_type": KINDS[list],
    "dict_type": KINDS[dict],
    "model_type": KINDS[dict],
    "bool_type": KINDS[bool],
    "int_type": NUMBER,
    "float_type": NUMBER,
}
#: what Python's json module says is wrong with a file (translated; any other message is shown as it is)
JSON_ERRORS = (
    "Expecting value",
    "Expecting ',' delimiter",
    "Expecting ':' delimiter",
    "Expecting property name enclosed in double quotes",
    "Unterminated string starting at",
    "Invalid control character at",
    "Invalid \\escape",
    "Invalid \\uXXXX escape",
    "Extra data",
)
#: the other words messages put in
WORDS = (
    "no such file",
    "not a regular file",
    "a folder, not a file",
    "a named pipe (FIFO), not a file",
    "a device, not a file",
    "a socket, not a file",
    "a symbolic link loop (too many levels of symbolic links)",
    "a symbolic link to a file that does not exist",
    "permission denied",
    "a part of the path is not a folder",
    "the name is too long",
    "the path holds a character no file name can hold",
    "a password input",
    "a secret from the environment",
    "a password in a URL",
    "a token",
    "an access key",
    "a private key",
    "a password",
    "what looks like a key (a long random string)",
)

#: the words of the importer are translated in this context (tables here, Word arguments)
CONTEXT = "Imports"

#: every problem's English text by code, ``{name}`` standing for its arguments. An
#: :class:`ImportProblem` keeps the template and the arguments apart: ``message`` is the English
#: text, the UI shows ``QCoreApplication.translate("Imports", template).format(**args)``
#: (scripts/i18n.py puts these in the catalogue).
MESSAGES: dict[str, str] = {
    # the file as a whole
    "cannot_read": "cannot read {path}: {why}",
    "too_large": "larger than {mib} MiB: not a configuration file",
    "not_utf8": "not UTF-8 text",
    "bad_json": "not valid JSON: {why}",
    "too_deep": "not valid JSON: nested too deeply",
    "not_object": "expected a JSON object, found {kind}",
    "unknown_format": 'not a known MCP configuration: no "mcpServers", "servers", or registry "packages"/"remotes"',
    # values
    "expected_used_as": "expected {what}, found {kind}; used as {written}",
    "expected": "expected {what}, found {kind}",
    "no_expansion": "{client} does not expand variables: {var} left as written",
    "no_such_input": "no input {id} is defined in $.inputs: {var} left as written",
    "env_unset": "{var}: {name} is not set in the inspector's environment; replaced by an empty string",
    "no_workspace": "{var}: this file is not in a workspace's .vscode or .cursor folder; left as written",
    "unknown_variable": "{var}: this variable is not supported by the import; left as written",
    "not_a_folder": "{path} is not a folder here",
    "no_member": '"{member}" is missing or empty; left out',
    # entries
    "servers_not_object": "expected an object (server name → settings), found {kind}",
    "inputs_not_array": "expected an array of input definitions, found {kind}",
    "not_an_object": "expected an object, found {kind}",
    "input_id": "expected the input's id (a string)",
    "command_input": "input {id} runs a VS Code command; type its value in instead",
    "input_type": "unknown input type {type}; shown as a text field",
    "entry_not_object": "expected an object (the server's settings), found {kind}",
    "transport_type": "unknown transport type {type} (expected stdio, sse or streamable-http)",
    "transport_type_vscode": "unknown transport type {type} (expected stdio, http or sse)",
    "nothing_to_import": 'neither "command" (a program to start) nor "url" (a server to reach): nothing to import',
    "disabled": "the server is turned off in that client; imported anyway",
    "no_such_setting": "not imported: the inspector has no such setting",
    "ignored_stdio": "ignored: the server is started as a command (stdio)",
    "ignored_url": "ignored: the server is reached at a URL",
    "no_command": 'no "command": nothing to start',
    "command_empty": "expected the program to start (a non-empty string)",
    "command_type": "expected the program to start (a non-empty string), found {kind}",
    "args_not_array": "expected an array of strings, found {kind}",
    "arg_not_string": "expected a string, found {kind}",
    "no_url": 'no "{key}": nowhere to connect',
    "url_type": "expected the server's URL (a string), found {kind}",
    "pairs_not_object": "expected an object (name → value), found {kind}",
    # secrets that cannot be kept apart
    "arg_secret": "holds {what}: kept in secrets.json as the secret variable {name}; the argument "
    "reads ${{secret:{name}}}, filled in when the server starts",
    "url_env_secret": "the URL takes a secret from the environment: the URL is kept in secrets.json, masked elsewhere",
    "url_credential": (
        "the URL carries what looks like a credential ({what}): the URL is kept in secrets.json, masked elsewhere"
    ),
    "url_password": "the URL holds {what}: the URL is kept in secrets.json, masked elsewhere",
    # .env files
    "env_file_unreadable": "cannot read {file}: {why}; its variables are not imported",
    "env_file_too_large": "cannot read {file}: larger than {mib} MiB; its variables are not imported",
    "env_file_line": "{file} line {line}: expected NAME=VALUE; skipped",
    "env_file_not_utf8": "cannot read {file}: not UTF-8 text (byte {offset}); its variables are not imported",
    "env_file_nul": "{file} line {line}: holds a NUL character, which no environment variable can; skipped",
    "duplicate_key": "defined more than once: the last definition is used, as the clients do",
    # registry server.json
    "registry_name": "expected the server's name (a string)",
    "not_array": "expected an array, found {kind}",
    "nothing_in_registry": 'no "packages" and no "remotes": nothing to start or reach',
    "package_identifier": "expected the package's identifier (a string)",
    "package_transport": (
        "the package serves over {type} once started: start it yourself and add its URL; only stdio packages are "
        "imported"
    ),
    "mcpb": "an MCP bundle (.mcpb) is installed by a client that supports bundles: nothing to start",
    "no_runtime": "registry type {type} without a runtimeHint: the command to start it is not known",
    "remote_type": "unknown remote type {type} (expected streamable-http or sse)",
    "remote_url": "expected the server's URL (a string)",
    "headers_not_array": "expected an array of headers, found {kind}",
    "variables_not_array": "expected an array of variables, found {kind}",
    "header_name": "expected the header's name (a string)",
    "variable_name": "expected the environment variable's name (a string)",
    "undefined_placeholder": '{var} is not defined in "variables": left as written',
    "arguments_not_array": "expected an array of arguments, found {kind}",
    "argument_not_object": "expected an argument object, found {kind}",
    "argument_name": "a named argument without its name",
    "argument_type": "unknown argument type {type} (expected positional or named)",
    "secret_argument": "a secret argument: arguments are saved in servers.json, not kept secret",
    # the saved servers (servers.json, secrets.json)
    "default_used": "expected {what}, found {kind}; the default is used",
    "left_out": "expected {what}, found {kind}; left out",
    # a recording's header
    "header_era": "expected auto, legacy or modern; the default (auto) is used",
    # export
    "export_env": "the inspector starts it with only these variables; clients add them to their own environment",
    "export_tls": "TLS verification is off in the inspector; the format has no such setting",
    "export_oauth": "The inspector's OAuth sign-in settings (client id, scopes) are not written: the client signs in "
    "by itself",
    "export_no_url_servers": "Claude Desktop's configuration file holds only servers it starts (command, args, env), "
    "not servers at a URL: add this one in Claude Desktop's own settings (Connectors), or through a local stdio bridge",
}
#: where a problem is when the file is not JSON (instead of a JSON path)
PLACES = {"line_column": "line {line}, column {column}", "byte": "byte {offset}"}


@dataclass(frozen=True)
class ImportProblem:
    """Something in a file that could not be mapped, and why: an English ``template`` (one of
    :data:`MESSAGES`, or a text as it is) and the ``args`` it names, apart, so that the UI can
    translate the template (and the :class:`Word` arguments) and fill it in."""

    file: str  # the file's name
    path: str  # JSON path, or "line L, column C" for JSON that does not parse
    template: str  # English; "{name}" stands for an argument (a text without args is taken as it is)
    server: str = ""  # the server entry it concerns ("" for the file)
    skipped: bool = False  # the server (or, without one, the whole file) was left out for it
    args: tuple[tuple[str, str], ...] = ()  # name -> value (a Word is translated too)
    code: str = ""  # its key in MESSAGES ("" for a text as it is)
    path_template: str = ""  # one of PLACES when ``path`` is not a JSON path (args fill it too)

    @property
    def message(self) -> str:
        """The English text."""
        return self.render()

    def render(self, tr: Translate = untranslated) -> str:
        """The text with ``tr`` (in :data:`CONTEXT`) applied to the template and to each :class:`Word`."""
        return _fill(tr(CONTEXT, self.template), self.args, tr)

    def place(self, tr: Translate = untranslated) -> str:
        """Where it is: the JSON path, or the line and column (byte) in the file."""
        return _fill(tr(CONTEXT, self.path_template), self.args, tr) if self.path_template else self.path

    def __str__(self) -> str:
        return f"{self.file}: {self.path}: {self.message}"


def _fill(template: str, args: tuple[tuple[str, str], ...], tr: Translate) -> str:
    if not args:
        return template
    values = {name: tr(CONTEXT, value) if isinstance(value, Word) else value for name, value in args}
    try:
        return template.format_map(values)
    except (KeyError, IndexError, ValueError):  # a translation that lost or broke a placeholder
        return template + " (" + ", ".join(f"{k}={v}" for k, v in values.items()) + ")"


def make_problem(
    file: str, path: str, code: str, /, *, server: str = "", skipped: bool = False, place: str = "", **args: object
) -> ImportProblem:
    """A problem with :data:`MESSAGES` ``[code]``; ``place`` (a :data:`PLACES` key) when ``path``
    is not a JSON path: ``path`` is then filled in from it."""
    return problem_with(file, path, code, args, server=server, skipped=skipped, place=place)


def problem_with(
    file: str,
    path: str,
    code: str,
    args: Mapping[str, object],
    *,
    server: str = "",
    skipped: bool = False,
    place: str = "",
) -> ImportProblem:
    """:func:`make_problem` with its arguments as a mapping."""
    values = tuple((k, v if isinstance(v, Word) else str(v)) for k, v in args.items())
    path_template = PLACES[place] if place else ""
    if path_template:
        path = _fill(path_template, values, untranslated)
    return ImportProblem(file, path, MESSAGES[code], server, skipped, values, code, path_template)


def kind_of(value: JsonValue) -> Word:
    """What ``value`` is, in words: an object, an array, a string, a number..."""
    return KINDS.get(type(value)) or (KINDS[dict] if isinstance(value, dict) else NUMBER)


def failure_problem(
    file: str,
    base: str,
    failure: Failure,
    *,
    server: str = "",
    field: str = "expected",
    item: str = "expected",
    **codes: str,
) -> ImportProblem:
    """A part of a document that did not validate (:func:`.documents.lenient`) as a located,
    translatable problem at its JSON path under ``base``: ``codes`` give a member its own words
    (filled with the ``kind`` found); else ``field`` (or ``item`` for a list item left out),
    filled with ``what`` was expected and the ``kind`` found; a member missing or empty is said
    as ``no_member``."""
    at = loc_path(base, failure.loc)
    own = codes.get(str(failure.loc[0])) if not failure.item else None
    if own:
        return make_problem(file, at, own, server=server, kind=kind_of(failure.value))
    if failure.error in ("missing", "string_too_short"):
        return make_problem(file, at, "no_member", server=server, member=failure.member)
    what = EXPECTED_WORDS.get(failure.error, failure.expected)
    return make_problem(
        file, at, item if failure.item else field, server=server, what=what, kind=kind_of(failure.value)
    )
