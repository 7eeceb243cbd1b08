"""What the import dialog lists, as data (session/import_view.py), from real configuration files."""

from __future__ import annotations

import json
from pathlib import Path

from inspector.session.import_view import (
    import_rows,
    inputs_state,
    problem_mark,
    safe_file_stem,
)
from inspector.session.imports import Surroundings, parse_config, read_config

CONFIGS = Path(__file__).resolve().parent.parent / "fixtures" / "configs"
WORKSPACE = CONFIGS / "workspace"


def test_rows_of_a_vscode_workspace_file_and_what_its_inputs_lack() -> None:
    result = read_config(
        WORKSPACE / ".vscode" / "mcp.json",
        surroundings=Surroundings(home=Path("/home/ada"), env={}, workspace=WORKSPACE),
    )
    rows = {row.key: row for row in import_rows(result)}
    assert list(rows) == ["demo", "weather", "remote-tools", "legacy-sse"]
    assert [row.index for row in rows.values()] == [0, 1, 2, 3]
    remote = rows["remote-tools"]
    assert (remote.transport, remote.target, remote.secrets) == (
        "http-auto",
        "https://mcp.example.com/mcp",
        ("Authorization",),
    )
    assert "WEATHER_API_KEY" in rows["weather"].secrets and "WEATHER_UNITS" not in rows["weather"].secrets
    assert rows["legacy-sse"].transport == "sse" and not rows["demo"].notes
    servers = {s.key: s for s in result.servers}
    # the weather server uses the password input api-key (no default): a VS Code input left empty
    state = inputs_state(result, [servers["weather"]], {})
    assert state.used == {"api-key"} and state.missing == [] and [i.id for i in state.empty] == ["api-key"]
    assert inputs_state(result, [servers["weather"]], {"api-key": "k"}).empty == []
    # the demo's language has a default: nothing is lacking
    demo = inputs_state(result, [servers["demo"]], {})
    assert demo.used == {"demo-lang"} and demo.missing == demo.empty == []
    assert inputs_state(result, [], {}).used == frozenset()
    assert inputs_state(None, [], {}).missing == []


def test_a_secret_in_a_url_is_kept_secret_and_said() -> None:
    text = json.dumps(
        {
            "servers": {
                "q": {"url": "https://user:pw@x.example/mcp"},
                "r": {"type": "stdio"},  # neither command nor url: left out
            }
        }
    )
    result = parse_config(text, file="mcp.json")
    (row,) = import_rows(result)
    assert row.key == "q" and row.secrets == ("URL",)  # the URL goes to secrets.json, masked in servers.json
    assert [p.code for p in row.notes] == ["url_password"]
    marks = {p.server: problem_mark(p) for p in result.problems}
    assert marks["q"] == "•" and marks["r"] == "✗"


def test_safe_file_stem() -> None:
    assert safe_file_stem("my server/v2", "server") == "my-server-v2"
    assert safe_file_stem("..//", "server") == "server"


def test_the_export_intro_names_where_each_client_reads_the_entry():
    from inspector.session.import_view import EXPORT_CONTEXT, EXPORT_INTROS, export_intro
    from inspector.session.imports import EXPORT_CLIENTS

    asked: list[tuple[str, str]] = []

    def tr(context: str, text: str) -> str:
        asked.append((context, text))
        return text

    assert set(EXPORT_INTROS) == set(EXPORT_CLIENTS)  # one sentence per client the dialog offers
    assert '"servers" in mcp.json' in export_intro(tr, "vscode")
    assert "claude_desktop_config.json" in export_intro(tr, "claude-desktop")
    assert '"serverUrl"' in export_intro(tr, "windsurf")
    assert export_intro(tr, "a client added later") == EXPORT_INTROS["mcp-inspector"]
    assert {context for context, _text in asked} == {EXPORT_CONTEXT}


def test_a_rows_kept_secrets_and_what_the_typed_values_lack_in_words() -> None:
    from inspector.session.import_view import IMPORT_CONTEXT, inputs_problem
    from inspector.session.translate import untranslated

    contexts: list[str] = []

    def tr(context: str, text: str) -> str:
        contexts.append(context)
        return text

    result = read_config(
        WORKSPACE / ".vscode" / "mcp.json",
        surroundings=Surroundings(home=Path("/home/ada"), env={}, workspace=WORKSPACE),
    )
    rows = {r.key: r for r in import_rows(result)}
    assert rows["remote-tools"].secrets == ("Authorization",)
    servers = {s.key: s for s in result.servers}
    empty = inputs_state(result, [servers["weather"]], {})
    assert inputs_problem(tr, empty).startswith("Left empty, imported as empty values: ")
    assert contexts == [IMPORT_CONTEXT]
    assert inputs_problem(untranslated, inputs_state(result, [servers["weather"]], {"api-key": "k"})) == ""
