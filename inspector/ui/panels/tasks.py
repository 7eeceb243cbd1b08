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
polling loop), failures as data. What the panel says (its controls' words, a task's row and
details, the count, the result area's note) is :mod:`inspector.session.task_words`. The panel
draws what they report and forwards the clicks.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QSignalBlocker, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetrics, QGuiApplication, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QFormLayout,
    QFrame,
    QLabel,
    QPushButton,
    QSplitter,
    QTabWidget,
    QTreeWidgetItem,
    QWidget,
)

from inspector.session import task_words as words
from inspector.session.controllers.base import LISTED, LOADING
from inspector.session.controllers.tasks import FAILED, POLLING, RESULT, SHOWN, TASK, TasksController

from ..content import ContentView
from ..form_rows import bold, form_layout, read_only_text, set_tab_words, set_words
from ..theme import colour, is_dark
from ..widgets import ErrorLabel, hbox, mono_font, muted, plain_label, plain_tooltip, push_button, section_title, vbox
from .base import FeaturePanel
from .lists import flat_tree, splitter
from .shared import request_failed

# the list's columns (words.HEADERS)
ID, STATUS, MESSAGE, UPDATED = range(4)


class TasksPanel(FeaturePanel):
    """tasks/list, tasks/get, tasks/result, tasks/cancel, and live notifications/tasks/status."""

    key = "tasks"
    # which action (TasksController.possible) enables which button
    BUTTONS = {
        "refresh_button": "list",
        "more_button": "list",
        "get_button": "get",
        "result_button": "result",
        "cancel_button": "cancel",
    }

    def __init__(self, controller, parent: QWidget | None = None) -> None:
        super().__init__(controller, parent)
        self.feature = TasksController()  # the tasks, their results, polling; the panel draws them
        self.items: dict[str, QTreeWidgetItem] = {}
        self._colors: dict[str, QColor] = {}
        self._recolour()
        self._mono = mono_font()

        # ---- list side
        self.refresh_button = push_button("", lambda: self.refresh())
        self.more_button = push_button("", lambda: self.load_more())
        self.more_button.setVisible(False)
        self.count_label = plain_label(wrap=False)
        self.tree = flat_tree(4, stretch=MESSAGE)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.tree.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.tree.setStyleSheet("QTreeView::item { padding: 3px 2px; }")
        fm = self.fontMetrics()
        self.tree.setColumnWidth(ID, QFontMetrics(self._mono).horizontalAdvance("00000000…") + 16)
        self.tree.setColumnWidth(STATUS, fm.horizontalAdvance("input_required") + 24)
        self.tree.setColumnWidth(UPDATED, fm.horizontalAdvance("00:00:00") + 24)
        self.tree.itemSelectionChanged.connect(self._selection_changed)
        self.empty_label = muted(plain_label())
        list_bar = hbox(self.refresh_button, self.more_button, margins=False)
        list_bar.addSpacing(8)
        list_bar.addWidget(self.count_label, 1)
        left = QWidget()
        vbox(list_bar, (self.tree, 1), self.empty_label, margins=False, parent=left)

        # ---- detail side: the task's members (labels worded by retranslate), its actions, its result
        self.heading = bold(section_title(""), 1.1)
        self.fields: dict[str, QLabel] = {
            key: plain_label("—", wrap=key == "statusMessage", selectable=True, mono=key == "taskId")
            for key in words.FIELDS
        }
        self.field_labels: dict[str, QLabel] = {key: QLabel() for key in words.FIELDS}
        form = form_layout([(self.field_labels[key], value) for key, value in self.fields.items()])
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        self.get_button: QPushButton = push_button("", lambda: self.get_status())
        self.result_button = push_button("", lambda: self.get_result())
        self.cancel_button = push_button("", lambda: self.cancel_task())
        self.poll = QCheckBox()
        self.poll.toggled.connect(lambda on: self.feature.set_polling(bool(on)))
        self.error = ErrorLabel("tasksError")
        self.result_note = plain_label()
        self.result_view = ContentView()  # a tool's result as the Tools panel shows it
        self.result_json = read_only_text(mono=self._mono, wrap=False)
        self.result_tabs = QTabWidget()
        self.result_tabs.setDocumentMode(True)
        self.result_tabs.addTab(self.result_view, "")
        self.result_tabs.addTab(self.result_json, "")
        line = QFrame()
        line.setFrameShape(QFrame.Shape.HLine)
        line.setFrameShadow(QFrame.Shadow.Sunken)
        right = QWidget()
        buttons = hbox(self.get_button, self.result_button, self.cancel_button, 1, margins=False)
        tabs = (self.result_tabs, 1)
        rv = vbox(self.heading, form, buttons, self.poll, self.error, line, self.result_note, tabs, parent=right)
        rv.setContentsMargins(8, 0, 0, 0)

        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.adapt_to_width(self.splitter)
        splitter(self.splitter, left, right, stretch=(3, 2))
        vbox((self.splitter, 1), parent=self)

        self.follow(self.feature, self.error)
        self.feature.subscribe(self._feature_changed)
        self.built()

    def retranslate(self) -> None:
        """Every static text in the current language (again on a language switch, in place)."""
        tr = QCoreApplication.translate
        set_words(self, words.CONTEXT, words.WORDS, words.CONTROLS)
        self.tree.setHeaderLabels([tr(words.CONTEXT, words.WORDS[key]) for key in words.HEADERS])
        for key, label in self.field_labels.items():
            label.setText(tr(words.CONTEXT, words.WORDS[words.FIELDS[key]]))
        set_tab_words(self.result_tabs, words.CONTEXT, words.WORDS, words.TABS)
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
        elif what == FAILED and feature.failure is not None:
            failed = feature.failure
            self.say_error(self.error, lambda: request_failed(failed.method, failed.failure))
        elif what == LISTED:
            self._listed()
        elif what == POLLING:
            if self.poll.isChecked() != feature.polling:
                with QSignalBlocker(self.poll):
                    self.poll.setChecked(feature.polling)
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
            item.setFont(ID, self._mono)
            self.items[task_id] = item
        self._paint_item(item, task)
        self._update_counts()
        if task_id == self.selected_id():
            self._show_selected()

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
        row = words.task_row(task)
        for col, (text, tip) in enumerate(zip(row.cells, row.tips, strict=True)):
            item.setText(col, text)
            if col != STATUS:
                item.setToolTip(col, plain_tooltip(tip))
        color = self._colors.get(row.status)
        item.setForeground(STATUS, QBrush(color) if color is not None else QBrush())
        f = QFont(self.tree.font())
        f.setBold(row.running)
        item.setFont(STATUS, f)

    def _update_counts(self) -> None:
        n = len(self.feature.tasks)
        self.count_label.setText(words.count_text(n, self.feature.running, QCoreApplication.translate))
        self.empty_label.setVisible(n == 0)

    def _selection_changed(self) -> None:
        self.show_error("", self.error)
        self.feature.select(self.selected_id())
        self._show_selected()

    def _show_selected(self) -> None:
        task_id = self.selected_id()
        task = self.feature.task(task_id) if task_id is not None else None
        heading, values = words.task_details(task, QCoreApplication.translate)
        self.heading.setText(heading)
        for key, label in self.fields.items():
            label.setText(values[key])
        if task is None:
            for label in self.fields.values():
                label.setToolTip("")
        else:
            palette = self.fields["status"].palette()
            color = self._colors.get(values["status"])
            text_colour = self.palette().color(QPalette.ColorRole.WindowText)
            palette.setColor(QPalette.ColorRole.WindowText, color if color is not None else text_colour)
            self.fields["status"].setPalette(palette)
        self._show_result(task_id if task is not None else None)
        self._update_buttons()

    def _show_result(self, task_id: str | None) -> None:
        """The selected task's result: its content as the Tools panel shows a result, and its JSON."""
        shown = words.result_view(self.feature, task_id, QCoreApplication.translate)
        self.result_view.clear()
        self.result_note.setText(shown.note)
        self.result_json.setPlainText(shown.json)
        if shown.blocks is not None:
            self.result_view.set_blocks(shown.blocks, structured=shown.structured)

    def _update_buttons(self) -> None:
        can = self.feature.possible(self.selected_id(), self.session is not None)
        for name, action in self.BUTTONS.items():
            getattr(self, name).setEnabled(action in can)

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

    def _recolour(self) -> None:
        """Each status's colour (words.STATUS_TONES) for the application's palette."""
        dark = is_dark(QGuiApplication.palette())
        self._colors = {status: colour(role, dark) for status, role in words.STATUS_TONES.items()}

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            self._recolour()
            for task_id, item in self.items.items():
                self._paint_item(item, self.feature.tasks[task_id])
            self._show_selected()
        super().changeEvent(event)
