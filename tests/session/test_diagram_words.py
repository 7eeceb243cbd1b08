"""What the lifecycle diagram says, without Qt (issue 23: words as data): a state's explanation,
the screen reader's description, a state's tooltip, the legend's "current" slot and an export's
caption, in English and through a caller's translation that keeps the contexts apart."""

from __future__ import annotations

from inspector.protocol.lifecycle import STATE_INFO, State, diagram_table
from inspector.protocol.teaching import LESSONS
from inspector.protocol.versions import EraMode
from inspector.session.diagram_words import (
    CONTEXT,
    WORDS,
    accessible_description,
    caption,
    current_label,
    explanation,
    legend,
    state_tip,
)
from inspector.session.translate import untranslated

TABLE = diagram_table(EraMode.LEGACY)


def marked(context: str, text: str) -> str:
    """A translation that shows which context each word came from."""
    return f"[{context}:{text}]"


def test_the_current_slot_says_now_or_as_of_an_entry() -> None:
    assert current_label(untranslated, None) == "current state"
    assert current_label(untranslated, 12) == "as of entry 12"
    assert current_label(marked, None) == f"[{CONTEXT}:current state]"


def test_what_a_screen_reader_hears() -> None:
    assert accessible_description(untranslated, None, None, None, None) == WORDS["no-session"]
    edge = next(t for t in TABLE if t.source is not t.target)
    held = next(t for t in TABLE if t.source is edge.target and t.target is not edge.target)
    now = accessible_description(untranslated, edge.target, None, edge, held)
    assert now.startswith(f"Current state: {edge.target.title}. Last transition: {edge.label}, from ")
    assert f"Next, after Continue: {held.label}, from {held.source.title} to {held.target.title}." in now
    past = accessible_description(untranslated, edge.target, 7, edge, held)
    assert past.startswith(f"State as of entry 7: {edge.target.title}.")
    assert "Next, after Continue" not in past  # the held step starts at the session's state, not a past one
    # titles and labels are the protocol table's words ("Lifecycle"), the sentences the widget's
    translated = accessible_description(marked, edge.target, None, edge, None)
    assert f"[Lifecycle:{edge.target.title}]" in translated and f"[Lifecycle:{edge.label}]" in translated
    assert translated.startswith(f"[{CONTEXT}:Current state: [Lifecycle:{edge.target.title}].]")


def test_a_state_explained_with_its_notes_and_transitions() -> None:
    for state in {t.source for t in TABLE} | {t.target for t in TABLE}:
        text = explanation(untranslated, TABLE, state, None, None)
        lines = text.split("\n")
        info = STATE_INFO[state]
        assert lines[0] == info.title and lines[1] == info.explanation
        assert f"Spec: {info.spec}" in lines
        lesson = LESSONS.get(state)
        if lesson is not None:
            assert f"Allowed here: {lesson.allowed}" in lines and f"Common failures: {lesson.failures}" in lines
        outgoing = [t for t in TABLE if t.source is state]
        bullets = [line for line in lines if line.startswith("  • ")]
        assert len(bullets) == len(outgoing)
        for t, line in zip(outgoing, bullets, strict=True):
            assert line.startswith(f"  • on “{t.label}” → ")
            assert line.endswith("\u2002✗\u00a0failure") == t.failure
            assert ("stays in" in line) == (t.target is state)
        if not outgoing and state.final:
            assert lines[-1] == "A final state: the session has ended."
    first = TABLE[0].source
    assert explanation(untranslated, TABLE, first, first, None).split("\n")[0] == f"{first.title}  (current state)"
    assert explanation(untranslated, TABLE, first, first, 4).split("\n")[0] == f"{first.title}  (as of entry 4)"
    teaching = explanation(marked, TABLE, State.OPERATING, None, None)
    lesson = LESSONS.get(State.OPERATING)
    assert lesson is not None and f"[Teaching:{lesson.allowed}]" in teaching


def test_a_states_tooltip_and_an_exports_caption() -> None:
    s = State.OPERATING
    assert state_tip(untranslated, s, None, None) == f"{s.title}\nClick to see what may happen in this state."
    assert state_tip(untranslated, s, s, 3).startswith(f"{s.title} — as of entry 3\n")
    assert caption(untranslated, s, "legacy", 11) == f"State: {s.title} · legacy · entry #11"
    assert caption(untranslated, None, None, None) == "State: —"
    assert caption(untranslated, s, None, -1) == f"State: {s.title}"  # no entry
    assert "[Eras:" in caption(marked, s, "legacy", None)


def test_the_legend_says_what_each_sample_means_and_makes_room_for_a_past_entry() -> None:
    now = legend(untranslated, False)
    assert now == [
        ("line", "transition"),
        ("dash", "✗\u00a0failure"),
        ("current", "current state"),
        ("final", "final state"),
    ]
    then = dict(legend(untranslated, True))
    assert then["current"] == "as of entry 0000000" and then["line"] == "transition"
    assert dict(legend(marked, False))["final"] == f"[{CONTEXT}:final state]"
