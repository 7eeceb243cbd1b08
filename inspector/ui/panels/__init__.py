"""Capability-driven feature panels and the host that shows or hides them.

After the start sequence the host asks :func:`inspector.session.features.availability` which
panels the negotiation allows (from the DiscoverResult in the modern era, from the
InitializeResult in the legacy era). Allowed panels become tabs and get the live session;
the others are named on one line under the tabs, grouped by a short reason ("Hidden:
Resources, Prompts (not declared)"), each one's full reason in that line's tooltip (a click
shows it too): the line never takes the tabs' height. Each panel renders the Qt-free feature
controller of :mod:`inspector.session.controllers` for its feature (listing and paging, calls,
polling, the wording of failures as data) and forwards the user's actions to it; the panels hold
no protocol or session logic of their own.

Replay: for an opened (read-only) recording the window tells the host which entry is shown
(:meth:`PanelHost.show_recorded_row`). The Qt-free :class:`~inspector.session.rebuild.Rebuild`
says what the client knew by then - the negotiation, the lists, the last call, read and get
with their answers, the log messages, the tasks - and the panels the recorded negotiation
allowed show it through :meth:`FeaturePanel.show_recorded`, read-only: there is no session, so
every action stays disabled. While the position moves (playback, scrubbing) the panels are
refreshed at most once per :data:`REPLAY_MS`, the last position always shown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt, QTimer, Signal
from PySide6.QtWidgets import QLabel, QScrollArea, QTabWidget, QVBoxLayout, QWidget

from inspector.session import panel_words as words
from inspector.session.features import PANELS, Availability, availability
from inspector.session.rebuild import Rebuild
from inspector.session.recording import Recording

from ..widgets import OneLineLabel, scroll_area

if TYPE_CHECKING:
    from .base import FeaturePanel
    from .tasks import TasksPanel

REPLAY_MS = 50  # replay: the panels follow a moving position at most this often


def panel_classes() -> dict[str, type[FeaturePanel]]:
    """Panel key -> its class: the one list of the panels (their order is ``features.PANELS``).
    Imported when the panels are made, not with this package (the window's start)."""
    from .logs import LogsPanel
    from .prompts import PromptsPanel
    from .resources import ResourcesPanel
    from .tasks import TasksPanel
    from .tools import ToolsPanel

    return {
        "tools": ToolsPanel,
        "resources": ResourcesPanel,
        "prompts": PromptsPanel,
        "logs": LogsPanel,
        "tasks": TasksPanel,
    }


class PanelHost(QWidget):
    """The Features dock: the placeholder with no session, the panels the session allows as
    tabs, the others named on one line.

    ``build_later`` (the window's start): the panels themselves (about 60 ms of widgets) are
    made by :meth:`build_panels`, called just after the window's first paint, or when first
    needed (:attr:`panels`); until then only the placeholder is shown, as with the panels made."""

    #: an entry a panel asks to show (a log line, a flagged answer): the window selects it
    entryActivated = Signal(int)

    def __init__(self, controller, parent: QWidget | None = None, *, build_later: bool = False) -> None:
        super().__init__(parent)
        self.controller = controller
        self._built: dict[str, FeaturePanel] | None = None
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        # one line ("Hidden: Resources, Prompts (not declared)"), so the panels keep the height;
        # each panel's reason in full in its tooltip (and on a click)
        self.hidden = OneLineLabel()
        self.hidden.setObjectName("hiddenPanels")
        self.placeholder = QLabel(self._words(words.CONNECT))
        self.placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.placeholder.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.placeholder, 1)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.hidden)
        self.tabs.hide()
        self.verdicts: dict = {}
        self._rebuild: Rebuild | None = None  # replay: the opened recording's panel states
        self._replay_row: int | None = None  # the position still to show
        self._replay_timer = QTimer(self)
        self._replay_timer.setSingleShot(True)
        self._replay_timer.setInterval(REPLAY_MS)
        self._replay_timer.timeout.connect(self._replay_tick)
        controller.ready.connect(self._on_ready)
        controller.recordingChanged.connect(self._on_recording)
        controller.runningChanged.connect(self._on_running)
        controller.notified.connect(self._on_notification)
        if not build_later:
            self.build_panels()

    @property
    def made(self) -> bool:
        """Whether the panels are made (:meth:`build_panels`)."""
        return self._built is not None

    @property
    def panels(self) -> dict[str, FeaturePanel]:
        """The panels by key (made now if they are not yet: :meth:`build_panels`)."""
        if self._built is None:
            self.build_panels()
        assert self._built is not None
        return self._built

    def build_panels(self) -> None:
        """Make the panels and their scroll frames and wire them (once; later calls do nothing)."""
        if self._built is not None:
            return
        from .prompts import PromptsPanel
        from .tasks import TasksPanel
        from .tools import ToolsPanel

        controller = self.controller
        classes = panel_classes()
        self._built = panels = {key: classes[key](controller) for key in PANELS}
        # a narrow dock scrolls instead of forcing the window wider than the screen
        self._frames: dict[str, QScrollArea] = {key: scroll_area(panels[key]) for key in PANELS}
        tools, tasks, prompts = panels["tools"], panels["tasks"], panels["prompts"]
        assert isinstance(tools, ToolsPanel) and isinstance(tasks, TasksPanel) and isinstance(prompts, PromptsPanel)
        self._tasks: TasksPanel = tasks
        # a resource link in a tool result or a prompt opens the resource in the Resources panel
        tools.resourceLinkActivated.connect(self.open_resource)
        prompts.resourceLinkActivated.connect(self.open_resource)
        # a tool run as a task is followed in the Tasks panel
        tools.taskUpdated.connect(tasks.follow_task)
        tools.taskResult.connect(tasks.set_result)
        tools.showTaskRequested.connect(self.show_task)
        for panel in panels.values():  # a log line, a flagged answer: shown in the timeline
            panel.entryActivated.connect(self.entryActivated)

    # ---------------------------------------------------------------- controller events

    def _on_ready(self) -> None:
        session = self.controller.session
        if session is None:
            return
        n = session.negotiation()
        self._lay_out(
            availability(n.era, n.version, n.server_capabilities),
            lambda panel, verdict: panel.session_started(session, verdict, n.era, n.version),
        )

    def _lay_out(self, verdicts: dict[str, Availability], start=None) -> None:
        """The allowed panels as tabs (``start(panel, verdict)`` for each), the others listed
        (none when there are no verdicts: no session yet)."""
        self.verdicts = verdicts
        current = self.tabs.currentWidget()
        self.tabs.clear()
        for key in PANELS:
            panel = self.panels[key]
            verdict = self.verdicts.get(key)
            if verdict is not None and verdict.shown:
                self._word_tab(self.tabs.addTab(self._frames[key], ""), key)
                if start is not None:
                    start(panel, verdict)
            else:
                panel.session_ended()
        if current is not None and self.tabs.indexOf(current) >= 0:  # the same scroll frame
            self.tabs.setCurrentWidget(current)
        self.placeholder.setVisible(self.tabs.count() == 0)
        self.tabs.setVisible(self.tabs.count() > 0)
        self._say_hidden()
        self.hidden.setVisible(any(not v.shown for v in self.verdicts.values()))

    def _say_hidden(self) -> None:
        """The hidden panels on one line, grouped by a short reason ("Hidden: Resources, Prompts
        (not declared) · Tasks (not in this protocol version)"); the full reasons in the tooltip."""
        hidden = [
            (self.panels[key].title(), v.reason) for key in PANELS if (v := self.verdicts.get(key)) and not v.shown
        ]
        self.hidden.set_line(*words.hidden_line(hidden, QCoreApplication.translate))

    @staticmethod
    def _words(text: str) -> str:
        return QCoreApplication.translate(words.CONTEXT, text)

    def _word_tab(self, index: int, key: str) -> None:
        """Tab ``index`` (panel ``key``'s) says its title, and why it is shown in its tooltip."""
        self.tabs.setTabText(index, self.panels[key].title())
        verdict = self.verdicts.get(key)
        if verdict is not None:
            self.tabs.setTabToolTip(index, QCoreApplication.translate("Features", verdict.reason))

    def retranslate_titles(self) -> None:
        """Tab titles and the placeholder in the current language (the panels keep running)."""
        for key in self.shown_keys():
            self._word_tab(self.tabs.indexOf(self._frames[key]), key)
        self.placeholder.setText(self._words(words.CONNECT))
        self._say_hidden()

    # ---------------------------------------------------------------- replay

    def show_recorded_row(self, rec: Recording, row: int) -> None:
        """Replay: the panels show what ``rec`` (an opened recording) says as of entry ``row``,
        at once, or within REPLAY_MS when they were refreshed just now."""
        if self._rebuild is None or self._rebuild.rec is not rec:
            self._rebuild = Rebuild(rec)
        self._replay_row = row
        if not self._replay_timer.isActive():
            self._replay_tick()

    def _replay_tick(self) -> None:
        row, self._replay_row = self._replay_row, None
        if row is None or self._rebuild is None:
            return
        state = self._rebuild.at(row)
        verdicts = availability(state.era, state.version, state.server_capabilities)
        if verdicts != self.verdicts:
            for key, verdict in verdicts.items():
                if not verdict.shown and self.verdicts.get(key, verdict).shown:
                    self.panels[key].clear_view()  # scrubbed back before the start sequence
                    self.panels[key].set_recorded_row(None)
            self._lay_out(verdicts)
        self.placeholder.setText(self._words(words.CONNECT if state.negotiated else words.NOT_STARTED))
        if not state.negotiated:
            self.hidden.hide()
        for key, panel in self.panels.items():
            if verdicts[key].shown:
                panel.show_recorded(state, verdicts[key])
        self._replay_timer.start()  # the next position waits at least REPLAY_MS

    def _on_recording(self, *_: object) -> None:
        """A new session or an opened recording: nothing of the previous one stays listed, and
        the panels hide until the new session says what it supports."""
        self._rebuild, self._replay_row = None, None
        self._replay_timer.stop()
        self.placeholder.setText(self._words(words.CONNECT))
        self._lay_out({})  # every panel's session ended, no tabs: the placeholder alone
        for panel in self.panels.values():
            panel.clear_view()
            panel.set_recorded_row(None)

    def _on_running(self, running: bool) -> None:
        if not running:
            for panel in self.panels.values():
                panel.session_ended()

    def _on_notification(self, method: str, params: dict) -> None:
        for panel in self.panels.values():
            if panel.session is not None:
                panel.on_notification(method, params)

    def open_resource(self, uri: str) -> None:
        resources = self.panels["resources"]
        if self.show_panel("resources") and hasattr(resources, "read_uri"):
            resources.read_uri(uri)

    def show_task(self, task_id: str) -> bool:
        """The Tasks panel in front with ``task_id`` selected (False when the panel is hidden)."""
        if not self.show_panel("tasks"):
            return False
        self._tasks.select(task_id)
        return True

    def frame(self, key: str) -> QScrollArea:
        """The tab page of panel ``key``: the panel in the frame that scrolls it in a narrow dock."""
        self.build_panels()
        return self._frames[key]

    def shown_keys(self) -> list[str]:
        return [key for key in self.panels if self.tabs.indexOf(self._frames[key]) >= 0]

    def show_panel(self, key: str) -> bool:
        """Bring a shown panel to the front (False when it is hidden)."""
        self.build_panels()
        index = self.tabs.indexOf(self._frames[key])
        if index >= 0:
            self.tabs.setCurrentIndex(index)
        return index >= 0
