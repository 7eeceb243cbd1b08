"""Start the desktop app: QApplication, translations, palette, qasync loop, main window."""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from inspector.session import app_setup
from inspector.session.app_setup import (
    APP_ID,
    CONFIG_FOLDER,
    NO_DISPLAY,
    SelfTestFailed,
    SelfTestRun,
    display_available,
    display_gone_line,
    fonts_line,
    icon_path,
    language_of,
    migrate_doubled_config,
    on_stop_signals,
    self_test_platform,
    session_steps,
    start_demo,
    translation_line,
)
from inspector.session.settings import SettingNote, note_text, read_text

if TYPE_CHECKING:  # Qt is imported where it is used: the CLI's paths start without it
    from PySide6.QtCore import QObject
    from PySide6.QtWidgets import QApplication

    from .main_window import MainWindow


class _Choice:
    """A choice of the View menu (:meth:`choices`: code and label), kept in settings.ini under
    ``key`` and applied at once (:meth:`apply`) when made and when changed."""

    key = ""

    def __init__(self, app, settings, said: Callable[[SettingNote], None] | None = None) -> None:
        self.app = app
        self.settings = settings
        self.choice = read_text(self.key, settings.value(self.key), said)
        self.apply()

    def apply(self) -> None:
        raise NotImplementedError

    def set_choice(self, code: str) -> None:
        self.choice = code
        self.settings.setValue(self.key, code)
        self.apply()


class Languages(_Choice):
    """English or Simplified Chinese, following the system unless the user chose one."""

    key = "language"

    def __init__(self, app, settings, said: Callable[[SettingNote], None] | None = None) -> None:
        self._translators: list = []
        self.window: MainWindow | None = None  # set by build(): retranslated on a switch
        super().__init__(app, settings, said)

    def choices(self) -> list[tuple[str, str]]:
        from PySide6.QtCore import QCoreApplication

        return [
            ("system", QCoreApplication.translate("Languages", "Follow the system")),
            ("en", "English"),
            ("zh_CN", "简体中文"),
        ]

    def effective(self) -> str:
        from PySide6.QtCore import QLocale

        return language_of(self.choice, QLocale.system().name())

    def apply(self) -> None:
        from PySide6.QtCore import QLibraryInfo, QLocale, QTranslator

        from inspector.resources import resource_path

        for t in self._translators:
            self.app.removeTranslator(t)
        self._translators = []
        code = self.effective()
        ours = QTranslator(self.app)  # English's catalogue holds its plural forms only ("1 entry", "2 entries")
        if ours.load(str(resource_path("i18n", f"inspector_{code}.qm"))):
            self.app.installTranslator(ours)
            self._translators.append(ours)
        if code == "en":
            return
        qt = QTranslator(self.app)
        if qt.load(QLocale(code), "qtbase", "_", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
            self.app.installTranslator(qt)
            self._translators.append(qt)

    def set_choice(self, code: str) -> None:
        super().set_choice(code)
        if self.window is not None:
            self.window.retranslate()


class Themes(_Choice):
    """Light and dark palettes; by default the system's colour scheme decides."""

    key = "theme"

    def choices(self) -> list[tuple[str, str]]:
        from PySide6.QtCore import QCoreApplication

        return [
            ("system", QCoreApplication.translate("WindowActions", "Follow the system")),
            ("light", QCoreApplication.translate("WindowActions", "Light")),
            ("dark", QCoreApplication.translate("WindowActions", "Dark")),
        ]

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


def dark_palette():
    """Fusion's roles filled with the dark theme's colours (:data:`~inspector.session.theme_colours.DARK`:
    used when the platform gives no dark palette)."""
    from inspector.session.theme_colours import DARK, DARK_DISABLED

    from .theme import palette_of

    return palette_of(DARK, disabled=DARK_DISABLED)


def config_dir(*, migrate: bool = True) -> Path:
    """The settings folder, ``~/.config/mcp-session-inspector/`` on Linux. Earlier builds used
    Qt's per-application folder, ``<org>/<app>``, which doubled the name
    (``~/.config/mcp-session-inspector/mcp-session-inspector/``): its files move up here."""
    from PySide6.QtCore import QStandardPaths

    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericConfigLocation)
    directory = Path(base or Path.home() / ".config") / CONFIG_FOLDER
    if migrate:
        migrate_doubled_config(directory)
    return directory


