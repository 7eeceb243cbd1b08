"""A bare TCP relay on 127.0.0.1: what any Python proxy costs a round trip on this machine, at least.

    .venv/bin/python benchmarks/tcp_relay.py UPSTREAM_PORT

Listens on a free loopback port (said on stderr as the proxy says it: ``listening on
http://127.0.0.1:PORT,``) and relays each connection's bytes both ways to 127.0.0.1:UPSTREAM_PORT
as they are read, with asyncio's protocols: no parsing, no recording, no task per read. The HTTP
proxy benchmark (``http_proxy_cost.py --floor``) pings through it as one more side: the floor under
the proxy's added latency at the machine's load of the moment.
"""

from __future__ import annotations

import asyncio
import sys


class _Upstream(asyncio.Protocol):
    def __init__(self, host: asyncio.Transport) -> None:
        self.host = host

    def data_received(self, data: bytes) -> None:
        self.host.write(data)

    def connection_lost(self, exc: Exception | None) -> None:
        self.host.close()


class _Host(asyncio.Protocol):
    def __init__(self, port: int) -> None:
        self.port = port
        self.held: list[bytes] = []
        self.upstream: asyncio.Transport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        asyncio.get_running_loop().create_task(self._connect())

    async def _connect(self) -> None:
        loop = asyncio.get_running_loop()
        upstream, _ = await loop.create_connection(lambda: _Upstream(self.transport), "127.0.0.1", self.port)
        self.upstream = upstream
        for data in self.held:
            upstream.write(data)

    def data_received(self, data: bytes) -> None:
        if self.upstream is None:
            self.held.append(data)
        else:
            self.upstream.write(data)

    def connection_lost(self, exc: Exception | None) -> None:
        if self.upstream is not None:
            self.upstream.close()


async def main(port: int) -> None:
    loop = asyncio.get_running_loop()
    server = await loop.create_server(lambda: _Host(port), "127.0.0.1", 0)
    print(f"listening on http://127.0.0.1:{server.sockets[0].getsockname()[1]},", file=sys.stderr, flush=True)
    await server.serve_forever()


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1])))
