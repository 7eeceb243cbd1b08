"""What the desktop app decides before and around its window, without Qt.

Its identity (the desktop entry's id, the one settings folder and the files ``--reset-settings``
removes), the move of the old doubled settings folder, the icon's file, whether a display is
there at all (and what to tell the user when not), the platform ``--self-test`` runs on, and
how a Python error raised inside a Qt callback is named, the window's language with ``system``
chosen (:func:`language_of`), the generation the GUI thread's collector takes
(:func:`due_generation`), the self-test's bookkeeping (its report, its steps, the errors raised
in the window, its waits: :class:`SelfTestRun`) and its session steps over the window's session
runner (:func:`session_steps`), and ``--connect-demo``'s lines (:func:`start_demo`).
``inspector.ui.app`` uses these around the Qt parts; each is tested without a QApplication.
"""

from __future__ import annotations

import os
import re
import signal
import sys
import time
import traceback
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, TextIO

import anyio
import anyio.abc

if TYPE_CHECKING:
    from .outcomes import Reply
    from .profiles import ServerProfile
    from .session_runner import SessionRunner

#: The desktop entry's id (packaging/): names the .desktop file, the icons and the AppStream
#: metainfo, and is the Wayland app id.
APP_ID = "io.github.mcp_session_inspector.Inspector"
#: The one settings folder, under the platform's config folder (~/.config on Linux, or
#: $XDG_CONFIG_HOME): settings.ini (window layout, language, theme, last recordings folder),
#: servers.json (saved servers) and secrets.json (their secret values, mode 0600).
CONFIG_FOLDER = "mcp-session-inspector"
#: What --reset-settings removes: the window's settings. Saved servers are kept.
SETTINGS_FILES = ("settings.ini", "settings.ini.lock")

NO_DISPLAY = """\
mcp-session-inspector: no display found (DISPLAY and WAYLAND_DISPLAY are unset), so the window
cannot open. To see it:

  - On a desktop, run it from a terminal of the graphical session.
  - From another machine that shows X11 windows:  ssh -X user@this-host, then run it there.
  - On a server, in a virtual screen:        xvfb-run -a mcp-session-inspector
  - To check it renders, without a display:  mcp-session-inspector --self-test   (offscreen)
  - Without a window at all, use the headless probe:
        mcp-session-inspector probe --demo
        mcp-session-inspector probe -- COMMAND [ARGS...]
"""


