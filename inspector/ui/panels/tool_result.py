"""The Tools panel's result pane: the call's progress, the banner, the status line and the result.

Theory of operation
-------------------
:class:`ToolResultPane` is the lower part of the Tools panel's page. It draws what the
:class:`~inspector.session.controllers.tools.ToolsController` learned about the call in flight and
the call that ended, and keeps nothing of the call itself: the progress row while the call runs
(a progress notification's ``progress``/``total``/``message``, a task's status), then one of the
answer's three distinct ways - a JSON-RPC error ("Protocol error -32602: ..."), a tool error
(``isError: true``: "The tool reported an error" plus its content) or a result - with the
banner over it and a status line of facts (the tool, the request id, how long it took, the input
rounds; for a task its id, status, polls and time). Content goes to a
:class:`~inspector.ui.content.ContentView`, ``structuredContent`` checked against the tool's
``outputSchema``.

Its words are said through the panel's :meth:`~inspector.ui.panels.base.FeaturePanel.say`, so a
language switch rewords them.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QFrame, QProgressBar, QSizePolicy, QWidget

from inspector.protocol.jsontypes import JsonObject
from inspector.session import call_words as banners
from inspector.session.controllers.tools import (
    CANCELLED,
    FAILED,
    RESULT,
    CallOutcome,
    progress_parts,
    reply_view,
)
from inspector.session.outcomes import Reply

from ..content import ContentView
from ..text import format_duration
from ..theme import tone
from ..widgets import plain_label
from .answers import failure_text
from .base import FeaturePanel, button, column, named, row


class ToolResultPane(QWidget):
    """The progress row, the banner, the status line and the content of the last call."""

    showTaskClicked = Signal()  # "Show in Tasks"

    def __init__(self, panel: FeaturePanel) -> None:
        super().__init__()
        self.panel = panel
        self.last_reply: Reply | None = None
        self.outcome = ""  # "result" | "tool-error" | "protocol-error" | "cancelled" | "failed"
        self.status_words: Callable[[], str] | None = None  # the status line of the last reply shown
        self.setObjectName("toolResultArea")
        self.progress = named(QProgressBar(), "callProgress")
        self.progress.setRange(0, 1000)
        self.progress.setValue(0)
        self.progress.setTextVisible(True)
        self.progress.setMaximumHeight(16)
        self.progress_label = named(plain_label(wrap=False, selectable=True), "progressMessage")
        self.progress_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.progress_row = QWidget()
        self.progress_row.setLayout(row((self.progress, 2), (self.progress_label, 3)))
        self.progress_row.hide()
        self.banner = named(QFrame(), "resultBanner", hidden=True)
        self.banner_title = named(plain_label(selectable=True), "bannerTitle")
        self.banner_detail = named(plain_label(selectable=True), "bannerDetail")
        column(self.banner, self.banner_title, self.banner_detail, spacing=2).setContentsMargins(10, 6, 10, 6)
        self.status_label = named(plain_label(selectable=True), "callStatus", "muted")
        self.show_task_button = button("showTask", lambda: self.showTaskClicked.emit(), hidden=True)
        status_row = row((self.status_label, 1))
        status_row.addWidget(self.show_task_button, 0, Qt.AlignmentFlag.AlignTop)
        self.content = named(ContentView(scrolls=False), "toolResult")
        column(self, self.progress_row, self.banner, status_row, self.content).setContentsMargins(0, 6, 0, 0)

    def retranslate(self) -> None:
        self.show_task_button.setText(self.tr("Show in Tasks"))

    # ---------------------------------------------------------------- while the call runs

    def show_calling(self, name: str, as_task: bool) -> None:
        """A call of ``name`` went out: the progress row, busy until the first progress."""
        self.clear()
        self.progress.setRange(0, 0)
        self.progress.setFormat("")
        key = "calling_task" if as_task else "calling"
        self.panel.say(self.progress_label, lambda: banners.progress_text(key, name, QCoreApplication.translate))
        self.progress_row.show()

    def show_cancelling(self) -> None:
        self.panel.say(self.progress_label, lambda: banners.progress_text("cancelling", tr=QCoreApplication.translate))

    def show_progress(self, params: JsonObject) -> None:
        """A progress notification of the call in flight (busy when it sent no total)."""
        got = progress_parts(params)
        if got.fraction is not None:
            self.progress.setRange(0, 1000)
            self.progress.setValue(round(1000 * got.fraction))
        elif got.shown is not None:
            self.progress.setRange(0, 0)
        if got.shown is not None:
            self.progress.setFormat(got.shown)
        shown, message = got.shown, got.message
        if message is not None:  # the server's words, as they came
            self.panel.say(self.progress_label, lambda: message)
        elif shown is not None:
            self.panel.say(
                self.progress_label, lambda: banners.progress_text("progress", shown, QCoreApplication.translate)
            )

    def show_task_state(self, task: JsonObject) -> None:
        """The task a call runs as, as last learned (its status and message)."""
        state = dict(task)  # as learned now
        self.panel.say(self.progress_label, lambda: banners.task_state_text(state, QCoreApplication.translate))

    # ---------------------------------------------------------------- when it ended

    def show_called(self, called: CallOutcome, closes_stream: bool) -> str | None:
        """A call ended: its answer, or why there is none, with the task's facts when it ran as
        one (``closes_stream``: cancelling closes the answer stream instead of a notification).
        Returns the id of the task whose result this is (None: no task ran to a result)."""
        tool, run = called.tool, called.run
        if run is not None:
            self.show_task_button.setVisible(run.task_id is not None)
        if called.outcome == CANCELLED:
            self.outcome = CANCELLED
            self.say_banner(*banners.cancelled_banner(run, closes_stream))
            return None
        if called.failure is not None:
            self.outcome = FAILED
            failure = called.failure
            self.show_banner(lambda: (self.tr("The call failed"), failure_text(failure)), "error")
            return None
        reply = called.reply
        assert reply is not None
        self.show_reply(tool, reply, called.outcome)
        if run is None or run.result is None:  # a plain call, or the task-augmented request was refused
            return None
        if called.no_task:
            if self.outcome == RESULT:
                self.say_banner(banners.NO_TASK)
            return None
        task_id = run.task_id

        def facts() -> str:
            return banners.task_facts(
                str(tool["name"]), run, self.tr("%n poll(s)", "", run.polls), QCoreApplication.translate
            )

        self.status_words = facts
        self.panel.say(self.status_label, facts)
        return task_id

    def show_reply(self, tool: JsonObject, reply: Reply, outcome: str | None = None) -> None:
        """A tools/call answer (``outcome``: what it is, :func:`reply_outcome` when not given),
        shown as :func:`~inspector.session.controllers.tools.reply_view` says."""
        self.last_reply = reply

        def facts() -> str:
            rounds = None
            if reply.rounds > 1:
                latencies = ", ".join(format_duration(t) for t in reply.round_latencies)
                rounds = self.tr("%n round(s) (input required): {0}", "", reply.rounds).format(latencies)
            return banners.reply_facts(str(tool["name"]), reply, rounds, QCoreApplication.translate)

        self.status_words = facts
        self.panel.say(self.status_label, facts)
        view = reply_view(tool, reply, outcome)
        self.outcome = view.outcome
        if view.banner is not None:
            self.say_banner(view.banner, view.values)
        else:
            self.banner.hide()
        if view.blocks is not None:
            self.content.set_blocks(view.blocks, structured=view.structured, output_schema=view.output_schema)

    def show_banner(self, words: Callable[[], tuple[str, str]], kind: str) -> None:
        """The banner over the result: ``words()`` gives its title and detail (again after a
        language switch)."""
        colour = tone(self, kind)
        c = QColor(colour)
        self.panel.say(self.banner_title, lambda: words()[0])
        self.panel.say(self.banner_detail, lambda: words()[1])
        self.banner_detail.setVisible(bool(self.banner_detail.text()))
        self.banner.setStyleSheet(
            f"QFrame#resultBanner {{ background: rgba({c.red()},{c.green()},{c.blue()},26); "
            f"border: 1px solid rgba({c.red()},{c.green()},{c.blue()},120); border-radius: 6px; }}"
            f"QLabel#bannerTitle {{ color: {colour}; font-weight: 700; }}"
            f"QLabel#bannerDetail {{ color: {colour}; }}"
        )
        self.banner.show()

    def say_banner(self, key: str, values: tuple[object, ...] = ()) -> None:
        """One of the banners of :mod:`inspector.session.call_words`, with ``values`` in its words."""
        self.show_banner(
            lambda: banners.banner_words(key, values, QCoreApplication.translate), banners.banner_tone(key)
        )

    def banner_text(self) -> str:
        if self.banner.isHidden():
            return ""
        detail = self.banner_detail.text()
        return self.banner_title.text() + (f"\n{detail}" if detail else "")

    def clear(self) -> None:
        self.outcome = ""
        self.last_reply = None
        self.show_task_button.hide()
        self.banner.hide()
        self.panel.say(self.banner_title, None)
        self.panel.say(self.banner_detail, None)
        self.status_words = None
        self.panel.say(self.status_label, None)
        self.content.clear()
