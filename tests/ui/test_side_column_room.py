"""Room in the side column at 1280x720 (issue 22 review): the Features dock's note naming the
hidden panels is one line (their reasons in its tooltip, shown on a click too), in English and
in Chinese and after a live language switch, so the Tools page keeps the dock's height.

A real server through real pipes: the official SDK's low-level server with ``--tools-only``
declares tools and nothing else, so Resources, Prompts, Logs and Tasks are hidden.
"""

from __future__ import annotations

import sys

import pytest
from peers import FIXTURES
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QToolTip
from ui_driver import quick, tools_panel_session, until

from inspector.session.profiles import ServerProfile

pytestmark = pytest.mark.anyio

REASONS = (
    "Resources: the server did not declare resources",
    "Prompts: the server did not declare prompts",
    "Logs: the server did not declare logging",
    "Tasks: the server did not declare tasks",
)


def tools_only() -> ServerProfile:
    return quick(
        ServerProfile(
            name="tools only", command=sys.executable, args=[str(FIXTURES / "sdk_lowlevel.py"), "--tools-only"]
        )
    )


def one_line(note) -> bool:
    return note.isVisible() and 0 < note.height() < 2 * note.fontMetrics().lineSpacing()


@pytest.mark.parametrize("language", ["en", "zh_CN"])
async def test_the_hidden_panels_note_is_one_line_and_the_tools_page_keeps_the_height(qapp, tmp_path, language):
    async with tools_panel_session(qapp, tmp_path, tools_only(), language=language) as (_controller, window, _panel):
        host = window.panels
        note = host.hidden
        await until(lambda: host.shown_keys() == ["tools"] and note.isVisible())
        assert one_line(note), (note.height(), note.fontMetrics().lineSpacing(), note.line())
        # the tabs (the Tools page) get the dock's height but that one line
        assert host.tabs.height() >= host.height() - 2 * note.fontMetrics().lineSpacing(), (
            host.tabs.height(),
            host.height(),
        )
        if language == "en":
            assert note.line() == "Hidden: Resources, Prompts, Logs, Tasks (not declared)"
            for reason in REASONS:
                assert reason in note.toolTip()
        else:
            assert note.line().startswith("隐藏：") and "（未声明）" in note.line(), note.line()
            assert "Hidden" not in note.line() and "declared" not in note.line() and "declare" not in note.toolTip(), (
                note.toolTip()
            )
        assert note.line().startswith(note.text().rstrip("…"))  # shown whole, or cut at the column's width
        # a click shows the reasons (no waiting for a hover)
        QTest.mouseClick(note, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, QPoint(5, note.height() // 2))
        await until(lambda: QToolTip.isVisible())
        assert QToolTip.text() == note.toolTip()
        QToolTip.hideText()


async def test_the_note_is_worded_again_on_a_live_language_switch(qapp, tmp_path):
    async with tools_panel_session(qapp, tmp_path, tools_only()) as (_controller, window, _panel):
        note = window.panels.hidden
        await until(lambda: note.isVisible())
        english = note.line()
        window.languages.set_choice("zh_CN")
        await until(lambda: note.line().startswith("隐藏"))
        assert one_line(note) and "not declared" not in note.line() and "did not declare" not in note.toolTip()
        window.languages.set_choice("en")
        await until(lambda: note.line() == english)
        assert REASONS[0] in note.toolTip() and one_line(note)
