"""scripts/setup.sh (which scripts/run.sh runs before the app): it says on stderr what it
installs, and when nothing changed it installs nothing and says nothing. And run.sh passes its
arguments to the app, with or without a display.

Run on a copy of the checkout's set-up files with a stand-in ``.venv/bin/python`` that writes
down how it was called (pip is what is counted; the real pip would need the network and would
touch the shared .venv). The Debian packages are the machine's: setup.sh's one dpkg-query finds
them installed (the test is skipped where some are missing, as setup.sh would install them).
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

FAKE_PYTHON = """#!/bin/sh
echo "$*" >> "$(dirname "$0")/../calls.log"
case "$*" in
  "-m pip install -q -e ."*) [ -e "$(dirname "$0")/../pip-fails" ] && {
      echo "ERROR: No matching distribution found for PySide6-Essentials" >&2; exit 1; } ;;
esac
exit 0
"""


def project(tmp_path: Path) -> Path:
    """The files setup.sh reads, and a .venv whose python only logs its arguments."""
    (tmp_path / "scripts").mkdir()
    shutil.copy(ROOT / "scripts" / "setup.sh", tmp_path / "scripts" / "setup.sh")
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    (tmp_path / "inspector").mkdir()
    bin_ = tmp_path / ".venv" / "bin"
    bin_.mkdir(parents=True)
    for name in ("python", "mcp-session-inspector"):
        (bin_ / name).write_text(FAKE_PYTHON)
        (bin_ / name).chmod(stat.S_IRWXU)
    return tmp_path


def setup(root: Path, status: int = 0) -> tuple[str, list[str]]:
    log = root / ".venv" / "calls.log"
    log.unlink(missing_ok=True)
    done = subprocess.run(
        ["bash", "scripts/setup.sh"], cwd=root, capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL
    )
    assert done.returncode == status, done.stderr
    return done.stderr, log.read_text().splitlines() if log.exists() else []


def test_setup_says_what_it_installs_then_skips_it_while_nothing_changed(tmp_path: Path) -> None:
    root = project(tmp_path)
    said, calls = setup(root)
    if "setup: missing Debian packages" in said or "installing Debian packages" in said:
        pytest.skip("this machine lacks some of setup.sh's Debian packages")
    assert said.splitlines() == [
        "setup: installing Python packages into .venv (pip; about a minute the first time)…",
        said.splitlines()[-1],
    ] and said.splitlines()[-1].startswith("setup: Python packages ready ("), said
    assert [c for c in calls if c.startswith("-m pip install")] == [
        "-m pip install -q --upgrade pip",
        "-m pip install -q -e .",
    ]
    assert (root / ".venv" / ".setup-stamp").read_text().strip()

    assert calls[-1] == "-m compileall -q -j 0 inspector"

    said, calls = setup(root)  # nothing changed: silent, no pip, no compileall
    assert said == "" and calls == []

    changed = root / "inspector" / "changed.py"  # a source newer than the last compilation: compiled again
    changed.write_text("x = 1\n")
    os.utime(changed, (time.time() + 5, time.time() + 5))
    said, calls = setup(root)
    assert said == "" and calls == ["-m compileall -q -j 0 inspector"]

    with open(root / "pyproject.toml", "a") as f:  # a dependency changed: installed again
        f.write("\n# changed\n")
    said, calls = setup(root)
    assert "setup: installing Python packages" in said and "-m pip install -q -e ." in calls


def test_a_failed_pip_install_is_said_and_not_stamped(tmp_path: Path) -> None:
    """pip's own status counts (its output used to go through a filter that hid it): a failed
    install ends the set-up with 1, and the next run tries again instead of trusting a stamp."""
    root = project(tmp_path)
    (root / ".venv" / "pip-fails").touch()
    said, calls = setup(root, status=1)
    if "Debian packages" in said:
        pytest.skip("this machine lacks some of setup.sh's Debian packages")
    assert "ERROR: No matching distribution found for PySide6-Essentials" in said
    assert said.rstrip().endswith("setup: pip failed (above): nothing is stamped, the next run tries again"), said
    assert not (root / ".venv" / ".setup-stamp").exists()
    (root / ".venv" / "pip-fails").unlink()
    said, calls = setup(root)
    assert "-m pip install -q -e ." in calls and (root / ".venv" / ".setup-stamp").exists()


def test_a_test_install_covers_the_app_but_not_the_other_way_round(tmp_path: Path) -> None:
    root = project(tmp_path)
    (root / ".peers" / "node_modules").mkdir(parents=True)
    (root / ".peers" / "package.json").write_text("{}")
    npm = tmp_path / "bin"
    npm.mkdir()
    (npm / "npm").write_text('#!/bin/sh\necho "npm $*" >> "$(dirname "$0")/../.venv/calls.log"\n')
    (npm / "npm").chmod(stat.S_IRWXU)
    env = {**os.environ, "PATH": f"{npm}{os.pathsep}{os.environ['PATH']}"}

    def run(*args: str) -> tuple[str, list[str]]:
        log = root / ".venv" / "calls.log"
        log.unlink(missing_ok=True)
        done = subprocess.run(
            ["bash", "scripts/setup.sh", *args],
            cwd=root,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
            stdin=subprocess.DEVNULL,
        )
        assert done.returncode == 0, done.stderr
        return done.stderr, log.read_text().splitlines() if log.exists() else []

    said, calls = run()
    if "Debian packages" in said:
        pytest.skip("this machine lacks some of setup.sh's Debian packages")
    said, calls = run("--test")  # the app's install does not have the test tools
    assert "-m pip install -q -e .[test]" in calls and any(c.startswith("npm install") for c in calls), calls
    assert "installing the npm reference server" in said
    said, calls = run("--test")
    assert said == "" and calls == [], (said, calls)
    said, calls = run()  # the test install has everything the app needs
    assert said == "" and calls == [], (said, calls)


def test_run_sh_passes_its_arguments_to_the_app_without_a_display() -> None:
    """Without a display and without arguments run.sh shows the demo's probe instead of the
    window; with arguments (--version here) the app gets them, display or not."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    done = subprocess.run(
        ["bash", "scripts/run.sh", "--version"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("mcp-session-inspector ") and done.stdout.count("\n") == 1, done.stdout
    assert "No display here" not in done.stderr
