"""probe --answer (issue 21, point 7): headless answers to the server's requests, on the wire.

Every test runs the real probe (in-process, ``--json``) against a real server and asserts the
client's answer as recorded: a JSON-RPC result in the legacy era (the reference server, the
demo, the official SDK), the ``inputResponses`` of the retried request in the modern era
(the demo, the SDK, the modern fixture: InputRequiredResult). The policy implies the client
capability the server waits for, and what it answered is a note in the recording.
"""

from __future__ import annotations

import sys

import orjson
import pytest
from cli_helpers import usage_error
from demo.demo_helpers import Run, probe
from peers import FIXTURES, HttpPeer, free_port, reference_http_server, reference_server

from inspector.protocol.schema import validator_for
from inspector.session.handlers import MODERN_INPUT_METHODS, elicitation_defaults

SDK_ELICIT = [sys.executable, str(FIXTURES / "sdk_elicit.py")]
MODERN_FIXTURE = [sys.executable, str(FIXTURES / "modern_fixture.py")]
SAMPLED = {"role": "assistant", "content": {"type": "text", "text": "a fixed answer for CI"}, "model": "ci-fixed"}
ACCEPTED = {"action": "accept", "content": {"name": "Grace Hopper", "check": True, "integer": 7}}


def call(name: str, **arguments) -> list[str]:
    params = {"name": name, "arguments": arguments} if arguments else {"name": name}
    return ["--request", "tools/call=" + orjson.dumps(params).decode()]


def answers(run: Run, method: str) -> list[dict]:
    """The client's results to the server's ``method`` requests (legacy era), in order."""
    return [orjson.loads(d["raw"])["result"] for d in run.find(dir="c2s", kind="result", method=method)]


def input_responses(run: Run) -> list[dict]:
    """The ``inputResponses`` of every retried request the client sent (modern era)."""
    out = []
    for d in run.find(dir="c2s", kind="request"):
        params = orjson.loads(d["raw"]).get("params") or {}
        if "inputResponses" in params:
            out.append(params["inputResponses"])
    return out


def notes(run: Run) -> list[str]:
    return [d["raw"] for d in run.entries if d.get("event") == "answer_policy"]


def offered_capabilities(run: Run) -> dict:
    first = orjson.loads(run.find(dir="c2s", method="initialize")[0]["raw"])
    return first["params"]["capabilities"]


# ---------------------------------------------------------------- the reference server (legacy)


@pytest.mark.parametrize(
    ("policy", "sent"),
    [
        ("accept-defaults", {"action": "decline"}),  # its form requires 'name', which has no default
        ("decline", {"action": "decline"}),
        ("cancel", {"action": "cancel"}),
        (orjson.dumps(ACCEPTED).decode(), ACCEPTED),
    ],
)
def test_reference_server_elicitation_form(capsys, policy, sent):
    run = probe(
        capsys,
        "--era",
        "legacy",
        "--answer",
        f"elicitation={policy}",
        *call("trigger-elicitation-request"),
        server=reference_server(),
    )
    assert run.code == 0, run.summary
    assert "elicitation" in offered_capabilities(run)  # implied: the server registers the tool only then
    assert answers(run, "elicitation/create") == [sent]
    said = notes(run)
    assert len(said) == 1 and said[0].startswith("--answer elicitation=")
    if policy == "accept-defaults":
        assert "required field(s) without a default: name" in said[0]
    text = run.results("tools/call")[-1]["content"][0]["text"]
    assert {"accept": "User provided", "decline": "declined", "cancel": "cancelled"}[sent["action"]] in text


def test_reference_server_sampling_and_the_plain_transcript(capsys):
    from inspector import cli

    code = cli.main(
        [
            "probe",
            "--era",
            "legacy",
            "--answer",
            "sampling=" + orjson.dumps(SAMPLED).decode(),
            *call("trigger-sampling-request", prompt="hi"),
            "--",
            *reference_server(),
        ]
    )
    out = capsys.readouterr().out
    assert code == 0
    assert (
        '"result":{"role":"assistant","content":{"type":"text","text":"a fixed answer for CI"},"model":"ci-fixed"}'
        in out
    )
    assert "--answer sampling=" in out and "the given JSON" in out  # what the policy answered, in the transcript
    assert "ci-fixed" in out.rsplit("tools/call", 1)[-1]  # and the server used it


