"""A transport a user picks is one module plus one registration (issue 23): the saved servers, the
probe's ``--transport`` and its summary read the registered :class:`TransportChoice` records and
list no transport by hand. The toy transport (tests/toy_transport.py, registered in one call) is
checked to be accepted by every one of them and to carry a session; the built-in choices keep
what they did."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import anyio
import pytest
from toy_transport import KIND, LABEL, OPTION, ToySpec, registered

from inspector import cli
from inspector.session import Session
from inspector.session.profiles import ServerProfile, split_problem
from inspector.session.recording import Direction, Recording
from inspector.transport import MemoryTransport, open_transport
from inspector.transport.base import (
    HttpSpec,
    Needs,
    StdioSpec,
    TransportChoice,
    TransportKind,
    Where,
    first_choice,
    register_choice,
    transport_choice,
    transport_choices,
)

ROOT = Path(__file__).resolve().parents[2]
BUILT_IN = [TransportKind.STDIO, TransportKind.HTTP_AUTO, TransportKind.STREAMABLE_HTTP, TransportKind.SSE]


def test_the_built_in_choices_in_the_editors_order() -> None:
    assert [c.name for c in transport_choices()] == BUILT_IN
    assert [c.option for c in transport_choices()] == ["stdio", "auto", "streamable-http", "sse"]
    assert [c.needs for c in transport_choices()] == [Needs.COMMAND, Needs.URL, Needs.URL, Needs.URL]
    assert first_choice(Needs.COMMAND).name is TransportKind.STDIO
    assert first_choice(Needs.URL).name is TransportKind.HTTP_AUTO
    assert transport_choice("websocket") is None
    shorts = [c.short_label for c in transport_choices()]  # the import dialog's column
    assert shorts == ["stdio (a command)", "HTTP, auto", "Streamable HTTP", "HTTP+SSE"]


def test_stdio_registers_its_own_choice_and_the_http_choices_are_light() -> None:
    """stdio's module registers its factory and its choice in one call; the HTTP choices come from
    a module without httpx (the HTTP module is imported only for a session), so every consumer sees
    all four without a session opened."""
    stdio = transport_choice(TransportKind.STDIO)
    assert stdio is not None and stdio.spec.__module__ == "inspector.transport.stdio"
    base = ast.parse((ROOT / "inspector/transport/base.py").read_text())
    assert [n for n in base.body if isinstance(n, ast.Expr) and isinstance(n.value, ast.Call)] == []  # none in base
    for kind in BUILT_IN[1:]:
        choice = transport_choice(kind)
        assert choice is not None and choice.spec.__module__ == "inspector.transport.http_choices"
    code = (
        "import sys; from inspector.transport.base import transport_choices;"
        "print(len(transport_choices()), 'httpx' in sys.modules, 'inspector.transport.http' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT).stdout
    assert out.split() == ["4", "False", "False"]


def test_each_built_in_choice_makes_its_spec_from_where_the_server_is() -> None:
    where = Where(
        argv=["node", "s.js", "--token", "t0k3n"],
        shown_argv=["node", "s.js", "--token", "••••••"],
        env={"A": "1"},
        inherit_env=False,
        cwd="/tmp",
        url="http://127.0.0.1:9/mcp",
        headers={"X-Trace": "1"},
        secret_headers={"Authorization": "Bearer x"},
        verify_tls=False,
    )
    stdio = transport_choice("stdio")
    assert stdio is not None
    assert stdio.spec(where) == StdioSpec(
        ["node", "s.js", "--token", "t0k3n"], {"A": "1"}, False, "/tmp", ["node", "s.js", "--token", "••••••"]
    )
    for kind in BUILT_IN[1:]:
        choice = transport_choice(kind)
        assert choice is not None and choice.is_link
        assert choice.spec(where) == HttpSpec(
            "http://127.0.0.1:9/mcp", {"X-Trace": "1"}, {"Authorization": "Bearer x"}, False, kind
        )
    auto = transport_choice("http-auto")
    assert auto is not None
    assert auto.spec(Where(url="http://h/", found="sse")) == HttpSpec("http://h/", mode=TransportKind.SSE)
    assert auto.spec(Where(url="http://h/", found="streamable-http")) == HttpSpec("http://h/")


def test_a_choice_cannot_take_a_name_or_a_word_that_is_taken() -> None:
    with pytest.raises(ValueError, match="--transport auto is 'http-auto' already"):
        register_choice(TransportChoice("other-http", "Other", Needs.URL, lambda where: HttpSpec(where.url), "auto"))
    with pytest.raises(ValueError, match="a transport choice 'sse' is registered already"):
        register_choice(TransportChoice(TransportKind.SSE, "Other", Needs.URL, lambda where: HttpSpec(where.url), "x"))
    assert [c.name for c in transport_choices()] == BUILT_IN


def test_a_saved_server_checks_the_fields_its_transport_needs() -> None:
    assert set(ServerProfile("s", "", transport="stdio").problems()) == {"command"}
    assert set(ServerProfile("s", "", transport="sse").problems()) == {"url"}
    assert set(ServerProfile("s", "node", transport="sse", url="http://h/").problems()) == set()
    unknown = ServerProfile("s", "node", transport="websocket")
    assert unknown.problems()["transport"].code == "transport-unknown"
    with pytest.raises(ValueError, match="Unknown transport 'websocket'"):
        unknown.to_spec()


def test_the_toy_is_picked_by_a_saved_server_and_carries_a_session(tmp_path: Path) -> None:
    """One registration: a saved server naming the toy checks the toy's fields, makes the toy's
    spec from them, and a session runs over it (the memory link) with the toy server answering."""
    assert transport_choice(KIND) is None
    with registered() as choice:
        assert transport_choices()[-1] is choice and transport_choice(KIND) is choice
        assert choice.label == LABEL and not choice.is_link
        profile = ServerProfile("toy", "", transport=KIND, era="legacy")
        assert set(profile.problems()) == {"command"}  # it needs a command, as stdio does
        profile.command = "bees"
        assert profile.problems() == {}
        spec = profile.to_spec()
        assert isinstance(spec, ToySpec) and spec.kind == KIND and spec.name == "bees"
        assert type(open_transport(spec, clock=lambda: 0.0, max_line=1024)) is MemoryTransport
        options = profile.to_options(record_path=tmp_path / "toy.jsonl")

        async def run() -> list[str]:
            with anyio.fail_after(20):
                async with Session(options) as session:
                    await session.start()
                    tools = await session.request("tools/list")
                    assert session.negotiation().server_info == {"name": "bees", "version": "1"}
            return [t["name"] for t in tools.result["tools"]]

        assert anyio.run(run) == ["echo"]
    assert transport_choice(KIND) is None and [c.name for c in transport_choices()] == BUILT_IN
    rec = Recording.load(tmp_path / "toy.jsonl")
    assert rec.header["transport"] == "stdio" and rec.header["peer"] == "in-memory"  # judged as stdio
    stderr = [rec.raw_at(i) for i in range(len(rec)) if rec.direction_at(i) is Direction.STDERR]
    assert stderr == [b"answered initialize\n", b"answered tools/list\n"]


def test_the_probe_takes_the_toy_by_its_word(capsys: pytest.CaptureFixture[str]) -> None:
    """``probe --transport toy -- bees``: the option's choices come from the registrations, the
    toy needs a command as stdio does, and the probe runs a session over it to a clean exit."""
    with pytest.raises(SystemExit):
        cli.build_parser().parse_args(["probe", "--transport", OPTION, "--", "bees"])
    assert "invalid choice: 'toy'" in capsys.readouterr().err
    with registered():
        with pytest.raises(SystemExit):
            cli.main(["probe", "--help"])
        assert f"{OPTION} ({LABEL})" in " ".join(capsys.readouterr().out.split())
        code = cli.main(["probe", "--transport", OPTION, "--era", "legacy", "--request", "tools/list", "--", "bees"])
        out = capsys.readouterr().out
        assert code == cli.EXIT_OK, out
        assert "server            bees 1" in out and '"echo"' in out
        assert "process           exit code 0 (it exited when stdin closed)" in out  # no HTTP connection words
        args = cli.build_parser().parse_args(["probe", "--transport", OPTION, "--url", "http://h/"])
        with pytest.raises(cli.UsageError, match="--transport toy goes with a command after --"):
            cli.options_from_args(args)


@pytest.mark.parametrize(
    ("argv", "transport"),
    [
        (["--", "node", "s.js"], TransportKind.STDIO),
        (["--transport", "stdio", "--", "node", "s.js"], TransportKind.STDIO),
        (["--url", "http://h/"], TransportKind.HTTP_AUTO),
        (["--transport", "auto", "--url", "http://h/"], TransportKind.HTTP_AUTO),
        (["--transport", "streamable-http", "--url", "http://h/"], TransportKind.STREAMABLE_HTTP),
        (["--transport", "sse", "--url", "http://h/"], TransportKind.SSE),
    ],
)
def test_the_probe_picks_a_built_in_transport(argv: list[str], transport: TransportKind) -> None:
    options = cli.options_from_args(cli.build_parser().parse_args(["probe", *argv]))
    assert options.transport.kind == transport


@pytest.mark.parametrize(
    ("argv", "error"),
    [
        (["--transport", "sse", "--", "node"], "--transport sse goes with --url"),
        (["--transport", "stdio", "--url", "http://h/"], "--transport stdio goes with a command after --"),
        (
            ["--transport", "sse", "--config", "x.json"],
            "give no command after --, no --demo, no --url and no --transport",
        ),
    ],
)
def test_the_probe_refuses_a_transport_without_what_it_needs(argv: list[str], error: str) -> None:
    with pytest.raises(cli.UsageError, match=error):
        cli.options_from_args(cli.build_parser().parse_args(["probe", *argv]))


def test_no_front_end_lists_the_transports_a_user_picks() -> None:
    """The profiles, the server editor, the import dialog and the probe name no HTTP transport: what they offer and
    how they branch comes from the registrations. The editor's one exception words what HTTP
    auto found out last time (its own feature, not a list of transports)."""
    for path in (
        "inspector/session/profiles.py",
        "inspector/ui/connection.py",
        "inspector/ui/import_dialog.py",
        "inspector/cli_args.py",
        "inspector/cli.py",
    ):
        tree = ast.parse((ROOT / path).read_text())
        allowed = {
            id(node)
            for function in ast.walk(tree)
            if isinstance(function, ast.FunctionDef) and function.name == "_update_detected"
            for node in ast.walk(function)
        }
        named = [
            f"{path}:{node.lineno}"
            for node in ast.walk(tree)
            if isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "TransportKind"
            and node.attr in ("STREAMABLE_HTTP", "SSE", "HTTP_AUTO")
            and id(node) not in allowed
        ]
        assert named == []


def test_a_saved_server_takes_its_command_line_and_where_it_is_reached() -> None:
    """What the server editor hands the saved server: one command line split as a shell would
    (one that cannot be split leaves no command, and says why), and the transport and URL, which
    forget what auto found out once either changes."""
    profile = ServerProfile("s", "")
    profile.set_command_line("node 'my server.js' --port 3")
    assert profile.argv == ["node", "my server.js", "--port", "3"]
    assert split_problem("node 'open") == "No closing quotation" and split_problem("node s.js") is None
    profile.set_command_line("node 'open")
    assert (profile.command, profile.args) == ("", [])
    profile.reach_at("http-auto", "http://h/mcp")
    profile.detected_transport = "sse"
    profile.reach_at("http-auto", "http://h/mcp")
    assert profile.detected_transport == "sse"  # nothing changed: Connect still goes straight to HTTP+SSE
    profile.reach_at("http-auto", "http://other/mcp")
    assert (profile.transport, profile.url, profile.detected_transport) == ("http-auto", "http://other/mcp", "")
    profile.detected_transport = "sse"
    profile.reach_at("streamable-http", "http://other/mcp")
    assert profile.detected_transport == ""
