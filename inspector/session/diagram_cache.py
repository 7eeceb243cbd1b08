"""The lifecycle diagram's layouts kept on disk between runs: the window's first paint reads the
layout it drew last time instead of fitting it again (40-80 ms of the start-up, issue 27).

Theory of operation
-------------------
:func:`~.diagram_geometry.fit` is a pure function of the plan (the transition table), the area,
the scroll bars' extent, the type family, the legend, the words ``tr`` gives it and the sizes the
window's font metrics give it. :func:`cached_fit` names a file after everything but the last two
(and the code that lays out: :func:`code_version`, a digest of the layout modules' source and of
Python's version) and, when the file is there, replays every translation and every measure the
stored layout was fitted with: only if each still gives the very same answer is the stored
layout used. Otherwise (another language, another font, DPI or font configuration, a damaged or
foreign file) the layout is fitted as without the cache and stored over it. So the layout
used is always the one ``fit`` would give now, to the last bit.

The file is a pickle read by an unpickler that builds only the layout's own types
(:data:`_ALLOWED`): anything else in it is refused and the layout fitted again. Writes go to a
temporary file then replace the old one (a reader never sees half a file); the folder keeps the
:data:`KEEP` newest files. Every error of the disk (a read-only or missing folder, a full disk) is
silent: the layout is fitted as without the cache. Without a folder (tests, screenshots, the
self-test) nothing is read or written.
"""

from __future__ import annotations

import functools
import hashlib
import io
import os
import pickle
import stat
import sys
import time
from pathlib import Path

from inspector.protocol.lifecycle import Transition

from .diagram_geometry import Geometry, TextSize, fit
from .diagram_plan import Plan
from .translate import Translate

__all__ = ["KEEP", "MAX_BYTES", "STALE_TMP_SECONDS", "SUFFIX", "cached_fit", "code_version", "file_for"]

#: the layouts kept in the folder (the newest by use): a window resized often leaves no more
KEEP = 40
MAX_BYTES = 1 << 20  # a stored layout is a few KiB; a larger file is not one
STALE_TMP_SECONDS = 3600  # a temporary file this old was left by a crash
SUFFIX = ".layout"
_FORMAT = 1

#: the classes a stored layout is made of, by module: nothing else is unpickled
_ALLOWED = {
    "inspector.session.diagram_geometry": frozenset({"Geometry", "Block", "Entry", "EdgeShape"}),
    "inspector.session.diagram_shapes": frozenset({"Path", "Pt", "Rect", "View"}),
    "inspector.protocol.lifecycle": frozenset({"State", "Transition", "Event"}),
    "builtins": frozenset({"frozenset", "set"}),
}

#: the modules whose code decides a layout (their source is part of :func:`code_version`)
_LAYOUT_MODULES = (
    "inspector.session.diagram_cache",
    "inspector.session.diagram_geometry",
    "inspector.session.diagram_lanes",
    "inspector.session.diagram_plan",
    "inspector.session.diagram_shapes",
    "inspector.protocol.lifecycle",
    "inspector.protocol.links",
    "inspector.protocol.versions",
)

_Stored = tuple[int, dict[tuple[str, str], str], dict[tuple[str, int, bool], tuple[float, float]], Geometry]


@functools.cache
def code_version() -> str | None:
    """A digest of the layout code's source and Python's version; None when a module's source
    cannot be read (a frozen bundle may have none): then nothing is cached."""
    digest = hashlib.sha256(sys.version.encode())
    for name in _LAYOUT_MODULES:
        module = sys.modules.get(name)
        if module is None:
            __import__(name)
            module = sys.modules[name]
        try:
            digest.update(Path(str(module.__file__)).read_bytes())
        except (OSError, TypeError):
            return None
    return digest.hexdigest()


def file_for(
    folder: Path,
    table: tuple[Transition, ...],
    w: float,
    h: float,
    legend: list[tuple[str, str]],
    bar: float,
    family: str,
) -> Path | None:
    """The file a layout of ``table`` in ``w`` x ``h`` is kept in (None: no caching, see
    :func:`code_version`)."""
    code = code_version()
    if code is None:
        return None
    key = repr((_FORMAT, code, table, w, h, legend, bar, family)).encode()
    return folder / (hashlib.sha256(key).hexdigest()[:40] + SUFFIX)


