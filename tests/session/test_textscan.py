"""The search's C part (``inspector/session/_textscan.c``): for each entry of a list of bytes,
whether it holds a needle with ASCII letters in either case, which is ``needle.lower() in
entry.lower()``. Checked against that definition on odd bytes (NUL, 0xff, the bytes just
around the letters, whose case bits would fold wrongly if A-Z were taken loosely), needles that
repeat themselves (where a skip table that shifts too far misses a hit), hits at either end,
and random entries; and the build is the one its source makes (``build_native.py --check``)."""

from __future__ import annotations

import random
import subprocess
import sys
from array import array
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from search_ways import require_native

from inspector.session import views

ROOT = Path(__file__).resolve().parents[2]


def holding(entries: list[bytes], needle: bytes) -> bytearray:
    """The C part's mask, checked against its rows (the two functions it has) on the way."""
    require_native()
    scan = views.NATIVE_SEARCH
    assert scan is not None
    n = len(entries)
    mask = scan.holding(entries, needle, 0, n)
    for offset in (0, 1000):
        rows = array(views.ROW_CODE)
        rows.frombytes(scan.holding_rows(entries, needle, 0, n, offset))
        assert list(rows) == [offset + i for i, one in enumerate(mask) if one]
    for lo, hi in ((1, n), (0, n - 1), (n // 3, n // 2)):  # a part, read in place
        if 0 <= lo <= hi <= n:
            assert scan.holding(entries, needle, lo, hi) == mask[lo:hi]
            rows = array(views.ROW_CODE)
            rows.frombytes(scan.holding_rows(entries, needle, lo, hi, 7))
            assert list(rows) == [7 + i for i in range(lo, hi) if mask[i]]
    return mask


def truth(entries: list[bytes], needle: bytes) -> bytearray:
    low = needle.lower()
    return bytearray(low in entry.lower() for entry in entries)


EDGES = b'@AZ[`az{\x00\xff\x7f\x80\xc0\xc1\xda\xe1\xfa\n"\\'  # around A-Z and a-z, and in their high-bit twins

#: one byte each, entries and needles: a letter either case, the bytes just past A-Z and a-z, and
#: 0xc1 and 0xe1 ('A' and 'a' with the high bit: not letters)
SINGLES = [b"", b"a", b"A", b"@", b"`", b"[", b"{", b"\xc1", b"\xe1"]

ENTRIES = [
    *SINGLES,
    b"aaab",
    b"AAAB",
    b"abababc",
    b"ABABABC",
    b"xx isError xx",
    b"ISERROR",
    b'{"jsonrpc":"2.0","id":1,"result":{"content":[],"isError":false}}',
    b"x\x00y\x00IsErRoR\x00",
    b"\xff\xfe not utf-8 ISERROR \xff",
    "Ünïcode ÉTÉ".encode(),
    b"end: TOOLS/LIST",
    b"TOOLS/LIST :start",
]

NEEDLES = [
    *SINGLES,
    b"aab",
    b"AAB",
    b"abab",
    b"ababc",
    b"iserror",
    b"ISERROR",
    b"IsErRoR",
    b'"iserror":false',
    b"\x00y\x00",
    b"\x00isError\x00",
    b"\xff",
    b"\xff\xfe",
    "é".encode(),
    "É".encode(),
    b"tools/list",
    b"end: tools/list",
    b"tools/list :start",
    b"x" * 40,
]


@pytest.mark.parametrize("needle", NEEDLES)
def test_each_needle_is_found_where_the_definition_finds_it(needle: bytes) -> None:
    assert holding(ENTRIES, needle) == truth(ENTRIES, needle)
    # hits at either end of longer entries, and entries just shorter than the needle
    padded = [b"p" * 300 + entry for entry in ENTRIES] + [entry + b"q" * 300 for entry in ENTRIES]
    assert holding(padded, needle) == truth(padded, needle)
    if needle:
        cut = [needle[:-1], needle[1:], needle.upper(), needle.swapcase(), needle * 3]
        assert holding(cut, needle) == truth(cut, needle)


@settings(max_examples=300, deadline=None)
@given(
    entries=st.lists(st.binary(max_size=40) | st.lists(st.sampled_from(EDGES), max_size=40).map(bytes), max_size=30),
    needle=st.lists(st.sampled_from(EDGES), max_size=6).map(bytes) | st.binary(max_size=4),
)
def test_random_bytes(entries: list[bytes], needle: bytes) -> None:
    assert holding(entries, needle) == truth(entries, needle)


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 10_000), alphabet=st.sampled_from([b"aA", b"abAB", b"ab@[", b"aZ`{", b"a\x00"]))
def test_needles_that_repeat_themselves(seed: int, alphabet: bytes) -> None:
    """Small alphabets: every needle repeats its own bytes, so a shift that skips too far shows."""
    rng = random.Random(seed)
    needle = bytes(rng.choice(alphabet) for _ in range(rng.randrange(1, 7)))
    entries = [bytes(rng.choice(alphabet) for _ in range(rng.randrange(20))) for _ in range(50)]
    assert holding(entries, needle) == truth(entries, needle)


