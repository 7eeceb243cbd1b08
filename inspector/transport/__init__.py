"""Transports: move raw bytes to and from an MCP server and report what its process or link does.

A transport knows nothing of JSON-RPC or the MCP lifecycle; it knows its own framing. It turns
a server into one ordered stream of timestamped, generic events (``events()``): ``Frames``, the
exact bytes of each message on a channel (stdio: the lines of stdout, cut with the protocol
core's bounded ``LineSplitter``; every read's lines in one event), ``SideLine`` for a channel
beside the protocol (stdio: stderr, never decoded; HTTP: the transport's own notes, channel
``http``, and answer bodies that are no message, ``http-body`` - the session records stdio's
as ``stderr`` and HTTP's as the link's ``note``, kind ``link-note``), ``ProcessEvent`` for what the server's
process does (spawned, streams closed, shutdown steps, exited: pid, exit status, signal) and
``LinkEvent`` for what a link without a process does (HTTP: connected, each exchange, the
session closing, disconnected - no pid, no exit status; ``info`` is what the link knows).
EXITED (DISCONNECTED) is always last and, for stdio, only after both output
streams are drained, so a consumer has seen every byte before it learns of the exit. The stdio
readers read each pipe to end-of-file while the server or anything of its process group lives,
however long the output; only once they are gone is a pipe that stays open (held by a process
outside the group) waited on for a bounded drain grace - one still written to past it is cut
off and said - and ``unread`` (after the close) counts what never reached the consumer.
``send()`` writes bytes to the server's stdin and raises ``TransportClosed`` once that is gone;
``unread_by_peer()`` says how much of it the server has not read yet (the pipe's FIONREAD; None
where that cannot be known, HTTP included), which is how a session tells a server still starting
from one that read its message and stays silent.
A slow consumer holds back the pipe rather than growing memory; process events never wait.
Each stdio pipe has a lane of its own (a consumer behind on stderr holds back stderr only,
never an answer on stdout), and the consumer gets the lanes merged by read time, so the
stream's order is the order things were read in. A read's stderr lines are queued at once (one
wake-up, not one per line), and the stdio queue's ``side_lines_nowait`` hands a consumer the
whole lines queued next of one read in one call: a stderr flood is taken in a read at a time.
The HTTP transports bound every body and SSE event by the same ``max_line`` (the first bytes
kept, the rest counted and dropped) and give a body ``read_timeout`` to arrive whole.
``shutdown()`` follows the MCP stdio rule and escalates only as far as needed: close stdin and
wait; if the server is still running send SIGTERM and wait; then SIGKILL. Each step is reported
as an event, the returned ``ExitInfo`` names the step that ended the process, and the whole
sequence is shielded from cancellation so no server outlives the inspector. When there is no
event loop left to run it (the window's display vanished), ``abandon()`` ends what is the
inspector's to end at once, synchronously (stdio: SIGTERM to the server's process group).

The neutral link vocabulary (``base``): ``TransportKind`` (the protocol's, ``protocol.links``,
re-exported) names the transports as recordings and profiles do; the ``Transport`` protocol
declares everything the session uses of a link - besides sending and the events, where messages
come (``main_channel``), whether a message is one line (``line_messages``), whether a silent
peer may be a process still starting (``short_probe``), whether modern messages mirror metadata
into headers (``mirrors_headers``), ``exit_info``, ``unread``, ``exchange_done`` - so the
session names no concrete transport and branches on no transport name; ``describe_exit`` says
how a process ended, for the session and the CLI alike.

What to connect to is a transport spec (``base.TransportSpec``: ``kind``, ``judged_as`` - the
transport whose rules the engine applies - and ``describe()``, what a recording's header keeps,
never a secret value): ``StdioSpec`` (argv, environment, working directory, and argv as it may
be shown, with the secret parts of arguments masked), ``HttpSpec`` for a server at a URL with a
``mode`` (``streamable-http``, ``sse``, ``http-auto``; ``StreamableHttpSpec``, ``SseSpec`` and
``AutoHttpSpec`` are shorthands), whose ``secret_headers`` are sent but masked: by name in every
exchange recorded, by value in the transport's own texts, ``base.hide_secrets``, as an error may
quote one, and whose ``authorizer`` (``base.Authorizer``, OAuth) gives each request its
``Authorization`` and renews it when the server refuses one; ``MemorySpec`` runs a scripted peer
in this process. A spec is built once by a profile or the command line and carried by
``SessionOptions.transport``; :func:`open_transport` makes the transport the factory registered
for the spec's kind makes (each transport module registers its own with
``base.register_transport``; HTTP's is imported only when needed), so the session never picks
one.

A new transport is one module plus one registration (and its import here, which runs it): its
``register_transport(kind, factory, choice)`` names the factory and, for a transport users may
pick, its ``base.TransportChoice``: the name saved servers store, its label for people (an
English source string the window translates in the "Transports" context), what it ``needs`` (a
command with its environment, or a URL with headers), how a saved server or the command line
becomes its spec (from a ``base.Where``: every field of where a server is, secrets sorted out) and
its word for ``probe --transport``. The saved servers (session/profiles.py: which fields to check,
``to_spec``), the server editor (its transport list and the fields it shows) and the probe (its
``--transport`` choices and default, its summary's process or connection words) read the
registered choices and list no transport by hand. stdio's module registers its factory and its
choice in one call; the HTTP choices (HTTP auto, Streamable HTTP, HTTP+SSE) are registered by the
light ``http_choices`` (imported here, after stdio), since the HTTP module, which registers the
factory, is imported only for a session. The in-memory transport of the tests is a link no user picks
(``kind`` "memory", judged as stdio); tests/toy_transport.py registers it under a name of its own,
with a choice, in one call. A transport judged by rules of its own (not stdio's or HTTP's) also
needs its ``TransportKind`` member in protocol/links.py and the lifecycle tables for it.
"""

