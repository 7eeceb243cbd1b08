"""The timeline's model: every recorded entry as one row of a table, its cells and their words.

Theory of operation
-------------------
:class:`TimelineModel` is an adapter over a :class:`~inspector.session.recording.Recording`,
never a copy of it: a thin :class:`~inspector.ui.rowmodel.RowTableModel` adapter over the
session's Qt-free :class:`~inspector.session.views.EntryView`, which keeps one compact
``array('l')`` of the entries that pass the current filter. The model makes each cell from
the recording's columns once (``make_cell``, no :class:`Entry` is built for the cheap columns):
its words, and the tones :func:`~inspector.session.timeline_table.cell_tones` names for its
text and its row, in this palette's brushes (:class:`TimelineColors`). On
each tick of the model's timer (30 ms, slower under a flood) the view takes the new entries
and the model inserts the accepted ones with ONE ``beginInsertRows``/``endInsertRows``,
whatever the message rate. Changing a filter rebuilds the index inside one model reset (no
``QSortFilterProxyModel`` over 200k rows). The model keeps logical column numbers
(:class:`Column`); only the view's header moves them. It also keeps the widest texts seen per
column (:meth:`TimelineModel.widest_texts`) for the view's fitting.

Δ is measured on the recording's order: a message held at the step gate counts from when it was
released (``extra["released"]``), not from when it was read (its ``t``, the Time column), so a
held message never shows its wait as a negative Δ; the cell tooltips and the details pane say both.

The words of a cell - a kind (an HTTP side line is an HTTP note), an id, a latency or a Δ, a
size - come from the session layer's one entry-to-text renderer
(:mod:`inspector.session.entry_text`, shared with the probe's transcript, the handouts and the
details), translated here with ``QCoreApplication.translate``.

Server-controlled text reaches the screen only through item views (plain text) and tooltips
that are escaped first (Qt would otherwise guess rich text).

The view over this model (filter bar, table, status line, column fitting and menus) is
:mod:`inspector.ui.timeline`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from PySide6.QtCore import (
    QCoreApplication,
    QLocale,
    Qt,
    Signal,
)
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontDatabase,
    QGuiApplication,
    QIcon,
    QPalette,
)

from inspector.session.recording import Direction, Recording
from inspector.session.timeline_table import ALIGNMENTS, DIRECTION_TONES, MONO_COLUMNS, Column, cell_tones
from inspector.session.timeline_words import DIRECTION_ARROWS as DIRECTION_ARROWS  # offered here too
from inspector.session.timeline_words import DIRECTION_LABELS as DIRECTION_LABELS
from inspector.session.timeline_words import (  # the words of the cells
    HEADER_TIPS,
    HEADERS,
    WidestTexts,
    cell_text,
    cell_tip,
)
from inspector.session.views import EntryFilter, EntryView

from .cells import Cell
from .rowmodel import RowTableModel, SeqRole
from .theme import colour, dot_icon, is_dark, mix
from .widgets import plain_tooltip

translate = QCoreApplication.translate


ALIGN_LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
_FLAGS = {
    "right": Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
    "center": Qt.AlignmentFlag.AlignCenter,
    "left": ALIGN_LEFT,
}
_ALIGNS = tuple(int(_FLAGS[where]) for where in ALIGNMENTS)  # by column


# --------------------------------------------------------------------------- colours


#: The theme's colour of each tone a cell's text takes (:func:`~inspector.session.timeline_table.cell_tones`)
_TONE_COLOURS = {"c2s": "c2s", "s2c": "s2c", "stderr": "stderr", "event": "event", "bad": "error", "good": "ok"}
#: The hue each row tint mixes into the base, and how much of the tint's amount it takes
_TINTS = {"stderr": (QColor(255, 170, 0), 1.0), "event": (QColor(130, 90, 220), 1.0), "bad": (QColor(230, 40, 40), 0.8)}


class TimelineColors:
    """Brushes derived from a palette, so the same hues read well on light and dark bases."""

    def __init__(self, palette: QPalette) -> None:
        base = palette.color(QPalette.ColorRole.Base)
        dark = is_dark(palette)
        amount = 0.22 if dark else 0.13
        muted = QBrush(mix(palette.color(QPalette.ColorRole.Text), base, 0.45))
        #: The brush of each tone a cell's text takes, and of each row tint, by the names
        #: :func:`~inspector.session.timeline_table.cell_tones` gives them (None: the palette's own)
        self.tones: dict[str | None, QBrush | None] = {
            None: None,
            **{name: QBrush(colour(hue, dark)) for name, hue in _TONE_COLOURS.items()},
            "muted": muted,
        }
        self.tints: dict[str | None, QBrush | None] = {
            None: None,
            **{name: QBrush(mix(base, hue, amount * share)) for name, (hue, share) in _TINTS.items()},
        }
        self.by_direction = {d: self.brush(t) for d, t in DIRECTION_TONES.items()}

    def brush(self, tone: str) -> QBrush:
        """The brush of a text tone (a :data:`_TONE_COLOURS` name, or "muted")."""
        found = self.tones[tone]
        assert found is not None
        return found

    def swatch(self, direction: Direction, size: int = 10) -> QIcon:
        """A small filled circle in the direction's colour, for buttons."""
        return dot_icon(self.by_direction[direction], size)


# --------------------------------------------------------------------------- model


