"""Validate JSON-RPC messages against the official MCP JSON Schema of a protocol version.

Sans-IO: the schema file is read once when a :class:`SchemaValidator` is built; nothing else
touches the outside world.

Speed is the point of this module: :meth:`SchemaValidator.check` runs on every message of the
ingest pipeline. It dispatches ``(kind, direction, method | request_method)`` through one dict
lookup to a validator compiled with ``fastjsonschema`` (lazily, once per definition and version)
and returns a verdict object that is shared between calls when the message is valid.
:meth:`SchemaValidator.explain` is the slow path for a detail view: every error, found with the
``jsonschema`` library when it is installed.

Which definition a message is checked against:

* request / notification: the member of the direction's union (``ClientRequest`` /
  ``ClientNotification`` for ``c2s``, ``ServerRequest`` / ``ServerNotification`` for ``s2c``)
  whose ``method`` is ``const`` to the message's method. Up to 2025-06-18 those members do not
  describe the JSON-RPC envelope, so ``jsonrpc`` (and ``id`` for requests) are merged in from
  ``JSONRPCRequest`` / ``JSONRPCNotification``. A method that is not in the union falls back to
  the generic ``JSONRPCRequest`` / ``JSONRPCNotification`` (the caller reports unknown methods).
* result: the result definition of the request that is answered, applied to ``obj["result"]``
  inside the success envelope (``jsonrpc``, ``id``). ``XRequest`` answers with ``XResult``, or
  with what the schema's ``XResultResponse`` says (2026-07-28), or ``EmptyResult``
  (``ping``, ``resources/(un)subscribe``, ``logging/setLevel``). Two results depend on the
  content: a task-augmented request (2025-11-25) may be answered by ``CreateTaskResult`` (picked
  when the result has a ``task`` member), and from 2026-07-28 a request whose ``XResultResponse``
  allows it may be answered by ``InputRequiredResult`` (picked when
  ``resultType == "input_required"``). An unknown request method falls back to the generic
  success response (``JSONRPCResponse`` / ``JSONRPCResultResponse``).
* error: ``JSONRPCError`` (up to 2025-06-18) / ``JSONRPCErrorResponse``.

``format`` keywords are asserted with the checkers below (the same ones in both paths): ``uri``
needs an RFC 3986 scheme and no whitespace, ``byte`` is standard base64 (padding optional),
``uri-template`` is not checked.
"""

from __future__ import annotations

import ast
import json
import re
import reprlib
import threading
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final

import fastjsonschema
from fastjsonschema import JsonSchemaValueException

from inspector.resources import resource_path

__all__ = [
    "KNOWN_SCHEMA_VERSIONS",
    "SchemaError",
    "SchemaValidator",
    "SchemaVerdict",
    "validator_for",
]

KNOWN_SCHEMA_VERSIONS: Final[tuple[str, ...]] = (
    "2024-11-05",
    "2025-03-26",
    "2025-06-18",
    "2025-11-25",
    "2026-07-28",
)

KINDS: Final[frozenset[str]] = frozenset({"request", "notification", "result", "error"})
DIRECTIONS: Final[frozenset[str]] = frozenset({"c2s", "s2c"})

_DRAFT07: Final = "http://json-schema.org/draft-07/schema#"
_TARGET: Final = "__inspector_target__"  # name of the composed definition inside the table

# Union definitions per (kind, direction).
_UNIONS: Final[Mapping[tuple[str, str], str]] = {
    ("request", "c2s"): "ClientRequest",
    ("request", "s2c"): "ServerRequest",
    ("notification", "c2s"): "ClientNotification",
    ("notification", "s2c"): "ServerNotification",
}

# Request definitions whose result is not simply ``<Base>Result``.
_IRREGULAR_RESULTS: Final[Mapping[str, str]] = {
    "PingRequest": "EmptyResult",
    "SubscribeRequest": "EmptyResult",
    "UnsubscribeRequest": "EmptyResult",
    "SetLevelRequest": "EmptyResult",
}

# Result variants chosen from the content of the result.
_VARIANT_TASK: Final = "task"  # 2025-11-25 task-augmented request answered with CreateTaskResult
_VARIANT_INPUT: Final = "input_required"  # 2026-07-28 MRTR: InputRequiredResult
# Results and errors are checked the same way whichever way they travel.
_ANY_DIRECTION: Final = object()

# Bound on cached dispatch entries for unknown method names (a peer may invent any number).
_MAX_FALLBACK_KEYS: Final = 4096
_MAX_MESSAGE: Final = 400


@dataclass(frozen=True, slots=True)
class SchemaError:
    path: str  # JSON pointer into the message, e.g. "/params/level"; "" is the message itself
    message: str


