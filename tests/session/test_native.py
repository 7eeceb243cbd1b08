"""The search's C part (``inspector/session/_native.c``): for each entry of a list of bytes,
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
from native_ways import require_native

from inspector.protocol.messages import KIND_BY_LABEL
from inspector.session import native, recording_load, views
from inspector.session.recording_entry import DIR_BY_LABEL, STATE_BY_VALUE
from inspector.session.recording_load import FastRun

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


@pytest.mark.parametrize("m", [8, 64, 600])
def test_a_needle_that_repeats_in_an_entry_that_repeats(m: int) -> None:
    """Base64's runs of A and a needle of a's: each place costs a compare of most of the needle,
    so past a few compares per byte the rest of the entry is searched the linear way; the
    answers stay the definition's, found before, at and after the switch."""
    needle = b"a" * (m - 2) + b"ea"
    run = b"A" * 20_000
    entries = [
        run,
        run + needle.upper(),  # found only after the switch
        needle + run,  # at once
        run[:5000] + needle.swapcase() + run,
        run[: m * 3] + b"E" + run,
        (b"A" * (m - 1) + b"B") * 50,
    ]
    assert holding(entries, needle) == truth(entries, needle)
    assert holding(entries, b"a" * (m - 1) + b"b") == truth(entries, b"a" * (m - 1) + b"b")


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


# ---------------------------------------------------------------------------- the loader's columns

TEN = ("seq", "t", "dir", "kind", "method", "id", "raw", "state", "violations", "schema_ok")
DIRS = sorted(DIR_BY_LABEL)
KINDS = sorted(KIND_BY_LABEL)
STATES = sorted(STATE_BY_VALUE)

#: per member, values a writer never writes (or that break a conversion): each makes the run
#: None, an index (a line for the line-by-line way) or a run with odd but accepted values (a
#: seq of True or 3.0 equals 1 or 3) - whichever, the same answer both ways
ODD: dict[str, list[object]] = {
    "seq": [True, 1.5, "1", None, -1, 2**70, [1]],
    "t": ["0", None, True, 2**2000, 10**30, -0.0, [0.5]],
    "dir": ["up", None, 1, ["c2s"], {"a": 1}],
    "kind": ["reply", None, 0, ["request"]],
    "method": [1, ["m"], {"m": 1}, True],
    "id": [[1], {"a": 1}],
    "raw": [1, None, "\ud800 lone surrogate", ["x"], "é ünïcode"],
    "state": ["sleeping", None, 3],
    "violations": [["x.rule"], [1], "x", None, 0, {}, ["a", "b"], [["x"]]],
    "schema_ok": [1, "yes", 0, []],
}
EXTRA: list[tuple[str, object]] = [
    ("latency", 0.25),
    ("latency", 3),
    ("latency", "fast"),
    ("paired", 2),
    ("paired", -1),
    ("paired", 1.5),
    ("raw_b64", "AAAA"),
    ("raw_b64", None),
    ("transition", {"from": "a"}),
]


def entry(rng: random.Random, seq: int) -> dict[str, object]:
    return {
        "seq": seq,
        "t": rng.choice([0.0, 0.5, 3, 12.25, 1e-9]),
        "dir": rng.choice(DIRS),
        "kind": rng.choice(KINDS),
        "method": rng.choice([None, "tools/list", "notifications/message"]),
        "id": rng.choice([None, 1, "a", 2.5, True, False, 0]),
        "raw": rng.choice(['{"jsonrpc":"2.0"}\n', "", "x" * 300]),
        "state": rng.choice(STATES),
        "violations": [],
        "schema_ok": rng.choice([None, True, False]),
    }


def damaged_run(rng: random.Random, n: int, first: int, odd_share: float) -> list[object]:
    run: list[object] = []
    for i in range(n):
        d = entry(rng, first + i)
        if rng.random() < odd_share:
            what = rng.randrange(6)
            if what == 0:  # a member of an odd value
                member = rng.choice(TEN)
                d[member] = rng.choice(ODD[member])
            elif what == 1:  # a member missing
                del d[rng.choice(TEN)]
            elif what == 2:  # a member more
                key, value = rng.choice(EXTRA)
                d[key] = value
            elif what == 3:  # the members in another order
                keys = list(d)
                rng.shuffle(keys)
                d = {k: d[k] for k in keys}
            elif what == 4:  # no object at all
                run.append(rng.choice([[1, 2], "line", 7, None, 2.5]))
                continue
            else:  # numbered out of order
                d["seq"] = first + i + rng.choice([-1, 1, 5])
        run.append(d)
    return run


def same_answer(a: object, b: object) -> bool:
    if isinstance(a, FastRun) and isinstance(b, FastRun):
        return all(x == y for x, y in zip(a, b, strict=True))
    return a == b and type(a) is type(b)


