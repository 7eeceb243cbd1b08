"""A recording built the way the session builds one: lines through a real ProtocolEngine
(Qt-free; used by the view tests and the Qt tests alike)."""

from __future__ import annotations

from inspector.protocol.engine import ClientConfig, ProtocolEngine
from inspector.protocol.messages import Kind
from inspector.protocol.versions import EraMode
from inspector.session.recording import Direction, Recording


class Driver:
    """Feeds lines through a real ProtocolEngine into a Recording, like the session does."""

    def __init__(self, tick: float = 0.002) -> None:
        self.engine = ProtocolEngine(ClientConfig(era=EraMode.LEGACY))
        self.rec = Recording(
            {"era_mode": "legacy", "legacy_version": "2025-11-25", "modern_version": "2026-07-28"}, t0=0.0
        )
        self.t = 0.0
        self.step = tick

    def _tick(self) -> float:
        self.t += self.step
        return self.t

    def c2s(self, raw: bytes) -> int:
        t = self._tick()
        return self.rec.append(Direction.C2S, t, raw, self.engine.outgoing(raw, t, len(self.rec)))

    def s2c(self, raw: bytes) -> int:
        t = self._tick()
        return self.rec.append(Direction.S2C, t, raw, self.engine.incoming(raw, t, len(self.rec)))

    def stderr(self, raw: bytes) -> int:
        return self.rec.append(Direction.STDERR, self._tick(), raw, self.engine.note(Kind.STDERR))

    def event(self, name: str, detail: str, analysis=None, **extra) -> int:
        a = analysis if analysis is not None else self.engine.note(Kind.PROCESS)
        return self.rec.append(Direction.EVENT, self._tick(), detail.encode(), a, {"event": name, **extra})

    def request(self, method: str, params: dict | None = None) -> tuple[int, int]:
        id = self.engine.next_id()
        return self.c2s(self.engine.build_request(id, method, params)), id

    def handshake(self) -> dict[str, int]:
        eng = self.engine
        s = {"init": self.c2s(eng.build_initialize(eng.next_id()))}
        s["init_result"] = self.s2c(
            b'{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{},"logging":{}},'
            b'"serverInfo":{"name":"demo","version":"1.0"}}}\n'
        )
        s["initialized"] = self.c2s(eng.build_initialized())
        return s
