"""The version in force as of each entry (session/version_in_force.py), asked of recordings made
by a real ProtocolEngine: the version it names for an entry's schema is the one the engine judged
that entry by when it was recorded, entry by entry, through every way a start exchange goes; and
a real session over pipes (the modern fixture refusing the first server/discover) agrees."""

from __future__ import annotations

import pytest
from recording_driver import Driver
from session_helpers import modern_fixture, options

from inspector.protocol.engine import ClientConfig, ProtocolEngine
from inspector.protocol.messages import dumps
from inspector.protocol.versions import EraMode
from inspector.session import Direction, Recording, Session
from inspector.session.reanalyse import engine_header
from inspector.session.version_in_force import VersionInForce, version_in_force
from inspector.session.views import NegotiationTracker


class Judged(Driver):
    """A Driver that notes, before each message, the version the engine judges it by."""

    def __init__(self, config: ClientConfig) -> None:
        super().__init__()
        self.engine = ProtocolEngine(config)
        self.rec = Recording(engine_header(config), t0=0.0)
        self.judged: dict[int, str] = {}

    def c2s(self, raw: bytes) -> int:
        version = self.engine.schema_version
        seq = super().c2s(raw)
        self.judged[seq] = version
        return seq

    def s2c(self, raw: bytes) -> int:
        version = self.engine.schema_version
        seq = super().s2c(raw)
        self.judged[seq] = version
        return seq

    def answer(self, id_: int, result: dict) -> int:
        return self.s2c(dumps({"jsonrpc": "2.0", "id": id_, "result": result}))

    def refuse(self, id_: int, code: int, data: dict | None = None) -> int:
        error = {"code": code, "message": "no"} | ({"data": data} if data is not None else {})
        return self.s2c(dumps({"jsonrpc": "2.0", "id": id_, "error": error}))

    def initialize(self, answered: str) -> tuple[int, int]:
        eng = self.engine
        id_ = eng.next_id()
        request = self.c2s(eng.build_initialize(id_))
        result = {
            "protocolVersion": answered,
            "capabilities": {"tools": {}},
            "serverInfo": {"name": "s", "version": "1"},
        }
        answer = self.answer(id_, result)
        self.c2s(eng.build_initialized())
        return request, answer

    def after_start(self) -> None:
        self.stderr(b"a line on stderr\n")
        self.request("tools/list")
        self.s2c(b'{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}\n')

    def check(self) -> VersionInForce:
        vif = VersionInForce(self.rec)
        assert self.judged, "no message was recorded"
        assert {seq: vif.schema(seq) for seq in self.judged} == self.judged
        return vif


def test_legacy_the_answer_is_judged_by_the_offer_and_later_entries_by_the_answer():
    d = Judged(ClientConfig(era=EraMode.LEGACY, legacy_version="2025-06-18"))
    d.stderr(b"starting\n")
    request, answer = d.initialize("2025-03-26")
    d.after_start()
    vif = d.check()
    assert vif.schema(0) == "2025-06-18"  # nothing negotiated yet: the configured version
    assert d.judged[answer] == "2025-06-18" and vif.schema(answer + 1) == "2025-03-26"
    assert [vif.negotiated(i) for i in (0, request, answer, len(d.rec) - 1)] == [None, None, "2025-03-26", "2025-03-26"]


def test_an_unsupported_answer_carried_on_with_is_negotiated_but_never_judges():
    d = Judged(ClientConfig(era=EraMode.LEGACY, legacy_version="2025-11-25", accept_unsupported_version=True))
    _request, answer = d.initialize("1999-01-01")
    d.after_start()
    vif = d.check()
    assert vif.negotiated(answer) == "1999-01-01"  # what the server said, as the status bar shows it
    assert vif.schema(len(d.rec) - 1) == "2025-11-25"  # the engine has no schema for it: the offer judges


