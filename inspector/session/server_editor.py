"""What the server editor and the saved-server list decide, without Qt.

Theory of operation. The editor (``inspector/ui/connection.py``) shows one
:class:`~inspector.session.profiles.ServerProfile`'s fields and the list shows every saved
server; what they show and do is decided here, headless: which era offers which protocol
versions, which fields a transport does not take (:func:`hidden_fields`), each field's problem worded for the field
where it was typed (:func:`field_problems`, from :meth:`ServerProfile.problems` and
:func:`~inspector.session.profiles.split_problem`), what the last session found out
(:func:`found_text`), a capability the chosen version cannot carry, the list's row text
(:func:`server_label`), New, Duplicate, Delete and Undo (:class:`ServerList`), and the rows of
the environment and headers tables as the user edits them (:class:`SecretRows`: a secret value
kept as typed and shown masked, a header secret by its name or value whatever its box says).

Words are English in tables and worded through the caller's ``tr(context, text)``
(:mod:`.translate`): the editor's in its "ProfileEditor" context, where its own strings are
(``scripts/i18n.py`` reads :func:`all_words`).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from inspector.protocol.versions import LEGACY_VERSIONS, MODERN_VERSIONS
from inspector.transport.base import MASK, TransportKind

from . import oauth_profile
from .profiles import CAPABILITY_VERSIONS, PROBLEMS, EnvVar, Needs, Problem, ServerProfile, split_problem
from .translate import Translate

CONTEXT = "ProfileEditor"
#: the list's own context: the name of a server that has none
LIST_CONTEXT = "ConnectionPanel"
UNNAMED = "(unnamed)"
#: The server list's words ("ConnectionPanel"): a button's text under its key, its tooltip under
#: the key and "_tip".
LIST_WORDS = {
    "new": "New",
    "duplicate": "Duplicate",
    "delete": "Delete",
    "delete_tip": "Delete the selected server (Undo puts it back)",
    "undo": "Undo",
    "undo_tip": "Put the deleted server back where it was",
    "compact": "Compact",
    "compact_tip": "Only the server picker, its state, Connect and Disconnect: the rest of the window gets the space",
    "edit": "Edit servers…",
    "edit_tip": "The list of saved servers and the editor of the selected one",
}
#: the built-in demo's name is stored in English and said in the user's language in this context
BUILTIN_CONTEXT = "Profiles"

#: The eras a server can be reached in, as the editor offers them, in this order.
ERA_WORDS = {
    "auto": "auto (probe, then fall back)",
    "legacy": "legacy (initialize handshake)",
    "modern": "modern (2026-07-28, stateless)",
}
#: The protocol versions each era can be pinned to (besides "the newest of the era").
ERA_VERSIONS = {"auto": LEGACY_VERSIONS + MODERN_VERSIONS, "legacy": LEGACY_VERSIONS, "modern": MODERN_VERSIONS}
#: The client capabilities a server can be offered (keys of profiles.CAPABILITY_CHOICES), in this order.
CAPABILITY_WORDS = {
    "roots": "Roots",
    "sampling": "Sampling",
    "elicitation.form": "Elicitation (form)",
    "elicitation.url": "Elicitation (URL)",
    "tasks": "Tasks",
}
#: The timeouts a server has (ServerProfile's fields, in seconds), in this order.
TIMEOUT_WORDS = {
    "connect_timeout": "Start sequence",
    "probe_timeout": "Discovery probe",
    "start_timeout": "Server start (until it reads its stdin)",
    "request_timeout": "Requests",
    "stdin_grace": "Exit after stdin closes",
    "term_grace": "Exit after SIGTERM",
    "max_request_time": "Longest request, progress included",
}
#: The fields of a started process (a command, its folder and environment, a pipe and signals),
#: and those of a server reached by URL ("headers": the HTTP box, with TLS; "oauth": the OAuth box).
PROCESS_FIELDS = frozenset({"command", "cwd", "env", "start_timeout", "stdin_grace", "term_grace"})
URL_FIELDS = frozenset({"url", "headers", "oauth"})
#: Why shlex cannot split a command line (its two messages), in words to translate.
SPLIT_WORDS = {
    "No closing quotation": "no closing quotation mark",
    "No escaped character": "a backslash at the end, with nothing to escape",
}
#: What a transport found out last time is, by its saved name.
FOUND_WORDS: dict[str, str] = {  # keyed by the saved name (a str), TransportKind or not
    TransportKind.SSE: "HTTP+SSE (Connect goes straight to it; change the URL or the transport to look again)",
    TransportKind.STREAMABLE_HTTP: "Streamable HTTP",
}
WORDS = {
    "split": "Cannot split the command: {why}",
    "not_offered": "Not defined in {v}; it will not be offered",
    "detected_era": "Last auto detection: {era}",
    "found": "Transport found last time: {transport}",
    "tls_off": "TLS verification is off: anyone between you and the server can read and change this session.",
    "newest": "newest of the era",
}

#: The editor's first fields, in the form's order: a field's key -> its label.
FIELD_WORDS = {
    "name": "Name",
    "transport": "Transport",
    "url": "URL",
    "command": "Command",
    "cwd": "Working dir",
    "era": "Era",
    "protocol_version": "Version",
}
#: The editor's own words: its boxes, hints and tooltips.
EDITOR_WORDS = {
    "url_tip": "The server's MCP endpoint; every message is POSTed here",
    "command_hint": "e.g. node server.js --verbose",
    "command_tip": "Program and arguments, split like a shell would (quotes allowed); started without a shell",
    "inherit_cwd": "(inherit)",
    "browse_tip": "Choose the working directory",
    "working_dir": "Working directory",
    "caps": "Client capabilities to offer",
    "roots": "Roots offered to the server",
    "inherit": "Inherit the inspector's environment",
    "env": "Environment",
    "headers": "Headers sent with every request (Authorization, Cookie, keys and tokens are secret by themselves; "
    "mark any other secret):",
    "verify_tls": "Verify the server's TLS certificate",
    "verify_tls_tip": "Turn off only for a test server whose certificate you chose to trust",
    "http": "HTTP",
    "max_line_tip": "A longer stdout or stderr line, HTTP body or SSE event keeps its first bytes up to this size; "
    "the rest is counted and dropped",
    "longest_line": "Longest line",
    "timeouts": "Timeouts (seconds)",
    "add": "Add",
    "remove": "Remove",
}
#: The editor's controls whose words are set from :data:`EDITOR_WORDS`: a control's name -> the
#: keys of its text (a field's placeholder) and its tooltip ("" for none).
EDITOR_CONTROLS = {
    "url": ("", "url_tip"),
    "command": ("command_hint", "command_tip"),
    "cwd": ("inherit_cwd", ""),
    "inherit": ("inherit", ""),
    "verify_tls": ("verify_tls", "verify_tls_tip"),
    "max_line": ("", "max_line_tip"),
}

MIB = 1024 * 1024  # the line-limit field is in MiB


def list_words() -> list[str]:
    """Every English text of the "ConnectionPanel" context said from here (for the catalogue)."""
    return sorted({UNNAMED, *LIST_WORDS.values()})


def all_words() -> list[str]:
    """Every English text of the "ProfileEditor" context said from here (for the catalogue)."""
    tables: list[dict[str, str]] = [ERA_WORDS, CAPABILITY_WORDS, TIMEOUT_WORDS, SPLIT_WORDS, FOUND_WORDS, WORDS]
    tables += [PROBLEMS, FIELD_WORDS, EDITOR_WORDS, oauth_profile.WORDS]
    return sorted({text for table in tables for text in table.values()})


def problem_text(problem: str, tr: Translate) -> str:
    """A field's problem in the caller's language: a :class:`~inspector.session.profiles.Problem`
    worded from its code and values (names, paths and URLs as they are), another text as it is."""
    if not isinstance(problem, Problem) or problem.code not in PROBLEMS:
        return str(problem)
    try:
        return tr(CONTEXT, PROBLEMS[problem.code]).format(**problem.values)
    except (KeyError, IndexError, ValueError):  # a translation that lost or broke a placeholder
        return str(problem)


def field_problems(profile: ServerProfile | None, command_line: str, tr: Translate) -> dict[str, str]:
    """Field key -> what is wrong there, worded: the profile's problems, the command line's when
    it cannot be split (as typed: the profile then has no command), the arguments' at the command
    (they are typed in the command line), the first header's at "headers"; the environment's,
    one a line, at "env" (the table's tooltip)."""
    problems: dict[str, str] = {}
    for key, problem in (profile.problems() if profile is not None else {}).items():
        problems[key] = problem_text(problem, tr)
    split = split_problem(command_line)
    if split is not None:
        why = SPLIT_WORDS.get(split)
        problems["command"] = tr(CONTEXT, WORDS["split"]).format(why=tr(CONTEXT, why) if why else split)
    if "args" in problems:
        problems.setdefault("command", problems["args"])
    headers = [text for key, text in problems.items() if key.startswith("headers.")]
    if headers:
        problems["headers"] = headers[0]
    if "oauth" in problems:  # OAuth on a server started as a command: said at the transport, where it shows
        problems.setdefault("transport", problems["oauth"])
    problems["env"] = "\n".join(text for key, text in problems.items() if key.startswith("env."))
    return problems


def hidden_fields(needs: Needs | None) -> frozenset[str]:
    """The editor's fields the picked transport does not take (hidden; they keep their values)."""
    return PROCESS_FIELDS if needs is Needs.URL else URL_FIELDS


def capability_note(key: str, version: str, tr: Translate) -> str:
    """Why capability ``key`` will not be offered at protocol ``version`` ("" when it will)."""
    if not version or version in CAPABILITY_VERSIONS[key]:
        return ""
    return tr(CONTEXT, WORDS["not_offered"]).format(v=version)


def found_text(profile: ServerProfile | None, tr: Translate) -> str:
    """What the last session over this server found out: the era auto mode settled on, and the
    transport auto HTTP settled on (one a line; "" when nothing)."""
    if profile is None:
        return ""
    parts = []
    if profile.detected_era:
        parts.append(tr(CONTEXT, WORDS["detected_era"]).format(era=profile.detected_era))
    if profile.transport == TransportKind.HTTP_AUTO and profile.detected_transport:
        words = FOUND_WORDS.get(profile.detected_transport)
        found = tr(CONTEXT, words) if words else profile.detected_transport
        parts.append(tr(CONTEXT, WORDS["found"]).format(transport=found))
    return "\n".join(parts)


def max_line_after(saved: int, mib: float) -> int:
    """The line limit in bytes after the editor's field (in MiB, two decimals) says ``mib``: the
    saved exact byte count unless the field was changed."""
    return saved if round(saved / MIB, 2) == mib else int(mib * MIB)


def server_label(profile: ServerProfile, tr: Translate) -> str:
    """A saved server's name as the list shows it (the built-in one in the user's language)."""
    if profile.builtin:
        return tr(BUILTIN_CONTEXT, profile.name)
    return profile.name or tr(LIST_CONTEXT, UNNAMED)


@dataclass
class PanelState:
    """What the connection panel shows and lets the user press. ``compact``: the compact form
    (the server picker, the session's state, Connect, Disconnect, "Edit servers…") instead of the
    list and the editor; ``running``: a session runs, so Connect is off, Disconnect on, and the
    picker holds the running session's server; ``said``: what the compact form says of it."""

    compact: bool = False
    running: bool = False
    said: str = ""

    def shown(self) -> dict[str, bool]:
        """Whether each part of the panel shows (by its attribute name)."""
        return {"compact_form": self.compact, "full": not self.compact}

    def enabled(self) -> dict[str, bool]:
        """Whether each control takes a click (by its attribute name)."""
        return {"connect_button": not self.running, "disconnect_button": self.running, "picker": not self.running}


def reveals_at_once(profile: ServerProfile) -> bool:
    """Whether the editor shows a server's field problems as soon as it shows the server: one
    with a command, arguments or a URL does; a new, untouched one shows no red "missing command"
    until the user edits it or presses Connect."""
    return bool(profile.command or profile.args or profile.url)


@dataclass
class Deleted:
    """The last server deleted, and the row it was at (what Undo puts back)."""

    row: int
    profile: ServerProfile


class ServerList:
    """The saved servers as the list changes them (``profiles``: the window's own list, changed
    in place). The built-in server is first and cannot be deleted; the last deletion can be
    undone until another server is added or deleted."""

    def __init__(self, profiles: list[ServerProfile]) -> None:
        self.profiles = profiles
        self.deleted: Deleted | None = None

    def add(self, name: str) -> int:
        """A new server without a command at the end; its row."""
        self.deleted = None
        self.profiles.append(ServerProfile(name=name, command=""))
        return len(self.profiles) - 1

    def duplicate(self, row: int, name: str) -> int:
        """A copy of the server at ``row`` (secrets included; never built in) named ``name``, with
        its own id, at the end; its row."""
        self.deleted = None
        copied = copy.deepcopy(self.profiles[row])
        copied.id, copied.builtin, copied.name = ServerProfile(name="", command="").id, False, name
        self.profiles.append(copied)
        return len(self.profiles) - 1

    def can_delete(self, row: int) -> bool:
        return 0 < row < len(self.profiles) and not self.profiles[row].builtin

    def delete(self, row: int) -> Deleted | None:
        """Take the server at ``row`` out (None when it cannot be: the built-in one, no row)."""
        if not self.can_delete(row):
            return None
        self.deleted = Deleted(row, self.profiles.pop(row))
        return self.deleted

    def undo(self) -> int | None:
        """Put the last deleted server back at its row (or at the end, if the list is now
        shorter); that row, or None when nothing was deleted."""
        if self.deleted is None:
            return None
        row = min(self.deleted.row, len(self.profiles))
        self.profiles.insert(row, self.deleted.profile)
        self.deleted = None
        return row


@dataclass
class SecretRow:
    """A row of a name/value/secret table: the name (stripped) and the value as typed; ``judged``:
    secret by its name or value whatever its box says (the box is locked)."""

    name: str
    value: str
    secret: bool = False
    judged: bool = False

    @property
    def shown(self) -> str:
        """The value cell's text: the mask for a secret value."""
        return MASK if self.secret else self.value


class SecretRows:
    """The rows of the editor's environment or headers table as the user edits them (the table is
    their view). ``judge(name, value)``, when given, says which rows are secret whatever their box
    says (HTTP headers: :func:`~inspector.session.secrecy.secret_header`); a row it stops calling
    secret stays secret until the user unchecks it."""

    def __init__(self, judge: Callable[[str, str], bool] | None = None) -> None:
        self.judge = judge
        self.rows: list[SecretRow] = []

    def set_vars(self, env: Iterable[EnvVar]) -> None:
        self.rows = []
        for var in env:
            self.append(var)

    def append(self, var: EnvVar) -> SecretRow:
        row = SecretRow(var.name.strip(), var.value, var.secret)
        self.rows.append(row)
        self._judge(row)
        return row

    def edit(self, index: int, column: int, text: str, checked: bool) -> bool:
        """Cell ``column`` of row ``index`` changed: 0 the name typed, 1 the value typed, 2 the
        box (``checked``). False when nothing changed: the mask shown in a value cell is no value
        typed."""
        row = self.rows[index]
        if column == 0:
            row.name = text.strip()
        elif column == 1:
            if text == MASK:
                return False
            row.value = text
        else:
            row.secret = checked
        self._judge(row)
        return True

    def remove(self, indexes: Iterable[int]) -> bool:
        """Take the rows at ``indexes`` out; whether there were any."""
        gone = sorted(set(indexes), reverse=True)
        for index in gone:
            del self.rows[index]
        return bool(gone)

    def vars(self) -> list[EnvVar]:
        return [EnvVar(row.name, row.value, row.secret) for row in self.rows]

    def _judge(self, row: SecretRow) -> None:
        if self.judge is not None:
            row.judged = self.judge(row.name, row.value)
            row.secret = row.secret or row.judged
