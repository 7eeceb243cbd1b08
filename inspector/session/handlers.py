"""Answers to what the server asks of the client: roots, sampling, elicitation, ping.

In the legacy era these arrive as JSON-RPC requests; in the modern era as the input requests
of an ``InputRequiredResult``. Both paths call the same handler, which returns either a result
dict or a :class:`HandlerError`. The headless defaults never hang: roots come from the
configuration, sampling is rejected, elicitation is declined.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


class HandlerError(Exception):
    """Answer the server's request with a JSON-RPC error."""

    def __init__(self, code: int, message: str, data: Any = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.data = data


METHOD_NOT_FOUND = -32601


@dataclass
class ClientHandlers:
    """Override any method (or pass callables) to answer differently, e.g. from a dialog."""

    roots: list[dict] = field(default_factory=list)

    async def handle(self, method: str, params: dict) -> dict:
        if method == "ping":
            return {}
        if method == "roots/list":
            return await self.list_roots(params)
        if method == "sampling/createMessage":
            return await self.create_message(params)
        if method == "elicitation/create":
            return await self.elicit(params)
        raise HandlerError(METHOD_NOT_FOUND, f"Method not found: {method}")

    async def list_roots(self, params: dict) -> dict:
        return {"roots": list(self.roots)}

    async def create_message(self, params: dict) -> dict:
        # -1 is what the spec's examples use for a request the user rejected.
        raise HandlerError(-1, "Sampling rejected: this inspector runs headless and has no model to ask")

    async def elicit(self, params: dict) -> dict:
        return {"action": "decline"}
