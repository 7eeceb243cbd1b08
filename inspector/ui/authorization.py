"""The Authorization tab: a session's authorization steps (``session.auth_view``) in order, each with
✓, ! or ✗ and its findings; the row chosen in full below as plain text, its spec section a button
away; activating a step selects its entry; a check box filters the timeline to authorization.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QSignalBlocker, Qt, Signal
from PySide6.QtWidgets import QCheckBox, QPlainTextEdit, QTreeWidget, QTreeWidgetItem, QWidget

from inspector.session.auth_view import (
    AuthFindingRow,
    AuthStep,
    AuthView,
    auth_steps,
    detail_text,
    failure_line,
    finding_mark,
    mcp_ref,
)
from inspector.session.recording import Recording

from .form_rows import bold
from .widgets import hbox, on_language_change, plain_label, push_button, vbox

_AT = Qt.ItemDataRole.UserRole  # a row: (step index, finding index or -1)
# At most this many steps (and findings of a step) are rows of the tree (a hostile recording may hold 100,000);
# a plain comment: lupdate takes a "#:" one for a translator's note on the next tr().
ROWS = 500


class AuthorizationView(QWidget):
    """The steps of the authorization of the recording shown (see the module's text)."""

    goToSeq = Signal(int)
    specRequested = Signal(str)
    methodFilter = Signal(str)  # the timeline's method filter: "auth_" or none

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.headline = bold(plain_label(selectable=True))
        self.tree = QTreeWidget()
        self.tree.setHeaderHidden(True)
        self.tree.currentItemChanged.connect(lambda item, _old: self._chosen(item))
        self.tree.itemActivated.connect(self._activated)
        self.text = QPlainTextEdit()  # the row chosen, in full: plain text only
        self.text.setReadOnly(True)
        self.spec_button = push_button("", lambda: self.specRequested.emit(self.spec))
        self.only = QCheckBox()
        self.only.toggled.connect(lambda on: self.methodFilter.emit("auth_" if on else ""))
        for small in (self.tree, self.text):  # a hidden tab's minimum is the tab widget's: never squeeze the diagram
            small.setMinimumHeight(8)
        vbox(self.headline, (self.tree, 2), (self.text, 3), hbox(1, self.spec_button), self.only, parent=self)
        self.rec: Recording | None = None
        self.view = AuthView(None)
        self.spec = ""  # the reference of the row chosen
        self._retranslate()
        on_language_change(self, self._retranslate)

    def set_recording(self, rec: Recording | None) -> bool:
        """Show the authorization steps of ``rec``; whether it has any. Another recording unticks
        "only authorization" quietly: the timeline shows a new recording unfiltered."""
        if rec is not self.rec:
            with QSignalBlocker(self.only):
                self.only.setChecked(False)
        self.rec = rec
        self.view = auth_steps(rec, QCoreApplication.translate) if rec is not None else AuthView(None)
        self._fill()
        return bool(self.view.steps)

    def _retranslate(self) -> None:
        self.only.setText(self.tr("Only authorization in the timeline"))
        self.spec_button.setText(self.tr("Open spec section"))
        self.set_recording(self.rec)

    def _fill(self) -> None:
        self.tree.clear()
        view = self.view
        if not view.steps:
            self.headline.setText(self.tr("No authorization in this session"))
        else:
            done = self.tr("Authorization ({version}): no step failed").format(version=view.version or "?")
            signed = view.signed_in  # a step failed before it (a refused refresh, then a sign-in): not "no step failed"
            if signed is not None and any(s.mark == "✗" for s in view.steps):
                done = f"{signed.title}: {signed.found}"
            self.headline.setText(failure_line(view, QCoreApplication.translate) or done)
        first_failed: QTreeWidgetItem | None = None
        failing = view.failing
        rows = list(range(min(len(view.steps), ROWS)))  # a flow is some twenty steps; a recording may hold more
        if len(view.steps) > ROWS:  # the steps left out, counted; the failing one shown after them
            at = next((i for i, s in enumerate(view.steps) if s is failing), None)
            rows += [-1, *([at] if at is not None and at >= ROWS else [])]
        for i in rows:
            if i < 0:
                QTreeWidgetItem(self.tree, [f"…  (+{len(view.steps) - ROWS})"])
                continue
            step = view.steps[i]
            top = QTreeWidgetItem(self.tree, [f"{step.mark}  {step.title}"])
            top.setData(0, _AT, (i, -1))
            for j, f in enumerate(step.findings[:ROWS]):
                row = QTreeWidgetItem(top, [f"{finding_mark(f)}  {f.rule}"])
                row.setData(0, _AT, (i, j))
            top.setExpanded(bool(step.findings))
            if step is failing:  # chosen (a step refused before a sign-in that went through is not)
                first_failed = top
        first = first_failed or self.tree.topLevelItem(0)
        if first is not None:
            self.tree.setCurrentItem(first)
        self._chosen(first)

    def _at(self, item: QTreeWidgetItem | None) -> tuple[AuthStep, AuthFindingRow | None] | None:
        at = item.data(0, _AT) if item is not None else None
        if not isinstance(at, (tuple, list)) or len(at) != 2 or not 0 <= at[0] < len(self.view.steps):
            return None
        step = self.view.steps[at[0]]
        return step, step.findings[at[1]] if 0 <= at[1] < len(step.findings) else None

    def _chosen(self, item: QTreeWidgetItem | None) -> None:
        """The row chosen, told in full below the tree."""
        at = self._at(item)
        self.text.setPlainText("\n".join(detail_text(*at, QCoreApplication.translate)) if at else "")
        self.spec = mcp_ref((at[1] or at[0]).spec) if at else ""
        self.spec_button.setEnabled(bool(self.spec))

    def _activated(self, item: QTreeWidgetItem, _column: int) -> None:
        at = self._at(item)
        if at is not None and at[0].seq is not None:
            self.goToSeq.emit(at[0].seq)