def layout_cache_dir() -> Path | None:
    """Where the lifecycle diagram keeps its layouts between runs,
    ``~/.cache/mcp-session-inspector/diagram-layouts/`` on Linux (None: the platform has no
    cache folder)."""
    from PySide6.QtCore import QStandardPaths

    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericCacheLocation)
    return Path(base) / CONFIG_FOLDER / "diagram-layouts" if base else None


def reset_settings(directory: Path | None = None) -> int:
    """``--reset-settings`` in the settings folder (:func:`~inspector.session.app_setup.reset_settings`)."""
    return app_setup.reset_settings(directory or config_dir())


def make_application(argv: list[str] | None = None) -> QApplication:
    """The QApplication with the app's names, desktop entry id and icon."""
    from PySide6.QtCore import QCoreApplication
    from PySide6.QtGui import QGuiApplication, QIcon
    from PySide6.QtWidgets import QApplication

    QCoreApplication.setOrganizationName("mcp-session-inspector")
    QCoreApplication.setApplicationName("mcp-session-inspector")
    from inspector import __version__

    QCoreApplication.setApplicationVersion(__version__)
    if getattr(sys, "frozen", False):  # the bundle's launcher took QT_PLUGIN_PATH out of the environment
        from inspector.resources import resources_dir  # packaging/launcher.py; the bundle's resources/

        QCoreApplication.addLibraryPath(str(resources_dir().parent / "PySide6" / "Qt" / "plugins"))
    existing = QApplication.instance()
    app = existing if existing is not None else QApplication([sys.argv[0], *(argv or [])])
    assert isinstance(app, QApplication)  # widgets need a QApplication, never a bare QCoreApplication
    QGuiApplication.setDesktopFileName(APP_ID)
    icon = icon_path()
    if icon is not None:
        app.setWindowIcon(QIcon(str(icon)))
    app.setQuitOnLastWindowClosed(False)
    return app


def build(app, *, config: Path | None = None, servers_after_paint: bool = False):
    """Create controller and window (used by main(), the screenshot script and tests).

    ``servers_after_paint`` (the app's start): the window is made with the demo alone and reads
    the saved servers just after its first paint (:func:`read_saved_servers`): reading them
    imports pydantic (:mod:`inspector.session.documents`), about 0.1 s that the first paint no
    longer waits for; the connection panel lists them a moment later. The feature panels, shown
    only once a session says which it supports, are made then too (before the servers)."""
    from PySide6.QtCore import QSettings

    from inspector.session.profiles import ProfileStore

    from .collector import collect_on_gui_thread
    from .controller import SessionController
    from .main_window import MainWindow

    directory = config or config_dir()
    settings = QSettings(str(directory / "settings.ini"), QSettings.Format.IniFormat)
    notes: list[SettingNote] = []  # values of settings.ini that were damaged: their defaults are used
    languages = Languages(app, settings, notes.append)
    themes = Themes(app, settings, notes.append)
    store = ProfileStore(directory)
    profiles = store.placeholder() if servers_after_paint else store.load()
    collect_on_gui_thread(app)  # before any session: no collection may run in a watcher thread
    controller = SessionController()
    controller.token_folder = directory  # OAuth tokens live beside the saved servers' secrets
    window = MainWindow(controller, store, profiles, settings, languages, themes)
    window.settings_notes[:0] = notes
    languages.window = window  # the window restores its own size, docks and toolbar
    if servers_after_paint:  # the heap is frozen then too (nothing floods before the first paint)
        after_first_paint(window, lambda: _after_first_paint(window))
    else:
        window.panels.build_panels()
        _say_load_problems(window)
        _freeze_heap()
    return controller, window


