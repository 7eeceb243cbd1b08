"""The window's session tools: the composer (a message of one's own, or a copy of one sent, to
edit and send), ping with its round trip in the status bar, and the bundled specification.

:class:`SessionTools` owns them for the main window, given the window: the composer is made on
first use (its module is imported then, not at start-up) and is the window's child; ping runs
on the controller's task group and says in the window's status bar how long the answer took;
the specification opens at the page a reference names, or the negotiated version's overview.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from inspector.session import SessionError

from .text import format_duration
from .window_status import WindowPart

if TYPE_CHECKING:
    from .composer import ComposerDialog
    from .spec_viewer import SpecViewer


class SessionTools(WindowPart):
    """The composer, ping and the specification of ``window`` (see the module's docstring)."""

    composer: ComposerDialog | None = None  # made on first use

    def open_composer(self, method: str | None = None) -> ComposerDialog:
        """The composer window (made once), raised, with ``method``'s template if given."""
        if self.composer is None:
            from .composer import ComposerDialog

            self.composer = ComposerDialog(self.window.controller, self.window)
            self.composer.sent.connect(self.window.timeline.select_seq)  # what was sent, shown
        self.composer.refresh()
        if method:
            self.composer.use_template(method)
        self.composer.show()
        self.composer.raise_()
        self.composer.activateWindow()
        return self.composer

    def resend(self, seq: int) -> None:
        """Edit and resend: the composer with a copy of the client's message at ``seq``."""
        rec = self.window.recording
        if rec is None or not (0 <= seq < len(rec)):
            return
        entry = rec[seq]
        composer = self.open_composer()
        composer.edit_copy_of(entry.json(), entry.text)

    def ping(self) -> bool:
        """Send ping; the status bar says how long the answer took."""
        controller = self.window.controller
        session, tg = controller.session, controller.task_group
        if session is None or tg is None or not controller.running:
            return False

        async def go() -> None:
            try:
                reply = await session.request("ping")
            except SessionError as exc:
                self.note(self.tr("ping failed: {why}").format(why=str(exc)), 10000)
                return
            if reply.ok:
                self.note(self.tr("ping answered in {duration}").format(duration=format_duration(reply.latency)), 10000)
            else:
                self.note(self.tr("ping answered with an error: {error}").format(error=reply.error), 10000)

        tg.start_soon(go)
        return True

    def open_spec(self, ref: str = "") -> SpecViewer | None:
        """The bundled spec page ``ref`` names ("<version> <page>#<section>"); without one, the
        overview of the negotiated version (or the newest). None when it is not bundled."""
        from inspector.session.spec_pages import overview_ref

        from .spec_viewer import open_spec

        if not ref:
            session = self.window.controller.session
            ref = overview_ref(session.negotiation().version if session is not None else None)
        viewer = open_spec(ref, self.window)
        if viewer is None:
            self.note(self.tr("That page of the specification is not bundled: {ref}").format(ref=ref), 6000)
        return viewer
