"""A real X11 window: the app on a virtual X server (Xvfb) through Qt's xcb platform plugin, not
offscreen. Proves the system libraries xcb needs are there (scripts/setup.sh installs them), that
the window is mapped on the X server, and that it shows something: a screenshot of the X display
taken by another process has many colours. Needs Xvfb and xwininfo (setup.sh --test installs
them); without them the test is skipped, except under CI where it fails."""

from __future__ import annotations

import os
import re
import select
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from processes import wait_for_output

BOUND = 60.0
TITLE = "MCP Session Inspector"

#: Run as its own process on the X display: grabs the whole root window (what the X server
#: shows), saves it and prints "WIDTHxHEIGHT COLOURS".
GRAB = """
import sys
from PySide6.QtGui import QGuiApplication
app = QGuiApplication([sys.argv[0]])
image = app.primaryScreen().grabWindow(0).toImage()
image.save(sys.argv[1])
colours = {image.pixel(x, y) for y in range(0, image.height(), 3) for x in range(0, image.width(), 3)}
print(f"{image.width()}x{image.height()} {len(colours)}")
"""

missing = [tool for tool in ("Xvfb", "xwininfo") if shutil.which(tool) is None]
pytestmark = pytest.mark.skipif(
    bool(missing) and not os.environ.get("CI"),
    reason=f"{' and '.join(missing)} not installed (bash scripts/setup.sh --test installs them)",
)


def start_xvfb(log: Path) -> tuple[subprocess.Popen, str]:
    """Xvfb on a display number it picks itself (-displayfd): no clash with other X servers."""
    assert not missing, f"{missing} not installed: bash scripts/setup.sh --test installs them"
    read_fd, write_fd = os.pipe()
    with open(log, "wb") as out:
        proc = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write_fd), "-screen", "0", "1400x900x24", "-nolisten", "tcp", "-br", "-noreset"],
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            pass_fds=(write_fd,),
        )
    os.close(write_fd)
    number = b""
    deadline = time.monotonic() + 20
    try:
        while not number.endswith(b"\n"):
            ready, _, _ = select.select([read_fd], [], [], max(0.0, deadline - time.monotonic()))
            chunk = os.read(read_fd, 16) if ready else b""
            if not chunk:
                proc.kill()
                proc.wait()
                raise AssertionError(f"Xvfb gave no display number: {log.read_text(errors='replace')}")
            number += chunk
    finally:
        os.close(read_fd)
    return proc, f":{int(number)}"


def x_env(display: str, home: Path) -> dict[str, str]:
    env = {
        k: v for k, v in os.environ.items() if k not in ("QT_QPA_PLATFORM", "WAYLAND_DISPLAY", "DISPLAY", "XAUTHORITY")
    }
    env.update(DISPLAY=display, QT_QPA_PLATFORM="xcb", HOME=str(home), XDG_CONFIG_HOME=str(home / "config"))
    return env


def mapped_window(display: str) -> str | None:
    """The id of the app's main window when it is mapped and viewable on ``display``."""
    tree = subprocess.run(
        ["xwininfo", "-display", display, "-root", "-tree"], capture_output=True, text=True, timeout=10
    ).stdout
    for match in re.finditer(r"^\s+(0x[0-9a-f]+) \"" + re.escape(TITLE) + r"[^\"]*\"", tree, re.MULTILINE):
        info = subprocess.run(
            ["xwininfo", "-display", display, "-id", match.group(1)], capture_output=True, text=True, timeout=10
        ).stdout
        if "Map State: IsViewable" in info:
            return match.group(1)
    return None


def stop(proc: subprocess.Popen | None) -> None:
    if proc is not None and proc.poll() is None:
        proc.kill()
        proc.wait(10)


