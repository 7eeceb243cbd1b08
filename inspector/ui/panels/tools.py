"""The Tools panel: list, pick, fill in the arguments, call, read the result.

Theory of operation
-------------------
The panel renders a Qt-free :class:`~inspector.session.controllers.tools.ToolsController`
and forwards the user's actions to it. ``session_started`` loads ``tools/list``, following
``nextCursor`` automatically for up to :data:`AUTO_PAGES` pages per action (the count of pages
is shown; "Load more" fetches the next ones). ``notifications/tools/list_changed`` reloads the
list when the server declared ``tools.listChanged``; the selection survives by name.

Selecting a tool shows its description, its hints (annotations as badges) and an
:class:`~inspector.ui.schema_form.ArgumentsEditor` built from its ``inputSchema``. Everything
about the selected tool (title, summary, the whole form, the schema check, Run as task, Call,
progress, banner, status and result) is ONE page in a scroll area: no part has a scroll area or
a splitter of its own, each asks for the height it needs (the editor, the
result's :class:`~inspector.ui.content.ContentView` likewise), so nothing is ever squeezed below
its minimum and painted over its neighbour; the page scrolls instead, and a Call refused by the
schema check scrolls to the first field with a problem. Beside the page (wide) or above it (a
narrow dock, :meth:`FeaturePanel.adapt_to_width`) is the list; above, it takes the height its
tools need up to :attr:`ToolsPanel.LIST_SHARE` of the panel until the user drags the divider.

What the panel says about its state (the summary, badges, the call's status line, the banner,
notes under the list, why a Call did not go out) is made by functions of that state kept with
their labels (:meth:`FeaturePanel.say`), and made again on Qt's ``LanguageChange``: during a
session, and after it ended, the panels are not rebuilt, a live language switch still rewords
everything. Counts use Qt's plural forms (``%n``). Call
(Ctrl+Enter) asks the controller why the call must not go out (an excluded tool, an integer a
header cannot carry), checks the form against the schema, and has the controller send
``tools/call`` with a progress callback; the call runs inside the controller's own anyio
``CancelScope`` on the application's task group, so Cancel just cancels that scope and the
session itself writes ``notifications/cancelled`` on the wire. Nothing here waits in a nested
event loop.

The call's progress and the reply are drawn by the page's lower part, :class:`ToolResultPane`,
which keeps nothing of the call itself: the progress row while the call runs (a progress
notification's ``progress``/``total``/``message``, a task's status), then what the reply is,
from the controller (``reply_outcome``, ``reply_view``), shown three distinct ways - a JSON-RPC
error ("Protocol error -32602: ..."), a tool error (``isError: true``: "The tool reported an
error" plus its content), or a result - with the banner over it and a status line of facts (the
tool, the request id, how long it took, the input rounds; for a task its id, status, polls and
time). Content goes to a :class:`~inspector.ui.content.ContentView`, ``structuredContent``
checked against the tool's ``outputSchema``. In the 2026-07-28 era the session answers
``InputRequiredResult`` rounds through its handlers; the pane says how many rounds it took. Its
words are said through the panel's :meth:`FeaturePanel.say`, so a language switch rewords them.

Run as task (2025-11-25): when the server declared ``tasks.requests.tools.call`` and the tool's
``execution.taskSupport`` allows it, the call goes out task-augmented through the session's
``call_as_task`` (checked and fixed for "required" tools). The progress row follows the task's
status; every status it learns is emitted as ``taskUpdated`` and the final answer as
``taskResult``, so the Tasks panel lists and selects the task while it runs; Cancel sends
``tasks/cancel``. "Show in Tasks" brings that panel to the front.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import (
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    QRect,
    QSignalBlocker,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import QColor, QFont, QFontMetrics, QKeySequence, QPainter, QPaintEvent, QPalette, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QFrame,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QProgressBar,
    QSizePolicy,
    QSpinBox,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

from inspector.protocol.jsontypes import JsonObject
from inspector.session import call_words as banners
from inspector.session import tool_words as words
from inspector.session.controllers.base import LISTED, LOADING, Failure
from inspector.session.controllers.tools import (
    AUTO_PAGES,
    CALLED,
    CALLING,
    CANCELLED,
    FAILED,
    PROGRESS,
    RESULT,
    TASK,
    CallOutcome,
    ToolsController,
    annotations_text,
    progress_parts,
    recorded_tool_call,
    reply_view,
    tool_facts,
    tool_matches,
    tool_title,
)
from inspector.session.operations import ListNote
from inspector.session.outcomes import Reply
from inspector.session.rebuild import RecordedCall

from ..content import ContentView
from ..form_rows import bold, set_words, word_of
from ..schema_form import ArgumentsEditor
from ..text import format_duration
from ..theme import colour as colour_of
from ..theme import is_dark, tone
from ..widgets import ErrorLabel, mono_font, plain_label, plain_tooltip, scroll_area, set_tone
from .answers import failure_text
from .base import FeaturePanel, button, column, label, named, row

__all__ = ["AUTO_PAGES", "ToolsPanel"]  # AUTO_PAGES: tools/list pages a load fetches (the controller's)
TOOL_ROLE = Qt.ItemDataRole.UserRole + 1  # a copy for painting (Qt returns it with its keys sorted)
ROW_ROLE = Qt.ItemDataRole.UserRole + 3  # the tool's index in ToolsPanel.tools: the tool as the server sent it
EXCLUDED_ROLE = Qt.ItemDataRole.UserRole + 2  # why the tool is excluded (2026-07-28 x-mcp-header), or None


def paint_badge(painter: QPainter, box: QRect, text: str, colour: QColor, fill: float, pad: int = 0) -> None:
    """One badge: ``text`` in ``colour`` on a rounded box of it at ``fill`` opacity, centred
    (``pad``: from the left, after that many pixels). The list's rows and the tool's page draw
    their badges with it."""
    back = QColor(colour)
    back.setAlphaF(fill)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(back)
    painter.drawRoundedRect(box, 4, 4)
    painter.setPen(colour)
    if pad:
        painter.drawText(box.adjusted(pad, 0, 0, 0), Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, text)
    else:
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)


class BadgeStrip(QWidget):
    """The selected tool's badges on its page, as the list draws them (:func:`paint_badge`): 8 pt
    words 10 px into a box 22 px wider than them and as high as the row, 4 px apart (what the
    style-sheet labels it replaces measured, pixel for pixel)."""

    FILL = 40 / 255

    def __init__(self) -> None:
        super().__init__()
        self.badges: list[tuple[str, str]] = []
        self.setObjectName("toolBadges")
        font = QFont(self.font())
        font.setPointSizeF(8)
        self.setFont(font)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Preferred)

    def set_badges(self, badges: list[tuple[str, str]]) -> None:
        self.badges = badges
        self.updateGeometry()
        self.update()

    def _widths(self) -> list[int]:
        fm = self.fontMetrics()
        return [fm.horizontalAdvance(text) + 22 for text, _ in self.badges]

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        widths = self._widths()
        return QSize(sum(widths) + 4 * max(0, len(widths) - 1), self.fontMetrics().height() + 2)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return self.sizeHint()

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        x = 0
        for (text, role), w in zip(self.badges, self._widths(), strict=True):
            paint_badge(painter, QRect(x, 0, w, self.height()), text, QColor(tone(self, role)), self.FILL, 10)
            x += w + 4
        painter.end()


class ToolDelegate(QStyledItemDelegate):
    """Two lines per tool: the title, then the name (monospace) and the hint badges."""

    def _fonts(self, option: QStyleOptionViewItem) -> tuple[QFont, QFont, QFont]:
        title = QFont(option.font)
        title.setBold(True)
        mono = mono_font()
        mono.setPointSizeF(max(7.0, option.font.pointSizeF() * 0.9))
        small = QFont(option.font)
        small.setPointSizeF(max(6.5, option.font.pointSizeF() * 0.78))
        return title, mono, small

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:
        title, mono, _ = self._fonts(option)
        return QSize(220, QFontMetrics(title).height() + QFontMetrics(mono).height() + 16)

    def paint(
        self, painter: QPainter, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> None:
        tool = index.data(TOOL_ROLE) or {}
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        opt.text = ""
        widget = opt.widget
        style = widget.style() if widget is not None else None
        if style is not None:
            style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, widget)
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        pal = option.palette
        fg = pal.color(QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text)
        muted = QColor(fg)
        muted.setAlphaF(0.65)
        dark = is_dark(pal)
        title_font, mono, small = self._fonts(option)
        r = option.rect.adjusted(10, 6, -8, -6)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        tfm, mfm, sfm = QFontMetrics(title_font), QFontMetrics(mono), QFontMetrics(small)
        title_rect = QRect(r.left(), r.top(), r.width(), tfm.height())
        _draw_line(painter, title_font, fg, title_rect, tool_title(tool), Qt.TextElideMode.ElideRight)
        y = r.top() + tfm.height() + 3
        name = str(tool.get("name", ""))
        badges = words.tool_badges(tool, QCoreApplication.translate, bool(index.data(EXCLUDED_ROLE)))
        badge_w = sum(sfm.horizontalAdvance(b[0]) + 14 for b in badges)
        name_w = min(mfm.horizontalAdvance(name) + 6, max(40, r.width() - badge_w - 8))
        _draw_line(painter, mono, muted, QRect(r.left(), y, name_w, mfm.height()), name, Qt.TextElideMode.ElideMiddle)
        x = r.left() + name_w + 8
        painter.setFont(small)
        for text, role in badges:
            w = sfm.horizontalAdvance(text) + 10
            if x + w > r.right():
                break
            box = QRect(x, y + (mfm.height() - sfm.height() - 2) // 2, w, sfm.height() + 2)
            paint_badge(painter, box, text, QColor(fg) if selected else colour_of(role, dark), 0.16)
            x += w + 4
        painter.restore()


def _draw_line(painter: QPainter, font: QFont, pen: QColor, rect: QRect, text: str, mode: Qt.TextElideMode) -> None:
    """``text`` on one line in ``rect``, elided as ``mode`` says."""
    painter.setFont(font)
    painter.setPen(pen)
    painter.drawText(rect, Qt.AlignmentFlag.AlignVCenter, QFontMetrics(font).elidedText(text, mode, rect.width()))


class _CheckLabel(QLabel):
    """The words of a check box, wrapped beside it; a click on them toggles the box."""

    def __init__(self, box: QCheckBox) -> None:
        super().__init__()
        self.box = box
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setWordWrap(True)
        self.setMinimumWidth(60)
        self.setBuddy(box)

    def mouseReleaseEvent(self, event) -> None:  # noqa: N802 - Qt override
        if event.button() == Qt.MouseButton.LeftButton and self.box.isEnabled():
            self.box.toggle()
        super().mouseReleaseEvent(event)


class ToolResultPane(QWidget):
    """The progress row, the banner, the status line and the content of the last call."""

    showTaskClicked = Signal()  # "Show in Tasks"

    def __init__(self, panel: FeaturePanel) -> None:
        super().__init__()
        self.panel = panel
        self.last_reply: Reply | None = None
        self.outcome = ""  # "result" | "tool-error" | "protocol-error" | "cancelled" | "failed"
        self.status_words: Callable[[], str] | None = None  # the status line of the last reply shown
        self.setObjectName("toolResultArea")
        self.progress = named(QProgressBar(), "callProgress")
        self.progress.setRange(0, 1000)
        self.progress.setValue(0)
        self.progress.setTextVisible(True)
        self.progress.setMaximumHeight(16)
        self.progress_label = named(plain_label(wrap=False, selectable=True), "progressMessage")
        self.progress_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.progress_row = QWidget()
        self.progress_row.setLayout(row((self.progress, 2), (self.progress_label, 3)))
        self.progress_row.hide()
        self.banner = named(QFrame(), "resultBanner", hidden=True)
        self.banner_title = named(plain_label(selectable=True), "bannerTitle")
        self.banner_detail = named(plain_label(selectable=True), "bannerDetail")
        column(self.banner, self.banner_title, self.banner_detail, spacing=2).setContentsMargins(10, 6, 10, 6)
        self.status_label = named(plain_label(selectable=True), "callStatus", "muted")
        self.show_task_button = button("showTask", lambda: self.showTaskClicked.emit(), hidden=True)
        status_row = row((self.status_label, 1), (self.show_task_button, 0, Qt.AlignmentFlag.AlignTop))
        self.content = named(ContentView(scrolls=False), "toolResult")
        column(self, self.progress_row, self.banner, status_row, self.content).setContentsMargins(0, 6, 0, 0)

    def retranslate(self) -> None:
        self.show_task_button.setText(self.tr("Show in Tasks"))

    # ---------------------------------------------------------------- while the call runs

    def show_calling(self, name: str, as_task: bool) -> None:
        """A call of ``name`` went out: the progress row, busy until the first progress."""
        self.clear()
        self.progress.setRange(0, 0)
        self.progress.setFormat("")
        key = "calling_task" if as_task else "calling"
        self.panel.say(self.progress_label, lambda: banners.progress_text(key, name, QCoreApplication.translate))
        self.progress_row.show()

    def show_cancelling(self) -> None:
        self.panel.say(self.progress_label, lambda: banners.progress_text("cancelling", tr=QCoreApplication.translate))

    def show_progress(self, params: JsonObject) -> None:
        """A progress notification of the call in flight (busy when it sent no total)."""
        got = progress_parts(params)
        if got.fraction is not None:
            self.progress.setRange(0, 1000)
            self.progress.setValue(round(1000 * got.fraction))
        elif got.shown is not None:
            self.progress.setRange(0, 0)
        if got.shown is not None:
            self.progress.setFormat(got.shown)
        shown, message = got.shown, got.message
        if message is not None:  # the server's words, as they came
            self.panel.say(self.progress_label, lambda: message)
        elif shown is not None:
            self.panel.say(
                self.progress_label, lambda: banners.progress_text("progress", shown, QCoreApplication.translate)
            )

    def show_task_state(self, task: JsonObject) -> None:
        """The task a call runs as, as last learned (its status and message)."""
        state = dict(task)  # as learned now
        self.panel.say(self.progress_label, lambda: banners.task_state_text(state, QCoreApplication.translate))

    # ---------------------------------------------------------------- when it ended

    def show_called(self, called: CallOutcome, closes_stream: bool) -> str | None:
        """A call ended: its answer, or why there is none, with the task's facts when it ran as
        one (``closes_stream``: cancelling closes the answer stream instead of a notification).
        Returns the id of the task whose result this is (None: no task ran to a result)."""
        tool, run = called.tool, called.run
        if run is not None:
            self.show_task_button.setVisible(run.task_id is not None)
        if called.outcome == CANCELLED:
            self.outcome = CANCELLED
            self.say_banner(*banners.cancelled_banner(run, closes_stream))
            return None
        if called.failure is not None:
            self.outcome = FAILED
            failure = called.failure
            self.show_banner(lambda: (self.tr("The call failed"), failure_text(failure)), "error")
            return None
        reply = called.reply
        assert reply is not None
        self.show_reply(tool, reply, called.outcome)
        if run is None or run.result is None:  # a plain call, or the task-augmented request was refused
            return None
        if called.no_task:
            if self.outcome == RESULT:
                self.say_banner(banners.NO_TASK)
            return None
        task_id = run.task_id

        def facts() -> str:
            return banners.task_facts(
                str(tool["name"]), run, self.tr("%n poll(s)", "", run.polls), QCoreApplication.translate
            )

        self.status_words = facts
        self.panel.say(self.status_label, facts)
        return task_id

    def show_reply(self, tool: JsonObject, reply: Reply, outcome: str | None = None) -> None:
        """A tools/call answer (``outcome``: what it is, :func:`reply_outcome` when not given),
        shown as :func:`~inspector.session.controllers.tools.reply_view` says."""
        self.last_reply = reply

        def facts() -> str:
            rounds = None
            if reply.rounds > 1:
                latencies = ", ".join(format_duration(t) for t in reply.round_latencies)
                rounds = self.tr("%n round(s) (input required): {0}", "", reply.rounds).format(latencies)
            return banners.reply_facts(str(tool["name"]), reply, rounds, QCoreApplication.translate)

        self.status_words = facts
        self.panel.say(self.status_label, facts)
        view = reply_view(tool, reply, outcome)
        self.outcome = view.outcome
        if view.banner is not None:
            self.say_banner(view.banner, view.values)
        else:
            self.banner.hide()
        if view.blocks is not None:
            self.content.set_blocks(view.blocks, structured=view.structured, output_schema=view.output_schema)

    def show_banner(self, words: Callable[[], tuple[str, str]], kind: str) -> None:
        """The banner over the result: ``words()`` gives its title and detail (again after a
        language switch)."""
        colour = tone(self, kind)
        c = QColor(colour)
        self.panel.say(self.banner_title, lambda: words()[0])
        self.panel.say(self.banner_detail, lambda: words()[1])
        self.banner_detail.setVisible(bool(self.banner_detail.text()))
        self.banner.setStyleSheet(
            f"QFrame#resultBanner {{ background: rgba({c.red()},{c.green()},{c.blue()},26); "
            f"border: 1px solid rgba({c.red()},{c.green()},{c.blue()},120); border-radius: 6px; }}"
            f"QLabel#bannerTitle {{ color: {colour}; font-weight: 700; }}"
            f"QLabel#bannerDetail {{ color: {colour}; }}"
        )
        self.banner.show()

    def say_banner(self, key: str, values: tuple[object, ...] = ()) -> None:
        """One of the banners of :mod:`inspector.session.call_words`, with ``values`` in its words."""
        self.show_banner(
            lambda: banners.banner_words(key, values, QCoreApplication.translate), banners.banner_tone(key)
        )

    def banner_text(self) -> str:
        if self.banner.isHidden():
            return ""
        detail = self.banner_detail.text()
        return self.banner_title.text() + (f"\n{detail}" if detail else "")

    def clear(self) -> None:
        self.outcome = ""
        self.last_reply = None
        self.show_task_button.hide()
        self.banner.hide()
        self.panel.say(self.banner_title, None)
        self.panel.say(self.banner_detail, None)
        self.status_words = None
        self.panel.say(self.status_label, None)
        self.content.clear()


class ToolsPanel(FeaturePanel):
    key = "tools"
    STATE, STATE_CONTEXT = words.STATE, words.CONTEXT
    taskUpdated = Signal(dict, bool)  # a task this panel started, as last learned; True the first time
    taskResult = Signal(str, dict)  # task id, {"result": ...} or {"error": ...}
    showTaskRequested = Signal(str)  # "Show in Tasks" for this task id
    resourceLinkActivated = Signal(str)  # a resource link in a result: the host opens it in the Resources panel

    def __init__(self, controller, parent: QWidget | None = None) -> None:
        super().__init__(controller, parent)
        self.feature = ToolsController()  # the list and the calls; the panel renders it
        self.tools: list[dict] = []  # what the list shows (replaced when a listing ends)
        self.pages = 0
        self.next_cursor: str | None = None
        self.current: dict | None = None
        self._build()
        self.follow(self.feature, self.list_error)
        self.feature.subscribe(self._feature_changed)
        self.built()
        self._update_actions()

    def _feature_changed(self, what: str) -> None:
        """The controller's state changed: draw what changed."""
        if what == LOADING:
            if self.feature.loading:
                self.list_error.hide()
            self._update_actions()
        elif what == LISTED:
            self._listed()
        elif what == PROGRESS and self.feature.last_progress is not None:
            self.result.show_progress(self.feature.last_progress)
        elif what == TASK:
            self.result.show_task_state(self.feature.task)
            self.taskUpdated.emit(dict(self.feature.task), self.feature.task_first)
        elif what == CALLING:
            self._update_actions()
        elif what == CALLED:
            self.result.progress_row.hide()
            self._update_actions()
            if self.feature.called is not None:
                self._called(self.feature.called)

    # ================================================================ layout

    def _build(self) -> None:
        # ---- left: the list
        self.refresh_button = button("refreshTools", self.feature.refresh)
        self.count_label = named(plain_label(wrap=False, selectable=False), "toolCount")
        self.filter_edit = QLineEdit()
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.textChanged.connect(self._apply_filter)
        self.list = named(QListWidget(), "toolList")
        self.list.setItemDelegate(ToolDelegate(self.list))
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.list.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.list.setUniformItemSizes(True)
        self.list.currentItemChanged.connect(self._selected)
        self.list.setMinimumHeight(60)  # a tool and a half: the panel sizes it (_fit_split), the user may drag
        self.load_more_button = button("loadMore", self.feature.load_more, hidden=True)
        self.list_note = named(plain_label(selectable=True), "listNote", "muted", hidden=True)
        self.list_error = ErrorLabel("listError")
        left = QWidget()
        bar = row(self.refresh_button, (self.count_label, 1))
        column(left, bar, self.filter_edit, (self.list, 1), self.load_more_button, self.list_note, self.list_error)

        # ---- right: details, arguments, call, result
        # One page that scrolls as a whole: nothing in it is ever squeezed below the height it
        # needs (so nothing is painted over anything), the scroll bar takes what does not fit.
        self.placeholder = plain_label(selectable=False)
        self.placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        set_tone(self.placeholder, "muted")

        self.title_label = bold(label("toolTitle"), 1.3)
        self.title_label.setMinimumWidth(80)
        self.name_label = label("toolName", "muted", wrap=False, mono=True)
        self.badges = BadgeStrip()
        self.description_label = label("toolDescription")
        self.description_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.schema_label = label("schemaFacts", "muted")
        # 2026-07-28 Streamable HTTP: a tool whose x-mcp-header annotations are invalid must not be used
        self.http_problem_label = label("toolHttpProblem", "error", hidden=True)
        self.editor = ArgumentsEditor()
        self.validate_box = named(QCheckBox(), "validateArguments")
        self.validate_box.setChecked(True)
        # its own row, its words wrapped beside the box: a narrow dock never clips or widens it
        self.validate_label = _CheckLabel(self.validate_box)
        check_row = row((self.validate_box, 0, Qt.AlignmentFlag.AlignTop), (self.validate_label, 1), spacing=4)
        self.reset_button = button("resetArguments", self._reset_arguments)
        self.cancel_button = button("cancelCall", self.cancel_call)
        self.call_button = button("callTool", self.call_selected)
        self.call_button.setDefault(True)
        self.task_box = named(QCheckBox(), "runAsTask")
        self.ttl_spin = named(QSpinBox(), "taskTtl")
        self.ttl_spin.setRange(0, 7 * 24 * 3600)
        self.ttl_spin.setValue(0)
        self.task_box.toggled.connect(lambda on: self.ttl_spin.setEnabled(on))
        self.args_error = ErrorLabel("argsError")
        self.details = QWidget()
        column(
            self.details,
            row(self.title_label),
            row(self.name_label, self.badges, 1),  # under the title: a long title cannot push them out
            self.description_label,
            self.schema_label,
            self.http_problem_label,
            self.editor,
            check_row,
            row(self.task_box, self.ttl_spin, 1),  # Run as task and its TTL, shown when they apply
            row(self.reset_button, 1, self.cancel_button, self.call_button),
            self.args_error,
            spacing=4,
        )
        self.result = ToolResultPane(self)
        self.result.showTaskClicked.connect(self._show_task)
        self.result.content.resourceLinkActivated.connect(self.resourceLinkActivated)
        top = named(QWidget(), "toolPage")
        # a short page keeps its rows at the top
        column(top, (self.placeholder, 1), self.details, self.result, 1).setContentsMargins(8, 0, 6, 6)
        self.details_scroll = named(scroll_area(top), "toolPageScroll")
        self.details_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.splitter = self.side_by_side(left, self.details_scroll, sizes=[300, 900], stretch=(0, 1))
        column(self, self.splitter, margins=6)
        self._list_sized = False  # the user moved the divider: the panel no longer sizes the list
        self.splitter.splitterMoved.connect(self._splitter_moved)

        for seq in ("Ctrl+Return", "Ctrl+Enter"):
            sc = QShortcut(QKeySequence(seq), self)
            sc.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            sc.activated.connect(self.call_selected)
        self._show_details(None)

    def _submit_on_enter(self) -> None:
        """Enter in a one-line argument field calls the tool (like Ctrl+Enter)."""
        for edit in self.editor.findChildren(QLineEdit):
            if not edit.property("callsOnEnter"):
                edit.setProperty("callsOnEnter", True)
                edit.returnPressed.connect(self.call_selected)

    def retranslate(self) -> None:
        set_words(self, words.CONTEXT, words.LABELS, words.CONTROLS)
        label = word_of(words.CONTEXT, words.LABELS)
        self.validate_box.setAccessibleName(label("validate"))
        self.ttl_spin.setSpecialValueText(label("ttl_default"))
        self.ttl_spin.setPrefix(label("ttl_prefix"))
        self.ttl_spin.setSuffix(label("ttl_suffix"))
        self.result.retranslate()
        if self.current is not None:
            self._describe(self.current)
        self.list.viewport().update()  # the delegate paints the badges in the new language
        self._update_count()

    def title(self) -> str:
        return self.tr("Tools")

    # ================================================================ hooks

    def session_started(self, session, availability, era, version) -> None:
        self.feature.stop_listening()  # the previous session's stream is reopened without it (or cancelled)
        super().session_started(session, availability, era, version)
        self.clear_view()
        self.start_list(self.feature, session, availability, era, version)

    def clear_view(self) -> None:
        self._read_only(False)
        self.tools = []
        self.pages = 0
        self.next_cursor = None
        self.feature.reset()
        self.current = None
        self.list.clear()
        self.list_note.hide()
        self.list_error.hide()
        self.result.clear()
        self._show_details(None)
        self._update_count()

    def session_ended(self) -> None:
        self.feature.stop_listening()
        super().session_ended()
        self.feature.detach()
        self._update_actions()

    # ================================================================ replay

    def show_recorded(self, state, availability) -> None:
        """The tools listed, and the last call with its arguments and result, as of the entry."""
        super().show_recorded(state, availability)
        self._read_only(True)
        if self.show_recorded_list(self.feature, state, availability):
            self._show_list_problems(self.feature.pager.notes)
            self._set_tools()
        call = state.call("tools/call")
        if self.recorded_changed("tools/call", call and call.marker):
            self._show_recorded_call(call)
        self._update_actions()

    def _show_recorded_call(self, call: RecordedCall | None) -> None:
        self.result.clear()
        seen = recorded_tool_call(call, self.tools) if call is not None else None
        if seen is None or not self.select_tool(seen.name):  # nothing called, or not listed by then: no form
            self.list.setCurrentRow(-1)
        elif seen.arguments is not None:
            self.editor.set_value(seen.arguments)
        if call is None or seen is None:
            return
        if call.reply is None:
            self.say(self.result.status_label, lambda: self.phrase("unanswered", seen.name, call.id, call.seq))
            return
        self.result.show_reply(seen.tool, call.reply)
        if seen.task is not None:
            said, task_id = self.result.status_words or (lambda: ""), seen.task.get("taskId")
            self.say(self.result.status_label, lambda: said() + " · " + self.phrase("as_task", task_id))

    def _read_only(self, on: bool) -> None:
        """Replay: the arguments can be read, not changed (nothing can be sent)."""
        for widget in (self.editor, self.reset_button, self.validate_box, self.task_box, self.ttl_spin):
            widget.setEnabled(not on)

    def on_notification(self, method: str, params: dict) -> None:
        if method != "notifications/tools/list_changed":
            return
        how = self.feature.list_changed(self.availability is not None and self.availability.list_changed)
        self.say_error(self.list_note, lambda: words.list_changed_note(how, QCoreApplication.translate))

    # ================================================================ listing

    def _listed(self) -> None:
        """A load ended: its notes and failure said, the list shown (the selection kept)."""
        outcome = self.feature.outcome
        if outcome is not None:
            self._show_list_problems(list(outcome.notes), outcome.failure)
            if outcome.failure is None:  # after a failure the list on screen stays as it was
                self._set_tools()
        self._update_actions()

    def _show_list_problems(self, notes: list[ListNote], failure: Failure | None = None) -> None:
        self.say_error(self.list_error, lambda: self.list_problems("tools/list", notes, failure))

    def _set_tools(self) -> None:
        """The controller's list on screen, the selection kept by name."""
        keep = self.current.get("name") if self.current else None
        pager = self.feature.pager
        self.tools, self.pages, self.next_cursor = list(pager.items), pager.pages, pager.cursor
        again = None
        with QSignalBlocker(self.list):
            self.list.clear()
            for index, tool in enumerate(self.tools):
                item = QListWidgetItem()
                item.setData(TOOL_ROLE, tool)
                item.setData(ROW_ROLE, index)
                item.setData(Qt.ItemDataRole.AccessibleTextRole, f"{tool_title(tool)} ({tool['name']})")
                excluded = self.feature.exclusion(tool)
                item.setData(EXCLUDED_ROLE, excluded)
                item.setToolTip(plain_tooltip(words.list_tip(tool, excluded, QCoreApplication.translate)))
                self.list.addItem(item)
                if tool["name"] == keep:
                    again = item
            if again is not None:
                self.list.setCurrentItem(again)
        self._apply_filter()
        self._update_count()
        self._fit_split()
        if again is not None:
            self.list.viewport().update()
            self.current = self._tool_of(again)
            self._refresh_details_keep_args()
        elif keep is not None:
            self.current = None
            self._show_details(None)
            self.say_error(self.list_note, lambda: self.phrase("gone", keep))

    def wait_changed(self) -> None:
        self._update_count()

    def _update_count(self) -> None:
        text = words.count_text(len(self.tools), self.pages, bool(self.next_cursor), QCoreApplication.translate)
        if self.feature.loading:
            loading = self.phrase("loading")
            text = self.loading_text("tools/list") if not self.tools else text + " · " + loading
        self.count_label.setText(text)

    def _apply_filter(self, *_: object) -> None:
        for i in range(self.list.count()):
            item = self.list.item(i)
            item.setHidden(not tool_matches(item.data(TOOL_ROLE) or {}, self.filter_edit.text()))

    # ================================================================ selection

    def _tool_of(self, item: QListWidgetItem | None) -> dict | None:
        """The tool of a list item as the server sent it (its schema's properties in the server's
        order: a dict stored as item data comes back from Qt with its keys sorted)."""
        row = item.data(ROW_ROLE) if item is not None else None
        return self.tools[row] if isinstance(row, int) and 0 <= row < len(self.tools) else None

    def select_tool(self, name: str) -> bool:
        for i in range(self.list.count()):
            item = self.list.item(i)
            if (self._tool_of(item) or {}).get("name") == name:
                self.list.setCurrentItem(item)
                return True
        return False

    def _selected(self, item: QListWidgetItem | None, _previous: QListWidgetItem | None = None) -> None:
        tool = self._tool_of(item)
        if tool is self.current:
            return
        self.current = tool
        self._show_details(tool)

    def _show_details(self, tool: dict | None) -> None:
        self.placeholder.setVisible(tool is None)
        self.details.setVisible(tool is not None)
        self.say(self.args_error, None)
        if tool is None:
            self._update_actions()
            return
        self._describe(tool)
        schema = tool.get("inputSchema")
        self.editor.set_schema(schema if isinstance(schema, dict) else {})
        self._submit_on_enter()
        self._update_actions()
        self.details_scroll.verticalScrollBar().setValue(0)  # a new tool is read from its title

    def _describe(self, tool: dict) -> None:
        """What the page says about ``tool`` over its form, in the current language: the title,
        the name with the annotations as declared in its tooltip, the badges, the description,
        the schema's facts, why it is excluded, Run as task."""
        self.title_label.setText(tool_title(tool))
        self.name_label.setText(tool["name"])
        tip = words.annotations_tip(annotations_text(tool), QCoreApplication.translate)
        self.name_label.setToolTip(plain_tooltip(tip) if tip is not None else "")
        self.badges.set_badges(words.tool_badges(tool, QCoreApplication.translate))
        desc = tool.get("description")
        self.description_label.setText(desc if isinstance(desc, str) else "")
        self.description_label.setVisible(isinstance(desc, str) and bool(desc))
        self._schema_facts(tool)
        problem = self.feature.exclusion(tool)  # 2026-07-28: its x-mcp-header annotations break a rule
        self.http_problem_label.setText(self.tr(words.EXCLUDED).format(problem) if problem else "")
        self.http_problem_label.setVisible(bool(problem))
        self._task_controls(tool)

    def _splitter_moved(self, *_: object) -> None:
        if not self._fitting:
            self._list_sized = True

    _fitting = False
    LIST_SHARE = 0.4  # at most this much of a narrow panel's height goes to the list

    def _fit_split(self) -> None:
        """Above the page (a narrow panel), the list gets the height its tools need, up to
        :data:`LIST_SHARE` of the panel (a short list no more than it needs); side by side the list
        keeps its width. Not after the user moved the divider."""
        if self._list_sized or self.splitter.orientation() != Qt.Orientation.Vertical:
            return
        total = sum(self.splitter.sizes())
        if total <= 0:
            return
        left = self.splitter.widget(0)
        if left is None:
            return
        chrome = max(0, left.sizeHint().height() - self.list.sizeHint().height())  # buttons, filter, notes
        rows = sum(1 for i in range(self.list.count()) if not self.list.item(i).isHidden())
        row_h = self.list.sizeHintForRow(0) if self.list.count() else 0
        natural = chrome + 2 * self.list.frameWidth() + max(rows, 1) * max(row_h, 1) + 4
        want = max(left.minimumSizeHint().height(), min(natural, int(total * self.LIST_SHARE)))
        self._fitting = True
        self.splitter.setSizes([want, total - want])
        self._fitting = False

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)  # the base flips the splitter at NARROW
        self._fit_split()

    def _refresh_details_keep_args(self) -> None:
        """After a reload the same tool is still selected: keep the typed arguments if its schema did not change."""
        tool = self.current
        if tool is None:
            return
        if tool.get("inputSchema") == self.editor.schema():
            self._describe(tool)
        else:
            self._show_details(tool)

    def _schema_facts(self, tool: dict) -> None:
        got = tool_facts(tool)
        facts = [self.tr("no arguments") if got.arguments == 0 else self.tr("%n argument(s)", "", got.arguments)]
        if got.required:
            facts.append(self.tr("%n required", "", got.required))
        self.schema_label.setText(" · ".join(facts + words.fact_words(got, QCoreApplication.translate)))

    def _task_controls(self, tool: dict) -> None:
        """Run as task (:func:`inspector.session.tool_words.task_box`): shown when the tool may run
        as one, checked and fixed when it must."""
        box = words.task_box(self.feature.task_support(tool), QCoreApplication.translate)
        self.task_box.setVisible(box.shown)
        self.ttl_spin.setVisible(box.shown)
        if box.checked is not None:
            self.task_box.setChecked(box.checked)
        self.task_box.setEnabled(box.enabled)
        self.task_box.setToolTip(box.tip)
        self.ttl_spin.setEnabled(self.task_box.isChecked())

    def _reset_arguments(self) -> None:
        if self.current is not None:
            schema = self.current.get("inputSchema")
            self.editor.set_schema(schema if isinstance(schema, dict) else {})

    # ================================================================ calling

    def call_selected(self) -> bool:
        """Call the selected tool with the arguments on screen. False when it cannot start."""
        if self.feature.calling or self.current is None or not self.live:
            return False
        self.say(self.args_error, None)
        try:
            arguments = self.editor.value()
        except ValueError as exc:
            why = str(exc)
            self._refuse(lambda: self.phrase("not_object", why))
            return False
        refusal = self.feature.refusal(self.current, arguments)
        if refusal is not None:  # excluded whatever the schema check says: the composer is the way to send it
            self._refuse(lambda: words.refusal_text(refusal, QCoreApplication.translate))
            return False
        if self.validate_box.isChecked():
            errors = self.editor.errors()
            if errors:
                self._refuse(lambda: words.fix_first(self.editor.errors(), QCoreApplication.translate))
                self._show_first_error(errors)
                return False
        name = self.current["name"]
        as_task = not self.task_box.isHidden() and self.task_box.isChecked()
        self.result.show_calling(name, as_task)  # busy until the first progress notification
        ttl = (self.ttl_spin.value() * 1000 or None) if as_task else None
        started = self.feature.call(
            self.current,
            arguments,
            as_task=as_task,
            ttl=ttl,
            spawn=lambda fn: self.run(fn, error_label=self.args_error),
        )
        if not started:
            self.result.progress_row.hide()
            self._update_actions()
        return started

    def _refuse(self, said: Callable[[], str]) -> None:
        """Why the Call did not go out, under the buttons; worded again on a language switch."""
        self.say_error(self.args_error, said)

    def _show_first_error(self, errors: dict[str, str]) -> None:
        """The first field with a problem is scrolled into view (with its message) and gets the
        cursor; the summary stays under the Call button."""
        if self.editor.mode() != "form":
            return
        first = next(
            (f for f in self.editor.form.fields() if f.path_text in errors and f.container.isVisibleTo(self)), None
        )
        if first is None:
            return
        first.editor.setFocus()
        page = self.details_scroll.widget()
        page_layout = page.layout() if page is not None else None
        if page_layout is not None:
            page_layout.activate()  # the messages just shown take their room first
        self.details_scroll.ensureWidgetVisible(first.container, 0, 8)

    def cancel_call(self) -> bool:
        """Cancel the call in flight: its scope is cancelled, the session cancels it on the wire."""
        if not self.feature.cancel():
            return False
        self.result.show_cancelling()
        return True

    def _called(self, called: CallOutcome) -> None:
        """A call ended: the pane shows it; the Tasks panel learns a task's result."""
        task_id = self.result.show_called(called, self.feature.closes_stream)
        reply = called.reply
        if task_id is not None and reply is not None:
            self.taskResult.emit(task_id, {"result": reply.result} if reply.ok else {"error": reply.error})

    def _show_task(self) -> None:
        run = self.feature.run
        if run is not None and run.task_id is not None:
            self.showTaskRequested.emit(run.task_id)

    # ================================================================ state

    def _update_actions(self) -> None:
        can = self.feature.actions(self.live, self.current, bool(self.next_cursor))
        self.refresh_button.setEnabled(can.refresh)
        self.load_more_button.setVisible(can.more_shown)
        self.load_more_button.setEnabled(can.more)
        self.call_button.setEnabled(can.call)
        self.cancel_button.setEnabled(can.cancel)
        self.cancel_button.setVisible(can.cancel)
        self._update_count()
