"""What the window's compare view shows, as rows: a surface diff as a tree, an alignment as a list.

Theory of operation
-------------------
The compare view (``inspector.ui.compare_view``) puts two sessions side by side: their
surfaces' difference (:mod:`.surface_diff`) and, when both are recordings, their conversations
aligned message by message (:mod:`.recording_align`). What it shows is decided here, without
Qt, as :class:`Row` trees the view copies into its tree widgets as plain text (server text is
never read as markup, and its controls and bidi overrides are written ``\\uXXXX``:
:func:`~.surface_diff.printable`):

* :func:`surface_rows`: one row per kind that has differences (server, lists, tools, prompts,
  resources, resource templates, in that order), below it one row per item added, removed or
  changed - its key, its status and ``breaking`` when it is - and below a changed item the
  reasons it breaks (each a row of its own, marked breaking), one row per JSON path with its
  old and new value (the ``(absent)`` word for a member not there), then its other findings. The notes (what limits
  the comparison) come last, in a row of their own.
* :func:`load_side`: a file the user picked, as a surface and, when it is a recording (or a
  host's log or HAR of one session, converted as File → Open converts it), the recording too (a
  surface file has no messages to align).
* :func:`alignment_rows`: the pairs from where the runs part (at most ``most``), each with both
  sides' steps and, below it, the paths whose content differs.

Words: :data:`WORDS` (context :data:`CONTEXT`) for the view's own, the surface diff's and the
alignment's tables for theirs, all through the caller's ``tr`` (``scripts/i18n.py`` reads them).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from . import host_logs
from .recording import Recording, RecordingError, quote_value
from .recording_align import ALIGN_CONTEXT, ALIGN_WORDS, AlignedPair, Alignment, Step
from .surface import KINDS, SURFACE_FORMAT, Surface, SurfaceError, load_surface, surface_of, whole_surface_file
from .surface_diff import ABSENT, DIFF_CONTEXT, LINE_WORDS, LIST_WORDS, SurfaceDiff, Value, printable
from .translate import Translate, untranslated

__all__ = ["CONTEXT", "WORDS", "Row", "alignment_rows", "load_side", "surface_rows", "value_text"]

CONTEXT = "CompareView"
WORDS: dict[str, str] = {
    "title": "Compare sessions",
    "surface": "Surface",
    "messages": "Messages",
    "item": "Item",
    "old": "A (before)",
    "new": "B (after)",
    "server": "the server",
    "list": "the lists",
    "notes": "notes",
    "a_side": "A: {source}",
    "b_side": "B: {source}",
    "current": "the current session",
    "no_messages": "A surface file holds no messages: only two recordings are aligned.",
    "pick_a": "Compare: the first session (A, before)",
    "pick_b": "Compare with: the second session (B, after)",
    "files": "Recordings, surface files, host logs and HAR files (*.jsonl *.json *.log *.har *.txt);;All files (*)",
    "unreadable": "Cannot compare {name}: {why}",
    "reading": "Reading {names}…",
    "only_a": "only in A",
    "only_b": "only in B",
    "same": "same",
    "changed": "changed",
}
#: the kinds' order in the tree: what concerns the whole server first
KIND_ORDER: tuple[str, ...] = ("server", "list", *KINDS)
_GROUP = {"server": "server", "list": "list"}


@dataclass(frozen=True)
class Row:
    """One line of the view: its text, the two sides' values, its status and whether it breaks."""

    text: str
    old: str = ""
    new: str = ""
    status: str = ""  # "kind", "added", "removed", "changed", "path", "finding", "note", or a pair's status
    breaking: bool = False
    children: tuple[Row, ...] = field(default_factory=tuple)


def value_text(v: Value, tr: Translate = untranslated) -> str:
    """A JSON value on one line (``(absent)`` for a member not there)."""
    return tr(DIFF_CONTEXT, LINE_WORDS["absent"]) if v is ABSENT else printable(quote_value(v))


def _kind_title(kind: str, tr: Translate) -> str:
    if kind in _GROUP:
        return tr(CONTEXT, WORDS[_GROUP[kind]])
    return tr(DIFF_CONTEXT, LIST_WORDS[kind])


