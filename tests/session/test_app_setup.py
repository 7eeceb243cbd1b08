"""The desktop app's Qt-free decisions (session/app_setup.py): display, reset, icon, error names."""

from __future__ import annotations

import io
import os
import signal
import sys

import anyio
import pytest

from inspector.session import app_setup
from inspector.session.app_setup import (
    APP_ID,
    OVERRIDE_FAILED,
    SETTINGS_FILES,
    STOP_SIGNALS,
    SelfTestFailed,
    SelfTestRun,
    demo_among,
    display_available,
    due_generation,
    fonts_line,
    has_cjk,
    icon_path,
    language_of,
    on_stop_signals,
    python_error,
    reset_settings,
    shutdown_line,
    tools_line,
    translation_line,
)
from inspector.session.outcomes import Reply
from inspector.session.profiles import ServerProfile, demo_profile, demo_speaks


def test_a_display_is_missing_only_on_linux_without_one() -> None:
    assert not display_available({}, "linux")
    assert display_available({"DISPLAY": ":0"}, "linux") and display_available({"WAYLAND_DISPLAY": "w"}, "linux")
    assert display_available({"QT_QPA_PLATFORM": "offscreen"}, "linux")
    assert display_available({}, "darwin") and display_available({}, "win32")
    assert "xvfb-run" in app_setup.NO_DISPLAY and "probe --demo" in app_setup.NO_DISPLAY


def test_reset_settings_removes_the_window_settings_and_keeps_the_servers(tmp_path, capsys) -> None:
    assert reset_settings(tmp_path) == 0
    assert "nothing to reset" in capsys.readouterr().out
    for name in (*SETTINGS_FILES, "servers.json"):
        (tmp_path / name).write_text("x")
    assert reset_settings(tmp_path) == 0
    out = capsys.readouterr().out
    assert [p.name for p in tmp_path.iterdir()] == ["servers.json"]
    assert f"removed {tmp_path / 'settings.ini'}" in out and "saved servers kept" in out


def test_the_icon_is_the_desktop_entrys() -> None:
    icon = icon_path()
    assert icon is not None and icon.name == f"{APP_ID}.svg" and icon.is_file()


@pytest.mark.parametrize(
    ("exc", "said"),
    [
        (ValueError("plain"), "ValueError: plain"),
        (
            AttributeError(
                f"{OVERRIDE_FAILED}QMainWindow::event(): {OVERRIDE_FAILED}QMainWindow::changeEvent(): no attribute"
            ),
            "AttributeError in QMainWindow::changeEvent(): no attribute",
        ),
    ],
)
def test_a_python_error_is_named_where_it_was_raised(exc: BaseException, said: str) -> None:
    assert python_error(exc) == said


def test_cjk_is_told_apart() -> None:
    assert has_cjk("跟随系统") and not has_cjk("Follow the system")


# ---------------------------------------------------------------------------------- the self-test's bookkeeping


def test_the_report_says_each_step_and_the_one_that_failed() -> None:
    out, err = io.StringIO(), io.StringIO()
    run = SelfTestRun(out, err)
    run.say("window painted")
    run.step = "demo server"
    assert run.failure(ExceptionGroup("tg", [SelfTestFailed("the session could not be started")])) == 1
    assert out.getvalue() == "self-test: window painted\n"
    assert err.getvalue() == "self-test FAILED at demo server: the session could not be started\n"
    err.truncate(0), err.seek(0)
    assert run.failure(KeyboardInterrupt()) == 1 and err.getvalue().endswith("interrupted\n")
    err.truncate(0), err.seek(0)
    run.failure(RuntimeError(f"{OVERRIDE_FAILED}QWidget::event(): broken"))
    assert err.getvalue().startswith("RuntimeError: ")  # its traceback (none: never raised) comes first
    assert err.getvalue().endswith(
        "a Python error in the window (its traceback is above): RuntimeError in QWidget::event(): broken\n"
    )
    assert run.passed() == 0 and out.getvalue().splitlines()[-1].startswith("self-test: OK in ")


def test_an_error_given_to_the_hook_fails_the_step_and_the_hook_is_given_back() -> None:
    before = sys.excepthook
    run = SelfTestRun(io.StringIO(), io.StringIO())
    seen: list[BaseException] = []
    sys.excepthook = lambda kind, value, tb: seen.append(value)
    try:
        run.watch_errors()
        run.check_errors()  # nothing yet
        error = AttributeError(f"{OVERRIDE_FAILED}QMainWindow::changeEvent(): gone")
        sys.excepthook(AttributeError, error, None)
        assert seen == [error]  # the previous hook still prints it
        with pytest.raises(SelfTestFailed, match="AttributeError in QMainWindow::changeEvent"):
            run.check_errors()
        run.fail("x")
        assert sys.excepthook is not before and sys.excepthook.__name__ == "<lambda>"  # the one before watch_errors
    finally:
        sys.excepthook = before


