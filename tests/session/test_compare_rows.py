"""The compare view's rows (inspector.session.compare_rows), from two releases of a real server
recorded through real pipes (tests/fixtures/servers/sdk_surface.py), and the doctor's words for
a front-end (doctor_words.check_words), in English and through a caller's tr."""

from __future__ import annotations

from pathlib import Path

import anyio
import pytest
from surface_sessions import record, surface_server

from inspector.session.compare_rows import CONTEXT, WORDS, alignment_rows, load_side, surface_rows
from inspector.session.doctor_words import CONTEXT as DOCTOR_CONTEXT
from inspector.session.doctor_words import MARKS, VERDICT_WORDS, check_words
from inspector.session.recording_align import align
from inspector.session.surface_diff import DIFF_CONTEXT, diff_surfaces


@pytest.fixture(scope="module")
def releases(tmp_path_factory) -> tuple[Path, Path]:
    d = tmp_path_factory.mktemp("releases")

    async def both() -> tuple[Path, Path]:
        a = await record(surface_server(1), d / "a.jsonl")
        b = await record(surface_server(2), d / "b.jsonl")
        return a, b

    return anyio.run(both)


def flat(rows, depth=0):
    for r in rows:
        yield depth, r
        yield from flat(r.children, depth + 1)


def test_the_tree_has_a_row_per_kind_then_items_then_paths_with_both_values(releases):
    (sa, ra), (sb, rb) = (load_side(p) for p in releases)
    assert ra is not None and rb is not None  # recordings: their messages come too
    rows = surface_rows(diff_surfaces(sa, sb))
    assert [r.text for r in rows] == ["the server (2)", "tools (5)", "prompts (2)", "resources (3)"]
    assert all(r.status == "kind" and r.breaking for r in rows)
    tools = {r.text.split(":")[0]: r for r in rows[1].children}
    assert tools["legacy_echo"].status == "removed" and tools["legacy_echo"].breaking
    assert tools["legacy_echo"].text == "legacy_echo: removed [breaking]" and not tools["legacy_echo"].children
    assert tools["summarize"].status == "added" and not tools["summarize"].breaking
    add = tools["add"]
    assert add.breaking and add.text == "add: changed [breaking]"
    reasons = [c.text for c in add.children if c.status == "finding" and c.breaking]
    assert reasons == [
        "the input property c became required",
        "the type of /inputSchema/properties/a was narrowed from number to integer",
    ]
    assert add.children[0].breaking and add.children[2].status == "path"  # the reasons first
    paths = {c.text: (c.old, c.new) for c in add.children if c.status == "path"}
    assert paths["/inputSchema/properties/a/type"] == ('"number"', '"integer"')
    assert paths["/inputSchema/properties/c"] == ("(absent)", '{"type":"number"}')
    search = tools["search"]  # a non-breaking finding is a row of its own below the paths
    assert [c.text for c in search.children if c.status == "finding" and not c.breaking] == [
        "the x-mcp-header of /inputSchema/properties/region changed from Region to Zone"
    ]
    resources = {r.text.split(": ")[0]: r for r in rows[3].children}
    assert not resources["demo://a"].breaking and resources["demo://a"].children[0].old == '"text/plain"'


def test_the_same_surface_has_no_rows_and_the_words_go_through_tr(releases):
    sa, _ = load_side(releases[0])
    assert surface_rows(diff_surfaces(sa, sa)) == []
    seen: list[tuple[str, str]] = []

    def tr(context: str, text: str) -> str:
        seen.append((context, text))
        return f"<{text}>"

    rows = surface_rows(diff_surfaces(sa, load_side(releases[1])[0]), tr)
    assert rows[0].text == f"<{WORDS['server']}> (2)"
    assert (CONTEXT, WORDS["server"]) in seen and (DIFF_CONTEXT, "tools") in seen
    assert (DIFF_CONTEXT, "the input property {property} became required") in seen