def surface_rows(diff: SurfaceDiff, tr: Translate = untranslated) -> list[Row]:
    """The diff as a tree (see the module's theory)."""
    line = {k: tr(DIFF_CONTEXT, v) for k, v in LINE_WORDS.items()}
    out: list[Row] = []
    for kind in KIND_ORDER:
        items = [i for i in diff.items if i.kind == kind]
        if not items:
            continue
        rows: list[Row] = []
        for item in items:
            status = line[item.status] + (f" [{line['breaking']}]" if item.breaking else "")
            reasons = [Row(printable(f.text(tr)), status="finding", breaking=True) for f in item.findings if f.breaking]
            paths = [
                Row(printable(c.pointer or "/"), value_text(c.old, tr), value_text(c.new, tr), "path")
                for c in item.changes
            ]
            others = [Row(printable(f.text(tr)), status="finding") for f in item.findings if not f.breaking]
            # a list's item added or removed says so in its own row: its one finding would repeat it
            said = item.kind in KINDS and item.status != "changed"
            children = paths if said else [*reasons, *paths, *others]
            rows.append(
                Row(
                    f"{printable(item.key)}: {status}",
                    status=item.status,
                    breaking=item.breaking,
                    children=tuple(children),
                )
            )
        breaking = any(r.breaking for r in rows)
        out.append(
            Row(f"{_kind_title(kind, tr)} ({len(rows)})", status="kind", breaking=breaking, children=tuple(rows))
        )
    if diff.notes:
        notes = tuple(Row(printable(n.text(tr)), status="note") for n in diff.notes)
        out.append(Row(f"{tr(CONTEXT, WORDS['notes'])} ({len(notes)})", status="note", children=notes))
    return out


def _step(s: Step | None, unanswered: str) -> str:
    if s is None:
        return ""
    what = s.method or s.kind
    if s.kind == "request":
        what += f" → {s.outcome or unanswered}"
    return f"#{s.seq} {s.direction} {printable(what)}"


def alignment_rows(al: Alignment, tr: Translate = untranslated, *, most: int = 500) -> list[Row]:
    """The pairs from where the two runs part, up to ``most`` (see the module's theory)."""
    unanswered = tr(ALIGN_CONTEXT, ALIGN_WORDS["unanswered"])
    rows = []
    at = al.parted_at or 0
    for n, pair in enumerate(al.after_parting()[:most], at + 1):
        rows.append(_pair_row(n, pair, unanswered, tr))
    return rows


def _pair_row(n: int, pair: AlignedPair, unanswered: str, tr: Translate) -> Row:
    children = tuple(
        Row(printable(c.pointer), value_text(c.old, tr), value_text(c.new, tr), "path") for c in pair.changes
    )
    text = f"{n}: {tr(CONTEXT, WORDS[pair.status])}"
    return Row(text, _step(pair.a, unanswered), _step(pair.b, unanswered), pair.status, children=children)


def load_side(path: str | Path) -> tuple[Surface, Recording | None]:
    """A picked file's surface, and its recording when it is one (None for a surface file), read
    as File → Open reads it: a Claude Desktop or VS Code MCP log or a HAR file holding one session
    is converted on the way (several: a :class:`~.surface.SurfaceError` pointing to ``convert``).
    Only a regular file is opened here (a FIFO is the recording loader's to refuse). Raises what
    :func:`~.surface.load_surface` and :meth:`Recording.load` raise."""
    p = Path(path)
    try:
        rec = host_logs.one_session_recording(p)
    except host_logs.HostLogError as exc:
        raise SurfaceError(str(exc)) from None
    if rec is not None:
        return surface_of(rec, source=p.name), rec
    if p.is_file():
        with open(p, "rb") as f:
            head = f.read(4096)
        if b'"' + SURFACE_FORMAT.encode() + b'"' in head:
            return load_surface(p), None
    try:
        rec = Recording.load(p)
    except RecordingError:
        found = whole_surface_file(p)  # one another tool rewrote (its format further in)
        if found is None:
            raise
        return found, None
    return surface_of(rec, source=p.name), rec
