"""Start the desktop app: QApplication, translations, palette, qasync loop, main window."""

from __future__ import annotations

import gc
import os
import sys
from pathlib import Path

NO_DISPLAY = """\
mcp-session-inspector: no display found, so the window cannot open.

  - On a desktop, run it from a graphical session (DISPLAY or WAYLAND_DISPLAY set).
  - On a server, start a virtual display:   xvfb-run mcp-session-inspector
  - To render without any display:          QT_QPA_PLATFORM=offscreen mcp-session-inspector
  - Without a window at all, use the headless probe:
        mcp-session-inspector probe --demo
        mcp-session-inspector probe -- COMMAND [ARGS...]
"""


def display_available() -> bool:
    if not sys.platform.startswith("linux"):
        return True
    env = os.environ
    return bool(env.get("QT_QPA_PLATFORM") or env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"))


class Languages:
    """English or Simplified Chinese, following the system unless the user chose one."""

    def __init__(self, app, settings) -> None:
        self.app = app
        self.settings = settings
        self.choice = str(settings.value("language", "system"))
        self._translators: list = []
        self.window = None
        self.apply()

    def choices(self) -> list[tuple[str, str]]:
        from PySide6.QtCore import QCoreApplication

        return [
            ("system", QCoreApplication.translate("Languages", "Follow the system")),
            ("en", "English"),
            ("zh_CN", "简体中文"),
        ]

    def effective(self) -> str:
        if self.choice != "system":
            return self.choice
        from PySide6.QtCore import QLocale

        name = QLocale.system().name()
        return "zh_CN" if name.startswith("zh") else "en"

    def apply(self) -> None:
        from PySide6.QtCore import QLibraryInfo, QLocale, QTranslator

        from inspector.resources import resource_path

        for t in self._translators:
            self.app.removeTranslator(t)
        self._translators = []
        code = self.effective()
        if code == "en":
            return
        ours = QTranslator(self.app)
        if ours.load(str(resource_path("i18n", f"inspector_{code}.qm"))):
            self.app.installTranslator(ours)
            self._translators.append(ours)
        qt = QTranslator(self.app)
        if qt.load(QLocale(code), "qtbase", "_", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
            self.app.installTranslator(qt)
            self._translators.append(qt)

    def set_choice(self, code: str) -> None:
        self.choice = code
        self.settings.setValue("language", code)
        self.apply()
        if self.window is not None:
            self.window.retranslate()


class Themes:
    """Light and dark palettes; by default the system's colour scheme decides."""

    def __init__(self, app, settings) -> None:
        self.app = app
        self.settings = settings
        self.choice = str(settings.value("theme", "system"))
        self.apply()

    def apply(self) -> None:
        from PySide6.QtCore import Qt

        hints = self.app.styleHints()
        scheme = {"light": Qt.ColorScheme.Light, "dark": Qt.ColorScheme.Dark}.get(self.choice, Qt.ColorScheme.Unknown)
        if hasattr(hints, "setColorScheme"):
            hints.setColorScheme(scheme)  # platforms with a colour-scheme setting follow this
        self.app.setStyle("Fusion")
        dark = self.choice == "dark" or (self.choice == "system" and hints.colorScheme() == Qt.ColorScheme.Dark)
        self.app.setPalette(dark_palette() if dark else self.app.style().standardPalette())
        from .widgets import retint

        retint()  # labels coloured by a theme role take the new palette's colour

    def set_choice(self, code: str) -> None:
        self.choice = code
        self.settings.setValue("theme", code)
        self.apply()


def dark_palette():
    """Fusion's roles filled with dark colours (used when the platform gives no dark palette)."""
    from PySide6.QtGui import QColor, QPalette

    p = QPalette()
    role, group = QPalette.ColorRole, QPalette.ColorGroup
    colours = {
        role.Window: "#2b2d30",
        role.WindowText: "#dfe1e5",
        role.Base: "#1e1f22",
        role.AlternateBase: "#26282b",
        role.ToolTipBase: "#393b40",
        role.ToolTipText: "#dfe1e5",
        role.PlaceholderText: "#8c8f94",
        role.Text: "#dfe1e5",
        role.Button: "#393b40",
        role.ButtonText: "#dfe1e5",
        role.BrightText: "#ff6b68",
        role.Light: "#4a4d52",
        role.Midlight: "#3c3f44",
        role.Mid: "#2f3135",
        role.Dark: "#1b1c1f",
        role.Shadow: "#000000",
        role.Highlight: "#2f65ca",
        role.HighlightedText: "#ffffff",
        role.Link: "#6ea8fe",
        role.LinkVisited: "#c58af9",
    }
    for r, c in colours.items():
        p.setColor(r, QColor(c))
    for r in (role.WindowText, role.Text, role.ButtonText):
        p.setColor(group.Disabled, r, QColor("#7a7d82"))
    return p


def config_dir() -> Path:
    from PySide6.QtCore import QStandardPaths

    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppConfigLocation)
    return Path(base or Path.home() / ".config" / "mcp-session-inspector")


def build(app, *, config: Path | None = None):
    """Create controller and window (used by main(), the screenshot script and tests)."""
    from PySide6.QtCore import QSettings

    from inspector.session.profiles import ProfileStore

    from .collector import collect_on_gui_thread
    from .controller import SessionController
    from .main_window import MainWindow

    directory = config or config_dir()
    settings = QSettings(str(directory / "settings.ini"), QSettings.Format.IniFormat)
    languages = Languages(app, settings)
    themes = Themes(app, settings)
    store = ProfileStore(directory)
    profiles = store.load()
    collect_on_gui_thread(app)  # before any session: no collection may run in a watcher thread
    controller = SessionController()
    window = MainWindow(controller, store, profiles, settings, languages, themes)
    languages.window = window  # the window restores its own size, docks and toolbar
    if store.load_problems:
        window.statusBar().showMessage("; ".join(store.load_problems), 15000)
    # Everything alive now (modules, Qt wrappers, compiled schemas) lives as long as the app:
    # keep it out of the cyclic collector, whose full passes over it stalled the UI by 20-30 ms
    # during message floods.
    gc.collect()
    gc.freeze()
    return controller, window


#: Signals that close the window the way its close button does: a live session is shut down
#: per spec first, then the app exits with 128 + the signal number.
STOP_SIGNALS = ("SIGINT", "SIGTERM", "SIGHUP")


def main(argv: list[str] | None = None, *, connect_demo: bool = False) -> int:
    """Run the window until it is closed; 0, or 128+N when signal N closed it.

    ``connect_demo``: connect to the built-in demo server at once, print ``connected`` on
    stdout when its start sequence has finished and ``finished ...`` (shutdown step, exit code,
    signal) when the session has ended (for smoke tests and demonstrations).
    """
    if not display_available():
        sys.stderr.write(NO_DISPLAY)
        return 1
    import anyio
    import qasync
    from PySide6.QtCore import QCoreApplication
    from PySide6.QtWidgets import QApplication

    QCoreApplication.setOrganizationName("mcp-session-inspector")
    QCoreApplication.setApplicationName("mcp-session-inspector")
    app = QApplication.instance() or QApplication([sys.argv[0], *(argv or [])])
    app.setQuitOnLastWindowClosed(False)
    controller, window = build(app)

    if os.environ.get("MCP_INSPECTOR_EXIT_AFTER_FIRST_PAINT") == "1":
        _report_first_paint(app, window)  # benchmarks/ui_startup.py measures start-up with this

    async def run() -> int:
        closed = anyio.Event()
        stopped_by: list[int] = []
        original_close = window.closeEvent

        def close_event(event) -> None:
            original_close(event)
            closed.set()

        async def close_on_signal(*, task_status=anyio.TASK_STATUS_IGNORED) -> None:
            import signal

            numbers = [getattr(signal, name) for name in STOP_SIGNALS if hasattr(signal, name)]
            try:
                with anyio.open_signal_receiver(*numbers) as signals:
                    task_status.started()
                    async for number in signals:
                        if not stopped_by:
                            stopped_by.append(number)
                            window.close()  # as if the user closed it: saves, then shuts down
                            closed.set()
            except NotImplementedError:  # no loop signal handlers on this platform
                task_status.started()

        window.closeEvent = close_event  # type: ignore[method-assign]
        async with anyio.create_task_group() as tg:
            controller.task_group = tg
            await tg.start(close_on_signal)
            window.show()
            if connect_demo:
                _connect_demo(controller, window)
            await closed.wait()
            controller.disconnect()
            with anyio.move_on_after(10):  # let the server shut down per spec
                while controller.running:
                    await anyio.sleep(0.02)
            tg.cancel_scope.cancel()
        return 128 + stopped_by[0] if stopped_by else 0

    return anyio.run(run, backend="asyncio", backend_options={"loop_factory": lambda: qasync.QEventLoop(app)})


def _connect_demo(controller, window) -> None:
    """Connect the built-in demo server; print 'connected' once it is usable and, when the
    session has ended, 'finished shutdown=STEP exit_code=N signal=N'."""
    from inspector.session.profiles import DEMO_ID, demo_profile

    def say(line: str) -> None:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    controller.ready.connect(lambda: say("connected"))
    controller.finished.connect(
        lambda s: say(f"finished shutdown={s.get('shutdown')} exit_code={s.get('exit_code')} signal={s.get('signal')}")
    )
    profile = next((p for p in window.profiles if p.id == DEMO_ID), None) or demo_profile()
    controller.connect_profile(profile)


def _report_first_paint(app, window) -> None:
    """Print 'first-paint' once the window has painted, then close it (start-up benchmark)."""
    from PySide6.QtCore import QEvent, QObject, QTimer

    class Watcher(QObject):
        done = False

        def eventFilter(self, obj, event) -> bool:  # noqa: N802 (Qt name)
            if not self.done and event.type() == QEvent.Type.Paint:
                self.done = True
                QTimer.singleShot(0, self.report)
            return False

        def report(self) -> None:
            sys.stdout.write("first-paint\n")
            sys.stdout.flush()
            window.close()

    watcher = Watcher(window)
    window.installEventFilter(watcher)
