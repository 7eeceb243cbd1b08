"""What the window's File commands say, as data: the name a saved recording is offered under,
the lines of a recording that could not be read, what a re-analysis changed, why a command
cannot run now (:func:`refusal`) and what a sequence export wrote.

Theory of operation. The File menu's commands (``inspector.ui.window_files``) show these texts
in message boxes and the status bar; choosing the words needs no Qt. They are English in
:data:`WORDS` and go through the caller's ``tr(context, text)`` (see :mod:`.translate`) in the
"WindowFiles" context, where the commands' own strings are (``scripts/i18n.py`` reads
:data:`WORDS`). Rule ids, note ids and states are shown as they are recorded.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from inspector.protocol.jsontypes import JsonObject

from .file_types import FileType
from .reanalyse import Change
from .translate import Translate

CONTEXT = "WindowFiles"

WORDS = {
    "one-unreadable": "One line of {name} could not be read; everything else is shown.",
    "unreadable": "{n} lines of {name} could not be read; everything else is shown.",
    "line": "line {line}: {reason}",
    "more": "… and {n} more",
    "unreadable-status": "Opened with {n} unreadable line(s); see the message.",
    "same": "Re-analysed: every entry is judged as it was when it was recorded.",
    "changed": "Re-analysed: entries judged differently now: {n}.",
    "added": "now: {rules}",
    "removed": "no longer: {rules}",
    "notes-added": "explained now: {notes}",
    "notes-removed": "no longer explained: {notes}",
    "schema": "schema: {before} → {after}",
    "state": "state: {before} → {after}",
    "entry": "entry {seq}: {what}",
    # the save dialogs' file types
    "recordings": "Recordings",
    "html": "HTML page",
    "md": "Markdown",
    "svg": "SVG drawing",
    "png-2": "PNG image, 2×",
    "png-4": "PNG image, 4×",
    # why a command cannot run now (refusal)
    "watched-running": "The watched session is still running: do this once it has ended (its proxy still writes it).",
    "wait-loading": "Wait until the recording has loaded (or stop loading it) first.",
    "nothing-to-save": "Nothing to save yet: connect to a server first.",
    "nothing-to-export": "Nothing to export yet: connect to a server or open a recording first.",
    "open-first": "Open a recording first: a live session is judged as it happens.",
    # what a sequence export wrote (sequence_export_text)
    "rows-exported": "Exported rows {first}–{last} of {total} to {path}: one file holds at most {limit} rows. "
    "Select the row to start from and export again for the others.",
    "all-exported": "Exported all {total} rows to {path}",
}

#: The save dialogs' choices (their labels are WORDS): a recording, a handout, a picture (the
#: lifecycle and the sequence diagram: SVG, or PNG at 2× or 4×).
SAVE_TYPES = {
    "recording": (FileType("jsonl", WORDS["recordings"], (".jsonl",)),),
    "transcript": (
        FileType("html", WORDS["html"], (".html", ".htm")),
        FileType("md", WORDS["md"], (".md", ".markdown")),
    ),
    "picture": (
        FileType("svg", WORDS["svg"], (".svg",)),
        FileType("png", WORDS["png-2"], (".png",), 2.0),
        FileType("png", WORDS["png-4"], (".png",), 4.0),
    ),
}

#: How many changed entries a re-analysis lists (the rest are counted).
CHANGES_LISTED = 30


def save_types(tr: Translate, what: str) -> list[FileType]:
    """The save dialog's choices for ``what`` (a key of SAVE_TYPES), labelled in the window's language."""
    return [replace(t, label=tr(CONTEXT, t.label)) for t in SAVE_TYPES[what]]


def suggested_recording_name(header: JsonObject) -> str:
    """``<server>-<YYYYmmdd-HHMMSS>.jsonl`` from a recording's header (file-name safe)."""
    server = str(header.get("server_name") or "session")
    safe = "".join(c if c.isalnum() or c in "-_." else "-" for c in server).strip("-.") or "session"
    created = str(header.get("created") or "")
    stamp = "".join(c for c in created[:19] if c.isdigit())
    stamp = f"{stamp[:8]}-{stamp[8:14]}" if len(stamp) == 14 else ""
    return f"{safe[:60]}-{stamp}.jsonl" if stamp else f"{safe[:60]}.jsonl"


