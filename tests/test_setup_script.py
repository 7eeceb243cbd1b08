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
venv="$(dirname "$0")/.."
echo "$*" >> "$venv/calls.log"
case "$*" in
  "-m pip install -q -e ."*) [ -e "$venv/pip-fails" ] && {
      echo "ERROR: No matching distribution found for PySide6-Essentials" >&2; exit 1; } ;;
  *"import sysconfig"*) echo "$venv/include" ;;  # Python's headers: a Python.h there
  "scripts/build_native.py --stamp "*) [ -e "$venv/build-fails" ] && {
      echo "build_native: _native.c not built: the compiler exited with 1" >&2; exit 1; }
    touch "$venv/built.so"; echo "$PWD/.venv/built.so" > "$3" ;;
esac
exit 0
"""


def project(tmp_path: Path) -> Path:
    """The files setup.sh reads, and a .venv whose python only logs its arguments."""
    (tmp_path / "scripts").mkdir()
    shutil.copy(ROOT / "scripts" / "setup.sh", tmp_path / "scripts" / "setup.sh")
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    shutil.copy(ROOT / "scripts" / "build_native.py", tmp_path / "scripts" / "build_native.py")
    (tmp_path / "inspector" / "session").mkdir(parents=True)
    shutil.copy(ROOT / "inspector" / "session" / "_native.c", tmp_path / "inspector" / "session" / "_native.c")
    bin_ = tmp_path / ".venv" / "bin"
    bin_.mkdir(parents=True)
    (tmp_path / ".venv" / "include").mkdir()
    (tmp_path / ".venv" / "include" / "Python.h").touch()
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
    lines = said.splitlines()
    assert lines == [
        "setup: installing Python packages into .venv (pip; about a minute the first time)…",
        lines[1],
        "setup: building the C part (scripts/build_native.py)…",
    ] and lines[1].startswith("setup: Python packages ready ("), said
    assert [c for c in calls if c.startswith("-m pip install")] == [
        "-m pip install -q --upgrade pip",
        "-m pip install -q -e .",
    ]
    assert (root / ".venv" / ".setup-stamp").read_text().strip()
    assert "scripts/build_native.py --stamp .venv/.native" in calls

    assert calls[-1] == "-m compileall -q -j 0 inspector"

    said, calls = setup(root)  # nothing changed: silent, no pip, no build, no compileall
    assert said == "" and calls == []

    stamp = root / ".venv" / ".native"  # the C part's source changed since the build: built again
    os.utime(stamp, (time.time() - 100, time.time() - 100))
    said, calls = setup(root)
    assert said == "setup: building the C part (scripts/build_native.py)…\n"
    assert [c for c in calls if "build_native" in c] == ["scripts/build_native.py --stamp .venv/.native"]
    (root / ".venv" / "built.so").unlink()  # the file built is gone: built again
    said, calls = setup(root)
    assert "building the C part" in said and (root / ".venv" / "built.so").exists()
    said, calls = setup(root)
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


def test_a_failed_build_of_the_c_part_is_said_and_the_app_set_up_without_it(tmp_path: Path) -> None:
    """No compiler or headers to be had: set-up still ends 0 (the app works without the C part),
    says so, and stamps nothing; as root (here) the next run tries again."""
    root = project(tmp_path)
    (root / ".venv" / "build-fails").touch()
    said, calls = setup(root)
    if "Debian packages" in said:
        pytest.skip("this machine lacks some of setup.sh's Debian packages")
    assert "build_native: _native.c not built: the compiler exited with 1" in said
    assert "setup: (not built: the app works without it" in said
    assert not (root / ".venv" / ".native").exists() and (root / ".venv" / ".native-failed").exists()
    if os.getuid() == 0:  # root can install a compiler: tried again at once
        said, calls = setup(root)
        assert "scripts/build_native.py --stamp .venv/.native" in calls
    (root / ".venv" / "build-fails").unlink()
    os.utime(root / ".venv" / ".native-failed", (time.time() - 100, time.time() - 100))  # a fix since then
    said, calls = setup(root)
    assert "building the C part" in said and (root / ".venv" / ".native").exists()
    assert not (root / ".venv" / ".native-failed").exists()


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
