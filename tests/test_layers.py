"""The window reaches nothing private below it: what import-linter cannot see.

Attribute access is invisible to import contracts, so this reads the ui package's source: no
``.engine`` (the session's protocol engine), no private attribute of a session
(``session._tg``), no ``getattr(x, "_private")``, and no lower layer's private name reached on
any object but ``self``: on an object the syntax tree says is a lower layer's class with that name
(``self.rebuild = Rebuild(…)``, a parameter ``rec: Recording``, ``host._rebuild`` through a ui
class's attribute), and, where it does not say, a name only a lower layer defines (``rec._t``: a
recording's column); a name that the object's own ui class defines is the ui's. Front-ends use
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


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def private_names(folders: list[Path]) -> set[str]:
    """The private names the modules in ``folders`` define: ``self._x = …``, ``def _x``, a
    class body's ``_x = …``."""
    out: set[str] = set()
    for source in _sources(folders):
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                out.add(node.attr)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                out.add(node.name)
            elif isinstance(node, ast.ClassDef):
                out.update(t.id for item in node.body for t in _targets(item) if isinstance(t, ast.Name))
    return {n for n in out if _private(n)}


def _sources(folders: list[Path]) -> list[str]:
    return [path.read_text(encoding="utf-8") for folder in folders for path in sorted(folder.rglob("*.py"))]


def _targets(node: ast.AST) -> list[ast.expr]:
    return node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []


def _names_in(annotation: ast.expr | None) -> set[str]:
    """The names an annotation or a base class mentions (``Recording | None`` → Recording, None)."""
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):  # a quoted annotation
        try:
            annotation = ast.parse(annotation.value, mode="eval").body
        except SyntaxError:
            return set()
    if annotation is None:
        return set()
    return {
        n.id if isinstance(n, ast.Name) else n.attr
        for n in ast.walk(annotation)
        if isinstance(n, (ast.Name, ast.Attribute))
    }


def _kinds_given(node: ast.AST) -> set[str]:
    """The classes an assignment says its target holds: its annotation's names, or the class
    it calls (``= Recording(…)``, ``= recording.Recording(…)``)."""
    if isinstance(node, ast.AnnAssign):
        return _names_in(node.annotation)
    if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
        func = node.value.func
        return {func.id} if isinstance(func, ast.Name) else {func.attr} if isinstance(func, ast.Attribute) else set()
    return set()


class Classes:
    """The classes of some modules, by name: the names each defines (``self._x = …``, ``def
    _x``, a class body's ``_x``), its bases, and the classes its attributes are said to hold
    (``self.rec = Recording(…)``, ``self.rec: Recording | None = None``, a body's ``rec: Recording``)."""

    def __init__(self, sources: list[str], *, over: Classes | None = None) -> None:
        self.names: dict[str, set[str]] = {k: set(v) for k, v in (over.names if over else {}).items()}
        self.bases: dict[str, set[str]] = dict(over.bases) if over else {}
        self.kinds: dict[str, dict[str, set[str]]] = (
            {k: {a: set(c) for a, c in v.items()} for k, v in over.kinds.items()} if over else {}
        )
        for source in sources:
            for node in ast.walk(ast.parse(source)):
                if isinstance(node, ast.ClassDef):
                    self._add(node)

    def _add(self, cls: ast.ClassDef) -> None:
        names = self.names.setdefault(cls.name, set())
        kinds = self.kinds.setdefault(cls.name, {})
        self.bases.setdefault(cls.name, set()).update(n for base in cls.bases for n in _names_in(base))
        for item in cls.body:
            if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                names.add(item.name)
            for target in _targets(item):
                if isinstance(target, ast.Name):
                    names.add(target.id)
                    kinds.setdefault(target.id, set()).update(_kinds_given(item))
        for node in ast.walk(cls):
            for target in _targets(node):
                if (
                    isinstance(target, ast.Attribute)
                    and isinstance(target.value, ast.Name)
                    and target.value.id == "self"
                ):
                    names.add(target.attr)
                    kinds.setdefault(target.attr, set()).update(_kinds_given(node))

    def lineage(self, name: str) -> list[str]:
        """``name`` and its bases among these classes."""
        seen: list[str] = []
        todo = [name]
        while todo:
            current = todo.pop()
            if current in self.names and current not in seen:
                seen.append(current)
                todo.extend(self.bases.get(current, ()))
        return seen

    def defines(self, name: str, attr: str) -> bool:
        return any(attr in self.names[c] for c in self.lineage(name))

    def kinds_of(self, name: str, attr: str) -> set[str]:
        return {k for c in self.lineage(name) for k in self.kinds[c].get(attr, set())}