def test_an_empty_list_and_an_empty_needle() -> None:
    assert holding([], b"x") == bytearray()
    assert holding([b"", b"abc"], b"") == bytearray(b"\x01\x01")


@pytest.mark.parametrize(
    ("entries", "needle", "says"),
    [
        ((b"a",), b"a", "list of entries"),
        ([b"a", "a"], b"a", "entry 1 is str"),
        ([b"a", None], b"a", "entry 1 is NoneType"),
        ([b"a"], "a", "bytes needle"),
        ([b"a"], bytearray(b"a"), "bytes needle"),
    ],
)
def test_anything_but_a_list_of_bytes_and_bytes_is_refused(entries: object, needle: object, says: str) -> None:
    require_native()
    scan = views.NATIVE_SEARCH
    assert scan is not None
    mask: Callable[..., object] = scan.holding  # wrong types on purpose
    rows: Callable[..., object] = scan.holding_rows
    calls: list[Callable[..., object]] = [
        lambda entries, needle: mask(entries, needle, 0, len(entries)),
        lambda entries, needle: rows(entries, needle, 0, len(entries), 0),
    ]
    for call in calls:
        with pytest.raises(TypeError, match=says):
            call(entries, needle)


def test_a_range_outside_the_list_and_entry_numbers_past_a_c_int_are_refused() -> None:
    require_native()
    scan = views.NATIVE_SEARCH
    assert scan is not None
    mask: Callable[..., object] = scan.holding  # wrong arguments on purpose
    rows: Callable[..., object] = scan.holding_rows
    two = [b"a", b"b"]
    for lo, hi in ((-1, 2), (0, 3), (2, 1), (3, 3)):
        with pytest.raises(IndexError, match="not in a list of 2"):
            mask(two, b"a", lo, hi)
        with pytest.raises(IndexError):
            rows(two, b"a", lo, hi, 0)
    for offset in (2**31 - 1, -1, 2**70):
        with pytest.raises(OverflowError):
            rows(two, b"a", 0, 2, offset)
    with pytest.raises(TypeError):
        rows(two, b"a", 0, 2, "0")
    with pytest.raises(TypeError, match="takes 5 arguments"):
        rows(two, b"a", 0, 2)
    assert scan.holding_rows(two, b"b", 0, 2, 2**31 - 2) == array("i", [2**31 - 1]).tobytes()  # the last that fits
    assert scan.holding_rows(two, b"b", 1, 2, -1) == array("i", [0]).tobytes()  # offset + index, not below 0


def test_the_built_part_is_the_one_its_source_makes() -> None:
    """``build_native.py --check`` (what ``scripts/setup.sh`` rebuilds by): built, and not older
    than its source or the build script."""
    require_native()
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "build_native.py"), "--check"], capture_output=True)
    assert done.returncode == 0, done.stderr.decode()
