"""Recordings for the surface tests, made by running real servers through real pipes: the
two-release SDK fixture (tests/fixtures/servers/sdk_surface.py) and the reference server."""

from __future__ import annotations

import sys
from pathlib import Path

from peers import FIXTURES
from session_helpers import options

from inspector.protocol.versions import EraMode
from inspector.session import Session
from inspector.session.operations import ListPager
from inspector.session.surface import KINDS, LIST_METHODS


def surface_server(release: int = 1, *extra: str) -> list[str]:
    """argv of the two-release fixture server."""
    return [sys.executable, str(FIXTURES / "sdk_surface.py"), "--release", str(release), *extra]


async def record(
    argv: list[str],
    path: Path,
    *,
    kinds: tuple[str, ...] = KINDS,
    pages: int = 50,
    modern: bool = False,
) -> Path:
    """Run the server at ``argv``, list ``kinds`` (up to ``pages`` pages each, as the window's
    pager does), and record the session to ``path``."""
    session = Session(options(argv, record_path=path, era=EraMode.MODERN if modern else EraMode.LEGACY))
    async with session:
        await session.start()
        for kind in kinds:
            await ListPager(LIST_METHODS[kind], kind).fetch(session, pages)
    return path
