"""The window's relays for attached URL servers, and the status-bar label that shows them.

Theory of operation: this module renders and forwards; what a relay is and does is
:mod:`inspector.session.url_relays` (a child ``proxy --listen ... --upstream ...`` per attached URL
server, in its own process group, its stderr kept). :func:`serve_attached` gives the window a
:class:`UrlRelays`, a label in its status bar (hidden while no URL server is attached anywhere).
Just after the window's first paint, never before, it reads the host files where the importer looks
(and the files the attach dialog was given with Choose file…, for as long as the window is open)
and starts a relay for each attached URL server; the attach dialog calls :meth:`UrlRelays.serve`
again after each attach or detach (a new one is started, a detached one stopped). The session
modules (the host files' reader, the stdio transport) are imported then, not at start-up.
:meth:`UrlRelays.stop_all` (the window closes) stops them all and returns once every child is gone.

The label says how many relays serve now and, when any cannot, how many; its tooltip lists each
relay (server, loopback address → upstream URL, state, and why not), in the window's language,
again on a language switch. :meth:`UrlRelays.state_words` gives one server's state in words, for
the attach dialog's rows (the words are :mod:`inspector.session.relay_words`); ``changed`` is
emitted after each change of any relay's state.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt, QTimer, Signal
from PySide6.QtWidgets import QLabel, QMainWindow, QWidget

from inspector.session import relay_words

from .widgets import on_language_change, plain_tooltip

if TYPE_CHECKING:
    import anyio.abc

    from inspector.session.url_relays import Relay, Relays


class UrlRelays(QLabel):
    """The relays of one window, and their label in its status bar (see the module)."""

    changed = Signal()

    def __init__(
        self, window: QMainWindow, task_group: Callable[[], anyio.abc.TaskGroup | None], **where: object
    ) -> None:
        super().__init__()
        self.setObjectName("urlRelays")
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.task_group = task_group
        self.where = where  # found_host_files' platform, home, env, cwd (tests: a temporary home)
        self.extra: list[Path] = []  # host files chosen in the attach dialog (this window's life)
        self.relays: Relays | None = None  # made at the first serve(): after the first paint
        self.stopped = False  # stop_all has run: nothing is started again
        self.hide()
        on_language_change(self, self.retranslate)
        window.statusBar().addPermanentWidget(self)

    def serve(self) -> None:
        """Read the host files and start or stop relays to match what is attached now."""
        from inspector.session.attach import found_host_files
        from inspector.session.url_relays import Relays, wanted

        tg = self.task_group()
        if tg is None or self.stopped:  # no loop runs (a test's window), or the window has closed
            return
        if self.relays is None:
            self.relays = Relays(on_change=self._changed)
        self.relays.sync(tg, wanted(found_host_files(self.extra, **self.where)))

    async def stop_all(self) -> None:
        """Stop every relay; return once each child is gone."""
        self.stopped = True
        if self.relays is not None:
            await self.relays.stop_all()

    def abandon(self) -> list[str]:
        """No loop is left (the display went away): SIGTERM to each relay's group; what was done."""
        return self.relays.abandon() if self.relays is not None else []

    def relay(self, file: Path, name: str) -> Relay | None:
        return None if self.relays is None else self.relays.get(file, name)

    def state_words(self, file: Path, name: str) -> str:
        """Whether this window serves the server ``name`` of ``file`` now, in words."""
        return relay_words.state_words(self.relay(file, name), QCoreApplication.translate)

    def _changed(self) -> None:
        self.retranslate()
        self.changed.emit()

    def retranslate(self) -> None:
        relays = list(self.relays.relays.values()) if self.relays is not None else []
        serving = sum(r.state == "serving" for r in relays)
        failing = sum(not r.running for r in relays)
        text = self.tr("HTTP relays: %n serving", "", serving)
        if failing:
            text += self.tr(", %n not", "", failing)
        self.setText(text)
        self.setToolTip(plain_tooltip("\n".join(relay_words.relay_lines(relays, QCoreApplication.translate))))
        self.setVisible(bool(relays))


def relays_of(widget: QWidget | None) -> UrlRelays | None:
    """The relays of the window ``widget`` is in (None: it has none)."""
    window = widget.window() if widget is not None else None
    return window.findChild(UrlRelays) if window is not None else None


def serve_attached(window: QMainWindow, task_group: anyio.abc.TaskGroup) -> UrlRelays:
    """The window's relays, started just after its first paint (see the module)."""
    from .app import after_first_paint

    relays = UrlRelays(window, lambda: task_group)
    # one more turn of the loop after the first paint: what else waits for it goes first (the
    # start-up benchmark's report, which lists the modules loaded at the first paint)
    after_first_paint(window, lambda: QTimer.singleShot(0, relays, relays.serve))
    return relays
