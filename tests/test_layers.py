"""The window reaches nothing private below it: what import-linter cannot see.

Attribute access is invisible to import contracts, so this reads the ui package's source: no
``.engine`` (the session's protocol engine), no private attribute of a session
(``session._tg``), no ``getattr(x, "_private")``. Front-ends use the session's public operations
(``negotiation()``, ``set_log_level()``, ``start_soon()``, ``check_answer()``, ListPager...).
"""

from __future__ import annotations

import ast
from pathlib import Path

UI = Path(__file__).resolve().parent.parent / "inspector" / "ui"


def offences(source: str) -> list[str]:
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute):
            private = node.attr.startswith("_") and not node.attr.startswith("__")
            if node.attr == "engine":
                out.append((node.lineno, ".engine"))
            elif private and "session" in ast.unparse(node.value).lower():
                out.append((node.lineno, f".{node.attr} of a session"))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("getattr", "setattr", "hasattr"):
            name = node.args[1].value if len(node.args) > 1 and isinstance(node.args[1], ast.Constant) else None
            if isinstance(name, str) and (name == "engine" or (name.startswith("_") and not name.startswith("__"))):
                out.append((node.lineno, f"{node.func.id}(…, {name!r})"))
    return [f"line {line}: {what}" for line, what in sorted(out)]


def test_the_check_finds_what_it_looks_for() -> None:
    sample = "session.engine.config\nx = getattr(session, '_tg')\nself.session._closing\nself._own\nQt.__name__\nself.model._colors\n"
    assert offences(sample) == ["line 1: .engine", "line 2: getattr(…, '_tg')", "line 3: ._closing of a session"]


def test_the_ui_uses_only_public_session_operations() -> None:
    found = {}
    for path in sorted(UI.rglob("*.py")):
        bad = offences(path.read_text(encoding="utf-8"))
        if bad:
            found[str(path.relative_to(UI))] = bad
    assert found == {}
