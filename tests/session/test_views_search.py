"""The timeline's search finds exactly what the one-entry definition finds, whichever way it takes.

:func:`inspector.session.views.holding` answers ``needle in entry`` for every entry of a list at
once, the quickest way for the needle: a ``memchr`` per entry for one byte, a first pass on a
byte few entries hold, runs of entries joined and searched with ``bytes.find`` for a rare needle,
else a pattern per entry. Each way must give the same answer as ``needle in entry`` on odd
entries (empty ones, ones holding the joining bytes, hits at either end, a needle that would
span two joined entries); and the timeline's search (``EntryView``) must give the rows its
one-entry test gives on a recording large enough for every way to be taken (a few thousand
entries: fewer are searched entry by entry).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from inspector.protocol.engine import Analysis
from inspector.protocol.lifecycle import State
from inspector.protocol.messages import Kind
from inspector.session import Direction, Recording, views
from inspector.session.views import EntryFilter, EntryView, holding, holding_rows, joined_find

LARGE = 6000  # entries: more than the fewest the quick ways are taken for


def truth(seg: list[bytes], needle: bytes) -> bytearray:
    return bytearray(needle in entry for entry in seg)


def filler(n: int, seed: int = 1) -> list[bytes]:
    """Ordinary lower-case JSON-RPC lines (no z, q, newline, NUL or 0xff)."""
    rng = random.Random(seed)
    return [
        b'{"jsonrpc":"2.0","method":"notifications/message","params":{"data":"line %d %s"}}'
        % (i, b"abcdefghijklmnop"[: rng.randrange(17)])
        for i in range(n)
    ]


ODD = [
    b"",
    b"z",
    b"zz",
    b"ab",
    b"cd",
    b"ab\ncd",
    b"ab\x00cd",
    b"ab\xffcd",
    b"\n",
    b"\x00",
    b"\xff",
    b'"quoted \\"text\\" and a \\\\ backslash"',
    b"caf\xc3\xa9 \xc3\x89T\xc3\x89",
    b"not utf-8 \xfe\xfd",
    b"zqzq zqzq zq",
    b"qz" * 40,
    b"end with zq",
    b"zq at the start",
]

NEEDLES = [
    b"z",
    b"q",
    b"\n",
    b"\x00",
    b"\xff",
    b'"',
    b"\\",
    b"zq",
    b"qz",
    b"bc",  # ab|cd joined: must not match across two entries
    b"b\nc",
    b"b\x00c",
    b"b\xffc",
    b"\n\x00\xff",
    b"zqzq",
    b"zq at",
    b"with zq",
    b"jsonrpc",
    b"message",
    b"line 4242 ",
    b"nothing like this",
    b"\xc3\xa9",
    b"\xfe\xfd",
    b'\\"text\\"',
    b"qz" * 30,
    b"qz" * 41,
]


@pytest.mark.parametrize("needle", NEEDLES)
@pytest.mark.parametrize("share", [0, 1, 40, 400])
def test_every_way_finds_what_in_finds(needle: bytes, share: int) -> None:
    """The odd entries scattered among ordinary ones: rarely (the rare ways), often, or not at all."""
    rng = random.Random(share)
    seg = filler(LARGE)
    for k in range(share * len(ODD)):
        seg[rng.randrange(len(seg))] = ODD[k % len(ODD)]
    seg[0], seg[-1] = ODD[3], ODD[4]  # at both ends too
    assert holding(seg, needle) == truth(seg, needle)
    assert list(holding_rows(seg, needle, 1000)) == [1000 + i for i, entry in enumerate(seg) if needle in entry]


@pytest.mark.parametrize("needle", NEEDLES)
def test_a_few_entries_are_searched_one_by_one_with_the_same_answers(needle: bytes) -> None:
    assert holding(ODD, needle) == truth(ODD, needle)
    assert holding([], needle) == bytearray()
    assert list(holding_rows(ODD, needle, 3)) == [3 + i for i, entry in enumerate(ODD) if needle in entry]


@settings(max_examples=40, deadline=None)
@given(
    alphabet=st.sampled_from([b"ab", b"abz", b"ab\n\x00\xff", b"abcdefgh"]),
    needle=st.binary(min_size=1, max_size=6),
    seed=st.integers(0, 1000),
)
def test_random_entries_and_needles(alphabet: bytes, needle: bytes, seed: int) -> None:
    rng = random.Random(seed)
    seg = [bytes(rng.choice(alphabet) for _ in range(rng.randrange(12))) for _ in range(LARGE)]
    if seed % 3 == 0:  # the needle in a few entries, at random places
        for _ in range(seed % 7):
            i = rng.randrange(LARGE)
            at = rng.randrange(len(seg[i]) + 1)
            seg[i] = seg[i][:at] + needle + seg[i][at:]
    assert holding(seg, needle) == truth(seg, needle)


def large_recording() -> Recording:
    rec = Recording(t0=0.0)
    raws = filler(LARGE, seed=3)
    rng = random.Random(5)
    texts = [
        "Ünïcode ÉTÉ entry\n".encode(),
        b"UPPER CASE IsError TRUE",
        b'{"jsonrpc":"2.0","id":7,"result":{"content":[],"isError":false}}',
        b"stderr: d\xc3\xa9bit \\ backslash\n",
        b"bad utf-8 \xff\xfe ISERROR",
        b"",
        "İSTANBUL".encode(),  # an i only once decoded and lower-cased
        "STRASSE Straße ΟΔΟΣ σοφός \u212aelvin".encode(),  # ß, a final sigma, the Kelvin sign
        b'{"data":"caf\\u00e9 \\u00c9t\\u00e9 \\"quoted\\""}',  # escapes as JSON writes them
    ]
    for k in range(60):
        raws[rng.randrange(LARGE)] = texts[k % len(texts)]
    for raw in raws:
        a = Analysis(Kind.NOTIFICATION, State.OPERATING)
        a.method = "notifications/message"
        rec.append(Direction.S2C, 0.0, raw, a)
    return rec


SEARCHES = [
    "i",  # also in the entries whose İ lower-cases to i and a dot (found by decoding: merged in)
    "is",
    "İs",
    "iserror",
    "ISERROR",
    "IsErRoR",
    "é",
    "É",
    "DÉBIT",
    "été",
    "e",
    "E",
    '"',
    "\\",
    '"isError":false',
    "line 4242 ",
    "no such text anywhere",
    "jsonrpc",
    '"jsonrpc":"2.0","method":"notifications/message","params":{"data":"line',
    "x" * 60 + "y",
    "\ufffd",
    "\n",
    "ß",
    "SS",
    "strasse",
    "Σ",  # lower-cases to σ; a word's last Σ decodes and lower-cases to ς
    "ς",
    "οδος",
    "\u212a",  # the Kelvin sign lower-cases to an ASCII k
    "KELVIN",
    "\\u00e9",  # an escape as the raw bytes hold it
    "\\u00C9T",
    '\\"quoted',
]


@pytest.mark.parametrize("text", SEARCHES)
def test_the_timeline_search_gives_the_one_entry_tests_rows(text: str, native_way: str) -> None:
    rec = large_recording()
    view = EntryView()
    view.set_recording(rec)
    view.set_filter(EntryFilter(text=text))
    test = view.predicate(view.filter)
    assert test is not None
    assert list(view.rows) == [i for i in range(len(rec)) if test(i)]
    # and within other filters (the search looks at the rows they leave)
    view.set_filter(EntryFilter(text=text, directions=frozenset({Direction.S2C, Direction.C2S})))
    assert list(view.rows) == [i for i in range(len(rec)) if test(i)]


@pytest.mark.parametrize(
    ("entry", "needle"),
    [
        (b"x\ny %05d\x00z\xff", b"\ny 04242"),  # joined by NUL (the needle has a line end)
        (b"x\n\x00y %05d\xff", b"\n\x00y 04242"),  # joined by 0xff
        (b"\n\x00\xff %05d", b"\n\x00\xff 04242"),  # every joining byte is in the needle: one by one
        (b"\n\x00\xff %05d", b"\x00\xff 0424"),  # in ten entries
        (b"\n\x00\xff %05d", b"\n\x00\xff 1"),  # in many
    ],
)
def test_a_rare_needle_with_the_joining_bytes_in_it(entry: bytes, needle: bytes) -> None:
    """Every byte of the needle is in every entry (no first pass pays), the needle in few: the
    entries are joined by a byte the needle does not have, or searched one by one."""
    seg = [entry % i + b" 0123456789 xyz" for i in range(LARGE)]  # every byte of the needles in every entry
    seg[17] = seg[17] + needle + seg[17]  # twice in one entry, and across what would be a join
    seg[-1] = needle
    assert holding(seg, needle) == truth(seg, needle)


@pytest.mark.parametrize("count", [3, 200])
def test_many_entries_found_only_once_decoded(count: int, native_way: str) -> None:
    """``İ`` lower-cases to an ``i`` and a combining dot: those entries hold an ``i`` only once
    decoded; a few are inserted among the rows the bytes gave, many sorted in."""
    rec = Recording(t0=0.0)
    for k, raw in enumerate(filler(LARGE, seed=9)):
        a = Analysis(Kind.NOTIFICATION, State.OPERATING)
        rec.append(Direction.S2C, 0.0, "İSTANBUL".encode() if k % (LARGE // count) == 7 else raw, a)
    view = EntryView()
    view.set_recording(rec)
    for text in ("i", "line", "jsonrpc"):
        view.set_filter(EntryFilter(text=text))
        test = view.predicate(view.filter)
        assert test is not None
        assert list(view.rows) == [i for i in range(len(rec)) if test(i)]


@pytest.mark.parametrize("period", [2, 3])
def test_a_sample_unlike_the_rest(period: int) -> None:
    """Entries that repeat with the sample's stride: the sample sees one kind of entry only and
    calls a needle rare that half or a third of the entries hold (the first run that shows it
    hands the rest to a pattern per entry)."""
    n = 512 * 2 * 3 * 4  # the sample's stride is a multiple of the period
    shapes = [b'{"id":%d,"method":"tools/call","params":{}}', b'{"id":%d,"result":{"content":[]}}', b'{"id":%d}']
    every = b' "abcdefghijklmnopqrstuvwxyz/{}[]:,"'  # every byte of the needles in every entry: no first pass
    seg = [shapes[i % period] % i + every for i in range(n)]
    for needle in (b"content", b'"result"', b"tools/call", b"id"):
        assert holding(seg, needle) == truth(seg, needle)
        assert list(holding_rows(seg, needle, 5)) == [5 + i for i, entry in enumerate(seg) if needle in entry]


@pytest.mark.parametrize("start", [0, 3000, 2048 * 3 - 100])
def test_a_cluster_of_entries_that_hold_a_rare_needle(start: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """A needle the sample calls rare that a cluster of entries hold (ids 4200-4299 and
    42000-42999 all hold "0042"): the runs in and just after the cluster are searched entry by
    entry, the runs after that joined again; the answers are ``needle in entry`` throughout."""
    n = 2048 * 8
    stride = n // 512  # the sample's: it sees none of the cluster
    every = b' "abcdefghijklmnopqrstuvwxyz/{}[]:,0123456789"'
    seg = [b'{"id":%d,"method":"ping"}' % i + every for i in range(n)]
    for i in range(start, min(n, start + 2500)):  # more than a run's worth, across run boundaries
        if i % stride:
            seg[i] = b'{"id":"x0042y%d"}' % i + every
    joined = []
    monkeypatch.setattr(views, "joined_find", lambda *a: joined.append(a) or joined_find(*a))
    for i in (start + 2600, start + 4000, n - 1):  # rare again after it
        if i < n:
            seg[i] = b"0042" + seg[i]
    for needle in (b"x0042y", b"0042", b"042y"):
        assert holding(seg, needle) == truth(seg, needle)
        assert list(holding_rows(seg, needle, 7)) == [7 + i for i, entry in enumerate(seg) if needle in entry]
    assert len(joined) == 6  # every search took the joined way


def test_a_live_recording_is_searched_as_it_grows(native_way: str) -> None:
    """Entries appended while the search is on are taken in slices (few and many at a time) and
    found as the one-entry test finds them, the search alone and within another filter."""
    rec = Recording(t0=0.0)
    odd = [
        "İSTANBUL".encode(),
        "ΟΔΟΣ".encode(),
        b"IsError \xff\xfe",
        b"",
        b"ISERROR " * 500,
        b'"isError":true',
    ]
    views = {text: EntryView() for text in ("iserror", "i", "ς", '"iserror"', "no such text")}
    for text, view in views.items():
        view.set_recording(rec)
        view.set_filter(
            EntryFilter(text=text) if text != "i" else EntryFilter(text=text, kinds=frozenset({Kind.RESULT}))
        )
    rng = random.Random(11)
    for batch in (0, 1, 5, 4500, 7, 9000, 3):
        for raw in filler(batch, seed=batch):
            if rng.randrange(40) == 0:
                raw = rng.choice(odd)
            a = Analysis(rng.choice([Kind.NOTIFICATION, Kind.RESULT]), State.OPERATING)
            rec.append(Direction.S2C, 0.0, raw, a)
        for view in views.values():
            while view.catch_up(budget=5000):
                pass
            test = view.predicate(view.filter)
            assert test is not None
            assert list(view.rows) == [i for i in range(len(rec)) if test(i)]
    assert all(len(view.rows) for text, view in views.items() if text != "no such text")
