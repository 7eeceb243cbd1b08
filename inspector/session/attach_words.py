"""What File → Attach to a host… says and does, as data: no Qt.

Theory of operation: the dialog (:mod:`inspector.ui.attach_dialog`) only renders and forwards.
This module words a host file's row (:func:`file_row`: where it is, which host, what to do after a
change or why it cannot be read) and each server's row (:func:`entry_row`: its kind, whether it is
attached or why it cannot be, what it runs, the command that serves a URL server without a window,
and whether it has a check box), and carries out Attach and Detach on the checked servers
(:func:`act`), returning the report's lines as source texts and values (:data:`Line`), so that a
language switch words the same report again (:func:`report_text`), and each file's error.

Every word is English in :data:`WORDS` (the dialog's own, context ``"AttachDialog"``) or one of
:data:`SESSION_WORDS` (the fixed words :mod:`.attach` gives: why a server cannot be attached, how
to restart a host), translated by the caller's ``tr`` (:mod:`.translate`); ``scripts/i18n.py``
brings both into the catalogue. A text not in them (a file's path, an OS error) is shown as it is.
"""

from __future__ import annotations

import shlex
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from .attach import RESTART_WORDS, AttachError, FoundFile, HostEntry, attach_checked, detach
from .translate import Translate

CONTEXT = "AttachDialog"
#: the dialog's words (its controls' texts and tooltips are keyed by the control in the dialog)
WORDS = {
    "title": "Attach to a host",
    "intro": "Attaching makes the host start a server through the inspector's proxy, which records the "
    "session; detaching gives the file back as it was. Only the command and args of the server "
    "change in the host's file; what detaching needs is kept beside it.",
    "server": "Server",
    "kind": "Kind",
    "state": "State",
    "runs": "Runs",
    "url_note": "An HTTP server is attached by pointing its entry at a reverse proxy on this computer "
    "(127.0.0.1), which this window runs while it is open. While no inspector window is open (and "
    "no proxy you run yourself: the command is in the row's tooltip), the host cannot reach the server.",
    "attach": "Attach",
    "attach_tip": "Make the host start the checked servers through the proxy",
    "detach": "Detach",
    "detach_tip": "Give the checked attached servers back their own command line",
    "read_again": "Read again",
    "choose": "Choose file…",
    "choose_tip": "Add a host's configuration file that is not in the places searched",
    "choose_title": "Choose a host's configuration file",
    "json_files": "JSON files (*.json *.jsonc)",
    "all_files": "All files (*)",
    "none_found": "No host configuration found (Claude Desktop, VS Code, Cursor, Windsurf, MCP Inspector)",
    "chosen_file": "chosen file",
    "not_kept": "Listed until this window closes: it could not be kept for the next one ({why}).",
    "restart": "must be restarted after a change: {how}",
    "edited": "edited since attach or detach last wrote it; ",
    "no_servers": "no servers",
    "no_window": "no inspector window serves it here",
    "stdio": "stdio",
    "url": "HTTP",
    "other": "other",
    "attached": "attached",
    "stuck": "attached, but cannot be detached: {why}",
    "refused": "cannot be attached: {why}",
    "not_attached": "not attached",
    "serving": "{state}; {serving}",
    "relayed": "{address} → {upstream}",
    "serve_tip": "Without an inspector window, this serves it (run it while the host uses it): {command}",
    # the report's lines
    "attached_in": "Attached {servers} in {file}.",
    "detached_in": "Detached {servers} in {file}.",
    "window_serves": "This window serves {server} while it is open; while no inspector window is open, the host "
    "cannot reach it (or run this while the host uses it: {command})",
    "none_serves": "No inspector window serves {server} here: run this while the host uses it: {command}",
    "backup": "The file as it was before the first attach: {backup}",
    "restart_host": "{host} must be restarted for this to take effect: {how}",
}
#: the session layer's fixed words (:mod:`.attach`'s reasons a server cannot be attached, how to
#: restart each host), in the same context; a text not here is shown as the session layer says it
SESSION_WORDS = (
    "its entry is not an object",
    "it has no URL",
    "it has no command",
    "its args are not a list",
    "its args are not all strings",
    "its URL is no http:// or https:// URL",
    "its URL holds a variable the host expands: the proxy needs the URL",
    *RESTART_WORDS.values(),
    "quit it and start it again",
)


class Word(str):
    """A value of a report line that is itself translated (a session-layer text)."""


