"""The probe against the demo server in every era: every feature, every answer schema-valid.

Each run sends the whole feature tour the era has, then checks the lifecycle path, that no
rule was broken, that the demo exited on stdin close, and that every message the demo wrote
is valid against the negotiated version's official schema (checked here independently of
the engine's own verdict).
"""

from __future__ import annotations

import orjson
import pytest
from demo_helpers import ALL_CAPS, GRACES, demo, probe, request_args, run_schema_problems

from inspector.protocol.versions import LEGACY_VERSIONS, MODERN_VERSIONS

LEGACY_PATH = ["uninitialized", "initializing", "initialized", "operating", "shutting_down", "terminated"]
MODERN_PATH = ["idle", "discovering", "ready", "shutting_down", "terminated"]
LOG_ALL = {"_meta": {"io.modelcontextprotocol/logLevel": "debug"}}


def call(name: str, arguments: dict | None = None, **extra: object) -> tuple[str, dict]:
    params: dict = {"name": name, **extra}
    if arguments is not None:
        params["arguments"] = arguments
    return ("tools/call", params)


def tour(version: str) -> list[tuple[str, dict | None]]:
    """Every request the era has, with arguments that exercise the feature."""
    modern = version in MODERN_VERSIONS
    at_least = LEGACY_VERSIONS + MODERN_VERSIONS
    since = lambda v: version in at_least[at_least.index(v) :]  # noqa: E731
    reqs: list[tuple[str, dict | None]] = [] if modern else [("ping", None), ("logging/setLevel", {"level": "debug"})]
    reqs += [
        ("tools/list", None),
        call("echo", {"message": "hi"}),
        call("input_types", {"text": "x", "sizes": ["S", "L"], "address": {"city": "Paris"}}),
        call("media"),
        call("always_fails"),
        call("log_levels", None, **(LOG_ALL if modern else {})),
        call("long_running", {"steps": 2, "step_ms": 10}, **({"_meta": {"progressToken": "p1"}})),
        call("add_item", {"kind": "tool"}),
        call("touch_resource"),
        call("list_roots"),
        call("sample_llm"),
        ("resources/list", None),
        ("resources/templates/list", None),
        ("resources/read", {"uri": "demo://static/readme.md"}),
        ("resources/read", {"uri": "demo://static/logo.png"}),
        ("resources/read", {"uri": "demo://items/fruit/apple"}),
        ("prompts/list", None),
        ("prompts/get", {"name": "greeting", "arguments": {"name": "Ada", "style": "pirate"}}),
        ("prompts/get", {"name": "code_review", "arguments": {"language": "rust"}}),
        (
            "completion/complete",
            {"ref": {"type": "ref/prompt", "name": "greeting"}, "argument": {"name": "name", "value": "a"}},
        ),
        (
            "completion/complete",
            {
                "ref": {"type": "ref/resource", "uri": "demo://items/{category}/{item}"},
                "argument": {"name": "category", "value": "f"},
            },
        ),
    ]
    if not modern:
        reqs += [
            ("resources/subscribe", {"uri": "demo://counter"}),
            call("touch_resource"),
            ("resources/unsubscribe", {"uri": "demo://counter"}),
        ]
    if since("2025-06-18"):
        reqs += [call("get_weather", {"city": "Lisbon"}), call("elicit_form")]
        reqs += [
            (
                "completion/complete",
                {
                    "ref": {"type": "ref/resource", "uri": "demo://items/{category}/{item}"},
                    "argument": {"name": "item", "value": ""},
                    "context": {"arguments": {"category": "tool"}},
                },
            )
        ]
    if since("2025-11-25"):
        reqs += [call("elicit_url")]
    if version == "2025-11-25":
        reqs += [("tasks/list", None)]
    return reqs


def check_clean_run(run, version: str, path: list[str]) -> None:
    assert run.code == 0, run.summary
    assert run.summary["protocol_version"] == version
    assert run.summary["state"] == "terminated"
    assert run.summary["exit_code"] == 0 and run.summary["shutdown"] == "stdin"
    assert run.states() == path
    assert run.rules() == []
    assert [d for d in run.s2c() if d["schema_ok"] is not True] == []
    assert run_schema_problems(run, version) == []
    assert run.find(dir="s2c", kind="error") == []
    assert run.find(dir="s2c", kind="noise") == []


