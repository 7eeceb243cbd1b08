"""Helpers of the Qt tests: a bounded wait, typing into a line edit, and putting a server in the
window's first place (the Driver that builds a recording the way the session does is in
tests/recording_driver.py)."""

from __future__ import annotations

from contextlib import asynccontextmanager

import anyio
from polling import until  # the one wait of the tests; the window tests import it from here too


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
        controller.end_session()
        await until(lambda: not controller.running, 15)
        tg.cancel_scope.cancel()


@asynccontextmanager
async def tools_panel_session(qapp, config, profile, *, size=(1280, 720), language: str = "en"):
    """The whole window (``inspector.ui.app.build``) at ``size`` in ``language``, on a live session
    of ``profile``, the Tools panel in front with its list loaded: yields ``(controller, window,
    panel)``. An exception in the block is raised once the session has ended and the window is
    closed (raised inside the task group it would stop the loop instead of being reported)."""
    from inspector.protocol.lifecycle import State
    from inspector.ui.app import build

    controller, window = build(qapp, config=config)
    if language != "en":
        window.languages.set_choice(language)
        await anyio.sleep(0.05)
        window = window.languages.window  # made again in the language while no session runs
    window.resize(*size)
    window.show()
    failure: BaseException | None = None
    try:
        async with anyio.create_task_group() as tg:
            controller.task_group = tg
            use_profile(window, profile)
            window.connect_selected()
            await until(
                lambda: controller.session is not None and controller.session.state in (State.OPERATING, State.READY)
            )
            await until(lambda: "tools" in window.panels.shown_keys())
            window.panels.show_panel("tools")
            panel = window.panels.panels["tools"]
            await until(lambda: panel.tools and not panel.feature.loading)
            try:
                yield controller, window, panel
            except Exception as exc:
                failure = exc
            controller.end_session()
            await until(lambda: not controller.running, 15)
            tg.cancel_scope.cancel()
    finally:
        window.languages.set_choice("en")
        window.close()
        window.deleteLater()
    if failure is not None:
        raise failure
