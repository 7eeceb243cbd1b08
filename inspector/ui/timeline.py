"""The timeline: every recorded entry as one row of a table, live: its model and its view.

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

:class:`TimelineView` is the filter bar, the table and a status line. It follows new rows
while its scroll bar is at the bottom, stops when the user scrolls up (a "Jump to latest"
button appears), and resumes at the bottom; it scrolls once per batch, never per row.

Its columns fit the table's width and never scroll sideways (``_fit_columns``, on every resize of
the viewport, font or language change, the user's own changes, and when a wider text comes): the
most-read first (Kind, with the direction's arrow; Method; Id; Latency; Violations, with the
schema's verdict). Method, Id and Violations want the width of what they show at their widest
so far (``TimelineModel.widest_texts``: the methods seen, the longest id of the rows fetched, each
distinct violations text, kept as entries arrive at the cost of a few distinct texts; capped in
characters by :data:`~inspector.session.timeline_table.CONTENT_CAPS`); the others giving way in
``GIVE_WAY`` order (:func:`~inspector.session.timeline_table.fit_widths` decides, Qt-free), so a
rule's name is not cut while a less-read column is shown, whatever the language's words measure.
The view only measures texts in its fonts and applies the answer to its header: what the columns
measured, the user's choices and the fit are :class:`~inspector.session.timeline_columns.ColumnLayout`'s.
If the must-read ones still do not fit, Method (elided in the middle) and the gaps between columns give up room before
Id and Violations; Violations takes what is left. The header's menu shows or hides any column (one
the user asked for no longer gives way) and **Reset columns**; the order, those choices and
widths the user dragged (in line heights, so they follow the font) are kept in the settings
(``timeline/columns``). The model keeps logical column numbers (:class:`Column`); only the
header's visual order moves. The filter bar's toggles, the status line's buttons and the row
menu's copies are built from the tables of :mod:`inspector.session.timeline_words`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, TypeVar

from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    QItemSelectionModel,
    QLocale,
    QModelIndex,
    QObject,
    QSettings,
    QSignalBlocker,
    QSize,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import (
    QAction,
    QBrush,
    QColor,
    QFont,
    QFontDatabase,
    QFontMetrics,
    QGuiApplication,
    QIcon,
    QKeySequence,
    QPalette,
    QShortcut,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QCompleter,
    QFrame,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QSizePolicy,
    QTableView,
    QToolBar,
    QToolButton,
    QWidget,
)

from inspector.protocol.messages import Kind
from inspector.session.labels import KIND_LABELS  # one table each, shared with the handouts
from inspector.session.recording import Direction, Recording, TransportKind
from inspector.session.timeline_columns import Advance, ColumnLayout
from inspector.session.timeline_table import (
    ALIGNMENTS,
    DIRECTION_TONES,
    MONO_COLUMNS,
    Column,
    cell_tones,
    copy_texts,
    merge_sorted,
)
from inspector.session.timeline_words import (
    BAR_CONTROLS,
    BAR_WORDS,
    CONTEXT,
    COPY_WORDS,
    DIRECTION_ARROWS,
    DIRECTION_LABELS,
    DIRECTION_TIPS,
    HEADER_TIPS,
    HEADERS,
    TOGGLES,
    WidestTexts,
    cell_text,
    cell_tip,
    kinds_words,
)
from inspector.session.views import ALL_KINDS, EntryFilter, EntryView, Toggle

from .form_rows import set_words
from .rowmodel import Cell, CellDelegate, RowTableModel, SeqRole
from .theme import colour, dot_icon, is_dark, mix
from .ticker import fit_live_text, set_live_text
from .widgets import hbox, plain_tooltip, tool_button, vbox

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

    COLUMNS = Column.COUNT
    methodsChanged = Signal()  # entries.methods_seen() grew
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
        text = cell_text(self._rec, seq, col, self.entries.rows[row - 1] if row else None, translate)
        return (text, self._colors.tones[fg], self._colors.tints[bg], None, mono, _ALIGNS[col])

    def cell_data(self, seq: int, row: int, col: int, role: int) -> str | None:
        if role != Qt.ItemDataRole.ToolTipRole or self._rec is None:
            return None
        tip = cell_tip(self._rec, seq, col, translate, QLocale().toString)
        if tip is None:
            return None
        text, literal = tip
        return plain_tooltip(text) if literal else text


_COLUMNS_SETTING = "timeline/columns"
_Checkable = TypeVar("_Checkable", QToolButton, QAction)


# --------------------------------------------------------------------------- view


class TimelineView(QWidget):
    """Filter bar + table + status line over a :class:`TimelineModel`."""

    entrySelected = Signal(int)  # recording seq of the new current row
    followingChanged = Signal(bool)
    resendRequested = Signal(int)  # "Edit and resend" on a message the client sent

    def __init__(
        self, parent: QWidget | None = None, model: TimelineModel | None = None, *, settings: QSettings | None = None
    ) -> None:
        super().__init__(parent)
        self.model = model or TimelineModel(parent=self)
        self._settings = settings
        self.columns = ColumnLayout()  # what the columns measure, the user's choices, which gave way
        self._fitting = False
        self._fit_pending = False
        self.column_menu: QMenu | None = None  # the last header menu shown (tests read it)
        self._following = True
        self._in_reset = False
        self._last_emitted: int | None = None
        self._syncing = False
        self._toggles: list[tuple[QToolButton | QAction, Toggle]] = []  # the filter bar's, and what each shows
        self._listed_methods: list[str] = []
        self._keep_seq: int | None = None
        self._pin_pending = False
        self._build()
        self.model.rowsInserted.connect(self._on_rows_inserted)
        self.model.modelAboutToBeReset.connect(self._on_about_to_reset)
        self.model.modelReset.connect(self._on_reset)
        self.model.countsChanged.connect(self._update_counts)
        self.model.methodsChanged.connect(self._update_methods)
        self.model.methodsChanged.connect(self._on_content_widened)
        self.model.contentWidened.connect(self._on_content_widened)
        self.model.filterChanged.connect(self._sync_filter_widgets)
        self._update_counts(self.model.rowCount(), self.model.total())
        self._update_methods()
        self._load_columns()

    # ------------------------------------------------------------ construction

    def _build(self) -> None:
        model = self.model
        colors = model.colors()
        outer = vbox(margins=False, parent=self)
        outer.setSpacing(2)

        # A tool bar, not a row layout: when the view is narrow the filters that do not fit move
        # into its overflow menu instead of forcing the window wider.
        bar = QToolBar()
        bar.setIconSize(QSize(14, 14))
        bar.setContentsMargins(2, 2, 2, 0)
        bar.setMovable(False)
        bar.setFloatable(False)
        self.direction_buttons: dict[Direction, QToolButton] = {}
        for d in Direction:
            if d is Direction.NOTE:
                continue  # the stderr button shows and hides the link's notes too
            b = self.direction_buttons[d] = self._toggle(QToolButton(), d)
            b.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
            b.setIcon(colors.swatch(d))
            bar.addWidget(b)

        self.kinds_button = QToolButton()
        self.kinds_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.kinds_button.setStyleSheet("QToolButton::menu-indicator { image: none; width: 0px; }")
        self.kinds_menu = QMenu(self.kinds_button)
        show_all = self.kinds_menu.addAction("")
        self.show_all_kinds = show_all
        show_all.triggered.connect(lambda: self.model.update_filter(kinds=ALL_KINDS))
        self.kinds_menu.addSeparator()
        self.kind_actions = {k: self._toggle(self.kinds_menu.addAction(""), k) for k in Kind}
        self.kinds_button.setMenu(self.kinds_menu)
        bar.addWidget(self.kinds_button)

        self.method_combo = QComboBox()
        self.method_combo.setEditable(True)
        self.method_combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.method_combo.setMinimumContentsLength(16)
        self.method_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        method_edit = self.method_combo.lineEdit()
        assert method_edit is not None  # made by setEditable(True)
        self.method_edit = method_edit
        method_edit.setClearButtonEnabled(True)
        completer = QCompleter(self.method_combo.model(), self.method_combo)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        completer.setFilterMode(Qt.MatchFlag.MatchContains)
        completer.setCompletionMode(QCompleter.CompletionMode.PopupCompletion)
        self.method_combo.setCompleter(completer)
        self.method_combo.addItem("", None)
        self.method_combo.setEditText("")
        self.method_combo.activated.connect(self._on_method_activated)
        self.method_edit.textEdited.connect(self._on_method_edited)
        self.method_combo.setSizePolicy(QSizePolicy.Policy.Expanding, self.method_combo.sizePolicy().verticalPolicy())
        self.method_combo.setMinimumWidth(110)
        bar.addWidget(self.method_combo)

        self.search = QLineEdit()
        self.search.setClearButtonEnabled(True)
        find = QShortcut(QKeySequence(QKeySequence.StandardKey.Find), self)
        find.setContext(Qt.ShortcutContext.WindowShortcut)  # Ctrl+F anywhere in the window
        find.activated.connect(self.focus_search)
        self.search.textChanged.connect(self._on_search_changed)
        self.search.returnPressed.connect(self._apply_search)
        # Its own row: in a narrow timeline the filter bar folds widgets into its "››" menu, and a
        # search box in there cannot take Ctrl+F.
        self.search.setMinimumWidth(150)
        self._search_timer, self._method_timer = (self._pause(self._apply_search), self._pause(self._apply_method_text))

        self.filter_toggles = {field: self._toggle(QToolButton(), field) for field in TOGGLES}  # by the field each sets
        self.violations_button, self.schema_button, self.http_button = self.filter_toggles.values()
        for b in self.filter_toggles.values():
            action = bar.addWidget(b)
        self.http_action = action  # shown for a session over HTTP
        self.http_action.setVisible(False)
        outer.addWidget(bar)
        search_row = hbox(self.search)
        search_row.setContentsMargins(4, 0, 4, 2)
        outer.addLayout(search_row)

        table = QTableView()
        table.setModel(model)
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.setWordWrap(False)
        table.setShowGrid(False)
        table.setAlternatingRowColors(True)
        table.setCornerButtonEnabled(False)
        table.setHorizontalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        table.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerItem)
        table.setFrameShape(QFrame.Shape.NoFrame)
        vh = table.verticalHeader()
        vh.setVisible(False)
        vh.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        vh.setMinimumSectionSize(1)
        hh = table.horizontalHeader()
        hh.setHighlightSections(False)
        hh.setStretchLastSection(False)  # the columns are fitted to the width (_fit_columns)
        hh.setSectionsMovable(True)
        hh.setDefaultAlignment(ALIGN_LEFT)
        hh.setTextElideMode(Qt.TextElideMode.ElideRight)  # a header narrower than its word says so (…)
        hh.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        hh.customContextMenuRequested.connect(self._show_column_menu)
        hh.sectionResized.connect(self._on_section_resized)
        hh.sectionMoved.connect(self._on_section_moved)
        table.viewport().installEventFilter(self)  # its width decides which columns fit
        self.table = table
        # one call per painted cell instead of one per role, texts laid out once (the table
        # follows a flood with a repaint per tick); a method or string id keeps its head and tail when elided
        middle = Qt.TextElideMode.ElideMiddle
        table.setItemDelegate(CellDelegate(model.paint_cell, table, elide={Column.METHOD: middle, Column.ID: middle}))
        self.row_menu: QMenu | None = None  # the last row menu shown
        table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        table.customContextMenuRequested.connect(self._show_row_menu)
        copy = QShortcut(QKeySequence(QKeySequence.StandardKey.Copy), table)
        copy.setContext(Qt.ShortcutContext.WidgetShortcut)
        copy.activated.connect(lambda: self.copy_current("line"))
        self._apply_metrics()
        outer.addWidget(table, 1)

        self.count_label = QLabel()
        self.count_label.setTextFormat(Qt.TextFormat.PlainText)
        self.clear_filters_button = tool_button("", self.model.clear_filters)
        self.clear_filters_button.setAutoRaise(True)
        self.jump_button = tool_button("", self.jump_to_latest)
        for shown_later in (self.clear_filters_button, self.jump_button):
            shown_later.setVisible(False)
        # the count is held at a fixed size (set_live_text): the stretch is beside it
        status = hbox(self.count_label, 1, self.clear_filters_button, self.jump_button)
        status.setContentsMargins(6, 0, 4, 4)
        outer.addLayout(status)

        table.verticalScrollBar().valueChanged.connect(self._on_scrolled)
        table.verticalScrollBar().rangeChanged.connect(self._on_range_changed)
        table.selectionModel().currentRowChanged.connect(self._on_current_changed)
        self._retranslate()

    def _pause(self, then: Callable[[], None]) -> QTimer:
        """A single-shot timer that calls ``then`` once typing has paused for 200 ms."""
        timer = QTimer(self)
        timer.setSingleShot(True)
        timer.setInterval(200)
        timer.timeout.connect(then)
        return timer

    def _apply_metrics(self) -> None:
        """Uniform rows and sensible column widths from the fonts in use."""
        table = self.table
        mono = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        mono.setPointSizeF(table.font().pointSizeF())
        self.model.set_mono_font(mono)
        fm, mfm = table.fontMetrics(), QFontMetrics(mono)
        table.verticalHeader().setDefaultSectionSize(max(fm.height(), mfm.height()) + 6)
        hh = table.horizontalHeader()
        header = hh.fontMetrics()
        advance = self._advance()
        self.columns.measure(
            advance,
            lambda c: header.horizontalAdvance(str(self.model.headerData(c, Qt.Orientation.Horizontal))),
            translate,
        )
        hh.setMinimumSectionSize(24)
        self.columns.measure_content(self.model.widest_texts(), advance)
        self._fit_columns()

    def _advance(self) -> Advance:
        """A text's width in the table's font, or in the monospace one (the cells' fonts now)."""
        fm, mfm = self.table.fontMetrics(), QFontMetrics(self.model.mono_font())
        return lambda text, mono: (mfm if mono else fm).horizontalAdvance(text)

    def _on_content_widened(self) -> None:
        if self.columns.natural and self.columns.measure_content(self.model.widest_texts(), self._advance()):
            self._schedule_fit()

    # ------------------------------------------------------------ columns

    def _load_columns(self) -> None:
        # the saved columns, read leniently (pydantic only for columns the window did not write)
        self._apply_order(
            self.columns.load(self._settings.value(_COLUMNS_SETTING) if self._settings is not None else None)
        )
        self._fit_columns()

    def _save_columns(self) -> None:
        if self._settings is not None:
            self._settings.setValue(_COLUMNS_SETTING, self.columns.saved(self.column_order()))

    def _apply_order(self, order: list[int]) -> None:
        hh = self.table.horizontalHeader()
        self._fitting = True
        try:
            for v, logical in enumerate(order):
                if hh.visualIndex(logical) != v:
                    hh.moveSection(hh.visualIndex(logical), v)
        finally:
            self._fitting = False

    def _unit(self) -> int:
        """What user widths are kept in (a line's height), so they follow a larger font."""
        return max(1, self.table.fontMetrics().height())

    def column_order(self) -> list[int]:
        """The columns from left to right (logical numbers, see :class:`Column`), hidden ones too."""
        hh = self.table.horizontalHeader()
        return [hh.logicalIndex(v) for v in range(hh.count())]

    def visible_columns(self) -> list[int]:
        """The columns shown, from left to right."""
        hh = self.table.horizontalHeader()
        return [c for c in self.column_order() if not hh.isSectionHidden(c)]

    def _fit_columns(self) -> None:
        """Fit the columns to the table's width (:meth:`ColumnLayout.fit` says which give way and
        how wide each is; widths the user gave are kept)."""
        self._fit_pending = False
        if self._fitting:
            return
        hh = self.table.horizontalHeader()
        room, smallest = self.table.viewport().width(), hh.minimumSectionSize()
        widths = self.columns.fit(self.column_order(), room, self._unit(), smallest)
        if widths is None:
            return
        self._fitting = True
        try:
            for c in range(Column.COUNT):
                hide = c not in widths
                if hh.isSectionHidden(c) != hide:
                    hh.setSectionHidden(c, hide)
            for c, w in widths.items():
                if hh.sectionSize(c) != w:
                    hh.resizeSection(c, w)
        finally:
            self._fitting = False

    def _schedule_fit(self) -> None:
        if not self._fit_pending:
            self._fit_pending = True
            QTimer.singleShot(0, self, self._fit_columns)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt name)
        if event.type() == QEvent.Type.Resize and watched is self.table.viewport():
            self._fit_columns()  # before the new width is painted: no frame with a scroll bar
        return super().eventFilter(watched, event)

    def _on_section_resized(self, logical: int, old: int, new: int) -> None:
        if self._fitting or new <= 0:
            return
        self.columns.dragged(logical, new, self._unit())
        self._save_columns()
        self._schedule_fit()

    def _on_section_moved(self, logical: int, old: int, new: int) -> None:
        if self._fitting:
            return
        self._save_columns()
        self._schedule_fit()

    def _show_column_menu(self, pos) -> None:
        menu = QMenu(self.table)
        self._fill_column_menu(menu)
        self.column_menu = menu
        menu.popup(self.table.horizontalHeader().mapToGlobal(pos))

    def _fill_column_menu(self, menu: QMenu) -> None:
        """The columns, each to show or hide, and Reset columns (the header's menu, and the
        row menu's Columns submenu for the keyboard's Menu key)."""
        menu.setToolTipsVisible(True)
        header = self.model.headerData
        rows = self.columns.menu(
            self.column_order(), self.visible_columns(), lambda c: str(header(c, Qt.Orientation.Horizontal)), translate
        )
        for c, name, shown, free in rows:
            action = menu.addAction(name)
            action.setCheckable(True)
            action.setChecked(shown)
            action.setEnabled(free)
            action.setToolTip(str(header(c, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)))
            action.setData(c)
            action.toggled.connect(lambda on, c=c: self.set_column_shown(c, on))
        menu.addSeparator()
        reset = menu.addAction(translate("Timeline", "Reset columns"))
        reset.setToolTip(
            translate(
                "Timeline", "Back to the columns' first order and widths; columns give way again when there is no room"
            )
        )
        reset.triggered.connect(self.reset_columns)

    def set_column_shown(self, column: int, on: bool) -> None:
        """Show or hide a column as the user asked (remembered; it no longer gives way)."""
        self.columns.show(column, on)
        self._save_columns()
        self._fit_columns()

    def reset_columns(self) -> None:
        """The columns' first order and widths; the less-read ones give way again."""
        self._apply_order(self.columns.reset())
        if self._settings is not None:
            self._settings.remove(_COLUMNS_SETTING)
        self._fit_columns()

    # ------------------------------------------------------------ public API

    def set_recording(self, rec: Recording | None) -> None:
        """Show a recording (live or opened) with no filter; follows the newest entry."""
        self._following = True
        self._last_emitted = None
        self.model.set_recording(rec)
        self.http_action.setVisible(
            rec is not None and rec.header.get("transport", TransportKind.STDIO) != TransportKind.STDIO
        )
        if self.model.filter().active:
            self.model.clear_filters()  # a filter of the last session could hide all of this one
        self._set_following(True)

    def is_following(self) -> bool:
        return self._following

    def current_seq(self) -> int | None:
        idx = self.table.currentIndex()
        if not idx.isValid():
            return None
        return self.model.seq_at(idx.row())

    # ------------------------------------------------------------ copying

    def _show_row_menu(self, pos) -> None:
        index = self.table.indexAt(pos)
        rec = self.model.recording()
        if not index.isValid() or rec is None:
            return
        self.table.setCurrentIndex(index)
        entry = rec[self.model.seq_at(index.row())]
        texts = copy_texts(entry)
        menu = QMenu(self.table)
        for key, label in COPY_WORDS.items():
            action = menu.addAction(translate("Timeline", label))
            action.setEnabled(key in texts)
            text = texts.get(key, "")  # bound below: each action copies its own text
            action.triggered.connect(lambda _=False, text=text: QGuiApplication.clipboard().setText(text))
        if entry.direction is Direction.C2S:
            menu.addSeparator()
            resend = menu.addAction(translate("Timeline", "Edit and resend…"))
            resend.setToolTip(
                translate("Timeline", "Open this message in the composer, to change it and send it again")
            )
            resend.triggered.connect(lambda _=False, seq=entry.seq: self.resendRequested.emit(seq))
        menu.addSeparator()
        self._fill_column_menu(menu.addMenu(translate("Timeline", "Columns")))
        self.row_menu = menu  # tests read it
        menu.popup(self.table.viewport().mapToGlobal(pos))

    def copy_current(self, kind: str = "line") -> bool:
        """Copy the selected entry in one of the copy_texts formats; False when there is none."""
        rec = self.model.recording()
        seq = self.current_seq()
        if rec is None or seq is None:
            return False
        text = copy_texts(rec[seq]).get(kind)
        if text is None:
            return False
        QGuiApplication.clipboard().setText(text)
        return True

    def select_seq(self, seq: int) -> bool:
        """Select and scroll to recording entry ``seq``, relaxing filters that hide it."""
        model = self.model
        rec = model.recording()
        if rec is None or not (0 <= seq < len(rec)):
            return False
        if seq >= model.total():
            model.fetch_new()
        row = model.row_of(seq)
        if row < 0:
            model.reveal(seq)
            row = model.row_of(seq)
            if row < 0:
                return False
        self.table.scrollTo(self._select_row(row), QAbstractItemView.ScrollHint.PositionAtCenter)
        self._check_following()
        return True

    def _select_row(self, row: int) -> QModelIndex:
        """Make ``row`` the current and only selected row; its index."""
        index = self.model.index(row, 0)
        rows = QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows
        self.table.selectionModel().setCurrentIndex(index, rows)
        return index

    def jump_to_latest(self) -> None:
        self._set_following(True)
        self.table.scrollToBottom()

    def set_compact(self, on: bool) -> None:
        """Compact (presenter mode): the search line is put away while it is empty, so a short
        window shows more rows; Ctrl+F brings it back."""
        self.search.setVisible(not on or bool(self.search.text()))

    def focus_search(self) -> None:
        self.search.show()
        self.search.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search.selectAll()

    # ------------------------------------------------------------ following

    def _on_rows_inserted(self, parent: QModelIndex, first: int, last: int) -> None:
        if self._following:
            self.table.scrollToBottom()  # once per batch: the model inserts once per tick

    def _on_about_to_reset(self) -> None:
        self._in_reset = True
        self._keep_seq = self.current_seq() if self._last_emitted is not None else None

    def _on_reset(self) -> None:
        seq, self._keep_seq = self._keep_seq, None
        if seq is not None:
            row = self.model.row_of(seq)
            if row >= 0:
                index = self._select_row(row)
                if not self._following:
                    self.table.scrollTo(index, QAbstractItemView.ScrollHint.PositionAtCenter)
        self._in_reset = False
        if self._following:
            self.table.scrollToBottom()
        self.clear_filters_button.setVisible(self.model.filter().active)

    def _on_scrolled(self, value: int) -> None:
        if self._in_reset:
            return
        self._check_following()

    def _on_range_changed(self, minimum: int, maximum: int) -> None:
        # A later layout pass (a scroll bar appearing, a resize) can grow the range after the
        # batch's scroll: stay pinned to the bottom while following. Deferred, because the
        # range also changes inside the table's own scrolling (re-entrancy would fight the user).
        if self._following and not self._in_reset and not self._pin_pending:
            self._pin_pending = True
            QTimer.singleShot(0, self, self._pin_to_bottom)

    def _pin_to_bottom(self) -> None:
        self._pin_pending = False
        if self._following and not self._in_reset:
            sb = self.table.verticalScrollBar()
            if sb.value() != sb.maximum():
                sb.setValue(sb.maximum())

    def _check_following(self) -> None:
        sb = self.table.verticalScrollBar()
        self._set_following(sb.value() >= sb.maximum())

    def _set_following(self, on: bool) -> None:
        self.jump_button.setVisible(not on)
        if on != self._following:
            self._following = on
            self.followingChanged.emit(on)

    # ------------------------------------------------------------ selection

    def _on_current_changed(self, current: QModelIndex, previous: QModelIndex) -> None:
        if not current.isValid():
            return
        seq = self.model.seq_at(current.row())
        if seq != self._last_emitted:
            self._last_emitted = seq
            self.entrySelected.emit(seq)

    # ------------------------------------------------------------ filter widgets

    def _toggle(self, widget: _Checkable, toggle: Toggle) -> _Checkable:
        """``widget`` (a button or a menu's entry) shows the filter's ``toggle`` and turns it on and off."""
        widget.setCheckable(True)
        widget.setChecked(self.model.filter().shows(toggle))
        widget.toggled.connect(lambda on: self._from_bar(self.model.filter().toggled(toggle, on)))
        self._toggles.append((widget, toggle))
        return widget

    def _from_bar(self, f: EntryFilter) -> None:
        """A toggle of the filter bar asks for ``f`` (not while the bar is set to the model's filter)."""
        if not self._syncing:
            self.model.set_filter(f)

    def _retranslate(self) -> None:
        """Every text of the filter bar and the status line that does not follow the data."""
        for d, b in self.direction_buttons.items():
            b.setText(f"{DIRECTION_ARROWS[d]} {translate('Timeline', DIRECTION_LABELS[d])}")
            b.setToolTip(
                translate("Timeline", "Show or hide: {what}").format(what=translate("Timeline", DIRECTION_TIPS[d]))
            )
        set_words(self, CONTEXT, BAR_WORDS, BAR_CONTROLS)
        self.show_all_kinds.setText(translate(CONTEXT, BAR_WORDS["show_all_kinds"]))
        for k, a in self.kind_actions.items():
            a.setText(translate(CONTEXT, str(KIND_LABELS[k])))
        self._update_kinds_button()
        typed = self.method_edit.text()
        self.method_combo.setItemText(0, translate(CONTEXT, BAR_WORDS["any_method"]))
        if self.method_edit.text() != typed:  # the item's text is not a filter
            with QSignalBlocker(self.method_combo):
                self.method_combo.setEditText(typed)

    def _update_kinds_button(self) -> None:
        shown = sum(1 for a in self.kind_actions.values() if a.isChecked())
        self.kinds_button.setText(kinds_words(shown, len(self.kind_actions), translate))

    def _on_method_activated(self, index: int) -> None:
        self._method_timer.stop()
        method = self.method_combo.itemData(index)
        if method is None:
            self.method_combo.setEditText("")
        self.model.set_filter(self.model.filter().with_method(method or "", exact=method is not None))

    def _on_method_edited(self, text: str) -> None:
        self._method_timer.start()

    def _apply_method_text(self) -> None:
        text = self.method_combo.currentText().strip()
        if text == self.method_combo.itemText(0):
            text = ""
        self.model.set_filter(self.model.filter().with_method(text))

    def _on_search_changed(self, text: str) -> None:
        if self._syncing:
            return
        if not text:
            self._search_timer.stop()
            self._apply_search()
        else:
            self._search_timer.start()

    def _apply_search(self) -> None:
        self._search_timer.stop()
        self.model.update_filter(text=self.search.text())

    def _sync_filter_widgets(self) -> None:
        f = self.model.filter()
        self._syncing = True
        try:
            for widget, toggle in self._toggles:
                widget.setChecked(f.shows(toggle))
            if self.search.text() != f.text:
                self.search.setText(f.text)
            if self.method_combo.currentText() != f.method:
                if f.method_exact:
                    i = self.method_combo.findData(f.method)
                    if i >= 0:
                        self.method_combo.setCurrentIndex(i)
                self.method_combo.setEditText(f.method)
        finally:
            self._syncing = False
        self._update_kinds_button()
        self.clear_filters_button.setVisible(f.active)

    def _update_methods(self) -> None:
        restart, inserts, self._listed_methods = merge_sorted(self._listed_methods, self.model.entries.methods_seen())
        combo = self.method_combo
        if restart or inserts:
            text = combo.currentText()
            with QSignalBlocker(combo):
                while restart and combo.count() > 1:
                    combo.removeItem(1)
                for pos, method in inserts:
                    combo.insertItem(pos + 1, method, method)  # after "any method"
                combo.setEditText(text)

    def _update_counts(self, shown: int, total: int) -> None:
        # Qt's plural forms ("1 entry", "2 entries"; one form in Chinese): English has a catalogue of its plurals
        if shown == total:
            text = self.tr("%Ln entries", "", total)
        else:
            text = self.tr("{shown} of %Ln entries", "", total).format(shown=QLocale().toString(shown))
        set_live_text(self.count_label, text)  # on every tick: no relayout of the window

    # ------------------------------------------------------------ events

    def changeEvent(self, event: QEvent) -> None:
        kind = event.type()
        if kind in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange, QEvent.Type.StyleChange):
            self.model.set_palette(self.palette())
            colors = self.model.colors()
            for d, b in getattr(self, "direction_buttons", {}).items():
                b.setIcon(colors.swatch(d))
        elif kind == QEvent.Type.FontChange and hasattr(self, "table"):
            self._apply_metrics()
            fit_live_text(self.count_label, again=True)  # held at a size fixed for the old font
        elif kind == QEvent.Type.LanguageChange and hasattr(self, "jump_button"):
            self._retranslate()
            self.model.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, Column.COUNT - 1)
            self.model.refresh_texts()  # cells hold translated words (kinds, directions, events)
            self._update_counts(self.model.rowCount(), self.model.total())
            fit_live_text(self.count_label, again=True)
            self._apply_metrics()  # headers and kinds take another width in another language
        super().changeEvent(event)

    def sizeHint(self) -> QSize:
        return QSize(900, 420)


__all__ = ["Column", "SeqRole", "TimelineColors", "TimelineModel", "TimelineView"]
