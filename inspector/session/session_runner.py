"""One live session (or one opened recording) at a time, for the window, without Qt.

Theory of operation
-------------------
Widgets never talk to the transport or parse JSON-RPC. They call the window's session
controller (connect, end the session, step mode on or off, continue a step) and observe the
recording it publishes. :class:`SessionRunner` is that controller's logic: it starts a session
from a saved server on the application's long-lived anyio task group, ends it per spec, holds
and releases its step gate, shows an opened recording read-only, and saves what is shown. What
happened it tells through :meth:`SessionRunner.tell`, by the name of an event of :data:`EVENTS`
and its values, to its listeners; the window's ``SessionController`` (``inspector.ui.controller``)
is this class with one Qt signal per event, of the same name, and the self-test's session steps
(``app_setup.session_steps``) and the headless tests listen.
(Ending is :meth:`SessionRunner.end_session`, not ``disconnect``: that name is QObject's.)
A saved server that signs in with OAuth gets its authorizer here (:func:`.oauth_profile.authorizer_for`,
its tokens in ``token_folder``, the saved servers' folder), put on the session's options and bound
to the session as soon as it is made; the authorization URL the flow sends the user to is told as
``signInUrl`` (the window shows it, since a system browser may not open).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import anyio
from anyio.abc import TaskGroup

from inspector.protocol.jsontypes import JsonObject, JsonValue
from inspector.protocol.lifecycle import Transition
from inspector.protocol.versions import EraMode

from .found_out import remember_found
from .handlers import ClientHandlers
from .oauth_tokens import canonical_resource
from .profiles import ServerProfile
from .recording import Progress, Recording, RecordingError, RecordingWriter
from .session import PendingStep, Session, StartFailed
from .translate import Translate, untranslated

if TYPE_CHECKING:  # the sign-in driver is imported when a server signs in
    from .oauth_link import OAuthAuthorizer

#: The events :meth:`SessionRunner.tell` names, and what each one carries.
EVENTS = {
    "recordingChanged": "a new recording to show (live or opened) and the era mode it was started in",
    "runningChanged": "True while a server process is running",
    "ready": "the start sequence finished (the session is usable)",
    "stepPending": "a step-mode message waits for Continue (PendingStep), or None when nothing waits",
    "steppingChanged": "step mode was entered or left during the session (True: messages wait at the gate now)",
    "failed": "something went wrong that the user must read (plain text)",
    "finished": "the session ended; the summary dict",
    "eraDetected": "a session found out the era or the transport of a profile (session.found_out): its id, the era",
    "notified": "a server notification other than notifications/message (method, params)",
    "signInUrl": "an OAuth sign-in waits in the browser: the server's name and the authorization URL to open",
}

#: The words the runner says, in the window's "SessionController" context (scripts/i18n.py).
CONTEXT = "SessionController"
WORDS = {
    "busy": "Disconnect before opening a recording.",
    "nothing": "there is no session to save",
    "internal": "internal error: {error}",
}


class SessionRunner:
    """One live session or one opened recording at a time (see the module's docstring)."""

    def __init__(self) -> None:
        self.task_group: TaskGroup | None = None  # set by the app: its long-lived task group
        self.session: Session | None = None
        self.recording: Recording | None = None
        self.mode: EraMode = EraMode.AUTO
        self.profile: ServerProfile | None = None
        self.translate: Translate = untranslated  # the window's QCoreApplication.translate
        self._stop: anyio.Event | None = None
        self._running = False
        # answers the server's requests (roots, sampling, elicitation); the window installs one
        # that asks the user through dialogs
        self.handlers_factory: Callable[[ServerProfile], ClientHandlers] | None = None
        # told every event with its values (the self-test's steps, the tests), after the window
        self.listeners: list[Callable[[str, tuple[object, ...]], None]] = []
        # where OAuth tokens are kept (the saved servers' folder; None: no OAuth sign-in)
        self.token_folder: Path | None = None
        self.authorizer: OAuthAuthorizer | None = None  # the live session's sign-in driver, if it signs in

    def tell(self, event: str, *values: object) -> None:
        """``event`` (a name of :data:`EVENTS`) happened, with ``values``: the listeners are told
        (the window's controller emits the Qt signal of that name first)."""
        for listener in self.listeners:
            listener(event, values)

    def _words(self, name: str) -> str:
        return self.translate(CONTEXT, WORDS[name])

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
        authorizer = None
        if profile.oauth and self.token_folder is not None:  # the driver is imported only for a server that signs in
            from .oauth_link import with_authorizer
            from .oauth_profile import authorizer_for

            def announce(url: str) -> None:
                self.tell("signInUrl", profile.name, url)

            authorizer = authorizer_for(profile, self.token_folder, announce)
            if authorizer is not None:
                options = with_authorizer(options, authorizer)
        self.authorizer = authorizer
        handlers = self.handlers_factory(profile) if self.handlers_factory is not None else None
        session = Session(options, handlers=handlers)
        if authorizer is not None:
            authorizer.bind(session)
        attach = getattr(handlers, "attach", None)  # the window's handlers answer through the session
        if attach is not None:
            attach(session)
        session.recording.header["server_name"] = profile.name
        session.recording.header["env"] = profile.masked_env()
        self.session = session
        self.profile = profile
        self.recording = session.recording
        self.mode = options.config.era
        self._stop = anyio.Event()
        self._running = True
        session.gate.listeners.append(lambda step: self.tell("stepPending", step))
        session.change_listeners.append(self.forward_notification)  # log messages: the Logs panel reads the recording
        self.tell("recordingChanged", session.recording, self.mode)
        self.tell("runningChanged", True)
        self.task_group.start_soon(self._run, session, profile, self._stop)
        return True

    def sign_out(self, url: str) -> None:
        """Signed out of the server at ``url`` (its stored tokens forgotten): the live session's
        driver, when it serves that server, forgets the token it holds too (its next refresh would
        store one again)."""
        client = self.authorizer.client if self.authorizer is not None else None
        if client is not None and client.resource_key == canonical_resource(url):
            client.forget()

    def end_session(self, *, step_shutdown: bool = False) -> None:
        """Shut the server down per spec (the shutdown steps appear in the timeline).
        ``step_shutdown``: in step mode, each shutdown step waits for Continue too (the
        Disconnect button); without it (closing the window) nothing waits for a person."""
        if self._stop is not None:
            self._stop.set()
        if self.session is not None:
            self.session.gate.close(shutdown_steps=step_shutdown)  # a waiting step message is not sent

    async def end_and_wait(self, seconds: float = 10) -> None:
        """End the live session and let the server shut down per spec (``seconds`` at most):
        the window's close, the self-test's end."""
        self.end_session()
        with anyio.move_on_after(seconds):
            while self._running:
                await anyio.sleep(0.02)

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
            self.tell("steppingChanged", self.stepping)

    def set_stepping(self, on: bool) -> bool:
        """Enter step mode during the session (the next message waits for Continue) or leave it
        (like Run to end). Returns whether the session steps now."""
        if self.session is None or not self._running:
            return False
        if not on:
            self.run_to_end()
            return False
        if self.session.gate.hold_from_now():
            self.tell("steppingChanged", self.stepping)
        return self.stepping

    def open_recording(self, path: str | Path, progress: Progress | None = None) -> Recording:
        """Show a saved recording (read-only). Raises RecordingError with a readable text;
        lines that could not be read are in the result's ``load_problems``."""
        if self._running:
            raise RecordingError(self._words("busy"))
        return self.show_recording(Recording.load(path, progress=progress))

    def show_recording(self, rec: Recording) -> Recording:
        """Show a recording that is not live (opened, or re-analysed), read-only."""
        if self._running:
            raise RecordingError(self._words("busy"))
        self.session = None
        self.recording = rec
        try:
            self.mode = EraMode(rec.header.get("era_mode", "auto"))
        except ValueError:
            self.mode = EraMode.AUTO
        self.tell("recordingChanged", rec, self.mode)
        if rec.summary:
            self.tell("finished", rec.summary)
        return rec

    def summary(self) -> JsonObject | None:
        """How the recording shown ended: its own summary, or the live session's so far."""
        if self.recording is not None and self.recording.summary:
            return self.recording.summary
        return self.session.summary() if self.session is not None else None

    def save_recording(self, path: str | Path) -> None:
        if self.recording is None:
            raise ValueError(self._words("nothing"))
        RecordingWriter(Path(path), self.recording).close(self.summary())

    def forward_notification(self, seq: int, obj: JsonValue) -> None:
        """A session listener: a server notification other than a log message is told as
        ``notified`` (method, params) for the panels."""
        if not isinstance(obj, dict):
            return
        method = obj.get("method")
        if method == "notifications/message" or not isinstance(method, str):
            return
        params = obj.get("params")
        self.tell("notified", method, params if isinstance(params, dict) else {})

    # ------------------------------------------------------------------ the live session

    async def _run(self, session: Session, profile: ServerProfile, stop: anyio.Event) -> None:
        summary: JsonObject | None = None
        try:
            async with session:
                try:
                    await session.start()
                except StartFailed as exc:
                    self.tell("failed", str(exc))
                else:
                    if remember_found(profile, session):
                        self.tell("eraDetected", profile.id, profile.detected_era)
                    self.tell("ready")
                    async with anyio.create_task_group() as tg:

                        async def _exit_watch() -> None:
                            await session.wait_exit(float("inf"))
                            tg.cancel_scope.cancel()

                        tg.start_soon(_exit_watch)
                        await stop.wait()
                        tg.cancel_scope.cancel()
        except StartFailed as exc:  # the server could not be started
            self.tell("failed", str(exc))
        except Exception as exc:  # never let a session bug take the window down
            self.tell("failed", self._words("internal").format(error=repr(exc)))
        finally:
            summary = session.recording.summary or session.summary()
            self._running = False
            self._stop = None
            self.tell("stepPending", None)
            self.tell("runningChanged", False)
            self.tell("finished", summary)
