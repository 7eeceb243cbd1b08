"""What the detail pane (:class:`inspector.ui.detail.DetailPane`) shows, read off its widgets as
a person sees them: the Qt tests' one reading of it."""

from __future__ import annotations


def raw_text(pane) -> str:
    """The bytes as the pane shows them (text or hex dump; a long line's head)."""
    return pane.raw_edit.toPlainText()


def truncation_note(pane) -> str:
    """What part of a long line is on screen ("" when the line is shown whole)."""
    return pane.truncation_label.text() if pane.truncation_bar.isVisibleTo(pane) else ""


def http_text(pane) -> str:
    """What the HTTP tab shows ("" when the tab is hidden: stdio)."""
    return pane.http_edit.toPlainText() if pane.tabs.isTabVisible(1) else ""


def schema_errors_shown(pane) -> list[tuple[str, str]]:
    """(where, what) of each schema error in the findings' tree."""
    tree = pane.schema_tree
    if tree is None:
        return []
    return [(tree.topLevelItem(i).text(0), tree.topLevelItem(i).text(1)) for i in range(tree.topLevelItemCount())]


def findings_text(pane) -> str:
    """All text of the findings section (violations, schema errors, transition, process)."""
    parts = [label.text() for label in pane.findings_labels]
    parts.extend(f"{where}: {what}" for where, what in schema_errors_shown(pane))
    return "\n".join(parts)