@dataclass(frozen=True, slots=True)
class SchemaVerdict:
    ok: bool
    definition: str  # the schema definition the message was checked against
    errors: tuple[SchemaError, ...] = ()


# --------------------------------------------------------------------------- format checkers

_URI_RE: Final = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*:[^\s]*\Z")
_BASE64_RE: Final = re.compile(r"[A-Za-z0-9+/]*(={1,2})?\Z")
_DATE_TIME_RE: Final = re.compile(
    r"\d{4}-\d\d-\d\d[Tt ]\d\d:\d\d:\d\d(\.\d+)?([Zz]|[+-]\d\d:\d\d)\Z"
)
_EMAIL_RE: Final = re.compile(r"[^@\s]+@[^@\s]+\Z")


def _is_uri(value: object) -> bool:
    return not isinstance(value, str) or _URI_RE.match(value) is not None


def _is_base64(value: object) -> bool:
    if not isinstance(value, str):
        return True
    match = _BASE64_RE.match(value)
    if match is None:
        return False
    if match.group(1):
        return len(value) % 4 == 0
    return len(value) % 4 != 1


def _is_date_time(value: object) -> bool:
    return not isinstance(value, str) or _DATE_TIME_RE.match(value) is not None


def _is_email(value: object) -> bool:
    return not isinstance(value, str) or _EMAIL_RE.match(value) is not None


def _anything(value: object) -> bool:
    return True


FORMAT_CHECKERS: Final[dict[str, Callable[[object], bool]]] = {
    "uri": _is_uri,
    "uri-reference": _anything,
    "uri-template": _anything,
    "byte": _is_base64,
    "date-time": _is_date_time,
    "email": _is_email,
}


# --------------------------------------------------------------------------- compilation


def _refuse_remote(uri: str) -> Any:
    raise ValueError(f"remote $ref not allowed in MCP schemas: {uri}")


_NO_REMOTE: Final[dict[str, Callable[[str], Any]]] = {
    scheme: _refuse_remote for scheme in ("http", "https", "file", "ftp", "data")
}

_KEYS_ASSIGN_RE: Final = re.compile(r"^(\s*)(\w+_keys) = set\((\w+)\.keys\(\)\)$")
_MISSING_RE: Final = re.compile(r"^(\s*)(\w+)__missing_keys = set\((\[.*\])\) - (\w+)\.keys\(\)$")
_ENUM_LINE_RE: Final = re.compile(r"^(\s*)if not \((.*)\):$")
_ENUM_PART_RE: Final = re.compile(r"isinstance\((\w+), str\) and \1 == ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")")
_FORMAT_LOCALS_RE: Final = re.compile(r'"((?:[^"\\{}]|\\.|\{\{|\}\}|\{\w+\})*)"\.format\(\*\*locals\(\)\)')
_RAISE_DEF_RE: Final = re.compile(r"definition=(.*), rule=((?:'[^']*')|None)\)$")


