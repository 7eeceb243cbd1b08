"""The Authorization tab: a session's authorization steps in order, each with its status mark.

Built from :func:`inspector.session.auth_view.auth_steps` (Qt-free, worded through
``QCoreApplication.translate``): one row per step (the refusal, each discovery GET, the
discovery's result, each exchange of the sign-in flow, the result) with ✓, ! or ✗, its findings
as rows under it (✗ an error, ! a warning, • a note). The row chosen is told in full below, in a
read-only plain-text box: the request, what was expected, what was found, each finding (rule id,
severity, text; expected, found, where) and the spec section of the version in force. "Open spec
section" opens the spec viewer there (``specRequested``); activating a step's row selects its
entry in the timeline (``goToSeq``). "Only authorization in the timeline" filters the timeline
to the authorization events (``onlyAuthorization``). Everything the server sent is shown as plain
text (tree items and a QPlainTextEdit); no tooltip carries it.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import QCheckBox, QPlainTextEdit, QTreeWidget, QTreeWidgetItem, QWidget

from inspector.session.auth_view import AuthFindingRow, AuthStep, AuthView, auth_steps, failure_line, mcp_ref
from inspector.session.recording import Recording

from .form_rows import bold
from .widgets import hbox, on_language_change, plain_label, push_button, vbox

_AT = Qt.ItemDataRole.UserRole  # a row: (step index, finding index or -1)


class AuthorizationView(QWidget):
    """The steps of the authorization of the recording shown (see the module's text)."""

    goToSeq = Signal(int)
    specRequested = Signal(str)
    onlyAuthorization = Signal(bool)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.headline = bold(plain_label(selectable=True))
        self.tree = QTreeWidget()
        self.tree.setHeaderHidden(True)
        self.tree.currentItemChanged.connect(lambda item, _old: self._chosen(item))
        self.tree.itemActivated.connect(self._activated)
        self.text = QPlainTextEdit()  # the row chosen, in full: plain text only
        self.text.setReadOnly(True)
        self.spec_button = push_button("", self._open_spec)
        self.only = QCheckBox()
        self.only.toggled.connect(self.onlyAuthorization.emit)
        vbox(self.headline, (self.tree, 2), (self.text, 3), hbox(1, self.spec_button), self.only, parent=self)
        self.rec: Recording | None = None
        self.view = AuthView(None)
        self.spec = ""  # the reference of the row chosen
        self._retranslate()
        on_language_change(self, self._retranslate)

    def set_recording(self, rec: Recording | None) -> bool:
        """Show the authorization steps of ``rec``; whether it has any."""
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
            self.headline.setText(failure_line(view, QCoreApplication.translate) or done)
        first_failed: QTreeWidgetItem | None = None
        for i, step in enumerate(view.steps):
            top = QTreeWidgetItem(self.tree, [f"{step.mark}  {step.title}"])
            top.setData(0, _AT, (i, -1))
            for j, f in enumerate(step.findings):
                row = QTreeWidgetItem(top, [f"{_mark(f)}  {f.rule}"])
                row.setData(0, _AT, (i, j))
            top.setExpanded(bool(step.findings))
            if first_failed is None and step.mark == "✗":
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
        lines: list[str] = []
        self.spec = ""
        if at is not None:
            step, finding = at
            line = self.tr("{label}: {value}")
            if finding is None:
                lines.append(f"{step.mark}  {step.title}")
                for label, value in (
                    (self.tr("Request"), f"{step.method} {step.url}".strip()),
                    (self.tr("Expected"), step.expected),
                    (self.tr("Found"), step.found),
                ):
                    if value:
                        lines.append(line.format(label=label, value=value))
                for f in step.findings:
                    lines.append(f"{_mark(f)}  {f.rule} ({f.severity}): {f.text}")
                    if f.spec:
                        lines.append("    " + line.format(label=self.tr("Spec"), value=f.spec))
                spec = step.spec
            else:
                lines.append(f"{_mark(finding)}  {finding.rule} ({finding.severity})")
                lines.append(finding.text)
                for label, value in (
                    (self.tr("Expected"), finding.expected),
                    (self.tr("Found"), finding.found),
                    (self.tr("Where"), finding.where),
                ):
                    if value:
                        lines.append(line.format(label=label, value=value))
                spec = finding.spec
            if spec:
                lines.append(line.format(label=self.tr("Spec"), value=spec))
            self.spec = mcp_ref(spec)
        self.text.setPlainText("\n".join(lines))
        self.spec_button.setEnabled(bool(self.spec))

    def _open_spec(self) -> None:
        if self.spec:
            self.specRequested.emit(self.spec)

    def _activated(self, item: QTreeWidgetItem, _column: int) -> None:
        at = self._at(item)
        if at is not None and at[0].seq is not None:
            self.goToSeq.emit(at[0].seq)

    def rows(self) -> list[str]:
        """Every row's text, depth-first (indented by depth), for tests and copying."""
        out: list[str] = []
        for i in range(self.tree.topLevelItemCount()):
            top = self.tree.topLevelItem(i)
            if top is not None:
                out.append(top.text(0))
                out += ["  " + c.text(0) for c in (top.child(j) for j in range(top.childCount())) if c is not None]
        return out


def _mark(f: AuthFindingRow) -> str:
    return "✗" if f.blocking else "!" if f.severity == "warning" else "•"
