"""The app's own flags, as a user types them (each a real process): --version, --help,
--self-test (its report, and a clear message and exit 1 when a step fails), --reset-settings,
the one settings folder (~/.config/mcp-session-inspector/, the old doubled folder migrated),
and the hidden --demo-server a frozen bundle starts its demo server with."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from inspector import __version__
from inspector.session import profiles

BOUND = 120


def env_for(home: Path, **extra: str) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM", "INSPECTOR_BLOCK_QT")
    }
    env.update(HOME=str(home), XDG_CONFIG_HOME=str(home / ".config"), **extra)
    return env


def inspector(args: list[str], home: Path, **extra: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "inspector", *args],
        env=env_for(home, **extra),
        capture_output=True,
        text=True,
        timeout=BOUND,
    )


def test_version_and_help(tmp_path: Path) -> None:
    done = inspector(["--version"], tmp_path)
    assert done.returncode == 0 and done.stdout == f"mcp-session-inspector {__version__}\n"
    done = inspector(["--help"], tmp_path)
    assert done.returncode == 0
    for flag in ("--self-test", "--reset-settings", "--connect-demo", "probe"):
        assert flag in done.stdout
    assert "--demo-server" not in done.stdout  # internal


def test_self_test_reports_each_step_and_exits_0(tmp_path: Path) -> None:
    done = inspector(["--self-test"], tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    out = done.stdout
    assert (
        "platform offscreen (no display: DISPLAY and WAYLAND_DISPLAY are unset)" in out
    )  # the only place it picks offscreen
    assert "self-test: window painted" in out
    assert "self-test: C part (search, recording loader): built" in out  # setup.sh builds it (the bundle's check asks)
    assert "self-test: demo server connected" in out
    assert "self-test: tools/list:" in out
    assert "self-test: demo server shut down (step stdin, exit code 0)" in out
    assert "self-test: Chinese translation loaded: 'Follow the system' -> '跟随系统'" in out
    assert out.rstrip().splitlines()[-1].startswith("self-test: OK in ")
    assert "Traceback" not in done.stderr and "propagateSizeHints" not in done.stderr
    assert not (tmp_path / ".config" / "mcp-session-inspector").exists()  # it used a temporary folder


def test_self_test_takes_the_platform_qt_qpa_platform_names_over_the_display(tmp_path: Path) -> None:
    """QT_QPA_PLATFORM wins over a DISPLAY (here one with no X server behind it: used, it would
    end the process), and the report says where the platform came from."""
    done = inspector(["--self-test"], tmp_path, QT_QPA_PLATFORM="offscreen", DISPLAY=":4242")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "platform offscreen (QT_QPA_PLATFORM=offscreen)" in done.stdout, done.stdout


def test_the_self_test_platform_follows_the_environment() -> None:
    """Where no test can run a real one (a Wayland session, another system), the choice itself:
    a display means Qt chooses as for the window; offscreen only on Linux without any display."""
    from inspector.session.app_setup import self_test_platform

    assert self_test_platform({"DISPLAY": ":99"}, "linux") == (None, "DISPLAY=:99")
    assert self_test_platform({"WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0"}, "linux") == (
        None,
        "WAYLAND_DISPLAY=wayland-0, DISPLAY=:0",
    )
    assert self_test_platform({}, "linux") == ("offscreen", "no display: DISPLAY and WAYLAND_DISPLAY are unset")
    assert self_test_platform({"QT_QPA_PLATFORM": "xcb"}, "linux") == ("xcb", "QT_QPA_PLATFORM=xcb")
    assert self_test_platform({}, "darwin") == (None, "the system's own")


def test_self_test_says_which_step_failed_and_exits_1(tmp_path: Path) -> None:
    code = (
        "import sys, inspector.ui.app as app\n"
        "app.SELF_TEST_STRING = ('Languages', 'a string no catalogue has')\n"
        "sys.exit(app.self_test())\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], env=env_for(tmp_path), capture_output=True, text=True, timeout=BOUND
    )
    assert done.returncode == 1
    assert "self-test FAILED at translation: 'a string no catalogue has' was not translated" in done.stderr
    assert "self-test: demo server shut down" in done.stdout  # the steps before it passed
    assert "Traceback" not in done.stderr


def test_a_python_error_inside_a_qt_callback_fails_the_self_test(tmp_path: Path) -> None:
    """PySide6 only prints an exception raised in an event handler and the window goes on: the
    self-test must not say OK over it. Here the main window's changeEvent breaks on the switch
    to Chinese."""
    code = (
        "import sys, inspector.ui.app as app\n"
        "from PySide6.QtCore import QEvent\n"
        "from inspector.ui.main_window import MainWindow\n"
        "def broken(self, event):\n"
        "    if event.type() == QEvent.Type.LanguageChange:\n"
        "        raise AttributeError('a retranslation that breaks')\n"
        "MainWindow.changeEvent = broken\n"
        "sys.exit(app.self_test())\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], env=env_for(tmp_path), capture_output=True, text=True, timeout=BOUND
    )
    assert done.returncode == 1, done.stdout + done.stderr
    assert (
        "self-test FAILED at translation: a Python error in the window (its traceback is above): AttributeError in "
        "QMainWindow::changeEvent(): a retranslation that breaks\n" in done.stderr
    ), done.stderr
    assert "Traceback" in done.stderr  # the error's own traceback is shown, not swallowed
    assert "self-test: OK" not in done.stdout


def test_a_python_error_in_a_slot_fails_the_step_it_happened_in(tmp_path: Path) -> None:
    """An exception in a slot a signal calls does not reach the caller at all (PySide6 prints
    it and goes on): the window's slot for "the session is ready" breaks here."""
    code = (
        "import sys, inspector.ui.app as app\n"
        "from inspector.ui.main_window import MainWindow\n"
        "calls = []\n"
        "def broken(self, *args):\n"
        "    calls.append(1)\n"
        "    if len(calls) > 2:  # the window calls it itself when it is built and when the session runs\n"
        "        raise RuntimeError('the ready slot breaks')\n"
        "MainWindow._update_actions = broken\n"
        "sys.exit(app.self_test())\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], env=env_for(tmp_path), capture_output=True, text=True, timeout=BOUND
    )
    assert done.returncode == 1, done.stdout + done.stderr
    assert (
        "self-test FAILED at demo server: a Python error in the window (its traceback is above): RuntimeError: the "
        "ready slot breaks\n" in done.stderr
    ), done.stderr
    assert "Traceback" in done.stderr and "self-test: OK" not in done.stdout