def test_reference_server_over_streamable_http(capsys):
    """The reference server's HTTP mode (loopback only): its requests arrive on the tools/call
    answer stream, the policy's answers go back as POSTs and the tools report them."""
    port = free_port()
    with HttpPeer(reference_http_server("streamableHttp"), port, env={"PORT": str(port)}) as peer:
        run = probe(
            capsys,
            "--url",
            peer.url,
            "--era",
            "legacy",
            "--answer",
            "elicitation=" + orjson.dumps(ACCEPTED).decode(),
            "--answer",
            "sampling=" + orjson.dumps(SAMPLED).decode(),
            *call("trigger-elicitation-request"),
            *call("trigger-sampling-request", prompt="hi"),
            server=[],
        )
    assert run.code == 0, run.summary
    assert answers(run, "elicitation/create") == [ACCEPTED] and answers(run, "sampling/createMessage") == [SAMPLED]
    posted = [
        d["http"]["request_seq"]
        for d in run.entries
        if d.get("event") == "http_exchange" and d["http"]["method"] == "POST"
    ]
    answer_seqs = [d["seq"] for d in run.find(dir="c2s", kind="result")]
    assert set(answer_seqs) <= set(posted)  # each answer went out as its own POST
    texts = [r["content"][0]["text"] for r in run.results("tools/call")]
    assert "User provided" in texts[0] and "ci-fixed" in texts[1]


def test_accept_defaults_fills_the_13_field_form_when_name_is_given_a_default():
    """The same form with a default for 'name' (sans-IO): every default is sent, the fields
    without one are left out, and the answer is valid against the form."""
    import json
    from pathlib import Path

    source = (
        Path(__file__).resolve().parents[2]
        / ".peers/node_modules/@modelcontextprotocol/server-everything/dist/tools/trigger-elicitation-request.js"
    ).read_text()
    assert "firstLine" in source and "legacyTitledEnum" in source  # the form this mirrors
    form = {
        "type": "object",
        "properties": {
            "name": {"type": "string", "default": "Ada"},
            "check": {"type": "boolean"},
            "firstLine": {"type": "string", "default": "It was a dark and stormy night."},
            "email": {"type": "string", "format": "email"},
            "integer": {"type": "integer", "minimum": 1, "maximum": 100, "default": 42},
            "number": {"type": "number", "default": 3.14},
            "untitledMultipleSelectEnum": {
                "type": "array",
                "items": {"type": "string", "enum": ["Guitar", "Piano"]},
                "default": ["Guitar"],
            },
            "legacyTitledEnum": {"type": "string", "enum": ["pet-1", "pet-2"], "default": "pet-1"},
        },
        "required": ["name"],
    }
    result, text = elicitation_defaults({"message": "m", "requestedSchema": form})
    assert result == {
        "action": "accept",
        "content": {
            "name": "Ada",
            "firstLine": "It was a dark and stormy night.",
            "integer": 42,
            "number": 3.14,
            "untitledMultipleSelectEnum": ["Guitar"],
            "legacyTitledEnum": "pet-1",
        },
    }
    assert "left out (no default): check, email" in text
    bad = json.loads(json.dumps(form))
    bad["properties"]["integer"]["default"] = 500  # a default its own schema rejects: not sent as an accept
    result, text = elicitation_defaults({"requestedSchema": bad})
    assert result == {"action": "decline"} and "/integer" in text
    assert elicitation_defaults({"mode": "url", "url": "https://example.com", "elicitationId": "1", "message": "m"})[
        0
    ] == {"action": "decline"}


# ---------------------------------------------------------------- the demo, both eras


@pytest.mark.parametrize("era", ["legacy", "modern"])
def test_demo_form_url_and_sampling(capsys, era):
    run = probe(
        capsys,
        "--era",
        era,
        "--answer",
        "elicitation=accept-defaults",
        "--answer",
        "sampling=" + orjson.dumps(SAMPLED).decode(),
        *call("elicit_form"),
        *call("elicit_url"),
        *call("sample_llm"),
        server=[sys.executable, "-m", "inspector.demo"],
    )
    assert run.code == 0, run.summary
    form = {
        "action": "accept",
        "content": {"name": "Ada Lovelace", "age": 36, "newsletter": False, "color": "green", "toppings": ["cheese"]},
    }
    if era == "legacy":
        assert answers(run, "elicitation/create") == [form, {"action": "decline"}]
        assert answers(run, "sampling/createMessage") == [SAMPLED]
    else:  # the same answers, carried by the retried tools/call (InputRequiredResult)
        assert input_responses(run) == [{"form": form}, {"sign_in": {"action": "decline"}}, {"sample": SAMPLED}]
        assert answers(run, "elicitation/create") == []
    said = notes(run)
    assert len(said) == 3 and "accept with 5 default value(s)" in said[0] and "left out (no default): email" in said[0]
    assert "URL-mode" in said[1]
    texts = [r["content"][0]["text"] for r in run.results("tools/call") if r.get("resultType") != "input_required"]
    assert "Ada Lovelace" in texts[0] and "decline" in texts[1] and "a fixed answer for CI" in texts[2]


# ---------------------------------------------------------------- the official Python SDK, both eras