def test_the_window_is_drawn_on_a_real_x_server(tmp_path: Path) -> None:
    xvfb = app = None
    try:
        xvfb, display = start_xvfb(tmp_path / "xvfb.log")
        env = x_env(display, tmp_path)
        out = tmp_path / "app.txt"
        with open(out, "wb") as stdout:
            app = subprocess.Popen(
                [sys.executable, "-m", "inspector", "--connect-demo"],
                stdout=stdout,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                env=env,
            )
        wait_for_output(out, b"connected\n", app, BOUND)

        deadline = time.monotonic() + BOUND
        while (window := mapped_window(display)) is None:
            assert app.poll() is None, out.read_text(errors="replace")
            assert time.monotonic() < deadline, f"no mapped window titled {TITLE!r} on {display}"
            time.sleep(0.1)

        # Another process reads the X server's screen: what a person would see. The window may
        # still be painting right after it was mapped, so look again until it is not blank.
        shot = tmp_path / "screen.png"
        colours = 0
        while colours <= 64 and time.monotonic() < deadline:
            grab = subprocess.run(
                [sys.executable, "-c", GRAB, str(shot)], env=env, capture_output=True, text=True, timeout=BOUND
            )
            assert grab.returncode == 0, grab.stderr
            size, colours = grab.stdout.split()[0], int(grab.stdout.split()[1])
            if colours <= 64:
                time.sleep(0.2)
        assert size == "1400x900"
        assert colours > 64, f"the X display shows {colours} colours: the window {window} is blank ({shot})"

        app.send_signal(signal.SIGTERM)  # closes as if by hand: the demo server is shut down per spec
        assert app.wait(BOUND) == 128 + signal.SIGTERM
        text = out.read_text(errors="replace")
        assert "finished shutdown=stdin exit_code=0" in text, text
        assert "Traceback" not in text and "could not load the Qt platform plugin" not in text, text
    finally:
        stop(app)
        if xvfb is not None and xvfb.poll() is None:
            xvfb.terminate()
            try:
                xvfb.wait(10)
            except subprocess.TimeoutExpired:
                stop(xvfb)


def test_the_readme_command_under_xvfb_starts_the_app_on_xcb(tmp_path: Path) -> None:
    """The README's own words, `xvfb-run -a bash scripts/run.sh`, with the app's --self-test
    appended (run.sh passes its arguments on), in an environment that names no Qt platform (as
    a user's shell): set-up, then the self-test takes the display xvfb-run gives, so the app
    paints its window on the virtual X display through the xcb plugin (not offscreen), says so,
    talks to the demo server and ends with 0."""
    assert shutil.which("xvfb-run"), "xvfb-run not installed: bash scripts/setup.sh installs it"
    env = {
        k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "XAUTHORITY", "QT_QPA_PLATFORM")
    }
    env.update(HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path / "config"))
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        ["xvfb-run", "-a", "bash", "scripts/run.sh", "--self-test"],
        cwd=root,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert re.search(r"^self-test: Qt [\d.]+, platform xcb \(DISPLAY=:\d+\)$", done.stdout, re.MULTILINE), done.stdout
    assert "window painted" in done.stdout, done.stdout
    assert "self-test: OK" in done.stdout and "Traceback" not in done.stderr, done.stdout + done.stderr


def test_the_x_server_going_away_ends_the_app_cleanly(tmp_path: Path) -> None:
    """Qt stops the event loop under the app when the X connection breaks: the app says why in
    one line and exits 1 (no traceback), and no server of its is left running."""
    xvfb = app = None
    try:
        xvfb, display = start_xvfb(tmp_path / "xvfb.log")
        out = tmp_path / "app.txt"
        with open(out, "wb") as stdout:
            app = subprocess.Popen(
                [sys.executable, "-m", "inspector", "--connect-demo"],
                stdout=stdout,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                env=x_env(display, tmp_path),
            )
        wait_for_output(out, b"connected\n", app, BOUND)
        children = [int(p) for p in Path(f"/proc/{app.pid}/task/{app.pid}/children").read_text().split()]
        assert children, "the demo server is a child of the app"
        xvfb.kill()
        xvfb.wait(10)
        assert app.wait(BOUND) == 1
        text = out.read_text(errors="replace")
        assert "mcp-session-inspector: the window's display went away" in text and "Traceback" not in text, text
        deadline = time.monotonic() + BOUND
        while any(
            Path(f"/proc/{pid}").exists() and "Z" not in Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2][:3]
            for pid in children
        ):
            assert time.monotonic() < deadline, f"the demo server {children} outlived the app"
            time.sleep(0.1)
    finally:
        stop(app)
        stop(xvfb)
