"""Every parser a user's file reaches, fed near-valid and garbage input (property-based).

The parsers and the one way each says a file is wrong:

- configuration files (:func:`imports.read_config` / :func:`imports.parse_config`, every format:
  Claude Desktop, VS Code JSONC, Cursor, Windsurf, MCP Inspector, registry ``server.json``): an
  :class:`ImportResult` whose problems each name the file and the place (a JSON path ``$...``,
  or ``line L, column C`` / ``byte N`` when it is not JSON); nothing raises;
- ``.env`` files a config's ``envFile`` names: problems at the ``envFile`` path naming the file
  (and the line); nothing raises;
- recording files, version 2 and version 1 (:meth:`Recording.load`): :class:`RecordingError`
  naming the file, or a recording whose load problems each name their line; nothing else;
- the saved servers, ``servers.json`` and ``secrets.json`` (:class:`ProfileStore`): the demo
  and what could be read, problems naming the file; nothing raises.

Inputs are mutations of real valid files (the fixtures in tests/fixtures/configs/, a recording
with everything the format holds written by the real writer) and garbage: truncations, deleted
and inserted slices, integers of thousands of digits, deep nesting, invalid UTF-8, NUL bytes,
BOMs, CRLF line ends, lone surrogate escapes, a JSON subtree swapped for any JSON value.
"""

from __future__ import annotations

import os
import re
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Any

import orjson
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from recording_samples import as_version_1, synthetic_session

from inspector.session.imports import FORMATS, PLACES, ImportResult, Surroundings, parse_config, read_config
from inspector.session.profiles import DEMO_ID, ProfileStore
from inspector.session.recording import READ_BLOCK, Recording, RecordingError

CONFIGS = Path(__file__).resolve().parents[1] / "fixtures" / "configs"
FIXTURES = sorted(p for p in CONFIGS.rglob("*") if p.is_file() and p.suffix == ".json")
SETTINGS = settings(
    max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)
WHERE = Surroundings(
    Path("/home/someone"), {"HOME": "/home/someone", "INSPECTOR_FIXTURE_VALUE": "v"}, Path("/work/space")
)
PLACE_TEXTS = tuple(
    re.compile(
        re.escape(t).replace(r"\{line\}", r"\d+").replace(r"\{column\}", r"\d+").replace(r"\{offset\}", r"\d+") + r"\Z"
    )
    for t in PLACES.values()
)

# ---------------------------------------------------------------------- strategies

#: what hostile files hold, spliced in anywhere
TOKENS = [
    b"9" * 5000,  # more digits than Python's int() takes
    b"-" + b"1" * 4301,
    b"1e999999",
    b"NaN",
    b"-Infinity",
    b"[" * 3000 + b"]" * 3000,  # deeper than the parser goes
    b"[" * 900 + b"]" * 900,  # just within it
    b'{"a":' * 700 + b"1" + b"}" * 700,
    b"\x00",
    b'"\\u0000"',
    b'"\\ud800"',  # a lone surrogate
    b"\xff\xfe",
    b"\xc3",  # a cut UTF-8 character
    b"\xef\xbb\xbf",  # a BOM, in the middle
    b"\r\n",
    b"//",
    b"/*",
    b",",
    b'"${input:api-key}"',
    b'"${env:HOME}${userHome}${workspaceFolder}${/}${unknown}"',
    b'"' + b"x" * 70000 + b'"',
]

JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=30)
    | st.sampled_from(
        [
            "${input:api-key}",
            "${env:HOME}",
            "${workspaceFolder}/x",
            "stdio",
            "http",
            "sse",
            "streamable-http",
            "npm",
            "pypi",
            "oci",
            "named",
            "positional",
            "-",
            "",
            "ghp_" + "a1B2" * 8,
        ]
    ),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "command",
                    "args",
                    "env",
                    "url",
                    "type",
                    "headers",
                    "envFile",
                    "cwd",
                    "name",
                    "value",
                    "id",
                    "packages",
                    "remotes",
                    "inputs",
                    "servers",
                    "mcpServers",
                    "x",
                ]
            )
            | st.text(max_size=8),
            inner,
            max_size=4,
        )
    ),
    max_leaves=12,
)


