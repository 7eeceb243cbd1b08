"""The documents the inspector reads and writes as pydantic models (inspector.session.documents),
headless: the lenient reading that leaves out only what fails and says where, the saved servers
and secrets (profiles.ProfileStore) read through their models."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from pathlib import Path

import orjson

from inspector.session.config_files import json_path, loc_path
from inspector.session.documents import Document, Failure, Flag, Name, Text, lenient
from inspector.session.profiles import EnvVar, ProfileStore, ServerProfile, saved_server_model

DEFAULT = "; the default is used"


class Pair(Document):
    name: Name
    value: Text = ""
    secret: Flag = False


class Doc(Document):
    timeout: float = 10.0
    count: int = 3
    pairs: list[Pair] = []
    words: list[str] = ["a"]


def test_lenient_leaves_out_only_what_fails_and_says_where_in_document_order() -> None:
    failures: list[Failure] = []
    data = {
        "timeout": "5",  # a string is no number (strict): the default
        "count": True,  # a boolean is no integer
        "pairs": [{"name": "A", "value": 7, "secret": "yes"}, 3, {"value": "x"}, {"name": "B", "secret": True}],
        "words": ["ok"],
        "other": {"kept": "ignored"},
    }
    doc = lenient(Doc, data, failures.append)
    assert (doc.timeout, doc.count, doc.words) == (10.0, 3, ["ok"])
    # any JSON value is text; only true is true; the items that fail are left out, the rest kept in order
    assert [(p.name, p.value, p.secret) for p in doc.pairs] == [("A", "7", False), ("B", "", True)]
    assert [(f.loc, f.error, f.value, f.item, f.member) for f in failures] == [
        (("timeout",), "float_type", "5", False, "timeout"),
        (("count",), "int_type", True, False, "count"),
        (("pairs", 1), "model_type", 3, True, 1),
        (("pairs", 2), "missing", {"value": "x"}, True, "name"),
    ]
    assert data["pairs"][1] == 3  # the caller's data is not changed


def test_json_paths() -> None:
    assert json_path("$", "mcpServers") == "$.mcpServers"
    assert json_path("$.args", 2) == "$.args[2]"
    assert json_path("$.mcpServers", "my server") == '$.mcpServers["my server"]'
    assert loc_path("$", ("servers", 0, "env", "A B")) == '$.servers[0].env["A B"]'


def test_the_saved_server_model_follows_the_profile_and_round_trips_every_field(tmp_path: Path) -> None:
    fields = {f.name for f in dataclasses.fields(ServerProfile)}
    assert set(saved_server_model().model_fields) == fields
    p = ServerProfile(
        name="every field",
        command="srv",
        args=["--a", "1"],
        env=[EnvVar("TOKEN", "t0k", True), EnvVar("MODE", "fast")],
        inherit_env=False,
        cwd=str(tmp_path),
        era="legacy",
        protocol_version="2025-06-18",
        capabilities=["roots"],
        connect_timeout=4.5,
        probe_timeout=1.0,
        start_timeout=9.0,
        request_timeout=12.0,
        stdin_grace=0.5,
        term_grace=0.25,
        max_request_time=99.0,
        max_line=1 << 20,
        detected_era="legacy",
        roots=[{"uri": "file:///w", "name": "w"}],
        transport="streamable-http",
        detected_transport="streamable-http",
        url="https://h/mcp",
        headers=[EnvVar("Authorization", "Bearer abc"), EnvVar("X-A", "1")],
        verify_tls=False,
    )
    store = ProfileStore(tmp_path)
    store.save([p])
    (loaded,) = store.load()[1:]
    assert store.load_problems == []
    assert loaded == dataclasses.replace(p, headers=[EnvVar("Authorization", "Bearer abc", True), EnvVar("X-A", "1")])
    assert "t0k" not in store.path.read_text() and "Bearer abc" not in store.path.read_text()


def test_a_hand_edited_store_keeps_what_it_can_and_names_the_rest(tmp_path: Path) -> None:
    store = ProfileStore(tmp_path)
    store.save([ServerProfile(name="s", command="node", env=[EnvVar("TOKEN", "v", True)])])
    doc = orjson.loads(store.path.read_bytes())
    saved = doc["servers"][0]
    saved.update(connect_timeout="5", args=[1, None], verify_tls=1)
    saved["env"] = [{"name": "TOKEN", "secret": True}, {"value": "no name"}]
    doc["servers"].append("not a server")
    store.path.write_bytes(orjson.dumps(doc))
    store.secrets_path.write_bytes(orjson.dumps({saved["id"]: {"TOKEN": 42}, "other": "not an object"}))
    demo, server = store.load()
    assert demo.builtin and server.args == ["1", "null"] and server.connect_timeout == 10.0 and server.verify_tls
    assert [(v.name, v.value, v.secret) for v in server.env] == [("TOKEN", "42", True)]
    # the importer's located, translatable problems: the file, the JSON path, a code and its values
    assert [(Path(p.file).name, p.path, p.code, p.message) for p in store.load_problems] == [
        ("secrets.json", "$.other", "left_out", "expected an object, found a string; left out"),
        ("servers.json", "$.servers[1]", "left_out", "expected an object, found a string; left out"),
        ("servers.json", "$.servers[0].env[1]", "no_member", '"name" is missing or empty; left out'),
        ("servers.json", "$.servers[0].connect_timeout", "default_used", "expected a number, found a string" + DEFAULT),
        ("servers.json", "$.servers[0].verify_tls", "default_used", "expected a boolean, found a number" + DEFAULT),
    ]
    store.path.write_text('{"servers": [],\n x}')
    store.secrets_path.write_text("[1]")
    store.load()
    assert [(Path(p.file).name, p.place(), p.message) for p in store.load_problems] == [
        ("secrets.json", "$", "expected a JSON object, found an array"),
        ("servers.json", "line 2, column 2", "not valid JSON: unexpected character, expected a string key"),
    ]


def test_the_runtime_needs_neither_the_official_wire_models_nor_the_sdk_and_probe_starts_without_pydantic() -> None:
    """mcp-types is a test dependency (the version lists are checked against it): nothing the
    program imports reaches it, nor the SDK. pydantic and python-dotenv are imported when a
    document is read, not with the modules: ``probe`` with a command starts without them."""
    code = "import sys, inspector.cli, inspector.session.imports; print(sorted({*MODULES} & {*sys.modules}))"
    code = code.replace("MODULES", repr(["mcp_types", "mcp", "pydantic", "dotenv", "inspector.session.documents"]))
    env = {**os.environ, "INSPECTOR_BLOCK_QT": "1"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
    assert out.stdout.strip() == "[]"
    # a first start (no saved servers yet) reads nothing, so imports no pydantic either
    first = "import sys, pathlib, tempfile; from inspector.session.profiles import ProfileStore as S; "
    first += "S(pathlib.Path(tempfile.mkdtemp())).load(); print('pydantic' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", first], capture_output=True, text=True, check=True, env=env)
    assert out.stdout.strip() == "False"


def test_the_timeline_columns_setting_keeps_what_fits() -> None:
    """settings.ini's ``timeline/columns`` (JSON, written by the window, maybe edited by hand):
    a column of the wrong kind, or a width past the table, is left out; the rest is kept."""
    from inspector.session.documents import TimelineColumns

    saved = TimelineColumns.read(
        '{"order": ["kind", 3, "method"], "shown": {"latency": false, "size": 1},'
        ' "widths": {"kind": 12, "method": true, "id": 250, "size": 0.5}, "other": 1}'
    )
    assert (saved.order, saved.shown) == (["kind", "method"], {"latency": False})
    assert saved.widths == {"kind": 12.0, "size": 0.5}
    for nothing in (None, "", "not json", "[1, 2]", b"{}", '{"order": "kind"}'):
        assert TimelineColumns.read(nothing) == TimelineColumns()
