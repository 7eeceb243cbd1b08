"""Start-up: the methods the ``dataclasses`` module writes for the package's records, compiled once
and kept in the user's cache folder (a fifth of the time the probe's imports take, a tenth of
the window's first paint, on the machine that measured it: README, Benchmarks).

Theory of operation
-------------------
``@dataclass`` writes each class's ``__init__``, ``__repr__``, ``__eq__`` (and, frozen, its
``__setattr__`` ...) as Python source and compiles it with ``exec``: about 0.2 ms a method, a
thousand times a start. :func:`install` gives the ``dataclasses`` module its own ``exec`` (the
name its functions look up first): the same call, but a source text it has compiled before is
taken from a table as its code object; only new texts are compiled. The table is one file,
``~/.cache/mcp-session-inspector/startup/dataclasses-<python>.marshal`` (``XDG_CACHE_HOME`` is
honoured), read once by :func:`install` and written by :func:`save` when this run compiled a
text it did not hold. The code made from a text is what ``compile`` makes from it, so the
classes are the very same; the file is keyed by the interpreter's version (marshal's format is
its own).

The file is trusted as Python's own ``__pycache__`` is, and checked as such a file should be: it
must belong to this user and be writable by no one else, in a folder likewise; it must be a
table of source texts to code objects and no larger than :data:`MAX_BYTES`. Anything else is
ignored (and replaced at the next save). Writes go to a temporary file that replaces the old one;
every error of the disk is silent (the classes are compiled as without the file).
``MCP_INSPECTOR_STARTUP_CACHE=0`` turns it off.
"""

from __future__ import annotations

import builtins
import marshal
import os
import stat
import sys
from collections.abc import Mapping
from pathlib import Path
from types import CodeType

__all__ = ["MAX_BYTES", "MAX_ENTRIES", "cache_file", "install", "save"]

MAX_BYTES = 4 << 20  # the package's records take about 0.3 MB
MAX_ENTRIES = 5000  # beyond this the table starts again from what this run used
_ENV = "MCP_INSPECTOR_STARTUP_CACHE"
_FORMAT = 2  # in the file's name: a table made another way is never read
_exec = builtins.exec


class _Table:
    def __init__(self, path: Path, known: dict[str, CodeType]) -> None:
        self.path = path
        self.known = known
        self.used: dict[str, CodeType] = {}
        self.new = 0

    def exec(
        self, source: object, globals: dict[str, object] | None = None, locals: Mapping[str, object] | None = None, /
    ) -> None:
        if type(source) is str:
            code = self.known.get(source)
            if code is None:
                # as exec compiles it from dataclasses' own code: no __future__ flag of this
                # module (``annotations`` would make the methods' annotations strings)
                code = compile(source, "<string>", "exec", dont_inherit=True)
                self.known[source] = code
                self.new += 1
            self.used[source] = code
            source = code
        _exec(source, globals, locals)  # type: ignore[arg-type]


_table: _Table | None = None


def cache_file(base: Path | None = None) -> Path | None:
    """The file (None: no cache folder is known). ``base``: the cache folder to use instead of
    the user's (tests)."""
    if base is None:
        home = os.environ.get("XDG_CACHE_HOME") or (str(Path.home() / ".cache") if "HOME" in os.environ else "")
        if not home or not os.path.isabs(home):
            return None
        base = Path(home)
    tag = f"{sys.implementation.cache_tag}-{sys.hexversion:x}-{_FORMAT}"
    return base / "mcp-session-inspector" / "startup" / f"dataclasses-{tag}.marshal"


def install(base: Path | None = None) -> bool:
    """Read the table and give ``dataclasses`` the ``exec`` that uses it (once; before the
    package's modules are imported). False when it is turned off or there is no folder."""
    global _table
    if _table is not None:
        return True
    if os.environ.get(_ENV, "1") == "0":
        return False
    path = cache_file(base)
    if path is None:
        return False
    import dataclasses

    _table = _Table(path, _read(path))
    dataclasses.exec = _table.exec  # type: ignore[attr-defined]  # found before the builtin
    return True


def save() -> None:
    """Write the table when this run compiled something it did not hold (silently)."""
    table = _table
    if table is None or not table.new:
        return
    keep = table.known if len(table.known) <= MAX_ENTRIES else table.used
    data = marshal.dumps(keep)
    if len(data) > MAX_BYTES:
        data = marshal.dumps(table.used)
    folder = table.path.parent
    tmp = table.path.with_name(f".{table.path.name}.{os.getpid()}.tmp")
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_CLOEXEC", 0), 0o600)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise
        os.replace(tmp, table.path)
        table.new = 0
    except OSError:
        tmp.unlink(missing_ok=True)


def _read(path: Path) -> dict[str, CodeType]:
    """The table in ``path``, or an empty one for a file that is missing or not to be trusted."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return {}
    try:
        info = os.fstat(fd)
        folder = os.stat(path.parent)
        if not _private(info) or not _private(folder) or not stat.S_ISREG(info.st_mode) or info.st_size > MAX_BYTES:
            return {}
        with os.fdopen(fd, "rb") as f:
            fd = -1
            data = f.read(MAX_BYTES + 1)
        table = marshal.loads(data)
    except (OSError, EOFError, ValueError, TypeError):
        return {}
    finally:
        if fd >= 0:
            os.close(fd)
    if type(table) is not dict or not all(type(k) is str and type(v) is CodeType for k, v in table.items()):
        return {}
    return table


def _private(info: os.stat_result) -> bool:
    """Owned by this user (where there are users) and writable by no one else."""
    getuid = getattr(os, "getuid", None)
    return (getuid is None or info.st_uid == getuid()) and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)
