"""How the probe (and the handout made from its recording) words what an HTTP session did.

Real servers on 127.0.0.1: the official Python SDK's Streamable HTTP server, asked at a path it
does not serve (404 to server/discover and to initialize), and the misbehaving HTTP fixture
that gives out a session id that is not visible ASCII (the transport notes that it did not use
it). The transport's side lines are recorded as NOTE entries (format 3) with a ``channel``;
people read them as HTTP notes, never as a server's stderr: over HTTP there is no server
process and no stderr.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import orjson
from peers import HttpPeer, free_port, http_misbehave, sdk_http_server

from inspector import cli
from inspector.session.entry_text import transcript_line, transcript_lines
from inspector.session.handout import Handout
from inspector.session.recording import Recording

PROBE = [sys.executable, "-m", "inspector", "probe"]


def probe(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([*PROBE, *args], capture_output=True, text=True, timeout=90)


def side_rows(out: str) -> list[str]:
    """The transcript's head lines of side-channel entries (``!`` after the time)."""
    return [line for line in out.splitlines() if re.match(r"^\s*\d+\s+[\d.]+s ! ", line)]


def test_a_404_to_initialize_is_worded_once_and_the_bodies_are_http_notes(tmp_path: Path) -> None:
    record = tmp_path / "refused.jsonl"
    port = free_port()
    with HttpPeer(sdk_http_server(port), port, path="/nowhere") as peer:
        run = probe("--transport", "streamable-http", "--timeout", "10", "--record", str(record), "--url", peer.url)
    out = run.stdout + run.stderr
    assert run.returncode == cli.EXIT_PROTOCOL, out
    assert "HTTP HTTP" not in out, out
    assert "outcome           the server refused initialize with HTTP 404\n" in run.stdout, run.stdout
    assert "mcp-session-inspector: the server refused initialize with HTTP 404\n" in run.stderr, run.stderr
    # each 404's text/plain body (no JSON-RPC answer) is a side line of the HTTP transport
    rows = side_rows(run.stdout)
    assert len(rows) == 2 and all(row.endswith("! HTTP note") for row in rows), rows
    assert "! stderr" not in run.stdout
    assert re.search(r"^entries\s+\d+ \(2 client→server, 2 HTTP notes, \d+ events\)$", run.stdout, re.MULTILINE), (
        run.stdout
    )

    summary = orjson.loads(record.read_bytes().splitlines()[-1])
    assert summary["outcome"] == "the server refused initialize with HTTP 404"  # the recording says it once too

    handout = Handout(Recording.load(record))
    md = handout.markdown()
    heads = [line for line in md.splitlines() if line.startswith("### ") and "HTTP note" in line]
    assert len(heads) == 2 and all(" · HTTP · HTTP note" in head for head in heads), heads
    assert "stderr" not in md, md
    assert dict(handout.facts())["Entries"].count("HTTP note 2") == 1, handout.facts()


def test_a_note_of_the_transport_itself_is_an_http_note(tmp_path: Path) -> None:
    """Channel ``http``: what the transport noted (a session id it would not use), not a body."""
    record = tmp_path / "note.jsonl"
    port = free_port()
    with HttpPeer(http_misbehave(port, "bad-session-id"), port) as peer:
        run = probe(
            "--era", "legacy", "--timeout", "10", "--record", str(record), "--url", peer.url, "--request", "tools/list"
        )
    assert run.returncode == 0, run.stdout + run.stderr
    lines = run.stdout.splitlines()
    noted = [i for i, line in enumerate(lines) if "is not visible ASCII and was not used" in line]
    assert noted, run.stdout
    assert lines[noted[0] - 1].endswith("! HTTP note"), lines[noted[0] - 1]
    assert "! stderr" not in run.stdout and " stderr" not in run.stdout.split("── summary", 1)[1]
    rec = Recording.load(record)
    channels = {rec.extra_at(i).get("channel") for i in range(len(rec)) if rec.direction_at(i).label == "note"}
    assert "http" in channels, channels  # the entry this test is about is the transport's own note


def test_an_html_error_page_keeps_the_transcript_indented_and_says_what_its_counts_count(tmp_path: Path) -> None:
    """A plain web server (Python's http.server) answers every POST with its 501 HTML error
    page, several lines long: each of the page's lines stays indented under the note's head
    (none starts at the left margin as if it were an entry), and the two byte counts say what
    they count - the cut note (its words before the body included), the answer's body."""
    port = free_port()
    web = [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", str(tmp_path)]
    with HttpPeer(web, port) as peer:
        run = probe("--transport", "streamable-http", "--timeout", "10", "--url", peer.url)
    assert run.returncode == cli.EXIT_PROTOCOL, run.stdout + run.stderr
    transcript = run.stdout.split("── summary", 1)[0].rstrip("\n")
    for line in transcript.splitlines():  # an entry's head, or a line indented under it
        assert re.match(r"^\s*\d+\s+[\d.]+s ", line) or line.startswith("        "), line
    lines = transcript.splitlines()
    page = [i for i, line in enumerate(lines) if "answered 501 (text/html): <!DOCTYPE HTML>" in line]
    assert page, transcript
    head = page[0]
    assert lines[head - 1].endswith("! HTTP note")
    assert lines[head + 1] == '        <html lang="en">', lines[
        head : head + 4
    ]  # the page's second line, indented as the first
    body = next(line for line in lines[head:] if "(cut; " in line)
    note_bytes = int(
        re.search(r"\(cut; the note is ([\d,]+) bytes, the words before the body included\)", body)[1].replace(",", "")
    )
    came = next(line for line in lines[head:] if "bytes of the answer came in all" in line)
    body_bytes = int(re.search(r": ([\d,]+) bytes of the answer came in all", came)[1].replace(",", ""))
    prefix = f"POST {peer.url} answered 501 (text/html): "
    assert note_bytes == len(prefix) + body_bytes  # the two counts: the note, and the answer's body in it


def test_a_transcript_line_indents_every_kind_of_line_break() -> None:
    """CR LF, LF and a lone CR inside an entry's text each start an indented line (a lone CR
    would otherwise send the terminal's cursor back over the entry's own text)."""
    from inspector.protocol.engine import ProtocolEngine
    from inspector.session import Direction

    rec = Recording()
    raw = b"first\r\nsecond\nthird\rfourth\n"
    rec.append(Direction.S2C, rec.t0 + 1.0, raw, ProtocolEngine().incoming(raw, 1.0, 0))
    text = transcript_line(rec, 0).split("\n", 1)[1]
    assert text.split("\n")[:5] == [
        "        first",
        "        second",
        "        third",
        "        fourth",
        "        !! stdio.not-json: The server wrote a line to stdout that is not JSON; stdout is for MCP "
        "messages only.",
    ], text
    assert transcript_lines(rec, 0, 1) == transcript_line(rec, 0) + "\n"  # the short path agrees