def test_modern_a_refused_discover_and_its_retry():
    d = Judged(ClientConfig(era=EraMode.MODERN))
    eng = d.engine
    first = d.c2s(eng.build_discover(eng.next_id()))
    refused = d.refuse(1, -32022, {"supported": ["2026-07-28"], "requested": "2026-07-28"})
    assert eng.adopt_retry_version()  # the session asks again with a version the server listed
    retry = d.c2s(eng.build_discover(eng.next_id()))
    discovered = d.answer(2, {"supportedVersions": ["2026-07-28"], "capabilities": {"tools": {}}})
    d.after_start()
    vif = d.check()
    assert [vif.negotiated(i) for i in (first, refused, retry, discovered)] == [None, None, None, "2026-07-28"]


def test_auto_falls_back_from_a_refused_discover_to_initialize():
    d = Judged(ClientConfig(era=EraMode.AUTO, legacy_version="2025-06-18"))
    eng = d.engine
    d.c2s(eng.build_discover(eng.next_id()))
    refused = d.refuse(1, -32601)
    assert d.rec.era_as_of(refused) == "legacy"
    request, answer = d.initialize("2025-06-18")
    d.after_start()
    vif = d.check()
    assert vif.schema(request) == "2025-06-18" and vif.negotiated(answer) == "2025-06-18"
    assert vif.negotiated(refused) is None  # a refusal settles nothing


def test_the_summary_names_the_version_at_the_last_entry_only_and_never_judges():
    d = Judged(ClientConfig(era=EraMode.LEGACY, legacy_version="2025-06-18"))
    d.initialize("2025-06-18")
    d.after_start()
    last = len(d.rec) - 1
    d.rec.summary = {"protocol_version": "2025-03-26"}
    vif = d.check()
    assert vif.negotiated(last) == "2025-03-26" and vif.negotiated(last - 1) == "2025-06-18"


def test_a_recording_that_says_nothing_has_no_version_and_the_header_or_summary_fills_in():
    rec = Recording({}, t0=0.0)
    d = Driver()
    d.rec = rec
    seq = d.stderr(b"hello\n")
    vif = VersionInForce(rec)
    assert vif.schema(seq) is None and vif.negotiated(seq) is None
    rec.summary = {"protocol_version": "2025-11-25"}
    assert vif.schema(seq) == "2025-11-25"
    rec.header["modern_version"] = "2026-07-28"  # auto, era not known: the engine starts modern
    assert vif.schema(seq) == "2026-07-28"


def test_asked_per_row_it_decodes_the_start_exchange_once(monkeypatch):
    d = Judged(ClientConfig(era=EraMode.LEGACY))
    d.initialize("2025-11-25")
    for _ in range(300):
        d.request("ping")
    vif = version_in_force(d.rec)
    assert version_in_force(d.rec) is vif  # one per recording
    n = len(d.rec)
    answers = [vif.schema(i) for i in range(n)] + [vif.negotiated(i) for i in range(n)]
    assert answers.count("2025-11-25") == 2 * n - 1  # all but "settled by the initialize request"
    taken: list[int] = []
    take = NegotiationTracker.take
    monkeypatch.setattr(NegotiationTracker, "take", lambda self, i: taken.append(i) or take(self, i))
    assert [vif.schema(i) for i in range(n)] == answers[:n] and [vif.negotiated(i) for i in range(n)] == answers[n:]
    assert taken == []  # asked again, row by row: nothing decoded again
    more = d.request("ping")[0]  # the recording grows: the new entry is taken in when asked
    assert vif.schema(more) == vif.negotiated(more) == "2025-11-25"


@pytest.mark.anyio
async def test_a_real_modern_session_that_retried_discover():
    session = Session(options(modern_fixture("--reject-first-discover"), era=EraMode.MODERN))
    async with session:
        await session.start()
        reply = await session.request("tools/call", {"name": "add", "arguments": {"a": 1, "b": 2}})
        assert reply.ok
    rec = session.recording
    vif = VersionInForce(rec)
    messages = [i for i in range(len(rec)) if rec.direction_at(i) in (Direction.C2S, Direction.S2C)]
    discovers = [i for i in messages if rec.method_at(i) == "server/discover"]
    assert len(discovers) == 4  # asked, refused, asked again, answered
    assert [vif.negotiated(i) for i in discovers] == [None, None, None, "2026-07-28"]
    assert {vif.schema(i) for i in messages} == {"2026-07-28"}
    assert vif.negotiated(len(rec) - 1) == rec.summary["protocol_version"] == session.negotiation().version