def test_the_alignment_rows_start_where_the_runs_part(releases):
    _, ra = load_side(releases[0])
    _, rb = load_side(releases[1])
    assert ra is not None and rb is not None
    rows = alignment_rows(align(ra, rb))
    first = rows[0]
    assert first.text == "1: changed" and first.old.startswith("#") and "initialize" in first.new
    assert {c.text for c in first.children} >= {"/result/serverInfo/version", "/result/capabilities/logging"}
    assert any(r.status == "same" for r in rows)  # after the parting, what agrees is listed too
    assert alignment_rows(align(ra, ra)) == []  # the same run never parts


def test_a_surface_file_has_no_recording(tmp_path, releases):
    sa, _ = load_side(releases[0])
    path = tmp_path / "a.surface.json"
    path.write_bytes(sa.dumps())
    surface, rec = load_side(path)
    assert rec is None and surface_rows(diff_surfaces(surface, sa)) == []


def test_check_words_mark_title_seen_and_advice():
    mark, title, seen, todo = check_words(
        "command", "fail", "not-on-path", {"program": "nope", "count": "2", "where": "/bin"}
    )
    assert mark == MARKS["fail"] == "✗" and title == "The command is found"
    assert "nope" in seen and todo.startswith("What to do: Install nope") and todo.endswith("shows where it is.")
    mark, _title, seen, todo = check_words("command", "skipped", "not-run", {})
    assert (mark, seen, todo) == ("–", "", "")

    def tr(context: str, text: str) -> str:
        assert context == DOCTOR_CONTEXT
        return f"«{text}»"

    _mark, title, _seen, todo = check_words("command", "fail", "not-on-path", {"program": "nope"}, tr)
    assert title == "«The command is found»" and todo.startswith("«What to do: «Install nope")
    assert VERDICT_WORDS["todo"] == "What to do: {advice}"


def test_a_picked_host_log_is_read_as_file_open_reads_it(releases, tmp_path):
    """A Claude Desktop log of a real session compares as its recording does (the window's
    Compare sessions… reads what File → Open reads); a log with two sessions is refused with
    the way to pick one; a FIFO is never opened to peek at it."""
    import os

    from test_cli_diff import claude_log

    from inspector.session.recording import RecordingError
    from inspector.session.surface import SurfaceError

    log = tmp_path / "mcp-server-surface.log"
    log.write_text(claude_log(releases[1]))
    (s_log, r_log), (s_rec, _r) = load_side(log), load_side(releases[1])
    assert r_log is not None and s_log.source == "mcp-server-surface.log"
    assert diff_surfaces(s_rec, s_log).same
    assert diff_surfaces(load_side(releases[0])[0], s_log).counts()["breaking"] == 8
    two = tmp_path / "mcp-server-twice.log"
    two.write_text(claude_log(releases[1], sessions=2))
    with pytest.raises(SurfaceError, match="holds 2 sessions.*convert"):
        load_side(two)
    fifo = tmp_path / "pipe.jsonl"
    os.mkfifo(fifo)
    with pytest.raises((SurfaceError, RecordingError)):
        load_side(fifo)  # refused, not waited on


def test_server_text_in_rows_is_escaped():
    """Keys, findings, paths and values from a server reach the tree with their controls and
    bidi overrides written \\uXXXX (the tree's text is plain, but U+202E still reverses it)."""
    from inspector.session.surface import Listing, Surface

    def surface(tools):
        return Surface(capabilities={}, lists={"tools": Listing(tools, 1)})

    a = surface([{"name": "t\u202e", "inputSchema": {"properties": {"p\x1b": {}}}, "title": "x"}])
    b = surface([{"name": "t\u202e", "inputSchema": {"properties": {}}, "title": "y\u202e"}])
    texts = [t for _d, r in flat(surface_rows(diff_surfaces(a, b))) for t in (r.text, r.old, r.new)]
    assert not any(ch in t for t in texts for ch in "\x1b\u202e")
    assert "t\\u202e: changed [breaking]" in texts
    assert '"y\\u202e"' in texts and "the input property p\\u001b was removed" in texts
