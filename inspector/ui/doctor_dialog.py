"""The Connection Doctor's window: the checks of one saved server, filled in as they run.

A thin view of :func:`inspector.session.doctor.diagnose` (the checks) and
:mod:`inspector.session.doctor_words` (every word, mark and sentence): :func:`run_diagnosis`
starts the run on the window's long-lived task group (as the session runner runs a session:
the Qt loop is never blocked), and ``on_check`` adds each result to the list as it comes - the
verdict's mark, the check's title, what was seen, below it what the server wrote (quoted as
it was, in the fixed-width font) and what to do. The run stops at the first failure; the
checks after it are listed as not run. Closing the dialog stops a run still going (its server
ended as a session ends it). Everything shown is plain text.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import anyio
from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QDialog, QTreeWidgetItem, QWidget

from inspector.session.doctor import Check, Diagnosis, StoredTokenOnly, diagnose
from inspector.session.doctor_words import CONTEXT, VERDICT_WORDS, check_words, shown, title_text
from inspector.session.profiles import ServerProfile

from .form_rows import read_only_text, tree_widget, word_of
from .theme import tone
from .widgets import mono_font, on_language_change, plain_label, plain_tooltip, vbox

if TYPE_CHECKING:
    from .main_window import MainWindow

_word = word_of(CONTEXT, VERDICT_WORDS)
_TONES = {"pass": "ok", "fail": "error", "warn": "warn"}


class DoctorDialog(QDialog):
    """One diagnosis, check by check (see the module's docstring)."""

    def __init__(self, target: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("doctorDialog")
        self.resize(900, 520)
        self.target = target
        self.checks: list[Check] = []
        self.diagnosis: Diagnosis | None = None
        self.error = ""
        self.run_scope: anyio.CancelScope | None = None  # the run while it goes on: closing ends it
        self.status = plain_label(selectable=True)
        self.status.setObjectName("doctorStatus")
        self.tree = tree_widget(3, first_width=40, wrap=True)
        self.tree.setObjectName("doctorChecks")
        self.tree.setHeaderHidden(True)
        self.tree.setUniformRowHeights(False)  # what was seen and what to do wrap: rows of their own heights
        self.tree.setColumnWidth(1, 340)
        # the selected check in full (the list's columns cut long sentences): the failure when there is one
        self.detail = read_only_text(name="doctorDetail")
        self.tree.currentItemChanged.connect(lambda *_: self._show_detail())
        vbox(self.status, (self.tree, 3), (self.detail, 2), parent=self)
        on_language_change(self, self._show)
        self._show()

    def done(self, result: int) -> None:
        """Closed (Escape, the close button): a run still going is stopped, its server ended."""
        if self.run_scope is not None:
            self.run_scope.cancel()
        super().done(result)

    def add_check(self, check: Check) -> None:
        """A result as it comes (the doctor's ``on_check``)."""
        self.checks.append(check)
        item = self._add(check)
        if check.verdict.value == "fail" or self.tree.currentItem() is None:
            self.tree.setCurrentItem(item)

    def finish(self, diagnosis: Diagnosis | None, error: str = "") -> None:
        """The run ended: its diagnosis, or why it could not run."""
        self.diagnosis, self.error = diagnosis, error
        self._say()

    def _add(self, check: Check) -> QTreeWidgetItem:
        tr = QCoreApplication.translate
        mark, title, seen, todo = check_words(check.id, check.verdict.value, check.code, check.values, tr)
        item = QTreeWidgetItem(self.tree, [mark, title, seen])  # plain text: items never read markup
        item.setToolTip(0, _word(check.verdict.value))
        item.setToolTip(2, plain_tooltip(seen))  # a tooltip reads markup: the server's words are escaped
        if check.verdict.value in _TONES:
            item.setForeground(0, QBrush(QColor(tone(self, _TONES[check.verdict.value]))))
        for line in check.quoted:
            quoted = QTreeWidgetItem(item, ["", "", shown(line)])
            quoted.setFont(2, mono_font())
        if todo:
            QTreeWidgetItem(item, ["", "", todo]).setToolTip(2, plain_tooltip(todo))
        item.setExpanded(True)
        return item

    def _show_detail(self) -> None:
        item = self.tree.currentItem()
        while item is not None and item.parent() is not None:
            item = item.parent()
        row = self.tree.indexOfTopLevelItem(item) if item is not None else -1
        if not 0 <= row < len(self.checks):
            self.detail.setPlainText("")
            return
        c = self.checks[row]
        mark, title, seen, todo = check_words(c.id, c.verdict.value, c.code, c.values, QCoreApplication.translate)
        parts = [f"{mark} {title}", seen, "\n".join(shown(q) for q in c.quoted), todo]
        self.detail.setPlainText("\n\n".join(p for p in parts if p))

    def _show(self) -> None:
        self.setWindowTitle(_word("title"))
        self.tree.clear()
        failed = None
        for check in self.checks:
            item = self._add(check)
            failed = item if check.verdict.value == "fail" else failed
        current = failed or self.tree.topLevelItem(0)
        if current is not None:
            self.tree.setCurrentItem(current)
        self._show_detail()
        self._say()

    def _say(self) -> None:
        d = self.diagnosis
        if self.error:
            text = _word("error").format(why=self.error)
        elif d is None:
            text = _word("running").format(target=self.target)
        elif d.failed is not None:
            text = _word("stopped").format(title=title_text(d.failed.id, QCoreApplication.translate))
        else:
            text = _word("ok").format(target=self.target)
        self.status.setText(text)

    def lines(self) -> list[str]:
        """Every row's columns, depth first (what a reader sees)."""
        out = []
        for i in range(self.tree.topLevelItemCount()):
            top = self.tree.topLevelItem(i)
            if top is None:
                continue
            out.append(" ".join(top.text(c) for c in range(3) if top.text(c)))
            for j in range(top.childCount()):
                child = top.child(j)
                if child is not None:
                    out.append("    " + child.text(2))
        return out


def stored_token(profile: ServerProfile, folder: Path | None) -> StoredTokenOnly | None:
    """A server that signs in with OAuth: its stored token, sent as a session from the window
    sends it (refreshed when due), never a sign-in; None for any other server."""
    if not profile.oauth or folder is None:
        return None
    from inspector.session.oauth_profile import authorizer_for

    inner = authorizer_for(profile, folder, lambda _url: None)
    return StoredTokenOnly(inner) if inner is not None else None


def run_diagnosis(window: MainWindow, profile: ServerProfile | None = None) -> DoctorDialog | None:
    """Diagnose ``profile`` (the selected server by default) on the window's task group, in a
    dialog filled as the checks come, with its stored OAuth token when it signs in (never a new
    sign-in). None when the window has no task group (not running)."""
    tg = window.controller.task_group
    if tg is None:
        return None
    profile = profile or window.connection.current()
    dialog = DoctorDialog(profile.name, window)
    dialog.show()

    async def go() -> None:
        with anyio.CancelScope() as scope:
            dialog.run_scope = scope
            try:
                authorizer = stored_token(profile, window.controller.token_folder)
                diagnosis = await diagnose(profile, on_check=dialog.add_check, authorizer=authorizer)
            except Exception as exc:  # a bug in a check is said in the dialog, never lost with the loop
                dialog.finish(None, str(exc) or type(exc).__name__)
                return
            finally:
                dialog.run_scope = None
            dialog.finish(diagnosis)

    tg.start_soon(go)
    return dialog
