# The types of the session layer's C part (_native.c, built by scripts/build_native.py).
from inspector.protocol.jsontypes import JsonValue
from inspector.session.native import EntryColumns, PackTable

API: int

def holding(entries: list[bytes], needle: bytes, lo: int, hi: int, /) -> bytearray: ...
def holding_rows(entries: list[bytes], needle: bytes, lo: int, hi: int, offset: int, /) -> bytes: ...
def entry_columns(
    objects: list[JsonValue], keys: tuple[str, ...], pack: PackTable, base: int | None, /
) -> EntryColumns | None: ...
