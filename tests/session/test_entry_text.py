"""The one entry-to-text renderer (session/entry_text.py): its formatters, the heading it reads
from the recording's columns, and the probe's transcript and the handouts writing an entry with
it - on a whole demo session recorded through real pipes and opened from its file."""

from __future__ import annotations

from pathlib import Path

import pytest
from demo_recording import record_demo_session

from inspector.protocol.engine import ProtocolEngine
from inspector.protocol.messages import Kind
from inspector.session import Direction, Recording
from inspector.session.entry_text import (
    entry_head,
    format_duration,
    format_id,
    format_size,
    one_line,
    size_text,
    transcript_line,
)
from inspector.session.handout import Handout
from inspector.session.labels import HTTP_NOTE


def test_one_duration_one_size_one_id():
    assert [format_duration(s) for s in (0.0, 0.00042, 0.00999, 0.0123, 0.9994, 1.0, 2.3454)] == [
        "0.00 ms", "0.42 ms", "9.99 ms", "12.3 ms", "999.4 ms", "1.000 s", "2.345 s",
    ]  # fmt: skip
    assert [format_size(n) for n in (0, 1023, 1536, 12 * 1024 * 1024, 2_254_857_830)] == [
        "0 B",
        "1023 B",
        "1.5 KiB",
        "12.0 MiB",
        "2.1 GiB",
    ]
    # size_text: the one wording over format_size, in each way the views use it
    sizes = (0, 1023, 1536, 99_999, 100_000, 12 * 1024 * 1024)
    assert [size_text(n) for n in sizes] == ["0 B", "1023 B", "1.5 KiB", "97.7 KiB", "97.7 KiB", "12.0 MiB"]
    assert [size_text(n, with_exact=True) for n in sizes] == [  # a content block's payload
        "0 B", "1023 B", "1.5 KiB (1,536 B)", "97.7 KiB (99,999 B)", "97.7 KiB (100,000 B)", "12.0 MiB (12,582,912 B)",
    ]  # fmt: skip
    timeline = [size_text(n, exact_below=100_000, exact="{n}", number="{:,}".format) for n in sizes]
    assert timeline == ["0", "1,023", "1,536", "99,999", "97.7 KiB", "12.0 MiB"]  # the Size column
    assert size_text(512, exact="{n} 字节") == "512 字节" and size_text(2048, exact="{n} 字节") == "2.0 KiB"
    assert size_text(100_000, exact_below=None, exact="{n} bytes", number=lambda n: f"{n:_}") == "100_000 bytes"
    assert [format_id(v) for v in (None, 7, "a", 1.5, [1])] == ["", "7", '"a"', "1.5", "[1]"]
    long = "x" * 200
    assert format_id(long) == '"' + "x" * 78 + "…" and len(format_id(long)) == 80
    assert format_id(long, None) == f'"{long}"'


def test_one_line_keeps_a_row_on_one_line() -> None:
    """The one clipper of a cell's text: the timeline's side lines (bytes) and the log panel's
    cells (text, each line break marked)."""
    assert one_line(b"  a\nb\r\nc  ") == "a b c"  # CR LF is one break
    assert one_line("é".encode() * 300, 10) == "é" * 9 + "…"
    assert one_line(b"\xff ok") == "\ufffd ok"
    assert one_line("boot\r\nstep 1\n\tdone\n", 40, mark=" ⏎ ") == "boot ⏎ step 1 ⏎  done"
    assert one_line("x" * 50 + "\ny", 40, mark=" ⏎ ") == "x" * 39 + "…"
    assert one_line("level", 5) == "level" and one_line("levels", 5) == "leve…"


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Recording:
    import anyio

    path: Path = tmp_path_factory.mktemp("demo") / "demo.jsonl"
    return Recording.load(anyio.run(lambda: record_demo_session(path)))


def test_the_heading_says_what_the_entry_says(demo: Recording):
    for i in range(len(demo)):
        e, head = demo[i], entry_head(demo, i)
        assert (head.seq, head.t, head.direction, head.kind, head.method, head.id) == (
            e.seq,
            e.t,
            e.direction,
            e.kind,
            e.method,
            e.id,
        )
        assert (head.size, head.latency, head.state, head.schema_ok) == (len(e.raw), e.latency, e.state, e.schema_ok)
        assert head.event == (e.extra.get("event") if e.direction is Direction.EVENT else None)
        assert (
            head.hand_written is bool(e.extra.get("hand_written")) and head.side is False
        )  # stdio: no HTTP side lines
    events = {entry_head(demo, i).label() for i in range(len(demo)) if demo.direction_at(i) is Direction.EVENT}
    assert ("Events", "spawned") in events and ("Events", "exited") in events


def test_the_transcript_and_the_handout_write_a_latency_and_an_id_one_way(demo: Recording):
    heads = handout_heads(Handout(demo))
    answered = [i for i in range(len(demo)) if demo.latency_at(i) is not None]
    assert len(answered) >= 10  # every request of the demo session was answered
    for i in answered:
        written = format_duration(demo.latency_at(i))
        assert f"  {written}" in transcript_line(demo, i).split("\n")[0]
        assert f"latency {written}" in heads[i]
    for i in (i for i in range(len(demo)) if demo.id_at(i) is not None):
        assert f"#{format_id(demo.id_at(i), None)}" in transcript_line(demo, i).split("\n")[0]
        assert f"id {format_id(demo.id_at(i), None)}" in heads[i]


def handout_heads(handout: Handout) -> list[str]:
    """The heading of each entry in the Markdown handout (its "### " line, unescaped)."""
    return [line[4:].replace("\\", "") for line in handout.markdown().split("\n") if line.startswith("### ")]


def test_an_http_side_line_is_an_http_note_in_the_transcript_and_the_handout():
    rec = Recording({"transport": "streamable-http"}, t0=0.0)
    engine = ProtocolEngine()
    seq = rec.append(
        Direction.NOTE,
        0.5,
        b"POST http://127.0.0.1:1/mcp failed: refused\n",
        engine.note(Kind.LINK_NOTE),
        {"channel": "http"},
    )
    head = entry_head(rec, seq)
    assert head.side and head.kind is Kind.LINK_NOTE and head.label() == ("Timeline", HTTP_NOTE)
    assert transcript_line(rec, seq).split("\n")[0].endswith(f"! {HTTP_NOTE}")
    assert handout_heads(Handout(rec))[seq].split(" · ")[2:4] == ["HTTP", HTTP_NOTE]


def test_a_handout_of_a_recording_without_its_summary_names_the_version_it_settled(demo: Recording):
    """A killed session's file has no summary: the handout's version is the one the recording's
    start exchange settled (session/version_in_force.py), not "–"."""
    assert Handout(demo).facts()[4] == ("Protocol version", demo.summary["protocol_version"])
    ended, demo.summary = demo.summary, None
    try:
        assert Handout(demo).facts()[4] == ("Protocol version", ended["protocol_version"])
    finally:
        demo.summary = ended
