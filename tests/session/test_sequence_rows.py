"""The sequence diagram's rows without Qt (session/sequence_rows.py): which request an entry hangs
from, the lifelines' places, an export's rows and width. The view that paints them is tested in
tests/ui/test_sequence.py."""

from __future__ import annotations

from recording_driver import Driver

from inspector.protocol.messages import Kind
from inspector.session.recording import Direction
from inspector.session.sequence_rows import (
    MAX_LABEL,
    export_span,
    export_title,
    group_of,
    lane_names,
    lane_positions,
    least_width,
    row_label,
)


def tr(context: str, text: str) -> str:
    """A translation that shows what was translated, and in which context."""
    return f"[{context}:{text}]"


def test_a_progress_notification_and_a_later_round_hang_from_their_request() -> None:
    d = Driver()
    d.handshake()
    call, _id = d.request("tools/call", {"name": "slow", "_meta": {"progressToken": "p1"}})
    progress = d.s2c(
        b'{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"p1","progress":1}}\n'
    )
    again = d.rec.append(
        d.rec.direction_at(call), 1.0, d.rec.raw_at(call), d.engine.note(d.rec.kind_at(call)), {"round_of": call}
    )
    later = d.rec.append(d.rec.direction_at(call), 1.1, d.rec.raw_at(call), d.engine.note(d.rec.kind_at(call)))
    assert group_of(d.rec, progress) == call
    assert group_of(d.rec, again) == call
    assert group_of(d.rec, call) is None and group_of(d.rec, later) is None  # a request of its own
    assert group_of(d.rec, len(d.rec)) is None and group_of(d.rec, -1) is None


def test_the_lifelines_share_the_width_and_keep_room_for_a_latency() -> None:
    x_client, x_server, x_side = lane_positions(0, 999, 120, 60)
    assert x_client == 120 + 16 + 14 and x_client < x_server < x_side <= 999 - 12
    assert x_side - x_server >= 60 + 16
    narrow = lane_positions(0, 299, 120, 60)
    assert narrow[0] == int(300 * 0.22) + 14  # the gutter gives way first
    assert narrow[1] >= narrow[0] + 60


def test_an_export_writes_every_row_that_fits_else_from_the_selected_one() -> None:
    assert export_span(50, 100, 7) == (0, 50, 50)
    assert export_span(500, 100, 120) == (120, 220, 500)
    assert export_span(500, 100, 450) == (400, 500, 500)  # the last file's worth
    assert export_span(500, 100, -1) == (0, 100, 500)  # nothing selected: from the first


def test_the_lifelines_names_and_an_exports_title() -> None:
    d = Driver()
    assert lane_names(d.rec, tr) == ("[SequenceView:Client]", "[SequenceView:Server]", "[SequenceView:Process]")
    assert lane_names(None, tr)[2] == "[SequenceView:Process]"  # no recording yet
    d.rec.header["transport"] = "streamable-http"
    assert lane_names(d.rec, tr)[2] == "[SequenceView:HTTP]"
    assert export_title(0, 1500, 2000, lambda _c, text: text) == "Sequence diagram: rows 1–1,500 of 2,000"
    assert export_title(0, 0, 0, lambda _c, text: text) == "Sequence diagram: rows 0–0 of 0"  # nothing to write


def test_the_least_width_that_fits() -> None:
    assert least_width(720, lambda w: w >= 10) == 720
    assert least_width(720, lambda w: w >= 2000) == 2000
    tried: list[int] = []
    assert least_width(100, lambda w: tried.append(w) or w >= 101) == 101
    assert len(tried) < 20


def test_a_row_says_what_its_arrow_or_note_is() -> None:
    d = Driver()
    s = d.handshake()
    call, _id = d.request("tools/call", {"name": "slow"})
    raw = d.engine.build_request(d.engine.next_id(), "tools/call", {"name": "slow"})
    again = d.rec.append(Direction.C2S, 1.0, raw, d.engine.outgoing(raw, 1.0, len(d.rec)), {"round_of": call})
    spawned = d.event("spawned", "pid 42 " + "x" * 200, pid=42)
    err = d.stderr(b"  warming up  \n")
    note = d.rec.append(Direction.NOTE, 1.2, b"POST failed\n", d.engine.note(Kind.LINK_NOTE), {"channel": "http"})
    stray = d.s2c(b'{"jsonrpc":"2.0","id":99,"result":{}}\n')
    assert row_label(d.rec, s["init"], tr) == "initialize #1"
    assert row_label(d.rec, s["init_result"], tr) == "initialize #1 ✓"
    assert row_label(d.rec, stray, tr).endswith(" ⚠")
    assert row_label(d.rec, again, tr) == f"↻ tools/call #3 [SequenceView:(round of entry {call})]"
    label = row_label(d.rec, spawned, tr)
    assert label.startswith("[Events:spawned]: pid 42") and len(label.split(": ", 1)[1]) == MAX_LABEL
    assert row_label(d.rec, err, tr) == "[Timeline:stderr]: warming up"
    assert row_label(d.rec, note, tr) == "HTTP: POST failed"


