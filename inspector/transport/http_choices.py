"""The HTTP transports a user picks: HTTP auto, Streamable HTTP and HTTP+SSE, registered as
choices (``base.TransportChoice``) when the package is imported, after stdio's.

They are not registered by the HTTP module itself, as stdio's is by ``stdio``: that module (and
httpx with it) is imported only when a session needs it (``transport._LAZY``), while the saved
servers, the server editor and the probe must see every choice from the start. This module is
light (specs only) and registers the choices; ``http`` registers the factory on its import."""

from __future__ import annotations

from collections.abc import Callable

from .base import HttpSpec, Needs, TransportChoice, TransportKind, Where, register_choice


def _http_spec(mode: TransportKind) -> Callable[[Where], HttpSpec]:
    """How a server at a URL becomes its spec over ``mode``; auto goes straight to HTTP+SSE when
    that is what it found last time (no POST refused again at every connect; Streamable HTTP
    found costs nothing to find again)."""

    def spec(where: Where) -> HttpSpec:
        found = TransportKind.SSE if mode is TransportKind.HTTP_AUTO and where.found == TransportKind.SSE else mode
        return HttpSpec(where.url, where.headers, where.secret_headers, where.verify_tls, found)

    return spec


register_choice(
    TransportChoice(
        TransportKind.HTTP_AUTO,
        "HTTP, auto: Streamable HTTP, or HTTP+SSE if refused",
        Needs.URL,
        _http_spec(TransportKind.HTTP_AUTO),
        "auto",
        "HTTP, auto",
    )
)
register_choice(
    TransportChoice(
        TransportKind.STREAMABLE_HTTP,
        "Streamable HTTP: a server at a URL",
        Needs.URL,
        _http_spec(TransportKind.STREAMABLE_HTTP),
        TransportKind.STREAMABLE_HTTP.value,
        "Streamable HTTP",
    )
)
register_choice(
    TransportChoice(
        TransportKind.SSE,
        "HTTP+SSE (2024-11-05): a server's event stream URL",
        Needs.URL,
        _http_spec(TransportKind.SSE),
        TransportKind.SSE.value,
        "HTTP+SSE",
    )
)
