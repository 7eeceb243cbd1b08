"""The protocol core: sans-IO, no event loop, no processes, no sockets, no clock.

Theory of operation
-------------------
Bytes come in as chunks; :class:`~.framing.LineSplitter` cuts them into lines and keeps every
byte (terminators, CRLF, a partial last line, invalid UTF-8). :func:`~.messages.parse_line`
turns a line into a summary (request, notification, result, error, or noise/invalid with the
reason); parse failures are values, never exceptions.

:class:`~.engine.ProtocolEngine` is fed every line in both directions plus the session's
events (timeouts, process exit, shutdown steps), each with a timestamp the caller supplies.
It runs the lifecycle transition tables of :mod:`.lifecycle` (legacy handshake era, modern
stateless era, and auto = probe then fall back), pairs requests with responses
(:mod:`.correlation`), checks the peer against the rules of :mod:`.rules`, and validates
every message against the official JSON Schema of the protocol version in force
(:mod:`.schema`). What it concludes comes back as an :class:`~.engine.Analysis` per line.

The peer's misbehaviour is data: a broken rule is a rule id on the entry, never an
exception. The transition tables are the single source of the states: the session runs them
and the desktop diagram draws them.
"""

from .engine import Analysis, ClientConfig, ProtocolEngine
from .framing import LineSplitter
from .lifecycle import Event, Lifecycle, State, Transition, table_for
from .messages import Kind, parse_line
from .rules import RULES, Rule, Severity
from .versions import ALL_VERSIONS, LEGACY_VERSIONS, MODERN_VERSIONS, Era, EraMode

__all__ = [
    "ALL_VERSIONS",
    "Analysis",
    "ClientConfig",
    "Era",
    "EraMode",
    "Event",
    "Kind",
    "LEGACY_VERSIONS",
    "Lifecycle",
    "LineSplitter",
    "MODERN_VERSIONS",
    "ProtocolEngine",
    "RULES",
    "Rule",
    "Severity",
    "State",
    "Transition",
    "parse_line",
    "table_for",
]
