"""The four places an entry is written as text - the probe's transcript, the handout, the
timeline's cells and the detail pane's header - write its latency, id and kind the same way: the
session layer's renderer (session/entry_text.py). A slow answer (over a second) and an HTTP side
line show it where the places used to differ."""

from __future__ import annotations

from recording_driver import Driver  # noqa: E402

from inspector.protocol.messages import Kind  # noqa: E402
from inspector.session.entry_text import format_duration, format_id, transcript_line  # noqa: E402
from inspector.session.handout import Handout  # noqa: E402
from inspector.session.labels import HTTP_NOTE  # noqa: E402
from inspector.session.recording import Direction  # noqa: E402
from inspector.ui.detail import DetailPane  # noqa: E402
from inspector.ui.timeline import Column, TimelineModel  # noqa: E402


def detail_pane(qtbot) -> DetailPane:
    pane = DetailPane()
    qtbot.addWidget(pane)
    return pane


def heads(handout: Handout) -> list[str]:
    return [line[4:].replace("\\", "") for line in handout.markdown().split("\n") if line.startswith("### ")]


def test_a_slow_answer_reads_the_same_in_all_four(qtbot):
    pane = detail_pane(qtbot)
    d = Driver(tick=1.2345)  # each entry 1.2345 s after the one before: the answer comes after a second
    d.handshake()
    request, id_ = d.request("tools/list")
    answer = d.s2c(b'{"jsonrpc":"2.0","id":%d,"result":{"tools":[]}}\n' % id_)
    rec = d.rec
    latency = format_duration(rec.latency_at(answer))
    assert latency == "1.234 s" or latency == "1.235 s"  # seconds, not "1234.5 ms"

    model = TimelineModel(rec)
    row = model.row_of(answer)
    assert model.data(model.index(row, Column.LATENCY)) == latency
    assert model.data(model.index(row, Column.ID)) == format_id(id_)

    pane.set_entry(rec, answer)
    assert f"latency {latency}" in pane.meta_label.text() and f"id {format_id(id_)}" in pane.meta_label.text()

    line = transcript_line(rec, answer).split("\n")[0]
    assert line.endswith(f"result tools/list #{id_}  {latency}")
    assert f"id {id_} · latency {latency}" in heads(Handout(rec))[answer]
    assert request == answer - 1


def test_an_http_side_line_is_an_http_note_in_all_four(qtbot):
    pane = detail_pane(qtbot)
    d = Driver()
    d.rec.header["transport"] = "streamable-http"
    seq = d.rec.append(  # as the session records an HTTP side line: direction NOTE, kind LINK_NOTE
        Direction.NOTE,
        0.5,
        b"POST http://127.0.0.1:1/mcp failed: refused\n",
        d.engine.note(Kind.LINK_NOTE),
        {"channel": "http"},
    )
    model = TimelineModel(d.rec)
    assert model.data(model.index(model.row_of(seq), Column.KIND)).endswith(HTTP_NOTE)
    pane.set_entry(d.rec, seq)
    assert pane.title_label.text() == f"#{seq}  {HTTP_NOTE}"  # it said "stderr" before the one renderer
    assert f"! {HTTP_NOTE}" in transcript_line(d.rec, seq)
    assert heads(Handout(d.rec))[seq].split(" · ")[3] == HTTP_NOTE
