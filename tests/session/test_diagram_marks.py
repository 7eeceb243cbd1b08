"""What the lifecycle diagram's paint pass draws, without Qt (issue 23: the painter only maps
marks to its calls): the picture at rest, the highlights of what is shown, the legend, and that
a failure is dashed as well as red. The pixels themselves are the widget tests'."""

from __future__ import annotations

from test_diagram_geometry import fake_size

from inspector.protocol.lifecycle import State, Transition
from inspector.protocol.versions import EraMode
from inspector.session.diagram_geometry import Geometry
from inspector.session.diagram_marks import (
    ACCENT,
    ERROR,
    FOCUS,
    Bead,
    Box,
    Dot,
    Line,
    Mark,
    Poly,
    Stroke,
    Tone,
    Words,
    current_legend_marks,
    highlight_marks,
    legend_marks,
    palette_tones,
    static_marks,
)
from inspector.session.diagram_state import DiagramState, Layouts
from inspector.session.translate import untranslated


def shown() -> tuple[DiagramState, Geometry]:
    m = DiagramState()
    m.set_machine(EraMode.LEGACY, None, "stdio")
    return m, Layouts().get(m, 1260, 330, "Sans", fake_size, untranslated, 15)


def edge(m: DiagramState, source: State, target: State) -> Transition:
    return next(t for t in m.table if t.source is source and t.target is target)


def words(marks: list[Mark]) -> list[str]:
    return [mk.text for mk in marks if isinstance(mk, Words)]


def test_the_picture_at_rest_has_every_line_head_junction_label_state_and_the_legend() -> None:
    m, g = shown()
    marks = static_marks(g)
    assert [mk for mk in marks if isinstance(mk, Stroke)] == [mk for mk in marks[: len(g.strokes)]]
    assert len([mk for mk in marks if isinstance(mk, Poly)]) == len(g.arrows) + 2  # and the legend's two
    assert len([mk for mk in marks if isinstance(mk, Dot)]) == len(g.dots)
    texts = words(marks)
    assert all(g.titles[s] in texts for s in g.nodes)
    assert all(row in texts for b in g.blocks for e in b.entries for row in e.rows)
    assert all(not mk.bold for mk in marks if isinstance(mk, Words))  # nothing current at rest
    for (path, failure), mk in zip(g.strokes, marks, strict=False):  # a failure: dashed and red
        assert isinstance(mk, Stroke) and mk.path is path
        assert (mk.pen.dashes != (), mk.pen.tone == ERROR) == (failure, failure)
    finals = [s for s in g.nodes if s.final]
    boxes = [mk for mk in marks if isinstance(mk, Box) and mk.fill is None and mk.pen is not None]
    assert len(boxes) >= len(finals) > 0  # a final state's inner ring
    # the legend's "current" text is not in the picture at rest: it names the entry shown
    current = [text for kind, text, _s, _r in g.legend if kind == "current"]
    assert current and current[0] not in words(legend_marks(g))


def test_the_highlight_draws_the_current_state_bold_the_last_edge_and_the_held_step() -> None:
    m, g = shown()
    taken = edge(m, State.INITIALIZING, State.INITIALIZED)
    m.show(State.INITIALIZED, taken)
    m.at_rest()
    held = next(t for t in m.table if t.source is State.INITIALIZED and t != taken)
    m.set_pending(held)
    marks = highlight_marks(g, m, "current state", 1.0, decorations=False, focused=False)
    assert words(marks)[0] == "current state"  # the legend's slot first
    strokes = [mk for mk in marks if isinstance(mk, Stroke)]
    assert [s.path for s in strokes] == [g.edges[held].path, g.edges[taken].path]
    assert strokes[0].pen.dashes == (2.0, 1.6)  # the held step's edge: dashed
    assert not [mk for mk in marks if isinstance(mk, Bead)]  # at rest: no moving dot
    title = next(mk for mk in marks if isinstance(mk, Words) and mk.text == g.titles[State.INITIALIZED])
    assert title.bold and title.tone == Tone("text", Tone("accent_text"), 1.0)
    # held over a past state: not drawn (it starts at the session's state)
    m.set_as_of(2)
    past = highlight_marks(g, m, "as of entry 2", 1.0, decorations=False, focused=False)
    assert [mk.path for mk in past if isinstance(mk, Stroke)] == [g.edges[taken].path]
    assert current_legend_marks(g, "as of entry 2", True)[0].tone != current_legend_marks(g, "x", False)[0].tone


