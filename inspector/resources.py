"""Find files shipped under ``resources/`` from a checkout, a wheel or a frozen build."""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path


@cache
def resources_dir() -> Path:
    here = Path(__file__).resolve().parent
    candidates = [
        here / "_data",  # installed wheel (force-include in pyproject.toml)
        here.parent / "resources",  # source checkout or editable install
    ]
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        candidates.insert(0, Path(frozen) / "resources")
    for candidate in candidates:
        if (candidate / "schema").is_dir():
            return candidate
    raise FileNotFoundError("resources/ not found next to the inspector package: " + ", ".join(map(str, candidates)))


def resource_path(*parts: str) -> Path:
    """Absolute path of ``resources/<parts...>``."""
    return resources_dir().joinpath(*parts)
