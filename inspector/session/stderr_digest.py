"""The stderr lines that say why a server failed, out of everything it wrote. No Qt.

A server that dies on start usually says why on stderr, but rarely on its last line: Python
ends with the exception after a traceback, Node.js adds the stack, an object dump and its
version, a logger closes a JSON record with ``}``. :func:`stderr_digest` picks the lines a
person should read first: the exception line of each Python traceback, the lines that name
an error (``Error:``, ``fatal``, ``cannot``, ``not found``, ...) outside stack frames, and when
there are none the last lines that hold words, never bare punctuation.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .recording import Direction, Recording

_TRACEBACK = "Traceback (most recent call last):"
_ERROR_WORDS = re.compile(
    r"(\b[A-Za-z_.]*(error|exception)\b|\b(fatal|panic|failed|failure|cannot|can't|could not|couldn't|unable|denied|"
    r"refused|not found|no such|invalid|missing|abort(ed)?|crash(ed)?|exit(ing|ed)? with)\b)",
    re.IGNORECASE,
)
_FRAME = re.compile(r"^\s+(at |File \"|from )|^\s*\^[\^~\s]*$|^\s+\.\.\.")  # stack frames and caret markers
_CHAINED = re.compile(r"^(During handling of the above exception|The above exception was the direct cause)")
_WORDS = re.compile(r"[^\W_]{2,}")  # two letters or digits in a row: a line that says something


def stderr_digest(lines: Sequence[str], limit: int = 3) -> list[str]:
    """Up to ``limit`` lines of ``lines`` (a server's stderr, oldest first) that say why it
    failed, in their order."""
    text = [line.rstrip("\r\n").rstrip() for line in lines]
    picked: dict[int, str] = {}
    in_traceback = False
    for i, line in enumerate(text):
        if line.startswith(_TRACEBACK):
            in_traceback = True
            continue
        if in_traceback:
            if line and not line[0].isspace():  # the exception line ends a Python traceback
                picked[i] = line
                in_traceback = False
            continue
        if not line.strip() or _FRAME.search(line) or _CHAINED.match(line) or not _WORDS.search(line):
            continue
        if i + 1 < len(text) and re.fullmatch(r"\s*\^[\^~]*\s*", text[i + 1] or "x"):
            continue  # the source line a caret points into (Node.js, Python 3.11+)
        if _ERROR_WORDS.search(line):
            picked[i] = line.strip()
    if not picked:
        tail = [line.strip() for line in text if line.strip() and not _FRAME.search(line) and _WORDS.search(line)]
        return tail[-limit:]
    return [picked[i] for i in sorted(picked)][-limit:]


def recording_stderr(rec: Recording, last: int = 200) -> list[str]:
    """The last ``last`` stderr lines of a recording, oldest first."""
    out: list[str] = []
    for i in range(len(rec) - 1, -1, -1):
        if rec.direction_at(i) is Direction.STDERR:
            out.append(rec[i].text)
            if len(out) >= last:
                break
    out.reverse()
    return out
