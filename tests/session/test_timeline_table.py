"""The timeline's table without Qt (session/timeline_table.py): which columns give way and how wide
each shown column is, the saved column choices, a row's one-line text. The window's fitting is
tested on screen in tests/ui/test_timeline_fit.py."""

from __future__ import annotations

import orjson

from inspector.protocol.messages import Kind
from inspector.session.recording import Direction
from inspector.session.timeline_table import (
    COLUMN_KEYS,
    DEFAULT_ORDER,
    GIVE_WAY,
    Column,
    columns_to_save,
    fit_widths,
    saved_columns,
)
from inspector.session.views import EntryFilter

NATURAL = {c: 100 for c in range(Column.COUNT)}
LEAST = {**NATURAL, Column.METHOD: 60, Column.VIOLATIONS: 50}


def fit(room: int, **changes):
    args = dict(
        natural=NATURAL,
        least=LEAST,
        content={},
        prefs={},
        users={},
        smallest=24,
        id_short=40,
        method_floor=30,
    )
    args.update(changes)
    return fit_widths(DEFAULT_ORDER, room, **args)


def test_with_room_to_spare_every_column_shows_and_violations_takes_the_rest() -> None:
    widths, hidden = fit(1500)
    assert hidden == [] and set(widths) == set(range(Column.COUNT))
    assert sum(widths.values()) == 1500 and widths[Column.VIOLATIONS] == 1500 - 1000


def test_the_columns_give_way_in_their_order_and_the_rest_fill_the_room() -> None:
    for shown in range(Column.COUNT, Column.COUNT - len(GIVE_WAY) - 1, -1):
        widths, hidden = fit(shown * 100)
        assert hidden == list(GIVE_WAY[: Column.COUNT - shown])
        assert set(widths) == set(range(Column.COUNT)) - set(hidden) and sum(widths.values()) == shown * 100


def test_a_column_the_user_asked_for_does_not_give_way_and_one_hidden_stays_hidden() -> None:
    widths, hidden = fit(900, prefs={Column.DIRECTION: True, Column.KIND: False})
    assert Column.DIRECTION in widths and Column.DIRECTION not in hidden and Column.KIND not in widths


def test_method_gives_up_room_first_then_id_and_the_user_s_widths_are_kept() -> None:
    narrow = 4 * 100 + 50 - 30  # the five must-read ones (Violations wants its least, 50), 30 pixels short
    widths, hidden = fit(narrow, users={Column.LATENCY: 100})
    assert set(hidden) == set(GIVE_WAY)
    assert widths[Column.METHOD] == 70 and widths[Column.ID] == 100 and widths[Column.LATENCY] == 100
    widths, _hidden = fit(5 * 40)  # not even the least widths: those not sized by the user shrink alike
    assert widths[Column.LATENCY] < 100 and all(w >= 24 for w in widths.values())


def test_the_must_read_columns_want_their_widest_text() -> None:
    widths, _hidden = fit(3000, content={Column.ID: 180, Column.METHOD: 20})
    assert widths[Column.ID] == 180 and widths[Column.METHOD] == 100  # Method: at least its natural width


def test_the_saved_columns_read_back_and_unknown_names_are_left_out() -> None:
    order = [Column.SEQ, Column.KIND, *[c for c in DEFAULT_ORDER if c not in (Column.SEQ, Column.KIND)]]
    text = columns_to_save(order, {Column.SIZE: True, Column.DELTA: False}, {Column.METHOD: 12.34567})
    data = orjson.loads(text)
    assert data["order"][:2] == ["seq", "kind"] and data["widths"] == {"method": 12.346}
    assert saved_columns(data["order"], data["shown"], data["widths"]) == (
        order,
        {Column.DELTA: False, Column.SIZE: True},
        {Column.METHOD: 12.346},
    )
    columns, shown, widths = saved_columns(["nonsense", "id", "id"], {"nonsense": True}, {"kind": 3.0})
    assert columns[0] == Column.ID and sorted(columns) == list(range(Column.COUNT)) and len(COLUMN_KEYS) == Column.COUNT
    assert shown == {} and widths == {Column.KIND: 3.0}


