"""The timeline's filters, taken column by column, give what the one-entry test gives.

``EntryView`` filters a whole recording with C-level passes over its columns (byte masks of
the packed column, the violations and method columns, a lower-cased text index) instead of
calling a Python test per entry; :meth:`EntryView.predicate` is the same filter for one entry
(``accepts``, ``reveal``). Here every combination of filter parts, on a recording with
everything in it (HTTP metadata and errors, process events, schema-invalid messages,
violations, text that is not ASCII or not UTF-8), must give the same rows both ways: all at
once, taken in slices as a live recording or a loading file arrives, and narrowed while the
search text is typed.
"""

from __future__ import annotations

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from recording_samples import synthetic_session

from inspector.protocol.engine import Analysis
from inspector.protocol.messages import Kind
from inspector.session import Direction, Recording
from inspector.session.playback import Playback
from inspector.session.views import EntryFilter, EntryView, TextIndex, flagged_rows, rows_of


@pytest.fixture(scope="module")
def rec(tmp_path_factory: pytest.TempPathFactory) -> Recording:
    path = synthetic_session(tmp_path_factory.mktemp("views") / "sample.jsonl", notes=2500, seed=7)
    # one entry whose text differs only after decoding and lower-casing (É -> é), one with an
    # uppercase ASCII name, and a process event
    lines = path.read_bytes().splitlines(keepends=True)
    entry = orjson.loads(lines[6])  # the header, then entries 0, 1, ...
    assert entry["seq"] == 5
    entry["raw"] = "Ünïcode ÉTÉ entry\n"
    entry.pop("raw_b64", None)
    lines[6] = orjson.dumps(entry) + b"\n"
    path.write_bytes(b"".join(lines))
    loaded = Recording.load(path)
    assert loaded.raw_at(5) == "Ünïcode ÉTÉ entry\n".encode() and not loaded.load_problems
    return loaded


def expected(view: EntryView, f: EntryFilter) -> list[int]:
    test = view.predicate(f)
    return [i for i in range(len(view.rec)) if test is None or test(i)]


TEXTS = [
    "",
    "message",
    "MESSAGE",
    "m12",
    "é",
    "É",
    "été",
    "ünï",
    "jsonrpc",
    "zz",
    "tools/list",
    "POST",
    "\ufffd",
    " ",
    "x" * 30,
    "\u0130",
]
METHODS = ["", "tools", "notifications/message", "message", "http", "spawn", "exchange", "NOTIF"]


filters = st.builds(
    EntryFilter,
    directions=st.frozensets(st.sampled_from(list(Direction)), min_size=1),
    kinds=st.frozensets(st.sampled_from(list(Kind)), min_size=1),
    method=st.sampled_from(METHODS),
    method_exact=st.booleans(),
    text=st.sampled_from(TEXTS),
    only_violations=st.booleans(),
    only_schema_invalid=st.booleans(),
    only_http_errors=st.booleans(),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(f=filters)
def test_the_columns_and_the_one_entry_test_agree(rec: Recording, f: EntryFilter, native_way: str) -> None:
    view = EntryView()
    view.set_recording(rec)
    view.set_filter(f)
    assert list(view.rows) == expected(view, f)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(f=filters, budget=st.integers(1, 900), first=st.integers(0, 3000))
def test_taken_in_slices_as_it_arrives_the_rows_are_the_same(
    rec: Recording, f: EntryFilter, budget: int, first: int
) -> None:
    view = EntryView()
    view.set_recording(rec, budget=first)
    view.set_filter(f)
    while view.catch_up(budget):
        pass
    assert list(view.rows) == expected(view, f)


def test_a_growing_recording_is_searched_as_it_grows(rec: Recording, native_way: str) -> None:
    """A live recording (not read-only): the text index is made at the first search and then
    follows each batch."""
    live = Recording(t0=0.0)
    view = EntryView()
    view.set_recording(live)
    view.set_filter(EntryFilter(text="é"))
    step = 700
    for start in range(0, len(rec), step):
        for i in range(start, min(len(rec), start + step)):
            a = Analysis(rec.kind_at(i), rec.state_at(i))
            a.method, a.id, a.violations = rec.method_at(i), rec.id_at(i), rec.violations_at(i)
            live.append(rec.direction_at(i), rec.t_at(i), rec.raw_at(i), a)
        view.catch_up()
        assert list(view.rows) == expected(view, view.filter)
    assert view.text_index is not None and len(view.text_index) == len(rec)
    assert (view.text_index.lowered is None) == (native_way == "native")  # the way taken


def test_typing_narrows_the_search_to_the_rows_shown(rec: Recording, native_way: str) -> None:
    view = EntryView()
    view.set_recording(rec)
    for text in ["m", "me", "mes", "mess", "message", 'message"', "MESSAGE"]:
        view.set_filter(EntryFilter(text=text, only_violations=False))
        assert list(view.rows) == expected(view, view.filter), text
    view.set_filter(EntryFilter(text="m1", directions=frozenset({Direction.S2C})))
    view.set_filter(EntryFilter(text="m12", directions=frozenset({Direction.S2C})))
    assert list(view.rows) == expected(view, view.filter)
    view.set_filter(EntryFilter(text="m1"))  # shorter again: everything is looked at
    assert list(view.rows) == expected(view, view.filter)


def test_the_replay_marks_are_the_entries_that_broke_something(rec: Recording) -> None:
    old = [i for i in range(len(rec)) if rec.violations_at(i) or rec.schema_at(i) is False]
    assert old and flagged_rows(rec) == old == Playback(rec).marks()
    grown = Recording(t0=0.0)
    for part in range(0, len(rec), 999):  # looked at again only for the entries added since
        for column in ("_t", "_packed", "_raw", "_method", "_id", "_viol"):
            getattr(grown, column).extend(getattr(rec, column)[part : part + 999])
        assert flagged_rows(grown) == old[: len([i for i in old if i < len(grown)])]


@pytest.mark.parametrize(
    "mask",
    [
        b"",
        b"\x00" * 50,
        b"\x01" * 50,
        b"\x01\x00" * 25,
        b"\x00" * 30 + b"\x01" * 3 + b"\x00" * 17,
        b"\x01" + b"\x00" * 200 + b"\x01\x01",
    ],
)
def test_rows_of_a_mask(mask: bytes) -> None:
    for start in (0, 7, 100_000):
        assert list(rows_of(mask, start, start + len(mask))) == [start + i for i, b in enumerate(mask) if b]
    assert list(rows_of(None, 3, 9)) == [3, 4, 5, 6, 7, 8]


def test_the_text_index_shares_what_needs_no_lower_casing(rec: Recording) -> None:
    """The pure-Python way keeps every entry lower-cased (the C part scans the entries themselves)."""
    index = TextIndex(rec, native=False)
    index.update()
    assert len(index) == len(rec)
    for i in range(len(rec)):
        raw = rec.raw_at(i)
        assert index.lowered is not None and index.lowered[i] == raw.lower()
        assert (index.lowered[i] is raw) == (raw.lower() == raw)
    assert list(index.non_ascii) == [i for i in range(len(rec)) if not rec.raw_at(i).isascii()]
