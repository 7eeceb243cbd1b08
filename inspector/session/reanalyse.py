"""Re-analysing a recording with today's rules and schemas, and what came out differently.

A recording keeps the exact bytes of every entry and what the engine concluded when it ran.
:func:`reanalyse` feeds the same bytes, in the same order and with the same times, through a
fresh engine configured exactly as the live one was: the header's ``engine`` member (written by
:func:`engine_header` when the session starts) holds the era mode, the versions offered, the
client's capabilities and info, and the options that change a verdict (``--accept-unsupported-
version``). A recording from before that member existed gets the client's capabilities and info
from its first initialize or server/discover. The client's messages go in as the client's
(hand-written ones judged as such; a proxied session's, the host's, observed), the server's
with the HTTP metadata they arrived with, link
events by name; what the driver decided between entries is replayed where the recording shows
it (after -32022 the session retries with the server's version: the retry's ``_meta`` says so).
Entries that record the inspector's own failures (``internal_error``) keep their verdict.

The result is a new read-only recording and the list of entries judged differently - rules
found or no longer found, notes added or gone, a schema verdict or a lifecycle state that
changed - so a person can see what a newer inspector makes of an old session. Re-analysing a
recording made by this version changes nothing (the test suite re-analyses every recording its
sessions make; see tests/conftest.py). Sans-IO: nothing is sent anywhere.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

from inspector.protocol.engine import Analysis, ClientConfig, ProtocolEngine
from inspector.protocol.jsontypes import JsonObject, JsonValue
from inspector.protocol.messages import Kind, loads_lenient
from inspector.protocol.versions import (
    LATEST_LEGACY,
    LATEST_MODERN,
    META_CLIENT_CAPABILITIES,
    META_CLIENT_INFO,
    META_PROTOCOL_VERSION,
    Era,
    EraMode,
)
from inspector.transport.base import EVENT_NAMES, TransportKind

from .recording import Direction, Recording

#: Entry extras the engine derives (they are made again); everything else is kept as recorded.
DERIVED = frozenset({"transition", "problem", "schema_errors", "schema_definition", "notes"})
_LINK_EVENTS = EVENT_NAMES
#: Events that record the inspector's own failure, not an engine input: their verdict is kept.
_KEPT_EVENTS = frozenset({"internal_error"})


@dataclass(frozen=True)
class Change:
    seq: int
    added: tuple[str, ...]  # rules found now, not then
    removed: tuple[str, ...]  # rules found then, not now
    schema_before: bool | None
    schema_after: bool | None
    state_before: str
    state_after: str
    notes_added: tuple[str, ...] = ()  # explanations (info rules) given now, not then
    notes_removed: tuple[str, ...] = ()


def engine_header(config: ClientConfig) -> JsonObject:
    """What a recording's header keeps of the client's configuration: everything the engine's
    verdicts depend on, so that :func:`reanalyse` builds the same engine."""
    return {
        "era_mode": config.era.value,
        "legacy_version": config.legacy_version,
        "modern_version": config.modern_version,
        "engine": {
            "capabilities": copy.deepcopy(config.capabilities),
            # observing, the client is the host: its info is in its own handshake, not the inspector's here
            "client_info": None if config.observer else copy.deepcopy(config.client_info),
            "accept_unsupported_version": config.accept_unsupported_version,
            "log_level": config.log_level,
            "observer": config.observer,
        },
    }


def _handshake_offer(rec: Recording) -> tuple[JsonObject, JsonObject | None]:
    """An older recording: the capabilities and client info its first initialize or
    server/discover carried (({}, None) when there is none)."""
    for i in range(min(len(rec), 10_000)):
        if rec.direction_at(i) is not Direction.C2S or rec.method_at(i) not in ("initialize", "server/discover"):
            continue
        obj = loads_lenient(rec.raw_at(i))
        params = obj.get("params") if isinstance(obj, dict) else None
        if not isinstance(params, dict):
            continue
        if rec.method_at(i) == "initialize":
            caps, info = params.get("capabilities"), params.get("clientInfo")
        else:
            meta = params.get("_meta")
            meta = meta if isinstance(meta, dict) else {}
            caps, info = meta.get(META_CLIENT_CAPABILITIES), meta.get(META_CLIENT_INFO)
        return (caps if isinstance(caps, dict) else {}), (info if isinstance(info, dict) else None)
    return {}, None


def config_from_header(header: JsonObject, rec: Recording | None = None) -> ClientConfig:
    """The client configuration a recording was made with (see :func:`engine_header`); what a
    header does not say is the default, or read from the recording's handshake."""
    try:
        era = EraMode(header.get("era_mode", "auto"))
    except (ValueError, TypeError):
        era = EraMode.AUTO
    config = ClientConfig(
        era=era,
        legacy_version=str(header.get("legacy_version") or LATEST_LEGACY),
        modern_version=str(header.get("modern_version") or LATEST_MODERN),
    )
    kept = header.get("engine")
    if isinstance(kept, dict):
        if isinstance(kept.get("capabilities"), dict):
            config.capabilities = kept["capabilities"]
        if isinstance(kept.get("client_info"), dict):
            config.client_info = kept["client_info"]
        config.accept_unsupported_version = kept.get("accept_unsupported_version") is True
        if isinstance(kept.get("log_level"), str):
            config.log_level = kept["log_level"]
        config.observer = kept.get("observer") is True
    elif rec is not None:
        caps, info = _handshake_offer(rec)
        config.capabilities = caps
        if info is not None:
            config.client_info = info
    return config