@pytest.mark.parametrize("version", LEGACY_VERSIONS)
def test_legacy_tour(capsys: pytest.CaptureFixture[str], version: str) -> None:
    reqs = tour(version)
    run = probe(
        capsys,
        "--protocol-version",
        version,
        *ALL_CAPS,
        "--root",
        "file:///work/demo",
        *GRACES,
        *request_args(reqs),
        server=demo(),
    )
    check_clean_run(run, version, LEGACY_PATH)
    assert run.summary["era"] == "legacy"
    init = run.results("initialize")[0]
    assert init["protocolVersion"] == version
    caps = init["capabilities"]
    assert ("tasks" in caps) == (version == "2025-11-25")
    assert ("completions" in caps) == (version != "2024-11-05")
    assert caps["resources"] == {"subscribe": True, "listChanged": True}
    # every request got exactly one answer
    assert len(run.find(dir="s2c", kind="result")) == len(reqs) + 1  # + initialize
    names = {t["name"] for t in run.results("tools/list")[0]["tools"]}
    assert ("get_weather" in names) == (version >= "2025-06-18")
    assert ("elicit_form" in names) == (version >= "2025-06-18")
    assert ("elicit_url" in names) == (version == "2025-11-25")
    media = next(r for r in run.results("tools/call") if any(c["type"] == "image" for c in r.get("content", [])))
    types = [c["type"] for c in media["content"]]
    assert types[:2] == ["text", "image"]
    assert ("audio" in types) == (version != "2024-11-05")
    assert ("resource_link" in types) == (version >= "2025-06-18")
    # the roots request went out as a JSON-RPC request and was answered
    roots = run.find(dir="s2c", kind="request", method="roots/list")
    assert len(roots) == 1
    # (the probe's --root does not reach its roots/list answer today: see the report of issue 3)
    assert any(
        c["text"].startswith("The client has")
        for r in run.results("tools/call")
        for c in r["content"]
        if c["type"] == "text"
    )
    # all 8 levels after logging/setLevel debug; one update while subscribed
    levels = [orjson.loads(d["raw"])["params"]["level"] for d in run.find(dir="s2c", method="notifications/message")]
    assert levels == ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"]
    assert len(run.find(dir="s2c", method="notifications/resources/updated")) == 1
    assert len(run.find(dir="s2c", method="notifications/tools/list_changed")) == 1
    assert [
        orjson.loads(d["raw"])["params"]["progress"] for d in run.find(dir="s2c", method="notifications/progress")
    ] == [1, 2]
    if version == "2025-11-25":
        assert len(run.find(dir="s2c", method="notifications/elicitation/complete")) == 0  # the default client declines


@pytest.mark.parametrize("era", ["auto", "modern"])
def test_modern_tour(capsys: pytest.CaptureFixture[str], era: str) -> None:
    version = MODERN_VERSIONS[-1]
    reqs = tour(version)
    run = probe(
        capsys, "--era", era, *ALL_CAPS, "--root", "file:///work/demo", *GRACES, *request_args(reqs), server=demo()
    )
    check_clean_run(run, version, MODERN_PATH)
    assert run.summary["era"] == "modern"
    assert run.summary["server_info"]["name"] == "mcp-session-inspector-demo"
    discover = run.results("server/discover")[0]
    assert discover["supportedVersions"] == list(MODERN_VERSIONS)
    assert "tasks" not in discover["capabilities"]
    assert discover["cacheScope"] in ("public", "private") and discover["ttlMs"] >= 0
    for result in (r for d in run.find(dir="s2c", kind="result") for r in [orjson.loads(d["raw"])["result"]]):
        assert result["resultType"] in ("complete", "input_required")
        assert result["_meta"]["io.modelcontextprotocol/serverInfo"]["name"] == "mcp-session-inspector-demo"
    # server->client input went through InputRequiredResult, never as a request on stdout
    assert run.find(dir="s2c", kind="request") == []
    required = [r for r in run.results("tools/call") if r["resultType"] == "input_required"]
    assert sorted(m["method"] for r in required for m in r["inputRequests"].values()) == [
        "elicitation/create",
        "elicitation/create",
        "roots/list",
        "sampling/createMessage",
    ]
    assert all(isinstance(r["requestState"], str) for r in required)
    # per-request log level: all 8 levels for the request that asked, nothing else
    assert len(run.find(dir="s2c", method="notifications/message")) == 8
    # no subscriptions/listen stream: list changes and updates are not announced
    assert run.find(dir="s2c", method="notifications/tools/list_changed") == []
    assert run.find(dir="s2c", method="notifications/resources/updated") == []
