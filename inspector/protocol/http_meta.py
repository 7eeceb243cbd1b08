"""The request metadata a 2026-07-28 client mirrors into HTTP headers, sans-IO.

Streamable HTTP (2026-07-28) wants selected fields of a request's body repeated as headers so
that intermediaries can route without parsing JSON: ``MCP-Protocol-Version`` (the body's
``_meta`` protocol version), ``Mcp-Method`` and, for ``tools/call``, ``prompts/get`` and
``resources/read``, ``Mcp-Name`` (``params.name`` or ``params.uri``). A value that is not plain
visible ASCII without surrounding spaces - or that looks like the sentinel itself - travels as
``=?base64?{Base64 of its UTF-8}?=``. A message without the modern ``_meta`` version (a
handshake-era message) gets no such headers.

A tool may also name parameters to mirror: a property of its ``inputSchema`` carrying
``x-mcp-header: Name`` becomes ``Mcp-Param-Name`` on ``tools/call`` (:func:`tool_header_params`
reads and checks the annotations; :func:`param_headers` takes the values from the arguments).
An annotation is valid only on a string, integer or boolean property reached from the schema's
root through ``properties`` keys alone, with a non-empty token name (no control characters)
unique (ignoring case) in the schema: :func:`header_problems` checks every annotation against
every rule of :data:`HEADER_RULES` and names each one broken. A tool with an invalid annotation
is excluded (the session's ``operations.tool_exclusion``); an annotated integer outside
±(2**53-1) cannot be mirrored (:func:`unsafe_integer_params`).
"""

from __future__ import annotations

import base64
import json
import re
from dataclasses import dataclass

from .jsontypes import JsonObject, JsonValue
from .versions import META_PROTOCOL_VERSION