def _engine_for(header: JsonObject, rec: Recording | None = None) -> ProtocolEngine:
    return ProtocolEngine(config_from_header(header, rec), transport=TransportKind.named(header.get("transport")))


def _retry_version(engine: ProtocolEngine, raw: bytes) -> None:
    """The session adopts the server's version after -32022 before it sends the retry
    (``Session.request``); the retry's ``_meta`` shows the version it adopted."""
    if engine.era is not Era.MODERN or engine.retry_version is None or engine.retry_version == engine.version:
        return
    obj: JsonValue = loads_lenient(raw)
    params = obj.get("params") if isinstance(obj, dict) else None
    meta = params.get("_meta") if isinstance(params, dict) else None
    if isinstance(meta, dict) and meta.get(META_PROTOCOL_VERSION) == engine.retry_version:
        engine.adopt_retry_version()


def _incoming(engine: ProtocolEngine, raw: bytes, t: float, seq: int) -> Analysis:
    try:
        return engine.incoming(raw, t, seq)
    except Exception as exc:  # as the session does: the fault is data
        return engine.failed_analysis(raw, exc)


def _notes(rec: Recording, i: int) -> tuple[str, ...]:
    notes = rec.extra_at(i).get("notes")
    return tuple(n for n in notes if isinstance(n, str)) if isinstance(notes, list) else ()


def reanalyse(rec: Recording) -> tuple[Recording, list[Change]]:
    """The recording judged again by this inspector's engine, and what changed."""
    engine = _engine_for(rec.header, rec)
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
            if engine.config.observer:  # a proxied session: the host wrote it
                a = engine.observe(raw, t, i)
            elif recorded.get("hand_written"):
                a = engine.hand_written(raw, t, i)
            else:
                _retry_version(engine, raw)
                a = engine.outgoing(raw, t, i)
        elif d is Direction.S2C:
            engine.arrival = recorded.get("http") if isinstance(recorded.get("http"), dict) else None
            dropped = recorded.get("dropped")
            a = engine.oversized(raw, int(dropped), len(raw)) if dropped else _incoming(engine, raw, t, i)
        elif d is Direction.STDERR or d is Direction.NOTE:
            dropped = recorded.get("dropped")
            kind = Kind.STDERR if d is Direction.STDERR else Kind.LINK_NOTE
            a = engine.oversized(raw, int(dropped), len(raw), kind) if dropped else engine.note(kind)
        else:
            event = recorded.get("event")
            if event == "timeout":
                never_read = recorded.get(
                    "never_read"
                )  # stdio: the start timeout ran out before the server read the request
                a = engine.timeout(
                    rec.id_at(i),
                    never_read=float(never_read)
                    if isinstance(never_read, (int, float)) and not isinstance(never_read, bool)
                    else None,
                )
            elif event == "spawn_failed":
                a = engine.spawn_failed(raw.decode("utf-8", "replace"))
            elif isinstance(event, str) and event in _LINK_EVENTS:
                info = recorded.get("http")
                a = engine.link_event(event, info if isinstance(info, dict) else None)
            else:
                a = engine.note()
                if event in _KEPT_EVENTS:
                    a.violations = rec.violations_at(i)
        out.append(d, t, raw, a, extra or None)
        before = (rec.violations_at(i), rec.schema_at(i), rec.state_at(i), _notes(rec, i))
        after = (out.violations_at(i), out.schema_at(i), out.state_at(i), _notes(out, i))
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
                    tuple(r for r in after[3] if r not in before[3]),
                    tuple(r for r in before[3] if r not in after[3]),
                )
            )
    out.summary = {**(rec.summary or {}), "state": out.state_at(len(out) - 1).value if len(out) else None}
    out.read_only = True
    return out, changes


__all__ = ["Change", "DERIVED", "config_from_header", "engine_header", "reanalyse"]
