"""Secrets in HTTP headers: a header is secret by its name (Authorization, Proxy-Authorization,
Cookie, a name with key, token, secret, password, auth) or by its value (the importer's secret
kinds: ``Bearer …``, a token of a known shape, a long random string), wherever it was given -
``probe --header``, ``probe --config``, an imported file, a saved server - and then it is sent
but masked in every output, as ``--bearer-env`` is.

The main test runs real ``probe`` sessions (JSON, text, recorded, refused, unreachable, from a
config file, with an illegal value) against the official Python SDK's server behind a gate
that answers 401 unless every header arrives with its exact value, and greps every output -
stdout, stderr, the recording, the Markdown and HTML handouts made from it - for the secrets.
"""

from __future__ import annotations

import json
import os
import secrets
import string
import subprocess
import sys
from pathlib import Path

import orjson
import pytest
from cli_helpers import usage_error
from peers import HttpPeer, free_port, sdk_http_auth_server

from inspector.session import Direction, Recording
from inspector.session.handout import write_handout
from inspector.session.imports import export_entry, parse_config
from inspector.session.profiles import EnvVar, ProfileStore, ServerProfile
from inspector.session.secrecy import secret_header
from inspector.transport.base import MASK

ALNUM = string.ascii_letters + string.digits
#: made fresh for every run, so no output can hold them by chance
BEARER = "tok" + secrets.token_hex(12)
API_KEY = "key" + secrets.token_hex(12)
CUSTOM = "ghp_" + "".join(secrets.choice(ALNUM) for _ in range(36))  # a GitHub token's shape, under a plain name
COOKIE = "ck" + secrets.token_hex(12)
WRONG = "wrong" + secrets.token_hex(12)
HEADERS = {
    "Authorization": f"Bearer {BEARER}",
    "X-Api-Key": API_KEY,
    "X-Trace-Context": CUSTOM,
    "Cookie": f"session={COOKIE}",
}
SECRETS = [BEARER, API_KEY, CUSTOM, COOKIE, WRONG]


@pytest.fixture(scope="module")
def gate():
    """The SDK's server, letting in only requests that carry every header of HEADERS."""
    port = free_port()
    with HttpPeer(sdk_http_auth_server(port), port, env={"REQUIRED_HEADERS": json.dumps(HEADERS)}) as peer:
        yield peer


def probe(*args: str) -> subprocess.CompletedProcess:
    argv = [sys.executable, "-m", "inspector", "probe", "--era", "legacy", "--timeout", "15", *args]
    return subprocess.run(argv, capture_output=True, timeout=90, env={**os.environ, "NO_COLOR": "1"})


def header_args(headers: dict[str, str]) -> list[str]:
    return [a for name, value in headers.items() for a in ("--header", f"{name}: {value}")]


def exchanges(rec: Recording) -> list[dict]:
    return [
        rec[i].extra["http"]
        for i in range(len(rec))
        if rec.direction_at(i) is Direction.EVENT and rec[i].extra.get("event") == "http_exchange"
    ]


def outputs(done: subprocess.CompletedProcess, record: Path, tmp_path: Path) -> dict[str, bytes]:
    """Everything the run left: its stdout and stderr, the recording, and both handouts of it."""
    out = {"stdout": done.stdout, "stderr": done.stderr, "recording": record.read_bytes()}
    rec = Recording.load(record)
    for suffix in ("md", "html"):
        handout = tmp_path / f"{record.stem}.{suffix}"
        write_handout(str(handout), rec)
        out[f"handout.{suffix}"] = handout.read_bytes()
    return out


def assert_no_secret(found: dict[str, bytes], *more: str) -> None:
    for where, data in found.items():
        for secret in [*SECRETS, *more]:
            assert secret.encode() not in data, f"{secret} in {where}"


