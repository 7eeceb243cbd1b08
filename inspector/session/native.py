"""The session layer's C part, when it is there.

Theory of operation. ``_native.c`` holds the loops over a million entries that Python can only
make a call per entry of: the timeline search's scan (``holding``, ``holding_rows``) and the
loader's checks of a run of entry lines (``entry_columns``). ``scripts/build_native.py``
builds it in place, for the Python that runs it; ``scripts/setup.sh`` runs that after
installing a compiler and Python's headers.
This module loads it once: :data:`NATIVE` is None when it is not built, when its API number is
not the one this module knows (a build older than its source), or when the environment says
``MCP_INSPECTOR_NATIVE=0``. Each user keeps a pure-Python way with the same answers, and its
tests run both ways.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # (only the types use them: no alias is built at start-up)
    from inspector.protocol.jsontypes import JsonValue

    #: (dir, kind, state, schema_ok) as a line writes them -> the packed code (recording_load._PACK)
    PackTable = dict[tuple[JsonValue, JsonValue, JsonValue, JsonValue], int]
    #: ``entry_columns``' answer: base, times (array "d" bytes; None: not converted), packed (array
    #: "H" bytes), raws (None: not converted), methods, ids, violations, the lines with more than
    #: the ten members, whether times and raws were converted
    Column = list[JsonValue]
    Raws = list[bytes] | None
    EntryColumns = tuple[int, bytes | None, bytes, Raws, list[str | None], Column, Column, list[int], bool]


#: The API number of ``_native.c`` (its NATIVE_API) this module knows
NATIVE_API = 6


class Native:
    """The C part's functions (a plain class: a dataclass would cost a millisecond at start-up).

    * ``holding(entries, needle, lo, hi)``: for ``entries[lo:hi]`` (a list of bytes, read in
      place), 1 where the entry holds ``needle`` with ASCII letters in either case, else 0;
    * ``holding_rows(entries, needle, lo, hi, offset)``: the numbers ``offset + i`` of those
      entries, as the bytes of an ``array("i")``;
    * ``entry_columns(objects, keys, pack, base)``: ``recording_load.fast_columns``' checks of a
      run of decoded entry lines, and its columns (see ``_native.c``)."""

    __slots__ = ("entry_columns", "holding", "holding_rows")

    def __init__(
        self,
        holding: Callable[[list[bytes], bytes, int, int], bytearray],
        holding_rows: Callable[[list[bytes], bytes, int, int, int], bytes],
        entry_columns: Callable[[list[JsonValue], tuple[str, ...], PackTable, int | None], EntryColumns | None],
    ) -> None:
        self.holding = holding
        self.holding_rows = holding_rows
        self.entry_columns = entry_columns


def load() -> Native | None:
    """The C part (see the module's text), or None."""
    if os.environ.get("MCP_INSPECTOR_NATIVE") == "0":
        return None
    try:
        from . import _native
    except ImportError:
        return None
    if _native.API != NATIVE_API:
        return None
    return Native(_native.holding, _native.holding_rows, _native.entry_columns)


#: The C part (None: not there; every user takes its pure-Python way)
NATIVE = load()
