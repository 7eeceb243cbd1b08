"""What the commands write on stdout, whatever stdout is.

:func:`usable_stdout` (called first by every command) makes ``sys.stdout`` one a command can
write to: a process started without one (``>&-``) gets a stream whose writes fail as writes to
a closed descriptor do (:class:`StdoutClosed`), and its descriptor 1 taken, so that no file the
process opens later lands there; a stdout whose encoding is not UTF-8 writes what it cannot
encode as backslash escapes. :func:`write_utf8` is how JSON goes out: as UTF-8 bytes, whatever
the encoding (JSON is UTF-8).
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import io
import os
import sys
from typing import TextIO


class StdoutClosed(OSError):
    """A write to a stdout the process was started without (``>&-``)."""


class _ClosedStdout(io.TextIOBase):
    """``sys.stdout`` when the process has none (its descriptor 1 was closed): every write
    fails as a write to a closed descriptor does, so the probe says so (EXIT_OUTPUT) and the
    other commands too, where Python would have no stream at all (an AttributeError)."""

    def write(self, s: str) -> int:
        raise StdoutClosed(errno.EBADF, "stdout is closed (the inspector was started without one)")


def usable_stdout() -> None:
    """Make ``sys.stdout`` one the commands can write to: a closed one fails each write with
    :class:`StdoutClosed`; one whose encoding is not UTF-8 (``PYTHONIOENCODING=latin-1``, a C
    locale) writes what it cannot encode as backslash escapes instead of failing mid-transcript."""
    out = sys.stdout
    if out is None:
        sys.stdout = _ClosedStdout()
        _take_descriptor(1)
    elif isinstance(out, io.TextIOWrapper) and out.encoding.lower().replace("_", "-") not in ("utf-8", "utf8"):
        with contextlib.suppress(ValueError, LookupError):  # already closed; an unknown error handler
            out.reconfigure(errors="backslashreplace")


def _take_descriptor(fd: int) -> None:
    """Hold descriptor ``fd`` when it is closed: /dev/null opened for reading, so that a write
    to it still fails (EBADF) and nothing opened later gets its number."""
    try:
        fcntl.fcntl(fd, fcntl.F_GETFD)
        return  # open after all
    except OSError as exc:
        if exc.errno != errno.EBADF:
            return
    with contextlib.suppress(OSError):
        null = os.open(os.devnull, os.O_RDONLY)
        if null != fd:
            os.dup2(null, fd, inheritable=False)
            os.close(null)


def write_utf8(out: TextIO, data: bytes) -> None:
    """Write ``data`` (UTF-8: JSON) as it is to the bytes under ``out`` when there are any (what
    was written as text goes first), else as text."""
    raw = getattr(out, "buffer", None)
    if raw is None:
        out.write(data.decode("utf-8"))
    else:
        out.flush()
        raw.write(data)
        raw.flush()