def _optimize_code(code: str) -> tuple[str, dict[str, Any]]:
    """Cheap, local rewrites of fastjsonschema's generated code (semantics preserved):

    * the set of an object's keys, copied only to be ``remove``d from when no
      ``additionalProperties``/``patternProperties`` reads it later, is not built;
    * ``required`` is tested with ``in`` before the set difference is computed;
    * an all-string ``enum`` becomes one ``frozenset`` membership test;
    * error names of array items use f-strings instead of ``.format(**locals())``;
    * the definition literal in each ``raise`` is built once, not at every failure.
    """
    extra: dict[str, Any] = {}
    literals: dict[str, str] = {}
    functions = re.split(r"(?m)^(?=def )", code)
    out_functions: list[str] = []
    for function in functions:
        lines = function.split("\n")
        # keys sets that are only used for membership tests and removals
        candidates: dict[str, str] = {}
        for line in lines:
            m = _KEYS_ASSIGN_RE.match(line)
            if m:
                candidates[m.group(2)] = m.group(3)
        dead: set[str] = set()
        for name, owner in candidates.items():
            token = re.compile(r"\b" + re.escape(name) + r"\b")
            ok = True
            for line in lines:
                if not token.search(line):
                    continue
                stripped = line.strip()
                if stripped == f"{name} = set({owner}.keys())":
                    continue
                if re.fullmatch(r'if "(?:[^"\\]|\\.)*" in ' + re.escape(name) + ":", stripped):
                    continue
                if re.fullmatch(re.escape(name) + r'\.remove\("(?:[^"\\]|\\.)*"\)', stripped):
                    continue
                ok = False
                break
            if ok:
                dead.add(name)
        new_lines: list[str] = []
        for line in lines:
            m = _KEYS_ASSIGN_RE.match(line)
            if m and m.group(2) in dead:
                new_lines.append(f"{m.group(1)}{m.group(2)} = {m.group(3)}")
                continue
            stripped = line.strip()
            if dead and stripped.endswith("\")") and ".remove(" in stripped:
                head = stripped.split(".remove(", 1)[0]
                if head in dead:
                    new_lines.append(line[: len(line) - len(line.lstrip())] + "pass")
                    continue
            m = _MISSING_RE.match(line)
            if m:
                keys = ast.literal_eval(m.group(3))
                if keys and all(isinstance(k, str) for k in keys):
                    owner = m.group(4)
                    test = " and ".join(f"{k!r} in {owner}" for k in keys)
                    new_lines.append(
                        f"{m.group(1)}{m.group(2)}__missing_keys = None if ({test}) else set({m.group(3)}) - {owner}.keys()"
                    )
                    continue
            m = _ENUM_LINE_RE.match(line)
            if m and " == " in m.group(2):
                condition = m.group(2)
                parts = list(_ENUM_PART_RE.finditer(condition))
                if (
                    len(parts) > 2
                    and len({p.group(1) for p in parts}) == 1
                    and " or ".join(p.group(0) for p in parts) == condition
                ):
                    values = frozenset(ast.literal_eval(p.group(2)) for p in parts)
                    const = f"_ENUM_{len(extra)}"
                    extra[const] = values
                    var = parts[0].group(1)
                    new_lines.append(f"{m.group(1)}if not (isinstance({var}, str) and {var} in {const}):")
                    continue
            if ".format(**locals())" in line:
                line = _FORMAT_LOCALS_RE.sub(lambda mm: 'f"' + mm.group(1) + '"', line)
            if "raise JsonSchemaValueException(" in line and "definition=" in line:
                m = _RAISE_DEF_RE.search(line)
                if m:
                    literal = m.group(1)
                    const = literals.get(literal)
                    if const is None:
                        try:
                            value = ast.literal_eval(literal)
                        except (ValueError, SyntaxError, MemoryError, RecursionError):
                            value = None
                        else:
                            const = f"_DEF_{len(literals)}"
                            literals[literal] = const
                            extra[const] = value
                    if const is not None:
                        line = line[: m.start(1)] + const + line[m.end(1) :]
            new_lines.append(line)
        out_functions.append("\n".join(new_lines))
    return "".join(out_functions), extra


def compile_validator(root: dict[str, Any], *, optimize: bool = True) -> Callable[[Any], Any]:
    """Compile a root schema with fastjsonschema (draft-07 code generator, MCP format checkers,
    no defaults injected, no remote ``$ref``). With ``optimize`` the generated code is rewritten
    by :func:`_optimize_code` and a root that is only a ``$ref`` is skipped; any failure of that
    path falls back to the plain ``fastjsonschema.compile``."""
    if optimize:
        try:
            from fastjsonschema import _factory  # private, hence the fallback below

            resolver, generator = _factory(root, _NO_REMOTE, FORMAT_CHECKERS, False, True, True, True)
            code = generator.func_code
            state = generator.global_state
            code, extra = _optimize_code(code)
            state.update(extra)
            exec(compile(code, "<mcp-schema>", "exec"), state)  # noqa: S102 - generated validator
            name = resolver.get_scope_name()
            ref = root.get("$ref")
            if isinstance(ref, str) and set(root) <= {"$ref", "$schema", "definitions", "$defs"}:
                with resolver.in_scope(ref):
                    target = resolver.get_scope_name()
                if callable(state.get(target)):
                    name = target
            func = state[name]
            func.__defaults__ = (FORMAT_CHECKERS, None)
            return func
        except Exception:  # noqa: BLE001 - fall back to the public API
            pass
    return fastjsonschema.compile(root, handlers=_NO_REMOTE, formats=FORMAT_CHECKERS, use_default=False)


# --------------------------------------------------------------------------- helpers

_short_repr = reprlib.Repr()
_short_repr.maxstring = 60
_short_repr.maxother = 60
_short_repr.maxlevel = 2
_short_repr.maxdict = 4
_short_repr.maxlist = 4


def _brief(value: object) -> str:
    try:
        return _short_repr.repr(value)
    except Exception:  # noqa: BLE001 - a repr must never break a verdict
        return f"<{type(value).__name__}>"


def _clip(text: str) -> str:
    return text if len(text) <= _MAX_MESSAGE else text[: _MAX_MESSAGE - 1] + "…"


def _escape_token(token: object) -> str:
    return str(token).replace("~", "~0").replace("/", "~1")


def pointer(parts: Iterable[object]) -> str:
    """JSON pointer (RFC 6901) for a sequence of keys / indexes."""
    return "".join("/" + _escape_token(p) for p in parts)