#: a line of the report: a key of :data:`WORDS` (or a session-layer note, as it is) and its values
Line = tuple[str, dict[str, str]]


def said(tr: Translate, text: str) -> str:
    """A session-layer text in the caller's language (when it is one of :data:`SESSION_WORDS`)."""
    return tr(CONTEXT, text)


def shown_path(path: Path, home: Path) -> str:
    """A host file's path as its row shows it: from ``~`` under the home folder."""
    return f"~/{path.relative_to(home)}" if path.is_relative_to(home) else str(path)


def file_row(f: FoundFile, error: str, tr: Translate) -> tuple[str, str]:
    """A host file's host (or "chosen file") and its state: ``error`` (the last action's, "" for
    none), why it cannot be read, why its record cannot, or what to do after a change."""
    client = f.location.client or tr(CONTEXT, WORDS["chosen_file"])
    if f.host is None:
        return client, f.why
    state = tr(CONTEXT, WORDS["restart"]).format(how=said(tr, f.host.restart_words()))
    if f.host.edited_since_written:
        state = tr(CONTEXT, WORDS["edited"]) + state
    return client, error or f.host.record_error or state


@dataclass(frozen=True)
class EntryRow:
    """A server's row: its columns, the tooltip of what it runs, and whether it has a check box."""

    kind: str
    state: str
    runs: str
    tip: str
    checkable: bool


def entry_row(e: HostEntry, serving: str, tr: Translate) -> EntryRow:
    """Server ``e``'s row; ``serving``: whether a window serves it now, in words (for a URL server)."""

    def w(key: str) -> str:
        return tr(CONTEXT, WORDS[key])

    kind = w(e.kind) if e.kind in ("stdio", "url") else w("other")
    if e.attached and not e.why_not:
        state = w("attached")
    elif e.attached:
        state = w("stuck").format(why=said(tr, e.why_not))
    elif e.why_not:
        state = w("refused").format(why=said(tr, e.why_not))
    else:
        state = w("not_attached")
    serve = e.serve()
    runs, tip = e.runs or e.command_line, ""
    if serve is not None:
        state = w("serving").format(state=state, serving=serving)
        runs = w("relayed").format(address=e.runs, upstream=e.command_line)
        tip = w("serve_tip").format(command=shlex.join(serve))
    elif e.attached:
        tip = e.command_line
    return EntryRow(kind, state, runs, tip, e.can_attach or e.can_detach)


def act(
    verb: str, checked: Mapping[Path, list[HostEntry]], found: list[FoundFile], window_serves: bool
) -> tuple[list[Line], dict[Path, str]]:
    """Attach (``verb`` "attach") or detach the checked servers that can be, file by file: the
    report's lines and each file's error (``window_serves``: a window runs the relays)."""
    lines: list[Line] = []
    errors: dict[Path, str] = {}
    hosts = {f.location.path: f for f in found}
    for path, entries in checked.items():
        names = [e.name for e in entries if (e.can_attach if verb == "attach" else e.can_detach)]
        if not names:
            continue
        fmt = hosts[path].location.format
        try:
            outcome = attach_checked(path, names, fmt=fmt) if verb == "attach" else detach(path, names, fmt=fmt)
        except AttachError as exc:
            errors[path] = str(exc)
            continue
        done = {"servers": ", ".join(outcome.changed), "file": str(path)}
        lines.append(("attached_in" if verb == "attach" else "detached_in", done))
        for argv in outcome.serve:
            serve = {"server": argv[argv.index("--name") + 1], "command": shlex.join(argv)}
            lines.append(("window_serves" if window_serves else "none_serves", serve))
        lines += [(note, {}) for note in outcome.notes]
        if outcome.backup is not None:
            lines.append(("backup", {"backup": str(outcome.backup)}))
        host = hosts[path].host
        if host is not None:  # it was read: its servers were listed
            lines.append(("restart_host", {"host": host.client, "how": Word(host.restart_words())}))
    return lines, errors


def report_text(lines: list[Line], tr: Translate) -> str:
    """The report's lines in the caller's language."""
    return "\n".join(
        said(tr, WORDS.get(source, source)).format(
            **{k: said(tr, v) if isinstance(v, Word) else v for k, v in values.items()}
        )
        for source, values in lines
    )


def errors_text(errors: Mapping[Path, str]) -> str:
    """Each file's error, on its own line, the file named unless the error names it."""
    return "\n".join(f"{path}: {why}" if str(path) not in why else why for path, why in errors.items())
