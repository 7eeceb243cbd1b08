"""The rules a peer can break. A broken rule is recorded as data, never raised.

Each rule has a stable id (used in recordings, ``--json`` output and tests), a severity, one
sentence a person can read, and the spec section it comes from. An ``INFO`` rule is never
broken: the engine gives it as a note (``Analysis.notes``, the entry's ``notes``) where something
that looks wrong is allowed, to say why (``jsonrpc.error-id-null``). The checks themselves run in
``engine.ProtocolEngine`` because they need the session's context (state, pending requests,
capabilities).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Severity(enum.Enum):
    ERROR = "error"  # a MUST broken
    WARNING = "warning"  # a SHOULD broken, or a MUST we cannot be sure about
    INFO = "info"  # allowed, but worth seeing: a note, not a violation


@dataclass(frozen=True, slots=True)
class Rule:
    id: str
    severity: Severity
    text: str
    spec: str


_R = Rule
_S = Severity
RULES: dict[str, Rule] = {
    r.id: r
    for r in (
        _R(
            "stdio.not-json",
            _S.ERROR,
            "The server wrote a line to stdout that is not JSON; stdout is for MCP messages only.",
            "2025-11-25 basic/transports#stdio",
        ),
        _R(
            "stdio.invalid-utf8",
            _S.ERROR,
            "The line is not valid UTF-8; MCP messages are UTF-8 encoded.",
            "2025-11-25 basic/transports#stdio",
        ),
        _R(
            "stdio.partial-line",
            _S.ERROR,
            "The stream ended in the middle of a line (no newline after the last bytes).",
            "2025-11-25 basic/transports#stdio",
        ),
        _R(
            "stdio.server-request-modern",
            _S.ERROR,
            "In 2026-07-28 a server must not write JSON-RPC requests to stdout; it asks for input with "
            "InputRequiredResult.",
            "2026-07-28 basic/transports/stdio#receiving-messages",
        ),
        _R(
            "jsonrpc.version",
            _S.ERROR,
            "The 'jsonrpc' member is missing or not exactly \"2.0\".",
            "2025-11-25 basic#messages",
        ),
        _R(
            "jsonrpc.not-a-message",
            _S.ERROR,
            "Valid JSON, but not a JSON-RPC request, notification or response.",
            "2025-11-25 basic#messages",
        ),
        _R(
            "jsonrpc.batch",
            _S.ERROR,
            "A JSON-RPC batch (array); only protocol 2025-03-26 allows batches.",
            "2025-06-18 changelog",
        ),
        _R(
            "jsonrpc.id-invalid",
            _S.ERROR,
            "The id is not a string or an integer (null, fractional, boolean or missing).",
            "2025-11-25 basic#requests",
        ),
        _R(
            "jsonrpc.error-id-null",
            _S.INFO,
            "Not a server bug: an error response with id null (or none) for a request whose id the server "
            "could not read (a parse error, an invalid request, or an HTTP POST refused as a whole). "
            "JSON-RPC 2.0 requires id null there; MCP's schema has no null id (from 2025-11-25 it lets the "
            "id be left out instead), so the schema was checked apart from the id.",
            "JSON-RPC 2.0 section 5; 2025-11-25 basic#error-responses",
        ),
        _R(
            "jsonrpc.result-and-error",
            _S.ERROR,
            "A response carries both 'result' and 'error'; it must carry exactly one.",
            "2025-11-25 basic#responses",
        ),
        _R(
            "jsonrpc.response-unknown-id",
            _S.ERROR,
            "A response to a request that was never sent.",
            "2025-11-25 basic#responses",
        ),
        _R(
            "jsonrpc.response-duplicate",
            _S.ERROR,
            "A second response to a request that was already answered.",
            "2025-11-25 basic#responses",
        ),
        _R(
            "jsonrpc.id-reused",
            _S.WARNING,
            "The server reused the id of one of its own requests that is still pending.",
            "2025-11-25 basic#requests",
        ),
        _R(
            "lifecycle.request-before-initialized",
            _S.WARNING,
            "The server sent a request other than ping before the client's 'initialized' notification.",
            "2025-11-25 basic/lifecycle#initialization",
        ),
        _R(
            "lifecycle.message-before-initialize-result",
            _S.WARNING,
            "The server sent a message other than a log message or ping before answering initialize.",
            "2025-11-25 basic/lifecycle#initialization",
        ),
        _R(
            "lifecycle.version-not-offered",
            _S.WARNING,
            "The server negotiated a protocol version other than the one the client offered.",
            "2025-11-25 basic/lifecycle#version-negotiation",
        ),
        _R(
            "lifecycle.version-unsupported",
            _S.ERROR,
            "The server negotiated a protocol version the client does not support; the client should disconnect.",
            "2025-11-25 basic/lifecycle#version-negotiation",
        ),
        _R(
            "lifecycle.initialize-error",
            _S.ERROR,
            "The server answered initialize with an error.",
            "2025-11-25 basic/lifecycle#error-handling",
        ),
        _R(
            "lifecycle.no-answer",
            _S.ERROR,
            "A request got no answer within its timeout.",
            "2025-11-25 basic/lifecycle#timeouts",
        ),
        _R(
            "lifecycle.exited-during-initialize",
            _S.ERROR,
            "The server exited before the handshake completed.",
            "2025-11-25 basic/lifecycle#initialization",
        ),
        _R(
            "lifecycle.ignored-stdin-close",
            _S.WARNING,
            "The server did not exit after its stdin was closed; the client had to send SIGTERM.",
            "2025-11-25 basic/lifecycle#stdio",
        ),
        _R(
            "lifecycle.ignored-sigterm",
            _S.WARNING,
            "The server did not exit after SIGTERM; the client had to send SIGKILL.",
            "2025-11-25 basic/lifecycle#stdio",
        ),
        _R(
            "method.unknown",
            _S.WARNING,
            "A method this protocol version does not define for this direction.",
            "shared/spec/METHODS.md",
        ),
        _R(
            "capability.server-undeclared",
            _S.ERROR,
            "The server sent a message that needs a server capability it did not declare.",
            "2025-11-25 basic/lifecycle#capability-negotiation",
        ),
        _R(
            "capability.client-undeclared",
            _S.ERROR,
            "The server asked for a client feature the client did not declare.",
            "2025-11-25 basic/lifecycle#capability-negotiation",
        ),
        _R(
            "progress.unknown-token",
            _S.WARNING,
            "A progress notification for a token no active request carries.",
            "2025-11-25 basic/utilities/progress",
        ),
        _R(
            "cancel.message-after-cancel",
            _S.WARNING,
            "The server kept sending messages for a request the client cancelled.",
            "2025-11-25 basic/utilities/cancellation",
        ),
        _R(
            "modern.log-not-requested",
            _S.ERROR,
            "A log message while no in-flight request asked for one with io.modelcontextprotocol/logLevel.",
            "2026-07-28 server/utilities/logging#per-request-log-level",
        ),
        _R(
            "jsonrpc.late-response",
            _S.WARNING,
            "A response that arrived after the client had stopped waiting for it (timeout).",
            "2025-11-25 basic/lifecycle#timeouts",
        ),
        _R(
            "modern.discover-malformed",
            _S.ERROR,
            "The DiscoverResult has no usable 'supportedVersions' list.",
            "2026-07-28 server/discover",
        ),
        _R(
            "modern.discover-not-discover-result",
            _S.WARNING,
            "The server answered server/discover with a success that is not a DiscoverResult (no "
            "'supportedVersions'); only a DiscoverResult means modern, so the client falls back to "
            "initialize.",
            "2026-07-28 basic/transports/stdio#backward-compatibility",
        ),
        _R(
            "stdio.line-too-long",
            _S.ERROR,
            "The line is longer than the inspector's limit; its first bytes are kept and the rest was "
            "counted and dropped.",
            "2025-11-25 basic/transports#stdio",
        ),
        _R(
            "inspector.internal-error",
            _S.ERROR,
            "The inspector failed while analysing this entry (a bug in the inspector, not necessarily in the "
            "server); the bytes are recorded as they arrived.",
            "inspector",
        ),
        _R(
            "client.not-json",
            _S.ERROR,
            "A hand-written message that is not JSON (sent on purpose from the composer): a server must not "
            "take it for a message.",
            "2025-11-25 basic/transports#stdio",
        ),
        _R(
            "client.invalid-utf8",
            _S.ERROR,
            "A hand-written message that is not valid UTF-8; MCP messages are UTF-8 encoded.",
            "2025-11-25 basic/transports#stdio",
        ),
        _R(
            "client.id-reused",
            _S.ERROR,
            "A hand-written request reused the id of an earlier client request; a request id must not have "
            "been used before by the same side in the session.",
            "2025-11-25 basic#requests",
        ),
        _R(
            "host.not-json",
            _S.ERROR,
            "The host (watched through the proxy) wrote a line to the server's stdin that is not JSON; stdin is "
            "for MCP messages only.",
            "2025-11-25 basic/transports#stdio",
        ),
        _R(
            "host.invalid-utf8",
            _S.ERROR,
            "The host (watched through the proxy) wrote a line that is not valid UTF-8; MCP messages are UTF-8 "
            "encoded.",
            "2025-11-25 basic/transports#stdio",
        ),
        _R(
            "host.id-reused",
            _S.ERROR,
            "The host reused the id of one of its earlier requests; a request id must not have been used before "
            "by the same side in the session.",
            "2025-11-25 basic#requests",
        ),
        _R(
            "host.capability-undeclared",
            _S.ERROR,
            "The host sent a request for a server feature the server did not declare (tools, prompts, resources "
            "or their subscribe, logging, completions), or a notification its own capabilities did not declare "
            "(roots/list_changed without roots.listChanged); both parties must only use negotiated capabilities.",
            "2025-11-25 basic/lifecycle#operation",
        ),
        _R(
            "lifecycle.initialized-before-result",
            _S.ERROR,
            "The client sent its 'initialized' notification before the server had answered initialize; it "
            "comes after a successful InitializeResult.",
            "2025-11-25 basic/lifecycle#initialization",
        ),
        _R(
            "lifecycle.initialize-repeated",
            _S.ERROR,
            "initialize was sent again after the start sequence: a session is initialized once. The answer "
            "is shown but changes nothing of what was negotiated.",
            "2025-11-25 basic/lifecycle#initialization",
        ),
        _R(
            "lifecycle.client-before-initialize",
            _S.ERROR,
            "Before initialize was answered, the client sent a request other than initialize or ping.",
            "2025-11-25 basic/lifecycle#initialization",
        ),
        _R(
            "lifecycle.client-request-before-initialized",
            _S.WARNING,
            "The client sent a request other than ping before its 'initialized' notification.",
            "2025-11-25 basic/lifecycle#initialization",
        ),
        _R(
            "http.not-json",
            _S.ERROR,
            "A message the server sent over HTTP (a JSON body or the data of an SSE event) is not JSON.",
            "2025-11-25 basic/transports#streamable-http",
        ),
        _R(
            "http.invalid-utf8",
            _S.ERROR,
            "A message the server sent over HTTP is not valid UTF-8; MCP messages are UTF-8 encoded.",
            "2025-11-25 basic/transports#streamable-http",
        ),
        _R(
            "http.message-too-long",
            _S.ERROR,
            "A message (body or SSE line) is longer than the inspector's limit; its first bytes are kept and "
            "the rest was counted and dropped.",
            "2025-11-25 basic/transports#streamable-http",
        ),
        _R(
            "http.body-too-long",
            _S.ERROR,
            "An HTTP body that is no message (an error page, a DELETE answer, what a stream sent of an "
            "unfinished event) is longer than the inspector's limit; its first bytes are kept and the rest "
            "was counted and dropped.",
            "2025-11-25 basic/transports#streamable-http",
        ),
        _R(
            "http.body-incomplete",
            _S.ERROR,
            "An answer's body did not arrive whole: the connection was reset or closed early, its framing "
            "(chunked encoding, Content-Length) was broken, or it was still arriving at the read timeout; "
            "the bytes that came are kept.",
            "2025-11-25 basic/transports#sending-messages-to-the-server",
        ),
        _R(
            "http.redirect",
            _S.WARNING,
            "The server answered with a redirect (3xx) instead of at the MCP endpoint; the client does not "
            "follow it, so its messages and headers (credentials among them) go nowhere but the endpoint it "
            "was given.",
            "2025-11-25 basic/transports#sending-messages-to-the-server",
        ),
        _R(
            "http.content-type",
            _S.ERROR,
            "The server answered with a content type the transport does not allow (a POST: application/json "
            "or text/event-stream; the GET stream: text/event-stream).",
            "2025-11-25 basic/transports#sending-messages-to-the-server",
        ),
        _R(
            "http.accepted-with-body",
            _S.WARNING,
            "202 Accepted with a body: a notification or response the server accepts gets 202 and no body.",
            "2025-11-25 basic/transports#sending-messages-to-the-server",
        ),
        _R(
            "http.error-status",
            _S.WARNING,
            "The server answered with an HTTP error status (a 4xx whose body is a JSON-RPC error is not "
            "flagged: the error says why).",
            "2025-11-25 basic/transports#sending-messages-to-the-server",
        ),
        _R(
            "http.session-expired",
            _S.WARNING,
            "The server answered 404 to a request that carried the session id: the session has ended, and "
            "the client must start a new one with initialize.",
            "2025-11-25 basic/transports#session-management",
        ),
        _R(
            "http.session-id-changed",
            _S.ERROR,
            "The server sent a different Mcp-Session-Id in the middle of a session.",
            "2025-11-25 basic/transports#session-management",
        ),
        _R(
            "http.response-wrong-stream",
            _S.ERROR,
            "A JSON-RPC response came on another stream than the answer to the POST that carried its request "
            "(or on the GET stream, where a server must not send responses).",
            "2025-11-25 basic/transports#listening-for-messages-from-the-server",
        ),
        _R(
            "http.server-request-modern",
            _S.ERROR,
            "In 2026-07-28 a server must not send independent JSON-RPC requests on an SSE stream; it asks "
            "for input with InputRequiredResult.",
            "2026-07-28 basic/transports/streamable-http#receiving-messages",
        ),
        _R(
            "http.error-status-mismatch",
            _S.ERROR,
            "In 2026-07-28 some JSON-RPC errors come with a fixed HTTP status: HeaderMismatch (-32020), "
            "MissingRequiredClientCapability (-32021) and UnsupportedProtocolVersion (-32022) with 400, "
            "Method not found (-32601) with 404; this one came with another.",
            "2026-07-28 basic/transports/streamable-http#protocol-version-header",
        ),
        _R(
            "http.tool-header-invalid",
            _S.ERROR,
            "A tool's x-mcp-header annotation breaks the transport's constraints (a string, integer or "
            "boolean property reached through 'properties' alone, a unique token name); a client must not "
            "use that tool over Streamable HTTP.",
            "2026-07-28 basic/transports/streamable-http#custom-headers-from-tool-parameters",
        ),
        _R(
            "modern.input-required-not-allowed",
            _S.ERROR,
            "InputRequiredResult answered a request that may not receive one (only tools/call, prompts/get, "
            "resources/read).",
            "2026-07-28 basic/patterns/mrtr#supported-requests",
        ),
    )
}


def rule(rule_id: str) -> Rule:
    return RULES[rule_id]
