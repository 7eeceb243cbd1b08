"""The busy line every panel shows while something runs (widgets.BusyIndicator): what started
last is said, each hold ends only its own, and it hides when nothing runs."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from inspector.ui.widgets import BusyIndicator


def test_the_busy_line_says_what_started_last_and_hides_when_nothing_runs(qapp):
    panel = QWidget()
    busy = BusyIndicator(panel)
    assert not busy.busy and busy.isHidden()
    busy.hold("tools/list", "Loading tools…")
    assert busy.busy and not busy.isHidden() and busy.label.text() == "Loading tools…"
    with busy.running("Saving…"):
        assert busy.label.text() == "Saving…"  # started last: said
        busy.hold("tools/list", "Loading page 2…")  # held again: now the latest
        assert busy.label.text() == "Loading page 2…"
    assert busy.busy and busy.label.text() == "Loading page 2…"  # the block ended only its own hold
    busy.hold("tools/list", None)
    assert not busy.busy and busy.isHidden() and busy.label.text() == ""
    busy.hold("never held", None)  # ending what does not run changes nothing
    assert not busy.busy and busy.isHidden()

    with busy.running("Decoding…"):  # two blocks with the same words each hold the line
        with busy.running("Decoding…"):
            pass
        assert busy.busy and not busy.isHidden() and busy.label.text() == "Decoding…"
    assert not busy.busy and busy.isHidden()

    busy.hold("a", "A")
    busy.hold("b", "B")
    busy.hold("b", None)  # the latest ended: the one before it is said again
    assert busy.label.text() == "A"
    panel.deleteLater()
