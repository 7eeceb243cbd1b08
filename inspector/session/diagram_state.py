"""What the lifecycle diagram shows, without Qt: the machine drawn, the current state and the edge
that led there, the held step's edge, the entry shown when it is a past one, the keyboard focus,
the state under the pointer and the state explained.

Theory of operation. The widget (``ui/diagram.py``) owns a :class:`DiagramState` and forwards
what happens to it: a machine switch (:meth:`DiagramState.set_machine`), a transition or a
recording's row (:meth:`~DiagramState.show`, :meth:`~DiagramState.set_as_of`), a held step
(:meth:`~DiagramState.set_pending`), a click, a key or the focus coming in
(:meth:`~DiagramState.take_focus`, :meth:`~DiagramState.move`, :meth:`~DiagramState.press`).
Each says in a :class:`Change` what the view has to do about it: nothing (the timeline calls
on every batch), repaint, lay out again (another table, or the legend's "current" slot measured
for "as of entry N"), animate a new edge.
The widget keeps what is Qt's: the animation's clock, the scroll bars, the pixmap, the panel.
What it says in words comes from :mod:`.diagram_words` through the caller's ``tr``; what to keep
in view and what the highlight draws are read off here (:meth:`~DiagramState.held`,
:meth:`~DiagramState.hot`, :meth:`~DiagramState.wanted`). Tested headless in
``tests/session/test_diagram_state.py``.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from inspector.protocol.jsontypes import JsonObject
from inspector.protocol.lifecycle import State, Transition, diagram_table
from inspector.protocol.versions import Era, EraMode

from . import diagram_words as words
from .diagram_cache import cached_fit
from .diagram_geometry import FOCUS_MOVES, Geometry, TextSize, block_at, moved_focus, node_at
from .diagram_plan import Plan, analyse, focus_order, resolve_edge
from .diagram_shapes import Pt
from .recording import TransportKind
from .translate import Translate

__all__ = ["KEYS", "Change", "DiagramState", "LayoutKey", "Layouts"]


#: what each key does (by its name, Qt's ``Key_`` dropped): move the keyboard focus between states
#: (:data:`~.diagram_geometry.FOCUS_MOVES`), explain the focused state, close the explanation
KEYS = {
    "Right": "next",
    "Left": "previous",
    "Home": "first",
    "End": "last",
    "Up": "up",
    "Down": "down",
    "Return": "explain",
    "Enter": "explain",
    "Space": "explain",
    "Select": "explain",
    "Escape": "close",
}


class Change(enum.Flag):
    """What an event changed, for the view to act on."""

    NONE = 0
    SHOWN = enum.auto()  # the state, the edge, the held edge, the entry or the focus: repaint
    TABLE = enum.auto()  # another transition table: lay out again
    LEGEND = enum.auto()  # the legend's "current" slot changed its measure: lay out again
    NEW_EDGE = enum.auto()  # a transition was taken: it may be animated
    EXPLAIN = enum.auto()  # the explanation follows another state (lesson notes)


@dataclass
class DiagramState:
    """The diagram's state; the widget is a view of it (see the module's docstring)."""

    mode: EraMode | None = None
    era: Era | None = None
    key: tuple[EraMode, Era | None, TransportKind] | None = None
    table: tuple[Transition, ...] = ()
    plan: Plan | None = None
    state: State | None = None  # the state highlighted
    prev: State | None = None  # the state it came from, while the animation runs
    edge: Transition | None = None  # the edge that led to it
    edge_seq: int | None = None  # the entry that took that edge (a recording's)
    pending: Transition | None = None  # step mode: the edge the held step will take
    #: the entry whose state is shown when it is a past one (Follow live off, replay); None:
    #: the state shown is the session's current state
    as_of: int | None = None
    focus: State | None = None  # the keyboard's
    hover: State | None = None  # under the pointer
    explained: State | None = None  # in the explanation panel
    lesson: bool = False  # presenter mode: the explanation shows the current state's notes, always

    # ------------------------------------------------------------------ events

    def set_machine(self, mode: EraMode, era: Era | None, transport: str) -> Change:
        """Draw the machine :func:`diagram_table` gives for ``mode``, ``era`` and ``transport``
        (a name not known: stdio's); the edges shown are looked up again in the new table."""
        kind = TransportKind.named(transport)
        key = (mode, era, kind)
        if key == self.key:
            return Change.NONE
        table = diagram_table(mode, era, kind)
        self.key = key
        self.mode, self.era = mode, era
        if table == self.table:
            return Change.NONE
        self.table = table
        self.plan = plan = analyse(table)  # cached per table
        self.edge = resolve_edge(table, self.edge) if self.edge is not None else None
        self.pending = resolve_edge(table, self.pending) if self.pending is not None else None
        if self.focus is not None and self.focus not in plan.row_of:
            self.focus = None
        return Change.TABLE | Change.SHOWN

    def show(self, state: State, transition: JsonObject | Transition | None, seq: int | None = None) -> Change:
        """Highlight ``state``, reached by ``transition`` (from/to/label; ``seq``: the entry that
        took it). Nothing new: :attr:`Change.NONE`."""
        edge = resolve_edge(self.table, transition)
        if state is self.state and edge == self.edge and (seq is None or seq == self.edge_seq):
            return Change.NONE
        change = Change.SHOWN
        if edge is not None and (edge != self.edge or (seq is not None and seq != self.edge_seq)):
            change |= Change.NEW_EDGE
        self.prev = self.state if state is not self.state else None
        self.state = state
        self.edge = edge
        if seq is not None:
            self.edge_seq = seq
        if self.lesson and self.explained is not state:
            change |= Change.EXPLAIN  # lesson notes follow the current state
        return change

    def set_as_of(self, row: int | None) -> Change:
        """Show the state as of entry ``row`` (a past one), or the session's current (None)."""
        if row == self.as_of:
            return Change.NONE
        change = Change.SHOWN
        if (row is None) != (self.as_of is None):
            change |= Change.LEGEND  # "current state" and "as of entry N" are measured apart
        self.as_of = row
        return change

    def set_pending(self, tr: Transition | None) -> Change:
        """Step mode: the edge the held step will take once it goes (None: no such edge)."""
        edge = resolve_edge(self.table, tr)
        if edge == self.pending:
            return Change.NONE
        self.pending = edge
        return Change.SHOWN

    def at_rest(self) -> None:
        """The animation ended (or none runs): the state it came from is no longer drawn."""
        self.prev = None

    def set_hover(self, state: State | None) -> bool:
        """The pointer is over ``state`` (None: over none); True when that changed."""
        if state is self.hover:
            return False
        self.hover = state
        return True

    def order(self) -> list[State]:
        """The keyboard's order of the states (none without a machine)."""
        return focus_order(self.plan) if self.plan is not None else []

    def take_focus(self, keep: bool = False) -> bool:
        """The keyboard focus on a state: kept when it is one (``keep``: when it is set at all),
        else the current state, else the first; False when there is no state to focus."""
        order = self.order()
        if not order:
            return False
        missing = self.focus is None if keep else self.focus not in order
        if missing:
            self.focus = self.state if self.state in order else order[0]
        return True

    def move(self, move: str, g: Geometry | None) -> None:
        """Move the keyboard focus (one of :data:`~.diagram_geometry.FOCUS_MOVES`; "up" and "down"
        need the layout ``g``)."""
        if self.plan is not None and self.focus is not None:
            self.focus = moved_focus(self.plan, g, self.focus, move)

    def press(self, key: str, layout: Callable[[], Geometry | None]) -> str | None:
        """A key (its name in :data:`KEYS`, "Right"), the keyboard focus taken first: the focus
        moved (``layout`` gives the layout "up" and "down" need) or what the view is to do,
        "explain" the focused state or "close" the explanation; None: the key is not the
        diagram's (no state to focus, no such key, nothing explained to close)."""
        action = KEYS.get(key)
        if not self.take_focus() or action is None or (action == "close" and self.explained is None):
            return None
        if action in FOCUS_MOVES:
            self.move(action, layout() if action in ("up", "down") else None)
        return action

    # ------------------------------------------------------------------ readings

    def held(self) -> Transition | None:
        """The held step's edge as drawn: not when it is the last edge, nor over a past state (it
        starts at the session's state)."""
        return self.pending if self.pending != self.edge and self.as_of is None else None

    def hot(self) -> list[State]:
        """What the pinned legend must not cover: the current state and where the held step goes."""
        targets = (self.state, self.pending.target if self.pending is not None else None)
        return [s for s in targets if s is not None]

    def wanted(self, g: Geometry, only: State | None, focused: bool) -> tuple[State, State | None] | None:
        """What to scroll into view: ``only``, else the keyboard focus (when the widget has it,
        ``focused``), else the current state, else the initial state; and with it, when both
        fit, where the held step goes. None: nothing to keep in view."""
        wanted = [s for s in (only, self.focus if focused else None, self.state) if s is not None and s in g.nodes]
        if not wanted and self.plan is not None and self.plan.initial in g.nodes:
            wanted = [self.plan.initial]
        if not wanted:
            return None
        return wanted[0], self.pending.target if only is None and self.pending is not None else None

    def era_name(self) -> str | None:
        """The era an export names: the detected one, else the era mode."""
        return self.era.value if self.era is not None else (self.mode.value if self.mode is not None else None)

    # ------------------------------------------------------------------ words

    def current_label(self, tr: Translate) -> str:
        return words.current_label(tr, self.as_of)

    def legend(self, tr: Translate) -> list[tuple[str, str]]:
        """The legend as the layout measures it (see :func:`.diagram_words.legend`)."""
        return words.legend(tr, self.as_of is not None)

    def accessible(self, tr: Translate) -> str:
        return words.accessible_description(tr, self.state, self.as_of, self.edge, self.pending)

    def explanation(self, tr: Translate, state: State) -> str:
        return words.explanation(tr, self.table, state, self.state, self.as_of)

    def tip(self, tr: Translate, state: State) -> str:
        return words.state_tip(tr, state, self.state, self.as_of)

    def tip_at(self, tr: Translate, g: Geometry, p: Pt) -> str | None:
        """The tooltip at ``p`` in the layout ``g``: a state's (:meth:`tip`), else a label's,
        else none."""
        state = node_at(g, p)
        if state is not None:
            return self.tip(tr, state)
        block = block_at(g, p)
        return block.tip if block is not None else None

    def caption(self, tr: Translate, entry: int | None) -> str:
        return words.caption(tr, self.state, self.era_name(), entry)


#: A layout's place in :class:`Layouts`: the table, the area (whole pixels), the type's family,
#: and whether the legend's "current" slot is measured for "current state" (not "as of entry N").
LayoutKey = tuple[tuple[Transition, ...], int, int, str, bool]


class Layouts:
    """The layouts fitted so far, by :data:`LayoutKey`: a resize back, a machine switched back or
    a return to the current state finds its layout again; the oldest go past :attr:`SIZE`.
    With a :attr:`disk` folder, a layout not kept here is read from there when it was stored with
    the same words and sizes, and stored there when fitted (:mod:`.diagram_cache`: the window's
    first paint finds the last run's layout)."""

    SIZE = 25

    def __init__(self, disk: Path | None = None) -> None:
        self._fitted: dict[LayoutKey, Geometry] = {}
        self.disk = disk

    @staticmethod
    def key(m: DiagramState, w: float, h: float, family: str) -> LayoutKey:
        return (m.table, int(w), int(h), family, m.as_of is None)

    def __contains__(self, key: LayoutKey) -> bool:
        return key in self._fitted

    def __len__(self) -> int:
        return len(self._fitted)

    def clear(self) -> None:
        self._fitted.clear()

    def get(
        self, m: DiagramState, w: float, h: float, family: str, measure: TextSize, tr: Translate, bar: int
    ) -> Geometry:
        """The layout of ``m``'s machine in ``w`` x ``h`` (see :func:`~.diagram_geometry.fit`;
        ``bar``: the scroll bars' extent), fitted when it is not kept."""
        key = self.key(m, w, h, family)
        g = self._fitted.get(key)
        if g is None:
            if m.plan is None:
                raise ValueError("no machine to lay out")
            g = cached_fit(self.disk, m.table, m.plan, w, h, measure, tr, m.legend(tr), bar, family)
            if len(self._fitted) >= self.SIZE:
                self._fitted.pop(next(iter(self._fitted)))
            self._fitted[key] = g
        return g
