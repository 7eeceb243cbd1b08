"""The timeline's words without Qt (session/timeline_words.py): what each cell of an entry says and
what its tooltip explains, through a caller's tr (here one that marks what it translated). The
window's cells are tested on screen in tests/ui/test_timeline.py."""

from __future__ import annotations

from recording_driver import Driver

from inspector.protocol.messages import Kind
from inspector.session.entry_text import format_id
from inspector.session.labels import HTTP_NOTE
from inspector.session.recording import Direction
from inspector.session.timeline_table import Column
from inspector.session.timeline_words import (
    HEADER_TIPS,
    HEADERS,
    WORDS,
    WidestTexts,
    all_words,
    cell_text,
    cell_tip,
    order_time,
    violations_text,
)


def tr(context: str, text: str) -> str:
    """A translation that shows what was translated, and in which context."""
    return f"[{context}:{text}]"


def english(_context: str, text: str) -> str:
    return text


def test_every_header_has_a_tip_and_every_word_goes_to_the_catalogue() -> None:
    assert len(HEADERS) == len(HEADER_TIPS) == Column.COUNT
    assert set(HEADERS) | set(WORDS.values()) <= set(all_words())


def test_a_session_s_cells_say_what_the_timeline_shows() -> None:
    d = Driver()
    s = d.handshake()
    spawned = d.event("spawned", "pid 42 /bin/server", pid=42)
    d.stderr(b"warming up\nstill\n")
    row = [cell_text(d.rec, s["init_result"], c, s["init"], english) for c in range(Column.COUNT)]
    assert row[Column.SEQ] == str(s["init_result"]) and row[Column.DELTA].startswith("+")
    assert row[Column.DIRECTION] == "← s2c" and row[Column.KIND] == "← result"
    assert row[Column.METHOD] == "initialize" and row[Column.ID] == "1" and row[Column.LATENCY].endswith("ms")
    assert cell_text(d.rec, s["init"], Column.DELTA, None, english) == ""  # the first row
    assert cell_text(d.rec, spawned, Column.METHOD, None, tr) == "[Events:spawned]"
    assert cell_text(d.rec, spawned, Column.KIND, None, tr) == "● [Timeline:process]"
    assert cell_text(d.rec, spawned + 1, Column.METHOD, None, tr) == "warming up still"  # stderr: its line
    assert cell_text(d.rec, spawned + 1, Column.DIRECTION, None, tr) == "⇠ [Timeline:stderr]"


def test_a_link_s_note_and_event_have_their_own_kind_words() -> None:
    d = Driver()
    note = d.rec.append(Direction.NOTE, 0.1, b"POST failed\n", d.engine.note(Kind.LINK_NOTE), {"channel": "http"})
    link = d.rec.append(Direction.EVENT, 0.2, b"GET 405", d.engine.note(Kind.LINK), {"event": "http_exchange"})
    assert cell_text(d.rec, note, Column.KIND, None, tr) == f"⇠ [Timeline:{HTTP_NOTE}]"
    assert cell_text(d.rec, note, Column.DIRECTION, None, tr) == "⇠ HTTP"
    assert cell_text(d.rec, link, Column.KIND, None, tr) == "● [Timeline:link]"


def test_violations_and_the_schema_s_verdict_in_one_cell_and_its_tooltip() -> None:
    assert violations_text((), None, english) is None
    assert violations_text(("jsonrpc.unknown-id",), False, english) == "✗ schema · ⚠ jsonrpc.unknown-id"
    assert violations_text(("a", "b"), True, english) == "⚠ 2: a, b"
    d = Driver()
    d.handshake()
    stray = d.s2c(b'{"jsonrpc":"2.0","id":99,"result":{}}\n')
    assert d.rec.violations_at(stray)
    tip = cell_tip(d.rec, stray, Column.VIOLATIONS, tr)
    assert tip is not None and tip[1] is True and d.rec.violations_at(stray)[0] in tip[0] and "[Rules:" in tip[0]


