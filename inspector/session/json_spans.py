"""What a JSON text's colouring marks, line by line, without Qt.

Theory of operation. The window's JSON highlighter (``inspector.ui.json_highlight``: the composer,
the step bar, the import dialog) asks :func:`json_spans` for each line (a text block) what to
colour: every key, string, number and ``true``/``false``/``null`` as ``(start, length, group)``
(a string not closed on its line runs to its end; plain text stays plain), and whether the line
is emphasised - pretty-printed JSON whose line starts with one of the chosen keys (the step bar's
version, capabilities, ids): then the line from that key on is marked ``"plain"`` first, so the
view sets all of it in bold on a tint, and the groups over it.
"""

from __future__ import annotations

import re

#: The groups a span is of (each has its colour), and "plain" for an emphasised line's run.
GROUPS = ("key", "string", "number", "word", "plain")

_TOKENS = re.compile(
    r'(?P<key>"(?:[^"\\\n]|\\.)*"(?=\s*:))'  # a key: a string before a colon
    r'|(?P<string>"(?:[^"\\\n]|\\.)*"?)'  # a string (perhaps not closed on its line)
    r"|(?P<number>-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)"
    r"|(?P<word>\b(?:true|false|null)\b)"
)


def json_spans(line: str, emphasis: frozenset[str] = frozenset()) -> tuple[bool, list[tuple[int, int, str]]]:
    """Whether ``line`` is emphasised (its first token is a key named in ``emphasis``), and the
    spans to colour in it, in order: ``(start, length, group)``."""
    spans = [(m.start(), m.end() - m.start(), m.lastgroup) for m in _TOKENS.finditer(line) if m.lastgroup]
    strong = bool(emphasis) and bool(spans) and spans[0][2] == "key"
    if strong:
        start, length, _group = spans[0]
        strong = line[start + 1 : start + length - 1] in emphasis
    if strong:
        spans.insert(0, (spans[0][0], len(line) - spans[0][0], "plain"))
    return strong, spans


__all__ = ["GROUPS", "json_spans"]
