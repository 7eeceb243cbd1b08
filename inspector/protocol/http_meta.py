"""The request metadata a 2026-07-28 client mirrors into HTTP headers, sans-IO.

Streamable HTTP (2026-07-28) wants selected fields of a request's body repeated as headers so
that intermediaries can route without parsing JSON: ``MCP-Protocol-Version`` (the body's
``_meta`` protocol version), ``Mcp-Method`` and, for ``tools/call``, ``prompts/get`` and
``resources/read``, ``Mcp-Name`` (``params.name`` or ``params.uri``). A value that is not plain
visible ASCII without surrounding spaces - or that looks like the sentinel itself - travels as
``=?base64?{Base64 of its UTF-8}?=``. A message without the modern ``_meta`` version (a
handshake-era message) gets no such headers.
"""

from __future__ import annotations

import base64
from typing import Any

from .versions import META_PROTOCOL_VERSION

NAMED = {"tools/call": "name", "prompts/get": "name", "resources/read": "uri"}
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


def request_headers(obj: Any) -> dict[str, str]:
    """The metadata headers for one outgoing message (``obj``: its parsed JSON)."""
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
    return headers
