"""The one table-model base over the session's recording views.

Theory of operation. The rows a table shows are decided Qt-free, by a view of
``inspector.session.views`` (an index over the recording, grown in announced batches). A
:class:`RowTableModel` is a thin adapter: it observes its view and turns each announced batch
into one ``beginInsertRows``/``endInsertRows`` and each rebuild into one model reset; its
subclasses only say what a cell shows (:meth:`RowTableModel.make_cell`: the one tuple painting
asks for, kept for a few screens; :meth:`RowTableModel.cell_data`: a tooltip and the like).
While a table follows a live recording, it is subscribed
to the application's one tick source (:mod:`.ticker`), which asks it to catch up every 30 ms, or
every 100 ms under a flood (each batch costs one repaint whatever its size).
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt, Signal

from inspector.session.recording import Recording
from inspector.session.views import RowView, ViewObserver

from .cells import PAINT_ROLES, ROW_FLAGS, Cell
from .ticker import Ticker, app_ticker

_TOP = QModelIndex()  # the invisible root a table's rows hang from (a default argument, never changed)
SeqRole = Qt.ItemDataRole.UserRole + 1  # the recording entry number of a row (int)
_PAINTED = 20_000  # cells kept for painting (a few screens); cleared wholesale when full
_COLUMN_BITS = 8  # a kept cell's key: its entry number, then its column in these bits (256 columns at most)


class RowTableModel(QAbstractTableModel, ViewObserver):
    """A table over a session view: rows come from the view, cells from the subclass."""

    countsChanged = Signal(int, int)  # rows shown, entries counted by the subclass (total())

    COLUMNS = 0

    def __init__(self, view: RowView, parent: QObject | None = None, *, ticker: Ticker | None = None) -> None:
        super().__init__(parent)
        self.view = view
        view.observers.append(self)
        self._cells: dict[int, Cell] = {}  # by entry << _COLUMN_BITS | column
        assert self.COLUMNS <= 1 << _COLUMN_BITS
        self._following = (ticker or app_ticker()).subscribe(self, self._tick)

    # ------------------------------------------------------------ the view's announcements

    def rows_inserting(self, first: int, end: int) -> None:
        self.beginInsertRows(QModelIndex(), first, end - 1)

    def rows_inserted(self, first: int, end: int) -> None:
        self.endInsertRows()

    def rows_resetting(self) -> None:
        self.beginResetModel()
        self._cells.clear()

    def rows_reset(self) -> None:
        self.endResetModel()
        self.emit_counts()

    # ------------------------------------------------------------ following a recording

    def recording(self) -> Recording | None:
        return self.view.rec

    def set_recording(self, rec: Recording | None, *, budget: int | None = None) -> None:
        """Show ``rec`` (a live session's, or one opened from a file) from its start."""
        self.set_live(False, catch_up=False)
        self.view.set_recording(rec, budget=budget)
        if rec is not None and (not rec.read_only or rec.loading):
            self.set_live(True)  # a live session, or an opened file still being read
        elif rec is not None and not self.view.caught_up:
            self.set_live(True)  # an opened file still being taken in slices

    def set_live(self, live: bool, *, catch_up: bool = True) -> None:
        """Follow the recording on the timer, or stop (taking what arrived once more first,
        unless ``catch_up`` is False)."""
        if live and self.view.rec is not None:
            self._following.set_active(True)
        else:
            self._following.set_active(False)
            if catch_up:
                self.fetch_new()

    def is_live(self) -> bool:
        return self._following.active

    def scan_budget(self) -> int | None:
        """Entries examined per tick (None: all that arrived)."""
        return None

    def caught_up(self) -> bool:
        return self.view.caught_up

    def _tick(self) -> int:
        took = self._take()
        rec = self.view.rec
        if rec is not None and rec.read_only and not rec.loading and self.view.caught_up:
            self._following.set_active(False)  # a finished file: nothing more will come
        return took

    def _take(self, everything: bool = False) -> int:
        before = len(self.view.rows)
        took = self.view.catch_up(None if everything else self.scan_budget())
        if took:
            self.emit_counts()
            self.after_fetch(len(self.view.rows) - before)
        return took

    def fetch_new(self, *, everything: bool = False) -> int:
        """Catch up now (also what each tick does: at most ``scan_budget()`` entries, or
        ``everything`` that arrived); returns the rows added."""
        before = len(self.view.rows)
        self._take(everything)
        return len(self.view.rows) - before

    def after_fetch(self, added: int) -> None:
        """Hook: a tick took new entries."""

    def emit_counts(self) -> None:
        self.countsChanged.emit(len(self.view.rows), self.total())

    def total(self) -> int:
        return self.view.seen

    # ------------------------------------------------------------ rows

    def seq_at(self, row: int) -> int:
        return self.view.rows[row]

    def row_of(self, seq: int) -> int:
        return self.view.row_of(seq)

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = _TOP) -> int:
        return 0 if parent.isValid() else len(self.view.rows)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = _TOP) -> int:
        return 0 if parent.isValid() else self.COLUMNS

    # ------------------------------------------------------------ cells

    def flags(self, index: QModelIndex | QPersistentModelIndex) -> Qt.ItemFlag:
        return ROW_FLAGS if index.isValid() else Qt.ItemFlag.NoItemFlags

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        """A cell's answer for ``role``: the painting roles from :meth:`paint_cell` (Qt's delegate
        asks ~7 roles per cell, the :class:`~.cells.CellDelegate` once: each cell is made once, its
        answers kept together), the row's entry for :data:`SeqRole`, else :meth:`cell_data`'s."""
        row = index.row()
        rows = self.view.rows
        if not (0 <= row < len(rows)) or self.view.rec is None:
            return None
        which = PAINT_ROLES.get(role)
        if which is not None:
            cell = self.paint_cell(row, index.column())
            return None if cell is None else cell[which]
        if role == SeqRole:
            return rows[row]
        return self.cell_data(rows[row], row, index.column(), role)

    def paint_cell(self, row: int, col: int) -> Cell | None:
        """Everything painting asks of a cell, in one tuple (for :class:`~.cells.CellDelegate`):
        :meth:`make_cell`'s, made once and kept; the same values ``data()`` answers role by role."""
        # every painted cell of every frame comes here: a kept cell is found with no more than the
        # row's entry (a class attribute read through the Qt object, such as COLUMNS, costs ~0.3 µs)
        rows = self.view.rows
        if not (0 <= row < len(rows)):
            return None
        seq = rows[row]
        key = seq << _COLUMN_BITS | col
        cell = self._cells.get(key)
        if cell is None:
            if self.view.rec is None:
                return None
            cell = self.make_cell(seq, row, col)
            if len(self._cells) >= _PAINTED:
                self._cells.clear()
            self._cells[key] = cell
        return cell

    def make_cell(self, seq: int, row: int, col: int) -> Cell:
        """(display, foreground, background, decoration, font, alignment) of entry ``seq``'s cell
        in column ``col`` (it is row ``row``)."""
        raise NotImplementedError

    def cell_data(self, seq: int, row: int, col: int, role: int) -> object:
        """What a cell answers for a role painting does not ask (a tooltip); None: nothing."""
        return None