def test_settings_live_in_one_folder_and_the_doubled_one_is_migrated(tmp_path: Path) -> None:
    config = tmp_path / ".config" / "mcp-session-inspector"
    doubled = config / "mcp-session-inspector"
    doubled.mkdir(parents=True)
    (doubled / "settings.ini").write_text("[General]\nlanguage=zh_CN\n")
    (doubled / "servers.json").write_text('{"version": 1, "servers": []}')
    done = inspector(["--reset-settings"], tmp_path)
    assert done.returncode == 0, done.stderr
    assert not doubled.exists()  # moved up, then removed
    assert (config / "servers.json").exists()  # saved servers are kept
    assert not (config / "settings.ini").exists()
    assert f"removed {config / 'settings.ini'}" in done.stdout
    assert "saved servers kept" in done.stdout
    done = inspector(["--reset-settings"], tmp_path)
    assert done.returncode == 0 and "nothing to reset" in done.stdout


def test_migration_keeps_a_file_already_in_the_new_folder(tmp_path: Path) -> None:
    from inspector.session.app_setup import migrate_doubled_config  # no Qt: plain file moves

    config = tmp_path / "mcp-session-inspector"
    (config / "mcp-session-inspector").mkdir(parents=True)
    (config / "settings.ini").write_text("new")
    (config / "mcp-session-inspector" / "settings.ini").write_text("old")
    (config / "mcp-session-inspector" / "secrets.json").write_text("{}")
    moved = migrate_doubled_config(config)
    assert moved == [config / "secrets.json"]
    assert (config / "settings.ini").read_text() == "new"
    assert (config / "mcp-session-inspector" / "settings.ini").read_text() == "old"  # left for the user
    assert migrate_doubled_config(tmp_path / "absent") == []


def test_a_frozen_bundle_starts_its_demo_server_with_its_own_executable(monkeypatch) -> None:
    assert profiles.demo_args() == ["-m", "inspector.demo"]
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert profiles.demo_args() == ["--demo-server"]
    assert profiles.demo_args("zh_CN") == ["--demo-server", "--lang", "zh_CN"]
    assert profiles.demo_profile().command == sys.executable


def test_demo_server_flag_runs_the_demo(tmp_path: Path) -> None:
    """``python -m inspector --demo-server`` is what the bundle's ``EXE --demo-server`` runs: a
    whole probe session against it."""
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "inspector",
            "probe",
            "--request",
            "tools/list",
            "--",
            sys.executable,
            "-m",
            "inspector",
            "--demo-server",
        ],
        env=env_for(tmp_path),
        capture_output=True,
        text=True,
        timeout=BOUND,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr
    assert "tools/list" in done.stdout
    help_text = subprocess.run(
        [sys.executable, "-m", "inspector", "--demo-server", "--help"],
        env=env_for(tmp_path),
        capture_output=True,
        text=True,
        timeout=BOUND,
    )
    assert help_text.returncode == 0 and "--crash-during-initialize" in help_text.stdout
