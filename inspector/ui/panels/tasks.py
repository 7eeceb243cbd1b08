"""Tasks (2025-11-25): the server's tasks, their status, their result, and cancelling them.

``tasks/list`` fills the list (page by page: ``nextCursor`` shows a "Load more" button);
selecting a task shows what the panel last learned about it. ``tasks/get`` refreshes the
status, ``tasks/result`` fetches the result (it blocks on the server until the task reaches a
terminal status, so the wait may be long), ``tasks/cancel`` cancels it. The server may push
``notifications/tasks/status`` with the whole task: rows update live from those, and an
optional poll follows the selected task at the ``pollInterval`` the server suggests (the
spec says requestors must not rely on the notifications). A tool run as a task from the Tools
panel is followed here too (:meth:`follow_task`, :meth:`set_result`): it is listed and
selected when it starts, its status follows the run, and its result is shown when the run
fetched it.

What the panel knows and does is the Qt-free
:class:`~inspector.session.controllers.tasks.TasksController` (``self.feature``): the list and
its paging, the tasks as last described, the results, polling (the session layer's one
polling loop), failures as data. The panel draws what it reports and forwards the clicks.
"""

from __future__ import annotations

import orjson
from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetrics, QGuiApplication, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTabWidget,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from inspector.session.controllers.base import LISTED, LOADING
from inspector.session.controllers.tasks import FAILED, POLLING, RESULT, SHOWN, TASK, TasksController
from inspector.session.operations import TERMINAL_STATUSES

from ..content import ContentView
from ..text import format_milliseconds, format_timestamp
from ..theme import colour, is_dark
from ..widgets import ErrorLabel, mono_font, muted, plain_label, plain_tooltip, section_title
from .base import FeaturePanel
from .shared import request_failed

# task status -> theme colour
STATUS_TONES = {"working": "link", "input_required": "warn", "completed": "ok", "failed": "error", "cancelled": "muted"}


def status_colors(palette: QPalette) -> dict[str, QColor]:
    dark = is_dark(palette)
    return {status: colour(role, dark) for status, role in STATUS_TONES.items()}


class Col:
    ID = 0
    STATUS = 1
    MESSAGE = 2
    UPDATED = 3


