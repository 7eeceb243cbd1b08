"""Suite-wide check: every recording this inspector makes is judged the same when re-analysed.

Issue 21: re-analysing a recording must never contradict the live session (it once flagged every
``roots/list`` as ``capability.client-undeclared`` because the engine was rebuilt without the
client's capabilities). The autouse fixture in ``conftest.py`` collects every recording that a
:class:`~inspector.session.Session` of the test made, in this process (probe run in-process, the
window's controller, the session tests), and every recording file a ``probe`` process of the test
wrote into its ``tmp_path`` (a file whose header carries the ``engine`` member only this version's
sessions write). After the test each one is re-analysed; any entry judged differently - a rule,
a note, the schema verdict or the lifecycle state - fails the test, naming the entries.

What is re-analysed is what a user would open: the file the session wrote when there is one and
it loads whole, else the recording in memory. A file the test damaged on purpose (lines that do
not load) is left to the loader's tests; a test that edits the verdicts in a file on purpose says
so with ``@pytest.mark.reanalysis_differs``. Recordings of more than ``MAX_ENTRIES`` entries (the
floods of the memory and speed tests) are counted and skipped: re-analysis is as slow as the live
analysis, and the suite must stay fast; the count is printed at the end of the run.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import orjson

from inspector.session.reanalyse import reanalyse
from inspector.session.recording import Recording

MAX_ENTRIES = 200_000  # re-analysis runs at about 150,000 entries/s (a 100,000-line flood: 0.64 s)
MAX_FILE_BYTES = 32 << 20

_live: list[tuple[Recording, Path | None]] = []
stats = {
    "recordings": 0,
    "entries": 0,
    "files": 0,
    "differed": 0,
    "differed_on_purpose": 0,
    "skipped_large": 0,
    "seconds": 0.0,
}


def start() -> None:
    _live.clear()


def watch_session(session) -> None:
    path = session.options.record_path
    _live.append((session.recording, Path(path) if path is not None else None))


def _is_ours(path: Path) -> bool:
    """A recording file written by a session of this version (its header has ``engine``)."""
    try:
        if path.is_symlink() or not path.is_file() or path.stat().st_size > MAX_FILE_BYTES:
            return False
        with path.open("rb") as f:
            head = f.readline(1 << 20)
        header = orjson.loads(head)
    except (OSError, orjson.JSONDecodeError):
        return False
    return (
        isinstance(header, dict)
        and header.get("format") == "mcp-session-inspector/recording"
        and isinstance(header.get("engine"), dict)
    )


def _files_under(top: Path) -> list[Path]:
    """Regular files under ``top`` (symbolic links are not followed: tests make loops on purpose)."""
    found = []
    for folder, _dirs, names in os.walk(top):
        for name in names:
            path = Path(os.path.abspath(os.path.join(folder, name)))
            if not path.is_symlink():
                found.append(path)
    return sorted(found)


def _whole(path: Path) -> Recording | None:
    try:
        rec = Recording.load(path)
    except Exception:  # noqa: BLE001 - a file the test broke on purpose is the loader tests' business
        return None
    return rec if not rec.load_problem_count else None


def _describe(where: str, rec: Recording, changes: list) -> str:
    lines = [f"{where}: {len(changes)} entries judged differently on re-analysis"]
    for c in changes[:5]:
        lines.append(
            f"  entry {c.seq} ({rec.kind_at(c.seq).label} {rec.method_at(c.seq) or ''}): rules "
            f"+{list(c.added)} -{list(c.removed)},"
            f" notes +{list(c.notes_added)} -{list(c.notes_removed)}, schema "
            f"{c.schema_before}->{c.schema_after}, state {c.state_before}->{c.state_after}"
        )
    return "\n".join(lines)


def _check(where: str, rec: Recording) -> str | None:
    if len(rec) == 0:
        return None
    if len(rec) > MAX_ENTRIES:
        stats["skipped_large"] += 1
        return None
    _again, changes = reanalyse(rec)
    stats["recordings"] += 1
    stats["entries"] += len(rec)
    return _describe(where, rec, changes) if changes else None


def differences(tmp_path: Path | None) -> list[str]:
    """What re-analysis judged differently in the recordings made since ``start()`` (the time it
    took is added to ``stats["seconds"]``: the check's cost, printed at the end of the run)."""
    began = time.perf_counter()
    try:
        return _differences(tmp_path)
    finally:
        stats["seconds"] += time.perf_counter() - began


def _differences(tmp_path: Path | None) -> list[str]:
    found: list[str] = []
    files: set[Path] = set()
    for rec, path in _live:
        if rec.read_only:  # a re-analysed or opened recording, not one a session made
            continue
        loaded = None
        if path is not None and _is_ours(path):
            files.add(Path(os.path.abspath(path)))
            loaded = _whole(path)
        if loaded is not None and len(loaded) == len(rec):
            stats["files"] += 1
            problem = _check(str(path), loaded)
        else:
            problem = _check(
                "the recording of a session "
                f"({rec.header.get('argv') or rec.header.get('url') or rec.header.get('transport')})",
                rec,
            )
        if problem:
            found.append(problem)
    if tmp_path is not None and tmp_path.is_dir():  # files written by probe processes
        for path in _files_under(tmp_path):
            if path in files or not _is_ours(path):
                continue
            loaded = _whole(path)
            if loaded is None:
                continue
            stats["files"] += 1
            problem = _check(str(path), loaded)
            if problem:
                found.append(problem)
    _live.clear()
    return found
