"""Logs: the server's ``notifications/message`` stream, read from the recording in batches.

Theory of operation
-------------------
Log messages are never delivered by signal, one per message: a flood of 100k/s would drown the
event loop. :class:`LogModel` is a thin adapter over
:class:`~inspector.session.controllers.logs.LiveLogView`, the session layer's Qt-free
:class:`~inspector.session.views.LogView` with a cheaper scan: it looks through the entries
with C-level passes over the cheap ``method_at``, ``direction_at`` and ``kind_at`` columns -
while the panel is on screen, each batch of a live recording as the session takes it in;
otherwise (and for an opened file) at most MAX_SCAN entries per tick - and keeps the recording
entry numbers of the log entries it found. On each tick of the application's ticker (in a lane
of its own, so the Logs panel is never painted in the same frame as the timeline, see
:mod:`..ticker`) they become rows. Their level ranks are read
from the raw bytes without decoding the JSON (a one-occurrence fast path, a full decode only
when the line is ambiguous; a huge line's from its head, the controller's ``head_rank``) when
something needs them: a painted row, a level filter above
debug, and otherwise in idle ticks, a slice at a time. The rows shown are the entry numbers
whose rank passes the level filter, appended with ONE ``beginInsertRows``/``endInsertRows``
per tick; changing the filter rebuilds them inside one model reset. Cells (logger, data) are
decoded only when a row is painted, and cached with everything painting asks for, for a few
screens; what a row says of an entry is the view's ``cell`` (the controller's ``log_cell``, kept).

Which entries are log messages is the session layer's (``views.log_lines``, the same C-level
passes for the live view and the plain LogView). The level filter and the server's level are
the Qt-free :class:`~inspector.session.controllers.logs.LogsController` (``self.feature``): it
decides by version whether the level is set with ``logging/setLevel`` or travels in every
request's ``_meta`` (2026-07-28: ``io.modelcontextprotocol/logLevel``, nothing sent now), and
says what became of it as data; the panel words it (:mod:`inspector.session.log_words`: its
words, each level's hue) and forwards the choices.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QSignalBlocker, QSize, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetrics,
    QGuiApplication,
    QPalette,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHeaderView,
    QLabel,
    QSizePolicy,
    QTableView,
    QWidget,
)

from inspector.session import log_words
from inspector.session.controllers.logs import (
    FAILED,
    LEVEL,
    SET_LEVEL,
    LiveLogView,
    LogsController,
)
from inspector.session.entry_text import one_line
from inspector.session.recording import Recording
from inspector.session.views import LEVELS, RANK, UNKNOWN

from ..form_rows import set_words
from ..rowmodel import Cell, CellDelegate, RowTableModel, SeqRole
from ..theme import dot_icon, is_dark, mix
from ..ticker import set_live_text
from ..widgets import ErrorLabel, hbox, mono_font, muted, plain_label, plain_tooltip, push_button, vbox
from .base import FeaturePanel
from .shared import request_failed

# Recording entries examined per tick: a few ms of work at most (~0.3 us an entry), so a flood
# into the window does not stall the UI; a list that fell behind catches up over later ticks.
# Less while the panel is not on screen.
MAX_SCAN = 20_000
MAX_SCAN_HIDDEN = 1_000
_DATA_CHARS = 400  # characters of data shown in a cell (the tooltip has more)
_tr = QCoreApplication.translate


class LevelColors:
    """One hue per level (:data:`~inspector.session.log_words.LEVEL_RGB`), chosen for the
    palette's base (light or dark)."""

    def __init__(self, palette: QPalette) -> None:
        base = palette.color(QPalette.ColorRole.Base)
        dark = is_dark(palette)
        self.colors = [QColor(*c) for c in log_words.LEVEL_RGB[dark]]
        self.fg = [QBrush(c) for c in self.colors]
        self.bg: list[QBrush | None] = [None] * len(self.colors)
        for rank in log_words.TINTED:
            self.bg[rank] = QBrush(mix(base, self.colors[rank], 0.22 if dark else 0.12))
        self.muted = QBrush(mix(palette.color(QPalette.ColorRole.Text), base, 0.45))
        self.icons = [dot_icon(c) for c in self.colors]