def _after_first_paint(window: MainWindow) -> None:
    """What the start leaves until just after the first paint: the feature panels (hidden until
    a session says which it supports; about 60 ms of widgets), then the saved servers (which
    freeze the heap, the panels in it); then the start-up cache (inspector/startup_cache.py)."""
    window.panels.build_panels()
    read_saved_servers(window)
    from inspector import startup_cache

    startup_cache.save()  # the records made by the start (new ones only): the next start takes them as they are


def _freeze_heap() -> None:
    """Everything alive now (modules, Qt wrappers, compiled schemas) lives as long as the app:
    keep it out of the cyclic collector, whose full passes over it stalled the UI by 20-30 ms
    during message floods."""
    gc.collect()
    gc.freeze()


def _say_load_problems(window: MainWindow) -> None:
    """What could not be read in the saved servers' files, in the status bar: located problems,
    worded in the window's language as the import dialog words them; then the damaged values of
    settings.ini that were read as their defaults."""
    said = []
    if window.store.load_problems:
        from .import_dialog import problem_line

        said = [problem_line(p) for p in window.store.load_problems]
    if window.settings_notes:
        from PySide6.QtCore import QCoreApplication

        said += [note_text(QCoreApplication.translate, note) for note in window.settings_notes]
    if said:
        window.statusBar().showMessage("; ".join(said), 15000)


def read_saved_servers(window: MainWindow) -> None:
    """Read the saved servers into a window made with the demo alone (``build(...,
    servers_after_paint=True)``): the connection panel lists them (the same list object, which
    the window and the panel share), the first selected; problems go to the status bar. Once
    only: later calls do nothing."""
    from inspector.session.profiles import demo_speaks

    store = window.store
    if not store.unread:
        return
    profiles = store.load()
    if window.languages is not None:
        demo_speaks(profiles, window.languages.effective())  # as the one shown before
    window.profiles[:] = profiles
    window.connection.show_profiles(0)
    _say_load_problems(window)
    _freeze_heap()  # all that lives now (the window, and pydantic, which the read imported) lives as long as the app


def after_first_paint(window: QObject, action: Callable[[], None], *, at_the_latest_ms: int = 1000) -> None:
    """Call ``action`` once, from the event loop just after the window's first paint, or after
    ``at_the_latest_ms`` if the window has not painted by then (shown minimised)."""
    from PySide6.QtCore import QEvent, QObject, QTimer

    class Watcher(QObject):
        done = False

        def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt name)
            if not self.done and event.type() == QEvent.Type.Paint:
                QTimer.singleShot(0, self, self.run)
            return False

        def run(self) -> None:
            if not self.done:
                self.done = True
                window.removeEventFilter(self)
                action()

    watcher = Watcher(window)  # a child: a window deleted first takes the pending calls with it
    window.installEventFilter(watcher)
    QTimer.singleShot(at_the_latest_ms, watcher, watcher.run)


