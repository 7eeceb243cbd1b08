"""The timeline's column layout without Qt (session/timeline_columns.py): what it measures from the
view's fonts, the user's choices, the settings' text of them and how the columns fit. The fitting
on screen is tested in tests/ui/test_timeline_fit.py."""

from __future__ import annotations

import orjson

from inspector.protocol.messages import Kind
from inspector.session.labels import KIND_LABELS
from inspector.session.timeline_columns import MEASURED, PAD, ColumnLayout
from inspector.session.timeline_table import (
    CONTENT_CAPS,
    DEFAULT_ORDER,
    GAP,
    GIVE_WAY,
    LEAST_METHOD,
    METHOD_FLOOR,
    SAMPLES,
    SHORT_ID,
    Column,
)


def advance(text: str, mono: bool) -> int:
    """7 px a character in the table's font, 9 in the monospace one."""
    return len(text) * (9 if mono else 7)


def english(context: str, text: str) -> str:
    return text


def measured(header: int = 0) -> ColumnLayout:
    layout = ColumnLayout()
    layout.measure(advance, lambda col: header, english)
    return layout


def test_natural_and_least_widths_come_from_the_samples_the_headers_and_the_fonts():
    layout = measured()
    assert layout.natural[Column.SEQ] == len(SAMPLES[Column.SEQ]) * 9 + PAD  # a number: monospace
    assert layout.natural[Column.METHOD] == len(SAMPLES[Column.METHOD]) * 7 + PAD
    kind = max(len(f"← {KIND_LABELS[Kind.NOTIFICATION]}"), len(f"← {KIND_LABELS[Kind.REQUEST]}") + 2)
    assert layout.natural[Column.KIND] == kind * 7 + PAD  # the widest kind after its arrow (a request: with ✎)
    assert layout.least[Column.METHOD] == len(LEAST_METHOD) * 7 + PAD
    assert layout.least[Column.VIOLATIONS] == len("✗ schema") * 7 + PAD
    assert layout.least[Column.TIME] == layout.natural[Column.TIME]
    assert layout.method_floor == len(METHOD_FLOOR) * 7 + PAD - GAP
    assert layout.id_short == len(SHORT_ID) * 9 + PAD - GAP
    wide = measured(header=500)  # a header wider than any sample decides
    assert set(wide.natural.values()) == {500 + PAD}


def test_the_words_measured_are_in_the_callers_language():
    layout = ColumnLayout()
    layout.measure(advance, lambda col: 0, lambda context, text: text * 3 if context == "Timeline" else text)
    assert layout.least[Column.VIOLATIONS] == len("✗ schema" * 3) * 7 + PAD


def test_content_widths_cut_each_text_at_its_cap_and_measure_only_the_longest():
    layout = measured()
    long_method = "m" * 100
    assert layout.measure_content({Column.METHOD: ["a", long_method], Column.ID: ["7"], Column.VIOLATIONS: []}, advance)
    assert layout.content[Column.METHOD] == CONTENT_CAPS[Column.METHOD] * 7 + PAD  # cut, with its "…"
    assert layout.content[Column.ID] == 9 + PAD  # an id: monospace
    assert layout.content[Column.VIOLATIONS] == 0
    assert not layout.measure_content(
        {Column.METHOD: ["a", long_method], Column.ID: ["7"], Column.VIOLATIONS: []}, advance
    )
    texts = [f"{'x' * n}" for n in range(1, 200)]
    seen: list[str] = []

    def counting(text: str, mono: bool) -> int:
        seen.append(text)
        return advance(text, mono)

    layout.measure_content({Column.METHOD: texts}, counting)
    assert len(seen) == MEASURED


def test_nothing_fits_before_anything_is_measured_or_without_room():
    assert ColumnLayout().fit(DEFAULT_ORDER, 2000, 16, 24) is None
    assert measured().fit(DEFAULT_ORDER, 0, 16, 24) is None


def test_columns_give_way_for_lack_of_room_and_the_layout_remembers_which():
    layout = measured()
    roomy = layout.fit(DEFAULT_ORDER, 5000, 16, 24)
    assert roomy is not None and set(roomy) == set(DEFAULT_ORDER) and sum(roomy.values()) == 5000
    assert layout.auto_hidden == frozenset()
    narrow = layout.fit(DEFAULT_ORDER, 500, 16, 24)
    assert narrow is not None and layout.auto_hidden
    assert [c for c in GIVE_WAY if c in layout.auto_hidden] == list(GIVE_WAY[: len(layout.auto_hidden)])
    assert not set(narrow) & layout.auto_hidden


