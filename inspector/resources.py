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


def spec_file(ref: str) -> tuple[Path, str] | None:
    """The bundled spec page a reference names, and its anchor. A reference is
    ``"<version> <page>[#anchor]"``, e.g. ``"2025-11-25 basic/lifecycle#initialization"``; the
    page is ``resources/spec/<version>/<page>.mdx`` or ``<page>/index.mdx``. None when the
    reference is malformed or the page is not bundled."""
    version, _, rest = ref.strip().partition(" ")
    page, _, anchor = rest.strip().partition("#")
    page = page.strip().strip("/")
    if not version or not page or ".." in page.split("/") or ".." == version:
        return None
    try:
        base = resources_dir() / "spec" / version
    except FileNotFoundError:
        return None
    for candidate in (base / f"{page}.mdx", base / page / "index.mdx"):
        if candidate.is_file():
            return candidate, anchor.strip()
    return None