def _fjs_escape(key: str) -> str:
    # How fastjsonschema renders a property name inside an error ``name``.
    if key.isascii() and key.isprintable() and '"' not in key and "\\" not in key:
        return key
    return key.encode("unicode_escape").decode("ascii").replace('"', '\\"')


_NAME_TOKEN_RE: Final = re.compile(r"[^.\[]*")


def _path_from_name(obj: object, name: str | None) -> str:
    """Turn a fastjsonschema error name (``data.params.level``, ``data.content[0]``) into a JSON
    pointer, walking the message so that keys containing ``.`` or ``[`` are recovered exactly."""
    if not name:
        return ""
    rest = name[4:] if name.startswith("data") else name
    parts: list[object] = []
    current: object = obj
    while rest:
        if rest[0] == "[":
            end = rest.find("]")
            if end < 0:
                parts.append(rest[1:])
                break
            token = rest[1:end]
            rest = rest[end + 1 :]
            try:
                index = int(token)
            except ValueError:
                parts.append(token)
                current = None
                continue
            parts.append(index)
            current = current[index] if isinstance(current, list) and -len(current) <= index < len(current) else None
            continue
        if rest[0] == ".":
            rest = rest[1:]
        best: str | None = None
        best_len = -1
        if isinstance(current, dict):
            for key in current:
                if key.__class__ is not str:
                    continue
                # declared properties are rendered escaped, additionalProperties keys raw
                if rest.startswith(key):
                    size = len(key)
                    if size > best_len and (len(rest) == size or rest[size] in ".["):
                        best, best_len = key, size
                escaped = _fjs_escape(key)
                if escaped is not key and rest.startswith(escaped):
                    size = len(escaped)
                    if size > best_len and (len(rest) == size or rest[size] in ".["):
                        best, best_len = key, size
        if best is not None:
            parts.append(best)
            rest = rest[best_len:]
            current = current[best]  # type: ignore[index]
            continue
        match = _NAME_TOKEN_RE.match(rest)
        token = match.group(0) if match else rest
        parts.append(token)
        rest = rest[len(token) :]
        current = None
    return pointer(parts)


def _type_names(expected: object) -> str:
    if isinstance(expected, list):
        return ", ".join(repr(t) for t in expected)
    return repr(expected)


def _message_from_fjs(exc: JsonSchemaValueException) -> str:
    rule = exc.rule
    definition = exc.definition if isinstance(exc.definition, dict) else {}
    value = exc.value
    if rule == "required" and isinstance(value, dict):
        missing = [k for k in definition.get("required", ()) if k not in value]
        if len(missing) == 1:
            return f"{missing[0]!r} is a required property"
        if missing:
            return ", ".join(repr(k) for k in missing) + " are required properties"
    elif rule == "type":
        return f"{_brief(value)} is not of type {_type_names(definition.get('type'))}"
    elif rule == "enum":
        return f"{_brief(value)} is not one of {definition.get('enum')!r}"
    elif rule == "const":
        return f"{definition.get('const')!r} was expected, got {_brief(value)}"
    elif rule in ("anyOf", "oneOf"):
        return f"{_brief(value)} is not valid under any of the given schemas"
    elif rule == "format":
        return f"{_brief(value)} is not a valid {definition.get('format')!r}"
    message = exc.message or "invalid"
    name = exc.name or ""
    if name and message.startswith(name):
        message = message[len(name) :].lstrip()
    return message


def _strip_annotations(node: Any) -> Any:
    """Copy of a schema without string ``description`` keywords (they bloat generated code and
    the definitions fastjsonschema embeds in its exceptions). Values of ``const``/``enum`` are
    data, not schemas, and are kept as they are."""
    if isinstance(node, dict):
        out: dict[str, Any] = {}
        for key, value in node.items():
            if key == "description" and isinstance(value, str):
                continue
            if key in ("const", "enum", "default", "examples"):
                out[key] = value
            elif key in ("properties", "patternProperties", "definitions", "$defs"):
                out[key] = {k: _strip_annotations(v) for k, v in value.items()} if isinstance(value, dict) else value
            else:
                out[key] = _strip_annotations(value)
        return out
    if isinstance(node, list):
        return [_strip_annotations(v) for v in node]
    return node


@dataclass(slots=True)
class _Entry:
    definition: str
    schema: dict[str, Any]  # composed root schema (draft-07 header for fastjsonschema)
    fn: Callable[[Any], Any]
    ok: SchemaVerdict
    explainer: Any = None  # jsonschema validator, built on first explain()


# --------------------------------------------------------------------------- validator


