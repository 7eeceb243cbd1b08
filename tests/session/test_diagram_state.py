"""What the lifecycle diagram shows, without Qt (issue 23: the widget is a view): the machine, the
state and the edge that led there, the held step, the entry shown, the keyboard focus, and what
each event asks the view to do; the layouts kept per table, area, family and legend measure."""

from __future__ import annotations

import pytest
from test_diagram_geometry import fake_size

from inspector.protocol.lifecycle import State, Transition, diagram_table
from inspector.protocol.versions import Era, EraMode
from inspector.session.diagram_shapes import Pt
from inspector.session.diagram_state import Change, DiagramState, Layouts
from inspector.session.diagram_words import WORDS, legend
from inspector.session.translate import untranslated


def edge(table: tuple[Transition, ...], source: State, target: State) -> Transition:
    return next(t for t in table if t.source is source and t.target is target)


def legacy() -> DiagramState:
    m = DiagramState()
    assert m.set_machine(EraMode.LEGACY, None, "stdio") == Change.TABLE | Change.SHOWN
    return m


def test_a_machine_is_drawn_once_and_a_same_table_is_not_laid_out_again() -> None:
    m = legacy()
    assert m.table == diagram_table(EraMode.LEGACY) and m.plan is not None and m.plan.table == m.table
    assert m.set_machine(EraMode.LEGACY, None, "stdio") == Change.NONE
    assert m.set_machine(EraMode.LEGACY, None, "no-such-transport") == Change.NONE  # a name not known: stdio's
    assert m.mode is EraMode.LEGACY and m.era is None and m.era_name() == "legacy"
    m.set_machine(EraMode.AUTO, Era.MODERN, "stdio")
    assert m.era_name() == Era.MODERN.value


def test_a_switch_keeps_the_edges_that_exist_in_the_new_table_and_drops_a_focus_that_does_not() -> None:
    m = DiagramState()
    m.set_machine(EraMode.AUTO, None, "stdio")
    legacy_states = {s for t in diagram_table(EraMode.LEGACY) for s in (t.source, t.target)}
    gone = next(s for t in m.table for s in (t.source, t.target) if s not in legacy_states)  # probing
    kept = edge(m.table, State.INITIALIZING, State.INITIALIZED)
    m.show(State.INITIALIZED, kept)
    m.focus = gone
    assert m.set_machine(EraMode.LEGACY, None, "stdio") == Change.TABLE | Change.SHOWN
    assert m.edge == kept and m.edge in m.table  # the new table's own edge
    assert m.focus is None  # a state the new machine has not


def test_a_transition_is_shown_once_and_a_new_edge_may_be_animated() -> None:
    m = legacy()
    first = edge(m.table, State.UNINITIALIZED, State.INITIALIZING)
    change = m.show(State.INITIALIZING, first)
    assert change == Change.SHOWN | Change.NEW_EDGE
    assert (m.state, m.edge, m.prev) == (State.INITIALIZING, first, None)
    assert m.show(State.INITIALIZING, first) == Change.NONE  # every timeline batch: nothing new
    second = edge(m.table, State.INITIALIZING, State.INITIALIZED)
    assert m.show(State.INITIALIZED, second, seq=4) & Change.NEW_EDGE
    assert m.prev is State.INITIALIZING and m.edge_seq == 4
    m.at_rest()
    assert m.prev is None
    assert m.show(State.INITIALIZED, second, seq=4) == Change.NONE
    assert m.show(State.INITIALIZED, second, seq=9) == Change.SHOWN | Change.NEW_EDGE  # the same edge, taken again
    # an edge given as the recording's from/to/label is the table's
    assert m.show(State.OPERATING, {"from": "initialized", "to": "operating", "label": "x"}) & Change.SHOWN
    assert m.show(State.FAILED, None) == Change.SHOWN and m.edge is None  # no edge: nothing to animate


def test_lesson_notes_follow_the_current_state() -> None:
    m = legacy()
    m.lesson = True
    assert m.show(State.INITIALIZING, None) & Change.EXPLAIN
    m.explained = State.INITIALIZING
    assert not m.show(State.INITIALIZING, edge(m.table, State.UNINITIALIZED, State.INITIALIZING)) & Change.EXPLAIN
    m.lesson = False
    assert not m.show(State.OPERATING, None) & Change.EXPLAIN


def test_a_past_entry_relays_out_the_legend_only_between_now_and_then() -> None:
    m = legacy()
    assert m.set_as_of(None) == Change.NONE
    assert m.set_as_of(7) == Change.SHOWN | Change.LEGEND
    assert m.set_as_of(8) == Change.SHOWN  # the slot is measured for seven digits
    assert m.set_as_of(8) == Change.NONE
    assert m.set_as_of(None) == Change.SHOWN | Change.LEGEND
    assert m.current_label(untranslated) == WORDS["current"]
    m.set_as_of(12)
    assert m.current_label(untranslated) == "as of entry 12"
    assert m.legend(untranslated) == legend(untranslated, True)
    assert dict(m.legend(untranslated))["current"] == "as of entry 0000000"


def test_the_held_step_is_drawn_only_from_the_sessions_state_and_kept_in_view() -> None:
    m = legacy()
    first = edge(m.table, State.UNINITIALIZED, State.INITIALIZING)
    nxt = edge(m.table, State.INITIALIZING, State.INITIALIZED)
    m.show(State.INITIALIZING, first)
    assert m.set_pending(nxt) == Change.SHOWN and m.set_pending(nxt) == Change.NONE
    assert m.held() is nxt and m.hot() == [State.INITIALIZING, State.INITIALIZED]
    m.set_as_of(3)
    assert m.held() is None  # not drawn over a past state
    m.set_as_of(None)
    m.set_pending(first)
    assert m.held() is None  # it is the last edge
    assert m.set_pending(None) == Change.SHOWN and m.hot() == [State.INITIALIZING]


