"""Re-analysis never contradicts the live session (issue 21, point 2), on real sessions.

The reference server sends ``roots/list`` about 350 ms after ``initialized`` when the client
declared roots; re-analysis once rebuilt the engine without the client's capabilities and flagged
every one of them ``capability.client-undeclared``. Here the recordings of the reference server
(both eras' start sequences), the SDK (legacy, modern, auto; stdio and Streamable HTTP), every
mode of the misbehaving stdio fixture and of the HTTP fixture, and sessions that depend on an
option (``accept_unsupported_version``) are re-analysed from their files: no entry may be judged
differently. Every other session of the suite gets the same check after its test
(tests/reanalysis_check.py).
"""

from __future__ import annotations

import sys

import anyio
import orjson
import pytest
from peers import FIXTURES, HttpPeer, free_port, http_misbehave, reference_server, sdk_http_server, sdk_server
from session_helpers import misbehave, options, wait_for

from inspector.protocol.engine import ClientConfig
from inspector.protocol.versions import EraMode
from inspector.session import ClientHandlers, Direction, Recording, Session, SessionOptions
from inspector.session.reanalyse import config_from_header, reanalyse
from inspector.transport.base import AutoHttpSpec, StreamableHttpSpec

pytestmark = [pytest.mark.anyio, pytest.mark.peer]
ROOTS = {"roots": {"listChanged": True}}


def rewrite_header(path, change, folder) -> Recording:
    """A copy of the file at ``path`` in ``folder`` (not the test's tmp_path, whose recordings
    the suite-wide check re-analyses) with its header passed through ``change``."""
    lines = path.read_bytes().splitlines()
    header = orjson.loads(lines[0])
    change(header)
    copy = folder / path.name
    copy.write_bytes(b"\n".join([orjson.dumps(header), *lines[1:]]) + b"\n")
    return Recording.load(copy)


async def run(session: Session, *requests: str, raw: tuple[str, ...] = ()) -> None:
    """Start, send what is asked (a failure is part of the recording), shut down."""
    async with session:
        try:
            await session.start()
        except Exception:  # noqa: BLE001 - a start that fails is recorded too
            return
        for method in requests:
            try:
                await session.request(method)
            except Exception:  # noqa: BLE001
                pass
        for text in raw:
            try:
                await session.send_text(text, wait=1.0)
            except Exception:  # noqa: BLE001
                pass


@pytest.mark.parametrize("era", [EraMode.LEGACY, EraMode.AUTO])
async def test_the_reference_servers_roots_list_is_judged_as_it_was_live(era, tmp_path, tmp_path_factory):
    path = tmp_path / "ref.jsonl"
    opts = options(reference_server(), era=era, capabilities=ROOTS, record_path=path)
    session = Session(opts, handlers=ClientHandlers(roots=[{"uri": "file:///tmp", "name": "tmp"}]))
    rec = session.recording
    async with session:
        await session.start()
        asked = await wait_for(
            lambda: [
                i for i in range(len(rec)) if rec.direction_at(i) is Direction.S2C and rec.method_at(i) == "roots/list"
            ],
            what="the server's roots/list",
        )
        await wait_for(
            lambda: any(rec.direction_at(i) is Direction.C2S and rec.paired_at(i) == asked[0] for i in range(len(rec))),
            what="the client's answer",
        )
    (seq,) = asked
    assert "capability.client-undeclared" not in rec.violations_at(seq)
    loaded = Recording.load(path)
    assert loaded.header["engine"]["capabilities"] == ROOTS
    again, changes = reanalyse(loaded)
    assert changes == []
    assert again.violations_at(seq) == loaded.violations_at(seq)

    # a recording from before the header kept the client's configuration: read from initialize
    edited = tmp_path_factory.mktemp("edited")
    older = rewrite_header(path, lambda h: h.pop("engine"), edited)
    assert "roots" in config_from_header(older.header, older).capabilities
    assert reanalyse(older)[1] == []

    # the check can fail: an engine that does not know the client declared roots flags it
    blind = rewrite_header(path, lambda h: h.update(engine={"capabilities": {}}), tmp_path_factory.mktemp("edited"))
    (change,) = reanalyse(blind)[1]
    assert change.seq == seq and change.added == ("capability.client-undeclared",)


@pytest.mark.malformed_c2s  # the client carries on in a version it does not support, as told
async def test_an_accepted_unsupported_version_is_accepted_again(tmp_path, tmp_path_factory):
    path = tmp_path / "bad.jsonl"
    opts = options(misbehave("bad-version"), record_path=path, stdin_grace=0.5, term_grace=0.5)
    opts.config.accept_unsupported_version = True
    session = Session(opts)
    await run(session, "tools/list")
    assert session.recording.summary["state"] == "terminated" and session.engine.outcome is None
    loaded = Recording.load(path)
    assert loaded.header["engine"]["accept_unsupported_version"] is True
    assert reanalyse(loaded)[1] == []
    forgot = rewrite_header(
        path, lambda h: h["engine"].update(accept_unsupported_version=False), tmp_path_factory.mktemp("edited")
    )
    changes = reanalyse(forgot)[1]  # the option decides the verdict: without it the start fails there
    answer = next(
        i for i in range(len(loaded)) if loaded.direction_at(i) is Direction.S2C and loaded.method_at(i) == "initialize"
    )
    assert (
        changes
        and changes[0].seq == answer
        and changes[0].state_before == "initialized"
        and changes[0].state_after != "initialized"
    )


