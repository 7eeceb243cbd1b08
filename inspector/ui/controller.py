"""The bridge between Qt and the session: one live session (or one opened recording) at a time.

Widgets never talk to the transport or parse JSON-RPC. They call the controller (connect, end the
session, step mode on or off, continue a step) and observe the recording it publishes; the controller
runs the session on the application's long-lived anyio task group (qasync loop).
(Ending is :meth:`SessionController.end_session`, not ``disconnect``: that name is QObject's.)
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import anyio
from anyio.abc import TaskGroup
from PySide6.QtCore import QObject, Signal

from inspector.protocol.jsontypes import JsonObject, JsonValue
from inspector.protocol.lifecycle import Transition
from inspector.protocol.versions import EraMode
from inspector.session import Recording, Session, StartFailed
from inspector.session.found_out import remember_found
from inspector.session.handlers import ClientHandlers
from inspector.session.profiles import ServerProfile
from inspector.session.recording import Progress, RecordingError, RecordingWriter
from inspector.session.session import PendingStep


class SessionController(QObject):
    # a new recording to show (live or opened) and the era mode it was started in
    recordingChanged = Signal(object, object)
    # True while a server process is running
    runningChanged = Signal(bool)
    # the start sequence finished (the session is usable)
    ready = Signal()
    # a step-mode message waits for Continue (PendingStep), or None when nothing waits
    stepPending = Signal(object)
    # step mode was entered or left during the session (True: messages wait at the gate now)
    steppingChanged = Signal(bool)
    # something went wrong that the user must read (plain text)
    failed = Signal(str)
    # the session ended; the summary dict
    finished = Signal(object)
    # a session found out the era ("legacy" / "modern") or the transport of a profile (session.found_out)
    eraDetected = Signal(str, str)
    # a server notification other than notifications/message (method, params); log messages
    # are read from the recording in batches, so a flood costs no signal per message
    notified = Signal(str, object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.task_group: TaskGroup | None = None  # set by the app: its long-lived task group
        self.session: Session | None = None
        self.recording: Recording | None = None
        self.mode: EraMode = EraMode.AUTO
        self.profile: ServerProfile | None = None
        self._stop: anyio.Event | None = None
        self._running = False
        # answers the server's requests (roots, sampling, elicitation); the window installs one
        # that asks the user through dialogs
        self.handlers_factory: Callable[[ServerProfile], ClientHandlers] | None = None

    # ------------------------------------------------------------------ queries

    @property
    def running(self) -> bool:
        return self._running

    @property
    def stepping(self) -> bool:
        """A session runs in step mode now: its messages wait at the gate for Continue."""
        return self._running and self.session is not None and self.session.gate.enabled and not self.session.gate.closed

    @property
    def pending_step(self) -> PendingStep | None:
        return self.session.gate.pending if self.session is not None else None

    # ------------------------------------------------------------------ commands

    def connect_profile(self, profile: ServerProfile, *, step: bool = False) -> bool:
        """Start a session with ``profile``. Returns False when one is already running."""
        if self._running or self.task_group is None:
            return False
        options = profile.to_options(step=step, freeze_gc=True)
        handlers = self.handlers_factory(profile) if self.handlers_factory is not None else None
        session = Session(options, handlers=handlers)
        if handlers is not None and hasattr(handlers, "attach"):
            handlers.attach(session)
        session.recording.header["server_name"] = profile.name
        session.recording.header["env"] = profile.masked_env()
        self.session = session
        self.profile = profile
        self.recording = session.recording
        self.mode = options.config.era
        self._stop = anyio.Event()
        self._running = True
        session.gate.listeners.append(self.stepPending.emit)
        session.change_listeners.append(self.forward_notification)  # log messages: the Logs panel reads the recording
        self.recordingChanged.emit(session.recording, self.mode)
        self.runningChanged.emit(True)
        self.task_group.start_soon(self._run, session, profile, self._stop)
        return True

    def end_session(self, *, step_shutdown: bool = False) -> None:
        """Shut the server down per spec (the shutdown steps appear in the timeline).
        ``step_shutdown``: in step mode, each shutdown step waits for Continue too (the
        Disconnect button); without it (closing the window) nothing waits for a person."""
        if self._stop is not None:
            self._stop.set()
        if self.session is not None:
            self.session.gate.close(shutdown_steps=step_shutdown)  # a waiting step message is not sent

    def abandon(self) -> str | None:
        """No event loop left (the display vanished): end a running server at once."""
        return self.session.abandon() if self.session is not None else None

    def pending_transition(self) -> Transition | None:
        """Step mode: the lifecycle edge the held step will take (None: none, or no session)."""
        return self.session.pending_transition() if self.session is not None else None

    def continue_step(self) -> bool:
        return self.session.gate.go() if self.session is not None else False

    def run_to_end(self) -> None:
        """Leave step mode: what waits goes, and nothing later waits."""
        if self.session is not None:
            self.session.gate.release_all()
            self.steppingChanged.emit(self.stepping)

    def set_stepping(self, on: bool) -> bool:
        """Enter step mode during the session (the next message waits for Continue) or leave it
        (like Run to end). Returns whether the session steps now."""
        if self.session is None or not self._running:
            return False
        if not on:
            self.run_to_end()
            return False
        if self.session.gate.hold_from_now():
            self.steppingChanged.emit(self.stepping)
        return self.stepping

    def open_recording(self, path: str | Path, progress: Progress | None = None) -> Recording:
        """Show a saved recording (read-only). Raises RecordingError with a readable text;
        lines that could not be read are in the result's ``load_problems``."""
        if self._running:
            raise RecordingError(self.tr("Disconnect before opening a recording."))
        return self.show_recording(Recording.load(path, progress=progress))

    def show_recording(self, rec: Recording) -> Recording:
        """Show a recording that is not live (opened, or re-analysed), read-only."""
        if self._running:
            raise RecordingError(self.tr("Disconnect before opening a recording."))
        self.session = None
        self.recording = rec
        try:
            self.mode = EraMode(rec.header.get("era_mode", "auto"))
        except ValueError:
            self.mode = EraMode.AUTO
        self.recordingChanged.emit(rec, self.mode)
        if rec.summary:
            self.finished.emit(rec.summary)
        return rec

    def summary(self) -> JsonObject | None:
        """How the recording shown ended: its own summary, or the live session's so far."""
        if self.recording is not None and self.recording.summary:
            return self.recording.summary
        return self.session.summary() if self.session is not None else None

    def save_recording(self, path: str | Path) -> None:
        if self.recording is None:
            raise ValueError(self.tr("there is no session to save"))
        RecordingWriter(Path(path), self.recording).close(self.summary())

    def forward_notification(self, seq: int, obj: JsonValue) -> None:
        """A session listener: a server notification other than a log message goes out as
        ``notified`` (method, params) for the panels."""
        if not isinstance(obj, dict):
            return
        method = obj.get("method")
        if method == "notifications/message" or not isinstance(method, str):
            return
        params = obj.get("params")
        self.notified.emit(method, params if isinstance(params, dict) else {})

    # ------------------------------------------------------------------ the live session

    async def _run(self, session: Session, profile: ServerProfile, stop: anyio.Event) -> None:
        summary: JsonObject | None = None
        try:
            async with session:
                try:
                    await session.start()
                except StartFailed as exc:
                    self.failed.emit(str(exc))
                else:
                    if remember_found(profile, session):
                        self.eraDetected.emit(profile.id, profile.detected_era)
                    self.ready.emit()
                    async with anyio.create_task_group() as tg:

                        async def _exit_watch() -> None:
                            await session.wait_exit(float("inf"))
                            tg.cancel_scope.cancel()

                        tg.start_soon(_exit_watch)
                        await stop.wait()
                        tg.cancel_scope.cancel()
        except StartFailed as exc:  # the server could not be started
            self.failed.emit(str(exc))
        except Exception as exc:  # never let a session bug take the window down
            self.failed.emit(self.tr("internal error: {error}").format(error=repr(exc)))
        finally:
            summary = session.recording.summary or session.summary()
            self._running = False
            self._stop = None
            self.stepPending.emit(None)
            self.runningChanged.emit(False)
            self.finished.emit(summary)
