"""Validate JSON-RPC messages against the official MCP JSON Schema of a protocol version.

Sans-IO: the schema file is read once when a :class:`SchemaValidator` is built; nothing else
touches the outside world.

This module is the project's one JSON-Schema stack. Every check of a value against a schema
(wire messages here; tool arguments, elicitation answers and ``structuredContent`` through
:func:`compile_schema`) goes through ``jsonschema-rs``, with one set of format checkers
(:data:`FORMAT_CHECKERS`), remote ``$ref``s refused, and each schema read in the draft it
declares (2020-12 when it declares none, as MCP says); nothing is downgraded. It was chosen by
measurement (``benchmarks/validators.py``): about 2.8x the throughput of the fastjsonschema path
it replaced on valid traffic, with JSON-pointer instance paths of its own.

Speed is the point of :meth:`SchemaValidator.check`: it runs on every message of the ingest
pipeline. It dispatches ``(kind, direction, method | request_method)`` through one dict lookup
to a validator compiled lazily, once per definition and version, and returns a verdict object
that is shared between calls when the message is valid. :meth:`SchemaValidator.explain` is the
slow path for a detail view: every error, with the ``anyOf`` branch the sender most likely
meant in place of the bare "not valid under any" error.

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

Values against any schema (tool arguments, elicitation answers, ``structuredContent``, the
desktop form) go through :func:`check_value` / :func:`value_problems`: one compile cache
(:func:`cached_validator`, keyed by the schema's canonical JSON), every error with its instance
path and, as data a front-end words in its own language, the :class:`Check` it failed and that
check's limit (a length, a pattern, the allowed values; an ``anyOf``/``oneOf`` of consts
is reported as one :attr:`Check.ENUM`, any other branching failure as the errors of the branch
the sender most likely meant). The library's English message travels along for everything else.
Front-ends interpret no keyword to check a value: they place these problems at their fields.

``format`` keywords are asserted with the checkers below, everywhere: ``uri`` needs an RFC 3986
scheme and no whitespace, ``byte`` is standard base64 (padding optional), ``email`` is
``local@domain`` without whitespace, ``uri-reference`` and ``uri-template`` are not checked;
other formats are checked by the library.
"""

from __future__ import annotations

import datetime as _dt
import enum
import json
import re
import threading
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final, TypeAlias

import orjson

from inspector.protocol.jsontypes import JsonObject, JsonValue
from inspector.resources import resource_path

if TYPE_CHECKING:
    import jsonschema_rs
else:

    class _OnFirstUse:
        """``jsonschema_rs``, imported when a schema is first compiled or an error caught: it
        pulls in email, socket and decimal (about 6 ms) that the window's first paint and a
        ``probe`` that validates nothing do not need."""

        def __getattr__(self, name: str) -> object:
            import jsonschema_rs

            return getattr(jsonschema_rs, name)

    jsonschema_rs = _OnFirstUse()

