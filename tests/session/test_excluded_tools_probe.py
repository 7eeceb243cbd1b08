"""probe --request tools/call of an excluded tool (issue 21, point 8), on the wire.

The modern fixture (``--header-tools``, stdio, 2026-07-28) lists one tool per broken
``x-mcp-header`` rule. A ``--request tools/call`` of any of them is refused: nothing is sent,
the recording says why (a note naming the rule broken), the probe exits 2 and goes on with the
other requests. The tool list is fetched first when the tool was not listed yet; a valid tool
is called; ``--send-raw`` of the same call goes on the wire as written. The legacy era has no
such annotations: nothing is refused there.
"""

from __future__ import annotations

import sys

import orjson
from demo.demo_helpers import Run, probe
from peers import FIXTURES

from inspector.protocol.http_meta import header_problems

sys.path.insert(0, str(FIXTURES))
from modern_fixture import HEADER_TOOLS  # noqa: E402

SERVER = [sys.executable, str(FIXTURES / "modern_fixture.py"), "--header-tools"]
META = {"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {}}
BAD = [t for t in HEADER_TOOLS if t["name"] != "hdr-good"]


def call(name: str) -> list[str]:
    return ["--request", "tools/call=" + orjson.dumps({"name": name, "arguments": {}}).decode()]


def called(run: Run) -> list[str]:
    """The tools the client's tools/call requests named, as they went on the wire."""
    return [orjson.loads(d["raw"])["params"]["name"] for d in run.find(dir="c2s", kind="request", method="tools/call")]


def refused(run: Run) -> list[str]:
    return [d["raw"] for d in run.entries if d.get("event") == "refused"]


def test_every_excluded_tool_is_refused_with_its_reason_and_nothing_is_sent(capsys):
    args = [a for t in BAD for a in call(t["name"])]
    run = probe(capsys, "--era", "modern", *args, *call("hdr-good"), server=SERVER)
    assert run.code == 2, run.summary
    assert called(run) == ["hdr-good"]  # only the valid tool went out
    said = refused(run)
    assert len(said) == len(BAD)
    for tool, note in zip(BAD, said, strict=True):
        _found, problems = header_problems(tool["inputSchema"])
        assert f"tools/call {tool['name']!r} not sent" in note and problems[0].text in note, note
    assert "was not sent" in run.summary["exit_reason"] and "--send-raw" in run.summary["exit_reason"]
    listed = run.find(dir="c2s", method="tools/list")
    assert len(listed) == 1  # looked up once, before the first call; then known
    assert [d["event"] for d in run.entries if d.get("event") in ("probe_note", "refused")][0] == "probe_note"
    assert run.find(dir="s2c", method="tools/call")[0]["raw"].count("called hdr-good") == 1


def test_one_refused_call_exits_2_and_sends_no_call(capsys):
    run = probe(capsys, "--era", "modern", "--request", "tools/list", *call("hdr-number"), server=SERVER)
    assert run.code == 2 and called(run) == []
    assert "number property" in refused(run)[0]
    assert len(run.find(dir="c2s", method="tools/list")) == 1  # the user's listing was enough


def test_a_tool_the_whole_list_lacks_is_called_without_listing_again(capsys):
    """The probe keeps the tools as the window does (its ToolsController's pager): a complete
    list the user asked for is not fetched again for a tool it lacks; the call goes out and the
    server answers it."""
    run = probe(capsys, "--era", "modern", "--request", "tools/list", *call("no-such-tool"), server=SERVER)
    assert called(run) == ["no-such-tool"] and refused(run) == []
    assert len(run.find(dir="c2s", method="tools/list")) == 1
    assert [d for d in run.entries if d.get("event") == "probe_note"] == []


def test_send_raw_sends_the_same_call_anyway(capsys):
    raw = orjson.dumps(
        {
            "jsonrpc": "2.0",
            "id": "raw-1",
            "method": "tools/call",
            "params": {"name": "hdr-duplicate", "arguments": {}, "_meta": META},
        }
    ).decode()
    run = probe(capsys, "--era", "modern", *call("hdr-duplicate"), "--send-raw", raw, server=SERVER)
    assert run.code == 2
    assert called(run) == ["hdr-duplicate"]
    sent = run.find(dir="c2s", method="tools/call")
    assert len(sent) == 1 and sent[0]["raw"] == raw + "\n" and sent[0].get("hand_written")
    assert "called hdr-duplicate" in run.find(dir="s2c", method="tools/call")[0]["raw"]


def test_the_legacy_era_has_no_such_annotations(capsys):
    """The demo in the legacy era: tools/call is sent as asked, nothing listed first."""
    run = probe(
        capsys,
        "--era",
        "legacy",
        "--request",
        'tools/call={"name":"echo","arguments":{"message":"hi"}}',
        server=[sys.executable, "-m", "inspector.demo"],
    )
    assert (
        run.code == 0
        and called(run) == ["echo"]
        and run.find(dir="c2s", method="tools/list") == []
        and refused(run) == []
    )


def test_over_streamable_http_with_the_sdk(capsys):
    """The official SDK over Streamable HTTP (2026-07-28) lists 'charge', whose x-mcp-header
    sits on a number: its call is refused and never POSTed; 'where' is called, listed first so
    its Mcp-Param-Region header goes with the first POST (no HeaderMismatch round)."""
    from peers import HttpPeer, free_port, sdk_http_server

    port = free_port()
    with HttpPeer(sdk_http_server(port, "--bad-header-tool"), port) as peer:
        run = probe(
            capsys,
            "--url",
            peer.url,
            "--era",
            "modern",
            "--request",
            'tools/call={"name":"charge","arguments":{"amount":1.5}}',
            "--request",
            'tools/call={"name":"where","arguments":{"region":"eu-west-4","query":"q"}}',
            server=[],
        )
    assert run.code == 2, run.summary
    assert called(run) == ["where"]
    assert "'charge' not sent" in refused(run)[0] and "number property" in refused(run)[0]
    posts = [
        d["http"]["request_headers"]
        for d in run.entries
        if d.get("event") == "http_exchange" and d["http"]["request_headers"].get("Mcp-Method") == "tools/call"
    ]
    assert len(posts) == 1 and posts[0].get("Mcp-Param-Region") == "eu-west-4"
    assert run.results("tools/call")[-1].get("isError") is not True