@st.composite
def mutated_bytes(draw: st.DrawFn, original: bytes) -> bytes:
    """``original`` with a few byte-level changes: cut, slices deleted or duplicated, tokens
    and random bytes inserted, line ends turned to CRLF, a BOM put in front."""
    data = original
    for _ in range(draw(st.integers(1, 3))):
        n = len(data)
        op = draw(st.sampled_from(["truncate", "delete", "insert", "token", "byte", "crlf", "bom", "dup"]))
        i = draw(st.integers(0, n))
        j = draw(st.integers(i, min(n, i + 64)))
        if op == "truncate":
            data = data[:i]
        elif op == "delete":
            data = data[:i] + data[j:]
        elif op == "insert":
            data = data[:i] + draw(st.binary(max_size=12)) + data[i:]
        elif op == "token":
            data = data[:i] + draw(st.sampled_from(TOKENS)) + data[j:]
        elif op == "byte" and i < n:
            data = data[:i] + bytes([draw(st.integers(0, 255))]) + data[i + 1 :]
        elif op == "crlf":
            data = data.replace(b"\n", b"\r\n")
        elif op == "bom":
            data = draw(st.sampled_from([b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff"])) + data
        elif op == "dup":
            data = data[:j] + data[i:j] + data[j:]
    return data


@st.composite
def swapped_subtree(draw: st.DrawFn, doc: Any) -> Any:
    """``doc`` (parsed JSON) with one value somewhere in it replaced by any JSON value."""
    if not isinstance(doc, (dict, list)) or not doc or draw(st.integers(0, 3)) == 0:
        return draw(JSON_VALUES)
    if isinstance(doc, dict):
        key = draw(st.sampled_from(sorted(doc)))
        return {**doc, key: draw(swapped_subtree(doc[key]))}
    n = draw(st.integers(0, len(doc) - 1))
    return [*doc[:n], draw(swapped_subtree(doc[n])), *doc[n + 1 :]]


def _json(path: Path) -> Any:
    from inspector.session.imports import strip_jsonc

    return orjson.loads(strip_jsonc(path.read_text(encoding="utf-8")))


@st.composite
def config_files(draw: st.DrawFn) -> tuple[str, bytes]:
    """(file name, content): a fixture changed at the JSON level or the byte level, or garbage."""
    path = draw(st.sampled_from(FIXTURES))
    how = draw(st.sampled_from(["tree", "bytes", "both", "garbage"]))
    if how == "garbage":
        return path.name, draw(st.binary(max_size=300))
    data = path.read_bytes()
    if how in ("tree", "both"):
        try:
            data = orjson.dumps(draw(swapped_subtree(_json(path))), option=orjson.OPT_INDENT_2)
        except (
            orjson.JSONDecodeError,
            orjson.JSONEncodeError,
        ):  # a malformed fixture, or a value orjson does not write
            pass
    if how in ("bytes", "both"):
        data = draw(mutated_bytes(data))
    return path.name, data


# ---------------------------------------------------------------------- checks


def assert_named(result: ImportResult, file: str) -> None:
    assert isinstance(result, ImportResult) and result.file == file
    for p in result.problems:
        assert p.file == file
        assert p.path.startswith("$") or any(r.match(p.path) for r in PLACE_TEXTS), p
        text = str(p)
        assert text.startswith(f"{file}: {p.path}: ") and p.message, text
        p.render(lambda _context, s: s)  # the UI's way of showing it (a Translate) works too
    keys = [s.key for s in result.servers]
    assert set(keys) <= set(result.entries)
    for key, why in result.left_out().items():  # a server left out says why
        assert why or any(p.skipped and not p.server for p in result.problems), (key, result.problems)
    for s in result.servers:
        result.profile(s, {})  # can be made into a profile with no values typed


@SETTINGS
@given(config_files(), st.sampled_from([None, *FORMATS]))
@example(
    ("mcp.json", b'{"mcpServers": {"a": {"command": "node", "args": [' + b"7" * 5000 + b"]}}}"), None
)  # issue 21: ValueError before
@example(("mcp.json", b'{"servers": {"a": {"command": "node", "env": {"X": ' + b"[" * 990 + b"]" * 990 + b"}}}}"), None)
@example(
    (
        "server.json",
        b'{"name": "x", "packages": [{"registryType": "npm", "identifier": "p", "environmentVariables": [{"name": '
        b'"K", "default": ' + b"9" * 4400 + b"}]}]}",
    ),
    None,
)
def test_config_text_never_raises_and_every_problem_names_its_place(case: tuple[str, bytes], fmt: str | None) -> None:
    name, data = case
    text = data.decode("utf-8", "replace")
    result = parse_config(text, file=name, fmt=fmt, surroundings=WHERE, base=Path("/nonexistent/base"))
    assert_named(result, name)


@SETTINGS
@given(config_files(), st.sampled_from(["mcp.json", "claude_desktop_config.json", "server.json", "mcp_config.json"]))
def test_config_files_never_raise_and_name_their_place(case: tuple[str, bytes], name: str) -> None:
    """Any bytes (invalid UTF-8, BOMs, NULs) read from a real file, in a workspace's .vscode."""
    _, data = case
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / ".vscode" / name
        path.parent.mkdir()
        path.write_bytes(data)
        result = read_config(path, surroundings=WHERE)
    assert_named(result, name)
    if not data.startswith(b"\xef\xbb\xbf") and b"\xff" in data[:1]:
        assert any(p.code == "not_utf8" and p.path.startswith("byte ") for p in result.problems)


@SETTINGS
@given(mutated_bytes((CONFIGS / "workspace" / ".env").read_bytes()) | st.binary(max_size=200))
def test_env_files_never_raise_and_name_the_file_and_line(env: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / ".env").write_bytes(env)
        config = Path(folder) / "mcp.json"
        config.write_text('{"servers": {"s": {"command": "node", "envFile": "${workspaceFolder}/.env"}}}')
        result = read_config(config, surroundings=Surroundings(Path(folder), {}, Path(folder)))
    assert_named(result, "mcp.json")
    assert [s.key for s in result.servers] == ["s"]  # a bad .env never loses the server
    for p in result.problems:
        assert p.path == "$.servers.s.envFile" and ".env" in p.message, p
    for var in result.servers[0].profile.env:
        assert "\0" not in var.name + var.value and var.secret  # a NUL cannot go into an environment


# ---------------------------------------------------------------------- recordings


@lru_cache(maxsize=1)
def recordings() -> tuple[bytes, bytes]:
    """A recording with everything the format holds (two entries over 1 MiB, written in slices,
    one not UTF-8), version 2 and 1."""
    folder = Path(tempfile.mkdtemp(prefix="parsers-property-"))
    path = synthetic_session(folder / "v2.jsonl", notes=60)
    v1 = as_version_1(path, folder / "v1.jsonl")
    return path.read_bytes(), v1.read_bytes()


@st.composite
def recording_files(draw: st.DrawFn) -> bytes:
    v2, v1 = recordings()
    how = draw(st.sampled_from(["v2", "v1", "line", "garbage"]))
    if how == "garbage":
        return draw(st.binary(max_size=400))
    data = v2 if how != "v1" else v1
    if how == "line":  # one entry's JSON swapped for any value at some depth
        lines = data.splitlines(keepends=True)
        n = draw(st.integers(0, len(lines) - 1))
        try:
            lines[n] = orjson.dumps(draw(swapped_subtree(orjson.loads(lines[n])))) + b"\n"
        except orjson.JSONEncodeError:
            pass
        return b"".join(lines)
    return draw(mutated_bytes(data))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(recording_files(), st.sampled_from([None, READ_BLOCK]))
def test_recordings_load_or_raise_one_error_naming_the_file(data: bytes, max_line: int | None) -> None:
    """Loaded as it is, and with the least line limit (the huge entries are then cut)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "any.jsonl"
        path.write_bytes(data)
        try:
            rec = Recording.load(path, max_line=max_line)
        except RecordingError as exc:
            assert str(exc).startswith("any.jsonl: "), exc
            return
    lines = data.count(b"\n") + 1
    assert rec.load_problem_count >= len(rec.load_problems)
    for line, reason in rec.load_problems:
        assert reason and (line is None or 1 <= line <= lines), (line, reason)
        if line is None:  # the only problems not on a line: pairings checked at the end, a stopped load
            assert reason.startswith("entry "), reason
    for i in range(len(rec)):  # every entry can be shown and written again
        e = rec[i]
        assert e.seq == i and (e.paired is None or 0 <= e.paired < len(rec))
        e.to_json()
    rec.json_lines(0, len(rec))


# ---------------------------------------------------------------------- saved servers


@st.composite
def store_files(draw: st.DrawFn) -> tuple[bytes, bytes]:
    """servers.json and secrets.json as the store writes them, then changed."""
    from inspector.session.profiles import EnvVar, ServerProfile

    with tempfile.TemporaryDirectory() as folder:
        store = ProfileStore(Path(folder))
        p = ServerProfile(
            name="saved", command="node", args=["s.js"], env=[EnvVar("TOKEN", "t0k3n", True), EnvVar("A", "b")]
        )
        store.save([p])
        servers, secrets = store.path.read_bytes(), store.secrets_path.read_bytes()
    out = []
    for data in (servers, secrets):
        how = draw(st.sampled_from(["same", "tree", "bytes", "garbage"]))
        if how == "tree":
            try:
                data = orjson.dumps(draw(swapped_subtree(orjson.loads(data))))
            except orjson.JSONEncodeError:  # an integer orjson does not write
                pass
        elif how == "bytes":
            data = draw(mutated_bytes(data))
        elif how == "garbage":
            data = draw(st.binary(max_size=100))
        out.append(data)
    return out[0], out[1]


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(store_files())
def test_saved_servers_load_whatever_the_files_hold(files: tuple[bytes, bytes]) -> None:
    servers, secrets = files
    with tempfile.TemporaryDirectory() as folder:
        store = ProfileStore(Path(folder))
        store.path.write_bytes(servers)
        store.secrets_path.write_bytes(secrets)
        profiles = store.load()
    assert profiles and profiles[0].id == DEMO_ID
    for problem in store.load_problems:
        assert problem.file.endswith(("servers.json", "secrets.json")) and str(problem).startswith(problem.file), (
            problem
        )
    for p in profiles:
        assert isinstance(p.name, str) and all(isinstance(a, str) for a in p.args)
        assert all(isinstance(v.value, str) for v in [*p.env, *p.headers])


def test_the_strategies_reach_what_they_are_for() -> None:
    """Not vacuous: the fixtures are there, and the recording the loader tests start from is
    one with entries and no problems, in both versions."""
    assert len(FIXTURES) >= 8 and os.path.getsize(CONFIGS / "workspace" / ".env") > 0
    v2, v1 = recordings()
    for data in (v2, v1):
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "r.jsonl"
            path.write_bytes(data)
            rec = Recording.load(path)
        assert len(rec) > 50 and rec.load_problems == []
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "r.jsonl"
            path.write_bytes(data)
            cut = Recording.load(path, max_line=READ_BLOCK)
        assert len(cut) == len(rec) and sum("damaged" in cut.extra_at(i) for i in range(len(cut))) == 2
