"""The window reaches nothing private below it: what import-linter cannot see.

Attribute access is invisible to import contracts, so this reads the ui package's source: no
``.engine`` (the session's protocol engine), no private attribute of a session
(``session._tg``), no ``getattr(x, "_private")``, and no private name that only a lower layer
defines (``rec._t``: a recording's column) reached on any object but ``self``. Front-ends use
the session's public operations (``negotiation()``, ``set_log_level()``, ``start_soon()``,
``check_answer()``, ListPager...).

The tests hold to the same: they drive the package through its public names (a click, a key,
a public accessor), never a private attribute, ``getattr``/``setattr`` of a private name (a
monkeypatch included) or an import of one; what they may reach anyway is listed in
``TESTS_MAY_REACH`` with the reason.
"""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent
UI = TESTS.parent / "inspector" / "ui"
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


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


#: the private reaches the tests keep, per file, each with its reason: not one is a name of
#: the inspector package
TESTS_MAY_REACH = {
    # a fixture server written against the official SDK: FastMCP refuses an x-mcp-header
    # annotation on a number when a tool is registered, so the server puts it in afterwards
    # through the SDK's tool manager (the SDK's own internals, not ours)
    "fixtures/servers/sdk_http.py": {"._tool_manager"},
}


def private_reaches(source: str) -> list[str]:
    """The private names a test module reaches: an attribute on anything but ``self``/``cls``,
    ``getattr``/``setattr``/``hasattr``/``delattr`` (also ``monkeypatch.setattr``) of a private
    name or of a dotted path with one, and a private name imported from the package."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute):
            if _private(node.attr) and ast.unparse(node.value) not in ("self", "cls"):
                out.append((node.lineno, f".{node.attr}"))
        elif isinstance(node, ast.Call):
            func = node.func
            called = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            if called in ("getattr", "setattr", "hasattr", "delattr"):
                named = [a.value for a in node.args[:2] if isinstance(a, ast.Constant) and isinstance(a.value, str)]
                for name in named:
                    if any(_private(part) for part in name.split(".")):
                        out.append((node.lineno, f"{called}(…, {name!r})"))
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            module = node.module or "" if isinstance(node, ast.ImportFrom) else ""
            names = [module + "." + a.name if module else a.name for a in node.names]
            for name in names:
                if name.startswith("inspector") and any(_private(part) for part in name.split(".")):
                    out.append((node.lineno, f"import {name}"))
    return [f"line {line}: {what}" for line, what in sorted(out)]


def test_the_tests_check_finds_what_it_looks_for() -> None:
    sample = (
        "schema._cache.clear()\n"
        "monkeypatch.setattr(engine, '_server_response', choke)\n"
        "monkeypatch.setattr('inspector.protocol.schema._MAX_CACHED', 3)\n"
        "from inspector.protocol.schema import MAX_CACHED, _cache\n"
        "import inspector._private\n"
        "self._own = cls._also\n"
        "view.model.__class__.__name__\n"
        "getattr(view, 'public')\n"
        "from os import _exit\n"
    )
    assert private_reaches(sample) == [
        "line 1: ._cache",
        "line 2: setattr(…, '_server_response')",
        "line 3: setattr(…, 'inspector.protocol.schema._MAX_CACHED')",
        "line 4: import inspector.protocol.schema._cache",
        "line 5: import inspector._private",
    ]


def test_the_tests_use_only_public_names_of_the_package() -> None:
    found = {}
    for path in sorted(TESTS.rglob("*.py")):
        where = path.relative_to(TESTS).as_posix()
        allowed = TESTS_MAY_REACH.get(where, set())
        bad = [r for r in private_reaches(path.read_text(encoding="utf-8")) if r.partition(": ")[2] not in allowed]
        if bad:
            found[where] = bad
    assert found == {}
    # every allowance is still needed: one the file no longer makes goes from the list
    for where, allowed in TESTS_MAY_REACH.items():
        made = {r.partition(": ")[2] for r in private_reaches((TESTS / where).read_text(encoding="utf-8"))}
        assert allowed <= made, (where, allowed - made)