def main(argv: list[str] | None = None, *, connect_demo: bool = False, open_path: str | None = None) -> int:
    """Run the window until it is closed; 0, or 128+N when signal N closed it.

    ``open_path``: a recording, host log or HAR file to show at once (``mcp-session-inspector FILE``).

    ``connect_demo``: connect to the built-in demo server at once, print ``connected`` on
    stdout when its start sequence has finished and ``finished ...`` (shutdown step, exit code,
    signal) when the session has ended (for smoke tests and demonstrations).
    """
    if not display_available():
        sys.stderr.write(NO_DISPLAY)
        return 1
    import anyio
    import qasync

    app = make_application(argv)
    # A session at once (--connect-demo) takes the saved demo's settings: read them first.
    controller, window = build(app, servers_after_paint=not connect_demo)
    window.diagram.keep_layouts_in(layout_cache_dir())  # the first paint finds the last run's layout

    if os.environ.get("MCP_INSPECTOR_EXIT_AFTER_FIRST_PAINT") == "1":
        _report_first_paint(app, window)  # benchmarks/ui_startup.py measures start-up with this

    async def run() -> int:
        closed = anyio.Event()
        stopped_by: list[int] = []
        original_close = window.closeEvent

        def close_event(event) -> None:
            original_close(event)
            closed.set()

        def close_on_signal(number: int) -> None:
            if not stopped_by:
                stopped_by.append(number)
                window.close()  # as if the user closed it: saves, then shuts down
                closed.set()

        window.closeEvent = close_event  # type: ignore[method-assign]
        async with anyio.create_task_group() as tg:
            controller.task_group = tg
            await tg.start(on_stop_signals, close_on_signal)
            from .url_relays import serve_attached

            relays = serve_attached(window, tg)  # the attached URL servers, served from just after the first paint
            window.show()
            if open_path is not None:
                window.files.open_recording_path(open_path)
            if connect_demo:
                start_demo(controller, window.profiles)
            await closed.wait()
            await relays.stop_all()  # each relay's child gone: its port free, its recording closed
            await controller.end_and_wait()
            tg.cancel_scope.cancel()
        return 128 + stopped_by[0] if stopped_by else 0

    finished: list[bool] = []

    def quit_under_us() -> None:
        # Qt quits the event loop by itself when the display goes away (the X server ended: "The
        # X11 connection broke"); no loop is left to shut the server down per spec, nor to
        # unwind the tasks. End the server at once, say why in one line, and go.
        if finished:
            return
        from .url_relays import relays_of

        relays = relays_of(window)
        if relays is not None:
            relays.abandon()  # SIGTERM to the relays' process groups: they would serve on alone
        sys.stderr.write(display_gone_line(controller.abandon()))
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(1)

    app.aboutToQuit.connect(quit_under_us)

    async def run_then_finish() -> int:
        code = await run()
        finished.append(True)  # from here on the loop ends because we are done
        return code

    return anyio.run(
        run_then_finish, backend="asyncio", backend_options={"loop_factory": lambda: qasync.QEventLoop(app)}
    )


def _report_first_paint(app, window) -> None:
    """Print 'first-paint' once the window has painted, then 'settled' once what waited for the
    first paint has run (the feature panels, the saved servers), then close it (start-up
    benchmark)."""
    from PySide6.QtCore import QTimer

    def settled() -> None:
        sys.stdout.write("settled\n")
        sys.stdout.flush()
        window.close()

    def report() -> None:
        sys.stdout.write("first-paint\n")
        sys.stdout.flush()
        QTimer.singleShot(0, settled)  # after the calls queued by the same paint (this one runs first)

    after_first_paint(window, report, at_the_latest_ms=60_000)


# ---------------------------------------------------------------------------------- self-test

#: A string of the window and its Simplified Chinese translation, checked by --self-test.
SELF_TEST_STRING = ("Languages", "Follow the system")


def _distinct_colours(image, step: int = 5) -> int:
    """Distinct colours on a grid over ``image`` (a QImage)."""
    seen = set()
    for y in range(0, image.height(), step):
        for x in range(0, image.width(), step):
            seen.add(image.pixel(x, y))
    return len(seen)


def quiet_offscreen_warnings() -> None:
    """The offscreen platform warns on every dock it lays out ("This plugin does not support
    propagateSizeHints()"): noise in a self-test's report. Everything else passes through."""
    from PySide6.QtCore import qInstallMessageHandler

    previous = None

    def handler(mode, context, message: str) -> None:
        if "does not support propagateSizeHints" in message:
            return
        if previous is not None:
            previous(mode, context, message)
        else:
            sys.stderr.write(message + "\n")

    previous = qInstallMessageHandler(handler)