def test_the_filter_shows_and_hides_a_direction_or_a_kind_and_stderr_takes_the_link_s_notes_along() -> None:
    f = EntryFilter()
    hidden = f.with_direction(Direction.STDERR, False)
    assert Direction.STDERR not in hidden.directions and Direction.NOTE not in hidden.directions
    assert hidden.with_direction(Direction.STDERR, True) == f and hidden.active
    events = f.with_direction(Direction.EVENT, False)
    assert events.directions == f.directions - {Direction.EVENT}
    no_links = f.with_kind(Kind.LINK, False)
    assert no_links.kinds == f.kinds - {Kind.LINK} and no_links.with_kind(Kind.LINK, True) == f


def test_cell_tones_name_each_cell_s_colours_and_tint_the_rows_that_need_it():
    from recording_driver import Driver

    from inspector.session.timeline_table import ALIGNMENTS, cell_tones, is_flagged

    d = Driver()
    s = d.handshake()
    err = d.stderr(b"warming up\n")
    spawned = d.event("spawned", "pid 42 /bin/server", pid=42)
    note = d.rec.append(Direction.NOTE, 0.1, b"POST failed\n", d.engine.note(Kind.LINK_NOTE), {"channel": "http"})
    stray = d.s2c(b'{"jsonrpc":"2.0","id":99,"result":{}}\n')
    noise = d.s2c(b"not json\n")
    rec = d.rec
    assert [cell_tones(rec, s["init"], c)[1] for c in range(Column.COUNT)] == [None] * Column.COUNT
    assert cell_tones(rec, s["init"], Column.DIRECTION) == ("c2s", None)
    assert cell_tones(rec, s["init_result"], Column.KIND) == ("s2c", None)  # the arrow's colour
    assert cell_tones(rec, s["init_result"], Column.METHOD) == (None, None)
    assert cell_tones(rec, s["init_result"], Column.LATENCY) == ("muted", None)
    assert cell_tones(rec, s["init_result"], Column.SCHEMA) == ("good", None)  # valid against the schema
    assert cell_tones(rec, err, Column.METHOD) == ("stderr", "stderr")
    assert cell_tones(rec, note, Column.DIRECTION) == ("stderr", "stderr")  # a link note: as stderr lines were
    assert cell_tones(rec, spawned, Column.METHOD) == ("event", "event")
    assert is_flagged(rec, stray) and not is_flagged(rec, s["init"])
    assert {cell_tones(rec, stray, c)[1] for c in range(Column.COUNT)} == {"bad"}  # every column of the row
    assert cell_tones(rec, stray, Column.VIOLATIONS)[0] == "bad"
    assert cell_tones(rec, noise, Column.KIND)[0] == "bad"
    assert ALIGNMENTS[Column.SEQ] == "right" and ALIGNMENTS[Column.SCHEMA] == "center"
    assert ALIGNMENTS[Column.METHOD] == "left" and len(ALIGNMENTS) == Column.COUNT


def test_the_method_list_takes_in_new_methods_in_place_and_starts_over_for_another_recording():
    from inspector.session.timeline_table import merge_sorted

    assert merge_sorted(["a", "c"], ["a", "c"]) == (False, [], ["a", "c"])
    assert merge_sorted([], ["b", "a"]) == (False, [(0, "b"), (0, "a")], ["a", "b"])
    assert merge_sorted(["a", "c"], ["a", "b", "c", "d"]) == (False, [(1, "b"), (3, "d")], ["a", "b", "c", "d"])
    assert merge_sorted(["a", "c"], ["b"]) == (True, [(0, "b")], ["b"])  # "a" went: another recording
