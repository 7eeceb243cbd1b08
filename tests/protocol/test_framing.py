"""Framing keeps every byte: terminators, CRLF, partial lines, huge lines, invalid UTF-8."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from inspector.protocol.framing import DEFAULT_MAX_LINE, Frame, LineSplitter, display_text, frame_body
from inspector.protocol.messages import Kind, parse_line


def split_all(chunks: list[bytes]) -> tuple[list[bytes], bytes | None]:
    s = LineSplitter()
    lines: list[bytes] = []
    for c in chunks:
        lines.extend(s.feed(c))
    return lines, s.flush()


def test_lines_keep_their_terminators():
    lines, tail = split_all([b'{"a":1}\n{"b"', b":2}\r\n\n", b"partial"])
    assert lines == [b'{"a":1}\n', b'{"b":2}\r\n', b"\n"]
    assert tail == b"partial"


def test_crlf_body_and_partial_flag():
    assert frame_body(b"abc\r\n") == b"abc"
    assert frame_body(b"abc\n") == b"abc"
    assert frame_body(b"abc") == b"abc"
    assert Frame(b"x", 0.0).partial and not Frame(b"x\n", 0.0).partial


def test_line_split_across_many_chunks():
    data = b"0123456789" * 1000 + b"\n"
    chunks = [data[i : i + 7] for i in range(0, len(data), 7)]
    lines, tail = split_all(chunks)
    assert lines == [data] and tail is None


def test_64_mib_line():
    """A line of exactly the default limit (64 MiB, terminator included) stays whole."""
    head, tail = b'{"jsonrpc":"2.0","method":"x","params":{"d":"', b'"}}\n'
    line = head + b"a" * (DEFAULT_MAX_LINE - len(head) - len(tail)) + tail
    assert len(line) == 64 * 1024 * 1024
    chunks = [line[i : i + 65536] for i in range(0, len(line), 65536)]
    s = LineSplitter()
    out: list[bytes] = []
    for c in chunks:
        out.extend(s.feed(c))
        if not out:
            assert s.buffered > 0
    assert len(out) == 1 and out[0] == line
    assert s.flush() is None
    assert parse_line(out[0]).kind is Kind.NOTIFICATION


def test_invalid_utf8_is_kept_and_shown_with_replacement():
    raw = b"\xff\xfe bad \xc3\x28\n"
    lines, _ = split_all([raw])
    assert lines == [raw]
    assert "\ufffd" in display_text(raw)
    p = parse_line(raw)
    assert p.kind is Kind.NOISE and p.problem.startswith("invalid UTF-8")


def test_only_a_newline_ends_a_line():
    """A bare CR and the other bytes str.splitlines would end a line at stay inside it, on the
    fast path (a chunk without CR) and the other one (a chunk with one) alike."""
    lines, tail = split_all([b"a\rb\n\x85\x0b\x0c\x1c\x1d\x1e\n", b"c\r\r\nd\n\re", b"\r"])
    assert lines == [b"a\rb\n", b"\x85\x0b\x0c\x1c\x1d\x1e\n", b"c\r\r\n", b"d\n"]
    assert tail == b"\re\r"


@settings(max_examples=300, deadline=None)
@given(st.lists(st.binary(max_size=40).map(lambda b: b.replace(b"\x00", b"\n").replace(b"\x01", b"\r")), max_size=30))
def test_lines_are_what_splitting_on_newline_gives(chunks):
    """Whatever the chunking, the lines are exactly the stream cut after each b"\\n"."""
    stream = b"".join(chunks)
    lines, tail = split_all(chunks)
    expected = [part + b"\n" for part in stream.split(b"\n")]
    last = expected.pop()[:-1]
    assert lines == expected
    assert tail == (last or None)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.binary(max_size=300), max_size=30))
def test_random_streams_lose_no_byte_and_never_raise(chunks):
    lines, tail = split_all(chunks)
    rebuilt = b"".join(lines) + (tail or b"")
    assert rebuilt == b"".join(chunks)
    for line in lines:
        assert line.endswith(b"\n") and line.count(b"\n") == 1
        parse_line(line)  # never raises
    if tail is not None:
        assert b"\n" not in tail
        parse_line(tail)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.binary(max_size=80),
            st.sampled_from(
                [
                    b'{"jsonrpc":"2.0","id":0,"result":{}}',
                    b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":1}}',
                    b'[{"jsonrpc":"2.0","id":1,"method":"ping"}]',
                    b'{"id":null,"error":5}',
                    b"\xff\xfe",
                    b"",
                ]
            ),
        ),
        max_size=20,
    ),
    st.integers(min_value=1, max_value=64),
)
def test_message_streams_rechunked_parse_identically(pieces, size):
    stream = b"\n".join(pieces) + b"\n"
    whole, _ = split_all([stream])
    chunked, _ = split_all([stream[i : i + size] for i in range(0, len(stream), size)])
    assert whole == chunked
    assert [parse_line(x).kind for x in whole] == [parse_line(x).kind for x in chunked]


def test_line_past_the_limit_keeps_its_head_and_counts_the_rest():
    s = LineSplitter(10)
    assert s.feed(b"ok\n0123456789ABC") == [b"ok\n"] and s.truncated == []
    assert s.buffered == 10  # never more than the limit, however long the line gets
    assert s.feed(b"DEF" * 1000) == [] and s.buffered == 10
    out = s.feed(b"GH\nnext\n")
    assert out == [b"0123456789", b"next\n"]
    assert s.truncated == [(0, 3 + 3000 + 3)]  # ABC, DEF..., GH and the newline
    assert s.feed(b"x\n") == [b"x\n"] and s.truncated == []


def test_line_of_exactly_the_limit_is_whole_and_one_more_byte_is_cut():
    s = LineSplitter(4)
    assert s.feed(b"abc\nabcd\n") == [b"abc\n", b"abcd"]
    assert s.truncated == [(1, 1)]  # only the newline did not fit


def test_many_cut_lines_in_one_chunk_report_their_own_indexes():
    s = LineSplitter(3)
    out = s.feed(b"a\n123456\nb\n7890\n")
    assert out == [b"a\n", b"123", b"b\n", b"789"]
    assert s.truncated == [(1, 4), (3, 2)]


def test_endless_line_without_newline_is_bounded_and_flushed_cut():
    s = LineSplitter(1024)
    for _ in range(1000):
        assert s.feed(b"z" * 4096) == []
    assert s.buffered == 1024
    assert s.flush() == b"z" * 1024
    assert s.truncated == [(0, 4096 * 1000 - 1024)]
    assert s.flush() is None and s.truncated == []
