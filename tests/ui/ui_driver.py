"""Helpers of the Qt tests: a bounded wait, typing into a line edit, and putting a server in the
window's first place (the Driver that builds a recording the way the session does is in
tests/recording_driver.py)."""

from __future__ import annotations

from contextlib import asynccontextmanager

import anyio


async def until(predicate, timeout: float = 20.0) -> None:
    """Wait until ``predicate()`` holds, at most ``timeout`` seconds (then TimeoutError)."""
    with anyio.fail_after(timeout):
        while not predicate():
            await anyio.sleep(0.01)


def type_into(line, text: str) -> None:
    """Replace a line edit's text as a user's edit would (``textEdited`` fires)."""
    line.setFocus()
    line.setText(text)
    line.textEdited.emit(text)


def quick(profile, era: str = "legacy"):
    """``profile`` in ``era``, with short shutdown graces (a test's server ends fast)."""
    profile.era = era
    profile.stdin_grace = 0.5
    profile.term_grace = 0.5
    return profile


def use_profile(window, profile) -> None:
    """Make ``profile`` the window's first server, selected in the editor."""
    window.profiles[0] = profile
    window.connection.profiles[0] = profile
    window.connection.editor.set_profile(profile)


def english_plurals(app):
    """Install the app's English catalogue (its plural forms only: "1 argument", "2 arguments"),
    as ``inspector.ui.app.Languages`` does for English, for a widget tested outside the window.
    Returns the translator, to remove with ``app.removeTranslator``."""
    from PySide6.QtCore import QTranslator

    from inspector.resources import resource_path

    translator = QTranslator(app)
    assert translator.load(str(resource_path("i18n", "inspector_en.qm")))
    app.installTranslator(translator)
    return translator


@asynccontextmanager
async def session_in_window(controller, window, profile):
    """``profile`` connected from ``window`` (as Connect does) on a task group of its own; the
    block gets the task group; leaving it disconnects, waits for the end and cancels the group."""
    use_profile(window, profile)
    async with anyio.create_task_group() as tg:
        controller.task_group = tg
        window.connect_selected()
        yield tg
        controller.disconnect()
        await until(lambda: not controller.running, 15)
        tg.cancel_scope.cancel()