def display_available(env: Mapping[str, str] = os.environ, platform: str = sys.platform) -> bool:
    """False only on Linux with no display at all (nor a Qt platform chosen)."""
    if not platform.startswith("linux"):
        return True
    return bool(env.get("QT_QPA_PLATFORM") or env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"))


#: Signals that close the window the way its close button does: a live session is shut down
#: per spec first, then the app exits with 128 + the signal number.
STOP_SIGNALS = ("SIGINT", "SIGTERM", "SIGHUP")


async def on_stop_signals(
    act: Callable[[int], None], *, task_status: anyio.abc.TaskStatus[None] = anyio.TASK_STATUS_IGNORED
) -> None:
    """Call ``act(number)`` for each of :data:`STOP_SIGNALS` received, until cancelled (started
    once listening; at once, listening to none, where the loop has no signal handlers)."""
    numbers = [getattr(signal, name) for name in STOP_SIGNALS if hasattr(signal, name)]
    try:
        with anyio.open_signal_receiver(*numbers) as received:
            task_status.started()
            async for number in received:
                act(int(number))
    except NotImplementedError:  # no loop signal handlers on this platform
        task_status.started()


def migrate_doubled_config(directory: Path) -> list[Path]:
    """Move the files of the old doubled folder ``directory/mcp-session-inspector/`` into
    ``directory`` (a file already there wins) and remove the old folder when it is empty.
    Returns the files moved."""
    old = directory / CONFIG_FOLDER
    moved: list[Path] = []
    if not old.is_dir() or old.is_symlink():
        return moved
    for item in sorted(old.iterdir()):
        target = directory / item.name
        if target.exists() or target.is_symlink():
            continue
        try:
            item.rename(target)
        except OSError:
            continue
        moved.append(target)
    try:
        old.rmdir()  # only when empty
    except OSError:
        pass
    return moved


def reset_settings(directory: Path) -> int:
    """``--reset-settings``: forget the window's settings (size, docks and toolbar, language,
    theme, last recordings folder) in ``directory``; saved servers stay. Prints what it removed."""
    removed = []
    for name in SETTINGS_FILES:
        path = directory / name
        if path.is_file() or path.is_symlink():
            path.unlink()
            removed.append(path)
    if removed:
        for path in removed:
            print(f"removed {path}")
        print("The window starts with its default size, layout, language and theme; saved servers are kept.")
    else:
        print(f"nothing to reset: no saved settings in {directory}")
    if (directory / "servers.json").exists():
        print(f"saved servers kept: {directory / 'servers.json'} (delete the folder to forget them too)")
    return 0


def icon_path() -> Path | None:
    """The app's icon: resources/icons/ in a bundle, packaging/icons/ in a checkout."""
    from inspector.resources import resources_dir

    name = f"{APP_ID}.svg"
    candidates = [Path(__file__).resolve().parents[2] / "packaging" / "icons" / name]
    try:
        candidates.insert(0, resources_dir() / "icons" / name)
    except FileNotFoundError:
        pass
    return next((c for c in candidates if c.is_file()), None)


def demo_among(profiles: Sequence[ServerProfile]) -> ServerProfile:
    """The built-in demo server as saved (its era, roots and timeouts kept), else a fresh one."""
    from .profiles import DEMO_ID, demo_profile

    return next((p for p in profiles if p.id == DEMO_ID), None) or demo_profile()


def self_test_platform(env: Mapping[str, str] = os.environ, platform: str = sys.platform) -> tuple[str | None, str]:
    """The Qt platform the self-test runs on, and why: the one ``QT_QPA_PLATFORM`` names; else
    the one the environment gives (None: Qt chooses, as for the window: xcb where ``DISPLAY`` is
    set, as under ``xvfb-run``, Wayland in a Wayland session); ``offscreen`` only on Linux with
    no display at all, where the window could not open."""
    if env.get("QT_QPA_PLATFORM"):
        return env["QT_QPA_PLATFORM"], f"QT_QPA_PLATFORM={env['QT_QPA_PLATFORM']}"
    if not platform.startswith("linux"):
        return None, "the system's own"
    shown = [f"{name}={env[name]}" for name in ("WAYLAND_DISPLAY", "DISPLAY") if env.get(name)]
    if shown:
        return None, ", ".join(shown)
    return "offscreen", "no display: DISPLAY and WAYLAND_DISPLAY are unset"


#: How PySide6 starts the message of an exception raised in a Python override of a Qt handler.
OVERRIDE_FAILED = "Error calling Python override of "
_OVERRIDE_NAMES = re.compile(re.escape(OVERRIDE_FAILED) + r"(\S+?\(\)): ")


def python_error(exc: BaseException) -> str:
    """``AttributeError in QMainWindow::changeEvent(): ...``: an exception raised in a Qt event
    handler, without PySide6's "Error calling Python override of ..." for every handler it
    passed through on its way out (the innermost is where it was raised)."""
    text = str(exc)
    where = _OVERRIDE_NAMES.findall(text)
    if not where:
        return f"{type(exc).__name__}: {text}"
    return f"{type(exc).__name__} in {where[-1]}: {_OVERRIDE_NAMES.sub('', text)}"


def has_cjk(text: str) -> bool:
    """Whether ``text`` holds a CJK ideograph (a translation into Chinese took)."""
    return any("\u4e00" <= ch <= "\u9fff" for ch in text)


def language_of(choice: str, system_locale: str) -> str:
    """The window's language: the one chosen (``en``, ``zh_CN``), or with ``system`` the system's
    (``system_locale``, a locale name such as ``zh_TW``): Chinese for any Chinese, else English."""
    if choice != "system":
        return choice
    return "zh_CN" if system_locale.startswith("zh") else "en"


def due_generation(counts: Sequence[int], thresholds: Sequence[int], since_full: float, full_every: float) -> int:
    """The generation the GUI thread's collector (``ui.collector``) collects now, chosen as CPython's
    automatic collection would (the oldest whose count passed its threshold, ``counts`` and
    ``thresholds`` as ``gc`` gives them), a full one at most every ``full_every`` seconds
    (``since_full``: since the last); -1 when none is due."""
    (c0, c1, c2), (t0, t1, t2) = counts, thresholds
    if c0 <= t0:
        return -1
    if c1 <= t1:
        return 0
    return 2 if c2 > t2 and since_full >= full_every else 1


# ---------------------------------------------------------------------------------- self-test


class SelfTestFailed(Exception):
    """A step of ``--self-test`` failed: the message says what happened."""


class SelfTestRun:
    """The self-test's bookkeeping, without Qt: its report (``self-test: ...`` lines on stdout,
    one ``self-test FAILED at STEP: WHY`` line on stderr), the step it is at, and the Python
    errors raised inside Qt callbacks meanwhile. Such an error does not propagate: PySide6 prints
    its traceback through ``sys.excepthook`` and the window goes on, half-updated; while
    :meth:`watch_errors` holds, each is recorded (its traceback still printed) and fails the step
    it happened in (:meth:`check_errors`)."""

    def __init__(self, out: TextIO | None = None, err: TextIO | None = None) -> None:
        self.out = out or sys.stdout
        self.err = err or sys.stderr
        self.step = "start"
        self.errors: list[str] = []
        self.started = time.perf_counter()
        self._previous_hook: Callable[[type[BaseException], BaseException, TracebackType | None], object] | None = None

    def say(self, line: str) -> None:
        self.out.write(f"self-test: {line}\n")
        self.out.flush()

    def watch_errors(self) -> None:
        """Record every Python error the hook is given from now on (a Qt callback's)."""
        previous = self._previous_hook = sys.excepthook

        def record(kind: type[BaseException], value: BaseException, tb: TracebackType | None) -> None:
            self.errors.append(python_error(value))
            previous(kind, value, tb)  # the traceback still goes to stderr

        sys.excepthook = record

    def restore(self) -> None:
        if self._previous_hook is not None:
            sys.excepthook = self._previous_hook
            self._previous_hook = None

    def check_errors(self) -> None:
        """Fail the current step if a Python error was raised in the window meanwhile."""
        if self.errors:
            raise SelfTestFailed(f"a Python error in the window (its traceback is above): {self.errors[0]}")

    def fail(self, why: str) -> int:
        """Say that the current step failed and why; the exit code (1)."""
        self.restore()
        self.out.flush()
        self.err.write(f"self-test FAILED at {self.step}: {why}\n")
        self.err.flush()
        return 1

    def failure(self, exc: BaseException) -> int:
        """:meth:`fail` with what ``exc`` says (the first of a group; a Python error raised in an
        event handler Qt ran for a call of ours is named where it was raised, its traceback printed)."""
        while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
            exc = exc.exceptions[0]
        if isinstance(exc, SelfTestFailed):
            return self.fail(str(exc))
        if isinstance(exc, KeyboardInterrupt):
            return self.fail("interrupted")
        if OVERRIDE_FAILED in str(exc):
            traceback.print_exception(exc, file=self.err)
            return self.fail(f"a Python error in the window (its traceback is above): {python_error(exc)}")
        return self.fail(f"{type(exc).__name__}: {exc}")

    def passed(self) -> int:
        self.restore()
        self.say(f"OK in {time.perf_counter() - self.started:.2f} s")
        return 0

    async def until(self, predicate: Callable[[], bool], what: str, seconds: float, failed: list[str]) -> None:
        """Wait for ``predicate``, checking for Python errors and for a ``failed`` reason (the
        session's) meanwhile; SelfTestFailed when ``what`` does not happen within ``seconds``."""
        with anyio.move_on_after(seconds):
            while not predicate():
                self.check_errors()
                if failed:
                    raise SelfTestFailed(failed[-1])
                await anyio.sleep(0.01)
            self.check_errors()
            return
        raise SelfTestFailed(f"{what} did not happen within {seconds:g} s")


def tools_line(reply: Reply) -> str:
    """The self-test's line for the demo's tools/list answer (SelfTestFailed without tools)."""
    tools = (reply.result or {}).get("tools") if reply.ok else None
    if not isinstance(tools, list) or not tools:
        raise SelfTestFailed(f"no tools in the answer: {reply.error or reply.result!r}")
    names = ", ".join(str(t.get("name")) for t in tools[:3] if isinstance(t, dict))
    return f"tools/list: {len(tools)} tools ({names}, ...)"


def start_demo(runner: SessionRunner, profiles: Sequence[ServerProfile], out: TextIO | None = None) -> bool:
    """``--connect-demo``: connect the built-in demo of ``profiles``; say ``connected`` on ``out``
    (stdout) once it is usable and, when the session has ended, ``finished shutdown=STEP
    exit_code=N signal=N``. False when it could not start."""

    def told(event: str, values: tuple[object, ...]) -> None:
        if event == "ready":
            say("connected")
        elif event == "finished" and isinstance(values[0], Mapping):
            say(finished_line(values[0]))

    def say(line: str) -> None:
        stream = out or sys.stdout
        stream.write(line + "\n")
        stream.flush()

    runner.listeners.append(told)
    return runner.connect_profile(demo_among(profiles))


async def session_steps(run: SelfTestRun, runner: SessionRunner, profiles: Sequence[ServerProfile]) -> None:
    """The self-test's session steps, on ``runner``'s task group (the window's controller): connect
    the built-in demo of ``profiles``, run tools/list, shut it down per spec (it must exit 0)."""
    ready: list[bool] = []
    failed: list[str] = []  # the session's reason: fails the step waiting
    finished: list[Mapping[str, object]] = []

    def told(event: str, values: tuple[object, ...]) -> None:
        if event == "ready":
            ready.append(True)
        elif event == "failed":
            failed.append(str(values[0]))
        elif event == "finished" and isinstance(values[0], Mapping):
            finished.append(values[0])

    runner.listeners.append(told)
    run.step = "demo server"
    profile = demo_among(profiles)
    if not runner.connect_profile(profile):
        raise SelfTestFailed("the session could not be started")
    await run.until(lambda: bool(ready), "the demo server's start sequence", 30, failed)
    assert runner.session is not None  # set by connect_profile
    negotiation = runner.session.negotiation()
    args = " ".join(profile.args)
    run.say(f"demo server connected: {profile.command} {args} (era {negotiation.era}, version {negotiation.version})")

    run.step = "tools/list"
    with anyio.fail_after(20):
        reply = await runner.session.request("tools/list")
    run.check_errors()
    run.say(tools_line(reply))

    run.step = "shutdown"
    runner.end_session()
    await run.until(lambda: bool(finished) and not runner.running, "the server's shutdown", 20, failed)
    run.say(shutdown_line(finished[-1]))


def display_gone_line(done: str | None) -> str:
    """What the app says on stderr when its display went away under it (the X server or the
    desktop ended) and ``done`` says how the running server was ended, if one was."""
    why = "mcp-session-inspector: the window's display went away (did the X server or the desktop end?)"
    return why + (f"; {done}" if done else "") + "\n"


def finished_line(summary: Mapping[str, object]) -> str:
    """``--connect-demo``'s last line: how the session ended (the shutdown step, exit code, signal)."""
    shutdown, code, signal_number = (summary.get(key) for key in ("shutdown", "exit_code", "signal"))
    return f"finished shutdown={shutdown} exit_code={code} signal={signal_number}"


def shutdown_line(summary: Mapping[str, object]) -> str:
    """The self-test's line for the demo's shutdown (SelfTestFailed unless it exited 0)."""
    if summary.get("exit_code") != 0:
        raise SelfTestFailed(f"the demo server ended with {dict(summary)}")
    return f"demo server shut down (step {summary.get('shutdown')}, exit code 0)"


def translation_line(source: str, translated: str, title: str) -> str:
    """The self-test's line for the switch to Chinese (SelfTestFailed when ``source`` was not translated)."""
    if not has_cjk(translated):
        raise SelfTestFailed(
            f"{source!r} was not translated to Chinese (got {translated!r}): "
            "resources/i18n/inspector_zh_CN.qm did not load"
        )
    return f"Chinese translation loaded: {source!r} -> {translated!r}; window title {title!r}"


def fonts_line(families: Sequence[str]) -> str:
    """The self-test's line about the fonts with Chinese characters installed."""
    if families:
        return f"Chinese fonts: {len(families)} ({families[0]}, ...)"
    return "note: no font with Chinese characters installed: Chinese text shows as boxes (Debian: fonts-wqy-microhei)"