SDK = [
    ("stdio", EraMode.LEGACY),
    ("stdio", EraMode.MODERN),
    ("stdio", EraMode.AUTO),
    ("http", EraMode.LEGACY),
    ("http", EraMode.MODERN),
    ("http", EraMode.AUTO),
]


@pytest.mark.parametrize("where,era", SDK, ids=[f"{w}-{e.value}" for w, e in SDK])
async def test_sdk_sessions_are_judged_the_same_again(where, era, tmp_path):
    path = tmp_path / "sdk.jsonl"
    raw = (
        '{"jsonrpc":"2.0","id":"hand","method":"tools/list"}',
        "not json",
        '{"jsonrpc":"1.0","id":"h2","method":"ping"}',
    )
    config = ClientConfig(era=era, capabilities={"roots": {}, "sampling": {}, "elicitation": {"form": {}}})
    if where == "stdio":
        await run(
            Session(options(sdk_server(), era=era, capabilities=config.capabilities, record_path=path)),
            "tools/list",
            "prompts/list",
            raw=raw,
        )
    else:
        port = free_port()
        with HttpPeer(sdk_http_server(port), port) as peer:
            spec = AutoHttpSpec(peer.url) if era is EraMode.AUTO else StreamableHttpSpec(peer.url)
            await run(
                Session(
                    SessionOptions(
                        transport=spec, config=config, connect_timeout=20.0, request_timeout=5.0, record_path=path
                    )
                ),
                "tools/list",
                "prompts/list",
                raw=raw,
            )
    loaded = Recording.load(path)
    assert len(loaded) > 6
    assert reanalyse(loaded)[1] == []


#: Modes of misbehave.py that need more than a short session (a flood, a 16 MiB line, an
#: endless line, a long start, a progress loop) are left to their own tests.
SLOW_MODES = {"flood", "huge-line", "endless-line", "slow-start", "slow-tool"}


def fixture_modes() -> list[str]:
    sys.path.insert(0, str(FIXTURES))
    try:
        import misbehave as fixture
    finally:
        sys.path.remove(str(FIXTURES))
    return sorted(set(fixture.MODES) - SLOW_MODES)


async def test_every_mode_of_the_misbehaving_stdio_fixture_is_judged_the_same_again(tmp_path):
    modes = fixture_modes()
    assert len(modes) >= 20
    limiter = anyio.CapacityLimiter(4)
    flagged: dict[str, int] = {}
    differing: dict[str, list] = {}

    async def one(mode: str, era: EraMode) -> None:
        async with limiter:
            path = tmp_path / f"{mode}-{era.value}.jsonl"
            opts = options(
                misbehave(mode),
                era=era,
                capabilities=ROOTS,
                record_path=path,
                stdin_grace=0.3,
                term_grace=0.3,
                connect_timeout=3.0,
                request_timeout=1.5,
            )
            opts.probe_timeout = 1.0
            await run(
                Session(opts, handlers=ClientHandlers(roots=[{"uri": "file:///tmp", "name": "tmp"}])),
                "tools/list",
                "ping",
                raw=("not json",),
            )
            loaded = Recording.load(path)
            flagged[f"{mode}/{era.value}"] = sum(
                1 for i in range(len(loaded)) if loaded.violations_at(i) or loaded.schema_at(i) is False
            )
            changes = reanalyse(loaded)[1]
            if changes:
                differing[f"{mode}/{era.value}"] = changes

    async with anyio.create_task_group() as tg:
        for mode in modes:
            for era in (EraMode.LEGACY, EraMode.AUTO):
                tg.start_soon(one, mode, era)
    assert differing == {}
    assert len(flagged) == 2 * len(modes)
    assert sum(1 for n in flagged.values() if n) >= len(modes)  # the misbehaviour was there to judge


HTTP_MODES = [
    "good",
    "post-500",
    "wrong-content-type",
    "sse-not-json",
    "accepted-with-body",
    "expire",
    "change-session",
    "drop-get",
    "modern-400",
    "bad-session-id",
    "priming",
    "sse-foreign-endpoint",
    "unauthorized",
    "post-405",
    "drop-post",
    "answer-on-get",
    "modern-request",
    "redirect-307",
    "redirect-tools",
    "reset-init",
    "bad-chunked-init",
    "reset-sse",
    "gzip-sse",
]


async def test_every_mode_of_the_http_fixture_is_judged_the_same_again(tmp_path):
    limiter = anyio.CapacityLimiter(4)
    differing: dict[str, list] = {}
    done: list[str] = []

    async def one(mode: str) -> None:
        async with limiter:
            port = free_port()
            path = tmp_path / f"{mode}.jsonl"
            with HttpPeer(http_misbehave(port, mode), port) as peer:
                opts = SessionOptions(
                    transport=AutoHttpSpec(peer.url),
                    config=ClientConfig(era=EraMode.AUTO),
                    connect_timeout=3.0,
                    request_timeout=1.5,
                    probe_timeout=1.0,
                    record_path=path,
                )
                await run(Session(opts), "tools/list", raw=("not json",))
            changes = reanalyse(Recording.load(path))[1]
            if changes:
                differing[mode] = changes
            done.append(mode)

    async with anyio.create_task_group() as tg:
        for mode in HTTP_MODES:
            tg.start_soon(one, mode)
    assert differing == {}
    assert sorted(done) == sorted(HTTP_MODES)
