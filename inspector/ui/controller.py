"""The bridge between Qt and the session: one live session (or one opened recording) at a time.

:class:`SessionController` is the Qt-free :class:`~inspector.session.session_runner.SessionRunner`
(connect, end the session, step mode on or off, continue a step, open, show and save a
recording; see its theory of operation) with one Qt signal per event the runner tells, of the
same name: the widgets observe these, and it runs the session on the application's long-lived
anyio task group (qasync loop).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QObject, Signal

from inspector.session.session_runner import EVENTS, SessionRunner


class SessionController(QObject, SessionRunner):
    """The session runner, its events as Qt signals (what each carries: ``session_runner.EVENTS``)."""

    recordingChanged = Signal(object, object)  # the recording, its era mode
    runningChanged = Signal(bool)
    ready = Signal()
    stepPending = Signal(object)  # a PendingStep, or None
    steppingChanged = Signal(bool)
    failed = Signal(str)
    finished = Signal(object)  # the summary dict
    eraDetected = Signal(str, str)  # the profile's id, the era
    # log messages are read from the recording in batches, so a flood costs no signal per message
    notified = Signal(str, object)  # method, params
    signInUrl = Signal(str, str)  # the server's name, the authorization URL

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)  # PySide6 calls SessionRunner.__init__ too (cooperative multiple inheritance)
        self.translate = QCoreApplication.translate

    def tell(self, event: str, *values: object) -> None:
        """Emit the signal named ``event`` (from the thread the session runs on, the GUI's), then
        tell the runner's listeners."""
        assert event in EVENTS, event
        getattr(self, event).emit(*values)
        super().tell(event, *values)
