"""The window's SessionController (ui/controller.py) is the Qt-free SessionRunner with one Qt
signal per event the runner tells, of the same name: the signal is emitted first, then the
runner's listeners are told; its refusals are worded by Qt's translation (its runs against the
demo are tests/session/test_session_runner.py and the window's tests)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QCoreApplication, Signal

from inspector.session.session_runner import CONTEXT, EVENTS, WORDS
from inspector.ui.controller import SessionController


def test_each_event_is_a_signal_of_its_name_emitted_before_the_listeners_are_told(qapp):
    controller = SessionController()
    assert all(isinstance(getattr(SessionController, name), Signal) for name in EVENTS)
    assert controller.listeners == [] and controller.task_group is None  # the runner's own state, made too
    heard: list[tuple[str, object]] = []
    controller.notified.connect(lambda method, params: heard.append(("signal", (method, params))))
    controller.listeners.append(lambda event, values: heard.append((event, values)))
    controller.forward_notification(3, {"method": "notifications/progress", "params": {"progress": 1}})
    told = ("notifications/progress", {"progress": 1})
    assert heard == [("signal", told), ("notified", told)]


def test_its_refusals_go_through_qt_translation(qapp):
    controller = SessionController()
    assert controller.translate == QCoreApplication.translate
    with pytest.raises(ValueError) as refused:
        controller.save_recording("x.jsonl")
    assert str(refused.value) == QCoreApplication.translate(CONTEXT, WORDS["nothing"])  # in the window's language
