"""What the import dialog lists, as data (Qt-free): the rows of a file read, its problems' marks,
and which values the checked servers still need.

:func:`~.imports.read_config` gives an :class:`~.imports.ImportResult`; a front-end shows each
server as an :class:`ImportRow` (its transport, what it starts or connects to, the values kept
secret, the problems that concern it and the secrets that stay in plain text), each problem with
its :func:`problem_mark`, and, for the servers checked and the values typed,
:func:`inputs_state`: the inputs those servers use, the required ones still empty, and the VS
Code inputs left empty (imported as empty values). The front-end only words and lays these out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .client_export import ExportedEntry
from .config_files import ConfigLocation
from .import_problems import CONTEXT as PROBLEMS_CONTEXT
from .import_problems import ImportProblem
from .imports import FoundServer, ImportInput, ImportResult
from .profiles import PROBLEMS, Problem, ServerProfile, transport_choice
from .recording import TransportKind
from .server_editor import problem_text
from .translate import Translate


@dataclass(frozen=True)
class ImportRow:
    """One server of a file read, as the dialog lists it."""

    index: int  # in ``ImportResult.servers``
    key: str  # its name in the file
    transport: str  # the saved transport name (TransportKind's value)
    target: str  # what it starts or where it connects, as one line
    secrets: tuple[str, ...]  # the variables and headers kept in secrets.json ("URL": the URL, when it holds one)
    notes: tuple[ImportProblem, ...]  # the problems about this server


def import_rows(result: ImportResult) -> list[ImportRow]:
    """The servers of ``result``, in order, with what concerns each."""
    rows = []
    for n, server in enumerate(result.servers):
        p = server.profile
        notes = tuple(problem for problem in result.problems if problem.server == server.key)
        rows.append(
            ImportRow(
                n,
                server.key,
                str(p.transport),
                server.target(),
                tuple(
                    [v.name for v in p.env if v.secret]
                    + [h.name for h in p.headers if h.secret]
                    + (["URL"] if p.url_kept_secret else [])
                ),
                notes,
            )
        )
    return rows


def transport_word(transport: str, tr: Translate) -> str:
    """A row's transport: the registered choice's short word (translated in "Transports"); a name
    no registered transport has, as the file gave it."""
    choice = transport_choice(transport)
    return transport if choice is None else tr("Transports", choice.short_label)


def problem_mark(problem: ImportProblem) -> str:
    """``✗`` left out, ``•`` changed on the way (a secret moved to secrets.json, a variable left as
    written...)."""
    return "✗" if problem.skipped else "•"


@dataclass(frozen=True)
class InputsState:
    """The values the checked servers ask for, against what was typed."""

    used: frozenset[str]  # the ids of the inputs the checked servers use
    missing: list[ImportInput]  # required, with neither a value nor a default: nothing can be imported
    empty: list[ImportInput]  # VS Code inputs left empty without a default: imported as empty values


def inputs_state(result: ImportResult | None, chosen: Sequence[FoundServer], values: Mapping[str, str]) -> InputsState:
    """What the inputs of ``chosen`` lack with ``values`` typed. VS Code asks for its inputs
    every time: one left empty here is imported empty (``Authorization: Bearer ``), which is
    allowed but said where it is typed."""
    if result is None:
        return InputsState(frozenset(), [], [])
    inputs = result.inputs_of(chosen)
    empty = [i for i in inputs if not i.server and not values.get(i.id) and not i.default]
    return InputsState(frozenset(i.id for i in inputs), result.unfilled(chosen, values), empty)


#: What the import dialog says of the values still to type (its "ImportDialog" context;
#: ``scripts/i18n.py`` reads this table).
IMPORT_CONTEXT = "ImportDialog"
IMPORT_WORDS = {
    "fill": "Fill in: {names}",
    "empty": "Left empty, imported as empty values: {names}",
    # a file's format that is not a product's name (a client's name stays as it is)
    "mcp-servers": "mcpServers file",
    "registry": "MCP registry server.json",
    "unknown": "unknown format",
    # where a client keeps the file (ConfigLocation.scope)
    "user": "user",
    "profile": "user profile",
    "workspace": "this folder",
    "read": "{file}: {format}, {n} server(s)",
    "read_none": "{file}: no server could be imported",
    "left_out": " (left out)",
}


def import_words(tr: Translate) -> Translate:
    """The import layer's ``Translate`` in ``tr``'s language: a text of it (its messages, words
    and places, in its context) through ``tr``; a server's field problem (``profiles.Problem``)
    worded as the server editor words it."""

    def words(context: str, text: str) -> str:
        if isinstance(text, Problem) and text.code in PROBLEMS:
            return problem_text(text, tr)
        return tr(context, text)

    return words


def problem_line(problem: ImportProblem, tr: Translate) -> str:
    """``file: $.path: message`` in ``tr``'s language (names, paths and values as they are)."""
    words = import_words(tr)
    return f"{problem.file}: {problem.place(words)}: {problem.render(words)}"