@pytest.mark.anyio
async def test_until_waits_and_says_what_did_not_happen() -> None:
    run = SelfTestRun(io.StringIO(), io.StringIO())
    ticks: list[int] = []

    def third() -> bool:
        ticks.append(1)
        return len(ticks) >= 3

    await run.until(third, "three ticks", 5, [])
    with pytest.raises(SelfTestFailed, match="the paint did not happen within 0.05 s"):
        await run.until(lambda: False, "the paint", 0.05, [])
    with pytest.raises(SelfTestFailed, match="the server exited"):
        await run.until(lambda: False, "ready", 5, ["the server exited"])


def test_the_lines_of_the_steps() -> None:
    ok = Reply(id=1, seq=3, result={"tools": [{"name": "echo"}, {"name": "add"}]}, error=None, latency=0.01)
    assert tools_line(ok) == "tools/list: 2 tools (echo, add, ...)"
    with pytest.raises(SelfTestFailed, match="no tools in the answer"):
        tools_line(Reply(id=1, seq=3, result={"tools": []}, error=None, latency=0.01))
    with pytest.raises(SelfTestFailed, match="Method not found"):
        tools_line(Reply(id=1, seq=3, result=None, error={"code": -32601, "message": "Method not found"}, latency=0))
    assert shutdown_line({"exit_code": 0, "shutdown": "stdin"}) == "demo server shut down (step stdin, exit code 0)"
    with pytest.raises(SelfTestFailed, match="the demo server ended with"):
        shutdown_line({"exit_code": 1})
    assert "'跟随系统'" in translation_line("Follow the system", "跟随系统", "MCP")
    with pytest.raises(SelfTestFailed, match="inspector_zh_CN.qm did not load"):
        translation_line("Follow the system", "Follow the system", "MCP")
    assert fonts_line(["WenQuanYi"]) == "Chinese fonts: 1 (WenQuanYi, ...)" and "fonts-wqy" in fonts_line([])


@pytest.mark.anyio
async def test_a_stop_signal_is_handed_over_until_cancelled() -> None:
    got: list[int] = []
    async with anyio.create_task_group() as tg:
        await tg.start(on_stop_signals, got.append)
        os.kill(os.getpid(), signal.SIGHUP)  # handled by the receiver: the test process goes on
        with anyio.fail_after(5):
            while not got:
                await anyio.sleep(0.01)
        tg.cancel_scope.cancel()
    assert got == [signal.SIGHUP] and "SIGHUP" in STOP_SIGNALS


def test_the_demo_is_the_saved_one_when_there_is_one() -> None:
    saved = demo_profile()
    saved.era = "legacy"
    other = ServerProfile(name="files", command="npx")
    assert demo_among([other, saved]) is saved
    fresh = demo_among([other])
    assert fresh.id == saved.id and fresh is not saved and fresh.builtin


def test_the_lines_said_when_the_display_goes_and_when_the_demo_session_ends():
    from inspector.session.app_setup import display_gone_line, finished_line

    assert display_gone_line(None) == (
        "mcp-session-inspector: the window's display went away (did the X server or the desktop end?)\n"
    )
    assert display_gone_line("the server was killed").endswith("desktop end?); the server was killed\n")
    summary = {"shutdown": "stdin-closed", "exit_code": 0, "signal": None}
    assert finished_line(summary) == "finished shutdown=stdin-closed exit_code=0 signal=None"
    assert finished_line({}) == "finished shutdown=None exit_code=None signal=None"


def test_the_windows_language_is_the_chosen_one_or_the_systems():
    assert language_of("en", "zh_CN") == "en" and language_of("zh_CN", "de_DE") == "zh_CN"
    assert language_of("system", "zh_TW") == "zh_CN" and language_of("system", "zh_CN") == "zh_CN"
    assert language_of("system", "de_DE") == "en" and language_of("system", "C") == "en"


def test_the_gui_threads_collector_chooses_a_generation_as_cpython_would_with_full_ones_spaced():
    thresholds = (700, 10, 10)
    assert due_generation((700, 50, 50), thresholds, 99.0, 10.0) == -1  # generation 0 not past its threshold
    assert due_generation((701, 10, 50), thresholds, 99.0, 10.0) == 0
    assert due_generation((701, 11, 10), thresholds, 99.0, 10.0) == 1
    assert due_generation((701, 11, 11), thresholds, 99.0, 10.0) == 2
    assert due_generation((701, 11, 11), thresholds, 9.5, 10.0) == 1  # a full one ran less than 10 s ago


def test_the_built_in_demo_speaks_the_windows_language():
    saved = ServerProfile(name="mine", command="node", args=["server.js", "--lang", "en"])
    profiles = [demo_profile(), saved]
    demo_speaks(profiles, "zh_CN")
    assert profiles[0].args[-2:] == ["--lang", "zh_CN"] and saved.args == ["server.js", "--lang", "en"]
    demo_speaks(profiles, "en")
    assert profiles[0].args == demo_profile().args  # English is the demo's own: no --lang