@settings(max_examples=400, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    n=st.integers(1, 60),
    odd_share=st.sampled_from([0.0, 0.02, 0.2, 1.0]),
    numbered=st.booleans(),
)
def test_the_loaders_columns_are_the_same_both_ways(seed: int, n: int, odd_share: float, numbered: bool) -> None:
    """``fast_columns`` with the C part (``entry_columns``) and without it: the same run, the
    same line for the line-by-line way, or None, for runs of entry objects with odd members."""
    require_native()
    rng = random.Random(seed)
    first = rng.choice([0, 7, 100_000])
    run = damaged_run(rng, n, first, odd_share)
    base = first if numbered else None
    with pytest.MonkeyPatch.context() as patch:
        with_c = recording_load.fast_columns(run, base)
        patch.setattr(recording_load, "NATIVE", None)
        without = recording_load.fast_columns(run, base)
    assert same_answer(with_c, without), (with_c, without)
    if odd_share == 0.0:  # nothing odd: a run both ways
        assert isinstance(with_c, FastRun) and with_c.base == first and len(with_c.raws) == n


def both_ways(run: list[object], base: int | None) -> object:
    """``fast_columns`` of the run with the C part and without it, which must agree; the answer."""
    with pytest.MonkeyPatch.context() as patch:
        with_c = recording_load.fast_columns(run, base)
        patch.setattr(recording_load, "NATIVE", None)
        without = recording_load.fast_columns(run, base)
    assert same_answer(with_c, without), (run, with_c, without)
    return with_c


#: values the conversions made last refuse (a time past a double, a raw that is no str or no UTF-8)
LATE = [("t", 2**2000), ("raw", 1), ("raw", None), ("raw", "\ud800"), ("raw", ["x"])]


def test_every_odd_member_and_extra_alone_gives_the_same_both_ways() -> None:
    """Each odd value of each member, and each member more, on a line at either end or in the
    middle of a run; a seq that equals its number without being that int (3.0, True); a value
    the last conversions refuse before or after a line that needs the line-by-line way (which
    is named first, as the pure-Python way finds it first)."""
    require_native()
    rng = random.Random(3)
    answers: set[str] = set()
    for where in (0, 10, 19):
        for base in (None, 0):
            cases: list[tuple[str, object]] = [(m, v) for m, values in ODD.items() for v in values]
            cases += [("seq", float(where)), ("seq", where == 1)]
            for member, value in cases:
                run = [entry(rng, i) for i in range(20)]
                run[where][member] = value
                answers.add(type(both_ways(run, base)).__name__)
            for key, value in EXTRA:
                run = [entry(rng, i) for i in range(20)]
                run[where][key] = value
                answers.add(type(both_ways(run, base)).__name__)
            for missing in TEN:
                run = [entry(rng, i) for i in range(20)]
                del run[where][missing]
                assert both_ways(run, base) is None
    for first in (2**63 - 21, 2**63 - 20, 2**63 - 1, 2**64 - 3, 2**70):  # numbers past a C size: refused both ways
        run = [entry(rng, first + i) for i in range(20)]
        fits = first + 20 <= sys.maxsize
        assert isinstance(both_ways(run, None), FastRun) == fits
        assert isinstance(both_ways(run, first), FastRun) == fits
    for (member, value), odd_at in ((late, at) for late in LATE for at in (0, 19)):
        run = [entry(rng, i) for i in range(20)]
        run[10][member] = value
        run[odd_at]["raw_b64"] = "AAAA"
        assert both_ways(run, 0) == odd_at  # the line for the line-by-line way, not None
    assert answers == {"NoneType", "int", "FastRun"}  # each kind of answer was compared


def test_entry_columns_refuses_what_is_not_a_run() -> None:
    require_native()
    scan = native.NATIVE
    assert scan is not None
    columns: Callable[..., object] = scan.entry_columns  # wrong arguments on purpose
    pack = recording_load.pack_table()
    ok = [entry(random.Random(1), 0)]
    with pytest.raises(TypeError, match="takes 4 arguments"):
        columns(ok, TEN, pack)
    for args in (
        (tuple(ok), TEN, pack, None),
        (ok, TEN[:9], pack, None),
        (ok, list(TEN), pack, None),
        (ok, TEN, [], None),
    ):
        with pytest.raises(TypeError, match="a list, a tuple of ten keys, a dict"):
            columns(*args)
    with pytest.raises(TypeError, match="object 0 is list"):
        columns([[1]], TEN, pack, None)
    with pytest.raises(KeyError, match="'t'"):
        columns([{"seq": 0}], TEN, pack, None)
    assert columns([], TEN, pack, None) is None
    assert columns(ok, TEN, pack, 5) is None  # numbered 0 where 5 was expected
