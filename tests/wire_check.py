"""Suite-wide check: every message the inspector sent in a test is valid against the schema.

The autouse fixture in ``conftest.py`` collects every :class:`Recording` a test creates (live
sessions in this process) and every entry list a test reads from a ``probe`` process, and fails
the test unless every client-to-server message has ``schema_ok`` true. Messages a person wrote
(the composer's, marked ``hand_written`` in the recording) are theirs, not the inspector's, and
are left out; a test that makes the inspector itself send malformed bytes on purpose (an
unsupported version it was told to accept) says so with ``@pytest.mark.malformed_c2s``.
"""

from __future__ import annotations

import weakref
from typing import Any

from inspector.session.recording import Direction, Recording

_recordings: weakref.WeakSet[Recording] = weakref.WeakSet()
_entry_lists: list[tuple[str, list[dict]]] = []


def start() -> None:
    _recordings.clear()
    _entry_lists.clear()


def watch_recording(rec: Recording) -> None:
    _recordings.add(rec)


def watch_entries(where: str, entries: list[dict]) -> None:
    """Entries as ``probe --json`` prints them (dicts with dir, schema_ok, ...)."""
    _entry_lists.append((where, entries))


def invalid_c2s() -> list[str]:
    """Descriptions of the schema-invalid client-to-server messages seen since start()."""
    bad: list[str] = []
    for rec in list(_recordings):
        if rec.read_only:
            continue  # a file read back: its session was checked when it ran
        for i in range(rec.released, len(rec)):  # released: a proxy's, written out (its host's, not ours)
            if (
                rec.direction_at(i) is Direction.C2S
                and rec.schema_at(i) is not True
                and not rec.extra_at(i).get("hand_written")
            ):
                bad.append(_describe(rec[i].method, rec[i].extra, rec.raw_at(i)))
    for where, entries in _entry_lists:
        for e in entries:
            if e.get("dir") == "c2s" and e.get("schema_ok") is not True and not e.get("hand_written"):
                bad.append(f"{where}: " + _describe(e.get("method"), e, e.get("raw", "").encode()))
    return bad


def _describe(method: Any, extra: dict, raw: bytes) -> str:
    errors = extra.get("schema_errors") or []
    first = errors[0] if errors else {}
    return f"{method}: {first.get('path', '')} {first.get('message', '')} in {raw[:200]!r}"