#: the classes of the layers below (session, transport, protocol) and of the ui
LOWER = Classes(_sources(BELOW))
UI_CLASSES = Classes(_sources([UI]))
#: private names of the layers below that the ui does not define itself: reaching one on an
#: object of unknown kind (but ``self``) is reaching into a session, recording, transport or engine
FOREIGN = private_names(BELOW) - private_names([UI])


class _Reader(ast.NodeVisitor):
    """Walks a ui module knowing the class and function it is in, to tell what kind of object an
    expression is: ``self``, ``self.a.b`` through the classes' attributes, a name through its
    parameter annotation or its assignment in the function."""

    def __init__(self, ui: Classes) -> None:
        self.ui = ui
        self.cls: list[str] = []
        self.scopes: list[dict[str, set[str]]] = []
        self.out: list[tuple[int, str]] = []

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self.cls.append(node.name)
        self.generic_visit(node)
        self.cls.pop()

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        scope: dict[str, set[str]] = {}
        arguments = node.args
        for arg in [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]:
            scope[arg.arg] = _names_in(arg.annotation)
        for inner in ast.walk(node):
            for target in _targets(inner):
                if isinstance(target, ast.Name):
                    scope.setdefault(target.id, set()).update(_kinds_given(inner))
        self.scopes.append(scope)
        self.generic_visit(node)
        self.scopes.pop()

    visit_AsyncFunctionDef = visit_FunctionDef

    def kinds(self, node: ast.expr) -> set[str]:
        """The classes ``node`` may hold, as far as the syntax tree tells (empty: unknown)."""
        if isinstance(node, ast.Name):
            if node.id == "self" and self.cls:
                return {self.cls[-1]}
            return set(self.scopes[-1].get(node.id, set())) if self.scopes else set()
        if isinstance(node, ast.Attribute):
            return {k for owner in self.kinds(node.value) for k in self._attr_kinds(owner, node.attr)}
        return set()

    def _attr_kinds(self, owner: str, attr: str) -> set[str]:
        return (self.ui.kinds_of(owner, attr) if owner in self.ui.names else set()) | (
            LOWER.kinds_of(owner, attr) if owner in LOWER.names else set()
        )

    def visit_Attribute(self, node: ast.Attribute) -> None:
        self.generic_visit(node)
        private = _private(node.attr)
        held = ast.unparse(node.value)
        if node.attr == "engine":
            self.out.append((node.lineno, ".engine"))
        elif private and "session" in held.lower():
            self.out.append((node.lineno, f".{node.attr} of a session"))
        elif private and held not in ("self", "cls"):
            kinds = self.kinds(node.value)
            if any(k in self.ui.names and self.ui.defines(k, node.attr) for k in kinds):
                return  # one of the ui's own objects, which has that name
            lower = sorted(k for k in kinds if k in LOWER.names and LOWER.defines(k, node.attr))
            if lower:
                self.out.append((node.lineno, f".{node.attr} of a {lower[0]}"))
            elif node.attr in FOREIGN:
                self.out.append((node.lineno, f".{node.attr} of a lower layer's object"))

    def visit_Call(self, node: ast.Call) -> None:
        self.generic_visit(node)
        if isinstance(node.func, ast.Name) and node.func.id in ("getattr", "setattr", "hasattr"):
            name = node.args[1].value if len(node.args) > 1 and isinstance(node.args[1], ast.Constant) else None
            if isinstance(name, str) and (name == "engine" or _private(name)):
                self.out.append((node.lineno, f"{node.func.id}(…, {name!r})"))


def offences(source: str, ui: Classes = UI_CLASSES) -> list[str]:
    """What ``source`` (a ui module) reaches that it must not: a session's ``.engine`` or
    private name, ``getattr`` of a private name, and a lower layer's private name on anything
    but ``self``/``cls``: on an object the syntax tree says is a lower layer's class that has
    that name, or, when it does not say, a name that only a lower layer defines. An object the
    syntax tree says is a ui class with that name of its own is the ui's business."""
    reader = _Reader(Classes([source], over=ui))
    reader.visit(ast.parse(source))
    return [f"line {line}: {what}" for line, what in sorted(set(reader.out))]


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


