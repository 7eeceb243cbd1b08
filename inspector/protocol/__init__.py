"""The protocol core: sans-IO, no event loop, no processes, no sockets, no clock.

Theory of operation
-------------------
Bytes come in as chunks; :class:`~.framing.LineSplitter` cuts them into lines and keeps every
byte (terminators, CRLF, a partial last line, invalid UTF-8) up to a line limit, past which a
line keeps its head and the rest is counted. :func:`~.messages.parse_line` turns a line into a
summary (request, notification, result, error, or noise/invalid with the reason); parse
failures are values, never exceptions. JSON that is not valid UTF-8 is still the message it
is, decoded with replacement characters and flagged. Ids of any JSON type (arrays and objects
included) have correlation keys, so no line can make a lookup raise.

:class:`~.engine.ProtocolEngine` is fed every line in both directions plus the session's
events (timeouts, process exit, shutdown steps), each with a timestamp the caller supplies.
It runs the lifecycle transition tables of :mod:`.lifecycle` (legacy handshake era, modern
stateless era, and auto = probe then fall back), pairs requests with responses
(:mod:`.correlation`), checks the peer against the rules of :mod:`.rules`, and validates
every message against the official JSON Schema of the protocol version in force
(:mod:`.schema`). What it concludes comes back as an :class:`~.engine.Analysis` per line
(the engine's terms and shared state are :mod:`.engine_state`, its session and link events
:mod:`.engine_link`).
The same module checks any value against any schema for the layers above (tool arguments,
elicitation answers, ``structuredContent``, the desktop forms): one compile cache, and every
problem with its instance path and the check it failed as data, which a front-end places and
words; no layer above interprets a JSON-Schema keyword to check a value.

The peer's misbehaviour is data: a broken rule is a rule id on the entry, never an
exception. What looks wrong but is allowed gets a note instead (an info rule in
``Analysis.notes``, never a violation): an error with id null for a request whose id could not
be read is what JSON-RPC 2.0 requires, though MCP's schema has no null id. The transition
tables are the single source of the states: the session runs them and the desktop diagram
draws them.

Protocol facts front-ends need live here too, never in a panel: the error codes and the
specification's names for them (:mod:`.errors`), which versions' ``completion/complete`` take
``context`` (:func:`.versions.completion_takes_context`), and the RFC 6570 URI templates of
resource templates (:mod:`.uri_template`, on the ``uritemplate`` library).

Authorization (issue 25, not wired to a flow yet) is sans-IO here too: reading a
``WWW-Authenticate`` challenge (:mod:`.oauth_challenge`), each version's discovery plan and the
resource URI (:mod:`.oauth_discovery`), metadata documents read and checked
(:mod:`.oauth_metadata`), PKCE, the redirect's checks and the token requests (:mod:`.oauth_flow`),
and the ``auth.*`` rules they raise as data (:mod:`.oauth_rules`).
"""

# Names are loaded on first use, so ``import inspector.protocol.framing`` (the demo server's
# start-up path) does not load the engine and the schema machinery.
_EXPORTS = {
    "Analysis": "engine",
    "ClientConfig": "engine",
    "ProtocolEngine": "engine",
    "LineSplitter": "framing",
    "Event": "lifecycle",
    "Lifecycle": "lifecycle",
    "State": "lifecycle",
    "Transition": "lifecycle",
    "table_for": "lifecycle",
    "Kind": "messages",
    "parse_line": "messages",
    "RULES": "rules",
    "Rule": "rules",
    "Severity": "rules",
    "ALL_VERSIONS": "versions",
    "LEGACY_VERSIONS": "versions",
    "MODERN_VERSIONS": "versions",
    "Era": "versions",
    "EraMode": "versions",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> object:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'inspector.protocol' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value
