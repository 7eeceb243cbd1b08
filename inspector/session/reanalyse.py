"""Re-analysing a recording with today's rules and schemas, and what came out differently.

A recording keeps the exact bytes of every entry and what the engine concluded when it ran.
:func:`reanalyse` feeds the same bytes, in the same order and with the same times, through a
fresh engine configured from the recording's header (era mode, versions, transport): the
client's messages as the client's (hand-written ones judged as such), the server's with the
HTTP metadata they arrived with, link events by name. The result is a new read-only recording
and the list of entries judged differently - rules found or no longer found, a schema verdict
or a lifecycle state that changed - so a person can see what a newer inspector makes of an
old session. Sans-IO: nothing is sent anywhere.
"""

from __future__ import annotations

from dataclasses import dataclass

from inspector.protocol.engine import ClientConfig, ProtocolEngine
from inspector.protocol.lifecycle import TRANSPORTS
from inspector.protocol.messages import Kind
from inspector.protocol.versions import LATEST_LEGACY, LATEST_MODERN, EraMode
from inspector.transport.base import ProcessEventKind

from .recording import Direction, Recording

#: Entry extras the engine derives (they are made again); everything else is kept as recorded.
DERIVED = frozenset({"transition", "problem", "schema_errors", "schema_definition"})
_LINK_EVENTS = frozenset(k.value for k in ProcessEventKind)


@dataclass(frozen=True)
class Change:
    seq: int
    added: tuple[str, ...]  # rules found now, not then
    removed: tuple[str, ...]  # rules found then, not now
    schema_before: bool | None
    schema_after: bool | None
    state_before: str
    state_after: str


def _engine_for(header: dict) -> ProtocolEngine:
    try:
        era = EraMode(header.get("era_mode", "auto"))
    except ValueError:
        era = EraMode.AUTO
    config = ClientConfig(era=era, legacy_version=str(header.get("legacy_version") or LATEST_LEGACY), modern_version=str(header.get("modern_version") or LATEST_MODERN))
    transport = str(header.get("transport", "stdio"))
    return ProtocolEngine(config, transport=transport if transport in TRANSPORTS else "stdio")


def reanalyse(rec: Recording) -> tuple[Recording, list[Change]]:
    """The recording judged again by this inspector's engine, and what changed."""
    engine = _engine_for(rec.header)
    header = {k: v for k, v in rec.header.items() if k not in ("format", "version", "created")}
    out = Recording({**header, "reanalysed_from": rec.header.get("created")}, t0=0.0)
    changes: list[Change] = []
    for i in range(len(rec)):
        d = rec.direction_at(i)
        raw = rec.raw_at(i)
        t = rec.t_at(i)
        recorded = rec.extra_at(i)
        extra = {k: v for k, v in recorded.items() if k not in DERIVED}
        if d is Direction.C2S:
            a = engine.hand_written(raw, t, i) if recorded.get("hand_written") else engine.outgoing(raw, t, i)
        elif d is Direction.S2C:
            engine.arrival = recorded.get("http") if isinstance(recorded.get("http"), dict) else None
            dropped = recorded.get("dropped")
            a = engine.oversized(raw, int(dropped), len(raw)) if dropped else engine.incoming(raw, t, i)
        elif d is Direction.STDERR:
            dropped = recorded.get("dropped")
            a = engine.oversized(raw, int(dropped), len(raw), Kind.STDERR) if dropped else engine.note(Kind.STDERR)
        else:
            event = recorded.get("event")
            if event == "timeout":
                a = engine.timeout(rec.id_at(i))
            elif event == "spawn_failed":
                a = engine.spawn_failed(raw.decode("utf-8", "replace"))
            elif isinstance(event, str) and event in _LINK_EVENTS:
                info = recorded.get("http")
                a = engine.link_event(event, info if isinstance(info, dict) else None)
            else:
                a = engine.note()
        out.append(d, t, raw, a, extra or None)
        before = (rec.violations_at(i), rec.schema_at(i), rec.state_at(i))
        after = (out.violations_at(i), out.schema_at(i), out.state_at(i))
        if before != after:
            changes.append(
                Change(
                    i,
                    tuple(r for r in after[0] if r not in before[0]),
                    tuple(r for r in before[0] if r not in after[0]),
                    before[1],
                    after[1],
                    before[2].value,
                    after[2].value,
                )
            )
    out.summary = {**(rec.summary or {}), "state": out.state_at(len(out) - 1).value if len(out) else None}
    out.read_only = True
    return out, changes
