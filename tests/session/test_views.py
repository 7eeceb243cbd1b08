"""The Qt-free recording views (session/views.py): what the timeline and the Logs panel show.

Recordings are built the way the session builds them (lines through a real ProtocolEngine,
tests/recording_driver.py), and one comes from a real session with the demo server.
"""

from __future__ import annotations

import sys

import pytest
from recording_driver import Driver
from session_helpers import options

from inspector.protocol.messages import Kind
from inspector.session import Direction, Session
from inspector.session.views import LEVELS, UNKNOWN, EntryFilter, EntryView, LogView, ViewObserver, level_rank


class Announcements(ViewObserver):
    def __init__(self) -> None:
        self.log: list[tuple] = []

    def rows_inserting(self, first: int, end: int) -> None:
        self.log.append(("inserting", first, end))

    def rows_inserted(self, first: int, end: int) -> None:
        self.log.append(("inserted", first, end))

    def rows_resetting(self) -> None:
        self.log.append(("resetting",))

    def rows_reset(self) -> None:
        self.log.append(("reset",))


def traffic() -> tuple[Driver, dict[str, int]]:
    d = Driver()
    s = d.handshake()
    s["list"], _ = d.request("tools/list")
    s["list_result"] = d.s2c(b'{"jsonrpc":"2.0","id":2,"result":{"tools":[]}}\n')
    s["noise"] = d.s2c("not json, ünïcode\n".encode())
    s["stderr"] = d.stderr(b"server says hello\n")
    s["event"] = d.event("sigterm_sent", "SIGTERM to the group")
    s["bad_log"] = d.s2c(b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"loud","data":1}}\n')
    return d, s


def test_an_entry_view_filters_by_every_field_and_reveals_what_it_hides():
    d, s = traffic()
    view = EntryView()
    view.set_recording(d.rec)
    assert list(view.rows) == list(range(len(d.rec))) and view.caught_up
    assert view.methods_seen() == ["initialize", "notifications/initialized", "notifications/message", "tools/list"]

    view.set_filter(EntryFilter(directions=frozenset({Direction.S2C})))
    assert list(view.rows) == [s["init_result"], s["list_result"], s["noise"], s["bad_log"]]
    view.set_filter(EntryFilter(kinds=frozenset({Kind.NOISE})))
    assert list(view.rows) == [s["noise"]]
    view.set_filter(EntryFilter(method="tools/list", method_exact=True))
    assert list(view.rows) == [s["list"], s["list_result"]]  # a response counts for its request's method
    view.set_filter(EntryFilter(method="SIGTERM"))  # process events match by their event name
    assert list(view.rows) == [s["event"]]
    view.set_filter(EntryFilter(text="ÜNÏ"))  # case-insensitive, beyond ASCII
    assert list(view.rows) == [s["noise"]]
    view.set_filter(EntryFilter(only_violations=True))
    assert list(view.rows) == [s["noise"]]  # a line that is not JSON breaks a rule
    view.set_filter(EntryFilter(only_schema_invalid=True))
    assert list(view.rows) == [s["bad_log"]]

    # a method picked from the list matches exactly, a typed one as part of a name; none: any method
    picked = EntryFilter(text="x").with_method("tools/list", exact=True)
    assert (picked.method, picked.method_exact, picked.text) == ("tools/list", True, "x")
    assert EntryFilter().with_method("TOOLS") == EntryFilter(method="TOOLS", method_exact=False)
    assert picked.with_method("", exact=True) == EntryFilter(text="x")  # "any method" is never exact

    # the filter bar's toggles: a direction, a kind, or an only_… field, each read and turned the same way
    f = EntryFilter()
    assert f.shows(Direction.S2C) and f.shows(Kind.NOISE) and not f.shows("only_violations")
    off = f.toggled(Direction.STDERR, False).toggled(Kind.NOISE, False).toggled("only_http_errors", True)
    assert not off.shows(Direction.STDERR) and not off.shows(Direction.NOTE)  # stderr's toggle stands for the notes
    assert not off.shows(Kind.NOISE) and off.shows(Kind.REQUEST) and off.shows("only_http_errors")
    assert off.toggled(Direction.STDERR, True).toggled(Kind.NOISE, True).toggled("only_http_errors", False) == f
    for wrong in ("text", "method_exact", "only_nothing"):
        with pytest.raises(ValueError):
            f.toggled(wrong, True)
        with pytest.raises(ValueError):
            f.shows(wrong)

    # reveal relaxes only the parts that hide the entry
    view.set_filter(EntryFilter(directions=frozenset({Direction.C2S}), text="tools"))
    assert view.row_of(s["list_result"]) == -1
    assert view.reveal(s["list_result"])
    assert view.filter == EntryFilter(directions=frozenset({Direction.C2S, Direction.S2C}), text="tools")
    assert view.row_of(s["list_result"]) >= 0 and view.seq_at(view.row_of(s["list_result"])) == s["list_result"]
    assert not view.reveal(s["list_result"])  # already shown: nothing changes


