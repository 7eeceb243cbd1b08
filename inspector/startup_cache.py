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
must belong to this user and be writable by no one else, in a folder likewise (neither a link;
the file a regular one, opened without waiting); it must start with this format's header (the
length and CRC-32 of what follows), hold a table of source texts to code objects and be no
larger than :data:`MAX_BYTES`. Anything else is ignored (and replaced at the next save, which
also closes a folder of ours that others could write). A process that makes classes by the
thousand keeps no more than :data:`MAX_ENTRIES` of them in the table. Writes go to a temporary
file that replaces the old one; every error of the disk is silent (the classes are compiled as
without the file).
``MCP_INSPECTOR_STARTUP_CACHE=0`` turns it off.
"""

from __future__ import annotations

import builtins
import marshal
import os
import stat
import struct
import sys
import zlib
from collections.abc import Mapping
from pathlib import Path
from types import CodeType

__all__ = ["MAX_BYTES", "MAX_ENTRIES", "cache_file", "install", "save"]

MAX_BYTES = 4 << 20  # the package's records take about 0.3 MB
MAX_ENTRIES = 5000  # beyond this the table starts again from what this run used
_ENV = "MCP_INSPECTOR_STARTUP_CACHE"
_FORMAT = 3  # in the file's name: a table made another way is never read
_MAGIC = b"MCPIdc03"
_HEAD = struct.Struct("<8sQI")  # magic, the table's length, its CRC-32
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
                if len(self.known) < MAX_ENTRIES:  # past that (classes made by the thousand): not kept
                    self.known[source] = code
                    self.new += 1
                    self.used[source] = code
            else:
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
    body = marshal.dumps(keep)
    if len(body) + _HEAD.size > MAX_BYTES:
        body = marshal.dumps(table.used)
        if len(body) + _HEAD.size > MAX_BYTES:  # it would never be read
            return
    data = _HEAD.pack(_MAGIC, len(body), zlib.crc32(body)) + body
    folder = table.path.parent
    tmp = table.path.with_name(f".{table.path.name}.{os.getpid()}.tmp")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOFOLLOW", 0)
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        info = os.lstat(folder)
        if stat.S_ISDIR(info.st_mode) and not _private(info) and _private(info, writable=True):
            os.chmod(folder, 0o700)  # ours but open to others: the table would never be read
        tmp.unlink(missing_ok=True)  # a temporary file this process's id left before
        fd = os.open(tmp, flags, 0o600)
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
    """The table in ``path``, or an empty one for a file that is missing or not to be trusted:
    the folder (not a link) and the file (a regular file, not a link, opened without waiting)
    must be this user's and writable by no one else, the file no larger than MAX_BYTES, its
    header this format's with the length and checksum of what follows."""
    flags = os.O_RDONLY | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    fd = -1
    try:
        folder = os.lstat(path.parent)
        if not stat.S_ISDIR(folder.st_mode) or not _private(folder):
            return {}
        fd = os.open(path, flags)
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or not _private(info) or info.st_size > MAX_BYTES:
            return {}
        with os.fdopen(fd, "rb") as f:
            fd = -1
            data = f.read(MAX_BYTES + 1)
        if len(data) < _HEAD.size:
            return {}
        magic, size, check = _HEAD.unpack_from(data)
        body = memoryview(data)[_HEAD.size :]
        if magic != _MAGIC or size != len(body) or check != zlib.crc32(body):
            return {}
        table = marshal.loads(body)
    except Exception:  # noqa: BLE001 - a file that cannot be read as a table is no table (MemoryError too)
        return {}
    finally:
        if fd >= 0:
            os.close(fd)
    if type(table) is not dict or not all(type(k) is str and type(v) is CodeType for k, v in table.items()):
        return {}
    return table


def _private(info: os.stat_result, *, writable: bool = False) -> bool:
    """Owned by this user (where there are users) and writable by no one else (``writable``:
    only owned by this user)."""
    getuid = getattr(os, "getuid", None)
    if getuid is not None and info.st_uid != getuid():
        return False
    return writable or not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)