class Col:
    TIME = 0
    LEVEL = 1
    LOGGER = 2
    DATA = 3
    COUNT = 4


_CHOSEN = object()
_SHOWN_CHARS = (0, 40, 120, _DATA_CHARS)  # per column: characters of the text shown in a cell
_ALIGN_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
_ALIGN_LEFT = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)


class LogModel(RowTableModel):
    """The log messages of one recording (the session's LogView), filtered by level, growing
    in batches on its timer; an opened file is taken in slices of MAX_SCAN entries."""

    COLUMNS = Col.COUNT
    tick_lane = 1  # taken in and painted in frames of its own while the ticker is flooded

    def __init__(self, parent=None) -> None:
        self.logs = LiveLogView()  # a huge line's level from its head; prescan: the panel is on screen
        super().__init__(self.logs, parent)
        self._colors = LevelColors(QGuiApplication.palette())
        self._mono = mono_font()
        self._bold = QFont()
        self._bold.setBold(True)
        self.retranslate_headers()

    def retranslate_headers(self) -> None:
        self._headers = tuple(_tr(log_words.MODEL_CONTEXT, log_words.MODEL_WORDS[key]) for key in log_words.HEADERS)
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, Col.COUNT - 1)

    def set_recording(self, rec: Recording | None, *, budget: int | None = None) -> None:
        """Follow ``rec``: starts empty and catches up by ticks."""
        super().set_recording(rec, budget=self.scan_budget() if budget is None else budget)

    def scan_budget(self) -> int | None:
        """While the panel is on screen (``logs.prescan``: then the view also looks through a
        live recording's batches as they arrive) a tick examines up to MAX_SCAN entries."""
        return MAX_SCAN if self.logs.prescan else MAX_SCAN_HIDDEN

    def _tick(self) -> int:
        took = super()._tick()
        if not took:
            self.logs.rank_some()  # idle: read levels ahead, so a level filter is quick later
        return took

    def total(self) -> int:
        """Log messages seen since the last clear (shown or filtered out)."""
        return self.logs.total

    # ------------------------------------------------------------ cells

    def refresh_colors(self) -> None:
        self._colors = LevelColors(QGuiApplication.palette())
        self._cells.clear()  # what painting asks, kept by RowTableModel.paint_cell
        if self.logs.rows:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self.logs.rows) - 1, Col.COUNT - 1))

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        horizontal = orientation == Qt.Orientation.Horizontal
        if horizontal and role == Qt.ItemDataRole.DisplayRole and 0 <= section < Col.COUNT:
            return self._headers[section]
        return None

    def make_cell(self, seq: int, row: int, col: int) -> Cell:
        """(display, foreground, background, decoration, font, alignment) of one cell (painting
        asks :meth:`~..rowmodel.RowTableModel.paint_cell`, which keeps it)."""
        cell = self.logs.cell(seq)
        rank = self.logs.rank_of(seq)
        colors = self._colors
        if col == Col.TIME:
            return (cell[0], colors.muted, colors.bg[rank], None, self._mono, _ALIGN_RIGHT)
        shown = one_line(cell[col], _SHOWN_CHARS[col], mark=" ⏎ ")
        if col == Col.LEVEL:
            bold = self._bold if rank >= log_words.BOLD_FROM else None
            return (shown, colors.fg[rank], colors.bg[rank], colors.icons[rank], bold, _ALIGN_LEFT)
        return (shown, None, colors.bg[rank], None, None, _ALIGN_LEFT)

    def cell_data(self, seq: int, row: int, col: int, role: int) -> object:
        """A message's tooltip."""
        if role == Qt.ItemDataRole.ToolTipRole:
            _time, level, logger, text = self.logs.cell(seq)
            unknown = self.logs.rank_of(seq) == UNKNOWN
            return plain_tooltip(log_words.entry_tip(seq, level, logger, text, unknown, _tr))
        return None


