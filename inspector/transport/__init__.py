"""Transports: move raw bytes to and from an MCP server and report what its process does.

A transport knows nothing of JSON-RPC, framing or the MCP lifecycle. It turns a server into one
ordered stream of timestamped events (``events()``): stdout exactly as read, in raw chunks that
may split or join messages anywhere; stderr as byte lines (never decoded); and process events
(spawned, streams closed, shutdown steps, exited), with EXITED always last and only after both
output streams are drained, so a consumer has seen every byte before it learns of the exit.
``send()`` writes bytes to the server's stdin and raises ``TransportClosed`` once that is gone.
A slow consumer holds back the pipe rather than growing memory; process events never wait.
``shutdown()`` follows the MCP stdio rule and escalates only as far as needed: close stdin and
wait; if the server is still running send SIGTERM and wait; then SIGKILL. Each step is reported
as an event, the returned ``ExitInfo`` names the step that ended the process, and the whole
sequence is shielded from cancellation so no server outlives the inspector.
``memory_pair()`` gives the same interface without a process, for tests.
"""

from .base import (
    ExitInfo,
    ProcessEvent,
    ProcessEventKind,
    SpawnError,
    StderrLine,
    StdioParameters,
    StdoutChunk,
    Transport,
    TransportClosed,
    TransportEvent,
)
from .memory import MemoryPeer, MemoryTransport, memory_pair
from .stdio import StdioTransport

__all__ = [
    "ExitInfo",
    "MemoryPeer",
    "MemoryTransport",
    "ProcessEvent",
    "ProcessEventKind",
    "SpawnError",
    "StderrLine",
    "StdioParameters",
    "StdioTransport",
    "StdoutChunk",
    "Transport",
    "TransportClosed",
    "TransportEvent",
    "memory_pair",
]
