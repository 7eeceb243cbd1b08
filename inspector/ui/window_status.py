"""The window's status bar: its permanent labels and its messages; the window's parts' one base.

:class:`WindowPart` is what every helper of the main window (its actions, files, layouts,
status line, tools) is: a QObject given the window as its parent, which says a line in the
window's status bar (:meth:`WindowPart.note`) and shows a plain-text message box the tests can
read as ``window.message_box`` (:meth:`WindowPart.message`).

:class:`StatusLine` puts four labels in the main window's status bar (the state and the era
and version as of the entry shown, the number of entries, how the server ended and why the
session failed) and words them in the window's language. A message said through
:meth:`StatusLine.say` is made by a function, so a language switch while it is still shown
says it again in the new language (:meth:`StatusLine.say_again`). The texts are plain text:
a server's words in them are never read as markup.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, Qt
from PySide6.QtWidgets import QLabel, QMessageBox

from inspector.protocol.jsontypes import JsonObject
from inspector.protocol.lifecycle import STATE_INFO
from inspector.protocol.versions import Era, EraMode
from inspector.session.failure_words import exit_label
from inspector.session.labels import ERA_LABELS  # era names ("Eras"), shared with the handouts
from inspector.session.operations import FailureReport
from inspector.session.recording import Recording
from inspector.session.version_in_force import version_in_force

from .widgets import plain_message, plain_tooltip

if TYPE_CHECKING:
    from .main_window import MainWindow

Icon = QMessageBox.Icon


class WindowPart(QObject):
    """A part of ``window``'s work, the window its parent (see the module's docstring)."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window

    def note(self, text: str, timeout: int) -> None:
        """``text`` in the window's status bar for ``timeout`` ms."""
        self.window.statusBar().showMessage(text, timeout)

    def message(
        self, title: str, text: str, informative: str = "", details: str = "", icon: Icon = Icon.Warning
    ) -> None:
        """A window-modal plain-text message (as :func:`~.widgets.plain_message` says)."""
        self.window.message_box = plain_message(
            self.window, title, text, informative=informative, details=details, icon=icon
        )


class StatusLine(WindowPart):
    """The status bar of ``window`` (see the module's docstring)."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.state, self.era, self.counts, self.exit = QLabel(), QLabel(), QLabel(), QLabel()
        for label in (self.state, self.era, self.counts, self.exit):
            label.setTextFormat(Qt.TextFormat.PlainText)
            window.statusBar().addPermanentWidget(label)
        self._words: tuple[Callable[[], str], str, int] | None = None  # the last message said (see say)

    def listed(self, sentences: Iterable[str]) -> str:
        """Sentences as one list in a line: "a; b" ("a；b" in Chinese), their full stops dropped."""
        #: Between the items of a list in one line, e.g. the problems after "Fix the highlighted fields first: ".
        return self.tr("; ").join(s.rstrip(".。") for s in sentences)

    def say(self, words: Callable[[], str], timeout: int) -> None:
        """A status-bar message made by ``words``, said again in the new language on a switch
        while it is still shown."""
        text = words()
        self.note(text, timeout)
        self._words = (words, text, timeout)

    def say_again(self) -> None:
        """The message said last, in the current language, if the status bar still shows it."""
        if self._words is not None and self.window.statusBar().currentMessage() == self._words[1]:
            self.say(self._words[0], self._words[2])

    def show_row(self, rec: Recording, row: int, version: str | None, mode: EraMode) -> None:
        """The state and era as of entry ``row``; ``version``: the negotiated one (None: as the
        session layer reads it from the recording by that row); ``mode``: the era mode shown
        when the recording names no era by then."""
        title = QCoreApplication.translate("Lifecycle", STATE_INFO[rec.state_at(row)].title)
        self.state.setText(self.tr("State: {s}").format(s=title))
        era = rec.era_as_of(row)
        if version is None:
            version = version_in_force(rec).negotiated(row)
        name = QCoreApplication.translate("Eras", ERA_LABELS.get(Era(era).value if era else mode.value, "—"))
        self.era.setText(self.tr("Era: {e}  Version: {v}").format(e=name, v=version or "—"))

    def show_not_connected(self) -> None:
        self.state.setText(self.tr("Not connected"))

    def show_exit(self, summary: JsonObject, failure: FailureReport | None) -> None:
        """The exit label: how the server ended and why the session failed (``failure``), in the
        window's language (the outcome worded from its code, as the banner words it)."""
        text, tip = exit_label(QCoreApplication.translate, summary, failure)
        self.exit.setText(text)
        self.exit.setToolTip(plain_tooltip(tip) if tip else "")

    def clear_exit(self) -> None:
        self.exit.setText("")
        self.exit.setToolTip("")