def test_growth_is_announced_as_one_batch_per_catch_up_and_a_filter_change_as_a_reset():
    d, s = traffic()
    view = EntryView()
    seen = Announcements()
    view.observers.append(seen)
    view.set_recording(d.rec, budget=3)  # an opened file taken in slices
    assert seen.log == [("resetting",), ("reset",)] and list(view.rows) == [0, 1, 2] and not view.caught_up
    seen.log.clear()
    assert view.catch_up(budget=4) == 4
    assert seen.log == [("inserting", 3, 7), ("inserted", 3, 7)]
    view.catch_up()
    assert view.caught_up and len(view) == len(d.rec)

    seen.log.clear()
    view.set_filter(EntryFilter(directions=frozenset({Direction.C2S})))
    assert seen.log == [("resetting",), ("reset",)]
    assert not view.set_filter(EntryFilter(directions=frozenset({Direction.C2S})))  # the same filter: nothing
    # later entries pass through the filter as they arrive: one rejected, one accepted
    seen.log.clear()
    d.s2c(b'{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":1,"progress":1}}\n')
    before = len(view)
    assert view.catch_up() == 1 and len(view) == before and seen.log == []
    ping, _ = d.request("ping")
    assert view.catch_up() == 1 and view.rows[-1] == ping
    assert seen.log == [("inserting", before, before + 1), ("inserted", before, before + 1)]
    assert view.catch_up() == 0  # nothing new


def log_line(level: str, i: int) -> bytes:
    return b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"%s","data":{"i":%d}}}\n' % (
        level.encode(),
        i,
    )


def test_a_log_view_ranks_levels_filters_by_floor_and_clears():
    d = Driver()
    d.handshake()
    seqs = [d.s2c(log_line(LEVELS[i % 8], i)) for i in range(16)]
    d.c2s(b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":1}}\n')  # wrong direction
    odd = d.s2c(b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"loud","data":1}}\n')
    view = LogView()
    view.set_recording(d.rec)
    assert list(view.rows) == [*seqs, odd] and view.total == 17
    assert [view.rank_of(q) for q in seqs[:8]] == list(range(8)) and view.rank_of(odd) == UNKNOWN
    assert view.set_floor(LEVELS.index("error"))
    assert list(view.rows) == [q for i, q in enumerate(seqs) if i % 8 >= 4] + [odd]  # an unknown level always shows
    assert not view.set_floor(LEVELS.index("error"))
    view.clear()
    assert len(view) == 0 and view.total == 0 and view.caught_up
    late = d.s2c(log_line("emergency", 99))
    assert view.catch_up() == 1 and list(view.rows) == [late]


def test_level_is_read_without_decoding_and_ambiguous_lines_are_decoded():
    assert level_rank(log_line("notice", 1)) == 2
    tricky = b'{"jsonrpc":"2.0","method":"notifications/message","params":{"data":{"level":"debug"},"level":"alert"}}'
    assert level_rank(tricky) == 6
    spaced = b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level" : "error","data":1}}'
    assert level_rank(spaced) == 4
    assert (
        level_rank(b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"loud","data":1}}') == UNKNOWN
    )


@pytest.mark.anyio
async def test_views_follow_a_live_session_with_the_demo():
    session = Session(options([sys.executable, "-m", "inspector.demo"]))
    entries, logs = EntryView(), LogView()
    async with session:
        await session.start()
        entries.set_recording(session.recording)
        logs.set_recording(session.recording)
        await session.request("logging/setLevel", {"level": "debug"})
        reply = await session.request("tools/call", {"name": "log_levels", "arguments": {}})
        assert reply.ok
        entries.catch_up()
        logs.catch_up()
        assert {LEVELS[logs.rank_of(q)] for q in logs.rows} == set(LEVELS)
        entries.set_filter(EntryFilter(method="tools/call", method_exact=True))
        assert [session.recording.direction_at(q) for q in entries.rows] == [Direction.C2S, Direction.S2C]
    entries.catch_up()  # the shutdown's process events arrive too
    entries.set_filter(EntryFilter(directions=frozenset({Direction.EVENT})))
    assert "exited" in {entries.event_name(q) for q in entries.rows}