class TasksPanel(FeaturePanel):
    """tasks/list, tasks/get, tasks/result, tasks/cancel, and live notifications/tasks/status."""

    key = "tasks"
    tasksChanged = Signal()  # the list or a task's status changed

    def __init__(self, controller, parent: QWidget | None = None) -> None:
        super().__init__(controller, parent)
        self.feature = TasksController()  # the tasks, their results, polling; the panel draws them
        self.items: dict[str, QTreeWidgetItem] = {}
        self._colors = status_colors(QGuiApplication.palette())
        self._mono = mono_font()

        # ---- list side
        self.refresh_button = QPushButton()
        self.refresh_button.clicked.connect(lambda *_: self.refresh())
        self.more_button = QPushButton()
        self.more_button.clicked.connect(lambda *_: self.load_more())
        self.more_button.setVisible(False)
        self.count_label = plain_label(wrap=False)
        self.tree = QTreeWidget()
        self.tree.setColumnCount(4)
        self.tree.setHeaderLabels(["", "", "", ""])
        self.tree.setRootIsDecorated(False)
        self.tree.setUniformRowHeights(True)
        self.tree.setAlternatingRowColors(True)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.tree.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.tree.setStyleSheet("QTreeView::item { padding: 3px 2px; }")
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(Col.MESSAGE, QHeaderView.ResizeMode.Stretch)
        fm = self.fontMetrics()
        mono_fm = QFontMetrics(self._mono)
        self.tree.setColumnWidth(Col.ID, mono_fm.horizontalAdvance("00000000…") + 16)
        self.tree.setColumnWidth(Col.STATUS, fm.horizontalAdvance("input_required") + 24)
        self.tree.setColumnWidth(Col.UPDATED, fm.horizontalAdvance("00:00:00") + 24)
        self.tree.itemSelectionChanged.connect(self._selection_changed)
        self.empty_label = muted(plain_label())

        list_bar = QHBoxLayout()
        list_bar.setContentsMargins(0, 0, 0, 0)
        list_bar.addWidget(self.refresh_button)
        list_bar.addWidget(self.more_button)
        list_bar.addSpacing(8)
        list_bar.addWidget(self.count_label, 1)
        left = QWidget()
        lv = QVBoxLayout(left)
        lv.setContentsMargins(0, 0, 0, 0)
        lv.addLayout(list_bar)
        lv.addWidget(self.tree, 1)
        lv.addWidget(self.empty_label)

        # ---- detail side
        self.heading = section_title("")
        bold = self.heading.font()
        bold.setPointSizeF(bold.pointSizeF() * 1.1)
        self.heading.setFont(bold)
        self.fields: dict[str, QLabel] = {}
        form = QFormLayout()
        form.setLabelAlignment(Qt.AlignmentFlag.AlignRight)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        self.field_labels: dict[str, QLabel] = {}
        for key in ("taskId", "status", "statusMessage", "createdAt", "lastUpdatedAt", "ttl", "pollInterval"):
            value = plain_label("—", wrap=key == "statusMessage", selectable=True, mono=key == "taskId")
            self.fields[key] = value
            label = QLabel()
            self.field_labels[key] = label
            form.addRow(label, value)
        self.get_button = QPushButton()
        self.get_button.clicked.connect(lambda *_: self.get_status())
        self.result_button = QPushButton()
        self.result_button.clicked.connect(lambda *_: self.get_result())
        self.cancel_button = QPushButton()
        self.cancel_button.clicked.connect(lambda *_: self.cancel_task())
        self.poll = QCheckBox()
        self.poll.toggled.connect(lambda on: self.feature.set_polling(bool(on)))
        buttons = QHBoxLayout()
        buttons.setContentsMargins(0, 0, 0, 0)
        buttons.addWidget(self.get_button)
        buttons.addWidget(self.result_button)
        buttons.addWidget(self.cancel_button)
        buttons.addStretch(1)
        self.error = ErrorLabel("tasksError")
        self.result_note = plain_label()
        self.result_view = ContentView()  # a tool's result as the Tools panel shows it
        self.result_json = QPlainTextEdit()
        self.result_json.setReadOnly(True)
        self.result_json.setFont(self._mono)
        self.result_json.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.result_tabs = QTabWidget()
        self.result_tabs.setDocumentMode(True)
        self.result_tabs.addTab(self.result_view, "")
        self.result_tabs.addTab(self.result_json, "")

        right = QWidget()
        rv = QVBoxLayout(right)
        rv.setContentsMargins(8, 0, 0, 0)
        rv.addWidget(self.heading)
        rv.addLayout(form)
        rv.addLayout(buttons)
        rv.addWidget(self.poll)
        rv.addWidget(self.error)
        line = QFrame()
        line.setFrameShape(QFrame.Shape.HLine)
        line.setFrameShadow(QFrame.Shadow.Sunken)
        rv.addWidget(line)
        rv.addWidget(self.result_note)
        rv.addWidget(self.result_tabs, 1)

        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.adapt_to_width(self.splitter)
        self.splitter.addWidget(left)
        self.splitter.addWidget(right)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        self.splitter.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.addWidget(self.splitter, 1)

        self.follow(self.feature, self.error)
        self.feature.subscribe(self._feature_changed)
        self.built()

    def retranslate(self) -> None:
        """Every static text in the current language (again on a language switch, in place)."""
        self.refresh_button.setText(self.tr("Refresh"))
        self.refresh_button.setToolTip(self.tr("tasks/list from the first page"))
        self.more_button.setText(self.tr("Load more"))
        self.more_button.setToolTip(self.tr("tasks/list with the nextCursor of the last page"))
        self.tree.setHeaderLabels([self.tr("Task"), self.tr("Status"), self.tr("Status message"), self.tr("Updated")])
        self.empty_label.setText(
            self.tr('No tasks yet. A task starts when a request asks for one (a tools/call with a "task" field).')
        )
        names = {
            "taskId": self.tr("Task id"),
            "status": self.tr("Status"),
            "statusMessage": self.tr("Status message"),
            "createdAt": self.tr("Created"),
            "lastUpdatedAt": self.tr("Last updated"),
            "ttl": self.tr("TTL"),
            "pollInterval": self.tr("Poll interval"),
        }
        for key, label in self.field_labels.items():
            label.setText(names[key])
        self.get_button.setText(self.tr("Get status"))
        self.get_button.setToolTip(self.tr("tasks/get"))
        self.result_button.setText(self.tr("Get result"))
        self.result_button.setToolTip(
            self.tr("tasks/result: the server answers when the task has finished (it waits until then)")
        )
        self.cancel_button.setText(self.tr("Cancel task"))
        self.cancel_button.setToolTip(self.tr("tasks/cancel"))
        self.poll.setText(self.tr("Poll while running"))
        self.poll.setToolTip(
            self.tr("Send tasks/get at the task's pollInterval until it finishes (status notifications are optional)")
        )
        self.result_tabs.setTabText(0, self.tr("Content"))
        self.result_tabs.setTabText(1, self.tr("JSON"))
        self._show_selected()
        self._update_counts()

    # ------------------------------------------------------------ hooks

    def title(self) -> str:
        return self.tr("Tasks")

    def session_started(self, session, availability, era, version) -> None:
        super().session_started(session, availability, era, version)
        self.clear_view()
        self.feature.attach(session, era, version)
        self.refresh()

    def clear_view(self) -> None:
        self.poll.setEnabled(True)
        self.feature.clear()
        self.items.clear()
        self.tree.clear()
        self.more_button.setVisible(False)
        self.show_error("", self.error)
        self._show_selected()
        self._update_counts()

    def session_ended(self) -> None:
        super().session_ended()
        self.feature.detach()
        self._update_buttons()  # Refresh and Load more too

    def show_recorded(self, state, availability) -> None:
        """Every task as last described by the entry, and the tasks/result answers by then."""
        super().show_recorded(state, availability)
        self.poll.setEnabled(False)
        self.feature.show_recorded(state.tasks, state.task_results)  # SHOWN when it changed
        self._update_buttons()

    def on_notification(self, method: str, params: dict) -> None:
        self.feature.on_notification(method, params)

    # ------------------------------------------------------------ what the controller reports

    def _feature_changed(self, what: str) -> None:
        feature = self.feature
        if what == TASK and feature.changed is not None:
            self._task_changed(feature.changed)
        elif what == RESULT:
            if feature.changed == self.selected_id():
                self._show_selected()
            self.tasksChanged.emit()
        elif what == FAILED and feature.failure is not None:
            failed = feature.failure
            self.say_error(self.error, lambda: request_failed(failed.method, failed.failure))
        elif what == LISTED:
            self._listed()
        elif what == POLLING:
            if self.poll.isChecked() != feature.polling:
                self.poll.blockSignals(True)
                self.poll.setChecked(feature.polling)
                self.poll.blockSignals(False)
        elif what == SHOWN:
            self._show_all()
        elif what == LOADING:
            self._update_buttons()

    def _listed(self) -> None:
        """A tasks/list load ended (or the list was reset): its notes said, paging offered."""
        outcome = self.feature.outcome
        self.more_button.setVisible(self.feature.more)
        self._update_buttons()
        if outcome is None:
            return
        notes, failure = outcome.notes, outcome.failure
        if notes or failure is not None:
            self.say_error(self.error, lambda: self.list_problems("tasks/list", notes, failure))
        if self.selected_id() is None:
            self._select_last()

    def _task_changed(self, task_id: str) -> None:
        task = self.feature.tasks.get(task_id)
        if task is None:
            return
        item = self.items.get(task_id)
        if item is None:
            item = QTreeWidgetItem(self.tree)
            item.setData(0, Qt.ItemDataRole.UserRole, task_id)
            item.setFont(Col.ID, self._mono)
            self.items[task_id] = item
        self._paint_item(item, task)
        self._update_counts()
        if task_id == self.selected_id():
            self._show_selected()
        self.tasksChanged.emit()

    def _show_all(self) -> None:
        """Replay: the tasks drawn again from the controller (the selection kept when it can be)."""
        selected = self.selected_id()
        self.items.clear()
        self.tree.clear()
        for task_id in self.feature.tasks:
            self._task_changed(task_id)
        if selected in self.items:
            self.select(selected)
        else:
            self._select_last()
        self._show_selected()
        self._update_counts()

    # ------------------------------------------------------------ model

    def selected_id(self) -> str | None:
        items = self.tree.selectedItems()
        return items[0].data(0, Qt.ItemDataRole.UserRole) if items else None

    def _select_last(self) -> None:
        last = self.tree.topLevelItem(self.tree.topLevelItemCount() - 1)
        if last is not None:
            self.tree.setCurrentItem(last)

    def select(self, task_id: str) -> None:
        item = self.items.get(task_id)
        if item is not None:
            self.tree.setCurrentItem(item)

    def follow_task(self, task: dict, started: bool = False) -> None:
        """A task another panel started: listed, and selected when it has just ``started``
        (later updates leave the user's selection alone)."""
        self.feature.follow(task)
        if started and isinstance(task.get("taskId"), str):
            self.select(task["taskId"])

    def set_result(self, task_id: str, outcome: dict) -> None:
        """The answer of a tasks/result another panel received: {"result": ...} or {"error": ...}."""
        self.feature.set_result(task_id, outcome)

    def _paint_item(self, item: QTreeWidgetItem, task: dict) -> None:
        task_id = task["taskId"]
        status = str(task.get("status", "?"))
        item.setText(Col.ID, task_id[:8] + ("…" if len(task_id) > 8 else ""))
        item.setToolTip(Col.ID, plain_tooltip(task_id))
        item.setText(Col.STATUS, status)
        color = self._colors.get(status)
        item.setForeground(Col.STATUS, QBrush(color) if color is not None else QBrush())
        f = QFont(self.tree.font())
        f.setBold(status not in TERMINAL_STATUSES)
        item.setFont(Col.STATUS, f)
        message = task.get("statusMessage")
        item.setText(Col.MESSAGE, "" if message is None else str(message).replace("\n", " "))
        item.setToolTip(Col.MESSAGE, plain_tooltip(message))
        updated = task.get("lastUpdatedAt", task.get("createdAt"))
        item.setText(Col.UPDATED, format_timestamp(updated) if updated is not None else "")
        item.setToolTip(Col.UPDATED, plain_tooltip(updated or ""))

    def _update_counts(self) -> None:
        n = len(self.feature.tasks)
        running = self.feature.running
        if not n:
            text = self.tr("No tasks")
        elif n == 1:
            text = self.tr("1 task, {running} running").format(running=running)
        else:
            text = self.tr("{n} tasks, {running} running").format(n=n, running=running)
        self.count_label.setText(text)
        self.empty_label.setVisible(n == 0)

    def _selection_changed(self) -> None:
        self.show_error("", self.error)
        self.feature.select(self.selected_id())
        self._show_selected()

    def _show_selected(self) -> None:
        task_id = self.selected_id()
        task = self.feature.task(task_id)
        if task is None or task_id is None:
            self.heading.setText(self.tr("Select a task"))
            for label in self.fields.values():
                label.setText("—")
                label.setToolTip("")
            self._show_result(None)
            self._update_buttons()
            return
        status = str(task.get("status", "?"))
        self.heading.setText(self.tr("Task {status}").format(status=status))
        self.fields["taskId"].setText(task_id)
        self.fields["status"].setText(status)
        palette = self.fields["status"].palette()
        color = self._colors.get(status)
        text_colour = self.palette().color(QPalette.ColorRole.WindowText)
        palette.setColor(QPalette.ColorRole.WindowText, color if color is not None else text_colour)
        self.fields["status"].setPalette(palette)
        message = task.get("statusMessage")
        self.fields["statusMessage"].setText(str(message) if message is not None else "—")
        for key in ("createdAt", "lastUpdatedAt"):
            value = task.get(key)
            self.fields[key].setText(f"{format_timestamp(value)}   ({value})" if isinstance(value, str) else "—")
        ttl = format_milliseconds(task.get("ttl"), self.tr("unlimited")) if "ttl" in task else "—"
        self.fields["ttl"].setText(ttl)
        suggested = "pollInterval" in task
        poll = format_milliseconds(task.get("pollInterval"), "—") if suggested else self.tr("not suggested")
        self.fields["pollInterval"].setText(poll)
        self._show_result(task_id)
        self._update_buttons()

    def _show_result(self, task_id: str | None) -> None:
        """The selected task's result: its content as the Tools panel shows a result, and its JSON."""
        got = self.feature.results.get(task_id) if task_id is not None else None
        self.result_view.clear()
        self.result_json.setPlainText("")
        if task_id is None:
            self.result_note.setText("")
        elif task_id in self.feature.waiting_result:
            self.result_note.setText(
                self.tr("Waiting for tasks/result: the server answers when the task has finished.")
            )
        elif got is None:
            self.result_note.setText(self.tr("The result appears here after Get result."))
        elif "error" in got:
            err = got["error"] if isinstance(got["error"], dict) else {}
            text = self.tr("tasks/result answered with JSON-RPC error {code}: {message}")
            self.result_note.setText(text.format(code=err.get("code"), message=err.get("message")))
            self.result_json.setPlainText(orjson.dumps(got["error"], option=orjson.OPT_INDENT_2).decode())
        else:
            result = got["result"]
            is_error = isinstance(result, dict) and result.get("isError") is True
            note = self.tr("Result (the tool reported an error):") if is_error else self.tr("Result:")
            self.result_note.setText(note)
            if isinstance(result, dict):  # a sampling result's content is one block, not a list
                content = result.get("content")
                blocks = content if isinstance(content, list) else [content] if content is not None else []
                self.result_view.set_blocks(blocks, structured=result.get("structuredContent"))
            self.result_json.setPlainText(orjson.dumps(result, option=orjson.OPT_INDENT_2).decode())

    def _update_buttons(self) -> None:
        task_id = self.selected_id()
        feature = self.feature
        known = feature.task(task_id) is not None
        live = self.session is not None
        self.get_button.setEnabled(live and known)
        self.result_button.setEnabled(live and known and task_id not in feature.waiting_result)
        self.cancel_button.setEnabled(live and feature.can_cancel(task_id))
        self.refresh_button.setEnabled(live)
        self.more_button.setEnabled(live)

    # ------------------------------------------------------------ actions

    def refresh(self) -> bool:
        """tasks/list from the first page (rows already known are kept and updated)."""
        self.show_error("", self.error)
        return self.feature.refresh()

    def load_more(self) -> bool:
        self.show_error("", self.error)
        return self.feature.load_more()

    def get_status(self, task_id: str | None = None) -> bool:
        task_id = task_id or self.selected_id()
        return task_id is not None and self.feature.get_status(task_id)

    def get_result(self, task_id: str | None = None) -> bool:
        task_id = task_id or self.selected_id()
        return task_id is not None and self.feature.get_result(task_id)

    def cancel_task(self, task_id: str | None = None) -> bool:
        task_id = task_id or self.selected_id()
        return task_id is not None and self.feature.cancel(task_id)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            self._colors = status_colors(QGuiApplication.palette())
            for task_id, item in self.items.items():
                self._paint_item(item, self.feature.tasks[task_id])
            self._show_selected()
        super().changeEvent(event)
