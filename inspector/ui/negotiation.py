"""Negotiation summary: what the client offered and what the server declared, side by side.

Read from the recording itself (the initialize exchange, or server/discover and its retries, by
the session's Qt-free :class:`~inspector.session.views.NegotiationTracker`), so it works the
same for a live session (:meth:`NegotiationView.refresh`: the newest) and for an opened
recording, where it follows the replay's position (:meth:`NegotiationView.show_row`: what was
known once that entry was recorded; before the answer nothing is negotiated yet).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QLabel, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget

from inspector.protocol.jsontypes import JsonObject, JsonValue
from inspector.protocol.messages import Kind
from inspector.session.recording import Recording
from inspector.session.version_in_force import version_in_force
from inspector.session.views import NegotiationTracker, negotiation_facts

from .widgets import plain_tooltip

__all__ = ["NegotiationTracker", "NegotiationView", "negotiation_facts"]


def _short(value: JsonValue) -> str:
    if isinstance(value, dict):
        if not value:
            return "{}"
        return ", ".join(f"{k}: {_short(v)}" for k, v in value.items())
    if isinstance(value, list):
        return "[" + ", ".join(_short(v) for v in value) + "]"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return "—"
    return str(value)


class NegotiationView(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.headline = QLabel()
        self.headline.setTextFormat(Qt.TextFormat.PlainText)
        self.headline.setWordWrap(True)
        f = self.headline.font()
        f.setBold(True)
        self.headline.setFont(f)
        self.tree = QTreeWidget()
        self.tree.setColumnCount(3)
        self._set_headers()
        self.tree.setRootIsDecorated(True)
        self.tree.setAlternatingRowColors(True)
        self.tree.setWordWrap(True)
        self.instructions = QLabel()
        self.instructions.setTextFormat(Qt.TextFormat.PlainText)  # server text: never rich text
        self.instructions.setWordWrap(True)
        self.instructions.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout = QVBoxLayout(self)
        layout.addWidget(self.headline)
        layout.addWidget(self.tree, 1)
        layout.addWidget(self.instructions)
        self._tracker: NegotiationTracker | None = None
        self._facts: JsonObject | None = None  # what is shown
        self._replay = False  # shown as of a replayed entry
        self._taken: int | None = None  # replay: the start-exchange entries by the row shown
        self.show_facts(None)

    def _set_headers(self) -> None:
        self.tree.setHeaderLabels([self.tr("Item"), self.tr("Client offered"), self.tr("Server declared")])

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange and hasattr(self, "tree"):
            self._set_headers()
            self.show_facts(self._facts, replay=self._replay)
        super().changeEvent(event)

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
        self._facts, self._replay = facts, replay
        self.tree.clear()
        if facts is None:
            if replay:
                self.headline.setText(self.tr("Nothing negotiated yet at this entry: the start exchange comes later."))
            else:
                self.headline.setText(self.tr("No negotiation yet: connect to a server."))
            self.instructions.setText("")
            return
        offer = facts["offer"]
        server = facts.get("server")
        if server is None:
            if facts.get("answer_kind") is Kind.ERROR:
                answer = facts.get("answer")
                err: JsonObject = answer if isinstance(answer, dict) else {}
                self.headline.setText(
                    self.tr("{method} was answered with error {code}: {message}").format(
                        method=facts["method"], code=_short(err.get("code")), message=_short(err.get("message"))
                    )
                )
            else:
                self.headline.setText(self.tr("{method} sent, waiting for the answer.").format(method=facts["method"]))
        elif facts["method"] == "initialize":
            self.headline.setText(self.tr("Negotiated version: {v}").format(v=_short(server["version"])))
        else:
            self.headline.setText(
                self.tr("Requested version {v}; server supports {s}").format(
                    v=_short(offer["version"]), s=_short(server["version"])
                )
            )
        bold = QFont()
        bold.setBold(True)

        def row(
            parent: QTreeWidget | QTreeWidgetItem, label: str, left: JsonValue, right: JsonValue
        ) -> QTreeWidgetItem:
            item = QTreeWidgetItem(parent, [label, _short(left), _short(right)])
            for col in (1, 2):
                item.setToolTip(col, plain_tooltip(item.text(col)))
            return item

        row(self.tree, self.tr("Protocol version"), offer["version"], server["version"] if server else None)
        row(self.tree, self.tr("Name"), offer["info"].get("name"), server["info"].get("name") if server else None)
        row(
            self.tree,
            self.tr("Version"),
            offer["info"].get("version"),
            server["info"].get("version") if server else None,
        )
        caps = QTreeWidgetItem(self.tree, [self.tr("Capabilities"), "", ""])
        caps.setFont(0, bold)
        client_caps = offer["capabilities"] if isinstance(offer["capabilities"], dict) else {}
        server_caps = server["capabilities"] if server and isinstance(server["capabilities"], dict) else {}
        for name in sorted(set(client_caps) | set(server_caps)):
            left = client_caps.get(name, None) if name in client_caps else self.tr("not offered")
            right = server_caps.get(name, None) if name in server_caps else self.tr("not declared")
            row(caps, name, left, right)
        caps.setExpanded(True)
        for col in range(3):
            self.tree.resizeColumnToContents(col)
        instr = server.get("instructions") if server else None
        self.instructions.setText(self.tr("Instructions from the server:") + "\n" + instr if instr else "")
