"""Names for JSON values as the wire carries them (for type annotations only).

A JSON-RPC message decoded by orjson is a tree of ``dict``/``list``/``str``/``int``/``float``/
``bool``/``None``. Its members are whatever the peer sent, so a member's type is ``Any`` until a
check has looked at it: these aliases say so in one place instead of a bare ``dict`` or ``Any``
spelled differently in every module.
"""

from __future__ import annotations

from typing import Any, TypeAlias

#: Any JSON value a peer may have sent (a member not yet checked).
JsonValue: TypeAlias = Any
#: A JSON object: a message, its ``params``/``result``, a capability set, an info block.
JsonObject: TypeAlias = dict[str, Any]


def str_member(obj: JsonObject, key: str, default: str = "") -> str:
    """``obj[key]`` when it is a string, else ``default`` (a member missing or of another type)."""
    value = obj.get(key)
    return value if isinstance(value, str) else default