class SchemaValidator:
    """Per-version validator. Thread-safe; compiled definitions are cached on the instance."""

    __slots__ = (
        "version",
        "_optimize",
        "_table",
        "_prefix",
        "_defs",
        "_dialect",
        "_fast",
        "_lock",
        "_members",
        "_request_defs",
        "_results",
        "_variants",
        "_fallback_keys",
    )

    def __init__(self, version: str, schema: dict | None = None, *, optimize: bool = True) -> None:
        self.version = version
        self._optimize = optimize
        if schema is None:
            path = resource_path("schema", version, "schema.json")
            if not path.is_file():
                raise ValueError(
                    f"no MCP schema for protocol version {version!r} (expected {path}); "
                    f"known versions: {', '.join(KNOWN_SCHEMA_VERSIONS)}"
                )
            schema = json.loads(path.read_bytes())
        if not isinstance(schema, dict):
            raise ValueError(f"MCP schema for {version!r} is not a JSON object")
        if isinstance(schema.get("$defs"), dict):
            self._table = "$defs"
        elif isinstance(schema.get("definitions"), dict):
            self._table = "definitions"
        else:
            raise ValueError(f"MCP schema for {version!r} has neither 'definitions' nor '$defs'")
        self._prefix = f"#/{self._table}/"
        self._dialect: str = schema.get("$schema") or _DRAFT07
        self._defs: dict[str, Any] = _strip_annotations(schema[self._table])
        self._fast: dict[tuple, _Entry] = {}
        self._lock = threading.RLock()
        self._fallback_keys = 0

        # (kind, direction) -> {method: definition name}
        self._members: dict[tuple[str, str], dict[str, str]] = {}
        for (kind, direction), union in _UNIONS.items():
            self._members[(kind, direction)] = self._union_methods(union)
        # method -> request definition name, for every request definition in the schema
        # (including those only reachable through e.g. 2026-07-28's InputRequest union).
        self._request_defs: dict[str, str] = {}
        for name, definition in self._defs.items():
            method = self._method_const(definition)
            if method is not None and name.endswith("Request"):
                self._request_defs.setdefault(method, name)
        for members in (self._members[("request", "c2s")], self._members[("request", "s2c")]):
            for method, name in members.items():
                self._request_defs[method] = name
        # request method -> (result definition, envelope definition, allows InputRequiredResult)
        self._results: dict[str, tuple[str, str, bool]] = {}
        self._variants: dict[str, str] = {}
        for method, request_def in self._request_defs.items():
            mapped = self._result_for(request_def)
            if mapped is None:
                continue
            self._results[method] = mapped
            if mapped[2]:
                self._variants[method] = _VARIANT_INPUT
            elif "CreateTaskResult" in self._defs and self._accepts_task(request_def):
                self._variants[method] = _VARIANT_TASK

    # ------------------------------------------------------------------ schema introspection

    def _deref(self, node: Any) -> tuple[str | None, Any]:
        seen = 0
        name = None
        while isinstance(node, dict) and isinstance(node.get("$ref"), str) and seen < 32:
            ref = node["$ref"]
            if not ref.startswith(self._prefix):
                break
            name = ref[len(self._prefix) :]
            node = self._defs.get(name)
            seen += 1
        return name, node

    @staticmethod
    def _method_const(definition: Any) -> str | None:
        if not isinstance(definition, dict):
            return None
        method = definition.get("properties", {}).get("method")
        if isinstance(method, dict) and isinstance(method.get("const"), str):
            return method["const"]
        return None

    def _union_methods(self, union: str) -> dict[str, str]:
        out: dict[str, str] = {}
        root = self._defs.get(union)
        if root is None:
            return out

        def visit(name: str, node: Any, depth: int) -> None:
            if depth > 16 or not isinstance(node, dict):
                return
            if "$ref" in node:
                ref_name, target = self._deref(node)
                if ref_name is not None:
                    visit(ref_name, target, depth + 1)
                return
            method = self._method_const(node)
            if method is not None:
                out.setdefault(method, self._canonical_name(name, node))
                return
            for key in ("anyOf", "oneOf"):
                for member in node.get(key, ()):
                    visit(name, member, depth + 1)

        visit(union, root, 0)
        return out

    def _canonical_name(self, name: str, node: Any) -> str:
        # 2026-07-28's ClientNotification is not a union but a copy of the one notification the
        # client may send; report the named definition with the same method instead.
        if name not in _UNIONS.values():
            return name
        method = self._method_const(node)
        for other, definition in self._defs.items():
            if other not in _UNIONS.values() and self._method_const(definition) == method:
                if definition == node:
                    return other
        return name

    def _generic(self, *names: str) -> str:
        for name in names:
            if name in self._defs:
                return name
        raise ValueError(f"MCP schema {self.version}: none of {names} is defined")

    def _result_envelope(self) -> str:
        for name in ("JSONRPCResultResponse", "JSONRPCResponse"):
            definition = self._defs.get(name)
            if isinstance(definition, dict) and "result" in definition.get("properties", {}):
                return name
        raise ValueError(f"MCP schema {self.version}: no success-response definition")

    def _result_for(self, request_def: str) -> tuple[str, str, bool] | None:
        base = request_def[: -len("Request")] if request_def.endswith("Request") else request_def
        response = self._defs.get(base + "ResultResponse")
        if isinstance(response, dict) and "result" in response.get("properties", {}):
            node = response["properties"]["result"]
            options = node.get("anyOf", [node]) if isinstance(node, dict) else []
            names = [self._deref(option)[0] for option in options]
            allows_input = "InputRequiredResult" in names
            primary = [n for n in names if n and n != "InputRequiredResult"]
            if primary:
                return primary[0], base + "ResultResponse", allows_input
        envelope = self._result_envelope()
        candidate = _IRREGULAR_RESULTS.get(request_def) or base + "Result"
        if candidate not in self._defs:
            candidate = "EmptyResult" if "EmptyResult" in self._defs else "Result"
        if candidate not in self._defs:
            return None
        return candidate, envelope, False

    def _accepts_task(self, request_def: str) -> bool:
        """Does the request's ``params`` declare a ``task`` member (task augmentation)?"""
        definition = self._defs.get(request_def)
        if not isinstance(definition, dict):
            return False
        stack = [definition.get("properties", {}).get("params")]
        steps = 0
        while stack and steps < 64:
            steps += 1
            node = stack.pop()
            if not isinstance(node, dict):
                continue
            if "$ref" in node:
                stack.append(self._deref(node)[1])
                continue
            if "task" in node.get("properties", {}):
                return True
            stack.extend(node.get("anyOf", ()))
            stack.extend(node.get("oneOf", ()))
            stack.extend(node.get("allOf", ()))
        return False

    # ------------------------------------------------------------------ public introspection

    def methods(self, kind: str, direction: str) -> frozenset[str]:
        """Methods the schema knows for a request/notification in a direction."""
        return frozenset(self._members.get((kind, direction), {}))

    def result_methods(self) -> frozenset[str]:
        """Request methods whose results map to a specific result definition."""
        return frozenset(self._results)

    def definition_for(
        self,
        kind: str,
        direction: str,
        method: str | None = None,
        request_method: str | None = None,
        variant: str | None = None,
    ) -> str:
        """Name of the definition ``check`` uses (without compiling anything). ``variant`` is
        ``"input_required"`` or ``"task"`` for the content-dependent results."""
        key = self._canonical((kind, direction, request_method if kind == "result" else method, variant))
        return self._plan(key)[0]

    def prepare(
        self,
        kind: str,
        direction: str,
        method: str | None = None,
        request_method: str | None = None,
        variant: str | None = None,
    ) -> str:
        """Compile (if needed) the validator ``check`` would use; returns the definition name.
        Raises if the definition cannot be compiled. Useful to warm the cache."""
        key = (kind, direction, request_method if kind == "result" else method, variant)
        return self._resolve(key).definition

    def prepare_all(self) -> int:
        """Compile everything the schema knows about; returns the number of validators."""
        names: set[str] = set()
        for (kind, direction), members in self._members.items():
            for method in (*members, None):
                names.add(kind + direction + self.prepare(kind, direction, method))
        for method in (*self._results, None):
            names.add("result" + self.prepare("result", "c2s", request_method=method))
        for method, variant in self._variants.items():
            names.add("result" + self.prepare("result", "c2s", request_method=method, variant=variant))
        names.add("error" + self.prepare("error", "c2s"))
        return len(names)

    # ------------------------------------------------------------------ composition

    def _canonical(self, key: tuple) -> tuple:
        """The key of the entry that serves a dispatch key: unknown methods collapse to the
        generic definition; results and errors do not depend on the direction."""
        kind, direction, method, variant = key
        if kind not in KINDS:
            raise _BadCall(f"unknown message kind {kind!r} (expected one of {sorted(KINDS)})")
        if direction not in DIRECTIONS and not (direction is _ANY_DIRECTION and kind in ("result", "error")):
            raise _BadCall(f"unknown direction {direction!r} (expected 'c2s' or 's2c')")
        if kind == "error":
            return (kind, _ANY_DIRECTION, None, None)
        if kind == "result":
            if not isinstance(method, str) or method not in self._results:
                return (kind, _ANY_DIRECTION, None, None)
            if variant is not None and self._variants.get(method) != variant:
                variant = None
            return (kind, _ANY_DIRECTION, method, variant)
        if not isinstance(method, str) or method not in self._members[(kind, direction)]:
            return (kind, direction, None, None)
        return (kind, direction, method, None)

    def _plan(self, key: tuple) -> tuple[str, dict[str, Any]]:
        """(definition name, composed definition) for a canonical dispatch key."""
        kind, direction, method, variant = key
        if kind == "error":
            name = self._generic("JSONRPCErrorResponse", "JSONRPCError")
            return name, self._defs[name]
        if kind == "result":
            if method is None:
                name = self._result_envelope()
                return name, self._defs[name]
            result_def, envelope_def, _ = self._results[method]
            if variant == _VARIANT_INPUT:
                result_def = "InputRequiredResult"
            elif variant == _VARIANT_TASK:
                result_def = "CreateTaskResult"
            envelope = self._defs[envelope_def]
            composed = dict(envelope)
            composed["properties"] = {**envelope["properties"], "result": {"$ref": self._prefix + result_def}}
            return result_def, composed
        generic_name = self._generic("JSONRPCRequest" if kind == "request" else "JSONRPCNotification")
        if method is None:
            return generic_name, self._defs[generic_name]
        name = self._members[(kind, direction)][method]
        member = self._defs[name]
        envelope = self._defs[generic_name]
        props = member.get("properties", {})
        missing = [p for p in envelope.get("properties", {}) if p not in props]
        if not missing or member.get("type") != "object":
            return name, member
        # Up to 2025-06-18 the union members describe only method/params: merge the envelope.
        composed = dict(member)
        composed["properties"] = {**props, **{p: envelope["properties"][p] for p in missing}}
        required = list(member.get("required", ()))
        required += [r for r in envelope.get("required", ()) if r not in required]
        composed["required"] = required
        return name, composed

    def _root(self, composed: dict[str, Any], dialect: str) -> dict[str, Any]:
        # The composed definition is placed inside the table and referenced from the root so
        # that the root itself stays tiny (fastjsonschema embeds a failing node's definition in
        # the exception it raises; the root with the whole table would be huge).
        table = dict(self._defs)
        table[_TARGET] = composed
        return {"$schema": dialect, "$ref": self._prefix + _TARGET, self._table: table}

    def _resolve(self, key: tuple) -> _Entry:
        entry = self._fast.get(key)
        if entry is not None:
            return entry
        with self._lock:
            entry = self._fast.get(key)
            if entry is not None:
                return entry
            canonical = self._canonical(key)
            if canonical != key:
                entry = self._resolve(canonical)
                # Known aliases are few; aliases for unknown method names are bounded so that a
                # peer inventing method names cannot grow the cache forever.
                if canonical[2] == key[2]:
                    self._fast[key] = entry
                elif self._fallback_keys < _MAX_FALLBACK_KEYS:
                    self._fallback_keys += 1
                    self._fast[key] = entry
                return entry
            definition, composed = self._plan(key)
            root = self._root(composed, _DRAFT07)
            fn = compile_validator(root, optimize=self._optimize)
            entry = _Entry(definition, root, fn, SchemaVerdict(True, definition))
            self._fast[key] = entry
            return entry

    # ------------------------------------------------------------------ hot path

    def check(
        self,
        obj: object,
        *,
        kind: str,
        direction: str,
        method: str | None = None,
        request_method: str | None = None,
    ) -> SchemaVerdict:
        """Validate one message; returns the first error found. Never raises."""
        entry = None
        try:
            # Key computation is inlined (this is the per-message hot path).
            if kind == "result":
                variant = None
                if self._variants and isinstance(request_method, str):
                    wanted = self._variants.get(request_method)
                    if wanted is not None and type(obj) is dict:
                        result = obj.get("result")
                        if type(result) is dict:
                            if wanted is _VARIANT_INPUT:
                                if result.get("resultType") == "input_required":
                                    variant = wanted
                            elif "task" in result:
                                variant = wanted
                key = (kind, direction, request_method, variant)
            elif kind == "error":
                key = (kind, direction, None, None)
            else:
                if method is None and type(obj) is dict:
                    method = obj.get("method")
                key = (kind, direction, method, None)
            try:
                entry = self._fast.get(key)
            except TypeError:  # unhashable method / request_method: treat as unknown
                key = (kind, direction, None, None)
                entry = self._fast.get(key)
            if entry is None:
                entry = self._resolve(key)
            entry.fn(obj)
            return entry.ok
        except JsonSchemaValueException as exc:
            return SchemaVerdict(
                False,
                entry.definition if entry is not None else "",
                (SchemaError(_path_from_name(obj, exc.name), _clip(_message_from_fjs(exc))),),
            )
        except _BadCall as exc:
            return SchemaVerdict(False, "", (SchemaError("", str(exc)),))
        except RecursionError:
            return SchemaVerdict(
                False,
                entry.definition if entry is not None else "",
                (SchemaError("", "message is nested too deeply to validate"),),
            )
        except Exception as exc:  # noqa: BLE001 - check() must never raise
            return SchemaVerdict(
                False,
                entry.definition if entry is not None else "",
                (SchemaError("", _clip(f"schema validation failed internally: {type(exc).__name__}: {exc}")),),
            )

    def _entry_for(self, obj: object, kind: str, direction: str, method: object, request_method: object) -> _Entry:
        variant = None
        if kind == "result" and isinstance(request_method, str) and isinstance(obj, dict):
            wanted = self._variants.get(request_method)
            result = obj.get("result")
            if wanted is not None and isinstance(result, dict):
                if wanted == _VARIANT_INPUT and result.get("resultType") == "input_required":
                    variant = wanted
                elif wanted == _VARIANT_TASK and "task" in result:
                    variant = wanted
        if kind in ("request", "notification") and method is None and isinstance(obj, dict):
            method = obj.get("method")
        selector = request_method if kind == "result" else method
        if not isinstance(selector, str):
            selector = None
        return self._resolve((kind, direction, selector, variant))

    # ------------------------------------------------------------------ slow path

    def explain(
        self,
        obj: object,
        *,
        kind: str,
        direction: str,
        method: str | None = None,
        request_method: str | None = None,
    ) -> tuple[SchemaError, ...]:
        """Every error of the message (for a detail view), with JSON-pointer paths. Uses the
        ``jsonschema`` library when installed, else the single error of :meth:`check`."""
        fast = self.check(obj, kind=kind, direction=direction, method=method, request_method=request_method)
        try:
            entry = self._entry_for(obj, kind, direction, method, request_method)
            validator = self._explainer(entry)
            if validator is None:
                return fast.errors
            errors: list[SchemaError] = []
            seen: set[tuple[str, str]] = set()
            for error in validator.iter_errors(obj):
                for leaf in _flatten(error):
                    item = SchemaError(pointer(leaf.absolute_path), _clip(leaf.message))
                    if (item.path, item.message) not in seen:
                        seen.add((item.path, item.message))
                        errors.append(item)
            if not errors:
                return fast.errors
            return tuple(errors)
        except Exception:  # noqa: BLE001 - the detail view degrades to the fast error
            return fast.errors

    def _explainer(self, entry: _Entry) -> Any:
        if entry.explainer is not None:
            return entry.explainer
        try:
            import jsonschema
            from jsonschema import validators
        except ImportError:
            return None
        root = dict(entry.schema)
        root["$schema"] = self._dialect
        cls = validators.validator_for(root, default=jsonschema.Draft7Validator)
        checker = jsonschema.FormatChecker(formats=())
        for name, func in FORMAT_CHECKERS.items():
            checker.checks(name)(func)
        entry.explainer = cls(root, format_checker=checker)
        return entry.explainer