class TimelineModel(RowTableModel):
    """A table over a recording: one row per entry the session's EntryView lets through,
    growing in batches on the application's one tick source."""

    SeqRole = SeqRole
    COLUMNS = Column.COUNT
    methodsChanged = Signal()  # methods_seen() grew
    contentWidened = Signal()  # widest_texts() has a longer id or another violations text
    filterChanged = Signal()  # the filter was replaced (by set_filter or reveal)

    def __init__(self, recording: Recording | None = None, parent=None) -> None:
        self.entries = EntryView()
        super().__init__(self.entries, parent)
        self._methods_known = 0
        self._colors = TimelineColors(QGuiApplication.palette())
        self._mono = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        self._bind(None)
        if recording is not None:
            self.set_recording(recording)

    # ------------------------------------------------------------ recording

    def _bind(self, rec: Recording | None) -> None:
        self._rec = rec
        self._widest = WidestTexts()

    def set_recording(self, rec: Recording | None, *, budget: int | None = None) -> None:
        """Show another recording (a new session, or one opened from a file)."""
        self._bind(rec)
        super().set_recording(rec, budget=budget)
        self._methods_known = self.entries.method_count()
        self.methodsChanged.emit()
        self._take_content(len(self.entries.rows))

    def after_fetch(self, added: int) -> None:
        known = self.entries.method_count()
        if known != self._methods_known:
            self._methods_known = known
            self.methodsChanged.emit()
        self._take_content(added)

    def _take_content(self, added: int) -> None:
        """Note what the newest ``added`` rows and the entries flagged since the last call show
        at their widest (:class:`~inspector.session.timeline_words.WidestTexts`);
        ``contentWidened`` if that grew."""
        if self._rec is not None and self._widest.take(self._rec, self.entries.rows, added):
            self.contentWidened.emit()

    def widest_texts(self) -> dict[int, list[str]]:
        """What the columns sized by their content show so far, by column: every method seen,
        the longest id of the rows fetched, each distinct Violations text (in the window's
        language). The view measures these to give the must-read columns the room they need."""
        return self._widest.texts(self.entries.methods_seen() if self._rec is not None else [], translate)

    def methods_seen(self) -> list[str]:
        """Every JSON-RPC method in the recording so far (responses count for their request's)."""
        return self.entries.methods_seen()

    # ------------------------------------------------------------ filtering

    def filter(self) -> EntryFilter:
        return self.entries.filter

    def set_filter(self, f: EntryFilter) -> None:
        if self.entries.set_filter(f):
            self.filterChanged.emit()

    def update_filter(self, **changes: Any) -> None:
        """The filter with some of its fields changed (the others as they are)."""
        self.set_filter(replace(self.entries.filter, **changes))

    def clear_filters(self) -> None:
        self.set_filter(EntryFilter())

    def reveal(self, seq: int) -> bool:
        """Relax just the parts of the filter that hide entry ``seq``. True if it changed."""
        if self.entries.reveal(seq):
            self.filterChanged.emit()
            return True
        return False

    # ------------------------------------------------------------ palette

    def set_palette(self, palette: QPalette) -> None:
        """Recompute colours (light/dark switch) and repaint."""
        self._colors = TimelineColors(palette)
        self._repaint([Qt.ItemDataRole.ForegroundRole, Qt.ItemDataRole.BackgroundRole])

    def refresh_texts(self) -> None:
        """The language changed: cells are drawn again with the new words."""
        self._repaint([Qt.ItemDataRole.DisplayRole])

    def _repaint(self, roles: list[Qt.ItemDataRole]) -> None:
        """Every cell is made again and painted again (its ``roles`` changed)."""
        self._cells.clear()
        if self.entries.rows:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self.entries.rows) - 1, Column.COUNT - 1), roles)

    def colors(self) -> TimelineColors:
        return self._colors

    def set_mono_font(self, font: QFont) -> None:
        self._cells.clear()
        self._mono = QFont(font)

    def mono_font(self) -> QFont:
        """The font of the numeric columns and ids (see :meth:`set_mono_font`)."""
        return self._mono

    # ------------------------------------------------------------ Qt model API

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation != Qt.Orientation.Horizontal or not (0 <= section < Column.COUNT):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return translate("Timeline", HEADERS[section])
        if role == Qt.ItemDataRole.ToolTipRole:
            return translate("Timeline", HEADER_TIPS[section])
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return _ALIGNS[section]
        return None

    def make_cell(self, seq: int, row: int, col: int) -> Cell:
        """(display, foreground, background, decoration, font, alignment) of one cell."""
        assert self._rec is not None
        fg, bg = cell_tones(self._rec, seq, col)
        mono = self._mono if col in MONO_COLUMNS else None
        return (self._display(seq, row, col), self._colors.tones[fg], self._colors.tints[bg], None, mono, _ALIGNS[col])

    # ------------------------------------------------------------ cells

    def _display(self, seq: int, row: int, col: int) -> str | None:
        assert self._rec is not None
        return cell_text(self._rec, seq, col, self.entries.rows[row - 1] if row else None, translate)

    def cell_data(self, seq: int, row: int, col: int, role: int) -> str | None:
        if role != Qt.ItemDataRole.ToolTipRole or self._rec is None:
            return None
        tip = cell_tip(self._rec, seq, col, translate, QLocale().toString)
        if tip is None:
            return None
        text, literal = tip
        return plain_tooltip(text) if literal else text
