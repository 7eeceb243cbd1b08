"""Servers from other clients' configuration files (inspector.session.imports), headless.

The sample files are in tests/fixtures/configs/: one of each format (Claude Desktop, VS Code in
a workspace, Cursor in a project, Windsurf, the MCP Inspector, a registry server.json) and the
malformed ones (bad JSON, wrong types, an unknown transport type, missing command and URL).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import orjson
import pytest

from inspector.session.imports import (
    ConfigLocation,
    ImportProblem,
    Surroundings,
    default_locations,
    detect_format,
    existing_locations,
    export_entry,
    import_profiles,
    looks_secret,
    parse_config,
    read_config,
    secret_kind,
    strip_jsonc,
    unique_name,
)
from inspector.session.profiles import EnvVar, ProfileStore, ServerProfile
from inspector.session.stderr_digest import stderr_digest

CONFIGS = Path(__file__).resolve().parent.parent / "fixtures" / "configs"
WORKSPACE = CONFIGS / "workspace"
HOME = Path("/home/ada")


def where(workspace: Path | None = None, **env: str) -> Surroundings:
    return Surroundings(HOME, env, workspace)


def servers(result) -> dict:
    return {s.key: s for s in result.servers}


def problems(result) -> list[str]:
    return [str(p) for p in result.problems]


# ---------------------------------------------------------------------- each format


def test_claude_desktop_commands_args_and_env() -> None:
    result = read_config(CONFIGS / "claude_desktop_config.json")
    assert result.format == "claude-desktop"
    found = servers(result)
    assert list(found) == ["demo", "github", "filesystem"]
    demo = found["demo"].profile
    assert (demo.transport, demo.command, demo.args, demo.env) == ("stdio", "python", ["-m", "inspector.demo"], [])
    github = found["github"].profile
    assert github.args == ["-y", "@modelcontextprotocol/server-github"]
    assert [(v.name, v.value, v.secret) for v in github.env] == [
        ("GITHUB_PERSONAL_ACCESS_TOKEN", "ghp_claude_fixture_secret", True),  # the name says token
        ("GITHUB_API_URL", "https://api.github.com", False),
    ]
    # Claude Desktop expands nothing: the variable stays and the import says so
    assert found["filesystem"].profile.args[-1] == "${HOME}/notes"
    assert problems(result) == [
        "claude_desktop_config.json: $.mcpServers.filesystem.args[3]: Claude Desktop does not expand variables: "
        "${HOME} left as written"
    ]
    assert not any(p.skipped for p in result.problems)


def test_vscode_workspace_types_inputs_variables_and_env_file() -> None:
    result = read_config(
        WORKSPACE / ".vscode" / "mcp.json",
        surroundings=where(WORKSPACE, INSPECTOR_FIXTURE_VALUE="from the environment"),
    )
    assert result.format == "vscode"  # comments and trailing commas are accepted
    found = servers(result)
    assert list(found) == ["demo", "weather", "remote-tools", "legacy-sse"]
    assert {i.id: (i.password, i.default, i.choices) for i in result.inputs.values()} == {
        "api-key": (True, "", ()),
        "demo-lang": (False, "en", ("en", "zh_CN")),
    }
    weather = found["weather"]
    p = weather.profile
    assert p.command == f"{WORKSPACE}/bin/weather-server"
    assert p.args == ["--data", f"{WORKSPACE}/data", "--home", str(HOME)]
    env = {v.name: (v.value, v.secret) for v in p.env}
    assert env == {
        "WEATHER_REGION": ("eu", True),  # from envFile: every value of a .env file is kept secret
        "WEATHER_SECRET_TOKEN": ("from-env-file", True),
        "WEATHER_UNITS": ("metric", False),  # env wins over envFile
        "WEATHER_API_KEY": ("${input:api-key}", True),  # a password input: secret
        "FROM_ENV": ("from the environment", False),
    }
    assert weather.inputs == ("api-key",)
    remote = found["remote-tools"].profile
    assert (remote.transport, remote.url) == ("http-auto", "https://mcp.example.com/mcp")
    assert [(h.name, h.value, h.secret) for h in remote.headers] == [
        ("Authorization", "Bearer ${input:api-key}", True),
        ("X-Workshop", "7", False),
    ]
    assert found["legacy-sse"].profile.transport == "sse"
    assert result.problems == []
    # the inputs are put in at import
    profile = result.profile(found["demo"], {"demo-lang": "zh_CN"})
    assert profile.args == ["-m", "inspector.demo", "--lang", "zh_CN"]
    assert result.profile(found["demo"], {}).args[-1] == "en"  # the default
    filled = result.profile(found["remote-tools"], {"api-key": "s3cret"})
    assert [(h.name, h.value, h.secret) for h in filled.headers][0] == ("Authorization", "Bearer s3cret", True)


def test_vscode_user_file_has_no_workspace_and_an_unset_variable_is_said() -> None:
    text = (WORKSPACE / ".vscode" / "mcp.json").read_text()
    result = parse_config(text, file="mcp.json", surroundings=where(None))
    weather = servers(result)["weather"].profile
    assert weather.command == "${workspaceFolder}/bin/weather-server"
    said = problems(result)
    assert (
        "mcp.json: $.servers.weather.command: ${workspaceFolder}: this file is not in a workspace's .vscode or "
        ".cursor folder; left as written" in said
    )
    assert any("$.servers.weather.env.FROM_ENV" in p and "INSPECTOR_FIXTURE_VALUE is not set" in p for p in said)
    assert any("$.servers.weather.envFile" in p and "cannot read" in p for p in said)


def test_cursor_project_file_local_and_remote() -> None:
    result = read_config(WORKSPACE / ".cursor" / "mcp.json", surroundings=where(WORKSPACE))
    assert result.format == "cursor"
    found = servers(result)
    notes = found["local-notes"].profile
    assert notes.command == "uvx" and notes.args == ["mcp-notes", "--root", str(WORKSPACE)]
    assert [(v.name, v.secret) for v in notes.env] == [("NOTES_API_KEY", True)]
    remote = found["remote-search"].profile
    assert (remote.transport, remote.url) == ("http-auto", "https://search.example.com/mcp")
    assert [(h.name, h.secret) for h in remote.headers] == [("X-Api-Key", True), ("X-Client", False)]
    assert result.problems == []


def test_windsurf_server_url() -> None:
    result = read_config(CONFIGS / "mcp_config.json")
    assert result.format == "windsurf"
    found = servers(result)
    assert found["windsurf-local"].profile.command_line == "node /opt/servers/local.js"
    remote = found["windsurf-remote"].profile
    assert (remote.transport, remote.url) == ("http-auto", "https://windsurf.example.com/sse")
    assert [(h.name, h.value, h.secret) for h in remote.headers] == [
        ("Authorization", "Bearer windsurf-fixture-token", True)
    ]
    assert result.problems == []  # "disabled": false is nothing to say


def test_mcp_inspector_catalog_types() -> None:
    result = read_config(CONFIGS / "inspector" / "mcp.json")
    assert result.format == "mcp-inspector"
    assert {s.key: (s.profile.transport, s.target()) for s in result.servers} == {
        "everything": ("stdio", "npx @modelcontextprotocol/server-everything"),
        "events": ("sse", "http://localhost:3000/sse"),
        "streamable": ("streamable-http", "http://localhost:3000/mcp"),
    }


def test_registry_packages_and_remotes() -> None:
    result = read_config(CONFIGS / "server.json")
    assert result.format == "registry"
    found = servers(result)
    assert list(found) == ["Weather (npm)", "Weather (pypi)", "Weather (oci)", "Weather (streamable-http)"]
    npm = found["Weather (npm)"]
    assert npm.profile.command == "npx"
    key = "Weather (npm): WEATHER_API_KEY"
    assert result.inputs[key].required and result.inputs[key].password
    assert result.inputs["Weather (npm): WEATHER_REGION"].default == "eu"
    assert result.unfilled([npm], {}) == [result.inputs[key]]
    p = result.profile(npm, {key: "k-123", "Weather (npm): --cache-dir": ""})
    # npx never stops to ask (stdin is the MCP channel); an optional argument left empty is left out
    assert p.args == ["-y", "@example/weather-mcp@1.4.0", "serve", "--units", "metric"]
    assert [(v.name, v.value, v.secret) for v in p.env] == [
        ("WEATHER_API_KEY", "k-123", True),
        ("WEATHER_REGION", "eu", False),
    ]
    assert result.profile(npm, {key: "k", "Weather (npm): --cache-dir": "/tmp/c"}).args[-2:] == [
        "--cache-dir",
        "/tmp/c",
    ]
    assert found["Weather (pypi)"].target() == "uvx weather-mcp==1.4.0"
    oci = result.profile(found["Weather (oci)"], {"Weather (oci): WEATHER_API_KEY": "k"})
    assert oci.command_line == "docker run -i --rm -e WEATHER_API_KEY docker.io/example/weather-mcp:1.4.0"
    remote_key = "Weather (streamable-http): Authorization.token"
    remote = result.profile(found["Weather (streamable-http)"], {remote_key: "tok"})
    assert (remote.transport, remote.url) == ("streamable-http", "https://weather.example.com/mcp")
    assert [(h.name, h.value, h.secret) for h in remote.headers] == [("Authorization", "Bearer tok", True)]


def test_a_registry_package_that_cannot_be_started_is_said() -> None:
    doc = {
        "name": "io.example/x",
        "packages": [
            {"registryType": "mcpb", "identifier": "https://example.com/x.mcpb", "version": "1"},
            {
                "registryType": "npm",
                "identifier": "x",
                "version": "1",
                "transport": {"type": "streamable-http", "url": "http://localhost:{port}/mcp"},
            },
            {"registryType": "cargo", "identifier": "x", "version": "1"},
        ],
    }
    result = parse_config(json.dumps(doc), file="server.json")
    assert result.servers == []
    assert [(p.path, p.skipped) for p in result.problems] == [
        ("$.packages[0].registryType", True),
        ("$.packages[1].transport", True),
        ("$.packages[2].registryType", True),
    ]


def test_a_registry_placeholder_without_its_variable_is_kept_as_written_and_said() -> None:
    """``{name}`` in a remote's URL, a header's value or an argument's value that ``variables`` does
    not define (no ``variables`` at all, or not as an object) stays as written, and the import
    says so where it is (it used to pass silently: the server then failed to connect)."""
    doc = {
        "name": "io.example/x",
        "remotes": [
            {
                "type": "streamable-http",
                "url": "https://{tenant}.example.com/mcp",
                "headers": [{"name": "X-Region", "value": "{region}", "variables": {"region": "eu"}}],
            }
        ],
        "packages": [
            {
                "registryType": "npm",
                "identifier": "x",
                "version": "1",
                "packageArguments": [{"type": "positional", "value": "--port={port}"}],
            }
        ],
    }
    result = parse_config(json.dumps(doc), file="server.json")
    remote = next(s for s in result.servers if s.profile.url)
    assert remote.profile.url == "https://{tenant}.example.com/mcp"
    assert [h.value for h in remote.profile.headers] == ["{region}"]
    assert [(p.path, p.message, p.skipped) for p in result.problems] == [
        ("$.packages[0].packageArguments[0].value", '{port} is not defined in "variables": left as written', False),
        ("$.remotes[0].url", '{tenant} is not defined in "variables": left as written', False),
        ("$.remotes[0].headers[0].value", '{region} is not defined in "variables": left as written', False),
    ]


# ---------------------------------------------------------------------- problems


def test_bad_json_says_line_and_column() -> None:
    result = read_config(CONFIGS / "malformed" / "claude_desktop_config.json")
    assert result.servers == []
    assert problems(result) == ["claude_desktop_config.json: line 5, column 7: not valid JSON: Expecting ',' delimiter"]
    assert result.problems[0].skipped


def test_comments_keep_the_line_and_column_of_an_error() -> None:
    text = '// a comment\n/* two\n lines */ {"mcpServers": {"a": {"command": "x",}},\n  "b" 1}\n'
    result = parse_config(text, file="mcp.json")
    assert problems(result) == ["mcp.json: line 4, column 7: not valid JSON: Expecting ':' delimiter"]
    assert json.loads(strip_jsonc('{"a": "// not a comment", "b": [1, 2,],}')) == {"a": "// not a comment", "b": [1, 2]}


def test_wrong_types_name_the_file_and_the_json_path() -> None:
    result = read_config(CONFIGS / "malformed" / "wrong_types.json")
    found = servers(result)
    assert list(found) == ["numbers", "bad-env", "extra-keys"]
    assert found["numbers"].profile.args == ["server.js", "--port", "8080"]  # a number is taken as its text, and said
    assert [v.name for v in found["bad-env"].profile.env] == ["GOOD"]
    assert [(str(p), p.skipped) for p in result.problems] == [
        ("wrong_types.json: $.mcpServers.numbers.args[2]: expected a string, found a number; used as '8080'", False),
        ('wrong_types.json: $.mcpServers["object-arg"].args[1]: expected a string, found an object', True),
        (
            'wrong_types.json: $.mcpServers["bad-command"].command: expected the program to start (a non-empty '
            "string), found a number",
            True,
        ),
        ('wrong_types.json: $.mcpServers["bad-env"].env.BAD: expected a string, found an object', False),
        (
            'wrong_types.json: $.mcpServers["not-an-object"]: expected an object (the server\'s settings), found a '
            "string",
            True,
        ),
        (
            'wrong_types.json: $.mcpServers["no-command"]: neither "command" (a program to start) nor "url" (a '
            "server to reach): nothing to import",
            True,
        ),
        (
            "wrong_types.json: $.mcpServers[\"unknown-type\"].type: unknown transport type 'websocket' (expected "
            "stdio, sse or streamable-http)",
            True,
        ),
        (
            'wrong_types.json: $.mcpServers["extra-keys"].autoApprove: not imported: the inspector has no such setting',
            False,
        ),
    ]
    assert {p.server for p in result.problems if p.skipped} == {
        "object-arg",
        "bad-command",
        "not-an-object",
        "no-command",
        "unknown-type",
    }


def test_unknown_type_missing_command_and_url_and_an_undefined_input() -> None:
    result = read_config(CONFIGS / "malformed" / "unknown_type_mcp.json")
    assert [s.key for s in result.servers] == ["undefined-input"]
    assert [(p.path, p.skipped) for p in result.problems] == [
        ("$.servers.socket.type", True),
        ('$.servers["missing-command"]', True),
        ('$.servers["missing-url"]', True),
        ('$.servers["undefined-input"].env.TOKEN', False),
    ]
    assert "unknown transport type 'websocket' (expected stdio, http or sse)" in result.problems[0].message
    assert "no input 'nowhere' is defined in $.inputs" in result.problems[3].message


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("array.json", "array.json: $: expected a JSON object, found an array"),
        (
            "unknown_format.json",
            'unknown_format.json: $: not a known MCP configuration: no "mcpServers", "servers", or registry '
            '"packages"/"remotes"',
        ),
        ("missing.json", "cannot read"),
    ],
)
def test_files_that_are_not_configurations(name: str, message: str) -> None:
    result = read_config(CONFIGS / "malformed" / name)
    assert result.servers == []
    assert message in str(result.problems[0]) and result.problems[0].skipped


def test_a_credential_in_a_url_or_argument_is_said() -> None:
    text = json.dumps(
        {
            "inputs": [{"id": "pw", "type": "promptString", "password": True}],
            "servers": {
                "q": {"url": "https://x.example/mcp?api_key=abc"},
                "a": {"command": "srv", "args": ["--password", "${input:pw}"]},
            },
        }
    )
    result = parse_config(text, file="mcp.json")
    said = problems(result)
    assert (
        "mcp.json: $.servers.q.url: the URL carries what looks like a credential (api_key): the URL is kept in "
        "secrets.json, masked elsewhere" in said
    )
    assert (
        "mcp.json: $.servers.a.args[1]: holds a password input: kept in secrets.json as the secret variable PASSWORD; "
        "the argument reads ${secret:PASSWORD}, filled in when the server starts"
    ) in said
    (a,) = [s for s in result.servers if s.key == "a"]
    p = result.profile(a, {"pw": "typed-pw"})
    assert p.args == ["--password", "${secret:PASSWORD}"] and [(v.name, v.value, v.secret) for v in p.env] == [
        ("PASSWORD", "typed-pw", True)
    ]


# ---------------------------------------------------------------------- detection


@pytest.mark.parametrize(
    ("data", "file", "folder", "fmt"),
    [
        ({"mcpServers": {"a": {"command": "x"}}}, "claude_desktop_config.json", None, "claude-desktop"),
        ({"mcpServers": {"a": {"command": "x"}}}, "mcp_config.json", None, "windsurf"),
        ({"mcpServers": {"a": {"serverUrl": "http://h/"}}}, "x.json", None, "windsurf"),
        ({"mcpServers": {"a": {"command": "x"}}}, "mcp.json", Path("/p/.cursor"), "cursor"),
        ({"mcpServers": {"a": {"type": "streamable-http", "url": "http://h/"}}}, "mcp.json", None, "mcp-inspector"),
        ({"mcpServers": {"a": {"command": "x"}}}, "mcp.json", None, "mcp-servers"),
        ({"servers": {}, "inputs": []}, "mcp.json", None, "vscode"),
        ({"mcp": {"servers": {}}}, "settings.json", None, "vscode"),
        ({"name": "io.x/y", "packages": []}, "server.json", None, "registry"),
        (
            {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json"},
            "a.json",
            None,
            "registry",
        ),
        ({"other": 1}, "mcp.json", None, None),
    ],
)
def test_the_format_is_told_from_the_content_and_the_name(data, file, folder, fmt) -> None:
    assert detect_format(data, file, folder) == fmt


def test_a_format_hint_wins() -> None:
    text = '{"mcpServers": {"a": {"command": "x", "args": ["${userHome}"]}}}'
    assert parse_config(text, file="x.json", fmt="claude-desktop", surroundings=where()).servers[0].profile.args == [
        "${userHome}"
    ]
    assert parse_config(text, file="x.json", fmt="cursor", surroundings=where()).servers[0].profile.args == [str(HOME)]
    with pytest.raises(ValueError):
        parse_config(text, fmt="nonsense")


# ---------------------------------------------------------------------- import, secrets, names


def test_imported_secrets_go_to_secrets_json_never_to_servers_json(tmp_path: Path) -> None:
    vscode = read_config(WORKSPACE / ".vscode" / "mcp.json", surroundings=where(WORKSPACE))
    registry = read_config(CONFIGS / "server.json")
    claude = read_config(CONFIGS / "claude_desktop_config.json")
    taken = ["Demo server (built in)", "demo"]
    added = import_profiles(vscode, vscode.servers, {"api-key": "vs-password-input"}, taken)
    added += import_profiles(
        registry,
        [registry.server("Weather (streamable-http)")],
        {"Weather (streamable-http): Authorization.token": "registry-token"},
        taken + [p.name for p in added],
    )
    added += import_profiles(
        claude, [claude.server("github"), claude.server("demo")], {}, taken + [p.name for p in added]
    )
    assert [p.name for p in added] == [
        "demo (2)",
        "weather",
        "remote-tools",
        "legacy-sse",
        "Weather (streamable-http)",
        "github",
        "demo (3)",
    ]
    assert len({p.id for p in added}) == len(added)
    store = ProfileStore(tmp_path)
    store.save(added)
    servers_json = store.path.read_text()
    secrets_json = store.secrets_path.read_text()
    for secret in ("vs-password-input", "registry-token", "ghp_claude_fixture_secret", "from-env-file"):
        assert secret not in servers_json
        assert secret in secrets_json
    assert "X-Workshop" in servers_json and '"7"' in servers_json  # not a secret
    loaded = {p.name: p for p in store.load()}
    assert {h.name: h.value for h in loaded["remote-tools"].headers} == {
        "Authorization": "Bearer vs-password-input",
        "X-Workshop": "7",
    }
    assert {v.name: v.value for v in loaded["github"].env}[
        "GITHUB_PERSONAL_ACCESS_TOKEN"
    ] == "ghp_claude_fixture_secret"


def test_secrets_are_judged_by_their_values_too(tmp_path: Path) -> None:
    """A Claude Desktop file whose names say nothing: the values are a GitHub token, a database
    URL with its password and a Slack token. The env values go to secrets.json, and so do the
    secrets the arguments held: each argument names a secret variable (``${secret:NAME}``, put
    in when the server starts) instead, and is said with its JSON path."""
    config = tmp_path / "claude_desktop_config.json"
    config.write_text(
        json.dumps(
            {
                "mcpServers": {
                    "db": {
                        "command": "npx",
                        "args": [
                            "-y",
                            "@modelcontextprotocol/server-postgres",
                            "postgresql://admin:S3cretPw@db/app",
                            "--bot",
                            "xoxb-1234567890-abcdefghijkl",
                        ],
                        "env": {
                            "GITHUB_PAT": "ghp_abc",
                            "DATABASE_URL": "postgres://u:pw123@h/db",
                            "HOOK": "sk-proj-Abc123def456ghi789jkl",
                            "MODE": "fast",
                        },
                    },
                    "flags": {
                        "command": "srv",
                        "args": [
                            "--password",
                            "hunter2",
                            "--api-key=k-42",
                            "--api-key-file",
                            "/etc/k",
                            "--auth-type",
                            "bearer",
                        ],
                    },
                    "remote": {
                        "url": "https://bot:tok3n@mcp.example.com/mcp",
                        "headers": {"X-Forward": "Bearer abcdefgh12345678", "X-Trace": "on"},
                    },
                }
            }
        )
    )
    result = read_config(config)
    db, flags, remote = (servers(result)[k].profile for k in ("db", "flags", "remote"))
    assert {v.name: v.secret for v in db.env} == {
        "GITHUB_PAT": True,
        "DATABASE_URL": True,
        "HOOK": True,
        "MODE": False,
        "SECRET_ARG_2": True,
        "BOT": True,
    }
    assert db.args == [
        "-y",
        "@modelcontextprotocol/server-postgres",
        "${secret:SECRET_ARG_2}",
        "--bot",
        "${secret:BOT}",
    ]
    assert flags.args == [
        "--password",
        "${secret:PASSWORD}",
        "--api-key=${secret:API_KEY}",
        "--api-key-file",
        "/etc/k",
        "--auth-type",
        "bearer",
    ]
    assert {v.name: v.value for v in flags.env} == {"PASSWORD": "hunter2", "API_KEY": "k-42"}
    assert {h.name: h.secret for h in remote.headers} == {"X-Forward": True, "X-Trace": False}
    said = {p.path: p for p in result.problems}
    assert str(said["$.mcpServers.db.args[2]"]) == (
        "claude_desktop_config.json: $.mcpServers.db.args[2]: holds a password in a URL: kept in secrets.json as "
        "the secret "
        "variable SECRET_ARG_2; the argument reads ${secret:SECRET_ARG_2}, filled in when the server starts"
    )
    assert said["$.mcpServers.db.args[4]"].message.startswith("holds a token: ")
    assert said["$.mcpServers.flags.args[1]"].message.startswith("holds a password: ")  # after --password
    assert said["$.mcpServers.flags.args[2]"].message.startswith("holds a password: ")  # --api-key=…
    assert (
        said["$.mcpServers.remote.url"].message
        == "the URL holds a password: the URL is kept in secrets.json, masked elsewhere"
    )
    for quiet in ("db.args[0]", "db.args[1]", "db.args[3]", "flags.args[0]", "flags.args[4]", "flags.args[6]"):
        assert "$.mcpServers." + quiet not in said  # a flag, a package, a path, --auth-type's value
    assert all(p.code == "arg_secret" for p in result.problems if ".args[" in p.path)
    store = ProfileStore(tmp_path / "store")
    store.save(import_profiles(result, result.servers, {}, []))
    servers_json, secrets_json = store.path.read_text(), store.secrets_path.read_text()
    for secret in (
        "ghp_abc",
        "pw123",
        "sk-proj-Abc123def456ghi789jkl",
        "abcdefgh12345678",
        "S3cretPw",
        "xoxb-1234567890",
        "hunter2",
        "k-42",
    ):
        assert secret not in servers_json and secret in secrets_json
    # when the server starts, the arguments carry the values; what is shown and recorded masks them
    spec = {p.name: p for p in store.load()}["db"].to_spec()
    assert spec.argv[3] == "postgresql://admin:S3cretPw@db/app" and spec.argv[5] == "xoxb-1234567890-abcdefghijkl"
    assert "S3cretPw" not in " ".join(spec.shown()) and "xoxb" not in str(spec.describe())


@pytest.mark.parametrize(
    "value",
    [
        "/usr/local/lib/node_modules/@modelcontextprotocol/server-filesystem/dist/index.js",
        "ghcr.io/github/github-mcp-server:latest",
        "11f6ad8ec52a2984abaafd7c3b516503785c2072",  # a commit
        "sha256:2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db0225871792168345",
        "ca0225ae-62b1-4493-ab03-b945c4a349f3",
        "MyVeryLongClassNameWithVersion2024AndMore",
        "ANTHROPIC_API_BASE_URL_FOR_TESTS_2024",
        "postgres://user@localhost/db",
        "postgres://u:${DB_PASS}@h/db",  # a reference, not the password
        "https://example.com/mcp?mode=fast",
        "${env:GITHUB_TOKEN}",
        "task-0123456789abcdefABCDEF",
    ],
)
def test_paths_commands_digests_and_words_are_not_secrets(value: str) -> None:
    assert secret_kind(value) is None


@pytest.mark.parametrize(
    ("value", "what"),
    [
        ("ghp_abcdefghijklmnopqrstuvwxyz0123456789", "a token"),
        ("github_pat_11ABCDEFG0123456789_abcdefghijkl", "a token"),
        ("sk-ant-api03-abcdefghijKLMNOP", "a token"),
        ("xoxp-123456789012-abcdefghij", "a token"),
        ("glpat-abcdefghij1234567890", "a token"),
        ("Bearer abcdef123456", "a token"),
        ("AKIAIOSFODNN7EXAMPLE", "an access key"),
        ("-----BEGIN OPENSSH PRIVATE KEY-----", "a private key"),
        ("redis://:hunter2@cache:6379", "a password in a URL"),
        ("--dsn=mysql://root:pw@localhost/x", "a password in a URL"),
        ("2C0trKjDE8CD0syq_O_Q-6lp6sZqAjhoVbrjINP_b70", "what looks like a key (a long random string)"),
    ],
)
def test_tokens_keys_and_passwords_are_secrets(value: str, what: str) -> None:
    assert secret_kind(value) == what


@pytest.mark.parametrize(
    ("name", "secret"),
    [
        ("GITHUB_PAT", True),
        ("DB_PASS", True),
        ("DB_PW", True),
        ("PRIVATE_KEY", True),
        ("GOOGLE_CREDENTIALS", True),
        ("CLIENT_SECRET", True),
        ("PATH", False),
        ("PYTHONPATH", False),
        ("BYPASS_CACHE", False),
        ("PASSTHROUGH", False),
        ("COMPAT_MODE", False),
        ("PWD", False),
    ],
)
def test_secret_names(name: str, secret: bool) -> None:
    assert looks_secret(name) is secret


def test_unique_names() -> None:
    assert unique_name("a", []) == "a"
    assert unique_name("a", ["a", "a (2)"]) == "a (3)"
    assert unique_name("  ", []) == "server"


# ---------------------------------------------------------------------- export


def test_export_leaves_secrets_out_and_reads_back() -> None:
    stdio = ServerProfile(
        name="gh",
        command="npx",
        args=["-y", "srv"],
        env=[EnvVar("TOKEN", "t0p", True), EnvVar("MODE", "fast")],
        cwd="/srv",
    )
    out = export_entry(stdio)
    assert "t0p" not in out.text and out.left_out == ("TOKEN",)
    assert json.loads(out.text) == {
        "mcpServers": {"gh": {"command": "npx", "args": ["-y", "srv"], "env": {"MODE": "fast"}, "cwd": "/srv"}}
    }
    http = ServerProfile(
        name="remote",
        command="",
        transport="http-auto",
        url="https://h/mcp",
        headers=[EnvVar("Authorization", "Bearer x", True), EnvVar("X-A", "1")],
        verify_tls=False,
    )
    out = export_entry(http)
    assert json.loads(out.text) == {
        "mcpServers": {"remote": {"type": "streamable-http", "url": "https://h/mcp", "headers": {"X-A": "1"}}}
    }
    assert out.left_out == ("Authorization",) and out.notes
    back = parse_config(out.text, file="mcp.json")
    assert back.format == "mcp-inspector" and back.servers[0].profile.transport == "streamable-http"
    assert parse_config(export_entry(stdio).text, file="mcp.json").servers[0].profile.env[0].name == "MODE"


def test_export_writes_the_shape_each_client_reads() -> None:
    http = ServerProfile(
        name="remote",
        command="",
        transport="http-auto",
        url="https://h/mcp",
        headers=[EnvVar("Authorization", "Bearer x", True), EnvVar("X-A", "1")],
    )
    sse = ServerProfile(name="old", command="", transport="sse", url="https://h/sse")
    shapes = {
        client: json.loads(export_entry(http, client).text)
        for client in ("cursor", "windsurf", "mcp-inspector", "vscode")
    }
    assert shapes == {
        "cursor": {"mcpServers": {"remote": {"url": "https://h/mcp", "headers": {"X-A": "1"}}}},
        "windsurf": {"mcpServers": {"remote": {"serverUrl": "https://h/mcp", "headers": {"X-A": "1"}}}},
        "mcp-inspector": {
            "mcpServers": {"remote": {"type": "streamable-http", "url": "https://h/mcp", "headers": {"X-A": "1"}}}
        },
        "vscode": {"servers": {"remote": {"type": "http", "url": "https://h/mcp", "headers": {"X-A": "1"}}}},
    }
    assert json.loads(export_entry(sse, "vscode").text)["servers"]["old"]["type"] == "sse"
    # each reads back as that client's file, the same server
    for client, file, fmt in (
        ("windsurf", "mcp_config.json", "windsurf"),
        ("vscode", "mcp.json", "vscode"),
        ("cursor", "mcp.json", "mcp-servers"),
    ):
        back = parse_config(export_entry(http, client).text, file=file)
        assert back.format == fmt and back.servers[0].profile.url == "https://h/mcp" and not back.problems
    # Claude Desktop's file has no URL servers: nothing is written, and the note says so
    claude = export_entry(http, "claude-desktop")
    assert claude.text == "" and "only servers it starts" in claude.notes[0]
    stdio = ServerProfile(name="gh", command="npx", args=["-y", "srv"])
    assert json.loads(export_entry(stdio, "claude-desktop").text) == {
        "mcpServers": {"gh": {"command": "npx", "args": ["-y", "srv"]}}
    }
    assert json.loads(export_entry(stdio, "vscode").text) == {
        "servers": {"gh": {"type": "stdio", "command": "npx", "args": ["-y", "srv"]}}
    }
    with pytest.raises(ValueError):
        export_entry(stdio, "zed")


# ---------------------------------------------------------------------- where the files are


def test_default_locations_per_platform(tmp_path: Path) -> None:
    linux = {
        (loc.client, loc.scope): str(loc.path)
        for loc in default_locations(platform="linux", home=HOME, env={}, cwd=Path("/w"))
    }
    assert linux[("Claude Desktop", "user")] == "/home/ada/.config/Claude/claude_desktop_config.json"
    assert linux[("VS Code", "user")] == "/home/ada/.config/Code/User/mcp.json"
    assert linux[("VS Code", "workspace")] == "/w/.vscode/mcp.json"
    assert linux[("Cursor", "user")] == "/home/ada/.cursor/mcp.json"
    assert linux[("Windsurf", "user")] == "/home/ada/.codeium/windsurf/mcp_config.json"
    xdg = default_locations(platform="linux", home=HOME, env={"XDG_CONFIG_HOME": "/cfg"}, cwd=Path("/w"))
    assert str(xdg[0].path) == "/cfg/Claude/claude_desktop_config.json"
    mac = {
        (loc.client, loc.scope): str(loc.path)
        for loc in default_locations(platform="darwin", home=HOME, env={}, cwd=Path("/w"))
    }
    assert mac[("Claude Desktop", "user")] == "/home/ada/Library/Application Support/Claude/claude_desktop_config.json"
    assert mac[("VS Code", "user")] == "/home/ada/Library/Application Support/Code/User/mcp.json"
    win = {
        (loc.client, loc.scope): str(loc.path)
        for loc in default_locations(platform="win32", home=HOME, env={"APPDATA": "/appdata"}, cwd=Path("/w"))
    }
    assert win[("Claude Desktop", "user")] == "/appdata/Claude/claude_desktop_config.json"
    assert win[("VS Code", "user")] == "/appdata/Code/User/mcp.json"
    # only the files that exist are offered
    claude = tmp_path / ".config" / "Claude" / "claude_desktop_config.json"
    claude.parent.mkdir(parents=True)
    claude.write_text("{}")
    found = existing_locations(platform="linux", home=tmp_path, env={}, cwd=tmp_path / "nowhere")
    assert found == [ConfigLocation("Claude Desktop", "user", claude, "claude-desktop")]
    # VS Code's user profiles (any folder under User/profiles), Insiders' and VSCodium's too
    assert linux[("VS Code", "profile")] == "/home/ada/.config/Code/User/profiles/*/mcp.json"
    assert linux[("VSCodium", "profile")] == "/home/ada/.config/VSCodium/User/profiles/*/mcp.json"
    assert (
        mac[("VS Code Insiders", "profile")]
        == "/home/ada/Library/Application Support/Code - Insiders/User/profiles/*/mcp.json"
    )
    profiles = tmp_path / ".config" / "Code" / "User" / "profiles"
    for folder in ("-5f3a2c1", "7b9e0d4"):
        (profiles / folder).mkdir(parents=True)
        (profiles / folder / "mcp.json").write_text('{"servers": {}}')
    (profiles / "empty").mkdir()
    found = existing_locations(platform="linux", home=tmp_path, env={}, cwd=tmp_path / "nowhere")
    assert [(loc.client, loc.scope, loc.path) for loc in found[1:]] == [
        ("VS Code", "profile", profiles / "-5f3a2c1" / "mcp.json"),
        ("VS Code", "profile", profiles / "7b9e0d4" / "mcp.json"),
    ]


# ---------------------------------------------------------------------- what a dying server said


def test_stderr_digest_finds_the_error_not_the_closing_brace() -> None:
    traceback = [
        "starting weather server",
        "Traceback (most recent call last):",
        '  File "/srv/server.py", line 3, in <module>',
        "    open_db()",
        "    ^^^^^^^^^",
        "RuntimeError: cannot open database /nope.db",
        "{",
        '  "settings": "dumped on exit"',
        "}",
    ]
    assert stderr_digest(traceback) == ["RuntimeError: cannot open database /nope.db"]
    node = [
        "/srv/index.js:3",
        "throw new Error('boom');",
        "^",
        "",
        "Error: boom",
        "    at Object.<anonymous> (/srv/index.js:3:7)",
        "{",
        "  code: 'E'",
        "}",
        "",
        "Node.js v20",
    ]
    assert stderr_digest(node) == ["Error: boom"]
    assert stderr_digest(["loading", "listening", "}"]) == [
        "loading",
        "listening",
    ]  # nothing says error: the last lines with words
    assert stderr_digest([]) == []


def test_orjson_reads_what_the_importer_writes() -> None:
    """Exported text is plain JSON any client reads (no comments, UTF-8)."""
    out = export_entry(ServerProfile(name="名前", command="srv"))
    assert orjson.loads(out.text) == {"mcpServers": {"名前": {"command": "srv"}}}
    assert isinstance(ImportProblem("f", "$", "m"), ImportProblem)


def test_secrets_from_the_environment_in_arguments_and_urls_are_said_and_env_files_must_be_files(
    tmp_path: Path,
) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    config = tmp_path / "mcp.json"
    gh = {"type": "stdio", "command": "gh-mcp", "args": ["--token", "${env:GITHUB_TOKEN}"], "envFile": str(fifo)}
    remote = {"type": "http", "url": "https://x.example/mcp?key=${env:API_KEY}"}
    config.write_text(json.dumps({"servers": {"gh": gh, "remote": remote}}))
    result = read_config(config, surroundings=where(tmp_path, GITHUB_TOKEN="ghp_abc", API_KEY="k"))
    texts = [f"{p.path}: {p.message}" for p in result.problems]
    assert any(
        "args[1]" in t and "holds a secret from the environment: kept in secrets.json as the secret variable TOKEN" in t
        for t in texts
    )
    assert any(".url" in t and "secret" in t for t in texts)
    assert any(
        "envFile" in t and "a named pipe (FIFO), not a file" in t for t in texts
    )  # a FIFO is not read (it would block)


@pytest.mark.anyio
async def test_a_secret_argument_reaches_the_server_and_nothing_else() -> None:
    """The demo server started from a profile whose argument names a secret variable: the
    server gets the value (it speaks the language it names), the recording's header and the
    spawned event show the mask, and problems() names a reference to no variable."""
    from inspector.session import Session
    from inspector.session.profiles import demo_profile
    from inspector.transport.base import MASK

    p = demo_profile()
    p.args = [*p.args, "--lang", "${secret:DEMO_LANG}"]
    assert p.problems() == {"args": "No environment variable DEMO_LANG for ${secret:…} to take its value from."}
    p.env = [EnvVar("DEMO_LANG", "zh_CN", secret=True)]
    assert p.problems() == {}
    session = Session(p.to_options())
    async with session:
        await session.start()
        tools = (await session.request("tools/list", {})).result["tools"]
    assert any("\u4e00" <= ch <= "\u9fff" for t in tools for ch in t.get("description", ""))  # the server got zh_CN
    rec = session.recording
    spawned = next(rec[i].text for i in range(len(rec)) if rec[i].extra.get("event") == "spawned")
    assert spawned.endswith(f"--lang '{MASK}'") and "zh_CN" not in spawned  # shlex quotes the mask
    assert rec.header["argv"][-2:] == ["--lang", MASK] and "zh_CN" not in json.dumps(rec.header, ensure_ascii=False)


def test_env_files_are_read_as_python_dotenv_reads_them_and_a_bad_line_is_said(tmp_path: Path) -> None:
    """``envFile`` through python-dotenv: ``export``, quotes (a quoted value may span lines, and
    takes escapes), comments; a line that is no assignment, and a NUL, are said with the line."""
    (tmp_path / ".env").write_bytes(
        b'# comment\nexport A="x y" # note\nB=\'single\'\nMULTI="one\ntwo"\n'
        b"no assignment here\nC=c\x00d\nNAME_ONLY\nD=plain # c\n"
    )
    config = tmp_path / "mcp.json"
    config.write_text('{"servers": {"s": {"type": "stdio", "command": "srv", "envFile": ".env"}}}')
    result = read_config(config, surroundings=where(None))
    env = [(v.name, v.value, v.secret) for v in servers(result)["s"].profile.env]
    assert env == [("A", "x y", True), ("B", "single", True), ("MULTI", "one\ntwo", True), ("D", "plain", True)]
    assert [(p.path, p.code, dict(p.args).get("line")) for p in result.problems] == [
        ("$.servers.s.envFile", "env_file_line", "6"),
        ("$.servers.s.envFile", "env_file_nul", "7"),
        ("$.servers.s.envFile", "env_file_line", "8"),
    ]
    assert result.problems[0].message == ".env line 6: expected NAME=VALUE; skipped"


def test_registry_and_input_members_of_the_wrong_type_are_said_where_they_are_and_take_their_defaults() -> None:
    """server.json and VS Code inputs are read through pydantic models: a member of the wrong
    type is a located, translatable problem (code ``expected``, or the member's own words), its
    default is used, and the rest of the server is still imported."""
    doc = {
        "name": "io.example/x",
        "title": 7,
        "packages": [
            {
                "registryType": "npm",
                "identifier": "x",
                "version": ["1"],
                "environmentVariables": [
                    {"name": "REGION", "description": 5, "isRequired": "yes", "choices": "eu"},
                    "junk",
                ],
            }
        ],
        "remotes": {"not": "a list"},
    }
    result = parse_config(json.dumps(doc), file="server.json")
    assert [(p.path, p.code, p.message, p.skipped) for p in result.problems] == [
        ("$.title", "expected", "expected a string, found a number", False),
        ("$.remotes", "not_array", "expected an array, found an object", False),
        ("$.packages[0].version", "expected", "expected a string, found an array", False),
        ("$.packages[0].environmentVariables[0].description", "expected", "expected a string, found a number", False),
        ("$.packages[0].environmentVariables[0].isRequired", "expected", "expected a boolean, found a string", False),
        ("$.packages[0].environmentVariables[0].choices", "expected", "expected an array, found a string", False),
        ("$.packages[0].environmentVariables[1]", "not_an_object", "expected an object, found a string", False),
    ]
    (found,) = result.servers
    assert found.key == "x" and found.profile.args == ["-y", "x"] and [v.name for v in found.profile.env] == ["REGION"]
    region = result.inputs["x: REGION"]
    assert (region.label, region.required, region.choices) == ("REGION", False, ())
    package = {"registryType": "npm", "identifier": "y", "environmentVariables": 3}
    bad_list = parse_config(json.dumps({"name": "a/b", "packages": [package]}), file="server.json")
    assert [(p.path, p.message) for p in bad_list.problems] == [
        ("$.packages[0].environmentVariables", "expected an array of variables, found a number")
    ]
    inputs = [{"id": "k", "password": "yes", "description": ["x"]}]
    vscode = parse_config(json.dumps({"inputs": inputs, "servers": {}}), file="mcp.json")
    assert [(p.path, p.message) for p in vscode.problems] == [
        ("$.inputs[0].description", "expected a string, found an array"),
        ("$.inputs[0].password", "expected a boolean, found a string"),
    ]
    assert (vscode.inputs["k"].label, vscode.inputs["k"].password) == ("k", False)


def test_an_exported_entry_is_a_valid_client_document() -> None:
    """The exporter writes through the same models the formats are described by."""
    from inspector.session.documents import McpServersFile, VsCodeFile

    http = ServerProfile(name="r", command="", transport="sse", url="https://h/sse", headers=[EnvVar("X-A", "1")])
    stdio = ServerProfile(name="s", command="srv", args=["a"], env=[EnvVar("MODE", "x")], cwd="/w")
    for client in ("cursor", "windsurf", "mcp-inspector", "claude-desktop"):
        entry = McpServersFile.model_validate_json(export_entry(stdio, client).text).mcpServers["s"]
        assert (entry.command, entry.args, entry.env, entry.cwd) == ("srv", ["a"], {"MODE": "x"}, "/w")
    vscode = VsCodeFile.model_validate_json(export_entry(http, "vscode").text).servers["r"]
    assert (vscode.type, vscode.url, vscode.headers) == ("sse", "https://h/sse", {"X-A": "1"})
    windsurf = McpServersFile.model_validate_json(export_entry(http, "windsurf").text).mcpServers["r"]
    assert windsurf.serverUrl == "https://h/sse"