class _BadCall(ValueError):
    """Invalid kind / direction passed to check()."""


def _is_discriminator_miss(error: Any) -> bool:
    # A branch of an anyOf that fails on a const (``type: "text"``, ``method``) or on the
    # instance's own JSON type is not the branch the sender meant.
    return (error.validator in ("const", "enum") and len(error.relative_path) <= 1) or (
        error.validator == "type" and len(error.relative_path) == 0
    )


def _flatten(error: Any) -> list[Any]:
    """Replace an anyOf/oneOf error by the errors of the branch the sender most likely meant;
    keep the anyOf error itself when no branch is plausible."""
    if not error.context or error.validator not in ("anyOf", "oneOf"):
        return [error]
    branches: dict[object, list[Any]] = {}
    for sub in error.context:
        branch = sub.relative_schema_path[0] if sub.relative_schema_path else None
        branches.setdefault(branch, []).append(sub)
    plausible = [errs for errs in branches.values() if not any(_is_discriminator_miss(e) for e in errs)]
    if not plausible:
        return [error]
    best = min(plausible, key=len)
    out: list[Any] = []
    for sub in best:
        out.extend(_flatten(sub))
    return out


# --------------------------------------------------------------------------- per-version cache

_VALIDATORS: dict[str, SchemaValidator] = {}
_VALIDATORS_LOCK = threading.Lock()


def validator_for(version: str) -> SchemaValidator:
    """The shared validator of a known protocol version (built once, then cached)."""
    validator = _VALIDATORS.get(version)
    if validator is not None:
        return validator
    if version not in KNOWN_SCHEMA_VERSIONS:
        raise ValueError(
            f"no MCP schema for protocol version {version!r}; known versions: {', '.join(KNOWN_SCHEMA_VERSIONS)}"
        )
    with _VALIDATORS_LOCK:
        validator = _VALIDATORS.get(version)
        if validator is None:
            validator = SchemaValidator(version)
            _VALIDATORS[version] = validator
        return validator
