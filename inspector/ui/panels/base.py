"""What every feature panel shares: access to the live session, tasks, errors, notifications."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QBoxLayout, QLabel, QSizePolicy, QSplitter, QWidget

from inspector.session import RequestCancelled, Session, SessionError
from inspector.session.features import Availability
from inspector.session.operations import ListenHub
from inspector.session.rebuild import RecordedState

from ..widgets import plain_label, set_tone


class FeaturePanel(QWidget):
    """Base class. Subclasses set ``key`` ("tools", "resources", ...) and implement the hooks.

    Panels never touch the transport: every action is ``await self.session.request(...)`` (or
    ``notify``), so its messages land in the recording, the timeline and the diagram.
    """

    key = ""
    #: Below this width a panel's list goes above its details instead of beside them.
    NARROW = 760

    def __init__(self, controller, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._adaptive: list[QSplitter] = []
        self.controller = controller
        self.session: Session | None = None
        self.availability: Availability | None = None
        self.era: str | None = None  # "legacy" / "modern"
        self.version: str | None = None
        self.recorded_row: int | None = None  # replay: the entry shown (None: not a replay)
        self.recorded_note: QLabel | None = None  # replay: "From the recording, as of entry N"
        self._recorded_shown: dict[str, Any] = {}  # replay: what is on screen (see recorded_changed)

    # ---------------------------------------------------------------- hooks

    def title(self) -> str:
        raise NotImplementedError

    def session_started(self, session: Session, availability: Availability, era: str | None, version: str | None) -> None:
        """The start sequence finished and this panel is shown: load lists, enable actions."""
        self._leave_stream()
        self.set_recorded_row(None)
        self.session = session
        self.availability = availability
        self.era = era
        self.version = version
        session.listen_hub.listeners.append(self.stream_changed)

    def show_recorded(self, state: RecordedState, availability: Availability) -> None:
        """Replay: show what an opened recording says as of entry ``state.row``, read-only.
        There is no session, so every action stays disabled. Subclasses call this first, then
        fill their own lists and results from ``state`` with the widgets a live session uses."""
        self._leave_stream()
        self.session = None
        self.availability = availability
        self.era = state.era
        self.version = state.version
        self.set_recorded_row(state.row)

    def recorded_changed(self, what: str, shown: Any) -> bool:
        """Replay: whether ``shown`` (a recorded listing, a call's marker) is not what the panel
        shows of ``what`` yet; it is remembered as shown. Unchanged parts are not drawn again."""
        if what in self._recorded_shown and self._recorded_shown[what] == shown:
            return False
        self._recorded_shown[what] = shown
        return True

    def set_recorded_row(self, row: int | None) -> None:
        """The line over the panel saying it shows a recording as of entry ``row`` (None: hidden,
        and nothing recorded is taken as shown any more)."""
        self.recorded_row = row
        if row is None:
            self._recorded_shown = {}
            if self.recorded_note is not None:
                self.recorded_note.hide()
            return
        if self.recorded_note is None:
            self.recorded_note = plain_label(selectable=False)
            self.recorded_note.setObjectName("recordedNote")
            self.recorded_note.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)  # a line, not a share of the room
            set_tone(self.recorded_note, "warn", "font-weight: 600;")
            layout = self.layout()
            if isinstance(layout, QBoxLayout):
                layout.insertWidget(0, self.recorded_note)
        self.recorded_note.setText(
            QCoreApplication.translate("FeaturePanel", "From the recording, as of entry {row}: read-only, the actions are disabled.").format(row=row)
        )
        self.recorded_note.show()

    def session_ended(self) -> None:
        """The server is gone: disable actions, keep what is on screen."""
        self._leave_stream()
        self.session = None

    # ---------------------------------------------------------------- the shared listen stream

    @property
    def stream(self) -> ListenHub | None:
        """The session's one subscriptions/listen stream (2026-07-28), shared by the panels."""
        return self.session.listen_hub if self.session is not None else None

    def want_notifications(self, notifications: dict | None) -> None:
        """What this panel needs on the shared stream (None: nothing any more)."""
        if self.session is not None:
            self.session.listen_hub.want(self.key, notifications)

    def stream_changed(self) -> None:
        """Hook: the shared stream's state, filter or acknowledgement changed."""

    def _leave_stream(self) -> None:
        if self.session is not None:
            hub = self.session.listen_hub
            if self.stream_changed in hub.listeners:
                hub.listeners.remove(self.stream_changed)

    def clear_view(self) -> None:
        """Forget what an earlier session showed (a new session or recording is coming): lists,
        selections, results, errors. Called by session_started and for every new recording,
        so a failed start never shows the previous server's features."""

    def on_notification(self, method: str, params: dict) -> None:
        """A server notification (all but notifications/message, which panels read from the recording)."""

    # ---------------------------------------------------------------- helpers

    def adapt_to_width(self, splitter: QSplitter) -> None:
        """Lay ``splitter`` out side by side when the panel is wide and one above the other when
        it is narrow (a docked panel), so no control is pushed out of view."""
        self._adaptive.append(splitter)
        self._orient(splitter, self.width())

    def _orient(self, splitter: QSplitter, width: int) -> None:
        narrow = width < self.NARROW
        wanted = Qt.Orientation.Vertical if narrow else Qt.Orientation.Horizontal
        if splitter.orientation() == wanted:
            return
        splitter.setOrientation(wanted)
        total = max(2, splitter.height() if narrow else splitter.width())
        first = total * 2 // 5 if narrow else min(total // 2, 320)
        splitter.setSizes([first, total - first])

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt override
        for splitter in self._adaptive:
            self._orient(splitter, event.size().width())
        super().resizeEvent(event)

    @property
    def live(self) -> bool:
        return self.session is not None

    def run(self, fn: Callable[..., Awaitable[Any]], *args: Any, error_label: QLabel | None = None) -> bool:
        """Run ``fn(*args)`` on the app's task group; a SessionError is shown, never raised."""
        tg = self.controller.task_group
        if tg is None or self.session is None:
            return False

        async def guarded() -> None:
            try:
                await fn(*args)
            except RequestCancelled:
                self.show_error(self.tr("Cancelled."), error_label)
            except SessionError as exc:
                self.show_error(str(exc), error_label)
            except Exception as exc:  # what the server sent tripped the panel: shown and recorded, never fatal
                name = getattr(fn, "__name__", "an action")
                self.show_error(self.tr("The inspector failed on what the server sent ({0}); it is recorded in the timeline.").format(f"{type(exc).__name__}: {exc}"), error_label)
                if session is not None:
                    session.note_internal_error(f"{self.key} panel, {name}", exc)

        session = self.session
        tg.start_soon(guarded)
        return True

    def show_error(self, text: str, label: QLabel | None = None) -> None:
        if label is not None:
            label.setTextFormat(Qt.TextFormat.PlainText)
            label.setText(text)
            label.setVisible(bool(text))
