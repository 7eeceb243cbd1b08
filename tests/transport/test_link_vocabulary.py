"""The neutral link vocabulary (issue 23): the session knows a link only through what the
Transport protocol declares, so it names no concrete transport and branches on no transport name."""

from __future__ import annotations

import ast
import signal
from dataclasses import dataclass
from pathlib import Path

import anyio
import pytest
from toy_transport import scripted_server

from inspector.protocol import lifecycle, links
from inspector.protocol.engine import ClientConfig, ProtocolEngine
from inspector.protocol.messages import Kind
from inspector.protocol.versions import EraMode
from inspector.session import Session, SessionOptions, recording
from inspector.session.profiles import ServerProfile
from inspector.session.recording import Direction, Recording
from inspector.transport import MemorySpec, MemoryTransport, base, memory_pair, open_transport
from inspector.transport.base import (
    MASK,
    AutoHttpSpec,
    HttpSpec,
    LinkEvent,
    LinkEventKind,
    PipeMessages,
    ProcessEvent,
    SseSpec,
    StdioSpec,
    StreamableHttpSpec,
    Transport,
    TransportKind,
    describe_exit,
    register_transport,
    registered_transport,
)
from inspector.transport.http import AutoHttpTransport, SseTransport, StreamableHttpTransport
from inspector.transport.stdio import StdioTransport

SESSION_DIR = Path(__file__).resolve().parents[2] / "inspector" / "session"
#: the modules that run a session (session.py and the rooms it was split into)
SESSION = [
    SESSION_DIR / f"{name}.py" for name in ("session", "core", "calls", "shutdown", "start_sequence", "step_mode")
]
#: what the Transport protocol declares as data (the methods are checked by name below)
TRAITS = ("kind", "main_channel", "line_messages", "short_probe", "mirrors_headers")


def test_kinds_keep_the_names_recordings_and_profiles_use() -> None:
    assert [k.value for k in TransportKind] == ["stdio", "streamable-http", "sse", "http-auto", "sse-fallback"]
    assert TransportKind("http-auto") is TransportKind.HTTP_AUTO and TransportKind.SSE == "sse"
    assert StdioSpec(["x"]).describe()["transport"] == "stdio"
    assert type(StdioSpec(["x"]).describe()["transport"]) is str  # a header holds plain JSON strings
    specs = (StreamableHttpSpec("http://h/"), SseSpec("http://h/"), AutoHttpSpec("http://h/"))
    assert [s.kind for s in specs] == [TransportKind.STREAMABLE_HTTP, TransportKind.SSE, TransportKind.HTTP_AUTO]
    assert [k.is_http for k in TransportKind] == [False, True, True, True, True]


def test_one_vocabulary_from_the_protocol_up() -> None:
    """The enum is the protocol's (sans-IO); the transports, the session and the lifecycle tables
    name the same one, and what each means on the wire is said by the enum."""
    assert TransportKind is links.TransportKind is base.TransportKind is recording.TransportKind
    assert lifecycle.TRANSPORTS == tuple(TransportKind)
    assert [k.wire for k in TransportKind] == [
        TransportKind.STDIO,
        TransportKind.STREAMABLE_HTTP,
        TransportKind.SSE,
        TransportKind.STREAMABLE_HTTP,  # auto starts as Streamable HTTP
        TransportKind.SSE,  # and falls back to HTTP+SSE
    ]
    assert [k.falls_back for k in TransportKind] == [False, False, False, True, True]
    assert TransportKind.named("sse") is TransportKind.SSE
    assert TransportKind.named("websocket") is TransportKind.STDIO  # a header naming none known
    assert TransportKind.named(None, TransportKind.HTTP_AUTO) is TransportKind.HTTP_AUTO
    engine = ProtocolEngine(transport=TransportKind.named("http-auto"))
    assert engine.transport is TransportKind.HTTP_AUTO and engine.lifecycle.transport is TransportKind.HTTP_AUTO
    assert ProtocolEngine(transport="sse").transport is TransportKind.SSE  # a plain name still reads
    assert SseSpec("http://h/").judged_as is TransportKind.SSE and StdioSpec(["x"]).judged_as is TransportKind.STDIO