def test_probe_keeps_header_secrets_out_of_every_output(gate, tmp_path):
    plain = ["--header", "X-Workshop: 7"]  # not secret: stays readable
    # JSON, recorded, a tool called: the gate let every request in, so every header arrived as given
    record = tmp_path / "json.jsonl"
    call = 'tools/call={"name":"echo","arguments":{"text":"through the gate"}}'
    done = probe("--json", "--url", gate.url, *header_args(HEADERS), *plain, "--record", str(record), "--request", call)
    assert done.returncode == 0, done.stderr.decode()
    assert_no_secret(outputs(done, record, tmp_path))
    lines = [orjson.loads(line) for line in done.stdout.splitlines()]
    answer = next(d for d in lines if d.get("dir") == "s2c" and d.get("id") == 2)
    assert "through the gate" in answer["raw"]
    rec = Recording.load(record)
    posts = [x for x in exchanges(rec) if x["method"] == "POST"]
    assert posts and all(x["status"] in (200, 202) for x in posts)
    for x in posts:
        assert {k: x["request_headers"][k] for k in HEADERS} == dict.fromkeys(HEADERS, MASK)
        assert x["request_headers"]["X-Workshop"] == "7"
    assert rec.header["headers"] == {**dict.fromkeys(HEADERS, MASK), "X-Workshop": "7"}
    json_posts = [d["http"] for d in lines if d.get("event") == "http_exchange" and d["http"]["method"] == "POST"]
    assert json_posts and all(p["request_headers"]["Authorization"] == MASK for p in json_posts)

    # the transcript for people, recorded too
    record = tmp_path / "text.jsonl"
    done = probe("--url", gate.url, *header_args(HEADERS), "--record", str(record), "--request", "tools/list")
    assert done.returncode == 0, done.stderr.decode()
    assert b"tools/list" in done.stdout and "2 server→client".encode() in done.stdout  # its answer came
    assert_no_secret(outputs(done, record, tmp_path))

    # refused: a wrong token gets 401 (so the gate does check), and is itself a secret
    record = tmp_path / "refused.jsonl"
    done = probe(
        "--url", gate.url, *header_args({**HEADERS, "Authorization": f"Bearer {WRONG}"}), "--record", str(record)
    )
    assert done.returncode != 0 and b"401" in done.stdout
    assert [x["status"] for x in exchanges(Recording.load(record))][:1] == [401]
    assert_no_secret(outputs(done, record, tmp_path))

    # nothing listens: the failure text names the address, not the headers
    record = tmp_path / "unreachable.jsonl"
    done = probe("--url", f"http://127.0.0.1:{free_port()}/mcp", *header_args(HEADERS), "--record", str(record))
    assert done.returncode == 3 and b"cannot reach" in done.stderr
    assert_no_secret(outputs(done, record, tmp_path))

    # from a configuration file (its headers as a client would send them)
    config = tmp_path / "mcp.json"
    config.write_text(
        json.dumps({"mcpServers": {"gate": {"type": "streamable-http", "url": gate.url, "headers": HEADERS}}})
    )
    record = tmp_path / "config.jsonl"
    done = probe("--json", "--config", str(config), "--record", str(record), "--request", "tools/list")
    assert done.returncode == 0, done.stderr.decode()
    assert all(
        x["request_headers"]["X-Trace-Context"] == MASK
        for x in exchanges(Recording.load(record))
        if x["method"] == "POST"
    )
    assert_no_secret(outputs(done, record, tmp_path))

    # a value HTTP cannot carry: httpx's error quotes it (escaped), the failure text masks it
    head, tail = "hd" + secrets.token_hex(8), "tl" + secrets.token_hex(8)
    config.write_text(
        json.dumps(
            {
                "mcpServers": {
                    "gate": {
                        "type": "streamable-http",
                        "url": gate.url,
                        "headers": {"Authorization": f"Bearer {head}\n{tail}"},
                    }
                }
            }
        )
    )
    record = tmp_path / "illegal.jsonl"
    done = probe("--json", "--config", str(config), "--record", str(record))
    assert done.returncode != 0 and b"Illegal header value" in done.stdout
    assert_no_secret(outputs(done, record, tmp_path), head, tail)


@pytest.mark.parametrize(
    ("name", "value", "secret"),
    [
        ("Authorization", "Basic x", True),
        ("Proxy-Authorization", "x", True),
        ("Cookie", "a=1", True),
        ("X-Api-Key", "abc", True),
        ("X-Auth-Token", "abc", True),
        ("X-Client-Secret", "abc", True),
        ("X-Password", "abc", True),
        ("X-Plain", "Bearer abcdefgh12345678", True),  # by value
        ("X-Plain", CUSTOM, True),
        ("X-Plain", "Zq8Xw2Lr5Tn9Vb3Hm6Jc1Pf4Gd7Ks0Ya", True),  # a long random string
        ("X-Workshop", "7", False),
        ("Accept-Language", "en-GB", False),
        ("X-Request-Id", "123e4567-e89b-12d3-a456-426614174000", False),  # a UUID is no secret
    ],
)
def test_a_header_is_judged_by_its_name_and_by_its_value(name, value, secret):
    assert secret_header(name, value) is secret


