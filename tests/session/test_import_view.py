"""What the import dialog lists, as data (session/import_view.py), from real configuration files."""

from __future__ import annotations

import json
from pathlib import Path

from inspector.session.client_export import export_entry
from inspector.session.config_files import ConfigLocation
from inspector.session.import_view import (
    export_notes,
    first_client,
    format_label,
    import_rows,
    import_words,
    input_label,
    inputs_state,
    place_text,
    problem_lines,
    problem_mark,
    read_summary,
    row_notes,
    safe_file_stem,
    transport_word,
)
from inspector.session.imports import ImportInput, Surroundings, parse_config, read_config
from inspector.session.profiles import EnvVar, Problem, ServerProfile

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


def _marked(context: str, text: str) -> str:
    """A translator that shows which context each text was looked up in."""
    return f"<{context}|{text}>"


def test_what_the_dialog_says_of_a_file_read_is_worded_in_its_contexts() -> None:
    text = json.dumps(
        {"servers": {"q": {"url": "https://user:pw@x.example/mcp"}, "r": {"type": "stdio"}, "s": {"command": "node"}}}
    )
    result = parse_config(text, file="mcp.json")
    assert read_summary(result, _marked) == "<ImportDialog|{file}: {format}, {n} server(s)>".format(
        file="mcp.json", format="VS Code", n=2
    )  # a client's name is not translated
    assert (
        read_summary(parse_config("{}", file="x.json"), _marked) == "<ImportDialog|x.json: no server could be imported>"
    )
    assert format_label(parse_config("{}", file="x.json"), _marked) == "<ImportDialog|unknown format>"
    lines = problem_lines(result, _marked)
    assert lines[0].startswith("• mcp.json: $.servers.q.url: <Imports|the URL holds <Imports|a password>")
    # the server left out is marked and said to be left out, in the dialog's own words
    assert lines[1] == '✗ mcp.json: $.servers.r: <Imports|no "command": nothing to start><ImportDialog| (left out)>'
    assert len(lines) == 2
    q = import_rows(result)[0]
    assert row_notes(q, _marked) == lines[0].removeprefix("• mcp.json: ")
    assert row_notes(import_rows(result)[1], _marked) == ""  # nothing about s


def test_a_field_problem_in_an_import_is_worded_as_the_server_editor_words_it() -> None:
    words = import_words(_marked)
    assert words("Imports", Problem("url-missing")) == "<ProfileEditor|The server's URL is missing.>"
    assert words("Imports", "plain") == "<Imports|plain>"


def test_places_formats_and_inputs_as_labelled() -> None:
    user = ConfigLocation("Cursor", "user", Path("/home/ada/.cursor/mcp.json"), None)
    assert place_text(user, _marked) == "Cursor (<ImportDialog|user>) — /home/ada/.cursor/mcp.json"
    odd = ConfigLocation("Other", "team", Path("/x.json"), None)
    assert place_text(odd, _marked, ": ") == "Other (team): /x.json"  # a scope with no words: as it is
    assert input_label(ImportInput("api-key", "Weather API key")) == "Weather API key"  # a file-wide VS Code input
    token = ImportInput("t", "TOKEN: the API token", required=True, server="Weather (pypi)")
    assert input_label(token) == "Weather (pypi) · TOKEN: the API token *"


def test_what_the_export_dialog_says_under_an_entry() -> None:
    secret = ServerProfile(
        name="s",
        command="node",
        env=[EnvVar("API_KEY", "k", secret=True)],
        headers=[],
    )
    entry = export_entry(secret, "claude-desktop")
    notes = export_notes(entry, _marked).splitlines()
    assert notes[0] == (
        "<ExportDialog|Left out because they are secret: {names}. Add their values by hand where you paste this.>"
    ).format(names="API_KEY")
    assert export_notes(export_entry(ServerProfile(name="p", command="node"), "claude-desktop"), _marked) == ""
    # a setting the client's file has no place for is said in the importer's words, after the secrets
    secret.inherit_env = False
    said = export_notes(export_entry(secret, "claude-desktop"), _marked).splitlines()
    assert len(said) == 2 and said[0] == notes[0] and said[1].startswith("<Imports|")


def test_a_rows_transport_is_its_registered_short_word_or_as_the_file_gave_it() -> None:
    assert transport_word("http-auto", _marked) == "<Transports|HTTP, auto>"
    assert transport_word("sse", _marked) == "<Transports|HTTP+SSE>"
    assert transport_word("carrier-pigeon", _marked) == "carrier-pigeon"  # no transport of that name


def test_the_client_the_export_offers_first() -> None:
    assert first_client(ServerProfile(name="s", command="node")) == "claude-desktop"
    url = ServerProfile(name="u", command="")
    url.reach_at("streamable-http", "https://x.example/mcp")
    assert first_client(url) == "cursor"  # Claude Desktop's file has no place for a URL server