__all__ = [
    "FORMAT_CHECKERS",
    "KNOWN_SCHEMA_VERSIONS",
    "Check",
    "SchemaCompileError",
    "SchemaError",
    "SchemaValidator",
    "SchemaVerdict",
    "ValueCheck",
    "ValueProblem",
    "cached_validator",
    "check_value",
    "compile_schema",
    "first_problem",
    "required_names",
    "validator_for",
    "value_problems",
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
#: A dispatch key: (kind, direction or _ANY_DIRECTION, method as the peer sent it, variant).
_Key: TypeAlias = tuple[str, object, JsonValue, str | None]

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
_DATE_TIME_RE: Final = re.compile(r"\d{4}-\d\d-\d\d[Tt ]\d\d:\d\d:\d\d(\.\d+)?([Zz]|[+-]\d\d:\d\d)\Z")
_EMAIL_RE: Final = re.compile(r"[^@\s]+@[^@\s]+\Z")
_DATE_RE: Final = re.compile(r"\d{4}-\d\d-\d\d\Z")
_TIME_RE: Final = re.compile(r"\d\d:\d\d:\d\d(\.\d+)?([Zz]|[+-]\d\d:\d\d)?\Z")
_UUID_RE: Final = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\Z")
_IPV4_RE: Final = re.compile(r"((25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(25[0-5]|2[0-4]\d|1?\d?\d)\Z")


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


def _is_date(value: object) -> bool:
    if not isinstance(value, str):
        return True
    if _DATE_RE.match(value) is None:
        return False
    try:
        _dt.date.fromisoformat(value)
    except ValueError:
        return False
    return True


def _is_time(value: object) -> bool:
    return not isinstance(value, str) or _TIME_RE.match(value) is not None


def _is_uuid(value: object) -> bool:
    return not isinstance(value, str) or _UUID_RE.match(value) is not None


def _is_ipv4(value: object) -> bool:
    return not isinstance(value, str) or _IPV4_RE.match(value) is not None


def _anything(value: object) -> bool:
    return True


#: The one set of format checkers: wire messages, tool arguments, elicitation answers, forms.
FORMAT_CHECKERS: Final[dict[str, Callable[[object], bool]]] = {
    "uri": _is_uri,
    "uri-reference": _anything,
    "uri-template": _anything,
    "byte": _is_base64,
    "date-time": _is_date_time,
    "date": _is_date,
    "time": _is_time,
    "email": _is_email,
    "uuid": _is_uuid,
    "ipv4": _is_ipv4,
}


# --------------------------------------------------------------------------- compilation


class SchemaCompileError(ValueError):
    """A schema that cannot be used: not a schema, an unknown keyword value, a remote $ref."""


def _refuse_remote(uri: str) -> JsonValue:
    raise ValueError(f"remote $ref {uri} is not fetched")


def compile_schema(schema: JsonValue) -> jsonschema_rs.Validator:
    """A validator for any JSON Schema (object or boolean), read in the draft its ``$schema``
    declares (2020-12 when none), with :data:`FORMAT_CHECKERS` asserted and remote ``$ref``s
    refused. Raises :class:`SchemaCompileError` with a one-line reason."""
    try:
        return jsonschema_rs.validator_for(
            schema, formats=FORMAT_CHECKERS, validate_formats=True, retriever=_refuse_remote
        )
    except jsonschema_rs.ValidationError as exc:  # the schema breaks its meta-schema
        raise SchemaCompileError(_first_line(str(exc))) from None
    except Exception as exc:  # noqa: BLE001 - referencing errors, bad regexes, odd values
        raise SchemaCompileError(_first_line(str(exc)) or type(exc).__name__) from None


class Check(enum.StrEnum):
    """Which rule of a schema a value breaks, for a front-end to word in its own language.
    Ranked most basic first (the order below): where one place breaks several, it shows the first."""

    REQUIRED = "required"  # missing: the property's name
    TYPE = "type"
    ENUM = "enum"  # limit: the allowed values (enum, const, an anyOf/oneOf of consts)
    MIN_LENGTH = "minLength"
    MAX_LENGTH = "maxLength"
    PATTERN = "pattern"  # limit: the pattern
    TIME_ZONE = "timeZone"  # a date-time that lacks only its time zone
    FORMAT = "format"  # limit: the format's name
    MINIMUM = "minimum"
    MAXIMUM = "maximum"
    EXCLUSIVE_MINIMUM = "exclusiveMinimum"
    EXCLUSIVE_MAXIMUM = "exclusiveMaximum"
    MULTIPLE_OF = "multipleOf"
    MIN_ITEMS = "minItems"
    MAX_ITEMS = "maxItems"
    UNIQUE_ITEMS = "uniqueItems"
    OTHER = "other"  # anything else: the library's message says it

    @property
    def rank(self) -> int:
        return _CHECK_RANK[self]


_CHECK_RANK: Final[dict[Check, int]] = {check: i for i, check in enumerate(Check)}

# jsonschema-rs error kind -> (check, the kind's field that holds the limit)
_KIND_CHECKS: Final[dict[str, tuple[Check, str | None]]] = {
    "Required": (Check.REQUIRED, None),
    "Type": (Check.TYPE, "types"),
    "Enum": (Check.ENUM, "options"),
    "Constant": (Check.ENUM, "expected_value"),
    "MinLength": (Check.MIN_LENGTH, "limit"),
    "MaxLength": (Check.MAX_LENGTH, "limit"),
    "Pattern": (Check.PATTERN, "pattern"),
    "Format": (Check.FORMAT, "format"),
    "Minimum": (Check.MINIMUM, "limit"),
    "Maximum": (Check.MAXIMUM, "limit"),
    "ExclusiveMinimum": (Check.EXCLUSIVE_MINIMUM, "limit"),
    "ExclusiveMaximum": (Check.EXCLUSIVE_MAXIMUM, "limit"),
    "MultipleOf": (Check.MULTIPLE_OF, "multiple_of"),
    "MinItems": (Check.MIN_ITEMS, "limit"),
    "MaxItems": (Check.MAX_ITEMS, "limit"),
    "UniqueItems": (Check.UNIQUE_ITEMS, None),
}


@dataclass(frozen=True, slots=True)
class ValueProblem:
    """One way a value breaks a schema: where (the instance path), the library's message, for
    a missing required property its name, and as data the :class:`Check` with its ``limit``
    (see :class:`Check`) and the offending ``value``."""

    parts: tuple[str | int, ...]
    message: str
    missing: str | None = None
    check: Check = Check.OTHER
    limit: JsonValue = field(default=None, compare=False)  # JSON: a number, a pattern, a format, the allowed values
    value: JsonValue = field(default=None, compare=False)  # the JSON value that breaks it (None for REQUIRED)

    @property
    def location(self) -> tuple[str | int, ...]:
        """Where the problem is: the missing property itself for :attr:`Check.REQUIRED`."""
        return (*self.parts, self.missing) if self.missing is not None else self.parts


def _value_problem(error: jsonschema_rs.ValidationError) -> ValueProblem:
    """A library error as a :class:`ValueProblem`."""
    parts = tuple(error.instance_path)
    name = _kind_name(error)
    if name in _BRANCHING:
        options = _const_branches(error)
        if options is not None:
            return ValueProblem(parts, _message(error), None, Check.ENUM, options, error.instance)
        return ValueProblem(parts, _message(error), None, Check.OTHER, None, error.instance)
    check, key = _KIND_CHECKS.get(name, (Check.OTHER, None))
    if check is Check.REQUIRED:
        prop = error.kind.as_dict().get("property")
        return ValueProblem(parts, _message(error), prop if isinstance(prop, str) else None, check)
    limit = getattr(error.kind, key, None) if key is not None else None
    if name == "Constant":
        limit = [limit]
    elif check is Check.FORMAT and limit == "date-time" and isinstance(error.instance, str):
        if FORMAT_CHECKERS["date-time"](error.instance + "Z"):
            check = Check.TIME_ZONE
    return ValueProblem(parts, _message(error), None, check, limit, error.instance)


def _const_branches(error: jsonschema_rs.ValidationError) -> list[JsonValue] | None:
    """The allowed values of an anyOf/oneOf whose every branch is one ``const`` the value
    missed (a titled enum), else None."""
    options: list[JsonValue] = []
    depth = len(error.instance_path)
    for branch in getattr(error.kind, "context", None) or []:
        if len(branch) != 1 or _kind_name(branch[0]) != "Constant" or len(branch[0].instance_path) != depth:
            return None
        options.append(branch[0].kind.expected_value)
    return options or None


def first_problem(validator: jsonschema_rs.Validator, value: JsonValue) -> ValueProblem | None:
    """None when ``value`` matches the :func:`compile_schema` validator; raises ValueError for
    a value that is not JSON (and what the library raises for one nested too deeply)."""
    try:
        validator.validate(value)
    except jsonschema_rs.ValidationError as exc:
        return _value_problem(exc)
    return None


def value_problems(validator: jsonschema_rs.Validator, value: JsonValue) -> tuple[ValueProblem, ...]:
    """Every way ``value`` breaks the :func:`compile_schema` validator, in the library's order,
    an anyOf/oneOf failure replaced by the errors of the branch the sender most likely meant
    (as :meth:`SchemaValidator.explain` does). Raises like :func:`first_problem`."""
    if validator.is_valid(value):
        return ()
    return tuple(_value_problem(leaf) for error in validator.iter_errors(value) for leaf in _flatten(error))


#: tuning knob: how many compiled value schemas the one compile cache holds before it starts
#: afresh (a server sending ever new schemas cannot grow it forever)
MAX_CACHED: Final = 256
_cache: dict[bytes, jsonschema_rs.Validator | SchemaCompileError] = {}
_cache_lock = threading.Lock()


def cached_validator(schema: JsonValue) -> jsonschema_rs.Validator:
    """:func:`compile_schema` through the one compile cache (keyed by the schema's canonical
    JSON; a schema that cannot be compiled is remembered too). Raises
    :class:`SchemaCompileError`."""
    if not isinstance(schema, (dict, bool)):
        raise SchemaCompileError("a schema must be an object or a boolean")
    try:
        key = orjson.dumps(schema, option=orjson.OPT_SORT_KEYS)
    except TypeError as exc:
        raise SchemaCompileError(_first_line(str(exc))) from None
    found = _cache.get(key)
    if found is None:
        try:
            found = compile_schema(schema)
        except SchemaCompileError as exc:
            found = exc
        with _cache_lock:
            if len(_cache) >= MAX_CACHED:
                _cache.clear()
            _cache[key] = found
    if isinstance(found, SchemaCompileError):
        raise SchemaCompileError(str(found))
    return found


def cached_count() -> int:
    """How many schemas (compiled or refused) the compile cache holds now: at most
    :data:`MAX_CACHED`."""
    return len(_cache)


@dataclass(frozen=True, slots=True)
class ValueCheck:
    """:func:`check_value`'s answer: ``ok`` True or False with the ``problems``, or None when
    the schema (or the value) could not be checked, ``compile_error`` saying why."""

    ok: bool | None
    problems: tuple[ValueProblem, ...] = ()
    compile_error: str | None = None


def check_value(schema: JsonValue, value: JsonValue, validator: jsonschema_rs.Validator | None = None) -> ValueCheck:
    """Check any JSON value against any schema (or against its already ``validator``, from
    :func:`cached_validator`); never raises."""
    try:
        if validator is None:
            validator = cached_validator(schema)
    except SchemaCompileError as exc:
        return ValueCheck(None, compile_error=str(exc))
    try:
        problems = value_problems(validator, value)
    except Exception as exc:  # noqa: BLE001 - a value the library cannot read (not JSON, too deep)
        return ValueCheck(None, compile_error=_clip(f"{type(exc).__name__}: {exc}"))
    return ValueCheck(not problems, problems)


def required_names(schema: JsonValue) -> frozenset[str]:
    """The property names an object schema lists as ``required``."""
    required = schema.get("required") if isinstance(schema, dict) else None
    return frozenset(r for r in required if isinstance(r, str)) if isinstance(required, list) else frozenset()


def _first_line(text: str) -> str:
    return _clip(text.strip().split("\n", 1)[0])


# --------------------------------------------------------------------------- helpers


def _clip(text: str) -> str:
    return text if len(text) <= _MAX_MESSAGE else text[: _MAX_MESSAGE - 1] + "…"


def _brief(value: object) -> str:
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 60 else text[:59] + "…"


def _message(error: jsonschema_rs.ValidationError) -> str:
    """The library's message, except where it leaves out what a reader needs (every allowed
    value of an ``enum``)."""
    kind = error.kind
    if type(kind).__name__ == "Enum":
        options = getattr(kind, "options", None)
        if isinstance(options, list):
            return _clip(f"{_brief(error.instance)} is not one of {', '.join(_brief(o) for o in options)}")
    return _clip(error.message)


def _escape_token(token: object) -> str:
    return str(token).replace("~", "~0").replace("/", "~1")


def pointer(parts: Iterable[object]) -> str:
    """JSON pointer (RFC 6901) for a sequence of keys / indexes."""
    return "".join("/" + _escape_token(p) for p in parts)


@dataclass(slots=True)
class CompiledDefinition:
    """One compiled dispatch target of a :class:`SchemaValidator`: the definition's name, the
    composed root schema it was compiled from and the compiled validator."""

    definition: str
    schema: JsonObject  # composed root schema, in the schema file's own dialect
    validator: jsonschema_rs.Validator
    ok: SchemaVerdict
    #: the same definition for every item of an array (:meth:`Checker.all_valid`), compiled when first asked for
    items: jsonschema_rs.Validator | None = None

    def items_validator(self) -> jsonschema_rs.Validator:
        """A validator of arrays whose every item is valid against this definition: the root's
        ``$ref`` moved under ``items``, the same table and dialect, compiled the same way."""
        items = self.items
        if items is None:
            root = {k: v for k, v in self.schema.items() if k != "$ref"}
            root["type"] = "array"
            root["items"] = {"$ref": self.schema["$ref"]}
            items = self.items = compile_schema(root)
        return items


# --------------------------------------------------------------------------- validator


class Checker:
    """:meth:`SchemaValidator.checker`: ``is_valid(obj)`` is the quick test (it may raise: then
    ask ``verdict``); ``ok`` is the verdict of a valid message; ``verdict(obj)`` is ``check``'s
    full verdict."""

    __slots__ = ("is_valid", "ok", "_check", "_kind", "_direction", "_method", "_entry")

    def __init__(
        self, validator: SchemaValidator, kind: str, direction: str, method: str, entry: CompiledDefinition | None
    ) -> None:
        self._check, self._kind, self._direction, self._method = validator.check, kind, direction, method
        self._entry = entry
        self.is_valid: Callable[[object], bool] = entry.validator.is_valid if entry is not None else _never_valid
        self.ok: SchemaVerdict = entry.ok if entry is not None else SchemaVerdict(True, "")

    def all_valid(self, objs: list[object]) -> bool:
        """Whether ``is_valid`` holds for every one of ``objs``, in one call (a flood's run: the
        array is checked against an ``items`` schema of the same definition). It may raise, as
        ``is_valid`` may: then ask them one by one."""
        if self._entry is None:
            return False
        return bool(self._entry.items_validator().is_valid(objs))

    def verdict(self, obj: object) -> SchemaVerdict:
        return self._check(obj, kind=self._kind, direction=self._direction, method=self._method)


def _never_valid(obj: object) -> bool:
    return False


class SchemaValidator:
    """Per-version validator. Thread-safe; compiled definitions are cached on the instance."""

    __slots__ = (
        "version",
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

    def __init__(self, version: str, schema: JsonObject | None = None) -> None:
        self.version = version
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
        self._defs: JsonObject = schema[self._table]
        self._fast: dict[_Key, CompiledDefinition] = {}
        self._lock = threading.RLock()
        self._fallback_keys = 0

        # (kind, direction) -> {method: definition name}
        self._members: dict[tuple[str, str], dict[str, str]] = {}
        for (kind, direction), union in _UNIONS.items():
            self._members[(kind, direction)] = self.union_methods(union)
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

    def _deref(self, node: JsonValue) -> tuple[str | None, JsonValue]:
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
    def _method_const(definition: JsonValue) -> str | None:
        if not isinstance(definition, dict):
            return None
        method = definition.get("properties", {}).get("method")
        const = method.get("const") if isinstance(method, dict) else None
        return const if isinstance(const, str) else None

    def union_methods(self, union: str) -> dict[str, str]:
        """The methods of a union definition of the schema (``ClientRequest``, ``InputRequest``,
        ...), each with the name of the definition that carries it; empty for an unknown name."""
        out: dict[str, str] = {}
        root = self._defs.get(union)
        if root is None:
            return out

        def visit(name: str, node: JsonValue, depth: int) -> None:
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

    def _canonical_name(self, name: str, node: JsonValue) -> str:
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

    def params_template(self, kind: str, direction: str, method: str) -> JsonObject | None:
        """The smallest ``params`` the schema accepts for ``method`` (its required members, each
        with a placeholder of its type: the first enum value or const, "", 0, false, [], {}),
        for a person to fill in; None when the method takes no params (or is unknown)."""
        name = self._members.get((kind, direction), {}).get(method)
        _, definition = self._deref({"$ref": self._prefix + name}) if name else (None, None)
        props = definition.get("properties") if isinstance(definition, dict) else None
        params = props.get("params") if isinstance(props, dict) else None
        if params is None:
            return None
        value = self._placeholder(params, 0)
        return value if isinstance(value, dict) else {}

    def _placeholder(self, node: JsonValue, depth: int) -> JsonValue:
        _, node = self._deref(node)
        if not isinstance(node, dict) or depth > 12:
            return None
        if "const" in node:
            return node["const"]
        if isinstance(node.get("enum"), list) and node["enum"]:
            return node["enum"][0]
        for key in ("anyOf", "oneOf"):
            options = node.get(key)
            if isinstance(options, list) and options:
                return self._placeholder(options[0], depth + 1)
        if isinstance(node.get("allOf"), list):
            merged: JsonObject = {}
            for part in node["allOf"]:
                value = self._placeholder(part, depth + 1)
                if isinstance(value, dict):
                    merged.update(value)
            return merged
        kind = node.get("type")
        if isinstance(kind, list):
            kind = next((k for k in kind if k != "null"), kind[0] if kind else None)
        if kind == "object" or (kind is None and "properties" in node):
            props = node.get("properties")
            if not isinstance(props, dict):
                props = {}
            required = [r for r in node.get("required", ()) if isinstance(r, str) and r != "_meta"]
            return {r: self._placeholder(props.get(r, {}), depth + 1) for r in required}
        if not isinstance(kind, str):
            return None
        return {"string": "", "integer": 0, "number": 0, "boolean": False, "array": []}.get(kind)

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

    def compiled(self) -> tuple[CompiledDefinition, ...]:
        """Every definition compiled so far (each once, however many dispatch keys share it)."""
        with self._lock:
            entries = list(self._fast.values())
        return tuple({id(entry): entry for entry in entries}.values())

    # ------------------------------------------------------------------ composition

    def _canonical(self, key: _Key) -> _Key:
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
        assert isinstance(direction, str)  # in DIRECTIONS: the sentinel is only for results and errors
        if not isinstance(method, str) or method not in self._members[(kind, direction)]:
            return (kind, direction, None, None)
        return (kind, direction, method, None)

    def _plan(self, key: _Key) -> tuple[str, JsonObject]:
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
        assert isinstance(direction, str)  # a canonical request/notification key names its direction
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

    def _root(self, composed: JsonObject) -> JsonObject:
        # The composed definition is placed inside the table and referenced from the root, so
        # that its own $refs resolve against the table as they do in the schema file.
        table = dict(self._defs)
        table[_TARGET] = composed
        return {"$schema": self._dialect, "$ref": self._prefix + _TARGET, self._table: table}

    def _resolve(self, key: _Key) -> CompiledDefinition:
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
            root = self._root(composed)
            entry = CompiledDefinition(definition, root, compile_schema(root), SchemaVerdict(True, definition))
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
                variant: str | None = None
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
            entry.validator.validate(obj)
            return entry.ok
        except jsonschema_rs.ValidationError as exc:
            return SchemaVerdict(
                False,
                entry.definition if entry is not None else "",
                (SchemaError(pointer(exc.instance_path), _message(exc)),),
            )
        except _BadCall as exc:
            return SchemaVerdict(False, "", (SchemaError("", str(exc)),))
        except (RecursionError, ValueError) as exc:
            if not isinstance(exc, RecursionError) and "Recursion limit" not in str(exc):
                return SchemaVerdict(
                    False,
                    entry.definition if entry is not None else "",
                    (SchemaError("", _clip(f"schema validation failed internally: {type(exc).__name__}: {exc}")),),
                )
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

    def checker(self, *, kind: str, direction: str, method: str) -> Checker:
        """``check`` with a request's or notification's kind, direction and method fixed, for
        a run of such messages (a flood): the definition is looked up once."""
        try:
            key = (kind, direction, method, None)
            entry = self._fast.get(key) or self._resolve(key)
        except Exception:  # noqa: BLE001 - whatever check() would say, it says per message
            entry = None
        return Checker(self, kind, direction, method, entry)

    def compiled_for(
        self, obj: object, kind: str, direction: str, method: object, request_method: object
    ) -> CompiledDefinition:
        """What ``check`` validates ``obj`` with (compiled now if needed): for a detail view's
        full explanation, or to check a message with another validator against the same schema.
        Raises when the definition cannot be compiled."""
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
        """Every error of the message (for a detail view), with JSON-pointer paths; an ``anyOf``
        failure is replaced by the errors of the branch the sender most likely meant."""
        fast = self.check(obj, kind=kind, direction=direction, method=method, request_method=request_method)
        if fast.ok:
            return ()
        try:
            entry = self.compiled_for(obj, kind, direction, method, request_method)
            errors: list[SchemaError] = []
            seen: set[tuple[str, str]] = set()
            for error in entry.validator.iter_errors(obj):
                for leaf in _flatten(error):
                    item = SchemaError(pointer(leaf.instance_path), _message(leaf))
                    if (item.path, item.message) not in seen:
                        seen.add((item.path, item.message))
                        errors.append(item)
            return tuple(errors) or fast.errors
        except Exception:  # noqa: BLE001 - the detail view degrades to the fast error
            return fast.errors


class _BadCall(ValueError):
    """Invalid kind / direction passed to check()."""


_BRANCHING = ("AnyOf", "OneOfNotValid")


def _kind_name(error: jsonschema_rs.ValidationError) -> str:
    return type(error.kind).__name__


def _is_discriminator_miss(error: jsonschema_rs.ValidationError, depth: int) -> bool:
    # A branch of an anyOf that fails on a const (``type: "text"``, ``method``) or on the
    # instance's own JSON type is not the branch the sender meant.
    rel = len(error.instance_path) - depth
    name = _kind_name(error)
    return (name in ("Constant", "Enum") and rel <= 1) or (name == "Type" and rel == 0)


def _flatten(error: jsonschema_rs.ValidationError) -> list[jsonschema_rs.ValidationError]:
    """Replace an anyOf/oneOf error by the errors of the branch the sender most likely meant;
    keep the anyOf error itself when no branch is plausible."""
    if _kind_name(error) not in _BRANCHING:
        return [error]
    branches = getattr(error.kind, "context", None) or []
    depth = len(error.instance_path)
    plausible = [errs for errs in branches if errs and not any(_is_discriminator_miss(e, depth) for e in errs)]
    if not plausible:
        return [error]
    out: list[jsonschema_rs.ValidationError] = []
    for sub in min(plausible, key=len):
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