@pytest.mark.parametrize(
    ("transport", "kind", "channel", "lines", "short", "headers"),
    [
        (StdioTransport(StdioSpec(["x"])), "stdio", "stdout", True, True, False),
        (memory_pair()[0], "stdio", "stdout", True, True, False),
        (
            StreamableHttpTransport(StreamableHttpSpec("http://127.0.0.1:9/")),
            "streamable-http",
            "messages",
            False,
            False,
            True,
        ),
        (SseTransport(SseSpec("http://127.0.0.1:9/")), "sse", "messages", False, False, False),
        (AutoHttpTransport(AutoHttpSpec("http://127.0.0.1:9/")), "http-auto", "messages", False, False, True),
    ],
    ids=["stdio", "memory", "streamable-http", "sse", "http-auto"],
)
def test_every_transport_declares_what_the_session_asks(
    transport: Transport, kind: str, channel: str, lines: bool, short: bool, headers: bool
) -> None:
    assert (
        transport.kind,
        transport.main_channel,
        transport.line_messages,
        transport.short_probe,
        transport.mirrors_headers,
    ) == (
        kind,
        channel,
        lines,
        short,
        headers,
    )
    assert transport.exit_info is None and list(transport.unread) == []  # nothing has run yet
    declared = {n for n in vars(Transport) if not n.startswith("_")} | set(Transport.__annotations__)
    assert set(TRAITS) <= declared
    missing = [n for n in declared if not hasattr(transport, n)]
    assert missing == []


def test_exit_described_in_one_place() -> None:
    assert describe_exit(3, None) == "exited with code 3"
    assert describe_exit(None, signal.SIGTERM) == "killed by signal 15 (SIGTERM)"
    assert describe_exit(None, 200) == "killed by signal 200 (signal 200)"
    assert describe_exit(None, None) == "exit status unknown"


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.mark.anyio
async def test_a_pipe_exchange_is_done_when_sent() -> None:
    with anyio.fail_after(1):  # at once, not after the 10 s it may wait: a line is written whole by send
        await PipeMessages().exchange_done(1, 10.0)


def test_the_session_opens_its_link_through_the_registry_only() -> None:
    modules = {
        n.module
        for path in SESSION
        for n in ast.walk(ast.parse(path.read_text()))
        if isinstance(n, ast.ImportFrom) and n.module and n.module.startswith("inspector.transport")
    }
    assert modules == {"inspector.transport", "inspector.transport.base"}


@pytest.mark.parametrize("path", SESSION, ids=lambda p: p.stem)
def test_the_session_names_no_concrete_transport_and_no_transport_name(path: Path) -> None:
    tree = ast.parse(path.read_text())
    modules = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
    assert {m for m in modules if m.startswith("inspector.transport")} <= {
        "inspector.transport",
        "inspector.transport.base",
    }
    imported = {
        a.name
        for n in ast.walk(tree)
        if isinstance(n, ast.ImportFrom) and n.module == "inspector.transport.base"
        for a in n.names
    }
    concrete = {
        "StdioTransport",
        "StreamableHttpTransport",
        "SseTransport",
        "AutoHttpTransport",
        "MemoryTransport",
        "TransportKind",
    }
    assert imported & concrete == set()
    names = {k.value for k in TransportKind}
    literals = [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and n.value in names]
    assert literals == []
    kinds = [
        ast.unparse(n)
        for n in ast.walk(tree)
        if isinstance(n, ast.Attribute) and n.attr == "kind" and "transport" in ast.unparse(n.value)
    ]
    assert kinds == []  # the engine gets the spec's judged_as: the tables whose rules apply


