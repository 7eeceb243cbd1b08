"""The one table-model base over the session's recording views, and the painting of its cells.

Theory of operation. The rows a table shows are decided Qt-free, by a view of
``inspector.session.views`` (an index over the recording, grown in announced batches). A
:class:`RowTableModel` is a thin adapter: it observes its view and turns each announced batch
into one ``beginInsertRows``/``endInsertRows`` and each rebuild into one model reset; its
subclasses only say what a cell shows (:meth:`RowTableModel.make_cell`: the one tuple painting
asks for, kept for a few screens; :meth:`RowTableModel.cell_data`: a tooltip and the like).
While a table follows a live recording, it is subscribed
to the application's one tick source (:mod:`.ticker`), which asks it to catch up every 30 ms, or
every 100 ms under a flood (each batch costs one repaint whatever its size).

Painting the cells, cheaply. A table that follows a flood is painted again on every tick, every
visible cell of it new. Qt's own :class:`QStyledItemDelegate` asks the model for each painting
role separately (a call into Python each: display, font, alignment, foreground, check state,
decoration, background) and lays every cell's text out anew with a :class:`QTextLayout`; for the
timeline's 11 columns that was most of a 5-8 ms repaint, ten times a second, on the GUI thread.

:class:`CellDelegate` asks the model once per cell, for the tuple the model keeps anyway
(``cell(row, column) -> (display, foreground, background, decoration, font, alignment)``,
the same values ``data()`` answers per role), and draws the text as a :class:`QStaticText`
(plain text, never rich text), laid out once per distinct text and font and then reused: the
words that repeat down a column (directions, kinds, methods, levels) cost a lookup. Text that
does not fit is elided as the view's ``textElideMode`` says, or as the delegate was told for its
column (``elide={column: mode}``: a method name keeps its head and its tail).

Only plain cells take this path. A selected or focused cell, a disabled view, a cell the model
has no tuple for, and any cell with a check state or a multi-line text are painted by Qt's
delegate, so selection, focus frames and the style's palette groups look exactly as before.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, QRect, Qt, Signal
from PySide6.QtGui import QFont, QFontMetrics, QPainter, QPalette, QStaticText, QTransform
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from inspector.session.recording import Recording
from inspector.session.views import RowView, ViewObserver

from .ticker import Ticker, app_ticker

#: A model's cell: (display, foreground brush, background brush, decoration icon, font, alignment)
Cell = tuple
_TEXT_CACHE = 4_000  # laid-out texts kept (a few screens); cleared wholesale when full
_SLOW_STATES = QStyle.StateFlag.State_Selected | QStyle.StateFlag.State_HasFocus
_TEXT = QPalette.ColorRole.Text
#: x, y, width, height (QRect.getRect)
_Rect = tuple[int, int, int, int]
#: A text laid out: it, its width and its height
_Laid = tuple[QStaticText, int, int]
#: Where a cell of a size puts its text and its icon (relative to it), and how the view elides
_Geometry = tuple[_Rect, QRect | None, Qt.TextElideMode]
_RIGHT = int(Qt.AlignmentFlag.AlignRight)
_HCENTER = int(Qt.AlignmentFlag.AlignHCenter)

#: The flags of a row of such a table: selectable, enabled, no children.
ROW_FLAGS = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren
#: The roles painting asks ``data()`` for, by their place in a cell's tuple (see the module docstring).
PAINT_ROLES = {
    int(Qt.ItemDataRole.DisplayRole): 0,
    int(Qt.ItemDataRole.ForegroundRole): 1,
    int(Qt.ItemDataRole.BackgroundRole): 2,
    int(Qt.ItemDataRole.DecorationRole): 3,
    int(Qt.ItemDataRole.FontRole): 4,
    int(Qt.ItemDataRole.TextAlignmentRole): 5,
}
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
        asks ~7 roles per cell, the :class:`CellDelegate` once: each cell is made once, its
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
        """Everything painting asks of a cell, in one tuple (for :class:`CellDelegate`):
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


