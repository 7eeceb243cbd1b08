"""The transports by name: the one vocabulary that the protocol's tables, the transports, the
session, recordings, profiles and the window share (sans-IO, no transport code here).

``TransportKind`` is a ``str`` (``TransportKind.STDIO == "stdio"``), so recordings, saved
servers and command lines written with the plain names read unchanged. Four members are
transports a spec can ask for; ``SSE_FALLBACK`` is no transport of its own but the rules the
engine applies to an auto HTTP session once initialize was refused and it went over to HTTP+SSE
(the HTTP+SSE table that keeps the fallback step): a recording of such a session says so.
``wire`` is the transport that carries the messages (auto: Streamable HTTP until the fallback).
The host configuration formats an importer reads or an exporter writes (``"type": "stdio"``,
``"http"``, ``"sse"``...) have names of their own: those stay strings of their formats.

This is the vocabulary of the rules (the lifecycle tables and the engine are per kind). Which
transports a user can pick, and what each needs from a saved server or the command line, is
said by the transports' registrations (``transport.base.TransportChoice``), which saved servers,
the server editor and the probe read; a new transport judged as one of these kinds (a link
judged as stdio) needs no member here."""

from __future__ import annotations

import enum


class TransportKind(enum.StrEnum):
    """The transports, by the names recordings, profiles and the command line use for them."""

    STDIO = "stdio"  # a process; a message is a line of its stdout
    STREAMABLE_HTTP = "streamable-http"  # a server at a URL, 2025-03-26 Streamable HTTP
    SSE = "sse"  # a server at a URL, the 2024-11-05 HTTP+SSE transport
    HTTP_AUTO = "http-auto"  # a server at a URL: Streamable HTTP, HTTP+SSE if that is refused
    SSE_FALLBACK = "sse-fallback"  # HTTP_AUTO once it fell back: HTTP+SSE rules (never a spec's kind)

    @classmethod
    def named(cls, name: object, default: TransportKind | None = None) -> TransportKind:
        """The transport ``name`` names (a recording's header, a saved server); ``default``
        (stdio when not given) when it names none."""
        for kind in cls:
            if name == kind.value:
                return kind
        return cls.STDIO if default is None else default

    @property
    def is_http(self) -> bool:
        """A server at a URL (no process of ours, no stderr)."""
        return self is not TransportKind.STDIO

    @property
    def wire(self) -> TransportKind:
        """The transport that carries the messages: STDIO, STREAMABLE_HTTP or SSE."""
        return _WIRE.get(self, self)

    @property
    def falls_back(self) -> bool:
        """An auto HTTP session (before or after its fallback): its tables keep the step to HTTP+SSE."""
        return self is TransportKind.HTTP_AUTO or self is TransportKind.SSE_FALLBACK


_WIRE = {TransportKind.HTTP_AUTO: TransportKind.STREAMABLE_HTTP, TransportKind.SSE_FALLBACK: TransportKind.SSE}