import importlib
from collections.abc import Callable

from .base import (
    AutoHttpSpec,
    ExitInfo,
    Frames,
    HttpSpec,
    LinkEvent,
    LinkEventKind,
    LinkOptions,
    ProcessEvent,
    ProcessEventKind,
    SideLine,
    SpawnError,
    SseSpec,
    StdioSpec,
    StreamableHttpSpec,
    Transport,
    TransportClosed,
    TransportEvent,
    TransportKind,
    TransportSpec,
    register_transport,
    registered_transport,
    transport_choice,
    transport_choices,
)
from .memory import MemoryPeer, MemorySpec, MemoryTransport, memory_pair
from .stdio import StdioTransport

# isort: split
# The HTTP choices after stdio's: the choices in the editor's order (registration order).
from . import http_choices  # noqa: F401

#: Transports whose module is imported only when a session needs one (httpx is loaded only for
#: HTTP sessions); every other transport module is imported here and registers itself.
_LAZY = {TransportKind.STREAMABLE_HTTP: ".http", TransportKind.SSE: ".http", TransportKind.HTTP_AUTO: ".http"}


def open_transport(
    spec: TransportSpec, *, clock: Callable[[], float], max_line: int, read_timeout: float | None = None
) -> Transport:
    """The transport ``spec`` asks for (not yet entered: ``async with`` starts it), made by the
    factory its module registered for ``spec.kind`` (``base.register_transport``).
    ``max_line`` bounds every line, message and body; ``read_timeout`` (HTTP) is how long a
    body may take to arrive whole (None: the HTTP transport's default)."""
    factory = registered_transport(spec.kind)
    if factory is None and spec.kind in _LAZY:
        importlib.import_module(_LAZY[TransportKind(spec.kind)], __name__)
        factory = registered_transport(spec.kind)
    if factory is None:
        raise TypeError(f"no transport is registered for {spec.kind!r}")
    return factory(spec, LinkOptions(clock, max_line, read_timeout))


__all__ = [
    "AutoHttpSpec",
    "ExitInfo",
    "LinkEvent",
    "LinkEventKind",
    "MemoryPeer",
    "MemorySpec",
    "MemoryTransport",
    "ProcessEvent",
    "ProcessEventKind",
    "SpawnError",
    "Frames",
    "HttpSpec",
    "SseSpec",
    "StdioSpec",
    "StreamableHttpSpec",
    "StdioTransport",
    "SideLine",
    "Transport",
    "TransportClosed",
    "TransportEvent",
    "TransportKind",
    "TransportSpec",
    "memory_pair",
    "open_transport",
    "register_transport",
    "transport_choice",
    "transport_choices",
]