def test_saved_and_exported_servers_keep_judged_headers_apart(tmp_path):
    """Headers nobody marked secret, judged so: never in servers.json, left out of an export, and
    masked in the transport spec (a server saved before this judgement, too)."""
    headers = [EnvVar(name, value) for name, value in HEADERS.items()] + [EnvVar("X-Workshop", "7")]
    profile = ServerProfile(
        name="gate", command="", transport="streamable-http", url="http://127.0.0.1:1/mcp", headers=headers
    )
    spec = profile.to_spec()
    assert dict(spec.secret_headers) == HEADERS and dict(spec.headers) == {"X-Workshop": "7"}
    assert spec.describe()["headers"] == {"X-Workshop": "7", **dict.fromkeys(HEADERS, MASK)}
    store = ProfileStore(tmp_path)
    store.save([profile])
    saved = store.path.read_text()
    assert all(s not in saved for s in SECRETS) and '"7"' in saved
    assert all(s in store.secrets_path.read_text() for s in (BEARER, API_KEY, CUSTOM, COOKIE))
    loaded = next(p for p in store.load() if p.id == profile.id)
    assert {h.name: h.value for h in loaded.headers} == {**HEADERS, "X-Workshop": "7"}
    assert all(h.secret for h in loaded.headers if h.name in HEADERS)
    entry = export_entry(profile, "vscode")
    assert set(entry.left_out) == set(HEADERS) and all(s not in entry.text for s in SECRETS)
    assert json.loads(entry.text)["servers"]["gate"]["headers"] == {"X-Workshop": "7"}


def test_an_imported_header_filled_from_a_plain_input_is_secret():
    """A VS Code input that is no password, put into a header: its value decides."""
    text = json.dumps(
        {
            "inputs": [{"id": "ctx", "type": "promptString", "description": "trace context"}],
            "servers": {
                "gate": {
                    "type": "http",
                    "url": "http://127.0.0.1:1/mcp",
                    "headers": {"X-Trace-Context": "${input:ctx}", "X-Key-Ring": "${input:ctx}"},
                }
            },
        }
    )
    result = parse_config(text, file="mcp.json", fmt="vscode")
    assert {h.name: h.secret for h in result.servers[0].profile.headers} == {
        "X-Trace-Context": False,
        "X-Key-Ring": True,
    }  # by name
    profile = result.profile(result.servers[0], {"ctx": CUSTOM})
    assert all(h.secret for h in profile.headers)
    assert dict(profile.to_spec().secret_headers) == {"X-Trace-Context": CUSTOM, "X-Key-Ring": CUSTOM}


def test_a_refused_option_that_may_hold_a_secret_is_not_quoted(capsys, tmp_path):
    err = usage_error(capsys, ["--url", "http://127.0.0.1:1/mcp", "--header", f"Authorization Bearer {BEARER}"])
    assert "expected NAME:VALUE" in err and BEARER not in err
    err = usage_error(capsys, ["--url", "http://127.0.0.1:1/mcp", "--header", "X-Workshop 7"])
    assert "'X-Workshop 7'" in err  # nothing secret: said as given
    config = tmp_path / "mcp.json"
    config.write_text(
        json.dumps(
            {
                "inputs": [{"id": "key", "type": "promptString", "description": "API key", "password": True}],
                "servers": {
                    "gate": {"type": "http", "url": "http://127.0.0.1:1/mcp", "headers": {"X-Api-Key": "${input:key}"}}
                },
            }
        )
    )
    err = usage_error(capsys, ["--config", str(config), "--input", CUSTOM])  # the value without its ID=
    assert "expected ID=VALUE" in err and CUSTOM not in err
    err = usage_error(capsys, ["--env", f"TOKEN{CUSTOM}", "--", "true"])
    assert "expected KEY=VALUE" in err and CUSTOM not in err
