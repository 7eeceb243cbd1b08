"""Protocol versions, eras and the method table per version and direction.

The version lists are those of the official wire models (``mcp_types.version``; a test keeps
them equal, and they are literals here so that importing the protocol core, and starting the
demo server, does not pay for pydantic). The method table is the one in
``shared/spec/METHODS.md``, derived from the official schemas.
"""

from __future__ import annotations

import enum
from typing import Final

LEGACY_VERSIONS: Final[tuple[str, ...]] = ("2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25")
MODERN_VERSIONS: Final[tuple[str, ...]] = ("2026-07-28",)
ALL_VERSIONS: Final[tuple[str, ...]] = LEGACY_VERSIONS + MODERN_VERSIONS
LATEST_LEGACY: Final[str] = LEGACY_VERSIONS[-1]
LATEST_MODERN: Final[str] = MODERN_VERSIONS[-1]

META_PROTOCOL_VERSION = "io.modelcontextprotocol/protocolVersion"
META_CLIENT_INFO = "io.modelcontextprotocol/clientInfo"
META_CLIENT_CAPABILITIES = "io.modelcontextprotocol/clientCapabilities"
META_LOG_LEVEL = "io.modelcontextprotocol/logLevel"
META_SERVER_INFO = "io.modelcontextprotocol/serverInfo"
META_SUBSCRIPTION_ID = "io.modelcontextprotocol/subscriptionId"

UNSUPPORTED_PROTOCOL_VERSION = -32022
HEADER_MISMATCH = -32020  # 2026-07-28 Streamable HTTP: the metadata headers do not match the body
MODERN_ERROR_CODES: Final[frozenset[int]] = frozenset({-32020, -32021, -32022})

# Versions whose CompleteRequest params have ``context.arguments`` (the values of the other
# arguments already filled in); the official schemas from 2025-06-18 on.
COMPLETION_CONTEXT_VERSIONS: Final[frozenset[str]] = frozenset({"2025-06-18", "2025-11-25", "2026-07-28"})


class Era(enum.Enum):
    LEGACY = "legacy"
    MODERN = "modern"


class EraMode(enum.Enum):
    """What the user asked for: a fixed era, or detect it with the stdio probe."""

    AUTO = "auto"
    LEGACY = "legacy"
    MODERN = "modern"


def era_of(version: str) -> Era | None:
    if version in LEGACY_VERSIONS:
        return Era.LEGACY
    if version in MODERN_VERSIONS:
        return Era.MODERN
    return None


_EVERY_LEGACY = LEGACY_VERSIONS
_FROM_2025_06 = ("2025-06-18", "2025-11-25")
_ONLY_2025_11 = ("2025-11-25",)
_ALL = ALL_VERSIONS
_MODERN = MODERN_VERSIONS

# method -> (versions where the client sends it, versions where the server sends it).
# In 2026-07-28 server->client requests live inside InputRequiredResult, never on the wire.
_METHODS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "completion/complete": (_ALL, ()),
    "initialize": (_EVERY_LEGACY, ()),
    "logging/setLevel": (_EVERY_LEGACY, ()),
    "ping": (_EVERY_LEGACY, _EVERY_LEGACY),
    "prompts/get": (_ALL, ()),
    "prompts/list": (_ALL, ()),
    "resources/list": (_ALL, ()),
    "resources/read": (_ALL, ()),
    "resources/subscribe": (_EVERY_LEGACY, ()),
    "resources/templates/list": (_ALL, ()),
    "resources/unsubscribe": (_EVERY_LEGACY, ()),
    "roots/list": ((), _EVERY_LEGACY),
    "sampling/createMessage": ((), _EVERY_LEGACY),
    "elicitation/create": ((), _FROM_2025_06),
    "server/discover": (_MODERN, ()),
    "subscriptions/listen": (_MODERN, ()),
    "tasks/cancel": (_ONLY_2025_11, _ONLY_2025_11),
    "tasks/get": (_ONLY_2025_11, _ONLY_2025_11),
    "tasks/list": (_ONLY_2025_11, _ONLY_2025_11),
    "tasks/result": (_ONLY_2025_11, _ONLY_2025_11),
    "tools/call": (_ALL, ()),
    "tools/list": (_ALL, ()),
    "notifications/cancelled": (_ALL, _ALL),
    "notifications/elicitation/complete": ((), _ONLY_2025_11),
    "notifications/initialized": (_EVERY_LEGACY, ()),
    "notifications/message": ((), _ALL),
    "notifications/progress": (_EVERY_LEGACY, _ALL),
    "notifications/prompts/list_changed": ((), _ALL),
    "notifications/resources/list_changed": ((), _ALL),
    "notifications/resources/updated": ((), _ALL),
    "notifications/roots/list_changed": (_EVERY_LEGACY, ()),
    "notifications/subscriptions/acknowledged": ((), _MODERN),
    "notifications/tasks/status": (_ONLY_2025_11, _ONLY_2025_11),
    "notifications/tools/list_changed": ((), _ALL),
}

_BY_VERSION: dict[tuple[str, str], frozenset[str]] = {}
for _v in ALL_VERSIONS:
    _BY_VERSION[(_v, "c2s")] = frozenset(m for m, (c, _s) in _METHODS.items() if _v in c)
    _BY_VERSION[(_v, "s2c")] = frozenset(m for m, (_c, s) in _METHODS.items() if _v in s)


def methods_for(version: str, direction: str) -> frozenset[str]:
    """Methods the given side may send in a version; ``direction`` is "c2s" or "s2c"."""
    return _BY_VERSION.get((version, direction), frozenset())


def known_method(method: str) -> bool:
    return method in _METHODS


def completion_takes_context(version: str | None) -> bool:
    """Whether ``completion/complete`` in ``version`` may carry ``context.arguments``."""
    return version in COMPLETION_CONTEXT_VERSIONS