def test_each_row_s_shape_says_what_the_view_draws() -> None:
    from inspector.session.sequence_rows import row_of, row_shapes

    d = Driver()
    s = d.handshake()
    call, _id = d.request("tools/call", {"name": "slow", "_meta": {"progressToken": "p1"}})
    progress = d.s2c(
        b'{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"p1","progress":1}}\n'
    )
    answer = d.s2c(b'{"jsonrpc":"2.0","id":2,"result":{"content":[]}}\n')
    err = d.stderr(b"warming up\n")
    stray = d.s2c(b'{"jsonrpc":"2.0","id":99,"result":{}}\n')
    rows = list(range(len(d.rec)))

    def english(_context: str, text: str) -> str:
        return text

    shapes = {shape.seq: shape for shape in row_shapes(d.rec, rows, 0, len(rows) + 5, call, english)}
    assert sorted(shapes) == rows  # the end is clipped to the rows there are
    assert shapes[s["init"]].arrow and shapes[s["init"]].tone == "c2s" and shapes[s["init"]].band is None
    init_result = shapes[s["init_result"]]
    assert init_result.tone == "s2c" and init_result.latency and init_result.latency.endswith("ms")
    assert init_result.bracket_from == row_of(rows, s["init"]) and init_result.label == row_label(
        d.rec, s["init_result"], tr
    )
    assert shapes[call].band == "selected" and shapes[progress].band == "group"  # the selected request's group
    assert shapes[progress].rail_from == row_of(rows, call) and shapes[answer].band is None
    assert shapes[answer].bracket_from == row_of(rows, call) and shapes[call].bracket_from == -1
    assert not shapes[err].arrow and shapes[err].tone == "stderr" and shapes[err].latency is None
    assert shapes[stray].tone == "bad"  # broke a rule: red, whatever its direction
    # the progress notification selected: its request and the group are tinted with it
    again = {shape.seq: shape for shape in row_shapes(d.rec, rows, 0, len(rows), progress, english)}
    assert again[progress].band == "selected" and again[call].band == "group" and again[answer].band is None
    # an export (nothing selected), from the middle: a rail from a request above the first row
    tail = row_shapes(d.rec, rows, row_of(rows, progress), len(rows), None, english)
    assert tail[0].seq == progress and tail[0].rail_from == row_of(rows, call) and tail[0].band is None
    # a filter that hides the request: nothing to hang from, nothing to bracket
    shown = [seq for seq in rows if seq != call]
    hidden = {shape.seq: shape for shape in row_shapes(d.rec, shown, 0, len(shown), None, english)}
    assert hidden[progress].rail_from == -1 and hidden[answer].bracket_from == -1
    assert row_of(shown, call) == -1 and row_of(shown, answer) == shown.index(answer)


def test_one_file_holds_so_many_rows_and_is_as_wide_as_its_labels_need() -> None:
    from inspector.session.sequence_rows import HEADER_ROWS, export_rows, export_width

    assert export_rows(True, 20, 2.0, svg_rows=500, png_height=32000) == 500
    assert export_rows(False, 20, 2.0, svg_rows=500, png_height=32000) == (16000 - int(20 * HEADER_ROWS) - 20) // 20
    assert export_rows(False, 20, 0.5, svg_rows=500, png_height=32000) == (32000 - 32 - 20) // 20  # never above 1×
    assert export_rows(False, 50_000, 2.0, svg_rows=500, png_height=32000) == 1  # at least one row
    d = Driver()
    d.handshake()
    note = d.stderr(b"x" * 200 + b"\n")
    rows = list(range(len(d.rec)))

    def lanes(w: int) -> tuple[int, int, int]:
        return lane_positions(0, w - 1, 100, 50)

    def measure(text: str) -> int:
        return 7 * len(text)

    arrows_only = export_width(d.rec, rows, 0, note, 720, measure, lanes, tr)
    x_client, x_server, _ = lanes(arrows_only)
    widest = max(measure(row_label(d.rec, seq, tr)) for seq in rows[:note]) + 8
    assert x_server - x_client - 12 >= widest  # every message's label fits between the lifelines
    x_client, x_server, _ = lanes(arrows_only - 1)
    assert arrows_only == 720 or x_server - x_client - 12 < widest  # and no narrower width would do
    with_note = export_width(d.rec, rows, 0, len(rows), 720, measure, lanes, tr)
    label = measure(row_label(d.rec, note, tr)) + 8
    assert with_note > arrows_only and (with_note - 1) - lanes(with_note)[2] - 8 >= label
    assert export_width(d.rec, rows, 3, 3, 720, measure, lanes, tr) == 720  # no rows: the width asked