class LogTable(QTableView):
    """The table of log messages; follows new rows while scrolled to the bottom."""

    def __init__(self, model: LogModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setModel(model)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.setWordWrap(False)
        self.setShowGrid(False)
        self.setAlternatingRowColors(True)
        self.setHorizontalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.verticalHeader().setVisible(False)
        fm = self.fontMetrics()
        self.verticalHeader().setDefaultSectionSize(fm.height() + 8)
        self.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.setIconSize(QSize(10, 10))
        self.setItemDelegate(CellDelegate(model.paint_cell, self))  # one call per painted cell
        header = self.horizontalHeader()
        header.setHighlightSections(False)
        header.setDefaultAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        mono = mono_font()
        self.setColumnWidth(Col.TIME, QFontMetrics(mono).horizontalAdvance("00000.000") + 24)
        self.setColumnWidth(Col.LEVEL, fm.horizontalAdvance("emergency") + 44)
        self.setColumnWidth(Col.LOGGER, fm.horizontalAdvance("M") * 12)
        self._follow = True
        model.rowsAboutToBeInserted.connect(self._before_insert)
        model.rowsInserted.connect(self._after_insert)

    def _before_insert(self, *_: object) -> None:
        bar = self.verticalScrollBar()
        self._follow = bar.value() >= bar.maximum() - 2

    def _after_insert(self, *_: object) -> None:
        if self._follow:
            self.scrollToBottom()


class LogsPanel(FeaturePanel):
    """The ``notifications/message`` stream, a level filter, and the server's log level."""

    key = "logs"

    def __init__(self, controller, parent: QWidget | None = None) -> None:
        super().__init__(controller, parent)
        self.model = LogModel(self)
        self.table = LogTable(self.model)
        self.table.doubleClicked.connect(lambda index: self.entryActivated.emit(int(index.data(SeqRole))))

        # filter: show >= level
        self.filter_label = QLabel()
        self.filter = QComboBox()
        for rank in range(len(LEVELS)):
            self.filter.addItem(self.model._colors.icons[rank], "", rank)
        self.feature = LogsController(self.model.logs)  # the filter and the server's level
        self.filter.currentIndexChanged.connect(lambda i: self.feature.set_floor(int(self.filter.itemData(i))))
        self.filter_label.setBuddy(self.filter)
        self.count_label = plain_label(wrap=False)
        self.clear_button = push_button("", self.model.logs.clear)  # the recording keeps them

        # the server's level
        self.level_label = QLabel()
        self.level = QComboBox()
        self.level_label.setBuddy(self.level)
        self.set_level_button = push_button("", lambda: self.set_server_level())
        self.level_status = muted(plain_label())
        self.level_status.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.error = ErrorLabel("logsError")
        self._fill_levels()

        # what this view shows; the count is held at a fixed size (set_live_text): the stretch is beside it
        bar = hbox(self.filter_label, self.filter, margins=False)
        bar.addSpacing(10)
        bar.addWidget(self.count_label)
        bar.addStretch(1)
        bar.addWidget(self.clear_button)
        # what the server sends: a row of its own, so a docked panel fits
        server = hbox(self.level_label, self.level, self.set_level_button, 1, margins=False)
        vbox(bar, server, self.level_status, self.error, (self.table, 1), parent=self)

        self.model.countsChanged.connect(self._show_counts)
        self.feature.spawn = lambda fn: self.run(fn, error_label=self.error)
        self.feature.subscribe(self._feature_changed)
        self.built()
        self.set_level_button.setEnabled(False)
        self.level.setEnabled(False)
        signal = getattr(controller, "recordingChanged", None)
        if signal is not None:
            # a bound method, not a lambda: Qt drops the connection when this panel is deleted
            signal.connect(self.set_recording)  # (the recording, its era mode): the recording

    # ------------------------------------------------------------ hooks

    def showEvent(self, event) -> None:  # noqa: N802 (Qt name)
        self.model.logs.prescan = True
        super().showEvent(event)

    def hideEvent(self, event) -> None:  # noqa: N802 (Qt name)
        self.model.logs.prescan = False
        super().hideEvent(event)

    def title(self) -> str:
        return self.tr("Logs")

    def set_recording(self, rec: Recording | None) -> None:
        if rec is not self.model.recording():
            self.model.set_recording(rec)

    def session_started(self, session, availability, era, version) -> None:
        super().session_started(session, availability, era, version)
        self.set_recording(session.recording)
        self.show_error("", self.error)
        self.feature.attach(session, era, version)  # LEVEL: what the level is said to be
        self._fill_levels()
        self._select_level(self.feature.level)
        self.level.setEnabled(True)
        self.set_level_button.setEnabled(True)

    def session_ended(self) -> None:
        super().session_ended()
        self.feature.detach()
        self.level.setEnabled(False)
        self.set_level_button.setEnabled(False)
        self.model.fetch_new()

    def show_recorded(self, state, availability) -> None:
        """The log messages the server had sent by the entry (the opened recording's own)."""
        super().show_recorded(state, availability)
        self.feature.replay()
        self.level.setEnabled(False)
        self.set_level_button.setEnabled(False)
        self.set_recording(state.recording)
        self.model.logs.set_until(state.row)
        self._show_counts(len(self.model.view.rows), self.model.total())

    # ------------------------------------------------------------ what the controller reports

    def _feature_changed(self, what: str) -> None:
        feature = self.feature
        if what == LEVEL:
            status = feature.status
            # the server-level line, in the current language (again after a switch: say())
            self.say(self.level_status, (lambda: log_words.level_text(status, _tr)) if status is not None else None)
            self.set_level_button.setEnabled(feature.live and not feature.sending)
        elif what == FAILED and feature.failure is not None:
            failure = feature.failure
            self.say_error(self.error, lambda: request_failed(SET_LEVEL, failure))

    # ------------------------------------------------------------ actions

    def _fill_levels(self) -> None:
        with QSignalBlocker(self.level):
            self.level.clear()
            for level in self.feature.choices():
                if level is None:
                    self.level.addItem(_tr(log_words.CONTEXT, log_words.WORDS["no_level"]), None)
                else:  # the protocol's own words, as sent
                    self.level.addItem(self.model._colors.icons[RANK[level]], level, level)
        self._level_tooltip()

    def _level_tooltip(self) -> None:
        self.set_level_button.setToolTip(log_words.set_level_tip(self.feature.by_request, _tr))

    def _select_level(self, level: str | None) -> None:
        i = self.level.findData(level)
        if i >= 0:
            self.level.setCurrentIndex(i)

    def set_server_level(self, level: Any = _CHOSEN) -> bool:
        """Set the server's level (the controller decides how: logging/setLevel, or the
        ``_meta`` of later requests; None: no level, no log messages). Default: the level
        chosen in the combo box."""
        if level is _CHOSEN or isinstance(level, bool):  # clicked(bool)
            level = self.level.currentData()
        else:
            self._select_level(level)
        if self.session is None:
            return False
        self.show_error("", self.error)
        return self.feature.set_level(level)

    # ------------------------------------------------------------ view

    def _show_counts(self, shown: int, total: int) -> None:
        set_live_text(self.count_label, log_words.count_text(shown, total, _tr))
        self.clear_button.setEnabled(total > 0 and self.model.logs.until is None)  # a replay keeps every message

    def retranslate(self) -> None:
        """Every text of the panel in the current language (again on a language switch, in
        place, the server-level line included)."""
        set_words(self, log_words.CONTEXT, log_words.WORDS, log_words.CONTROLS)
        for i, level in enumerate(LEVELS):
            self.filter.setItemText(i, _tr(log_words.CONTEXT, log_words.WORDS["and_above"]).format(level=level))
        self._level_tooltip()
        if self.level.count() and self.level.itemData(0) is None:
            self.level.setItemText(0, _tr(log_words.CONTEXT, log_words.WORDS["no_level"]))
        self.model.retranslate_headers()
        self._show_counts(len(self.model.view.rows), self.model.total())

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            self.model.refresh_colors()
            for combo in (self.filter, self.level):
                for i in range(combo.count()):
                    data = combo.itemData(i)
                    rank = data if isinstance(data, int) else RANK.get(data) if isinstance(data, str) else None
                    if rank is not None:
                        combo.setItemIcon(i, self.model._colors.icons[rank])
        super().changeEvent(event)