@pytest.mark.parametrize("transport", ["stdio", "streamable-http"])
@pytest.mark.parametrize("era", ["legacy", "modern"])
def test_sdk_server_elicits_and_samples(capsys, era, transport):
    args = [
        "--era",
        era,
        "--answer",
        "elicitation=accept-defaults",
        "--answer",
        "sampling=" + orjson.dumps(SAMPLED).decode(),
        *call("ask"),
        *call("ask-required"),
        *call("sample"),
    ]
    if transport == "stdio":
        run = probe(capsys, *args, server=SDK_ELICIT)
    else:  # the same server over Streamable HTTP on loopback
        port = free_port()
        with HttpPeer([*SDK_ELICIT, "--port", str(port)], port) as peer:
            run = probe(capsys, "--url", peer.url, *args, server=[])
        assert run.summary["transport"] == "streamable-http"
    assert run.code == 0, run.summary
    accepted = {"action": "accept", "content": {"name": "Ada", "age": 36}}
    if era == "legacy":
        assert answers(run, "elicitation/create") == [accepted, {"action": "decline"}]
        assert answers(run, "sampling/createMessage") == [SAMPLED]
    else:
        assert input_responses(run) == [{"form": accepted}, {"form": {"action": "decline"}}, {"sample": SAMPLED}]
    seen = [
        orjson.loads(r["content"][0]["text"])
        for r in run.results("tools/call")
        if r.get("resultType") != "input_required" and "content" in r
    ]
    if era == "modern":
        seen = [next(iter(s.values())) for s in seen]
    assert seen[0] == accepted and seen[1] == {"action": "decline"} and seen[2]["model"] == "ci-fixed"


# ---------------------------------------------------------------- roots and cancel through InputRequiredResult


def test_modern_fixture_roots_cancel_and_sampling_in_one_round(capsys):
    roots = {"roots": [{"uri": "file:///srv/ci", "name": "ci"}]}
    run = probe(
        capsys,
        "--era",
        "modern",
        "--answer",
        "roots=" + orjson.dumps(roots).decode(),
        "--answer",
        "elicitation=cancel",
        "--answer",
        "sampling=" + orjson.dumps(SAMPLED).decode(),
        *call("needs-input"),
        server=MODERN_FIXTURE,
    )
    assert run.code == 0, run.summary
    assert input_responses(run) == [{"roots": roots, "confirm": {"action": "cancel"}, "ask": SAMPLED}]
    echoed = orjson.loads(run.results("tools/call")[-1]["content"][0]["text"])
    assert echoed == {
        "inputResponses": {"roots": roots, "confirm": {"action": "cancel"}, "ask": SAMPLED},
        "requestState": "state-1",
    }
    sent = orjson.loads(run.find(dir="c2s", method="tools/call")[0]["raw"])
    caps = sent["params"]["_meta"]["io.modelcontextprotocol/clientCapabilities"]
    assert {"roots", "elicitation", "sampling"} <= set(caps)  # each policy declared what it answers


def test_without_a_policy_elicitation_is_declined_and_sampling_left_out(capsys):
    run = probe(
        capsys,
        "--era",
        "modern",
        "--capability",
        "elicitation",
        "--capability",
        "sampling",
        *call("needs-input"),
        server=MODERN_FIXTURE,
    )
    assert run.code == 0
    assert input_responses(run) == [{"confirm": {"action": "decline"}}] and notes(run) == []


# ---------------------------------------------------------------- usage errors


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--answer", "elicitation=maybe"], "expected accept-defaults, decline, cancel or a JSON ElicitResult"),
        (["--answer", "elicitation"], "expected METHOD=POLICY"),
        (["--answer", "=decline"], "expected METHOD=POLICY"),
        (["--answer", "sampling={not json"], "not valid JSON"),
        (["--answer", "sampling=decline"], "expected the JSON result object"),
        (["--answer", 'sampling={"model":"m"}'], '"content" is a required property'),
        (["--answer", 'elicitation={"action":"yes"}'], '"yes" is not one of'),
        (["--answer", 'roots={"roots":"none"}'], "ListRootsResult"),
        (["--answer", "tools/list={}"], "is not a request a server sends the client"),
        (["--answer", "decline=elicitation"], "is not a request a server sends the client"),
        (["--answer", "elicitation=decline", "--answer", "elicitation/create=cancel"], "given twice"),
        (["--answer", 'roots={"roots":[]}', "--root", "/tmp"], "give one of them"),
        (
            ["--answer", "elicitation=decline", "--protocol-version", "2025-03-26"],
            "not a request of protocol version 2025-03-26",
        ),
        (["--answer", 'tasks/list={"tasks":[]}', "--era", "modern"], "not a request of protocol version 2026-07-28"),
    ],
)
def test_a_bad_answer_is_a_usage_error_that_says_why(capsys, args, said):
    err = usage_error(capsys, [*args, "--demo"])
    assert "--answer" in err and said in err, err


def test_answers_a_policy_implies_and_those_it_does_not(capsys):
    run = probe(
        capsys,
        "--era",
        "legacy",
        "--answer",
        "ping={}",
        "--answer",
        'tasks/list={"tasks":[]}',
        server=[sys.executable, "-m", "inspector.demo"],
    )
    assert run.code == 0
    assert set(offered_capabilities(run)) == {"tasks"}  # ping needs no capability


def test_the_modern_input_requests_are_the_schemas():
    assert MODERN_INPUT_METHODS == frozenset(validator_for("2026-07-28").union_methods("InputRequest"))
