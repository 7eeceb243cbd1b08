"""The recording's header is read through a pydantic model (``documents.RecordingHeader``): a
member of the wrong type is left out (the readers use their defaults) and said as a located,
translatable problem; the format's checks and the migration of older versions stay; the
entries never pass through pydantic."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest

from inspector.protocol.engine import ClientConfig
from inspector.protocol.versions import EraMode
from inspector.session.documents import RecordingHeader, read_recording_header
from inspector.session.reanalyse import config_from_header, engine_header
from inspector.session.recording import FORMAT, FORMAT_VERSION, Recording, RecordingError, RecordingWriter
from inspector.transport.base import SseSpec, StdioSpec, StreamableHttpSpec

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "recordings"
OLD = sorted(FIXTURES.glob("v*.jsonl"))


@pytest.mark.parametrize("path", OLD, ids=[p.stem for p in OLD])
def test_an_old_header_reads_through_the_model_and_is_lifted(path: Path) -> None:
    written = orjson.loads(path.read_bytes().splitlines()[0])
    rec = Recording.load(path)
    assert rec.header_problems == []
    assert rec.header["version"] == FORMAT_VERSION and rec.header["migrated_from"] == written["version"]
    # version 1 recorded stdio sessions only; later versions name their transport
    assert rec.header["transport"] == written.get("transport", "stdio")
    lifted = {k: v for k, v in rec.header.items() if k not in ("version", "migrated_from", "transport")}
    assert lifted == {k: v for k, v in written.items() if k not in ("version", "transport")}
    RecordingHeader.model_validate(rec.header)  # what is in memory fits the model as it is


@pytest.mark.parametrize(
    "spec",
    [
        StdioSpec(["server", "--flag"], cwd="/tmp"),
        StreamableHttpSpec("http://127.0.0.1:1/mcp", {"X-Plain": "1"}, {"Authorization": "Bearer secret"}),
        SseSpec("http://127.0.0.1:1/sse"),
    ],
    ids=["stdio", "streamable-http", "sse"],
)
def test_a_header_the_inspector_writes_reads_back_whole(tmp_path: Path, spec: StdioSpec) -> None:
    config = ClientConfig(era=EraMode.MODERN, log_level="debug")
    rec = Recording({**spec.describe(), **engine_header(config), "server_name": "demo", "env": {"K": "v"}})
    path = tmp_path / "r.jsonl"
    RecordingWriter(path, rec).close()
    back = Recording.load(path)
    assert back.header_problems == []
    assert back.header == rec.header
    assert list(back.header) == list(rec.header)  # the members keep their order
    assert config_from_header(back.header) == config


def damaged_file(tmp_path: Path, **members: object) -> Path:
    header = {"format": FORMAT, "version": FORMAT_VERSION, "created": "2026-11-26T00:00:00+0000", **members}
    entry = {"i": 0, "t": 0.0, "dir": "c2s", "kind": "request", "method": "ping", "id": 1, "raw": '{"jsonrpc":"2.0"}'}
    path = tmp_path / "damaged.jsonl"
    path.write_bytes(orjson.dumps(header) + b"\n" + orjson.dumps(entry) + b"\n")
    return path


@pytest.mark.reanalysis_differs  # a hand-made entry: its recorded verdicts are not the engine's
def test_a_damaged_header_keeps_what_fits_and_says_the_rest_where_it_is(tmp_path: Path) -> None:
    path = damaged_file(
        tmp_path,
        transport=7,
        era_mode="legacy-ish",
        argv="server --flag",
        headers={"X-Ok": "1", "X-Bad": 2},
        verify_tls="no",
        server_name="demo",
        engine={"capabilities": [], "client_info": {"name": "c", "version": "1"}, "log_level": 3},
        future_member={"kept": True},
    )
    rec = Recording.load(path)
    assert len(rec) == 1 and rec.load_problems == []  # the entries are read as ever
    said = [(p.file, p.place(), p.message, p.code) for p in rec.header_problems]
    assert said == [
        ("damaged.jsonl", "$.transport", "expected a string, found a number; the default is used", "default_used"),
        ("damaged.jsonl", "$.argv", "expected an array, found a string; the default is used", "default_used"),
        ("damaged.jsonl", '$.headers["X-Bad"]', "expected a string, found a number; left out", "left_out"),
        ("damaged.jsonl", "$.verify_tls", "expected a boolean, found a string; the default is used", "default_used"),
        ("damaged.jsonl", "$.era_mode", "expected auto, legacy or modern; the default (auto) is used", "header_era"),
        ("damaged.jsonl", "$.engine.capabilities", "expected an object, found an array; the default is used",
         "default_used"),
        ("damaged.jsonl", "$.engine.log_level", "expected a string, found a number; the default is used",
         "default_used"),
    ]  # fmt: skip
    assert rec.header == {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "created": "2026-11-26T00:00:00+0000",
        "headers": {"X-Ok": "1"},
        "server_name": "demo",
        "engine": {"client_info": {"name": "c", "version": "1"}},
        "future_member": {"kept": True},  # a member the model does not name is kept as it is
    }
    config = config_from_header(rec.header)  # the readers take their defaults for what was left out
    assert (config.era, config.capabilities, config.client_info) == (EraMode.AUTO, {}, {"name": "c", "version": "1"})
    assert rec.transport_as_of(0).value == "stdio"


def test_the_problems_are_translatable_as_the_importers_are() -> None:
    header = {"format": FORMAT, "version": FORMAT_VERSION, "era_mode": 7}
    kept, problems = read_recording_header(header, "r.jsonl")
    assert kept == {"format": FORMAT, "version": FORMAT_VERSION}
    (problem,) = problems
    assert (
        problem.render(lambda context, text: text.upper() if context == "Imports" else text)
        == "EXPECTED AUTO, LEGACY OR MODERN; THE DEFAULT (AUTO) IS USED"
    )


@pytest.mark.parametrize(
    ("first", "words"),
    [
        ({"format": "other"}, "not a recording"),
        ({"format": FORMAT}, "the header has no format version"),
        ({"format": FORMAT, "version": "3"}, "is not a whole number"),
        ({"format": FORMAT, "version": FORMAT_VERSION + 1}, "is newer than this inspector"),
    ],
)
def test_a_header_that_is_no_recording_s_is_still_refused(tmp_path: Path, first: dict, words: str) -> None:
    path = tmp_path / "r.jsonl"
    path.write_bytes(orjson.dumps(first) + b"\n")
    with pytest.raises(RecordingError, match=words):
        Recording.load(path)


def test_a_transport_this_version_does_not_know_is_kept_and_judged_as_stdio() -> None:
    """A later version's transport (or an older sample's "http") is a name, not damage: kept,
    and the readers judge it as stdio, as TransportKind.named does."""
    header = {"format": FORMAT, "version": FORMAT_VERSION, "transport": "carrier-pigeon"}
    assert read_recording_header(header, "r.jsonl") == (header, [])
    assert Recording(header).transport_as_of(0).value == "stdio"


SAMPLES: list[object] = [
    "",
    "text",
    "auto",
    "legacy",
    "modern",
    "bogus",
    None,
    0,
    3,
    1.5,
    True,
    False,
    [],
    ["a", "b"],
    ["a", 1],
    {},
    {"k": "v"},
    {"k": 1},
    {"nested": {"x": [1]}},
]


def test_the_plain_check_names_the_models_members() -> None:
    from inspector.session.documents import KeptEngine
    from inspector.session.recording_header import ENGINE_MEMBERS, HEADER_MEMBERS

    assert set(HEADER_MEMBERS) == set(RecordingHeader.model_fields)
    assert set(ENGINE_MEMBERS) == set(KeptEngine.model_fields)


@pytest.mark.parametrize("member", ["header", "engine"])
def test_the_plain_check_accepts_exactly_what_the_model_keeps(member: str) -> None:
    """Without pydantic, a header is taken as it is only when the model would keep every
    member of it and say nothing: for every member and every kind of value, the same verdict."""
    from inspector.session.recording_header import ENGINE_MEMBERS, HEADER_MEMBERS, header_is_plain

    names = HEADER_MEMBERS if member == "header" else ENGINE_MEMBERS
    for name in names:
        if name in ("format", "version"):
            continue  # checked before, a file without them is no recording
        for value in SAMPLES:
            part = {name: value} if member == "header" else {"engine": {name: value}}
            header = {"format": FORMAT, "version": FORMAT_VERSION, **part}
            kept, problems = read_recording_header(header, "r.jsonl")
            assert header_is_plain(header) == (problems == [] and kept == header), (name, value)


def test_opening_a_recording_with_a_plain_header_loads_no_pydantic(tmp_path: Path) -> None:
    """pydantic costs about 0.07 s and 12 MiB: a header the inspector wrote does not need it."""
    import os
    import subprocess
    import sys

    rec = Recording({**StdioSpec(["server"]).describe(), **engine_header(ClientConfig()), "server_name": "s"})
    path = tmp_path / "plain.jsonl"
    RecordingWriter(path, rec).close()
    damaged = damaged_file(tmp_path, era_mode=3)
    code = (
        "import sys; from inspector.session.recording import Recording as R; "
        f"R.load({str(path)!r}); print('pydantic' in sys.modules, end=' '); "
        f"print(R.load({str(damaged)!r}).header_problems[0].place(), 'pydantic' in sys.modules)"
    )
    env = {**os.environ, "INSPECTOR_BLOCK_QT": "1"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
    assert out.stdout.strip() == "False $.era_mode True"
