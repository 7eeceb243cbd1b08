"""The desktop app's Qt-free decisions (session/app_setup.py): display, reset, icon, error names."""

from __future__ import annotations

import pytest

from inspector.session import app_setup
from inspector.session.app_setup import (
    APP_ID,
    OVERRIDE_FAILED,
    SETTINGS_FILES,
    display_available,
    has_cjk,
    icon_path,
    python_error,
    reset_settings,
)


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
