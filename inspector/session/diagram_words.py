"""What the lifecycle diagram says in words, as data: a state's explanation, the description a
screen reader gets, the tooltip of a state, the "current" slot of the legend and an export's
caption.

Theory of operation. The diagram (``ui/diagram.py``) draws a transition table; what it says
about a state is decided here, without Qt, and tested headless
(``tests/session/test_diagram_words.py``). Every sentence is English in :data:`WORDS` and goes
through the caller's ``tr(context, text)`` (see :mod:`.translate`): the window passes
``QCoreApplication.translate`` and the words keep the widget's context, "LifecycleDiagram";
state titles, explanations and edge labels are "Lifecycle", a teacher's notes "Teaching", an
era's name "Eras". ``scripts/i18n.py`` brings :data:`WORDS` into the catalogue.
"""

from __future__ import annotations

from inspector.protocol.lifecycle import STATE_INFO, State, Transition
from inspector.protocol.teaching import LESSONS

from .labels import ERA_LABELS
from .translate import Translate

__all__ = [
    "CONTEXT",
    "WORDS",
    "accessible_description",
    "caption",
    "current_label",
    "legend",
    "explanation",
    "state_tip",
]

CONTEXT = "LifecycleDiagram"

#: The diagram's sentences (keys are for the code; the value is the English to translate).
WORDS = {
    "current": "current state",
    "as-of": "as of entry {n}",
    "current-aside": "(current state)",
    "no-session": (
        "No session. Tab into the diagram and use the arrow keys to explore the states; Enter explains one."
    ),
    "now": "Current state: {state}.",
    "then": "State as of entry {n}: {state}.",
    "last": "Last transition: {label}, from {src} to {dst}.",
    "held": "Next, after Continue: {label}, from {src} to {dst}.",
    "allowed": "Allowed here:",
    "next": "Next:",
    "failures": "Common failures:",
    "spec": "Spec: {section}",
    "from-here": "Transitions from here:",
    "stays": "on “{label}” → stays in {target}",
    "goes": "on “{label}” → {target}",
    "failure": "✗ failure",  # a no-break space: the cross stays with its word
    "final": "A final state: the session has ended.",
    "transition": "transition",  # the legend's samples: a line, a dashed line, the highlight, a final state
    "final-state": "final state",
    "tip": "Click to see what may happen in this state.",
    "caption": "State: {state}",
    "entry": "entry #{n}",
    # the explanation panel (ui/diagram_explanation.py)
    "panel": "State explanation",
    "close": "Close explanation",
    "close-tip": "Close the explanation (Esc)",
    "open-spec": "Open the spec",
    "spec-tip": "Open this page of the specification (bundled with the inspector)",
}


def _w(tr: Translate, key: str) -> str:
    return tr(CONTEXT, WORDS[key])


def _lc(tr: Translate, text: str) -> str:
    return tr("Lifecycle", text)


def current_label(tr: Translate, as_of: int | None) -> str:
    """What the legend says of the highlighted state: "current state", or "as of entry N" when it
    is the state of a past entry."""
    return _w(tr, "current") if as_of is None else _w(tr, "as-of").format(n=as_of)


def legend(tr: Translate, past: bool) -> list[tuple[str, str]]:
    """The legend's kinds and texts, as the layout measures them: showing a ``past`` state, the
    "current" slot is made wide enough for "as of entry" and seven digits (the number changes
    without a new layout)."""
    current = _w(tr, "as-of").format(n="0000000") if past else _w(tr, "current")
    keys = (("line", "transition"), ("dash", "failure"), ("current", None), ("final", "final-state"))
    return [(kind, current if key is None else _w(tr, key)) for kind, key in keys]


def _edge(tr: Translate, key: str, t: Transition) -> str:
    return _w(tr, key).format(label=_lc(tr, t.label), src=_lc(tr, t.source.title), dst=_lc(tr, t.target.title))


def accessible_description(
    tr: Translate, state: State | None, as_of: int | None, last: Transition | None, held: Transition | None
) -> str:
    """What a screen reader hears of the diagram: the state shown (now or as of entry ``as_of``),
    the ``last`` transition and, in step mode, the one the ``held`` step will take."""
    if state is None:
        text = _w(tr, "no-session")
    else:
        title = _lc(tr, state.title)
        text = _w(tr, "now").format(state=title) if as_of is None else _w(tr, "then").format(n=as_of, state=title)
        if last is not None:
            text += " " + _edge(tr, "last", last)
    if held is not None and as_of is None:
        text += " " + _edge(tr, "held", held)
    return text


def explanation(
    tr: Translate, table: tuple[Transition, ...], state: State, current: State | None, as_of: int | None
) -> str:
    """The plain text that explains ``state``: its title (marked when it is the ``current`` one),
    what it means, a teacher's notes, its spec section and the transitions of ``table`` from it."""
    info = STATE_INFO[state]
    lines = [_lc(tr, info.title)]
    if state is current:
        lines[0] += "  " + (_w(tr, "current-aside") if as_of is None else "(" + current_label(tr, as_of) + ")")
    lines.append(_lc(tr, info.explanation))
    lesson = LESSONS.get(state)
    if lesson is not None:  # what a teacher says about the state: allowed, next, what goes wrong
        for key, text in (("allowed", lesson.allowed), ("next", lesson.next), ("failures", lesson.failures)):
            lines.append(f"{_w(tr, key)} {tr('Teaching', text)}")
    lines.append(_w(tr, "spec").format(section=info.spec))
    outgoing = [t for t in table if t.source is state]
    if outgoing:
        lines += ["", _w(tr, "from-here")]
        for t in outgoing:
            line = _w(tr, "stays" if t.target is state else "goes").format(
                label=_lc(tr, t.label), target=_lc(tr, t.target.title)
            )
            if t.failure:
                line += " " + _w(tr, "failure")  # an en space before it
            lines.append("  • " + line)
    elif state.final:
        lines.append(_w(tr, "final"))
    return "\n".join(lines)


def state_tip(tr: Translate, state: State, current: State | None, as_of: int | None) -> str:
    """The tooltip of a state: its title, whether it is the one shown, and that a click explains it."""
    tip = _lc(tr, state.title)
    if state is current:
        tip += " — " + current_label(tr, as_of)
    return tip + "\n" + _w(tr, "tip")


def caption(tr: Translate, state: State | None, era: str | None, entry: int | None) -> str:
    """What an exported picture says it shows: the state, the era (or era mode) and the entry
    ("State: Operating · legacy · entry #11")."""
    parts = [_w(tr, "caption").format(state=_lc(tr, state.title) if state is not None else "—")]
    if era is not None:
        parts.append(tr("Eras", ERA_LABELS.get(era, era)))
    if entry is not None and entry >= 0:
        parts.append(_w(tr, "entry").format(n=entry))
    return " · ".join(parts)
