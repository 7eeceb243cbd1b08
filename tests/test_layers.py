"""The window reaches nothing private below it: what import-linter cannot see.

Attribute access is invisible to import contracts, so this reads the ui package's source: no
``.engine`` (the session's protocol engine), no private attribute of a session
(``session._tg``), no ``getattr(x, "_private")``, and no private name that only a lower layer
defines (``rec._t``: a recording's column) reached on any object but ``self``. Front-ends use
the session's public operations (``negotiation()``, ``set_log_level()``, ``start_soon()``,
``check_answer()``, ListPager...).
"""

from __future__ import annotations

import ast
from pathlib import Path

UI = Path(__file__).resolve().parent.parent / "inspector" / "ui"
BELOW = [UI.parent / layer for layer in ("session", "transport", "protocol")]


def private_names(folders: list[Path]) -> set[str]:
    """The private names the modules in ``folders`` define: ``self._x = …``, ``def _x``, a
    class body's ``_x = …``."""
    out: set[str] = set()
    for folder in folders:
        for path in folder.rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                    out.add(node.attr)
                elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    out.add(node.name)
                elif isinstance(node, ast.ClassDef):
                    for item in node.body:
                        targets = (
                            item.targets
                            if isinstance(item, ast.Assign)
                            else [item.target]
                            if isinstance(item, ast.AnnAssign)
                            else []
                        )
                        out.update(t.id for t in targets if isinstance(t, ast.Name))
    return {n for n in out if n.startswith("_") and not n.startswith("__")}


#: private names of the layers below that the ui does not define itself: reaching one on any
#: object but ``self`` is reaching into a session, recording, transport or engine
FOREIGN = private_names(BELOW) - private_names([UI])


def offences(source: str) -> list[str]:
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute):
            private = node.attr.startswith("_") and not node.attr.startswith("__")
            if node.attr == "engine":
                out.append((node.lineno, ".engine"))
            elif private and "session" in ast.unparse(node.value).lower():
                out.append((node.lineno, f".{node.attr} of a session"))
            elif private and node.attr in FOREIGN and ast.unparse(node.value) not in ("self", "cls"):
                out.append((node.lineno, f".{node.attr} of a lower layer's object"))
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("getattr", "setattr", "hasattr")
        ):
            name = node.args[1].value if len(node.args) > 1 and isinstance(node.args[1], ast.Constant) else None
            if isinstance(name, str) and (name == "engine" or (name.startswith("_") and not name.startswith("__"))):
                out.append((node.lineno, f"{node.func.id}(…, {name!r})"))
    return [f"line {line}: {what}" for line, what in sorted(out)]


def test_the_check_finds_what_it_looks_for() -> None:
    sample = (
        "session.engine.config\nx = getattr(session, "
        "'_tg')\nself.session._closing\nself._own\nQt.__name__\nself.model._colors\nrec._t[0]\n"
    )
    assert "_t" in FOREIGN and "_colors" not in FOREIGN  # the recording's time column; the ui's own model
    assert offences(sample) == [
        "line 1: .engine",
        "line 2: getattr(…, '_tg')",
        "line 3: ._closing of a session",
        "line 7: ._t of a lower layer's object",
    ]


def test_the_ui_uses_only_public_session_operations() -> None:
    found = {}
    for path in sorted(UI.rglob("*.py")):
        bad = offences(path.read_text(encoding="utf-8"))
        if bad:
            found[str(path.relative_to(UI))] = bad
    assert found == {}