NAMED = {"tools/call": "name", "prompts/get": "name", "resources/read": "uri"}
ANNOTATION = "x-mcp-header"
PARAM_PREFIX = "Mcp-Param-"
_TCHAR = frozenset("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
_SAFE_INTEGER = 2**53 - 1
_PREFIX, _SUFFIX = "=?base64?", "?="


def header_value(value: str) -> str:
    """``value`` as it may stand in a header: itself when safe, else the Base64 sentinel form."""
    safe = (
        value == value.strip(" \t")
        and all(0x20 <= ord(c) <= 0x7E or c == "\t" for c in value)
        and not (value.startswith(_PREFIX) and value.endswith(_SUFFIX))
    )
    if safe:
        return value
    return _PREFIX + base64.b64encode(value.encode("utf-8")).decode("ascii") + _SUFFIX


def decode_header_value(value: str) -> str:
    """The inverse of :func:`header_value` (for showing what a header carried)."""
    if value.startswith(_PREFIX) and value.endswith(_SUFFIX):
        try:
            return base64.b64decode(value[len(_PREFIX) : -len(_SUFFIX)], validate=True).decode("utf-8")
        except (ValueError, UnicodeDecodeError):
            return value
    return value


#: The rules an ``x-mcp-header`` annotation must keep (2026-07-28 server/tools#x-mcp-header and
#: basic/transports/streamable-http#schema-extension); a :class:`HeaderProblem` names one.
HEADER_RULES = {
    "not-text": "the value is not a string",
    "empty": "MUST NOT be empty",
    "control-character": "MUST NOT contain control characters (CR, LF, ...)",
    "not-token": "MUST match the HTTP field-name token syntax (1*tchar, RFC 9110 section 5.1)",
    "duplicate": "MUST be case-insensitively unique in the inputSchema",
    "number": "MUST NOT be on a parameter of type number",
    "not-primitive": "MUST only be on a parameter of type string, integer or boolean",
    "on-root": "MUST be on a property, not on the schema itself",
    "unreachable": "MUST be on a property reached from the root through 'properties' keys alone",
}


@dataclass(frozen=True)
class HeaderProblem:
    """One broken ``x-mcp-header`` rule: its key in :data:`HEADER_RULES`, where (a JSON pointer
    into the inputSchema) and a sentence."""

    rule: str
    where: str
    text: str


def header_problems(input_schema: JsonValue) -> tuple[dict[tuple[str, ...], str], list[HeaderProblem]]:
    """Every ``x-mcp-header`` annotation of a tool's ``inputSchema`` checked against every
    rule: ``({property path: header name} of the valid ones, [problems])``."""
    found: dict[tuple[str, ...], str] = {}
    names: dict[str, list[str]] = {}  # lower-case name -> where each annotation using it is
    problems: list[HeaderProblem] = []

    def bad(rule: str, where: str, text: str) -> None:
        problems.append(HeaderProblem(rule, where or "/", text))

    def check(node: JsonObject, path: tuple[str, ...], reachable: bool, where: str) -> None:
        name = node[ANNOTATION]
        at = where or "/"
        kind = node.get("type")
        ok = True
        if not isinstance(name, str):
            bad("not-text", where, f"{ANNOTATION} at {at} is {type(name).__name__}, not a string")
            return
        if not name:
            bad("empty", where, f"{ANNOTATION} at {at} is empty")
            ok = False
        elif any(ord(c) < 0x20 or ord(c) == 0x7F for c in name):
            bad("control-character", where, f"{ANNOTATION} {name!r} at {at} contains a control character")
            ok = False
        elif not set(name) <= _TCHAR:
            odd = "".join(sorted(set(name) - _TCHAR))
            bad("not-token", where, f"{ANNOTATION} {name!r} at {at} is not an HTTP token (not allowed: {odd!r})")
            ok = False
        else:
            names.setdefault(name.lower(), []).append(at)
        if not reachable:
            bad("unreachable", where, f"{ANNOTATION} {name!r} at {at} is not reachable through 'properties' alone")
            ok = False
        elif not path:
            bad("on-root", where, f"{ANNOTATION} {name!r} is on the schema root, not on a property")
            ok = False
        elif kind == "number":
            bad(
                "number",
                where,
                f"{ANNOTATION} {name!r} at {at} is on a number property (string, integer or boolean only)",
            )
            ok = False
        elif kind not in ("string", "integer", "boolean"):
            shown = "untyped" if kind is None else _json_text(kind)
            bad(
                "not-primitive",
                where,
                f"{ANNOTATION} {name!r} at {at} is on a {shown} property (string, integer or boolean only)",
            )
            ok = False
        if ok:
            found[path] = name

    def walk(node: JsonValue, path: tuple[str, ...], reachable: bool, where: str) -> None:
        if isinstance(node, dict):
            if ANNOTATION in node:
                check(node, path, reachable, where)
            for key, child in node.items():
                if key == "properties" and isinstance(child, dict):
                    for prop, schema in child.items():
                        walk(schema, path + (prop,), reachable, f"{where}/properties/{_escape(prop)}")
                elif key != ANNOTATION:
                    walk(child, path, False, f"{where}/{_escape(key)}")
        elif isinstance(node, list):
            for i, child in enumerate(node):
                walk(child, path, False, f"{where}/{i}")

    walk(input_schema, (), True, "")
    for lower, places in names.items():
        if len(places) > 1:
            bad("duplicate", places[1], f"{ANNOTATION} names repeat (ignoring case): {lower!r} at {', '.join(places)}")
    if problems:
        found = {}
    return found, problems


def tool_header_params(input_schema: JsonValue) -> tuple[dict[tuple[str, ...], str], str | None]:
    """``({property path: header name}, None)`` for a tool's valid ``x-mcp-header``
    annotations, or ``({}, why)`` when one of them is invalid (the whole tool is then invalid)."""
    found, problems = header_problems(input_schema)
    if problems:
        return {}, "; ".join(p.text for p in problems)
    return found, None


def _escape(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


def _json_text(value: JsonValue) -> str:
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(value)


def unsafe_integer_params(params: dict[tuple[str, ...], str], arguments: JsonValue) -> list[str]:
    """The ``Mcp-Param-*`` names whose integer value in ``arguments`` lies outside
    -(2**53-1)..2**53-1: such a value MUST NOT be mirrored, so the call cannot be made as the
    spec wants it."""
    out = []
    for path, name in params.items():
        value: JsonValue = arguments
        for key in path:
            value = value.get(key) if isinstance(value, dict) else None
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) > _SAFE_INTEGER:
            out.append(PARAM_PREFIX + name)
    return out


def param_headers(params: dict[tuple[str, ...], str], arguments: JsonValue) -> dict[str, str]:
    """The ``Mcp-Param-*`` headers for one call: each annotated value present in ``arguments``,
    as text (booleans lower-case), encoded where it is not header-safe."""
    out: dict[str, str] = {}
    for path, name in params.items():
        value: JsonValue = arguments
        for key in path:
            value = value.get(key) if isinstance(value, dict) else None
        if isinstance(value, bool):
            text = "true" if value else "false"
        elif isinstance(value, int) and abs(value) <= _SAFE_INTEGER:
            text = str(value)
        elif isinstance(value, str):
            text = value
        else:
            continue  # absent (or not the primitive the schema promised): no header
        out[PARAM_PREFIX + name] = header_value(text)
    return out


def request_headers(obj: JsonValue, tools: dict[str, dict[tuple[str, ...], str]] | None = None) -> dict[str, str]:
    """The metadata headers for one outgoing message (``obj``: its parsed JSON); ``tools``: the
    ``x-mcp-header`` parameters of each known tool (for ``tools/call``)."""
    if not isinstance(obj, dict):
        return {}
    params = obj.get("params")
    meta = params.get("_meta") if isinstance(params, dict) else None
    version = meta.get(META_PROTOCOL_VERSION) if isinstance(meta, dict) else None
    if not isinstance(version, str):
        return {}
    headers = {"MCP-Protocol-Version": header_value(version)}
    method = obj.get("method")
    if isinstance(method, str) and "id" in obj:
        headers["Mcp-Method"] = header_value(method)
        key = NAMED.get(method)
        name = params.get(key) if key is not None and isinstance(params, dict) else None
        if isinstance(name, str):
            headers["Mcp-Name"] = header_value(name)
            if method == "tools/call" and tools and name in tools and isinstance(params, dict):
                headers.update(param_headers(tools[name], params.get("arguments")))
    return headers


_AUTH_PARAM = re.compile(r'([A-Za-z0-9_!#$%&\'*+.^`|~-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))')


def resource_metadata(challenge: JsonValue) -> str | None:
    """The ``resource_metadata`` URL a ``WWW-Authenticate`` challenge names (RFC 9728, which MCP
    authorization uses to say where the protected resource's metadata is), or None."""
    if not isinstance(challenge, str):
        return None
    for m in _AUTH_PARAM.finditer(challenge):
        if m.group(1).lower() == "resource_metadata":
            value = m.group(2) if m.group(2) is not None else m.group(3)
            return re.sub(r"\\(.)", r"\1", value)
    return None