def problem_lines(result: ImportResult, tr: Translate) -> list[str]:
    """Each problem of ``result`` as the dialog lists it: its :func:`problem_mark`, its
    :func:`problem_line`, and whether what it is about was left out."""
    left_out = tr(IMPORT_CONTEXT, IMPORT_WORDS["left_out"])
    return [f"{problem_mark(p)} {problem_line(p, tr)}" + (left_out if p.skipped else "") for p in result.problems]


def row_notes(row: ImportRow, tr: Translate) -> str:
    """The problems about one server (``place: message`` a line; "" for none)."""
    words = import_words(tr)
    return "\n".join(f"{p.place(words)}: {p.render(words)}" for p in row.notes)


def format_label(result: ImportResult, tr: Translate) -> str:
    """The format of a file read, in ``tr``'s language (client names stay as they are)."""
    if result.format is None:
        return tr(IMPORT_CONTEXT, IMPORT_WORDS["unknown"])
    if result.format in ("mcp-servers", "registry"):
        return tr(IMPORT_CONTEXT, IMPORT_WORDS[result.format])
    return result.format_name


def read_summary(result: ImportResult, tr: Translate) -> str:
    """What a file read holds, in one line: where it is, its format and how many servers."""
    where = str(result.path) if result.path is not None else result.file
    if not result.servers:
        return tr(IMPORT_CONTEXT, IMPORT_WORDS["read_none"]).format(file=where)
    words = tr(IMPORT_CONTEXT, IMPORT_WORDS["read"])
    return words.format(file=where, format=format_label(result, tr), n=len(result.servers))


def place_text(location: ConfigLocation, tr: Translate, between: str = " — ") -> str:
    """A place a client's file is looked for: the client, its scope, ``between``, the path."""
    known = location.scope in ("user", "profile", "workspace")
    scope = tr(IMPORT_CONTEXT, IMPORT_WORDS[location.scope]) if known else location.scope
    return f"{location.client} ({scope}){between}{location.path}"


def input_label(spec: ImportInput) -> str:
    """A value the file asks for, as its field is labelled: the server's name when it is one
    server's, the label, and ``*`` when it is required."""
    text = spec.label + (" *" if spec.required else "")
    return f"{spec.server} · {text}" if spec.server else text


def inputs_problem(tr: Translate, state: InputsState) -> str:
    """What the values typed still lack: the required ones to fill in (nothing is imported until
    they are), else the VS Code inputs left empty; "" when nothing."""
    if state.missing:
        return tr(IMPORT_CONTEXT, IMPORT_WORDS["fill"]).format(names=", ".join(i.label for i in state.missing))
    if state.empty:
        return tr(IMPORT_CONTEXT, IMPORT_WORDS["empty"]).format(names=", ".join(i.label for i in state.empty))
    return ""


#: What the export dialog says above a client's entry: where that client reads it (the "ExportDialog"
#: context; ``scripts/i18n.py`` reads this table). A client not listed is said as the MCP Inspector.
EXPORT_CONTEXT = "ExportDialog"
EXPORT_INTROS = {
    "vscode": 'The server as VS Code reads it: put the entry under "servers" in mcp.json (the user\'s or a '
    "workspace's .vscode folder).",
    "claude-desktop": 'The server as Claude Desktop reads it: put the entry under "mcpServers" in '
    "claude_desktop_config.json.",
    "windsurf": 'The server as Windsurf reads it: put the entry under "mcpServers" in '
    '~/.codeium/windsurf/mcp_config.json (a URL server\'s address is "serverUrl" there).',
    "cursor": 'The server as Cursor reads it: put the entry under "mcpServers" in ~/.cursor/mcp.json or a '
    "project's .cursor/mcp.json.",
    "mcp-inspector": 'The server as the MCP Inspector reads it (its --config file): put the entry under "mcpServers".',
}


#: What the export dialog says under an entry (its "ExportDialog" context too).
EXPORT_WORDS = {
    "left_out": "Left out because they are secret: {names}. Add their values by hand where you paste this.",
}


def export_notes(entry: ExportedEntry, tr: Translate) -> str:
    """What the export dialog says under ``entry``: the secrets left out of it, then each setting
    the client's file has no place for, one a line ("" when nothing)."""
    words = import_words(tr)
    notes = [words(PROBLEMS_CONTEXT, note) for note in entry.notes]
    if entry.left_out:
        notes.insert(0, tr(EXPORT_CONTEXT, EXPORT_WORDS["left_out"]).format(names=", ".join(entry.left_out)))
    return "\n".join(notes)


def first_client(profile: ServerProfile) -> str:
    """The client the export dialog offers first for ``profile``: Claude Desktop for a stdio server,
    Cursor for one at a URL (Claude Desktop's file has no place for it)."""
    return "claude-desktop" if profile.transport == TransportKind.STDIO else "cursor"


def export_intro(tr: Translate, client: str) -> str:
    """Where ``client`` reads the exported entry, in the window's language."""
    return tr(EXPORT_CONTEXT, EXPORT_INTROS.get(client, EXPORT_INTROS["mcp-inspector"]))


def safe_file_stem(name: str, fallback: str) -> str:
    """``name`` as a file name's stem: letters, digits, ``-_.``, the rest as ``-`` (``fallback`` when none is left)."""
    return "".join(c if c.isalnum() or c in "-_." else "-" for c in name).strip("-.") or fallback