@dataclass(frozen=True)
class LoadProblemsText:
    """A message about the lines of recording that could not be read."""

    text: str  # the message's sentence
    first: str  # its first few lines
    lines: str  # every line listed (the message's details)
    status: str  # the status bar's line


def load_problems_text(
    tr: Translate, name: str, count: int, problems: Sequence[tuple[int | None, str]]
) -> LoadProblemsText:
    """``count`` lines of the file ``name`` could not be read; ``problems`` are the ones kept
    (line number, or None, and why)."""

    def say(key: str) -> str:
        return tr(CONTEXT, WORDS[key])

    text = (say("one-unreadable") if count == 1 else say("unreadable")).format(n=count, name=name)
    lines = [say("line").format(line=line, reason=reason) if line is not None else reason for line, reason in problems]
    if count > len(lines):
        lines.append(say("more").format(n=count - len(lines)))
    return LoadProblemsText(text, "\n".join(lines[:3]), "\n".join(lines), say("unreadable-status").format(n=count))


def reanalysis_text(tr: Translate, changes: Sequence[Change]) -> str:
    """What judging a recording again changed, entry by entry (the first CHANGES_LISTED)."""

    def say(key: str) -> str:
        return tr(CONTEXT, WORDS[key])

    if not changes:
        return say("same")
    lines = []
    for c in changes[:CHANGES_LISTED]:
        bits = []
        if c.added:
            bits.append(say("added").format(rules=", ".join(c.added)))
        if c.removed:
            bits.append(say("removed").format(rules=", ".join(c.removed)))
        if c.notes_added:
            bits.append(say("notes-added").format(notes=", ".join(c.notes_added)))
        if c.notes_removed:
            bits.append(say("notes-removed").format(notes=", ".join(c.notes_removed)))
        if c.schema_before != c.schema_after:
            bits.append(say("schema").format(before=c.schema_before, after=c.schema_after))
        if c.state_before != c.state_after:
            bits.append(say("state").format(before=c.state_before, after=c.state_after))
        lines.append(say("entry").format(seq=c.seq, what="; ".join(bits)))
    if len(changes) > CHANGES_LISTED:
        lines.append(say("more").format(n=len(changes) - CHANGES_LISTED))
    return say("changed").format(n=len(changes)) + "\n\n" + "\n".join(lines)


def refusal(tr: Translate, command: str, *, loading: bool, live: bool, shown: bool, read_only: bool) -> str | None:
    """Why the File command ``command`` (``save``, ``export`` a handout, ``reanalyse``) cannot
    run now, in words; None when it can. ``loading``: a recording file is still being read
    (``live``: one a running proxy still writes); ``shown``: a session or recording is shown
    (``read_only``: an opened one, the only kind judged again)."""
    if loading:
        key = "watched-running" if live else "wait-loading"
    elif not shown:
        key = {"save": "nothing-to-save", "export": "nothing-to-export"}.get(command, "open-first")
    elif command == "reanalyse" and not read_only:
        key = "open-first"  # a live session is judged as it happens
    else:
        return None
    return tr(CONTEXT, WORDS[key])


def sequence_export_text(tr: Translate, first: int, end: int, total: int, path: str, limit: int) -> tuple[str, int]:
    """What the status bar says of a sequence export of rows ``first`` .. ``end - 1`` of ``total``
    to ``path`` (one file holds at most ``limit``), and for how long (ms): the rows left out and
    how to export them say longer."""
    if end - first < total:
        text = tr(CONTEXT, WORDS["rows-exported"])
        figures = {"first": first + 1, "last": end, "total": total, "limit": limit}
        return text.format(path=path, **{k: f"{v:,}" for k, v in figures.items()}), 30000
    return tr(CONTEXT, WORDS["all-exported"]).format(total=f"{total:,}", path=path), 8000


__all__ = [
    "CONTEXT",
    "SAVE_TYPES",
    "WORDS",
    "LoadProblemsText",
    "load_problems_text",
    "reanalysis_text",
    "refusal",
    "save_types",
    "sequence_export_text",
    "suggested_recording_name",
]
