"""The frozen bundle's entry point (PyInstaller runs this file as __main__).

Everything else is in inspector/__main__.py: ``--demo-server`` runs the built-in demo MCP server
(the bundle has no python to run ``python -m inspector.demo`` with), anything else is the app's
command line (the window, ``probe``, ``--self-test``...).
"""

import os
import sys


def clean_environment() -> None:
    """Take back what PyInstaller's bootloader and its PySide6 runtime hook put in the
    environment for this process, so the MCP servers the inspector starts do not inherit it:
    LD_LIBRARY_PATH pointing into the bundle (a server would load the bundle's libstdc++,
    libssl...), Qt's plugin and QML paths (a Qt-based server would load the bundle's plugins),
    and the bootloader's _PYI_* bookkeeping. The dynamic loader read LD_LIBRARY_PATH when this
    process started; Qt's plugin folder is set again in inspector.ui.app.make_application.
    A server that is itself a PyInstaller bundle starts afresh (PYINSTALLER_RESET_ENVIRONMENT)."""
    original = os.environ.pop("LD_LIBRARY_PATH_ORIG", None)
    if original is not None:
        os.environ["LD_LIBRARY_PATH"] = original
    else:
        os.environ.pop("LD_LIBRARY_PATH", None)
    for name in ("QT_PLUGIN_PATH", "QML2_IMPORT_PATH"):
        os.environ.pop(name, None)
    for name in [n for n in os.environ if n.startswith("_PYI_")]:
        del os.environ[name]
    os.environ["PYINSTALLER_RESET_ENVIRONMENT"] = "1"


if getattr(sys, "frozen", False):
    clean_environment()

from inspector.__main__ import run  # noqa: E402

raise SystemExit(run())