def test_a_column_the_user_shows_no_longer_gives_way_and_one_hidden_stays_hidden():
    layout = measured()
    layout.show(Column.DIRECTION, True)
    layout.show(Column.METHOD, False)
    widths = layout.fit(DEFAULT_ORDER, 500, 16, 24)
    assert widths is not None and Column.DIRECTION in widths and Column.METHOD not in widths
    assert Column.DIRECTION not in layout.auto_hidden and Column.METHOD not in layout.auto_hidden


def test_a_dragged_width_is_kept_in_line_heights_and_follows_the_font():
    layout = measured()
    layout.dragged(Column.TIME, 160, 16)
    assert layout.user_widths == {Column.TIME: 10.0}
    at_16, at_20 = layout.fit(DEFAULT_ORDER, 5000, 16, 24), layout.fit(DEFAULT_ORDER, 5000, 20, 24)
    assert at_16 is not None and at_16[Column.TIME] == 160
    assert at_20 is not None and at_20[Column.TIME] == 200
    layout.show(Column.TIME, True)  # shown again from the menu: its natural width again
    assert layout.user_widths == {}


def test_reset_forgets_the_choices_and_gives_the_first_order():
    layout = measured()
    layout.show(Column.SIZE, False)
    layout.dragged(Column.ID, 100, 10)
    assert layout.reset() == list(DEFAULT_ORDER)
    assert layout.prefs == {} and layout.user_widths == {}


def test_the_choices_go_to_the_settings_by_name_and_come_back():
    layout = measured()
    layout.show(Column.SIZE, False)
    layout.dragged(Column.ID, 96, 16)
    order = [Column.METHOD, *[c for c in DEFAULT_ORDER if c != Column.METHOD]]
    text = layout.saved(order)
    assert orjson.loads(text) == {
        "order": [
            "method",
            "kind",
            "id",
            "latency",
            "violations",
            "time",
            "delta",
            "seq",
            "direction",
            "schema",
            "size",
        ],
        "shown": {"size": False},
        "widths": {"id": 6.0},
    }
    again = ColumnLayout()
    assert again.load(text) == order
    assert again.prefs == {Column.SIZE: False} and again.user_widths == {Column.ID: 6.0}
    assert ColumnLayout().load("not json") == list(DEFAULT_ORDER)
    assert ColumnLayout().load(None) == list(DEFAULT_ORDER)


def test_the_column_menu_names_each_column_says_which_gave_way_and_keeps_the_last_one_shown():
    from inspector.session.timeline_words import HEADERS

    layout = measured()
    narrow = layout.fit(DEFAULT_ORDER, 500, 16, 24)
    assert narrow is not None and layout.auto_hidden
    rows = layout.menu(DEFAULT_ORDER, list(narrow), lambda c: HEADERS[c], english)
    assert [row[0] for row in rows] == list(DEFAULT_ORDER)
    names = {c: name for c, name, _shown, _free in rows}
    assert names[Column.SEQ].startswith("# (entry number)")  # a header too terse to stand alone: a longer name
    assert names[Column.METHOD] == "Method / event"
    gave_way = next(c for c in layout.auto_hidden if c not in (Column.SEQ, Column.DELTA))
    assert names[gave_way] == f"{HEADERS[gave_way]} (hidden: no room)"
    assert Column.METHOD not in layout.auto_hidden
    assert all(shown == (c in narrow) and free for c, _name, shown, free in rows)
    last = layout.menu(DEFAULT_ORDER, [Column.KIND], lambda c: HEADERS[c], english)
    assert [c for c, _name, _shown, free in last if not free] == [Column.KIND]  # the last column shown stays
    chinese = measured().menu(DEFAULT_ORDER, [Column.KIND], lambda c: "?", lambda context, text: f"[{text}]")
    assert {c: n for c, n, *_ in chinese}[Column.DELTA] == "[Δ (time since the previous row)]"  # in its language
    assert {c: n for c, n, *_ in chinese}[Column.ID] == "?"  # the header's own word, as the view gave it
