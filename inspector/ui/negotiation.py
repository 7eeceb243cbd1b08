"""Negotiation summary: what the client offered and what the server declared, side by side.

What it says is worded by :func:`inspector.session.negotiation_text.negotiation_table`, read
from the recording itself (the initialize exchange, or server/discover and its retries, by
the session's Qt-free :class:`~inspector.session.views.NegotiationTracker`), so it works the
same for a live session (:meth:`NegotiationView.refresh`: the newest) and for an opened
recording, where it follows the replay's position (:meth:`NegotiationView.show_row`: what was
known once that entry was recorded; before the answer nothing is negotiated yet).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QHeaderView, QPlainTextEdit, QTreeWidget, QTreeWidgetItem, QWidget

from inspector.protocol.jsontypes import JsonObject
from inspector.session.negotiation_text import NegotiationRow, negotiation_table
from inspector.session.recording import Recording
from inspector.session.version_in_force import version_in_force
from inspector.session.views import NegotiationTracker

from .form_rows import bold
from .widgets import on_language_change, plain_label, plain_tooltip, vbox


class NegotiationView(QWidget):
    """The negotiation's headline, its table (client offered, server declared) and the server's instructions."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.headline = bold(plain_label())
        self.tree = QTreeWidget()
        self.tree.setAlternatingRowColors(True)
        self.tree.setWordWrap(True)
        # the item names as wide as they are; the two sides share the rest, so both are in view
        # on a narrow pane (a long value wraps, its tooltip holds it whole)
        self.tree.setColumnCount(3)  # the sections exist before their modes are set
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        header.setMinimumSectionSize(header.fontMetrics().horizontalAdvance("MMMM"))
        # the server's instructions: plain text (never rich), selectable, scrolling in a box that
        # asks for almost no height (a tab widget is as tall at least as its tallest page's
        # minimum, shown or not: a server's page of instructions as a wrapped label raised the
        # window's minimum height past 720 and squeezed the diagram)
        self.instructions = QPlainTextEdit()
        self.instructions.setReadOnly(True)
        self.instructions.setMinimumHeight(8)
        vbox(self.headline, (self.tree, 3), (self.instructions, 1), parent=self)
        self._tracker: NegotiationTracker | None = None
        self._facts: JsonObject | None = None  # what is shown
        self._replay = False  # shown as of a replayed entry
        self._taken: int | None = None  # replay: the start-exchange entries by the row shown
        self._retranslate()  # nothing negotiated yet
        on_language_change(self, self._retranslate)

    def _retranslate(self) -> None:
        self.instructions.setPlaceholderText(self.tr("No instructions from the server"))
        self.tree.setHeaderLabels([self.tr("Item"), self.tr("Client offered"), self.tr("Server declared")])
        self.show_facts(self._facts, replay=self._replay)

    def _track(self, rec: Recording) -> tuple[NegotiationTracker, bool]:
        """The tracker of ``rec`` and whether it is new."""
        if self._tracker is None or self._tracker.rec is not rec:
            self._tracker = version_in_force(rec).tracker  # the one the status bar's version comes from
            self._taken = None
            return self._tracker, True
        return self._tracker, False

    def refresh(self, rec: Recording | None) -> None:
        """The negotiation as the newest entry of ``rec`` knows it."""
        if rec is None:
            self._tracker = None
            self.show_facts(None)
            return
        tracker, new = self._track(rec)
        if tracker.update() or new or self._replay:
            self.show_facts(tracker.facts())

    def show_row(self, rec: Recording, row: int) -> None:
        """Replay: the negotiation as known once entry ``row`` was recorded (cheap while the
        position moves: the tree is made again only when a start-exchange entry was passed)."""
        tracker, _new = self._track(rec)
        taken = tracker.taken_by(row)
        if taken == self._taken and self._replay:
            return
        self._taken = taken
        self.show_facts(tracker.facts_as_of(row), replay=True)

    def show_facts(self, facts: JsonObject | None, *, replay: bool = False) -> None:
        """Show ``facts`` as :func:`~inspector.session.negotiation_text.negotiation_table` words them."""
        self._facts, self._replay = facts, replay
        self.tree.clear()
        table = negotiation_table(facts, replay, QCoreApplication.translate)
        self.headline.setText(table.headline)
        bold = QFont()
        bold.setBold(True)

        def add(parent: QTreeWidget | QTreeWidgetItem, row: NegotiationRow) -> None:
            item = QTreeWidgetItem(parent, [row.label, row.left, row.right])
            if row.heading:
                item.setFont(0, bold)
            else:
                for col in (1, 2):
                    item.setToolTip(col, plain_tooltip(item.text(col)))
            for child in row.children:
                add(item, child)
            item.setExpanded(True)

        for row in table.rows:
            add(self.tree, row)
        self.instructions.setPlainText(table.instructions)