def test_the_animation_glows_moves_a_dot_and_fades_the_state_it_left() -> None:
    m, g = shown()
    taken = edge(m, State.INITIALIZING, State.INITIALIZED)
    m.show(State.INITIALIZING, None)
    m.show(State.INITIALIZED, taken)
    marks = highlight_marks(g, m, "current state", 0.5, decorations=False, focused=False)
    glow, line = (mk for mk in marks if isinstance(mk, Stroke))
    assert glow.pen.tone.alpha == 0.25 and glow.pen.width == line.pen.width + 5 and glow.pen.cap == "round"
    (bead,) = (mk for mk in marks if isinstance(mk, Bead))
    assert bead.path is g.edges[taken].path and bead.at == 0.5 and bead.fill == ACCENT
    lit = {mk.text: mk.bold for mk in marks if isinstance(mk, Words)}
    assert lit[g.titles[State.INITIALIZING]] and lit[g.titles[State.INITIALIZED]]  # both part lit


def test_hover_and_focus_rings_only_with_decorations_and_the_focus_only_when_focused() -> None:
    m, g = shown()
    m.set_hover(State.OPERATING)
    m.focus = State.INITIALIZING

    def rings(decorations: bool, focused: bool) -> list[Box]:
        marks = highlight_marks(g, m, "current state", 1.0, decorations, focused)
        return [mk for mk in marks if isinstance(mk, Box) and mk.fill is None]

    assert rings(False, True) == []  # an export: at rest
    hover, focus = rings(True, True)
    assert hover.rect == g.nodes[State.OPERATING] and hover.pen is not None and hover.pen.tone == ACCENT
    assert focus.pen is not None and focus.pen.dotted and focus.pen.tone == FOCUS
    assert focus.rect == g.nodes[State.INITIALIZING].adjusted(-3.5, -3.5, 3.5, 3.5)
    assert len(rings(True, False)) == 1  # no focus ring without the keyboard focus


def test_the_legend_says_a_line_a_dashed_failure_and_the_state_boxes() -> None:
    _m, g = shown()
    marks = legend_marks(g)
    lines = [mk for mk in marks if isinstance(mk, Line)]
    assert [ln.pen.dashes != () for ln in lines] == [False, True] and lines[1].pen.tone == ERROR
    assert words(marks) == [text for kind, text, _s, _r in g.legend if kind != "current"]


def test_the_colours_are_mixed_from_the_window_s_in_order_and_name_every_tone_a_mark_uses() -> None:
    window = {"base", "text", "accent", "accent_text", "error"}

    def names(tone: Tone) -> set[str]:
        inner = names(tone.base) if isinstance(tone.base, Tone) else {tone.base}
        return inner | (names(tone.toward) if tone.toward is not None else set())

    for dark in (False, True):
        known = set(window)
        for name, tone in palette_tones(dark).items():
            assert names(tone) <= known, name  # made of the window's and those before it
            known.add(name)
        m, g = shown()
        m.show(State.INITIALIZED, edge(m, State.INITIALIZING, State.INITIALIZED))
        m.set_hover(State.OPERATING)
        m.focus = State.OPERATING
        marks = static_marks(g) + highlight_marks(g, m, "current state", 0.5, True, True)
        used: set[str] = set()
        for mk in marks:
            for tone in (getattr(mk, "fill", None), getattr(mk, "tone", None)):
                used |= names(tone) if tone is not None else set()
            pen = getattr(mk, "pen", None)
            used |= names(pen.tone) if pen is not None else set()
        assert used <= known and {"muted", "node", "border", "edge", "focus", "label_bg"} <= used
    assert palette_tones(True)["focus"] != palette_tones(False)["focus"]  # lighter on a dark base
