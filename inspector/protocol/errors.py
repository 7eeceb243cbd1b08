"""JSON-RPC and MCP error codes, and the short name each code has in the specification.

The standard JSON-RPC 2.0 codes (-32700, -32600 to -32603) and the MCP codes of the versions
in ``shared/spec`` (basic/index "Error Codes" of 2026-07-28): -32002 resource not found (up to
2025-11-25, replaced by -32602 in 2026-07-28; clients should still accept it), -32042 URL
elicitation required (2025-11-25 only), -32020 to -32022 (2026-07-28). The names are the
specification's, untranslated: a front-end shows them next to the number, as they are.
"""

from __future__ import annotations

from typing import Final

from .versions import HEADER_MISMATCH, UNSUPPORTED_PROTOCOL_VERSION

PARSE_ERROR: Final = -32700
INVALID_REQUEST: Final = -32600
METHOD_NOT_FOUND: Final = -32601
INVALID_PARAMS: Final = -32602
INTERNAL_ERROR: Final = -32603
RESOURCE_NOT_FOUND: Final = -32002  # legacy era; 2026-07-28 answers -32602
URL_ELICITATION_REQUIRED: Final = -32042  # 2025-11-25 only
MISSING_REQUIRED_CLIENT_CAPABILITY: Final = -32021  # 2026-07-28; -32020 and -32022 are in .versions

ERROR_NAMES: Final[dict[int, str]] = {
    PARSE_ERROR: "Parse error",
    INVALID_REQUEST: "Invalid request",
    METHOD_NOT_FOUND: "Method not found",
    INVALID_PARAMS: "Invalid params",
    INTERNAL_ERROR: "Internal error",
    RESOURCE_NOT_FOUND: "Resource not found",
    URL_ELICITATION_REQUIRED: "URL elicitation required",
    HEADER_MISMATCH: "Header mismatch",
    MISSING_REQUIRED_CLIENT_CAPABILITY: "Missing required client capability",
    UNSUPPORTED_PROTOCOL_VERSION: "Unsupported protocol version",
}


def error_name(code: object) -> str | None:
    """The specification's name of an error code, or None for a code it does not define
    (an implementation's own code, or not an integer at all)."""
    if not isinstance(code, int) or isinstance(code, bool):
        return None
    return ERROR_NAMES.get(code)