@pytest.mark.anyio
async def test_http_reports_link_events_without_pid_or_exit_status() -> None:
    """A URL nobody listens at (a port just closed on 127.0.0.1): the link opens and fails, as
    link events; nothing pretends to be a process."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    transport = StreamableHttpTransport(StreamableHttpSpec(f"http://127.0.0.1:{port}/mcp"))
    events = []
    with anyio.fail_after(20):
        async with transport:
            await transport.send(b'{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}', 1)
            async for ev in transport.events():
                events.append(ev)
    assert not [e for e in events if isinstance(e, ProcessEvent)]
    link_events = [e for e in events if isinstance(e, LinkEvent)]
    assert link_events[0].kind is LinkEventKind.CONNECTED and link_events[-1].kind is LinkEventKind.DISCONNECTED
    assert link_events[-1].info == {"unreachable": True} and not hasattr(link_events[-1], "pid")
    assert transport.exit_info is not None and transport.exit_info.returncode is None


def test_one_http_spec_with_a_mode() -> None:
    plain = HttpSpec("http://h/mcp", {"A": "1"}, {"Authorization": "Bearer s3cret"})
    assert plain.mode is TransportKind.HTTP_AUTO and plain.kind is TransportKind.HTTP_AUTO
    assert HttpSpec("http://h/", mode="sse").mode is TransportKind.SSE  # a saved name reads as the kind
    assert plain.describe() == {
        "transport": "http-auto",
        "url": "http://h/mcp",
        "headers": {"A": "1", "Authorization": MASK},
        "verify_tls": True,
    }
    assert type(plain.describe()["transport"]) is str
    with pytest.raises(ValueError, match="not an HTTP transport"):
        HttpSpec("http://h/", mode=TransportKind.STDIO)
    with pytest.raises(ValueError):
        HttpSpec("http://h/", mode="carrier-pigeon")
    # the shorthands make that one dataclass
    assert SseSpec("http://h/", verify_tls=False) == HttpSpec("http://h/", verify_tls=False, mode=TransportKind.SSE)
    assert type(StreamableHttpSpec("http://h/")) is HttpSpec and type(AutoHttpSpec("http://h/")) is HttpSpec


@pytest.mark.parametrize(
    ("saved", "detected", "mode", "transport"),
    [
        ("streamable-http", None, "streamable-http", StreamableHttpTransport),
        ("sse", None, "sse", SseTransport),
        ("http-auto", None, "http-auto", AutoHttpTransport),
        ("http-auto", "sse", "sse", SseTransport),  # auto remembers what it found out last time
        ("http-auto", "streamable-http", "http-auto", AutoHttpTransport),
    ],
)
def test_a_saved_http_server_builds_its_spec_and_transport(
    saved: str, detected: str | None, mode: str, transport: type
) -> None:
    profile = ServerProfile(
        name="s", command="", transport=saved, url=" http://127.0.0.1:9/mcp ", detected_transport=detected or ""
    )
    spec = profile.to_spec()
    assert isinstance(spec, HttpSpec) and spec.mode == mode and spec.url == "http://127.0.0.1:9/mcp"
    assert type(open_transport(spec, clock=lambda: 0.0, max_line=1024)) is transport


@pytest.mark.anyio
async def test_a_transport_is_one_module_and_one_registration(tmp_path: Path) -> None:
    """The in-memory transport is made like any other: its module registered a factory for its
    spec's kind, and a session opened on a MemorySpec runs the spec's script as the peer."""
    assert registered_transport("memory") is not None and registered_transport("carrier-pigeon") is None
    with pytest.raises(ValueError, match="registered already"):
        register_transport("memory", lambda spec, options: memory_pair()[0])
    spec = MemorySpec(scripted_server("mem"))
    assert type(open_transport(spec, clock=lambda: 0.0, max_line=1024)) is MemoryTransport
    options = SessionOptions(transport=spec, config=ClientConfig(era=EraMode.LEGACY), record_path=tmp_path / "m.jsonl")
    with anyio.fail_after(20):
        async with Session(options) as session:
            await session.start()
            tools = await session.request("tools/list")
    assert [t["name"] for t in tools.result["tools"]] == ["echo"]
    rec = Recording.load(tmp_path / "m.jsonl")
    assert rec.header["transport"] == "stdio" and rec.header["peer"] == "in-memory"
    stderr = [rec.raw_at(i) for i in range(len(rec)) if rec.direction_at(i) is Direction.STDERR]
    assert stderr == [b"answered initialize\n", b"answered tools/list\n"]
    assert session.exit_info is not None and session.exit_info.escalation == "stdin"


def test_a_spec_of_no_registered_kind_is_refused() -> None:
    @dataclass(frozen=True)
    class PigeonSpec:
        kind = "carrier-pigeon"
        judged_as = TransportKind.STDIO

        def describe(self) -> dict:
            return {"transport": self.kind}

    with pytest.raises(TypeError, match="no transport is registered for 'carrier-pigeon'"):
        open_transport(PigeonSpec(), clock=lambda: 0.0, max_line=1024)


def test_a_link_s_events_are_of_kind_link_and_a_process_s_of_kind_process() -> None:
    """The engine analyses the events of a link with no process of ours (HTTP) as Kind.LINK, in
    every step that moves the lifecycle too, and a process's (stdio, the in-memory link) as
    Kind.PROCESS; a link's side line is Kind.LINK_NOTE, also when it is cut at the limit."""
    for transport, kind in (
        (TransportKind.STDIO, Kind.PROCESS),
        (TransportKind.STREAMABLE_HTTP, Kind.LINK),
        (TransportKind.SSE, Kind.LINK),
        (TransportKind.HTTP_AUTO, Kind.LINK),
    ):
        engine = ProtocolEngine(ClientConfig(era=EraMode.LEGACY), transport=transport)
        assert engine.event_kind is kind
        for name in ("connected", "http_exchange", "session_closing", "disconnected"):
            assert engine.link_event(name, {}).kind is kind, (transport, name)
    http = ProtocolEngine(ClientConfig(era=EraMode.LEGACY), transport=TransportKind.STREAMABLE_HTTP)
    cut = http.oversized(b"<html>", 10_000, 6, Kind.LINK_NOTE)
    assert cut.kind is Kind.LINK_NOTE and cut.violations == ("http.body-too-long",)