def test_the_check_sees_a_lower_name_the_ui_also_defines() -> None:
    """``_tasks`` is replay's rebuild's (session) and the panel host's (ui) too: only what the
    object is tells a reach from the ui's own business."""
    assert "_tasks" in private_names([UI]) & private_names(BELOW)
    assert "_tasks" not in FOREIGN  # the blind spot this check closes
    assert UI_CLASSES.defines("PanelHost", "_tasks") and LOWER.defines("Rebuild", "_tasks")
    sample = """
class Panel:
    def __init__(self, rebuild: Rebuild, host: PanelHost) -> None:
        self.built = rebuild_module.Rebuild(None)
        self.host = PanelHost(None)
        self.later: Rebuild | None = None

    def show(self, other: Rebuild, host: PanelHost) -> None:
        local = Rebuild(None)
        self.built._tasks
        self.later._tasks
        other._tasks
        local._tasks
        self.host._tasks
        host._tasks
        unknown._tasks
        self.built.shown._tasks
"""
    assert offences(sample) == [
        "line 10: ._tasks of a Rebuild",
        "line 11: ._tasks of a Rebuild",
        "line 12: ._tasks of a Rebuild",
        "line 13: ._tasks of a Rebuild",
    ]
    # through a ui class's attribute (the panel host keeps replay's Rebuild as ``_rebuild``)
    through = "def f(host: PanelHost) -> None:\n    host._rebuild._tasks\n"
    assert offences(through) == ["line 2: ._tasks of a Rebuild"]  # the ui's own _rebuild is its business


def test_the_ui_uses_only_public_session_operations() -> None:
    found = {}
    for path in sorted(UI.rglob("*.py")):
        bad = offences(path.read_text(encoding="utf-8"))
        if bad:
            found[str(path.relative_to(UI))] = bad
    assert found == {}


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


# ---------------------------------------------------------------------------- JSON Schema

#: keywords only a JSON Schema has: the ui reads none of them (protocol/schema_shape.py does)
SCHEMA_KEYWORDS = frozenset(
    "$ref $defs definitions anyOf oneOf allOf not if then else enum enumNames const properties "
    "additionalProperties patternProperties items prefixItems minimum maximum exclusiveMinimum "
    "exclusiveMaximum multipleOf minLength maxLength pattern format minItems maxItems uniqueItems default".split()
)
#: keywords MCP's own objects share (a content block's type, a prompt argument's required, a
#: tool's title): a read of them counts when what is read is named as a schema
SHARED_KEYWORDS = frozenset({"type", "title", "description", "required"})


def schema_keyword_reads(source: str) -> list[str]:
    """Where ``source`` reads a JSON-Schema keyword: ``x["enum"]``, ``x.get("items")``,
    ``"default" in x`` (and ``x["type"]`` etc. when ``x``'s text says schema)."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Subscript):
            key, on = node.slice, node.value
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get":
            key, on = (node.args[0] if node.args else None), node.func.value
        elif isinstance(node, ast.Compare) and isinstance(node.ops[0], (ast.In, ast.NotIn)):
            key, on = node.left, node.comparators[0]
        else:
            continue
        if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
            continue
        if key.value in SCHEMA_KEYWORDS or (key.value in SHARED_KEYWORDS and "schema" in ast.unparse(on).lower()):
            out.append(f"line {node.lineno}: {key.value!r} of {ast.unparse(on)}")
    return out


def test_the_schema_check_finds_what_it_looks_for() -> None:
    sample = (
        's["enum"]\nschema.get("$ref")\n"default" in self.schema\n"minimum" not in s\n'
        'self.schema.get("type")\nblock.get("type")\narg.get("required")\ns.get("name")\nd["properties"][k]\n'
    )
    assert schema_keyword_reads(sample) == [
        "line 1: 'enum' of s",
        "line 2: '$ref' of schema",
        "line 3: 'default' of self.schema",
        "line 4: 'minimum' of s",
        "line 5: 'type' of self.schema",
        "line 9: 'properties' of d",
    ]


def test_no_json_schema_keyword_is_read_in_the_ui() -> None:
    found = {}
    for path in sorted(UI.rglob("*.py")):
        reads = schema_keyword_reads(path.read_text(encoding="utf-8"))
        if reads:
            found[str(path.relative_to(UI))] = reads
    assert found == {}