class CellDelegate(QStyledItemDelegate):
    """Paints a plain cell from the one tuple ``cell(row, column)`` returns (None: Qt paints it)."""

    def __init__(
        self,
        cell: Callable[[int, int], Cell | None],
        parent: QWidget | None = None,
        *,
        elide: dict[int, Qt.TextElideMode] | None = None,
    ) -> None:
        super().__init__(parent)
        self._cell = cell
        self._elide = dict(elide or {})  # column -> how its text is elided (else as the view says)
        self._texts: dict[tuple[str, int, int], _Laid | None] = {}  # (text, font, width) -> laid out
        self._fonts: dict[int, tuple[QFont | None, QFont, QFontMetrics]] = {}  # id(cell font) -> it, resolved, metrics
        self._base: QFont | None = None  # the view's font the resolved ones were made from
        self._geometry: dict[tuple[int, int, bool], _Geometry] = {}  # (width, height, with an icon) -> where
        self._fast_states: dict[object, bool] = {}  # option.state -> a plain cell in it

    def laid_out_texts(self, source: str | None = None) -> list[_Laid]:
        """The texts laid out so far (each with its width and height), as they are painted;
        ``source``: only those laid out of that text."""
        return [
            found for key, found in self._texts.items() if found is not None and (source is None or key[0] == source)
        ]

    def forget(self) -> None:
        """Drop what was laid out (the fonts or the style changed)."""
        self._texts.clear()
        self._fonts.clear()
        self._geometry.clear()
        self._base = None

    def paint(
        self, painter: QPainter, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> None:
        state = option.state
        fast = self._fast_states.get(state)
        if fast is None:
            fast = self._fast_states[state] = bool(state & QStyle.StateFlag.State_Enabled) and not state & _SLOW_STATES
        cell = self._cell(index.row(), index.column()) if fast else None
        if cell is None:
            super().paint(painter, option, index)
            return
        text, fg, bg, icon, font, align = cell
        rect = option.rect
        if bg is not None:
            painter.fillRect(rect, bg)
        if not text and icon is None:
            return
        x0, y0, width, height = cast(_Rect, rect.getRect())  # the stubs say object
        key = (width, height, icon is not None)
        geometry = self._geometry.get(key)
        if geometry is None:
            geometry = self._geometry[key] = self._layout(option, index, rect)
        (tx, ty, tw, th), icon_rect, elide = geometry
        if self._elide:
            elide = self._elide.get(index.column(), elide)
        if icon_rect is not None and icon is not None:
            icon.paint(painter, icon_rect.translated(x0, y0), Qt.AlignmentFlag.AlignCenter)
        if not text:
            return
        base = option.font
        if self._base is None or self._base != base:
            self.forget()
            self._base = QFont(base)
        found = self._fonts.get(id(font))
        if found is None or found[0] is not font:
            resolved = QFont(base) if font is None else font.resolve(base)
            found = self._fonts[id(font)] = (font, resolved, QFontMetrics(resolved))
        static = self._static(text, found[1], tw, found[2], elide)
        if static is None:  # several lines: Qt lays those out
            super().paint(painter, option, index)
            return
        st, w, h = static
        x = x0 + tx
        align = int(align or 0)
        if align & _RIGHT:
            x += tw - w
        elif align & _HCENTER:
            x += (tw - w) // 2
        painter.setPen(fg.color() if fg is not None else option.palette.color(_TEXT))
        painter.setFont(found[1])
        painter.drawStaticText(x, y0 + ty + (th - h) // 2, st)

    def initStyleOption(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> None:  # noqa: N802 (Qt name)
        super().initStyleOption(option, index)
        mode = self._elide.get(index.column())
        if mode is not None:  # Qt's own painting (a selected row) elides the same way
            option.textElideMode = mode

    # ------------------------------------------------------------ caches

    def _layout(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex, rect: QRect
    ) -> _Geometry:
        """Where the style puts the text and the icon in a cell of this size (relative to it),
        and how the view elides."""
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        widget = opt.widget
        if widget is not None and hasattr(widget, "textElideMode"):  # the view's: kept for any column of this size
            opt.textElideMode = widget.textElideMode()
        style = widget.style() if widget is not None else None
        if style is None:
            return (3, 0, max(0, rect.width() - 6), rect.height()), None, opt.textElideMode
        text = style.subElementRect(QStyle.SubElement.SE_ItemViewItemText, opt, widget).translated(-rect.x(), -rect.y())
        margin = (
            style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, widget) + 1
        )  # as QCommonStyle draws text
        text = text.adjusted(margin, 0, -margin, 0)
        icon = None
        if opt.features & QStyleOptionViewItem.ViewItemFeature.HasDecoration:
            icon = style.subElementRect(QStyle.SubElement.SE_ItemViewItemDecoration, opt, widget).translated(
                -rect.x(), -rect.y()
            )
        return cast(_Rect, text.getRect()), icon, opt.textElideMode

    def _static(self, text: str, font: QFont, width: int, fm: QFontMetrics, elide: Qt.TextElideMode) -> _Laid | None:
        """``text`` laid out in ``font``, elided to ``width`` (None: it has several lines)."""
        key = (text, id(font), width)
        texts = self._texts
        if key in texts:
            return texts[key]
        if "\n" in text or "\r" in text or "\u2028" in text:
            found = None
        else:
            # A long text is measured by a head that cannot fit (glyphs are at least 2 px wide):
            # eliding it shows what eliding the whole text shows, for a fraction of the work.
            head = text if len(text) <= width // 2 + 8 else text[: width // 2 + 8]
            if elide == Qt.TextElideMode.ElideNone:
                found = _laid_out(text, font)
            elif len(head) * fm.averageCharWidth() <= width:  # probably fits: lay out, then check
                found = _laid_out(head, font)
                if found[1] > width:
                    found = _laid_out(fm.elidedText(head, elide, max(0, width)), font)
                elif head is not text:
                    found = None  # narrow glyphs: the head fits after all
            else:  # probably too wide: elide first (the text itself is never laid out)
                shown = fm.elidedText(head, elide, max(0, width))
                found = _laid_out(shown, font) if shown != head or head is text else None
            if found is None:  # the head fits after all: the whole text decides
                found = _laid_out(fm.elidedText(text, elide, max(0, width)), font)
        if len(texts) >= _TEXT_CACHE:
            texts.clear()
        texts[key] = found
        return found


def _laid_out(text: str, font: QFont) -> _Laid:
    st = QStaticText(text)
    st.setTextFormat(Qt.TextFormat.PlainText)  # server text: never rich text
    st.prepare(QTransform(), font)
    size = st.size()
    return st, int(size.width() + 0.999), int(size.height() + 0.999)
