"""A toy transport a user can pick, made the way a new one is made: one module (this one) and one
registration (:func:`registered`). It is the in-memory link under a name of its own: the saved
server's command names the toy server, which a scripted peer in this process plays (a tiny legacy
server that answers initialize and tools/list, and says on stderr what it answered)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import orjson

from inspector.transport.base import Needs, TransportChoice, Where, register_transport, unregister_transport
from inspector.transport.memory import MemoryPeer, MemorySpec, open_memory

KIND = "toy-memory"  # as saved servers and recordings name it
OPTION = "toy"  # probe --transport toy
LABEL = "Toy: a scripted server in this process"


@dataclass(frozen=True)
class ToySpec(MemorySpec):
    """The in-memory link under its own kind; ``name`` is the toy server's serverInfo name."""

    name: str = "toy"
    kind = KIND


def scripted_server(name: str) -> Callable[[MemoryPeer], Awaitable[None]]:
    """A tiny legacy server called ``name``, as a memory peer's script: answers initialize and
    tools/list (one tool, echo), ignores notifications, and says on stderr what it answered."""

    async def serve(peer: MemoryPeer) -> None:
        while line := await peer.receive():
            msg = orjson.loads(line)
            if "id" not in msg:
                continue
            result = (
                {
                    "protocolVersion": msg["params"]["protocolVersion"],
                    "capabilities": {"tools": {}},
                    "serverInfo": {"name": name, "version": "1"},
                }
                if msg["method"] == "initialize"
                else {"tools": [{"name": "echo", "inputSchema": {"type": "object"}}]}
            )
            await peer.write(orjson.dumps({"jsonrpc": "2.0", "id": msg["id"], "result": result}) + b"\n")
            await peer.write_stderr(f"answered {msg['method']}\n".encode())

    return serve


def toy_spec(where: Where) -> ToySpec:
    """A saved server (or the probe's command line) as the toy's spec: its command names the server."""
    name = where.argv[0] if where.argv else "toy"
    return ToySpec(scripted_server(name), name)


@contextmanager
def registered() -> Iterator[TransportChoice]:
    """The toy's one registration, for as long as a test needs it (then it is forgotten, so the
    other tests see the built-in transports only)."""
    choice = TransportChoice(KIND, LABEL, Needs.COMMAND, toy_spec, OPTION)
    register_transport(KIND, open_memory, choice)
    try:
        yield choice
    finally:
        unregister_transport(KIND)
