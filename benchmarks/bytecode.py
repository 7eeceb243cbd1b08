"""Compile the package's bytecode before a start-up is timed, as an installed app has it.

pip compiles an installed package and PyInstaller bundles bytecode; the editable install of a
checkout leaves it to Python, which caches nothing where PYTHONDONTWRITEBYTECODE is set (this
machine sets it). Timing a start that compiles the whole package measures the compiler, not
the app; ``scripts/setup.sh`` compiles it for the same reason.
"""

from __future__ import annotations

import compileall
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "inspector"


def compile_package() -> None:
    """Bring the package's ``__pycache__`` up to date (cheap when it is); raise if it fails."""
    if not compileall.compile_dir(str(PACKAGE), quiet=1, workers=0):
        raise SystemExit(f"could not compile the bytecode of {PACKAGE}")