def self_test(timeout: float = 60.0) -> int:
    """``--self-test``: check that this installation works, step by step, and exit 0; on the
    first failure print what failed and exit 1. The window is shown on the platform the
    environment gives (:func:`self_test_platform`: xcb under Xvfb, Wayland, offscreen only
    without a display or when QT_QPA_PLATFORM says so), and the report names it and why;
    settings go to a temporary folder (yours are not touched). A Python error raised inside a
    Qt callback on the way (which PySide6 only prints) fails the step it happened in.

    1. paint the main window once (and check the picture is not blank),
    2. connect to the built-in demo server (a child process: this executable or python),
    3. run tools/list,
    4. shut the server down per spec (it must exit 0),
    5. switch to Simplified Chinese and translate a known string of the window.
    """
    import tempfile

    chosen, why = self_test_platform()
    if chosen is not None:
        os.environ["QT_QPA_PLATFORM"] = chosen
    from inspector import __version__

    quiet_offscreen_warnings()
    run = SelfTestRun()
    run.watch_errors()  # a Python error inside a Qt callback fails the step it happened in
    runtime = "frozen bundle" if getattr(sys, "frozen", False) else "python " + sys.version.split()[0]
    run.say(f"mcp-session-inspector {__version__}, {runtime}")
    from inspector.session.native import NATIVE

    run.say("C part (search, recording loader): built" if NATIVE is not None else "C part: not built (pure Python)")
    try:
        import anyio
        import qasync
        from PySide6 import __version__ as qt_version
        from PySide6.QtCore import QCoreApplication, QEvent

        app = make_application()
        run.say(f"Qt {qt_version}, platform {app.platformName()} ({why})")
    except Exception as exc:  # a missing system library shows up here (libGL, libEGL, fonts)
        return run.fail(f"{type(exc).__name__}: {exc}")

    result: list[int] = []

    with tempfile.TemporaryDirectory(prefix="mcp-inspector-self-test-") as tmp:
        run.step = "window"
        try:
            controller, window = build(app, config=Path(tmp))
        except Exception as exc:
            return run.fail(f"{type(exc).__name__}: {exc}")

        async def steps() -> None:
            async with anyio.create_task_group() as tg:
                controller.task_group = tg
                try:
                    run.step = "window"
                    painted: list[bool] = []  # a real paint: the wait below gives up long before the fallback
                    after_first_paint(window, lambda: painted.append(True), at_the_latest_ms=3_600_000)
                    window.resize(1200, 800)
                    window.show()
                    await run.until(lambda: bool(painted), "the window's first paint", 20, [])
                    image = window.grab().toImage()
                    colours = _distinct_colours(image)
                    if colours < 8:
                        raise SelfTestFailed(f"the window painted {colours} distinct colours: blank")
                    run.check_errors()
                    run.say(f"window painted ({image.width()}x{image.height()}, {colours} colours)")

                    await session_steps(run, controller, window.profiles)  # the demo: connect, tools/list, shutdown

                    run.step = "translation"
                    window.languages.set_choice("zh_CN")
                    QCoreApplication.sendPostedEvents(None, QEvent.Type.LanguageChange)  # every widget retranslates now
                    run.check_errors()
                    context, source = SELF_TEST_STRING
                    run.say(translation_line(source, QCoreApplication.translate(context, source), window.windowTitle()))
                    from PySide6.QtGui import QFontDatabase

                    run.say(fonts_line(QFontDatabase.families(QFontDatabase.WritingSystem.SimplifiedChinese)))
                    window.languages.set_choice("en")
                    QCoreApplication.sendPostedEvents(None, QEvent.Type.LanguageChange)
                    run.check_errors()
                    result.append(0)
                finally:
                    if controller.running:
                        await controller.end_and_wait()
                    window.close()
                    tg.cancel_scope.cancel()

        async def bounded() -> None:
            with anyio.move_on_after(timeout) as scope:
                await steps()
            if scope.cancelled_caught:
                raise SelfTestFailed(f"not finished within {timeout:g} s")

        try:
            anyio.run(bounded, backend="asyncio", backend_options={"loop_factory": lambda: qasync.QEventLoop(app)})
            run.step = "the end"
            run.check_errors()  # one raised while the window closed
        except BaseException as exc:  # noqa: BLE001 (every failure is reported, none escapes)
            return run.failure(exc)
    if not result:
        return run.fail("did not finish")
    return run.passed()