def test_what_is_kept_in_view() -> None:
    m = legacy()
    assert m.plan is not None
    g = Layouts().get(m, 1260, 330, "Sans", fake_size, untranslated, 15)
    assert m.wanted(g, None, focused=False) == (m.plan.initial, None)  # nothing shown yet
    m.show(State.INITIALIZING, None)
    m.set_pending(edge(m.table, State.INITIALIZING, State.INITIALIZED))
    assert m.wanted(g, None, focused=False) == (State.INITIALIZING, State.INITIALIZED)
    m.focus = State.OPERATING
    assert m.wanted(g, None, focused=True) == (State.OPERATING, State.INITIALIZED)
    assert m.wanted(g, None, focused=False)[0] is State.INITIALIZING
    assert m.wanted(g, State.TERMINATED, focused=True) == (State.TERMINATED, None)
    assert DiagramState().wanted(g, None, focused=True) is None  # no machine, nothing to keep


def test_the_keyboard_focus_starts_at_the_current_state_and_moves() -> None:
    empty = DiagramState()
    assert not empty.take_focus() and empty.focus is None  # no machine: no state to focus
    m = legacy()
    m.show(State.OPERATING, None)
    assert m.take_focus(keep=True) and m.focus is State.OPERATING
    m.focus = State.TERMINATED
    assert m.take_focus() and m.focus is State.TERMINATED  # kept: it is a state of the plan
    order = m.order()
    m.move("first", None)
    assert m.focus is order[0]
    m.move("next", None)
    assert m.focus is order[1]
    m.move("last", None)
    assert m.focus is order[-1]
    fresh = legacy()
    assert fresh.take_focus(keep=True) and fresh.focus is order[0]  # nothing shown: the first state


def test_a_key_moves_the_focus_or_says_what_the_view_does() -> None:
    def no_layout() -> None:
        raise AssertionError("only up and down need the layout")

    assert DiagramState().press("Right", no_layout) is None  # no machine: no key is the diagram's
    m = legacy()
    m.show(State.OPERATING, None)
    order = m.order()
    assert m.press("F5", no_layout) is None and m.focus is State.OPERATING  # not its key; the focus taken
    assert m.press("Home", no_layout) == "first" and m.focus is order[0]
    assert m.press("Right", no_layout) == "next" and m.focus is order[1]
    assert m.press("Left", no_layout) == "previous" and m.focus is order[0]
    assert m.press("End", no_layout) == "last" and m.focus is order[-1]
    asked: list[bool] = []
    assert m.press("Up", lambda: asked.append(True)) == "up" and asked == [True]
    assert m.press("Escape", no_layout) is None  # nothing explained: Esc is not the diagram's
    for key in ("Return", "Enter", "Space", "Select"):
        assert m.press(key, no_layout) == "explain"
    m.explained = m.focus
    assert m.press("Escape", no_layout) == "close"


def test_hover_says_when_it_changed() -> None:
    m = legacy()
    assert m.set_hover(State.IDLE) if State.IDLE in m.order() else m.set_hover(State.OPERATING)
    assert not m.set_hover(m.hover)
    assert m.set_hover(None) and m.hover is None


def test_the_words_are_the_states() -> None:
    m = legacy()
    m.show(State.OPERATING, None)
    assert m.accessible(untranslated).startswith("Current state: Operating.")
    assert m.explanation(untranslated, State.OPERATING).startswith("Operating  (current state)")
    assert m.tip(untranslated, State.OPERATING).startswith("Operating — current state\n")
    assert m.caption(untranslated, 11) == "State: Operating · legacy · entry #11"
    assert [k for k, _t in m.legend(untranslated)] == ["line", "dash", "current", "final"]


def test_the_tooltip_under_a_point_is_the_states_else_the_labels() -> None:
    m = legacy()
    m.show(State.OPERATING, None)
    g = Layouts().get(m, 1260, 330, "Sans", fake_size, untranslated, 15)
    centre = g.nodes[State.OPERATING].center
    assert m.tip_at(untranslated, g, centre) == m.tip(untranslated, State.OPERATING)
    block = next(b for b in g.blocks if b.tip)
    assert m.tip_at(untranslated, g, block.rect.center) == block.tip
    assert m.tip_at(untranslated, g, Pt(-50.0, -50.0)) is None


@pytest.mark.parametrize("past", [False, True])
def test_layouts_are_kept_by_table_area_family_and_legend_measure(past: bool) -> None:
    m = legacy()
    if past:
        m.set_as_of(5)
    kept = Layouts()
    g = kept.get(m, 1260.7, 330.2, "Sans", fake_size, untranslated, 15)
    assert Layouts.key(m, 1260, 330, "Sans") in kept and len(kept) == 1
    assert kept.get(m, 1260.2, 330.9, "Sans", fake_size, untranslated, 15) is g  # whole pixels
    assert kept.get(m, 1260, 330, "Serif", fake_size, untranslated, 15) is not g
    m.set_as_of(None if past else 5)
    assert Layouts.key(m, 1260, 330, "Sans") not in kept  # the legend is measured apart
    for w in range(Layouts.SIZE + 3):
        kept.get(m, 700 + w, 300, "Sans", fake_size, untranslated, 15)
    assert len(kept) == Layouts.SIZE  # the oldest go
    assert Layouts.key(m, 700 + Layouts.SIZE + 2, 300, "Sans") in kept
    kept.clear()
    assert len(kept) == 0
    with pytest.raises(ValueError):
        Layouts().get(DiagramState(), 100, 100, "Sans", fake_size, untranslated, 15)