def test_tooltips_say_the_size_the_latency_and_the_line_itself() -> None:
    d = Driver()
    s = d.handshake()
    size = cell_tip(d.rec, s["init"], Column.SIZE, english, lambda n: f"<{n}>")
    assert size == (f"<{len(d.rec.raw_at(s['init']))}> bytes", False)
    latency = cell_tip(d.rec, s["init_result"], Column.LATENCY, english)
    assert latency is not None and latency[0].endswith(f"after request #{s['init']}")
    line = cell_tip(d.rec, s["init"], Column.METHOD, english)
    assert line == (d.rec.raw_at(s["init"]).decode().rstrip("\n"), True)  # server text: shown literally
    assert cell_tip(d.rec, s["init"], Column.TIME, english) is None  # not held at the step gate


def test_a_held_message_counts_from_its_release() -> None:
    d = Driver()
    d.handshake()
    held = d.rec.append(
        Direction.S2C,
        0.5,
        b'{"jsonrpc":"2.0","method":"notifications/x"}\n',
        d.engine.note(Kind.NOTIFICATION),
        {"released": 2.0},
    )
    assert order_time(d.rec, held) == 2.0 and d.rec.t_at(held) == 0.5
    tip = cell_tip(d.rec, held, Column.DELTA, english)
    assert tip is not None and "read at 0.500 s, released at 2.000 s" in tip[0]


def test_the_widest_texts_grow_with_the_recording_and_say_when() -> None:
    d = Driver()
    d.handshake()
    widest = WidestTexts()
    rows = list(range(len(d.rec)))
    assert widest.take(d.rec, rows, len(rows))  # the first ids
    assert not widest.take(d.rec, rows, 0)  # nothing new
    d.s2c(b'{"jsonrpc":"2.0","id":99,"result":{}}\n')  # an answer no request has: flagged
    long_id = d.c2s(b'{"jsonrpc":"2.0","id":"a-very-long-string-id","method":"ping"}\n')
    rows = list(range(len(d.rec)))
    assert widest.take(d.rec, rows, 2)
    texts = widest.texts(["initialize", "ping"], english)
    assert texts[Column.METHOD] == ["initialize", "ping"]
    assert texts[Column.ID] == [format_id(d.rec.id_at(long_id))] == ['"a-very-long-string-id"']
    assert texts[Column.VIOLATIONS] and all(t.startswith("⚠") for t in texts[Column.VIOLATIONS])


def test_the_filter_bar_s_toggles_name_filter_fields_and_their_words_go_to_the_catalogue() -> None:
    from dataclasses import fields

    from inspector.session.timeline_words import BAR_CONTROLS, BAR_WORDS, TOGGLES
    from inspector.session.views import EntryFilter

    assert TOGGLES == ("only_violations", "only_schema_invalid", "only_http_errors")
    assert set(TOGGLES) <= {f.name for f in fields(EntryFilter)}  # the view sets the field of that name
    assert {BAR_CONTROLS[c][0] for c in ("violations_button", "schema_button", "http_button")} == set(TOGGLES)
    assert {key for pair in BAR_CONTROLS.values() for key in pair if key} <= set(BAR_WORDS)  # every key worded
    assert set(BAR_WORDS.values()) <= set(all_words())


def test_the_kinds_button_says_all_or_how_many_of_how_many() -> None:
    from inspector.session.timeline_words import kinds_words

    assert kinds_words(7, 7, english) == "All kinds ▾"
    assert kinds_words(5, 7, english) == "Kinds 5/7 ▾"
    assert kinds_words(0, 7, english) == "Kinds 0/7 ▾"


def test_the_row_menu_offers_a_copy_for_each_text_copy_texts_gives() -> None:
    from inspector.session.timeline_table import copy_texts
    from inspector.session.timeline_words import COPY_WORDS

    d = Driver()
    s = d.handshake()
    request, _id = d.request("tools/call", {"name": "echo"})
    assert set(copy_texts(d.rec[request])) == set(COPY_WORDS)  # a client's request: every copy
    assert set(copy_texts(d.rec[s["init_result"]])) < set(COPY_WORDS)  # an answer: no probe argument
    assert set(COPY_WORDS.values()) <= set(all_words())
