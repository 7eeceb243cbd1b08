"""The SSE decoder: every line ending, split anywhere, byte-exact data, bounded lines."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from inspector.protocol.sse import SseDecoder, SseEvent

STREAM = (
    b"\xef\xbb\xbf: a comment\r\n"
    b"event: message\r\n"
    b"id: 1\r\n"
    b'data: {"jsonrpc":"2.0","id":1,"result":{}}\r\n'
    b"\r\n"
    b"retry: 3000\n"
    b"data:first\n"
    b"data: second \xff\n"
    b"\n"
    b"id: bad\0id\r"
    b"event: custom\r"
    b"data\r"
    b"\r"
    b"data: never dispatched"
)
EXPECTED = [
    SseEvent(b'{"jsonrpc":"2.0","id":1,"result":{}}', "message", "1", None),
    SseEvent(b"first\nsecond \xff", "message", "1", 3000),
    SseEvent(b"", "custom", "1", None),
]


def test_fields_line_endings_comments_and_ids():
    d = SseDecoder()
    assert d.feed(STREAM) == EXPECTED
    assert d.retry == 3000 and d.last_id == "1" and d.comments == 1
    assert d.pending()  # the last event never got its blank line


@given(st.lists(st.integers(min_value=0, max_value=len(STREAM)), max_size=12))
def test_the_same_events_however_the_stream_is_split(cuts):
    d = SseDecoder()
    out = []
    points = sorted(set(cuts))
    for a, b in zip([0, *points], [*points, len(STREAM)], strict=True):
        out += d.feed(STREAM[a:b])
    assert out == EXPECTED


def test_an_endless_line_is_bounded_and_counted():
    d = SseDecoder(max_line=16)
    events = d.feed(b"data: " + b"x" * 100 + b"\n\n")
    assert events == [SseEvent(b"x" * 10, dropped=90)]


def test_a_reconnection_drops_the_half_read_event_and_resumes_from_the_last_complete_one():
    d = SseDecoder()
    assert d.feed(b'id: 4\ndata: {"a":0}\n\nid: 5\ndata: {"half') == [SseEvent(b'{"a":0}', "message", "4")]
    assert d.last_id == "4"  # event 5 never ended: resuming must ask for what follows 4
    d.reconnected()
    assert d.feed(b'id: 9\ndata: {"a":1}\n\n') == [SseEvent(b'{"a":1}', "message", "9")]
    assert d.last_id == "9"


def test_an_event_without_data_still_moves_the_last_id():
    d = SseDecoder()
    assert d.feed(b"id: p0\ndata:\n\n") == [SseEvent(b"", "message", "p0")]
    assert d.last_id == "p0"


def test_an_event_of_endless_data_lines_is_bounded_and_counted_as_a_whole():
    """Each line is short, but together they pass the limit: the event keeps its first
    ``max_line`` bytes of data (LFs between lines counted) and counts the rest."""
    d = SseDecoder(max_line=16)
    events = d.feed(b"data: abcde\n" * 10 + b"\n")
    assert events == [SseEvent(b"abcde\nabcde\nabcd", dropped=43)]
    assert len(events[0].data) + events[0].dropped == 10 * 5 + 9  # every byte kept or counted
    assert d.feed(b"data: next\n\n") == [SseEvent(b"next")]  # the next event starts afresh


def test_what_a_stream_sent_of_an_unfinished_event_can_be_taken_once():
    d = SseDecoder(max_line=16)
    assert d.feed(b"id: 1\ndata: one\ndata: t" + b"w" * 40) == []
    assert d.pending() and d.dropping == 31  # the line being read keeps 16 of its 47 bytes
    assert d.partial(b"cut: ") == (b"cut: one\ndata: twwwwwwwww", 31)  # that line as it came
    assert not d.pending() and d.dropping == 0
