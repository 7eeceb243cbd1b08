"""The timeline's columns as the user and the table's width leave them, without Qt.

Theory of operation. The window's timeline (``inspector.ui.timeline``) owns one
:class:`ColumnLayout` and tells it what it measured in its fonts: a text's advance, in the
table's font or the monospace one, and a header's (:meth:`ColumnLayout.measure`), then the
widest texts the must-read columns showed so far (:meth:`ColumnLayout.measure_content`). From
those the layout keeps each column's natural width, the least an elastic column is given while
others give way, and how narrow Method and Id get before anything else elides. The user's
choices (a column shown or hidden, a width dragged, kept in line heights so it follows the font)
are kept here too, with the settings' text of them (:meth:`ColumnLayout.load`,
:meth:`ColumnLayout.saved`). :meth:`ColumnLayout.fit` answers, for the table's width, the width of
each column shown (:func:`~.timeline_table.fit_widths` decides) and remembers which gave way for
lack of room; the view only applies that to its header.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable, Mapping, Sequence

from inspector.protocol.messages import Kind

from .labels import KIND_LABELS
from .recording import Direction
from .settings import read_timeline_columns
from .timeline_table import (
    CONTENT_CAPS,
    DEFAULT_ORDER,
    GAP,
    LEAST_METHOD,
    METHOD_FLOOR,
    MONO_COLUMNS,
    SAMPLES,
    SHORT_ID,
    Column,
    columns_to_save,
    fit_widths,
    saved_columns,
)
from .timeline_words import CONTEXT, DIRECTION_ARROWS, MENU_NAMES, WORDS
from .translate import Translate

PAD = 18  # a column's width beyond its text: the text's margins and the room between columns
MEASURED = 12  # the longest texts (by characters) of a column measured: a hostile server's thousand methods are not

#: ``advance(text, mono)``: the width of ``text`` in the table's font (``mono``: the monospace one)
Advance = Callable[[str, bool], int]
#: A row of the column menu: the column, its name, whether it is shown, whether the user may toggle it
MenuRow = tuple[int, str, bool, bool]


class ColumnLayout:
    """What the timeline's columns measure, what the user chose for them and how they fit."""

    def __init__(self) -> None:
        self.prefs: dict[int, bool] = {}  # column -> shown (True) or hidden (False) by the user
        self.user_widths: dict[int, float] = {}  # column -> width the user gave it, in line heights
        self.auto_hidden: frozenset[int] = frozenset()  # hidden for lack of room
        self.natural: dict[int, int] = {}
        self.least: dict[int, int] = {}
        self.method_floor = 0  # how narrow Method gets before Violations is elided
        self.id_short = 0  # an id of eight characters: kept until Method is down to its floor
        self.content: dict[int, int] = {}  # column -> the width its widest text so far needs (CONTENT_CAPS)

    # ------------------------------------------------------------ measuring

    def measure(self, advance: Advance, header: Callable[[int], int], tr: Translate) -> None:
        """Each column's natural and least width from ``advance`` and ``header(column)`` (the
        width of its header's word): a column's sample (:data:`~.timeline_table.SAMPLES`) or its
        header, whichever is wider; Kind's widest word after its arrow."""

        def text_w(s: str, mono: bool = False) -> int:
            return advance(s, mono) + PAD

        def head_w(col: int) -> int:
            return header(col) + PAD

        def kind_w(label: str) -> int:
            return text_w(f"{DIRECTION_ARROWS[Direction.S2C]} {tr(CONTEXT, label)}")

        widths = {c: max(text_w(t, c in MONO_COLUMNS), head_w(c)) for c, t in SAMPLES.items()}
        widths[Column.KIND] = max(
            kind_w(KIND_LABELS[Kind.NOTIFICATION]),
            kind_w(KIND_LABELS[Kind.REQUEST]) + text_w(" ✎") - PAD,
            head_w(Column.KIND),
        )
        self.natural = widths
        # what an elastic column is never made narrower than while others give way
        self.least = {
            **widths,
            Column.METHOD: max(text_w(LEAST_METHOD), head_w(Column.METHOD)),
            Column.VIOLATIONS: max(text_w(tr(CONTEXT, WORDS["schema_invalid"])), head_w(Column.VIOLATIONS)),
        }
        self.method_floor = text_w(METHOD_FLOOR) - GAP
        self.id_short = text_w(SHORT_ID, True) - GAP

    def measure_content(self, widest: Mapping[int, Iterable[str]], advance: Advance) -> bool:
        """The widths the must-read columns' widest texts so far need (``widest``: by column, as
        the model keeps them), each text cut at its column's cap (:data:`~.timeline_table.CONTENT_CAPS`);
        only the :data:`MEASURED` longest are measured. True if one changed."""
        content = {}
        for col, texts in widest.items():
            cap, mono = CONTENT_CAPS[col], col in MONO_COLUMNS
            cut = (t if len(t) <= cap else t[: cap - 1] + "…" for t in heapq.nlargest(MEASURED, texts, key=len))
            content[col] = max((advance(t, mono) + PAD for t in cut), default=0)
        changed = content != self.content
        self.content = content
        return changed

    # ------------------------------------------------------------ fitting

    def fit(self, order: Iterable[int], room: int, unit: int, smallest: int) -> dict[int, int] | None:
        """The width of each column shown in ``room`` pixels, the columns in ``order`` (None:
        nothing measured yet, or no room); ``unit``: a line's height (what the user's widths are
        kept in), ``smallest``: the header's least section. Remembers which gave way."""
        if not self.natural or room <= 0:
            return None
        widths, hidden_for_room = fit_widths(
            order,
            room,
            natural=self.natural,
            least=self.least,
            content=self.content,
            prefs=self.prefs,
            users={c: max(smallest, round(w * unit)) for c, w in self.user_widths.items()},
            smallest=smallest,
            id_short=self.id_short,
            method_floor=self.method_floor,
        )
        self.auto_hidden = frozenset(hidden_for_room)
        return widths

    # ------------------------------------------------------------ the user's choices

    def show(self, column: int, on: bool) -> None:
        """The user showed or hid ``column`` (it no longer gives way; shown: its natural width again)."""
        self.prefs[column] = bool(on)
        if on:
            self.user_widths.pop(column, None)

    def dragged(self, column: int, width: int, unit: int) -> None:
        """The user dragged ``column``'s edge to ``width`` pixels (kept in ``unit``s, line heights)."""
        self.user_widths[column] = width / unit

    def reset(self) -> list[int]:
        """The columns' first order (returned) and widths; the less-read ones give way again."""
        self.prefs.clear()
        self.user_widths.clear()
        return list(DEFAULT_ORDER)

    def load(self, raw: object) -> list[int]:
        """The choices the settings kept (``raw``: the ``timeline/columns`` value, read leniently);
        returns the columns' order."""
        order, self.prefs, self.user_widths = saved_columns(*read_timeline_columns(raw))
        return order

    def saved(self, order: Iterable[int]) -> str:
        """What the settings keep for these choices with the columns in ``order``."""
        return columns_to_save(order, self.prefs, self.user_widths)

    def menu(
        self, order: Iterable[int], shown: Sequence[int], header: Callable[[int], str], tr: Translate
    ) -> list[MenuRow]:
        """The column menu's rows, the columns in ``order``: each named by its ``header(column)``
        word (a longer name where that is too terse to stand alone, :data:`~.timeline_words.MENU_NAMES`;
        said to be hidden for lack of room when it gave way), checked when ``shown``, and enabled
        unless it is the last column shown (that one stays)."""
        rows = []
        for c in order:
            name = tr(CONTEXT, MENU_NAMES[c]) if c in MENU_NAMES else header(c)
            if c in self.auto_hidden:
                name = tr(CONTEXT, WORDS["no_room"]).format(column=name)
            rows.append((c, name, c in shown, list(shown) != [c]))
        return rows


__all__ = ["MEASURED", "PAD", "Advance", "ColumnLayout", "MenuRow"]