class _LayoutUnpickler(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> type:
        if name in _ALLOWED.get(module, ()):
            found: type = super().find_class(module, name)
            return found
        raise pickle.UnpicklingError(f"not a layout's type: {module}.{name}")


def _load(path: Path, size: TextSize, tr: Translate) -> Geometry | None:
    """The layout stored at ``path`` when it was fitted with the same words and sizes as
    ``tr`` and ``size`` give now; None otherwise (or no file, or not a layout)."""
    data = _read_small(path)
    if data is None:
        return None
    try:
        stored = _LayoutUnpickler(io.BytesIO(data)).load()
        version, words, sizes, g = stored
        if version != _FORMAT or not isinstance(g, Geometry):
            return None
        if any(tr(context, text) != said for (context, text), said in words.items()):
            return None
        if any(size(text, px, bold) != got for (text, px, bold), got in sizes.items()):
            return None
    except Exception:  # noqa: BLE001 (a damaged or foreign file is a miss, whatever it raises)
        return None
    try:
        os.utime(path)  # used: the newest again (the folder keeps the newest)
    except OSError:
        pass
    return g


def _read_small(path: Path) -> bytes | None:
    """The bytes of ``path`` when it is a regular file (not a link, a FIFO or a device) of at
    most :data:`MAX_BYTES`; None otherwise or on any error of the disk. Opened without
    following a link and without blocking, checked on the open file: a link to /dev/zero or a
    FIFO put in the folder cannot hold up or exhaust the first paint."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags)
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_BYTES:
            return None
        with os.fdopen(fd, "rb", closefd=False) as f:
            data = f.read(MAX_BYTES + 1)
        return data if len(data) <= MAX_BYTES else None
    except OSError:
        return None
    finally:
        os.close(fd)


def _store(path: Path, stored: _Stored) -> None:
    import tempfile  # only when a layout is stored, not to start

    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)  # the user's only
        fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as out:
                pickle.dump(stored, out, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, path)
        except BaseException:
            os.unlink(tmp)
            raise
        _prune(path.parent)
    except OSError:
        pass


def _prune(folder: Path) -> None:
    """Remove all but the :data:`KEEP` newest layouts (and temporary files a crash left)."""
    files = []
    stale = time.time() - STALE_TMP_SECONDS
    for entry in os.scandir(folder):
        if entry.name.endswith(SUFFIX):
            files.append((entry.stat().st_mtime, entry.path))
        elif entry.name.endswith(".tmp") and entry.is_file(follow_symlinks=False):
            if entry.stat(follow_symlinks=False).st_mtime < stale:  # not another window's write under way
                os.unlink(entry.path)
    files.sort(reverse=True)
    for _mtime, old in files[KEEP:]:
        os.unlink(old)


def cached_fit(
    folder: Path | None,
    table: tuple[Transition, ...],
    plan: Plan,
    w: float,
    h: float,
    size: TextSize,
    tr: Translate,
    legend: list[tuple[str, str]],
    bar: float = 0.0,
    family: str = "",
) -> Geometry:
    """``fit(plan, w, h, size, tr, legend, bar, family)`` (``plan`` is ``table``'s), read from
    ``folder`` when it was stored there with the same words and sizes, else fitted and stored
    (see the module's docstring). ``folder`` None: just fitted."""
    path = file_for(folder, table, w, h, legend, bar, family) if folder is not None else None
    if path is None:
        return fit(plan, w, h, size, tr, legend, bar, family)
    g = _load(path, size, tr)
    if g is not None:
        return g
    words: dict[tuple[str, str], str] = {}
    sizes: dict[tuple[str, int, bool], tuple[float, float]] = {}

    def said(context: str, text: str) -> str:
        out = words[(context, text)] = tr(context, text)
        return out

    def measured(text: str, px: int, bold: bool) -> tuple[float, float]:
        out = sizes[(text, px, bold)] = size(text, px, bold)
        return out

    g = fit(plan, w, h, measured, said, legend, bar, family)
    _store(path, (_FORMAT, words, sizes, g))
    return g
